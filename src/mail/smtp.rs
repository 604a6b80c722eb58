//! The SMTP outbox: lettre's SMTP client on a TCP stream we open ourselves
//! with `TCP_NODELAY` (lettre never sets it, and the end-of-data marker,
//! written on its own, then waits ~40 ms for the server's delayed ACK),
//! implicit TLS (tokio-rustls) or STARTTLS (lettre) or plain on loopback,
//! optional login: a password (lettre's mechanisms), or an OAuth2 access
//! token (`AUTH XOAUTH2`, or `OAUTHBEARER` where the server offers only
//! that), asked for once more when the server refuses it.
//!
//! One connection serves a whole sending pass: the relay sends every entry
//! over it and calls [`SmtpOutbound::finish`] (QUIT) at the end. When a
//! reused connection fails (the server closed it, lettre issue #743), the
//! entry is tried once more on a fresh connection. Where the server offers
//! PIPELINING (RFC 2920), `MAIL FROM`, every `RCPT TO` and `DATA` go in one
//! write. Every attempt is inside a `tokio::time::timeout` of
//! `[outbox] timeout_seconds`, connecting included.

use super::oauth2::{Mechanism, Secret, SignInError, TokenSource};
use super::{Login, MailError, Outbound};
use crate::config::{SmtpConfig, Tls};
use base64::Engine as _;
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{
    AsyncSmtpConnection, AsyncTokioStream, Certificate, TlsParameters,
};
use lettre::transport::smtp::commands::{Data, Ehlo, Mail, Rcpt};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tracing::{debug, warn};

/// An SMTP outbox, each attempt inside a hard timeout.
pub struct SmtpOutbound {
    host: String,
    port: u16,
    /// STARTTLS: lettre upgrades the connection after the first EHLO.
    starttls: Option<TlsParameters>,
    /// Implicit TLS: the handshake before the greeting.
    implicit: Option<tokio_rustls::TlsConnector>,
    login: Option<SmtpLogin>,
    hello: ClientId,
    /// The hard limit of one attempt (connecting included).
    timeout: Duration,
    /// The connection of the current sending pass.
    session: Option<Session>,
}

/// An open, greeted (and authenticated) connection.
struct Session {
    conn: AsyncSmtpConnection,
    /// The server offers PIPELINING (RFC 2920).
    pipelining: bool,
    /// Mails sent over it.
    sent: usize,
}

/// How the outbox logs in.
enum SmtpLogin {
    Password(Credentials),
    Bearer {
        user: String,
        tokens: std::sync::Arc<TokenSource>,
    },
}

/// Why an attempt failed, and whether trying again on a fresh connection
/// can help (a permanent refusal, 5xx, cannot).
struct Failure {
    permanent: bool,
    reason: String,
    /// No access token could be had: the sign-in needs attention.
    sign_in: Option<SignInError>,
}

impl Failure {
    fn of(e: &lettre::transport::smtp::Error) -> Failure {
        Failure {
            permanent: e.is_permanent(),
            reason: e.to_string(),
            sign_in: None,
        }
    }

    fn transient(reason: impl Into<String>) -> Failure {
        Failure {
            permanent: false,
            reason: reason.into(),
            sign_in: None,
        }
    }

    fn permanent(reason: impl Into<String>) -> Failure {
        Failure {
            permanent: true,
            reason: reason.into(),
            sign_in: None,
        }
    }

    /// The failure as the relay reports it for the mail `seq`.
    fn into_error(self, seq: u64) -> MailError {
        match self.sign_in {
            Some(e) => MailError::SignIn(e),
            None => MailError::Send {
                seq,
                reason: self.reason,
            },
        }
    }
}

impl From<SignInError> for Failure {
    fn from(e: SignInError) -> Failure {
        Failure {
            permanent: true,
            reason: e.to_string(),
            sign_in: Some(e),
        }
    }
}

impl From<lettre::transport::smtp::Error> for Failure {
    fn from(e: lettre::transport::smtp::Error) -> Failure {
        Failure::of(&e)
    }
}

