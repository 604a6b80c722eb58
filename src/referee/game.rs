//! A game as the referee keeps it: the recorded events, and the state they
//! replay into (position, moves with their dates and days, penalties,
//! result).

use crate::notation;
use crate::referee::clock::{self, Days};
use crate::referee::rules::{RuleKind, RuleSet, TimeControl};
use crate::referee::tournament::{GameSpec, Tournament};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{uci::UciMove, CastlingMode, Chess, Color, EnPassantMode, Move, Position};
use std::collections::{BTreeMap, BTreeSet};
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
    /// A valid claim: threefold repetition.
    ThreefoldRepetition,
    /// A valid claim: fifty moves without a capture or a pawn move.
    FiftyMoves,
    /// The same position for the fifth time ends the game by itself.
    FivefoldRepetition,
    /// Seventy-five moves without a capture or a pawn move end it by itself.
    SeventyFiveMoves,
    /// A confirmed time overstep (III.6.6, II.6.6).
    TimeForfeit,
    /// The director's decision (III.9).
    Adjudication,
    /// Both players claimed the same result in adjudication: the game ends
    /// without it (III.9.5).
    ClaimsAgreed,
    /// The loser withdrew from the tournament and the director ruled his
    /// games lost (III.8.1).
    Withdrawal,
    /// A player withdrew and the director cancelled his games (III.8.1):
    /// they count for nobody. The result recorded with it names the
    /// withdrawn player as the loser; it is shown as `*` and not scored.
    Cancelled,
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
    /// The mover of the move just recorded offered a variant (III.3.7,
    /// II.3.8): `moves` (UCI) continue the game from the position after
    /// that move, starting with the partner's reply and ending with a move
    /// of the proposer. It binds the proposer (II.3.10) until the
    /// partner's answer is recorded. Old stores have no such event; the
    /// `on` day defaults to the day of the move it follows.
    VariantOffered {
        moves: Vec<String>,
        #[serde(default)]
        on: Option<NaiveDate>,
    },
    /// A move of the offered variant, accepted by the partner: it takes no
    /// days on either side (III.4.6, II.4.8). `sent` is the day of the
    /// accepting mail.
    VariantPlayed { uci: String, sent: NaiveDate },
    /// `side` left a hidden conditional series (issue 12 item 5, the ICCF
    /// server's linear conditionals): `moves` (UCI) continue the game from
    /// the position now, the opponent's next move first, alternating, and
    /// end with a move of `side`. It replaces an earlier series; a move of
    /// the opponent that differs from it drops it.
    ConditionalSet {
        side: Side,
        moves: Vec<String>,
        on: NaiveDate,
    },
    /// `side` cancelled his hidden series.
    ConditionalCancelled { side: Side, on: NaiveDate },
    /// The owner's answer of a hidden series, played by the arbiter when
    /// the opponent's move matched: it takes no days (III.4.6 spirit).
    ConditionalPlayed { uci: String, sent: NaiveDate },
    /// Penalty days given to `side` (III.4.7).
    Penalty {
        side: Side,
        days: u32,
        on: NaiveDate,
        reason: PenaltyReason,
    },
    /// The game ended.
    Ended {
        result: GameResult,
        reason: EndReason,
        on: NaiveDate,
    },
    /// An overstep is certain and claimed. The claim suspends (interrupts)
    /// the game until the director decides (III.6.3, II.6.8), unless
    /// `interrupts` is false: a postal first overstep, claimed while play
    /// goes on (II.6.2-6.4).
    Suspended {
        side: Side,
        on: NaiveDate,
        /// The days the side had used, counting that day.
        used: u32,
        allowance: u32,
        /// The control move the allowance is for.
        control: u32,
        /// Whether the claim interrupts the game. Written only when false,
        /// so that an interrupting claim is stored as before this field
        /// existed, and a stored claim without it (every claim interrupted
        /// then) replays as interrupting.
        #[serde(default = "interrupting", skip_serializing_if = "is_interrupting")]
        interrupts: bool,
    },
    /// A move that arrived in a suspended game: applied if the claim is
    /// rejected, dropped if it is confirmed.
    Held {
        uci: String,
        sent: NaiveDate,
        #[serde(default)]
        draw_offer: bool,
        /// Moves of the opponent's variant that the held mail accepted
        /// (III.3.8), played before `uci` when the move is forwarded.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        accepted: Vec<String>,
        /// The variant offered with the held move (III.3.7), offered when
        /// the move is forwarded.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        offered: Vec<String>,
    },
    /// The last move, held during a suspension, was forwarded to the
    /// opponent on `on` (after the director's decision): the opponent
    /// received it that day and their time counts from it (III.4.4 with
    /// III.6.3; II.6.9). The mover's time still ends on the day he sent it.
    Forwarded { on: NaiveDate },
    /// The director confirmed the claim; the held move is dropped.
    ClaimConfirmed { on: NaiveDate },
    /// The director rejected the claim: the game resumes and no new claim is
    /// made against that side before its next control move (III.6.7).
    ClaimRejected { on: NaiveDate },
    /// The first confirmed overstep under II.6.4: the side's count starts
    /// from zero after its next recorded move (the overstepping one, held
    /// or still awaited).
    OverstepReset { side: Side, on: NaiveDate },
    /// The claimed player protested against the pending claim (III.6.4,
    /// II.6.5): the director's CONFIRM takes effect at once.
    Protested { on: NaiveDate },
    /// The director's CONFIRM came within the protest days, no protest
    /// made: held, and applied when they have passed (III.6.4).
    ConfirmHeld { on: NaiveDate },
    /// The move awaiting an answer was repeated to the silent player (III.5.1).
    Reminded { on: NaiveDate },
    /// The player to move was warned that only `level` days or fewer are
    /// left before his control move (the rule set's warning days, and 1).
    Warned { on: NaiveDate, level: u32 },
    /// The director was told that the game has had no move (III.5.3).
    InactivityReported { on: NaiveDate },
    /// The director was told that the repeat of the move went unanswered
    /// too: the correspondence broke down (II.5.1).
    BreakdownReported { on: NaiveDate },
    /// The game went to adjudication (III.9.4; a withdrawal, III.8.1): the
    /// clocks stop on `on`; the player to move may still send one move,
    /// which counts as made (III.9.4.4); then no move is accepted.
    AdjudicationOpened {
        on: NaiveDate,
        reason: AdjudicationReason,
    },
    /// `side` claimed `result` for the game, with analysis (III.9.4.3).
    AdjudicationClaimed {
        side: Side,
        result: GameResult,
        on: NaiveDate,
    },
    /// The 14 days for the materials passed; the director was told who
    /// sent none (III.9.4, III.9.7).
    AdjudicationOverdue { on: NaiveDate },
    /// `side` appealed against the adjudicated result (III.9.9).
    Appealed { side: Side, on: NaiveDate },
    /// The adjudicated result is final and registered: the appeal window
    /// passed without an appeal (III.9.8-9.9), or the director decided the
    /// appeal with `result` (III.9.10).
    AdjudicationFinal {
        on: NaiveDate,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<GameResult>,
    },
}

/// Why a game went to adjudication.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdjudicationReason {
    /// The tournament's end date came (III.9.4).
    End,
    /// The director withdrew a player and had his games adjudicated (III.8.1).
    Withdrawal,
}

/// A game's adjudication, from its opening to the final result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjudication {
    /// The day the clocks stopped and the players were asked.
    pub on: NaiveDate,
    pub reason: AdjudicationReason,
    /// The plies recorded when it opened: one more move may follow.
    pub at_ply: usize,
    /// Each side's claimed result and its day, white first.
    pub claims: [Option<(GameResult, NaiveDate)>; 2],
    /// The day the director was told the materials' time had passed.
    pub overdue: Option<NaiveDate>,
    /// Each side's appeal day, white first.
    pub appeals: [Option<NaiveDate>; 2],
    /// The day the adjudicated result became final.
    pub final_on: Option<NaiveDate>,
}

impl Adjudication {
    /// The claim of `color`.
    pub fn claim(&self, color: Color) -> Option<GameResult> {
        self.claims[idx(color)].map(|(r, _)| r)
    }

    /// The appeal day of `color`.
    pub fn appeal(&self, color: Color) -> Option<NaiveDate> {
        self.appeals[idx(color)]
    }
}

/// An event that does not fit the game. A decision whose events do not fit
/// is refused before it is committed; one found in the store means the
/// store was written by a faulty version.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum ReplayError {
    #[error("game {game}: move {uci} at ply {ply} is not legal")]
    IllegalMove {
        game: String,
        ply: usize,
        uci: String,
    },
    /// An event that the game's state does not allow (a move in a finished
    /// game, a claim decided that was never made, a count past its bound).
    #[error("game {game}: event {event} at ply {ply} does not fit: {why}")]
    Misfit {
        game: String,
        ply: usize,
        event: &'static str,
        why: &'static str,
    },
    /// An event for a game that the tournament does not have.
    #[error("game {0}: no such game")]
    UnknownGame(String),
}

