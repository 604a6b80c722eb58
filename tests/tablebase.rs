//! Tablebase claims (ICCF, DESIGN.md §9) through the real binary, with
//! real Syzygy tables (`tests/fixtures/syzygy`): `CLAIM WIN` and `CLAIM
//! DRAW`, alone and with a move, correct and wrong; a win the 50-move rule
//! spoils, under ICCF and under RAZSh; beyond the tables; claims off; the
//! player not to move; a damaged table; the word when the tables reach a
//! game; the adjudication mail with the tables' verdict; `check`. The
//! tables' answers are checked against python-chess's own prober.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

const SUBJECT: &str = "Re: [END/1] Ivanov - Petrov";
const WHITE: &str = "ivanov@example.test";
const BLACK: &str = "petrov@example.test";
const TD: &str = "td@example.test";

/// K+Q against K, White to move: a win.
const KQK: &str = "8/8/8/4k3/8/8/8/4K2Q w - - 0 60";
/// The same with 95 half-moves since the last capture or pawn move: the
/// win needs more than the 50-move rule leaves.
const KQK_CURSED: &str = "8/8/8/4k3/8/8/8/4K2Q w - - 95 60";
/// K+R against K+R, White to move: a draw.
const KRKR: &str = "8/8/8/4k3/r7/8/8/4K2R w - - 0 60";
/// K+Q against K+R: no table in the fixtures.
const KQKR: &str = "8/8/8/4k3/r7/8/8/4K2Q w - - 0 60";
/// Five pieces, Black to move: 60... Rxa5 leaves K+R against K+R.
const FIVE: &str = "r7/8/8/N3k3/8/8/8/4K2R b - - 0 60";

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/syzygy")
}

/// An endgame from `fen` under `rules` (a `rules = …` line and more),
/// both players reading English, with the tables of `tables`.
fn endgame_in(rules: &str, fen: &str, tables: &Path) -> Arena {
    opened(rules, fen, tables).0
}

/// [`endgame_in`], with the opening mails.
fn opened(rules: &str, fen: &str, tables: &Path) -> (Arena, Vec<Sent>) {
    let config = config_with(
        "END",
        "2026-05-10",
        "san",
        &format!("{rules}\nstart_position = \"{fen}\""),
        &[
            ("ivanov", "Ivanov, Ivan", WHITE, "en"),
            ("petrov", "Petrov, Petr", BLACK, "en"),
        ],
        &[("ivanov", "petrov")],
    )
    .replacen(
        "[gateway]\n",
        &format!("[gateway]\ntablebases = \"{}\"\n", tables.display()),
        1,
    );
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    let opening = arena.new_sent();
    (arena, opening)
}

fn endgame(rules: &str, fen: &str) -> Arena {
    endgame_in(rules, fen, &fixtures())
}

const ICCF: &str = "rules = \"iccf\"";
const RAZSH_WITH_CLAIMS: &str = "rules = { base = \"email\", tablebase_claims = true }";

fn body(mail: &Sent) -> String {
    mail.body.replace("\r\n", "\n").replace('\n', " ")
}

/// The mail To `to` (Cc `cc`) among `sent`.
fn mail_to<'a>(sent: &'a [Sent], to: &[&str], cc: &[&str]) -> &'a Sent {
    sent.iter()
        .find(|m| m.is_to(to, cc))
        .unwrap_or_else(|| panic!("no mail to {to:?} cc {cc:?}: {sent:#?}"))
}

/// The game ended with `result` by the tables: every player and the
/// director told, with the PGN.
fn assert_ended_by_tables(arena: &Arena, sent: &[Sent], result: &str) {
    let json = arena.json("END/1");
    assert_eq!(json["status"], "finished", "{json}");
    assert_eq!(json["result"], result, "{json}");
    assert_eq!(
        json["end_reason"], "a claim confirmed by the endgame tables",
        "{json}"
    );
    let results: Vec<&Sent> = sent
        .iter()
        .filter(|m| m.attachments.iter().any(|(name, _)| name.ends_with(".pgn")))
        .collect();
    let readers: Vec<&String> = results.iter().flat_map(|m| m.to.iter()).collect();
    for who in [WHITE, BLACK, TD] {
        assert!(
            readers.iter().any(|r| r.as_str() == who),
            "{who} gets the result with the PGN: {sent:#?}"
        );
    }
    assert!(
        results
            .iter()
            .all(|m| body(m).contains("a claim confirmed by the endgame tables")),
        "{results:#?}"
    );
}

