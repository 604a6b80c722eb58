//! Every outcome of a move mail (DESIGN.md §5), with the recipients §5
//! names, through the real binary.

mod common;

use common::*;

const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";
const WHITE: &str = "ivanov@example.test";
const BLACK: &str = "petrov@example.test";
const GAME: &str = "RUS-EM-2026/1";

fn started(notation: &str) -> Arena {
    let mut arena = Arena::new(&two_players(notation));
    arena.run("2026-05-10");
    assert_eq!(
        arena.new_sent().len(),
        2,
        "the opening mail, once in each player's language"
    );
    arena
}

fn one(sent: Vec<Sent>) -> Sent {
    assert_eq!(sent.len(), 1, "exactly one mail: {sent:#?}");
    sent.into_iter().next().unwrap()
}

/// The forward of a move between the two players, who read different
/// languages: one copy To the opponent and one To the mover, each alone.
/// (the opponent's copy, the mover's copy)
fn copies(sent: Vec<Sent>, opponent: &str, mover: &str) -> (Sent, Sent) {
    assert_eq!(sent.len(), 2, "a copy for each player: {sent:#?}");
    let to = |reader: &str| {
        let copy = sent
            .iter()
            .find(|m| m.is_to(&[reader], &[]))
            .unwrap_or_else(|| panic!("a copy To {reader} alone: {sent:#?}"));
        copy.clone()
    };
    let (theirs, mine) = (to(opponent), to(mover));
    assert_eq!(theirs.subject, mine.subject, "one subject for both copies");
    (theirs, mine)
}

/// The move mail `body` from `mover`, arriving on `day`: forwarded, a copy
/// To each player; (the opponent's, the mover's).
fn played(arena: &mut Arena, mover: &str, body: &str, day: &str) -> (Sent, Sent) {
    let opponent = if mover == WHITE { BLACK } else { WHITE };
    copies(arena.exchange(mover, SUBJECT, body, day), opponent, mover)
}

#[test]
fn iii_3_1_impossible_move_is_answered_to_the_sender_with_two_penalty_days() {
    let mut arena = started("numeric");
    let reply = one(arena.exchange(WHITE, SUBJECT, "1. 5355", "2026-05-11"));
    assert!(reply.is_to(&[WHITE], &[]), "{reply:?}");
    assert!(reply.about.contains("[RUS-EM-2026/1]"));
    // Ivanov reads Russian: the reply quotes the move and says why.
    assert!(reply.body.contains("1. 5355"), "{}", reply.body);
    assert!(
        reply.body.contains("на поле e3 нет фигуры"),
        "{}",
        reply.body
    );
    assert!(reply.body.contains("Штраф: 2"), "{}", reply.body);
    let json = arena.json(GAME);
    assert_eq!(json["white"]["penalty_days"], 2);
    // the days of a move count when it is made; the penalty counts at once
    assert_eq!(json["white"]["total"], 2);
    assert_eq!(json["moves"].as_array().unwrap().len(), 0);
    // The corrected move is accepted afterwards.
    played(&mut arena, WHITE, "1. 5254", "2026-05-12");
    let json = arena.json(GAME);
    assert_eq!(json["moves"][0]["days"], 2);
    assert_eq!(json["moves"][0]["total"], 4);
}

#[test]
fn iii_4_7_wrong_repetition_costs_two_days() {
    let mut arena = started("numeric");
    played(&mut arena, WHITE, "1. 5254", "2026-05-10");
    // Black repeats 1. e2-e3 instead of 1. e2-e4.
    let reply = one(arena.exchange(BLACK, SUBJECT, "1. 5253 5755", "2026-05-11"));
    assert!(reply.is_to(&[BLACK], &[]), "{reply:?}");
    assert!(
        reply.body.contains("where the record has 1. 5254"),
        "{}",
        reply.body
    );
    assert!(reply.body.contains("Penalty: 2 days"), "{}", reply.body);
    // Black forgets the repetition altogether.
    let reply = one(arena.exchange(BLACK, SUBJECT, "1... 5755", "2026-05-11"));
    assert!(
        reply
            .body
            .contains("does not repeat the partner's last move 1. 5254"),
        "{}",
        reply.body
    );
    let json = arena.json(GAME);
    assert_eq!(json["black"]["penalty_days"], 4);
    assert_eq!(
        json["moves"].as_array().unwrap().len(),
        1,
        "nothing applied"
    );
}

