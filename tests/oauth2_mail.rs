//! The OAuth2 sign-in on real mail: Dovecot (IMAP, and Postfix's SMTP AUTH
//! on the submission port through Dovecot's auth service) takes SASL
//! XOAUTH2 and OAUTHBEARER with bearer tokens it checks itself (JWTs signed
//! with the key in `MS_OAUTH2_KEY`), started by `tests/run.sh`
//! (`tests/mailserver.sh`); the tokens come from the tests' provider on
//! loopback (`common/token_server.rs`). `mailarbiter run` signs in to both
//! with them: a token ending mid-run is renewed, one the server refuses
//! before its time is renewed once, and a refresh token the provider
//! revoked makes `status` unhealthy while every mail waits, until a new
//! sign-in is written. No token is ever in the log or in `status`.
//!
//! The tests run one at a time (some stop and start Dovecot).

#![allow(clippy::await_holding_lock)]

mod common;
#[path = "common/mailserver.rs"]
mod mailserver;
#[path = "common/token_server.rs"]
mod token_server;

use mailarbiter::mail::oauth2::{write_token_file, Mechanism, Secret};
use mailserver::Users;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use token_server::{Settings, TokenServer};

static SERIAL: Mutex<()> = Mutex::new(());

/// The running test servers, or `None` (with a note) when the suite runs
/// without them; `MAILARBITER_REQUIRE_MAILSERVER=1` (set by tests/run.sh)
/// makes their absence a failure.
fn servers() -> Option<Servers> {
    use mailserver::port;
    Some(Servers {
        root: mailserver::root()?,
        imap: port("MS_IMAP_PORT"),
        smtp: port("MS_SMTP_PORT"),
        submission: port("MS_SUBMISSION_PORT"),
        key: token_server::dovecot_key(Path::new(
            &std::env::var("MS_OAUTH2_KEY").expect("MS_OAUTH2_KEY is set with MS_ROOT"),
        )),
    })
}

struct Servers {
    root: PathBuf,
    imap: u16,
    smtp: u16,
    /// Postfix's port that takes mail only after a login.
    submission: u16,
    /// The key Dovecot checks the bearer tokens with.
    key: Vec<u8>,
}

impl Servers {
    fn script(&self, args: &[&str]) {
        mailserver::script(&self.root, args);
    }

    fn users(&self, test: &str) -> Users {
        mailserver::users(&self.root, test)
    }

    /// A provider whose tokens Dovecot takes.
    fn provider(&self, change: impl FnOnce(&mut Settings)) -> TokenServer {
        let mut settings = Settings::new(self.key.clone());
        change(&mut settings);
        TokenServer::start(settings)
    }

    /// The subjects (with a game mail's headline) in a user's folder, and
    /// whether each is seen; read with the user's password.
    async fn mails(&self, user: &str, folder: &str) -> Vec<(String, bool)> {
        let mails = mailserver::mails(self.imap, user, folder).await;
        mails
            .into_iter()
            .map(|(subject, body, seen)| (common::about(&subject, &body), seen))
            .collect()
    }

    /// A player's move, sent by SMTP (port 25, no login) to the arbiter.
    async fn send(&self, from: &str, to: &str, raw: &[u8]) {
        mailserver::send(self.smtp, from, to, raw).await;
    }

