//! Property tests (proptest, stable Rust) of the three places where the
//! referee meets text it does not control or long sequences nobody wrote by
//! hand: the mail reader (`read_mail` and `scan` on arbitrary bytes and on
//! mail-shaped input built from random headers, MIME parts, charsets and
//! body lines), the notation reader (arbitrary strings against positions of
//! random legal games; written moves read back as a mail reads them), and
//! the referee as a state machine (random mails of players, the director and
//! strangers, and timer passes over random days, each decision applied and
//! checked against a fresh replay of every event recorded so far).
//!
//! A few thousand cases in all by default (seconds in a debug build).
//! `MAILARBITER_FUZZ_CASES=N` runs N cases of each reader property, N/10
//! positions of the round trip (each writes every legal move three ways) and
//! N/20 runs of the state machine (each run is up to 60 steps);
//! `MAILARBITER_FUZZ_SEED=N` changes the fixed seed. The long run:
//! `MAILARBITER_FUZZ_CASES=200000 cargo test --release --test fuzz`.

mod common;

use chrono::{Days, NaiveDate};
use common::base64;
use mailarbiter::config::Config;
use mailarbiter::message::parse::{find_tag, read_mail, scan, Mail};
use mailarbiter::notation::{self, Letters, Notation};
use mailarbiter::referee::decide::{decide_mail, Decision, Inbound};

/// The decision with its notices written as mails, as the daemon does.
fn written(league: &League, mut decision: Decision) -> Decision {
    mailarbiter::letters::write(league, &mut decision);
    decision
}
use mailarbiter::referee::game::{Event, ReplayError, Status};
use mailarbiter::referee::leave::PlayerEvent;
use mailarbiter::referee::state::State;
use mailarbiter::referee::timers;
use mailarbiter::referee::tournament::League;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config as ProptestConfig, RngSeed, TestCaseError, TestRunner};
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

// ---------------------------------------------------------------------------
// The runner
// ---------------------------------------------------------------------------

/// `MAILARBITER_FUZZ_CASES`, when set.
fn scaled_cases() -> Option<u32> {
    std::env::var("MAILARBITER_FUZZ_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
}

/// The proptest config: `default` cases (or the scaled count), a fixed
/// seed, no regression files written into the source tree, and a bound on
/// shrinking so a failure is reported in seconds.
fn config(default: u32, divide: u32) -> ProptestConfig {
    let cases = scaled_cases().map_or(default, |n| (n / divide).max(1));
    let seed = std::env::var("MAILARBITER_FUZZ_SEED")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(2026);
    ProptestConfig {
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(seed),
        max_shrink_iters: 2000,
        max_shrink_time: 60_000,
        ..ProptestConfig::with_cases(cases)
    }
}

/// Runs `test` over `strategy`; a failure panics with the minimal case.
fn check<S: Strategy>(
    name: &str,
    config: ProptestConfig,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    let mut runner = TestRunner::new(config);
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{name}: {e}");
    }
}

thread_local! {
    /// Inside [`no_panic`]: a panic is counted and reported as the case's
    /// failure, not printed (every shrinking step would print a backtrace).
    static QUIET: Cell<bool> = const { Cell::new(false) };
    /// The panics seen inside [`no_panic`], and where the first happened.
    static PANICS: RefCell<(usize, String)> = const { RefCell::new((0, String::new())) };
    /// The panics seen inside [`no_panic`] that happened outside mail-parser.
    static OURS: Cell<usize> = const { Cell::new(0) };
}

/// Installs, once, a panic hook that counts the panics inside [`no_panic`],
/// caught or not, and prints as usual elsewhere.
fn quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(Cell::get) {
                PANICS.with(|p| {
                    let mut p = p.borrow_mut();
                    if p.0 == 0 {
                        let at = info.location().map_or(String::new(), |l| l.to_string());
                        p.1 = format!("{at}: {}", panic_text(info.payload()));
                    }
                    p.0 += 1;
                });
                if !info
                    .location()
                    .is_some_and(|l| l.file().contains("/mail-parser-"))
                {
                    OURS.with(|o| o.set(o.get() + 1));
                }
            } else {
                default(info);
            }
        }));
    });
}

/// The message of a caught panic.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic without a message".into())
}

/// Calls `f`, turning a panic into a failed case: one that escapes, and
/// one the code under test catches itself (`read_mail` has a `catch_unwind`
/// of its own, which is not to be relied on).
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    quiet_hook();
    PANICS.with(|p| *p.borrow_mut() = (0, String::new()));
    OURS.with(|o| o.set(0));
    QUIET.with(|q| q.set(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(false));
    let (count, first) = PANICS.with(|p| p.borrow().clone());
    match result {
        Err(payload) => Err(TestCaseError::fail(format!(
            "{what} panicked at {first} ({})",
            panic_text(&*payload)
        ))),
        // mail-parser has panicked on crafted mail (PITFALLS.md): it runs
        // under read_mail's guard, which turns that into "cannot be parsed";
        // a panic anywhere else is ours and fails the case
        Ok(_) if OURS.with(Cell::get) > 0 => Err(TestCaseError::fail(format!(
            "{what} panicked, and caught it itself, at {first} ({count} panics)"
        ))),
        Ok(value) => Ok(value),
    }
}

// ---------------------------------------------------------------------------
// 1. The mail reader
// ---------------------------------------------------------------------------

const MAX_MAIL: usize = 1 << 20;

/// Raw mail bytes, shown as text (bytes that are not UTF-8 as `\x..`) when
/// proptest reports a minimal case.
#[derive(Clone)]
struct Raw(Vec<u8>);

impl std::fmt::Debug for Raw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "b\"{}\"", self.0.escape_ascii())
    }
}

/// Reads `raw` as the daemon does, then scans its text; neither may panic.
fn read_and_scan(raw: &[u8]) -> Result<(), TestCaseError> {
    let read = no_panic("read_mail", || read_mail(raw, MAX_MAIL))?;
    if let Ok(mail) = read {
        no_panic("scan", || scan(&mail.text))?;
        no_panic("find_tag", || find_tag(&mail.subject))?;
    }
    Ok(())
}

