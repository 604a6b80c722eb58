//! Mail transports: where inbound mail is read (`maildir`, `imap`) and
//! where outbound mail is delivered (`file`, `smtp`), behind the types the
//! daemon uses, and the composition of an outbox entry into RFC 5322 bytes
//! (lettre).

pub mod file;
pub mod imap;
pub mod maildir;
pub mod smtp;

use crate::referee::decide::{MailKind, Recipient};
use crate::store::OutboxEntry;
use chrono::{DateTime, Utc};
use lettre::address::Envelope;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::Mailbox;
use lettre::Message;
use std::time::Duration;
use thiserror::Error;
use tokio::sync::watch;

#[derive(Debug, Error)]
pub enum MailError {
    #[error("mailbox {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("IMAP {0}")]
    Imap(String),
    #[error("{0}")]
    Smtp(String),
    #[error("composing mail {seq}: {reason}")]
    Compose { seq: u64, reason: String },
    #[error("sending mail {seq}: {reason}")]
    Send { seq: u64, reason: String },
}

/// An inbound mail waiting in the mailbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    /// The mailbox key that marks it processed (Maildir: the unique name;
    /// IMAP: folder, UIDVALIDITY and UID).
    pub key: String,
    /// When the mailbox got it: its arrival.
    pub arrived: DateTime<Utc>,
    /// Where it is, for the transport (file name, UID).
    pub location: String,
    /// Its size in bytes, when the mailbox tells it before fetching.
    pub size: Option<usize>,
    /// A store key and value to remember once the mail is marked (the IMAP UID cursor).
    pub cursor: Option<(String, String)>,
}

/// What becomes of a mail in the mailbox after its commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disposition {
    /// Read as a person's mail: seen (or moved to the processed folder).
    Seen,
    /// A robot's mail or one that cannot be read: kept unseen (or moved to quarantine).
    Kept,
}

/// Where inbound mail is read.
pub enum Inbox {
    Maildir(maildir::Maildir),
    Imap(Box<imap::ImapInbox>),
}

impl Inbox {
    /// Makes the mailbox usable (IMAP: connect, log in, select).
    ///
    /// # Errors
    /// When it cannot be reached.
    pub async fn connect(&mut self) -> Result<(), MailError> {
        match self {
            Inbox::Maildir(_) => Ok(()),
            Inbox::Imap(imap) => imap.connect().await,
        }
    }

    /// The key under which this inbox keeps a cursor in the store.
    pub fn cursor_key(&self) -> Option<String> {
        match self {
            Inbox::Maildir(_) => None,
            Inbox::Imap(imap) => Some(imap.cursor_key()),
        }
    }

    /// The waiting mails in arrival order.
    ///
    /// # Errors
    /// When the mailbox cannot be read.
    pub async fn waiting(&mut self, cursor: Option<&str>) -> Result<Vec<Waiting>, MailError> {
        match self {
            Inbox::Maildir(m) => m.waiting(),
            Inbox::Imap(imap) => imap.waiting(cursor).await,
        }
    }

    /// The raw bytes of a waiting mail.
    ///
    /// # Errors
    /// When the mail cannot be read.
    pub async fn fetch(&mut self, mail: &Waiting) -> Result<Vec<u8>, MailError> {
        match self {
            Inbox::Maildir(m) => m.fetch(mail),
            Inbox::Imap(imap) => imap.fetch(mail).await,
        }
    }

    /// The header of a waiting mail (for one too large to fetch).
    ///
    /// # Errors
    /// When the mail cannot be read.
    pub async fn fetch_header(&mut self, mail: &Waiting) -> Result<Vec<u8>, MailError> {
        match self {
            Inbox::Maildir(m) => {
                let raw = m.fetch(mail)?;
                let end = raw
                    .windows(4)
                    .position(|w| w == b"\r\n\r\n")
                    .or_else(|| raw.windows(2).position(|w| w == b"\n\n"));
                Ok(raw[..end.unwrap_or(raw.len().min(65536))].to_vec())
            }
            Inbox::Imap(imap) => imap.fetch_header(mail).await,
        }
    }

    /// Marks a mail after its commit.
    ///
    /// # Errors
    /// When the mailbox cannot be changed.
    pub async fn done(
        &mut self,
        mail: &Waiting,
        disposition: Disposition,
    ) -> Result<(), MailError> {
        match self {
            Inbox::Maildir(m) => m.done(mail, disposition == Disposition::Seen),
            Inbox::Imap(imap) => imap.done(mail, disposition).await,
        }
    }

