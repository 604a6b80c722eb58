//! The standings (issue 13 §3, command line and `STATUS`) and results
//! registered as the rules say (§6, III.9.1-9.2): a small round robin of
//! four players played to the end by mail, its crosstable with each
//! tie-break, the JSON, the director's `STATUS`, and the PGN of each
//! finished game sent to the director by itself.

mod common;

use common::game_mail as mail;
use common::*;

const T: &str = "RUS-EM-2026";
const TD: &str = "td@example.test";

/// The whole round robin: 1 Ivanov-Smirnov 1-0, 2 Petrov-Sidorov ½-½,
/// 3 Smirnov-Sidorov 1-0, 4 Ivanov-Petrov 0-1, 5 Petrov-Smirnov ½-½,
/// 6 Sidorov-Ivanov 0-1. Game 6 is left running when `all` is false.
fn played(extra: &str, all: bool) -> (Arena, Vec<Sent>) {
    let mut arena = Arena::new(&round_robin_config(extra));
    arena.run("2026-05-10");
    arena.new_sent();
    let mut sent = Vec::new();
    sent.extend(resign_game(
        &mut arena,
        1,
        "ivanov",
        "smirnov",
        "2026-05-11",
    ));
    sent.extend(draw_game(&mut arena, 2, "petrov", "sidorov", "2026-05-12"));
    sent.extend(resign_game(
        &mut arena,
        3,
        "smirnov",
        "sidorov",
        "2026-05-13",
    ));
    sent.extend(resign_game(&mut arena, 4, "ivanov", "ivanov", "2026-05-14"));
    sent.extend(draw_game(&mut arena, 5, "petrov", "smirnov", "2026-05-15"));
    if all {
        sent.extend(resign_game(
            &mut arena,
            6,
            "sidorov",
            "sidorov",
            "2026-05-16",
        ));
    } else {
        sent.extend(mail(&mut arena, 6, "sidorov", "1. d4", "2026-05-16"));
    }
    for (n, white, black) in [
        (1, "ivanov", "smirnov"),
        (2, "petrov", "sidorov"),
        (3, "smirnov", "sidorov"),
        (4, "ivanov", "petrov"),
        (5, "petrov", "smirnov"),
        (6, "sidorov", "ivanov"),
    ] {
        let json = arena.json(&format!("{T}/{n}"));
        assert_eq!(
            (
                json["players"]["white"].as_str(),
                json["players"]["black"].as_str()
            ),
            (Some(white), Some(black)),
            "the Berger pairing of game {n}"
        );
    }
    (arena, sent)
}

fn standings(arena: &Arena, args: &[&str]) -> String {
    let mut all = vec!["standings", "--today", "2026-05-20"];
    all.extend(args);
    let (code, out, err) = arena.cli(&all);
    assert_eq!(code, 0, "standings failed: {err}");
    out
}

