//! The preset rule sets played by mail: ICCF's numbers (a tournament on
//! `base = "iccf"` with one value changed), a Fischer clock and a
//! countdown. Each test names the source of the numbers it checks; the
//! RAZSh presets are the rules suites' (`life.rs` and the others).

mod common;

use common::*;

const W: &str = "ivanov@example.test";
const B: &str = "petrov@example.test";
const TD: &str = "td@example.test";
const GAME: &str = "RUS-EM-2026/1";
const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";

/// One game, Ivanov - Petrov, on `[tournament.rules]` written as `table`;
/// the opening mail read and returned.
fn arena(table: &str) -> (Arena, Sent) {
    let text = three_players(
        &format!("[tournament.rules]\n{table}"),
        &[("ivanov", "petrov")],
    );
    let mut arena = Arena::new(&text);
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    arena.run("2026-05-10");
    let sent = arena.new_sent();
    assert_eq!(sent.len(), 1, "the opening mail: {sent:#?}");
    (arena, sent[0].clone())
}

/// 1. e2-e4 by White on `day`, forwarded to Black.
fn first_move(arena: &mut Arena, day: &str) -> Sent {
    let sent = arena.exchange(W, SUBJECT, "1. 5254", day);
    let forward = sent
        .iter()
        .find(|m| m.to == [B.to_string()])
        .unwrap_or_else(|| panic!("forwarded to Black: {sent:#?}"))
        .clone();
    has(&forward, "1. 5254");
    forward
}

/// Runs the daemon on each day from `from` to `to`, inclusive, and
/// returns what it sent, each with its day.
fn days(arena: &mut Arena, from: &str, to: &str) -> Vec<(String, Sent)> {
    let mut out = Vec::new();
    let mut d = day(from);
    while d <= day(to) {
        let today = d.to_string();
        arena.run(&today);
        out.extend(arena.new_sent().into_iter().map(|m| (today.clone(), m)));
        d = d.succ_opt().unwrap();
    }
    out
}

/// ICCF's repeats and silence limit (ICCF Guidelines 3a, ICCF interim
/// webserver rules 3.1, ICCF Guidelines 3b), its time control of 10 moves
/// in 50 days and the claim to the director, in a tournament on the ICCF
/// preset with one value changed (the warning at 3 days left): the mails
/// cite ICCF where ICCF's numbers apply, and RAZSh where its procedure does.
#[test]
fn iccf_3a_3b_webserver_3_1_repeats_at_14_28_35_silence_at_40_claim_after_50_days() {
    let (mut arena, opening) = arena("base = \"iccf\"\nwarning_days = 3");
    has(
        &opening,
        "ICCF (e-mail): 50 days per 10 moves, cumulative; penalty 2 days",
    );
    let forward = first_move(&mut arena, "2026-05-10");
    has(
        &forward,
        "Your clock: 0 days used of 50 allowed up to move 10; 50 days left.",
    );
    has(&forward, "Send your move by 29.06.2026 at the latest");
    let sent = days(&mut arena, "2026-05-11", "2026-06-30");
    let on = |d: &str| -> Vec<&Sent> {
        sent.iter()
            .filter(|(when, _)| when == d)
            .map(|(_, m)| m)
            .collect()
    };
    // every mail went out on a day the preset names, and on no other
    let when: std::collections::BTreeSet<&str> = sent.iter().map(|(d, _)| d.as_str()).collect();
    assert_eq!(
        when.into_iter().collect::<Vec<_>>(),
        [
            "2026-05-24",
            "2026-06-07",
            "2026-06-14",
            "2026-06-19",
            "2026-06-26",
            "2026-06-28",
            "2026-06-30"
        ],
        "{sent:#?}"
    );
    for (d, waited) in [("2026-05-24", 14), ("2026-06-07", 28), ("2026-06-14", 35)] {
        let mails = on(d);
        assert_eq!(mails.len(), 2, "{d}: {mails:#?}");
        assert!(mails[0].is_to(&[B], &[]) && mails[0].about.contains("reminder"));
        has(mails[0], &format!("No answer has come for {waited} days"));
        has(mails[0], "a copy goes to the director (ICCF Guidelines 3a)");
        assert!(mails[1].is_to(&[TD], &[]), "{:?}", mails[1]);
    }
    let silence = on("2026-06-19");
    assert_eq!(silence.len(), 1, "{silence:#?}");
    assert!(silence[0].is_to(&[TD], &[]));
    has(silence[0], "for 40 days");
    has(silence[0], "ICCF Guidelines 3b");
    // the changed value: warned at 3 days left (and at 1), not at 5
    let warning = on("2026-06-26");
    assert!(warning[0].to == [B.to_string()] && warning[0].about.contains("few days left"));
    has(warning[0], "Only 3 days are left before your move 10");
    has(warning[0], "sent by 29.06.2026");
    // day 51: the claim, to the director, citing ICCF's rule
    let claim = on("2026-06-30");
    let to_director = claim
        .iter()
        .find(|m| m.is_to(&[TD], &[]) && m.about.contains("overstep"))
        .unwrap_or_else(|| panic!("{claim:#?}"));
    has(
        to_director,
        "has used 51 days against 50 allowed up to move 10",
    );
    has(to_director, "ICCF: overstep claimed to the director");
    let sent = arena.exchange(
        TD,
        "Re: [RUS-EM-2026/1] time overstep claim",
        "CONFIRM",
        "2026-07-20",
    );
    let result = sent
        .iter()
        .find(|m| m.about.contains("result") && m.is_to(&[W], &[]))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    has(result, "[Result \"1-0\"]");
    has(result, "[TimeControl \"10/4320000\"]");
    has(
        result,
        "[Rules \"ICCF (e-mail): 50 days per 10 moves, cumulative; penalty 2 days\"]",
    );
}

