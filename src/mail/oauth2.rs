//! OAuth2 sign-in to the mail servers (`auth = "oauth2"`): the access
//! tokens, asked for at the provider's token endpoint with the refresh token
//! (the `oauth2` crate over [`super::http`]), kept while they are fresh and
//! renewed before they expire, with a margin that grows with their lifetime;
//! the SASL strings that carry them (XOAUTH2, OAUTHBEARER); and the refresh
//! token file, rewritten atomically when the provider sends a new token.
//!
//! A token or a secret is never written to a log or an error: they are
//! [`Secret`]s, whose `Debug` shows nothing of them.

use crate::config::{read_password, OAuth2Config};
use ::oauth2::basic::{BasicClient, BasicErrorResponseType};
use ::oauth2::{
    AuthType, ClientId, ClientSecret, RefreshToken, RequestTokenError, Scope, TokenResponse,
    TokenUrl,
};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use thiserror::Error;
use tokio::sync::Mutex;
use tracing::{debug, info, warn};

/// A token or a secret: shown as `[secret]`, never as itself.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(text: impl Into<String>) -> Secret {
        Secret(text.into())
    }

    /// The text itself, to send to the server that asked for it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[secret]")
    }
}

/// Why no access token could be had.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SignInError {
    /// The provider refused the refresh token or the client (`invalid_grant`
    /// and the like): only a person can sign in again.
    #[error(
        "the OAuth2 sign-in of the {side} was refused by the token endpoint ({code}{}): sign in \
         again with `mailarbiter oauth2 login {side}`",
        description.as_deref().map(|d| format!(": {d}")).unwrap_or_default()
    )]
    Refused {
        side: String,
        code: String,
        description: Option<String>,
    },
    /// The refresh token file cannot be read, or holds no token.
    #[error(
        "the OAuth2 sign-in of the {side}: oauth2_refresh_token_file {}: {reason} (sign in \
         with `mailarbiter oauth2 login {side}`)",
        path.display()
    )]
    TokenFile {
        side: String,
        path: PathBuf,
        reason: String,
    },
    /// The client secret file cannot be read.
    #[error(
        "the OAuth2 sign-in of the {side}: oauth2_client_secret_file {}: {reason}",
        path.display()
    )]
    SecretFile {
        side: String,
        path: PathBuf,
        reason: String,
    },
    /// The token endpoint could not be reached or gave no usable answer:
    /// tried again later.
    #[error("the OAuth2 token endpoint of the {side} ({url}): {reason}")]
    Unreachable {
        side: String,
        url: String,
        reason: String,
    },
}

impl SignInError {
    /// Whether a person must act (sign in again, mend a file) before the
    /// sign-in can work: not a passing failure of the network.
    pub fn needs_a_person(&self) -> bool {
        !matches!(self, SignInError::Unreachable { .. })
    }

    /// `inbox` or `outbox`: the side whose sign-in failed.
    pub fn side(&self) -> &str {
        match self {
            SignInError::Refused { side, .. }
            | SignInError::TokenFile { side, .. }
            | SignInError::SecretFile { side, .. }
            | SignInError::Unreachable { side, .. } => side,
        }
    }
}

/// How long before its end an access token living `lifetime` is renewed:
/// a fifth of its life, at most five minutes (a token of an hour is
/// renewed after 55 minutes, one of 20 s after 16 s).
pub fn renewal_margin(lifetime: Duration) -> Duration {
    (lifetime / 5).min(Duration::from_secs(300))
}

/// The lifetime taken when the provider does not say (`expires_in`
/// missing): an hour, the common one; a login refused earlier renews it.
const UNSAID_LIFETIME: Duration = Duration::from_secs(3600);

