//! The corpus of whole replies as real mail programs write them
//! (`common::layouts`): Petrov answers the forward of White's `1. 5254`
//! by pressing Reply and typing `1. 5254 5755`; his program writes the
//! headers, the MIME parts and the quote in its own layout.
//!
//! 1. each layout's reply equals its golden file in
//!    `tests/fixtures/replies/`, byte for byte (`UPDATE_REPLIES=1` writes
//!    them);
//! 2. each golden file parses, and its text holds the typed text and the
//!    quoted forward;
//! 3. the referee reads each reply as `tests/clients.rs` asks: the move
//!    recorded, no penalty, nothing of the quote relayed, the mails sent
//!    those a bare reply gets.

mod common;

use common::layouts::{self, Client};
use common::*;
use mail_parser::MessageParser;
use std::path::PathBuf;

const W: &str = "ivanov@example.test";
const B: &str = "petrov@example.test";
/// Petrov as his mail program writes him in From.
const PETROV: &str = "Petr Petrov <petrov@example.test>";
const GAME: &str = "RUS-EM-2026/1";
const RE: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";
/// Petrov's own new text: White's move repeated, then his reply.
const OWN: &str = "1. 5254 5755";
/// The reply's day (the forward is of the day before).
const REPLY_DAY: &str = "2026-05-11";

/// Petrov's text with no move in it.
const NO_MOVE: &str = "Thanks, I will think.";

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/replies")
}

/// The forward with the parts that change from run to run fixed: its
/// Message-ID and References hold the store's random instance word and the
/// test process's id.
fn fixed_forward() -> Sent {
    let (_, mut forward) = whites_first_move_forwarded();
    forward.message_id = "000002.4f1c2a9e0b7d3c58e6a1@example.test".into();
    forward.in_reply_to = Some("t0.1001@client.example.test".into());
    forward.references = vec![
        "000001.4f1c2a9e0b7d3c58e6a1@example.test".into(),
        "t0.1001@client.example.test".into(),
    ];
    forward
}

#[test]
fn every_layout_equals_its_golden_file() {
    let forward = fixed_forward();
    let update = std::env::var_os("UPDATE_REPLIES").is_some();
    let mut differ = Vec::new();
    for &client in layouts::ALL {
        let raw = layouts::reply(client, &forward, PETROV, OWN, REPLY_DAY);
        // the same inputs, the same bytes
        assert_eq!(
            raw,
            layouts::reply(client, &forward, PETROV, OWN, REPLY_DAY)
        );
        let path = fixtures().join(format!("{}.eml", client.name()));
        if update {
            std::fs::create_dir_all(fixtures()).unwrap();
            std::fs::write(&path, &raw).unwrap();
            continue;
        }
        let golden = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_REPLIES=1 writes it)", path.display()));
        if golden != raw {
            differ.push(client.name());
        }
    }
    assert!(
        differ.is_empty(),
        "replies differ from their golden files (UPDATE_REPLIES=1 rewrites them; read the diff): {differ:?}"
    );
}

#[test]
fn the_names_are_distinct_and_every_file_is_a_layout() {
    let mut names: Vec<&str> = layouts::ALL.iter().map(|c| c.name()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), layouts::all().len());
    for entry in std::fs::read_dir(fixtures()).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        let name = file.trim_end_matches(".eml");
        assert!(names.contains(&name), "{file} is no layout's");
    }
}

