//! The tournaments the referee knows: players, their addresses and
//! languages, the games and their colours. Built from the config by
//! `config.rs`; plain data here.

use crate::notation::Notation;
use crate::referee::rules::RuleSet;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use shakmaty::Color;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The language of the mails a player gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Ru,
    En,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: String,
    /// "Surname, Name", as in PGN.
    pub name: String,
    /// Three-letter country code for PGN, may be empty.
    pub country: String,
    /// Every address the player may write from, lower case; the first is
    /// where mails go.
    pub emails: Vec<String>,
    pub language: Lang,
}

impl Player {
    pub fn writes_from(&self, address: &str) -> bool {
        self.emails.iter().any(|e| e.eq_ignore_ascii_case(address))
    }

    /// The address mails to this player go to.
    pub fn address(&self) -> &str {
        &self.emails[0]
    }

    /// `Surname, Name (CTY)` as the PGN tags want it.
    pub fn pgn_name(&self) -> String {
        if self.country.is_empty() {
            self.name.clone()
        } else {
            format!("{} ({})", self.name, self.country)
        }
    }

    /// The surname, for subjects.
    pub fn surname(&self) -> &str {
        self.name.split(',').next().unwrap_or(&self.name).trim()
    }
}

/// A game as the config names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSpec {
    /// `<tournament id>/<n>`.
    pub id: String,
    pub white: String,
    pub black: String,
}

impl GameSpec {
    pub fn player_id(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The colour `player` plays, if they play in this game.
    pub fn color_of(&self, player: &str) -> Option<Color> {
        if self.white == player {
            Some(Color::White)
        } else if self.black == player {
            Some(Color::Black)
        } else {
            None
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    /// The code in subjects and the PGN `Event`.
    pub id: String,
    pub name: String,
    pub start: NaiveDate,
    /// The end date: games unfinished then go to adjudication (III.9.4).
    pub end: Option<NaiveDate>,
    /// The director's address, lower case.
    pub director: String,
    /// The language of the director's mails.
    pub director_language: Lang,
    /// The director's copies (III.4.10 and other Cc's) come once a day in
    /// one digest instead of one by one.
    pub director_digest: bool,
    /// The players' addresses go into the PGN (`WhiteNA`, `BlackNA`).
    pub publish_addresses: bool,
    /// What orders players with equal points in the standings.
    pub tie_break: crate::referee::standings::TieBreak,
    pub rules: RuleSet,
    /// The notation the daemon writes.
    pub notation: Notation,
    /// Hidden conditional moves (`conditional = "hidden"`): a player may
    /// leave a series that the arbiter plays while the opponent's moves
    /// match it (the ICCF server's linear conditionals). Off by default.
    pub conditional: bool,
    pub players: Vec<Player>,
    pub games: Vec<GameSpec>,
    /// The players by id, built on first use ([`Index`]).
    pub index: Index<HashMap<String, usize>>,
}

impl Tournament {
    /// The player with `id`: by map, whatever the number of players.
    pub fn player(&self, id: &str) -> Option<&Player> {
        let map = self.index.get_or_build(|| {
            let mut map = HashMap::with_capacity(self.players.len());
            for (i, p) in self.players.iter().enumerate() {
                map.entry(p.id.clone()).or_insert(i);
            }
            map
        });
        match map.get(id).and_then(|&i| self.players.get(i)) {
            Some(p) if p.id == id => Some(p),
            // built before the players changed (tests edit a league): scan
            Some(_) => self.players.iter().find(|p| p.id == id),
            None => None,
        }
    }

    /// The player of `color` in `game`; the config check guarantees it exists.
    pub fn player_of(&self, game: &GameSpec, color: Color) -> &Player {
        self.player(game.player_id(color))
            .expect("validated config: every game names known players")
    }
}

/// Everything the referee is configured with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct League {
    /// The tournament address: From of every mail.
    pub address: String,
    /// Display name of that address.
    pub name: String,
    pub tournaments: Vec<Tournament>,
    /// Tournaments, games, players' addresses and directors by map, built
    /// on first use ([`Index`]).
    pub index: Index<LeagueIndex>,
}

/// Derived data built on first use from the value that holds it: equal to
/// any other, cloned empty (the clone builds its own), never compared.
#[derive(Default)]
pub struct Index<T>(OnceLock<T>);

impl<T> Index<T> {
    fn get_or_build(&self, build: impl FnOnce() -> T) -> &T {
        self.0.get_or_init(build)
    }
}

impl<T> Clone for Index<T> {
    fn clone(&self) -> Self {
        Index(OnceLock::new())
    }
}

impl<T> PartialEq for Index<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Index<T> {}

impl<T> std::fmt::Debug for Index<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Index")
    }
}

