//! Every mail tells the truth: a tournament of three games played through
//! the pipeline, day by day, with a granted leave, a penalty, a claim that
//! is protested, a claim confirmed early and applied after the protest
//! days, a REJECT and a resignation. Every "send by" date a player is told
//! is the day before the claim against him falls; no count is negative;
//! the protest reaches the director; the early CONFIRM waits.

mod common;

use chrono::{Days, NaiveDate};
use common::*;
use std::collections::BTreeMap;

const IVANOV: &str = "ivanov@example.test";
const PETROV: &str = "petrov@example.test";
const SIDOROV: &str = "sidorov@example.test";
const TD: &str = "td@example.test";

/// Ivanov reads Russian, Petrov and Sidorov English; three games.
fn arena() -> Arena {
    let config = config_with(
        "RUS-EM-2026",
        "2026-05-10",
        "numeric",
        "",
        &[
            ("ivanov", "Ivanov, Ivan", IVANOV, "ru"),
            ("petrov", "Petrov, Petr", PETROV, "en"),
            ("sidorov", "Sidorov, Sidor", SIDOROV, "en"),
        ],
        &[
            ("ivanov", "petrov"),
            ("sidorov", "ivanov"),
            ("petrov", "sidorov"),
        ],
    );
    Arena::new(&config)
}

fn game(n: u32) -> String {
    format!("RUS-EM-2026/{n}")
}

fn subject(n: u32) -> String {
    let names = [
        "",
        "Ivanov - Petrov",
        "Sidorov - Ivanov",
        "Petrov - Sidorov",
    ];
    format!("Re: [RUS-EM-2026/{n}] {}", names[n as usize])
}

fn day(s: &str) -> NaiveDate {
    s.parse().expect("a date")
}

/// The dates a mail states as the last day to send a move: "Send your move
/// by D", "Отправьте ход не позднее D", "must be sent by D", "the last day
/// to send is D", "последний день отправки D".
fn stated_last_days(body: &str) -> Vec<NaiveDate> {
    let mut out = Vec::new();
    for mark in [
        "Send your move by ",
        "must be sent by ",
        "Отправьте ход не позднее ",
        "отправлен не позднее ",
    ] {
        for (at, _) in body.match_indices(mark) {
            let text = &body[at + mark.len()..];
            if let Some(d) = text
                .get(..10)
                .and_then(|d| NaiveDate::parse_from_str(d, "%d.%m.%Y").ok())
            {
                out.push(d);
            }
        }
    }
    out
}

/// No count told is negative: no " -3 days", "осталось -2".
fn no_negative_count(mail: &Sent) {
    let bytes = mail.body.as_bytes();
    for (i, w) in bytes.windows(3).enumerate() {
        if w[0] == b' ' && w[1] == b'-' && w[2].is_ascii_digit() {
            let line = mail.body[..i + 3].lines().last().unwrap_or_default();
            panic!("a negative count in a mail to {:?}: {line}", mail.to);
        }
    }
}

/// The mails sent on `on`, each with its day.
fn dated(on: &str, sent: Vec<Sent>) -> Vec<(NaiveDate, Sent)> {
    sent.into_iter().map(|m| (day(on), m)).collect()
}

