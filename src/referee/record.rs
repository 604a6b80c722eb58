//! How the referee writes a move in what it records and returns (the
//! notices' move texts): the tournament's notation; and a date where no
//! reader's form applies, `16.05.2026`. A notice carries its dates as
//! dates: the views write each in its reader's form (the `render`
//! module), standing on these.

use crate::notation::{self, Notation};
use crate::referee::game::Game;
use chrono::{Datelike, NaiveDate};
use shakmaty::Color;

/// `16.05.2026`.
pub fn date(d: NaiveDate) -> String {
    if (0..=9999).contains(&d.year()) {
        format!("{:02}.{:02}.{:04}", d.day(), d.month(), d.year())
    } else {
        d.format("%d.%m.%Y").to_string()
    }
}

/// A move of the game as the tournament writes it.
pub fn ply_text(game: &Game, index: usize, notation: Notation) -> String {
    let ply = &game.plies[index];
    match notation {
        Notation::Numeric => ply.numeric(),
        Notation::San => game.san(index).to_string(),
        Notation::Ru => notation::write_move(&game.position_before(index), &ply.mv, Notation::Ru),
    }
}

/// `13. 3234` or `13... 4745`.
pub fn numbered(game: &Game, index: usize, notation: Notation) -> String {
    let ply = &game.plies[index];
    let dots = if ply.color == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots} {}", ply.number, ply_text(game, index, notation))
}
