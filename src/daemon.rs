//! The daemon's work: fetch → parse → decide → commit → mark → send, and the
//! timer pass. Each inbound mail is one store commit; the mail is marked
//! only after the commit, and the outbox is sent after that, each entry
//! removed once the transport accepted it (DESIGN.md §2).

use crate::config::{Config, InboxConfig, OutboxConfig};
use crate::mail::file::FileOutbound;
use crate::mail::maildir::Maildir;
use crate::mail::{compose, Inbox, MailError, Outbound, Waiting};
use crate::message::parse::{read_mail, Mail, ReadError};
use crate::referee::decide::{
    decide_mail, timers, Decision, Inbound, MailKind, OutMail, Recipient, Verdict,
};
use crate::referee::game::{Game, ReplayError};
use crate::referee::tournament::League;
use crate::store::{Commit, Processed, SledStore, Store, StoreError};
use chrono::{NaiveDate, Utc};
use std::collections::BTreeMap;
use thiserror::Error;
use tracing::{info, info_span, warn};

#[derive(Debug, Error)]
pub enum DaemonError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Mail(#[from] MailError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// The games of the league, replayed from the store.
///
/// # Errors
/// On a storage failure or a damaged game record.
pub fn load_games(
    league: &League,
    store: &dyn Store,
) -> Result<BTreeMap<String, Game>, DaemonError> {
    let mut games = BTreeMap::new();
    for (t, spec) in league.games() {
        let events = store.events(&spec.id)?;
        games.insert(spec.id.clone(), Game::replay(t, spec, &events)?);
    }
    Ok(games)
}

/// What one pass did.
#[derive(Debug, Default)]
pub struct Report {
    pub verdicts: Vec<Verdict>,
    pub mails_read: usize,
    pub mails_sent: usize,
}

/// The daemon's parts, wired from the config.
pub struct Pipeline {
    pub config: Config,
    pub store: Box<dyn Store>,
    pub inbox: Box<dyn Inbox>,
    pub outbound: Box<dyn Outbound>,
    games: BTreeMap<String, Game>,
}

impl Pipeline {
    /// Opens the store and the transports named in the config.
    ///
    /// # Errors
    /// When the store cannot be opened or a game record is damaged.
    pub fn open(config: Config) -> Result<Pipeline, DaemonError> {
        let store: Box<dyn Store> = Box::new(SledStore::open(&config.state)?);
        let inbox: Box<dyn Inbox> = match &config.inbox {
            InboxConfig::Maildir { path } => Box::new(Maildir::new(path.clone())),
        };
        let outbound: Box<dyn Outbound> = match &config.outbox {
            OutboxConfig::File { path } => Box::new(FileOutbound::new(path.clone())),
        };
        let games = load_games(&config.league, store.as_ref())?;
        Ok(Pipeline {
            config,
            store,
            inbox,
            outbound,
            games,
        })
    }

    /// The day it is now in the tournament zone.
    pub fn today(&self) -> NaiveDate {
        Utc::now().with_timezone(&self.config.timezone).date_naive()
    }

    pub fn games(&self) -> &BTreeMap<String, Game> {
        &self.games
    }

    /// One whole pass: the timers as of `today`, every waiting mail, the outbox.
    ///
    /// # Errors
    /// Operational failures only (store, mailbox, transport).
    pub fn run_once(&mut self, today: NaiveDate) -> Result<Report, DaemonError> {
        let mut report = Report::default();
        self.timers(today, &mut report)?;
        self.inbox_pass(&mut report)?;
        self.send_outbox(&mut report)?;
        Ok(report)
    }

    /// The timer pass as of `today`.
    ///
    /// # Errors
    /// When the commit fails.
    pub fn timers(&mut self, today: NaiveDate, report: &mut Report) -> Result<(), DaemonError> {
        let decision = timers(&self.config.league, &self.games, today);
        if !decision.events.is_empty() || !decision.mails.is_empty() {
            self.commit(None, decision, report)?;
        }
        Ok(())
    }

    /// Referees every waiting mail, in arrival order.
    ///
    /// # Errors
    /// When the mailbox or the store fails; the mail being handled stays waiting.
    pub fn inbox_pass(&mut self, report: &mut Report) -> Result<(), DaemonError> {
        for waiting in self.inbox.waiting()? {
            let span = info_span!("mail", key = %waiting.key);
            let _guard = span.enter();
            if self.store.is_processed(&waiting.key)? {
                // committed before a crash, not yet marked
                self.inbox.done(&waiting, true)?;
                continue;
            }
            let raw = self.inbox.fetch(&waiting)?;
            report.mails_read += 1;
            let (decision, message_id, seen) = self.referee(&waiting, &raw);
            let processed = Processed {
                message_id,
                outcome: format!("{:?}", decision.verdicts),
            };
            self.commit(Some((waiting.key.clone(), processed)), decision, report)?;
            self.inbox.done(&waiting, seen)?;
        }
        Ok(())
    }

    /// Reads and decides one mail: the decision, its Message-ID, and whether
    /// it is marked seen (a robot's or an unreadable mail stays unseen).
    fn referee(&self, waiting: &Waiting, raw: &[u8]) -> (Decision, Option<String>, bool) {
        let tz = self.config.timezone;
        let arrival = waiting.arrived.with_timezone(&tz).date_naive();
        match read_mail(raw, self.config.max_mail_bytes) {
            Ok(mail) => {
                let _game = info_span!(
                    "decide",
                    message_id = mail.message_id.as_deref().unwrap_or("-"),
                    from = mail.from.as_deref().unwrap_or("-")
                )
                .entered();
                let inbound = Inbound {
                    mail: &mail,
                    arrival,
                    claimed: mail.date.map(|d| d.with_timezone(&tz).date_naive()),
                };
                let decision = decide_mail(&self.config.league, &self.games, &inbound);
                for verdict in &decision.verdicts {
                    info!(?verdict, "decided");
                }
                let seen = mail.robot.is_none();
                (decision, mail.message_id, seen)
            }
            Err(error) => {
                warn!(%error, "mail kept aside");
                (self.kept_aside(raw, &error), None, false)
            }
        }
    }

    /// A mail too large or unparseable: kept in the mailbox unseen; a player
    /// who sent a too large mail is told.
    fn kept_aside(&self, raw: &[u8], error: &ReadError) -> Decision {
        let mut decision = Decision {
            verdicts: vec![Verdict::Ignored(format!("kept aside: {error}"))],
            ..Decision::default()
        };
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
            to: vec![Recipient { name: String::new(), email: from }],
            cc: vec![],
            subject: "Mail too large / Слишком большое письмо".into(),
            body: format!(
                "{error}. Please send the move as plain text, without attachments.\n\n\
                 Письмо слишком большое ({} байт). Пожалуйста, пришлите ход простым текстом, без вложений.\n",
                raw.len()
            ),
            in_reply_to: message_id.clone(),
            references: message_id.into_iter().collect(),
            kind: MailKind::AutoReplied,
            game: None,
        });
        decision
    }

    fn commit(
        &mut self,
        processed: Option<(String, Processed)>,
        decision: Decision,
        report: &mut Report,
    ) -> Result<(), DaemonError> {
        let commit = Commit {
            processed,
            events: decision.events,
            mails: decision.mails,
            created: Utc::now().to_rfc3339(),
        };
        self.store.commit(&commit)?;
        for (id, event) in &commit.events {
            if let Some(game) = self.games.get_mut(id) {
                game.apply(event)?;
            }
        }
        report.verdicts.extend(decision.verdicts);
        Ok(())
    }

    /// Sends every outbox entry, removing each once delivered.
    ///
    /// # Errors
    /// When the store fails or the transport refuses; what was not sent stays.
    pub fn send_outbox(&mut self, report: &mut Report) -> Result<(), DaemonError> {
        let instance = self.store.instance()?;
        let from = Recipient {
            name: self.config.league.name.clone(),
            email: self.config.league.address.clone(),
        };
        for entry in self.store.outbox()? {
            let (envelope, bytes) = compose(&entry, &from, &instance)?;
            self.outbound.deliver(entry.seq, &envelope, &bytes)?;
            self.store.sent(entry.seq)?;
            info!(seq = entry.seq, subject = %entry.mail.subject, "sent");
            report.mails_sent += 1;
        }
        Ok(())
    }

    /// Runs until killed: looks at the inbox every `poll_seconds`, runs the
    /// timers at start and after each midnight of the tournament zone.
    ///
    /// # Errors
    /// Operational failures.
    pub fn run_forever(&mut self) -> Result<(), DaemonError> {
        let mut last_timer_day: Option<NaiveDate> = None;
        loop {
            let mut report = Report::default();
            let today = self.today();
            if last_timer_day != Some(today) {
                self.timers(today, &mut report)?;
                last_timer_day = Some(today);
            }
            self.inbox_pass(&mut report)?;
            self.send_outbox(&mut report)?;
            std::thread::sleep(std::time::Duration::from_secs(self.config.poll_seconds));
        }
    }
}
