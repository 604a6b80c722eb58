//! The store at ICCF scale (issue 11 §4, §6): stores of 1k, 10k and 100k
//! games (10, 100 and 1,000 round-robins of 15 players, 105 games each)
//! with moves stored — every 32nd game 60 plies, the others 0 to 8 — are
//! built through `SledStore::commit`, then opened in a child process as the
//! daemon's start does (config read, store opened, identity settled, state
//! loaded, its copy for the control socket; then its first daily timer
//! pass), in another as `games` does (the same open, then the table), and
//! twice as `run --once` does before its first mail (the first time, every
//! game is read for the day's openings; after, none need be):
//! the time of each step and the peak resident memory (VmHWM) are printed. Then criterion measures one
//! commit of a batch of 25 mails' events (25 moves, 25 processed markers,
//! 50 outbound mails) in the smallest and the largest store.
//!
//! Run with `cargo bench --bench store` (`STORE_BENCH_DAY` sets the day of
//! the timer pass, 2026-05-12 by default: no deadline falls); `STORE_BENCH_BUILD_ONLY=1` keeps
//! the stores built (to profile an open); `STORE_BENCH_TOURNAMENTS=10,1000`
//! chooses the sizes (in tournaments of 105 games). The figures are in
//! docs/performance.md.

use criterion::Criterion;
use mailarbiter::config::Config;
use mailarbiter::daemon::load_state;
use mailarbiter::referee::decide::{MailKind, OutMail, Recipient};
use mailarbiter::referee::game::{Event, Game};
use mailarbiter::store::{Commit, Processed, SledStore, Store};
use shakmaty::{Chess, Position};
use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// Set in the child: the folder of the store to open.
const OPEN: &str = "STORE_BENCH_OPEN";

const PLAYERS: usize = 15;

/// `tournaments` round-robins of 15 players.
fn league_toml(tournaments: usize) -> String {
    let mut text = String::from(
        "[gateway]\naddress = \"arbiter@example.test\"\nstate = \"state\"\n\n[inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n\
         [outbox]\nkind = \"file\"\npath = \"sent\"\n",
    );
    for t in 0..tournaments {
        text.push_str(&format!(
            "\n[[tournament]]\nid = \"T{t}\"\nname = \"Bench {t}\"\nstart = \"2026-05-10\"\n\
             director = \"td{t}@example.test\"\npairing = \"round-robin\"\n"
        ));
        for p in 0..PLAYERS {
            text.push_str(&format!(
                "\n[[tournament.player]]\nid = \"p{p}\"\nname = \"P{p}, X\"\nemail = [\"t{t}p{p}@example.test\"]\n"
            ));
        }
    }
    text
}

/// Legal games of 60 plies that do not end by themselves, in UCI: moves
/// picked by a fixed pseudo-random sequence.
fn long_games(count: usize) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    'seed: for seed in 1u64.. {
        if games.len() == count {
            break;
        }
        let mut rng = seed;
        let mut pos = Chess::default();
        let mut out = Vec::new();
        for _ in 0..60 {
            let moves = pos.legal_moves();
            rng = rng
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = moves[(rng >> 33) as usize % moves.len()];
            out.push(Game::uci(&m));
            pos = pos.play(m).unwrap();
            if pos.is_game_over() || pos.halfmoves() >= 90 {
                continue 'seed;
            }
        }
        games.push(out);
    }
    games
}

/// The plies stored for the `i`-th game.
fn plies_of(i: usize) -> usize {
    if i.is_multiple_of(32) {
        60
    } else {
        i % 9
    }
}

