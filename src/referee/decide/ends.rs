//! A player's mail in his game that brings no new move to judge: a move
//! into a suspended game (kept), a mail without a move, the PGN, a move
//! already received, a protest, a resignation, a draw accepted or claimed,
//! and how a game ends.

use super::*;

impl Context<'_> {
    /// A mail into a suspended game: a valid move of the player to move is
    /// kept (applied if the claim is rejected); anything else is answered.
    /// The answer goes Cc the director when the player wrote words of his
    /// own (an explanation for the claim), which it relays.
    pub(super) fn mail_into_suspended(&self, written: &Written) -> Decision {
        let suspension = self.game.suspension().expect("called for a suspended game");
        let mut kept = None;
        let held = if self.game.to_move() != self.color
            || written.plies.is_empty()
            || suspension.held.is_some()
        {
            Held::Nothing
        } else {
            match self.read_record(written) {
                // kept like a plain move, with the variant moves it
                // accepts and the variant it offers
                Ok(Reading { new_move: None, .. }) => Held::Nothing,
                Ok(reading) => {
                    let new_move = reading.new_move.expect("matched above");
                    kept = Some(Event::Held {
                        uci: Game::uci(&new_move),
                        sent: self.inbound.arrival,
                        draw_offer: written.has("draw_offer"),
                        accepted: reading.accepted.iter().map(Game::uci).collect(),
                        offered: reading.offered.iter().map(Game::uci).collect(),
                    });
                    let mut moves = reading.accepted.clone();
                    moves.push(new_move);
                    Held::Kept(moves)
                }
                Err(_) => Held::Unreadable,
            }
        };
        let note = self.note_of(written);
        let relayed = !note.is_empty();
        let seat = self.seat(self.game);
        let why = if kept.is_some() {
            "held"
        } else {
            "game suspended"
        };
        let mut decision = self.tell(AnswerNotice::Suspended { seat, held, note }, why);
        if relayed {
            for letter in &mut decision.letters {
                letter.cc.push(Reader::director_of(self.t));
            }
        }
        if let Some(event) = kept {
            decision.verdicts = vec![Verdict::Held {
                game: self.spec.id.clone(),
            }];
            decision.events.push((self.spec.id.clone(), event));
        }
        // hidden conditional moves wait for the decision, but a series
        // may be cancelled at any time
        let black = usize::from(self.color == Color::Black);
        let cancel = written.hidden.as_ref().is_some_and(|h| h.cancel);
        if self.t.conditional && cancel && self.game.conditionals[black].is_some() {
            let event = Event::ConditionalCancelled {
                side: Side::from(self.color),
                on: self.inbound.arrival,
            };
            let mut after = self.game.clone();
            after.apply(&event).expect("a cancellation applies");
            decision.events.push((self.spec.id.clone(), event));
            let news = ConditionalNews::Cancelled { had: true };
            decision.letters.push(self.conditional_letter(&after, news));
        } else if let Some(news) = self.hidden_unread(written) {
            decision
                .letters
                .push(self.conditional_letter(self.game, news));
        }
        decision
    }

    /// A mail that holds no numbered move: not a move attempt, so no
    /// penalty (III.3.5 is for a mail that tries to move and fails). The
    /// answer says what was read, what was not, where moves were seen
    /// that the arbiter does not read, the game's state, and how to move.
    pub(super) fn no_move(&self, written: &Written) -> Decision {
        let mail = self.inbound.mail;
        let understood = written
            .commands
            .iter()
            .map(|c| match c {
                Command::DrawOffer => Understood::DrawOffer,
                _ => Understood::Command(c.name()),
            })
            .collect();
        let index = self.game.plies.len();
        let new_move_in = |text: &str| {
            scan(text)
                .plies
                .iter()
                .any(|p| p.ply(self.game.first_index()) == Some(index) && p.color == self.color)
        };
        let misplaced = [
            (!scan(&mail.subject).plies.is_empty(), Misplaced::Subject),
            (new_move_in(&mail.quoted), Misplaced::Quote),
            (
                !scan(&mail.attached).plies.is_empty(),
                Misplaced::Attachment,
            ),
        ]
        .into_iter()
        .filter_map(|(found, place)| found.then_some(place))
        .collect();
        let words = written.words.iter().take(5).map(|l| clip(l, 80)).collect();
        self.tell(
            AnswerNotice::NoMove {
                seat: self.seat(self.game),
                understood,
                misplaced,
                words,
                question: super::moves::question(written)
                    .map(|note| matches!(note, MoverNote::Question { deadline: true })),
            },
            "no move",
        )
    }

    /// The game so far as PGN, To the sender.
    pub(super) fn pgn(&self) -> Decision {
        self.tell(
            AnswerNotice::Pgn {
                seat: self.seat(self.game),
            },
            "pgn",
        )
    }

    /// Whether the mail repeats the sender's own last move, already
    /// received and forwarded: not a fault, nothing recorded.
    pub(super) fn already_received(&self, written: &Written) -> bool {
        let Some(last) = self.game.plies.len().checked_sub(1) else {
            return false;
        };
        let ply = &self.game.plies[last];
        if ply.color != self.color {
            return false;
        }
        let letters = notation::Letters::of(
            written.plies.iter().map(|p| p.text.as_str()),
            self.player.language,
        );
        written.plies.iter().any(|wp| {
            wp.ply(self.game.first_index()) == Some(last)
                && (repeats(self.game, last, &wp.text, letters)
                    || notation::parse_move_with(
                        &self.game.position_before(last),
                        &wp.text,
                        letters,
                    )
                    .is_ok_and(|m| m == ply.mv))
        })
    }

    /// `PROTEST` against the pending claim against the sender, within the
    /// protest days (III.6.4, II.6.5): recorded, passed on to the director
    /// with the sender's own words as its reasons, and acknowledged; else
    /// answered with why not: too late (also after the claim was confirmed
    /// when its days had passed: the last day protests were taken), or no
    /// claim against him.
    pub(super) fn protest(&self, written: &Written) -> Decision {
        let today = self.inbound.arrival;
        let pending = self
            .game
            .claim
            .as_ref()
            .filter(|c| c.against == self.color)
            .map(|c| c.protest_until(&self.t.rules));
        let black = usize::from(self.color == Color::Black);
        let confirmed = self.game.confirmed_claims[black]
            .as_ref()
            .map(|c| c.protest_until(&self.t.rules))
            .filter(|until| today > *until);
        let until = pending.or(confirmed);
        let accepted = pending.is_some_and(|until| today <= until);
        let event = Event::Protested { on: today };
        let mut after = self.game.clone();
        if accepted {
            let _ = after.apply(&event);
        }
        let mut decision = self.replier.tell(
            self.reader(),
            Notice::Official(OfficialNotice::ProtestAnswer {
                game: Box::new(after.clone()),
                accepted,
                until,
                today,
            }),
            Some(&self.spec.id),
            if accepted {
                "protest"
            } else {
                "protest refused"
            },
        );
        if !accepted {
            return decision;
        }
        decision.events.push((self.spec.id.clone(), event));
        decision.letters.push(Letter::new(
            vec![Reader::director_of(self.t)],
            vec![],
            Notice::Official(OfficialNotice::Protest {
                game: Box::new(after),
                color: self.color,
                reasons: written.words.join("\n"),
                today,
            }),
            Some(&self.spec.id),
        ));
        decision
    }

    pub(super) fn resign(&self, written: &Written) -> Decision {
        let mut decision = Decision::default();
        let mut after = self.game.clone();
        self.end_with(
            &mut decision,
            &mut after,
            GameResult::win_for(!self.color),
            EndReason::Resignation,
            self.note_of(written),
        );
        decision
    }

    pub(super) fn accept_draw(&self, written: &Written) -> Decision {
        if self.game.pending_draw_offer() == Some(!self.color) {
            let mut decision = Decision::default();
            let mut after = self.game.clone();
            self.end_with(
                &mut decision,
                &mut after,
                GameResult::Draw,
                EndReason::DrawAgreed,
                self.note_of(written),
            );
            return decision;
        }
        self.tell(
            AnswerNotice::NoDrawOffer {
                seat: self.seat(self.game),
            },
            "no draw offer",
        )
    }

    /// Ends the game: the event and the result mail To both, Cc the director.
    pub(super) fn end(
        &self,
        decision: &mut Decision,
        after: &mut Game,
        result: GameResult,
        reason: EndReason,
    ) {
        self.end_with(decision, after, result, reason, vec![]);
    }

    /// Ends the game by the sender's mail, his own words relayed.
    pub(super) fn end_with(
        &self,
        decision: &mut Decision,
        after: &mut Game,
        result: GameResult,
        reason: EndReason,
        note: Vec<String>,
    ) {
        let ended = Event::Ended {
            result,
            reason,
            on: self.inbound.arrival,
        };
        after.apply(&ended).expect("an ending always applies");
        decision.events.push((self.spec.id.clone(), ended));
        decision.verdicts.push(Verdict::Ended {
            game: self.spec.id.clone(),
            result,
        });
        let note = (!note.is_empty()).then_some((self.color, note));
        let mut letter = compose::result_with_note(self.t, self.spec, after, note);
        self.replier.thread_letter(&mut letter);
        decision.letters.push(letter);
    }
}
