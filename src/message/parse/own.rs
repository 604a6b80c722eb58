//! A mail's own text: what the sender wrote himself, without the quoted
//! mail below it (quote marks, attribution lines, forwarded headers, a
//! signature), and without the lines of our own mails he copied.

use super::*;
use crate::language::Quotes;

/// The sender's own text: quoted lines (`>`), attribution lines, a previous
/// message below a separator or an Outlook header block, and the signature
/// after `-- ` are dropped.
pub fn own_text(body: &str) -> String {
    split_own(body).0
}

/// The sender's own text and the rest: the quoted lines and what follows a
/// separator, a header block or the signature mark.
pub(super) fn split_own(body: &str) -> (String, String) {
    let lines: Vec<&str> = body.lines().collect();
    let mut own = Vec::new();
    let mut rest = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        if line.trim_end() == "--"
            || *line == "-- "
            || is_separator(trimmed)
            || is_mobile_signature(trimmed)
            || is_header_block(&lines[i..])
        {
            rest.extend_from_slice(&lines[i..]);
            break;
        }
        if trimmed.starts_with('>') || is_attribution(trimmed, lines.get(i + 1).copied()) {
            rest.push(trimmed.trim_start_matches(['>', ' ']));
            continue;
        }
        if let Some(quoted) = initials_quote(trimmed) {
            rest.push(quoted);
            continue;
        }
        own.push(*line);
    }
    (own.join("\n"), rest.join("\n"))
}

pub(super) fn is_separator(line: &str) -> bool {
    let lower = line.to_lowercase();
    let dashed = lower.trim_matches(|c| c == '-' || c == ' ');
    (lower.starts_with("-----") || lower.starts_with("--- "))
        && crate::language::quote_marks(|q| &q.separator).any(|m| dashed.starts_with(m))
        || (line.len() >= 20 && line.chars().all(|c| c == '_'))
}

/// An Outlook-style block of the previous message's headers: `From:` (or
/// `От:`, every language's `from` mark) followed within three lines by
/// `Sent:`/`Date:` (`Отправлено:`/`Дата:`, its `sent` marks).
pub(super) fn is_header_block(lines: &[&str]) -> bool {
    let starts = |l: &str, kind: fn(&Quotes) -> &Vec<String>| {
        let l = l.trim_start_matches(['*', ' ']).to_lowercase();
        crate::language::quote_marks(kind).any(|n| l.starts_with(n))
    };
    let Some(first) = lines.first() else {
        return false;
    };
    starts(first, |q| &q.from) && lines.iter().skip(1).take(3).any(|l| starts(l, |q| &q.sent))
}

/// The line a phone's mail program signs with (`Sent from my iPhone`,
/// `Get Outlook for iOS`, `Загрузите Outlook для iOS`, `Отправлено с
/// iPhone`): the sender's own text ends above it.
pub(super) fn is_mobile_signature(line: &str) -> bool {
    let lower = line.to_lowercase();
    let lower = lower.trim_end_matches(['.', '!']);
    crate::language::quote_marks(|q| &q.mobile).any(|start| lower.starts_with(start))
        && lower.chars().count() <= 60
}

/// A line The Bat! quotes with the quoted sender's initials, ` TA> text`
/// (or ` TA>` for an empty line): the text after the mark. Up to three
/// letters and `>`: no move or command is written so.
pub(super) fn initials_quote(line: &str) -> Option<&str> {
    let (initials, rest) = line.split_once('>')?;
    let letters = initials.chars().count();
    ((1..=3).contains(&letters)
        && initials.chars().all(char::is_alphabetic)
        && (rest.is_empty() || rest.starts_with(' ')))
    .then(|| rest.trim_start())
}

/// `On … wrote:` and `… пишет:` lines that introduce a quote; the
/// Russian Gmail and Yandex form names no verb: `вт, 1 дек. 2026 г. в
/// 20:18, Name <addr@host>:`.
pub(super) fn is_attribution(line: &str, next: Option<&str>) -> bool {
    let lower = line.to_lowercase();
    if lower.ends_with(">:") && lower.contains('@') && lower.contains(':') && {
        let head = &lower[..lower.len() - 2];
        head.contains(" г. в ") || head.chars().any(|c| c.is_ascii_digit()) && head.contains(", ")
    } {
        return true;
    }
    // The Bat!'s `You wrote 10 мая 2026 г., 12:00:` (`Вы писали …:`) and
    // mutt's `* Name <addr> [2026-05-10 12:00]:`
    if lower.ends_with(':')
        && (lower.starts_with("you wrote ")
            || lower.starts_with("вы писали ")
            || (lower.starts_with("* ") && lower.ends_with("]:") && lower.contains('@')))
    {
        return true;
    }
    // every language's marks, and French mail programs' (a language the
    // arbiter does not speak, whose quotes a player's mail may carry)
    let ends: Vec<&str> = crate::language::quote_marks(|q| &q.wrote)
        .chain(["a écrit :"])
        .collect();
    if ends.iter().any(|e| lower.ends_with(e)) {
        return true;
    }
    if lower.ends_with(':')
        && crate::language::quote_marks(|q| &q.wrote_within)
            .any(|w| lower.split_whitespace().any(|word| word == w))
    {
        return true;
    }
    // Gmail folds a long attribution over two lines: "On …, Name <" + "addr> wrote:".
    (lower.starts_with("on ") || lower.starts_with("в ") || lower.contains(" в "))
        && next.is_some_and(|n| {
            let n = n.trim().to_lowercase();
            ends.iter().any(|e| n.ends_with(e)) && !n.starts_with('>')
        })
}

/// A line as it is compared with the lines of the arbiter's own mails:
/// without the marks a mail program puts before a quoted line (`>`, `> >`,
/// a TAB, spaces, The Bat!'s ` IA> `), its spaces collapsed. Empty when
/// what is left is too short to tell a quote from the player's own words.
pub fn quote_key(line: &str) -> String {
    let mut rest = line.trim_start();
    // initials before the mark: up to three letters, then `>`
    if let Some(at) = rest.find('>') {
        let before = &rest[..at];
        if before.chars().count() <= 3 && before.chars().all(char::is_alphabetic) {
            rest = &rest[at..];
        }
    }
    let rest = rest.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
    let key: Vec<&str> = rest.split_whitespace().collect();
    let key = key.join(" ");
    if key.chars().count() < 12 {
        String::new()
    } else {
        key
    }
}

/// Takes out of the sender's own text the lines the arbiter wrote itself
/// (their [`quote_key`]s in `ours`), whatever marks the mail program put
/// before them: a quote without marks is neither a note to relay nor, for
/// a line without a move, anything else of the sender's. A line that reads
/// as a move stays: copying the arbiter's record of the moves is what a
/// repetition is (III.3.3). The text left and the lines taken out.
pub fn without_our_lines(text: &str, ours: &std::collections::HashSet<String>) -> (String, String) {
    let mut own = String::with_capacity(text.len());
    let mut taken = String::new();
    for line in text.lines() {
        let key = quote_key(line);
        if !key.is_empty() && ours.contains(&key) && scan(line).plies.is_empty() {
            taken.push_str(line);
            taken.push('\n');
        } else {
            own.push_str(line);
            own.push('\n');
        }
    }
    (own, taken)
}
