//! Crash safety (DESIGN.md §2): the daemon killed with SIGKILL at random
//! moments while it works through a burst of move mails, and started again,
//! applies every move exactly once; every forward goes out, and a mail sent
//! twice (a crash between delivery and the outbox entry's removal) carries
//! the same Message-ID both times.

mod common;

use common::*;
use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn sigkill_at_random_moments_applies_every_move_exactly_once() {
    // three bursts, each killed at its own random moments
    let (mut kills, mut mid_burst) = (0, 0);
    for seed in [12345, 777, 2026] {
        let (k, m) = killed_at_random_moments(seed);
        kills += k;
        mid_burst += m;
    }
    println!("killed the daemon {kills} times, {mid_burst} of them with part of the burst done");
    assert!(kills >= 5, "the test killed the daemon ({kills} times)");
    assert!(
        mid_burst >= 2,
        "kills after some batches and before others ({mid_burst})"
    );
}

/// One burst whose daemon is killed at random moments until it is done:
/// how many kills, and how many of them with part of the burst done.
fn killed_at_random_moments(seed: u64) -> (usize, usize) {
    let config = two_players("numeric")
        .replace("[inbox]\n", "[inbox]\npoll_seconds = 1\nbatch_mails = 10\n");
    let mut arena = Arena::new(&config);
    let numerics = numerics(APP4);
    let num = |j: usize| numbered_ply(j, &numerics[j]);
    // every mail arrives on the start day, in order
    for i in 0..numerics.len() {
        let from = if i % 2 == 0 {
            "ivanov@example.test"
        } else {
            "petrov@example.test"
        };
        let body = repeat_and_move(&numerics, i);
        arena.send(from, "Re: [RUS-EM-2026/1]", &body, "2026-05-10");
    }
    let config_path = arena.path().join("mailarbiter.toml");
    let (mut kills, mut mid_burst) = (0, 0);
    let mut rng = seed;
    let mut window: u64 = 20_000; // µs
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
            .arg("--config")
            .arg(&config_path)
            .arg("run")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // a random moment of this run: before, within or between batches
        // of mails, while sending, or while committing
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (before, _) = arena.inbox_counts();
        if kills % 2 == 1 {
            // every other run: just after a batch was marked, and a few
            // milliseconds more (inside the next batch, or its commit)
            let started = Instant::now();
            while arena.inbox_counts().0 == before && started.elapsed() < Duration::from_secs(5) {
                std::thread::sleep(Duration::from_micros(200));
            }
            std::thread::sleep(Duration::from_micros((rng >> 40) % 3000));
        } else {
            // the others: within a window that widens while runs are killed
            // before their first commit, and narrows again once they are not
            std::thread::sleep(Duration::from_micros(
                window / 4 + (rng >> 33) % (window * 3 / 4),
            ));
        }
        let (new, _) = arena.inbox_counts();
        if new == 0 || Instant::now() > deadline {
            // let it finish sending, then stop it
            std::thread::sleep(Duration::from_millis(1500));
            Command::new("kill")
                .arg("-TERM")
                .arg(child.id().to_string())
                .status()
                .unwrap();
            child.wait().unwrap();
            break;
        }
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        kills += 1;
        let left = arena.inbox_counts().0;
        if left > 0 && left < numerics.len() {
            mid_burst += 1;
        }
        window = if left == before {
            (window * 3 / 2).min(2_000_000)
        } else {
            (window / 2).max(20_000)
        };
    }
    assert_eq!(arena.inbox_counts().0, 0, "every mail processed");
    // every move exactly once, in order
    arena.run("2026-05-10");
    let json = arena.json("RUS-EM-2026/1");
    let stored: Vec<&str> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["numeric"].as_str().unwrap())
        .collect();
    assert_eq!(
        stored,
        numerics.iter().map(String::as_str).collect::<Vec<_>>()
    );
    assert_eq!(
        json["white"]["penalty_days"], 0,
        "no move read twice as a wrong one"
    );
    assert_eq!(json["black"]["penalty_days"], 0);
    // every forward went out; a resend has the same Message-ID
    let sent = arena.new_sent();
    // a forward is two mails, one per player (Ivanov reads Russian, Petrov
    // English): the same subject, each To its reader
    let mut by_subject: BTreeMap<(String, Vec<String>), Vec<String>> = BTreeMap::new();
    for mail in &sent {
        by_subject
            .entry((mail.about.clone(), mail.to.clone()))
            .or_default()
            .push(mail.message_id.clone());
    }
    for i in 0..numerics.len() {
        let copies: Vec<&Vec<String>> = by_subject
            .iter()
            .filter(|((s, _), _)| s.ends_with(&num(i)))
            .map(|(_, ids)| ids)
            .collect();
        assert_eq!(
            copies.len(),
            2,
            "both copies of the forward of {} went out",
            num(i)
        );
        for ids in copies {
            assert!(
                ids.iter().all(|id| *id == ids[0]),
                "a resend keeps its Message-ID: {ids:?}"
            );
        }
    }
    let duplicates = sent.len() - by_subject.len();
    println!(
        "{} mails sent, {duplicates} resent after a kill",
        sent.len()
    );
    assert!(
        duplicates <= kills,
        "at most one mail sent twice per kill: {duplicates} after {kills} kills"
    );
    (kills, mid_burst)
}

