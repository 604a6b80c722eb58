//! The command line (DESIGN.md §3): parsing with clap, and the read-only
//! views of the store (`games`, `show`, `export`) as text, JSON and PGN.

use crate::config::Config;
use crate::referee::game::Game;
use crate::referee::state::State;
use crate::referee::tournament::{Lang, League, Tournament};
use crate::render;
use crate::t;
use chrono::NaiveDate;
use clap::{Parser, Subcommand};
use serde_json::json;
use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode};
use std::fmt::Write;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "mailarbiter",
    version,
    about = "Referees correspondence chess games played by e-mail"
)]
pub struct Cli {
    /// The config file [default: $MAILARBITER_CONFIG, else config/mailarbiter.toml]
    #[arg(long, global = true)]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
    /// The folder that `$CREDENTIALS_DIRECTORY/` in password_file stands for outside the unit [default: $MAILARBITER_CREDENTIALS, else $CREDENTIALS_DIRECTORY, else /run/credentials/mailarbiter.service]
    #[arg(long, global = true, value_name = "DIR")]
    pub credentials: Option<PathBuf>,
}

/// A `--lang` value: the code of a language the arbiter has.
fn lang_arg(code: &str) -> Result<Lang, String> {
    Lang::from_code(code).ok_or_else(|| {
        let known: Vec<&str> = Lang::all().map(Lang::code).collect();
        format!("no language \"{code}\" ({})", known.join(", "))
    })
}

/// What `rules` shows.
#[derive(Debug, Subcommand)]
pub enum RulesAction {
    /// One preset in full, in the form a director writes it, each value
    /// with the article it comes from
    Show {
        /// The preset's id or another name of it (`email`, `postal`)
        id: String,
    },
}

/// What `oauth2` does.
#[derive(Debug, Subcommand)]
pub enum OAuth2Action {
    /// Sign the inbox's or the outbox's account in (RFC 8628 device grant):
    /// prints an address and a code to enter there, waits for the sign-in,
    /// and writes oauth2_refresh_token_file
    Login {
        /// The sign-in: the inbox's or the outbox's
        side: Side,
    },
}

/// The inbox or the outbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    Inbox,
    Outbox,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Inbox => "inbox",
            Side::Outbox => "outbox",
        }
    }
}

