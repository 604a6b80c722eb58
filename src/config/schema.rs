//! The shape of the config file: every table's known keys and the type of
//! each value. [`walk`] reports every unknown key, every value of the wrong
//! type and every missing required key at once, each with its line and
//! column, in plain words; serde would stop at the first.

use super::{column_of, line_of, Problem};
use toml_edit::{ImDocument, Item, TableLike, Value};

/// What a key holds.
#[derive(Clone, Copy)]
enum Kind {
    /// Text in quotes.
    Text,
    /// A whole number in `min..=max`.
    Whole(i64, i64),
    Bool,
    /// A list of text in quotes.
    TextList,
    /// A list of whole numbers in `0..=u32::MAX`.
    WholeList,
    /// A table (`[name]`).
    Table(&'static [Key]),
    /// Text in quotes, or a table (`rules = "…"` or `[tournament.rules]`).
    TextOrTable(&'static [Key]),
    /// Tables written `[[name]]` (or a list of inline tables).
    Tables(&'static [Key]),
}

struct Key {
    name: &'static str,
    kind: Kind,
    required: bool,
}

const fn key(name: &'static str, kind: Kind) -> Key {
    Key {
        name,
        kind,
        required: false,
    }
}

const fn needed(name: &'static str, kind: Kind) -> Key {
    Key {
        name,
        kind,
        required: true,
    }
}

const U16: Kind = Kind::Whole(0, u16::MAX as i64);
const U32: Kind = Kind::Whole(0, u32::MAX as i64);
const U64: Kind = Kind::Whole(0, i64::MAX);
/// `number` of a game: the validator explains the range itself.
const ANY: Kind = Kind::Whole(i64::MIN, i64::MAX);

const GATEWAY: &[Key] = &[
    needed("address", Kind::Text),
    key("name", Kind::Text),
    needed("state", Kind::Text),
    key("timezone", Kind::Text),
    key("web_dir", Kind::Text),
];

const INBOX: &[Key] = &[
    needed("kind", Kind::Text),
    key("path", Kind::Text),
    key("host", Kind::Text),
    key("port", U16),
    key("tls", Kind::Text),
    key("user", Kind::Text),
    key("password_file", Kind::Text),
    key("ca_file", Kind::Text),
    key("folder", Kind::Text),
    key("processed_folder", Kind::Text),
    key("quarantine_folder", Kind::Text),
    key("idle", Kind::Bool),
    key("poll_seconds", U64),
    key("batch_mails", U64),
];

const OUTBOX: &[Key] = &[
    needed("kind", Kind::Text),
    key("path", Kind::Text),
    key("host", Kind::Text),
    key("port", U16),
    key("tls", Kind::Text),
    key("user", Kind::Text),
    key("password_file", Kind::Text),
    key("ca_file", Kind::Text),
    key("timeout_seconds", U64),
];

const SECURITY: &[Key] = &[
    key("sender_auth", Kind::Text),
    key("authserv_id", Kind::Text),
    key("max_mail_bytes", U64),
    key("replies_per_hour", U32),
];

/// `[tournament.rules]`: a preset and the values that change it.
const RULES: &[Key] = &[
    key("base", Kind::Text),
    key("days_per_control", U32),
    key("moves_per_control", U32),
    key("penalty_days", U32),
    key("repeat_penalty_days", U32),
    key("loss_on_first_overstep", Kind::Bool),
    key("leave_days_per_year", U32),
    key("reminder_days", U32),
    key("inactivity_days", U32),
    key("inactivity_months", U32),
    key("late_start_days", U32),
    key("warning_days", U32),
    key("late_leave_from_notice", Kind::Bool),
    key("reminder_to_director", Kind::Bool),
    key("breakdown_days", U32),
    key("protest_days", U32),
    key("further_reminders", Kind::WholeList),
    key("clock", Kind::Text),
    key("base_days", U32),
    key("days_per_move", U32),
    key("max_days", U32),
    key("game_days", U32),
    key("double_after_days", U32),
    key("longest_leave_days", U32),
];

const XFCC: &[Key] = &[
    needed("listen", Kind::Text),
    key("public_url", Kind::Text),
    key("tls_cert", Kind::Text),
    key("tls_key", Kind::Text),
    key("max_connections", U64),
];

const PLAYER: &[Key] = &[
    needed("id", Kind::Text),
    needed("name", Kind::Text),
    key("country", Kind::Text),
    needed("email", Kind::TextList),
    key("language", Kind::Text),
];

const GAME: &[Key] = &[
    key("number", ANY),
    needed("white", Kind::Text),
    needed("black", Kind::Text),
];

const TOURNAMENT: &[Key] = &[
    needed("id", Kind::Text),
    needed("name", Kind::Text),
    needed("start", Kind::Text),
    key("end", Kind::Text),
    needed("director", Kind::Text),
    key("rules", Kind::TextOrTable(RULES)),
    key("notation", Kind::Text),
    key("days_per_control", U32),
    key("moves_per_control", U32),
    key("penalty_days", U32),
    key("repeat_penalty_days", U32),
    key("loss_on_first_overstep", Kind::Bool),
    key("leave_days_per_year", U32),
    key("reminder_days", U32),
    key("inactivity_days", U32),
    key("inactivity_months", U32),
    key("late_start_days", U32),
    key("warning_days", U32),
    key("director_language", Kind::Text),
    key("director_digest", Kind::Text),
    key("publish_addresses", Kind::Bool),
    key("tie_break", Kind::Text),
    key("pairing", Kind::Text),
    key("conditional", Kind::Text),
    key("player", Kind::Tables(PLAYER)),
    key("game", Kind::Tables(GAME)),
];

/// The whole file: the keys of the top level.
const SCHEMA: &[Key] = &[
    needed("gateway", Kind::Table(GATEWAY)),
    needed("inbox", Kind::Table(INBOX)),
    needed("outbox", Kind::Table(OUTBOX)),
    key("security", Kind::Table(SECURITY)),
    key("xfcc", Kind::Table(XFCC)),
    key("tournament", Kind::Tables(TOURNAMENT)),
];

/// The top level of a part of the file that holds only tournaments (see
/// `Config::parse_with`).
const TOURNAMENTS: &[Key] = &[needed("tournament", Kind::Tables(TOURNAMENT))];

/// Whether `document`, a part of the file cut before its `[[tournament]]`
/// lines and parsed from `text` alone, holds only `[[tournament]]` tables
/// whose keys and values all fit the schema.
pub(super) fn only_tournaments(text: &str, document: &ImDocument<&str>) -> bool {
    let mut walker = Walker {
        text,
        problems: Vec::new(),
        masks: Vec::new(),
    };
    walker.table(document.as_table(), TOURNAMENTS, "the top level", None);
    walker.problems.is_empty() && walker.masks.is_empty()
}

/// Walks `text` against the schema: the problems of its shape (empty when
/// it fits), and the text with every wrongly typed `key = value` blanked
/// out, byte offsets kept, for serde to read the rest.
///
/// # Errors
/// A TOML syntax error: the one problem, nothing else can be read.
pub(super) fn walk(text: &str) -> Result<(Vec<Problem>, String), Vec<Problem>> {
    let document = ImDocument::parse(text).map_err(|e| {
        let at = e.span().map(|s| s.start);
        vec![Problem {
            line: at.map(|a| line_of(text, a)),
            column: at.map(|a| column_of(text, a)),
            message: format!("not valid TOML: {}", e.message().trim()),
        }]
    })?;
    let mut walker = Walker {
        text,
        problems: Vec::new(),
        masks: Vec::new(),
    };
    walker.table(document.as_table(), SCHEMA, "the top level", None);
    let mut masked = text.as_bytes().to_vec();
    for range in walker.masks {
        for b in &mut masked[range] {
            if *b != b'\n' && *b != b'\r' {
                *b = b' ';
            }
        }
    }
    let masked = String::from_utf8(masked).expect("only whole characters are blanked");
    Ok((walker.problems, masked))
}

struct Walker<'a> {
    text: &'a str,
    problems: Vec<Problem>,
    masks: Vec<std::ops::Range<usize>>,
}

/// A value's type in plain words.
fn found(item: &Item) -> String {
    match item {
        Item::None => "nothing".into(),
        Item::Table(_) => "a table".into(),
        Item::ArrayOfTables(_) => "a list of tables".into(),
        Item::Value(v) => match v {
            Value::String(s) => format!("text (\"{}\")", s.value()),
            Value::Integer(i) => format!("the number {}", i.value()),
            Value::Float(f) => format!("the decimal number {}", f.value()),
            Value::Boolean(b) => b.value().to_string(),
            Value::Datetime(d) => format!("a date without quotes ({})", d.value()),
            Value::Array(_) => "a list".into(),
            Value::InlineTable(_) => "a table".into(),
        },
    }
}

/// What a key must hold, in plain words.
fn expected(name: &str, kind: Kind) -> String {
    match kind {
        Kind::Text => format!("text in quotes, like {name} = \"…\""),
        Kind::Whole(i64::MIN, i64::MAX) => "a whole number".into(),
        Kind::Whole(min, i64::MAX) => format!("a whole number, at least {min}"),
        Kind::Whole(min, max) => format!("a whole number from {min} to {max}"),
        Kind::Bool => "true or false (without quotes)".into(),
        Kind::TextList => format!("a list of text in quotes, like {name} = [\"…\"]"),
        Kind::WholeList => format!("a list of whole numbers, like {name} = [28, 35]"),
        Kind::Table(_) => format!("a table, written [{name}]"),
        Kind::TextOrTable(_) => {
            format!("text in quotes, like {name} = \"…\", or a table, written [tournament.{name}]")
        }
        Kind::Tables(_) => format!("tables, each written [[{name}]]"),
    }
}

/// How close two names are (Levenshtein), for "did you mean".
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let here = (diagonal + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = here;
        }
    }
    row[b.len()]
}

