//! The whole life of a game through the command line: deadlines (III.5),
//! copies to the director (III.4.10), oversteps and the director's decision
//! (III.6), leaves (III.7), draws and claims (seed 004), director commands,
//! reports, and the postal rule set (Section II).

mod common;

use common::*;

const W: &str = "ivanov@example.test";
const B: &str = "petrov@example.test";
const TD: &str = "td@example.test";
const GAME: &str = "RUS-EM-2026/1";
const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";

/// One game, Ivanov - Petrov, with `extra` rule lines.
fn arena(extra: &str) -> Arena {
    start(extra, &[("ivanov", "petrov")])
}

/// Two games: Ivanov - Petrov and Sidorov - Petrov.
fn arena2(extra: &str) -> Arena {
    start(extra, &[("ivanov", "petrov"), ("sidorov", "petrov")])
}

fn start(extra: &str, games: &[(&str, &str)]) -> Arena {
    let mut arena = Arena::new(&three_players(extra, games));
    arena.run("2026-05-10");
    assert_eq!(arena.new_sent().len(), games.len(), "the opening mails");
    arena
}

fn subjects(sent: &[Sent]) -> Vec<String> {
    sent.iter().map(|m| m.subject.clone()).collect()
}

/// Plays numeric moves alternately from White, each mail repeating the
/// partner's last move, on the given days; asserts each is forwarded.
fn play(arena: &mut Arena, first_ply: usize, moves: &[(&str, &str)]) {
    for (i, (mv, day)) in moves.iter().enumerate() {
        let ply = first_ply + i;
        let from = if ply.is_multiple_of(2) { W } else { B };
        let own = format!(
            "{}{} {mv}",
            ply / 2 + 1,
            if ply.is_multiple_of(2) { "." } else { "..." }
        );
        let body = if ply == 0 {
            own.clone()
        } else {
            format!("{} {own}", previous(arena))
        };
        let sent = arena.exchange(from, SUBJECT, &body, day);
        assert!(
            sent.iter().any(|m| m.about.ends_with(&own)),
            "ply {ply} on {day}: {:#?}",
            sent
        );
    }
}

/// The last move of the game as `N. xxxx` / `N... xxxx`.
fn previous(arena: &Arena) -> String {
    let json = arena.json(GAME);
    let moves = json["moves"].as_array().unwrap();
    let last = moves.last().unwrap();
    let dots = if last["side"] == "white" { "." } else { "..." };
    format!(
        "{}{dots} {}",
        last["number"],
        last["numeric"].as_str().unwrap()
    )
}

#[test]
fn iii_5_1_reminder_exactly_at_day_14_and_iii_5_3_director_told_at_day_40() {
    let mut arena = arena("");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    arena.run("2026-05-23");
    assert!(arena.new_sent().is_empty(), "day 13: nothing");
    arena.run("2026-05-24");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 2, "{sent:#?}");
    assert!(sent[0].is_to(&[B], &[]), "the silent player: {:?}", sent[0]);
    assert!(
        sent[1].is_to(&[TD], &[]),
        "the director's copy: {:?}",
        sent[1]
    );
    assert!(sent[1].body.contains("III.5.1"), "{}", sent[1].body);
    assert!(sent[0].about.contains("reminder"));
    assert!(
        sent[0].body.contains("No answer has come for 14 days") && sent[0].body.contains("1. 5254"),
        "{}",
        sent[0].body
    );
    arena.run("2026-05-25");
    arena.run("2026-06-10");
    assert!(arena.new_sent().is_empty(), "once per move");
    arena.run("2026-06-18");
    assert!(arena.new_sent().is_empty(), "day 39: nothing");
    arena.run("2026-06-19");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(sent[0].is_to(&[TD], &[]), "{:?}", sent[0]);
    assert!(sent[0].body.contains("for 40 days"), "{}", sent[0].body);
    arena.run("2026-06-20");
    assert!(arena.new_sent().is_empty());
}

/// A rule set's own reminder schedule (issue 25 item 2): with
/// `further_reminders = [28, 35]` in `[tournament.rules]` the awaited move
/// is repeated on days 14, 28 and 35 of silence, each once, and the
/// director is told at day 40 as before.
#[test]
fn further_reminders_repeat_the_move_on_the_rule_sets_days() {
    // the rules are in the table: no `rules = …` beside it
    let text = three_players("# rules: [tournament.rules]", &[("ivanov", "petrov")]).replacen(
        "[[tournament.player]]",
        "[tournament.rules]\nbase = \"email\"\nfurther_reminders = [28, 35]\n\n[[tournament.player]]",
        1,
    );
    let mut arena = Arena::new(&text);
    arena.run("2026-05-10");
    assert_eq!(arena.new_sent().len(), 1, "the opening mail");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    for (day, waited) in [("2026-05-24", 14), ("2026-06-07", 28), ("2026-06-14", 35)] {
        let before = (chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d").unwrap()
            - chrono::Days::new(1))
        .to_string();
        arena.run(&before);
        assert!(arena.new_sent().is_empty(), "the day before {day}: nothing");
        arena.run(day);
        let sent = arena.new_sent();
        assert_eq!(sent.len(), 2, "{day}: {sent:#?}");
        assert!(
            sent[0].is_to(&[B], &[]) && sent[0].about.contains("reminder"),
            "{sent:#?}"
        );
        assert!(
            sent[0]
                .body
                .contains(&format!("No answer has come for {waited} days")),
            "{}",
            sent[0].body
        );
        assert!(sent[1].is_to(&[TD], &[]));
    }
    arena.run("2026-06-15");
    arena.run("2026-06-18");
    assert!(arena.new_sent().is_empty(), "no fourth repeat");
    arena.run("2026-06-19");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(sent[0].is_to(&[TD], &[]) && sent[0].body.contains("for 40 days"));
}

