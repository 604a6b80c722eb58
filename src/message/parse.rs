//! Reading an inbound mail: the headers that matter (sender, subject, game
//! tag, Message-ID, `Date:`), whether a robot sent it, the sender's own text
//! (quotes, attributions, forwarded messages and signatures cut away), and
//! what that text says: numbered moves, commands, the header block.
//!
//! Pure: bytes in, plain data out. The arrival day is the adapter's business.

use crate::language::{is_word, Form, Lang, Words};
use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone};
use mail_parser::{HeaderValue, MessageParser, MimeHeaders};
use shakmaty::Color;
use thiserror::Error;

mod commands;
mod mail;
mod own;
use commands::*;
pub use mail::{authenticated, html_text, read_mail};
use own::*;
pub use own::{own_text, without_quoted};

/// Why a mail could not be read at all.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ReadError {
    /// Bigger than `max_mail_bytes`.
    #[error("the mail is {0} bytes, more than the {1} allowed")]
    TooLarge(usize, usize),
    /// mail-parser found no message (or failed on it).
    #[error("the mail cannot be parsed")]
    Unparseable,
    /// Not exactly one `From:` header (RFC 5322 §3.6): which one a mail
    /// checker judged and which one a reader sees may differ, so neither counts.
    #[error("the mail names {0} senders (From:) instead of one")]
    FromHeaders(usize),
}

/// What the referee needs from one inbound mail.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mail {
    /// The Message-ID without angle brackets.
    pub message_id: Option<String>,
    /// The From address, lower case.
    pub from: Option<String>,
    /// The decoded subject.
    pub subject: String,
    /// The sender's `Date:` header.
    pub date: Option<DateTime<FixedOffset>>,
    /// Why this mail came from a robot and must never be answered.
    pub robot: Option<String>,
    /// The sender's own text.
    pub text: String,
    /// `References` of the mail, for threading the reply.
    pub references: Vec<String>,
    /// `In-Reply-To`: the mail it answers, as its program says.
    pub in_reply_to: Vec<String>,
    /// The text the arbiter does not read as the sender's: the quoted
    /// lines and a previous message below the sender's text.
    pub quoted: String,
    /// The text of the mail's text attachments (`moves.txt`, `game.pgn`),
    /// which the arbiter does not read as the sender's either.
    pub attached: String,
}

/// The game tag `[<tournament id>/<n>]` anywhere in the subject.
pub fn find_tag(subject: &str) -> Option<String> {
    let mut rest = subject;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let Some(close) = after.find(']') else { break };
        let inner = after[..close].trim();
        if let Some((tournament, number)) = inner.rsplit_once('/') {
            if !tournament.is_empty()
                && !number.is_empty()
                && number.chars().all(|c| c.is_ascii_digit())
                && !tournament.contains(char::is_whitespace)
            {
                return Some(inner.to_string());
            }
        }
        rest = after;
    }
    None
}

/// Every bracketed piece of a subject, trimmed, in order: `[SPAM]`,
/// `[RUS-EM-2026/1]`. A `[` inside one starts another (`[[T/1]]` gives
/// `[T/1` and `T/1`).
pub fn bracketed(subject: &str) -> impl Iterator<Item = &str> {
    let mut rest = subject;
    std::iter::from_fn(move || {
        let open = rest.find('[')?;
        let after = &rest[open + 1..];
        let close = after.find(']')?;
        rest = after;
        Some(after[..close].trim())
    })
}

/// One move as written in a numbered record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenPly {
    /// The move number as written.
    pub number: u32,
    pub color: Color,
    /// The move as written, marks stripped.
    pub text: String,
    /// The dates and time beside it in a standard form table row.
    pub stated: Option<Stated>,
}

/// What a standard form row says about one move (App.3): the day the
/// partner's move was received, the day of the answer, days for the move /
/// total; each as written (`12/05`, `4/04`), day and month or two numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stated {
    pub received: Option<(u32, u32)>,
    pub sent: Option<(u32, u32)>,
    pub time: Option<(u32, u32)>,
}

/// `12/05` or `12.05` as two numbers.
fn pair(token: &str) -> Option<(u32, u32)> {
    let (a, b) = token.split_once(['/', '.'])?;
    Some((a.parse().ok()?, b.trim_end_matches('.').parse().ok()?))
}

/// A day of a table as day and month: `12/05`, `12.05`, or `05-12`, month
/// first, as a form whose dates are written year first has it (the
/// Lithuanian one).
fn table_day(token: &str) -> Option<(u32, u32)> {
    let (day, month) = match token.split_once('-') {
        Some((month, day)) => (day.parse().ok()?, month.parse().ok()?),
        None => pair(token)?,
    };
    ((1..=31).contains(&day) && (1..=12).contains(&month)).then_some((day, month))
}

/// The three columns of one side of a table row, or `None` when the row
/// does not have them.
fn stated(columns: &[&str]) -> Option<Stated> {
    let [received, sent, time] = columns else {
        return None;
    };
    let date = table_day;
    let received_ok = *received == "---" || date(received).is_some();
    let time_pair = pair(time);
    (received_ok && date(sent).is_some() && time_pair.is_some()).then(|| Stated {
        received: date(received),
        sent: date(sent),
        time: time_pair,
    })
}

impl WrittenPly {
    /// The 0-based half-move index this written move claims to be,
    /// counted from White's first move of a game from the usual position.
    pub fn index(&self) -> usize {
        (self.number.max(1) as usize - 1) * 2 + usize::from(self.color == Color::Black)
    }

    /// The index of the game's ply this written move claims to be, in a
    /// game whose first ply has [`WrittenPly::index`] `first` (a game from
    /// a start position); none for a move before the game's first.
    pub fn ply(&self, first: usize) -> Option<usize> {
        self.index().checked_sub(first)
    }
}

/// A command on a line of its own (DESIGN.md §5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Resign,
    DrawOffer,
    AcceptDraw,
    ClaimDraw,
    /// `CLAIM WIN` / `ТРЕБУЮ ПОБЕДУ`: the player to move claims that the
    /// endgame tables give him the win (ICCF's tablebase claim).
    ClaimWin,
    Status,
    /// How to write moves and commands.
    Help,
    /// The game so far as PGN.
    Pgn,
    Leave {
        from: NaiveDate,
        to: NaiveDate,
    },
    LeaveEnd,
    Confirm,
    Reject,
    Result(String),
    Penalty {
        color: Color,
        days: u32,
    },
    GrantLeave {
        player: String,
        from: NaiveDate,
        to: NaiveDate,
    },
    /// `CONDITIONAL` / `УСЛОВНО`: hidden conditional moves follow.
    Conditional,
    /// `CONDITIONAL CANCEL` / `УСЛОВНО ОТМЕНА`: the stored series is cancelled.
    ConditionalCancel,
    /// The director's `WITHDRAW <player> LOST|CANCEL|ADJUDICATE` /
    /// `ВЫБЫТИЕ <player> ПРОИГРЫШ|ОТМЕНА|ПРИСУЖДЕНИЕ` (III.8.1).
    Withdraw {
        player: String,
        games: Withdrawn,
    },
    /// The director's `ARCHIVE` / `АРХИВ`: the game's mails, as mbox (III.1.4).
    Archive,
    /// `PROTEST` / `ПРОТЕСТ`: the claimed player protests against an
    /// overstep claim; the rest of his mail gives the reasons (III.6.4).
    Protest,
    /// `XFCC` / `XFCC PASSWORD` / `XFCC ПАРОЛЬ`: a new password for the
    /// Xfcc endpoint, mailed to the player's registered address.
    Xfcc,
    /// `XFCC FORWARDS OFF|ON` / `XFCC ПЕРЕСЫЛКА ВЫКЛ|ВКЛ`: whether a player
    /// who plays from a chess program still gets his partner's moves by
    /// mail (his official mails come whatever he says).
    XfccForwards {
        on: bool,
    },
}

