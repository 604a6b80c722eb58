//! Every mail in its reader's forms: a date as his `language.toml`'s
//! `date` writes it, a decimal with its `decimal` separator. The check
//! runs on every golden test's mails rendered for readers of every
//! language (the fixture's `show` calls [`every_language`]), and on a
//! whole game told to Lithuanian and to German readers, whose mails are
//! golden snapshots themselves (`game_lt`, `game_de`).
//!
//! What the check leaves aside, on purpose: a PGN's dates (`2026.05.10`,
//! the export format's own); the lines a mail quotes from others (a
//! player's note after `|`, a mail server's diagnostic); a date written in
//! a command's example right after the command's word in capitals
//! (`LEAVE 2026-07-01 2026-07-10` in an English mail): the parser reads
//! both forms, and the example is what the player copies; a version
//! number (`Scid 4.7`).

use super::fixture::{day, director, game, game_with, ivanov, league, petrov};
use crate::referee::clock::Days;
use crate::referee::compose;
use crate::referee::game::{
    AdjudicationReason, EndReason, Event, Game, GameResult, PenaltyReason, Side,
};
use crate::referee::leave::Refusal;
use crate::referee::notice::adjudication::AdjudicationNotice;
use crate::referee::notice::answers::{
    AnswerNotice, Fault, LateLeave, LeaveBalance, LeaveTold, Misplaced, MoverNote, Seat, Stamp,
    Stated, Understood,
};
use crate::referee::notice::officials::{BounceReport, OfficialNotice};
use crate::referee::notice::{Letter, Notice};
use crate::referee::tournament::{Lang, League};
use regex::Regex;
use shakmaty::Color;
use std::sync::OnceLock;

/// `league` with every player and its director reading `lang`.
pub fn in_language(league: &League, lang: Lang) -> League {
    let mut league = league.clone();
    for t in &mut league.tournaments {
        t.director_language = lang;
        for p in &mut t.players {
            p.language = lang;
        }
    }
    league
}

/// Every mail of `letters` as readers of `lang` get it: To, Cc, subject
/// and body, as the fixture's `show` writes them.
fn mails_in(league: &League, letters: &[Letter], lang: Lang) -> String {
    super::fixture::show_as_written(&in_language(league, lang), letters)
}

/// The mails of `letters`, written for readers of every language, have no
/// fault of [`faults`]; a test fails naming each one.
pub fn every_language(league: &League, letters: &[Letter]) {
    let mut found = Vec::new();
    for lang in Lang::all() {
        let text = mails_in(league, letters, lang);
        found.extend(
            faults(&text, lang)
                .into_iter()
                .map(|f| format!("{lang:?}: {f}")),
        );
    }
    assert!(
        found.is_empty(),
        "dates or decimals not in the reader's form:\n{}",
        found.join("\n")
    );
}

fn patterns() -> &'static [Regex; 4] {
    static PATTERNS: OnceLock<[Regex; 4]> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        [
            // 16.05.2026
            Regex::new(r"\b\d{1,2}\.\d{1,2}\.\d{4}\b").unwrap(),
            // 2026-05-16
            Regex::new(r"\b\d{4}-\d{2}-\d{2}\b").unwrap(),
            // a word in capitals, or such a date after one: a command's example
            Regex::new(r"(\p{Lu}{2,}|\d{4}-\d{2}-\d{2}) $").unwrap(),
            // a day without its year, `16.05` or `16.05.`, which is no
            // decimal (a decimal of a mail is a quarter: .25, .5, .75)
            Regex::new(r"^(0[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.?$").unwrap(),
        ]
    })
}

