//! A tournament's standings: each player's results against each other
//! player, points, games played and the tie-break the tournament names
//! (`tie_break`, Sonneborn-Berger by default). Pure: computed from the
//! games as they stand; written as text by `letters::standings`.

use crate::referee::game::{EndReason, Game, GameResult};
use crate::referee::tournament::Tournament;
use shakmaty::Color;
use std::collections::HashMap;

pub use crate::referee::tournament::TieBreak;

/// One game as the standings see it.
#[derive(Debug, Clone, PartialEq)]
pub struct Pairing {
    pub game: String,
    pub white: usize,
    pub black: usize,
    /// The result, once the game is finished.
    pub result: Option<GameResult>,
    /// The result is registered (III.9.1-9.2): the game ended and its end
    /// is recorded in the store, with the PGN sent to the director.
    pub registered: bool,
}

/// A player's line of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The player's place in the config (`[[tournament.player]]` order).
    pub player: usize,
    /// Points, in half points (a win is 2).
    pub halves: u32,
    /// Finished games.
    pub played: u32,
    pub wins: u32,
    /// The tie-break, in quarter points for Sonneborn-Berger, in games for
    /// wins, 0 for none.
    pub tie_break: u32,
    /// The first and last place this line shares (equal points and
    /// tie-break), 1-based.
    pub place: (usize, usize),
    /// The player withdrew from the tournament (III.8.1).
    pub withdrawn: bool,
}

/// The standings of a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    pub tie_break: TieBreak,
    /// Best first.
    pub lines: Vec<Line>,
    /// Every game of the tournament, in the config's order.
    pub pairings: Vec<Pairing>,
}

/// `a`'s score against its opponent in a finished game, in half points.
fn halves_of(result: GameResult, color: Color) -> u32 {
    match (result, color) {
        (GameResult::Draw, _) => 1,
        (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 2,
        _ => 0,
    }
}

impl Standings {
    /// The standings of `t` from its games as they stand (a game missing
    /// from `games` counts as not started).
    pub fn of<'g>(t: &Tournament, games: impl IntoIterator<Item = &'g Game>) -> Standings {
        let index: HashMap<&str, usize> = t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.as_str(), i))
            .collect();
        let by_id: HashMap<&str, &Game> = games.into_iter().map(|g| (g.id(), g)).collect();
        let mut pairings = Vec::with_capacity(t.games.len());
        for spec in &t.games {
            let (Some(&white), Some(&black)) = (
                index.get(spec.white.as_str()),
                index.get(spec.black.as_str()),
            ) else {
                continue;
            };
            let game = by_id.get(spec.id.as_str());
            let ending = game.and_then(|g| g.ending);
            pairings.push(Pairing {
                game: spec.id.clone(),
                white,
                black,
                // a cancelled game counts for nobody (III.8.1)
                result: ending
                    .filter(|e| e.reason != EndReason::Cancelled)
                    .map(|e| e.result),
                // an adjudicated result only once final (III.9.8-9.9)
                registered: game.is_some_and(|g| g.registered_on().is_some()),
            });
        }
        let n = t.players.len();
        let mut withdrawn = vec![false; n];
        for p in &pairings {
            if let Some(side) = by_id.get(p.game.as_str()).and_then(|g| g.withdrawn()) {
                withdrawn[if side == Color::White {
                    p.white
                } else {
                    p.black
                }] = true;
            }
        }
        let mut halves = vec![0u32; n];
        let mut played = vec![0u32; n];
        let mut wins = vec![0u32; n];
        for p in &pairings {
            let Some(result) = p.result else { continue };
            for (who, color) in [(p.white, Color::White), (p.black, Color::Black)] {
                let h = halves_of(result, color);
                halves[who] += h;
                played[who] += 1;
                wins[who] += u32::from(h == 2);
            }
        }
        // Sonneborn-Berger: the opponent's points times the score against
        // him, in quarters (half points times half points)
        let mut sb = vec![0u32; n];
        for p in &pairings {
            let Some(result) = p.result else { continue };
            sb[p.white] += halves_of(result, Color::White) * halves[p.black];
            sb[p.black] += halves_of(result, Color::Black) * halves[p.white];
        }
        let tie_break = t.tie_break;
        let mut lines: Vec<Line> = (0..n)
            .map(|player| Line {
                player,
                halves: halves[player],
                played: played[player],
                wins: wins[player],
                tie_break: match tie_break {
                    TieBreak::SonnebornBerger => sb[player],
                    TieBreak::Wins => wins[player],
                    TieBreak::None => 0,
                },
                place: (0, 0),
                withdrawn: withdrawn[player],
            })
            .collect();
        lines.sort_by(|a, b| {
            (b.halves, b.tie_break)
                .cmp(&(a.halves, a.tie_break))
                .then(a.player.cmp(&b.player))
        });
        let mut first = 0;
        while first < lines.len() {
            let key = (lines[first].halves, lines[first].tie_break);
            let last = (first..lines.len())
                .take_while(|&k| (lines[k].halves, lines[k].tie_break) == key)
                .last()
                .unwrap_or(first);
            for line in &mut lines[first..=last] {
                line.place = (first + 1, last + 1);
            }
            first = last + 1;
        }
        Standings {
            tie_break,
            lines,
            pairings,
        }
    }

    /// The results of `player` against `opponent`, in the games' order:
    /// the half points of each finished game, `None` for one not finished.
    pub fn results(&self, player: usize, opponent: usize) -> Vec<Option<u32>> {
        self.pairings
            .iter()
            .filter_map(|p| {
                let color = if (p.white, p.black) == (player, opponent) {
                    Color::White
                } else if (p.white, p.black) == (opponent, player) {
                    Color::Black
                } else {
                    return None;
                };
                Some(p.result.map(|r| halves_of(r, color)))
            })
            .collect()
    }

    /// Games finished, and of those registered.
    pub fn registered(&self) -> (usize, usize) {
        let finished = self.pairings.iter().filter(|p| p.result.is_some()).count();
        let registered = self.pairings.iter().filter(|p| p.registered).count();
        (finished, registered)
    }
}