/// A stored claim without `interrupts` interrupted the game.
fn interrupting() -> bool {
    true
}

fn is_interrupting(interrupts: &bool) -> bool {
    *interrupts
}

/// The most days a count may hold: a century of thinking time. Past it a
/// number is a mistake (or an attack), never a clock.
pub const MAX_DAYS: u32 = 36_500;

impl Event {
    /// The event's name in messages.
    pub fn name(&self) -> &'static str {
        match self {
            Event::Opened { .. } => "opened",
            Event::Moved { .. } => "moved",
            Event::VariantOffered { .. } => "variant_offered",
            Event::VariantPlayed { .. } => "variant_played",
            Event::ConditionalSet { .. } => "conditional_set",
            Event::ConditionalCancelled { .. } => "conditional_cancelled",
            Event::ConditionalPlayed { .. } => "conditional_played",
            Event::Penalty { .. } => "penalty",
            Event::Ended { .. } => "ended",
            Event::Suspended { .. } => "suspended",
            Event::Held { .. } => "held",
            Event::Forwarded { .. } => "forwarded",
            Event::ClaimConfirmed { .. } => "claim_confirmed",
            Event::ClaimRejected { .. } => "claim_rejected",
            Event::Protested { .. } => "protested",
            Event::ConfirmHeld { .. } => "confirm_held",
            Event::OverstepReset { .. } => "overstep_reset",
            Event::Reminded { .. } => "reminded",
            Event::Warned { .. } => "warned",
            Event::InactivityReported { .. } => "inactivity_reported",
            Event::BreakdownReported { .. } => "breakdown_reported",
            Event::AdjudicationOpened { .. } => "adjudication_opened",
            Event::AdjudicationClaimed { .. } => "adjudication_claimed",
            Event::AdjudicationOverdue { .. } => "adjudication_overdue",
            Event::Appealed { .. } => "appealed",
            Event::AdjudicationFinal { .. } => "adjudication_final",
        }
    }
}

/// One half-move with its dates and time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    pub number: u32,
    pub color: Color,
    pub mv: Move,
    /// Its SAN ([`Game::san`]): written when the move is played from a
    /// mail, or first asked for in a game replayed from its record.
    san: LazySan,
    /// The day the mover received the partner's move (the start for White's first).
    pub received: NaiveDate,
    pub sent: NaiveDate,
    /// The day the opponent received the move: the day it was sent, or, for
    /// a move held during a suspension, the day it was forwarded (III.6.3).
    pub forwarded: NaiveDate,
    pub days: u32,
    pub leave_days: u32,
    /// The mover's total after this move: days so far plus penalty days so far.
    pub total: u32,
    pub draw_offer: bool,
    /// The move came from an offered variant, accepted by the partner: it
    /// took no days (III.4.6, II.4.8).
    pub variant: bool,
    /// The move was played by the arbiter from its owner's hidden
    /// conditional series: it took no days.
    pub conditional: bool,
}

impl Ply {
    /// The move in ICCF numeric notation (written from the move: not kept).
    pub fn numeric(&self) -> String {
        notation::numeric::write(&self.mv)
    }
}

/// How a move came into the record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Made {
    /// Sent by its player (or held and forwarded).
    Mail,
    /// Accepted from the opponent's visible variant: no days (III.4.6).
    Variant,
    /// Played by the arbiter from its owner's hidden series: no days.
    Conditional,
}

/// A variant offered and not yet answered (III.3.7, II.3.8); also a
/// hidden conditional series (`Game::conditionals`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// The proposer: the side that made the move before the variant.
    pub by: Color,
    /// The index of the variant's first move (the partner's reply) in the
    /// game's plies.
    pub from_ply: usize,
    /// The moves, partner's first.
    pub moves: Vec<Move>,
    /// `positions[k]` is the position before `moves[k]`.
    pub positions: Vec<Chess>,
    pub on: NaiveDate,
}

impl Offer {
    /// The move number and side of the variant's `k`-th move.
    pub fn number_of(&self, k: usize) -> (u32, Color) {
        let pos = &self.positions[k];
        (pos.fullmoves().get(), pos.turn())
    }
}

/// A move as written (SAN, numeric): kept inline, so that copying a game
/// copies no string of its moves.
#[derive(Clone, PartialEq, Eq)]
pub enum MoveText {
    Inline { len: u8, bytes: [u8; 14] },
    Long(Box<str>),
}

/// A ply's SAN once written. Plies are equal, and show the same, whether
/// or not it is written yet: it follows from the move and the positions
/// before it.
#[derive(Clone, Default)]
struct LazySan(std::sync::OnceLock<MoveText>);

impl std::fmt::Debug for LazySan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("(from the move)")
    }
}

impl PartialEq for LazySan {
    fn eq(&self, _: &LazySan) -> bool {
        true
    }
}

impl Eq for LazySan {}

impl MoveText {
    pub fn new(text: &str) -> MoveText {
        if text.len() <= 14 {
            let mut bytes = [0; 14];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            MoveText::Inline {
                len: text.len() as u8,
                bytes,
            }
        } else {
            MoveText::Long(text.into())
        }
    }

    /// The text `shown` writes, without an allocation when it is short.
    pub fn of(shown: &impl std::fmt::Display) -> MoveText {
        struct Short {
            bytes: [u8; 14],
            len: usize,
        }
        impl std::fmt::Write for Short {
            fn write_str(&mut self, s: &str) -> std::fmt::Result {
                let end = self.len + s.len();
                let to = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
                to.copy_from_slice(s.as_bytes());
                self.len = end;
                Ok(())
            }
        }
        let mut short = Short {
            bytes: [0; 14],
            len: 0,
        };
        match std::fmt::write(&mut short, format_args!("{shown}")) {
            Ok(()) => MoveText::Inline {
                len: short.len as u8,
                bytes: short.bytes,
            },
            Err(_) => MoveText::Long(shown.to_string().into()),
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            MoveText::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).expect("copied from a str")
            }
            MoveText::Long(text) => text,
        }
    }
}

impl std::ops::Deref for MoveText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for MoveText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Penalty days as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Penalty {
    pub color: Color,
    pub days: u32,
    pub on: NaiveDate,
    pub reason: PenaltyReason,
}

/// Why penalty days were given: stored as a code (`wrong-repetition`),
/// told in each reader's language by the catalogs. The English words an
/// older version stored read as their code; any other text is kept and
/// shown as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum PenaltyReason {
    /// An illegible move (III.3.4, II.3.12).
    Illegible,
    /// An impossible move (III.3.1, II.3.1).
    Impossible,
    /// An ambiguous move, or two different new moves (III.3.4).
    Ambiguous,
    /// The partner's last move not repeated correctly (III.3.3).
    WrongRepetition,
    /// A move mail without the new move (III.3.5).
    NoMove,
    /// `PENALTY` from the director.
    Director,
    /// A reason an older version stored in other words.
    Other(String),
}

impl PenaltyReason {
    /// The code stored and passed to the catalogs.
    pub fn code(&self) -> &str {
        match self {
            PenaltyReason::Illegible => "illegible",
            PenaltyReason::Impossible => "impossible",
            PenaltyReason::Ambiguous => "ambiguous",
            PenaltyReason::WrongRepetition => "wrong-repetition",
            PenaltyReason::NoMove => "no-move",
            PenaltyReason::Director => "director",
            PenaltyReason::Other(text) => text,
        }
    }

    /// The kind of offence for the repeated-offence rule (II.4.9): an
    /// impossible or illegible move (4.9.1), or a wrong repetition (4.9.2).
    fn kind(&self) -> &'static str {
        match self {
            PenaltyReason::WrongRepetition => "repetition",
            PenaltyReason::Director => "director",
            PenaltyReason::Other(text) if text.contains("repetition") => "repetition",
            PenaltyReason::Other(text) if text.contains("director") => "director",
            _ => "move",
        }
    }
}

impl From<String> for PenaltyReason {
    fn from(text: String) -> Self {
        match text.as_str() {
            "illegible" | "illegible move" => PenaltyReason::Illegible,
            "impossible" | "impossible move" => PenaltyReason::Impossible,
            "ambiguous" | "ambiguous move" => PenaltyReason::Ambiguous,
            "wrong-repetition" | "wrong repetition" => PenaltyReason::WrongRepetition,
            "no-move" | "no move" => PenaltyReason::NoMove,
            "director" | "penalty by the director" => PenaltyReason::Director,
            _ => PenaltyReason::Other(text),
        }
    }
}

impl From<PenaltyReason> for String {
    fn from(reason: PenaltyReason) -> Self {
        reason.code().to_string()
    }
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
    /// Play goes on, also while a claim that does not interrupt it (a
    /// postal first overstep) waits for the director.
    InProgress,
    /// Interrupted by an overstep claim until the director decides
    /// (III.6.3, II.6.8).
    Suspended,
    /// Sent to adjudication (III.9.4): the clocks stopped.
    Adjudication,
    Finished,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::InProgress => "in_progress",
            Status::Suspended => "suspended",
            Status::Adjudication => "adjudication",
            Status::Finished => "finished",
        }
    }
}

