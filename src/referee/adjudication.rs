//! The tournament's end and adjudication (III.9.4-9.10). On the end date
//! every unfinished game goes to adjudication ([`deadlines`]): the clocks
//! stop, both players are asked for the record, the final position and
//! their claimed result with analysis within 14 days; the player to move
//! may send one move, which counts as made and goes to the director only
//! (III.9.4.4). Equal claims end the game (III.9.5); the director's
//! `RESULT` adjudicates it and opens 14 days for an appeal (III.9.8-9.9),
//! after which the result is final; a `RESULT` after an appeal is final at
//! once (III.9.10). A withdrawal (III.8.1) opens an adjudication with the
//! same event, [`Event::AdjudicationOpened`], and [`open`].

use crate::language::is_word;
use crate::message::parse::Written;
use crate::referee::compose::{end_game, game_after, to_both};
use crate::referee::decision::{Decision, Replier, Verdict};
use crate::referee::endgame::{self, Tables};
use crate::referee::game::{AdjudicationReason, EndReason, Event, Game, GameResult, Side};
use crate::referee::notice::adjudication::{AdjudicationNotice, AppealRefusal};
use crate::referee::notice::game::GameNotice;
use crate::referee::notice::{Letter, Notice, Reader};
use crate::referee::state::State;
use crate::referee::tournament::{GameSpec, Tournament};
use chrono::{Days, NaiveDate};
use shakmaty::Color;

/// The days for the materials (III.9.4) and for an appeal (III.9.9).
pub const WINDOW_DAYS: u64 = 14;

fn plus_window(day: NaiveDate) -> NaiveDate {
    day + Days::new(WINDOW_DAYS)
}

/// Whether the end of `t` has come on `today`: its running games go to
/// adjudication, and the ordinary deadlines no longer run for them.
pub fn ended(t: &Tournament, today: NaiveDate) -> bool {
    t.end.is_some_and(|end| today >= end)
}

/// Sends `game` to adjudication on `today`: the event, and the request for
/// the materials To both players, Cc the director.
/// Where the endgame `tables` reach the position, the mail names their
/// verdict for the player to move (and the distance to a zeroing move).
pub fn open(
    (t, tables): (&Tournament, &Tables),
    spec: &GameSpec,
    game: &Game,
    reason: AdjudicationReason,
    today: NaiveDate,
    decision: &mut Decision,
) {
    let to_move = game.to_move();
    let verdict = endgame::verdict(tables, &t.rules, game.position(), to_move).ok();
    told_both(
        (t, spec, game),
        Event::AdjudicationOpened { on: today, reason },
        "sent to adjudication",
        |game| AdjudicationNotice::Opened {
            game,
            until: plus_window(today),
            tables: verdict,
        },
        decision,
    );
}

/// Records `event` of the game, says `what` happened to it, and tells both
/// players (the director in copy) `notice` of the game as it leaves it.
fn told_both(
    (t, spec, game): (&Tournament, &GameSpec, &Game),
    event: Event,
    what: &str,
    notice: impl FnOnce(Box<Game>) -> AdjudicationNotice,
    decision: &mut Decision,
) {
    decision.events.push((spec.id.clone(), event));
    let after = game_after(game, spec, decision);
    decision
        .verdicts
        .push(Verdict::Directed(format!("{}: {what}", spec.id)));
    decision.letters.push(to_both(
        t,
        spec,
        Notice::Adjudication(notice(Box::new(after))),
    ));
}

