//! The store (DESIGN.md §2): game events, the outbox, the processed set and
//! small facts, in sled. Everything one inbound mail changes is written in one
//! transaction and flushed before the mail is marked or anything is sent.
//!
//! The [`Store`] trait is all the daemon sees, so the engine could change.

use crate::referee::decide::OutMail;
use crate::referee::game::Event;
use crate::referee::leave::PlayerEvent;
use crate::referee::state::Record;
use serde::{Deserialize, Serialize};
use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::Transactional;
use std::path::Path;
use thiserror::Error;

mod archive;
mod disk;
mod journal;
mod sent;
pub use archive::ArchivedMail;
use archive::*;
use disk::*;
pub use disk::{free_bytes, is_store, remove_unfinished_snapshots, room, RESERVE_BYTES};
use journal::*;
use sent::sent_to_key;

#[derive(Debug, Error)]
pub enum StoreError {
    /// sled failed (disk, corruption, lock held by another process).
    #[error("store: {0}")]
    Sled(#[from] sled::Error),
    /// Another process holds the store: sled locks it, and the running
    /// daemon is the usual holder.
    #[error(
        "another mailarbiter{} holds the store {path}: only one process may open it \
         (a view asks the running daemon through its control socket)",
        pid.map_or_else(String::new, |pid| format!(" (pid {pid})"))
    )]
    Locked { path: String, pid: Option<u32> },
    /// A backup or restore target that is not empty.
    #[error("{path}: {reason}")]
    Folder { path: String, reason: String },
    /// A stored value does not decode.
    #[error("store: damaged record {key}: {source}")]
    Decode {
        key: String,
        source: serde_json::Error,
    },
    /// A game's packed record does not decode.
    #[error("store: damaged record of game {game}")]
    Packed { game: String },
    /// The state folder's file system has less than [`RESERVE_BYTES`]
    /// free: nothing was written (sled was not even asked).
    #[error(
        "no space: the file system of {path} has {} MiB free; the store is opened and \
         written only with at least {} MiB free (nothing was written)",
        free >> 20,
        RESERVE_BYTES >> 20
    )]
    NoSpace { path: String, free: u64 },
}

impl StoreError {
    /// Whether the disk is full: the store refused to write
    /// ([`StoreError::NoSpace`], the store is whole and usable), or sled
    /// met `ENOSPC` itself (then sled refuses every later write in this
    /// process: the store must be opened again).
    pub fn is_no_space(&self) -> bool {
        match self {
            StoreError::NoSpace { .. } => true,
            StoreError::Sled(sled::Error::Io(e)) => {
                e.kind() == std::io::ErrorKind::StorageFull
                    || e.raw_os_error() == Some(rustix::io::Errno::NOSPC.raw_os_error())
            }
            _ => false,
        }
    }
}

/// The first byte of a game's record in the packed form
/// ([`crate::referee::state::Record`]); a record that starts otherwise is
/// the JSON list of events stores written before it kept.
const PACKED: u8 = 0xB1;

/// A game's events from their stored bytes, packed or JSON.
fn game_events(game: &[u8], bytes: &[u8]) -> Result<Vec<Event>, StoreError> {
    match bytes.split_first() {
        Some((&PACKED, packed)) => Record::decode(packed).ok_or_else(|| StoreError::Packed {
            game: String::from_utf8_lossy(game).into_owned(),
        }),
        _ => decode(game, bytes),
    }
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

/// What is remembered of a mail once sent, so that a bounce of it can be
/// matched and reported: the newest [`SENT_RECORDS`] are kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SentRecord {
    /// The Message-ID as sent, in angle brackets.
    pub message_id: String,
    pub seq: u64,
    pub game: Option<String>,
    /// Every address it went to (To and Cc), lower case.
    pub recipients: Vec<String>,
    pub subject: String,
    /// The first lines of its text, to say what a recipient did not receive.
    pub summary: String,
    /// When it was sent (RFC 3339).
    pub sent: String,
    /// Its whole plain text: what a reply to it may quote, with or without
    /// marks (the reader aligns a reply with it).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
}

/// How many sent mails are remembered for matching bounces and quotes.
pub const SENT_RECORDS: usize = 2000;

/// How many of the last mails to one address are remembered by address:
/// a reply that names none of our mails is compared with those.
pub const LAST_SENT_TO: usize = 8;

/// Everything one inbound mail (or one timer pass) changes.
#[derive(Debug, Clone, Default)]
pub struct Commit {
    /// The inbound mails behind the commit, by mailbox key (none for a
    /// timer pass; up to a batch of them for the inbox).
    pub processed: Vec<(String, Processed)>,
    pub events: Vec<(String, Event)>,
    /// Events of players (leaves), by `tournament/player`.
    pub player_events: Vec<(String, PlayerEvent)>,
    pub mails: Vec<OutMail>,
    /// Small facts written with it (the times of answers per address, the
    /// director's copies held for the digest); an empty value removes one.
    pub facts: Vec<(String, String)>,
    /// RFC 3339 time of the commit.
    pub created: String,
    /// The inbound mails refereed for a game, kept raw (III.1.4).
    pub archive: Vec<(String, ArchivedMail)>,
}

/// The store as the referee, the outbox relay and the control socket share it.
pub type SharedStore = std::sync::Arc<dyn Store + Send + Sync>;

