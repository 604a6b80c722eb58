//! Mail transports: where inbound mail is read (`maildir`, `imap`) and
//! where outbound mail is delivered (`file`, `smtp`), behind the types the
//! daemon uses; the OAuth2 sign-in to the mail servers (`oauth2`, its
//! token requests over `http`); and the composition of an outbox entry into RFC 5322 bytes
//! (lettre).

pub mod file;
pub mod http;
pub mod imap;
pub mod maildir;
pub mod oauth2;
pub mod smtp;
pub(crate) mod tls;

use crate::referee::decide::{MailKind, OutMail, Recipient};
use crate::store::OutboxEntry;
use chrono::{DateTime, Utc};
use lettre::address::Envelope;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::Mailbox;
use lettre::Message;
use std::time::Duration;
use thiserror::Error;
use tokio::sync::watch;

/// What a mail server connection signs in with.
#[derive(Clone)]
pub enum Login {
    /// A password (the first line of `password_file`).
    Password(oauth2::Secret),
    /// An access token, asked for as needed (`auth = "oauth2"`).
    OAuth2(std::sync::Arc<oauth2::TokenSource>),
}

impl std::fmt::Debug for Login {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Login::Password(_) => f.write_str("Login::Password"),
            Login::OAuth2(tokens) => f.debug_tuple("Login::OAuth2").field(tokens).finish(),
        }
    }
}

/// The logins of the inbox and the outbox the config names (`None` for a
/// Maildir, a file outbox, an SMTP server without a login): the passwords
/// read from their files; one token source for the two when they sign in
/// with the same refresh token file (one account, one token).
///
/// # Errors
/// A password file that cannot be read, with its path.
pub fn logins(
    config: &crate::config::Config,
) -> Result<(Option<Login>, Option<Login>), (std::path::PathBuf, std::io::Error)> {
    use crate::config::{Auth, InboxConfig, OutboxConfig};
    let login = |auth: &Auth, side: &str| match auth {
        Auth::Password(file) => crate::config::read_password(file)
            .map(|p| Login::Password(oauth2::Secret::new(p)))
            .map_err(|e| (file.clone(), e)),
        Auth::OAuth2(c) => Ok(Login::OAuth2(std::sync::Arc::new(
            oauth2::TokenSource::new((**c).clone(), side),
        ))),
    };
    let inbox = match &config.inbox {
        InboxConfig::Imap(imap) => Some(login(&imap.auth, "inbox")?),
        InboxConfig::Maildir { .. } => None,
    };
    let outbox = match (&config.outbox, &inbox) {
        (OutboxConfig::Smtp(smtp), Some(Login::OAuth2(shared)))
            if matches!(&smtp.auth, Some(Auth::OAuth2(c))
                if c.refresh_token_file == shared.config().refresh_token_file) =>
        {
            Some(Login::OAuth2(shared.clone()))
        }
        (OutboxConfig::Smtp(smtp), _) => {
            smtp.auth.as_ref().map(|a| login(a, "outbox")).transpose()?
        }
        (OutboxConfig::File { .. }, _) => None,
    };
    Ok((inbox, outbox))
}

