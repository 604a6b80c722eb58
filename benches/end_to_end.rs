//! End to end over the test Dovecot + Postfix: the transport floor and the
//! daemon, measured in the same run on the same mails.
//!
//! Run `bash benches/end_to_end.sh` (it starts private mail servers, runs
//! this, stops them), or `cargo bench --bench end_to_end` with the servers
//! of `tests/mailserver.sh` running and `MS_ROOT`, `MS_IMAP_PORT`,
//! `MS_SMTP_PORT` exported. `E2E_MAILS` sets the number of move mails
//! (default 2000: a round robin of 20 players, 190 games, the plies of
//! App.4 in every game); `E2E_RUNS` the number of rounds (default 1),
//! each on fresh mailboxes and games, the daemon first in the first round
//! (its forwards' size sets the floor's), the floor first in the others,
//! the median ratios printed at the end; `E2E_VERBOSE=1` prints, for
//! the floor and the daemon, the time between one mail's 250 and the next;
//! `E2E_BATCH` sets the daemon's `batch_mails`.
//!
//! Both runs begin the same way: the mails wait in a folder `Stage` of the
//! arbiter's mailbox, one `UID MOVE` puts them all into the INBOX, and the
//! clock starts at that command.
//! - The floor is a plain client: it fetches the INBOX's mails in one
//!   command, sends one forward per mail to the opponent over one SMTP
//!   connection (`TCP_NODELAY`, pipelined), moves the mails to `Done` in one
//!   command. It reads no move and writes no store.
//! - The daemon (`mailarbiter run`, already started and idle on the
//!   INBOX) referees them; the clock stops when every mail is in `Done` and
//!   its outbox is empty (`status --json`).

use futures_util::TryStreamExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

#[path = "../tests/common/mod.rs"]
mod common;
mod round_robin;

use round_robin::{cpu_time, mails, pairs, Staged, DOMAIN, PLAYERS};

struct Servers {
    root: PathBuf,
    imap: u16,
    smtp: u16,
}

fn servers() -> Option<Servers> {
    let root = std::env::var("MS_ROOT").ok()?;
    let port = |name: &str| std::env::var(name).ok()?.parse().ok();
    Some(Servers {
        root: PathBuf::from(root),
        imap: port("MS_IMAP_PORT")?,
        smtp: port("MS_SMTP_PORT")?,
    })
}

impl Servers {
    fn adduser(&self, name: &str) {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mailserver.sh");
        let status = Command::new("bash")
            .arg(script)
            .args(["adduser"])
            .arg(&self.root)
            .arg(name)
            .stdout(Stdio::null())
            .status()
            .expect("mailserver.sh runs");
        assert!(status.success(), "adduser {name} failed");
    }

    async fn session(&self, user: &str) -> async_imap::Session<TcpStream> {
        let tcp = TcpStream::connect(("127.0.0.1", self.imap))
            .await
            .expect("IMAP connects");
        tcp.set_nodelay(true).unwrap();
        let mut client = async_imap::Client::new(tcp);
        client.read_response().await.unwrap();
        client
            .login(user, "secret")
            .await
            .map_err(|(e, _)| e)
            .expect("IMAP login")
    }
}

/// The daemon's tournament: the same players and games.
fn config(servers: &Servers, run: &str, arbiter: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let password = dir.path().join("imap-password");
    std::fs::write(&password, "secret\n").unwrap();
    let private = <std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o600);
    std::fs::set_permissions(&password, private).unwrap();
    let mut text = format!(
        "[gateway]\naddress = \"{arbiter}\"\nstate = \"state\"\ntimezone = \"UTC\"\n\n\
         [inbox]\nkind = \"imap\"\nhost = \"127.0.0.1\"\nport = {imap}\ntls = \"none\"\n\
         user = \"{arbiter}\"\npassword_file = \"imap-password\"\nfolder = \"INBOX\"\n\
         processed_folder = \"Done\"\npoll_seconds = 1\n{batch}\n\
         [outbox]\nkind = \"smtp\"\nhost = \"127.0.0.1\"\nport = {smtp}\ntls = \"none\"\n\n",
        imap = servers.imap,
        smtp = servers.smtp,
        // E2E_BATCH: the inbox's `batch_mails` (the daemon's default otherwise)
        batch = std::env::var("E2E_BATCH")
            .map(|n| format!("batch_mails = {n}\n"))
            .unwrap_or_default(),
    );
    text.push_str(&round_robin::tournament(run));
    std::fs::write(dir.path().join("mailarbiter.toml"), text).unwrap();
    dir
}

