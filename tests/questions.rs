//! A question in a player's mail: the arbiter reads moves and commands
//! only, so its answer sends him to the director, and for his deadline to
//! STATUS; a move's mark (`?`, `!?`) is no question.

mod common;

use common::*;

fn arena() -> Arena {
    Arena::new(&config_with(
        "RUS-EM-2026",
        "2026-05-10",
        "numeric",
        "",
        &[
            ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "ru"),
            ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
            ("mueller", "Müller, Max", "mueller@example.test", "de"),
        ],
        &[("ivanov", "petrov"), ("petrov", "mueller")],
    ))
}

fn to<'a>(sent: &'a [Sent], address: &str) -> &'a Sent {
    sent.iter()
        .find(|m| m.to.iter().any(|a| a == address))
        .unwrap_or_else(|| panic!("a mail to {address}: {sent:#?}"))
}

#[test]
fn a_question_without_a_move_is_pointed_to_the_director_and_status() {
    let mut arena = arena();
    arena.run("2026-05-10");
    arena.new_sent();
    arena.send(
        "ivanov@example.test",
        "[RUS-EM-2026/1]",
        "Когда мой срок?",
        "2026-05-11",
    );
    arena.send(
        "mueller@example.test",
        "[RUS-EM-2026/2]",
        "Ist mein Gegner noch dabei?",
        "2026-05-11",
    );
    arena.run("2026-05-11");
    let sent = arena.new_sent();
    let ru = to(&sent, "ivanov@example.test");
    has(ru, "на который арбитр ответить не может");
    has(ru, "судье турнира: td@example.test");
    has(ru, "напишите отдельной строкой СТАТУС");
    let de = to(&sent, "mueller@example.test");
    has(
        de,
        "Bitte wenden Sie sich an den Turnierleiter, td@example.test.",
    );
    lacks(de, "STAND");
}

#[test]
fn a_question_beside_a_move_is_answered_in_the_movers_copy() {
    let mut arena = arena();
    arena.run("2026-05-10");
    arena.new_sent();
    arena.send(
        "petrov@example.test",
        "[RUS-EM-2026/2]",
        "1. 5254\n\nWhen is my deadline now?",
        "2026-05-11",
    );
    arena.run("2026-05-11");
    let sent = arena.new_sent();
    let mover = to(&sent, "petrov@example.test");
    has(mover, "which the arbiter cannot answer");
    has(mover, "Please ask the director, td@example.test.");
    has(mover, "write STATUS on a line of its own");
    // the words beside a move are the player's to his partner: the
    // question goes on with the move, and his copy says so
    has(mover, "Your note, relayed to Max Müller as written:");
    let partner = to(&sent, "mueller@example.test");
    has(partner, "When is my deadline now?");
}

#[test]
fn a_move_marked_with_a_question_mark_asks_nothing() {
    let mut arena = arena();
    arena.run("2026-05-10");
    arena.new_sent();
    arena.send(
        "petrov@example.test",
        "[RUS-EM-2026/2]",
        "1. 5254?",
        "2026-05-11",
    );
    arena.run("2026-05-11");
    let mut sent = arena.new_sent();
    arena.send(
        "mueller@example.test",
        "[RUS-EM-2026/2]",
        "1. 5254 5755!?",
        "2026-05-12",
    );
    arena.run("2026-05-12");
    sent.extend(arena.new_sent());
    for mail in &sent {
        lacks(mail, "cannot answer");
        lacks(mail, "nicht beantworten");
    }
    assert!(
        sent.iter().any(|m| m.about.contains("5755")),
        "both moves forwarded: {sent:#?}"
    );
}
