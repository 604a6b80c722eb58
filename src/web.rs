//! The static web pages (`[gateway] web_dir`, `web --output DIR`): an index
//! of the tournaments, per tournament its crosstable with every game's
//! clocks, and per game a page with the board (Unicode figures in a table),
//! the moves with the days they were sent (the PGN's `%ccsnt`), both clocks
//! and the game's PGN as a file beside it. Plain HTML5 written as
//! well-formed XML (every element closed), the style inline, no script:
//! any web server serves the folder as it is.
//!
//! Layout: `index.html`; `<tournament>/index.html`; `<tournament>/<game>.html`
//! and `<tournament>/<game>.pgn`, the game's id with `/` written `-` (as the
//! PGN the director receives is named). Every file is written under a
//! temporary name and renamed, so a reader never sees half a page.
//!
//! The daemon writes the pages of the games a commit changed, and the
//! crosstable of their tournaments and the index, after each commit
//! ([`update`]): the cost follows the batch and the tournament, not the
//! number of games kept. The clocks on a game page are as of the day the
//! page was written (the page says so); the crosstable's game list, written
//! with every change in the tournament, carries every game's clock of that
//! day.

use crate::referee::game::Game;
use crate::referee::standings::{points, Standings, TieBreak};
use crate::referee::state::State;
use crate::referee::tournament::{Lang, League, Tournament};
use crate::render::{self, date_in};
use crate::t;
use chrono::NaiveDate;
use shakmaty::{Color, Position, Role, Square};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

/// Text for HTML: `&`, `<`, `>` and both quotes escaped (names and notes
/// come from players).
pub fn escape(s: &str) -> String {
    crate::letters::html::escape(s).replace('\'', "&#39;")
}

/// A file name from an id: letters, digits, `-`, `_` and inner `.` kept,
/// `/` and anything else written `-`.
pub fn slug(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let s = s.trim_start_matches('.');
    if s.is_empty() {
        "-".into()
    } else {
        s.to_string()
    }
}

/// The folder of a tournament's pages, relative to the site.
fn tournament_dir(t: &Tournament) -> String {
    let s = slug(&t.id);
    if s == "index.html" {
        "index.html-".into()
    } else {
        s
    }
}

