//! Leaves (III.7, II.7): what a player announced, ended or was granted,
//! kept per player of a tournament, and the days that follow from it. A
//! leave counts in all the player's games at once.

use crate::referee::clock::Days;
use crate::referee::rules::RuleSet;
use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

/// What is recorded about a player, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum PlayerEvent {
    /// A leave from `from` to `to` inclusive, announced (or granted by the
    /// director, III.7.7) on `on`.
    Leave {
        from: NaiveDate,
        to: NaiveDate,
        on: NaiveDate,
        #[serde(default)]
        by_director: bool,
    },
    /// `LEAVE END` on `on`: the leave in progress ends the day before, or,
    /// with none in progress, the next one is called off (III.7.3).
    LeaveEnded { on: NaiveDate },
}

/// The store key of a player's events.
pub fn key(tournament: &str, player: &str) -> String {
    format!("{tournament}/{player}")
}

/// The leaves that follow from a player's events, in order.
pub fn leaves(events: &[PlayerEvent]) -> Vec<Days> {
    let mut leaves: Vec<Days> = Vec::new();
    for event in events {
        match event {
            PlayerEvent::Leave { from, to, .. } => leaves.push(Days {
                from: *from,
                to: *to,
            }),
            PlayerEvent::LeaveEnded { on } => {
                if let Some(i) = leaves.iter().position(|l| l.contains(*on)) {
                    match on.pred_opt().filter(|y| *y >= leaves[i].from) {
                        Some(yesterday) => leaves[i].to = yesterday,
                        None => {
                            leaves.remove(i);
                        }
                    }
                } else if let Some(i) = leaves
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| l.from > *on)
                    .min_by_key(|(_, l)| l.from)
                    .map(|(i, _)| i)
                {
                    leaves.remove(i);
                }
            }
        }
    }
    leaves.sort_by_key(|l| l.from);
    leaves
}

/// Why a leave request is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The leave does not start after the day of the request (III.7.2).
    NotInAdvance {
        from: NaiveDate,
        asked_on: NaiveDate,
    },
    /// The leave ended before the day of the notice: nothing is left of it
    /// to count from the notice (II.7.6).
    Over { to: NaiveDate, asked_on: NaiveDate },
    /// It ends before it starts.
    Backwards,
    /// It would bring the year's leave days over the limit (III.7.1).
    TooLong {
        year: i32,
        taken: u32,
        asked: u32,
        limit: u32,
    },
    /// It is longer than one leave may be (a rule set's `longest_leave_days`).
    LongerThanOne { asked: u32, limit: u32 },
    /// It overlaps a leave already announced.
    Overlaps(Days),
}

/// The leave days a player with `leaves` has left in `year` (III.7.1).
pub fn days_left(rules: &RuleSet, leaves: &[Days], year: i32) -> u32 {
    let taken: u32 = leaves.iter().map(|l| days_in_year(l, year)).sum();
    rules.leave_days_per_year.saturating_sub(taken)
}

/// The days of `leave` that fall in `year`.
fn days_in_year(leave: &Days, year: i32) -> u32 {
    let first = NaiveDate::from_ymd_opt(year, 1, 1).expect("a year has a first day");
    let last = NaiveDate::from_ymd_opt(year, 12, 31).expect("a year has a last day");
    let from = leave.from.max(first);
    let to = leave.to.min(last);
    if to < from {
        0
    } else {
        u32::try_from((to - from).num_days() + 1).unwrap_or(u32::MAX)
    }
}

