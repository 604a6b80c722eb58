//! Tablebase claims (ICCF, since 2014): the player to move claims a win
//! or a draw on the position on the board, or on the position after the
//! move he sends with the claim, and the endgame tables decide it. The
//! referee does no I/O: it asks a [`Prober`] (the adapter's Syzygy tables,
//! in `tablebase.rs`) and decides on the answer as data. Whether the
//! 50-move rule spoils a win the tables give is the rule set's
//! `tablebase_fifty_moves`.

use crate::referee::rules::RuleSet;
use shakmaty::{Chess, Color, Position};
use shakmaty_syzygy::{AmbiguousWdl, Dtz, MaybeRounded, SyzygyError, Wdl};
use std::sync::Arc;

/// The most pieces any published table reaches (7, since 2018): a claim
/// in a position with more is no tablebase claim, and is refused as such.
pub const TABLE_PIECES_LIMIT: usize = 7;

/// Endgame tables, as the referee asks them: the distance to a zeroing
/// move (a capture or a pawn move) of a position, for the side to move.
pub trait Prober: Send + Sync {
    /// Up to how many pieces the tables reach.
    fn max_pieces(&self) -> usize;
    /// The DTZ of `position`, or why the tables do not give it.
    fn dtz(&self, position: &Chess) -> Result<MaybeRounded<Dtz>, SyzygyError>;
}

/// The tables the arbiter has (`[gateway] tablebases`), if any: equal to
/// any other, for the league's comparisons, which concern the config.
#[derive(Clone, Default)]
pub struct Tables(pub Option<Arc<dyn Prober>>);

impl PartialEq for Tables {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Tables {}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(p) => write!(f, "Tables(up to {} pieces)", p.max_pieces()),
            None => f.write_str("Tables(none)"),
        }
    }
}

/// What a player claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    Win,
    Draw,
}

/// A result as the tables give it, for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    fn of_sign(sign: i32) -> Outcome {
        match sign {
            s if s > 0 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        }
    }

    /// The same result from the other side.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// Whether this is what `claim` claims.
    pub fn is(self, claim: Claim) -> bool {
        matches!(
            (self, claim),
            (Outcome::Win, Claim::Win) | (Outcome::Draw, Claim::Draw)
        )
    }
}

/// What the tables say of a position for one side (the claimant, or the
/// side to move in an adjudication).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableVerdict {
    /// The result under the rule set (a cursed win is a win under ICCF,
    /// a draw where the 50-move rule applies).
    pub outcome: Outcome,
    /// Plies to the next capture or pawn move with best play (the DTZ, of
    /// the side to move in the probed position); 0 in a drawn position.
    pub zeroing: u32,
    /// The win or loss needs more moves than the 50-move rule leaves
    /// (with the position's halfmove clock): a "cursed" win.
    pub cursed: bool,
}

/// Why the tables decide nothing of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Undecided {
    /// More pieces than any table holds (beyond [`TABLE_PIECES_LIMIT`]):
    /// no tablebase claim at all.
    TooManyPieces { pieces: usize },
    /// The arbiter has no tables, or none for this material (`pieces`
    /// within what tables exist): the director decides.
    NoTable { pieces: usize },
    /// Castling rights remain: the tables hold no such position.
    Castling,
    /// A table could not be read (a damaged file): the director decides,
    /// and the operator should look.
    Failed(String),
    /// The 50-move rule applies and the rounded DTZ cannot tell whether
    /// the win comes in time.
    Ambiguous,
    /// The rule set has no tablebase claims (`tablebase_claims = false`).
    ClaimsOff,
}

/// How many pieces stand on the board of `position`.
pub fn pieces(position: &Chess) -> usize {
    position.board().occupied().count()
}

