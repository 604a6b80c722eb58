//! No backscatter: an arbiter on a public address gets spam, and spam comes
//! with forged senders, so an answer to a stranger (neither a player nor a
//! director) would go to an innocent person and get the arbiter's server
//! blacklisted. A stranger is answered only when his subject names one of
//! the arbiter's games or tournaments (`[RUS-EM-2026/1]`, `[RUS-EM-2026]`)
//! or when the receiving server vouched for him (`sender_auth =
//! "authentication-results"`); any other mail of his is kept aside in the
//! mailbox, unseen and unanswered, and counted in the directors' digests.
//!
//! The corpus is `tests/fixtures/strangers/`: mails written in the layouts
//! of the programs that send them (`make_fixtures.py` there: newsletters,
//! phishing, advance-fee scams, list digests, out-of-office replies,
//! delivery reports of mails the arbiter never sent, many charsets and
//! encodings, missing and doubled headers, a player's name or domain
//! borrowed, chess moves without a game tag), and `mail-parser/`, the
//! public corpus of the mail-parser crate (see its NOTICE).

mod common;

use common::*;
use std::path::{Path, PathBuf};

const TD: &str = "td@example.test";
const GAME: &str = "RUS-EM-2026/1";
const STRANGER: &str = "someone@example.org";

/// Every `.eml` of the strangers' corpus, sorted.
fn corpus() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/strangers");
    let mut files = Vec::new();
    let mut folders = vec![root];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "eml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Ivanov - Petrov, the director reading a daily digest, and `security`
/// as the config's `[security]` table.
fn arena(security: &str) -> Arena {
    let mut config = three_players("director_digest = \"daily\"", &[("ivanov", "petrov")]);
    if !security.is_empty() {
        config = config.replace(
            "[[tournament]]",
            &format!("[security]\n{security}\n\n[[tournament]]"),
        );
    }
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    assert_eq!(arena.new_sent().len(), 1, "the opening mail");
    arena
}

