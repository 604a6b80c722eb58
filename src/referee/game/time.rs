//! A game's time: the days a move is charged (some counted double where a
//! rule set says so), the days being thought over, and the one clock
//! engine every kind of rule set's clock runs on; the overstep it finds.

use super::*;

impl Game {
    /// The days charged for `days` of thinking on one move: beyond the
    /// rule set's `double_after_days` each counts twice.
    pub(super) fn charged(&self, days: u32) -> u32 {
        clock::charged(self.double_after_days, days)
    }

    /// Days charged to `color`, to move, for thinking up to `today` (leave
    /// excluded; days beyond `double_after_days` twice).
    pub fn thinking(&self, color: Color, today: NaiveDate) -> u32 {
        self.charged(self.thinking_days(color, today))
    }

    /// Calendar days `color`, to move, has been thinking up to `today`
    /// (leave excluded), as they are, not charged.
    pub fn thinking_days(&self, color: Color, today: NaiveDate) -> u32 {
        if self.ending.is_some() || self.to_move() != color || self.adjudicated_move_made() {
            return 0;
        }
        // in adjudication the clocks stopped on its day (III.9.4)
        let today = self
            .adjudication
            .as_ref()
            .map_or(today, |a| today.min(a.on));
        clock::move_time(
            self.next_received().min(today),
            today,
            self.start,
            &self.leaves[idx(color)],
        )
        .days
    }

    /// Where `color` stands against its clock, counting today: the one
    /// clock engine for every kind a rule set has (moves per days,
    /// Fischer, a countdown), over the count since a reset (II.6.4).
    pub fn control(&self, rules: &RuleSet, color: Color, today: NaiveDate) -> Control {
        let mut control = self.counted(rules, color, today);
        // the controls count the moves made in this game; a game from a
        // start position numbers them from its FEN's move number
        control.control += self.first_number(color) - 1;
        control
    }

    /// [`Game::control`] with the control numbered by `color`'s own moves
    /// in this game (the first is 1).
    fn counted(&self, rules: &RuleSet, color: Color, today: NaiveDate) -> Control {
        let reset = self.resets[idx(color)].unwrap_or_default();
        let made = self.moves_made(color);
        let series_moves = made - reset.moves_before;
        let used = self.totals[idx(color)] - reset.total_before + self.thinking(color, today);
        match rules.clock {
            TimeControl::Moves => {
                let mpc = rules.moves_per_control.max(1);
                let next_in_series = (series_moves + 1).div_ceil(mpc) * mpc;
                Control {
                    control: reset.moves_before + next_in_series,
                    allowance: clock::allowance(next_in_series, rules.days_per_control, mpc),
                    used,
                }
            }
            TimeControl::Countdown { game_days } => Control {
                control: made + 1,
                allowance: game_days,
                used,
            },
            TimeControl::Fischer {
                base_days,
                days_per_move,
                max_days,
            } => {
                // the clock after each own move of the count: what the move
                // took (its days and the penalties since the move before)
                // off, the increment on, never above the cap
                let mut bank = i64::from(base_days.min(max_days));
                let mut before = reset.total_before;
                for ply in self
                    .plies
                    .iter()
                    .filter(|p| p.color == color)
                    .skip(reset.moves_before as usize)
                {
                    bank = (bank - i64::from(ply.total - before) + i64::from(days_per_move))
                        .min(i64::from(max_days));
                    before = ply.total;
                }
                let used = self.totals[idx(color)] - before + self.thinking(color, today);
                // a clock already below zero (an overstep let stand) is told
                // as days used beyond an empty allowance
                let owed = u32::try_from(-bank.min(0)).unwrap_or(u32::MAX);
                Control {
                    control: made + 1,
                    allowance: u32::try_from(bank.max(0)).unwrap_or(u32::MAX),
                    used: used.saturating_add(owed),
                }
            }
        }
    }

    /// The index of the overstepping move of `color`'s last confirmed
    /// claim, when it has been made: its first move from the claim on.
    pub(super) fn overstepping_ply(&self, color: Color) -> Option<usize> {
        let from = self.confirmed_at[idx(color)]?;
        (from..self.plies.len()).find(|k| self.plies[*k].color == color)
    }

    /// The overstep certain for the side to move on `today`, unless claims
    /// against it are barred until its next control (III.6.7), or a claim
    /// is pending in the game: one claim at a time, and none again for an
    /// overstep already claimed while play goes on (II.6.2-6.4).
    pub fn overstep(&self, rules: &RuleSet, today: NaiveDate) -> Option<(Color, Control)> {
        if self.ending.is_some() || self.claim.is_some() || self.adjudication.is_some() {
            return None;
        }
        let color = self.to_move();
        if self.reset_pending[idx(color)] {
            // the overstepping move itself is still awaited: its days belong
            // to the count that was already overstepped
            return None;
        }
        let control = self.control(rules, color, today);
        let barred = self.claim_bar[idx(color)] == Some(control.control);
        (control.used > control.allowance && !barred).then_some((color, control))
    }

    /// Whether claims against `color` are barred until its control move
    /// `control` (a rejected claim, III.6.7).
    pub fn claims_barred(&self, color: Color, control: u32) -> bool {
        self.claim_bar[idx(color)] == Some(control)
    }
}
