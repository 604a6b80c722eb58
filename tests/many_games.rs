//! Several games of one tournament at once, mails interleaved, each game in
//! its own notation; the special moves in numeric (en passant, promotion,
//! both castlings); a mate ending the game by itself.

mod common;

use common::*;
use shakmaty::san::San;
use shakmaty::{Chess, Position};

fn league() -> String {
    config(
        "RUS-EM-2026",
        "2026-05-10",
        "numeric",
        &[
            ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "ru"),
            ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
            ("smith", "Smith, John", "smith@example.test", "en"),
            ("jones", "Jones, Mary", "jones@example.test", "en"),
        ],
        &[
            ("ivanov", "petrov"),
            ("smith", "jones"),
            ("petrov", "smith"),
            ("jones", "ivanov"),
        ],
    )
}

/// How a player writes a move in a test game.
#[derive(Clone, Copy)]
enum Style {
    Numeric,
    San,
    RussianLong,
    Coordinates,
}

fn write(style: Style, pos: &Chess, san: &str) -> String {
    let m = san.parse::<San>().unwrap().to_move(pos).unwrap();
    match style {
        Style::San => san.to_string(),
        Style::Coordinates => m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
        Style::Numeric => numeric(&m),
        Style::RussianLong => russian_long(&m),
    }
}

struct TestGame {
    id: &'static str,
    white: &'static str,
    black: &'static str,
    style: [Style; 2],
    sans: Vec<&'static str>,
    pos: Chess,
    done: usize,
    last: Option<String>,
}

impl TestGame {
    fn new(
        id: &'static str,
        white: &'static str,
        black: &'static str,
        style: [Style; 2],
        sans: &'static str,
    ) -> TestGame {
        TestGame {
            id,
            white,
            black,
            style,
            sans: sans.split_whitespace().collect(),
            pos: Chess::default(),
            done: 0,
            last: None,
        }
    }

    /// The next move's mail (from, subject, body), repeating only the partner's last move.
    fn next_mail(&mut self) -> Option<(String, String, String)> {
        let san = *self.sans.get(self.done)?;
        let white_moves = self.done.is_multiple_of(2);
        let style = self.style[self.done % 2];
        let number = self.done / 2 + 1;
        let own = format!(
            "{number}{} {}",
            if white_moves { "." } else { "..." },
            write(style, &self.pos, san)
        );
        let body = match &self.last {
            Some(last) => format!("{last} {own}"),
            None => own.clone(),
        };
        let m = san.parse::<San>().unwrap().to_move(&self.pos).unwrap();
        self.pos = self.pos.clone().play(m).unwrap();
        self.done += 1;
        self.last = Some(own);
        let from = if white_moves { self.white } else { self.black };
        Some((from.to_string(), format!("Re: [{}] move", self.id), body))
    }
}

