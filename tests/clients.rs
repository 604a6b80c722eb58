//! Replies written by real mail clients (issue "quoted replies"): Petrov
//! answers the forward of White's first move by pressing Reply, and his
//! client quotes the whole forward in its own layout (attribution line,
//! quote marks or none, header block, signature). The arbiter must read
//! only Petrov's own new text: the move is accepted, no penalty is
//! charged, nothing of the quote reaches Ivanov as Petrov's note, and no
//! answer tells Petrov his move was found only in the quote or the subject.
//!
//! Each test is one client; the shared steps are below the tests.

mod common;

use common::*;

const W: &str = "ivanov@example.test";
const B: &str = "petrov@example.test";
const GAME: &str = "RUS-EM-2026/1";
/// The subject of the forward, as a client prefixes it when replying.
const RE: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";
/// Outlook (desktop and web) writes the prefix in capitals.
const RE_OUTLOOK: &str = "RE: [RUS-EM-2026/1] Ivanov - Petrov";
/// The sender of the forward as a client shows it (`From: "Test arbiter"
/// <arbiter@example.test>`).
const ARBITER: &str = "Test arbiter <arbiter@example.test>";
/// Petrov's own new text: White's move repeated, then his reply.
const OWN: &str = "1. 5254 5755";

#[test]
fn thunderbird_top_posted_reply_quoting_with_gt() {
    // Thunderbird quotes an empty line as a bare ">"
    black_replies(RE, |forward| {
        format!(
            "{OWN}\n\nOn 10.05.2026 12:00, Test arbiter wrote:\n{}",
            quoted(forward, "> ", ">")
        )
    });
}

#[test]
fn outlook_2016_desktop_top_posted_original_message_block() {
    black_replies(RE_OUTLOOK, |forward| {
        format!(
            "{OWN}\n\n-----Original Message-----\n\
             From: {ARBITER} \n\
             Sent: Sunday, May 10, 2026 12:00 PM\n\
             To: Petrov, Petr <petrov@example.test>\n\
             Cc: Ivanov, Ivan <ivanov@example.test>\n\
             Subject: [RUS-EM-2026/1] Ivanov - Petrov\n\n{forward}"
        )
    });
}

#[test]
fn outlook_on_the_web_underscore_rule_and_header_block() {
    black_replies(RE_OUTLOOK, |forward| {
        format!(
            "{OWN}\n\n{}\n\
             From: {ARBITER}\n\
             Sent: Sunday, May 10, 2026 12:00 PM\n\
             To: Petrov, Petr <petrov@example.test>\n\
             Cc: Ivanov, Ivan <ivanov@example.test>\n\
             Subject: [RUS-EM-2026/1] Ivanov - Petrov\n\n{forward}",
            "_".repeat(32)
        )
    });
}

#[test]
fn gmail_english_on_date_wrote_and_gt() {
    black_replies(RE, |forward| {
        format!(
            "{OWN}\n\nOn Sun, May 10, 2026 at 12:00 PM {ARBITER} wrote:\n\n{}",
            quoted(forward, "> ", ">")
        )
    });
}

#[test]
fn gmail_russian_attribution_without_a_verb() {
    black_replies(RE, |forward| {
        format!(
            "{OWN}\n\nвс, 10 мая 2026 г. в 12:00, {ARBITER}:\n\n{}",
            quoted(forward, "> ", ">")
        )
    });
}

#[test]
fn yandex_russian_attribution_with_quoted_name() {
    // as in tests/fixtures/mail/11-yandex-sdayus.eml
    black_replies(RE, |forward| {
        format!(
            "{OWN}\n\n10.05.2026, 12:00, \"Test arbiter\" <arbiter@example.test>:\n{}",
            quoted(forward, "> ", ">")
        )
    });
}

#[test]
fn apple_mail_attribution_inside_the_quote() {
    black_replies(RE, |forward| {
        format!(
            "{OWN}\n\n> On 10 May 2026, at 12:00, {ARBITER} wrote:\n> \n{}",
            quoted(forward, "> ", "> ")
        )
    });
}

#[test]
fn iphone_signature_then_attribution_inside_the_quote() {
    black_replies(RE, |forward| {
        format!(
            "{OWN}\n\nSent from my iPhone\n\n> On 10 May 2026, at 12:00, {ARBITER} wrote:\n> \n{}",
            quoted(forward, "> ", "> ")
        )
    });
}

#[test]
fn mail_ru_weekday_date_ot_sender_attribution() {
    // Mail.ru leaves lines of a single space between the text and the quote
    black_replies(RE, |forward| {
        format!(
            "{OWN}\n \n \nВоскресенье, 10 мая 2026, 12:00 +03:00 от {ARBITER}:\n{}",
            quoted(forward, "> ", ">")
        )
    });
}