/// The dates of `text` not in `lang`'s form and its decimals not written
/// with `lang`'s separator, each with its line.
pub fn faults(text: &str, lang: Lang) -> Vec<String> {
    let [dotted, iso, command, day] = patterns();
    let language = lang.language();
    let year_first = language.date.starts_with("%Y");
    let mut out = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        // a PGN's header and moves; what others wrote, quoted
        if trimmed.starts_with('[')
            || trimmed.contains("{[%")
            || trimmed.starts_with('|')
            || trimmed.contains("Diagnostic-Code")
        {
            continue;
        }
        if year_first {
            out.extend(
                dotted
                    .find_iter(line)
                    .map(|m| format!("{}: {line}", m.as_str())),
            );
        } else {
            for m in iso.find_iter(line) {
                if !command.is_match(&line[..m.start()]) {
                    out.push(format!("{}: {line}", m.as_str()));
                }
            }
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            let word = word
                .trim_start_matches(['(', '[', '„', '«', '"'])
                .trim_end_matches([')', ']', '“', '»', '"', ';', ':', '!', '?']);
            if day.is_match(word) {
                continue;
            }
            let number = word.trim_end_matches(['.', ',']);
            let Some((whole, fraction)) = number.split_once(['.', ',']) else {
                continue;
            };
            let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            if !digits(whole) || !digits(fraction) || (i > 0 && words[i - 1] == "Scid") {
                continue;
            }
            if !number.contains(language.decimal.as_str()) {
                out.push(format!("{number}: {line}"));
            }
        }
    }
    out
}

#[test]
fn the_check_finds_a_foreign_date_form_and_decimal_separator() {
    let lt = Lang::from_code("lt").unwrap();
    let de = Lang::from_code("de").unwrap();
    assert_eq!(
        faults("Išsiųsta 16.05.2026, gauta 2026-05-16", lt),
        ["16.05.2026: Išsiųsta 16.05.2026, gauta 2026-05-16"]
    );
    assert_eq!(faults("Gesendet 2026-05-16.", de).len(), 1);
    assert_eq!(faults("SB 2.5", de), ["2.5: SB 2.5"]);
    assert_eq!(faults("SB 2,5", Lang::En), ["2,5: SB 2,5"]);
    for (text, lang) in [
        ("SB 2,5; 16.05.2026 (III.5.1, II.6.4)", de),
        ("SB 2.5; 16.05.2026; Scid 4.7", Lang::En),
        ("LEAVE 2026-07-01 2026-07-10", Lang::En),
        ("[Date \"2026.05.10\"]", lt),
        ("  | see you on 16.05.2026", lt),
        ("1. e4 {[%ccsnt 2026.05.10]} 1... e5", lt),
        ("12. 4244 4745; 13... Žf6.", lt),
    ] {
        assert_eq!(faults(text, lang), Vec::<String>::new(), "{text}");
    }
}

