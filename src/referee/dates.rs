//! The dates and times a move mail states in App.3's free form, compared
//! with the record once the move is applied (III.2.3; postal II.2.2.1): the
//! intended date of sending against the day the mail arrived, the day the
//! partner's move was received and the day it was sent against the record,
//! and both players' `days/total`. A difference is no fault: the actual
//! dates count, and each difference is listed for the sender.

use crate::message::free_form::{FreeForm, WrittenDate};
use crate::message::render::{date, numbered, tr};
use crate::referee::game::Game;
use crate::referee::rules::Article;
use crate::referee::tournament::{Lang, Tournament};
use chrono::NaiveDate;
use shakmaty::Color;
use std::fmt::Write;

/// The lines for the sender's notes, one per stated date or time that
/// differs from the record of `after` (the game with the new move).
pub(crate) fn free_form_corrections(
    t: &Tournament,
    stated: &FreeForm,
    after: &Game,
    lang: Lang,
) -> String {
    let mut out = String::new();
    if stated.is_empty() || after.plies.is_empty() {
        return out;
    }
    let article = t.rules.article_of(Article::DateDiffers);
    let new = after.plies.len() - 1;
    let ply = &after.plies[new];
    let mut date_line =
        |index: usize, label: &str, said: Option<WrittenDate>, actual: NaiveDate, counts: &str| {
            if let Some(said) = said.filter(|s| !s.matches(actual)) {
                let _ = writeln!(
                    out,
                    "- {}: {label} {} {}, {} {counts} ({article}).",
                    numbered(after, index, t.notation),
                    said.text(),
                    tr(lang, "in your mail", "в вашем письме"),
                    date(actual),
                );
            }
        };
    date_line(
        new,
        tr(lang, "date of sending", "дата отправления"),
        stated.sending,
        ply.sent,
        tr(
            lang,
            "the day your mail arrived, which counts",
            "день получения вашего письма, который и учитывается",
        ),
    );
    let in_record = tr(
        lang,
        "in the record, which counts",
        "по записи, которая и учитывается",
    );
    if new > 0 {
        date_line(
            new - 1,
            tr(lang, "received", "получен"),
            stated.received,
            ply.received,
            in_record,
        );
        date_line(
            new - 1,
            tr(lang, "sent", "отправлен"),
            stated.partner_sent,
            after.plies[new - 1].sent,
            in_record,
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
        let record = format!("{}/{:02}", p.days, p.total);
        match said {
            Some((days, total)) if (days, total) != (p.days, p.total) => {
                let _ = writeln!(
                    out,
                    "- {}: {} {days}/{total:02} {}, {record} {in_record} ({article}).",
                    numbered(after, index, t.notation),
                    tr(lang, "time", "время"),
                    tr(lang, "in your mail", "в вашем письме"),
                );
            }
            _ => {}
        }
    }
    out
}
