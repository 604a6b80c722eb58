//! The `mailarbiter` binary: reads the command line, loads the config, runs
//! the command, and turns errors into a message and an exit code.

use anyhow::{bail, Context, Result};
use clap::Parser;
use mailarbiter::cli::{self, Cli, Command};
use mailarbiter::config::Config;
use mailarbiter::daemon::Pipeline;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
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

fn run(cli: Cli) -> Result<ExitCode> {
    let path = config_path(&cli);
    if let Command::Demo { dir } = &cli.command {
        return mailarbiter::demo::run(dir).map(|summary| {
            print!("{summary}");
            ExitCode::SUCCESS
        });
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
    match cli.command {
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
        Command::Run { once, today } => {
            let mut pipeline = open(config)?;
            if once {
                let today = today.unwrap_or_else(|| pipeline.today());
                let report = pipeline.run_once(today)?;
                println!(
                    "read {} mail(s), sent {} mail(s), {} decision(s)",
                    report.mails_read,
                    report.mails_sent,
                    report.verdicts.len()
                );
            } else {
                pipeline.run_forever()?;
            }
        }
        Command::Games { tournament, today } => {
            let pipeline = open(config)?;
            let today = today.unwrap_or_else(|| pipeline.today());
            print!(
                "{}",
                cli::games_table(
                    &pipeline.config.league,
                    pipeline.games(),
                    tournament.as_deref(),
                    today
                )
            );
        }
        Command::Show {
            game,
            json,
            pgn,
            schedule,
            lang,
        } => {
            let pipeline = open(config)?;
            let Some((t, _)) = pipeline.config.league.game(&game) else {
                bail!("no game {game} in {}", path.display());
            };
            let state = &pipeline.games()[&game];
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&cli::game_json(t, state))?
                );
            } else if pgn {
                print!("{}", mailarbiter::message::render::pgn(t, state));
            } else if schedule {
                print!(
                    "{}",
                    mailarbiter::message::render::schedule(t, state, lang.into())
                );
            } else {
                print!("{}", cli::game_text(t, state, lang.into()));
            }
        }
        Command::Export { tournament, .. } => {
            let pipeline = open(config)?;
            for (t, spec) in pipeline.config.league.games() {
                if tournament.as_deref().is_some_and(|id| id != t.id) {
                    continue;
                }
                println!(
                    "{}",
                    mailarbiter::message::render::pgn(t, &pipeline.games()[&spec.id])
                );
            }
        }
        Command::Demo { .. } => unreachable!("handled above"),
    }
    Ok(ExitCode::SUCCESS)
}

fn open(config: Config) -> Result<Pipeline> {
    let state = config.state.clone();
    Pipeline::open(config).with_context(|| format!("opening the store {}", state.display()))
}
