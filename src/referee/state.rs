//! What the referee knows at a moment: every game's events and state, and
//! every player's events (leaves). Built from the store, changed by the
//! events of each decision.
//!
//! A game is kept as its packed record ([`Record`]); its state ([`Game`]:
//! position, plies with their texts and days, clocks) is replayed from the
//! record the first time it is needed and then kept, for at most
//! [`HOT_GAMES`] games at a time. Opening a store of 100k games reads their
//! records and replays none; a mail replays at most the games it concerns;
//! the views that go over every game ([`State::each_game`]) replay the
//! games not kept one at a time and keep none of them.
//!
//! A state may also hold only some tournaments ([`State::partial`], filled
//! by [`State::load`]): `run --once` reads the games of the tournaments a
//! mail or a timer concerns, not 100k records before its first mail. A
//! look at a game or a player it does not hold is noted
//! ([`State::take_missed`]): the decision made with it is then thrown away
//! and made again once every game is read, so that a game is never decided
//! as new because its record was not read.

use crate::referee::clock::Days;
use crate::referee::game::{Event, Game, ReplayError};
use crate::referee::leave::{self, PlayerEvent};
use crate::referee::tournament::{GameSpec, League, Tournament};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// How many games' states are kept replayed at most; past it, the next
/// decision drops them all but its own (they are replayed again from
/// their records when needed). A game replays in tens of microseconds.
pub const HOT_GAMES: usize = 4096;

/// The games a decision touches, as its events leave them: made only by
/// [`State::check`], so holding one means the events apply.
#[derive(Debug, Default)]
pub struct Checked {
    games: BTreeMap<String, Game>,
}

/// A game as the state keeps it: its record, and its state once replayed.
/// The record is shared with the control socket's copy of the state until
/// a decision adds to it (so the copy costs no second set of records).
#[derive(Clone, Default)]
struct Slot {
    record: Arc<Record>,
    hot: OnceLock<Box<Hot>>,
}

/// A replayed game, with the stored events that did not fit.
#[derive(Clone)]
struct Hot {
    game: Game,
    damaged: Vec<ReplayError>,
}

impl std::fmt::Debug for Slot {
    /// The record only: whether the game is replayed yet does not change
    /// what the state is.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.record.fmt(f)
    }
}

/// How many games are kept replayed (a counter that clones as a value).
#[derive(Debug, Default)]
struct HotCount(AtomicUsize);

impl Clone for HotCount {
    fn clone(&self) -> HotCount {
        HotCount(AtomicUsize::new(self.0.load(Ordering::Relaxed)))
    }
}

/// Whether a look went past what a partial state holds (a flag that
/// clones as a value).
#[derive(Debug, Default)]
struct Missed(AtomicBool);

impl Clone for Missed {
    fn clone(&self) -> Missed {
        Missed(AtomicBool::new(self.0.load(Ordering::Relaxed)))
    }
}

#[derive(Debug, Clone, Default)]
pub struct State {
    /// Each game of the league (of the tournaments loaded), by game id.
    games: BTreeMap<Arc<str>, Slot>,
    /// Each player's events, by `tournament/player`.
    players: BTreeMap<String, Vec<PlayerEvent>>,
    hot: HotCount,
    /// The tournaments held, by id, when not every one is: `None` for a
    /// state of the whole league.
    loaded: Option<BTreeSet<String>>,
    /// Set by a look at a game or a player's events the state does not
    /// hold because its tournament is not loaded.
    missed: Missed,
}

impl State {
    /// Builds the state of `league` from stored events.
    ///
    /// # Errors
    /// What reading the events fails with.
    pub fn build<E>(
        league: &League,
        mut game_events: impl FnMut(&str) -> Result<Vec<Event>, E>,
        player_events: impl FnMut(&str) -> Result<Vec<PlayerEvent>, E>,
    ) -> Result<State, E> {
        State::from_records(
            league,
            |id| game_events(id).map(|events| Record::of(events.iter())),
            player_events,
        )
    }

    /// Builds the state of `league` from stored records: nothing is
    /// replayed yet.
    ///
    /// # Errors
    /// What reading the records fails with.
    pub fn from_records<E>(
        league: &League,
        mut game_record: impl FnMut(&str) -> Result<Record, E>,
        player_events: impl FnMut(&str) -> Result<Vec<PlayerEvent>, E>,
    ) -> Result<State, E> {
        State::from_sorted_records(
            league,
            |ids| ids.iter().map(|id| game_record(id)).collect(),
            player_events,
        )
    }

    /// Builds the state of `league` from stored records, asked for all at
    /// once: `game_records` gets every game id, sorted, and gives each
    /// one's record in that order (one pass over a store kept in that
    /// order); nothing is replayed yet.
    ///
    /// # Errors
    /// What reading the records fails with.
    pub fn from_sorted_records<E>(
        league: &League,
        game_records: impl FnOnce(&[&str]) -> Result<Vec<Record>, E>,
        player_events: impl FnMut(&str) -> Result<Vec<PlayerEvent>, E>,
    ) -> Result<State, E> {
        let mut state = State::default();
        state.read_in(&league.tournaments, game_records, player_events)?;
        Ok(state)
    }

    /// A state of `league` that holds no tournament yet: [`State::load`]
    /// reads them in as they are needed.
    pub fn partial() -> State {
        State {
            loaded: Some(BTreeSet::new()),
            ..State::default()
        }
    }

