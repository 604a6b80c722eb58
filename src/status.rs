//! `status`: whether the daemon runs and is well, for an operator and for a
//! monitoring check. The running daemon answers through the control socket
//! with what it knows; when none answers, what the last run recorded in the
//! store is read (the store is not written). The judgement (the exit code)
//! is made by the caller against its thresholds: each [`Problem`] names the
//! work it stops, and `status` is healthy exactly when none stops any.

use crate::referee::state::State;
use crate::store::{SharedStore, Store, StoreError};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use tracing::{error, info, warn};

/// The exit code of `status` when something is wrong (daemon down, a
/// threshold passed).
pub const UNHEALTHY: u8 = 3;

/// What the daemon does; a [`Problem`] stops one or more of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Work {
    /// Reading the mailbox.
    Reading,
    /// Deciding (refereeing the mails read, running the deadlines).
    Deciding,
    /// Sending the outbox.
    Sending,
}

const ALL_WORK: &[Work] = &[Work::Reading, Work::Deciding, Work::Sending];

/// Something `status` finds wrong. Each stops some work ([`Problem::stops`]);
/// a failure that has passed is no problem (it stays in `last_error`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// No daemon answers on the control socket.
    Down,
    /// A daemon answered, but not what its health is.
    Unanswered(String),
    /// No store in the state folder yet (its path).
    NoStore(String),
    /// The store cannot be read (damaged, or not ours to read).
    Store(String),
    /// The running daemon has not reached the mailbox yet.
    NeverReached,
    /// The mailbox was last reached `age` seconds ago, more than `limit`.
    Silent { age: i64, limit: i64 },
    /// The mailbox fails now: unreachable, refusing the login, unreadable.
    Mailbox(LastError),
    /// The state folder's disk is too full for the store to write.
    NoSpace(LastError),
    /// Sending fails now: the SMTP server unreachable or refusing the
    /// login, the outbox folder unwritable or full.
    Outbox(LastError),
    /// The outbox folder cannot take a mail (read-only, or full), found
    /// by looking at it.
    OutboxFolder(String),
    /// The oldest outbox mail waits `age` seconds, more than `limit`.
    OutboxAge { age: i64, limit: i64 },
    /// An OAuth2 sign-in (`inbox` or `outbox`) the provider refused, or
    /// whose refresh token cannot be read: a person must sign in again.
    SignIn { which: String, refusal: LastError },
}

impl Problem {
    /// The work this problem stops (for those that say the daemon cannot
    /// be seen, all of it: nothing shows that it goes on).
    pub fn stops(&self) -> &'static [Work] {
        match self {
            Problem::Down
            | Problem::Unanswered(_)
            | Problem::NoStore(_)
            | Problem::Store(_)
            | Problem::NoSpace(_) => ALL_WORK,
            // the deadlines wait for the mailbox (a move may wait in it)
            Problem::NeverReached | Problem::Silent { .. } | Problem::Mailbox(_) => {
                &[Work::Reading, Work::Deciding]
            }
            Problem::Outbox(_) | Problem::OutboxFolder(_) | Problem::OutboxAge { .. } => {
                &[Work::Sending]
            }
            Problem::SignIn { which, .. } if which == "inbox" => &[Work::Reading, Work::Deciding],
            Problem::SignIn { .. } => &[Work::Sending],
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let since = |e: &LastError| format!("{} (since {})", e.message, e.at.to_rfc3339());
        match self {
            Problem::Down => write!(f, "the daemon is not running"),
            Problem::Unanswered(why) => write!(f, "{why}"),
            Problem::NoStore(state) => write!(f, "no store in {state} yet"),
            Problem::Store(why) => write!(f, "the store cannot be read: {why}"),
            Problem::NeverReached => write!(f, "the mailbox was never reached"),
            Problem::Silent { age, limit } => write!(
                f,
                "the mailbox was last reached {age} s ago (more than {limit} s)"
            ),
            Problem::Mailbox(e) | Problem::NoSpace(e) | Problem::Outbox(e) => {
                write!(f, "{}", since(e))
            }
            Problem::OutboxFolder(why) => write!(f, "outbox: {why}"),
            Problem::OutboxAge { age, limit } => write!(
                f,
                "the oldest outbox mail waits for {age} s (more than {limit} s)"
            ),
            // the refusal names the sign-in and what to run
            Problem::SignIn { refusal, .. } => write!(f, "{}", since(refusal)),
        }
    }
}

