//! Whole games played by mail through the real binary on the embedded
//! transports: the acceptance of the referee core (DESIGN.md §5, §6).

mod common;

use chrono::Days;
use common::*;
use shakmaty::san::{San, SanPlus};
use shakmaty::{Chess, Move, Position};

/// The game's moves with their positions.
fn moves(sans: &str) -> Vec<(Chess, Move)> {
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for san in sans.split_whitespace() {
        let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        out.push((pos.clone(), m));
        pos = pos.play(m).unwrap();
    }
    out
}

const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";
const WHITE: &str = "ivanov@example.test";
const BLACK: &str = "petrov@example.test";

/// Arrival day of ply `i`: a varied but fixed schedule.
fn arrival(i: usize) -> String {
    (day("2026-05-10") + Days::new((i * 2 + i % 3) as u64)).to_string()
}

#[test]
fn app4_game_in_numeric_with_full_records() {
    let mut arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    let opening = arena.new_sent();
    assert_eq!(
        opening.len(),
        2,
        "the opening mail in each player's language"
    );
    let russian = opening.iter().find(|m| m.is_to(&[WHITE], &[]));
    let russian = russian.expect("Ivanov's opening mail");
    assert!(
        russian.about.contains("[RUS-EM-2026/1]")
            && russian.about.contains("партия начинается")
            && russian.body.contains("Регламент: РАЗШ, раздел III")
            && russian.body.contains("Ваше время"),
        "{russian:#?}"
    );
    let english = opening.iter().find(|m| m.is_to(&[BLACK], &[]));
    let english = english.expect("Petrov's opening mail");
    assert!(
        english.about.contains("[RUS-EM-2026/1]")
            && english.about.contains("the game begins")
            && english.body.contains("Rules: RAZSh Section III")
            && english.body.contains("Your clock"),
        "{english:#?}"
    );

    let game = moves(APP4);
    assert_eq!(game.len(), 53);
    for (i, (_, m)) in game.iter().enumerate() {
        // The full record: every move so far, numbered, then the new one.
        let mut record = String::new();
        for (j, (_, mj)) in game[..=i].iter().enumerate() {
            if j % 2 == 0 {
                record.push_str(&format!("{}. ", j / 2 + 1));
            }
            record.push_str(&numeric(mj));
            record.push(if j % 2 == 0 { ' ' } else { '\n' });
        }
        let (mover, opponent) = if i % 2 == 0 {
            (WHITE, BLACK)
        } else {
            (BLACK, WHITE)
        };
        let sent = arena.exchange(mover, SUBJECT, &record, &arrival(i));
        // Ivanov reads Russian, Petrov English: a copy for each
        assert_eq!(
            sent.len(),
            2,
            "ply {i}: a copy for each player, got {sent:#?}"
        );
        let expected = numbered_ply(i, &numeric(m));
        for reader in [opponent, mover] {
            let forward = sent.iter().find(|m| m.is_to(&[reader], &[]));
            let forward =
                forward.unwrap_or_else(|| panic!("ply {i}: a copy To {reader}: {sent:#?}"));
            assert!(
                forward.about.ends_with(&expected),
                "ply {i}: subject {:?} names {expected}",
                forward.subject
            );
            assert!(
                forward.body.contains(&expected),
                "ply {i}: body names the move"
            );
            assert_eq!(forward.auto_submitted.as_deref(), Some("auto-replied"));
            assert!(forward.in_reply_to.is_some(), "threaded as an answer");
        }
    }

    let sent = arena.exchange(BLACK, SUBJECT, "RESIGN", &arrival(53));
    // in Russian To Ivanov; in English To Petrov; the director's own copy
    assert_eq!(sent.len(), 3, "the result for each reader: {sent:#?}");
    assert!(sent.iter().any(|m| m.is_to(&["td@example.test"], &[])));
    let ru = sent
        .iter()
        .find(|m| m.is_to(&[WHITE], &[]))
        .expect("Ivanov's");
    let en = sent.iter().find(|m| m.is_to(&[BLACK], &[]));
    let en = en.expect("Petrov's");
    assert!(ru.body.contains("закончена"), "{}", ru.body);
    assert!(en.body.contains("ended on"), "{}", en.body);
    for result in [ru, en] {
        assert!(result.about.contains("1-0"));
        assert!(result.body.contains("[Result \"1-0\"]"));
        assert!(result.body.contains("[PlyCount \"53\"]"));
        // the last move with the day it was sent, then the result
        assert!(
            result.body.contains("27. Nxb5 {[%ccsnt ") && result.body.contains("]} 1-0"),
            "{}",
            result.body
        );
    }

    // show --json: the moves and the times of §6.
    let json = arena.json("RUS-EM-2026/1");
    assert_eq!(json["status"], "finished");
    assert_eq!(json["result"], "1-0");
    let stored = json["moves"].as_array().unwrap();
    assert_eq!(stored.len(), 53);
    let mut totals = [0i64, 0];
    for (i, (pos, m)) in game.iter().enumerate() {
        let received = if i == 0 {
            day("2026-05-10")
        } else {
            day(&arrival(i - 1))
        };
        let sent_day = day(&arrival(i));
        let days = (sent_day - received).num_days();
        totals[i % 2] += days;
        let mv = &stored[i];
        assert_eq!(mv["numeric"], numeric(m), "ply {i}");
        assert_eq!(
            mv["san"],
            SanPlus::from_move(pos.clone(), *m).to_string(),
            "ply {i}"
        );
        assert_eq!(mv["side"], if i % 2 == 0 { "white" } else { "black" });
        assert_eq!(mv["number"], (i / 2 + 1) as u64);
        assert_eq!(mv["received"], received.to_string(), "ply {i}");
        assert_eq!(mv["sent"], sent_day.to_string(), "ply {i}");
        assert_eq!(mv["days"], days, "ply {i}");
        assert_eq!(mv["total"], totals[i % 2], "ply {i}");
    }
    assert_eq!(json["white"]["days"], totals[0]);
    assert_eq!(json["white"]["total"], totals[0]);
    assert_eq!(json["black"]["total"], totals[1]);
    assert_eq!(json["white"]["penalty_days"], 0);

    // show --pgn reads back as the same game.
    let (code, pgn, _) = arena.cli(&["show", "RUS-EM-2026/1", "--pgn"]);
    assert_eq!(code, 0);
    // a RAZSh event is played at the arbiter, not at ICCF
    assert!(pgn.contains("[Event \"RUS-EM-2026\"]") && pgn.contains("[Site \"Test arbiter\"]"));
    assert!(
        pgn.contains("[White \"Ivanov, Ivan\"]")
            && pgn.contains("[WhiteCountry \"RUS\"]")
            && pgn.contains("[Date \"2026.05.10\"]")
    );
    let movetext: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    // the comments (each move's `{[%ccsnt …]}` date) left out
    let mut moves_only = String::new();
    let mut in_comment = false;
    for c in movetext.chars() {
        match c {
            '{' => in_comment = true,
            '}' => in_comment = false,
            _ if !in_comment => moves_only.push(c),
            _ => {}
        }
    }
    let mut pos = Chess::default();
    let mut replayed = Vec::new();
    for word in moves_only.split_whitespace() {
        if word.ends_with('.') || word == "1-0" {
            continue;
        }
        let m = word.parse::<San>().unwrap().to_move(&pos).unwrap();
        replayed.push(m);
        pos = pos.play(m).unwrap();
    }
    assert_eq!(replayed, game.iter().map(|(_, m)| *m).collect::<Vec<_>>());

    // A second run changes nothing and sends nothing.
    arena.run(&arrival(53));
    assert!(arena.new_sent().is_empty());
    assert_eq!(arena.json("RUS-EM-2026/1"), json);
    assert_eq!(arena.inbox_counts(), (0, 54), "every mail moved to cur/");
}

