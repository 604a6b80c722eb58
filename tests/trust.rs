//! Trust: no mail, command or stored record stops, stalls or corrupts the
//! referee. Each test is one of the failures found by trying the daemon as
//! an attacker would (a stranger's mail that panicked the reader, a
//! director's repeated command that recorded a move twice, a clock that
//! wrapped, a reply limit that did not hold across `run --once`), driven
//! through the real binary on the Maildir/file transports.

mod common;

use common::*;
use mailarbiter::referee::game::Event;
use mailarbiter::store::{Commit, SledStore, Store};
use std::process::Command;

const W: &str = "ivanov@example.test";
const B: &str = "petrov@example.test";
const TD: &str = "td@example.test";
const GAME: &str = "RUS-EM-2026/1";
const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";

/// Ivanov - Petrov and Sidorov - Petrov, with `extra` rule lines and
/// `tail` appended to the config (a `[security]` table).
fn arena(extra: &str, tail: &str) -> Arena {
    let mut config = three_players(extra, &[("ivanov", "petrov"), ("sidorov", "petrov")]);
    config.push_str(tail);
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    assert_eq!(arena.new_sent().len(), 2, "the opening mails");
    arena
}

/// White plays 1. e4, then Black stays silent past the allowance: a pending claim,
/// and Black's answer held.
fn suspended_with_a_held_move() -> Arena {
    let mut arena = arena("days_per_control = 20\nmoves_per_control = 5", "");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    arena.run("2026-05-31");
    let sent = arena.new_sent();
    assert!(sent.iter().any(|m| m.about.contains("overstep")));
    let sent = arena.exchange(B, SUBJECT, "1. 5254 5755", "2026-05-31");
    assert!(sent[0].body.contains("kept"), "{}", sent[0].body);
    assert_eq!(arena.json(GAME)["status"], "suspended");
    arena
}