/// The storage the daemon needs.
pub trait Store {
    /// A game's events in order (empty for a game never touched).
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    fn events(&self, game: &str) -> Result<Vec<Event>, StoreError>;
    /// A game's events packed as the referee's state keeps them, checked
    /// but not decoded.
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    fn record(&self, game: &str) -> Result<Record, StoreError> {
        Ok(Record::of_events(&self.events(game)?))
    }
    /// The records of the games `ids` (sorted, each once), in their order:
    /// what [`Store::record`] gives each, read in one pass over the store.
    ///
    /// # Errors
    /// On a storage failure or a damaged record of one of them.
    fn records(&self, ids: &[&str]) -> Result<Vec<Record>, StoreError> {
        ids.iter().map(|id| self.record(id)).collect()
    }
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
    /// How many mails the outbox holds, and when the oldest was committed
    /// (RFC 3339), read without decoding the mails (`status`).
    ///
    /// # Errors
    /// On a storage failure or a damaged entry.
    fn outbox_waiting(&self) -> Result<(usize, Option<String>), StoreError>;
    /// Removes an outbox entry once the server accepted the mail, durably.
    ///
    /// # Errors
    /// On a storage failure.
    fn sent(&self, seq: u64) -> Result<(), StoreError>;
    /// Removes outbox entries delivered together (a batch of the file
    /// outbox), durably, in one write.
    ///
    /// # Errors
    /// On a storage failure.
    fn sent_all(&self, seqs: &[u64]) -> Result<(), StoreError> {
        seqs.iter().try_for_each(|&seq| self.sent(seq))
    }
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
    /// Every fact whose key starts with `prefix`, as (key, value), in key order.
    ///
    /// # Errors
    /// On a storage failure.
    fn facts(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError>;
    /// The ids of the games that have events, in order.
    ///
    /// # Errors
    /// On a storage failure.
    fn stored_games(&self) -> Result<Vec<String>, StoreError>;
    /// Whether a game of `tournament` (its ids `<tournament>/<n>`) has
    /// events: one look, however many games it has.
    ///
    /// # Errors
    /// On a storage failure.
    fn has_game_events(&self, tournament: &str) -> Result<bool, StoreError>;
    /// Remembers a mail just sent (forgetting the oldest beyond [`SENT_RECORDS`]).
    ///
    /// # Errors
    /// On a storage failure.
    fn remember_sent(&self, record: &SentRecord) -> Result<(), StoreError>;
    /// The remembered sent mail with this Message-ID (with or without angle brackets).
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    fn sent_record(&self, message_id: &str) -> Result<Option<SentRecord>, StoreError>;
    /// The last [`LAST_SENT_TO`] remembered mails sent to `address` (To or
    /// Cc), whatever their game, the newest first.
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    fn sent_to(&self, address: &str) -> Result<Vec<SentRecord>, StoreError>;
    /// Puts the mails of a game's last sent decision in the outbox again,
    /// under their own sequence numbers (so with their own Message-IDs: a
    /// mail client shows a mail it already has once); the sequence numbers
    /// put back, empty when no mail of the game was recorded as sent.
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    fn resend(&self, game: &str) -> Result<Vec<u64>, StoreError>;
    /// Writes a consistent copy of the whole store into the folder `to`,
    /// which must not exist or be empty; how many records were copied.
    ///
    /// # Errors
    /// When `to` is not empty or cannot be written, on a storage failure.
    fn backup(&self, to: &Path) -> Result<usize, StoreError>;
    /// Keeps a mail the arbiter sent for `game` (made durable with the next
    /// sync of the store).
    ///
    /// # Errors
    /// On a storage failure.
    fn archive(&self, game: &str, mail: &ArchivedMail) -> Result<(), StoreError>;
    /// Keeps a mail the arbiter sent for `game`, as [`Store::archive`] with
    /// [`ArchivedMail::Sent`], without a copy of the entry.
    ///
    /// # Errors
    /// On a storage failure.
    fn archive_sent(
        &self,
        game: &str,
        at: chrono::DateTime<chrono::Utc>,
        entry: &OutboxEntry,
    ) -> Result<(), StoreError>;
    /// The kept mails of `game`, in the order they came and went.
    ///
    /// # Errors
    /// On a storage failure or a damaged record.
    fn archived(&self, game: &str) -> Result<Vec<ArchivedMail>, StoreError>;
    /// Whether there is room to write: the daemon asks before it reads a
    /// batch of mails or sends the outbox, so that it never starts what it
    /// could not record.
    ///
    /// # Errors
    /// [`StoreError::NoSpace`].
    fn room(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

/// The sled store.
pub struct SledStore {
    /// The state folder ([`SledStore::room`]).
    folder: std::path::PathBuf,
    db: sled::Db,
    games: sled::Tree,
    players: sled::Tree,
    processed: sled::Tree,
    outbox: sled::Tree,
    meta: sled::Tree,
    /// Sent mails by Message-ID ([`SentRecord`]), and their order under
    /// `order:` + seq, for forgetting the oldest.
    sent: sled::Tree,
    /// Game id → the entries of its last decision that were sent (`resend`).
    last_mails: sled::Tree,
    /// Game id, 0, order → a mail of its correspondence ([`ArchivedMail`]).
    archive: sled::Tree,
    /// sled's log file, opened a second time for `fdatasync` (see [`SledStore::durable`]).
    log: std::fs::File,
    /// The sequence numbers sent since the store was last made durable.
    journal: std::sync::Mutex<SentJournal>,
    /// Whether every record is read in a walk along the games tree (a
    /// store opened with the daemon's cache): faster than a lookup each,
    /// but the walk holds the nodes it passes, ~14 MiB more at 100k games,
    /// which a view's small cache is meant to spare.
    walk: bool,
}

fn io_error(e: std::io::Error) -> StoreError {
    StoreError::Sled(sled::Error::Io(e))
}

const NEXT_SEQ: &[u8] = b"next_seq";
/// The most bytes of the store sled keeps in memory, for a view (`games`,
/// `show`, `check`...): they read each game once.
const CACHE_BYTES: u64 = 4 << 20;
/// The same for the daemon: a burst of mails writes the outbox, the
/// games' correspondence and the sent records over and over, and sled reads
/// back from its file whatever pages its cache could not keep (with 4 MiB,
/// four page reads a mail in a burst of 2,000, and a fifth more CPU).
pub const DAEMON_CACHE_BYTES: u64 = 16 << 20;
const INSTANCE: &[u8] = b"instance";

/// Where a small fact is kept in the meta tree.
fn fact_key(key: &str) -> String {
    format!("fact:{key}")
}

/// A reader's thread of a game: the outbox numbers of his first and last
/// mail about it, `first last`.
fn thread_key(game: &str, address: &str) -> String {
    fact_key(&format!("thread:{game}\n{}", address.to_ascii_lowercase()))
}

/// The thread a game's mail `seq` follows: the first and the last earlier
/// mail to its first To reader about the game (none for his first); and
/// it becomes the last of every reader's thread. One key per reader: the
/// cost does not grow with the game or the store.
fn follow_thread(
    meta: &sled::transaction::TransactionalTree,
    game: &str,
    mail: &OutMail,
    seq: u64,
) -> Result<Vec<u64>, sled::transaction::ConflictableTransactionError<StoreError>> {
    let read = |address: &str| -> Result<Option<(u64, u64)>, sled::transaction::UnabortableTransactionError> {
        let Some(value) = meta.get(thread_key(game, address).as_bytes())? else {
            return Ok(None);
        };
        let text = String::from_utf8_lossy(&value);
        let mut parts = text.split(' ').map(str::parse::<u64>);
        Ok(match (parts.next(), parts.next()) {
            (Some(Ok(first)), Some(Ok(last))) => Some((first, last)),
            _ => None,
        })
    };
    let thread = match mail.to.first() {
        Some(owner) => match read(&owner.email)? {
            Some((first, last)) if first == last => vec![first],
            Some((first, last)) => vec![first, last],
            None => vec![],
        },
        None => vec![],
    };
    for r in mail.to.iter().chain(&mail.cc) {
        let first = read(&r.email)?.map_or(seq, |(first, _)| first);
        meta.insert(
            thread_key(game, &r.email).as_bytes(),
            format!("{first} {seq}").as_bytes(),
        )?;
    }
    Ok(thread)
}

impl SledStore {
    /// The records of the sorted `ids`, in their order, read in one walk
    /// along the games tree from the first of them: stored games they do
    /// not name (none, once the config and the store agree) are passed by.
    fn walk_records(&self, ids: &[&str]) -> Result<Vec<Record>, StoreError> {
        let Some(first) = ids.first() else {
            return Ok(Vec::new());
        };
        let mut stored = self.games.range(first.as_bytes()..);
        let mut next = stored.next().transpose()?;
        let mut records = Vec::with_capacity(ids.len());
        for id in ids {
            while next
                .as_ref()
                .is_some_and(|(key, _)| key.as_ref() < id.as_bytes())
            {
                next = stored.next().transpose()?;
            }
            records.push(match &next {
                Some((key, bytes)) if key.as_ref() == id.as_bytes() => stored_record(id, bytes)?,
                _ => Record::default(),
            });
        }
        Ok(records)
    }

    /// Makes what was written durable: sled's `flush` writes its buffers
    /// with `sync_file_range` (the data reaches the device, but neither
    /// the file's size nor the device's cache is made durable: sled leaves
    /// that to a background `fsync` every 500 ms), so the log file is then
    /// `fdatasync`ed here: after this returns, a power cut loses nothing of it.
    ///
    /// # Errors
    /// When the write or the sync fails.
    ///
    /// The journal of sent mails is emptied after: sled holds them now.
    fn durable(&self) -> Result<(), StoreError> {
        let mut journal = self.journal();
        self.db.flush()?;
        self.log.sync_data().map_err(io_error)?;
        journal.clear().map_err(io_error)
    }

    fn journal(&self) -> std::sync::MutexGuard<'_, SentJournal> {
        // a panic while it was held left at most a record torn: the
        // journal reads such a record as none
        self.journal.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Opens (or creates) the store in `path`. The folder is made mode 0700
    /// (an existing one open to group or others is tightened, with a
    /// warning), and the files sled keeps directly in it 0600: the store
    /// holds players' addresses, and the control socket lives there too.
    ///
    /// # Errors
    /// When the folder cannot be made or sled cannot open it (for example
    /// another process holds it).
    pub fn open(path: &Path) -> Result<SledStore, StoreError> {
        SledStore::open_with_cache(path, CACHE_BYTES)
    }

    /// [`SledStore::open`] keeping up to `cache_bytes` of pages in memory
    /// ([`DAEMON_CACHE_BYTES`] for the daemon).
    ///
    /// # Errors
    /// As [`SledStore::open`].
    pub fn open_with_cache(path: &Path, cache_bytes: u64) -> Result<SledStore, StoreError> {
        use std::os::unix::fs::{DirBuilderExt as _, PermissionsExt as _};
        let folder_error = |e: std::io::Error| {
            sled::Error::Io(std::io::Error::new(
                e.kind(),
                format!("state folder {}: {e}", path.display()),
            ))
        };
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(path)
            .map_err(folder_error)?;
        let mode = std::fs::metadata(path)
            .map_err(folder_error)?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            // only an existing folder: the umask can take bits from 0700, never add
            match std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o700)) {
                Ok(()) => tracing::warn!(
                    folder = %path.display(),
                    was = format_args!("{:03o}", mode & 0o777),
                    "the state folder was open to group or others: tightened to 0700"
                ),
                Err(e) => tracing::warn!(
                    folder = %path.display(),
                    mode = format_args!("{:03o}", mode & 0o777),
                    error = %e,
                    "the state folder is open to group or others and cannot be tightened"
                ),
            }
        }
        // sled writes as it opens (the snapshot, the log's torn end): never
        // on a full disk, and never over what a full disk left
        room(path)?;
        for name in remove_unfinished_snapshots(path).map_err(folder_error)? {
            tracing::warn!(
                folder = %path.display(),
                file = %name,
                "removed a snapshot sled never finished (a full disk or a crash while it \
                 was written): the previous snapshot and the log are read"
            );
        }
        // sled keeps up to `cache_capacity` bytes of pages in memory (1 GB
        // by default): every game's record, read once at the start, would
        // stay there
        let db = sled::Config::new()
            .path(path)
            .cache_capacity(cache_bytes)
            .open()
            .map_err(|e| match e {
                // sled says so only in words (fs2's try_lock failing)
                sled::Error::Io(io) if io.to_string().contains("could not acquire lock") => {
                    StoreError::Locked {
                        path: path.display().to_string(),
                        pid: lock_holder(&path.join("db")),
                    }
                }
                e => StoreError::Sled(e),
            })?;
        let log = std::fs::File::open(path.join("db")).map_err(folder_error)?;
        let (journal, sent) = SentJournal::open(path).map_err(folder_error)?;
        let store = SledStore {
            walk: cache_bytes >= DAEMON_CACHE_BYTES,
            folder: path.to_path_buf(),
            log,
            journal: std::sync::Mutex::new(journal),
            last_mails: db.open_tree("last_mails")?,
            archive: db.open_tree("archive")?,
            games: db.open_tree("games")?,
            players: db.open_tree("players")?,
            processed: db.open_tree("processed")?,
            outbox: db.open_tree("outbox")?,
            meta: db.open_tree("meta")?,
            sent: db.open_tree("sent")?,
            db,
        };
        if store.meta.get(INSTANCE)?.is_none() {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            let word = format!("{:x}{:x}", nanos, std::process::id());
            store.meta.insert(INSTANCE, word.as_bytes())?;
            store.durable()?;
        }
        if !sent.is_empty() {
            // sent before a crash, their removal not yet in sled
            for seq in sent {
                store.remove_sent(seq)?;
            }
            store.durable()?;
        }
        make_private(path).map_err(folder_error)?;
        Ok(store)
    }
}

