//! Hostile input: mails and move texts built to crash, hang or mislead the
//! reader (`message::parse::read_mail`, `scan`, and `notation`). Each test
//! stands for a failure seen on this project or in the acceptance corpus
//! (PITFALLS.md, "Learned the hard way"): case folds that change lengths,
//! recursion on input (a stack overflow aborts the process and
//! `catch_unwind` cannot see it), quadratic scans, deep MIME nesting, huge
//! mails, NUL bytes, invalid UTF-8, odd line ends and header injection.
//!
//! The small mails are `tests/fixtures/hostile/*.eml` (written by
//! `make_fixtures.py` there); the big ones are built here at run time. The
//! tests of HTML, big and nested mails run in a child process (this test
//! binary run again on the one test), so that an abort fails that test alone
//! and a hang is stopped. Each read has a bound of 10 s and prints the time
//! it took; every other failure is a plain assertion.

use mailarbiter::message::parse::{read_mail, scan, Mail, ReadError};
use mailarbiter::notation::{self, Letters};
use shakmaty::Chess;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::process::Command;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The daemon's default `max_mail_bytes`.
const MAX: usize = 1_048_576;

/// The time one read may take. A guard against the quadratic behaviour that
/// took 30-50 s on a 1 MB mail; a linear reader takes well under a second
/// in release, so the bound is generous even for a debug build.
const BOUND: Duration = Duration::from_secs(10);

/// The environment variable that makes this binary the child running one test.
const CHILD: &str = "MAILARBITER_HOSTILE_CHILD";

/// The time after which the parent kills a child that is still running
/// (generating the big mails included).
const CHILD_LIMIT: Duration = Duration::from_secs(180);

/// Runs `body` in a child process: this test binary, started again on the
/// test `name` alone. A stack overflow aborts the whole process, so it must
/// not take the other tests with it; a child still running after
/// [`CHILD_LIMIT`] is killed (by its pid).
fn isolated(name: &str, body: impl FnOnce()) {
    if std::env::var(CHILD).as_deref() == Ok(name) {
        body();
        return;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let child = Command::new(exe)
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, name)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start the child test");
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let output = match rx.recv_timeout(CHILD_LIMIT) {
        Ok(output) => output.expect("the child's output"),
        Err(_) => {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
            panic!("{name}: the child test still ran after {CHILD_LIMIT:?} and was killed");
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("--- child stdout ---\n{stdout}\n--- child stderr ---\n{stderr}");
    if !output.status.success() {
        use std::os::unix::process::ExitStatusExt;
        match output.status.signal() {
            Some(signal) => panic!(
                "{name}: the child ABORTED with signal {signal} (a stack overflow is \
                 SIGABRT 6 or SIGSEGV 11): read_mail must never abort the daemon\n{stderr}"
            ),
            None => panic!(
                "{name}: the child test failed ({})\n{stdout}",
                output.status
            ),
        }
    }
}

/// Reads `raw` with `max` on a thread of its own and fails cleanly when the
/// read is still running after [`BOUND`]; prints the time taken.
fn timed_read(label: &str, raw: Vec<u8>, max: usize) -> Result<Mail, ReadError> {
    let (tx, rx) = mpsc::channel();
    let len = raw.len();
    let start = Instant::now();
    std::thread::spawn(move || {
        let _ = tx.send(read_mail(&raw, max));
    });
    match rx.recv_timeout(BOUND) {
        Ok(result) => {
            let took = start.elapsed();
            let outcome = match &result {
                Ok(mail) => format!("Ok (own text {} bytes)", mail.text.len()),
                Err(e) => format!("Err({e:?})"),
            };
            println!("{label}: {len} bytes read in {took:?}: {outcome}");
            result
        }
        Err(mpsc::RecvTimeoutError::Timeout) => panic!(
            "{label}: reading {len} bytes still ran after {BOUND:?} \
             (quadratic or worse; a linear read takes well under a second in release)"
        ),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            panic!("{label}: read_mail panicked outside its catch_unwind")
        }
    }
}

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/hostile")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `f`, turning a panic into an `Err` with its message, so that a test
/// fails with an assertion naming what panicked.
fn no_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic".into())
    })
}

// --- (a) case folds that change lengths in the header block -------------

