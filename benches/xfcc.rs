//! The Xfcc endpoint against its floors, in one run on loopback, with the
//! daemon (`mailarbiter run`, Maildir in, files out) refereeing mail too.
//!
//! `cargo bench --bench xfcc`. A round robin of 21 players (210 games);
//! every player has an Xfcc password (`xfcc reset`).
//! - GetMyGames for the player with 20 games against the floor: the same
//!   HTTP stack (`xfcc::server::serve_fixed`: its accept loop, limits and
//!   timeouts) answering every request with a body of the same size.
//!   `XFCC_CLIENTS` keep-alive clients (default 4) for `XFCC_SECONDS`
//!   (default 5) each, three rounds, the floor and the endpoint taking
//!   turns; the median rates, their ratio and the latency percentiles.
//! - The daemon's resident memory before and after the GetMyGames load.
//! - MakeAMove to durable: 20 games played 16 plies each from 20 clients
//!   (each waits for its `Success`, given after the commit), against the
//!   mail path: 20 other games' same 320 plies as mails dropped into the
//!   Maildir at once, the clock stopped when the last is refereed.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

const PLAYERS: usize = 21;
const DOMAIN: &str = "bench.test";
/// The plies every benchmarked game is played to (no repetition).
const PLIES: [&str; 16] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O",
];

fn address(p: usize) -> String {
    format!("p{p:02}@{DOMAIN}")
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn binary(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mailarbiter"));
    cmd.arg("--config")
        .arg(dir.join("mailarbiter.toml"))
        .args(args);
    cmd
}

fn config(port: u16) -> String {
    let start = (chrono::Utc::now() - chrono::Duration::days(3)).date_naive();
    let mut text = format!(
        "[gateway]\naddress = \"arbiter@{DOMAIN}\"\nstate = \"state\"\ntimezone = \"UTC\"\n\n\
         [inbox]\nkind = \"maildir\"\npath = \"inbox\"\npoll_seconds = 1\n\n\
         [outbox]\nkind = \"file\"\npath = \"sent\"\n\n\
         [xfcc]\nlisten = \"127.0.0.1:{port}\"\n\n\
         [[tournament]]\nid = \"XB\"\nname = \"Xfcc bench\"\nstart = \"{start}\"\n\
         director = \"td@{DOMAIN}\"\nnotation = \"san\"\npairing = \"round-robin\"\n"
    );
    for p in 0..PLAYERS {
        text.push_str(&format!(
            "\n[[tournament.player]]\nid = \"p{p:02}\"\nname = \"Player, P{p:02}\"\nemail = [\"{}\"]\n",
            address(p)
        ));
    }
    text
}

fn get_my_games(user: &str, password: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>{user}</username><password>{password}</password></GetMyGames></soap:Body></soap:Envelope>"
    )
}

fn make_a_move(user: &str, password: &str, game: &str, movecount: usize, mv: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?><soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><MakeAMove xmlns=\"http://www.bennedik.com/webservices/XfccBasic\"><username>{user}</username><password>{password}</password><gameId>{game}</gameId><resign>false</resign><acceptDraw>false</acceptDraw><movecount>{movecount}</movecount><myMove>{mv}</myMove><offerDraw>false</offerDraw><claimDraw>false</claimDraw><myMessage></myMessage></MakeAMove></soap:Body></soap:Envelope>"
    )
}

/// A keep-alive HTTP/1.1 client.
struct Client {
    stream: TcpStream,
    buf: Vec<u8>,
}

impl Client {
    fn new(port: u16) -> Client {
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.set_nodelay(true).unwrap();
        Client {
            stream,
            buf: Vec::new(),
        }
    }

    /// POSTs `body`; the answer's body.
    fn post(&mut self, body: &str) -> String {
        write!(
            self.stream,
            "POST /xfccbasic.asmx HTTP/1.1\r\nHost: b\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        self.buf.clear();
        let mut chunk = [0u8; 65536];
        loop {
            let n = self.stream.read(&mut chunk).unwrap();
            assert!(n > 0, "the server closed the connection");
            self.buf.extend_from_slice(&chunk[..n]);
            if let Some(head) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head_text = String::from_utf8_lossy(&self.buf[..head]).to_lowercase();
                let length: usize = head_text
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length: "))
                    .and_then(|v| v.trim().parse().ok())
                    .expect("a Content-Length");
                if self.buf.len() >= head + 4 + length {
                    return String::from_utf8_lossy(&self.buf[head + 4..head + 4 + length])
                        .into_owned();
                }
            }
        }
    }
}

