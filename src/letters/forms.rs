//! What many mails show: the player's clock (days used, days left to the
//! next control move, the date by which the move must be sent) and the
//! warning when few days are left.

use crate::referee::game::Game;
use crate::referee::tournament::{Lang, Tournament};
use crate::t;
use chrono::NaiveDate;
use shakmaty::Color;

/// The clock of `color` in `game` as of `today`, for that player: days
/// used and left to the next control move; for the player to move, the
/// last day to send the move if no leave is taken (not while a claim
/// interrupts the game); a warning at
/// `warning_days` or fewer left. Lines ending in a newline.
pub fn clock(t: &Tournament, game: &Game, color: Color, today: NaiveDate, lang: Lang) -> String {
    let control = game.control(&t.rules, color, today);
    let left = control.left().max(0);
    let mut out = t!(
        lang,
        "clock",
        used = control.used,
        allowance = control.allowance,
        control = control.control,
        left = left
    );
    out.push('\n');
    // while a claim interrupts the game, a move sent is held: no send-by date
    if game.ending.is_none() && game.suspension().is_none() && game.to_move() == color {
        let by = today
            .checked_add_days(chrono::Days::new(left.unsigned_abs()))
            .unwrap_or(today);
        out.push_str(&t!(
            lang,
            "clock-send-by",
            date = by.format("%d.%m.%Y").to_string()
        ));
        out.push('\n');
    }
    if game.ending.is_none() && left <= i64::from(t.rules.warning_days) {
        out.push_str(&t!(
            lang,
            "clock-warning",
            left = left,
            control = control.control
        ));
        out.push('\n');
    }
    out
}
