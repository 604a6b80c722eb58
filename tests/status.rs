//! Watching it (issue 10 §3): `status` and `status --json` for an operator
//! and a monitoring check (exit 0 healthy, 3 unhealthy), and the log lines
//! an operator reads.

mod common;

use common::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";

fn status_json(arena: &Arena, extra: &[&str]) -> (i32, Value) {
    let mut args = vec!["status", "--json"];
    args.extend_from_slice(extra);
    let (code, out, err) = arena.cli(&args);
    let json = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    (code, json)
}

/// Every file under `dir` with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files(&path));
        } else if path.is_file() {
            out.insert(path.display().to_string(), std::fs::read(&path).unwrap());
        }
    }
    out
}

#[test]
fn status_of_a_stopped_daemon_reads_the_store_unchanged_and_exits_3() {
    let arena = Arena::new(&two_players("numeric"));
    // no store yet: none is made
    let (code, json) = status_json(&arena, &[]);
    assert_eq!(code, 3, "{json}");
    assert_eq!(json["daemon"], "down");
    assert!(!arena.path().join("state").exists());
    arena.run("2026-05-10");
    let before = files(&arena.path().join("state"));
    let (code, json) = status_json(&arena, &[]);
    assert_eq!(code, 3, "{json}");
    assert_eq!(json["daemon"], "down");
    assert_eq!(json["pid"], Value::Null);
    assert_eq!(json["healthy"], false);
    assert_eq!(json["problems"][0], "the daemon is not running");
    assert!(json["last_contact"].is_string(), "{json}");
    assert!(json["last_contact_age_seconds"].as_i64().unwrap() < 600);
    assert_eq!(json["mails_waiting"], 0);
    assert_eq!(json["outbox"]["length"], 0);
    assert_eq!(json["outbox"]["oldest"], Value::Null);
    assert_eq!(json["last_error"], Value::Null);
    assert_eq!(json["last_deadline_pass"], "2026-05-10");
    assert_eq!(json["next_deadline_pass"], Value::Null);
    assert_eq!(before, files(&arena.path().join("state")), "status wrote");
    let (code, out, _) = arena.cli(&["status"]);
    assert_eq!(code, 3);
    assert!(
        out.contains("daemon:               down")
            && out.contains("health:               UNHEALTHY")
            && out.contains("  - the daemon is not running"),
        "{out}"
    );
}

#[test]
fn a_mail_stuck_in_the_outbox_makes_status_unhealthy_with_the_error() {
    // an SMTP server that is not there: nothing can be delivered
    let config = two_players("numeric").replace(
        "[outbox]\nkind = \"file\"\npath = \"sent\"\n",
        "[outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = 9\ntls = \"none\"\n",
    );
    let arena = Arena::new(&config);
    let (code, out, err) = arena.cli(&["run", "--once", "--today", "2026-05-10"]);
    assert_eq!(code, 1, "the delivery fails: {out}{err}");
    std::thread::sleep(Duration::from_millis(1100));
    let (code, json) = status_json(&arena, &["--max-outbox-age", "0"]);
    assert_eq!(code, 3);
    assert!(json["outbox"]["length"].as_u64().unwrap() >= 2, "{json}");
    assert!(json["outbox"]["oldest_age_seconds"].as_i64().unwrap() >= 1);
    assert!(
        json["problems"].as_array().unwrap().iter().any(|p| p
            .as_str()
            .unwrap()
            .starts_with("the oldest outbox mail waits")),
        "{json}"
    );
    assert!(json["last_error"]["message"].is_string(), "{json}");
    assert!(json["last_error"]["at"].is_string(), "{json}");
}

#[test]
fn status_of_a_running_daemon_is_healthy_until_a_threshold_passes() {
    let config = two_players("numeric").replace("[inbox]\n", "[inbox]\npoll_seconds = 1\n");
    let arena = Arena::new(&config);
    let mut daemon = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
        .arg("--config")
        .arg(arena.path().join("mailarbiter.toml"))
        .arg("run")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut seen = None;
    while started.elapsed() < Duration::from_secs(30) {
        let (code, json) = status_json(&arena, &[]);
        if json["daemon"] == "up" && json["next_deadline_pass"].is_string() {
            seen = Some((code, json));
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let text = arena.cli(&["status"]);
    let silent = status_json(&arena, &["--max-silence=-1"]);
    Command::new("kill")
        .arg("-TERM")
        .arg(daemon.id().to_string())
        .status()
        .unwrap();
    assert!(daemon.wait().unwrap().success());
    let (code, json) = seen.expect("the daemon answers status");
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["healthy"], true);
    assert_eq!(json["problems"], serde_json::json!([]));
    assert_eq!(json["pid"], daemon.id());
    assert!(json["last_contact"].is_string(), "{json}");
    assert_eq!(json["mails_waiting"], 0);
    assert!(json["last_deadline_pass"].is_string(), "{json}");
    assert_eq!(text.0, 0, "{text:?}");
    assert!(
        text.1
            .contains(&format!("daemon:               up (pid {})", daemon.id()))
            && text.1.contains("health:               OK"),
        "{text:?}"
    );
    assert_eq!(silent.0, 3, "{}", silent.1);
    assert!(silent.1["problems"][0]
        .as_str()
        .unwrap()
        .starts_with("the mailbox was last reached"));
    // stopped: down again
    assert_eq!(status_json(&arena, &[]).1["daemon"], "down");
}

/// An SMTP server on loopback that refuses every login; its port.
fn refusing_smtp() -> u16 {
    use std::io::{BufRead as _, BufReader, Write as _};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || {
                let mut write = stream.try_clone().unwrap();
                let _ = write.write_all(b"220 mail.example.test ESMTP\r\n");
                for line in BufReader::new(stream).lines() {
                    let Ok(line) = line else { return };
                    let verb = line.split(' ').next().unwrap_or("").to_uppercase();
                    let answer: &[u8] = match verb.as_str() {
                        "EHLO" => b"250-mail.example.test\r\n250 AUTH PLAIN LOGIN\r\n",
                        "AUTH" => b"535 5.7.8 Authentication credentials invalid\r\n",
                        "QUIT" => {
                            let _ = write.write_all(b"221 bye\r\n");
                            return;
                        }
                        "" => continue,
                        _ => b"530 5.7.0 Authentication required\r\n",
                    };
                    if write.write_all(answer).is_err() {
                        return;
                    }
                }
            });
        }
    });
    port
}