/// What becomes of a withdrawn player's running games (III.8.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Withdrawn {
    /// Lost: the partners win.
    Lost,
    /// Cancelled: they count for nobody.
    Cancel,
    /// Sent to the director's adjudication.
    Adjudicate,
}

impl Command {
    /// The command's name in the fixtures and logs.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Resign => "resign",
            Command::DrawOffer => "draw_offer",
            Command::AcceptDraw => "accept_draw",
            Command::ClaimDraw => "claim_draw",
            Command::ClaimWin => "claim_win",
            Command::Status => "status",
            Command::Help => "help",
            Command::Pgn => "pgn",
            Command::Leave { .. } => "leave",
            Command::LeaveEnd => "leave_end",
            Command::Confirm => "confirm",
            Command::Reject => "reject",
            Command::Result(_) => "result",
            Command::Penalty { .. } => "penalty",
            Command::GrantLeave { .. } => "grant_leave",
            Command::Conditional => "conditional",
            Command::ConditionalCancel => "conditional_cancel",
            Command::Withdraw { .. } => "withdraw",
            Command::Archive => "archive",
            Command::Protest => "protest",
            Command::Xfcc => "xfcc",
            Command::XfccForwards { .. } => "xfcc_forwards",
        }
    }
}

/// The header block of a move mail (RULES.md §2, App.3).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HeaderBlock {
    pub tournament: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
}

/// What the sender's own text says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    /// The numbered moves, in the order written.
    pub plies: Vec<WrittenPly>,
    pub commands: Vec<Command>,
    pub header: HeaderBlock,
    /// The lines that hold no move, command or header field, in order: the
    /// sender's own words (a note to the partner, a question).
    pub words: Vec<String>,
    /// The dates and times stated in App.3's free form.
    pub free: crate::message::free_form::FreeForm,
    /// Moves of a variant written without numbers on `IF … THEN …` /
    /// `ЕСЛИ …, ТО …` lines, in order: the partner's reply, the sender's
    /// answer, and so on (III.3.7, as E4EC players wrote them).
    pub conditional: Vec<String>,
    /// A variant line answers with "any move" (`THEN ANY`, `то любой
    /// ход`): not allowed (II.3.6).
    pub any_move: bool,
    /// The hidden conditional moves after a line `CONDITIONAL` /
    /// `УСЛОВНО` (issue 12 item 5): never part of the move record, never
    /// relayed to the opponent.
    pub hidden: Option<Hidden>,
}

/// What follows a line `CONDITIONAL` / `УСЛОВНО`, to the end of the
/// sender's own text: a series of numbered moves starting with the
/// opponent's next move, or `CANCEL` / `ОТМЕНА`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hidden {
    /// `CONDITIONAL CANCEL` / `УСЛОВНО ОТМЕНА`.
    pub cancel: bool,
    /// The numbered moves of the series, in the order written.
    pub plies: Vec<WrittenPly>,
    /// Moves on `IF … THEN …` lines without numbers, in order.
    pub unnumbered: Vec<String>,
    /// A line answers with "any move" (II.3.6).
    pub any_move: bool,
}

/// A line that opens the hidden conditional moves: `CONDITIONAL`,
/// `CONDITIONAL MOVES`, `УСЛОВНО`, `УСЛОВНЫЕ ХОДЫ` (any case, punctuation
/// around the words ignored), or with `CANCEL` / `ОТМЕНА` the
/// cancellation (`CANCEL CONDITIONAL`, `ОТМЕНА УСЛОВНЫХ` too). Whether it
/// cancels, and the rest of the line (moves written on it).
fn conditional_head(line: &str) -> Option<(bool, &str)> {
    let mut rest = line.trim_start();
    let mut opened = false;
    let mut cancel = false;
    for _ in 0..3 {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = command_words(&rest[..end]);
        let Some(word) = word.first() else {
            break;
        };
        let opens = is_word(|w| &w.conditional, word);
        let moves = opened && is_word(|w| &w.moves, word);
        let cancels = is_word(|w| &w.cancel, word);
        if !(opens || moves || cancels) {
            break;
        }
        opened |= opens;
        cancel |= cancels;
        rest = rest[end..].trim_start();
    }
    // a sentence that starts with the word is not the head
    let moves_follow = rest.is_empty()
        || rest.starts_with(|c: char| c.is_ascii_digit())
        || command_words(rest)
            .first()
            .is_some_and(|w| is_word(|w| &w.if_, w));
    (opened && moves_follow).then_some((cancel, rest))
}

impl Written {
    pub fn has(&self, name: &str) -> bool {
        self.commands.iter().any(|c| c.name() == name)
    }
}

/// Reads the numbered move record, the commands and the header block; the
/// lines that are none of these are kept as the sender's own words.
pub fn scan(text: &str) -> Written {
    let mut written = Written::default();
    for line in text.lines() {
        let line = visible(line);
        let line = line.trim().trim_start_matches('.');
        let mut line = line;
        // a line that starts with a digit (`12. Nf3 Nc6`) holds moves: no
        // command, conditional head, header field, date label or `if`
        // starts so (a 60-line record is read without trying them)
        let moves_only = line.starts_with(|c: char| c.is_ascii_digit());
        if let Some((cancel, rest)) = (!moves_only).then(|| conditional_head(line)).flatten() {
            // a new section replaces an earlier one in the same mail
            written
                .commands
                .retain(|c| !matches!(c, Command::Conditional | Command::ConditionalCancel));
            written.commands.push(if cancel {
                Command::ConditionalCancel
            } else {
                Command::Conditional
            });
            written.hidden = Some(Hidden {
                cancel,
                ..Hidden::default()
            });
            line = rest;
        }
        if let Some(hidden) = written.hidden.as_mut() {
            // the series: read, never taken as the record or as words
            let before = hidden.plies.len();
            scan_line(line, &mut hidden.plies);
            let numbered = hidden.plies.len() > before;
            if !moves_only {
                if_line(line, numbered, &mut hidden.unnumbered, &mut hidden.any_move);
            }
            if !numbered && !moves_only {
                if let Some(command) = command(line) {
                    written.commands.push(command);
                }
            }
            continue;
        }
        if let Some(command) = (!moves_only).then(|| command(line)).flatten() {
            written.commands.push(command);
            continue;
        }
        let before = written.plies.len();
        let header = !moves_only && header_line(line, &mut written.header);
        let free = !moves_only && written.free.read_line(line);
        scan_line(line, &mut written.plies);
        let conditional = !moves_only
            && if_line(
                line,
                written.plies.len() > before,
                &mut written.conditional,
                &mut written.any_move,
            );
        if line.contains("(=)") && !written.has("draw_offer") {
            written.commands.push(Command::DrawOffer);
        }
        if moves_only && written.plies.len() > before {
            // `1. e4 Принимаю ничью.`: a draw said after the moves on their
            // line is meant as much as on a line of its own (only the draw
            // commands: a word after a move never resigns a game)
            if let Some(draw) = draw_after_moves(line) {
                if !written.has(draw.name()) {
                    written.commands.push(draw);
                }
            }
        }
        let read = header || free || conditional || written.plies.len() > before;
        if !read && !is_form_line(line) && !line.is_empty() {
            written.words.push(line.to_string());
        }
    }
    written
}