/// ICCF's 45 leave days per calendar year: a leave of 45 days is granted,
/// one more day is not.
#[test]
fn iccf_45_leave_days_per_calendar_year() {
    let (mut arena, _) = arena("base = \"iccf\"");
    first_move(&mut arena, "2026-05-10");
    // 1 July to 15 August: 46 days, one more than ICCF's 45
    let sent = arena.exchange(B, "leave", "LEAVE 2026-07-01 2026-08-15", "2026-05-12");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    assert!(sent[0].is_to(&[B], &[]));
    has(&sent[0], "refused");
    has(&sent[0], "46");
    let sent = arena.exchange(B, "leave", "LEAVE 2026-07-01 2026-08-14", "2026-05-12");
    assert!(sent[0].is_to(&[W], &[]), "the partner told: {sent:#?}");
    let own = sent.iter().find(|m| m.is_to(&[B], &[])).unwrap();
    has(
        own,
        "Leave days left for 2026: 0 of 45 (ICCF: 45 leave days a year).",
    );
}

/// A Fischer clock (`fischer-30-1`): 30 days at the start, one more after
/// each move; moves made the day they come build the clock up to its cap
/// of 45, and the claim falls the day after it runs out.
#[test]
fn fischer_30_1_a_day_more_a_move_never_above_45_and_the_claim_after_it() {
    let (mut arena, opening) = arena("base = \"fischer-30-1\"");
    has(
        &opening,
        "a Fischer clock, 30 days at the start, 1 day more after each move, never more than 45 on the clock",
    );
    // 20 moves each, every one made the day the partner's came
    const SANS: &str = "a3 a6 b3 b6 c3 c6 d3 d6 e3 e6 f3 f6 g3 g6 h3 h6 Nd2 Nd7 Ne2 Ne7 \
         Bb2 Bb7 Bg2 Bg7 Rc1 Rc8 Rf1 Rf8 Qc2 Qc7 Kd1 Kd8 Ke1 Ke8 Kd1 Kd8 \
         Ke1 Ke8 Kd1 Kd8";
    let moves = numerics(SANS);
    let more = numerics(&format!("{SANS} a4 a5"));
    let mut last = Vec::new();
    for i in 0..moves.len() {
        let from = if i % 2 == 0 { W } else { B };
        last = arena.exchange(from, SUBJECT, &repeat_and_move(&moves, i), "2026-05-10");
        assert!(
            last.iter().any(|m| m.about.ends_with(&moves[i])),
            "ply {i}: {last:#?}"
        );
    }
    // White to move 21 with the clock at its cap: 30 + 20 would be 50
    let to_white = last.iter().find(|m| m.to == [W.to_string()]).unwrap();
    has(
        to_white,
        "Your clock: 0 days used of 45 allowed up to move 21; 45 days left.",
    );
    has(to_white, "Send your move by 24.06.2026 at the latest");
    let json = arena.json(GAME);
    assert_eq!(json["white"]["total"], 0);
    // White thinks 10 days on move 21: 45 - 10 + 1 = 36 on his clock for move 22
    let sent = arena.exchange(
        W,
        SUBJECT,
        &repeat_and_move(&more, moves.len()),
        "2026-05-20",
    );
    assert!(sent.iter().any(|m| m.to == [B.to_string()]), "{sent:#?}");
    let sent = arena.exchange(
        B,
        SUBJECT,
        &repeat_and_move(&more, moves.len() + 1),
        "2026-05-20",
    );
    let to_white = sent.iter().find(|m| m.to == [W.to_string()]).unwrap();
    has(
        to_white,
        "Your clock: 0 days used of 36 allowed up to move 22; 36 days left.",
    );
    has(to_white, "Send your move by 25.06.2026 at the latest");
    let sent = days(&mut arena, "2026-06-25", "2026-06-26");
    let claim = sent
        .iter()
        .find(|(_, m)| m.is_to(&[TD], &[]) && m.about.contains("overstep"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    assert_eq!(claim.0, "2026-06-26", "the day after the last");
    has(
        &claim.1,
        "has used 37 days against 36 allowed up to move 22",
    );
    // the procedure is Section III's, and cited as RAZSh's
    has(&claim.1, "(RAZSh III.6.1-6.2)");
}

/// A countdown (`countdown-180`): one allowance for the whole game, which
/// only runs down; the mails say "for the whole game", not "up to move".
#[test]
fn countdown_180_one_allowance_for_the_whole_game() {
    let (mut arena, opening) = arena("base = \"countdown-180\"");
    has(&opening, "180 days for the whole game");
    let forward = first_move(&mut arena, "2026-05-10");
    has(
        &forward,
        "Your clock: 0 days used of 180 allowed for the whole game; 180 days left.",
    );
    has(&forward, "Send your move by 06.11.2026 at the latest");
    // Black takes 30 days; White answers at once; Black has 150 left
    let sent = arena.exchange(B, SUBJECT, "1. 5254 1... 5755", "2026-06-09");
    let to_white = sent.iter().find(|m| m.to == [W.to_string()]).unwrap();
    has(
        to_white,
        "Your clock: 0 days used of 180 allowed for the whole game; 180 days left.",
    );
    let sent = arena.exchange(W, SUBJECT, "1... 5755 2. 7163", "2026-06-09");
    let to_black = sent.iter().find(|m| m.to == [B.to_string()]).unwrap();
    has(
        to_black,
        "Your clock: 30 days used of 180 allowed for the whole game; 150 days left.",
    );
    has(to_black, "Send your move by 06.11.2026 at the latest");
    lacks(to_black, "up to move");
    let (_, status, _) = arena.cli(&["show", GAME]);
    assert!(!status.contains("up to move"), "{status}");
}
