//! Fair time (issue 8 §2) through the command line, under both rule sets: a
//! move held during a suspension is received on the day it is forwarded
//! (III.6.3, II.6.9); dates stated in App.3's free form are compared with
//! the actual ones (III.2.3, II.2.2.1); and postal tournaments count with
//! Section II's numbers and cite Section II's articles (II.4.6, II.5.1,
//! II.5.2, II.7.6).

mod common;

use common::*;

const W: &str = "ivanov@example.test";
const B: &str = "petrov@example.test";
const TD: &str = "td@example.test";
const GAME: &str = "RUS-EM-2026/1";
const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";

/// Ivanov - Petrov with `extra` rule lines, opened on the start date.
fn arena(extra: &str) -> Arena {
    let mut arena = Arena::new(&three_players(extra, &[("ivanov", "petrov")]));
    arena.run("2026-05-10");
    assert_eq!(arena.new_sent().len(), 1, "the opening mail");
    arena
}

fn postal(extra: &str) -> Arena {
    arena(&format!("rules = \"postal\"\n{extra}"))
}

fn find<'a>(sent: &'a [Sent], subject_part: &str) -> &'a Sent {
    sent.iter()
        .find(|m| m.about.contains(subject_part))
        .unwrap_or_else(|| panic!("no mail about \"{subject_part}\": {sent:#?}"))
}

/// No article of Section III in a postal tournament's mails.
fn cites_only_section_ii(sent: &[Sent]) {
    for m in sent {
        assert!(!m.body.contains("III."), "{}\n{}", m.subject, m.body);
    }
}

/// White 1. e4 on the start date; Black silent until the claim on `claim_day`;
/// Black's 1... e5 arrives on `claim_day` and is held; the director rejects
/// the claim on `decision_day`. Returns the mails of the decision.
fn held_and_rejected(arena: &mut Arena, claim_day: &str, decision_day: &str) -> Vec<Sent> {
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    arena.run(claim_day);
    let claim = arena.new_sent();
    find(&claim, "overstep");
    let kept = arena.exchange(B, SUBJECT, "1. 5254 5755", claim_day);
    assert!(kept[0].body.contains("kept"), "{}", kept[0].body);
    arena.exchange(
        TD,
        "Re: [RUS-EM-2026/1] time overstep claim",
        "REJECT",
        decision_day,
    )
}

#[test]
fn iii_6_3_held_move_received_on_the_day_it_is_forwarded() {
    let mut arena = arena("days_per_control = 20\nmoves_per_control = 5");
    let sent = held_and_rejected(&mut arena, "2026-05-31", "2026-06-04");
    let forward = find(&sent, "1... 5755");
    assert!(forward.is_to(&[W], &[B]), "{forward:?}");
    let copy = sent
        .iter()
        .find(|m| m.is_to(&[TD], &[]) && m.about.contains("1... 5755"))
        .expect("Black is past his allowance: the director's copy (III.4.10)");
    assert!(copy.body.contains("III.4.10)."), "{}", copy.body);
    assert!(
        forward.body.contains(
            "Sent on 31.05.2026; held while the game was suspended, forwarded and received on 04.06.2026 (III.6.3). \
             Your thinking time counts from this day."
        ),
        "{}",
        forward.body
    );
    let json = arena.json(GAME);
    let black = &json["moves"][1];
    assert_eq!(
        (
            black["sent"].as_str(),
            black["forwarded"].as_str(),
            black["days"].as_i64()
        ),
        (Some("2026-05-31"), Some("2026-06-04"), Some(21)),
        "Black's own time ends on the day he sent the move"
    );
    // White answers two days after the forward: two days, not six
    arena.exchange(W, SUBJECT, "1... 5755 2. 7163", "2026-06-06");
    let json = arena.json(GAME);
    let white = &json["moves"][2];
    assert_eq!(
        (white["received"].as_str(), white["days"].as_i64()),
        (Some("2026-06-04"), Some(2)),
        "{json:#}"
    );
    let (_, schedule, _) = arena.cli(&["show", GAME, "--schedule"]);
    assert!(schedule.contains("04.06.2026"), "{schedule}");
}