#[derive(Debug, Error)]
pub enum MailError {
    #[error("mailbox {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("IMAP {0}")]
    Imap(String),
    /// No access token could be had for the OAuth2 sign-in.
    #[error(transparent)]
    SignIn(#[from] oauth2::SignInError),
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

    /// The first `limit` waiting mails in arrival order, and how many more
    /// wait after them.
    ///
    /// # Errors
    /// When the mailbox cannot be read.
    pub async fn waiting(
        &mut self,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<(Vec<Waiting>, usize), MailError> {
        match self {
            Inbox::Maildir(m) => m.waiting(limit),
            Inbox::Imap(imap) => imap.waiting(cursor, limit).await,
        }
    }

    /// The raw bytes of a batch of waiting mails, in its order (IMAP: in
    /// one command); of a mail larger than `max` bytes only its header.
    ///
    /// # Errors
    /// When a mail cannot be read.
    pub async fn fetch_all(
        &mut self,
        mails: &[&Waiting],
        max: usize,
    ) -> Result<Vec<Vec<u8>>, MailError> {
        match self {
            Inbox::Maildir(m) => mails
                .iter()
                .map(|mail| {
                    let raw = m.fetch(mail)?;
                    if mail.size.is_some_and(|s| s > max) {
                        Ok(header_of(&raw).to_vec())
                    } else {
                        Ok(raw)
                    }
                })
                .collect(),
            Inbox::Imap(imap) => imap.fetch_all(mails, max).await,
        }
    }

    /// Marks committed mails, each as its disposition says (IMAP: one
    /// command per disposition).
    ///
    /// # Errors
    /// When the mailbox cannot be changed.
    pub async fn done_all(&mut self, marks: &[(Waiting, Disposition)]) -> Result<(), MailError> {
        match self {
            Inbox::Maildir(m) => {
                for (mail, disposition) in marks {
                    m.done(mail, *disposition == Disposition::Seen)?;
                }
                Ok(())
            }
            Inbox::Imap(imap) => {
                for disposition in [Disposition::Seen, Disposition::Kept] {
                    let these: Vec<&Waiting> = marks
                        .iter()
                        .filter(|(_, d)| *d == disposition)
                        .map(|(m, _)| m)
                        .collect();
                    imap.done_all(&these, disposition).await?;
                }
                Ok(())
            }
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
        wake: &tokio::sync::Notify,
    ) -> Result<(), MailError> {
        match self {
            Inbox::Imap(imap) => imap.wait(max, poll, shutdown, wake).await,
            Inbox::Maildir(_) => {
                tokio::select! {
                    _ = tokio::time::sleep(max.min(poll)) => {}
                    _ = shutdown.changed() => {}
                    _ = wake.notified() => {}
                }
                Ok(())
            }
        }
    }

    /// Closes the connection, if any.
    pub async fn close(&mut self) {
        match self {
            Inbox::Imap(imap) => imap.logout().await,
            Inbox::Maildir(m) => m.forget(),
        }
    }
}

/// The header of a mail: up to its first empty line (at most 64 KiB when
/// it has none).
fn header_of(raw: &[u8]) -> &[u8] {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .or_else(|| raw.windows(2).position(|w| w == b"\n\n"));
    &raw[..end.unwrap_or(raw.len().min(65536))]
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

    /// Ends a sending pass (SMTP: QUIT on the connection the pass used).
    async fn finish(&mut self) {}
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

    async fn finish(&mut self) {
        if let Outbox::Smtp(s) = self {
            s.finish().await;
        }
    }
}

/// How many mails of the file outbox the relay writes before it records
/// them as sent (one sync of the disk for all of them).
pub(crate) const FILE_BATCH: usize = 500;

impl Outbox {
    /// How many mails the relay delivers before it records them as sent:
    /// a batch for the file outbox (written and made durable together, a
    /// crash at most writing them once more under the same names: see
    /// [`self::file`]); one for SMTP (each mail's removal from the outbox is
    /// durable before the next goes, so a crash sends at most one twice).
    pub fn batch(&self) -> usize {
        match self {
            Outbox::File(_) => FILE_BATCH,
            Outbox::Smtp(_) => 1,
        }
    }

    /// Whether the relay records a mail as sent while the next one goes
    /// (SMTP: during the next mail's envelope, before its end-of-data dot,
    /// so that at most one mail is ever taken by the server and not yet
    /// recorded) rather than at once (the file outbox's batches).
    pub fn records_during_next(&self) -> bool {
        matches!(self, Outbox::Smtp(_))
    }

    /// Delivers mails (sequence number, envelope, bytes) in order: all, or
    /// an error. SMTP runs `before_dot` before the first mail's end of
    /// data; what is left of it is the caller's to run.
    ///
    /// # Errors
    /// When the transport refused or failed; the entries stay in the outbox.
    pub async fn deliver_batch(
        &mut self,
        instance: &str,
        mails: &[(u64, &Envelope, &[u8])],
        before_dot: &mut Option<smtp::BeforeDot>,
    ) -> Result<(), MailError> {
        match self {
            Outbox::File(f) => {
                let mails: Vec<(u64, &[u8])> = mails.iter().map(|m| (m.0, m.2)).collect();
                f.deliver_batch(instance, &mails)
            }
            Outbox::Smtp(s) => {
                for (seq, envelope, bytes) in mails {
                    s.deliver_after(*seq, envelope, bytes, before_dot).await?;
                }
                Ok(())
            }
        }
    }

    /// The mails last delivered left the outbox, durably.
    ///
    /// # Errors
    /// When the transport cannot note it (the file outbox's `.pending`).
    pub fn settled(&mut self) -> Result<(), MailError> {
        match self {
            Outbox::File(f) => f.settled(),
            Outbox::Smtp(_) => Ok(()),
        }
    }
}

/// The stable Message-ID of an outbox entry: the same for every resend.
pub fn message_id(entry: &OutboxEntry, instance: &str, from: &str) -> String {
    id_of(entry.seq, instance, from)
}

/// The Message-ID of outbox entry `seq`.
fn id_of(seq: u64, instance: &str, from: &str) -> String {
    let domain = from.rsplit_once('@').map_or("localhost", |(_, d)| d);
    format!("<{seq:06}.{instance}@{domain}>")
}

/// `In-Reply-To` and `References` of a mail: the mail it answers and that
/// mail's own References, when it answers one; else the reader's last mail
/// about the game. References start from the reader's first mail about
/// the game, so a mail client keeps all of his mails of a game in one
/// thread; at most ten, the first kept.
fn threading(mail: &OutMail, instance: &str, from: &str) -> (Option<String>, Vec<String>) {
    let thread: Vec<String> = mail
        .thread
        .iter()
        .map(|&seq| id_of(seq, instance, from))
        .collect();
    let in_reply_to = match &mail.in_reply_to {
        Some(id) => Some(angle(id)),
        None => thread.last().cloned(),
    };
    let mut references: Vec<String> = Vec::new();
    let answered = mail.references.iter().map(|r| angle(r));
    let followed = mail
        .in_reply_to
        .is_none()
        .then(|| thread.iter().skip(1).cloned())
        .into_iter()
        .flatten();
    for id in thread
        .first()
        .cloned()
        .into_iter()
        .chain(answered)
        .chain(followed)
    {
        if !references.contains(&id) {
            references.push(id);
        }
    }
    if references.len() > 10 {
        references.drain(1..references.len() - 9);
    }
    (in_reply_to, references)
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

/// An address header's value: each mailbox as `name <address>`, the name
/// a quoted string when it is printable ASCII, else RFC 2047 encoded words
/// that break only at spaces (so that a decoder which keeps the gap between
/// encoded words still shows whole words), folded between words. The
/// addresses were checked when the mail was read or configured: plain,
/// without spaces or brackets.
fn address_list(list: &[Recipient]) -> String {
    list.iter()
        .map(|r| {
            let name = r.name.trim();
            if name.is_empty() {
                return format!("<{}>", r.email);
            }
            format!("{} <{}>", display_name(name), r.email)
        })
        .collect::<Vec<_>>()
        .join(",\r\n ")
}

fn display_name(name: &str) -> String {
    // control characters never go into a header, not even encoded
    let name: String = name.chars().filter(|c| !c.is_control()).collect();
    if name.chars().all(|c| c.is_ascii_graphic() || c == ' ') {
        let escaped = name.replace('\\', "\\\\").replace('"', "\\\"");
        return format!("\"{escaped}\"");
    }
    // encoded words of at most 75 characters: `=?utf-8?b?` + base64 + `?=`,
    // so at most 45 bytes of text each; a chunk ends after a space
    const MAX_TEXT: usize = 45;
    let mut chunks: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in name.split_inclusive(' ') {
        if !current.is_empty() && current.len() + word.len() > MAX_TEXT {
            chunks.push(std::mem::take(&mut current));
        }
        if word.len() > MAX_TEXT {
            // one word too long for an encoded word: split between characters
            for c in word.chars() {
                if current.len() + c.len_utf8() > MAX_TEXT {
                    chunks.push(std::mem::take(&mut current));
                }
                current.push(c);
            }
        } else {
            current.push_str(word);
        }
    }
    if !current.is_empty() {
        chunks.push(current);
    }
    use base64::Engine;
    chunks
        .iter()
        .map(|c| {
            format!(
                "=?utf-8?b?{}?=",
                base64::engine::general_purpose::STANDARD.encode(c)
            )
        })
        .collect::<Vec<_>>()
        .join("\r\n ")
}

fn angle(id: &str) -> String {
    if id.starts_with('<') {
        id.to_string()
    } else {
        format!("<{id}>")
    }
}

/// `text` with CRLF line endings, made in one pass (lettre inserts a CR
/// before each bare LF by moving the rest of the text each time).
fn crlf(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16 + 2);
    for line in text.split_inclusive('\n') {
        match line.strip_suffix('\n') {
            Some(line) => {
                out.push_str(line.strip_suffix('\r').unwrap_or(line));
                out.push_str("\r\n");
            }
            None => out.push_str(line),
        }
    }
    out
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
    let (in_reply_to, references) = threading(mail, instance, &from.email);
    if let Some(id) = in_reply_to {
        builder = builder.in_reply_to(id);
    }
    if !references.is_empty() {
        builder = builder.references(references.join(" "));
    }
    // the plain text, with its HTML rendering beside it (multipart/alternative:
    // the plain part first, complete and authoritative), then the attachments
    // boundaries made from the store's instance and the entry's sequence
    // number, not drawn at random: composing an entry again gives the same
    // bytes (a resend, and a game's mails exported from the archive)
    use lettre::message::{header::ContentType, Attachment, MultiPart, SinglePart};
    let boundary = |kind: &str| format!("=_{instance}.{}.{kind}", entry.seq);
    let html = crate::letters::html::from_plain(&mail.subject, &mail.body);
    let text = MultiPart::alternative()
        .boundary(boundary("alt"))
        .singlepart(SinglePart::plain(crlf(&mail.body)))
        .singlepart(SinglePart::html(html));
    let mut message = if mail.attachments.is_empty() {
        builder.multipart(text)
    } else {
        let mut parts = MultiPart::mixed().boundary(boundary("mix")).multipart(text);
        for a in &mail.attachments {
            let kind = ContentType::parse(&a.content_type).map_err(|e| err(e.to_string()))?;
            parts = parts.singlepart(Attachment::new(a.name.clone()).body(a.text.clone(), kind));
        }
        builder.multipart(parts)
    }
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
    // the address headers written by us: display names split only at spaces
    for (name, list) in [
        ("From", std::slice::from_ref(from)),
        ("To", mail.to.as_slice()),
        ("Cc", mail.cc.as_slice()),
    ] {
        if list.is_empty() {
            continue;
        }
        let raw: Vec<String> = list
            .iter()
            .map(|r| format!("{} <{}>", r.name, r.email))
            .collect();
        message
            .headers_mut()
            .insert_raw(HeaderValue::dangerous_new_pre_encoded(
                HeaderName::new_from_ascii_str(name),
                raw.join(", "),
                address_list(list),
            ));
    }
    Ok((message.envelope().clone(), message.formatted()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::decide::Attachment;
    use mail_parser::MimeHeaders;

    /// An outbox entry To `to` with `body` and `attachments`.
    fn entry(to: Recipient, body: &str, attachments: Vec<Attachment>) -> OutboxEntry {
        OutboxEntry {
            seq: 1,
            created: "2026-05-10T10:00:00+03:00".into(),
            mail: crate::referee::decide::OutMail {
                to: vec![to],
                cc: vec![],
                subject: "s".into(),
                body: body.into(),
                in_reply_to: None,
                references: vec![],
                thread: vec![],
                kind: MailKind::AutoGenerated,
                game: None,
                attachments,
            },
        }
    }

    fn header_of(name: &str) -> (String, String) {
        let r = Recipient {
            name: name.into(),
            email: "ivanov@example.test".into(),
        };
        let entry = entry(r, "b", vec![]);
        let from = Recipient {
            name: "Arbiter".into(),
            email: "arbiter@example.test".into(),
        };
        let (_, raw) = compose(&entry, &from, "x").unwrap();
        let raw = String::from_utf8(raw).unwrap();
        let head = raw.split("\r\n\r\n").next().unwrap().to_string();
        for field in ["From: ", "To: "] {
            let count = head.lines().filter(|l| l.starts_with(field)).count();
            assert_eq!(count, 1, "one {field}header: {head}");
        }
        let parsed = mail_parser::MessageParser::default()
            .parse(raw.as_bytes())
            .unwrap();
        let to = parsed.to().unwrap().first().unwrap();
        assert_eq!(to.address(), Some("ivanov@example.test"));
        (head, to.name().unwrap_or_default().to_string())
    }

    #[test]
    fn an_attachment_goes_after_the_text_as_its_own_part() {
        let r = Recipient {
            name: String::new(),
            email: "ivanov@example.test".into(),
        };
        let attachment = Attachment {
            name: "T-1.pgn".into(),
            content_type: "application/vnd.chess-pgn".into(),
            text: "[Event \"T\"]\n\n1. e4 1-0\n".into(),
        };
        let entry = entry(r.clone(), "The game is over.", vec![attachment]);
        let (_, raw) = compose(&entry, &r, "x").unwrap();
        let parsed = mail_parser::MessageParser::default().parse(&raw).unwrap();
        assert_eq!(
            parsed.body_text(0).as_deref().map(str::trim),
            Some("The game is over.")
        );
        let attachment = parsed.attachment(0).expect("one attachment");
        assert_eq!(attachment.attachment_name(), Some("T-1.pgn"));
        assert_eq!(
            attachment.content_type().map(|c| format!(
                "{}/{}",
                c.ctype(),
                c.subtype().unwrap_or_default()
            )),
            Some("application/vnd.chess-pgn".to_string())
        );
        let text = std::str::from_utf8(attachment.contents()).unwrap();
        assert_eq!(text.replace("\r\n", "\n"), "[Event \"T\"]\n\n1. e4 1-0\n");
    }

    #[test]
    fn an_english_letters_html_part_goes_as_written_and_reads_back_the_same() {
        let r = Recipient {
            name: String::new(),
            email: "ivanov@example.test".into(),
        };
        let board = crate::render::board(
            &shakmaty::Chess::default(),
            crate::referee::tournament::Lang::En,
        );
        let body = format!("Your opponent plays:\n\n    1. 5254   (e4)\n\n{board}\nGood luck.\n");
        let (_, raw) = compose(&entry(r.clone(), &body, vec![]), &r, "x").unwrap();
        let text = String::from_utf8(raw.clone()).unwrap();
        let html_part = text.split("Content-Type: text/html").nth(1).unwrap();
        assert!(
            html_part.starts_with("; charset=utf-8\r\nContent-Transfer-Encoding: 7bit\r\n"),
            "{html_part}"
        );
        let parsed = mail_parser::MessageParser::default().parse(&raw).unwrap();
        let html = parsed.body_html(0).unwrap();
        assert!(
            html.contains("&#9814;</td>") && html.contains("1. 5254"),
            "{html}"
        );
        assert_eq!(
            parsed.body_text(0).unwrap().replace("\r\n", "\n"),
            body,
            "the plain part as written"
        );
    }

    #[test]
    fn text_gets_crlf_line_endings_once() {
        assert_eq!(crlf("a\nb\r\n\nc"), "a\r\nb\r\n\r\nc");
        assert_eq!(crlf("\n"), "\r\n");
        assert_eq!(crlf(""), "");
        assert_eq!(crlf("Ход\n"), "Ход\r\n");
    }

    #[test]
    fn display_names_are_quoted_or_encoded_in_whole_words() {
        let long = "Иванов-Преображенский, Константин Константинович";
        let (head, name) = header_of(long);
        assert_eq!(name, long);
        // every encoded word holds whole words: its text ends at a space or the end
        use base64::Engine;
        let words: Vec<String> = head
            .split("=?utf-8?b?")
            .skip(1)
            .map(|w| {
                let b64 = w.split("?=").next().unwrap();
                String::from_utf8(
                    base64::engine::general_purpose::STANDARD
                        .decode(b64)
                        .unwrap(),
                )
                .unwrap()
            })
            .collect();
        assert!(words.len() > 1, "{head}");
        for w in &words[..words.len() - 1] {
            assert!(
                w.ends_with(' '),
                "an encoded word cut inside a word: {w:?} in {head}"
            );
        }
        assert!(head.lines().all(|l| l.len() <= 78), "{head}");
        let ascii = "Featherstonehaugh-Bartholomew, \"Max\" Alexander";
        let (head, name) = header_of(ascii);
        assert_eq!(name, ascii);
        assert!(
            head.contains(
                r#"To: "Featherstonehaugh-Bartholomew, \"Max\" Alexander" <ivanov@example.test>"#
            ),
            "{head}"
        );
    }
}
