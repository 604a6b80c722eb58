//! The tournament's end and adjudication (issue 13 §5, III.9.4-9.10): a
//! round robin of four players with `end = "2026-06-01"`, four games
//! finished, two still running at the end. On the end date both go to
//! adjudication; the player to move sends one move that counts as made and
//! goes to the director only; equal claims end a game; the director's
//! `RESULT` adjudicates the other, the appeal window runs, the result
//! becomes final and registered.

mod common;

use common::game_mail as mail;
use common::*;

const T: &str = "RUS-EM-2026";
const TD: &str = "td@example.test";

/// Four players in a round robin ending on 2026-06-01: 1 Ivanov-Smirnov
/// 1-0, 2 Petrov-Sidorov ½-½, 3 Smirnov-Sidorov 1-0, 4 Ivanov-Petrov 0-1;
/// 5 Petrov-Smirnov after 1. e4 (Black to move), 6 Sidorov-Ivanov after
/// 1. d4 (Black to move), both unfinished at the end.
fn at_the_end() -> (Arena, Vec<Sent>) {
    let mut arena = Arena::new(&round_robin_config("end = \"2026-06-01\""));
    arena.run("2026-05-10");
    resign_game(&mut arena, 1, "ivanov", "smirnov", "2026-05-11");
    draw_game(&mut arena, 2, "petrov", "sidorov", "2026-05-12");
    resign_game(&mut arena, 3, "smirnov", "sidorov", "2026-05-13");
    resign_game(&mut arena, 4, "ivanov", "ivanov", "2026-05-14");
    mail(&mut arena, 5, "petrov", "1. e4", "2026-05-15");
    mail(&mut arena, 6, "sidorov", "1. d4", "2026-05-16");
    arena.run("2026-05-31");
    arena.new_sent();
    // the end date: both unfinished games go to adjudication
    arena.run("2026-06-01");
    let sent = arena.new_sent();
    (arena, sent)
}

fn about(sent: &[Sent], n: u32) -> Vec<&Sent> {
    let tag = format!("[{T}/{n}]");
    sent.iter().filter(|m| m.about.contains(&tag)).collect()
}

#[test]
fn iii_9_4_at_the_end_date_unfinished_games_go_to_adjudication_and_the_clocks_stop() {
    let (arena, sent) = at_the_end();
    // game 5: each player his own mail in English, the director his own
    let five = about(&sent, 5);
    assert_eq!(five.len(), 3, "{sent:#?}");
    let own = |player: &str| {
        five.iter()
            .find(|m| m.is_to(&[&addr(player)], &[]))
            .unwrap_or_else(|| panic!("{player}'s mail: {five:#?}"))
    };
    let (partner, mover) = (own("petrov"), own("smirnov"));
    assert!(five.iter().any(|m| m.is_to(&[TD], &[])), "{five:#?}");
    for request in [partner, mover] {
        lacks(request, "The mail below went to");
        assert!(
            request.about.ends_with("adjudication (III.9.4)"),
            "{}",
            request.subject
        );
        for words in [
            "The tournament ended on 01.06.2026",
            "By 15.06.2026 (14 days) send the director",
            "CLAIM WIN, CLAIM DRAW or CLAIM LOSS",
            "counts as made (III.9.4.4)",
        ] {
            assert!(request.body.contains(words), "{words}: {}", request.body);
        }
    }
    // the one to move is told to move; his partner who moves, and not to him
    for words in [
        "You are to move: send your move as usual",
        "not to your opponent",
    ] {
        assert!(mover.body.contains(words), "{words}: {}", mover.body);
    }
    for words in ["Semen Smirnov (black) is to move", "not to you."] {
        assert!(partner.body.contains(words), "{words}: {}", partner.body);
    }
    // game 6: Sidorov reads Russian, Ivanov and the director English: the
    // director's own mail beside the players'
    let six = about(&sent, 6);
    assert_eq!(six.len(), 3, "{six:#?}");
    let ru = six
        .iter()
        .find(|m| m.to == [addr("sidorov")])
        .expect("Russian");
    assert!(ru.body.contains("ЗАЯВКА ВЫИГРЫШ"), "{}", ru.body);
    assert!(ru.body.contains("Турнир окончен 01.06.2026"), "{}", ru.body);
    let json = arena.json(&format!("{T}/5"));
    assert_eq!(json["status"], "adjudication");
    assert_eq!(json["adjudication"]["on"], "2026-06-01");
    assert_eq!(json["adjudication"]["reason"], "end");
    // the clocks stopped on the end date: Smirnov's count stays at 17 days
    let (code, out, _) = arena.cli(&["standings", "--json", "--today", "2026-06-20"]);
    assert_eq!(code, 0);
    let standings: serde_json::Value = serde_json::from_str(&out).unwrap();
    let game5 = &standings["tournaments"][0]["games"][4];
    assert_eq!(game5["status"], "adjudication");
    assert_eq!(game5["clock"]["black"]["used"], 17, "{game5}");
    // no reminder or other deadline mail in adjudication
    let mut arena = arena;
    arena.run("2026-06-10");
    let quiet = arena.new_sent();
    assert!(quiet.is_empty(), "{quiet:#?}");
}

