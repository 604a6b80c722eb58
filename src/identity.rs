//! Game identity (DESIGN.md §9): the store remembers who plays each game
//! and the addresses of those players, and a config that disagrees with it
//! is refused before any mail is read, so that a move is never applied to
//! another game than the one it was made in.
//!
//! The record is kept as store facts, one per game and one per player of a
//! game:
//!
//! - `game:<game id>` → `{"white": "<player id>", "black": "<player id>"}`,
//!   with `"start": "<FEN>"` for a game from a start position
//! - `player:<tournament id>/<player id>` → `{"emails": ["<address>", …]}`
//! - `rules:<tournament id>` → the tournament's rule set (every value)
//!
//! [`review`] compares the config with them. What it finds:
//!
//! - **Refused** (the config is wrong for the store): a game that has events
//!   in the store (its opening mail, moves, a result) whose players differ
//!   from the stored ones (swapped colours, another player, blocks moved so
//!   that the numbers by place changed) or whose start position changed; a game with events that the config
//!   no longer names; a player of such a game who is gone from the config;
//!   a started tournament's rule set changed (its clocks and penalties
//!   would be counted anew under other numbers).
//! - **Applied with a warning**: a player's addresses changed (a player may
//!   move to another mailbox; the new list counts from then on, and mail
//!   from a dropped address is no longer taken as theirs); the players or
//!   the start position of a game that has nothing stored yet changed
//!   (pairings edited before the start).
//! - **Recorded**: games and players the store does not know yet (a new
//!   store, a game added, or a store written before identities were kept).
//!
//! The daemon writes the facts at start-up, in one flushed commit, after a
//! review with no refusals; `check` only reads them. With them goes the
//! fact `identity`, a [`digest`] of the config they agree with: a start with
//! the same config reads that one fact instead of every game's.

use crate::config::{Config, Problem};
use crate::referee::game::Event;
use crate::store::{Store, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The fact holding the [`digest`] of the config the record agrees with.
pub const DIGEST: &str = "identity";

/// A fingerprint of what the record keeps of `config`: every tournament's
/// rule set, every game's id, players and start position and every playing player's
/// addresses, in the config's order
/// (FNV-1a, 128 bits: it tells an unchanged config at a start in one read,
/// where a review reads the record of every game).
pub fn digest(config: &Config) -> String {
    let mut hash: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    let mut eat = |text: &str| {
        for byte in text.len().to_le_bytes().iter().chain(text.as_bytes()) {
            hash ^= u128::from(*byte);
            hash = hash.wrapping_mul(0x0000_0000_0100_0000_0000_0000_0000_013b);
        }
    };
    eat("identity 2");
    for t in &config.league.tournaments {
        eat(&t.id);
        eat(&encode(&t.rules));
        for g in &t.games {
            eat(&g.id);
            eat(&g.white);
            eat(&g.black);
            if let Some(start) = &g.start {
                eat("start_position");
                eat(start.fen());
            }
        }
        for p in &t.players {
            if t.games.iter().any(|g| g.color_of(&p.id).is_some()) {
                eat(&p.id);
                for email in &p.emails {
                    eat(email);
                }
            }
        }
    }
    format!("{hash:032x}")
}

/// The players of a game and its start position (its FEN, when not the
/// usual one), as the store keeps them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredGame {
    pub white: String,
    pub black: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

impl std::fmt::Display for StoredGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "white={} black={}", self.white, self.black)?;
        match &self.start {
            Some(fen) => write!(f, " start_position=\"{fen}\""),
            None => Ok(()),
        }
    }
}

/// The addresses of a player of a stored game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredPlayer {
    pub emails: Vec<String>,
}

/// The fact that holds the players of `game`.
pub fn game_key(game: &str) -> String {
    format!("game:{game}")
}

/// The fact that holds the rule set of `tournament`.
pub fn rules_key(tournament: &str) -> String {
    format!("rules:{tournament}")
}

/// The values two rule sets differ in: `days_per_control 60 → 50`.
fn rules_changes(
    stored: &crate::referee::rules::RuleSet,
    now: &crate::referee::rules::RuleSet,
) -> String {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(stored), serde_json::to_value(now))
    else {
        return String::new();
    };
    // every value either has (a new kind of clock is a key the other lacks)
    let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    let shown =
        |v: Option<&serde_json::Value>| v.map_or_else(|| "-".to_string(), ToString::to_string);
    keys.into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .map(|k| format!("{k} {} → {}", shown(a.get(k)), shown(b.get(k))))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The fact that holds the addresses of `player` of `tournament`.
