//! The notices of a game's life shared by the decisions on players' mails,
//! the director's commands and the timer pass: forwards, results and claims
//! as [`Letter`]s of [`GameNotice`]s (written by the letters, `letters::game`);
//! and the rule that copies every mail of a game to the director while a
//! player is short of time (III.4.10).

use crate::referee::decision::{Decision, Verdict};
use crate::referee::game::{Control, EndReason, Event, Game, GameResult, Side};
use crate::referee::notice::answers::MoverNote;
use crate::referee::notice::game::GameNotice;
use crate::referee::notice::{CopyWhy, Letter, Notice, Reader};
use crate::referee::outbound::MailKind;
use crate::referee::state::State;
use crate::referee::tournament::{GameSpec, League, Tournament};
use chrono::NaiveDate;
use shakmaty::Color;
use std::collections::HashMap;

/// A notice To both players, Cc the director: each reads it in his
/// language.
pub(crate) fn to_both(t: &Tournament, spec: &GameSpec, notice: Notice) -> Letter {
    Letter::new(
        vec![
            Reader::seat(t, spec, Color::White),
            Reader::seat(t, spec, Color::Black),
        ],
        vec![Reader::director_of(t)],
        notice,
        Some(&spec.id),
    )
}

/// The forward of the last move of `after` To the opponent, Cc the mover,
/// with the standard form and the board; `notes` are for the mover.
pub(crate) fn forward_mail(t: &Tournament, spec: &GameSpec, after: &Game) -> Letter {
    forward_with_note(t, spec, after, vec![], &[])
}

/// The forward, with the mover's own words relayed to the opponent.
pub(crate) fn forward_with_note(
    t: &Tournament,
    spec: &GameSpec,
    after: &Game,
    notes: Vec<MoverNote>,
    note: &[String],
) -> Letter {
    forward_game(t, spec, Box::new(after.clone()), notes, note)
}

/// `game` as the move that ends it leaves it: ended on `on` with `result`
/// by `reason`. The forward of a game-ending move shows the game so: it
/// tells the result and asks for no reply, no day counts from it.
pub(crate) fn ended(game: &Game, result: GameResult, reason: EndReason, on: NaiveDate) -> Game {
    let mut over = game.clone();
    over.apply(&Event::Ended { result, reason, on })
        .expect("an ending always applies to a game that runs");
    over
}

/// `after` as its last move leaves it: ended on `on` when its position
/// declares the end (mate, stalemate, a dead position, the fifth
/// repetition, 75 moves), as it is otherwise.
pub(crate) fn as_left(after: &Game, on: NaiveDate) -> Game {
    match after.natural_end() {
        Some((result, reason)) if after.ending.is_none() => ended(after, result, reason, on),
        _ => after.clone(),
    }
}

/// The forward of the last move of `after`, which it keeps.
pub(crate) fn forward_game(
    t: &Tournament,
    spec: &GameSpec,
    after: Box<Game>,
    notes: Vec<MoverNote>,
    note: &[String],
) -> Letter {
    let mover = after
        .plies
        .last()
        .expect("a forward is for a game with a move")
        .color;
    let player = |color| Reader::seat(t, spec, color);
    let mut letter = Letter::new(
        vec![player(!mover)],
        vec![player(mover)],
        Notice::Game(GameNotice::Forward {
            game: after,
            notes,
            note: note.to_vec(),
            answered: None,
            tables_reached: false,
        }),
        Some(&spec.id),
    );
    letter.kind = MailKind::AutoReplied;
    letter
}

/// The result: To both players, Cc the director, with the PGN.
pub(crate) fn result_mail(t: &Tournament, spec: &GameSpec, game: &Game) -> Letter {
    result_with_note(t, spec, game, None)
}

/// The result, with the own words of the player whose mail ended the game.
pub(crate) fn result_with_note(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    note: Option<(Color, Vec<String>)>,
) -> Letter {
    to_both(
        t,
        spec,
        Notice::Game(GameNotice::Result {
            game: Box::new(game.clone()),
            note,
        }),
    )
}

