//! A player's requests that are not moves: the progress report (`STATUS`,
//! seed 001 art. 49) and leaves (`LEAVE`, `LEAVE END`, III.7, II.7), with
//! the announcements they send.

use crate::message::parse::Command;
use crate::referee::clock::Days;
use crate::referee::decision::{Decision, Replier, Verdict};
use crate::referee::leave::{self, PlayerEvent};
use crate::referee::notice::answers::{
    AnswerNotice, LateLeave, LeaveBalance, LeaveTold, XfccAccount,
};
use crate::referee::notice::{Letter, Notice, Reader};
use crate::referee::outbound::Secret;
use crate::referee::state::State;
use crate::referee::tournament::{League, Player, Tournament};
use chrono::{Datelike, NaiveDate};

/// The progress report (seed 001 art. 49) of the sender's games.
pub(crate) fn status_report(
    state: &State,
    replier: &Replier,
    players: &[(&Tournament, &Player)],
    today: NaiveDate,
) -> Decision {
    let mut games = Vec::new();
    for (t, p) in players {
        for spec in t.games.iter().filter(|g| g.color_of(&p.id).is_some()) {
            games.push(state.get(t, spec).into_owned());
        }
    }
    replier.tell(
        Reader::of(players[0].0, players[0].1),
        Notice::Answer(AnswerNotice::Status { today, games }),
        None,
        "status",
    )
}

/// `LEAVE from to` and `LEAVE END` from a player, for every tournament they play in.
pub(crate) fn leave_request(
    state: &State,
    replier: &Replier,
    players: &[(&Tournament, &Player)],
    command: &Command,
    today: NaiveDate,
) -> Decision {
    let mut decision = Decision::default();
    for (t, p) in players {
        let existing = state.leaves(&t.id, &p.id);
        let mut late = None;
        let (event, leave) = match command {
            Command::Leave { from, to } => {
                let days = crate::referee::clock::Days {
                    from: *from,
                    to: *to,
                };
                let granted = match leave::check(&t.rules, &existing, days, today) {
                    Ok(granted) => granted,
                    Err(refusal) => {
                        decision.extend(replier.tell(
                            Reader::of(t, p),
                            Notice::Answer(AnswerNotice::LeaveRefused {
                                tournament: t.id.clone(),
                                refusal,
                            }),
                            None,
                            "leave refused",
                        ));
                        continue;
                    }
                };
                late = (granted.from != *from).then_some(LateLeave {
                    asked: *from,
                    announced: today,
                });
                (
                    PlayerEvent::Leave {
                        from: granted.from,
                        to: granted.to,
                        on: today,
                        by_director: false,
                    },
                    Some((granted.from, granted.to)),
                )
            }
            _ => {
                let running = existing.iter().any(|l| l.contains(today) || l.from > today);
                if !running {
                    decision.extend(replier.tell(
                        Reader::of(t, p),
                        Notice::Answer(AnswerNotice::NoLeave),
                        None,
                        "no leave to end",
                    ));
                    continue;
                }
                (PlayerEvent::LeaveEnded { on: today }, None)
            }
        };
        decision
            .player_events
            .push((leave::key(&t.id, &p.id), event));
        decision
            .verdicts
            .push(Verdict::Leave(format!("{}/{}", t.id, p.id)));
        for mut letter in leave_letters(t, p, state, &existing, leave, late, today) {
            replier.thread_letter(&mut letter);
            decision.letters.push(letter);
        }
    }
    decision
}

