//! The one clock: what every mail, view and page tells a player of his
//! time, computed once, from the game as the referee counts it. Days used
//! to the next control and days left never go below zero (an overstep is
//! told as days over); the last day to send counts every leave already
//! granted (III.7.4-7.6), so that a move sent on it is never claimed and a
//! claim falls on the day after (III.6).

use crate::referee::clock::Days;
use crate::referee::game::Game;
use crate::referee::rules::RuleSet;
use chrono::NaiveDate;
use shakmaty::Color;

/// A player's time in a game as of a day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    /// The move number of the next control move.
    pub control: u32,
    /// The days allowed up to it.
    pub allowance: u32,
    /// The days used in this count, penalties included, as of the day.
    pub used: u32,
    /// Days left before the control, never below zero.
    pub left: u32,
    /// Days over the allowance (an overstep), else zero.
    pub over: u32,
    /// The last day the player to move may send his move without an
    /// overstep: only while the game runs and he is to move, not after
    /// an overstep, nor while a claim against him is barred (III.6.7).
    pub last_day: Option<NaiveDate>,
    /// His leaves granted in the game that end after the day: counted in
    /// `last_day`, told beside it.
    pub leaves_ahead: Vec<Days>,
    /// A claim against him was rejected and none may be made again before
    /// his control move (III.6.7).
    pub barred: bool,
}

impl Clock {
    /// The catalog message that tells this clock: `id` with the days left,
    /// or `id-over` with the days over after an overstep (never a
    /// negative count).
    pub fn words(&self, id: &'static str) -> String {
        if self.over > 0 {
            format!("{id}-over")
        } else {
            id.to_string()
        }
    }
}

/// The most days ahead the last day is looked for (a century).
const HORIZON: u32 = 36_600;

/// The clock of `color` in `game` as of `today`.
pub fn clock(game: &Game, rules: &RuleSet, color: Color, today: NaiveDate) -> Clock {
    let control = game.control(rules, color, today);
    let left = control.allowance.saturating_sub(control.used);
    let over = control.used.saturating_sub(control.allowance);
    let barred = game.claims_barred(color, control.control);
    let running = game.ending.is_none()
        && game.suspension().is_none()
        && game.claim.is_none()
        && game.adjudication.is_none()
        && game.to_move() == color;
    let leaves = game.leaves(color);
    let doubling = rules
        .double_after_days
        .map(|n| (n, game.thinking_days(color, today)));
    let last_day = (running && !barred && over == 0)
        .then(|| last_day(today, left, game.start, leaves, doubling))
        .flatten();
    let leaves_ahead = match last_day {
        Some(last) => leaves
            .iter()
            .filter(|l| l.to > today && l.from <= last)
            .copied()
            .collect(),
        None => Vec::new(),
    };
    Clock {
        control: control.control,
        allowance: control.allowance,
        used: control.used,
        left,
        over,
        last_day,
        leaves_ahead,
        barred,
    }
}

/// The last day a move may be sent when `left` days remain as of `today`:
/// the days after today are counted as the referee counts them (none before
/// the start, none on a leave, [`crate::referee::clock::move_time`]), and
/// leave days right after the last counted one still belong to it. With
/// `doubling` (the rule set's `double_after_days` and the days already
/// thought over the move), each day beyond that number costs two.
fn last_day(
    today: NaiveDate,
    left: u32,
    start: NaiveDate,
    leaves: &[Days],
    doubling: Option<(u32, u32)>,
) -> Option<NaiveDate> {
    let mut day = today;
    let mut remaining = left;
    let mut thought = doubling.map_or(0, |(_, d)| d);
    for _ in 0..HORIZON {
        let next = day.succ_opt()?;
        let counted = next >= start && !leaves.iter().any(|l| l.contains(next));
        if counted {
            thought += 1;
            let cost = match doubling {
                Some((n, _)) if thought > n => 2,
                _ => 1,
            };
            if remaining < cost {
                return Some(day);
            }
            remaining -= cost;
        }
        day = next;
    }
    Some(day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::fixture::{day, league};
    use proptest::prelude::*;

    /// The fixture's game with `leaves` for White and `plies` numeric moves,
    /// one every `gap` days from the start.
    fn game_with(leaves: Vec<Days>, plies: &[&str], gap: u64) -> (Game, RuleSet) {
        let league = league();
        let game = crate::letters::fixture::game_with(&league, [leaves, vec![]], plies, gap);
        (game, league.tournaments[0].rules.clone())
    }

    /// III.7.4-7.6 with III.6: a leave granted 01.06-10.06 moves the last
    /// day from 09.07 to 19.07 (60 days after 10.05, plus its 10 days);
    /// sent on it the move is in time, a day later it is claimed.
    #[test]
    fn iii_7_the_last_day_to_send_counts_a_granted_leave() {
        let leave = Days {
            from: day("2026-06-01"),
            to: day("2026-06-10"),
        };
        let (game, rules) = game_with(vec![], &[], 1);
        let plain = clock(&game, &rules, Color::White, day("2026-05-25"));
        assert_eq!(plain.last_day, Some(day("2026-07-09")));
        let (game, rules) = game_with(vec![leave], &[], 1);
        let told = clock(&game, &rules, Color::White, day("2026-05-25"));
        assert_eq!(told.last_day, Some(day("2026-07-19")));
        assert_eq!(told.leaves_ahead, vec![leave]);
        assert!(game.overstep(&rules, day("2026-07-19")).is_none());
        assert!(game.overstep(&rules, day("2026-07-20")).is_some());
    }

    /// After an overstep nothing negative is told: days over, no last day.
    #[test]
    fn iii_6_an_overstep_is_told_as_days_over_and_no_last_day() {
        let (game, rules) = game_with(vec![], &[], 1);
        let c = clock(&game, &rules, Color::White, day("2026-07-12"));
        assert_eq!((c.used, c.left, c.over, c.last_day), (63, 0, 3, None));
    }

    fn leave() -> impl Strategy<Value = Days> {
        (0u64..120, 0u64..30).prop_map(|(from, len)| {
            let from = day("2026-05-10") + chrono::Days::new(from);
            Days {
                from,
                to: from + chrono::Days::new(len),
            }
        })
    }

    proptest! {
        /// The last day told is the last day a move still avoids the
        /// claim, which falls the day after, over random leaves, moves
        /// and days asked about.
        #[test]
        fn the_last_day_told_is_the_day_before_the_claim(
            leaves in proptest::collection::vec(leave(), 0..3),
            plies in 0usize..5,
            gap in 1u64..9,
            asked in 0u64..60,
        ) {
            let moves = ["5254", "5755", "7163", "2836", "6125"];
            let (game, rules) = game_with(leaves, &moves[..plies], gap);
            let color = game.to_move();
            let today = game.next_received() + chrono::Days::new(asked);
            let c = clock(&game, &rules, color, today);
            match c.last_day {
                Some(last) => {
                    prop_assert!(last >= today);
                    prop_assert!(game.overstep(&rules, last).is_none(), "{c:?}");
                    prop_assert!(game.overstep(&rules, last.succ_opt().unwrap()).is_some(), "{c:?}");
                }
                None => prop_assert!(c.over > 0 || game.overstep(&rules, today).is_some(), "{c:?}"),
            }
        }
    }
}
