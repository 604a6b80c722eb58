//! A whole small tournament through the Maildir pipeline (issue 13's
//! acceptance): four players, a round robin ending on 2026-06-01, games
//! finished by mate, draw and resignation, one player's withdrawal (his
//! running game lost, III.8.1), two games adjudicated at the end (one by
//! equal claims, one by the director's result after the appeal window).
//! Checked: the standings, every game's PGN with a sent date on every
//! move, a game's mails as mbox, and the web pages.

mod common;

use common::game_mail as mail;
use common::*;
use std::fs;

const T: &str = "RUS-EM-2026";
const TD: &str = "td@example.test";

/// The plies of `moves` mailed in turn by `white` and `black`, each mail
/// repeating the partner's last move, one a day from `day` of May.
fn play(arena: &mut Arena, n: u32, white: &str, black: &str, moves: &[&str], day: u32) {
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    for i in 0..moves.len() {
        let who = if i % 2 == 0 { white } else { black };
        let on = format!("2026-05-{:02}", day + i as u32);
        mail(arena, n, who, &repeat_and_move(&moves, i), &on);
    }
}

/// The tournament to its end. Berger pairings: 1 Ivanov-Smirnov,
/// 2 Petrov-Sidorov, 3 Smirnov-Sidorov, 4 Ivanov-Petrov, 5 Petrov-Smirnov,
/// 6 Sidorov-Ivanov.
fn tournament() -> Arena {
    let config = round_robin_config("end = \"2026-06-01\"").replace(
        "state = \"state\"\n",
        "state = \"state\"\nweb_dir = \"web\"\n",
    );
    let mut arena = Arena::new(&config);
    fs::create_dir_all(arena.path().join("web")).unwrap();
    arena.run("2026-05-10");
    // 1: the fool's mate, 0-1
    play(
        &mut arena,
        1,
        "ivanov",
        "smirnov",
        &["f3", "e5", "g4", "Qh4#"],
        11,
    );
    // 2: a draw offered with the first move and accepted
    mail(&mut arena, 2, "petrov", "1. e4 (=)", "2026-05-12");
    mail(
        &mut arena,
        2,
        "sidorov",
        "1. e4\nПринимаю ничью.",
        "2026-05-12",
    );
    // 4: a resignation after a few moves
    play(
        &mut arena,
        4,
        "ivanov",
        "petrov",
        &["e4", "c5", "Nf3", "d6"],
        13,
    );
    mail(&mut arena, 4, "ivanov", "RESIGN", "2026-05-18");
    // 3, 5 and 6 run on
    play(&mut arena, 3, "smirnov", "sidorov", &["d4", "d5", "c4"], 12);
    play(&mut arena, 5, "petrov", "smirnov", &["e4", "e5", "Nf3"], 14);
    play(&mut arena, 6, "sidorov", "ivanov", &["d4", "Nf6"], 15);
    // Ivanov withdraws; the director rules his running game lost (III.8.1)
    let sent = arena.exchange(TD, "Withdrawal", "WITHDRAW ivanov lost", "2026-05-20");
    let result = sent
        .iter()
        .find(|m| m.about.contains(&format!("[{T}/6]")) && m.to.contains(&addr("sidorov")))
        .expect("Sidorov is told");
    assert!(result.body.contains("выбытие участника"), "{}", result.body);
    arena.run("2026-05-31");
    arena.new_sent();
    // the end: 3 and 5 go to adjudication
    arena.run("2026-06-01");
    let sent = arena.new_sent();
    for n in [3, 5] {
        assert!(
            sent.iter().any(
                |m| m.about.contains(&format!("[{T}/{n}]")) && m.about.contains("adjudication")
            ),
            "game {n}: {sent:#?}"
        );
    }
    // 3: equal claims end it (III.9.5)
    mail(&mut arena, 3, "smirnov", "CLAIM WIN", "2026-06-03");
    mail(&mut arena, 3, "sidorov", "ЗАЯВКА ПРОИГРЫШ", "2026-06-04");
    // 5: claims differ; the director adjudicates, nobody appeals (III.9.8)
    mail(
        &mut arena,
        5,
        "petrov",
        "CLAIM WIN\nMy knight is better.",
        "2026-06-03",
    );
    mail(&mut arena, 5, "smirnov", "CLAIM DRAW\nEqual.", "2026-06-04");
    arena.exchange(
        TD,
        &format!("Re: [{T}/5] adjudication"),
        "RESULT 1-0",
        "2026-06-16",
    );
    arena.run("2026-07-01");
    arena.new_sent();
    arena
}