/// The game goes on, nobody penalized.
fn assert_goes_on(arena: &Arena) {
    let json = arena.json("END/1");
    assert_eq!(json["status"], "in_progress", "{json}");
    assert_eq!(json["white"]["penalty_days"], 0, "{json}");
    assert_eq!(json["black"]["penalty_days"], 0, "{json}");
}

#[test]
fn iccf_a_correct_win_claim_alone_ends_the_game_one_nil() {
    let mut arena = endgame(ICCF, KQK);
    let sent = arena.exchange(WHITE, SUBJECT, "CLAIM WIN", "2026-05-11");
    assert_ended_by_tables(&arena, &sent, "1-0");
}

#[test]
fn iccf_a_wrong_win_claim_is_refused_without_penalty_saying_what_the_tables_give() {
    let mut arena = endgame(ICCF, KRKR);
    let sent = arena.exchange(WHITE, SUBJECT, "Claim win.", "2026-05-11");
    assert_eq!(sent.len(), 1, "{sent:#?}");
    let answer = mail_to(&sent, &[WHITE], &[]);
    assert!(answer.about.contains("claim refused"), "{}", answer.about);
    assert!(
        body(answer).contains(
            "Your claim of a win is refused: the endgame tables give a draw in this position. \
             A refused claim costs nothing; the game goes on, and you are to move."
        ),
        "{}",
        answer.body
    );
    assert_goes_on(&arena);
}

#[test]
fn iccf_a_correct_draw_claim_alone_ends_the_game_drawn() {
    let mut arena = endgame(ICCF, KRKR);
    let sent = arena.exchange(WHITE, SUBJECT, "CLAIM DRAW", "2026-05-11");
    assert_ended_by_tables(&arena, &sent, "1/2-1/2");
}

#[test]
fn iccf_a_wrong_draw_claim_in_a_won_position_is_refused() {
    let mut arena = endgame(ICCF, KQK);
    let sent = arena.exchange(WHITE, SUBJECT, "CLAIM DRAW", "2026-05-11");
    let answer = mail_to(&sent, &[WHITE], &[]);
    assert!(
        body(answer).contains(
            "Your claim of a draw is refused: the endgame tables give you a win in this position."
        ),
        "{}",
        answer.body
    );
    assert_goes_on(&arena);
}

/// The claim on the position after the claimant's move: the tables give
/// the partner, to move there, a loss.
#[test]
fn iccf_a_correct_win_claim_with_a_move_ends_the_game_after_the_move() {
    let mut arena = endgame(ICCF, KQK);
    // on the move's own line, after it, as a draw claim may be written
    let sent = arena.exchange(WHITE, SUBJECT, "60. Kd2 Claim win!", "2026-05-11");
    assert_ended_by_tables(&arena, &sent, "1-0");
    let json = arena.json("END/1");
    assert_eq!(json["moves"].as_array().unwrap().len(), 1, "{json}");
}

/// A wrong claim with a move: the move stands (as the Laws' draw claim
/// with a move) and goes to the partner; the claim is refused in the
/// mover's copy, without penalty.
#[test]
fn iccf_a_wrong_claim_with_a_move_leaves_the_move_standing() {
    let mut arena = endgame(ICCF, KQK);
    let sent = arena.exchange(WHITE, SUBJECT, "60. Qe4+\nCLAIM WIN", "2026-05-11");
    let forward = mail_to(&sent, &[BLACK], &[WHITE]);
    let text = body(forward);
    assert!(text.contains("60. Qe4+"), "{text}");
    assert!(
        text.contains(
            "Your claim of a win is refused: the endgame tables give a draw in the position \
             after your move. A refused claim costs nothing; your move stands and has gone to \
             your opponent."
        ),
        "{text}"
    );
    assert_goes_on(&arena);
    assert_eq!(arena.json("END/1")["moves"].as_array().unwrap().len(), 1);
}

