//! The shape of the config file: every table's known keys and the type of
//! each value, as the structs serde fills declare them (read by
//! `probe.rs`: no key is listed twice). [`walk`] reports every unknown key, every value of the wrong
//! type and every missing required key at once, each with its line and
//! column, in plain words; serde would stop at the first.

use super::probe::{self, Field, Shape};
use super::raw::{RawConfig, RawRulesTable};
use super::{column_of, line_of, Problem};
use std::sync::OnceLock;
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
    /// A list of whole numbers in `min..=max`.
    WholeList(i64, i64),
    /// A table (`[name]`).
    Table(&'static [Key]),
    /// Text in quotes, or a table (`rules = "…"` or `[tournament.rules]`).
    TextOrTable(&'static [Key]),
    /// Tables written `[[name]]` (or a list of inline tables).
    Tables(&'static [Key]),
}

#[derive(Clone, Copy)]
struct Key {
    name: &'static str,
    kind: Kind,
    required: bool,
}

/// The whole file: the keys of the top level, read from the structs serde
/// fills (`raw.rs`) by [`probe`], once.
fn schema() -> &'static [Key] {
    static SCHEMA: OnceLock<&'static [Key]> = OnceLock::new();
    SCHEMA.get_or_init(|| keys(probe::fields::<RawConfig>()))
}

/// The top level of a part of the file that holds only tournaments (see
/// `Config::parse_with`): the tournaments, required.
fn tournaments() -> &'static [Key] {
    static TOURNAMENTS: OnceLock<&'static [Key]> = OnceLock::new();
    TOURNAMENTS.get_or_init(|| {
        let tournament = schema()
            .iter()
            .find(|k| k.name == "tournament")
            .expect("the config has tournaments");
        vec![Key {
            required: true,
            ..*tournament
        }]
        .leak()
    })
}

/// The probe's fields as the walker's keys. Built once and kept for the
/// life of the process, so leaked (a few KiB).
fn keys(fields: Vec<Field>) -> &'static [Key] {
    fields
        .into_iter()
        .map(|f| Key {
            name: f.name,
            kind: kind(f.shape),
            required: f.required,
        })
        .collect::<Vec<_>>()
        .leak()
}

/// What the walker checks a value against, from what its struct asked for.
///
/// # Panics
/// On a shape no config value has (a test builds the schema).
fn kind(shape: Shape) -> Kind {
    match shape {
        Shape::Optional(inner) => kind(*inner),
        Shape::Text => Kind::Text,
        Shape::Whole(min, max) => Kind::Whole(min, max),
        Shape::Bool => Kind::Bool,
        Shape::Table(fields) => Kind::Table(keys(fields)),
        Shape::List(item) => match *item {
            Shape::Text => Kind::TextList,
            Shape::Whole(min, max) => Kind::WholeList(min, max),
            Shape::Table(fields) => Kind::Tables(keys(fields)),
            other => panic!("a config list of {other:?}"),
        },
        // the one value written as text or a table is a tournament's
        // `rules`: a preset's name, or `[tournament.rules]`
        Shape::Either => Kind::TextOrTable(keys(probe::fields::<RawRulesTable>())),
    }
}

