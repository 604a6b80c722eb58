//! Variants by mail (issue 12): a series of moves offered with a move,
//! accepted in full, in part or not at all, timed to III.4.6; a wrong
//! repetition of an accepted move and an acceptance without a reply are
//! penalised (III.4.7, III.3.9); a variant that does not read is refused
//! with the move standing; a trailing move of the partner is dropped;
//! "any move" is refused (II.3.6).
//!
//! The game: Ivanov (White, reads Russian) and Petrov (Black, reads
//! English), SAN. 1. e4 on 10 May; Petrov answers 1... e5 on 12 May and
//! offers a variant.

mod common;

use common::*;

const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";
const WHITE: &str = "ivanov@example.test";
const BLACK: &str = "petrov@example.test";
const GAME: &str = "RUS-EM-2026/1";

/// The full variant Petrov offers with 1... e5.
const OFFER: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";

fn after_e4() -> Arena {
    let mut arena = Arena::new(&two_players("san"));
    arena.run("2026-05-10");
    arena.new_sent();
    let sent = arena.exchange(WHITE, SUBJECT, "1. e4", "2026-05-10");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    arena
}

fn find(sent: &[Sent], to: &str) -> Sent {
    sent.iter()
        .find(|m| m.to == [to.to_string()])
        .unwrap_or_else(|| panic!("a mail To {to}: {sent:#?}"))
        .clone()
}

/// Petrov's 1... e5 with `body`, on 12 May: (Ivanov's copy, Petrov's copy).
fn offer(arena: &mut Arena, body: &str) -> (Sent, Sent) {
    let sent = arena.exchange(BLACK, SUBJECT, body, "2026-05-12");
    assert_eq!(sent.len(), 2, "the forward, a copy per language: {sent:#?}");
    (find(&sent, WHITE), find(&sent, BLACK))
}

/// The record: SAN, days, whether the move came from a variant.
fn record(arena: &Arena) -> Vec<(String, u64, bool)> {
    record_flagged(arena, GAME, "variant")
}

fn sans(arena: &Arena) -> Vec<String> {
    record(arena).into_iter().map(|(s, _, _)| s).collect()
}

fn clocks(arena: &Arena) -> (u64, u64, u64, u64) {
    totals_and_penalties(arena, GAME)
}

#[test]
fn iii_3_7_a_variant_is_forwarded_numbered_with_how_to_accept() {
    let mut arena = after_e4();
    let (ivanov, petrov) = offer(&mut arena, OFFER);
    // the move itself counts as usual, nothing of the variant is played yet
    assert_eq!(sans(&arena), ["e4", "e5"]);
    // the opponent reads the variant, numbered, and how to accept it (in Russian)
    has(&ivanov, "предлагает вариант (III.3.7)");
    has(&ivanov, "    2. Кf3 Кc6 3. Сb5 a6");
    has(&ivanov, "Чтобы принять его целиком или частично");
    has(&ivanov, "1... e5 2. Кf3 Кc6 3. <ваш ход>");
    has(&ivanov, "неправильный повтор (штраф, III.4.7)");
    // the proposer's copy shows what was forwarded
    has(&petrov, "Your variant, forwarded with the move (III.3.7):");
    has(&petrov, "    2. Nf3 Nc6 3. Bb5 a6");
}

#[test]
fn iii_3_7_a_variant_in_numeric_notation_is_forwarded_also_in_san() {
    let mut arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    arena.new_sent();
    arena.exchange(WHITE, SUBJECT, "1. 5254", "2026-05-10");
    // written in Russian long algebraic, without numbers on IF lines: the
    // arbiter numbers it and writes it in the tournament's notation
    let (ivanov, _) = offer(&mut arena, "1. 5254 5755\nIF Кg1-f3 THEN Кb8-c6");
    has(&ivanov, "    2. 7163 2836");
    // Ivanov reads Russian: the SAN in his piece letters
    has(&ivanov, "    (2. Кf3 Кc6)");
    let (ivanov, _) = {
        let mut arena = Arena::new(&two_players("numeric"));
        arena.run("2026-05-10");
        arena.new_sent();
        arena.exchange(WHITE, SUBJECT, "1. 5254", "2026-05-10");
        offer(&mut arena, "1. 5254 5755\nесли 2. Кg1-f3, то 2... Кb8-c6")
    };
    has(&ivanov, "    2. 7163 2836");
    // Ivanov reads Russian: the SAN in his piece letters
    has(&ivanov, "    (2. Кf3 Кc6)");
}

