//! Games from a start position (`start_position`, DESIGN.md §9): an
//! endgame played by mail from a FEN with Black to move, in numeric and in
//! SAN notation, through the real binary.

mod common;

use common::*;
use mailarbiter::language::Lang;
use mailarbiter::render::board_from;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Position};

/// Rook endgame, Black to move at move 40.
const FEN: &str = "8/8/4k3/8/8/4K3/r7/R7 b - - 0 40";
const SUBJECT: &str = "Re: [ICCF-END/1] Ivanov - Petrov";
const WHITE: &str = "ivanov@example.test";
const BLACK: &str = "petrov@example.test";

fn endgame(notation: &str) -> String {
    config_with(
        "ICCF-END",
        "2026-05-10",
        notation,
        &format!("start_position = \"{FEN}\""),
        &[
            ("ivanov", "Ivanov, Ivan", WHITE, "en"),
            ("petrov", "Petrov, Petr", BLACK, "en"),
        ],
        &[("ivanov", "petrov")],
    )
}

fn start() -> Chess {
    FEN.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// The moves from the FEN: 40... Rxa1 41. Kd4 Rd1+ 42. Kc5.
const MOVES: [&str; 4] = ["a2a1", "e3d4", "a1d1", "d4c5"];

/// The numbers of the four plies from the FEN.
const NUMBERED: [&str; 4] = ["40...", "41.", "41...", "42."];

/// Sends ply `i` of the endgame, repeating the partner's last move
/// (III.3.3), each as `written` writes it (Black moves first); plays it on
/// `pos`; returns the mails the pass sent.
fn ply(arena: &mut Arena, pos: &mut Chess, i: usize, written: &[&str; 4]) -> Vec<Sent> {
    let mut record = String::new();
    if i > 0 {
        record.push_str(&format!("{} {}\n", NUMBERED[i - 1], written[i - 1]));
    }
    record.push_str(&format!("{} {}", NUMBERED[i], written[i]));
    let mover = if i.is_multiple_of(2) { BLACK } else { WHITE };
    let day = format!("2026-05-{}", 11 + 2 * i);
    let sent = arena.exchange(mover, SUBJECT, &record, &day);
    let m = MOVES[i].parse::<UciMove>().unwrap().to_move(pos).unwrap();
    *pos = pos.clone().play(m).unwrap();
    sent
}

/// Plays the endgame in `notation`, each mail repeating the partner's last
/// move (III.3.3) as `written` writes a ply, and checks each copy.
fn play(notation: &str, written: &[&str; 4]) -> Arena {
    let mut arena = Arena::new(&endgame(notation));
    arena.run("2026-05-10");
    let opening = arena.new_sent();
    assert_eq!(opening.len(), 1, "one opening mail to both: {opening:#?}");
    // it shows the start position with its FEN, and who starts at which move
    let body = opening[0].body.replace("\r\n", "\n");
    assert!(
        body.contains(&format!(
            "The game starts from this position, not the usual one (FEN {FEN}):\n"
        )) && body.contains(board_from(&start(), Lang::En, Color::White).trim_end())
            && body.contains("Black starts, for example:\n    40... <your move>\n")
            && !body.contains("White starts"),
        "{body}"
    );
    // the controls are numbered as the moves: ten moves from each side's first
    assert!(
        body.contains("Ivan Ivanov (White):\nYour clock: 0 days used of 60 allowed up to move 50;")
            && body.contains(
                "Petr Petrov (Black):\nYour clock: 0 days used of 60 allowed up to move 49;"
            ),
        "{body}"
    );
    let mut pos = start();
    for i in 0..MOVES.len() {
        let sent = ply(&mut arena, &mut pos, i, written);
        let expected = format!("{} {}", NUMBERED[i], written[i]);
        // one copy, To the player to move (Cc the mover: both read English)
        let (reader, mover) = if i % 2 == 0 {
            (WHITE, BLACK)
        } else {
            (BLACK, WHITE)
        };
        assert_eq!(sent.len(), 1, "ply {i}: {sent:#?}");
        let copy = &sent[0];
        assert!(copy.is_to(&[reader], &[mover]), "ply {i}: {copy:#?}");
        assert!(
            copy.about.ends_with(&expected) && copy.body.contains(&expected),
            "ply {i}: names {expected}: {} {}",
            copy.subject,
            copy.body
        );
        // the board shows the position reached from the FEN (from the side
        // of the copy's readers)
        let body = copy.body.replace("\r\n", "\n");
        assert!(
            [Color::White, Color::Black]
                .iter()
                .any(|side| body.contains(board_from(&pos, Lang::En, *side).trim_end())),
            "ply {i}: the board from the FEN:\n{body}"
        );
    }
    arena
}

#[test]
fn an_endgame_from_a_fen_with_black_to_move_is_played_in_numeric() {
    let arena = play("numeric", &["1211", "5344", "1141", "4435"]);
    let json = arena.json("ICCF-END/1");
    let stored = json["moves"].as_array().unwrap();
    let numbers: Vec<(u64, &str)> = stored
        .iter()
        .map(|m| (m["number"].as_u64().unwrap(), m["side"].as_str().unwrap()))
        .collect();
    assert_eq!(
        numbers,
        [(40, "black"), (41, "white"), (41, "black"), (42, "white")]
    );
    // the PGN starts from the FEN
    let (code, pgn, _) = arena.cli(&["show", "ICCF-END/1", "--pgn"]);
    assert_eq!(code, 0);
    assert!(
        pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{FEN}\"]\n"))
            && pgn.contains("\n40... Rxa1 {[%ccsnt 2026.05.11]} 41. Kd4 "),
        "{pgn}"
    );
}