/// A pending overstep claim: one at a time per game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub against: Color,
    pub on: NaiveDate,
    pub used: u32,
    pub allowance: u32,
    pub control: u32,
    /// The claim interrupts the game until the director decides (III.6.3,
    /// II.6.8): moves sent meanwhile are held. A postal first overstep does
    /// not (II.6.2-6.4): play goes on and nothing is held.
    pub interrupts: bool,
    /// The plies recorded when the claim was made. The overstepping move is
    /// the first move of `against` from here on (the one the claim came
    /// with, or the one then awaited): II.6.4 restarts the count after it.
    pub at_ply: usize,
    /// A move that arrived meanwhile in an interrupted game.
    pub held: Option<HeldMove>,
    /// The day the claimed player protested (III.6.4).
    pub protested: Option<NaiveDate>,
    /// The day the director's CONFIRM came and was held for the protest days.
    pub confirm_held: Option<NaiveDate>,
}

impl Claim {
    /// The last day the claimed player may protest: the claim's day and
    /// the rule set's protest days after it (III.6.4: 14, II.6.5: 7).
    pub fn protest_until(&self, rules: &RuleSet) -> NaiveDate {
        self.on
            .checked_add_days(chrono::Days::new(u64::from(rules.protest_days)))
            .unwrap_or(self.on)
    }

    /// Whether a CONFIRM on `today` takes effect now: a protest was made, or
    /// the protest days have passed.
    pub fn confirm_now(&self, rules: &RuleSet, today: NaiveDate) -> bool {
        self.protested.is_some() || today > self.protest_until(rules)
    }
}

/// A move kept in an interrupted game, with the variant moves it accepted
/// and the variant it offered (UCI), as they were sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldMove {
    pub uci: String,
    pub sent: NaiveDate,
    pub draw_offer: bool,
    pub accepted: Vec<String>,
    pub offered: Vec<String>,
}

/// Where a side stands against its next time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Control {
    /// The move number of the next control move.
    pub control: u32,
    /// Days allowed up to that move.
    pub allowance: u32,
    /// Days used so far in this count, with the days of a move being thought
    /// over counted up to the day asked about.
    pub used: u32,
}

impl Control {
    /// Days left before the control (negative: overstepped).
    pub fn left(&self) -> i64 {
        i64::from(self.allowance) - i64::from(self.used)
    }
}

/// A side's count restarted after a first overstep (II.6.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Reset {
    moves_before: u32,
    total_before: u32,
}

/// The state of a game, replayed from its events.
#[derive(Debug, Clone)]
pub struct Game {
    pub spec: GameSpec,
    pub tournament: String,
    pub start: NaiveDate,
    /// Days after a late opening mail before the game starts (II.4.6).
    late_start_days: u32,
    /// The days of one move beyond this many count double (the rule
    /// set's `double_after_days`).
    double_after_days: Option<u32>,
    pub opened: Option<NaiveDate>,
    pub plies: Vec<Ply>,
    /// The position before the first ply when it is not the standard one
    /// (only tests set up others): the one before ply `i` is
    /// [`Game::position_before`], replayed from it on demand (a game keeps
    /// its current position only, so that 100k games fit in memory).
    initial: Option<Box<Chess>>,
    /// The current position.
    current: Chess,
    pub penalties: Vec<Penalty>,
    pub ending: Option<Ending>,
    /// The adjudication (III.9.4-9.10), kept after the game ended.
    pub adjudication: Option<Adjudication>,
    /// The overstep claim waiting for the director, interrupting the game
    /// or not; [`Game::suspension`] is the interrupting one.
    pub claim: Option<Box<Claim>>,
    /// The variant offered with the last move, until the partner answers.
    pub offer: Option<Box<Offer>>,
    /// Each side's hidden conditional series, white first (never shown to
    /// the opponent): `by` its owner, `from_ply` the index of its first
    /// move (the opponent's). The plies since `from_ply` have matched it.
    pub conditionals: [Option<Box<Offer>>; 2],
    /// Each side's leaves, white first.
    leaves: [Vec<Days>; 2],
    /// Running totals (days + penalties) per side, white first.
    totals: [u32; 2],
    /// No claim against a side before it has made this control move (III.6.7).
    claim_bar: [Option<u32>; 2],
    /// Confirmed oversteps per side.
    pub oversteps: [u32; 2],
    resets: [Option<Reset>; 2],
    /// A reset waiting for the side's next move.
    reset_pending: [bool; 2],
    /// The ply of the side's last confirmed claim, until its reset is
    /// placed: the count restarts after the side's first move from there.
    confirmed_at: [Option<usize>; 2],
    /// Ply counts at which a reminder / an inactivity notice went out.
    /// Plies awaited → the repeats of that move sent.
    reminded: BTreeMap<usize, u32>,
    /// The warnings given (plies when given, the level warned of).
    warned: BTreeSet<(usize, u32)>,
    inactivity_reported: BTreeSet<usize>,
    breakdown_reported: BTreeSet<usize>,
    /// Zobrist hash of the position before ply `i`, and of the current one last.
    hashes: Vec<u64>,
    /// Replaying a record: each ply's SAN is left to [`Game::san`].
    replaying: bool,
}

fn idx(color: Color) -> usize {
    usize::from(color == Color::Black)
}

fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

impl Game {
    /// A game with nothing recorded; `leaves` are White's and Black's.
    pub fn new(tournament: &Tournament, spec: &GameSpec, leaves: [Vec<Days>; 2]) -> Game {
        let start = Chess::default();
        let hash = hash(&start);
        Game {
            spec: spec.clone(),
            tournament: tournament.id.clone(),
            start: tournament.start,
            late_start_days: tournament.rules.late_start_days,
            double_after_days: tournament.rules.double_after_days,
            opened: None,
            plies: Vec::new(),
            initial: None,
            current: start,
            penalties: Vec::new(),
            ending: None,
            adjudication: None,
            claim: None,
            offer: None,
            conditionals: [None, None],
            leaves,
            totals: [0, 0],
            claim_bar: [None, None],
            oversteps: [0, 0],
            resets: [None, None],
            reset_pending: [false, false],
            confirmed_at: [None, None],
            reminded: BTreeMap::new(),
            warned: BTreeSet::new(),
            inactivity_reported: BTreeSet::new(),
            breakdown_reported: BTreeSet::new(),
            hashes: vec![hash],
            replaying: false,
        }
    }