/// `clients` threads posting `body` for `seconds`: requests per second and
/// the latencies, sorted.
fn load(port: u16, body: &str, clients: usize, seconds: u64) -> (f64, Vec<Duration>) {
    let start = Instant::now();
    let threads: Vec<_> = (0..clients)
        .map(|_| {
            let body = body.to_string();
            std::thread::spawn(move || {
                let mut client = Client::new(port);
                let mut took = Vec::new();
                let end = Instant::now() + Duration::from_secs(seconds);
                while Instant::now() < end {
                    let t = Instant::now();
                    let answer = client.post(&body);
                    took.push(t.elapsed());
                    assert!(answer.contains("GetMyGamesResult"), "{answer}");
                }
                took
            })
        })
        .collect();
    let mut all: Vec<Duration> = threads
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect();
    let elapsed = start.elapsed().as_secs_f64();
    all.sort();
    (all.len() as f64 / elapsed, all)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The `id`s of a GetMyGames answer with the opponent's address, in order.
fn games_of(answer: &str) -> Vec<(String, bool, String, String)> {
    let field = |g: &str, name: &str| -> String {
        let open = format!("<{name}>");
        let start = g.find(&open).map(|i| i + open.len()).unwrap_or(0);
        let end = g[start..].find('<').map_or(start, |e| start + e);
        g[start..end].to_string()
    };
    answer
        .split("<XfccGame>")
        .skip(1)
        .map(|g| {
            (
                field(g, "id"),
                field(g, "hasWhite") == "true",
                field(g, "white"),
                field(g, "black"),
            )
        })
        .collect()
}

fn sent_count(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("sent"))
        .map(|d| d.count())
        .unwrap_or(0)
}

