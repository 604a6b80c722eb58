//! The texts of [`OfficialNotice`]s: the timer's mails (the opening, the
//! reminder or the request for White's first move, the breakdown and
//! inactivity notices to the director) and the director's answers and
//! decisions. The mails to the director say what he can answer, in the
//! exact form; the mails to a player about a game show the player's clock.

use super::forms::clock;
use super::{game_of, game_subject as subject, Audience, Text};
use crate::notation::Notation;
use crate::referee::game::Game;
use crate::referee::notice::officials::{BounceReport, DirectorCommand, OfficialNotice, Problem};
use crate::referee::notice::Reader;
use crate::referee::rules::{Article, RuleKind, RuleSet, Span, TimeControl};
use crate::referee::tournament::{Lang, League, Tournament};
use crate::render::{date_in, game_board, numbered_in, pgn, schedule, standard_form};
use crate::t;
use chrono::NaiveDate;
use shakmaty::{Color, Position};
use std::fmt::Write;

pub(super) fn render(league: &League, notice: &OfficialNotice, audience: &Audience) -> Text {
    let lang = audience.lang;
    match notice {
        OfficialNotice::Opening {
            game,
            today,
            tables_reached,
        } => opening(league, game, (*today, *tables_reached), audience),
        OfficialNotice::Reminder {
            game,
            waiting,
            to_director,
            today,
        } => reminder(league, game, *waiting, *to_director, *today, audience),
        OfficialNotice::TableClaim(claim) => super::claims::to_director(league, claim, audience),
        OfficialNotice::Protest {
            game,
            color,
            reasons,
            today,
        } => {
            let (t, spec) = game_of(league, game);
            let until = game
                .claim
                .as_ref()
                .map(|c| date_in(c.protest_until(&t.rules), lang))
                .unwrap_or_default();
            let body = t!(
                lang,
                "official-protest-body",
                game = &spec.id,
                name = &t.player_of(spec, *color).natural_name(),
                side = side_lower(*color, lang),
                today = date_in(*today, lang),
                until = until,
                article = t.rules.article_in(Article::Protest, lang)
            );
            let reasons = if reasons.trim().is_empty() {
                t!(lang, "official-protest-no-reasons")
            } else {
                // the player's own words, marked as his
                reasons
                    .lines()
                    .map(|l| format!("  | {l}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            Text {
                subject: subject(t, spec, &t!(lang, "official-protest-subject")),
                body: format!(
                    "{}{body}\n\n{reasons}\n\n{}\n\n{}",
                    audience.greeting(),
                    t!(lang, "official-protest-decide", game = &spec.id),
                    schedule(t, game, lang)
                ),
            }
        }
        OfficialNotice::ProtestAnswer {
            game,
            accepted,
            until,
            today,
        } => {
            let (t, _) = game_of(league, game);
            let article = t.rules.article_in(Article::Protest, lang);
            let text = match (accepted, until) {
                (true, _) => t!(
                    lang,
                    "official-protest-passed-on",
                    article = article,
                    interrupted = yes(game.claim.as_ref().is_some_and(|c| c.interrupts))
                ),
                (false, Some(until)) => t!(
                    lang,
                    "official-protest-late",
                    until = date_in(*until, lang),
                    article = article
                ),
                (false, None) => t!(lang, "official-protest-no-claim"),
            };
            if game.ending.is_some() {
                // no clock: it stopped with the game
                let (t, spec) = game_of(league, game);
                return Text {
                    subject: subject(t, spec, &t!(lang, "official-protest-answer-subject")),
                    body: format!("{}{text}\n", audience.greeting()),
                };
            }
            to_players(
                league,
                game,
                *today,
                audience,
                "official-protest-answer-subject",
                text,
            )
        }
        OfficialNotice::ConfirmHeld { game, until, today } => {
            let (t, spec) = game_of(league, game);
            let claim = game.claim.as_ref();
            let name = claim.map_or(String::new(), |c| {
                t.player_of(spec, c.against).natural_name()
            });
            let body = t!(
                lang,
                "official-confirm-held-body",
                game = &spec.id,
                name = name,
                until = date_in(*until, lang),
                effect = date_in(until.succ_opt().unwrap_or(*until), lang),
                article = t.rules.article_in(Article::Protest, lang)
            );
            let _ = today;
            Text {
                subject: subject(t, spec, &t!(lang, "official-confirm-held-subject")),
                body: format!("{}{body}\n", audience.greeting()),
            }
        }
        OfficialNotice::TimeWarning { game, today } => {
            let (t, _) = game_of(league, game);
            let color = game.to_move();
            let c = crate::referee::deadline::clock(game, &t.rules, color, *today);
            let text = t!(
                lang,
                "official-warning-body",
                left = c.left,
                control = t.rules.shown_control(c.control),
                last = c.last_day.map(|d| date_in(d, lang)).unwrap_or_default(),
                claim = t.rules.article_in(Article::Claim, lang),
                leave = t.rules.article_in(Article::LeaveInAdvance, lang)
            );
            to_players(
                league,
                game,
                *today,
                audience,
                "official-warning-subject",
                text,
            )
        }
        OfficialNotice::LeaveDay {
            game,
            color,
            from,
            to,
            begins,
            today,
        } => {
            let (t, spec) = game_of(league, game);
            let id = if *begins {
                "official-leave-begins"
            } else {
                "official-leave-ended"
            };
            let text = t!(
                lang,
                id,
                name = &t.player_of(spec, *color).natural_name(),
                from = date_in(*from, lang),
                to = date_in(*to, lang),
                article = t.rules.article_in(Article::LeaveDays, lang)
            );
            let subject_id = if *begins {
                "official-leave-begins-subject"
            } else {
                "official-leave-ended-subject"
            };
            to_players(league, game, *today, audience, subject_id, text)
        }
        OfficialNotice::Breakdown {
            game,
            waiting,
            today,
        } => {
            let (t, spec) = game_of(league, game);
            let color = game.to_move();
            let body = t!(
                lang,
                "official-breakdown-body",
                game = &spec.id,
                waiting = *waiting,
                today = date_in(*today, lang),
                name = &t.player_of(spec, color).natural_name(),
                side = side_lower(color, lang),
                received = date_in(game.next_received(), lang),
                first = first_move(game),
                reminder = t.rules.reminder_days,
                article = t.rules.article_in(Article::Breakdown, lang)
            );
            Text {
                subject: subject(t, spec, &t!(lang, "official-breakdown-subject")),
                body: format!(
                    "{}{body}\n\n{}{}",
                    audience.greeting(),
                    schedule(t, game, lang),
                    director_answers(t, game, *today, audience)
                ),
            }
        }
        OfficialNotice::Inactivity {
            game,
            waiting,
            today,
        } => {
            let (t, spec) = game_of(league, game);
            let color = game.to_move();
            let limit = span(t.rules.inactivity, lang);
            let body = t!(
                lang,
                "official-inactivity-body",
                game = &spec.id,
                waiting = *waiting,
                today = date_in(*today, lang),
                limit = limit.as_str(),
                name = &t.player_of(spec, color).natural_name(),
                side = side_lower(color, lang),
                received = date_in(game.next_received(), lang),
                first = first_move(game),
                article = t.rules.article_in(Article::Inactivity, lang)
            );
            // the days counted leave out his leaves: name them
            let leaves: Vec<String> = game
                .leaves(color)
                .iter()
                .filter(|l| l.from <= *today && game.next_received() <= l.to)
                .map(|l| crate::render::days_in(l.from, l.to, lang))
                .collect();
            let body = if leaves.is_empty() {
                body
            } else {
                format!(
                    "{body} {}",
                    t!(
                        lang,
                        "official-inactivity-leaves",
                        leaves = leaves.join(", "),
                        first = first_move(game),
                        days = (*today - game.next_received()).num_days()
                    )
                )
            };
            Text {
                subject: subject(
                    t,
                    spec,
                    &t!(lang, "official-inactivity-subject", limit = limit.as_str()),
                ),
                body: format!(
                    "{}{body}\n\n{}{}",
                    audience.greeting(),
                    schedule(t, game, lang),
                    director_answers(t, game, *today, audience)
                ),
            }
        }
        OfficialNotice::Penalty {
            game,
            color,
            days,
            today,
        } => {
            let (t, spec) = game_of(league, game);
            let text = if audience.addressed(t, spec, *color) {
                t!(lang, "official-penalty-body-yours", days = *days)
            } else {
                t!(
                    lang,
                    "official-penalty-body",
                    name = &t.player_of(spec, *color).natural_name(),
                    side = side(*color, lang),
                    days = *days
                )
            };
            to_players(
                league,
                game,
                *today,
                audience,
                "official-penalty-subject",
                text,
            )
        }
        OfficialNotice::OverstepFixed {
            game,
            against,
            number,
            interrupted,
            today,
        } => {
            let (t, spec) = game_of(league, game);
            let article = |a| t.rules.article_in(a, lang);
            let text = if audience.addressed(t, spec, *against) {
                t!(
                    lang,
                    "official-fixed-body-yours",
                    number = *number,
                    reset = article(Article::OverstepReset),
                    loss = article(Article::OverstepLoss),
                    suspension = article(Article::Suspension),
                    interrupted = yes(*interrupted)
                )
            } else {
                t!(
                    lang,
                    "official-fixed-body",
                    name = &t.player_of(spec, *against).natural_name(),
                    side = side(*against, lang),
                    number = *number,
                    reset = article(Article::OverstepReset),
                    loss = article(Article::OverstepLoss),
                    suspension = article(Article::Suspension),
                    interrupted = yes(*interrupted)
                )
            };
            to_players(
                league,
                game,
                *today,
                audience,
                "official-fixed-subject",
                text,
            )
        }
        OfficialNotice::ClaimRejected {
            game,
            against,
            control,
            interrupted,
            today,
        } => {
            let (t, spec) = game_of(league, game);
            let article = |a| t.rules.article_in(a, lang);
            let text = if audience.addressed(t, spec, *against) {
                t!(
                    lang,
                    "official-rejected-body-yours",
                    control = *control,
                    bar = article(Article::ClaimBar),
                    suspension = article(Article::Suspension),
                    interrupted = yes(*interrupted)
                )
            } else {
                t!(
                    lang,
                    "official-rejected-body",
                    name = &t.player_of(spec, *against).natural_name(),
                    side = side(*against, lang),
                    control = *control,
                    bar = article(Article::ClaimBar),
                    suspension = article(Article::Suspension),
                    interrupted = yes(*interrupted)
                )
            };
            to_players(
                league,
                game,
                *today,
                audience,
                "official-rejected-subject",
                text,
            )
        }
        OfficialNotice::LeaveGranted {
            tournament,
            player,
            from,
            to,
        } => {
            let t = tournament_of(league, tournament);
            let p = t
                .player(player)
                .expect("a leave is for a player of the tournament");
            Text {
                subject: format!(
                    "[{}] {}: {}",
                    t.id,
                    p.surname(),
                    t!(lang, "official-leave-subject")
                ),
                body: format!(
                    "{}{}\n",
                    audience.greeting(),
                    t!(
                        lang,
                        "official-leave-body",
                        name = &p.natural_name(),
                        from = date_in(*from, lang),
                        to = date_in(*to, lang),
                        article = t.rules.article_in(Article::ExceptionalLeave, lang),
                        days = t.rules.article_in(Article::LeaveDays, lang)
                    )
                ),
            }
        }
        OfficialNotice::Report { today, tournaments } => {
            let mut body = t!(lang, "official-report-title", date = date_in(*today, lang));
            body.push_str("\n\n");
            // each tournament's crosstable, then every game with its clocks
            for (id, games) in tournaments {
                let t = tournament_of(league, id);
                let games: Vec<&Game> = games.iter().collect();
                body.push_str(&super::standings::text(t, &games, *today, lang));
                body.push('\n');
            }
            Text {
                subject: t!(lang, "official-report-subject"),
                body,
            }
        }
        OfficialNotice::Bounced(report) => bounced(report, audience),
        OfficialNotice::NoMailAccess {
            address,
            players,
            player,
            since,
            days,
        } => Text {
            subject: t!(lang, "official-no-access-subject", days = *days),
            body: format!(
                "{}{}\n",
                audience.greeting(),
                t!(
                    lang,
                    "official-no-access-body",
                    address = address.as_str(),
                    players = players.join(", "),
                    since = date_in(*since, lang),
                    days = *days,
                    player = player.as_str()
                )
            ),
        },
        OfficialNotice::NotRefereed {
            key,
            from,
            message_id,
            subject,
            reason,
        } => Text {
            subject: t!(lang, "official-not-refereed-subject"),
            body: format!(
                "{}{}\n\n{}\n{}\n{}\n{}\n{}\n",
                audience.greeting(),
                t!(lang, "official-not-refereed-body"),
                t!(lang, "official-mail-key", key = key.as_str()),
                t!(lang, "official-mail-from", from = from.as_str()),
                t!(lang, "official-mail-id", id = message_id.as_str()),
                t!(lang, "official-mail-subject", subject = subject.as_str()),
                t!(
                    lang,
                    "official-not-refereed-reason",
                    reason = reason.as_str()
                ),
            ),
        },
        OfficialNotice::DirectorHelp => Text {
            subject: t!(lang, "official-help-subject"),
            body: t!(lang, "official-help-body", example = "[T/1]") + "\n",
        },
        OfficialNotice::Archive { game } => Text {
            subject: format!("[{game}] {}", t!(lang, "official-archive-subject")),
            body: t!(lang, "official-archive-body", game = game.as_str()) + "\n",
        },
        OfficialNotice::Pgn { game } => {
            let (t, spec) = game_of(league, game);
            Text {
                subject: format!("[{}] PGN", spec.id),
                body: pgn(t, game),
            }
        }
        OfficialNotice::Refused { problems, partly } => {
            let mut body = String::new();
            for problem in problems {
                body.push_str(&problem_text(problem, lang));
                body.push('\n');
            }
            Text {
                subject: t!(lang, "official-refused-subject", partly = yes(*partly)),
                body,
            }
        }
    }
}

/// The rule set in short, in `lang`: the section, the time control and the
/// penalty.
pub fn rules_summary(rules: &RuleSet, lang: Lang) -> String {
    let mut clock = match rules.clock {
        TimeControl::Moves => t!(
            lang,
            "official-clock-moves",
            days = rules.days_per_control,
            moves = rules.moves_per_control
        ),
        TimeControl::Fischer {
            base_days,
            days_per_move,
            max_days,
        } => t!(
            lang,
            "official-clock-fischer",
            base = base_days,
            inc = days_per_move,
            max = max_days
        ),
        TimeControl::Countdown { game_days } => {
            t!(lang, "official-clock-countdown", days = game_days)
        }
    };
    if let Some(days) = rules.double_after_days {
        clock.push_str(&t!(lang, "official-clock-doubled", days = days));
    }
    // ICCF's name where its preset is cited; the clock presets follow
    // Section III, and their clock is told beside it
    let section = match (rules.kind, rules.section()) {
        (_, name) if name == crate::referee::rules::find_preset("iccf").map_or("", |p| &p.name) => {
            "iccf"
        }
        (RuleKind::Email, _) => "email",
        (RuleKind::Postal, _) => "postal",
    };
    t!(
        lang,
        "official-rules",
        section = section,
        clock = clock,
        penalty = rules.penalty_days
    )
}

/// `40 days` / `3 месяца`.
pub fn span(span: Span, lang: Lang) -> String {
    let (unit, n) = match span {
        Span::Days(n) => ("days", n),
        Span::Months(n) => ("months", n),
    };
    t!(lang, "official-span", unit = unit, n = n)
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn color_key(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn side(color: Color, lang: Lang) -> String {
    t!(lang, "official-side", color = color_key(color))
}

/// `yes` while the game's first move is awaited: the days then run from the
/// game's start, and there is no move received to answer.
fn first_move(game: &Game) -> &'static str {
    if game.plies.is_empty() {
        "yes"
    } else {
        "no"
    }
}

fn side_lower(color: Color, lang: Lang) -> String {
    t!(lang, "official-side-lower", color = color_key(color))
}

fn tournament_of<'a>(league: &'a League, id: &str) -> &'a Tournament {
    league
        .tournament(id)
        .expect("a notice is about a tournament of the league")
}

/// The clocks of the game's players who read this mail: one player's
/// plainly, both (one language) each under his name. Starts with a blank
/// line when there is any.
fn clocks(t: &Tournament, game: &Game, today: NaiveDate, audience: &Audience) -> String {
    if audience.director {
        let both = super::forms::clocks_of_both(t, game, today, audience.lang);
        return if both.is_empty() {
            both
        } else {
            format!("\n{both}")
        };
    }
    let spec = &game.spec;
    let readers: Vec<Color> = [Color::White, Color::Black]
        .into_iter()
        .filter(|c| audience.includes(&Reader::seat(t, spec, *c)))
        .collect();
    let mut out = String::new();
    for c in &readers {
        out.push('\n');
        if readers.len() > 1 {
            let name = &t.player_of(spec, *c).natural_name();
            let of = t!(
                audience.lang,
                "official-clock-of",
                name = name,
                side = side(*c, audience.lang)
            );
            out.push_str(&of);
            out.push('\n');
        }
        out.push_str(&clock(t, game, *c, today, audience.lang));
    }
    out
}

/// What the director can answer about a game, in the exact form, when he
/// reads this mail: the claim pending, the result, a leave for the player
/// to move from the day his move was received to today, penalty days.
pub(super) fn director_answers(
    t: &Tournament,
    game: &Game,
    today: NaiveDate,
    audience: &Audience,
) -> String {
    let director = Reader::director_of(t);
    if !audience.includes(&director) {
        return String::new();
    }
    let lang = audience.lang;
    let spec = &game.spec;
    let color = game.to_move();
    let p = t.player_of(spec, color);
    let article = |a| t.rules.article_in(a, lang);
    // a held copy is read in the digest, whose subject names no game
    let intro = if audience.held {
        "official-answers-intro-digest"
    } else {
        "official-answers-intro"
    };
    let mut out = format!("\n{}\n", t!(lang, intro, game = &spec.id));
    let mut line = |text: String| {
        let _ = writeln!(out, "  {text}");
    };
    if game.claim.is_some() {
        line(t!(
            lang,
            "official-answers-claim",
            article = article(Article::Claim)
        ));
    }
    line(t!(
        lang,
        "official-answers-result",
        article = article(Article::Adjudication)
    ));
    line(t!(
        lang,
        "official-answers-leave",
        player = &p.id,
        // in the reader's form, which the command reads as it reads the
        // other (2026-05-16 or 16.05.2026)
        from = date_in(game.next_received(), lang),
        to = date_in(today, lang),
        name = &p.natural_name(),
        article = article(Article::ExceptionalLeave)
    ));
    line(t!(
        lang,
        "official-answers-penalty",
        color = t!(lang, "official-penalty-color", color = color_key(color)),
        name = &p.natural_name()
    ));
    out
}

/// A decision of the director told to both players: the text, then the
/// clock of each player who reads this copy.
fn to_players(
    league: &League,
    game: &Game,
    today: NaiveDate,
    audience: &Audience,
    subject_id: &str,
    text: String,
) -> Text {
    let (t, spec) = game_of(league, game);
    let lang = audience.lang;
    Text {
        subject: subject(t, spec, &t!(lang, subject_id)),
        body: format!(
            "{}{text}\n{}",
            audience.greeting(),
            clocks(t, game, today, audience)
        ),
    }
}

/// The opening mail: the start, the standard form's header with the
/// colours, the rules in short, how to write a move, the reader's clock.
fn opening(
    league: &League,
    game: &Game,
    (today, tables_reached): (NaiveDate, bool),
    audience: &Audience,
) -> Text {
    let (t, spec) = game_of(league, game);
    let lang = audience.lang;
    // the example is a placeholder, never a playable move: a reply that
    // quotes this mail without marks must not read as a move (the way to
    // write e2-e4 goes in words, which are not read as a move)
    let sample = match t.notation {
        Notation::Numeric => "5254",
        Notation::San => "e4",
        Notation::Ru => "e2-e4",
    };
    // the side to move first and its move number: White's 1. from the
    // usual position, the FEN's from a start position
    let first = game.position_before(0);
    let (color, dots) = match first.turn() {
        Color::White => ("white", "."),
        Color::Black => ("black", "..."),
    };
    let example = format!(
        "{}\n{}",
        t!(
            lang,
            "official-opening-example",
            move = format!("{}{dots}", first.fullmoves())
        ),
        t!(lang, "official-opening-sample", sample = sample)
    );
    // a game from a start position shows it, with its FEN
    let position = match &spec.start {
        Some(start) => format!(
            "\n\n{}\n{}",
            t!(lang, "official-opening-position", fen = start.fen()),
            game_board(game, lang, audience.side(t, spec)).trim_end()
        ),
        None => String::new(),
    };
    let position = if tables_reached {
        format!("{position}\n\n{}", super::claims::reached(game, true, lang))
    } else {
        position
    };
    let mut body = audience.greeting();
    let _ = writeln!(
        body,
        "{}\n{}\n\n{}{position}\n\n{}\n{}\n\n{}\n    {example}\n{}",
        t!(
            lang,
            "official-opening-begins",
            game = &spec.id,
            tournament = &t.name,
            date = date_in(t.start, lang)
        ),
        t!(
            lang,
            "official-opening-colours",
            white = &t.player_of(spec, Color::White).natural_name(),
            black = &t.player_of(spec, Color::Black).natural_name()
        ),
        standard_form(t, game, lang).trim_end(),
        t!(
            lang,
            "official-opening-rules",
            rules = rules_summary(&t.rules, lang)
        ),
        t!(lang, "official-opening-notation"),
        t!(lang, "official-opening-write", color = color),
        t!(lang, "official-opening-later"),
    );
    body.push_str(&clocks(t, game, today, audience));
    Text {
        subject: subject(t, spec, &t!(lang, "official-opening-subject")),
        body,
    }
}

/// The reminder: the move awaited repeated with the standard form and the
/// board, or White's first move asked for; the player's clock; what the
/// director can answer, in his copy.
fn reminder(
    league: &League,
    game: &Game,
    waiting: u32,
    to_director: bool,
    today: NaiveDate,
    audience: &Audience,
) -> Text {
    let (t, spec) = game_of(league, game);
    let lang = audience.lang;
    let first = game.plies.is_empty();
    let article = t.rules.article_in(
        if first {
            Article::FirstMove
        } else {
            Article::Reminder
        },
        lang,
    );
    let (what, repeated) = if first {
        (
            t!(
                lang,
                "official-reminder-first",
                color = match game.to_move() {
                    Color::White => "white",
                    Color::Black => "black",
                },
                waiting = waiting,
                start = date_in(game.next_received(), lang)
            ),
            t!(
                lang,
                "official-reminder-asked",
                director = yes(to_director),
                article = article
            ),
        )
    } else {
        (
            t!(
                lang,
                "official-reminder-waiting",
                waiting = waiting,
                last = numbered_in(game, game.plies.len() - 1, t.notation, lang),
                received = date_in(game.next_received(), lang)
            ),
            t!(
                lang,
                "official-reminder-repeated",
                director = yes(to_director),
                article = article
            ),
        )
    };
    let mut body = audience.greeting();
    let _ = writeln!(
        body,
        "{what} {repeated} {}\n",
        t!(lang, "official-reminder-again")
    );
    if let (Some(days), false) = (t.rules.breakdown_days, to_director) {
        let _ = writeln!(
            body,
            "{}\n",
            t!(
                lang,
                "official-reminder-breakdown",
                days = days,
                article = article
            )
        );
    }
    body.push_str(&standard_form(t, game, lang));
    body.push('\n');
    let side = audience.side(t, &game.spec);
    body.push_str(&game_board(game, lang, side));
    body.push_str(&clocks(t, game, today, audience));
    body.push_str(&director_answers(t, game, today, audience));
    Text {
        subject: subject(t, spec, &t!(lang, "official-reminder-subject")),
        body,
    }
}

fn problem_text(problem: &Problem, lang: Lang) -> String {
    match problem {
        Problem::NoCommand => t!(lang, "official-problem-no-command"),
        Problem::NoGame { command } => {
            let command = match command {
                DirectorCommand::Result => "result",
                DirectorCommand::Penalty => "penalty",
                DirectorCommand::Pgn => "pgn",
                DirectorCommand::Archive => "archive",
            };
            let command = t!(lang, "official-command", command = command);
            t!(lang, "official-problem-no-game", command = command)
        }
        Problem::WhichClaim => t!(lang, "official-problem-which-claim"),
        Problem::NoClaim { game } => t!(lang, "official-problem-no-claim", game = game),
        Problem::GameOver { game } => t!(lang, "official-problem-over", game = game),
        Problem::PenaltyRange { game, days, max } => t!(
            lang,
            "official-problem-penalty",
            game = game,
            days = *days,
            max = *max
        ),
        Problem::LeaveBackwards { player } => {
            t!(lang, "official-problem-leave-backwards", player = player)
        }
        Problem::NoPlayer { player } => t!(lang, "official-problem-no-player", player = player),
        Problem::WithdrawNoPlayer { player } => {
            t!(lang, "official-problem-withdraw-no-player", player = player)
        }
        Problem::WithdrawNothing { player } => {
            t!(lang, "official-problem-withdraw-nothing", player = player)
        }
    }
}

/// Golden texts of every notice, in both languages: the fixture has Ivanov
/// (Russian, White) against Petrov (English, Black), the director reading
/// English; each notice is written for the readers it goes to.
/// The subject of the report of a bounce, in every language: a bounce of
/// such a report is never reported again (no loop).
pub fn bounce_subjects() -> Vec<String> {
    let mut subjects: Vec<String> = Lang::all()
        .map(|lang| t!(lang, "official-bounced-subject"))
        .collect();
    // a reader of every language (older stores wrote this one)
    subjects.push(subjects.join(" / "));
    subjects
}

/// The report of a bounce ([`OfficialNotice::Bounced`]).
fn bounced(report: &BounceReport, audience: &Audience) -> Text {
    let lang = audience.lang;
    let who = report.undelivered.join(", ");
    let quote = |text: &str| -> String {
        text.lines()
            .map(|l| format!("  | {l}\n"))
            .collect::<String>()
    };
    let why: String = report.why.iter().map(|l| format!("  {l}\n")).collect();
    Text {
        subject: t!(lang, "official-bounced-subject"),
        body: format!(
            "{}{}\n\n{}\n{}\n{}\n{}\n{}\n\n{}\n{why}\n{}\n{}\n{}\n",
            audience.greeting(),
            t!(lang, "official-bounced-intro"),
            t!(lang, "official-bounced-to", who = who.as_str()),
            t!(
                lang,
                "official-bounced-game",
                game = report.game.as_deref().unwrap_or("-")
            ),
            t!(
                lang,
                "official-mail-subject",
                subject = report.subject.as_str()
            ),
            t!(
                lang,
                "official-bounced-sent",
                // the day as the director writes a date, the time in UTC
                sent = report.sent.map_or_else(
                    || "-".to_string(),
                    |at| format!(
                        "{} {} UTC",
                        date_in(at.date_naive(), lang),
                        at.format("%H:%M")
                    )
                )
            ),
            t!(lang, "official-mail-id", id = report.message_id.as_str()),
            t!(lang, "official-bounced-why"),
            t!(lang, "official-bounced-missed", who = who.as_str()),
            quote(&report.summary),
            t!(
                lang,
                "official-bounced-kept",
                key = report.key.as_str(),
                from = report.from.as_str()
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{day, director, game, ivanov, league, petrov, show};
    use crate::referee::game::{Event, Side};
    use crate::referee::notice::officials::{
        BounceReport, DirectorCommand, OfficialNotice, Problem,
    };
    use crate::referee::notice::{Letter, Notice, Reader};
    use crate::referee::rules::RuleSet;
    use crate::referee::tournament::{Lang, League};
    use shakmaty::Color;
    fn written(
        league: &League,
        to: Vec<Reader>,
        cc: Vec<Reader>,
        notice: OfficialNotice,
    ) -> String {
        let letter = Letter::new(to, cc, Notice::Official(notice), Some("T/1"));
        show(league, &[letter])
    }

    /// The same league with the director reading Russian.
    fn russian_director() -> League {
        let mut league = league();
        league.tournaments[0].director_language = Lang::Ru;
        league
    }

    /// The game `moves` (one a day from 10 May) with the overstep of the
    /// player to move claimed as of `today`.
    fn claimed(league: &League, moves: &[&str], today: &str) -> crate::referee::game::Game {
        let t = &league.tournaments[0];
        let g = game(league, moves);
        let (against, control) = g.overstep(&t.rules, day(today)).expect("an overstep");
        let decision = crate::referee::compose::claim_overstep(
            t,
            &t.games[0],
            &g,
            against,
            control,
            day(today),
        );
        crate::referee::compose::game_after(&g, &t.games[0], &decision)
    }

    /// III.6.4: a protest goes to the director; his copy of the answer to
    /// it says whose protest it is and why he has it, not "your protest"
    /// and the days left on the clock.
    #[test]
    fn iii_6_4_the_directors_copy_of_a_protest_answer_is_about_the_players_protest() {
        let league = league();
        let mut letter = Letter::new(
            vec![petrov()],
            vec![director()],
            Notice::Official(OfficialNotice::ProtestAnswer {
                game: Box::new(claimed(&league, &["5254"], "2026-07-12")),
                accepted: true,
                until: None,
                today: day("2026-07-14"),
            }),
            Some("T/1"),
        );
        letter.copy = crate::referee::notice::CopyWhy::ShortOfTime;
        let mails = super::super::mails(&league, &letter);
        let copy = mails
            .iter()
            .find(|m| m.to.iter().any(|r| r.email == "td@example.test"))
            .expect("the director's copy");
        let text = format!("{}\n{}", copy.subject, copy.body);
        assert!(text.contains("Protest of Petr Petrov"), "{text}");
        assert!(
            text.contains("the answer to Petr Petrov's protest against the overstep claim, since a protest goes to the director (III.6.4)"),
            "{text}"
        );
        assert!(!text.contains("your protest"), "{text}");
        assert!(!text.contains("or fewer days left"), "{text}");
    }

    /// The warning before a loss on time (III.4.10), the protest and its
    /// answer (III.6.4), the CONFIRM held for the protest days: each for
    /// its reader, in English and in Russian.
    #[test]
    fn iii_6_4_the_warning_the_protest_its_answer_and_the_held_confirm() {
        let mut out = String::new();
        for (league, player, moves, claim_day) in [
            (league(), petrov(), &["5254"][..], "2026-07-12"),
            (russian_director(), ivanov(), &[][..], "2026-07-11"),
        ] {
            let warned = game(&league, moves);
            // the protest days as the claim sets them
            let t = &league.tournaments[0];
            let until = claimed(&league, moves, claim_day)
                .claim
                .as_ref()
                .expect("a claim")
                .protest_until(&t.rules);
            let warning_day = if moves.is_empty() {
                "2026-07-04"
            } else {
                "2026-07-05"
            };
            let notices = [
                (
                    player.clone(),
                    OfficialNotice::TimeWarning {
                        game: Box::new(warned),
                        today: day(warning_day),
                    },
                ),
                (
                    director(),
                    OfficialNotice::Protest {
                        game: Box::new(claimed(&league, moves, claim_day)),
                        color: if moves.is_empty() {
                            Color::White
                        } else {
                            Color::Black
                        },
                        reasons: "I was ill.\nA certificate follows.".into(),
                        today: day("2026-07-14"),
                    },
                ),
                (
                    player.clone(),
                    OfficialNotice::ProtestAnswer {
                        game: Box::new(claimed(&league, moves, claim_day)),
                        accepted: true,
                        until: None,
                        today: day("2026-07-14"),
                    },
                ),
                (
                    player.clone(),
                    OfficialNotice::ProtestAnswer {
                        game: Box::new(claimed(&league, moves, claim_day)),
                        accepted: false,
                        until: Some(until),
                        today: day("2026-07-30"),
                    },
                ),
                (
                    director(),
                    OfficialNotice::ConfirmHeld {
                        game: Box::new(claimed(&league, moves, claim_day)),
                        until,
                        today: day("2026-07-13"),
                    },
                ),
            ];
            for (reader, notice) in notices {
                out.push_str(&written(&league, vec![reader], vec![], notice));
            }
        }
        insta::assert_snapshot!("protest_warning", out);
    }

    /// III.7.4: a leave's first day and the day after its end, told to
    /// the partner (Petrov, English, and Ivanov, Russian) with his clock.
    #[test]
    fn iii_7_4_the_leave_begins_and_ends_for_the_partner() {
        use crate::referee::clock::Days;
        let league = league();
        let leave = Days {
            from: day("2026-06-01"),
            to: day("2026-06-10"),
        };
        let mut out = String::new();
        for (color, partner, begins, today) in [
            (Color::White, petrov(), true, "2026-06-01"),
            (Color::Black, ivanov(), false, "2026-06-11"),
        ] {
            let leaves = match color {
                Color::White => [vec![leave], vec![]],
                Color::Black => [vec![], vec![leave]],
            };
            let moves: &[&str] = if color == Color::White {
                &["5254"]
            } else {
                &["5254", "5755"]
            };
            let g = crate::letters::fixture::game_with(&league, leaves, moves, 1);
            let notice = OfficialNotice::LeaveDay {
                game: Box::new(g),
                color,
                from: leave.from,
                to: leave.to,
                begins,
                today: day(today),
            };
            out.push_str(&written(&league, vec![partner], vec![], notice));
        }
        insta::assert_snapshot!("leave_day", out);
    }

    #[test]
    fn the_opening_mail_in_each_players_language() {
        let league = league();
        let g = game(&league, &[]);
        let notice = OfficialNotice::Opening {
            game: Box::new(g),
            today: day("2026-05-10"),
            tables_reached: false,
        };
        insta::assert_snapshot!(
            "opening",
            written(&league, vec![ivanov(), petrov()], vec![], notice)
        );
    }

    #[test]
    fn the_reminder_repeats_the_move_with_the_clock_and_the_directors_answers() {
        let league = league();
        let g = game(&league, &["5254"]);
        let notice = |g| OfficialNotice::Reminder {
            game: Box::new(g),
            waiting: 14,
            to_director: true,
            today: day("2026-05-24"),
        };
        // Petrov (English) is silent: one mail, Cc the director
        let english = written(&league, vec![petrov()], vec![director()], notice(g.clone()));
        // Ivanov (Russian) is silent, the director reads Russian too
        let g2 = game(&league, &["5254", "5755"]);
        let russian = written(
            &russian_director(),
            vec![ivanov()],
            vec![director()],
            notice(g2),
        );
        insta::assert_snapshot!("reminder", format!("{english}\n#####\n{russian}"));
    }

    #[test]
    fn a_postal_reminder_warns_of_the_breakdown_and_plural_forms_follow_the_language() {
        let mut league = league();
        league.tournaments[0].rules = RuleSet::postal();
        let g = game(&league, &["5254", "5755"]);
        // 21 days: «21 день», 22: «22 дня», 25: «25 дней»
        let text = [21, 22, 25]
            .into_iter()
            .map(|waiting| {
                let notice = OfficialNotice::Reminder {
                    game: Box::new(g.clone()),
                    waiting,
                    to_director: false,
                    today: day("2026-05-11") + chrono::Days::new(waiting.into()),
                };
                written(&league, vec![ivanov()], vec![], notice)
            })
            .collect::<Vec<_>>()
            .join("\n#####\n");
        insta::assert_snapshot!("reminder_postal", text);
    }

    #[test]
    fn whites_first_move_asked_for() {
        let league = league();
        let g = game(&league, &[]);
        let notice = |g| OfficialNotice::Reminder {
            game: Box::new(g),
            waiting: 1,
            to_director: true,
            today: day("2026-05-11"),
        };
        let text = written(&league, vec![ivanov()], vec![director()], notice(g.clone()));
        let russian = written(
            &russian_director(),
            vec![ivanov()],
            vec![director()],
            notice(g),
        );
        insta::assert_snapshot!("first_move", format!("{text}\n#####\n{russian}"));
    }

    /// A game from a start position with Black to move: the reminder asks
    /// for Black's first move, in each language.
    #[test]
    fn the_first_move_asked_for_is_the_start_positions_side() {
        let mut league = league();
        league.tournaments[0].games[0].start = Some(
            crate::referee::tournament::StartPosition::parse("8/8/4k3/8/8/4K3/r7/R7 b - - 0 40")
                .unwrap(),
        );
        let g = game(&league, &[]);
        let text = written(
            &league,
            vec![petrov()],
            vec![director()],
            OfficialNotice::Reminder {
                game: Box::new(g),
                waiting: 1,
                to_director: true,
                today: day("2026-05-11"),
            },
        );
        assert!(text.contains("Black's first move is awaited"), "{text}");
        assert!(!text.contains("White's first move"), "{text}");
    }

    #[test]
    /// III.5.3 with III.7.4: the days without a move leave out the
    /// player's leave, and the notice names it with the calendar days.
    fn iii_5_3_the_inactivity_notice_names_the_leave_left_out() {
        use crate::referee::clock::Days;
        for (league, words) in [
            (
                league(),
                "The days counted leave out the leave 01.06.2026-10.06.2026: 51 calendar days have passed",
            ),
            (
                russian_director(),
                "В счет дней не входит перерыв 01.06.2026-10.06.2026: со дня получения хода прошло календарных дней: 51.",
            ),
        ] {
            let leave = Days {
                from: day("2026-06-01"),
                to: day("2026-06-10"),
            };
            let g = crate::letters::fixture::game_with(&league, [vec![], vec![leave]], &["5254"], 1);
            let inactivity = OfficialNotice::Inactivity {
                game: Box::new(g),
                waiting: 40,
                today: day("2026-06-30"),
            };
            let text = written(&league, vec![director()], vec![], inactivity);
            assert!(text.contains(words), "{text}");
        }
    }

    #[test]
    fn the_director_told_of_inactivity_and_of_a_breakdown_in_his_language() {
        let mut text = String::new();
        for league in [league(), russian_director()] {
            let mut g = game(&league, &["5254"]);
            if league.tournaments[0].director_language == Lang::Ru {
                // a first overstep claimed while play goes on: CONFIRM or REJECT
                g.apply(&Event::Suspended {
                    side: Side::from(Color::Black),
                    on: day("2026-06-15"),
                    used: 36,
                    allowance: 30,
                    control: 10,
                    interrupts: false,
                })
                .unwrap();
            }
            let inactivity = OfficialNotice::Inactivity {
                game: Box::new(g.clone()),
                waiting: 40,
                today: day("2026-06-20"),
            };
            text.push_str(&written(&league, vec![director()], vec![], inactivity));
            text.push_str("\n#####\n");
            let mut postal = league.clone();
            postal.tournaments[0].rules = RuleSet::postal();
            let breakdown = OfficialNotice::Breakdown {
                game: Box::new(g),
                waiting: 61,
                today: day("2026-07-11"),
            };
            text.push_str(&written(&postal, vec![director()], vec![], breakdown));
            text.push_str("\n#####\n");
        }
        insta::assert_snapshot!("inactivity_breakdown", text);
    }

    #[test]
    fn the_daemons_own_reports_to_the_director_in_his_language() {
        // a bounce, III.1.6 and a mail that could not be refereed: written
        // from the catalogs, each in the director's language
        let bounced = || {
            OfficialNotice::Bounced(Box::new(BounceReport {
                undelivered: vec!["petrov@example.test".into()],
                game: Some("T/1".into()),
                subject: "[T/1] Ivanov - Petrov: 1. 5254".into(),
                sent: chrono::DateTime::parse_from_rfc3339("2026-05-11T10:00:00Z")
                    .ok()
                    .map(|at| at.with_timezone(&chrono::Utc)),
                message_id: "<7.abc@arbiter.example.test>".into(),
                why: vec![
                    "petrov@example.test: failed (Status: 5.1.1; Diagnostic-Code: smtp; 550 5.1.1 User unknown)".into(),
                ],
                summary: "Ivanov, Ivan - Petrov, Petr\n1. 5254".into(),
                key: "1700000000.M1P1.host".into(),
                from: "MAILER-DAEMON@example.test".into(),
            }))
        };
        let no_access = || OfficialNotice::NoMailAccess {
            address: "petrov@example.test".into(),
            players: vec!["Petr Petrov (T/petrov)".into()],
            player: "petrov".into(),
            since: day("2026-05-11"),
            days: 30,
        };
        let not_refereed = || OfficialNotice::NotRefereed {
            key: "1700000001.M2P1.host".into(),
            from: "ivanov@example.test".into(),
            message_id: "<poison@example.test>".into(),
            subject: "Re: [T/1]".into(),
            reason: "the referee panicked: POISON".into(),
        };
        let mut text = String::new();
        for league in [league(), russian_director()] {
            for notice in [bounced(), no_access(), not_refereed()] {
                text.push_str(&written(&league, vec![director()], vec![], notice));
                text.push_str("\n#####\n");
            }
        }
        insta::assert_snapshot!("daemon_reports", text);
    }

    #[test]
    fn the_directors_decisions_told_to_both_players_with_their_clocks() {
        let league = league();
        let g = game(&league, &["5254", "5755"]);
        let today = day("2026-05-20");
        let both = |notice| written(&league, vec![ivanov(), petrov()], vec![director()], notice);
        // the game as the penalty leaves it: the clocks count its days
        let mut penalised = g.clone();
        penalised
            .apply(&Event::Penalty {
                side: Side::Black,
                days: 3,
                on: today,
                reason: crate::referee::game::PenaltyReason::Director,
            })
            .unwrap();
        let text = [
            both(OfficialNotice::Penalty {
                game: Box::new(penalised),
                color: Color::Black,
                days: 3,
                today,
            }),
            both(OfficialNotice::OverstepFixed {
                game: Box::new(g.clone()),
                against: Color::White,
                number: 2,
                interrupted: true,
                today,
            }),
            both(OfficialNotice::ClaimRejected {
                game: Box::new(g.clone()),
                against: Color::Black,
                control: 10,
                interrupted: false,
                today,
            }),
            written(
                &league,
                vec![petrov(), director()],
                vec![ivanov()],
                OfficialNotice::LeaveGranted {
                    tournament: "T".into(),
                    player: "ivanov".into(),
                    from: day("2026-05-17"),
                    to: day("2026-05-21"),
                },
            ),
        ];
        insta::assert_snapshot!("decisions", text.join("\n#####\n"));
    }

    /// III.6.6-6.7, III.4.7: the director's decision about one player
    /// goes to each player in a mail of his own, also when both read one
    /// language: the player it concerns reads it as said to him (his name
    /// only in the greeting), his partner reads his name.
    #[test]
    fn iii_6_6_iii_6_7_the_directors_decisions_speak_to_the_player_they_concern() {
        let cases = [
            (
                "en",
                [
                    "The director gives you 3 penalty days.",
                    "The director confirms your first time overstep.",
                    "The director rejects the overstep claim against you;",
                ],
                "Petr Petrov",
            ),
            (
                "ru",
                [
                    "Судья назначил вам штрафные дни: +3 дня.",
                    "Судья фиксирует вашу первую просрочку времени.",
                    "Судья отклонил заявление о просрочке времени против вас;",
                ],
                "Petr Petrov",
            ),
            (
                "de",
                [
                    "Der Turnierleiter verhängt gegen Sie Straftage: +3 Tage.",
                    "Der Turnierleiter bestätigt Ihre erste Zeitüberschreitung.",
                    "Der Turnierleiter lehnt die Reklamation wegen Zeitüberschreitung gegen Sie ab;",
                ],
                "Petr Petrov",
            ),
            (
                "lt",
                [
                    "Turnyro direktorius jums skiria baudos dienų: +3 dienos.",
                    "Turnyro direktorius patvirtina jūsų pirmąjį laiko viršijimą.",
                    "Turnyro direktorius atmeta pareiškimą dėl jūsų laiko viršijimo;",
                ],
                "Petr Petrov",
            ),
        ];
        for (code, yours, named) in cases {
            let lang = Lang::from_code(code).expect("a language");
            let mut league = league();
            for p in &mut league.tournaments[0].players {
                p.language = lang;
            }
            let g = game(&league, &["5254", "5755"]);
            let today = day("2026-05-20");
            let notices = [
                OfficialNotice::Penalty {
                    game: Box::new(g.clone()),
                    color: Color::Black,
                    days: 3,
                    today,
                },
                OfficialNotice::OverstepFixed {
                    game: Box::new(g.clone()),
                    against: Color::Black,
                    number: 2,
                    interrupted: true,
                    today,
                },
                OfficialNotice::ClaimRejected {
                    game: Box::new(g.clone()),
                    against: Color::Black,
                    control: 10,
                    interrupted: false,
                    today,
                },
            ];
            for (notice, yours) in notices.into_iter().zip(yours) {
                let letter = Letter::new(
                    vec![ivanov(), petrov()],
                    vec![director()],
                    Notice::Official(notice),
                    Some("T/1"),
                );
                let mails = crate::letters::mails(&league, &letter);
                let to = |email: &str| {
                    let mine: Vec<_> = mails
                        .iter()
                        .filter(|m| m.to.iter().chain(&m.cc).any(|r| r.email == email))
                        .collect();
                    assert_eq!(mine.len(), 1, "{code}: {email}");
                    assert_eq!(
                        mine[0].to.len() + mine[0].cc.len(),
                        1,
                        "{code}: {email} alone"
                    );
                    mine[0].body.clone()
                };
                let petrov = to("petrov@example.test");
                assert!(petrov.contains(yours), "{code}: {petrov}");
                // his name only in the greeting
                assert_eq!(petrov.matches(named).count(), 1, "{code}: {petrov}");
                let ivanov = to("ivanov@example.test");
                assert!(ivanov.contains(named), "{code}: {ivanov}");
                assert!(!ivanov.contains(yours), "{code}: {ivanov}");
            }
        }
    }

    #[test]
    fn the_directors_answers_in_his_language() {
        let mut text = String::new();
        for league in [league(), russian_director()] {
            let g = game(&league, &["5254", "5755"]);
            let answer = |notice| written(&league, vec![director()], vec![], notice);
            for notice in [
                OfficialNotice::Report {
                    today: day("2026-05-12"),
                    tournaments: vec![("T".into(), vec![g.clone()])],
                },
                OfficialNotice::DirectorHelp,
                OfficialNotice::Archive { game: "T/1".into() },
                OfficialNotice::Pgn {
                    game: Box::new(g.clone()),
                },
                OfficialNotice::Refused {
                    problems: vec![
                        Problem::NoCommand,
                        Problem::NoGame {
                            command: DirectorCommand::Result,
                        },
                        Problem::WhichClaim,
                        Problem::NoClaim { game: "T/1".into() },
                        Problem::GameOver { game: "T/1".into() },
                        Problem::PenaltyRange {
                            game: "T/1".into(),
                            days: 400,
                            max: 365,
                        },
                        Problem::LeaveBackwards {
                            player: "ivanov".into(),
                        },
                        Problem::NoPlayer {
                            player: "nobody".into(),
                        },
                        Problem::WithdrawNoPlayer {
                            player: "nobody".into(),
                        },
                        Problem::WithdrawNothing {
                            player: "ivanov".into(),
                        },
                    ],
                    partly: true,
                },
            ] {
                text.push_str(&answer(notice));
                text.push_str("\n#####\n");
            }
        }
        insta::assert_snapshot!("director_answers", text);
    }

    /// III.1.4: the director's list of his commands, when a mail of his
    /// holds none, names ARCHIVE (the game's mails, as mbox) in every
    /// language, in that language's word.
    #[test]
    fn iii_1_4_the_directors_command_list_names_archive_in_every_language() {
        for lang in Lang::all() {
            let text = crate::t!(lang, "official-problem-no-command");
            let word = match lang.code() {
                "ru" => "АРХИВ (ARCHIVE)",
                "de" => "ARCHIV (ARCHIVE)",
                "lt" => "ARCHYVAS (ARCHIVE)",
                _ => "ARCHIVE,",
            };
            assert!(text.contains(word), "{}: {text}", lang.code());
        }
    }
}