/// The draw command (offer, acceptance, claim) or the tablebase win
/// claim written after the moves of a record line: the words after its
/// last move or move number, if they say one.
fn draw_after_moves(line: &str) -> Option<Command> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let last_move = tokens.iter().rposition(|t| {
        crate::notation::looks_like_move(t) || t.starts_with(|c: char| c.is_ascii_digit())
    })?;
    let tail = tokens.get(last_move + 1..).filter(|t| !t.is_empty())?;
    match command(&tail.join(" "))? {
        draw @ (Command::AcceptDraw
        | Command::DrawOffer
        | Command::ClaimDraw
        | Command::ClaimWin) => Some(draw),
        _ => None,
    }
}

/// Reads a variant line `IF c5 THEN Nxa2` / `если c5, то Кa2` (one or
/// more conditions on a line): the moves written without numbers go to
/// `moves` unless the line held numbered moves (`if 13. Nc3 then 13...
/// Be7`, already read); "any move" sets `any`. Whether the line was one.
fn if_line(line: &str, numbered: bool, moves: &mut Vec<String>, any: &mut bool) -> bool {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    let is = |w: &str, kind: fn(&Words) -> &Vec<String>| is_word(kind, &w.to_uppercase());
    let Some(first) = words.first() else {
        return false;
    };
    if !is(first, |w| &w.if_) {
        return false;
    }
    let mut found = Vec::new();
    let mut any_here = false;
    for (i, word) in words.iter().enumerate() {
        let anyword = |w: &str| is(w, |w| &w.any);
        if anyword(word) || (is(word, |w| &w.move_) && i > 0 && anyword(words[i - 1])) {
            any_here = true;
            continue;
        }
        if is(word, |w| &w.if_) || is(word, |w| &w.then) {
            continue;
        }
        let text = crate::notation::strip_marks(word);
        if split_number(text).is_none() && crate::notation::looks_like_move(text) {
            found.push(text.to_string());
        }
    }
    *any |= any_here;
    let read = numbered || any_here || !found.is_empty();
    if !numbered {
        moves.extend(found);
    }
    read
}

/// A line of the standard form as the arbiter writes it (App.3), copied
/// into a player's mail: its labels, the column heads, the totals.
fn is_form_line(line: &str) -> bool {
    const LABELS: [&str; 10] = [
        "start date",
        "дата старта",
        "game ",
        "партия ",
        "rec.",
        "пол.",
        "total time",
        "общее время",
        "---",
        "===",
    ];
    let lower: String = line.chars().take(20).flat_map(char::to_lowercase).collect();
    LABELS.iter().any(|label| lower.starts_with(label))
}

/// The line without the invisible characters that editors and webmails
/// scatter around words (zero-width spaces and joiners, direction marks and
/// embeddings, the byte order mark, soft hyphens); no-break and narrow
/// spaces become plain spaces.
fn visible(line: &str) -> std::borrow::Cow<'_, str> {
    let invisible = |c: char| {
        matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}' | '\u{FEFF}' | '\u{AD}' | '\u{34F}' | '\u{180E}')
    };
    let spacing = |c: char| {
        matches!(
            c,
            '\u{A0}' | '\u{2007}' | '\u{202F}' | '\u{2009}' | '\u{200A}'
        )
    };
    if !line.chars().any(|c| invisible(c) || spacing(c)) {
        return line.into();
    }
    line.chars()
        .filter(|c| !invisible(*c))
        .map(|c| if spacing(c) { ' ' } else { c })
        .collect::<String>()
        .into()
}

/// Splits `8.exf7+` into the number and the move, `12...` into a black number.
fn split_number(token: &str) -> Option<(u32, Color, &str)> {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > 3 {
        return None;
    }
    let number: u32 = token[..digits].parse().ok()?;
    let rest = &token[digits..];
    for (dots, color) in [
        ("...", Color::Black),
        ("…", Color::Black),
        ("..", Color::Black),
        (".", Color::White),
    ] {
        if let Some(after) = rest.strip_prefix(dots) {
            if after.starts_with(|c: char| c.is_ascii_digit()) && after.len() < 4 {
                return None; // a date such as 12.05
            }
            return Some((number, color, after));
        }
    }
    None
}

fn scan_line(line: &str, plies: &mut Vec<WrittenPly>) {
    // (number, colour of the next move) while inside a numbered record
    let mut expect: Option<(u32, Color)> = None;
    let tokens: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == '|' || c == '\u{a0}')
        .filter(|t| !t.is_empty())
        .collect();
    let first_new = plies.len();
    for token in tokens.iter().copied() {
        if let Some((number, color, rest)) = split_number(token) {
            expect = Some((number, color));
            if rest.is_empty() {
                continue;
            }
            if !take_move(rest, &mut expect, plies) {
                expect = None;
            }
            continue;
        }
        // `d2-d4 = 4244`, `7776 / g7-g6`: the same move again in another
        // notation (III.3.6), read as the same ply
        if matches!(token, "=" | "/") {
            if plies.len() > first_new {
                let last = &plies[plies.len() - 1];
                expect = Some((last.number, last.color));
            }
            continue;
        }
        if expect.is_none() {
            continue;
        }
        let ignorable = matches!(
            token,
            "(=)"
                | "..."
                | "…"
                | "e.p."
                | "ep"
                | "в.п."
                | "!"
                | "?"
                | "!!"
                | "??"
                | "!?"
                | "?!"
                | "+"
                | "#"
        ) || token.starts_with('(') && token.ends_with(')');
        if ignorable {
            if matches!(token, "..." | "…") {
                if let Some((n, _)) = expect {
                    expect = Some((n, Color::Black));
                }
            }
            continue;
        }
        if !take_move(token, &mut expect, plies) {
            expect = None;
        }
    }
    table_row(&tokens, &mut plies[first_new..]);
}

/// A standard form row (`12/05 16/05 4/04  02. 7163  7776  17/05 18/05 1/01`):
/// the columns left of the number belong to White's move, those after the
/// moves to Black's.
fn table_row(tokens: &[&str], plies: &mut [WrittenPly]) {
    let Some(at) = tokens.iter().position(|t| {
        split_number(t).is_some_and(|(_, c, rest)| rest.is_empty() && c == Color::White)
    }) else {
        return;
    };
    if at != 3 {
        return;
    }
    let white = stated(&tokens[..3]);
    let black = tokens.get(at + 3..at + 6).and_then(stated);
    for ply in plies.iter_mut() {
        ply.stated = match ply.color {
            Color::White => white,
            Color::Black => black,
        };
    }
}

