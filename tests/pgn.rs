//! The PGN as correspondence programs read it (issue 13 §2, App.4): every
//! move with its sent date `{[%ccsnt YYYY.MM.DD]}`, the seven-tag roster in
//! order, `TimeControl` in the PGN standard's syntax, `Mode "EM"`,
//! `Termination`, addresses only when published; and every exported file
//! read without error by python-chess and by Debian's `pgn-extract`.
//!
//! The two tools are found through `MAILARBITER_PYTHON` (a python with
//! `chess`; else `python3` when it has it) and `MAILARBITER_PGN_EXTRACT`
//! (else `pgn-extract` on the PATH or in `/usr/games`). Without them the
//! tool checks are skipped with a message, unless
//! `MAILARBITER_REQUIRE_PGN_TOOLS=1` (set by `tests/run.sh`, which installs
//! them) makes that a failure.

mod common;

use common::game_mail as mail;
use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

const T: &str = "RUS-EM-2026";
const TD: &str = "td@example.test";

/// Four players writing SAN in English; the games as (white, black).
fn tournament(extra: &str, games: &[(&str, &str)]) -> String {
    config_with(
        T,
        "2026-05-10",
        "san",
        extra,
        &[
            ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "en"),
            ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
            ("sidorov", "Sidorov, Sidor", "sidorov@example.test", "en"),
            ("smirnov", "Smirnov, Semen", "smirnov@example.test", "en"),
        ],
        games,
    )
}

/// A mail from `player` about game `n`, refereed on `on`.
/// Every kind of game: mate (1), a running game with an accepted variant
/// (2), a running game with a penalty and a draw offer (3), a draw agreed
/// (4), a resignation (5).
fn every_kind(extra: &str) -> Arena {
    let mut arena = Arena::new(&tournament(
        extra,
        &[
            ("ivanov", "smirnov"),
            ("petrov", "sidorov"),
            ("ivanov", "petrov"),
            ("sidorov", "smirnov"),
            ("smirnov", "petrov"),
        ],
    ));
    arena.run("2026-05-10");
    // 1: the scholar's mate
    for (player, body, on) in [
        ("ivanov", "1. e4", "2026-05-10"),
        ("smirnov", "1. e4 e5", "2026-05-11"),
        ("ivanov", "1... e5 2. Bc4", "2026-05-12"),
        ("smirnov", "2. Bc4 Nc6", "2026-05-13"),
        ("ivanov", "2... Nc6 3. Qh5", "2026-05-14"),
        ("smirnov", "3. Qh5 Nf6", "2026-05-15"),
        ("ivanov", "3... Nf6 4. Qxf7#", "2026-05-16"),
    ] {
        mail(&mut arena, 1, player, body, on);
    }
    // 2: a variant offered with 1... e5 and accepted in full with 4. Ba4
    mail(&mut arena, 2, "petrov", "1. e4", "2026-05-10");
    mail(
        &mut arena,
        2,
        "sidorov",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
        "2026-05-12",
    );
    mail(
        &mut arena,
        2,
        "petrov",
        "1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4",
        "2026-05-15",
    );
    // 3: an impossible move (two penalty days), then 1. d4 with a draw
    // offer that Black declines by moving
    mail(&mut arena, 3, "ivanov", "1. Ke2", "2026-05-11");
    mail(&mut arena, 3, "ivanov", "1. d4 (=)", "2026-05-12");
    mail(&mut arena, 3, "petrov", "1. d4 d5", "2026-05-13");
    // 4: a draw offered and accepted
    mail(&mut arena, 4, "sidorov", "1. c4 (=)", "2026-05-10");
    mail(&mut arena, 4, "smirnov", "I accept the draw.", "2026-05-11");
    // 5: Black resigns after 1. Nf3
    mail(&mut arena, 5, "smirnov", "1. Nf3", "2026-05-10");
    mail(&mut arena, 5, "petrov", "RESIGN", "2026-05-11");
    for (n, status) in [
        (1, "finished"),
        (2, "in_progress"),
        (3, "in_progress"),
        (4, "finished"),
        (5, "finished"),
    ] {
        assert_eq!(
            arena.json(&format!("{T}/{n}"))["status"],
            status,
            "game {n}"
        );
    }
    arena
}