    /// Whether the state holds the games of `t` (every state of the whole
    /// league does).
    pub fn holds(&self, t: &Tournament) -> bool {
        self.loaded
            .as_ref()
            .is_none_or(|loaded| loaded.contains(&t.id))
    }

    /// Whether the state holds every tournament of `league`.
    pub fn holds_all(&self, league: &League) -> bool {
        self.loaded.is_none() || league.tournaments.iter().all(|t| self.holds(t))
    }

    /// Reads into a partial state the games and players' events of those
    /// of `tournaments` it does not hold yet ([`State::from_sorted_records`]
    /// as to how); the games it holds, with the decisions made on them in
    /// memory, stay as they are. Once every tournament of `league` is
    /// held, the state is one of the whole league.
    ///
    /// # Errors
    /// What reading the records fails with; then nothing was added.
    pub fn load<'t, E>(
        &mut self,
        league: &League,
        tournaments: impl IntoIterator<Item = &'t Tournament>,
        game_records: impl FnOnce(&[&str]) -> Result<Vec<Record>, E>,
        player_events: impl FnMut(&str) -> Result<Vec<PlayerEvent>, E>,
    ) -> Result<(), E> {
        let Some(loaded) = &self.loaded else {
            return Ok(());
        };
        let mut new: Vec<&Tournament> = tournaments
            .into_iter()
            .filter(|t| !loaded.contains(&t.id))
            .collect();
        new.sort_unstable_by(|a, b| a.id.cmp(&b.id));
        new.dedup_by(|a, b| a.id == b.id);
        if new.is_empty() {
            return Ok(());
        }
        let mut read = State::default();
        read.read_in(new.iter().copied(), game_records, player_events)?;
        self.games.append(&mut read.games);
        self.players.append(&mut read.players);
        let loaded = self.loaded.get_or_insert_with(BTreeSet::new);
        loaded.extend(new.iter().map(|t| t.id.clone()));
        if league.tournaments.iter().all(|t| loaded.contains(&t.id)) {
            self.loaded = None;
        }
        Ok(())
    }

    /// Whether the state holds the tournaments of `player_events` (keyed
    /// `tournament/player`); one it does not hold is noted as missed.
    pub fn holds_players(&self, player_events: &[(String, PlayerEvent)]) -> bool {
        player_events
            .iter()
            .all(|(key, _)| self.note_held(key.split_once('/').map_or(key.as_str(), |(t, _)| t)))
    }

    /// Whether the state holds the tournament `id`; a partial state notes
    /// one it does not hold as missed.
    fn note_held(&self, id: &str) -> bool {
        let held = self
            .loaded
            .as_ref()
            .is_none_or(|loaded| loaded.contains(id));
        if !held {
            self.missed.0.store(true, Ordering::Relaxed);
        }
        held
    }

    /// Whether a look since the last call went past what the state holds
    /// (a decision made since then must be made again once every
    /// tournament is loaded); clears it.
    pub fn take_missed(&self) -> bool {
        self.missed.0.swap(false, Ordering::Relaxed)
    }

    /// Reads the games and players' events of `tournaments` into an empty
    /// map: the records asked for all at once, the ids sorted, the map
    /// built from sorted keys at once.
    fn read_in<'t, E>(
        &mut self,
        tournaments: impl IntoIterator<Item = &'t Tournament>,
        game_records: impl FnOnce(&[&str]) -> Result<Vec<Record>, E>,
        mut player_events: impl FnMut(&str) -> Result<Vec<PlayerEvent>, E>,
    ) -> Result<(), E> {
        let mut ids: Vec<&str> = Vec::new();
        for t in tournaments {
            for p in &t.players {
                let key = leave::key(&t.id, &p.id);
                let events = player_events(&key)?;
                if !events.is_empty() {
                    self.players.insert(key, events);
                }
            }
            ids.extend(t.games.iter().map(|spec| spec.id.as_str()));
        }
        ids.sort_unstable();
        ids.dedup();
        let records = game_records(&ids)?;
        debug_assert_eq!(records.len(), ids.len(), "a record for each game");
        // built from sorted keys at once, not by one insertion after another
        self.games = ids
            .into_iter()
            .zip(records)
            .map(|(id, record)| {
                let slot = Slot {
                    record: Arc::new(record),
                    hot: OnceLock::new(),
                };
                (Arc::from(id), slot)
            })
            .collect();
        Ok(())
    }

    /// The slot of the game `id`; a partial state notes a game it does not
    /// hold as missed.
    fn slot(&self, id: &str) -> Option<&Slot> {
        let slot = self.games.get(id);
        if slot.is_none() && self.loaded.is_some() {
            self.missed.0.store(true, Ordering::Relaxed);
        }
        slot
    }

    /// The leaves of a player of a tournament.
    pub fn leaves(&self, tournament: &str, player: &str) -> Vec<Days> {
        self.note_held(tournament);
        self.players
            .get(&leave::key(tournament, player))
            .map(|e| leave::leaves(e))
            .unwrap_or_default()
    }

    /// Whether the player ended a leave by `LEAVE END` on `day` (his
    /// partners were told then, III.7.3).
    pub fn leave_ended_on(&self, tournament: &str, player: &str, day: chrono::NaiveDate) -> bool {
        self.players
            .get(&leave::key(tournament, player))
            .is_some_and(|e| e.contains(&PlayerEvent::LeaveEnded { on: day }))
    }

    /// Whether the state holds the game `id`.
    pub fn has_game(&self, id: &str) -> bool {
        self.slot(id).is_some()
    }

    /// The game `id` of `league`, replayed from its record the first time
    /// and kept; `None` when the state does not hold it.
    pub fn game(&self, league: &League, id: &str) -> Option<&Game> {
        let (t, spec) = league.game(id)?;
        self.hot(t, spec).map(|hot| &hot.game)
    }

    /// The game `spec` of `t`, replayed from its record the first time and
    /// kept (a game the state does not hold is a new one, not kept).
    pub fn get(&self, t: &Tournament, spec: &GameSpec) -> Cow<'_, Game> {
        match self.hot(t, spec) {
            Some(hot) => Cow::Borrowed(&hot.game),
            None => Cow::Owned(self.replay(t, spec, &Record::default()).game),
        }
    }

    /// The game `spec` of `t` for a look over many games: the kept one, or
    /// one replayed for the caller and not kept.
    pub fn peek(&self, t: &Tournament, spec: &GameSpec) -> Cow<'_, Game> {
        match self.slot(&spec.id) {
            Some(slot) => match slot.hot.get() {
                Some(hot) => Cow::Borrowed(&hot.game),
                None => Cow::Owned(self.replay(t, spec, &slot.record).game),
            },
            None => Cow::Owned(self.replay(t, spec, &Record::default()).game),
        }
    }

    /// The games of `t`, in order, as [`State::peek`] gives them.
    pub fn games_of(&self, t: &Tournament) -> Vec<Cow<'_, Game>> {
        t.games.iter().map(|spec| self.peek(t, spec)).collect()
    }

    /// Every game of `league`, in its order, as [`State::peek`] gives
    /// them: going over 100k games holds one at a time.
    pub fn each_game<'s>(
        &'s self,
        league: &'s League,
    ) -> impl Iterator<Item = (&'s Tournament, &'s GameSpec, Cow<'s, Game>)> + 's {
        league
            .games()
            .map(move |(t, spec)| (t, spec, self.peek(t, spec)))
    }

    /// Whether the game's opening mail went out, read from its record
    /// without replaying it.
    pub fn opened(&self, id: &str) -> bool {
        let Some(slot) = self.slot(id) else {
            return false;
        };
        match slot.hot.get() {
            Some(hot) => hot.game.opened.is_some(),
            None => slot.record.has_opened(),
        }
    }

    /// [`State::peek`] with the stored events of the game that did not
    /// replay (written by a faulty version): the game is shown as far as
    /// its other events go, and every other game works as usual.
    pub fn peek_damaged(
        &self,
        t: &Tournament,
        spec: &GameSpec,
    ) -> (Cow<'_, Game>, Vec<ReplayError>) {
        match self.slot(&spec.id) {
            Some(slot) => match slot.hot.get() {
                Some(hot) => (Cow::Borrowed(&hot.game), hot.damaged.clone()),
                None => {
                    let hot = self.replay(t, spec, &slot.record);
                    (Cow::Owned(hot.game), hot.damaged)
                }
            },
            None => (self.peek(t, spec), Vec::new()),
        }
    }

    fn hot(&self, t: &Tournament, spec: &GameSpec) -> Option<&Hot> {
        let slot = self.slot(&spec.id)?;
        Some(slot.hot.get_or_init(|| {
            self.hot.0.fetch_add(1, Ordering::Relaxed);
            Box::new(self.replay(t, spec, &slot.record))
        }))
    }

    /// A game replayed from its record; an event that does not fit is
    /// skipped and kept with it (and logged), so that one damaged game
    /// never keeps the others from working.
    fn replay(&self, t: &Tournament, spec: &GameSpec, record: &Record) -> Hot {
        let leaves = [
            self.leaves(&t.id, &spec.white),
            self.leaves(&t.id, &spec.black),
        ];
        let mut game = Game::new(t, spec, leaves);
        game.replaying(true);
        let mut damaged = Vec::new();
        match Record::read(record.bytes()) {
            Some(read) => {
                game.reserve(read.moves);
                read.each(|event| {
                    if let Err(e) = game.apply(event) {
                        tracing::error!(error = %e, "stored event skipped: the store was written by a faulty version");
                        damaged.push(e);
                    }
                });
            }
            None => damaged.push(ReplayError::Misfit {
                game: spec.id.clone(),
                ply: 0,
                event: "record",
                why: "the packed record is damaged",
            }),
        }
        game.shrink();
        game.replaying(false);
        Hot { game, damaged }
    }

    /// Drops every kept game but `keep` once more than `limit` are kept: they are replayed again when needed.
    fn cool(&mut self, limit: usize, keep: impl Fn(&str) -> bool) {
        if *self.hot.0.get_mut() <= limit {
            return;
        }
        let mut kept = 0;
        for (id, slot) in &mut self.games {
            if slot.hot.get().is_none() {
                continue;
            }
            if keep(id) {
                kept += 1;
            } else {
                slot.hot = OnceLock::new();
            }
        }
        *self.hot.0.get_mut() = kept;
    }

    /// Drops every kept game (after a leave, which changes their days).
    fn cool_all(&mut self) {
        for slot in self.games.values_mut() {
            slot.hot = OnceLock::new();
        }
        *self.hot.0.get_mut() = 0;
    }

    /// Checks that a decision's events apply, on copies of the games they
    /// touch (one copy per game, whatever the number of games stored); the
    /// copies are what [`State::install`] puts in place.
    ///
    /// # Errors
    /// The first [`ReplayError`]: the decision must not be committed.
    pub fn check(
        &self,
        league: &League,
        game_events: &[(String, Event)],
    ) -> Result<Checked, ReplayError> {
        let mut games: BTreeMap<String, Game> = BTreeMap::new();
        for (id, event) in game_events {
            let game = match games.entry(id.clone()) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(v) => {
                    // a copy of the kept game, or the game replayed (and
                    // kept or not by `install`)
                    let (t, spec) = league
                        .game(id)
                        .filter(|_| self.slot(id).is_some())
                        .ok_or_else(|| ReplayError::UnknownGame(id.clone()))?;
                    v.insert(self.peek(t, spec).into_owned())
                }
            };
            game.apply(event)?;
        }
        Ok(Checked { games })
    }

    /// Puts a checked decision in place: the games as [`State::check`] left
    /// them, the events recorded, the players' events applied.
    pub fn install(
        &mut self,
        checked: Checked,
        game_events: &[(String, Event)],
        player_events: &[(String, PlayerEvent)],
    ) {
        for (id, event) in game_events {
            if let Some(slot) = self.games.get_mut(id.as_str()) {
                Arc::make_mut(&mut slot.record).push(event);
            }
        }
        for (key, event) in player_events {
            self.players
                .entry(key.clone())
                .or_default()
                .push(event.clone());
        }
        if !player_events.is_empty() {
            // leaves change the days of past moves: every game is replayed
            // from its record when next needed
            self.cool_all();
            return;
        }
        self.keep(HOT_GAMES, checked);
    }

    /// Keeps the games of a checked decision, as many as `limit` allows
    /// (those kept already are kept in any case).
    fn keep(&mut self, limit: usize, checked: Checked) {
        self.cool(limit, |id| checked.games.contains_key(id));
        let count = self.hot.0.get_mut();
        for (id, game) in checked.games {
            let Some(slot) = self.games.get_mut(id.as_str()) else {
                continue;
            };
            let damaged = match slot.hot.take() {
                Some(hot) => hot.damaged,
                // a decision over more games than are kept (a timer pass)
                // leaves the others to be replayed when needed
                None if *count >= limit => continue,
                None => {
                    *count += 1;
                    Vec::new()
                }
            };
            let _ = slot.hot.set(Box::new(Hot { game, damaged }));
        }
    }

    /// Applies a decision's events: [`State::check`], then
    /// [`State::install`]; a decision applies whole or not at all.
    ///
    /// # Errors
    /// A [`ReplayError`] when a game event does not fit; then nothing changed.
    pub fn apply(
        &mut self,
        league: &League,
        game_events: &[(String, Event)],
        player_events: &[(String, PlayerEvent)],
    ) -> Result<(), ReplayError> {
        let checked = self.check(league, game_events)?;
        self.install(checked, game_events, player_events);
        Ok(())
    }

    /// Brings `snapshot`, a copy of the state before a commit, up to `self`
    /// after it: only the games the commit's events touched are copied, so
    /// the cost does not grow with the number of games stored. Player
    /// events (leaves) change every game: then the whole state is copied.
    pub fn publish(
        &self,
        snapshot: &mut State,
        game_events: &[(String, Event)],
        player_events: &[(String, PlayerEvent)],
    ) {
        if !player_events.is_empty() {
            snapshot.clone_from(self);
            return;
        }
        let mut done: Vec<&str> = Vec::new();
        for (id, _) in game_events {
            if done.contains(&id.as_str()) {
                continue;
            }
            done.push(id);
            match self.games.get_key_value(id.as_str()) {
                Some((key, slot)) => {
                    let was_hot = snapshot
                        .games
                        .insert(key.clone(), slot.clone())
                        .is_some_and(|old| old.hot.get().is_some());
                    let is_hot = slot.hot.get().is_some();
                    let count = snapshot.hot.0.get_mut();
                    *count = (*count + usize::from(is_hot)).saturating_sub(usize::from(was_hot));
                }
                None => {
                    snapshot.games.remove(id.as_str());
                }
            }
        }
        snapshot.cool(HOT_GAMES, |id| done.contains(&id));
    }

    /// Puts a game's state in place as it is, with no record (tests that
    /// set up a position no events make).
    #[cfg(test)]
    pub fn put_game(&mut self, id: &str, game: Game) {
        let slot = self.games.entry(Arc::from(id)).or_default();
        slot.hot = OnceLock::from(Box::new(Hot {
            game,
            damaged: Vec::new(),
        }));
        *self.hot.0.get_mut() += 1;
    }
}