#[test]
fn iii_4_6_accepted_in_full_the_moves_between_take_no_days() {
    let mut arena = after_e4();
    offer(&mut arena, OFFER);
    // Ivanov accepts all four moves on 15 May and replies 4. Ba4
    let sent = arena.exchange(
        WHITE,
        SUBJECT,
        "1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4",
        "2026-05-15",
    );
    assert_eq!(sent.len(), 2, "{sent:#?}");
    let (petrov, ivanov) = (find(&sent, BLACK), find(&sent, WHITE));
    assert_eq!(
        record(&arena),
        [
            ("e4".into(), 0, false),
            ("e5".into(), 2, false),
            ("Nf3".into(), 0, true),
            ("Nc6".into(), 0, true),
            ("Bb5".into(), 0, true),
            ("a6".into(), 0, true),
            // received the variant on 12 May, replied on 15 May (III.4.6)
            ("Ba4".into(), 3, false),
        ]
    );
    assert_eq!(clocks(&arena), (3, 2, 0, 0));
    has(&petrov, "Accepted in full, your variant (III.3.7): 2. Nf3 Nc6 3. Bb5 a6. These moves took no days (III.4.6).");
    has(
        &ivanov,
        "Принят целиком вариант Petr Petrov (III.3.7): 2. Кf3 Кc6 3. Сb5 a6.",
    );
    // the standard form shows them with their dates and marks them
    has(&petrov, "Moves of accepted variants, made without days (III.4.6): 2. Nf3, 2... Nc6, 3. Bb5, 3... a6.");
    has(
        &petrov,
        "12/05 15/05 0/00   02.  Nf3    Nc6     15/05 15/05 0/02",
    );
    // the PGN carries the day of each variant move
    let (_, pgn, _) = arena.cli(&["show", GAME, "--pgn"]);
    assert!(
        pgn.contains("2. Nf3 {[%ccsnt 2026.05.15] variant}"),
        "{pgn}"
    );
    // the record survives a restart: the store replays the offer and the moves
    arena.run("2026-05-16");
    assert_eq!(record(&arena).len(), 7);
}

#[test]
fn iii_3_7_accepted_in_part_the_rest_lapses() {
    let mut arena = after_e4();
    offer(&mut arena, OFFER);
    // Ivanov accepts 2. Nf3 Nc6 and replies 3. Bb5, which the variant also
    // had: a reply, and the variant's 3... a6 is not played
    let sent = arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3 Nc6 3. Bb5", "2026-05-14");
    let petrov = find(&sent, BLACK);
    assert_eq!(
        record(&arena),
        [
            ("e4".into(), 0, false),
            ("e5".into(), 2, false),
            ("Nf3".into(), 0, true),
            ("Nc6".into(), 0, true),
            ("Bb5".into(), 2, false),
        ]
    );
    assert_eq!(clocks(&arena), (2, 2, 0, 0));
    has(
        &petrov,
        "Accepted in part, your variant (III.3.7): 2. Nf3 Nc6; the rest of it lapsed.",
    );
    // Petrov now answers freely: 3... Nf6 instead of a6
    let sent = arena.exchange(BLACK, SUBJECT, "3. Bb5 Nf6", "2026-05-15");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    assert_eq!(sans(&arena).last().unwrap(), "Nf6");
    assert_eq!(clocks(&arena), (2, 3, 0, 0));
}

#[test]
fn iii_3_7_a_deviation_ends_the_variant_and_may_offer_one_of_its_own() {
    let mut arena = after_e4();
    offer(&mut arena, OFFER);
    // Ivanov accepts 2. Nf3 Nc6, deviates with 3. Bc4 and offers 3... Bc5 4. c3
    let sent = arena.exchange(
        WHITE,
        SUBJECT,
        "1... e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3",
        "2026-05-13",
    );
    let petrov = find(&sent, BLACK);
    assert_eq!(sans(&arena), ["e4", "e5", "Nf3", "Nc6", "Bc4"]);
    has(
        &petrov,
        "Accepted in part, your variant (III.3.7): 2. Nf3 Nc6; the rest of it lapsed.",
    );
    has(
        &petrov,
        "With this move Ivan Ivanov offers a variant (III.3.7)",
    );
    has(&petrov, "    3... Bc5 4. c3");
    has(&petrov, "    3. Bc4 3... Bc5 4. c3 4... <your move>");
    // Petrov accepts it and replies 4... Nf6 on 20 May: 7 days for him
    arena.exchange(BLACK, SUBJECT, "3. Bc4 Bc5 4. c3 Nf6", "2026-05-20");
    assert_eq!(
        record(&arena)[5..],
        [
            ("Bc5".into(), 0, true),
            ("c3".into(), 0, true),
            ("Nf6".into(), 7, false)
        ]
    );
    assert_eq!(clocks(&arena), (1, 9, 0, 0));
}

#[test]
fn iii_3_7_declined_the_reply_differs_at_once() {
    let mut arena = after_e4();
    offer(&mut arena, OFFER);
    let sent = arena.exchange(WHITE, SUBJECT, "1... e5 2. d4", "2026-05-13");
    let petrov = find(&sent, BLACK);
    assert_eq!(
        record(&arena),
        [
            ("e4".into(), 0, false),
            ("e5".into(), 2, false),
            ("d4".into(), 1, false)
        ]
    );
    has(&petrov, "Not accepted, your variant (III.3.7): the reply differs from it at once, and the variant lapsed.");
    lacks(&petrov, "Moves of accepted variants");
}

