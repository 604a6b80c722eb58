//! The players' guides promise what the program does: every command
//! example in the command tables of `docs/players*.md` (the guides the
//! HELP answer carries) is read by the arbiter as a command, in the words
//! of the guide's language (or English, in the columns that give the
//! English forms), and the examples of one row mean one command.

use mailarbiter::language::Lang;
use mailarbiter::message::parse::scan;

/// The guides and their languages.
const GUIDES: [(&str, &str); 4] = [
    ("players.md", "en"),
    ("players.ru.md", "ru"),
    ("players.de.md", "de"),
    ("players.lt.md", "lt"),
];

fn lang(code: &str) -> Lang {
    Lang::all()
        .find(|l| l.code() == code)
        .expect("a built-in language")
}

/// A table row's cells.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| c.trim().to_string()).collect()
}

/// The `code` spans of a cell.
fn spans(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The tables of a guide: each its header's cells and its rows' cells.
fn tables(text: &str) -> Vec<(Vec<String>, Vec<Vec<String>>)> {
    let mut tables = Vec::new();
    let mut current: Option<(Vec<String>, Vec<Vec<String>>)> = None;
    for line in text.lines() {
        if !line.trim_start().starts_with('|') {
            tables.extend(current.take());
            continue;
        }
        if line.contains("|---") {
            continue;
        }
        match current.as_mut() {
            None => current = Some((cells(line), Vec::new())),
            Some((_, rows)) => rows.push(cells(line)),
        }
    }
    tables.extend(current);
    tables
}

/// The words of an example as the arbiter compares them.
fn words(example: &str) -> Vec<String> {
    example
        .split_whitespace()
        .map(|w| {
            let w = if w == "(=)" {
                w
            } else {
                w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-' && c != '/')
            };
            w.to_uppercase().replace('Ё', "Е")
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether the example is written in `lang`'s words: its first word, the
/// courtesy words taken out, opens one of the language's commands or is
/// one of its words read by their place in a line.
fn in_words(lang: Lang, example: &str) -> bool {
    let language = lang.language();
    let courtesy = language.phrases("courtesy");
    let Some(first) = words(example).into_iter().find(|w| !courtesy.contains(w)) else {
        return false;
    };
    let w = &language.words;
    first == "(=)"
        || language
            .commands
            .values()
            .flatten()
            .any(|p| p.split_whitespace().next() == Some(first.as_str()))
        || [&w.conditional, &w.cancel, &w.claim, &w.appeal]
            .iter()
            .any(|list| list.contains(&first))
}

/// What the arbiter reads in the example: a command's name, or an
/// adjudication's claim or appeal (read by their place in a line).
fn read(example: &str) -> Option<String> {
    let said = words(example);
    let any = |pick: fn(&mailarbiter::language::Words) -> &Vec<String>, word: &str| {
        Lang::all().any(|l| pick(&l.language().words).iter().any(|p| p == word))
    };
    let written = scan(example);
    if let [one] = written.commands.as_slice() {
        return Some(one.name().to_string());
    }
    match said.as_slice() {
        [claim, result]
            if any(|w| &w.claim, claim)
                && (any(|w| &w.win, result)
                    || any(|w| &w.draw, result)
                    || any(|w| &w.loss, result)) =>
        {
            Some("adjudication claim".into())
        }
        [appeal] if any(|w| &w.appeal, appeal) => Some("appeal".into()),
        _ => None,
    }
}

/// Whether a column's header names English (the English forms beside
/// the guide's own).
fn english_column(header: &str) -> bool {
    let header = header.to_lowercase();
    ["english", "englisch", "angliškai", "английски"]
        .iter()
        .any(|w| header.contains(w))
}

#[test]
fn every_command_a_guide_shows_is_read_as_that_command() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (file, code) in GUIDES {
        let path = format!("{}/docs/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the guide reads");
        let guide = lang(code);
        for (header, rows) in tables(&text) {
            // the columns of examples: those whose cells start with one
            let examples: Vec<usize> = (0..header.len())
                .filter(|&i| {
                    let starting = rows
                        .iter()
                        .filter(|r| r.get(i).is_some_and(|c| c.starts_with('`')))
                        .count();
                    starting * 2 > rows.len()
                })
                .collect();
            for row in &rows {
                let mut meant: Vec<(String, String)> = Vec::new();
                for &i in &examples {
                    let english = english_column(&header[i]);
                    for example in spans(&row[i]) {
                        // a placeholder (`<player>`, `… CANCEL`) is no example
                        if example.contains(['<', '…']) {
                            continue;
                        }
                        checked += 1;
                        let words_ok = if english {
                            in_words(lang("en"), &example)
                        } else {
                            in_words(guide, &example) || in_words(lang("en"), &example)
                        };
                        match read(&example) {
                            None => {
                                failures.push(format!("{file}: `{example}` is read as no command"))
                            }
                            Some(_) if !words_ok => failures.push(format!(
                                "{file}: `{example}` is not in the words of its column ({})",
                                header[i]
                            )),
                            Some(name) => meant.push((example, name)),
                        }
                    }
                }
                // `CLAIM DRAW` in an adjudication is its draw claim
                // (`referee/adjudication.rs`)
                let same = |a: &str, b: &str| {
                    let claim = |n: &str| {
                        n == "claim_draw" || n == "claim_win" || n == "adjudication claim"
                    };
                    a == b || claim(a) && claim(b)
                };
                if let Some((first, name)) = meant.first() {
                    for (example, other) in &meant {
                        if !same(other, name) {
                            failures.push(format!(
                                "{file}: `{example}` is read as {other}, `{first}` of the same row as {name}"
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
