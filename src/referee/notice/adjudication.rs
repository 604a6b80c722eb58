//! The mails of an adjudication (III.9.4-9.10): the request for the
//! materials, the move that counts as made, the claims, the result, the
//! appeal.

use crate::referee::endgame::TableVerdict;
use crate::referee::game::{Game, GameResult};
use chrono::NaiveDate;
use shakmaty::Color;

/// What happened in a game's adjudication. Each carries the game as it is
/// after the event.
#[derive(Debug, Clone)]
pub enum AdjudicationNotice {
    /// The game went to adjudication: To both players, Cc the director;
    /// each player reads a mail of his own, the one to move told to move.
    /// The clocks stopped; the materials are due by `until` (III.9.4).
    /// `tables`: what the endgame tables give the player to move, where
    /// they reach the position (the analysis is then not needed).
    Opened {
        game: Box<Game>,
        until: NaiveDate,
        tables: Option<TableVerdict>,
    },
    /// The move of the player to move, recorded: To the director, Cc the
    /// mover; it counts as made and goes to nobody else (III.9.4.4).
    Move { game: Box<Game> },
    /// A move mail after the move was made, or from the player not to
    /// move: answered without penalty, nothing recorded.
    NoMove { game: Box<Game>, color: Color },
    /// `color` claimed `result` with `analysis` (III.9.4.3): To the
    /// director, Cc the claimant.
    Claimed {
        game: Box<Game>,
        color: Color,
        result: GameResult,
        analysis: Vec<String>,
    },
    /// The 14 days passed without the materials of `missing` (III.9.4):
    /// To the director, Cc the players who sent none; they lose the right
    /// to appeal (III.9.7).
    Overdue {
        game: Box<Game>,
        missing: Vec<Color>,
    },
    /// The director's result: To both players, Cc the director, with the
    /// last move made and the appeal deadline (III.9.8-9.9).
    Adjudicated { game: Box<Game>, until: NaiveDate },
    /// `color` appealed with `text`: To the director, Cc both players
    /// (III.9.9: a copy to the partner).
    Appeal {
        game: Box<Game>,
        color: Color,
        text: Vec<String>,
    },
    /// An appeal that cannot be taken: after the window, or from a player
    /// who sent no materials (III.9.7), or with no result to appeal.
    AppealRefused {
        game: Box<Game>,
        color: Color,
        why: AppealRefusal,
    },
    /// The adjudicated result is final (after the window, or the
    /// director's decision on an appeal, III.9.10): To both, Cc the director.
    Final { game: Box<Game>, appealed: bool },
}

/// Why an appeal is not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppealRefusal {
    /// No adjudicated result is open to appeal.
    NotOpen,
    /// The 14 days passed (III.9.9).
    Late,
    /// The player sent no claim in time (III.9.7).
    NoMaterials,
}

impl AdjudicationNotice {
    /// The game the notice is about.
    pub fn game(&self) -> &Game {
        match self {
            AdjudicationNotice::Opened { game, .. }
            | AdjudicationNotice::Move { game }
            | AdjudicationNotice::NoMove { game, .. }
            | AdjudicationNotice::Claimed { game, .. }
            | AdjudicationNotice::Overdue { game, .. }
            | AdjudicationNotice::Adjudicated { game, .. }
            | AdjudicationNotice::Appeal { game, .. }
            | AdjudicationNotice::AppealRefused { game, .. }
            | AdjudicationNotice::Final { game, .. } => game,
        }
    }
}
