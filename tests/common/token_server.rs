//! An OAuth2 provider for the tests, on loopback: the token endpoint (the
//! refresh token grant and the device grant of RFC 8628) and the device
//! authorization endpoint, over hyper's HTTP server on a thread of its own
//! (a test may block while the daemon asks it for a token). Its access
//! tokens are JWTs signed HS256 with the key the test Dovecot checks them
//! with (`MS_OAUTH2_KEY`), carrying the account in `email` and a short
//! `exp`; its refresh tokens rotate at each use when asked to, and one can
//! be revoked (`invalid_grant`). Every token it ever issued is kept, for
//! the tests that look for them where they must not be.
#![allow(dead_code)]

use base64::Engine as _;
use http_body_util::{BodyExt as _, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How the provider behaves; changed while it runs with [`TokenServer::set`].
#[derive(Debug, Clone)]
pub struct Settings {
    /// The HS256 key (raw bytes).
    pub key: Vec<u8>,
    pub client_id: String,
    /// The client secret the requests must carry, if any.
    pub client_secret: Option<String>,
    /// How long an access token lives (its `exp`).
    pub lifetime: u64,
    /// What `expires_in` says, when it is to differ from `lifetime`.
    pub told_lifetime: Option<u64>,
    /// A refresh token is used once: each answer carries a new one.
    pub rotate: bool,
    /// The device grant's polling interval (seconds).
    pub interval: u64,
    /// The first poll of a device code is answered `slow_down`.
    pub slow_down_once: bool,
}

impl Settings {
    pub fn new(key: Vec<u8>) -> Settings {
        Settings {
            key,
            client_id: "mailarbiter-test".into(),
            client_secret: None,
            lifetime: 20,
            told_lifetime: None,
            rotate: false,
            interval: 1,
            slow_down_once: false,
        }
    }
}

/// A device code waiting for its user.
#[derive(Debug, Clone)]
struct Device {
    user_code: String,
    scope: String,
    /// The account that approved it.
    approved: Option<String>,
    interval: u64,
    polls: Vec<Instant>,
    slowed: bool,
    done: bool,
}

#[derive(Debug, Default)]
struct State {
    settings: Option<Settings>,
    /// Refresh token → account.
    refresh: HashMap<String, String>,
    revoked: HashSet<String>,
    /// Every token and code issued, in order.
    issued: Vec<String>,
    /// The grant of each token request, in order.
    grants: Vec<String>,
    /// The scope of each refresh request.
    scopes: Vec<String>,
    devices: HashMap<String, Device>,
    counter: u64,
}

impl State {
    fn settings(&self) -> &Settings {
        self.settings.as_ref().expect("set at start")
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.counter += 1;
        let mut random = [0u8; 12];
        getrandom::fill(&mut random).expect("randomness");
        let text: String = random.iter().map(|b| format!("{b:02x}")).collect();
        let token = format!("{prefix}{}-{text}", self.counter);
        self.issued.push(token.clone());
        token
    }

    /// An access token (a JWT) for `email`, and the answer that carries it
    /// (with a new refresh token when rotating, `refresh` otherwise).
    fn tokens(&mut self, email: &str, refresh: Option<&str>) -> String {
        let settings = self.settings().clone();
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs();
        self.counter += 1;
        let access = jwt(
            &settings.key,
            &serde_json::json!({
                "iss": "mailarbiter-test-provider",
                "sub": email,
                "email": email,
                "iat": now,
                "exp": now + settings.lifetime,
                "jti": format!("t{}", self.counter),
            }),
        );
        self.issued.push(access.clone());
        let mut answer = serde_json::json!({
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": settings.told_lifetime.unwrap_or(settings.lifetime),
        });
        let next = match refresh {
            Some(old) if settings.rotate => {
                self.refresh.remove(old);
                self.revoked.insert(old.to_string());
                Some(self.grant_inner(email))
            }
            Some(_) => None,
            None => Some(self.grant_inner(email)),
        };
        if let Some(next) = next {
            answer["refresh_token"] = next.into();
        }
        answer.to_string()
    }

    fn grant_inner(&mut self, email: &str) -> String {
        let token = self.fresh("rt");
        self.refresh.insert(token.clone(), email.to_string());
        token
    }
}

/// A JWT signed HS256 with `key`.
pub fn jwt(key: &[u8], claims: &serde_json::Value) -> String {
    let b64 = |b: &[u8]| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b);
    let head = b64(br#"{"alg":"HS256","typ":"JWT"}"#);
    let body = b64(claims.to_string().as_bytes());
    let signed = format!("{head}.{body}");
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, key);
    let tag = ring::hmac::sign(&key, signed.as_bytes());
    format!("{signed}.{}", b64(tag.as_ref()))
}

