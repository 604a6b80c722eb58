//! A player's move mail in one of his games, judged: the record he wrote
//! read against the game (the partner's move repeated, variants accepted,
//! the new move), the faults and their penalties, the dates he stated, his
//! note to the partner; the accepted move committed with its notices.

use super::*;

/// Everything known while judging one mail in one game.
pub(super) struct Context<'a> {
    /// The arbiter's display name (a greeting to it is not a note).
    pub(super) arbiter: &'a str,
    pub(super) t: &'a Tournament,
    pub(super) spec: &'a GameSpec,
    pub(super) game: &'a Game,
    pub(super) player: &'a Player,
    pub(super) color: Color,
    pub(super) inbound: &'a Inbound<'a>,
    pub(super) replier: &'a Replier<'a>,
    /// The arbiter's endgame tables, for tablebase claims.
    pub(super) tables: &'a crate::referee::endgame::Tables,
}

/// Why a move mail is refused.
pub(super) enum Fault {
    /// The partner's last move is missing or written wrongly (III.3.3).
    Repetition(answers::Fault),
    /// No new move (III.3.5).
    NoMove,
    /// The new move is illegible, impossible or ambiguous (III.3.4).
    Move(MoveError, u32),
}

/// A move mail read against the record: the moves of the partner's
/// variant it accepts, the new move, and the variant it offers.
pub(super) struct Reading {
    /// Accepted moves of the partner's variant, in order (III.3.8).
    pub(super) accepted: Vec<Move>,
    /// `None` when the last accepted move ended the game (mate,
    /// stalemate): no reply is due.
    pub(super) new_move: Option<Move>,
    /// The variant offered after the new move, checked: partner's reply
    /// first, a move of the sender last (III.3.7).
    pub(super) offered: Vec<Move>,
    /// What the sender should know of his variant: refused, or a trailing
    /// move ignored.
    pub(super) notes: Vec<MoverNote>,
}

/// The written moves of one half-move (one move may be written twice, in
/// two notations, III.3.6).
pub(super) struct Group<'w> {
    pub(super) index: usize,
    pub(super) writings: Vec<&'w WrittenPly>,
}

impl Group<'_> {
    /// The move the group stands for in `pos`: every writing that reads
    /// must read as the same move.
    pub(super) fn read(&self, pos: &Chess, letters: notation::Letters) -> Result<Move, Fault> {
        let mut found: Option<(&WrittenPly, Move)> = None;
        let mut fault = None;
        for wp in &self.writings {
            match (&found, notation::parse_move_with(pos, &wp.text, letters)) {
                (None, Ok(m)) => found = Some((wp, m)),
                (None, Err(e)) if fault.is_none() => fault = Some(Fault::Move(e, wp.number)),
                (Some((first_wp, first)), Ok(m)) if m != *first => {
                    return Err(Fault::Move(
                        MoveError::Ambiguous {
                            written: format!("{} / {}", first_wp.text, wp.text),
                            candidates: vec![],
                        },
                        wp.number,
                    ))
                }
                _ => {}
            }
        }
        match (found, fault) {
            (_, Some(f)) => Err(f),
            (Some((_, m)), None) => Ok(m),
            (None, None) => Err(Fault::NoMove),
        }
    }

    pub(super) fn written(&self) -> String {
        written_numbered(self.writings[0])
    }
}

/// The written moves beyond the record, grouped by half-move in the order
/// written.
/// `first` is the [`WrittenPly::index`] of the game's first ply, `len` the
/// number of its plies.
pub(super) fn groups(plies: &[WrittenPly], first: usize, len: usize) -> Vec<Group<'_>> {
    let mut out: Vec<Group> = Vec::new();
    for (index, wp) in plies
        .iter()
        .filter_map(|wp| wp.ply(first).map(|i| (i, wp)))
        .filter(|(i, _)| *i >= len)
    {
        match out.last_mut() {
            Some(g) if g.index == index => g.writings.push(wp),
            _ => out.push(Group {
                index,
                writings: vec![wp],
            }),
        }
    }
    out
}