/// What the tables say of `position` for `side` under `rules`.
pub fn verdict(
    tables: &Tables,
    rules: &RuleSet,
    position: &Chess,
    side: Color,
) -> Result<TableVerdict, Undecided> {
    let pieces = pieces(position);
    if pieces > TABLE_PIECES_LIMIT {
        return Err(Undecided::TooManyPieces { pieces });
    }
    let Some(prober) = &tables.0 else {
        return Err(Undecided::NoTable { pieces });
    };
    let dtz = match prober.dtz(position) {
        Ok(dtz) => dtz,
        Err(SyzygyError::Castling) => return Err(Undecided::Castling),
        Err(SyzygyError::TooManyPieces | SyzygyError::MissingTable { .. }) => {
            return Err(Undecided::NoTable { pieces })
        }
        Err(e) => return Err(Undecided::Failed(e.to_string())),
    };
    // the value with the position's halfmove clock: a win or loss the
    // 50-move rule spoils is "cursed" or "blessed"
    let under_fifty = AmbiguousWdl::from_dtz_and_halfmoves(dtz, position.halfmoves());
    let cursed = matches!(
        under_fifty,
        AmbiguousWdl::CursedWin | AmbiguousWdl::BlessedLoss
    );
    let to_move = match (rules.tablebase_fifty_moves, under_fifty.unambiguous()) {
        // ICCF: the tables' result, however long it takes
        (false, _) => Outcome::of_sign(dtz.signum()),
        (true, Some(Wdl::Win)) => Outcome::Win,
        (true, Some(Wdl::Loss)) => Outcome::Loss,
        (true, Some(_)) => Outcome::Draw,
        (true, None) => return Err(Undecided::Ambiguous),
    };
    let outcome = if position.turn() == side {
        to_move
    } else {
        to_move.flip()
    };
    Ok(TableVerdict {
        outcome,
        zeroing: dtz.ignore_rounding().0.unsigned_abs(),
        cursed,
    })
}

/// Whether the tables reach `position` (for the word that a claim may be
/// made): within their pieces, and a probe answers.
pub fn reaches(tables: &Tables, position: &Chess) -> bool {
    tables
        .0
        .as_ref()
        .is_some_and(|p| pieces(position) <= p.max_pieces() && p.dtz(position).is_ok())
}

/// Whether a move from `before` to `after` brings a game within the
/// tables for the first time: the pieces fall to what they hold.
pub fn newly_reached(tables: &Tables, before: &Chess, after: &Chess) -> bool {
    let Some(prober) = &tables.0 else {
        return false;
    };
    pieces(before) > prober.max_pieces() && reaches(tables, after)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::CastlingMode;

    /// A prober answering from a fixed list, for the referee's own tests.
    pub struct Fixed(pub Vec<(&'static str, i32)>);

    impl Prober for Fixed {
        fn max_pieces(&self) -> usize {
            4
        }
        fn dtz(&self, position: &Chess) -> Result<MaybeRounded<Dtz>, SyzygyError> {
            let fen = Fen::from_position(position, shakmaty::EnPassantMode::Legal).to_string();
            let board = fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
            self.0
                .iter()
                .find(|(f, _)| f.split(' ').take(2).collect::<Vec<_>>().join(" ") == board)
                .map(|&(_, d)| MaybeRounded::Precise(Dtz(d)))
                .ok_or(SyzygyError::TooManyPieces)
        }
    }

    pub fn tables(list: Vec<(&'static str, i32)>) -> Tables {
        Tables(Some(Arc::new(Fixed(list))))
    }

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    const KQK: &str = "8/8/8/4k3/8/8/8/4K2Q w - - 90 60";

    #[test]
    fn a_cursed_win_wins_under_iccf_and_draws_under_the_fifty_move_rule() {
        let t = tables(vec![(KQK, 17)]);
        let iccf = crate::referee::rules::find_preset("iccf")
            .unwrap()
            .rules
            .clone();
        let razsh = RuleSet::email();
        let p = position(KQK);
        let v = verdict(&t, &iccf, &p, Color::White).unwrap();
        assert_eq!((v.outcome, v.zeroing, v.cursed), (Outcome::Win, 17, true));
        assert_eq!(
            verdict(&t, &iccf, &p, Color::Black).unwrap().outcome,
            Outcome::Loss
        );
        let v = verdict(&t, &razsh, &p, Color::White).unwrap();
        assert_eq!(v.outcome, Outcome::Draw);
        // the same position with a fresh clock wins under both
        let fresh = position("8/8/8/4k3/8/8/8/4K2Q w - - 0 60");
        let t = tables(vec![(KQK, 17)]);
        assert_eq!(
            verdict(&t, &razsh, &fresh, Color::White).unwrap().outcome,
            Outcome::Win
        );
    }

    #[test]
    fn no_tables_too_many_pieces_and_castling_are_told_apart() {
        let none = Tables::default();
        let iccf = crate::referee::rules::find_preset("iccf")
            .unwrap()
            .rules
            .clone();
        assert_eq!(
            verdict(&none, &iccf, &position(KQK), Color::White),
            Err(Undecided::NoTable { pieces: 3 })
        );
        assert_eq!(
            verdict(&none, &iccf, &Chess::default(), Color::White),
            Err(Undecided::TooManyPieces { pieces: 32 })
        );
        let t = tables(vec![]);
        assert_eq!(
            verdict(&t, &iccf, &position(KQK), Color::White),
            Err(Undecided::NoTable { pieces: 3 })
        );
    }
}
