//! The IMAP inbox (async-imap on tokio, TLS by tokio-rustls): `UID FETCH …
//! BODY.PEEK[]` in UID order with INTERNALDATE as the arrival; the UID
//! cursor and UIDVALIDITY are remembered in the store; after the commit a
//! mail is moved to `processed_folder` (`UID MOVE`, else COPY + STORE +
//! `UID EXPUNGE`) or flagged `\Seen`; IDLE waits for new mail, polling where
//! the server has no IDLE. The login is a password (`LOGIN`) or an OAuth2
//! access token (`AUTHENTICATE XOAUTH2`, or `OAUTHBEARER` where the server
//! offers only that), asked for once more when the server refuses it.

use super::oauth2::{Mechanism, Secret};
use super::{Disposition, Login, MailError, Waiting};
use crate::config::{ImapConfig, Tls};
use async_imap::extensions::idle::IdleResponse;
use async_imap::types::Fetch;
use async_imap::{Client, Session};
use chrono::Utc;
use futures_util::TryStreamExt;
use std::fmt;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::timeout;
use tracing::{debug, info};

/// The connection under the IMAP session: plain TCP or TLS over TCP.
pub enum Stream {
    Plain(TcpStream),
    Tls(Box<tokio_rustls::client::TlsStream<TcpStream>>),
}

impl fmt::Debug for Stream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stream::Plain(_) => "Stream::Plain",
            Stream::Tls(_) => "Stream::Tls",
        })
    }
}

impl AsyncRead for Stream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_read(cx, buf),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Stream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_write(cx, buf),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_write(cx, buf),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_flush(cx),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_flush(cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        match self.get_mut() {
            Stream::Plain(s) => Pin::new(s).poll_shutdown(cx),
            Stream::Tls(s) => Pin::new(s.as_mut()).poll_shutdown(cx),
        }
    }
}

/// How long one IMAP command may take before the connection is given up.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

/// What the server can do, learnt at login.
#[derive(Debug, Clone, Copy, Default)]
struct Abilities {
    idle: bool,
    moves: bool,
    uidplus: bool,
}

pub struct ImapInbox {
    config: ImapConfig,
    login: Login,
    session: Option<Session<Stream>>,
    abilities: Abilities,
    uid_validity: u32,
}

fn imap_err(what: &str, e: impl fmt::Display) -> MailError {
    MailError::Imap(format!("{what}: {e}"))
}

async fn timed<T, E: fmt::Display>(
    what: &str,
    fut: impl std::future::Future<Output = Result<T, E>>,
) -> Result<T, MailError> {
    match timeout(COMMAND_TIMEOUT, fut).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(imap_err(what, e)),
        Err(_) => Err(imap_err(what, "timed out")),
    }
}

/// A TLS connector trusting the Mozilla roots and the certificates in
/// `ca_file` (a private CA).
///
/// # Errors
/// When `ca_file` cannot be read or holds no usable certificate.
pub(crate) fn tls_connector(
    ca_file: Option<&std::path::Path>,
) -> Result<tokio_rustls::TlsConnector, MailError> {
    super::tls::connector(ca_file).map_err(MailError::Imap)
}

async fn wrap_tls(
    tcp: TcpStream,
    host: &str,
    ca_file: Option<&std::path::Path>,
) -> Result<Stream, MailError> {
    let name = rustls::pki_types::ServerName::try_from(host.to_string())
        .map_err(|e| imap_err("TLS server name", e))?;
    let tls = timed("TLS handshake", tls_connector(ca_file)?.connect(name, tcp)).await?;
    Ok(Stream::Tls(Box::new(tls)))
}

/// Whether the mailbox has `folder` (LIST).
async fn exists(session: &mut Session<Stream>, folder: &str) -> Result<bool, MailError> {
    let names: Vec<_> = timed("LIST", async {
        session
            .list(None, Some(folder))
            .await?
            .try_collect::<Vec<_>>()
            .await
    })
    .await?;
    Ok(!names.is_empty())
}