/// Half points as a chess table writes them: `2½`, `½`, `0`.
pub fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".into(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Notation;
    use crate::referee::game::{EndReason, Event};
    use crate::referee::rules::RuleSet;
    use crate::referee::tournament::{GameSpec, Lang, Player};

    /// A double round robin of three players (`a`, `b`, `c`) with the
    /// results of its six games (`None`: not finished).
    fn double(results: [Option<GameResult>; 6], tie_break: TieBreak) -> Standings {
        let player = |id: &str| Player {
            id: id.into(),
            name: format!("{id}, X"),
            country: String::new(),
            emails: vec![format!("{id}@example.test")],
            language: Lang::En,
        };
        let pairs = [
            ("a", "b"),
            ("b", "c"),
            ("c", "a"),
            ("b", "a"),
            ("c", "b"),
            ("a", "c"),
        ];
        let t = Tournament {
            id: "T".into(),
            name: "T".into(),
            start: "2026-05-10".parse().unwrap(),
            end: None,
            director: "td@example.test".into(),
            director_language: Lang::En,
            director_digest: false,
            publish_addresses: false,
            conditional: false,
            tie_break,
            site: "Arbiter".into(),
            rules: RuleSet::email(),
            notation: Notation::San,
            players: vec![player("a"), player("b"), player("c")],
            games: pairs
                .iter()
                .enumerate()
                .map(|(i, (w, b))| GameSpec {
                    id: format!("T/{}", i + 1),
                    white: (*w).into(),
                    black: (*b).into(),
                    start: None,
                })
                .collect(),
            index: Default::default(),
        };
        let games: Vec<Game> = t
            .games
            .iter()
            .zip(results)
            .map(|(spec, result)| {
                let events: Vec<Event> = result
                    .map(|result| Event::Ended {
                        result,
                        reason: EndReason::Resignation,
                        on: "2026-05-11".parse().unwrap(),
                    })
                    .into_iter()
                    .collect();
                Game::replay(&t, spec, &events, [vec![], vec![]]).unwrap()
            })
            .collect();
        Standings::of(&t, &games)
    }

    #[test]
    fn a_double_round_robin_shows_both_games_of_a_pair_in_one_cell() {
        use GameResult::{BlackWins, Draw, WhiteWins};
        // a-b 1-0, b-c ½, c-a 0-1, b-a ½, c-b not finished, a-c 1-0
        let s = double(
            [
                Some(WhiteWins),
                Some(Draw),
                Some(BlackWins),
                Some(Draw),
                None,
                Some(WhiteWins),
            ],
            TieBreak::SonnebornBerger,
        );
        // a: 1 + 1 + ½ + 1 = 3½ of 4; b: 0 + ½ + ½ = 1 of 3; c: ½ of 3
        let order: Vec<(usize, u32, u32)> = s
            .lines
            .iter()
            .map(|l| (l.player, l.halves, l.played))
            .collect();
        assert_eq!(order, [(0, 7, 4), (1, 2, 3), (2, 1, 3)]);
        assert_eq!(s.results(0, 1), [Some(2), Some(1)]);
        assert_eq!(s.results(1, 2), [Some(1), None]);
        assert_eq!(s.results(2, 1), [Some(1), None]);
        // SB of a: b's 1 point once won (1) and once drawn (½), c's ½
        // point twice won (½ + ½): 2½ = 10 quarters
        assert_eq!(s.lines[0].tie_break, 10);
        assert_eq!(s.registered(), (5, 5));
        assert_eq!(s.lines[0].place, (1, 1));
    }

    #[test]
    fn equal_points_and_tie_break_share_the_place() {
        // six draws: each player 2 of 4, no wins
        let s = double([Some(GameResult::Draw); 6], TieBreak::None);
        assert!(s.lines.iter().all(|l| l.halves == 4 && l.place == (1, 3)));
        let s = double([Some(GameResult::Draw); 6], TieBreak::Wins);
        assert!(s
            .lines
            .iter()
            .all(|l| l.tie_break == 0 && l.place == (1, 3)));
    }

    #[test]
    fn points_are_written_as_tables_write_them() {
        assert_eq!(points(0), "0");
        assert_eq!(points(1), "½");
        assert_eq!(points(5), "2½");
        assert_eq!(points(6), "3");
    }
}