#[test]
fn iii_4_10_copies_to_the_director_and_iii_6_overstep_confirmed() {
    let mut arena = arena("days_per_control = 20\nmoves_per_control = 5");
    play(
        &mut arena,
        0,
        &[
            ("5254", "2026-05-10"),
            ("5755", "2026-05-14"),
            ("7163", "2026-05-14"),
            ("2836", "2026-05-18"),
            ("6125", "2026-05-18"),
            ("1716", "2026-05-22"),
        ],
    );
    // Black at 12 days of 20: the forward of 3... is not copied
    let json = arena.json(GAME);
    assert_eq!(json["black"]["total"], 12);
    arena.send(W, SUBJECT, "3... 1716 4. 2514", "2026-05-22");
    arena.run("2026-05-22");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 1);
    assert!(sent[0].is_to(&[B], &[W]), "not yet copied: {:?}", sent[0]);
    // Black reaches 16 days before move 5: from now on every mail is copied
    arena.send(B, SUBJECT, "4. 2514 4. ... 7866", "2026-05-26");
    arena.run("2026-05-26");
    let sent = arena.new_sent();
    assert!(sent[0].is_to(&[W], &[B]), "{:?}", sent[0]);
    assert!(
        sent[1].is_to(&[TD], &[]) && sent[1].body.contains("III.4.10"),
        "4 days left: the director's copy: {:?}",
        sent[1]
    );
    arena.send(W, SUBJECT, "4... 7866 5. 5171", "2026-05-26");
    arena.run("2026-05-26");
    let sent = arena.new_sent();
    assert!(sent[0].is_to(&[B], &[W]), "{:?}", sent[0]);
    assert!(sent[1].is_to(&[TD], &[]), "later mails too: {:?}", sent[1]);
    // Black, to play move 5 with 16 days used, passes 20 on day 21
    arena.run("2026-05-30");
    let sent = arena.new_sent();
    assert!(
        sent.iter()
            .any(|m| m.about.contains("few days left") && m.to == [B]),
        "Black warned before the claim: {sent:#?}"
    );
    assert!(without_warnings(sent).is_empty(), "20 days: no claim yet");
    arena.run("2026-05-31");
    let sent = arena.new_sent();
    let claims: Vec<&Sent> = sent
        .iter()
        .filter(|m| m.about.contains("overstep"))
        .collect();
    // the director's own mail, and each player's own
    assert_eq!(claims.len(), 3, "{sent:#?}");
    assert!(claims[0].is_to(&[TD], &[]), "{:?}", claims[0]);
    assert!(claims[1].is_to(&[W], &[]), "{:?}", claims[1]);
    assert!(claims[2].is_to(&[B], &[]), "{:?}", claims[2]);
    lacks(claims[1], "CONFIRM");
    lacks(claims[2], "CONFIRM");
    has(claims[1], "Petr Petrov (black) has used 21 days");
    has(
        claims[2],
        "you have used 21 days against 20 allowed up to move 5",
    );
    assert!(
        claims[0]
            .body
            .contains("has used 21 days against 20 allowed up to move 5"),
        "{}",
        claims[0].body
    );
    assert!(
        claims[0].body.contains("Move schedule"),
        "the schedule goes with the claim"
    );
    assert_eq!(arena.json(GAME)["status"], "suspended");
    // a move into the suspended game is kept, not forwarded
    let sent = arena.exchange(B, SUBJECT, "5. 5171 5... 6857", "2026-06-01");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    assert!(sent[0].is_to(&[B], &[]), "{:?}", sent[0]);
    assert!(sent[1].is_to(&[TD], &[]), "{:?}", sent[1]);
    assert!(sent[0].body.contains("suspended"), "{}", sent[0].body);
    // which move is kept, to the player and in the director's copy
    for mail in &sent {
        has(
            mail,
            "Your move 5... 6857 is kept: it is forwarded if the director rejects the claim",
        );
    }
    assert_eq!(arena.json(GAME)["moves"].as_array().unwrap().len(), 9);
    let (_, form, _) = arena.cli(&["show", GAME]);
    assert!(form.contains("Suspended since 31.05.2026: overstep claim against Black, 21/20 days, control move 5; a move is held"), "{form}");
    // Black protests; the director confirms knowing it: the loss, with the PGN
    protest(&mut arena, "2026-06-01");
    let sent = arena.exchange(
        TD,
        "Re: [RUS-EM-2026/1] time overstep claim",
        "CONFIRM",
        "2026-06-02",
    );
    let result: Vec<&Sent> = sent.iter().filter(|m| m.about.contains("result")).collect();
    assert_eq!(result.len(), 3, "{sent:#?}");
    assert!(result[0].is_to(&[W], &[]));
    assert!(result[1].is_to(&[B], &[]));
    assert!(result[2].is_to(&[TD], &[]));
    has(
        result[1],
        "You lost on time: the overstep was confirmed (III.6.6).",
    );
    assert!(
        result[0].body.contains("[Result \"1-0\"]") && result[0].body.contains("time overstep"),
        "{}",
        result[0].body
    );
    let json = arena.json(GAME);
    assert_eq!(
        (json["status"].as_str(), json["result"].as_str()),
        (Some("finished"), Some("1-0"))
    );
    assert_eq!(
        json["moves"].as_array().unwrap().len(),
        9,
        "the held move is dropped"
    );
}

#[test]
fn iii_6_7_a_rejected_claim_resumes_the_game_and_forwards_the_held_move() {
    let mut arena = arena("days_per_control = 20\nmoves_per_control = 5");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    // Black silent for 21 days: the claim
    arena.run("2026-05-31");
    let sent = arena.new_sent();
    assert!(
        sent.iter().any(|m| m.about.contains("overstep")),
        "{}",
        subjects(&sent).join("\n")
    );
    let sent = arena.exchange(B, SUBJECT, "1. 5254 5755", "2026-05-31");
    assert_eq!(
        sent.len(),
        2,
        "the answer and the director's copy: {sent:#?}"
    );
    assert!(sent[0].body.contains("kept"), "{}", sent[0].body);
    let sent = arena.exchange(
        TD,
        "Re: [RUS-EM-2026/1] time overstep claim",
        "REJECT",
        "2026-06-01",
    );
    let forward: Vec<&Sent> = sent
        .iter()
        .filter(|m| m.about.ends_with("1... 5755"))
        .collect();
    // the forward, and the director's copy (III.4.10)
    assert_eq!(forward.len(), 2, "{}", subjects(&sent).join("\n"));
    assert!(forward[0].to.contains(&W.to_string()));
    for player in [W, B] {
        assert!(sent
            .iter()
            .any(|m| m.about.contains("claim rejected") && m.is_to(&[player], &[])));
    }
    let json = arena.json(GAME);
    assert_eq!(json["status"], "in_progress");
    assert_eq!(json["moves"][1]["numeric"], "5755");
    // no new claim against Black before move 5 (III.6.7)
    arena.run("2026-06-02");
    assert!(arena
        .new_sent()
        .iter()
        .all(|m| !m.about.contains("overstep")));
}