#[test]
fn iccf_a_wrong_draw_claim_with_a_move_is_refused_and_the_move_stands() {
    let mut arena = endgame(ICCF, KQK);
    let sent = arena.exchange(WHITE, SUBJECT, "60. Kd2 CLAIM DRAW", "2026-05-11");
    let forward = mail_to(&sent, &[BLACK], &[WHITE]);
    assert!(
        body(forward).contains(
            "Your claim of a draw is refused: the endgame tables give you a win in the position \
             after your move."
        ),
        "{}",
        forward.body
    );
    assert_goes_on(&arena);
    assert_eq!(arena.json("END/1")["moves"].as_array().unwrap().len(), 1);
}

/// A win the 50-move rule spoils (the halfmove clock plus the distance to
/// the zeroing move pass 100 plies): a win under ICCF, a draw under RAZSh
/// with claims on. python-chess's prober is the oracle for the distance.
#[test]
fn iccf_wins_a_cursed_win_and_razsh_draws_it_by_the_fifty_move_rule() {
    if let Some(dtz) = python_dtz(KQK_CURSED) {
        assert!(dtz > 0 && dtz + 95 > 100, "python-chess: DTZ {dtz}");
    }
    let mut iccf = endgame(ICCF, KQK_CURSED);
    let sent = iccf.exchange(WHITE, SUBJECT, "CLAIM WIN", "2026-05-11");
    assert_ended_by_tables(&iccf, &sent, "1-0");

    let mut razsh = endgame(RAZSH_WITH_CLAIMS, KQK_CURSED);
    let sent = razsh.exchange(WHITE, SUBJECT, "CLAIM WIN", "2026-05-11");
    let answer = mail_to(&sent, &[WHITE], &[]);
    assert!(
        body(answer).contains(
            "the endgame tables give a draw in this position (the win takes longer than the \
             50-move rule allows, and the 50-move rule applies in this tournament)"
        ),
        "{}",
        answer.body
    );
    assert_goes_on(&razsh);
    // and the draw the rule gives is claimed there
    let sent = razsh.exchange(WHITE, SUBJECT, "CLAIM DRAW", "2026-05-12");
    assert_ended_by_tables(&razsh, &sent, "1/2-1/2");
}

/// K+Q against K+R: the fixtures hold no such table. The claim goes to
/// the director with the position and his commands; the claimant is told.
#[test]
fn a_claim_beyond_the_tables_goes_to_the_director() {
    let mut arena = endgame(ICCF, KQKR);
    let sent = arena.exchange(WHITE, SUBJECT, "CLAIM WIN", "2026-05-11");
    let answer = mail_to(&sent, &[WHITE], &[]);
    assert!(
        body(answer).contains(
            "The endgame tables do not decide your claim of a win here, so it has gone to the \
             director, who decides it."
        ),
        "{}",
        answer.body
    );
    let director = mail_to(&sent, &[TD], &[]);
    if std::env::var_os("SHOW_MAILS").is_some() {
        for m in &sent {
            eprintln!("=== {:?} {:?} {}\n{}", m.to, m.cc, m.about, m.body);
        }
    }
    let text = body(director);
    assert!(
        director.about.contains("tablebase claim to decide"),
        "{}",
        director.about
    );
    assert!(
        text.contains("Ivan Ivanov (White) claims a win in game END/1")
            && text.contains("the arbiter has no table for this material (4 pieces)")
            && text.contains(&format!("(FEN {KQKR})"))
            && text.contains("RESULT 1-0, RESULT 0-1 or RESULT 1/2-1/2"),
        "{text}"
    );
    assert_goes_on(&arena);
    // the director upholds it
    let sent = arena.exchange(TD, SUBJECT, "RESULT 1-0", "2026-05-12");
    assert!(!sent.is_empty());
    assert_eq!(arena.json("END/1")["result"], "1-0");
}

/// RAZSh has no tablebase claims: a claim in a position the tables hold
/// goes to the director all the same.
#[test]
fn with_claims_off_the_director_decides_the_claim() {
    let mut arena = endgame("rules = \"email\"", KQK);
    let sent = arena.exchange(WHITE, SUBJECT, "CLAIM WIN", "2026-05-11");
    let director = mail_to(&sent, &[TD], &[]);
    assert!(
        body(director).contains("this tournament's rules have no tablebase claims"),
        "{}",
        director.body
    );
    assert_goes_on(&arena);
}