impl Context<'_> {
    /// The sender as a reader.
    pub(super) fn reader(&self) -> Reader {
        Reader::of(self.t, self.player)
    }

    /// `game` (this game, as the decision leaves it) seen from the sender's side today.
    pub(super) fn seat(&self, game: &Game) -> Seat {
        Seat {
            game: Box::new(game.clone()),
            color: self.color,
            today: self.inbound.arrival,
        }
    }

    /// An answer To the sender about this game that records nothing.
    pub(super) fn tell(&self, notice: AnswerNotice, why: &str) -> Decision {
        self.replier.tell(
            self.reader(),
            Notice::Answer(notice),
            Some(&self.spec.id),
            why,
        )
    }

    /// Checks the repetition, the accepted moves of the partner's variant
    /// and reads the new move (III.3.3-3.5, III.3.7-3.9), then the variant
    /// the mail offers.
    pub(super) fn read_record(&self, written: &Written) -> Result<Reading, Fault> {
        let game = self.game;
        let len = game.plies.len();
        let mut repetition: Option<answers::Fault> = None;
        let mut repeated_last = len == 0;
        let letters = notation::Letters::of(
            written.plies.iter().map(|p| p.text.as_str()),
            self.player.language,
        );
        let read = |pos: &Chess, text: &str| notation::parse_move_with(pos, text, letters);
        let mut walk = crate::referee::game::Walk::new(game);
        let first = game.first_index();
        for (index, wp) in written
            .plies
            .iter()
            .filter_map(|wp| wp.ply(first).map(|i| (i, wp)))
            .filter(|(i, _)| *i < len)
        {
            let stored = &game.plies[index];
            let fits = repeats(game, index, &wp.text, letters)
                || read(walk.before(index), &wp.text).is_ok_and(|m| m == stored.mv);
            if !fits && repetition.is_none() {
                repetition = Some(answers::Fault::WrongRepetition {
                    wrote: written_numbered(wp),
                    ply: index,
                });
            }
            if index + 1 == len {
                repeated_last = true;
            }
        }
        if let Some(text) = repetition {
            return Err(Fault::Repetition(text));
        }
        if !repeated_last {
            return Err(Fault::Repetition(answers::Fault::NotRepeated));
        }
        let groups = groups(&written.plies, first, len);
        let mut pos = game.position().clone();
        // the partner's variant: how much of it the mail repeats (III.3.8)
        let offer = game
            .offer
            .as_ref()
            .filter(|o| o.by != self.color && o.from_ply == len);
        let mut matched = 0;
        if let Some(offer) = offer {
            for (k, expected) in offer.moves.iter().enumerate() {
                let Some(group) = groups.get(k).filter(|g| g.index == len + k) else {
                    break;
                };
                let fits = group.read(&pos, letters).ok() == Some(*expected);
                if !fits {
                    if k % 2 == 1 {
                        // a move of the proposer written otherwise than offered
                        let (number, color) = offer.number_of(k);
                        let dots = if color == Color::White { "." } else { "..." };
                        let text =
                            notation::write_move(&offer.positions[k], expected, self.t.notation);
                        return Err(Fault::Repetition(answers::Fault::VariantRepetition {
                            wrote: group.written(),
                            expected: format!("{number}{dots} {text}"),
                        }));
                    }
                    break;
                }
                pos = pos.play(*expected).expect("a stored variant move is legal");
                matched += 1;
            }
        }
        // the accepted part ends with a move of the proposer; a partner's
        // move of the variant written last is his reply
        let accepted = if matched % 2 == 1 {
            matched - 1
        } else {
            matched
        };
        let accepted_moves: Vec<Move> = offer.map_or(vec![], |o| o.moves[..accepted].to_vec());
        if accepted < matched {
            pos = game.position().clone();
            for m in &accepted_moves {
                pos = pos.play(*m).expect("a stored variant move is legal");
            }
        }
        let reply_index = len + accepted;
        if accepted > 0 && pos.is_game_over() {
            // the accepted variant mates or stalemates: the game ends
            // there, and no reply is due (nor possible)
            return Ok(Reading {
                accepted: accepted_moves,
                new_move: None,
                offered: vec![],
                notes: vec![],
            });
        }
        let Some(reply) = groups.get(accepted).filter(|g| g.index == reply_index) else {
            if accepted > 0 {
                let offer = offer.expect("moves were accepted");
                return Err(Fault::Repetition(answers::Fault::VariantNoReply {
                    accepted: (0..accepted)
                        .map(|k| {
                            let (number, color) = offer.number_of(k);
                            let dots = if color == Color::White { "." } else { "..." };
                            let text = notation::write_move(
                                &offer.positions[k],
                                &offer.moves[k],
                                self.t.notation,
                            );
                            format!("{number}{dots} {text}")
                        })
                        .collect(),
                }));
            }
            return Err(Fault::NoMove);
        };
        let new_move = reply.read(&pos, letters)?;
        pos = pos.play(new_move).expect("a move just read is legal");
        let (offered, notes) =
            self.read_variant(written, &groups[accepted + 1..], pos, letters, reply_index);
        Ok(Reading {
            accepted: accepted_moves,
            new_move: Some(new_move),
            offered,
            notes,
        })
    }

    /// The variant written after the new move, played from `pos` (the
    /// position after it): refused as a whole when a move does not read or
    /// does not follow (III.3.7), or when it answers "any move" (II.3.6).
    pub(super) fn read_variant(
        &self,
        written: &Written,
        rest: &[Group],
        pos: Chess,
        letters: notation::Letters,
        new_index: usize,
    ) -> (Vec<Move>, Vec<MoverNote>) {
        let refuse = |fault| (vec![], vec![MoverNote::VariantRefused { fault }]);
        if written.any_move {
            return refuse(VariantFault::AnyMove);
        }
        if pos.is_game_over() {
            return (vec![], vec![]);
        }
        let (mut moves, mut texts) =
            match read_series(rest, new_index + 1, &written.conditional, pos, letters) {
                Ok(read) => read,
                Err(fault) => return refuse(fault),
            };
        let mut notes = Vec::new();
        if moves.len() % 2 == 1 {
            moves.pop();
            notes.push(MoverNote::VariantTrailing {
                written: texts.pop().expect("as many texts as moves"),
            });
        }
        (moves, notes)
    }

    /// The hidden series after `CONDITIONAL`, played from `pos` (the
    /// opponent to move, his move is ply `first`): numbered from `first`,
    /// alternating, or on `IF … THEN …` lines; a trailing move of the
    /// opponent is dropped (returned as written).
    pub(super) fn read_hidden(
        &self,
        hidden: &Hidden,
        pos: Chess,
        first: usize,
    ) -> Result<(Vec<Move>, Option<String>), ConditionalRefusal> {
        let refuse = |fault| Err(ConditionalRefusal::Fault(fault));
        if hidden.any_move {
            return refuse(VariantFault::AnyMove);
        }
        let letters = notation::Letters::of(
            hidden
                .plies
                .iter()
                .map(|p| p.text.as_str())
                .chain(hidden.unnumbered.iter().map(String::as_str)),
            self.player.language,
        );
        // moves of the record written before the series (`1... e5` before
        // `2. Nf3 Nc6`) are context, not part of it
        let (mut moves, mut texts) = read_series(
            &groups(&hidden.plies, self.game.first_index(), first),
            first,
            &hidden.unnumbered,
            pos,
            letters,
        )
        .map_err(ConditionalRefusal::Fault)?;
        let mut trailing = None;
        if moves.len() % 2 == 1 {
            moves.pop();
            trailing = texts.pop();
        }
        if moves.is_empty() {
            return Err(ConditionalRefusal::Empty);
        }
        Ok((moves, trailing))
    }

    /// A private answer To the sender about his hidden conditional moves,
    /// threaded as an answer to his mail; `game` as the decision leaves it.
    pub(super) fn conditional_letter(&self, game: &Game, news: ConditionalNews) -> Letter {
        let mut letter = Letter::new(
            vec![self.reader()],
            vec![],
            Notice::Answer(AnswerNotice::Conditional {
                seat: self.seat(game),
                news,
            }),
            Some(&self.spec.id),
        );
        self.replier.thread_letter(&mut letter);
        letter
    }

    /// A mail with hidden conditional moves (or their cancellation) and no
    /// move of the sender: sent while the opponent is to move, it stores,
    /// replaces or cancels his series; it is no move, so it needs no
    /// repetition and costs nothing. On his own turn the series goes with
    /// his move.
    pub(super) fn conditional_only(&self, written: &Written) -> Decision {
        let hidden = written.hidden.as_ref().expect("called for hidden moves");
        let game = self.game;
        let own = game.conditionals[usize::from(self.color == Color::Black)].as_ref();
        let answer = |after: &Game, news, events: Vec<Event>, why: &str| {
            let mut decision = self.tell(
                AnswerNotice::Conditional {
                    seat: self.seat(after),
                    news,
                },
                why,
            );
            decision
                .events
                .extend(events.into_iter().map(|e| (self.spec.id.clone(), e)));
            decision
        };
        if !self.t.conditional {
            return answer(
                game,
                ConditionalNews::NotUsed,
                vec![],
                "conditional not used",
            );
        }
        if hidden.cancel {
            if own.is_none() {
                return answer(
                    game,
                    ConditionalNews::Cancelled { had: false },
                    vec![],
                    "no conditional moves",
                );
            }
            let event = Event::ConditionalCancelled {
                side: Side::from(self.color),
                on: self.inbound.arrival,
            };
            let mut after = game.clone();
            after.apply(&event).expect("a cancellation applies");
            return answer(
                &after,
                ConditionalNews::Cancelled { had: true },
                vec![event],
                "conditional moves cancelled",
            );
        }
        if game.to_move() == self.color {
            let why = ConditionalRefusal::OwnMoveFirst;
            return answer(
                game,
                ConditionalNews::Refused { why },
                vec![],
                "conditional refused",
            );
        }
        match self.read_hidden(hidden, game.position().clone(), game.plies.len()) {
            Ok((moves, trailing)) => {
                let event = Event::ConditionalSet {
                    side: Side::from(self.color),
                    moves: moves.iter().map(Game::uci).collect(),
                    on: self.inbound.arrival,
                };
                let mut after = game.clone();
                after.apply(&event).expect("a series just read applies");
                let series = after.conditionals[usize::from(self.color == Color::Black)]
                    .clone()
                    .expect("just stored");
                let news = ConditionalNews::Stored {
                    series: *series,
                    replaced: own.is_some(),
                    trailing,
                };
                answer(&after, news, vec![event], "conditional moves stored")
            }
            Err(why) => answer(
                game,
                ConditionalNews::Refused { why },
                vec![],
                "conditional refused",
            ),
        }
    }

    pub(super) fn judge_move(&self, written: &Written) -> Decision {
        let reading = match self.read_record(written) {
            Ok(reading) => reading,
            Err(fault) => return self.reject(fault, written),
        };
        let arrival = self.inbound.arrival;
        let draw_offer = written.has("draw_offer");
        let moved = reading.new_move.map(|m| Event::Moved {
            uci: Game::uci(&m),
            sent: arrival,
            draw_offer,
        });
        // The move arrived after the allowance ran out: the claim comes
        // first, and the move is held (III.6.3, II.6.8), unless the claim
        // lets play go on (a postal first overstep, II.6.2-6.4): then the
        // move is forwarded as usual, after the claim.
        let mut overstep_claim = None;
        if let Some((against, control)) = self.game.overstep(&self.t.rules, arrival) {
            let mut decision =
                compose::claim_overstep(self.t, self.spec, self.game, against, control, arrival);
            for letter in &mut decision.letters {
                self.replier.thread_letter(letter);
            }
            if !self.game.claim_interrupts(&self.t.rules, against) {
                overstep_claim = Some(decision);
            } else if reading.new_move.is_none() {
                // an acceptance that ends the game is no move to hold: it is
                // sent again after the director's decision
                return decision;
            } else {
                if let Some(news) = self.hidden_unread(written) {
                    decision
                        .letters
                        .push(self.conditional_letter(self.game, news));
                }
                let held = Event::Held {
                    uci: Game::uci(&reading.new_move.expect("checked above")),
                    sent: arrival,
                    draw_offer,
                    accepted: reading.accepted.iter().map(Game::uci).collect(),
                    offered: reading.offered.iter().map(Game::uci).collect(),
                };
                decision.events.push((self.spec.id.clone(), held));
                decision.verdicts.push(Verdict::Held {
                    game: self.spec.id.clone(),
                });
                return decision;
            }
        }
        let mut after = self.game.clone();
        for (_, event) in overstep_claim.iter().flat_map(|c| &c.events) {
            after.apply(event).expect("a claim just decided applies");
        }
        let mut events = Vec::new();
        for m in &reading.accepted {
            events.push(Event::VariantPlayed {
                uci: Game::uci(m),
                sent: arrival,
            });
        }
        let answered = self
            .game
            .offer
            .clone()
            .filter(|o| o.by != self.color)
            .map(|offer| Answered {
                offer: *offer,
                accepted: reading.accepted.len(),
            });
        events.extend(moved);
        if !reading.offered.is_empty() {
            events.push(Event::VariantOffered {
                moves: reading.offered.iter().map(Game::uci).collect(),
                on: Some(arrival),
            });
        }
        for event in &events {
            after.apply(event).expect("moves just found legal apply");
        }
        // the hidden series of this mail, from the position after its move
        let black = usize::from(self.color == Color::Black);
        let mut before = self.game.conditionals.clone();
        let hidden_news = match &written.hidden {
            None => None,
            Some(_) if !self.t.conditional => Some(ConditionalNews::NotUsed),
            Some(h) if h.cancel => Some(ConditionalNews::Cancelled { had: false }),
            Some(_) if after.natural_end().is_some() => None,
            Some(h) => match self.read_hidden(h, after.position().clone(), after.plies.len()) {
                Ok((moves, trailing)) => {
                    let set = Event::ConditionalSet {
                        side: Side::from(self.color),
                        moves: moves.iter().map(Game::uci).collect(),
                        on: arrival,
                    };
                    after.apply(&set).expect("a series just read applies");
                    events.push(set);
                    before[black] = after.conditionals[black].clone();
                    Some(ConditionalNews::Stored {
                        series: *before[black].clone().expect("just stored"),
                        replaced: false,
                        trailing,
                    })
                }
                Err(why) => Some(ConditionalNews::Refused { why }),
            },
        };
        let mut notes = self.notes_for_mover();
        notes.extend(reading.notes);
        notes.extend(self.date_corrections(written, &after));
        notes.extend(dates::free_form_corrections(&written.free, &after));
        let mut to_director = Vec::new();
        let claimed = self.claim_with_move(written, &after, &mut notes, &mut to_director);
        notes.extend(question(written));
        let index = after.plies.len() - 1;
        let ply = numbered(&after, index, self.t.notation);
        let end = after.natural_end().or(claimed);
        let tables_reached = end.is_none() && self.tables_reached(&after);
        // the hidden series that this move answers, and those that answer
        // the automatic moves, played at once (they take no days)
        let mut chain = Decision::default();
        let mut chained = None;
        if end.is_none() && before.iter().any(Option::is_some) {
            let mut next = after.clone();
            let played = conditional::play_due(self.t, self.spec, &mut next, arrival, &mut chain);
            let news = conditional::news(self.t, self.spec, &before, &next, &played, arrival);
            chain.letters.extend(news);
            chained = Some(next);
        }
        if let Some(news) = hidden_news {
            let last = chained.as_ref().unwrap_or(&after);
            chain.letters.push(self.conditional_letter(last, news));
        }
        // the forward shows the game as the move leaves it, ended if it
        // ends it: it takes `after` unless the game ends, which needs it
        // further
        let (shown, mut ended) = match end {
            Some((result, reason)) => (
                Box::new(compose::ended(&after, result, reason, self.inbound.arrival)),
                Some(after),
            ),
            None => (Box::new(after), None),
        };
        let note = self.note_of(written);
        let mut forward = compose::forward_game(self.t, self.spec, shown, notes, &note);
        if let Notice::Game(GameNotice::Forward {
            answered: slot,
            tables_reached: reached,
            ..
        }) = &mut forward.notice
        {
            *slot = answered;
            *reached = tables_reached;
        }
        self.replier.thread_letter(&mut forward);
        let mut decision = Decision {
            verdicts: vec![Verdict::Accepted {
                game: self.spec.id.clone(),
                ply,
            }],
            events: events
                .into_iter()
                .map(|e| (self.spec.id.clone(), e))
                .collect(),
            letters: vec![forward],
            ..Decision::default()
        };
        decision.letters.extend(to_director);
        if let Some(mut first) = overstep_claim {
            first.extend(decision);
            decision = first;
        }
        if let (Some((result, reason)), Some(after)) = (end, ended.as_mut()) {
            self.end(&mut decision, after, result, reason);
        }
        decision.extend(chain);
        if let Some(mut next) = chained {
            if let Some((result, reason)) = next.natural_end() {
                self.end(&mut decision, &mut next, result, reason);
            }
        }
        decision
    }

    /// What the sender is told of hidden conditional moves that his mail
    /// held but that were not read: not used in this tournament, or not
    /// now (a suspended game).
    pub(super) fn hidden_unread(&self, written: &Written) -> Option<ConditionalNews> {
        let hidden = written.hidden.as_ref()?;
        Some(if !self.t.conditional {
            ConditionalNews::NotUsed
        } else if hidden.cancel {
            ConditionalNews::Cancelled { had: false }
        } else {
            ConditionalNews::Refused {
                why: ConditionalRefusal::Suspended,
            }
        })
    }

    /// Remarks the mover should read: the `Date:` claim.
    pub(super) fn notes_for_mover(&self) -> Vec<MoverNote> {
        let mut notes = Vec::new();
        if let Some(claimed) = self.inbound.claimed.filter(|c| *c != self.inbound.arrival) {
            notes.push(MoverNote::Dated {
                claimed,
                arrived: self.inbound.arrival,
            });
        }
        notes
    }

    /// The dates and times the mail states in its table that differ from
    /// the record: the record counts, and each is listed (III.2.3).
    pub(super) fn date_corrections(&self, written: &Written, after: &Game) -> Vec<MoverNote> {
        use chrono::Datelike;
        let day = |(day, month): (u32, u32)| Stamp::TableDay { day, month };
        let time = |(days, total): (u32, u32)| Stamp::Time { days, total };
        let mut out = Vec::new();
        for wp in &written.plies {
            let Some(index) = wp.ply(after.first_index()) else {
                continue;
            };
            let (Some(stated), Some(ply)) = (wp.stated, after.plies.get(index)) else {
                continue;
            };
            let checks = [
                (
                    Stated::Received,
                    stated.received.map(day),
                    day((ply.received.day(), ply.received.month())),
                ),
                (
                    Stated::Sent,
                    stated.sent.map(day),
                    day((ply.sent.day(), ply.sent.month())),
                ),
                (
                    Stated::Time,
                    stated.time.map(time),
                    time((ply.days, ply.total)),
                ),
            ];
            for (what, said, record) in checks {
                match said {
                    Some(said) if said != record => out.push(MoverNote::Stated {
                        ply: index,
                        what,
                        said,
                        record,
                    }),
                    _ => {}
                }
            }
        }
        out
    }

    pub(super) fn reject(&self, fault: Fault, written: &Written) -> Decision {
        let (fault, quoted, kind) = match fault {
            Fault::Repetition(fault @ answers::Fault::VariantNoReply { .. }) => {
                (fault, None, PenaltyReason::Illegible)
            }
            Fault::Repetition(answers::Fault::NotRepeated) => (
                answers::Fault::NotRepeated,
                None,
                PenaltyReason::MissingRepetition,
            ),
            Fault::Repetition(fault) => (fault, None, PenaltyReason::WrongRepetition),
            Fault::NoMove => (answers::Fault::NoMove, None, PenaltyReason::NoMove),
            Fault::Move(e, number) => {
                let dots = if self.color == Color::White {
                    "."
                } else {
                    "..."
                };
                let quoted = Some(format!("{number}{dots} {}", e.written()));
                let (fault, kind) = move_fault_kind(e);
                (fault, quoted, kind)
            }
        };
        let penalty = self
            .t
            .rules
            .penalty_for(self.game.penalties_of_kind(self.color, &kind));
        let event = Event::Penalty {
            side: Side::from(self.color),
            days: penalty,
            on: self.inbound.arrival,
            reason: kind.clone(),
        };
        let mut after = self.game.clone();
        after.apply(&event).expect("a penalty always applies");
        let wrote = match quoted {
            Some(q) => vec![q],
            None => written.plies.iter().map(written_numbered).collect(),
        };
        let mut decision = self.tell(
            AnswerNotice::Refused {
                seat: self.seat(&after),
                fault,
                wrote,
                penalty,
            },
            kind.code(),
        );
        decision.verdicts = vec![Verdict::Rejected {
            game: self.spec.id.clone(),
            reason: kind.code().to_string(),
        }];
        decision.events.push((self.spec.id.clone(), event));
        decision
    }

    /// The sender's own words for his partner: his note, less a greeting
    /// his mail program addressed to the arbiter (`Hello Arbiter,`).
    pub(super) fn note_of(&self, written: &Written) -> Vec<String> {
        let mut note = note_of(written);
        let arbiter = self.arbiter.split_whitespace().next().unwrap_or("");
        if note.first().is_some_and(|l| greets(l, arbiter)) {
            note.remove(0);
        }
        note
    }
}