/// The key the test Dovecot checks tokens with (`MS_OAUTH2_KEY` names its
/// file), raw.
pub fn dovecot_key(file: &std::path::Path) -> Vec<u8> {
    let text = std::fs::read_to_string(file).expect("the OAuth2 key of the test servers");
    base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .expect("a base64 key")
}

/// The running provider; stopped when dropped.
pub struct TokenServer {
    /// `http://127.0.0.1:PORT`.
    pub url: String,
    state: Arc<Mutex<State>>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TokenServer {
    pub fn start(settings: Settings) -> TokenServer {
        TokenServer::serving(settings, None)
    }

    /// As [`TokenServer::start`], over HTTPS with the certificate chain and
    /// key in these PEM files (`https://localhost:PORT`).
    pub fn start_tls(
        settings: Settings,
        cert: &std::path::Path,
        key: &std::path::Path,
    ) -> TokenServer {
        use rustls::pki_types::{pem::PemObject, CertificateDer, PrivateKeyDer};
        let chain = CertificateDer::pem_file_iter(cert)
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        let key = PrivateKeyDer::from_pem_file(key).unwrap();
        let config = rustls::ServerConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .unwrap();
        let mut server = TokenServer::serving(
            settings,
            Some(tokio_rustls::TlsAcceptor::from(Arc::new(config))),
        );
        server.url = server.url.replace("http://127.0.0.1", "https://localhost");
        server
    }

    fn serving(settings: Settings, tls: Option<tokio_rustls::TlsAcceptor>) -> TokenServer {
        let state = Arc::new(Mutex::new(State {
            settings: Some(settings),
            ..State::default()
        }));
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        listener.set_nonblocking(true).unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = tokio::sync::oneshot::channel();
        let shared = state.clone();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(serve(listener, shared, stopped, tls));
        });
        TokenServer {
            url,
            state,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    pub fn token_url(&self) -> String {
        format!("{}/token", self.url)
    }

    pub fn device_url(&self) -> String {
        format!("{}/device", self.url)
    }

    /// A refresh token for `email`, as a past sign-in left it.
    pub fn grant(&self, email: &str) -> String {
        self.state.lock().unwrap().grant_inner(email)
    }

    /// The provider forgets `refresh`: its next use is `invalid_grant`.
    pub fn revoke(&self, refresh: &str) {
        let mut state = self.state.lock().unwrap();
        state.refresh.remove(refresh);
        state.revoked.insert(refresh.to_string());
    }

    /// Every refresh token it holds valid now.
    pub fn valid_refresh_tokens(&self) -> Vec<String> {
        self.state.lock().unwrap().refresh.keys().cloned().collect()
    }

    pub fn set(&self, change: impl FnOnce(&mut Settings)) {
        let mut state = self.state.lock().unwrap();
        change(state.settings.as_mut().unwrap());
    }

    /// Every token and code it issued.
    pub fn issued(&self) -> Vec<String> {
        self.state.lock().unwrap().issued.clone()
    }

    /// The grant types of the token requests so far, in order.
    pub fn grants(&self) -> Vec<String> {
        self.state.lock().unwrap().grants.clone()
    }

    /// The `scope` sent with each refresh request.
    pub fn scopes(&self) -> Vec<String> {
        self.state.lock().unwrap().scopes.clone()
    }

    /// `email` approves the device code whose user code is `user_code`.
    pub fn approve(&self, user_code: &str, email: &str) -> bool {
        let mut state = self.state.lock().unwrap();
        match state
            .devices
            .values_mut()
            .find(|d| d.user_code == user_code)
        {
            Some(device) => {
                device.approved = Some(email.to_string());
                true
            }
            None => false,
        }
    }

    /// The polls of the device code with `user_code`, as they came, and
    /// the scope it was asked with.
    pub fn device(&self, user_code: &str) -> Option<(Vec<Instant>, String)> {
        let state = self.state.lock().unwrap();
        state
            .devices
            .values()
            .find(|d| d.user_code == user_code)
            .map(|d| (d.polls.clone(), d.scope.clone()))
    }
}

impl Drop for TokenServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

async fn serve(
    listener: std::net::TcpListener,
    state: Arc<Mutex<State>>,
    mut stopped: tokio::sync::oneshot::Receiver<()>,
    tls: Option<tokio_rustls::TlsAcceptor>,
) {
    let listener = tokio::net::TcpListener::from_std(listener).unwrap();
    loop {
        let (tcp, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(_) => continue,
            },
            _ = &mut stopped => return,
        };
        let state = state.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request| {
                let state = state.clone();
                async move { Ok::<_, std::convert::Infallible>(answer(request, &state).await) }
            });
            let http = hyper::server::conn::http1::Builder::new();
            let _ = match tls {
                Some(tls) => match tls.accept(tcp).await {
                    Ok(stream) => {
                        http.serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                            .await
                    }
                    Err(_) => return,
                },
                None => {
                    http.serve_connection(hyper_util::rt::TokioIo::new(tcp), service)
                        .await
                }
            };
        });
    }
}

