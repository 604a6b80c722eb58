//! Bounces of our own mails (issue 10 §5): a delivery status report naming
//! a Message-ID the arbiter sent is never answered, but matched to that
//! mail and reported to the director of its game's tournament: which mail
//! to whom bounced, why, and what the recipient has therefore not received.

mod common;

use common::*;

const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";
const WHITE: &str = "ivanov@example.test";
const BLACK: &str = "petrov@example.test";
const DIRECTOR: &str = "td@example.test";

/// A Postfix bounce ("Undelivered Mail Returned to Sender") of the mail
/// with `message_id` to `recipient`, as Postfix writes it: a
/// multipart/report with the notification, the delivery status and the
/// returned message's headers.
fn postfix_dsn(message_id: &str, recipient: &str, n: u32) -> String {
    format!(
        "Return-Path: <>\r\n\
From: MAILER-DAEMON@mx.example.test (Mail Delivery System)\r\n\
To: arbiter@example.test\r\n\
Subject: Undelivered Mail Returned to Sender\r\n\
Date: Mon, 11 May 2026 12:00:00 +0300 (MSK)\r\n\
Message-ID: <20260511090000.{n}@mx.example.test>\r\n\
Auto-Submitted: auto-replied\r\n\
MIME-Version: 1.0\r\n\
Content-Type: multipart/report; report-type=delivery-status;\r\n\
\tboundary=\"4D2E1C0A1B.1778490000/mx.example.test\"\r\n\
\r\n\
This is a MIME-encapsulated message.\r\n\
\r\n\
--4D2E1C0A1B.1778490000/mx.example.test\r\n\
Content-Description: Notification\r\n\
Content-Type: text/plain; charset=us-ascii\r\n\
\r\n\
This is the mail system at host mx.example.test.\r\n\
\r\n\
I'm sorry to have to inform you that your message could not\r\n\
be delivered to one or more recipients. It's attached below.\r\n\
\r\n\
<{recipient}>: host mail.example.test[192.0.2.7] said: 550 5.1.1\r\n\
\t<{recipient}>: Recipient address rejected: User unknown in virtual\r\n\
\tmailbox table (in reply to RCPT TO command)\r\n\
\r\n\
--4D2E1C0A1B.1778490000/mx.example.test\r\n\
Content-Description: Delivery report\r\n\
Content-Type: message/delivery-status\r\n\
\r\n\
Reporting-MTA: dns; mx.example.test\r\n\
X-Postfix-Queue-ID: 4D2E1C0A1B\r\n\
X-Postfix-Sender: rfc822; arbiter@example.test\r\n\
Arrival-Date: Mon, 11 May 2026 11:59:58 +0300 (MSK)\r\n\
\r\n\
Final-Recipient: rfc822; {recipient}\r\n\
Original-Recipient: rfc822;{recipient}\r\n\
Action: failed\r\n\
Status: 5.1.1\r\n\
Remote-MTA: dns; mail.example.test\r\n\
Diagnostic-Code: smtp; 550 5.1.1 <{recipient}>: Recipient address rejected:\r\n\
\tUser unknown in virtual mailbox table\r\n\
\r\n\
--4D2E1C0A1B.1778490000/mx.example.test\r\n\
Content-Description: Undelivered Message Headers\r\n\
Content-Type: text/rfc822-headers\r\n\
\r\n\
From: \"Test arbiter\" <arbiter@example.test>\r\n\
To: <{recipient}>\r\n\
Subject: [RUS-EM-2026/1] the move\r\n\
Message-ID: {message_id}\r\n\
\r\n\
--4D2E1C0A1B.1778490000/mx.example.test--\r\n"
    )
}

/// A game whose first move was forwarded to Black: (arena, the forward).
fn forwarded() -> (Arena, Sent) {
    let mut arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    arena.new_sent();
    let sent = arena.exchange(WHITE, SUBJECT, "1. 5254", "2026-05-11");
    let forward = sent
        .into_iter()
        .find(|m| m.to.contains(&BLACK.to_string()))
        .expect("the move forwarded to Black");
    (arena, forward)
}