/// The name of a game's page (without `.html` / `.pgn`).
fn game_name(id: &str) -> String {
    let s = slug(id);
    if s == "index" {
        "index-".into()
    } else {
        s
    }
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222;background:#fff}\
table{border-collapse:collapse;margin:0.5em 0}\
th,td{border:1px solid #bbb;padding:0.2em 0.5em;text-align:left}\
td.n{text-align:right}td.x{background:#ddd;text-align:center}\
table.board td{width:2.2em;height:2.2em;padding:0;text-align:center;font-size:1.6em;border:none}\
table.board td.l{background:#f0d9b5}table.board td.d{background:#b58863}\
table.board th{border:none;font-weight:normal;color:#666}\
p.note{color:#555;font-size:0.9em}pre{background:#f6f6f6;padding:0.5em;overflow-x:auto}";

/// A whole page: the title escaped, `body` as given (already HTML).
fn page(lang: Lang, title: &str, body: &str) -> String {
    let code = lang.code();
    format!(
        "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(title)
    )
}

/// Writes `text` to `path` atomically: a temporary file in the same
/// folder, then a rename over the old one.
fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let name = path
        .file_name()
        .map_or_else(|| "page".into(), |n| n.to_string_lossy().into_owned());
    let tmp = path.with_file_name(format!(".{name}.tmp"));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// Header cells: the messages `keys` of the catalog.
fn heads(lang: Lang, keys: &[&str]) -> String {
    keys.iter()
        .map(|key| format!("<th>{}</th>", t!(lang, key)))
        .collect()
}

/// The index: every tournament with its players and games.
pub fn index_page(league: &League) -> String {
    let lang = index_language(league);
    let mut body = format!("<h1>{}</h1>\n", escape(&league.name));
    let _ = writeln!(
        body,
        "<table>\n<tr>{}</tr>",
        heads(
            lang,
            &[
                "web-tournament",
                "web-id",
                "web-start",
                "web-players",
                "web-games"
            ]
        )
    );
    for t in &league.tournaments {
        let _ = writeln!(
            body,
            "<tr><td><a href=\"{dir}/index.html\">{name}</a></td><td>{id}</td><td>{start}</td>\
             <td class=\"n\">{players}</td><td class=\"n\">{games}</td></tr>",
            dir = escape(&tournament_dir(t)),
            name = escape(&t.name),
            id = escape(&t.id),
            start = date_in(t.start, lang),
            players = t.players.len(),
            games = t.games.len(),
        );
    }
    body.push_str("</table>\n");
    page(lang, &league.name, &body)
}

/// The index's language: the one more than half the tournaments' pages
/// are in, else English.
fn index_language(league: &League) -> Lang {
    crate::language::majority(league.tournaments.iter().map(|t| t.director_language))
}

/// The cell of `player` against `opponent`, as in the text crosstable.
fn cell(standings: &Standings, player: usize, opponent: usize) -> String {
    standings
        .results(player, opponent)
        .into_iter()
        .map(|r| r.map_or_else(|| "*".into(), points))
        .collect()
}

/// A clock as `standings` shows it: days used, left to the control move;
/// for a finished game the side's total, nothing left to count.
fn clock(t: &Tournament, game: &Game, color: Color, today: NaiveDate) -> String {
    if game.ending.is_some() {
        return t!(
            t.director_language,
            "web-clock-total",
            used = game.total(color)
        );
    }
    let c = crate::referee::deadline::clock(game, &t.rules, color, today);
    t!(
        t.director_language,
        &c.words("web-clock"),
        used = c.used,
        left = c.left,
        over = c.over,
        control = t.rules.shown_control(c.control)
    )
}

/// The game's state in words: its result, or whose move it is.
fn state_words(game: &Game, lang: Lang) -> String {
    match (game.ending, &game.claim) {
        (Some(e), _) => t!(
            lang,
            "web-finished",
            result = e.result.as_str(),
            reason = render::end_reason(e.reason, lang)
        ),
        (None, Some(c)) if c.interrupts => t!(lang, "web-suspended"),
        (None, Some(_)) => t!(lang, "web-claim-pending"),
        (None, None) => t!(lang, "web-to-move", side = render::side_key(game.to_move())),
    }
}

/// A tournament's page: the crosstable, its legend, and every game with its
/// result or side to move, both clocks and its PGN.
pub fn tournament_page(t: &Tournament, games: &[&Game], today: NaiveDate) -> String {
    let lang = t.director_language;
    let standings = Standings::of(t, games.iter().copied());
    let title = format!("{} ({})", t.name, t.id);
    let mut body = format!(
        "<p><a href=\"../index.html\">{}</a></p>\n<h1>{}</h1>\n\
         <p>{}</p>\n<table>\n<tr><th>#</th><th>{}</th>",
        t!(lang, "web-all-tournaments"),
        escape(&title),
        t!(lang, "web-standings-as-of", date = date_in(today, lang)),
        t!(lang, "web-player"),
    );
    for k in 1..=standings.lines.len() {
        let _ = write!(body, "<th>{k}</th>");
    }
    body.push_str(&heads(lang, &["web-points", "web-played"]));
    let tie_break = standings.tie_break;
    match tie_break {
        TieBreak::SonnebornBerger => body.push_str(&heads(lang, &["web-sonneborn-berger"])),
        TieBreak::Wins => body.push_str(&heads(lang, &["web-wins"])),
        TieBreak::None => {}
    }
    body.push_str("</tr>\n");
    for line in &standings.lines {
        let (first, last) = line.place;
        let place = if first == last {
            first.to_string()
        } else {
            format!("{first}-{last}")
        };
        let _ = write!(
            body,
            "<tr><td>{place}</td><td>{}</td>",
            escape(&t.players[line.player].name)
        );
        for other in &standings.lines {
            if other.player == line.player {
                body.push_str("<td class=\"x\">X</td>");
            } else {
                let _ = write!(
                    body,
                    "<td>{}</td>",
                    escape(&cell(&standings, line.player, other.player))
                );
            }
        }
        let _ = write!(
            body,
            "<td class=\"n\">{}</td><td class=\"n\">{}</td>",
            points(line.halves),
            line.played
        );
        match tie_break {
            TieBreak::SonnebornBerger => {
                let _ = write!(
                    body,
                    "<td class=\"n\">{}</td>",
                    render::quarters_in(line.tie_break, lang)
                );
            }
            TieBreak::Wins => {
                let _ = write!(body, "<td class=\"n\">{}</td>", line.tie_break);
            }
            TieBreak::None => {}
        }
        body.push_str("</tr>\n");
    }
    body.push_str("</table>\n");
    let (finished, registered) = standings.registered();
    let _ = writeln!(
        body,
        "<p class=\"note\">{}</p>\n<p class=\"note\">{}</p>",
        escape(&t!(
            lang,
            "standings-tie-break",
            tie_break = tie_break.as_str()
        )),
        escape(&t!(
            lang,
            "standings-legend",
            games = standings.pairings.len(),
            finished = finished,
            registered = registered,
            article = t
                .rules
                .article_of(crate::referee::rules::Article::Adjudication)
        ))
    );
    let _ = writeln!(
        body,
        "<h2>{}</h2>\n<table>\n<tr>{}<th>PGN</th></tr>",
        t!(lang, "web-games"),
        heads(
            lang,
            &[
                "web-game",
                "web-white",
                "web-black",
                "web-moves",
                "web-state",
                "web-white-clock",
                "web-black-clock"
            ]
        )
    );
    for game in games {
        let name = escape(&game_name(game.id()));
        let _ = writeln!(
            body,
            "<tr><td><a href=\"{name}.html\">{id}</a></td><td>{white}</td><td>{black}</td>\
             <td class=\"n\">{moves}</td><td>{state}</td><td>{wc}</td><td>{bc}</td>\
             <td><a href=\"{name}.pgn\" download=\"{name}.pgn\">PGN</a></td></tr>",
            id = escape(game.id()),
            white = escape(&t.player_of(&game.spec, Color::White).name),
            black = escape(&t.player_of(&game.spec, Color::Black).name),
            moves = game.plies.len().div_ceil(2),
            state = escape(&state_words(game, lang)),
            wc = clock(t, game, Color::White, today),
            bc = clock(t, game, Color::Black, today),
        );
    }
    body.push_str("</table>\n");
    page(lang, &title, &body)
}

/// The figure of a piece.
fn figure(piece: shakmaty::Piece) -> char {
    match (piece.color, piece.role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

/// The board as a table, White at the bottom, files and ranks around it.
fn board(game: &Game) -> String {
    let pos = game.position();
    let files = "<tr><th></th><th>a</th><th>b</th><th>c</th><th>d</th><th>e</th><th>f</th>\
                 <th>g</th><th>h</th><th></th></tr>\n";
    let mut out = format!("<table class=\"board\">\n{files}");
    for rank in (0..8u32).rev() {
        let _ = write!(out, "<tr><th>{}</th>", rank + 1);
        for file in 0..8u32 {
            let sq = Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            let shade = if (file + rank) % 2 == 0 { "d" } else { "l" };
            let piece = pos.board().piece_at(sq).map(figure);
            let _ = write!(
                out,
                "<td class=\"{shade}\" title=\"{sq}\">{}</td>",
                piece.map_or_else(String::new, String::from)
            );
        }
        let _ = writeln!(out, "<th>{}</th></tr>", rank + 1);
    }
    out.push_str(files);
    out.push_str("</table>\n");
    out
}

/// A move's cell: the move as the tournament writes it, its sent day, and
/// what the PGN says beside it (held, variant, conditional, draw offer).
fn move_cells(t: &Tournament, game: &Game, index: usize) -> String {
    let lang = t.director_language;
    let ply = &game.plies[index];
    let mut notes = Vec::new();
    if ply.draw_offer {
        notes.push(t!(lang, "web-draw-offered"));
    }
    if ply.variant {
        notes.push(t!(lang, "web-from-variant"));
    }
    if ply.conditional {
        notes.push(t!(lang, "web-conditional"));
    }
    if ply.forwarded != ply.sent {
        notes.push(t!(lang, "web-held", date = date_in(ply.forwarded, lang)));
    }
    let mut text = escape(&render::ply_text(game, index, t.notation));
    if t.notation != crate::notation::Notation::San {
        let _ = write!(
            text,
            " ({})",
            escape(&render::san_in(game.san(index), lang))
        );
    }
    let note = if notes.is_empty() {
        String::new()
    } else {
        format!("<br/><small>{}</small>", escape(&notes.join("; ")))
    };
    format!(
        "<td>{text}{note}</td><td>{}</td><td class=\"n\">{}</td>",
        date_in(ply.sent, lang),
        ply.days
    )
}

/// A game's page: players, state, board, both clocks, the moves with their
/// days, penalties, and the PGN (a link to the file and the text).
pub fn game_page(t: &Tournament, game: &Game, today: NaiveDate) -> String {
    let lang = t.director_language;
    let white = &t.player_of(&game.spec, Color::White).name;
    let black = &t.player_of(&game.spec, Color::Black).name;
    let title = format!("{}: {white} - {black}", game.id());
    let name = escape(&game_name(game.id()));
    let mut body = format!(
        "<p><a href=\"../index.html\">{all}</a> | <a href=\"index.html\">{tname}</a></p>\n\
         <h1>{title}</h1>\n<p>{state}</p>\n",
        all = t!(lang, "web-all-tournaments"),
        tname = escape(&t.name),
        title = escape(&title),
        state = escape(&t!(
            lang,
            "web-state-result",
            state = state_words(game, lang),
            result = game.result_str()
        )),
    );
    body.push_str(&board(game));
    let _ = writeln!(
        body,
        "<h2>{}</h2>\n<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>\n\
         <tr><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td></tr>\n\
         <tr><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td></tr>\n</table>",
        t!(lang, "web-clocks-as-of", date = date_in(today, lang)),
        t!(lang, "web-side"),
        t!(lang, "web-player"),
        t!(lang, "web-clock-head"),
        t!(lang, "web-days-in-all"),
        t!(lang, "web-white"),
        escape(white),
        clock(t, game, Color::White, today),
        game.total(Color::White),
        t!(lang, "web-black"),
        escape(black),
        clock(t, game, Color::Black, today),
        game.total(Color::Black),
    );
    let (sent, days) = (t!(lang, "web-sent"), t!(lang, "web-days"));
    let _ = writeln!(
        body,
        "<h2>{}</h2>\n<table>\n<tr><th>#</th><th>{}</th><th>{sent}</th><th>{days}</th>\
         <th>{}</th><th>{sent}</th><th>{days}</th></tr>",
        t!(lang, "web-moves"),
        t!(lang, "web-white"),
        t!(lang, "web-black"),
    );
    let mut i = 0;
    while i < game.plies.len() {
        let ply = &game.plies[i];
        let _ = write!(body, "<tr><td class=\"n\">{}</td>", ply.number);
        if ply.color == Color::Black {
            body.push_str("<td>…</td><td></td><td></td>");
            body.push_str(&move_cells(t, game, i));
            i += 1;
        } else {
            body.push_str(&move_cells(t, game, i));
            if i + 1 < game.plies.len() {
                body.push_str(&move_cells(t, game, i + 1));
            } else {
                body.push_str("<td></td><td></td><td></td>");
            }
            i += 2;
        }
        body.push_str("</tr>\n");
    }
    body.push_str("</table>\n");
    if !game.penalties.is_empty() {
        let _ = writeln!(body, "<h2>{}</h2>\n<ul>", t!(lang, "web-penalties"));
        for p in &game.penalties {
            let _ = writeln!(
                body,
                "<li>{}</li>",
                escape(&t!(
                    lang,
                    "web-penalty",
                    side = render::color_name(p.color, lang),
                    days = p.days,
                    date = date_in(p.on, lang),
                    reason = render::penalty_reason(&p.reason, lang)
                ))
            );
        }
        body.push_str("</ul>\n");
    }
    let _ = writeln!(
        body,
        "<h2>PGN</h2>\n<p><a href=\"{name}.pgn\" download=\"{name}.pgn\">{}</a></p>\n<pre>{}</pre>",
        t!(lang, "web-download", file = format!("{name}.pgn")),
        escape(&render::pgn(t, game))
    );
    page(lang, &title, &body)
}

/// What was written.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Written {
    pub pages: usize,
    pub pgn: usize,
}

/// Writes one game's page and PGN.
fn write_game(
    dir: &Path,
    t: &Tournament,
    game: &Game,
    today: NaiveDate,
    written: &mut Written,
) -> io::Result<()> {
    let folder = dir.join(tournament_dir(t));
    let name = game_name(game.id());
    write_atomic(
        &folder.join(format!("{name}.html")),
        &game_page(t, game, today),
    )?;
    write_atomic(&folder.join(format!("{name}.pgn")), &render::pgn(t, game))?;
    written.pages += 1;
    written.pgn += 1;
    Ok(())
}

/// Writes a tournament's page.
fn write_tournament(
    dir: &Path,
    t: &Tournament,
    state: &State,
    today: NaiveDate,
    written: &mut Written,
) -> io::Result<()> {
    let folder = dir.join(tournament_dir(t));
    std::fs::create_dir_all(&folder)?;
    let games = state.games_of(t);
    let of: Vec<&Game> = games.iter().map(|g| &**g).collect();
    write_atomic(&folder.join("index.html"), &tournament_page(t, &of, today))?;
    written.pages += 1;
    Ok(())
}

/// Writes the whole site into `dir` (made when missing).
///
/// # Errors
/// When a file cannot be written.
pub fn write_all(
    dir: &Path,
    league: &League,
    state: &State,
    today: NaiveDate,
) -> io::Result<Written> {
    std::fs::create_dir_all(dir)?;
    let mut written = Written::default();
    for t in &league.tournaments {
        write_tournament(dir, t, state, today, &mut written)?;
        for spec in &t.games {
            write_game(dir, t, &state.peek(t, spec), today, &mut written)?;
        }
    }
    write_atomic(&dir.join("index.html"), &index_page(league))?;
    written.pages += 1;
    Ok(written)
}

/// After a commit: the pages of the games `changed` (ids), the games of the
/// players `players` (`tournament/player` keys, whose leaves change their
/// games' clocks), the crosstables of their tournaments and the index.
/// When the site was never written (no `index.html`), the whole site.
///
/// # Errors
/// When a file cannot be written.
pub fn update<'a>(
    dir: &Path,
    league: &League,
    state: &State,
    changed: impl IntoIterator<Item = &'a str>,
    players: impl IntoIterator<Item = &'a str>,
    today: NaiveDate,
) -> io::Result<Written> {
    if !dir.join("index.html").exists() {
        return write_all(dir, league, state, today);
    }
    let mut ids: BTreeSet<&str> = changed.into_iter().collect();
    for key in players {
        let Some((tid, player)) = key.split_once('/') else {
            continue;
        };
        if let Some(t) = league.tournaments.iter().find(|t| t.id == tid) {
            ids.extend(
                t.games
                    .iter()
                    .filter(|g| g.white == player || g.black == player)
                    .map(|g| g.id.as_str()),
            );
        }
    }
    let mut written = Written::default();
    let mut tournaments: Vec<&Tournament> = Vec::new();
    for id in ids {
        let Some((t, spec)) = league.game(id) else {
            continue;
        };
        let game = state.peek(t, spec);
        if !tournaments.iter().any(|x| x.id == t.id) {
            std::fs::create_dir_all(dir.join(tournament_dir(t)))?;
            tournaments.push(t);
        }
        write_game(dir, t, &game, today, &mut written)?;
    }
    for t in tournaments {
        write_tournament(dir, t, state, today, &mut written)?;
    }
    write_atomic(&dir.join("index.html"), &index_page(league))?;
    written.pages += 1;
    Ok(written)
}

/// Where a game's page is, relative to the site (for messages and tests).
pub fn game_path(league: &League, id: &str) -> Option<PathBuf> {
    let (t, _) = league.game(id)?;
    Some(Path::new(&tournament_dir(t)).join(format!("{}.html", game_name(id))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_players_is_escaped_and_ids_become_file_names() {
        assert_eq!(
            escape("<script>alert(\"x\")</script> & 'y'"),
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;"
        );
        assert_eq!(slug("RUS-EM-2026/1"), "RUS-EM-2026-1");
        assert_eq!(slug("../etc"), "-etc");
        assert_eq!(slug(".."), "-");
        assert_eq!(slug("a b?#"), "a-b--");
    }
}
