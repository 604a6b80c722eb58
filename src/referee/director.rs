//! The director's commands by mail, accepted from the director's address
//! only: `CONFIRM` and `REJECT` (a pending overstep claim, III.6.5-6.7,
//! II.6.4-6.10, whether it interrupted the game or not),
//! `RESULT` (adjudication, III.9), `PENALTY white|black N`, `LEAVE <player>
//! <from> <to>` (an exceptional or retroactive leave, III.7.7), `STATUS`
//! (the whole tournament's progress report).

use crate::message::parse::{find_tag, Command, Withdrawn, Written};
use crate::referee::compose::{as_left, forward_mail, result_mail};
use crate::referee::compose::{end_game, game_after, to_both};
use crate::referee::conditional;
use crate::referee::decision::{Decision, Replier, Verdict};
use crate::referee::game::{AdjudicationReason, EndReason, Event, Game, GameResult, Side};
use crate::referee::leave::{self, PlayerEvent};
use crate::referee::notice::game::{Answered, GameNotice};
use crate::referee::notice::officials::{DirectorCommand, OfficialNotice, Problem};
use crate::referee::notice::{Letter, Notice, Reader};
use crate::referee::state::State;
use crate::referee::tournament::{GameSpec, League, Player, Tournament};
use chrono::NaiveDate;
use std::borrow::Cow;

/// The most penalty days one `PENALTY` command gives: a year. More is
/// surely a slip of the keyboard (and would break the clock's arithmetic).
pub const MAX_PENALTY_DAYS: u32 = 365;

/// The game as the commands decided so far in this mail have left it: each
/// command is decided against the state the previous one left. A game this
/// mail has not touched is the stored one, borrowed, not copied.
fn now<'a>(
    state: &'a State,
    t: &Tournament,
    spec: &GameSpec,
    decision: &Decision,
) -> Cow<'a, Game> {
    let stored = state.peek(t, spec);
    if decision.events.iter().all(|(gid, _)| *gid != spec.id) {
        return stored;
    }
    let mut game = stored.into_owned();
    for (gid, event) in &decision.events {
        if *gid == spec.id && game.apply(event).is_err() {
            // the mail's events will be refused as a whole before the commit
            return state.peek(t, spec);
        }
    }
    Cow::Owned(game)
}

/// The one game the director's own lines name by its tag (`[ID/3]`), or
/// `None` when they name none or several.
fn named_in_text<'a>(
    written: &Written,
    his: impl Fn(String) -> Option<(&'a Tournament, &'a GameSpec)>,
) -> Option<(&'a Tournament, &'a GameSpec)> {
    let mut named = written.words.iter().filter_map(|line| his(find_tag(line)?));
    let first = named.next()?;
    named
        .all(|(_, spec)| spec.id == first.1.id)
        .then_some(first)
}

