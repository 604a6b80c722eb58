//! The timer pass as of a day: opening mails on the start date (or the first
//! run after it), and, after the day's mail was read, the deadlines: an
//! overstep as soon as it is certain (III.6, II.6), the repeat after
//! `reminder_days` without an answer (III.5.1, II.5.1), under postal rules
//! the director told when the repeat went unanswered too (II.5.1), and the
//! director told after the rule set's `inactivity` without a move (III.5.3,
//! II.5.2). Leave days pause them all. Every number and article comes from
//! the tournament's [`RuleSet`](crate::referee::rules::RuleSet).

use crate::message::render::{self, color_name, date, numbered, tr};
use crate::notation::Notation;
use crate::referee::clock;
use crate::referee::compose::{self, copy_director, director, generated, recipient, subject};
use crate::referee::decide::{Decision, Verdict};
use crate::referee::game::{Event, Game};
use crate::referee::rules::Article;
use crate::referee::state::State;
use crate::referee::tournament::{GameSpec, Lang, League, Tournament};
use chrono::NaiveDate;
use shakmaty::Color;
use std::fmt::Write;

/// Opening mails of the games whose start has come.
pub fn openings(league: &League, state: &State, today: NaiveDate) -> Decision {
    let mut decision = Decision::default();
    for (t, spec) in league.games() {
        let game = &state.games[&spec.id];
        if today < t.start || game.opened.is_some() {
            continue;
        }
        decision
            .events
            .push((spec.id.clone(), Event::Opened { on: today }));
        decision.verdicts.push(Verdict::Opened {
            game: spec.id.clone(),
        });
        decision.mails.push(opening_mail(t, spec, game));
    }
    decision
}

/// The deadlines as of `today`.
pub fn deadlines(league: &League, state: &State, today: NaiveDate) -> Decision {
    let mut decision = Decision::default();
    for (t, spec) in league.games() {
        let game = &state.games[&spec.id];
        if today < t.start || game.ending.is_some() || game.suspension().is_some() {
            continue;
        }
        if let Some((against, control)) = game.overstep(&t.rules, today) {
            decision.extend(compose::claim_overstep(
                t, spec, game, against, control, today,
            ));
            continue;
        }
        let color = game.to_move();
        let received = game.next_received();
        let waiting = clock::move_time(received, today, t.start, game.leaves(color)).days;
        if waiting >= t.rules.reminder_days && !game.reminded() {
            decision
                .events
                .push((spec.id.clone(), Event::Reminded { on: today }));
            decision.verdicts.push(Verdict::Reminded {
                game: spec.id.clone(),
            });
            decision.mails.push(reminder_mail(t, spec, game, waiting));
        }
        let breakdown = t.rules.breakdown_days.filter(|days| waiting >= *days);
        if breakdown.is_some() && !game.breakdown_reported() {
            decision
                .events
                .push((spec.id.clone(), Event::BreakdownReported { on: today }));
            decision.verdicts.push(Verdict::Reminded {
                game: spec.id.clone(),
            });
            decision
                .mails
                .push(breakdown_mail(t, spec, game, waiting, today));
        }
        if waiting >= t.rules.inactivity.days_from(received) && !game.inactivity_reported() {
            decision
                .events
                .push((spec.id.clone(), Event::InactivityReported { on: today }));
            decision.verdicts.push(Verdict::Reminded {
                game: spec.id.clone(),
            });
            decision
                .mails
                .push(inactivity_mail(t, spec, game, waiting, today));
        }
    }
    copy_director(league, state, &mut decision, today);
    decision
}

/// The move awaited, repeated To the silent player, Cc the director
/// (III.5.1); under postal rules the repeat goes to the player alone, and
/// only the request for White's first move goes to the director too (II.5.1).
fn reminder_mail(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    waiting: u32,
) -> crate::referee::decide::OutMail {
    let color = game.to_move();
    let player = t.player_of(spec, color);
    let lang = player.language;
    let mut body = format!("{},\n\n", player.name);
    let last = if game.plies.is_empty() {
        tr(
            lang,
            "the game began; White's first move",
            "партия началась; первый ход белых",
        )
        .to_string()
    } else {
        numbered(game, game.plies.len() - 1, t.notation)
    };
    let first_move = game.plies.is_empty();
    let to_director = t.rules.reminder_to_director || first_move;
    let article = t.rules.article_of(if first_move {
        Article::FirstMove
    } else {
        Article::Reminder
    });
    let what = match (lang, to_director) {
        (Lang::En, true) => format!("The move is repeated here with all its information; a copy goes to the director ({article})."),
        (Lang::Ru, true) => format!("Ход повторяется здесь со всеми сведениями; копия направлена судье ({article})."),
        (Lang::En, false) => format!("The move is repeated here with all its information ({article})."),
        (Lang::Ru, false) => format!("Ход повторяется здесь со всеми сведениями ({article})."),
    };
    let _ = writeln!(
        body,
        "{} {waiting} {} {}, {} {}. {what} {}\n",
        tr(lang, "no answer has come for", "ответа нет уже"),
        tr(lang, "days to", "дн. на"),
        last,
        tr(lang, "received on", "полученный"),
        date(game.next_received()),
        tr(
            lang,
            "If you sent an answer, please send it again.",
            "Если вы уже отвечали, пришлите ответ еще раз."
        )
    );
    if let (Some(days), false) = (t.rules.breakdown_days, to_director) {
        let _ = writeln!(
            body,
            "{}\n",
            match lang {
                Lang::En => format!("If no answer has come after {days} days, the director is told that the correspondence broke down ({article})."),
                Lang::Ru => format!("Если ответа не будет и через {days} дн., судье будет сообщено о срыве переписки ({article})."),
            }
        );
    }
    body.push_str(&render::standard_form(t, game, lang));
    body.push('\n');
    body.push_str(&render::board(game.position(), lang));
    generated(
        vec![recipient(player)],
        if to_director {
            vec![director(t)]
        } else {
            vec![]
        },
        subject(t, spec, &format!("{} / {}", "reminder", "напоминание")),
        body,
        &spec.id,
    )
}