#[test]
fn iii_7_leave_announced_reaches_partners_and_its_days_do_not_count() {
    let mut arena = arena2("");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    let sent = arena.exchange(B, "leave", "LEAVE 2026-05-12 2026-05-16", "2026-05-11");
    assert_eq!(sent.len(), 3, "{sent:#?}");
    // Petrov plays Ivanov and Sidorov: both partners; the director's own;
    // Petrov's own, with both games and his balance
    assert!(
        sent[0].is_to(&[W, "sidorov@example.test"], &[]),
        "{:?}",
        sent[0]
    );
    assert!(sent[1].is_to(&[TD], &[]), "{:?}", sent[1]);
    assert!(sent[2].is_to(&[B], &[]), "{:?}", sent[2]);
    has(
        &sent[2],
        "Your running games it covers: RUS-EM-2026/1, RUS-EM-2026/2.",
    );
    has(&sent[2], "Leave days left for 2026: 25 of 30 (III.7.1).");
    assert!(sent[0].body.contains("12.05.2026") && sent[0].body.contains("16.05.2026"));
    play(&mut arena, 1, &[("5755", "2026-05-20")]);
    let json = arena.json(GAME);
    assert_eq!(json["moves"][1]["days"], 5, "10 days less 5 of leave");
    assert_eq!(json["black"]["leave_days"], 5);
    assert_eq!(json["black"]["days"], 5);
    // a 46-day leave and a leave in the past: refused to the sender only
    let sent = arena.exchange(B, "leave", "LEAVE 2026-06-01 2026-07-16", "2026-05-21");
    assert_eq!(sent.len(), 1);
    assert!(sent[0].is_to(&[B], &[]), "{:?}", sent[0]);
    assert!(
        sent[0].body.contains("refused") && sent[0].body.contains("46"),
        "{}",
        sent[0].body
    );
    let sent = arena.exchange(B, "leave", "ПЕРЕРЫВ 01.05.2026 05.05.2026", "2026-05-21");
    assert_eq!(sent.len(), 1);
    assert!(
        sent[0].is_to(&[B], &[]) && sent[0].body.contains("before it starts"),
        "{}",
        sent[0].body
    );
    // LEAVE END ends an announced leave early
    arena.exchange(W, "leave", "LEAVE 2026-06-01 2026-06-10", "2026-05-21");
    let sent = arena.exchange(W, "leave", "LEAVE END", "2026-06-03");
    assert!(sent[0].body.contains("ended the leave"), "{}", sent[0].body);
    // the director grants a retroactive leave: Black's move 1 days vanish
    let sent = arena.exchange(
        TD,
        "leave",
        "LEAVE petrov 2026-05-17 2026-05-20",
        "2026-06-03",
    );
    assert!(
        sent.iter()
            .any(|m| m.body.contains("granted by the director")),
        "{sent:#?}"
    );
    assert_eq!(arena.json(GAME)["black"]["days"], 1);
}

/// III.7.2: a leave told ahead is told as one to come, with the games it
/// concerns.
#[test]
fn iii_7_2_a_leave_told_ahead_says_will_be_and_names_the_games() {
    let mut arena = arena2("");
    let sent = arena.exchange(B, "leave", "LEAVE 2026-06-01 2026-06-10", "2026-05-20");
    let partners = sent
        .iter()
        .find(|m| m.is_to(&[W, "sidorov@example.test"], &[]))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    has(
        partners,
        "Petr Petrov will be on leave from 01.06.2026 to 10.06.2026 inclusive. These days will not be counted",
    );
    has(
        partners,
        "The leave concerns games RUS-EM-2026/1, RUS-EM-2026/2.",
    );
    lacks(partners, "is on leave");
}

/// III.7.3: a leave ended early by LEAVE END is told to the partner once,
/// and the player's confirmation gives the leave days he has left.
#[test]
fn iii_7_3_leave_end_is_told_once_and_gives_the_days_left() {
    let mut arena = arena("");
    play(
        &mut arena,
        0,
        &[("5254", "2026-05-10"), ("5755", "2026-05-11")],
    );
    arena.exchange(W, "leave", "LEAVE 2026-06-01 2026-06-10", "2026-05-12");
    arena.run("2026-06-01");
    arena.new_sent();
    let sent = arena.exchange(W, "leave", "LEAVE END", "2026-06-03");
    let to_partner: Vec<&Sent> = sent
        .iter()
        .filter(|m| m.to.contains(&B.to_string()) || m.cc.contains(&B.to_string()))
        .collect();
    assert_eq!(to_partner.len(), 1, "one mail for one event: {sent:#?}");
    has(to_partner[0], "Ivan Ivanov has ended the leave (III.7.3).");
    let yours = mail_to_alone(&sent, W);
    has(yours, "Your leave has ended (III.7.3)");
    // 1 and 2 June taken: 28 of the year's 30 left (III.7.1)
    has(yours, "Leave days left for 2026: 28 of 30 (III.7.1).");
    // and no second notice the day after
    arena.run("2026-06-04");
    assert!(
        !arena
            .new_sent()
            .iter()
            .any(|m| m.to.contains(&B.to_string())
                && (m.about.contains("leave") || m.body.contains("leave"))),
        "told once"
    );
}

#[test]
fn draws_offer_and_accept_and_claim_threefold() {
    let mut arena = arena2("");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    let sent = arena.exchange(B, SUBJECT, "1. 5254 5755 (=)", "2026-05-11");
    assert!(sent[0].body.contains("offers a draw"), "{}", sent[0].body);
    let sent = arena.exchange(W, SUBJECT, "ACCEPT DRAW", "2026-05-12");
    assert!(sent
        .iter()
        .any(|m| m.about.contains("result 1/2-1/2") && m.is_to(&[W, B], &[])));
    assert_eq!(arena.json(GAME)["result"], "1/2-1/2");

    // game 2: knights out and back; the claim one move early is refused
    let subject = "Re: [RUS-EM-2026/2]";
    let s = "sidorov@example.test";
    let moves = [
        (s, "1. 7163"),
        (B, "1. 7163 7866"),
        (s, "1... 7866 2. 6371"),
        (B, "2. 6371 6678"),
        (s, "2... 6678 3. 7163"),
        (B, "3. 7163 7866"),
    ];
    for (i, (from, body)) in moves.iter().enumerate() {
        arena.exchange(from, subject, body, &format!("2026-05-{:02}", 11 + i));
    }
    // 4. Ng1 makes the position after 2. Ng1 again: only the second time
    let sent = arena.exchange(s, subject, "3... 7866 4. 6371\nCLAIM DRAW", "2026-05-20");
    assert!(
        sent.iter()
            .any(|m| m.body.contains("draw claim is refused")),
        "{sent:#?}"
    );
    assert_eq!(arena.json("RUS-EM-2026/2")["status"], "in_progress");
    // 4... Ng8 brings the start position a third time: granted
    let sent = arena.exchange(B, subject, "4. 6371 4... 6678\nCLAIM DRAW", "2026-05-21");
    assert!(
        sent.iter().any(|m| m.about.contains("result 1/2-1/2")),
        "{sent:#?}"
    );
    let json = arena.json("RUS-EM-2026/2");
    assert_eq!(json["result"], "1/2-1/2");
    assert_eq!(json["end_reason"], "threefold repetition, claimed");
}