/// Records `token` as the expected move if it looks like one; a token that
/// joins two notations of one move (`7776/g7-g6`, `d2-d4=4244`) gives the
/// same ply twice (III.3.6).
fn take_move(token: &str, expect: &mut Option<(u32, Color)>, plies: &mut Vec<WrittenPly>) -> bool {
    let joined = token.split_once(['/', '=']).filter(|(a, b)| {
        let looks = |t: &str| t.len() >= 4 && crate::notation::looks_like_move(t);
        looks(a) && looks(b)
    });
    if let Some((first, second)) = joined {
        let at = *expect;
        if !take_one(first, expect, plies) {
            return false;
        }
        *expect = at;
        return take_one(second, expect, plies);
    }
    take_one(token, expect, plies)
}

fn take_one(token: &str, expect: &mut Option<(u32, Color)>, plies: &mut Vec<WrittenPly>) -> bool {
    let Some((number, color)) = *expect else {
        return false;
    };
    let text = crate::notation::strip_marks(token);
    if !crate::notation::looks_like_move(text) && !numeric_attempt(text) {
        return false;
    }
    plies.push(WrittenPly {
        number,
        color,
        text: text.to_string(),
        stated: None,
    });
    *expect = match color {
        Color::White => Some((number, Color::Black)),
        Color::Black => None,
    };
    true
}

/// Four or five digits where a move is due (`5051`, `5259`): a numeric
/// move miswritten, read as the move so that it is answered as illegible
/// (III.3.4), never dropped in silence.
fn numeric_attempt(text: &str) -> bool {
    (4..=5).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())
}

/// Reads a header block field; whether the line was one.
fn header_line(line: &str, header: &mut HeaderBlock) -> bool {
    let mut was = false;
    type Labels = fn(&Form) -> &[String];
    let fields: [(Labels, &mut Option<String>); 3] = [
        (|f| &f.tournament, &mut header.tournament),
        (|f| &f.white, &mut header.white),
        (|f| &f.black, &mut header.black),
    ];
    for (names, slot) in fields {
        if slot.is_some() {
            continue;
        }
        let Some(rest) = Lang::all()
            .flat_map(|l| names(&l.language().form))
            .find_map(|name| strip_prefix_caseless(line, name))
        else {
            continue;
        };
        if rest.starts_with([' ', ':', '\t']) {
            let value = rest.trim_start_matches([' ', ':', '\t']).trim();
            if !value.is_empty() {
                *slot = Some(value.to_string());
                was = true;
            }
        }
    }
    was
}

/// `text` after `prefix` (given in lower case), compared letter by letter
/// without regard to case; the rest is a slice of `text` itself, so no offset
/// of a lower-cased copy is ever used on the original.
fn strip_prefix_caseless<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let mut chars = text.char_indices();
    for want in prefix.chars() {
        let (_, got) = chars.next()?;
        if got != want && !got.to_lowercase().eq(want.to_lowercase()) {
            return None;
        }
    }
    Some(chars.next().map_or("", |(at, _)| &text[at..]))
}