/// What `xfcc` does.
#[derive(Debug, Subcommand)]
pub enum XfccAction {
    /// A new password for the player at ADDRESS, printed on standard
    /// output (the old one stops working); he may also mail XFCC for one
    Reset {
        /// The player's registered address (his Xfcc user name)
        address: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// The daemon: read the inbox, referee, send; stop with Ctrl-C or SIGTERM
    Run {
        /// Process every waiting mail, run the timers, send the outbox, exit
        #[arg(long)]
        once: bool,
        /// The day the timers run as of (YYYY-MM-DD) [default: today]
        #[arg(long, requires = "once")]
        today: Option<NaiveDate>,
    },
    /// Validate the config: list every problem with its line and column; exit 2 on error
    Check {
        /// Also log in to the mailbox and the SMTP server and write a file in
        /// the store and outbox folders; exit 1 if any of that fails
        #[arg(long)]
        connect: bool,
    },
    /// A table of the games: moves, side to move, clocks, status
    Games {
        /// Only the games of this tournament (its id)
        #[arg(long)]
        tournament: Option<String>,
        /// The day the clocks are read on [default: today]
        #[arg(long)]
        today: Option<NaiveDate>,
    },
    /// One game: the standard form with a board (or --json, --pgn, --schedule)
    Show {
        /// The game id, e.g. RUS-EM-2026/1 (any case)
        game: String,
        /// The game as JSON (moves, clocks, penalties, FEN, PGN)
        #[arg(long, conflicts_with_all = ["pgn", "schedule"])]
        json: bool,
        /// The game as PGN
        #[arg(long, conflicts_with = "schedule")]
        pgn: bool,
        /// The game's schedule: each move's dates and the days it took
        #[arg(long)]
        schedule: bool,
        /// The language of the form and the schedule
        #[arg(long, value_parser = lang_arg, default_value = "en")]
        lang: Lang,
    },
    /// PGN of all games (PGN is the only format: --pgn may be left out)
    Export {
        /// PGN (the default)
        #[arg(long)]
        pgn: bool,
        /// Only the games of this tournament (its id)
        #[arg(long)]
        tournament: Option<String>,
        /// Instead of PGN, every mail in and out of this game, as mbox
        /// (mboxrd), kept since the mails came and went (III.1.4)
        #[arg(long, value_name = "GAME", conflicts_with_all = ["pgn", "tournament"])]
        mbox: Option<String>,
        /// With --mbox: write it to this file, not to standard output
        #[arg(long, requires = "mbox")]
        output: Option<std::path::PathBuf>,
    },
    /// The standings: the crosstable (points, games played, the tie-break)
    /// and every game's clock, per tournament
    Standings {
        /// Only this tournament (its id)
        #[arg(long)]
        tournament: Option<String>,
        /// The standings as JSON (the fields are in docs/directors.md)
        #[arg(long)]
        json: bool,
        /// The day the clocks are read on [default: today]
        #[arg(long)]
        today: Option<NaiveDate>,
        /// The language of the table
        #[arg(long, value_parser = lang_arg, default_value = "en")]
        lang: Lang,
    },
    /// Write the web pages once: the tournaments, each crosstable, each
    /// game's page and PGN (the daemon keeps them up to date in web_dir)
    Web {
        /// The folder to write (by default the gateway section's web_dir)
        #[arg(long, value_name = "DIR")]
        output: Option<PathBuf>,
        /// The day the clocks are read on [default: today]
        #[arg(long)]
        today: Option<NaiveDate>,
    },
    /// Play a sample game on the embedded default in var/demo/ and say where the mails are
    Demo {
        /// The folder of the demo tournament
        #[arg(long, default_value = "var/demo")]
        dir: PathBuf,
    },
    /// Print the shell completion script (bash, zsh, fish, elvish, powershell)
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `mailarbiter man > mailarbiter.1`
    Man,
    /// Whether the daemon runs and is well; exit 3 when not (a monitoring check)
    Status {
        /// Print the status as JSON (the fields are in docs/operators.md)
        #[arg(long)]
        json: bool,
        /// Unhealthy when the oldest outbox mail is older than this (seconds)
        #[arg(long, default_value_t = 3600)]
        max_outbox_age: i64,
        /// Unhealthy when the mailbox was last reached longer ago than this (seconds)
        #[arg(long, default_value_t = 900)]
        max_silence: i64,
    },
    /// The mails waiting in the outbox: sequence number, age, recipients, subject
    Outbox,
    /// The preset rule sets a tournament may name (`rules = "…"`); `rules
    /// show ID` prints one with its articles (no config needed)
    Rules {
        #[command(subcommand)]
        action: Option<RulesAction>,
    },
    /// Xfcc accounts (chess programs): `xfcc reset ADDRESS` makes a player
    /// a new password and prints it (also while the daemon runs)
    Xfcc {
        #[command(subcommand)]
        action: XfccAction,
    },
    /// OAuth2 sign-in of the mail servers: `oauth2 login inbox|outbox`
    /// signs the account in and writes the refresh token file
    #[command(name = "oauth2")]
    OAuth2 {
        #[command(subcommand)]
        action: OAuth2Action,
    },
    /// Put the mails of a game's last sent decision in the outbox again, with
    /// their first Message-IDs (a mail client shows a mail it has once)
    Resend {
        /// The game id, e.g. RUS-EM-2026/1 (any case)
        game: String,
    },
    /// Write a consistent copy of the store into DIR (new or empty), also
    /// while the daemon runs (it writes the copy)
    Backup {
        /// The folder of the copy: absent or empty
        dir: PathBuf,
    },
    /// Make the store a copy of the backup in DIR; the daemon must be
    /// stopped and the state folder hold no store (move it away first)
    Restore {
        /// A folder `backup` wrote
        dir: PathBuf,
    },
}

/// The completion script of `shell` for this command line.
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(
        shell,
        &mut <Cli as clap::CommandFactory>::command(),
        "mailarbiter",
        &mut out,
    );
    out
}