pub fn player_key(tournament: &str, player: &str) -> String {
    format!("player:{tournament}/{player}")
}

/// What comparing the config with the store found.
#[derive(Debug, Default)]
pub struct Review {
    /// Disagreements for which the config is refused: a game's events would
    /// be taken for another game's, or lose their players.
    pub refusals: Vec<Problem>,
    /// Changes that `run` applies to the stored record, and logs.
    pub warnings: Vec<Problem>,
    /// Games the store did not know yet (recorded by `run`).
    pub recorded: Vec<String>,
    /// The facts `run` writes so that the store's record is the config's.
    pub facts: Vec<(String, String)>,
}

impl Review {
    pub fn is_refused(&self) -> bool {
        !self.refusals.is_empty()
    }
}

fn decode<T: for<'de> Deserialize<'de>>(key: &str, value: &str) -> Result<T, StoreError> {
    serde_json::from_str(value).map_err(|source| StoreError::Decode {
        key: key.to_string(),
        source,
    })
}

fn encode<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("plain data always serialises")
}

/// What the store holds of a game, in words: "3 moves", "finished, 27 moves",
/// "opening mail sent, no move yet".
fn stored_summary(events: &[Event]) -> String {
    let moves = events
        .iter()
        .filter(|e| matches!(e, Event::Moved { .. } | Event::VariantPlayed { .. }))
        .count();
    let finished = events.iter().any(|e| matches!(e, Event::Ended { .. }));
    let mut text = match moves {
        0 => "opening mail sent, no move yet".to_string(),
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    };
    if finished {
        text = format!("finished, {text}");
    }
    text
}

/// Compares the games and players of `config` with the store's record.
///
/// # Errors
/// On a storage failure or a damaged record.
pub fn review(config: &Config, store: &dyn Store) -> Result<Review, StoreError> {
    review_with(config, store, digest(config))
}

