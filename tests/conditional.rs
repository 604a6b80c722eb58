//! Hidden conditional moves (issue 12 item 5; `conditional = "hidden"`):
//! a series left after a line `CONDITIONAL` / `УСЛОВНО`, with the move or in
//! a mail of its own while the opponent is to move, played by the arbiter
//! while the opponent's moves match (each automatic move takes no days),
//! dropped on a deviation, cancelled on request, never shown to the
//! opponent; with the setting off, answered "not used". And the leftovers
//! of the visible variants: a variant that mates ends the game.
//!
//! The game: Ivanov (White, reads Russian) and Petrov (Black, reads
//! English), SAN. 1. e4 on 10 May.

mod common;

use common::*;

const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";
const WHITE: &str = "ivanov@example.test";
const BLACK: &str = "petrov@example.test";
const GAME: &str = "RUS-EM-2026/1";

fn players(extra: &str) -> String {
    config_with(
        "RUS-EM-2026",
        "2026-05-10",
        "san",
        extra,
        &[
            ("ivanov", "Ivanov, Ivan", WHITE, "ru"),
            ("petrov", "Petrov, Petr", BLACK, "en"),
        ],
        &[("ivanov", "petrov")],
    )
}

fn after_e4(extra: &str) -> Arena {
    let mut arena = Arena::new(&players(extra));
    arena.run("2026-05-10");
    arena.new_sent();
    let sent = arena.exchange(WHITE, SUBJECT, "1. e4", "2026-05-10");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    arena
}

fn hidden() -> Arena {
    after_e4("conditional = \"hidden\"\n")
}

/// The mails To `to` alone (no Cc).
fn to_only(sent: &[Sent], to: &str) -> Vec<Sent> {
    sent.iter()
        .filter(|m| m.to == [to.to_string()] && m.cc.is_empty())
        .cloned()
        .collect()
}

/// The one mail To `to` whose body holds `text`.
fn mail_with(sent: &[Sent], to: &str, text: &str) -> Sent {
    let found: Vec<&Sent> = sent
        .iter()
        .filter(|m| m.to == [to.to_string()] && m.body.contains(text))
        .collect();
    assert_eq!(found.len(), 1, "one mail To {to} with {text:?}: {sent:#?}");
    found[0].clone()
}

/// Every mail that Ivanov reads (To or Cc).
fn read_by(sent: &[Sent], who: &str) -> Vec<Sent> {
    sent.iter()
        .filter(|m| m.to.iter().chain(&m.cc).any(|a| a == who))
        .cloned()
        .collect()
}

/// The record: SAN, days, whether the move came from a conditional series.
fn record(arena: &Arena) -> Vec<(String, u64, bool)> {
    record_flagged(arena, GAME, "conditional")
}

fn sans(arena: &Arena) -> Vec<String> {
    record(arena).into_iter().map(|(s, _, _)| s).collect()
}

fn clocks(arena: &Arena) -> (u64, u64, u64, u64) {
    totals_and_penalties(arena, GAME)
}

/// Petrov's 1... e5 with the hidden series 2. Nf3 Nc6 3. Bb5 a6, on 12 May.
fn store_series(arena: &mut Arena) -> Vec<Sent> {
    arena.exchange(
        BLACK,
        SUBJECT,
        "1. e4 e5\nGood luck!\nCONDITIONAL\n2. Nf3 Nc6 3. Bb5 a6",
        "2026-05-12",
    )
}