#[test]
fn iii_9_4_4_the_move_of_the_player_to_move_counts_as_made_and_goes_to_the_director() {
    let (mut arena, _) = at_the_end();
    let sent = mail(&mut arena, 5, "smirnov", "1. e4 e5", "2026-06-03");
    assert_eq!(sent.len(), 2, "{sent:#?}");
    let to_director = mail_to_alone(&sent, TD);
    mail_to_alone(&sent, &addr("smirnov"));
    assert!(to_director.body.contains("1... e5"), "{}", to_director.body);
    assert!(
        to_director.body.contains("it was not sent to the opponent"),
        "{}",
        to_director.body
    );
    let json = arena.json(&format!("{T}/5"));
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2, "{json}");
    assert_eq!(moves[1]["san"], "e5");
    // the clock stopped on the end date: 17 days, not 19
    assert_eq!(moves[1]["days"], 17, "{json}");
    assert_eq!(json["status"], "adjudication");
    // no more moves: answered without penalty
    let sent = mail(&mut arena, 5, "petrov", "1. e4 e5 2. Nf3", "2026-06-04");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(sent[0].is_to(&[&addr("petrov")], &[]), "{:?}", sent[0]);
    assert!(sent[0].body.contains("no penalty"), "{}", sent[0].body);
    let json = arena.json(&format!("{T}/5"));
    assert_eq!(json["moves"].as_array().unwrap().len(), 2);
    assert_eq!(json["penalties"].as_array().unwrap().len(), 0);
}

#[test]
fn iii_9_5_equal_claims_end_the_game_without_adjudication() {
    let (mut arena, _) = at_the_end();
    let sent = mail(
        &mut arena,
        6,
        "sidorov",
        "ЗАЯВКА ВЫИГРЫШ\nБелые выигрывают: лишняя пешка и атака.",
        "2026-06-05",
    );
    assert_eq!(sent.len(), 2, "{sent:#?}");
    // the claim with its analysis goes to the director, Cc the claimant
    let claim = mail_to_alone(&sent, TD);
    assert!(claim.body.contains("claims a win"), "{}", claim.body);
    assert!(claim.body.contains("лишняя пешка"), "{}", claim.body);
    let json = arena.json(&format!("{T}/6"));
    assert_eq!(json["adjudication"]["claims"]["white"], "1-0");
    assert_eq!(json["status"], "adjudication");
    let sent = mail(&mut arena, 6, "ivanov", "CLAIM LOSS", "2026-06-06");
    // the result with the PGN reaches both players (one per language) and
    // the director
    let results: Vec<&Sent> = sent.iter().filter(|m| !m.attachments.is_empty()).collect();
    let readers: Vec<&String> = results
        .iter()
        .flat_map(|m| m.to.iter().chain(&m.cc))
        .collect();
    for who in [addr("sidorov"), addr("ivanov"), TD.to_string()] {
        assert!(readers.contains(&&who), "{who}: {results:#?}");
    }
    assert!(results[0].body.contains("(III.9.5)"), "{}", results[0].body);
    let json = arena.json(&format!("{T}/6"));
    assert_eq!(json["status"], "finished");
    assert_eq!(json["result"], "1-0");
    let pgn = json["pgn"].as_str().unwrap();
    assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    let (code, out, _) = arena.cli(&["standings", "--json", "--today", "2026-06-06"]);
    assert_eq!(code, 0);
    let standings: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(standings["tournaments"][0]["games"][5]["registered"], true);
}