/// The access tokens of one sign-in (an account at a provider), shared by
/// the inbox and the outbox when they use the same refresh token file.
pub struct TokenSource {
    config: OAuth2Config,
    /// `inbox`, `outbox`: for the messages.
    side: String,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    access: Option<Access>,
    /// The refresh token the provider refused, and why: not sent again;
    /// a new one in the file (`oauth2 login`) is taken at the next try.
    refused: Option<(Secret, SignInError)>,
    /// A new refresh token that could not be saved, with the one the
    /// file held: used instead of it while the file is unchanged.
    unsaved: Option<(Secret, Secret)>,
}

struct Access {
    token: Secret,
    /// When it is renewed (its end less the margin).
    renew_at: Instant,
}

impl fmt::Debug for TokenSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TokenSource")
            .field("side", &self.side)
            .field("token_url", &self.config.token_url)
            .finish_non_exhaustive()
    }
}

impl TokenSource {
    /// The sign-in `config`, for the `side` named in messages (`inbox`,
    /// `outbox`); nothing is asked for until a token is needed.
    pub fn new(config: OAuth2Config, side: impl Into<String>) -> TokenSource {
        TokenSource {
            config,
            side: side.into(),
            state: Mutex::default(),
        }
    }

    pub fn config(&self) -> &OAuth2Config {
        &self.config
    }

    /// An access token for a login: the one held while it is fresh, else a
    /// new one from the token endpoint (the refresh token read from its
    /// file each time, so a new sign-in is taken up at once; one the
    /// provider refused is not sent again).
    ///
    /// # Errors
    /// [`SignInError`]: the provider refused, a file cannot be read, or the
    /// endpoint gave no token.
    pub async fn access_token(&self) -> Result<Secret, SignInError> {
        let mut state = self.state.lock().await;
        if let Some(access) = &state.access {
            if Instant::now() < access.renew_at {
                return Ok(access.token.clone());
            }
            debug!(side = %self.side, "OAuth2: the access token is due for renewal");
        }
        state.access = None;
        let in_file = self.refresh_token()?;
        let refresh = match &state.unsaved {
            Some((was, new)) if *was == in_file => new.clone(),
            _ => {
                state.unsaved = None;
                in_file.clone()
            }
        };
        if let Some((refused, why)) = &state.refused {
            if *refused == refresh {
                return Err(why.clone());
            }
            info!(side = %self.side, "OAuth2: a new refresh token is in the file: signing in with it");
        }
        let asked = Instant::now();
        let answer = match self.refresh(&refresh).await {
            Ok(answer) => answer,
            Err(e) => {
                if e.needs_a_person() {
                    state.refused = Some((refresh, e.clone()));
                }
                return Err(e);
            }
        };
        state.refused = None;
        let lifetime = answer.expires_in().unwrap_or(UNSAID_LIFETIME);
        let token = Secret::new(answer.access_token().secret().clone());
        state.access = Some(Access {
            token: token.clone(),
            renew_at: asked + lifetime.saturating_sub(renewal_margin(lifetime)),
        });
        debug!(side = %self.side, lifetime_seconds = lifetime.as_secs(), "OAuth2: a new access token");
        if let Some(new) = answer.refresh_token() {
            let new = Secret::new(new.secret().clone());
            if new != refresh {
                let path = &self.config.refresh_token_file;
                match write_token_file(path, &new) {
                    Ok(()) => {
                        info!(side = %self.side, file = %path.display(), "OAuth2: the provider sent a new refresh token; saved");
                        state.unsaved = None;
                    }
                    Err(e) => {
                        warn!(side = %self.side, file = %path.display(), error = %e, "OAuth2: the provider sent a new refresh token that cannot be saved: it is used while the daemon runs; mend the file's folder or sign in again after a restart");
                        state.unsaved = Some((in_file, new));
                    }
                }
            }
        }
        Ok(token)
    }

    /// A server refused a login with `token`: it is not offered again
    /// (the next login asks for a new one). A token renewed meanwhile by
    /// another login is kept.
    pub async fn refused(&self, token: &Secret) {
        let mut state = self.state.lock().await;
        if state.access.as_ref().is_some_and(|a| a.token == *token) {
            debug!(side = %self.side, "OAuth2: the server refused the access token: a new one for the next login");
            state.access = None;
        }
    }