/// White's 1. e4 on 10 May, Black silent past the 10 days of the control:
/// on 21 May the overstep is claimed and the game suspended (III.6.3).
fn claimed() -> Arena {
    let mut arena = Arena::new(&tournament(
        "days_per_control = 10\nmoves_per_control = 5",
        &[("ivanov", "petrov")],
    ));
    arena.run("2026-05-10");
    mail(&mut arena, 1, "ivanov", "1. e4", "2026-05-10");
    arena.run("2026-05-21");
    arena
}

/// A game lost on time: White's 1. e4, Black silent past 10 days, the
/// claim confirmed by the director (III.6.6).
fn time_forfeit() -> Arena {
    let mut arena = claimed();
    // Black protested: the CONFIRM takes effect at once (III.6.4)
    arena.exchange(
        "petrov@example.test",
        &format!("Re: [{T}/1] claim"),
        "PROTEST",
        "2026-05-22",
    );
    arena.exchange(TD, &format!("Re: [{T}/1] claim"), "CONFIRM", "2026-05-22");
    let json = arena.json(&format!("{T}/1"));
    assert_eq!(json["result"], "1-0", "{json:#}");
    arena
}

/// A held move (III.6.3): Black's 1... e5 sent on 21 May into the game
/// suspended by the claim, forwarded when the director rejects it on 22 May.
fn held_move() -> Arena {
    let mut arena = claimed();
    mail(&mut arena, 1, "petrov", "1. e4 e5", "2026-05-21");
    arena.exchange(TD, &format!("Re: [{T}/1] claim"), "REJECT", "2026-05-22");
    let json = arena.json(&format!("{T}/1"));
    assert_eq!(json["moves"][1]["forwarded"], "2026-05-22", "{json:#}");
    arena
}

/// The games of a PGN file: each one's tags (in order) and its movetext.
fn parsed(pgn: &str) -> Vec<(Vec<(String, String)>, String)> {
    let mut out = Vec::new();
    for chunk in pgn.split("\n\n[").filter(|c| !c.trim().is_empty()) {
        let chunk = chunk.trim_start_matches('[');
        let (head, moves) = chunk.split_once("\n\n").expect("tags, then moves");
        let tags = head
            .lines()
            .map(|l| {
                let l = l.trim_start_matches('[').trim_end_matches(']');
                let (name, value) = l.split_once(' ').expect("a tag");
                (name.to_string(), value.trim_matches('"').to_string())
            })
            .collect();
        out.push((tags, moves.trim().to_string()));
    }
    out
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

#[test]
fn app_4_every_move_carries_its_sent_date_and_the_seven_tags_come_first() {
    let arena = every_kind("");
    let (code, pgn, err) = arena.cli(&["export"]);
    assert_eq!(code, 0, "{err}");
    let games = parsed(&pgn);
    assert_eq!(games.len(), 5, "{pgn}");
    for (tags, moves) in &games {
        let names: Vec<&str> = tags.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names[..7],
            ["Event", "Site", "Date", "Round", "White", "Black", "Result"],
            "the seven-tag roster in its order: {pgn}"
        );
        assert_eq!(tag(tags, "Mode"), Some("EM"));
        // 60 days per 10 moves (Section III), in moves/seconds
        assert_eq!(tag(tags, "TimeControl"), Some("10/5184000"));
        assert!(
            tag(tags, "Rules").is_some_and(|r| r.contains("60 days per 10 moves")),
            "{tags:?}"
        );
        // addresses stay private unless the tournament publishes them
        assert_eq!(tag(tags, "WhiteNA"), None);
        assert_eq!(tag(tags, "BlackNA"), None);
        let plies: usize = tag(tags, "PlyCount").unwrap().parse().unwrap();
        assert_eq!(moves.matches("[%ccsnt ").count(), plies, "{moves}");
    }
    let movetext = |n: usize| games[n - 1].1.replace('\n', " ");
    let termination = |n: usize| tag(&games[n - 1].0, "Termination").unwrap().to_string();
    assert_eq!(
        movetext(1),
        "1. e4 {[%ccsnt 2026.05.10]} 1... e5 {[%ccsnt 2026.05.11]} 2. Bc4 {[%ccsnt 2026.05.12]} \
         2... Nc6 {[%ccsnt 2026.05.13]} 3. Qh5 {[%ccsnt 2026.05.14]} 3... Nf6 {[%ccsnt 2026.05.15]} \
         4. Qxf7# {[%ccsnt 2026.05.16]} 1-0"
    );
    assert_eq!(termination(1), "normal");
    // the accepted variant's moves are marked, with their day (III.4.6)
    assert!(
        movetext(2).contains(
            "2. Nf3 {[%ccsnt 2026.05.15] variant} 2... Nc6 {[%ccsnt 2026.05.15] variant}"
        ),
        "{}",
        movetext(2)
    );
    assert!(movetext(2).ends_with("4. Ba4 {[%ccsnt 2026.05.15]} *"));
    assert_eq!(termination(2), "unterminated");
    // the penalty where it fell, the draw offer with its move
    assert_eq!(
        movetext(3),
        "{penalty White 2 days on 2026.05.11 (impossible move)} 1. d4 {[%ccsnt 2026.05.12] (=)} \
         1... d5 {[%ccsnt 2026.05.13]} *"
    );
    assert_eq!(movetext(4), "1. c4 {[%ccsnt 2026.05.10] (=)} 1/2-1/2");
    assert_eq!(termination(4), "normal");
    assert_eq!(movetext(5), "1. Nf3 {[%ccsnt 2026.05.10]} 1-0");
    assert_eq!(termination(5), "normal");
}

