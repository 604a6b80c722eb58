//! Chess move notation: reading a move as a player wrote it (ICCF numeric,
//! English SAN, long algebraic, coordinates, Russian piece letters) and
//! writing one in the tournament's notation (RULES.md §1).
//!
//! Reading is settled by the position: a written move is turned into a
//! pattern (which pieces, which squares) and matched against the legal moves.
//! Exactly one match is the move; none is an impossible move; more than one is
//! an ambiguous move, and the error names the candidates.

pub mod algebraic;
pub mod numeric;

use crate::language::Lang;
use shakmaty::{san::SanPlus, CastlingSide, Chess, Color, Move, Position, Role, Square};
use thiserror::Error;

/// The notation the daemon writes moves in (`notation` in the config).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    /// ICCF numeric: `5254`, promotions with a fifth digit.
    Numeric,
    /// English short algebraic (PGN): `e4`, `Nf3`, `O-O`, `e8=Q`.
    San,
    /// Russian long algebraic: `e2-e4`, `Кg1-f3`, `e4:d5`, `0-0`, `e7-e8Ф`.
    Ru,
}

/// Why a written move is not a move of the position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text cannot be read as a move in any notation (illegible, III.3.4).
    #[error("\"{written}\" cannot be read as a move")]
    Illegible { written: String },
    /// The text reads as a move, but no legal move fits it (impossible, III.3.1).
    #[error("\"{written}\" is not possible: {reason}")]
    Impossible {
        written: String,
        reason: Impossibility,
    },
    /// More than one legal move fits the text (ambiguous, III.3.4).
    #[error("\"{written}\" is ambiguous: it may be {}", candidates.join(" or "))]
    Ambiguous {
        written: String,
        candidates: Vec<String>,
    },
}

impl MoveError {
    /// The move as the player wrote it.
    pub fn written(&self) -> &str {
        match self {
            MoveError::Illegible { written }
            | MoveError::Impossible { written, .. }
            | MoveError::Ambiguous { written, .. } => written,
        }
    }
}

/// A written move reduced to what it says about the move, before the position
/// is consulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Pattern {
    Castle(CastlingSide),
    Squares {
        /// The pieces the letter may stand for; empty means "any piece".
        roles: Vec<Role>,
        from_file: Option<shakmaty::File>,
        from_rank: Option<shakmaty::Rank>,
        to: Square,
        /// The promotion pieces the text may stand for; empty means none written.
        promotion: Vec<Role>,
    },
}

/// Strips what III.3.6 says to ignore around a move: check and mate signs,
/// annotation marks, a draw offer written onto the move.
pub fn strip_marks(token: &str) -> &str {
    let token = token.trim();
    let token = token.strip_suffix("(=)").unwrap_or(token);
    token.trim_end_matches(['+', '#', '!', '?', '†', '‡', ',', ';'])
}

/// Whether `token` has the shape of a move in one of the notations, without
/// asking whether it is legal anywhere.
pub fn looks_like_move(token: &str) -> bool {
    let token = strip_marks(token);
    numeric::pattern(token).is_some() || algebraic::pattern_with(token, Letters::Every).is_some()
}

/// How a mail's letters are to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Letters {
    /// Only Latin letters in the mail's moves: English SAN, `K` is the king.
    #[default]
    English,
    /// The mail's moves use Cyrillic piece letters: a Latin `K` may be a
    /// Russian knight typed in Latin, and the position settles it (DESIGN.md §5).
    Mixed,
    /// A reader of a language whose pieces have Latin letters of their own
    /// (Lithuanian `B` the rook, German `S` the knight): his letters first;
    /// where they fit no move, the English ones (and a Russian letter typed
    /// in Latin), the position settling it.
    Of(Lang),
    /// Every language's letters at once, each letter standing for every
    /// piece it names somewhere: whether a text has a move's shape.
    Every,
}

impl Letters {
    /// How to read the moves a reader of `lang` wrote: `Mixed` when any
    /// has a Cyrillic letter; `Of(lang)` when his language has Latin piece
    /// letters of its own; else English.
    pub fn of<'a>(moves: impl IntoIterator<Item = &'a str>, lang: Lang) -> Letters {
        let cyrillic = |c: char| ('\u{400}'..='\u{4ff}').contains(&c);
        if moves.into_iter().any(|m| m.chars().any(cyrillic)) {
            Letters::Mixed
        } else if own_latin_letters(lang) {
            Letters::Of(lang)
        } else {
            Letters::English
        }
    }
}

