//! Writing what people read: the standard form with dates and times
//! (App.3), the board, the move schedule (App.1), the ICCF PGN (App.4),
//! each in its reader's language, the words from the catalogs
//! (`locales/*/forms.ftl`). It stands on the referee's records; the
//! referee itself writes a move or a date with [`crate::referee::record`].

use crate::notation::{self, Notation};
use crate::referee::game::{EndReason, Game, MoveText, PenaltyReason, Ply};
pub use crate::referee::record::{date, numbered, ply_text};
use crate::referee::tournament::{Lang, Tournament};
use crate::t;
use chrono::NaiveDate;
use shakmaty::{Chess, Color, Move, Position, Role, Square};
use std::fmt::Write;

mod dates;
use dates::push_day_month;
pub use dates::{date_in, day_in, day_month_in, days_in, quarters_in};

/// Writes `n` (below 100) with two digits, as `{:02}` does.
fn push_two_digits(out: &mut String, n: u32) {
    debug_assert!(n < 100);
    out.push(char::from(b'0' + (n / 10 % 10) as u8));
    out.push(char::from(b'0' + (n % 10) as u8));
}

/// A move of the game as the tournament writes it, without an allocation
/// where it is short.
fn ply_str(game: &Game, index: usize, notation: Notation) -> MoveText {
    match notation {
        Notation::Numeric => {
            MoveText::new(crate::notation::numeric::Code::of(&game.plies[index].mv).as_str())
        }
        Notation::San => MoveText::new(game.san(index)),
        Notation::Ru => MoveText::new(&ply_text(game, index, notation)),
    }
}

/// Writes `n`, at least two digits, as `{:02}` does.
fn push_number(out: &mut String, n: u32) {
    if n < 100 {
        push_two_digits(out, n);
    } else {
        let _ = write!(out, "{n}");
    }
}

pub fn color_name(color: Color, lang: Lang) -> String {
    match color {
        Color::White => crate::t!(lang, "white"),
        Color::Black => crate::t!(lang, "black"),
    }
}