/// The man page (roff): the synopsis, the commands, and each command's
/// arguments and flags, as `mailarbiter COMMAND --help` shows them.
///
/// # Errors
/// Only when writing into memory fails.
pub fn man_page() -> std::io::Result<Vec<u8>> {
    let mut command = <Cli as clap::CommandFactory>::command();
    command.build();
    let man = clap_mangen::Man::new(command.clone());
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;
    let roff = |s: &str| s.replace('\\', "\\e").replace('-', "\\-");
    out.extend(b".SH COMMANDS\n");
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let mut page = format!(".SS {}\n", sub.get_name());
        let usage = sub
            .clone()
            .bin_name(format!("mailarbiter {}", sub.get_name()))
            .render_usage()
            .to_string();
        let usage = usage.trim_start_matches("Usage: ");
        let about = sub.get_about().map(ToString::to_string).unwrap_or_default();
        let _ = writeln!(page, "\\fB{}\\fR\n.PP\n{}", roff(usage), roff(&about));
        let shown =
            |a: &&clap::Arg| !a.is_global_set() && !matches!(a.get_action(), clap::ArgAction::Help);
        for arg in sub.get_arguments().filter(shown) {
            let value = arg
                .get_value_names()
                .map_or_else(|| arg.get_id().as_str().to_uppercase(), |v| v.join(" "));
            let name = match arg.get_long() {
                Some(long) if arg.get_action().takes_values() => {
                    format!("\\-\\-{} <{value}>", roff(long))
                }
                Some(long) => format!("\\-\\-{}", roff(long)),
                None => format!("<{value}>"),
            };
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            let values: Vec<String> = arg
                .get_possible_values()
                .iter()
                .map(|v| v.get_name().to_string())
                .collect();
            let values = if values.is_empty() {
                String::new()
            } else {
                format!(" [possible values: {}]", values.join(", "))
            };
            let _ = writeln!(page, ".TP\n{name}\n{}{}", roff(&help), roff(&values));
        }
        out.extend(page.into_bytes());
    }
    man.render_version_section(&mut out)?;
    Ok(out)
}

/// The config's id of the game `given` in any case (`rus-em-2026/1`).
pub fn game_id(league: &League, given: &str) -> Option<String> {
    league
        .games()
        .find(|(_, g)| g.id.eq_ignore_ascii_case(given))
        .map(|(_, g)| g.id.clone())
}

/// The `games` table.
pub fn games_table(
    league: &League,
    state: &State,
    tournament: Option<&str>,
    today: NaiveDate,
) -> String {
    let mut table = Table::default();
    table.push([
        "game".to_string(),
        "White".into(),
        "Black".into(),
        "moves".into(),
        "to move".into(),
        "White days".into(),
        "Black days".into(),
        "status".into(),
    ]);
    for (t, spec) in league
        .games()
        .filter(|(t, _)| tournament.is_none_or(|id| t.id == id))
    {
        let (game, damaged) = state.peek_damaged(t, spec);
        let clock = |c: Color| {
            let clock = clock_of(&game, t, c, today);
            if clock.over > 0 {
                format!("{} ({} over)", game.total(c), clock.over)
            } else {
                format!("{} ({} left)", game.total(c), clock.left)
            }
        };
        table.push([
            spec.id.clone(),
            t.player_of(spec, Color::White).name.clone(),
            t.player_of(spec, Color::Black).name.clone(),
            game.plies.len().div_ceil(2).to_string(),
            if game.ending.is_some() {
                "-".into()
            } else {
                if game.to_move() == Color::White {
                    "white"
                } else {
                    "black"
                }
                .to_string()
            },
            clock(Color::White),
            clock(Color::Black),
            match game.ending {
                Some(e) => format!("finished {}", e.result.as_str()),
                None if game.claim.is_some() && game.suspension().is_none() => {
                    "in progress, claim pending".into()
                }
                None => game.status().as_str().replace('_', " "),
            } + if damaged.is_empty() {
                ""
            } else {
                " (damaged record: see show)"
            },
        ]);
    }
    table.write()
}

/// A table of eight columns whose cells are kept one after the other in
/// one string (a table of 100k games holds one buffer, not 800k strings)
/// until the widths are known.
#[derive(Default)]
struct Table {
    text: String,
    /// Where each row's cells end in `text`.
    rows: Vec<[u32; 8]>,
    widths: [usize; 8],
}

impl Table {
    fn push(&mut self, cells: [String; 8]) {
        let mut ends = [0; 8];
        for (i, cell) in cells.iter().enumerate() {
            self.text.push_str(cell);
            ends[i] = u32::try_from(self.text.len()).unwrap_or(u32::MAX);
            self.widths[i] = self.widths[i].max(cell.chars().count());
        }
        self.rows.push(ends);
    }