#[test]
fn iii_9_8_the_directors_result_opens_the_appeal_window_then_is_final() {
    let (mut arena, _) = at_the_end();
    mail(
        &mut arena,
        5,
        "petrov",
        "CLAIM WIN\n1. e4 is strong.",
        "2026-06-02",
    );
    // 14 days: Smirnov sent nothing; the director is told (III.9.4, III.9.7)
    arena.run("2026-06-15");
    let sent = arena.new_sent();
    let overdue = about(&sent, 5);
    assert_eq!(overdue.len(), 2, "{sent:#?}");
    assert!(
        overdue[1].is_to(&[&addr("smirnov")], &[]),
        "{:?}",
        overdue[1]
    );
    assert!(overdue[0].is_to(&[TD], &[]), "{:?}", overdue[0]);
    assert!(
        overdue[0].body.contains("Semen Smirnov (black)"),
        "{}",
        overdue[0].body
    );
    assert!(
        overdue[0].body.contains("right to appeal (III.9.7)"),
        "{}",
        overdue[0].body
    );
    let sent = arena.exchange(
        TD,
        &format!("Re: [{T}/5] adjudication"),
        "RESULT 1-0",
        "2026-06-16",
    );
    let told = sent
        .iter()
        .find(|m| m.about.contains("adjudicated 1-0") && !m.is_to(&[TD], &[]))
        .expect("the adjudicated result");
    assert!(
        told.is_to(&[&addr("petrov"), &addr("smirnov")], &[]),
        "{told:?}"
    );
    assert!(
        told.body.contains("The last move made: 1. e4"),
        "{}",
        told.body
    );
    assert!(told.body.contains("by 30.06.2026"), "{}", told.body);
    let json = arena.json(&format!("{T}/5"));
    assert_eq!(json["result"], "1-0");
    assert!(json["pgn"]
        .as_str()
        .unwrap()
        .contains("[Termination \"adjudication\"]"));
    assert_eq!(json["adjudication"]["appeal_until"], "2026-06-30");
    let registered = |arena: &Arena| {
        let (_, out, _) = arena.cli(&["standings", "--json", "--today", "2026-07-01"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["tournaments"][0]["games"][4]["registered"].clone()
    };
    assert_eq!(registered(&arena), false);
    let (_, text, _) = arena.cli(&["standings", "--today", "2026-06-20"]);
    assert!(
        text.contains("adjudicated, open to appeal until 30.06.2026"),
        "{text}"
    );
    // Smirnov sent no claim: no right to appeal (III.9.7)
    let sent = mail(
        &mut arena,
        5,
        "smirnov",
        "APPEAL\nI hold the draw.",
        "2026-06-18",
    );
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(sent[0].is_to(&[&addr("smirnov")], &[]), "{:?}", sent[0]);
    assert!(
        sent[0].body.contains("no right to appeal (III.9.7)"),
        "{}",
        sent[0].body
    );
    // the window passes: final and registered
    arena.run("2026-06-30");
    let sent = arena.new_sent();
    let fin = about(&sent, 5);
    assert_eq!(fin.len(), 2, "the players' and the director's: {sent:#?}");
    assert!(
        fin[0].about.contains("the result 1-0 is final"),
        "{}",
        fin[0].subject
    );
    assert_eq!(registered(&arena), true);
    let json = arena.json(&format!("{T}/5"));
    assert_eq!(json["adjudication"]["final_on"], "2026-06-30");
}

#[test]
fn iii_9_9_an_appeal_goes_to_the_director_and_the_partner_and_his_new_result_is_final() {
    let (mut arena, _) = at_the_end();
    mail(&mut arena, 5, "petrov", "CLAIM WIN", "2026-06-02");
    mail(&mut arena, 5, "smirnov", "1. e4 e5", "2026-06-02");
    mail(
        &mut arena,
        5,
        "smirnov",
        "CLAIM DRAW\nSymmetrical.",
        "2026-06-03",
    );
    arena.exchange(
        TD,
        &format!("Re: [{T}/5] adjudication"),
        "RESULT 1-0",
        "2026-06-10",
    );
    let sent = mail(
        &mut arena,
        5,
        "smirnov",
        "APPEAL\nAfter 2. Nf3 Nc6 it is equal.",
        "2026-06-12",
    );
    // the director's, then each player's own: the appellant reads his
    // appeal as his, the partner whose it is
    assert_eq!(sent.len(), 3, "{sent:#?}");
    assert!(sent[0].is_to(&[TD], &[]), "{:?}", sent[0]);
    assert!(sent[0].body.contains("2. Nf3 Nc6"), "{}", sent[0].body);
    assert!(sent[1].is_to(&[&addr("smirnov")], &[]), "{:?}", sent[1]);
    has(
        &sent[1],
        "You appeal against the adjudicated result 1-0 (III.9.9).",
    );
    assert!(sent[2].is_to(&[&addr("petrov")], &[]), "{:?}", sent[2]);
    has(
        &sent[2],
        "Semen Smirnov appeals against the adjudicated result 1-0 (III.9.9).",
    );
    // the window passes, the appeal waits for the director
    arena.run("2026-06-30");
    assert!(about(&arena.new_sent(), 5).is_empty());
    let sent = arena.exchange(
        TD,
        &format!("Re: [{T}/5] appeal"),
        "RESULT 1/2-1/2",
        "2026-07-01",
    );
    let fin = sent
        .iter()
        .find(|m| m.about.contains("is final"))
        .expect("the final result");
    assert!(
        fin.body.contains("adjudicated the game again"),
        "{}",
        fin.body
    );
    let json = arena.json(&format!("{T}/5"));
    assert_eq!(json["result"], "1/2-1/2");
    assert_eq!(json["adjudication"]["final_on"], "2026-07-01");
}

/// Ivanov and Petrov in one game (RUS-EM-2026/1) ending on `end`.
fn one_game(end: &str) -> Arena {
    let config = config_with(
        T,
        "2026-05-10",
        "san",
        &format!("end = \"{end}\""),
        &[
            ("ivanov", "Ivanov, Ivan", "ivanov@example.test", "en"),
            ("petrov", "Petrov, Petr", "petrov@example.test", "en"),
        ],
        &[("ivanov", "petrov")],
    );
    let arena = Arena::new(&config);
    arena.run("2026-05-10");
    arena
}

#[test]
fn iii_9_4_a_player_on_leave_at_the_end_goes_to_adjudication_with_the_leave_counted() {
    let mut arena = one_game("2026-06-01");
    mail(&mut arena, 1, "ivanov", "1. e4", "2026-05-15");
    // Petrov's leave from 25.05 to 10.06 covers the end date
    arena.exchange(
        TD,
        "leave",
        "LEAVE petrov 2026-05-25 2026-06-10",
        "2026-05-20",
    );
    arena.new_sent();
    arena.run("2026-06-01");
    let sent = arena.new_sent();
    assert!(
        sent.iter()
            .any(|m| m.about.ends_with("adjudication (III.9.4)")),
        "{sent:#?}"
    );
    let json = arena.json(&format!("{T}/1"));
    assert_eq!(json["status"], "adjudication");
    // his move sent after the leave counts 16.05-24.05 only: 9 days
    mail(&mut arena, 1, "petrov", "1. e4 e5", "2026-06-11");
    let json = arena.json(&format!("{T}/1"));
    assert_eq!(json["moves"][1]["days"], 9, "{json}");
}

#[test]
fn iii_9_4_a_game_suspended_at_the_end_waits_for_the_claim_then_goes_to_adjudication() {
    let mut arena = one_game("2026-07-15");
    // White never moves: the overstep is claimed on day 61 and suspends the game
    for day in ["2026-05-24", "2026-06-19", "2026-07-10"] {
        arena.run(day);
    }
    let json = arena.json(&format!("{T}/1"));
    assert_eq!(json["status"], "suspended", "{json}");
    arena.new_sent();
    arena.run("2026-07-15");
    assert!(arena.new_sent().is_empty());
    assert_eq!(arena.json(&format!("{T}/1"))["status"], "suspended");
    // the rejection, then the same day's timer pass after the mail
    let sent = arena.exchange(TD, &format!("Re: [{T}/1] claim"), "REJECT", "2026-07-16");
    assert!(
        sent.iter()
            .any(|m| m.about.ends_with("adjudication (III.9.4)")),
        "{sent:#?}"
    );
    let json = arena.json(&format!("{T}/1"));
    assert_eq!(json["status"], "adjudication");
    assert_eq!(json["adjudication"]["on"], "2026-07-16");
}

/// III.9.5: two equal claims are told as agreeing, in every language's
/// mail that carries the second claim (the director's and the claimant's),
/// and the game ends with that result.
#[test]
fn iii_9_5_equal_draw_claims_are_told_as_agreeing_in_every_language() {
    for (lang, agree, differ) in [
        ("en", "Both claims agree", "differ"),
        ("ru", "Обе заявки совпадают", "не совпадают"),
        (
            "de",
            "Beide Anträge stimmen überein",
            "weichen voneinander ab",
        ),
        ("lt", "Abu pareiškimai sutampa", "skiriasi"),
    ] {
        let config = config_with(
            T,
            "2026-05-10",
            "san",
            &format!("end = \"2026-06-01\"\ndirector_language = \"{lang}\""),
            &[
                ("ivanov", "Ivanov, Ivan", "ivanov@example.test", lang),
                ("petrov", "Petrov, Petr", "petrov@example.test", lang),
            ],
            &[("ivanov", "petrov")],
        );
        let mut arena = Arena::new(&config);
        arena.run("2026-05-10");
        mail(&mut arena, 1, "ivanov", "1. e4", "2026-05-15");
        arena.run("2026-06-01");
        arena.new_sent();
        mail(&mut arena, 1, "petrov", "CLAIM DRAW", "2026-06-02");
        let sent = mail(&mut arena, 1, "ivanov", "CLAIM DRAW", "2026-06-03");
        let claim = sent
            .iter()
            .find(|m| m.attachments.is_empty() && m.to == [TD.to_string()])
            .unwrap_or_else(|| panic!("{lang}: the claim to the director: {sent:#?}"));
        assert!(
            claim.body.contains(agree)
                && claim.body.contains("1/2-1/2 ")
                && claim.body.contains("(III.9.5)"),
            "{lang}: {}",
            claim.body
        );
        assert!(!claim.body.contains(differ), "{lang}: {}", claim.body);
        let readers: Vec<&String> = sent
            .iter()
            .filter(|m| m.body.contains(agree))
            .flat_map(|m| m.to.iter().chain(&m.cc))
            .collect();
        assert!(readers.contains(&&addr("ivanov")), "{lang}: {sent:#?}");
        let json = arena.json(&format!("{T}/1"));
        assert_eq!(json["status"], "finished", "{lang}");
        assert_eq!(json["result"], "1/2-1/2", "{lang}");
    }
}

/// III.9.4: in a tournament that ends before the last day to send, the
/// forward and the reminder name the end and what it means, and so does
/// the answer to STATUS, in every language; without an end they are as
/// before.
#[test]
fn iii_9_4_the_forward_the_reminder_and_status_name_the_tournaments_end() {
    for (lang, words, status_words) in [
        ("en", "The tournament ends earlier, on 01.06.2026: a game not finished by then goes to adjudication (III.9).", "The tournament RUS-EM-2026 ends on 01.06.2026: a game not finished by then goes to adjudication (III.9)."),
        ("ru", "Турнир заканчивается раньше, 01.06.2026: не оконченная к этой дате партия передается на присуждение (III.9).", "Турнир RUS-EM-2026 заканчивается 01.06.2026: не оконченная к этой дате партия передается на присуждение (III.9)."),
        ("de", "Das Turnier endet schon früher, am 01.06.2026: eine bis dahin nicht beendete Partie wird abgeschätzt (III.9).", "Das Turnier RUS-EM-2026 endet am 01.06.2026: eine bis dahin nicht beendete Partie wird abgeschätzt (III.9)."),
        ("lt", "Turnyras baigiasi anksčiau, 2026-06-01: iki tos dienos nebaigta partija perduodama vertinti (III.9).", "Turnyras RUS-EM-2026 baigiasi 2026-06-01: iki tos dienos nebaigta partija perduodama vertinti (III.9)."),
    ] {
        for end in ["end = \"2026-06-01\"\n", ""] {
            let config = config_with(
                T,
                "2026-05-10",
                "san",
                &format!("{end}director_language = \"{lang}\""),
                &[
                    ("ivanov", "Ivanov, Ivan", "ivanov@example.test", lang),
                    ("petrov", "Petrov, Petr", "petrov@example.test", lang),
                ],
                &[("ivanov", "petrov")],
            );
            let mut arena = Arena::new(&config);
            arena.run("2026-05-10");
            let sent = mail(&mut arena, 1, "ivanov", "1. e4", "2026-05-15");
            let forward = sent
                .iter()
                .find(|m| m.to == [addr("petrov")])
                .unwrap_or_else(|| panic!("{lang}: the forward: {sent:#?}"));
            assert_eq!(
                forward.body.contains(words),
                !end.is_empty(),
                "{lang} {end}: {}",
                forward.body
            );
            // the answer to STATUS and the reminder (III.5.1) say it too
            let status = arena.exchange(&addr("petrov"), "status", "STATUS", "2026-05-16");
            arena.run("2026-05-29");
            let reminded = arena.new_sent();
            let reminder = reminded
                .iter()
                .find(|m| m.to == [addr("petrov")])
                .unwrap_or_else(|| panic!("{lang}: the reminder: {reminded:#?}"));
            assert_eq!(
                reminder.body.contains(words),
                !end.is_empty(),
                "{lang} {end}: {}",
                reminder.body
            );
            assert_eq!(
                status[0].body.contains(status_words),
                !end.is_empty(),
                "{lang} {end}: {}",
                status[0].body
            );
        }
    }
}
