//! A fair referee for real people's mail (issue 8 §1): a mail without a
//! move costs nothing and is explained; commands are read as people write
//! them; moves written where the arbiter does not read are pointed out; one
//! move in two notations is one move; a Latin K is settled by the position;
//! a mail delivered twice is decided once; the player's own words reach
//! the partner.

mod common;

use common::*;

const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";
const WHITE: &str = "ivanov@example.test";
const BLACK: &str = "petrov@example.test";
const DIRECTOR: &str = "td@example.test";
const GAME: &str = "RUS-EM-2026/1";

/// The game after 1. e4 (White, Ivanov, reads Russian; Black, Petrov, English).
fn after_e4() -> Arena {
    let mut arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    assert_eq!(
        arena.new_sent().len(),
        2,
        "the opening mail, once in each player's language"
    );
    copies(
        arena.exchange(WHITE, SUBJECT, "1. 5254", "2026-05-10"),
        BLACK,
        WHITE,
    );
    arena
}

fn one(sent: Vec<Sent>) -> Sent {
    assert_eq!(sent.len(), 1, "exactly one mail: {sent:#?}");
    sent.into_iter().next().unwrap()
}

/// The mail with exactly these recipients among `sent`.
fn find(sent: &[Sent], to: &[&str], cc: &[&str]) -> Sent {
    let found = sent.iter().find(|m| m.is_to(to, cc));
    found
        .unwrap_or_else(|| panic!("a mail To {to:?} Cc {cc:?}: {sent:#?}"))
        .clone()
}

/// The forward of a move between the two players, who read different
/// languages: one copy To the opponent and one To the mover, each alone.
/// (the opponent's copy, the mover's copy)
fn copies(sent: Vec<Sent>, opponent: &str, mover: &str) -> (Sent, Sent) {
    assert_eq!(sent.len(), 2, "a copy for each player: {sent:#?}");
    (find(&sent, &[opponent], &[]), find(&sent, &[mover], &[]))
}

/// The result: in Russian To Ivanov, in English To Petrov, and the
/// director's own copy.
fn result(sent: Vec<Sent>) -> (Sent, Sent) {
    assert_eq!(sent.len(), 3, "a copy for each reader: {sent:#?}");
    let director = find(&sent, &[DIRECTOR], &[]);
    assert!(
        director
            .body
            .contains("A copy for your record of the game."),
        "{}",
        director.body
    );
    (find(&sent, &[WHITE], &[]), find(&sent, &[BLACK], &[]))
}

fn penalties(arena: &Arena) -> (u64, u64) {
    let json = arena.json(GAME);
    (
        json["white"]["penalty_days"].as_u64().unwrap(),
        json["black"]["penalty_days"].as_u64().unwrap(),
    )
}

fn moves(arena: &Arena) -> usize {
    arena.json(GAME)["moves"].as_array().unwrap().len()
}

#[test]
fn iii_3_5_a_mail_without_any_move_costs_nothing_and_is_explained() {
    let mut arena = after_e4();
    let mails = [
        "Thanks, I will think.",
        "Hello! When is my deadline?",
        "HLEP",
        "(=)",
        "Nf6",
        "I resign myself to waiting",
        "",
    ];
    for body in mails {
        let reply = one(arena.exchange(BLACK, SUBJECT, body, "2026-05-11"));
        assert!(reply.is_to(&[BLACK], &[]), "{body:?}: {reply:?}");
        assert!(
            reply.about.contains("no move"),
            "{body:?}: {}",
            reply.subject
        );
        let text = &reply.body;
        assert!(text.contains("no penalty is charged"), "{body:?}: {text}");
        assert!(!text.contains("does not repeat"), "{body:?}: {text}");
        assert!(text.contains("It is your move"), "{body:?}: {text}");
        assert!(
            text.contains("1. 5254 1... <your move>"),
            "{body:?}: {text}"
        );
        assert!(text.contains("[RUS-EM-2026/1]"), "the game's state: {text}");
        if !body.is_empty() && body != "(=)" {
            assert!(text.contains(&format!("| {body}")), "{body:?}: {text}");
        }
        assert_eq!(penalties(&arena), (0, 0), "{body:?}");
    }
    // The draw offer alone is understood and explained.
    let reply = one(arena.exchange(BLACK, SUBJECT, "(=)", "2026-05-11"));
    assert!(
        reply.body.contains("it is made together with a move"),
        "{}",
        reply.body
    );
    // White, not to move, in Russian.
    let reply = one(arena.exchange(WHITE, SUBJECT, "Спасибо за партию!", "2026-05-11"));
    assert!(reply.body.contains("штрафа нет"), "{}", reply.body);
    assert!(reply.body.contains("Ход за партнером"), "{}", reply.body);
    assert_eq!(penalties(&arena), (0, 0));
    assert_eq!(moves(&arena), 1);
}