/// Puts the mails into the arbiter's `Stage` folder and makes `Done`.
async fn stage(servers: &Servers, arbiter: &str, mails: &[Staged]) {
    let mut s = servers.session(arbiter).await;
    for folder in ["Stage", "Done"] {
        s.create(folder).await.ok();
    }
    for m in mails {
        s.append("Stage", None, None, &m.raw).await.expect("APPEND");
    }
    s.logout().await.ok();
}

/// The one command that starts both clocks: every staged mail into the INBOX.
async fn release(servers: &Servers, arbiter: &str) -> Instant {
    let mut s = servers.session(arbiter).await;
    s.select("Stage").await.unwrap();
    let start = Instant::now();
    s.uid_mv("1:*", "INBOX").await.expect("UID MOVE");
    s.logout().await.ok();
    start
}

async fn reply(reader: &mut BufReader<TcpStream>) -> String {
    let mut all = String::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).await.unwrap();
        assert!(line.len() >= 4, "SMTP closed: {all}{line}");
        let last = line.as_bytes()[3] == b' ';
        all.push_str(&line);
        if last {
            return all;
        }
    }
}

async fn expect(reader: &mut BufReader<TcpStream>, code: &str) {
    let got = reply(reader).await;
    assert!(got.starts_with(code), "SMTP: expected {code}, got {got}");
}

/// The floor: fetch all, one forward each over one SMTP connection, move
/// all. Each forward goes where the daemon's goes (to the opponent, a copy
/// to the mover) and has the size of the daemon's (`size` bytes).
async fn floor(
    servers: &Servers,
    arbiter: &str,
    mails: &[Staged],
    size: usize,
) -> (Duration, usize) {
    let mut imap = servers.session(arbiter).await;
    let start = release(servers, arbiter).await;
    imap.select("INBOX").await.unwrap();
    let fetched: Vec<_> = imap
        .uid_fetch("1:*", "BODY.PEEK[]")
        .await
        .unwrap()
        .try_collect()
        .await
        .unwrap();
    assert_eq!(fetched.len(), mails.len(), "the floor sees every mail");

    let tcp = TcpStream::connect(("127.0.0.1", servers.smtp))
        .await
        .unwrap();
    tcp.set_nodelay(true).unwrap();
    let mut smtp = BufReader::new(tcp);
    expect(&mut smtp, "220").await;
    smtp.get_mut()
        .write_all(b"EHLO floor.example.test\r\n")
        .await
        .unwrap();
    expect(&mut smtp, "250").await;
    let mut sent = 0;
    let mut taken = Vec::with_capacity(mails.len());
    for (fetch, mail) in fetched.iter().zip(mails) {
        let body = fetch.body().expect("a body");
        let mut data = format!(
            "From: {arbiter}\r\nTo: {to}\r\nCc: {cc}\r\nSubject: Fwd: move\r\n\r\n",
            to = mail.opponent,
            cc = mail.mover,
        )
        .into_bytes();
        data.extend_from_slice(body);
        while data.len() < size {
            data.extend_from_slice(b"\r\n.. a line as long as a line of the daemon's forward ..");
        }
        data.extend_from_slice(b"\r\n.\r\n");
        let envelope = format!(
            "MAIL FROM:<{arbiter}>\r\nRCPT TO:<{}>\r\nRCPT TO:<{}>\r\nDATA\r\n",
            mail.opponent, mail.mover
        );
        let out = smtp.get_mut();
        out.write_all(envelope.as_bytes()).await.unwrap();
        for _ in 0..3 {
            expect(&mut smtp, "250").await;
        }
        expect(&mut smtp, "354").await;
        smtp.get_mut().write_all(&data).await.unwrap();
        expect(&mut smtp, "250").await;
        taken.push(SystemTime::now());
        sent += 1;
    }
    gaps("the floor", &taken);
    smtp.get_mut().write_all(b"QUIT\r\n").await.unwrap();
    imap.uid_mv("1:*", "Done").await.expect("UID MOVE");
    let took = start.elapsed();
    imap.logout().await.ok();
    (took, sent)
}

fn binary(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mailarbiter"));
    cmd.arg("--config")
        .arg(dir.join("mailarbiter.toml"))
        .args(args);
    cmd
}

