//! Answers to a player's mail (refusals, penalties, explanations) and to
//! a player's requests (progress reports, leaves); and the notes for the
//! mover that the forward of his move shows ([`MoverNote`]).

use crate::notation::Impossibility;
use crate::referee::endgame::{Claim, TableVerdict};
use crate::referee::game::{Game, Offer};
use crate::referee::leave::Refusal;
use chrono::NaiveDate;
use shakmaty::Color;

/// The game an answer is about, as the decision leaves it, with the side
/// of the player it answers and the day: what the standard form, the
/// board and the player's clock are drawn from.
#[derive(Debug, Clone)]
pub struct Seat {
    pub game: Box<Game>,
    pub color: Color,
    pub today: NaiveDate,
}

/// What a player needs to play from a chess program (Xfcc).
#[derive(Debug, Clone)]
pub struct XfccAccount {
    /// The endpoint's URL.
    pub url: String,
    /// The player's registered address.
    pub username: String,
    pub password: crate::referee::outbound::Secret,
}

/// An answer to a player's mail, or the announcement of his leave.
#[derive(Debug, Clone)]
pub enum AnswerNotice {
    /// A move mail not accepted (III.3.3-3.5), with the penalty recorded
    /// (III.4.7); `seat.game` is the game after the penalty, the correct
    /// record. `wrote`: the moves the mail wrote (numbered, as written).
    Refused {
        seat: Seat,
        fault: Fault,
        wrote: Vec<String>,
        penalty: u32,
    },
    /// A mail without any numbered move: nothing recorded, no penalty.
    NoMove {
        seat: Seat,
        understood: Vec<Understood>,
        misplaced: Vec<Misplaced>,
        /// The lines not read as a move or a command (at most five, clipped).
        words: Vec<String>,
        /// A question among them ([`MoverNote::Question`]): `Some(true)`
        /// when it is about his deadline.
        question: Option<bool>,
    },
    /// The sender's last move written again, already received and
    /// forwarded: not a fault.
    AlreadyReceived { seat: Seat },
    /// A move while the partner is to move.
    NotYourTurn { seat: Seat },
    /// A mail into a finished game.
    GameOver { seat: Seat },
    /// A mail into a suspended game (III.6.3, II.6.8); `note`: the
    /// player's own words, relayed to the director (Cc).
    Suspended {
        seat: Seat,
        held: Held,
        note: Vec<String>,
    },
    /// `ACCEPT DRAW` without a standing draw offer.
    NoDrawOffer { seat: Seat },
    /// `CLAIM DRAW` without a move, when neither threefold repetition nor
    /// fifty moves stand on the board.
    DrawClaimRefused { seat: Seat },
    /// A tablebase claim (`CLAIM WIN`, `CLAIM DRAW`) without a move that
    /// did not end the game: what became of it.
    TableClaim { seat: Seat, news: ClaimNews },
    /// `PGN`: the game so far.
    Pgn { seat: Seat },
    /// A tagged game the sender does not play.
    NotYourGame { game: String },
    /// The mail does not say which of the sender's games it is about.
    WhichGame {
        problem: WhichGame,
        games: Vec<String>,
    },
    /// A director's command (`confirm`, `result`, …) from a player.
    DirectorOnly { command: String },
    /// `XFCC`: the player's new Xfcc account, or `None` where the arbiter
    /// offers no Xfcc.
    XfccAccount { account: Option<XfccAccount> },
    /// `XFCC FORWARDS OFF|ON` taken.
    XfccForwards { on: bool },
    /// A move from a chess program recorded in `game` without its note:
    /// the program sent the note garbled (Scid's non-Latin letters), and
    /// it was not relayed.
    XfccNoteGarbled { game: String },
    /// A mail from an address the league does not know.
    Stranger,
    /// `STATUS`: the progress report (seed 001 art. 49) of the sender's
    /// games, as of `today`.
    Status { today: NaiveDate, games: Vec<Game> },
    /// A leave refused (III.7, II.7); `tournament`: whose rules.
    LeaveRefused {
        tournament: String,
        refusal: Refusal,
    },
    /// `LEAVE END` without a leave running or announced.
    NoLeave,
    /// About the sender's hidden conditional moves (issue 12 item 5): To
    /// him alone, never to the opponent. `seat.game` is the game as the
    /// decision leaves it (its `conditionals` hold his series).
    Conditional { seat: Seat, news: ConditionalNews },
    /// A leave (or its end, `leave: None`) announced To the partners and
    /// the director (III.7.2-7.3); `yours`: the player's own confirmation,
    /// To him alone.
    Leave {
        tournament: String,
        player: String,
        leave: Option<(NaiveDate, NaiveDate)>,
        by_director: bool,
        /// Asked from this day but announced on `announced`, after it began:
        /// it counts from the notice (II.7.6).
        late: Option<LateLeave>,
        /// When it is told and the games it concerns.
        told: Box<LeaveTold>,
        yours: Option<LeaveBalance>,
    },
}

