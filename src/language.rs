//! The languages the arbiter speaks and reads: each is a folder of
//! `locales/` (its `language.toml` and its catalogs), embedded by
//! `build.rs`. A [`Lang`] names one; [`Language`] is what its
//! `language.toml` says: its names, the form of its dates, the letters of
//! its pieces and the words of its commands. This module imports nothing
//! of the crate: the parser, the notation and the letters all stand on it.

use serde::{Deserialize, Serialize};
use shakmaty::Role;
use std::collections::BTreeMap;
use std::sync::OnceLock;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/languages.rs"));
}

/// The catalog files every language has (`build.rs`'s list), in the order
/// [`Lang::catalogs`] gives them.
pub const CATALOG_FILES: [&str; 9] = embedded::FILES;

/// A language of the arbiter, by its folder's code (`en`, `ru`, `lt`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lang(u8);

#[allow(non_upper_case_globals)]
impl Lang {
    /// English, the language of a stranger's and a default reader's mails.
    pub const En: Lang = Lang::known("en");
    /// Russian.
    pub const Ru: Lang = Lang::known("ru");

    /// The embedded language `code`; a build without it does not compile.
    const fn known(code: &str) -> Lang {
        let mut i = 0;
        while i < embedded::CODES.len() {
            if same(embedded::CODES[i], code) {
                return Lang(i as u8);
            }
            i += 1;
        }
        panic!("an embedded language is missing")
    }

    /// The language whose code is `code`, if the arbiter has it.
    pub fn from_code(code: &str) -> Option<Lang> {
        embedded::CODES
            .iter()
            .position(|c| *c == code)
            .and_then(|i| u8::try_from(i).ok())
            .map(Lang)
    }

    /// Every language the arbiter has, in the order of their codes.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..embedded::CODES.len()).map(|i| Lang(i as u8))
    }

    pub fn code(self) -> &'static str {
        embedded::CODES[usize::from(self.0)]
    }

    /// What the language's `language.toml` says.
    pub fn language(self) -> &'static Language {
        &languages()[usize::from(self.0)]
    }

    /// The language's catalog files, in the order of `build.rs`'s list.
    pub fn catalogs(self) -> &'static [&'static str; 9] {
        &embedded::SOURCES[usize::from(self.0)].1
    }

    /// The players' guide (`docs/players.<code>.md`) in this language,
    /// else in English, as a file name and its Markdown text (sent as
    /// plain text, `.txt`, which a mail program shows and a phone opens).
    pub fn guide(self) -> (String, &'static str) {
        let (lang, text) = match embedded::GUIDES[usize::from(self.0)] {
            Some(text) => (self, text),
            None => (
                Lang::En,
                embedded::GUIDES[Lang::En.index()].unwrap_or_default(),
            ),
        };
        (format!("players-guide.{}.txt", lang.code()), text)
    }

    /// Its place among [`Lang::all`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

impl std::fmt::Debug for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Lang {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let code = String::deserialize(d)?;
        Lang::from_code(&code)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown language \"{code}\"")))
    }
}

/// The language more than half of `readers` read, else English.
pub fn majority(readers: impl Iterator<Item = Lang>) -> Lang {
    let mut counts = vec![0usize; embedded::CODES.len()];
    let mut total = 0;
    for lang in readers {
        counts[lang.index()] += 1;
        total += 1;
    }
    Lang::all()
        .find(|l| counts[l.index()] * 2 > total)
        .unwrap_or(Lang::En)
}