/// The crosstable's lines, from the header to the legend.
fn table(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with('#'))
        .take_while(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn iii_9_standings_of_a_finished_round_robin_by_sonneborn_berger() {
    let (arena, _) = played("", true);
    let text = standings(&arena, &[]);
    assert!(
        text.starts_with("Test championship (RUS-EM-2026): standings as of 20.05.2026\n"),
        "{text}"
    );
    // Petrov and Ivanov have 2 points each: Petrov beat Ivanov (2 points)
    // and drew with Smirnov (1½) and Sidorov (½): SB 2 + 0.75 + 0.25 = 3;
    // Ivanov beat Smirnov and Sidorov: SB 1½ + ½ = 2
    assert_eq!(
        table(&text),
        [
            "#  Player          1  2  3  4  Points  Games   SB",
            "1  Petrov, Petr    X  1  ½  ½       2      3    3",
            "2  Ivanov, Ivan    0  X  1  1       2      3    2",
            "3  Smirnov, Semen  ½  0  X  1      1½      3  1.5",
            "4  Sidorov, Sidor  ½  0  0  X       ½      3    1",
            "Tie-break: Sonneborn-Berger (SB), the points of the opponents beaten plus half the points of those drawn.",
            "1 win, ½ draw, 0 loss, * not finished. 6 of 6 games finished, 6 results registered (III.9): a result is registered when the game's end is recorded and its PGN went to the director.",
        ],
        "{text}"
    );
    // every game's totals (a finished game has no days left), and the
    // result registered with its day
    assert!(
        text.contains(
            "[RUS-EM-2026/4] Ivan Ivanov - Petr Petrov: 1 move, finished 0-1; \
             White 4 days in all; Black 0 days in all; \
             result registered on 14.05.2026"
        ),
        "{text}"
    );
}

#[test]
fn standings_by_wins_and_without_a_tie_break_and_in_russian() {
    let (arena, _) = played("tie_break = \"wins\"", true);
    let text = standings(&arena, &[]);
    // Ivanov won two games, Petrov one
    assert_eq!(
        table(&text)[..3],
        [
            "#  Player          1  2  3  4  Points  Games  Wins",
            "1  Ivanov, Ivan    X  0  1  1       2      3     2",
            "2  Petrov, Petr    1  X  ½  ½       2      3     1",
        ],
        "{text}"
    );
    let (arena, _) = played("tie_break = \"none\"", true);
    let text = standings(&arena, &[]);
    assert_eq!(
        table(&text)[..3],
        [
            "#    Player          1  2  3  4  Points  Games",
            "1-2  Ivanov, Ivan    X  0  1  1       2      3",
            "1-2  Petrov, Petr    1  X  ½  ½       2      3",
        ],
        "{text}"
    );
    let text = standings(&arena, &["--lang", "ru"]);
    assert!(text.contains("турнирная таблица на 20.05.2026"), "{text}");
    assert!(table(&text)[0].contains("Участник"), "{text}");
    // an unknown tie-break is a config problem with its line
    let bad = Arena::new(&round_robin_config("tie_break = \"buchholz\""));
    let (code, _, err) = bad.cli(&["check"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown tie_break \"buchholz\""), "{err}");
}

#[test]
fn standings_json_and_a_game_in_progress() {
    let (arena, _) = played("", false);
    let text = standings(&arena, &["--tournament", "rus-em-2026"]);
    // game 6 goes on: Ivanov's and Sidorov's cells show it
    assert_eq!(
        table(&text)[..5],
        [
            "#  Player          1  2  3  4  Points  Games   SB",
            "1  Petrov, Petr    X  ½  1  ½       2      3    2",
            "2  Smirnov, Semen  ½  X  0  1      1½      3  1.5",
            "3  Ivanov, Ivan    0  1  X  *       1      2  1.5",
            "4  Sidorov, Sidor  ½  0  *  X       ½      2    1",
        ],
        "{text}"
    );
    assert!(
        text.contains("5 of 6 games finished, 5 results registered"),
        "{text}"
    );
    assert!(
        text.contains(
            "[RUS-EM-2026/6] Sidor Sidorov - Ivan Ivanov: 1 move, Black to move; \
             White 6 days / 54 left to move 10; Black 4 days / 56 left to move 10\n"
        ),
        "{text}"
    );
    let (code, out, err) = arena.cli(&["standings", "--json", "--today", "2026-05-20"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let t = &json["tournaments"][0];
    assert_eq!(t["id"], T);
    assert_eq!(t["tie_break"], "sonneborn-berger");
    assert_eq!(t["standings"][0]["player"], "petrov");
    assert_eq!(t["standings"][0]["points"], 2.0);
    assert_eq!(t["standings"][0]["tie_break"], 2.0);
    let ivanov = &t["standings"][2];
    assert_eq!(ivanov["player"], "ivanov");
    assert_eq!(ivanov["results"]["sidorov"][0], serde_json::Value::Null);
    assert_eq!(ivanov["results"]["smirnov"][0], 1.0);
    assert_eq!(ivanov["games"], 2);
    let game6 = &t["games"][5];
    assert_eq!(game6["id"], "RUS-EM-2026/6");
    assert_eq!(game6["to_move"], "black");
    assert_eq!(game6["registered"], false);
    assert_eq!(game6["clock"]["black"]["used"], 4);
    assert_eq!(game6["clock"]["black"]["left"], 56);
    assert_eq!(t["games"][0]["registered"], true);
    assert_eq!(t["games"][0]["registered_on"], "2026-05-11");
    let (code, _, err) = arena.cli(&["standings", "--tournament", "NOPE"]);
    assert_eq!(code, 1);
    assert!(err.contains("no tournament NOPE"), "{err}");
}

#[test]
fn iii_9_1_the_directors_status_carries_the_crosstable() {
    let (mut arena, _) = played("", true);
    let sent = arena.exchange(TD, "status", "STATUS", "2026-05-20");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    let report = &sent[0];
    assert!(report.is_to(&[TD], &[]), "{report:?}");
    // three of four players read English: the director too
    assert!(
        report
            .body
            .contains("1  Petrov, Petr    X  1  ½  ½       2      3    3"),
        "{}",
        report.body
    );
    assert!(
        report
            .body
            .contains("6 of 6 games finished, 6 results registered"),
        "{}",
        report.body
    );
    assert!(
        report
            .body
            .contains("[RUS-EM-2026/2] Petr Petrov - Sidor Sidorov"),
        "{}",
        report.body
    );
}

#[test]
fn iii_9_2_a_finished_games_pgn_goes_to_the_director_by_itself() {
    let (_, sent) = played("", true);
    // each of the six results reached the director, with the game's PGN
    // inline and as a file, every move with its date
    for n in 1..=6 {
        let tag = format!("[{T}/{n}]");
        let to_director: Vec<&Sent> = sent
            .iter()
            .filter(|m| m.about.contains(&tag) && m.is_to(&[TD], &[]))
            .filter(|m| !m.attachments.is_empty())
            .collect();
        assert_eq!(to_director.len(), 1, "game {n}: {sent:#?}");
        let mail = to_director[0];
        let (name, pgn) = &mail.attachments[0];
        assert_eq!(name, &format!("{T}-{n}.pgn"));
        assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
        assert!(
            pgn.contains("1. ") && pgn.contains("{[%ccsnt 2026.05."),
            "{pgn}"
        );
        assert!(mail.body.contains("[Mode \"EM\"]"), "{}", mail.body);
    }
}
