//! The Xfcc endpoint (`[xfcc]`): HTTP/1.1 on tokio (hyper), HTTPS when
//! the config names a certificate (rustls). `GetMyGames` is answered here
//! from the games as last committed; a `MakeAMove` goes to the one
//! referee loop as a [`Job`] and is answered once its decision is durable.
//! A request reaches the referee only with a good password; wrong ones are
//! slowed and locked per user and per peer ([`Guard`]). Nothing a client
//! sends can hold the mail side: bodies are bounded, connections timed and
//! counted.

use super::soap::{self, Login, MakeAMove, Request, RequestError};
use super::{account, fault, get_my_games_response, make_a_move_response, wsdl, MoveResult};
use crate::config::XfccConfig;
use crate::referee::state::State;
use crate::referee::tournament::League;
use crate::store::Store;
use chrono_tz::Tz;
use http_body_util::BodyExt;
use hyper::body::Incoming;
use hyper::{Method, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot, watch, Notify, Semaphore};
use tracing::{debug, info, warn};

/// A whole answer in memory.
type Body = http_body_util::Full<hyper::body::Bytes>;

/// How long a client may take to send its request head.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a client may take to send its body.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest a connection lives, keep-alive included: a slow reader of
/// the answer is cut off here.
pub const CONNECTION_TIMEOUT: Duration = Duration::from_secs(60);
/// How long a `MakeAMove` waits for the referee loop before `ServerError`
/// (a move not yet decided then is dropped; a client retries).
pub const DECISION_TIMEOUT: Duration = Duration::from_secs(30);
/// Wrong passwords: each answered after this delay...
pub const FAILURE_DELAY: Duration = Duration::from_secs(1);
/// ... and after this many within [`LOCK_WINDOW`] for one user name ...
pub const USER_FAILURES: u32 = 5;
/// ... or this many from one peer address ...
pub const PEER_FAILURES: u32 = 20;
/// ... the user (or the peer) is refused without a check for this long.
pub const LOCK_WINDOW: Duration = Duration::from_secs(15 * 60);
/// The most user names and peers the guard remembers.
const GUARD_ENTRIES: usize = 10_000;
/// The most `MakeAMove` requests waiting for the referee loop.
pub const QUEUE: usize = 64;

/// A move for the referee loop, from an authenticated player.
#[derive(Debug)]
pub struct Job {
    /// The player's registered address (his user name).
    pub address: String,
    pub request: MakeAMove,
    /// The answer, sent once the decision is durable (or refused).
    pub answer: oneshot::Sender<MoveResult>,
}

/// What the endpoint reads and where it sends moves.
pub struct Door {
    pub config: XfccConfig,
    /// The players and games of the config in force (SIGHUP replaces it).
    pub league: std::sync::RwLock<Arc<League>>,
    pub timezone: Tz,
    pub store: Arc<dyn Store + Send + Sync>,
    /// The games as last committed (the control socket's snapshot).
    pub state: Arc<Mutex<State>>,
    pub jobs: mpsc::Sender<Job>,
    /// Wakes the referee loop from its wait for mail.
    pub wake: Arc<Notify>,
    pub guard: Mutex<Guard>,
    /// Good logins remembered: user → a keyed tag of (stored hash,
    /// password). Argon2 is slow by design; a client asks every few
    /// seconds. A new password (a new hash) misses.
    pub known: Mutex<HashMap<String, u64>>,
    /// The tag's key, random per process.
    pub tag_key: std::hash::RandomState,
    /// Counts the referee's commits.
    pub generation: Arc<std::sync::atomic::AtomicU64>,
    /// The last `GetMyGames` answer per (player, plain moves): kept while
    /// no commit came and the minute (of the clocks) is the same; a
    /// program polls every few seconds.
    pub answers: Mutex<HashMap<(String, bool), Told>>,
}

/// A `GetMyGames` answer and what it was true for: the commits counted,
/// the minute.
#[derive(Debug, Clone)]
pub struct Told {
    generation: u64,
    minute: i64,
    answer: Arc<String>,
}

/// The most logins [`Door::known`] remembers.
const KNOWN_LOGINS: usize = 10_000;

/// Failed logins per user name and per peer address, within a window.
#[derive(Debug, Default)]
pub struct Guard {
    users: HashMap<String, (u32, Instant)>,
    peers: HashMap<IpAddr, (u32, Instant)>,
}

