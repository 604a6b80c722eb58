//! A player's requests that are not moves: the progress report (`STATUS`,
//! seed 001 art. 49) and leaves (`LEAVE`, `LEAVE END`, III.7, II.7), with
//! the announcements they send.

use crate::message::parse::Command;
use crate::message::render::{color_name, date, tr};
use crate::referee::compose::{self, recipient};
use crate::referee::decide::{Decision, OutMail, Recipient, Replier, Verdict};
use crate::referee::game::Game;
use crate::referee::leave::{self, PlayerEvent, Refusal};
use crate::referee::notice::{Notice, Reader};
use crate::referee::rules::{Article, RuleSet};
use crate::referee::state::State;
use crate::referee::tournament::{GameSpec, Lang, Player, Tournament};
use chrono::NaiveDate;
use shakmaty::Color;

/// The progress report (seed 001 art. 49) of the sender's games.
pub(crate) fn status_report(
    state: &State,
    replier: &Replier,
    players: &[(&Tournament, &Player)],
    today: NaiveDate,
) -> Decision {
    let lang = players[0].1.language;
    let mut body = format!(
        "{} {}\n\n",
        tr(lang, "Progress report as of", "Отчет о ходе игры на"),
        date(today)
    );
    for (t, p) in players {
        for spec in t.games.iter().filter(|g| g.color_of(&p.id).is_some()) {
            body.push_str(&progress_line(t, spec, &state.games[&spec.id], today, lang));
        }
    }
    replier.answer(
        &players[0].1.name,
        tr(lang, "Progress report", "Отчет о ходе игры").to_string(),
        body,
        None,
        "status",
    )
}