/// Reads a stranger's plain-text mail and returns the header block of its
/// own text; fails cleanly when `read_mail` or `scan` panics.
fn header_block_of(name: &str) -> mailarbiter::message::parse::HeaderBlock {
    let mail = timed_read(name, fixture(name), MAX).unwrap_or_else(|e| {
        panic!("{name}: read_mail gave {e:?}; a panic inside is caught as Unparseable")
    });
    no_panic(|| scan(&mail.text).header)
        .unwrap_or_else(|e| panic!("{name}: scan panicked on {:?}: {e}", mail.text))
}

#[test]
fn header_block_white_with_dotted_capital_i_is_read_whole() {
    let header = header_block_of("stranger-white-dotted-i.eml");
    assert_eq!(header.white.as_deref(), Some("İİİİİİ"));
}

#[test]
fn header_block_black_with_kelvin_signs_is_read_whole() {
    let header = header_block_of("stranger-black-kelvin.eml");
    assert_eq!(
        header.black.as_deref(),
        Some("\u{212a}\u{212a}\u{212a}\u{212a}")
    );
}

#[test]
fn header_block_russian_tournament_with_dotted_capital_i_is_read_whole() {
    let header = header_block_of("stranger-tournament-dotted-i.eml");
    assert_eq!(header.tournament.as_deref(), Some("İİ"));
    assert_eq!(header.white.as_deref(), Some("Ivanov"));
}

// --- (b) HTML quote containers below non-ASCII text ----------------------

/// An HTML-only mail: `1. e4` is the sender's own text, `1. d4` (`Было`)
/// is quoted below a client's quote container.
fn html_quote_is_cut(name: &str) {
    let mail = timed_read(name, fixture(name), MAX)
        .unwrap_or_else(|e| panic!("{name}: read_mail gave {e:?}"));
    println!("{name}: own text {:?}", mail.text);
    assert!(
        mail.text.contains("1. e4"),
        "{name}: the move is lost: {:?}",
        mail.text
    );
    assert!(
        !mail.text.contains("d4") && !mail.text.contains("Было"),
        "{name}: the quoted part is taken as own text: {:?}",
        mail.text
    );
}

#[test]
fn html_gmail_quote_below_24_dotted_capital_i_and_russian_is_cut_without_stack_overflow() {
    isolated(
        "html_gmail_quote_below_24_dotted_capital_i_and_russian_is_cut_without_stack_overflow",
        || html_quote_is_cut("html-gmail-quote-ru.eml"),
    );
}

#[test]
fn html_gmail_quote_below_plain_russian_text_is_cut() {
    isolated("html_gmail_quote_below_plain_russian_text_is_cut", || {
        html_quote_is_cut("html-gmail-quote-ru-plain.eml")
    });
}

#[test]
fn html_blockquote_after_dotted_capital_i_is_cut() {
    isolated("html_blockquote_after_dotted_capital_i_is_cut", || {
        html_quote_is_cut("html-blockquote-after-dotted-i.eml")
    });
}

#[test]
fn html_gmail_quote_in_upper_case_is_cut() {
    isolated("html_gmail_quote_in_upper_case_is_cut", || {
        html_quote_is_cut("html-gmail-quote-upper.eml")
    });
}

#[test]
fn html_gmail_quote_after_three_dotted_capital_i_is_cut() {
    isolated(
        "html_gmail_quote_after_three_dotted_capital_i_is_cut",
        || html_quote_is_cut("html-gmail-quote-dotted-i.eml"),
    );
}

#[test]
fn html_outlook_div_rply_fwd_msg_is_cut() {
    isolated("html_outlook_div_rply_fwd_msg_is_cut", || {
        html_quote_is_cut("html-outlook-divrplyfwdmsg.eml")
    });
}

#[test]
fn html_outlook_appendonsend_is_cut() {
    isolated("html_outlook_appendonsend_is_cut", || {
        html_quote_is_cut("html-outlook-appendonsend.eml")
    });
}

// --- (c) blockquotes to the size limit -----------------------------------

