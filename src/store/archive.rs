//! The archive of a game's mails: every mail in and out, kept in order
//! under the game, with its kind and time, for `export --mbox`.

use super::*;

/// A mail of a game's correspondence, kept as it came or went (III.1.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArchivedMail {
    /// A mail the arbiter received, its bytes as they came.
    Received {
        at: chrono::DateTime<chrono::Utc>,
        raw: Vec<u8>,
    },
    /// A mail the arbiter sent: its outbox entry, which composes into the
    /// same bytes again (the mail composer: the Message-ID, the date
    /// and the MIME boundaries come from the entry), a third of their size.
    Sent {
        at: chrono::DateTime<chrono::Utc>,
        entry: Box<OutboxEntry>,
    },
}

pub(super) const RECEIVED: u8 = 1;

pub(super) const SENT: u8 = 2;

impl ArchivedMail {
    /// Stored as: the kind, the time (Unix seconds, 8 bytes little-endian),
    /// the raw bytes or the entry's JSON.
    pub(super) fn encode(&self) -> Vec<u8> {
        match self {
            ArchivedMail::Received { at, raw } => {
                let mut bytes = archived_head(RECEIVED, at, raw.len());
                bytes.extend_from_slice(raw);
                bytes
            }
            ArchivedMail::Sent { at, entry } => archived_sent(at, entry),
        }
    }

    pub(super) fn decode(bytes: &[u8]) -> Option<ArchivedMail> {
        let seconds = i64::from_le_bytes(bytes.get(1..9)?.try_into().ok()?);
        let at = chrono::DateTime::from_timestamp(seconds, 0)?;
        let body = &bytes[9..];
        match *bytes.first()? {
            RECEIVED => Some(ArchivedMail::Received {
                at,
                raw: body.to_vec(),
            }),
            SENT => Some(ArchivedMail::Sent {
                at,
                entry: serde_json::from_slice(body).ok()?,
            }),
            _ => None,
        }
    }
}

/// Where an archived mail of `game` is kept: the game, a zero byte, a
/// number sled makes growing (the order in which they were kept).
/// The head of an archived mail's bytes, room made for `size` more.
pub(super) fn archived_head(kind: u8, at: &chrono::DateTime<chrono::Utc>, size: usize) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(9 + size);
    bytes.push(kind);
    bytes.extend_from_slice(&at.timestamp().to_le_bytes());
    bytes
}

/// The bytes of [`ArchivedMail::Sent`], written from a borrowed entry.
pub(super) fn archived_sent(at: &chrono::DateTime<chrono::Utc>, entry: &OutboxEntry) -> Vec<u8> {
    let mut bytes = archived_head(SENT, at, entry.mail.body.len() + 512);
    serde_json::to_writer(&mut bytes, entry).expect("plain data always serialises");
    bytes
}

pub(super) fn archive_key(db: &sled::Db, game: &str) -> Result<Vec<u8>, StoreError> {
    let mut key = game.as_bytes().to_vec();
    key.push(0);
    key.extend_from_slice(&db.generate_id()?.to_be_bytes());
    Ok(key)
}
