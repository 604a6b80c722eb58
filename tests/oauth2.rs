//! The OAuth2 sign-in's tokens against a provider on loopback (the tests'
//! token server, `common/token_server.rs`): an access token is kept while
//! fresh and renewed before its end, once more after a refused login; a
//! refresh token the provider rotates replaces the file atomically; one it
//! refused is not sent again until the file holds another.

#[path = "common/token_server.rs"]
mod token_server;

use mailarbiter::config::OAuth2Config;
use mailarbiter::mail::oauth2::{Secret, SignInError, TokenSource};
use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;
use std::time::{Duration, Instant};
use token_server::{Settings, TokenServer};

const USER: &str = "arbiter@example.test";

fn provider(change: impl FnOnce(&mut Settings)) -> TokenServer {
    let mut settings = Settings::new(b"a key only these tests know".to_vec());
    change(&mut settings);
    TokenServer::start(settings)
}

/// A refresh token file in `dir` holding `token`, mode 0600.
fn token_file(dir: &Path, token: &str) -> std::path::PathBuf {
    let path = dir.join("refresh-token");
    std::fs::write(&path, format!("{token}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    path
}

fn sign_in(server: &TokenServer, file: &Path) -> OAuth2Config {
    OAuth2Config {
        token_url: server.token_url(),
        client_id: "mailarbiter-test".into(),
        client_secret_file: None,
        refresh_token_file: file.to_path_buf(),
        scope: Some("mail offline_access".into()),
        device_url: None,
        ca_file: None,
    }
}

fn refreshes(server: &TokenServer) -> usize {
    server
        .grants()
        .iter()
        .filter(|g| *g == "refresh_token")
        .count()
}

#[tokio::test]
async fn an_access_token_is_kept_while_fresh_and_renewed_before_it_ends() {
    // tokens of 5 s: renewed after 4 s (a fifth of their life before the end)
    let server = provider(|s| s.lifetime = 5);
    let dir = tempfile::tempdir().unwrap();
    let file = token_file(dir.path(), &server.grant(USER));
    let tokens = TokenSource::new(sign_in(&server, &file), "inbox");
    let start = Instant::now();
    let first = tokens.access_token().await.unwrap();
    assert_eq!(refreshes(&server), 1);
    // the scope is sent as configured
    assert_eq!(server.scopes(), ["mail offline_access"]);
    // used for every login while fresh: no request per mail
    for _ in 0..10 {
        assert_eq!(tokens.access_token().await.unwrap(), first);
    }
    assert_eq!(refreshes(&server), 1);
    tokio::time::sleep(Duration::from_millis(3500).saturating_sub(start.elapsed())).await;
    assert_eq!(
        tokens.access_token().await.unwrap(),
        first,
        "still fresh at 3.5 s"
    );
    tokio::time::sleep(Duration::from_millis(4200).saturating_sub(start.elapsed())).await;
    let second = tokens.access_token().await.unwrap();
    assert_ne!(second, first, "renewed at 4.2 s, before the end at 5 s");
    assert_eq!(refreshes(&server), 2);
}

#[tokio::test]
async fn a_refused_login_asks_for_a_new_token_once() {
    let server = provider(|s| s.lifetime = 3600);
    let dir = tempfile::tempdir().unwrap();
    let file = token_file(dir.path(), &server.grant(USER));
    let tokens = TokenSource::new(sign_in(&server, &file), "outbox");
    let first = tokens.access_token().await.unwrap();
    // a token refused by a server other than the one held: nothing changes
    tokens.refused(&Secret::new("some other token")).await;
    assert_eq!(tokens.access_token().await.unwrap(), first);
    tokens.refused(&first).await;
    let second = tokens.access_token().await.unwrap();
    assert_ne!(second, first);
    assert_eq!(refreshes(&server), 2);
    assert_eq!(tokens.access_token().await.unwrap(), second);
}

#[tokio::test]
async fn a_rotated_refresh_token_replaces_the_file_whole_and_private() {
    let server = provider(|s| s.rotate = true);
    let dir = tempfile::tempdir().unwrap();
    let old = server.grant(USER);
    let file = token_file(dir.path(), &old);
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let tokens = TokenSource::new(sign_in(&server, &file), "inbox");
    let first = tokens.access_token().await.unwrap();
    let written = std::fs::read_to_string(&file).unwrap();
    let valid = server.valid_refresh_tokens();
    assert_eq!(valid.len(), 1);
    assert_eq!(written, format!("{}\n", valid[0]), "the new token, alone");
    assert_ne!(valid[0], old);
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    // nothing but the file in its folder (no temporary left)
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // the next renewal uses the new token (the old one is refused now)
    tokens.refused(&first).await;
    tokens.access_token().await.unwrap();
    assert_eq!(refreshes(&server), 2);
    // a token source made later (a restart) reads the file, and goes on
    let again = TokenSource::new(sign_in(&server, &file), "inbox");
    again.access_token().await.unwrap();
}

#[tokio::test]
async fn a_revoked_refresh_token_is_refused_and_not_sent_again_until_the_file_changes() {
    let server = provider(|_| {});
    let dir = tempfile::tempdir().unwrap();
    let refresh = server.grant(USER);
    let file = token_file(dir.path(), &refresh);
    let tokens = TokenSource::new(sign_in(&server, &file), "inbox");
    server.revoke(&refresh);
    let refused = tokens.access_token().await.unwrap_err();
    assert_eq!(
        refused,
        SignInError::Refused {
            side: "inbox".into(),
            code: "invalid_grant".into(),
            description: Some("The refresh token has been revoked.".into()),
        }
    );
    assert!(refused.needs_a_person());
    assert!(
        refused
            .to_string()
            .ends_with("sign in again with `mailarbiter oauth2 login inbox`"),
        "{refused}"
    );
    assert_eq!(refreshes(&server), 1);
    // asked again (the daemon's next try): refused at once, without a request
    assert_eq!(tokens.access_token().await.unwrap_err(), refused);
    assert_eq!(refreshes(&server), 1);
    // a new sign-in wrote another token: taken at the next try
    token_file(dir.path(), &server.grant(USER));
    tokens.access_token().await.unwrap();
    assert_eq!(refreshes(&server), 2);
}

#[tokio::test]
async fn the_client_secret_goes_with_the_request_and_a_wrong_one_is_refused() {
    let server = provider(|s| s.client_secret = Some("s3cret".into()));
    let dir = tempfile::tempdir().unwrap();
    let file = token_file(dir.path(), &server.grant(USER));
    let secret = dir.path().join("client-secret");
    std::fs::write(&secret, "s3cret\n").unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    let mut config = sign_in(&server, &file);
    config.client_secret_file = Some(secret.clone());
    TokenSource::new(config.clone(), "inbox")
        .access_token()
        .await
        .unwrap();
    std::fs::write(&secret, "wrong\n").unwrap();
    let refused = TokenSource::new(config.clone(), "inbox")
        .access_token()
        .await
        .unwrap_err();
    assert!(
        matches!(&refused, SignInError::Refused { code, .. } if code == "invalid_client"),
        "{refused:?}"
    );
    // no secret at all
    config.client_secret_file = None;
    let refused = TokenSource::new(config, "inbox")
        .access_token()
        .await
        .unwrap_err();
    assert!(matches!(&refused, SignInError::Refused { code, .. } if code == "invalid_client"));
}

#[tokio::test]
async fn a_missing_token_file_or_an_unreachable_endpoint_says_so() {
    let server = provider(|_| {});
    let dir = tempfile::tempdir().unwrap();
    let config = sign_in(&server, &dir.path().join("missing"));
    let e = TokenSource::new(config, "outbox")
        .access_token()
        .await
        .unwrap_err();
    assert!(
        matches!(e, SignInError::TokenFile { .. }) && e.needs_a_person(),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .ends_with("(sign in with `mailarbiter oauth2 login outbox`)"),
        "{e}"
    );
    // nothing listens there: a passing failure, tried again later
    let file = token_file(dir.path(), &server.grant(USER));
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let mut config = sign_in(&server, &file);
    config.token_url = format!("http://127.0.0.1:{port}/token");
    let e = TokenSource::new(config, "outbox")
        .access_token()
        .await
        .unwrap_err();
    assert!(
        matches!(e, SignInError::Unreachable { .. }) && !e.needs_a_person(),
        "{e:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logins_at_once_share_one_renewal() {
    let server = provider(|_| {});
    let dir = tempfile::tempdir().unwrap();
    let file = token_file(dir.path(), &server.grant(USER));
    let tokens = std::sync::Arc::new(TokenSource::new(sign_in(&server, &file), "inbox"));
    let asked: Vec<_> = (0..8)
        .map(|_| {
            let tokens = tokens.clone();
            tokio::spawn(async move { tokens.access_token().await.unwrap() })
        })
        .collect();
    let mut got = Vec::new();
    for one in asked {
        got.push(one.await.unwrap());
    }
    got.dedup();
    assert_eq!(got.len(), 1);
    assert_eq!(refreshes(&server), 1);
}

/// `mailarbiter oauth2 login inbox` on a config whose inbox signs in at
/// `server`: the child, with its standard output read line by line on a
/// thread of its own.
fn login(
    server: &TokenServer,
    dir: &Path,
) -> (
    std::process::Child,
    std::sync::mpsc::Receiver<String>,
    std::path::PathBuf,
) {
    let file = dir.join("refresh-token");
    let config = format!(
        "[gateway]\naddress = \"{USER}\"\nstate = \"state\"\n\n\
         [inbox]\nkind = \"imap\"\nhost = \"imap.example.test\"\nuser = \"{USER}\"\n\
         auth = \"oauth2\"\noauth2_token_url = \"{token}\"\noauth2_device_url = \"{device}\"\n\
         oauth2_client_id = \"mailarbiter-test\"\noauth2_scope = \"mail offline_access\"\n\
         oauth2_refresh_token_file = \"refresh-token\"\n\n\
         [outbox]\nkind = \"file\"\npath = \"sent\"\n\n\
         [[tournament]]\nid = \"T\"\nname = \"T\"\nstart = \"2026-05-10\"\ndirector = \"td@example.test\"\n\n\
         [[tournament.player]]\nid = \"a\"\nname = \"A, A\"\nemail = [\"a@example.test\"]\n\n\
         [[tournament.player]]\nid = \"b\"\nname = \"B, B\"\nemail = [\"b@example.test\"]\n\n\
         [[tournament.game]]\nwhite = \"a\"\nblack = \"b\"\n",
        token = server.token_url(),
        device = server.device_url(),
    );
    std::fs::create_dir(dir.join("sent")).unwrap();
    std::fs::write(dir.join("mailarbiter.toml"), config).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
        .arg("--config")
        .arg(dir.join("mailarbiter.toml"))
        .args(["oauth2", "login", "inbox"])
        .env("RUST_LOG", "trace")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, read) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead as _;
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    (child, read, file)
}

/// The user code the login printed, read as it comes (before anything is
/// approved), with everything printed up to it.
fn printed_code(read: &std::sync::mpsc::Receiver<String>) -> (String, String) {
    let mut shown = String::new();
    let mut code_next = false;
    loop {
        let line = read
            .recv_timeout(Duration::from_secs(10))
            .expect("the address and the code, at once");
        shown.push_str(&line);
        shown.push('\n');
        if code_next && !line.trim().is_empty() {
            return (line.trim().to_string(), shown);
        }
        code_next |= line.contains("and enter the code");
    }
}

#[tokio::test]
async fn oauth2_login_shows_the_code_at_once_polls_as_told_and_writes_the_token_file() {
    let server = provider(|s| s.interval = 1);
    let dir = tempfile::tempdir().unwrap();
    let (child, read, file) = login(&server, dir.path());
    let (code, shown) = printed_code(&read);
    assert!(
        shown.contains("To sign in the inbox's account (arbiter@example.test), open")
            && shown.contains("https://login.example.test/verify"),
        "{shown}"
    );
    // the person takes a while to sign in: the login waits, polling each second
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert!(server.approve(&code, USER));
    let status = tokio::task::spawn_blocking(move || child.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    let rest: Vec<String> = read.try_iter().collect();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    assert!(rest.join("\n").contains("Signed in."), "{rest:?}");
    // the file: the provider's refresh token, alone, private
    let valid = server.valid_refresh_tokens();
    assert_eq!(valid.len(), 1);
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        format!("{}\n", valid[0])
    );
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    // asked with the configured scope; polled at once, then each second
    let (polls, scope) = server.device(&code).unwrap();
    assert_eq!(scope, "mail offline_access");
    assert!(polls.len() >= 3, "{} polls", polls.len());
    for pair in polls.windows(2) {
        assert!(
            pair[1] - pair[0] >= Duration::from_millis(990),
            "{:?}",
            pair[1] - pair[0]
        );
    }
    // no token on the screen or in its log
    let printed = format!(
        "{shown}{}{}",
        rest.join("\n"),
        String::from_utf8_lossy(&status.stderr)
    );
    for token in server.issued() {
        if !token.starts_with("dc") {
            assert!(!printed.contains(&token), "a token printed");
        }
    }
}

#[tokio::test]
async fn oauth2_login_slows_down_when_the_provider_says_so() {
    let server = provider(|s| {
        s.interval = 1;
        s.slow_down_once = true;
    });
    let dir = tempfile::tempdir().unwrap();
    let (child, read, file) = login(&server, dir.path());
    let (code, _) = printed_code(&read);
    assert!(server.approve(&code, USER));
    let status = tokio::task::spawn_blocking(move || child.wait_with_output())
        .await
        .unwrap()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    assert!(file.exists());
    // the first poll is told slow_down: the next comes 5 s later than the
    // interval, not at once
    let (polls, _) = server.device(&code).unwrap();
    assert_eq!(polls.len(), 2, "{polls:?}");
    assert!(
        polls[1] - polls[0] >= Duration::from_secs(6),
        "{:?}",
        polls[1] - polls[0]
    );
}
