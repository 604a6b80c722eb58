//! The answers to a player's requests that are not moves.

use super::{Audience, Text};
use crate::t;

/// `HELP`: how to write moves and commands, and the players' guide
/// attached (`letters::attachments`), named at the end.
pub(super) fn help(tournament: &str, audience: &Audience) -> Text {
    let lang = audience.lang;
    Text {
        subject: t!(lang, "help-subject"),
        body: format!(
            "{}{}\n\n{}\n",
            audience.greeting(),
            t!(lang, "help-body", tournament = tournament),
            t!(lang, "help-guide", file = lang.guide().0)
        ),
    }
}