/// Body lines a mail about a game may have, and the traps around them.
const BODY_PIECES: &[&str] = &[
    "12. 4244 4745",
    "12... 4745 13. 3234",
    "1. 5254",
    "12. Кg1-f3 Кb8-c6",
    "12. Nf3 Nc6",
    "8.exf7+ Kf8 9. Bf4",
    "25. d5 (=)",
    "1. e4!? e5?! 2. Nf3",
    "0-0-0",
    "О-О",
    "e7-e8Ф",
    "Крe1-g1",
    "> 11. 3234 5755",
    ">> RESIGN",
    "On Mon, 10 May 2026, Ivanov <ivanov@example.test> wrote:",
    "Иванов пишет:",
    "-----Original Message-----",
    "-----Исходное сообщение-----",
    "From: Petrov",
    "Sent: Monday",
    "От: Петров",
    "Отправлено: 10 мая",
    "-- ",
    "--",
    "____________________",
    "<blockquote>",
    "</blockquote>",
    "<blockquote type=\"cite\">11. 3234</blockquote>",
    "<div class=\"gmail_quote\">",
    "<div id=\"divRplyFwdMsg\">",
    "<div id=\"appendonsend\"></div>",
    "<p>13. 3234</p>",
    "<div>12... 4745</div>",
    "<br>",
    "<table><tr><td>02.</td><td>7163</td></tr></table>",
    "<",
    "</",
    "RESIGN",
    "СДАЮСЬ",
    "(=)",
    "ACCEPT DRAW",
    "ПРИНИМАЮ НИЧЬЮ",
    "CLAIM DRAW",
    "STATUS",
    "LEAVE 2026-07-01 2026-07-10",
    "ПЕРЕРЫВ 01.07.2026 10.07.2026",
    "LEAVE END",
    "LEAVE ivanov 2026-07-01 2026-07-10",
    "CONFIRM",
    "REJECT",
    "RESULT 1-0",
    "RESULT ½-½",
    "PENALTY white 4294967295",
    "ШТРАФ черным 99999999999",
    "Турнир: RUS-EM-2026",
    "Белые: Ivanov, Ivan",
    "Черные: Petrov, Petr",
    "---   10/05 0/00   01.  4244   4745    12/05 12/05 0/00",
    "12/05 16/05 4/04   02.  7163   7776    17/05 18/05 1/01",
    "99/99 00/00 4294967296/1   999. 7163",
    "İİİİ",
    "\u{212a}g1-f3",
    "\u{212a}\u{212a}\u{212a}",
    "12. 4244\u{200b} 4745",
    "\u{200d}\u{feff}\u{200c}",
    "\u{a0}12.\u{a0}4244",
    "12.\t…\t4745",
    "1234567890123456789012345678901234567890.",
    "",
];

/// A body line: a piece, a random line, or a piece with random characters in it.
fn body_line() -> impl Strategy<Value = String> {
    let special = select(vec![
        'İ',
        '\u{212a}',
        '\u{200b}',
        '\u{200d}',
        '\u{feff}',
        '\u{a0}',
        'ё',
        'Ё',
        'К',
        'р',
        '>',
        '<',
        '=',
        '.',
        '…',
        '\r',
        '\t',
        '\u{301}',
        'ß',
        'ﬁ',
        '\u{10ffff}',
        '\0',
    ]);
    prop_oneof![
        6 => select(BODY_PIECES).prop_map(str::to_string),
        2 => any::<String>(),
        2 => "[0-9. \\-KQRBNКрФЛСОo=x:a-h<>/]{0,24}",
        2 => (select(BODY_PIECES), any::<prop::sample::Index>(), special)
            .prop_map(|(p, at, c)| {
                let chars: Vec<char> = p.chars().collect();
                let i = at.index(chars.len() + 1);
                let mut s: String = chars[..i].iter().collect();
                s.push(c);
                s.extend(&chars[i..]);
                s
            }),
    ]
}

fn body_text() -> impl Strategy<Value = String> {
    prop::collection::vec(body_line(), 0..12).prop_map(|lines| lines.join("\n"))
}

/// Subjects: a tag, a broken tag, non-ASCII, encoded words.
fn subject() -> impl Strategy<Value = String> {
    prop_oneof![
        select(vec![
            "Re: [RUS-EM-2026/1] Ivanov - Petrov: 3. 3234",
            "[RUS-EM-2026/1",
            "[/1] [a/] [ /1] []",
            "[RUS-EM-2026/99999999999999999999]",
            "=?koi8-r?B?8NLJ18XU?=",
            "=?utf-8?Q?=D0=98=D0=B2=D0=B0=D0=BD?= [RUS-EM-2026/1]",
            "=?windows-1251?Q?=CF=F0=E8=E2=E5=F2?=",
            "=?utf-8?B?broken",
            "=?unknown-charset?Q?x?=",
            "İ\u{212a} [İ/1]",
        ])
        .prop_map(str::to_string),
        any::<String>(),
        body_line(),
    ]
}

fn header_value() -> impl Strategy<Value = String> {
    prop_oneof![
        select(vec![
            "ivanov@example.test",
            "\"Иванов, Иван\" <ivanov@example.test>",
            "=?koi8-r?B?6dfBzs/X?= <ivanov@example.test>",
            "<>",
            "MAILER-DAEMON@example.test",
            "Mon, 10 May 2026 10:00:00 +0300",
            "Mon, 99 Foo 99999 25:61:61 +9999",
            "Thu, 1 Jan 1970 00:00:00 -2359",
            "auto-replied",
            "no",
            "bulk",
            "<a@b> <c@d>",
            "<x@y",
            "multipart/report; report-type=delivery-status; boundary=b",
            "text/html; charset=koi8-r",
            "text/plain; charset=\"windows-1251\"",
            "base64",
            "quoted-printable",
            "All",
            "",
        ])
        .prop_map(str::to_string),
        subject(),
    ]
}

fn header() -> impl Strategy<Value = (String, String)> {
    let name = prop_oneof![
        8 => select(vec![
            "Subject", "Date", "Message-ID", "References", "In-Reply-To", "Reply-To", "Sender",
            "X-Mailer", "Received",
        ])
        .prop_map(str::to_string),
        // the headers that make a mail a robot's, or change how it is read
        2 => select(vec![
            "From", "Auto-Submitted", "Precedence", "List-Id", "Return-Path",
            "X-Auto-Response-Suppress", "Content-Type", "Content-Transfer-Encoding",
            "MIME-Version", "Content-Disposition",
        ])
        .prop_map(str::to_string),
        1 => "[A-Za-z][A-Za-z0-9-]{0,15}",
    ];
    (name, header_value())
}

/// A From header's value: mostly an address, sometimes anything.
fn from_value() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => select(vec![
            "ivanov@example.test",
            "Ivanov <ivanov@example.test>",
            "\"Иванов, Иван\" <ivanov@example.test>",
            "=?koi8-r?B?6dfBzs/X?= <ivanov@example.test>",
            "=?utf-8?B?xLDEsA==?= <İ@example.test>",
            "td@example.test",
            "MAILER-DAEMON@example.test",
            "<>",
            "a@b, c@d",
        ])
        .prop_map(str::to_string),
        1 => header_value(),
    ]
}

/// How a part's text becomes bytes.
#[derive(Debug, Clone, Copy)]
enum Charset {
    Utf8,
    Koi8r,
    Cp1251,
}