/// A draw accepted on the line that repeats the partner's move, as people
/// write it, is an acceptance, not a mail without a move (no penalty);
/// other words after the moves on their line command nothing.
#[test]
fn a_draw_accepted_after_the_repeated_move_on_its_line_is_obeyed() {
    for (answer, drawn) in [
        ("1. 5254 Принимаю ничью.", true),
        ("1. 5254 I accept the draw", true),
        ("1. 5254 resign", false),
    ] {
        let mut arena = Arena::new(&two_players("numeric"));
        arena.run("2026-05-10");
        arena.exchange(WHITE, SUBJECT, "1. 5254 (=)", "2026-05-10");
        arena.exchange(BLACK, SUBJECT, answer, "2026-05-11");
        let json = arena.json(GAME);
        if drawn {
            assert_eq!(json["result"], "1/2-1/2", "{answer}: {json}");
        } else {
            // a word after a move never resigns: the mail has no move of
            // Black's and the game goes on
            assert_eq!(json["result"], "*", "{answer}: {json}");
        }
        if drawn {
            assert_eq!(json["black"]["penalty_days"], 0, "{answer}: {json}");
        }
    }
}

#[test]
fn commands_with_punctuation_and_courtesy_are_obeyed() {
    // A draw offered with the move and accepted as people write it.
    let mut arena = Arena::new(&two_players("numeric"));
    arena.run("2026-05-10");
    arena.new_sent();
    let (offer, _) = copies(
        arena.exchange(WHITE, SUBJECT, "1. 5254 (=)", "2026-05-10"),
        BLACK,
        WHITE,
    );
    assert!(offer.body.contains("offers a draw (=)"), "{}", offer.body);
    let (ru, en) = result(arena.exchange(BLACK, SUBJECT, "I accept the draw.", "2026-05-11"));
    assert!(ru.body.contains("ничья по соглашению"), "{}", ru.body);
    assert!(en.body.contains("draw agreed"), "{}", en.body);
    assert_eq!(arena.json(GAME)["result"], "1/2-1/2");
    // the PGN inline and as a file a chess program opens
    for copy in [&ru, &en] {
        assert_eq!(copy.attachments.len(), 1, "{copy:?}");
        let (name, pgn) = &copy.attachments[0];
        assert_eq!(name, "RUS-EM-2026-1.pgn");
        assert!(
            pgn.contains("[Result \"1/2-1/2\"]") && pgn.contains("1. e4"),
            "{pgn}"
        );
        assert!(copy.body.contains("[Result \"1/2-1/2\"]"), "{}", copy.body);
    }

    // `Я сдаюсь.` from White.
    let mut arena = after_e4();
    copies(
        arena.exchange(BLACK, SUBJECT, "1. 5254 5755", "2026-05-11"),
        WHITE,
        BLACK,
    );
    let (ru, en) = result(arena.exchange(WHITE, SUBJECT, "Я сдаюсь.", "2026-05-12"));
    assert!(ru.body.contains("0-1 (сдача)"), "{}", ru.body);
    assert!(en.body.contains("0-1 (resignation)"), "{}", en.body);
    assert_eq!(arena.json(GAME)["result"], "0-1");
}