#[test]
fn a_claim_by_the_player_not_to_move_is_refused() {
    let mut arena = endgame(ICCF, KRKR);
    let sent = arena.exchange(BLACK, SUBJECT, "CLAIM DRAW", "2026-05-11");
    let answer = mail_to(&sent, &[BLACK], &[]);
    assert!(
        body(answer)
            .contains("Your claim of a draw is refused: a claim is made by the player to move"),
        "{}",
        answer.body
    );
    assert_goes_on(&arena);
}

/// The usual start: 32 pieces, beyond any table.
#[test]
fn a_win_claim_in_the_middlegame_is_no_tablebase_claim() {
    let config = config_with(
        "END",
        "2026-05-10",
        "san",
        ICCF,
        &[
            ("ivanov", "Ivanov, Ivan", WHITE, "en"),
            ("petrov", "Petrov, Petr", BLACK, "en"),
        ],
        &[("ivanov", "petrov")],
    );
    let mut arena = Arena::new(&config);
    arena.run("2026-05-10");
    arena.new_sent();
    let sent = arena.exchange(WHITE, SUBJECT, "CLAIM WIN", "2026-05-11");
    let answer = mail_to(&sent, &[WHITE], &[]);
    assert!(
        body(answer)
            .contains("the position has 32 pieces, and no endgame table reaches more than 7"),
        "{}",
        answer.body
    );
}

/// A table whose file is damaged: the probe fails, the director decides.
#[test]
fn a_damaged_table_sends_the_claim_to_the_director() {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(fixtures()).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    for name in ["KQvK.rtbw", "KQvK.rtbz"] {
        let path = dir.path().join(name);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[..4].copy_from_slice(b"XXXX");
        std::fs::write(&path, bytes).unwrap();
    }
    let mut arena = endgame_in(ICCF, KQK, dir.path());
    let sent = arena.exchange(WHITE, SUBJECT, "CLAIM WIN", "2026-05-11");
    let director = mail_to(&sent, &[TD], &[]);
    assert!(
        body(director).contains("a table could not be read"),
        "{}",
        director.body
    );
    assert_goes_on(&arena);
}

/// A capture brings the game within the tables: both players are told
/// once; the drawn rook ending is then claimed.
#[test]
fn both_players_are_told_once_when_the_tables_reach_the_game() {
    let mut arena = endgame(ICCF, FIVE);
    let sent = arena.exchange(
        BLACK,
        "Re: [END/1] Ivanov - Petrov",
        "60... Rxa5",
        "2026-05-11",
    );
    let forward = mail_to(&sent, &[WHITE], &[BLACK]);
    let word = "The position now has 4 pieces and is within the endgame tables.";
    assert!(body(forward).contains(word), "{}", forward.body);
    let sent = arena.exchange(WHITE, SUBJECT, "60... Rxa5\n61. Rh2", "2026-05-12");
    let forward = mail_to(&sent, &[BLACK], &[WHITE]);
    assert!(!body(forward).contains(word), "once: {}", forward.body);
    let sent = arena.exchange(
        BLACK,
        SUBJECT,
        "61. Rh2\n61... Ra1+\nCLAIM DRAW",
        "2026-05-13",
    );
    assert_ended_by_tables(&arena, &sent, "1/2-1/2");
}

/// A game that starts within the tables: its opening mail says that a
/// claim may be made, where claims are on.
#[test]
fn a_game_starting_within_the_tables_is_told_so_in_its_opening_mail() {
    let word = "The position has 3 pieces and is within the endgame tables.";
    let (_, opening) = opened(ICCF, KQK, &fixtures());
    assert!(
        opening.iter().all(|m| body(m).contains(word)),
        "{opening:#?}"
    );
    let (_, opening) = opened("rules = \"email\"", KQK, &fixtures());
    assert!(
        opening.iter().all(|m| !body(m).contains(word)),
        "claims off: {opening:#?}"
    );
}