/// [`review`], with the [`digest`] of `config` worked out already (while
/// the store opened).
///
/// # Errors
/// On a storage failure or a damaged record.
pub fn review_with(
    config: &Config,
    store: &dyn Store,
    digest: String,
) -> Result<Review, StoreError> {
    let league = &config.league;
    let lines = &config.lines;
    let mut review = Review::default();
    // the config is the one the store's record was last made to agree
    // with: nothing to compare (the daemon only adds events to its games)
    if store.fact(DIGEST)?.as_deref() == Some(digest.as_str()) {
        return Ok(review);
    }
    let with_events: BTreeSet<String> = store.stored_games()?.into_iter().collect();
    let mut stored_games = BTreeMap::new();
    for (key, value) in store.facts("game:")? {
        let game: StoredGame = decode(&key, &value)?;
        stored_games.insert(key["game:".len()..].to_string(), game);
    }
    let mut stored_players = BTreeMap::new();
    for (key, value) in store.facts("player:")? {
        let player: StoredPlayer = decode(&key, &value)?;
        stored_players.insert(key["player:".len()..].to_string(), player);
    }
    let summary =
        |id: &str| -> Result<String, StoreError> { Ok(stored_summary(&store.events(id)?)) };

    for (t, spec) in league.games() {
        let now = StoredGame {
            white: spec.white.to_string(),
            black: spec.black.to_string(),
            start: spec.start.as_ref().map(|s| s.fen().to_string()),
        };
        let line = lines.game(&spec.id);
        match stored_games.get(&spec.id) {
            None => {
                review.recorded.push(spec.id.clone());
                review.facts.push((game_key(&spec.id), encode(&now)));
            }
            Some(stored) if *stored == now => {}
            Some(stored) if with_events.contains(&spec.id) => {
                // where the stored pairing went, if the config still has it
                let moved = t.games.iter().find(|g| {
                    g.id != spec.id && g.white == stored.white && g.black == stored.black
                });
                let hint = match (lines.pairing(&t.id), moved) {
                    (Some(line), _) => format!(
                        "; the games of tournament {} are generated from its players in \
                         their order (pairing at line {line}): put the players back in the \
                         order they had",
                        t.id
                    ),
                    (None, Some(g)) => format!(
                        "; the config has those players in game {}{}: if the blocks were \
                         moved, give that block `number = {}` (and every block its number)",
                        g.id,
                        lines
                            .game(&g.id)
                            .map_or_else(String::new, |l| format!(" (line {l})")),
                        spec.id.rsplit('/').next().unwrap_or_default()
                    ),
                    (None, None) => String::new(),
                };
                review.refusals.push(Problem {
                    column: None,
                    line,
                    message: format!(
                        "game {}: the store has {stored} ({}), the config says {now}{hint}",
                        spec.id,
                        summary(&spec.id)?
                    ),
                });
            }
            Some(stored) => {
                let players = (&stored.white, &stored.black) != (&now.white, &now.black);
                let what = match (players, stored.start != now.start) {
                    (true, true) => "its players and start position change",
                    (false, true) => "its start position changes",
                    _ => "its players change",
                };
                review.warnings.push(Problem {
                    column: None,
                    line,
                    message: format!(
                        "game {}: nothing is stored of it yet, so {what} from {stored} to {now}",
                        spec.id
                    ),
                });
                review.facts.push((game_key(&spec.id), encode(&now)));
            }
        }
    }

    let configured: BTreeSet<&str> = league.games().map(|(_, g)| g.id.as_str()).collect();
    let known: BTreeSet<&String> = stored_games.keys().chain(&with_events).collect();
    for id in known {
        if configured.contains(id.as_str()) || !with_events.contains(id) {
            // a game that has nothing stored may go (its record is left unused)
            continue;
        }
        let players = stored_games
            .get(id)
            .map_or_else(|| "players not recorded".into(), ToString::to_string);
        let tournament = id.rsplit_once('/').map_or("", |(t, _)| t);
        let (line, fix) = match lines.pairing(tournament) {
            Some(line) => (
                Some(line),
                "the pairing no longer makes it: put the tournament's players back as they were",
            ),
            None => (None, "put its [[tournament.game]] block back"),
        };
        review.refusals.push(Problem {
            column: None,
            line,
            message: format!(
                "game {id} is not in the config, but the store holds it ({players}, {}): {fix}",
                summary(id)?
            ),
        });
    }

    for t in &league.tournaments {
        let key = rules_key(&t.id);
        match store.fact(&key)? {
            None => review.facts.push((key, encode(&t.rules))),
            Some(value) => {
                let stored: crate::referee::rules::RuleSet = decode(&key, &value)?;
                if stored != t.rules {
                    let changes = rules_changes(&stored, &t.rules);
                    let line = t.games.first().and_then(|g| lines.game(&g.id));
                    if t.games.iter().any(|g| with_events.contains(&g.id)) {
                        review.refusals.push(Problem {
                            column: None,
                            line,
                            message: format!(
                                "tournament {}: its rules changed after it started ({changes}): \
                                 a started tournament keeps its rule set; put the values back",
                                t.id
                            ),
                        });
                    } else {
                        review.warnings.push(Problem {
                            column: None,
                            line,
                            message: format!(
                                "tournament {}: nothing is stored of its games yet, so its \
                                 rules change ({changes})",
                                t.id
                            ),
                        });
                        review.facts.push((key, encode(&t.rules)));
                    }
                }
            }
        }
    }
    for t in &league.tournaments {
        for p in &t.players {
            if !t.games.iter().any(|g| g.color_of(&p.id).is_some()) {
                continue;
            }
            let now = StoredPlayer {
                emails: p.emails.clone(),
            };
            match stored_players.get(&format!("{}/{}", t.id, p.id)) {
                Some(stored) if *stored == now => {}
                Some(stored) => {
                    review.warnings.push(Problem {
                        column: None,
                        line: lines.player(&t.id, &p.id),
                        message: format!(
                            "player {}/{}: addresses changed: {} → {}",
                            t.id,
                            p.id,
                            stored.emails.join(", "),
                            now.emails.join(", ")
                        ),
                    });
                    review.facts.push((player_key(&t.id, &p.id), encode(&now)));
                }
                None => review.facts.push((player_key(&t.id, &p.id), encode(&now))),
            }
        }
    }
    for key in stored_players.keys() {
        let Some((tid, pid)) = key.split_once('/') else {
            continue;
        };
        if league
            .tournament(tid)
            .is_some_and(|t| t.player(pid).is_some())
        {
            continue;
        }
        for (id, game) in &stored_games {
            let in_tournament = id.split_once('/').is_some_and(|(t, _)| t == tid);
            if !in_tournament || !with_events.contains(id) {
                continue;
            }
            let color = if game.white == pid {
                "White"
            } else if game.black == pid {
                "Black"
            } else {
                continue;
            };
            review.refusals.push(Problem {
                column: None,
                line: None,
                message: format!(
                    "player {key} is not in the config, but plays {color} in game {id} \
                     in the store ({})",
                    summary(id)?
                ),
            });
        }
    }
    if !review.is_refused() {
        review.facts.push((DIGEST.to_string(), digest));
    }
    Ok(review)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Commit, SledStore};
    use chrono::NaiveDate;
    use std::path::Path;

    const CONFIG: &str = r#"