impl Guard {
    /// Whether `user` or `peer` is locked at `now`.
    pub fn locked(&self, user: &str, peer: IpAddr, now: Instant) -> bool {
        let over = |entry: Option<&(u32, Instant)>, limit: u32| {
            entry.is_some_and(|(n, since)| *n >= limit && now.duration_since(*since) < LOCK_WINDOW)
        };
        over(self.users.get(user), USER_FAILURES) || over(self.peers.get(&peer), PEER_FAILURES)
    }

    /// Counts a failure of `user` from `peer` at `now`.
    pub fn fail(&mut self, user: &str, peer: IpAddr, now: Instant) {
        if self.users.len() >= GUARD_ENTRIES || self.peers.len() >= GUARD_ENTRIES {
            self.users
                .retain(|_, (_, since)| now.duration_since(*since) < LOCK_WINDOW);
            self.peers
                .retain(|_, (_, since)| now.duration_since(*since) < LOCK_WINDOW);
        }
        let count = |entry: &mut (u32, Instant)| {
            if now.duration_since(entry.1) >= LOCK_WINDOW {
                *entry = (0, now);
            }
            entry.0 += 1;
        };
        if self.users.len() < GUARD_ENTRIES || self.users.contains_key(user) {
            count(self.users.entry(user.to_string()).or_insert((0, now)));
        }
        if self.peers.len() < GUARD_ENTRIES || self.peers.contains_key(&peer) {
            count(self.peers.entry(peer).or_insert((0, now)));
        }
    }

    /// Forgets the user's failures after a good login.
    pub fn succeed(&mut self, user: &str) {
        self.users.remove(user);
    }
}

/// Binds the endpoint's address (`check --connect` does too).
///
/// # Errors
/// When the address cannot be bound.
pub async fn bind(config: &XfccConfig) -> std::io::Result<TcpListener> {
    TcpListener::bind(config.listen).await
}

/// The TLS acceptor of `[xfcc] tls_cert`/`tls_key`.
///
/// # Errors
/// When a file cannot be read or holds no certificate or key.
pub fn tls(config: &XfccConfig) -> Result<Option<tokio_rustls::TlsAcceptor>, String> {
    use rustls::pki_types::{pem::PemObject, CertificateDer, PrivateKeyDer};
    let Some((cert, key)) = &config.tls else {
        return Ok(None);
    };
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .and_then(|it| it.collect::<Result<_, _>>())
        .map_err(|e| format!("{}: {e}", cert.display()))?;
    let key = PrivateKeyDer::from_pem_file(key).map_err(|e| format!("{}: {e}", key.display()))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let server = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .and_then(|b| b.with_no_client_auth().with_single_cert(certs, key))
        .map_err(|e| format!("{}: {e}", cert.display()))?;
    Ok(Some(tokio_rustls::TlsAcceptor::from(Arc::new(server))))
}

/// Serves `listener` until `shutdown`: at most `max_connections` at once
/// (the rest wait in the system's queue), each timed.
pub async fn serve(
    door: Arc<Door>,
    listener: TcpListener,
    tls: Option<tokio_rustls::TlsAcceptor>,
    shutdown: watch::Receiver<bool>,
) {
    info!(listen = %door.config.listen, url = %door.config.public_url, "Xfcc endpoint listening");
    let max = door.config.max_connections;
    let handler = move |request, peer| {
        let door = door.clone();
        async move { answer(&door, request, peer).await }
    };
    accept(listener, tls, max, shutdown, handler).await;
}

/// The floor the benchmark compares the endpoint with: the same HTTP stack,
/// limits and timeouts answering every request with `body`.
pub async fn serve_fixed(
    listener: TcpListener,
    body: Arc<String>,
    max_connections: usize,
    shutdown: watch::Receiver<bool>,
) {
    let handler = move |request: hyper::Request<Incoming>, _| {
        let body = body.clone();
        async move {
            // the body is read as the endpoint reads it
            let read = http_body_util::Limited::new(request.into_body(), soap::MAX_BODY);
            let _ = tokio::time::timeout(BODY_TIMEOUT, read.collect()).await;
            text(StatusCode::OK, "text/xml; charset=utf-8", body.to_string())
        }
    };
    accept(listener, None, max_connections, shutdown, handler).await;
}

