//! The director's commands by mail, accepted from the director's address
//! only: `CONFIRM` and `REJECT` (a pending overstep claim, III.6.5-6.7,
//! II.6.4-6.10, whether it interrupted the game or not),
//! `RESULT` (adjudication, III.9), `PENALTY white|black N`, `LEAVE <player>
//! <from> <to>` (an exceptional or retroactive leave, III.7.7), `STATUS`
//! (the whole tournament's progress report).

use crate::message::parse::{find_tag, Command, Written};
use crate::message::render::{self, date, tr};
use crate::referee::compose::{end_game, game_after, game_notice};
use crate::referee::compose::{forward_mail, result_mail};
use crate::referee::decide::{Decision, Replier, Verdict};
use crate::referee::game::{EndReason, Event, Game, GameResult, Side};
use crate::referee::leave::{self, PlayerEvent};
use crate::referee::notice::game::GameNotice;
use crate::referee::requests::{leave_notice, progress_line};
use crate::referee::state::State;
use crate::referee::tournament::{GameSpec, Lang, League, Tournament};
use chrono::NaiveDate;
use std::borrow::Cow;

/// The most penalty days one `PENALTY` command gives: a year. More is
/// surely a slip of the keyboard (and would break the clock's arithmetic).
pub const MAX_PENALTY_DAYS: u32 = 365;

/// The game as the commands decided so far in this mail have left it: each
/// command is decided against the state the previous one left. A game this
/// mail has not touched is the stored one, borrowed, not copied.
fn now<'a>(state: &'a State, id: &str, decision: &Decision) -> Cow<'a, Game> {
    let stored = &state.games[id];
    if decision.events.iter().all(|(gid, _)| gid != id) {
        return Cow::Borrowed(stored);
    }
    match state.game_after(id, &decision.events) {
        Ok(Some(game)) => Cow::Owned(game),
        // the mail's events will be refused as a whole before the commit
        _ => Cow::Borrowed(stored),
    }
}