/// At the tournament's end the adjudication mail names what the tables
/// give, with the distance python-chess gives.
#[test]
fn iii_9_4_the_adjudication_mail_names_the_tables_verdict() {
    let mut arena = endgame(&format!("{ICCF}\nend = \"2026-05-20\""), KQK);
    arena.run("2026-05-20");
    let sent = arena.new_sent();
    let opened = sent
        .iter()
        .find(|m| m.about.contains("adjudication"))
        .unwrap_or_else(|| panic!("{sent:#?}"));
    let text = body(opened);
    assert!(
        text.contains(
            "The endgame tables reach this position. With White to move they give White a win"
        ),
        "{text}"
    );
    if let Some(dtz) = python_dtz(KQK) {
        assert!(
            text.contains(&format!(
                "the next capture, pawn move or mate coming in {dtz} half-moves with best play"
            )),
            "python-chess: DTZ {dtz}: {text}"
        );
    }
}

#[test]
fn check_says_how_many_tables_it_found_and_refuses_a_folder_without_any() {
    let arena = endgame(ICCF, KQK);
    let (code, out, err) = arena.cli(&["check"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!(
            "tablebases: 12 table file(s) in {}, up to 4 pieces",
            fixtures().display()
        )),
        "{out}"
    );
    let empty = tempfile::tempdir().unwrap();
    let config = std::fs::read_to_string(arena.path().join("mailarbiter.toml"))
        .unwrap()
        .replace(
            &fixtures().display().to_string(),
            &empty.path().display().to_string(),
        );
    std::fs::write(arena.path().join("mailarbiter.toml"), config).unwrap();
    let (code, out, err) = arena.cli(&["check"]);
    assert_ne!(code, 0, "{out}");
    assert!(
        err.contains(":2:") && err.contains("holds no Syzygy table"),
        "{err}"
    );
}

