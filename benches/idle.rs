//! Tournaments that have not started yet, beside one that runs: `run
//! --once` passes of the release binary, as an operator runs them, over a
//! league of one running round robin of 15 players (105 games) and
//! `IDLE_BENCH_TOURNAMENTS` (1,000) round robins of 15 that start next
//! year, against the running one alone. Each pass is timed (wall, and the
//! CPU of the process: user + system) and its peak resident memory read
//! (VmHWM, looked at every few milliseconds while it runs).
//!
//! The passes: the first (a new store: the games recorded, the running
//! tournament's openings), then, for each of `IDLE_BENCH_DAYS` (5) days
//! (`--today`), the day's first pass (its deadlines) and a second pass on
//! the same day. `IDLE_BENCH_BIN=<path>` times another build of the binary
//! beside this one, each on folders of its own, their passes alternating:
//! how the figures before and after a change are taken side by side.
//!
//! Run with `cargo bench --bench idle`; the figures are in
//! docs/performance.md.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const PLAYERS: usize = 15;

/// The running tournament's start, the others', the first pass's day.
const RUNNING: &str = "2026-11-01";
const LATER: &str = "2027-03-01";
const FIRST_DAY: &str = "2026-12-01";

/// A round robin of 15 players named `id`, starting on `start`.
fn tournament(id: &str, start: &str) -> String {
    let mut text = format!(
        "\n[[tournament]]\nid = \"{id}\"\nname = \"Bench {id}\"\nstart = \"{start}\"\n\
         director = \"td-{id}@example.test\"\npairing = \"round-robin\"\n"
    );
    for p in 0..PLAYERS {
        text.push_str(&format!(
            "\n[[tournament.player]]\nid = \"p{p}\"\nname = \"P{p}, X\"\n\
             email = [\"{}p{p}@example.test\"]\n",
            id.to_lowercase()
        ));
    }
    text
}

/// A folder with the config of the running tournament and `later`
/// tournaments that start next year, its Maildir inbox and file outbox.
fn league(dir: &Path, later: usize) -> PathBuf {
    std::fs::create_dir_all(dir.join("sent")).unwrap();
    for sub in ["cur", "new", "tmp"] {
        std::fs::create_dir_all(dir.join("inbox").join(sub)).unwrap();
    }
    let mut text = String::from(
        "[gateway]\naddress = \"arbiter@example.test\"\nstate = \"state\"\n\n\
         [inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n\
         [outbox]\nkind = \"file\"\npath = \"sent\"\n",
    );
    text.push_str(&tournament("R", RUNNING));
    for t in 0..later {
        text.push_str(&tournament(&format!("N{t}"), LATER));
    }
    let path = dir.join("mailarbiter.toml");
    std::fs::write(&path, text).unwrap();
    path
}

/// The CPU time (user + system) of the waited-for children of this
/// process so far (`/proc/self/stat`, cutime and cstime).
fn children_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| -> u64 { fields.get(i).and_then(|t| t.parse().ok()).unwrap_or(0) };
    // USER_HZ is 100 on Linux
    Duration::from_millis((ticks(13) + ticks(14)) * 10)
}

/// The peak resident memory of process `pid` so far, in KiB.
fn peak_kib(pid: u32) -> Option<u64> {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// What one pass took.
struct Took {
    wall: Duration,
    cpu: Duration,
    peak_mib: u64,
}

/// One `run --once --today <today>` of `bin` with `config`.
fn pass(bin: &Path, config: &Path, today: &str) -> Took {
    let cpu = children_cpu();
    let began = Instant::now();
    let mut child = Command::new(bin)
        .args(["--config".as_ref(), config.as_os_str()])
        .args(["run", "--once", "--today", today])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut peak = 0;
    let (wall, status) = std::thread::scope(|scope| {
        let waited = scope.spawn(|| {
            let status = child.wait().unwrap();
            (began.elapsed(), status)
        });
        while !waited.is_finished() {
            peak = peak.max(peak_kib(pid).unwrap_or(0));
            std::thread::sleep(Duration::from_millis(3));
        }
        waited.join().unwrap()
    });
    assert!(status.success(), "{} failed", bin.display());
    Took {
        wall,
        cpu: children_cpu() - cpu,
        peak_mib: peak / 1024,
    }
}

/// The median of `values`.
fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    values[values.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.0} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    let later: usize = std::env::var("IDLE_BENCH_TOURNAMENTS")
        .map_or(1000, |n| n.trim().parse().expect("IDLE_BENCH_TOURNAMENTS"));
    let days: u64 = std::env::var("IDLE_BENCH_DAYS").map_or(5, |n| n.trim().parse().unwrap());
    let mut builds = vec![(
        "this build",
        PathBuf::from(env!("CARGO_BIN_EXE_mailarbiter")),
    )];
    if let Ok(other) = std::env::var("IDLE_BENCH_BIN") {
        builds.push(("IDLE_BENCH_BIN", PathBuf::from(other)));
    }
    let root = tempfile::tempdir().unwrap();
    // (build, league name, its config)
    let mut runs = Vec::new();
    for (b, (build, bin)) in builds.iter().enumerate() {
        for (name, count) in [
            ("the running one alone".to_string(), 0),
            (format!("beside {later} not started"), later),
        ] {
            let dir = root.path().join(format!("{b}-{count}"));
            runs.push((*build, bin.clone(), name, league(&dir, count)));
        }
    }
    println!(
        "one running round robin of {PLAYERS} (105 games), and {later} that start on {LATER} \
         ({} games); `run --once` passes, wall / CPU / peak RSS:",
        later * 105
    );
    for (build, bin, name, config) in &runs {
        let took = pass(bin, config, FIRST_DAY);
        println!(
            "  {build}, {name}: first pass (new store) {} / {} / {} MiB",
            ms(took.wall),
            ms(took.cpu),
            took.peak_mib
        );
    }
    // each run's (day's first pass, second pass) figures
    let mut figures: Vec<(Vec<Took>, Vec<Took>)> =
        runs.iter().map(|_| Default::default()).collect();
    let first: chrono::NaiveDate = FIRST_DAY.parse().unwrap();
    for d in 1..=days {
        let today = (first + chrono::Days::new(d)).to_string();
        for again in [false, true] {
            for ((_, bin, _, config), (firsts, seconds)) in runs.iter().zip(&mut figures) {
                let took = pass(bin, config, &today);
                if again { seconds } else { firsts }.push(took);
            }
        }
    }
    let summary = |took: &[Took]| {
        let walls: Vec<Duration> = took.iter().map(|t| t.wall).collect();
        let cpus: Vec<Duration> = took.iter().map(|t| t.cpu).collect();
        let (low, high) = (
            walls.iter().min().copied().unwrap_or_default(),
            walls.iter().max().copied().unwrap_or_default(),
        );
        format!(
            "wall median {} ({}-{}), CPU median {}, peak {} MiB",
            ms(median(walls)),
            ms(low),
            ms(high),
            ms(median(cpus)),
            took.iter().map(|t| t.peak_mib).max().unwrap_or(0)
        )
    };
    for ((build, _, name, _), (firsts, seconds)) in runs.iter().zip(&figures) {
        println!("  {build}, {name}, over {days} days:");
        println!("    the day's first pass: {}", summary(firsts));
        println!("    a second pass that day: {}", summary(seconds));
    }
}