/// `run --once` with `$MAILARBITER_FAULT` set (debug builds only).
fn run_with_fault(arena: &Arena, fault: &str, today: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
        .arg("--config")
        .arg(arena.path().join("mailarbiter.toml"))
        .args(["run", "--once", "--today", today])
        .env("MAILARBITER_FAULT", fault)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The mails in the Maildir's cur/: (kept unseen, seen).
fn kept_and_seen(arena: &Arena) -> (usize, usize) {
    let names: Vec<String> = std::fs::read_dir(arena.path().join("inbox/cur"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let seen = names.iter().filter(|n| n.ends_with(":2,S")).count();
    (names.len() - seen, seen)
}

#[test]
fn iii_6_7_reject_twice_in_one_mail_records_the_held_move_once() {
    let mut arena = suspended_with_a_held_move();
    let sent = arena.exchange(
        TD,
        "Re: [RUS-EM-2026/1] time overstep claim",
        "REJECT\nREJECT",
        "2026-06-01",
    );
    let forwards = sent
        .iter()
        .filter(|m| m.about.ends_with("1... 5755") && !m.is_to(&[TD], &[]))
        .count();
    assert_eq!(forwards, 1, "{sent:#?}");
    assert!(
        sent.iter()
            .any(|m| m.is_to(&[TD], &[]) && m.body.contains("no overstep claim is pending")),
        "the second REJECT is answered: {sent:#?}"
    );
    // the store still opens, and the game goes on
    let json = arena.json(GAME);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["moves"].as_array().unwrap().len(), 2);
    let (code, table, err) = arena.cli(&["games"]);
    assert_eq!(code, 0, "{err}");
    assert!(!table.contains("damaged"), "{table}");
    let sent = arena.exchange(W, SUBJECT, "1... 5755 2. 7163", "2026-06-02");
    assert!(
        sent.iter().any(|m| m.about.ends_with("2. 7163")),
        "{sent:#?}"
    );
}

#[test]
fn iii_6_6_confirm_twice_in_one_mail_ends_the_game_once() {
    let mut arena = suspended_with_a_held_move();
    // a protest came: the CONFIRM takes effect at once (III.6.4)
    arena.exchange(B, SUBJECT, "PROTEST", "2026-06-01");
    let sent = arena.exchange(
        TD,
        "Re: [RUS-EM-2026/1] time overstep claim",
        "CONFIRM\nCONFIRM",
        "2026-06-01",
    );
    // one result, in each player's own mail
    for player in [W, B] {
        let results = sent
            .iter()
            .filter(|m| m.about.contains("result") && m.is_to(&[player], &[]))
            .count();
        assert_eq!(results, 1, "{player}: {sent:#?}");
    }
    let results = sent.iter().filter(|m| m.about.contains("result")).count();
    assert_eq!(results, 3, "the players' and the director's: {sent:#?}");
    let json = arena.json(GAME);
    assert_eq!(json["result"], "1-0");
    assert_eq!(
        json["moves"].as_array().unwrap().len(),
        1,
        "the held move dropped"
    );
}

#[test]
fn a_director_penalty_past_the_bound_is_refused_and_the_clock_never_wraps() {
    let mut arena = arena("", "");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    let sent = arena.exchange(TD, SUBJECT, "PENALTY white 4294967295", "2026-05-11");
    assert!(
        sent.iter()
            .any(|m| m.is_to(&[TD], &[]) && m.about.contains("not carried out")),
        "{sent:#?}"
    );
    let sent = arena.exchange(TD, SUBJECT, "PENALTY white 400", "2026-05-11");
    assert!(
        sent.iter()
            .any(|m| m.is_to(&[TD], &[]) && m.body.contains("penalty days are 1 to 365")),
        "{sent:#?}"
    );
    // every penalty the bound allows still adds up without wrapping
    for _ in 0..3 {
        arena.exchange(TD, SUBJECT, "PENALTY white 365", "2026-05-11");
    }
    let json = arena.json(GAME);
    assert_eq!(json["white"]["penalty_days"], 3 * 365);
    assert_eq!(json["white"]["total"], 3 * 365);
}

#[test]
fn replies_per_hour_holds_across_run_once_processes() {
    let mut arena = arena("", "\n[security]\nreplies_per_hour = 3\n");
    let mut answers = 0;
    for _ in 0..6 {
        let sent = arena.exchange(B, "status", "STATUS", "2026-05-11");
        answers += sent.iter().filter(|m| m.is_to(&[B], &[])).count();
    }
    assert_eq!(
        answers, 3,
        "three answers in the hour, whatever the processes"
    );
    // the others are still answered
    let sent = arena.exchange(W, "status", "STATUS", "2026-05-11");
    assert_eq!(sent.len(), 1);
}

#[test]
fn a_panicking_mail_is_kept_aside_the_director_told_once_and_the_next_move_refereed() {
    let mut arena = arena("", "");
    arena.send(W, "[RUS-EM-2026/1] POISON", "1. 5254", "2026-05-10");
    arena.send(
        "sidorov@example.test",
        "Re: [RUS-EM-2026/2] Sidorov - Petrov",
        "1. 5254",
        "2026-05-10",
    );
    let (code, err) = run_with_fault(&arena, "panic:POISON", "2026-05-10");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("cannot be refereed"), "{err}");
    let sent = arena.new_sent();
    let notices: Vec<&Sent> = sent
        .iter()
        .filter(|m| m.about.contains("could not be refereed"))
        .collect();
    assert_eq!(notices.len(), 1, "{sent:#?}");
    assert!(notices[0].is_to(&[TD], &[]), "{:?}", notices[0]);
    assert!(notices[0].body.contains(W), "{}", notices[0].body);
    // the poison mail is kept unseen, the move after it was refereed
    assert_eq!(kept_and_seen(&arena), (1, 1));
    assert!(
        sent.iter()
            .any(|m| m.about.contains("[RUS-EM-2026/2]") && m.about.ends_with("1. 5254")),
        "{sent:#?}"
    );
    assert_eq!(arena.json(GAME)["moves"].as_array().unwrap().len(), 0);
    // told once: the next runs leave it alone
    let (code, err) = run_with_fault(&arena, "panic:POISON", "2026-05-11");
    assert_eq!(code, 0, "{err}");
    assert!(arena.new_sent().is_empty());
}

#[test]
fn a_decision_whose_events_do_not_apply_is_refused_whole() {
    let mut arena = arena("", "");
    arena.send(W, "[RUS-EM-2026/1] MISFIT", "1. 5254", "2026-05-10");
    let (code, err) = run_with_fault(&arena, "misfit:MISFIT", "2026-05-10");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("do not apply"), "{err}");
    let sent = arena.new_sent();
    assert!(
        sent.iter()
            .all(|m| !m.about.ends_with("1. 5254") || !m.is_to(&[B], &[W])),
        "nothing of the refused decision is sent: {sent:#?}"
    );
    assert!(sent.iter().any(|m| m.is_to(&[TD], &[])), "{sent:#?}");
    assert_eq!(arena.json(GAME)["moves"].as_array().unwrap().len(), 0);
    let (code, _, err) = arena.cli(&["games"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_store_holding_an_event_that_does_not_replay_opens_and_names_it() {
    let mut arena = arena("", "");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    {
        // what a faulty older version could write: the same move twice
        let store = SledStore::open(&arena.path().join("state")).unwrap();
        let moved = |uci: &str| Event::Moved {
            uci: uci.into(),
            sent: day("2026-05-10"),
            draw_offer: false,
        };
        store
            .commit(&Commit {
                events: vec![(GAME.into(), moved("e2e4"))],
                ..Commit::default()
            })
            .unwrap();
    }
    let (code, table, err) = arena.cli(&["games"]);
    assert_eq!(code, 0, "{err}");
    assert!(table.contains("damaged record"), "{table}");
    let (code, text, _) = arena.cli(&["show", GAME]);
    assert_eq!(code, 0);
    assert!(
        text.contains("DAMAGED RECORD") && text.contains("e2e4 at ply 1 is not legal"),
        "{text}"
    );
    // the damaged game shows as far as it goes; the other games work
    assert_eq!(arena.json(GAME)["moves"].as_array().unwrap().len(), 1);
    let sent = arena.exchange(
        "sidorov@example.test",
        "Re: [RUS-EM-2026/2] Sidorov - Petrov",
        "1. 5254",
        "2026-05-11",
    );
    assert!(
        sent.iter().any(|m| m.about.ends_with("1. 5254")),
        "{sent:#?}"
    );
    let sent = arena.exchange(B, SUBJECT, "1. 5254 5755", "2026-05-11");
    assert!(
        sent.iter().any(|m| m.about.ends_with("1... 5755")),
        "{sent:#?}"
    );
}

#[test]
fn a_mail_with_two_from_headers_is_kept_aside_unanswered() {
    let mut arena = arena("", "");
    let forged = mail(B, SUBJECT, "1. 5254", "2026-05-10", Encoding::Utf8);
    let forged = format!("From: {W}\r\n{forged}");
    arena.deliver_raw(forged.as_bytes(), "2026-05-10");
    arena.run("2026-05-10");
    assert!(arena.new_sent().is_empty());
    assert_eq!(kept_and_seen(&arena), (1, 0), "kept unseen");
    assert_eq!(arena.json(GAME)["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn a_strangers_length_changing_case_folds_are_answered_and_stop_nothing() {
    let mut arena = arena("", "");
    for body in [
        "White İİİİİİ",
        "Black \u{212A}\u{212A}\u{212A}",
        "Турнир İİ\nБелые İ",
    ] {
        // the subject names the tournament: the stranger is answered
        arena.send(
            "stranger@example.org",
            "[RUS-EM-2026] hello",
            body,
            "2026-05-10",
        );
    }
    arena.run("2026-05-10");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 3, "each stranger answered: {sent:#?}");
    assert!(sent.iter().all(|m| m.is_to(&["stranger@example.org"], &[])));
    let sent = arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    assert!(
        sent.iter().any(|m| m.about.ends_with("1. 5254")),
        "{sent:#?}"
    );
}

#[test]
fn the_hostile_and_robot_corpora_through_the_daemon_stop_nothing_and_inject_nothing() {
    let mut arena = arena("", "");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut delivered = 0;
    for folder in ["hostile", "robots"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "eml") {
                arena.deliver_raw(&std::fs::read(&path).unwrap(), "2026-05-10");
                delivered += 1;
            }
        }
    }
    assert!(delivered >= 90, "{delivered} mails");
    arena.run("2026-05-10");
    // the answers (to strangers) carry no header from the mails
    for entry in std::fs::read_dir(arena.path().join("sent")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "eml") {
            continue; // the outbox's own `.pending`
        }
        let raw = std::fs::read_to_string(path).unwrap();
        let head = raw.split("\r\n\r\n").next().unwrap().to_lowercase();
        assert!(
            !head.contains("evil") && !head.contains("\nbcc:"),
            "an injected header: {head}"
        );
    }
    arena.new_sent();
    let sent = arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    assert!(
        sent.iter().any(|m| m.about.ends_with("1. 5254")),
        "{sent:#?}"
    );
}
