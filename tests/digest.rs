//! The director's daily digest (`director_digest = "daily"`, issue 9 §3):
//! copies are held and go once a day in one mail; a claim goes at once.

mod common;

use common::*;

const TD: &str = "td@example.test";

fn director_mails(sent: &[Sent]) -> Vec<&Sent> {
    sent.iter()
        .filter(|m| m.to.iter().chain(&m.cc).any(|a| a == TD))
        .collect()
}

#[test]
fn iii_4_10_three_games_in_time_trouble_give_one_digest_a_day_and_claims_go_at_once() {
    let games = [
        ("ivanov", "petrov"),
        ("petrov", "sidorov"),
        ("sidorov", "ivanov"),
    ];
    let mut arena = Arena::new(&three_players(
        "days_per_control = 10\nmoves_per_control = 5\ndirector_digest = \"daily\"",
        &games,
    ));
    arena.run("2026-05-10");
    assert_eq!(arena.new_sent().len(), 3, "the opening mails");
    let address = |id: &str| format!("{id}@example.test");
    for (n, (white, _)) in games.iter().enumerate() {
        let subject = format!("[RUS-EM-2026/{}]", n + 1);
        arena.send(&address(white), &subject, "1. 5254", "2026-05-10");
    }
    arena.run("2026-05-10");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 3);
    assert!(director_mails(&sent).is_empty(), "nobody short of time yet");

    // Black answers after six days: four days left, under warning_days
    for (n, (_, black)) in games.iter().enumerate() {
        let subject = format!("[RUS-EM-2026/{}]", n + 1);
        arena.send(&address(black), &subject, "1. 5254 5755", "2026-05-16");
    }
    arena.run("2026-05-16");
    let sent = arena.new_sent();
    let to_director = director_mails(&sent);
    assert_eq!(to_director.len(), 1, "one digest, no copies: {sent:#?}");
    let digest = to_director[0];
    assert!(digest.is_to(&[TD], &[]), "{digest:?}");
    assert!(digest.about.contains("daily digest"), "{}", digest.subject);
    for n in 1..=3 {
        assert!(
            digest.body.contains(&format!("[RUS-EM-2026/{n}]")),
            "{}",
            digest.body
        );
    }
    assert!(
        digest.body.contains("3 games need attention"),
        "{}",
        digest.body
    );
    assert_eq!(
        digest.body.matches("======== [RUS-EM-2026/").count(),
        3,
        "the three forwards copied below: {}",
        digest.body
    );
    assert_eq!(sent.len(), 4, "three forwards and the digest: {sent:#?}");

    // the same day again: no second digest
    arena.run("2026-05-16");
    assert!(arena.new_sent().is_empty());

    // Black does not move again: on 22 May his 11 days pass 10, the claims
    // go To the director at once, beside the day's digest
    for (n, (white, _)) in games.iter().enumerate() {
        let subject = format!("[RUS-EM-2026/{}]", n + 1);
        arena.send(&address(white), &subject, "1... 5755 2. 7163", "2026-05-17");
    }
    arena.run("2026-05-17");
    let sent = arena.new_sent();
    assert_eq!(
        director_mails(&sent).len(),
        1,
        "the digest of the 17th: {sent:#?}"
    );
    arena.run("2026-05-22");
    let sent = arena.new_sent();
    let claims: Vec<&Sent> = sent
        .iter()
        .filter(|m| m.about.contains("overstep"))
        .collect();
    // each claim: the director's own mail, and each player's own
    assert_eq!(claims.len(), 9, "{sent:#?}");
    let to_director = claims.iter().filter(|c| c.is_to(&[TD], &[])).count();
    assert_eq!(to_director, 3, "{claims:#?}");
    let digests: Vec<&Sent> = sent
        .iter()
        .filter(|m| m.about.contains("daily digest"))
        .collect();
    assert_eq!(digests.len(), 1, "{sent:#?}");
}

/// The German director's digest: each held copy names the players it went
/// to, and tells him to answer the digest with the game's tag on a line of
/// its own; his reply to the digest (whose subject names no game) with the
/// tag and `STRAFE Weiß 2` gives the penalty in that game (III.4.10).
#[test]
fn iii_4_10_a_reply_to_the_digest_names_its_game_by_the_tag_in_the_text() {
    let games = [("ivanov", "petrov"), ("petrov", "sidorov")];
    let mut arena = Arena::new(&three_players(
        "days_per_control = 10\nmoves_per_control = 5\nwarning_days = 4\n\
         director_digest = \"daily\"\ndirector_language = \"de\"",
        &games,
    ));
    arena.run("2026-05-10");
    arena.new_sent();
    arena.send(
        "ivanov@example.test",
        "[RUS-EM-2026/1]",
        "1. 5254",
        "2026-05-10",
    );
    arena.send(
        "petrov@example.test",
        "[RUS-EM-2026/2]",
        "1. 5254",
        "2026-05-10",
    );
    arena.run("2026-05-10");
    arena.new_sent();
    arena.send(
        "petrov@example.test",
        "[RUS-EM-2026/1]",
        "1. 5254 5755",
        "2026-05-16",
    );
    arena.send(
        "sidorov@example.test",
        "[RUS-EM-2026/2]",
        "1. 5254 5755",
        "2026-05-16",
    );
    arena.run("2026-05-16");
    let sent = arena.new_sent();
    let digest = sent
        .iter()
        .find(|m| m.is_to(&[TD], &[]))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(
        digest.subject.contains("Tagesübersicht"),
        "{}",
        digest.subject
    );
    has(
        digest,
        "Die folgende E-Mail ging an Ivan Ivanov und Petr Petrov:",
    );
    has(
        digest,
        "Die folgende E-Mail ging an Petr Petrov und Sidor Sidorov:",
    );
    lacks(digest, "ging an :");
    has(
        digest,
        "schreiben Sie ihre Kennung [RUS-EM-2026/1] in eine eigene Zeile",
    );
    lacks(digest, "bleibt dabei im Betreff");

    let reply = format!("Re: {}", digest.subject);
    arena.send(TD, &reply, "[RUS-EM-2026/1]\nSTRAFE Weiß 2", "2026-05-17");
    arena.run("2026-05-17");
    let sent = arena.new_sent();
    for mail in &sent {
        lacks(mail, "bestimmen Sie die Partie");
    }
    // told to each player in his own mail: White of his own penalty
    let told = |player: &str| {
        sent.iter()
            .find(|m| m.is_to(&[player], &[]) && m.about.contains("[RUS-EM-2026/1]"))
            .unwrap_or_else(|| panic!("the penalty told to {player}: {sent:#?}"))
    };
    has(
        told("ivanov@example.test"),
        "The director gives you 2 penalty days.",
    );
    has(
        told("petrov@example.test"),
        "The director gives Ivan Ivanov (White) 2 penalty days.",
    );
    assert_eq!(arena.json("RUS-EM-2026/1")["white"]["penalty_days"], 2);
    assert_eq!(arena.json("RUS-EM-2026/2")["white"]["penalty_days"], 0);
}