#[test]
fn ii_3_8_hidden_conditional_played_while_matching() {
    let mut arena = hidden();
    let sent = store_series(&mut arena);
    // the forward (a copy per language) and the private confirmation
    assert_eq!(sent.len(), 3, "{sent:#?}");
    let confirm = mail_with(&sent, BLACK, "Your conditional moves are stored");
    assert!(confirm.cc.is_empty(), "to the owner alone");
    has(&confirm, "    2. Nf3 Nc6 3. Bb5 a6");
    has(&confirm, "CONDITIONAL CANCEL");
    assert_eq!(sans(&arena), ["e4", "e5"]);
    // 14 May: Ivanov plays 2. Nf3, the first move of the series: the
    // arbiter answers 2... Nc6 for Petrov at once
    let sent = arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3", "2026-05-14");
    assert_eq!(
        record(&arena),
        [
            ("e4".into(), 0, false),
            ("e5".into(), 2, false),
            ("Nf3".into(), 2, false),
            ("Nc6".into(), 0, true),
        ]
    );
    // Ivanov gets 2... Nc6 as a forward, saying it was played from
    // Petrov's conditional moves
    let auto = mail_with(&sent, WHITE, "2... Кc6");
    has(&auto, "из условных ходов игрока Petr Petrov");
    has(&auto, "3. <ваш ход>");
    // Petrov is told what was played for him and what still stands
    let told = mail_with(
        &sent,
        BLACK,
        "From your conditional moves the arbiter played",
    );
    assert!(told.cc.is_empty());
    has(&told, "played for you: 2... Nc6.");
    has(&told, "Still stored, for your opponent's next moves:");
    has(&told, "    3. Bb5 a6\r\n");
    // 16 May: 3. Bb5 matches again: 3... a6 is played, the series is done
    let sent = arena.exchange(WHITE, SUBJECT, "2... Nc6 3. Bb5", "2026-05-16");
    let told = mail_with(&sent, BLACK, "played for you: 3... a6.");
    has(&told, "That was the last move of your conditional moves");
    assert_eq!(
        record(&arena)[4..],
        [("Bb5".into(), 2, false), ("a6".into(), 0, true)]
    );
    // the automatic moves take no days: Petrov has used 2 days in all
    assert_eq!(clocks(&arena), (4, 2, 0, 0));
    // the PGN marks them with their day; a restart replays them
    let (_, pgn, _) = arena.cli(&["show", GAME, "--pgn"]);
    assert!(
        pgn.contains("2... Nc6 {[%ccsnt 2026.05.14] conditional}"),
        "{pgn}"
    );
    arena.run("2026-05-17");
    assert_eq!(sans(&arena), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    // Ivanov's next move counts from the day he received 3... a6
    arena.exchange(WHITE, SUBJECT, "3... a6 4. Ba4", "2026-05-18");
    assert_eq!(record(&arena)[6], ("Ba4".into(), 2, false));
}

#[test]
fn ii_3_8_hidden_conditional_dropped_on_deviation() {
    let mut arena = hidden();
    store_series(&mut arena);
    let sent = arena.exchange(WHITE, SUBJECT, "1... e5 2. d4", "2026-05-13");
    assert_eq!(
        sans(&arena),
        ["e4", "e5", "d4"],
        "nothing played for Petrov"
    );
    let told = mail_with(&sent, BLACK, "Your opponent played 2. d4 instead of 2. Nf3");
    has(&told, "the rest of your conditional moves was dropped");
    assert!(told.cc.is_empty());
    // Ivanov's copies say nothing of it
    for mail in read_by(&sent, WHITE) {
        lacks(&mail, "Nc6");
        lacks(&mail, "условн");
    }
    // Petrov answers by mail as usual: his time runs from 13 May
    arena.exchange(BLACK, SUBJECT, "2. d4 exd4", "2026-05-15");
    assert_eq!(record(&arena)[3], ("exd4".into(), 2, false));
}

#[test]
fn ii_3_8_hidden_conditional_cancelled_on_request() {
    let mut arena = hidden();
    store_series(&mut arena);
    // a mail of its own while Ivanov is to move: no move, no repetition
    let sent = arena.exchange(BLACK, SUBJECT, "Условно отмена", "2026-05-13");
    assert_eq!(sent.len(), 1, "only Petrov is answered: {sent:#?}");
    has(&sent[0], "Your conditional moves are cancelled");
    assert_eq!(to_only(&sent, BLACK).len(), 1);
    assert_eq!(clocks(&arena), (0, 2, 0, 0), "no penalty, no move");
    arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3", "2026-05-14");
    assert_eq!(sans(&arena), ["e4", "e5", "Nf3"], "nothing played");
    // cancelling again: nothing to cancel
    let mut arena = hidden();
    let sent = arena.exchange(BLACK, SUBJECT, "1. e4 e5\nCONDITIONAL CANCEL", "2026-05-12");
    mail_with(&sent, BLACK, "there was nothing to cancel");
}

#[test]
fn ii_3_8_hidden_conditional_replaced_by_a_new_series() {
    let mut arena = hidden();
    store_series(&mut arena);
    let sent = arena.exchange(BLACK, SUBJECT, "conditional:\n2. Nf3 Nf6", "2026-05-13");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    has(
        &sent[0],
        "Your new conditional moves replace the earlier ones",
    );
    has(&sent[0], "    2. Nf3 Nf6");
    arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3", "2026-05-14");
    assert_eq!(sans(&arena), ["e4", "e5", "Nf3", "Nf6"]);
    // a series sent while it is the sender's turn goes with his move
    let sent = arena.exchange(WHITE, SUBJECT, "CONDITIONAL\n3... Bb4 4. c3", "2026-05-15");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    let told = mail_with(
        &sent,
        WHITE,
        "сейчас ваш ход, а они посылаются вместе с вашим ходом",
    );
    has(&told, "штрафа нет");
    assert_eq!(clocks(&arena), (2, 2, 0, 0));
}

#[test]
fn ii_3_8_hidden_conditional_invisible_to_opponent() {
    let mut arena = hidden();
    let sent = store_series(&mut arena);
    let ivanov = read_by(&sent, WHITE);
    assert_eq!(ivanov.len(), 1, "only the forward: {sent:#?}");
    for text in ["Nc6", "Bb5", "a6", "CONDITIONAL", "условн", "Условн"] {
        lacks(&ivanov[0], text);
    }
    // the note before the line is relayed, nothing after it
    has(&ivanov[0], "| Good luck!");
    // Petrov's own copy of the forward does not show it either (another
    // language: a mail of its own); the series is in the private mail only
    let forward = sent
        .iter()
        .find(|m| m.to == [BLACK.to_string()] && m.body.contains("Your move, forwarded"))
        .expect("Petrov's copy of the forward");
    lacks(forward, "Bb5");
    // a series sent in a mail of its own reaches nobody but its owner
    let sent = arena.exchange(
        BLACK,
        SUBJECT,
        "УСЛОВНО\nесли 2. Кg1-f3, то 2... Кb8-c6",
        "2026-05-13",
    );
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert_eq!(to_only(&sent, BLACK).len(), 1);
    has(&sent[0], "    2. Nf3 Nc6");
    // show --json has no trace of it, only moves made
    let json = arena.json(GAME).to_string();
    assert!(!json.contains("Nc6"), "{json}");
}

#[test]
fn ii_3_8_hidden_conditional_off_answers_not_used() {
    let mut arena = after_e4("");
    let sent = store_series(&mut arena);
    assert_eq!(sans(&arena), ["e4", "e5"], "the move stands");
    assert_eq!(clocks(&arena), (0, 2, 0, 0), "without penalty");
    let told = mail_with(
        &sent,
        BLACK,
        "Conditional moves are not used in this tournament",
    );
    assert!(told.cc.is_empty());
    for mail in read_by(&sent, WHITE) {
        lacks(&mail, "Nc6");
    }
    // a mail of its own: answered, nothing recorded
    let sent = arena.exchange(BLACK, SUBJECT, "CONDITIONAL\n2. Nf3 Nc6", "2026-05-13");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    has(&sent[0], "not used in this tournament");
    arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3", "2026-05-14");
    assert_eq!(sans(&arena), ["e4", "e5", "Nf3"]);
    assert_eq!(clocks(&arena), (2, 2, 0, 0));
}

#[test]
fn ii_3_8_hidden_conditional_illegal_refused_and_the_move_stands() {
    let mut arena = hidden();
    let sent = arena.exchange(
        BLACK,
        SUBJECT,
        "1. e4 e5\nCONDITIONAL\n2. Nf3 Qxh8",
        "2026-05-12",
    );
    assert_eq!(sans(&arena), ["e4", "e5"]);
    assert_eq!(clocks(&arena), (0, 2, 0, 0));
    let told = mail_with(&sent, BLACK, "Your conditional moves were not stored");
    has(&told, "\"Qxh8\" is an impossible move");
    // a trailing move of the opponent is dropped, and said so
    let mut arena = hidden();
    let sent = arena.exchange(
        BLACK,
        SUBJECT,
        "1. e4 e5\nCONDITIONAL\n2. Nf3 Nc6 3. Bb5",
        "2026-05-12",
    );
    let told = mail_with(&sent, BLACK, "Your conditional moves are stored");
    has(&told, "ended with a move of your opponent, 3. Bb5");
    has(&told, "    2. Nf3 Nc6\r\n");
}

#[test]
fn ii_3_8_hidden_conditional_mate_ends_the_game() {
    let mut arena = hidden();
    arena.exchange(BLACK, SUBJECT, "1. e4 e5", "2026-05-11");
    arena.exchange(WHITE, SUBJECT, "1... e5 2. Qh5", "2026-05-12");
    arena.exchange(BLACK, SUBJECT, "2. Qh5 Nc6", "2026-05-13");
    arena.exchange(
        WHITE,
        SUBJECT,
        "2... Nc6 3. Bc4\nCONDITIONAL\n3... Nf6 4. Qxf7#",
        "2026-05-14",
    );
    let sent = arena.exchange(BLACK, SUBJECT, "3. Bc4 Nf6", "2026-05-15");
    assert_eq!(
        record(&arena)[6],
        ("Qxf7#".into(), 0, true),
        "{:?}",
        record(&arena)
    );
    let json = arena.json(GAME);
    assert_eq!(json["result"], "1-0", "{json}");
    assert!(
        sent.iter().any(|m| m.about.contains("1-0")),
        "the result mail: {sent:#?}"
    );
}

#[test]
fn iii_3_9_an_accepted_variant_that_mates_needs_no_reply() {
    let mut arena = hidden();
    arena.exchange(BLACK, SUBJECT, "1. e4 e5", "2026-05-11");
    arena.exchange(WHITE, SUBJECT, "1... e5 2. Qh5", "2026-05-12");
    arena.exchange(BLACK, SUBJECT, "2. Qh5 Nc6", "2026-05-13");
    // a visible variant that ends in mate
    arena.exchange(WHITE, SUBJECT, "2... Nc6 3. Bc4 Nf6 4. Qxf7#", "2026-05-14");
    // Petrov accepts it to the mate: no reply is due, no penalty
    let sent = arena.exchange(BLACK, SUBJECT, "3. Bc4 Nf6 4. Qxf7#", "2026-05-15");
    let json = arena.json(GAME);
    assert_eq!(json["result"], "1-0", "{json}");
    assert_eq!(clocks(&arena).3, 0, "no penalty");
    assert!(
        sent.iter().any(|m| m.about.contains("1-0")),
        "the result mail: {sent:#?}"
    );
}

const TD: &str = "td@example.test";

#[test]
fn iii_6_3_a_held_answer_to_a_variant_is_kept_and_played_on_reject() {
    let mut arena = Arena::new(&players("conditional = \"hidden\"\n"));
    arena.run("2026-05-10");
    // Ivanov offers 1... e5 2. Nf3 with his first move
    arena.exchange(WHITE, SUBJECT, "1. e4 e5 2. Nf3", "2026-05-10");
    // Petrov answers 66 days later (60 allowed): he accepts the variant,
    // replies 2... Nc6 and offers 3. Bb5 a6; the claim holds it all
    let sent = arena.exchange(
        BLACK,
        SUBJECT,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
        "2026-07-15",
    );
    assert!(
        sent.iter().any(|m| m.about.contains("time overstep claim")),
        "{sent:#?}"
    );
    assert_eq!(sans(&arena), ["e4"], "held, not played");
    assert_eq!(arena.json(GAME)["status"], "suspended");
    // the director rejects the claim: the held mail is played as sent
    let sent = arena.exchange(TD, "Re: [RUS-EM-2026/1] claim", "REJECT", "2026-07-16");
    assert_eq!(sans(&arena), ["e4", "e5", "Nf3", "Nc6"]);
    let json = arena.json(GAME);
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves[1]["variant"], true);
    assert_eq!(moves[2]["variant"], true);
    assert_eq!(moves[3]["forwarded"], "2026-07-16");
    let ivanov = sent
        .iter()
        .find(|m| m.to == [WHITE.to_string()] && m.body.contains("2... Кc6"))
        .expect("the forward to Ivanov");
    has(ivanov, "    3. Сb5 a6");
    // Ivanov accepts Petrov's variant in full and replies 4. Ba4
    arena.exchange(WHITE, SUBJECT, "2... Nc6 3. Bb5 a6 4. Ba4", "2026-07-18");
    assert_eq!(
        record(&arena)[4..],
        [
            ("Bb5".into(), 0, false),
            ("a6".into(), 0, false),
            ("Ba4".into(), 2, false)
        ]
    );
}