impl SmtpOutbound {
    /// Prepares the TLS parameters; nothing connects until the first send.
    ///
    /// # Errors
    /// [`MailError::Smtp`] when the TLS parameters cannot be made.
    pub fn new(config: &SmtpConfig, login: Option<Login>) -> Result<SmtpOutbound, MailError> {
        let (mut starttls, mut implicit) = (None, None);
        match config.tls {
            Tls::None => {}
            Tls::Starttls => {
                let err =
                    |e: lettre::transport::smtp::Error| MailError::Smtp(format!("SMTP setup: {e}"));
                let mut builder = TlsParameters::builder(config.host.clone());
                if let Some(path) = &config.ca_file {
                    let pem = std::fs::read(path)
                        .map_err(|e| MailError::Smtp(format!("ca_file {}: {e}", path.display())))?;
                    builder =
                        builder.add_root_certificate(Certificate::from_pem(&pem).map_err(err)?);
                }
                starttls = Some(builder.build_rustls().map_err(err)?);
            }
            Tls::Implicit => {
                implicit = Some(
                    super::imap::tls_connector(config.ca_file.as_deref()).map_err(|e| match e {
                        MailError::Imap(reason) => MailError::Smtp(reason),
                        other => other,
                    })?,
                );
            }
        }
        let login = match (&config.user, login) {
            (Some(user), Some(Login::Password(password))) => Some(SmtpLogin::Password(
                Credentials::new(user.clone(), password.expose().to_string()),
            )),
            (Some(user), Some(Login::OAuth2(tokens))) => Some(SmtpLogin::Bearer {
                user: user.clone(),
                tokens,
            }),
            _ => None,
        };
        Ok(SmtpOutbound {
            host: config.host.clone(),
            port: config.port,
            starttls,
            implicit,
            login,
            hello: ClientId::default(),
            timeout: Duration::from_secs(config.timeout_seconds),
            session: None,
        })
    }

    /// Connects with `TCP_NODELAY`, TLS as configured, EHLO, AUTH.
    async fn open(&self) -> Result<Session, Failure> {
        let at = format!("{}:{}", self.host, self.port);
        let tcp = TcpStream::connect((self.host.as_str(), self.port))
            .await
            .map_err(|e| Failure::transient(format!("connecting to {at}: {e}")))?;
        tcp.set_nodelay(true)
            .map_err(|e| Failure::transient(format!("TCP_NODELAY on {at}: {e}")))?;
        let stream: Box<dyn AsyncTokioStream> = match &self.implicit {
            Some(connector) => {
                let name = rustls::pki_types::ServerName::try_from(self.host.clone())
                    .map_err(|e| Failure::transient(format!("TLS server name: {e}")))?;
                let tls = connector
                    .connect(name, tcp)
                    .await
                    .map_err(|e| Failure::transient(format!("TLS with {at}: {e}")))?;
                Box::new(TlsStream(tls))
            }
            None => Box::new(tcp),
        };
        let mut conn = AsyncSmtpConnection::connect_with_transport(stream, &self.hello).await?;
        if let Some(parameters) = &self.starttls {
            conn.starttls(parameters.clone(), &self.hello).await?;
        }
        // lettre keeps only the extensions it knows; PIPELINING is read from
        // a second EHLO (one round trip per pass)
        let ehlo = conn.command(Ehlo::new(self.hello.clone())).await?;
        let pipelining = ehlo.message().any(|line| {
            line.split_whitespace()
                .next()
                .is_some_and(|w| w.eq_ignore_ascii_case("PIPELINING"))
        });
        match &self.login {
            None => {}
            Some(SmtpLogin::Password(credentials)) => {
                conn.auth(DEFAULT_MECHANISMS, credentials).await?;
            }
            Some(SmtpLogin::Bearer { user, tokens }) => {
                let offered: Vec<String> = ehlo
                    .message()
                    .filter_map(|line| {
                        let mut words = line.split_whitespace();
                        let first = words.next()?;
                        first
                            .eq_ignore_ascii_case("AUTH")
                            .then(|| words.map(str::to_string).collect::<Vec<_>>())
                    })
                    .flatten()
                    .collect();
                let mechanism = Mechanism::choose(offered.iter().map(String::as_str));
                let token = tokens.access_token().await?;
                let bearer = |token| {
                    (
                        mechanism,
                        user.as_str(),
                        token,
                        self.host.as_str(),
                        self.port,
                    )
                };
                if let Err(refusal) = bearer_auth(&mut conn, bearer(&token)).await? {
                    // revoked or expired early: once more with a new token
                    debug!(%refusal, "SMTP: the access token was refused; asking for a new one");
                    tokens.refused(&token).await;
                    let token = tokens.access_token().await?;
                    if let Err(refusal) = bearer_auth(&mut conn, bearer(&token)).await? {
                        tokens.refused(&token).await;
                        return Err(Failure::permanent(format!(
                            "login ({}) with a new access token: {refusal}",
                            mechanism.name()
                        )));
                    }
                }
            }
        }
        debug!(server = %at, pipelining, "SMTP: connected");
        Ok(Session {
            conn,
            pipelining,
            sent: 0,
        })
    }