#[test]
fn ii_6_9_held_move_received_on_the_day_it_is_forwarded() {
    // a first overstep that loses (II.6.11) interrupts the game like a
    // second one (II.6.8); a plain postal first one does not
    let mut arena =
        postal("days_per_control = 10\nmoves_per_control = 2\nloss_on_first_overstep = true");
    let sent = held_and_rejected(&mut arena, "2026-05-21", "2026-05-24");
    cites_only_section_ii(&sent);
    let forward = find(&sent, "1... 5755");
    assert!(
        forward
            .body
            .contains("Sent on 21.05.2026; held while the game was suspended, forwarded and received on 24.05.2026 (II.6.9)."),
        "{}",
        forward.body
    );
    arena.exchange(W, SUBJECT, "1... 5755 2. 7163", "2026-05-25");
    let json = arena.json(GAME);
    assert_eq!(
        (
            json["moves"][1]["days"].as_i64(),
            json["moves"][2]["received"].as_str(),
            json["moves"][2]["days"].as_i64()
        ),
        (Some(11), Some("2026-05-24"), Some(1))
    );
}

#[test]
fn iii_6_3_a_move_that_was_not_held_is_received_the_day_it_was_sent() {
    let mut arena = arena("");
    let sent = arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    assert!(
        sent[0].body.contains("Sent and received on 10.05.2026."),
        "{}",
        sent[0].body
    );
    assert_eq!(arena.json(GAME)["moves"][0]["forwarded"], "2026-05-10");
}

/// Black's 1... e5 arriving on 12 May, with the free form's lines.
const FREE_FORM_EN: &str = "1. 5254 5755\n\n\
    Partner's move sent: 10.05.2026\n\
    Received: 11.05.2026\n\
    Intended date of sending: 11.05.2026\n\
    White's time 0/00\n\
    Black's time 1/01\n";

#[test]
fn iii_2_3_free_form_sending_date_differs_the_arrival_counts() {
    let mut arena = arena("");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    let sent = arena.exchange(B, SUBJECT, FREE_FORM_EN, "2026-05-12");
    let forward = find(&sent, "1... 5755");
    let body = &forward.body;
    assert!(body.contains("Notes for the sender"), "{body}");
    assert!(
        body.contains(
            "- 1... 5755: date of sending 11.05.2026 in your mail, 12.05.2026 the day your mail arrived, which counts (III.2.3)."
        ),
        "{body}"
    );
    assert!(
        body.contains("- 1. 5254: received 11.05.2026 in your mail, 10.05.2026 in the record, which counts (III.2.3)."),
        "{body}"
    );
    assert!(
        body.contains(
            "- 1... 5755: time 1/01 in your mail, 2/02 in the record, which counts (III.2.3)."
        ),
        "{body}"
    );
    assert!(
        !body.contains("sent 10.05.2026 in your mail"),
        "the partner's send date was right: {body}"
    );
    assert!(
        !body.contains("time 0/00 in your mail"),
        "White's time was right: {body}"
    );
    // the record keeps the actual dates
    let json = arena.json(GAME);
    assert_eq!(
        (
            json["moves"][1]["received"].as_str(),
            json["moves"][1]["sent"].as_str()
        ),
        (Some("2026-05-10"), Some("2026-05-12"))
    );
    // dates that agree bring no notes
    let sent = arena.exchange(
        W,
        SUBJECT,
        "1... 5755 2. 7163\nPartner's move sent: 12.05.2026\nReceived: 12.05.2026\nDate of sending: 13.05.2026\nWhite's time 1/01\nBlack's time 2/02",
        "2026-05-13",
    );
    assert!(
        !sent[0].body.contains("Notes for the sender"),
        "{}",
        sent[0].body
    );
}