/// An HTML-only mail of `size` bytes at most: the move, then `open` and
/// `close` repeated as often as they fit; returns the mail and the count.
fn html_mail_filled(size: usize, open: &str, close: &str) -> (Vec<u8>, usize) {
    let head = "From: Ivan <ivan@example.test>\r\nTo: arbiter@example.test\r\n\
                Subject: Re: [T1/1]\r\nMessage-ID: <deep@example.test>\r\n\
                Content-Type: text/html; charset=utf-8\r\n\r\n<div>1. e4</div>";
    let tail = "\r\n";
    let unit = open.len() + close.len();
    let count = (size - head.len() - tail.len()) / unit;
    let mut html = String::with_capacity(size);
    html.push_str(head);
    // all the opens, then all the closes: nested quotes, or (with no close)
    // unclosed ones, or (with a whole element as `open`) quotes side by side
    for _ in 0..count {
        html.push_str(open);
    }
    for _ in 0..count {
        html.push_str(close);
    }
    html.push_str(tail);
    assert!(html.len() <= size);
    (html.into_bytes(), count)
}

/// Reads one big HTML mail within [`BOUND`]; `Ok` (then the move is kept)
/// or a clean `Err`.
fn big_html_is_read_in_time(label: &str, raw: Vec<u8>, max: usize) {
    match timed_read(label, raw, max) {
        Ok(mail) => assert!(
            mail.text.contains("1. e4"),
            "{label}: the move above the quotes is lost"
        ),
        Err(e) => println!("{label}: a clean error: {e}"),
    }
}

#[test]
fn blockquotes_nested_to_1_mb_are_read_in_time() {
    isolated("blockquotes_nested_to_1_mb_are_read_in_time", || {
        let (raw, n) = html_mail_filled(MAX, "<blockquote>", "</blockquote>");
        big_html_is_read_in_time(&format!("{n} nested blockquotes, 1 MB"), raw, MAX);
    });
}

#[test]
fn blockquotes_opened_and_never_closed_to_1_mb_are_read_in_time() {
    isolated(
        "blockquotes_opened_and_never_closed_to_1_mb_are_read_in_time",
        || {
            let (raw, n) = html_mail_filled(MAX, "<blockquote>", "");
            big_html_is_read_in_time(&format!("{n} unclosed blockquotes, 1 MB"), raw, MAX);
        },
    );
}

#[test]
fn blockquotes_nested_to_2_mb_with_a_4_mb_limit_are_read_in_time() {
    isolated(
        "blockquotes_nested_to_2_mb_with_a_4_mb_limit_are_read_in_time",
        || {
            let (raw, n) = html_mail_filled(2 * MAX, "<blockquote>", "</blockquote>");
            big_html_is_read_in_time(&format!("{n} nested blockquotes, 2 MB"), raw, 4 * MAX);
        },
    );
}

#[test]
fn blockquotes_opened_and_never_closed_to_2_mb_with_a_4_mb_limit_are_read_in_time() {
    isolated(
        "blockquotes_opened_and_never_closed_to_2_mb_with_a_4_mb_limit_are_read_in_time",
        || {
            let (raw, n) = html_mail_filled(2 * MAX, "<blockquote>", "");
            big_html_is_read_in_time(&format!("{n} unclosed blockquotes, 2 MB"), raw, 4 * MAX);
        },
    );
}

#[test]
fn blockquotes_side_by_side_to_1_mb_are_read_in_time() {
    isolated("blockquotes_side_by_side_to_1_mb_are_read_in_time", || {
        // one after the other: a scan that lower-cases the rest of the text
        // for each quote is quadratic here
        let (raw, n) = html_mail_filled(MAX, "<blockquote>q</blockquote>", "");
        big_html_is_read_in_time(&format!("{n} sibling blockquotes, 1 MB"), raw, MAX);
    });
}

// --- (d) the acceptance corpus -------------------------------------------

/// Reads `raw` within [`BOUND`]; any outcome but an abort or a hang is
/// accepted here (`Ok`, or a clean `Err`).
fn survives(label: &str, raw: Vec<u8>, max: usize) -> Result<Mail, ReadError> {
    timed_read(label, raw, max)
}

const HEAD: &str = "From: Ivan <ivan@example.test>\r\nTo: arbiter@example.test\r\n\
                    Subject: Re: [T1/1]\r\nMessage-ID: <hostile@example.test>\r\n\
                    MIME-Version: 1.0\r\n";