/// The fault of a move that does not read, and its kind for the penalty.
pub(super) fn move_fault_kind(e: MoveError) -> (answers::Fault, PenaltyReason) {
    match e {
        MoveError::Illegible { written } => (
            answers::Fault::Illegible { written },
            PenaltyReason::Illegible,
        ),
        MoveError::Impossible { written, reason } => (
            answers::Fault::Impossible { written, reason },
            PenaltyReason::Impossible,
        ),
        MoveError::Ambiguous {
            written,
            candidates,
        } if candidates.is_empty() => (
            answers::Fault::TwoMoves { written },
            PenaltyReason::Ambiguous,
        ),
        MoveError::Ambiguous {
            written,
            candidates,
        } => (
            answers::Fault::Ambiguous {
                written,
                candidates,
            },
            PenaltyReason::Ambiguous,
        ),
    }
}

pub(super) fn move_fault(e: MoveError) -> answers::Fault {
    move_fault_kind(e).0
}

/// Whether `text` is the stored move written exactly as the arbiter writes
/// it, numeric or (in a mail of English letters) SAN: then reading it
/// gives that move, and the repetition is checked without reading it.
pub(super) fn repeats(game: &Game, index: usize, text: &str, letters: notation::Letters) -> bool {
    text == notation::numeric::Code::of(&game.plies[index].mv).as_str()
        || (letters == notation::Letters::English && text == game.san(index))
}