    /// One try: over the open connection, else a new one, within the timeout.
    /// Whatever fails, the connection is dropped.
    async fn attempt(
        &mut self,
        envelope: &Envelope,
        bytes: &[u8],
        before_dot: &mut Option<BeforeDot>,
    ) -> Result<(), Failure> {
        let timeout = self.timeout;
        let result = tokio::time::timeout(timeout, async {
            if self.session.is_none() {
                self.session = Some(self.open().await?);
            }
            let session = self.session.as_mut().expect("opened above");
            transmit(session, envelope, bytes, before_dot).await?;
            session.sent += 1;
            Ok(())
        })
        .await;
        let result = result.unwrap_or_else(|_| Err(Failure::transient("timed out")));
        if result.is_err() {
            // dropped mid-conversation (in DATA without the final dot, the
            // server discards the mail)
            self.session = None;
        }
        result
    }

    /// Ends the pass: QUIT on the open connection, if any.
    pub async fn finish(&mut self) {
        if let Some(mut session) = self.session.take() {
            let quit = tokio::time::timeout(self.timeout, session.conn.quit()).await;
            debug!(
                sent = session.sent,
                clean = matches!(quit, Ok(Ok(_))),
                "SMTP: connection closed"
            );
        }
    }

    /// `check --connect`: connects (TLS as configured), says EHLO,
    /// authenticates when a user is configured, and quits; nothing is sent.
    ///
    /// # Errors
    /// [`MailError::Smtp`] with the reason.
    pub async fn probe(&self) -> Result<(), MailError> {
        match tokio::time::timeout(self.timeout, async {
            let mut session = self.open().await?;
            session.conn.quit().await?;
            Ok::<_, Failure>(())
        })
        .await
        {
            Ok(Ok(())) => Ok(()),
            Ok(Err(Failure {
                sign_in: Some(e), ..
            })) => Err(MailError::SignIn(e)),
            Ok(Err(f)) => Err(MailError::Smtp(f.reason)),
            Err(_) => Err(MailError::Smtp("timed out".into())),
        }
    }
}

/// `AUTH` with a bearer token (mechanism, user, token, host, port): done,
/// or the server's refusal; any other failure is an error.
async fn bearer_auth(
    conn: &mut AsyncSmtpConnection,
    (mechanism, user, token, host, port): (Mechanism, &str, &Secret, &str, u16),
) -> Result<Result<(), String>, Failure> {
    let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
    let first = mechanism.initial_response(user, token, host, port);
    let command = Secret::new(format!(
        "AUTH {} {}\r\n",
        mechanism.name(),
        b64(first.expose().as_bytes())
    ));
    let refusal = |e: lettre::transport::smtp::Error| {
        if e.is_permanent() {
            Ok(Err(e.to_string()))
        } else {
            Err(Failure::of(&e))
        }
    };
    match conn.command(command.expose()).await {
        Ok(answer) if answer.has_code(235) => Ok(Ok(())),
        // the error challenge (a JSON status): answered so that the server
        // ends the exchange with its refusal
        Ok(answer) if answer.has_code(334) => {
            match conn
                .command(format!("{}\r\n", b64(mechanism.after_error())))
                .await
            {
                Ok(answer) => Err(Failure::transient(format!(
                    "AUTH {}: unexpected answer {}",
                    mechanism.name(),
                    answer.code()
                ))),
                Err(e) => refusal(e),
            }
        }
        Ok(answer) => Err(Failure::transient(format!(
            "AUTH {}: unexpected answer {}",
            mechanism.name(),
            answer.code()
        ))),
        Err(e) => refusal(e),
    }
}