/// `text` with each line's quote marks (`>`, ` TA> `, a TAB) taken off and
/// all whitespace made single spaces: a re-wrapped quote reads as its
/// original.
fn unquoted(text: &str) -> String {
    text.replace("\r\n", "\n")
        .lines()
        .map(|l| {
            let l = l.trim_start_matches('\t');
            let l = l.strip_prefix(" TA>").unwrap_or(l);
            l.trim_start_matches(['>', ' '])
        })
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_golden_file_parses_and_holds_the_text_and_the_quote() {
    let forward = fixed_forward();
    for &client in layouts::ALL {
        let path = fixtures().join(format!("{}.eml", client.name()));
        let raw = std::fs::read(&path).unwrap();
        let msg = MessageParser::default()
            .parse(&raw)
            .unwrap_or_else(|| panic!("{} parses", client.name()));
        let name = client.name();
        assert_eq!(
            msg.from().and_then(|a| a.first()).and_then(|a| a.address()),
            Some(B),
            "{name}"
        );
        assert_eq!(
            msg.to().and_then(|a| a.first()).and_then(|a| a.address()),
            Some(layouts::ARBITER_ADDRESS),
            "{name}"
        );
        let subject = msg.subject().unwrap_or_default();
        assert!(subject.ends_with(&forward.subject), "{name}: {subject}");
        assert_eq!(
            msg.in_reply_to().as_text(),
            Some(forward.message_id.as_str()),
            "{name}"
        );
        assert!(msg.message_id().is_some(), "{name}");
        assert!(msg.date().is_some(), "{name}");
        assert_eq!(
            client.has_plain(),
            msg.text_bodies().next().is_some_and(|p| p.is_text())
                && !msg.text_bodies().next().unwrap().is_text_html(),
            "{name}: a plain part"
        );
        let text = msg.body_text(0).unwrap_or_default();
        let flat = unquoted(&text);
        assert!(
            flat.starts_with(OWN) || flat.contains(OWN),
            "{name}: the typed text in {text}"
        );
        if client.top_posted() {
            assert!(
                flat.find(OWN) < flat.find("Your opponent Ivan Ivanov"),
                "{name}: top-posted: {text}"
            );
        } else {
            assert!(
                flat.find(OWN) > flat.find("Your opponent Ivan Ivanov"),
                "{name}: bottom-posted: {text}"
            );
        }
        // the quote: every line of the forward's text (its HTML's, when
        // only HTML is sent, as mail-parser renders it)
        let lines: Vec<String> = if client.has_plain() {
            forward
                .body
                .lines()
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .filter(|l| !l.is_empty())
                .collect()
        } else {
            [
                "Your opponent Ivan Ivanov (White) plays:",
                "Sent and received on 10.05.2026. Your thinking time counts from this day.",
                "Answer to this address with at least this move and yours, for example:",
                "Send your move by 09.07.2026 at the latest, unless you take a leave.",
            ]
            .map(String::from)
            .to_vec()
        };
        for line in lines {
            assert!(flat.contains(&line), "{name}: {line:?} quoted in:\n{text}");
        }
        // and the HTML part quotes it too
        if let Some(html) = msg.body_html(0) {
            assert!(
                html.contains("Your opponent Ivan Ivanov (White) plays:"),
                "{name}: {html}"
            );
        }
    }
}

/// What went wrong when Petrov's reply in `client`'s layout is refereed;
/// empty when it reads as a bare reply does.
fn referee_problems(client: Client, bare: &[(Vec<String>, Vec<String>, String)]) -> Vec<String> {
    let (mut arena, forward) = whites_first_move_forwarded();
    let raw = layouts::reply(client, &forward, PETROV, OWN, REPLY_DAY);
    arena.deliver_raw(&raw, REPLY_DAY);
    arena.run(REPLY_DAY);
    let sent = arena.new_sent();
    let mut problems = Vec::new();

    // 1. the move is accepted and forwarded to White
    let json = arena.json(GAME);
    let moves = json["moves"].as_array().expect("the moves");
    if moves.len() != 2 || moves[1]["numeric"] != "5755" {
        problems.push(format!(
            "moves recorded: {}",
            serde_json::to_string(moves).unwrap()
        ));
    }
    let to_white = sent
        .iter()
        .find(|m| m.to == [W.to_string()] && m.about.ends_with("1... 5755"));
    // 2. no penalty
    for side in ["white", "black"] {
        if json[side]["penalty_days"] != 0 {
            problems.push(format!(
                "{side}'s penalty days: {}",
                json[side]["penalty_days"]
            ));
        }
    }
    // 3. nothing of the quote relayed to White as Petrov's note
    match to_white {
        None => problems.push("no forward of 1... 5755 to White".into()),
        Some(m) => {
            for text in [
                "note, relayed",
                "Your opponent's note",
                "The note of",
                "Notes for the sender",
                "Sent and received on 10.05.2026",
                "Ivan Ivanov (White) plays",
                "1. 5254 1... <your move>",
                "Black to move",
                "Send your move by 09.07.2026",
                "Test arbiter",
                "arbiter@example.test",
            ] {
                if m.body.contains(text) {
                    problems.push(format!("White's forward holds {text:?}"));
                }
            }
            if m.body.matches("Answer to this address").count() != 1 {
                problems.push("White's forward repeats \"Answer to this address\"".into());
            }
        }
    }
    // 4. no answer says the move was found only in the quote or the subject
    for mail in &sent {
        for complaint in [
            "found only inside the quoted text",
            "found in the subject only",
            "was not accepted",
            "holds no numbered move",
        ] {
            if mail.body.contains(complaint) {
                problems.push(format!("{:?} answered {complaint:?}", mail.about));
            }
        }
    }
    let seen = seen(&sent);
    if problems.is_empty() && seen != bare {
        problems.push(format!("the mails differ from a bare reply's: {seen:#?}"));
    }
    if !problems.is_empty() {
        let relayed = to_white.map_or(String::new(), |m| m.body.clone());
        problems.push(format!("---- White's forward:\n{relayed}"));
    }
    problems
}

fn bare_reply() -> Vec<(Vec<String>, Vec<String>, String)> {
    let (mut bare, _) = whites_first_move_forwarded();
    seen(&bare.exchange(B, RE, OWN, REPLY_DAY))
}

fn referee(clients: &[Client]) -> Vec<String> {
    let bare = bare_reply();
    clients
        .iter()
        .filter_map(|&c| {
            let problems = referee_problems(c, &bare);
            (!problems.is_empty()).then(|| format!("== {}:\n{}", c.name(), problems.join("\n")))
        })
        .collect()
}

#[test]
fn the_referee_reads_only_the_players_own_text_in_every_layout() {
    let failures = referee(&layouts::all());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn an_unthreaded_reply_lacks_in_reply_to_and_references() {
    let forward = fixed_forward();
    for &client in layouts::ALL {
        let raw = layouts::reply_unthreaded(client, &forward, PETROV, OWN, REPLY_DAY);
        let msg = MessageParser::default().parse(&raw).unwrap();
        assert!(msg.in_reply_to().is_empty(), "{}", client.name());
        assert!(msg.references().is_empty(), "{}", client.name());
        let text = String::from_utf8_lossy(&raw);
        assert!(
            !text.contains("In-Reply-To:") && !text.contains("References:"),
            "{}",
            client.name()
        );
    }
}

/// What went wrong when Petrov's reply holding no move ([`NO_MOVE`]) in
/// `client`'s layout is refereed; empty when it reads as a bare one does.
fn no_move_problems(client: Client, bare: &[String]) -> Vec<String> {
    let (mut arena, forward) = whites_first_move_forwarded();
    let raw = layouts::reply(client, &forward, PETROV, NO_MOVE, REPLY_DAY);
    arena.deliver_raw(&raw, REPLY_DAY);
    arena.run(REPLY_DAY);
    let sent = arena.new_sent();
    let json = arena.json(GAME);
    let mut problems = Vec::new();
    if json["moves"].as_array().map(Vec::len) != Some(1) {
        problems.push(format!("moves recorded: {}", json["moves"]));
    }
    for side in ["white", "black"] {
        if json[side]["penalty_days"] != 0 {
            problems.push(format!(
                "{side}'s penalty days: {}",
                json[side]["penalty_days"]
            ));
        }
    }
    // the answer a bare reply gets (the echo of what was not read may
    // also hold the client's greeting, The Bat!'s "Здравствуйте, Test.")
    let answers = |sent: &[Sent]| -> Vec<String> {
        sent.iter()
            .map(|m| format!("{:?} {}", m.to, m.about))
            .collect()
    };
    if answers(&sent) != bare {
        problems.push(format!(
            "answered {:?} where a bare reply gets {bare:?}:\n{}",
            answers(&sent),
            sent.iter()
                .map(|m| format!("to {:?}:\n{}", m.to, m.body))
                .collect::<Vec<_>>()
                .join("\n----\n")
        ));
    }
    problems
}

fn referee_without_a_move(clients: &[Client]) -> Vec<String> {
    let (mut bare, _) = whites_first_move_forwarded();
    let bare: Vec<String> = bare
        .exchange(B, RE, NO_MOVE, REPLY_DAY)
        .iter()
        .map(|m| format!("{:?} {}", m.to, m.about))
        .collect();
    clients
        .iter()
        .filter_map(|&c| {
            let problems = no_move_problems(c, &bare);
            (!problems.is_empty()).then(|| format!("== {}:\n{}", c.name(), problems.join("\n")))
        })
        .collect()
}

#[test]
fn a_reply_without_a_move_is_answered_as_a_bare_one_in_every_layout() {
    let failures = referee_without_a_move(&layouts::all());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
