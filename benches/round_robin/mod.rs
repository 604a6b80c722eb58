//! The workload the end-to-end benchmarks share (`end_to_end`, `maildir`):
//! a round robin of 20 players (190 games), one move mail per ply, the
//! plies of App.4 in every game, ply by ply across the games; and the
//! CPU time of a process.
#![allow(dead_code)]

use std::time::Duration;

pub const PLAYERS: usize = 20;
pub const DOMAIN: &str = "example.test";

/// One move mail: who sends it, to whom the forward goes, the raw bytes.
pub struct Staged {
    pub mover: String,
    pub opponent: String,
    pub raw: Vec<u8>,
}

/// The round robin's pairs, white first, colours alternating.
pub fn pairs() -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for a in 0..PLAYERS {
        for b in a + 1..PLAYERS {
            out.push(if (a + b) % 2 == 0 { (a, b) } else { (b, a) });
        }
    }
    out
}

/// A player's address in the run `run`.
pub fn player(run: &str, p: usize) -> String {
    format!("{run}-p{p}@{DOMAIN}")
}

/// The mails, ply by ply across all games (every game's ply 0, then ply 1…),
/// addressed to `arbiter`.
pub fn mails(run: &str, arbiter: &str, count: usize, moves: &[String]) -> Vec<Staged> {
    let pairs = pairs();
    let plies = count.div_ceil(pairs.len()).min(moves.len());
    let mut out = Vec::new();
    for ply in 0..plies {
        for (g, &(white, black)) in pairs.iter().enumerate() {
            if out.len() == count {
                return out;
            }
            let (from, to) = if ply % 2 == 0 {
                (white, black)
            } else {
                (black, white)
            };
            let raw = format!(
                "From: {from}\r\nTo: {arbiter}\r\nSubject: Re: [E2E/{game}] move\r\n\
                 Date: {date}\r\nMessage-ID: <{run}.{game}.{ply}@{DOMAIN}>\r\n\
                 Content-Type: text/plain; charset=utf-8\r\n\r\n{text}\r\n",
                from = player(run, from),
                game = g + 1,
                date = chrono::Utc::now().to_rfc2822(),
                text = crate::common::repeat_and_move(moves, ply),
            );
            out.push(Staged {
                mover: player(run, from),
                opponent: player(run, to),
                raw: raw.into_bytes(),
            });
        }
    }
    out
}

/// The config's tournament `E2E`: the players and the games of the round
/// robin, starting today, its director `{run}-td`.
pub fn tournament(run: &str) -> String {
    let mut text = format!(
        "[[tournament]]\nid = \"E2E\"\nname = \"End to end\"\nstart = \"{start}\"\n\
         director = \"{run}-td@{DOMAIN}\"\n",
        start = chrono::Utc::now().date_naive(),
    );
    for p in 0..PLAYERS {
        text.push_str(&format!(
            "\n[[tournament.player]]\nid = \"p{p}\"\nname = \"Player{p}, P\"\n\
             email = [\"{}\"]\n",
            player(run, p)
        ));
    }
    for (white, black) in pairs() {
        text.push_str(&format!(
            "\n[[tournament.game]]\nwhite = \"p{white}\"\nblack = \"p{black}\"\n"
        ));
    }
    text
}

/// The user and system CPU time of a process so far (from `/proc`).
pub fn cpu_time(pid: u32) -> Duration {
    let (user, system) = cpu_times(pid);
    user + system
}

/// The user and the system CPU time of a process so far, apart.
pub fn cpu_times(pid: u32) -> (Duration, Duration) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // the fields after the command's closing parenthesis; utime, stime are 14, 15
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| -> u64 { fields.get(i).and_then(|t| t.parse().ok()).unwrap_or(0) };
    // USER_HZ is 100 on Linux
    (
        Duration::from_millis(ticks(11) * 10),
        Duration::from_millis(ticks(12) * 10),
    )
}
