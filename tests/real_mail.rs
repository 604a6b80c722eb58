//! The daemon on real mail: Dovecot (IMAP) and Postfix (SMTP) on loopback,
//! started by `tests/run.sh` (`tests/mailserver.sh`), which exports
//! `MS_ROOT`, `MS_IMAP_PORT` and `MS_SMTP_PORT`. Players send moves by SMTP
//! to the arbiter address; `mailarbiter run` reads them with IDLE and
//! forwards them into the opponents' IMAP INBOXes.
//!
//! Each test has mailboxes of its own; the tests run one at a time, since
//! some stop and start the servers.

// Each test has its own runtime on its own thread; the std mutex that
// serialises them is meant to be held for the whole test, awaits included.
#![allow(clippy::await_holding_lock)]

mod common;
#[path = "common/mailserver.rs"]
mod mailserver;

use async_imap::Session;
use futures_util::TryStreamExt;
use mail_parser::MessageParser;
use mailserver::Users;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;

static SERIAL: Mutex<()> = Mutex::new(());

/// The running test servers, or `None` (with a note) when the suite runs
/// without them; `MAILARBITER_REQUIRE_MAILSERVER=1` (set by tests/run.sh)
/// makes their absence a failure.
fn servers() -> Option<Servers> {
    use mailserver::port;
    let root = mailserver::root()?;
    Some(Servers {
        imap: port("MS_IMAP_PORT"),
        smtp: port("MS_SMTP_PORT"),
        imaps: port("MS_IMAPS_PORT"),
        smtps: port("MS_SMTPS_PORT"),
        ca: root.join("tls/ca.pem"),
        root,
    })
}

struct Servers {
    root: PathBuf,
    imap: u16,
    smtp: u16,
    imaps: u16,
    smtps: u16,
    /// The private CA that signed the servers' certificate.
    ca: PathBuf,
}

impl Servers {
    fn script(&self, args: &[&str]) {
        mailserver::script(&self.root, args);
    }

    /// Fresh mailboxes for a test: the arbiter, two players, the director.
    fn users(&self, test: &str) -> Users {
        mailserver::users(&self.root, test)
    }

    async fn session(&self, user: &str) -> Session<TcpStream> {
        let tcp = TcpStream::connect(("127.0.0.1", self.imap))
            .await
            .expect("IMAP connects");
        let mut client = async_imap::Client::new(tcp);
        client.read_response().await.unwrap();
        client
            .login(user, "secret")
            .await
            .map_err(|(e, _)| e)
            .expect("IMAP login")
    }

    /// The mails in a user's folder: (what it is about: the subject with a
    /// game mail's headline, body text, seen).
    async fn mails(&self, user: &str, folder: &str) -> Vec<(String, String, bool)> {
        let mails = mailserver::mails(self.imap, user, folder).await;
        mails
            .into_iter()
            .map(|(subject, body, seen)| (common::about(&subject, &body), body, seen))
            .collect()
    }

    /// The Message-IDs of the mails in a user's INBOX, one per mail.
    async fn message_ids(&self, user: &str) -> Vec<String> {
        let mut s = self.session(user).await;
        let mailbox = s.select("INBOX").await.expect("select");
        let mut out = Vec::new();
        if mailbox.exists > 0 {
            let fetched: Vec<_> = s
                .fetch("1:*", "(BODY.PEEK[HEADER])")
                .await
                .unwrap()
                .try_collect()
                .await
                .unwrap();
            for f in fetched {
                let msg = MessageParser::default().parse(f.header().unwrap()).unwrap();
                out.push(msg.message_id().unwrap_or_default().to_string());
            }
        }
        s.logout().await.ok();
        out
    }

    /// How many times Postfix took each Message-ID: its cleanup logs one
    /// line per mail it accepted, before any delivery.
    fn taken(&self) -> BTreeMap<String, usize> {
        let log = std::fs::read_to_string(self.root.join("postfix.log")).unwrap_or_default();
        let mut taken = BTreeMap::new();
        for line in log.lines().filter(|l| l.contains("/cleanup[")) {
            if let Some(at) = line.find("message-id=<") {
                let id = &line[at + "message-id=<".len()..];
                let id = id.split('>').next().unwrap_or_default();
                *taken.entry(id.to_string()).or_insert(0) += 1;
            }
        }
        taken
    }

    async fn append(&self, user: &str, folder: &str, raw: &[u8]) {
        let mut s = self.session(user).await;
        s.append(folder, None, None, raw).await.expect("APPEND");
        s.logout().await.ok();
    }

    async fn send(&self, from: &str, to: &str, raw: &[u8]) {
        mailserver::send(self.smtp, from, to, raw).await;
    }