/// Connects (TLS as configured) and logs in.
async fn login(c: &ImapConfig, login: &Login) -> Result<Session<Stream>, MailError> {
    let client = greeted(c).await?;
    match login {
        Login::Password(password) => {
            match timeout(COMMAND_TIMEOUT, client.login(&c.user, password.expose())).await {
                Ok(Ok(s)) => Ok(s),
                Ok(Err((e, _))) => Err(imap_err("login", e)),
                Err(_) => Err(imap_err("login", "timed out")),
            }
        }
        Login::OAuth2(tokens) => {
            let mut client = client;
            let mechanism = Mechanism::choose(
                auth_mechanisms(&mut client)
                    .await?
                    .iter()
                    .map(String::as_str),
            );
            let token = tokens.access_token().await?;
            let client = match bearer(client, c, mechanism, &token).await? {
                Ok(session) => return Ok(session),
                Err((client, refusal)) => {
                    // revoked or expired early: once more with a new token
                    debug!(%refusal, "IMAP: the access token was refused; asking for a new one");
                    tokens.refused(&token).await;
                    client
                }
            };
            let token = tokens.access_token().await?;
            match bearer(client, c, mechanism, &token).await? {
                Ok(session) => Ok(session),
                Err((_, refusal)) => {
                    tokens.refused(&token).await;
                    Err(imap_err(
                        &format!("login ({}) with a new access token", mechanism.name()),
                        refusal,
                    ))
                }
            }
        }
    }
}

/// The SASL mechanisms the server offers (`AUTH=` in its CAPABILITY).
async fn auth_mechanisms(client: &mut Client<Stream>) -> Result<Vec<String>, MailError> {
    use async_imap::imap_proto::{Capability, Response};
    let (tx, rx) = async_channel::bounded(16);
    timed(
        "CAPABILITY",
        client.run_command_and_check_ok("CAPABILITY", Some(tx)),
    )
    .await?;
    let mut names = Vec::new();
    while let Ok(response) = rx.try_recv() {
        if let async_imap::types::UnsolicitedResponse::Other(data) = response {
            if let Response::Capabilities(caps) = data.parsed() {
                names.extend(caps.iter().filter_map(|c| match c {
                    Capability::Auth(name) => Some(name.to_string()),
                    _ => None,
                }));
            }
        }
    }
    Ok(names)
}

/// The SASL exchange of a bearer token: the first message, then the
/// answer to an error challenge (the server's JSON status) that lets the
/// server end the exchange with its refusal.
struct Bearer {
    first: Option<Secret>,
    after_error: &'static [u8],
}

impl async_imap::Authenticator for Bearer {
    type Response = Vec<u8>;

    fn process(&mut self, _challenge: &[u8]) -> Vec<u8> {
        match self.first.take() {
            Some(first) => first.expose().as_bytes().to_vec(),
            None => self.after_error.to_vec(),
        }
    }
}

/// `AUTHENTICATE` with `token`: the session, or the client back with the
/// server's refusal (`NO`); any other failure is an error.
async fn bearer(
    client: Client<Stream>,
    c: &ImapConfig,
    mechanism: Mechanism,
    token: &Secret,
) -> Result<Result<Session<Stream>, (Client<Stream>, String)>, MailError> {
    let exchange = Bearer {
        first: Some(mechanism.initial_response(&c.user, token, &c.host, c.port)),
        after_error: mechanism.after_error(),
    };
    match timeout(
        COMMAND_TIMEOUT,
        client.authenticate(mechanism.name(), exchange),
    )
    .await
    {
        Ok(Ok(session)) => Ok(Ok(session)),
        Ok(Err((async_imap::error::Error::No(refusal), client))) => Ok(Err((client, refusal))),
        Ok(Err((e, _))) => Err(imap_err(&format!("login ({})", mechanism.name()), e)),
        Err(_) => Err(imap_err("login", "timed out")),
    }
}

/// Connected (TLS as configured, STARTTLS done) and greeted.
async fn greeted(c: &ImapConfig) -> Result<Client<Stream>, MailError> {
    let tcp = timed("connect", TcpStream::connect((c.host.as_str(), c.port))).await?;
    // commands are small writes each awaiting an answer: no Nagle delay
    tcp.set_nodelay(true)
        .map_err(|e| imap_err("TCP_NODELAY", e))?;
    let stream = match c.tls {
        Tls::Implicit => wrap_tls(tcp, &c.host, c.ca_file.as_deref()).await?,
        Tls::None | Tls::Starttls => Stream::Plain(tcp),
    };
    let mut client = Client::new(stream);
    timed("greeting", client.read_response()).await?;
    if c.tls == Tls::Starttls {
        timed(
            "STARTTLS",
            client.run_command_and_check_ok("STARTTLS", None),
        )
        .await?;
        let Stream::Plain(tcp) = client.into_inner() else {
            unreachable!("STARTTLS starts on a plain stream")
        };
        client = Client::new(wrap_tls(tcp, &c.host, c.ca_file.as_deref()).await?);
    }
    Ok(client)
}