#[test]
fn multipart_nested_10000_deep_is_survived() {
    isolated("multipart_nested_10000_deep_is_survived", || {
        const DEPTH: usize = 10_000;
        let mut raw = String::from(HEAD);
        raw.push_str("Content-Type: multipart/mixed; boundary=\"b0\"\r\n\r\n");
        for i in 0..DEPTH {
            raw.push_str(&format!(
                "--b{i}\r\nContent-Type: multipart/mixed; boundary=\"b{}\"\r\n\r\n",
                i + 1
            ));
        }
        raw.push_str(&format!(
            "--b{DEPTH}\r\nContent-Type: text/plain\r\n\r\n1. e4\r\n--b{DEPTH}--\r\n"
        ));
        for i in (0..DEPTH).rev() {
            raw.push_str(&format!("--b{i}--\r\n"));
        }
        let max = raw.len().max(MAX);
        let _ = survives(
            "multipart inside multipart 10,000 deep",
            raw.into_bytes(),
            max,
        );
    });
}

#[test]
fn message_rfc822_nested_1000_deep_is_survived() {
    isolated("message_rfc822_nested_1000_deep_is_survived", || {
        let mut raw = String::from(HEAD);
        for i in 0..1_000 {
            raw.push_str(&format!(
                "Content-Type: message/rfc822\r\n\r\nFrom: level{i}@example.test\r\n\
                 Subject: level {i}\r\nMIME-Version: 1.0\r\n"
            ));
        }
        raw.push_str("Content-Type: text/plain\r\n\r\n1. e4\r\n");
        let _ = survives("message/rfc822 nested 1,000 deep", raw.into_bytes(), MAX);
    });
}

#[test]
fn multipart_with_message_rfc822_attachments_nested_1000_deep_is_survived() {
    isolated(
        "multipart_with_message_rfc822_attachments_nested_1000_deep_is_survived",
        || {
            // how a chain of forwards-as-attachment looks
            let mut raw = String::from(HEAD);
            for i in 0..1_000 {
                raw.push_str(&format!(
                    "Content-Type: multipart/mixed; boundary=\"f{i}\"\r\n\r\n\
                     --f{i}\r\nContent-Type: text/plain\r\n\r\nforwarded {i}\r\n\
                     --f{i}\r\nContent-Type: message/rfc822\r\n\r\n\
                     From: level{i}@example.test\r\nSubject: Fwd {i}\r\nMIME-Version: 1.0\r\n"
                ));
            }
            raw.push_str("Content-Type: text/plain\r\n\r\n1. e4\r\n");
            for i in (0..1_000).rev() {
                raw.push_str(&format!("--f{i}--\r\n"));
            }
            let max = raw.len().max(MAX);
            let _ = survives(
                "multipart + message/rfc822 1,000 deep",
                raw.into_bytes(),
                max,
            );
        },
    );
}

#[test]
fn a_50_mb_mail_is_too_large_at_once() {
    isolated("a_50_mb_mail_is_too_large_at_once", || {
        let mut raw = Vec::with_capacity(50 << 20);
        raw.extend_from_slice(HEAD.as_bytes());
        raw.extend_from_slice(b"Content-Type: text/plain\r\n\r\n");
        while raw.len() < 50 << 20 {
            raw.extend_from_slice(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\r\n");
        }
        let start = Instant::now();
        let result = survives("50 MB mail, max 1 MB", raw, MAX);
        assert!(
            matches!(result, Err(ReadError::TooLarge(_, MAX))),
            "a 50 MB mail must be TooLarge, got {result:?}"
        );
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "TooLarge must be decided from the length alone"
        );
    });
}

#[test]
fn ten_thousand_headers_are_survived() {
    isolated("ten_thousand_headers_are_survived", || {
        let mut raw = String::from(HEAD);
        for i in 0..10_000 {
            match i % 4 {
                0 => raw.push_str(&format!(
                    "Received: from h{i}.example.test by mx.example.test; \
                     Tue, 12 May 2026 10:00:00 +0000\r\n"
                )),
                // mail-parser issue #155 panicked on an empty folded Received
                1 => raw.push_str("Received:\r\n\t\r\n"),
                2 => raw.push_str(&format!("X-Junk-{i}: =?utf-8?q?{i}=0D=0A?=\r\n")),
                _ => raw.push_str(&format!("Subject: subject {i}\r\n")),
            }
        }
        raw.push_str("Content-Type: text/plain\r\n\r\n1. e4\r\n");
        let max = raw.len().max(MAX);
        let _ = survives("10,000 headers", raw.into_bytes(), max);
    });
}

