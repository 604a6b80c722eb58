//! What a game's record is made of: its events as the store keeps them,
//! the sides, results and why a game ended, adjudication, and the errors
//! of a record that does not fit.

use super::*;

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
    /// A tablebase claim the endgame tables confirmed (ICCF).
    Tablebase,
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
pub(super) fn interrupting() -> bool {
    true
}

pub(super) fn is_interrupting(interrupts: &bool) -> bool {
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
