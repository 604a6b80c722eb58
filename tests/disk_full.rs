//! A full disk: the state folder and the outbox on small tmpfs mounts that
//! are filled while the daemon referees a burst of move mails. Nothing may
//! be lost, corrupted or written twice; the daemon says so once, stays up
//! (also when started again while the disk is full), `status` is unhealthy
//! (exit 3) with "no space" while it lasts, whether the state folder's or
//! the outbox folder's disk is full, and it goes on by itself when there
//! is room again.
//!
//! Mounting needs root; where it cannot mount, the test says so loudly
//! and skips (`MAILARBITER_REQUIRE_MOUNT=1`, set by tests/run.sh, makes
//! that a failure).

mod common;

use common::*;
use std::collections::BTreeMap;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const GAME: &str = "RUS-EM-2026/1";

/// A tmpfs of `mib` MiB mounted at a new folder, unmounted when dropped.
struct Tmpfs {
    at: PathBuf,
}

impl Tmpfs {
    fn mount(mib: u64) -> Option<Tmpfs> {
        let at = std::env::temp_dir().join(format!(
            "mailarbiter-full.{}.{}",
            std::process::id(),
            rand_word()
        ));
        fs::create_dir_all(&at).unwrap();
        let mounted = Command::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                &format!("size={mib}m,mode=0755"),
                "tmpfs",
            ])
            .arg(&at)
            .stderr(Stdio::piped())
            .output();
        match mounted {
            Ok(out) if out.status.success() => Some(Tmpfs { at }),
            other => {
                let why = match other {
                    Ok(out) => String::from_utf8_lossy(&out.stderr).into_owned(),
                    Err(e) => e.to_string(),
                };
                let _ = fs::remove_dir(&at);
                assert!(
                    std::env::var_os("MAILARBITER_REQUIRE_MOUNT").is_none(),
                    "cannot mount a tmpfs (root is needed): {why}"
                );
                eprintln!("SKIPPED: the disk-full test cannot mount a tmpfs (needs root): {why}");
                None
            }
        }
    }

    /// Fills the file system to the last byte; the filler's path.
    fn fill(&self) -> PathBuf {
        let path = self.at.join("filler");
        let mut file = fs::File::create(&path).unwrap();
        let chunk = vec![0u8; 1 << 16];
        while file.write_all(&chunk).is_ok() {}
        let small = [0u8; 512];
        while file.write_all(&small).is_ok() {}
        let _ = file.sync_all();
        path
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.at).status();
        let _ = fs::remove_dir(&self.at);
    }
}

fn rand_word() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos() as u64
}

fn start_daemon(arena: &Arena) -> Child {
    let log = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(arena.path().join("daemon.log"))
        .unwrap();
    Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
        .arg("--config")
        .arg(arena.path().join("mailarbiter.toml"))
        .arg("run")
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .unwrap()
}

/// SIGTERM, which must end the daemon with 0; its log.
fn stop(arena: &Arena, daemon: &mut Child) -> String {
    Command::new("kill")
        .arg("-TERM")
        .arg(daemon.id().to_string())
        .status()
        .unwrap();
    assert!(daemon.wait().unwrap().success(), "{}", log(arena));
    log(arena)
}

fn log(arena: &Arena) -> String {
    fs::read_to_string(arena.path().join("daemon.log")).unwrap_or_default()
}

fn wait_until(what: &str, arena: &Arena, limit: Duration, mut done: impl FnMut() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(
            started.elapsed() < limit,
            "{what}: not within {limit:?}\n{}",
            log(arena)
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn status(arena: &Arena) -> serde_json::Value {
    status_exit(arena).1
}

/// `status --json`: its exit code and what it printed.
fn status_exit(arena: &Arena) -> (i32, serde_json::Value) {
    let (code, out, err) = arena.cli(&["status", "--json"]);
    let json = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    (code, json)
}

/// Whether one of `status`'s problems holds each of `words`.
fn told(status: &serde_json::Value, words: &[&str]) -> bool {
    status["problems"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| words.iter().all(|w| p.as_str().unwrap().contains(w)))
}

/// Files in `dir` (recursively) whose names end with `.tmp` or
/// `.generating`: what a half-done write leaves.
fn strays(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.file_type().unwrap().is_dir() {
                folders.push(entry.path());
            } else if name.ends_with(".tmp") || name.ends_with(".generating") {
                found.push(entry.path().display().to_string());
            }
        }
    }
    found
}

/// The Message-IDs of the written mails, each with how many files hold it.
fn message_ids(sent: &Path) -> BTreeMap<String, usize> {
    let mut ids = BTreeMap::new();
    for entry in fs::read_dir(sent).unwrap().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "eml")
            && !entry.file_name().to_string_lossy().starts_with('.')
        {
            *ids.entry(read_sent(&path).message_id).or_insert(0) += 1;
        }
    }
    ids
}

