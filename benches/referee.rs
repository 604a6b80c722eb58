//! The referee's CPU per mail, measured with criterion: the mail that
//! repeats a 60-move full record and adds the 120th ply (decision, check
//! against the game, letters written: what the daemon does per mail), its
//! reading, the game and player lookups, and the snapshot the control
//! socket reads after each commit, with 100 and 10,000 games. Run with
//! `cargo bench --bench referee`; the figures are in docs/performance.md.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use mailarbiter::config::Config;
use mailarbiter::demo::player_mail;
use mailarbiter::letters;
use mailarbiter::message::parse::{read_mail, without_quoted, Mail};
use mailarbiter::referee::decide::{decide_mail, Inbound, Verdict};
use mailarbiter::referee::game::{Event, ReplayError};
use mailarbiter::referee::state::State;
use shakmaty::{Chess, Position};
use std::hint::black_box;
use std::path::Path;

#[path = "../tests/common/mod.rs"]
mod common;

/// `tournaments` tournaments of `players` players, each playing the next
/// one (`players` games each).
fn league_toml(tournaments: usize, players: usize) -> String {
    let mut text = String::from(
        "[gateway]\naddress = \"arbiter@example.test\"\nstate = \"state\"\n\n[inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n\
         [outbox]\nkind = \"file\"\npath = \"sent\"\n",
    );
    for t in 0..tournaments {
        text.push_str(&format!(
            "\n[[tournament]]\nid = \"T{t}\"\nname = \"Bench {t}\"\nstart = \"2026-05-10\"\ndirector = \"td{t}@example.test\"\n"
        ));
        for p in 0..players {
            text.push_str(&format!(
                "\n[[tournament.player]]\nid = \"p{p}\"\nname = \"P{p}, X\"\nemail = [\"t{t}p{p}@example.test\"]\n"
            ));
        }
        for p in 0..players {
            text.push_str(&format!(
                "\n[[tournament.game]]\nwhite = \"p{p}\"\nblack = \"p{}\"\n",
                (p + 1) % players
            ));
        }
    }
    text
}

/// A legal game of `plies` plies that does not end by itself, in ICCF
/// numeric: moves picked by a fixed pseudo-random sequence.
fn long_game(plies: usize) -> Vec<String> {
    'seed: for seed in 1u64.. {
        let mut rng = seed;
        let mut pos = Chess::default();
        let mut out = Vec::new();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            rng = rng
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = moves[(rng >> 33) as usize % moves.len()];
            out.push(common::numeric(&m));
            pos = pos.play(m).unwrap();
            if pos.is_game_over() || pos.halfmoves() >= 90 {
                continue 'seed;
            }
        }
        return out;
    }
    unreachable!()
}

/// The full record up to ply `upto` (exclusive), one move per line.
fn record(moves: &[String], upto: usize) -> String {
    moves[..upto]
        .chunks(2)
        .enumerate()
        .map(|(n, pair)| format!("{}. {}", n + 1, pair.join(" ")))
        .collect::<Vec<_>>()
        .join("\n")
}

struct Setup {
    config: Config,
    state: State,
    mail: Mail,
    raw: String,
}

/// Game T0/1 with 119 plies played (p0 White, p1 Black) and Black's mail
/// that repeats them all and adds the 120th; `tournaments` × 10 games.
fn setup(tournaments: usize) -> Setup {
    let moves = long_game(120);
    let config = Config::parse(&league_toml(tournaments, 10), Path::new("/tmp"), false).unwrap();
    let day: chrono::NaiveDate = "2026-05-10".parse().unwrap();
    // the moves as stored: UCI
    let mut pos = Chess::default();
    let events: Vec<Event> = moves[..119]
        .iter()
        .map(|m| {
            let m = mailarbiter::notation::parse_move(&pos, m).unwrap();
            pos = pos.clone().play(m).unwrap();
            Event::Moved {
                uci: m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
                sent: day,
                draw_offer: false,
            }
        })
        .collect();
    let state = State::build(
        &config.league,
        |id| Ok::<_, ReplayError>(if id == "T0/1" { events.clone() } else { vec![] }),
        |_| Ok(vec![]),
    )
    .unwrap();
    let raw = player_mail(
        "t0p1@example.test",
        "arbiter@example.test",
        "Re: [T0/1]",
        "Sun, 10 May 2026 10:00:00 +0000",
        "bench.1@x",
        &record(&moves, 120),
    );
    let mail = read_mail(raw.as_bytes(), 1 << 20).unwrap();
    Setup {
        config,
        state,
        mail,
        raw,
    }
}