/// III.3.3, III.4.7: a mail that leaves out the partner's last move (it
/// repeats an earlier one, or none) is told the repetition is missing,
/// and its penalty is recorded so; a repetition written wrong is told and
/// recorded as wrong. Both cost the penalty.
#[test]
fn iii_4_7_a_missing_repetition_is_told_apart_from_a_wrong_one() {
    let mut arena = started("numeric");
    played(&mut arena, WHITE, "1. 5254", "2026-05-10");
    played(&mut arena, BLACK, "1. 5254 5755", "2026-05-10");
    played(&mut arena, WHITE, "1... 5755 2. 7163", "2026-05-11");
    // Black repeats his own 1... e5 but not White's 2. Nf3
    let reply = one(arena.exchange(BLACK, SUBJECT, "1... 5755 2... 2836", "2026-05-12"));
    has(
        &reply,
        "Reason: your mail does not repeat the partner's last move 2. 7163 (III.3.3).",
    );
    has(
        &reply,
        "Penalty Black: +2 days (12.05.2026): missing repetition of the partner's move",
    );
    lacks(&reply, "where the record has");
    lacks(&reply, "wrong repetition");
    // Black writes only his new move
    let reply = one(arena.exchange(BLACK, SUBJECT, "2... 2836", "2026-05-12"));
    has(
        &reply,
        "Reason: your mail does not repeat the partner's last move 2. 7163 (III.3.3).",
    );
    lacks(&reply, "wrong repetition");
    // Black repeats White's last move wrong: 2. b1-c3 for 2. g1-f3
    let reply = one(arena.exchange(BLACK, SUBJECT, "2. 2133 2836", "2026-05-12"));
    has(
        &reply,
        "Reason: you wrote \"2. 2133\" where the record has 2. 7163 (III.3.3).",
    );
    has(
        &reply,
        "Penalty Black: +2 days (12.05.2026): wrong repetition of the partner's move",
    );
    lacks(&reply, "does not repeat");
    let json = arena.json(GAME);
    assert_eq!(json["black"]["penalty_days"], 6);
    assert_eq!(
        json["moves"].as_array().unwrap().len(),
        3,
        "nothing applied"
    );
}

#[test]
fn iii_3_5_a_move_record_without_the_new_move_is_an_illegible_move() {
    let mut arena = started("numeric");
    played(&mut arena, WHITE, "1. 5254", "2026-05-10");
    // Black repeats White's move and forgets his own: a move mail that fails.
    let reply = one(arena.exchange(BLACK, SUBJECT, "1. 5254", "2026-05-11"));
    assert!(reply.is_to(&[BLACK], &[]));
    assert!(reply.body.contains("III.3.5"), "{}", reply.body);
    assert_eq!(arena.json(GAME)["black"]["penalty_days"], 2);
}

#[test]
fn iii_3_4_an_illegible_numeric_move_is_named_not_dropped() {
    let mut arena = started("numeric");
    played(&mut arena, WHITE, "1. 5254", "2026-05-10");
    // Black's 5051: there is no rank 0
    let reply = one(arena.exchange(BLACK, SUBJECT, "1. 5254 5051", "2026-05-11"));
    assert!(reply.is_to(&[BLACK], &[]), "{reply:?}");
    has(
        &reply,
        "\"5051\" cannot be read as a move: in ICCF numeric notation each square is written as two digits from 1 to 8 (an illegible move, III.3.4)",
    );
    lacks(&reply, "has no new move");
    has(&reply, "Penalty: 2 days");
    let json = arena.json(GAME);
    assert_eq!(json["black"]["penalty_days"], 2);
    assert_eq!(json["moves"].as_array().unwrap().len(), 1);
}

#[test]
fn iii_3_4_ambiguous_san_names_both_knights() {
    let mut arena = started("san");
    played(&mut arena, WHITE, "1. d4", "2026-05-10");
    played(&mut arena, BLACK, "1. d4 d5", "2026-05-10");
    played(&mut arena, WHITE, "1... d5 2. Nf3", "2026-05-11");
    played(&mut arena, BLACK, "2. Nf3 Nf6", "2026-05-11");
    let reply = one(arena.exchange(WHITE, SUBJECT, "2... Nf6 3. Nd2", "2026-05-12"));
    assert!(reply.is_to(&[WHITE], &[]));
    assert!(reply.body.contains("3. Nd2"), "{}", reply.body);
    assert!(reply.body.contains("Nbd2 или Nfd2"), "{}", reply.body);
    assert_eq!(arena.json(GAME)["white"]["penalty_days"], 2);
    played(&mut arena, WHITE, "2... Nf6 3. Nbd2", "2026-05-12");
    assert_eq!(arena.json(GAME)["moves"][4]["san"], "Nbd2");
}