/// What became of a player's hidden conditional moves.
#[derive(Debug, Clone)]
pub enum ConditionalNews {
    /// The series is stored (`replaced`: instead of an earlier one);
    /// `trailing`: a last move of the opponent, dropped (as written).
    Stored {
        series: Offer,
        replaced: bool,
        trailing: Option<String>,
    },
    /// The series is not stored, and why; nothing else changes.
    Refused { why: ConditionalRefusal },
    /// `CONDITIONAL CANCEL`: the series cancelled (`had`), or there was none.
    Cancelled { had: bool },
    /// The tournament does not use conditional moves.
    NotUsed,
    /// The opponent moved: `played` the plies (indexes in `seat.game`)
    /// played automatically from the series, then what became of it.
    Followed { played: Vec<usize>, then: Then },
}

/// A hidden series after the opponent's moves.
#[derive(Debug, Clone)]
pub enum Then {
    /// It stands, for the moves still to come (`seat.game.conditionals`).
    Stands,
    /// Its last move was played.
    Done,
    /// The opponent's move at `series.from_ply + at` differed from the
    /// series' move `at`: the rest is dropped.
    Dropped { series: Offer, at: usize },
    /// The opponent offered a draw with his move: the owner answers it
    /// himself, the series is dropped.
    DrawOffered,
    /// The game ended before the series did.
    Over,
}

/// Why a hidden series is not stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConditionalRefusal {
    /// A move does not read, does not follow, or "any move" (II.3.6).
    Fault(VariantFault),
    /// No move after the line, or only a move of the opponent.
    Empty,
    /// It is the sender's turn: the series goes with his move.
    OwnMoveFirst,
    /// The game is suspended (a claim): sent again after the decision.
    Suspended,
}

/// What the player's own leave confirmation tells him: the running games
/// it covers, and the leave days he has left in each year it touches
/// (III.7.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaveBalance {
    pub games: Vec<String>,
    /// (year, days left, days a year).
    pub left: Vec<(i32, u32, u32)>,
}

/// When a leave is told, and what of.
#[derive(Debug, Clone)]
pub struct LeaveTold {
    /// The day it is told: a leave told before it begins is told as one
    /// to come.
    pub on: NaiveDate,
    /// The player's running games it concerns.
    pub games: Vec<String>,
}

/// A leave announced after it began (II.7.6).
#[derive(Debug, Clone, Copy)]
pub struct LateLeave {
    pub asked: NaiveDate,
    pub announced: NaiveDate,
}

/// Why a move mail is not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// The mail writes a move of the record otherwise (III.3.3): `wrote`
    /// as written, `ply` the index of the move in the record.
    WrongRepetition { wrote: String, ply: usize },
    /// The mail does not repeat the partner's last move (the last ply).
    NotRepeated,
    /// No new move (III.3.5; postal II.3.11).
    NoMove,
    /// The new move cannot be read in any notation (III.3.4).
    Illegible { written: String },
    /// The new move reads as a move but is not possible (III.3.1).
    Impossible {
        written: String,
        reason: Impossibility,
    },
    /// Two different new moves are written (`a / b`).
    TwoMoves { written: String },
    /// A move of the partner's variant repeated otherwise than offered
    /// (III.3.7-3.8): a wrong repetition. `expected` numbered in the
    /// tournament's notation.
    VariantRepetition { wrote: String, expected: String },
    /// Moves of the partner's variant accepted without a reply move: an
    /// illegible move (III.3.9).
    VariantNoReply { accepted: Vec<String> },
    /// The new move fits several legal moves.
    Ambiguous {
        written: String,
        candidates: Vec<String>,
    },
}