/// Parses a date written `2026-07-01` or `01.07.2026`.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(text, "%d.%m.%Y"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::mail::*;
    use super::*;

    fn plies(text: &str) -> Vec<String> {
        scan(text)
            .plies
            .iter()
            .map(|p| {
                let side = if p.color == Color::White { 'w' } else { 'b' };
                format!("{}{side} {}", p.number, p.text)
            })
            .collect()
    }

    #[test]
    fn numbered_records_in_every_shape() {
        assert_eq!(
            plies("12. 4244 4745 13. 3234"),
            ["12w 4244", "12b 4745", "13w 3234"]
        );
        assert_eq!(plies("12... 4745 13. 3234"), ["12b 4745", "13w 3234"]);
        assert_eq!(plies("12. ... 4745"), ["12b 4745"]);
        assert_eq!(plies("8.exf7+ Kf8 9. Bf4"), ["8w exf7", "8b Kf8", "9w Bf4"]);
        assert_eq!(plies("12. Кg1-f3 Кb8-c6"), ["12w Кg1-f3", "12b Кb8-c6"]);
        assert_eq!(plies("25. d5 (=)"), ["25w d5"]);
        assert_eq!(plies("1. e4!? e5?! 2. Nf3"), ["1w e4", "1b e5", "2w Nf3"]);
    }

    /// III.3.4: a miswritten numeric move where a move is due is read as
    /// the move, to be answered as illegible; other tokens there are not.
    #[test]
    fn iii_3_4_a_miswritten_numeric_move_is_read_not_dropped() {
        assert_eq!(plies("4. 5253 5051"), ["4w 5253", "4b 5051"]);
        assert_eq!(plies("4... 52590"), ["4b 52590"]);
        assert_eq!(plies("4. 5253 thanks"), ["4w 5253"]);
        assert_eq!(plies("4. 5253 12/05 123"), ["4w 5253"]);
    }

    /// III.3.7: a variant in the three shapes players write it.
    #[test]
    fn iii_3_7_variants_are_read_numbered_and_unnumbered() {
        assert_eq!(
            plies("12... Nf6 13. Nc3 Be7 14. Bd3"),
            ["12b Nf6", "13w Nc3", "13b Be7", "14w Bd3"]
        );
        let w = scan("12... Nf6\nif 13. Nc3 then 13... Be7\nесли 14. Сf1-d3, то 14... 0-0");
        assert_eq!(w.plies.len(), 5);
        assert!(w.conditional.is_empty() && w.words.is_empty() && !w.any_move);
        let w = scan("12... Nf6\nIF c5 THEN Nxa2\nIF d4 THEN e5");
        assert_eq!(w.conditional, ["c5", "Nxa2", "d4", "e5"]);
        assert!(w.words.is_empty());
        assert!(scan("IF c5 THEN any move").any_move);
        assert!(scan("если 13. Кb1-c3, то любой ход").any_move);
        assert!(!scan("If you agree, then fine").any_move);
    }

    /// Issue 12 item 5: the hidden series after `CONDITIONAL` / `УСЛОВНО`
    /// is kept apart from the record and from the words relayed.
    #[test]
    fn ii_3_8_hidden_conditional_moves_are_read_apart() {
        let w = scan("12... Nf6\nGood luck\nConditional:\n13. Nc3 Be7 14. Bd3 O-O\nsecret");
        assert_eq!(w.plies.len(), 1);
        assert_eq!(w.words, ["Good luck"]);
        let h = w.hidden.unwrap();
        assert!(!h.cancel);
        let moves: Vec<String> = h
            .plies
            .iter()
            .map(|p| {
                format!(
                    "{}{} {}",
                    p.number,
                    if p.color == Color::White { "w" } else { "b" },
                    p.text
                )
            })
            .collect();
        assert_eq!(moves, ["13w Nc3", "13b Be7", "14w Bd3", "14b O-O"]);
        let w = scan("УСЛОВНО 13. Кb1-c3 Сf8-e7");
        assert_eq!(w.hidden.unwrap().plies.len(), 2);
        assert!(w.plies.is_empty());
        let w = scan("условно\nесли c5, то Кa2");
        assert_eq!(w.hidden.unwrap().unnumbered, ["c5", "Кa2"]);
        for cancel in [
            "CONDITIONAL CANCEL",
            "Условно отмена",
            "cancel conditional.",
        ] {
            let w = scan(cancel);
            assert!(w.hidden.as_ref().unwrap().cancel, "{cancel}");
            assert!(w.has("conditional_cancel"));
        }
        assert!(scan("Conditional moves are fun").hidden.is_none());
        assert!(scan("I like conditionals").hidden.is_none());
    }

    /// The words read by their place are every language's
    /// (`[words]` of its `language.toml`): German and Lithuanian players
    /// write the conditional head, variant lines and "any move" in theirs.
    #[test]
    fn ii_3_8_conditional_and_variant_words_are_read_in_every_language() {
        let w = scan("Bedingte Züge:\n13. Sc3 Le7");
        assert_eq!(w.hidden.unwrap().plies.len(), 2);
        let w = scan("SĄLYGINIAI ĖJIMAI\n13. Žc3 Re7");
        assert_eq!(w.hidden.unwrap().plies.len(), 2);
        for cancel in ["BEDINGTE ZÜGE STREICHEN", "Sąlyginiai atšaukti"] {
            assert!(scan(cancel).hidden.unwrap().cancel, "{cancel}");
        }
        let w = scan("12... Sf6\nWenn c5, dann Sxa2");
        assert_eq!(w.conditional, ["c5", "Sxa2"]);
        assert!(scan("Wenn c5 dann beliebiger Zug").any_move);
        assert!(scan("jei c5, tai bet koks ėjimas").any_move);
        assert_eq!(scan("Jei c5 tai Ža2").conditional, ["c5", "Ža2"]);
        // a sentence that opens with the word is no variant line
        assert!(!scan("Wenn Sie einverstanden sind, gern").any_move);
        assert!(scan("Wenn Sie einverstanden sind, gern")
            .conditional
            .is_empty());
        assert!(scan("Bedingte Züge sind gut").hidden.is_none());
    }

    #[test]
    fn the_standard_form_table_is_read() {
        let form = "Пол.  Отв.  Время  N    Белые  Черные  Пол.  Отв.  Время\n\
                    ---   10/05 0/00   01.  4244   4745    12/05 12/05 0/00\n\
                    12/05 16/05 4/04   02.  7163   7776    17/05 18/05 1/01\n\
                    19/05 22/05 3/07   03.  3234\n";
        assert_eq!(
            plies(form),
            ["1w 4244", "1b 4745", "2w 7163", "2b 7776", "3w 3234"]
        );
    }

    /// The Lithuanian form writes a table's days month first (`05-12`, as
    /// its dates `2026-05-12`): a copied row gives the same moves and days.
    #[test]
    fn iii_2_3_a_table_with_days_written_month_first_is_read() {
        let form = "Gauta Išsiųsta Laikas Nr.  Baltieji Juodieji  Gauta Išsiųsta Laikas\n\
                    ---   05-10 0/00   01.  4244   4745    05-12 05-12 0/00\n\
                    05-12 05-16 4/04   02.  7163\n";
        assert_eq!(plies(form), ["1w 4244", "1b 4745", "2w 7163"]);
        let w = scan(form);
        assert_eq!(
            w.plies[2].stated,
            Some(Stated {
                received: Some((12, 5)),
                sent: Some((16, 5)),
                time: Some((4, 4))
            })
        );
        assert_eq!(w.plies[1].stated.unwrap().sent, Some((12, 5)));
    }

    #[test]
    fn iii_2_3_the_dates_of_a_table_row_belong_to_its_moves() {
        let w = scan(
            "12/05 16/05 4/04   02.  7163   7776    17/05 18/05 1/01\n---   10/05 0/00   01.  4244",
        );
        let s = |i: usize| w.plies[i].stated.unwrap();
        assert_eq!(
            s(0),
            Stated {
                received: Some((12, 5)),
                sent: Some((16, 5)),
                time: Some((4, 4))
            }
        );
        assert_eq!(
            s(1),
            Stated {
                received: Some((17, 5)),
                sent: Some((18, 5)),
                time: Some((1, 1))
            }
        );
        assert_eq!(
            s(2),
            Stated {
                received: None,
                sent: Some((10, 5)),
                time: Some((0, 0))
            }
        );
        assert_eq!(scan("12. 4244 4745").plies[0].stated, None);
    }

    #[test]
    fn prose_dates_and_years_are_not_moves() {
        assert!(plies("Дата старта 10.05.2026\nI got it on 12.05 and 2026 was fine.").is_empty());
        assert!(plies("Thanks, I expected Nf3 here.").is_empty());
        assert!(plies("1. I think you are right").is_empty());
    }

    #[test]
    fn commands_on_their_own_lines() {
        let w = scan("RESIGN");
        assert_eq!(w.commands, [Command::Resign]);
        assert_eq!(scan("сдаюсь").commands, [Command::Resign]);
        assert_eq!(scan("Принимаю ничью").commands, [Command::AcceptDraw]);
        assert_eq!(scan("14. Nf3 (=)").commands, [Command::DrawOffer]);
        assert_eq!(
            scan("ПЕРЕРЫВ 01.07.2026 10.07.2026").commands,
            [Command::Leave {
                from: NaiveDate::from_ymd_opt(2026, 7, 1).unwrap(),
                to: NaiveDate::from_ymd_opt(2026, 7, 10).unwrap()
            }]
        );
        assert_eq!(
            scan("PENALTY black 2").commands,
            [Command::Penalty {
                color: Color::Black,
                days: 2
            }]
        );
        assert!(scan("I resign myself to waiting").commands.is_empty());
    }

    /// DESIGN.md §9: the commands as people write them, both languages,
    /// punctuation, courtesy, case, ё/е.
    #[test]
    fn the_command_vocabulary_as_people_write_it() {
        let table: &[(&str, Option<&str>)] = &[
            ("RESIGN", Some("resign")),
            ("Resign!", Some("resign")),
            ("I resign.", Some("resign")),
            ("i resign the game", Some("resign")),
            ("Сдаюсь.", Some("resign")),
            ("Я сдаюсь", Some("resign")),
            ("сдаю партию!", Some("resign")),
            ("Accept draw.", Some("accept_draw")),
            ("Draw accepted", Some("accept_draw")),
            ("I accept your draw offer.", Some("accept_draw")),
            ("Принимаю ничью.", Some("accept_draw")),
            ("Согласен на ничью", Some("accept_draw")),
            ("согласна на ничью!", Some("accept_draw")),
            ("Ничья принята", Some("accept_draw")),
            ("Принимаю ваше предложение ничьей", Some("accept_draw")),
            ("Claim draw.", Some("claim_draw")),
            ("Требую ничью", Some("claim_draw")),
            ("Claim win.", Some("claim_win")),
            ("Требую победу", Some("claim_win")),
            ("Reklamiere Gewinn", Some("claim_win")),
            ("Reikalauju pergalės", Some("claim_win")),
            ("(=)", Some("draw_offer")),
            ("Предлагаю ничью.", Some("draw_offer")),
            ("status", Some("status")),
            ("Статус.", Some("status")),
            ("Отчёт", Some("status")),
            ("Help", Some("help")),
            ("HELP!", Some("help")),
            ("Помощь", Some("help")),
            ("pgn", Some("pgn")),
            ("PGN, please", Some("pgn")),
            ("Leave end.", Some("leave_end")),
            ("Конец перерыва", Some("leave_end")),
            ("Confirm.", Some("confirm")),
            ("Please confirm", Some("confirm")),
            ("Подтверждаю!", Some("confirm")),
            ("Reject.", Some("reject")),
            ("Отклоняю.", Some("reject")),
            ("RESULT 1-0.", Some("result")),
            ("Результат ½-½", Some("result")),
            ("Штраф чёрным 2", Some("penalty")),
            ("PENALTY white 3.", Some("penalty")),
            ("LEAVE 2026-07-01 2026-07-10.", Some("leave")),
            ("Перерыв 01.07.2026 10.07.2026", Some("leave")),
            ("LEAVE petrov 2026-07-01 2026-07-10", Some("grant_leave")),
            // not commands: a question, a sentence, an unknown word
            ("Resign?", None),
            ("Should I resign?", None),
            ("I resign myself to waiting", None),
            ("Do you accept a draw", None),
            ("Resignation", None),
            ("HLEP", None),
            ("Thanks for the game", None),
        ];
        for (line, want) in table {
            let got = scan(line).commands.first().map(Command::name);
            assert_eq!(got, *want, "{line:?}");
        }
    }

    /// The commands in Lithuanian and in German, as their players write
    /// them (each language's `language.toml`), with the same table's shape
    /// as the English and Russian one.
    #[test]
    fn the_commands_in_lithuanian_and_german() {
        let table: &[(&str, Option<&str>)] = &[
            ("Pasiduodu.", Some("resign")),
            ("Aš pasiduodu", Some("resign")),
            ("Priimu lygiąsias.", Some("accept_draw")),
            ("Sutinku su lygiosiomis!", Some("accept_draw")),
            ("Siūlau lygiąsias", Some("draw_offer")),
            ("Reikalauju lygiųjų", Some("claim_draw")),
            ("Būsena", Some("status")),
            ("Pagalba", Some("help")),
            ("Partijos įrašas", Some("pgn")),
            ("Atostogų pabaiga.", Some("leave_end")),
            ("Atostogos baigtos", Some("leave_end")),
            ("Aš baigiu atostogas.", Some("leave_end")),
            ("Atostogu pabaiga", Some("leave_end")),
            ("Pertraukos pabaiga.", Some("leave_end")),
            ("Patvirtinu", Some("confirm")),
            ("Atmetu.", Some("reject")),
            ("Protestuoju", Some("protest")),
            ("XFCC slaptažodis", Some("xfcc")),
            ("Atostogos 2026-07-01 2026-07-10", Some("leave")),
            ("Atostogos 01.07.2026 10.07.2026.", Some("leave")),
            ("Pertrauka 2026-07-01 2026-07-10", Some("leave")),
            ("Rezultatas 1-0", Some("result")),
            ("Bauda juodiesiems 2", Some("penalty")),
            ("Ich gebe auf.", Some("resign")),
            ("Gebe auf", Some("resign")),
            ("Nehme Remis an.", Some("accept_draw")),
            ("Remis angenommen!", Some("accept_draw")),
            ("Biete Remis an", Some("draw_offer")),
            ("Reklamiere Remis", Some("claim_draw")),
            ("Stand", Some("status")),
            ("Hilfe!", Some("help")),
            ("Urlaub Ende", Some("leave_end")),
            ("Bestätigt.", Some("confirm")),
            ("Abgelehnt", Some("reject")),
            ("Einspruch!", Some("protest")),
            ("XFCC Passwort", Some("xfcc")),
            ("XFCC Weiterleitung aus", Some("xfcc_forwards")),
            ("Urlaub 01.07.2026 10.07.2026", Some("leave")),
            ("Ergebnis ½-½", Some("result")),
            ("Strafe Weiß 3", Some("penalty")),
            // not commands: questions, sentences
            ("Pasiduodi?", None),
            ("Gibst du auf?", None),
            ("Danke für die Partie", None),
            ("Ačiū už partiją", None),
            ("Atostogos baigsis rytoj", None),
        ];
        for (line, want) in table {
            let got = scan(line).commands.first().map(Command::name);
            assert_eq!(got, *want, "{line:?}");
        }
    }

    /// III.3.6: the same move written again in another notation is one
    /// move, written as the same ply twice.
    #[test]
    fn iii_3_6_one_move_in_two_notations_is_the_same_ply() {
        assert_eq!(plies("1... 7776/g7-g6"), ["1b 7776", "1b g7-g6"]);
        assert_eq!(plies("1. 4244 (d2-d4)"), ["1w 4244"]);
        assert_eq!(plies("1. d2-d4 = 4244"), ["1w d2-d4", "1w 4244"]);
        assert_eq!(
            plies("1. d2-d4=4244 1... 4745"),
            ["1w d2-d4", "1w 4244", "1b 4745"]
        );
        assert_eq!(plies("1. d4 / 4244 d5"), ["1w d4", "1w 4244", "1b d5"]);
        // a promotion is not two notations
        assert_eq!(plies("40. e8=Q"), ["40w e8=Q"]);
    }

    #[test]
    fn the_senders_own_words_are_kept_apart_from_moves_and_forms() {
        let w = scan("Hello Petr,\n12. 4244 4745\nWhite: Ivanov\nStart date  10.05.2026\n\nNice game!\nRESIGN?");
        assert_eq!(w.words, ["Hello Petr,", "Nice game!", "RESIGN?"]);
    }

    /// German and Lithuanian mail programs' quotes (each language's
    /// `[quotes]`): a quoted mail below the move is not the sender's text.
    #[test]
    fn german_and_lithuanian_quotes_are_not_own_text() {
        for body in [
            "2. Sf3\n\n-----Ursprüngliche Nachricht-----\nVon: Schiedsrichter\n1... e5",
            "2. Sf3\n\nVon: Schiedsrichter <a@b.test>\nGesendet: Dienstag, 12. Mai 2026\nAn: Weber\n\n1... e5",
            "2. Sf3\n\nAm 12.05.2026 um 10:00 schrieb Schiedsrichter:\n> 1... e5",
            "2. Sf3\n\nVon meinem iPhone gesendet\n\n1... e5",
            "2. Sf3\n\n-----Originalus laiškas-----\nNuo: Arbitras\n1... e5",
            "2. Sf3\n\nNuo: Arbitras <a@b.test>\nIšsiųsta: 2026 m. gegužės 12 d.\nKam: Kazlauskas\n\n1... e5",
            "2. Sf3\n\n2026-05-12, 10:00, Arbitras rašė:\n> 1... e5",
        ] {
            assert_eq!(own_text(body).trim(), "2. Sf3", "{body:?}");
        }
    }

    #[test]
    fn quoted_text_and_signatures_are_not_own_text() {
        let body = "13. 3234\n\nOn Tue, 12 May 2026, Petrov <petrov@example.test> wrote:\n> 12... 4745\n> 11. 1111\n-- \nIvan\n14. 5555";
        assert_eq!(own_text(body).trim(), "13. 3234");
        let outlook = "2. Nf3\n\nFrom: Smith\nSent: Tuesday\nTo: arbiter\n\n1... e5";
        assert_eq!(own_text(outlook).trim(), "2. Nf3");
        let ru = "2. Кg1-f3\n-----Исходное сообщение-----\n1... e7-e5";
        assert_eq!(own_text(ru).trim(), "2. Кg1-f3");
    }

    #[test]
    fn authentication_results_only_from_our_server_and_aligned() {
        let mail = |headers: &str| {
            format!("{headers}From: Ivan <ivan@mail.example.ru>\r\nSubject: x\r\n\r\n1. e4\r\n")
        };
        let from = "ivan@mail.example.ru";
        let ok = mail("Authentication-Results: mx.test; dkim=pass header.d=example.ru header.s=s1; spf=pass\r\n");
        assert!(authenticated(ok.as_bytes(), "mx.test", from));
        let dmarc = mail("Authentication-Results: mx.test 1; spf=fail;\r\n dmarc=pass header.from=mail.example.ru\r\n");
        assert!(authenticated(dmarc.as_bytes(), "mx.test", from));
        let other_server =
            mail("Authentication-Results: evil.test; dkim=pass header.d=example.ru\r\n");
        assert!(!authenticated(other_server.as_bytes(), "mx.test", from));
        let unaligned =
            mail("Authentication-Results: mx.test; dkim=pass header.d=other.example\r\n");
        assert!(!authenticated(unaligned.as_bytes(), "mx.test", from));
        let failed = mail("Authentication-Results: mx.test; dkim=fail header.d=example.ru\r\n");
        assert!(!authenticated(failed.as_bytes(), "mx.test", from));
        assert!(!authenticated(mail("").as_bytes(), "mx.test", from));
    }

    #[test]
    fn only_the_top_block_of_authentication_results_counts() {
        let from = "ivan@example.ru";
        let mail = |headers: &str| format!("{headers}From: {from}\r\nSubject: x\r\n\r\n1. e4\r\n");
        // the sender wrote a passing verdict with our id below our server's Received: ignored
        let forged = mail(
            "Authentication-Results: mx.test; dkim=fail header.d=example.ru\r\n\
             Received: from evil.example by mx.test\r\n\
             Authentication-Results: mx.test; dkim=pass header.d=example.ru\r\n",
        );
        assert!(!authenticated(forged.as_bytes(), "mx.test", from));
        // our server's block: several headers above its Received line
        let ours = mail(
            "Received: by lmtp.mx.test\r\n\
             Authentication-Results: mx.test; spf=pass\r\n\
             Authentication-Results: mx.test; dmarc=pass header.from=example.ru\r\n\
             Received: from mail.example.ru by mx.test\r\n",
        );
        assert!(authenticated(ours.as_bytes(), "mx.test", from));
        // dmarc=pass for another From domain, dkim for a bare TLD: no
        let other =
            mail("Authentication-Results: mx.test; dmarc=pass header.from=evil.example\r\n");
        assert!(!authenticated(other.as_bytes(), "mx.test", from));
        let tld = mail("Authentication-Results: mx.test; dkim=pass header.d=ru\r\n");
        assert!(!authenticated(tld.as_bytes(), "mx.test", from));
    }

    #[test]
    fn a_mail_with_two_from_headers_or_two_senders_is_not_read() {
        let two = "From: a@x.test\r\nFrom: b@y.test\r\nSubject: s\r\n\r\n1. e4\r\n";
        assert_eq!(
            read_mail(two.as_bytes(), 1 << 20),
            Err(ReadError::FromHeaders(2))
        );
        let none = "Subject: s\r\n\r\n1. e4\r\n";
        assert_eq!(
            read_mail(none.as_bytes(), 1 << 20),
            Err(ReadError::FromHeaders(0))
        );
        let list = "From: a@x.test, b@y.test\r\nSubject: s\r\n\r\n1. e4\r\n";
        assert!(matches!(
            read_mail(list.as_bytes(), 1 << 20),
            Err(ReadError::FromHeaders(_))
        ));
    }

    #[test]
    fn invisible_characters_around_moves_are_ignored() {
        assert_eq!(
            plies("12. \u{200B}4244\u{200E} 4745\u{00A0}13.\u{2009}3234"),
            ["12w 4244", "12b 4745", "13w 3234"]
        );
        assert_eq!(scan("\u{FEFF}RESIGN\u{200B}").commands, [Command::Resign]);
    }

    #[test]
    fn html_quotes_are_cut_in_one_pass_whatever_the_case_folds() {
        let html = format!(
            "{}<p>1. e4</p><DIV CLASS=\"gmail_quote\">1. d4</div>",
            "İ".repeat(40)
        );
        let cut = strip_html_quotes(&html);
        assert!(cut.ends_with("<p>1. e4</p>"), "{cut}");
        let nested = format!(
            "a{}b{}c",
            "<blockquote>".repeat(3),
            "</blockquote>".repeat(3)
        );
        assert_eq!(strip_html_quotes(&nested), "ac");
        assert_eq!(strip_html_quotes("x<blockquote>never closed"), "x");
    }

    #[test]
    fn game_tag_anywhere_in_the_subject() {
        assert_eq!(
            find_tag("[SUSPECTED SPAM] Re: [RUS-EM-2026/1] Ivanov - Petrov"),
            Some("RUS-EM-2026/1".into())
        );
        assert_eq!(find_tag("Re: move"), None);
        assert_eq!(find_tag("[1/2] nothing"), Some("1/2".into()));
    }

    #[test]
    fn header_block_fields() {
        let w = scan("Турнир RUS-EM-2026\nБелые: Иванов, Иван\nBlack Petrov, Petr");
        assert_eq!(w.header.tournament.as_deref(), Some("RUS-EM-2026"));
        assert_eq!(w.header.white.as_deref(), Some("Иванов, Иван"));
        assert_eq!(w.header.black.as_deref(), Some("Petrov, Petr"));
    }
}