/// Where things are in a league: positions in its vectors.
#[derive(Default)]
pub struct LeagueIndex {
    tournaments: HashMap<String, usize>,
    /// Game id → (tournament, game).
    games: HashMap<String, (usize, usize)>,
    /// Lower-case address → every (tournament, player) writing from it, in
    /// config order.
    addresses: HashMap<String, Vec<(usize, usize)>>,
    /// Director's address → tournaments, in config order.
    directors: HashMap<String, Vec<usize>>,
}

impl League {
    fn index(&self) -> &LeagueIndex {
        self.index.get_or_build(|| {
            let mut index = LeagueIndex::default();
            for (ti, t) in self.tournaments.iter().enumerate() {
                index.tournaments.entry(t.id.clone()).or_insert(ti);
                index
                    .directors
                    .entry(t.director.clone())
                    .or_default()
                    .push(ti);
                for (gi, g) in t.games.iter().enumerate() {
                    index.games.entry(g.id.clone()).or_insert((ti, gi));
                }
                for (pi, p) in t.players.iter().enumerate() {
                    for email in &p.emails {
                        let at = index
                            .addresses
                            .entry(email.to_ascii_lowercase())
                            .or_default();
                        if !at.contains(&(ti, pi)) {
                            at.push((ti, pi));
                        }
                    }
                }
            }
            index
        })
    }

    /// The tournament with `id`: by map.
    pub fn tournament(&self, id: &str) -> Option<&Tournament> {
        let at = self.index().tournaments.get(id).copied();
        match at.and_then(|ti| self.tournaments.get(ti)) {
            Some(t) if t.id == id => Some(t),
            Some(_) => self.tournaments.iter().find(|t| t.id == id),
            None => None,
        }
    }

    /// The game with `id` and its tournament: by map.
    pub fn game(&self, id: &str) -> Option<(&Tournament, &GameSpec)> {
        let at = self.index().games.get(id).copied();
        let found = at.and_then(|(ti, gi)| {
            let t = self.tournaments.get(ti)?;
            Some((t, t.games.get(gi)?))
        });
        match found {
            Some((t, g)) if g.id == id => Some((t, g)),
            Some(_) => self
                .tournaments
                .iter()
                .find_map(|t| t.games.iter().find(|g| g.id == id).map(|g| (t, g))),
            None => None,
        }
    }

    /// Every (tournament, player) writing from `address`: by map.
    pub fn players_at(&self, address: &str) -> Vec<(&Tournament, &Player)> {
        let Some(at) = self.index().addresses.get(&address.to_ascii_lowercase()) else {
            return Vec::new();
        };
        let found: Vec<(&Tournament, &Player)> = at
            .iter()
            .filter_map(|&(ti, pi)| {
                let t = self.tournaments.get(ti)?;
                Some((t, t.players.get(pi)?))
            })
            .filter(|(_, p)| p.writes_from(address))
            .collect();
        if found.len() == at.len() {
            return found;
        }
        self.tournaments
            .iter()
            .flat_map(|t| t.players.iter().map(move |p| (t, p)))
            .filter(|(_, p)| p.writes_from(address))
            .collect()
    }

    /// The tournaments `address` directs, in config order: by map.
    pub fn directed_by(&self, address: &str) -> Vec<&Tournament> {
        self.index()
            .directors
            .get(address)
            .into_iter()
            .flatten()
            .filter_map(|&ti| self.tournaments.get(ti))
            .filter(|t| t.director == address)
            .collect()
    }

    /// Every game, in config order.
    pub fn games(&self) -> impl Iterator<Item = (&Tournament, &GameSpec)> {
        self.tournaments
            .iter()
            .flat_map(|t| t.games.iter().map(move |g| (t, g)))
    }
}