/// The letters of a whole game of the fixture's tournament, from its
/// opening to its result and an adjudication: every player's answer, the
/// leaves, the reminders, the claim with the protest, the director's
/// decisions and reports, the daemon's reports.
fn whole_game(league: &League) -> Vec<Letter> {
    let t = &league.tournaments[0];
    let spec = &t.games[0];
    let official = |to, cc, notice| Letter::new(to, cc, Notice::Official(notice), Some("T/1"));
    let answer = |to, cc, notice| Letter::new(to, cc, Notice::Answer(notice), Some("T/1"));
    let seat = |g: &Game, color, today: &str| Seat {
        game: Box::new(g.clone()),
        color,
        today: day(today),
    };
    let mut letters = vec![official(
        vec![ivanov(), petrov()],
        vec![],
        OfficialNotice::Opening {
            game: Box::new(game(league, &[])),
            today: day("2026-05-10"),
            tables_reached: false,
        },
    )];
    // White's first move with a note and the dates his mail states
    let first = game(league, &["5254"]);
    letters.push(compose::forward_with_note(
        t,
        spec,
        &first,
        vec![
            MoverNote::Dated {
                claimed: day("2026-05-09"),
                arrived: day("2026-05-10"),
            },
            MoverNote::Stated {
                ply: 0,
                what: Stated::Sending,
                said: Stamp::Day {
                    day: 9,
                    month: 5,
                    year: Some(2026),
                },
                record: Stamp::Day {
                    day: 10,
                    month: 5,
                    year: Some(2026),
                },
            },
            // a table's day, and a day the free form wrote without a year
            MoverNote::Stated {
                ply: 0,
                what: Stated::Sent,
                said: Stamp::TableDay { day: 9, month: 5 },
                record: Stamp::TableDay { day: 10, month: 5 },
            },
            MoverNote::Stated {
                ply: 0,
                what: Stated::Received,
                said: Stamp::Day {
                    day: 8,
                    month: 5,
                    year: None,
                },
                record: Stamp::Day {
                    day: 10,
                    month: 5,
                    year: Some(2026),
                },
            },
        ],
        &["Good luck!".to_string()],
    ));
    // Black's answer repeats White's move wrongly: a penalty
    let mut penalised = first.clone();
    penalised
        .apply(&Event::Penalty {
            side: Side::Black,
            days: 2,
            on: day("2026-05-12"),
            reason: PenaltyReason::WrongRepetition,
        })
        .unwrap();
    letters.push(answer(
        vec![petrov()],
        vec![],
        AnswerNotice::Refused {
            seat: seat(&penalised, Color::Black, "2026-05-12"),
            fault: Fault::WrongRepetition {
                wrote: "1. 4244".into(),
                ply: 0,
            },
            wrote: vec!["1. 4244".into(), "1... 5755".into()],
            penalty: 2,
        },
    ));
    // Black's leave, then his move after it
    let leave = Days {
        from: day("2026-05-20"),
        to: day("2026-05-24"),
    };
    let mut moved = game_with(league, [vec![], vec![leave]], &["5254"], 1);
    moved
        .apply(&Event::Penalty {
            side: Side::Black,
            days: 2,
            on: day("2026-05-12"),
            reason: PenaltyReason::WrongRepetition,
        })
        .unwrap();
    let leave_notice = |yours: bool| AnswerNotice::Leave {
        tournament: "T".into(),
        player: "petrov".into(),
        leave: Some((leave.from, leave.to)),
        by_director: false,
        late: None,
        told: Box::new(LeaveTold {
            on: day("2026-05-14"),
            games: vec!["T/1".into()],
        }),
        yours: yours.then(|| LeaveBalance {
            games: vec!["T/1".into()],
            left: vec![(2026, 25, 30)],
        }),
    };
    letters.push(Letter::new(
        vec![petrov()],
        vec![],
        Notice::Answer(leave_notice(true)),
        None,
    ));
    letters.push(Letter::new(
        vec![ivanov(), director()],
        vec![],
        Notice::Answer(leave_notice(false)),
        None,
    ));
    letters.push(Letter::new(
        vec![petrov()],
        vec![],
        Notice::Answer(AnswerNotice::LeaveRefused {
            tournament: "T".into(),
            refusal: Refusal::Overlaps(leave),
        }),
        None,
    ));
    letters.push(Letter::new(
        vec![ivanov()],
        vec![],
        Notice::Answer(AnswerNotice::Leave {
            tournament: "T".into(),
            player: "ivanov".into(),
            leave: Some((day("2026-05-30"), day("2026-06-02"))),
            by_director: false,
            late: Some(LateLeave {
                asked: day("2026-05-30"),
                announced: day("2026-06-01"),
            }),
            told: Box::new(LeaveTold {
                on: day("2026-06-01"),
                games: vec!["T/1".into()],
            }),
            yours: Some(LeaveBalance {
                games: vec!["T/1".into()],
                left: vec![(2026, 26, 30)],
            }),
        }),
        None,
    ));
    letters.push(official(
        vec![ivanov()],
        vec![],
        OfficialNotice::LeaveDay {
            game: Box::new(moved.clone()),
            color: Color::Black,
            from: leave.from,
            to: leave.to,
            begins: true,
            today: leave.from,
        },
    ));
    letters.push(answer(
        vec![ivanov()],
        vec![],
        AnswerNotice::NoMove {
            seat: seat(&moved, Color::White, "2026-05-15"),
            understood: vec![Understood::Command("status")],
            misplaced: vec![Misplaced::Quote],
            words: vec!["Is my deadline near?".into()],
            question: None,
        },
    ));
    letters.push(answer(
        vec![petrov()],
        vec![],
        AnswerNotice::Status {
            today: day("2026-05-15"),
            games: vec![moved.clone()],
        },
    ));
    letters.push(official(
        vec![petrov()],
        vec![director()],
        OfficialNotice::Reminder {
            game: Box::new(moved.clone()),
            waiting: 14,
            to_director: true,
            today: day("2026-05-25"),
        },
    ));
    letters.push(official(
        vec![petrov()],
        vec![],
        OfficialNotice::TimeWarning {
            game: Box::new(moved.clone()),
            today: day("2026-07-10"),
        },
    ));
    letters.push(official(
        vec![director()],
        vec![],
        OfficialNotice::Inactivity {
            game: Box::new(moved.clone()),
            waiting: 40,
            today: day("2026-06-25"),
        },
    ));
    // the overstep claimed, protested, confirmed after the protest days
    let claim_day = day("2026-07-20");
    let (against, control) = moved.overstep(&t.rules, claim_day).expect("an overstep");
    let decision = compose::claim_overstep(t, spec, &moved, against, control, claim_day);
    let claimed = compose::game_after(&moved, spec, &decision);
    letters.extend(decision.letters);
    let until = claimed
        .claim
        .as_ref()
        .expect("a claim")
        .protest_until(&t.rules);
    letters.push(official(
        vec![director()],
        vec![],
        OfficialNotice::Protest {
            game: Box::new(claimed.clone()),
            color: Color::Black,
            reasons: "I was ill.".into(),
            today: day("2026-07-22"),
        },
    ));
    letters.push(official(
        vec![petrov()],
        vec![],
        OfficialNotice::ProtestAnswer {
            game: Box::new(claimed.clone()),
            accepted: true,
            until: None,
            today: day("2026-07-22"),
        },
    ));
    letters.push(official(
        vec![director()],
        vec![],
        OfficialNotice::ConfirmHeld {
            game: Box::new(claimed.clone()),
            until,
            today: day("2026-07-21"),
        },
    ));
    letters.push(official(
        vec![ivanov(), petrov()],
        vec![director()],
        OfficialNotice::ClaimRejected {
            game: Box::new(moved.clone()),
            against: Color::Black,
            control: 10,
            interrupted: true,
            today: day("2026-07-25"),
        },
    ));
    letters.push(official(
        vec![ivanov(), petrov()],
        vec![director()],
        OfficialNotice::Penalty {
            game: Box::new(penalised.clone()),
            color: Color::Black,
            days: 2,
            today: day("2026-05-12"),
        },
    ));
    letters.push(official(
        vec![ivanov(), director()],
        vec![petrov()],
        OfficialNotice::LeaveGranted {
            tournament: "T".into(),
            player: "petrov".into(),
            from: leave.from,
            to: leave.to,
        },
    ));
    // the game drawn: the result, the director's report and table
    let mut drawn = game(league, &["5254", "5755", "7163"]);
    drawn
        .apply(&Event::Ended {
            result: GameResult::Draw,
            reason: EndReason::DrawAgreed,
            on: day("2026-05-13"),
        })
        .unwrap();
    letters.push(compose::result_with_note(
        t,
        spec,
        &drawn,
        Some((Color::Black, vec!["Thank you!".into()])),
    ));
    letters.push(official(
        vec![director()],
        vec![],
        OfficialNotice::Report {
            today: day("2026-05-14"),
            tournaments: vec![("T".into(), vec![drawn.clone()])],
        },
    ));
    // another course: the tournament ends, the game is adjudicated
    let mut adjudicated = game(league, &["5254", "5755"]);
    adjudicated
        .apply(&Event::AdjudicationOpened {
            on: day("2026-06-01"),
            reason: AdjudicationReason::End,
        })
        .unwrap();
    letters.push(Letter::new(
        vec![ivanov(), petrov()],
        vec![director()],
        Notice::Adjudication(AdjudicationNotice::Opened {
            game: Box::new(adjudicated.clone()),
            until: day("2026-06-15"),
            tables: None,
        }),
        Some("T/1"),
    ));
    adjudicated
        .apply(&Event::AdjudicationClaimed {
            side: Side::White,
            result: GameResult::WhiteWins,
            on: day("2026-06-04"),
        })
        .unwrap();
    letters.push(Letter::new(
        vec![director()],
        vec![ivanov()],
        Notice::Adjudication(AdjudicationNotice::Claimed {
            game: Box::new(adjudicated.clone()),
            color: Color::White,
            result: GameResult::WhiteWins,
            analysis: vec!["White is a pawn up.".into()],
        }),
        Some("T/1"),
    ));
    adjudicated
        .apply(&Event::Ended {
            result: GameResult::WhiteWins,
            reason: EndReason::Adjudication,
            on: day("2026-06-16"),
        })
        .unwrap();
    letters.push(Letter::new(
        vec![ivanov(), petrov()],
        vec![director()],
        Notice::Adjudication(AdjudicationNotice::Adjudicated {
            game: Box::new(adjudicated),
            until: day("2026-06-30"),
        }),
        Some("T/1"),
    ));
    // the daemon's own reports to the director
    letters.push(official(
        vec![director()],
        vec![],
        OfficialNotice::Bounced(Box::new(BounceReport {
            undelivered: vec!["petrov@example.test".into()],
            game: Some("T/1".into()),
            subject: "[T/1] Ivanov - Petrov: 1. 5254".into(),
            sent: chrono::DateTime::parse_from_rfc3339("2026-05-11T10:00:00Z")
                .ok()
                .map(|at| at.with_timezone(&chrono::Utc)),
            message_id: "<7.abc@arbiter.example.test>".into(),
            why: vec!["petrov@example.test: failed (Status: 5.1.1; Diagnostic-Code: smtp; 550 5.1.1 User unknown)".into()],
            summary: "Ivanov, Ivan - Petrov, Petr\n1. 5254".into(),
            key: "1700000000.M1P1.host".into(),
            from: "MAILER-DAEMON@example.test".into(),
        })),
    ));
    letters.push(official(
        vec![director()],
        vec![],
        OfficialNotice::NoMailAccess {
            address: "petrov@example.test".into(),
            players: vec!["Petr Petrov (T/petrov)".into()],
            player: "petrov".into(),
            since: day("2026-05-11"),
            days: 30,
        },
    ));
    letters.push(Letter::new(
        vec![petrov()],
        vec![],
        Notice::Help {
            tournament: "T".into(),
        },
        None,
    ));
    letters
}

