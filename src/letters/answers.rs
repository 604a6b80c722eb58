//! The texts of [`AnswerNotice`]s: the answers to a player's mail and
//! requests, the leave notices, and the notes for the mover that the
//! forward of his move shows ([`mover_notes`]). Every answer about a game
//! shows the player his clock, in the copy he reads.

use super::claims::draw_position;
use super::{forms, game_of, game_subject, Audience, Text};
use crate::referee::game::Game;
use crate::referee::leave::Refusal;
use crate::referee::notice::answers::{
    AnswerNotice, ConditionalNews, ConditionalRefusal, Fault, Held, Misplaced, MoverNote, Seat,
    Stamp, Stated, Then, Understood, VariantFault, WhichGame,
};
use crate::referee::notice::Reader;
use crate::referee::rules::{Article, RuleKind};
use crate::referee::tournament::{GameSpec, Lang, League, Tournament};
use crate::render::{self, color_name, date_in, numbered_in};
use crate::t;
use chrono::NaiveDate;
use shakmaty::{Color, Position};
use std::fmt::Write;

mod conditional;
use conditional::conditional;

pub(super) fn render(league: &League, notice: &AnswerNotice, audience: &Audience) -> Text {
    let lang = audience.lang;
    let hello = audience.greeting();
    match notice {
        AnswerNotice::Refused {
            seat,
            fault,
            wrote,
            penalty,
        } => refused(league, seat, fault, wrote, *penalty, audience),
        AnswerNotice::NoMove {
            seat,
            understood,
            misplaced,
            words,
            question,
        } => no_move(
            league, seat, understood, misplaced, words, question, audience,
        ),
        AnswerNotice::AlreadyReceived { seat } => {
            let (t, _) = game_of(league, &seat.game);
            let game = &seat.game;
            let last = game.plies.len().saturating_sub(1);
            let text = match game.plies.get(last) {
                Some(ply) => t!(
                    lang,
                    "answer-already",
                    ply = numbered_in(game, last, t.notation, lang),
                    date = date_in(ply.sent, lang)
                ),
                None => String::new(),
            };
            about(league, seat, audience, "answer-already-subject", text)
        }
        AnswerNotice::NotYourTurn { seat } => {
            let (t, _) = game_of(league, &seat.game);
            let game = &seat.game;
            let last = match game.plies.len() {
                0 => "-".to_string(),
                n => numbered_in(game, n - 1, t.notation, lang),
            };
            let text = t!(lang, "answer-not-your-turn", ply = last);
            about(league, seat, audience, "answer-not-your-turn-subject", text)
        }
        AnswerNotice::GameOver { seat } => {
            let (t, spec) = game_of(league, &seat.game);
            let text = match seat.game.ending {
                Some(end) => t!(
                    lang,
                    "answer-over",
                    game = &spec.id,
                    result = end.result.as_str(),
                    reason = render::end_reason(end.reason, lang)
                ),
                None => String::new(),
            };
            // no clock: it stopped with the game
            Text {
                subject: game_subject(t, spec, &t!(lang, "answer-over-subject")),
                body: format!("{hello}{text}\n"),
            }
        }
        AnswerNotice::Conditional { seat, news } => conditional(league, seat, news, audience),
        AnswerNotice::Suspended { seat, held, note } => {
            suspended(league, seat, held, note, audience)
        }
        AnswerNotice::NoDrawOffer { seat } => {
            let text = t!(lang, "answer-no-draw-offer");
            about(league, seat, audience, "answer-no-draw-offer-subject", text)
        }
        AnswerNotice::TableClaim { seat, news } => {
            let (subject, text) = super::claims::answer(league, seat, news, lang);
            about(league, seat, audience, subject, text)
        }
        AnswerNotice::DrawClaimRefused { seat } => {
            let text = super::claims::draw_refused(seat, lang);
            about(
                league,
                seat,
                audience,
                "answer-draw-claim-refused-subject",
                text,
            )
        }
        AnswerNotice::Pgn { seat } => {
            let (t, spec) = game_of(league, &seat.game);
            // the PGN first and whole, as a chess program reads it; a
            // finished game's carries its result and no clock
            let clock = match seat.game.ending {
                Some(_) => String::new(),
                None => clock(t, spec, seat, audience),
            };
            Text {
                subject: game_subject(t, spec, &t!(lang, "answer-pgn-subject")),
                body: format!("{}{clock}", render::pgn(t, &seat.game)),
            }
        }
        AnswerNotice::NotYourGame { game } => {
            let subject = match league.game(game) {
                Some((t, spec)) => game_subject(t, spec, &t!(lang, "answer-not-your-game-subject")),
                None => t!(lang, "answer-not-your-game-subject"),
            };
            Text {
                subject,
                body: format!("{hello}{}\n", t!(lang, "answer-not-your-game", game = game)),
            }
        }
        AnswerNotice::WhichGame { problem, games } => {
            let mut body = hello;
            let head = match problem {
                WhichGame::NotYours(tag) => {
                    t!(lang, "answer-not-your-game", game = format!("[{tag}]"))
                }
                WhichGame::NoSuchGame(tag) => {
                    t!(lang, "answer-no-such-game", game = format!("[{tag}]"))
                }
                WhichGame::Unsaid => t!(lang, "answer-which-game"),
            };
            body.push_str(&head);
            body.push('\n');
            if *problem != WhichGame::Unsaid {
                body.push_str(&t!(lang, "answer-your-games"));
                body.push('\n');
            }
            for id in games {
                if let Some((t, spec)) = league.game(id) {
                    let _ = writeln!(
                        body,
                        "  [{id}] {} - {}",
                        t.player_of(spec, Color::White).natural_name(),
                        t.player_of(spec, Color::Black).natural_name()
                    );
                }
            }
            Text {
                subject: t!(lang, "answer-which-game-subject"),
                body,
            }
        }
        AnswerNotice::DirectorOnly { command } => Text {
            subject: t!(lang, "answer-director-only-subject"),
            body: format!(
                "{hello}{}\n",
                t!(
                    lang,
                    "answer-director-only",
                    command = command.to_uppercase()
                )
            ),
        },
        AnswerNotice::XfccAccount { account } => Text {
            subject: t!(lang, "answer-xfcc-subject"),
            body: match account {
                Some(account) => format!(
                    "{hello}{}\n",
                    t!(
                        lang,
                        "answer-xfcc-account",
                        url = account.url.clone(),
                        username = account.username.clone(),
                        password = account.password.0.clone()
                    )
                ),
                None => format!("{hello}{}\n", t!(lang, "answer-xfcc-off")),
            },
        },
        AnswerNotice::XfccForwards { on } => Text {
            subject: t!(lang, "answer-xfcc-subject"),
            body: format!(
                "{hello}{}\n",
                if *on {
                    t!(lang, "answer-xfcc-forwards-on")
                } else {
                    t!(lang, "answer-xfcc-forwards-off")
                }
            ),
        },
        AnswerNotice::XfccNoteGarbled { game } => {
            let text = format!("{hello}{}\n", t!(lang, "answer-xfcc-garbled"));
            match league.game(game) {
                Some((t, spec)) => Text {
                    subject: super::game_subject(t, spec, &t!(lang, "answer-xfcc-garbled-subject")),
                    body: text,
                },
                None => Text {
                    subject: t!(lang, "answer-xfcc-garbled-subject"),
                    body: text,
                },
            }
        }
        AnswerNotice::Stranger => Text {
            subject: t!(lang, "answer-stranger-subject"),
            body: format!("{hello}{}\n", t!(lang, "answer-stranger")),
        },
        AnswerNotice::Status { today, games } => {
            let mut body = format!(
                "{hello}{}\n\n",
                t!(lang, "answer-status", date = date_in(*today, lang))
            );
            // the end of each tournament with a game still going: a game
            // unfinished then goes to adjudication (III.9.4)
            let mut ends: Vec<String> = Vec::new();
            for game in games {
                let (t, spec) = game_of(league, game);
                body.push_str(&progress_line(t, spec, game, *today, lang));
                match t.end {
                    Some(end)
                        if *today < end && game.ending.is_none() && game.adjudication.is_none() =>
                    {
                        let line = t!(
                            lang,
                            "answer-status-end",
                            tournament = &t.id,
                            end = date_in(end, lang),
                            article = t.rules.article_in(Article::Adjudication, lang)
                        );
                        if !ends.contains(&line) {
                            ends.push(line);
                        }
                    }
                    _ => {}
                }
            }
            for line in ends {
                body.push_str(&format!("\n{line}\n"));
            }
            Text {
                subject: t!(lang, "answer-status-subject"),
                body,
            }
        }
        AnswerNotice::LeaveRefused {
            tournament,
            refusal,
        } => {
            let reason = league
                .tournament(tournament)
                .map(|t| refusal_text(t, refusal, lang))
                .unwrap_or_default();
            Text {
                subject: t!(lang, "answer-leave-refused-subject"),
                body: format!(
                    "{hello}{}\n",
                    t!(lang, "answer-leave-refused", reason = reason)
                ),
            }
        }
        AnswerNotice::NoLeave => Text {
            subject: t!(lang, "answer-no-leave-subject"),
            body: format!("{hello}{}\n", t!(lang, "answer-no-leave")),
        },
        AnswerNotice::Leave {
            tournament,
            player,
            leave,
            by_director,
            late,
            told,
            yours,
        } => {
            let games = &told.games;
            let Some(t) = league.tournament(tournament) else {
                return Text {
                    subject: String::new(),
                    body: String::new(),
                };
            };
            let Some(p) = t.player(player) else {
                return Text {
                    subject: String::new(),
                    body: String::new(),
                };
            };
            let article = |a| t.rules.article_in(a, lang);
            let mut body = hello;
            let text = match (leave, yours) {
                (Some((from, to)), Some(_)) => t!(
                    lang,
                    "answer-leave-yours",
                    from = date_in(*from, lang),
                    to = date_in(*to, lang),
                    article = article(Article::LeaveDays)
                ),
                (None, Some(_)) => t!(
                    lang,
                    "answer-leave-ended-yours",
                    article = article(Article::LeaveEnd)
                ),
                _ => String::new(),
            };
            let text = if !text.is_empty() {
                text
            } else {
                // told before it begins: a leave to come
                let ahead = leave.is_some_and(|(from, _)| from > told.on);
                let id = match (ahead, by_director) {
                    (false, false) => "answer-leave",
                    (false, true) => "answer-leave-by-director",
                    (true, false) => "answer-leave-ahead",
                    (true, true) => "answer-leave-ahead-by-director",
                };
                match leave {
                    Some((from, to)) => {
                        let mut text = t!(
                            lang,
                            id,
                            name = &p.natural_name(),
                            from = date_in(*from, lang),
                            to = date_in(*to, lang),
                            exceptional = article(Article::ExceptionalLeave),
                            article = article(Article::LeaveDays)
                        );
                        if !games.is_empty() {
                            text.push('\n');
                            text.push_str(&t!(
                                lang,
                                "answer-leave-concerns",
                                count = games.len(),
                                games = games.join(", ")
                            ));
                        }
                        text
                    }
                    None => t!(
                        lang,
                        "answer-leave-ended",
                        name = &p.natural_name(),
                        article = article(Article::LeaveEnd)
                    ),
                }
            };
            body.push_str(&text);
            body.push('\n');
            if let Some(balance) = yours {
                let games = if balance.games.is_empty() {
                    "—".to_string()
                } else {
                    balance.games.join(", ")
                };
                if leave.is_some() {
                    let _ = writeln!(body, "{}", t!(lang, "answer-leave-games", games = games));
                }
                for (year, left, limit) in &balance.left {
                    let _ = writeln!(
                        body,
                        "{}",
                        t!(
                            lang,
                            "answer-leave-balance",
                            year = *year,
                            left = *left,
                            limit = *limit,
                            article = article(Article::LeaveLimit)
                        )
                    );
                }
            }
            if let Some(late) = late {
                let _ = writeln!(
                    body,
                    "\n{}",
                    t!(
                        lang,
                        "answer-leave-late",
                        asked = date_in(late.asked, lang),
                        announced = date_in(late.announced, lang),
                        article = article(Article::LateLeave)
                    )
                );
            }
            let subject = if leave.is_some() {
                t!(lang, "answer-leave-subject")
            } else {
                t!(lang, "answer-leave-ended-subject")
            };
            Text {
                subject: format!("[{}] {}: {subject}", t.id, p.surname()),
                body,
            }
        }
    }
}

