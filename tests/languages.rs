//! Four players of four languages in one tournament, by mail: a Russian,
//! an Englishman, a Lithuanian and a German each write moves in their own
//! letters and commands in their own words, and each reads every mail he
//! gets in his own language only.

mod common;

use common::*;

const RU: &str = "ivanov@example.test";
const EN: &str = "smith@example.test";
const LT: &str = "kazlauskas@example.test";
const DE: &str = "weber@example.test";
const TD: &str = "td@example.test";
const BALTIC: &str = "Re: [RUS-EM-2026/1] Kazlauskas - Weber";
const OPEN: &str = "Re: [RUS-EM-2026/2] Ivanov - Smith";

fn arena() -> Arena {
    let text = config_with(
        "RUS-EM-2026",
        "2026-05-10",
        "san",
        "",
        &[
            ("kazlauskas", "Kazlauskas, Jonas", LT, "lt"),
            ("weber", "Weber, Hans", DE, "de"),
            ("ivanov", "Ivanov, Ivan", RU, "ru"),
            ("smith", "Smith, John", EN, "en"),
        ],
        &[("kazlauskas", "weber"), ("ivanov", "smith")],
    );
    Arena::new(&text)
}

/// Words that tell a language: a mail to a reader of another language
/// must have none of them outside names, brackets and command words.
fn markers(lang: &str) -> &'static [&'static str] {
    match lang {
        "en" => &[
            "the", "your", "you", "and", "move", "moves", "game", "days", "with", "to",
        ],
        "de" => &[
            "der", "die", "das", "und", "sie", "ihr", "ihre", "zug", "züge", "partie", "tage",
            "nicht", "weiß", "schwarz",
        ],
        "lt" => &[
            "ir", "jūsų", "ėjimas", "ėjimą", "partija", "partijos", "dienos", "dienų", "baltieji",
            "juodieji", "yra",
        ],
        _ => &[],
    }
}

/// The words of `text` that belong to a language other than `lang`: any
/// Cyrillic word to a non-Russian reader, another language's marker
/// words; names, bracketed text and capitalised command words aside.
fn foreign_words(text: &str, lang: &str) -> Vec<String> {
    let names = [
        "Kazlauskas",
        "Jonas",
        "Weber",
        "Hans",
        "Ivanov",
        "Ivan",
        "Smith",
        "John",
    ];
    let mut plain = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for word in plain.split(|c: char| !c.is_alphabetic()) {
        if word.is_empty() || names.contains(&word) {
            continue;
        }
        // a command word a player types, in capitals
        if word.chars().count() > 1 && word.chars().all(|c| !c.is_lowercase()) {
            continue;
        }
        let cyrillic = word.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c));
        if cyrillic && lang != "ru" {
            out.push(word.to_string());
            continue;
        }
        let lower = word.to_lowercase();
        for other in ["en", "de", "lt"] {
            if other != lang && markers(other).contains(&lower.as_str()) {
                out.push(word.to_string());
            }
        }
    }
    out
}

/// Every mail of `sent` to `address` is in `lang` only.
fn each_in_his_language(sent: &[Sent], address: &str, lang: &str) -> usize {
    let mut read = 0;
    for mail in sent.iter().filter(|m| m.to.iter().any(|t| t == address)) {
        let foreign = foreign_words(&format!("{}\n{}", mail.subject, mail.body), lang);
        assert!(
            foreign.is_empty(),
            "to {address} ({lang}): {foreign:?} in\n{}\n{}",
            mail.subject,
            mail.body
        );
        read += 1;
    }
    read
}

/// Sends `body` from `from` on `day`; every mail that comes of it is
/// checked against its reader's language, and returned.
fn write(arena: &mut Arena, from: &str, subject: &str, body: &str, day: &str) -> Vec<Sent> {
    let sent = arena.exchange(from, subject, body, day);
    for (address, lang) in [(RU, "ru"), (EN, "en"), (LT, "lt"), (DE, "de"), (TD, "en")] {
        each_in_his_language(&sent, address, lang);
    }
    sent
}

fn to<'a>(sent: &'a [Sent], address: &str) -> &'a Sent {
    sent.iter()
        .find(|m| m.to.iter().any(|t| t == address))
        .unwrap_or_else(|| panic!("nothing to {address}: {sent:#?}"))
}

/// The check itself finds another language's words, and passes names,
/// brackets and command words.
#[test]
fn the_language_check_finds_foreign_words() {
    assert_eq!(foreign_words("Your move, please", "de"), ["Your", "move"]);
    assert_eq!(foreign_words("Ihr Zug", "lt"), ["Ihr", "Zug"]);
    assert_eq!(foreign_words("Jūsų ėjimas", "en"), ["Jūsų", "ėjimas"]);
    assert_eq!(foreign_words("Ваш ход", "de"), ["Ваш", "ход"]);
    assert!(foreign_words("Smith, John: 1. Nf3 (CONFIRM the game) PATVIRTINU", "lt").is_empty());
}