#[test]
fn ii_2_2_1_free_form_sending_date_differs_the_arrival_counts() {
    let mut arena = postal("");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    let sent = arena.exchange(
        B,
        SUBJECT,
        "1. 5254 5755\nДата отправки хода партнером 09.05.2026\nДата получения 10.05.2026\n\
         Предположительная дата отправления 11.05\nВремя белых 0/00\nВремя черных 2/02",
        "2026-05-12",
    );
    cites_only_section_ii(&sent);
    let body = &find(&sent, "1... 5755").body;
    assert!(
        body.contains(
            "- 1... 5755: date of sending 11.05 in your mail, 12.05.2026 the day your mail arrived, which counts (II.2.2.1)."
        ),
        "{body}"
    );
    assert!(
        body.contains("- 1. 5254: sent 09.05.2026 in your mail, 10.05.2026 in the record, which counts (II.2.2.1)."),
        "{body}"
    );
    assert!(!body.contains("received 10.05.2026 in your mail"), "{body}");
    assert!(!body.contains("time 2/02 in your mail"), "{body}");
}

#[test]
fn iii_5_1_email_reminder_after_14_days() {
    let mut arena = arena("");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    arena.run("2026-05-23");
    assert!(arena.new_sent().is_empty(), "13 days: nothing");
    arena.run("2026-05-24");
    let sent = arena.new_sent();
    let reminder = find(&sent, "reminder");
    assert!(reminder.is_to(&[B], &[]), "{reminder:?}");
    let copy = sent
        .iter()
        .find(|m| m.is_to(&[TD], &[]))
        .expect("the director's copy");
    assert!(
        copy.body
            .contains("A copy for you: no answer has come for 14 days"),
        "{}",
        copy.body
    );
    assert!(!reminder.body.contains("PENALTY"), "{}", reminder.body);
    assert!(copy.body.contains("PENALTY black"), "{}", copy.body);
    assert!(
        reminder.body.contains("No answer has come for 14 days")
            && reminder
                .body
                .contains("a copy goes to the director (III.5.1)"),
        "{}",
        reminder.body
    );
    // no further notice before the 40 days of III.5.3
    arena.run("2026-06-18");
    assert!(arena.new_sent().is_empty());
}

#[test]
fn ii_5_1_postal_reminder_after_30_days() {
    let mut arena = postal("days_per_control = 200");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    arena.run("2026-05-24");
    arena.run("2026-06-08");
    assert!(arena.new_sent().is_empty(), "14 and 29 days: nothing");
    arena.run("2026-06-09");
    let sent = arena.new_sent();
    cites_only_section_ii(&sent);
    assert_eq!(sent.len(), 1, "{sent:#?}");
    let reminder = find(&sent, "reminder");
    assert!(reminder.is_to(&[B], &[]), "the partner alone: {reminder:?}");
    assert!(
        reminder.body.contains("No answer has come for 30 days")
            && reminder
                .body
                .contains("The move is repeated here with all its information (II.5.1).")
            && reminder
                .body
                .contains("If no answer has come after 60 days, the director is told"),
        "{}",
        reminder.body
    );
    // the repeat unanswered for 30 days more: the director is told
    arena.run("2026-07-08");
    assert!(arena.new_sent().is_empty(), "59 days: nothing");
    arena.run("2026-07-09");
    let sent = arena.new_sent();
    cites_only_section_ii(&sent);
    let breakdown = find(&sent, "no answer to the repeat");
    assert!(breakdown.is_to(&[TD], &[]), "{breakdown:?}");
    assert!(
        breakdown.body.contains("for 60 days")
            && breakdown
                .body
                .contains("The correspondence has broken down (II.5.1)."),
        "{}",
        breakdown.body
    );
    arena.run("2026-07-10");
    assert!(arena.new_sent().is_empty(), "once per move");
}