fn outbox_length(dir: &Path) -> Option<u64> {
    let out = binary(dir, &["status", "--json"]).output().ok()?;
    let status: serde_json::Value = serde_json::from_slice(&out.stdout).ok()?;
    status["outbox"]["length"].as_u64()
}

async fn count(s: &mut async_imap::Session<TcpStream>, folder: &str) -> usize {
    s.status(folder, "(MESSAGES)").await.expect("STATUS").exists as usize
}

/// The daemon's log lines containing `needle`.
fn log_lines(dir: &Path, needle: &str) -> Vec<String> {
    std::fs::read_to_string(dir.join("daemon.log"))
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains(needle))
        .map(String::from)
        .collect()
}

/// When a log line was written (tracing's RFC 3339 time at its start).
fn logged_at(line: &str) -> SystemTime {
    let stamp = line.split_whitespace().next().unwrap_or_default();
    let at = chrono::DateTime::parse_from_rfc3339(stamp).expect("a time stamp");
    SystemTime::from(at)
}

/// The recipients of the mails a log's `sent` lines name.
fn recipients(lines: &[String]) -> usize {
    lines
        .iter()
        .map(|l| {
            l.split(" to=").nth(1).map_or(0, |rest| {
                rest.split(" subject=")
                    .next()
                    .unwrap_or("")
                    .split(", ")
                    .count()
            })
        })
        .sum()
}

/// With `E2E_VERBOSE`: the time between one mail's 250 and the next's.
fn gaps(who: &str, taken: &[SystemTime]) {
    if std::env::var_os("E2E_VERBOSE").is_none() || taken.len() < 2 {
        return;
    }
    let mut ms: Vec<f64> = taken
        .windows(2)
        .map(|w| between(w[0], w[1]).as_secs_f64() * 1000.0)
        .collect();
    ms.sort_by(f64::total_cmp);
    let long: Vec<f64> = ms.iter().copied().filter(|&g| g > 10.0).collect();
    eprintln!(
        "  {who}: between two mails' 250s median {:.2} ms, mean {:.2} ms, 90th {:.2} ms; \
         {} over 10 ms, {:.2} s in all",
        ms[ms.len() / 2],
        ms.iter().sum::<f64>() / ms.len() as f64,
        ms[ms.len() * 9 / 10],
        long.len(),
        long.iter().sum::<f64>() / 1000.0
    );
}

/// The players' and the director's INBOXes, watched together.
struct Mailboxes {
    sessions: Vec<async_imap::Session<TcpStream>>,
}

impl Mailboxes {
    async fn open(servers: &Servers, users: &[String]) -> Mailboxes {
        let mut sessions = Vec::new();
        for user in users {
            sessions.push(servers.session(user).await);
        }
        Mailboxes { sessions }
    }

    async fn total(&mut self) -> usize {
        let mut total = 0;
        for s in &mut self.sessions {
            total += count(s, "INBOX").await;
        }
        total
    }