#[test]
fn the_bat_greeting_you_wrote_initials_quote_and_signature() {
    // The Bat!'s reply template: greeting (the quoted sender's first
    // name), quote header, the quote marked with his initials, the cursor
    // below it, signature; an empty line quoted bare or left empty
    for empty in [" TA> ", ""] {
        black_replies(RE, |forward| {
            format!(
                "Hello Test,\n\nYou wrote 10 мая 2026 г., 12:00:\n\n{}\n{OWN}\n\n\
                 -- \nBest regards,\n Petr                            mailto:petrov@example.test\n",
                quoted(forward, " TA> ", empty)
            )
        });
    }
}

#[test]
fn yahoo_attribution_then_unmarked_quote() {
    black_replies(RE, |forward| {
        format!(
            "{OWN}\n\nOn Sunday, May 10, 2026, 12:00:00 PM GMT+3, {ARBITER} wrote:\n\n{forward}"
        )
    });
}

#[test]
fn s_nail_mailx_wrote_and_tab_indented_quote() {
    black_replies(RE, |forward| {
        format!(
            "{OWN}\n\n{ARBITER} wrote:\n\n{}",
            quoted(forward, "\t", "\t")
        )
    });
}

#[test]
fn mutt_bottom_posted_below_the_quote() {
    black_replies(RE, |forward| {
        format!(
            "* {ARBITER} [2026-05-10 12:00]:\n{}\n{OWN}\n",
            quoted(forward, "> ", ">")
        )
    });
}

// ---- the shared steps ----

/// `text`'s lines each behind `mark`, an empty line as `empty` (clients
/// differ: `>` or `> `).
fn quoted(text: &str, mark: &str, empty: &str) -> String {
    text.lines()
        .map(|l| {
            if l.is_empty() {
                format!("{empty}\n")
            } else {
                format!("{mark}{l}\n")
            }
        })
        .collect()
}

/// Petrov replies on 2026-05-11 with the body `layout` makes of the
/// forward's body; the arbiter reads his move and nothing of the quote.
fn black_replies(subject: &str, layout: impl Fn(&str) -> String) {
    let (mut arena, forward) = whites_first_move_forwarded();
    let body = layout(&forward.body);
    let sent = arena.exchange(B, subject, &body, "2026-05-11");
    let context = format!("Petrov's mail:\n{body}\n---- the arbiter sent: {sent:#?}");

    // 1. the move is accepted and forwarded to White
    let json = arena.json(GAME);
    let moves = json["moves"].as_array().expect("the moves");
    assert_eq!(moves.len(), 2, "two moves recorded; {context}");
    assert_eq!(moves[1]["numeric"], "5755", "{context}");
    let to_white = sent
        .iter()
        .find(|m| m.to == [W.to_string()] && m.about.ends_with("1... 5755"))
        .unwrap_or_else(|| panic!("no forward of 1... 5755 to White; {context}"));
    has(to_white, "1... 5755");

    // 2. no penalty
    assert_eq!(json["black"]["penalty_days"], 0, "{context}");
    assert_eq!(json["white"]["penalty_days"], 0, "{context}");

    // 3. nothing of the quote relayed to White as Petrov's note
    for note in [
        "note, relayed",
        "Your opponent's note",
        "The note of",
        "Notes for the sender",
    ] {
        lacks(to_white, note);
    }
    // lines only the quoted forward has, not the new one
    for line in [
        "Sent and received on 10.05.2026",
        "Ivan Ivanov (White) plays",
        "1. 5254 1... <your move>",
        "Black to move",
        "Send your move by 09.07.2026",
        "Test arbiter",
        "arbiter@example.test",
    ] {
        lacks(to_white, line);
    }
    assert_eq!(
        to_white.body.matches("Answer to this address").count(),
        1,
        "the forward's own line only: {}",
        to_white.body
    );

    // 4. no answer says the move was found only in the quote or the subject
    for mail in &sent {
        for complaint in [
            "found only inside the quoted text",
            "found in the subject only",
            "was not accepted",
            "holds no numbered move",
        ] {
            lacks(mail, complaint);
        }
    }

    // and so the arbiter sent just what a bare reply gets, word for word
    let (mut bare, _) = whites_first_move_forwarded();
    let bare = bare.exchange(B, RE, OWN, "2026-05-11");
    assert_eq!(
        seen(&sent),
        seen(&bare),
        "the mails differ from those a bare {OWN:?} gets; {context}"
    );
}

// ---- quotes known by what the arbiter sent ----

/// `raw` with `In-Reply-To` and `References` naming `answered`, as a mail
/// program writes them when its user presses Reply.
fn in_reply_to(raw: &str, answered: &Sent) -> String {
    let id = answered.message_id.trim_matches(['<', '>']);
    raw.replacen(
        "MIME-Version",
        &format!("In-Reply-To: <{id}>\r\nReferences: <{id}>\r\nMIME-Version"),
        1,
    )
}