/// The catalog's key for a side, `white` or `black`: a sentence that
/// names the side to move words it in its own case ("Ход черных",
/// "Black to move", "Schwarz am Zug", "Eina juodieji").
pub fn side_key(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Moves `range` of an offered variant, numbered as a game record is
/// (`13. Nc3 Be7 14. Bd3`, `13... Be7 14. Bd3`).
pub fn variant_line(
    offer: &crate::referee::game::Offer,
    range: std::ops::Range<usize>,
    notation: Notation,
) -> String {
    let mut out = String::new();
    let first = range.start;
    for k in range {
        let (number, color) = offer.number_of(k);
        let text = notation::write_move(&offer.positions[k], &offer.moves[k], notation);
        if !out.is_empty() {
            out.push(' ');
        }
        match color {
            Color::White => {
                let _ = write!(out, "{number}. {text}");
            }
            Color::Black if k == first => {
                let _ = write!(out, "{number}... {text}");
            }
            Color::Black => out.push_str(&text),
        }
    }
    out
}

/// A move text as `lang`'s reader reads it: SAN in his piece letters
/// (`Žf3`, `Sf3`, `Кf3`); numeric and Russian long notation as written.
pub fn localized(text: &str, notation: Notation, lang: Lang) -> String {
    if notation == Notation::San {
        san_line_in(text, lang)
    } else {
        text.to_string()
    }
}

/// [`ply_text`] for a reader of `lang`.
pub fn ply_text_in(game: &Game, index: usize, notation: Notation, lang: Lang) -> String {
    localized(&ply_text(game, index, notation), notation, lang)
}

/// [`numbered`] for a reader of `lang`.
pub fn numbered_in(game: &Game, index: usize, notation: Notation, lang: Lang) -> String {
    localized(&numbered(game, index, notation), notation, lang)
}

/// `moves` played from `pos`, numbered (`13. 3234`, `12... Nf6 13. Nc3`),
/// for a reader of `lang`.
pub fn moves_line_in(pos: &Chess, moves: &[Move], notation: Notation, lang: Lang) -> String {
    let mut out = String::new();
    let mut pos = pos.clone();
    for (k, m) in moves.iter().enumerate() {
        let text = notation::write_move(&pos, m, notation);
        let number = pos.fullmoves().get();
        if !out.is_empty() {
            out.push(' ');
        }
        match pos.turn() {
            Color::White => {
                let _ = write!(out, "{number}. {text}");
            }
            Color::Black if k == 0 => {
                let _ = write!(out, "{number}... {text}");
            }
            Color::Black => out.push_str(&text),
        }
        match pos.play(*m) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
    }
    localized(&out, notation, lang)
}

/// [`variant_line`] for a reader of `lang`.
pub fn variant_line_in(
    offer: &crate::referee::game::Offer,
    range: std::ops::Range<usize>,
    notation: Notation,
    lang: Lang,
) -> String {
    localized(&variant_line(offer, range, notation), notation, lang)
}

/// The standard form (App.3): header, then one row per move number with
/// White's received, sent and time on the left and Black's on the right.
/// The labels come from the catalogs (`forms.ftl`).
pub fn standard_form(t: &Tournament, game: &Game, lang: Lang) -> String {
    let white = t.player_of(&game.spec, Color::White);
    let black = t.player_of(&game.spec, Color::Black);
    let mut out = String::new();
    let rows = [
        (
            t!(lang, "form-tournament"),
            format!("{} ({})", t.name, t.id),
        ),
        (t!(lang, "form-start"), date_in(t.start, lang)),
        (t!(lang, "form-white"), white.name.clone()),
        (t!(lang, "form-black"), black.name.clone()),
        (t!(lang, "form-game"), game.id().to_string()),
    ];
    // the labels' column: 12 wide, wider for a language's longer labels
    let label_width = rows
        .iter()
        .map(|(label, _)| label.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(12);
    for (label, value) in rows {
        let _ = writeln!(out, "{label:<label_width$}{value}");
    }
    out.push('\n');
    // SAN in the reader's piece letters (English needs no copy)
    let texts: Vec<MoveText> = (0..game.plies.len())
        .map(|i| match (t.notation, lang == Lang::En) {
            (Notation::San, false) => MoveText::new(&san_in(game.san(i), lang)),
            _ => ply_str(game, i, t.notation),
        })
        .collect();
    let w = texts
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(4)
        .max(6);
    let (rec, sent, tm, n, wh, bl) = (
        t!(lang, "form-received"),
        t!(lang, "form-sent"),
        t!(lang, "form-time"),
        t!(lang, "form-number"),
        t!(lang, "form-white"),
        t!(lang, "form-black"),
    );
    // the date and time columns: 6 wide, wider for longer headings or a
    // longer day (`16.05.`)
    let day_width =
        NaiveDate::from_ymd_opt(2026, 12, 31).map_or(5, |d| day_month_in(d, lang).chars().count());
    let c = [&rec, &sent, &tm]
        .iter()
        .map(|h| h.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(day_width + 1)
        .max(6);
    let w = w.max(wh.chars().count()).max(bl.chars().count());
    let _ = writeln!(
        out,
        "{rec:<c$}{sent:<c$}{tm:<c$} {n:<4} {wh:<w$} {bl:<w$}  {rec:<c$}{sent:<c$}{tm}"
    );
    // `s` then spaces up to `width` characters
    let pad = |line: &mut String, s: &str, width: usize| {
        line.push_str(s);
        for _ in s.chars().count()..width {
            line.push(' ');
        }
    };
    // a cell of the form: `text` left-aligned in `c` columns
    let cell = |line: &mut String, text: &dyn Fn(&mut String)| {
        let at = line.len();
        text(line);
        let written = line[at..].chars().count();
        for _ in written..c {
            line.push(' ');
        }
    };
    let time = |line: &mut String, ply: &Ply| {
        if ply.days < 10 {
            line.push(char::from(b'0' + ply.days as u8));
        } else {
            let _ = write!(line, "{}", ply.days);
        }
        line.push('/');
        push_number(line, ply.total);
    };
    out.reserve(game.plies.len() * (40 + 2 * w));
    let mut line = String::new();
    for (i, ply) in game.plies.iter().enumerate() {
        if ply.color == Color::Black && i > 0 {
            continue;
        }
        line.clear();
        if ply.color == Color::White {
            if i == 0 {
                cell(&mut line, &|l| l.push_str("---"));
            } else {
                cell(&mut line, &|l| push_day_month(l, ply.received, lang));
            }
            cell(&mut line, &|l| push_day_month(l, ply.sent, lang));
            cell(&mut line, &|l| time(l, ply));
            line.push(' ');
            let at = line.len();
            push_number(&mut line, ply.number);
            line.push('.');
            for _ in line.len() - at..4 {
                line.push(' ');
            }
            line.push(' ');
            pad(&mut line, &texts[i], w);
            line.push(' ');
        } else {
            line.push_str(&" ".repeat(3 * c));
            line.push(' ');
            let at = line.len();
            push_number(&mut line, ply.number);
            line.push_str("...");
            for _ in line.len() - at..4 {
                line.push(' ');
            }
            line.push(' ');
            pad(&mut line, "", w);
            line.push(' ');
        }
        let black_index = if ply.color == Color::White { i + 1 } else { i };
        if let Some(b) = game
            .plies
            .get(black_index)
            .filter(|b| b.color == Color::Black)
        {
            pad(&mut line, &texts[black_index], w);
            line.push_str("  ");
            cell(&mut line, &|l| push_day_month(l, b.received, lang));
            cell(&mut line, &|l| push_day_month(l, b.sent, lang));
            time(&mut line, b);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "\n{}",
        t!(
            lang,
            "form-total",
            white = game.total(Color::White),
            black = game.total(Color::Black)
        )
    );
    // a loss on time: the days of the move awaited that the claim counted,
    // in the loser's total though no move of his holds them (III.6.6)
    if let Some(f) = game.forfeit.filter(|f| f.days > 0) {
        let side = match f.color {
            Color::White => "white",
            Color::Black => "black",
        };
        let _ = writeln!(
            out,
            "{}",
            t!(
                lang,
                "form-forfeit",
                side = side,
                days = f.days,
                date = date_in(f.counted_to, lang)
            )
        );
    }
    // the penalty days in those totals, each where it fell (App.3's
    // remarks), and the leaves, whose days count for nobody
    out.push_str(&penalty_lines(game, lang));
    let leaves = |color| {
        let list: Vec<String> = game
            .leaves(color)
            .iter()
            .map(|l| days_in(l.from, l.to, lang))
            .collect();
        if list.is_empty() {
            "—".to_string()
        } else {
            list.join(", ")
        }
    };
    if !game.leaves(Color::White).is_empty() || !game.leaves(Color::Black).is_empty() {
        let _ = writeln!(
            out,
            "{}",
            t!(
                lang,
                "form-leaves",
                white = leaves(Color::White),
                black = leaves(Color::Black)
            )
        );
    }
    let variant: Vec<String> = (0..game.plies.len())
        .filter(|i| game.plies[*i].variant)
        .map(|i| numbered_in(game, i, t.notation, lang))
        .collect();
    if !variant.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            t!(
                lang,
                "form-variant",
                moves = variant.join(", "),
                article = t
                    .rules
                    .article_of(crate::referee::rules::Article::VariantTime)
            )
        );
    }
    let conditional: Vec<String> = (0..game.plies.len())
        .filter(|i| game.plies[*i].conditional)
        .map(|i| numbered_in(game, i, t.notation, lang))
        .collect();
    if !conditional.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            t!(lang, "form-conditional", moves = conditional.join(", "))
        );
    }
    out
}