/// Writes the config and a store of `tournaments` × 105 games into `dir`;
/// the number of games and of events.
fn build(dir: &Path, tournaments: usize) -> (usize, usize) {
    std::fs::create_dir_all(dir.join("sent")).unwrap();
    for sub in ["cur", "new", "tmp"] {
        std::fs::create_dir_all(dir.join("inbox").join(sub)).unwrap();
    }
    let path = dir.join("mailarbiter.toml");
    std::fs::write(&path, league_toml(tournaments)).unwrap();
    let config = Config::load(&path).unwrap();
    let store = SledStore::open(&config.state).unwrap();
    mailarbiter::daemon::settle_identity(&config, &store).unwrap();
    let start: chrono::NaiveDate = "2026-05-10".parse().unwrap();
    let lines = long_games(16);
    let mut commit = Commit::default();
    let (mut games, mut events) = (0, 0);
    for (i, (_, spec)) in config.league.games().enumerate() {
        games += 1;
        let plies = plies_of(i);
        // every game opened, as the daemon's first pass on the start day left them
        commit
            .events
            .push((spec.id.clone(), Event::Opened { on: start }));
        for (k, uci) in lines[i % lines.len()][..plies].iter().enumerate() {
            commit.events.push((
                spec.id.clone(),
                Event::Moved {
                    uci: uci.clone(),
                    sent: start + chrono::Days::new(k as u64 / 2),
                    draw_offer: false,
                },
            ));
        }
        if i % 1000 == 999 {
            events += commit.events.len();
            store.commit(&std::mem::take(&mut commit)).unwrap();
        }
    }
    events += commit.events.len();
    store.commit(&commit).unwrap();
    (games, events)
}

/// VmHWM of this process, in KiB.
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Set in the child: `daemon`, `games` or `once`, what to do after the open.
const AS: &str = "STORE_BENCH_AS";

/// In the child: what `run --once` does before it reads its first mail
/// (config read, pipeline opened: the store, the identity, the state that
/// reads games as they are needed; the day's openings).
fn once(dir: &Path) {
    let began = Instant::now();
    let config = Config::load(&dir.join("mailarbiter.toml")).unwrap();
    let config_took = began.elapsed();
    let mut pipeline = mailarbiter::daemon::Pipeline::open(config).unwrap();
    let open_took = began.elapsed() - config_took;
    let mut report = mailarbiter::daemon::Report::default();
    pipeline
        .openings("2026-05-12".parse().unwrap(), &mut report)
        .unwrap();
    let took = began.elapsed();
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    println!(
        "  run --once before its first mail: {:.0} ms, peak RSS {} MiB: config {:.0} ms, open {:.0} ms, openings {:.0} ms ({} decisions)",
        ms(took),
        peak_kib() / 1024,
        ms(config_took),
        ms(open_took),
        ms(took - config_took - open_took),
        report.verdicts.len()
    );
}

/// In the child: what the daemon's start (`daemon`: and its first daily
/// timer pass) or `games` does, step by step.
fn open(dir: &Path, daemon: bool) {
    let began = Instant::now();
    let mut steps = Vec::new();
    let mut step = |name: &str, from: &mut Instant| {
        steps.push(format!(
            "{name} {:.0} ms ({} MiB)",
            from.elapsed().as_secs_f64() * 1000.0,
            peak_kib() / 1024
        ));
        *from = Instant::now();
    };
    let mut at = Instant::now();
    let config = Config::load(&dir.join("mailarbiter.toml")).unwrap();
    step("config", &mut at);
    let store = if daemon {
        SledStore::open_with_cache(&config.state, mailarbiter::store::DAEMON_CACHE_BYTES)
    } else {
        SledStore::open(&config.state)
    }
    .unwrap();
    step("store", &mut at);
    mailarbiter::daemon::settle_identity(&config, &store).unwrap();
    step("identity", &mut at);
    let state = load_state(&config.league, &store).unwrap();
    step("state", &mut at);
    let what = if daemon {
        // the daemon's copy for the control socket
        let snapshot = state.clone();
        step("snapshot", &mut at);
        let started = began.elapsed();
        // the daily timer pass goes over every game (on a day when no
        // deadline falls: the mails due are another matter)
        // tournament by tournament, its letters written, as the daemon does
        let quiet = std::env::var("STORE_BENCH_DAY").unwrap_or_else(|_| "2026-05-12".into());
        let quiet = quiet.parse().unwrap();
        let mut mails = 0;
        for t in &config.league.tournaments {
            let mut decision = mailarbiter::referee::timers::tournament_deadlines(
                &config.league,
                t,
                &state,
                quiet,
            );
            mailarbiter::letters::write(&config.league, &mut decision);
            mails += decision.mails.len();
        }
        step(&format!("first deadline pass ({mails} mails)"), &mut at);
        black_box(snapshot);
        format!("daemon start: {:.0} ms", started.as_secs_f64() * 1000.0)
    } else {
        let table = mailarbiter::cli::games_table(
            &config.league,
            &state,
            None,
            "2026-07-01".parse().unwrap(),
        );
        step("games table", &mut at);
        black_box(table);
        format!("games: {:.0} ms", began.elapsed().as_secs_f64() * 1000.0)
    };
    black_box(state);
    println!(
        "  {what}, peak RSS {} MiB: {}",
        peak_kib() / 1024,
        steps.join(", ")
    );
}