/// Whether `lang` writes its pieces with Latin letters other than English.
fn own_latin_letters(lang: Lang) -> bool {
    let first = |l: Lang| -> Vec<Option<&'static str>> {
        let p = &l.language().pieces;
        [&p.king, &p.queen, &p.rook, &p.bishop, &p.knight]
            .iter()
            .map(|letters| letters.first().map(String::as_str))
            .collect()
    };
    let latin = first(lang)
        .iter()
        .flatten()
        .all(|l| l.chars().all(|c| !('\u{400}'..='\u{4ff}').contains(&c)));
    latin && first(lang) != first(Lang::En)
}

/// Reads a written move in `pos`, a Latin `K` being the king.
///
/// # Errors
/// As [`parse_move_with`].
pub fn parse_move(pos: &Chess, written: &str) -> Result<Move, MoveError> {
    parse_move_with(pos, written, Letters::English)
}

/// Reads a written move in `pos`, with the letters read as `letters` says.
///
/// # Errors
/// [`MoveError::Illegible`] when the text is in no notation,
/// [`MoveError::Impossible`] when no legal move fits it,
/// [`MoveError::Ambiguous`] when several do.
pub fn parse_move_with(pos: &Chess, written: &str, letters: Letters) -> Result<Move, MoveError> {
    let read = read_with(pos, written, letters);
    if let Letters::Of(_) = letters {
        // his own letters first; where they fit no move, the English ones
        // (and the Russian typed in Latin), ICCF's common letters, taken when
        // exactly one move fits; several are answered, never guessed
        return match read {
            Ok(_) | Err(MoveError::Ambiguous { .. }) => read,
            Err(_) => match read_with(pos, written, Letters::Mixed) {
                Ok(m) => Ok(m),
                Err(ambiguous @ MoveError::Ambiguous { .. }) => Err(ambiguous),
                Err(_) => read,
            },
        };
    }
    if letters == Letters::Mixed || read.is_ok() {
        return read;
    }
    // A Latin `K` or `C` in an English mail that cannot be the king or is
    // no English letter at all: a Russian knight or bishop typed in Latin,
    // taken when exactly one move fits that reading (DESIGN.md §5).
    match read_with(pos, written, Letters::Mixed) {
        Ok(m) => Ok(m),
        Err(_) => read,
    }
}

fn read_with(pos: &Chess, written: &str, letters: Letters) -> Result<Move, MoveError> {
    let text = strip_marks(written);
    let pattern = numeric::pattern(text)
        .or_else(|| algebraic::pattern_with(text, letters))
        .ok_or_else(|| MoveError::Illegible {
            written: written.trim().to_string(),
        })?;
    let legal = pos.legal_moves();
    let matches: Vec<Move> = legal
        .iter()
        .filter(|m| fits(&pattern, m))
        .cloned()
        .collect();
    match matches.len() {
        1 => Ok(matches[0]),
        0 => Err(MoveError::Impossible {
            written: written.trim().to_string(),
            reason: why_impossible(pos, &pattern),
        }),
        _ => Err(MoveError::Ambiguous {
            written: written.trim().to_string(),
            candidates: {
                let mut names: Vec<String> = matches
                    .iter()
                    .map(|m| SanPlus::from_move(pos.clone(), *m).to_string())
                    .collect();
                names.sort();
                names
            },
        }),
    }
}

/// The square the king lands on for castling, the target square otherwise.
pub fn destination(m: &Move) -> Square {
    match *m {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            Square::from_coords(file, king.rank())
        }
        _ => m.to(),
    }
}

fn fits(pattern: &Pattern, m: &Move) -> bool {
    match pattern {
        Pattern::Castle(side) => m.castling_side() == Some(*side),
        Pattern::Squares {
            roles,
            from_file,
            from_rank,
            to,
            promotion,
        } => {
            let Some(from) = m.from() else { return false };
            (roles.is_empty() || roles.contains(&m.role()))
                && from_file.is_none_or(|f| f == from.file())
                && from_rank.is_none_or(|r| r == from.rank())
                && destination(m) == *to
                && match m.promotion() {
                    None => promotion.is_empty(),
                    Some(p) => promotion.is_empty() || promotion.contains(&p),
                }
        }
    }
}