#[cfg(test)]
mod our_lines {
    use super::*;

    const FORWARD: &str = "[RUS-EM-2026/1] Ivanov - Petrov: 1. 5254\n\n\
        Sent and received on 10.05.2026.\n\
        Ivanov, Ivan (White) plays 1. 5254.\n\n\
        Note from Ivanov, Ivan:\n  | Привет\n  | Иван\n\n\
        1. 5254 1... <your move>\n\
        To move: Black. Your thinking time counts from 11.05.2026; send your move by 09.07.2026 at the latest.\n\
        Answer to this address and keep [RUS-EM-2026/1] in the subject.\n";

    fn own_lines(text: &str, sent: &[&str]) -> Vec<String> {
        let (own, _) = without_quoted(text, sent);
        own.lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    }

    fn quoted(text: &str, mark: &str) -> String {
        text.lines().map(|l| format!("{mark}{l}\n")).collect()
    }

    /// III.3 (the player's own mail): the arbiter's mail, quoted whole
    /// with any marks or none, nested relayed notes and board lines
    /// included, is no word of the player's; his repetition and his note
    /// stay.
    #[test]
    fn iii_3_a_quote_is_known_by_what_the_arbiter_sent_whatever_its_marks() {
        for mark in ["", "> ", "\t", " IA> ", "> > ", "   ", "| ", "\t  | "] {
            let text = format!(
                "1. 5254 5755\nThanks, a fine opening!\n\nTest arbiter wrote:\n\n{}",
                quoted(FORWARD, mark)
            );
            assert_eq!(
                own_lines(&text, &[FORWARD]),
                [
                    "1. 5254 5755",
                    "Thanks, a fine opening!",
                    "Test arbiter wrote:"
                ],
                "{mark:?}"
            );
        }
    }