#[test]
fn iii_6_pgn_time_forfeit_and_a_held_move_and_addresses_only_when_published() {
    let arena = time_forfeit();
    let (_, pgn, _) = arena.cli(&["show", &format!("{T}/1"), "--pgn"]);
    let games = parsed(&pgn);
    let tags = &games[0].0;
    assert_eq!(tag(tags, "Termination"), Some("time forfeit"), "{pgn}");
    assert_eq!(tag(tags, "TimeControl"), Some("5/864000"), "{pgn}");
    assert_eq!(tag(tags, "WhiteNA"), None, "{pgn}");

    // a held move: sent on one day, received by the opponent on another
    let (_, pgn, _) = held_move().cli(&["show", &format!("{T}/1"), "--pgn"]);
    let games = parsed(&pgn);
    assert_eq!(
        games[0].1.replace('\n', " "),
        "1. e4 {[%ccsnt 2026.05.10]} 1... e5 {[%ccsnt 2026.05.21] held, forwarded and received 2026.05.22} *",
        "{pgn}"
    );

    let published = every_kind("publish_addresses = true");
    let (_, pgn, _) = published.cli(&["show", &format!("{T}/1"), "--pgn"]);
    let games = parsed(&pgn);
    let tags = &games[0].0;
    assert_eq!(tag(tags, "WhiteNA"), Some("ivanov@example.test"), "{pgn}");
    assert_eq!(tag(tags, "BlackNA"), Some("smirnov@example.test"), "{pgn}");
}

