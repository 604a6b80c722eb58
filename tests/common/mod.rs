//! The harness of the integration tests: a tournament in a temporary folder
//! on the embedded transports (a Maildir inbox, a folder of sent `.eml`
//! files), players' mails dropped into the inbox with their arrival day, the
//! real binary run as a user runs it, and the sent mails read back with
//! mail-parser.
#![allow(dead_code)]

pub mod layouts;

use chrono::NaiveDate;
use mail_parser::{MessageParser, MimeHeaders};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

pub fn day(s: &str) -> NaiveDate {
    s.parse().expect("a YYYY-MM-DD date")
}

/// A config with one tournament, `players` as (id, name, email, language)
/// and `games` as (white, black).
pub fn config(
    id: &str,
    start: &str,
    notation: &str,
    players: &[(&str, &str, &str, &str)],
    games: &[(&str, &str)],
) -> String {
    config_with(id, start, notation, "", players, games)
}

/// As [`config`], with `extra` lines in the tournament table (rule overrides).
pub fn config_with(
    id: &str,
    start: &str,
    notation: &str,
    extra: &str,
    players: &[(&str, &str, &str, &str)],
    games: &[(&str, &str)],
) -> String {
    let mut text = format!(
        "[gateway]\naddress = \"arbiter@example.test\"\nname = \"Test arbiter\"\nstate = \"state\"\ntimezone = \"Europe/Moscow\"\n\n\
         [inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n[outbox]\nkind = \"file\"\npath = \"sent\"\n\n\
         [[tournament]]\nid = \"{id}\"\nname = \"Test championship\"\nstart = \"{start}\"\ndirector = \"td@example.test\"\n\
         notation = \"{notation}\"\n{rules}{extra}\n",
        rules = if extra.contains("rules") { "" } else { "rules = \"email\"\n" }
    );
    for (pid, name, email, lang) in players {
        text.push_str(&format!(
            "\n[[tournament.player]]\nid = \"{pid}\"\nname = \"{name}\"\ncountry = \"RUS\"\nemail = [\"{email}\"]\nlanguage = \"{lang}\"\n"
        ));
    }
    for (w, b) in games {
        text.push_str(&format!(
            "\n[[tournament.game]]\nwhite = \"{w}\"\nblack = \"{b}\"\n"
        ));
    }
    text
}

/// RUS-EM-2026 from 2026-05-10, numeric, with three players writing in
/// English (Ivanov, Petrov, Sidorov), `extra` rule lines and `games`.
pub fn three_players(extra: &str, games: &[(&str, &str)]) -> String {
    config_with(
        "RUS-EM-2026",
        "2026-05-10",
        "numeric",
        extra,
        &[
            ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "en"),
            ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
            ("sidorov", "Sidorov, Sidor", "sidorov@example.test", "en"),
        ],
        games,
    )
}

/// The standard two players: Ivanov (ru) and Petrov (en).
pub fn two_players(notation: &str) -> String {
    config(
        "RUS-EM-2026",
        "2026-05-10",
        notation,
        &[
            ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "ru"),
            ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
        ],
        &[("ivanov", "petrov")],
    )
}

/// A mail read back from the sent folder.
#[derive(Debug, Clone)]
pub struct Sent {
    pub file: PathBuf,
    pub to: Vec<String>,
    pub cc: Vec<String>,
    /// The Subject header: one per game (`[ID] White - Black`).
    pub subject: String,
    /// What the mail is, as a reader's list shows it: the subject, and for
    /// a game's mail the headline that opens its body (`[ID] White -
    /// Black: reminder`, `…: 1... 5755`).
    pub about: String,
    pub body: String,
    pub message_id: String,
    pub in_reply_to: Option<String>,
    /// `References`, oldest first, without angle brackets.
    pub references: Vec<String>,
    pub auto_submitted: Option<String>,
    /// The `text/html` alternative.
    pub html: Option<String>,
    /// The files: (name, text).
    pub attachments: Vec<(String, String)>,
}

impl Sent {
    pub fn is_to(&self, to: &[&str], cc: &[&str]) -> bool {
        let mut a = self.to.clone();
        a.sort();
        let mut b: Vec<String> = to.iter().map(|s| s.to_string()).collect();
        b.sort();
        let mut c = self.cc.clone();
        c.sort();
        let mut d: Vec<String> = cc.iter().map(|s| s.to_string()).collect();
        d.sort();
        a == b && c == d
    }
}