/// The fixture's league with a Lithuanian White (Jonas Jonaitis) and
/// Black (Petras Petraitis), or German ones, and the director reading
/// their language.
fn league_in(lang: Lang) -> League {
    let mut league = in_language(&league(), lang);
    let t = &mut league.tournaments[0];
    let (white, black) = match lang.code() {
        "lt" => ("Jonaitis, Jonas", "Petraitis, Petras"),
        _ => ("Müller, Jürgen", "Schmidt, Hans"),
    };
    t.players[0].name = white.into();
    t.players[1].name = black.into();
    league
}

/// The whole game's mails for readers of `code`, checked to write one
/// date form and one decimal separator.
fn whole_game_told_in(code: &str) -> String {
    let lang = Lang::from_code(code).unwrap();
    let league = league_in(lang);
    let text = super::fixture::show(&league, &whole_game(&league));
    assert_eq!(faults(&text, lang), Vec::<String>::new());
    text
}

/// A whole game told to Lithuanian readers: one date form (2026-05-16,
/// 05-16 in a table), a decimal comma (the Sonneborn-Berger score); the
/// leave is ATOSTOGOS (III.7), the time control "10 ėjimų per 60 dienų",
/// the rules RAZŠ's; every mail golden.
#[test]
fn iii_7_a_whole_game_in_lithuanian_writes_one_date_form() {
    let text = whole_game_told_in("lt");
    for words in [
        "prasideda 2026-05-10",
        "---      05-10    0/00",
        "juodųjų atostogos: 2026-05-20 – 2026-05-24",
        "Bauda (juodieji): +2 dienos (2026-05-12)",
        "1-2  Jonaitis, Jonas    X  ½       ½         1  0,25",
        "Taisyklės: RAZŠ III skyrius (žaidimas el. paštu): 10 ėjimų per 60 dienų",
        "Subject: [T] Petraitis: atostogos",
        "Petras Petraitis atostogaus nuo 2026-05-20 iki 2026-05-24 imtinai.",
        "Atostogos taikomos partijai T/1.",
        "Atostogos nesuteiktos: jos persidengia su jūsų atostogomis 2026-05-20 – 2026-05-24.",
        "nebent išeisite atostogų.",
        "ATOSTOGOS 2026-07-01 2026-07-10 (LEAVE); ATOSTOGŲ PABAIGA (LEAVE END)",
        "ATOSTOGOS petrov 2026-05-10 2026-05-25 (LEAVE)",
        "Suprasta: BŪSENA (STATUS).",
        "išsiuntimo data 05-09, partijos įraše – 05-10",
        "gavimo data 05-08, partijos įraše – 2026-05-10",
        "Išsiųsta: 2026-05-11 10:00 UTC",
    ] {
        assert!(text.contains(words), "{words}:\n{text}");
    }
    for word in ["pertrauk", "RAZSh III skyrius", "10.05", "/05"] {
        assert!(
            !text.to_lowercase().contains(&word.to_lowercase()),
            "{word}:\n{text}"
        );
    }
    insta::assert_snapshot!("game_lt", text);
}