/// The announcement of a leave (or of its end) To every opponent with a
/// running game and the director (III.7.2-7.3), and the player's own
/// confirmation To him: the games it covers, the leave days he has left.
/// `existing`: his leaves before this one (or before `LEAVE END` on
/// `today`).
fn leave_letters(
    t: &Tournament,
    p: &Player,
    state: &State,
    existing: &[Days],
    leave: Option<(NaiveDate, NaiveDate)>,
    late: Option<LateLeave>,
    today: NaiveDate,
) -> [Letter; 2] {
    let mut to: Vec<Reader> = Vec::new();
    let mut games = Vec::new();
    for g in &t.games {
        let running = state.get(t, g).ending.is_none();
        if let (true, Some(c)) = (running, g.color_of(&p.id)) {
            games.push(g.id.clone());
            let opponent = Reader::of(t, t.player_of(g, !c));
            if !to.contains(&opponent) {
                to.push(opponent);
            }
        }
    }
    to.push(Reader::director_of(t));
    let left = match leave {
        Some((from, until)) => {
            let mut all = existing.to_vec();
            all.push(Days { from, to: until });
            (from.year()..=until.year())
                .map(|year| {
                    let left = leave::days_left(&t.rules, &all, year);
                    (year, left, t.rules.leave_days_per_year)
                })
                .collect()
        }
        // ended: the days it no longer takes are his again (III.7.3)
        None => {
            let mut events: Vec<PlayerEvent> = existing
                .iter()
                .map(|d| PlayerEvent::Leave {
                    from: d.from,
                    to: d.to,
                    on: today,
                    by_director: false,
                })
                .collect();
            events.push(PlayerEvent::LeaveEnded { on: today });
            let after = leave::leaves(&events);
            let year = today.year();
            vec![(
                year,
                leave::days_left(&t.rules, &after, year),
                t.rules.leave_days_per_year,
            )]
        }
    };
    let notice = |yours| {
        Notice::Answer(AnswerNotice::Leave {
            tournament: t.id.clone(),
            player: p.id.clone(),
            leave,
            by_director: false,
            late,
            told: Box::new(LeaveTold {
                on: today,
                games: games.clone(),
            }),
            yours,
        })
    };
    let yours = LeaveBalance {
        games: games.clone(),
        left,
    };
    [
        Letter::new(to, vec![], notice(None), None),
        Letter::new(vec![Reader::of(t, p)], vec![], notice(Some(yours)), None),
    ]
}

/// `HELP`/`ПОМОЩЬ`: how to write moves and commands, in the sender's
/// language.
pub(crate) fn help(replier: &Replier, t: &Tournament, player: &Player) -> Decision {
    replier.tell(
        Reader::of(t, player),
        Notice::Help {
            tournament: t.id.clone(),
        },
        None,
        "help",
    )
}

/// `XFCC` / `XFCC ПАРОЛЬ`: a new password for the Xfcc endpoint, to the
/// player's registered address (his user name), replacing any earlier
/// one; or, where the arbiter offers no Xfcc, an answer saying so.
pub(crate) fn xfcc_account(
    league: &League,
    replier: &Replier,
    players: &[(&Tournament, &Player)],
    password: Option<&Secret>,
) -> Decision {
    let (t, p) = players[0];
    let username = p.address().to_lowercase();
    let account = league.xfcc.clone().zip(password.cloned());
    let mut decision = replier.tell(
        Reader::of(t, p),
        Notice::Answer(AnswerNotice::XfccAccount {
            account: account.clone().map(|(url, password)| XfccAccount {
                url,
                username: username.clone(),
                password,
            }),
        }),
        None,
        "xfcc account",
    );
    if let Some((_, password)) = account {
        decision.accounts.push((username, password));
    }
    decision
}

/// `XFCC FORWARDS OFF|ON`: whether the partner's moves still reach the
/// player by mail (for a player who reads them in his chess program).
pub(crate) fn xfcc_forwards(
    replier: &Replier,
    players: &[(&Tournament, &Player)],
    on: bool,
) -> Decision {
    let (t, p) = players[0];
    let mut decision = replier.tell(
        Reader::of(t, p),
        Notice::Answer(AnswerNotice::XfccForwards { on }),
        None,
        "xfcc forwards",
    );
    let value = if on { String::new() } else { "off".to_string() };
    decision.facts.push((quiet_key(p.address()), value));
    decision
}

/// The store key that says the player at `address` reads his partners'
/// moves in his chess program only (`XFCC FORWARDS OFF`).
pub fn quiet_key(address: &str) -> String {
    format!("xfcc:quiet:{}", address.to_lowercase())
}