/// A series of moves played from `pos`: the numbered `groups` (the first
/// must be ply `first`, each the next), then the moves written without
/// numbers; it ends where a move of it ends the game. The moves and how
/// each was written, or why the series is refused.
pub(super) fn read_series(
    groups: &[Group],
    first: usize,
    unnumbered: &[String],
    mut pos: Chess,
    letters: notation::Letters,
) -> Result<(Vec<Move>, Vec<String>), VariantFault> {
    let mut moves = Vec::new();
    let mut texts = Vec::new();
    for (j, group) in groups.iter().enumerate() {
        if pos.is_game_over() {
            return Ok((moves, texts));
        }
        if group.index != first + j {
            return Err(VariantFault::Order {
                written: group.written(),
            });
        }
        match group.read(&pos, letters) {
            Ok(m) => {
                pos = pos.play(m).expect("a move just read is legal");
                moves.push(m);
                texts.push(group.written());
            }
            Err(Fault::Move(e, _)) => {
                return Err(VariantFault::Move {
                    written: group.written(),
                    why: Box::new(move_fault(e)),
                })
            }
            Err(_) => {
                return Err(VariantFault::Order {
                    written: group.written(),
                })
            }
        }
    }
    // lines without numbers go on from where the numbered ones end
    for text in unnumbered {
        if pos.is_game_over() {
            break;
        }
        match notation::parse_move_with(&pos, text, letters) {
            Ok(m) => {
                pos = pos.play(m).expect("a move just read is legal");
                moves.push(m);
                texts.push(text.clone());
            }
            Err(e) => {
                return Err(VariantFault::Move {
                    written: text.clone(),
                    why: Box::new(move_fault(e)),
                })
            }
        }
    }
    Ok((moves, texts))
}

