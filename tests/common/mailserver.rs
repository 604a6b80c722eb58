//! The test mail servers `tests/run.sh` starts (Dovecot and Postfix on
//! loopback, `tests/mailserver.sh`): where they run, their script, and
//! fresh mailboxes for a test. Included by the tests that talk to them
//! (each uses what it needs).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The servers' folder, or `None` (with a note) when the suite runs
/// without them; `MAILARBITER_REQUIRE_MAILSERVER=1` (set by tests/run.sh)
/// makes their absence a failure.
pub fn root() -> Option<PathBuf> {
    let Ok(root) = std::env::var("MS_ROOT") else {
        assert!(
            std::env::var_os("MAILARBITER_REQUIRE_MAILSERVER").is_none(),
            "MS_ROOT is not set: the test mail servers are not running"
        );
        eprintln!("skipped: no test mail servers (run tests/run.sh)");
        return None;
    };
    Some(PathBuf::from(root))
}

/// The port the script exported as `name`.
pub fn port(name: &str) -> u16 {
    std::env::var(name)
        .unwrap_or_else(|_| panic!("{name} is set with MS_ROOT"))
        .parse()
        .unwrap()
}

/// Runs `tests/mailserver.sh <args[0]> <root> <args[1..]>`, which must succeed.
pub fn script(root: &Path, args: &[&str]) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mailserver.sh");
    let status = Command::new("bash")
        .arg(script)
        .arg(args[0])
        .arg(root)
        .args(&args[1..])
        .stdout(Stdio::null())
        .status()
        .expect("mailserver.sh runs");
    assert!(status.success(), "mailserver.sh {args:?} failed");
}

/// A test's mailboxes: the arbiter, two players, the director.
pub struct Users {
    pub arbiter: String,
    pub white: String,
    pub black: String,
    pub director: String,
}

/// Fresh mailboxes for `test`, unique per run: mailboxes persist between
/// runs of the servers.
pub fn users(root: &Path, test: &str) -> Users {
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        % 100_000_000;
    let name = |role: &str| format!("{test}{run}-{role}");
    for role in ["arb", "white", "black", "td"] {
        script(root, &["adduser", &name(role)]);
    }
    Users {
        arbiter: format!("{}@example.test", name("arb")),
        white: format!("{}@example.test", name("white")),
        black: format!("{}@example.test", name("black")),
        director: format!("{}@example.test", name("td")),
    }
}

/// The mails in `user`'s `folder` on the IMAP server at `port`, read with
/// the user's password and left unseen: (subject, body text, seen).
pub async fn mails(port: u16, user: &str, folder: &str) -> Vec<(String, String, bool)> {
    use futures_util::TryStreamExt;
    let tcp = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .expect("IMAP connects");
    let mut client = async_imap::Client::new(tcp);
    client.read_response().await.unwrap();
    let mut s = client
        .login(user, "secret")
        .await
        .map_err(|(e, _)| e)
        .expect("IMAP login");
    let mailbox = s.select(folder).await.expect("select");
    let mut out = Vec::new();
    if mailbox.exists > 0 {
        let fetched: Vec<_> = s
            .fetch("1:*", "(FLAGS BODY.PEEK[])")
            .await
            .unwrap()
            .try_collect()
            .await
            .unwrap();
        for f in fetched {
            let seen = f
                .flags()
                .any(|fl| matches!(fl, async_imap::types::Flag::Seen));
            let msg = mail_parser::MessageParser::default()
                .parse(f.body().unwrap())
                .unwrap();
            let subject = msg.subject().unwrap_or_default().to_string();
            let body = msg.body_text(0).unwrap_or_default().to_string();
            out.push((subject, body, seen));
        }
    }
    s.logout().await.ok();
    out
}

/// `raw` sent from `from` to `to` by SMTP on `port` (no login), which
/// must take it.
pub async fn send(port: u16, from: &str, to: &str, raw: &[u8]) {
    use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
    let smtp = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous("127.0.0.1")
        .port(port)
        .build();
    let envelope =
        lettre::address::Envelope::new(Some(from.parse().unwrap()), vec![to.parse().unwrap()])
            .unwrap();
    smtp.send_raw(&envelope, raw)
        .await
        .expect("SMTP takes the mail");
}