pub(crate) fn decide(
    league: &League,
    state: &State,
    replier: &Replier,
    directed: &[&Tournament],
    written: &Written,
    today: NaiveDate,
) -> Decision {
    let his = |tag: String| {
        league
            .game(&tag)
            .filter(|(t, _)| directed.iter().any(|d| d.id == t.id))
    };
    // the subject's game, else the one game his own lines name: a reply
    // to the digest, whose subject names no game (docs/directors.md)
    let tagged = find_tag(&replier.mail.subject)
        .and_then(his)
        .or_else(|| named_in_text(written, his));
    // the director reads his answers in the language of the tournament named
    let reader = Reader::Director {
        tournament: tagged.map_or(&directed[0].id, |(t, _)| &t.id).clone(),
    };
    let mut decision = Decision::default();
    let mut problems: Vec<Problem> = Vec::new();
    for command in &written.commands {
        match command {
            Command::Confirm | Command::Reject => {
                // a claim that interrupted its game or one that let play go on
                let claimed: Vec<(&Tournament, &GameSpec)> = directed
                    .iter()
                    .flat_map(|t| t.games.iter().map(move |g| (*t, g)))
                    .filter(|(t, g)| now(state, t, g, &decision).claim.is_some())
                    .collect();
                let target = match (tagged, claimed.as_slice()) {
                    (Some(found), _) => Some(found),
                    (None, [one]) => Some(*one),
                    _ => None,
                };
                match target.map(|(t, spec)| (t, spec, now(state, t, spec, &decision))) {
                    Some((t, spec, game)) if game.claim.is_some() => {
                        let part = if *command == Command::Confirm {
                            confirm_or_hold(t, spec, &game, today)
                        } else {
                            reject(t, spec, &game, today)
                        };
                        decision.extend(part);
                    }
                    Some((_, spec, _)) => problems.push(Problem::NoClaim {
                        game: spec.id.clone(),
                    }),
                    None => problems.push(Problem::WhichClaim),
                }
            }
            Command::Result(result) => {
                let result_of = |result: &str| match result {
                    "1-0" => GameResult::WhiteWins,
                    "0-1" => GameResult::BlackWins,
                    _ => GameResult::Draw,
                };
                let adjudicated = tagged.and_then(|(t, spec)| {
                    // in adjudication, or after an appeal (III.9.8-9.10)
                    let game = now(state, t, spec, &decision).into_owned();
                    let mut part = Decision::default();
                    crate::referee::adjudication::director_result(
                        t,
                        spec,
                        &game,
                        result_of(result),
                        today,
                        &mut part,
                    )
                    .map(|()| part)
                });
                if let Some(part) = adjudicated {
                    decision.extend(part);
                    continue;
                }
                match tagged.map(|(t, spec)| (t, spec, now(state, t, spec, &decision))) {
                    Some((t, spec, game)) if game.ending.is_none() => {
                        let result = result_of(result);
                        // end_game applies this mail's earlier events itself: it starts from the stored game
                        end_game(
                            t,
                            spec,
                            &state.peek(t, spec),
                            result,
                            EndReason::Adjudication,
                            today,
                            &mut decision,
                        );
                        decision.verdicts.push(Verdict::Directed(format!(
                            "{}: result {}",
                            spec.id,
                            result.as_str()
                        )));
                    }
                    Some((_, spec, _)) => problems.push(Problem::GameOver {
                        game: spec.id.clone(),
                    }),
                    None => problems.push(Problem::NoGame {
                        command: DirectorCommand::Result,
                    }),
                }
            }
            Command::Penalty { color, days } => {
                match tagged.map(|(t, spec)| (t, spec, now(state, t, spec, &decision))) {
                    Some((_, spec, _)) if *days == 0 || *days > MAX_PENALTY_DAYS => {
                        problems.push(Problem::PenaltyRange {
                            game: spec.id.clone(),
                            days: *days,
                            max: MAX_PENALTY_DAYS,
                        })
                    }
                    Some((t, spec, game)) if game.ending.is_none() => {
                        decision.events.push((
                            spec.id.clone(),
                            Event::Penalty {
                                side: Side::from(*color),
                                days: *days,
                                on: today,
                                reason: crate::referee::game::PenaltyReason::Director,
                            },
                        ));
                        let game = Box::new(now(state, t, spec, &decision).into_owned());
                        let notice = OfficialNotice::Penalty {
                            game,
                            color: *color,
                            days: *days,
                            today,
                        };
                        decision
                            .letters
                            .push(to_both(t, spec, Notice::Official(notice)));
                        decision
                            .verdicts
                            .push(Verdict::Directed(format!("{}: penalty {days}", spec.id)));
                    }
                    Some((_, spec, _)) => problems.push(Problem::GameOver {
                        game: spec.id.clone(),
                    }),
                    None => problems.push(Problem::NoGame {
                        command: DirectorCommand::Penalty,
                    }),
                }
            }
            Command::GrantLeave { player, from, to } => {
                let found = directed.iter().find_map(|t| {
                    t.players
                        .iter()
                        .find(|p| p.id.eq_ignore_ascii_case(player))
                        .map(|p| (*t, p))
                });
                match found {
                    Some((_, _)) if to < from => problems.push(Problem::LeaveBackwards {
                        player: player.clone(),
                    }),
                    Some((t, p)) => {
                        decision.player_events.push((
                            leave::key(&t.id, &p.id),
                            PlayerEvent::Leave {
                                from: *from,
                                to: *to,
                                on: today,
                                by_director: true,
                            },
                        ));
                        decision
                            .letters
                            .push(leave_granted(t, p, state, *from, *to));
                        decision
                            .verdicts
                            .push(Verdict::Directed(format!("leave for {}/{}", t.id, p.id)));
                    }
                    None => problems.push(Problem::NoPlayer {
                        player: player.clone(),
                    }),
                }
            }
            Command::Withdraw { player, games } => {
                let found = directed.iter().find_map(|t| {
                    t.players
                        .iter()
                        .find(|p| p.id.eq_ignore_ascii_case(player))
                        .map(|p| (*t, p))
                });
                let Some((t, p)) = found else {
                    problems.push(Problem::WithdrawNoPlayer {
                        player: player.clone(),
                    });
                    continue;
                };
                let mut touched = 0;
                for spec in &t.games {
                    let Some(color) = spec.color_of(&p.id) else {
                        continue;
                    };
                    let game = now(state, t, spec, &decision).into_owned();
                    // running: not over, not already waiting for adjudication
                    if game.ending.is_some() || game.adjudication.is_some() {
                        continue;
                    }
                    touched += 1;
                    // the partner wins; a cancelled game records it so too,
                    // naming who withdrew, and is scored for nobody
                    let partner_wins = match color {
                        shakmaty::Color::White => GameResult::BlackWins,
                        shakmaty::Color::Black => GameResult::WhiteWins,
                    };
                    match games {
                        Withdrawn::Lost | Withdrawn::Cancel => end_game(
                            t,
                            spec,
                            &state.peek(t, spec),
                            partner_wins,
                            if *games == Withdrawn::Lost {
                                EndReason::Withdrawal
                            } else {
                                EndReason::Cancelled
                            },
                            today,
                            &mut decision,
                        ),
                        Withdrawn::Adjudicate => crate::referee::adjudication::open(
                            (t, &league.tables),
                            spec,
                            &state.peek(t, spec),
                            AdjudicationReason::Withdrawal,
                            today,
                            &mut decision,
                        ),
                    }
                }
                if touched == 0 {
                    problems.push(Problem::WithdrawNothing {
                        player: p.id.clone(),
                    });
                } else {
                    decision.verdicts.push(Verdict::Directed(format!(
                        "withdrawal of {}/{}: {touched} game(s) {games:?}",
                        t.id, p.id
                    )));
                }
            }
            Command::Status => {
                let tournaments = directed
                    .iter()
                    .map(|t| {
                        (
                            t.id.clone(),
                            t.games
                                .iter()
                                .map(|spec| state.peek(t, spec).into_owned())
                                .collect(),
                        )
                    })
                    .collect();
                let notice = OfficialNotice::Report { today, tournaments };
                decision.extend(replier.tell(
                    reader.clone(),
                    Notice::Official(notice),
                    None,
                    "status",
                ));
            }
            Command::Help => {
                decision.extend(replier.tell(
                    reader.clone(),
                    Notice::Official(OfficialNotice::DirectorHelp),
                    None,
                    "help",
                ));
            }
            Command::Archive => match tagged {
                Some((_, spec)) => {
                    let notice = Notice::Official(OfficialNotice::Archive {
                        game: spec.id.clone(),
                    });
                    decision.extend(replier.tell(
                        reader.clone(),
                        notice,
                        Some(&spec.id),
                        "archive",
                    ));
                }
                None => problems.push(Problem::NoGame {
                    command: DirectorCommand::Archive,
                }),
            },
            Command::Pgn => match tagged {
                Some((t, spec)) => {
                    let game = Box::new(now(state, t, spec, &decision).into_owned());
                    let notice = Notice::Official(OfficialNotice::Pgn { game });
                    decision.extend(replier.tell(reader.clone(), notice, Some(&spec.id), "pgn"));
                }
                None => problems.push(Problem::NoGame {
                    command: DirectorCommand::Pgn,
                }),
            },
            _ => {}
        }
    }
    let done = !(decision.events.is_empty()
        && decision.player_events.is_empty()
        && decision.mails.is_empty()
        && decision.letters.is_empty());
    if !done && problems.is_empty() {
        problems.push(Problem::NoCommand);
    }
    if !problems.is_empty() {
        let notice = OfficialNotice::Refused {
            problems,
            partly: done,
        };
        let refused = replier.tell(
            reader,
            Notice::Official(notice),
            None,
            "director command refused",
        );
        if !done {
            return refused;
        }
        decision.extend(refused);
    }
    for mail in &mut decision.mails {
        if mail.in_reply_to.is_none() {
            replier.thread(mail);
        }
    }
    for letter in &mut decision.letters {
        if letter.in_reply_to.is_none() {
            replier.thread_letter(letter);
        }
    }
    decision
}