/// A command read in a mail without a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Understood {
    /// `(=)`: it goes with a move, so it was not recorded.
    DrawOffer,
    /// Any other command, by its name.
    Command(&'static str),
}

/// Where moves were seen that the arbiter does not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misplaced {
    Subject,
    Quote,
    Attachment,
}

/// What became of a move sent into a suspended game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Held {
    /// No move to keep: not the sender's turn, no move, or one kept already.
    Nothing,
    /// The move is kept until the director decides: the moves kept from
    /// the game's position (the partner's variant moves it accepts, then
    /// the sender's new move).
    Kept(Vec<shakmaty::Move>),
    /// The move could not be read against the record.
    Unreadable,
}

/// Which game: the trouble with the mail's subject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WhichGame {
    /// The tag names a game the sender does not play.
    NotYours(String),
    /// The tag names no game.
    NoSuchGame(String),
    /// No tag, and the mail fits several games.
    Unsaid,
}

/// A remark for the mover, shown in his copy of the forward.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoverNote {
    /// The `Date:` of the mail differs from its arrival (III.2.3).
    Dated {
        claimed: NaiveDate,
        arrived: NaiveDate,
    },
    /// The variant written after the new move is refused as a whole (the
    /// move itself stands): why (III.3.7, II.3.6).
    VariantRefused { fault: VariantFault },
    /// The variant ended with a move of the partner: it is ignored, since a
    /// variant ends with a move of its proposer (`written` as written).
    VariantTrailing { written: String },
    /// A date or time stated in the mail differs from the record, which
    /// counts (III.2.3, II.2.2.1): `ply` the move it belongs to, `said`
    /// what the mail wrote, `record` what the record has; each written in
    /// the reader's form.
    Stated {
        ply: usize,
        what: Stated,
        said: Stamp,
        record: Stamp,
    },
    /// `CLAIM DRAW` with the move, but neither threefold repetition nor 50
    /// moves in the position after it.
    DrawClaimRefused,
    /// A tablebase claim with the move that did not end the game: what
    /// became of it (the move stands).
    TableClaim { news: ClaimNews },
    /// The mail asks a question the arbiter cannot answer: it reads moves
    /// and commands only, so the player is sent to the director (and, for
    /// his deadline, to STATUS).
    Question { deadline: bool },
}

/// What became of a tablebase claim that did not end the game (none
/// costs a penalty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimNews {
    /// The tables give another result: refused; `tables` is what they
    /// give, for the claimant.
    Refused { claim: Claim, tables: TableVerdict },
    /// More pieces than any table holds: no tablebase claim.
    TooManyPieces { claim: Claim, pieces: usize },
    /// The tables here do not decide it: sent to the director, who does.
    ToDirector { claim: Claim },
    /// Claims are made by the player to move.
    NotYourTurn { claim: Claim },
}

/// Why an offered variant is refused (the move with it stands).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VariantFault {
    /// "Any move" as an answer (II.3.6).
    AnyMove,
    /// A move of the variant cannot be read, is impossible or ambiguous:
    /// `written` numbered as written, `why` the reading's fault.
    Move { written: String, why: Box<Fault> },
    /// The numbers do not follow the new move, alternating sides.
    Order { written: String },
}

/// A date or a time of a move, as a mail states it or the record has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stamp {
    /// A date, of `year` where the mail gave one (`11.05`).
    Day {
        day: u32,
        month: u32,
        year: Option<i32>,
    },
    /// A day of the standard form's table, which has no year (`10/05`).
    TableDay { day: u32, month: u32 },
    /// Days for the move / the total (`2/05`).
    Time { days: u32, total: u32 },
}

/// Which stated date or time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stated {
    /// The intended date of sending (free form): the arrival counts.
    Sending,
    Received,
    Sent,
    Time,
}