    /// Replays `events` from the start, with the players' leaves.
    ///
    /// # Errors
    /// [`ReplayError`] when a stored move is not legal (a damaged store).
    pub fn replay(
        tournament: &Tournament,
        spec: &GameSpec,
        events: &[Event],
        leaves: [Vec<Days>; 2],
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(tournament, spec, leaves);
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
        let misfit = |why: &'static str| ReplayError::Misfit {
            game: self.spec.id.clone(),
            ply: self.plies.len(),
            event: event.name(),
            why,
        };
        let finished = self.ending.is_some();
        let suspended = self.suspension().is_some();
        let claimed = self.claim.is_some();
        match event {
            Event::Moved { .. }
            | Event::VariantOffered { .. }
            | Event::VariantPlayed { .. }
            | Event::ConditionalSet { .. }
            | Event::ConditionalPlayed { .. }
            | Event::Held { .. }
            | Event::Suspended { .. }
            | Event::Ended { .. }
                if finished =>
            {
                return Err(misfit("the game is over"));
            }
            Event::Held { .. } if !suspended => return Err(misfit("the game is not suspended")),
            Event::Held { .. } if self.suspension().is_some_and(|s| s.held.is_some()) => {
                return Err(misfit("a move is already held"));
            }
            Event::ClaimConfirmed { .. }
            | Event::ClaimRejected { .. }
            | Event::Protested { .. }
            | Event::ConfirmHeld { .. }
                if !claimed =>
            {
                return Err(misfit("no claim is pending"));
            }
            Event::Forwarded { on } if self.plies.last().is_none_or(|p| *on < p.sent) => {
                return Err(misfit("no move sent before that day"));
            }
            Event::Suspended { .. } if claimed => return Err(misfit("a claim is already pending")),
            Event::VariantOffered { .. } if self.plies.is_empty() => {
                return Err(misfit("a variant follows a move"));
            }
            Event::VariantPlayed { .. } if self.offer.is_none() => {
                return Err(misfit("no variant is offered"));
            }
            Event::ConditionalSet { side, .. } if self.to_move() == Color::from(*side) => {
                return Err(misfit(
                    "a conditional series is left while the opponent is to move",
                ));
            }
            Event::ConditionalPlayed { .. } if self.conditional_due().is_none() => {
                return Err(misfit("no conditional answer is due"));
            }
            Event::AdjudicationOpened { .. } if finished => {
                return Err(misfit("the game is over"));
            }
            Event::AdjudicationOpened { .. } if self.adjudication.is_some() => {
                return Err(misfit("the game is already in adjudication"));
            }
            Event::Moved { .. } if self.adjudicated_move_made() => {
                return Err(misfit("the game is in adjudication"));
            }
            Event::VariantOffered { .. }
            | Event::VariantPlayed { .. }
            | Event::ConditionalSet { .. }
            | Event::ConditionalPlayed { .. }
            | Event::Suspended { .. }
                if self.adjudication.is_some() =>
            {
                return Err(misfit("the game is in adjudication"));
            }
            Event::AdjudicationClaimed { .. } | Event::AdjudicationOverdue { .. }
                if finished || self.adjudication.is_none() =>
            {
                return Err(misfit("the game is not in adjudication"));
            }
            Event::Appealed { .. } | Event::AdjudicationFinal { .. }
                if self.appeal_open().is_none() =>
            {
                return Err(misfit("no adjudicated result is open to appeal"));
            }
            _ => {}
        }
        let add = |total: u32, days: u32| {
            total
                .checked_add(days)
                .filter(|t| *t <= MAX_DAYS)
                .ok_or_else(|| misfit("the days exceed the bound"))
        };
        match event {
            Event::Opened { on } => self.opened = Some(*on),
            Event::Moved {
                uci,
                sent,
                draw_offer,
            } => {
                if let Err(e) = self.play(uci, *sent, *draw_offer, Made::Mail) {
                    return Err(e.unwrap_or_else(|| self.bound_error(event)));
                }
                // the partner's own move answers the variant: what he did
                // not accept lapses (docs/rules.md, Readings)
                self.offer = None;
            }
            Event::ConditionalPlayed { uci, sent } => {
                let due = self.conditional_due().expect("checked above");
                let fits = uci
                    .parse::<UciMove>()
                    .ok()
                    .and_then(|u| u.to_move(self.position()).ok())
                    .is_some_and(|m| m == due);
                if !fits {
                    return Err(misfit("not the due move of the conditional series"));
                }
                if let Err(e) = self.play(uci, *sent, false, Made::Conditional) {
                    return Err(e.unwrap_or_else(|| self.bound_error(event)));
                }
                // an automatic reply answers a visible variant as a move would
                self.offer = None;
            }
            Event::ConditionalSet { side, moves, on } => {
                let by = Color::from(*side);
                let (played, positions) = self
                    .series(moves)
                    .ok_or_else(|| misfit("a move of the conditional series is not legal"))?;
                if played.len() < 2 || played.len() % 2 != 0 {
                    return Err(misfit("a conditional series ends with a move of its owner"));
                }
                self.conditionals[idx(by)] = Some(Box::new(Offer {
                    by,
                    from_ply: self.plies.len(),
                    moves: played,
                    positions,
                    on: *on,
                }));
            }
            Event::ConditionalCancelled { side, .. } => {
                self.conditionals[idx(Color::from(*side))] = None;
            }
            Event::VariantPlayed { uci, sent } => {
                let offer = self.offer.as_ref().expect("checked above");
                let k = self.plies.len().wrapping_sub(offer.from_ply);
                let fits = uci
                    .parse::<UciMove>()
                    .ok()
                    .and_then(|u| u.to_move(self.position()).ok())
                    .is_some_and(|m| offer.moves.get(k) == Some(&m));
                if !fits {
                    return Err(misfit("not the next move of the offered variant"));
                }
                if let Err(e) = self.play(uci, *sent, false, Made::Variant) {
                    return Err(e.unwrap_or_else(|| self.bound_error(event)));
                }
            }
            Event::VariantOffered { moves, on } => {
                let by = !self.position().turn();
                let (played, positions) = self
                    .series(moves)
                    .ok_or_else(|| misfit("a move of the variant is not legal"))?;
                if played.len() < 2 || played.len() % 2 != 0 {
                    return Err(misfit("a variant ends with a move of its proposer"));
                }
                let on = on.unwrap_or_else(|| self.plies.last().expect("checked above").sent);
                self.offer = Some(Box::new(Offer {
                    by,
                    from_ply: self.plies.len(),
                    moves: played,
                    positions,
                    on,
                }));
            }
            Event::Penalty {
                side,
                days,
                on,
                reason,
            } => {
                let color = Color::from(*side);
                self.totals[idx(color)] = add(self.totals[idx(color)], *days)?;
                self.penalties.push(Penalty {
                    color,
                    days: *days,
                    on: *on,
                    reason: reason.clone(),
                });
            }
            Event::Ended { result, reason, on } => {
                self.claim = None;
                self.offer = None;
                self.conditionals = [None, None];
                self.ending = Some(Ending {
                    result: *result,
                    reason: *reason,
                    on: *on,
                })
            }
            Event::Suspended {
                side,
                on,
                used,
                allowance,
                control,
                interrupts,
            } => {
                self.claim = Some(Box::new(Claim {
                    against: Color::from(*side),
                    on: *on,
                    used: *used,
                    allowance: *allowance,
                    control: *control,
                    interrupts: *interrupts,
                    at_ply: self.plies.len(),
                    held: None,
                    protested: None,
                    confirm_held: None,
                }))
            }
            Event::Protested { on } => {
                if let Some(claim) = self.claim.as_mut() {
                    claim.protested.get_or_insert(*on);
                }
            }
            Event::ConfirmHeld { on } => {
                if let Some(claim) = self.claim.as_mut() {
                    claim.confirm_held.get_or_insert(*on);
                }
            }
            Event::Held {
                uci,
                sent,
                draw_offer,
                accepted,
                offered,
            } => {
                if let Some(s) = self.claim.as_mut().filter(|c| c.interrupts) {
                    s.held = Some(HeldMove {
                        uci: uci.clone(),
                        sent: *sent,
                        draw_offer: *draw_offer,
                        accepted: accepted.clone(),
                        offered: offered.clone(),
                    });
                }
            }
            Event::Forwarded { on } => {
                if let Some(ply) = self.plies.last_mut() {
                    ply.forwarded = *on;
                }
            }
            Event::ClaimConfirmed { .. } => {
                if let Some(s) = self.claim.take() {
                    self.oversteps[idx(s.against)] += 1;
                    self.confirmed_at[idx(s.against)] = Some(s.at_ply);
                }
            }
            Event::ClaimRejected { .. } => {
                if let Some(s) = self.claim.take() {
                    self.claim_bar[idx(s.against)] = Some(s.control);
                }
            }
            Event::OverstepReset { side, .. } => {
                let color = Color::from(*side);
                match self.overstepping_ply(color) {
                    // play went on during the claim: the count restarts
                    // after the overstepping move, already made
                    Some(k) => {
                        self.resets[idx(color)] = Some(Reset {
                            moves_before: self.plies[..=k]
                                .iter()
                                .filter(|p| p.color == color)
                                .count() as u32,
                            total_before: self.plies[k].total,
                        });
                    }
                    // held or still awaited: it places the reset when made
                    None => self.reset_pending[idx(color)] = true,
                }
                self.confirmed_at[idx(color)] = None;
            }
            Event::Reminded { .. } => {
                *self.reminded.entry(self.plies.len()).or_default() += 1;
            }
            Event::Warned { level, .. } => {
                self.warned.insert((self.plies.len(), *level));
            }
            Event::InactivityReported { .. } => {
                self.inactivity_reported.insert(self.plies.len());
            }
            Event::BreakdownReported { .. } => {
                self.breakdown_reported.insert(self.plies.len());
            }
            Event::AdjudicationOpened { on, reason } => {
                self.offer = None;
                self.conditionals = [None, None];
                self.adjudication = Some(Adjudication {
                    on: *on,
                    reason: *reason,
                    at_ply: self.plies.len(),
                    claims: [None, None],
                    overdue: None,
                    appeals: [None, None],
                    final_on: None,
                });
            }
            Event::AdjudicationClaimed { side, result, on } => {
                if let Some(a) = self.adjudication.as_mut() {
                    a.claims[idx(Color::from(*side))] = Some((*result, *on));
                }
            }
            Event::AdjudicationOverdue { on } => {
                if let Some(a) = self.adjudication.as_mut() {
                    a.overdue = Some(*on);
                }
            }
            Event::Appealed { side, on } => {
                if let Some(a) = self.adjudication.as_mut() {
                    a.appeals[idx(Color::from(*side))] = Some(*on);
                }
            }
            Event::AdjudicationFinal { on, result } => {
                if let Some(a) = self.adjudication.as_mut() {
                    a.final_on = Some(*on);
                }
                if let (Some(ending), Some(result)) = (self.ending.as_mut(), result) {
                    ending.result = *result;
                    ending.on = *on;
                }
            }
        }
        Ok(())
    }

    /// `moves` (UCI) played one by one from the position now: the moves
    /// and the position before each, or `None` when one is not legal.
    fn series(&self, moves: &[String]) -> Option<(Vec<Move>, Vec<Chess>)> {
        let mut pos = self.position().clone();
        let mut played = Vec::new();
        let mut positions = Vec::new();
        for uci in moves {
            let mv = uci.parse::<UciMove>().ok()?.to_move(&pos).ok()?;
            positions.push(pos.clone());
            pos = pos.play(mv).ok()?;
            played.push(mv);
        }
        Some((played, positions))
    }

    /// The move the side to move must make from its hidden series: the
    /// opponent's last move matched it and its answer is due.
    pub fn conditional_due(&self) -> Option<Move> {
        let c = self.conditionals[idx(self.to_move())].as_ref()?;
        let k = self.plies.len().checked_sub(c.from_ply)?;
        (k % 2 == 1).then(|| c.moves.get(k).copied()).flatten()
    }

    /// After a ply at `index`: a hidden series it does not follow is
    /// dropped, one it completes is done.
    fn follow_conditionals(&mut self, index: usize, mv: Move) {
        for slot in &mut self.conditionals {
            let keep = slot.as_ref().is_some_and(|c| {
                let k = index.wrapping_sub(c.from_ply);
                index >= c.from_ply && c.moves.get(k) == Some(&mv) && k + 1 < c.moves.len()
            });
            if !keep {
                *slot = None;
            }
        }
    }

    /// A count past [`MAX_DAYS`].
    fn bound_error(&self, event: &Event) -> ReplayError {
        ReplayError::Misfit {
            game: self.spec.id.clone(),
            ply: self.plies.len(),
            event: event.name(),
            why: "the days exceed the bound",
        }
    }

    /// Records one move sent on `sent`. A move of an accepted variant takes
    /// no days (III.4.6): the proposer's is made on the day its condition
    /// was sent, the partner's accepted ones on the day he sent them, and
    /// his reply after them is timed from the day he received the variant.
    ///
    /// # Errors
    /// `Some` for an illegal move, `None` for days past the bound.
    fn play(
        &mut self,
        uci: &str,
        sent: NaiveDate,
        draw_offer: bool,
        made: Made,
    ) -> Result<(), Option<ReplayError>> {
        let variant = made == Made::Variant;
        let pos = &self.current;
        let illegal = || ReplayError::IllegalMove {
            game: self.spec.id.clone(),
            ply: self.plies.len(),
            uci: uci.to_string(),
        };
        let mv = uci
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(pos).ok())
            .ok_or_else(|| Some(illegal()))?;
        let color = pos.turn();
        let number = pos.fullmoves().get();
        let proposer = self.offer.as_ref().map(|o| o.by);
        let received = if variant && proposer == Some(color) {
            sent
        } else {
            // after accepted variant moves: the day the variant came
            let first_of_run = self
                .plies
                .iter()
                .rposition(|p| !p.variant)
                .map_or(0, |k| k + 1);
            match self.plies.get(first_of_run) {
                Some(first) if first_of_run < self.plies.len() => first.received,
                _ => self.next_received(),
            }
        };
        // in adjudication the clocks stopped on its day (III.9.4)
        let until = self.adjudication.as_ref().map_or(sent, |a| sent.min(a.on));
        let time = clock::move_time(
            received.min(until),
            until,
            self.start,
            &self.leaves[idx(color)],
        );
        let (days, leave_days) = if made != Made::Mail {
            (0, 0)
        } else {
            (self.charged(time.days), time.leave_days)
        };
        let total = self.totals[idx(color)]
            .checked_add(days)
            .filter(|t| *t <= MAX_DAYS)
            .ok_or(None)?;
        self.totals[idx(color)] = total;
        // the move is legal (`to_move` checked it): its SAN, with the check
        // or mate sign, is written while it is played, from the position after
        let mut next = self.current.clone();
        let san = LazySan::default();
        if self.replaying {
            next.play_unchecked(mv);
        } else {
            let _ = san.0.set(MoveText::of(
                &shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut next, mv),
            ));
        }
        let ply = Ply {
            number,
            color,
            san,
            mv,
            received,
            sent,
            forwarded: sent,
            days,
            leave_days,
            total,
            draw_offer,
            variant,
            conditional: made == Made::Conditional,
        };
        self.follow_conditionals(self.plies.len(), mv);
        self.plies.push(ply);
        self.hashes.push(hash(&next));
        self.current = next;
        if std::mem::take(&mut self.reset_pending[idx(color)]) {
            self.resets[idx(color)] = Some(Reset {
                moves_before: self.moves_made(color),
                total_before: self.totals[idx(color)],
            });
        }
        Ok(())
    }

    /// How many moves `color` has made.
    pub fn moves_made(&self, color: Color) -> u32 {
        self.plies.iter().filter(|p| p.color == color).count() as u32
    }

    /// The leaves of `color`.
    pub fn leaves(&self, color: Color) -> &[Days] {
        &self.leaves[idx(color)]
    }

    /// The days charged for `days` of thinking on one move: beyond the
    /// rule set's `double_after_days` each counts twice.
    fn charged(&self, days: u32) -> u32 {
        clock::charged(self.double_after_days, days)
    }

    /// Days charged to `color`, to move, for thinking up to `today` (leave
    /// excluded; days beyond `double_after_days` twice).
    pub fn thinking(&self, color: Color, today: NaiveDate) -> u32 {
        self.charged(self.thinking_days(color, today))
    }

    /// Calendar days `color`, to move, has been thinking up to `today`
    /// (leave excluded), as they are, not charged.
    pub fn thinking_days(&self, color: Color, today: NaiveDate) -> u32 {
        if self.ending.is_some() || self.to_move() != color || self.adjudicated_move_made() {
            return 0;
        }
        // in adjudication the clocks stopped on its day (III.9.4)
        let today = self
            .adjudication
            .as_ref()
            .map_or(today, |a| today.min(a.on));
        clock::move_time(
            self.next_received().min(today),
            today,
            self.start,
            &self.leaves[idx(color)],
        )
        .days
    }

    /// Where `color` stands against its clock, counting today: the one
    /// clock engine for every kind a rule set has (moves per days,
    /// Fischer, a countdown), over the count since a reset (II.6.4).
    pub fn control(&self, rules: &RuleSet, color: Color, today: NaiveDate) -> Control {
        let reset = self.resets[idx(color)].unwrap_or_default();
        let made = self.moves_made(color);
        let series_moves = made - reset.moves_before;
        let used = self.totals[idx(color)] - reset.total_before + self.thinking(color, today);
        match rules.clock {
            TimeControl::Moves => {
                let mpc = rules.moves_per_control.max(1);
                let next_in_series = (series_moves + 1).div_ceil(mpc) * mpc;
                Control {
                    control: reset.moves_before + next_in_series,
                    allowance: clock::allowance(next_in_series, rules.days_per_control, mpc),
                    used,
                }
            }
            TimeControl::Countdown { game_days } => Control {
                control: made + 1,
                allowance: game_days,
                used,
            },
            TimeControl::Fischer {
                base_days,
                days_per_move,
                max_days,
            } => {
                // the clock after each own move of the count: what the move
                // took (its days and the penalties since the move before)
                // off, the increment on, never above the cap
                let mut bank = i64::from(base_days.min(max_days));
                let mut before = reset.total_before;
                for ply in self
                    .plies
                    .iter()
                    .filter(|p| p.color == color)
                    .skip(reset.moves_before as usize)
                {
                    bank = (bank - i64::from(ply.total - before) + i64::from(days_per_move))
                        .min(i64::from(max_days));
                    before = ply.total;
                }
                let used = self.totals[idx(color)] - before + self.thinking(color, today);
                // a clock already below zero (an overstep let stand) is told
                // as days used beyond an empty allowance
                let owed = u32::try_from(-bank.min(0)).unwrap_or(u32::MAX);
                Control {
                    control: made + 1,
                    allowance: u32::try_from(bank.max(0)).unwrap_or(u32::MAX),
                    used: used.saturating_add(owed),
                }
            }
        }
    }

    /// The index of the overstepping move of `color`'s last confirmed
    /// claim, when it has been made: its first move from the claim on.
    fn overstepping_ply(&self, color: Color) -> Option<usize> {
        let from = self.confirmed_at[idx(color)]?;
        (from..self.plies.len()).find(|k| self.plies[*k].color == color)
    }

    /// The overstep certain for the side to move on `today`, unless claims
    /// against it are barred until its next control (III.6.7), or a claim
    /// is pending in the game: one claim at a time, and none again for an
    /// overstep already claimed while play goes on (II.6.2-6.4).
    pub fn overstep(&self, rules: &RuleSet, today: NaiveDate) -> Option<(Color, Control)> {
        if self.ending.is_some() || self.claim.is_some() || self.adjudication.is_some() {
            return None;
        }
        let color = self.to_move();
        if self.reset_pending[idx(color)] {
            // the overstepping move itself is still awaited: its days belong
            // to the count that was already overstepped
            return None;
        }
        let control = self.control(rules, color, today);
        let barred = self.claim_bar[idx(color)] == Some(control.control);
        (control.used > control.allowance && !barred).then_some((color, control))
    }

    /// Whether claims against `color` are barred until its control move
    /// `control` (a rejected claim, III.6.7).
    pub fn claims_barred(&self, color: Color, control: u32) -> bool {
        self.claim_bar[idx(color)] == Some(control)
    }

    /// Whether the player now to move was warned of `level` days left, or
    /// of fewer, for the move now awaited.
    pub fn warned(&self, level: u32) -> bool {
        let plies = self.plies.len();
        self.warned
            .range((plies, 0)..=(plies, level))
            .next()
            .is_some()
    }

    /// Whether the reminder for the move now awaited has gone out.
    pub fn reminded(&self) -> bool {
        self.reminders() > 0
    }

    /// How many repeats of the move now awaited have gone out.
    pub fn reminders(&self) -> u32 {
        self.reminded.get(&self.plies.len()).copied().unwrap_or(0)
    }

    /// Whether the director has been told of the inactivity since the last move.
    pub fn inactivity_reported(&self) -> bool {
        self.inactivity_reported.contains(&self.plies.len())
    }

    /// Whether the director has been told since the last move that the
    /// repeat went unanswered (II.5.1).
    pub fn breakdown_reported(&self) -> bool {
        self.breakdown_reported.contains(&self.plies.len())
    }

    /// How often the current position has stood on the board (threefold
    /// repetition counts positions, not moves: same pieces, side to move,
    /// castling and en passant rights).
    pub fn repetitions(&self) -> usize {
        let now = *self.hashes.last().expect("a game always has a position");
        self.hashes.iter().filter(|h| **h == now).count()
    }

    /// How often `pos` has stood on the board, counting it once more.
    pub fn repetitions_after(&self, pos: &Chess) -> usize {
        let h = hash(pos);
        1 + self.hashes.iter().filter(|x| **x == h).count()
    }

    pub fn id(&self) -> &str {
        &self.spec.id
    }

    pub fn position(&self) -> &Chess {
        &self.current
    }

    /// The position before ply `index` (the current one for the number of
    /// plies), replayed from the start: for reading a move of the record
    /// again; [`Walk`] goes through them in order.
    pub fn position_before(&self, index: usize) -> Chess {
        if index >= self.plies.len() {
            return self.current.clone();
        }
        let mut pos = self.initial();
        for ply in &self.plies[..index] {
            pos.play_unchecked(ply.mv);
        }
        pos
    }

    /// The SAN of ply `index`, with its check or mate sign. A game replayed
    /// from its record writes its plies' SAN when first asked, all in one
    /// pass from the start.
    pub fn san(&self, index: usize) -> &str {
        let ply = &self.plies[index];
        if let Some(san) = ply.san.0.get() {
            return san.as_str();
        }
        let mut pos = self.initial();
        for p in &self.plies {
            let san = shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut pos, p.mv);
            if p.san.0.get().is_none() {
                let _ = p.san.0.set(MoveText::of(&san));
            }
        }
        ply.san.0.get().map_or("", MoveText::as_str)
    }

    /// While `on`, moves are replayed from a record: their SAN is written
    /// only when [`Game::san`] asks for it (most mails and views never do).
    pub fn replaying(&mut self, on: bool) {
        self.replaying = on;
    }

    /// The position before the first ply.
    fn initial(&self) -> Chess {
        self.initial.as_deref().cloned().unwrap_or_default()
    }

    /// Makes room for `plies` more plies (a replay knows how many moves
    /// its record holds).
    pub fn reserve(&mut self, plies: usize) {
        self.plies.reserve_exact(plies);
        self.hashes.reserve_exact(plies);
    }

    /// Gives back the room replaying left unused (a store of 100k games
    /// replays 100k games).
    pub fn shrink(&mut self) {
        self.plies.shrink_to_fit();
        self.hashes.shrink_to_fit();
        self.penalties.shrink_to_fit();
    }

    pub fn to_move(&self) -> Color {
        self.position().turn()
    }

    /// The claim that interrupts the game until the director decides
    /// (III.6.3, II.6.8): moves sent meanwhile are held, deadlines wait.
    /// A claim that lets play go on (a postal first overstep) is not one.
    pub fn suspension(&self) -> Option<&Claim> {
        self.claim.as_deref().filter(|c| c.interrupts)
    }

    /// Whether a confirmed overstep of `color` loses the game (III.6.6;
    /// postal: the second, II.6.6, or the first where the tournament says
    /// so, II.6.11) rather than restarting its count (II.6.4).
    pub fn overstep_loses(&self, rules: &RuleSet, color: Color) -> bool {
        rules.loss_on_first_overstep || self.oversteps[idx(color)] >= 1
    }

    /// Whether a claim against `color` made now interrupts the game: every
    /// claim under Section III (III.6.3), and under Section II one that can
    /// lose the game (II.6.8: the second overstep; II.6.11). A postal first
    /// overstep, which only restarts the count, is claimed while play goes
    /// on (II.6.2-6.4).
    pub fn claim_interrupts(&self, rules: &RuleSet, color: Color) -> bool {
        rules.kind == RuleKind::Email || self.overstep_loses(rules, color)
    }

    /// The number of the overstepping move of a claim against `color`: its
    /// first move from the claim on, made, held or still awaited.
    pub fn overstepping_move(&self, claim: &Claim) -> u32 {
        (claim.at_ply..self.plies.len())
            .map(|k| &self.plies[k])
            .find(|p| p.color == claim.against)
            .map_or_else(|| self.position().fullmoves().get(), |p| p.number)
    }

    /// In adjudication, the move of the player to move made (III.9.4.4):
    /// no move is accepted any more.
    pub fn adjudicated_move_made(&self) -> bool {
        self.adjudication
            .as_ref()
            .is_some_and(|a| self.plies.len() > a.at_ply)
    }

    /// An adjudicated result not final yet: the day it was given, from
    /// which the 14 days for an appeal run (III.9.9).
    pub fn appeal_open(&self) -> Option<NaiveDate> {
        let ending = self
            .ending
            .filter(|e| e.reason == EndReason::Adjudication)?;
        self.adjudication
            .as_ref()
            .filter(|a| a.final_on.is_none())
            .map(|_| ending.on)
    }

    /// The day the result was registered (III.9.1-9.2): the end of the
    /// game, or for an adjudicated result the day it became final, after
    /// the appeal window (III.9.8-9.9).
    pub fn registered_on(&self) -> Option<NaiveDate> {
        let ending = self.ending?;
        match &self.adjudication {
            Some(a) if ending.reason == EndReason::Adjudication => a.final_on,
            _ => Some(ending.on),
        }
    }

    pub fn status(&self) -> Status {
        if self.ending.is_some() {
            Status::Finished
        } else if self.adjudication.is_some() {
            Status::Adjudication
        } else if self.suspension().is_some() {
            Status::Suspended
        } else {
            Status::InProgress
        }
    }

    /// The result for PGN and JSON: `*` while the game goes on.
    pub fn result_str(&self) -> &'static str {
        match self.ending {
            Some(e) if e.reason == EndReason::Cancelled => "*",
            Some(e) => e.result.as_str(),
            None => "*",
        }
    }

    /// The side that withdrew from the tournament, when the game ended by
    /// a withdrawal (lost or cancelled: the side recorded as losing).
    pub fn withdrawn(&self) -> Option<Color> {
        let ending = self.ending?;
        if !matches!(ending.reason, EndReason::Withdrawal | EndReason::Cancelled) {
            return None;
        }
        match ending.result {
            GameResult::WhiteWins => Some(Color::Black),
            GameResult::BlackWins => Some(Color::White),
            GameResult::Draw => None,
        }
    }

    /// The day the player to move received the partner's last move.
    ///
    /// White's first move is received on the start date, or, when the
    /// opening mail went out later, on the day it went out (Section III:
    /// nobody is charged for days before they were told the game had begun)
    /// or `late_start_days` after it (II.4.6: the third day). A move held
    /// during a suspension is received on the day it was forwarded.
    pub fn next_received(&self) -> NaiveDate {
        let opening = match self.opened {
            Some(on) if on > self.start => on
                .checked_add_days(chrono::Days::new(u64::from(self.late_start_days)))
                .unwrap_or(on),
            _ => self.start,
        };
        self.plies.last().map_or(opening, |p| p.forwarded)
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

    /// The game end the position itself declares after the last move:
    /// mate, stalemate, a dead position, the fifth repetition, 75 moves.
    pub fn natural_end(&self) -> Option<(GameResult, EndReason)> {
        let pos = self.position();
        if pos.is_checkmate() {
            Some((GameResult::win_for(!pos.turn()), EndReason::Checkmate))
        } else if pos.is_stalemate() {
            Some((GameResult::Draw, EndReason::Stalemate))
        } else if pos.is_insufficient_material() {
            Some((GameResult::Draw, EndReason::InsufficientMaterial))
        } else if self.repetitions() >= 5 {
            Some((GameResult::Draw, EndReason::FivefoldRepetition))
        } else if pos.halfmoves() >= 150 {
            Some((GameResult::Draw, EndReason::SeventyFiveMoves))
        } else {
            None
        }
    }

    /// The penalties `color` had of the kind of `reason` (II.4.9).
    pub fn penalties_of_kind(&self, color: Color, reason: &PenaltyReason) -> usize {
        self.penalties
            .iter()
            .filter(|p| p.color == color && p.reason.kind() == reason.kind())
            .count()
    }

    /// The UCI text of a move, as stored.
    pub fn uci(m: &Move) -> String {
        m.to_uci(CastlingMode::Standard).to_string()
    }
}