/// The adjudication deadlines as of `today`: games sent to adjudication at
/// the end date, the director told when the materials are late (III.9.4,
/// III.9.7), adjudicated results final after the appeal window (III.9.9).
///
/// A game suspended by an overstep claim at the end waits for the
/// director's decision on the claim, and goes to adjudication on the pass
/// after it if it goes on (docs/rules.md, Readings).
pub fn deadlines((t, tables): (&Tournament, &Tables), state: &State, today: NaiveDate) -> Decision {
    let mut decision = Decision::default();
    for spec in &t.games {
        let game = state.peek(t, spec);
        let game = &*game;
        let Some(a) = &game.adjudication else {
            if ended(t, today)
                && game.opened.is_some()
                && game.ending.is_none()
                && game.suspension().is_none()
            {
                open(
                    (t, tables),
                    spec,
                    game,
                    AdjudicationReason::End,
                    today,
                    &mut decision,
                );
            }
            continue;
        };
        if game.ending.is_none() {
            let missing: Vec<Color> = [Color::White, Color::Black]
                .into_iter()
                .filter(|c| a.claim(*c).is_none())
                .collect();
            if a.overdue.is_none() && !missing.is_empty() && today >= plus_window(a.on) {
                decision
                    .events
                    .push((spec.id.clone(), Event::AdjudicationOverdue { on: today }));
                let after = game_after(game, spec, &decision);
                decision.verdicts.push(Verdict::Reminded {
                    game: spec.id.clone(),
                });
                decision.letters.push(Letter::new(
                    vec![Reader::director_of(t)],
                    missing.iter().map(|c| Reader::seat(t, spec, *c)).collect(),
                    Notice::Adjudication(AdjudicationNotice::Overdue {
                        game: Box::new(after),
                        missing,
                    }),
                    Some(&spec.id),
                ));
            }
            continue;
        }
        let appealed = a.appeals.iter().any(Option::is_some);
        if let Some(given) = game.appeal_open() {
            if !appealed && today >= plus_window(given) {
                told_both(
                    (t, spec, game),
                    Event::AdjudicationFinal {
                        on: today,
                        result: None,
                    },
                    "adjudicated result final",
                    |game| AdjudicationNotice::Final {
                        game,
                        appealed: false,
                    },
                    &mut decision,
                );
            }
        }
    }
    decision
}

/// The director's `RESULT` for a game in adjudication, or after an appeal
/// (III.9.10); `None` when the game is neither (the ordinary `RESULT`).
pub(crate) fn director_result(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    result: GameResult,
    today: NaiveDate,
    decision: &mut Decision,
) -> Option<()> {
    let a = game.adjudication.as_ref()?;
    if game.ending.is_none() {
        end_game(
            t,
            spec,
            game,
            result,
            EndReason::Adjudication,
            today,
            decision,
        );
        // the result mail goes out, then the appeal deadline (III.9.8-9.9)
        let after = game_after(game, spec, decision);
        decision.letters.push(to_both(
            t,
            spec,
            Notice::Adjudication(AdjudicationNotice::Adjudicated {
                game: Box::new(after),
                until: plus_window(today),
            }),
        ));
        decision.verdicts.push(Verdict::Directed(format!(
            "{}: adjudicated {}",
            spec.id,
            result.as_str()
        )));
        return Some(());
    }
    if game.appeal_open().is_some() && a.appeals.iter().any(Option::is_some) {
        told_both(
            (t, spec, game),
            Event::AdjudicationFinal {
                on: today,
                result: Some(result),
            },
            &format!("appeal decided {}", result.as_str()),
            |game| AdjudicationNotice::Final {
                game,
                appealed: true,
            },
            decision,
        );
        return Some(());
    }
    None
}

/// What a player's mail says to an adjudication.
#[derive(Debug, PartialEq)]
enum Said {
    Claim(GameResult),
    Appeal,
}

