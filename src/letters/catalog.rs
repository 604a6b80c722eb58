//! The catalogs: every text a mail says, in Project Fluent files, one
//! folder per language (`locales/en/`, `locales/ru/`), embedded in the
//! binary. Plural forms come from Fluent's rules for the language.

use crate::referee::tournament::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::OnceLock;

/// The catalog files of each language, by name; every language has the
/// same files with the same message ids and variables (tested). `build.rs`
/// embeds them in this order.
pub const FILES: [&str; 9] = crate::language::CATALOG_FILES;

/// The catalog files of `lang`, in the order of [`FILES`].
pub fn sources(lang: Lang) -> [&'static str; 9] {
    *lang.catalogs()
}

type Bundle = FluentBundle<FluentResource>;

fn bundle(lang: Lang) -> &'static Bundle {
    static BUNDLES: OnceLock<Vec<OnceLock<Bundle>>> = OnceLock::new();
    let bundles = BUNDLES.get_or_init(|| Lang::all().map(|_| OnceLock::new()).collect());
    bundles[lang.index()].get_or_init(|| {
        let id = lang.code().parse().expect("a valid language code");
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // the mails are plain text: no Unicode isolation marks around values
        bundle.set_use_isolating(false);
        let own_rule = own_plural_rule(lang);
        if let Some(rule) = own_rule {
            bundle
                .add_function("PLURAL", move |positional, _| match positional.first() {
                    // 0 and 1 stay numbers: a `[0]` or `[1]` variant is
                    // chosen by value, else Fluent's category for them,
                    // which is right (`one` for 1)
                    Some(FluentValue::Number(n)) if n.value != 0.0 && n.value != 1.0 => {
                        FluentValue::String(rule(n.value).into())
                    }
                    Some(value) => value.clone(),
                    None => FluentValue::None,
                })
                .expect("PLURAL is defined once");
        }
        for source in sources(lang) {
            let source = match own_rule {
                // every selector through PLURAL, which gives a number's
                // category by the language's own rule, anything else as it is
                Some(_) => selectors_through_plural(source),
                None => source.to_string(),
            };
            let resource =
                FluentResource::try_new(source).expect("the shipped catalogs parse (tested)");
            bundle
                .add_resource(resource)
                .expect("no message id twice in a language (tested)");
        }
        bundle
    })
}

/// A plural rule the arbiter counts itself: a number's category.
type PluralRule = fn(f64) -> &'static str;

/// The plural rule of `lang` where Fluent's own (`intl_pluralrules`) is
/// wrong: 7.0.2 reads CLDR's Lithuanian rule without its modulo, so that
/// 22 would be `other` ("22 dienų") instead of `few` ("22 dienos").
fn own_plural_rule(lang: Lang) -> Option<PluralRule> {
    match lang.language().plural_rule.as_deref() {
        Some("lithuanian") => Some(lithuanian),
        _ => None,
    }
}

/// CLDR's Lithuanian cardinal rule: one (1, 21, 31, … not 11-19), few
/// (2-9, 22-29, … not 12-19), many (a fraction), other (0, 10-20, 30, …).
fn lithuanian(n: f64) -> &'static str {
    if n.fract() != 0.0 {
        return "many";
    }
    let i = n.abs() as u64;
    let teen = (11..=19).contains(&(i % 100));
    match i % 10 {
        1 if !teen => "one",
        2..=9 if !teen => "few",
        _ => "other",
    }
}