/// The reply `raw` and a bare mail of `own` alone, each delivered to a
/// copy of the tournament `setup` makes (which returns the mail
/// answered): the arbiter sends the same mails to the same readers for
/// both, word for word — nothing of the quote is read or relayed.
fn as_if_bare(
    setup: impl Fn(&mut Arena) -> Sent,
    from: &str,
    own: &str,
    layout: impl Fn(&Sent) -> String,
) -> Vec<Sent> {
    let mut arena = Arena::new(&three_players(
        "",
        &[("ivanov", "petrov"), ("sidorov", "ivanov")],
    ));
    let answered = setup(&mut arena);
    let raw = layout(&answered);
    arena.deliver_raw(raw.as_bytes(), "2026-05-11");
    arena.run("2026-05-11");
    let sent = arena.new_sent();
    let mut bare = Arena::new(&three_players(
        "",
        &[("ivanov", "petrov"), ("sidorov", "ivanov")],
    ));
    setup(&mut bare);
    let bare = bare.exchange(from, RE, own, "2026-05-11");
    assert_eq!(
        seen(&sent),
        seen(&bare),
        "the reply:\n{raw}\n---- the arbiter sent: {sent:#?}"
    );
    sent
}

/// III.3 (the player's own words): Ivanov asks STATUS, answers the private
/// report from s-nail (TAB-quoted) with his move in one game; the forward
/// to his partner relays nothing of the report, which names a game the
/// partner does not play. With threading headers and without them (the
/// report is then found among the last mails to him).
#[test]
fn iii_3_a_quoted_private_report_reaches_no_other_player() {
    let report = |arena: &mut Arena| {
        arena.run("2026-05-10");
        arena.new_sent();
        let sent = arena.exchange(W, "status", "STATUS", "2026-05-11");
        let report = mail_to_alone(&sent, W).clone();
        has(&report, "Sidorov");
        report
    };
    for threaded in [true, false] {
        let sent = as_if_bare(report, W, "1. 5254", |report| {
            let body = format!(
                "1. 5254\n\nTest arbiter <arbiter@example.test> wrote:\n\n{}",
                quoted(&report.body, "\t", "")
            );
            let raw = mail(W, RE, &body, "2026-05-11", Encoding::Utf8);
            if threaded {
                in_reply_to(&raw, report)
            } else {
                raw
            }
        });
        let forward = sent
            .iter()
            .find(|m| m.to == [B.to_string()])
            .unwrap_or_else(|| panic!("no forward to Petrov: {sent:#?}"));
        lacks(forward, "Sidorov");
    }
}

/// III.4.7: a Yahoo reply (an unmarked quote under "On … wrote:") to the
/// rejection of two different new moves, with one move typed: the move
/// is recorded and the quoted `You wrote:` costs nothing more.
#[test]
fn iii_4_7_a_quoted_rejection_is_not_penalised_again() {
    let rejection = |arena: &mut Arena| {
        arena.run("2026-05-10");
        arena.new_sent();
        let sent = arena.exchange(W, RE, "1. 4244\n1. 5254", "2026-05-10");
        assert!(arena.json(GAME)["moves"].as_array().unwrap().is_empty());
        mail_to_alone(&sent, W).clone()
    };
    as_if_bare(rejection, W, "1. 3234", |rejection| {
        let body = format!(
            "1. 3234\n\nOn Sunday, May 10, 2026, 12:00:00 PM GMT+3, {ARBITER} wrote:\n\n{}",
            rejection.body
        );
        in_reply_to(&mail(W, RE, &body, "2026-05-11", Encoding::Utf8), rejection)
    });
}

/// III.3: an s-nail reply (TAB-quoted) to a forward that relayed the
/// partner's note: neither the note quoted back nor a board line goes
/// to the partner as the player's own.
#[test]
fn iii_3_a_tab_quoted_forward_relays_nothing_back() {
    let forward = |arena: &mut Arena| {
        arena.run("2026-05-10");
        arena.new_sent();
        let sent = arena.exchange(W, RE, "1. 5254\n\nGood luck!\nIvan", "2026-05-10");
        let forward = sent
            .iter()
            .find(|m| m.to.contains(&B.to_string()))
            .expect("the forward to Petrov")
            .clone();
        has(&forward, "Good luck!");
        forward
    };
    as_if_bare(forward, B, OWN, |forward| {
        let body = format!(
            "{OWN}\n\n{ARBITER} wrote:\n\n{}",
            quoted(&forward.body, "\t", "\t")
        );
        in_reply_to(&mail(B, RE, &body, "2026-05-11", Encoding::Utf8), forward)
    });
}
