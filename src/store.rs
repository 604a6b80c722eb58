//! The store (DESIGN.md §2): game events, the outbox, the processed set and
//! small facts, in sled. Everything one inbound mail changes is written in one
//! transaction and flushed before the mail is marked or anything is sent.
//!
//! The [`Store`] trait is all the daemon sees, so the engine could change.

use crate::referee::decide::OutMail;
use crate::referee::game::Event;
use crate::referee::leave::PlayerEvent;
use serde::{Deserialize, Serialize};
use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::Transactional;
use std::path::Path;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    /// sled failed (disk, corruption, lock held by another process).
    #[error("store: {0}")]
    Sled(#[from] sled::Error),
    /// A stored value does not decode.
    #[error("store: damaged record {key}: {source}")]
    Decode {
        key: String,
        source: serde_json::Error,
    },
}

/// An outbound mail waiting to be sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutboxEntry {
    /// Sequence number: the order of sending and the stable Message-ID.
    pub seq: u64,
    /// When it was committed (RFC 3339): the `Date:` of the mail.
    pub created: String,
    pub mail: OutMail,
}

/// What is remembered about a processed inbound mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Processed {
    pub message_id: Option<String>,
    /// A one-line account of the decision, for operators.
    pub outcome: String,
}

/// Everything one inbound mail (or one timer pass) changes.
#[derive(Debug, Clone, Default)]
pub struct Commit {
    /// The inbound mail's mailbox key, when a mail is behind the commit.
    pub processed: Option<(String, Processed)>,
    pub events: Vec<(String, Event)>,
    /// Events of players (leaves), by `tournament/player`.
    pub player_events: Vec<(String, PlayerEvent)>,
    pub mails: Vec<OutMail>,
    /// Small facts written with it (the times of answers per address).
    pub facts: Vec<(String, String)>,
    /// RFC 3339 time of the commit.
    pub created: String,
}

/// The storage the daemon needs.
pub trait Store {
    /// A game's events in order (empty for a game never touched).
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    fn events(&self, game: &str) -> Result<Vec<Event>, StoreError>;
    /// A player's events (`tournament/player`), in order.
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    fn player_events(&self, key: &str) -> Result<Vec<PlayerEvent>, StoreError>;
    /// Whether the inbound mail with this mailbox key was processed.
    ///
    /// # Errors
    /// On a storage failure.
    fn is_processed(&self, key: &str) -> Result<bool, StoreError>;
    /// Writes a commit atomically and durably.
    ///
    /// # Errors
    /// On a storage failure: then nothing of it was written.
    fn commit(&self, commit: &Commit) -> Result<(), StoreError>;
    /// The outbox in sending order.
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    fn outbox(&self) -> Result<Vec<OutboxEntry>, StoreError>;
    /// Removes an outbox entry once the server accepted the mail, durably.
    ///
    /// # Errors
    /// On a storage failure.
    fn sent(&self, seq: u64) -> Result<(), StoreError>;
    /// A random word fixed when the store was created, for Message-IDs.
    ///
    /// # Errors
    /// On a storage failure.
    fn instance(&self) -> Result<String, StoreError>;
    /// Whether a mail with this Message-ID was processed (under any key).
    ///
    /// # Errors
    /// On a storage failure.
    fn seen_message_id(&self, message_id: &str) -> Result<bool, StoreError>;
    /// A small fact (the IMAP cursor).
    ///
    /// # Errors
    /// On a storage failure.
    fn fact(&self, key: &str) -> Result<Option<String>, StoreError>;
    /// Records a small fact durably.
    ///
    /// # Errors
    /// On a storage failure.
    fn set_fact(&self, key: &str, value: &str) -> Result<(), StoreError>;
}

/// The sled store.
pub struct SledStore {
    db: sled::Db,
    games: sled::Tree,
    players: sled::Tree,
    processed: sled::Tree,
    outbox: sled::Tree,
    meta: sled::Tree,
}

const NEXT_SEQ: &[u8] = b"next_seq";
const INSTANCE: &[u8] = b"instance";

impl SledStore {
    /// Opens (or creates) the store in `path`.
    ///
    /// # Errors
    /// When sled cannot open it (for example another process holds it).
    pub fn open(path: &Path) -> Result<SledStore, StoreError> {
        let db = sled::open(path)?;
        let store = SledStore {
            games: db.open_tree("games")?,
            players: db.open_tree("players")?,
            processed: db.open_tree("processed")?,
            outbox: db.open_tree("outbox")?,
            meta: db.open_tree("meta")?,
            db,
        };
        if store.meta.get(INSTANCE)?.is_none() {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            let word = format!("{:x}{:x}", nanos, std::process::id());
            store.meta.insert(INSTANCE, word.as_bytes())?;
            store.db.flush()?;
        }
        Ok(store)
    }
}

fn decode<T: for<'de> Deserialize<'de>>(key: &[u8], bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|source| StoreError::Decode {
        key: String::from_utf8_lossy(key).into_owned(),
        source,
    })
}

fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).expect("plain data always serialises")
}

/// Appends events to the lists kept under their keys, in one transaction.
fn append_all<T: Serialize + for<'de> Deserialize<'de> + Clone>(
    tree: &sled::transaction::TransactionalTree,
    items: &[(String, T)],
) -> Result<(), ConflictableTransactionError<StoreError>> {
    let mut by_key: Vec<(&String, Vec<T>)> = Vec::new();
    for (key, item) in items {
        match by_key.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(item.clone()),
            None => by_key.push((key, vec![item.clone()])),
        }
    }
    for (key, new_items) in by_key {
        let mut list: Vec<T> = match tree.get(key.as_bytes())? {
            Some(bytes) => {
                decode(key.as_bytes(), &bytes).map_err(ConflictableTransactionError::Abort)?
            }
            None => Vec::new(),
        };
        list.extend(new_items);
        tree.insert(key.as_bytes(), encode(&list))?;
    }
    Ok(())
}

