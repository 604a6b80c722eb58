//! The dates and times a move mail states in App.3's free form, compared
//! with the record once the move is applied (III.2.3; postal II.2.2.1): the
//! intended date of sending against the day the mail arrived, the day the
//! partner's move was received and the day it was sent against the record,
//! and both players' `days/total`. A difference is no fault: the actual
//! dates count, and each difference is listed for the sender.

use crate::message::free_form::{FreeForm, WrittenDate};
use crate::referee::game::Game;
use crate::referee::notice::answers::{MoverNote, Stamp, Stated};
use chrono::{Datelike, NaiveDate};
use shakmaty::Color;

/// The notes for the sender, one per stated date or time that differs
/// from the record of `after` (the game with the new move).
pub(crate) fn free_form_corrections(stated: &FreeForm, after: &Game) -> Vec<MoverNote> {
    let mut out = Vec::new();
    if stated.is_empty() || after.plies.is_empty() {
        return out;
    }
    let new = after.plies.len() - 1;
    let ply = &after.plies[new];
    let mut date_line =
        |index: usize, what: Stated, said: Option<WrittenDate>, actual: NaiveDate| {
            if let Some(said) = said.filter(|s| !s.matches(actual)) {
                out.push(MoverNote::Stated {
                    ply: index,
                    what,
                    said: Stamp::Day {
                        day: said.day,
                        month: said.month,
                        year: said.year,
                    },
                    record: Stamp::Day {
                        day: actual.day(),
                        month: actual.month(),
                        year: Some(actual.year()),
                    },
                });
            }
        };
    date_line(new, Stated::Sending, stated.sending, ply.sent);
    if new > 0 {
        date_line(new - 1, Stated::Received, stated.received, ply.received);
        date_line(
            new - 1,
            Stated::Sent,
            stated.partner_sent,
            after.plies[new - 1].sent,
        );
    }
    for (color, said) in [
        (Color::White, stated.white_time),
        (Color::Black, stated.black_time),
    ] {
        let Some(index) = after.plies.iter().rposition(|p| p.color == color) else {
            continue;
        };
        let p = &after.plies[index];
        match said {
            Some((days, total)) if (days, total) != (p.days, p.total) => {
                out.push(MoverNote::Stated {
                    ply: index,
                    what: Stated::Time,
                    said: Stamp::Time { days, total },
                    record: Stamp::Time {
                        days: p.days,
                        total: p.total,
                    },
                });
            }
            _ => {}
        }
    }
    out
}
