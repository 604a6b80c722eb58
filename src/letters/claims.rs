//! The texts of tablebase claims: what became of a player's claim (alone
//! or with his move), the claim the director decides, the word that the
//! tables reach a game, and the tables' verdict in an adjudication.

use super::{Audience, Text};
use crate::referee::endgame::{self, Claim, Outcome, TableVerdict, Undecided};
use crate::referee::game::Game;
use crate::referee::notice::answers::{ClaimNews, Seat};
use crate::referee::notice::officials::TableClaim;
use crate::referee::tournament::{Lang, League, Tournament};
use crate::render::{color_name, date_in, game_board, numbered_in};
use crate::t;
use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

fn claim_key(claim: Claim) -> &'static str {
    match claim {
        Claim::Win => "win",
        Claim::Draw => "draw",
    }
}

fn outcome_key(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}

fn yes(flag: bool) -> &'static str {
    if flag {
        "yes"
    } else {
        "no"
    }
}

/// The answer to a claim without a move that did not end the game: its
/// subject's key and its text.
pub(super) fn answer(
    league: &League,
    seat: &Seat,
    news: &ClaimNews,
    lang: Lang,
) -> (&'static str, String) {
    let (t, _) = super::game_of(league, &seat.game);
    (
        subject_key(news),
        self::news(news, false, t.rules.tablebase_fifty_moves, lang),
    )
}

/// `CLAIM DRAW` without a move, refused: neither threefold repetition
/// nor fifty moves, and no tablebase claim.
pub(super) fn draw_refused(seat: &Seat, lang: Lang) -> String {
    t!(
        lang,
        "answer-draw-claim-refused",
        position = draw_position(&seat.game, lang)
    )
}

/// The numbers of a refused draw claim: repetitions of the position, moves
/// without a capture or a pawn move.
pub(super) fn draw_position(game: &Game, lang: Lang) -> String {
    t!(
        lang,
        "answer-draw-position",
        repetitions = game.repetitions(),
        moves = game.position().halfmoves() / 2
    )
}

/// The mover's note on the claim he sent with his move.
pub(super) fn note(t: &Tournament, news: &ClaimNews, lang: Lang) -> String {
    self::news(news, true, t.rules.tablebase_fifty_moves, lang)
}

/// The subject of a claim's answer.
fn subject_key(news: &ClaimNews) -> &'static str {
    match news {
        ClaimNews::ToDirector { .. } => "answer-table-claim-director-subject",
        _ => "answer-table-claim-refused-subject",
    }
}

/// What became of the claim, to the claimant: `moved` when it came with
/// his move (which stands), `fifty` when the 50-move rule applies to the
/// tables' wins.
pub(super) fn news(news: &ClaimNews, moved: bool, fifty: bool, lang: Lang) -> String {
    let moved = yes(moved);
    match news {
        ClaimNews::Refused { claim, tables } => t!(
            lang,
            "answer-table-claim-refused",
            claim = claim_key(*claim),
            tables = outcome_key(tables.outcome),
            moved = moved,
            cursed = yes(tables.cursed),
            fifty = yes(fifty)
        ),
        ClaimNews::TooManyPieces { claim, pieces } => t!(
            lang,
            "answer-table-claim-pieces",
            claim = claim_key(*claim),
            pieces = *pieces,
            moved = moved,
            limit = endgame::TABLE_PIECES_LIMIT
        ),
        ClaimNews::ToDirector { claim } => t!(
            lang,
            "answer-table-claim-director",
            claim = claim_key(*claim),
            moved = moved
        ),
        ClaimNews::NotYourTurn { claim } => {
            t!(lang, "answer-table-claim-turn", claim = claim_key(*claim))
        }
    }
}

/// The claim the director decides: who claims what, on which position,
/// why the tables do not decide it, and his commands.
pub(super) fn to_director(league: &League, claimed: &TableClaim, audience: &Audience) -> Text {
    let TableClaim {
        game,
        color,
        claim,
        why,
        moved,
        today,
    } = claimed;
    let (color, claim, moved, today) = (*color, *claim, *moved, *today);
    let lang = audience.lang;
    let (t, spec) = super::game_of(league, game);
    let (why_key, pieces, error) = match why {
        Undecided::ClaimsOff => ("claims-off", 0, String::new()),
        Undecided::NoTable { pieces } | Undecided::TooManyPieces { pieces } => {
            ("no-table", *pieces, String::new())
        }
        Undecided::Castling => ("castling", 0, String::new()),
        Undecided::Failed(e) => ("failed", 0, e.clone()),
        Undecided::Ambiguous => ("ambiguous", 0, String::new()),
    };
    let why = t!(
        lang,
        "official-table-claim-why",
        why = why_key,
        pieces = pieces,
        error = error
    );
    let last = if moved && !game.plies.is_empty() {
        numbered_in(game, game.plies.len() - 1, t.notation, lang)
    } else {
        String::new()
    };
    let body = t!(
        lang,
        "official-table-claim-body",
        name = &t.player_of(spec, color).natural_name(),
        side = color_name(color, lang),
        claim = claim_key(claim),
        game = &spec.id,
        today = date_in(today, lang),
        moved = yes(moved),
        move = last,
        why = why
    );
    let fen = Fen::from_position(game.position(), EnPassantMode::Legal).to_string();
    Text {
        subject: super::game_subject(t, spec, &t!(lang, "official-table-claim-subject")),
        body: format!(
            "{}{body}\n\n{}\n{}\n\n{}",
            audience.greeting(),
            t!(lang, "official-table-claim-position", fen = fen),
            game_board(game, lang, color).trim_end(),
            t!(lang, "official-table-claim-decide", game = &spec.id)
        ),
    }
}

/// The word that the game is within the tables and that the player to
/// move may claim: in a forward, the move brought it there; in the
/// opening mail (`start`), the game starts there.
pub(super) fn reached(game: &Game, start: bool, lang: Lang) -> String {
    t!(
        lang,
        "game-forward-tables",
        start = yes(start),
        pieces = endgame::pieces(game.position())
    )
}

/// The tables' verdict on a game's final position in an adjudication,
/// for the player to move.
pub(super) fn adjudication(game: &Game, verdict: &TableVerdict, lang: Lang) -> String {
    let to_move = game.to_move();
    t!(
        lang,
        "adj-opened-tables",
        color = crate::render::side_key(to_move),
        outcome = outcome_key(verdict.outcome),
        zeroing = verdict.zeroing,
        cursed = yes(verdict.cursed)
    )
}