    /// The rows, each cell padded to its column's width.
    fn write(self) -> String {
        let line = self.widths.iter().map(|w| w + 2).sum::<usize>() + 1;
        let mut out = String::with_capacity(line * self.rows.len());
        let mut from = 0;
        for ends in &self.rows {
            let start = out.len();
            for (&end, width) in ends.iter().zip(self.widths) {
                let end = (end as usize).min(self.text.len());
                let cell = self.text.get(from..end).unwrap_or_default();
                from = end;
                out.push_str(cell);
                out.extend(std::iter::repeat_n(' ', width - cell.chars().count() + 2));
            }
            out.truncate(out[start..].trim_end().len() + start);
            out.push('\n');
        }
        out
    }
}

/// `show GAME --json` (DESIGN.md §6).
pub fn game_json(t: &Tournament, game: &Game) -> serde_json::Value {
    let side = |c: Color| {
        json!({
            "player": game.spec.player_id(c),
            "days": game.days(c),
            "penalty_days": game.penalty_days(c),
            "total": game.total(c),
            "leave_days": game.leave_days(c),
        })
    };
    let moves: Vec<serde_json::Value> = game
        .plies
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut m = json!({
                "number": p.number,
                "side": if p.color == Color::White { "white" } else { "black" },
                "san": game.san(i),
                "numeric": p.numeric(),
                "received": p.received.to_string(),
                "sent": p.sent.to_string(),
                // the day the opponent received it: later than `sent` for a
                // move held during a suspension (III.6.3)
                "forwarded": p.forwarded.to_string(),
                "days": p.days,
                "total": p.total,
                "draw_offer": p.draw_offer,
            });
            if p.variant {
                // accepted from an offered variant: no days (III.4.6)
                m["variant"] = json!(true);
            }
            if p.conditional {
                // played from its owner's hidden conditional series: no days
                m["conditional"] = json!(true);
            }
            m
        })
        .collect();
    let penalties: Vec<serde_json::Value> = game
        .penalties
        .iter()
        .map(|p| {
            json!({
                "side": if p.color == Color::White { "white" } else { "black" },
                "days": p.days,
                "on": p.on.to_string(),
                "reason": p.reason.code(),
            })
        })
        .collect();
    json!({
        "id": game.id(),
        "tournament": t.id,
        "status": game.status().as_str(),
        "result": game.result_str(),
        "to_move": if game.to_move() == Color::White { "white" } else { "black" },
        // the players as the store keeps them (a config that disagrees is refused)
        "players": {"white": game.spec.white, "black": game.spec.black},
        "white": side(Color::White),
        "black": side(Color::Black),
        "moves": moves,
        "penalties": penalties,
        "end_reason": game.ending.map(|e| render::end_reason(e.reason, Lang::En)),
        // an overstep claim waiting for the director; with "status":
        // "in_progress" it lets play go on (a postal first overstep, II.6.2-6.4)
        "claim_pending": game.claim.is_some(),
        "claim": game.claim.as_ref().map(|c| json!({
            "against": if c.against == Color::White { "white" } else { "black" },
            "on": c.on.to_string(),
            "used": c.used,
            "allowance": c.allowance,
            "control": c.control,
            "interrupts": c.interrupts,
            "held": c.held.is_some(),
        })),
        "adjudication": adjudication_json(game),
        "fen": Fen::from_position(game.position(), EnPassantMode::Legal).to_string(),
        "pgn": render::pgn(t, game),
    })
}

/// A game's adjudication (III.9.4-9.10) for `--json`: when it opened and
/// why, the claims, the appeal deadline of an adjudicated result not final
/// yet, the appeals, the day the result became final.
fn adjudication_json(game: &Game) -> serde_json::Value {
    let Some(a) = &game.adjudication else {
        return serde_json::Value::Null;
    };
    let day = |d: Option<NaiveDate>| d.map(|d| d.to_string());
    json!({
        "on": a.on.to_string(),
        "reason": a.reason,
        "claims": {
            "white": a.claim(Color::White).map(|r| r.as_str()),
            "black": a.claim(Color::Black).map(|r| r.as_str()),
        },
        "materials_overdue": day(a.overdue),
        "appeal_until": day(game.appeal_open().map(|d| {
            d + chrono::Days::new(crate::referee::adjudication::WINDOW_DAYS)
        })),
        "appeals": {"white": day(a.appeal(Color::White)), "black": day(a.appeal(Color::Black))},
        "final_on": day(a.final_on),
    })
}