    /// Waits up to `max` for news (IMAP IDLE, else a sleep of `poll`), or
    /// until `shutdown` changes.
    ///
    /// # Errors
    /// When the connection fails.
    pub async fn wait(
        &mut self,
        max: Duration,
        poll: Duration,
        shutdown: &mut watch::Receiver<bool>,
    ) -> Result<(), MailError> {
        match self {
            Inbox::Imap(imap) => imap.wait(max, poll, shutdown).await,
            Inbox::Maildir(_) => {
                tokio::select! {
                    _ = tokio::time::sleep(max.min(poll)) => {}
                    _ = shutdown.changed() => {}
                }
                Ok(())
            }
        }
    }

    /// Closes the connection, if any.
    pub async fn close(&mut self) {
        if let Inbox::Imap(imap) = self {
            imap.logout().await;
        }
    }
}

/// Where outbound mail is delivered: every transport implements this.
#[allow(async_fn_in_trait)]
pub trait Outbound {
    /// Delivers one composed mail.
    ///
    /// # Errors
    /// When the transport refused or failed; the entry stays in the outbox.
    async fn deliver(
        &mut self,
        seq: u64,
        envelope: &Envelope,
        bytes: &[u8],
    ) -> Result<(), MailError>;
}

/// The configured outbound transport.
pub enum Outbox {
    File(file::FileOutbound),
    Smtp(Box<smtp::SmtpOutbound>),
}

impl Outbound for Outbox {
    async fn deliver(
        &mut self,
        seq: u64,
        envelope: &Envelope,
        bytes: &[u8],
    ) -> Result<(), MailError> {
        match self {
            Outbox::File(f) => f.deliver(seq, envelope, bytes).await,
            Outbox::Smtp(s) => s.deliver(seq, envelope, bytes).await,
        }
    }
}

/// The stable Message-ID of an outbox entry: the same for every resend.
pub fn message_id(entry: &OutboxEntry, instance: &str, from: &str) -> String {
    let domain = from.rsplit_once('@').map_or("localhost", |(_, d)| d);
    format!("<{:06}.{instance}@{domain}>", entry.seq)
}

fn mailbox(r: &Recipient) -> Result<Mailbox, String> {
    let address = r
        .email
        .parse()
        .map_err(|e| format!("address {}: {e}", r.email))?;
    Ok(Mailbox::new(
        (!r.name.is_empty()).then(|| r.name.clone()),
        address,
    ))
}

fn angle(id: &str) -> String {
    if id.starts_with('<') {
        id.to_string()
    } else {
        format!("<{id}>")
    }
}

/// Composes an outbox entry into the bytes to send and their envelope. The
/// same entry always gives the same mail (Date and Message-ID are fixed).
///
/// # Errors
/// [`MailError::Compose`] when an address does not parse.
pub fn compose(
    entry: &OutboxEntry,
    from: &Recipient,
    instance: &str,
) -> Result<(Envelope, Vec<u8>), MailError> {
    let err = |reason: String| MailError::Compose {
        seq: entry.seq,
        reason,
    };
    let mail = &entry.mail;
    let mut builder = Message::builder()
        .from(mailbox(from).map_err(err)?)
        .subject(mail.subject.clone())
        .message_id(Some(message_id(entry, instance, &from.email)));
    for r in &mail.to {
        builder = builder.to(mailbox(r).map_err(err)?);
    }
    for r in &mail.cc {
        builder = builder.cc(mailbox(r).map_err(err)?);
    }
    if let Ok(created) = DateTime::parse_from_rfc3339(&entry.created) {
        builder = builder.date(created.with_timezone(&Utc).into());
    }
    if let Some(id) = &mail.in_reply_to {
        builder = builder.in_reply_to(angle(id));
    }
    if !mail.references.is_empty() {
        let refs: Vec<String> = mail.references.iter().map(|r| angle(r)).collect();
        builder = builder.references(refs.join(" "));
    }
    let mut message = builder
        .header(lettre::message::header::ContentType::TEXT_PLAIN)
        .body(mail.body.clone())
        .map_err(|e| err(e.to_string()))?;
    let auto = match mail.kind {
        MailKind::AutoReplied => "auto-replied",
        MailKind::AutoGenerated => "auto-generated",
    };
    message.headers_mut().insert_raw(HeaderValue::new(
        HeaderName::new_from_ascii_str("Auto-Submitted"),
        auto.to_string(),
    ));
    if let Some(game) = &mail.game {
        message.headers_mut().insert_raw(HeaderValue::new(
            HeaderName::new_from_ascii_str("X-Mailarbiter-Game"),
            game.clone(),
        ));
    }
    Ok((message.envelope().clone(), message.formatted()))
}