/// The same game told to German readers: 16.05.2026, a day of the table
/// 16.05., a decimal comma; the director's CONFIRM held for the protest
/// days said as his "Bestätigung" (III.6.4).
#[test]
fn iii_6_4_a_whole_game_in_german_writes_one_date_form() {
    let text = whole_game_told_in("de");
    for words in [
        "beginnt am 10.05.2026",
        "---    10.05. 0/00",
        "gesendet 09.05. laut Ihrer E-Mail, 10.05. laut Notation",
        "empfangen 08.05 laut Ihrer E-Mail, 10.05.2026 laut Notation",
        "1-2  Müller, Jürgen  X  ½       ½        1  0,25",
        "10 Züge in 60 Tagen",
        "Verstanden: STAND (STATUS).",
        "Ihre Bestätigung (CONFIRM) wird bis zum Ende der Einspruchsfrist zurückgestellt",
        "Ihre Bestätigung (BESTÄTIGT, CONFIRM) der Reklamation wegen Zeitüberschreitung in der Partie T/1 wird bis zum 03.08.2026 zurückgestellt",
        "Gesendet: 11.05.2026 10:00 UTC",
    ] {
        assert!(text.contains(words), "{words}:\n{text}");
    }
    insta::assert_snapshot!("game_de", text);
}