/// The leave granted by the director (III.7.7): To the player's partners in
/// running games and the director, Cc the player.
fn leave_granted(
    t: &Tournament,
    p: &Player,
    state: &State,
    from: NaiveDate,
    to: NaiveDate,
) -> Letter {
    let mut readers: Vec<Reader> = Vec::new();
    for spec in &t.games {
        let running = state.get(t, spec).ending.is_none();
        let Some(color) = spec.color_of(&p.id).filter(|_| running) else {
            continue;
        };
        let partner = Reader::seat(t, spec, !color);
        if !readers.contains(&partner) {
            readers.push(partner);
        }
    }
    readers.push(Reader::director_of(t));
    let notice = OfficialNotice::LeaveGranted {
        tournament: t.id.clone(),
        player: p.id.clone(),
        from,
        to,
    };
    Letter::new(
        readers,
        vec![Reader::of(t, p)],
        Notice::Official(notice),
        None,
    )
}

/// `CONFIRM` within the protest days, no protest made (III.6.4, II.6.5):
/// held, the director told until when; the timers apply it once they have
/// passed ([`confirm_held`]). Otherwise applied at once ([`confirm`]).
fn confirm_or_hold(t: &Tournament, spec: &GameSpec, game: &Game, today: NaiveDate) -> Decision {
    let s = game.claim.as_ref().expect("confirm is for a pending claim");
    if s.confirm_now(&t.rules, today) {
        return confirm(t, spec, game, today);
    }
    let until = s.protest_until(&t.rules);
    let event = Event::ConfirmHeld { on: today };
    let mut after = game.clone();
    let _ = after.apply(&event);
    Decision {
        events: vec![(spec.id.clone(), event)],
        verdicts: vec![Verdict::Directed(format!(
            "{}: CONFIRM held until the protest days end on {until}",
            spec.id
        ))],
        letters: vec![Letter::new(
            vec![Reader::director_of(t)],
            vec![],
            Notice::Official(OfficialNotice::ConfirmHeld {
                game: Box::new(after),
                until,
                today,
            }),
            Some(&spec.id),
        )],
        ..Decision::default()
    }
}

