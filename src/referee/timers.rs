//! The timer pass as of a day: opening mails on the start date (or the first
//! run after it), and, after the day's mail was read, the deadlines: an
//! overstep as soon as it is certain (III.6, II.6), the repeat after
//! `reminder_days` without an answer (III.5.1, II.5.1), under postal rules
//! the director told when the repeat went unanswered too (II.5.1), and the
//! director told after the rule set's `inactivity` without a move (III.5.3,
//! II.5.2). Leave days pause them all. Every number and article comes from
//! the tournament's [`RuleSet`](crate::referee::rules::RuleSet).

use crate::referee::compose::{self, copy_director};
use crate::referee::decision::{Decision, Verdict};
use crate::referee::endgame::{self, Tables};
use crate::referee::game::{Event, Game};
use crate::referee::notice::officials::OfficialNotice;
use crate::referee::notice::{Letter, Notice, Reader};
use crate::referee::state::State;
use crate::referee::tournament::{GameSpec, League, Tournament};
use crate::referee::{adjudication, clock, deadline};
use chrono::NaiveDate;
use shakmaty::Color;

/// Opening mails of the games whose start has come.
pub fn openings(league: &League, state: &State, today: NaiveDate) -> Decision {
    let mut decision = Decision::default();
    for t in &league.tournaments {
        decision.extend(tournament_openings((t, &league.tables), state, today));
    }
    decision
}

/// Opening mails of the games of `t`, if its start has come (the daemon
/// decides and commits tournament by tournament, so that a day on which
/// 1,000 tournaments start is 1,000 decisions of a tournament's size).
/// A game from a start position the endgame `tables` reach, tablebase
/// claims being on, is told so in its opening mail.
pub fn tournament_openings(
    (t, tables): (&Tournament, &Tables),
    state: &State,
    today: NaiveDate,
) -> Decision {
    let mut decision = Decision::default();
    if today < t.start {
        return decision;
    }
    for spec in &t.games {
        if state.opened(&spec.id) {
            continue;
        }
        let game = state.peek(t, spec);
        decision
            .events
            .push((spec.id.clone(), Event::Opened { on: today }));
        decision.verdicts.push(Verdict::Opened {
            game: spec.id.clone(),
        });
        let tables_reached = spec.start.is_some()
            && t.rules.tablebase_claims
            && endgame::reaches(tables, game.position());
        decision
            .letters
            .push(opening(t, spec, &game, today, tables_reached));
    }
    decision
}

/// The deadlines as of `today`.
pub fn deadlines(league: &League, state: &State, today: NaiveDate) -> Decision {
    let mut decision = Decision::default();
    for t in &league.tournaments {
        decision.extend(tournament_deadlines(league, t, state, today));
    }
    decision
}