/// A valid draw claim on the position of `game`: threefold repetition or 50 moves.
pub(super) fn claim_verdict(game: &Game) -> Option<EndReason> {
    if game.repetitions() >= 3 {
        Some(EndReason::ThreefoldRepetition)
    } else if game.position().halfmoves() >= 100 {
        Some(EndReason::FiftyMoves)
    } else {
        None
    }
}

#[cfg(test)]
#[test]
pub(super) fn a_greeting_to_the_arbiter_is_not_a_note() {
    assert!(greets("Hello Test,", "Test"));
    assert!(greets("Здравствуйте, Test.", "Test"));
    assert!(!greets("Hello Ivan,", "Test"));
    assert!(!greets("Hello Test, good luck", "Test"));
}

/// Whether `line` is a greeting to `name` alone (`Hello Arbiter,`,
/// `Здравствуйте, Arbiter.`).
pub(super) fn greets(line: &str, name: &str) -> bool {
    if name.is_empty() {
        return false;
    }
    let lower = line.trim().trim_end_matches([',', '.', '!']).to_lowercase();
    let name = name.to_lowercase();
    [
        "hello",
        "hi",
        "dear",
        "здравствуйте",
        "привет",
        "добрый день",
    ]
    .iter()
    .any(|g| {
        lower
            .strip_prefix(g)
            .is_some_and(|rest| rest.trim_start_matches([',', ' ']) == name)
    })
}