/// The arena with its state folder and outbox folder on `state_fs` and
/// `outbox_fs` (symbolic links from where the config names them).
fn arena_on(state_fs: &Path, outbox_fs: &Path) -> Arena {
    // the tournament starts today, so that the daemon's own clock (no
    // `--today`) finds every move in time
    let config = two_players("numeric")
        .replace("2026-05-10", &today())
        .replace("[inbox]\n", "[inbox]\npoll_seconds = 1\nbatch_mails = 5\n");
    let arena = Arena::new(&config);
    fs::create_dir_all(state_fs.join("state")).unwrap();
    fs::create_dir_all(outbox_fs.join("sent")).unwrap();
    std::os::unix::fs::symlink(state_fs.join("state"), arena.path().join("state")).unwrap();
    fs::remove_dir(arena.path().join("sent")).unwrap();
    std::os::unix::fs::symlink(outbox_fs.join("sent"), arena.path().join("sent")).unwrap();
    arena
}

/// Today in the tournament's zone (Moscow).
fn today() -> String {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Moscow)
        .date_naive()
        .to_string()
}

/// Sends the burst's mails `from..to`, each arriving on the start day.
fn send_moves(arena: &mut Arena, numerics: &[String], from: usize, to: usize) {
    for i in from..to {
        let player = if i % 2 == 0 {
            "ivanov@example.test"
        } else {
            "petrov@example.test"
        };
        arena.send(
            player,
            "Re: [RUS-EM-2026/1]",
            &repeat_and_move(numerics, i),
            &today(),
        );
    }
}

/// The moves the store holds, in order.
fn stored_moves(arena: &Arena) -> Vec<String> {
    arena.json(GAME)["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["numeric"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_full_state_disk_loses_nothing_writes_nothing_twice_and_the_daemon_waits() {
    let Some(disk) = Tmpfs::mount(64) else { return };
    let numerics = numerics(APP4);
    let half = 20.min(numerics.len() / 2);
    let all = (2 * half).min(numerics.len());
    let mut arena = arena_on(&disk.at, &disk.at);
    let mut daemon = start_daemon(&arena);
    send_moves(&mut arena, &numerics, 0, half);
    wait_until(
        "the first half refereed",
        &arena,
        Duration::from_secs(30),
        || arena.inbox_counts().0 == 0 && status(&arena)["outbox"]["length"] == 0,
    );
    let filler = disk.fill();
    send_moves(&mut arena, &numerics, half, all);
    std::thread::sleep(Duration::from_secs(4));
    assert!(
        daemon.try_wait().unwrap().is_none(),
        "still up\n{}",
        log(&arena)
    );
    assert_eq!(
        arena.inbox_counts().0,
        all - half,
        "nothing is read that could not be recorded"
    );
    let full = status(&arena);
    assert_eq!(full["healthy"], false, "{full:#}");
    assert!(
        full["problems"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p.as_str().unwrap().contains("no space")),
        "{full:#}"
    );
    // the unit's restart while the disk is full: the daemon waits for
    // room to open the store, and does not exit
    daemon.kill().unwrap();
    daemon.wait().unwrap();
    let mut daemon = start_daemon(&arena);
    std::thread::sleep(Duration::from_secs(3));
    assert!(
        daemon.try_wait().unwrap().is_none(),
        "waits, not exits\n{}",
        log(&arena)
    );
    let down = status(&arena);
    assert_eq!(down["healthy"], false, "{down:#}");
    assert!(
        down["problems"].to_string().contains("no space"),
        "{down:#}"
    );
    fs::remove_file(&filler).unwrap();
    wait_until(
        "the second half refereed",
        &arena,
        Duration::from_secs(30),
        || {
            arena.inbox_counts().0 == 0
                && status(&arena)["outbox"]["length"] == 0
                && status(&arena)["healthy"] != false
        },
    );
    let text = stop(&arena, &mut daemon);
    let told = |words: &str| text.matches(words).count();
    assert_eq!(
        told("no space: reading and sending wait"),
        1,
        "once per episode:\n{text}"
    );
    assert_eq!(
        told("no space: the store is opened once there is room"),
        1,
        "{text}"
    );
    assert!(told("there is room again") >= 1, "{text}");
    // every move once, in order; every mail once; nothing half-written
    assert_eq!(stored_moves(&arena), numerics[..all].to_vec());
    let ids = message_ids(&arena.path().join("sent"));
    let twice: Vec<_> = ids.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "written twice: {twice:?}");
    assert!(
        ids.len() >= 2 * all,
        "both copies of each forward: {} mails for {all} moves",
        ids.len()
    );
    assert_eq!(strays(&disk.at), Vec::<String>::new());
    let (code, out, err) = arena.cli(&["games"]);
    assert_eq!(code, 0, "the store opens and replays: {out}{err}");
}

