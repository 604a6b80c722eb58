//! The second door (issue 24): a player gets an Xfcc password by mail and
//! plays from a chess program against a partner who mails his moves; the
//! daemon runs as a process (Maildir in, sent files out) with its Xfcc
//! endpoint on loopback, and the answers are read the way the clients
//! read them (regular expressions, no namespaces).

mod common;

use common::*;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const GAME: &str = "RUS-EM-2026/1";

/// A free loopback port (bound and let go: the daemon binds it next).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Today in the tournaments' zone, as the running daemon counts it.
fn today() -> String {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Moscow)
        .date_naive()
        .to_string()
}

struct Daemon {
    arena: Arena,
    child: Child,
    port: u16,
}

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status();
        let _ = self.child.wait();
    }
}

/// Ivanov (White, Russian) and Petrov (Black, English) from ten days ago,
/// with the Xfcc endpoint on, the daemon running.
fn start(extra: &str) -> Daemon {
    start_with(extra, |config| config)
}

/// [`start`] with the config changed by `edit` before the daemon starts.
fn start_with(extra: &str, edit: impl FnOnce(String) -> String) -> Daemon {
    let port = free_port();
    let start = (chrono::Utc::now() - chrono::Duration::days(10))
        .date_naive()
        .to_string();
    let mut config = config(
        "RUS-EM-2026",
        &start,
        "numeric",
        &[
            ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "ru"),
            ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
        ],
        &[("ivanov", "petrov")],
    )
    .replace("[inbox]\n", "[inbox]\npoll_seconds = 1\n");
    let tournament = config.find("[[tournament]]").unwrap();
    config.insert_str(
        tournament,
        &format!(
            "[xfcc]\nlisten = \"127.0.0.1:{port}\"\npublic_url = \"http://127.0.0.1:{port}/xfccbasic.asmx\"\n{extra}\n"
        ),
    );
    let arena = Arena::new(&edit(config));
    let child = Command::new(env!("CARGO_BIN_EXE_mailarbiter"))
        .arg("--config")
        .arg(arena.path().join("mailarbiter.toml"))
        .arg("run")
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(arena.path().join("daemon.log")).unwrap())
        .spawn()
        .unwrap();
    let mut daemon = Daemon { arena, child, port };
    // the opening mails: the daemon is up and the game open
    daemon.mails_until(|sent| sent.len() >= 2);
    daemon
}

impl Daemon {
    /// The new sent mails once `enough` says so (30 s at most).
    fn mails_until(&mut self, enough: impl Fn(&[Sent]) -> bool) -> Vec<Sent> {
        let started = Instant::now();
        let mut all = Vec::new();
        while started.elapsed() < Duration::from_secs(30) {
            all.extend(self.arena.new_sent());
            if enough(&all) {
                return all;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!(
            "the mails did not come: {all:#?}\n{}",
            std::fs::read_to_string(self.arena.path().join("daemon.log")).unwrap_or_default()
        );
    }

    /// A mail from `from` about the game, delivered today.
    fn mail(&mut self, from: &str, body: &str) {
        let subject = format!("Re: [{GAME}] Ivanov - Petrov");
        self.arena.send(from, &subject, body, &today());
    }

    /// Asks for an Xfcc password by mail; the password the answer gives.
    fn password(&mut self, from: &str) -> String {
        self.arena.send(from, "Xfcc", "XFCC PASSWORD\n", &today());
        let asked = |m: &Sent| m.body.contains("Password") || m.body.contains("Пароль");
        let sent = self.mails_until(|s| s.iter().any(asked));
        let answer = sent.iter().find(|m| asked(m)).unwrap();
        assert_eq!(answer.to, vec![from.to_string()], "to his address only");
        assert!(answer.cc.is_empty());
        let mut lines = answer.body.lines();
        lines.find(|l| {
            l.contains("Password, on the next line") || l.contains("Пароль, на следующей")
        });
        let password = lines.next().unwrap().trim().to_string();
        assert_eq!(password.len(), 16, "{}", answer.body);
        assert!(answer.body.contains(&format!(": {from}")), "the user name");
        assert!(answer.body.contains(&format!(
            "http://127.0.0.1:{}/xfccbasic.asmx?wsdl",
            self.port
        )));
        // Scid 4.7's real steps, in the menus as Scid shows them in the
        // player's language: a server name without "-", a database of
        // type Correspondence open before "Retrieve Games"
        let steps: &[&str] = if answer.body.contains("Пароль") {
            &[
                "Играть > Шахматы по переписке > Настройка...",
                "без знака «-»",
                "Открыть базу данных... (Open Database..., Ctrl+F12)",
            ]
        } else {
            &[
                "Play > Correspondence Chess > Configure...",
                "a name without \"-\"",
                "Open Database... (Ctrl+F12)",
            ]
        };
        for step in steps {
            assert!(answer.body.contains(step), "{step}: {}", answer.body);
        }
        assert!(
            !answer.body.contains("Configure Xfcc"),
            "no such item in Scid 4.7"
        );
        password
    }

    fn post(&self, body: &str) -> (u16, String) {
        post(self.port, body)
    }
}

/// POSTs a SOAP body as Scid does (quoted charset, no SOAPAction), to
/// the path in another case; the status and the answer's body.
fn post(port: u16, body: &str) -> (u16, String) {
    post_to(
        port,
        "/XfccBasic.asmx",
        "Content-Type: text/xml; charset=\"utf-8\"\r\n",
        body,
    )
}

fn get_my_games(user: &str, password: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<soap:Envelope xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">\n<soap:Body><GetMyGames xmlns=\"http://www.bennedik.com/webservices/XfccBasic\">\n<username>{user}</username><password>{password}</password></GetMyGames></soap:Body></soap:Envelope>"
    )
}

#[allow(clippy::too_many_arguments)]
fn make_a_move(
    user: &str,
    password: &str,
    game: &str,
    movecount: u32,
    my_move: &str,
    flags: (bool, bool, bool, bool),
    message: &str,
) -> String {
    let (resign, accept, offer, claim) = flags;
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<soap:Envelope xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">\n<soap:Body><MakeAMove xmlns=\"http://www.bennedik.com/webservices/XfccBasic\">\n<username>{user}</username><password>{password}</password><gameId>{game}</gameId><resign>{resign}</resign><acceptDraw>{accept}</acceptDraw><movecount>{movecount}</movecount><myMove>{my_move}</myMove><offerDraw>{offer}</offerDraw><claimDraw>{claim}</claimDraw><myMessage>{message}</myMessage></MakeAMove></soap:Body></soap:Envelope>"
    )
}