#[test]
fn iii_4_7_a_wrong_repetition_of_an_accepted_variant_move_is_penalised() {
    let mut arena = after_e4();
    offer(&mut arena, OFFER);
    // Ivanov writes 2... Nf6 where the variant has 2... Nc6
    let sent = arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3 Nf6 3. Bc4", "2026-05-13");
    assert_eq!(sent.len(), 1, "only the sender is answered: {sent:#?}");
    let ivanov = find(&sent, WHITE);
    has(&ivanov, "«2... Nf6»");
    has(&ivanov, "2... Кc6");
    has(&ivanov, "III.3.8");
    assert_eq!(sans(&arena), ["e4", "e5"]);
    assert_eq!(clocks(&arena), (2, 2, 2, 0));
    // the variant still stands: a correct acceptance goes through
    arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3 Nc6 3. Bc4", "2026-05-14");
    assert_eq!(sans(&arena), ["e4", "e5", "Nf3", "Nc6", "Bc4"]);
    assert_eq!(clocks(&arena), (4, 2, 2, 0));
}

#[test]
fn iii_3_9_accepting_a_variant_without_a_reply_is_an_illegible_move() {
    let mut arena = after_e4();
    offer(&mut arena, OFFER);
    let sent = arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3 Nc6", "2026-05-13");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    let ivanov = find(&sent, WHITE);
    has(&ivanov, "не добавили ответного хода");
    has(&ivanov, "III.3.9");
    assert_eq!(sans(&arena), ["e4", "e5"]);
    assert_eq!(clocks(&arena), (2, 2, 2, 0));
    let json = arena.json(GAME);
    assert_eq!(json["penalties"][0]["reason"], "illegible");
}

#[test]
fn iii_3_7_an_illegal_variant_is_refused_and_the_move_stands() {
    let mut arena = after_e4();
    let (ivanov, petrov) = offer(&mut arena, "1. e4 e5 2. Nf3 Nc6 3. Bb5 Qxh8");
    assert_eq!(sans(&arena), ["e4", "e5"]);
    assert_eq!(clocks(&arena), (0, 2, 0, 0), "no penalty for the variant");
    has(
        &petrov,
        "your variant was not accepted and not forwarded (III.3.7):",
    );
    has(&petrov, "\"Qxh8\" is an impossible move");
    has(&petrov, "Your move itself stands.");
    lacks(&ivanov, "вариант");
    lacks(&ivanov, "Qxh8");
    // Ivanov's plain reply is just a move
    arena.exchange(WHITE, SUBJECT, "1... e5 2. Nf3", "2026-05-13");
    assert_eq!(
        record(&arena)[2],
        ("Nf3".into(), 1, false),
        "no variant to accept"
    );
    // numbers that do not follow are refused too
    let mut arena = after_e4();
    let (_, petrov) = offer(&mut arena, "1. e4 e5 3. Bb5 a6");
    has(&petrov, "\"3. Bb5\" does not");
}

#[test]
fn iii_3_7_a_trailing_move_of_the_partner_is_ignored_and_said_so() {
    let mut arena = after_e4();
    let (ivanov, petrov) = offer(&mut arena, "1. e4 e5 2. Nf3 Nc6 3. Bb5");
    has(
        &petrov,
        "your variant ends with a move of your partner, 3. Bb5: that move was left out",
    );
    has(&ivanov, "    2. Кf3 Кc6");
    lacks(&ivanov, "Сb5");
    // only one move of the partner: nothing is left to offer
    let mut arena = after_e4();
    let (ivanov, petrov) = offer(&mut arena, "1. e4 e5 2. Nf3");
    has(&petrov, "2. Nf3: that move was left out");
    lacks(&ivanov, "вариант");
}

#[test]
fn ii_3_6_any_move_is_refused() {
    let mut arena = after_e4();
    let (ivanov, petrov) = offer(&mut arena, "1. e4 e5\nIF 2. Nf3 THEN any move");
    assert_eq!(sans(&arena), ["e4", "e5"]);
    has(&petrov, "\"any move\" is not allowed in a variant (II.3.6)");
    lacks(&ivanov, "вариант");
    assert_eq!(clocks(&arena), (0, 2, 0, 0));
}

#[test]
fn iii_3_7_numbered_and_unnumbered_lines_in_russian_make_one_variant() {
    let mut arena = after_e4();
    let (ivanov, _) = offer(
        &mut arena,
        "1. e2-e4 e7-e5\nесли 2. Кg1-f3, то 2... Кb8-c6\nЕСЛИ Сf1-b5 ТО a7-a6",
    );
    has(&ivanov, "    2. Кf3 Кc6 3. Сb5 a6");
    // accepted in Russian long algebraic, as docs/players.md shows
    arena.exchange(
        WHITE,
        SUBJECT,
        "1... e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-b5 a7-a6 4. Сb5-a4",
        "2026-05-15",
    );
    assert_eq!(sans(&arena), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    assert_eq!(clocks(&arena), (3, 2, 0, 0));
}