#[test]
fn iii_9_a_small_round_robin_played_by_mail_to_its_end() {
    let arena = tournament();

    // every game ended as played, claimed and adjudicated
    for (n, result, termination) in [
        (1, "0-1", "normal"),
        (2, "1/2-1/2", "normal"),
        (3, "1-0", "normal"),
        (4, "0-1", "normal"),
        (5, "1-0", "adjudication"),
        (6, "1-0", "abandoned"),
    ] {
        let json = arena.json(&format!("{T}/{n}"));
        assert_eq!(json["status"], "finished", "game {n}: {json}");
        assert_eq!(json["result"], result, "game {n}");
        let pgn = json["pgn"].as_str().unwrap();
        assert!(
            pgn.contains(&format!("[Termination \"{termination}\"]")),
            "game {n}: {pgn}"
        );
    }

    // the standings: Petrov 2½, Smirnov 2, Sidorov 1½, Ivanov 0, every
    // result registered
    let (code, out, err) = arena.cli(&["standings", "--json", "--today", "2026-07-01"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let t = &json["tournaments"][0];
    let table: Vec<(String, f64)> = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["player"].as_str().unwrap().to_string(),
                row["points"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        table,
        [
            ("petrov".to_string(), 2.5),
            ("smirnov".to_string(), 2.0),
            ("sidorov".to_string(), 1.5),
            ("ivanov".to_string(), 0.0),
        ]
    );
    for game in t["games"].as_array().unwrap() {
        assert_eq!(game["registered"], true, "{game}");
    }
    let withdrawn: Vec<bool> = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["withdrawn"].as_bool().unwrap())
        .collect();
    assert_eq!(withdrawn, [false, false, false, true]);
    let (_, text, _) = arena.cli(&["standings", "--today", "2026-07-01"]);
    assert!(
        text.contains("6 of 6 games finished, 6 results registered"),
        "{text}"
    );
    assert!(text.contains("Ivanov, Ivan (withdrawn)"), "{text}");

    // every PGN, every move with its sent date
    let (code, pgn, err) = arena.cli(&["export", "--pgn"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(pgn.matches("[Event ").count(), 6, "{pgn}");
    let mut moves = 0;
    for game in pgn.split("[Event ").skip(1) {
        let movetext = game.split("\n\n").nth(1).unwrap_or_default();
        let mut tokens = movetext.split_whitespace().peekable();
        while let Some(token) = tokens.next() {
            let is_move =
                token.starts_with(|c: char| c.is_ascii_alphabetic()) && !token.starts_with('{');
            if is_move {
                moves += 1;
                assert_eq!(
                    tokens.peek(),
                    Some(&"{[%ccsnt"),
                    "{token} has no sent date in:\n{movetext}"
                );
            }
        }
    }
    // 4 + 1 + 3 + 4 + 3 + 2 plies
    assert_eq!(moves, 17, "{pgn}");

    // the web pages: the index, the crosstable, a page and a PGN per game
    let web = arena.path().join("web");
    let index = fs::read_to_string(web.join("index.html")).unwrap();
    assert!(index.contains("Test championship"), "{index}");
    let table = fs::read_to_string(web.join(T).join("index.html")).unwrap();
    for name in [
        "Petrov, Petr",
        "Smirnov, Semen",
        "Sidorov, Sidor",
        "Ivanov, Ivan",
    ] {
        assert!(table.contains(name), "{name}: {table}");
    }
    assert!(table.contains("2½"), "{table}");
    for n in 1..=6 {
        let page = fs::read_to_string(web.join(T).join(format!("{T}-{n}.html"))).unwrap();
        let file = fs::read_to_string(web.join(T).join(format!("{T}-{n}.pgn"))).unwrap();
        let (_, shown, _) = arena.cli(&["show", &format!("{T}/{n}"), "--pgn"]);
        assert_eq!(file, shown, "game {n}");
        assert!(page.contains(&format!("{T}-{n}.pgn")), "game {n}: {page}");
    }
    let five = fs::read_to_string(web.join(T).join(format!("{T}-5.html"))).unwrap();
    assert!(five.contains("14.05.2026"), "{five}");
}

/// The mails of a game as the file outbox wrote them (its `.eml` files
/// whose subject names it, in sending order), their lines ended by LF.
fn sent_about(arena: &Arena, game: &str) -> Vec<String> {
    let tag = format!("[{game}]");
    let mut files: Vec<std::path::PathBuf> = fs::read_dir(arena.path().join("sent"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .filter(|p| read_sent(p).about.contains(&tag))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| fs::read_to_string(p).unwrap().replace("\r\n", "\n"))
        .collect()
}

#[test]
fn iii_1_4_a_games_correspondence_is_kept_and_exported_as_mbox() {
    let arena = tournament();
    let game = format!("{T}/1");
    let (code, mbox, err) = arena.cli(&["export", "--mbox", &game]);
    assert_eq!(code, 0, "{err}");
    // mboxrd: a `From ` line opens each mail; a quoted `>From ` line is
    // the mail's own
    let mut parts: Vec<(String, String)> = Vec::new();
    for line in mbox.lines() {
        if let Some(sender) = line.strip_prefix("From ") {
            parts.push((sender.split(' ').next().unwrap().to_string(), String::new()));
            continue;
        }
        let (_, text) = parts.last_mut().expect("the mbox opens with a From line");
        let line = match line.strip_prefix('>') {
            Some(rest) if rest.trim_start_matches('>').starts_with("From ") => rest,
            _ => line,
        };
        text.push_str(line);
        text.push('\n');
    }
    // each mail ends with the blank line the mbox adds
    for (_, text) in &mut parts {
        assert!(text.ends_with("\n\n"), "{text}");
        text.pop();
    }
    // the four move mails of the fool's mate came in, in order
    let inbound: Vec<String> = parts
        .iter()
        .filter(|(sender, _)| sender != "arbiter@example.test")
        .map(|(_, text)| {
            let mail = mail_parser::MessageParser::default()
                .parse(text.as_bytes())
                .expect("a mail");
            mail.body_text(0).unwrap_or_default().trim().to_string()
        })
        .collect();
    assert_eq!(
        inbound,
        ["1. f3", "1. f3 1... e5", "1... e5 2. g4", "2. g4 2... Qh4#"],
        "{mbox}"
    );
    // every mail the arbiter sent about the game, byte for byte as sent
    let outbound: Vec<String> = parts
        .iter()
        .filter(|(sender, _)| sender == "arbiter@example.test")
        .map(|(_, text)| text.clone())
        .collect();
    let sent = sent_about(&arena, &game);
    assert_eq!(
        outbound.len(),
        7,
        "the opening, four forwards, the result and its copy to the director"
    );
    assert_eq!(outbound, sent);
    // in the order they came and went: the opening first, the result last
    assert!(parts[0].1.contains("The game begins"), "{mbox}");
    assert!(parts.last().unwrap().1.contains("Result 0-1"), "{mbox}");
    // to a file as well
    let file = arena.path().join("game1.mbox");
    let (code, said, err) = arena.cli(&[
        "export",
        "--mbox",
        &game,
        "--output",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(said.contains(&format!("11 mail(s) of {game}")), "{said}");
    assert_eq!(fs::read_to_string(&file).unwrap(), mbox);
    let (code, _, err) = arena.cli(&["export", "--mbox", "NOPE/9"]);
    assert_eq!(code, 1);
    assert!(err.contains("no game NOPE/9"), "{err}");
    // the director asks by mail and gets the same file attached
    let mut arena = arena;
    let sent = arena.exchange(
        TD,
        &format!("Re: [{game}] result 0-1"),
        "ARCHIVE",
        "2026-07-02",
    );
    let answer = mail_to_alone(&sent, TD);
    assert!(
        answer.body.contains("every mail in and out of game"),
        "{}",
        answer.body
    );
    assert_eq!(answer.attachments.len(), 1, "{answer:?}");
    let (name, attached) = &answer.attachments[0];
    assert_eq!(name, "RUS-EM-2026-1.mbox");
    assert_eq!(attached.replace("\r\n", "\n"), mbox);
    // without the game's tag, the director is told to name it
    let sent = arena.exchange(TD, "Archive please", "АРХИВ", "2026-07-02");
    let answer = mail_to_alone(&sent, TD);
    assert!(
        answer.body.contains("name the game by its tag"),
        "{}",
        answer.body
    );
}

/// A round robin under way: games 1 (Ivanov-Smirnov), 4 (Ivanov-Petrov)
/// and 6 (Sidorov-Ivanov) running, 2 (Petrov-Sidorov) drawn.
fn under_way() -> Arena {
    let mut arena = Arena::new(&round_robin_config(""));
    arena.run("2026-05-10");
    play(&mut arena, 1, "ivanov", "smirnov", &["e4", "e5"], 11);
    mail(&mut arena, 2, "petrov", "1. e4 (=)", "2026-05-12");
    mail(
        &mut arena,
        2,
        "sidorov",
        "1. e4\nПринимаю ничью.",
        "2026-05-12",
    );
    play(&mut arena, 4, "ivanov", "petrov", &["d4"], 13);
    arena.new_sent();
    arena
}

#[test]
fn iii_8_1_a_withdrawn_players_games_cancelled_count_for_nobody() {
    let mut arena = under_way();
    let sent = arena.exchange(TD, "Withdrawal", "WITHDRAW ivanov cancel", "2026-05-20");
    // a result mail for each of his three running games, to both players
    for (n, partner) in [(1, "smirnov"), (4, "petrov"), (6, "sidorov")] {
        let told = sent
            .iter()
            .find(|m| m.about.contains(&format!("[{T}/{n}]")) && m.to.contains(&addr(partner)))
            .unwrap_or_else(|| panic!("game {n}: {sent:#?}"));
        assert!(
            told.body.contains("cancelled") || told.body.contains("аннулирована"),
            "{}",
            told.body
        );
        let json = arena.json(&format!("{T}/{n}"));
        assert_eq!(json["status"], "finished");
        let pgn = json["pgn"].as_str().unwrap();
        assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
        assert!(pgn.contains("[Termination \"abandoned\"]"), "{pgn}");
    }
    // the standings count only the drawn game; Ivanov is marked
    let (_, out, _) = arena.cli(&["standings", "--json", "--today", "2026-05-20"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = json["tournaments"][0]["standings"]
        .as_array()
        .unwrap()
        .clone();
    let ivanov = rows.iter().find(|r| r["player"] == "ivanov").unwrap();
    assert_eq!(
        (ivanov["points"].as_f64(), ivanov["games"].as_u64()),
        (Some(0.0), Some(0))
    );
    assert_eq!(ivanov["withdrawn"], true);
    let petrov = rows.iter().find(|r| r["player"] == "petrov").unwrap();
    assert_eq!(
        (petrov["points"].as_f64(), petrov["games"].as_u64()),
        (Some(0.5), Some(1))
    );
    // nothing left to withdraw, and an unknown player: the director is told
    let sent = arena.exchange(
        TD,
        "Withdrawal",
        "WITHDRAW ivanov lost\nWITHDRAW nobody lost",
        "2026-05-21",
    );
    let answer = mail_to_alone(&sent, TD);
    assert!(
        answer.body.contains("ivanov has no running game"),
        "{}",
        answer.body
    );
    assert!(
        answer.body.contains("no player \"nobody\""),
        "{}",
        answer.body
    );
}

#[test]
fn iii_8_1_a_withdrawn_players_games_go_to_adjudication() {
    let mut arena = under_way();
    let sent = arena.exchange(TD, "Withdrawal", "ВЫБЫТИЕ ivanov ПРИСУЖДЕНИЕ", "2026-05-20");
    for n in [1, 4, 6] {
        assert!(
            sent.iter().any(|m| m.about.contains(&format!("[{T}/{n}]"))),
            "game {n}: {sent:#?}"
        );
        let json = arena.json(&format!("{T}/{n}"));
        assert_eq!(json["status"], "adjudication", "game {n}");
        assert_eq!(json["adjudication"]["reason"], "withdrawal", "game {n}");
    }
    assert_eq!(arena.json(&format!("{T}/2"))["status"], "finished");
}
