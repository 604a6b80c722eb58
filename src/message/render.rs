//! Writing what people read: the standard form with dates and times
//! (App.3), the board, the move schedule (App.1), the ICCF PGN (App.4), and
//! the words of every mail in Russian or English.

use crate::notation::{self, Notation};
use crate::referee::game::{EndReason, Game, Ply};
use crate::referee::tournament::{Lang, Tournament};
use chrono::NaiveDate;
use shakmaty::{Chess, Color, Position, Square};
use std::fmt::Write;

/// Picks the English or the Russian text.
pub fn tr<'a>(lang: Lang, en: &'a str, ru: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::Ru => ru,
    }
}

/// `16/05`, as the standard form writes days.
pub fn day_month(d: NaiveDate) -> String {
    d.format("%d/%m").to_string()
}

/// `16.05.2026`.
pub fn date(d: NaiveDate) -> String {
    d.format("%d.%m.%Y").to_string()
}

pub fn color_name(color: Color, lang: Lang) -> &'static str {
    match color {
        Color::White => tr(lang, "White", "белые"),
        Color::Black => tr(lang, "Black", "черные"),
    }
}

/// A move of the game as the tournament writes it.
pub fn ply_text(game: &Game, index: usize, notation: Notation) -> String {
    let ply = &game.plies[index];
    match notation {
        Notation::Numeric => ply.numeric.clone(),
        Notation::San => ply.san.clone(),
        Notation::Ru => notation::write_move(&game.positions[index], &ply.mv, Notation::Ru),
    }
}

/// `13. 3234` or `13... 4745`.
pub fn numbered(game: &Game, index: usize, notation: Notation) -> String {
    let ply = &game.plies[index];
    let dots = if ply.color == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots} {}", ply.number, ply_text(game, index, notation))
}

fn time(ply: &Ply) -> String {
    format!("{}/{:02}", ply.days, ply.total)
}