impl Charset {
    fn name(self) -> &'static str {
        match self {
            Charset::Utf8 => "utf-8",
            Charset::Koi8r => "koi8-r",
            Charset::Cp1251 => "windows-1251",
        }
    }

    fn encode(self, text: &str) -> Vec<u8> {
        const KOI8: &str = "юабцдефгхийклмнопярстужвьызшэщчъЮАБЦДЕФГХИЙКЛМНОПЯРСТУЖВЬЫЗШЭЩЧЪ";
        let mut out = Vec::new();
        for c in text.chars() {
            match self {
                _ if c.is_ascii() => out.push(c as u8),
                Charset::Utf8 => out.extend(c.to_string().bytes()),
                Charset::Cp1251 => match c {
                    'А'..='я' => out.push((c as u32 - 'А' as u32 + 0xC0) as u8),
                    'ё' => out.push(0xB8),
                    'Ё' => out.push(0xA8),
                    // a raw UTF-8 sequence in a windows-1251 part
                    _ => out.extend(c.to_string().bytes()),
                },
                Charset::Koi8r => match KOI8.chars().position(|k| k == c) {
                    Some(i) => out.push(0xC0 + i as u8),
                    None => out.push(b'?'),
                },
            }
        }
        out
    }
}

#[derive(Debug, Clone, Copy)]
enum Transfer {
    Raw,
    Base64,
    Quoted,
}

fn quoted_printable(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut line = 0;
    for &b in bytes {
        if b == b'\n' {
            out.push_str("\r\n");
            line = 0;
            continue;
        }
        let piece = if (33..=126).contains(&b) && b != b'=' || b == b' ' {
            (b as char).to_string()
        } else {
            format!("={b:02X}")
        };
        if line + piece.len() > 72 {
            out.push_str("=\r\n");
            line = 0;
        }
        line += piece.len();
        out.push_str(&piece);
    }
    out
}

/// One leaf part: its headers and its encoded body, as bytes. `damage`
/// cuts the encoded body short, at a random place.
fn leaf_part() -> impl Strategy<Value = Vec<u8>> {
    (
        prop_oneof![
            6 => select(vec!["text/plain", "text/html"]),
            1 => select(vec!["application/octet-stream", "message/rfc822", "text/enriched"]),
        ],
        select(vec![Charset::Utf8, Charset::Koi8r, Charset::Cp1251]),
        select(vec![Transfer::Raw, Transfer::Base64, Transfer::Quoted]),
        prop::option::weighted(0.15, any::<prop::sample::Index>()),
        body_text(),
        any::<bool>(),
    )
        .prop_map(|(ctype, charset, transfer, damage, text, html_wrap)| {
            let text = if html_wrap && ctype == "text/html" {
                format!(
                    "<html><body><div>{}</div></body></html>",
                    text.replace('\n', "<br>\n")
                )
            } else {
                text
            };
            let bytes = charset.encode(&text);
            let (cte, mut body) = match transfer {
                Transfer::Raw => ("8bit", bytes),
                Transfer::Base64 => ("base64", base64(&bytes).into_bytes()),
                Transfer::Quoted => ("quoted-printable", quoted_printable(&bytes).into_bytes()),
            };
            if let Some(at) = damage {
                let cut = at.index(body.len() + 1);
                body.truncate(cut);
            }
            let mut part = format!(
                "Content-Type: {ctype}; charset={}\r\nContent-Transfer-Encoding: {cte}\r\n\r\n",
                charset.name()
            )
            .into_bytes();
            part.extend(body);
            part
        })
}

/// A part, multipart ones nested up to three deep, with random boundaries
/// (empty, long, repeated inside the parts, never closed).
fn part() -> impl Strategy<Value = Vec<u8>> {
    leaf_part().prop_recursive(3, 16, 4, |inner| {
        (
            prop_oneof![
                4 => select(vec!["mixed", "alternative"]),
                1 => select(vec!["related", "report", "digest"]),
            ],
            prop_oneof![
                4 => "[A-Za-z0-9=_.-]{1,40}",
                1 => select(vec!["b", "", "=_Part_0", "----", "12. 4244", "\"", "b\"; x=\"y"]).prop_map(str::to_string),
                1 => "[ -~]{0,80}",
            ],
            prop::collection::vec(inner, 0..4),
            prop::bool::weighted(0.8),
            body_line(),
        )
            .prop_map(|(subtype, boundary, parts, close, preamble)| {
                let mut out = format!(
                    "Content-Type: multipart/{subtype}; boundary=\"{boundary}\"\r\n\r\n{preamble}\r\n"
                )
                .into_bytes();
                for p in parts {
                    out.extend(format!("--{boundary}\r\n").bytes());
                    out.extend(p);
                    out.extend(b"\r\n");
                }
                if close {
                    out.extend(format!("--{boundary}--\r\n").bytes());
                }
                out
            })
    })
}

/// A whole mail: random headers, From and Subject most of the time, a
/// part; CRLF or bare LF line ends.
fn mail_shaped() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::collection::vec(header(), 0..8),
        prop::option::weighted(0.9, from_value()),
        prop::option::of(subject()),
        part(),
        any::<bool>(),
    )
        .prop_map(|(headers, from, subject, part, bare_lf)| {
            let mut out = Vec::new();
            if let Some(from) = from {
                out.extend(format!("From: {from}\r\n").bytes());
            }
            if let Some(subject) = subject {
                out.extend(format!("Subject: {subject}\r\n").bytes());
            }
            for (name, value) in headers {
                out.extend(format!("{name}: {value}\r\n").bytes());
            }
            out.extend(b"MIME-Version: 1.0\r\n");
            out.extend(part);
            if bare_lf {
                out.retain(|b| *b != b'\r');
            }
            out
        })
}

#[test]
fn reading_arbitrary_bytes_never_panics() {
    check(
        "read_mail on arbitrary bytes",
        config(1000, 1),
        prop::collection::vec(any::<u8>(), 0..2048).prop_map(Raw),
        |raw| read_and_scan(&raw.0),
    );
}

#[test]
fn reading_mail_shaped_input_never_panics() {
    check(
        "read_mail on mail-shaped input",
        config(2000, 1),
        mail_shaped().prop_map(Raw),
        |raw| read_and_scan(&raw.0),
    );
}

