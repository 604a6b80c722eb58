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
    /// Each game's events, by game id, packed ([`Record`]): kept only to
    /// replay the games when a leave changes their days.
    events: BTreeMap<String, Record>,
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
        for (t, spec) in league.games() {
            let events = game_events(&spec.id)?;
            let leaves = [
                state.leaves(&t.id, &spec.white),
                state.leaves(&t.id, &spec.black),
            ];
            let game = state.replay(t, spec, leaves, events.iter());
            state.games.insert(spec.id.clone(), game);
            if !events.is_empty() {
                state
                    .events
                    .insert(spec.id.clone(), Record::of(events.iter()));
            }
        }
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
            let events: Vec<Event> = self
                .events
                .get(&spec.id)
                .map(Record::events)
                .unwrap_or_default();
            let game = self.replay(t, spec, leaves, events.iter());
            self.games.insert(spec.id.clone(), game);
        }
    }

    /// A game replayed from its events; one that does not fit is skipped
    /// and recorded in [`State::damaged`].
    fn replay<'e>(
        &mut self,
        t: &crate::referee::tournament::Tournament,
        spec: &crate::referee::tournament::GameSpec,
        leaves: [Vec<Days>; 2],
        events: impl Iterator<Item = &'e Event>,
    ) -> Game {
        let mut game = Game::new(t, spec, leaves);
        for event in events {
            if let Err(e) = game.apply(event) {
                tracing::error!(error = %e, "stored event skipped: the store was written by a faulty version");
                self.damaged.entry(spec.id.clone()).or_default().push(e);
            }
        }
        game.shrink();
        game
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
            self.events.entry(id.clone()).or_default().push(event);
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

    /// Brings `snapshot`, a copy of the state before a commit, up to `self`
    /// after it: only the games the commit's events touched are copied, so
    /// the cost does not grow with the number of games stored. Player
    /// events (leaves) replay every game: then the whole state is copied.
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
            match self.games.get(id) {
                Some(game) => match snapshot.games.get_mut(id) {
                    Some(old) => old.clone_from(game),
                    None => {
                        snapshot.games.insert(id.clone(), game.clone());
                    }
                },
                None => {
                    snapshot.games.remove(id);
                }
            }
            match self.events.get(id) {
                Some(events) => {
                    snapshot.events.insert(id.clone(), events.clone());
                }
                None => {
                    snapshot.events.remove(id);
                }
            }
        }
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

    /// The events of packed bytes, in order; `None` when they are damaged
    /// (they come from the store: any bytes are read, none panic).
    pub fn decode(bytes: &[u8]) -> Option<Vec<Event>> {
        fn take<'b>(rest: &mut &'b [u8], n: usize) -> Option<&'b [u8]> {
            if rest.len() < n {
                return None;
            }
            let (head, tail) = rest.split_at(n);
            *rest = tail;
            Some(head)
        }
        let mut out = Vec::new();
        let mut rest = bytes;
        while let Some((&tag, tail)) = rest.split_first() {
            rest = tail;
            if tag == JSON {
                let len = u32::from_le_bytes(take(&mut rest, 4)?.try_into().ok()?);
                let json = take(&mut rest, len as usize)?;
                out.push(serde_json::from_slice(json).ok()?);
                continue;
            }
            if tag != MOVED && tag != HELD {
                return None;
            }
            let draw_offer = take(&mut rest, 1)?[0] == 1;
            let days = i32::from_le_bytes(take(&mut rest, 4)?.try_into().ok()?);
            let sent = chrono::NaiveDate::from_num_days_from_ce_opt(days)?;
            let len = usize::from(take(&mut rest, 1)?[0]);
            let uci = String::from_utf8(take(&mut rest, len)?.to_vec()).ok()?;
            out.push(if tag == MOVED {
                Event::Moved {
                    uci,
                    sent,
                    draw_offer,
                }
            } else {
                Event::Held {
                    uci,
                    sent,
                    draw_offer,
                    accepted: vec![],
                    offered: vec![],
                }
            });
        }
        Some(out)
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
        let mut text = String::from(
            "[gateway]\naddress = \"arbiter@example.test\"\nstate = \"state\"\n\n[inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n\
             [outbox]\nkind = \"file\"\npath = \"sent\"\n\n[[tournament]]\nid = \"T\"\nname = \"T\"\nstart = \"2026-05-10\"\n\
             director = \"td@example.test\"\n",
        );
        for p in 0..4 {
            text.push_str(&format!(
                "\n[[tournament.player]]\nid = \"p{p}\"\nname = \"P{p}, X\"\nemail = [\"P{p}@Example.test\"]\n"
            ));
        }
        for g in 0..2 {
            text.push_str(&format!(
                "\n[[tournament.game]]\nwhite = \"p{}\"\nblack = \"p{}\"\n",
                2 * g,
                2 * g + 1
            ));
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
        }
        let leave = leave_of_p0();
        state.apply(&league, &[], &leave).unwrap();
        state.publish(&mut snapshot, &[], &leave);
        assert_eq!(format!("{snapshot:?}"), format!("{state:?}"));
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
                reason: "impossible move «Кf9»".into(),
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
        let of = |id: &str| -> Vec<Event> {
            events
                .iter()
                .filter(|(g, _)| g == id)
                .map(|(_, e)| e.clone())
                .collect()
        };
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
        assert_eq!(built.games["T/1"].plies[2].leave_days, 3, "12 to 14 May");
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
}
