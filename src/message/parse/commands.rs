//! The commands a line says, in every language the arbiter has: the
//! phrases of each command (each language's `[commands]`), the courtesy
//! words taken out, and the commands with arguments (a leave's dates, the
//! director's result, withdrawal and penalty).

use super::*;

/// The commands without arguments, by the names their phrases have in
/// each language's `language.toml` (`[commands]`), as people write them
/// (DESIGN.md §5, §9): upper case, `Ё` as `Е`, punctuation around words
/// and the courtesy words (`courtesy`) taken out. A line is a command when
/// what is left is exactly one phrase of one of them, in any language.
pub(super) const PHRASES: &[&str] = &[
    "resign",
    "accept_draw",
    "draw_offer",
    "claim_draw",
    "claim_win",
    "status",
    "help",
    "pgn",
    "xfcc",
    "xfcc_forwards_off",
    "xfcc_forwards_on",
    "leave_end",
    "confirm",
    "reject",
    "protest",
];

/// Whether `word` (upper case) is one of the words every language gives
/// for `name` in its `[commands]`.
pub(super) fn says(word: &str, name: &str) -> bool {
    Lang::all().any(|l| l.language().phrases(name).iter().any(|p| p == word))
}

/// The words of a command line: upper case, `Ё` as `Е`, the punctuation
/// around each word taken off (`Сдаюсь.`, `Resign!`, `«Принимаю ничью»`).
pub(super) fn command_words(line: &str) -> Vec<String> {
    let trim = |c: char| {
        matches!(
            c,
            '.' | ','
                | '!'
                | '?'
                | ';'
                | ':'
                | '"'
                | '\''
                | '«'
                | '»'
                | '“'
                | '”'
                | '„'
                | '…'
                | '*'
                | '_'
                | '('
                | ')'
        )
    };
    line.split_whitespace()
        .map(|word| {
            let word = if word == "(=)" {
                word
            } else {
                word.trim_matches(trim)
            };
            let upper = word.to_uppercase();
            if upper.contains('Ё') {
                upper.replace('Ё', "Е")
            } else {
                upper
            }
        })
        .filter(|word| !word.is_empty())
        .collect()
}

/// The name of the command without arguments that `words` say, if any:
/// the courtesy words are taken out of the line and of each phrase alike
/// (`PROTEST AGAINST THE CLAIM` is written with its `THE`, read without).
pub(super) fn phrase(words: &[String]) -> Option<&'static str> {
    let meant = |words: &mut dyn Iterator<Item = &str>| {
        words
            .filter(|w| !says(w, "courtesy"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let line = meant(&mut words.iter().map(String::as_str));
    PHRASES.iter().copied().find(|name| {
        Lang::all().any(|l| {
            l.language()
                .phrases(name)
                .iter()
                .any(|p| meant(&mut p.split_whitespace()) == line)
        })
    })
}

pub(super) fn command(line: &str) -> Option<Command> {
    // a question is not a command: "Resign?"
    if line.trim_end().ends_with('?') {
        return None;
    }
    let words = command_words(line);
    if words.is_empty() || words.len() > 6 {
        return None;
    }
    if let Some(name) = phrase(&words) {
        return Some(match name {
            "resign" => Command::Resign,
            "accept_draw" => Command::AcceptDraw,
            "draw_offer" => Command::DrawOffer,
            "claim_draw" => Command::ClaimDraw,
            "claim_win" => Command::ClaimWin,
            "status" => Command::Status,
            "help" => Command::Help,
            "pgn" => Command::Pgn,
            "leave_end" => Command::LeaveEnd,
            "confirm" => Command::Confirm,
            "protest" => Command::Protest,
            "xfcc" => Command::Xfcc,
            "xfcc_forwards_off" => Command::XfccForwards { on: false },
            "xfcc_forwards_on" => Command::XfccForwards { on: true },
            _ => Command::Reject,
        });
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let dates = |a: &str, b: &str| Some((parse_date(a)?, parse_date(b)?));
    Some(match words.as_slice() {
        [leave, from, to] if says(leave, "leave") => {
            let (from, to) = dates(from, to)?;
            Command::Leave { from, to }
        }
        [leave, _, from, to] if says(leave, "leave") => {
            let (from, to) = dates(from, to)?;
            let player = line.split_whitespace().nth(1)?.to_string();
            Command::GrantLeave { player, from, to }
        }
        [word, result @ ("1-0" | "0-1" | "1/2-1/2" | "½-½")] if says(word, "result") => {
            Command::Result(result.replace('½', "1/2"))
        }
        [word] if says(word, "archive") => Command::Archive,
        [word, _, how] if says(word, "withdraw") => Command::Withdraw {
            player: line.split_whitespace().nth(1)?.to_string(),
            games: if says(how, "withdraw_lost") {
                Withdrawn::Lost
            } else if says(how, "withdraw_cancel") {
                Withdrawn::Cancel
            } else if says(how, "withdraw_adjudicate") {
                Withdrawn::Adjudicate
            } else {
                return None;
            },
        },
        [word, side, days] if says(word, "penalty") => Command::Penalty {
            color: if says(side, "white") {
                Color::White
            } else if says(side, "black") {
                Color::Black
            } else {
                return None;
            },
            days: days.parse().ok()?,
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No line is read as two commands: in every language, no phrase of
    /// one command (the courtesy words out) is a phrase of another, and a
    /// command's word that takes arguments (`ATOSTOGOS <from> <to>`) is
    /// neither a phrase nor a courtesy word; the Lithuanian leave is
    /// ATOSTOGOS, and the PERTRAUKA of earlier guides is still read.
    #[test]
    fn iii_7_no_command_word_is_read_as_another() {
        let mut seen: std::collections::BTreeMap<String, &str> = Default::default();
        for lang in Lang::all() {
            for name in PHRASES {
                for p in lang.language().phrases(name) {
                    let words: Vec<String> = p.split_whitespace().map(str::to_string).collect();
                    assert_eq!(phrase(&words), Some(*name), "{lang:?}: {p}");
                    let meant = words
                        .iter()
                        .filter(|w| !says(w, "courtesy"))
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(" ");
                    if let Some(other) = seen.insert(meant.clone(), name) {
                        assert_eq!(other, *name, "{lang:?}: {meant}");
                    }
                }
            }
        }
        for lang in Lang::all() {
            for name in ["leave", "result", "archive", "withdraw", "penalty"] {
                for word in lang.language().phrases(name) {
                    let words = vec![word.clone()];
                    assert_eq!(phrase(&words), None, "{lang:?}: {word}");
                    assert!(!says(word, "courtesy"), "{lang:?}: {word}");
                }
            }
        }
        for (line, leave) in [
            ("ATOSTOGOS 2026-07-01 2026-07-10", true),
            ("Pertrauka 01.07.2026 10.07.2026", true),
            ("Atostogos baigtos", false),
        ] {
            let got = command(line);
            assert_eq!(
                matches!(got, Some(Command::Leave { .. })),
                leave,
                "{line}: {got:?}"
            );
        }
        assert!(matches!(
            command("ATOSTOGŲ PABAIGA"),
            Some(Command::LeaveEnd)
        ));
    }
}
