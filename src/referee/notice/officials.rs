//! The director's answers and the timer's mails (openings, reminders,
//! inactivity and breakdown notices).

use crate::referee::endgame::{Claim, Undecided};
use crate::referee::game::Game;
use chrono::NaiveDate;
use shakmaty::Color;

/// What the director or the timer tells.
#[derive(Debug, Clone)]
pub enum OfficialNotice {
    /// The game begins: To both players, with the header, the colours, the
    /// rules in short and how to write a move.
    /// `tables_reached`: the game starts within the endgame tables, and
    /// tablebase claims are on: the players are told they may claim.
    Opening {
        game: Box<Game>,
        today: NaiveDate,
        tables_reached: bool,
    },
    /// No answer for `waiting` days: the move awaited is repeated To the
    /// silent player (III.5.1, II.5.1); with no move yet, White's first
    /// move is asked for. `to_director`: a copy goes to the director.
    Reminder {
        game: Box<Game>,
        waiting: u32,
        to_director: bool,
        today: NaiveDate,
    },
    /// The claimed player protests against the pending claim (III.6.4):
    /// To the director, with the player's reasons and the commands.
    Protest {
        game: Box<Game>,
        color: Color,
        reasons: String,
        today: NaiveDate,
    },
    /// The answer to a player's `PROTEST`: passed on to the director
    /// (`accepted`), or refused (no claim against him is pending, or its
    /// protest days ended on `until`).
    ProtestAnswer {
        game: Box<Game>,
        accepted: bool,
        until: Option<NaiveDate>,
        today: NaiveDate,
    },
    /// The director's CONFIRM came within the protest days: held until
    /// `until` has passed, applied then unless the player protests.
    ConfirmHeld {
        game: Box<Game>,
        until: NaiveDate,
        today: NaiveDate,
    },
    /// Few days are left to the player to move before his control move
    /// (the rule set's warning days, then 1): To him, with his last day.
    TimeWarning { game: Box<Game>, today: NaiveDate },
    /// The leave of `color` begins today (`begins`) or ended yesterday:
    /// To his partner in the game (III.7.4).
    LeaveDay {
        game: Box<Game>,
        color: Color,
        from: NaiveDate,
        to: NaiveDate,
        begins: bool,
        today: NaiveDate,
    },
    /// The director told that the repeat went unanswered too: the
    /// correspondence broke down (II.5.1).
    Breakdown {
        game: Box<Game>,
        waiting: u32,
        today: NaiveDate,
    },
    /// The director told of a game without a move (III.5.3, II.5.2).
    Inactivity {
        game: Box<Game>,
        waiting: u32,
        today: NaiveDate,
    },
    /// `PENALTY`: penalty days given by the director, To both players.
    Penalty {
        game: Box<Game>,
        color: Color,
        days: u32,
        today: NaiveDate,
    },
    /// `CONFIRM` of a first overstep that does not lose (II.6.4): the count
    /// restarts after move `number`; `interrupted`: the claim had
    /// interrupted the game, which resumes.
    OverstepFixed {
        game: Box<Game>,
        against: Color,
        number: u32,
        interrupted: bool,
        today: NaiveDate,
    },
    /// `REJECT`: no new claim against `against` before move `control`
    /// (III.6.7, II.6.10).
    ClaimRejected {
        game: Box<Game>,
        against: Color,
        control: u32,
        interrupted: bool,
        today: NaiveDate,
    },
    /// A tablebase claim the tables do not decide: To the director, who
    /// decides it with `RESULT`; the game goes on meanwhile.
    TableClaim(Box<TableClaim>),
    /// `LEAVE <player> <from> <to>` from the director (III.7.7): To the
    /// player's partners in running games and the director.
    LeaveGranted {
        tournament: String,
        player: String,
        from: NaiveDate,
        to: NaiveDate,
    },
    /// `STATUS` from the director: every game of his tournaments.
    Report {
        today: NaiveDate,
        /// The tournaments' ids, each with its games as they stand.
        tournaments: Vec<(String, Vec<Game>)>,
    },
    /// `HELP` from the director: the director's commands.
    DirectorHelp,
    /// `PGN` from the director: the game of the subject.
    Pgn { game: Box<Game> },
    /// The game's mails, as mbox, attached (III.1.4); the daemon fills the
    /// attachment from the store.
    Archive { game: String },
    /// The daemon's report of a bounce: a mail the arbiter sent came back
    /// undelivered; To the directors concerned.
    Bounced(Box<BounceReport>),
    /// III.1.6: our mails to `address` have bounced since `since`, and no
    /// mail came from it for `days` days: the player is considered
    /// withdrawn, his directors decide with `WITHDRAW`. `players` names the
    /// players writing from it ("name (tournament/player)"), `player` the
    /// id the command takes.
    NoMailAccess {
        address: String,
        players: Vec<String>,
        player: String,
        since: NaiveDate,
        days: i64,
    },
    /// A mail could not be refereed (a fault of the arbiter: a panic, or
    /// events that do not apply) and was kept aside, nothing of it recorded.
    NotRefereed {
        key: String,
        from: String,
        message_id: String,
        subject: String,
        reason: String,
    },
    /// Commands not carried out; `partly`: others were.
    Refused {
        problems: Vec<Problem>,
        partly: bool,
    },
}

/// A director's command that names what it applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DirectorCommand {
    Result,
    Penalty,
    Pgn,
    Archive,
}

/// Why a director's command was not carried out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// No command the director may give was found.
    NoCommand,
    /// The command needs the game's tag in the subject.
    NoGame { command: DirectorCommand },
    /// `CONFIRM`/`REJECT` without a tag while no or several claims are pending.
    WhichClaim,
    /// No overstep claim is pending in the game.
    NoClaim { game: String },
    /// The game is already over.
    GameOver { game: String },
    /// `PENALTY` days out of 1..=max.
    PenaltyRange { game: String, days: u32, max: u32 },
    /// `LEAVE` that ends before it starts.
    LeaveBackwards { player: String },
    /// `LEAVE` for a player not in the director's tournaments.
    NoPlayer { player: String },
    /// `WITHDRAW` for a player not in the director's tournaments.
    WithdrawNoPlayer { player: String },
    /// `WITHDRAW` for a player without a running game.
    WithdrawNothing { player: String },
}

/// What the director is told of a bounce ([`OfficialNotice::Bounced`]):
/// the mail's own data, as the store and the bounce give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BounceReport {
    /// The addresses the mail did not reach.
    pub undelivered: Vec<String>,
    pub game: Option<String>,
    /// The returned mail's subject, when it was sent (none when the
    /// store's record of it does not say) and its Message-ID.
    pub subject: String,
    pub sent: Option<chrono::DateTime<chrono::Utc>>,
    pub message_id: String,
    /// Per recipient: what the delivery status report says, or the mail
    /// server's own words (one line each).
    pub why: Vec<String>,
    /// The beginning of what was not received.
    pub summary: String,
    /// The bounce in the mailbox: its key and its sender.
    pub key: String,
    pub from: String,
}

/// A tablebase claim for the director to decide.
#[derive(Debug, Clone)]
pub struct TableClaim {
    /// The game as the claim leaves it.
    pub game: Game,
    /// The claimant.
    pub color: Color,
    pub claim: Claim,
    /// Why the tables do not decide it.
    pub why: Undecided,
    /// The claim is on the position after the claimant's move.
    pub moved: bool,
    pub today: NaiveDate,
}