/// The player's clock, in the copy he reads (a blank line before it).
fn clock(t: &Tournament, spec: &GameSpec, seat: &Seat, audience: &Audience) -> String {
    if !audience.includes(&Reader::seat(t, spec, seat.color)) {
        return String::new();
    }
    format!(
        "\n{}",
        forms::clock(t, &seat.game, seat.color, seat.today, audience.lang)
    )
}

/// A short answer about a game: the greeting, `text`, the clock.
pub(super) fn about(
    league: &League,
    seat: &Seat,
    audience: &Audience,
    subject: &str,
    text: String,
) -> Text {
    let (t, spec) = game_of(league, &seat.game);
    let lang = audience.lang;
    let mut body = audience.greeting();
    if !text.is_empty() {
        body.push_str(&text);
        body.push('\n');
    }
    body.push_str(&clock(t, spec, seat, audience));
    Text {
        subject: game_subject(t, spec, &t!(lang, subject)),
        body,
    }
}

/// How `color`'s next move is written after the partner's last move, the
/// move itself the catalog's placeholder: `1... 5755 2. <your move>`.
fn example(t: &Tournament, game: &Game, color: Color, lang: Lang) -> String {
    let yours = t!(lang, "game-forward-your-move");
    let last = game.plies.len();
    if last == 0 {
        // the first move: `1.`, or the start position's (`40...`)
        let pos = game.position();
        let dots = if pos.turn() == Color::White {
            "."
        } else {
            "..."
        };
        return format!("{}{dots} {yours}", pos.fullmoves());
    }
    let previous = &game.plies[last - 1];
    let next = if color == Color::White {
        format!("{}.", previous.number + 1)
    } else {
        format!("{}...", previous.number)
    };
    format!(
        "{} {next} {yours}",
        numbered_in(game, last - 1, t.notation, lang)
    )
}

