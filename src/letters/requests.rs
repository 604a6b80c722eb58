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

#[cfg(test)]
mod tests {
    use super::super::Audience;
    use crate::message::parse::scan;
    use crate::referee::tournament::Lang;
    use std::collections::BTreeSet;

    /// The examples of a HELP list: each indented line's text before the
    /// column of explanations, without the English form in brackets
    /// (`ICH GEBE AUF (RESIGN)`).
    fn examples(body: &str) -> Vec<String> {
        body.lines()
            .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
            .map(|l| {
                let example = l.trim().split("  ").next().unwrap_or_default();
                match example.rsplit_once(" (") {
                    Some((head, _)) if !head.is_empty() => head.to_string(),
                    _ => example.to_string(),
                }
            })
            .collect()
    }

    /// Whether a written example's first word is one of `lang`'s own
    /// command words (the words every language shares, `(=)` and `PGN`
    /// among them, count for each).
    fn in_language(lang: Lang, example: &str) -> bool {
        let first = example.split_whitespace().next().unwrap_or_default();
        let first = first.to_uppercase();
        let language = lang.language();
        first == "(=)"
            || language
                .commands
                .values()
                .flatten()
                .chain(&language.words.conditional)
                .any(|p| p.split_whitespace().next() == Some(first.as_str()))
    }

    /// The HELP answer lists every command a player may write, PROTEST
    /// (III.6.4) and the conditional and Xfcc commands among them, each
    /// in the reader's own words, and each read by the arbiter as that
    /// command.
    #[test]
    fn help_lists_every_players_command_in_the_readers_words() {
        let players: BTreeSet<&str> = [
            "resign",
            "draw_offer",
            "accept_draw",
            "claim_draw",
            "claim_win",
            "status",
            "pgn",
            "leave",
            "leave_end",
            "protest",
            "conditional",
            "conditional_cancel",
            "xfcc",
            "xfcc_forwards",
            "help",
        ]
        .into();
        for lang in Lang::all() {
            let audience = Audience {
                lang,
                names: &[],
                readers: &[],
                director: false,
                held: false,
            };
            let body = super::help("T", &audience).body;
            let mut read = BTreeSet::new();
            for example in examples(&body) {
                let commands = scan(&example).commands;
                assert!(!commands.is_empty(), "{lang:?}: `{example}` is no command");
                assert!(
                    in_language(lang, &example),
                    "{lang:?}: `{example}` is not in the reader's words"
                );
                read.extend(commands.iter().map(|c| c.name()));
            }
            assert_eq!(read, players, "{lang:?}:\n{body}");
        }
    }

    /// The director's HELP names ARCHIVE, the game's mails as mbox
    /// (III.1.4), in his language, beside his other commands.
    #[test]
    fn the_directors_help_names_archive() {
        for lang in Lang::all() {
            let body = crate::t!(lang, "official-help-body", example = "[T/1]");
            let archive = &lang.language().phrases("archive")[0];
            assert!(
                body.lines()
                    .any(|l| l.trim_start().starts_with(archive.as_str())),
                "{lang:?}: {body}"
            );
        }
    }
}
