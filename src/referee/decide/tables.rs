//! Tablebase claims in a running game (ICCF): `CLAIM WIN` or `CLAIM DRAW`
//! by the player to move, on the position on the board or, with his
//! move, on the position after it. The endgame tables decide where they
//! reach and the rule set allows it; elsewhere the director does. A
//! refused claim costs nothing, and a move sent with a claim stands
//! whatever becomes of the claim (as the Laws' draw claim with a move).

use super::*;
use crate::referee::endgame::{self, Claim, Undecided, TABLE_PIECES_LIMIT};
use crate::referee::notice::answers::ClaimNews;
use crate::referee::notice::officials::TableClaim;

/// What a tablebase claim comes to.
pub(super) enum Judgement {
    /// The tables give the claimed result: the game ends with it.
    Holds(GameResult),
    /// Refused (no penalty), or not a tablebase claim at all.
    Refused(ClaimNews),
    /// The tables do not decide it: the director does.
    Director(Undecided),
}

/// The tablebase claim a mail makes, if any.
pub(super) fn claim_of(written: &Written) -> Option<Claim> {
    if written.has("claim_win") {
        Some(Claim::Win)
    } else if written.has("claim_draw") {
        Some(Claim::Draw)
    } else {
        None
    }
}

impl Context<'_> {
    /// `claim` by this mail's sender on `position` (his to move, or his
    /// partner's after his move).
    pub(super) fn judge_claim(&self, claim: Claim, position: &Chess) -> Judgement {
        let pieces = endgame::pieces(position);
        if pieces > TABLE_PIECES_LIMIT {
            return Judgement::Refused(ClaimNews::TooManyPieces { claim, pieces });
        }
        if !self.t.rules.tablebase_claims {
            return Judgement::Director(Undecided::ClaimsOff);
        }
        match endgame::verdict(self.tables, &self.t.rules, position, self.color) {
            Ok(v) if v.outcome.is(claim) => Judgement::Holds(match claim {
                Claim::Win => GameResult::win_for(self.color),
                Claim::Draw => GameResult::Draw,
            }),
            Ok(tables) => Judgement::Refused(ClaimNews::Refused { claim, tables }),
            Err(Undecided::TooManyPieces { pieces }) => {
                Judgement::Refused(ClaimNews::TooManyPieces { claim, pieces })
            }
            Err(why) => Judgement::Director(why),
        }
    }

    /// The mail To the director with a claim he decides.
    pub(super) fn claim_to_director(
        &self,
        claim: Claim,
        why: Undecided,
        game: &Game,
        moved: bool,
    ) -> Letter {
        Letter::new(
            vec![Reader::director_of(self.t)],
            vec![],
            Notice::Official(OfficialNotice::TableClaim(Box::new(TableClaim {
                game: game.clone(),
                color: self.color,
                claim,
                why,
                moved,
                today: self.inbound.arrival,
            }))),
            Some(&self.spec.id),
        )
    }

    /// `CLAIM WIN` / `CLAIM DRAW` without a move: a draw by threefold
    /// repetition or fifty moves as the Laws have it; otherwise the
    /// tables, on the position on the board, the claimant to move.
    pub(super) fn claim_now(&self, claim: Claim) -> Decision {
        if claim == Claim::Draw {
            if let Some(reason) = claim_verdict(self.game) {
                let mut decision = Decision::default();
                let mut after = self.game.clone();
                self.end(&mut decision, &mut after, GameResult::Draw, reason);
                return decision;
            }
        }
        let seat = self.seat(self.game);
        if self.game.to_move() != self.color {
            return self.tell(
                AnswerNotice::TableClaim {
                    seat,
                    news: ClaimNews::NotYourTurn { claim },
                },
                "claim refused: not his move",
            );
        }
        match self.judge_claim(claim, self.game.position()) {
            Judgement::Holds(result) => {
                let mut decision = Decision::default();
                let mut after = self.game.clone();
                self.end(&mut decision, &mut after, result, EndReason::Tablebase);
                decision
            }
            Judgement::Refused(ClaimNews::TooManyPieces { .. }) if claim == Claim::Draw => self
                .tell(
                    AnswerNotice::DrawClaimRefused { seat },
                    "draw claim refused",
                ),
            Judgement::Refused(news) => self.tell(
                AnswerNotice::TableClaim { seat, news },
                "tablebase claim refused",
            ),
            Judgement::Director(why) => {
                let mut decision = self.tell(
                    AnswerNotice::TableClaim {
                        seat,
                        news: ClaimNews::ToDirector { claim },
                    },
                    "tablebase claim sent to the director",
                );
                decision
                    .letters
                    .push(self.claim_to_director(claim, why, self.game, false));
                decision
            }
        }
    }

    /// The claim sent with a move, on the position `after` it: the end it
    /// brings, or a note for the mover (and a letter to the director
    /// where he decides). The move stands either way.
    pub(super) fn claim_with_move(
        &self,
        written: &Written,
        after: &Game,
        notes: &mut Vec<MoverNote>,
        letters: &mut Vec<Letter>,
    ) -> Option<(GameResult, EndReason)> {
        let claim = claim_of(written)?;
        if after.natural_end().is_some() {
            return None;
        }
        if claim == Claim::Draw {
            if let Some(reason) = claim_verdict(after) {
                return Some((GameResult::Draw, reason));
            }
        }
        match self.judge_claim(claim, after.position()) {
            Judgement::Holds(result) => return Some((result, EndReason::Tablebase)),
            Judgement::Refused(ClaimNews::TooManyPieces { .. }) if claim == Claim::Draw => {
                notes.push(MoverNote::DrawClaimRefused);
            }
            Judgement::Refused(news) => notes.push(MoverNote::TableClaim { news }),
            Judgement::Director(why) => {
                notes.push(MoverNote::TableClaim {
                    news: ClaimNews::ToDirector { claim },
                });
                letters.push(self.claim_to_director(claim, why, after, true));
            }
        }
        None
    }

    /// Whether this move brings the game within the tables for the first
    /// time, tablebase claims being on.
    pub(super) fn tables_reached(&self, after: &Game) -> bool {
        self.t.rules.tablebase_claims
            && endgame::newly_reached(self.tables, self.game.position(), after.position())
    }
}