#[test]
fn iii_3_2_a_typo_that_is_a_legal_move_stands() {
    let mut arena = started("numeric");
    // meant 1. 5254, typed 5253: e2-e3 is legal, so it is the move
    let (forward, _) = played(&mut arena, WHITE, "1. 5253", "2026-05-10");
    assert!(forward.about.ends_with("1. 5253"));
    assert_eq!(arena.json(GAME)["moves"][0]["san"], "e3");
}

#[test]
fn a_stranger_and_a_player_out_of_turn_get_a_reply_and_change_nothing() {
    let mut arena = started("numeric");
    let before = arena.json(GAME);
    // the stranger's subject names the game: he is answered
    let reply = one(arena.exchange("someone@example.org", SUBJECT, "1. 5254", "2026-05-10"));
    assert!(reply.is_to(&["someone@example.org"], &[]));
    assert!(reply.body.contains("not registered"));
    let reply = one(arena.exchange(BLACK, SUBJECT, "1. 5254 5755", "2026-05-10"));
    assert!(reply.is_to(&[BLACK], &[]));
    assert!(reply.body.contains("not your turn"), "{}", reply.body);
    assert_eq!(arena.json(GAME), before);
}

#[test]
fn robots_get_nothing_at_all() {
    let mut arena = started("numeric");
    let before = arena.json(GAME);
    let headers = [
        "Auto-Submitted: auto-replied (vacation)\r\n",
        "Precedence: bulk\r\n",
        "List-Id: <players.example.test>\r\n",
        "Return-Path: <>\r\n",
    ];
    for extra in headers {
        let raw = mail(WHITE, SUBJECT, "1. 5254", "2026-05-10", Encoding::Utf8);
        arena.deliver_raw(format!("{extra}{raw}").as_bytes(), "2026-05-10");
    }
    let bounce = "From: MAILER-DAEMON@example.test\r\nTo: arbiter@example.test\r\nSubject: Undelivered Mail Returned to Sender\r\n\
                  MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\r\n\
                  --b\r\nContent-Type: text/plain\r\n\r\n1. 5254\r\n--b--\r\n";
    arena.deliver_raw(bounce.as_bytes(), "2026-05-10");
    arena.run("2026-05-10");
    assert!(arena.new_sent().is_empty(), "no answer to a robot");
    assert_eq!(arena.json(GAME), before);
    assert_eq!(arena.inbox_counts(), (0, 5), "kept, out of new/");
}

#[test]
fn moves_in_quoted_text_are_ignored_and_html_only_mail_is_read() {
    let mut arena = started("numeric");
    played(&mut arena, WHITE, "1. 5254", "2026-05-10");
    // Black's own text has the move; the quote below holds another.
    let body = "1. 5254 5755\n\nOn Sun, 10 May 2026, Arbiter <arbiter@example.test> wrote:\n> 1. 5254 4745\n> 2. 7163";
    let (forward, _) = played(&mut arena, BLACK, body, "2026-05-11");
    assert!(forward.about.ends_with("1... 5755"), "{}", forward.subject);
    // An HTML-only mail, with a quote in a blockquote.
    let html = "From: ivanov@example.test\r\nTo: arbiter@example.test\r\nSubject: Re: [RUS-EM-2026/1]\r\n\
                Date: Tue, 12 May 2026 10:00:00 +0300\r\nMessage-ID: <html-1@example.test>\r\nMIME-Version: 1.0\r\n\
                Content-Type: text/html; charset=utf-8\r\n\r\n\
                <html><body><div>1...&nbsp;5755</div><div>2. 7163</div>\
                <blockquote><div>2. 4244</div></blockquote></body></html>\r\n";
    arena.deliver_raw(html.as_bytes(), "2026-05-12");
    arena.run("2026-05-12");
    let (forward, _) = copies(arena.new_sent(), BLACK, WHITE);
    assert!(forward.about.ends_with("2. 7163"), "{}", forward.subject);
}

#[test]
fn a_second_run_sends_nothing_and_changes_nothing() {
    let mut arena = started("numeric");
    played(&mut arena, WHITE, "1. 5254", "2026-05-10");
    one(arena.exchange(WHITE, SUBJECT, "1. 5299", "2026-05-11"));
    let json = arena.json(GAME);
    arena.run("2026-05-11");
    arena.run("2026-05-12");
    assert!(arena.new_sent().is_empty());
    assert_eq!(arena.json(GAME), json);
}

