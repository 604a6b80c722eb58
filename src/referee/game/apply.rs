//! Applying a stored event to a game: each kind of event, a move played
//! with its days, the hidden conditional series followed, the bound on
//! days kept; a record that does not fit is an error, never a panic.

use super::*;

impl Game {
    /// Applies one event.
    ///
    /// # Errors
    /// [`ReplayError`] when a move event is not legal here.
    pub fn apply(&mut self, event: &Event) -> Result<(), ReplayError> {
        let misfit = |why: &'static str| ReplayError::Misfit {
            game: self.spec.id.clone(),
            ply: self.plies.len(),
            event: event.name(),
            why,
        };
        let finished = self.ending.is_some();
        let suspended = self.suspension().is_some();
        let claimed = self.claim.is_some();
        match event {
            Event::Moved { .. }
            | Event::VariantOffered { .. }
            | Event::VariantPlayed { .. }
            | Event::ConditionalSet { .. }
            | Event::ConditionalPlayed { .. }
            | Event::Held { .. }
            | Event::Suspended { .. }
            | Event::Ended { .. }
                if finished =>
            {
                return Err(misfit("the game is over"));
            }
            Event::Held { .. } if !suspended => return Err(misfit("the game is not suspended")),
            Event::Held { .. } if self.suspension().is_some_and(|s| s.held.is_some()) => {
                return Err(misfit("a move is already held"));
            }
            Event::ClaimConfirmed { .. }
            | Event::ClaimRejected { .. }
            | Event::Protested { .. }
            | Event::ConfirmHeld { .. }
                if !claimed =>
            {
                return Err(misfit("no claim is pending"));
            }
            Event::Forwarded { on } if self.plies.last().is_none_or(|p| *on < p.sent) => {
                return Err(misfit("no move sent before that day"));
            }
            Event::Suspended { .. } if claimed => return Err(misfit("a claim is already pending")),
            Event::VariantOffered { .. } if self.plies.is_empty() => {
                return Err(misfit("a variant follows a move"));
            }
            Event::VariantPlayed { .. } if self.offer.is_none() => {
                return Err(misfit("no variant is offered"));
            }
            Event::ConditionalSet { side, .. } if self.to_move() == Color::from(*side) => {
                return Err(misfit(
                    "a conditional series is left while the opponent is to move",
                ));
            }
            Event::ConditionalPlayed { .. } if self.conditional_due().is_none() => {
                return Err(misfit("no conditional answer is due"));
            }
            Event::AdjudicationOpened { .. } if finished => {
                return Err(misfit("the game is over"));
            }
            Event::AdjudicationOpened { .. } if self.adjudication.is_some() => {
                return Err(misfit("the game is already in adjudication"));
            }
            Event::Moved { .. } if self.adjudicated_move_made() => {
                return Err(misfit("the game is in adjudication"));
            }
            Event::VariantOffered { .. }
            | Event::VariantPlayed { .. }
            | Event::ConditionalSet { .. }
            | Event::ConditionalPlayed { .. }
            | Event::Suspended { .. }
                if self.adjudication.is_some() =>
            {
                return Err(misfit("the game is in adjudication"));
            }
            Event::AdjudicationClaimed { .. } | Event::AdjudicationOverdue { .. }
                if finished || self.adjudication.is_none() =>
            {
                return Err(misfit("the game is not in adjudication"));
            }
            Event::Appealed { .. } | Event::AdjudicationFinal { .. }
                if self.appeal_open().is_none() =>
            {
                return Err(misfit("no adjudicated result is open to appeal"));
            }
            _ => {}
        }
        let add = |total: u32, days: u32| {
            total
                .checked_add(days)
                .filter(|t| *t <= MAX_DAYS)
                .ok_or_else(|| misfit("the days exceed the bound"))
        };
        match event {
            Event::Opened { on } => self.opened = Some(*on),
            Event::Moved {
                uci,
                sent,
                draw_offer,
            } => {
                if let Err(e) = self.play(uci, *sent, *draw_offer, Made::Mail) {
                    return Err(e.unwrap_or_else(|| self.bound_error(event)));
                }
                // the partner's own move answers the variant: what he did
                // not accept lapses (docs/rules.md, Readings)
                self.offer = None;
            }
            Event::ConditionalPlayed { uci, sent } => {
                let due = self.conditional_due().expect("checked above");
                let fits = uci
                    .parse::<UciMove>()
                    .ok()
                    .and_then(|u| u.to_move(self.position()).ok())
                    .is_some_and(|m| m == due);
                if !fits {
                    return Err(misfit("not the due move of the conditional series"));
                }
                if let Err(e) = self.play(uci, *sent, false, Made::Conditional) {
                    return Err(e.unwrap_or_else(|| self.bound_error(event)));
                }
                // an automatic reply answers a visible variant as a move would
                self.offer = None;
            }
            Event::ConditionalSet { side, moves, on } => {
                let by = Color::from(*side);
                let (played, positions) = self
                    .series(moves)
                    .ok_or_else(|| misfit("a move of the conditional series is not legal"))?;
                if played.len() < 2 || played.len() % 2 != 0 {
                    return Err(misfit("a conditional series ends with a move of its owner"));
                }
                self.conditionals[idx(by)] = Some(Box::new(Offer {
                    by,
                    from_ply: self.plies.len(),
                    moves: played,
                    positions,
                    on: *on,
                }));
            }
            Event::ConditionalCancelled { side, .. } => {
                self.conditionals[idx(Color::from(*side))] = None;
            }
            Event::VariantPlayed { uci, sent } => {
                let offer = self.offer.as_ref().expect("checked above");
                let k = self.plies.len().wrapping_sub(offer.from_ply);
                let fits = uci
                    .parse::<UciMove>()
                    .ok()
                    .and_then(|u| u.to_move(self.position()).ok())
                    .is_some_and(|m| offer.moves.get(k) == Some(&m));
                if !fits {
                    return Err(misfit("not the next move of the offered variant"));
                }
                if let Err(e) = self.play(uci, *sent, false, Made::Variant) {
                    return Err(e.unwrap_or_else(|| self.bound_error(event)));
                }
            }
            Event::VariantOffered { moves, on } => {
                let by = !self.position().turn();
                let (played, positions) = self
                    .series(moves)
                    .ok_or_else(|| misfit("a move of the variant is not legal"))?;
                if played.len() < 2 || played.len() % 2 != 0 {
                    return Err(misfit("a variant ends with a move of its proposer"));
                }
                let on = on.unwrap_or_else(|| self.plies.last().expect("checked above").sent);
                self.offer = Some(Box::new(Offer {
                    by,
                    from_ply: self.plies.len(),
                    moves: played,
                    positions,
                    on,
                }));
            }
            Event::Penalty {
                side,
                days,
                on,
                reason,
            } => {
                let color = Color::from(*side);
                self.totals[idx(color)] = add(self.totals[idx(color)], *days)?;
                self.penalties.push(Penalty {
                    color,
                    days: *days,
                    on: *on,
                    reason: reason.clone(),
                });
            }
            Event::Ended { result, reason, on } => {
                // a loss on time counts what the confirmed claim counted:
                // the days of the move awaited up to the claim's day
                if let Some((color, claimed)) = self.last_confirmed.filter(|(c, _)| {
                    *reason == EndReason::TimeForfeit && *result == GameResult::win_for(!*c)
                }) {
                    let days = self.thinking(color, claimed);
                    self.totals[idx(color)] = add(self.totals[idx(color)], days)?;
                    self.forfeit = Some(Forfeit {
                        color,
                        days,
                        counted_to: claimed,
                    });
                }
                self.claim = None;
                self.offer = None;
                self.conditionals = [None, None];
                self.ending = Some(Ending {
                    result: *result,
                    reason: *reason,
                    on: *on,
                })
            }
            Event::Suspended {
                side,
                on,
                used,
                allowance,
                control,
                interrupts,
            } => {
                self.claim = Some(Box::new(Claim {
                    against: Color::from(*side),
                    on: *on,
                    used: *used,
                    allowance: *allowance,
                    control: *control,
                    interrupts: *interrupts,
                    at_ply: self.plies.len(),
                    held: None,
                    protested: None,
                    confirm_held: None,
                }))
            }
            Event::Protested { on } => {
                if let Some(claim) = self.claim.as_mut() {
                    claim.protested.get_or_insert(*on);
                }
            }
            Event::ConfirmHeld { on } => {
                if let Some(claim) = self.claim.as_mut() {
                    claim.confirm_held.get_or_insert(*on);
                }
            }
            Event::Held {
                uci,
                sent,
                draw_offer,
                accepted,
                offered,
            } => {
                if let Some(s) = self.claim.as_mut().filter(|c| c.interrupts) {
                    s.held = Some(HeldMove {
                        uci: uci.clone(),
                        sent: *sent,
                        draw_offer: *draw_offer,
                        accepted: accepted.clone(),
                        offered: offered.clone(),
                    });
                }
            }
            Event::Forwarded { on } => {
                if let Some(ply) = self.plies.last_mut() {
                    ply.forwarded = *on;
                }
            }
            Event::ClaimConfirmed { .. } => {
                if let Some(s) = self.claim.take() {
                    self.last_confirmed = Some((s.against, s.on));
                    self.oversteps[idx(s.against)] += 1;
                    self.confirmed_at[idx(s.against)] = Some(s.at_ply);
                    let against = idx(s.against);
                    self.confirmed_claims[against] = Some(s);
                }
            }
            Event::ClaimRejected { .. } => {
                if let Some(s) = self.claim.take() {
                    self.claim_bar[idx(s.against)] = Some(s.control);
                }
            }
            Event::OverstepReset { side, .. } => {
                let color = Color::from(*side);
                match self.overstepping_ply(color) {
                    // play went on during the claim: the count restarts
                    // after the overstepping move, already made
                    Some(k) => {
                        self.resets[idx(color)] = Some(Reset {
                            moves_before: self.plies[..=k]
                                .iter()
                                .filter(|p| p.color == color)
                                .count() as u32,
                            total_before: self.plies[k].total,
                        });
                    }
                    // held or still awaited: it places the reset when made
                    None => self.reset_pending[idx(color)] = true,
                }
                self.confirmed_at[idx(color)] = None;
            }
            Event::Reminded { .. } => {
                *self.reminded.entry(self.plies.len()).or_default() += 1;
            }
            Event::Warned { level, .. } => {
                self.warned.insert((self.plies.len(), *level));
            }
            Event::InactivityReported { .. } => {
                self.inactivity_reported.insert(self.plies.len());
            }
            Event::BreakdownReported { .. } => {
                self.breakdown_reported.insert(self.plies.len());
            }
            Event::AdjudicationOpened { on, reason } => {
                self.offer = None;
                self.conditionals = [None, None];
                self.adjudication = Some(Adjudication {
                    on: *on,
                    reason: *reason,
                    at_ply: self.plies.len(),
                    claims: [None, None],
                    overdue: None,
                    appeals: [None, None],
                    final_on: None,
                });
            }
            Event::AdjudicationClaimed { side, result, on } => {
                if let Some(a) = self.adjudication.as_mut() {
                    a.claims[idx(Color::from(*side))] = Some((*result, *on));
                }
            }
            Event::AdjudicationOverdue { on } => {
                if let Some(a) = self.adjudication.as_mut() {
                    a.overdue = Some(*on);
                }
            }
            Event::Appealed { side, on } => {
                if let Some(a) = self.adjudication.as_mut() {
                    a.appeals[idx(Color::from(*side))] = Some(*on);
                }
            }
            Event::AdjudicationFinal { on, result } => {
                if let Some(a) = self.adjudication.as_mut() {
                    a.final_on = Some(*on);
                }
                if let (Some(ending), Some(result)) = (self.ending.as_mut(), result) {
                    ending.result = *result;
                    ending.on = *on;
                }
            }
        }
        Ok(())
    }

    /// `moves` (UCI) played one by one from the position now: the moves
    /// and the position before each, or `None` when one is not legal.
    pub(super) fn series(&self, moves: &[String]) -> Option<(Vec<Move>, Vec<Chess>)> {
        let mut pos = self.position().clone();
        let mut played = Vec::new();
        let mut positions = Vec::new();
        for uci in moves {
            let mv = uci.parse::<UciMove>().ok()?.to_move(&pos).ok()?;
            positions.push(pos.clone());
            pos = pos.play(mv).ok()?;
            played.push(mv);
        }
        Some((played, positions))
    }

    /// The move the side to move must make from its hidden series: the
    /// opponent's last move matched it and its answer is due.
    pub fn conditional_due(&self) -> Option<Move> {
        let c = self.conditionals[idx(self.to_move())].as_ref()?;
        let k = self.plies.len().checked_sub(c.from_ply)?;
        (k % 2 == 1).then(|| c.moves.get(k).copied()).flatten()
    }

    /// After a ply at `index`: a hidden series it does not follow is
    /// dropped, one it completes is done.
    pub(super) fn follow_conditionals(&mut self, index: usize, mv: Move) {
        for slot in &mut self.conditionals {
            let keep = slot.as_ref().is_some_and(|c| {
                let k = index.wrapping_sub(c.from_ply);
                index >= c.from_ply && c.moves.get(k) == Some(&mv) && k + 1 < c.moves.len()
            });
            if !keep {
                *slot = None;
            }
        }
    }

    /// A count past [`MAX_DAYS`].
    pub(super) fn bound_error(&self, event: &Event) -> ReplayError {
        ReplayError::Misfit {
            game: self.spec.id.clone(),
            ply: self.plies.len(),
            event: event.name(),
            why: "the days exceed the bound",
        }
    }

    /// Records one move sent on `sent`. A move of an accepted variant takes
    /// no days (III.4.6): the proposer's is made on the day its condition
    /// was sent, the partner's accepted ones on the day he sent them, and
    /// his reply after them is timed from the day he received the variant.
    ///
    /// # Errors
    /// `Some` for an illegal move, `None` for days past the bound.
    pub(super) fn play(
        &mut self,
        uci: &str,
        sent: NaiveDate,
        draw_offer: bool,
        made: Made,
    ) -> Result<(), Option<ReplayError>> {
        let variant = made == Made::Variant;
        let pos = &self.current;
        let illegal = || ReplayError::IllegalMove {
            game: self.spec.id.clone(),
            ply: self.plies.len(),
            uci: uci.to_string(),
        };
        let mv = uci
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(pos).ok())
            .ok_or_else(|| Some(illegal()))?;
        let color = pos.turn();
        let number = pos.fullmoves().get();
        let proposer = self.offer.as_ref().map(|o| o.by);
        let received = if variant && proposer == Some(color) {
            sent
        } else {
            // after accepted variant moves: the day the variant came
            let first_of_run = self
                .plies
                .iter()
                .rposition(|p| !p.variant)
                .map_or(0, |k| k + 1);
            match self.plies.get(first_of_run) {
                Some(first) if first_of_run < self.plies.len() => first.received,
                _ => self.next_received(),
            }
        };
        // in adjudication the clocks stopped on its day (III.9.4)
        let until = self.adjudication.as_ref().map_or(sent, |a| sent.min(a.on));
        let time = clock::move_time(
            received.min(until),
            until,
            self.start,
            &self.leaves[idx(color)],
        );
        let (days, leave_days) = if made != Made::Mail {
            (0, 0)
        } else {
            (self.charged(time.days), time.leave_days)
        };
        let total = self.totals[idx(color)]
            .checked_add(days)
            .filter(|t| *t <= MAX_DAYS)
            .ok_or(None)?;
        self.totals[idx(color)] = total;
        // the move is legal (`to_move` checked it): its SAN, with the check
        // or mate sign, is written while it is played, from the position after
        let mut next = self.current.clone();
        let san = LazySan::default();
        if self.replaying {
            next.play_unchecked(mv);
        } else {
            let _ = san.0.set(MoveText::of(
                &shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut next, mv),
            ));
        }
        let ply = Ply {
            number,
            color,
            san,
            mv,
            received,
            sent,
            forwarded: sent,
            days,
            leave_days,
            total,
            draw_offer,
            variant,
            conditional: made == Made::Conditional,
        };
        self.follow_conditionals(self.plies.len(), mv);
        self.plies.push(ply);
        self.hashes.push(hash(&next));
        self.current = next;
        if std::mem::take(&mut self.reset_pending[idx(color)]) {
            self.resets[idx(color)] = Some(Reset {
                moves_before: self.moves_made(color),
                total_before: self.totals[idx(color)],
            });
        }
        Ok(())
    }
}