/// The fact under which the daemon keeps its [`Health`] in the store.
pub const HEALTH_FACT: &str = "health";

/// The state as the control socket sees it, updated after each commit.
pub type Snapshot = Arc<Mutex<State>>;

/// What the daemon knows of its own health, for `status`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Health {
    /// The last time the mailbox was read without error.
    pub last_contact: Option<DateTime<Utc>>,
    /// Mails left waiting in the mailbox after that contact.
    pub mails_waiting: Option<usize>,
    pub last_error: Option<LastError>,
    /// The day the deadlines last ran as of.
    pub last_deadline_pass: Option<NaiveDate>,
    /// When the running daemon runs them next.
    pub next_deadline_pass: Option<DateTime<Utc>>,
    /// While the state folder's disk is too full to write: since when and
    /// why (nothing is read or sent meanwhile).
    #[serde(default)]
    pub no_space: Option<LastError>,
    /// While this process fails to read the mailbox: since when, and the
    /// last failure (ends at the next contact).
    #[serde(default)]
    pub mailbox_failing: Option<LastError>,
    /// While this process fails to send the outbox: since when, and the
    /// last failure (ends when a pass goes through).
    #[serde(default)]
    pub outbox_failing: Option<LastError>,
    /// The OAuth2 sign-ins that need a person (`inbox`, `outbox`): since
    /// when and why (the mails wait meanwhile).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sign_in: BTreeMap<String, LastError>,
}

/// The daemon's [`Health`], shared by the referee, the outbox relay and
/// the control socket, with the store it is kept in (under
/// [`HEALTH_FACT`], for `status` while the daemon is down): an error or a
/// deadline pass is written at once, a mailbox contact at most once a minute.
#[derive(Clone)]
pub struct Monitor {
    health: Arc<Mutex<Health>>,
    store: SharedStore,
    /// When the health was last written to the store.
    written: Arc<Mutex<Option<DateTime<Utc>>>>,
}

impl Monitor {
    pub(crate) fn new(store: SharedStore) -> Monitor {
        let mut health: Health = store
            .fact(HEALTH_FACT)
            .ok()
            .flatten()
            .and_then(|v| serde_json::from_str::<Health>(&v).ok())
            .map(|health| Health {
                // what an earlier process met: this one has not tried yet
                mailbox_failing: None,
                outbox_failing: None,
                ..health
            })
            .unwrap_or_default();
        // a refused sign-in is found again (and said again) by this run
        health.sign_in.clear();
        Monitor {
            health: Arc::new(Mutex::new(health)),
            store,
            written: Arc::default(),
        }
    }

    /// The health now.
    pub fn health(&self) -> Health {
        self.health.lock().map(|h| h.clone()).unwrap_or_default()
    }

    /// The store the daemon holds.
    pub fn store(&self) -> &SharedStore {
        &self.store
    }

    pub(crate) fn update(&self, write_now: bool, change: impl FnOnce(&mut Health)) {
        let Ok(mut health) = self.health.lock() else {
            return;
        };
        change(&mut health);
        let now = Utc::now();
        let Ok(mut written) = self.written.lock() else {
            return;
        };
        // (a clock set back counts as time passed: the record is written)
        if !write_now && written.is_some_and(|w| (0..60).contains(&(now - w).num_seconds())) {
            return;
        }
        if health.no_space.is_some() {
            // nothing is written to a full disk; the record is written again
            // once there is room
            return;
        }
        let json = serde_json::to_string(&*health).unwrap_or_default();
        match self.store.set_fact(HEALTH_FACT, &json) {
            Ok(()) => *written = Some(now),
            Err(e) => warn!(error = %e, "the health record cannot be written"),
        }
    }

    /// The mailbox was read; `waiting` mails are left in it.
    pub(crate) fn contact(&self, waiting: usize) {
        let ended = self
            .health
            .lock()
            .is_ok_and(|h| h.mailbox_failing.is_some());
        self.update(ended, |h| {
            h.last_contact = Some(Utc::now());
            h.mails_waiting = Some(waiting);
            h.mailbox_failing = None;
        });
    }

