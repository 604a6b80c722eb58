//! Maildir in / `.eml` out: the floor and the daemon on the same mails, in
//! the same run, on the same disk.
//!
//! Run `cargo bench --bench maildir`. `MAILDIR_MAILS` sets the number of
//! move mails (default 2000: the round robin of `benches/end_to_end.rs`,
//! 20 players, 190 games), `MAILDIR_RUNS` the number of runs (default 3),
//! `MAILDIR_DIR` the folder the mailboxes are made in (default the
//! system's temporary folder; `MAILDIR_KEEP=1` keeps them, to look at the
//! mails).
//!
//! Each run stages the mails into a Maildir's `new/` (each file written,
//! its time set, renamed in as a mail server delivers) and syncs the disk
//! before each of the two it times (the first run the daemon first, as it
//! tells the size of the floor's files; the next ones the floor first):
//! - the daemon: its `Pipeline` with a Maildir inbox and a file outbox,
//!   the default `batch_mails`, after a first `run_once` that sent the
//!   games' opening mails, run as `mailarbiter run` runs it: batches of
//!   mails refereed on this thread, the outbox relay on a thread of its
//!   own, woken after each batch; the clock stops when every mail is in
//!   `cur/` and every forward is an `.eml` file, durably;
//! - the floor: a plain loop that lists `new/` once (names and times, in
//!   the daemon's order) and, 25 mails at a time, reads each mail, writes
//!   for each one file (`create`, `write`, `close`; no sync) of the size
//!   the daemon wrote per mail (a forward's headers, the mail, padding),
//!   appends the 25 mails' names to a record file and `fdatasync`s it,
//!   then renames each mail into `cur/` with the seen flag. It decides
//!   nothing and composes nothing.

use mailarbiter::config::Config;
use mailarbiter::daemon::{self, Pipeline};
use std::fs;
use std::io::Write as _;
use std::path::Path;
use std::time::{Duration, Instant, SystemTime};

#[path = "../tests/common/mod.rs"]
mod common;
mod round_robin;

use round_robin::{cpu_times, mails, Staged, DOMAIN};

/// The floor's group: a record made durable once per this many mails.
const FLOOR_GROUP: usize = 25;

/// Delivers the mails into `maildir/new/` as a mail server does.
fn stage(maildir: &Path, mails: &[Staged]) {
    for sub in ["new", "cur", "tmp"] {
        fs::create_dir_all(maildir.join(sub)).unwrap();
    }
    let now = SystemTime::now();
    for (i, m) in mails.iter().enumerate() {
        let name = format!("{}.M{i:06}P1.bench", 1_700_000_000 + i);
        let tmp = maildir.join("tmp").join(&name);
        fs::write(&tmp, &m.raw).unwrap();
        // one arrival time for all: the daemon then takes them by name
        fs::File::options()
            .write(true)
            .open(&tmp)
            .unwrap()
            .set_modified(now)
            .unwrap();
        fs::rename(&tmp, maildir.join("new").join(&name)).unwrap();
    }
}

fn sync_disk() {
    std::process::Command::new("sync").status().unwrap();
}

/// The `.eml` files in `dir`: how many, how many bytes.
fn emls(dir: &Path) -> (usize, u64) {
    let (mut n, mut bytes) = (0, 0);
    for entry in fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        if entry.path().extension().is_some_and(|e| e == "eml") {
            n += 1;
            bytes += entry.metadata().unwrap().len();
        }
    }
    (n, bytes)
}