    /// Waits until `user`'s INBOX holds `count` mails; the time it took.
    async fn wait_for(&self, user: &str, count: usize, limit: Duration) -> Duration {
        let start = Instant::now();
        loop {
            let n = self.mails(user, "INBOX").await.len();
            if n >= count {
                return start.elapsed();
            }
            assert!(
                start.elapsed() < limit,
                "{user}: {n} mails, waited {limit:?} for {count}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// A tournament folder with an IMAP/SMTP config for `users`.
fn arena(
    servers: &Servers,
    users: &Users,
    folder: &str,
    processed: Option<&str>,
) -> tempfile::TempDir {
    let (imap, smtp) = (loopback(servers.imap), loopback(servers.smtp));
    arena_with(users, folder, processed, &imap, &smtp)
}

/// The connection lines of a server on loopback without TLS.
fn loopback(port: u16) -> String {
    format!("host = \"127.0.0.1\"\nport = {port}\ntls = \"none\"\n")
}

/// As [`arena`], with the connection lines of the inbox and the outbox given.
fn arena_with(
    users: &Users,
    folder: &str,
    processed: Option<&str>,
    imap: &str,
    smtp: &str,
) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    // mode 0600: the config check refuses a password file others can read
    let password = dir.path().join("imap-password");
    std::fs::write(&password, "secret\n").unwrap();
    let private = <std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o600);
    std::fs::set_permissions(&password, private).unwrap();
    let processed = processed.map_or(String::new(), |p| format!("processed_folder = \"{p}\"\n"));
    let config = format!(
        "[gateway]\naddress = \"{arb}\"\nstate = \"state\"\ntimezone = \"UTC\"\n\n\
         [inbox]\nkind = \"imap\"\n{imap}user = \"{arb}\"\n\
         password_file = \"imap-password\"\nfolder = \"{folder}\"\n{processed}poll_seconds = 1\n\n\
         [outbox]\nkind = \"smtp\"\n{smtp}\n\
         [[tournament]]\nid = \"RT\"\nname = \"Real mail test\"\nstart = \"{start}\"\ndirector = \"{td}\"\n\n\
         [[tournament.player]]\nid = \"w\"\nname = \"White, Walter\"\nemail = [\"{w}\"]\n\n\
         [[tournament.player]]\nid = \"b\"\nname = \"Black, Betty\"\nemail = [\"{b}\"]\nlanguage = \"ru\"\n\n\
         [[tournament.game]]\nwhite = \"w\"\nblack = \"b\"\n",
        arb = users.arbiter,
        // the game starts today: the daemon counts days on the real clock
        start = chrono::Utc::now().date_naive(),
        td = users.director,
        w = users.white,
        b = users.black,
    );
    std::fs::write(dir.path().join("mailarbiter.toml"), config).unwrap();
    dir
}

/// `mailarbiter run --once`, which must succeed; its standard output.
fn run_once(dir: &Path) -> String {
    let out = binary(dir, &["run", "--once"]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn binary(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mailarbiter"));
    cmd.arg("--config")
        .arg(dir.join("mailarbiter.toml"))
        .args(args)
        .env("RUST_LOG", "info");
    cmd
}

/// `mailarbiter run`, logging into `daemon.log` in the folder.
fn start_daemon(dir: &Path) -> Child {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("daemon.log"))
        .unwrap();
    binary(dir, &["run"])
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("the daemon starts")
}

/// SIGTERM; the exit code and how long the stop took.
fn stop_daemon(child: &mut Child) -> (i32, Duration) {
    let start = Instant::now();
    Command::new("kill")
        .arg("-TERM")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (status.code().unwrap_or(-1), start.elapsed());
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the daemon did not stop within 15 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn json(dir: &Path) -> serde_json::Value {
    let out = binary(dir, &["show", "RT/1", "--json"]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The opening of a game, numeric: (ply text as written, numbered for the record).
const MOVES: [&str; 10] = [
    "5254", "5755", "7163", "2836", "6125", "1716", "2514", "7866", "5171", "6857",
];

fn numbered(i: usize) -> String {
    common::numbered_ply(i, MOVES[i])
}

/// A player's mail for ply `i` of the opening above.
fn move_mail(users: &Users, i: usize) -> (String, Vec<u8>) {
    let moves: Vec<String> = MOVES.iter().map(|m| m.to_string()).collect();
    game_mail(users, &moves, i)
}

/// A player's mail for ply `i` of `moves`, repeating the partner's last move.
fn game_mail(users: &Users, moves: &[String], i: usize) -> (String, Vec<u8>) {
    let from = if i.is_multiple_of(2) {
        &users.white
    } else {
        &users.black
    };
    let raw = format!(
        "From: {from}\r\nTo: {arb}\r\nSubject: Re: [RT/1] move\r\nDate: Mon, 30 Nov 2026 10:00:00 +0000\r\n\
         Message-ID: <ply{i}.{arb}>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n",
        common::repeat_and_move(moves, i),
        arb = users.arbiter
    );
    (from.clone(), raw.into_bytes())
}

/// The opening's first three moves appended to the arbiter's INBOX over
/// IMAP (no SMTP needed), and refereed within `limit`.
async fn three_moves_refereed_meanwhile(
    servers: &Servers,
    users: &Users,
    dir: &Path,
    limit: Duration,
) {
    for i in 0..3 {
        let (_, raw) = move_mail(users, i);
        servers.append(&users.arbiter, "INBOX", &raw).await;
    }
    let deadline = Instant::now() + limit;
    while json(dir)["moves"].as_array().unwrap().len() < 3 {
        assert!(Instant::now() < deadline, "{}", daemon_log(dir));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn daemon_log(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("daemon.log")).unwrap_or_default()
}

#[tokio::test(flavor = "current_thread")]
async fn ten_moves_by_smtp_are_forwarded_by_idle_and_a_restart_sends_nothing_twice() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("idle");
    let dir = arena(&servers, &users, "INBOX", Some("Processed"));
    let mut daemon = start_daemon(dir.path());
    // the opening mail reaches both players
    servers
        .wait_for(&users.white, 1, Duration::from_secs(10))
        .await;
    servers
        .wait_for(&users.black, 1, Duration::from_secs(10))
        .await;
    let mut latencies = Vec::new();
    for i in 0..10 {
        let (from, raw) = move_mail(&users, i);
        let opponent = if i % 2 == 0 {
            &users.black
        } else {
            &users.white
        };
        let mover = if i % 2 == 0 {
            &users.white
        } else {
            &users.black
        };
        let sent_at = Instant::now();
        servers.send(&from, &users.arbiter, &raw).await;
        // the forward of this ply in the opponent's INBOX (the mover's own
        // copy, a mail of its own when he reads another language, may come
        // a moment before or after it: the subject tells them apart)
        let arrived = |mails: &[(String, String, bool)]| {
            mails
                .iter()
                .any(|(subject, _, _)| subject.ends_with(&numbered(i)))
        };
        let deadline = Instant::now() + Duration::from_secs(5);
        while !arrived(&servers.mails(opponent, "INBOX").await) {
            assert!(
                Instant::now() < deadline,
                "ply {i}: no forward To the opponent\n{}",
                daemon_log(dir.path())
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        latencies.push(sent_at.elapsed());
        while !arrived(&servers.mails(mover, "INBOX").await) {
            assert!(
                Instant::now() < deadline,
                "ply {i}: no copy for the mover\n{}",
                daemon_log(dir.path())
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let ms: Vec<u128> = latencies.iter().map(|d| d.as_millis()).collect();
    println!(
        "forward latency, SMTP send to the opponent's INBOX (ms): {ms:?}; max {} ms",
        ms.iter().max().unwrap()
    );
    // nothing unseen is left in the arbiter's INBOX: every mail moved to Processed
    assert!(servers.mails(&users.arbiter, "INBOX").await.is_empty());
    assert_eq!(servers.mails(&users.arbiter, "Processed").await.len(), 10);
    // views work while the daemon holds the store (through its socket)
    assert_eq!(json(dir.path())["moves"].as_array().unwrap().len(), 10);
    let (code, took) = stop_daemon(&mut daemon);
    assert_eq!(code, 0, "{}", daemon_log(dir.path()));
    println!("SIGTERM to exit: {} ms", took.as_millis());
    let counts = (
        servers.mails(&users.white, "INBOX").await.len(),
        servers.mails(&users.black, "INBOX").await.len(),
    );
    assert_eq!(
        counts,
        (11, 11),
        "the opening and ten forwards each (To the opponent, Cc the mover)"
    );
    // a restart sends nothing twice
    let mut daemon = start_daemon(dir.path());
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (code, _) = stop_daemon(&mut daemon);
    assert_eq!(code, 0);
    let after = (
        servers.mails(&users.white, "INBOX").await.len(),
        servers.mails(&users.black, "INBOX").await.len(),
    );
    assert_eq!(after, counts);
    let json = json(dir.path());
    let numerics: Vec<&str> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["numeric"].as_str().unwrap())
        .collect();
    assert_eq!(numerics, MOVES);
}

#[tokio::test(flavor = "current_thread")]
async fn without_a_processed_folder_mail_is_flagged_seen() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("seen");
    let dir = arena(&servers, &users, "INBOX", None);
    for i in 0..2 {
        let (from, raw) = move_mail(&users, i);
        servers.send(&from, &users.arbiter, &raw).await;
    }
    servers
        .wait_for(&users.arbiter, 2, Duration::from_secs(5))
        .await;
    run_once(dir.path());
    let inbox = servers.mails(&users.arbiter, "INBOX").await;
    assert_eq!(inbox.len(), 2);
    assert!(
        inbox.iter().all(|(_, _, seen)| *seen),
        "both flagged \\Seen"
    );
    assert_eq!(json(dir.path())["moves"].as_array().unwrap().len(), 2);
    // a second pass changes nothing
    let out = run_once(dir.path());
    assert!(out.contains("read 0 mail(s), sent 0 mail(s)"), "{out}");
}

#[tokio::test(flavor = "current_thread")]
async fn dovecot_stopped_mid_game_loses_nothing() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("imapdown");
    let dir = arena(&servers, &users, "INBOX", Some("Processed"));
    let mut daemon = start_daemon(dir.path());
    servers
        .wait_for(&users.black, 1, Duration::from_secs(10))
        .await;
    let (from, raw) = move_mail(&users, 0);
    servers.send(&from, &users.arbiter, &raw).await;
    servers
        .wait_for(&users.black, 2, Duration::from_secs(5))
        .await;
    servers.script(&["imap-stop"]);
    // Black answers while the mailbox is down: Postfix queues the move
    let (from, raw) = move_mail(&users, 1);
    servers.send(&from, &users.arbiter, &raw).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    servers.script(&["imap-start"]);
    servers.script(&["flush"]);
    // White: the opening, ply 0 as Cc, ply 1 as To
    servers
        .wait_for(&users.white, 3, Duration::from_secs(40))
        .await;
    let (code, _) = stop_daemon(&mut daemon);
    assert_eq!(code, 0);
    let log = daemon_log(dir.path());
    assert!(
        log.contains("reconnecting") || log.contains("mailbox unreachable"),
        "the outage was seen:\n{log}"
    );
    assert_eq!(json(dir.path())["moves"].as_array().unwrap().len(), 2);
    assert_eq!(
        servers.mails(&users.white, "INBOX").await.len(),
        3,
        "nothing twice"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn smtp_unreachable_replies_wait_in_the_outbox_and_arrive_once() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("smtpdown");
    let dir = arena(&servers, &users, "INBOX", Some("Processed"));
    let mut daemon = start_daemon(dir.path());
    servers
        .wait_for(&users.black, 1, Duration::from_secs(10))
        .await;
    servers.script(&["smtp-stop"]);
    // moves reach the arbiter's mailbox without Postfix (appended over IMAP)
    three_moves_refereed_meanwhile(&servers, &users, dir.path(), Duration::from_secs(10)).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    servers.script(&["smtp-start"]);
    // each player: the opening and the three forwards (To or Cc)
    servers
        .wait_for(&users.black, 4, Duration::from_secs(70))
        .await;
    servers
        .wait_for(&users.white, 4, Duration::from_secs(10))
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (code, _) = stop_daemon(&mut daemon);
    assert_eq!(code, 0);
    assert!(daemon_log(dir.path()).contains("kept for later"));
    assert_eq!(
        servers.mails(&users.black, "INBOX").await.len(),
        4,
        "each reply once"
    );
    assert_eq!(
        servers.mails(&users.white, "INBOX").await.len(),
        4,
        "each reply once"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_recreated_mailbox_applies_no_move_twice() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("uidvalidity");
    let mut s = servers.session(&users.arbiter).await;
    s.create("Moves").await.unwrap();
    s.logout().await.ok();
    let dir = arena(&servers, &users, "Moves", None);
    let (_, first) = move_mail(&users, 0);
    servers.append(&users.arbiter, "Moves", &first).await;
    run_once(dir.path());
    assert_eq!(json(dir.path())["moves"].as_array().unwrap().len(), 1);
    // the folder is deleted and made again (a new UIDVALIDITY) with the old mail and a new one
    let mut s = servers.session(&users.arbiter).await;
    s.delete("Moves").await.unwrap();
    s.create("Moves").await.unwrap();
    s.logout().await.ok();
    servers.append(&users.arbiter, "Moves", &first).await;
    let (_, second) = move_mail(&users, 1);
    servers.append(&users.arbiter, "Moves", &second).await;
    run_once(dir.path());
    let json = json(dir.path());
    let numerics: Vec<&str> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["numeric"].as_str().unwrap())
        .collect();
    assert_eq!(numerics, ["5254", "5755"]);
    assert_eq!(json["white"]["penalty_days"], 0);
    assert_eq!(json["black"]["penalty_days"], 0);
    // each player: the opening, ply 0 and ply 1 (To or Cc), and no "not your turn"
    servers
        .wait_for(&users.white, 3, Duration::from_secs(5))
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    for player in [&users.white, &users.black] {
        let mails = servers.mails(player, "INBOX").await;
        assert_eq!(mails.len(), 3, "{mails:#?}");
        assert!(
            mails
                .iter()
                .all(|(s, _, _)| !s.contains("not your turn") && !s.contains("не ваш ход")),
            "{mails:#?}"
        );
    }
}

#[tokio::test(flavor = "current_thread")]
async fn sigterm_during_a_burst_exits_cleanly_and_loses_nothing() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("burst");
    let dir = arena(&servers, &users, "INBOX", Some("Processed"));
    let moves = common::numerics(common::APP4);
    for i in 0..moves.len() {
        servers
            .append(&users.arbiter, "INBOX", &game_mail(&users, &moves, i).1)
            .await;
    }
    let mut daemon = start_daemon(dir.path());
    // stop it as soon as it has decided its first mail
    let deadline = Instant::now() + Duration::from_secs(10);
    while !daemon_log(dir.path()).contains("decided") {
        assert!(Instant::now() < deadline, "{}", daemon_log(dir.path()));
        std::thread::sleep(Duration::from_millis(5));
    }
    let (code, took) = stop_daemon(&mut daemon);
    assert_eq!(code, 0, "{}", daemon_log(dir.path()));
    println!(
        "SIGTERM during the burst: exit 0 after {} ms",
        took.as_millis()
    );
    let done = json(dir.path())["moves"].as_array().unwrap().len();
    println!("moves applied before the stop: {done} of {}", moves.len());
    // the rest on the next start
    let mut daemon = start_daemon(dir.path());
    let total = 1 + moves.len();
    servers
        .wait_for(&users.white, total, Duration::from_secs(30))
        .await;
    servers
        .wait_for(&users.black, total, Duration::from_secs(30))
        .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (code, _) = stop_daemon(&mut daemon);
    assert_eq!(code, 0);
    let json = json(dir.path());
    let numerics: Vec<String> = json["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["numeric"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(numerics, moves);
    // the opening and every forward (To or Cc) once
    assert_eq!(servers.mails(&users.white, "INBOX").await.len(), total);
    assert_eq!(servers.mails(&users.black, "INBOX").await.len(), total);
    assert!(servers.mails(&users.arbiter, "INBOX").await.is_empty());
}

/// One move through TLS both ways: the inbox over `imap`, the replies over `smtp`.
async fn one_move_over_tls(test: &str, imap: &str, smtp: &str) {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users(test);
    let ca = servers.ca.display().to_string();
    let imap = imap
        .replace("{imap}", &servers.imap.to_string())
        .replace("{imaps}", &servers.imaps.to_string())
        .replace("{ca}", &ca);
    let smtp = smtp
        .replace("{smtp}", &servers.smtp.to_string())
        .replace("{smtps}", &servers.smtps.to_string())
        .replace("{ca}", &ca);
    let dir = arena_with(&users, "INBOX", Some("Processed"), &imap, &smtp);
    let (from, raw) = move_mail(&users, 0);
    servers.send(&from, &users.arbiter, &raw).await;
    servers
        .wait_for(&users.arbiter, 1, Duration::from_secs(5))
        .await;
    run_once(dir.path());
    // the opening and the forward reach Black over TLS
    servers
        .wait_for(&users.black, 2, Duration::from_secs(5))
        .await;
    let mails = servers.mails(&users.black, "INBOX").await;
    assert!(
        mails.iter().any(|(s, _, _)| s.ends_with("1. 5254")),
        "{mails:#?}"
    );
    assert!(
        servers.mails(&users.arbiter, "INBOX").await.is_empty(),
        "moved to Processed"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn tls_implicit_imap_and_starttls_smtp_with_a_private_ca() {
    one_move_over_tls(
        "tlsa",
        "host = \"localhost\"\nport = {imaps}\ntls = \"implicit\"\nca_file = \"{ca}\"\n",
        "host = \"localhost\"\nport = {smtp}\ntls = \"starttls\"\nca_file = \"{ca}\"\n",
    )
    .await;
}

#[tokio::test(flavor = "current_thread")]
async fn tls_starttls_imap_and_implicit_smtp_with_a_private_ca() {
    one_move_over_tls(
        "tlsb",
        "host = \"localhost\"\nport = {imap}\ntls = \"starttls\"\nca_file = \"{ca}\"\n",
        "host = \"localhost\"\nport = {smtps}\ntls = \"implicit\"\nca_file = \"{ca}\"\n",
    )
    .await;
}

#[tokio::test(flavor = "current_thread")]
async fn tls_refuses_a_server_it_cannot_verify() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("tlsc");
    let imap = format!(
        "host = \"localhost\"\nport = {}\ntls = \"implicit\"\n",
        servers.imaps
    );
    let smtp = format!(
        "host = \"localhost\"\nport = {}\ntls = \"none\"\n",
        servers.smtp
    );
    let dir = arena_with(&users, "INBOX", None, &imap, &smtp);
    let out = binary(dir.path(), &["run", "--once"]).output().unwrap();
    assert!(
        !out.status.success(),
        "the private CA is not trusted without ca_file"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("TLS handshake") && err.to_lowercase().contains("certificate"),
        "{err}"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn robots_too_large_mails_and_strangers_spam_go_to_the_quarantine_folder() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("quarantine");
    let dir = arena(&servers, &users, "INBOX", Some("Processed"));
    let config = dir.path().join("mailarbiter.toml");
    let text = std::fs::read_to_string(&config)
        .unwrap()
        .replace(
            "poll_seconds = 1\n",
            "poll_seconds = 1\nquarantine_folder = \"Quarantine\"\n",
        )
        .replacen(
            "[[tournament]]",
            "[security]\nmax_mail_bytes = 2000\n\n[[tournament]]",
            1,
        );
    std::fs::write(&config, text).unwrap();
    let robot = format!(
        "From: {}\r\nTo: {}\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <robot.{}>\r\n\r\n1. 5254\r\n",
        users.white, users.arbiter, users.arbiter
    );
    servers
        .append(&users.arbiter, "INBOX", robot.as_bytes())
        .await;
    let big = format!(
        "From: {}\r\nTo: {}\r\nSubject: Re: [RT/1] move\r\nMessage-ID: <big.{}>\r\n\r\n1. 5254\r\n{}\r\n",
        users.white,
        users.arbiter,
        users.arbiter,
        "x".repeat(5000)
    );
    servers
        .append(&users.arbiter, "INBOX", big.as_bytes())
        .await;
    // a stranger's spam names no game: kept aside unanswered, not processed
    let spam = format!(
        "From: Lottery <claims@lotto.example>\r\nTo: {}\r\nSubject: You won!\r\nMessage-ID: <spam.{}>\r\n\r\nSend your bank details.\r\n",
        users.arbiter, users.arbiter
    );
    servers
        .append(&users.arbiter, "INBOX", spam.as_bytes())
        .await;
    run_once(dir.path());
    assert!(servers.mails(&users.arbiter, "INBOX").await.is_empty());
    assert_eq!(
        servers.mails(&users.arbiter, "Quarantine").await.len(),
        3,
        "all three kept, in quarantine"
    );
    assert!(servers.mails(&users.arbiter, "Processed").await.is_empty());
    // White hears that the mail was too large (and nothing about the robot's)
    servers
        .wait_for(&users.white, 2, Duration::from_secs(5))
        .await;
    let mails = servers.mails(&users.white, "INBOX").await;
    assert!(
        mails
            .iter()
            .any(|(s, b, _)| s.contains("too large") && b.contains("2000")),
        "{mails:#?}"
    );
    assert_eq!(json(dir.path())["moves"].as_array().unwrap().len(), 0);
}

#[tokio::test(flavor = "current_thread")]
async fn without_idle_the_daemon_polls() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("poll");
    let dir = arena(&servers, &users, "INBOX", Some("Processed"));
    let config = dir.path().join("mailarbiter.toml");
    let text = std::fs::read_to_string(&config)
        .unwrap()
        .replace("poll_seconds = 1\n", "poll_seconds = 1\nidle = false\n");
    std::fs::write(&config, text).unwrap();
    let mut daemon = start_daemon(dir.path());
    servers
        .wait_for(&users.black, 1, Duration::from_secs(10))
        .await;
    let (from, raw) = move_mail(&users, 0);
    servers.send(&from, &users.arbiter, &raw).await;
    servers
        .wait_for(&users.black, 2, Duration::from_secs(5))
        .await;
    let (code, _) = stop_daemon(&mut daemon);
    assert_eq!(code, 0);
    assert!(
        daemon_log(dir.path()).contains("idle=false"),
        "{}",
        daemon_log(dir.path())
    );
}

/// A TCP relay to Postfix that can play a hung server: while `hung` is
/// set, it accepts connections and never says a word.
struct HangingRelay {
    port: u16,
    hung: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl HangingRelay {
    fn start(target: u16) -> HangingRelay {
        use std::sync::atomic::Ordering;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let hung = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let mode = hung.clone();
        std::thread::spawn(move || {
            let mut held = Vec::new();
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                if mode.load(Ordering::SeqCst) {
                    held.push(client); // silent until the test ends
                    continue;
                }
                held.clear(); // the hung conversations end with the hang
                let Ok(server) = std::net::TcpStream::connect(("127.0.0.1", target)) else {
                    continue;
                };
                let pipe = |mut from: std::net::TcpStream, mut to: std::net::TcpStream| {
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(std::net::Shutdown::Write);
                    });
                };
                pipe(client.try_clone().unwrap(), server.try_clone().unwrap());
                pipe(server, client);
            }
        });
        HangingRelay { port, hung }
    }

    fn recover(&self) {
        self.hung.store(false, std::sync::atomic::Ordering::SeqCst);
    }
}

#[tokio::test(flavor = "current_thread")]
async fn smtp_hung_refereeing_goes_on_and_every_reply_goes_out_after() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("smtphung");
    let relay = HangingRelay::start(servers.smtp);
    let smtp = loopback(relay.port) + "timeout_seconds = 5\n";
    let dir = arena_with(
        &users,
        "INBOX",
        Some("Processed"),
        &loopback(servers.imap),
        &smtp,
    );
    let hung_since = Instant::now();
    let mut daemon = start_daemon(dir.path());
    // ten moves while every SMTP conversation hangs
    for i in 0..10 {
        let (_, raw) = move_mail(&users, i);
        servers.append(&users.arbiter, "INBOX", &raw).await;
    }
    let refereeing = Instant::now();
    while json(dir.path())["moves"].as_array().unwrap().len() < 10 {
        assert!(
            refereeing.elapsed() < Duration::from_secs(20),
            "refereeing stalled behind the hung server:\n{}",
            daemon_log(dir.path())
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    println!(
        "smtp hung: 10 moves refereed and committed in {:?}",
        refereeing.elapsed()
    );
    assert!(servers.mails(&users.black, "INBOX").await.is_empty());
    let hung_for = Duration::from_secs(30).saturating_sub(hung_since.elapsed());
    tokio::time::sleep(hung_for).await;
    relay.recover();
    let recovered = Instant::now();
    // each player: the opening and the ten forwards (To or Cc)
    servers
        .wait_for(&users.black, 11, Duration::from_secs(60))
        .await;
    servers
        .wait_for(&users.white, 11, Duration::from_secs(10))
        .await;
    println!(
        "smtp recovered: every reply delivered {:?} later",
        recovered.elapsed()
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (code, _) = stop_daemon(&mut daemon);
    assert_eq!(code, 0);
    let log = daemon_log(dir.path());
    assert!(log.contains("timed out"), "{log}");
    for user in [&users.black, &users.white] {
        assert_eq!(
            servers.mails(user, "INBOX").await.len(),
            11,
            "{user}: each reply once"
        );
    }
}

/// A port on loopback that nothing listens on.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// `check --connect`: (exit code, stdout, stderr).
fn check_connect(dir: &Path) -> (i32, String, String) {
    let out = binary(dir, &["check", "--connect"]).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "current_thread")]
async fn check_connect_logs_in_over_tls_says_ehlo_and_writes_the_store() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let ca = servers.ca.display();
    for (test, imap, smtp) in [
        (
            "conna",
            format!(
                "host = \"localhost\"\nport = {}\ntls = \"implicit\"\nca_file = \"{ca}\"\n",
                servers.imaps
            ),
            format!(
                "host = \"localhost\"\nport = {}\ntls = \"starttls\"\nca_file = \"{ca}\"\n",
                servers.smtp
            ),
        ),
        (
            "connb",
            format!(
                "host = \"localhost\"\nport = {}\ntls = \"starttls\"\nca_file = \"{ca}\"\n",
                servers.imap
            ),
            format!(
                "host = \"localhost\"\nport = {}\ntls = \"implicit\"\nca_file = \"{ca}\"\n",
                servers.smtps
            ),
        ),
    ] {
        let users = servers.users(test);
        let dir = arena_with(&users, "INBOX", Some("Processed"), &imap, &smtp);
        let (code, out, err) = check_connect(dir.path());
        assert_eq!(code, 0, "{out}{err}");
        let store = dir.path().join("state");
        for line in [
            format!(
                "connect: store {}: OK (does not exist yet; created it, wrote and removed a file, removed it)",
                store.display()
            ),
            "connect: inbox IMAP localhost:".into(),
            format!("), user {}: OK (logged in as {}", users.arbiter, users.arbiter),
            "; folder INBOX holds 0 mail(s); Processed is created at the first start)".into(),
            "connect: outbox SMTP localhost:".into(),
            "OK (EHLO answered (no login configured))".into(),
            "connect: all 3 checks passed".into(),
        ] {
            assert!(out.contains(&line), "{line}\n{out}{err}");
        }
        assert!(!store.exists(), "check --connect leaves no store behind");
        // nothing was created on the server: the daemon creates Processed
        run_once(dir.path());
        let (code, out, _) = check_connect(dir.path());
        assert_eq!(code, 0);
        assert!(
            out.contains(&format!(
                "connect: store {}: OK (wrote and removed a file)",
                store.display()
            )),
            "{out}"
        );
        assert!(!out.contains("Processed is created"), "{out}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn check_connect_reports_a_wrong_password_and_a_closed_port_each_in_one_line() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("connbad");
    let closed = closed_port();
    let dir = arena_with(
        &users,
        "INBOX",
        None,
        &loopback(servers.imap),
        &loopback(closed),
    );
    std::fs::write(dir.path().join("imap-password"), "wrong\n").unwrap();
    let (code, out, err) = check_connect(dir.path());
    assert_eq!(code, 1, "{out}{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].starts_with(&format!(
            "connect: inbox IMAP 127.0.0.1:{} (no TLS), user {}: FAILED: IMAP login: ",
            servers.imap, users.arbiter
        )) && lines[0].contains("Authentication failed"),
        "{err}"
    );
    assert!(
        lines[1].starts_with(&format!(
            "connect: outbox SMTP 127.0.0.1:{closed} (no TLS): FAILED: "
        )) && lines[1].contains("Connection refused"),
        "{err}"
    );
    assert_eq!(lines[2], "connect: 2 of 3 checks failed");
    // the store was tried all the same
    assert!(out.contains("connect: store "), "{out}");
    // a login the SMTP server does not offer is a failure too, with its reason
    let smtp = format!(
        "{}user = \"{}\"\npassword_file = \"imap-password\"\n",
        loopback(servers.smtp),
        users.arbiter
    );
    let dir = arena_with(&users, "INBOX", None, &loopback(servers.imap), &smtp);
    let (code, out, err) = check_connect(dir.path());
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("logged in as"), "{out}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with(&format!(
            "connect: outbox SMTP 127.0.0.1:{} (no TLS), user {}: FAILED: ",
            servers.smtp, users.arbiter
        )) && lines[0].to_lowercase().contains("authentication"),
        "{err}"
    );
    // the unit's offline check still passes: it never connects
    let out = binary(dir.path(), &["check"]).output().unwrap();
    assert!(out.status.success());
}

/// SIGHUP while the daemon waits in IDLE: a good config is put in place (a
/// new session, the relay restarted), moves still flow, and `resend`
/// through the control socket delivers the last forward again.
#[tokio::test(flavor = "current_thread")]
async fn sighup_in_idle_reloads_and_resend_delivers_again() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("sighup");
    let dir = arena(&servers, &users, "INBOX", Some("Processed"));
    let mut daemon = start_daemon(dir.path());
    servers
        .wait_for(&users.black, 1, Duration::from_secs(10))
        .await;
    let config = dir.path().join("mailarbiter.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        text.replace("Real mail test", "Real mail test, reloaded"),
    )
    .unwrap();
    Command::new("kill")
        .args(["-HUP", &daemon.id().to_string()])
        .status()
        .unwrap();
    let started = Instant::now();
    while !daemon_log(dir.path()).contains("reloaded the config") {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{}",
            daemon_log(dir.path())
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (from, raw) = move_mail(&users, 0);
    servers.send(&from, &users.arbiter, &raw).await;
    servers
        .wait_for(&users.black, 2, Duration::from_secs(10))
        .await;
    let out = binary(dir.path(), &["resend", "RT/1"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    servers
        .wait_for(&users.black, 3, Duration::from_secs(10))
        .await;
    let mails = servers.mails(&users.black, "INBOX").await;
    assert_eq!(mails[1].0, mails[2].0, "the same forward twice");
    let (code, _) = stop_daemon(&mut daemon);
    assert_eq!(code, 0, "{}", daemon_log(dir.path()));
}

/// `count` mails staged in the outbox of the store in `dir` (as the referee
/// commits them), each to `to`, numbered in the subject.
fn stage_outbox(dir: &Path, to: &str, count: usize) {
    use mailarbiter::referee::decide::{MailKind, OutMail, Recipient};
    use mailarbiter::store::{Commit, SledStore, Store};
    let store = SledStore::open(&dir.join("state")).expect("the store opens");
    let mails = (0..count)
        .map(|i| OutMail {
            to: vec![Recipient {
                name: "Black, Betty".into(),
                email: to.into(),
            }],
            cc: vec![],
            subject: format!("[RT/1] staged {i:04}"),
            body: format!("Staged mail {i}: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n"),
            in_reply_to: None,
            references: vec![],
            thread: vec![],
            kind: MailKind::AutoGenerated,
            game: Some("RT/1".into()),
            attachments: vec![],
        })
        .collect();
    store
        .commit(&Commit {
            mails,
            created: chrono::Utc::now().to_rfc3339(),
            ..Commit::default()
        })
        .expect("the outbox is written");
}

/// The subjects of the staged mails in `user`'s INBOX, in the order Dovecot
/// got them.
async fn staged_subjects(servers: &Servers, user: &str) -> Vec<String> {
    let mut subjects: Vec<String> = servers
        .mails(user, "INBOX")
        .await
        .into_iter()
        .map(|(subject, _, _)| subject)
        .filter(|s| s.contains("staged"))
        .collect();
    subjects.sort();
    subjects
}

/// A backlog of 200 mails in the outbox goes out in one `run --once`, each
/// mail once, over plain SMTP and over implicit TLS; the time it takes is
/// printed (measured, never asserted: see docs/performance.md).
#[tokio::test(flavor = "current_thread")]
async fn a_backlog_of_200_outbox_mails_goes_out_once_each_and_the_time_is_printed() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    const COUNT: usize = 200;
    let ca = servers.ca.display().to_string();
    let smtps = format!(
        "host = \"localhost\"\nport = {}\ntls = \"implicit\"\nca_file = \"{ca}\"\n",
        servers.smtps
    );
    for (name, smtp) in [("plain", loopback(servers.smtp)), ("implicit TLS", smtps)] {
        let users = servers.users(if name == "plain" {
            "backlog"
        } else {
            "backlogtls"
        });
        let dir = arena_with(
            &users,
            "INBOX",
            Some("Processed"),
            &loopback(servers.imap),
            &smtp,
        );
        stage_outbox(dir.path(), &users.black, COUNT);
        let started = Instant::now();
        run_once(dir.path());
        let took = started.elapsed();
        println!(
            "outbox backlog over {name}: {COUNT} mails sent in {took:?} ({:.0} mails/s)",
            COUNT as f64 / took.as_secs_f64()
        );
        // the staged mails and the opening of the game
        servers
            .wait_for(&users.black, COUNT + 1, Duration::from_secs(60))
            .await;
        tokio::time::sleep(Duration::from_secs(1)).await;
        let subjects = staged_subjects(&servers, &users.black).await;
        let expected: Vec<String> = (0..COUNT)
            .map(|i| format!("[RT/1] staged {i:04}"))
            .collect();
        assert_eq!(subjects, expected, "{name}: each staged mail once");
        // nothing is left: a second pass sends nothing
        run_once(dir.path());
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert_eq!(
            servers.mails(&users.black, "INBOX").await.len(),
            COUNT + 1,
            "{name}: nothing twice"
        );
    }
}

/// A TCP relay to Postfix that plays a server closing a connection after
/// `per_connection` mails: the next `MAIL FROM` on it meets a closed
/// socket. It counts the connections and the writes that carried `MAIL
/// FROM` … `DATA` at once (pipelined).
struct CuttingRelay {
    port: u16,
    connections: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    pipelined: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl CuttingRelay {
    fn start(target: u16, per_connection: usize) -> CuttingRelay {
        use std::io::{Read, Write};
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::sync::Arc;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let connections = Arc::new(AtomicUsize::new(0));
        let pipelined = Arc::new(AtomicUsize::new(0));
        let (count, piped) = (connections.clone(), pipelined.clone());
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(mut client) = client else { continue };
                let Ok(mut server) = std::net::TcpStream::connect(("127.0.0.1", target)) else {
                    continue;
                };
                count.fetch_add(1, Ordering::SeqCst);
                let (mut from_server, mut to_client) =
                    (server.try_clone().unwrap(), client.try_clone().unwrap());
                std::thread::spawn(move || {
                    let _ = std::io::copy(&mut from_server, &mut to_client);
                    let _ = to_client.shutdown(std::net::Shutdown::Write);
                });
                let piped = piped.clone();
                std::thread::spawn(move || {
                    let (mut mails, mut buf) = (0, [0u8; 65536]);
                    loop {
                        let n = match client.read(&mut buf) {
                            Ok(0) | Err(_) => break,
                            Ok(n) => n,
                        };
                        let chunk = String::from_utf8_lossy(&buf[..n]);
                        if chunk.contains("MAIL FROM:") {
                            mails += 1;
                            if mails > per_connection {
                                break; // the server hangs up
                            }
                            if chunk.contains("\r\nDATA\r\n") {
                                piped.fetch_add(1, Ordering::SeqCst);
                            }
                        }
                        if server.write_all(&buf[..n]).is_err() {
                            break;
                        }
                    }
                    let _ = client.shutdown(std::net::Shutdown::Both);
                    let _ = server.shutdown(std::net::Shutdown::Both);
                });
            }
        });
        CuttingRelay {
            port,
            connections,
            pipelined,
        }
    }
}

/// A pass sends over one connection; when the server closes it between two
/// mails, the mail that met the closed connection goes once more on a new
/// one: every mail arrives, once, over a handful of connections.
#[tokio::test(flavor = "current_thread")]
async fn a_connection_the_server_closes_mid_pass_costs_no_mail_and_no_duplicate() {
    use std::sync::atomic::Ordering;
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    const COUNT: usize = 20;
    let users = servers.users("cut");
    let relay = CuttingRelay::start(servers.smtp, 5);
    let dir = arena_with(
        &users,
        "INBOX",
        Some("Processed"),
        &loopback(servers.imap),
        &(loopback(relay.port) + "timeout_seconds = 10\n"),
    );
    stage_outbox(dir.path(), &users.black, COUNT);
    let out = binary(dir.path(), &["run", "--once"]).output().unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    assert!(
        log.contains("the open connection failed, once more on a new one"),
        "{log}"
    );
    servers
        .wait_for(&users.black, COUNT + 1, Duration::from_secs(30))
        .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let subjects = staged_subjects(&servers, &users.black).await;
    let expected: Vec<String> = (0..COUNT)
        .map(|i| format!("[RT/1] staged {i:04}"))
        .collect();
    assert_eq!(subjects, expected, "each staged mail once");
    let connections = relay.connections.load(Ordering::SeqCst);
    // 5 mails a connection, the last one for the rest: far fewer than mails
    assert!(
        (COUNT / 5..=COUNT / 5 + 2).contains(&connections),
        "{connections} connections"
    );
    assert!(
        relay.pipelined.load(Ordering::SeqCst) >= COUNT,
        "Postfix offers PIPELINING: MAIL FROM … DATA in one write"
    );
}

/// The outbox's length as the running daemon tells it (`status --json`).
fn outbox_length(dir: &Path) -> Option<u64> {
    let out = binary(dir, &["status", "--json"]).output().ok()?;
    let status: serde_json::Value = serde_json::from_slice(&out.stdout).ok()?;
    status["outbox"]["length"].as_u64()
}

/// Postfix stopped in the middle of a burst (`postfix stop`: the open
/// connection is cut), moves refereed meanwhile, then started again: no
/// mail lost, at most one delivered twice (the one whose reply never
/// came), and the outbox empty within 10 s of the server's return (the
/// relay's backoff is capped low).
#[tokio::test(flavor = "current_thread")]
async fn postfix_restarted_mid_burst_costs_at_most_one_duplicate_and_resumes_at_once() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    const COUNT: usize = 200;
    let users = servers.users("restart");
    let dir = arena(&servers, &users, "INBOX", Some("Processed"));
    stage_outbox(dir.path(), &users.black, COUNT);
    let mut daemon = start_daemon(dir.path());
    // in the middle of the burst
    let deadline = Instant::now() + Duration::from_secs(60);
    while outbox_length(dir.path()).is_none_or(|n| n > COUNT as u64 * 3 / 4) {
        assert!(Instant::now() < deadline, "{}", daemon_log(dir.path()));
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    servers.script(&["smtp-stop"]);
    let stopped_at = outbox_length(dir.path()).unwrap_or_default();
    // moves reach the arbiter's mailbox meanwhile and are refereed
    three_moves_refereed_meanwhile(&servers, &users, dir.path(), Duration::from_secs(20)).await;
    // about 35 s down: with a backoff doubling to a minute, the next try
    // would come half a minute after the server's return
    tokio::time::sleep(Duration::from_secs(32)).await;
    servers.script(&["smtp-start"]);
    let back = Instant::now();
    while outbox_length(dir.path()) != Some(0) {
        assert!(
            back.elapsed() < Duration::from_secs(30),
            "the outbox still waits\n{}",
            daemon_log(dir.path())
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let emptied = back.elapsed();
    println!(
        "Postfix stopped with {stopped_at} of {COUNT} mails waiting; the outbox was empty \
         {emptied:?} after it was back"
    );
    assert!(
        emptied <= Duration::from_secs(10),
        "the outbox empty within 10 s of the server's return: {emptied:?}"
    );
    // the staged mails, the opening and the three forwards (To or Cc)
    servers
        .wait_for(&users.black, COUNT + 4, Duration::from_secs(60))
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (code, _) = stop_daemon(&mut daemon);
    assert_eq!(code, 0);
    let subjects = staged_subjects(&servers, &users.black).await;
    let mut unique = subjects.clone();
    unique.dedup();
    let expected: Vec<String> = (0..COUNT)
        .map(|i| format!("[RT/1] staged {i:04}"))
        .collect();
    assert_eq!(unique, expected, "every staged mail arrived");
    // what the daemon handed to Postfix: each mail once, but the one whose
    // reply never came
    let mut ids = servers.message_ids(&users.black).await;
    let in_inbox = ids.len();
    ids.sort();
    ids.dedup();
    let taken = servers.taken();
    let handed: usize = ids
        .iter()
        .map(|id| taken.get(id).copied().unwrap_or(0))
        .sum();
    assert!(
        ids.iter().all(|id| taken.contains_key(id)),
        "every mail in the INBOX was taken by Postfix"
    );
    let handed_twice = handed - ids.len();
    // Postfix itself delivers again over LMTP what `postfix stop` cut
    // between Dovecot's answer and its own record: counted apart
    // (a mail handed twice may be in the INBOX once: Postfix merged it)
    let redelivered = in_inbox.saturating_sub(handed);
    println!(
        "{} mails: {handed_twice} handed to Postfix twice, {redelivered} delivered again by \
         Postfix itself",
        ids.len()
    );
    assert!(
        handed_twice <= 1,
        "at most one duplicate per restart: {handed_twice}"
    );
    assert_eq!(json(dir.path())["moves"].as_array().unwrap().len(), 3);
}

/// The python with zeep that `tests/run.sh` installs (`MAILARBITER_PYTHON`),
/// or `None` when the suite runs without it.
fn zeep_python() -> Option<String> {
    let python = std::env::var("MAILARBITER_PYTHON").ok()?;
    let ok = Command::new(&python)
        .args(["-c", "import zeep"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok || std::env::var_os("MAILARBITER_REQUIRE_MAILSERVER").is_none(),
        "{python} has no zeep: tests/run.sh installs it"
    );
    ok.then_some(python)
}

/// Issue 24's acceptance: a chess program speaking SOAP through zeep (built
/// from the endpoint's WSDL) gets its password by mail, and plays Black a
/// whole game against White, who mails his moves: over Postfix and
/// Dovecot, the endpoint on loopback, one referee.
#[tokio::test(flavor = "current_thread")]
async fn a_program_speaking_zeep_plays_a_whole_game_against_a_mail_player() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let Some(python) = zeep_python() else {
        eprintln!("skipped: no python with zeep");
        return;
    };
    let users = servers.users("zeep");
    let dir = arena(&servers, &users, "INBOX", None);
    let port = closed_port();
    let url = format!("http://127.0.0.1:{port}/xfccbasic.asmx");
    let config = std::fs::read_to_string(dir.path().join("mailarbiter.toml")).unwrap();
    let config = config.replacen(
        "[[tournament]]",
        &format!("[xfcc]\nlisten = \"127.0.0.1:{port}\"\npublic_url = \"{url}\"\n\n[[tournament]]"),
        1,
    );
    std::fs::write(dir.path().join("mailarbiter.toml"), config).unwrap();
    let mut daemon = start_daemon(dir.path());
    servers
        .wait_for(&users.black, 1, Duration::from_secs(30))
        .await;
    // Black asks for his password by mail
    let ask = format!(
        "From: {b}\r\nTo: {arb}\r\nSubject: Xfcc\r\nMessage-ID: <xfcc.{b}>\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\nXFCC ПАРОЛЬ\r\n",
        b = users.black,
        arb = users.arbiter
    );
    servers
        .send(&users.black, &users.arbiter, ask.as_bytes())
        .await;
    servers
        .wait_for(&users.black, 2, Duration::from_secs(30))
        .await;
    let mails = servers.mails(&users.black, "INBOX").await;
    let answer = &mails.last().unwrap().1;
    let mut lines = answer.lines();
    lines.find(|l| l.contains("Пароль, на следующей строке"));
    let password = lines.next().expect(answer).trim().to_string();
    assert_eq!(password.len(), 16, "{answer}");
    // the program plays Black: 1.f3 e5 2.g4 Qh4# (White mails 6263, 7274)
    let player = Command::new(&python)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/xfcc/zeep_player.py"))
        .args([&url, &users.black, &password, "e5", "Qh4#"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python runs");
    let white = |body: &str, n: usize| {
        format!(
            "From: {w}\r\nTo: {arb}\r\nSubject: Re: [RT/1] move\r\nMessage-ID: <zeep{n}.{w}>\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n",
            w = users.white,
            arb = users.arbiter
        )
    };
    let wait_plies = |n: usize| {
        let deadline = Instant::now() + Duration::from_secs(60);
        while json(dir.path())["moves"].as_array().unwrap().len() < n {
            assert!(Instant::now() < deadline, "{}", daemon_log(dir.path()));
            std::thread::sleep(Duration::from_millis(200));
        }
    };
    servers
        .send(&users.white, &users.arbiter, white("1. 6263", 1).as_bytes())
        .await;
    wait_plies(2);
    servers
        .send(
            &users.white,
            &users.arbiter,
            white("1. 6263 5755\r\n2. 7274", 2).as_bytes(),
        )
        .await;
    let out = player.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        daemon_log(dir.path())
    );
    let steps: Vec<serde_json::Value> = said
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(steps.len(), 3, "{said}");
    assert_eq!(steps[0]["result"], "Success");
    assert_eq!(steps[0]["movecount"], 1);
    assert_eq!(steps[1]["movecount"], 2);
    assert_eq!(steps[2]["final"], "BlackWins", "{said}");
    assert!(
        steps[2]["moves"].as_str().unwrap().contains("Qh4#"),
        "{said}"
    );
    // White read both moves and the result by mail, the program's words too
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let mails = servers.mails(&users.white, "INBOX").await;
        if mails.iter().any(|(about, _, _)| about.contains("0-1")) {
            assert!(mails
                .iter()
                .any(|(_, body, _)| body.contains("move 1 from zeep")));
            break;
        }
        assert!(Instant::now() < deadline, "{mails:#?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(json(dir.path())["result"], "0-1");
    let (code, _) = stop_daemon(&mut daemon);
    assert_eq!(code, 0);
}

/// `mailarbiter run --once` as of `today`, which must succeed.
fn run_once_on(dir: &Path, today: chrono::NaiveDate) {
    let out = binary(dir, &["run", "--once", "--today", &today.to_string()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A tournament on the ICCF preset with one value changed, played over
/// Postfix and Dovecot: the move is forwarded with ICCF's clock, the
/// repeats reach Black's INBOX after 14, 28 and 35 days (ICCF Guidelines
/// 3a, ICCF interim webserver rules 3.1), the director is told after 40
/// (ICCF Guidelines 3b), Black is warned at the changed 3 days left, and
/// the claim reaches the director's INBOX the day after the 50th.
#[tokio::test(flavor = "current_thread")]
async fn an_iccf_tournament_by_real_mail_repeats_warns_and_claims_on_its_days() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(servers) = servers() else { return };
    let users = servers.users("iccf");
    let dir = arena(&servers, &users, "INBOX", None);
    let path = dir.path().join("mailarbiter.toml");
    let config = std::fs::read_to_string(&path).unwrap().replacen(
        "[[tournament.player]]",
        "[tournament.rules]\nbase = \"iccf\"\nwarning_days = 3\n\n[[tournament.player]]",
        1,
    );
    std::fs::write(&path, config).unwrap();
    let start = chrono::Utc::now().date_naive();
    let day = |n: u64| start + chrono::Days::new(n);
    run_once_on(dir.path(), start);
    let (from, raw) = move_mail(&users, 0);
    servers.send(&from, &users.arbiter, &raw).await;
    servers
        .wait_for(&users.arbiter, 1, Duration::from_secs(30))
        .await;
    run_once_on(dir.path(), start);
    servers
        .wait_for(&users.black, 2, Duration::from_secs(30))
        .await;
    let black = servers.mails(&users.black, "INBOX").await;
    assert!(
        black[0]
            .1
            .contains("ИКЧФ (игра по электронной почте): 50 дней на 10 ходов"),
        "the opening names ICCF's time control: {}",
        black[0].1
    );
    assert!(
        black[1].1.contains("из 50 до 10-го хода; осталось 50 дней"),
        "{}",
        black[1].1
    );
    let mut expected = 2;
    for (n, waited) in [(14, "14 дней"), (28, "28 дней"), (35, "35 дней")] {
        run_once_on(dir.path(), day(n));
        expected += 1;
        servers
            .wait_for(&users.black, expected, Duration::from_secs(30))
            .await;
        let black = servers.mails(&users.black, "INBOX").await;
        let reminder = &black[expected - 1].1;
        assert!(
            reminder.contains(&format!("нет уже {waited}."))
                && reminder.contains("Руководство ИКЧФ, п. 3a"),
            "day {n}: {reminder}"
        );
    }
    run_once_on(dir.path(), day(40));
    run_once_on(dir.path(), day(47));
    expected += 1;
    servers
        .wait_for(&users.black, expected, Duration::from_secs(30))
        .await;
    let black = servers.mails(&users.black, "INBOX").await;
    assert!(
        black[expected - 1].1.contains("осталось всего 3 дня"),
        "warned at the tournament's 3 days: {}",
        black[expected - 1].1
    );
    assert_eq!(black.len(), expected, "nothing else for Black");
    run_once_on(dir.path(), day(51));
    let limit = Instant::now() + Duration::from_secs(30);
    loop {
        let td = servers.mails(&users.director, "INBOX").await;
        let silence = td.iter().any(|(_, body, _)| {
            body.contains("for 40 days") && body.contains("ICCF Guidelines 3b")
        });
        let claim = td.iter().find(|(about, _, _)| about.contains("overstep"));
        if let (true, Some((_, body, _))) = (silence, claim) {
            assert!(
                body.contains("has used 51 days against 50 allowed up to move 10")
                    && body.contains("ICCF: overstep claimed to the director"),
                "{body}"
            );
            break;
        }
        assert!(Instant::now() < limit, "the director's INBOX: {td:#?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