/// The letter of a piece in `lang`: upper case White, lower case Black
/// (`Кр`, `кр` in Russian, as the Russian notation writes them).
fn piece_letter(piece: shakmaty::Piece, lang: Lang) -> String {
    let white = match piece.role {
        Role::King => t!(lang, "piece-king"),
        Role::Queen => t!(lang, "piece-queen"),
        Role::Rook => t!(lang, "piece-rook"),
        Role::Bishop => t!(lang, "piece-bishop"),
        Role::Knight => t!(lang, "piece-knight"),
        Role::Pawn => t!(lang, "piece-pawn"),
    };
    match piece.color {
        Color::White => white,
        Color::Black => white.to_lowercase(),
    }
}

/// A board diagram, White at the bottom; upper case White, lower case
/// Black, with the piece letters of `lang` (a column is as wide as the
/// longest letter: `Кр` makes the Russian board two characters a square).
pub fn board(pos: &Chess, lang: Lang) -> String {
    board_from(pos, lang, Color::White)
}

/// The game's diagram from `side`, and the last move made on it, from
/// square to square (`e7-e5`; castling as the king's move), which the HTML
/// part marks on the board.
pub fn game_board(game: &Game, lang: Lang, side: Color) -> String {
    // a finished game has no side to move
    let mut out = diagram(game.position(), lang, side, game.ending.is_none());
    if let Some(ply) = game.plies.last() {
        if let Some(from) = ply.mv.from() {
            let to = crate::notation::destination(&ply.mv);
            let _ = writeln!(
                out,
                "    {}",
                t!(lang, "board-last-move", squares = format!("{from}-{to}"))
            );
        }
    }
    out
}

/// The diagram as the player of `side` sits at it: from Black's side the
/// ranks run 1 to 8 down the page and the files h to a.
pub fn board_from(pos: &Chess, lang: Lang, side: Color) -> String {
    diagram(pos, lang, side, true)
}