    /// A client that wraps the quoted lines anew at its width: the
    /// pieces stand in the mail in order and are a quote.
    #[test]
    fn iii_3_a_quote_wrapped_anew_is_still_a_quote() {
        let mut wrapped = String::new();
        for line in FORWARD.lines() {
            let mut width = 0;
            for word in line.split_whitespace() {
                if width > 0 && width + word.len() > 24 {
                    wrapped.push('\n');
                    width = 0;
                }
                if width > 0 {
                    wrapped.push(' ');
                }
                wrapped.push_str(word);
                width += word.len() + 1;
            }
            wrapped.push('\n');
        }
        let text = format!("1. 5254 5755\n\n{}", quoted(&wrapped, "\t"));
        assert_eq!(own_lines(&text, &[FORWARD]), ["1. 5254 5755"]);
    }

    /// III.4.7 and III.3.3: a quoted rejection is not a second mistake (its
    /// `You wrote: 1. d4 / e4` is the arbiter's line), and a private report
    /// quoted under a move is nobody's note.
    #[test]
    fn iii_4_7_a_quoted_rejection_or_report_is_not_the_players_mail() {
        let rejection = "[T/1] Smith - Petrov: your mail was not accepted\n\n\
            You wrote: 1. d4 / e4\n\
            Two different new moves: write one.\n\
            Example: 1. ...\n\
            Two penalty days were charged (III.4.7).\n";
        let text = format!("1. c4\n\nOn Sunday, May 10, 2026, Arbiter wrote:\n\n{rejection}");
        assert_eq!(
            own_lines(&text, &[rejection]),
            ["1. c4", "On Sunday, May 10, 2026, Arbiter wrote:"]
        );
        let report = "Your games on 12.05.2026:\n\
            [T/1] Smith, Anna - Petrov, Petr: 3 moves, to move: you\n\
            [T/3] Иванов, Иван - Петров, Пётр: 1 ход, ход: белые\n\
            Days used: 4 of 60.\n";
        let text = format!("3. 5254\n\n{}", quoted(report, "\t"));
        assert_eq!(own_lines(&text, &[report]), ["3. 5254"]);
    }