#[test]
fn nul_bytes_and_invalid_utf8_are_survived() {
    isolated("nul_bytes_and_invalid_utf8_are_survived", || {
        for name in ["nul-bytes.eml", "invalid-utf8.eml"] {
            if let Ok(mail) = survives(name, fixture(name), MAX) {
                println!("{name}: {mail:?}");
                no_panic(|| scan(&mail.text))
                    .unwrap_or_else(|e| panic!("{name}: scan panicked: {e}"));
            }
        }
        // big ones: NUL and invalid UTF-8 everywhere, to the size limit
        let mut raw = HEAD.as_bytes().to_vec();
        raw.extend_from_slice(b"X-Bad: \x00\xff\xfe\xc3\x28\r\nContent-Type: text/plain\r\n\r\n");
        while raw.len() < MAX - 16 {
            raw.extend_from_slice(b"1. e4\x00\xff\xc3\r\n\x00\xed\xa0\x80");
        }
        let _ = survives("1 MB of NUL and invalid UTF-8", raw, MAX);
    });
}

#[test]
fn length_changing_case_folds_in_subject_from_and_body_are_survived() {
    isolated(
        "length_changing_case_folds_in_subject_from_and_body_are_survived",
        || {
            let name = "case-folds-everywhere.eml";
            let mail = survives(name, fixture(name), MAX)
                .unwrap_or_else(|e| panic!("{name}: read_mail gave {e:?}"));
            println!("{name}: {mail:?}");
            let written = no_panic(|| scan(&mail.text))
                .unwrap_or_else(|e| panic!("{name}: scan panicked on {:?}: {e}", mail.text));
            println!("{name}: {:?}", written.header);
            // a whole mail of them, to the size limit: folding must be done once
            let mut raw = String::from(HEAD);
            raw.push_str("Content-Type: text/html; charset=utf-8\r\n\r\n<div>1. e4</div>");
            while raw.len() < MAX - 64 {
                raw.push_str("İ\u{212a}ßﬁ<BLOCKQUOTE>İ\u{212a}</blockquote>");
            }
            // a person may write this: it must be read, not refused
            let mail = survives("1 MB of İ, K, ß, ﬁ and quotes", raw.into_bytes(), MAX)
                .unwrap_or_else(|e| {
                    panic!("an HTML mail full of İ and quotes gave {e:?} (a panic caught?)")
                });
            assert!(
                mail.text.contains("1. e4"),
                "the move above the quotes is lost"
            );
        },
    );
}

#[test]
fn cr_only_lf_only_and_mixed_line_ends_are_survived() {
    isolated("cr_only_lf_only_and_mixed_line_ends_are_survived", || {
        for name in ["cr-only.eml", "mixed-line-ends.eml"] {
            if let Ok(mail) = survives(name, fixture(name), MAX) {
                println!("{name}: {mail:?}");
            }
        }
        // Maildir files end lines with LF alone: that is ordinary mail
        let mail =
            survives("lf-only.eml", fixture("lf-only.eml"), MAX).expect("an LF-only mail is read");
        assert!(mail.text.contains("1. e4"), "LF-only: {mail:?}");
    });
}

#[test]
fn header_injection_leaves_no_line_break_in_the_sender() {
    isolated(
        "header_injection_leaves_no_line_break_in_the_sender",
        || {
            let bad = |s: &str| s.chars().any(|c| c.is_whitespace() || c == '<' || c == '>');
            let mut failures = Vec::new();
            for name in [
                "injection-subject.eml",
                "injection-from-name.eml",
                "injection-from-address.eml",
                "injection-message-id.eml",
                "injection-message-id-encoded.eml",
            ] {
                let Ok(mail) = survives(name, fixture(name), MAX) else {
                    continue;
                };
                println!("{name}: subject {:?}, from {:?}", mail.subject, mail.from);
                // Visible on purpose: the Message-ID and References values that
                // would break a reply's In-Reply-To/References headers. The reply
                // writer must drop (or the reader must never give) any value with
                // whitespace, CR, LF or angle brackets.
                for id in mail.message_id.iter().chain(&mail.references) {
                    if bad(id) {
                        println!("{name}: UNSAFE id for a reply header: {id:?}");
                    }
                }
                // Expected: the sender address, used as a reply's To, carries no
                // CR, LF or space (and so no injected header).
                if let Some(from) = &mail.from {
                    if from.contains(['\r', '\n', ' ']) {
                        failures.push(format!("{name}: from {from:?}"));
                    }
                }
            }
            assert!(
                failures.is_empty(),
                "a From with CR/LF/space reaches the reply's To:\n{}",
                failures.join("\n")
            );
        },
    );
}