/// The diagram from `side`, with the side to move when `turn`.
fn diagram(pos: &Chess, lang: Lang, side: Color, turn: bool) -> String {
    // the twelve letters, looked up once: [Black, White] × Role (pawn first)
    let letters: [[String; 6]; 2] = [Color::Black, Color::White]
        .map(|color| Role::ALL.map(|role| piece_letter(role.of(color), lang)));
    let letter = |piece: shakmaty::Piece| {
        let side = usize::from(piece.color == Color::White);
        letters[side][Role::ALL.iter().position(|&r| r == piece.role).unwrap_or(0)].as_str()
    };
    let width = letters[1]
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1);
    // `s` then spaces to the column's width and one more
    let cell = |out: &mut String, s: &str| {
        out.push_str(s);
        for _ in s.chars().count()..=width {
            out.push(' ');
        }
    };
    let order: Vec<u32> = match side {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let mut files = String::from("    ");
    for &f in &order {
        let name = char::from(b'a' + f as u8);
        cell(&mut files, name.encode_utf8(&mut [0; 4]));
    }
    files.truncate(files.trim_end().len());
    files.push('\n');
    let mut out = String::with_capacity(files.len() * 12 + 256);
    out.push_str(&files);
    for &rank in order.iter().rev() {
        let _ = write!(out, " {}  ", rank + 1);
        for &file in &order {
            let sq = Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            cell(&mut out, pos.board().piece_at(sq).map_or(".", letter));
        }
        let _ = writeln!(out, " {}", rank + 1);
    }
    out.push_str(&files);
    let _ = writeln!(out, "    {}", t!(lang, "board-legend"));
    if turn {
        let to_move = side_key(pos.turn());
        let _ = writeln!(out, "    {}", t!(lang, "board-to-move", color = to_move));
    }
    out
}

/// The PGN `Termination` of a game (PGN standard 9.8.1): `unterminated`
/// while it goes on.
pub fn termination(game: &Game) -> &'static str {
    match game.ending.map(|e| e.reason) {
        None => "unterminated",
        Some(EndReason::TimeForfeit) => "time forfeit",
        Some(EndReason::Adjudication | EndReason::Tablebase) => "adjudication",
        Some(EndReason::Withdrawal | EndReason::Cancelled) => "abandoned",
        Some(
            EndReason::Checkmate
            | EndReason::Stalemate
            | EndReason::InsufficientMaterial
            | EndReason::Resignation
            | EndReason::DrawAgreed
            | EndReason::ClaimsAgreed
            | EndReason::ThreefoldRepetition
            | EndReason::FiftyMoves
            | EndReason::FivefoldRepetition
            | EndReason::SeventyFiveMoves,
        ) => "normal",
    }
}

/// `2026.05.14`, as PGN writes dates.
pub fn pgn_date(d: NaiveDate) -> String {
    d.format("%Y.%m.%d").to_string()
}

/// Text for a PGN comment: braces would end it early.
fn comment_text(s: &str) -> String {
    s.replace('{', "(").replace('}', ")")
}

/// Where the games of a tournament under `rules` are played, for its
/// PGN's `Site`: ICCF's words ("ICCF Email", postal "ICCF") only for an
/// event under ICCF's rules; any other is played at the arbiter, named
/// as the players read him (`[gateway] name`, `arbiter`).
pub fn site_of(rules: &crate::referee::rules::RuleSet, arbiter: &str) -> String {
    match (rules.cites.as_deref(), rules.kind) {
        (Some("iccf"), crate::referee::rules::RuleKind::Email) => "ICCF Email".into(),
        (Some("iccf"), crate::referee::rules::RuleKind::Postal) => "ICCF".into(),
        _ => arbiter.to_string(),
    }
}

/// The tags that name a game, as its PGN writes them and Xfcc's
/// `GetMyGames` tells them: one record, made here only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// The tournament's code (`RUS-EM-2026`).
    pub event: String,
    pub site: String,
    /// The tournament's start, `YYYY.MM.DD`.
    pub date: String,
    /// `?`: a tournament here has no rounds.
    pub round: String,
    /// `Surname, Name`.
    pub white: String,
    pub black: String,
    /// The players' countries as the config writes them (`RUS`); empty
    /// when not known.
    pub white_country: String,
    pub black_country: String,
    /// The FEN of the game's start position when it is not the usual one
    /// (PGN `SetUp "1"` and `FEN`, Xfcc `setup` and `fen`).
    pub fen: Option<String>,
}

/// The [`Heading`] of the game `spec` of `t`.
pub fn heading(t: &Tournament, spec: &crate::referee::tournament::GameSpec) -> Heading {
    let white = t.player_of(spec, Color::White);
    let black = t.player_of(spec, Color::Black);
    Heading {
        event: t.id.clone(),
        site: t.site.clone(),
        date: pgn_date(t.start),
        round: "?".into(),
        white: white.name.clone(),
        black: black.name.clone(),
        white_country: white.country.clone(),
        black_country: black.country.clone(),
        fen: spec.start.as_ref().map(|s| s.fen().to_string()),
    }
}