fn refused(
    league: &League,
    seat: &Seat,
    fault: &Fault,
    wrote: &[String],
    penalty: u32,
    audience: &Audience,
) -> Text {
    let (t, spec) = game_of(league, &seat.game);
    let lang = audience.lang;
    let game = &seat.game;
    let mut body = audience.greeting();
    let _ = writeln!(
        body,
        "{}\n",
        t!(lang, "answer-refused", date = date_in(seat.today, lang))
    );
    if !wrote.is_empty() {
        let _ = writeln!(
            body,
            "{}",
            t!(lang, "answer-you-wrote", moves = wrote.join(" "))
        );
    }
    let _ = writeln!(
        body,
        "{}",
        t!(
            lang,
            "answer-reason",
            reason = fault_text(t, game, fault, lang)
        )
    );
    let _ = writeln!(
        body,
        "{}",
        t!(
            lang,
            "answer-penalty",
            penalty = penalty,
            article = t.rules.article_in(Article::Penalty, lang),
            total = game.total(seat.color)
        )
    );
    body.push_str(&clock(t, spec, seat, audience));
    let _ = writeln!(
        body,
        "\n{}\n    {}\n",
        t!(lang, "answer-send-again"),
        example(t, game, seat.color, lang)
    );
    let _ = writeln!(body, "{}\n", t!(lang, "answer-correct-record"));
    body.push_str(&render::standard_form(t, game, lang));
    body.push('\n');
    body.push_str(&render::game_board(game, lang, seat.color));
    Text {
        subject: game_subject(t, spec, &t!(lang, "answer-refused-subject")),
        body,
    }
}

/// Why a move mail is not accepted, in `lang`.
fn fault_text(t: &Tournament, game: &Game, fault: &Fault, lang: Lang) -> String {
    let article = |a| t.rules.article_in(a, lang);
    let illegible = article(Article::Illegible);
    match fault {
        Fault::WrongRepetition { wrote, ply } => t!(
            lang,
            "answer-fault-repetition",
            wrote = wrote,
            record = numbered_in(game, *ply, t.notation, lang),
            article = article(Article::Repetition)
        ),
        Fault::NotRepeated => t!(
            lang,
            "answer-fault-not-repeated",
            record = match game.plies.len() {
                0 => "-".to_string(),
                n => numbered_in(game, n - 1, t.notation, lang),
            },
            article = article(Article::Repetition)
        ),
        Fault::NoMove => {
            let id = match t.rules.kind {
                RuleKind::Email => "answer-fault-no-move-email",
                RuleKind::Postal => "answer-fault-no-move-postal",
            };
            t!(lang, id, article = article(Article::NoMove))
        }
        Fault::Illegible { written } => {
            // a numeric move with a digit that names no file or rank
            let digits = written.len() >= 4
                && written.bytes().all(|b| b.is_ascii_digit())
                && written.bytes().take(4).any(|b| b == b'0' || b == b'9');
            let id = if digits {
                "answer-fault-illegible-numeric"
            } else {
                "answer-fault-illegible"
            };
            t!(lang, id, written = written, article = illegible)
        }
        Fault::Impossible { written, reason } => t!(
            lang,
            "answer-fault-impossible",
            written = written,
            article = article(Article::Impossible),
            reason = render::impossibility(reason, lang)
        ),
        Fault::TwoMoves { written } => t!(
            lang,
            "answer-fault-two-moves",
            written = written,
            article = illegible
        ),
        Fault::VariantRepetition { wrote, expected } => t!(
            lang,
            "answer-fault-variant-repetition",
            wrote = wrote,
            expected = render::localized(expected, t.notation, lang),
            article = article(Article::VariantRepeat),
            binds = article(Article::VariantBinds)
        ),
        Fault::VariantNoReply { accepted } => t!(
            lang,
            "answer-fault-variant-no-reply",
            accepted = accepted.join(" "),
            article = article(Article::VariantNoReply)
        ),
        Fault::Ambiguous {
            written,
            candidates,
        } => t!(
            lang,
            "answer-fault-ambiguous",
            written = written,
            candidates = candidates.join(&t!(lang, "answer-or")),
            article = illegible
        ),
    }
}

fn no_move(
    league: &League,
    seat: &Seat,
    understood: &[Understood],
    misplaced: &[Misplaced],
    words: &[String],
    question: &Option<bool>,
    audience: &Audience,
) -> Text {
    let (t, spec) = game_of(league, &seat.game);
    let lang = audience.lang;
    let game = &seat.game;
    let mut body = audience.greeting();
    let _ = writeln!(
        body,
        "{}\n",
        t!(lang, "answer-no-move", date = date_in(seat.today, lang))
    );
    let explained = body.len();
    if !understood.is_empty() {
        let commands: Vec<String> = understood
            .iter()
            .map(|u| match u {
                Understood::DrawOffer => t!(lang, "answer-understood-draw-offer"),
                Understood::Command(name) => command_words(name, lang),
            })
            .collect();
        let _ = writeln!(
            body,
            "{}",
            t!(lang, "answer-understood", commands = commands.join("; "))
        );
    }
    for place in misplaced {
        let id = match place {
            Misplaced::Subject => "answer-misplaced-subject",
            Misplaced::Quote => "answer-misplaced-quote",
            Misplaced::Attachment => "answer-misplaced-attachment",
        };
        let _ = writeln!(body, "{}", t!(lang, id));
    }
    if !words.is_empty() {
        let _ = writeln!(body, "{}", t!(lang, "answer-not-read"));
        for line in words {
            let _ = writeln!(body, "  | {line}");
        }
    }
    if let Some(deadline) = question {
        let _ = writeln!(body, "{}", question_note(t, *deadline, lang));
    }
    if body.len() > explained {
        body.push('\n');
    }
    let _ = write!(
        body,
        "{}\n{}\n{}",
        t!(lang, "answer-game-now"),
        progress_line(t, spec, game, seat.today, lang),
        last_moves(t, game, lang)
    );
    body.push_str(&clock(t, spec, seat, audience));
    if game.to_move() == seat.color {
        let _ = writeln!(
            body,
            "\n{}\n    {}",
            t!(lang, "answer-your-move"),
            example(t, game, seat.color, lang)
        );
    } else {
        let _ = writeln!(body, "\n{}", t!(lang, "answer-partner-to-move"));
    }
    let _ = writeln!(body, "\n{}", t!(lang, "answer-write-help"));
    Text {
        subject: game_subject(t, spec, &t!(lang, "answer-no-move-subject")),
        body,
    }
}

