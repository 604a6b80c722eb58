//! Privacy as a property: a player answers one of the arbiter's private
//! mails to him — a rejection, his STATUS report, the HELP guide, the
//! confirmation of his leave — by pressing Reply in any mail program of
//! the corpus (`common::layouts`: top and bottom posting, every quote
//! mark and none, HTML only, lines wrapped anew; with the threading
//! headers and without), and types his move above or below the quote.
//! For every such reply:
//! - the mails the arbiter sends are those a bare mail of the typed text
//!   gets, to the same readers, word for word: no line first sent to him
//!   reaches another address, and nothing of the quote is answered;
//! - no reply is penalised for a line it quoted;
//! - the move typed is recorded.

mod common;

use common::layouts;
use common::*;

const W: &str = "ivanov@example.test";
const GAME: &str = "RUS-EM-2026/1";
/// The game's subject, as the player writes it when he answers a mail
/// that had none (his report, the guide) with a move.
const SUBJECT: &str = "[RUS-EM-2026/1] Ivanov - Sidorov";
const IVANOV: &str = "Ivan Ivanov <ivanov@example.test>";
/// White's first move, typed by Ivanov in every reply.
const TYPED: &str = "1. 3234";
const REPLY_DAY: &str = "2026-05-12";

/// A private answer to Ivanov, on 2026-05-11: what he wrote to get it.
#[derive(Debug, Clone, Copy)]
enum Private {
    /// Two different new moves: not accepted, penalty days (III.4.7).
    Rejection,
    Status,
    Help,
    /// A leave announced ahead (III.5).
    Leave,
}

impl Private {
    const ALL: [Private; 4] = [
        Private::Rejection,
        Private::Status,
        Private::Help,
        Private::Leave,
    ];

    fn asked(self) -> &'static str {
        match self {
            Private::Rejection => "1. 4244\n1. 5254",
            Private::Status => "STATUS",
            Private::Help => "HELP",
            Private::Leave => "LEAVE 2026-07-01 2026-07-05",
        }
    }
}

/// A round robin of three where Ivanov has White against Sidorov (game 1)
/// and Black against Petrov (game 2), started on 2026-05-10; Ivanov asks
/// for `private` on 2026-05-11: the arena and the answer to him alone.
fn asked(private: Private) -> (Arena, Sent) {
    let mut arena = Arena::new(&three_players(
        "",
        &[("ivanov", "sidorov"), ("petrov", "ivanov")],
    ));
    arena.run("2026-05-10");
    arena.new_sent();
    let sent = arena.exchange(W, SUBJECT, private.asked(), "2026-05-11");
    let answer = sent
        .iter()
        .find(|m| m.to == [W.to_string()] && m.cc.is_empty())
        .unwrap_or_else(|| panic!("{private:?}: no answer to Ivanov alone: {sent:#?}"))
        .clone();
    (arena, answer)
}

#[test]
fn no_quoted_private_answer_reaches_another_player_or_costs_a_day() {
    let mut cases = 0;
    for (k, private) in Private::ALL.into_iter().enumerate() {
        // what a bare mail of the typed move gets
        let (mut bare, _) = asked(private);
        let expected = bare.exchange(W, SUBJECT, TYPED, REPLY_DAY);
        let json = bare.json(GAME);
        assert_eq!(
            json["moves"][0]["numeric"], "3234",
            "{private:?}: {expected:#?}"
        );
        let penalty = json["white"]["penalty_days"].clone();
        for (c, &client) in layouts::ALL.iter().enumerate() {
            // threaded and not, each client both ways over the kinds
            let threaded = (k + c) % 2 == 0;
            let (mut arena, mut answer) = asked(private);
            // the player writes the game into the subject of his answer
            answer.subject = SUBJECT.into();
            let raw = layouts::reply_with(client, &answer, IVANOV, TYPED, REPLY_DAY, threaded);
            arena.deliver_raw(&raw, REPLY_DAY);
            arena.run(REPLY_DAY);
            let sent = arena.new_sent();
            let context = || {
                format!(
                    "{private:?} answered from {} ({}threaded):\n{}\n---- the arbiter sent: {sent:#?}",
                    client.name(),
                    if threaded { "" } else { "not " },
                    String::from_utf8_lossy(&raw)
                )
            };
            let json = arena.json(GAME);
            assert_eq!(json["moves"][0]["numeric"], "3234", "{}", context());
            assert_eq!(json["white"]["penalty_days"], penalty, "{}", context());
            assert_eq!(seen(&sent), seen(&expected), "{}", context());
            cases += 1;
        }
    }
    assert_eq!(cases, Private::ALL.len() * layouts::ALL.len());
}