#[test]
fn director_commands_work_from_the_director_only_and_status_reports() {
    let mut arena = arena2("");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    // from a player: refused
    let sent = arena.exchange(W, SUBJECT, "PENALTY black 3", "2026-05-11");
    assert!(
        sent[0].is_to(&[W], &[]) && sent[0].body.contains("Only the tournament director"),
        "{}",
        sent[0].body
    );
    let sent = arena.exchange(B, SUBJECT, "RESULT 0-1", "2026-05-11");
    assert!(sent[0].body.contains("Only the tournament director"));
    assert_eq!(arena.json(GAME)["black"]["penalty_days"], 0);
    // from the director
    let sent = arena.exchange(TD, SUBJECT, "PENALTY black 3", "2026-05-11");
    assert!(
        sent.iter().any(|m| m.is_to(&[W], &[])
            && m.body
                .contains("The director gives Petr Petrov (Black) 3 penalty days.")),
        "{sent:#?}"
    );
    assert!(
        sent.iter().any(
            |m| m.is_to(&[B], &[]) && m.body.contains("The director gives you 3 penalty days.")
        ),
        "{sent:#?}"
    );
    assert_eq!(arena.json(GAME)["black"]["penalty_days"], 3);
    // STATUS from a player lists every game of the sender
    let sent = arena.exchange(B, "status", "STATUS", "2026-05-12");
    assert!(sent[0].is_to(&[B], &[]));
    assert!(
        sent[0].body.contains("[RUS-EM-2026/1]") && sent[0].body.contains("[RUS-EM-2026/2]"),
        "{}",
        sent[0].body
    );
    // the director adjudicates
    let sent = arena.exchange(TD, SUBJECT, "RESULT 1-0", "2026-05-12");
    assert!(
        sent.iter()
            .any(|m| m.about.contains("result 1-0") && m.body.contains("director's decision")),
        "{sent:#?}"
    );
    assert_eq!(arena.json(GAME)["result"], "1-0");
    // STATUS from the director: the whole tournament
    let sent = arena.exchange(TD, "status", "STATUS", "2026-05-12");
    assert!(
        sent[0].body.contains("[RUS-EM-2026/1]")
            && sent[0].body.contains("finished 1-0")
            && sent[0].body.contains("[RUS-EM-2026/2]"),
        "{}",
        sent[0].body
    );
    // export --pgn holds the finished game
    let (_, pgn, _) = arena.cli(&["export", "--pgn"]);
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
}

#[test]
fn ii_6_postal_first_overstep_resets_the_count_and_the_second_loses() {
    let mut arena = arena("rules = \"postal\"\ndays_per_control = 10\nmoves_per_control = 2");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    // Black silent for 11 days: first overstep
    arena.run("2026-05-21");
    assert!(arena
        .new_sent()
        .iter()
        .any(|m| m.about.contains("overstep")));
    // play goes on while the director decides (II.6.8 interrupts only a
    // second overstep): Black's late move is forwarded at once
    play(&mut arena, 1, &[("5755", "2026-05-21")]);
    protest(&mut arena, "2026-05-22");
    let sent = arena.exchange(TD, "Re: [RUS-EM-2026/1] claim", "CONFIRM", "2026-05-22");
    assert!(
        sent.iter()
            .any(|m| m.about.contains("first overstep") && m.body.contains("II.6.4")),
        "{sent:#?}"
    );
    assert!(
        sent.iter().all(|m| !m.about.ends_with("1... 5755")),
        "nothing was held: {sent:#?}"
    );
    let json = arena.json(GAME);
    assert_eq!(json["status"], "in_progress");
    // Black's count starts from zero with move 2: 10 days for moves 2-3
    play(&mut arena, 2, &[("7163", "2026-05-22")]);
    arena.run("2026-06-01");
    assert!(
        arena
            .new_sent()
            .iter()
            .all(|m| !m.about.contains("overstep")),
        "10 days: within the new count"
    );
    arena.run("2026-06-02");
    assert!(
        arena
            .new_sent()
            .iter()
            .any(|m| m.about.contains("overstep")),
        "11 days: the second overstep"
    );
    protest(&mut arena, "2026-06-03");
    let sent = arena.exchange(TD, "Re: [RUS-EM-2026/1] claim", "CONFIRM", "2026-06-03");
    assert!(
        sent.iter().any(|m| m.about.contains("result 1-0")),
        "{sent:#?}"
    );
}

/// A postal game with 10 days per 2 moves: White's 1. e4 on the start
/// date, Black silent until the daily pass of 21 May claims his first
/// overstep (11 days). Returns the claim.
fn postal_first_claim() -> (Arena, Sent) {
    let mut arena = arena("rules = \"postal\"\ndays_per_control = 10\nmoves_per_control = 2");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    arena.run("2026-05-20");
    assert!(
        without_warnings(arena.new_sent()).is_empty(),
        "10 days: no claim yet"
    );
    arena.run("2026-05-21");
    let sent = arena.new_sent();
    // the director's own, and each player's own
    assert_eq!(sent.len(), 3, "{sent:#?}");
    assert!(sent[1].is_to(&[W], &[]), "{:?}", sent[1]);
    assert!(sent[2].is_to(&[B], &[]), "{:?}", sent[2]);
    let claim = sent.into_iter().next().unwrap();
    assert!(claim.about.contains("time overstep claim"), "{claim:?}");
    (arena, claim)
}

#[test]
fn ii_6_8_a_first_postal_claim_does_not_interrupt_the_game() {
    let (mut arena, claim) = postal_first_claim();
    // the claim goes to the director with the calculation and the schedule,
    // and says that the game goes on (II.6.2-6.4, II.6.8)
    assert!(claim.is_to(&[TD], &[]), "{claim:?}");
    for text in [
        "has used 11 days against 10 allowed up to move 2",
        "(II.6.2-6.3)",
        "the game is not interrupted and goes on while the director decides; only a claim of a second overstep interrupts it (II.6.8)",
        "starts from zero after move 1, II.6.4; a second overstep loses, II.6.6), or REJECT",
        "Move schedule",
    ] {
        assert!(claim.body.contains(text), "{text}: {}", claim.body);
    }
    assert!(!claim.body.contains("suspended"), "{}", claim.body);
    let json = arena.json(GAME);
    assert_eq!(
        (
            json["status"].as_str(),
            json["claim_pending"].as_bool(),
            json["claim"]["interrupts"].as_bool(),
            json["claim"]["against"].as_str()
        ),
        (Some("in_progress"), Some(true), Some(false), Some("black"))
    );
    // the next day Black's move is accepted and forwarded, nothing held,
    // and White's answer too
    play(
        &mut arena,
        1,
        &[("5755", "2026-05-22"), ("7163", "2026-05-23")],
    );
    let json = arena.json(GAME);
    assert_eq!(
        (
            json["status"].as_str(),
            json["claim_pending"].as_bool(),
            json["moves"].as_array().unwrap().len(),
            json["moves"][1]["forwarded"].as_str()
        ),
        (Some("in_progress"), Some(true), 3, Some("2026-05-22"))
    );
    // no second claim for the overstep already claimed
    arena.run("2026-05-24");
    let sent = arena.new_sent();
    assert!(
        sent.iter().all(|m| !m.about.contains("overstep")),
        "{sent:#?}"
    );
    let (_, games, _) = arena.cli(&["games"]);
    assert!(games.contains("in progress, claim pending"), "{games}");
    let (_, form, _) = arena.cli(&["show", GAME]);
    assert!(
        form.contains("Play goes on; claim pending since 21.05.2026: overstep claim against Black, 11/10 days, control move 2"),
        "{form}"
    );
}

