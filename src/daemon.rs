//! The daemon's work: fetch → parse → decide → commit → mark → send, and the
//! timer pass. Inbound mails are refereed in batches of up to
//! `[inbox] batch_mails` (group commit): one store transaction, made durable, holds
//! a batch's decisions; its mails are marked only after it; the outbox
//! relay sends on its own task, each entry removed, durably, once the
//! transport accepted it (DESIGN.md §2).
//!
//! [`serve`] is `run`: the loop under systemd, with IDLE (or polling),
//! reconnection with backoff, the outbox relay retrying with backoff, the
//! timers after each local midnight, a clean stop on SIGTERM/SIGINT,
//! `sd_notify` READY/WATCHDOG/STOPPING, and the control socket through which
//! `games`, `show` and `export` read the state while the daemon holds the store.

use crate::config::{Config, InboxConfig, OutboxConfig, Problem};
use crate::identity;
use crate::letters;
use crate::mail::file::FileOutbound;
use crate::mail::imap::ImapInbox;
use crate::mail::maildir::Maildir;
use crate::mail::smtp::SmtpOutbound;
use crate::mail::{compose, Disposition, Inbox, MailError, Outbound, Outbox, Waiting};
use crate::message::bounce::{read_bounce, Bounce};
use crate::message::parse::{authenticated, find_tag, read_mail, without_quoted, Mail, ReadError};
use crate::referee::decide::{
    decide_mail, Decision, HeldCopy, Inbound, MailKind, OutMail, Recipient, Verdict,
};
use crate::referee::game::ReplayError;
use crate::referee::notice::game::GameNotice;
use crate::referee::notice::officials::{BounceReport, OfficialNotice};
use crate::referee::notice::{Letter, Notice, Reader};
use crate::referee::state::{Checked, State};
use crate::referee::timers;
use crate::referee::tournament::{League, Tournament};

use crate::store::{
    ArchivedMail, Commit, OutboxEntry, Processed, SentRecord, SledStore, Store, StoreError,
};
use chrono::{DateTime, NaiveDate, Utc};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use thiserror::Error;
use tokio::sync::watch;

// The daemon's rooms log under its own target, `mailarbiter::daemon`, as
// one room did before: operators filter the journal by it.
macro_rules! info { ($($t:tt)*) => { tracing::info!(target: "mailarbiter::daemon", $($t)*) } }
macro_rules! warn { ($($t:tt)*) => { tracing::warn!(target: "mailarbiter::daemon", $($t)*) } }
macro_rules! error { ($($t:tt)*) => { tracing::error!(target: "mailarbiter::daemon", $($t)*) } }
macro_rules! debug { ($($t:tt)*) => { tracing::debug!(target: "mailarbiter::daemon", $($t)*) } }
macro_rules! info_span { ($($t:tt)*) => { tracing::info_span!(target: "mailarbiter::daemon", $($t)*) } }

mod calendar;
mod door;
mod inbox;
mod relay;
mod serve;
pub use calendar::timer_days;
use calendar::*;
pub use serve::serve;
use serve::*;

#[derive(Debug, Error)]
pub enum DaemonError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Mail(#[from] MailError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The config's games disagree with the store's record of them
    /// ([`crate::identity`]): nothing was read or sent.
    #[error("the config disagrees with the store:\n{}", list(.0))]
    Identity(Vec<Problem>),
    #[error("reading {path}: {source}")]
    Password {
        path: PathBuf,
        source: std::io::Error,
    },
}