#[test]
fn the_date_header_is_a_claim_and_the_arrival_day_counts() {
    let mut arena = started("numeric");
    // dated 11 May, arrived 14 May
    let raw = mail(WHITE, SUBJECT, "1. 5254", "2026-05-11", Encoding::Utf8);
    arena.deliver_raw(raw.as_bytes(), "2026-05-14");
    arena.run("2026-05-14");
    // the note on the date is for the mover (Ivanov, Russian) only
    let (theirs, forward) = copies(arena.new_sent(), BLACK, WHITE);
    assert!(
        forward
            .body
            .contains("ваше письмо датировано 11.05.2026, оно пришло 14.05.2026"),
        "{}",
        forward.body
    );
    assert!(!theirs.body.contains("11.05.2026"), "{}", theirs.body);
    assert_eq!(arena.json(GAME)["moves"][0]["sent"], "2026-05-14");
    assert_eq!(arena.json(GAME)["white"]["days"], 4);
}

#[test]
fn iii_2_3_dates_stated_in_the_form_are_corrected_by_the_record() {
    let mut arena = started("numeric");
    played(&mut arena, WHITE, "1. 5254", "2026-05-10");
    played(&mut arena, BLACK, "1. 5254 5755", "2026-05-12");
    // White's table: move 1 sent on 10/05 (right), Black's row wrong: 1... sent 11/05, time 1/01
    let form = "Пол.  Отв.  Время  N    Белые  Черные  Пол.  Отв.  Время\n\
                ---   10/05 0/00   01.  5254   5755    10/05 11/05 1/01\n\
                12/05 13/05 1/01   02.  7163\n";
    let (_, forward) = played(&mut arena, WHITE, form, "2026-05-13");
    assert!(forward.about.ends_with("2. 7163"), "{}", forward.subject);
    assert!(
        forward
            .body
            .contains("1... 5755: отправлен 11/05 в вашем письме, 12/05 по записи"),
        "{}",
        forward.body
    );
    assert!(
        forward
            .body
            .contains("1... 5755: время 1/01 в вашем письме, 2/02 по записи"),
        "{}",
        forward.body
    );
    assert!(
        !forward.body.contains("1. 5254:"),
        "the right row is not listed: {}",
        forward.body
    );
    assert_eq!(
        arena.json(GAME)["moves"][1]["sent"],
        "2026-05-12",
        "the record counts"
    );
}

#[test]
fn answers_to_one_address_are_limited_per_hour() {
    let config = two_players("numeric").replace(
        "[[tournament]]",
        "[security]\nreplies_per_hour = 3\n\n[[tournament]]",
    );
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    arena.new_sent();
    // a stranger whose mails name the game is answered, each time
    for _ in 0..5 {
        arena.send("loop@example.org", SUBJECT, "1. 5254", "2026-05-10");
    }
    arena.run("2026-05-10");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 3, "three answers, then silence: {sent:#?}");
    assert!(sent.iter().all(|m| m.is_to(&["loop@example.org"], &[])));
    assert_eq!(arena.inbox_counts(), (0, 5), "every mail kept");
}

#[test]
fn sender_authentication_by_our_servers_authentication_results() {
    let config = two_players("numeric").replace(
        "[[tournament]]",
        "[security]\nsender_auth = \"authentication-results\"\nauthserv_id = \"mx.example.test\"\n\n[[tournament]]",
    );
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    arena.new_sent();
    let before = arena.json(GAME);
    let plain = mail(WHITE, SUBJECT, "1. 5254", "2026-05-10", Encoding::Utf8);
    arena.deliver_raw(plain.as_bytes(), "2026-05-10");
    let forged = format!(
        "Authentication-Results: attacker.example; dkim=pass header.d=example.test\r\n{}",
        mail(WHITE, SUBJECT, "1. 5254", "2026-05-10", Encoding::Utf8)
    );
    arena.deliver_raw(forged.as_bytes(), "2026-05-10");
    arena.run("2026-05-10");
    assert!(
        arena.new_sent().is_empty(),
        "no answer to an unauthenticated mail"
    );
    assert_eq!(arena.json(GAME), before, "nothing recorded");
    let vouched = format!(
        "Authentication-Results: mx.example.test; dkim=pass header.d=example.test\r\n{}",
        mail(WHITE, SUBJECT, "1. 5254", "2026-05-10", Encoding::Utf8)
    );
    arena.deliver_raw(vouched.as_bytes(), "2026-05-10");
    arena.run("2026-05-10");
    copies(arena.new_sent(), BLACK, WHITE);
    assert_eq!(arena.inbox_counts(), (0, 3));
}