/// `check --connect`: logs in, opens the folder read-only (`EXAMINE`) and
/// looks for the processed and quarantine folders, changing nothing (the
/// daemon creates those folders when missing). What it found, in words.
///
/// # Errors
/// Any network, TLS or IMAP failure, the folder missing among them.
pub async fn probe(c: &ImapConfig, credentials: &Login) -> Result<String, MailError> {
    let mut session = login(c, credentials).await?;
    let result = async {
        let mailbox = timed(&format!("EXAMINE {}", c.folder), session.examine(&c.folder)).await?;
        let mut found = format!(
            "logged in as {}; folder {} holds {} mail(s)",
            c.user, c.folder, mailbox.exists
        );
        for folder in [&c.processed_folder, &c.quarantine_folder]
            .into_iter()
            .flatten()
        {
            if !exists(&mut session, folder).await? {
                found.push_str(&format!("; {folder} is created at the first start"));
            }
        }
        Ok(found)
    }
    .await;
    let _ = timeout(Duration::from_secs(5), session.logout()).await;
    result
}

impl ImapInbox {
    pub fn new(config: ImapConfig, login: Login) -> ImapInbox {
        ImapInbox {
            config,
            login,
            session: None,
            abilities: Abilities::default(),
            uid_validity: 0,
        }
    }

    /// The key under which the UID cursor of this folder is stored.
    pub fn cursor_key(&self) -> String {
        format!(
            "imap-cursor:{}@{}:{}",
            self.config.folder, self.config.host, self.config.user
        )
    }

    pub fn is_connected(&self) -> bool {
        self.session.is_some()
    }

    /// Connects, logs in, learns the capabilities, creates the processed and
    /// quarantine folders if missing and selects the folder.
    ///
    /// # Errors
    /// Any network, TLS or IMAP failure.
    pub async fn connect(&mut self) -> Result<(), MailError> {
        self.session = None;
        let c = &self.config;
        let mut session = login(c, &self.login).await?;
        let caps = timed("CAPABILITY", session.capabilities()).await?;
        self.abilities = Abilities {
            idle: c.idle && caps.has_str("IDLE"),
            moves: caps.has_str("MOVE"),
            uidplus: caps.has_str("UIDPLUS"),
        };
        for folder in [&c.processed_folder, &c.quarantine_folder]
            .into_iter()
            .flatten()
        {
            if !exists(&mut session, folder).await? {
                timed("CREATE", session.create(folder)).await?;
                info!(folder, "created the folder");
            }
        }
        let mailbox = timed("SELECT", session.select(&c.folder)).await?;
        self.uid_validity = mailbox.uid_validity.unwrap_or(0);
        info!(host = %c.host, folder = %c.folder, uid_validity = self.uid_validity, idle = self.abilities.idle, "IMAP connected");
        self.session = Some(session);
        Ok(())
    }

    fn session(&mut self) -> Result<&mut Session<Stream>, MailError> {
        self.session
            .as_mut()
            .ok_or_else(|| MailError::Imap("not connected".into()))
    }