/// The accept loop: each connection its task, under the connection limit,
/// the head and the whole connection timed, `handler` answering each
/// request.
async fn accept<H, F>(
    listener: TcpListener,
    tls: Option<tokio_rustls::TlsAcceptor>,
    max_connections: usize,
    mut shutdown: watch::Receiver<bool>,
    handler: H,
) where
    H: Fn(hyper::Request<Incoming>, IpAddr) -> F + Clone + Send + Sync + 'static,
    F: std::future::Future<Output = hyper::Response<Body>> + Send + 'static,
{
    let permits = Arc::new(Semaphore::new(max_connections));
    loop {
        let Ok(permit) = permits.clone().acquire_owned().await else {
            return;
        };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = shutdown.changed() => return,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                warn!(error = %e, "Xfcc: accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let handler = handler.clone();
        let tls = tls.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let service = hyper::service::service_fn(move |request| {
                let answered = handler(request, peer.ip());
                async move { Ok::<_, std::convert::Infallible>(answered.await) }
            });
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(64 * 1024);
            let served = async {
                match tls {
                    Some(tls) => match tls.accept(stream).await {
                        Ok(stream) => http
                            .serve_connection(TokioIo::new(stream), service)
                            .await
                            .map_err(|e| e.to_string()),
                        Err(e) => Err(format!("TLS: {e}")),
                    },
                    None => http
                        .serve_connection(TokioIo::new(stream), service)
                        .await
                        .map_err(|e| e.to_string()),
                }
            };
            match tokio::time::timeout(CONNECTION_TIMEOUT, served).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => debug!(%peer, error = %e, "Xfcc connection ended"),
                Err(_) => debug!(%peer, "Xfcc connection timed out"),
            }
        });
    }
}

/// The client's `User-Agent`, for the log: at most 200 characters, the
/// bytes not text read as ISO-8859-1.
fn user_agent(request: &hyper::Request<Incoming>) -> String {
    request
        .headers()
        .get(hyper::header::USER_AGENT)
        .map(|v| soap::decode(v.as_bytes()).chars().take(200).collect())
        .unwrap_or_default()
}

/// One HTTP request's answer. Every request refused leaves one log line:
/// the peer, the user where known, the client's `User-Agent`, the reason
/// (never the password).
async fn answer(
    door: &Door,
    request: hyper::Request<Incoming>,
    peer: IpAddr,
) -> hyper::Response<Body> {
    let agent = user_agent(&request);
    let path = request.uri().path().to_ascii_lowercase();
    let wsdl_asked = request.uri().query().is_some_and(|q| {
        q.eq_ignore_ascii_case("wsdl") || q.to_ascii_lowercase().starts_with("wsdl")
    });
    if path != "/xfccbasic.asmx" {
        info!(%peer, user_agent = ?agent, reason = "no such path", path = ?request.uri().path(), "Xfcc: request refused");
        return text(
            StatusCode::NOT_FOUND,
            "text/plain; charset=utf-8",
            "not found\n".into(),
        );
    }
    match *request.method() {
        Method::GET if wsdl_asked => text(
            StatusCode::OK,
            "text/xml; charset=utf-8",
            wsdl(&door.config.public_url),
        ),
        Method::GET => text(
            StatusCode::OK,
            "text/plain; charset=utf-8",
            format!(
                "An Xfcc (XfccBasic) endpoint for chess programs; its WSDL: {}?wsdl\n",
                door.config.public_url
            ),
        ),
        Method::POST => {
            // scidCommunity counts every word of `moves` as a move: it
            // gets them without the date comments
            let plain_moves = request
                .headers()
                .get(hyper::header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.starts_with("scidCommunity"));
            let soap12 = request
                .headers()
                .get(hyper::header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.to_ascii_lowercase().contains("application/soap+xml"));
            let body = http_body_util::Limited::new(request.into_body(), soap::MAX_BODY);
            let read = tokio::time::timeout(BODY_TIMEOUT, body.collect()).await;
            let refused = |status: StatusCode, reason: String| {
                warn!(%peer, user_agent = ?agent, %reason, "Xfcc: request refused");
                (status, fault(true, &reason))
            };
            let (status, xml) = match read {
                Err(_) => refused(
                    StatusCode::REQUEST_TIMEOUT,
                    "the request was not sent in time".into(),
                ),
                Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => refused(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    RequestError::TooLarge.to_string(),
                ),
                Ok(Err(e)) => refused(StatusCode::BAD_REQUEST, e.to_string()),
                Ok(Ok(collected)) => {
                    let client = Client {
                        peer,
                        agent: &agent,
                    };
                    operation(door, &collected.to_bytes(), client, plain_moves).await
                }
            };
            let (xml, content_type) = if soap12 {
                (
                    xml.replacen(
                        "http://schemas.xmlsoap.org/soap/envelope/",
                        "http://www.w3.org/2003/05/soap-envelope",
                        1,
                    ),
                    "application/soap+xml; charset=utf-8",
                )
            } else {
                (xml, "text/xml; charset=utf-8")
            };
            text(status, content_type, xml)
        }
        _ => {
            info!(%peer, user_agent = ?agent, reason = "method not allowed", method = %request.method(), "Xfcc: request refused");
            text(
                StatusCode::METHOD_NOT_ALLOWED,
                "text/plain; charset=utf-8",
                "GET ?wsdl or POST a SOAP request\n".into(),
            )
        }
    }
}