#[test]
fn scanning_any_text_never_panics() {
    check(
        "scan on arbitrary text",
        config(1000, 1),
        prop_oneof![body_text(), any::<String>()],
        |text| {
            no_panic("scan", || scan(&text))?;
            no_panic("own_text", || mailarbiter::message::parse::own_text(&text))?;
            no_panic("find_tag", || find_tag(&text))?;
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------
// 2. The notation reader
// ---------------------------------------------------------------------------

/// The position after playing, from the start, the legal moves `picks`
/// choose (index modulo the number of legal moves), stopping at a game end.
fn position_after(picks: &[u32]) -> Chess {
    let mut pos = Chess::default();
    for pick in picks {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[*pick as usize % legal.len()];
        pos = pos.play(m).expect("a legal move plays");
    }
    pos
}

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Strings that look more or less like moves, and strings that do not.
fn written_move() -> impl Strategy<Value = String> {
    let letters = select(vec![
        "K", "Q", "R", "B", "N", "P", "Кр", "К", "Ф", "Л", "С", "П", "C", "k", "q", "b", "n", "x",
        ":", "-", "–", "—", "×", "=", "(", ")", "/", "+", "#", "!", "?", "(=)", "O", "0", "О", "o",
        "e.p.", "в.п.", "a", "b", "c", "d", "e", "f", "g", "h", "1", "2", "3", "4", "5", "6", "7",
        "8", "9", "İ", "\u{212a}", "\u{200b}", " ", "†", "‡", "ё", "é", "\u{301}",
    ]);
    prop_oneof![
        3 => prop::collection::vec(letters, 0..9).prop_map(|v| v.concat()),
        2 => "[1-9]{0,6}",
        1 => any::<String>(),
        1 => "[a-hKQRBNКрФЛС][1-8a-h]?[x:-]?[a-h][1-8][=QRBNФЛСК]?[+#]?",
    ]
}

#[test]
fn reading_any_string_against_positions_of_random_games_never_panics() {
    check(
        "parse_move on arbitrary strings",
        config(1000, 1),
        (
            prop::collection::vec(any::<u32>(), 0..120),
            prop::collection::vec(written_move(), 1..8),
        ),
        |(picks, texts)| {
            let pos = position_after(&picks);
            for text in &texts {
                for letters in [Letters::English, Letters::Mixed] {
                    let read = no_panic(
                        &format!("parse_move_with({text:?}) in {}", fen(&pos)),
                        || notation::parse_move_with(&pos, text, letters),
                    )?;
                    if let Ok(m) = read {
                        prop_assert!(
                            pos.is_legal(m),
                            "{text:?} read as the illegal {m:?} in {}",
                            fen(&pos)
                        );
                    }
                }
                no_panic("looks_like_move", || notation::looks_like_move(text))?;
            }
            Ok(())
        },
    );
}

/// As a mail reads it: every legal move of a random position, written in each
/// notation and numbered, is found by `scan` and reads back as itself with
/// the letters the mail's moves decide (`Letters::of`), check signs and a
/// draw offer written onto it or not.
#[test]
fn every_written_move_reads_back_through_a_mail_line() {
    check(
        "write -> scan -> read",
        config(200, 10),
        (
            prop::collection::vec(any::<u32>(), 0..120),
            select(vec!["", "+", "!?", "(=)", " (=)", "#"]),
        ),
        |(picks, mark)| {
            let pos = position_after(&picks);
            let number = pos.fullmoves().get();
            let dots = if pos.turn() == Color::White {
                "."
            } else {
                "..."
            };
            for m in pos.legal_moves() {
                for notation in [Notation::Numeric, Notation::San, Notation::Ru] {
                    let written = notation::write_move(&pos, &m, notation);
                    let line = format!("{number}{dots} {written}{mark}");
                    let scanned = scan(&line);
                    prop_assert_eq!(scanned.plies.len(), 1, "{:?} in {}", line, fen(&pos));
                    let ply = &scanned.plies[0];
                    prop_assert_eq!((ply.number, ply.color), (number, pos.turn()), "{:?}", line);
                    let letters = Letters::of([ply.text.as_str()], mailarbiter::language::Lang::En);
                    prop_assert_eq!(
                        notation::parse_move_with(&pos, &ply.text, letters),
                        Ok(m),
                        "{:?} in {}",
                        line,
                        fen(&pos)
                    );
                }
                // SAN as each language's reader gets it reads back, by him
                let san = notation::write_move(&pos, &m, Notation::San);
                for lang in mailarbiter::language::Lang::all() {
                    let shown = mailarbiter::render::san_in(&san, lang);
                    let text = notation::strip_marks(&shown);
                    prop_assert_eq!(
                        notation::parse_move_with(&pos, text, Letters::of([text], lang)),
                        Ok(m),
                        "{:?} for {:?} in {}",
                        text,
                        lang,
                        fen(&pos)
                    );
                }
            }
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------
// 3. The referee as a state machine
// ---------------------------------------------------------------------------

const PLAYERS: [(&str, &str); 3] = [
    ("ivanov", "ivanov@example.test"),
    ("petrov", "petrov@example.test"),
    ("sidorov", "sidorov@example.test"),
];
const DIRECTOR: &str = "td@example.test";
const STRANGER: &str = "stranger@example.test";
const TOURNAMENT: &str = "RUS-EM-2026";
/// Game 1: Ivanov - Petrov; game 2: Petrov - Sidorov.
const GAMES: [(usize, usize); 2] = [(0, 1), (1, 2)];

fn start() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 5, 10).expect("a date")
}

fn game_id(g: usize) -> String {
    format!("{TOURNAMENT}/{}", g + 1)
}

/// Short controls (10 days for 2 moves), so that days of 0-20 between steps
/// overstep often; `rules` is "email" (a confirmed overstep loses) or
/// "postal" (the first resets the count).
fn league(rules: &str) -> League {
    let mut text = format!(
        "[gateway]\naddress = \"arbiter@example.test\"\nname = \"Arbiter\"\nstate = \"state\"\ntimezone = \"Europe/Moscow\"\n\n\
         [inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n[outbox]\nkind = \"file\"\npath = \"sent\"\n\n\
         [[tournament]]\nid = \"{TOURNAMENT}\"\nname = \"Fuzz championship\"\nstart = \"2026-05-10\"\ndirector = \"{DIRECTOR}\"\n\
         notation = \"numeric\"\nrules = \"{rules}\"\ndays_per_control = 16\nmoves_per_control = 2\n\
         reminder_days = 7\ninactivity_days = 15\nwarning_days = 3\nconditional = \"hidden\"\n"
    );
    for (i, (id, email)) in PLAYERS.iter().enumerate() {
        let lang = if i == 0 { "ru" } else { "en" };
        text.push_str(&format!(
            "\n[[tournament.player]]\nid = \"{id}\"\nname = \"{}, X\"\ncountry = \"RUS\"\nemail = [\"{email}\"]\nlanguage = \"{lang}\"\n",
            id.to_uppercase()
        ));
    }
    for (w, b) in GAMES {
        text.push_str(&format!(
            "\n[[tournament.game]]\nwhite = \"{}\"\nblack = \"{}\"\n",
            PLAYERS[w].0, PLAYERS[b].0
        ));
    }
    match Config::parse(&text, Path::new("/nonexistent"), false) {
        Ok(config) => config.league,
        Err(problems) => panic!("the fuzz config is refused: {problems:?}"),
    }
}

/// Who writes a mail.
#[derive(Debug, Clone, Copy)]
enum Who {
    /// The player to move in game `g`.
    ToMove(usize),
    /// Player `p`, whatever the turn.
    Player(usize),
    Director,
    Stranger,
}

/// What the subject says about the game.
#[derive(Debug, Clone, Copy)]
enum Tag {
    Game(usize),
    None,
    Unknown,
}

/// A piece of a player's mail body.
#[derive(Debug, Clone)]
enum Piece {
    /// The partner's last move repeated correctly, then a legal move
    /// (`pick` among the legal ones), maybe a variant after it.
    Record {
        pick: u32,
        notation: u8,
        compact: bool,
        offer: bool,
        variant: Option<u32>,
        /// A hidden conditional series after the move: picks of the
        /// opponent's reply and the answer (issue 12 item 5).
        hidden: Option<(u32, u32)>,
    },
    /// A hidden series from the position now (the opponent's move first),
    /// or its cancellation, in a mail of its own.
    Hidden {
        picks: (u32, u32, u32, u32),
        cancel: bool,
    },
    /// The partner's last move written as another legal move, then a move.
    WrongRepetition {
        pick: u32,
    },
    /// The correct repetition, then a numeric move that is not legal.
    IllegalMove {
        from: u8,
        to: u8,
    },
    /// A legal move without the repetition.
    NoRepetition {
        pick: u32,
    },
    Garbage(String),
    Resign,
    DrawOffer,
    AcceptDraw,
    ClaimDraw,
    Status,
    Leave {
        from: i16,
        len: i16,
        russian: bool,
    },
    LeaveEnd,
}

/// A piece of the director's mail body.
#[derive(Debug, Clone)]
enum DirectorPiece {
    Confirm,
    Reject,
    ConfirmTwice,
    RejectTwice,
    Result(&'static str),
    Penalty { black: bool, days: u32 },
    GrantLeave { player: usize, from: i16, len: i16 },
    Status,
    Player(Piece),
}

#[derive(Debug, Clone)]
enum Body {
    Player(Vec<Piece>),
    Director(Vec<DirectorPiece>),
}

#[derive(Debug, Clone)]
enum Step {
    /// A mail arriving `days` after the previous step.
    Mail {
        days: u8,
        who: Who,
        tag: Tag,
        body: Body,
        /// The `Date:` header's day, relative to the arrival.
        claimed: Option<i8>,
        /// Through `read_mail` of a raw mail rather than built directly.
        raw: bool,
    },
    /// A timer pass (openings and deadlines) `days` after the previous step.
    Timers { days: u8 },
}

#[derive(Debug, Clone)]
struct Run {
    postal: bool,
    steps: Vec<Step>,
}

fn days_gap() -> impl Strategy<Value = u8> {
    prop_oneof![3 => 0u8..=1, 1 => 0u8..=20]
}

fn player_piece() -> impl Strategy<Value = Piece> {
    prop_oneof![
        40 => (any::<u32>(), 0u8..3, any::<bool>(), prop::bool::weighted(0.1), prop::option::weighted(0.1, any::<u32>()), prop::option::weighted(0.15, any::<(u32, u32)>()))
            .prop_map(|(pick, notation, compact, offer, variant, hidden)| Piece::Record { pick, notation, compact, offer, variant, hidden }),
        3 => (any::<(u32, u32, u32, u32)>(), prop::bool::weighted(0.2))
            .prop_map(|(picks, cancel)| Piece::Hidden { picks, cancel }),
        1 => any::<u32>().prop_map(|pick| Piece::WrongRepetition { pick }),
        1 => (11u8..=88, 11u8..=88).prop_map(|(from, to)| Piece::IllegalMove { from, to }),
        1 => any::<u32>().prop_map(|pick| Piece::NoRepetition { pick }),
        1 => prop_oneof![any::<String>(), body_line()].prop_map(Piece::Garbage),
        1 => Just(Piece::Resign),
        1 => Just(Piece::DrawOffer),
        1 => Just(Piece::AcceptDraw),
        1 => Just(Piece::ClaimDraw),
        1 => Just(Piece::Status),
        1 => (-10i16..60, -3i16..20, any::<bool>()).prop_map(|(from, len, russian)| Piece::Leave { from, len, russian }),
        1 => Just(Piece::LeaveEnd),
    ]
}

fn director_piece() -> impl Strategy<Value = DirectorPiece> {
    prop_oneof![
        4 => Just(DirectorPiece::Confirm),
        4 => Just(DirectorPiece::Reject),
        1 => Just(DirectorPiece::ConfirmTwice),
        1 => Just(DirectorPiece::RejectTwice),
        1 => select(vec!["1-0", "0-1", "1/2-1/2", "½-½"]).prop_map(DirectorPiece::Result),
        2 => (any::<bool>(), prop_oneof![0u32..10, any::<u32>(), Just(u32::MAX)])
            .prop_map(|(black, days)| DirectorPiece::Penalty { black, days }),
        1 => (0usize..4, -10i16..60, -3i16..20)
            .prop_map(|(player, from, len)| DirectorPiece::GrantLeave { player, from, len }),
        1 => Just(DirectorPiece::Status),
        1 => player_piece().prop_map(DirectorPiece::Player),
    ]
}

fn step() -> impl Strategy<Value = Step> {
    let who = prop_oneof![
        10 => (0usize..2).prop_map(Who::ToMove),
        3 => (0usize..3).prop_map(Who::Player),
        2 => Just(Who::Director),
        1 => Just(Who::Stranger),
    ];
    let tag = prop_oneof![
        6 => (0usize..2).prop_map(Tag::Game),
        3 => Just(Tag::None),
        1 => Just(Tag::Unknown),
    ];
    let mail = (who, tag).prop_flat_map(|(who, tag)| {
        let body = match who {
            Who::Director => prop::collection::vec(director_piece(), 1..4)
                .prop_map(Body::Director)
                .boxed(),
            // one piece mostly: two records with different moves are refused
            _ => prop_oneof![
                3 => prop::collection::vec(player_piece(), 1..=1),
                1 => prop::collection::vec(player_piece(), 2..=3),
            ]
            .prop_map(Body::Player)
            .boxed(),
        };
        // the player to move mostly tags the game they move in
        let tag = match (who, tag) {
            (Who::ToMove(g), Tag::Game(_)) => Tag::Game(g),
            _ => tag,
        };
        (
            days_gap(),
            Just(who),
            Just(tag),
            body,
            prop::option::of(-3i8..=3),
            prop::bool::weighted(0.2),
        )
            .prop_map(|(days, who, tag, body, claimed, raw)| Step::Mail {
                days,
                who,
                tag,
                body,
                claimed,
                raw,
            })
    });
    prop_oneof![
        4 => mail,
        1 => days_gap().prop_map(|days| Step::Timers { days }),
    ]
}

fn run_strategy() -> impl Strategy<Value = Run> {
    (any::<bool>(), prop::collection::vec(step(), 1..60))
        .prop_map(|(postal, steps)| Run { postal, steps })
}

/// `day` shifted by `offset` days.
fn shift(day: NaiveDate, offset: i64) -> NaiveDate {
    if offset >= 0 {
        day + Days::new(offset as u64)
    } else {
        day - Days::new(offset.unsigned_abs())
    }
}

fn written_date(day: NaiveDate, russian: bool) -> String {
    if russian {
        day.format("%d.%m.%Y").to_string()
    } else {
        day.format("%Y-%m-%d").to_string()
    }
}

/// `N.` or `N...` before ply `index` (0-based).
fn numbered(index: usize, text: &str) -> String {
    let dots = if index.is_multiple_of(2) { "." } else { "..." };
    format!("{}{dots} {text}", index / 2 + 1)
}

fn pick_move(pos: &Chess, pick: u32) -> Option<Move> {
    let legal = pos.legal_moves();
    (!legal.is_empty()).then(|| legal[pick as usize % legal.len()])
}

fn notation_of(n: u8) -> Notation {
    match n % 3 {
        0 => Notation::Numeric,
        1 => Notation::San,
        _ => Notation::Ru,
    }
}

/// The text of a player's piece, written against game `g` as it stands.
fn player_text(
    league: &League,
    state: &State,
    g: usize,
    piece: &Piece,
    today: NaiveDate,
) -> String {
    let game = state
        .game(league, &game_id(g))
        .expect("a game of the league");
    let len = game.plies.len();
    let pos = game.position();
    // the partner's last move as recorded, in numeric
    let repetition = || {
        len.checked_sub(1).map(|i| {
            numbered(
                i,
                &notation::write_move(
                    &game.position_before(i),
                    &game.plies[i].mv,
                    Notation::Numeric,
                ),
            )
        })
    };
    let new_move = |pick: u32, n: Notation| {
        pick_move(pos, pick).map(|m| (m, notation::write_move(pos, &m, n)))
    };
    match piece {
        Piece::Record {
            pick,
            notation,
            compact,
            offer,
            variant,
            hidden,
        } => {
            let Some((m, text)) = new_move(*pick, notation_of(*notation)) else {
                return repetition().unwrap_or_default();
            };
            let offer = if *offer { " (=)" } else { "" };
            let mut line = match (repetition(), compact) {
                // `12. 4244 4745`: the number once for White's repeated move and Black's new one
                (Some(_), true) if len % 2 == 1 => format!(
                    "{} {text}{offer}",
                    numbered(
                        len - 1,
                        &notation::write_move(
                            &game.position_before(len - 1),
                            &game.plies[len - 1].mv,
                            Notation::Numeric
                        )
                    )
                ),
                (Some(rep), _) => format!("{rep} {}{offer}", numbered(len, &text)),
                (None, _) => format!("{}{offer}", numbered(len, &text)),
            };
            if let Some(v) = variant {
                let after = pos.clone().play(m).expect("a legal move plays");
                if let Some(reply) = pick_move(&after, *v) {
                    line.push(' ');
                    line.push_str(&numbered(
                        len + 1,
                        &notation::write_move(&after, &reply, Notation::Numeric),
                    ));
                }
            }
            if let Some((a, b)) = hidden {
                let after = pos.clone().play(m).expect("a legal move plays");
                line.push_str("\nCONDITIONAL\n");
                line.push_str(&series(&after, len + 1, &[*a, *b]));
            }
            line
        }
        Piece::Hidden { picks, cancel } => {
            if *cancel {
                "CONDITIONAL CANCEL".into()
            } else {
                let (a, b, c, d) = *picks;
                format!("УСЛОВНО\n{}", series(pos, len, &[a, b, c, d]))
            }
        }
        Piece::WrongRepetition { pick } => {
            let Some(i) = len.checked_sub(1) else {
                return "0. 5254".into();
            };
            let before = &game.position_before(i);
            let wrong = pick_move(before, *pick)
                .filter(|m| *m != game.plies[i].mv)
                .map_or("1111".to_string(), |m| {
                    notation::write_move(before, &m, Notation::Numeric)
                });
            let own = new_move(*pick, Notation::Numeric)
                .map_or(String::new(), |(_, t)| numbered(len, &t));
            format!("{} {own}", numbered(i, &wrong))
        }
        Piece::IllegalMove { from, to } => {
            let sq = |code: u8| {
                let (f, r) = (code / 10, code % 10);
                (1..=8).contains(&f) && (1..=8).contains(&r)
            };
            let (from, to) = (
                if sq(*from) { *from } else { 11 },
                if sq(*to) { *to } else { 11 },
            );
            let text = format!("{from}{to}");
            let legal = notation::parse_move(pos, &text).is_ok();
            let text = if legal { "1111".to_string() } else { text };
            format!(
                "{} {}",
                repetition().unwrap_or_default(),
                numbered(len, &text)
            )
        }
        Piece::NoRepetition { pick } => {
            new_move(*pick, Notation::Numeric).map_or(String::new(), |(_, t)| numbered(len, &t))
        }
        Piece::Garbage(text) => text.clone(),
        Piece::Resign => "RESIGN".into(),
        Piece::DrawOffer => "(=)".into(),
        Piece::AcceptDraw => "ACCEPT DRAW".into(),
        Piece::ClaimDraw => "CLAIM DRAW".into(),
        Piece::Status => "STATUS".into(),
        Piece::Leave { from, len, russian } => {
            let first = shift(today, i64::from(*from));
            let last = shift(first, i64::from(*len));
            let word = if *russian { "ПЕРЕРЫВ" } else { "LEAVE" };
            format!(
                "{word} {} {}",
                written_date(first, *russian),
                written_date(last, *russian)
            )
        }
        Piece::LeaveEnd => "LEAVE END".into(),
    }
}

fn director_text(
    league: &League,
    state: &State,
    g: usize,
    piece: &DirectorPiece,
    today: NaiveDate,
) -> String {
    match piece {
        DirectorPiece::Confirm => "CONFIRM".into(),
        DirectorPiece::Reject => "REJECT".into(),
        DirectorPiece::ConfirmTwice => "CONFIRM\nCONFIRM".into(),
        DirectorPiece::RejectTwice => "REJECT\nREJECT".into(),
        DirectorPiece::Result(r) => format!("RESULT {r}"),
        DirectorPiece::Penalty { black, days } => {
            format!("PENALTY {} {days}", if *black { "black" } else { "white" })
        }
        DirectorPiece::GrantLeave { player, from, len } => {
            let first = shift(today, i64::from(*from));
            let last = shift(first, i64::from(*len));
            let id = PLAYERS.get(*player).map_or("nobody", |p| p.0);
            format!(
                "LEAVE {id} {} {}",
                written_date(first, false),
                written_date(last, false)
            )
        }
        DirectorPiece::Status => "STATUS".into(),
        DirectorPiece::Player(p) => player_text(league, state, g, p, today),
    }
}

/// Legal moves picked one after another from `pos`, numbered from `index`.
fn series(pos: &Chess, index: usize, picks: &[u32]) -> String {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for (k, pick) in picks.iter().enumerate() {
        let Some(m) = pick_move(&pos, *pick) else {
            break;
        };
        out.push(numbered(
            index + k,
            &notation::write_move(&pos, &m, Notation::Numeric),
        ));
        pos = pos.play(m).expect("a legal move plays");
    }
    out.join(" ")
}

/// The raw mail a client would send, for the steps read through `read_mail`.
fn raw_mail(from: &str, subject: &str, body: &str, date: Option<NaiveDate>, n: usize) -> Vec<u8> {
    let date = date.map_or(String::new(), |d| {
        format!("Date: {}\r\n", d.format("%a, %d %b %Y 12:00:00 +0300"))
    });
    format!(
        "From: {from}\r\nTo: arbiter@example.test\r\nSubject: =?utf-8?B?{}?=\r\n{date}Message-ID: <fuzz{n}@client.example.test>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n{}\r\n",
        base64(subject.as_bytes()).replace("\r\n", ""),
        base64(body.replace('\n', "\r\n").as_bytes())
    )
    .into_bytes()
}

/// What the runs reached, summed over all runs (shrinking included).
struct Reached {
    runs: AtomicUsize,
    steps: AtomicUsize,
    accepted: AtomicUsize,
    penalties: AtomicUsize,
    runs_suspended: AtomicUsize,
    /// Postal first oversteps claimed while play goes on (II.6.2-6.4).
    claims_going_on: AtomicUsize,
    held: AtomicUsize,
    rejects_with_held: AtomicUsize,
    confirms: AtomicUsize,
    leaves: AtomicUsize,
    finished: AtomicUsize,
}

static REACHED: Reached = Reached {
    runs: AtomicUsize::new(0),
    steps: AtomicUsize::new(0),
    accepted: AtomicUsize::new(0),
    penalties: AtomicUsize::new(0),
    runs_suspended: AtomicUsize::new(0),
    claims_going_on: AtomicUsize::new(0),
    held: AtomicUsize::new(0),
    rejects_with_held: AtomicUsize::new(0),
    confirms: AtomicUsize::new(0),
    leaves: AtomicUsize::new(0),
    finished: AtomicUsize::new(0),
};

fn bump(counter: &AtomicUsize, by: usize) {
    counter.fetch_add(by, Ordering::Relaxed);
}

/// The referee's state with every event recorded so far, kept beside it.
struct Machine<'a> {
    league: &'a League,
    state: State,
    game_events: BTreeMap<String, Vec<Event>>,
    player_events: BTreeMap<String, Vec<PlayerEvent>>,
    suspended: bool,
    /// Each step and what the referee made of it, for the report of a failure.
    log: Vec<String>,
}

/// What is compared between the applied state and its replay.
fn summary(league: &League, state: &State) -> BTreeMap<String, (String, usize, u32, u32, Status)> {
    state
        .each_game(league)
        .map(|(_, spec, g)| {
            (
                spec.id.clone(),
                (
                    fen(g.position()),
                    g.plies.len(),
                    g.total(Color::White),
                    g.total(Color::Black),
                    g.status(),
                ),
            )
        })
        .collect()
}

impl Machine<'_> {
    fn totals(&self) -> BTreeMap<String, [u32; 2]> {
        self.state
            .each_game(self.league)
            .map(|(_, spec, g)| {
                (
                    spec.id.clone(),
                    [g.total(Color::White), g.total(Color::Black)],
                )
            })
            .collect()
    }

    /// Applies a decision and checks properties (ii), (iii) and (iv).
    fn commit(&mut self, what: &str, decision: &Decision) -> Result<(), TestCaseError> {
        if !(decision.events.is_empty() && what.contains("openings")) {
            self.log
                .push(format!("{what}\n    -> {:?}", decision.verdicts));
        }
        let before = self.totals();
        for (id, event) in &decision.events {
            match event {
                Event::Moved { .. } => bump(&REACHED.accepted, 1),
                Event::Penalty { .. } => bump(&REACHED.penalties, 1),
                Event::Held { .. } => bump(&REACHED.held, 1),
                Event::Suspended {
                    interrupts: false, ..
                } => bump(&REACHED.claims_going_on, 1),
                Event::ClaimConfirmed { .. } => bump(&REACHED.confirms, 1),
                Event::ClaimRejected { .. } => {
                    let held = self
                        .state
                        .game(self.league, id)
                        .and_then(|g| g.suspension())
                        .is_some_and(|s| s.held.is_some());
                    bump(&REACHED.rejects_with_held, usize::from(held));
                }
                Event::Ended { .. } => bump(&REACHED.finished, 1),
                _ => {}
            }
        }
        bump(&REACHED.leaves, decision.player_events.len());
        let applied = no_panic(&format!("{what}: State::apply"), || {
            self.state
                .apply(self.league, &decision.events, &decision.player_events)
        })?;
        // (ii) the events of a decision fit the state they were decided on
        prop_assert!(
            applied.is_ok(),
            "{what}: apply failed: {:?}\nevents: {:#?}",
            applied,
            decision.events
        );
        for (id, event) in &decision.events {
            self.game_events
                .entry(id.clone())
                .or_default()
                .push(event.clone());
        }
        for (key, event) in &decision.player_events {
            self.player_events
                .entry(key.clone())
                .or_default()
                .push(event.clone());
        }
        // (iii) a fresh replay of everything recorded is the same state
        let rebuilt = no_panic(&format!("{what}: State::build"), || {
            State::build(
                self.league,
                |id| Ok::<_, ReplayError>(self.game_events.get(id).cloned().unwrap_or_default()),
                |key| Ok(self.player_events.get(key).cloned().unwrap_or_default()),
            )
        })?;
        let rebuilt = match rebuilt {
            Ok(state) => state,
            Err(e) => {
                return Err(TestCaseError::fail(format!(
                    "{what}: the replay fails: {e}"
                )));
            }
        };
        prop_assert_eq!(
            summary(self.league, &rebuilt),
            summary(self.league, &self.state),
            "{}: replayed (left) and applied (right) states differ",
            what
        );
        // (iv) without a leave changing past days, a total never goes down,
        // and a penalty adds all its days
        if decision.player_events.is_empty() {
            let after = self.totals();
            for (id, [w, b]) in &before {
                let mut added = [0u64; 2];
                for (gid, event) in &decision.events {
                    if let (true, Event::Penalty { side, days, .. }) = (gid == id, event) {
                        added[usize::from(Color::from(*side) == Color::Black)] += u64::from(*days);
                    }
                }
                let [wa, ba] = after[id];
                prop_assert!(
                    u64::from(wa) >= u64::from(*w) + added[0]
                        && u64::from(ba) >= u64::from(*b) + added[1],
                    "{}: {} totals went from {:?} to {:?} with penalties {:?}",
                    what,
                    id,
                    [w, b],
                    [wa, ba],
                    added
                );
            }
        }
        if self
            .state
            .each_game(self.league)
            .any(|(_, _, g)| g.suspension().is_some())
        {
            self.suspended = true;
        }
        Ok(())
    }
}

fn referee_run(leagues: &[League; 2], run: &Run) -> Result<(), TestCaseError> {
    let league = &leagues[usize::from(run.postal)];
    let empty = State::build(league, |_| Ok::<_, ReplayError>(vec![]), |_| Ok(vec![]));
    let mut machine = Machine {
        league,
        state: empty.map_err(|e| TestCaseError::fail(format!("an empty state: {e}")))?,
        game_events: BTreeMap::new(),
        player_events: BTreeMap::new(),
        suspended: false,
        log: vec![format!(
            "rules: {}",
            if run.postal { "postal" } else { "email" }
        )],
    };
    bump(&REACHED.runs, 1);
    let mut today = shift(start(), -2);
    let result = (|| {
        for (i, step) in run.steps.iter().enumerate() {
            bump(&REACHED.steps, 1);
            let days = match step {
                Step::Mail { days, .. } | Step::Timers { days } => *days,
            };
            today = shift(today, i64::from(days));
            if days > 0 || i == 0 {
                // the daemon's first pass of a day: the opening mails
                let d = no_panic(&format!("step {i}: openings on {today}"), || {
                    written(league, timers::openings(league, &machine.state, today))
                })?;
                machine.commit(&format!("step {i}: openings on {today}"), &d)?;
            }
            match step {
                Step::Timers { .. } => {
                    let what = format!("step {i}: deadlines on {today}");
                    let d = no_panic(&what, || {
                        written(league, timers::deadlines(league, &machine.state, today))
                    })?;
                    machine.commit(&what, &d)?;
                }
                Step::Mail {
                    who,
                    tag,
                    body,
                    claimed,
                    raw,
                    ..
                } => {
                    // the game the mail's record is written against
                    let g = match (tag, who) {
                        (Tag::Game(g), _) | (_, Who::ToMove(g)) => *g,
                        (_, Who::Player(p)) => GAMES
                            .iter()
                            .position(|(w, b)| w == p || b == p)
                            .unwrap_or(0),
                        _ => 0,
                    };
                    let from = match who {
                        Who::ToMove(g) => {
                            let (w, b) = GAMES[*g];
                            let turn = machine
                                .state
                                .game(machine.league, &game_id(*g))
                                .expect("a game of the league")
                                .to_move();
                            PLAYERS[if turn == Color::White { w } else { b }].1
                        }
                        Who::Player(p) => PLAYERS[*p].1,
                        Who::Director => DIRECTOR,
                        Who::Stranger => STRANGER,
                    };
                    let subject = match tag {
                        Tag::Game(g) => format!("Re: [{}] move", game_id(*g)),
                        Tag::None => "Re: our game".to_string(),
                        Tag::Unknown => format!("Re: [{TOURNAMENT}/9] move"),
                    };
                    let text = match body {
                        Body::Player(pieces) => pieces
                            .iter()
                            .map(|p| player_text(machine.league, &machine.state, g, p, today))
                            .collect::<Vec<_>>(),
                        Body::Director(pieces) => pieces
                            .iter()
                            .map(|p| director_text(machine.league, &machine.state, g, p, today))
                            .collect::<Vec<_>>(),
                    }
                    .join("\n");
                    let claimed = claimed.map(|c| shift(today, i64::from(c)));
                    let what = format!(
                        "step {i}: mail from {from} on {today} (Date: {}{}), {subject:?}: {}",
                        claimed.map_or("-".into(), |d| d.to_string()),
                        if *raw { ", through read_mail" } else { "" },
                        text.replace('\n', " | ")
                    );
                    let mail = if *raw {
                        let bytes = raw_mail(from, &subject, &text, claimed, i);
                        match no_panic(&what, || read_mail(&bytes, MAX_MAIL))? {
                            Ok(mail) => mail,
                            Err(e) => {
                                return Err(TestCaseError::fail(format!(
                                    "{what}: our own mail is unreadable: {e}"
                                )))
                            }
                        }
                    } else {
                        Mail {
                            message_id: Some(format!("fuzz{i}@client.example.test")),
                            from: Some(from.to_string()),
                            subject: subject.clone(),
                            date: None,
                            robot: None,
                            text: text.clone(),
                            references: vec![],
                            ..Mail::default()
                        }
                    };
                    let inbound = Inbound {
                        password: None,
                        authenticated: false,
                        mail: &mail,
                        arrival: today,
                        claimed,
                    };
                    let d = no_panic(&what, || {
                        written(league, decide_mail(league, &machine.state, &inbound))
                    })?;
                    machine.commit(&what, &d)?;
                }
            }
        }
        Ok(())
    })();
    bump(&REACHED.runs_suspended, usize::from(machine.suspended));
    result.map_err(|e| match e {
        TestCaseError::Fail(why) => TestCaseError::fail(format!(
            "{}\n--- the run, step by step ---\n{}",
            why.message(),
            machine.log.join("\n")
        )),
        other => other,
    })
}

#[test]
fn the_referee_as_a_state_machine_keeps_its_state_consistent() {
    let leagues = [league("email"), league("postal")];
    let mut runner = TestRunner::new(config(500, 20));
    let result = runner.run(&run_strategy(), |run| referee_run(&leagues, &run));
    let n = |c: &AtomicUsize| c.load(Ordering::Relaxed);
    let summary = format!(
        "referee runs: {} ({} steps); moves accepted {}, penalties {}, runs with a suspension {}, \
         claims while play goes on {}, held moves {}, REJECT of a claim with a held move {}, claims confirmed {}, leave events {}, games ended {}",
        n(&REACHED.runs),
        n(&REACHED.steps),
        n(&REACHED.accepted),
        n(&REACHED.penalties),
        n(&REACHED.runs_suspended),
        n(&REACHED.claims_going_on),
        n(&REACHED.held),
        n(&REACHED.rejects_with_held),
        n(&REACHED.confirms),
        n(&REACHED.leaves),
        n(&REACHED.finished),
    );
    println!("{summary}");
    if let Err(e) = result {
        panic!("the referee state machine: {e}\n{summary}");
    }
    // the generator must reach what the properties are about
    assert!(
        n(&REACHED.runs_suspended) > 0,
        "no run reached a suspension: {summary}"
    );
    assert!(
        n(&REACHED.rejects_with_held) > 0,
        "no REJECT with a held move: {summary}"
    );
    assert!(n(&REACHED.confirms) > 0, "no CONFIRM: {summary}");
    assert!(
        n(&REACHED.claims_going_on) > 0,
        "no postal first claim while play goes on: {summary}"
    );
    assert!(n(&REACHED.accepted) > 0, "no move accepted: {summary}");
}

/// The helpers above are checked once on a known case, so that a generator
/// bug does not pass for a referee that accepts nothing.
#[test]
fn the_generator_writes_a_record_the_referee_accepts() {
    let league = league("email");
    let state =
        State::build(&league, |_| Ok::<_, ReplayError>(vec![]), |_| Ok(vec![])).expect("empty");
    let piece = Piece::Record {
        pick: 0,
        notation: 0,
        compact: false,
        offer: false,
        variant: None,
        hidden: None,
    };
    let text = player_text(&league, &state, 0, &piece, start());
    let mail = Mail {
        from: Some(PLAYERS[0].1.into()),
        subject: format!("[{}]", game_id(0)),
        text,
        ..Mail::default()
    };
    let d = decide_mail(
        &league,
        &state,
        &Inbound {
            password: None,
            authenticated: false,
            mail: &mail,
            arrival: start(),
            claimed: None,
        },
    );
    assert!(
        d.events
            .iter()
            .any(|(_, e)| matches!(e, Event::Moved { .. })),
        "{:?}",
        d.verdicts
    );
}