/// The positions of a game before its plies, walked forward: reading the
/// plies of a record in order costs one move each.
pub struct Walk<'g> {
    game: &'g Game,
    /// The ply whose position `pos` is before.
    at: usize,
    pos: Chess,
}

impl<'g> Walk<'g> {
    pub fn new(game: &'g Game) -> Walk<'g> {
        Walk {
            game,
            at: 0,
            pos: game.initial(),
        }
    }

    /// The position before ply `index` (going back starts again from the start).
    pub fn before(&mut self, index: usize) -> &Chess {
        if index >= self.game.plies.len() {
            return &self.game.current;
        }
        if index < self.at {
            self.at = 0;
            self.pos = self.game.initial();
        }
        while self.at < index {
            self.pos.play_unchecked(self.game.plies[self.at].mv);
            self.at += 1;
        }
        &self.pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::tournament::{Lang, Player};

    fn d(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn iii_4_7_a_penalty_reason_is_stored_as_a_code_and_old_words_still_read() {
        let event = Event::Penalty {
            side: Side::Black,
            days: 2,
            on: d("2026-05-12"),
            reason: PenaltyReason::WrongRepetition,
        };
        let json = serde_json::to_string(&event).unwrap();
        assert!(json.contains("\"reason\":\"wrong-repetition\""), "{json}");
        assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), event);
        // what an older version stored
        for (old, reason) in [
            ("wrong repetition", PenaltyReason::WrongRepetition),
            ("illegible move", PenaltyReason::Illegible),
            ("impossible move", PenaltyReason::Impossible),
            ("ambiguous move", PenaltyReason::Ambiguous),
            ("no move", PenaltyReason::NoMove),
            ("penalty by the director", PenaltyReason::Director),
            ("late «Кf9»", PenaltyReason::Other("late «Кf9»".into())),
        ] {
            let stored = format!(
                r#"{{"event":"penalty","side":"white","days":2,"on":"2026-05-12","reason":"{old}"}}"#
            );
            let Event::Penalty { reason: read, .. } = serde_json::from_str(&stored).unwrap() else {
                panic!("a penalty");
            };
            assert_eq!(read, reason, "{old}");
        }
        // II.4.9: the kinds count apart, old words as their code
        assert_eq!(
            PenaltyReason::from("wrong repetition".to_string()).kind(),
            PenaltyReason::WrongRepetition.kind()
        );
        assert_ne!(
            PenaltyReason::Illegible.kind(),
            PenaltyReason::WrongRepetition.kind()
        );
    }

    #[test]
    fn a_move_text_is_kept_whole_short_or_long() {
        for text in [
            "",
            "Nxe4+",
            "exd8=Q#",
            "a text of 14 b",
            "a text longer than fourteen",
        ] {
            let kept = MoveText::of(&text);
            assert_eq!(kept.as_str(), text);
            assert_eq!(matches!(kept, MoveText::Inline { .. }), text.len() <= 14);
            assert_eq!(kept.as_str(), MoveText::new(text).as_str());
        }
    }

    fn tournament(rules: RuleSet) -> Tournament {
        let player = |id: &str| Player {
            id: id.into(),
            name: format!("{id}, X"),
            country: String::new(),
            emails: vec![format!("{id}@example.test")],
            language: Lang::En,
        };
        Tournament {
            id: "T".into(),
            name: "T".into(),
            start: d("2026-05-10"),
            end: None,
            director: "td@example.test".into(),
            director_language: Lang::En,
            director_digest: false,
            publish_addresses: false,
            tie_break: Default::default(),
            rules,
            notation: crate::notation::Notation::Numeric,
            conditional: false,
            players: vec![player("w"), player("b")],
            games: vec![GameSpec {
                id: "T/1".into(),
                white: "w".into(),
                black: "b".into(),
            }],
            index: Default::default(),
        }
    }

    fn moved(uci: &str, sent: &str) -> Event {
        Event::Moved {
            uci: uci.into(),
            sent: d(sent),
            draw_offer: false,
        }
    }

    fn game(rules: RuleSet, events: &[Event]) -> Game {
        let t = tournament(rules);
        Game::replay(&t, &t.games[0], events, [vec![], vec![]]).unwrap()
    }

    #[test]
    fn a_replayed_game_writes_its_san_when_asked_the_same_as_played() {
        let t = tournament(RuleSet::email());
        // Fool's mate: a pawn move, a check that mates
        let events: Vec<Event> = ["f2f3", "e7e5", "g2g4", "d8h4"]
            .iter()
            .map(|uci| moved(uci, "2026-05-12"))
            .collect();
        let played = Game::replay(&t, &t.games[0], &events, [vec![], vec![]]).unwrap();
        let mut replayed = Game::new(&t, &t.games[0], [vec![], vec![]]);
        replayed.replaying(true);
        for event in &events {
            replayed.apply(event).unwrap();
        }
        replayed.replaying(false);
        assert!(
            replayed.plies.iter().all(|p| p.san.0.get().is_none()),
            "none written yet"
        );
        let sans: Vec<&str> = (0..4).map(|i| replayed.san(i)).collect();
        assert_eq!(sans, ["f3", "e5", "g4", "Qh4#"]);
        assert!(
            played.plies.iter().all(|p| p.san.0.get().is_some()),
            "written while played"
        );
        assert_eq!((0..4).map(|i| played.san(i)).collect::<Vec<_>>(), sans);
        assert_eq!(played.position(), replayed.position());
        // a move played after the replay (from a mail) is written at once
        let mut game = Game::new(&t, &t.games[0], [vec![], vec![]]);
        game.replaying(true);
        game.apply(&moved("e2e4", "2026-05-12")).unwrap();
        game.replaying(false);
        game.apply(&moved("g8f6", "2026-05-13")).unwrap();
        let written: Vec<bool> = game.plies.iter().map(|p| p.san.0.get().is_some()).collect();
        assert_eq!(written, [false, true]);
        assert_eq!((game.san(1), game.san(0)), ("Nf6", "e4"));
    }

    #[test]
    fn iii_6_1_overstep_certain_only_above_the_allowance_counting_today() {
        let rules = RuleSet {
            days_per_control: 20,
            moves_per_control: 5,
            ..RuleSet::email()
        };
        let g = game(rules.clone(), &[moved("e2e4", "2026-05-10")]);
        // Black to move 1, received 10 May: 20 days on 30 May is not over, 21 on 31 May is
        assert_eq!(g.overstep(&rules, d("2026-05-30")), None);
        let (color, control) = g.overstep(&rules, d("2026-05-31")).unwrap();
        assert_eq!(
            (color, control.used, control.allowance, control.control),
            (Color::Black, 21, 20, 5)
        );
    }

    #[test]
    fn white_is_not_charged_for_days_before_the_opening_mail() {
        let rules = RuleSet::email();
        let late = game(
            rules.clone(),
            &[
                Event::Opened {
                    on: d("2026-11-30"),
                },
                moved("e2e4", "2026-12-02"),
            ],
        );
        assert_eq!(
            (late.plies[0].received, late.plies[0].days),
            (d("2026-11-30"), 2)
        );
        let on_time = game(
            rules,
            &[
                Event::Opened {
                    on: d("2026-05-10"),
                },
                moved("e2e4", "2026-05-12"),
            ],
        );
        assert_eq!(on_time.plies[0].days, 2);
        let early = game(RuleSet::email(), &[moved("e2e4", "2026-05-08")]);
        assert_eq!(
            (early.plies[0].received, early.plies[0].days),
            (d("2026-05-10"), 0)
        );
    }

    #[test]
    fn iii_4_3_allowance_is_cumulative_over_controls() {
        let rules = RuleSet {
            days_per_control: 10,
            moves_per_control: 1,
            ..RuleSet::email()
        };
        // White saves 10 days on move 1 and may use 20 on move 2 (allowance 20 by move 2)
        let g = game(
            rules.clone(),
            &[moved("e2e4", "2026-05-10"), moved("e7e5", "2026-05-10")],
        );
        let c = g.control(&rules, Color::White, d("2026-05-30"));
        assert_eq!((c.control, c.allowance, c.used, c.left()), (2, 20, 20, 0));
        assert!(g.overstep(&rules, d("2026-05-30")).is_none());
        assert!(g.overstep(&rules, d("2026-05-31")).is_some());
    }

    #[test]
    fn ii_6_4_first_overstep_restarts_the_count_after_the_overstepping_move() {
        let rules = RuleSet {
            days_per_control: 10,
            moves_per_control: 2,
            ..RuleSet::postal()
        };
        let mut g = game(rules.clone(), &[moved("e2e4", "2026-05-10")]);
        assert!(
            g.overstep(&rules, d("2026-05-21")).is_some(),
            "11 days for Black"
        );
        for e in [
            Event::Suspended {
                side: Side::Black,
                on: d("2026-05-21"),
                used: 11,
                allowance: 10,
                control: 2,
                interrupts: true,
            },
            Event::ClaimConfirmed {
                on: d("2026-05-22"),
            },
            Event::OverstepReset {
                side: Side::Black,
                on: d("2026-05-22"),
            },
        ] {
            g.apply(&e).unwrap();
        }
        // the overstepping move still awaited: no new claim meanwhile
        assert!(g.overstep(&rules, d("2026-06-30")).is_none());
        g.apply(&moved("e7e5", "2026-05-25")).unwrap();
        g.apply(&moved("g1f3", "2026-05-25")).unwrap();
        // a fresh count from move 2: 10 days for moves 2 and 3
        let c = g.control(&rules, Color::Black, d("2026-06-04"));
        assert_eq!((c.control, c.allowance, c.used), (3, 10, 10));
        assert_eq!(
            g.total(Color::Black),
            15,
            "the total of all days stays for the record"
        );
        assert!(g.overstep(&rules, d("2026-06-05")).is_some());
        assert_eq!(g.oversteps, [0, 1]);
    }

    #[test]
    fn a_stored_claim_without_interrupts_replays_as_interrupting() {
        // as every claim was stored before postal first claims let play go on
        let old = r#"{"event":"suspended","side":"black","on":"2026-05-21","used":11,"allowance":10,"control":2}"#;
        let event: Event = serde_json::from_str(old).unwrap();
        assert!(matches!(
            event,
            Event::Suspended {
                interrupts: true,
                ..
            }
        ));
        assert_eq!(
            serde_json::to_string(&event).unwrap(),
            old,
            "written as before"
        );
        let g = game(RuleSet::postal(), &[moved("e2e4", "2026-05-10"), event]);
        assert_eq!(g.status(), Status::Suspended);
        let first = Event::Suspended {
            side: Side::Black,
            on: d("2026-05-21"),
            used: 11,
            allowance: 10,
            control: 2,
            interrupts: false,
        };
        let text = serde_json::to_string(&first).unwrap();
        assert!(
            text.ends_with(r#""control":2,"interrupts":false}"#),
            "{text}"
        );
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), first);
    }