/// The timers' part: a CONFIRM held for the protest days takes effect on
/// the first day after them, unless a protest came (then the director
/// decides again, told of it).
pub(crate) fn confirm_held(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    today: NaiveDate,
) -> Option<Decision> {
    let s = game.claim.as_ref()?;
    (s.confirm_held.is_some() && s.protested.is_none() && s.confirm_now(&t.rules, today))
        .then(|| confirm(t, spec, game, today))
}

/// `CONFIRM`: the loss (III.6.6, II.6.6), or under postal rules the first
/// overstep restarts the count after the overstepping move (II.6.4) and the
/// game goes on: resumed if the claim interrupted it, as it was otherwise.
fn confirm(t: &Tournament, spec: &GameSpec, game: &Game, today: NaiveDate) -> Decision {
    let s = game.claim.as_ref().expect("confirm is for a pending claim");
    let against = s.against;
    let mut decision = Decision {
        events: vec![(spec.id.clone(), Event::ClaimConfirmed { on: today })],
        verdicts: vec![Verdict::Directed(format!("{}: claim confirmed", spec.id))],
        ..Decision::default()
    };
    if game.overstep_loses(&t.rules, against) {
        end_game(
            t,
            spec,
            game,
            GameResult::win_for(!against),
            EndReason::TimeForfeit,
            today,
            &mut decision,
        );
        return decision;
    }
    decision.events.push((
        spec.id.clone(),
        Event::OverstepReset {
            side: Side::from(against),
            on: today,
        },
    ));
    let number = game.overstepping_move(s);
    let notice = OfficialNotice::OverstepFixed {
        game: Box::new(game_after(game, spec, &decision)),
        against,
        number,
        interrupted: s.interrupts,
        today,
    };
    decision
        .letters
        .push(to_both(t, spec, Notice::Official(notice)));
    resume(t, spec, game, today, &mut decision);
    decision
}

