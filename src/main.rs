//! The `mailarbiter` binary: reads the command line, loads the config, runs
//! the command, and turns errors into a message and an exit code.

#![forbid(unsafe_code)]

use anyhow::{Context, Result};
use clap::Parser;
use mailarbiter::cli::{self, Cli, Command};
use mailarbiter::config::{Config, ConfigError, PasswordCheck, Problem, Secrets};
use mailarbiter::daemon::{self, load_state, DaemonError, Pipeline};
use mailarbiter::identity;
use mailarbiter::store::{SledStore, StoreError};
use std::io::Write as _;
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

/// How the password files are treated: `check` checks those it can reach,
/// `run` needs them all, the views never read them.
fn secrets(cli: &Cli) -> Secrets {
    let check = match cli.command {
        Command::Check { .. } => PasswordCheck::Check,
        Command::Run { .. } => PasswordCheck::Require,
        _ => PasswordCheck::Skip,
    };
    let mut secrets = Secrets::from_env(check);
    if let Some(dir) = &cli.credentials {
        secrets.credentials = Some(dir.clone());
    }
    secrets
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
        let summary = runtime()?.block_on(mailarbiter::demo::run(dir))?;
        print!("{summary}");
        return Ok(ExitCode::SUCCESS);
    }
    match &cli.command {
        Command::Completions { shell } => {
            std::io::stdout().write_all(&cli::completions(*shell))?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::Man => {
            std::io::stdout().write_all(&cli::man_page()?)?;
            return Ok(ExitCode::SUCCESS);
        }
        _ => {}
    }
    let config = match Config::load_with(&path, &secrets(&cli)) {
        Ok((config, notes)) => {
            for note in notes {
                println!("{}:{note}", path.display());
            }
            config
        }
        Err(e) => {
            eprintln!("{e}");
            let n = e.problems.len();
            eprintln!("{n} problem{} in the config", if n == 1 { "" } else { "s" });
            return Ok(ExitCode::from(2));
        }
    };
    match &cli.command {
        Command::Check { connect } => {
            let offline = check(&path, &config);
            if !*connect || offline != ExitCode::SUCCESS {
                return Ok(offline);
            }
            return Ok(connect_check(&config, runtime()?));
        }
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
            match runtime()?.block_on(daemon::serve(config)) {
                Err(DaemonError::Identity(problems)) => {
                    return Ok(refused(&path, &state, problems, NOTHING_DONE))
                }
                served => served?,
            }
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
    if state.join("conf").exists() || state.join("db").exists() {
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

/// `check --connect`: every probe on one line, a failure with its reason on
/// standard error; exit 1 when any failed.
fn connect_check(config: &Config, runtime: tokio::runtime::Runtime) -> ExitCode {
    let probes = runtime.block_on(mailarbiter::check::connect(config));
    let failed = probes.iter().filter(|p| p.result.is_err()).count();
    for probe in &probes {
        match &probe.result {
            Ok(found) => println!("connect: {}: OK ({found})", probe.what),
            Err(reason) => eprintln!("connect: {}: FAILED: {reason}", probe.what),
        }
    }
    if failed == 0 {
        println!("connect: all {} checks passed", probes.len());
        ExitCode::SUCCESS
    } else {
        eprintln!("connect: {failed} of {} checks failed", probes.len());
        ExitCode::from(1)
    }
}

/// A read-only view: from the store, or from the running daemon that holds it
/// (which shows the games under the config it started with). A config whose
/// games disagree with the store is refused, as by `check`: the view would
/// show stored moves under other players.
fn show(path: &Path, config: &Config, command: &Command) -> Result<ExitCode> {
    let direct = SledStore::open(&config.state)
        .map_err(anyhow::Error::from)
        .and_then(|store| {
            let review = identity::review(config, &store)?;
            Ok((review.refusals, load_state(&config.league, &store)?))
        });
    give_back(&config.state);
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
    if code == 0 {
        print!("{text}");
    } else {
        eprintln!("mailarbiter: {}", text.trim_end());
    }
    Ok(ExitCode::from(u8::try_from(code).unwrap_or(1)))
}

/// A view run by root on a store the service's user owns: the files sled
/// made while it was open (its snapshot) are given to the store folder's
/// owner, else the service could not open its store again. Nothing happens
/// for the owner itself, nor for a user who cannot change owners.
fn give_back(state: &Path) {
    use std::os::unix::fs::MetadataExt;
    let Ok(folder) = std::fs::metadata(state) else {
        return;
    };
    let mut todo = vec![state.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            if meta.uid() != folder.uid() {
                let _ = std::os::unix::fs::lchown(&path, Some(folder.uid()), Some(folder.gid()));
            }
            if meta.is_dir() {
                todo.push(path);
            }
        }
    }
}
