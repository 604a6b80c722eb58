//! Identity that cannot slip (issue 8 §3): the store remembers each game's
//! players, so a config whose games disagree with it (blocks reordered,
//! colours swapped, a game with moves removed) is refused by `check`, `run
//! --once` and the daemon before any mail is read; explicit `number`s keep
//! the ids whatever the order; a player's new address is applied with a
//! warning.

mod common;

use common::*;
use std::fs;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const IVANOV_PETROV: &str = "white = \"ivanov\"\nblack = \"petrov\"\n";
const PETROV_IVANOV: &str = "white = \"petrov\"\nblack = \"ivanov\"\n";
const SIDOROV_IVANOV: &str = "white = \"sidorov\"\nblack = \"ivanov\"\n";

/// The three-player tournament with games 1 = Ivanov–Petrov, 2 = Petrov–Ivanov.
fn two_games() -> String {
    three_players("", &[("ivanov", "petrov"), ("petrov", "ivanov")])
}

/// `text` with its first two `[[tournament.game]]` blocks exchanged.
fn swap_blocks(text: &str, a: &str, b: &str) -> String {
    text.replacen(a, "\u{0}", 1)
        .replacen(b, a, 1)
        .replacen('\u{0}', b, 1)
}

/// The 1-based line that starts with the first line of `needle`, after line `after`.
fn line_of(text: &str, needle: &str, after: usize) -> usize {
    let first = needle.lines().next().unwrap();
    text.lines()
        .enumerate()
        .skip(after)
        .find(|(_, l)| l.starts_with(first))
        .map(|(i, _)| i + 1)
        .unwrap_or_else(|| panic!("{needle:?} in the config"))
}

fn write_config(arena: &Arena, text: &str) {
    fs::write(arena.path().join("mailarbiter.toml"), text).unwrap();
}

fn config_path(arena: &Arena) -> String {
    arena.path().join("mailarbiter.toml").display().to_string()
}

/// Both games opened on the start day, one move each: Ivanov's 1. e4 in
/// game 1 (Petrov to answer), Petrov's 1. d4 in game 2.
fn played(config: &str) -> Arena {
    let mut arena = Arena::new(config);
    arena.run("2026-05-10");
    arena.exchange(
        "ivanov@example.test",
        "[RUS-EM-2026/1]",
        "1. 5254",
        "2026-05-11",
    );
    arena.exchange(
        "petrov@example.test",
        "[RUS-EM-2026/2]",
        "1. 4244",
        "2026-05-11",
    );
    arena.new_sent();
    arena
}

/// The stored games as `show --json` gives them under `config`.
fn games_under(arena: &Arena, config: &str) -> Vec<serde_json::Value> {
    write_config(arena, config);
    ["RUS-EM-2026/1", "RUS-EM-2026/2"]
        .iter()
        .map(|g| arena.json(g))
        .collect()
}

#[test]
fn issue8_reordered_games_are_refused_by_check_and_run_and_nothing_is_applied() {
    let good = two_games();
    let mut arena = played(&good);
    let before = games_under(&arena, &good);
    // Petrov answers in game 1; meanwhile the director reorders the blocks,
    // so that by place game 1 would be Petrov (White) against Ivanov
    arena.send(
        "petrov@example.test",
        "Re: [RUS-EM-2026/1]",
        "1. 5254 1... 5755",
        "2026-05-12",
    );
    let swapped = swap_blocks(&good, IVANOV_PETROV, PETROV_IVANOV);
    write_config(&arena, &swapped);
    let first = line_of(&swapped, "white = \"petrov\"", 0);
    let second = line_of(&swapped, "white = \"ivanov\"", first);
    let path = config_path(&arena);
    let game1 = format!(
        "{path}:{first}: game RUS-EM-2026/1: the store has white=ivanov black=petrov (1 move), \
         the config says white=petrov black=ivanov; the config has those players in game \
         RUS-EM-2026/2 (line {second}): if the blocks were moved, give that block `number = 1`"
    );
    let game2 = format!(
        "{path}:{second}: game RUS-EM-2026/2: the store has white=petrov black=ivanov (1 move), \
         the config says white=ivanov black=petrov"
    );
    for command in [&["check"][..], &["run", "--once", "--today", "2026-05-12"]] {
        let (code, out, err) = arena.cli(command);
        assert_eq!(code, 2, "{command:?} must refuse:\n{out}{err}");
        assert!(err.contains(&game1), "{command:?}:\n{err}");
        assert!(err.contains(&game2), "{command:?}:\n{err}");
        assert!(
            err.contains("2 disagreements between the config and the store")
                && err.contains("nothing was read or sent"),
            "{command:?}:\n{err}"
        );
    }
    // nor is a stored game shown under the wrong players
    let (code, out, err) = arena.cli(&["show", "RUS-EM-2026/1", "--pgn"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(&game1) && err.contains("nothing is shown"),
        "{err}"
    );
    // the daemon refuses to start too
    let (code, err) = daemon_until_exit(&arena);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&game1), "{err}");
    // nothing read, nothing sent, nothing stored
    assert_eq!(arena.inbox_counts(), (1, 2), "Petrov's mail still waits");
    assert!(arena.new_sent().is_empty());
    assert_eq!(games_under(&arena, &good), before);
    // with the order put back, Petrov's move goes to game 1, where he is Black
    arena.run("2026-05-12");
    let sent = arena.new_sent();
    assert!(
        sent.iter()
            .any(|m| m.about.starts_with("[RUS-EM-2026/1]") && m.about.ends_with("1... 5755")),
        "{sent:?}"
    );
    let game1 = arena.json("RUS-EM-2026/1");
    assert_eq!(game1["moves"].as_array().unwrap().len(), 2);
    assert_eq!(game1["black"]["penalty_days"], 0);
}