/// The sender's own words beside the move, relayed to the partner: at
/// most 30 lines of at most 200 characters.
pub(super) fn note_of(written: &Written) -> Vec<String> {
    written
        .words
        .iter()
        .take(30)
        .map(|line| clip(line, 200))
        .collect()
}

/// A question among the sender's own lines (a line ending with `?`), which
/// the arbiter cannot answer. A move's mark (`Nf3?`, `e4?!`, `!?`) is none.
pub(super) fn question(written: &Written) -> Option<MoverNote> {
    let asked: Vec<&String> = written.words.iter().filter(|l| asks(l)).collect();
    if asked.is_empty() {
        return None;
    }
    let deadline = asked.iter().any(|line| {
        let line = line.to_lowercase();
        crate::referee::tournament::Lang::all()
            .flat_map(|l| &l.language().words.deadline)
            .any(|w| line.contains(w.as_str()))
    });
    Some(MoverNote::Question { deadline })
}

/// Whether `line` asks: it ends with `?` alone (not `?!`, `!?`, `!`) after
/// words, and the word before the mark is not a move (`Nf3`, `5254`, `O-O`).
fn asks(line: &str) -> bool {
    let line =
        line.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, ')' | '"' | '»' | '“'));
    let text = line.trim_end_matches(['?', '!']);
    let marks = &line[text.len()..];
    if marks.is_empty() || marks.contains('!') {
        return false;
    }
    let Some(last) = text.split_whitespace().last() else {
        return false;
    };
    let last = last.trim_matches(|c: char| matches!(c, '.' | ',' | '(' | ')'));
    let a_move = last.chars().any(|c| c.is_ascii_digit()) && last.chars().count() <= 7
        || last.starts_with("O-O")
        || last.starts_with("0-0");
    !a_move && last.chars().any(char::is_alphabetic)
}

/// The first `max` characters of `line`, with `…` when cut.
pub(super) fn clip(line: &str, max: usize) -> String {
    match line.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_string(),
    }
}

/// `13. 3234` or `13... 4745` as the player wrote it.
pub(super) fn written_numbered(wp: &WrittenPly) -> String {
    let dots = if wp.color == Color::White { "." } else { "..." };
    format!("{}{dots} {}", wp.number, wp.text)
}

#[cfg(test)]
mod question_tests {
    use super::asks;

    #[test]
    fn a_line_ending_with_a_question_mark_asks_and_a_marked_move_does_not() {
        for line in [
            "When is my deadline now?",
            "Ist mein Gegner noch dabei?",
            "когда мой срок?",
        ] {
            assert!(asks(line), "{line}");
        }
        for line in [
            "12. Nf3?",
            "Nf3?",
            "e4?!",
            "?!",
            "!?",
            "5254?",
            "O-O?",
            "Great move!",
        ] {
            assert!(!asks(line), "{line}");
        }
    }
}