const NO_FLAGS: (bool, bool, bool, bool) = (false, false, false, false);

/// The games of a GetMyGames answer as scidCommunity reads them: each
/// `<XfccGame>…</XfccGame>`, then `<field>([^<]*)</field>`.
fn games_of(answer: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut games = Vec::new();
    let mut rest = answer;
    while let Some(start) = rest.find("<XfccGame>") {
        let end = rest[start..].find("</XfccGame>").unwrap() + start;
        let inner = &rest[start + "<XfccGame>".len()..end];
        let mut fields = std::collections::HashMap::new();
        let mut at = inner;
        while let Some(open) = at.find('<') {
            let close = at[open..].find('>').unwrap() + open;
            let name = at[open + 1..close].to_string();
            let end_tag = format!("</{name}>");
            let value_end = at[close..].find(&end_tag).unwrap() + close;
            let value = &at[close + 1..value_end];
            assert!(!value.contains('<'), "{name}: {value}");
            fields.insert(name, value.to_string());
            at = &at[value_end + end_tag.len()..];
        }
        games.push(fields);
        rest = &rest[end..];
    }
    games
}

/// `MakeAMoveResult` as the clients cut it out.
fn result_of(answer: &str) -> String {
    let start = answer.find("<MakeAMoveResult>").expect(answer) + "<MakeAMoveResult>".len();
    let end = answer.find("</MakeAMoveResult>").unwrap();
    answer[start..end].to_string()
}

#[test]
fn a_player_gets_a_password_by_mail_and_plays_from_a_program_against_a_mail_player() {
    let mut d = start("");
    let password = d.password("petrov@example.test");
    // a wrong password: a SOAP fault the clients recognise
    let (status, body) = d.post(&get_my_games("petrov@example.test", "wrong"));
    assert_eq!(status, 500);
    assert!(
        body.contains("<soap:Fault>") && body.contains("AuthenticationFailed"),
        "{body}"
    );
    // the right one: his game, not his turn yet
    let (status, body) = d.post(&get_my_games("Petrov@Example.test", &password));
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("<GetMyGamesResult>"),
        "Scid cuts here: {body}"
    );
    let games = games_of(&body);
    assert_eq!(games.len(), 1, "{body}");
    let g = &games[0];
    let id = g["id"].clone();
    assert!(id.parse::<i64>().is_ok_and(|n| n > 0), "{id}");
    // the game's PGN tags: the names without their country, which has
    // its own fields; played at the arbiter (a RAZSh event), no rounds
    assert_eq!(g["white"], "Ivanov, Ivan");
    assert_eq!(g["black"], "Petrov, Petr");
    assert_eq!(g["whiteCountry"], "RUS");
    assert_eq!(g["blackCountry"], "RUS");
    assert_eq!(g["event"], "RUS-EM-2026");
    assert_eq!(g["site"], "Test arbiter");
    assert_eq!(g["round"], "?");
    assert_eq!(g["myTurn"], "false");
    assert_eq!(g["hasWhite"], "false");
    assert_eq!(g["moves"], "");
    assert_eq!(g["result"], "Ongoing");
    assert_eq!(g["drawOffered"], "false");
    assert_eq!(g["whiteElo"], "0");
    for clock in [
        "daysPlayer",
        "hoursPlayer",
        "minutesPlayer",
        "daysOpponent",
        "hoursOpponent",
        "minutesOpponent",
    ] {
        assert!(g[clock].parse::<i64>().is_ok(), "{clock}: {g:?}");
    }

    // White mails 1. e2-e4 with a note; Black reads it in his program
    d.mail("ivanov@example.test", "1. 5254\nУдачи!\n");
    d.mails_until(|s| s.iter().any(|m| m.to == ["petrov@example.test"]));
    let (_, body) = d.post(&get_my_games("petrov@example.test", &password));
    let g = &games_of(&body)[0];
    assert_eq!(g["myTurn"], "true");
    assert!(g["moves"].starts_with("1.e4 {[%ccsnt "), "{}", g["moves"]);
    assert_eq!(g["message"], "Удачи!");
    let days: i64 = g["daysPlayer"].parse().unwrap();
    assert!((1..=60).contains(&days), "{g:?}");

    // refused requests record nothing and cost nothing
    let refused = [
        (
            make_a_move("petrov@example.test", &password, &id, 2, "e5", NO_FLAGS, ""),
            "InvalidMoveNumber",
        ),
        (
            make_a_move(
                "petrov@example.test",
                &password,
                &id,
                1,
                "Ke7",
                NO_FLAGS,
                "",
            ),
            "InvalidMove",
        ),
        (
            make_a_move(
                "petrov@example.test",
                &password,
                &id,
                1,
                "zz9",
                NO_FLAGS,
                "",
            ),
            "InvalidMove",
        ),
        (
            make_a_move(
                "petrov@example.test",
                &password,
                "12345",
                1,
                "e5",
                NO_FLAGS,
                "",
            ),
            "InvalidGameID",
        ),
        (
            make_a_move(
                "petrov@example.test",
                &password,
                &id,
                1,
                "e5",
                (false, true, false, false),
                "",
            ),
            "NoDrawWasOffered",
        ),
        (
            make_a_move("petrov@example.test", "wrong", &id, 1, "e5", NO_FLAGS, ""),
            "AuthenticationFailed",
        ),
    ];
    for (request, code) in &refused {
        let (status, body) = d.post(request);
        assert_eq!(status, 200);
        assert_eq!(result_of(&body), *code, "{request}");
    }
    assert_eq!(
        d.arena.new_sent().len(),
        0,
        "a refused request writes no mail"
    );

    // the move, with a message: Success once durable, forwarded by mail
    let answer = make_a_move(
        "petrov@example.test",
        &password,
        &id,
        1,
        "e5",
        NO_FLAGS,
        "Thanks &amp; good luck",
    );
    let (status, body) = d.post(&answer);
    assert_eq!(
        (status, result_of(&body).as_str()),
        (200, "Success"),
        "{body}"
    );
    let sent = d.mails_until(|s| s.iter().any(|m| m.to == ["ivanov@example.test"]));
    let forward = sent
        .iter()
        .find(|m| m.to == ["ivanov@example.test"])
        .unwrap();
    assert!(forward.body.contains("5755"), "{}", forward.body);
    assert!(
        forward.body.contains("Thanks & good luck"),
        "{}",
        forward.body
    );
    let json = d.arena.json(GAME);
    assert_eq!(json["moves"].as_array().unwrap().len(), 2, "{json}");

    // the client retries after a lost answer: Success, nothing twice
    let (_, body) = d.post(&answer);
    assert_eq!(result_of(&body), "Success");
    // not his turn now
    let (_, body) = d.post(&make_a_move(
        "petrov@example.test",
        &password,
        &id,
        2,
        "Nf6",
        NO_FLAGS,
        "",
    ));
    assert_eq!(result_of(&body), "NotYourTurn");
    std::thread::sleep(Duration::from_millis(1500));
    assert!(d.arena.new_sent().is_empty(), "nothing decided twice");
    assert_eq!(d.arena.json(GAME)["moves"].as_array().unwrap().len(), 2);

    // White's answer by mail; Black resigns from his program (Scid fills
    // myMove with the last move when resigning: the resignation counts)
    d.mail("ivanov@example.test", "1. 5254 5755\n2. 7163\n");
    d.mails_until(|s| s.iter().any(|m| m.to == ["petrov@example.test"]));
    let (_, body) = d.post(&make_a_move(
        "petrov@example.test",
        &password,
        &id,
        2,
        "Bc4",
        (true, false, false, false),
        "",
    ));
    assert_eq!(result_of(&body), "Success", "{body}");
    let sent = d.mails_until(|s| s.iter().filter(|m| m.about.contains("1-0")).count() >= 2);
    assert!(sent
        .iter()
        .any(|m| m.to == ["ivanov@example.test"] && m.about.contains("1-0")));
    let (_, body) = d.post(&get_my_games("petrov@example.test", &password));
    let g = &games_of(&body)[0];
    assert_eq!(
        g["result"], "WhiteWins",
        "finished games are shown for 30 days"
    );
    assert_eq!(g["myTurn"], "false");
    assert!(
        !g["moves"].contains("1-0"),
        "no result token: {}",
        g["moves"]
    );
}