/// Checks a player's leave request made on `today` against the leaves they
/// have (III.7.1, III.7.2) and returns the leave as granted: as asked, or,
/// where the rule set counts a late notice from the day it was sent (II.7.6),
/// from `today` when it began earlier.
///
/// # Errors
/// The [`Refusal`] to tell the player.
pub fn check(
    rules: &RuleSet,
    existing: &[Days],
    leave: Days,
    today: NaiveDate,
) -> Result<Days, Refusal> {
    if leave.to < leave.from {
        return Err(Refusal::Backwards);
    }
    let leave = match leave {
        late if late.from <= today && rules.late_leave_from_notice => {
            if late.to < today {
                return Err(Refusal::Over {
                    to: late.to,
                    asked_on: today,
                });
            }
            Days {
                from: today,
                to: late.to,
            }
        }
        late if late.from <= today => {
            return Err(Refusal::NotInAdvance {
                from: late.from,
                asked_on: today,
            })
        }
        in_advance => in_advance,
    };
    let length = u32::try_from((leave.to - leave.from).num_days() + 1).unwrap_or(u32::MAX);
    if let Some(limit) = rules.longest_leave_days.filter(|l| length > *l) {
        return Err(Refusal::LongerThanOne {
            asked: length,
            limit,
        });
    }
    if let Some(other) = existing
        .iter()
        .find(|l| l.from <= leave.to && leave.from <= l.to)
    {
        return Err(Refusal::Overlaps(*other));
    }
    for year in leave.from.year()..=leave.to.year() {
        let taken: u32 = existing.iter().map(|l| days_in_year(l, year)).sum();
        let asked = days_in_year(&leave, year);
        if taken + asked > rules.leave_days_per_year {
            return Err(Refusal::TooLong {
                year,
                taken,
                asked,
                limit: rules.leave_days_per_year,
            });
        }
    }
    Ok(leave)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    fn days(from: &str, to: &str) -> Days {
        Days {
            from: d(from),
            to: d(to),
        }
    }

    /// A rule set's longest single leave (`longest_leave_days`): a leave
    /// within the year's days but longer than one may be is refused.
    #[test]
    fn longest_leave_days_limits_one_leave() {
        let rules = RuleSet {
            longest_leave_days: Some(21),
            ..RuleSet::email()
        };
        let today = d("2026-06-01");
        assert_eq!(
            check(&rules, &[], days("2026-07-01", "2026-07-21"), today),
            Ok(days("2026-07-01", "2026-07-21"))
        );
        assert_eq!(
            check(&rules, &[], days("2026-07-01", "2026-07-22"), today),
            Err(Refusal::LongerThanOne {
                asked: 22,
                limit: 21
            })
        );
        // two of 15 days in a year are two leaves within its 30
        let taken = [days("2026-03-01", "2026-03-15")];
        assert!(check(&rules, &taken, days("2026-07-01", "2026-07-15"), today).is_ok());
    }

    #[test]
    fn iii_7_1_at_most_thirty_days_a_calendar_year() {
        let rules = RuleSet::email();
        let today = d("2026-06-01");
        assert_eq!(
            check(&rules, &[], days("2026-07-01", "2026-07-30"), today),
            Ok(days("2026-07-01", "2026-07-30"))
        );
        assert_eq!(
            check(&rules, &[], days("2026-07-01", "2026-08-15"), today),
            Err(Refusal::TooLong {
                year: 2026,
                taken: 0,
                asked: 46,
                limit: 30
            })
        );
        let taken = [days("2026-03-01", "2026-03-20")];
        assert!(matches!(
            check(&rules, &taken, days("2026-07-01", "2026-07-11"), today),
            Err(Refusal::TooLong {
                taken: 20,
                asked: 11,
                ..
            })
        ));
        // across the new year each year has its own 30 days
        assert_eq!(
            check(&rules, &taken, days("2026-12-22", "2027-01-20"), today),
            Ok(days("2026-12-22", "2027-01-20"))
        );
    }

    #[test]
    fn iii_7_2_only_in_advance() {
        let rules = RuleSet::email();
        let today = d("2026-06-10");
        assert!(matches!(
            check(&rules, &[], days("2026-06-10", "2026-06-12"), today),
            Err(Refusal::NotInAdvance { .. })
        ));
        assert!(matches!(
            check(&rules, &[], days("2026-06-01", "2026-06-05"), today),
            Err(Refusal::NotInAdvance { .. })
        ));
        assert_eq!(
            check(&rules, &[], days("2026-06-11", "2026-06-12"), today),
            Ok(days("2026-06-11", "2026-06-12"))
        );
    }

    #[test]
    fn ii_7_6_a_late_notice_counts_from_the_day_it_was_sent() {
        let rules = RuleSet::postal();
        let today = d("2026-06-10");
        assert_eq!(
            check(&rules, &[], days("2026-06-05", "2026-06-20"), today),
            Ok(days("2026-06-10", "2026-06-20")),
            "begun on 5 June, announced on 10 June: from 10 June"
        );
        assert_eq!(
            check(&rules, &[], days("2026-06-10", "2026-06-12"), today),
            Ok(days("2026-06-10", "2026-06-12"))
        );
        assert_eq!(
            check(&rules, &[], days("2026-06-01", "2026-06-09"), today),
            Err(Refusal::Over {
                to: d("2026-06-09"),
                asked_on: today
            }),
            "over before the notice: nothing to count"
        );
        // the limit counts the days granted, not the days asked
        let taken = [days("2026-03-01", "2026-03-20")];
        assert_eq!(
            check(&rules, &taken, days("2026-05-20", "2026-06-19"), today),
            Ok(days("2026-06-10", "2026-06-19"))
        );
    }

    #[test]
    fn iii_7_3_leave_end_shortens_or_calls_off() {
        let events = vec![
            PlayerEvent::Leave {
                from: d("2026-07-01"),
                to: d("2026-07-10"),
                on: d("2026-06-01"),
                by_director: false,
            },
            PlayerEvent::LeaveEnded {
                on: d("2026-07-04"),
            },
        ];
        assert_eq!(leaves(&events), vec![days("2026-07-01", "2026-07-03")]);
        let events = vec![
            PlayerEvent::Leave {
                from: d("2026-07-01"),
                to: d("2026-07-10"),
                on: d("2026-06-01"),
                by_director: false,
            },
            PlayerEvent::LeaveEnded {
                on: d("2026-06-20"),
            },
        ];
        assert_eq!(leaves(&events), vec![]);
        let events = vec![
            PlayerEvent::Leave {
                from: d("2026-07-01"),
                to: d("2026-07-10"),
                on: d("2026-06-01"),
                by_director: false,
            },
            PlayerEvent::LeaveEnded {
                on: d("2026-07-01"),
            },
        ];
        assert_eq!(
            leaves(&events),
            vec![],
            "ended on its first day: no leave day left"
        );
    }
}