/// The standard form (App.3): header, then one row per move number with
/// White's received, sent and time on the left and Black's on the right.
pub fn standard_form(t: &Tournament, game: &Game, lang: Lang) -> String {
    let white = t.player_of(&game.spec, Color::White);
    let black = t.player_of(&game.spec, Color::Black);
    let mut out = String::new();
    let rows = [
        (
            tr(lang, "Tournament", "Турнир"),
            format!("{} ({})", t.name, t.id),
        ),
        (tr(lang, "Start date", "Дата старта"), date(t.start)),
        (tr(lang, "White", "Белые"), white.name.clone()),
        (tr(lang, "Black", "Черные"), black.name.clone()),
        (tr(lang, "Game", "Партия"), game.id().to_string()),
    ];
    for (label, value) in rows {
        let _ = writeln!(out, "{label:<12}{value}");
    }
    out.push('\n');
    let texts: Vec<String> = (0..game.plies.len())
        .map(|i| ply_text(game, i, t.notation))
        .collect();
    let w = texts
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(4)
        .max(6);
    let (rec, sent, tm, n, wh, bl) = match lang {
        Lang::En => ("Rec.", "Sent", "Time", "No.", "White", "Black"),
        Lang::Ru => ("Пол.", "Отв.", "Время", "N", "Белые", "Черные"),
    };
    let _ = writeln!(
        out,
        "{rec:<6}{sent:<6}{tm:<6} {n:<4} {wh:<w$} {bl:<w$}  {rec:<6}{sent:<6}{tm}"
    );
    let pad = |s: &str, width: usize| {
        format!("{s}{}", " ".repeat(width.saturating_sub(s.chars().count())))
    };
    for (i, ply) in game.plies.iter().enumerate() {
        if ply.color == Color::Black && i > 0 {
            continue;
        }
        let mut line = String::new();
        if ply.color == Color::White {
            let received = if i == 0 {
                "---".to_string()
            } else {
                day_month(ply.received)
            };
            let _ = write!(
                line,
                "{received:<6}{:<6}{:<6} {:<4} {} ",
                day_month(ply.sent),
                time(ply),
                format!("{:02}.", ply.number),
                pad(&texts[i], w)
            );
        } else {
            let _ = write!(
                line,
                "{:<18} {:<4} {} ",
                "",
                format!("{:02}...", ply.number),
                pad("", w)
            );
        }
        let black_index = if ply.color == Color::White { i + 1 } else { i };
        if let Some(b) = game
            .plies
            .get(black_index)
            .filter(|b| b.color == Color::Black)
        {
            let _ = write!(
                line,
                "{}  {:<6}{:<6}{}",
                pad(&texts[black_index], w),
                day_month(b.received),
                day_month(b.sent),
                time(b)
            );
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "\n{}: {} {}, {} {}",
        tr(
            lang,
            "Total time (days + penalty days)",
            "Общее время (дни + штрафные дни)"
        ),
        tr(lang, "White", "белые"),
        game.total(Color::White),
        tr(lang, "Black", "черные"),
        game.total(Color::Black),
    );
    out
}

/// A board diagram, White at the bottom; upper case White, lower case Black.
pub fn board(pos: &Chess, lang: Lang) -> String {
    let mut out = String::from("    a b c d e f g h\n");
    for rank in (0..8).rev() {
        let _ = write!(out, " {}  ", rank + 1);
        for file in 0..8 {
            let sq = Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
            let c = pos.board().piece_at(sq).map_or('.', |p| p.char());
            out.push(c);
            out.push(' ');
        }
        let _ = writeln!(out, " {}", rank + 1);
    }
    out.push_str("    a b c d e f g h\n");
    let _ = writeln!(
        out,
        "    {}",
        tr(
            lang,
            "(K king, Q queen, R rook, B bishop, N knight, P pawn; upper case White)",
            "(K король, Q ферзь, R ладья, B слон, N конь, P пешка; заглавные — белые)"
        )
    );
    let _ = writeln!(
        out,
        "    {}: {}",
        tr(lang, "To move", "Ход"),
        color_name(pos.turn(), lang)
    );
    out
}

/// The ICCF PGN of the game (RULES.md §9, App.4).
pub fn pgn(t: &Tournament, game: &Game) -> String {
    let white = t.player_of(&game.spec, Color::White);
    let black = t.player_of(&game.spec, Color::Black);
    let site = match t.rules.kind {
        crate::referee::rules::RuleKind::Email => "ICCF Email",
        crate::referee::rules::RuleKind::Postal => "ICCF",
    };
    let start = t.start.format("%Y.%m.%d");
    let mut out = String::new();
    let tags = [
        ("Event", t.id.clone()),
        ("Site", site.to_string()),
        ("Date", start.to_string()),
        ("Round", "?".to_string()),
        ("White", white.pgn_name()),
        ("Black", black.pgn_name()),
        ("Result", game.result_str().to_string()),
        ("PlyCount", game.plies.len().to_string()),
        ("EventDate", start.to_string()),
        ("TimeControl", t.rules.summary()),
    ];
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    }
    out.push('\n');
    // A move number stays on the line of its move.
    let mut words: Vec<String> = Vec::new();
    for (i, ply) in game.plies.iter().enumerate() {
        words.push(match (ply.color, i) {
            (Color::White, _) => format!("{}. {}", ply.number, ply.san),
            (Color::Black, 0) => format!("{}... {}", ply.number, ply.san),
            (Color::Black, _) => ply.san.clone(),
        });
    }
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
/// days and totals, and remarks.
pub fn schedule(t: &Tournament, game: &Game, lang: Lang) -> String {
    let mut out = String::new();
    let white = t.player_of(&game.spec, Color::White);
    let black = t.player_of(&game.spec, Color::Black);
    let _ = writeln!(
        out,
        "{} {} ({})\n{} {}\n{} {}\n",
        tr(
            lang,
            "Move schedule of game",
            "График прохождения ходов, партия"
        ),
        game.id(),
        t.name,
        tr(lang, "White", "Белые"),
        white.name,
        tr(lang, "Black", "Черные"),
        black.name
    );
    let (mv, rec, sent, days, total, remarks) = match lang {
        Lang::En => ("move", "received", "sent", "days", "total", "remarks"),
        Lang::Ru => ("ход", "получил", "отправил", "на ход", "сумм.", "прим."),
    };
    let _ = writeln!(
        out,
        "{:>3}  {mv:<8}{rec:<11}{sent:<11}{days:>6}{total:>6}  {mv:<8}{rec:<11}{sent:<11}{days:>6}{total:>6}  {remarks}",
        "N"
    );
    let side = |p: &Ply, text: String| {
        format!(
            "{text:<8}{:<11}{:<11}{:>6}{:>6}",
            date(p.received),
            date(p.sent),
            p.days,
            p.total
        )
    };
    let mut i = 0;
    while i < game.plies.len() {
        let ply = &game.plies[i];
        let mut row = format!("{:>3}  ", ply.number);
        let mut notes = Vec::new();
        if ply.color == Color::White {
            row.push_str(&side(ply, ply_text(game, i, t.notation)));
            i += 1;
        } else {
            row.push_str(&" ".repeat(42));
        }
        row.push_str("  ");
        if let Some(b) = game.plies.get(i).filter(|b| b.color == Color::Black) {
            row.push_str(&side(b, ply_text(game, i, t.notation)));
            i += 1;
        } else {
            row.push_str(&" ".repeat(42));
        }
        for p in game.plies[..i].iter().rev().take(2) {
            if p.draw_offer {
                notes.push(format!("{} (=)", color_name(p.color, lang)));
            }
        }
        notes.reverse();
        let _ = writeln!(out, "{}  {}", row.trim_end(), notes.join("; "));
    }
    for p in &game.penalties {
        let _ = writeln!(
            out,
            "{} {}: +{} {} ({}): {}",
            tr(lang, "Penalty", "Штраф"),
            color_name(p.color, lang),
            p.days,
            tr(lang, "days", "дн."),
            date(p.on),
            p.reason
        );
    }
    if let Some(end) = game.ending {
        let _ = writeln!(
            out,
            "{}: {} ({})",
            tr(lang, "Result", "Результат"),
            end.result.as_str(),
            end_reason(end.reason, lang)
        );
    }
    out
}

pub fn end_reason(reason: EndReason, lang: Lang) -> &'static str {
    match reason {
        EndReason::Checkmate => tr(lang, "checkmate", "мат"),
        EndReason::Stalemate => tr(lang, "stalemate", "пат"),
        EndReason::InsufficientMaterial => {
            tr(lang, "insufficient material", "недостаточно материала")
        }
        EndReason::Resignation => tr(lang, "resignation", "сдача"),
        EndReason::DrawAgreed => tr(lang, "draw agreed", "ничья по соглашению"),
        EndReason::ThreefoldRepetition => tr(
            lang,
            "threefold repetition, claimed",
            "троекратное повторение позиции, по заявлению",
        ),
        EndReason::FiftyMoves => tr(
            lang,
            "50-move rule, claimed",
            "правило 50 ходов, по заявлению",
        ),
        EndReason::FivefoldRepetition => tr(
            lang,
            "fivefold repetition",
            "пятикратное повторение позиции",
        ),
        EndReason::SeventyFiveMoves => tr(lang, "75-move rule", "правило 75 ходов"),
        EndReason::TimeForfeit => tr(
            lang,
            "time overstep, confirmed by the director",
            "просрочка времени, подтвержденная судьей",
        ),
        EndReason::Adjudication => tr(lang, "the director's decision", "решение судьи"),
    }
}

