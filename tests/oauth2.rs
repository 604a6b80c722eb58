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