    /// III.3.3: the partner's move copied from the forward onto a line of
    /// its own is the player's repetition, not a quote; so is a short note
    /// that the forward happens to hold.
    #[test]
    fn iii_3_3_the_repetition_copied_from_the_forward_stays_the_players() {
        let text = "1. 5254\n1... 5755\nПривет\n";
        assert_eq!(
            own_lines(text, &[FORWARD]),
            ["1. 5254", "1... 5755", "Привет"]
        );
        // a line of the mail alone, without a move, four words or more: a quote
        let text =
            "1. 5254 5755\nAnswer to this address and keep [RUS-EM-2026/1] in the subject.\n";
        assert_eq!(own_lines(text, &[FORWARD]), ["1. 5254 5755"]);
        // nothing sent: nothing taken
        assert_eq!(own_lines(text, &[]).len(), 2);
    }

    /// Linear: a long reply of one common word against long mails ends at once.
    #[test]
    fn the_alignment_is_bounded_on_common_words() {
        let mail = "the ".repeat(20_000);
        let text = "the\n".repeat(20_000);
        let (own, quoted) = without_quoted(&text, &[&mail, &mail]);
        assert_eq!(own.lines().count() + quoted.lines().count(), 20_000);
    }
}

#[cfg(test)]
mod quote_headers {
    use super::own_text;

    /// The Russian Gmail/Yandex attribution is a quote's line (what it
    /// introduces, unmarked, is told by the arbiter's own lines), and a
    /// phone's signature ends the sender's own text: neither is a note.
    #[test]
    fn russian_attributions_and_mobile_signatures_are_not_the_senders() {
        for body in [
            "1. 5254\n\nвт, 1 дек. 2026 г. в 20:18, Test arbiter <arbiter@example.test>:\n> Игра началась",
            "1. 5254\n\n1 дек. 2026 г., в 20:18, Test arbiter <arbiter@example.test>:\nИгра началась",
            "1. 5254\n\nSent from my iPhone\n\nOn Tue, Dec 1, 2026 Arbiter wrote:\nThe game begins",
            "1. 5254\nGet Outlook for iOS\nThe game begins",
            "1. 5254\nЗагрузите Outlook для iOS\nИгра началась",
            "1. 5254\nОтправлено с iPhone\nИгра началась",
        ] {
            let own = own_text(body);
            assert!(own.starts_with("1. 5254"), "{body:?}");
            assert!(
                !own.contains("arbiter@") && !own.contains("Outlook") && !own.contains("iPhone"),
                "{own:?}"
            );
        }
        // a player's own line that merely mentions a phone stays
        assert!(own_text("I sent from my phone yesterday: 1. 5254").contains("phone"));
    }

    /// The Bat! (quote header, initials) and mutt (`* Name <addr> [date]:`)
    /// quote as their users' readers know: not the sender's own text.
    #[test]
    fn the_bat_and_mutt_quotes_are_not_the_senders() {
        let bat = "Hello Test,\n\nYou wrote 10 мая 2026 г., 12:00:\n\n TA> 1. 5254\n TA> \n TA> Ход\n\n1. 5254 5755";
        let lines = |text: &str| -> Vec<String> {
            own_text(text)
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_string)
                .collect()
        };
        assert_eq!(lines(bat), ["Hello Test,", "1. 5254 5755"]);
        let bat_ru = "Вы писали 10 мая 2026 г., 12:00:\n TA> Ход\n\n1. 5254 5755";
        assert_eq!(lines(bat_ru), ["1. 5254 5755"]);
        let mutt =
            "* Test arbiter <arbiter@example.test> [2026-05-10 12:00]:\n> 1. 5254\n\n1. 5254 5755";
        assert_eq!(lines(mutt), ["1. 5254 5755"]);
        // initials are at most three letters, and a move has no `>`
        assert_eq!(own_text("ABCD> text"), "ABCD> text");
        assert_eq!(own_text("1. e4 e5"), "1. e4 e5");
    }
}