/// python-chess's DTZ of `fen`, the side to move's, if python-chess is
/// there (`tests/run.sh` installs it; `MAILARBITER_REQUIRE_PGN_TOOLS=1`
/// makes its absence a failure).
fn python_dtz(fen: &str) -> Option<i64> {
    let python = std::env::var("MAILARBITER_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = "import sys, chess, chess.syzygy\n\
                  with chess.syzygy.open_tablebase(sys.argv[1]) as tb:\n\
                  \x20   print(tb.probe_dtz(chess.Board(sys.argv[2])))\n";
    let out = Command::new(&python)
        .args(["-c", script])
        .arg(fixtures())
        .arg(fen)
        .output();
    match out {
        Ok(o) if o.status.success() => {
            Some(String::from_utf8_lossy(&o.stdout).trim().parse().unwrap())
        }
        _ => {
            if std::env::var("MAILARBITER_REQUIRE_PGN_TOOLS").as_deref() == Ok("1") {
                panic!("python-chess is required but {python} cannot probe the tables");
            }
            eprintln!("SKIPPED: python-chess not found; the oracle's checks are left out");
            None
        }
    }
}

/// The verdicts the referee decides claims by, against python-chess's own
/// prober of the same tables, on 400 random positions of the fixtures'
/// material (each side to move, a random halfmove clock): the result
/// under ICCF (a cursed win wins), the distance to the zeroing move, and
/// the result where the 50-move rule applies.
#[test]
fn the_tables_verdicts_agree_with_python_chess_on_random_endgames() {
    use mailarbiter::referee::endgame::{self, Outcome, Prober, Tables};
    use mailarbiter::referee::rules::find_preset;
    use shakmaty::fen::Fen;
    use shakmaty::{Board, Chess, Color, Piece, Position, Role, Square};
    use std::sync::Arc;

    let tables = Arc::new(mailarbiter::tablebase::Syzygy::open(&fixtures()).unwrap());
    let held = Tables(Some(tables.clone() as Arc<dyn Prober>));
    let iccf = find_preset("iccf").unwrap().rules.clone();
    let razsh = find_preset("razsh-email").unwrap().rules.clone();
    // a small deterministic generator: the same positions every run
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let materials: [&[(Color, Role)]; 4] = [
        &[(Color::White, Role::Queen)],
        &[(Color::White, Role::Rook)],
        &[(Color::White, Role::Pawn)],
        &[(Color::White, Role::Rook), (Color::Black, Role::Rook)],
    ];
    let mut positions: Vec<(Chess, String)> = Vec::new();
    while positions.len() < 400 {
        let mut board = Board::empty();
        let mut used = Vec::new();
        let mut place = |board: &mut Board, piece: Piece, next: &mut dyn FnMut(u64) -> u64| loop {
            let square = Square::new(next(64) as u32);
            let back_rank = matches!(
                square.rank(),
                shakmaty::Rank::First | shakmaty::Rank::Eighth
            );
            if used.contains(&square) || (piece.role == Role::Pawn && back_rank) {
                continue;
            }
            used.push(square);
            board.set_piece_at(square, piece);
            break;
        };
        place(&mut board, Color::White.king(), &mut next);
        place(&mut board, Color::Black.king(), &mut next);
        for (color, role) in materials[next(4) as usize] {
            place(
                &mut board,
                Piece {
                    color: *color,
                    role: *role,
                },
                &mut next,
            );
        }
        let turn = if next(2) == 0 { "w" } else { "b" };
        let fen = format!("{} {turn} - - {} 70", board.board_fen(), next(100));
        let Ok(position) = fen
            .parse::<Fen>()
            .unwrap()
            .into_position::<Chess>(shakmaty::CastlingMode::Standard)
        else {
            continue;
        };
        if position.is_game_over() {
            continue;
        }
        positions.push((position, fen));
    }
    let Some(oracle) = python_probe(
        &positions
            .iter()
            .map(|(_, f)| f.as_str())
            .collect::<Vec<_>>(),
    ) else {
        return;
    };
    let mut checked_cursed = 0;
    for ((position, fen), (wdl, dtz)) in positions.iter().zip(oracle) {
        let side = position.turn();
        let ours = endgame::verdict(&held, &iccf, position, side).unwrap();
        let expected = match wdl.signum() {
            1 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        };
        assert_eq!(ours.outcome, expected, "{fen}: python-chess WDL {wdl}");
        assert_eq!(
            u64::from(ours.zeroing),
            dtz.unsigned_abs(),
            "{fen}: python-chess DTZ {dtz}"
        );
        // the other side's view is the same result turned round
        let theirs = endgame::verdict(&held, &iccf, position, !side).unwrap();
        assert_eq!(theirs.outcome, ours.outcome.flip(), "{fen}");
        // where the 50-move rule applies: a win needing more plies than
        // the clock leaves is a draw
        let halfmoves = i64::from(position.halfmoves());
        if dtz != 0 && dtz.abs() + halfmoves != 100 {
            let fifty = endgame::verdict(&held, &razsh, position, side).unwrap();
            let expected = if dtz.abs() + halfmoves > 100 {
                checked_cursed += 1;
                Outcome::Draw
            } else {
                expected
            };
            assert_eq!(
                fifty.outcome, expected,
                "{fen}: DTZ {dtz}, halfmoves {halfmoves}"
            );
        }
    }
    assert!(checked_cursed > 0, "no position was cursed by its clock");
}

/// python-chess's WDL and DTZ of each FEN, in one process; `None` (the
/// check skipped with a message) without python-chess unless
/// `MAILARBITER_REQUIRE_PGN_TOOLS=1`.
fn python_probe(fens: &[&str]) -> Option<Vec<(i64, i64)>> {
    use std::io::Write;
    let python = std::env::var("MAILARBITER_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = "import sys, chess, chess.syzygy\n\
                  with chess.syzygy.open_tablebase(sys.argv[1]) as tb:\n\
                  \x20   for line in sys.stdin:\n\
                  \x20       b = chess.Board(line.strip())\n\
                  \x20       print(tb.probe_wdl(b), tb.probe_dtz(b))\n";
    let child = Command::new(&python)
        .args(["-c", script])
        .arg(fixtures())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let out = child.ok().and_then(|mut child| {
        let mut stdin = child.stdin.take()?;
        stdin.write_all(fens.join("\n").as_bytes()).ok()?;
        drop(stdin);
        child.wait_with_output().ok()
    });
    match out {
        Some(o) if o.status.success() => Some(
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .map(|l| {
                    let mut n = l.split(' ').map(|x| x.parse::<i64>().unwrap());
                    (n.next().unwrap(), n.next().unwrap())
                })
                .collect(),
        ),
        _ => {
            if std::env::var("MAILARBITER_REQUIRE_PGN_TOOLS").as_deref() == Ok("1") {
                panic!("python-chess is required but {python} cannot probe the tables");
            }
            eprintln!("SKIPPED: python-chess not found; the oracle's checks are left out");
            None
        }
    }
}