#[test]
fn a_full_outbox_disk_writes_no_mail_twice_and_leaves_no_half_mail() {
    let Some(state) = Tmpfs::mount(64) else {
        return;
    };
    let Some(outbox) = Tmpfs::mount(4) else {
        return;
    };
    let numerics = numerics(APP4);
    let all = 30.min(numerics.len());
    let mut arena = arena_on(&state.at, &outbox.at);
    let mut daemon = start_daemon(&arena);
    wait_until("the opening sent", &arena, Duration::from_secs(30), || {
        message_ids(&arena.path().join("sent")).len() >= 2
    });
    let filler = outbox.fill();
    send_moves(&mut arena, &numerics, 0, all);
    // refereed and kept in the outbox: the mails wait for room
    wait_until(
        "the burst refereed",
        &arena,
        Duration::from_secs(30),
        || arena.inbox_counts().0 == 0,
    );
    std::thread::sleep(Duration::from_secs(2));
    let waiting = status(&arena)["outbox"]["length"].as_u64().unwrap();
    assert!(waiting > 0, "{}", log(&arena));
    assert_eq!(strays(&outbox.at), Vec::<String>::new(), "no half mail");
    fs::remove_file(&filler).unwrap();
    wait_until("the outbox sent", &arena, Duration::from_secs(20), || {
        status(&arena)["outbox"]["length"] == 0
    });
    let text = stop(&arena, &mut daemon);
    assert_eq!(
        text.matches("outbox: sending failed, kept for later")
            .count(),
        1,
        "one line per episode:\n{text}"
    );
    assert_eq!(stored_moves(&arena), numerics[..all].to_vec());
    let ids = message_ids(&arena.path().join("sent"));
    let twice: Vec<_> = ids.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "written twice: {twice:?}");
    assert!(ids.len() >= 2 * all + 2, "{} mails", ids.len());
    assert_eq!(strays(&outbox.at), Vec::<String>::new());
}

#[test]
fn a_full_outbox_disk_makes_status_unhealthy_with_exit_3_until_there_is_room() {
    let Some(state) = Tmpfs::mount(64) else {
        return;
    };
    let Some(outbox) = Tmpfs::mount(4) else {
        return;
    };
    let numerics = numerics(APP4);
    let mut arena = arena_on(&state.at, &outbox.at);
    let mut daemon = start_daemon(&arena);
    wait_until(
        "the opening sent, and healthy",
        &arena,
        Duration::from_secs(30),
        || message_ids(&arena.path().join("sent")).len() >= 2 && status_exit(&arena).0 == 0,
    );
    let filler = outbox.fill();
    // told as soon as the folder can take no mail, before one waits for it
    let (code, full) = status_exit(&arena);
    assert_eq!(code, 3, "{full:#}");
    assert_eq!(full["healthy"], false, "{full:#}");
    assert_eq!(full["stopped"], serde_json::json!(["sending"]), "{full:#}");
    assert!(told(&full, &["outbox: ", "sent", "no space"]), "{full:#}");
    // mails wait: the relay's failure is told while it lasts
    send_moves(&mut arena, &numerics, 0, 2);
    wait_until(
        "the relay fails to write",
        &arena,
        Duration::from_secs(30),
        || status(&arena)["outbox_failing"].is_object(),
    );
    let (code, failing) = status_exit(&arena);
    assert_eq!(code, 3, "{failing:#}");
    assert_eq!(failing["healthy"], false, "{failing:#}");
    assert!(
        failing["outbox"]["length"].as_u64().unwrap() > 0,
        "{failing:#}"
    );
    assert!(
        told(&failing, &["outbox: sending mail", "no space", "(since "]),
        "{failing:#}"
    );
    let (code, text, _) = arena.cli(&["status"]);
    assert_eq!(code, 3, "{text}");
    assert!(
        text.contains("health:               UNHEALTHY") && text.contains("  - outbox: "),
        "{text}"
    );
    fs::remove_file(&filler).unwrap();
    wait_until(
        "healthy again, the outbox sent",
        &arena,
        Duration::from_secs(30),
        || {
            let (code, now) = status_exit(&arena);
            code == 0 && now["outbox"]["length"] == 0
        },
    );
    let (_, well) = status_exit(&arena);
    assert_eq!(well["problems"], serde_json::json!([]), "{well:#}");
    assert_eq!(well["outbox_failing"], serde_json::Value::Null, "{well:#}");
    assert!(
        well["last_error"]["message"]
            .as_str()
            .unwrap()
            .contains("no space"),
        "the past failure stays told: {well:#}"
    );
    stop(&arena, &mut daemon);
}