/// A game's events packed into one buffer: a move (or a held move) in a
/// dozen bytes (its tag, draw offer, day, UCI), any other event as its
/// JSON. A store of 100k games keeps its 700k events in a few MiB rather
/// than one allocation each.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record(Vec<u8>);

const JSON: u8 = 0;
const MOVED: u8 = 1;
const HELD: u8 = 2;

impl Record {
    fn of<'e>(events: impl Iterator<Item = &'e Event>) -> Record {
        let mut record = Record::default();
        for event in events {
            record.push(event);
        }
        record.0.shrink_to_fit();
        record
    }

    fn push(&mut self, event: &Event) {
        /// A held move with variant moves goes as JSON, whole.
        fn held_with_variant(event: &Event) -> bool {
            matches!(event, Event::Held { accepted, offered, .. }
                if !accepted.is_empty() || !offered.is_empty())
        }
        let bytes = &mut self.0;
        match event {
            Event::Moved {
                uci,
                sent,
                draw_offer,
            }
            | Event::Held {
                uci,
                sent,
                draw_offer,
                ..
            } if uci.len() <= usize::from(u8::MAX) && !held_with_variant(event) => {
                bytes.push(if matches!(event, Event::Moved { .. }) {
                    MOVED
                } else {
                    HELD
                });
                bytes.push(u8::from(*draw_offer));
                bytes.extend_from_slice(&chrono::Datelike::num_days_from_ce(sent).to_le_bytes());
                bytes.push(uci.len() as u8);
                bytes.extend_from_slice(uci.as_bytes());
            }
            _ => {
                let json = serde_json::to_vec(event).expect("plain data always serialises");
                bytes.push(JSON);
                bytes.extend_from_slice(&(json.len() as u32).to_le_bytes());
                bytes.extend_from_slice(&json);
            }
        }
    }

    /// Whether an `Opened` event is among the events (read without
    /// decoding them).
    fn has_opened(&self) -> bool {
        let mut rest = self.0.as_slice();
        while let Some((&tag, tail)) = rest.split_first() {
            let len = if tag == JSON {
                let Some(len) = tail.get(..4).and_then(|b| b.try_into().ok()) else {
                    return false;
                };
                let len = u32::from_le_bytes(len) as usize;
                if tail
                    .get(4..)
                    .is_some_and(|json| json.starts_with(br#"{"event":"opened""#))
                {
                    return true;
                }
                4 + len
            } else {
                let Some(&len) = tail.get(5) else {
                    return false;
                };
                6 + usize::from(len)
            };
            rest = tail.get(len..).unwrap_or_default();
        }
        false
    }

    /// The events, in order.
    pub fn events(&self) -> Vec<Event> {
        Record::decode(&self.0).expect("written by push")
    }

    /// A record of `events`.
    pub fn of_events(events: &[Event]) -> Record {
        Record::of(events.iter())
    }

    /// Appends an event.
    pub fn append(&mut self, event: &Event) {
        self.push(event);
    }

    /// The packed bytes (what the store keeps).
    pub fn bytes(&self) -> &[u8] {
        &self.0
    }

    /// A record of bytes as [`Record::bytes`] gives them, its frame checked
    /// (every event's tag and length, every move's day and text); `None`
    /// when it is damaged. The JSON events are decoded when the game is
    /// replayed, which names a game whose event does not decode as damaged
    /// (a store of 100k games opens without decoding them all).
    pub fn from_packed(bytes: &[u8]) -> Option<Record> {
        Record::frame(bytes, |_| Some(())).map(|_| Record(bytes.to_vec()))
    }

    /// Packed bytes checked (any bytes are read, none panic), their JSON
    /// events decoded, ready to be gone through in order without an
    /// allocation a move ([`Read::each`]); `None` when they are damaged.
    fn read(bytes: &[u8]) -> Option<Read<'_>> {
        let mut json = Vec::new();
        let moves = Record::frame(bytes, |text| {
            json.push(serde_json::from_slice(text).ok()?);
            Some(())
        })?;
        Some(Read { bytes, json, moves })
    }

    /// Walks packed bytes' frame, each JSON event's text given to `json`;
    /// how many moves they hold, or `None` when they (or `json`) fail.
    fn frame(bytes: &[u8], mut json: impl FnMut(&[u8]) -> Option<()>) -> Option<usize> {
        let mut moves = 0;
        let mut rest = bytes;
        while let Some((&tag, tail)) = rest.split_first() {
            rest = tail;
            let len = match tag {
                JSON => {
                    let len = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
                    json(rest.get(4..4 + len)?)?;
                    4 + len
                }
                MOVED | HELD => {
                    let days = i32::from_le_bytes(rest.get(1..5)?.try_into().ok()?);
                    chrono::NaiveDate::from_num_days_from_ce_opt(days)?;
                    let len = usize::from(*rest.get(5)?);
                    std::str::from_utf8(rest.get(6..6 + len)?).ok()?;
                    moves += usize::from(tag == MOVED);
                    6 + len
                }
                _ => return None,
            };
            rest = &rest[len..];
        }
        Some(moves)
    }

    /// The events of packed bytes, in order; `None` when they are damaged
    /// (they come from the store: any bytes are read, none panic).
    pub fn decode(bytes: &[u8]) -> Option<Vec<Event>> {
        let read = Record::read(bytes)?;
        let mut out = Vec::with_capacity(read.moves + read.json.len());
        read.each(|event| out.push(event.clone()));
        Some(out)
    }
}

