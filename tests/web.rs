//! The static web pages (issue 13 §3, `[gateway] web_dir`, `web --output`):
//! a small round robin played by mail through the Maildir arena, its pages
//! written by the daemon after each commit; every page well-formed (an XML
//! parser reads it), every link resolving to a file; the crosstable's
//! points, a game's moves with their dates, the PGN file equal to
//! `export`'s; text from players escaped; only the changed games' pages
//! rewritten; and a real browser (headless Chromium) rendering the pages.

mod common;

use common::game_mail as mail;
use common::*;
use std::fs;
use std::path::{Path, PathBuf};

const T: &str = "RUS-EM-2026";
/// A name a web page must escape.
const NASTY: &str = "Smirnov <script>alert(1)</script> & Co";

/// Four players in a round robin (1-4 2-3 | 4-3 1-2 | 2-4 3-1), the web
/// pages written to `web/`.
fn round_robin() -> String {
    config_with(
        T,
        "2026-05-10",
        "san",
        "pairing = \"round-robin\"\n",
        &[
            ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "en"),
            ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
            ("sidorov", "Sidorov, Sidor", "sidorov@example.test", "ru"),
            ("smirnov", NASTY, "smirnov@example.test", "en"),
        ],
        &[],
    )
    .replace(
        "state = \"state\"\n",
        "state = \"state\"\nweb_dir = \"web\"\n",
    )
}

/// 1 Ivanov-Smirnov 1-0, 2 Petrov-Sidorov ½-½, 3 Smirnov-Sidorov 1-0,
/// 4 Ivanov-Petrov 0-1, 5 Petrov-Smirnov ½-½, 6 Sidorov-Ivanov 0-1
/// (left running after 1. d4 when `all` is false).
fn played(all: bool) -> Arena {
    let mut arena = Arena::new(&round_robin());
    fs::create_dir_all(arena.path().join("web")).unwrap();
    arena.run("2026-05-10");
    resign_game(&mut arena, 1, "ivanov", "smirnov", "2026-05-11");
    draw_game(&mut arena, 2, "petrov", "sidorov", "2026-05-12");
    resign_game(&mut arena, 3, "smirnov", "sidorov", "2026-05-13");
    resign_game(&mut arena, 4, "ivanov", "ivanov", "2026-05-14");
    draw_game(&mut arena, 5, "petrov", "smirnov", "2026-05-15");
    if all {
        resign_game(&mut arena, 6, "sidorov", "sidorov", "2026-05-16");
    } else {
        mail(&mut arena, 6, "sidorov", "1. d4", "2026-05-16");
    }
    arena
}