    #[test]
    fn ii_6_4_a_claim_confirmed_after_play_went_on_restarts_after_the_overstepping_move() {
        let rules = RuleSet {
            days_per_control: 10,
            moves_per_control: 2,
            ..RuleSet::postal()
        };
        let mut g = game(rules.clone(), &[moved("e2e4", "2026-05-10")]);
        let (color, c) = g.overstep(&rules, d("2026-05-21")).unwrap();
        assert!(
            !g.claim_interrupts(&rules, color),
            "a first postal overstep"
        );
        g.apply(&Event::Suspended {
            side: Side::Black,
            on: d("2026-05-21"),
            used: c.used,
            allowance: c.allowance,
            control: c.control,
            interrupts: false,
        })
        .unwrap();
        assert_eq!((g.status(), g.suspension()), (Status::InProgress, None));
        assert!(g.claim.is_some());
        // play goes on: 1... e5 after 12 days (the overstepping move), 2. Nf3,
        // 2... Nc6 after 1 day; no new claim while this one is pending
        for e in [
            moved("e7e5", "2026-05-22"),
            moved("g1f3", "2026-05-23"),
            moved("b8c6", "2026-05-24"),
            moved("f1c4", "2026-05-26"),
        ] {
            g.apply(&e).unwrap();
        }
        assert!(g.overstep(&rules, d("2026-06-30")).is_none());
        assert!(
            g.apply(&Event::Held {
                accepted: vec![],
                offered: vec![],
                uci: "g8f6".into(),
                sent: d("2026-05-27"),
                draw_offer: false
            })
            .is_err(),
            "nothing is held in a game that goes on"
        );
        assert_eq!(g.overstepping_move(g.claim.as_ref().unwrap()), 1);
        for e in [
            Event::ClaimConfirmed {
                on: d("2026-05-27"),
            },
            Event::OverstepReset {
                side: Side::Black,
                on: d("2026-05-27"),
            },
        ] {
            g.apply(&e).unwrap();
        }
        // the new count holds move 2 (1 day) and is for moves 2 and 3
        let c = g.control(&rules, Color::Black, d("2026-05-27"));
        assert_eq!((c.control, c.allowance, c.used), (3, 10, 2));
        assert!(g.overstep(&rules, d("2026-06-04")).is_none());
        let (_, c) = g.overstep(&rules, d("2026-06-05")).unwrap();
        assert_eq!(c.used, 11);
        assert!(
            g.claim_interrupts(&rules, Color::Black),
            "the second overstep"
        );
        assert_eq!(g.total(Color::Black), 13);
    }