#[test]
fn a_refused_smtp_login_makes_a_running_daemon_unhealthy_at_once() {
    let port = refusing_smtp();
    let config = two_players("numeric")
        .replace("[inbox]\n", "[inbox]\npoll_seconds = 1\n")
        .replace(
            "[outbox]\nkind = \"file\"\npath = \"sent\"\n",
            &format!(
                "[outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = {port}\ntls = \"none\"\n\
                 user = \"arbiter\"\npassword_file = \"smtp.pass\"\n"
            ),
        );
    let arena = Arena::new(&config);
    let secret = arena.path().join("smtp.pass");
    std::fs::write(&secret, "wrong\n").unwrap();
    std::fs::set_permissions(&secret, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    let mut daemon = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
        .arg("--config")
        .arg(arena.path().join("mailarbiter.toml"))
        .arg("run")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut seen = None;
    while started.elapsed() < Duration::from_secs(30) {
        let (code, json) = status_json(&arena, &[]);
        if json["outbox_failing"].is_object() {
            seen = Some((code, json));
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let text = arena.cli(&["status"]);
    Command::new("kill")
        .arg("-TERM")
        .arg(daemon.id().to_string())
        .status()
        .unwrap();
    assert!(daemon.wait().unwrap().success());
    let (code, json) = seen.expect("the refused login is told");
    // the opening's mails wait far less than --max-outbox-age: the refusal
    // itself makes the daemon unhealthy
    assert_eq!(code, 3, "{json:#}");
    assert_eq!(json["daemon"], "up");
    assert_eq!(json["healthy"], false);
    assert_eq!(json["stopped"], serde_json::json!(["sending"]), "{json:#}");
    assert!(json["outbox"]["length"].as_u64().unwrap() >= 2, "{json:#}");
    assert!(
        json["outbox"]["oldest_age_seconds"].as_i64().unwrap() < 3600,
        "{json:#}"
    );
    let problems = json["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{json:#}");
    let problem = problems[0].as_str().unwrap();
    assert!(
        problem.starts_with("outbox: sending mail") && problem.contains("535"),
        "{problem}"
    );
    assert_eq!(text.0, 3, "{text:?}");
    assert!(
        text.1.contains("health:               UNHEALTHY")
            && text.1.contains("  - outbox: sending mail"),
        "{text:?}"
    );
}

#[test]
fn the_log_names_each_sent_mails_recipients_and_gives_reasons_in_english() {
    let mut arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    // Ivanov writes in Russian; his illegible move is refused
    arena.send("ivanov@example.test", SUBJECT, "1. 5255", "2026-05-11");
    let (code, out, err) = arena.cli(&["run", "--once", "--today", "2026-05-11"]);
    assert_eq!(code, 0, "{out}{err}");
    let sent: Vec<&str> = err.lines().filter(|l| l.contains(" sent ")).collect();
    assert!(!sent.is_empty(), "{err}");
    for line in &sent {
        assert!(line.contains("to=ivanov@example.test"), "{line}");
        assert!(line.contains("game=RUS-EM-2026/1"), "{line}");
    }
    let decided: Vec<&str> = err.lines().filter(|l| l.contains("decided")).collect();
    assert!(
        decided
            .iter()
            .any(|l| l.contains("Rejected") && l.contains("game=RUS-EM-2026/1")),
        "{err}"
    );
    for line in decided {
        assert!(
            !line.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c)),
            "{line}"
        );
    }
}

#[test]
fn sled_stays_quiet_unless_asked() {
    let arena = Arena::new(&two_players("numeric"));
    let run = |filter: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
            .arg("--config")
            .arg(arena.path().join("mailarbiter.toml"))
            .args(["run", "--once", "--today", "2026-05-10"])
            .env("RUST_LOG", filter)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let quiet = run("debug");
    assert!(!quiet.contains(" sled::"), "{quiet}");
    assert!(
        quiet.contains("mailarbiter::daemon: sent"),
        "our own lines stay: {quiet}"
    );
    let asked = run("debug,sled=debug");
    assert!(
        asked.contains(" sled::"),
        "sled has debug lines when asked: {asked}"
    );
}