impl Store for SledStore {
    fn events(&self, game: &str) -> Result<Vec<Event>, StoreError> {
        match self.games.get(game)? {
            Some(bytes) => decode(game.as_bytes(), &bytes),
            None => Ok(Vec::new()),
        }
    }

    fn player_events(&self, key: &str) -> Result<Vec<PlayerEvent>, StoreError> {
        match self.players.get(key)? {
            Some(bytes) => decode(key.as_bytes(), &bytes),
            None => Ok(Vec::new()),
        }
    }

    fn is_processed(&self, key: &str) -> Result<bool, StoreError> {
        Ok(self.processed.contains_key(key)?)
    }

    fn commit(&self, commit: &Commit) -> Result<(), StoreError> {
        let result = (
            &self.games,
            &self.players,
            &self.processed,
            &self.outbox,
            &self.meta,
        )
            .transaction(|(games, players, processed, outbox, meta)| {
                append_all(games, &commit.events)?;
                append_all(players, &commit.player_events)?;
                let mut seq = match meta.get(NEXT_SEQ)? {
                    Some(bytes) => u64::from_be_bytes(bytes.as_ref().try_into().unwrap_or([0; 8])),
                    None => 1,
                };
                for mail in &commit.mails {
                    let entry = OutboxEntry {
                        seq,
                        created: commit.created.clone(),
                        mail: mail.clone(),
                    };
                    outbox.insert(&seq.to_be_bytes(), encode(&entry))?;
                    seq += 1;
                }
                meta.insert(NEXT_SEQ, &seq.to_be_bytes())?;
                for (key, value) in &commit.facts {
                    meta.insert(format!("fact:{key}").as_bytes(), value.as_bytes())?;
                }
                if let Some((key, record)) = &commit.processed {
                    processed.insert(key.as_bytes(), encode(record))?;
                    if let Some(id) = &record.message_id {
                        processed.insert(format!("msgid:{id}").as_bytes(), key.as_bytes())?;
                    }
                }
                Ok(())
            });
        match result {
            Ok(()) => {}
            Err(TransactionError::Abort(e)) => return Err(e),
            Err(TransactionError::Storage(e)) => return Err(e.into()),
        }
        self.db.flush()?;
        Ok(())
    }

    fn outbox(&self) -> Result<Vec<OutboxEntry>, StoreError> {
        self.outbox
            .iter()
            .map(|item| {
                let (key, value) = item?;
                decode(&key, &value)
            })
            .collect()
    }

    fn sent(&self, seq: u64) -> Result<(), StoreError> {
        self.outbox.remove(seq.to_be_bytes())?;
        self.db.flush()?;
        Ok(())
    }

    fn seen_message_id(&self, message_id: &str) -> Result<bool, StoreError> {
        Ok(self.processed.contains_key(format!("msgid:{message_id}"))?)
    }

    fn fact(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .meta
            .get(format!("fact:{key}"))?
            .map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    fn set_fact(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.meta.insert(format!("fact:{key}"), value.as_bytes())?;
        self.db.flush()?;
        Ok(())
    }

    fn instance(&self) -> Result<String, StoreError> {
        Ok(self
            .meta
            .get(INSTANCE)?
            .map(|v| String::from_utf8_lossy(&v).into_owned())
            .unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::decide::MailKind;

    fn mail(subject: &str) -> OutMail {
        OutMail {
            to: vec![],
            cc: vec![],
            subject: subject.into(),
            body: String::new(),
            in_reply_to: None,
            references: vec![],
            kind: MailKind::AutoReplied,
            game: None,
        }
    }

    #[test]
    fn a_commit_holds_events_outbox_and_marker_and_survives_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let day = chrono::NaiveDate::from_ymd_opt(2026, 5, 10).unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            store
                .commit(&Commit {
                    processed: Some((
                        "mail-1".into(),
                        Processed {
                            message_id: Some("a@b".into()),
                            outcome: "accepted".into(),
                        },
                    )),
                    events: vec![("T/1".into(), Event::Opened { on: day })],
                    player_events: vec![("T/ivanov".into(), PlayerEvent::LeaveEnded { on: day })],
                    mails: vec![mail("a"), mail("b")],
                    facts: vec![("replies:x@y".into(), "1,2".into())],
                    created: "2026-05-10T00:00:00Z".into(),
                })
                .unwrap();
            store.sent(1).unwrap();
        }
        let store = SledStore::open(dir.path()).unwrap();
        assert!(store.is_processed("mail-1").unwrap());
        assert!(!store.is_processed("mail-2").unwrap());
        assert!(store.seen_message_id("a@b").unwrap());
        assert_eq!(store.fact("replies:x@y").unwrap().as_deref(), Some("1,2"));
        assert!(!store.seen_message_id("c@d").unwrap());
        store.set_fact("cursor", "7:42").unwrap();
        assert_eq!(store.fact("cursor").unwrap().as_deref(), Some("7:42"));
        assert_eq!(
            store.events("T/1").unwrap(),
            vec![Event::Opened { on: day }]
        );
        let outbox = store.outbox().unwrap();
        assert_eq!(outbox.len(), 1);
        assert_eq!((outbox[0].seq, outbox[0].mail.subject.as_str()), (2, "b"));
        // sequence numbers are never reused
        store
            .commit(&Commit {
                mails: vec![mail("c")],
                ..Commit::default()
            })
            .unwrap();
        assert_eq!(store.outbox().unwrap().last().unwrap().seq, 3);
    }
}