/// Every file under `dir`.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files(&path));
        } else {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// Reads `page` with an XML parser: every element closed and nested right,
/// the text well-formed. Returns the `href`s.
fn well_formed(page: &Path) -> Vec<String> {
    use quick_xml::events::Event;
    let text = fs::read_to_string(page).unwrap();
    assert!(text.starts_with("<!DOCTYPE html>"), "{}", page.display());
    let mut reader = quick_xml::Reader::from_str(&text);
    reader.config_mut().check_end_names = true;
    let mut open: Vec<String> = Vec::new();
    let mut hrefs = Vec::new();
    let mut elements = 0;
    loop {
        let event = reader
            .read_event()
            .unwrap_or_else(|e| panic!("{} is not well-formed: {e}", page.display()));
        let mut attributes = |e: &quick_xml::events::BytesStart| {
            elements += 1;
            for a in e.attributes() {
                let a = a.unwrap_or_else(|err| panic!("{}: {err}", page.display()));
                // every attribute value unescapes (no stray `&`)
                #[allow(deprecated)]
                let value = a
                    .unescape_value()
                    .unwrap_or_else(|err| panic!("{}: {err}", page.display()))
                    .into_owned();
                if a.key.as_ref() == "href" {
                    hrefs.push(value);
                }
            }
        };
        match event {
            Event::Start(e) => {
                attributes(&e);
                open.push(e.name().into_inner().to_string());
            }
            Event::Empty(e) => attributes(&e),
            Event::End(e) => {
                let name = e.name().into_inner().to_string();
                assert_eq!(
                    open.pop().as_deref(),
                    Some(name.as_str()),
                    "{}",
                    page.display()
                );
            }
            Event::GeneralRef(r) => {
                // an entity XML knows, or a character reference
                let name = r.into_inner().to_string();
                assert!(
                    ["amp", "lt", "gt", "quot", "apos"].contains(&name.as_str())
                        || name.starts_with('#'),
                    "{}: unknown entity &{name};",
                    page.display()
                );
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert!(open.is_empty(), "{}: unclosed {open:?}", page.display());
    assert!(elements > 10, "{}: hardly a page", page.display());
    hrefs
}

/// Every page of the site well-formed, every link to an existing file.
fn check_site(site: &Path) -> usize {
    let pages: Vec<PathBuf> = files(site)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    for page in &pages {
        for href in well_formed(page) {
            assert!(!href.contains("://"), "{}: {href}", page.display());
            let target = page.parent().unwrap().join(&href);
            assert!(
                target.is_file(),
                "{}: the link {href} leads nowhere",
                page.display()
            );
        }
    }
    pages.len()
}

#[test]
fn iii_9_the_web_pages_of_a_finished_round_robin() {
    let arena = played(true);
    let site = arena.path().join("web");
    // the index, the crosstable, six game pages (and six PGN files)
    assert_eq!(check_site(&site), 8);
    let dir = site.join(T);
    let table = fs::read_to_string(dir.join("index.html")).unwrap();
    // Petrov 2 (SB 3), Ivanov 2 (SB 2), Smirnov 1½, Sidorov ½
    let row = |name: &str| {
        table
            .lines()
            .find(|l| l.contains(&format!("<td>{name}</td>")) && l.starts_with("<tr><td>"))
            .unwrap_or_else(|| panic!("no row of {name}:\n{table}"))
            .to_string()
    };
    assert_eq!(
        row("Petrov, Petr"),
        "<tr><td>1</td><td>Petrov, Petr</td><td class=\"x\">X</td><td>1</td><td>½</td><td>½</td>\
         <td class=\"n\">2</td><td class=\"n\">3</td><td class=\"n\">3</td></tr>"
    );
    assert!(row("Ivanov, Ivan").starts_with("<tr><td>2</td>"), "{table}");
    let escaped = "Smirnov &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co";
    assert!(
        row(escaped).ends_with(
            "<td class=\"n\">1½</td><td class=\"n\">3</td><td class=\"n\">1.5</td></tr>"
        ),
        "{table}"
    );
    assert!(
        row("Sidorov, Sidor").contains("<td class=\"n\">½</td><td class=\"n\">3</td>"),
        "{table}"
    );
    assert!(table.contains("6 of 6 games finished, 6 results registered"));
    // a game page: its moves with the days they were sent, both clocks
    let game = fs::read_to_string(dir.join(format!("{T}-4.html"))).unwrap();
    assert!(
        game.contains("<tr><td class=\"n\">1</td><td>d4</td><td>14.05.2026</td>"),
        "{game}"
    );
    assert!(game.contains("finished 0-1"), "{game}");
    // a finished game's clock is its total: nothing is left to count
    assert!(
        game.contains("<td>White</td><td>Ivanov, Ivan</td><td>4 days in all</td>"),
        "{game}"
    );
    assert!(!game.contains(" left to move"), "{game}");
    assert!(game.contains("{[%ccsnt 2026.05.14]}"), "{game}");
    assert!(game.contains("♔") && game.contains("♚"), "{game}");
    assert!(
        game.contains(&format!("href=\"{T}-4.pgn\" download=\"{T}-4.pgn\"")),
        "{game}"
    );
    // the PGN beside it is export's, byte for byte
    let (code, export, err) = arena.cli(&["export"]);
    assert_eq!(code, 0, "{err}");
    for n in 1..=6 {
        let pgn = fs::read_to_string(dir.join(format!("{T}-{n}.pgn"))).unwrap();
        let (code, shown, err) = arena.cli(&["show", &format!("{T}/{n}"), "--pgn"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(pgn, shown);
        assert!(export.contains(&pgn), "game {n}");
    }
    // text from players never reaches a page as markup
    for page in files(&site) {
        let text = fs::read_to_string(&page).unwrap();
        if page.extension().is_some_and(|e| e == "html") {
            assert!(!text.contains("<script"), "{}", page.display());
        }
    }
    assert!(fs::read_to_string(dir.join(format!("{T}-1.html")))
        .unwrap()
        .contains(escaped));
}

/// A tournament whose director reads Russian has its pages in Russian
/// (the index too, when most tournaments' pages are), well-formed as the
/// English ones.
#[test]
fn the_pages_of_a_tournament_whose_director_reads_russian_are_in_russian() {
    let config = round_robin().replace(
        "director = \"td@example.test\"\n",
        "director = \"td@example.test\"\ndirector_language = \"ru\"\n",
    );
    let mut arena = Arena::new(&config);
    fs::create_dir_all(arena.path().join("web")).unwrap();
    arena.run("2026-05-10");
    mail(&mut arena, 1, "ivanov", "1. d4 (=)", "2026-05-11");
    let (code, out, err) = arena.cli(&["web", "--today", "2026-05-12"]);
    assert_eq!(code, 0, "{out}{err}");
    let site = arena.path().join("web");
    assert_eq!(check_site(&site), 8);
    let index = fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("<html lang=\"ru\">"), "{index}");
    assert!(index.contains("<th>Турнир</th>"), "{index}");
    let table = fs::read_to_string(site.join(T).join("index.html")).unwrap();
    for needed in [
        "Положение на 12.05.2026.",
        "<th>Очки</th>",
        "ход черных",
        "Все турниры",
    ] {
        assert!(table.contains(needed), "{needed}: {table}");
    }
    let game = fs::read_to_string(site.join(T).join(format!("{T}-1.html"))).unwrap();
    for needed in [
        "Время на 12.05.2026",
        "предложена ничья",
        "Результат: *.",
        "Скачать RUS-EM-2026-1.pgn",
    ] {
        assert!(game.contains(needed), "{needed}: {game}");
    }
    assert!(!game.contains("Clocks as of"), "{game}");
}

#[test]
fn the_web_command_writes_the_whole_site_and_the_daemon_only_what_changed() {
    let mut arena = played(false);
    let site = arena.path().join("web");
    let dir = site.join(T);
    // game 1 was finished days ago: its page is not written again when
    // game 6 goes on
    fs::remove_file(dir.join(format!("{T}-1.html"))).unwrap();
    mail(&mut arena, 6, "ivanov", "1. d4 d5", "2026-05-17");
    assert!(!dir.join(format!("{T}-1.html")).exists());
    let game6 = fs::read_to_string(dir.join(format!("{T}-6.html"))).unwrap();
    assert!(
        game6.contains(
            "<td>d4</td><td>16.05.2026</td><td class=\"n\">6</td><td>d5</td><td>17.05.2026</td>"
        ),
        "{game6}"
    );
    assert!(game6.contains("Clocks as of 17.05.2026"), "{game6}");
    let table = fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(table.contains("Standings as of 17.05.2026"), "{table}");
    assert!(table.contains("5 of 6 games finished"), "{table}");
    // `web --output` writes every page, here to a folder of its own
    let out = arena.path().join("elsewhere");
    let (code, text, err) = arena.cli(&[
        "web",
        "--output",
        out.to_str().unwrap(),
        "--today",
        "2026-05-20",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("wrote 8 page(s) and 6 PGN file(s)"), "{text}");
    assert_eq!(check_site(&out), 8);
    let game6 = fs::read_to_string(out.join(T).join(format!("{T}-6.html"))).unwrap();
    assert!(game6.contains("Clocks as of 20.05.2026"), "{game6}");
    // and without --output to web_dir, which brings game 1 back
    let (code, _, err) = arena.cli(&["web", "--today", "2026-05-20"]);
    assert_eq!(code, 0, "{err}");
    assert!(dir.join(format!("{T}-1.html")).exists());
    assert_eq!(check_site(&site), 8);
}

#[test]
fn a_web_dir_that_does_not_exist_is_a_config_problem() {
    let arena = Arena::new(&round_robin());
    let (code, _, err) = arena.cli(&["check"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("web_dir folder"), "{err}");
    assert!(err.contains("does not exist"), "{err}");
    // without web_dir and --output, `web` says what it needs
    let plain = Arena::new(&round_robin().replace("web_dir = \"web\"\n", ""));
    let (code, _, err) = plain.cli(&["web"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("no --output DIR and no [gateway] web_dir"),
        "{err}"
    );
}

#[test]
fn the_pages_render_in_a_real_browser() {
    let arena = played(true);
    let Some(shots) = Shots::new(
        "the_pages_render_in_a_real_browser",
        &arena.path().join("shots"),
    ) else {
        return;
    };
    let site = arena.path().join("web");
    shots.assert_shows("crosstable", &site.join(T).join("index.html"));
    shots.assert_shows("game", &site.join(T).join(format!("{T}-4.html")));
}

#[test]
fn the_parser_check_fails_on_broken_markup() {
    let dir = tempfile::tempdir().unwrap();
    // enough elements to count as a page: only the breakage may fail it
    let padding = "<p>x</p>".repeat(12);
    let good = dir.path().join("good.html");
    fs::write(
        &good,
        format!("<!DOCTYPE html><html><body>{padding}<p>a &amp; b &lt; c &#8212;<br/></p></body></html>"),
    )
    .unwrap();
    well_formed(&good);
    for (name, broken) in [
        (
            "unclosed.html",
            "<!DOCTYPE html><html><body><p>one<p>two</body></html>",
        ),
        (
            "crossed.html",
            "<!DOCTYPE html><html><body><b><i>x</b></i></body></html>",
        ),
        (
            "entity.html",
            "<!DOCTYPE html><html><body><p>a&nbsp;b</p></body></html>",
        ),
        (
            "raw.html",
            "<!DOCTYPE html><html><body><p>a & b < c</p></body></html>",
        ),
    ] {
        let page = dir.path().join(name);
        fs::write(&page, broken.replace("<body>", &format!("<body>{padding}"))).unwrap();
        let caught = std::panic::catch_unwind(|| well_formed(&page));
        assert!(caught.is_err(), "{name} passed the check");
    }
}