/// The deadlines of the games of `t` as of `today` (decided and committed
/// tournament by tournament, as [`tournament_openings`]).
pub fn tournament_deadlines(
    league: &League,
    t: &Tournament,
    state: &State,
    today: NaiveDate,
) -> Decision {
    // the end of the tournament and adjudication (III.9.4-9.10)
    let mut decision = adjudication::deadlines((t, &league.tables), state, today);
    for spec in &t.games {
        let game = state.peek(t, spec);
        let game = &*game;
        // a CONFIRM held for the protest days (III.6.4) takes effect
        if let Some(confirmed) = crate::referee::director::confirm_held(t, spec, game, today) {
            decision.extend(confirmed);
            continue;
        }
        // a day the daemon missed, run later: a game whose last move came
        // after it was decided by that mail (on its own day), not by this pass
        if today < t.start
            || game.next_received() > today
            || game.ending.is_some()
            || game.suspension().is_some()
            || game.adjudication.is_some()
            || adjudication::ended(t, today)
        {
            continue;
        }
        // a leave that begins today or ended yesterday: the partner told,
        // unless it ended by the player's LEAVE END today, told at once
        for color in [Color::White, Color::Black] {
            let player = &t.player_of(spec, color).id;
            for l in game.leaves(color) {
                let begins = l.from == today;
                if !begins
                    && (l.to.succ_opt() != Some(today)
                        || state.leave_ended_on(&t.id, player, today))
                {
                    continue;
                }
                decision.letters.push(Letter::new(
                    vec![Reader::seat(t, spec, !color)],
                    vec![],
                    Notice::Official(OfficialNotice::LeaveDay {
                        game: Box::new(game.clone()),
                        color,
                        from: l.from,
                        to: l.to,
                        begins,
                        today,
                    }),
                    Some(&spec.id),
                ));
            }
        }
        if let Some((against, control)) = game.overstep(&t.rules, today) {
            decision.extend(compose::claim_overstep(
                t, spec, game, against, control, today,
            ));
            continue;
        }
        let color = game.to_move();
        if let Some(level) = warning_due(t, game, color, today) {
            decision
                .events
                .push((spec.id.clone(), Event::Warned { on: today, level }));
            decision.verdicts.push(Verdict::Reminded {
                game: spec.id.clone(),
            });
            let notice = OfficialNotice::TimeWarning {
                game: Box::new(game.clone()),
                today,
            };
            decision.letters.push(Letter::new(
                vec![Reader::seat(t, spec, color)],
                vec![],
                Notice::Official(notice),
                Some(&spec.id),
            ));
        }
        let received = game.next_received();
        let waiting = clock::move_time(received, today, t.start, game.leaves(color)).days;
        let (due, sent) = (t.rules.reminders_due(waiting), game.reminders());
        if due > sent {
            // one mail; every repeat due counted (a day caught up after the
            // daemon was down may have passed two)
            for _ in sent..due {
                decision
                    .events
                    .push((spec.id.clone(), Event::Reminded { on: today }));
            }
            decision.verdicts.push(Verdict::Reminded {
                game: spec.id.clone(),
            });
            decision
                .letters
                .push(reminder(t, spec, game, waiting, today));
        }
        let breakdown = t.rules.breakdown_days.filter(|days| waiting >= *days);
        if breakdown.is_some() && !game.breakdown_reported() {
            decision
                .events
                .push((spec.id.clone(), Event::BreakdownReported { on: today }));
            decision.verdicts.push(Verdict::Reminded {
                game: spec.id.clone(),
            });
            let notice = OfficialNotice::Breakdown {
                game: Box::new(game.clone()),
                waiting,
                today,
            };
            decision.letters.push(to_director(t, spec, notice));
        }
        if waiting >= t.rules.inactivity.days_from(received) && !game.inactivity_reported() {
            decision
                .events
                .push((spec.id.clone(), Event::InactivityReported { on: today }));
            decision.verdicts.push(Verdict::Reminded {
                game: spec.id.clone(),
            });
            let notice = OfficialNotice::Inactivity {
                game: Box::new(game.clone()),
                waiting,
                today,
            };
            decision.letters.push(to_director(t, spec, notice));
        }
    }
    copy_director(league, state, &mut decision, today);
    decision
}

/// The day before the last: the last warning's level.
const LAST_WARNING: u32 = 1;

/// The level of the warning due to `color` on `today`, if any: when his
/// days left (the one clock, [`deadline::clock`]) have come down to the
/// rule set's warning days, or to 1, and he was not warned of that level,
/// or a lower one, for this move. Not when no last day can be told (an
/// overstep, a claim, a bar).
fn warning_due(t: &Tournament, game: &Game, color: Color, today: NaiveDate) -> Option<u32> {
    let clock = deadline::clock(game, &t.rules, color, today);
    clock.last_day?;
    [LAST_WARNING, t.rules.warning_days]
        .into_iter()
        .filter(|level| *level > 0 && clock.left <= *level && !game.warned(*level))
        .min()
}

/// The game begins: To both players.
fn opening(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    today: NaiveDate,
    tables_reached: bool,
) -> Letter {
    let notice = OfficialNotice::Opening {
        game: Box::new(game.clone()),
        today,
        tables_reached,
    };
    Letter::new(
        vec![
            Reader::seat(t, spec, Color::White),
            Reader::seat(t, spec, Color::Black),
        ],
        vec![],
        Notice::Official(notice),
        Some(&spec.id),
    )
}

/// The move awaited, repeated To the silent player, Cc the director
/// (III.5.1); under postal rules the repeat goes to the player alone, and
/// only the request for White's first move goes to the director too (II.5.1).
fn reminder(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    waiting: u32,
    today: NaiveDate,
) -> Letter {
    let to_director = t.rules.reminder_to_director || game.plies.is_empty();
    let notice = OfficialNotice::Reminder {
        game: Box::new(game.clone()),
        waiting,
        to_director,
        today,
    };
    Letter::new(
        vec![Reader::seat(t, spec, game.to_move())],
        if to_director {
            vec![Reader::director_of(t)]
        } else {
            vec![]
        },
        Notice::Official(notice),
        Some(&spec.id),
    )
}

/// A notice about a game To the director alone.
fn to_director(t: &Tournament, spec: &GameSpec, notice: OfficialNotice) -> Letter {
    Letter::new(
        vec![Reader::director_of(t)],
        vec![],
        Notice::Official(notice),
        Some(&spec.id),
    )
}