    /// The refresh token, the first line of its file.
    fn refresh_token(&self) -> Result<Secret, SignInError> {
        let path = &self.config.refresh_token_file;
        read_password(path)
            .map(Secret)
            .map_err(|e| SignInError::TokenFile {
                side: self.side.clone(),
                path: path.clone(),
                reason: e
                    .to_string()
                    .replace("write the password on it", "write the refresh token on it"),
            })
    }

    /// The `oauth2` client of this sign-in, with its secret if it has one.
    fn client(&self) -> Result<Client, SignInError> {
        client(&self.config, &self.side)
    }

    async fn refresh(&self, refresh: &Secret) -> Result<TokenAnswer, SignInError> {
        let client = self.client()?;
        let token = RefreshToken::new(refresh.expose().to_string());
        let mut request = client.exchange_refresh_token(&token);
        if let Some(scope) = &self.config.scope {
            request = request.add_scopes(scope.split_whitespace().map(|s| Scope::new(s.into())));
        }
        let ca_file = &self.config.ca_file;
        let http = |request| super::http::send(request, ca_file.clone());
        request
            .request_async(&http)
            .await
            .map_err(|e| self.failure(e))
    }

    /// A failed token request in words (never with the answer's body).
    fn failure<E: std::error::Error>(
        &self,
        e: RequestTokenError<E, ::oauth2::StandardErrorResponse<BasicErrorResponseType>>,
    ) -> SignInError {
        failure(&self.config, &self.side, e)
    }
}

/// The token answer of the basic client.
pub(crate) type TokenAnswer = ::oauth2::basic::BasicTokenResponse;

/// The `oauth2` client: a token endpoint set, the device endpoint maybe.
pub(crate) type Client = ::oauth2::Client<
    ::oauth2::basic::BasicErrorResponse,
    TokenAnswer,
    ::oauth2::basic::BasicTokenIntrospectionResponse,
    ::oauth2::StandardRevocableToken,
    ::oauth2::basic::BasicRevocationErrorResponse,
    ::oauth2::EndpointNotSet,
    ::oauth2::EndpointMaybeSet,
    ::oauth2::EndpointNotSet,
    ::oauth2::EndpointNotSet,
    ::oauth2::EndpointSet,
>;

/// The client of `config`: its id, its secret (read from its file) sent
/// in the request body as the providers take it, the token endpoint and,
/// when configured, the device endpoint.
pub(crate) fn client(config: &OAuth2Config, side: &str) -> Result<Client, SignInError> {
    let unusable = |url: &str, e: &dyn fmt::Display| SignInError::Unreachable {
        side: side.into(),
        url: url.into(),
        reason: format!("not a usable URL: {e}"),
    };
    let token_url =
        TokenUrl::new(config.token_url.clone()).map_err(|e| unusable(&config.token_url, &e))?;
    let device_url = match &config.device_url {
        Some(url) => Some(
            ::oauth2::DeviceAuthorizationUrl::new(url.clone()).map_err(|e| unusable(url, &e))?,
        ),
        None => None,
    };
    let mut client = BasicClient::new(ClientId::new(config.client_id.clone()))
        .set_auth_type(AuthType::RequestBody)
        .set_token_uri(token_url)
        .set_device_authorization_url_option(device_url);
    if let Some(path) = &config.client_secret_file {
        let secret = read_password(path).map_err(|e| SignInError::SecretFile {
            side: side.into(),
            path: path.clone(),
            reason: e.to_string(),
        })?;
        client = client.set_client_secret(ClientSecret::new(secret));
    }
    Ok(client)
}