/// The overstep claim: To the director, Cc both players, with the time
/// calculation and the move schedule (III.6.1-6.2, II.6.2-6.3, App.1). It
/// says whether the game is interrupted until the director decides (III.6.3,
/// II.6.8) or goes on (a postal first overstep, II.6.2-6.4), and what
/// `CONFIRM` does: the loss (III.6.6, II.6.6) or the restarted count (II.6.4).
pub(crate) fn claim_mail(t: &Tournament, spec: &GameSpec, game: &Game, today: NaiveDate) -> Letter {
    let mut letter = to_both(
        t,
        spec,
        Notice::Game(GameNotice::Claim {
            game: Box::new(game.clone()),
            today,
        }),
    );
    std::mem::swap(&mut letter.to, &mut letter.cc);
    letter
}

/// III.4.10: every mail of a game goes to the director too while either
/// player has `warning_days` or fewer left before the next control move.
pub(crate) fn copy_director(
    league: &League,
    state: &State,
    decision: &mut Decision,
    today: NaiveDate,
) {
    // each game's events of the decision, gathered once (a timer pass may
    // hold one for each of 100k games)
    let mut events: HashMap<&str, Vec<&Event>> = HashMap::new();
    for (id, event) in &decision.events {
        events.entry(id).or_default().push(event);
    }
    // whether a game is short of time, once per game
    let mut short: HashMap<String, bool> = HashMap::new();
    for letter in &mut decision.letters {
        let Some(id) = letter.game.as_deref() else {
            continue;
        };
        let Some((t, spec)) = league.game(id) else {
            continue;
        };
        let is_short = *short.entry(spec.id.clone()).or_insert_with(|| {
            let mut game = state.peek(t, spec);
            for event in events.get(spec.id.as_str()).into_iter().flatten() {
                if game.to_mut().apply(event).is_err() {
                    // the decision will be refused whole before the commit
                    return false;
                }
            }
            game.ending.is_none()
                && [Color::White, Color::Black].iter().any(|c| {
                    game.control(&t.rules, *c, today).left() <= i64::from(t.rules.warning_days)
                })
        });
        let reader = Reader::director_of(t);
        if is_short && !letter.readers().any(|r| *r == reader) {
            letter.cc.push(reader);
            letter.copy = CopyWhy::ShortOfTime;
        }
    }
}

/// A game's result ending the decision, from outside a player's mail (the
/// director's CONFIRM, RESULT): the event and the result mail.
pub(crate) fn end_game(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    result: GameResult,
    reason: EndReason,
    on: NaiveDate,
    decision: &mut Decision,
) {
    let ended = Event::Ended { result, reason, on };
    let mut after = game_after(game, spec, decision);
    after.apply(&ended).expect("an ending always applies");
    decision.events.push((spec.id.clone(), ended));
    decision.verdicts.push(Verdict::Ended {
        game: spec.id.clone(),
        result,
    });
    decision.letters.push(result_mail(t, spec, &after));
}

/// `game` after the events of `decision` for it.
pub(crate) fn game_after(game: &Game, spec: &GameSpec, decision: &Decision) -> Game {
    let mut after = game.clone();
    for (id, e) in &decision.events {
        if id == &spec.id {
            after.apply(e).expect("events of this decision apply");
        }
    }
    after
}

/// Claims an overstep of `against`: the event and the claim mail. The claim
/// interrupts the game (III.6.3, II.6.8) unless it is a postal first
/// overstep, claimed while play goes on (II.6.2-6.4); see
/// [`Game::claim_interrupts`].
pub(crate) fn claim_overstep(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    against: Color,
    control: Control,
    today: NaiveDate,
) -> Decision {
    let interrupts = game.claim_interrupts(&t.rules, against);
    let event = Event::Suspended {
        side: Side::from(against),
        on: today,
        used: control.used,
        allowance: control.allowance,
        control: control.control,
        interrupts,
    };
    let mut after = game.clone();
    after.apply(&event).expect("a claim always applies");
    let game_id = spec.id.clone();
    Decision {
        verdicts: vec![if interrupts {
            Verdict::Suspended { game: game_id }
        } else {
            Verdict::Claimed { game: game_id }
        }],
        events: vec![(spec.id.clone(), event)],
        letters: vec![claim_mail(t, spec, &after, today)],
        ..Decision::default()
    }
}