#[test]
fn iii_5_1_email_white_first_move_asked_for_after_14_days() {
    let mut arena = arena("");
    arena.run("2026-05-23");
    assert!(arena.new_sent().is_empty());
    arena.run("2026-05-24");
    let sent = arena.new_sent();
    let reminder = find(&sent, "reminder");
    assert!(reminder.is_to(&[W], &[]), "{reminder:?}");
    assert!(sent.iter().any(|m| m.is_to(&[TD], &[])), "{sent:#?}");
    assert!(
        reminder.body.contains("White's first move"),
        "{}",
        reminder.body
    );
    assert!(reminder.body.contains("(III.5.1)"), "{}", reminder.body);
}

/// Issue 9: the request goes to White in his language (Ivanov reads
/// Russian) and to the director in his, with what the director can answer.
#[test]
fn iii_5_1_white_asked_in_russian_the_director_told_in_english_with_his_answers() {
    let mut arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    assert_eq!(
        arena.new_sent().len(),
        2,
        "the opening mail in each language"
    );
    arena.run("2026-05-24");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 2, "{sent:#?}");
    let white = sent.iter().find(|m| m.is_to(&[W], &[]));
    let white = white.expect("Ivanov's request, in Russian");
    assert!(
        white.about.contains("напоминание")
            && white.body.contains("а первого хода белых еще нет")
            && white.body.contains("копия направлена судье (III.5.1)")
            && white.body.contains("Ваше время: использовано 14 дней")
            && !white.body.contains("LEAVE ivanov"),
        "{}",
        white.body
    );
    let director = sent.iter().find(|m| m.is_to(&[TD], &[]));
    let director = director.expect("the director's copy, in English");
    assert!(
        director.about.contains("reminder")
            && director.body.contains("White's first move is awaited")
            && director
                .body
                .contains("RESULT 1-0, RESULT 0-1 or RESULT 1/2-1/2")
            // the dates as the director writes a date, which LEAVE reads
            && director.body.contains("LEAVE ivanov 10.05.2026 24.05.2026")
            && !director.body.contains("Your clock"),
        "{}",
        director.body
    );
}

#[test]
fn ii_5_1_postal_white_first_move_missing_30_days_after_the_start() {
    let mut arena = postal("");
    arena.run("2026-05-24");
    arena.run("2026-06-08");
    assert!(
        without_warnings(arena.new_sent()).is_empty(),
        "29 days: nothing but the time warnings"
    );
    arena.run("2026-06-09");
    let sent = arena.new_sent();
    cites_only_section_ii(&sent);
    let request = find(&sent, "reminder");
    assert!(request.is_to(&[W], &[]), "White asked: {request:?}");
    assert!(
        sent.iter().any(|m| m.is_to(&[TD], &[])),
        "the director told: {sent:#?}"
    );
    assert!(
        request.body.contains("White's first move")
            && request.body.contains("No answer has come for 30 days")
            && request
                .body
                .contains("a copy goes to the director (II.5.1)"),
        "{}",
        request.body
    );
}

#[test]
fn iii_5_3_email_director_told_after_40_days() {
    let mut arena = arena("");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    arena.run("2026-05-24");
    arena.new_sent();
    arena.run("2026-06-18");
    assert!(arena.new_sent().is_empty(), "39 days");
    arena.run("2026-06-19");
    let sent = arena.new_sent();
    let notice = find(&sent, "no move for 40 days");
    assert!(notice.is_to(&[TD], &[]));
    assert!(
        notice.body.contains("for 40 days")
            && notice.body.contains("may be scored a loss (III.5.3)"),
        "{}",
        notice.body
    );
}

#[test]
fn ii_5_2_postal_director_told_after_three_months() {
    let mut arena = postal("days_per_control = 200");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    arena.run("2026-06-09");
    arena.run("2026-07-09");
    arena.new_sent();
    // 10 May + three months = 10 August: 92 days
    arena.run("2026-08-09");
    assert!(arena.new_sent().is_empty(), "91 days: nothing");
    arena.run("2026-08-10");
    let sent = arena.new_sent();
    cites_only_section_ii(&sent);
    let notice = find(&sent, "no move for 3 months");
    assert!(notice.is_to(&[TD], &[]), "{notice:?}");
    assert!(
        notice
            .body
            .contains("for 92 days (as of 10.08.2026; the limit is 3 months)")
            && notice.body.contains("may be scored a loss (II.5.2)"),
        "{}",
        notice.body
    );
}

