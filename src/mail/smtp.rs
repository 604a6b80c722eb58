//! The SMTP outbox: lettre's async transport with rustls, implicit TLS or
//! STARTTLS (or plain on loopback), optional login. Every send is inside a
//! `tokio::time::timeout` (lettre's own timeout covers connecting only), and
//! each send uses a fresh connection, so a connection the server closed
//! cannot fail the next one.

use super::{MailError, Outbound};
use crate::config::{SmtpConfig, Tls};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls as LettreTls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::time::Duration;

/// An SMTP outbox (lettre), each conversation inside a hard timeout.
pub struct SmtpOutbound {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    /// The hard limit of one conversation (lettre's own covers connecting only).
    timeout: Duration,
}

impl SmtpOutbound {
    /// Builds the transport; nothing connects until the first send.
    ///
    /// # Errors
    /// [`MailError::Smtp`] when the TLS parameters cannot be made.
    pub fn new(config: &SmtpConfig, password: Option<String>) -> Result<SmtpOutbound, MailError> {
        let err = |e: lettre::transport::smtp::Error| MailError::Smtp(format!("SMTP setup: {e}"));
        let parameters = || -> Result<TlsParameters, MailError> {
            let mut builder = TlsParameters::builder(config.host.clone());
            if let Some(path) = &config.ca_file {
                let pem = std::fs::read(path)
                    .map_err(|e| MailError::Smtp(format!("ca_file {}: {e}", path.display())))?;
                builder = builder.add_root_certificate(Certificate::from_pem(&pem).map_err(err)?);
            }
            builder.build_rustls().map_err(err)
        };
        let tls = match config.tls {
            Tls::None => LettreTls::None,
            Tls::Implicit => LettreTls::Wrapper(parameters()?),
            Tls::Starttls => LettreTls::Required(parameters()?),
        };
        let mut builder =
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(config.host.clone())
                .port(config.port)
                .tls(tls)
                .timeout(Some(Duration::from_secs(config.timeout_seconds.min(20))));
        if let (Some(user), Some(password)) = (&config.user, password) {
            builder = builder.credentials(Credentials::new(user.clone(), password));
        }
        Ok(SmtpOutbound {
            transport: builder.build(),
            timeout: Duration::from_secs(config.timeout_seconds),
        })
    }
}

impl SmtpOutbound {
    /// `check --connect`: connects (TLS as configured), says EHLO,
    /// authenticates when a user is configured, and quits; nothing is sent.
    ///
    /// # Errors
    /// [`MailError::Smtp`] with the reason.
    pub async fn probe(&self) -> Result<(), MailError> {
        match tokio::time::timeout(self.timeout, self.transport.test_connection()).await {
            Ok(Ok(true)) => Ok(()),
            Ok(Ok(false)) => Err(MailError::Smtp(
                "the server closed the connection after EHLO".into(),
            )),
            Ok(Err(e)) => Err(MailError::Smtp(e.to_string())),
            Err(_) => Err(MailError::Smtp("timed out".into())),
        }
    }
}

impl Outbound for SmtpOutbound {
    async fn deliver(
        &mut self,
        seq: u64,
        envelope: &Envelope,
        bytes: &[u8],
    ) -> Result<(), MailError> {
        match tokio::time::timeout(self.timeout, self.transport.send_raw(envelope, bytes)).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(MailError::Send {
                seq,
                reason: e.to_string(),
            }),
            Err(_) => Err(MailError::Send {
                seq,
                reason: "timed out".into(),
            }),
        }
    }
}