    #[test]
    fn iii_4_6_variant_moves_take_no_days_and_the_reply_counts_from_the_offer() {
        // an offer stored without its day (`on` defaults to the move's day)
        let offered: Event =
            serde_json::from_str(r#"{"event":"variant_offered","moves":["g1f3","b8c6"]}"#).unwrap();
        let played = |uci: &str| Event::VariantPlayed {
            uci: uci.into(),
            sent: d("2026-05-15"),
        };
        let g = game(
            RuleSet::email(),
            &[
                moved("e2e4", "2026-05-10"),
                moved("e7e5", "2026-05-12"),
                offered.clone(),
                played("g1f3"),
                played("b8c6"),
                moved("f1c4", "2026-05-15"),
            ],
        );
        let days: Vec<(u32, bool)> = g.plies.iter().map(|p| (p.days, p.variant)).collect();
        assert_eq!(
            days,
            [(0, false), (2, false), (0, true), (0, true), (3, false)]
        );
        assert_eq!((g.total(Color::White), g.total(Color::Black)), (3, 2));
        assert_eq!(g.offer, None, "the reply ends the offer");
        // a move that is not the variant's next one does not replay
        let t = tournament(RuleSet::email());
        let wrong = Game::replay(
            &t,
            &t.games[0],
            &[
                moved("e2e4", "2026-05-10"),
                moved("e7e5", "2026-05-12"),
                offered,
                played("b1c3"),
            ],
            [vec![], vec![]],
        );
        assert!(wrong.is_err());
        // a variant that ends with the partner's move does not either
        let odd = Game::replay(
            &t,
            &t.games[0],
            &[
                moved("e2e4", "2026-05-10"),
                Event::VariantOffered {
                    moves: vec!["e7e5".into()],
                    on: None,
                },
            ],
            [vec![], vec![]],
        );
        assert!(odd.is_err());
    }

    #[test]
    fn the_positions_before_each_ply_are_replayed_from_the_start() {
        let moves = [
            "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1", "f6e4",
        ];
        let events: Vec<Event> = moves.iter().map(|m| moved(m, "2026-05-10")).collect();
        let g = game(RuleSet::email(), &events);
        let mut pos = Chess::default();
        let mut walk = Walk::new(&g);
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(g.position_before(i), pos);
            assert_eq!(*walk.before(i), pos);
            assert_eq!(Game::uci(&g.plies[i].mv), *m);
            let mv = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos = pos.play(mv).unwrap();
        }
        assert_eq!(g.position_before(moves.len()), pos);
        assert_eq!(*g.position(), pos);
        assert_eq!(*walk.before(2), g.position_before(2), "going back");
    }