/// Work to do before a mail's end-of-data dot, the moment the server
/// takes it: the relay makes the previous mail's removal from the outbox
/// durable there, while the server reads this mail's envelope.
pub type BeforeDot = Box<dyn FnOnce() -> Result<(), String> + Send>;

/// Runs `before_dot` if it was not yet run; a failure is permanent (the
/// mail is not sent: the dot never goes).
fn run_before_dot(before_dot: &mut Option<BeforeDot>) -> Result<(), Failure> {
    match before_dot.take() {
        Some(work) => work().map_err(Failure::permanent),
        None => Ok(()),
    }
}

/// Sends one mail over `session`: `MAIL FROM`, `RCPT TO` for each
/// recipient, `DATA` (in one write where the server pipelines), the text,
/// and the server's 250; `before_dot` runs once the envelope is written
/// (while the server checks it), before the text's end.
async fn transmit(
    session: &mut Session,
    envelope: &Envelope,
    bytes: &[u8],
    before_dot: &mut Option<BeforeDot>,
) -> Result<(), Failure> {
    if !session.pipelining {
        run_before_dot(before_dot)?;
        session.conn.send(envelope, bytes).await?;
        return Ok(());
    }
    // the checks and options of lettre's own `send`
    let info = session.conn.server_info();
    let mut options = vec![];
    let non_ascii = envelope
        .from()
        .into_iter()
        .chain(envelope.to())
        .any(|a| !AsRef::<str>::as_ref(a).is_ascii());
    if non_ascii {
        if !info.supports_feature(Extension::SmtpUtfEight) {
            return Err(Failure::permanent(
                "the envelope has non-ASCII addresses and the server lacks SMTPUTF8",
            ));
        }
        options.push(MailParameter::SmtpUtfEight);
    }
    if !bytes.is_ascii() {
        if !info.supports_feature(Extension::EightBitMime) {
            return Err(Failure::permanent(
                "the mail is not ASCII and the server lacks 8BITMIME",
            ));
        }
        options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
    }
    let mut group = Mail::new(envelope.from().cloned(), options).to_string();
    for to in envelope.to() {
        group.push_str(&Rcpt::new(to.clone(), vec![]).to_string());
    }
    group.push_str(&Data.to_string());
    // one write; the reply to MAIL FROM, then one per RCPT TO, then 354
    session.conn.command(group).await?;
    run_before_dot(before_dot)?;
    for _ in envelope.to() {
        session.conn.read_response().await?;
    }
    session.conn.read_response().await?;
    session.conn.message(bytes).await?;
    Ok(())
}

impl SmtpOutbound {
    /// Delivers one mail, running `before_dot` (once) before its
    /// end-of-data dot; left to the caller when the mail failed before.
    ///
    /// # Errors
    /// When the server refused or the connection failed (once more on a
    /// new connection when a reused one failed), or `before_dot` failed.
    pub async fn deliver_after(
        &mut self,
        seq: u64,
        envelope: &Envelope,
        bytes: &[u8],
        before_dot: &mut Option<BeforeDot>,
    ) -> Result<(), MailError> {
        let reused = self.session.is_some();
        let failure = match self.attempt(envelope, bytes, before_dot).await {
            Ok(()) => return Ok(()),
            Err(failure) => failure,
        };
        if !reused || failure.permanent {
            return Err(failure.into_error(seq));
        }
        warn!(seq, error = %failure.reason, "SMTP: the open connection failed, once more on a new one");
        self.attempt(envelope, bytes, before_dot)
            .await
            .map_err(|f| f.into_error(seq))
    }
}

impl Outbound for SmtpOutbound {
    async fn deliver(
        &mut self,
        seq: u64,
        envelope: &Envelope,
        bytes: &[u8],
    ) -> Result<(), MailError> {
        self.deliver_after(seq, envelope, bytes, &mut None).await
    }

    async fn finish(&mut self) {
        SmtpOutbound::finish(self).await;
    }
}

/// The implicit-TLS stream handed to lettre.
#[derive(Debug)]
struct TlsStream(tokio_rustls::client::TlsStream<TcpStream>);

impl AsyncRead for TlsStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl AsyncWrite for TlsStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

impl AsyncTokioStream for TlsStream {
    fn peer_addr(&self) -> std::io::Result<std::net::SocketAddr> {
        self.0.get_ref().0.peer_addr()
    }
}