/// Russian long algebraic in windows-1251 quoted-printable against English
/// SAN in KOI8-R base64, each mail repeating only the partner's last move.
#[test]
fn russian_long_against_english_san_in_legacy_charsets() {
    let opening =
        "e4 d6 d4 g6 Nf3 Bg7 Be2 Nf6 Nc3 Nbd7 e5 Ng4 e6 Ndf6 exf7+ Kf8 Bf4 Nh6 Qd2 Nxf7 O-O-O c6";
    let game = moves(opening);
    let russian = |_: &Chess, m: &Move| russian_long(m);
    let mut arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    arena.new_sent();
    for (i, (pos, m)) in game.iter().enumerate() {
        let own = if i % 2 == 0 {
            russian(pos, m)
        } else {
            San::from_move(pos, *m).to_string()
        };
        let mut body = String::new();
        if i > 0 {
            let (ppos, pm) = &game[i - 1];
            // the partner's last move, in the sender's own notation
            let partner = if i % 2 == 0 {
                russian(ppos, pm)
            } else {
                San::from_move(ppos, *pm).to_string()
            };
            body.push_str(&numbered_ply(i - 1, &partner));
            body.push(' ');
        }
        body.push_str(&numbered_ply(i, &own));
        let (from, encoding, text) = if i % 2 == 0 {
            (
                WHITE,
                Encoding::Cp1251Qp,
                format!("Добрый день!\n\n{body}\n\nС уважением, Иван"),
            )
        } else {
            (
                BLACK,
                Encoding::Koi8rBase64,
                format!("Hello,\n\n{body}\n\nРегарды, Петр"),
            )
        };
        let raw = mail(from, SUBJECT, &text, &arrival(i), encoding);
        arena.deliver_raw(raw.as_bytes(), &arrival(i));
        arena.run(&arrival(i));
        let sent = arena.new_sent();
        assert_eq!(sent.len(), 2, "ply {i} ({body}): {sent:#?}");
        for copy in &sent {
            assert!(
                !copy.about.contains("not accepted"),
                "ply {i}: {}",
                copy.body
            );
        }
    }
    let json = arena.json("RUS-EM-2026/1");
    let numerics: Vec<String> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["numeric"].as_str().unwrap().to_string())
        .collect();
    let expected: Vec<String> = game.iter().map(|(_, m)| numeric(m)).collect();
    assert_eq!(numerics, expected);
    assert_eq!(json["white"]["penalty_days"], 0);
    assert_eq!(json["black"]["penalty_days"], 0);
}