/// The director told that the repeat of a move went unanswered too: the
/// correspondence broke down (II.5.1).
fn breakdown_mail(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    waiting: u32,
    today: NaiveDate,
) -> crate::referee::decide::OutMail {
    let lang = compose::director_lang(t, spec);
    let color = game.to_move();
    let player = t.player_of(spec, color);
    let article = t.rules.article_of(Article::Breakdown);
    let mut body = match lang {
        Lang::En => format!(
            "No answer in game {} for {waiting} days (as of {}): {} ({}) has not answered the move received on {}, \
             nor its repeat sent after {} days. The correspondence has broken down ({article}).\n\n",
            spec.id,
            date(today),
            player.name,
            color_name(color, lang).to_lowercase(),
            date(game.next_received()),
            t.rules.reminder_days
        ),
        Lang::Ru => format!(
            "В партии {} нет ответа {waiting} дн. (на {}): {} ({}) не ответил(а) ни на ход, полученный {}, \
             ни на его повтор, отправленный через {} дн. Переписка сорвана ({article}).\n\n",
            spec.id,
            date(today),
            player.name,
            color_name(color, lang),
            date(game.next_received()),
            t.rules.reminder_days
        ),
    };
    body.push_str(&render::schedule(t, game, lang));
    generated(
        vec![director(t)],
        vec![],
        subject(t, spec, "no answer to the repeat / нет ответа на повтор"),
        body,
        &spec.id,
    )
}

/// The director told of a game without a move (III.5.3, II.5.2).
fn inactivity_mail(
    t: &Tournament,
    spec: &GameSpec,
    game: &Game,
    waiting: u32,
    today: NaiveDate,
) -> crate::referee::decide::OutMail {
    let lang = compose::director_lang(t, spec);
    let color = game.to_move();
    let player = t.player_of(spec, color);
    let article = t.rules.article_of(Article::Inactivity);
    let limit = t.rules.inactivity;
    let mut body = match lang {
        Lang::En => format!(
            "No move in game {} for {waiting} days (as of {}; the limit is {}): {} ({}) has not answered the move received on {}. \
             The player who has not informed the director may be scored a loss ({article}).\n\n",
            spec.id,
            date(today),
            limit.text(false),
            player.name,
            color_name(color, lang).to_lowercase(),
            date(game.next_received())
        ),
        Lang::Ru => format!(
            "В партии {} нет хода {waiting} дн. (на {}; предел — {}): {} ({}) не ответил(а) на ход, полученный {}. \
             Участнику, не сообщившему судье о причине, может быть засчитано поражение ({article}).\n\n",
            spec.id,
            date(today),
            limit.text(true),
            player.name,
            color_name(color, lang),
            date(game.next_received())
        ),
    };
    body.push_str(&render::schedule(t, game, lang));
    generated(
        vec![director(t)],
        vec![],
        subject(
            t,
            spec,
            &format!(
                "no move for {} / нет хода {}",
                limit.text(false),
                limit.text(true)
            ),
        ),
        body,
        &spec.id,
    )
}

fn opening_mail(t: &Tournament, spec: &GameSpec, game: &Game) -> crate::referee::decide::OutMail {
    let white = t.player_of(spec, Color::White);
    let black = t.player_of(spec, Color::Black);
    let mut body = String::new();
    for lang in compose::languages(&[white, black]) {
        let example = match t.notation {
            Notation::Numeric => "1. 5254",
            Notation::San => "1. e4",
            Notation::Ru => "1. e2-e4",
        };
        let _ = writeln!(
            body,
            "{}\n\n{}\n\n{}: {}\n{}: {}\n\n{}\n    {example}\n{}\n",
            match lang {
                Lang::En => format!("Game {} of {} begins on {}.", spec.id, t.name, date(t.start)),
                Lang::Ru => format!("Партия {} турнира «{}» начинается {}.", spec.id, t.name, date(t.start)),
            },
            render::standard_form(t, game, lang).trim_end(),
            tr(lang, "Rules", "Регламент"),
            t.rules.summary(),
            tr(lang, "Notation", "Нотация"),
            tr(lang, "ICCF numeric, English or Russian algebraic — any is read", "цифровая ИКЧФ, английская или русская алгебраическая — читается любая"),
            tr(
                lang,
                "Write your moves to this address, numbered, keeping the game tag in the subject. White starts, for example:",
                "Присылайте ходы на этот адрес с номерами, сохраняя метку партии в теме письма. Начинают белые, например:"
            ),
            tr(
                lang,
                "Every later mail repeats at least the partner's last move, then gives yours: \"12... 4745 13. 3234\". Commands on a line of their own: RESIGN; (=) with a move offers a draw; ACCEPT DRAW; CLAIM DRAW; LEAVE 2026-07-01 2026-07-10; LEAVE END; STATUS.",
                "Каждое следующее письмо повторяет как минимум последний ход партнера и добавляет ваш: «12... 4745 13. 3234». Команды отдельной строкой: СДАЮСЬ; (=) с ходом — предложение ничьей; ПРИНИМАЮ НИЧЬЮ; CLAIM DRAW; ПЕРЕРЫВ 01.07.2026 10.07.2026; LEAVE END; STATUS."
            )
        );
    }
    generated(
        vec![recipient(white), recipient(black)],
        vec![],
        subject(t, spec, "the game begins / партия начинается"),
        body,
        &spec.id,
    )
}
