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
        "Ivanov, Ivan (white) has not made the first move since the game began on 10.05.2026.",
    );
    lacks(notice, "has not answered");
}
