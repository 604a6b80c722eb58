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

    /// A game of the fixture's tournament on `rules`: White's leaves
    /// `leaves`, knight moves back and forth, ply `i` sent `gaps[i]` days
    /// after the one before (the first after the start).
    fn game_under(rules: &RuleSet, leaves: Vec<Days>, gaps: &[u64]) -> Game {
        let mut league = league();
        league.tournaments[0].rules = rules.clone();
        let t = &league.tournaments[0];
        let mut game = Game::new(t, &t.games[0], [leaves, vec![]]);
        game.apply(&crate::referee::game::Event::Opened { on: t.start })
            .unwrap();
        let mut on = t.start;
        for (i, gap) in gaps.iter().enumerate() {
            on = on + chrono::Days::new(*gap);
            let uci = ["g1f3", "b8c6", "f3g1", "c6b8"][i % 4];
            game.apply(&crate::referee::game::Event::Moved {
                uci: uci.into(),
                sent: on,
                draw_offer: false,
            })
            .unwrap();
        }
        game
    }

    fn preset(id: &str) -> RuleSet {
        crate::referee::rules::find_preset(id)
            .unwrap()
            .rules
            .clone()
    }

    /// fischer-30-1: 30 days, 10 of them taken by move 1 and one added:
    /// 21 for move 2; moves made at once build the clock up to 45, not past.
    #[test]
    fn fischer_30_1_the_clock_after_each_move_and_its_cap() {
        let rules = preset("fischer-30-1");
        let game = game_under(&rules, vec![], &[10, 0]);
        let c = clock(&game, &rules, Color::White, game.next_received());
        assert_eq!((c.control, c.allowance, c.used, c.left), (2, 21, 0, 21));
        let game = game_under(&rules, vec![], &[0; 40]);
        let c = clock(&game, &rules, Color::White, game.next_received());
        assert_eq!((c.allowance, c.left), (45, 45), "30 + 20 capped at 45");
        // a penalty is taken off the clock like thinking days
        let mut game = game_under(&rules, vec![], &[10, 0]);
        game.apply(&crate::referee::game::Event::Penalty {
            side: crate::referee::game::Side::White,
            days: 2,
            on: game.next_received(),
            reason: crate::referee::game::PenaltyReason::Illegible,
        })
        .unwrap();
        let c = clock(&game, &rules, Color::White, game.next_received());
        assert_eq!((c.allowance, c.used, c.left), (21, 2, 19));
    }

    /// countdown-180: one allowance; what each move takes stays taken.
    #[test]
    fn countdown_180_the_allowance_is_for_the_whole_game() {
        let rules = preset("countdown-180");
        let game = game_under(&rules, vec![], &[10, 5, 20, 5]);
        let c = clock(&game, &rules, Color::White, game.next_received());
        assert_eq!((c.allowance, c.used, c.left), (180, 30, 150));
        assert_eq!(c.control, 3, "the awaited move");
        assert_eq!(rules.shown_control(c.control), 0, "told for the whole game");
        assert_eq!(rules.pgn_time_control(), "15552000");
    }

    /// double_after_days (ICCF's older postal rule): the days of one move
    /// beyond the number count twice, and the last day to send says so.
    #[test]
    fn double_after_days_counts_each_day_beyond_twice() {
        let rules = RuleSet {
            double_after_days: Some(20),
            ..RuleSet::email()
        };
        let game = game_under(&rules, vec![], &[25, 0]);
        assert_eq!(game.plies[0].days, 30, "20 + 2 × 5");
        // Black to move 1 on 60 days: 20 plain, then 20 doubled = 40 more
        let game = game_under(&rules, vec![], &[0]);
        let c = clock(&game, &rules, Color::Black, game.next_received());
        assert_eq!(c.last_day, Some(day("2026-06-19")), "40 days after 10.05");
        assert!(game.overstep(&rules, day("2026-06-19")).is_none());
        assert!(game.overstep(&rules, day("2026-06-20")).is_some());
    }

    fn rules_of(pick: u8) -> RuleSet {
        match pick % 5 {
            0 => RuleSet::email(),
            1 => preset("iccf"),
            2 => preset("fischer-30-1"),
            3 => preset("countdown-180"),
            _ => RuleSet {
                double_after_days: Some(7),
                ..RuleSet::email()
            },
        }
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

        /// The same for every kind of clock: the last day told is the day
        /// before the claim, over random move days, leaves and days asked.
        #[test]
        fn every_clock_tells_the_day_before_its_claim(
            pick in 0u8..5,
            leaves in proptest::collection::vec(leave(), 0..2),
            gaps in proptest::collection::vec(0u64..12, 0..12),
            asked in 0u64..90,
        ) {
            let rules = rules_of(pick);
            let game = game_under(&rules, leaves, &gaps);
            let color = game.to_move();
            let today = game.next_received() + chrono::Days::new(asked);
            let c = clock(&game, &rules, color, today);
            if let Some(last) = c.last_day {
                prop_assert!(game.overstep(&rules, last).is_none(), "{c:?}");
                prop_assert!(game.overstep(&rules, last.succ_opt().unwrap()).is_some(), "{c:?}");
            }
        }

        /// A Fischer clock never holds more than its cap, and a countdown
        /// never grows: after each move, as of the day it came, for random
        /// move days.
        #[test]
        fn fischer_stays_under_its_cap_and_a_countdown_never_grows(
            gaps in proptest::collection::vec(0u64..8, 1..40),
        ) {
            let fischer = preset("fischer-30-1");
            let countdown = preset("countdown-180");
            let mut left_before = [i64::MAX, i64::MAX];
            for n in 1..=gaps.len() {
                let game = game_under(&fischer, vec![], &gaps[..n]);
                let color = game.to_move();
                let c = clock(&game, &fischer, color, game.next_received());
                prop_assert!(c.allowance <= 45 && c.left <= 45, "{c:?}");
                let game = game_under(&countdown, vec![], &gaps[..n]);
                let c = clock(&game, &countdown, color, game.next_received());
                prop_assert_eq!(c.allowance, 180);
                let left = i64::from(c.left) - i64::from(c.over);
                let side = usize::from(color == Color::Black);
                prop_assert!(left <= left_before[side], "{c:?}");
                left_before[side] = left;
            }
        }
    }
}
