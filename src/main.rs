//! The `mailarbiter` binary: reads the command line, loads the config, runs
//! the command, and turns errors into a message and an exit code.

#![forbid(unsafe_code)]

use anyhow::{Context, Result};
use clap::Parser;
use mailarbiter::cli::{self, Cli, Command};
use mailarbiter::config::{Config, ConfigError, Problem};
use mailarbiter::daemon::{self, load_state, DaemonError, Pipeline};
use mailarbiter::identity;
use mailarbiter::referee::state::State;
use mailarbiter::repair;
use mailarbiter::store::{self, SledStore, StoreError};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // the daemon logs its decisions; the other commands only their warnings
    let default = if matches!(cli.command, Command::Run { .. }) {
        "info"
    } else {
        "warn"
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default)),
        )
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .init();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("mailarbiter: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn config_path(cli: &Cli) -> PathBuf {
    cli.config
        .clone()
        .or_else(|| std::env::var_os("MAILARBITER_CONFIG").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("config/mailarbiter.toml"))
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the runtime")
}

fn run(cli: Cli) -> Result<ExitCode> {
    let path = config_path(&cli);
    if let Command::Demo { dir } = &cli.command {
        if let Some(config) = &cli.config {
            eprintln!(
                "mailarbiter: demo plays on its own config (the embedded default) in --dir, \
                 never on {}: leave --config out",
                config.display()
            );
            return Ok(ExitCode::from(2));
        }
        let summary = runtime()?.block_on(mailarbiter::demo::run(dir))?;
        print!("{summary}");
        return Ok(ExitCode::SUCCESS);
    }
    let config = match Config::load(&path) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("{e}");
            let n = e.problems.len();
            eprintln!("{n} problem{} in the config", if n == 1 { "" } else { "s" });
            return Ok(ExitCode::from(2));
        }
    };
    match &cli.command {
        Command::Check => return Ok(check(&path, &config)),
        Command::Run { once: true, today } => {
            let state = config.state.clone();
            let mut pipeline = match Pipeline::open(config) {
                Err(DaemonError::Identity(problems)) => {
                    return Ok(refused(&path, &state, problems, NOTHING_DONE))
                }
                opened => {
                    opened.with_context(|| format!("opening the store {}", state.display()))?
                }
            };
            let today = today.unwrap_or_else(|| pipeline.today());
            let report = runtime()?.block_on(pipeline.run_once(today))?;
            println!(
                "read {} mail(s), sent {} mail(s), {} decision(s)",
                report.mails_read,
                report.mails_sent,
                report.verdicts.len()
            );
        }
        Command::Run { once: false, .. } => {
            let state = config.state.clone();
            match runtime()?.block_on(daemon::serve(config, &path)) {
                Err(DaemonError::Identity(problems)) => {
                    return Ok(refused(&path, &state, problems, NOTHING_DONE))
                }
                served => served?,
            }
        }
        Command::Outbox | Command::Resend { .. } | Command::Backup { .. } => {
            return repair(&config, &cli.command)
        }
        Command::Restore { dir } => {
            let records = SledStore::restore(dir, &config.state)?;
            println!(
                "{}: restored from {} ({records} record(s))",
                config.state.display(),
                dir.display()
            );
        }
        view => return show(&path, &config, view),
    }
    Ok(ExitCode::SUCCESS)
}

/// What `check` and `run` say after the disagreements they refuse.
const NOTHING_DONE: &str = "nothing was read or sent";

/// The config's games disagree with the store: every disagreement with its
/// line, as `check` lists config problems; exit 2.
fn refused(path: &Path, state: &Path, problems: Vec<Problem>, outcome: &str) -> ExitCode {
    let n = problems.len();
    eprintln!(
        "{}",
        ConfigError {
            file: path.to_path_buf(),
            problems,
        }
    );
    eprintln!(
        "{n} disagreement{} between the config and the store {}: {outcome}",
        if n == 1 { "" } else { "s" },
        state.display()
    );
    ExitCode::from(2)
}