/// Why a move is impossible, in the reader's language.
pub fn impossibility(reason: &crate::notation::Impossibility, lang: Lang) -> String {
    use crate::notation::Impossibility as I;
    if lang == Lang::En {
        return reason.to_string();
    }
    let piece = |role: shakmaty::Role| match role {
        shakmaty::Role::Pawn => "пешка",
        shakmaty::Role::Knight => "конь",
        shakmaty::Role::Bishop => "слон",
        shakmaty::Role::Rook => "ладья",
        shakmaty::Role::Queen => "ферзь",
        shakmaty::Role::King => "король",
    };
    let side = |c: Color| {
        if c == Color::White {
            "белых"
        } else {
            "черных"
        }
    };
    match reason {
        I::Castling(shakmaty::CastlingSide::KingSide) => {
            "короткая рокировка (0-0) сейчас невозможна".into()
        }
        I::Castling(shakmaty::CastlingSide::QueenSide) => {
            "длинная рокировка (0-0-0) сейчас невозможна".into()
        }
        I::NoPiece(sq) => format!("на поле {sq} нет фигуры"),
        I::NotYours(sq, c) => format!("фигура на поле {sq} — {}", side(*c)),
        I::OtherPiece(sq, role) => format!("на поле {sq} стоит {}", piece(*role)),
        I::CannotMove(role, from, to) => {
            format!("{} с поля {from} не может пойти на {to}", piece(*role))
        }
        I::NoneReaches(roles, c, to) if roles.is_empty() => {
            format!("ни одна фигура {} не может пойти на {to}", side(*c))
        }
        I::NoneReaches(roles, c, to) => {
            let names: Vec<&str> = roles.iter().map(|r| piece(*r)).collect();
            format!(
                "{} {} не может пойти на {to}",
                names.join(" или "),
                side(*c)
            )
        }
    }
}