/// A failed token request in words: the provider's refusal by its code
/// and description, any other failure by what went wrong (never with the
/// answer's body, which may hold a token).
pub(crate) fn failure<E: std::error::Error, T: ::oauth2::ErrorResponseType + fmt::Display>(
    config: &OAuth2Config,
    side: &str,
    e: RequestTokenError<E, ::oauth2::StandardErrorResponse<T>>,
) -> SignInError {
    let unreachable = |reason: String| SignInError::Unreachable {
        side: side.into(),
        url: config.token_url.clone(),
        reason,
    };
    match e {
        RequestTokenError::ServerResponse(refusal) => {
            let code = refusal.error().to_string();
            // passing troubles of the provider: tried again later
            if matches!(code.as_str(), "temporarily_unavailable" | "server_error") {
                return unreachable(format!("the provider answered {code}"));
            }
            SignInError::Refused {
                side: side.into(),
                code,
                description: refusal
                    .error_description()
                    .map(|d| d.split_whitespace().collect::<Vec<_>>().join(" ")),
            }
        }
        RequestTokenError::Request(e) => unreachable(e.to_string()),
        RequestTokenError::Parse(e, _) => unreachable(format!(
            "its answer is not a token answer (at {})",
            e.path()
        )),
        RequestTokenError::Other(reason) => unreachable(reason),
    }
}

/// `oauth2 login`: signs the account in with the device authorization
/// grant (RFC 8628) and writes the refresh token file. What a person must
/// do (the address to open, the code to enter) is handed to `say` at
/// once; then the token endpoint is polled as the provider says
/// (`interval`, `authorization_pending`, `slow_down`) until the code is
/// entered, refused, or runs out. Nothing secret is handed to `say`.
///
/// # Errors
/// [`SignInError`]: no device endpoint configured, the provider refused
/// (or the person did, or the code ran out), it gave no refresh token,
/// or the file cannot be written.
pub async fn device_login(
    config: &OAuth2Config,
    side: &str,
    account: &str,
    mut say: impl FnMut(String),
) -> Result<(), SignInError> {
    let refused = |code: &str, description: String| SignInError::Refused {
        side: side.into(),
        code: code.into(),
        description: Some(description),
    };
    let Some(device_url) = &config.device_url else {
        return Err(refused(
            "no device endpoint",
            "oauth2_device_url is not set (the provider's device authorization endpoint)".into(),
        ));
    };
    let client = client(config, side)?;
    let http = |request| super::http::send(request, config.ca_file.clone());
    let mut request = client
        .exchange_device_code()
        .map_err(|e| refused("configuration", e.to_string()))?;
    if let Some(scope) = &config.scope {
        request = request.add_scopes(scope.split_whitespace().map(|s| Scope::new(s.into())));
    }
    let details: ::oauth2::StandardDeviceAuthorizationResponse =
        request.request_async(&http).await.map_err(|e| {
            let mut e = failure(config, side, e);
            if let SignInError::Unreachable { url, .. } = &mut e {
                url.clone_from(device_url);
            }
            e
        })?;
    say(format!(
        "To sign in the {side}'s account ({account}), open\n\n    {}\n\nand enter the code\n\n    {}\n",
        details.verification_uri().as_str(),
        details.user_code().secret()
    ));
    if let Some(complete) = details.verification_uri_complete() {
        say(format!(
            "(or open {}, which carries the code)\n",
            complete.secret()
        ));
    }
    say(format!(
        "Waiting for the sign-in (the code is good for {} minutes)...",
        details.expires_in().as_secs().div_ceil(60)
    ));
    let answer: TokenAnswer = client
        .exchange_device_access_token(&details)
        .request_async(&http, tokio::time::sleep, None)
        .await
        .map_err(|e| failure(config, side, e))?;
    let Some(refresh) = answer.refresh_token() else {
        return Err(refused(
            "no refresh token",
            "the provider signed in but gave no refresh token: ask for offline access in \
             oauth2_scope (Microsoft: offline_access)"
                .into(),
        ));
    };
    let path = &config.refresh_token_file;
    write_token_file(path, &Secret::new(refresh.secret().clone())).map_err(|e| {
        SignInError::TokenFile {
            side: side.into(),
            path: path.clone(),
            reason: format!("cannot be written: {e}"),
        }
    })?;
    say(format!(
        "Signed in. The refresh token is in {}. A running daemon takes it up at its next \
         try, or at once on SIGHUP (systemctl reload mailarbiter).",
        path.display()
    ));
    Ok(())
}