    async fn wait_for(&self, user: &str, count: usize, limit: Duration, dir: &Path) {
        let start = Instant::now();
        loop {
            let n = self.mails(user, "INBOX").await.len();
            if n >= count {
                return;
            }
            assert!(
                start.elapsed() < limit,
                "{user}: {n} mails, waited {limit:?} for {count}\n{}",
                daemon_log(dir)
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    fn log(&self, name: &str) -> String {
        std::fs::read_to_string(self.root.join(name)).unwrap_or_default()
    }
}

/// A file holding `token` on its first line, mode 0600.
fn token_file(path: &Path, token: &str) {
    write_token_file(path, &Secret::new(token)).unwrap();
}

/// A tournament folder whose IMAP inbox and SMTP outbox (the submission
/// port) sign in with OAuth2 at `provider`: one refresh token file for
/// both (`refresh-token`), or the outbox its own (`smtp-refresh-token`).
fn arena(
    servers: &Servers,
    users: &Users,
    provider: &TokenServer,
    outbox_own_file: bool,
) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    token_file(
        &dir.path().join("refresh-token"),
        &provider.grant(&users.arbiter),
    );
    let outbox_file = if outbox_own_file {
        token_file(
            &dir.path().join("smtp-refresh-token"),
            &provider.grant(&users.arbiter),
        );
        "smtp-refresh-token"
    } else {
        "refresh-token"
    };
    let sign_in = |file: &str| {
        format!(
            "user = \"{arb}\"\nauth = \"oauth2\"\noauth2_token_url = \"{url}\"\n\
             oauth2_device_url = \"{device}\"\n\
             oauth2_client_id = \"mailarbiter-test\"\noauth2_scope = \"mail offline_access\"\n\
             oauth2_refresh_token_file = \"{file}\"\n",
            arb = users.arbiter,
            url = provider.token_url(),
            device = provider.device_url(),
        )
    };
    let config = format!(
        "[gateway]\naddress = \"{arb}\"\nstate = \"state\"\ntimezone = \"UTC\"\n\n\
         [inbox]\nkind = \"imap\"\nhost = \"127.0.0.1\"\nport = {imap}\ntls = \"none\"\n{inbox}\
         folder = \"INBOX\"\nprocessed_folder = \"Processed\"\npoll_seconds = 1\n\n\
         [outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = {submission}\ntls = \"none\"\n{outbox}\n\
         [[tournament]]\nid = \"RT\"\nname = \"Real mail test\"\nstart = \"{start}\"\ndirector = \"{td}\"\n\n\
         [[tournament.player]]\nid = \"w\"\nname = \"White, Walter\"\nemail = [\"{w}\"]\n\n\
         [[tournament.player]]\nid = \"b\"\nname = \"Black, Betty\"\nemail = [\"{b}\"]\n\n\
         [[tournament.game]]\nwhite = \"w\"\nblack = \"b\"\n",
        arb = users.arbiter,
        imap = servers.imap,
        submission = servers.submission,
        inbox = sign_in("refresh-token"),
        outbox = sign_in(outbox_file),
        start = chrono::Utc::now().date_naive(),
        td = users.director,
        w = users.white,
        b = users.black,
    );
    std::fs::write(dir.path().join("mailarbiter.toml"), config).unwrap();
    dir
}

fn binary(dir: &Path, args: &[&str], log: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mailarbiter"));
    cmd.arg("--config")
        .arg(dir.join("mailarbiter.toml"))
        .args(args)
        .env("RUST_LOG", log);
    cmd
}

/// `mailarbiter run` at log level `log`, logging into `daemon.log`.
fn start_daemon(dir: &Path, log: &str) -> Child {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("daemon.log"))
        .unwrap();
    binary(dir, &["run"], log)
        .stdout(Stdio::null())
        .stderr(file)
        .spawn()
        .expect("the daemon starts")
}

fn signal(child: &Child, name: &str) {
    Command::new("kill")
        .arg(format!("-{name}"))
        .arg(child.id().to_string())
        .status()
        .unwrap();
}

fn stop_daemon(child: &mut Child) -> i32 {
    signal(child, "TERM");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code().unwrap_or(-1);
        }
        assert!(start.elapsed() < Duration::from_secs(15), "no stop in 15 s");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn daemon_log(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("daemon.log")).unwrap_or_default()
}

/// `status --json`: its exit code, its output as text and as JSON.
fn status(dir: &Path) -> (i32, String, serde_json::Value) {
    let out = binary(dir, &["status", "--json"], "warn").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let json = serde_json::from_str(&text).unwrap_or_default();
    (out.status.code().unwrap_or(-1), text, json)
}