/// The words of a line, upper case, punctuation off.
fn words_of(line: &str) -> Vec<String> {
    line.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_uppercase()
                .replace('Ё', "Е")
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// The claim (`CLAIM WIN|DRAW|LOSS`, `ЗАЯВКА ВЫИГРЫШ|НИЧЬЯ|ПРОИГРЫШ`) or
/// the appeal (`APPEAL`, `АПЕЛЛЯЦИЯ`) in the sender's own lines, and the
/// sender's other lines as written: the analysis (moves and all).
fn said(written: &Written, text: &str, color: Color) -> Option<(Said, Vec<String>)> {
    let mut found = None;
    for line in &written.words {
        let words = words_of(line);
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let this = match words.as_slice() {
            [claim, result] if is_word(|w| &w.claim, claim) => {
                if is_word(|w| &w.win, result) {
                    Some(Said::Claim(GameResult::win_for(color)))
                } else if is_word(|w| &w.loss, result) {
                    Some(Said::Claim(GameResult::win_for(!color)))
                } else if is_word(|w| &w.draw, result) {
                    Some(Said::Claim(GameResult::Draw))
                } else {
                    None
                }
            }
            [appeal] if is_word(|w| &w.appeal, appeal) => Some(Said::Appeal),
            _ => None,
        };
        if found.is_none() {
            found = this;
        }
    }
    if found.is_none() && written.has("claim_win") {
        // `CLAIM WIN` is read as the win claim of a running game
        found = Some(Said::Claim(GameResult::win_for(color)));
    }
    if found.is_none() && written.has("claim_draw") {
        // `CLAIM DRAW` is read as the draw claim of a running game
        found = Some(Said::Claim(GameResult::Draw));
    }
    let own = crate::message::parse::own_text(text);
    let rest: Vec<String> = own
        .lines()
        .filter(|l| {
            !words_of(l)
                .first()
                .is_some_and(|w| is_word(|w| &w.claim, w) || is_word(|w| &w.appeal, w))
        })
        .map(|l| l.trim_end().to_string())
        .collect();
    let start = rest
        .iter()
        .position(|l| !l.is_empty())
        .unwrap_or(rest.len());
    let end = rest
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(start, |k| k + 1);
    found.map(|s| (s, rest[start..end.max(start)].to_vec()))
}

/// A player's mail in a game with an adjudication: the claim, the appeal,
/// the one move of the player to move (`judge` decides it as a move mail
/// is decided; its forward to the opponent is dropped and the move goes to
/// the director, III.9.4.4), any other move answered without penalty.
/// `None`: the mail is decided as usual (a resignation, a finished game).
#[allow(clippy::too_many_arguments)]
pub(crate) fn mail(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    color: Color,
    today: NaiveDate,
    replier: &Replier,
    written: &Written,
    judge: impl FnOnce() -> Decision,
) -> Option<Decision> {
    let a = game.adjudication.as_ref()?;
    let me = Reader::seat(t, spec, color);
    let tell = |notice: AdjudicationNotice, why: &str| {
        replier.tell(
            me.clone(),
            Notice::Adjudication(notice),
            Some(&spec.id),
            why,
        )
    };
    match said(written, &replier.mail.text, color) {
        Some((Said::Appeal, text)) => {
            let why = match game.appeal_open() {
                None => Some(AppealRefusal::NotOpen),
                Some(given) if today > plus_window(given) => Some(AppealRefusal::Late),
                Some(_)
                    if a.claims[usize::from(color == Color::Black)]
                        .is_none_or(|(_, on)| on > plus_window(a.on)) =>
                {
                    Some(AppealRefusal::NoMaterials)
                }
                Some(_) => None,
            };
            if let Some(why) = why {
                return Some(tell(
                    AdjudicationNotice::AppealRefused {
                        game: Box::new(game.clone()),
                        color,
                        why,
                    },
                    "appeal refused",
                ));
            }
            let mut decision = Decision::default();
            decision.events.push((
                spec.id.clone(),
                Event::Appealed {
                    side: Side::from(color),
                    on: today,
                },
            ));
            let after = game_after(game, spec, &decision);
            let mut letter = Letter::new(
                vec![Reader::director_of(t)],
                vec![me.clone(), Reader::seat(t, spec, !color)],
                Notice::Adjudication(AdjudicationNotice::Appeal {
                    game: Box::new(after),
                    color,
                    text,
                }),
                Some(&spec.id),
            );
            replier.thread_letter(&mut letter);
            decision.letters.push(letter);
            decision.verdicts.push(Verdict::Answered("appeal".into()));
            return Some(decision);
        }
        Some((Said::Claim(result), analysis)) if game.ending.is_none() => {
            let mut decision = Decision::default();
            decision.events.push((
                spec.id.clone(),
                Event::AdjudicationClaimed {
                    side: Side::from(color),
                    result,
                    on: today,
                },
            ));
            let after = game_after(game, spec, &decision);
            let agreed = a.claim(!color) == Some(result);
            let mut letter = Letter::new(
                vec![Reader::director_of(t)],
                vec![me.clone()],
                Notice::Adjudication(AdjudicationNotice::Claimed {
                    game: Box::new(after.clone()),
                    color,
                    result,
                    analysis,
                }),
                Some(&spec.id),
            );
            replier.thread_letter(&mut letter);
            decision.letters.push(letter);
            decision.verdicts.push(Verdict::Answered("claim".into()));
            if agreed {
                // equal claims: the game ends without adjudication (III.9.5)
                let mut ending = Decision::default();
                end_game(
                    t,
                    spec,
                    &after,
                    result,
                    EndReason::ClaimsAgreed,
                    today,
                    &mut ending,
                );
                decision.extend(ending);
            }
            return Some(decision);
        }
        _ => {}
    }
    if game.ending.is_some() || written.has("resign") {
        return None;
    }
    if written.plies.is_empty() {
        return None;
    }
    if game.adjudicated_move_made() || game.to_move() != color {
        return Some(tell(
            AdjudicationNotice::NoMove {
                game: Box::new(game.clone()),
                color,
            },
            "game in adjudication",
        ));
    }
    let mut decision = judge();
    let moved = decision
        .events
        .iter()
        .any(|(id, e)| id == &spec.id && matches!(e, Event::Moved { .. }));
    if !moved {
        // refused as any move mail is (a penalty for an impossible move)
        return Some(decision);
    }
    // the move counts as made and goes to the director, not the opponent
    decision
        .letters
        .retain(|l| !matches!(l.notice, Notice::Game(GameNotice::Forward { .. })));
    let after = game_after(game, spec, &decision);
    let mut letter = Letter::new(
        vec![Reader::director_of(t)],
        vec![me],
        Notice::Adjudication(AdjudicationNotice::Move {
            game: Box::new(after),
        }),
        Some(&spec.id),
    );
    replier.thread_letter(&mut letter);
    decision.letters.insert(0, letter);
    Some(decision)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said_in(text: &str) -> Option<(Said, Vec<String>)> {
        said(&crate::message::parse::scan(text), text, Color::White)
    }

    /// III.9.4, III.9.9: the claim and the appeal are read in every
    /// language's words, the analysis below them kept as written.
    #[test]
    fn iii_9_4_the_claim_and_the_appeal_are_read_in_every_language() {
        for (text, result) in [
            (
                "CLAIM WIN\n25. Qh7 mate follows",
                GameResult::win_for(Color::White),
            ),
            ("Заявка: ничья\nкрепость", GameResult::Draw),
            (
                "Antrag Gewinn\nWeiß gewinnt nach 25. Dh7",
                GameResult::win_for(Color::White),
            ),
            ("Antrag Verlust", GameResult::win_for(Color::Black)),
            ("PARAIŠKA LYGIOSIOS\ntvirtovė", GameResult::Draw),
            ("Paraiška laimėjimas", GameResult::win_for(Color::White)),
        ] {
            let (said, analysis) = said_in(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(said, Said::Claim(result), "{text}");
            assert_eq!(analysis, text.lines().skip(1).collect::<Vec<_>>(), "{text}");
        }
        for text in [
            "APPEAL",
            "Апелляция",
            "Berufung",
            "APELIACIJA\nžr. 30. Bxe5",
        ] {
            assert_eq!(said_in(text).map(|s| s.0), Some(Said::Appeal), "{text}");
        }
        assert!(said_in("Antrag auf Urlaub").is_none());
    }
}
