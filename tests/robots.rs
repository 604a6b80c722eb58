//! Robot mail: the corpus of mails the daemon must never answer (RFC 3834
//! and practice, PITFALLS.md "Mail loops") and of people's mails it must
//! answer. `tests/fixtures/robots/*.eml` (written by `make_fixtures.py`
//! there) are bounces (Postfix, Exim, Exchange, Microsoft 365, Gmail,
//! Yahoo, sendmail, qmail, Courier, SES), read receipts (Outlook,
//! Thunderbird, Roundcube), vacation and out-of-office replies (Sieve,
//! Zimbra, Outlook), abuse reports (ARF), mailing lists (Mailman, Google
//! Groups, groups.io) and no-reply senders, each named after the sign that
//! gives it away; several carry that one sign only, as such mails are seen
//! in the wild. `person-*.eml` are people's mails that only look close to
//! one (an address `mailer.smith@`, a subject about "Delivery",
//! `Auto-Submitted: no`, a read-receipt request).
//!
//! The signs `read_mail` must know: the senders `mailer`, `mailer-daemon`,
//! `postmaster`, `listserv`, `majordomo`, `owner-*`, `*-request`,
//! `*-bounces`, `*-bounce`, `*-relay`, `noreply`, `no-reply`, `donotreply`,
//! `do-not-reply` (any case); `multipart/report` anywhere in the MIME tree;
//! `message/delivery-status`, `message/disposition-notification` or
//! `message/feedback-report` parts;
//! `Auto-Submitted` other than `no`; `Precedence: bulk|list|junk`;
//! `List-Id`; `X-Auto-Response-Suppress` with `All`, `OOF` or `AutoReply`;
//! an empty `Return-Path`. The whole corpus also goes through the daemon,
//! its senders made players: 0 answers, 0 moves, 0 penalties.

mod common;

use mailarbiter::message::parse::read_mail;
use std::path::{Path, PathBuf};

const MAX: usize = 1_048_576;

/// The corpus files, sorted: `(robots, people)`.
fn corpus() -> (Vec<PathBuf>, Vec<PathBuf>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/robots");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    files.sort();
    files.into_iter().partition(|p| {
        !p.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("person-")
    })
}

/// Reads every file and returns a report for each whose verdict is not the
/// one expected (`robot` or not), with the mail itself.
fn misjudged(files: &[PathBuf], robot: bool) -> Vec<String> {
    let mut failures = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy();
        let raw = std::fs::read(path).unwrap();
        let verdict = match read_mail(&raw, MAX) {
            Ok(mail) => mail.robot,
            Err(e) => {
                failures.push(format!("{name}: not read: {e}"));
                continue;
            }
        };
        println!("{name}: {verdict:?}");
        if verdict.is_some() != robot {
            let what = match &verdict {
                Some(reason) => format!("taken for a robot ({reason})"),
                None => "not taken for a robot".to_string(),
            };
            failures.push(format!(
                "=== {name}: {what}\n{}",
                String::from_utf8_lossy(&raw)
            ));
        }
    }
    failures
}

#[test]
fn every_robot_mail_in_the_corpus_is_a_robot() {
    let (robots, _) = corpus();
    assert!(
        robots.len() >= 50,
        "only {} robot mails in the corpus",
        robots.len()
    );
    let failures = misjudged(&robots, true);
    assert!(
        failures.is_empty(),
        "{} of {} robot mails would be answered:\n{}",
        failures.len(),
        robots.len(),
        failures.join("\n")
    );
}

#[test]
fn no_person_mail_in_the_corpus_is_a_robot() {
    let (_, people) = corpus();
    assert!(
        people.len() >= 10,
        "only {} person mails in the corpus",
        people.len()
    );
    let failures = misjudged(&people, false);
    assert!(
        failures.is_empty(),
        "{} of {} people's mails would be ignored:\n{}",
        failures.len(),
        people.len(),
        failures.join("\n")
    );
}

/// Every address a robot mail of the corpus comes from.
fn senders(files: &[PathBuf]) -> Vec<String> {
    let mut all: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let raw = std::fs::read(path).unwrap();
            let msg = mail_parser::MessageParser::default().parse(&raw)?;
            let from = msg.from()?.first()?.address()?.to_lowercase();
            let (local, domain) = from.split_once('@')?;
            (!local.is_empty() && domain.contains('.')).then_some(from)
        })
        .collect();
    all.sort();
    all.dedup();
    all
}

/// The whole corpus through the daemon, every sender a player of the games
/// its mails name (so that a robot mail taken for a player's would be
/// answered, or its quoted moves applied): nothing answered, no move, no
/// penalty, every mail done with.
#[test]
fn the_daemon_answers_no_robot_mail_and_applies_nothing_from_one() {
    let (robots, _) = corpus();
    let mut emails = vec!["ivanov@example.test".to_string()];
    emails.extend(
        senders(&robots)
            .into_iter()
            .filter(|e| !e.contains("example.test") || e.starts_with("ivan@")),
    );
    let list: Vec<String> = emails.iter().map(|e| format!("\"{e}\"")).collect();
    let config = common::config(
        "RUS-EM-2026",
        "2026-05-10",
        "san",
        &[
            ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "en"),
            ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
            ("sidorov", "Sidorov, Sidor", "sidorov@example.test", "en"),
        ],
        &[
            ("ivanov", "petrov"),
            ("petrov", "ivanov"),
            ("petrov", "sidorov"),
        ],
    )
    .replacen(
        "email = [\"ivanov@example.test\"]",
        &format!("email = [{}]", list.join(", ")),
        1,
    );
    let mut arena = common::Arena::new(&config);
    arena.run("2026-05-10");
    let openings = arena.new_sent();
    assert!(!openings.is_empty());
    for path in &robots {
        arena.deliver_raw(&std::fs::read(path).unwrap(), "2026-05-12");
    }
    arena.run("2026-05-12");
    let answers = arena.new_sent();
    let to: Vec<String> = answers
        .iter()
        .map(|m| format!("{:?} {}", m.to, m.subject))
        .collect();
    assert!(
        answers.is_empty(),
        "{} answers:\n{}",
        answers.len(),
        to.join("\n")
    );
    assert_eq!(
        arena.inbox_counts(),
        (0, robots.len()),
        "every mail done with"
    );
    for game in ["RUS-EM-2026/1", "RUS-EM-2026/2", "RUS-EM-2026/3"] {
        let json = arena.json(game);
        assert_eq!(json["moves"].as_array().unwrap().len(), 0, "{game}: {json}");
        assert_eq!(
            json["penalties"].as_array().unwrap().len(),
            0,
            "{game}: {json}"
        );
    }
}