    /// Waits until `total` mails are in; when the last arrived (to 20 ms).
    async fn wait_for(&mut self, total: usize, since: SystemTime) -> SystemTime {
        loop {
            let now = SystemTime::now();
            let delivered = self.total().await;
            if delivered >= total {
                return now;
            }
            assert!(
                since.elapsed().unwrap_or_default() < Duration::from_secs(600),
                "the mails were not delivered within 10 minutes: {delivered} of {total} \
                 in the INBOXes (the servers' logs are under MS_ROOT)"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// One measured run.
struct Run {
    /// From the release to the last mail handed to Postfix.
    submitted: Duration,
    /// From the release to the last copy in a player's INBOX.
    delivered: Duration,
    mails: usize,
    recipients: usize,
    cpu: Option<Duration>,
}

fn between(from: SystemTime, to: SystemTime) -> Duration {
    to.duration_since(from).unwrap_or_default()
}

/// The daemon: started and idle first, then the same release of the mails.
async fn daemon(
    servers: &Servers,
    arbiter: &str,
    dir: &Path,
    count_in: usize,
    boxes: &mut Mailboxes,
) -> Run {
    let log = std::fs::File::create(dir.join("daemon.log")).unwrap();
    let mut child: Child = binary(dir, &["run"])
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("the daemon starts");
    let waited = Instant::now();
    // ready, the games' opening mails out and delivered, IDLE on the empty INBOX
    while log_lines(dir, "ready").is_empty() || outbox_length(dir) != Some(0) {
        assert!(waited.elapsed() < Duration::from_secs(60), "never ready");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let opening = log_lines(dir, " sent");
    let before = boxes.total().await;
    boxes
        .wait_for(recipients(&opening), SystemTime::now())
        .await;
    let before = before.max(boxes.total().await);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let cpu_before = cpu_time(child.id());
    // E2E_PERF=FILE: the daemon's run sampled by `perf record` into FILE
    let perf = std::env::var("E2E_PERF").ok().map(|file| {
        Command::new("perf")
            .args([
                "record",
                "-F",
                "1000",
                "--call-graph",
                "dwarf,16384",
                "-o",
                &file,
                "-p",
            ])
            .arg(child.id().to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("perf runs")
    });
    tokio::time::sleep(Duration::from_millis(if perf.is_some() { 500 } else { 0 })).await;

    let mut watch = servers.session(arbiter).await;
    let released = release(servers, arbiter).await;
    let started = SystemTime::now() - released.elapsed();
    loop {
        if count(&mut watch, "Done").await >= count_in && outbox_length(dir) == Some(0) {
            break;
        }
        assert!(
            released.elapsed() < Duration::from_secs(600),
            "the daemon did not finish within 10 minutes"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let cpu = cpu_time(child.id()).saturating_sub(cpu_before);
    if let Some(mut perf) = perf {
        Command::new("kill")
            .arg("-INT")
            .arg(perf.id().to_string())
            .status()
            .unwrap();
        perf.wait().unwrap();
    }
    let sent: Vec<String> = log_lines(dir, " sent").split_off(opening.len());
    gaps(
        "the daemon",
        &sent.iter().map(|l| logged_at(l)).collect::<Vec<_>>(),
    );
    let last = sent.last().map_or(SystemTime::now(), |l| logged_at(l));
    let recipients = recipients(&sent);
    let arrived = boxes.wait_for(before + recipients, started).await;
    watch.logout().await.ok();
    Command::new("kill")
        .arg("-TERM")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    child.wait().unwrap();
    Run {
        submitted: between(started, last),
        delivered: between(started, arrived),
        mails: sent.len(),
        recipients,
        cpu: Some(cpu),
    }
}

/// The floor's run: its mails released, forwarded and delivered.
async fn floor_run(
    servers: &Servers,
    boxes: &mut Mailboxes,
    arbiter: &str,
    mails: &[Staged],
    size: usize,
) -> Run {
    let before = boxes.total().await;
    let started = SystemTime::now();
    let (submitted, mails) = floor(servers, arbiter, mails, size).await;
    let arrived = boxes.wait_for(before + 2 * mails, started).await;
    Run {
        submitted,
        delivered: between(started, arrived),
        mails,
        recipients: 2 * mails,
        cpu: None,
    }
}

/// One round: the floor and the daemon on fresh mailboxes and games, in
/// the order given; the forwards' size comes from the daemon's when not
/// known yet (the daemon then goes first).
struct Round {
    floor: Run,
    daemon: Run,
    size: usize,
    count: usize,
    dir: tempfile::TempDir,
}

fn round(
    servers: &Servers,
    runtime: &tokio::runtime::Runtime,
    run: &str,
    count: usize,
    size: Option<usize>,
) -> Round {
    let moves = common::numerics(common::APP4);
    eprintln!("end_to_end: {run}: adding {} mailboxes", PLAYERS + 3);
    let mut watched = Vec::new();
    for p in 0..PLAYERS {
        servers.adduser(&format!("{run}-p{p}"));
        watched.push(format!("{run}-p{p}@{DOMAIN}"));
    }
    for role in ["floor", "arb", "td"] {
        servers.adduser(&format!("{run}-{role}"));
    }
    watched.push(format!("{run}-td@{DOMAIN}"));
    let floor_arbiter = format!("{run}-floor@{DOMAIN}");
    let arbiter = format!("{run}-arb@{DOMAIN}");
    let floor_mails = mails(run, &floor_arbiter, count, &moves);
    let daemon_mails = mails(run, &arbiter, count, &moves);
    let count = daemon_mails.len();
    let dir = config(servers, run, &arbiter);
    runtime.block_on(async {
        eprintln!("end_to_end: {run}: staging {count} mails twice");
        stage(servers, &floor_arbiter, &floor_mails).await;
        stage(servers, &arbiter, &daemon_mails).await;
        let mut boxes = Mailboxes::open(servers, &watched).await;
        let (floor, daemon, size) = match size {
            Some(size) => {
                let floor =
                    floor_run(servers, &mut boxes, &floor_arbiter, &floor_mails, size).await;
                let daemon = daemon(servers, &arbiter, dir.path(), count, &mut boxes).await;
                (floor, daemon, size)
            }
            None => {
                let daemon = daemon(servers, &arbiter, dir.path(), count, &mut boxes).await;
                let size = forward_size(servers, &watched[0]).await;
                let floor =
                    floor_run(servers, &mut boxes, &floor_arbiter, &floor_mails, size).await;
                (floor, daemon, size)
            }
        };
        Round {
            floor,
            daemon,
            size,
            count,
            dir,
        }
    })
}

/// The average size of the mails in `player`'s INBOX (the daemon's
/// forwards: headers, plain and HTML parts), for the floor's.
async fn forward_size(servers: &Servers, player: &str) -> usize {
    let mut session = servers.session(player).await;
    session.select("INBOX").await.unwrap();
    let sizes: Vec<_> = session
        .fetch("1:*", "RFC822.SIZE")
        .await
        .unwrap()
        .try_collect()
        .await
        .unwrap();
    session.logout().await.ok();
    sizes.iter().filter_map(|f| f.size).sum::<u32>() as usize / sizes.len().max(1)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    if values.len().is_multiple_of(2) {
        (values[middle - 1] + values[middle]) / 2.0
    } else {
        values[middle]
    }
}

fn main() {
    let Some(servers) = servers() else {
        eprintln!(
            "end_to_end: no test mail servers (MS_ROOT, MS_IMAP_PORT, MS_SMTP_PORT); \
             run `bash benches/end_to_end.sh`"
        );
        return;
    };
    let count: usize = std::env::var("E2E_MAILS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2000);
    // E2E_RUNS: rounds on fresh mailboxes, the daemon first in the first
    // (it tells the forwards' size), the floor first in the next
    let runs: usize = std::env::var("E2E_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .max(1);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let stamp = SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        % 100_000_000;
    let mut size = None;
    let mut ratios = (Vec::new(), Vec::new());
    let mut last = None;
    for r in 0..runs {
        let round = round(&servers, &runtime, &format!("e2e{stamp}r{r}"), count, size);
        size = Some(round.size);
        let count = round.count;
        let rate = |d: Duration| count as f64 / d.as_secs_f64();
        println!(
            "end to end over Dovecot + Postfix, round {} of {runs}: {count} move mails in {} games, \
             forwards of {} bytes on average",
            r + 1,
            pairs().len(),
            round.size
        );
        println!("                                  handed to Postfix      in the INBOXes    mails (copies)  CPU");
        for (name, run) in [
            ("floor (fetch, forward, move)", &round.floor),
            ("daemon (mailarbiter run)", &round.daemon),
        ] {
            println!(
                "  {name:<30}  {:>6.2} s {:>5.0}/s   {:>6.2} s {:>5.0}/s   {:>5} ({:>5})   {}",
                run.submitted.as_secs_f64(),
                rate(run.submitted),
                run.delivered.as_secs_f64(),
                rate(run.delivered),
                run.mails,
                run.recipients,
                run.cpu
                    .map_or("-".into(), |c| format!("{:.2} s", c.as_secs_f64())),
            );
        }
        let handed = round.floor.submitted.as_secs_f64() / round.daemon.submitted.as_secs_f64();
        let delivered = round.floor.delivered.as_secs_f64() / round.daemon.delivered.as_secs_f64();
        println!("  daemon / floor: {handed:.2} handed to Postfix, {delivered:.2} in the INBOXes");
        ratios.0.push(handed);
        ratios.1.push(delivered);
        last = Some(round.dir);
    }
    if runs > 1 {
        println!(
            "  over {runs} rounds, daemon / floor (median): {:.2} handed to Postfix, {:.2} in the INBOXes",
            median(ratios.0),
            median(ratios.1)
        );
    }
    let dir = last.expect("one round at least");
    // the daemon refereed, not only moved, the mails
    let out = binary(dir.path(), &["show", "E2E/1", "--json"])
        .output()
        .unwrap();
    let game: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    let plies = game["moves"].as_array().map_or(0, |m| m.len());
    println!("  E2E/1 has {plies} plies recorded");
    if std::env::var_os("E2E_KEEP").is_some() {
        println!(
            "  the daemon's folder (log, store) is kept: {}",
            dir.keep().display()
        );
    }
}