    /// The first `limit` mails after the stored cursor, in UID order, and
    /// how many more wait after them. `cursor` is the stored
    /// `"<uidvalidity>:<last uid>"`; a changed UIDVALIDITY starts from the
    /// beginning. Only the mails taken are fetched (size and arrival): a
    /// backlog costs one `UID SEARCH` per batch, not a FETCH of it all.
    ///
    /// # Errors
    /// Any IMAP failure.
    pub async fn waiting(
        &mut self,
        cursor: Option<&str>,
        limit: usize,
    ) -> Result<(Vec<Waiting>, usize), MailError> {
        let validity = self.uid_validity;
        let last: u32 = match cursor.and_then(|c| c.split_once(':')) {
            Some((v, uid)) if v.parse() == Ok(validity) => uid.parse().unwrap_or(0),
            _ => 0,
        };
        let folder = self.config.folder.clone();
        let cursor_key = self.cursor_key();
        let session = self.session()?;
        let found = timed(
            "UID SEARCH",
            session.uid_search(format!("UID {}:*", last + 1)),
        )
        .await?;
        let mut uids: Vec<u32> = found.into_iter().filter(|u| *u > last).collect();
        uids.sort_unstable();
        let left = uids.len().saturating_sub(limit);
        uids.truncate(limit);
        let mut waiting = Vec::new();
        if uids.is_empty() {
            return Ok((waiting, left));
        }
        let fetched: Vec<Fetch> = timed("UID FETCH", async {
            session
                .uid_fetch(uid_set(&uids), "(UID RFC822.SIZE INTERNALDATE)")
                .await?
                .try_collect()
                .await
        })
        .await?;
        for f in fetched {
            let Some(uid) = f.uid.filter(|u| uids.contains(u)) else {
                continue;
            };
            waiting.push(Waiting {
                key: format!("imap:{folder}:{validity}:{uid}"),
                arrived: f
                    .internal_date()
                    .map_or_else(Utc::now, |d| d.with_timezone(&Utc)),
                location: uid.to_string(),
                size: f.size.map(|s| s as usize),
                cursor: Some((cursor_key.clone(), format!("{validity}:{uid}"))),
            });
        }
        waiting.sort_by_key(|w| w.location.parse::<u32>().unwrap_or(0));
        waiting.dedup_by(|a, b| a.location == b.location);
        Ok((waiting, left))
    }

    /// `item` of every mail in `mails`, in their order, in one `UID FETCH`.
    async fn fetch_items(
        &mut self,
        mails: &[&Waiting],
        item: &str,
    ) -> Result<Vec<Vec<u8>>, MailError> {
        if mails.is_empty() {
            return Ok(Vec::new());
        }
        let uids = mails
            .iter()
            .map(|m| m.location.parse::<u32>().map_err(|e| imap_err("UID", e)))
            .collect::<Result<Vec<u32>, MailError>>()?;
        let session = self.session()?;
        let fetched: Vec<Fetch> = timed("UID FETCH", async {
            session
                .uid_fetch(uid_set(&uids), item)
                .await?
                .try_collect()
                .await
        })
        .await?;
        uids.iter()
            .map(|uid| {
                let f = fetched
                    .iter()
                    .find(|f| f.uid == Some(*uid))
                    .ok_or_else(|| {
                        MailError::Imap(format!("UID {uid} vanished from the folder"))
                    })?;
                let bytes = if item.contains("HEADER") {
                    f.header()
                } else {
                    f.body()
                };
                bytes
                    .map(<[u8]>::to_vec)
                    .ok_or_else(|| MailError::Imap(format!("UID {uid}: the server sent no {item}")))
            })
            .collect()
    }

    /// The mails of a batch, in its order, without setting `\Seen`: whole,
    /// in one `UID FETCH`, except those larger than `max` bytes, of which
    /// only the header is fetched (in one more).
    ///
    /// # Errors
    /// Any IMAP failure, or a mail that vanished meanwhile.
    pub async fn fetch_all(
        &mut self,
        mails: &[&Waiting],
        max: usize,
    ) -> Result<Vec<Vec<u8>>, MailError> {
        let too_large = |m: &Waiting| m.size.is_some_and(|s| s > max);
        let whole: Vec<&Waiting> = mails.iter().copied().filter(|m| !too_large(m)).collect();
        let heads: Vec<&Waiting> = mails.iter().copied().filter(|m| too_large(m)).collect();
        let mut whole = self.fetch_items(&whole, "BODY.PEEK[]").await?.into_iter();
        let mut heads = self
            .fetch_items(&heads, "BODY.PEEK[HEADER]")
            .await?
            .into_iter();
        Ok(mails
            .iter()
            .map(|m| {
                if too_large(m) {
                    heads.next()
                } else {
                    whole.next()
                }
                .unwrap_or_default()
            })
            .collect())
    }