/// The inbox's files in cur/: (kept unseen, marked seen).
fn kept_and_seen(arena: &Arena) -> (usize, usize) {
    let names: Vec<String> = std::fs::read_dir(arena.path().join("inbox/cur"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let seen = names
        .iter()
        .filter(|n| {
            n.rsplit_once(":2,")
                .is_some_and(|(_, flags)| flags.contains('S'))
        })
        .count();
    (names.len() - seen, seen)
}

/// The whole corpus arrives on 12 May: nothing goes to any of its
/// senders, every mail stays in the mailbox unseen, the day's digest
/// counts them all, and the game is untouched.
fn corpus_is_kept_unanswered_and_counted(security: &str) {
    let mut arena = arena(security);
    let files = corpus();
    assert!(
        files.len() >= 150,
        "only {} mails in the corpus",
        files.len()
    );
    for path in &files {
        arena.deliver_raw(&std::fs::read(path).unwrap(), "2026-05-12");
    }
    arena.run("2026-05-12");
    let sent = arena.new_sent();
    let strays: Vec<String> = sent
        .iter()
        .filter(|m| !m.is_to(&[TD], &[]))
        .map(|m| format!("{:?} {:?} {}", m.to, m.cc, m.subject))
        .collect();
    assert!(
        strays.is_empty(),
        "{} answers:\n{}",
        strays.len(),
        strays.join("\n")
    );
    assert_eq!(sent.len(), 1, "the digest alone: {sent:#?}");
    let digest = &sent[0];
    assert!(digest.about.contains("daily digest"), "{}", digest.subject);
    let count = format!(
        "{} mails from unknown senders (neither players nor directors here) were kept aside unanswered since the last digest; they stay in the mailbox.",
        files.len()
    );
    assert!(digest.body.contains(&count), "{}", digest.body);
    assert_eq!(
        arena.inbox_counts(),
        (0, files.len()),
        "every mail done with"
    );
    assert_eq!(
        kept_and_seen(&arena),
        (files.len(), 0),
        "every mail kept unseen"
    );
    let json = arena.json(GAME);
    assert_eq!(json["moves"].as_array().unwrap().len(), 0, "{json}");
    assert_eq!(json["penalties"].as_array().unwrap().len(), 0, "{json}");
    // the count went with the digest: the next day has nothing to tell
    arena.run("2026-05-13");
    assert!(arena.new_sent().is_empty());
}

#[test]
fn the_strangers_corpus_gets_no_answer_is_kept_and_is_counted_in_the_digest() {
    corpus_is_kept_unanswered_and_counted("");
}

#[test]
fn with_sender_authentication_the_strangers_corpus_is_kept_and_counted_too() {
    corpus_is_kept_unanswered_and_counted(
        "sender_auth = \"authentication-results\"\nauthserv_id = \"mx.example.test\"",
    );
}

#[test]
fn a_stranger_whose_subject_names_a_game_or_the_tournament_is_answered() {
    let mut arena = arena("");
    for subject in [
        "[RUS-EM-2026/1] Ivanov - Petrov: 1. 5254",
        "[SPAM] Re: [rus-em-2026/1]",
        "[RUS-EM-2026] how do I join?",
    ] {
        let sent = arena.exchange(STRANGER, subject, "1. 5254", "2026-05-12");
        assert_eq!(sent.len(), 1, "{subject}: {sent:#?}");
        assert!(sent[0].is_to(&[STRANGER], &[]), "{subject}: {:?}", sent[0]);
        assert!(
            sent[0].body.contains(
                "This address is not registered as a player of any tournament refereed here"
            ),
            "{}",
            sent[0].body
        );
        assert_eq!(sent[0].auto_submitted.as_deref(), Some("auto-replied"));
    }
    // a game the tournament does not have, another arbiter's game, the
    // tournament named without brackets: kept aside, told in the digest
    for subject in [
        "[RUS-EM-2026/9] Ivanov - Petrov",
        "[DEN-CC-2025/14] Larsen - Holm",
        "RUS-EM-2026 registration",
    ] {
        arena.send(STRANGER, subject, "1. 5254", "2026-05-12");
    }
    arena.run("2026-05-12");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 1, "the digest alone: {sent:#?}");
    assert!(sent[0].is_to(&[TD], &[]));
    assert!(
        sent[0].body.contains("3 mails from unknown senders"),
        "{}",
        sent[0].body
    );
    assert_eq!(kept_and_seen(&arena), (3, 3));
    assert_eq!(arena.json(GAME)["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn a_stranger_vouched_for_by_our_servers_authentication_results_is_answered() {
    let mut arena =
        arena("sender_auth = \"authentication-results\"\nauthserv_id = \"mx.example.test\"");
    let vouched = |results: &str, from: &str| {
        format!(
            "Authentication-Results: {results}\r\n{}",
            mail(
                from,
                "Question about the championship",
                "Can I still join?",
                "2026-05-12",
                Encoding::Utf8
            )
        )
    };
    // our server checked his domain's DKIM signature, or its DMARC
    for (from, results) in [
        (
            STRANGER,
            "mx.example.test; dkim=pass header.d=example.org; spf=pass",
        ),
        (
            "olga@chess.example",
            "mx.example.test; spf=pass; dmarc=pass header.from=chess.example",
        ),
    ] {
        arena.deliver_raw(vouched(results, from).as_bytes(), "2026-05-12");
        arena.run("2026-05-12");
        let sent = arena.new_sent();
        assert_eq!(sent.len(), 1, "{from}: {sent:#?}");
        assert!(sent[0].is_to(&[from], &[]), "{:?}", sent[0]);
        assert!(
            sent[0].body.contains("not registered as a player"),
            "{}",
            sent[0].body
        );
    }
    // another server's word, a signature of another domain, a failure, no
    // word at all: kept aside, unanswered
    let unproven = [
        vouched(
            "mx.attacker.example; dkim=pass header.d=example.org",
            STRANGER,
        ),
        vouched(
            "mx.example.test; dkim=pass header.d=bulk-mailer.example",
            STRANGER,
        ),
        vouched(
            "mx.example.test; dkim=fail header.d=example.org; dmarc=fail",
            STRANGER,
        ),
        mail(
            STRANGER,
            "Question",
            "Can I still join?",
            "2026-05-12",
            Encoding::Utf8,
        ),
    ];
    for raw in &unproven {
        arena.deliver_raw(raw.as_bytes(), "2026-05-12");
    }
    arena.run("2026-05-12");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 1, "the digest alone: {sent:#?}");
    assert!(sent[0].is_to(&[TD], &[]));
    assert!(
        sent[0].body.contains("4 mails from unknown senders"),
        "{}",
        sent[0].body
    );
    assert_eq!(kept_and_seen(&arena), (4, 2));
}

/// Two directors: td1 directs RUS-A and RUS-C with digests, td2 directs
/// RUS-B without one. The count of a stranger's mail goes once, into the
/// digest of td1's first tournament; td2 reads no digest and is not told.
#[test]
fn each_director_who_reads_a_digest_gets_the_count_once() {
    let tournament = |id: &str, director: &str, digest: &str, players: [&str; 2]| {
        let mut text = format!(
            "\n[[tournament]]\nid = \"{id}\"\nname = \"{id} championship\"\nstart = \"2026-05-10\"\n\
             director = \"{director}\"\nnotation = \"numeric\"\nrules = \"email\"\n{digest}\n"
        );
        for p in players {
            text.push_str(&format!(
                "\n[[tournament.player]]\nid = \"{p}\"\nname = \"{p}, X\"\ncountry = \"RUS\"\n\
                 email = [\"{p}@example.test\"]\nlanguage = \"en\"\n"
            ));
        }
        text.push_str(&format!(
            "\n[[tournament.game]]\nwhite = \"{}\"\nblack = \"{}\"\n",
            players[0], players[1]
        ));
        text
    };
    let daily = "director_digest = \"daily\"";
    let config = format!(
        "[gateway]\naddress = \"arbiter@example.test\"\nname = \"Test arbiter\"\nstate = \"state\"\n\
         timezone = \"Europe/Moscow\"\n\n[inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n\
         [outbox]\nkind = \"file\"\npath = \"sent\"\n{}{}{}",
        tournament("RUS-A", "td1@example.test", daily, ["a1", "a2"]),
        tournament("RUS-B", "td2@example.test", "", ["b1", "b2"]),
        tournament("RUS-C", "td1@example.test", daily, ["c1", "c2"]),
    );
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    arena.new_sent();
    for subject in ["Hello", "Business proposal"] {
        arena.send(STRANGER, subject, "Dear friend", "2026-05-12");
    }
    arena.run("2026-05-12");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(sent[0].is_to(&["td1@example.test"], &[]), "{:?}", sent[0]);
    assert!(
        sent[0].subject.starts_with("[RUS-A] daily digest"),
        "{}",
        sent[0].subject
    );
    assert!(
        sent[0].body.contains("2 mails from unknown senders"),
        "{}",
        sent[0].body
    );
}

/// No director reads a digest: the operator's log is all there is of a
/// stranger's mail, one line for it.
#[test]
fn without_digests_a_strangers_mail_is_logged_once_and_kept() {
    let mut arena = Arena::new(&three_players("", &[("ivanov", "petrov")]));
    arena.run("2026-05-10");
    arena.new_sent();
    arena.send(
        STRANGER,
        "Cheap watches",
        "Rolex replicas, 90% off",
        "2026-05-12",
    );
    let (code, out, err) = arena.cli(&["run", "--once", "--today", "2026-05-12"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(arena.new_sent().is_empty());
    let lines: Vec<&str> = err.lines().filter(|l| l.contains(STRANGER)).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].contains("unknown sender"), "{}", lines[0]);
    assert_eq!(kept_and_seen(&arena), (1, 0));
    // a later run does not read it, nor log it, again
    let (_, _, err) = arena.cli(&["run", "--once", "--today", "2026-05-13"]);
    assert!(!err.contains(STRANGER), "{err}");
}