    /// An operational failure (mailbox, transport, store).
    pub(crate) fn error(&self, message: String) {
        self.update(true, |h| {
            h.last_error = Some(LastError {
                at: Utc::now(),
                message,
            });
        });
    }

    /// The mailbox cannot be read (`message` says why): a failure, and
    /// one that lasts until the next contact.
    pub(crate) fn mailbox_failed(&self, message: String) {
        self.update(true, |h| {
            h.mailbox_failing = Some(episode(h.mailbox_failing.as_ref(), &message));
            h.last_error = Some(LastError {
                at: Utc::now(),
                message,
            });
        });
    }

    /// The outbox cannot be sent (`message` says why): a failure, and one
    /// that lasts until a pass goes through ([`Monitor::outbox_sent`]).
    /// Its first attempt is the failure (`last_error`); the others only
    /// keep the reason current.
    pub(crate) fn outbox_failed(&self, message: String) {
        let first = self.health.lock().is_ok_and(|h| h.outbox_failing.is_none());
        self.update(first, |h| {
            h.outbox_failing = Some(episode(h.outbox_failing.as_ref(), &message));
            if first {
                h.last_error = Some(LastError {
                    at: Utc::now(),
                    message,
                });
            }
        });
    }

    /// A pass of the relay went through: sending fails no more.
    pub(crate) fn outbox_sent(&self) {
        let ended = self.health.lock().is_ok_and(|h| h.outbox_failing.is_some());
        if ended {
            self.update(true, |h| h.outbox_failing = None);
        }
    }

    /// Whether the state folder's disk has room ([`Store::room`]): the
    /// first refusal of an episode is logged and kept in the health (for
    /// `status`), the return of room logged once; the referee and the
    /// relay both ask.
    ///
    /// # Errors
    /// [`StoreError::NoSpace`], as the store refuses.
    pub fn room(&self) -> Result<(), StoreError> {
        let room = self.store.room();
        let refused = room.as_ref().err().map(ToString::to_string);
        // the referee and the relay both ask: the change is made (and so
        // told) by one of them, under the lock
        let changed = {
            let Ok(mut health) = self.health.lock() else {
                return room;
            };
            match (&refused, health.no_space.is_some()) {
                (Some(why), false) => {
                    health.no_space = Some(LastError {
                        at: Utc::now(),
                        message: why.clone(),
                    });
                    true
                }
                (None, true) => {
                    health.no_space = None;
                    true
                }
                _ => false,
            }
        };
        if changed {
            match &refused {
                Some(why) => error!(
                    error = %why,
                    "no space: reading and sending wait until there is room again"
                ),
                None => info!("there is room again: reading and sending go on"),
            }
            // written when there is room (the record says the episode ended)
            self.update(true, |_| {});
        }
        room
    }

    /// The OAuth2 sign-in of `side` (`inbox`, `outbox`) needs a person:
    /// kept for `status` until it works again. Whether it is news (not
    /// already recorded), for the caller to log it once.
    pub(crate) fn sign_in_refused(&self, side: &str, message: String) -> bool {
        let news = self
            .health
            .lock()
            .is_ok_and(|h| !h.sign_in.contains_key(side));
        if news {
            self.update(true, |h| {
                h.sign_in.insert(
                    side.to_string(),
                    LastError {
                        at: Utc::now(),
                        message,
                    },
                );
            });
        }
        news
    }

    /// The sign-in of `side` worked: a refusal recorded is over. Whether
    /// there was one.
    pub(crate) fn signed_in(&self, side: &str) -> bool {
        let recorded = self
            .health
            .lock()
            .is_ok_and(|h| h.sign_in.contains_key(side));
        if recorded {
            self.update(true, |h| {
                h.sign_in.remove(side);
            });
        }
        recorded
    }

    /// The deadlines ran as of `day`; the next pass is at `next`, if known.
    pub(crate) fn deadlines(&self, day: Option<NaiveDate>, next: Option<DateTime<Utc>>) {
        let write_now = day.is_some();
        self.update(write_now, |h| {
            // a clock set back does not move the last pass back
            if day > h.last_deadline_pass {
                h.last_deadline_pass = day;
            }
            h.next_deadline_pass = next;
        });
    }
}