fn suspended(
    league: &League,
    seat: &Seat,
    held: &Held,
    note: &[String],
    audience: &Audience,
) -> Text {
    let (t, spec) = game_of(league, &seat.game);
    let lang = audience.lang;
    let mut text = t!(
        lang,
        "answer-suspended",
        game = &spec.id,
        article = t.rules.article_in(Article::Suspension, lang)
    );
    let subject = match held {
        Held::Nothing => "answer-suspended-subject",
        Held::Kept(moves) => {
            let kept = render::moves_line_in(seat.game.position(), moves, t.notation, lang);
            text = format!("{text}\n{}", t!(lang, "answer-kept", move = kept));
            "answer-kept-subject"
        }
        Held::Unreadable => {
            text = format!("{text}\n{}", t!(lang, "answer-unreadable"));
            "answer-suspended-subject"
        }
    };
    let mut out = about(league, seat, audience, subject, text);
    if !note.is_empty() {
        let name = &t.player_of(spec, seat.color).natural_name();
        let _ = writeln!(
            out.body,
            "\n{}",
            t!(lang, "answer-note-for-director", name = name)
        );
        for line in note {
            let _ = writeln!(out.body, "  | {line}");
        }
    }
    out
}

/// One game of the progress report: moves, side to move, both clocks, days
/// left to each side's next control. The director's `STATUS` shows it too.
/// The last move of each side and the day it was forwarded to the
/// partner (a player asking whether his move arrived reads it here).
fn last_moves(t: &Tournament, game: &Game, lang: Lang) -> String {
    let side = |color: Color| {
        let last = game.plies.iter().rposition(|p| p.color == color);
        match last {
            Some(i) => t!(
                lang,
                "answer-last-move",
                color = color_name(color, lang),
                move = numbered_in(game, i, t.notation, lang),
                date = date_in(game.plies[i].forwarded, lang)
            ),
            None => t!(
                lang,
                "answer-last-move-none",
                color = color_name(color, lang)
            ),
        }
    };
    t!(
        lang,
        "answer-last-moves",
        white = side(Color::White),
        black = side(Color::Black)
    )
}

pub fn progress_line(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    today: NaiveDate,
    lang: Lang,
) -> String {
    let state = match (game.ending, &game.claim) {
        (Some(e), _) => t!(lang, "answer-progress-finished", result = e.result.as_str()),
        (None, Some(c)) if c.interrupts => t!(lang, "answer-progress-suspended"),
        (None, Some(_)) => t!(
            lang,
            "answer-progress-claim-pending",
            color = render::side_key(game.to_move())
        ),
        (None, None) => t!(
            lang,
            "answer-progress-to-move",
            color = render::side_key(game.to_move())
        ),
    };
    let side = |c: Color| {
        // a finished game: each side's total, nothing left to count
        if game.ending.is_some() {
            return t!(
                lang,
                "answer-progress-total",
                color = color_name(c, lang),
                total = game.total(c)
            );
        }
        let clock = crate::referee::deadline::clock(game, &t.rules, c, today);
        t!(
            lang,
            &clock.words("answer-progress-clock"),
            color = color_name(c, lang),
            used = clock.used,
            left = clock.left,
            over = clock.over,
            control = t.rules.shown_control(clock.control)
        )
    };
    let mut line = t!(
        lang,
        "answer-progress",
        game = &spec.id,
        white = &t.player_of(spec, Color::White).natural_name(),
        black = &t.player_of(spec, Color::Black).natural_name(),
        moves = game.plies.len().div_ceil(2),
        state = state,
        white_clock = side(Color::White),
        black_clock = side(Color::Black)
    );
    line.push('\n');
    line
}

fn refusal_text(t: &Tournament, r: &Refusal, lang: Lang) -> String {
    let article = |a| t.rules.article_in(a, lang);
    match r {
        Refusal::NotInAdvance { from, asked_on } => t!(
            lang,
            "answer-refusal-not-in-advance",
            from = date_in(*from, lang),
            asked = date_in(*asked_on, lang),
            article = article(Article::LeaveInAdvance)
        ),
        Refusal::Over { to, asked_on } => t!(
            lang,
            "answer-refusal-over",
            to = date_in(*to, lang),
            asked = date_in(*asked_on, lang),
            article = article(Article::LateLeave)
        ),
        Refusal::Backwards => t!(lang, "answer-refusal-backwards"),
        Refusal::TooLong {
            year,
            taken,
            asked,
            limit,
        } => t!(
            lang,
            "answer-refusal-too-long",
            year = year.to_string(),
            taken = *taken,
            asked = *asked,
            limit = *limit,
            article = article(Article::LeaveLimit)
        ),
        Refusal::LongerThanOne { asked, limit } => t!(
            lang,
            "answer-refusal-longer-than-one",
            asked = *asked,
            limit = *limit
        ),
        Refusal::Overlaps(other) => t!(
            lang,
            "answer-refusal-overlaps",
            from = date_in(other.from, lang),
            to = date_in(other.to, lang)
        ),
    }
}

/// The notes for the mover, one line each (`- …`), in `lang`: the forward
/// of his move shows them in his copy. `game` is the game with his move.
/// The answer to a question in a player's mail: the arbiter reads moves
/// and commands only; the director answers questions; STATUS tells the
/// deadline.
fn question_note(t: &Tournament, deadline: bool, lang: Lang) -> String {
    t!(
        lang,
        "answer-note-question",
        director = t.director.as_str(),
        deadline = if deadline { "yes" } else { "no" }
    )
}