#[test]
fn issue8_with_explicit_numbers_reordered_blocks_keep_their_games() {
    let good = two_games();
    let mut arena = played(&good);
    let before = games_under(&arena, &good);
    // the director numbers the games as they are (the store agrees), and
    // moves the blocks about
    let numbered = good
        .replacen(IVANOV_PETROV, &format!("number = 1\n{IVANOV_PETROV}"), 1)
        .replacen(PETROV_IVANOV, &format!("number = 2\n{PETROV_IVANOV}"), 1);
    let reordered = swap_blocks(
        &numbered,
        &format!("number = 1\n{IVANOV_PETROV}"),
        &format!("number = 2\n{PETROV_IVANOV}"),
    );
    assert!(reordered.find("number = 2").unwrap() < reordered.find("number = 1").unwrap());
    write_config(&arena, &reordered);
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("OK (1 tournament(s), 2 game(s); the games agree with the store)"),
        "{out}"
    );
    assert_eq!(games_under(&arena, &reordered), before);
    // and the games go on: Petrov answers in game 1 as Black
    let sent = arena.exchange(
        "petrov@example.test",
        "Re: [RUS-EM-2026/1]",
        "1. 5254 1... 5755",
        "2026-05-12",
    );
    assert!(
        sent.iter().any(|m| m.about.starts_with("[RUS-EM-2026/1]")
            && m.is_to(&["ivanov@example.test"], &["petrov@example.test"])),
        "{sent:?}"
    );
    let game1 = arena.json("RUS-EM-2026/1");
    assert_eq!(game1["white"]["player"], "ivanov");
    assert_eq!(game1["moves"].as_array().unwrap().len(), 2);
    // a game added later in any place gets its own number
    let added = format!(
        "{reordered}\n[[tournament.game]]\nnumber = 3\n{}",
        SIDOROV_IVANOV
    );
    write_config(&arena, &added);
    arena.run("2026-05-12");
    assert_eq!(arena.json("RUS-EM-2026/3")["white"]["player"], "sidorov");
}

