//! The tournaments the referee knows: players, their addresses and
//! languages, the games and their colours. Built from the config by
//! `config.rs`; plain data here.

use crate::message::parse::bracketed;
use crate::notation::Notation;
use crate::referee::rules::RuleSet;
use chrono::NaiveDate;
use serde::Serialize;
use shakmaty::Color;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The language of the mails a player gets: a folder of `locales/`.
pub use crate::language::Lang;

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

    /// The surname, for subjects.
    pub fn surname(&self) -> &str {
        self.name.split(',').next().unwrap_or(&self.name).trim()
    }

    /// The name as a sentence of a letter writes it: in natural order,
    /// `Petr Petrov` for the stored `Petrov, Petr` ([`natural_order`]).
    /// The records (the standard form, the schedule, the PGN, the
    /// standings) keep the stored form.
    ///
    /// [`natural_order`]: crate::language::natural_order
    pub fn natural_name(&self) -> String {
        crate::language::natural_order(&self.name)
    }
}

/// A game as the config names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSpec {
    /// `<tournament id>/<n>`.
    pub id: String,
    pub white: PlayerId,
    pub black: PlayerId,
    /// The position the game starts from when it is not the usual one
    /// (`start_position`: a thematic event, an endgame).
    pub start: Option<StartPosition>,
}

/// A start position other than the usual one, read from a FEN: the side to
/// move in it moves first, the move numbers follow its fullmove number.
/// Games that share it share one copy.
#[derive(Clone)]
pub struct StartPosition(Arc<(String, shakmaty::Chess)>);

impl StartPosition {
    /// Reads `fen`: a legal position, written as FEN.
    ///
    /// # Errors
    /// The reason in plain words when `fen` is not FEN or not a legal
    /// position.
    pub fn parse(fen: &str) -> Result<StartPosition, String> {
        use shakmaty::{fen::Fen, CastlingMode, EnPassantMode};
        let read = Fen::from_ascii(fen.trim().as_bytes())
            .map_err(|e| format!("\"{}\" is not a FEN: {e}", fen.trim()))?;
        let position: shakmaty::Chess =
            read.into_position(CastlingMode::Standard).map_err(|e| {
                let reason = e.to_string();
                let reason = reason.trim_start_matches("illegal position: ");
                format!("\"{}\" is not a legal position: {reason}", fen.trim())
            })?;
        let written = Fen::from_position(&position, EnPassantMode::Legal).to_string();
        Ok(StartPosition(Arc::new((written, position))))
    }

    /// The position as FEN (as written back: the same position reads the
    /// same however it was spelled).
    pub fn fen(&self) -> &str {
        &self.0 .0
    }

    /// The position before the first move.
    pub fn position(&self) -> &shakmaty::Chess {
        &self.0 .1
    }
}

impl PartialEq for StartPosition {
    fn eq(&self, other: &StartPosition) -> bool {
        self.fen() == other.fen()
    }
}

impl Eq for StartPosition {}

impl std::fmt::Debug for StartPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.fen())
    }
}

/// A player's id as a game names it: read as a `&str`, shared by every
/// game of the player (a league of 100k games names 15k players: one
/// allocation per player, not two per game), and one pointer wide.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(Arc<Box<str>>);