/// A language's `language.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    pub code: String,
    /// Its own name (`Lietuvių`).
    pub name: String,
    /// Its name in English (`Lithuanian`).
    pub english: String,
    /// How a date is written to its reader (chrono's form, `%d.%m.%Y`).
    pub date: String,
    /// How a day of the year is written in a table without the year
    /// (the standard form's dates of receipt and sending, App.3; a day
    /// stated without a year): chrono's form, `%d/%m` unless it says.
    #[serde(default = "day_month")]
    pub day_month: String,
    /// What separates the whole part of a number from its fraction
    /// (`2.5`, `2,5`): `.` unless it says.
    #[serde(default = "decimal_point")]
    pub decimal: String,
    /// A plural rule the arbiter counts itself where Fluent's is wrong
    /// (`lithuanian`); none: Fluent's, from CLDR.
    #[serde(default)]
    pub plural_rule: Option<String>,
    /// How a name is changed when the reader is addressed by it
    /// (`lithuanian`: the vocative, [`lithuanian_vocative`]); none: as
    /// written.
    #[serde(default)]
    pub vocative: Option<String>,
    pub pieces: Pieces,
    /// The phrases of each command, upper case, by the command's name.
    pub commands: BTreeMap<String, Vec<String>>,
    pub form: Form,
    /// The words read by their place in a line.
    pub words: Words,
    /// How this language's mail programs mark a quoted mail (lower case);
    /// the reader knows every language's marks in every mail.
    #[serde(default)]
    pub quotes: Quotes,
}

fn day_month() -> String {
    "%d/%m".into()
}

fn decimal_point() -> String {
    ".".into()
}

/// How a language's mail programs mark the mail they quote: all lower
/// case; a line is compared by how it starts (`from`, `sent`, `separator`,
/// `mobile`) or ends (`wrote`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quotes {
    /// The first header of a quoted mail's header block (`von:`).
    #[serde(default)]
    pub from: Vec<String>,
    /// A header that follows it within three lines (`gesendet:`).
    #[serde(default)]
    pub sent: Vec<String>,
    /// A separator line's words between dashes (`ursprüngliche nachricht`).
    #[serde(default)]
    pub separator: Vec<String>,
    /// How an attribution line ends (`schrieb:`).
    #[serde(default)]
    pub wrote: Vec<String>,
    /// A word an attribution line ending in `:` holds inside it
    /// (Thunderbird's `Am 12.05.2026 um 10:00 schrieb Name:`).
    #[serde(default)]
    pub wrote_within: Vec<String>,
    /// How a phone's signature line starts (`von meinem iphone gesendet`).
    #[serde(default)]
    pub mobile: Vec<String>,
}

/// The words read by their place in a line, not as whole commands (upper
/// case, as `command_words` gives a line's words).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// Opens the hidden conditional moves (`CONDITIONAL`).
    pub conditional: Vec<String>,
    /// May follow it (`CONDITIONAL MOVES`).
    pub moves: Vec<String>,
    /// With it, cancels the stored series (`CONDITIONAL CANCEL`).
    pub cancel: Vec<String>,
    /// Opens a variant line (`IF c5 THEN Nxa2`).
    #[serde(rename = "if")]
    pub if_: Vec<String>,
    /// Joins its parts (`THEN`, `AND`).
    pub then: Vec<String>,
    /// "Any move" on a variant line (II.3.6): `ANY`.
    pub any: Vec<String>,
    /// The move of "any move".
    #[serde(rename = "move")]
    pub move_: Vec<String>,
    /// An adjudication's claim (`CLAIM WIN`, III.9.4) and its results.
    pub claim: Vec<String>,
    pub win: Vec<String>,
    pub draw: Vec<String>,
    pub loss: Vec<String>,
    /// The appeal against an adjudicated result (III.9.9).
    pub appeal: Vec<String>,
    /// Phrases (lower case, found within a line) that make a question in
    /// a player's mail one about his deadline: its answer points to STATUS.
    pub deadline: Vec<String>,
}

/// Whether `word` (upper case) is a word of one kind in any language.
pub fn is_word(kind: fn(&Words) -> &Vec<String>, word: &str) -> bool {
    Lang::all().any(|l| kind(&l.language().words).iter().any(|w| w == word))
}

/// Every language's quote marks of one kind.
pub fn quote_marks(kind: fn(&Quotes) -> &Vec<String>) -> impl Iterator<Item = &'static str> {
    Lang::all().flat_map(move |l| kind(&l.language().quotes).iter().map(String::as_str))
}

/// The letters of the pieces: the first of each is the one the arbiter
/// writes; every one is read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pieces {
    pub king: Vec<String>,
    pub queen: Vec<String>,
    pub rook: Vec<String>,
    pub bishop: Vec<String>,
    pub knight: Vec<String>,
    #[serde(default)]
    pub pawn: Vec<String>,
}

