//! Round-robin pairings (issue 11 §4, DESIGN.md §9): `pairing =
//! "round-robin"` or `"double-round-robin"` makes a tournament's games from
//! its players by the Berger tables, numbered 1.. in table order, so that a
//! large league is a small config; the games are refereed like written
//! ones, and the store's identity check holds them to the players' order.

mod common;

use common::*;
use std::fmt::Write as _;
use std::fs;
use std::time::Instant;

/// Players `p01 … pNN`, writing in English.
fn players(n: usize) -> Vec<(String, String, String)> {
    (1..=n)
        .map(|i| {
            (
                format!("p{i:02}"),
                format!("Player{i:02}, P"),
                format!("p{i:02}@example.test"),
            )
        })
        .collect()
}

/// One tournament `id` of `n` players with `pairing`.
fn paired(id: &str, pairing: &str, n: usize) -> String {
    let list = players(n);
    let refs: Vec<(&str, &str, &str, &str)> = list
        .iter()
        .map(|(i, name, email)| (i.as_str(), name.as_str(), email.as_str(), "en"))
        .collect();
    config_with(
        id,
        "2026-05-10",
        "numeric",
        &format!("pairing = \"{pairing}\"\n"),
        &refs,
        &[],
    )
}

/// The columns of a row of `games` (separated by two spaces or more).
fn columns(row: &str) -> Vec<&str> {
    row.split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l == needle).expect(needle) + 1
}

#[test]
fn a_round_robin_of_15_players_makes_105_games_listed_and_refereed() {
    let config = paired("RR", "round-robin", 15);
    let mut arena = Arena::new(&config);
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("OK (1 tournament(s), 105 game(s))"), "{out}");
    arena.run("2026-05-10");
    let (code, table, err) = arena.cli(&["games", "--today", "2026-05-10"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("RR/")).collect();
    assert_eq!(rows.len(), 105, "{table}");
    // the Berger table of 16, player 16 a bye: round 1 is 2-15 … 8-9 (1 sits
    // out), round 2 starts with 10-8 (16-9 dropped)
    assert_eq!(
        columns(rows[0])[..3],
        ["RR/1", "Player02, P", "Player15, P"]
    );
    assert_eq!(
        columns(rows[7])[..3],
        ["RR/8", "Player10, P", "Player08, P"]
    );
    for (k, row) in rows.iter().enumerate() {
        assert_eq!(columns(row)[0], format!("RR/{}", k + 1), "{row}");
    }
    // a move in game 1 is refereed: White's 1. e4 goes to Black
    arena.new_sent();
    let sent = arena.exchange("p02@example.test", "[RR/1]", "1. 5254", "2026-05-11");
    assert!(
        sent.iter()
            .any(|m| m.to == ["p15@example.test"] && m.about.contains("[RR/1]")),
        "{sent:#?}"
    );
    let game = arena.json("RR/1");
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(1), "{game}");
}

#[test]
fn a_double_round_robin_plays_each_pair_twice_with_the_colours_reversed() {
    let arena = Arena::new(&paired("DRR", "double-round-robin", 4));
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("OK (1 tournament(s), 12 game(s))"), "{out}");
    arena.run("2026-05-10");
    let (_, table, _) = arena.cli(&["games"]);
    let pairs: Vec<(String, String)> = table
        .lines()
        .filter(|l| l.starts_with("DRR/"))
        .map(|l| (columns(l)[1].to_string(), columns(l)[2].to_string()))
        .collect();
    assert_eq!(pairs.len(), 12, "{table}");
    // the first cycle is "1-4 2-3 / 4-3 1-2 / 2-4 3-1", the second reversed
    assert_eq!(pairs[0], ("Player01, P".into(), "Player04, P".into()));
    assert_eq!(pairs[6], ("Player04, P".into(), "Player01, P".into()));
    for (w, b) in &pairs {
        assert!(pairs.contains(&(b.clone(), w.clone())), "{w} - {b}");
    }
}

#[test]
fn a_pairing_and_game_blocks_together_are_refused_with_the_line() {
    let config = format!(
        "{}\n[[tournament.game]]\nwhite = \"p01\"\nblack = \"p02\"\n",
        paired("RR", "round-robin", 3)
    );
    let arena = Arena::new(&config);
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 2, "{out}{err}");
    let path = arena.path().join("mailarbiter.toml");
    assert!(
        err.contains(&format!(
            "{}:{}:11: tournament RR has pairing = \"round-robin\" and [[tournament.game]] \
             blocks (the first at line {}): give the one or the other",
            path.display(),
            line_of(&config, "pairing = \"round-robin\""),
            line_of(&config, "white = \"p01\"")
        )),
        "{err}"
    );
}

#[test]
fn changing_the_player_order_of_a_running_round_robin_is_refused() {
    let config = paired("RR", "round-robin", 4);
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    // game 1 = players 1-4 of the table: p01 White against p04
    arena.exchange("p01@example.test", "[RR/1]", "1. 5254", "2026-05-11");
    // the director moves p04's block before p01's: the table now pairs others
    let block = |i: usize| {
        format!(
            "\n[[tournament.player]]\nid = \"p{i:02}\"\nname = \"Player{i:02}, P\"\n\
             country = \"RUS\"\nemail = [\"p{i:02}@example.test\"]\nlanguage = \"en\"\n"
        )
    };
    assert!(config.contains(&block(1)) && config.contains(&block(4)));
    let reordered = config
        .replace(&block(4), "")
        .replace(&block(1), &format!("{}{}", block(4), block(1)));
    fs::write(arena.path().join("mailarbiter.toml"), &reordered).unwrap();
    let path = arena.path().join("mailarbiter.toml");
    let line = line_of(&reordered, "pairing = \"round-robin\"");
    for command in [&["check"][..], &["run", "--once", "--today", "2026-05-12"]] {
        let (code, out, err) = arena.cli(command);
        assert_eq!(code, 2, "{command:?} must refuse:\n{out}{err}");
        assert!(
            err.contains(&format!(
                "{}:{line}: game RR/1: the store has white=p01 black=p04 (1 move), the config \
                 says white=p04 black=p03; the games of tournament RR are generated from its \
                 players in their order (pairing at line {line}): put the players back in the \
                 order they had",
                path.display()
            )),
            "{command:?}:\n{err}"
        );
    }
    // put back, it runs again, the game as it was
    fs::write(arena.path().join("mailarbiter.toml"), &config).unwrap();
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    let game = arena.json("RR/1");
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(1), "{game}");
}

/// 1,000 tournaments of 15 players, generated here: ~100k games from a
/// config of a few MB. The time and size are printed, not asserted.
#[test]
fn a_config_of_1000_round_robins_of_15_players_parses_and_checks() {
    let mut text = paired("T0000", "round-robin", 15);
    let one = text.split_once("[[tournament]]").unwrap().1.to_string();
    for t in 1..1000 {
        let mut block = format!(
            "\n[[tournament]]{}",
            one.replace("T0000", &format!("T{t:04}"))
        );
        // every address is used by one player only
        block = block.replace("@example.test", &format!("@t{t:04}.example.test"));
        text.push_str(&block);
    }
    let arena = Arena::new(&text);
    let started = Instant::now();
    let (code, out, err) = arena.cli(&["check"]);
    let took = started.elapsed();
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("OK (1000 tournament(s), 105000 game(s))"),
        "{out}"
    );
    let mut report = String::new();
    let _ = write!(
        report,
        "1,000 round-robins x 15 players: config {} bytes ({} lines), check {:.2?}",
        text.len(),
        text.lines().count(),
        took
    );
    println!("{report}");
}