#[test]
fn ii_6_3_a_late_first_postal_move_is_claimed_and_forwarded_together() {
    let mut arena = arena("rules = \"postal\"\ndays_per_control = 10\nmoves_per_control = 2");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    // Black's first move comes after 12 days, before any daily pass
    let sent = arena.exchange(B, SUBJECT, "1. 5254 1... 5755", "2026-05-22");
    let claim = sent
        .iter()
        .find(|m| m.about.contains("time overstep claim"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(claim.is_to(&[TD], &[]), "{claim:?}");
    assert!(
        claim
            .body
            .contains("has used 12 days against 10 allowed up to move 2"),
        "{}",
        claim.body
    );
    let forward = sent
        .iter()
        .find(|m| m.about.ends_with("1... 5755"))
        .unwrap_or_else(|| panic!("the move goes on: {sent:#?}"));
    assert!(forward.to.contains(&W.to_string()), "{forward:?}");
    let json = arena.json(GAME);
    assert_eq!(
        (json["status"].as_str(), json["claim_pending"].as_bool()),
        (Some("in_progress"), Some(true))
    );
    // the move that came with the claim is the overstepping one
    protest(&mut arena, "2026-05-23");
    let sent = arena.exchange(TD, "Re: [RUS-EM-2026/1] claim", "CONFIRM", "2026-05-23");
    assert!(
        sent.iter().any(|m| m.about.contains("first overstep")
            && m.body
                .contains("starts from zero after their move 1 (II.6.4)")),
        "{sent:#?}"
    );
}

#[test]
fn ii_6_4_first_claim_confirmed_restarts_the_count_while_play_went_on() {
    let (mut arena, _) = postal_first_claim();
    // play goes on: Black's overstepping 1... e5 (12 days), 2. Nf3,
    // 2... Nc6 (1 day), 3. Bc4
    play(
        &mut arena,
        1,
        &[
            ("5755", "2026-05-22"),
            ("7163", "2026-05-23"),
            ("2836", "2026-05-24"),
            ("6134", "2026-05-26"),
        ],
    );
    protest(&mut arena, "2026-05-27");
    let sent = arena.exchange(TD, "Re: [RUS-EM-2026/1] claim", "CONFIRM", "2026-05-27");
    // White reads of Black's overstep, Black of his own
    let told = |player: &str| {
        sent.iter()
            .find(|m| m.about.contains("first overstep") && m.is_to(&[player], &[]))
            .unwrap_or_else(|| panic!("{player}: {sent:#?}"))
    };
    has(
        told(B),
        "The director confirms your first time overstep. The count of your time starts from zero after your move 1 (II.6.4)",
    );
    let notice = told(W);
    for text in [
        "starts from zero after their move 1 (II.6.4)",
        "a second overstep loses the game (II.6.6)",
        "The claim did not interrupt the game, which goes on",
    ] {
        assert!(notice.body.contains(text), "{text}: {}", notice.body);
    }
    let json = arena.json(GAME);
    assert_eq!(
        (
            json["status"].as_str(),
            json["claim_pending"].as_bool(),
            json["black"]["total"].as_i64()
        ),
        (Some("in_progress"), Some(false), Some(13)),
        "the record keeps every day"
    );
    // Black's count restarted after move 1: move 2 took 1 day, 1 more day
    // on move 3 (received 26 May), 10 allowed up to move 3: 8 left. The
    // old count would say 14 of 20 up to move 4: 6 left.
    let (_, games, _) = arena.cli(&["games", "--today", "2026-05-27"]);
    assert!(games.contains("13 (8 left)"), "{games}");
    // 1 + 9 days on 4 June is within the new count, 1 + 10 on 5 June is not:
    // the second overstep is claimed, and interrupts the game
    arena.run("2026-06-04");
    let sent = arena.new_sent();
    assert!(
        sent.iter().all(|m| !m.about.contains("overstep")),
        "{sent:#?}"
    );
    arena.run("2026-06-05");
    let sent = arena.new_sent();
    let claim = sent
        .iter()
        .find(|m| m.about.contains("time overstep claim"))
        .unwrap_or_else(|| panic!("the second overstep: {sent:#?}"));
    assert!(
        claim
            .body
            .contains("has used 11 days against 10 allowed up to move 3")
            && claim.body.contains("CONFIRM to score the loss (II.6.6)"),
        "{}",
        claim.body
    );
    assert_eq!(arena.json(GAME)["status"], "suspended");
}

#[test]
fn ii_6_8_a_second_postal_claim_interrupts_and_holds_the_move() {
    let (mut arena, _) = postal_first_claim();
    play(&mut arena, 1, &[("5755", "2026-05-21")]);
    arena.exchange(TD, "Re: [RUS-EM-2026/1] claim", "CONFIRM", "2026-05-22");
    play(&mut arena, 2, &[("7163", "2026-05-22")]);
    // 11 days on move 2 of the new count: the second overstep
    arena.run("2026-06-02");
    let sent = arena.new_sent();
    let claim = sent
        .iter()
        .find(|m| m.about.contains("time overstep claim"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(claim.is_to(&[TD], &[]), "{claim:?}");
    assert!(
        claim
            .body
            .contains("The game is suspended until the director decides (II.6.8)")
            && claim.body.contains("CONFIRM to score the loss (II.6.6)"),
        "{}",
        claim.body
    );
    let json = arena.json(GAME);
    assert_eq!(
        (
            json["status"].as_str(),
            json["claim_pending"].as_bool(),
            json["claim"]["interrupts"].as_bool()
        ),
        (Some("suspended"), Some(true), Some(true))
    );
    // Black's move is kept, not forwarded
    let sent = arena.exchange(B, SUBJECT, "2. 7163 2... 7866", "2026-06-03");
    assert_eq!(sent.len(), 2, "the answer, the director's copy: {sent:#?}");
    assert!(sent[0].to == [B.to_string()], "{:?}", sent[0]);
    assert!(
        sent[0].body.contains("kept") && sent[0].body.contains("(II.6.8)"),
        "{}",
        sent[0].body
    );
    assert_eq!(arena.json(GAME)["moves"].as_array().unwrap().len(), 3);
    assert_eq!(arena.json(GAME)["claim"]["held"], true);
    // rejected: the held move is forwarded and the game goes on (II.6.9)
    let sent = arena.exchange(TD, "Re: [RUS-EM-2026/1] claim", "REJECT", "2026-06-04");
    let forward = sent
        .iter()
        .find(|m| m.about.ends_with("2... 7866"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(
        forward.body.contains(
            "held while the game was suspended, forwarded and received on 04.06.2026 (II.6.9)"
        ),
        "{}",
        forward.body
    );
    let json = arena.json(GAME);
    assert_eq!(
        (json["status"].as_str(), json["claim_pending"].as_bool()),
        (Some("in_progress"), Some(false))
    );
}

#[test]
fn iii_6_3_an_email_claim_interrupts_even_when_the_first_overstep_only_resets() {
    let mut arena =
        arena("days_per_control = 10\nmoves_per_control = 2\nloss_on_first_overstep = false");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    arena.run("2026-05-21");
    let sent = arena.new_sent();
    let claim = sent
        .iter()
        .find(|m| m.about.contains("time overstep claim"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(
        claim
            .body
            .contains("The game is suspended until the director decides (III.6.3)"),
        "{}",
        claim.body
    );
    assert_eq!(arena.json(GAME)["status"], "suspended");
    let sent = arena.exchange(B, SUBJECT, "1. 5254 1... 5755", "2026-05-22");
    assert_eq!(sent.len(), 2, "the answer, the director's copy: {sent:#?}");
    assert!(sent[0].body.contains("kept"), "{}", sent[0].body);
}

#[test]
fn ii_4_10_postal_penalty_five_then_ten_for_the_same_kind() {
    let mut arena = arena("rules = \"postal\"");
    arena.exchange(W, SUBJECT, "1. 5355", "2026-05-10");
    arena.exchange(W, SUBJECT, "1. 5356", "2026-05-10");
    assert_eq!(arena.json(GAME)["white"]["penalty_days"], 15);
    play(&mut arena, 0, &[("5254", "2026-05-11")]);
    // a wrong repetition is another kind: five again
    arena.exchange(B, SUBJECT, "1. 5253 5755", "2026-05-11");
    assert_eq!(arena.json(GAME)["black"]["penalty_days"], 5);
}

/// A clock that jumped forward (a month at once) runs each missed day's
/// timers in day order, each written as of its own day: the reminder at
/// 14 days, then the director's notice at 40, not one count as of the day
/// they ran; a clock set back runs nothing again (III.5.1, III.5.3).
#[test]
fn iii_5_timers_of_missed_days_run_in_order_each_as_of_its_own_day() {
    let mut arena = arena("");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    arena.run("2026-05-23");
    assert!(arena.new_sent().is_empty(), "day 13: nothing");
    arena.run("2026-06-22");
    let sent = arena.new_sent();
    // the reminder, the director's copy of it, the notice
    assert_eq!(subjects(&sent).len(), 3, "{sent:#?}");
    assert!(sent[0].about.contains("reminder"), "{sent:#?}");
    assert!(
        sent[0].body.contains("No answer has come for 14 days"),
        "the reminder as of 24.05: {}",
        sent[0].body
    );
    assert!(sent[2].is_to(&[TD], &[]), "{:?}", sent[2]);
    assert!(
        sent[2].body.contains("for 40 days") && sent[2].body.contains("19.06.2026"),
        "the notice as of 19.06: {}",
        sent[2].body
    );
    // set back, then forward to the same day again: nothing twice
    arena.run("2026-06-21");
    arena.run("2026-06-22");
    assert!(arena.new_sent().is_empty());
}

/// The daemon's own clock (`run --once` without `--today`) under
/// libfaketime: set back two hours across midnight, the previous day's
/// timers do not run again; three days ahead, the missed days run in order.
#[test]
fn a_clock_set_back_across_midnight_and_three_days_ahead_runs_each_day_once() {
    let Some(faketime) = faketime() else { return };
    let mut arena = arena("");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    // Moscow is UTC+3: 00:30 on 24.05 there is 21:30 UTC on 23.05
    let at = |arena: &mut Arena, utc: &str| {
        let (code, out, err) = arena.cli_with_env(
            &["run", "--once"],
            &[
                ("LD_PRELOAD", faketime.as_str()),
                ("FAKETIME", utc),
                ("TZ", "UTC"),
                ("FAKETIME_DONT_FAKE_MONOTONIC", "1"),
            ],
        );
        assert_eq!(code, 0, "{out}\n{err}");
        (err, arena.new_sent())
    };
    let (_, sent) = at(&mut arena, "@2026-05-23 21:30:00");
    assert_eq!(
        sent.len(),
        2,
        "the reminder of 24.05, the director's copy: {sent:#?}"
    );
    assert!(sent[0].body.contains("No answer has come for 14 days"));
    assert!(sent[1].is_to(&[TD], &[]), "{:?}", sent[1]);
    // two hours back: 22:30 on 23.05 in Moscow
    let (log, sent) = at(&mut arena, "@2026-05-23 19:30:00");
    assert!(sent.is_empty(), "nothing again: {sent:#?}");
    assert!(
        log.contains("the clock is behind the last timer pass"),
        "{log}"
    );
    // the director's notice is at 40 days (19.06): from 17.06, three days
    // ahead to 20.06 (as of 19.06, not 41 days as of 20.06), then 21.06
    let (_, sent) = at(&mut arena, "@2026-06-16 21:30:00");
    assert!(sent.is_empty(), "day 38: nothing: {sent:#?}");
    let (_, sent) = at(&mut arena, "@2026-06-19 21:30:00");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(
        sent[0].body.contains("for 40 days") && sent[0].body.contains("19.06.2026"),
        "{}",
        sent[0].body
    );
    let (_, sent) = at(&mut arena, "@2026-06-20 21:30:00");
    assert!(sent.is_empty(), "{sent:#?}");
}

/// libfaketime's library, or `None` (with a note) where it is missing;
/// `MAILARBITER_REQUIRE_FAKETIME=1` (tests/run.sh) makes that a failure.
fn faketime() -> Option<String> {
    let found = [
        "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
        "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
        "/usr/lib/faketime/libfaketime.so.1",
    ]
    .into_iter()
    .find(|p| std::path::Path::new(p).exists());
    if found.is_none() {
        assert!(
            std::env::var_os("MAILARBITER_REQUIRE_FAKETIME").is_none(),
            "libfaketime is missing (Debian's faketime package)"
        );
        eprintln!("SKIPPED: libfaketime is missing: apt-get install faketime");
    }
    found.map(str::to_string)
}

/// III.7.4-7.6 and III.6: a leave granted ahead moves the last day to
/// send by its days, and every mail says so: the reminder of 24.05 tells
/// the day the claim actually falls before (10 leave days: 19.07, not
/// 09.07), with the leave named, and no "unless you take a leave".
#[test]
fn iii_7_a_granted_leave_is_counted_in_the_last_day_every_mail_tells() {
    let mut arena = arena("");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    let sent = arena.exchange(B, "leave", "LEAVE 2026-06-01 2026-06-10", "2026-05-20");
    assert!(!sent.is_empty());
    arena.run("2026-05-24");
    let sent = arena.new_sent();
    let reminder = sent
        .iter()
        .find(|m| m.about.contains("reminder"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(
        reminder.body.contains("Send your move by 19.07.2026")
            && reminder.body.contains("01.06.2026-10.06.2026")
            && !reminder.body.contains("unless you take a leave"),
        "{}",
        reminder.body
    );
    arena.run("2026-07-19");
    assert!(
        !arena.new_sent().iter().any(|m| m.about.contains("claim")),
        "in time on the last day told"
    );
    arena.run("2026-07-20");
    let sent = arena.new_sent();
    assert!(
        sent.iter().any(|m| m.body.contains("overstep")),
        "claimed the day after: {sent:#?}"
    );
}

/// III.6 warned of: the player to move hears, in his own mail, when his
/// days left come down to the rule set's warning days (5) and to 1, with
/// the last day to send; once each per move, and not after the overstep.
#[test]
fn iii_6_the_player_to_move_is_warned_at_five_days_and_at_one_day_left() {
    let mut arena = arena("");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    arena.run("2026-07-03");
    let sent = arena.new_sent();
    let warnings: Vec<&Sent> = sent
        .iter()
        .filter(|m| m.about.contains("few days left"))
        .collect();
    assert!(
        warnings.is_empty(),
        "6 days left: no warning yet: {sent:#?}"
    );
    arena.run("2026-07-04");
    let sent = arena.new_sent();
    // and the director's copy (III.4.10)
    assert_eq!(sent.len(), 2, "{sent:#?}");
    assert!(sent[1].is_to(&[TD], &[]), "{:?}", sent[1]);
    let warning = &sent[0];
    assert!(warning.about.contains("few days left"), "{warning:?}");
    assert_eq!(warning.to, vec![B.to_string()], "To the player to move");
    assert!(
        warning
            .body
            .contains("Only 5 days are left before your move 10")
            && warning.body.contains("sent by 09.07.2026"),
        "{}",
        warning.body
    );
    arena.run("2026-07-07");
    assert!(arena.new_sent().is_empty(), "once per level");
    arena.run("2026-07-08");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 2, "{sent:#?}");
    assert!(
        sent[0].body.contains("Only 1 day is left") && sent[0].body.contains("09.07.2026"),
        "{}",
        sent[0].body
    );
    arena.run("2026-07-09");
    assert!(arena.new_sent().is_empty(), "the last day: nothing more");
    arena.run("2026-07-10");
    let sent = arena.new_sent();
    assert!(
        !sent.iter().any(|m| m.about.contains("few days left")),
        "{sent:#?}"
    );
    assert!(
        sent.iter().any(|m| m.body.contains("overstep")),
        "{sent:#?}"
    );
}

/// Black, the claimed player, protests (III.6.4, II.6.5): the protest goes
/// to the director with its reasons, Black is told it was passed on.
fn protest(arena: &mut Arena, day: &str) {
    let sent = arena.exchange(
        B,
        "Re: [RUS-EM-2026/1] time overstep claim",
        "PROTEST\nMy move was sent in time.",
        day,
    );
    let to_director = sent
        .iter()
        .find(|m| m.about.contains("protest against the overstep claim"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(to_director.is_to(&[TD], &[]), "{to_director:?}");
    assert!(
        to_director.body.contains("My move was sent in time.")
            && to_director.body.contains("CONFIRM or REJECT"),
        "{}",
        to_director.body
    );
    let answer = sent
        .iter()
        .find(|m| m.about.contains("your protest"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    // Cc the director where III.4.10 copies the game's mails to him
    assert_eq!(answer.to, vec![B.to_string()], "{answer:?}");
    assert!(
        !answer.body.contains("CONFIRM"),
        "no director's command in the player's mail: {}",
        answer.body
    );
}

/// III.6.4: the claim tells the claimed player his right to protest and
/// its last day; the director's CONFIRM before that day, with no protest,
/// is held (he is told until when) and takes effect the day after; a
/// protest after that day is refused as late.
#[test]
fn iii_6_4_a_confirm_within_the_protest_days_waits_for_them() {
    let mut arena = arena("");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    arena.run("2026-07-10");
    let sent = arena.new_sent();
    let claim = sent
        .iter()
        .find(|m| m.about.contains("time overstep claim") && m.to.contains(&TD.to_string()))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert!(
        claim
            .body
            .contains("may protest against this claim until 24.07.2026 inclusive (III.6.4)"),
        "{}",
        claim.body
    );
    let sent = arena.exchange(
        TD,
        "Re: [RUS-EM-2026/1] time overstep claim",
        "CONFIRM",
        "2026-07-11",
    );
    assert_eq!(sent.len(), 1, "only the director is told: {sent:#?}");
    assert!(sent[0].is_to(&[TD], &[]), "{:?}", sent[0]);
    assert!(
        sent[0].body.contains("until 24.07.2026") && sent[0].body.contains("on 25.07.2026"),
        "{}",
        sent[0].body
    );
    assert_eq!(arena.json(GAME)["status"], "suspended");
    arena.run("2026-07-24");
    assert!(
        !arena.new_sent().iter().any(|m| m.about.contains("result")),
        "the last protest day: not yet"
    );
    arena.run("2026-07-25");
    let sent = arena.new_sent();
    assert!(
        sent.iter().any(|m| m.about.contains("result 1-0")),
        "{sent:#?}"
    );
    let json = arena.json(GAME);
    assert_eq!(json["result"], "1-0");
    // too late now: the claim was confirmed when its days had passed
    let sent = arena.exchange(B, "Re: [RUS-EM-2026/1] claim", "PROTEST", "2026-07-26");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(sent[0].is_to(&[B], &[]), "{:?}", sent[0]);
    assert!(sent[0].about.contains("your protest"), "{:?}", sent[0]);
    has(
        &sent[0],
        "Your protest comes too late: protests against this claim were taken until 24.07.2026 (III.6.4).",
    );
    lacks(&sent[0], "nothing to protest against");
    lacks(&sent[0], "Your clock");
}

/// II.6.5: a postal first overstep, confirmed after the protest days, lets
/// the game go on; a protest after that is answered as late, with the last
/// day protests were taken, not as if no claim had been made.
#[test]
fn ii_6_5_a_protest_after_the_confirmed_first_overstep_is_late() {
    let (mut arena, claim) = postal_first_claim();
    assert!(
        claim.body.contains("until 28.05.2026 inclusive"),
        "{}",
        claim.body
    );
    arena.exchange(TD, "Re: [RUS-EM-2026/1] claim", "CONFIRM", "2026-05-29");
    assert_eq!(arena.json(GAME)["status"], "in_progress");
    let sent = arena.exchange(B, "Re: [RUS-EM-2026/1] claim", "PROTEST", "2026-05-30");
    let answer = sent
        .iter()
        .find(|m| m.about.contains("your protest"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert_eq!(answer.to, vec![B.to_string()], "{answer:?}");
    has(
        answer,
        "Your protest comes too late: protests against this claim were taken until 28.05.2026 (II.6.5).",
    );
    lacks(answer, "nothing to protest against");
    assert!(
        !sent
            .iter()
            .any(|m| m.about.contains("protest against the overstep claim")),
        "nothing to the director: {sent:#?}"
    );
}

/// A reply whose mail program quotes the opening without marks (Yahoo,
/// s-nail's TAB, The Bat!'s initials): the opening's example is a
/// placeholder, so only the player's own move is read (III.3), without a
/// penalty.
#[test]
fn iii_3_an_unmarked_quote_of_the_opening_is_not_read_as_a_move() {
    for quote in ["", "\t", " IA> "] {
        let mut arena = Arena::new(&three_players("", &[("ivanov", "petrov")]));
        arena.run("2026-05-10");
        let opening = arena
            .new_sent()
            .into_iter()
            .find(|m| m.to.contains(&W.to_string()))
            .expect("the opening to White");
        let quoted: String = opening
            .body
            .lines()
            .map(|l| format!("{quote}{l}\n"))
            .collect();
        let body = format!("1. 4244\n\n{quoted}");
        let sent = arena.exchange(W, SUBJECT, &body, "2026-05-10");
        assert!(
            sent.iter().any(|m| m.about.ends_with("1. 4244")),
            "quoted with {quote:?}: {sent:#?}"
        );
        assert_eq!(arena.json(GAME)["white"]["penalty_days"], 0, "{quote:?}");
        // nor relayed to the partner as White's note: the arbiter wrote it
        let forward = sent
            .iter()
            .find(|m| m.to.contains(&B.to_string()))
            .unwrap_or_else(|| panic!("{sent:#?}"));
        assert!(
            !forward.body.contains("begins on 10.05.2026"),
            "quoted with {quote:?}: {}",
            forward.body
        );
    }
}

/// Threads a mail client keeps (issue "every mail tells the truth", 7):
/// grouped by References as a client does, every mail Petrov receives
/// about the game (the opening, forwards, the reminder, the claim, its
/// decision) is in one thread that starts at his first mail; a mail to
/// one player never answers the other player's mail.
#[test]
fn each_readers_mails_of_a_game_are_one_thread() {
    let mut arena = Arena::new(&three_players("", &[("ivanov", "petrov")]));
    arena.run("2026-05-10");
    let mut all = arena.new_sent();
    for (from, body, on) in [
        (W, "1. 5254", "2026-05-10"),
        (B, "1. 5254 5755", "2026-05-11"),
        (W, "1... 5755 2. 7163", "2026-05-12"),
    ] {
        all.extend(arena.exchange(from, SUBJECT, body, on));
    }
    // Petrov silent: the reminder, then the claim and its rejection
    arena.run("2026-05-26");
    arena.run("2026-07-12");
    all.extend(arena.new_sent());
    all.extend(arena.exchange(
        TD,
        "Re: [RUS-EM-2026/1] time overstep claim",
        "REJECT",
        "2026-07-13",
    ));
    let ours: Vec<&str> = all.iter().map(|m| m.message_id.as_str()).collect();
    for (reader, least) in [(B, 5), (W, 5), (TD, 2)] {
        let mails: Vec<&Sent> = all
            .iter()
            .filter(|m| m.to.iter().chain(&m.cc).any(|a| a == reader))
            .collect();
        assert!(mails.len() >= least, "{reader}: {mails:#?}");
        let first = &mails[0];
        assert!(first.references.is_empty(), "{first:?}");
        // one subject for the game: what each mail is opens its body
        assert!(
            mails
                .iter()
                .all(|m| m.subject == "[RUS-EM-2026/1] Ivanov - Petrov"),
            "{reader}: {:?}",
            mails.iter().map(|m| &m.subject).collect::<Vec<_>>()
        );
        for m in &mails[1..] {
            // the root a client groups by: the first of References
            assert_eq!(
                m.references.first().map(String::as_str),
                Some(first.message_id.as_str()),
                "{reader}: {} outside the thread of {}",
                m.subject,
                first.subject
            );
            // it answers one of his own mails, or one of ours to him
            let parent = m.in_reply_to.as_deref().expect("In-Reply-To");
            assert!(
                !ours.contains(&parent) || mails.iter().any(|earlier| earlier.message_id == parent),
                "{reader}: {} answers a mail he never got",
                m.subject
            );
        }
    }
}

/// The ending worth keeping: the loser's own words reach the winner with
/// the result, the final position is shown.
#[test]
fn a_resignation_relays_the_losers_words_to_the_winner() {
    let mut arena = arena("");
    play(
        &mut arena,
        0,
        &[("5254", "2026-05-10"), ("5755", "2026-05-11")],
    );
    let sent = arena.exchange(B, SUBJECT, "RESIGN\nThank you for the game!", "2026-05-12");
    let winner = sent
        .iter()
        .find(|m| m.to.contains(&W.to_string()))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    has(winner, "Petr Petrov (black) resigned.");
    has(winner, "  | Thank you for the game!");
    // the final position, and no side to move in a finished game
    has(winner, "Last move: e7-e5");
    lacks(winner, "To move:");
    lacks(winner, "  | RESIGN");
}

/// III.7.4: the partner is told when a leave in his game begins and when
/// it has ended, with his own clock.
#[test]
fn iii_7_4_the_partner_is_told_when_the_leave_begins_and_ends() {
    let mut arena = arena("");
    play(&mut arena, 0, &[("5254", "2026-05-10")]);
    arena.exchange(B, "leave", "LEAVE 2026-05-20 2026-05-24", "2026-05-12");
    arena.run("2026-05-19");
    assert!(
        without_warnings(arena.new_sent()).is_empty(),
        "nothing before it"
    );
    arena.run("2026-05-20");
    let sent = arena.new_sent();
    let begins = mail_to_alone(&sent, W);
    has(
        begins,
        "The leave of Petr Petrov begins today, 20.05.2026, and lasts until 24.05.2026 inclusive",
    );
    has(begins, "Your clock:");
    arena.run("2026-05-24");
    assert!(arena.new_sent().is_empty(), "nothing during it");
    arena.run("2026-05-25");
    let sent = arena.new_sent();
    has(
        mail_to_alone(&sent, W),
        "The leave of Petr Petrov ended on 24.05.2026",
    );
}