/// The mover reading another language than his opponent gets his own
/// copy of the forward, headed as a copy for his records.
#[test]
fn the_movers_own_copy_in_german_is_for_his_records() {
    let de = Lang::from_code("de").unwrap();
    let mut league = league();
    league.tournaments[0].players[0].language = de;
    let t = &league.tournaments[0];
    let after = game(&league, &["5254"]);
    let text = super::fixture::show(&league, &[compose::forward_mail(t, &t.games[0], &after)]);
    assert!(
        text.contains("Kopie für Ihre Partieunterlagen – Ihr an Petr Petrov weitergeleiteter Zug:"),
        "{text}"
    );
}

/// A Lithuanian time control: moves "per" days, the days in the case
/// "per" takes (III.4.3).
#[test]
fn iii_4_3_the_lithuanian_time_control_is_moves_per_days() {
    use crate::referee::rules::RuleSet;
    let lt = Lang::from_code("lt").unwrap();
    assert_eq!(
        super::officials::rules_summary(&RuleSet::email(), lt),
        "RAZŠ III skyrius (žaidimas el. paštu): 10 ėjimų per 60 dienų, nepanaudotas laikas kaupiamas; bauda 2 dienos"
    );
    assert!(super::officials::rules_summary(&RuleSet::postal(), lt)
        .starts_with("RAZŠ II skyrius (žaidimas paštu): 10 ėjimų per 30 dienų"));
}