#[test]
fn ii_7_6_late_leave_counts_from_the_notice() {
    let mut arena = postal("");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    let sent = arena.exchange(B, "leave", "LEAVE 2026-05-12 2026-05-20", "2026-05-15");
    cites_only_section_ii(&sent);
    // the partner's, the director's, and Black's own confirmation; the
    // day's timer pass then tells the partner that the leave begins today
    assert_eq!(sent.len(), 4, "{sent:#?}");
    assert!(
        sent[3].is_to(&[W], &[]) && sent[3].body.contains("begins today, 15.05.2026"),
        "{:?}",
        sent[3]
    );
    assert!(sent[0].is_to(&[W], &[]), "{:?}", sent[0]);
    assert!(sent[1].is_to(&[TD], &[]), "{:?}", sent[1]);
    assert!(sent[2].is_to(&[B], &[]), "{:?}", sent[2]);
    assert!(
        sent[2]
            .body
            .contains("Your leave from 15.05.2026 to 20.05.2026 inclusive is recorded")
            && sent[2]
                .body
                .contains("Leave days left for 2026: 24 of 30 (II.7.1)"),
        "{}",
        sent[2].body
    );
    assert!(
        sent[0]
            .body
            .contains("is on leave from 15.05.2026 to 20.05.2026")
            && sent[0].body.contains(
                "The leave was asked from 12.05.2026 but announced on 15.05.2026, after it began: \
                 it counts from the day of the notice, 15.05.2026 (II.7.6)."
            ),
        "{}",
        sent[0].body
    );
    // Black answers on 22 May: 12 days less the 6 days of leave from the notice
    arena.exchange(B, SUBJECT, "1. 5254 5755", "2026-05-22");
    let json = arena.json(GAME);
    assert_eq!(
        (
            json["moves"][1]["days"].as_i64(),
            json["black"]["leave_days"].as_i64()
        ),
        (Some(6), Some(6))
    );
    // a leave over before its notice: nothing to count
    let sent = arena.exchange(W, "leave", "LEAVE 2026-05-16 2026-05-20", "2026-05-23");
    assert!(
        sent[0].is_to(&[W], &[])
            && sent[0].body.contains("refused")
            && sent[0].body.contains("(II.7.6)"),
        "{}",
        sent[0].body
    );
}

#[test]
fn iii_7_2_email_late_leave_is_refused() {
    let mut arena = arena("");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    let sent = arena.exchange(B, "leave", "LEAVE 2026-05-12 2026-05-20", "2026-05-15");
    assert_eq!(sent.len(), 1);
    assert!(sent[0].is_to(&[B], &[]), "{:?}", sent[0]);
    assert!(
        sent[0].body.contains("refused")
            && sent[0].body.contains("before it starts")
            && sent[0].body.contains("(III.7.2)"),
        "{}",
        sent[0].body
    );
    arena.exchange(B, SUBJECT, "1. 5254 5755", "2026-05-22");
    assert_eq!(arena.json(GAME)["moves"][1]["days"], 12);
}

/// A tournament whose first run (and so its opening mail) comes on 20 May,
/// ten days after the start; White moves on 25 May.
fn late_opening(extra: &str) -> serde_json::Value {
    let mut arena = Arena::new(&three_players(extra, &[("ivanov", "petrov")]));
    arena.run("2026-05-20");
    assert_eq!(arena.new_sent().len(), 1, "the opening mail");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-25");
    arena.json(GAME)["moves"][0].clone()
}

#[test]
fn ii_4_6_postal_late_opening_mail_starts_the_game_on_the_third_day() {
    let white = late_opening("rules = \"postal\"");
    assert_eq!(
        (white["received"].as_str(), white["days"].as_i64()),
        (Some("2026-05-23"), Some(2))
    );
}