/// A tournament in a temporary folder.
pub struct Arena {
    pub dir: tempfile::TempDir,
    seen: BTreeSet<PathBuf>,
    counter: u32,
}

impl Arena {
    pub fn new(config: &str) -> Arena {
        let dir = tempfile::tempdir().expect("a temporary folder");
        for sub in ["inbox/new", "inbox/cur", "inbox/tmp", "sent"] {
            fs::create_dir_all(dir.path().join(sub)).expect("folders");
        }
        fs::write(dir.path().join("mailarbiter.toml"), config).expect("config");
        Arena {
            dir,
            seen: BTreeSet::new(),
            counter: 0,
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Runs the binary with the arena's config; returns (exit code, stdout, stderr).
    pub fn cli(&self, args: &[&str]) -> (i32, String, String) {
        self.cli_with_env(args, &[])
    }

    /// [`Arena::cli`] with more environment variables.
    pub fn cli_with_env(&self, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
            .arg("--config")
            .arg(self.path().join("mailarbiter.toml"))
            .args(args)
            .envs(env.iter().copied())
            .output()
            .expect("the binary runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// `run --once --today DAY`, which must succeed.
    pub fn run(&self, today: &str) {
        let (code, out, err) = self.cli(&["run", "--once", "--today", today]);
        assert_eq!(code, 0, "run --once failed:\n{out}\n{err}");
    }

    /// Drops a raw mail into the inbox, arriving at noon (Moscow) of `day`.
    pub fn deliver_raw(&mut self, raw: &[u8], arrival_day: &str) {
        self.counter += 1;
        let name = format!("{:06}.test.{}", self.counter, std::process::id());
        let tmp = self.path().join("inbox/tmp").join(&name);
        fs::write(&tmp, raw).expect("write mail");
        let secs = day(arrival_day)
            .and_hms_opt(9, 0, 0)
            .unwrap()
            .and_utc()
            .timestamp() as u64;
        let arrival = SystemTime::UNIX_EPOCH + Duration::from_secs(secs);
        fs::File::options()
            .write(true)
            .open(&tmp)
            .unwrap()
            .set_modified(arrival)
            .unwrap();
        fs::rename(&tmp, self.path().join("inbox/new").join(&name)).expect("deliver");
    }

    /// A plain UTF-8 mail from `from` with `subject` and `body`.
    pub fn send(&mut self, from: &str, subject: &str, body: &str, arrival_day: &str) {
        let raw = mail(from, subject, body, arrival_day, Encoding::Utf8);
        self.deliver_raw(raw.as_bytes(), arrival_day);
    }

    /// Sends and runs the daemon on the arrival day; returns the new sent mails.
    pub fn exchange(
        &mut self,
        from: &str,
        subject: &str,
        body: &str,
        arrival_day: &str,
    ) -> Vec<Sent> {
        self.send(from, subject, body, arrival_day);
        self.run(arrival_day);
        self.new_sent()
    }

    /// The sent mails not seen before, in sending order (by Message-ID sequence).
    pub fn new_sent(&mut self) -> Vec<Sent> {
        let mut fresh = Vec::new();
        for entry in fs::read_dir(self.path().join("sent")).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "eml") && self.seen.insert(path.clone()) {
                fresh.push(read_sent(&path));
            }
        }
        fresh.sort_by(|a, b| a.message_id.cmp(&b.message_id));
        fresh
    }

    pub fn json(&self, game: &str) -> serde_json::Value {
        let (code, out, err) = self.cli(&["show", game, "--json"]);
        assert_eq!(code, 0, "show --json failed: {err}");
        serde_json::from_str(&out).expect("show --json prints JSON")
    }

    /// The files in the inbox's new/ and cur/.
    pub fn inbox_counts(&self) -> (usize, usize) {
        let count = |d: &str| {
            fs::read_dir(self.path().join("inbox").join(d))
                .unwrap()
                .count()
        };
        (count("new"), count("cur"))
    }
}

pub fn read_sent(path: &Path) -> Sent {
    let raw = fs::read(path).unwrap();
    let msg = MessageParser::default()
        .parse(&raw)
        .expect("a sent mail parses");
    let addresses = |a: Option<&mail_parser::Address>| -> Vec<String> {
        a.map(|a| {
            a.iter()
                .filter_map(|x| x.address().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
    };
    // the plain text first, complete; its HTML rendering beside it
    let plain = msg.text_bodies().next().expect("a text part");
    assert!(!plain.is_text_html(), "the first text part is plain text");
    assert!(
        msg.content_type()
            .is_none_or(|ct| ct.ctype() == "text" || ct.ctype() == "multipart"),
        "a text or multipart mail"
    );
    let subject = msg.subject().unwrap_or_default().to_string();
    let body = msg.body_text(0).unwrap_or_default().to_string();
    Sent {
        file: path.to_path_buf(),
        to: addresses(msg.to()),
        cc: addresses(msg.cc()),
        about: about(&subject, &body),
        subject,
        body,
        html: msg.body_html(0).map(|h| h.to_string()),
        attachments: msg
            .attachments()
            .map(|a| {
                use mail_parser::MimeHeaders;
                (
                    a.attachment_name().unwrap_or_default().to_string(),
                    String::from_utf8_lossy(a.contents()).replace("\r\n", "\n"),
                )
            })
            .collect(),
        message_id: msg.message_id().unwrap_or_default().to_string(),
        in_reply_to: msg.in_reply_to().as_text().map(str::to_string),
        references: match msg.references() {
            mail_parser::HeaderValue::Text(t) => vec![t.to_string()],
            mail_parser::HeaderValue::TextList(l) => l.iter().map(|t| t.to_string()).collect(),
            _ => vec![],
        },
        auto_submitted: msg
            .header_raw("Auto-Submitted")
            .map(|s| s.trim().to_string()),
    }
}

/// How a test mail's body is encoded.
#[derive(Debug, Clone, Copy)]
pub enum Encoding {
    Utf8,
    /// windows-1251, quoted-printable (Outlook in Russia).
    Cp1251Qp,
    /// KOI8-R, base64.
    Koi8rBase64,
}

static MESSAGE_COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// A raw mail as a client would write it, dated 10:00 Moscow of `date_day`.
pub fn mail(from: &str, subject: &str, body: &str, date_day: &str, encoding: Encoding) -> String {
    let n = MESSAGE_COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let date = day(date_day)
        .and_hms_opt(10, 0, 0)
        .unwrap()
        .format("%a, %d %b %Y %H:%M:%S +0300");
    let (charset, cte, encoded) = match encoding {
        Encoding::Utf8 => ("utf-8", "8bit", body.replace('\n', "\r\n")),
        Encoding::Cp1251Qp => (
            "windows-1251",
            "quoted-printable",
            quoted_printable(&encode_cyrillic(body, cp1251)),
        ),
        Encoding::Koi8rBase64 => ("koi8-r", "base64", base64(&encode_cyrillic(body, koi8r))),
    };
    format!(
        "From: {from}\r\nTo: arbiter@example.test\r\nSubject: {subject}\r\nDate: {date}\r\n\
         Message-ID: <t{n}.{}@client.example.test>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset={charset}\r\nContent-Transfer-Encoding: {cte}\r\n\r\n{encoded}\r\n",
        std::process::id()
    )
}

fn encode_cyrillic(text: &str, table: fn(char) -> Option<u8>) -> Vec<u8> {
    let mut out = Vec::new();
    for c in text.replace('\n', "\r\n").chars() {
        if c.is_ascii() {
            out.push(c as u8);
        } else {
            out.push(table(c).unwrap_or(b'?'));
        }
    }
    out
}

fn cp1251(c: char) -> Option<u8> {
    match c {
        'А'..='я' => Some((c as u32 - 'А' as u32 + 0xC0) as u8),
        'Ё' => Some(0xA8),
        'ё' => Some(0xB8),
        _ => None,
    }
}

fn koi8r(c: char) -> Option<u8> {
    const ORDER: &str = "юабцдефгхийклмнопярстужвьызшэщчъ";
    let lower: Vec<char> = ORDER.chars().collect();
    if let Some(i) = lower.iter().position(|&x| x == c) {
        return Some(0xC0 + i as u8);
    }
    let upper: Vec<char> = ORDER.chars().flat_map(char::to_uppercase).collect();
    if let Some(i) = upper.iter().position(|&x| x == c) {
        return Some(0xE0 + i as u8);
    }
    match c {
        'ё' => Some(0xA3),
        'Ё' => Some(0xB3),
        _ => None,
    }
}

fn quoted_printable(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            continue;
        }
        if b == b'\n' {
            out.push_str("\r\n");
            line_len = 0;
            continue;
        }
        let piece = if (33..=126).contains(&b) && b != b'=' || b == b' ' {
            (b as char).to_string()
        } else {
            format!("={b:02X}")
        };
        if line_len + piece.len() > 72 {
            out.push_str("=\r\n");
            line_len = 0;
        }
        line_len += piece.len();
        out.push_str(&piece);
    }
    out
}

/// Base64 with lines of 76 characters, written here independently of the crates under test.
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for (i, chunk) in bytes.chunks(3).enumerate() {
        if i > 0 && i % 19 == 0 {
            out.push_str("\r\n");
        }
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ABC[((n >> (18 - 6 * k)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// ICCF numeric of a move (castling as the king's move, a fifth digit for a
/// promotion), written here independently of the crate under test.
pub fn numeric(m: &shakmaty::Move) -> String {
    let sq = |s: shakmaty::Square| format!("{}{}", s.file().to_u32() + 1, s.rank().to_u32() + 1);
    let to = match m {
        shakmaty::Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            shakmaty::Square::from_coords(file, king.rank())
        }
        _ => m.to(),
    };
    let promo = match m.promotion() {
        Some(shakmaty::Role::Queen) => "1",
        Some(shakmaty::Role::Rook) => "2",
        Some(shakmaty::Role::Bishop) => "3",
        Some(shakmaty::Role::Knight) => "4",
        _ => "",
    };
    format!("{}{}{promo}", sq(m.from().expect("a chess move")), sq(to))
}

/// Russian long algebraic of a move (`Кg1-f3`, `e4:d5`, `0-0`, `e7-e8Ф`),
/// written here independently of the crate under test.
pub fn russian_long(m: &shakmaty::Move) -> String {
    use shakmaty::Role;
    if let Some(side) = m.castling_side() {
        return if side == shakmaty::CastlingSide::KingSide {
            "0-0".into()
        } else {
            "0-0-0".into()
        };
    }
    let letter = |r: Role| match r {
        Role::King => "Кр",
        Role::Queen => "Ф",
        Role::Rook => "Л",
        Role::Bishop => "С",
        Role::Knight => "К",
        Role::Pawn => "",
    };
    let sep = if m.is_capture() { ":" } else { "-" };
    let promo = m.promotion().map_or("", letter);
    format!(
        "{}{}{sep}{}{promo}",
        letter(m.role()),
        m.from().expect("a chess move"),
        m.to()
    )
}

/// The example game of App.4 (seed 000: EM/M/A076, 27 moves, 1-0), in SAN.
pub const APP4: &str =
    "e4 d6 d4 g6 Nf3 Bg7 Be2 Nf6 Nc3 Nbd7 e5 Ng4 e6 Ndf6 exf7+ Kf8 Bf4 Nh6 Qd2 Nxf7 \
O-O-O c6 h4 Qa5 Ng5 b5 a3 Bd7 h5 Nxg5 Bxg5 h6 Bxf6 Bxf6 hxg6 Kg7 Rh5 Kxg6 Bd3+ Kf7 Qf4 Rag8 \
Rdh1 Ke8 Kb1 Bg5 Qe4 Qc7 d5 Rf8 dxc6 Bf5 Nxb5";

/// The moves of a game given in SAN, in ICCF numeric.
pub fn numerics(sans: &str) -> Vec<String> {
    use shakmaty::Position;
    let mut pos = shakmaty::Chess::default();
    let mut out = Vec::new();
    for san in sans.split_whitespace() {
        let m = san
            .parse::<shakmaty::san::San>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        out.push(numeric(&m));
        pos = pos.play(m).unwrap();
    }
    out
}

/// Ply `i` (0-based) numbered as a player writes it: `13. 3234`, `13... 4745`.
pub fn numbered_ply(i: usize, text: &str) -> String {
    let dots = if i.is_multiple_of(2) { "." } else { "..." };
    format!("{}{dots} {text}", i / 2 + 1)
}

/// The record of the mail for ply `i`: the partner's last move, then the new one.
pub fn repeat_and_move(moves: &[String], i: usize) -> String {
    match i {
        0 => numbered_ply(0, &moves[0]),
        _ => format!(
            "{} {}",
            numbered_ply(i - 1, &moves[i - 1]),
            numbered_ply(i, &moves[i])
        ),
    }
}

/// The record of `game`: each move's SAN, its days and its boolean field
/// `flag` of `show --json` (`variant`, `conditional`).
pub fn record_flagged(arena: &Arena, game: &str, flag: &str) -> Vec<(String, u64, bool)> {
    arena.json(game)["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["san"].as_str().unwrap().to_string(),
                m["days"].as_u64().unwrap(),
                m[flag].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

/// (White's total, Black's total, White's penalty days, Black's) of `game`.
pub fn totals_and_penalties(arena: &Arena, game: &str) -> (u64, u64, u64, u64) {
    let json = arena.json(game);
    let n = |side: &str, what: &str| json[side][what].as_u64().unwrap();
    (
        n("white", "total"),
        n("black", "total"),
        n("white", "penalty_days"),
        n("black", "penalty_days"),
    )
}

/// The mail's body has `text`.
pub fn has(mail: &Sent, text: &str) {
    assert!(mail.body.contains(text), "{text:?} in:\n{}", mail.body);
}

/// The mail's body lacks `text`.
pub fn lacks(mail: &Sent, text: &str) {
    assert!(!mail.body.contains(text), "no {text:?} in:\n{}", mail.body);
}

/// The tournament of the round-robin tests (standings, adjudication, web
/// pages, PGN, the whole tournament).
const ROUND_ROBIN: &str = "RUS-EM-2026";

/// The four players of the round-robin tests; Sidorov reads Russian.
pub const FOUR_PLAYERS: [(&str, &str, &str, &str); 4] = [
    ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "en"),
    ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
    ("sidorov", "Sidorov, Sidor", "sidorov@example.test", "ru"),
    ("smirnov", "Smirnov, Semen", "smirnov@example.test", "en"),
];

/// A player's address: `ivanov` → `ivanov@example.test`.
pub fn addr(id: &str) -> String {
    format!("{id}@example.test")
}

/// `player`'s mail about game `n` of the round-robin tests' tournament.
pub fn game_mail(arena: &mut Arena, n: u32, player: &str, body: &str, on: &str) -> Vec<Sent> {
    arena.exchange(
        &addr(player),
        &format!("Re: [{ROUND_ROBIN}/{n}] move"),
        body,
        on,
    )
}

/// The round-robin tests' tournament: `FOUR_PLAYERS` by Berger tables
/// (1-4 2-3 | 4-3 1-2 | 2-4 3-1), writing SAN, `extra` lines in it.
pub fn round_robin_config(extra: &str) -> String {
    config_with(
        ROUND_ROBIN,
        "2026-05-10",
        "san",
        &format!("pairing = \"round-robin\"\n{extra}"),
        &FOUR_PLAYERS,
        &[],
    )
}

/// A draw in game `n`: White's first move with an offer, accepted.
pub fn draw_game(arena: &mut Arena, n: u32, white: &str, black: &str, on: &str) -> Vec<Sent> {
    game_mail(arena, n, white, "1. e4 (=)", on);
    game_mail(arena, n, black, "I accept the draw.", on)
}

/// `loser` resigns game `n` after White's 1. d4.
pub fn resign_game(arena: &mut Arena, n: u32, white: &str, loser: &str, on: &str) -> Vec<Sent> {
    game_mail(arena, n, white, "1. d4", on);
    game_mail(arena, n, loser, "RESIGN", on)
}

/// A game's mail: its stable subject completed by its headline (the first
/// line of the body, before a blank line), first letter in lower case as
/// a subject's tail; any other mail: its subject.
pub fn about(subject: &str, body: &str) -> String {
    let game = subject.starts_with('[') && subject.contains("] ") && !subject.contains(": ");
    let mut lines = body.lines();
    match (game, lines.next(), lines.next()) {
        (true, Some(headline), Some("")) if !headline.trim().is_empty() => {
            let mut chars = headline.chars();
            let first: String = chars
                .next()
                .into_iter()
                .flat_map(char::to_lowercase)
                .collect();
            format!("{subject}: {first}{}", chars.as_str())
        }
        _ => subject.to_string(),
    }
}

/// The mail of `sent` addressed To `address` alone.
pub fn mail_to_alone<'a>(sent: &'a [Sent], address: &str) -> &'a Sent {
    sent.iter()
        .find(|m| m.to == [address.to_string()])
        .unwrap_or_else(|| panic!("no mail to {address} alone: {sent:#?}"))
}

/// The mails but the warnings of few days left to a player (which come
/// whenever a clock runs down to its warning days and to 1).
pub fn without_warnings(sent: Vec<Sent>) -> Vec<Sent> {
    sent.into_iter()
        .filter(|m| !m.about.contains("few days left") && !m.about.contains("осталось мало дней"))
        .collect()
}

/// The browser: `MAILARBITER_CHROMIUM`, else `chromium` on the path.
pub fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("MAILARBITER_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|_| PathBuf::from(name))
        })
}

/// A 1024×768 screenshot of `page` (a file) taken by headless Chromium.
pub fn screenshot(browser: &Path, page: &Path, png: &Path, profile: &Path) -> Vec<u8> {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg("--window-size=1024,768")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let bytes = fs::read(png).unwrap_or_else(|e| {
        panic!(
            "no screenshot of {} ({e}): {}",
            page.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    // a PNG: the signature, then IHDR with the width and height
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", png.display());
    assert_eq!(&bytes[12..16], b"IHDR", "{}", png.display());
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!((width, height), (1024, 768), "{}", png.display());
    bytes
}

/// Headless Chromium taking screenshots of pages into `dir`, each compared
/// with a blank page's: text, tables and a board compress far worse than
/// a flat colour. `None` (the test skipped, said on stderr) without a
/// browser, unless `MAILARBITER_REQUIRE_BROWSER` asks for one.
pub struct Shots {
    browser: PathBuf,
    dir: PathBuf,
    profile: PathBuf,
    empty: usize,
}

impl Shots {
    pub fn new(test: &str, dir: &Path) -> Option<Shots> {
        let Some(browser) = chromium() else {
            assert!(
                std::env::var_os("MAILARBITER_REQUIRE_BROWSER").is_none(),
                "MAILARBITER_REQUIRE_BROWSER is set but no chromium was found \
                 (install Debian's chromium or set MAILARBITER_CHROMIUM)"
            );
            eprintln!(
                "SKIPPED {test}: no chromium (apt-get install chromium, or set MAILARBITER_CHROMIUM)"
            );
            return None;
        };
        fs::create_dir_all(dir).unwrap();
        let profile = dir.join("profile");
        // a page with nothing on it: a flat white screenshot, the smallest PNG
        let blank = dir.join("blank.html");
        fs::write(&blank, "<!DOCTYPE html><html><body></body></html>").unwrap();
        let empty = screenshot(&browser, &blank, &dir.join("blank.png"), &profile).len();
        Some(Shots {
            browser,
            dir: dir.to_path_buf(),
            profile,
            empty,
        })
    }

    /// Takes `page`'s screenshot as `<name>.png` (kept in the folder
    /// `MAILARBITER_SCREENSHOTS` names, to be looked at) and fails when it
    /// looks empty.
    pub fn assert_shows(&self, name: &str, page: &Path) {
        let png = self.dir.join(format!("{name}.png"));
        let size = screenshot(&self.browser, page, &png, &self.profile).len();
        if let Some(keep) = std::env::var_os("MAILARBITER_SCREENSHOTS") {
            fs::create_dir_all(&keep).unwrap();
            fs::copy(&png, Path::new(&keep).join(format!("{name}.png"))).unwrap();
        }
        let empty = self.empty;
        assert!(
            size > empty * 4 && size > 10_000,
            "{name} looks empty: {size} bytes against {empty} for a blank page"
        );
    }
}

/// RUS-EM-2026 of [`three_players`] started on 2026-05-10 and White's
/// `1. 5254` of that day forwarded: the arena and the forward Petrov
/// received.
pub fn whites_first_move_forwarded() -> (Arena, Sent) {
    let mut arena = Arena::new(&three_players("", &[("ivanov", "petrov")]));
    arena.run("2026-05-10");
    assert_eq!(arena.new_sent().len(), 1, "the opening mail");
    let sent = arena.exchange(
        "ivanov@example.test",
        "Re: [RUS-EM-2026/1] Ivanov - Petrov",
        "1. 5254",
        "2026-05-10",
    );
    let forward = sent
        .iter()
        .find(|m| m.to.contains(&"petrov@example.test".to_string()))
        .unwrap_or_else(|| panic!("no forward to Black: {sent:#?}"))
        .clone();
    has(&forward, "Answer to this address");
    (arena, forward)
}

/// Each mail's (To, Cc, body): what a reader sees of it.
pub fn seen(sent: &[Sent]) -> Vec<(Vec<String>, Vec<String>, String)> {
    sent.iter()
        .map(|m| (m.to.clone(), m.cc.clone(), m.body.clone()))
        .collect()
}
