//! Rule sets: the numbers of Section III (e-mail) and Section II (postal),
//! each overridable per tournament (DESIGN.md §4).

use serde::{Deserialize, Serialize};

/// Which section of the rules a tournament plays under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleKind {
    /// Section III, e-mail play.
    Email,
    /// Section II, postal play.
    Postal,
}

/// The numbers the referee counts with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleSet {
    pub kind: RuleKind,
    /// Days allowed per control (III.4.3: 60; II.4.3: 30), cumulative.
    pub days_per_control: u32,
    /// Moves per control (10).
    pub moves_per_control: u32,
    /// Penalty for an illegible, impossible, ambiguous move or a wrong
    /// repetition (III.4.7: 2; II.4.9: 5).
    pub penalty_days: u32,
    /// Penalty for a repeated offence of the same kind in the same game
    /// (II.4.10: 10; Section III has no such rule: the same as `penalty_days`).
    pub repeat_penalty_days: u32,
    /// A confirmed overstep loses at once (III.6.6, II.6.11); otherwise the
    /// first resets the player's count to zero from the next move and the
    /// second loses (II.6.4, II.6.6).
    pub loss_on_first_overstep: bool,
    /// Leave allowed per calendar year (III.7.1: 30).
    pub leave_days_per_year: u32,
    /// Days without an answer before the move is repeated (III.5.1: 14).
    pub reminder_days: u32,
    /// Days without a move before the director is told (III.5.3: 40).
    pub inactivity_days: u32,
    /// Days left before a control under which the director gets copies (III.4.10: 5).
    pub warning_days: u32,
}

impl RuleSet {
    /// Section III defaults.
    pub fn email() -> RuleSet {
        RuleSet {
            kind: RuleKind::Email,
            days_per_control: 60,
            moves_per_control: 10,
            penalty_days: 2,
            repeat_penalty_days: 2,
            loss_on_first_overstep: true,
            leave_days_per_year: 30,
            reminder_days: 14,
            inactivity_days: 40,
            warning_days: 5,
        }
    }

    /// Section II defaults.
    pub fn postal() -> RuleSet {
        RuleSet {
            kind: RuleKind::Postal,
            days_per_control: 30,
            penalty_days: 5,
            repeat_penalty_days: 10,
            loss_on_first_overstep: false,
            ..RuleSet::email()
        }
    }

    /// The defaults of `kind`.
    pub fn defaults(kind: RuleKind) -> RuleSet {
        match kind {
            RuleKind::Email => RuleSet::email(),
            RuleKind::Postal => RuleSet::postal(),
        }
    }

    /// The short description used in opening mails and the PGN.
    pub fn summary(&self) -> String {
        let section = match self.kind {
            RuleKind::Email => "RAZSh Section III (e-mail)",
            RuleKind::Postal => "RAZSh Section II (postal)",
        };
        format!(
            "{section}: {} days per {} moves, cumulative; penalty {} days",
            self.days_per_control, self.moves_per_control, self.penalty_days
        )
    }

    /// The penalty for an offence, given how many of the same kind the
    /// player already had in the game.
    pub fn penalty_for(&self, earlier_of_same_kind: usize) -> u32 {
        if earlier_of_same_kind == 0 {
            self.penalty_days
        } else {
            self.repeat_penalty_days
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iii_4_7_email_penalty_is_two_days_every_time() {
        let r = RuleSet::email();
        assert_eq!(
            (r.penalty_for(0), r.penalty_for(1), r.penalty_for(5)),
            (2, 2, 2)
        );
        assert!(r.loss_on_first_overstep);
        assert_eq!((r.days_per_control, r.moves_per_control), (60, 10));
    }

    #[test]
    fn ii_4_9_and_4_10_postal_penalty_five_then_ten() {
        let r = RuleSet::postal();
        assert_eq!(
            (r.penalty_for(0), r.penalty_for(1), r.penalty_for(2)),
            (5, 10, 10)
        );
        assert!(!r.loss_on_first_overstep);
        assert_eq!(r.days_per_control, 30);
    }
}
