//! Counting thinking time in days (DESIGN.md §6, RULES.md III.4):
//! the days `d` with `received < d <= sent`, not counting days before the
//! tournament start nor days of the mover's leave.

use chrono::NaiveDate;

/// An inclusive range of calendar days (a leave).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Days {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Days {
    pub fn contains(&self, day: NaiveDate) -> bool {
        self.from <= day && day <= self.to
    }
}

/// Days counted and leave days skipped for one move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveTime {
    /// Days charged to the mover.
    pub days: u32,
    /// Days inside the thinking time that fell on the mover's leave.
    pub leave_days: u32,
}

/// The time of a move received on `received` and answered on `sent`.
pub fn move_time(
    received: NaiveDate,
    sent: NaiveDate,
    start: NaiveDate,
    leaves: &[Days],
) -> MoveTime {
    let mut time = MoveTime::default();
    let mut day = received.succ_opt();
    while let Some(d) = day.filter(|d| *d <= sent) {
        if d >= start {
            if leaves.iter().any(|l| l.contains(d)) {
                time.leave_days += 1;
            } else {
                time.days += 1;
            }
        }
        day = d.succ_opt();
    }
    time
}

/// The days charged for `days` of thinking on one move: beyond
/// `double_after` (a rule set's `double_after_days`) each counts twice.
pub fn charged(double_after: Option<u32>, days: u32) -> u32 {
    match double_after {
        Some(n) => days.saturating_add(days.saturating_sub(n)),
        None => days,
    }
}

/// The allowance at the control that covers move `number`: days_per_control × k
/// where k is the number of the control (move 1-10: k = 1 with the defaults).
pub fn allowance(number: u32, days_per_control: u32, moves_per_control: u32) -> u32 {
    let control = number.max(1).div_ceil(moves_per_control.max(1));
    control * days_per_control
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn iii_4_4_days_between_receipt_and_answer() {
        let start = d("2026-05-10");
        assert_eq!(
            move_time(d("2026-05-12"), d("2026-05-16"), start, &[]).days,
            4
        );
        assert_eq!(
            move_time(d("2026-05-12"), d("2026-05-12"), start, &[]).days,
            0
        );
        // across a month and a year end
        assert_eq!(
            move_time(d("2026-05-30"), d("2026-06-02"), start, &[]).days,
            3
        );
        assert_eq!(
            move_time(d("2026-12-30"), d("2027-01-02"), start, &[]).days,
            3
        );
    }

    #[test]
    fn iii_4_5_days_before_the_start_are_not_counted() {
        let start = d("2026-05-10");
        assert_eq!(
            move_time(d("2026-05-05"), d("2026-05-08"), start, &[]).days,
            0
        );
        // received 05-07, sent 05-12: only 05-10, 05-11, 05-12 count
        assert_eq!(
            move_time(d("2026-05-07"), d("2026-05-12"), start, &[]).days,
            3
        );
    }

    #[test]
    fn iii_7_5_leave_days_are_not_counted() {
        let start = d("2026-05-10");
        let leave = [Days {
            from: d("2026-06-03"),
            to: d("2026-06-05"),
        }];
        let t = move_time(d("2026-06-01"), d("2026-06-08"), start, &leave);
        assert_eq!(
            t,
            MoveTime {
                days: 4,
                leave_days: 3
            }
        );
    }

    #[test]
    fn iii_4_3_allowance_is_cumulative_per_control() {
        assert_eq!(allowance(1, 60, 10), 60);
        assert_eq!(allowance(10, 60, 10), 60);
        assert_eq!(allowance(11, 60, 10), 120);
        assert_eq!(allowance(20, 60, 10), 120);
        assert_eq!(allowance(5, 20, 5), 20);
        assert_eq!(allowance(6, 20, 5), 40);
    }
}