#[test]
fn iii_6_3_a_hidden_series_answers_a_held_move_on_reject() {
    let mut arena = Arena::new(&players("conditional = \"hidden\"\n"));
    arena.run("2026-05-10");
    arena.exchange(
        WHITE,
        SUBJECT,
        "1. e4\nCONDITIONAL\n1... e5 2. Nf3",
        "2026-05-10",
    );
    arena.exchange(BLACK, SUBJECT, "1. e4 e5", "2026-07-15");
    assert_eq!(sans(&arena), ["e4"]);
    let sent = arena.exchange(TD, "Re: [RUS-EM-2026/1] claim", "REJECT", "2026-07-16");
    assert_eq!(
        record(&arena),
        [
            ("e4".into(), 0, false),
            ("e5".into(), 66, false),
            ("Nf3".into(), 0, true)
        ]
    );
    mail_with(
        &sent,
        WHITE,
        "Из ваших условных ходов арбитр сыграл за вас: 2. Кf3",
    );
    let petrov = mail_with(&sent, BLACK, "2. Nf3");
    has(&petrov, "from the conditional moves of Ivan Ivanov");
}

#[test]
fn ii_3_8_hidden_conditional_waits_for_the_owner_on_a_draw_offer() {
    let mut arena = hidden();
    store_series(&mut arena);
    // 2. Nf3 matches, but comes with a draw offer: Petrov answers himself
    let sent = arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3 (=)", "2026-05-13");
    assert_eq!(sans(&arena), ["e4", "e5", "Nf3"]);
    mail_with(&sent, BLACK, "Your opponent offered a draw with his move");
    let sent = arena.exchange(BLACK, SUBJECT, "ACCEPT DRAW", "2026-05-14");
    assert_eq!(arena.json(GAME)["result"], "1/2-1/2", "{sent:#?}");
}