/// `standings --json`: the table best first and every game with its clocks.
pub fn standings_json(t: &Tournament, games: &[&Game], today: NaiveDate) -> serde_json::Value {
    use crate::referee::standings::{Standings, TieBreak};
    let standings = Standings::of(t, games.iter().copied());
    let half = |h: u32| f64::from(h) / 2.0;
    let lines: Vec<serde_json::Value> = standings
        .lines
        .iter()
        .map(|line| {
            let results: serde_json::Map<String, serde_json::Value> = standings
                .lines
                .iter()
                .filter(|other| other.player != line.player)
                .map(|other| {
                    let scores: Vec<serde_json::Value> = standings
                        .results(line.player, other.player)
                        .into_iter()
                        .map(|r| r.map_or(serde_json::Value::Null, |h| json!(half(h))))
                        .collect();
                    (t.players[other.player].id.clone(), json!(scores))
                })
                .collect();
            json!({
                "place": line.place.0,
                "shared_to": line.place.1,
                "player": t.players[line.player].id,
                "name": t.players[line.player].name,
                "points": half(line.halves),
                "withdrawn": line.withdrawn,
                "games": line.played,
                "wins": line.wins,
                "tie_break": match standings.tie_break {
                    TieBreak::SonnebornBerger => json!(f64::from(line.tie_break) / 4.0),
                    TieBreak::Wins => json!(line.tie_break),
                    TieBreak::None => serde_json::Value::Null,
                },
                // against each opponent: the score of each game, null while it goes on
                "results": results,
            })
        })
        .collect();
    let game_rows: Vec<serde_json::Value> = games
        .iter()
        .map(|game| {
            let clock = |c: Color| {
                let clock = clock_of(game, t, c, today);
                json!({
                    "used": clock.used,
                    "left": clock.left,
                    "over": clock.over,
                    "control": clock.control,
                    "last_day": clock.last_day.map(|d| d.to_string()),
                    "total": game.total(c),
                })
            };
            json!({
                "id": game.id(),
                "white": game.spec.white,
                "black": game.spec.black,
                "status": game.status().as_str(),
                "result": game.result_str(),
                "end_reason": game.ending.map(|e| render::end_reason(e.reason, Lang::En)),
                "moves": game.plies.len().div_ceil(2),
                "to_move": if game.ending.is_some() {
                    serde_json::Value::Null
                } else if game.to_move() == Color::White {
                    json!("white")
                } else {
                    json!("black")
                },
                "clock": {"white": clock(Color::White), "black": clock(Color::Black)},
                // finished and recorded in the store, its PGN sent to the director
                "registered": game.registered_on().is_some(),
                "registered_on": game.registered_on().map(|d| d.to_string()),
                "adjudication": adjudication_json(game),
            })
        })
        .collect();
    json!({
        "id": t.id,
        "name": t.name,
        "as_of": today.to_string(),
        "tie_break": standings.tie_break.as_str(),
        "standings": lines,
        "games": game_rows,
    })
}

/// `show GAME`: the standard form and the board.
pub fn game_text(t: &Tournament, game: &Game, lang: Lang) -> String {
    let mut out = render::standard_form(t, game, lang);
    out.push('\n');
    out.push_str(&render::board(game.position(), lang));
    if let Some(end) = game.ending {
        let reason = render::end_reason(end.reason, lang);
        let _ = writeln!(
            out,
            "\n{}",
            t!(
                lang,
                "show-result",
                result = end.result.as_str(),
                reason = reason,
                date = render::date_in(end.on, lang)
            )
        );
    }
    if let Some(s) = &game.claim {
        let _ = writeln!(
            out,
            "\n{}",
            t!(
                lang,
                "show-claim",
                interrupts = if s.interrupts { "yes" } else { "no" },
                since = render::date_in(s.on, lang),
                side = render::color_name(s.against, lang),
                used = s.used,
                allowance = s.allowance,
                control = s.control,
                held = if s.held.is_some() { "yes" } else { "no" }
            )
        );
    }
    out
}

/// What the store holds for a game that did not replay (`errors`), as
/// lines to show above the game (empty for a sound game).
fn damage_note(errors: &[crate::referee::game::ReplayError]) -> String {
    if errors.is_empty() {
        return String::new();
    }
    let mut note = String::from(
        "DAMAGED RECORD: these stored events were skipped (written by a faulty version):\n",
    );
    for e in errors {
        note.push_str(&format!("  {e}\n"));
    }
    note.push('\n');
    note
}