fn json(status: StatusCode, body: String) -> Response<Full<Bytes>> {
    Response::builder()
        .status(status)
        .header("content-type", "application/json")
        .header("cache-control", "no-store")
        .body(Full::new(Bytes::from(body)))
        .unwrap()
}

fn refusal(status: StatusCode, code: &str, description: &str) -> Response<Full<Bytes>> {
    json(
        status,
        serde_json::json!({"error": code, "error_description": description}).to_string(),
    )
}

async fn answer(request: Request<Incoming>, state: &Mutex<State>) -> Response<Full<Bytes>> {
    let path = request.uri().path().to_string();
    if request.method() != hyper::Method::POST {
        return refusal(
            StatusCode::METHOD_NOT_ALLOWED,
            "invalid_request",
            "POST only",
        );
    }
    let body = match request.into_body().collect().await {
        Ok(body) => body.to_bytes(),
        Err(_) => return refusal(StatusCode::BAD_REQUEST, "invalid_request", "no body"),
    };
    let form: HashMap<String, String> = oauth2::url::form_urlencoded::parse(&body)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let mut state = state.lock().unwrap();
    let settings = state.settings().clone();
    if form.get("client_id") != Some(&settings.client_id)
        || form.get("client_secret") != settings.client_secret.as_ref()
    {
        return refusal(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "unknown client or wrong secret",
        );
    }
    match path.as_str() {
        "/device" => {
            let device_code = state.fresh("dc");
            let user_code = format!(
                "{:04}-{:04}",
                state.counter % 10_000,
                state.counter * 7 % 10_000
            );
            state.devices.insert(
                device_code.clone(),
                Device {
                    user_code: user_code.clone(),
                    scope: form.get("scope").cloned().unwrap_or_default(),
                    approved: None,
                    interval: settings.interval,
                    polls: Vec::new(),
                    slowed: false,
                    done: false,
                },
            );
            json(
                StatusCode::OK,
                serde_json::json!({
                    "device_code": device_code,
                    "user_code": user_code,
                    "verification_uri": format!("{}/verify", "https://login.example.test"),
                    "expires_in": 600,
                    "interval": settings.interval,
                })
                .to_string(),
            )
        }
        "/token" => {
            let grant = form.get("grant_type").cloned().unwrap_or_default();
            state.grants.push(grant.clone());
            match grant.as_str() {
                "refresh_token" => {
                    state
                        .scopes
                        .push(form.get("scope").cloned().unwrap_or_default());
                    let refresh = form.get("refresh_token").cloned().unwrap_or_default();
                    match state.refresh.get(&refresh).cloned() {
                        Some(email) => json(StatusCode::OK, state.tokens(&email, Some(&refresh))),
                        None => refusal(
                            StatusCode::BAD_REQUEST,
                            "invalid_grant",
                            "The refresh token has been revoked.",
                        ),
                    }
                }
                "urn:ietf:params:oauth:grant-type:device_code" => {
                    let code = form.get("device_code").cloned().unwrap_or_default();
                    let Some(device) = state.devices.get_mut(&code) else {
                        return refusal(
                            StatusCode::BAD_REQUEST,
                            "invalid_grant",
                            "unknown device code",
                        );
                    };
                    let now = Instant::now();
                    let early = device.polls.last().is_some_and(|last| {
                        now.duration_since(*last) < Duration::from_secs(device.interval)
                    });
                    device.polls.push(now);
                    if device.done {
                        return refusal(StatusCode::BAD_REQUEST, "invalid_grant", "used");
                    }
                    if early || (settings.slow_down_once && !device.slowed) {
                        device.slowed = true;
                        device.interval += 5;
                        return refusal(StatusCode::BAD_REQUEST, "slow_down", "poll less often");
                    }
                    match device.approved.clone() {
                        None => refusal(
                            StatusCode::BAD_REQUEST,
                            "authorization_pending",
                            "the user has not yet approved",
                        ),
                        Some(email) => {
                            device.done = true;
                            json(StatusCode::OK, state.tokens(&email, None))
                        }
                    }
                }
                _ => refusal(StatusCode::BAD_REQUEST, "unsupported_grant_type", "no"),
            }
        }
        _ => refusal(StatusCode::NOT_FOUND, "invalid_request", "no such endpoint"),
    }
}