/// A failure that lasts: since the first of `going` (if any), said as now.
fn episode(going: Option<&LastError>, message: &str) -> LastError {
    LastError {
        at: going.map_or_else(Utc::now, |e| e.at),
        message: message.to_string(),
    }
}

/// What `status --json` prints (docs/operators.md, "Watching it").
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    /// `"up"` when a daemon answered on the control socket, else `"down"`.
    pub daemon: String,
    /// The daemon's process id, when up.
    pub pid: Option<u32>,
    /// The last time the mailbox was read without error (RFC 3339).
    pub last_contact: Option<DateTime<Utc>>,
    pub last_contact_age_seconds: Option<i64>,
    /// Mails left waiting in the mailbox after that contact.
    pub mails_waiting: Option<usize>,
    pub outbox: OutboxStatus,
    pub last_error: Option<LastError>,
    /// The day the deadlines were last run as of.
    pub last_deadline_pass: Option<NaiveDate>,
    /// When the running daemon runs the deadlines next (none when down).
    pub next_deadline_pass: Option<DateTime<Utc>>,
    /// While the state folder's disk is too full for the store to write:
    /// since when and the free space (nothing is read or sent meanwhile).
    #[serde(default)]
    pub no_space: Option<LastError>,
    /// While the running daemon fails to read the mailbox (unreachable,
    /// login refused, folder unreadable): since when and the last failure.
    #[serde(default)]
    pub mailbox_failing: Option<LastError>,
    /// While the running daemon fails to send the outbox (SMTP unreachable
    /// or login refused, outbox folder unwritable or full): since when and
    /// the last failure.
    #[serde(default)]
    pub outbox_failing: Option<LastError>,
    /// The OAuth2 sign-ins (`inbox`, `outbox`) the provider refused, or
    /// whose refresh token cannot be read: a person must sign in again
    /// (`mailarbiter oauth2 login inbox`); the mails wait meanwhile.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sign_in: BTreeMap<String, LastError>,
    /// Whether no work is stopped: true exactly when `problems` is empty.
    pub healthy: bool,
    /// The work the problems stop (`reading`, `deciding`, `sending`).
    #[serde(default)]
    pub stopped: Vec<Work>,
    /// Each problem in words; every one stops some work.
    pub problems: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutboxStatus {
    /// Mails waiting to be sent.
    pub length: usize,
    /// When the oldest of them was committed (RFC 3339).
    pub oldest: Option<DateTime<Utc>>,
    pub oldest_age_seconds: Option<i64>,
}

/// The last operational failure the daemon met.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastError {
    pub at: DateTime<Utc>,
    pub message: String,
}

/// When `status` calls the daemon unhealthy.
#[derive(Debug, Clone, Copy)]
pub struct Thresholds {
    /// The oldest outbox entry may be this old (seconds).
    pub max_outbox_age: i64,
    /// The last mailbox contact may be this old (seconds).
    pub max_silence: i64,
}

/// What the store and the daemon's health say, not yet judged.
///
/// # Errors
/// When the store cannot be read.
pub fn gather(store: &dyn Store, health: Option<Health>, up: bool) -> Result<Status, StoreError> {
    let health = match health {
        Some(health) => health,
        None => store
            .fact(HEALTH_FACT)?
            .and_then(|v| serde_json::from_str(&v).ok())
            .unwrap_or_default(),
    };
    let (length, oldest) = store.outbox_waiting()?;
    let oldest = oldest
        .and_then(|created| DateTime::parse_from_rfc3339(&created).ok())
        .map(|d| d.with_timezone(&Utc));
    Ok(Status {
        daemon: if up { "up" } else { "down" }.into(),
        pid: up.then(std::process::id),
        last_contact: health.last_contact,
        mails_waiting: health.mails_waiting,
        outbox: OutboxStatus {
            length,
            oldest,
            oldest_age_seconds: None,
        },
        last_error: health.last_error,
        last_deadline_pass: health.last_deadline_pass,
        next_deadline_pass: if up { health.next_deadline_pass } else { None },
        no_space: health.no_space.filter(|_| up),
        // a failure of a process no longer running is not going on
        mailbox_failing: health.mailbox_failing.filter(|_| up),
        outbox_failing: health.outbox_failing.filter(|_| up),
        sign_in: health.sign_in,
        ..Status::default()
    })
}