impl Walker<'_> {
    fn push(&mut self, at: Option<usize>, message: String) {
        self.problems.push(Problem {
            line: at.map(|a| line_of(self.text, a)),
            column: at.map(|a| column_of(self.text, a)),
            message,
        });
    }

    /// The keys of one table; `name` says which in messages, `at` is where
    /// it starts (for a missing key).
    fn table(&mut self, table: &dyn TableLike, keys: &[Key], name: &str, at: Option<usize>) {
        for (k, item) in table.iter() {
            let key_at = table
                .get_key_value(k)
                .and_then(|(key, _)| key.span())
                .or_else(|| item.span());
            let Some(known) = keys.iter().find(|s| s.name == k) else {
                let close = keys
                    .iter()
                    .map(|s| (distance(k, s.name), s.name))
                    .filter(|(d, _)| *d <= 2)
                    .min();
                let hint = match close {
                    Some((_, near)) => format!(": did you mean `{near}`?"),
                    None => format!(
                        " (known keys: {})",
                        keys.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
                    ),
                };
                self.push(
                    key_at.map(|r| r.start),
                    format!("unknown key `{k}` in {name}{hint}"),
                );
                continue;
            };
            self.value(k, item, known.kind, name, key_at);
        }
        for missing in keys
            .iter()
            .filter(|s| s.required && !table.contains_key(s.name))
        {
            let message = match missing.kind {
                Kind::Table(_) => format!("the config has no [{}] table", missing.name),
                _ => format!("{name} needs `{}`", missing.name),
            };
            self.push(at, message);
        }
    }

    fn value(
        &mut self,
        k: &str,
        item: &Item,
        kind: Kind,
        parent: &str,
        key_at: Option<std::ops::Range<usize>>,
    ) {
        let child = |bracket: bool| {
            let path = match parent {
                "the top level" => k.to_string(),
                p => format!(
                    "{}.{k}",
                    p.trim_start_matches('[')
                        .trim_end_matches(']')
                        .trim_start_matches('[')
                        .trim_end_matches(']')
                ),
            };
            if bracket {
                format!("[[{path}]]")
            } else {
                format!("[{path}]")
            }
        };
        let at = item.span().or(key_at.clone()).map(|r| r.start);
        let fits = match (kind, item) {
            (Kind::Text, Item::Value(Value::String(_))) => true,
            (Kind::Bool, Item::Value(Value::Boolean(_))) => true,
            (Kind::Whole(min, max), Item::Value(Value::Integer(i))) => {
                let v = *i.value();
                if !(min..=max).contains(&v) {
                    self.push(
                        at,
                        format!("`{k}` in {parent} must be {}, not {v}", expected(k, kind)),
                    );
                    self.mask(key_at.clone(), item);
                }
                true
            }
            (Kind::WholeList, Item::Value(Value::Array(list))) => {
                let whole = |v: &Value| matches!(v, Value::Integer(i) if (0..=i64::from(u32::MAX)).contains(i.value()));
                for v in list.iter().filter(|v| !whole(v)) {
                    self.push(
                        v.span().map(|r| r.start),
                        format!(
                            "`{k}` in {parent} must be {}, and {} is not one",
                            expected(k, kind),
                            found(&Item::Value(v.clone()))
                        ),
                    );
                }
                if !list.iter().all(whole) {
                    self.mask(key_at.clone(), item);
                }
                true
            }
            (Kind::TextList, Item::Value(Value::Array(list))) => {
                for v in list.iter().filter(|v| !matches!(v, Value::String(_))) {
                    self.push(
                        v.span().map(|r| r.start),
                        format!(
                            "`{k}` in {parent} must be {}, and {} is not text",
                            expected(k, kind),
                            found(&Item::Value(v.clone()))
                        ),
                    );
                }
                if list.iter().any(|v| !matches!(v, Value::String(_))) {
                    self.mask(key_at.clone(), item);
                }
                true
            }
            (Kind::TextOrTable(_), Item::Value(Value::String(_))) => true,
            (Kind::Table(keys) | Kind::TextOrTable(keys), _) if item.is_table_like() => {
                let name = child(false);
                let table = item.as_table_like().expect("table-like");
                self.table(table, keys, &name, at);
                true
            }
            (Kind::Tables(keys), Item::ArrayOfTables(tables)) => {
                let name = child(true);
                for t in tables.iter() {
                    self.table(t, keys, &name, t.span().map(|r| r.start));
                }
                true
            }
            (Kind::Tables(keys), Item::Value(Value::Array(list)))
                if list.iter().all(|v| matches!(v, Value::InlineTable(_))) =>
            {
                let name = child(true);
                for v in list.iter() {
                    if let Value::InlineTable(t) = v {
                        self.table(t, keys, &name, v.span().map(|r| r.start));
                    }
                }
                true
            }
            _ => false,
        };
        if !fits {
            self.push(
                at,
                format!(
                    "`{k}` in {parent} must be {}, not {}",
                    expected(k, kind),
                    found(item)
                ),
            );
            self.mask(key_at.clone(), item);
        }
    }

    /// Blanks `key = value` out for serde (only a plain value can be).
    fn mask(&mut self, key_at: Option<std::ops::Range<usize>>, item: &Item) {
        if let (Some(key), Item::Value(v)) = (key_at, item) {
            if let Some(value) = v.span() {
                if key.start <= value.start {
                    self.masks.push(key.start..value.end);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key the config takes, table by table, as Markdown: the list in
    /// docs/configuration.md ("Every key"), generated from this schema, the
    /// one the file is checked against (a test keeps the page equal to it).
    fn reference() -> String {
        fn kind(k: Kind) -> String {
            match k {
                Kind::Text => "text".into(),
                Kind::Whole(i64::MIN, i64::MAX) => "whole number".into(),
                Kind::Whole(min, max) => format!("whole number {min}..{max}"),
                Kind::Bool => "true or false".into(),
                Kind::TextList => "list of text".into(),
                Kind::WholeList => "list of whole numbers".into(),
                Kind::Table(_) => "table".into(),
                Kind::TextOrTable(_) => "text (a preset) or a table".into(),
                Kind::Tables(_) => "tables (`[[…]]`)".into(),
            }
        }
        // a table's keys under its header (`[inbox]`, `[[tournament.player]]`),
        // then the tables inside it
        fn table(out: &mut String, path: &str, many: bool, keys: &[Key]) {
            let header = if many {
                format!("[[{path}]]")
            } else {
                format!("[{path}]")
            };
            out.push_str(&format!(
                "\n`{header}`\n\n| key | value | |\n|---|---|---|\n"
            ));
            for k in keys {
                let needed = if k.required { "required" } else { "" };
                out.push_str(&format!("| `{}` | {} | {needed} |\n", k.name, kind(k.kind)));
            }
            for k in keys {
                let inner = format!("{path}.{}", k.name);
                match k.kind {
                    Kind::Table(keys) | Kind::TextOrTable(keys) => table(out, &inner, false, keys),
                    Kind::Tables(keys) => table(out, &inner, true, keys),
                    _ => {}
                }
            }
        }
        let mut out = String::new();
        for k in SCHEMA {
            match k.kind {
                Kind::Table(keys) => table(&mut out, k.name, false, keys),
                Kind::Tables(keys) => table(&mut out, k.name, true, keys),
                _ => {}
            }
        }
        out
    }

    /// docs/configuration.md lists every key as the schema the file is
    /// checked against has it: regenerated, the page's list is the same.
    #[test]
    fn the_configuration_page_lists_every_key_as_the_schema_has_it() {
        let page = include_str!("../../docs/configuration.md");
        let list = reference();
        assert!(
            page.contains(&list),
            "docs/configuration.md's \"Every key\" differs; it should be:\n{list}"
        );
        assert!(list.contains("| `days_per_control` | whole number 0..4294967295 |  |"));
        assert!(list.contains("`[[tournament.player]]`"));
    }
}
