//! What the referee knows at a moment: every game's events and state, and
//! every player's events (leaves). Built from the store, changed by the
//! events of each decision.

use crate::referee::clock::Days;
use crate::referee::game::{Event, Game, ReplayError};
use crate::referee::leave::{self, PlayerEvent};
use crate::referee::tournament::League;
use std::collections::BTreeMap;

/// The games a decision touches, as its events leave them: made only by
/// [`State::check`], so holding one means the events apply.
#[derive(Debug, Default)]
pub struct Checked {
    games: BTreeMap<String, Game>,
}

#[derive(Debug, Clone, Default)]
pub struct State {
    /// Each game's state, by game id.
    pub games: BTreeMap<String, Game>,
    /// Each game's events, by game id.
    events: BTreeMap<String, Vec<Event>>,
    /// Each player's events, by `tournament/player`.
    pub players: BTreeMap<String, Vec<PlayerEvent>>,
    /// Stored events that did not replay (written by a faulty version), by
    /// game id: the game is shown as far as its other events go, and every
    /// other game works as usual.
    pub damaged: BTreeMap<String, Vec<ReplayError>>,
}

impl State {
    /// Builds the state of `league` from stored events.
    ///
    /// # Errors
    /// What reading the events fails with, or a [`ReplayError`] (as `E`).
    pub fn build<E: From<ReplayError>>(
        league: &League,
        mut game_events: impl FnMut(&str) -> Result<Vec<Event>, E>,
        mut player_events: impl FnMut(&str) -> Result<Vec<PlayerEvent>, E>,
    ) -> Result<State, E> {
        let mut state = State::default();
        for t in &league.tournaments {
            for p in &t.players {
                let key = leave::key(&t.id, &p.id);
                let events = player_events(&key)?;
                if !events.is_empty() {
                    state.players.insert(key, events);
                }
            }
        }
        for (_, spec) in league.games() {
            state.events.insert(spec.id.clone(), game_events(&spec.id)?);
        }
        state.replay_all(league);
        Ok(state)
    }

    /// The leaves of a player of a tournament.
    pub fn leaves(&self, tournament: &str, player: &str) -> Vec<Days> {
        self.players
            .get(&leave::key(tournament, player))
            .map(|e| leave::leaves(e))
            .unwrap_or_default()
    }

    /// Replays every game. An event that does not fit is skipped and
    /// recorded in [`State::damaged`] (and logged), so that one damaged game
    /// never keeps the others from working.
    fn replay_all(&mut self, league: &League) {
        self.damaged.clear();
        for (t, spec) in league.games() {
            let leaves = [
                self.leaves(&t.id, &spec.white),
                self.leaves(&t.id, &spec.black),
            ];
            let mut game = Game::new(t, spec, leaves);
            for event in self.events.get(&spec.id).into_iter().flatten() {
                if let Err(e) = game.apply(event) {
                    tracing::error!(error = %e, "stored event skipped: the store was written by a faulty version");
                    self.damaged.entry(spec.id.clone()).or_default().push(e);
                }
            }
            self.games.insert(spec.id.clone(), game);
        }
    }

    /// Checks that a decision's events apply, on copies of the games they
    /// touch (one copy per game, whatever the number of games stored); the
    /// copies are what [`State::install`] puts in place.
    ///
    /// # Errors
    /// The first [`ReplayError`]: the decision must not be committed.
    pub fn check(&self, game_events: &[(String, Event)]) -> Result<Checked, ReplayError> {
        let mut games: BTreeMap<String, Game> = BTreeMap::new();
        for (id, event) in game_events {
            let game = match games.entry(id.clone()) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(v) => {
                    let game = self
                        .games
                        .get(id)
                        .ok_or_else(|| ReplayError::UnknownGame(id.clone()))?;
                    v.insert(game.clone())
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
        league: &League,
        checked: Checked,
        game_events: &[(String, Event)],
        player_events: &[(String, PlayerEvent)],
    ) {
        self.games.extend(checked.games);
        for (id, event) in game_events {
            self.events
                .entry(id.clone())
                .or_default()
                .push(event.clone());
        }
        for (key, event) in player_events {
            self.players
                .entry(key.clone())
                .or_default()
                .push(event.clone());
        }
        if !player_events.is_empty() {
            // leaves change the days of past moves: replay every game
            self.replay_all(league);
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
        let checked = self.check(game_events)?;
        self.install(league, checked, game_events, player_events);
        Ok(())
    }

    /// The game's state after `events` of a decision, without changing `self`.
    ///
    /// # Errors
    /// A [`ReplayError`] when an event does not fit.
    pub fn game_after(
        &self,
        id: &str,
        events: &[(String, Event)],
    ) -> Result<Option<Game>, ReplayError> {
        let Some(mut game) = self.games.get(id).cloned() else {
            return Ok(None);
        };
        for (gid, event) in events {
            if gid == id {
                game.apply(event)?;
            }
        }
        Ok(Some(game))
    }
}