#[test]
fn ii_3_8_hidden_conditional_series_of_both_sides_answer_each_other() {
    let mut arena = hidden();
    store_series(&mut arena);
    // Ivanov plays 2. Nf3 and leaves 2... Nc6 3. Bb5 himself: Petrov's
    // 2... Nc6 is played, then Ivanov's 3. Bb5, then Petrov's 3... a6
    let sent = arena.exchange(
        WHITE,
        SUBJECT,
        "1... e5 2. Nf3\nУСЛОВНО\n2... Nc6 3. Bb5",
        "2026-05-13",
    );
    assert_eq!(
        record(&arena)[2..],
        [
            ("Nf3".into(), 1, false),
            ("Nc6".into(), 0, true),
            ("Bb5".into(), 0, true),
            ("a6".into(), 0, true),
        ]
    );
    mail_with(&sent, BLACK, "played for you: 2... Nc6, 3... a6.");
    mail_with(&sent, WHITE, "арбитр сыграл за вас: 3. Сb5.");
    // the last automatic move is Ivanov's to answer, counted from 13 May
    arena.exchange(WHITE, SUBJECT, "3... a6 4. Ba4", "2026-05-15");
    assert_eq!(record(&arena)[6], ("Ba4".into(), 2, false));
}

#[test]
fn ii_3_8_hidden_conditional_may_repeat_the_record_before_the_series() {
    let mut arena = hidden();
    arena.exchange(BLACK, SUBJECT, "1. e4 e5", "2026-05-12");
    // a mail of its own, in the visible variant's style: 1... e5 is context
    let sent = arena.exchange(
        BLACK,
        SUBJECT,
        "CONDITIONAL\n1... e5 2. Nf3 Nc6",
        "2026-05-13",
    );
    mail_with(&sent, BLACK, "Your conditional moves are stored");
    arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3", "2026-05-14");
    assert_eq!(sans(&arena), ["e4", "e5", "Nf3", "Nc6"]);
}