impl PlayerId {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for PlayerId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for PlayerId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for PlayerId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for PlayerId {
    fn from(id: &str) -> PlayerId {
        PlayerId(Arc::new(id.into()))
    }
}

impl From<String> for PlayerId {
    fn from(id: String) -> PlayerId {
        PlayerId(Arc::new(id.into_boxed_str()))
    }
}

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::fmt::Debug for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for PlayerId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl PartialEq<str> for PlayerId {
    fn eq(&self, other: &str) -> bool {
        *self.as_str() == *other
    }
}

impl PartialEq<&str> for PlayerId {
    fn eq(&self, other: &&str) -> bool {
        *self.as_str() == **other
    }
}

impl PartialEq<String> for PlayerId {
    fn eq(&self, other: &String) -> bool {
        *self.as_str() == **other
    }
}

impl PartialEq<PlayerId> for String {
    fn eq(&self, other: &PlayerId) -> bool {
        **self == *other.as_str()
    }
}

impl PartialEq<PlayerId> for &str {
    fn eq(&self, other: &PlayerId) -> bool {
        **self == *other.as_str()
    }
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
    pub tie_break: TieBreak,
    pub rules: RuleSet,
    /// Where its games are played, as their PGN's `Site` and Xfcc's `site`
    /// name it: ICCF's words under ICCF's rules, else the arbiter's name
    /// (set when the config is read).
    pub site: String,
    /// The notation the daemon writes.
    pub notation: Notation,
    /// Hidden conditional moves (`conditional = "hidden"`): a player may
    /// leave a series that the arbiter plays while the opponent's moves
    /// match it (the ICCF server's linear conditionals). Off by default.
    pub conditional: bool,
    pub players: Vec<Player>,
    pub games: Vec<GameSpec>,
    /// The players by id, built on first use ([`Index`]).
    pub index: Index<ByHash>,
}

impl Tournament {
    /// The player with `id`: by map, whatever the number of players.
    pub fn player(&self, id: &str) -> Option<&Player> {
        let map = self.index.get_or_build(|| {
            let mut map = ByHash::with_capacity(self.players.len());
            for (i, p) in self.players.iter().enumerate() {
                map.insert(&p.id, (i, 0));
            }
            map
        });
        match map.get(id).and_then(|(i, _)| self.players.get(i)) {
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
    /// The Xfcc endpoint's URL for chess programs (`[xfcc] public_url`),
    /// when the arbiter offers one.
    pub xfcc: Option<String>,
    /// The endgame tables the arbiter probes for tablebase claims
    /// (`[gateway] tablebases`), if any.
    pub tables: crate::referee::endgame::Tables,
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

/// Where things are in a league: positions in its vectors, found by the
/// hash of a name, not by a copy of it (105k game ids copied into a map
/// took 9 MiB; by hash 2 MiB). A lookup compares the name it finds.
#[derive(Default)]
pub struct LeagueIndex {
    tournaments: ByHash,
    /// Game id → (tournament, game).
    games: ByHash,
    /// Lower-case address's hash → where its (tournament, player) pairs
    /// are in `owners` (from, count).
    addresses: HashMap<u64, (u32, u32), std::hash::BuildHasherDefault<Prehashed>>,
    address_hasher: std::hash::RandomState,
    /// (tournament, player) pairs, grouped by their address's hash, in
    /// config order within one.
    owners: Vec<(u32, u32)>,
    /// Director's address → tournaments, in config order.
    directors: HashMap<String, Vec<usize>>,
}

/// Names by their hash (keys chosen at random per map) → two positions,
/// 16 bytes a name. Two names of one hash keep the first: the lookup of
/// the other finds a name that is not its own, and its caller scans.
#[derive(Default)]
pub struct ByHash {
    hasher: std::hash::RandomState,
    map: HashMap<u64, (u32, u32), std::hash::BuildHasherDefault<Prehashed>>,
}

impl ByHash {
    fn with_capacity(n: usize) -> ByHash {
        ByHash {
            hasher: Default::default(),
            map: HashMap::with_capacity_and_hasher(n, Default::default()),
        }
    }

    fn hash(&self, name: &str) -> u64 {
        std::hash::BuildHasher::hash_one(&self.hasher, name)
    }

    /// `name` at `at`, unless a name of its hash is there already.
    fn insert(&mut self, name: &str, at: (usize, usize)) {
        let hash = self.hash(name);
        let at = (
            u32::try_from(at.0).unwrap_or(u32::MAX),
            u32::try_from(at.1).unwrap_or(u32::MAX),
        );
        self.map.entry(hash).or_insert(at);
    }

    /// Where `name`, or a name of its hash, is.
    fn get(&self, name: &str) -> Option<(usize, usize)> {
        let &(a, b) = self.map.get(&self.hash(name))?;
        Some((a as usize, b as usize))
    }
}

/// The hash of `address` in lower case (ASCII), without a copy of it.
fn address_hash(hasher: &std::hash::RandomState, address: &str) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = hasher.build_hasher();
    let mut lower = [0u8; 64];
    for chunk in address.as_bytes().chunks(lower.len()) {
        let lower = &mut lower[..chunk.len()];
        lower.copy_from_slice(chunk);
        lower.make_ascii_lowercase();
        h.write(lower);
    }
    h.write_usize(address.len());
    h.finish()
}

/// The hasher of keys that are hashes already: the key itself.
#[derive(Default)]
struct Prehashed(u64);

impl std::hash::Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

impl League {
    fn index(&self) -> &LeagueIndex {
        self.index.get_or_build(|| {
            let games = self.tournaments.iter().map(|t| t.games.len()).sum();
            let mut index = LeagueIndex {
                tournaments: ByHash::with_capacity(self.tournaments.len()),
                games: ByHash::with_capacity(games),
                ..LeagueIndex::default()
            };
            let address_hasher = std::hash::RandomState::new();
            let mut addresses = Vec::new();
            for (ti, t) in self.tournaments.iter().enumerate() {
                index.tournaments.insert(&t.id, (ti, 0));
                index
                    .directors
                    .entry(t.director.clone())
                    .or_default()
                    .push(ti);
                for (gi, g) in t.games.iter().enumerate() {
                    index.games.insert(&g.id, (ti, gi));
                }
                for (pi, p) in t.players.iter().enumerate() {
                    for email in &p.emails {
                        let hash = address_hash(&address_hasher, email);
                        let at = (u32::try_from(ti), u32::try_from(pi));
                        if let (Ok(ti), Ok(pi)) = at {
                            addresses.push((hash, ti, pi));
                        }
                    }
                }
            }
            // by hash, config order kept within one (a stable sort); a
            // player listing one address twice is there once
            addresses.sort_by_key(|&(hash, _, _)| hash);
            addresses.dedup();
            index.owners = addresses.iter().map(|&(_, ti, pi)| (ti, pi)).collect();
            index.addresses =
                HashMap::with_capacity_and_hasher(addresses.len(), Default::default());
            for (k, &(hash, _, _)) in (0u32..).zip(&addresses) {
                index.addresses.entry(hash).or_insert((k, 0)).1 += 1;
            }
            index.address_hasher = address_hasher;
            index
        })
    }

    /// The tournament with `id`: by map.
    pub fn tournament(&self, id: &str) -> Option<&Tournament> {
        let at = self.index().tournaments.get(id);
        match at.and_then(|(ti, _)| self.tournaments.get(ti)) {
            Some(t) if t.id == id => Some(t),
            Some(_) => self.tournaments.iter().find(|t| t.id == id),
            None => None,
        }
    }

    /// The game with `id` and its tournament: by map.
    pub fn game(&self, id: &str) -> Option<(&Tournament, &GameSpec)> {
        let at = self.index().games.get(id);
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
        let index = self.index();
        let hash = address_hash(&index.address_hasher, address);
        let Some(&(from, count)) = index.addresses.get(&hash) else {
            return Vec::new();
        };
        let at = &index.owners[from as usize..][..count as usize];
        let found: Vec<(&Tournament, &Player)> = at
            .iter()
            .filter_map(|&(ti, pi)| {
                let t = self.tournaments.get(ti as usize)?;
                Some((t, t.players.get(pi as usize)?))
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

    /// Whether `address` is a player's or a director's. Anyone else is a
    /// stranger, answered only when his mail names one of the arbiter's
    /// games ([`League::named_in`]) or a trusted server vouched for him
    /// (DESIGN.md §7): an answer to a forged sender goes to an innocent.
    pub fn knows(&self, address: &str) -> bool {
        !self.players_at(address).is_empty() || !self.directed_by(address).is_empty()
    }

    /// Whether a subject names one of the arbiter's tournaments or games:
    /// a bracketed tag, `[RUS-EM-2026/1]` or `[RUS-EM-2026]`, anywhere in it
    /// (a spam filter may have put its mark before it), in any case.
    pub fn named_in(&self, subject: &str) -> bool {
        bracketed(subject).any(|tag| {
            self.game(tag).is_some()
                || self.tournaments.iter().any(|t| {
                    let ours = |head: &str| head.eq_ignore_ascii_case(&t.id);
                    ours(tag)
                        || tag.rsplit_once('/').is_some_and(|(head, _)| ours(head))
                            && t.games.iter().any(|g| g.id.eq_ignore_ascii_case(tag))
                })
        })
    }

    /// The tournaments whose digests carry what concerns no tournament
    /// (the mails of unknown senders kept aside): of each director who
    /// reads a daily digest, his first such tournament in config order,
    /// so that he reads it once.
    pub fn digest_heads(&self) -> Vec<&Tournament> {
        let mut heads: Vec<&Tournament> = Vec::new();
        for t in self.tournaments.iter().filter(|t| t.director_digest) {
            if !heads
                .iter()
                .any(|h| h.director.eq_ignore_ascii_case(&t.director))
            {
                heads.push(t);
            }
        }
        heads
    }

    /// Every game, in config order.
    pub fn games(&self) -> impl Iterator<Item = (&Tournament, &GameSpec)> {
        self.tournaments
            .iter()
            .flat_map(|t| t.games.iter().map(move |g| (t, g)))
    }
}

/// The tie-break that orders players with equal points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TieBreak {
    /// The sum of the points of the opponents a player beat, and half those
    /// of the opponents he drew with.
    #[default]
    SonnebornBerger,
    /// The number of games won.
    Wins,
    /// None: equal points share the place.
    None,
}

impl TieBreak {
    /// The config's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            TieBreak::SonnebornBerger => "sonneborn-berger",
            TieBreak::Wins => "wins",
            TieBreak::None => "none",
        }
    }

    /// The config's words, in the order they are listed.
    pub const NAMES: [&'static str; 3] = ["sonneborn-berger", "wins", "none"];

    /// The tie-break a config word names.
    pub fn parse(word: &str) -> Option<TieBreak> {
        match word {
            "sonneborn-berger" => Some(TieBreak::SonnebornBerger),
            "wins" => Some(TieBreak::Wins),
            "none" => Some(TieBreak::None),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `tournaments` round-robins of `players` players, built directly.
    fn league(tournaments: usize, players: usize) -> League {
        let tournaments = (0..tournaments)
            .map(|t| {
                let ids: Vec<PlayerId> = (0..players).map(|p| format!("p{p}").into()).collect();
                Tournament {
                    id: format!("T{t}"),
                    name: format!("Tournament {t}"),
                    start: "2026-05-10".parse().unwrap(),
                    end: None,
                    director: format!("td{}@example.test", t % 3),
                    director_language: Lang::En,
                    director_digest: false,
                    publish_addresses: false,
                    tie_break: Default::default(),
                    site: "Arbiter".into(),
                    rules: RuleSet::defaults(crate::referee::rules::RuleKind::Email),
                    notation: Notation::Numeric,
                    conditional: false,
                    players: (0..players)
                        .map(|p| Player {
                            id: format!("p{p}"),
                            name: format!("P{p}, T{t}"),
                            country: String::new(),
                            emails: vec![
                                format!("t{t}p{p}@example.test"),
                                format!("T{t}P{p}@Other.test"),
                            ],
                            language: Lang::En,
                        })
                        .collect(),
                    games: crate::referee::pairing::Pairing::RoundRobin
                        .games(players)
                        .into_iter()
                        .enumerate()
                        .map(|(k, (w, b))| GameSpec {
                            start: None,
                            id: format!("T{t}/{}", k + 1),
                            white: ids[w - 1].clone(),
                            black: ids[b - 1].clone(),
                        })
                        .collect(),
                    index: Default::default(),
                }
            })
            .collect();
        League {
            address: "arbiter@example.test".into(),
            name: "Arbiter".into(),
            tournaments,
            xfcc: None,
            tables: Default::default(),
            index: Default::default(),
        }
    }

    #[test]
    fn issue11_games_tournaments_players_and_addresses_are_found_by_hash_and_checked() {
        let mut league = league(30, 5);
        for t in &league.tournaments {
            assert_eq!(league.tournament(&t.id).map(|f| &f.id), Some(&t.id));
            for g in &t.games {
                let (ft, fg) = league.game(&g.id).unwrap();
                assert_eq!((&ft.id, fg), (&t.id, g));
            }
            for p in &t.players {
                assert_eq!(t.player(&p.id), Some(p));
                // any address of the player, in any case
                for email in &p.emails {
                    let found = league.players_at(&email.to_uppercase());
                    assert_eq!(found.len(), 1, "{email}");
                    assert_eq!((&found[0].0.id, found[0].1), (&t.id, p));
                }
            }
        }
        assert!(league.game("T1/11").is_none());
        assert!(league.game("T30/1").is_none());
        assert!(league.tournament("T30").is_none());
        assert!(league.players_at("t1p5@example.test").is_empty());
        assert!(league.tournaments[0].player("p5").is_none());
        assert_eq!(
            league.directed_by("td1@example.test").len(),
            10,
            "tournaments 1, 4, 7, …"
        );
        // an index built before an edit of the league: what it finds is
        // checked, and the league scanned when it is not the one asked for
        let (_, first) = league.game("T0/1").unwrap();
        let first = first.clone();
        league.tournaments[0].games.swap(0, 1);
        league.tournaments[0].players.swap(0, 1);
        assert_eq!(league.game("T0/1").map(|(_, g)| g), Some(&first));
        assert_eq!(league.tournaments[0].player("p0").unwrap().id, "p0");
        let at = league.players_at("t0p0@example.test");
        assert_eq!((at.len(), at[0].1.id.as_str()), (1, "p0"));
        // a player listed twice at one address is found once; one address
        // of two players (not in a valid config) gives both, in order
        league.tournaments[2].players[1].emails = vec!["shared@example.test".into(); 2];
        league.tournaments[1].players[3].emails = vec!["shared@example.test".into()];
        let league = league.clone();
        let at: Vec<(&str, &str)> = league
            .players_at("Shared@example.test")
            .iter()
            .map(|(t, p)| (t.id.as_str(), p.id.as_str()))
            .collect();
        assert_eq!(at, [("T1", "p3"), ("T2", "p1")]);
    }

    #[test]
    fn a_subject_names_our_games_and_tournaments_in_brackets_anywhere() {
        let league = league(2, 3);
        for subject in [
            "[T0/1] P0 - P1: 3. 3234",
            "Re: [T1/3]",
            "[SPAM] [t0/2] question",
            "***SPAM*** Re: [ T1/1 ]",
            "[T0] how do I join?",
            "a question about [t1]",
        ] {
            assert!(league.named_in(subject), "{subject}");
        }
        for subject in [
            "T0/1 without brackets",
            "[T0/4]",
            "[T2/1]",
            "[T2]",
            "[T0/1 unclosed",
            "Your invoice [#T0/1-2026]",
            "Винт [Т0/1]",
            "",
        ] {
            assert!(!league.named_in(subject), "{subject}");
        }
    }

    #[test]
    fn players_and_directors_are_known_and_anyone_else_is_a_stranger() {
        let league = league(3, 2);
        assert!(league.knows("t2p1@example.test"));
        assert!(league.knows("td1@example.test"));
        assert!(!league.knows("t3p0@example.test"));
        assert!(!league.knows("spammer@t0p0.example.test"));
    }

    #[test]
    fn each_director_with_a_digest_reads_the_count_once_in_his_first_tournament() {
        // directors: T0, T3 td0; T1, T4 td1; T2 td2
        let mut league = league(5, 2);
        assert!(league.digest_heads().is_empty(), "no digest, no head");
        for at in [1, 3, 4] {
            league.tournaments[at].director_digest = true;
        }
        let heads: Vec<&str> = league
            .digest_heads()
            .iter()
            .map(|t| t.id.as_str())
            .collect();
        assert_eq!(heads, ["T1", "T3"]);
    }

    #[test]
    fn issue11_a_games_player_ids_read_as_text() {
        let league = league(1, 3);
        let (_, g) = league.game("T0/1").unwrap();
        let white: &str = &g.white;
        assert_eq!(g.white, white);
        assert_eq!(g.white, white.to_string());
        assert_eq!(white.to_string(), g.white);
        assert_eq!(
            format!("{} {:?}", g.white, g.black),
            format!("{white} \"{}\"", &*g.black)
        );
        assert_eq!(
            serde_json::to_string(&g.white).unwrap(),
            format!("\"{white}\"")
        );
        assert_eq!(g.color_of(white), Some(Color::White));
        assert_eq!(g.player_id(Color::Black), g.black.as_str());
    }
}
