//! The HTML part of the mails, as a mail client shows it: each notice kind
//! in both languages (a forward to each player, the claim to the director
//! and to the claimed player, the director's STATUS report, the result
//! with its PGN). Columns keep their alignment (fixed-width blocks), the
//! board is a table drawn from the reader's side, the PGN is fixed-width;
//! and headless Chromium renders every one of them (screenshots kept where
//! `MAILARBITER_SCREENSHOTS` names a folder).

mod common;

use common::*;
use std::fs;

const W: &str = "ivanov@example.test";
const B: &str = "petrov@example.test";
const TD: &str = "td@example.test";
const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";

/// The text inside each `<pre>` of `html`.
fn blocks(html: &str) -> Vec<&str> {
    html.split("<pre")
        .skip(1)
        .filter_map(|rest| rest.split_once('>'))
        .filter_map(|(_, rest)| rest.split("</pre>").next())
        .collect()
}

/// The mail of `sent` To `to` alone whose headline holds `what`.
fn find<'a>(sent: &'a [Sent], to: &str, what: &str) -> &'a Sent {
    sent.iter()
        .find(|m| m.to == [to.to_string()] && m.about.contains(what))
        .unwrap_or_else(|| panic!("a mail To {to} about {what:?}: {sent:#?}"))
}

/// Ivanov (Russian, White) against Petrov (English, Black): a forward to
/// each, the claim against Petrov, the director's STATUS, the result.
fn mails() -> Vec<(&'static str, Sent)> {
    let mut arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    arena.new_sent();
    let sent = arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    let to_black = find(&sent, B, "1. 5254").clone();
    let sent = arena.exchange(B, SUBJECT, "1. 5254 5755", "2026-05-11");
    let to_white = find(&sent, W, "1... 5755").clone();
    let sent = arena.exchange(W, SUBJECT, "1... 5755 2. 7163", "2026-05-12");
    assert!(sent.iter().any(|m| m.about.contains("2. 7163")));
    // Petrov silent past his 60 days: the claim
    arena.run("2026-07-12");
    let sent = arena.new_sent();
    let claim_director = find(&sent, TD, "overstep").clone();
    let claim_black = find(&sent, B, "overstep").clone();
    let sent = arena.exchange(TD, "status", "STATUS", "2026-07-12");
    let status = sent
        .iter()
        .find(|m| m.to == [TD.to_string()])
        .unwrap_or_else(|| panic!("{sent:#?}"))
        .clone();
    arena.exchange(B, SUBJECT, "PROTEST\nI was ill.", "2026-07-13");
    let sent = arena.exchange(TD, SUBJECT, "CONFIRM", "2026-07-13");
    let result = find(&sent, W, "1-0").clone();
    vec![
        ("forward-en", to_black),
        ("forward-ru", to_white),
        ("claim-director-en", claim_director),
        ("claim-player-en", claim_black),
        ("status-en", status),
        ("result-ru", result),
    ]
}

#[test]
fn every_notice_kind_keeps_its_columns_its_board_and_its_pgn_in_html() {
    for (kind, mail) in mails() {
        let html = mail
            .html
            .as_deref()
            .unwrap_or_else(|| panic!("{kind}: no HTML"));
        let pre = blocks(html);
        // the form's header block: its labels and values stay in columns
        if mail.body.contains("Start date  ") || mail.body.contains("Дата старта ") {
            assert!(
                pre.iter()
                    .any(|b| b.contains("Start date") || b.contains("Дата старта")),
                "{kind}: the header block is not fixed-width:\n{html}"
            );
        }
        // the board is a table; from Black's side for Black's mails
        if mail.body.contains("    a b c d e f g h")
            || mail.body.contains("    h g f e d c b a")
            || mail.body.contains("    a  b  c")
        {
            assert!(html.contains("<table"), "{kind}: no board table:\n{html}");
        }
        if mail.to == [B.to_string()] && mail.body.contains("To move") {
            let files = html.find(">h</th>").zip(html.find(">a</th>"));
            assert!(
                files.is_some_and(|(h, a)| h < a),
                "{kind}: the board is not from Black's side:\n{html}"
            );
        }
        // the PGN is fixed-width
        if mail.body.contains("[Event ") {
            assert!(
                pre.iter().any(|b| b.contains("[Event ")),
                "{kind}: the PGN is not fixed-width:\n{html}"
            );
        }
    }
}

#[test]
fn the_directors_status_crosstable_stays_a_table_in_html() {
    let (_, status) = mails()
        .into_iter()
        .find(|(kind, _)| *kind == "status-en")
        .unwrap();
    let html = status.html.as_deref().unwrap();
    // the crosstable's lines (names and points in columns) in one block
    let table = blocks(html)
        .into_iter()
        .find(|b| b.contains("Ivanov, Ivan") && b.contains("Petrov, Petr"))
        .unwrap_or_else(|| panic!("the crosstable is not fixed-width:\n{html}"));
    assert!(table.lines().count() >= 3, "{table}");
}

#[test]
fn every_notice_kind_renders_in_a_real_browser() {
    let dir = tempfile::tempdir().unwrap();
    let Some(shots) = Shots::new("every_notice_kind_renders_in_a_real_browser", dir.path()) else {
        return;
    };
    for (kind, mail) in mails() {
        let page = dir.path().join(format!("{kind}.html"));
        fs::write(&page, mail.html.as_deref().unwrap()).unwrap();
        shots.assert_shows(&format!("mail-{kind}"), &page);
    }
}