fn text(status: StatusCode, content_type: &'static str, body: String) -> hyper::Response<Body> {
    let mut response = hyper::Response::new(Body::new(body.into()));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static(content_type),
    );
    response
}

/// Who sent a request, for the log.
#[derive(Debug, Clone, Copy)]
struct Client<'a> {
    peer: IpAddr,
    /// Its `User-Agent`.
    agent: &'a str,
}

/// The answer to a SOAP body: (HTTP status, envelope).
async fn operation(
    door: &Door,
    body: &[u8],
    client: Client<'_>,
    plain_moves: bool,
) -> (StatusCode, String) {
    let Client { peer, agent } = client;
    if std::str::from_utf8(body).is_err() {
        info!(%peer, user_agent = ?agent, "Xfcc: the body is not UTF-8 as declared: read as ISO-8859-1");
    }
    let request = match soap::read_request(body) {
        Ok(request) => request,
        Err(e) => {
            warn!(%peer, user_agent = ?agent, reason = %e, "Xfcc: request refused");
            return (
                StatusCode::INTERNAL_SERVER_ERROR,
                fault(true, &e.to_string()),
            );
        }
    };
    match request {
        Request::GetMyGames(login) => match door.login(&login, client).await {
            Some(address) => (
                StatusCode::OK,
                door.my_games(address, plain_moves).to_string(),
            ),
            None => (
                StatusCode::INTERNAL_SERVER_ERROR,
                fault(true, "AuthenticationFailed: wrong user name or password"),
            ),
        },
        Request::MakeAMove(request) => {
            let result = match door.login(&request.login, client).await {
                Some(address) => {
                    if request.note_garbled {
                        info!(%peer, user = %address, user_agent = ?agent, game = request.game_id, "Xfcc: the note arrived garbled: the move without it, the player told");
                    }
                    door.make_a_move(address, request).await
                }
                None => MoveResult::AuthenticationFailed,
            };
            (StatusCode::OK, make_a_move_response(result))
        }
    }
}