#[test]
fn hostile_requests_are_refused_and_wrong_passwords_lock_the_user() {
    let mut d = start("");
    let password = d.password("petrov@example.test");
    // a body over 64 KiB
    let big = get_my_games("petrov@example.test", &"x".repeat(70 * 1024));
    let (status, body) = d.post(&big);
    assert_eq!(status, 413, "{body}");
    assert!(body.contains("<soap:Fault>"));
    // a DOCTYPE (entity expansion) is never read
    let doctype = get_my_games("petrov@example.test", &password).replace(
        "<soap:Envelope",
        "<!DOCTYPE x [<!ENTITY a \"aaaa\">]><soap:Envelope",
    );
    let (status, body) = d.post(&doctype);
    assert_eq!(status, 500);
    assert!(
        body.contains("<soap:Fault>") && !body.contains("<XfccGame>"),
        "{body}"
    );
    // a stranger
    let (_, body) = d.post(&get_my_games("stranger@example.test", "x"));
    assert!(body.contains("AuthenticationFailed"));
    // the WSDL, on GET ?wsdl in any case
    let mut stream = TcpStream::connect(("127.0.0.1", d.port)).unwrap();
    write!(
        stream,
        "GET /xfccbasic.asmx?WSDL HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut wsdl = String::new();
    stream.read_to_string(&mut wsdl).unwrap();
    assert!(wsdl.starts_with("HTTP/1.1 200"), "{wsdl}");
    assert!(
        wsdl.contains(&format!(
            "location=\"http://127.0.0.1:{}/xfccbasic.asmx\"",
            d.port
        )),
        "{wsdl}"
    );
    // five wrong passwords lock the user: the right one is refused too
    for _ in 0..5 {
        let (_, body) = d.post(&get_my_games("petrov@example.test", "guess"));
        assert!(body.contains("AuthenticationFailed"));
    }
    let (_, body) = d.post(&get_my_games("petrov@example.test", &password));
    assert!(body.contains("AuthenticationFailed"), "locked: {body}");
    // a slow client that never finishes its head is cut off
    let mut slow = TcpStream::connect(("127.0.0.1", d.port)).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(slow, "POST /xfccbasic.asmx HTTP/1.1\r\nHost: x\r\n").unwrap();
    let started = Instant::now();
    let mut rest = Vec::new();
    let _ = slow.read_to_end(&mut rest);
    assert!(
        started.elapsed() < Duration::from_secs(25),
        "cut off after the head timeout"
    );
    // the mail side went on all along: a mail is still answered
    d.arena
        .send("ivanov@example.test", "status", "STATUS\n", &today());
    d.mails_until(|s| s.iter().any(|m| m.to == ["ivanov@example.test"]));
}

#[test]
fn a_move_by_mail_and_one_from_a_program_for_the_same_turn_make_one_move() {
    let mut d = start("");
    let password = d.password("ivanov@example.test");
    let (_, body) = d.post(&get_my_games("ivanov@example.test", &password));
    let id = games_of(&body)[0]["id"].clone();
    // both at once: the mail waits in the inbox while the request comes
    d.mail("ivanov@example.test", "1. 4244\n");
    let (_, body) = d.post(&make_a_move(
        "ivanov@example.test",
        &password,
        &id,
        1,
        "e4",
        NO_FLAGS,
        "",
    ));
    let code = result_of(&body);
    std::thread::sleep(Duration::from_secs(3));
    let json = d.arena.json(GAME);
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "one move for one turn: {json}");
    match code.as_str() {
        // the program's move came first: the mail was answered "not your turn"
        "Success" => assert!(json["pgn"].as_str().unwrap().contains("1. e4"), "{json}"),
        // the mail came first
        "NotYourTurn" => assert!(json["pgn"].as_str().unwrap().contains("1. d4"), "{json}"),
        other => panic!("{other}"),
    }
}

