//! How fast the referee works, measured on this machine: reading moves,
//! reading mails, deciding, and the whole pipeline on the embedded
//! transports (sled commit and flush per mail). Run with
//! `cargo bench --bench throughput`; the numbers are reported in docs/performance.md.

use mailarbiter::config::Config;
use mailarbiter::daemon::Pipeline;
use mailarbiter::demo::{deliver, noon, player_mail};
use mailarbiter::message::parse::{read_mail, Mail};
use mailarbiter::notation::{self, Notation};
use mailarbiter::referee::decide::{decide_mail, Inbound};
use mailarbiter::referee::state::State;
use shakmaty::{Chess, Position};
use std::path::Path;
use std::time::Instant;

#[path = "../tests/common/mod.rs"]
mod common;

fn per_second(n: usize, since: Instant) -> f64 {
    n as f64 / since.elapsed().as_secs_f64()
}

fn league_toml(games: usize) -> String {
    let mut text = String::from(
        "[gateway]\naddress = \"arbiter@example.test\"\nstate = \"state\"\n\n[inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n\
         [outbox]\nkind = \"file\"\npath = \"sent\"\n\n[[tournament]]\nid = \"B\"\nname = \"Bench\"\nstart = \"2026-05-10\"\n\
         director = \"td@example.test\"\n",
    );
    for i in 0..games * 2 {
        text.push_str(&format!("\n[[tournament.player]]\nid = \"p{i}\"\nname = \"P{i}, X\"\nemail = [\"p{i}@example.test\"]\n"));
    }
    for g in 0..games {
        text.push_str(&format!(
            "\n[[tournament.game]]\nwhite = \"p{}\"\nblack = \"p{}\"\n",
            2 * g,
            2 * g + 1
        ));
    }
    text
}

fn mail_for(game: usize, moves: &[String], i: usize) -> String {
    let from = format!("p{}@example.test", 2 * game + i % 2);
    player_mail(
        &from,
        "arbiter@example.test",
        &format!("Re: [B/{}]", game + 1),
        "Sun, 10 May 2026 10:00:00 +0000",
        &format!("b{game}.{i}@x"),
        &common::repeat_and_move(moves, i),
    )
}

fn main() {
    let moves = common::numerics(common::APP4);

    // 1. reading moves: every legal move of the App.4 positions, in three notations
    let mut pos = Chess::default();
    let mut written = Vec::new();
    for m in &moves {
        for legal in pos.legal_moves() {
            for n in [Notation::Numeric, Notation::San, Notation::Ru] {
                written.push((pos.clone(), notation::write_move(&pos, &legal, n)));
            }
        }
        let played = notation::parse_move(&pos, m).unwrap();
        pos = pos.play(played).unwrap();
    }
    let start = Instant::now();
    for _ in 0..20 {
        for (p, w) in &written {
            notation::parse_move(p, w).unwrap();
        }
    }
    println!(
        "notation: {:.0} written moves read per second ({} forms)",
        per_second(20 * written.len(), start),
        written.len()
    );

    // 2. reading mails: the golden fixtures
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mail");
    let raws: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    let start = Instant::now();
    for _ in 0..200 {
        for raw in &raws {
            read_mail(raw, 1 << 20).unwrap();
        }
    }
    println!(
        "mail reading: {:.0} mails parsed per second ({} real-looking mails)",
        per_second(200 * raws.len(), start),
        raws.len()
    );

    // 3. deciding: 100 games, the App.4 game in each, mails interleaved (pure core)
    let games = 100;
    let config = Config::parse(&league_toml(games), Path::new("/tmp"), false).unwrap();
    let league = &config.league;
    let mut state = State::build(
        league,
        |_| Ok::<_, mailarbiter::referee::game::ReplayError>(vec![]),
        |_| Ok(vec![]),
    )
    .unwrap();
    let mails: Vec<Mail> = (0..moves.len())
        .flat_map(|i| (0..games).map(move |g| (g, i)))
        .map(|(g, i)| read_mail(mail_for(g, &moves, i).as_bytes(), 1 << 20).unwrap())
        .collect();
    let day = "2026-05-10".parse().unwrap();
    let start = Instant::now();
    for mail in &mails {
        let decision = decide_mail(
            league,
            &state,
            &Inbound {
                password: None,
                authenticated: false,
                mail,
                arrival: day,
                claimed: Some(day),
            },
        );
        state
            .apply(league, &decision.events, &decision.player_events)
            .unwrap();
    }
    println!(
        "deciding: {:.0} move mails decided per second ({} mails, {games} games)",
        per_second(mails.len(), start),
        mails.len()
    );
    assert_eq!(state.game(league, "B/1").unwrap().plies.len(), moves.len());

    // 4. the whole pipeline: Maildir in, sled commit + flush, file out
    let tmp = tempfile::tempdir().unwrap();
    for sub in ["inbox/new", "inbox/cur", "inbox/tmp", "sent"] {
        std::fs::create_dir_all(tmp.path().join(sub)).unwrap();
    }
    std::fs::write(tmp.path().join("ma.toml"), league_toml(10)).unwrap();
    let config = Config::load(&tmp.path().join("ma.toml")).unwrap();
    let mut pipeline = Pipeline::open(config).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut count = 0;
    for i in 0..moves.len() {
        for g in 0..10 {
            deliver(
                &tmp.path().join("inbox"),
                &format!("m{i:03}-{g:02}"),
                &mail_for(g, &moves, i),
                noon(day),
            )
            .unwrap();
            count += 1;
        }
    }
    let start = Instant::now();
    let report = runtime.block_on(pipeline.run_once(day)).unwrap();
    println!(
        "pipeline: {:.0} mails per second end to end ({} mails read, {} sent, one durable commit per batch, run --once)",
        per_second(count, start),
        report.mails_read,
        report.mails_sent
    );
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    if let Some(line) = status.lines().find(|l| l.starts_with("VmHWM")) {
        println!(
            "memory: peak resident {}",
            line.trim_start_matches("VmHWM:").trim()
        );
    }
}
