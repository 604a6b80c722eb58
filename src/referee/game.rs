//! A game as the referee keeps it: the recorded events, and the state they
//! replay into (position, moves with their dates and days, penalties,
//! result).

use crate::notation::{self, Notation};
use crate::referee::clock::{self, Days};
use crate::referee::tournament::{GameSpec, Tournament};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use shakmaty::{uci::UciMove, CastlingMode, Chess, Color, Move, Position};
use thiserror::Error;

/// A side of the board, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// A game's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    Checkmate,
    Stalemate,
    /// Neither side can mate (a dead position).
    InsufficientMaterial,
    Resignation,
    DrawAgreed,
}

/// What is recorded about a game, in order. The state is their replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The opening mail went out.
    Opened { on: NaiveDate },
    /// A move was accepted; it was sent (arrived) on `sent`.
    Moved {
        uci: String,
        sent: NaiveDate,
        #[serde(default)]
        draw_offer: bool,
    },
    /// Penalty days given to `side` (III.4.7).
    Penalty {
        side: Side,
        days: u32,
        on: NaiveDate,
        reason: String,
    },
    /// The game ended.
    Ended {
        result: GameResult,
        reason: EndReason,
        on: NaiveDate,
    },
}

/// A stored event that does not fit the game: the store is damaged.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ReplayError {
    #[error("game {game}: stored move {uci} at ply {ply} is not legal")]
    IllegalMove {
        game: String,
        ply: usize,
        uci: String,
    },
}

/// One half-move with its dates and time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    pub number: u32,
    pub color: Color,
    pub mv: Move,
    pub san: String,
    pub numeric: String,
    /// The day the mover received the partner's move (the start for White's first).
    pub received: NaiveDate,
    pub sent: NaiveDate,
    pub days: u32,
    pub leave_days: u32,
    /// The mover's total after this move: days so far plus penalty days so far.
    pub total: u32,
    pub draw_offer: bool,
}

/// Penalty days as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Penalty {
    pub color: Color,
    pub days: u32,
    pub on: NaiveDate,
    pub reason: String,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    pub result: GameResult,
    pub reason: EndReason,
    pub on: NaiveDate,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    InProgress,
    Finished,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::InProgress => "in_progress",
            Status::Finished => "finished",
        }
    }
}

/// The state of a game, replayed from its events.
#[derive(Debug, Clone)]
pub struct Game {
    pub spec: GameSpec,
    pub tournament: String,
    pub start: NaiveDate,
    pub opened: Option<NaiveDate>,
    pub plies: Vec<Ply>,
    /// `positions[i]` is the position before ply `i`; the last is the current one.
    pub positions: Vec<Chess>,
    pub penalties: Vec<Penalty>,
    pub ending: Option<Ending>,
    /// Each side's leaves (none until leaves are supported).
    leaves: [Vec<Days>; 2],
    /// Running totals (days + penalties) per side, white first.
    totals: [u32; 2],
}

fn idx(color: Color) -> usize {
    usize::from(color == Color::Black)
}

impl Game {
    /// A game with nothing recorded.
    pub fn new(tournament: &Tournament, spec: &GameSpec) -> Game {
        Game {
            spec: spec.clone(),
            tournament: tournament.id.clone(),
            start: tournament.start,
            opened: None,
            plies: Vec::new(),
            positions: vec![Chess::default()],
            penalties: Vec::new(),
            ending: None,
            leaves: [Vec::new(), Vec::new()],
            totals: [0, 0],
        }
    }

    /// Replays `events` from the start.
    ///
    /// # Errors
    /// [`ReplayError`] when a stored move is not legal (a damaged store).
    pub fn replay(
        tournament: &Tournament,
        spec: &GameSpec,
        events: &[Event],
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(tournament, spec);
        for event in events {
            game.apply(event)?;
        }
        Ok(game)
    }

