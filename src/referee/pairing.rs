//! Round-robin pairings by the Berger tables (FIDE Handbook C.05, Annex 1;
//! the tables ICCF uses too). Pure: player numbers in, games out.
//!
//! For an even `n` the table has `n - 1` rounds of `n / 2` boards. Player
//! `n` stays on board 1, White in the even rounds; the others turn round
//! the ring `1 .. n-1`, advancing `n / 2` places a round; on the other
//! boards the player on the left (the ring's front half) has White. For an
//! odd `n` the table of `n + 1` is used and the games against the dummy
//! `n + 1` are dropped (that player sits the round out).

/// Which pairing a tournament asks for (`pairing = "…"` in its config).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    /// Every player meets every other once.
    RoundRobin,
    /// Twice: the second cycle is the first with the colours reversed.
    DoubleRoundRobin,
}

impl Pairing {
    /// The config's name for it.
    pub fn name(self) -> &'static str {
        match self {
            Pairing::RoundRobin => "round-robin",
            Pairing::DoubleRoundRobin => "double-round-robin",
        }
    }

    /// The pairing a config names, if known.
    pub fn from_name(name: &str) -> Option<Pairing> {
        match name {
            "round-robin" => Some(Pairing::RoundRobin),
            "double-round-robin" => Some(Pairing::DoubleRoundRobin),
            _ => None,
        }
    }

    /// The games of `n` players in table order (round by round, board by
    /// board), as 1-based (white, black) player numbers; game `k` of the
    /// list is game number `k + 1`.
    pub fn games(self, n: usize) -> Vec<(usize, usize)> {
        let single: Vec<(usize, usize)> = berger(n).into_iter().flatten().collect();
        match self {
            Pairing::RoundRobin => single,
            Pairing::DoubleRoundRobin => {
                let mut games = single.clone();
                games.extend(single.iter().map(|&(w, b)| (b, w)));
                games
            }
        }
    }
}