/// Packed bytes [`Record::read`] checked.
struct Read<'b> {
    bytes: &'b [u8],
    /// The JSON events, decoded, in order.
    json: Vec<Event>,
    /// How many moves (not held ones).
    moves: usize,
}

impl Read<'_> {
    /// Calls `each` with every event in order; the moves are written into
    /// one event, its UCI's buffer reused.
    fn each(self, mut each: impl FnMut(&Event)) {
        let mut json = self.json.into_iter();
        let mut moved = Event::Moved {
            uci: String::new(),
            sent: chrono::NaiveDate::MIN,
            draw_offer: false,
        };
        let mut rest = self.bytes;
        while let Some((&tag, tail)) = rest.split_first() {
            if tag == JSON {
                let len = u32::from_le_bytes(tail[..4].try_into().expect("checked")) as usize;
                rest = &tail[4 + len..];
                if let Some(event) = json.next() {
                    each(&event);
                }
                continue;
            }
            let days = i32::from_le_bytes(tail[1..5].try_into().expect("checked"));
            let on = chrono::NaiveDate::from_num_days_from_ce_opt(days).expect("checked");
            let len = usize::from(tail[5]);
            let text = std::str::from_utf8(&tail[6..6 + len]).expect("checked");
            let offer = tail[0] == 1;
            rest = &tail[6 + len..];
            if tag == MOVED {
                if let Event::Moved {
                    uci,
                    sent,
                    draw_offer,
                } = &mut moved
                {
                    uci.clear();
                    uci.push_str(text);
                    *sent = on;
                    *draw_offer = offer;
                }
                each(&moved);
            } else {
                each(&Event::Held {
                    uci: text.to_string(),
                    sent: on,
                    draw_offer: offer,
                    accepted: vec![],
                    offered: vec![],
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::referee::leave::PlayerEvent;

    /// A leave of the tournament's first player, 12-14 May.
    fn leave_of_p0() -> Vec<(String, PlayerEvent)> {
        vec![(
            crate::referee::leave::key("T", "p0"),
            PlayerEvent::Leave {
                from: "2026-05-12".parse().unwrap(),
                to: "2026-05-14".parse().unwrap(),
                on: "2026-05-11".parse().unwrap(),
                by_director: false,
            },
        )]
    }

    fn league() -> League {
        league_of(&["T"])
    }

    /// Tournaments of the ids `ids`, each of four players and two games.
    fn league_of(ids: &[&str]) -> League {
        let mut text = String::from(
            "[gateway]\naddress = \"arbiter@example.test\"\nstate = \"state\"\n\n[inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n\
             [outbox]\nkind = \"file\"\npath = \"sent\"\n",
        );
        for t in ids {
            text.push_str(&format!(
                "\n[[tournament]]\nid = \"{t}\"\nname = \"{t}\"\nstart = \"2026-05-10\"\ndirector = \"td@example.test\"\n"
            ));
            for p in 0..4 {
                // an address is one player's: T's players are P0-P3
                let mailbox = if *t == "T" { "P" } else { t };
                text.push_str(&format!(
                    "\n[[tournament.player]]\nid = \"p{p}\"\nname = \"P{p}, X\"\nemail = [\"{mailbox}{p}@Example.test\"]\n"
                ));
            }
            for g in 0..2 {
                text.push_str(&format!(
                    "\n[[tournament.game]]\nwhite = \"p{}\"\nblack = \"p{}\"\n",
                    2 * g,
                    2 * g + 1
                ));
            }
        }
        Config::parse(&text, std::path::Path::new("/tmp"), false)
            .unwrap()
            .league
    }

    fn moved(uci: &str) -> Event {
        Event::Moved {
            uci: uci.into(),
            sent: "2026-05-11".parse().unwrap(),
            draw_offer: false,
        }
    }

    #[test]
    fn the_snapshot_published_after_a_commit_is_the_state_itself() {
        let league = league();
        let mut state =
            State::build(&league, |_| Ok::<_, ReplayError>(vec![]), |_| Ok(vec![])).unwrap();
        let mut snapshot = state.clone();
        for events in [
            vec![("T/1".to_string(), moved("e2e4"))],
            vec![
                ("T/2".to_string(), moved("d2d4")),
                ("T/1".to_string(), moved("e7e5")),
            ],
        ] {
            state.apply(&league, &events, &[]).unwrap();
            state.publish(&mut snapshot, &events, &[]);
            assert_eq!(format!("{snapshot:?}"), format!("{state:?}"));
            assert_eq!(games(&snapshot, &league), games(&state, &league));
        }
        let leave = leave_of_p0();
        state.apply(&league, &[], &leave).unwrap();
        state.publish(&mut snapshot, &[], &leave);
        assert_eq!(format!("{snapshot:?}"), format!("{state:?}"));
        assert_eq!(games(&snapshot, &league), games(&state, &league));
    }

    #[test]
    fn a_packed_record_gives_back_every_event_as_stored() {
        let on: chrono::NaiveDate = "2026-05-12".parse().unwrap();
        let events = vec![
            Event::Opened { on },
            moved("e2e4"),
            Event::Moved {
                uci: "e7e8q".into(),
                sent: "1999-12-31".parse().unwrap(),
                draw_offer: true,
            },
            Event::Penalty {
                side: crate::referee::game::Side::Black,
                days: 5,
                on,
                reason: "impossible move «Кf9»".to_string().into(),
            },
            Event::Suspended {
                side: crate::referee::game::Side::White,
                on,
                used: 41,
                allowance: 40,
                control: 10,
                interrupts: false,
            },
            Event::Held {
                uci: "g1f3".into(),
                sent: on,
                draw_offer: true,
                accepted: vec![],
                offered: vec![],
            },
            Event::Held {
                uci: "x".repeat(300),
                sent: on,
                draw_offer: false,
                accepted: vec![],
                offered: vec![],
            },
            Event::Held {
                uci: "g1f3".into(),
                sent: on,
                draw_offer: false,
                accepted: vec!["e2e4".into(), "e7e5".into()],
                offered: vec!["b8c6".into(), "f1c4".into()],
            },
            Event::Forwarded { on },
            Event::ClaimRejected { on },
            Event::Reminded { on },
        ];
        let mut record = Record::of(events[..3].iter());
        for event in &events[3..] {
            record.push(event);
        }
        assert_eq!(record.events(), events);
        assert!(Record::default().events().is_empty());
        // gone through in order without decoding them into a list: the same
        let read = Record::read(record.bytes()).unwrap();
        assert_eq!(read.moves, 2);
        let mut seen = Vec::new();
        read.each(|e| seen.push(e.clone()));
        assert_eq!(seen, events);
        // damaged bytes: nothing to go through, as nothing decodes
        for cut in [1, 7, record.bytes().len() - 1] {
            let bytes = &record.bytes()[..cut];
            assert_eq!(
                Record::read(bytes).is_none(),
                Record::decode(bytes).is_none(),
                "{cut}"
            );
        }
        assert!(Record::read(&[9, 0, 0]).is_none());
    }

    /// A store opens without decoding every JSON event: a record whose
    /// frame is whole but whose event does not decode is kept, and the
    /// game is named damaged when replayed; a broken frame is refused.
    #[test]
    fn a_record_whose_event_does_not_decode_opens_and_replays_as_damaged() {
        let mut bytes = Record::of([moved("e2e4")].iter()).bytes().to_vec();
        bytes.push(JSON);
        bytes.extend(3u32.to_le_bytes());
        bytes.extend(b"{x}");
        let record = Record::from_packed(&bytes).expect("the frame is whole");
        assert!(Record::decode(&bytes).is_none());
        assert!(Record::from_packed(&bytes[..bytes.len() - 1]).is_none());
        assert!(Record::from_packed(&[9, 0, 0]).is_none());
        let league = league();
        let state = State::from_records(
            &league,
            |id| {
                Ok::<_, ReplayError>(if id == "T/1" {
                    record.clone()
                } else {
                    Record::default()
                })
            },
            |_| Ok(vec![]),
        )
        .unwrap();
        let (t, spec) = league.game("T/1").unwrap();
        let (_, damaged) = state.peek_damaged(t, spec);
        assert_eq!(damaged.len(), 1, "{damaged:?}");
        let (t, spec) = league.game("T/2").unwrap();
        assert!(state.peek_damaged(t, spec).1.is_empty());
    }

    #[test]
    fn ii_5_leave_replays_the_games_from_the_packed_record_as_from_the_store() {
        // a leave replays every game from the record kept in memory: the
        // same state as one built from the store with the leave in it
        let league = league();
        let events = vec![
            ("T/1".to_string(), moved("e2e4")),
            ("T/1".to_string(), moved("e7e5")),
            ("T/2".to_string(), moved("d2d4")),
            (
                "T/1".to_string(),
                Event::Moved {
                    uci: "g1f3".into(),
                    sent: "2026-05-16".parse().unwrap(),
                    draw_offer: true,
                },
            ),
        ];
        let leave = leave_of_p0();
        let mut state =
            State::build(&league, |_| Ok::<_, ReplayError>(vec![]), |_| Ok(vec![])).unwrap();
        state.apply(&league, &events, &[]).unwrap();
        state.apply(&league, &[], &leave).unwrap();
        let of = |id: &str| of_game(&events, id);
        let built = State::build(
            &league,
            |id| Ok::<_, ReplayError>(of(id)),
            |key| {
                Ok(if key == leave[0].0 {
                    vec![leave[0].1.clone()]
                } else {
                    vec![]
                })
            },
        )
        .unwrap();
        assert_eq!(format!("{state:?}"), format!("{built:?}"));
        assert_eq!(games(&state, &league), games(&built, &league));
        assert_eq!(
            built.game(&league, "T/1").unwrap().plies[2].leave_days,
            3,
            "12 to 14 May"
        );
    }

    /// The events of game `id` among `events`.
    fn of_game(events: &[(String, Event)], id: &str) -> Vec<Event> {
        events
            .iter()
            .filter(|(g, _)| g == id)
            .map(|(_, e)| e.clone())
            .collect()
    }

    /// Every game of the state as it shows it.
    fn games(state: &State, league: &League) -> String {
        state
            .each_game(league)
            .map(|(_, _, game)| format!("{game:?}\n"))
            .collect()
    }

    #[test]
    fn games_are_replayed_when_first_needed_kept_and_dropped_past_the_limit() {
        // a state built from records replays nothing; a game asked for is
        // replayed and kept; past the limit a decision keeps only its own
        // games, and the others are replayed again, the same, when needed
        let league = league();
        let events = vec![
            (
                "T/1".to_string(),
                Event::Opened {
                    on: "2026-05-10".parse().unwrap(),
                },
            ),
            ("T/1".to_string(), moved("e2e4")),
            ("T/2".to_string(), moved("d2d4")),
            ("T/1".to_string(), moved("e7e5")),
        ];
        let mut kept =
            State::build(&league, |_| Ok::<_, ReplayError>(vec![]), |_| Ok(vec![])).unwrap();
        kept.apply(&league, &events, &[]).unwrap();
        let all = games(&kept, &league);
        let of = |id: &str| of_game(&events, id);
        let mut cold =
            State::build(&league, |id| Ok::<_, ReplayError>(of(id)), |_| Ok(vec![])).unwrap();
        assert_eq!(*cold.hot.0.get_mut(), 0, "nothing replayed at the start");
        assert!(
            cold.opened("T/1") && !cold.opened("T/2"),
            "read from the records"
        );
        assert_eq!(games(&cold, &league), all);
        assert_eq!(
            *cold.hot.0.get_mut(),
            0,
            "a look over every game keeps none"
        );
        assert_eq!(cold.game(&league, "T/1").unwrap().plies.len(), 2);
        assert_eq!(cold.game(&league, "T/2").unwrap().plies.len(), 1);
        assert_eq!(*cold.hot.0.get_mut(), 2);
        assert!(
            cold.opened("T/1") && !cold.opened("T/2"),
            "read from the games"
        );
        cold.cool(1, |id| id == "T/2");
        assert_eq!(*cold.hot.0.get_mut(), 1);
        assert!(cold.games["T/1"].hot.get().is_none() && cold.games["T/2"].hot.get().is_some());
        cold.apply(&league, &[("T/1".to_string(), moved("g1f3"))], &[])
            .unwrap();
        kept.apply(&league, &[("T/1".to_string(), moved("g1f3"))], &[])
            .unwrap();
        assert_eq!(games(&cold, &league), games(&kept, &league));
        // a decision over more games than the limit keeps what it can: the
        // check keeps none, the others stay records, and read the same
        let mut few =
            State::build(&league, |id| Ok::<_, ReplayError>(of(id)), |_| Ok(vec![])).unwrap();
        let both = [
            ("T/1".to_string(), moved("g1f3")),
            ("T/2".to_string(), moved("d7d5")),
        ];
        let checked = few.check(&league, &both).unwrap();
        assert_eq!(*few.hot.0.get_mut(), 0, "checking keeps nothing");
        for (id, event) in &both {
            Arc::make_mut(&mut few.games.get_mut(id.as_str()).unwrap().record).push(event);
        }
        few.keep(1, checked);
        assert_eq!(*few.hot.0.get_mut(), 1);
        kept.apply(&league, &both[1..], &[]).unwrap();
        assert_eq!(games(&few, &league), games(&kept, &league));
    }

    #[test]
    fn games_and_players_are_found_by_id_and_address_whatever_the_case() {
        let league = league();
        let (t, g) = league.game("T/2").unwrap();
        assert_eq!((t.id.as_str(), g.white.as_str()), ("T", "p2"));
        assert!(league.game("T/3").is_none());
        let found = league.players_at("P3@EXAMPLE.test");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1.id, "p3");
        assert!(league.players_at("nobody@example.test").is_empty());
        assert_eq!(t.player("p1").unwrap().name, "P1, X");
        assert_eq!(league.directed_by("td@example.test").len(), 1);
        assert_eq!(league.tournament("T").unwrap().players.len(), 4);
    }

    #[test]
    fn a_partial_state_reads_tournaments_as_asked_and_notes_every_look_past_them() {
        let league = league_of(&["T", "U"]);
        let stored = |id: &str| match id {
            "T/1" => vec![moved("e2e4")],
            "U/1" => vec![moved("d2d4")],
            _ => vec![],
        };
        let records = |ids: &[&str]| {
            Ok::<_, ReplayError>(
                ids.iter()
                    .map(|id| Record::of_events(&stored(id)))
                    .collect(),
            )
        };
        let (t, u) = (&league.tournaments[0], &league.tournaments[1]);
        let mut asked = Vec::new();
        let mut state = State::partial();
        state
            .load(
                &league,
                [t],
                |ids| {
                    asked.extend(ids.iter().map(|id| id.to_string()));
                    records(ids)
                },
                |_| Ok(vec![]),
            )
            .unwrap();
        assert_eq!(asked, ["T/1", "T/2"], "only the games of T are read");
        assert!(state.holds(t) && !state.holds(u) && !state.holds_all(&league));
        // a look at T is no miss
        assert_eq!(state.get(t, &t.games[0]).plies.len(), 1);
        assert!(state.leaves("T", "p0").is_empty());
        assert!(!state.take_missed());
        // every kind of look at U is one, and is noted once
        let looks: [&dyn Fn(&State); 6] = [
            &|s| {
                let _ = s.get(u, &u.games[0]);
            },
            &|s| {
                let _ = s.peek(u, &u.games[0]);
            },
            &|s| {
                let _ = s.opened("U/1");
            },
            &|s| {
                let _ = s.has_game("U/2");
            },
            &|s| {
                let _ = s.leaves("U", "p1");
            },
            &|s| {
                let _ = s.check(&league, &[("U/1".into(), moved("d7d5"))]);
            },
        ];
        for look in looks {
            look(&state);
            assert!(state.take_missed());
            assert!(!state.take_missed(), "the note is cleared once taken");
        }
        assert!(!state.holds_players(&leave_of_u()));
        assert!(state.take_missed());
        // a decision made on T in memory stays when U is read in
        state
            .apply(&league, &[("T/1".into(), moved("e7e5"))], &[])
            .unwrap();
        state
            .load(&league, &league.tournaments, records, |_| Ok(vec![]))
            .unwrap();
        assert!(state.holds_all(&league));
        assert_eq!(state.get(t, &t.games[0]).plies.len(), 2);
        assert_eq!(state.get(u, &u.games[0]).plies.len(), 1);
        assert!(state.holds_players(&leave_of_u()));
        assert!(!state.take_missed());
        // a game the league does not have is new in a whole state, not a miss
        assert!(!state.has_game("V/1") && !state.take_missed());
    }

    fn leave_of_u() -> Vec<(String, PlayerEvent)> {
        let mut leave = leave_of_p0();
        leave[0].0 = crate::referee::leave::key("U", "p0");
        leave
    }
}