fn ymd(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

#[test]
fn iii_every_mail_states_the_day_before_the_claim_and_the_protest_and_early_confirm_hold() {
    let mut arena = arena();
    arena.run("2026-05-10");
    let mut all = dated("2026-05-10", arena.new_sent());
    // the first moves: every game is waiting for its Black
    for (from, n) in [(IVANOV, 1), (SIDOROV, 2), (PETROV, 3)] {
        let sent = arena.exchange(from, &subject(n), "1. 5254", "2026-05-10");
        all.extend(dated("2026-05-10", sent));
    }
    // Ivanov's wrong repetition in game 2: two penalty days (III.4.7)
    let sent = arena.exchange(IVANOV, &subject(2), "1. 5253 5755", "2026-05-12");
    all.extend(dated("2026-05-12", sent));
    assert_eq!(arena.json(&game(2))["black"]["penalty_days"], 2);
    // Petrov announces a leave on 20.05 for 01.06-10.06 (III.7.2)
    let leave = arena.exchange(PETROV, "leave", "LEAVE 2026-06-01 2026-06-10", "2026-05-20");
    assert!(
        leave
            .iter()
            .any(|m| m.to == [PETROV] && m.body.contains("Your leave")),
        "{leave:#?}"
    );
    all.extend(dated("2026-05-20", leave));
    // the silent player of each game, and the day of the last fact that
    // moved his last day (the leave, the penalty, the partner's move)
    let silent = [
        (1, PETROV, day("2026-05-20")),
        (2, IVANOV, day("2026-05-12")),
        (3, SIDOROV, day("2026-05-10")),
    ];
    // day by day until every game has its claim
    let mut claimed: BTreeMap<u32, NaiveDate> = BTreeMap::new();
    let mut today = day("2026-05-11");
    while claimed.len() < 3 {
        assert!(
            today < day("2026-09-01"),
            "claims by September: {claimed:?}"
        );
        arena.run(&ymd(today));
        all.extend(dated(&ymd(today), arena.new_sent()));
        for n in 1..=3 {
            if !claimed.contains_key(&n) && !arena.json(&game(n))["claim"].is_null() {
                claimed.insert(n, today);
            }
        }
        today = today + Days::new(1);
    }
    // the leave moved Petrov's claim ten days on
    assert_eq!(claimed[&1], claimed[&3] + Days::new(10), "{claimed:?}");
    // every last day told to the silent player about his game since the
    // last fact that moved it is the day before his claim
    for (n, player, since) in silent {
        let claim = claimed[&n];
        let tag = format!("[{}]", game(n));
        let mut told = 0;
        for (on, mail) in &all {
            if *on < since || !mail.to.iter().any(|a| a == player) || !mail.subject.contains(&tag) {
                continue;
            }
            for d in stated_last_days(&mail.body) {
                assert_eq!(
                    d + Days::new(1),
                    claim,
                    "game {n}: {player} told on {on} to send by {d}; the claim fell on {claim}: {}",
                    mail.about
                );
                told += 1;
            }
        }
        assert!(told >= 3, "game {n}: the last day told {told} times");
    }
    for (_, mail) in &all {
        no_negative_count(mail);
    }

    // game 1: Petrov protests within his days; the protest goes to the
    // director, whose CONFIRM then takes effect at once (III.6.4)
    let protest = arena.exchange(
        PETROV,
        &subject(1),
        "PROTEST\nMy leave was announced in time.",
        &ymd(claimed[&1] + Days::new(1)),
    );
    assert!(
        protest
            .iter()
            .any(|m| m.to == [TD] && m.body.contains("My leave was announced in time.")),
        "the protest with its reasons to the director: {protest:#?}"
    );
    let confirmed = arena.exchange(TD, &subject(1), "CONFIRM", &ymd(claimed[&1] + Days::new(2)));
    assert!(
        confirmed.iter().any(|m| m.about.contains("result 1-0")),
        "{confirmed:#?}"
    );
    assert_eq!(arena.json(&game(1))["result"], "1-0");

    // game 2: the director confirms the next day, within the protest days:
    // held, and applied the day after they end
    let until = claimed[&2] + Days::new(14);
    let held = arena.exchange(TD, &subject(2), "CONFIRM", &ymd(claimed[&2] + Days::new(1)));
    let told = held
        .iter()
        .find(|m| m.to == [TD])
        .unwrap_or_else(|| panic!("{held:#?}"));
    has(told, &until.format("%d.%m.%Y").to_string());
    assert_ne!(arena.json(&game(2))["status"], "finished");
    arena.run(&ymd(until));
    assert!(
        arena.new_sent().iter().all(|m| !m.about.contains("result")),
        "not before the protest days end"
    );
    assert_ne!(arena.json(&game(2))["status"], "finished");
    arena.run(&ymd(until + Days::new(1)));
    let result = arena.new_sent();
    assert!(
        result.iter().any(|m| m.about.contains("1-0")),
        "{result:#?}"
    );
    assert_eq!(arena.json(&game(2))["result"], "1-0");

    // game 3: REJECT resumes it; Sidorov moves, Petrov resigns with a word
    let reject = claimed[&3] + Days::new(1);
    arena.exchange(TD, &subject(3), "REJECT", &ymd(reject));
    assert_eq!(arena.json(&game(3))["status"], "in_progress");
    let after = ymd(reject + Days::new(1));
    for mail in arena.exchange(SIDOROV, &subject(3), "1. 5254 5755", &after) {
        no_negative_count(&mail);
    }
    let resigned = arena.exchange(PETROV, &subject(3), "RESIGN\nWell played.", &after);
    let to_winner = resigned
        .iter()
        .find(|m| m.to.contains(&SIDOROV.to_string()))
        .unwrap_or_else(|| panic!("{resigned:#?}"));
    has(to_winner, "Petr Petrov (white) resigned.");
    has(to_winner, "  | Well played.");
    assert_eq!(arena.json(&game(3))["result"], "0-1");
}
