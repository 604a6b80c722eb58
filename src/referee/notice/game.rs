//! The mails of a game's life: forwards, results, claims, notices to both
//! players and the director.

use crate::referee::game::{Game, Offer};
use crate::referee::notice::answers::MoverNote;
use chrono::NaiveDate;
use shakmaty::Color;

/// What happened in a game. Each carries the game as it is after the
/// event (its tournament and players come from the league); the letters
/// write the form, the board, the PGN and the clocks from it.
#[derive(Debug, Clone)]
pub enum GameNotice {
    /// The last move of `game` accepted: To the opponent, Cc the mover
    /// (DESIGN §5). The move, the day it counts from, the draw offer, the
    /// standard form, the board, what to write next.
    Forward {
        game: Box<Game>,
        /// Remarks for the mover only (his mail's date, a variant not
        /// applied, date corrections, a refused draw claim), shown in the
        /// copy he reads.
        notes: Vec<MoverNote>,
        /// The mover's own words, relayed to the opponent as written.
        note: Vec<String>,
        /// The mover's answer to the variant his opponent offered.
        answered: Option<Answered>,
        /// The move brought the game within the endgame tables, and
        /// tablebase claims are on: both are told once that they may claim.
        tables_reached: bool,
    },
    /// The game ended: To both players, Cc the director, with the PGN.
    /// `note`: the own words of the player whose mail ended it (a
    /// resignation, an accepted draw), relayed to his partner.
    Result {
        game: Box<Game>,
        note: Option<(Color, Vec<String>)>,
    },
    /// An overstep claim: To the director, Cc both players, with the
    /// calculation, the schedule, whether the game is interrupted and what
    /// the director can answer (III.6.1-6.3, II.6.2-6.8, App.1).
    Claim { game: Box<Game>, today: NaiveDate },
}

/// How the mover answered the variant his opponent offered (III.3.7-3.8):
/// the offer as it stood, and how many of its moves he accepted (the
/// accepted ones are in the game, marked `variant`).
#[derive(Debug, Clone)]
pub struct Answered {
    pub offer: Offer,
    pub accepted: usize,
}

impl GameNotice {
    /// The game the notice is about.
    pub fn game(&self) -> &Game {
        match self {
            GameNotice::Forward { game, .. }
            | GameNotice::Result { game, .. }
            | GameNotice::Claim { game, .. } => game,
        }
    }
}