    /// Applies one event.
    ///
    /// # Errors
    /// [`ReplayError`] when a move event is not legal here.
    pub fn apply(&mut self, event: &Event) -> Result<(), ReplayError> {
        match event {
            Event::Opened { on } => self.opened = Some(*on),
            Event::Moved {
                uci,
                sent,
                draw_offer,
            } => {
                let pos = self.position().clone();
                let illegal = || ReplayError::IllegalMove {
                    game: self.spec.id.clone(),
                    ply: self.plies.len(),
                    uci: uci.clone(),
                };
                let mv = uci
                    .parse::<UciMove>()
                    .ok()
                    .and_then(|u| u.to_move(&pos).ok())
                    .ok_or_else(illegal)?;
                let color = pos.turn();
                let received = self.next_received();
                let time = clock::move_time(received, *sent, self.start, &self.leaves[idx(color)]);
                self.totals[idx(color)] += time.days;
                let ply = Ply {
                    number: pos.fullmoves().get(),
                    color,
                    san: notation::write_move(&pos, &mv, Notation::San),
                    numeric: notation::write_move(&pos, &mv, Notation::Numeric),
                    mv,
                    received,
                    sent: *sent,
                    days: time.days,
                    leave_days: time.leave_days,
                    total: self.totals[idx(color)],
                    draw_offer: *draw_offer,
                };
                let next = pos.play(mv).map_err(|_| illegal())?;
                self.plies.push(ply);
                self.positions.push(next);
            }
            Event::Penalty {
                side,
                days,
                on,
                reason,
            } => {
                let color = Color::from(*side);
                self.totals[idx(color)] += days;
                self.penalties.push(Penalty {
                    color,
                    days: *days,
                    on: *on,
                    reason: reason.clone(),
                });
            }
            Event::Ended { result, reason, on } => {
                self.ending = Some(Ending {
                    result: *result,
                    reason: *reason,
                    on: *on,
                })
            }
        }
        Ok(())
    }

    pub fn id(&self) -> &str {
        &self.spec.id
    }

    pub fn position(&self) -> &Chess {
        self.positions.last().expect("a game always has a position")
    }

    pub fn to_move(&self) -> Color {
        self.position().turn()
    }

    pub fn status(&self) -> Status {
        if self.ending.is_some() {
            Status::Finished
        } else {
            Status::InProgress
        }
    }

    /// The result for PGN and JSON: `*` while the game goes on.
    pub fn result_str(&self) -> &'static str {
        self.ending.map_or("*", |e| e.result.as_str())
    }

    /// The day the player to move received the partner's last move.
    pub fn next_received(&self) -> NaiveDate {
        self.plies.last().map_or(self.start, |p| p.sent)
    }

    /// The sum of a side's per-move days.
    pub fn days(&self, color: Color) -> u32 {
        self.plies
            .iter()
            .filter(|p| p.color == color)
            .map(|p| p.days)
            .sum()
    }

    pub fn penalty_days(&self, color: Color) -> u32 {
        self.penalties
            .iter()
            .filter(|p| p.color == color)
            .map(|p| p.days)
            .sum()
    }

    pub fn leave_days(&self, color: Color) -> u32 {
        self.plies
            .iter()
            .filter(|p| p.color == color)
            .map(|p| p.leave_days)
            .sum()
    }

    /// Days plus penalty days.
    pub fn total(&self, color: Color) -> u32 {
        self.totals[idx(color)]
    }

    /// The side whose draw offer stands: made with the last move and not yet
    /// answered by a move.
    pub fn pending_draw_offer(&self) -> Option<Color> {
        self.plies.last().filter(|p| p.draw_offer).map(|p| p.color)
    }

    /// The game end the position itself declares after the last move.
    pub fn natural_end(&self) -> Option<(GameResult, EndReason)> {
        let pos = self.position();
        if pos.is_checkmate() {
            Some((GameResult::win_for(!pos.turn()), EndReason::Checkmate))
        } else if pos.is_stalemate() {
            Some((GameResult::Draw, EndReason::Stalemate))
        } else if pos.is_insufficient_material() {
            Some((GameResult::Draw, EndReason::InsufficientMaterial))
        } else {
            None
        }
    }

    /// The UCI text of a move, as stored.
    pub fn uci(m: &Move) -> String {
        m.to_uci(CastlingMode::Standard).to_string()
    }
}