/// The Berger table of `n` players: for each round, its boards as 1-based
/// (white, black) player numbers. With an odd `n`, the boards of the dummy
/// are left out. Fewer than two players: no rounds.
pub fn berger(n: usize) -> Vec<Vec<(usize, usize)>> {
    if n < 2 {
        return Vec::new();
    }
    let even = n + n % 2;
    let half = even / 2;
    let ring = even - 1;
    (0..ring)
        .map(|round| {
            // the ring's players this round, in seat order
            let seat = |j: usize| (j + round * half) % ring + 1;
            let mut boards = Vec::with_capacity(half);
            // board 1: the fixed player, White in the even (1-based) rounds
            boards.push(if round % 2 == 1 {
                (even, seat(0))
            } else {
                (seat(0), even)
            });
            for board in 1..half {
                boards.push((seat(board), seat(ring - board)));
            }
            boards.retain(|&(w, b)| w <= n && b <= n);
            boards
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A published table written as the Handbook prints it: "1-4 2-3" a round.
    fn table(rounds: &[&str]) -> Vec<Vec<(usize, usize)>> {
        rounds
            .iter()
            .map(|r| {
                r.split_whitespace()
                    .map(|g| {
                        let (w, b) = g.split_once('-').unwrap();
                        (w.parse().unwrap(), b.parse().unwrap())
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_tables_for_4_5_and_6_players_are_the_published_ones() {
        assert_eq!(berger(4), table(&["1-4 2-3", "4-3 1-2", "2-4 3-1"]));
        assert_eq!(
            berger(6),
            table(&[
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1",
            ])
        );
        // five: the table of six, player 6 a bye (1, 4, 2, 5, 3 sit out)
        assert_eq!(
            berger(5),
            table(&["2-5 3-4", "5-3 1-2", "3-1 4-5", "1-4 2-3", "4-2 5-1"])
        );
        assert_eq!(
            berger(8),
            table(&[
                "1-8 2-7 3-6 4-5",
                "8-5 6-4 7-3 1-2",
                "2-8 3-1 4-7 5-6",
                "8-6 7-5 1-4 2-3",
                "3-8 4-2 5-1 6-7",
                "8-7 1-6 2-5 3-4",
                "4-8 5-3 6-2 7-1",
            ])
        );
        assert!(berger(0).is_empty() && berger(1).is_empty());
        assert_eq!(berger(2), table(&["1-2"]));
        assert_eq!(berger(3), table(&["2-3", "1-2", "3-1"]));
    }

    #[test]
    fn the_games_are_numbered_round_by_round_board_by_board() {
        assert_eq!(
            Pairing::RoundRobin.games(4),
            [(1, 4), (2, 3), (4, 3), (1, 2), (2, 4), (3, 1)]
        );
        assert_eq!(
            Pairing::DoubleRoundRobin.games(4),
            [
                (1, 4),
                (2, 3),
                (4, 3),
                (1, 2),
                (2, 4),
                (3, 1),
                (4, 1),
                (3, 2),
                (3, 4),
                (2, 1),
                (4, 2),
                (1, 3)
            ]
        );
        assert_eq!(Pairing::RoundRobin.games(15).len(), 105);
        assert_eq!(Pairing::DoubleRoundRobin.games(15).len(), 210);
    }

    #[test]
    fn every_pair_meets_once_and_twice_with_colours_swapped_in_double() {
        for n in 2..=24 {
            let single = Pairing::RoundRobin.games(n);
            assert_eq!(single.len(), n * (n - 1) / 2, "{n}");
            let mut met: HashMap<(usize, usize), usize> = HashMap::new();
            for &(w, b) in &single {
                assert!(w != b && (1..=n).contains(&w) && (1..=n).contains(&b));
                *met.entry((w.min(b), w.max(b))).or_default() += 1;
            }
            assert_eq!(met.len(), n * (n - 1) / 2, "{n}: every pair");
            assert!(met.values().all(|&c| c == 1), "{n}: once");
            let double = Pairing::DoubleRoundRobin.games(n);
            let mut seen: HashMap<(usize, usize), usize> = HashMap::new();
            for &g in &double {
                *seen.entry(g).or_default() += 1;
            }
            for (&(w, b), &c) in &seen {
                assert_eq!(c, 1, "{n}: {w}-{b} once as it is");
                assert!(seen.contains_key(&(b, w)), "{n}: {w}-{b} and {b}-{w}");
            }
            assert_eq!(double.len(), n * (n - 1), "{n}");
        }
    }

    #[test]
    fn each_player_plays_once_a_round_and_colours_are_balanced() {
        for n in 2..=24 {
            let rounds = berger(n);
            assert_eq!(rounds.len(), n - 1 + n % 2, "{n}: rounds");
            for round in &rounds {
                let mut seated: Vec<usize> = round.iter().flat_map(|&(w, b)| [w, b]).collect();
                seated.sort_unstable();
                seated.dedup();
                assert_eq!(seated.len(), 2 * round.len(), "{n}: once a round");
                assert_eq!(round.len(), n / 2, "{n}: boards");
            }
            let mut whites = vec![0i64; n + 1];
            let mut blacks = vec![0i64; n + 1];
            for (w, b) in Pairing::RoundRobin.games(n) {
                whites[w] += 1;
                blacks[b] += 1;
            }
            for p in 1..=n {
                assert!(
                    (whites[p] - blacks[p]).abs() <= 1,
                    "{n}: player {p} has {} whites, {} blacks",
                    whites[p],
                    blacks[p]
                );
            }
            let mut whites = vec![0i64; n + 1];
            for (w, _) in Pairing::DoubleRoundRobin.games(n) {
                whites[w] += 1;
            }
            assert!(
                whites[1..].iter().all(|&w| w == n as i64 - 1),
                "{n}: double"
            );
        }
    }
}