/// The labels of the standard form's header (lower case).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Form {
    pub tournament: Vec<String>,
    pub white: Vec<String>,
    pub black: Vec<String>,
}

impl Language {
    /// The phrases of command `name` (none when the language has no word
    /// for it).
    pub fn phrases(&self, name: &str) -> &[String] {
        self.commands.get(name).map_or(&[], Vec::as_slice)
    }

    /// Every piece letter with its role, the longest first (`Кр` before `К`).
    pub fn letters(&self) -> Vec<(&str, Role)> {
        let p = &self.pieces;
        let mut out: Vec<(&str, Role)> = [
            (&p.king, Role::King),
            (&p.queen, Role::Queen),
            (&p.rook, Role::Rook),
            (&p.bishop, Role::Bishop),
            (&p.knight, Role::Knight),
            (&p.pawn, Role::Pawn),
        ]
        .into_iter()
        .flat_map(|(letters, role)| letters.iter().map(move |l| (l.as_str(), role)))
        .collect();
        out.sort_by_key(|(l, _)| std::cmp::Reverse(l.chars().count()));
        out
    }

    /// The role `letter` stands for as a one-letter piece name in this
    /// language: as written (a lower-case letter is a file), or in either
    /// case with `any_case` (a promotion, after the square).
    pub fn role_of(&self, letter: char, any_case: bool) -> Option<Role> {
        self.letters()
            .into_iter()
            .find(|(l, _)| {
                let mut chars = l.chars();
                chars.next().is_some_and(|c| {
                    c == letter || (any_case && c.to_lowercase().eq(letter.to_lowercase()))
                }) && chars.next().is_none()
            })
            .map(|(_, role)| role)
    }
}

impl Language {
    /// A reader's name as a mail addresses him in this language: in
    /// natural order (`Surname, Given` → `Given Surname`; a name without a
    /// comma as written), in the vocative where the language has one and
    /// its regular rules form it.
    pub fn addressed(&self, name: &str) -> String {
        let name = natural_order(name);
        match self.vocative.as_deref() {
            Some("lithuanian") => lithuanian_vocative(&name).unwrap_or(name),
            _ => name,
        }
    }
}

/// `Surname, Given` → `Given Surname`; a name without a comma as written.
pub fn natural_order(name: &str) -> String {
    match name.split_once(',') {
        Some((surname, given)) if !given.trim().is_empty() => {
            format!("{} {}", given.trim(), surname.trim())
        }
        _ => name.trim().trim_end_matches(',').trim().to_string(),
    }
}

/// The Lithuanian vocative of a name in natural order, each word by the
/// regular rules of its ending (Jonas → Jonai, Jonaitis → Jonaiti, Kazys →
/// Kazy, Paulius → Pauliau, Eglė → Egle, Jonaitienė → Jonaitiene, Ona
/// stays); `None` when a word ends otherwise (a foreign name: Petr, Smith),
/// and the name is then written as it is.
pub fn lithuanian_vocative(name: &str) -> Option<String> {
    const ENDINGS: [(&str, &str); 7] = [
        ("ius", "iau"),
        ("us", "au"),
        ("as", "ai"),
        ("ys", "y"),
        ("is", "i"),
        ("ė", "e"),
        ("a", "a"),
    ];
    let words: Option<Vec<String>> = name
        .split_whitespace()
        .map(|word| {
            ENDINGS.iter().find_map(|(from, to)| {
                word.strip_suffix(from)
                    .filter(|stem| stem.chars().count() > 1)
                    .map(|stem| format!("{stem}{to}"))
            })
        })
        .collect();
    words.filter(|w| !w.is_empty()).map(|w| w.join(" "))
}