#[test]
fn four_languages_each_writes_in_his_own_and_reads_only_his_own() {
    let mut arena = arena();
    arena.run("2026-05-10");
    let opening = arena.new_sent();
    for (address, lang) in [(RU, "ru"), (EN, "en"), (LT, "lt"), (DE, "de")] {
        assert_eq!(
            each_in_his_language(&opening, address, lang),
            1,
            "{address}: one opening mail"
        );
    }
    // the Lithuanian and the German, each in his own letters: Ž the
    // knight, R the bishop (the English rook), S the German knight, L his
    // bishop
    let sent = write(&mut arena, LT, BALTIC, "1. Žf3", "2026-05-11");
    has(to(&sent, DE), "1. Sf3");
    if std::env::var("SHOW_MAILS").is_ok() {
        for m in &sent {
            eprintln!("=== {:?}\n{}", m.to, m.body);
        }
    }
    let sent = write(&mut arena, DE, BALTIC, "1. Sf3 1... Sf6", "2026-05-12");
    has(to(&sent, LT), "1... Žf6");
    write(&mut arena, LT, BALTIC, "1... Žf6 2. g3", "2026-05-13");
    write(&mut arena, DE, BALTIC, "2. g3 2... g6", "2026-05-14");
    let sent = write(&mut arena, LT, BALTIC, "2... g6 3. Rg2", "2026-05-15");
    has(to(&sent, DE), "3. Lg2");
    let sent = write(&mut arena, DE, BALTIC, "3. Lg2 3... Lg7", "2026-05-16");
    has(to(&sent, LT), "3... Rg7");
    // the Lithuanian offers a draw with his move, the German accepts
    let sent = write(
        &mut arena,
        LT,
        BALTIC,
        "3... Rg7 4. O-O\nSIŪLAU LYGIĄSIAS",
        "2026-05-17",
    );
    has(to(&sent, DE), "4. 0-0");
    let sent = write(&mut arena, DE, BALTIC, "Ich nehme Remis an.", "2026-05-18");
    assert!(
        sent.iter().any(|m| m.to.iter().any(|t| t == LT)),
        "{sent:#?}"
    );
    let json = arena.json("RUS-EM-2026/1");
    assert_eq!(json["result"], "1/2-1/2", "{json}");
    // the Russian and the Englishman
    let sent = write(&mut arena, RU, OPEN, "1. e2-e4", "2026-05-11");
    has(to(&sent, EN), "1. e4");
    let sent = write(&mut arena, EN, OPEN, "1. e4 1... e5", "2026-05-12");
    has(to(&sent, RU), "1... e5");
    let sent = write(&mut arena, RU, OPEN, "1... e7-e5 2. Кg1-f3", "2026-05-13");
    has(to(&sent, EN), "2. Nf3");
    let sent = write(&mut arena, EN, OPEN, "2. Nf3 2... Nc6", "2026-05-14");
    has(to(&sent, RU), "2... Кc6");
    // each asks for his status in his own words
    for (from, subject, words, lang) in [
        (LT, BALTIC, "BŪSENA", "lt"),
        (DE, BALTIC, "STAND", "de"),
        (RU, OPEN, "СТАТУС", "ru"),
        (EN, OPEN, "STATUS", "en"),
    ] {
        let sent = write(&mut arena, from, subject, words, "2026-05-20");
        assert_eq!(
            each_in_his_language(&sent, from, lang),
            1,
            "{words}: {sent:#?}"
        );
    }
    // each asks for help in his own words: the answer names the players'
    // guide and carries it, in his language
    for (from, subject, words, lang, heading) in [
        (LT, BALTIC, "PAGALBA", "lt", "# Žaidėjo atmintinė"),
        (DE, BALTIC, "HILFE", "de", "# Merkblatt für Spieler"),
        (RU, OPEN, "ПОМОЩЬ", "ru", "# Памятка участника"),
        (
            EN,
            OPEN,
            "HELP",
            "en",
            "# Playing in a mailarbiter tournament",
        ),
    ] {
        let sent = write(&mut arena, from, subject, words, "2026-05-21");
        let answer = to(&sent, from);
        let file = format!("players-guide.{lang}.txt");
        has(answer, &file);
        assert_eq!(answer.attachments.len(), 1, "{words}: {answer:?}");
        let (name, text) = &answer.attachments[0];
        assert_eq!(name, &file);
        assert!(text.starts_with(heading), "{words}: {}", &text[..80]);
        // as text the mail program shows, not a Markdown file to save
        let raw = std::fs::read(&answer.file).unwrap();
        let mail = mail_parser::MessageParser::default().parse(&raw).unwrap();
        let part = mail.attachment(0).unwrap();
        use mail_parser::MimeHeaders;
        let kind = part.content_type().unwrap();
        assert_eq!(
            (kind.ctype(), kind.subtype(), kind.attribute("charset")),
            ("text", Some("plain"), Some("utf-8")),
            "{words}"
        );
    }
}
