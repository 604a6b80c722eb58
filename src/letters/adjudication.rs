//! The texts of [`AdjudicationNotice`]s (III.9.4-9.10): the request for
//! the materials with the record and the final position, the move that
//! counts as made, the claims, the result with its appeal deadline, the
//! appeal, the final result.

use super::{game_subject as subject, Audience, Text};
use crate::referee::game::{Game, GameResult};
use crate::referee::notice::adjudication::{AdjudicationNotice, AppealRefusal};
use crate::referee::tournament::{League, Tournament};
use crate::render::{date_in, game_board, numbered_in, standard_form};
use crate::t;
use shakmaty::Color;

pub(super) fn render(league: &League, notice: &AdjudicationNotice, audience: &Audience) -> Text {
    let game = notice.game();
    let Some((t, spec)) = league.game(game.id()) else {
        return Text {
            subject: format!("[{}]", game.id()),
            body: String::new(),
        };
    };
    let lang = audience.lang;
    let name = |color: Color| t.player_of(spec, color).natural_name();
    // a player's own mail speaks to him of what he sent
    let addressed = |color: Color| audience.addressed(t, spec, color);
    let side = |color: Color| t!(lang, "official-side-lower", color = color_key(color));
    let opened = game.adjudication.as_ref().map(|a| a.on);
    let (rest, body) = match notice {
        AdjudicationNotice::Opened { until, tables, .. } => {
            let a = game.adjudication.as_ref().expect("opened");
            let color = game.to_move();
            let body = t!(
                lang,
                "adj-opened-body",
                reason = match a.reason {
                    crate::referee::game::AdjudicationReason::End => "end",
                    crate::referee::game::AdjudicationReason::Withdrawal => "withdrawal",
                },
                end = date_in(a.on, lang),
                until = date_in(*until, lang),
                name = name(color),
                side = side(color),
                // each player reads his own mail: the one to move is told
                // to move, his partner that he is not; the director's copy
                // names both
                who = if addressed(color) {
                    "mover"
                } else if addressed(!color) {
                    "partner"
                } else {
                    "both"
                }
            );
            let tables = tables
                .as_ref()
                .map(|v| format!("\n\n{}", super::claims::adjudication(game, v, lang)))
                .unwrap_or_default();
            (
                t!(lang, "adj-opened-subject"),
                format!("{body}{tables}\n\n{}", record(t, game, audience)),
            )
        }
        AdjudicationNotice::Move { .. } => {
            let last = game.plies.len() - 1;
            let mover = game.plies[last].color;
            let move_ = numbered_in(game, last, t.notation, lang);
            let body = if addressed(mover) {
                t!(lang, "adj-move-body-yours", move = move_)
            } else {
                t!(lang, "adj-move-body", name = name(mover), move = move_)
            };
            (
                t!(lang, "adj-move-subject"),
                format!("{body}\n\n{}", record(t, game, audience)),
            )
        }
        AdjudicationNotice::NoMove { .. } => (
            t!(lang, "adj-nomove-subject"),
            t!(
                lang,
                "adj-nomove-body",
                on = opened.map(|d| date_in(d, lang)).unwrap_or_default(),
                made = if game.adjudicated_move_made() {
                    "yes"
                } else {
                    "no"
                }
            ),
        ),
        AdjudicationNotice::Claimed {
            color,
            result,
            analysis,
            ..
        } => {
            let word = t!(lang, "adj-claim-word", claim = claim_key(*result, *color));
            let yours = addressed(*color);
            let mut body = if yours {
                t!(
                    lang,
                    "adj-claimed-body-yours",
                    word = word.as_str(),
                    result = result.as_str()
                )
            } else {
                t!(
                    lang,
                    "adj-claimed-body",
                    name = name(*color),
                    side = side(*color),
                    word = word.as_str(),
                    result = result.as_str()
                )
            };
            if !analysis.is_empty() {
                body.push_str(&format!(
                    "\n\n{}\n\n{}",
                    t!(lang, "adj-claimed-analysis"),
                    // the player's own words, marked as his
                    analysis
                        .iter()
                        .map(|l| format!("  | {l}"))
                        .collect::<Vec<_>>()
                        .join("\n")
                ));
            }
            // the other side's claim, as it stands with this one recorded:
            // equal claims end the game (III.9.5), different ones go to the
            // director (III.9.6)
            let next = match game.adjudication.as_ref().and_then(|a| a.claim(!*color)) {
                None => t!(lang, "adj-claimed-waiting"),
                Some(other) if other == *result => {
                    t!(lang, "adj-claimed-agree", result = result.as_str())
                }
                Some(_) => t!(lang, "adj-claimed-differ"),
            };
            body.push_str(&format!("\n\n{next}"));
            let subject = if yours {
                t!(lang, "adj-claimed-subject-yours", word = word.as_str())
            } else {
                t!(
                    lang,
                    "adj-claimed-subject",
                    name = name(*color),
                    word = word.as_str()
                )
            };
            (subject, body)
        }
        AdjudicationNotice::Overdue { missing, .. } => {
            let until =
                opened.map_or_else(String::new, |on| date_in(on + chrono::Days::new(14), lang));
            let names: Vec<String> = missing
                .iter()
                .map(|c| format!("{} ({})", name(*c), side(*c)))
                .collect();
            (
                t!(lang, "adj-overdue-subject"),
                t!(
                    lang,
                    "adj-overdue-body",
                    until = until,
                    names = names.join(", "),
                    count = missing.len()
                ),
            )
        }
        AdjudicationNotice::Adjudicated { until, .. } => {
            let result = game.result_str();
            let last = match game.plies.len() {
                0 => t!(lang, "adj-last-none"),
                n => numbered_in(game, n - 1, t.notation, lang),
            };
            (
                t!(lang, "adj-adjudicated-subject", result = result),
                format!(
                    "{}\n\n{}",
                    t!(
                        lang,
                        "adj-adjudicated-body",
                        result = result,
                        last = last,
                        until = date_in(*until, lang)
                    ),
                    record(t, game, audience)
                ),
            )
        }
        AdjudicationNotice::Appeal { color, text, .. } => {
            let yours = addressed(*color);
            let mut body = if yours {
                t!(lang, "adj-appeal-body-yours", result = game.result_str())
            } else {
                t!(
                    lang,
                    "adj-appeal-body",
                    name = name(*color),
                    result = game.result_str()
                )
            };
            if !text.is_empty() {
                let quoted: Vec<String> = text.iter().map(|l| format!("  | {l}")).collect();
                body.push_str(&format!("\n\n{}", quoted.join("\n")));
            }
            let subject = if yours {
                t!(lang, "adj-appeal-subject-yours")
            } else {
                t!(lang, "adj-appeal-subject", name = name(*color))
            };
            (subject, body)
        }
        AdjudicationNotice::AppealRefused { why, .. } => {
            let until = game
                .ending
                .map_or_else(String::new, |e| date_in(e.on + chrono::Days::new(14), lang));
            let why = match why {
                AppealRefusal::NotOpen => "not-open",
                AppealRefusal::Late => "late",
                AppealRefusal::NoMaterials => "no-materials",
            };
            (
                t!(lang, "adj-appeal-refused-subject"),
                t!(lang, "adj-appeal-refused-body", why = why, until = until),
            )
        }
        AdjudicationNotice::Final { appealed, .. } => {
            let result = game.result_str();
            (
                t!(lang, "adj-final-subject", result = result),
                t!(
                    lang,
                    "adj-final-body",
                    result = result,
                    appealed = if *appealed { "yes" } else { "no" }
                ),
            )
        }
    };
    Text {
        subject: subject(t, spec, &rest),
        body: format!("{}{body}\n", audience.greeting()),
    }
}