/// One batch: 25 move mails to 25 games from `*next` on.
fn batch(games: &[String], next: &mut usize, serial: &mut u64) -> Commit {
    let mut commit = Commit {
        created: "2026-05-11T10:00:00+00:00".into(),
        ..Commit::default()
    };
    let recipient = |n: u64| Recipient {
        name: format!("Player {n}, X"),
        email: format!("player{n}@example.test"),
    };
    for _ in 0..25 {
        let game = &games[*next % games.len()];
        *next += 1;
        *serial += 1;
        commit.events.push((
            game.clone(),
            Event::Reminded {
                on: "2026-05-11".parse().unwrap(),
            },
        ));
        commit.facts.push((
            format!("bench:{serial}"),
            format!("processed mail {serial}"),
        ));
        for to in 0..2 {
            commit.mails.push(OutMail {
                to: vec![recipient(*serial + to)],
                cc: vec![],
                subject: format!("[{game}] 12. Nf3"),
                body: "x".repeat(1500),
                in_reply_to: Some(format!("<mail.{serial}@example.test>")),
                references: vec![format!("<mail.{serial}@example.test>")],
                thread: vec![],
                kind: MailKind::AutoReplied,
                game: Some(game.clone()),
                attachments: vec![],
            });
        }
    }
    // a batch: 25 mails' markers in the one transaction
    commit.processed = (0..25)
        .map(|k| {
            (
                format!("inbox:{serial}.{k}"),
                Processed {
                    message_id: Some(format!("<mail.{serial}.{k}@example.test>")),
                    outcome: "accepted".into(),
                },
            )
        })
        .collect();
    commit
}

fn main() {
    if let Ok(dir) = std::env::var(OPEN) {
        if std::env::var(AS).is_ok_and(|what| what == "once") {
            once(Path::new(&dir));
            return;
        }
        open(
            Path::new(&dir),
            std::env::var(AS).is_ok_and(|what| what == "daemon"),
        );
        return;
    }
    let sizes: Vec<usize> = std::env::var("STORE_BENCH_TOURNAMENTS")
        .unwrap_or_else(|_| "10,100,1000".into())
        .split(',')
        .map(|s| s.trim().parse().unwrap())
        .collect();
    let mut c = Criterion::default().sample_size(20).configure_from_args();
    let mut dirs = Vec::new();
    for &tournaments in &sizes {
        let dir = tempfile::tempdir().unwrap();
        let began = Instant::now();
        let (games, events) = build(dir.path(), tournaments);
        println!(
            "store of {games} games ({tournaments} round-robins of 15), {events} events: built in {:.1} s",
            began.elapsed().as_secs_f64()
        );
        // the first `once` reads every game (no tournament is known to have
        // all its games opened yet), the second what every later one reads
        for what in ["once", "once", "daemon", "games", "daemon", "games"] {
            let status = Command::new(std::env::current_exe().unwrap())
                .env(OPEN, dir.path())
                .env(AS, what)
                .status()
                .unwrap();
            assert!(status.success());
        }
        if std::env::var_os("STORE_BENCH_BUILD_ONLY").is_some() {
            // for a profiler: `STORE_BENCH_OPEN=<folder> <this bench>` opens it
            println!("kept: {}", dir.keep().display());
            continue;
        }
        dirs.push((tournaments, dir));
    }
    for (tournaments, dir) in [dirs.first(), dirs.last()].into_iter().flatten() {
        let config = Config::load(&dir.path().join("mailarbiter.toml")).unwrap();
        let games: Vec<String> = config.league.games().map(|(_, g)| g.id.clone()).collect();
        let store = SledStore::open(&config.state).unwrap();
        let (mut next, mut serial) = (0, 0);
        c.bench_function(
            &format!(
                "store: one commit of 25 mails, {} games stored",
                tournaments * 105
            ),
            |b| {
                b.iter(|| {
                    store
                        .commit(&batch(&games, &mut next, &mut serial))
                        .unwrap()
                })
            },
        );
    }
    c.final_summary();
}
