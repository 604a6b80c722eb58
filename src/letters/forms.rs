//! What many mails show: the player's clock (days used, days left to the
//! next control move, the date by which the move must be sent) and the
//! warning when few days are left.

use crate::referee::deadline;
use crate::referee::game::Game;
use crate::referee::rules::Article;
use crate::referee::tournament::{Lang, Tournament};
use crate::t;
use chrono::{Datelike, NaiveDate};
use shakmaty::Color;

/// The clock of `color` in `game` as of `today`, for that player, as
/// [`deadline::clock`] tells it: days used and left to the next control
/// move (an overstep as days over, never a negative count); for the
/// player to move, the last day to send, counting his granted leaves (none
/// while a claim interrupts the game, after an overstep, or while a claim
/// is barred: then the bar is told); a warning at `warning_days` or fewer
/// left. Lines ending in a newline.
pub fn clock(t: &Tournament, game: &Game, color: Color, today: NaiveDate, lang: Lang) -> String {
    let c = deadline::clock(game, &t.rules, color, today);
    let mut out = t!(
        lang,
        &c.words("clock"),
        used = c.used,
        allowance = c.allowance,
        control = t.rules.shown_control(c.control),
        left = c.left,
        over = c.over
    );
    out.push('\n');
    out.push_str(&last_day(t, game, color, &c, "clock", lang));
    out.push_str(&before_the_end(t, game, &c, today, lang));
    if game.ending.is_none() && c.over == 0 && c.left <= t.rules.warning_days {
        out.push_str(&t!(
            lang,
            "clock-warning",
            left = c.left,
            control = t.rules.shown_control(c.control)
        ));
        out.push('\n');
    }
    out
}

/// The last day to send (with the leaves it counts), or the bar after a
/// rejected claim, for the player to move: the catalog's `{id}-send-by`,
/// `{id}-send-by-leave` or `{id}-barred` line; empty for the other player.
fn last_day(
    t: &Tournament,
    game: &Game,
    color: Color,
    c: &deadline::Clock,
    id: &str,
    lang: Lang,
) -> String {
    let mut out = String::new();
    if let Some(by) = c.last_day {
        let date = crate::render::date_in(by, lang);
        let line = match c.leaves_ahead.as_slice() {
            // "unless you take a leave" only while he has leave days left
            [] if crate::referee::leave::days_left(&t.rules, game.leaves(color), by.year())
                == 0 =>
            {
                t!(lang, &format!("{id}-send-by-final"), date = date)
            }
            [] => t!(lang, &format!("{id}-send-by"), date = date),
            leaves => t!(
                lang,
                &format!("{id}-send-by-leave"),
                date = date,
                leave = leaves
                    .iter()
                    .map(|l| crate::render::days_in(l.from, l.to, lang))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        out.push_str(&line);
        out.push('\n');
    } else if c.barred && game.ending.is_none() && game.to_move() == color {
        out.push_str(&t!(lang, &format!("{id}-barred"), control = c.control));
        out.push('\n');
    }
    out
}

/// The tournament's end when it comes before the last day to send or on
/// it: the game unfinished then goes to adjudication (III.9.4), whatever
/// the clock allows. A line ending in a newline, or empty.
fn before_the_end(
    t: &Tournament,
    game: &Game,
    c: &deadline::Clock,
    today: NaiveDate,
    lang: Lang,
) -> String {
    match (t.end, c.last_day) {
        (Some(end), Some(by)) if today < end && end <= by && game.adjudication.is_none() => {
            let mut line = t!(
                lang,
                "clock-tournament-end",
                end = crate::render::date_in(end, lang),
                earlier = if end < by { "yes" } else { "no" },
                article = t.rules.article_in(Article::Adjudication, lang)
            );
            line.push('\n');
            line
        }
        _ => String::new(),
    }
}

/// Both players' clocks as of `today`, told to the director in the third
/// person (a player's clock says "your"): a title, then each player's
/// days used and left, and the last day to send of the player to move.
/// Empty for an ended game.
pub fn clocks_of_both(t: &Tournament, game: &Game, today: NaiveDate, lang: Lang) -> String {
    if game.ending.is_some() {
        return String::new();
    }
    let mut out = t!(
        lang,
        "clocks-of-title",
        date = crate::render::date_in(today, lang)
    );
    out.push('\n');
    // the tournament's end, told once under both clocks
    let mut end = String::new();
    for color in [Color::White, Color::Black] {
        let c = deadline::clock(game, &t.rules, color, today);
        let side = match color {
            Color::White => "white",
            Color::Black => "black",
        };
        out.push_str("  ");
        out.push_str(&t!(
            lang,
            &c.words("clock-of"),
            name = &t.player_of(&game.spec, color).natural_name(),
            side = side,
            used = c.used,
            allowance = c.allowance,
            control = t.rules.shown_control(c.control),
            left = c.left,
            over = c.over
        ));
        out.push('\n');
        let last = last_day(t, game, color, &c, "clock-of", lang);
        if !last.is_empty() {
            out.push_str("    ");
            out.push_str(&last);
        }
        end.push_str(&before_the_end(t, game, &c, today, lang));
    }
    if !end.is_empty() {
        out.push_str("  ");
        out.push_str(&end);
    }
    out
}