/// A python with the `chess` package, if any.
fn python() -> Option<PathBuf> {
    let candidates = std::env::var_os("MAILARBITER_PYTHON")
        .map(PathBuf::from)
        .into_iter()
        .chain([PathBuf::from("python3")]);
    candidates.into_iter().find(|p| {
        Command::new(p)
            .args(["-c", "import chess.pgn"])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// Debian's `pgn-extract`, if installed.
fn pgn_extract() -> Option<PathBuf> {
    let candidates = std::env::var_os("MAILARBITER_PGN_EXTRACT")
        .map(PathBuf::from)
        .into_iter()
        .chain([
            PathBuf::from("pgn-extract"),
            PathBuf::from("/usr/games/pgn-extract"),
        ]);
    candidates.into_iter().find(|p| {
        Command::new(p)
            .arg("-h")
            .output()
            .is_ok_and(|o| !o.stdout.is_empty() || !o.stderr.is_empty())
    })
}

/// The tools, or why the checks are skipped (a failure when
/// `MAILARBITER_REQUIRE_PGN_TOOLS=1`).
fn tools() -> Option<(PathBuf, PathBuf)> {
    match (python(), pgn_extract()) {
        (Some(python), Some(extract)) => Some((python, extract)),
        (python, extract) => {
            let missing = [
                python
                    .is_none()
                    .then_some("python3 with the `chess` package"),
                extract.is_none().then_some("pgn-extract"),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" and ");
            if std::env::var("MAILARBITER_REQUIRE_PGN_TOOLS").as_deref() == Ok("1") {
                panic!("MAILARBITER_REQUIRE_PGN_TOOLS=1 but {missing} cannot be found");
            }
            eprintln!(
                "SKIPPED: the PGN readers' checks: {missing} not found \
                 (tests/run.sh installs them; set MAILARBITER_PYTHON / MAILARBITER_PGN_EXTRACT)"
            );
            None
        }
    }
}

/// Reads every game of `file` with python-chess: no error, the mainline as
/// long as `PlyCount`, a `%ccsnt` date on every move, the result as tagged.
const READ_WITH_PYTHON_CHESS: &str = r#"
import sys, chess.pgn
n = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        n += 1
        name = "game %d (%s)" % (n, game.headers.get("Event"))
        assert not game.errors, "%s: %r" % (name, game.errors)
        nodes = list(game.mainline())
        assert len(nodes) == int(game.headers["PlyCount"]), name
        for node in nodes:
            assert "[%ccsnt " in node.comment, "%s: %s has no date" % (name, node.san())
        board = game.end().board()
        if board.is_checkmate():
            assert game.headers["Result"] == ("0-1" if board.turn else "1-0"), name
print(n)
"#;

/// Checks `file` (holding `count` games) with both tools.
fn read_with_both(python: &Path, extract: &Path, file: &Path, count: usize) {
    let out = Command::new(python)
        .arg("-c")
        .arg(READ_WITH_PYTHON_CHESS)
        .arg(file)
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "python-chess on {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        count.to_string(),
        "python-chess read every game of {}",
        file.display()
    );
    // pgn-extract exits 0 even on an illegal move: its complaints go to
    // standard error, and a game it cannot read is left out of its output
    let out = Command::new(extract)
        .arg("-s")
        .arg(file)
        .output()
        .expect("pgn-extract runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.trim().is_empty(),
        "pgn-extract on {}: {stderr}",
        file.display()
    );
    let written = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        written.matches("[Event ").count(),
        count,
        "pgn-extract wrote every game of {}:\n{written}",
        file.display()
    );
    // it kept the dates
    assert!(written.contains("%ccsnt"), "{written}");
}

#[test]
fn app_4_python_chess_and_pgn_extract_read_every_exported_pgn() {
    let Some((python, extract)) = tools() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (name, arena, count) in [
        ("every-kind", every_kind("publish_addresses = true"), 5),
        ("time-forfeit", time_forfeit(), 1),
        ("held-move", held_move(), 1),
    ] {
        let (code, pgn, err) = arena.cli(&["export", "--pgn", "--tournament", T]);
        assert_eq!(code, 0, "{err}");
        let file = dir.path().join(format!("{name}.pgn"));
        std::fs::write(&file, &pgn).unwrap();
        files.push((file, count));
        // each game alone, as `show --pgn` and the mails give it
        for n in 1..=count {
            let (_, one, _) = arena.cli(&["show", &format!("{T}/{n}"), "--pgn"]);
            let file = dir.path().join(format!("{name}-{n}.pgn"));
            std::fs::write(&file, one).unwrap();
            files.push((file, 1));
        }
        // the result mails' files
        for sent in std::fs::read_dir(arena.path().join("sent")).unwrap() {
            let path = sent.unwrap().path();
            if path.extension().is_none_or(|e| e != "eml") {
                continue; // the outbox's own `.pending`
            }
            let mail = read_sent(&path);
            for (file_name, text) in mail.attachments {
                if file_name.ends_with(".pgn") {
                    let file = dir.path().join(format!("{name}-mail-{file_name}"));
                    std::fs::write(&file, text).unwrap();
                    files.push((file, 1));
                }
            }
        }
    }
    assert!(files.len() > 10, "{files:?}");
    for (file, count) in &files {
        read_with_both(&python, &extract, file, *count);
    }
    eprintln!(
        "python-chess and pgn-extract read {} PGN files without error",
        files.len()
    );
}