#[test]
fn several_games_at_once_interleaved_each_in_its_notation() {
    let mut arena = Arena::new(&league());
    arena.run("2026-05-10");
    let opening = arena.new_sent();
    assert_eq!(
        opening.len(),
        6,
        "four opening mails, Ivanov's two written apart in Russian"
    );
    assert_eq!(
        opening
            .iter()
            .filter(|m| m.is_to(&["ivanov@example.test"], &[]) && m.body.contains("Регламент"))
            .count(),
        2
    );
    let mut games = vec![
        // en passant (3. exd6), both castlings (6. O-O O-O-O), in numeric and Russian long
        TestGame::new(
            "RUS-EM-2026/1",
            "ivanov@example.test",
            "petrov@example.test",
            [Style::Numeric, Style::RussianLong],
            "e4 a6 e5 d5 exd6 Qxd6 Nf3 Nc6 Be2 Bf5 O-O O-O-O d3 e5",
        ),
        // a promotion with capture (5. hxg8=Q) in numeric both sides
        TestGame::new(
            "RUS-EM-2026/2",
            "smith@example.test",
            "jones@example.test",
            [Style::Numeric, Style::Numeric],
            "h4 g5 hxg5 h6 gxh6 Nc6 h7 e6 hxg8=Q Rxg8",
        ),
        // SAN against coordinates, black castles short in coordinates
        TestGame::new(
            "RUS-EM-2026/3",
            "petrov@example.test",
            "smith@example.test",
            [Style::San, Style::Coordinates],
            "d4 Nf6 c4 e6 Nc3 Be7 e4 O-O",
        ),
        // Russian long both sides, white castles long in Russian
        TestGame::new(
            "RUS-EM-2026/4",
            "jones@example.test",
            "ivanov@example.test",
            [Style::RussianLong, Style::RussianLong],
            "d4 d5 Nc3 Nc6 Bf4 Bf5 Qd2 Qd7 O-O-O O-O-O",
        ),
    ];
    let mut day_number = 10;
    loop {
        // each day, one mail of every game that still has moves, all in one run
        let mut any = false;
        let today = format!("2026-05-{day_number:02}");
        for g in games.iter_mut() {
            if let Some((from, subject, body)) = g.next_mail() {
                arena.send(&from, &subject, &body, &today);
                any = true;
            }
        }
        if !any {
            break;
        }
        arena.run(&today);
        let sent = arena.new_sent();
        for mail in &sent {
            assert!(
                !mail.about.contains("not accepted"),
                "{}: {}",
                mail.subject,
                mail.body
            );
        }
        day_number += 1;
    }
    for g in &games {
        let json = arena.json(g.id);
        let sans: Vec<String> = json["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                m["san"]
                    .as_str()
                    .unwrap()
                    .trim_end_matches(['+', '#'])
                    .to_string()
            })
            .collect();
        let expected: Vec<String> = g
            .sans
            .iter()
            .map(|s| s.trim_end_matches(['+', '#']).to_string())
            .collect();
        assert_eq!(sans, expected, "{}", g.id);
        assert_eq!(json["white"]["penalty_days"], 0, "{}", g.id);
        assert_eq!(json["black"]["penalty_days"], 0, "{}", g.id);
    }
    let json = arena.json("RUS-EM-2026/2");
    assert_eq!(
        json["moves"][8]["numeric"], "87781",
        "hxg8=Q in five digits"
    );
    let json = arena.json("RUS-EM-2026/1");
    assert_eq!(
        json["moves"][4]["numeric"], "5546",
        "en passant is the pawn's diagonal move"
    );
    assert_eq!(json["moves"][10]["numeric"], "5171");
    assert_eq!(json["moves"][11]["numeric"], "5838");
}

#[test]
fn a_mate_ends_the_game_with_the_right_result() {
    let mut arena = Arena::new(&league());
    arena.run("2026-05-10");
    arena.new_sent();
    let subject = "Re: [RUS-EM-2026/1]";
    arena.exchange("ivanov@example.test", subject, "1. 6263", "2026-05-10");
    arena.exchange("petrov@example.test", subject, "1. 6263 5755", "2026-05-11");
    arena.exchange(
        "ivanov@example.test",
        subject,
        "1... 5755 2. 7274",
        "2026-05-12",
    );
    let sent = arena.exchange("petrov@example.test", subject, "2. 7274 4884", "2026-05-13");
    // each in Ivanov's Russian and in Petrov's English, in that order; the
    // director's copy of the result last
    assert_eq!(sent.len(), 5, "the forward and the result: {sent:#?}");
    assert!(sent[4].is_to(&["td@example.test"], &[]), "{:?}", sent[4]);
    assert!(sent[0].is_to(&["ivanov@example.test"], &[]));
    assert!(sent[0].about.ends_with("2... 4884"));
    assert!(sent[1].is_to(&["petrov@example.test"], &[]));
    assert!(sent[1].about.ends_with("2... 4884"));
    let (ru, en) = (&sent[2], &sent[3]);
    assert!(ru.is_to(&["ivanov@example.test"], &[]));
    assert!(en.is_to(&["petrov@example.test"], &[]));
    assert!(ru.body.contains("0-1 (мат)"), "{}", ru.body);
    assert!(en.body.contains("0-1 (checkmate)"), "{}", en.body);
    for result in [ru, en] {
        assert!(
            result.body.contains("2... Qh4# {[%ccsnt 2026.05.13]} 0-1"),
            "{}",
            result.body
        );
    }
    let json = arena.json("RUS-EM-2026/1");
    assert_eq!(json["result"], "0-1");
    assert_eq!(json["status"], "finished");
    // a move into a finished game is answered and changes nothing
    let reply = arena.exchange(
        "ivanov@example.test",
        subject,
        "2... 4884 3. 5253",
        "2026-05-14",
    );
    assert_eq!(reply.len(), 1);
    assert!(reply[0].is_to(&["ivanov@example.test"], &[]));
    assert!(reply[0].body.contains("закончена"), "{}", reply[0].body);
    assert_eq!(arena.json("RUS-EM-2026/1"), json);
}