impl Status {
    /// A daemon that is down, with nothing known of the store.
    pub fn down() -> Status {
        Status {
            daemon: "down".into(),
            ..Status::default()
        }
    }

    /// Fills in the ages as of `now` and judges against `limits`, with
    /// the problems the caller `found` beside what the status holds (the
    /// daemon's answer, the store, the outbox folder): `problems`,
    /// `stopped` and `healthy` all come from the one list.
    pub fn judge(&mut self, limits: Thresholds, now: DateTime<Utc>, found: Vec<Problem>) {
        let age = |t: Option<DateTime<Utc>>| t.map(|t| (now - t).num_seconds().max(0));
        self.last_contact_age_seconds = age(self.last_contact);
        self.outbox.oldest_age_seconds = age(self.outbox.oldest);
        let up = self.daemon == "up";
        let mut problems = Vec::new();
        if !up {
            problems.push(Problem::Down);
        }
        problems.extend(found);
        match self.last_contact_age_seconds {
            None if up => problems.push(Problem::NeverReached),
            Some(age) if age > limits.max_silence => problems.push(Problem::Silent {
                age,
                limit: limits.max_silence,
            }),
            _ => {}
        }
        problems.extend(self.mailbox_failing.clone().map(Problem::Mailbox));
        problems.extend(self.no_space.clone().map(Problem::NoSpace));
        problems.extend(self.outbox_failing.clone().map(Problem::Outbox));
        problems.extend(self.sign_in.iter().map(|(which, refusal)| Problem::SignIn {
            which: which.clone(),
            refusal: refusal.clone(),
        }));
        if let Some(age) = self.outbox.oldest_age_seconds {
            if age > limits.max_outbox_age {
                problems.push(Problem::OutboxAge {
                    age,
                    limit: limits.max_outbox_age,
                });
            }
        }
        self.set_problems(&problems);
    }

    /// `problems`, `stopped` and `healthy` from `problems`.
    fn set_problems(&mut self, problems: &[Problem]) {
        let mut stopped: Vec<Work> = problems.iter().flat_map(Problem::stops).copied().collect();
        stopped.sort();
        stopped.dedup();
        self.healthy = stopped.is_empty();
        self.stopped = stopped;
        self.problems = problems.iter().map(ToString::to_string).collect();
    }