// --- the move reader on hostile strings ----------------------------------

#[test]
fn notation_reading_of_hostile_strings_never_panics() {
    isolated("notation_reading_of_hostile_strings_never_panics", || {
        let strings: Vec<String> = vec![
            "e".repeat(100_000),
            "Nf3".repeat(300_000),
            "1".repeat(1 << 20),
            format!("1.{}", "9".repeat(1 << 20)),
            format!("{}.", "1".repeat(1 << 20)),
            "1...".repeat(100_000),
            format!("1{}", ".".repeat(100_000)),
            "O-O-O-".repeat(100_000),
            format!("e4{}", "+".repeat(100_000)),
            "(=)".repeat(100_000),
            "…".repeat(100_000),
            "e\u{0301}4".into(),
            "N\u{0338}f3".into(),
            format!("e4{}", "\u{0301}".repeat(10_000)),
            "Кр\u{0301}g1".into(),
            "\u{200B}e4".into(),
            "1.\u{200B}e4".into(),
            "e\u{200B}4".into(),
            "4244\u{200B}".into(),
            "\u{200E}e4".into(),
            "\u{202E}4e\u{202C}".into(),
            "1.\u{202E}e4".into(),
            "1.\u{00A0}e4".into(),
            "\u{00A0}e4\u{00A0}".into(),
            "1.\u{00A0}\u{200B}\u{200E}4244\u{202E}\u{00A0}4745".into(),
            "\u{212a}g1-f3".into(),
            "İ".into(),
            "ßﬁ".into(),
            "\u{FEFF}1. e4".into(),
            "\u{0}".into(),
            "e8=".into(),
            "=Q".into(),
            "x".into(),
            "-".into(),
            "0-".into(),
            "12/05 16/05 4/04 02.".into(),
            "12/05 16/05 4/04 02. 1/1 2/2 3/3".into(),
            "999999999999999999999. e4".into(),
            "1. e4 ".repeat(100_000),
        ];
        let pos = Chess::default();
        let mut failures = Vec::new();
        for s in &strings {
            let short: String = s.chars().take(24).collect();
            let label = format!("{short:?} ({} bytes)", s.len());
            let start = Instant::now();
            let outcome = no_panic(|| {
                let _ = notation::strip_marks(s);
                let _ = notation::looks_like_move(s);
                let _ = notation::parse_move(&pos, s);
                let _ = notation::parse_move_with(&pos, s, Letters::Mixed);
                let _ = notation::parse_move_with(&pos, s, Letters::Every);
                for lang in mailarbiter::language::Lang::all() {
                    let _ = notation::parse_move_with(&pos, s, Letters::Of(lang));
                    let _ = Letters::of([s.as_str()], lang);
                }
                let _ = scan(s);
                let _ = scan(&format!("1. {s} {s}\n12... {s}"));
            });
            let took = start.elapsed();
            println!("{label}: {took:?}");
            if let Err(e) = outcome {
                failures.push(format!("{label}: panicked: {e}"));
            } else if took > BOUND {
                failures.push(format!("{label}: took {took:?}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    });
}

#[test]
fn invisible_characters_around_a_move_are_ignored() {
    let text = "12. \u{200B}4244\u{200E} 4745\u{00A0}";
    let written = no_panic(|| scan(text)).unwrap_or_else(|e| panic!("scan panicked: {e}"));
    let plies: Vec<&str> = written.plies.iter().map(|p| p.text.as_str()).collect();
    assert_eq!(
        plies,
        ["4244", "4745"],
        "zero-width space, LRM and NBSP around the moves of {text:?}"
    );
}