[gateway]
address = "arbiter@example.test"
state = "state"
[inbox]
kind = "maildir"
path = "inbox"
[outbox]
kind = "file"
path = "sent"
[[tournament]]
id = "T1"
name = "Test"
start = "2026-05-10"
director = "td@example.test"
[[tournament.player]]
id = "a"
name = "A, A"
email = ["a@example.test"]
[[tournament.player]]
id = "b"
name = "B, B"
email = ["b@example.test"]
[[tournament.player]]
id = "idle"
name = "Idle, I"
email = ["idle@example.test"]
[[tournament.game]]
white = "a"
black = "b"
"#;

    fn config(text: &str) -> Config {
        Config::parse(text, Path::new("/nonexistent"), false).unwrap()
    }

    fn write(store: &SledStore, facts: Vec<(String, String)>, events: Vec<(String, Event)>) {
        store
            .commit(&Commit {
                facts,
                events,
                ..Commit::default()
            })
            .unwrap();
    }

    /// A started tournament keeps its rule set: a changed value is refused
    /// at start and on SIGHUP, with what changed; before any game has an
    /// event it is recorded with a warning.
    #[test]
    fn a_started_tournaments_rules_cannot_change() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let first = review(&config(CONFIG), &store).unwrap();
        write(&store, first.facts, vec![]);
        let faster = CONFIG.replace(
            "director = \"td@example.test\"\n",
            "director = \"td@example.test\"\ndays_per_control = 50\n",
        );
        let before = review(&config(&faster), &store).unwrap();
        assert!(!before.is_refused(), "{:?}", before.refusals);
        assert_eq!(
            before.warnings[0].message,
            "tournament T1: nothing is stored of its games yet, so its rules change \
             (days_per_control 60 → 50)"
        );
        write(
            &store,
            vec![],
            vec![(
                "T1/1".into(),
                Event::Opened {
                    on: NaiveDate::from_ymd_opt(2026, 5, 10).unwrap(),
                },
            )],
        );
        let after = review(&config(&faster), &store).unwrap();
        assert_eq!(
            after.refusals[0].message,
            "tournament T1: its rules changed after it started (days_per_control 60 → 50): \
             a started tournament keeps its rule set; put the values back"
        );
        assert!(!review(&config(CONFIG), &store).unwrap().is_refused());
        // another kind of clock: the value the stored set lacks is named too
        let fischer = CONFIG.replace(
            "director = \"td@example.test\"\n",
            "director = \"td@example.test\"\nrules = \"fischer-30-1\"\n",
        );
        let message = &review(&config(&fischer), &store).unwrap().refusals[0].message;
        assert!(
            message.contains(
                "clock - → {\"base_days\":30,\"days_per_move\":1,\"kind\":\"fischer\",\"max_days\":45}"
            ) && message.contains("days_per_control 60 → 0"),
            "{message}"
        );
    }

    #[test]
    fn the_record_is_one_fact_per_game_and_per_player_of_a_game() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let review = review(&config(CONFIG), &store).unwrap();
        assert!(!review.is_refused() && review.warnings.is_empty());
        assert_eq!(review.recorded, ["T1/1"]);
        // the idle player plays no game: nothing to remember of him
        assert_eq!(
            review.facts,
            [
                ("game:T1/1".into(), r#"{"white":"a","black":"b"}"#.into()),
                (
                    "rules:T1".into(),
                    encode(&crate::referee::rules::RuleSet::email())
                ),
                (
                    "player:T1/a".into(),
                    r#"{"emails":["a@example.test"]}"#.into()
                ),
                (
                    "player:T1/b".into(),
                    r#"{"emails":["b@example.test"]}"#.into()
                ),
                (DIGEST.into(), digest(&config(CONFIG))),
            ]
        );
        write(&store, review.facts, vec![]);
        let again = super::review(&config(CONFIG), &store).unwrap();
        assert!(again.facts.is_empty() && again.recorded.is_empty());
    }

    /// The digest that lets a start skip the review changes with anything
    /// the record keeps, and with nothing else.
    #[test]
    fn the_digest_follows_games_players_and_addresses_only() {
        let base = digest(&config(CONFIG));
        assert_eq!(base, digest(&config(CONFIG)));
        assert_eq!(base.len(), 32);
        for changed in [
            CONFIG.replace(
                "white = \"a\"\nblack = \"b\"",
                "white = \"b\"\nblack = \"a\"",
            ),
            CONFIG.replace(
                "email = [\"b@example.test\"]",
                "email = [\"b2@example.test\"]",
            ),
            CONFIG.replace("id = \"T1\"", "id = \"T2\""),
        ] {
            assert_ne!(digest(&config(&changed)), base, "{changed}");
        }
        // a name, or an address of a player without games, is not kept
        for same in [
            CONFIG.replace("name = \"A, A\"", "name = \"Aa, A\""),
            CONFIG.replace("idle@example.test", "idle2@example.test"),
        ] {
            assert_eq!(digest(&config(&same)), base);
        }
        // and a changed config is reviewed in full even after a digest was written
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        write(
            &store,
            review(&config(CONFIG), &store).unwrap().facts,
            vec![],
        );
        let day = NaiveDate::from_ymd_opt(2026, 5, 10).unwrap();
        write(
            &store,
            vec![],
            vec![("T1/1".into(), Event::Opened { on: day })],
        );
        let swapped = CONFIG.replace(
            "white = \"a\"\nblack = \"b\"",
            "white = \"b\"\nblack = \"a\"",
        );
        assert!(review(&config(&swapped), &store).unwrap().is_refused());
    }

    #[test]
    fn colours_swapped_refuse_once_the_game_has_events_and_not_before() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let first = review(&config(CONFIG), &store).unwrap();
        write(&store, first.facts, vec![]);
        let swapped = config(&CONFIG.replace(
            "white = \"a\"\nblack = \"b\"",
            "white = \"b\"\nblack = \"a\"",
        ));
        let before_start = review(&swapped, &store).unwrap();
        assert!(!before_start.is_refused());
        assert_eq!(before_start.warnings.len(), 1);
        let on = NaiveDate::from_ymd_opt(2026, 5, 10).unwrap();
        write(&store, vec![], vec![("T1/1".into(), Event::Opened { on })]);
        let opened = review(&swapped, &store).unwrap();
        assert_eq!(
            opened.refusals,
            [Problem {
                line: Some(CONFIG.lines().position(|l| l == "white = \"a\"").unwrap() + 1),
                column: None,
                message: "game T1/1: the store has white=a black=b (opening mail sent, \
                          no move yet), the config says white=b black=a"
                    .into()
            }]
        );
    }

    /// A game's start position is part of it: changed once the game has
    /// events, it is refused as changed players are; before, it is taken
    /// with a warning. The digest follows it.
    #[test]
    fn a_changed_start_position_refuses_once_the_game_has_events() {
        let themed = |fen: &str| {
            CONFIG.replace(
                "white = \"a\"\nblack = \"b\"",
                &format!("white = \"a\"\nblack = \"b\"\nstart_position = \"{fen}\""),
            )
        };
        let rooks = themed("8/8/4k3/8/8/4K3/r7/R7 b - - 0 40");
        let pawn = themed("8/4P3/8/8/8/k7/8/4K3 w - - 0 60");
        assert_ne!(digest(&config(&rooks)), digest(&config(CONFIG)));
        assert_ne!(digest(&config(&rooks)), digest(&config(&pawn)));
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let first = review(&config(&rooks), &store).unwrap();
        assert_eq!(
            first.facts[0],
            (
                "game:T1/1".into(),
                r#"{"white":"a","black":"b","start":"8/8/4k3/8/8/4K3/r7/R7 b - - 0 40"}"#.into()
            )
        );
        write(&store, first.facts, vec![]);
        let before_start = review(&config(&pawn), &store).unwrap();
        assert!(!before_start.is_refused());
        assert_eq!(
            before_start.warnings[0].message,
            "game T1/1: nothing is stored of it yet, so its start position changes from \
             white=a black=b start_position=\"8/8/4k3/8/8/4K3/r7/R7 b - - 0 40\" to \
             white=a black=b start_position=\"8/4P3/8/8/8/k7/8/4K3 w - - 0 60\""
        );
        let on = NaiveDate::from_ymd_opt(2026, 5, 10).unwrap();
        write(&store, vec![], vec![("T1/1".into(), Event::Opened { on })]);
        for other in [&pawn, CONFIG] {
            let refused = review(&config(other), &store).unwrap();
            assert_eq!(refused.refusals.len(), 1, "{:?}", refused.refusals);
            assert!(
                refused.refusals[0].message.starts_with(
                    "game T1/1: the store has white=a black=b \
                     start_position=\"8/8/4k3/8/8/4K3/r7/R7 b - - 0 40\" \
                     (opening mail sent, no move yet), the config says white=a black=b"
                ),
                "{:?}",
                refused.refusals
            );
        }
        assert!(!review(&config(&rooks), &store).unwrap().is_refused());
    }
}