    /// The human view.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let when = |t: &DateTime<Utc>, age: Option<i64>| match age {
            Some(age) => format!("{} ({age} s ago)", t.to_rfc3339()),
            None => t.to_rfc3339(),
        };
        let _ = match self.pid {
            Some(pid) => writeln!(out, "daemon:               up (pid {pid})"),
            None => writeln!(out, "daemon:               {}", self.daemon),
        };
        let _ = writeln!(
            out,
            "last mailbox contact: {}",
            self.last_contact
                .as_ref()
                .map_or("never".into(), |t| when(t, self.last_contact_age_seconds))
        );
        let _ = writeln!(
            out,
            "mails waiting:        {}",
            self.mails_waiting
                .map_or("unknown".into(), |n| format!("{n} (at the last contact)"))
        );
        let _ = match &self.outbox.oldest {
            Some(oldest) => writeln!(
                out,
                "outbox:               {} mail(s), the oldest from {}",
                self.outbox.length,
                when(oldest, self.outbox.oldest_age_seconds)
            ),
            None => writeln!(out, "outbox:               empty"),
        };
        let _ = writeln!(
            out,
            "last error:           {}",
            self.last_error.as_ref().map_or("none".into(), |e| format!(
                "{}: {}",
                e.at.to_rfc3339(),
                e.message
            ))
        );
        let _ = writeln!(
            out,
            "deadlines:            last run as of {}, next run {}",
            self.last_deadline_pass
                .map_or("never".into(), |d| d.to_string()),
            self.next_deadline_pass
                .map_or("when the daemon runs".into(), |t| t.to_rfc3339())
        );
        if self.healthy {
            let _ = writeln!(out, "health:               OK");
        } else {
            let _ = writeln!(out, "health:               UNHEALTHY");
            for p in &self.problems {
                let _ = writeln!(out, "  - {p}");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SledStore;

    const LIMITS: Thresholds = Thresholds {
        max_outbox_age: 3600,
        max_silence: 900,
    };

    fn failure(message: &str) -> LastError {
        LastError {
            at: Utc::now(),
            message: message.into(),
        }
    }

    /// A running daemon that just read the mailbox: nothing wrong.
    fn well() -> Status {
        Status {
            daemon: "up".into(),
            last_contact: Some(Utc::now()),
            ..Status::default()
        }
    }

    /// Every kind of problem, once (the match keeps the list whole: a new
    /// kind does not compile until it is listed here).
    fn every_kind() -> Vec<Problem> {
        let all = vec![
            Problem::Down,
            Problem::Unanswered("the daemon's answer does not read".into()),
            Problem::NoStore("var/state".into()),
            Problem::Store("damaged record".into()),
            Problem::NeverReached,
            Problem::Silent {
                age: 901,
                limit: 900,
            },
            Problem::Mailbox(failure("mailbox unreachable: login refused")),
            Problem::NoSpace(failure(
                "no space: the file system of var/state has 3 MiB free",
            )),
            Problem::Outbox(failure("outbox: sending mail 7: var/mail/sent: no space")),
            Problem::OutboxFolder("var/mail/sent: no space: 12 KiB free".into()),
            Problem::OutboxAge {
                age: 3601,
                limit: 3600,
            },
            Problem::SignIn {
                which: "inbox".into(),
                refusal: failure(
                    "inbox: the OAuth2 sign-in was refused: run mailarbiter oauth2 login inbox",
                ),
            },
            Problem::SignIn {
                which: "outbox".into(),
                refusal: failure(
                    "outbox: the OAuth2 sign-in was refused: run mailarbiter oauth2 login outbox",
                ),
            },
        ];
        for problem in &all {
            match problem {
                Problem::Down
                | Problem::Unanswered(_)
                | Problem::NoStore(_)
                | Problem::Store(_)
                | Problem::NeverReached
                | Problem::Silent { .. }
                | Problem::Mailbox(_)
                | Problem::NoSpace(_)
                | Problem::Outbox(_)
                | Problem::OutboxFolder(_)
                | Problem::OutboxAge { .. }
                | Problem::SignIn { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_problem_stops_work_and_makes_status_unhealthy() {
        for problem in every_kind() {
            assert!(!problem.stops().is_empty(), "{problem:?} stops nothing");
            let mut status = well();
            status.judge(LIMITS, Utc::now(), vec![problem.clone()]);
            assert!(!status.healthy, "{problem:?}");
            assert_eq!(status.problems, vec![problem.to_string()]);
            assert_eq!(status.stopped, problem.stops(), "{problem:?}");
            assert!(status.text().contains("UNHEALTHY"), "{problem:?}");
        }
    }

    #[test]
    fn a_running_daemon_that_reads_and_sends_is_healthy_with_a_past_failure() {
        let mut status = well();
        status.last_error = Some(failure("outbox: sending mail 3: connection refused"));
        status.outbox.oldest = Some(Utc::now());
        status.judge(LIMITS, Utc::now(), Vec::new());
        assert!(status.healthy, "{status:?}");
        assert!(status.problems.is_empty() && status.stopped.is_empty());
        assert!(status.text().contains("health:               OK"));
    }

    #[test]
    fn what_the_daemon_reports_failing_now_is_judged_unhealthy() {
        type Change = Box<dyn Fn(&mut Status)>;
        let cases: Vec<(Change, &str, &[Work])> = vec![
            (
                Box::new(|s| {
                    s.outbox_failing = Some(failure(
                        "outbox: sending mail 12: var/mail/sent: no space: 40 KiB free",
                    ));
                }),
                "outbox: sending mail 12: var/mail/sent: no space: 40 KiB free (since ",
                &[Work::Sending],
            ),
            (
                Box::new(|s| {
                    s.outbox_failing = Some(failure(
                        "outbox: sending mail 1: SMTP 535 authentication failed",
                    ));
                }),
                "outbox: sending mail 1: SMTP 535 authentication failed (since ",
                &[Work::Sending],
            ),
            (
                Box::new(|s| {
                    s.mailbox_failing = Some(failure("mailbox unreachable: IMAP login refused"));
                }),
                "mailbox unreachable: IMAP login refused (since ",
                &[Work::Reading, Work::Deciding],
            ),
            (
                Box::new(|s| s.no_space = Some(failure("no space: 3 MiB free"))),
                "no space: 3 MiB free (since ",
                &[Work::Reading, Work::Deciding, Work::Sending],
            ),
            (
                Box::new(|s| s.last_contact = None),
                "the mailbox was never reached",
                &[Work::Reading, Work::Deciding],
            ),
            (
                Box::new(|s| s.last_contact = Some(Utc::now() - chrono::Duration::hours(1))),
                "the mailbox was last reached 3600 s ago (more than 900 s)",
                &[Work::Reading, Work::Deciding],
            ),
            (
                Box::new(|s| s.outbox.oldest = Some(Utc::now() - chrono::Duration::hours(2))),
                "the oldest outbox mail waits for 7200 s (more than 3600 s)",
                &[Work::Sending],
            ),
            (
                Box::new(|s| s.daemon = "down".into()),
                "the daemon is not running",
                &[Work::Reading, Work::Deciding, Work::Sending],
            ),
        ];
        for (change, told, stopped) in cases {
            let mut status = well();
            change(&mut status);
            status.judge(LIMITS, Utc::now(), Vec::new());
            assert!(!status.healthy, "{told}: {status:?}");
            assert_eq!(status.problems.len(), 1, "{status:?}");
            assert!(status.problems[0].starts_with(told), "{status:?}");
            assert_eq!(status.stopped, stopped, "{told}");
            let json = serde_json::to_value(&status).unwrap();
            assert_eq!(json["healthy"], false);
            assert_eq!(json["problems"][0], status.problems[0].as_str());
        }
    }

    #[test]
    fn a_failure_lasts_until_the_work_goes_on_and_not_past_the_process() {
        let dir = tempfile::tempdir().unwrap();
        let store: SharedStore = Arc::new(SledStore::open(dir.path()).unwrap());
        let monitor = Monitor::new(store.clone());
        monitor.outbox_failed("outbox: sending mail 1: no space".into());
        let since = monitor.health().outbox_failing.unwrap().at;
        monitor.outbox_failed("outbox: sending mail 1: read-only file system".into());
        let health = monitor.health();
        let going = health.outbox_failing.unwrap();
        assert_eq!(going.at, since, "since the first failure");
        assert_eq!(
            going.message,
            "outbox: sending mail 1: read-only file system"
        );
        assert_eq!(
            health.last_error.unwrap().message,
            "outbox: sending mail 1: no space",
            "the failure is its first attempt"
        );
        monitor.mailbox_failed("mailbox unreachable: connection refused".into());
        let up = gather(store.as_ref(), Some(monitor.health()), true).unwrap();
        assert!(up.outbox_failing.is_some() && up.mailbox_failing.is_some());
        // a daemon down does not fail now: its last error says what it met
        let down = gather(store.as_ref(), None, false).unwrap();
        assert_eq!(down.outbox_failing, None);
        assert_eq!(down.mailbox_failing, None);
        assert!(down.last_error.is_some());
        // a new process has not tried yet (the record holds what this one met)
        let stored: Health =
            serde_json::from_str(&store.fact(HEALTH_FACT).unwrap().unwrap()).unwrap();
        assert!(stored.outbox_failing.is_some() && stored.mailbox_failing.is_some());
        let again = Monitor::new(store.clone());
        assert_eq!(again.health().outbox_failing, None);
        assert_eq!(again.health().mailbox_failing, None);
        monitor.outbox_sent();
        monitor.contact(0);
        let health = monitor.health();
        assert_eq!(health.outbox_failing, None);
        assert_eq!(health.mailbox_failing, None);
        assert!(health.last_error.is_some(), "the past failure stays told");
    }
}