#[test]
fn help_answers_in_the_players_language_and_pgn_with_the_game() {
    let mut arena = after_e4();
    let help = one(arena.exchange(WHITE, SUBJECT, "Помощь", "2026-05-11"));
    assert!(help.is_to(&[WHITE], &[]));
    assert!(help.body.contains("КАК ПИСАТЬ ХОД"), "{}", help.body);
    assert!(help.body.contains("СДАЮСЬ"), "{}", help.body);
    let help = one(arena.exchange(BLACK, SUBJECT, "help.", "2026-05-11"));
    assert!(help.body.contains("HOW TO WRITE A MOVE"), "{}", help.body);
    assert!(help.body.contains("ACCEPT DRAW"), "{}", help.body);
    let pgn = one(arena.exchange(BLACK, SUBJECT, "PGN", "2026-05-11"));
    assert!(pgn.is_to(&[BLACK], &[]));
    assert!(pgn.body.contains("[White \"Ivanov, Ivan"), "{}", pgn.body);
    assert!(pgn.body.contains("1. e4"), "{}", pgn.body);
    assert_eq!(penalties(&arena), (0, 0));
    assert_eq!(moves(&arena), 1);
}

#[test]
fn iii_9_1_a_finished_games_pgn_command_is_answered_with_its_pgn_and_result() {
    let mut arena = after_e4();
    result(arena.exchange(BLACK, SUBJECT, "RESIGN", "2026-05-11"));
    // the players send the director the game in PGN with its result (III.9.1)
    let pgn = one(arena.exchange(BLACK, SUBJECT, "PGN", "2026-05-12"));
    assert!(pgn.is_to(&[BLACK], &[]), "{pgn:?}");
    assert!(pgn.about.to_lowercase().ends_with(": pgn"), "{}", pgn.about);
    has(&pgn, "[White \"Ivanov, Ivan");
    has(&pgn, "[Result \"1-0\"]");
    has(&pgn, "1. e4");
    lacks(&pgn, "the game is over");
    // the clock stopped with the game
    lacks(&pgn, "Your clock");
    let pgn = one(arena.exchange(WHITE, SUBJECT, "pgn", "2026-05-12"));
    has(&pgn, "[Result \"1-0\"]");
    assert_eq!(arena.json(GAME)["result"], "1-0");
}

#[test]
fn moves_in_the_subject_the_quote_or_an_attachment_are_pointed_out_not_punished() {
    let mut arena = after_e4();
    let reply = one(arena.exchange(
        BLACK,
        "Re: [RUS-EM-2026/1] 1. 5254 5755",
        "see subject",
        "2026-05-11",
    ));
    assert!(reply.body.contains("in the subject only"), "{}", reply.body);

    let quoted = "On Sun, 10 May 2026, Arbiter wrote:\n> 1. 5254\n> 1... 5755\n";
    let reply = one(arena.exchange(BLACK, SUBJECT, quoted, "2026-05-11"));
    assert!(
        reply.body.contains("only inside the quoted text"),
        "{}",
        reply.body
    );

    let raw = format!(
        "From: {BLACK}\r\nTo: arbiter@example.test\r\nSubject: {SUBJECT}\r\n\
         Date: Mon, 11 May 2026 10:00:00 +0300\r\nMessage-ID: <attached.1@client.example.test>\r\n\
         MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b1\"\r\n\r\n\
         --b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMy move is attached.\r\n\
         --b1\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Disposition: attachment; filename=\"move.txt\"\r\n\r\n1. 5254 5755\r\n--b1--\r\n"
    );
    arena.deliver_raw(raw.as_bytes(), "2026-05-11");
    arena.run("2026-05-11");
    let reply = one(arena.new_sent());
    assert!(
        reply.body.contains("only in an attachment"),
        "{}",
        reply.body
    );
    assert_eq!(penalties(&arena), (0, 0));
    assert_eq!(moves(&arena), 1);
}