pub fn mover_notes(t: &Tournament, game: &Game, notes: &[MoverNote], lang: Lang) -> String {
    let article = |a| t.rules.article_in(a, lang);
    let mut out = String::new();
    for note in notes {
        let line = match note {
            MoverNote::Dated { claimed, arrived } => t!(
                lang,
                "answer-note-dated",
                claimed = date_in(*claimed, lang),
                arrived = date_in(*arrived, lang),
                article = article(Article::DateDiffers)
            ),
            MoverNote::VariantRefused { fault } => {
                let why = match fault {
                    VariantFault::AnyMove => t!(
                        lang,
                        "answer-note-variant-any",
                        article = article(Article::AnyMove)
                    ),
                    VariantFault::Order { written } => {
                        t!(lang, "answer-note-variant-order", written = written)
                    }
                    VariantFault::Move { why, .. } => fault_text(t, game, why, lang),
                };
                t!(
                    lang,
                    "answer-note-variant-refused",
                    why = why,
                    article = article(Article::Variant)
                )
            }
            MoverNote::VariantTrailing { written } => t!(
                lang,
                "answer-note-variant-trailing",
                written = written,
                article = article(Article::Variant)
            ),
            MoverNote::Stated {
                ply,
                what,
                said,
                record,
            } => {
                let id = match what {
                    Stated::Sending => "answer-note-stated-sending",
                    Stated::Received => "answer-note-stated-received",
                    Stated::Sent => "answer-note-stated-sent",
                    Stated::Time => "answer-note-stated-time",
                };
                let text = match game.plies.get(*ply) {
                    Some(_) => numbered_in(game, *ply, t.notation, lang),
                    None => String::new(),
                };
                t!(
                    lang,
                    id,
                    ply = text,
                    said = stamp(*said, lang),
                    record = stamp(*record, lang),
                    article = article(Article::DateDiffers)
                )
            }
            MoverNote::DrawClaimRefused => t!(
                lang,
                "answer-note-draw-claim",
                position = draw_position(game, lang)
            ),
            MoverNote::TableClaim { news } => super::claims::note(t, news, lang),
            MoverNote::Question { deadline } => question_note(t, *deadline, lang),
        };
        let _ = writeln!(out, "- {line}");
    }
    out
}

/// The command `name` (the parser's name, `leave_end`) as the reader
/// writes it, with the English word after his own: `BŪSENA (STATUS)`,
/// `LEAVE END`.
fn command_words(name: &str, lang: Lang) -> String {
    let key = match name {
        "grant_leave" => "leave",
        other => other,
    };
    let first = |l: Lang| l.language().phrases(key).first().cloned();
    match (first(lang), first(Lang::En)) {
        (Some(own), Some(english)) if own != english => format!("{own} ({english})"),
        (Some(own), _) => own,
        _ => name.to_uppercase().replace('_', " "),
    }
}

