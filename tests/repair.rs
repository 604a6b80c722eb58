//! Repairs an operator makes (DESIGN.md §9, issue 10 §4): `outbox`,
//! `resend GAME`, `backup DIR` / `restore DIR`, a SIGHUP reload, and what a
//! second daemon is told — through the binary, as an operator types them,
//! with and without a running daemon.

mod common;

use common::{two_players, Arena};
use std::fs;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const GAME: &str = "RUS-EM-2026/1";

/// An arena whose first game has one move, its mails sent.
fn one_move() -> Arena {
    let mut arena = Arena::new(&two_players("ru"));
    arena.run("2026-05-10");
    arena.exchange(
        "ivanov@example.test",
        "[RUS-EM-2026/1]",
        "1. Кg1-f3",
        "2026-05-12",
    );
    arena
}

#[test]
fn outbox_lists_a_resent_mail_and_it_leaves_with_its_first_message_id() {
    let mut arena = Arena::new(&two_players("ru"));
    arena.run("2026-05-10");
    let (code, out, _) = arena.cli(&["outbox"]);
    assert_eq!((code, out.as_str()), (0, "the outbox is empty\n"));
    let first = arena.exchange(
        "ivanov@example.test",
        "[RUS-EM-2026/1]",
        "1. Кg1-f3",
        "2026-05-12",
    );
    assert!(!first.is_empty());
    // any case names the game
    let (code, out, err) = arena.cli(&["resend", "rus-em-2026/1"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("RUS-EM-2026/1: mail(s) "), "{out}");
    let (code, listing, _) = arena.cli(&["outbox"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines[0], "seq\tage\tto\tsubject", "{listing}");
    assert!(
        lines.last().unwrap().ends_with("mail(s) waiting"),
        "{listing}"
    );
    let waiting = lines.len() - 2;
    assert!(waiting >= 1, "{listing}");
    for line in &lines[1..=waiting] {
        let cells: Vec<&str> = line.split('\t').collect();
        assert_eq!(cells.len(), 4, "{line}");
        assert!(
            cells[0].parse::<u64>().is_ok() && cells[2].contains('@'),
            "{line}"
        );
        assert!(cells[3].contains("RUS-EM-2026/1"), "{line}");
    }
    arena.run("2026-05-12");
    let again = arena.new_sent();
    assert_eq!(again.len(), waiting);
    // the same mails, the same Message-IDs: a mail client keeps one copy
    for mail in &again {
        let before = first
            .iter()
            .find(|m| m.message_id == mail.message_id)
            .unwrap_or_else(|| panic!("{} was not sent before", mail.message_id));
        assert_eq!((&before.to, &before.subject), (&mail.to, &mail.subject));
    }
    assert_eq!(arena.cli(&["outbox"]).1, "the outbox is empty\n");
    // the game's moves are untouched
    assert_eq!(arena.json(GAME)["moves"].as_array().unwrap().len(), 1);
    let (code, _, err) = arena.cli(&["resend", "NOPE/1"]);
    assert_eq!(code, 1);
    assert!(err.contains("no game NOPE/1"), "{err}");
}

#[test]
fn show_takes_the_game_id_in_any_case_and_export_defaults_to_pgn() {
    let arena = one_move();
    let (code, out, err) = arena.cli(&["show", "rus-em-2026/1", "--pgn"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("1. Nf3 {[%ccsnt ") && out.contains("]} *"),
        "{out}"
    );
    let (code, pgn, err) = arena.cli(&["export"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        pgn.contains("1. Nf3 {[%ccsnt ") && pgn.contains("]} *"),
        "{pgn}"
    );
}

#[test]
fn backup_wipe_restore_gives_the_same_games() {
    let arena = one_move();
    let games = arena.cli(&["games", "--today", "2026-05-13"]);
    let json = arena.json(GAME);
    let backup = arena.path().join("backup");
    let (code, out, err) = arena.cli(&["backup", backup.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("backup of"), "{out}");
    assert_private(&backup);
    // a backup never goes over another
    let (code, _, err) = arena.cli(&["backup", backup.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("not empty"), "{err}");
    // restore never overwrites a store
    let (code, _, err) = arena.cli(&["restore", backup.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("a store is already here"), "{err}");
    fs::remove_dir_all(arena.path().join("state")).unwrap();
    // without a store the views show the games unplayed, and make no store
    let (_, empty, _) = arena.cli(&["games", "--today", "2026-05-13"]);
    assert_ne!(empty, games.1);
    assert!(!arena.path().join("state").exists());
    let (code, out, err) = arena.cli(&["restore", backup.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(arena.cli(&["games", "--today", "2026-05-13"]), games);
    assert_eq!(arena.json(GAME), json);
    assert_private(&arena.path().join("state"));
    // the restored store goes on: the next move is refereed
    let mut arena = arena;
    let sent = arena.exchange(
        "petrov@example.test",
        "[RUS-EM-2026/1]",
        "1. Кg1-f3 Кg8-f6",
        "2026-05-14",
    );
    assert!(!sent.is_empty());
    assert_eq!(arena.json(GAME)["moves"].as_array().unwrap().len(), 2);
}

fn assert_private(folder: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(folder), 0o700, "{}", folder.display());
    for entry in fs::read_dir(folder).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            assert_eq!(mode(&entry.path()), 0o600, "{}", entry.path().display());
        }
    }
}

/// The daemon (`run`) on the arena, its log in `daemon.log`; killed when dropped.
struct Daemon {
    child: Child,
    log: std::path::PathBuf,
}

impl Daemon {
    fn start(arena: &Arena) -> Daemon {
        let log = arena.path().join("daemon.log");
        let child = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
            .arg("--config")
            .arg(arena.path().join("mailarbiter.toml"))
            .arg("run")
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let daemon = Daemon { child, log };
        daemon.wait_for("ready");
        daemon
    }

    fn log(&self) -> String {
        fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until the log holds `what` `times` times.
    fn wait_for_n(&self, what: &str, times: usize) {
        let started = Instant::now();
        while self.log().matches(what).count() < times {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "no {what:?} in the daemon's log:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn wait_for(&self, what: &str) {
        self.wait_for_n(what, 1);
    }

    fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .unwrap();
        assert!(status.success());
    }
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn while_the_daemon_runs_backup_resend_and_outbox_go_through_it_and_a_second_is_told_its_pid() {
    let mut arena = one_move();
    let daemon = Daemon::start(&arena);
    let pid = daemon.child.id();
    let (code, _, err) = arena.cli(&["run", "--once"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!("another mailarbiter (pid {pid}) holds the store")),
        "{err}"
    );
    // the standings come through the daemon as from the store
    let standings = arena.cli(&["standings", "--today", "2026-05-13"]);
    assert_eq!(standings.0, 0, "{standings:?}");
    assert!(
        standings.1.contains("standings as of 13.05.2026"),
        "{standings:?}"
    );
    // a relative folder is the caller's, not the daemon's
    let backup = arena.path().join("copy");
    let out = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
        .current_dir(arena.path())
        .args(["--config", "mailarbiter.toml", "backup", "copy"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_private(&backup);
    let (code, out, _) = arena.cli(&["outbox"]);
    assert_eq!((code, out.as_str()), (0, "the outbox is empty\n"));
    arena.new_sent();
    let (code, out, err) = arena.cli(&["resend", GAME]);
    assert_eq!(code, 0, "{out}{err}");
    // the daemon sends it at once
    let started = Instant::now();
    let mut again = Vec::new();
    while again.is_empty() && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(100));
        again = arena.new_sent();
    }
    assert!(!again.is_empty(), "{}", daemon.log());
    drop(daemon);
    assert_eq!(
        arena.cli(&["standings", "--today", "2026-05-13"]),
        standings
    );
    // the copy is a whole store: restored in place of the first, the same games
    let games = arena.cli(&["games", "--today", "2026-05-13"]);
    fs::remove_dir_all(arena.path().join("state")).unwrap();
    let (code, _, err) = arena.cli(&["restore", backup.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(arena.cli(&["games", "--today", "2026-05-13"]), games);
}

#[test]
fn sighup_applies_a_good_config_and_keeps_the_running_one_after_a_bad_edit() {
    let mut arena = one_move();
    let config = arena.path().join("mailarbiter.toml");
    let good = fs::read_to_string(&config).unwrap();
    let daemon = Daemon::start(&arena);
    // a broken file: logged, the old config stays, the daemon answers
    fs::write(&config, good.replace("[inbox]", "[inbox\n")).unwrap();
    daemon.signal("HUP");
    daemon.wait_for("reload refused");
    // players swapped in a game with moves: the store disagrees
    fs::write(
        &config,
        good.replace(
            "white = \"ivanov\"\nblack = \"petrov\"",
            "white = \"petrov\"\nblack = \"ivanov\"",
        ),
    )
    .unwrap();
    daemon.signal("HUP");
    daemon.wait_for_n("reload refused", 2);
    let (code, table, err) = arena.cli(&["games", "--today", "2026-05-13"]);
    assert_eq!(code, 0, "{err}");
    assert!(table.contains("Ivanov, Ivan  Petrov, Petr"), "{table}");
    // a good edit: a second game; the daemon shows it at once
    let mut grown = good.clone();
    grown.push_str("\n[[tournament.game]]\nwhite = \"petrov\"\nblack = \"ivanov\"\n");
    fs::write(&config, grown).unwrap();
    arena.new_sent();
    daemon.signal("HUP");
    daemon.wait_for("reloaded the config");
    let (code, table, err) = arena.cli(&["games", "--today", "2026-05-13"]);
    assert_eq!(code, 0, "{err}");
    assert!(table.contains("RUS-EM-2026/2"), "{table}");
    // its tournament has started: its opening mails go out at once, not
    // on the next day's look for openings
    let started = Instant::now();
    let mut opened = Vec::new();
    while opened.is_empty() && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(100));
        opened = arena.new_sent();
        opened.retain(|m| m.about.contains("RUS-EM-2026/2"));
    }
    assert!(!opened.is_empty(), "{}", daemon.log());
    assert!(daemon.child.id() > 0);
    let log = daemon.log();
    assert!(!log.contains("stopped"), "{log}");
}

#[test]
fn demo_refuses_a_config_it_would_not_use() {
    let arena = Arena::new(&two_players("ru"));
    let demo = arena.path().join("demo");
    let (code, _, err) = arena.cli(&["demo", "--dir", demo.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("leave --config out"), "{err}");
    assert!(!demo.exists());
}