/// Over SMTP a sent mail's removal from the outbox is made durable while
/// the next mail's envelope goes, and always before the next mail's
/// end-of-data dot: a daemon killed when the server has the second mail's
/// dot (and has not answered) has the first out of its outbox, the second
/// still in it. At most one mail is ever taken by the server and not
/// recorded: a crash sends at most one twice.
#[test]
fn killed_at_the_next_mails_end_of_data_the_mail_before_is_not_sent_again() {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let config = two_players("numeric").replace(
        "[outbox]\nkind = \"file\"\npath = \"sent\"\n",
        &format!(
            "[outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = {port}\ntls = \"none\"\n"
        ),
    );
    assert!(config.contains("kind = \"smtp\""), "{config}");
    let arena = Arena::new(&config);
    let (at_dot, told) = std::sync::mpsc::channel::<usize>();
    let (kill_done, killed) = std::sync::mpsc::channel::<()>();
    // a server that pipelines, takes the first mail and, at the second's
    // dot, tells the test and waits
    let server = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut out = stream.try_clone().unwrap();
        let mut lines = BufReader::new(stream);
        out.write_all(b"220 fake ESMTP\r\n").unwrap();
        let (mut mails, mut data) = (0, false);
        let mut line = String::new();
        loop {
            line.clear();
            if lines.read_line(&mut line).unwrap_or(0) == 0 {
                return mails;
            }
            let command = line.trim_end().to_ascii_uppercase();
            if data {
                if command == "." {
                    data = false;
                    mails += 1;
                    if mails == 2 {
                        at_dot.send(mails).unwrap();
                        killed.recv().unwrap();
                        return mails;
                    }
                    out.write_all(b"250 2.0.0 queued\r\n").unwrap();
                }
                continue;
            }
            let reply: &[u8] = if command.starts_with("EHLO") {
                b"250-fake\r\n250 PIPELINING\r\n"
            } else if command == "DATA" {
                data = true;
                b"354 go on\r\n"
            } else if command == "QUIT" {
                out.write_all(b"221 bye\r\n").unwrap();
                return mails;
            } else {
                b"250 ok\r\n"
            };
            out.write_all(reply).unwrap();
        }
    });
    // the game's opening mails wait in the outbox: two at least
    let mut child = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
        .arg("--config")
        .arg(arena.path().join("mailarbiter.toml"))
        .args(["run", "--once", "--today", "2026-05-10"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let at = told
        .recv_timeout(Duration::from_secs(60))
        .expect("the second mail's dot");
    assert_eq!(at, 2);
    child.kill().unwrap(); // SIGKILL, the second mail not answered
    child.wait().unwrap();
    kill_done.send(()).unwrap();
    server.join().unwrap();
    let (code, listing, err) = arena.cli(&["outbox"]);
    assert_eq!(code, 0, "{err}");
    let seqs: Vec<u64> = listing
        .lines()
        .filter_map(|l| l.split('\t').next()?.parse().ok())
        .collect();
    assert!(
        !seqs.contains(&1),
        "the first mail left the outbox durably: {listing}"
    );
    assert!(
        seqs.contains(&2),
        "the second waits, never answered: {listing}"
    );
}