#[test]
fn xfcc_reset_prints_a_new_password_through_the_running_daemon() {
    let mut d = start("");
    let first = d.password("petrov@example.test");
    let (code, out, err) = d.arena.cli(&["xfcc", "reset", "PETROV@example.test"]);
    assert_eq!(code, 0, "{out}{err}");
    let password = out
        .lines()
        .find_map(|l| l.strip_prefix("password: "))
        .unwrap()
        .to_string();
    assert!(out.contains("user name: petrov@example.test"), "{out}");
    assert_ne!(password, first);
    let (_, body) = d.post(&get_my_games("petrov@example.test", &password));
    assert!(body.contains("<XfccGame>"), "{body}");
    let log = std::fs::read_to_string(d.arena.path().join("daemon.log")).unwrap();
    assert!(
        !log.contains(&password) && !log.contains(&first),
        "never logged"
    );
    let (code, _, err) = d.arena.cli(&["xfcc", "reset", "nobody@example.test"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("no player writes from nobody@example.test"),
        "{err}"
    );
}

/// Borrowed (name, value) pairs of owned values.
fn pairs<'a>(values: &'a [(&'a str, String)]) -> Vec<(&'a str, &'a str)> {
    values.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

/// A client's own request (`tests/fixtures/xfcc/`), its values put in.
fn fixture(name: &str, values: &[(&str, &str)]) -> String {
    let path = format!(
        "{}/tests/fixtures/xfcc/{name}.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut text = std::fs::read_to_string(path).unwrap();
    for (key, value) in values {
        text = text.replace(&format!("{{{{{key}}}}}"), value);
    }
    assert!(!text.contains("{{"), "{name}: {text}");
    text
}

/// POSTs `body` with a client's own header lines; the status and body.
fn post_as(port: u16, headers: &str, body: &str) -> (u16, String) {
    post_to(port, "/xfccbasic.asmx", headers, body)
}

/// POSTs `body` to `path` with `headers`; the status and the answer's body.
fn post_to(port: u16, path: &str, headers: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    (status, answer.split_once("\r\n\r\n").unwrap().1.to_string())
}

const SCID: &str = "User-Agent: Scid/4.7.4 (x11; Linux x86_64; rv:20180101) Tcl/Tk 8.6.13\r\nAccept: */*\r\nContent-Type: text/xml; charset=\"utf-8\"\r\n";
const SCID_COMMUNITY: &str = "Accept: */*\r\nContent-Type: text/xml; charset=utf-8\r\nSOAPAction: http://www.bennedik.com/webservices/XfccBasic/OP\r\nUser-Agent: scidCommunity-ICCF/1.0\r\n";
const LUCAS: &str = "Accept-Encoding: identity\r\nSoapaction: \"http://www.bennedik.com/webservices/XfccBasic/OP\"\r\nUser-Agent: Python-urllib/2.7\r\nContent-Type: text/xml; charset=utf-8\r\n";

/// Scid: everything up to `<GetMyGamesResult>` and after its end cut off
/// (`regsub -all {.*<GetMyGamesResult>}`), then `//XfccGame` read.
fn scid_games(answer: &str) -> Vec<std::collections::HashMap<String, String>> {
    let start = regex::Regex::new(r"(?s).*<GetMyGamesResult>").unwrap();
    let end = regex::Regex::new(r"(?s)</GetMyGamesResult>.*").unwrap();
    let xml = start.replace_all(answer, "<GetMyGamesResult>");
    let xml = end.replace_all(&xml, "</GetMyGamesResult>");
    games_of(&xml)
}

/// scidCommunity's reading, step by step as `iccf.tcl` does it.
fn scid_community_games(answer: &str) -> Vec<std::collections::HashMap<String, String>> {
    let xml = answer.replace('\n', "");
    let xml = regex::Regex::new(r">[\t ]+<")
        .unwrap()
        .replace_all(&xml, "><");
    let xml = regex::Regex::new(r"<(/?)\w+:")
        .unwrap()
        .replace_all(&xml, "<$1");
    let game = regex::Regex::new(r"(?s)<XfccGame>(.*?)</XfccGame>").unwrap();
    const FIELDS: &[&str] = &[
        "id",
        "white",
        "black",
        "event",
        "myTurn",
        "hasWhite",
        "whiteElo",
        "blackElo",
        "setup",
        "fen",
        "moves",
        "drawOffered",
        "message",
        "daysOpponent",
        "hoursOpponent",
        "minutesOpponent",
        "daysPlayer",
        "hoursPlayer",
        "minutesPlayer",
        "serverInfo",
        "eventDate",
        "site",
        "timeControl",
        "result",
        "variant",
    ];
    game.captures_iter(&xml)
        .map(|g| {
            let inner = g.get(1).unwrap().as_str();
            FIELDS
                .iter()
                .filter_map(|f| {
                    let field = regex::Regex::new(&format!("<({f})>([^<]*)</{f}>")).unwrap();
                    let found = field.captures(inner)?;
                    Some((f.to_string(), found.get(2).unwrap().as_str().to_string()))
                })
                .collect()
        })
        .collect()
}

/// Scid's reading of a MakeAMove answer: the result becomes a faultstring.
fn scid_result(answer: &str) -> String {
    let mut xml = answer.to_string();
    for (pattern, with) in [
        (r"(?s).*<soap:Fault>", "<error>"),
        (r"(?s)</soap:Fault>.*", "</error>"),
        (r#"(?s).*<MakeAMoveResponse.*">"#, "<error>"),
        (r"(?s)</MakeAMoveResponse>.*", "</error>"),
        (r"<MakeAMoveResult>", "<faultstring>"),
        (r"</MakeAMoveResult>", "</faultstring>"),
    ] {
        xml = regex::Regex::new(pattern)
            .unwrap()
            .replace_all(&xml, with)
            .into_owned();
    }
    let found = regex::Regex::new(r"<faultstring>([^<]*)</faultstring>").unwrap();
    found
        .captures(&xml)
        .expect(&xml)
        .get(1)
        .unwrap()
        .as_str()
        .to_string()
}

#[test]
fn scid_scid_community_and_lucas_chess_requests_are_answered_as_they_read_them() {
    let mut d = start("");
    let password = d.password("petrov@example.test");
    d.mail("ivanov@example.test", "1. 5254\nGood luck\n");
    d.mails_until(|s| s.iter().any(|m| m.to == ["petrov@example.test"]));
    let login = [("USER", "petrov@example.test"), ("PASS", password.as_str())];
    let clock = regex::Regex::new(r"^(0|[1-9][0-9]*)$").unwrap();

    // Scid
    let (status, answer) = post_as(d.port, SCID, &fixture("scid-GetMyGames", &login));
    assert_eq!(status, 200, "{answer}");
    let games = scid_games(&answer);
    assert_eq!(games.len(), 1, "{answer}");
    let g = &games[0];
    let id = g["id"].clone();
    for field in [
        "daysPlayer",
        "hoursPlayer",
        "minutesPlayer",
        "daysOpponent",
        "hoursOpponent",
        "minutesOpponent",
    ] {
        assert!(
            clock.is_match(&g[field]),
            "Scid's expr reads {field}={}",
            g[field]
        );
    }
    for field in ["myTurn", "hasWhite", "drawOffered"] {
        assert!(["true", "false"].contains(&g[field].as_str()), "{field}");
    }
    assert_eq!(g["myTurn"], "true");
    assert!(
        regex::Regex::new(r"^\d+[/+]\d+$")
            .unwrap()
            .is_match(&g["timeControl"]),
        "{}",
        g["timeControl"]
    );
    assert!(g["moves"].starts_with("1.e4 {[%ccsnt "), "{}", g["moves"]);
    assert_eq!(g["message"], "Good luck");
    for field in ["white", "black", "event", "site", "eventDate", "result"] {
        assert!(!g[field].is_empty(), "{field}");
    }
    let values = |mv: &str, n: &str, flag: &str| {
        let mut v = login.to_vec();
        v.extend([
            ("GAMEID", id.as_str()),
            ("MOVECOUNT", n),
            ("RESIGN", flag),
            ("ACCEPTDRAW", flag),
            ("OFFERDRAW", flag),
            ("CLAIMDRAW", flag),
            ("MESSAGE", "hello from Scid"),
        ]);
        v.push(("MOVE", mv));
        v.into_iter()
            .map(|(k, v)| (k, v.to_string()))
            .collect::<Vec<_>>()
    };
    // Scid sends its menu values 0/1
    let v = values("e5", "1", "0");
    let (_, answer) = post_as(d.port, SCID, &fixture("scid-MakeAMove", &pairs(&v)));
    assert_eq!(scid_result(&answer), "Success", "{answer}");
    let sent = d.mails_until(|s| s.iter().any(|m| m.to == ["ivanov@example.test"]));
    assert!(sent.iter().any(|m| m.body.contains("hello from Scid")));

    // scidCommunity: its own reading, and moves without date comments
    d.mail("ivanov@example.test", "1. 5254 5755\n2. 7163\n");
    d.mails_until(|s| s.iter().any(|m| m.to == ["petrov@example.test"]));
    let community = SCID_COMMUNITY.replace("OP", "GetMyGames");
    let (_, answer) = post_as(
        d.port,
        &community,
        &fixture("scidcommunity-GetMyGames", &login),
    );
    let games = scid_community_games(&answer);
    let g = &games[0];
    assert_eq!(g["id"], id);
    assert_eq!(g["moves"], "1.e4 e5 2.Nf3", "every word a move");
    assert_eq!(g["myTurn"], "true");
    let v: Vec<_> = values("Nc6", "2", "false")
        .into_iter()
        .filter(|(k, _)| *k != "CLAIMDRAW")
        .collect();
    let community = SCID_COMMUNITY.replace("OP", "MakeAMove");
    let (_, answer) = post_as(
        d.port,
        &community,
        &fixture("scidcommunity-MakeAMove", &pairs(&v)),
    );
    let result =
        regex::Regex::new(r"<[^>]*:?MakeAMoveResult>(.*?)</[^>]*:?MakeAMoveResult>").unwrap();
    assert_eq!(&result.captures(&answer).expect(&answer)[1], "Success");

    // Lucas Chess (suds): parameters wrapped in <username>
    d.mail("ivanov@example.test", "2. 7163 2836\n3. 6134\n");
    d.mails_until(|s| s.iter().any(|m| m.to == ["petrov@example.test"]));
    let lucas = LUCAS.replace("OP", "GetMyGames");
    let (status, answer) = post_as(d.port, &lucas, &fixture("lucas-GetMyGames", &login));
    assert_eq!(status, 200, "{answer}");
    let g = &games_of(&answer)[0];
    for field in [
        "id",
        "myTurn",
        "result",
        "white",
        "black",
        "event",
        "daysPlayer",
        "hoursPlayer",
        "daysOpponent",
        "hoursOpponent",
        "moves",
        "site",
        "whiteElo",
        "blackElo",
        "drawOffered",
        "hasWhite",
        "timeControl",
    ] {
        assert!(g.contains_key(field), "Lucas Chess needs {field}");
    }
    assert!(!g["timeControl"].is_empty());
    let v = values("Nf6", "3", "false");
    let lucas = LUCAS.replace("OP", "MakeAMove");
    let (_, answer) = post_as(d.port, &lucas, &fixture("lucas-MakeAMove", &pairs(&v)));
    assert_eq!(result_of(&answer), "Success", "{answer}");
    let json = d.arena.json(GAME);
    assert_eq!(json["moves"].as_array().unwrap().len(), 6, "{json}");
}

#[test]
fn a_player_on_xfcc_may_turn_the_forwards_off_and_reads_the_arbiters_word_in_server_info() {
    let mut d = start("");
    let password = d.password("petrov@example.test");
    d.arena.send(
        "petrov@example.test",
        "Xfcc",
        "XFCC FORWARDS OFF\n",
        &today(),
    );
    let sent = d.mails_until(|s| s.iter().any(|m| m.to == ["petrov@example.test"]));
    assert!(
        sent[0].body.contains("no longer reach you by mail"),
        "{}",
        sent[0].body
    );
    // White's move: his own copy comes, Black's forward does not
    d.mail("ivanov@example.test", "1. 5254\n");
    let sent = d.mails_until(|s| s.iter().any(|m| m.to == ["ivanov@example.test"]));
    std::thread::sleep(Duration::from_millis(1500));
    let later = d.arena.new_sent();
    assert!(
        sent.iter()
            .chain(&later)
            .all(|m| m.to != ["petrov@example.test"]),
        "{sent:#?}{later:#?}"
    );
    let (_, body) = d.post(&get_my_games("petrov@example.test", &password));
    let g = &games_of(&body)[0];
    assert_eq!(g["myTurn"], "true");
    assert!(g["moves"].starts_with("1.e4"), "{}", g["moves"]);
    // a wrong move by mail costs days: his program says what the arbiter said
    d.mail("petrov@example.test", "1. 5254 9999\n");
    d.mails_until(|s| s.iter().any(|m| m.to == ["petrov@example.test"]));
    let (_, body) = d.post(&get_my_games("petrov@example.test", &password));
    let g = &games_of(&body)[0];
    assert!(g["serverInfo"].ends_with(": Move not accepted"), "{g:?}");
    // forwards on again
    d.arena.send(
        "petrov@example.test",
        "Xfcc",
        "XFCC FORWARDS ON\n",
        &today(),
    );
    d.mails_until(|s| s.iter().any(|m| m.body.contains("reach you by mail again")));
    let id = g["id"].clone();
    let (_, body) = d.post(&make_a_move(
        "petrov@example.test",
        &password,
        &id,
        1,
        "e5",
        NO_FLAGS,
        "",
    ));
    assert_eq!(result_of(&body), "Success");
    d.mails_until(|s| s.iter().any(|m| m.to == ["ivanov@example.test"]));
    d.mail("ivanov@example.test", "1. 5254 5755\n2. 7163\n");
    d.mails_until(|s| {
        s.iter()
            .any(|m| m.to == ["petrov@example.test"] && m.body.contains("7163"))
    });
}

#[test]
fn a_soap_1_2_request_is_answered_in_soap_1_2() {
    let mut d = start("");
    let password = d.password("petrov@example.test");
    let body = get_my_games("petrov@example.test", &password).replace(
        "http://schemas.xmlsoap.org/soap/envelope/",
        "http://www.w3.org/2003/05/soap-envelope",
    );
    let (status, answer) = post_as(
        d.port,
        "Content-Type: application/soap+xml; charset=utf-8\r\n",
        &body,
    );
    assert_eq!(status, 200, "{answer}");
    assert!(
        answer.contains("xmlns:soap=\"http://www.w3.org/2003/05/soap-envelope\"")
            && answer.contains("<GetMyGamesResult><XfccGame>"),
        "{answer}"
    );
}

/// `tls_cert`/`tls_key`: the endpoint speaks HTTPS itself; a client that
/// trusts the certificate reads its games (python's ssl, as Lucas Chess's
/// urllib would).
#[test]
fn with_a_certificate_the_endpoint_serves_https() {
    let have = |tool: &str, version: &str| {
        Command::new(tool)
            .arg(version)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !have("openssl", "version") || !have("python3", "--version") {
        assert!(
            std::env::var_os("MAILARBITER_REQUIRE_MAILSERVER").is_none(),
            "openssl and python3 are needed (tests/run.sh has them)"
        );
        eprintln!("skipped: no openssl or python3");
        return;
    }
    let keys = tempfile::tempdir().unwrap();
    let (cert, key) = (keys.path().join("cert.pem"), keys.path().join("key.pem"));
    let made = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
        ])
        .args(["-addext", "subjectAltName=IP:127.0.0.1"])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(made.success());
    let mut d = start(&format!(
        "tls_cert = \"{}\"\ntls_key = \"{}\"\n",
        cert.display(),
        key.display()
    ));
    let password = d.password("petrov@example.test");
    let script = format!(
        "import ssl, sys, urllib.request\n\
         ctx = ssl.create_default_context(cafile=sys.argv[1])\n\
         req = urllib.request.Request('https://127.0.0.1:{port}/xfccbasic.asmx', data=sys.stdin.buffer.read(), headers={{'Content-Type': 'text/xml; charset=utf-8'}})\n\
         print(urllib.request.urlopen(req, context=ctx).read().decode())\n",
        port = d.port
    );
    let mut python = Command::new("python3")
        .arg("-c")
        .arg(&script)
        .arg(&cert)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    python
        .stdin
        .take()
        .unwrap()
        .write_all(get_my_games("petrov@example.test", &password).as_bytes())
        .unwrap();
    let out = python.wait_with_output().unwrap();
    let answer = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && answer.contains("<XfccGame>"),
        "{answer}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // plain HTTP on the TLS port is not answered as Xfcc
    let mut plain = TcpStream::connect(("127.0.0.1", d.port)).unwrap();
    plain
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        plain,
        "GET /xfccbasic.asmx?wsdl HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    .unwrap();
    let mut got = Vec::new();
    let _ = plain.read_to_end(&mut got);
    assert!(!String::from_utf8_lossy(&got).contains("wsdl:definitions"));
}

/// A tournament added on SIGHUP: its player gets a password by mail and
/// reads his game from his program, with no restart.
#[test]
fn a_tournament_added_on_sighup_plays_from_a_program_too() {
    let mut d = start("");
    let path = d.arena.path().join("mailarbiter.toml");
    let mut config = std::fs::read_to_string(&path).unwrap();
    let start_day = (chrono::Utc::now() - chrono::Duration::days(1))
        .date_naive()
        .to_string();
    config.push_str(&format!(
        "\n[[tournament]]\nid = \"CUP\"\nname = \"Cup\"\nstart = \"{start_day}\"\ndirector = \"td@example.test\"\n\
         notation = \"numeric\"\nrules = \"email\"\n\n\
         [[tournament.player]]\nid = \"sidorov\"\nname = \"Sidorov, Sidor\"\ncountry = \"RUS\"\nemail = [\"sidorov@example.test\"]\nlanguage = \"en\"\n\n\
         [[tournament.player]]\nid = \"kuznetsov\"\nname = \"Kuznetsov, Kuzma\"\ncountry = \"RUS\"\nemail = [\"kuznetsov@example.test\"]\nlanguage = \"ru\"\n\n\
         [[tournament.game]]\nwhite = \"sidorov\"\nblack = \"kuznetsov\"\n"
    ));
    std::fs::write(&path, config).unwrap();
    Command::new("kill")
        .arg("-HUP")
        .arg(d.child.id().to_string())
        .status()
        .unwrap();
    d.mails_until(|s| s.iter().any(|m| m.to == ["sidorov@example.test"]));
    let password = d.password("sidorov@example.test");
    let (_, body) = d.post(&get_my_games("sidorov@example.test", &password));
    let games = games_of(&body);
    assert_eq!(games.len(), 1, "{body}");
    // the event as the game's PGN names it: the tournament's code
    assert_eq!(games[0]["event"], "CUP");
    assert_eq!(games[0]["myTurn"], "true");
}

/// POSTs raw `body` bytes with `headers`; the status and the answer.
fn post_bytes(port: u16, headers: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let head = format!(
        "POST /xfccbasic.asmx HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8(answer).expect("the answer is UTF-8");
    let status = answer[9..12].parse().unwrap();
    (status, answer.split_once("\r\n\r\n").unwrap().1.to_string())
}

/// Scid's `MakeAMove` as it reaches the wire (captured from Scid 4.7.4's
/// own `SendMove` with Tcl 8.6's `http`): its template, the note through
/// `xmlencrypt`, every character sent as its low byte although the header
/// says UTF-8 (`мой` arrives as `<>9`, `П` as 0x1F).
fn scid_make_a_move(values: &[(&str, &str)], note: &str) -> Vec<u8> {
    let note = note
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;");
    let mut values = values.to_vec();
    values.push(("MESSAGE", &note));
    fixture("scid-MakeAMove", &values)
        .chars()
        .map(|c| (u32::from(c) & 0xff) as u8)
        .collect()
}

/// The answer as a strict XML 1.0 parser (Scid's tdom) reads it: no
/// character XML forbids, the elements balanced.
fn assert_xml_1_0(answer: &str) {
    assert!(
        !answer.chars().any(|c| matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}')),
        "a character XML forbids: {answer:?}"
    );
    let mut reader = quick_xml::Reader::from_str(answer);
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!("not XML ({e}): {answer}"),
        }
    }
}

#[test]
fn scids_german_and_russian_notes_leave_the_move_recorded_and_a_garbled_note_is_told() {
    let mut d = start("");
    let password = d.password("petrov@example.test");
    d.mail("ivanov@example.test", "1. 5254\n");
    d.mails_until(|s| s.iter().any(|m| m.to == ["petrov@example.test"]));
    let login = [("USER", "petrov@example.test"), ("PASS", password.as_str())];
    let (_, answer) = post_as(d.port, SCID, &fixture("scid-GetMyGames", &login));
    let id = scid_games(&answer)[0]["id"].clone();
    let values = |movecount: &'static str, mv: &'static str| {
        vec![
            ("USER", "petrov@example.test".to_string()),
            ("PASS", password.clone()),
            ("GAMEID", id.clone()),
            ("MOVECOUNT", movecount.to_string()),
            ("MOVE", mv.to_string()),
            ("RESIGN", "0".to_string()),
            ("ACCEPTDRAW", "0".to_string()),
            ("OFFERDRAW", "0".to_string()),
            ("CLAIMDRAW", "0".to_string()),
        ]
    };

    // German: ISO-8859-1 under a UTF-8 label, read as it was meant
    let body = scid_make_a_move(&pairs(&values("1", "e5")), "Grüße aus Köln");
    assert!(std::str::from_utf8(&body).is_err());
    let (status, answer) = post_bytes(d.port, SCID, &body);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(scid_result(&answer), "Success");
    let sent = d.mails_until(|s| s.iter().any(|m| m.to == ["ivanov@example.test"]));
    let forward = sent
        .iter()
        .find(|m| m.to == ["ivanov@example.test"])
        .unwrap();
    assert!(forward.body.contains("Grüße aus Köln"), "{}", forward.body);

    // Russian: `мой ход` arrives as `<>9 E>4` (not XML), `Привет` with 0x1F
    d.mail("ivanov@example.test", "1. 5254 5755\n2. 7163\n");
    d.mails_until(|s| s.iter().any(|m| m.to == ["petrov@example.test"]));
    let body = scid_make_a_move(&pairs(&values("2", "Nc6")), "мой ход. Привет");
    assert!(body.windows(5).any(|w| w == b"><>9 ") && body.contains(&0x1f));
    let (status, answer) = post_bytes(d.port, SCID, &body);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(scid_result(&answer), "Success", "the move is not lost");
    let json = d.arena.json(GAME);
    assert_eq!(json["moves"].as_array().unwrap().len(), 4, "{json}");
    // the player is told by mail, in his language (English)...
    let sent = d.mails_until(|s| {
        s.iter()
            .any(|m| m.to == ["petrov@example.test"] && m.body.contains("arrived garbled"))
    });
    let told = sent
        .iter()
        .find(|m| m.body.contains("arrived garbled"))
        .unwrap();
    assert!(
        told.body
            .contains("Scid sends letters other than Latin ones"),
        "{}",
        told.body
    );
    // ...his partner gets the move without the garbage
    let forward = sent
        .iter()
        .find(|m| m.to == ["ivanov@example.test"])
        .expect("the move forwarded");
    assert!(
        forward.body.contains("2... 2836") && !forward.body.contains("<>9"),
        "{}",
        forward.body
    );
    // ...and in his program's serverInfo; the answer stays XML
    let (_, answer) = post_as(d.port, SCID, &fixture("scid-GetMyGames", &login));
    assert_xml_1_0(&answer);
    let g = &scid_games(&answer)[0];
    assert!(
        g["serverInfo"].ends_with(": Your note arrived garbled"),
        "{g:?}"
    );
    assert!(g["moves"].contains("Nc6"), "{}", g["moves"]);
}

#[test]
fn a_refused_request_leaves_one_log_line_with_the_peer_the_user_agent_and_the_reason() {
    let d = start("");
    let (status, _) = post_bytes(
        d.port,
        SCID,
        b"<soap:Envelope><soap:Body><GetMyGames></soap:Body>",
    );
    assert_eq!(status, 500);
    let (_, body) = post_as(
        d.port,
        SCID,
        &fixture(
            "scid-GetMyGames",
            &[("USER", "petrov@example.test"), ("PASS", "hunter2-secret")],
        ),
    );
    assert!(body.contains("AuthenticationFailed"));
    let log = std::fs::read_to_string(d.arena.path().join("daemon.log")).unwrap();
    let refused: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("request refused"))
        .collect();
    assert_eq!(refused.len(), 2, "{log}");
    for line in &refused {
        assert!(
            line.contains("peer=127.0.0.1") && line.contains("Scid/4.7.4"),
            "{line}"
        );
    }
    assert!(refused[0].contains("not XML"), "{}", refused[0]);
    assert!(
        refused[1].contains("petrov@example.test") && refused[1].contains("authentication failed"),
        "{}",
        refused[1]
    );
    assert!(!log.contains("hunter2-secret"), "never the password");
}

/// ICCF's tablebase claim from a chess program: `claimDraw` without a move
/// in a drawn rook ending (real Syzygy tables) by the player not to move
/// is refused, by the player to move ends the game ½-½.
#[test]
fn iccf_a_tablebase_draw_claim_from_a_program_ends_the_game_drawn() {
    let tables = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/syzygy");
    let mut d = start_with("", |config| {
        config
            .replacen(
                "[gateway]\n",
                &format!("[gateway]\ntablebases = \"{}\"\n", tables.display()),
                1,
            )
            .replacen(
                "rules = \"email\"\n",
                "rules = \"iccf\"\nstart_position = \"8/8/8/4k3/r7/8/8/4K2R w - - 0 60\"\n",
                1,
            )
    });
    let white = d.password("ivanov@example.test");
    let black = d.password("petrov@example.test");
    let (_, body) = d.post(&get_my_games("ivanov@example.test", &white));
    let g = &games_of(&body)[0];
    assert_eq!(g["setup"], "true", "{g:?}");
    assert_eq!(g["fen"], "8/8/8/4k3/r7/8/8/4K2R w - - 0 60", "{g:?}");
    let id = g["id"].clone();
    let claim = (false, false, false, true);
    let (_, body) = d.post(&make_a_move(
        "petrov@example.test",
        &black,
        &id,
        60,
        "",
        claim,
        "",
    ));
    assert_eq!(result_of(&body), "NotYourTurn", "{body}");
    let (_, body) = d.post(&make_a_move(
        "ivanov@example.test",
        &white,
        &id,
        60,
        "",
        claim,
        "",
    ));
    assert_eq!(result_of(&body), "Success", "{body}");
    d.mails_until(|s| {
        s.iter()
            .any(|m| m.to.contains(&"petrov@example.test".to_string()))
    });
    let json = d.arena.json(GAME);
    assert_eq!(json["result"], "1/2-1/2", "{json}");
    assert_eq!(
        json["end_reason"], "a claim confirmed by the endgame tables",
        "{json}"
    );
}