pub(crate) fn decide(
    league: &League,
    state: &State,
    replier: &Replier,
    directed: &[&Tournament],
    written: &Written,
    today: NaiveDate,
) -> Decision {
    let tagged = find_tag(&replier.mail.subject)
        .and_then(|tag| league.game(&tag))
        .filter(|(t, _)| directed.iter().any(|d| d.id == t.id));
    let mut decision = Decision::default();
    let mut problems: Vec<String> = Vec::new();
    for command in &written.commands {
        match command {
            Command::Confirm | Command::Reject => {
                // a claim that interrupted its game or one that let play go on
                let claimed: Vec<(&Tournament, &GameSpec)> = directed
                    .iter()
                    .flat_map(|t| t.games.iter().map(move |g| (*t, g)))
                    .filter(|(_, g)| now(state, &g.id, &decision).claim.is_some())
                    .collect();
                let target = match (tagged, claimed.as_slice()) {
                    (Some(found), _) => Some(found),
                    (None, [one]) => Some(*one),
                    _ => None,
                };
                match target.map(|(t, spec)| (t, spec, now(state, &spec.id, &decision))) {
                    Some((t, spec, game)) if game.claim.is_some() => {
                        let part = if *command == Command::Confirm { confirm(t, spec, &game, today) } else { reject(t, spec, &game, today) };
                        decision.extend(part);
                    }
                    Some((_, spec, _)) => problems.push(format!("{}: no overstep claim is pending / нет заявления о просрочке", spec.id)),
                    None => problems.push(
                        "CONFIRM/REJECT: name the game by its tag in the subject (no or more than one overstep claim is pending) / \
                         укажите метку партии в теме письма"
                            .into(),
                    ),
                }
            }
            Command::Result(result) => match tagged.map(|(t, spec)| (t, spec, now(state, &spec.id, &decision))) {
                Some((t, spec, game)) if game.ending.is_none() => {
                    let result = match result.as_str() {
                        "1-0" => GameResult::WhiteWins,
                        "0-1" => GameResult::BlackWins,
                        _ => GameResult::Draw,
                    };
                    // end_game applies this mail's earlier events itself: it starts from the stored game
                    end_game(t, spec, &state.games[&spec.id], result, EndReason::Adjudication, today, &mut decision);
                    decision.verdicts.push(Verdict::Directed(format!("{}: result {}", spec.id, result.as_str())));
                }
                Some((_, spec, _)) => problems.push(format!("{}: the game is already over / партия уже закончена", spec.id)),
                None => problems.push("RESULT: name the game by its tag in the subject / укажите метку партии в теме письма".into()),
            },
            Command::Penalty { color, days } => match tagged.map(|(t, spec)| (t, spec, now(state, &spec.id, &decision))) {
                Some((_, spec, _)) if *days == 0 || *days > MAX_PENALTY_DAYS => problems.push(format!(
                    "{}: PENALTY {days}: penalty days are 1 to {MAX_PENALTY_DAYS} / штраф — от 1 до {MAX_PENALTY_DAYS} дней",
                    spec.id
                )),
                Some((t, spec, game)) if game.ending.is_none() => {
                    decision.events.push((
                        spec.id.clone(),
                        Event::Penalty { side: Side::from(*color), days: *days, on: today, reason: "penalty by the director".into() },
                    ));
                    let after = now(state, &spec.id, &decision).into_owned();
                    decision.letters.push(game_notice(
                        t,
                        spec,
                        GameNotice::Penalty { game: Box::new(after), color: *color, days: *days, on: today },
                    ));
                    decision.verdicts.push(Verdict::Directed(format!("{}: penalty {days}", spec.id)));
                }
                Some((_, spec, _)) => problems.push(format!("{}: the game is already over / партия уже закончена", spec.id)),
                None => problems.push("PENALTY: name the game by its tag in the subject / укажите метку партии в теме письма".into()),
            },
            Command::GrantLeave { player, from, to } => {
                let found = directed.iter().find_map(|t| t.players.iter().find(|p| p.id.eq_ignore_ascii_case(player)).map(|p| (*t, p)));
                match found {
                    Some((_, _)) if to < from => problems.push(format!("LEAVE {player}: it ends before it starts / перерыв заканчивается раньше начала")),
                    Some((t, p)) => {
                        decision.player_events.push((leave::key(&t.id, &p.id), PlayerEvent::Leave { from: *from, to: *to, on: today, by_director: true }));
                        decision.mails.push(leave_notice(t, p, state, Some((*from, *to)), true));
                        decision.verdicts.push(Verdict::Directed(format!("leave for {}/{}", t.id, p.id)));
                    }
                    None => problems.push(format!("LEAVE: no player \"{player}\" in your tournaments / нет участника «{player}»")),
                }
            }
            Command::Status => {
                let lang = Lang::En;
                let mut body = format!("{} {}\n\n", tr(lang, "Progress report as of", "Отчет о ходе игры на"), date(today));
                for t in directed {
                    body.push_str(&format!("{} ({})\n", t.name, t.id));
                    for spec in &t.games {
                        body.push_str(&progress_line(t, spec, &state.games[&spec.id], today, lang));
                    }
                    body.push('\n');
                }
                decision.extend(replier.answer("", "Progress report / Отчет о ходе игры".into(), body, None, "status"));
            }
            Command::Help => decision.extend(replier.answer(
                "",
                "Director commands / Команды судьи".into(),
                DIRECTOR_HELP.into(),
                None,
                "help",
            )),
            Command::Pgn => match tagged {
                Some((t, spec)) => {
                    let game = now(state, &spec.id, &decision);
                    decision.extend(replier.answer("", format!("[{}] PGN", spec.id), render::pgn(t, &game), Some(&spec.id), "pgn"));
                }
                None => problems.push("PGN: name the game by its tag in the subject / укажите метку партии в теме письма".into()),
            },
            _ => {}
        }
    }
    if decision.events.is_empty() && decision.player_events.is_empty() && decision.mails.is_empty()
    {
        if problems.is_empty() {
            problems.push(
                "No director command found. Commands, each on a line of its own: CONFIRM, REJECT, RESULT 1-0|0-1|1/2-1/2, \
                 PENALTY white|black N, LEAVE <player> <from> <to>, STATUS / Команда судьи не найдена."
                    .into(),
            );
        }
        return replier.answer(
            "",
            "Director command not carried out / Команда не выполнена".into(),
            problems.join("\n") + "\n",
            None,
            "director command refused",
        );
    }
    if !problems.is_empty() {
        decision.extend(replier.answer(
            "",
            "Some commands were not carried out / Не все команды выполнены".into(),
            problems.join("\n") + "\n",
            None,
            "director command refused",
        ));
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
    let notice = GameNotice::OverstepConfirmed {
        game: Box::new(game_after(game, spec, &decision)),
        against,
        number: game.overstepping_move(s),
        interrupted: s.interrupts,
        on: today,
    };
    decision.letters.push(game_notice(t, spec, notice));
    resume(t, spec, game, today, &mut decision);
    decision
}

/// `REJECT`: the game resumes if the claim interrupted it (a held move is
/// forwarded) or simply goes on, and no new claim is made against that side
/// before its next control move (III.6.7; postal II.6.10).
fn reject(t: &Tournament, spec: &GameSpec, game: &Game, today: NaiveDate) -> Decision {
    let s = game.claim.as_ref().expect("reject is for a pending claim");
    let (against, control, interrupted) = (s.against, s.control, s.interrupts);
    let mut decision = Decision {
        events: vec![(spec.id.clone(), Event::ClaimRejected { on: today })],
        verdicts: vec![Verdict::Directed(format!("{}: claim rejected", spec.id))],
        ..Decision::default()
    };
    let notice = GameNotice::ClaimRejected {
        game: Box::new(game_after(game, spec, &decision)),
        against,
        control,
        interrupted,
        on: today,
    };
    decision.letters.push(game_notice(t, spec, notice));
    resume(t, spec, game, today, &mut decision);
    decision
}

/// Applies and forwards the move held during the suspension, if any, on
/// `today`: the mover's time ends on the day he sent it, the opponent
/// receives it today and counts from today (III.6.3, II.6.9).
fn resume(t: &Tournament, spec: &GameSpec, game: &Game, today: NaiveDate, decision: &mut Decision) {
    let Some((uci, sent, draw_offer)) = game.suspension().and_then(|s| s.held.clone()) else {
        return;
    };
    let moved = Event::Moved {
        uci,
        sent,
        draw_offer,
    };
    let mut after = game.clone();
    for (id, e) in &decision.events {
        if id == &spec.id {
            after.apply(e).expect("events of this decision apply");
        }
    }
    if after.apply(&moved).is_err() {
        return;
    }
    decision.events.push((spec.id.clone(), moved));
    if today > sent {
        let forwarded = Event::Forwarded { on: today };
        after
            .apply(&forwarded)
            .expect("a forward after the sending applies");
        decision.events.push((spec.id.clone(), forwarded));
    }
    decision.letters.push(forward_mail(t, spec, &after, ""));
    if let Some((result, reason)) = after.natural_end() {
        let ended = Event::Ended {
            result,
            reason,
            on: sent,
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

/// `HELP` from the director: the director's commands, both languages.
const DIRECTOR_HELP: &str =
    "Director commands, each on a line of its own, any case, trailing punctuation allowed; \
the game is named by its tag in the subject ([T/1]):
  CONFIRM (ПОДТВЕРЖДАЮ)                 confirm the pending overstep claim
  REJECT (ОТКЛОНЯЮ)                     reject it: the game resumes, a held move is forwarded
  RESULT 1-0|0-1|1/2-1/2 (РЕЗУЛЬТАТ)    adjudicate the game
  PENALTY white|black N (ШТРАФ белым|черным N)   penalty days in the game
  LEAVE <player> <from> <to> (ПЕРЕРЫВ)  an exceptional or retroactive leave
  STATUS (СТАТУС)                       every game of your tournaments
  PGN                                   the game of the subject as PGN
  HELP (ПОМОЩЬ)                         this text

Команды судьи, каждая отдельной строкой, в любом регистре; игра указывается меткой в теме письма.
";