/// Whether `document`, a part of the file cut before its `[[tournament]]`
/// lines and parsed from `text` alone, holds only `[[tournament]]` tables
/// whose keys and values all fit the schema.
pub(super) fn only_tournaments(text: &str, document: &ImDocument<&str>) -> bool {
    let mut walker = Walker {
        text,
        problems: Vec::new(),
        masks: Vec::new(),
    };
    walker.table(document.as_table(), tournaments(), "the top level", None);
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
    walker.table(document.as_table(), schema(), "the top level", None);
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
        Kind::WholeList(..) => format!("a list of whole numbers, like {name} = [28, 35]"),
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
            (Kind::WholeList(min, max), Item::Value(Value::Array(list))) => {
                let whole =
                    |v: &Value| matches!(v, Value::Integer(i) if (min..=max).contains(i.value()));
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
                Kind::WholeList(..) => "list of whole numbers".into(),
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
        for k in schema() {
            match k.kind {
                Kind::Table(keys) => table(&mut out, k.name, false, keys),
                Kind::Tables(keys) => table(&mut out, k.name, true, keys),
                _ => {}
            }
        }
        out
    }

    /// A config with every key of the schema, each holding a value of its
    /// kind, and the key `zz` in every table (its path beside it).
    fn every_key() -> (String, Vec<String>) {
        use toml_edit::{value, Array, ArrayOfTables, DocumentMut, Table};
        fn fill(table: &mut Table, keys: &[Key], path: &str, unknown: &mut Vec<String>) {
            for k in keys {
                let inner = format!("{path}.{}", k.name);
                match k.kind {
                    Kind::Text => table[k.name] = value("x"),
                    Kind::Whole(min, max) => table[k.name] = value(0.clamp(min, max)),
                    Kind::Bool => table[k.name] = value(true),
                    Kind::TextList => table[k.name] = value(Array::from_iter(["x"])),
                    Kind::WholeList(min, max) => {
                        table[k.name] = value(Array::from_iter([1.clamp(min, max)]))
                    }
                    Kind::Table(keys) | Kind::TextOrTable(keys) => {
                        let mut t = Table::new();
                        fill(&mut t, keys, &inner, unknown);
                        table[k.name] = toml_edit::Item::Table(t);
                    }
                    Kind::Tables(keys) => {
                        let mut t = Table::new();
                        fill(&mut t, keys, &inner, unknown);
                        let mut many = ArrayOfTables::new();
                        many.push(t);
                        table[k.name] = toml_edit::Item::ArrayOfTables(many);
                    }
                }
            }
            table["zz"] = value(1);
            unknown.push(path.trim_start_matches('.').to_string());
        }
        let mut document = DocumentMut::new();
        let mut unknown = Vec::new();
        fill(document.as_table_mut(), schema(), "", &mut unknown);
        unknown.retain(|p| !p.is_empty());
        (document.to_string(), unknown)
    }

    /// The schema is the structs': serde reads every key it knows, with a
    /// value of the kind it names, and ignores exactly the keys it calls
    /// unknown (serde's own ignored-key hook says which).
    #[test]
    fn the_schema_knows_the_keys_serde_reads_and_no_other() {
        let (text, tables) = every_key();
        let mut ignored = Vec::new();
        let raw: Result<RawConfig, _> =
            serde_ignored::deserialize(toml::Deserializer::new(&text), |path| {
                // `tournament.0.player.0.zz` read as the table
                // `tournament.player` (an option's `?` and `Spanned`'s
                // value left out alike)
                let path = path.to_string();
                let table: Vec<&str> = path
                    .split('.')
                    .filter(|s| s.parse::<usize>().is_err() && *s != "?" && !s.starts_with("$__"))
                    .collect();
                ignored.push(table[..table.len() - 1].join("."));
            });
        assert!(raw.is_ok(), "{:?}\n{text}", raw.err());
        ignored.retain(|t| !t.is_empty());
        ignored.sort();
        let mut expected = tables.clone();
        expected.sort();
        assert_eq!(ignored, expected, "{text}");
        // the walker: the same unknown keys (the top level's too), nothing else
        let (problems, _) = walk(&text).expect("valid TOML");
        let mut walked: Vec<String> = problems
            .iter()
            .map(|p| {
                let table = p
                    .message
                    .strip_prefix("unknown key `zz` in ")
                    .unwrap_or_else(|| panic!("{}", p.message));
                let table = table.split([' ', ':']).next().unwrap_or_default();
                table.trim_matches(['[', ']']).replace("the", "")
            })
            .collect();
        walked.sort();
        assert_eq!(walked.len(), tables.len() + 1, "{problems:?}");
        assert_eq!(walked[1..], expected[..], "{problems:?}");
        assert!(tables.contains(&"tournament.rules".to_string()));
        assert!(tables.contains(&"tournament.player".to_string()));
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