/// A Message-ID in angle brackets.
fn angled(id: &str) -> String {
    if id.starts_with('<') {
        id.to_string()
    } else {
        format!("<{id}>")
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
/// Appends events to the games' packed records, in one transaction: the
/// bytes of the new events follow the stored ones (a record stored as JSON
/// by an older version is packed first); nothing already stored is decoded.
fn append_events(
    tree: &sled::transaction::TransactionalTree,
    events: &[(String, Event)],
) -> Result<(), ConflictableTransactionError<StoreError>> {
    let mut by_game: Vec<(&String, Vec<u8>)> = Vec::new();
    for (game, event) in events {
        let at = match by_game.iter().position(|(g, _)| *g == game) {
            Some(at) => at,
            None => {
                let bytes = match tree.get(game.as_bytes())? {
                    Some(stored) if stored.first() == Some(&PACKED) => stored.to_vec(),
                    Some(stored) => {
                        let old = game_events(game.as_bytes(), &stored)
                            .map_err(ConflictableTransactionError::Abort)?;
                        let mut bytes = vec![PACKED];
                        bytes.extend_from_slice(Record::of_events(&old).bytes());
                        bytes
                    }
                    None => vec![PACKED],
                };
                by_game.push((game, bytes));
                by_game.len() - 1
            }
        };
        let mut one = Record::default();
        one.append(event);
        by_game[at].1.extend_from_slice(one.bytes());
    }
    for (game, bytes) in by_game {
        tree.insert(game.as_bytes(), bytes)?;
    }
    Ok(())
}

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

/// A game's stored bytes as its record: packed (checked), or the JSON list
/// of events an older store wrote.
fn stored_record(game: &str, bytes: &[u8]) -> Result<Record, StoreError> {
    match bytes.split_first() {
        Some((&PACKED, packed)) => Record::from_packed(packed).ok_or_else(|| StoreError::Packed {
            game: game.to_string(),
        }),
        _ => Ok(Record::of_events(&decode::<Vec<Event>>(
            game.as_bytes(),
            bytes,
        )?)),
    }
}

impl Store for SledStore {
    /// [`room`] in the state folder: checked before every write but the
    /// removal of sent mails from the outbox (a mail that went must be
    /// recorded; the journal it goes to has its blocks).
    fn room(&self) -> Result<(), StoreError> {
        room(&self.folder)
    }

    fn events(&self, game: &str) -> Result<Vec<Event>, StoreError> {
        match self.games.get(game)? {
            Some(bytes) => game_events(game.as_bytes(), &bytes),
            None => Ok(Vec::new()),
        }
    }

    fn record(&self, game: &str) -> Result<Record, StoreError> {
        match self.games.get(game)? {
            Some(bytes) => stored_record(game, &bytes),
            None => Ok(Record::default()),
        }
    }

    /// Walks along the games tree (its keys are in the ids' order) beside
    /// the sorted ids, in a store opened with the daemon's cache: cheaper
    /// than a lookup from the root for each. A long list is cut in two
    /// halves walked at once, on two threads; a short one (a tournament or
    /// a few, which a walk could pass the whole store between) is looked up.
    fn records(&self, ids: &[&str]) -> Result<Vec<Record>, StoreError> {
        const ALONE: usize = 10_000;
        const FEW: usize = 1_000;
        if !self.walk || ids.len() < FEW {
            return ids.iter().map(|id| self.record(id)).collect();
        }
        if ids.len() < ALONE {
            return self.walk_records(ids);
        }
        let (first, second) = ids.split_at(ids.len() / 2);
        let (first, second) = std::thread::scope(|scope| {
            let first = scope.spawn(|| self.walk_records(first));
            let second = self.walk_records(second);
            let first = first
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (first, second)
        });
        let mut records = first?;
        records.extend(second?);
        Ok(records)
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
        self.room()?;
        let archived = commit
            .archive
            .iter()
            .map(|(game, mail)| Ok((archive_key(&self.db, game)?, mail.encode())))
            .collect::<Result<Vec<_>, StoreError>>()?;
        let result = (
            &self.games,
            &self.players,
            &self.processed,
            &self.outbox,
            &self.meta,
            &self.archive,
        )
            .transaction(|(games, players, processed, outbox, meta, archive)| {
                for (key, bytes) in &archived {
                    archive.insert(key.as_slice(), bytes.as_slice())?;
                }
                append_events(games, &commit.events)?;
                append_all(players, &commit.player_events)?;
                let mut seq = match meta.get(NEXT_SEQ)? {
                    Some(bytes) => u64::from_be_bytes(bytes.as_ref().try_into().unwrap_or([0; 8])),
                    None => 1,
                };
                for mail in &commit.mails {
                    let mut mail = mail.clone();
                    if let Some(game) = mail.game.clone() {
                        mail.thread = follow_thread(meta, &game, &mail, seq)?;
                    }
                    let entry = OutboxEntry {
                        seq,
                        created: commit.created.clone(),
                        mail,
                    };
                    outbox.insert(&seq.to_be_bytes(), encode(&entry))?;
                    seq += 1;
                }
                meta.insert(NEXT_SEQ, &seq.to_be_bytes())?;
                for (key, value) in &commit.facts {
                    // an empty value removes the fact
                    if value.is_empty() {
                        meta.remove(fact_key(key).as_bytes())?;
                    } else {
                        meta.insert(fact_key(key).as_bytes(), value.as_bytes())?;
                    }
                }
                for (key, record) in &commit.processed {
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
        self.durable()?;
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

    fn outbox_waiting(&self) -> Result<(usize, Option<String>), StoreError> {
        /// An entry's commit time; the mail is skipped over, not decoded.
        #[derive(Deserialize)]
        struct Created<'a> {
            #[serde(borrow)]
            created: std::borrow::Cow<'a, str>,
        }
        let mut count = 0;
        let mut oldest: Option<(chrono::DateTime<chrono::Utc>, String)> = None;
        for item in self.outbox.iter() {
            let (key, value) = item?;
            let entry: Created =
                serde_json::from_slice(&value).map_err(|source| StoreError::Decode {
                    key: String::from_utf8_lossy(&key).into_owned(),
                    source,
                })?;
            count += 1;
            let Ok(at) = chrono::DateTime::parse_from_rfc3339(&entry.created) else {
                continue;
            };
            let at = at.with_timezone(&chrono::Utc);
            if oldest.as_ref().is_none_or(|(first, _)| at < *first) {
                oldest = Some((at, entry.created.into_owned()));
            }
        }
        Ok((count, oldest.map(|(_, created)| created)))
    }

    fn sent(&self, seq: u64) -> Result<(), StoreError> {
        let mut journal = self.journal();
        self.remove_sent(seq)?;
        if journal.append(seq).map_err(io_error)? {
            drop(journal);
            self.durable()?;
        }
        Ok(())
    }

    fn sent_all(&self, seqs: &[u64]) -> Result<(), StoreError> {
        let mut journal = self.journal();
        for &seq in seqs {
            self.remove_sent(seq)?;
        }
        match journal.append_all(seqs).map_err(io_error)? {
            Some(false) => Ok(()),
            // full, or the batch did not fit: sled holds the removals durably
            Some(true) | None => {
                drop(journal);
                self.durable()
            }
        }
    }

    fn seen_message_id(&self, message_id: &str) -> Result<bool, StoreError> {
        Ok(self.processed.contains_key(format!("msgid:{message_id}"))?)
    }

    fn fact(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .meta
            .get(fact_key(key))?
            .map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    fn set_fact(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.room()?;
        self.meta.insert(fact_key(key), value.as_bytes())?;
        self.durable()?;
        Ok(())
    }

    fn facts(&self, prefix: &str) -> Result<Vec<(String, String)>, StoreError> {
        let strip = fact_key("").len();
        self.meta
            .scan_prefix(fact_key(prefix))
            .map(|item| {
                let (key, value) = item?;
                Ok((
                    String::from_utf8_lossy(&key[strip..]).into_owned(),
                    String::from_utf8_lossy(&value).into_owned(),
                ))
            })
            .collect()
    }

    fn stored_games(&self) -> Result<Vec<String>, StoreError> {
        self.games
            .iter()
            .keys()
            .map(|key| Ok(String::from_utf8_lossy(&key?).into_owned()))
            .collect()
    }

    fn has_game_events(&self, tournament: &str) -> Result<bool, StoreError> {
        let first = self.games.scan_prefix(format!("{tournament}/")).next();
        Ok(first.transpose()?.is_some())
    }

    fn remember_sent(&self, record: &SentRecord) -> Result<(), StoreError> {
        self.remember_within(record, SENT_RECORDS)
    }

    fn sent_record(&self, message_id: &str) -> Result<Option<SentRecord>, StoreError> {
        let key = format!("id:{}", angled(message_id.trim()));
        match self.sent.get(&key)? {
            Some(bytes) => decode(key.as_bytes(), &bytes).map(Some),
            None => Ok(None),
        }
    }

    fn sent_to(&self, address: &str) -> Result<Vec<SentRecord>, StoreError> {
        let Some(ids) = self.sent.get(sent_to_key(address))? else {
            return Ok(Vec::new());
        };
        let mut found = Vec::new();
        for id in String::from_utf8_lossy(&ids).lines() {
            if let Some(record) = self.sent_record(id)? {
                found.push(record);
            }
        }
        Ok(found)
    }

    fn instance(&self) -> Result<String, StoreError> {
        Ok(self
            .meta
            .get(INSTANCE)?
            .map(|v| String::from_utf8_lossy(&v).into_owned())
            .unwrap_or_default())
    }

    fn resend(&self, game: &str) -> Result<Vec<u64>, StoreError> {
        // the journal must not name a sequence number put back below: a
        // crash would then take it out of the outbox again at the start
        self.durable()?;
        let Some(bytes) = self.last_mails.get(game)? else {
            return Ok(Vec::new());
        };
        let entries: Vec<OutboxEntry> = decode(game.as_bytes(), &bytes)?;
        let mut put = Vec::new();
        for entry in entries {
            let key = entry.seq.to_be_bytes();
            // still waiting: it goes out anyway
            if self.outbox.insert(key, encode(&entry))?.is_none() {
                put.push(entry.seq);
            }
        }
        self.durable()?;
        Ok(put)
    }

    fn backup(&self, to: &Path) -> Result<usize, StoreError> {
        copy_store(&self.db, to)
    }

    fn archive(&self, game: &str, mail: &ArchivedMail) -> Result<(), StoreError> {
        self.archive
            .insert(archive_key(&self.db, game)?, mail.encode())?;
        Ok(())
    }

    fn archive_sent(
        &self,
        game: &str,
        at: chrono::DateTime<chrono::Utc>,
        entry: &OutboxEntry,
    ) -> Result<(), StoreError> {
        self.archive
            .insert(archive_key(&self.db, game)?, archived_sent(&at, entry))?;
        Ok(())
    }

    fn archived(&self, game: &str) -> Result<Vec<ArchivedMail>, StoreError> {
        let mut prefix = game.as_bytes().to_vec();
        prefix.push(0);
        self.archive
            .scan_prefix(&prefix)
            .map(|item| {
                let (_, bytes) = item?;
                ArchivedMail::decode(&bytes).ok_or_else(|| StoreError::Packed {
                    game: game.to_string(),
                })
            })
            .collect()
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
            thread: vec![],
            kind: MailKind::AutoReplied,
            game: None,
            attachments: vec![],
        }
    }

    #[test]
    fn the_outbox_is_counted_and_its_oldest_mail_found_without_decoding_the_mails() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(store.outbox_waiting().unwrap(), (0, None));
        for created in ["2026-05-11T00:00:00Z", "2026-05-10T09:00:00+02:00"] {
            let mut with_text = mail("a");
            with_text.body = "\"quoted\" and \u{0}\n".repeat(50);
            store
                .commit(&Commit {
                    mails: vec![with_text.clone(), with_text],
                    created: created.into(),
                    ..Commit::default()
                })
                .unwrap();
        }
        // the second commit's time is the earlier one (its zone is +2)
        assert_eq!(
            store.outbox_waiting().unwrap(),
            (4, Some("2026-05-10T09:00:00+02:00".to_string()))
        );
    }

    #[test]
    fn a_games_last_sent_decision_is_what_resend_puts_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let mut of_game = mail("a");
        of_game.game = Some("T/1".into());
        of_game.body = "\"Ход\" \\ ]".into();
        let other = mail("b");
        for created in ["2026-05-10T00:00:00Z", "2026-05-11T00:00:00Z"] {
            store
                .commit(&Commit {
                    mails: vec![of_game.clone(), other.clone(), of_game.clone()],
                    created: created.into(),
                    ..Commit::default()
                })
                .unwrap();
        }
        store.sent_all(&[1, 2]).unwrap();
        store.sent(3).unwrap();
        assert_eq!(store.resend("T/1").unwrap(), [1, 3]);
        store.sent_all(&[1, 3, 4]).unwrap();
        // the second decision replaced the first
        assert_eq!(store.resend("T/1").unwrap(), [4]);
        store.sent_all(&[4, 5, 6]).unwrap();
        assert_eq!(store.resend("T/1").unwrap(), [4, 6]);
        // sent again, each is in the list once
        store.sent_all(&[4, 6]).unwrap();
        let last: Vec<OutboxEntry> =
            decode(b"", &store.last_mails.get("T/1").unwrap().unwrap()).unwrap();
        let seqs: Vec<u64> = last.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, [4, 6]);
        assert_eq!(store.resend("T/1").unwrap(), [4, 6]);
        let outbox = store.outbox().unwrap();
        assert_eq!(outbox[0].mail, of_game, "the mail as committed");
        assert_eq!(store.resend("T/2").unwrap(), Vec::<u64>::new());
    }

    /// sled 0.34 leaves `snap.<lsn>.generating` when a snapshot's write
    /// fails on a full disk, and then takes it for the newest snapshot and
    /// refuses the store ("empty/corrupt snapshot file found"): the open
    /// removes it first, and every record is there.
    #[test]
    fn a_snapshot_a_full_disk_left_unfinished_does_not_lose_the_store() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            store.set_fact("kept", "yes").unwrap();
        }
        let torn = dir.path().join("snap.FFFFFFFFFFFFFFFF.generating");
        std::fs::write(&torn, b"").unwrap();
        // what sled alone makes of it
        let plain = sled::Config::new().path(dir.path()).open();
        assert!(
            matches!(plain, Err(sled::Error::Corruption { .. })),
            "sled refuses the store: {:?}",
            plain.map(|_| ())
        );
        std::fs::write(&torn, b"").unwrap();
        let store = reopen(dir.path());
        assert_eq!(store.fact("kept").unwrap().as_deref(), Some("yes"));
        assert!(!torn.exists());
    }

    /// A full disk is told with the free space and the reserve, and sled's
    /// own `ENOSPC` is known for one (tests/disk_full.rs fills a real one).
    #[test]
    fn no_space_is_told_with_the_free_space_and_the_reserve() {
        let e = StoreError::NoSpace {
            path: "/var/lib/mailarbiter".into(),
            free: 5 << 20,
        };
        assert!(e.is_no_space());
        let text = e.to_string();
        assert!(
            text.contains("5 MiB free") && text.contains("at least 32 MiB"),
            "{text}"
        );
        let full = StoreError::Sled(sled::Error::Io(std::io::Error::from_raw_os_error(28)));
        assert!(full.is_no_space(), "ENOSPC from sled");
    }

    #[test]
    fn a_commit_holds_events_outbox_and_marker_and_survives_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let day = chrono::NaiveDate::from_ymd_opt(2026, 5, 10).unwrap();
        let received = ArchivedMail::Received {
            at: chrono::DateTime::from_timestamp(1_778_400_000, 0).unwrap(),
            raw: b"From: a@b\r\n\r\n1. e4\r\n".to_vec(),
        };
        {
            let store = SledStore::open(dir.path()).unwrap();
            store
                .commit(&Commit {
                    processed: vec![(
                        "mail-1".into(),
                        Processed {
                            message_id: Some("a@b".into()),
                            outcome: "accepted".into(),
                        },
                    )],
                    events: vec![("T/1".into(), Event::Opened { on: day })],
                    player_events: vec![("T/ivanov".into(), PlayerEvent::LeaveEnded { on: day })],
                    mails: vec![mail("a"), mail("b")],
                    facts: vec![("replies:x@y".into(), "1,2".into())],
                    created: "2026-05-10T00:00:00Z".into(),
                    archive: vec![("T/1".into(), received.clone())],
                })
                .unwrap();
            store.sent(1).unwrap();
        }
        let store = reopen(dir.path());
        assert!(store.is_processed("mail-1").unwrap());
        assert!(!store.is_processed("mail-2").unwrap());
        assert!(store.seen_message_id("a@b").unwrap());
        assert_eq!(store.fact("replies:x@y").unwrap().as_deref(), Some("1,2"));
        assert!(!store.seen_message_id("c@d").unwrap());
        store.set_fact("cursor", "7:42").unwrap();
        assert_eq!(store.fact("cursor").unwrap().as_deref(), Some("7:42"));
        store.set_fact("game:T/1", "a").unwrap();
        store.set_fact("game:T/2", "b").unwrap();
        assert_eq!(
            store.facts("game:").unwrap(),
            [
                ("game:T/1".into(), "a".into()),
                ("game:T/2".into(), "b".into())
            ]
        );
        assert_eq!(store.stored_games().unwrap(), ["T/1"]);
        // a tournament's games, by their ids' prefix (T1's are not T's)
        assert!(store.has_game_events("T").unwrap());
        assert!(!store.has_game_events("T1").unwrap());
        assert!(!store.has_game_events("U").unwrap());
        assert_eq!(
            store.events("T/1").unwrap(),
            vec![Event::Opened { on: day }]
        );
        // the game's correspondence: the received mail, then a sent one
        let sent = ArchivedMail::Sent {
            at: chrono::DateTime::from_timestamp(1_778_400_060, 0).unwrap(),
            entry: Box::new(store.outbox().unwrap()[0].clone()),
        };
        store.archive("T/1", &sent).unwrap();
        // the relay keeps what it sent without copying the entry: the same
        let at = chrono::DateTime::from_timestamp(1_778_400_120, 0).unwrap();
        let ArchivedMail::Sent { entry, .. } = &sent else {
            unreachable!()
        };
        store.archive_sent("T/1", at, entry).unwrap();
        let again = ArchivedMail::Sent {
            at,
            entry: entry.clone(),
        };
        assert_eq!(store.archived("T/1").unwrap(), [received, sent, again]);
        assert_eq!(store.archived("T/10").unwrap(), []);
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

    /// A mail sent just before a crash: its removal from sled's outbox
    /// was only in memory, its sequence number in the journal. At the next
    /// open it leaves the outbox (it is not sent twice); a record torn by
    /// the crash names nothing; `resend` puts back what the journal named.
    #[test]
    fn a_sent_mail_named_only_in_the_journal_leaves_the_outbox_at_the_next_open() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            let mut three = mail("a");
            three.game = Some("T/1".into());
            store
                .commit(&Commit {
                    mails: vec![three.clone(), three.clone(), three],
                    created: "2026-05-10T00:00:00Z".into(),
                    ..Commit::default()
                })
                .unwrap();
            store.sent(1).unwrap();
            let journal = std::fs::read(dir.path().join(JOURNAL_FILE)).unwrap();
            let (epoch, _) = read_slot(&journal[..JOURNAL_SLOT]).unwrap();
            assert_eq!(
                read_slot(&journal[JOURNAL_SLOT..2 * JOURNAL_SLOT]),
                Some((epoch, 1)),
                "sending is made durable in the journal"
            );
        }
        // as a crash leaves it: 2 and 3 still in sled's outbox, the journal
        // naming 2 and a torn record naming 3
        let copy = dir.path();
        {
            let store = reopen(copy);
            let seqs: Vec<u64> = store.outbox().unwrap().iter().map(|e| e.seq).collect();
            assert_eq!(seqs, [2, 3]);
        }
        let path = copy.join(JOURNAL_FILE);
        let mut journal = std::fs::read(&path).unwrap();
        let (epoch, _) = read_slot(&journal[..JOURNAL_SLOT]).unwrap();
        journal[JOURNAL_SLOT..2 * JOURNAL_SLOT].copy_from_slice(&journal_slot(epoch, 2));
        let mut torn = [0u8; JOURNAL_SLOT];
        torn[..12].copy_from_slice(&journal_slot(epoch, 3)[..12]);
        journal[2 * JOURNAL_SLOT..3 * JOURNAL_SLOT].copy_from_slice(&torn);
        std::fs::write(&path, &journal).unwrap();
        let store = reopen(copy);
        let seqs: Vec<u64> = store.outbox().unwrap().iter().map(|e| e.seq).collect();
        assert_eq!(seqs, [3], "2 was sent; the torn record names nothing");
        let journal = std::fs::read(&path).unwrap();
        assert_eq!(journal.len(), JOURNAL_SLOT * JOURNAL_SLOTS as usize);
        assert_eq!(
            read_slot(&journal[..JOURNAL_SLOT]),
            Some((epoch + 1, 0)),
            "emptied once sled holds it: a new epoch"
        );
        // 1 and 2 were the game's last mails: a resend puts them back and
        // they stay after a crash and an open
        assert_eq!(store.resend("T/1").unwrap(), [1, 2]);
        drop(store);
        let store = reopen(copy);
        let seqs: Vec<u64> = store.outbox().unwrap().iter().map(|e| e.seq).collect();
        assert_eq!(seqs, [1, 2, 3]);
    }

    /// A batch of mails sent together (the file outbox) leaves the outbox
    /// in one journal write: named there, durably, it stays out after a
    /// crash; a batch the journal cannot hold makes sled durable instead.
    #[test]
    fn a_batch_sent_together_is_named_in_one_journal_write_and_stays_out_after_a_crash() {
        let dir = tempfile::tempdir().unwrap();
        let slots = JOURNAL_SLOTS as usize;
        {
            let store = SledStore::open(dir.path()).unwrap();
            store
                .commit(&Commit {
                    mails: vec![mail("a"); slots + 10],
                    created: "2026-05-10T00:00:00Z".into(),
                    ..Commit::default()
                })
                .unwrap();
            store.sent_all(&[1, 2, 3]).unwrap();
            let journal = std::fs::read(dir.path().join(JOURNAL_FILE)).unwrap();
            let (epoch, _) = read_slot(&journal[..JOURNAL_SLOT]).unwrap();
            let named: Vec<Option<(u64, u64)>> = (1..=4)
                .map(|i| read_slot(&journal[i * JOURNAL_SLOT..(i + 1) * JOURNAL_SLOT]))
                .collect();
            assert_eq!(
                named,
                [Some((epoch, 1)), Some((epoch, 2)), Some((epoch, 3)), None]
            );
        }
        // killed there: sled's removals were only in memory
        let store = reopen(dir.path());
        let seqs: Vec<u64> = store.outbox().unwrap().iter().map(|e| e.seq).collect();
        assert_eq!(seqs.len(), slots + 7);
        assert_eq!(seqs[0], 4, "1 to 3 were sent");
        // more than the journal holds: sled is made durable, the journal emptied
        let batch: Vec<u64> = (4..4 + slots as u64).collect();
        store.sent_all(&batch).unwrap();
        let journal = std::fs::read(dir.path().join(JOURNAL_FILE)).unwrap();
        let (now, _) = read_slot(&journal[..JOURNAL_SLOT]).unwrap();
        assert!(read_slot(&journal[JOURNAL_SLOT..2 * JOURNAL_SLOT]).is_none_or(|(e, _)| e != now));
        drop(store);
        let store = reopen(dir.path());
        let seqs: Vec<u64> = store.outbox().unwrap().iter().map(|e| e.seq).collect();
        assert_eq!(
            seqs,
            (4 + slots as u64..slots as u64 + 11).collect::<Vec<_>>()
        );
    }

    /// A game's record is kept packed (a move in a dozen bytes, appended
    /// without reading the stored ones back); one written as a JSON list
    /// by an older version is read, and packed at its next commit; damaged
    /// bytes are an error, never a panic.
    #[test]
    fn game_records_are_packed_and_older_json_records_still_read() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let day = chrono::NaiveDate::from_ymd_opt(2026, 5, 10).unwrap();
        let moved = |uci: &str| Event::Moved {
            uci: uci.into(),
            sent: day,
            draw_offer: false,
        };
        let old = vec![Event::Opened { on: day }, moved("e2e4")];
        store
            .games
            .insert("T/1", serde_json::to_vec(&old).unwrap())
            .unwrap();
        assert_eq!(store.events("T/1").unwrap(), old);
        let commit = |events: Vec<(String, Event)>| {
            store
                .commit(&Commit {
                    events,
                    ..Commit::default()
                })
                .unwrap()
        };
        commit(vec![
            ("T/1".into(), moved("e7e5")),
            ("T/2".into(), Event::Opened { on: day }),
        ]);
        commit(vec![
            ("T/1".into(), moved("g1f3")),
            ("T/1".into(), moved("b8c6")),
        ]);
        let stored = store.games.get("T/1").unwrap().unwrap();
        assert_eq!(stored[0], PACKED);
        let mut all = old.clone();
        all.extend(["e7e5", "g1f3", "b8c6"].map(moved));
        assert_eq!(store.events("T/1").unwrap(), all);
        assert_eq!(store.events("T/2").unwrap(), [Event::Opened { on: day }]);
        // a move takes 7 bytes plus its UCI
        assert_eq!(
            stored.len(),
            1 + Record::of_events(&old).bytes().len() + 3 * 11
        );
        for cut in 1..stored.len() {
            let damaged = &stored[..cut];
            if let Ok(events) = game_events(b"T/1", damaged) {
                assert!(all.starts_with(&events), "a cut at an event's end");
            }
        }
        assert!(matches!(
            game_events(b"T/1", &[PACKED, 7, 1, 2]),
            Err(StoreError::Packed { .. })
        ));
    }

    /// The records read in one walk (in two halves for a long list) are
    /// the ones read game by game: a stored game the ids do not name is
    /// passed by, an id with nothing stored has an empty record.
    #[test]
    fn the_records_walked_are_the_records_looked_up() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open_with_cache(dir.path(), DAEMON_CACHE_BYTES).unwrap();
        assert!(store.walk);
        let ids: Vec<String> = (0..12_000).map(|n| format!("T/{n:05}")).collect();
        let on = "2026-05-10".parse().unwrap();
        let mut events = vec![
            ("A/1".to_string(), Event::Opened { on }),
            ("T/00007".to_string(), Event::Opened { on }),
            ("T/10001".to_string(), Event::Reminded { on }),
            ("T/10001a".to_string(), Event::Reminded { on }),
            ("Z/1".to_string(), Event::Opened { on }),
        ];
        events.push((
            "T/11999".to_string(),
            Event::Moved {
                uci: "e2e4".into(),
                sent: on,
                draw_offer: false,
            },
        ));
        store
            .commit(&Commit {
                events,
                ..Commit::default()
            })
            .unwrap();
        for count in [3, 5_000, 12_000] {
            let ids: Vec<&str> = ids[ids.len() - count..]
                .iter()
                .map(String::as_str)
                .collect();
            let walked = store.records(&ids).unwrap();
            assert_eq!(walked.len(), ids.len());
            for (id, record) in ids.iter().zip(&walked) {
                assert_eq!(record.bytes(), store.record(id).unwrap().bytes(), "{id}");
            }
            assert!(!walked.last().unwrap().bytes().is_empty());
        }
        let all: Vec<&str> = ids.iter().map(String::as_str).collect();
        let walked = store.records(&all).unwrap();
        assert_eq!(walked[7].events(), [Event::Opened { on }]);
        assert_eq!(walked[10_001].events(), [Event::Reminded { on }]);
        assert!(walked[10_002].bytes().is_empty());
    }

    #[test]
    fn sent_mails_are_remembered_by_message_id_and_the_oldest_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let record = |seq: u64| SentRecord {
            message_id: format!("<{seq:06}.x@example.test>"),
            seq,
            game: Some("T/1".into()),
            recipients: vec!["a@example.test".into()],
            subject: format!("mail {seq}"),
            summary: String::new(),
            sent: "2026-05-10T00:00:00Z".into(),
            text: format!("the text of mail {seq}"),
        };
        for seq in 1..=5 {
            store.remember_within(&record(seq), 3).unwrap();
        }
        // by address: the newest first, the forgotten passed by
        assert_eq!(
            store.sent_to("A@example.test").unwrap(),
            vec![record(5), record(4), record(3)]
        );
        assert_eq!(store.sent_to("b@example.test").unwrap(), vec![]);
        assert_eq!(store.sent_record("000001.x@example.test").unwrap(), None);
        assert_eq!(store.sent_record("<000002.x@example.test>").unwrap(), None);
        assert_eq!(
            store.sent_record("000003.x@example.test").unwrap(),
            Some(record(3))
        );
        assert_eq!(
            store.sent_record("<000005.x@example.test>").unwrap(),
            Some(record(5))
        );
    }

    fn mode(path: &std::path::Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    /// Opens a store this process dropped: sled's background writers close
    /// the locked file a moment after the drop, later under CPU load. The
    /// wait is for that event (the lock in `/proc/locks` gone), not a count
    /// of tries; a lock of another process fails at once. A lock whose
    /// holder is gone by the time `/proc/locks` is read is tried again.
    fn reopen(state: &Path) -> SledStore {
        let started = std::time::Instant::now();
        loop {
            match SledStore::open(state) {
                Err(StoreError::Locked { pid, .. })
                    if pid.is_none_or(|pid| pid == std::process::id())
                        && started.elapsed() < std::time::Duration::from_secs(120) =>
                {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
                opened => return opened.unwrap(),
            }
        }
    }

    #[test]
    fn the_state_folder_is_0700_and_its_files_0600() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let state = dir.path().join("var/state");
        let check = |state: &std::path::Path| {
            assert_eq!(mode(state), 0o700);
            let mut files = 0;
            for entry in std::fs::read_dir(state).unwrap() {
                let entry = entry.unwrap();
                let kind = entry.file_type().unwrap();
                let want = if kind.is_dir() { 0o700 } else { 0o600 };
                assert_eq!(mode(&entry.path()), want, "{}", entry.path().display());
                files += usize::from(kind.is_file());
            }
            assert!(files >= 2, "sled's db and conf");
        };
        drop(SledStore::open(&state).unwrap());
        // the parents made on the way are private too
        assert_eq!(mode(&dir.path().join("var")), 0o700);
        check(&state);
        // an existing folder and files open to others are tightened
        std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(state.join("db"), std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::set_permissions(state.join("conf"), std::fs::Permissions::from_mode(0o666))
            .unwrap();
        let store = reopen(&state);
        check(&state);
        assert!(!store.instance().unwrap().is_empty());
        // a second opener is told who holds it
        match SledStore::open(&state) {
            Err(StoreError::Locked { path, pid }) => {
                assert_eq!(path, state.display().to_string());
                assert_eq!(pid, Some(std::process::id()));
            }
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("sled locks the store"),
        }
    }
}