#[test]
fn iii_3_6_one_move_in_two_notations_is_one_move() {
    for body in [
        "1. 5254 1... 5755/e7-e5",
        "1. 5254 5755 (e7-e5)",
        "1. e2-e4 = 5254 1... e7-e5 = 5755",
        "1. 5254 1... 5755 / e5",
    ] {
        let mut arena = after_e4();
        copies(
            arena.exchange(BLACK, SUBJECT, body, "2026-05-11"),
            WHITE,
            BLACK,
        );
        assert_eq!(moves(&arena), 2, "{body}");
        assert_eq!(penalties(&arena), (0, 0), "{body}");
    }
    // Two different new moves are still refused (III.3.4).
    let mut arena = after_e4();
    let reply = one(arena.exchange(BLACK, SUBJECT, "1. 5254 1... 5755 / d7-d5", "2026-05-11"));
    assert!(
        reply.body.contains("two different new moves"),
        "{}",
        reply.body
    );
}

#[test]
fn a_latin_k_is_the_piece_that_can_make_the_move() {
    // Petrov's mail has only Latin letters; the king cannot go to f6, a
    // knight can: the knight it is.
    for body in ["1. e4 Kg8-f6", "1. e4 Kf6", "1. 5254 1... Kg8f6"] {
        let mut arena = after_e4();
        copies(
            arena.exchange(BLACK, SUBJECT, body, "2026-05-11"),
            WHITE,
            BLACK,
        );
        assert_eq!(arena.json(GAME)["moves"][1]["numeric"], "7866", "{body}");
    }
}

#[test]
fn a_mail_delivered_twice_into_the_maildir_is_decided_once() {
    let mut arena = after_e4();
    let raw = mail(BLACK, SUBJECT, "1. 5254 5755", "2026-05-11", Encoding::Utf8);
    arena.deliver_raw(raw.as_bytes(), "2026-05-11");
    arena.deliver_raw(raw.as_bytes(), "2026-05-11");
    arena.run("2026-05-11");
    copies(arena.new_sent(), WHITE, BLACK);
    // a third copy, a day later
    arena.deliver_raw(raw.as_bytes(), "2026-05-12");
    arena.run("2026-05-12");
    assert!(arena.new_sent().is_empty(), "no answer to a copy");
    assert_eq!(moves(&arena), 2);
    assert_eq!(penalties(&arena), (0, 0));
}

#[test]
fn the_same_move_mailed_again_is_already_received_not_a_fault() {
    let mut arena = after_e4();
    let reply = one(arena.exchange(WHITE, SUBJECT, "1. 5254", "2026-05-11"));
    assert!(reply.is_to(&[WHITE], &[]));
    assert!(reply.body.contains("уже получен"), "{}", reply.body);
    assert!(reply.body.contains("штрафа нет"), "{}", reply.body);
    assert_eq!(penalties(&arena), (0, 0));
    assert_eq!(moves(&arena), 1);
}