/// A stated or recorded date as the reader writes a date (without the
/// year where the mail gave none; a table's day as his tables write it),
/// or a time as `2/05`.
fn stamp(stamp: Stamp, lang: Lang) -> String {
    // a day without its year: placed in a leap year, for 29.02
    let day_of = |day, month| NaiveDate::from_ymd_opt(2000, month, day);
    match stamp {
        Stamp::Day {
            day,
            month,
            year: Some(y),
        } => NaiveDate::from_ymd_opt(y, month, day)
            .map_or_else(|| format!("{day:02}.{month:02}.{y}"), |d| date_in(d, lang)),
        Stamp::Day {
            day,
            month,
            year: None,
        } => day_of(day, month).map_or_else(
            || format!("{day:02}.{month:02}"),
            |d| crate::render::day_in(d, lang),
        ),
        Stamp::TableDay { day, month } => day_of(day, month).map_or_else(
            || format!("{day:02}/{month:02}"),
            |d| crate::render::day_month_in(d, lang),
        ),
        Stamp::Time { days, total } => format!("{days}/{total:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{day, director, game, ivanov, league, petrov};
    use super::super::{mails, Audience};
    use super::*;
    use crate::notation::Impossibility;
    use crate::referee::clock::Days;
    use crate::referee::game::{EndReason, Event, GameResult, Side};
    use crate::referee::leave::Refusal;
    use crate::referee::notice::answers::LateLeave;
    use crate::referee::notice::{Letter, Notice};

    /// The notice as `reader` would read it in English, then in Russian.
    fn both(notice: &AnswerNotice, reader: Reader, name: &str) -> String {
        let league = league();
        // and in every language, its dates and decimals in the reader's form
        let letter = Letter::new(
            vec![reader.clone()],
            vec![],
            Notice::Answer(notice.clone()),
            None,
        );
        super::super::readers::every_language(&league, &[letter]);
        let names = [name.to_string()];
        let readers = [reader];
        [Lang::En, Lang::Ru]
            .into_iter()
            .map(|lang| {
                let audience = Audience {
                    lang,
                    names: &names,
                    readers: &readers,
                    director: false,
                    held: false,
                };
                // opened as the letters open every mail
                let text = super::super::opened(render(&league, notice, &audience), &audience);
                format!("Subject: {}\n\n{}", text.subject, text.body)
            })
            .collect::<Vec<_>>()
            .join("\n======== ru ========\n")
    }

    /// The mails of a letter, each with its recipients.
    fn letter_mails(letter: &Letter) -> String {
        super::super::readers::every_language(&league(), std::slice::from_ref(letter));
        mails(&league(), letter)
            .iter()
            .map(|m| {
                let who = |rs: &[crate::referee::decide::Recipient]| {
                    rs.iter()
                        .map(|r| r.email.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                format!(
                    "To: {}\nCc: {}\nSubject: {}\n\n{}",
                    who(&m.to),
                    who(&m.cc),
                    m.subject,
                    m.body
                )
            })
            .collect::<Vec<_>>()
            .join("\n======== next mail ========\n")
    }

    /// Ivanov (White) after `moves`, seen on 2026-05-15.
    fn seat(moves: &[&str], color: Color) -> Seat {
        Seat {
            game: Box::new(game(&league(), moves)),
            color,
            today: day("2026-05-15"),
        }
    }

    /// The game after a penalty of `days` for White.
    fn penalised(days: u32) -> Seat {
        let mut seat = seat(&["5254", "5755"], Color::White);
        seat.game
            .apply(&Event::Penalty {
                side: Side::White,
                days,
                on: day("2026-05-15"),
                reason: crate::referee::game::PenaltyReason::WrongRepetition,
            })
            .unwrap();
        seat
    }

    #[test]
    fn a_refused_move_shows_the_reason_the_penalty_the_clock_and_the_record() {
        let notice = AnswerNotice::Refused {
            seat: penalised(1),
            fault: Fault::WrongRepetition {
                wrote: "1... 5756".into(),
                ply: 1,
            },
            wrote: vec!["1... 5756".into(), "2. 6152".into()],
            penalty: 1,
        };
        insta::assert_snapshot!("refused", both(&notice, ivanov(), "Ivanov, Ivan"));
    }

    #[test]
    fn the_penalty_days_take_the_plural_form_of_the_language() {
        let league = league();
        let t = &league.tournaments[0];
        let line = |penalty: u32, lang| {
            let seat = penalised(penalty);
            let total = seat.game.total(Color::White);
            t!(
                lang,
                "answer-penalty",
                penalty = penalty,
                article = t.rules.article_in(Article::Penalty, lang),
                total = total
            )
        };
        let lines: Vec<String> = [1, 2, 5, 21]
            .iter()
            .flat_map(|&n| [line(n, Lang::En), line(n, Lang::Ru)])
            .collect();
        assert!(lines[0].starts_with("Penalty: 1 day ("), "{}", lines[0]);
        assert!(lines[1].starts_with("Штраф: 1 день ("), "{}", lines[1]);
        assert!(lines[2].starts_with("Penalty: 2 days ("), "{}", lines[2]);
        assert!(lines[3].starts_with("Штраф: 2 дня ("), "{}", lines[3]);
        assert!(lines[5].starts_with("Штраф: 5 дней ("), "{}", lines[5]);
        assert!(lines[7].starts_with("Штраф: 21 день ("), "{}", lines[7]);
        insta::assert_snapshot!("penalty_plurals", lines.join("\n"));
    }

    #[test]
    fn every_fault_is_explained_in_both_languages() {
        let league = league();
        let t = &league.tournaments[0];
        let game = game(&league, &["5254", "5755"]);
        let faults = [
            Fault::WrongRepetition {
                wrote: "1... 5756".into(),
                ply: 1,
            },
            Fault::NotRepeated,
            Fault::NoMove,
            Fault::Illegible {
                written: "xyz".into(),
            },
            Fault::Impossible {
                written: "4547".into(),
                reason: Impossibility::NoPiece(shakmaty::Square::D4),
            },
            Fault::TwoMoves {
                written: "6163 / 7163".into(),
            },
            Fault::Ambiguous {
                written: "N3".into(),
                candidates: vec!["Nc3".into(), "Nf3".into()],
            },
            Fault::VariantRepetition {
                wrote: "3... 7866".into(),
                expected: "3... 6766".into(),
            },
            Fault::VariantNoReply {
                accepted: vec!["3. 2133".into(), "3... 6766".into()],
            },
        ];
        let mut out = String::new();
        for fault in &faults {
            for lang in [Lang::En, Lang::Ru] {
                let _ = writeln!(out, "{}", fault_text(t, &game, fault, lang));
            }
        }
        let mut postal = t.clone();
        postal.rules = crate::referee::rules::RuleSet::postal();
        for lang in [Lang::En, Lang::Ru] {
            let _ = writeln!(out, "{}", fault_text(&postal, &game, &Fault::NoMove, lang));
        }
        insta::assert_snapshot!("faults", out);
    }

    /// The example of how to write the move ends with the catalog's
    /// placeholder for the reader's move, never with dots alone.
    #[test]
    fn the_example_move_is_the_placeholder_in_the_readers_language() {
        let league = league();
        let t = &league.tournaments[0];
        let example = |moves: &[&str], color, lang| example(t, &game(&league, moves), color, lang);
        assert_eq!(example(&[], Color::White, Lang::En), "1. <your move>");
        assert_eq!(
            example(&["5254", "5755"], Color::White, Lang::En),
            "1... 5755 2. <your move>"
        );
        assert_eq!(
            example(&["5254"], Color::Black, Lang::Ru),
            "1. 5254 1... <ваш ход>"
        );
        assert_eq!(
            example(&["5254"], Color::Black, Lang::from_code("de").unwrap()),
            "1. 5254 1... <Ihr Zug>"
        );
        assert_eq!(
            example(&["5254"], Color::Black, Lang::from_code("lt").unwrap()),
            "1. 5254 1... <jūsų ėjimas>"
        );
        // as the answer to a mail without a move shows it
        let notice = AnswerNotice::NoMove {
            seat: seat(&["5254", "5755"], Color::White),
            understood: vec![],
            misplaced: vec![],
            words: vec![],
            question: None,
        };
        let text = both(&notice, ivanov(), "Ivanov, Ivan");
        assert!(text.contains("\n    1... 5755 2. <your move>\n"), "{text}");
        assert!(text.contains("\n    1... 5755 2. <ваш ход>\n"), "{text}");
        assert!(!text.contains(". ...\n"), "{text}");
    }

    #[test]
    fn a_mail_without_a_move_is_explained_with_the_game_and_the_clock() {
        let notice = AnswerNotice::NoMove {
            seat: seat(&["5254", "5755"], Color::White),
            understood: vec![Understood::DrawOffer, Understood::Command("pgn")],
            misplaced: vec![Misplaced::Subject, Misplaced::Quote, Misplaced::Attachment],
            words: vec!["Hello, see you".into()],
            question: None,
        };
        insta::assert_snapshot!("no_move", both(&notice, ivanov(), "Ivanov, Ivan"));
        let notice = AnswerNotice::NoMove {
            seat: seat(&["5254", "5755"], Color::Black),
            understood: vec![],
            misplaced: vec![],
            words: vec![],
            question: None,
        };
        insta::assert_snapshot!(
            "no_move_partner_to_move",
            both(&notice, petrov(), "Petrov, Petr")
        );
    }

    #[test]
    fn the_answers_that_record_nothing_show_the_clock() {
        let black = seat(&["5254", "5755", "7163"], Color::Black);
        let white = seat(&["5254", "5755", "7163"], Color::White);
        let mut over = seat(&["5254", "5755"], Color::White);
        over.game
            .apply(&Event::Ended {
                result: GameResult::BlackWins,
                reason: EndReason::Resignation,
                on: day("2026-05-15"),
            })
            .unwrap();
        let cases = [
            (
                AnswerNotice::AlreadyReceived {
                    seat: white.clone(),
                },
                ivanov(),
                "Ivanov, Ivan",
            ),
            (
                AnswerNotice::NotYourTurn {
                    seat: white.clone(),
                },
                ivanov(),
                "Ivanov, Ivan",
            ),
            (
                AnswerNotice::GameOver { seat: over },
                ivanov(),
                "Ivanov, Ivan",
            ),
            (
                AnswerNotice::NoDrawOffer {
                    seat: black.clone(),
                },
                petrov(),
                "Petrov, Petr",
            ),
            (
                AnswerNotice::DrawClaimRefused {
                    seat: black.clone(),
                },
                petrov(),
                "Petrov, Petr",
            ),
            (AnswerNotice::Pgn { seat: black }, petrov(), "Petrov, Petr"),
        ];
        let out: Vec<String> = cases
            .into_iter()
            .map(|(notice, reader, name)| both(&notice, reader, name))
            .collect();
        insta::assert_snapshot!(
            "nothing_recorded",
            out.join("\n\n######## next notice ########\n\n")
        );
    }

    #[test]
    fn a_mail_into_a_suspended_game_relays_the_note_to_the_director_in_his_language() {
        let letter = |held, note: Vec<String>| {
            Letter::new(
                vec![ivanov()],
                vec![director()],
                Notice::Answer(AnswerNotice::Suspended {
                    seat: seat(&["5254", "5755"], Color::White),
                    held,
                    note,
                }),
                Some("T/1"),
            )
        };
        let out = [
            letter_mails(&letter(
                Held::Kept(vec![shakmaty::Move::Normal {
                    role: shakmaty::Role::Knight,
                    from: shakmaty::Square::G1,
                    capture: None,
                    to: shakmaty::Square::F3,
                    promotion: None,
                }]),
                vec!["I was ill for a week.".into()],
            )),
            both(
                &AnswerNotice::Suspended {
                    seat: seat(&["5254", "5755"], Color::White),
                    held: Held::Unreadable,
                    note: vec![],
                },
                ivanov(),
                "Ivanov, Ivan",
            ),
            both(
                &AnswerNotice::Suspended {
                    seat: seat(&["5254", "5755"], Color::White),
                    held: Held::Nothing,
                    note: vec![],
                },
                ivanov(),
                "Ivanov, Ivan",
            ),
        ];
        insta::assert_snapshot!(
            "suspended",
            out.join("\n\n######## next notice ########\n\n")
        );
    }

    #[test]
    fn the_answers_that_name_no_game_of_the_sender() {
        let cases = [
            AnswerNotice::NotYourGame { game: "T/1".into() },
            AnswerNotice::WhichGame {
                problem: WhichGame::NotYours("U/3".into()),
                games: vec!["T/1".into()],
            },
            AnswerNotice::WhichGame {
                problem: WhichGame::NoSuchGame("T/9".into()),
                games: vec!["T/1".into()],
            },
            AnswerNotice::WhichGame {
                problem: WhichGame::Unsaid,
                games: vec!["T/1".into()],
            },
            AnswerNotice::DirectorOnly {
                command: "confirm".into(),
            },
            AnswerNotice::NoLeave,
        ];
        let out: Vec<String> = cases
            .iter()
            .map(|notice| both(notice, petrov(), "Petrov, Petr"))
            .collect();
        insta::assert_snapshot!("no_game", out.join("\n\n######## next notice ########\n\n"));
    }

    /// A mail about no game has its subject alone, without a game's label
    /// before it: it begins with a capital letter in every language ("Нет
    /// перерыва", "No leave", "Перерыв не предоставлен").
    #[test]
    fn a_subject_outside_a_game_begins_with_a_capital_letter() {
        let notices = [
            AnswerNotice::NoLeave,
            AnswerNotice::DirectorOnly {
                command: "confirm".into(),
            },
            AnswerNotice::WhichGame {
                problem: WhichGame::Unsaid,
                games: vec!["T/1".into()],
            },
        ];
        let mut subjects = Vec::new();
        for notice in notices {
            for reader in [ivanov(), petrov()] {
                let letter =
                    Letter::new(vec![reader], vec![], Notice::Answer(notice.clone()), None);
                subjects.extend(mails(&league(), &letter).into_iter().map(|m| m.subject));
            }
        }
        assert!(
            subjects.contains(&"Нет перерыва".to_string()),
            "{subjects:?}"
        );
        for subject in &subjects {
            let first = subject.chars().next().unwrap();
            assert!(first.is_uppercase(), "{subject}");
        }
    }

    #[test]
    fn a_stranger_is_answered_in_every_language_in_one_mail() {
        let letter = Letter::new(
            vec![Reader::Stranger {
                email: "who@example.test".into(),
            }],
            vec![],
            Notice::Answer(AnswerNotice::Stranger),
            None,
        );
        insta::assert_snapshot!("stranger", letter_mails(&letter));
    }

    #[test]
    fn the_progress_report_lists_every_game_with_both_clocks() {
        let league = league();
        let mut finished = game(&league, &["5254"]);
        finished
            .apply(&Event::Ended {
                result: GameResult::Draw,
                reason: EndReason::DrawAgreed,
                on: day("2026-05-12"),
            })
            .unwrap();
        let notice = AnswerNotice::Status {
            today: day("2026-05-15"),
            games: vec![game(&league, &["5254", "5755", "7163"]), finished],
        };
        insta::assert_snapshot!("status", both(&notice, ivanov(), "Ivanov, Ivan"));
    }

    #[test]
    fn every_leave_refusal_in_both_languages() {
        let refusals = [
            Refusal::NotInAdvance {
                from: day("2026-05-14"),
                asked_on: day("2026-05-15"),
            },
            Refusal::Over {
                to: day("2026-05-14"),
                asked_on: day("2026-05-15"),
            },
            Refusal::Backwards,
            Refusal::TooLong {
                year: 2026,
                taken: 21,
                asked: 12,
                limit: 30,
            },
            Refusal::LongerThanOne {
                asked: 22,
                limit: 21,
            },
            Refusal::Overlaps(Days {
                from: day("2026-06-01"),
                to: day("2026-06-03"),
            }),
        ];
        let out: Vec<String> = refusals
            .into_iter()
            .map(|refusal| {
                both(
                    &AnswerNotice::LeaveRefused {
                        tournament: "T".into(),
                        refusal,
                    },
                    ivanov(),
                    "Ivanov, Ivan",
                )
            })
            .collect();
        insta::assert_snapshot!(
            "leave_refused",
            out.join("\n\n######## next notice ########\n\n")
        );
    }

    #[test]
    fn a_leave_is_announced_to_each_reader_in_his_language() {
        let letter = |leave, by_director, late| {
            Letter::new(
                vec![petrov(), director()],
                vec![],
                Notice::Answer(AnswerNotice::Leave {
                    tournament: "T".into(),
                    player: "ivanov".into(),
                    leave,
                    by_director,
                    late,
                    // told ahead, unless announced after it began
                    told: Box::new(crate::referee::notice::answers::LeaveTold {
                        on: late.map_or(day("2026-05-20"), |l: LateLeave| l.announced),
                        games: vec!["T/1".into()],
                    }),
                    yours: None,
                }),
                None,
            )
        };
        // the player's own: the second person, the games, the balance
        let yours = |leave, late| {
            Letter::new(
                vec![ivanov()],
                vec![],
                Notice::Answer(AnswerNotice::Leave {
                    tournament: "T".into(),
                    player: "ivanov".into(),
                    leave,
                    by_director: false,
                    late,
                    told: Box::new(crate::referee::notice::answers::LeaveTold {
                        on: late.map_or(day("2026-05-20"), |l: LateLeave| l.announced),
                        games: vec!["T/1".into()],
                    }),
                    yours: Some(crate::referee::notice::answers::LeaveBalance {
                        games: vec!["T/1".into()],
                        left: vec![(2026, 20, 30)],
                    }),
                }),
                None,
            )
        };
        let june = Some((day("2026-06-01"), day("2026-06-10")));
        let late = Some(LateLeave {
            asked: day("2026-05-30"),
            announced: day("2026-06-01"),
        });
        let out = [
            letter_mails(&letter(june, false, late)),
            letter_mails(&letter(june, true, None)),
            letter_mails(&letter(None, false, None)),
            letter_mails(&yours(june, late)),
            letter_mails(&yours(None, None)),
        ];
        insta::assert_snapshot!("leave", out.join("\n\n######## next notice ########\n\n"));
    }

    /// Issue 12 item 5: every news about a player's hidden conditional
    /// moves, as the owner (Petrov, Black) reads it, in both languages.
    #[test]
    fn the_conditional_moves_news_in_both_languages() {
        use crate::referee::notice::answers::{ConditionalNews, ConditionalRefusal, Then};
        let league = league();
        // 1. e4 e5 2. Nf3: Petrov leaves 2... Nc6 3. Bb5 a6 ...
        let mut stored = game(&league, &["5254", "5755", "7163"]);
        stored
            .apply(&Event::ConditionalSet {
                side: Side::Black,
                moves: vec!["b8c6".into(), "f1b5".into(), "a7a6".into(), "b5a4".into()],
                on: day("2026-05-13"),
            })
            .unwrap_err();
        // (Black is to move: a series is left while the opponent is to move)
        let mut stored = game(&league, &["5254", "5755"]);
        stored
            .apply(&Event::ConditionalSet {
                side: Side::Black,
                moves: vec!["g1f3".into(), "b8c6".into(), "f1b5".into(), "a7a6".into()],
                on: day("2026-05-12"),
            })
            .unwrap();
        let series = stored.conditionals[1].clone().unwrap();
        let mut played = stored.clone();
        for e in [
            Event::Moved {
                uci: "g1f3".into(),
                sent: day("2026-05-13"),
                draw_offer: false,
            },
            Event::ConditionalPlayed {
                uci: "b8c6".into(),
                sent: day("2026-05-13"),
            },
        ] {
            played.apply(&e).unwrap();
        }
        let mut deviated = stored.clone();
        deviated
            .apply(&Event::Moved {
                uci: "d2d4".into(),
                sent: day("2026-05-13"),
                draw_offer: false,
            })
            .unwrap();
        let seat = |g: &Game| Seat {
            game: Box::new(g.clone()),
            color: Color::Black,
            today: day("2026-05-13"),
        };
        let news = [
            (
                &stored,
                ConditionalNews::Stored {
                    series: (*series).clone(),
                    replaced: false,
                    trailing: Some("4. 6254".into()),
                },
            ),
            (
                &stored,
                ConditionalNews::Stored {
                    series: (*series).clone(),
                    replaced: true,
                    trailing: None,
                },
            ),
            (
                &stored,
                ConditionalNews::Refused {
                    why: ConditionalRefusal::Fault(VariantFault::Order {
                        written: "3. 6125".into(),
                    }),
                },
            ),
            (
                &stored,
                ConditionalNews::Refused {
                    why: ConditionalRefusal::Empty,
                },
            ),
            (
                &stored,
                ConditionalNews::Refused {
                    why: ConditionalRefusal::OwnMoveFirst,
                },
            ),
            (
                &stored,
                ConditionalNews::Refused {
                    why: ConditionalRefusal::Suspended,
                },
            ),
            (&stored, ConditionalNews::Cancelled { had: true }),
            (&stored, ConditionalNews::Cancelled { had: false }),
            (&stored, ConditionalNews::NotUsed),
            (
                &played,
                ConditionalNews::Followed {
                    played: vec![3],
                    then: Then::Stands,
                },
            ),
            (
                &played,
                ConditionalNews::Followed {
                    played: vec![3],
                    then: Then::Done,
                },
            ),
            (
                &deviated,
                ConditionalNews::Followed {
                    played: vec![],
                    then: Then::Dropped {
                        series: (*series).clone(),
                        at: 0,
                    },
                },
            ),
            (
                &deviated,
                ConditionalNews::Followed {
                    played: vec![],
                    then: Then::DrawOffered,
                },
            ),
            (
                &deviated,
                ConditionalNews::Followed {
                    played: vec![],
                    then: Then::Over,
                },
            ),
        ];
        let text = news
            .into_iter()
            .map(|(g, news)| {
                both(
                    &AnswerNotice::Conditional {
                        seat: seat(g),
                        news,
                    },
                    petrov(),
                    "Petrov, Petr",
                )
            })
            .collect::<Vec<_>>()
            .join("\n######## next ########\n");
        insta::assert_snapshot!("conditional_news", text);
    }

    /// A day of May as a standard form's table writes it, without a year.
    fn table_day(day: u32) -> Stamp {
        Stamp::TableDay { day, month: 5 }
    }

    #[test]
    fn the_notes_for_the_mover_in_both_languages() {
        let league = league();
        let t = &league.tournaments[0];
        let after = game(&league, &["5254", "5755", "7163"]);
        let notes = [
            MoverNote::Dated {
                claimed: day("2026-05-11"),
                arrived: day("2026-05-12"),
            },
            MoverNote::VariantTrailing {
                written: "3. 2133".into(),
            },
            MoverNote::VariantRefused {
                fault: VariantFault::AnyMove,
            },
            MoverNote::VariantRefused {
                fault: VariantFault::Move {
                    written: "3. 1155".into(),
                    why: Box::new(Fault::Illegible {
                        written: "1155".into(),
                    }),
                },
            },
            MoverNote::Stated {
                ply: 2,
                what: Stated::Sending,
                said: Stamp::Day {
                    day: 11,
                    month: 5,
                    year: Some(2026),
                },
                record: Stamp::Day {
                    day: 12,
                    month: 5,
                    year: Some(2026),
                },
            },
            MoverNote::Stated {
                ply: 1,
                what: Stated::Received,
                said: table_day(10),
                record: table_day(11),
            },
            MoverNote::Stated {
                ply: 1,
                what: Stated::Sent,
                said: table_day(10),
                record: table_day(11),
            },
            MoverNote::Stated {
                ply: 1,
                what: Stated::Time,
                said: Stamp::Time { days: 1, total: 1 },
                record: Stamp::Time { days: 2, total: 2 },
            },
            MoverNote::DrawClaimRefused,
        ];
        insta::assert_snapshot!(
            "mover_notes",
            format!(
                "{}\n{}",
                mover_notes(t, &after, &notes, Lang::En),
                mover_notes(t, &after, &notes, Lang::Ru)
            )
        );
    }
}