/// One game of the progress report: moves, side to move, both clocks, days
/// left to each side's next control.
pub fn progress_line(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    today: NaiveDate,
    lang: Lang,
) -> String {
    let white = t.player_of(spec, Color::White);
    let black = t.player_of(spec, Color::Black);
    let state = match (game.ending, &game.claim) {
        (Some(e), _) => format!("{} {}", tr(lang, "finished", "окончена"), e.result.as_str()),
        (None, Some(c)) if c.interrupts => tr(
            lang,
            "suspended (overstep claim)",
            "прервана (заявление о просрочке)",
        )
        .to_string(),
        (None, claim) => format!(
            "{}: {}{}",
            tr(lang, "to move", "ход"),
            color_name(game.to_move(), lang),
            if claim.is_some() {
                tr(
                    lang,
                    " (overstep claim pending, play goes on)",
                    " (заявление о просрочке ждет решения, игра продолжается)",
                )
            } else {
                ""
            }
        ),
    };
    let side = |c: Color| {
        let control = game.control(&t.rules, c, today);
        format!(
            "{} {} {} / {} {} {}",
            color_name(c, lang),
            control.used,
            tr(lang, "days", "дн."),
            control.left(),
            tr(lang, "left to move", "дн. до хода"),
            control.control
        )
    };
    format!(
        "[{}] {} - {}: {} {}, {}; {}; {}\n",
        spec.id,
        white.name,
        black.name,
        game.plies.len().div_ceil(2),
        tr(lang, "moves", "ходов"),
        state,
        side(Color::White),
        side(Color::Black),
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
        let lang = p.language;
        let mut late_from = None;
        let (event, text) = match command {
            Command::Leave { from, to } => {
                let days = crate::referee::clock::Days {
                    from: *from,
                    to: *to,
                };
                let granted = match leave::check(&t.rules, &existing, days, today) {
                    Ok(granted) => granted,
                    Err(refusal) => {
                        let body = format!(
                            "{}: {}.\n",
                            tr(lang, "Your leave is refused", "Перерыв не предоставлен"),
                            refusal_text(&t.rules, &refusal, lang)
                        );
                        decision.extend(replier.answer(
                            &p.name,
                            tr(lang, "leave refused", "перерыв не предоставлен").to_string(),
                            body,
                            None,
                            "leave refused",
                        ));
                        continue;
                    }
                };
                late_from = (granted.from != *from).then_some(*from);
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
                    let body = format!(
                        "{}\n",
                        tr(
                            lang,
                            "You have no leave in progress or announced.",
                            "У вас нет текущего или объявленного перерыва."
                        )
                    );
                    decision.extend(replier.answer(
                        &p.name,
                        tr(lang, "no leave", "нет перерыва").to_string(),
                        body,
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
        let mut mail = leave_notice(t, p, state, text, false);
        if let Some(asked) = late_from {
            mail.body.push_str(&late_leave_note(t, asked, today));
        }
        replier.thread(&mut mail);
        decision.mails.push(mail);
    }
    decision
}

/// A leave announced after it began counts from the day of the notice (II.7.6).
fn late_leave_note(t: &Tournament, asked: NaiveDate, today: NaiveDate) -> String {
    let article = t.rules.article_of(Article::LateLeave);
    format!(
        "\n{} ({article}).\n{} ({article}).\n",
        format_args!(
            "The leave was asked from {} but announced on {}, after it began: it counts from the day of the notice, {}",
            date(asked),
            date(today),
            date(today)
        ),
        format_args!(
            "Перерыв заявлен с {}, но извещение отправлено {}, после его начала: он засчитывается со дня отправления извещения, {}",
            date(asked),
            date(today),
            date(today)
        ),
    )
}

/// The announcement of a leave (or of its end) To every opponent with a
/// running game and the director, Cc the player (III.7.2-7.3).
pub(crate) fn leave_notice(
    t: &Tournament,
    p: &Player,
    state: &State,
    leave: Option<(NaiveDate, NaiveDate)>,
    by_director: bool,
) -> OutMail {
    let opponents: Vec<&Player> = t
        .games
        .iter()
        .filter(|g| {
            state
                .games
                .get(&g.id)
                .is_some_and(|game| game.ending.is_none())
        })
        .filter_map(|g| g.color_of(&p.id).map(|c| t.player_of(g, !c)))
        .collect();
    let mut all = opponents.clone();
    all.push(p);
    let article = |a: Article| t.rules.article_of(a);
    let body: Vec<String> = compose::languages(&all)
        .into_iter()
        .map(|lang| match leave {
            Some((from, to)) => format!(
                "{} {} {} {} {} {}{}. {} ({}).",
                p.name,
                tr(lang, "is on leave from", "берет перерыв с"),
                date(from),
                tr(lang, "to", "по"),
                date(to),
                tr(lang, "inclusive", "включительно"),
                if by_director {
                    format!(" ({}, {})", tr(lang, "granted by the director", "предоставлен судьей"), article(Article::ExceptionalLeave))
                } else {
                    String::new()
                },
                tr(
                    lang,
                    "These days are not counted in their thinking time; the partners' clocks run normally",
                    "Эти дни не входят в его время на обдумывание; время партнеров идет как обычно"
                ),
                article(Article::LeaveDays)
            ),
            None => format!("{} {} ({}).", p.name, tr(lang, "has ended the leave", "закончил(а) перерыв"), article(Article::LeaveEnd)),
        })
        .collect();
    let mut to: Vec<Recipient> = Vec::new();
    for o in &opponents {
        if !to.iter().any(|r| r.email == o.address()) {
            to.push(recipient(o));
        }
    }
    to.push(compose::director(t));
    let subject = format!(
        "[{}] {}: {}",
        t.id,
        p.surname(),
        if leave.is_some() {
            "leave / перерыв"
        } else {
            "leave ended / конец перерыва"
        }
    );
    compose::mail(
        to,
        vec![recipient(p)],
        subject,
        body.join("\n\n") + "\n",
        None,
    )
}

fn refusal_text(rules: &RuleSet, r: &Refusal, lang: Lang) -> String {
    match r {
        Refusal::NotInAdvance { from, asked_on } => format!(
            "{} {} {} {} ({})",
            tr(
                lang,
                "a leave must be announced before it starts; it starts on",
                "перерыв объявляется заранее, до его начала; он начинается"
            ),
            date(*from),
            tr(lang, "and was asked for on", "а заявлен"),
            date(*asked_on),
            rules.article_of(Article::LeaveInAdvance)
        ),
        Refusal::Over { to, asked_on } => format!(
            "{} {} {} {} ({})",
            tr(
                lang,
                "a leave announced after it began counts from the day of the notice, and this one ended on",
                "перерыв, объявленный после начала, засчитывается со дня извещения, а этот закончился"
            ),
            date(*to),
            tr(lang, "before the notice of", "до извещения от"),
            date(*asked_on),
            rules.article_of(Article::LateLeave)
        ),
        Refusal::Backwards => tr(
            lang,
            "it ends before it starts",
            "он заканчивается раньше, чем начинается",
        )
        .to_string(),
        Refusal::TooLong {
            year,
            taken,
            asked,
            limit,
        } => format!(
            "{} {year}: {taken} {} + {asked} {} > {limit} ({})",
            tr(
                lang,
                "too many leave days in",
                "слишком много дней перерыва в"
            ),
            tr(lang, "taken", "уже"),
            tr(lang, "asked", "запрошено"),
            rules.article_of(Article::LeaveLimit)
        ),
        Refusal::Overlaps(other) => format!(
            "{} {} - {}",
            tr(
                lang,
                "it overlaps your leave",
                "он пересекается с вашим перерывом"
            ),
            date(other.from),
            date(other.to)
        ),
    }
}

/// `HELP`/`ПОМОЩЬ`: how to write moves and commands, in the sender's
/// language.
pub(crate) fn help(replier: &Replier, t: &Tournament, player: &Player) -> Decision {
    replier.tell(
        Reader::Player {
            tournament: t.id.clone(),
            player: player.id.clone(),
        },
        Notice::Help {
            tournament: t.id.clone(),
        },
        None,
        "help",
    )
}