/// Writes `token` as the only line of the file at `path`, atomically: a
/// file beside it (mode 0600) written, synced and renamed over it, the
/// folder synced; a crash leaves the old token or the new one, whole.
/// The file keeps the owner of the one it replaces, or (a first one) takes
/// the folder's, where the writer may give it away (root, signing in for a
/// service whose state folder it is); elsewhere it is the writer's.
///
/// # Errors
/// When the folder cannot be written.
pub fn write_token_file(path: &Path, token: &Secret) -> std::io::Result<()> {
    use std::io::Write as _;
    use std::os::unix::fs::{MetadataExt as _, OpenOptionsExt as _};
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("the path names no file"))?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut temporary = std::ffi::OsString::from(".");
    temporary.push(name);
    temporary.push(format!(".{}.new", std::process::id()));
    let temporary = folder.join(temporary);
    let _ = std::fs::remove_file(&temporary);
    let written = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&temporary)?;
        if let Ok(owner) = std::fs::metadata(path).or_else(|_| std::fs::metadata(folder)) {
            // refused unless the writer may: then the file stays its own
            let _ = std::os::unix::fs::fchown(&file, Some(owner.uid()), Some(owner.gid()));
        }
        file.write_all(token.expose().as_bytes())?;
        file.write_all(b"\n")?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)?;
        std::fs::File::open(folder)?.sync_all()
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// The SASL mechanisms that carry a bearer token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mechanism {
    /// Google's and Microsoft's `XOAUTH2`.
    Xoauth2,
    /// RFC 7628's `OAUTHBEARER`.
    OAuthBearer,
}