#[test]
fn a_bounced_forward_is_reported_to_the_director_and_never_answered() {
    let (mut arena, forward) = forwarded();
    let id = format!("<{}>", forward.message_id);
    arena.deliver_raw(postfix_dsn(&id, BLACK, 1).as_bytes(), "2026-05-11");
    let (code, out, err) = arena.cli(&["run", "--once", "--today", "2026-05-11"]);
    assert_eq!(code, 0, "{out}{err}");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 1, "one report, nothing else: {sent:#?}");
    let report = &sent[0];
    assert!(report.is_to(&[DIRECTOR], &[]), "{report:#?}");
    assert_eq!(report.auto_submitted.as_deref(), Some("auto-generated"));
    for needed in [
        BLACK,
        "RUS-EM-2026/1",
        &forward.subject,
        &id,
        "Status: 5.1.1",
        "Diagnostic-Code: smtp; 550 5.1.1",
        "User unknown in virtual mailbox table",
        "has therefore not received this mail",
    ] {
        assert!(
            report.body.contains(needed),
            "{needed:?} in\n{}",
            report.body
        );
    }
    // what Black did not receive: the beginning of the forward's text
    let first = forward.body.lines().find(|l| !l.trim().is_empty()).unwrap();
    assert!(report.body.contains(first.trim_end()), "{}", report.body);
    // the bounce's sender is never written to
    assert!(!sent
        .iter()
        .any(|m| m.to.iter().any(|t| t.contains("mailer-daemon"))));
    // the log says which mail bounced to whom
    assert!(
        err.contains("a mail we sent bounced") && err.contains(BLACK),
        "{err}"
    );
    // the game goes on as before: the bounce moved nothing
    assert_eq!(
        arena.json("RUS-EM-2026/1")["moves"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // the same bounce delivered again is not reported twice
    arena.deliver_raw(postfix_dsn(&id, BLACK, 1).as_bytes(), "2026-05-11");
    arena.run("2026-05-11");
    assert!(arena.new_sent().is_empty());
}

#[test]
fn a_bounce_of_a_mail_we_did_not_send_is_only_ignored() {
    let (mut arena, _) = forwarded();
    let dsn = postfix_dsn("<someone.else@elsewhere.test>", BLACK, 2);
    arena.deliver_raw(dsn.as_bytes(), "2026-05-11");
    arena.run("2026-05-11");
    assert!(arena.new_sent().is_empty());
}

#[test]
fn a_bounced_bounce_report_is_not_reported_again() {
    let (mut arena, forward) = forwarded();
    let id = format!("<{}>", forward.message_id);
    arena.deliver_raw(postfix_dsn(&id, BLACK, 3).as_bytes(), "2026-05-11");
    arena.run("2026-05-11");
    let report = arena.new_sent().pop().expect("the report to the director");
    // the director's address bounces too: no loop
    let id = format!("<{}>", report.message_id);
    arena.deliver_raw(postfix_dsn(&id, DIRECTOR, 4).as_bytes(), "2026-05-11");
    let (code, out, err) = arena.cli(&["run", "--once", "--today", "2026-05-11"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(arena.new_sent().is_empty());
    assert!(err.contains("not reported again"), "{err}");
}

/// III.1.6: a player whose address our mails bounce from, and from which
/// nothing comes, for 30 days is considered withdrawn: the director is
/// told once, with the command that decides his games.
#[test]
fn iii_1_6_thirty_days_without_mail_access_are_reported_to_the_director_once() {
    let (mut arena, forward) = forwarded();
    let id = format!("<{}>", forward.message_id);
    arena.deliver_raw(postfix_dsn(&id, BLACK, 1).as_bytes(), "2026-05-11");
    arena.run("2026-05-11");
    arena.new_sent();
    // 29 days: nothing yet
    arena.run("2026-06-09");
    let quiet: Vec<Sent> = arena
        .new_sent()
        .into_iter()
        .filter(|m| m.about.contains("III.1.6"))
        .collect();
    assert!(quiet.is_empty(), "{quiet:#?}");
    arena.run("2026-06-10");
    let told: Vec<Sent> = arena
        .new_sent()
        .into_iter()
        .filter(|m| m.about.contains("III.1.6"))
        .collect();
    assert_eq!(told.len(), 1, "{told:#?}");
    assert!(told[0].is_to(&[DIRECTOR], &[]), "{:?}", told[0]);
    for needed in [
        BLACK,
        "since 11.05.2026",
        "WITHDRAW petrov lost",
        "WITHDRAW petrov adjudicate",
    ] {
        assert!(told[0].body.contains(needed), "{needed}: {}", told[0].body);
    }
    // once
    arena.run("2026-06-20");
    assert!(!arena.new_sent().iter().any(|m| m.about.contains("III.1.6")));
}

/// A mail from the player after the bounce shows his access is back: no
/// report.
#[test]
fn iii_1_6_a_mail_from_the_player_ends_the_count() {
    let (mut arena, forward) = forwarded();
    let id = format!("<{}>", forward.message_id);
    arena.deliver_raw(postfix_dsn(&id, BLACK, 1).as_bytes(), "2026-05-11");
    arena.run("2026-05-11");
    arena.exchange(BLACK, SUBJECT, "1. 5254 5755", "2026-05-20");
    arena.run("2026-06-15");
    assert!(!arena.new_sent().iter().any(|m| m.about.contains("III.1.6")));
}
