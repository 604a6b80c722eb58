//! The `mailarbiter` binary: reads the command line, loads the config, runs
//! the command, and turns errors into a message and an exit code.

#![forbid(unsafe_code)]

use anyhow::{Context, Result};
use clap::Parser;
use mailarbiter::cli::{self, Cli, Command, XfccAction};
use mailarbiter::config::{Config, ConfigError, OutboxConfig, PasswordCheck, Problem, Secrets};
use mailarbiter::daemon::{self, load_state, DaemonError, Pipeline};
use mailarbiter::identity;
use mailarbiter::referee::state::State;
use mailarbiter::repair;
use mailarbiter::status::{Problem as HealthProblem, Status, Thresholds, UNHEALTHY};
use mailarbiter::store::{self, SledStore, StoreError};
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
    init_logging(default);
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("mailarbiter: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// The log: `RUST_LOG` (else `default`), with sled's own chatter at `warn`
/// unless `RUST_LOG` names sled, and never async-imap's trace of the
/// commands it writes (a `LOGIN` password, an `AUTHENTICATE` token); to the journal with its fields (`GAME=`,
/// `FROM=`, …) when stderr is the journal's stream (`JOURNAL_STREAM`, as
/// systemd sets it for a service), else to stderr.
fn init_logging(default: &str) {
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    use tracing_subscriber::EnvFilter;
    let asked = std::env::var("RUST_LOG")
        .ok()
        .filter(|v| !v.trim().is_empty());
    let filter = match &asked {
        Some(v) if v.contains("sled") => v.clone(),
        Some(v) => format!("{v},sled=warn"),
        None => format!("{default},sled=warn"),
    };
    let filter = EnvFilter::try_new(&filter).unwrap_or_else(|_| EnvFilter::new(default));
    // whatever RUST_LOG says: async-imap traces each command it writes,
    // passwords and tokens included
    let secrets_kept = tracing_subscriber::filter::filter_fn(|meta| {
        !(meta.target().starts_with("async_imap") && *meta.level() == tracing::Level::TRACE)
    });
    if stderr_is_journal() {
        match tracing_journald::layer() {
            Ok(journal) => {
                // fields as they are named (GAME=, FROM=), not F_GAME=
                let journal = journal
                    .with_field_prefix(None)
                    .with_syslog_identifier("mailarbiter".into());
                tracing_subscriber::registry()
                    .with(filter)
                    .with(secrets_kept)
                    .with(journal)
                    .init();
                return;
            }
            Err(e) => {
                eprintln!("mailarbiter: the journal cannot be reached ({e}): logging to stderr")
            }
        }
    }
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .finish()
        .with(secrets_kept)
        .init();
}

/// Whether stderr is the journal's stream: `JOURNAL_STREAM` names its
/// device and inode (systemd.exec(5)), which a shell started from the
/// service would inherit with another stderr.
fn stderr_is_journal() -> bool {
    use std::os::unix::fs::MetadataExt as _;
    let Some(value) = std::env::var_os("JOURNAL_STREAM") else {
        return false;
    };
    let Some((dev, ino)) = value.to_str().and_then(|v| v.split_once(':')) else {
        return false;
    };
    std::fs::metadata("/proc/self/fd/2")
        .is_ok_and(|m| dev.parse() == Ok(m.dev()) && ino.parse() == Ok(m.ino()))
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

/// The daemon's runtime: refereeing runs on the calling thread (the
/// future given to `block_on`), the tasks it spawns (the outbox relay, the
/// control socket, signals) on one worker thread of their own. A batch's
/// decisions and its store sync then never hold up the relay, which would
/// otherwise wait for them before reading the SMTP server's answer.
fn daemon_runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name("mailarbiter-relay")
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
    match &cli.command {
        Command::Completions { shell } => {
            std::io::stdout().write_all(&cli::completions(*shell))?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::Man => {
            std::io::stdout().write_all(&cli::man_page()?)?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::Rules { action } => {
            use mailarbiter::referee::rules::{find_preset, preset_text, presets_table};
            return Ok(match action {
                None => {
                    print!("{}", presets_table());
                    ExitCode::SUCCESS
                }
                Some(cli::RulesAction::Show { id }) => match find_preset(id) {
                    Some(preset) => {
                        print!("{}", preset_text(preset));
                        ExitCode::SUCCESS
                    }
                    None => {
                        eprintln!("mailarbiter: no preset rule set \"{id}\" (`mailarbiter rules` lists them)");
                        ExitCode::from(1)
                    }
                },
            });
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
            match daemon_runtime()?.block_on(daemon::serve(config, &path)) {
                Err(DaemonError::Identity(problems)) => {
                    return Ok(refused(&path, &state, problems, NOTHING_DONE))
                }
                served => served?,
            }
        }
        Command::OAuth2 {
            action: cli::OAuth2Action::Login { side },
        } => return oauth2_login(&config, *side, runtime()?),
        Command::Status {
            json,
            max_outbox_age,
            max_silence,
        } => {
            let limits = Thresholds {
                max_outbox_age: *max_outbox_age,
                max_silence: *max_silence,
            };
            return Ok(status(&config, *json, limits));
        }
        Command::Outbox
        | Command::Resend { .. }
        | Command::Xfcc { .. }
        | Command::Backup { .. }
        | Command::Export { mbox: Some(_), .. } => return repair(&config, &cli.command),
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

/// `status`: from the daemon through its control socket; when none
/// answers, what the store recorded (read, never written, never created).
/// Exit 0 when healthy, 3 when not.
fn status(config: &Config, json: bool, limits: Thresholds) -> ExitCode {
    let socket = daemon::control_socket(config);
    let asked = mailarbiter::control::ask(&socket, &["status".into(), "--json".into()]);
    let mut found = Vec::new();
    let mut status = match asked {
        Ok((0, text)) => serde_json::from_str(&text).unwrap_or_else(|e| {
            found.push(HealthProblem::Unanswered(format!(
                "the daemon's answer does not read: {e}"
            )));
            Status {
                daemon: "up".into(),
                ..Status::down()
            }
        }),
        Ok((_, text)) => {
            found.push(HealthProblem::Unanswered(format!(
                "the daemon cannot tell: {}",
                text.trim()
            )));
            Status {
                daemon: "up".into(),
                ..Status::down()
            }
        }
        Err(_) => {
            let state = &config.state;
            if state.join("conf").exists() || state.join("db").exists() {
                match recorded(state) {
                    Ok(status) => status,
                    Err(e) => {
                        found.push(HealthProblem::Store(format!("{e:#}")));
                        Status::down()
                    }
                }
            } else {
                found.push(HealthProblem::NoStore(state.display().to_string()));
                Status::down()
            }
        }
    };
    // a full disk is told whether the daemon runs or not (a daemon
    // waiting for room to open the store does not answer)
    if status.no_space.is_none() {
        if let Err(e) = store::room(&config.state) {
            status.no_space = Some(mailarbiter::status::LastError {
                at: chrono::Utc::now(),
                message: e.to_string(),
            });
        }
    }
    // the file outbox's folder can take no mail (read-only, or full):
    // told before a mail waits for it
    if let OutboxConfig::File { path } = &config.outbox {
        if let Err(why) = mailarbiter::mail::file::room(path) {
            found.push(HealthProblem::OutboxFolder(why));
        }
    }
    status.judge(limits, chrono::Utc::now(), found);
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&status).unwrap_or_default()
        );
    } else {
        print!("{}", status.text());
    }
    if status.healthy {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(UNHEALTHY)
    }
}

/// What the last run recorded in the store `state`, read from a private
/// copy: sled writes to a store it opens, and holding its lock, even for a
/// moment, could keep a starting daemon out.
fn recorded(state: &Path) -> Result<Status> {
    use std::os::unix::fs::DirBuilderExt as _;
    fn copy(from: &Path, to: &Path) -> std::io::Result<()> {
        std::fs::DirBuilder::new().mode(0o700).create(to)?;
        for entry in std::fs::read_dir(from)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                copy(&entry.path(), &to.join(entry.file_name()))?;
            } else if kind.is_file() {
                std::fs::copy(entry.path(), to.join(entry.file_name()))?;
            }
        }
        Ok(())
    }
    let copy_dir = std::env::temp_dir().join(format!("mailarbiter-status.{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy_dir);
    let read = copy(state, &copy_dir)
        .with_context(|| format!("copying {}", state.display()))
        .and_then(|()| {
            let store = SledStore::open(&copy_dir)?;
            Ok(mailarbiter::status::gather(&store, None, false)?)
        });
    let _ = std::fs::remove_dir_all(&copy_dir);
    read
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
    if let Some(tables) = &config.tablebases {
        use mailarbiter::referee::endgame::Prober;
        println!(
            "tablebases: {} table file(s) in {}, up to {} pieces",
            tables.files,
            tables.dir.display(),
            tables.max_pieces()
        );
    }
    ExitCode::SUCCESS
}

/// `check --connect`: every probe on one line, a failure with its reason on
/// standard error; exit 1 when any failed.
/// `oauth2 login inbox|outbox`: the device grant for that side's sign-in,
/// what to do printed at once, the refresh token file written.
fn oauth2_login(
    config: &Config,
    side: cli::Side,
    runtime: tokio::runtime::Runtime,
) -> Result<ExitCode> {
    use mailarbiter::config::{Auth, InboxConfig, OutboxConfig};
    let found = match (side, &config.inbox, &config.outbox) {
        (cli::Side::Inbox, InboxConfig::Imap(imap), _) => match &imap.auth {
            Auth::OAuth2(c) => Some((c, imap.user.clone())),
            Auth::Password(_) => None,
        },
        (cli::Side::Outbox, _, OutboxConfig::Smtp(smtp)) => match &smtp.auth {
            Some(Auth::OAuth2(c)) => Some((c, smtp.user.clone().unwrap_or_default())),
            _ => None,
        },
        _ => None,
    };
    let name = side.name();
    let Some((sign_in, account)) = found else {
        eprintln!(
            "mailarbiter: the {name} does not sign in with OAuth2 (auth = \"oauth2\" in \
             [{name}], with an IMAP inbox or an SMTP outbox)"
        );
        return Ok(ExitCode::from(2));
    };
    if sign_in.device_url.is_none() {
        eprintln!(
            "mailarbiter: [{name}] has no oauth2_device_url: the sign-in needs the provider's \
             device authorization endpoint (configuration.md, \"OAuth2 sign-in\")"
        );
        return Ok(ExitCode::from(2));
    }
    let said = runtime.block_on(mailarbiter::mail::oauth2::device_login(
        sign_in,
        name,
        &account,
        |line| {
            println!("{line}");
            let _ = std::io::stdout().flush();
        },
    ));
    match said {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("mailarbiter: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

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
    if !store::is_store(state) && !matches!(command, Command::Xfcc { .. }) {
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
                Command::Xfcc {
                    action: XfccAction::Reset { address },
                } => vec!["xfcc".into(), "reset".into(), address.clone()],
                Command::Backup { dir } => vec![
                    "backup".into(),
                    // the daemon's working folder is not ours
                    std::path::absolute(dir)?.display().to_string(),
                ],
                Command::Export {
                    mbox: Some(game),
                    output,
                    ..
                } => {
                    let mut args = vec!["export".into(), "--mbox".into(), game.clone()];
                    if let Some(path) = output {
                        args.push("--output".into());
                        args.push(std::path::absolute(path)?.display().to_string());
                    }
                    args
                }
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
