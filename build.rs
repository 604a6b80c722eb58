//! Embeds the languages: every folder of `locales/` with a
//! `language.toml` and the catalog files is a language the arbiter speaks
//! (`src/language.rs` reads what this writes), with its players' guide
//! (`docs/players.<code>.md`; English `docs/players.md`) where there is
//! one. A folder missing a file is left out with a warning, and the test
//! `every_locales_folder_is_built_in` fails on it.

use std::fmt::Write as _;
use std::path::Path;

/// The catalog files every language has, in the order they are embedded
/// (written out as `FILES` for `src/letters/catalog.rs`).
const FILES: [&str; 9] = [
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

fn main() {
    println!("cargo:rerun-if-changed=locales");
    let root =
        Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
            .join("locales");
    let mut folders: Vec<_> = std::fs::read_dir(&root)
        .expect("locales/ is readable")
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .collect();
    folders.sort_by_key(std::fs::DirEntry::file_name);
    let mut codes = String::new();
    let mut sources = String::new();
    let mut guides = String::new();
    for folder in folders {
        let dir = folder.path();
        println!("cargo:rerun-if-changed={}", dir.display());
        let code = folder.file_name().to_string_lossy().into_owned();
        let missing: Vec<&str> = std::iter::once("language.toml")
            .chain(FILES.iter().copied())
            .filter(|f| {
                let name = if f.ends_with(".toml") {
                    (*f).to_string()
                } else {
                    format!("{f}.ftl")
                };
                !dir.join(name).is_file()
            })
            .collect();
        if !missing.is_empty() {
            println!(
                "cargo:warning=locales/{code}/ is left out: it lacks {}",
                missing.join(", ")
            );
            continue;
        }
        let path = |name: &str| format!("{:?}", dir.join(name).display().to_string());
        write!(codes, "{code:?}, ").unwrap();
        write!(sources, "    (include_str!({}), [", path("language.toml")).unwrap();
        for f in FILES {
            write!(sources, "include_str!({}), ", path(&format!("{f}.ftl"))).unwrap();
        }
        sources.push_str("]),\n");
        let guide = match code.as_str() {
            "en" => "players.md".to_string(),
            code => format!("players.{code}.md"),
        };
        let guide = Path::new(
            &std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
        )
        .join("docs")
        .join(guide);
        println!("cargo:rerun-if-changed={}", guide.display());
        if guide.is_file() {
            writeln!(
                guides,
                "    Some(include_str!({:?})),",
                guide.display().to_string()
            )
            .unwrap();
        } else {
            guides.push_str("    None,\n");
        }
    }
    let out = format!(
        "/// The catalog files of every language, in the order of [`SOURCES`].\n\
         pub const FILES: [&str; 9] = {FILES:?};\n\n\
         /// The codes of the embedded languages, in order (a folder of `locales/` each).\n\
         pub const CODES: &[&str] = &[{codes}];\n\n\
         /// Each language's `language.toml` and catalog files, in the order of [`CODES`].\n\
         pub static SOURCES: &[(&str, [&str; 9])] = &[\n{sources}];\n\n\
         /// Each language's players' guide, if it has one, in the order of [`CODES`].\n\
         pub static GUIDES: &[Option<&str>] = &[\n{guides}];\n"
    );
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("languages.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
