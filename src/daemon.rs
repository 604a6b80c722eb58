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

use crate::config::{read_password, Config, InboxConfig, OutboxConfig, Problem};
use crate::identity;
use crate::letters;
use crate::mail::file::FileOutbound;
use crate::mail::imap::ImapInbox;
use crate::mail::maildir::Maildir;
use crate::mail::smtp::SmtpOutbound;
use crate::mail::{compose, Disposition, Inbox, MailError, Outbound, Outbox, Waiting};
use crate::message::bounce::{read_bounce, Bounce};
use crate::message::parse::{
    authenticated, find_tag, quote_key, read_mail, without_our_lines, Mail, ReadError,
};
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
use tracing::{debug, error, info, info_span, warn};

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
    let review = identity::review(config, store)?;
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
    State::from_records(
        league,
        |id| store.record(id).map_err(DaemonError::from),
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

fn password(path: &Path) -> Result<String, DaemonError> {
    read_password(path).map_err(|source| DaemonError::Password {
        path: path.to_path_buf(),
        source,
    })
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
        let store: SharedStore = Arc::new(SledStore::open_with_cache(
            &config.state,
            crate::store::DAEMON_CACHE_BYTES,
        )?);
        settle_identity(&config, store.as_ref())?;
        let monitor = Monitor::new(store.clone());
        let (inbox, relay) = wire(&config, &store, &monitor)?;
        let state = load_state(&config.league, store.as_ref())?;
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
    pub fn web_started(&self) {
        if let Some(dir) = &self.config.web_dir {
            if !dir.join("index.html").exists() {
                self.web_all(dir);
            }
        }
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
        self.web_started();
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

    /// The day's timers: deadlines, lost access, digests.
    ///
    /// # Errors
    /// When the store fails.
    fn timer_pass(&mut self, today: NaiveDate, report: &mut Report) -> Result<(), DaemonError> {
        self.deadlines(today, report)?;
        self.lost_access(today, report)?;
        self.digests(today)
    }

    /// The opening mails due by `today` (before the day's mail is read).
    ///
    /// # Errors
    /// When the commit fails.
    pub fn openings(&mut self, today: NaiveDate, report: &mut Report) -> Result<(), DaemonError> {
        // tournament by tournament: a decision, its letters and its check
        // hold one tournament's games, not the league's
        for at in 0..self.config.league.tournaments.len() {
            let league = &self.config.league;
            let t = &league.tournaments[at];
            let decision =
                guarded(|| written(league, timers::tournament_openings(t, &self.state, today)));
            self.commit_if_any(decision, report)?;
        }
        Ok(())
    }

    /// The deadlines as of `today` (after the day's mail was read, so that a
    /// move that arrived in time counts before an overstep is claimed):
    /// for each tournament, every tournament day since the last one whose
    /// timers ran, in order, each decided as of its own day and committed
    /// with the fact that it ran ([`timer_days`]). A clock set back runs
    /// nothing again; a clock that jumped forward runs the missed days.
    ///
    /// # Errors
    /// When the commit fails.
    pub fn deadlines(&mut self, today: NaiveDate, report: &mut Report) -> Result<(), DaemonError> {
        // the tournaments with nothing to do on a day: their facts go
        // together, in one commit at the end
        let mut quiet: Vec<(String, String)> = Vec::new();
        // the latest day run, when the clock stands before it (set back)
        let mut behind: Option<NaiveDate> = None;
        // tournament by tournament, as the openings
        for at in 0..self.config.league.tournaments.len() {
            let key = format!("{TIMERS_DONE}{}", self.config.league.tournaments[at].id);
            let done = self
                .store
                .fact(&key)?
                .and_then(|v| v.parse::<NaiveDate>().ok());
            if let Some(done) = done.filter(|done| *done > today) {
                behind = Some(behind.map_or(done, |b: NaiveDate| b.max(done)));
            }
            for day in timer_days(done, today) {
                let league = &self.config.league;
                let t = &league.tournaments[at];
                let decision = guarded(|| {
                    written(
                        league,
                        timers::tournament_deadlines(league, t, &self.state, day),
                    )
                });
                let fact = (key.clone(), day.to_string());
                match decision {
                    Ok(d) if d.is_empty() => {
                        quiet.push(fact);
                    }
                    decision => {
                        let mut facts = std::mem::take(&mut quiet);
                        facts.push(fact);
                        if !self.commit_timers(decision, facts, report)? {
                            // refused: this day is tried again at the next pass
                            break;
                        }
                    }
                }
            }
        }
        if let Some(done) = behind {
            // one line a pass, not one a tournament
            warn!(
                done = %done,
                today = %today,
                "the clock is behind the last timer pass: nothing runs again"
            );
        }
        let mut batch = Batch::default();
        self.add_checked(
            &mut batch,
            None,
            Decision::default(),
            Checked::default(),
            quiet,
        );
        self.commit_batch(&mut batch, report)
    }

    /// III.1.6: a player whose address our mails have bounced from for 30
    /// days, with nothing from it since, is considered withdrawn; his
    /// directors are told once, with the command that decides his games.
    ///
    /// # Errors
    /// When the store fails.
    pub fn lost_access(
        &mut self,
        today: NaiveDate,
        report: &mut Report,
    ) -> Result<(), DaemonError> {
        let league = &self.config.league;
        let mut decision = Decision::default();
        let mut facts = Vec::new();
        for (key, since) in self.store.facts(NO_ACCESS)? {
            let Ok(since) = since.parse::<NaiveDate>() else {
                continue; // told already ("<date> told")
            };
            if (today - since).num_days() < LOST_ACCESS_DAYS {
                continue;
            }
            let address = &key[NO_ACCESS.len()..];
            let players = league.players_at(address);
            if players.is_empty() {
                continue;
            }
            let who: Vec<String> = players
                .iter()
                .map(|(t, p)| format!("{} ({}/{})", p.name, t.id, p.id))
                .collect();
            decision.letters.push(Letter::new(
                directors_of(players.iter().map(|(t, _)| *t)),
                vec![],
                Notice::Official(OfficialNotice::NoMailAccess {
                    address: address.to_string(),
                    players: who,
                    player: players[0].1.id.clone(),
                    since,
                    days: LOST_ACCESS_DAYS,
                }),
                None,
            ));
            decision
                .verdicts
                .push(Verdict::Directed(format!("III.1.6 reported for {address}")));
            facts.push((key.clone(), format!("{since} told")));
        }
        if decision.letters.is_empty() {
            return Ok(());
        }
        let decision = written(league, decision);
        let mut batch = Batch::default();
        self.add_checked(&mut batch, None, decision, Checked::default(), facts);
        self.commit_batch(&mut batch, report)
    }

    /// The facts that start counting III.1.6 for the players' addresses a
    /// bounce names (the first bounce's day; a later one changes nothing).
    fn no_access_from(
        &self,
        batch: &Batch,
        undelivered: &[String],
        waiting: &Waiting,
    ) -> Result<Vec<(String, String)>, DaemonError> {
        let day = waiting
            .arrived
            .with_timezone(&self.config.timezone)
            .date_naive();
        let mut facts = Vec::new();
        for address in undelivered {
            let key = no_access_key(address);
            if self.config.league.players_at(address).is_empty()
                || self.fact(batch, &key)?.is_some()
                || facts.iter().any(|(k, _)| *k == key)
            {
                continue;
            }
            facts.push((key, day.to_string()));
        }
        Ok(facts)
    }

    /// The directors' daily digests (`director_digest = "daily"`): once a
    /// day, one mail per such tournament with the games that need attention
    /// and the copies held since the last one, which it then removes.
    ///
    /// # Errors
    /// When the store fails.
    pub fn digests(&mut self, today: NaiveDate) -> Result<(), DaemonError> {
        for t in self
            .config
            .league
            .tournaments
            .iter()
            .filter(|t| t.director_digest)
        {
            let sent_key = format!("digest-sent:{}", t.id);
            let day = today.to_string();
            // sent today, or on a later day (a clock set back): not again
            let sent_on = self.store.fact(&sent_key)?;
            if sent_on
                .as_deref()
                .and_then(|d| d.parse::<NaiveDate>().ok())
                .is_some_and(|sent_on| sent_on >= today)
            {
                continue;
            }
            let items = self.store.facts(&format!("digest:{}:", t.id))?;
            let held: Vec<HeldCopy> = items
                .iter()
                .filter_map(|(_, value)| serde_json::from_str(value).ok())
                .collect();
            let state = &self.state;
            let mail = match guarded(|| letters::digest::mail(t, state, &held, today)) {
                Ok(Some(mail)) => mail,
                Ok(None) => continue,
                Err(why) => {
                    error!(tournament = %t.id, %why, "the digest cannot be written");
                    continue;
                }
            };
            let mut facts: Vec<(String, String)> = items
                .into_iter()
                .map(|(key, _)| (key, String::new()))
                .collect();
            facts.push((sent_key, day));
            info!(tournament = %t.id, copies = held.len(), "the director's digest");
            self.store.commit(&Commit {
                mails: vec![mail],
                facts,
                created: Utc::now().to_rfc3339(),
                ..Commit::default()
            })?;
        }
        Ok(())
    }

    /// Commits a timer decision that checks; one that fails (a panic or
    /// events that do not apply: a bug) is logged and left out, and the
    /// timers try again at the next pass.
    fn commit_if_any(
        &mut self,
        decision: Result<Decision, String>,
        report: &mut Report,
    ) -> Result<(), DaemonError> {
        self.commit_timers(decision, Vec::new(), report).map(|_| ())
    }

    /// [`Pipeline::commit_if_any`] with `facts` written in the same
    /// transaction; whether the decision was committed (`facts` are not
    /// written with a refused one).
    fn commit_timers(
        &mut self,
        decision: Result<Decision, String>,
        facts: Vec<(String, String)>,
        report: &mut Report,
    ) -> Result<bool, DaemonError> {
        let (decision, checked) = match decision.and_then(|d| self.checked(d)) {
            Ok(checked) => checked,
            Err(why) => {
                error!(%why, "the timers' decision was refused; nothing of it was recorded");
                return Ok(false);
            }
        };
        let mut batch = Batch::default();
        self.add_checked(&mut batch, None, decision, checked, facts);
        self.commit_batch(&mut batch, report)?;
        Ok(true)
    }

    /// The decision with the games as it leaves them, if its events apply.
    fn checked(&self, decision: Decision) -> Result<(Decision, Checked), String> {
        match self.state.check(&self.config.league, &decision.events) {
            Ok(checked) => Ok((decision, checked)),
            Err(e) => Err(format!("its events do not apply: {e}")),
        }
    }

    /// Referees the next batch of up to `batch_mails` waiting mails
    /// (group commit): their bodies fetched in one command, each decided
    /// in arrival order against the games as the mails before it left
    /// them, everything written in one durable store transaction, then the
    /// whole batch marked in one mailbox command, then the cursor. A stop
    /// (`shutdown`) takes effect between batches. True when more mails wait
    /// (so that the replies of a burst go out while it is worked through).
    ///
    /// # Errors
    /// When the mailbox or the store fails: nothing of the batch is marked,
    /// the games are read again from the store, and the batch waits for the
    /// next pass (a mail committed but not marked is then only marked).
    pub async fn inbox_pass(
        &mut self,
        report: &mut Report,
        shutdown: &watch::Receiver<bool>,
    ) -> Result<bool, DaemonError> {
        // nothing is read that could not be recorded
        self.store.room()?;
        let cursor = match self.inbox.cursor_key() {
            Some(key) => self.store.fact(&key)?,
            None => None,
        };
        let (waiting, left) = self
            .inbox
            .waiting(cursor.as_deref(), self.config.batch_mails)
            .await?;
        self.monitor.contact(left);
        if waiting.is_empty() {
            return Ok(false);
        }
        if *shutdown.borrow() {
            info!("stopping between batches");
            return Ok(false);
        }
        let mut batch = Batch::default();
        let mut fresh = Vec::with_capacity(waiting.len());
        for mail in &waiting {
            if self.store.is_processed(&mail.key)? {
                // committed before a crash, not yet marked
                batch.marks.push((mail.clone(), Disposition::Seen));
            } else {
                fresh.push(mail);
            }
        }
        let raws = self
            .inbox
            .fetch_all(&fresh, self.config.max_mail_bytes)
            .await?;
        let decided: Result<(), DaemonError> =
            fresh.iter().zip(raws).try_for_each(|(mail, raw)| {
                let _span = info_span!("mail", key = %mail.key).entered();
                self.one_mail(mail, &raw, &mut batch, report)
            });
        if let Err(e) = decided {
            // the games in memory hold decisions that will not be committed
            self.reload_state()?;
            return Err(e);
        }
        self.commit_batch(&mut batch, report)?;
        self.inbox.done_all(&batch.marks).await?;
        if let Some((key, value)) = waiting.last().and_then(|w| w.cursor.as_ref()) {
            self.store.set_fact(key, value)?;
        }
        Ok(left > 0)
    }

    /// Reads the games again from the store, after a batch that was decided
    /// in memory could not be committed.
    fn reload_state(&mut self) -> Result<(), DaemonError> {
        warn!("the batch was not committed: the games are read again from the store");
        self.state = load_state(&self.config.league, self.store.as_ref())?;
        if let Ok(mut snapshot) = self.snapshot.lock() {
            *snapshot = self.state.clone();
        }
        self.generation
            .fetch_add(1, std::sync::atomic::Ordering::Release);
        Ok(())
    }

    /// A fact as the batch leaves it (the batch's own writes first).
    fn fact(&self, batch: &Batch, key: &str) -> Result<Option<String>, DaemonError> {
        match batch.facts.get(key) {
            Some(value) if value.is_empty() => Ok(None),
            Some(value) => Ok(Some(value.clone())),
            None => Ok(self.store.fact(key)?),
        }
    }

    /// Decides one fetched mail into the batch; a mail about a game (one whose
    /// decision records events of it or writes mails about it) is kept
    /// with the game's correspondence (III.1.4).
    fn one_mail(
        &mut self,
        waiting: &Waiting,
        raw: &[u8],
        batch: &mut Batch,
        report: &mut Report,
    ) -> Result<(), DaemonError> {
        let (events, mails) = (batch.commit.events.len(), batch.commit.mails.len());
        self.decide_one(waiting, raw, batch, report)?;
        self.fill_archives(batch, mails)?;
        let commit = &batch.commit;
        let game = commit.events[events..]
            .first()
            .map(|(game, _)| game.clone())
            .or_else(|| commit.mails[mails..].iter().find_map(|m| m.game.clone()));
        if let Some(game) = game {
            batch.commit.archive.push((
                game,
                ArchivedMail::Received {
                    at: Utc::now(),
                    raw: raw.to_vec(),
                },
            ));
        }
        Ok(())
    }

    /// Writes a game's mails into the `ARCHIVE` answers among the batch's
    /// mails from `from` on: those kept in the store, then those of the
    /// batch so far.
    fn fill_archives(&self, batch: &mut Batch, from: usize) -> Result<(), DaemonError> {
        let sender = Recipient {
            name: self.config.league.name.clone(),
            email: self.config.league.address.clone(),
        };
        let Batch { commit, .. } = batch;
        for mail in &mut commit.mails[from..] {
            let Some(game) = mail.game.clone() else {
                continue;
            };
            for attachment in &mut mail.attachments {
                if attachment.content_type != letters::ARCHIVE_TYPE || !attachment.text.is_empty() {
                    continue;
                }
                let mut kept = self.store.archived(&game)?;
                kept.extend(
                    commit
                        .archive
                        .iter()
                        .filter(|(g, _)| *g == game)
                        .map(|(_, m)| m.clone()),
                );
                attachment.text = crate::repair::mbox(&kept, &sender, &self.store.instance()?);
            }
        }
        Ok(())
    }

    fn decide_one(
        &mut self,
        waiting: &Waiting,
        raw: &[u8],
        batch: &mut Batch,
        report: &mut Report,
    ) -> Result<(), DaemonError> {
        let max = self.config.max_mail_bytes;
        report.mails_read += 1;
        let read = match waiting.size {
            Some(size) if size > max => Err(ReadError::TooLarge(size, max)),
            _ => read_mail(raw, max),
        };
        if let (Some(server), Ok(mail)) = (&self.config.sender_auth, &read) {
            let from = mail.from.as_deref().unwrap_or("");
            if mail.robot.is_none() && !authenticated(raw, server, from) {
                warn!(
                    from,
                    "no Authentication-Results from {server} vouches for the sender: kept aside"
                );
                // no Message-ID kept: the same mail, properly vouched for, may come again
                let processed = Processed {
                    message_id: None,
                    outcome: "not authenticated".into(),
                };
                let decision = Decision {
                    verdicts: vec![Verdict::Ignored("not authenticated".into())],
                    ..Decision::default()
                };
                return self.add(batch, (waiting, Disposition::Kept, processed), decision);
            }
        }
        if let Ok(Mail {
            message_id: Some(id),
            ..
        }) = &read
        {
            // a second delivery (two Maildir files, a recreated IMAP folder)
            if batch.message_ids.contains(id) || self.store.seen_message_id(id)? {
                info!(message_id = %id, "already processed: a second delivery of the same mail");
                let processed = Processed {
                    message_id: None,
                    outcome: "duplicate".into(),
                };
                return self.add(
                    batch,
                    (waiting, Disposition::Seen, processed),
                    Decision::default(),
                );
            }
        }
        if let Ok(mail) = &read {
            if mail.robot.is_some() {
                if let Some((decision, undelivered)) = self.bounce(waiting, raw, mail)? {
                    let processed = Processed {
                        message_id: mail.message_id.clone(),
                        outcome: format!("{:?}", decision.verdicts),
                    };
                    let facts = self.no_access_from(batch, &undelivered, waiting)?;
                    let checked = self.state.check(&self.config.league, &decision.events)?;
                    self.add_checked(
                        batch,
                        Some((waiting, Disposition::Kept, processed)),
                        decision,
                        checked,
                        facts,
                    );
                    return Ok(());
                }
            }
        }
        // a person's mail from an address our mails bounced from: access again
        let sender = read
            .as_ref()
            .ok()
            .filter(|m| m.robot.is_none())
            .and_then(|m| m.from.as_deref())
            .map(|from| no_access_key(&from.to_lowercase()));
        let mut read = read;
        if let Ok(mail) = &mut read {
            if mail.robot.is_none() {
                self.take_our_lines(mail)?;
            }
        }
        let ((mut decision, checked), message_id, disposition) = self.referee(waiting, raw, read);
        let mut facts = self.limit_answers(batch, &mut decision)?;
        if let Some(key) = sender {
            if self.fact(batch, &key)?.is_some() {
                batch.facts.insert(key.clone(), String::new());
                facts.push((key, String::new()));
            }
        }
        let processed = Processed {
            message_id,
            outcome: format!("{:?}", decision.verdicts),
        };
        self.add_checked(
            batch,
            Some((waiting, disposition, processed)),
            decision,
            checked,
            facts,
        );
        Ok(())
    }

    /// Takes out of a player's own text the lines of the arbiter's last
    /// mails to him in the game the subject names, however his mail
    /// program marked them ([`without_our_lines`]): they go with the quote.
    fn take_our_lines(&self, mail: &mut Mail) -> Result<(), DaemonError> {
        let Some(tag) = find_tag(&mail.subject) else {
            return Ok(());
        };
        let Some((_, spec)) = self.config.league.game(&tag) else {
            return Ok(());
        };
        let from = mail.from.as_deref().unwrap_or_default().to_lowercase();
        let archived = self.store.archived(&spec.id)?;
        let ours: std::collections::HashSet<String> = archived
            .iter()
            .rev()
            .filter_map(|m| match m {
                ArchivedMail::Sent { entry, .. } => Some(entry),
                ArchivedMail::Received { .. } => None,
            })
            .filter(|e| {
                e.mail
                    .to
                    .iter()
                    .chain(&e.mail.cc)
                    .any(|r| r.email.eq_ignore_ascii_case(&from))
            })
            .take(OUR_MAILS_COMPARED)
            .flat_map(|e| e.mail.body.lines().map(quote_key))
            .filter(|k| !k.is_empty())
            .collect();
        if ours.is_empty() {
            return Ok(());
        }
        let (own, taken) = without_our_lines(&mail.text, &ours);
        if !taken.is_empty() {
            debug!(
                lines = taken.lines().count(),
                "the arbiter's own lines, quoted: not the sender's"
            );
            mail.text = own;
            mail.quoted.push_str(&taken);
        }
        Ok(())
    }

    /// Decides one read mail: the decision with the games as it leaves
    /// them, its Message-ID, and what becomes of it in the mailbox. The decision is made under a panic guard and its
    /// events are checked against the games before anything is committed; a
    /// mail that cannot be refereed is kept aside and the director told.
    fn referee(
        &self,
        waiting: &Waiting,
        raw: &[u8],
        read: Result<Mail, ReadError>,
    ) -> ((Decision, Checked), Option<String>, Disposition) {
        let tz = self.config.timezone;
        let arrival = waiting.arrived.with_timezone(&tz).date_naive();
        match read {
            Ok(mail) => {
                // `msgid`, not `message_id`: the journal's MESSAGE_ID is a catalog id
                let _span = info_span!(
                    "decide",
                    msgid = mail.message_id.as_deref().unwrap_or("-"),
                    from = mail.from.as_deref().unwrap_or("-")
                )
                .entered();
                let inbound = Inbound {
                    password: Some(crate::referee::decide::Secret(
                        crate::xfcc::account::new_password(),
                    )),
                    mail: &mail,
                    arrival,
                    claimed: mail.date.map(|d| d.with_timezone(&tz).date_naive()),
                };
                let decided = guarded(|| {
                    let league = &self.config.league;
                    let mut decision = decide_mail(league, &self.state, &inbound);
                    self.quiet_forwards(&mut decision);
                    let mut decision = written(league, decision);
                    inject_fault(&mail, &mut decision);
                    decision
                })
                .and_then(|d| self.checked(d));
                let (decision, checked) = match decided {
                    Ok(checked) => checked,
                    Err(why) => {
                        error!(key = %waiting.key, %why, "the mail cannot be refereed: kept aside, the director told");
                        let failed = (self.failed(waiting, &mail, &why), Checked::default());
                        return (failed, None, Disposition::Kept);
                    }
                };
                for verdict in &decision.verdicts {
                    // the verdicts are English whatever the player's language
                    info!(game = %verdict_game(verdict), ?verdict, "decided");
                }
                let disposition = if mail.robot.is_none() {
                    Disposition::Seen
                } else {
                    Disposition::Kept
                };
                ((decision, checked), mail.message_id, disposition)
            }
            Err(error) => {
                warn!(%error, "mail kept aside");
                let kept = (self.kept_aside(raw, &error), Checked::default());
                (kept, None, Disposition::Kept)
            }
        }
    }

    /// Decides the Xfcc moves waiting for the referee, in their order,
    /// each against the games as the ones before it left them, and commits
    /// them together (one durable write); only then are their clients told
    /// `Success`. A move whose client gave up waiting is not decided.
    ///
    /// # Errors
    /// When the store fails: nothing of them was written, and their
    /// clients are told `ServerError`.
    pub fn xfcc_pass(
        &mut self,
        jobs: &mut tokio::sync::mpsc::Receiver<crate::xfcc::server::Job>,
    ) -> Result<(), DaemonError> {
        use crate::xfcc::MoveResult;
        let mut batch = Batch::default();
        let mut answers = Vec::new();
        while answers.len() < self.config.batch_mails {
            let Ok(job) = jobs.try_recv() else { break };
            if job.answer.is_closed() {
                continue;
            }
            match self.xfcc_move(&mut batch, &job.address, &job.request) {
                Ok(code) => answers.push((job.answer, code)),
                Err(e) => {
                    let _ = job.answer.send(MoveResult::ServerError);
                    for (answer, _) in answers {
                        let _ = answer.send(MoveResult::ServerError);
                    }
                    // the games in memory hold decisions not committed
                    self.reload_state()?;
                    return Err(e);
                }
            }
        }
        if answers.is_empty() {
            return Ok(());
        }
        let mut report = Report::default();
        if let Err(e) = self.commit_batch(&mut batch, &mut report) {
            for (answer, _) in answers {
                let _ = answer.send(MoveResult::ServerError);
            }
            return Err(e);
        }
        for (answer, code) in answers {
            let _ = answer.send(code);
        }
        Ok(())
    }

    /// One Xfcc move from the player at `address`: decided as a mail with
    /// that move would be, on today's date, into `batch`.
    fn xfcc_move(
        &mut self,
        batch: &mut Batch,
        address: &str,
        request: &crate::xfcc::soap::MakeAMove,
    ) -> Result<crate::xfcc::MoveResult, DaemonError> {
        use crate::xfcc::MoveResult;
        self.monitor.room()?;
        let today = self.today();
        let _span = info_span!("xfcc", user = %address, game = request.game_id).entered();
        let decided = guarded(|| {
            let league = &self.config.league;
            crate::xfcc::referee::decide_move(league, &self.state, address, request, today).map(
                |mut decision| {
                    self.quiet_forwards(&mut decision);
                    written(league, decision)
                },
            )
        });
        let decision = match decided {
            Ok(Ok(decision)) => decision,
            Ok(Err(code)) => {
                info!(
                    result = code.as_str(),
                    "Xfcc move refused: nothing recorded"
                );
                return Ok(code);
            }
            Err(why) => {
                error!(%why, "the Xfcc move cannot be refereed");
                return Ok(MoveResult::ServerError);
            }
        };
        if decision.is_empty() {
            info!("Xfcc: the same request again (a client retrying): nothing twice");
            return Ok(MoveResult::Success);
        }
        let (decision, checked) = match self.checked(decision) {
            Ok(checked) => checked,
            Err(why) => {
                error!(%why, "the Xfcc move cannot be refereed");
                return Ok(MoveResult::ServerError);
            }
        };
        for verdict in &decision.verdicts {
            info!(game = %verdict_game(verdict), ?verdict, "decided (Xfcc)");
        }
        self.add_checked(batch, None, decision, checked, Vec::new());
        Ok(MoveResult::Success)
    }

    /// Takes out of the forwards the players who read their partners'
    /// moves in their chess program only (`XFCC FORWARDS OFF`, while they
    /// have an Xfcc account); the mover's own copy stays.
    fn quiet_forwards(&self, decision: &mut Decision) {
        let league = &self.config.league;
        if league.xfcc.is_none() {
            return;
        }
        for letter in &mut decision.letters {
            if !matches!(letter.notice, Notice::Game(GameNotice::Forward { .. })) {
                continue;
            }
            letter.to.retain(|reader| {
                let Reader::Player { tournament, player } = reader else {
                    return true;
                };
                let Some(p) = league.tournament(tournament).and_then(|t| t.player(player)) else {
                    return true;
                };
                // off only while he has an account: else his moves would
                // reach him nowhere
                let has = |key: String| matches!(self.store.fact(&key), Ok(Some(_)));
                !(has(crate::referee::requests::quiet_key(p.address()))
                    && has(crate::xfcc::account::key(p.address())))
            });
        }
    }

    /// A robot's mail that reports one of our mails undelivered (a bounce
    /// naming a Message-ID we sent): never answered; reported to the
    /// director of that mail's game (of the tournaments of its recipients,
    /// else of every tournament): which mail to whom, why, and what the
    /// recipient has therefore not received. `None` for any other robot's
    /// mail.
    ///
    /// # Errors
    /// On a storage failure.
    fn bounce(
        &self,
        waiting: &Waiting,
        raw: &[u8],
        mail: &Mail,
    ) -> Result<Option<(Decision, Vec<String>)>, DaemonError> {
        let bounce = read_bounce(raw);
        let mut ours = None;
        for id in &bounce.original_ids {
            if let Some(record) = self.store.sent_record(id)? {
                ours = Some(record);
                break;
            }
        }
        let Some(sent) = ours else {
            return Ok(None);
        };
        let from = mail.from.as_deref().unwrap_or("-");
        if crate::letters::bounce_subjects().contains(&sent.subject) {
            warn!(
                msgid = %sent.message_id,
                to = %sent.recipients.join(", "),
                from,
                "a bounce report to a director bounced: not reported again"
            );
            return Ok(Some((
                Decision {
                    verdicts: vec![Verdict::Ignored(format!(
                        "bounce of the bounce report {}",
                        sent.message_id
                    ))],
                    ..Decision::default()
                },
                Vec::new(),
            )));
        }
        let league = &self.config.league;
        let mut tournaments: Vec<&Tournament> =
            match sent.game.as_deref().and_then(|g| league.game(g)) {
                Some((t, _)) => vec![t],
                None => sent
                    .recipients
                    .iter()
                    .flat_map(|r| league.players_at(r))
                    .map(|(t, _)| t)
                    .collect(),
            };
        if tournaments.is_empty() {
            tournaments = league.tournaments.iter().collect();
        }
        let undelivered = bounced_to(&bounce, &sent);
        warn!(
            game = %sent.game.as_deref().unwrap_or("-"),
            msgid = %sent.message_id,
            to = %undelivered.join(", "),
            from,
            "a mail we sent bounced: the director told"
        );
        let report = bounce_report(waiting, mail, &bounce, &sent, &undelivered);
        let decision = Decision {
            verdicts: vec![Verdict::Ignored(format!(
                "bounce of {} to {}: reported to the director",
                sent.message_id,
                undelivered.join(", ")
            ))],
            letters: vec![Letter::new(
                directors_of(tournaments.into_iter()),
                vec![],
                Notice::Official(OfficialNotice::Bounced(Box::new(report))),
                sent.game.as_deref(),
            )],
            ..Decision::default()
        };
        let decision = written(league, decision);
        Ok(Some((decision, undelivered)))
    }

    /// The answer to a mail that could not be refereed (a panic, or events
    /// that do not apply: a bug): nothing is recorded of it, and the
    /// director of its tournament (of every tournament, when the mail names
    /// none) is told once, with what identifies the mail in the mailbox.
    fn failed(&self, waiting: &Waiting, mail: &Mail, why: &str) -> Decision {
        let league = &self.config.league;
        let game = find_tag(&mail.subject).and_then(|tag| league.game(&tag));
        let tournaments: Vec<&Tournament> = match game {
            Some((t, _)) => vec![t],
            None => league.tournaments.iter().collect(),
        };
        let clip = |s: &str| s.chars().take(200).collect::<String>();
        let notice = OfficialNotice::NotRefereed {
            key: clip(&waiting.key),
            from: mail.from.as_deref().unwrap_or("-").to_string(),
            message_id: clip(mail.message_id.as_deref().unwrap_or("-")),
            subject: clip(&mail.subject),
            reason: clip(why),
        };
        written(
            league,
            Decision {
                verdicts: vec![Verdict::Ignored(format!("kept aside: {why}"))],
                letters: vec![Letter::new(
                    directors_of(tournaments.into_iter()),
                    vec![],
                    Notice::Official(notice),
                    game.map(|(_, spec)| spec.id.as_str()),
                )],
                ..Decision::default()
            },
        )
    }

    /// Drops answers beyond `replies_per_hour` to one address (mails whose
    /// only recipient is the sender of the mail answered); forwards to an
    /// opponent and copies are never limited, nor is any mail of a decision
    /// that writes to more than one address. The times of the answers are
    /// kept in the store (committed with the mail), so the limit holds
    /// across `run --once` processes and restarts; returns the facts to write.
    ///
    /// # Errors
    /// On a storage failure.
    fn limit_answers(
        &self,
        batch: &Batch,
        decision: &mut Decision,
    ) -> Result<Vec<(String, String)>, DaemonError> {
        let limit = self.config.replies_per_hour as usize;
        let now = Utc::now().timestamp();
        let mut times: std::collections::BTreeMap<String, Vec<i64>> = Default::default();
        // A decision that writes to more than one address is no mere
        // answer: a forward or a result goes as one mail per reader's
        // language, each To one reader, and none of them is limited.
        let addresses: std::collections::BTreeSet<String> = decision
            .mails
            .iter()
            .flat_map(|m| m.to.iter().chain(&m.cc))
            .map(|r| r.email.to_lowercase())
            .collect();
        if addresses.len() > 1 {
            return Ok(Vec::new());
        }
        let mut kept = Vec::with_capacity(decision.mails.len());
        for mail in std::mem::take(&mut decision.mails) {
            if mail.kind != MailKind::AutoReplied || mail.to.len() != 1 || !mail.cc.is_empty() {
                kept.push(mail);
                continue;
            }
            let key = format!("replies:{}", mail.to[0].email.to_lowercase());
            let sent = match times.entry(key) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(e) => {
                    let stored = self.fact(batch, e.key())?.unwrap_or_default();
                    e.insert(stored.split(',').filter_map(|t| t.parse().ok()).collect())
                }
            };
            sent.retain(|t| now - t < 3600);
            if sent.len() >= limit {
                warn!(to = %mail.to[0].email, subject = %mail.subject, "replies_per_hour reached: no answer");
                continue;
            }
            sent.push(now);
            kept.push(mail);
        }
        decision.mails = kept;
        Ok(times
            .into_iter()
            .map(|(key, sent)| {
                let list: Vec<String> = sent.iter().map(i64::to_string).collect();
                (key, list.join(","))
            })
            .collect())
    }

    /// A mail too large or unparseable: kept in the mailbox unseen; a player
    /// who sent a too large mail is told.
    fn kept_aside(&self, raw: &[u8], error: &ReadError) -> Decision {
        let mut decision = Decision {
            verdicts: vec![Verdict::Ignored(format!("kept aside: {error}"))],
            ..Decision::default()
        };
        if !matches!(error, ReadError::TooLarge(..)) {
            // a mail that cannot be read (or names two senders) is answered
            // to no one: its sender is not known for sure
            return decision;
        }
        let head = &raw[..raw.len().min(64 * 1024)];
        let Ok(Mail {
            from: Some(from),
            robot: None,
            message_id,
            ..
        }) = read_mail(head, usize::MAX)
        else {
            return decision;
        };
        if self.config.league.players_at(&from).is_empty() {
            return decision;
        }
        decision.mails.push(OutMail {
            to: vec![Recipient {
                name: String::new(),
                email: from,
            }],
            cc: vec![],
            subject: "Mail too large / Слишком большое письмо".into(),
            body: format!(
                "{error}. Please send the move as plain text, without attachments.\n\n\
                 Письмо слишком большое. Пожалуйста, пришлите ход простым текстом, без вложений.\n"
            ),
            in_reply_to: message_id.clone(),
            references: message_id.into_iter().collect(),
            thread: vec![],
            kind: MailKind::AutoReplied,
            game: None,
            attachments: vec![],
        });
        decision
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
    let inbox = match &config.inbox {
        InboxConfig::Maildir { path } => Inbox::Maildir(Maildir::new(path.clone())),
        InboxConfig::Imap(imap) => Inbox::Imap(Box::new(ImapInbox::new(
            imap.clone(),
            password(&imap.password_file)?,
        ))),
    };
    let outbox = match &config.outbox {
        OutboxConfig::File { path } => Outbox::File(FileOutbound::new(path.clone())),
        OutboxConfig::Smtp(smtp) => {
            let secret = smtp.password_file.as_deref().map(password).transpose()?;
            Outbox::Smtp(Box::new(SmtpOutbound::new(smtp, secret)?))
        }
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

impl Relay {
    /// Sends the outbox entries in order, removing each once delivered,
    /// until done or `shutdown` is set; how many went out.
    ///
    /// # Errors
    /// When the store fails or the transport refuses; what was not sent stays.
    ///
    /// One pass, one SMTP connection: every entry goes over it and it is
    /// closed (QUIT) at the end, whatever happened.
    pub async fn send(&mut self, shutdown: &watch::Receiver<bool>) -> Result<usize, DaemonError> {
        let result = self.send_pass(shutdown).await;
        self.outbox.finish().await;
        result
    }

    async fn send_pass(&mut self, shutdown: &watch::Receiver<bool>) -> Result<usize, DaemonError> {
        let filing = Filing {
            store: self.store.clone(),
            outbox: self.store.outbox()?.into(),
            instance: self.store.instance()?.into(),
            from: self.from.email.as_str().into(),
        };
        let mut sent = 0;
        // mails the server took whose removal from the outbox is not yet
        // durable (SMTP: made so while the next mail goes)
        let mut unrecorded = Unrecorded::default();
        let passed = self
            .send_chunks(&filing, shutdown, &mut unrecorded, &mut sent)
            .await;
        // the last one, or the one before a failure
        let recorded = self.record(&filing, &mut unrecorded);
        passed?;
        sent += recorded?;
        Ok(sent)
    }

    /// Sends the outbox in chunks (the file outbox: a batch; SMTP: one
    /// mail), each removed from the outbox durably before the next chunk's
    /// point of no return: at once (files), or while the next mail goes
    /// (SMTP, before its end-of-data dot), the last ones left in
    /// `unrecorded`. The mails are composed ahead on a thread of their own.
    async fn send_chunks(
        &mut self,
        filing: &Filing,
        shutdown: &watch::Receiver<bool>,
        unrecorded: &mut Unrecorded,
        sent: &mut usize,
    ) -> Result<(), DaemonError> {
        let outbox = &filing.outbox;
        let mut composed = compose_ahead(filing, self.from.clone());
        let mut start = 0;
        while start < outbox.len() {
            if *shutdown.borrow() {
                info!("stopping: the rest of the outbox waits for the next start");
                break;
            }
            let end = (start + self.outbox.batch()).min(outbox.len());
            let mut before_dot = record_meanwhile(filing, unrecorded);
            let mut mails = Vec::with_capacity(end - start);
            let mut taken: Result<(), DaemonError> = Ok(());
            for (place, entry) in outbox.iter().enumerate().take(end).skip(start) {
                match composed.recv().await {
                    Some(Ok((envelope, bytes))) => mails.push((place, envelope, bytes)),
                    Some(Err(e)) => {
                        // an address that cannot be written will never be: drop
                        // the entry rather than block every mail behind it
                        error!(error = %e, seq = entry.seq, "outbox: mail cannot be composed, dropped");
                        if let Err(e) = self.store.sent(entry.seq) {
                            taken = Err(e.into());
                            break;
                        }
                    }
                    None => {
                        taken = Err(MailError::Compose {
                            seq: entry.seq,
                            reason: "the composing thread stopped".into(),
                        }
                        .into());
                        break;
                    }
                }
            }
            let delivered = if let Err(e) = taken {
                Err(e)
            } else if mails.is_empty() {
                Ok(())
            } else {
                let batch: Vec<(u64, &lettre::address::Envelope, &[u8])> = mails
                    .iter()
                    .map(|(place, envelope, bytes)| {
                        (outbox[*place].seq, envelope, bytes.as_slice())
                    })
                    .collect();
                self.outbox
                    .deliver_batch(&filing.instance, &batch, &mut before_dot)
                    .await
                    .map_err(DaemonError::from)
            };
            // the record started above is waited for, whatever happened; on
            // a failure, `send_pass` records `unrecorded` (again, if it was)
            let recorded = before_dot.take().map_or(Ok(()), |work| work());
            delivered?;
            recorded.map_err(|reason| MailError::Send { seq: 0, reason })?;
            *sent += unrecorded.done.len();
            unrecorded.done.clear();
            unrecorded.filed = false;
            unrecorded
                .done
                .extend(mails.iter().map(|(place, _, _)| *place));
            if !self.outbox.records_during_next() {
                *sent += self.record(filing, unrecorded)?;
            }
            start = end;
        }
        Ok(())
    }

    /// Files delivered mails and removes them from the outbox, durably,
    /// all together; how many.
    fn record(&mut self, filing: &Filing, pending: &mut Unrecorded) -> Result<usize, DaemonError> {
        if pending.done.is_empty() {
            return Ok(0);
        }
        let file = pending.take_filing();
        let count = filing.settle(&pending.done, file)?;
        pending.done.clear();
        pending.filed = false;
        self.outbox.settled()?;
        Ok(count)
    }

    /// The relay as `run` runs it, on a task of its own: it sends whenever
    /// the referee wakes it (and at start), retries with backoff after a
    /// failure, and ends when `shutdown` is set. Each SMTP conversation has
    /// a hard timeout (`[outbox] timeout_seconds`), so a server that
    /// accepts and never answers delays only the mails, never refereeing.
    ///
    /// The backoff is capped low ([`RELAY_BACKOFF_CAP`]): mail waits while
    /// the server restarts, and the outbox goes within seconds of its
    /// return. A failure is logged once for as long as it lasts (then at
    /// debug level), and its end once.
    async fn run(mut self, wake: Arc<tokio::sync::Notify>, mut shutdown: watch::Receiver<bool>) {
        let mut backoff = Backoff::new(RELAY_BACKOFF_CAP);
        // failed attempts since the last pass that went through
        let mut failing: usize = 0;
        loop {
            // on a full disk sent mails could not be recorded: nothing goes
            // (said once by the monitor)
            let passed = match self.monitor.room() {
                Ok(()) => self.send(&shutdown).await,
                Err(e) => Err(e.into()),
            };
            let wait = match passed {
                Ok(_) => {
                    if failing > 0 {
                        info!(attempts = failing, "outbox: sending again");
                    }
                    failing = 0;
                    backoff.reset();
                    None
                }
                Err(e) => {
                    let wait = backoff.next();
                    let no_space = matches!(e, DaemonError::Store(StoreError::NoSpace { .. }));
                    if failing == 0 && !no_space {
                        warn!(error = %e, retry_in = ?wait, "outbox: sending failed, kept for later");
                        self.monitor.error(format!("outbox: {e}"));
                    } else {
                        debug!(error = %e, retry_in = ?wait, "outbox: sending failed again");
                    }
                    failing += 1;
                    Some(wait)
                }
            };
            if *shutdown.borrow() {
                return;
            }
            tokio::select! {
                _ = wake.notified(), if wait.is_none() => {}
                _ = tokio::time::sleep(wait.unwrap_or_default()), if wait.is_some() => {}
                _ = shutdown.changed() => return,
            }
        }
    }
}

/// Mails the server took or that were written (their places in the
/// outbox), not yet recorded as sent; whether they were filed.
#[derive(Default)]
struct Unrecorded {
    done: Vec<usize>,
    filed: bool,
}

impl Unrecorded {
    /// Whether the mails are still to be filed; from now on they count as
    /// filed (whatever comes of their record, filing happens first).
    fn take_filing(&mut self) -> bool {
        !std::mem::replace(&mut self.filed, true)
    }
}

/// What a pass of the relay sends, and where it files what went.
#[derive(Clone)]
struct Filing {
    store: SharedStore,
    outbox: Arc<[OutboxEntry]>,
    instance: Arc<str>,
    from: Arc<str>,
}

impl Filing {
    /// Keeps the mails at `done` with their games and remembers them for
    /// bounces (made durable with the next sync; a failure is only logged:
    /// the mail went).
    fn file(&self, done: &[usize]) {
        for &place in done {
            let entry = &self.outbox[place];
            if let Some(game) = &entry.mail.game {
                if let Err(e) = self.store.archive_sent(game, Utc::now(), entry) {
                    warn!(error = %e, seq = entry.seq, "the sent mail cannot be kept with its game");
                }
            }
            let record = sent_record(entry, &self.instance, &self.from);
            if let Err(e) = self.store.remember_sent(&record) {
                // only a bounce of it could not be matched
                warn!(error = %e, seq = entry.seq, "the sent mail cannot be remembered");
            }
        }
    }

    /// Files the mails at `done` if `file`, then records them sent; how many.
    fn settle(&self, done: &[usize], file: bool) -> Result<usize, StoreError> {
        if file {
            self.file(done);
        }
        self.record(done)
    }

    /// Removes the mails at `done` from the outbox, durably, in one write,
    /// and logs them; how many.
    fn record(&self, done: &[usize]) -> Result<usize, StoreError> {
        let seqs: Vec<u64> = done.iter().map(|&place| self.outbox[place].seq).collect();
        self.store.sent_all(&seqs)?;
        for &place in done {
            let entry = &self.outbox[place];
            let mail = &entry.mail;
            let to: Vec<&str> = mail
                .to
                .iter()
                .chain(&mail.cc)
                .map(|r| r.email.as_str())
                .collect();
            info!(
                seq = entry.seq,
                game = %mail.game.as_deref().unwrap_or("-"),
                to = %to.join(", "),
                subject = %mail.subject,
                "sent"
            );
        }
        Ok(done.len())
    }
}

/// How many composed mails may wait for the sender: a batch of the file
/// outbox, so that the next is composed while one is written.
const COMPOSED_AHEAD: usize = crate::mail::FILE_BATCH;

/// Composes the outbox's mails in order on a thread of its own, ahead of
/// the sender, whose thread then only sends.
fn compose_ahead(
    filing: &Filing,
    from: Recipient,
) -> tokio::sync::mpsc::Receiver<Result<(lettre::address::Envelope, Vec<u8>), MailError>> {
    let (composed, receiver) = tokio::sync::mpsc::channel(COMPOSED_AHEAD);
    let outbox = filing.outbox.clone();
    let instance = filing.instance.clone();
    tokio::task::spawn_blocking(move || {
        for entry in outbox.iter() {
            // the sender stopped (shutdown, a failure): so does this
            if composed
                .blocking_send(compose(entry, &from, &instance))
                .is_err()
            {
                return;
            }
        }
    });
    receiver
}

/// The mails the server took (`unrecorded`, SMTP) filed and removed from
/// the outbox durably, started at once on a thread of their own: the sync
/// runs while the next mail is composed and its envelope checked; the
/// returned work, run before that mail's end-of-data dot, waits for it.
fn record_meanwhile(
    filing: &Filing,
    unrecorded: &mut Unrecorded,
) -> Option<crate::mail::smtp::BeforeDot> {
    if unrecorded.done.is_empty() {
        return None;
    }
    let filing = filing.clone();
    let done = unrecorded.done.clone();
    let file = unrecorded.take_filing();
    let (finished, result) = std::sync::mpsc::channel();
    tokio::task::spawn_blocking(move || {
        let recorded = filing
            .settle(&done, file)
            .map(|_| ())
            .map_err(|e| format!("the outbox: {e}"));
        let _ = finished.send(recorded);
    });
    Some(Box::new(move || {
        result
            .recv()
            .unwrap_or_else(|_| Err("the outbox: its record was not made".into()))
    }))
}

/// What is remembered of an outbox entry once sent ([`SentRecord`]).
fn sent_record(entry: &OutboxEntry, instance: &str, from: &str) -> SentRecord {
    let mail = &entry.mail;
    SentRecord {
        message_id: crate::mail::message_id(entry, instance, from),
        seq: entry.seq,
        game: mail.game.clone(),
        recipients: mail
            .to
            .iter()
            .chain(&mail.cc)
            .map(|r| r.email.to_lowercase())
            .collect(),
        subject: mail.subject.clone(),
        summary: mail
            .body
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.trim().is_empty())
            .take(6)
            .collect::<Vec<_>>()
            .join("\n")
            .chars()
            .take(600)
            .collect(),
        sent: Utc::now().to_rfc3339(),
    }
}

/// Facts `timers-done:<tournament>`: the last tournament day whose timers
/// (deadlines, reminders, notices, claims) ran, written with that day's
/// decision.
const TIMERS_DONE: &str = "timers-done:";
/// The most missed days one pass catches up: a daemon down for longer runs
/// the last year's days (each game's count is as of its day anyway).
const CATCH_UP_DAYS: u64 = 366;

/// The tournament days whose timers are due as of `today`, in order, when
/// they last ran for `done`: today alone the first time; none when the
/// clock stands at or before `done` (set back); every day after `done`
/// up to today when days were missed (a clock that jumped, a daemon that
/// was down), at most `CATCH_UP_DAYS`.
pub fn timer_days(done: Option<NaiveDate>, today: NaiveDate) -> Vec<NaiveDate> {
    let Some(done) = done else {
        return vec![today];
    };
    let earliest = today
        .checked_sub_days(chrono::Days::new(CATCH_UP_DAYS - 1))
        .unwrap_or(today);
    let mut day = done.succ_opt().unwrap_or(done).max(earliest);
    let mut days = Vec::new();
    while day <= today && day > done {
        days.push(day);
        match day.succ_opt() {
            Some(next) => day = next,
            None => break,
        }
    }
    days
}

/// Facts `no-access:<address>`: the day our mails to a player's address
/// first bounced, until a mail comes from it (III.1.6); `<day> told` once
/// the directors were told.
const NO_ACCESS: &str = "no-access:";
/// III.1.6: the days a player has to restore his mail access.
const LOST_ACCESS_DAYS: i64 = 30;

fn no_access_key(address: &str) -> String {
    format!("{NO_ACCESS}{}", address.to_lowercase())
}

/// The recipients of `sent` a bounce reports (those of a failed or delayed
/// delivery status), else every recipient of the mail (an MTA that writes
/// no report names them only in words).
fn bounced_to(bounce: &Bounce, sent: &SentRecord) -> Vec<String> {
    let named: Vec<String> = bounce
        .failures
        .iter()
        .filter(|f| {
            f.action.as_deref().is_none_or(|a| {
                !a.eq_ignore_ascii_case("delivered")
                    && !a.eq_ignore_ascii_case("relayed")
                    && !a.eq_ignore_ascii_case("expanded")
            })
        })
        .map(|f| f.recipient.to_lowercase())
        .collect();
    if named.is_empty() {
        sent.recipients.clone()
    } else {
        named
    }
}

/// What the director is told of a bounce: the returned mail as the store
/// remembers it, and why it came back (the delivery status report, else
/// the mail server's own words).
fn bounce_report(
    waiting: &Waiting,
    mail: &Mail,
    bounce: &Bounce,
    sent: &SentRecord,
    undelivered: &[String],
) -> BounceReport {
    let clip = |s: &str| s.chars().take(300).collect::<String>();
    let mut why: Vec<String> = bounce
        .failures
        .iter()
        .map(|f| {
            format!(
                "{}: {} (Status: {}; Diagnostic-Code: {})",
                clip(&f.recipient),
                f.action.as_deref().map_or("-".to_string(), clip),
                f.status.as_deref().map_or("-".to_string(), clip),
                f.diagnostic.as_deref().map_or("-".to_string(), clip),
            )
        })
        .collect();
    if why.is_empty() {
        // no delivery status report: the MTA's own words
        why = bounce.excerpt.lines().map(|l| format!("> {l}")).collect();
    }
    BounceReport {
        undelivered: undelivered.to_vec(),
        game: sent.game.clone(),
        subject: clip(&sent.subject),
        sent: sent.sent.to_string(),
        message_id: sent.message_id.clone(),
        why,
        summary: sent.summary.clone(),
        key: clip(&waiting.key),
        from: mail.from.as_deref().unwrap_or("-").to_string(),
    }
}

/// The directors of `tournaments`, each address once (the language of the
/// first of his tournaments named).
fn directors_of<'t>(tournaments: impl Iterator<Item = &'t Tournament>) -> Vec<Reader> {
    let mut seen: Vec<&str> = Vec::new();
    let mut readers = Vec::new();
    for t in tournaments {
        if !seen.contains(&t.director.as_str()) {
            seen.push(&t.director);
            readers.push(Reader::director_of(t));
        }
    }
    readers
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

/// When the timers run next: five seconds after the next local midnight.
fn next_midnight(config: &Config) -> Option<DateTime<Utc>> {
    let now = Utc::now().with_timezone(&config.timezone);
    let midnight = (now.date_naive() + chrono::Days::new(1)).and_hms_opt(0, 0, 5)?;
    midnight
        .and_local_timezone(config.timezone)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
}

/// The path of the control socket, in the state folder.
pub fn control_socket(config: &Config) -> PathBuf {
    config.state.join("control.sock")
}

fn notify(state: sd_notify::NotifyState) {
    if let Err(e) = sd_notify::notify(false, &[state]) {
        warn!(error = %e, "sd_notify failed");
    }
}

/// How long IDLE may wait: five minutes, or half the watchdog interval.
fn idle_wait() -> Duration {
    let mut usec = 0;
    let five_minutes = Duration::from_secs(300);
    if sd_notify::watchdog_enabled(false, &mut usec) && usec > 0 {
        five_minutes.min(Duration::from_micros(usec / 2))
    } else {
        five_minutes
    }
}

/// The mailbox's reconnection backoff reaches at most this.
const MAILBOX_BACKOFF_CAP: Duration = Duration::from_secs(60);
/// The outbox relay's backoff reaches at most this: a connection attempt
/// costs the server next to nothing, and a restarted server gets the
/// waiting mail within seconds.
const RELAY_BACKOFF_CAP: Duration = Duration::from_secs(4);

/// The growing pause between attempts: 1 s doubling to a cap.
struct Backoff {
    next: Duration,
    cap: Duration,
}

impl Backoff {
    fn new(cap: Duration) -> Backoff {
        Backoff {
            next: Duration::from_secs(1).min(cap),
            cap,
        }
    }

    fn next(&mut self) -> Duration {
        let now = self.next;
        self.next = (self.next * 2).min(self.cap);
        now
    }

    fn reset(&mut self) {
        self.next = Duration::from_secs(1).min(self.cap);
    }
}

/// Sleeps `d` unless `shutdown` is set first; true when shutting down.
async fn pause(d: Duration, shutdown: &mut watch::Receiver<bool>) -> bool {
    if *shutdown.borrow() {
        return true;
    }
    tokio::select! {
        _ = tokio::time::sleep(d) => {}
        _ = shutdown.changed() => {}
    }
    *shutdown.borrow()
}

/// Turns SIGTERM and SIGINT into the shutdown signal.
fn watch_signals(tx: watch::Sender<bool>) -> std::io::Result<()> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    tokio::spawn(async move {
        tokio::select! {
            _ = term.recv() => info!("SIGTERM: stopping"),
            _ = int.recv() => info!("SIGINT: stopping"),
        }
        notify(sd_notify::NotifyState::Stopping);
        let _ = tx.send(true);
    });
    Ok(())
}

/// The arbiter's last mails to a player in a game whose lines are taken
/// for quotes in his mail.
const OUR_MAILS_COMPARED: usize = 8;

/// How often a daemon waiting for room on a full disk looks again.
const ROOM_POLL: Duration = Duration::from_secs(2);

/// Opens the pipeline once the state folder's disk has room
/// ([`crate::store::room`]): on a full disk sled must not open the store
/// (it writes as it opens), and exiting would only have the unit start it
/// again and again; the wait is said once, in the log and to systemd.
/// `None` when shut down while waiting.
///
/// # Errors
/// As [`Pipeline::open`], but for a full disk.
async fn open_with_room(
    config: Config,
    shutdown: &mut watch::Receiver<bool>,
) -> Result<Option<Pipeline>, DaemonError> {
    let mut told = false;
    loop {
        let refused = match crate::store::room(&config.state) {
            Ok(()) => match Pipeline::open(config.clone()) {
                Err(DaemonError::Store(e @ StoreError::NoSpace { .. })) => e,
                opened => return opened.map(Some),
            },
            Err(e) => e,
        };
        if !told {
            error!(error = %refused, "no space: the store is opened once there is room");
            // ready, so that systemd does not time the start out and
            // start it again: the daemon is up, waiting
            notify(sd_notify::NotifyState::Ready);
            notify(sd_notify::NotifyState::Status(
                "no space on the state folder's disk: waiting for room",
            ));
            told = true;
        }
        notify(sd_notify::NotifyState::Watchdog);
        if pause(ROOM_POLL, shutdown).await {
            return Ok(None);
        }
    }
}

/// `run`: the daemon, until SIGTERM or SIGINT; SIGHUP reads the config at
/// `path` again ([`Pipeline::reload`]).
///
/// # Errors
/// Fatal failures only: the store, a damaged record, a password file.
/// Mailbox and transport failures are retried with backoff.
pub async fn serve(config: Config, path: &Path) -> Result<(), DaemonError> {
    let (stop_tx, mut shutdown) = watch::channel(false);
    let signals = |e| MailError::Io {
        path: "signals".into(),
        source: e,
    };
    watch_signals(stop_tx).map_err(signals)?;
    let mut hangup =
        tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()).map_err(signals)?;
    let Some(mut pipeline) = open_with_room(config, &mut shutdown).await? else {
        return Ok(());
    };
    pipeline.web_started();
    let socket = control_socket(&pipeline.config);
    crate::control::listen(
        &socket,
        pipeline.config.clone(),
        pipeline.snapshot.clone(),
        pipeline.monitor.clone(),
    )
    .map_err(|e| MailError::Io {
        path: socket.display().to_string(),
        source: e,
    })?;
    let wake = Arc::new(tokio::sync::Notify::new());
    crate::repair::hold(pipeline.store.clone(), wake.clone(), &pipeline.config);
    // the second door: chess programs (Xfcc), when the config opens it
    let door_wake = Arc::new(tokio::sync::Notify::new());
    let (jobs_tx, mut jobs) = tokio::sync::mpsc::channel(crate::xfcc::server::QUEUE);
    if let Some(xfcc) = pipeline.config.xfcc.clone() {
        let listener = crate::xfcc::server::bind(&xfcc)
            .await
            .map_err(|e| MailError::Io {
                path: format!("[xfcc] listen {}", xfcc.listen),
                source: e,
            })?;
        let tls = crate::xfcc::server::tls(&xfcc).map_err(|e| MailError::Io {
            path: "[xfcc] tls_cert/tls_key".into(),
            source: std::io::Error::other(e),
        })?;
        let door = Arc::new(crate::xfcc::server::Door {
            config: xfcc,
            league: std::sync::RwLock::new(Arc::new(pipeline.config.league.clone())),
            timezone: pipeline.config.timezone,
            store: pipeline.store.clone(),
            state: pipeline.snapshot.clone(),
            jobs: jobs_tx,
            wake: door_wake.clone(),
            guard: Default::default(),
            known: Default::default(),
            tag_key: std::hash::RandomState::new(),
            generation: pipeline.generation.clone(),
            answers: Default::default(),
        });
        pipeline.door = Some(door.clone());
        tokio::spawn(crate::xfcc::server::serve(
            door,
            listener,
            tls,
            shutdown.clone(),
        ));
    } else {
        drop(jobs_tx);
    }
    let mut relay = match pipeline.relay.take() {
        Some(relay) => tokio::spawn(relay.run(wake.clone(), shutdown.clone())),
        None => tokio::spawn(async {}),
    };
    let mut ready = false;
    let mut connect_backoff = Backoff::new(MAILBOX_BACKOFF_CAP);
    let mut timer_day: Option<NaiveDate> = None;
    // games open on their tournament's start day: once a day is enough
    // (going over 100k games per pass would not be)
    let mut opening_day: Option<NaiveDate> = None;
    let mut poll = Duration::from_secs(pipeline.config.poll_seconds);
    'connection: while !*shutdown.borrow() {
        if let Err(e) = pipeline.inbox.connect().await {
            let wait = connect_backoff.next();
            error!(error = %e, retry_in = ?wait, "mailbox unreachable");
            pipeline.monitor.error(format!("mailbox unreachable: {e}"));
            // the referee loop is alive, waiting for the mailbox; what is
            // already decided still goes out (the relay runs on); deadlines
            // wait for the mailbox, since a move may be waiting in it
            notify(sd_notify::NotifyState::Watchdog);
            if pause(wait, &mut shutdown).await {
                break;
            }
            continue;
        }
        connect_backoff.reset();
        if !ready {
            notify(sd_notify::NotifyState::Ready);
            info!("ready");
            ready = true;
        }
        loop {
            notify(sd_notify::NotifyState::Watchdog);
            // a full disk: nothing is read, decided or sent until there is
            // room (the mails wait in the mailbox), said once
            if pipeline.monitor.room().is_err() {
                if pause(ROOM_POLL, &mut shutdown).await {
                    break 'connection;
                }
                continue;
            }
            let mut report = Report::default();
            let today = pipeline.today();
            let more = match pipeline
                .referee_pass(today, &mut opening_day, &mut report, &shutdown)
                .await
            {
                Ok(more) => more,
                Err(DaemonError::Mail(e)) => {
                    error!(error = %e, "mailbox failed: reconnecting");
                    pipeline.monitor.error(format!("mailbox failed: {e}"));
                    pipeline.inbox.close().await;
                    continue 'connection;
                }
                // refused before anything was written: waits for room above
                Err(DaemonError::Store(StoreError::NoSpace { .. })) => continue,
                Err(fatal) => return Err(fatal),
            };
            match pipeline.xfcc_pass(&mut jobs) {
                Ok(()) => {}
                Err(DaemonError::Store(StoreError::NoSpace { .. })) => continue,
                Err(fatal) => return Err(fatal),
            }
            let ran = !more && timer_day != Some(today);
            if ran {
                match pipeline.timer_pass(today, &mut report) {
                    Ok(()) => timer_day = Some(today),
                    Err(DaemonError::Store(StoreError::NoSpace { .. })) => continue,
                    Err(fatal) => return Err(fatal),
                }
            }
            // the next pass: after the next local midnight, or at once
            // when today's waits for the mails still waiting
            let next = if timer_day == Some(today) {
                next_midnight(&pipeline.config)
            } else {
                Some(Utc::now())
            };
            pipeline.monitor.deadlines(ran.then_some(today), next);
            wake.notify_one();
            if *shutdown.borrow() {
                break 'connection;
            }
            if more {
                continue;
            }
            let mut wait = idle_wait();
            // wake for the timers after the local midnight
            let now = Utc::now().with_timezone(&pipeline.config.timezone);
            if let Some(midnight) = (now.date_naive() + chrono::Days::new(1)).and_hms_opt(0, 0, 5) {
                let left = (midnight - now.naive_local())
                    .to_std()
                    .unwrap_or(Duration::from_secs(1));
                wait = wait.min(left);
            }
            let waited = tokio::select! {
                waited = pipeline.inbox.wait(wait, poll, &mut shutdown, &door_wake) => Some(waited),
                _ = hangup.recv() => None,
            };
            match waited {
                Some(Ok(())) => {}
                Some(Err(e)) => {
                    error!(error = %e, "mailbox failed while waiting: reconnecting");
                    pipeline
                        .monitor
                        .error(format!("mailbox failed while waiting: {e}"));
                    pipeline.inbox.close().await;
                    continue 'connection;
                }
                None => {
                    info!(config = %path.display(), "SIGHUP: reading the config again");
                    if pipeline.reload(path).await {
                        if let Some(new) = pipeline.relay.take() {
                            // an entry cut off mid-conversation is sent again,
                            // with its Message-ID; none is lost
                            relay.abort();
                            relay = tokio::spawn(new.run(wake.clone(), shutdown.clone()));
                        }
                        poll = Duration::from_secs(pipeline.config.poll_seconds);
                        // a tournament added may start today
                        opening_day = None;
                    }
                    // the wait was cut short (an IDLE mid-way): a new session
                    pipeline.inbox.close().await;
                    continue 'connection;
                }
            }
        }
    }
    notify(sd_notify::NotifyState::Stopping);
    pipeline.inbox.close().await;
    // the relay stops between mails; one in the middle of a conversation is
    // sent again at the next start (with the same Message-ID)
    if tokio::time::timeout(Duration::from_secs(10), relay)
        .await
        .is_err()
    {
        warn!("the outbox relay did not stop in time");
    }
    let _ = std::fs::remove_file(&socket);
    info!("stopped");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