impl Mechanism {
    /// The name in `AUTHENTICATE`/`AUTH`.
    pub fn name(self) -> &'static str {
        match self {
            Mechanism::Xoauth2 => "XOAUTH2",
            Mechanism::OAuthBearer => "OAUTHBEARER",
        }
    }

    /// The one to use with a server offering `offered` (the names after
    /// `AUTH=`): XOAUTH2 where offered (the providers' own), else
    /// OAUTHBEARER where offered, else XOAUTH2 (a server that lists none).
    pub fn choose<'a>(offered: impl IntoIterator<Item = &'a str>) -> Mechanism {
        let offered: Vec<&str> = offered.into_iter().collect();
        let has = |name: &str| offered.iter().any(|o| o.eq_ignore_ascii_case(name));
        if !has("XOAUTH2") && has("OAUTHBEARER") {
            Mechanism::OAuthBearer
        } else {
            Mechanism::Xoauth2
        }
    }

    /// The client's first message: the user and the token (RFC 7628 §3.1
    /// for OAUTHBEARER, with the server's host and port).
    pub fn initial_response(self, user: &str, token: &Secret, host: &str, port: u16) -> Secret {
        let token = token.expose();
        Secret(match self {
            Mechanism::Xoauth2 => format!("user={user}\x01auth=Bearer {token}\x01\x01"),
            Mechanism::OAuthBearer => {
                // the gs2 header escapes ',' and '=' in the name (RFC 5801)
                let user = user.replace('=', "=3D").replace(',', "=2C");
                format!("n,a={user},\x01host={host}\x01port={port}\x01auth=Bearer {token}\x01\x01")
            }
        })
    }

    /// What the client answers to the server's error challenge (a JSON
    /// status) so that the server ends the exchange with its refusal.
    pub fn after_error(self) -> &'static [u8] {
        match self {
            Mechanism::Xoauth2 => b"",
            Mechanism::OAuthBearer => b"\x01",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_margin_grows_with_the_lifetime_up_to_five_minutes() {
        let s = Duration::from_secs;
        assert_eq!(renewal_margin(s(20)), s(4));
        assert_eq!(renewal_margin(s(600)), s(120));
        assert_eq!(renewal_margin(s(3600)), s(300));
        assert_eq!(renewal_margin(s(86400)), s(300));
        assert_eq!(renewal_margin(s(0)), s(0));
    }

    #[test]
    fn xoauth2_is_preferred_and_oauthbearer_taken_where_it_is_the_only_one() {
        assert_eq!(
            Mechanism::choose(["PLAIN", "XOAUTH2", "OAUTHBEARER"]),
            Mechanism::Xoauth2
        );
        assert_eq!(
            Mechanism::choose(["PLAIN", "oauthbearer"]),
            Mechanism::OAuthBearer
        );
        assert_eq!(Mechanism::choose([]), Mechanism::Xoauth2);
    }

    #[test]
    fn the_sasl_messages_carry_the_user_and_the_token_as_the_rfcs_write_them() {
        let token = Secret::new("ya29.vF9dft4qmTc2Nvb3RlckBhdHRhdmlzdGEuY29tCg");
        assert_eq!(
            Mechanism::Xoauth2
                .initial_response("someuser@example.com", &token, "imap.example.com", 993)
                .expose(),
            "user=someuser@example.com\x01auth=Bearer ya29.vF9dft4qmTc2Nvb3RlckBhdHRhdmlzdGEuY29tCg\x01\x01"
        );
        // RFC 7628 §4.1, with the user escaped as RFC 5801 asks
        assert_eq!(
            Mechanism::OAuthBearer
                .initial_response("user=a,b@example.com", &token, "server.example.com", 143)
                .expose(),
            "n,a=user=3Da=2Cb@example.com,\x01host=server.example.com\x01port=143\x01auth=Bearer \
             ya29.vF9dft4qmTc2Nvb3RlckBhdHRhdmlzdGEuY29tCg\x01\x01"
        );
    }

    #[test]
    fn a_secret_shows_nothing_of_itself() {
        let token = Secret::new("ya29.secret-token");
        assert_eq!(format!("{token:?}"), "[secret]");
        let refused = SignInError::Refused {
            side: "inbox".into(),
            code: "invalid_grant".into(),
            description: Some("The refresh token has expired.".into()),
        };
        assert_eq!(
            refused.to_string(),
            "the OAuth2 sign-in of the inbox was refused by the token endpoint (invalid_grant: \
             The refresh token has expired.): sign in again with `mailarbiter oauth2 login inbox`"
        );
        assert!(refused.needs_a_person());
    }

    #[test]
    fn the_token_file_is_replaced_whole_and_private() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("refresh-token");
        std::fs::write(&path, "old\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        write_token_file(&path, &Secret::new("new-token")).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new-token\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        // nothing else is left in the folder
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // a folder that cannot be written: the old file stays
        let missing = dir.path().join("gone/refresh-token");
        assert!(write_token_file(&missing, &Secret::new("x")).is_err());
    }

    /// Root signing in for the service (`oauth2 login` from a root shell)
    /// leaves the file to the service's user, who reads and rewrites it.
    #[test]
    fn the_token_file_keeps_its_owner_or_takes_the_folders() {
        use std::os::unix::fs::MetadataExt as _;
        let dir = tempfile::tempdir().unwrap();
        if std::fs::metadata(dir.path()).unwrap().uid() != 0 {
            eprintln!("skipped: only root may give a file away");
            return;
        }
        let nobody = 65534;
        let service = dir.path().join("state");
        std::fs::create_dir(&service).unwrap();
        std::os::unix::fs::chown(&service, Some(nobody), Some(nobody)).unwrap();
        let path = service.join("refresh-token");
        write_token_file(&path, &Secret::new("first")).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().uid(), nobody);
        // replaced: its owner stays, whoever owns the folder
        std::os::unix::fs::chown(&path, Some(nobody + 1), Some(nobody + 1)).unwrap();
        write_token_file(&path, &Secret::new("second")).unwrap();
        let meta = std::fs::metadata(&path).unwrap();
        assert_eq!((meta.uid(), meta.gid()), (nobody + 1, nobody + 1));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
    }
}