/// Every language's `language.toml`, read once.
fn languages() -> &'static [Language] {
    static LANGUAGES: OnceLock<Vec<Language>> = OnceLock::new();
    LANGUAGES.get_or_init(|| {
        embedded::SOURCES
            .iter()
            .zip(embedded::CODES)
            .map(|((text, _), code)| {
                let language: Language = toml::from_str(text)
                    .unwrap_or_else(|e| panic!("locales/{code}/language.toml: {e}"));
                assert_eq!(
                    language.code, *code,
                    "locales/{code}/language.toml names another code"
                );
                language
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vocative by the regular rules of Lithuanian endings: given
    /// names and surnames, men's and women's; a name it cannot form is
    /// written as it is.
    #[test]
    fn lithuanian_vocative_by_the_regular_endings() {
        let table = [
            ("Jonaitis, Jonas", "Jonai Jonaiti"),
            ("Kazlauskas, Vytautas", "Vytautai Kazlauskai"),
            ("Petrauskas, Kazys", "Kazy Petrauskai"),
            ("Mikutavičius, Paulius", "Pauliau Mikutavičiau"),
            ("Jonaitienė, Eglė", "Egle Jonaitiene"),
            ("Petraitytė, Ona", "Ona Petraityte"),
            ("Kazlauskaitė, Rūta", "Rūta Kazlauskaite"),
            ("Butkus, Linas", "Linai Butkau"),
            ("Jonas Jonaitis", "Jonai Jonaiti"),
            // not formed by the rules: as written, in natural order
            ("Petrov, Petr", "Petr Petrov"),
            ("Smith, John", "John Smith"),
            ("JONAITIS, JONAS", "JONAS JONAITIS"),
            ("Turnyro T direktoriau", "Turnyro T direktoriau"),
        ];
        let lt = Lang::from_code("lt").unwrap().language();
        for (name, addressed) in table {
            assert_eq!(lt.addressed(name), addressed, "{name}");
        }
        assert_eq!(Lang::En.language().addressed("Smith, John"), "John Smith");
        assert_eq!(
            Lang::En.language().addressed("Jonaitis, Jonas"),
            "Jonas Jonaitis"
        );
        assert_eq!(Lang::Ru.language().addressed("Иванов, Иван"), "Иван Иванов");
    }

    /// Every folder of `locales/` is a language the build embedded (a
    /// folder missing a file is left out by `build.rs` with a warning).
    #[test]
    fn every_locales_folder_is_built_in() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
        let mut folders: Vec<String> = std::fs::read_dir(root)
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        folders.sort();
        let built: Vec<&str> = Lang::all().map(Lang::code).collect();
        assert_eq!(folders, built);
    }

    /// Every language has its own players' guide (the HELP answer carries
    /// it), each its own text.
    #[test]
    fn every_language_has_its_players_guide() {
        let mut texts = std::collections::HashSet::new();
        for lang in Lang::all() {
            let (name, text) = lang.guide();
            assert_eq!(name, format!("players-guide.{}.txt", lang.code()));
            assert!(text.starts_with("# ") && text.len() > 10_000, "{name}");
            assert!(texts.insert(text), "{name} repeats another guide");
        }
    }

    /// Every language's file reads, with a word for every command English
    /// has a word for, and one letter at least for each piece but the pawn.
    #[test]
    fn every_language_toml_reads_and_names_every_command() {
        let english: Vec<&String> = Lang::En.language().commands.keys().collect();
        for lang in Lang::all() {
            let language = lang.language();
            assert_eq!(
                language.commands.keys().collect::<Vec<_>>(),
                english,
                "{lang:?}"
            );
            for (name, phrases) in &language.commands {
                assert!(
                    !phrases.is_empty()
                        && phrases
                            .iter()
                            .all(|p| *p == p.to_uppercase() && !p.trim().is_empty()),
                    "{lang:?}: {name}"
                );
            }
            let p = &language.pieces;
            for letters in [&p.king, &p.queen, &p.rook, &p.bishop, &p.knight] {
                assert!(!letters.is_empty(), "{lang:?}");
            }
            assert!(
                chrono::NaiveDate::from_ymd_opt(2026, 5, 10)
                    .unwrap()
                    .format(&language.date)
                    .to_string()
                    .contains("10"),
                "{lang:?}: date form"
            );
        }
        assert_eq!(Lang::from_code("ru"), Some(Lang::Ru));
        assert_eq!(Lang::En.code(), "en");
        assert_eq!(Lang::from_code("xx"), None);
    }
}
