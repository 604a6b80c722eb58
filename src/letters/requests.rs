//! The answers to a player's requests that are not moves.

use super::{greeting, Text};
use crate::referee::tournament::{Lang, League};
use crate::t;

/// `HELP`: how to write moves and commands.
pub(super) fn help(_league: &League, tournament: &str, lang: Lang, names: &[String]) -> Text {
    Text {
        subject: t!(lang, "help-subject"),
        body: format!(
            "{}{}\n",
            greeting(names),
            t!(lang, "help-body", tournament = tournament)
        ),
    }
}