/// `check`: the config is valid (else `main` already said why); when the
/// store exists, its games are compared with the store's record. The store
/// may be held by the running daemon: then that is said, and the comparison
/// is left to the daemon's next start.
fn check(path: &Path, config: &Config) -> ExitCode {
    let games: usize = config
        .league
        .tournaments
        .iter()
        .map(|t| t.games.len())
        .sum();
    let state = &config.state;
    let mut compared = "";
    // a store is a folder sled wrote; `check` never makes one
    if store::is_store(state) {
        let review = SledStore::open(state).and_then(|store| identity::review(config, &store));
        match review {
            Ok(review) if review.is_refused() => {
                return refused(path, state, review.refusals, NOTHING_DONE)
            }
            Ok(review) => {
                for w in &review.warnings {
                    let at = w.line.map_or_else(String::new, |l| format!("{l}:"));
                    println!(
                        "{}:{at} warning: {} (`run` records the change)",
                        path.display(),
                        w.message
                    );
                }
                compared = "; the games agree with the store";
            }
            Err(StoreError::Locked { .. }) => println!(
                "note: the store {} is held by the running daemon, so the games were not \
                 compared with it; the daemon compares them when it starts and refuses a \
                 config that disagrees",
                state.display()
            ),
            Err(e) => println!("note: the games were not compared with the store: {e}"),
        }
    }
    println!(
        "{}: OK ({} tournament(s), {games} game(s){compared})",
        path.display(),
        config.league.tournaments.len()
    );
    ExitCode::SUCCESS
}

/// A read-only view: from the store, or from the running daemon that holds it
/// (which shows the games under the config it started with). A config whose
/// games disagree with the store is refused, as by `check`: the view would
/// show stored moves under other players.
fn show(path: &Path, config: &Config, command: &Command) -> Result<ExitCode> {
    if !store::is_store(&config.state) {
        // nothing was ever run: the games as they start, and no store made
        let state = State::build(
            &config.league,
            |_| Ok::<_, DaemonError>(Vec::new()),
            |_| Ok(Vec::new()),
        )?;
        return Ok(print_answer(match cli::view(config, &state, command) {
            Ok(text) => (0, text),
            Err(text) => (1, text),
        }));
    }
    let direct = SledStore::open(&config.state)
        .map_err(anyhow::Error::from)
        .and_then(|store| {
            let review = identity::review(config, &store)?;
            Ok((review.refusals, load_state(&config.league, &store)?))
        });
    let (code, text) = match direct {
        Ok((refusals, _)) if !refusals.is_empty() => {
            return Ok(refused(path, &config.state, refusals, "nothing is shown"))
        }
        Ok((_, state)) => match cli::view(config, &state, command) {
            Ok(text) => (0, text),
            Err(text) => (1, text),
        },
        Err(store_error) => {
            let socket = daemon::control_socket(config);
            let args: Vec<String> = std::env::args().skip(1).collect();
            mailarbiter::control::ask(&socket, &args).map_err(|e| {
                anyhow::anyhow!(
                    "cannot open the store {} ({store_error:#}) and no daemon answers on {} ({e})",
                    config.state.display(),
                    socket.display()
                )
            })?
        }
    };
    Ok(print_answer((code, text)))
}

/// Prints a command's answer: its text, or its message on stderr.
fn print_answer((code, text): (i32, String)) -> ExitCode {
    if code == 0 {
        print!("{text}");
    } else {
        eprintln!("mailarbiter: {}", text.trim_end());
    }
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

/// `outbox`, `resend`, `backup`: on the store, or through the running
/// daemon that holds it.
fn repair(config: &Config, command: &Command) -> Result<ExitCode> {
    let state = &config.state;
    if !store::is_store(state) {
        return Ok(print_answer(match command {
            Command::Outbox => (0, "the outbox is empty (no store yet)\n".into()),
            _ => (
                1,
                format!("no store in {}: nothing ran yet", state.display()),
            ),
        }));
    }
    let answer = match SledStore::open(state) {
        Ok(store) => repair::answer(&store, config, command, chrono::Utc::now()),
        Err(StoreError::Locked { .. }) => {
            let args: Vec<String> = match command {
                Command::Outbox => vec!["outbox".into()],
                Command::Resend { game } => vec!["resend".into(), game.clone()],
                Command::Backup { dir } => vec![
                    "backup".into(),
                    // the daemon's working folder is not ours
                    std::path::absolute(dir)?.display().to_string(),
                ],
                _ => Vec::new(),
            };
            let socket = daemon::control_socket(config);
            Some(mailarbiter::control::ask(&socket, &args).with_context(|| {
                format!(
                    "the store {} is held and no daemon answers on {}",
                    state.display(),
                    socket.display()
                )
            })?)
        }
        Err(e) => return Err(e).with_context(|| format!("opening the store {}", state.display())),
    };
    Ok(print_answer(
        answer.unwrap_or((2, "not a repair command".into())),
    ))
}