/// The floor (see the module's comment): its time.
fn floor(maildir: &Path, out: &Path, record: &Path, mails: &[Staged], size: usize) -> Duration {
    fs::create_dir_all(out).unwrap();
    let mut record = fs::File::create(record).unwrap();
    let new = maildir.join("new");
    let cur = maildir.join("cur");
    let start = Instant::now();
    let mut names: Vec<(SystemTime, String)> = fs::read_dir(&new)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let modified = e.metadata().unwrap().modified().unwrap();
            (modified, e.file_name().to_string_lossy().into_owned())
        })
        .collect();
    names.sort();
    assert_eq!(names.len(), mails.len(), "the floor sees every mail");
    let mut n = 0;
    let mut synced = Duration::ZERO;
    for group in names.chunks(FLOOR_GROUP) {
        let mut line = String::new();
        for (_, name) in group {
            let raw = fs::read(new.join(name)).unwrap();
            let mail = &mails[n];
            let mut data = format!(
                "From: arbiter@{DOMAIN}\r\nTo: {to}\r\nCc: {cc}\r\nSubject: Fwd: move\r\n\r\n",
                to = mail.opponent,
                cc = mail.mover,
            )
            .into_bytes();
            data.extend_from_slice(&raw);
            while data.len() < size {
                data.extend_from_slice(
                    b"\r\n.. a line as long as a line of the daemon's forward ..",
                );
            }
            fs::write(out.join(format!("{n:010}.eml")), &data).unwrap();
            line.push_str(name);
            line.push('\n');
            n += 1;
        }
        record.write_all(line.as_bytes()).unwrap();
        let syncing = Instant::now();
        record.sync_data().unwrap();
        synced += syncing.elapsed();
        for (_, name) in group {
            fs::rename(new.join(name), cur.join(format!("{name}:2,S"))).unwrap();
        }
    }
    if std::env::var_os("MAILDIR_VERBOSE").is_some() {
        eprintln!("  the floor's syncs: {:.3} s", synced.as_secs_f64());
    }
    start.elapsed()
}

struct DaemonRun {
    took: Duration,
    /// user, system
    cpu: (Duration, Duration),
    files: usize,
    bytes: u64,
}

fn daemon_run(dir: &Path, run: &str, mails: &[Staged]) -> DaemonRun {
    let text = format!(
        "[gateway]\naddress = \"{run}-arb@{DOMAIN}\"\nstate = \"state\"\ntimezone = \"UTC\"\n\n\
         [inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n\
         [outbox]\nkind = \"file\"\npath = \"sent\"\n\n{}",
        round_robin::tournament(run)
    );
    fs::create_dir_all(dir.join("sent")).unwrap();
    mailarbiter::mail::maildir::Maildir::create(&dir.join("inbox")).unwrap();
    fs::write(dir.join("mailarbiter.toml"), text).unwrap();
    let config = Config::load(&dir.join("mailarbiter.toml")).unwrap();
    let today = daemon::today(&config);
    let mut pipeline = Pipeline::open(config).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    // the games' opening mails out first
    runtime.block_on(pipeline.run_once(today)).unwrap();
    let (files_before, bytes_before) = emls(&dir.join("sent"));
    stage(&dir.join("inbox"), mails);
    sync_disk();
    if std::env::var_os("MAILDIR_ONCE").is_some() {
        // as `run --once` runs: every batch refereed, then the outbox sent
        let (user_before, system_before) = cpu_times(std::process::id());
        let start = Instant::now();
        let report = runtime.block_on(pipeline.run_once(today)).unwrap();
        let took = start.elapsed();
        let (user, system) = cpu_times(std::process::id());
        let (files, bytes) = emls(&dir.join("sent"));
        assert_eq!(files - files_before, report.mails_sent);
        return DaemonRun {
            took,
            cpu: (user - user_before, system - system_before),
            files: files - files_before,
            bytes: bytes - bytes_before,
        };
    }
    // as `run` runs: the relay on a thread of its own, woken after each
    // batch; refereeing on this one
    let mut relay = pipeline.take_relay().expect("the relay");
    let (wake, woken) = std::sync::mpsc::channel::<bool>();
    let (user_before, system_before) = cpu_times(std::process::id());
    let start = Instant::now();
    let relaying = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let (_keep, stop) = tokio::sync::watch::channel(false);
        let mut sent = 0;
        while let Ok(mut more) = woken.recv() {
            while let Ok(next) = woken.try_recv() {
                more &= next;
            }
            sent += runtime.block_on(relay.send(&stop)).unwrap();
            if !more {
                break;
            }
        }
        sent
    });
    let (_keep, stop) = tokio::sync::watch::channel(false);
    let mut report = mailarbiter::daemon::Report::default();
    loop {
        let more = runtime
            .block_on(pipeline.inbox_pass(&mut report, &stop))
            .unwrap();
        wake.send(more).unwrap();
        if !more {
            break;
        }
    }
    let refereed = start.elapsed();
    let sent = relaying.join().unwrap();
    let took = start.elapsed();
    if std::env::var_os("MAILDIR_VERBOSE").is_some() {
        eprintln!(
            "  the daemon: every batch refereed and committed at {:.3} s, the last mail written at {:.3} s",
            refereed.as_secs_f64(),
            took.as_secs_f64()
        );
    }
    let (user, system) = cpu_times(std::process::id());
    let cpu = (
        user.saturating_sub(user_before),
        system.saturating_sub(system_before),
    );
    assert_eq!(report.mails_read, mails.len(), "the daemon read every mail");
    assert_eq!(
        fs::read_dir(dir.join("inbox/new")).unwrap().count(),
        0,
        "every mail marked"
    );
    let (files, bytes) = emls(&dir.join("sent"));
    assert_eq!(files - files_before, sent);
    DaemonRun {
        took,
        cpu,
        files: files - files_before,
        bytes: bytes - bytes_before,
    }
}