/// Waits until the sent folder stops growing for a second.
fn settle(dir: &Path) -> usize {
    let mut last = usize::MAX;
    loop {
        let now = sent_count(dir);
        if now == last {
            return now;
        }
        last = now;
        std::thread::sleep(Duration::from_millis(1000));
    }
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    for sub in ["inbox/new", "inbox/cur", "inbox/tmp", "sent"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let port = free_port();
    std::fs::write(dir.join("mailarbiter.toml"), config(port)).unwrap();
    let mut passwords = Vec::new();
    for p in 0..PLAYERS {
        let out = binary(dir, &["xfcc", "reset", &address(p)])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let password = text
            .lines()
            .find_map(|l| l.strip_prefix("password: "))
            .unwrap_or_else(|| panic!("{text}{}", String::from_utf8_lossy(&out.stderr)))
            .to_string();
        passwords.push(password);
    }
    let mut daemon: Child = binary(dir, &["run"])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(dir.join("daemon.log")).unwrap())
        .spawn()
        .unwrap();
    // the openings of 210 games written and sent
    std::thread::sleep(Duration::from_secs(1));
    let opened = settle(dir);
    let request = get_my_games(&address(0), &passwords[0]);
    let answer = Client::new(port).post(&request);
    let games = games_of(&answer);
    assert_eq!(games.len(), 20, "{answer}");
    println!(
        "xfcc: {} games, {opened} opening mails; GetMyGames of 20 games: {} bytes",
        PLAYERS * (PLAYERS - 1) / 2,
        answer.len()
    );

    // the floor: the same stack answering the same bytes
    let floor_port = free_port();
    let body = Arc::new(answer.clone());
    let (_stop, stopped) = tokio::sync::watch::channel(false);
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", floor_port))
                .await
                .unwrap();
            mailarbiter::xfcc::server::serve_fixed(listener, body, 64, stopped).await;
        });
    });
    std::thread::sleep(Duration::from_millis(200));
    let clients: usize = std::env::var("XFCC_CLIENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let seconds: u64 = std::env::var("XFCC_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let rss_before = rss_kib(daemon.id());
    let (mut floors, mut ours) = (Vec::new(), Vec::new());
    let (mut floor_lat, mut our_lat) = (Vec::new(), Vec::new());
    for round in 0..3 {
        let order = if round % 2 == 0 {
            [true, false]
        } else {
            [false, true]
        };
        for floor in order {
            let (rate, lat) = if floor {
                load(floor_port, &request, clients, seconds)
            } else {
                load(port, &request, clients, seconds)
            };
            if floor {
                floors.push(rate);
                floor_lat = lat;
            } else {
                ours.push(rate);
                our_lat = lat;
            }
        }
    }
    let rss_after = rss_kib(daemon.id());
    let (floor, ours_rate) = (median(floors), median(ours));
    println!(
        "GetMyGames: {ours_rate:.0} req/s, floor {floor:.0} req/s, ratio {:.2} (goal >= 0.5); {clients} clients, {seconds} s x 3 rounds",
        ours_rate / floor
    );
    for (name, lat) in [("GetMyGames", &our_lat), ("floor", &floor_lat)] {
        println!(
            "  {name} latency ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
            percentile(lat, 0.5),
            percentile(lat, 0.9),
            percentile(lat, 0.99),
            percentile(lat, 1.0)
        );
    }
    println!("daemon resident memory: {rss_before} KiB before the load, {rss_after} KiB after");

    // MakeAMove to durable: p00's 20 games, both sides from the program
    let index = |name: &str| -> usize {
        // "Player, P07 (…)": the number after P
        let at = name.find(", P").unwrap() + 3;
        name[at..at + 2].parse().unwrap()
    };
    let start = Instant::now();
    let threads: Vec<_> = games
        .iter()
        .map(|(id, _, white, black)| {
            let (id, white, black) = (id.clone(), index(white), index(black));
            let passwords = passwords.clone();
            std::thread::spawn(move || {
                let mut client = Client::new(port);
                for (i, mv) in PLIES.iter().enumerate() {
                    let p = if i % 2 == 0 { white } else { black };
                    let answer =
                        client.post(&make_a_move(&address(p), &passwords[p], &id, i / 2 + 1, mv));
                    assert!(answer.contains(">Success<"), "{mv}: {answer}");
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let xfcc_took = start.elapsed().as_secs_f64();
    let xfcc_rate = (games.len() * PLIES.len()) as f64 / xfcc_took;
    settle(dir);

    // the mail path: 20 games without p00, the same plies as mails at once
    let mail_games: Vec<(usize, usize)> = (1..PLAYERS)
        .flat_map(|a| (a + 1..PLAYERS).map(move |b| (a, b)))
        .take(20)
        .collect();
    let table = binary(dir, &["games", "--tournament", "XB"])
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&table.stdout).into_owned();
    let mails: Vec<(String, usize, usize)> = mail_games
        .iter()
        .map(|&(a, b)| {
            let (pa, pb) = (format!("P{a:02}"), format!("P{b:02}"));
            let line = table
                .lines()
                .find(|l| l.contains(&pa) && l.contains(&pb))
                .unwrap_or_else(|| panic!("no game of {pa} and {pb}: {table}"));
            let id = line.split_whitespace().next().unwrap().to_string();
            if line.find(&pa) < line.find(&pb) {
                (id, a, b)
            } else {
                (id, b, a)
            }
        })
        .collect();
    let mut n = 0;
    let stamp = std::process::id();
    for i in 0..PLIES.len() {
        for (id, w, b) in &mails {
            let from = address(if i % 2 == 0 { *w } else { *b });
            let record = if i == 0 {
                format!("1. {}", PLIES[0])
            } else {
                let number = |k: usize| {
                    if k.is_multiple_of(2) {
                        format!("{}. {}", k / 2 + 1, PLIES[k])
                    } else {
                        format!("{}... {}", k / 2 + 1, PLIES[k])
                    }
                };
                format!("{} {}", number(i - 1), number(i))
            };
            let raw = format!(
                "From: {from}\r\nTo: arbiter@{DOMAIN}\r\nSubject: Re: [{id}]\r\nMessage-ID: <m{n}.{stamp}@{DOMAIN}>\r\nDate: Wed, 02 Dec 2026 10:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{record}\r\n"
            );
            let name = format!("{n:06}.bench.{stamp}");
            std::fs::write(dir.join("inbox/tmp").join(&name), raw).unwrap();
            n += 1;
        }
    }
    let start = Instant::now();
    for entry in std::fs::read_dir(dir.join("inbox/tmp")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::rename(&path, dir.join("inbox/new").join(path.file_name().unwrap())).unwrap();
    }
    // the mails are refereed in arrival order: the last one's game has
    // all its plies once every mail is committed
    let (last, _, _) = mails.last().unwrap();
    loop {
        let out = binary(dir, &["show", last, "--json"]).output().unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
        if json["moves"].as_array().map_or(0, Vec::len) >= PLIES.len() {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(600), "{json}");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mail_took = start.elapsed().as_secs_f64();
    let mail_rate = n as f64 / mail_took;
    println!(
        "MakeAMove to durable: {} moves in {xfcc_took:.2} s = {xfcc_rate:.0} moves/s from 20 clients; \
         the mail path: {n} moves in {mail_took:.2} s = {mail_rate:.0} moves/s; ratio {:.2} (goal >= 1)",
        games.len() * PLIES.len(),
        xfcc_rate / mail_rate
    );
    let _ = Command::new("kill")
        .arg("-TERM")
        .arg(daemon.id().to_string())
        .status();
    let _ = daemon.wait();
}