/// `REJECT`: the game resumes if the claim interrupted it (a held move is
/// forwarded) or simply goes on, and no new claim is made against that side
/// before its next control move (III.6.7; postal II.6.10).
fn reject(t: &Tournament, spec: &GameSpec, game: &Game, today: NaiveDate) -> Decision {
    let s = game.claim.as_ref().expect("reject is for a pending claim");
    let mut decision = Decision {
        events: vec![(spec.id.clone(), Event::ClaimRejected { on: today })],
        verdicts: vec![Verdict::Directed(format!("{}: claim rejected", spec.id))],
        ..Decision::default()
    };
    let notice = OfficialNotice::ClaimRejected {
        game: Box::new(game_after(game, spec, &decision)),
        against: s.against,
        control: s.control,
        interrupted: s.interrupts,
        today,
    };
    decision
        .letters
        .push(to_both(t, spec, Notice::Official(notice)));
    resume(t, spec, game, today, &mut decision);
    decision
}

/// Applies and forwards the move held during the suspension, if any, on
/// `today`: the mover's time ends on the day he sent it, the opponent
/// receives it today and counts from today (III.6.3, II.6.9).
fn resume(t: &Tournament, spec: &GameSpec, game: &Game, today: NaiveDate, decision: &mut Decision) {
    let Some(held) = game.suspension().and_then(|s| s.held.clone()) else {
        return;
    };
    let mut after = game_after(game, spec, decision);
    let before = after.conditionals.clone();
    let offer = after.offer.clone();
    // the held mail as it was sent: the accepted variant moves, the move,
    // the variant it offered (III.3.7-3.8), like a move that was not held
    let mut events: Vec<Event> = held
        .accepted
        .iter()
        .map(|uci| Event::VariantPlayed {
            uci: uci.clone(),
            sent: held.sent,
        })
        .collect();
    events.push(Event::Moved {
        uci: held.uci.clone(),
        sent: held.sent,
        draw_offer: held.draw_offer,
    });
    if !held.offered.is_empty() {
        events.push(Event::VariantOffered {
            moves: held.offered.clone(),
            on: Some(today),
        });
    }
    let mut tried = after.clone();
    if events.iter().any(|e| tried.apply(e).is_err()) {
        return;
    }
    after = tried;
    decision
        .events
        .extend(events.into_iter().map(|e| (spec.id.clone(), e)));
    if today > held.sent {
        let forwarded = Event::Forwarded { on: today };
        after
            .apply(&forwarded)
            .expect("a forward after the sending applies");
        decision.events.push((spec.id.clone(), forwarded));
    }
    let end_on = |after: &Game| match after.plies.last() {
        Some(p) if p.conditional => today,
        _ => held.sent,
    };
    let mut forward = forward_mail(t, spec, &as_left(&after, end_on(&after)));
    if let (Notice::Game(GameNotice::Forward { answered, .. }), Some(offer)) = (
        &mut forward.notice,
        offer.filter(|o| o.by != !after.to_move()),
    ) {
        *answered = Some(Answered {
            offer: *offer,
            accepted: held.accepted.len(),
        });
    }
    decision.letters.push(forward);
    if after.natural_end().is_none() {
        // the hidden series this move answers, played now (issue 12 item 5)
        let played = conditional::play_due(t, spec, &mut after, today, decision);
        let news = conditional::news(t, spec, &before, &after, &played, today);
        decision.letters.extend(news);
    }
    if let Some((result, reason)) = after.natural_end() {
        let ended = Event::Ended {
            result,
            reason,
            on: end_on(&after),
        };
        after.apply(&ended).expect("an ending always applies");
        decision.events.push((spec.id.clone(), ended));
        decision.letters.push(result_mail(t, spec, &after));
        decision.verdicts.push(Verdict::Ended {
            game: spec.id.clone(),
            result,
        });
    }
}