#[test]
fn issue8_a_removed_game_with_moves_is_refused_and_one_not_begun_may_change() {
    let config = three_players("", &[("ivanov", "petrov"), ("sidorov", "ivanov")]);
    // before the start nothing is stored of the games: the pairings may change
    let arena = Arena::new(&config);
    arena.run("2026-05-01");
    let changed = config.replacen(
        SIDOROV_IVANOV,
        "white = \"sidorov\"\nblack = \"petrov\"\n",
        1,
    );
    write_config(&arena, &changed);
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    let line = line_of(&changed, "white = \"sidorov\"", 0);
    let warning = format!(
        "{}:{line}: warning: game RUS-EM-2026/2: nothing is stored of it yet, so its players \
         change from white=sidorov black=ivanov to white=sidorov black=petrov",
        config_path(&arena)
    );
    assert!(out.contains(&warning), "{out}");
    let (code, out, err) = arena.cli(&["run", "--once", "--today", "2026-05-01"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("nothing is stored of it yet"), "{err}");
    let (_, out, _) = arena.cli(&["check"]);
    assert!(!out.contains("warning"), "recorded once: {out}");
    write_config(&arena, &config);
    arena.run("2026-05-01");

    // once moves are stored, the game cannot go
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    arena.exchange(
        "sidorov@example.test",
        "[RUS-EM-2026/2]",
        "1. 5254",
        "2026-05-11",
    );
    arena.new_sent();
    arena.send(
        "ivanov@example.test",
        "Re: [RUS-EM-2026/2]",
        "1. 5254 1... 5755",
        "2026-05-12",
    );
    let removed = config.replacen(&format!("\n[[tournament.game]]\n{SIDOROV_IVANOV}"), "", 1);
    assert!(!removed.contains("white = \"sidorov\""));
    write_config(&arena, &removed);
    let gone = format!(
        "{}: game RUS-EM-2026/2 is not in the config, but the store holds it \
         (white=sidorov black=ivanov, 1 move): put its [[tournament.game]] block back",
        config_path(&arena)
    );
    for command in [&["check"][..], &["run", "--once", "--today", "2026-05-12"]] {
        let (code, out, err) = arena.cli(command);
        assert_eq!(code, 2, "{command:?}:\n{out}{err}");
        assert!(err.contains(&gone), "{command:?}:\n{err}");
    }
    // Sidorov's player block removed as well: he is missed by name
    let no_sidorov = removed.replacen(
        "\n[[tournament.player]]\nid = \"sidorov\"\nname = \"Sidorov, Sidor\"\ncountry = \"RUS\"\n\
         email = [\"sidorov@example.test\"]\nlanguage = \"en\"\n",
        "",
        1,
    );
    assert!(!no_sidorov.contains("sidorov"));
    write_config(&arena, &no_sidorov);
    let (code, _, err) = arena.cli(&["check"]);
    assert_eq!(code, 2);
    assert!(err.contains(&gone), "{err}");
    assert!(
        err.contains(
            "player RUS-EM-2026/sidorov is not in the config, but plays White in game \
             RUS-EM-2026/2 in the store (1 move)"
        ),
        "{err}"
    );
    assert_eq!(arena.inbox_counts(), (1, 1), "Ivanov's mail still waits");
    assert!(arena.new_sent().is_empty());
    // put back, the waiting move is refereed in its game
    write_config(&arena, &config);
    arena.run("2026-05-12");
    assert_eq!(
        arena.json("RUS-EM-2026/2")["moves"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn issue8_a_changed_address_is_applied_with_a_warning() {
    let config = two_games();
    let mut arena = played(&config);
    let moved = config.replacen(
        "email = [\"petrov@example.test\"]",
        "email = [\"petr@new.example.test\", \"petrov@example.test\"]",
        1,
    );
    write_config(&arena, &moved);
    let line = line_of(&moved, "email = [\"petr@new.example.test\"", 0);
    let change = "player RUS-EM-2026/petrov: addresses changed: petrov@example.test → \
                  petr@new.example.test, petrov@example.test";
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!(
            "{}:{line}: warning: {change} (`run` records the change)",
            config_path(&arena)
        )),
        "{out}"
    );
    // run logs it, records it and referees as usual: the move from the new
    // address counts, and mail to Petrov goes to his first address
    arena.send(
        "petr@new.example.test",
        "Re: [RUS-EM-2026/1]",
        "1. 5254 1... 5755",
        "2026-05-12",
    );
    let (code, out, err) = arena.cli(&["run", "--once", "--today", "2026-05-12"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains(change) && err.contains("(recorded)"), "{err}");
    let sent = arena.new_sent();
    assert!(
        sent.iter()
            .any(|m| m.is_to(&["ivanov@example.test"], &["petr@new.example.test"])),
        "{sent:?}"
    );
    // recorded: said once
    let (_, out, _) = arena.cli(&["check"]);
    assert!(!out.contains("warning"), "{out}");
    let (_, _, err) = arena.cli(&["run", "--once", "--today", "2026-05-12"]);
    assert!(!err.contains("addresses changed"), "{err}");
}

#[test]
fn issue8_check_while_the_daemon_holds_the_store_says_so() {
    let config = two_games().replace("[inbox]\n", "[inbox]\npoll_seconds = 1\n");
    let arena = played(&config);
    let mut daemon = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
        .arg("--config")
        .arg(arena.path().join("mailarbiter.toml"))
        .arg("run")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let socket = arena.path().join("state/control.sock");
    let started = Instant::now();
    while !socket.exists() && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let checked = arena.cli(&["check"]);
    let games = arena.cli(&["games", "--today", "2026-05-12"]);
    Command::new("kill")
        .arg("-TERM")
        .arg(daemon.id().to_string())
        .status()
        .unwrap();
    assert!(daemon.wait().unwrap().success());
    let (code, out, err) = checked;
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("is held by the running daemon, so the games were not compared with it")
            && out.contains("OK (1 tournament(s), 2 game(s))"),
        "{out}"
    );
    // the views still read through the daemon
    assert_eq!(games.0, 0, "{games:?}");
    assert!(games.1.contains("RUS-EM-2026/2"), "{games:?}");
}

/// Starts `run` (the daemon) and waits for it to exit: (code, stderr). A
/// daemon that does not exit within 20 s is stopped and the test fails.
fn daemon_until_exit(arena: &Arena) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
        .arg("--config")
        .arg(arena.path().join("mailarbiter.toml"))
        .arg("run")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
            return (status.code().unwrap_or(-1), err);
        }
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("the daemon started on a config that disagrees with the store");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