/// Why no legal move fits a written move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Impossibility {
    /// Castling on that side is not allowed in the position.
    Castling(CastlingSide),
    /// The from-square is empty.
    NoPiece(Square),
    /// The piece on the from-square belongs to the other side.
    NotYours(Square, Color),
    /// The piece on the from-square is not the piece named.
    OtherPiece(Square, Role),
    /// The piece on the from-square cannot reach the target.
    CannotMove(Role, Square, Square),
    /// No piece of the named kinds (any, when empty) of the side to move reaches the target.
    NoneReaches(Vec<Role>, Color, Square),
}

impl std::fmt::Display for Impossibility {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Impossibility::Castling(side) => {
                write!(f, "castling {} is not allowed now", side_name(*side))
            }
            Impossibility::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            Impossibility::NotYours(sq, c) => {
                write!(f, "the piece on {sq} is {}'s", color_name(*c))
            }
            Impossibility::OtherPiece(sq, role) => {
                write!(f, "the piece on {sq} is a {}", role_name(*role))
            }
            Impossibility::CannotMove(role, from, to) => {
                write!(f, "the {} on {from} cannot move to {to}", role_name(*role))
            }
            Impossibility::NoneReaches(roles, color, to) => {
                if roles.is_empty() {
                    write!(f, "no piece of {} can move to {to}", color_name(*color))
                } else {
                    let names: Vec<&str> = roles.iter().map(|r| role_name(*r)).collect();
                    write!(
                        f,
                        "no {} of {} can move to {to}",
                        names.join(" or "),
                        color_name(*color)
                    )
                }
            }
        }
    }
}

fn why_impossible(pos: &Chess, pattern: &Pattern) -> Impossibility {
    match pattern {
        Pattern::Castle(side) => Impossibility::Castling(*side),
        Pattern::Squares {
            roles,
            from_file: Some(file),
            from_rank: Some(rank),
            to,
            ..
        } => {
            let from = Square::from_coords(*file, *rank);
            match pos.board().piece_at(from) {
                None => Impossibility::NoPiece(from),
                Some(p) if p.color != pos.turn() => Impossibility::NotYours(from, p.color),
                Some(p) if !roles.is_empty() && !roles.contains(&p.role) => {
                    Impossibility::OtherPiece(from, p.role)
                }
                Some(p) => Impossibility::CannotMove(p.role, from, *to),
            }
        }
        Pattern::Squares { roles, to, .. } => {
            Impossibility::NoneReaches(roles.clone(), pos.turn(), *to)
        }
    }
}

pub fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "short (O-O)",
        CastlingSide::QueenSide => "long (O-O-O)",
    }
}

pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// Writes `m` (legal in `pos`) in `notation`, with the check or mate sign
/// where the notation uses one.
pub fn write_move(pos: &Chess, m: &Move, notation: Notation) -> String {
    match notation {
        Notation::Numeric => numeric::write(m),
        Notation::San => SanPlus::from_move(pos.clone(), *m).to_string(),
        Notation::Ru => algebraic::write_russian(pos, m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{fen::Fen, CastlingMode};

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn uci(pos: &Chess, written: &str) -> Result<String, MoveError> {
        parse_move(pos, written).map(|m| m.to_uci(CastlingMode::Standard).to_string())
    }

    /// Every notation form of RULES.md §1, read in a position where it is legal.
    #[test]
    fn every_notation_form_reads_as_the_same_move() {
        let start = Chess::default();
        let table: &[(&str, &str)] = &[
            ("5254", "e2e4"),
            ("e4", "e2e4"),
            ("e2-e4", "e2e4"),
            ("e2e4", "e2e4"),
            ("e2–e4", "e2e4"),
            ("Nf3", "g1f3"),
            ("Ng1-f3", "g1f3"),
            ("Кg1-f3", "g1f3"),
            ("Кf3", "g1f3"),
            ("7163", "g1f3"),
            ("g1f3", "g1f3"),
            ("e4!?", "e2e4"),
            ("e4+", "e2e4"),
            ("1214", "a2a4"),
        ];
        for (written, expected) in table {
            assert_eq!(uci(&start, written).as_deref(), Ok(*expected), "{written}");
        }
    }

    #[test]
    fn captures_with_x_colon_and_russian_pieces() {
        // 1. e4 d5: the pawn takes on d5 in every form.
        let pos = position("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        for written in [
            "exd5", "e4xd5", "e4:d5", "e:d5", "5445", "ed5", "e4d5", "e4×d5",
        ] {
            assert_eq!(uci(&pos, written).as_deref(), Ok("e4d5"), "{written}");
        }
        // Queen and bishop in Russian letters.
        let pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(uci(&pos, "Фh5").as_deref(), Ok("d1h5"));
        assert_eq!(uci(&pos, "Фd1-h5").as_deref(), Ok("d1h5"));
        assert_eq!(uci(&pos, "Сc4").as_deref(), Ok("f1c4"));
        assert_eq!(uci(&pos, "Cc4").as_deref(), Ok("f1c4"));
        assert_eq!(uci(&pos, "Сf1-c4").as_deref(), Ok("f1c4"));
        assert_eq!(uci(&pos, "Крe2").as_deref(), Ok("e1e2"));
        assert_eq!(uci(&pos, "Kpe1-e2").as_deref(), Ok("e1e2"));
    }

    #[test]
    fn castling_both_sides_in_every_form() {
        let pos = position("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1");
        for written in ["O-O", "0-0", "5171", "e1g1", "Крe1-g1", "О-О"] {
            assert_eq!(uci(&pos, written).as_deref(), Ok("e1g1"), "{written}");
        }
        for written in ["O-O-O", "0-0-0", "5131", "e1c1"] {
            assert_eq!(uci(&pos, written).as_deref(), Ok("e1c1"), "{written}");
        }
        let pos = position("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 0 1");
        assert_eq!(uci(&pos, "5878").as_deref(), Ok("e8g8"));
        assert_eq!(uci(&pos, "5838").as_deref(), Ok("e8c8"));
        assert_eq!(uci(&pos, "0-0-0").as_deref(), Ok("e8c8"));
    }

    #[test]
    fn promotion_in_every_form() {
        let pos = position("8/4P3/8/8/8/8/k6p/4K3 w - - 0 1");
        for (written, expected) in [
            ("57581", "e7e8q"),
            ("57582", "e7e8r"),
            ("57583", "e7e8b"),
            ("57584", "e7e8n"),
            ("e8=Q", "e7e8q"),
            ("e8Q", "e7e8q"),
            ("e8Ф", "e7e8q"),
            ("e7-e8Ф", "e7e8q"),
            ("e7-e8=Л", "e7e8r"),
            ("e8=N", "e7e8n"),
            ("e8К", "e7e8n"),
            ("e7e8q", "e7e8q"),
        ] {
            assert_eq!(uci(&pos, written).as_deref(), Ok(expected), "{written}");
        }
        let pos = position("8/4P3/8/8/8/8/k6p/4K3 b - - 0 1");
        assert_eq!(uci(&pos, "82814").as_deref(), Ok("h2h1n"));
        match parse_move(&pos, "h1") {
            Err(MoveError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 4),
            other => panic!("a promotion without a piece is ambiguous, got {other:?}"),
        }
    }

    #[test]
    fn en_passant_is_the_pawns_diagonal_move() {
        // Black pawn e4 takes f3 after f2-f4 (RULES.md §1 example).
        let pos = position("rnbqkbnr/pppp1ppp/8/8/4pP2/8/PPPPP1PP/RNBQKBNR b KQkq f3 0 3");
        for written in ["5463", "exf3", "e4:f3", "exf3e.p.", "e4-f3"] {
            assert_eq!(uci(&pos, written).as_deref(), Ok("e4f3"), "{written}");
        }
    }

    #[test]
    fn two_knights_to_one_square_is_ambiguous_and_names_both() {
        let pos = position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        match parse_move(&pos, "Nd2") {
            Err(MoveError::Ambiguous { candidates, .. }) => {
                assert_eq!(candidates, vec!["Nbd2".to_string(), "Nfd2".to_string()])
            }
            other => panic!("expected ambiguity, got {other:?}"),
        }
        assert_eq!(uci(&pos, "Nbd2").as_deref(), Ok("b1d2"));
        assert_eq!(uci(&pos, "Nfd2").as_deref(), Ok("f1d2"));
    }

    #[test]
    fn latin_k_is_settled_by_the_position() {
        // Both the king (e1) and a knight (g1) can reach f3? No: king from e2.
        let pos = position("4k3/8/8/8/8/8/4K3/6N1 w - - 0 1");
        match parse_move_with(&pos, "Kf3", Letters::Mixed) {
            Err(MoveError::Ambiguous { candidates, .. }) => {
                assert_eq!(candidates, vec!["Kf3".to_string(), "Nf3".to_string()])
            }
            other => {
                panic!("in a Russian mail, Latin K for king or knight is ambiguous here: {other:?}")
            }
        }
        // In an English mail, K is the king.
        assert_eq!(uci(&pos, "Kf3").as_deref(), Ok("e2f3"));
        // Where only the knight can go, a Latin K in a Russian mail is the knight.
        let lone_knight = position("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
        assert_eq!(
            parse_move_with(&lone_knight, "Kh3", Letters::Mixed)
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .as_deref(),
            Ok("g1h3")
        );
        assert_eq!(Letters::of(["Кg1-f3", "e4"], Lang::Ru), Letters::Mixed);
        assert_eq!(Letters::of(["Kb1", "e4"], Lang::En), Letters::English);
        assert_eq!(uci(&pos, "Nf3").as_deref(), Ok("g1f3"));
        assert_eq!(uci(&pos, "Кf3").as_deref(), Ok("g1f3"));
        assert_eq!(uci(&pos, "Крf3").as_deref(), Ok("e2f3"));
    }

    #[test]
    fn impossible_moves_say_why() {
        let start = Chess::default();
        let reason = |w: &str| match parse_move(&start, w) {
            Err(MoveError::Impossible { reason, .. }) => reason.to_string(),
            other => panic!("{w}: expected impossible, got {other:?}"),
        };
        assert_eq!(reason("5355"), "there is no piece on e3");
        assert_eq!(reason("5756"), "the piece on e7 is Black's");
        assert_eq!(reason("5155"), "the king on e1 cannot move to e5");
        assert_eq!(reason("Qh5"), "no queen of White can move to h5");
        assert_eq!(reason("O-O"), "castling short (O-O) is not allowed now");
        assert!(matches!(
            parse_move(&start, "hello"),
            Err(MoveError::Illegible { .. })
        ));
        assert!(matches!(
            parse_move(&start, "5299"),
            Err(MoveError::Illegible { .. })
        ));
    }

    #[test]
    fn written_moves_read_back_in_every_notation() {
        // Play the opening of the App.4 game and round-trip every move.
        let mut pos = Chess::default();
        for san in [
            "e4", "d6", "d4", "g6", "Nf3", "Bg7", "Be2", "Nf6", "Nc3", "Nbd7", "e5", "Ng4",
        ] {
            let m = parse_move(&pos, san).unwrap();
            for notation in [Notation::Numeric, Notation::San, Notation::Ru] {
                let written = write_move(&pos, &m, notation);
                assert_eq!(parse_move(&pos, &written), Ok(m), "{written}");
            }
            pos = pos.play(m).unwrap();
        }
    }

    #[test]
    fn writing_in_each_notation() {
        let pos = Chess::default();
        let m = parse_move(&pos, "Nf3").unwrap();
        assert_eq!(write_move(&pos, &m, Notation::Numeric), "7163");
        assert_eq!(write_move(&pos, &m, Notation::San), "Nf3");
        assert_eq!(write_move(&pos, &m, Notation::Ru), "Кg1-f3");
        let pos = position("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        let m = parse_move(&pos, "O-O-O").unwrap();
        assert_eq!(write_move(&pos, &m, Notation::Numeric), "5838");
        assert_eq!(write_move(&pos, &m, Notation::Ru), "0-0-0");
        let pos = position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        let m = parse_move(&pos, "e8=Q").unwrap();
        assert_eq!(write_move(&pos, &m, Notation::Numeric), "57581");
        assert_eq!(write_move(&pos, &m, Notation::Ru), "e7-e8Ф");
    }
}

#[cfg(test)]
mod round_trip {
    use shakmaty::{fen::Fen, CastlingMode};

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }
    use super::*;

    /// A small deterministic generator, so the walk is the same every run.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % n
        }
    }

    /// Random games: every legal move, written in every notation, reads back
    /// as itself (parse ∘ write = id), and Latin-only SAN never needs the
    /// position to settle a letter.
    #[test]
    fn every_written_move_reads_back_in_random_games() {
        let mut rng = Lcg(2026);
        let mut checked = 0;
        for _game in 0..30 {
            let mut pos = Chess::default();
            for _ply in 0..120 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                for m in &legal {
                    for notation in [Notation::Numeric, Notation::San, Notation::Ru] {
                        let written = write_move(&pos, m, notation);
                        assert_eq!(
                            parse_move(&pos, &written),
                            Ok(*m),
                            "{written} in {:?}",
                            shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal)
                                .to_string()
                        );
                        checked += 1;
                    }
                }
                let m = legal[rng.next(legal.len())];
                pos = pos.play(m).expect("legal");
            }
        }
        assert!(checked > 10_000, "{checked} moves checked");
    }

    /// How a reader of `code` reads `written` in `pos`, as UCI.
    fn read_as(code: &str, pos: &Chess, written: &str) -> Result<String, MoveError> {
        let lang = Lang::from_code(code).unwrap();
        parse_move_with(pos, written, Letters::of([written], lang))
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
    }

    /// Letters two languages give to different pieces (Lithuanian `B` the
    /// rook and `R` the bishop, English the other way round; German `S`,
    /// `T`, `L`, `D`): the reader's language decides first, then the
    /// English letters with the position, and a move that several pieces
    /// fit after both is answered, never guessed. Each way round.
    #[test]
    fn collision_the_readers_letters_first_the_position_second() {
        // White: rook a1, bishop c1, king e1; both reach a3
        let pos = position("4k3/8/8/8/8/8/8/R1B1K3 w - - 0 1");
        for (code, written, meant) in [
            ("lt", "Ba3", Ok("a1a3")), // bokštas: the rook
            ("en", "Ba3", Ok("c1a3")), // bishop
            ("lt", "Ra3", Ok("c1a3")), // rikis: the bishop
            ("en", "Ra3", Ok("a1a3")), // rook
            ("lt", "Rb1", Ok("a1b1")), // no bishop reaches b1: the English rook
            ("lt", "Bd2", Ok("c1d2")), // no rook reaches d2: the English bishop
            ("en", "Bd2", Ok("c1d2")),
            ("de", "Ta3", Ok("a1a3")), // Turm
            ("de", "La3", Ok("c1a3")), // Läufer
            ("de", "Ba3", Ok("c1a3")), // no pawn letter in German: the bishop
            ("lt", "Bxa3", Ok("a1a3")),
            ("lt", "Bb2", Ok("c1b2")),
        ] {
            assert_eq!(
                read_as(code, &pos, written).map_err(|e| e.to_string()),
                meant.map(str::to_string),
                "{code}: {written}"
            );
        }
        // Lithuanian and German knights; Ž typed without its accent
        let start = Chess::default();
        for (code, written) in [
            ("lt", "Žf3"),
            ("lt", "Zf3"),
            ("lt", "Žg1-f3"),
            ("de", "Sf3"),
        ] {
            assert_eq!(
                read_as(code, &start, written).unwrap(),
                "g1f3",
                "{code}: {written}"
            );
        }
        // promotion in the reader's letters: Lithuanian V, German D the queen
        let promote = position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(read_as("lt", &promote, "a8V").unwrap(), "a7a8q");
        assert_eq!(read_as("lt", &promote, "a8=B").unwrap(), "a7a8r");
        assert_eq!(read_as("de", &promote, "a8D").unwrap(), "a7a8q");
        assert_eq!(read_as("en", &promote, "a8=B").unwrap(), "a7a8b");
        // ambiguous after both: the German king cannot reach d2, and two
        // knights (the Russian К typed in Latin) can: answered
        let knights = position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        match read_as("de", &knights, "Kd2") {
            Ok(m) => assert_eq!(m, "e1d2", "the king reaches d2 here"),
            Err(e) => panic!("{e}"),
        }
        let far = position("4k3/8/8/8/8/5N2/8/1N5K w - - 0 1");
        assert!(
            matches!(read_as("de", &far, "Kd2"), Err(MoveError::Ambiguous { .. })),
            "{:?}",
            read_as("de", &far, "Kd2")
        );
        // two rooks of his own language: ambiguous, as for any reader
        let rooks = position("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
        assert!(matches!(
            read_as("lt", &rooks, "Bd1"),
            Err(MoveError::Ambiguous { .. })
        ));
    }
}
