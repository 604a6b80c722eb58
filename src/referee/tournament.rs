//! The tournaments the referee knows: players, their addresses and
//! languages, the games and their colours. Built from the config by
//! `config.rs`; plain data here.

use crate::notation::Notation;
use crate::referee::rules::RuleSet;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use shakmaty::Color;

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
    /// The director's address, lower case.
    pub director: String,
    /// The language of the director's mails.
    pub director_language: Lang,
    /// The director's copies (III.4.10 and other Cc's) come once a day in
    /// one digest instead of one by one.
    pub director_digest: bool,
    pub rules: RuleSet,
    /// The notation the daemon writes.
    pub notation: Notation,
    pub players: Vec<Player>,
    pub games: Vec<GameSpec>,
}

impl Tournament {
    pub fn player(&self, id: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
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
}

impl League {
    pub fn tournament(&self, id: &str) -> Option<&Tournament> {
        self.tournaments.iter().find(|t| t.id == id)
    }

    /// The game with `id` and its tournament.
    pub fn game(&self, id: &str) -> Option<(&Tournament, &GameSpec)> {
        self.tournaments
            .iter()
            .find_map(|t| t.games.iter().find(|g| g.id == id).map(|g| (t, g)))
    }

    /// Every (tournament, player) writing from `address`.
    pub fn players_at(&self, address: &str) -> Vec<(&Tournament, &Player)> {
        self.tournaments
            .iter()
            .flat_map(|t| t.players.iter().map(move |p| (t, p)))
            .filter(|(_, p)| p.writes_from(address))
            .collect()
    }

    /// Every game, in config order.
    pub fn games(&self) -> impl Iterator<Item = (&Tournament, &GameSpec)> {
        self.tournaments
            .iter()
            .flat_map(|t| t.games.iter().map(move |g| (t, g)))
    }
}