#[test]
fn an_endgame_from_a_fen_with_black_to_move_is_played_in_san() {
    play("san", &["Rxa1", "Kd4", "Rd1+", "Kc5"]);
}

/// Before the first move, Black writes without a move (III.3.5): the
/// answer shows his move written at the FEN's number.
#[test]
fn iii_3_5_a_mail_without_the_first_move_is_shown_the_fens_move_number() {
    let mut arena = Arena::new(&endgame("san"));
    arena.run("2026-05-10");
    arena.new_sent();
    let sent = arena.exchange(
        BLACK,
        SUBJECT,
        "Good morning, still thinking.",
        "2026-05-11",
    );
    let answer = sent.iter().find(|m| m.is_to(&[BLACK], &[]));
    let answer = answer.unwrap_or_else(|| panic!("{sent:#?}"));
    let body = answer.body.replace("\r\n", "\n");
    assert!(body.contains("\n    40... <your move>\n"), "{body}");
    assert!(!body.contains("1. ..."), "{body}");
}

/// The same endgame from the FEN in each notation the arbiter writes and
/// each language its players read, the moves written in the readers' own
/// letters: every mail numbers the moves from the FEN's 40..., the board
/// shows the position reached, and the record keeps the moves at their
/// numbers.
#[test]
fn an_endgame_from_a_fen_is_played_in_every_notation_and_language() {
    // (notation, language, the four moves as the players write them)
    let cases: [(&str, &str, [&str; 4]); 6] = [
        ("numeric", "ru", ["1211", "5344", "1141", "4435"]),
        ("ru", "ru", ["Лa2:a1", "Крe3-d4", "Лa1-d1+", "Крd4-c5"]),
        ("san", "de", ["Txa1", "Kd4", "Td1+", "Kc5"]),
        ("numeric", "de", ["1211", "5344", "1141", "4435"]),
        ("san", "lt", ["Bxa1", "Kd4", "Bd1+", "Kc5"]),
        ("ru", "en", ["Ra2:a1", "Ke3-d4", "Ra1-d1+", "Kd4-c5"]),
    ];
    for (notation, lang, written) in cases {
        let context = format!("{notation}, {lang}");
        let config = config_with(
            "ICCF-END",
            "2026-05-10",
            notation,
            &format!("start_position = \"{FEN}\""),
            &[
                ("ivanov", "Ivanov, Ivan", WHITE, lang),
                ("petrov", "Petrov, Petr", BLACK, lang),
            ],
            &[("ivanov", "petrov")],
        );
        let mut arena = Arena::new(&config);
        arena.run("2026-05-10");
        let opening = arena.new_sent();
        assert!(
            opening.iter().any(|m| m.body.contains(FEN)),
            "{context}: the opening shows the FEN: {opening:#?}"
        );
        let reader = Lang::from_code(lang).unwrap();
        let mut pos = start();
        for (i, number) in NUMBERED.iter().enumerate() {
            let sent = ply(&mut arena, &mut pos, i, &written);
            let copy = sent
                .iter()
                .find(|m| m.about.contains(number))
                .unwrap_or_else(|| panic!("{context}, ply {i}: the forward: {sent:#?}"));
            let body = copy.body.replace("\r\n", "\n");
            assert!(
                [Color::White, Color::Black]
                    .iter()
                    .any(|side| body.contains(board_from(&pos, reader, *side).trim_end())),
                "{context}, ply {i}: the board from the FEN:\n{body}"
            );
        }
        let json = arena.json("ICCF-END/1");
        let numbers: Vec<(u64, &str)> = json["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["number"].as_u64().unwrap(), m["side"].as_str().unwrap()))
            .collect();
        assert_eq!(
            numbers,
            [(40, "black"), (41, "white"), (41, "black"), (42, "white")],
            "{context}"
        );
        let (_, pgn, _) = arena.cli(&["show", "ICCF-END/1", "--pgn"]);
        assert!(
            pgn.contains(&format!("[FEN \"{FEN}\"]"))
                && pgn.contains("40... Rxa1 ")
                && pgn.contains("42. Kc5 "),
            "{context}: {pgn}"
        );
    }
}
