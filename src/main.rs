//! The `mailarbiter` binary: reads the command line, loads the config, runs
//! the command, and turns errors into a message and an exit code.

#![forbid(unsafe_code)]

use anyhow::{Context, Result};
use clap::Parser;
use mailarbiter::cli::{self, Cli, Command};
use mailarbiter::config::Config;
use mailarbiter::daemon::{self, load_state, Pipeline};
use mailarbiter::store::SledStore;
use std::path::PathBuf;
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
        Command::Check => {
            let games: usize = config
                .league
                .tournaments
                .iter()
                .map(|t| t.games.len())
                .sum();
            println!(
                "{}: OK ({} tournament(s), {games} game(s))",
                path.display(),
                config.league.tournaments.len()
            );
        }
        Command::Run { once: true, today } => {
            let state = config.state.clone();
            let mut pipeline = Pipeline::open(config)
                .with_context(|| format!("opening the store {}", state.display()))?;
            let today = today.unwrap_or_else(|| pipeline.today());
            let report = runtime()?.block_on(pipeline.run_once(today))?;
            println!(
                "read {} mail(s), sent {} mail(s), {} decision(s)",
                report.mails_read,
                report.mails_sent,
                report.verdicts.len()
            );
        }
        Command::Run { once: false, .. } => runtime()?.block_on(daemon::serve(config))?,
        view => return show(&config, view),
    }
    Ok(ExitCode::SUCCESS)
}

/// A read-only view: from the store, or from the running daemon that holds it.
fn show(config: &Config, command: &Command) -> Result<ExitCode> {
    let direct = SledStore::open(&config.state)
        .map_err(anyhow::Error::from)
        .and_then(|store| Ok(load_state(&config.league, &store)?));
    let (code, text) = match direct {
        Ok(state) => match cli::view(config, &state, command) {
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