#[test]
fn an_answer_that_cannot_be_addressed_does_not_block_the_outbox() {
    let mut arena = started("numeric");
    // a stranger's mail that names the game is answered: the answer fails
    arena.send("broken@@example.org", SUBJECT, "1. 5254", "2026-05-10");
    arena.send(WHITE, SUBJECT, "1. 5254", "2026-05-10");
    arena.run("2026-05-10");
    let sent = arena.new_sent();
    assert!(
        sent.iter().any(|m| m.is_to(&[BLACK], &[])) && sent.iter().any(|m| m.is_to(&[WHITE], &[])),
        "the forward went out, a copy to each player: {sent:#?}"
    );
    assert!(sent
        .iter()
        .all(|m| !m.to.iter().any(|t| t.contains("broken"))));
    arena.run("2026-05-10");
    assert!(arena.new_sent().is_empty());
}

/// Issue 9: each reader gets the mail in his own language. Petrov writes
/// English, Ivanov Russian, the director (`director_language = "ru"`)
/// Russian; Black is short of time after his move, so the director gets
/// the forward too (III.4.10), in the mail of his language.
#[test]
fn each_reader_gets_his_copy_in_his_own_language() {
    let config = config_with(
        "RUS-EM-2026",
        "2026-05-10",
        "numeric",
        "director_language = \"ru\"\ndays_per_control = 7\nwarning_days = 5",
        &[
            ("ivanov", "Ivanov, Ivan", WHITE, "ru"),
            ("petrov", "Petrov, Petr", BLACK, "en"),
        ],
        &[("ivanov", "petrov")],
    );
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    arena.new_sent();
    played(&mut arena, WHITE, "1. 5254", "2026-05-10");
    // Petrov (English) moves after two days: 5 of 7 days left
    let sent = arena.exchange(BLACK, SUBJECT, "1. 5254 5755", "2026-05-12");
    assert_eq!(sent.len(), 3, "{sent:#?}");
    let theirs = sent.iter().find(|m| m.is_to(&[WHITE], &[]));
    let theirs = theirs.expect("Ivanov's copy");
    let director = sent
        .iter()
        .find(|m| m.is_to(&["td@example.test"], &[]))
        .expect("the director's own copy, in Russian");
    assert!(
        director
            .body
            .contains("Копия вам: у одного из участников партии осталось 5 дней")
            && !director.body.contains("Ваше время"),
        "{}",
        director.body
    );
    let mine = sent
        .iter()
        .find(|m| m.is_to(&[BLACK], &[]))
        .expect("Petrov's copy");
    assert_eq!(theirs.subject, mine.subject);
    for text in [
        "Ваш партнер Petr Petrov (черные) сделал ход:",
        "Время на обдумывание вашего ответа отсчитывается от этого дня.",
        "Пол.  Отв.  Время",
        "Ваше время: использовано 0 дней из 7",
        "Ответьте на этот адрес",
    ] {
        assert!(theirs.body.contains(text), "{text:?} in {}", theirs.body);
    }
    assert!(!theirs.body.contains("Your"), "{}", theirs.body);
    for text in [
        "Your move, forwarded to Ivan Ivanov:",
        "The thinking time of Ivan Ivanov counts from this day.",
        "Rec.  Sent  Time",
        "Your clock: 2 days used of 7 allowed up to move 10; 5 days left.",
        "Warning: only 5 days left before move 10.",
    ] {
        assert!(mine.body.contains(text), "{text:?} in {}", mine.body);
    }
    assert!(!mine.body.contains("Ваш"), "{}", mine.body);
    // Petrov resigns: the result in Russian To Ivanov, in English To
    // Petrov, and the director's own in Russian.
    let sent = arena.exchange(BLACK, SUBJECT, "RESIGN", "2026-05-13");
    assert_eq!(sent.len(), 3, "{sent:#?}");
    let ru = sent.iter().find(|m| m.is_to(&[WHITE], &[]));
    let ru = ru.expect("the result for Ivanov");
    let director = sent.iter().find(|m| m.is_to(&["td@example.test"], &[]));
    let director = director.expect("the director's copy");
    assert!(
        director
            .body
            .contains("Здравствуйте, судья турнира RUS-EM-2026!"),
        "{}",
        director.body
    );
    let en = sent
        .iter()
        .find(|m| m.is_to(&[BLACK], &[]))
        .expect("Petrov's");
    assert!(ru.about.ends_with("результат 1-0"), "{}", ru.subject);
    assert!(
        ru.body.contains("закончена 13.05.2026: 1-0 (сдача)"),
        "{}",
        ru.body
    );
    assert!(en.about.ends_with("result 1-0"), "{}", en.subject);
    assert!(
        en.body.contains("ended on 13.05.2026: 1-0 (resignation)"),
        "{}",
        en.body
    );
    for copy in [ru, en] {
        assert!(copy.body.contains("[Result \"1-0\"]"), "{}", copy.body);
    }
}