/// The problems `status` names about the sign-in of `side`.
fn sign_in_problems(json: &serde_json::Value, side: &str) -> Vec<String> {
    json["problems"]
        .as_array()
        .map(|ps| {
            ps.iter()
                .filter_map(|p| p.as_str())
                .filter(|p| p.contains(&format!("OAuth2 sign-in of the {side}")))
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// Waits until `done` holds of `status --json`, within `limit`.
async fn until_status(
    dir: &Path,
    limit: Duration,
    done: impl Fn(i32, &serde_json::Value) -> bool,
) -> (i32, serde_json::Value) {
    let start = Instant::now();
    loop {
        let (code, _, json) = status(dir);
        if done(code, &json) {
            return (code, json);
        }
        assert!(
            start.elapsed() < limit,
            "status: {json:#}\n{}",
            daemon_log(dir)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// `mailarbiter oauth2 login SIDE`, the code it prints entered by
/// `account` at the provider.
async fn oauth2_login(dir: &Path, side: &str, provider: &TokenServer, account: &str) {
    use std::io::BufRead as _;
    let mut child = binary(dir, &["oauth2", "login", side], "info")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let mut code_next = false;
    let code = loop {
        let line = lines.next().expect("the code is printed").unwrap();
        if code_next && !line.trim().is_empty() {
            break line.trim().to_string();
        }
        code_next |= line.contains("and enter the code");
    };
    assert!(provider.approve(&code, account));
    let status = tokio::task::spawn_blocking(move || {
        let rest: Vec<String> = lines.map_while(Result::ok).collect();
        (child.wait().unwrap(), rest)
    })
    .await
    .unwrap();
    assert!(status.0.success(), "{:?}", status.1);
}

fn moves(dir: &Path) -> usize {
    let out = binary(dir, &["show", "RT/1", "--json"], "warn")
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    json["moves"].as_array().unwrap().len()
}

const MOVES: [&str; 4] = ["5254", "5755", "7163", "2836"];

/// A player's mail for ply `i`, repeating the partner's last move.
fn move_mail(users: &Users, i: usize) -> (String, Vec<u8>) {
    let moves: Vec<String> = MOVES.iter().map(|m| m.to_string()).collect();
    let from = if i.is_multiple_of(2) {
        &users.white
    } else {
        &users.black
    };
    let raw = format!(
        "From: {from}\r\nTo: {arb}\r\nSubject: Re: [RT/1] move\r\n\
         Message-ID: <ply{i}.{arb}>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n",
        common::repeat_and_move(&moves, i),
        arb = users.arbiter
    );
    (from.clone(), raw.into_bytes())
}

async fn sleep_until(start: Instant, at: Duration) {
    tokio::time::sleep(at.saturating_sub(start.elapsed())).await;
}

fn count(text: &str, needle: &str) -> usize {
    text.lines().filter(|l| l.contains(needle)).count()
}

fn refreshes(provider: &TokenServer) -> usize {
    provider
        .grants()
        .iter()
        .filter(|g| *g == "refresh_token")
        .count()
}

#[tokio::test(flavor = "current_thread")]
async fn xoauth2_signs_in_to_imap_and_smtp_and_a_token_ending_mid_run_is_renewed() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("xoauth");
    // tokens of 20 s, a new refresh token at each renewal
    let provider = servers.provider(|s| {
        s.lifetime = 20;
        s.rotate = true;
    });
    let dir = arena(&servers, &users, &provider, false);
    let first_refresh = std::fs::read_to_string(dir.path().join("refresh-token")).unwrap();
    let start = Instant::now();
    // the most verbose log: no token in it either
    let mut daemon = start_daemon(dir.path(), "trace");
    // the opening mails went out by the submission port, which takes mail
    // only after a login
    servers
        .wait_for(&users.white, 1, Duration::from_secs(15), dir.path())
        .await;
    servers
        .wait_for(&users.black, 1, Duration::from_secs(5), dir.path())
        .await;
    let (from, raw) = move_mail(&users, 0);
    servers.send(&from, &users.arbiter, &raw).await;
    servers
        .wait_for(&users.black, 2, Duration::from_secs(10), dir.path())
        .await;
    let (_, status_text, json) = status(dir.path());
    assert!(sign_in_problems(&json, "inbox").is_empty(), "{json:#}");
    assert_eq!(
        refreshes(&provider),
        1,
        "one token for both, not one per mail"
    );
    // past the first token's end: the next forward's SMTP login, and the
    // IMAP login after an outage, each need a new one
    sleep_until(start, Duration::from_secs(22)).await;
    servers.script(&["imap-stop"]);
    let (from, raw) = move_mail(&users, 1);
    servers.send(&from, &users.arbiter, &raw).await;
    servers.script(&["imap-start"]);
    servers.script(&["flush"]);
    servers
        .wait_for(&users.white, 3, Duration::from_secs(40), dir.path())
        .await;
    let (_, status_after, _) = status(dir.path());
    let text = binary(dir.path(), &["status"], "warn").output().unwrap();
    assert_eq!(stop_daemon(&mut daemon), 0, "{}", daemon_log(dir.path()));
    assert_eq!(moves(dir.path()), 2);
    assert!(
        refreshes(&provider) >= 2,
        "renewed: {:?}",
        provider.grants()
    );
    // the rotated refresh token was saved: the file holds the provider's
    // valid one, not the first
    let saved = std::fs::read_to_string(dir.path().join("refresh-token")).unwrap();
    assert_ne!(saved, first_refresh);
    assert!(
        provider
            .valid_refresh_tokens()
            .contains(&saved.trim().to_string()),
        "{saved}"
    );
    // both servers saw XOAUTH2 logins of the arbiter, before and after
    let arbiter = &users.arbiter;
    let dovecot = servers.log("dovecot.log");
    let logins = count(
        &dovecot,
        &format!("Login: user=<{arbiter}>, method=XOAUTH2"),
    );
    assert!(logins >= 2, "{logins} IMAP logins");
    let postfix = servers.log("postfix.log");
    let smtp = count(
        &postfix,
        &format!("sasl_method=XOAUTH2, sasl_username={arbiter}"),
    );
    assert!(smtp >= 2, "{smtp} SMTP logins");
    // no token and no refresh token anywhere it shows
    let log = daemon_log(dir.path());
    assert!(
        log.contains("DEBUG") && log.contains("IMAP connected"),
        "a full log:\n{}",
        log.lines().take(40).collect::<Vec<_>>().join("\n")
    );
    let shown = [
        log,
        status_text,
        status_after,
        String::from_utf8_lossy(&text.stdout).into_owned(),
        String::from_utf8_lossy(&text.stderr).into_owned(),
    ];
    let issued = provider.issued();
    assert!(issued.len() >= 4);
    for token in &issued {
        for (i, text) in shown.iter().enumerate() {
            assert!(!text.contains(token.as_str()), "a token in output {i}");
        }
    }
    // nor the JWTs' signatures alone (a token cut at a dot), nor the
    // SASL messages that carry them (base64, as IMAP and SMTP send them)
    use base64::Engine as _;
    for token in issued.iter().filter(|t| t.contains('.')) {
        let signature = token.rsplit('.').next().unwrap();
        let secret = Secret::new(token.as_str());
        let mut forms = vec![signature.to_string()];
        for mechanism in [Mechanism::Xoauth2, Mechanism::OAuthBearer] {
            for port in [servers.imap, servers.submission] {
                let first = mechanism.initial_response(arbiter, &secret, "127.0.0.1", port);
                forms.push(base64::engine::general_purpose::STANDARD.encode(first.expose()));
            }
        }
        for form in &forms {
            assert!(
                shown.iter().all(|t| !t.contains(form.as_str())),
                "a token's form in the output"
            );
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_token_the_server_refuses_before_its_time_is_renewed_once() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("early");
    // the provider says an hour, the tokens end after 6 s
    let provider = servers.provider(|s| {
        s.lifetime = 6;
        s.told_lifetime = Some(3600);
    });
    let dir = arena(&servers, &users, &provider, false);
    let start = Instant::now();
    let mut daemon = start_daemon(dir.path(), "info,mailarbiter::mail=debug");
    servers
        .wait_for(&users.black, 1, Duration::from_secs(15), dir.path())
        .await;
    assert_eq!(refreshes(&provider), 1);
    // the token has ended: the forward's SMTP login is refused, and a new
    // token is asked for once
    sleep_until(start, Duration::from_secs(8)).await;
    let (from, raw) = move_mail(&users, 0);
    servers.send(&from, &users.arbiter, &raw).await;
    servers
        .wait_for(&users.black, 2, Duration::from_secs(15), dir.path())
        .await;
    assert_eq!(refreshes(&provider), 2, "{}", daemon_log(dir.path()));
    // that one ends too: the IMAP login after an outage, likewise
    let renewed = Instant::now();
    sleep_until(renewed, Duration::from_secs(7)).await;
    servers.script(&["imap-stop"]);
    let (from, raw) = move_mail(&users, 1);
    servers.send(&from, &users.arbiter, &raw).await;
    servers.script(&["imap-start"]);
    servers.script(&["flush"]);
    servers
        .wait_for(&users.white, 3, Duration::from_secs(40), dir.path())
        .await;
    assert_eq!(stop_daemon(&mut daemon), 0);
    assert_eq!(moves(dir.path()), 2);
    assert_eq!(
        refreshes(&provider),
        3,
        "once per refused login: {}",
        daemon_log(dir.path())
    );
    // each server refused an ended token once, and took the new one
    let arbiter = &users.arbiter;
    let postfix = servers.log("postfix.log");
    assert_eq!(
        count(
            &postfix,
            &format!(
                "SASL XOAUTH2 authentication failed: (reason unavailable), sasl_username={arbiter}"
            )
        ),
        1
    );
    let log = daemon_log(dir.path());
    assert_eq!(
        count(&log, "SMTP: the access token was refused"),
        1,
        "{log}"
    );
    assert_eq!(
        count(&log, "IMAP: the access token was refused"),
        1,
        "{log}"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_revoked_sign_in_of_the_inbox_is_unhealthy_keeps_the_mails_and_takes_a_new_one() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("revoked");
    let provider = servers.provider(|s| s.lifetime = 6);
    let dir = arena(&servers, &users, &provider, false);
    let start = Instant::now();
    let mut daemon = start_daemon(dir.path(), "info");
    servers
        .wait_for(&users.black, 1, Duration::from_secs(15), dir.path())
        .await;
    // the account's sign-in is revoked at the provider
    for token in provider.valid_refresh_tokens() {
        provider.revoke(&token);
    }
    sleep_until(start, Duration::from_secs(8)).await;
    servers.script(&["imap-stop"]);
    servers.script(&["imap-start"]);
    let (from, raw) = move_mail(&users, 0);
    servers.send(&from, &users.arbiter, &raw).await;
    let (code, json) = until_status(dir.path(), Duration::from_secs(20), |_, json| {
        !sign_in_problems(json, "inbox").is_empty()
    })
    .await;
    assert_eq!(code, 3, "unhealthy: {json:#}");
    let problems = sign_in_problems(&json, "inbox");
    assert!(
        problems[0].contains("invalid_grant")
            && problems[0].contains("`mailarbiter oauth2 login inbox`"),
        "{problems:?}"
    );
    // the daemon tries again meanwhile, saying it once
    tokio::time::sleep(Duration::from_secs(8)).await;
    let log = daemon_log(dir.path());
    assert_eq!(
        count(&log, "mailarbiter oauth2 login inbox"),
        1,
        "one line says what to run:\n{log}"
    );
    // nothing is lost: the move waits in the mailbox, unread, unrefereed
    assert_eq!(moves(dir.path()), 0);
    let waiting = servers.mails(&users.arbiter, "INBOX").await;
    assert_eq!(waiting.len(), 1);
    assert!(!waiting[0].1, "not flagged seen");
    // the director signs in again, and tells the daemon (SIGHUP)
    oauth2_login(dir.path(), "inbox", &provider, &users.arbiter).await;
    signal(&daemon, "HUP");
    servers
        .wait_for(&users.black, 2, Duration::from_secs(15), dir.path())
        .await;
    let (_, json) = until_status(dir.path(), Duration::from_secs(10), |_, json| {
        sign_in_problems(json, "inbox").is_empty()
    })
    .await;
    assert!(json["problems"].as_array().is_some(), "{json:#}");
    assert_eq!(stop_daemon(&mut daemon), 0);
    assert_eq!(moves(dir.path()), 1);
    assert!(daemon_log(dir.path()).contains("the mailbox's sign-in works again"));
}

#[tokio::test(flavor = "current_thread")]
async fn a_revoked_sign_in_of_the_outbox_keeps_the_mails_in_the_outbox_until_a_new_one() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("outrevoked");
    let provider = servers.provider(|s| s.lifetime = 6);
    let dir = arena(&servers, &users, &provider, true);
    let outbox_file = dir.path().join("smtp-refresh-token");
    let outbox_token = std::fs::read_to_string(&outbox_file).unwrap();
    let start = Instant::now();
    let mut daemon = start_daemon(dir.path(), "info");
    servers
        .wait_for(&users.black, 1, Duration::from_secs(15), dir.path())
        .await;
    provider.revoke(outbox_token.trim());
    // past the outbox token's renewal: the forward cannot be sent
    sleep_until(start, Duration::from_secs(8)).await;
    let (from, raw) = move_mail(&users, 0);
    servers.send(&from, &users.arbiter, &raw).await;
    let (code, json) = until_status(dir.path(), Duration::from_secs(20), |_, json| {
        !sign_in_problems(json, "outbox").is_empty()
    })
    .await;
    assert_eq!(code, 3, "{json:#}");
    assert!(
        sign_in_problems(&json, "outbox")[0].contains("`mailarbiter oauth2 login outbox`"),
        "{json:#}"
    );
    assert!(sign_in_problems(&json, "inbox").is_empty());
    // refereed, and the forwards wait in the outbox
    assert_eq!(moves(dir.path()), 1);
    assert!(json["outbox"]["length"].as_u64().unwrap() >= 1, "{json:#}");
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert_eq!(servers.mails(&users.black, "INBOX").await.len(), 1);
    let log = daemon_log(dir.path());
    assert_eq!(count(&log, "mailarbiter oauth2 login outbox"), 1, "{log}");
    // a new sign-in for the outbox: the relay's next try takes it
    token_file(&outbox_file, &provider.grant(&users.arbiter));
    servers
        .wait_for(&users.black, 2, Duration::from_secs(15), dir.path())
        .await;
    let (_, json) = until_status(dir.path(), Duration::from_secs(10), |_, json| {
        sign_in_problems(json, "outbox").is_empty()
    })
    .await;
    assert_eq!(json["outbox"]["length"], 0, "{json:#}");
    assert_eq!(stop_daemon(&mut daemon), 0);
    // each mail once
    assert_eq!(servers.mails(&users.black, "INBOX").await.len(), 2);
    assert_eq!(servers.mails(&users.white, "INBOX").await.len(), 2);
}

#[tokio::test(flavor = "current_thread")]
async fn run_once_with_a_revoked_sign_in_fails_saying_what_to_run_and_keeps_the_mail() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("onceoauth");
    let provider = servers.provider(|_| {});
    let dir = arena(&servers, &users, &provider, false);
    let (from, raw) = move_mail(&users, 0);
    servers.send(&from, &users.arbiter, &raw).await;
    servers
        .wait_for(&users.arbiter, 1, Duration::from_secs(10), dir.path())
        .await;
    for token in provider.valid_refresh_tokens() {
        provider.revoke(&token);
    }
    let out = binary(dir.path(), &["run", "--once"], "trace")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("invalid_grant") && stderr.contains("`mailarbiter oauth2 login inbox`"),
        "{stderr}"
    );
    let shown = format!("{stderr}{}", String::from_utf8_lossy(&out.stdout));
    for token in provider.issued() {
        assert!(!shown.contains(&token), "a token in the output");
    }
    // the move waits in the mailbox, unread
    let waiting = servers.mails(&users.arbiter, "INBOX").await;
    assert_eq!(waiting.len(), 1);
    assert!(!waiting[0].1);
    // signed in again: the next pass reads it
    token_file(
        &dir.path().join("refresh-token"),
        &provider.grant(&users.arbiter),
    );
    let out = binary(dir.path(), &["run", "--once"], "warn")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(moves(dir.path()), 1);
}

/// A provider whose endpoints have a private CA's certificate: taken with
/// the server's `ca_file`, refused without it (the Mozilla roots alone).
#[tokio::test(flavor = "current_thread")]
async fn a_token_endpoint_over_https_is_checked_with_the_ca_file() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let tls = servers.root.join("tls");
    let provider = TokenServer::start_tls(
        Settings::new(servers.key.clone()),
        &tls.join("server.pem"),
        &tls.join("server.key"),
    );
    assert!(provider.token_url().starts_with("https://localhost:"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("refresh-token");
    token_file(&file, &provider.grant("someone@example.test"));
    let config = |ca_file: Option<PathBuf>| mailarbiter::config::OAuth2Config {
        token_url: provider.token_url(),
        client_id: "mailarbiter-test".into(),
        client_secret_file: None,
        refresh_token_file: file.clone(),
        scope: None,
        device_url: None,
        ca_file,
    };
    use mailarbiter::mail::oauth2::{SignInError, TokenSource};
    let refused = TokenSource::new(config(None), "inbox")
        .access_token()
        .await
        .unwrap_err();
    assert!(
        matches!(&refused, SignInError::Unreachable { reason, .. } if reason.contains("certificate")),
        "{refused}"
    );
    TokenSource::new(config(Some(tls.join("ca.pem"))), "inbox")
        .access_token()
        .await
        .expect("the private CA's certificate is taken");
    assert_eq!(refreshes(&provider), 1);
}

/// The OAUTHBEARER message (RFC 7628) the daemon writes for a server
/// that offers only that: Dovecot and Postfix take it, and refuse a
/// token they cannot check, ending the exchange at the daemon's answer.
#[tokio::test(flavor = "current_thread")]
async fn oauthbearer_as_written_is_taken_by_the_imap_and_smtp_servers() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("bearer");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let claims = serde_json::json!({"sub": users.arbiter, "email": users.arbiter, "iat": now, "exp": now + 60});
    let good = Secret::new(token_server::jwt(&servers.key, &claims));
    let forged = Secret::new(token_server::jwt(b"another key", &claims));
    struct Exchange(Option<Secret>, &'static [u8]);
    impl async_imap::Authenticator for Exchange {
        type Response = Vec<u8>;
        fn process(&mut self, _: &[u8]) -> Vec<u8> {
            match self.0.take() {
                Some(first) => first.expose().as_bytes().to_vec(),
                None => self.1.to_vec(),
            }
        }
    }
    let bearer = Mechanism::OAuthBearer;
    for (token, taken) in [(&good, true), (&forged, false)] {
        let tcp = tokio::net::TcpStream::connect(("127.0.0.1", servers.imap))
            .await
            .unwrap();
        let mut client = async_imap::Client::new(tcp);
        client.read_response().await.unwrap();
        let first = bearer.initial_response(&users.arbiter, token, "127.0.0.1", servers.imap);
        let answer = tokio::time::timeout(
            Duration::from_secs(10),
            client.authenticate("OAUTHBEARER", Exchange(Some(first), bearer.after_error())),
        )
        .await
        .expect("the server ends the exchange");
        match answer {
            Ok(mut session) => {
                assert!(taken);
                session.select("INBOX").await.unwrap();
            }
            Err((async_imap::error::Error::No(_), _)) => assert!(!taken),
            Err((e, _)) => panic!("{e}"),
        }
    }
    // SMTP AUTH on the submission port
    use base64::Engine as _;
    use lettre::transport::smtp::client::AsyncSmtpConnection;
    use lettre::transport::smtp::extension::ClientId;
    let b64 = |b: &[u8]| base64::engine::general_purpose::STANDARD.encode(b);
    for (token, taken) in [(&good, true), (&forged, false)] {
        let mut conn = AsyncSmtpConnection::connect_tokio1(
            ("127.0.0.1", servers.submission),
            Some(Duration::from_secs(10)),
            &ClientId::default(),
            None,
            None,
        )
        .await
        .unwrap();
        let first = bearer.initial_response(&users.arbiter, token, "127.0.0.1", servers.submission);
        let answer = conn
            .command(format!(
                "AUTH OAUTHBEARER {}\r\n",
                b64(first.expose().as_bytes())
            ))
            .await;
        match (answer, taken) {
            (Ok(a), true) => assert!(a.has_code(235)),
            (Ok(a), false) => {
                assert!(a.has_code(334), "the error challenge");
                let end = conn
                    .command(format!("{}\r\n", b64(bearer.after_error())))
                    .await;
                assert!(end.is_err_and(|e| e.is_permanent()));
            }
            (Err(e), _) => panic!("{e}"),
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn check_connect_signs_in_to_both_with_oauth2() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("checkoauth");
    let provider = servers.provider(|_| {});
    let dir = arena(&servers, &users, &provider, false);
    let out = binary(dir.path(), &["check", "--connect"], "warn")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains(&format!("logged in as {}", users.arbiter))
            && text.contains(&format!("EHLO answered, logged in as {}", users.arbiter)),
        "{text}"
    );
    assert_eq!(refreshes(&provider), 1, "one token for both");
    // revoked: the probe says what to run
    for token in provider.valid_refresh_tokens() {
        provider.revoke(&token);
    }
    let out = binary(dir.path(), &["check", "--connect"], "warn")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("invalid_grant") && text.contains("`mailarbiter oauth2 login inbox`"),
        "{text}"
    );
}