    /// Moves or flags committed mails, all of one disposition in one command.
    ///
    /// # Errors
    /// Any IMAP failure.
    pub async fn done_all(
        &mut self,
        mails: &[&Waiting],
        disposition: Disposition,
    ) -> Result<(), MailError> {
        if mails.is_empty() {
            return Ok(());
        }
        let target = match disposition {
            Disposition::Seen => self.config.processed_folder.clone(),
            Disposition::Kept => self.config.quarantine_folder.clone(),
        };
        let abilities = self.abilities;
        let uid = mails
            .iter()
            .map(|m| m.location.as_str())
            .collect::<Vec<_>>()
            .join(",");
        let session = self.session()?;
        match (target, disposition) {
            (Some(folder), _) if abilities.moves => {
                timed("UID MOVE", session.uid_mv(&uid, &folder)).await?
            }
            (Some(folder), _) => {
                timed("UID COPY", session.uid_copy(&uid, &folder)).await?;
                let flags = if abilities.uidplus {
                    "+FLAGS (\\Seen \\Deleted)"
                } else {
                    "+FLAGS (\\Seen)"
                };
                timed("UID STORE", async {
                    session
                        .uid_store(&uid, flags)
                        .await?
                        .try_collect::<Vec<_>>()
                        .await
                })
                .await?;
                if abilities.uidplus {
                    timed("UID EXPUNGE", async {
                        session
                            .uid_expunge(&uid)
                            .await?
                            .try_collect::<Vec<_>>()
                            .await
                    })
                    .await?;
                }
            }
            (None, Disposition::Seen) => {
                timed("UID STORE", async {
                    session
                        .uid_store(&uid, "+FLAGS (\\Seen)")
                        .await?
                        .try_collect::<Vec<_>>()
                        .await
                })
                .await?;
            }
            (None, Disposition::Kept) => {}
        }
        debug!(uid, ?disposition, "marked");
        Ok(())
    }

    /// Waits up to `max` for new mail: IDLE where the server has it, else a
    /// sleep of `poll`. Returns early when `shutdown` changes.
    ///
    /// # Errors
    /// Any IMAP failure.
    pub async fn wait(
        &mut self,
        max: Duration,
        poll: Duration,
        shutdown: &mut watch::Receiver<bool>,
        wake: &tokio::sync::Notify,
    ) -> Result<(), MailError> {
        if !self.abilities.idle {
            tokio::select! {
                _ = tokio::time::sleep(max.min(poll)) => {}
                _ = shutdown.changed() => {}
                _ = wake.notified() => {}
            }
            return Ok(());
        }
        let session = self
            .session
            .take()
            .ok_or_else(|| MailError::Imap("not connected".into()))?;
        // mail that arrived while the last pass ran was announced in the
        // answers to its commands (EXISTS), not again in IDLE: look first
        let mut news = false;
        while let Ok(response) = session.unsolicited_responses.try_recv() {
            news |= matches!(
                response,
                async_imap::types::UnsolicitedResponse::Exists(_)
                    | async_imap::types::UnsolicitedResponse::Recent(_)
            );
        }
        if news {
            debug!("new mail announced during the last pass");
            self.session = Some(session);
            return Ok(());
        }
        let mut handle = session.idle();
        timed("IDLE", handle.init()).await?;
        let response = {
            let (idle, stop) = handle.wait_with_timeout(max);
            let response = tokio::select! {
                r = idle => Some(r),
                _ = shutdown.changed() => None,
                // another door (Xfcc) has a request for the referee
                _ = wake.notified() => None,
            };
            drop(stop);
            response
        };
        match response {
            Some(Ok(IdleResponse::NewData(data))) => {
                debug!(response = ?data.parsed(), "IDLE: news")
            }
            Some(Ok(other)) => debug!(?other, "IDLE ended"),
            Some(Err(e)) => return Err(imap_err("IDLE", e)),
            None => debug!("IDLE interrupted (a stop, or a request at another door)"),
        }
        let session = timed("DONE", handle.done()).await?;
        while session.unsolicited_responses.try_recv().is_ok() {}
        self.session = Some(session);
        Ok(())
    }

    /// Logs out, ignoring errors (the connection may be gone).
    pub async fn logout(&mut self) {
        if let Some(mut session) = self.session.take() {
            let _ = timeout(Duration::from_secs(5), session.logout()).await;
        }
    }
}

/// A UID set for a command: `1,2,7`.
fn uid_set(uids: &[u32]) -> String {
    uids.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}
