//! A game that is over asks nothing: the forward of the move that ends it
//! tells the result, a finished game shows no side to move and no days
//! left, and a loss on time counts the days the claim counted. The notices
//! before White's first move count from the start, with no move received.

mod common;

use common::*;

const W: &str = "ivanov@example.test";
const B: &str = "petrov@example.test";
const TD: &str = "td@example.test";
const GAME: &str = "RUS-EM-2026/1";
const SUBJECT: &str = "Re: [RUS-EM-2026/1] Ivanov - Petrov";

/// Ivanov (White) and Petrov (Black), both reading English, numeric.
fn arena() -> Arena {
    let mut arena = Arena::new(&three_players("", &[("ivanov", "petrov")]));
    arena.run("2026-05-10");
    arena.new_sent();
    arena
}

/// The mail about `about` To `to`.
fn find<'a>(sent: &'a [Sent], about: &str, to: &str) -> &'a Sent {
    sent.iter()
        .find(|m| m.about.contains(about) && m.to.contains(&to.to_string()))
        .unwrap_or_else(|| panic!("{about:?} to {to}: {sent:#?}"))
}

/// The fool's mate: 1. f3 e5 2. g4 Qh4#, the mating move sent on 13.05.
fn fools_mate(arena: &mut Arena) -> Vec<Sent> {
    arena.exchange(W, SUBJECT, "1. 6263", "2026-05-10");
    arena.exchange(B, SUBJECT, "1. 6263 5755", "2026-05-11");
    arena.exchange(W, SUBJECT, "1... 5755 2. 7274", "2026-05-12");
    arena.exchange(B, SUBJECT, "2. 7274 4884", "2026-05-13")
}

/// The forward of a mating move tells the mated player the result: no day
/// counts from it, no last day to send, no move asked for.
#[test]
fn the_forward_of_a_mating_move_tells_the_result_and_asks_nothing() {
    let mut arena = arena();
    let sent = fools_mate(&mut arena);
    let forward = find(&sent, "2... 4884", W);
    has(
        forward,
        "Sent and received on 13.05.2026. This move ends the game: 0-1 (checkmate); no reply is due.",
    );
    for asked in [
        "Your thinking time counts",
        "Send your move by",
        "Answer to this address",
        "days left",
        "To move:",
    ] {
        lacks(forward, asked);
    }
    // the result follows, to both
    find(&sent, "result 0-1", W);
}

/// A finished game shows its result, no side to move and no days left:
/// in the result mail and in STATUS.
#[test]
fn a_finished_game_shows_no_side_to_move_and_no_days_left() {
    let mut arena = arena();
    let sent = fools_mate(&mut arena);
    let result = find(&sent, "result 0-1", W);
    lacks(result, "To move:");
    lacks(result, " left");
    let status = arena.exchange(W, "status", "STATUS", "2026-05-14");
    let status = find(&status, "", W);
    has(
        status,
        "2 moves, finished 0-1; White 1 day in all; Black 2 days in all",
    );
    lacks(status, "to move");
    lacks(status, " left");
}

/// III.6.6: White moved on 11.05 and then thought until the claim of
/// 10.07: the claim counted 61 days against 60, and the loss on time
/// counts them, in the result, STATUS and the record alike.
#[test]
fn iii_6_6_a_loss_on_time_counts_the_days_the_claim_counted() {
    let mut arena = arena();
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-11");
    arena.exchange(B, SUBJECT, "1. 5254 5755", "2026-05-11");
    arena.run("2026-07-10");
    let sent = arena.new_sent();
    let claim = find(&sent, "time overstep claim", TD);
    has(claim, "has used 61 days against 60 allowed up to move 10");
    let sent = arena.exchange(
        TD,
        "Re: [RUS-EM-2026/1] time overstep claim",
        "CONFIRM",
        "2026-07-26",
    );
    let result = find(&sent, "result 0-1", W);
    has(
        result,
        "Total time (days + penalty days): White 61, Black 0",
    );
    has(
        result,
        "White's total includes 60 days on the move awaited, up to 10.07.2026, as the confirmed overstep claim counted them.",
    );
    assert_eq!(arena.json(GAME)["white"]["total"], 61);
    let status = arena.exchange(W, "status", "STATUS", "2026-07-27");
    has(
        find(&status, "", W),
        "finished 0-1; White 61 days in all; Black 0 days in all",
    );
}

/// III.9.1: the result of a resignation goes to each player in a mail of
/// his own, though both read English: the resigning player reads "You
/// resigned.", his partner and the director read who resigned, by name.
#[test]
fn iii_9_1_the_result_speaks_to_the_resigning_player_and_names_him_to_his_partner() {
    let mut arena = arena();
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-10");
    arena.exchange(B, SUBJECT, "1. 5254 5755", "2026-05-11");
    let sent = arena.exchange(B, SUBJECT, "RESIGN", "2026-05-12");
    let loser = find(&sent, "result 1-0", B);
    assert!(loser.is_to(&[B], &[]), "his own mail: {loser:?}");
    has(loser, "You resigned.");
    lacks(loser, "Petr Petrov (black) resigned");
    let winner = find(&sent, "result 1-0", W);
    assert!(winner.is_to(&[W], &[]), "his own mail: {winner:?}");
    has(winner, "Petr Petrov (black) resigned.");
    lacks(winner, "You resigned");
    let director = find(&sent, "result 1-0", TD);
    has(director, "Petr Petrov (black) resigned.");
    lacks(director, "You resigned");
}

/// III.6.1-6.2: the overstep claim goes to each player in a mail of his
/// own: the claimed player reads the days he used as said to him, his
/// partner reads whose days they are; so does the director.
#[test]
fn iii_6_1_the_claim_speaks_to_the_claimed_player_and_names_him_to_his_partner() {
    let mut arena = arena();
    arena.exchange(W, SUBJECT, "1. 5254", "2026-05-11");
    arena.exchange(B, SUBJECT, "1. 5254 5755", "2026-05-11");
    arena.run("2026-07-10");
    let sent = arena.new_sent();
    let claimed = find(&sent, "time overstep claim", W);
    assert!(claimed.is_to(&[W], &[]), "his own mail: {claimed:?}");
    has(
        claimed,
        "you have used 61 days against 60 allowed up to move 10",
    );
    has(claimed, "You may protest against this claim");
    lacks(claimed, "Ivan Ivanov (white) has used");
    let partner = find(&sent, "time overstep claim", B);
    assert!(partner.is_to(&[B], &[]), "his own mail: {partner:?}");
    has(
        partner,
        "Ivan Ivanov (white) has used 61 days against 60 allowed up to move 10",
    );
    has(partner, "Ivan Ivanov may protest against this claim");
    lacks(partner, "you have used");
    let director = find(&sent, "time overstep claim", TD);
    has(
        director,
        "Ivan Ivanov (white) has used 61 days against 60 allowed up to move 10",
    );
}

/// III.5.3: before White's first move there is no move received: the
/// notice to the director counts from the game's start and says so.
#[test]
fn iii_5_3_inactivity_before_whites_first_move_counts_from_the_start() {
    let mut arena = arena();
    arena.run("2026-06-19");
    let sent = arena.new_sent();
    let notice = find(&sent, "no move for 40 days", TD);
    has(
        notice,
        "Ivan Ivanov (white) has not made the first move since the game began on 10.05.2026.",
    );
    lacks(notice, "has not answered");
}