fn referee_mail(c: &mut Criterion) {
    let s = setup(1);
    let league = &s.config.league;
    let day = "2026-05-10".parse().unwrap();
    let inbound = Inbound {
        password: None,
        authenticated: false,
        mail: &s.mail,
        arrival: day,
        claimed: Some(day),
    };
    // what the daemon does per mail: decide, write the letters, check
    let referee = || {
        let mut decision = decide_mail(league, &s.state, &inbound);
        letters::write(league, &mut decision);
        let checked = s.state.check(league, &decision.events).unwrap();
        (decision, checked)
    };
    // the same mail to a game not kept in memory: replayed from its
    // record first (the first mail of a game since the start)
    let cold = s.state.clone();
    c.bench_function(
        "referee: the same mail, its game replayed from the record first",
        |b| {
            b.iter_batched(
                || cold.clone(),
                |state| {
                    let mut decision = decide_mail(league, &state, &inbound);
                    letters::write(league, &mut decision);
                    let checked = state.check(league, &decision.events).unwrap();
                    (decision, checked, state)
                },
                BatchSize::SmallInput,
            )
        },
    );
    let (decision, _) = referee();
    assert!(
        matches!(decision.verdicts.as_slice(), [Verdict::Accepted { .. }]),
        "{:?}",
        decision.verdicts
    );
    assert!(decision.mails[0].body.contains("60."));
    c.bench_function(
        "referee: 60-move full record mail (decide + letters + check)",
        |b| b.iter(|| black_box(referee())),
    );
    c.bench_function("referee: decide only", |b| {
        b.iter(|| black_box(decide_mail(league, &s.state, &inbound)))
    });
    c.bench_function("referee: letters only", |b| {
        let decision = decide_mail(league, &s.state, &inbound);
        b.iter_batched(
            || decision.clone(),
            |mut d| {
                letters::write(league, &mut d);
                d
            },
            BatchSize::SmallInput,
        )
    });
    c.bench_function("referee: reading the mail", |b| {
        b.iter(|| black_box(read_mail(s.raw.as_bytes(), 1 << 20).unwrap()))
    });
    // a reply that quotes the forward of the 60th move behind TABs, its
    // quote known by the arbiter's last eight mails to the player, each
    // as sent and as its HTML alternative reads (what the daemon does)
    let forward = &decision.mails[0];
    let reply = format!(
        "60... 2122\n\nTest arbiter wrote:\n{}",
        forward
            .body
            .lines()
            .map(|l| format!("\t{l}\n"))
            .collect::<String>()
    );
    let last_eight = vec![(forward.subject.clone(), forward.body.clone()); 8];
    c.bench_function("referee: one mail's HTML form read back", |b| {
        b.iter(|| black_box(letters::html::read_back(&forward.subject, &forward.body)))
    });
    let plain: Vec<&str> = last_eight.iter().map(|(_, b)| b.as_str()).collect();
    c.bench_function(
        "referee: a TAB-quoted forward aligned with 8 plain mails",
        |b| b.iter(|| black_box(without_quoted(&reply, &plain))),
    );
    c.bench_function(
        "referee: a quote of figures: 8 mails aligned as plain, then as HTML (forms made)",
        |b| {
            b.iter(|| {
                let forms: Vec<String> = last_eight
                    .iter()
                    .flat_map(|(subject, body)| {
                        [body.clone(), letters::html::read_back(subject, body)]
                    })
                    .collect();
                let forms: Vec<&str> = forms.iter().map(String::as_str).collect();
                black_box(without_quoted(&reply, &forms))
            })
        },
    );
}

fn lookups(c: &mut Criterion) {
    for tournaments in [10, 1000] {
        let config =
            Config::parse(&league_toml(tournaments, 10), Path::new("/tmp"), false).unwrap();
        let league = &config.league;
        let last = tournaments - 1;
        let id = format!("T{last}/10");
        let address = format!("t{last}p9@example.test");
        c.bench_function(
            &format!("lookup: game and player, {} games", tournaments * 10),
            |b| {
                b.iter(|| {
                    let (t, _) = league.game(black_box(&id)).unwrap();
                    let p = t.player(black_box("p9")).unwrap();
                    (p, league.players_at(black_box(&address)).len())
                })
            },
        );
    }
}

fn snapshot(c: &mut Criterion) {
    for tournaments in [10, 1000] {
        let s = setup(tournaments);
        let league = &s.config.league;
        let day = "2026-05-10".parse().unwrap();
        let inbound = Inbound {
            password: None,
            authenticated: false,
            mail: &s.mail,
            arrival: day,
            claimed: Some(day),
        };
        let decision = decide_mail(league, &s.state, &inbound);
        let mut published = s.state.clone();
        c.bench_function(
            &format!(
                "snapshot: publish after a commit, {} games",
                tournaments * 10
            ),
            |b| {
                b.iter_batched(
                    || {
                        let mut state = s.state.clone();
                        let checked = state.check(league, &decision.events).unwrap();
                        state.install(checked, &decision.events, &[]);
                        state
                    },
                    |state| {
                        state.publish(&mut published, &decision.events, &[]);
                        state
                    },
                    BatchSize::LargeInput,
                )
            },
        );
    }
}

criterion_group!(benches, referee_mail, lookups, snapshot);
criterion_main!(benches);