#[test]
fn iii_4_5_email_late_opening_mail_starts_the_game_on_its_day() {
    let white = late_opening("");
    assert_eq!(
        (white["received"].as_str(), white["days"].as_i64()),
        (Some("2026-05-20"), Some(5))
    );
}

#[test]
fn ii_postal_answers_cite_section_ii() {
    let mut arena = postal("");
    // an impossible move and a mail without a move
    let sent = arena.exchange(W, SUBJECT, "1. 5255", "2026-05-10");
    cites_only_section_ii(&sent);
    assert!(
        sent[0].body.contains("impossible move (II.3.1)") && sent[0].body.contains("(II.4.9-4.10)"),
        "{}",
        sent[0].body
    );
    // a move mail without the new move (a mail without any move is answered
    // without penalty)
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    let sent = arena.exchange(B, SUBJECT, "1. 5254", "2026-05-10");
    cites_only_section_ii(&sent);
    assert!(
        sent[0]
            .body
            .contains("counts as an impossible move (II.3.11)"),
        "{}",
        sent[0].body
    );
    // the first claim (play goes on), the move forwarded meanwhile, the
    // first overstep confirmed
    let mut arena = postal("days_per_control = 10\nmoves_per_control = 2");
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    arena.run("2026-05-21");
    let sent = arena.new_sent();
    cites_only_section_ii(&sent);
    let claim = &find(&sent, "overstep").body;
    for article in ["(II.6.2-6.3)", "(II.6.8)", ", II.6.4;", ", II.6.6)"] {
        assert!(claim.contains(article), "{article}: {claim}");
    }
    let sent = arena.exchange(B, SUBJECT, "1. 5254 5755", "2026-05-21");
    cites_only_section_ii(&sent);
    find(&sent, "1... 5755");
    // the protest (II.6.5), then the CONFIRM at once
    let sent = arena.exchange(B, "Re: [RUS-EM-2026/1] claim", "PROTEST", "2026-05-22");
    cites_only_section_ii(&sent);
    assert!(
        sent.iter().any(|m| m.body.contains("(II.6.5)")),
        "{sent:#?}"
    );
    assert!(
        sent.iter()
            .any(|m| m.body.contains("Play goes on while he decides")),
        "a first postal claim does not interrupt the game: {sent:#?}"
    );
    let sent = arena.exchange(TD, "Re: [RUS-EM-2026/1] claim", "CONFIRM", "2026-05-22");
    cites_only_section_ii(&sent);
    let confirmed = &find(&sent, "first overstep").body;
    assert!(
        confirmed.contains("(II.6.4)") && confirmed.contains("(II.6.8)"),
        "{confirmed}"
    );
    // the second claim interrupts (II.6.8) and a move into the game is held
    arena.exchange(W, SUBJECT, "1... 5755 2. 7163", "2026-05-22");
    arena.run("2026-06-02");
    let sent = arena.new_sent();
    cites_only_section_ii(&sent);
    assert!(find(&sent, "overstep")
        .body
        .contains("suspended until the director decides (II.6.8)"));
    let sent = arena.exchange(B, SUBJECT, "2. 7163 7866", "2026-06-02");
    cites_only_section_ii(&sent);
    assert!(sent[0].body.contains("(II.6.8)"), "{}", sent[0].body);
}

#[test]
fn iii_email_answers_cite_section_iii() {
    let mut arena = arena("");
    let sent = arena.exchange(W, SUBJECT, "1. 5255", "2026-05-10");
    assert!(
        sent[0].body.contains("impossible move (III.3.1)") && sent[0].body.contains("(III.4.7)"),
        "{}",
        sent[0].body
    );
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    let sent = arena.exchange(B, SUBJECT, "1. 5254", "2026-05-10");
    assert!(
        sent[0]
            .body
            .contains("counts as an illegible move (III.3.5)"),
        "{}",
        sent[0].body
    );
}