fn list(problems: &[Problem]) -> String {
    problems
        .iter()
        .map(|p| match p.line {
            Some(line) => format!("line {line}: {}", p.message),
            None => p.message.clone(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Compares the config's games with the store's record ([`crate::identity`])
/// and, when they agree, records what the store did not know yet and the
/// changes that are applied (logged as warnings), in one flushed commit.
///
/// # Errors
/// [`DaemonError::Identity`] with every disagreement, when the config is
/// refused (then nothing was written); a storage failure.
pub fn settle_identity(config: &Config, store: &dyn Store) -> Result<(), DaemonError> {
    settle_reviewed(store, identity::review(config, store)?)
}

/// [`settle_identity`] after the review.
fn settle_reviewed(store: &dyn Store, review: identity::Review) -> Result<(), DaemonError> {
    if review.is_refused() {
        return Err(DaemonError::Identity(review.refusals));
    }
    for p in &review.warnings {
        warn!(line = p.line, "{} (recorded)", p.message);
    }
    if !review.recorded.is_empty() {
        info!(games = %review.recorded.join(" "), "recording the players of games new to the store");
    }
    if !review.facts.is_empty() {
        store.commit(&Commit {
            facts: review.facts,
            created: Utc::now().to_rfc3339(),
            ..Commit::default()
        })?;
    }
    Ok(())
}

/// The decision with its notices written as mails ([`letters`]).
fn written(league: &League, mut decision: Decision) -> Decision {
    if league.xfcc.is_some() {
        let notes = crate::xfcc::referee::notes(&decision.letters);
        decision.facts.extend(notes);
    }
    letters::write(league, &mut decision);
    decision
}

/// The referee's state (games and leaves), replayed from the store.
///
/// # Errors
/// On a storage failure or a damaged record.
pub fn load_state(league: &League, store: &dyn Store) -> Result<State, DaemonError> {
    State::from_sorted_records(
        league,
        |ids| store.records(ids).map_err(DaemonError::from),
        |key| store.player_events(key).map_err(DaemonError::from),
    )
}

/// What one pass did.
#[derive(Debug, Default)]
pub struct Report {
    pub verdicts: Vec<Verdict>,
    pub mails_read: usize,
    pub mails_sent: usize,
}

pub use crate::status::{Health, Monitor, Snapshot};
pub use crate::store::SharedStore;

/// The daemon's parts, wired from the config.
pub struct Pipeline {
    pub config: Config,
    store: SharedStore,
    inbox: Inbox,
    /// Sends the outbox: inline for `run --once`; `run` moves it to a task
    /// of its own, so that a hung mail server never stalls refereeing.
    relay: Option<Relay>,
    state: State,
    snapshot: Snapshot,
    monitor: Monitor,
    /// The day `run --once --today` runs as of (the web pages' day).
    as_of: Option<NaiveDate>,
    /// Counts the commits: what the Xfcc endpoint told a player holds
    /// while it is unchanged (and the minute is the same).
    generation: Arc<std::sync::atomic::AtomicU64>,
    /// The Xfcc endpoint, when `run` opened it: a reloaded config's
    /// players reach it.
    door: Option<Arc<crate::xfcc::server::Door>>,
}

/// Sends the outbox entries in order, removing each once delivered.
pub struct Relay {
    store: SharedStore,
    outbox: Outbox,
    from: Recipient,
    monitor: Monitor,
}

impl Pipeline {
    /// Opens the store and prepares the transports named in the config
    /// (nothing connects yet).
    ///
    /// # Errors
    /// When the store cannot be opened, the config's games disagree with
    /// the store ([`DaemonError::Identity`], before any mail is read), a game
    /// record is damaged or a password file cannot be read.
    pub fn open(config: Config) -> Result<Pipeline, DaemonError> {
        // the config's digest (the identity at a glance) is worked out
        // while sled opens the store
        let (store, digest) = std::thread::scope(|scope| {
            let digest = scope.spawn(|| identity::digest(&config));
            let store = SledStore::open_with_cache(&config.state, crate::store::DAEMON_CACHE_BYTES);
            let digest = digest
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (store, digest)
        });
        let store: SharedStore = Arc::new(store?);
        settle_reviewed(
            store.as_ref(),
            identity::review_with(&config, store.as_ref(), digest)?,
        )?;
        let monitor = Monitor::new(store.clone());
        let (inbox, relay) = wire(&config, &store, &monitor)?;
        // the games are read as mails and timers need them
        // ([`Pipeline::load_where`]); `run` reads them all at once
        let state = State::partial();
        let snapshot = Arc::new(Mutex::new(state.clone()));
        Ok(Pipeline {
            config,
            store,
            inbox,
            relay: Some(relay),
            state,
            snapshot,
            monitor,
            as_of: None,
            generation: Arc::default(),
            door: None,
        })
    }

    /// The web pages (`[gateway] web_dir`) at start: the whole site when it
    /// was never written (after that, each commit writes what it changed).
    ///
    /// # Errors
    /// When the games cannot be read (the pages show every game: they are
    /// all read first).
    pub fn web_started(&mut self) -> Result<(), DaemonError> {
        if let Some(dir) = self.config.web_dir.clone() {
            self.load_all()?;
            if !dir.join("index.html").exists() {
                self.web_all(&dir);
            }
        }
        Ok(())
    }

    /// Reads into the state the games of the tournaments `wanted` names
    /// that it does not hold yet, the games it holds (with the decisions
    /// made on them in memory) kept as they are. The control socket's copy
    /// is not brought along: `run` reads every game at its start
    /// ([`Pipeline::load_all`]), and `run --once` has no socket.
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    pub fn load_where(&mut self, wanted: impl Fn(&Tournament) -> bool) -> Result<(), DaemonError> {
        let Pipeline {
            config,
            store,
            state,
            ..
        } = self;
        let league = &config.league;
        state.load(
            league,
            league.tournaments.iter().filter(|t| wanted(t)),
            |ids| store.records(ids).map_err(DaemonError::from),
            |key| store.player_events(key).map_err(DaemonError::from),
        )
    }

    /// [`Pipeline::load_where`] for the tournaments at the places `at` of
    /// the config's list.
    ///
    /// # Errors
    /// As [`Pipeline::load_where`].
    pub(crate) fn load_at(
        &mut self,
        at: impl IntoIterator<Item = usize>,
    ) -> Result<(), DaemonError> {
        let league = &self.config.league;
        let wanted: std::collections::HashSet<String> = at
            .into_iter()
            .map(|at| league.tournaments[at].id.clone())
            .collect();
        self.load_where(|t| wanted.contains(&t.id))
    }

    /// Reads every game into the state, and the control socket's copy
    /// with it (`run`, the web pages, a decision that looked past the
    /// games read).
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    pub fn load_all(&mut self) -> Result<(), DaemonError> {
        if self.state.holds_all(&self.config.league) {
            return Ok(());
        }
        self.load_where(|_| true)?;
        if let Ok(mut snapshot) = self.snapshot.lock() {
            snapshot.clone_from(&self.state);
        }
        Ok(())
    }

    /// Decides with the state: a decision that looked at a game or a player
    /// the state does not hold yet is thrown away and made again once it
    /// holds every game, so that no game is decided as new because its
    /// record was not read.
    ///
    /// # Errors
    /// When the games cannot be read.
    fn deciding<T>(&mut self, decide: impl Fn(&Self) -> T) -> Result<T, DaemonError> {
        self.state.take_missed();
        let decided = decide(self);
        if !self.state.take_missed() {
            return Ok(decided);
        }
        debug!("the decision looked past the games read: every game is read, and it is made again");
        self.load_all()?;
        Ok(decide(self))
    }

    /// Writes the whole web site; a failure is logged, never fatal.
    fn web_all(&self, dir: &Path) {
        let today = self.as_of.unwrap_or_else(|| self.today());
        match crate::web::write_all(dir, &self.config.league, &self.state, today) {
            Ok(w) => info!(dir = %dir.display(), pages = w.pages, "wrote the web pages"),
            Err(e) => error!(dir = %dir.display(), %e, "the web pages cannot be written"),
        }
    }

    /// After a commit: the web pages of the games it changed, their
    /// tournaments' crosstables and the index; a failure is logged.
    fn web_changed(
        &self,
        events: &[(String, crate::referee::game::Event)],
        players: &[(String, crate::referee::leave::PlayerEvent)],
    ) {
        let Some(dir) = &self.config.web_dir else {
            return;
        };
        let today = self.as_of.unwrap_or_else(|| self.today());
        let written = crate::web::update(
            dir,
            &self.config.league,
            &self.state,
            events.iter().map(|(id, _)| id.as_str()),
            players.iter().map(|(key, _)| key.as_str()),
            today,
        );
        if let Err(e) = written {
            error!(dir = %dir.display(), %e, "the web pages cannot be written");
        }
    }

    /// The daemon's health and the store it is kept in.
    pub fn monitor(&self) -> &Monitor {
        &self.monitor
    }

    /// SIGHUP: reads the config at `path` again and puts it in place when it
    /// is valid, names the same state folder, its password files read and its
    /// games agree with the store (what [`settle_identity`] records is then
    /// written); otherwise logs why and keeps the config it runs with. The
    /// new transports replace the old ones (the caller reconnects and
    /// restarts the relay). True when applied.
    pub async fn reload(&mut self, path: &Path) -> bool {
        let config = match Config::load(path) {
            Ok(config) => config,
            Err(e) => {
                error!("reload refused, the running config stays:\n{e}");
                return false;
            }
        };
        if config.state != self.config.state {
            error!(
                was = %self.config.state.display(),
                now = %config.state.display(),
                "reload refused, the running config stays: the state folder changes only with a restart"
            );
            return false;
        }
        let applied = wire(&config, &self.store, &self.monitor).and_then(|(inbox, relay)| {
            settle_identity(&config, self.store.as_ref())?;
            let state = load_state(&config.league, self.store.as_ref())?;
            Ok((inbox, relay, state))
        });
        let (inbox, relay, state) = match applied {
            Ok(parts) => parts,
            Err(e) => {
                error!("reload refused, the running config stays: {e}");
                return false;
            }
        };
        self.inbox.close().await;
        self.inbox = inbox;
        self.relay = Some(relay);
        self.state = state;
        if let Ok(mut snapshot) = self.snapshot.lock() {
            snapshot.clone_from(&self.state);
        }
        self.generation
            .fetch_add(1, std::sync::atomic::Ordering::Release);
        crate::repair::set_config(&config);
        self.config = config;
        if let Some(door) = &self.door {
            door.set_league(self.config.league.clone());
        }
        info!(config = %path.display(), "reloaded the config");
        if let Some(dir) = self.config.web_dir.clone() {
            // names, tournaments and games may have changed
            self.web_all(&dir);
        }
        true
    }

    /// The day it is now in the tournament zone.
    pub fn today(&self) -> NaiveDate {
        today(&self.config)
    }

    /// The referee's state: the games read so far ([`Pipeline::load_all`]
    /// reads every one).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// One whole pass: connect, the timers as of `today`, every waiting mail,
    /// the outbox.
    ///
    /// # Errors
    /// Operational failures only (store, mailbox, transport).
    pub async fn run_once(&mut self, today: NaiveDate) -> Result<Report, DaemonError> {
        let done = self.run_once_inner(today).await;
        if let Err(e) = &done {
            self.monitor.error(e.to_string());
        }
        done
    }

    async fn run_once_inner(&mut self, today: NaiveDate) -> Result<Report, DaemonError> {
        let mut report = Report::default();
        self.as_of = Some(today);
        self.web_started()?;
        self.inbox.connect().await?;
        self.openings(today, &mut report)?;
        let (_keep, stop) = watch::channel(false);
        while self.inbox_pass(&mut report, &stop).await? {}
        self.inbox.close().await;
        self.deadlines(today, &mut report)?;
        self.lost_access(today, &mut report)?;
        self.monitor.deadlines(Some(today), None);
        self.digests(today)?;
        self.send_outbox(&mut report, &stop).await?;
        Ok(report)
    }

    /// The day's openings (once a day: `opening_day`) and one batch of the
    /// mailbox; whether more mails wait.
    ///
    /// # Errors
    /// As [`Pipeline::openings`] and [`Pipeline::inbox_pass`].
    async fn referee_pass(
        &mut self,
        today: NaiveDate,
        opening_day: &mut Option<NaiveDate>,
        report: &mut Report,
        shutdown: &watch::Receiver<bool>,
    ) -> Result<bool, DaemonError> {
        if *opening_day != Some(today) {
            self.openings(today, report)?;
            *opening_day = Some(today);
        }
        self.inbox_pass(report, shutdown).await
    }

    /// The decision with the games as it leaves them, if its events apply.
    fn checked(&self, decision: Decision) -> Result<(Decision, Checked), String> {
        if !self.state.holds_players(&decision.player_events) {
            return Err("its players' events concern tournaments not read yet".into());
        }
        match self.state.check(&self.config.league, &decision.events) {
            Ok(checked) => Ok((decision, checked)),
            Err(e) => Err(format!("its events do not apply: {e}")),
        }
    }

    /// Adds a decision about a mail to the batch, after checking it.
    fn add(
        &mut self,
        batch: &mut Batch,
        (waiting, disposition, processed): (&Waiting, Disposition, Processed),
        decision: Decision,
    ) -> Result<(), DaemonError> {
        let checked = self.state.check(&self.config.league, &decision.events)?;
        self.add_checked(
            batch,
            Some((waiting, disposition, processed)),
            decision,
            checked,
            Vec::new(),
        );
        Ok(())
    }

    /// Adds a decision checked against the games to the batch and puts the
    /// checked games in place in memory, so that the next mail of the batch
    /// is decided against them; nothing reaches the store before
    /// [`Pipeline::commit_batch`], and an event that does not apply never
    /// reaches it.
    fn add_checked(
        &mut self,
        batch: &mut Batch,
        mail: Option<(&Waiting, Disposition, Processed)>,
        decision: Decision,
        checked: Checked,
        facts: Vec<(String, String)>,
    ) {
        let now = Utc::now();
        let mut facts = facts;
        facts.extend(decision.facts.iter().cloned());
        for (address, password) in &decision.accounts {
            // the hash only: the password goes out in the mail alone
            facts.push((
                crate::xfcc::account::key(address),
                crate::xfcc::account::hash(&password.0),
            ));
        }
        if self.config.league.xfcc.is_some() {
            let day = now.with_timezone(&self.config.timezone).format("%d.%m.%Y");
            facts.extend(crate::xfcc::referee::infos(
                &self.config.league,
                &decision.mails,
                &day.to_string(),
            ));
        }
        let commit = &mut batch.commit;
        for (key, value) in facts {
            batch.facts.insert(key.clone(), value.clone());
            commit.facts.push((key, value));
        }
        for copy in &decision.held {
            // sorted by key: the time, then the place in the batch
            let at = now.timestamp_nanos_opt().unwrap_or_default();
            let key = format!("digest:{}:{at:020}-{:04}", copy.tournament, batch.held);
            batch.held += 1;
            commit
                .facts
                .push((key, serde_json::to_string(copy).unwrap_or_default()));
        }
        if let Some((waiting, disposition, processed)) = mail {
            if let Some(id) = &processed.message_id {
                batch.message_ids.insert(id.clone());
            }
            commit.processed.push((waiting.key.clone(), processed));
            batch.marks.push((waiting.clone(), disposition));
        }
        self.state
            .install(checked, &decision.events, &decision.player_events);
        commit.events.extend(decision.events);
        commit.player_events.extend(decision.player_events);
        commit.mails.extend(decision.mails);
        batch.verdicts.extend(decision.verdicts);
    }

    /// Writes the batch in one durable transaction and publishes the games
    /// it touched to the control socket's snapshot.
    ///
    /// # Errors
    /// When the store fails: then nothing of the batch was written, and the
    /// games in memory, which hold its decisions, are read again from the
    /// store ([`Pipeline::reload_state`]).
    fn commit_batch(&mut self, batch: &mut Batch, report: &mut Report) -> Result<(), DaemonError> {
        let commit = &mut batch.commit;
        if commit.processed.is_empty()
            && commit.events.is_empty()
            && commit.player_events.is_empty()
            && commit.mails.is_empty()
            && commit.facts.is_empty()
        {
            return Ok(());
        }
        commit.created = Utc::now().to_rfc3339();
        if let Err(e) = self.store.commit(commit) {
            self.reload_state()?;
            return Err(e.into());
        }

        if !commit.events.is_empty() || !commit.player_events.is_empty() {
            if let Ok(mut snapshot) = self.snapshot.lock() {
                // the games the batch touched, not the whole state
                self.state
                    .publish(&mut snapshot, &commit.events, &commit.player_events);
            }
            self.web_changed(&commit.events, &commit.player_events);
        }
        // after the snapshot: an Xfcc answer kept under the old count is
        // written again from the games as committed
        self.generation
            .fetch_add(1, std::sync::atomic::Ordering::Release);
        report.verdicts.append(&mut batch.verdicts);
        Ok(())
    }

    /// Whether mails wait in the outbox.
    ///
    /// # Errors
    /// On a storage failure.
    pub fn outbox_waiting(&self) -> Result<bool, DaemonError> {
        Ok(!self.store.outbox()?.is_empty())
    }

    /// The outbox relay, taken out to run beside refereeing as `run` runs
    /// it (benches); `send_outbox` then sends nothing.
    pub fn take_relay(&mut self) -> Option<Relay> {
        self.relay.take()
    }

    /// Sends the outbox now (`run --once`, and tests).
    ///
    /// # Errors
    /// When the store fails or the transport refuses; what was not sent stays.
    pub async fn send_outbox(
        &mut self,
        report: &mut Report,
        shutdown: &watch::Receiver<bool>,
    ) -> Result<(), DaemonError> {
        if let Some(relay) = self.relay.as_mut() {
            report.mails_sent += relay.send(shutdown).await?;
        }
        Ok(())
    }
}

/// The decisions of one batch of mails: applied to the games in memory as
/// they are made, written to the store together.
#[derive(Default)]
struct Batch {
    commit: Commit,
    /// The facts the batch writes, read before the store's.
    facts: std::collections::BTreeMap<String, String>,
    /// The Message-IDs of the batch's mails (a second delivery within it).
    message_ids: std::collections::HashSet<String>,
    /// Each mail and what becomes of it in the mailbox once committed.
    marks: Vec<(Waiting, Disposition)>,
    verdicts: Vec<Verdict>,
    /// Copies held for digests so far (their keys' order within the batch).
    held: usize,
}

/// The mailbox and the outbox relay the config names (nothing connects yet).
fn wire(
    config: &Config,
    store: &SharedStore,
    monitor: &Monitor,
) -> Result<(Inbox, Relay), DaemonError> {
    let (inbox_login, outbox_login) = crate::mail::logins(config)
        .map_err(|(path, source)| DaemonError::Password { path, source })?;
    let inbox = match (&config.inbox, inbox_login) {
        (InboxConfig::Imap(imap), Some(login)) => {
            Inbox::Imap(Box::new(ImapInbox::new(imap.clone(), login)))
        }
        (InboxConfig::Imap(imap), None) => unreachable!("an IMAP inbox logs in: {}", imap.host),
        (InboxConfig::Maildir { path }, _) => Inbox::Maildir(Maildir::new(path.clone())),
    };
    let outbox = match &config.outbox {
        OutboxConfig::File { path } => Outbox::File(FileOutbound::new(path.clone())),
        OutboxConfig::Smtp(smtp) => Outbox::Smtp(Box::new(SmtpOutbound::new(smtp, outbox_login)?)),
    };
    let relay = Relay {
        monitor: monitor.clone(),
        store: store.clone(),
        outbox,
        from: Recipient {
            name: config.league.name.clone(),
            email: config.league.address.clone(),
        },
    };
    Ok((inbox, relay))
}

/// The game a verdict is about, for the log.
fn verdict_game(verdict: &Verdict) -> &str {
    match verdict {
        Verdict::Accepted { game, .. }
        | Verdict::Rejected { game, .. }
        | Verdict::Ended { game, .. }
        | Verdict::Opened { game }
        | Verdict::Suspended { game }
        | Verdict::Claimed { game }
        | Verdict::Held { game }
        | Verdict::Reminded { game } => game,
        _ => "-",
    }
}

/// Debug builds only: a mail whose subject holds the marker in
/// `$MAILARBITER_FAULT` (`panic:MARKER` or `misfit:MARKER`) makes the
/// referee panic, or adds an event that does not apply to its game, so that
/// the tests can prove the guards. Release builds have no such point.
#[cfg(debug_assertions)]
fn inject_fault(mail: &Mail, decision: &mut Decision) {
    let Ok(fault) = std::env::var("MAILARBITER_FAULT") else {
        return;
    };
    match fault.split_once(':') {
        Some(("panic", marker)) if !marker.is_empty() && mail.subject.contains(marker) => {
            panic!("fault injected for a test")
        }
        Some(("misfit", marker)) if !marker.is_empty() && mail.subject.contains(marker) => {
            if let Some(tag) = find_tag(&mail.subject) {
                let on = NaiveDate::MIN;
                decision
                    .events
                    .push((tag, crate::referee::game::Event::ClaimConfirmed { on }));
            }
        }
        _ => {}
    }
}

#[cfg(not(debug_assertions))]
fn inject_fault(_: &Mail, _: &mut Decision) {}

/// Runs `f` under a panic guard: a panic becomes an error that names it.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        format!("the referee panicked: {what}")
    })
}

/// The day it is now in the config's zone.
pub fn today(config: &Config) -> NaiveDate {
    config.today()
}

/// The path of the control socket, in the state folder.
pub fn control_socket(config: &Config) -> PathBuf {
    config.state.join("control.sock")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::game::Event;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    /// The timers run once per tournament day: the first pass runs today;
    /// a clock set back (two hours across midnight) runs nothing again;
    /// a clock three days ahead runs each missed day, in order.
    #[test]
    fn timers_run_once_per_day_each_missed_day_in_order() {
        assert_eq!(timer_days(None, day("2026-03-13")), vec![day("2026-03-13")]);
        assert!(timer_days(Some(day("2026-03-13")), day("2026-03-13")).is_empty());
        assert!(timer_days(Some(day("2026-03-14")), day("2026-03-13")).is_empty());
        assert_eq!(
            timer_days(Some(day("2026-03-13")), day("2026-03-16")),
            vec![day("2026-03-14"), day("2026-03-15"), day("2026-03-16")]
        );
        // a daemon down for three years runs the last year's days
        let days = timer_days(Some(day("2023-01-01")), day("2026-03-16"));
        assert_eq!(days.len() as u64, CATCH_UP_DAYS);
        assert_eq!(days.last(), Some(&day("2026-03-16")));
        assert!(days.windows(2).all(|w| w[0].succ_opt() == Some(w[1])));
    }

    /// A pipeline over tournaments T and U (four players, their games
    /// `games` pairs each, the first two 1-2 and 3-4; U's director has the
    /// daily digest), a Maildir inbox and a file outbox in `dir`.
    fn pipeline(dir: &Path, games: usize) -> Pipeline {
        pipeline_starting(dir, games, "2026-05-10")
    }

    /// [`pipeline`], U starting on `u_start` (T on 2026-05-10).
    fn pipeline_starting(dir: &Path, games: usize, u_start: &str) -> Pipeline {
        for sub in ["inbox/cur", "inbox/new", "inbox/tmp", "sent"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let mut text = String::from(
            "[gateway]\naddress = \"arbiter@example.test\"\nstate = \"state\"\n\n\
             [inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n\
             [outbox]\nkind = \"file\"\npath = \"sent\"\n",
        );
        for (t, start) in [("T", "2026-05-10"), ("U", u_start)] {
            text.push_str(&format!(
                "\n[[tournament]]\nid = \"{t}\"\nname = \"{t}\"\nstart = \"{start}\"\n\
                 director = \"td@example.test\"\n"
            ));
            if t == "U" {
                text.push_str("director_digest = \"daily\"\n");
            }
            for p in 1..=4 {
                text.push_str(&format!(
                    "\n[[tournament.player]]\nid = \"p{p}\"\nname = \"P{p}, X\"\nemail = [\"{t}{p}@example.test\"]\n"
                ));
            }
            for (white, black) in [(1, 2), (3, 4), (1, 3)].into_iter().take(games) {
                text.push_str(&format!(
                    "\n[[tournament.game]]\nwhite = \"p{white}\"\nblack = \"p{black}\"\n"
                ));
            }
        }
        Pipeline::open(Config::parse(&text, dir, false).unwrap()).unwrap()
    }

    /// `run --once` reads a tournament's games when something concerns
    /// it; a decision that looked at a game not read is made again once
    /// every game is read, and sees the game as stored.
    #[test]
    fn a_decision_that_looked_past_the_games_read_is_made_again_with_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let first = pipeline(dir.path(), 2);
        let on = day("2026-05-10");
        let moved = Event::Moved {
            uci: "e2e4".into(),
            sent: on,
            draw_offer: false,
        };
        let events = vec![
            ("U/1".to_string(), Event::Opened { on }),
            ("U/1".to_string(), moved),
        ];
        first
            .store
            .commit(&Commit {
                events,
                ..Commit::default()
            })
            .unwrap();
        drop(first);
        let mut p = pipeline(dir.path(), 2);
        let league = p.config.league.clone();
        let (t, u) = (&league.tournaments[0], &league.tournaments[1]);
        assert!(
            !p.state.holds(t) && !p.state.holds(u),
            "nothing read at open"
        );
        p.load_where(|t| t.id == "T").unwrap();
        assert!(p.state.holds(t) && !p.state.holds(u));
        let plies = |p: &Pipeline| p.state.get(u, &u.games[0]).plies.len();
        let looks = std::sync::atomic::AtomicUsize::new(0);
        let mut decide = || {
            p.deciding(|p| {
                looks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                plies(p)
            })
            .unwrap()
        };
        assert_eq!(decide(), 1, "the game as stored, not a new one");
        assert_eq!(looks.swap(0, std::sync::atomic::Ordering::Relaxed), 2);
        // a decision that looks only at what was read is made once
        assert_eq!(decide(), 1);
        assert_eq!(looks.into_inner(), 1);
        assert!(p.state.holds_all(&league));
    }

    /// The day's openings read the games of a tournament only until all
    /// of them were opened; a game added to it has them read again.
    #[test]
    fn a_tournament_whose_games_were_all_opened_is_passed_by_unread() {
        let dir = tempfile::tempdir().unwrap();
        let mut p = pipeline(dir.path(), 2);
        let mut report = Report::default();
        p.openings(day("2026-05-10"), &mut report).unwrap();
        assert_eq!(report.verdicts.len(), 4, "{:?}", report.verdicts);
        drop(p);
        let mut p = pipeline(dir.path(), 2);
        let mut report = Report::default();
        p.openings(day("2026-05-11"), &mut report).unwrap();
        assert!(report.verdicts.is_empty(), "{:?}", report.verdicts);
        let league = p.config.league.clone();
        assert!(league.tournaments.iter().all(|t| !p.state.holds(t)));
        drop(p);
        // a third game in each: opened, the two before it not again
        let mut p = pipeline(dir.path(), 3);
        let mut report = Report::default();
        p.openings(day("2026-05-12"), &mut report).unwrap();
        let opened: Vec<String> = report.verdicts.iter().map(|v| format!("{v:?}")).collect();
        assert_eq!(opened.len(), 2, "{opened:?}");
        assert!(opened.iter().all(|v| v.contains("/3")), "{opened:?}");
    }

    /// The mails written to the file outbox of the pipeline in `dir`, each
    /// read back (its subject and text) beside its headers as written.
    fn sent(dir: &Path) -> Vec<(Mail, String)> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("sent"))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "eml"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|path| {
                let raw = std::fs::read(path).unwrap();
                let mail = read_mail(&raw, 1 << 20).unwrap();
                (mail, String::from_utf8_lossy(&raw).into_owned())
            })
            .collect()
    }

    /// One `run --once` pass of a pipeline opened afresh in `dir` (as each
    /// `run --once` opens it), as of `today`: the pipeline after it and
    /// what it decided.
    fn pass(dir: &Path, u_start: &str, today: &str) -> (Pipeline, Vec<String>) {
        let mut p = pipeline_starting(dir, 2, u_start);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let report = runtime.block_on(p.run_once(day(today))).unwrap();
        let verdicts = report.verdicts.iter().map(|v| format!("{v:?}")).collect();
        (p, verdicts)
    }

    /// A tournament whose start is still to come costs its games no read:
    /// neither the day's openings, nor its deadlines, nor its director's
    /// digest read them, pass after pass, day after day. On its start day
    /// its games are read and the opening mails go out.
    #[test]
    fn a_tournament_before_its_start_is_not_read_until_its_start_day() {
        let dir = tempfile::tempdir().unwrap();
        let u_read = |p: &Pipeline| p.state.holds(&p.config.league.tournaments[1]);
        // T runs (its games opened on the first pass); U starts on 1 June
        let (p, verdicts) = pass(dir.path(), "2026-06-01", "2026-05-20");
        assert_eq!(verdicts.len(), 2, "{verdicts:?}");
        assert!(verdicts.iter().all(|v| v.contains("T/")), "{verdicts:?}");
        assert!(p.state.holds(&p.config.league.tournaments[0]));
        assert!(!u_read(&p));
        drop(p);
        // the same day again, and the days after: U is still not read
        for today in ["2026-05-20", "2026-05-21", "2026-05-31"] {
            let (p, verdicts) = pass(dir.path(), "2026-06-01", today);
            assert!(verdicts.iter().all(|v| !v.contains("U/")), "{verdicts:?}");
            assert!(!u_read(&p), "{today}");
        }
        assert!(sent(dir.path())
            .iter()
            .all(|(m, _)| !m.subject.contains("[U/")));
        // its start day: its games read, each opened, the players told
        let (p, verdicts) = pass(dir.path(), "2026-06-01", "2026-06-01");
        assert_eq!(
            verdicts,
            ["Opened { game: \"U/1\" }", "Opened { game: \"U/2\" }"]
        );
        assert!(u_read(&p));
        let sent = sent(dir.path());
        let opening = |subject: &str| {
            sent.iter()
                .find(|(m, _)| m.subject == subject)
                .unwrap_or_else(|| panic!("no mail {subject}"))
        };
        let (mail, raw) = opening("[U/1] P1 - P2");
        assert!(
            mail.text.contains("Game U/1 of U begins on 01.06.2026."),
            "{}",
            mail.text
        );
        assert!(
            raw.contains("<u1@example.test>") && raw.contains("<u2@example.test>"),
            "{raw}"
        );
        let (mail, raw) = opening("[U/2] P3 - P4");
        assert!(
            mail.text.contains("Game U/2 of U begins on 01.06.2026."),
            "{}",
            mail.text
        );
        assert!(
            raw.contains("<u3@example.test>") && raw.contains("<u4@example.test>"),
            "{raw}"
        );
    }

    /// A player of a tournament that has not started yet who writes gets
    /// his answer: the mail has his tournament read, as any mail does.
    #[test]
    fn a_player_writing_before_the_start_gets_his_answer() {
        let dir = tempfile::tempdir().unwrap();
        drop(pass(dir.path(), "2026-06-01", "2026-05-20"));
        let before = sent(dir.path()).len();
        let path = dir.path().join("inbox/new/1.mail");
        std::fs::write(
            &path,
            "From: \"P1, X\" <U1@example.test>\r\nTo: arbiter@example.test\r\n\
             Subject: [U/1] P1 - P2\r\nMessage-ID: <early@example.test>\r\n\
             Date: Thu, 21 May 2026 10:00:00 +0000\r\n\r\n1. 5254\r\n",
        )
        .unwrap();
        // it arrived on 21 May, before the start (its file's time)
        let arrival = DateTime::parse_from_rfc3339("2026-05-21T10:00:00Z").unwrap();
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(arrival.into())
            .unwrap();
        let (p, verdicts) = pass(dir.path(), "2026-06-01", "2026-05-21");
        assert!(p.state.holds(&p.config.league.tournaments[1]));
        let sent = sent(dir.path());
        assert_eq!(verdicts, ["Accepted { game: \"U/1\", ply: \"1. 5254\" }"]);
        let [(forward, raw)] = &sent[before..] else {
            panic!("one forward: {:?}", &sent[before..]);
        };
        assert_eq!(forward.subject, "[U/1] P1 - P2");
        assert!(raw.contains("To: \"P2, X\" <u2@example.test>"), "{raw}");
        assert!(
            forward
                .text
                .contains("Your opponent X P1 (White) plays:\n\n    1. 5254   (e4)"),
            "{}",
            forward.text
        );
    }

    /// III.8.1: a player withdrawn before the start with his games
    /// adjudicated has events in them: the tournament is read for its
    /// deadlines as any other, and the materials overdue are asked for
    /// (III.9.4) though the start has not come.
    #[test]
    fn iii_8_1_an_adjudication_opened_before_the_start_is_still_watched() {
        let dir = tempfile::tempdir().unwrap();
        let first = pipeline_starting(dir.path(), 2, "2026-06-01");
        let opened = Event::AdjudicationOpened {
            on: day("2026-05-01"),
            reason: crate::referee::game::AdjudicationReason::Withdrawal,
        };
        first
            .store
            .commit(&Commit {
                events: vec![("U/1".to_string(), opened)],
                ..Commit::default()
            })
            .unwrap();
        drop(first);
        let (p, verdicts) = pass(dir.path(), "2026-06-01", "2026-05-20");
        assert!(p.state.holds(&p.config.league.tournaments[1]));
        assert!(
            verdicts.contains(&"Reminded { game: \"U/1\" }".to_string()),
            "{verdicts:?}"
        );
        let sent = sent(dir.path());
        let (mail, raw) = sent
            .iter()
            .find(|(m, raw)| m.subject.starts_with("[U/1]") && raw.contains("<td@example.test>"))
            .expect("the overdue materials asked for");
        assert!(
            mail.text.contains(
                "The 14 days for the materials of the adjudication passed on 15.05.2026 (III.9.4)."
            ),
            "{}",
            mail.text
        );
        assert!(!raw.contains("<u1@example.test>"), "{raw}");
        // and the players, in a mail of their own
        let players = sent
            .iter()
            .filter(|(m, raw)| m.subject.starts_with("[U/1]") && !raw.contains("<td@example.test>"))
            .map(|(_, raw)| raw)
            .collect::<Vec<_>>();
        assert!(
            players
                .iter()
                .any(|raw| raw.contains("<u1@example.test>") && raw.contains("<u2@example.test>")),
            "{players:?}"
        );
    }
}
