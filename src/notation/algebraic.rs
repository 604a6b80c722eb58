//! Algebraic notation in its written forms: English SAN (`Nf3`, `exd5`,
//! `e8=Q`), long algebraic (`Ng1-f3`, `e4xd5`, `e4:d5`), coordinates
//! (`e2e4`, `e7e8q`), Russian piece letters (Кр Ф Л С К) in short and long
//! forms, castling with letters or zeros.
//!
//! Letters that look alike across alphabets are read every way they may be
//! meant (Latin `K`: king, or a Russian knight typed in Latin; Latin `C`: a
//! Russian bishop); the position then settles which reading is legal.

use super::{destination, Letters, Pattern};
use crate::language::Lang;
use shakmaty::{san::SanPlus, CastlingSide, Chess, File, Move, Rank, Role, Square};

/// The pattern of an algebraic move, or `None` when `text` is not one.
pub(crate) fn pattern_with(text: &str, letters: Letters) -> Option<Pattern> {
    let text: String = text.chars().map(fold_lookalike).collect();
    if let Some(side) = castling(&text) {
        return Some(Pattern::Castle(side));
    }
    let (roles, rest) = piece_prefix(&text, letters);
    let rest = strip_en_passant(rest);
    let body: Vec<char> = rest
        .chars()
        .filter(|c| !matches!(c, '-' | '–' | '—' | 'x' | ':' | '×' | '=' | '(' | ')' | '/'))
        .collect();
    // The target square is the last file letter + rank digit; a letter after
    // it is a promotion piece.
    let last_digit = body.iter().rposition(|c| c.is_ascii_digit())?;
    if last_digit == 0 {
        return None;
    }
    let to = square(body[last_digit - 1], body[last_digit])?;
    let promotion = match &body[last_digit + 1..] {
        [] => vec![],
        [letter] => promotion_roles(*letter, letters)?,
        _ => return None,
    };
    let (from_file, from_rank) = match &body[..last_digit - 1] {
        [] => (None, None),
        [c] if c.is_ascii_digit() => (None, Some(rank(*c)?)),
        [c] => (Some(file(*c)?), None),
        [f, r] => (Some(file(*f)?), Some(rank(*r)?)),
        _ => return None,
    };
    let roles = match roles {
        Some(roles) => roles,
        // Coordinates without a letter (`g1f3`) may move any piece; a short
        // form without a letter (`e4`, `exd5`) is a pawn move.
        None if from_file.is_some() && from_rank.is_some() => vec![],
        None => vec![Role::Pawn],
    };
    Some(Pattern::Squares {
        roles,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

/// Cyrillic letters that look like Latin ones are read as the Latin letter
/// where a square or a castling sign is meant (`е4` typed on a Russian
/// keyboard layout, `О-О`, `х` as the capture sign).
fn fold_lookalike(c: char) -> char {
    match c {
        'а' => 'a',
        'с' => 'c',
        'е' => 'e',
        'х' | 'Х' | 'X' => 'x',
        'О' | 'о' | 'o' => 'O',
        _ => c,
    }
}

fn castling(text: &str) -> Option<CastlingSide> {
    match text.replace(['–', '—'], "-").as_str() {
        "O-O" | "0-0" | "OO" | "00" => Some(CastlingSide::KingSide),
        "O-O-O" | "0-0-0" | "OOO" | "000" => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

/// The piece letter(s) at the front, with the roles they may stand for.
fn piece_prefix(text: &str, letters: Letters) -> (Option<Vec<Role>>, &str) {
    if let Letters::Of(lang) = letters {
        // the reader's own letters, the longest that fits first
        return match lang
            .language()
            .letters()
            .into_iter()
            .find(|(l, _)| text.starts_with(l))
        {
            Some((l, role)) => (Some(vec![role]), &text[l.len()..]),
            None => (None, text),
        };
    }
    let (roles, rest) = russian_or_english_prefix(text, letters);
    if letters != Letters::Every {
        return (roles, rest);
    }
    // every language's one-letter names of the first letter, besides
    let Some(first) = text.chars().next() else {
        return (roles, rest);
    };
    let mut all = roles.clone().unwrap_or_default();
    for lang in Lang::all() {
        if let Some(role) = lang.language().role_of(first, false) {
            if !all.contains(&role) {
                all.push(role);
            }
        }
    }
    match roles {
        // `Кр`: the Russian king, two letters
        Some(_) if rest.len() + first.len_utf8() < text.len() => (roles, rest),
        _ if all.is_empty() => (None, text),
        _ => (Some(all), &text[first.len_utf8()..]),
    }
}

/// The piece letter(s) at the front read as English or Russian letters.
fn russian_or_english_prefix(text: &str, letters: Letters) -> (Option<Vec<Role>>, &str) {
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return (None, text);
    };
    let after_first = chars.as_str();
    if matches!(first, 'К' | 'K') && after_first.starts_with(['р', 'p', 'Р', 'P']) {
        let rest = &after_first[after_first.chars().next().map_or(0, char::len_utf8)..];
        return (Some(vec![Role::King]), rest);
    }
    let roles = match first {
        'K' if matches!(letters, Letters::Mixed | Letters::Every) => {
            vec![Role::King, Role::Knight]
        }
        'K' => vec![Role::King],
        'К' | 'N' => vec![Role::Knight],
        'Q' | 'Ф' => vec![Role::Queen],
        'R' | 'Л' => vec![Role::Rook],
        'B' | 'С' | 'C' => vec![Role::Bishop],
        'P' | 'п' => vec![Role::Pawn],
        _ => return (None, text),
    };
    (Some(roles), after_first)
}

fn strip_en_passant(text: &str) -> &str {
    ["e.p.", "ep", "в.п.", "вп"]
        .iter()
        .find_map(|suffix| text.strip_suffix(suffix))
        .unwrap_or(text)
}

/// The pieces a letter after the target square may promote to: the
/// reader's own letters, or English and Russian ones, or every language's.
fn promotion_roles(letter: char, letters: Letters) -> Option<Vec<Role>> {
    let own = |lang: Lang| {
        lang.language()
            .role_of(letter, true)
            .filter(|r| !matches!(r, Role::King | Role::Pawn))
    };
    match letters {
        Letters::Of(lang) => return own(lang).map(|r| vec![r]),
        Letters::Every => {
            let mut roles: Vec<Role> = english_or_russian_promotion(letter).unwrap_or_default();
            for lang in Lang::all() {
                if let Some(r) = own(lang).filter(|r| !roles.contains(r)) {
                    roles.push(r);
                }
            }
            return (!roles.is_empty()).then_some(roles);
        }
        Letters::English | Letters::Mixed => {}
    }
    english_or_russian_promotion(letter)
}

fn english_or_russian_promotion(letter: char) -> Option<Vec<Role>> {
    Some(match letter {
        'Q' | 'q' | 'Ф' | 'ф' => vec![Role::Queen],
        'R' | 'r' | 'Л' | 'л' => vec![Role::Rook],
        'B' | 'b' | 'С' | 'с' | 'C' => vec![Role::Bishop],
        'N' | 'n' | 'К' | 'к' | 'K' => vec![Role::Knight],
        _ => return None,
    })
}

fn file(c: char) -> Option<File> {
    ('a'..='h')
        .contains(&c)
        .then(|| File::new(c as u32 - 'a' as u32))
}

fn rank(c: char) -> Option<Rank> {
    ('1'..='8')
        .contains(&c)
        .then(|| Rank::new(c as u32 - '1' as u32))
}

fn square(f: char, r: char) -> Option<Square> {
    Some(Square::from_coords(file(f)?, rank(r)?))
}

fn russian_letter(role: Role) -> &'static str {
    match role {
        Role::King => "Кр",
        Role::Queen => "Ф",
        Role::Rook => "Л",
        Role::Bishop => "С",
        Role::Knight => "К",
        Role::Pawn => "",
    }
}

/// Writes a legal move in Russian long algebraic notation (II.3.2):
/// `e2-e4`, `Кg1-f3`, `e4:d5`, `0-0`, `e7-e8Ф`, with `+` or `#`.
pub fn write_russian(pos: &Chess, m: &Move) -> String {
    let mut out = match m.castling_side() {
        Some(CastlingSide::KingSide) => "0-0".to_string(),
        Some(CastlingSide::QueenSide) => "0-0-0".to_string(),
        None => {
            let from = m.from().expect("chess moves have an origin square");
            let sep = if m.is_capture() { ':' } else { '-' };
            let promotion = m.promotion().map_or("", russian_letter);
            format!(
                "{}{from}{sep}{}{promotion}",
                russian_letter(m.role()),
                destination(m)
            )
        }
    };
    let san = SanPlus::from_move(pos.clone(), *m).to_string();
    if let Some(sign) = san.chars().last().filter(|c| matches!(c, '+' | '#')) {
        out.push(sign);
    }
    out
}
