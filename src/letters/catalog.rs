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
pub const FILES: [&str; 9] = [
    "common",
    "forms",
    "requests",
    "game",
    "answers",
    "officials",
    "adjudication",
    "digest",
    "web",
];

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
        for source in sources(lang) {
            let resource = FluentResource::try_new(source.to_string())
                .expect("the shipped catalogs parse (tested)");
            bundle
                .add_resource(resource)
                .expect("no message id twice in a language (tested)");
        }
        bundle
    })
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
}