/// The ICCF PGN of the game (RULES.md §9, App.4), as correspondence
/// programs read it: the seven-tag roster in its order, `SetUp "1"` and
/// `FEN` for a game from a start position, then `PlyCount`,
/// `EventDate`, `TimeControl` in the PGN standard's syntax (moves/seconds of
/// one control; the controls repeat, cumulatively), the rule set in words
/// (`Rules`, not a standard tag), `Mode "EM"`, `Termination`, and the
/// players' addresses (`WhiteNA`/`BlackNA`) only when the tournament
/// publishes them. Every move carries the day it was sent,
/// `{[%ccsnt 2026.05.14]}` (ICCF's comment, read by Scid and Scidb); a
/// move the opponent received on another day (held during a suspension,
/// III.6.3) says so, a move of an accepted variant is marked `variant`,
/// and penalties stand as comments where they fell: before the first move
/// sent after their day, or before the penalised side's move of that day.
pub fn pgn(t: &Tournament, game: &Game) -> String {
    let white = t.player_of(&game.spec, Color::White);
    let black = t.player_of(&game.spec, Color::Black);
    let head = heading(t, &game.spec);
    let mut out = String::new();
    let mut tags = vec![
        ("Event", head.event),
        ("Site", head.site),
        ("Date", head.date.clone()),
        ("Round", head.round),
        ("White", head.white),
        ("Black", head.black),
        ("Result", game.result_str().to_string()),
    ];
    if let Some(fen) = head.fen {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", fen));
    }
    if !head.white_country.is_empty() {
        tags.push(("WhiteCountry", head.white_country));
    }
    if !head.black_country.is_empty() {
        tags.push(("BlackCountry", head.black_country));
    }
    tags.extend([
        ("PlyCount", game.plies.len().to_string()),
        ("EventDate", head.date),
        ("TimeControl", t.rules.pgn_time_control()),
        ("Rules", t.rules.summary()),
        ("Mode", "EM".to_string()),
        ("Termination", termination(game).to_string()),
    ]);
    if t.publish_addresses {
        tags.push(("WhiteNA", white.address().to_string()));
        tags.push(("BlackNA", black.address().to_string()));
    }
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    }
    out.push('\n');
    let penalty = |p: &crate::referee::game::Penalty| {
        let side = match p.color {
            Color::White => "White",
            Color::Black => "Black",
        };
        format!(
            "{{penalty {side} {} day{} on {} ({})}}",
            p.days,
            if p.days == 1 { "" } else { "s" },
            pgn_date(p.on),
            comment_text(&penalty_reason(&p.reason, Lang::En))
        )
    };
    // A move number stays on the line of its move; after a comment, Black's
    // move is numbered again (`1... e5`), as the export format asks.
    let mut words: Vec<String> = Vec::new();
    let mut penalties = game.penalties.iter().peekable();
    for (i, ply) in game.plies.iter().enumerate() {
        // penalties given before this move was sent: on an earlier day, or
        // the mover's own on the same day (a mail refused before this one)
        while let Some(p) =
            penalties.next_if(|p| p.on < ply.sent || (p.on == ply.sent && p.color == ply.color))
        {
            words.push(penalty(p));
        }
        let after_comment = words.last().is_some_and(|w| w.ends_with('}'));
        words.push(match ply.color {
            Color::White => format!("{}. {}", ply.number, game.san(i)),
            Color::Black if i == 0 || after_comment => format!("{}... {}", ply.number, game.san(i)),
            Color::Black => game.san(i).to_string(),
        });
        let mut comment = format!("{{[%ccsnt {}]", pgn_date(ply.sent));
        if ply.variant {
            // a move of an accepted variant, with the day it was made (III.4.6)
            comment.push_str(" variant");
        }
        if ply.conditional {
            // played from its owner's hidden conditional series, no days
            comment.push_str(" conditional");
        }
        if ply.forwarded != ply.sent {
            let _ = write!(
                comment,
                " held, forwarded and received {}",
                pgn_date(ply.forwarded)
            );
        }
        if ply.draw_offer {
            comment.push_str(" (=)");
        }
        comment.push('}');
        // a move and its comment stay on one line
        if let Some(last) = words.last_mut() {
            last.push(' ');
            last.push_str(&comment);
        }
    }
    // penalties after the last move
    words.extend(penalties.map(penalty));
    words.push(game.result_str().to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The move schedule (App.1): per move number, both sides' move, dates,
/// days and totals, and remarks. The words come from the catalogs.
pub fn schedule(t: &Tournament, game: &Game, lang: Lang) -> String {
    let mut out = String::new();
    let white = t.player_of(&game.spec, Color::White);
    let black = t.player_of(&game.spec, Color::Black);
    let _ = writeln!(
        out,
        "{}\n{} {}\n{} {}\n",
        t!(
            lang,
            "schedule-title",
            game = game.id(),
            tournament = &t.name
        ),
        t!(lang, "form-white"),
        white.name,
        t!(lang, "form-black"),
        black.name
    );
    let (mv, rec, sent, days, total, remarks) = (
        t!(lang, "schedule-move"),
        t!(lang, "schedule-received"),
        t!(lang, "schedule-sent"),
        t!(lang, "schedule-days"),
        t!(lang, "schedule-total"),
        t!(lang, "schedule-remarks"),
    );
    let _ = writeln!(
        out,
        "{:>3}  {mv:<8}{rec:<11}{sent:<11}{days:>6}{total:>6}  {mv:<8}{rec:<11}{sent:<11}{days:>6}{total:>6}  {remarks}",
        "N"
    );
    let side = |p: &Ply, text: String| {
        format!(
            "{text:<8}{:<11}{:<11}{:>6}{:>6}",
            date_in(p.received, lang),
            date_in(p.sent, lang),
            p.days,
            p.total
        )
    };
    let side_name = |c: Color| match c {
        Color::White => t!(lang, "white"),
        Color::Black => t!(lang, "black"),
    };
    // each side's moves counted so far, for the row of its reset
    let mut made = [0u32; 2];
    let mut i = 0;
    while i < game.plies.len() {
        let ply = &game.plies[i];
        let start = i;
        let mut row = format!("{:>3}  ", ply.number);
        let mut notes = Vec::new();
        if ply.color == Color::White {
            row.push_str(&side(ply, ply_text_in(game, i, t.notation, lang)));
            i += 1;
        } else {
            row.push_str(&" ".repeat(42));
        }
        row.push_str("  ");
        if let Some(b) = game.plies.get(i).filter(|b| b.color == Color::Black) {
            row.push_str(&side(b, ply_text_in(game, i, t.notation, lang)));
            i += 1;
        } else {
            row.push_str(&" ".repeat(42));
        }
        // the remarks: a draw offer; the penalties and the leaves that fell
        // in the time the move was thought over (App.1)
        for p in &game.plies[start..i] {
            let side_made = &mut made[usize::from(p.color == Color::Black)];
            *side_made += 1;
            if p.draw_offer {
                notes.push(format!("{} (=)", side_name(p.color)));
            }
            if let Some((_, total)) = game.reset(p.color).filter(|(after, _)| after == side_made) {
                notes.push(t!(
                    lang,
                    "schedule-remark-reset",
                    color = side_name(p.color),
                    article = t
                        .rules
                        .article_in(crate::referee::rules::Article::OverstepReset, lang),
                    total = total
                ));
            }
            for pen in &game.penalties {
                if pen.color == p.color && p.received <= pen.on && pen.on <= p.sent {
                    notes.push(t!(
                        lang,
                        "schedule-remark-penalty",
                        color = side_name(p.color),
                        days = pen.days,
                        date = date_in(pen.on, lang)
                    ));
                }
            }
            for l in game.leaves(p.color) {
                if l.from <= p.sent && p.received <= l.to {
                    notes.push(t!(
                        lang,
                        "schedule-remark-leave",
                        color = side_name(p.color),
                        from = date_in(l.from, lang),
                        to = date_in(l.to, lang)
                    ));
                }
            }
        }
        let _ = writeln!(out, "{}  {}", row.trim_end(), notes.join("; "));
    }
    out.push_str(&penalty_lines(game, lang));
    if let Some(end) = game.ending {
        let _ = writeln!(
            out,
            "{}",
            t!(
                lang,
                "schedule-result",
                result = end.result.as_str(),
                reason = end_reason(end.reason, lang)
            )
        );
    }
    out
}

/// Why a game ended, in `lang`.
/// A line for each penalty of the game: its side, days, day and reason.
fn penalty_lines(game: &Game, lang: Lang) -> String {
    let mut out = String::new();
    for p in &game.penalties {
        let _ = writeln!(
            out,
            "{}",
            t!(
                lang,
                "schedule-penalty",
                color = color_name(p.color, lang),
                days = p.days,
                date = date_in(p.on, lang),
                reason = penalty_reason(&p.reason, lang)
            )
        );
    }
    out
}

/// A SAN move (`Nf3`, `exd8=Q+`, `O-O`) in the reader's piece letters
/// (`Кf3`, `exd8=Ф+`, `0-0` in Russian), from the catalog's board letters.
pub fn san_in(san: &str, lang: Lang) -> String {
    let letter = |c: char| {
        let id = match c {
            'K' => "piece-king",
            'Q' => "piece-queen",
            'R' => "piece-rook",
            'B' => "piece-bishop",
            'N' => "piece-knight",
            _ => return None,
        };
        Some(t!(lang, id))
    };
    if let Some(rest) = san.strip_prefix("O-O-O") {
        return format!("{}{rest}", t!(lang, "castling-long"));
    }
    if let Some(rest) = san.strip_prefix("O-O") {
        return format!("{}{rest}", t!(lang, "castling-short"));
    }
    let mut out = String::with_capacity(san.len() + 4);
    let mut after_promotion = false;
    for (i, c) in san.chars().enumerate() {
        match letter(c) {
            Some(l) if i == 0 || after_promotion => out.push_str(&l),
            _ => out.push(c),
        }
        after_promotion = c == '=';
    }
    out
}

/// A line of numbered SAN moves (`1. e4 e5 2. Nf3`) in the reader's
/// piece letters: each move as [`san_in`] writes it.
pub fn san_line_in(line: &str, lang: Lang) -> String {
    line.split(' ')
        .map(|w| san_in(w, lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why penalty days were given, in the reader's language; a reason an
/// older version stored in other words is shown as it is.
pub fn penalty_reason(reason: &PenaltyReason, lang: Lang) -> String {
    match reason {
        PenaltyReason::Other(text) => text.clone(),
        known => t!(lang, "penalty-reason", reason = known.code()),
    }
}

pub fn end_reason(reason: EndReason, lang: Lang) -> String {
    let key = match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::InsufficientMaterial => "insufficient-material",
        EndReason::Resignation => "resignation",
        EndReason::DrawAgreed => "draw-agreed",
        EndReason::ThreefoldRepetition => "threefold",
        EndReason::FiftyMoves => "fifty-moves",
        EndReason::FivefoldRepetition => "fivefold",
        EndReason::SeventyFiveMoves => "seventy-five-moves",
        EndReason::TimeForfeit => "time-forfeit",
        EndReason::Adjudication => "adjudication",
        EndReason::Tablebase => "tablebase",
        EndReason::ClaimsAgreed => "claims-agreed",
        EndReason::Withdrawal => "withdrawal",
        EndReason::Cancelled => "cancelled",
    };
    t!(lang, "end-reason", reason = key)
}

/// Why a move is impossible, in the reader's language.
pub fn impossibility(reason: &crate::notation::Impossibility, lang: Lang) -> String {
    use crate::notation::Impossibility as I;
    let piece = |role: Role| t!(lang, "piece-name", role = crate::notation::role_name(role));
    let side = |c: Color| match c {
        Color::White => "white",
        Color::Black => "black",
    };
    match reason {
        I::Castling(castling) => {
            let key = match castling {
                shakmaty::CastlingSide::KingSide => "short",
                shakmaty::CastlingSide::QueenSide => "long",
            };
            t!(lang, "impossible-castling", side = key)
        }
        I::NoPiece(sq) => t!(lang, "impossible-no-piece", square = sq.to_string()),
        I::NotYours(sq, c) => t!(
            lang,
            "impossible-not-yours",
            square = sq.to_string(),
            color = side(*c)
        ),
        I::OtherPiece(sq, role) => t!(
            lang,
            "impossible-other-piece",
            square = sq.to_string(),
            piece = piece(*role)
        ),
        I::CannotMove(role, from, to) => t!(
            lang,
            "impossible-cannot-move",
            piece = piece(*role),
            from = from.to_string(),
            to = to.to_string()
        ),
        I::NoneReaches(roles, c, to) if roles.is_empty() => t!(
            lang,
            "impossible-none-reaches",
            color = side(*c),
            to = to.to_string()
        ),
        I::NoneReaches(roles, c, to) => {
            let names: Vec<String> = roles.iter().map(|r| piece(*r)).collect();
            t!(
                lang,
                "impossible-none-of",
                pieces = names.join(&format!(" {} ", t!(lang, "word-or"))),
                color = side(*c),
                to = to.to_string()
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::san_in;
    use crate::referee::tournament::Lang;

    /// The game `1. e4 e5 2. Nf3` with a leave of White's (12-14 May) and
    /// a penalty of White's (15 May) while `2. Nf3` was thought over.
    fn penalized_on_leave(
        league: &crate::referee::tournament::League,
    ) -> crate::referee::game::Game {
        use crate::letters::fixture::{day, game_with};
        use crate::referee::clock::Days;
        use crate::referee::game::{Event, Game, PenaltyReason, Side};
        let leave = Days {
            from: day("2026-05-12"),
            to: day("2026-05-14"),
        };
        let mut game = game_with(league, [vec![leave], vec![]], &["5254", "5755"], 1);
        game.apply(&Event::Penalty {
            side: Side::White,
            days: 2,
            on: day("2026-05-15"),
            reason: PenaltyReason::WrongRepetition,
        })
        .unwrap();
        let mv = crate::notation::parse_move(&game.position().clone(), "7163").unwrap();
        game.apply(&Event::Moved {
            uci: Game::uci(&mv),
            sent: day("2026-05-20"),
            draw_offer: false,
        })
        .unwrap();
        game
    }

    /// App.1's remarks column names the penalty and the leave that fell
    /// while a move was thought over.
    #[test]
    fn app1_remarks_name_the_penalties_and_leaves_of_a_move() {
        use crate::letters::fixture::league;
        let league = league();
        let t = &league.tournaments[0];
        let game = penalized_on_leave(&league);
        let text = super::schedule(t, &game, Lang::En);
        let row = text
            .lines()
            .find(|l| l.trim_start().starts_with("2 "))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(
            row.ends_with("White penalty +2 (15.05.2026); White leave 12.05.2026-14.05.2026"),
            "{text}"
        );
        let first = text
            .lines()
            .find(|l| l.trim_start().starts_with("1 "))
            .unwrap();
        assert!(!first.contains("penalty"), "{text}");
        assert!(super::schedule(t, &game, Lang::Ru).contains("белые перерыв 12.05.2026-14.05.2026"));
    }

    /// II.6.4 with App.1: the row of the move after which a side's count
    /// of days restarts (its first overstep) says so, with the total up
    /// to it, so that the director reconciles the running totals with the
    /// days the clock counts since.
    #[test]
    fn ii_6_4_app1_remarks_mark_where_the_count_restarts() {
        use crate::letters::fixture::{day, game_with, league};
        use crate::referee::game::{Event, Game, Side};
        let league = league();
        let t = &league.tournaments[0];
        let mut game = game_with(&league, [vec![], vec![]], &["5254"], 0);
        game.apply(&Event::OverstepReset {
            side: Side::Black,
            on: day("2026-05-20"),
        })
        .unwrap();
        for (numeric, sent) in [("5755", "2026-05-25"), ("7163", "2026-05-26")] {
            let mv = crate::notation::parse_move(&game.position().clone(), numeric).unwrap();
            game.apply(&Event::Moved {
                uci: Game::uci(&mv),
                sent: day(sent),
                draw_offer: false,
            })
            .unwrap();
        }
        let (after, total) = game
            .reset(shakmaty::Color::Black)
            .expect("the reset placed");
        assert_eq!(after, 1);
        let text = super::schedule(t, &game, Lang::En);
        let row = |n: &str| {
            text.lines()
                .find(|l| l.trim_start().starts_with(n))
                .unwrap_or_else(|| panic!("{text}"))
                .to_string()
        };
        assert!(
            row("1 ").ends_with(&format!(
                "Black: the days count anew after this move (first overstep, II.6.4); {total} up to it"
            )),
            "{text}"
        );
        assert!(!row("2 ").contains("anew"), "{text}");
        let ru = super::schedule(t, &game, Lang::Ru);
        assert!(ru.contains("после этого хода дни считаются заново"), "{ru}");
    }

    /// App.1 and App.3 in Lithuanian: every date in the reader's one
    /// form (`2026-05-15`, a day of the table `05-11`, a leave
    /// `2026-05-12 – 2026-05-14`), none as `15.05.2026` or `11/05`.
    #[test]
    fn app1_app3_write_every_date_in_the_readers_form() {
        use crate::letters::fixture::league;
        let league = league();
        let t = &league.tournaments[0];
        let lt = Lang::from_code("lt").expect("Lithuanian");
        let game = penalized_on_leave(&league);
        let schedule = super::schedule(t, &game, lt);
        assert!(
            schedule.contains(
                "baltieji: bauda +2 (2026-05-15); baltieji: atostogos 2026-05-12 – 2026-05-14"
            ),
            "{schedule}"
        );
        assert!(schedule.contains("2026-05-11 2026-05-20"), "{schedule}");
        let form = super::standard_form(t, &game, lt);
        assert!(form.contains("05-11    05-20    6/08"), "{form}");
        assert!(form.contains("2026-05-12 – 2026-05-14"), "{form}");
        for text in [&schedule, &form] {
            assert!(
                !text.contains(".05.2026") && !text.contains("/05"),
                "{text}"
            );
        }
        // the other languages keep theirs
        assert!(super::standard_form(t, &game, Lang::Ru).contains("11/05 20/05 6/08"));
    }

    /// A Sonneborn-Berger score with the reader's decimal separator:
    /// a point in English, a comma in Russian, German and Lithuanian.
    #[test]
    fn a_decimal_is_written_with_the_readers_separator() {
        for (code, q, text) in [
            ("en", 15, "3.75"),
            ("en", 10, "2.5"),
            ("en", 12, "3"),
            ("en", 5, "1.25"),
            ("ru", 10, "2,5"),
            ("de", 15, "3,75"),
            ("lt", 5, "1,25"),
            ("lt", 12, "3"),
        ] {
            let lang = Lang::from_code(code).unwrap();
            assert_eq!(super::quarters_in(q, lang), text, "{code} {q}");
        }
    }

    #[test]
    fn san_is_shown_in_the_readers_piece_letters() {
        for (san, ru) in [
            ("e4", "e4"),
            ("Nf3", "Кf3"),
            ("Bxe5+", "Сxe5+"),
            ("Kg1", "Крg1"),
            ("exd8=Q#", "exd8=Ф#"),
            ("Rae1", "Лae1"),
            ("O-O", "0-0"),
            ("O-O-O+", "0-0-0+"),
        ] {
            assert_eq!(san_in(san, Lang::Ru), ru, "{san}");
            assert_eq!(san_in(san, Lang::En), san, "{san}");
        }
        assert_eq!(
            super::san_line_in("12... Nf6 13. Bxe5+ O-O", Lang::Ru),
            "12... Кf6 13. Сxe5+ 0-0"
        );
    }
}