/// `source` with every `{ $name ->` selector written `{ PLURAL($name) ->`.
fn selectors_through_plural(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 256);
    let mut rest = source;
    while let Some(at) = rest.find("{ $") {
        let after = &rest[at + 3..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(after.len());
        let (name, tail) = after.split_at(name_len);
        if let Some(tail) = tail.strip_prefix(" ->") {
            out.push_str(&rest[..at]);
            out.push_str("{ PLURAL($");
            out.push_str(name);
            out.push_str(") ->");
            rest = tail;
        } else {
            out.push_str(&rest[..at + 3]);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// A value for a catalog variable.
pub enum Arg<'a> {
    Text(&'a str),
    Owned(String),
    Number(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Text(s)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Self {
        Arg::Text(s)
    }
}

impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Owned(s)
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(u32, i64, usize, u64, i32);

/// The text of message `id` in `lang` with `args`. A missing id (a bug the
/// catalog tests catch) gives the id itself rather than a panic.
pub fn text(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    let bundle = bundle(lang);
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        tracing::error!(id, "no such message in the catalog");
        return id.to_string();
    };
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        let value = match value {
            Arg::Text(s) => FluentValue::from(*s),
            Arg::Owned(s) => FluentValue::from(s.as_str()),
            Arg::Number(n) => FluentValue::from(*n),
        };
        fluent_args.set(*name, value);
    }
    let mut errors = Vec::new();
    let out = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if !errors.is_empty() {
        tracing::error!(id, ?errors, "a catalog message did not format cleanly");
    }
    out.into_owned()
}

/// `t!(lang, "id", name = value, …)`: the catalog's text.
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::letters::catalog::text(
            $lang,
            $id,
            &[$((stringify!($name), $crate::letters::catalog::Arg::from($value))),*],
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use fluent_syntax::ast;
    use std::collections::{BTreeMap, BTreeSet};

    /// Message ids with the variables each one uses.
    fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
        fn walk_pattern(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
            for element in &p.elements {
                if let ast::PatternElement::Placeable { expression } = element {
                    walk_expression(expression, vars);
                }
            }
        }
        fn walk_inline(e: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
            match e {
                ast::InlineExpression::VariableReference { id } => {
                    vars.insert(id.name.to_string());
                }
                ast::InlineExpression::FunctionReference { arguments, .. } => {
                    for a in &arguments.positional {
                        walk_inline(a, vars);
                    }
                }
                ast::InlineExpression::Placeable { expression } => {
                    walk_expression(expression, vars)
                }
                _ => {}
            }
        }
        fn walk_expression(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
            match e {
                ast::Expression::Select { selector, variants } => {
                    walk_inline(selector, vars);
                    for v in variants {
                        walk_pattern(&v.value, vars);
                    }
                }
                ast::Expression::Inline(inline) => walk_inline(inline, vars),
            }
        }
        let resource = fluent_syntax::parser::parse(source).expect("the catalog parses");
        let mut out = BTreeMap::new();
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(value) = &m.value {
                    walk_pattern(value, &mut vars);
                }
                out.insert(m.id.name.to_string(), vars);
            }
        }
        out
    }

    #[test]
    fn every_language_has_every_message_with_the_same_variables() {
        for (i, file) in FILES.iter().enumerate() {
            let english = messages(sources(Lang::En)[i]);
            for lang in Lang::all() {
                let other = messages(sources(lang)[i]);
                assert_eq!(
                    english.keys().collect::<Vec<_>>(),
                    other.keys().collect::<Vec<_>>(),
                    "{}/{file}.ftl has other message ids than en/{file}.ftl",
                    lang.code()
                );
                for (id, vars) in &english {
                    assert_eq!(
                        vars,
                        &other[id],
                        "{}/{file}.ftl: {id} uses other variables",
                        lang.code()
                    );
                }
            }
        }
    }

    #[test]
    fn every_message_formats_without_errors_in_every_language() {
        for lang in Lang::all() {
            let all: BTreeMap<String, BTreeSet<String>> =
                sources(lang).iter().flat_map(|s| messages(s)).collect();
            for (id, vars) in all {
                let bundle = bundle(lang);
                let pattern = bundle.get_message(&id).and_then(|m| m.value()).unwrap();
                let mut args = FluentArgs::new();
                for v in &vars {
                    args.set(v.as_str(), FluentValue::from(3));
                }
                let mut errors = Vec::new();
                bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{}: {id}: {errors:?}", lang.code());
            }
        }
    }

    #[test]
    fn plural_forms_follow_the_language() {
        let days = |lang, n: u32| text(lang, "days", &[("n", Arg::from(n))]);
        assert_eq!(days(Lang::En, 1), "1 day");
        assert_eq!(days(Lang::En, 2), "2 days");
        assert_eq!(days(Lang::Ru, 1), "1 день");
        assert_eq!(days(Lang::Ru, 3), "3 дня");
        assert_eq!(days(Lang::Ru, 5), "5 дней");
        assert_eq!(days(Lang::Ru, 21), "21 день");
        let moves = |lang, n: u32| text(lang, "moves", &[("n", Arg::from(n))]);
        assert_eq!(moves(Lang::Ru, 1), "1 ход");
        assert_eq!(moves(Lang::Ru, 3), "3 хода");
        assert_eq!(moves(Lang::Ru, 5), "5 ходов");
        assert_eq!(moves(Lang::En, 1), "1 move");
    }

    /// Lithuanian has three plural forms (one, few, other), German two:
    /// 1, 2, 5, 10, 21, 22 days in each, in the counts and in the clock.
    #[test]
    fn plurals_of_lithuanian_and_german_days() {
        for (n, category) in [(1.0, "one"), (11.0, "other"), (21.0, "one"), (22.0, "few")] {
            assert_eq!(lithuanian(n), category, "{n}");
        }
        assert_eq!(
            [2.0, 9.0, 12.0, 19.0, 29.0, 10.0, 0.0, 111.0, 1.5].map(lithuanian),
            ["few", "few", "other", "other", "few", "other", "other", "other", "many"]
        );
        let lt = Lang::from_code("lt").unwrap();
        let de = Lang::from_code("de").unwrap();
        let days = |lang, n: u32| text(lang, "days", &[("n", Arg::from(n))]);
        let ns = [1, 2, 5, 10, 21, 22];
        assert_eq!(
            ns.map(|n| days(lt, n)),
            [
                "1 diena",
                "2 dienos",
                "5 dienos",
                "10 dienų",
                "21 diena",
                "22 dienos"
            ]
        );
        assert_eq!(
            ns.map(|n| days(de, n)),
            ["1 Tag", "2 Tage", "5 Tage", "10 Tage", "21 Tage", "22 Tage"]
        );
        assert_eq!(
            ns.map(|n| days(Lang::Ru, n)),
            ["1 день", "2 дня", "5 дней", "10 дней", "21 день", "22 дня"]
        );
        // the clock line carries the same forms for each number it holds
        for lang in [lt, de] {
            for n in ns {
                let line = text(
                    lang,
                    "clock",
                    &[
                        ("used", Arg::from(n)),
                        ("allowance", Arg::from(60u32)),
                        ("control", Arg::from(10u32)),
                        ("left", Arg::from(n)),
                        ("over", Arg::from(0u32)),
                    ],
                );
                let word = days(lang, n);
                let word = word.split(' ').nth(1).unwrap();
                assert!(line.contains(&format!("{n} ")), "{lang:?} {n}: {line}");
                assert!(!line.contains('{'), "{lang:?} {n}: {line}");
                let _ = word;
            }
        }
    }

    /// Every message of `lang` rendered with each of its variables set to
    /// the number `n`: what a reader sees whatever the variable.
    fn rendered_with(lang: Lang, n: i64) -> Vec<(String, String)> {
        let all: BTreeMap<String, BTreeSet<String>> =
            sources(lang).iter().flat_map(|s| messages(s)).collect();
        all.into_iter()
            .map(|(id, vars)| {
                // a game's or tournament's label is a name, not a count
                let args: Vec<(&str, Arg)> = vars
                    .iter()
                    .map(|v| match v.as_str() {
                        "game" | "tournament" | "id" => (v.as_str(), Arg::Text("T")),
                        _ => (v.as_str(), Arg::Number(n)),
                    })
                    .collect();
                let out = text(lang, &id, &args);
                (id, out)
            })
            .collect()
    }

    /// CLDR's Russian cardinal category of a whole number.
    fn russian(n: i64) -> &'static str {
        match (n % 10, n % 100) {
            (1, h) if h != 11 => "one",
            (2..=4, h) if !(12..=14).contains(&h) => "few",
            _ => "many",
        }
    }

    const COUNTS: [i64; 8] = [1, 2, 5, 11, 21, 22, 25, 31];

    /// A count and the words around it agree with its plural category in
    /// every Russian mail: "остался 1 день", "осталось 2 дня", "осталось 5
    /// дней", "использован 21 день", "израсходован 31 день", "1 ход".
    #[test]
    fn russian_counts_agree_with_their_plural_category() {
        let count = regex::Regex::new(r"(\S+) (\d+) (день|дня|дней|ход|хода|ходов)\b").unwrap();
        let participle = regex::Regex::new(
            r"(?i)\b(использован[оы]?|израсходован[оы]?|остал[а-я]*|прош[а-я]*)(?: всего)? (\d+) (день|дня|дней)\b",
        )
        .unwrap();
        let mut wrong = Vec::new();
        for n in COUNTS {
            let category = russian(n);
            for (id, text) in rendered_with(Lang::Ru, n) {
                for c in count.captures_iter(&text) {
                    if c[2] != n.to_string() {
                        continue;
                    }
                    // after "больше", "меньше", "до" the genitive: 1 дня, 5 дней
                    let genitive = matches!(&c[1], "больше" | "меньше" | "до");
                    let noun = &c[3];
                    let stem = if noun.starts_with('д') { "д" } else { "х" };
                    let expected = match (stem, category, genitive) {
                        ("д", "one", false) => "день",
                        ("д", "few", false) | ("д", "one", true) => "дня",
                        ("д", _, _) => "дней",
                        (_, "one", false) => "ход",
                        (_, "few", false) | (_, "one", true) => "хода",
                        _ => "ходов",
                    };
                    if noun != expected {
                        wrong.push(format!("{id} ({n}): «{}»", &c[0]));
                    }
                }
                for c in participle.captures_iter(&text) {
                    let word = c[1].to_lowercase();
                    let expected = match category {
                        "one" => ["использован", "израсходован", "остался", "прошел"],
                        _ => ["использовано", "израсходовано", "осталось", "прошло"],
                    };
                    if !expected.contains(&word.as_str()) {
                        wrong.push(format!("{id} ({n}): «{}»", &c[0]));
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// A count and its noun agree in every Lithuanian mail: "1 diena", "21
    /// diena", "2 dienos", "10 dienų", in whatever case the sentence needs
    /// (CLDR: one 1, 21, 31; few 2-9, 22-29; other 0, 10-20, 30).
    #[test]
    fn lithuanian_counts_agree_with_their_plural_category() {
        let lt = Lang::from_code("lt").unwrap();
        let count = regex::Regex::new(r"(\d+) (dien\w*|ėjim\w*|partij\w*)").unwrap();
        let mut wrong = Vec::new();
        for n in COUNTS {
            let category = lithuanian(n as f64);
            for (id, text) in rendered_with(lt, n) {
                for c in count.captures_iter(&text) {
                    if c[1] != n.to_string() {
                        continue;
                    }
                    let noun = &c[2];
                    let allowed: &[&str] = match category {
                        "one" => &[
                            "diena", "dieną", "dienos", "dienai", "ėjimas", "ėjimą", "ėjimo",
                            "ėjimui", "partija", "partiją", "partijos",
                        ],
                        "few" => &[
                            "dienos", "dienas", "dienų", "dienomis", "dienoms", "ėjimai", "ėjimus",
                            "ėjimų", "ėjimams", "partijos", "partijas", "partijų",
                        ],
                        _ => &["dienų", "ėjimų", "partijų"],
                    };
                    if !allowed.contains(&noun) {
                        wrong.push(format!("{id} ({n}): «{}»", &c[0]));
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// German and English have one and other: "1 Tag", "2 Tage"; "1 day".
    #[test]
    fn german_and_english_counts_agree() {
        let de = Lang::from_code("de").unwrap();
        let count = regex::Regex::new(
            r"(?:^|[^/\d])(\d+) (Tage?n?|Zuges|Zügen?|Zug|Partien?|days?|moves?|games?)\b",
        )
        .unwrap();
        let mut wrong = Vec::new();
        for lang in [de, Lang::En] {
            for n in COUNTS {
                for (id, text) in rendered_with(lang, n) {
                    for c in count.captures_iter(&text) {
                        if c[1] != n.to_string() {
                            continue;
                        }
                        let noun = &c[2];
                        let singular = matches!(
                            noun,
                            "Tag" | "Zug" | "Zuges" | "Partie" | "day" | "move" | "game"
                        );
                        if singular != (n == 1) {
                            wrong.push(format!("{id} ({n}): «{}»", &c[0]));
                        }
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// One word for one thing in Russian, as RAZSh writes it: a time
    /// overstep is "просрочка времени", a claim of one "заявление"
    /// ("заявка" is the adjudication claim, III.9.4, and stays there), in
    /// the mails and in the players' guide.
    #[test]
    fn russian_says_prosrochka_and_zayavlenie() {
        let guide = include_str!("../../docs/players.ru.md");
        let mut wrong = Vec::new();
        for (id, text) in rendered_with(Lang::Ru, 5) {
            let adjudication = id.starts_with("adj-");
            if text.contains("превышени") || (!adjudication && text.contains("аявк")) {
                wrong.push(format!("{id}: {text}"));
            }
        }
        for line in guide.lines() {
            if line.contains("превышени") || line.contains("новая заявка") {
                wrong.push(format!("docs/players.ru.md: {line}"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// The side to move is named in the sentence's own case: "Ход черных",
    /// "Black to move", "Schwarz am Zug", "Eina juodieji".
    #[test]
    fn the_side_to_move_reads_as_a_native_speaker_says_it() {
        let lt = Lang::from_code("lt").unwrap();
        let de = Lang::from_code("de").unwrap();
        let board = |lang, side: &str| text(lang, "board-to-move", &[("color", Arg::Text(side))]);
        assert_eq!(board(Lang::Ru, "black"), "Ход черных");
        assert_eq!(board(Lang::Ru, "white"), "Ход белых");
        assert_eq!(board(Lang::En, "black"), "Black to move");
        assert_eq!(board(de, "white"), "Weiß am Zug");
        assert_eq!(board(lt, "black"), "Eina juodieji");
        let progress = |lang, side: &str| {
            text(
                lang,
                "answer-progress-to-move",
                &[("color", Arg::Text(side))],
            )
        };
        assert_eq!(progress(Lang::Ru, "white"), "ход белых");
        assert_eq!(progress(Lang::En, "white"), "White to move");
    }
}