#[test]
fn the_players_own_words_reach_the_partner() {
    let mut arena = after_e4();
    let body = "Dear Ivan,\n1. 5254 5755\nGood luck, and greetings from Minsk!\n\nOn Sun, Arbiter wrote:\n> quoted text that is not relayed";
    let (forward, own) = copies(
        arena.exchange(BLACK, SUBJECT, body, "2026-05-11"),
        WHITE,
        BLACK,
    );
    // the mover's copy tells him his words were relayed, in his language
    assert!(
        own.body
            .contains("Your note, relayed to Ivan Ivanov as written:"),
        "{}",
        own.body
    );
    assert!(own.body.contains("| Dear Ivan,"), "{}", own.body);
    assert!(
        forward.body.contains("Примечание партнера"),
        "{}",
        forward.body
    );
    assert!(forward.body.contains("| Dear Ivan,"), "{}", forward.body);
    assert!(
        forward
            .body
            .contains("| Good luck, and greetings from Minsk!"),
        "{}",
        forward.body
    );
    assert!(!forward.body.contains("quoted text"), "{}", forward.body);
    // the HTML alternative: the board in figures, the form as a table
    // (its lines broken where a space was, as a browser reads them)
    let html = forward.html.as_deref().expect("an HTML alternative");
    let html = html.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        html.contains("&#9817;") && html.contains("<table"),
        "{html}"
    );
    assert!(
        html.contains("Good luck, and greetings from Minsk!"),
        "{html}"
    );
    // a bare move mail has no note
    let (forward, _) = copies(
        arena.exchange(WHITE, SUBJECT, "1... 5755 2. 7163", "2026-05-12"),
        BLACK,
        WHITE,
    );
    assert!(!forward.body.contains("note"), "{}", forward.body);
}

#[test]
fn iii_6_3_a_players_words_into_a_suspended_game_reach_the_director() {
    let mut arena = Arena::new(&three_players(
        "days_per_control = 3\nmoves_per_control = 5",
        &[("ivanov", "petrov")],
    ));
    arena.run("2026-05-10");
    arena.new_sent();
    // 3 days a control: the director reads every mail of the game (III.4.10)
    let sent = arena.exchange(WHITE, SUBJECT, "1. 5254", "2026-05-10");
    assert_eq!(
        sent.len(),
        2,
        "the forward and the director's copy: {sent:#?}"
    );
    // Black lets four days pass: the claim suspends the game
    arena.run("2026-05-14");
    assert!(arena
        .new_sent()
        .iter()
        .any(|m| m.about.contains("overstep")));
    let body = "I was in hospital, the certificate follows by post.";
    let sent = arena.exchange(BLACK, SUBJECT, body, "2026-05-15");
    assert_eq!(
        sent.len(),
        2,
        "the player's answer, the director's copy: {sent:#?}"
    );
    let copy = find(&sent, &[DIRECTOR], &[]);
    assert!(copy.body.contains(&format!("| {body}")), "{}", copy.body);
    let answer = find(&sent, &[BLACK], &[]);
    assert!(
        answer.body.contains(&format!("| {body}")),
        "{}",
        answer.body
    );
    assert_eq!(penalties(&arena), (0, 0));
    // a bare move into the suspended game is not copied for a note
    let sent = arena.exchange(BLACK, SUBJECT, "1. 5254 5755", "2026-05-15");
    let answer = find(&sent, &[BLACK], &[]);
    assert!(!answer.body.contains("Player's note"), "{}", answer.body);
}

#[test]
fn the_director_gets_help_pgn_and_is_obeyed_with_punctuation() {
    let mut arena = after_e4();
    let help = one(arena.exchange(DIRECTOR, SUBJECT, "Help!", "2026-05-11"));
    assert!(help.is_to(&[DIRECTOR], &[]));
    assert!(help.body.contains("CONFIRM (ПОДТВЕРЖДАЮ)"), "{}", help.body);
    let pgn = one(arena.exchange(DIRECTOR, SUBJECT, "pgn", "2026-05-11"));
    assert!(pgn.body.contains("1. e4"), "{}", pgn.body);
    let sent = arena.exchange(DIRECTOR, SUBJECT, "Result 1-0.", "2026-05-11");
    assert!(sent.iter().any(|m| m.about.contains("result")), "{sent:#?}");
    assert_eq!(arena.json(GAME)["result"], "1-0");
}

#[test]
fn show_json_names_the_games_players_as_stored() {
    let arena = after_e4();
    let json = arena.json(GAME);
    assert_eq!(json["players"]["white"], "ivanov");
    assert_eq!(json["players"]["black"], "petrov");
}