impl Door {
    /// The league in force.
    fn league(&self) -> Arc<League> {
        match self.league.read() {
            Ok(league) => league.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Puts the league of a reloaded config in force.
    pub fn set_league(&self, league: League) {
        if let Ok(mut slot) = self.league.write() {
            *slot = Arc::new(league);
        }
    }

    /// The registered address of the player `login` names, if his password
    /// is right and neither he nor `peer` is locked. A failure is answered
    /// after [`FAILURE_DELAY`].
    async fn login(&self, login: &Login, client: Client<'_>) -> Option<String> {
        let peer = client.peer;
        let user = login.username.trim().to_lowercase();
        let locked = self
            .guard
            .lock()
            .is_ok_and(|g| g.locked(&user, peer, Instant::now()));
        if !locked {
            let address = self
                .league()
                .players_at(&user)
                .first()
                .map(|(_, p)| p.address().to_lowercase());
            let hash = address
                .as_deref()
                .and_then(|a| self.store.fact(&account::key(a)).ok().flatten());
            if let (Some(address), Some(hash)) = (address, hash) {
                let tag = {
                    use std::hash::BuildHasher;
                    self.tag_key.hash_one((&hash, &login.password))
                };
                let known = self
                    .known
                    .lock()
                    .is_ok_and(|k| k.get(&address) == Some(&tag));
                if known {
                    return Some(address);
                }
                let password = login.password.clone();
                let checked =
                    tokio::task::spawn_blocking(move || account::verify(&hash, &password)).await;
                if checked.unwrap_or(false) {
                    if let Ok(mut guard) = self.guard.lock() {
                        guard.succeed(&user);
                    }
                    if let Ok(mut known) = self.known.lock() {
                        if known.len() >= KNOWN_LOGINS {
                            known.clear();
                        }
                        known.insert(address.clone(), tag);
                    }
                    return Some(address);
                }
            }
        }
        if let Ok(mut guard) = self.guard.lock() {
            guard.fail(&user, peer, Instant::now());
        }
        let reason = if locked {
            "authentication failed (locked after wrong passwords)"
        } else {
            "authentication failed"
        };
        warn!(%peer, user = ?user, user_agent = ?client.agent, reason, "Xfcc: request refused");
        tokio::time::sleep(FAILURE_DELAY).await;
        None
    }

    /// The answer to the player's `GetMyGames`: the one last written while
    /// nothing was committed since, within the same minute; else written
    /// anew and kept.
    fn my_games(&self, address: String, plain_moves: bool) -> Arc<String> {
        let generation = self.generation.load(std::sync::atomic::Ordering::Acquire);
        let minute = chrono::Utc::now().timestamp() / 60;
        let key = (address, plain_moves);
        if let Ok(answers) = self.answers.lock() {
            if let Some(told) = answers.get(&key) {
                if told.generation == generation && told.minute == minute {
                    return told.answer.clone();
                }
            }
        }
        let mut games = self.games(&key.0);
        if plain_moves {
            for game in &mut games {
                game.moves = super::without_dates(&game.moves);
            }
        }
        let answer = Arc::new(get_my_games_response(&games));
        if let Ok(mut answers) = self.answers.lock() {
            if answers.len() >= KNOWN_LOGINS {
                answers.clear();
            }
            answers.insert(
                key,
                Told {
                    generation,
                    minute,
                    answer: answer.clone(),
                },
            );
        }
        answer
    }

    /// The player's games as `GetMyGames` tells them.
    fn games(&self, address: &str) -> Vec<super::XfccGame> {
        let now = chrono::Utc::now()
            .with_timezone(&self.timezone)
            .naive_local();
        let said = |key: &str| self.store.fact(key).ok().flatten();
        match self.state.lock() {
            Ok(state) => super::referee::my_games(&self.league(), &state, address, now, &said),
            Err(_) => Vec::new(),
        }
    }

    /// Sends the move to the referee loop and waits for its answer.
    async fn make_a_move(&self, address: String, request: MakeAMove) -> MoveResult {
        let (answer, answered) = oneshot::channel();
        let job = Job {
            address,
            request,
            answer,
        };
        if self.jobs.try_send(job).is_err() {
            warn!("Xfcc: the referee's queue is full");
            return MoveResult::ServerError;
        }
        self.wake.notify_one();
        match tokio::time::timeout(DECISION_TIMEOUT, answered).await {
            Ok(Ok(result)) => result,
            _ => MoveResult::ServerError,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_wrong_passwords_lock_the_user_and_twenty_the_peer_for_a_window() {
        let mut guard = Guard::default();
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let t0 = Instant::now();
        for _ in 0..USER_FAILURES - 1 {
            guard.fail("p@x", a, t0);
        }
        assert!(!guard.locked("p@x", a, t0));
        guard.fail("p@x", a, t0);
        assert!(
            guard.locked("p@x", b, t0),
            "the user is locked from any peer"
        );
        assert!(!guard.locked("q@x", a, t0), "the peer is not locked yet");
        assert!(!guard.locked("p@x", b, t0 + LOCK_WINDOW), "the lock ends");
        for i in 0..PEER_FAILURES {
            guard.fail(&format!("u{i}@x"), b, t0);
        }
        assert!(
            guard.locked("anyone@x", b, t0),
            "the peer is locked for every user"
        );
        guard.succeed("p@x");
        assert!(!guard.locked("p@x", a, t0));
    }
}
