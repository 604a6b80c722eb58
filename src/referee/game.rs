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

mod apply;
mod events;
mod time;
pub use events::*;

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
    /// A repeated move of the record written otherwise than recorded
    /// (III.3.3, III.4.7).
    WrongRepetition,
    /// The partner's last move not repeated at all (III.3.3): the mail
    /// holds no repetition of it, written right or wrong.
    MissingRepetition,
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
            PenaltyReason::MissingRepetition => "missing-repetition",
            PenaltyReason::NoMove => "no-move",
            PenaltyReason::Director => "director",
            PenaltyReason::Other(text) => text,
        }
    }

    /// The kind of offence for the repeated-offence rule (II.4.9): an
    /// impossible or illegible move (4.9.1), or a repetition not made
    /// correctly, written wrong or missing (4.9.2).
    fn kind(&self) -> &'static str {
        match self {
            PenaltyReason::WrongRepetition | PenaltyReason::MissingRepetition => "repetition",
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
            "missing-repetition" => PenaltyReason::MissingRepetition,
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

/// A loss on time (III.6.6): the days of the move awaited that the
/// confirmed overstep claim counted, up to the claim's day. They are in the
/// loser's total, as the claim established it; no move of his holds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Forfeit {
    pub color: Color,
    pub days: u32,
    pub counted_to: NaiveDate,
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
    /// The position before the first ply when tests set one up (a game's
    /// `start_position` is its spec's): the one before ply `i` is
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
    /// The last claim against each side the director confirmed, white
    /// first: a protest against it after its days is answered as late,
    /// with the last day protests were taken (III.6.4, II.6.5).
    pub confirmed_claims: [Option<Box<Claim>>; 2],
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
    /// The side and day of the last claim confirmed: a loss on time it
    /// brings counts the days the claim counted (III.6.6).
    last_confirmed: Option<(Color, NaiveDate)>,
    /// The days of the move awaited that a loss on time counted, in the
    /// loser's total.
    pub forfeit: Option<Forfeit>,
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
        let start = spec
            .start
            .as_ref()
            .map_or_else(Chess::default, |s| s.position().clone());
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
            confirmed_claims: [None, None],
            offer: None,
            conditionals: [None, None],
            leaves,
            totals: [0, 0],
            claim_bar: [None, None],
            oversteps: [0, 0],
            resets: [None, None],
            reset_pending: [false, false],
            confirmed_at: [None, None],
            last_confirmed: None,
            forfeit: None,
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

    /// How many moves `color` has made.
    pub fn moves_made(&self, color: Color) -> u32 {
        self.plies.iter().filter(|p| p.color == color).count() as u32
    }

    /// Where `color`'s count of days restarted after his first overstep
    /// (II.6.4): after his move number this many (his own moves counted),
    /// from this total. `None` before a reset is placed.
    pub fn reset(&self, color: Color) -> Option<(u32, u32)> {
        self.resets[idx(color)].map(|r| (r.moves_before, r.total_before))
    }

    /// The leaves of `color`.
    pub fn leaves(&self, color: Color) -> &[Days] {
        &self.leaves[idx(color)]
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

    /// The half-move index of the game's first ply counted from White's
    /// first move at move 1: 0 from the usual position, more from a start
    /// position (Black to move at move 40: 79).
    pub fn first_index(&self) -> usize {
        let index = |pos: &Chess| {
            (pos.fullmoves().get() as usize - 1) * 2 + usize::from(pos.turn() == Color::Black)
        };
        match (&self.initial, &self.spec.start) {
            (Some(pos), _) => index(pos),
            (None, Some(start)) => index(start.position()),
            (None, None) => 0,
        }
    }

    /// The number of `color`'s first move: 1 from the usual position; from
    /// a start position, the FEN's move number, or the next one for White
    /// when Black moves first.
    pub fn first_number(&self, color: Color) -> u32 {
        let first = self.first_index();
        let later = u32::from(color == Color::White && first % 2 == 1);
        u32::try_from(first / 2).unwrap_or(u32::MAX) + 1 + later
    }

    /// The position before the first ply.
    fn initial(&self) -> Chess {
        match (&self.initial, &self.spec.start) {
            (Some(pos), _) => (**pos).clone(),
            (None, Some(start)) => start.position().clone(),
            (None, None) => Chess::default(),
        }
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
        // a missing repetition is a code of its own, of the same kind as
        // a wrong one (II.4.9.2)
        let missing = serde_json::to_string(&PenaltyReason::MissingRepetition).unwrap();
        assert_eq!(missing, "\"missing-repetition\"");
        assert_eq!(
            serde_json::from_str::<PenaltyReason>(&missing).unwrap(),
            PenaltyReason::MissingRepetition
        );
        assert_eq!(
            PenaltyReason::MissingRepetition.kind(),
            PenaltyReason::WrongRepetition.kind()
        );
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
            site: "Arbiter".into(),
            rules,
            notation: crate::notation::Notation::Numeric,
            conditional: false,
            players: vec![player("w"), player("b")],
            games: vec![GameSpec {
                id: "T/1".into(),
                white: "w".into(),
                black: "b".into(),
                start: None,
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

    /// A game from a start position: Black to move at move 40 moves first,
    /// the plies are numbered from there, and every position before a ply
    /// is replayed from the FEN.
    #[test]
    fn a_game_from_a_start_position_begins_with_its_side_to_move_and_move_number() {
        let mut t = tournament(RuleSet::email());
        let start =
            crate::referee::tournament::StartPosition::parse("8/8/4k3/8/8/4K3/r7/R7 b - - 0 40")
                .unwrap();
        t.games[0].start = Some(start.clone());
        let g = Game::new(&t, &t.games[0], [vec![], vec![]]);
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.first_index(), 79);
        assert_eq!(*g.position(), *start.position());
        let events: Vec<Event> = ["a2a1", "e3d4", "a1d1"]
            .iter()
            .map(|m| moved(m, "2026-05-12"))
            .collect();
        let g = Game::replay(&t, &t.games[0], &events, [vec![], vec![]]).unwrap();
        let numbered: Vec<(u32, Color)> = g.plies.iter().map(|p| (p.number, p.color)).collect();
        assert_eq!(
            numbered,
            [(40, Color::Black), (41, Color::White), (41, Color::Black)]
        );
        assert_eq!(g.position_before(0), *start.position());
        assert_eq!(*Walk::new(&g).before(1), g.position_before(1));
        assert_eq!(g.san(0), "Rxa1");
        assert_eq!(g.san(2), "Rd1+");
        assert_eq!(g.moves_made(Color::Black), 2);
        // the clocks' controls are numbered as the moves are: White's
        // first move is 41, Black's 40 (10 moves a control)
        assert_eq!(
            (g.first_number(Color::White), g.first_number(Color::Black)),
            (41, 40)
        );
        let rules = RuleSet::email();
        let c = |color| g.control(&rules, color, d("2026-05-13")).control;
        assert_eq!((c(Color::White), c(Color::Black)), (50, 49));
        let usual = game(RuleSet::email(), &[]);
        assert_eq!(
            usual.control(&rules, Color::White, d("2026-05-13")).control,
            10
        );
    }
}