    #[test]
    fn seed_004_fivefold_repetition_ends_the_game_by_itself() {
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let mut events = Vec::new();
        for i in 0..16 {
            events.push(moved(shuffle[i % 4], "2026-05-10"));
        }
        let g = game(RuleSet::email(), &events);
        assert_eq!(g.repetitions(), 5);
        assert_eq!(
            g.natural_end(),
            Some((GameResult::Draw, EndReason::FivefoldRepetition))
        );
        let g = game(RuleSet::email(), &events[..12]);
        assert_eq!(g.repetitions(), 4);
        assert_eq!(g.natural_end(), None);
    }

    #[test]
    fn seed_004_seventy_five_moves_end_the_game_by_itself() {
        let t = tournament(RuleSet::email());
        let mut g = Game::new(&t, &t.games[0], [vec![], vec![]]);
        let fen: shakmaty::fen::Fen = "4k3/8/8/8/8/8/8/R3K3 w - - 149 120".parse().unwrap();
        let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        g.hashes = vec![hash(&pos)];
        g.initial = Some(Box::new(pos.clone()));
        g.current = pos;
        g.apply(&moved("a1a2", "2026-05-10")).unwrap();
        assert_eq!(
            g.natural_end(),
            Some((GameResult::Draw, EndReason::SeventyFiveMoves))
        );
    }
}