/// The read-only views (`games`, `show`, `export`) as text; `Err` is a
/// message for a command that cannot be answered (exit 1).
///
/// # Errors
/// An unknown game, or a command that is not a view.
pub fn view(config: &Config, state: &State, command: &Command) -> Result<String, String> {
    let league = &config.league;
    match command {
        Command::Games { tournament, today } => {
            let today = today.unwrap_or_else(|| config.today());
            Ok(games_table(league, state, tournament.as_deref(), today))
        }
        Command::Show {
            game,
            json,
            pgn,
            schedule,
            lang,
        } => {
            let given = game;
            let game = &game_id(league, given).unwrap_or_else(|| given.clone());
            let Some((t, spec)) = league.game(game) else {
                return Err(format!("no game {given} in the config"));
            };
            let (game_state, damaged) = state.peek_damaged(t, spec);
            let damage = damage_note(&damaged);
            let state = &*game_state;
            Ok(if *json {
                let mut text =
                    serde_json::to_string_pretty(&game_json(t, state)).unwrap_or_default();
                text.push('\n');
                text
            } else if *pgn {
                render::pgn(t, state)
            } else if *schedule {
                render::schedule(t, state, *lang)
            } else {
                damage + &game_text(t, state, *lang)
            })
        }
        Command::Export { tournament, .. } => {
            let mut out = String::new();
            for (t, _, game) in state.each_game(league) {
                if tournament.as_deref().is_none_or(|id| id == t.id) {
                    out.push_str(&render::pgn(t, &game));
                    out.push('\n');
                }
            }
            Ok(out)
        }
        Command::Standings {
            tournament,
            json,
            today,
            lang,
        } => {
            let today = today.unwrap_or_else(|| config.today());
            let chosen: Vec<&Tournament> = league
                .tournaments
                .iter()
                .filter(|t| {
                    tournament
                        .as_deref()
                        .is_none_or(|id| t.id.eq_ignore_ascii_case(id))
                })
                .collect();
            if chosen.is_empty() {
                return Err(format!(
                    "no tournament {} in the config",
                    tournament.as_deref().unwrap_or_default()
                ));
            }
            Ok(if *json {
                let all: Vec<serde_json::Value> = chosen
                    .iter()
                    .map(|t| {
                        let games = state.games_of(t);
                        let games: Vec<&Game> = games.iter().map(|g| &**g).collect();
                        standings_json(t, &games, today)
                    })
                    .collect();
                let mut text = serde_json::to_string_pretty(&json!({ "tournaments": all }))
                    .unwrap_or_default();
                text.push('\n');
                text
            } else {
                chosen
                    .iter()
                    .map(|t| {
                        let games = state.games_of(t);
                        let games: Vec<&Game> = games.iter().map(|g| &**g).collect();
                        crate::letters::standings::text(t, &games, today, *lang)
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            })
        }
        Command::Web { output, today } => {
            let today = today.unwrap_or_else(|| config.today());
            let Some(dir) = output.as_ref().or(config.web_dir.as_ref()) else {
                return Err("no --output DIR and no [gateway] web_dir in the config".into());
            };
            match crate::web::write_all(dir, league, state, today) {
                Ok(w) => Ok(format!(
                    "{}: wrote {} page(s) and {} PGN file(s)\n",
                    dir.display(),
                    w.pages,
                    w.pgn
                )),
                Err(e) => Err(format!(
                    "{}: the web pages cannot be written: {e}",
                    dir.display()
                )),
            }
        }
        _ => Err("not a view command".into()),
    }
}

/// The one clock ([`crate::referee::deadline::clock`]) of `color`.
fn clock_of(
    game: &crate::referee::game::Game,
    t: &crate::referee::tournament::Tournament,
    color: Color,
    today: NaiveDate,
) -> crate::referee::deadline::Clock {
    crate::referee::deadline::clock(game, &t.rules, color, today)
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn the_games_table_pads_each_column_to_its_widest_cell_in_characters() {
        let mut table = Table::default();
        let row = |cells: [&str; 8]| cells.map(String::from);
        table.push(row([
            "game", "White", "Black", "moves", "to move", "W", "B", "status",
        ]));
        table.push(row([
            "T/1",
            "Иванов, И.",
            "Smith",
            "12",
            "white",
            "3",
            "40",
            "",
        ]));
        table.push(row([
            "T/10",
            "Li",
            "Петров, П.",
            "0",
            "-",
            "",
            "",
            "finished 1-0",
        ]));
        assert_eq!(
            table.write(),
            "game  White       Black       moves  to move  W  B   status\n\
             T/1   Иванов, И.  Smith       12     white    3  40\n\
             T/10  Li          Петров, П.  0      -               finished 1-0\n"
        );
    }
}