/// The record (standard form) and the final position.
/// The standard form and the board from the reader's side, the last move
/// marked.
fn record(t: &Tournament, game: &Game, audience: &Audience) -> String {
    let lang = audience.lang;
    format!(
        "{}\n\n{}",
        standard_form(t, game, lang).trim_end(),
        game_board(game, lang, audience.side(t, &game.spec)).trim_end()
    )
}

/// A claimed result as `color` says it: win, draw or loss.
fn claim_key(result: GameResult, color: Color) -> &'static str {
    match result {
        GameResult::Draw => "draw",
        r if r == GameResult::win_for(color) => "win",
        _ => "loss",
    }
}

fn color_key(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Golden texts of every adjudication notice: the fixture has Ivanov
/// (Russian, White) against Petrov (English, Black), the director reading
/// English.
#[cfg(test)]
mod tests {
    use super::super::fixture::{day, director, game, ivanov, league, petrov, show};
    use crate::referee::game::{AdjudicationReason, EndReason, Event, GameResult, Side};
    use crate::referee::notice::adjudication::{AdjudicationNotice, AppealRefusal};
    use crate::referee::notice::{Letter, Notice, Reader};
    use crate::referee::tournament::League;
    use shakmaty::Color;

    fn written(
        league: &League,
        to: Vec<Reader>,
        cc: Vec<Reader>,
        notice: AdjudicationNotice,
    ) -> String {
        let letter = Letter::new(to, cc, Notice::Adjudication(notice), Some("T/1"));
        show(league, &[letter])
    }

    #[test]
    fn the_adjudication_mails_in_each_readers_language() {
        let league = league();
        let mut g = game(&league, &["5254", "5755"]);
        let opened = Event::AdjudicationOpened {
            on: day("2026-06-01"),
            reason: AdjudicationReason::End,
        };
        g.apply(&opened).unwrap();
        let both = || vec![ivanov(), petrov()];
        let mut out = vec![written(
            &league,
            both(),
            vec![director()],
            AdjudicationNotice::Opened {
                game: Box::new(g.clone()),
                until: day("2026-06-15"),
                tables: None,
            },
        )];
        let mut moved = g.clone();
        let pos = moved.position().clone();
        let mv = crate::notation::parse_move(&pos, "7163").unwrap();
        moved
            .apply(&Event::Moved {
                uci: crate::referee::game::Game::uci(&mv),
                sent: day("2026-06-03"),
                draw_offer: false,
            })
            .unwrap();
        out.push(written(
            &league,
            vec![director()],
            vec![ivanov()],
            AdjudicationNotice::Move {
                game: Box::new(moved.clone()),
            },
        ));
        out.push(written(
            &league,
            vec![petrov()],
            vec![],
            AdjudicationNotice::NoMove {
                game: Box::new(moved.clone()),
                color: Color::Black,
            },
        ));
        moved
            .apply(&Event::AdjudicationClaimed {
                side: Side::White,
                result: GameResult::WhiteWins,
                on: day("2026-06-04"),
            })
            .unwrap();
        out.push(written(
            &league,
            vec![director()],
            vec![ivanov()],
            AdjudicationNotice::Claimed {
                game: Box::new(moved.clone()),
                color: Color::White,
                result: GameResult::WhiteWins,
                analysis: vec!["White is a pawn up.".into()],
            },
        ));
        out.push(written(
            &league,
            vec![director()],
            vec![petrov()],
            AdjudicationNotice::Overdue {
                game: Box::new(moved.clone()),
                missing: vec![Color::Black],
            },
        ));
        moved
            .apply(&Event::Ended {
                result: GameResult::WhiteWins,
                reason: EndReason::Adjudication,
                on: day("2026-06-16"),
            })
            .unwrap();
        out.push(written(
            &league,
            both(),
            vec![director()],
            AdjudicationNotice::Adjudicated {
                game: Box::new(moved.clone()),
                until: day("2026-06-30"),
            },
        ));
        out.push(written(
            &league,
            vec![director()],
            both(),
            AdjudicationNotice::Appeal {
                game: Box::new(moved.clone()),
                color: Color::Black,
                text: vec!["After 3... Nf6 it holds.".into()],
            },
        ));
        out.push(written(
            &league,
            vec![petrov()],
            vec![],
            AdjudicationNotice::AppealRefused {
                game: Box::new(moved.clone()),
                color: Color::Black,
                why: AppealRefusal::NoMaterials,
            },
        ));
        out.push(written(
            &league,
            vec![ivanov()],
            vec![],
            AdjudicationNotice::AppealRefused {
                game: Box::new(moved.clone()),
                color: Color::White,
                why: AppealRefusal::Late,
            },
        ));
        moved
            .apply(&Event::AdjudicationFinal {
                on: day("2026-06-30"),
                result: None,
            })
            .unwrap();
        out.push(written(
            &league,
            both(),
            vec![director()],
            AdjudicationNotice::Final {
                game: Box::new(moved),
                appealed: false,
            },
        ));
        insta::assert_snapshot!("adjudication", out.join("\n#####\n"));
    }
}