fn main() {
    let count: usize = std::env::var("MAILDIR_MAILS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2000);
    let runs: usize = std::env::var("MAILDIR_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let moves = common::numerics(common::APP4);
    println!(
        "Maildir in / .eml out: {count} move mails in {} games, {runs} runs",
        round_robin::pairs().len()
    );
    println!(
        "        floor              daemon             daemon / floor   daemon CPU (user + system)   forwards"
    );
    // kept to the end: files deleted within the runs make ext4 slower to
    // create others (it avoids reusing recently freed inodes)
    let mut folders = Vec::new();
    let mut size = None;
    for r in 0..runs {
        let tmp = match std::env::var_os("MAILDIR_DIR") {
            Some(dir) => tempfile::tempdir_in(dir),
            None => tempfile::tempdir(),
        }
        .unwrap();
        let run = format!("md{r}");
        let staged = mails(&run, &format!("{run}-arb@{DOMAIN}"), count, &moves);
        let count = staged.len();
        // the floor writes per mail what the daemon wrote per mail; after
        // the first run, whose daemon tells the size, the floor goes first
        let floor_run = |size: usize| {
            let floor_dir = tmp.path().join("floor");
            stage(&floor_dir.join("inbox"), &staged);
            sync_disk();
            floor(
                &floor_dir.join("inbox"),
                &floor_dir.join("sent"),
                &floor_dir.join("record"),
                &staged,
                size,
            )
        };
        let daemon_dir = tmp.path().join("daemon");
        fs::create_dir_all(&daemon_dir).unwrap();
        let (floor, daemon) = match size {
            Some(size) => {
                let floor = floor_run(size);
                (floor, daemon_run(&daemon_dir, &run, &staged))
            }
            None => {
                let daemon = daemon_run(&daemon_dir, &run, &staged);
                let bytes = (daemon.bytes / count as u64) as usize;
                size = Some(bytes);
                (floor_run(bytes), daemon)
            }
        };
        let bytes = size.unwrap_or_default();
        let rate = |d: Duration| count as f64 / d.as_secs_f64();
        println!(
            "  run {r}: {:>6.3} s {:>6.0}/s   {:>6.3} s {:>6.0}/s   {:>5.2}            {:.2} s + {:.2} s              {} files, {} bytes a mail",
            floor.as_secs_f64(),
            rate(floor),
            daemon.took.as_secs_f64(),
            rate(daemon.took),
            floor.as_secs_f64() / daemon.took.as_secs_f64(),
            daemon.cpu.0.as_secs_f64(),
            daemon.cpu.1.as_secs_f64(),
            daemon.files,
            bytes,
        );
        folders.push(tmp);
    }
    if std::env::var_os("MAILDIR_KEEP").is_some() {
        for tmp in folders {
            println!("  kept: {}", tmp.keep().display());
        }
    }
}
