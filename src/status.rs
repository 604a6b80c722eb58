//! `status`: whether the daemon runs and is well, for an operator and for a
//! monitoring check. The running daemon answers through the control socket
//! with what it knows; when none answers, what the last run recorded in the
//! store is read (the store is not written). The judgement (the exit code)
//! is made by the caller against its thresholds.

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
            .and_then(|v| serde_json::from_str(&v).ok())
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
        self.update(false, |h| {
            h.last_contact = Some(Utc::now());
            h.mails_waiting = Some(waiting);
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
    /// The OAuth2 sign-ins (`inbox`, `outbox`) the provider refused, or
    /// whose refresh token cannot be read: a person must sign in again
    /// (`mailarbiter oauth2 login inbox`); the mails wait meanwhile.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sign_in: BTreeMap<String, LastError>,
    /// Whether nothing below is wrong; `problems` says what is.
    pub healthy: bool,
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

    /// Fills in the ages as of `now` and judges against `limits`.
    pub fn judge(&mut self, limits: Thresholds, now: DateTime<Utc>) {
        let age = |t: Option<DateTime<Utc>>| t.map(|t| (now - t).num_seconds().max(0));
        self.last_contact_age_seconds = age(self.last_contact);
        self.outbox.oldest_age_seconds = age(self.outbox.oldest);
        let mut problems = Vec::new();
        if self.daemon != "up" {
            problems.push("the daemon is not running".to_string());
        }
        match self.last_contact_age_seconds {
            None if self.daemon == "up" => {
                problems.push("the mailbox was never reached".to_string());
            }
            Some(age) if age > limits.max_silence => problems.push(format!(
                "the mailbox was last reached {age} s ago (more than {} s)",
                limits.max_silence
            )),
            _ => {}
        }
        if let Some(no_space) = &self.no_space {
            problems.push(format!(
                "{} (since {})",
                no_space.message,
                no_space.at.to_rfc3339()
            ));
        }
        for refusal in self.sign_in.values() {
            problems.push(format!(
                "{} (since {})",
                refusal.message,
                refusal.at.to_rfc3339()
            ));
        }
        if let Some(age) = self.outbox.oldest_age_seconds {
            if age > limits.max_outbox_age {
                problems.push(format!(
                    "the oldest outbox mail waits for {age} s (more than {} s)",
                    limits.max_outbox_age
                ));
            }
        }
        self.healthy = problems.is_empty();
        self.problems = problems;
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
