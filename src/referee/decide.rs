//! The decisions on a player's mail: given the league, the referee's state,
//! one inbound mail and its arrival day, what to record and what to send.
//! Everything DESIGN.md §5 says about the outcomes of a move mail is decided
//! here; the director's commands are in `director.rs`, the deadlines in
//! `timers.rs`.

use crate::message::parse::{find_tag, scan, Command, Hidden, Mail, Written, WrittenPly};
use crate::notation::{self, MoveError};
use crate::referee::compose::{self, copy_director};
use crate::referee::game::{EndReason, Event, Game, GameResult, PenaltyReason, Side};
use crate::referee::notice::answers::{
    self, AnswerNotice, ConditionalNews, ConditionalRefusal, Held, Misplaced, MoverNote, Seat,
    Stated, Understood, VariantFault, WhichGame,
};
use crate::referee::notice::game::{Answered, GameNotice};
use crate::referee::notice::officials::OfficialNotice;
use crate::referee::notice::{Letter, Notice, Reader};
use crate::referee::record::numbered;
use crate::referee::requests;
use crate::referee::state::State;
use crate::referee::tournament::{GameSpec, League, Player, Tournament};
use crate::referee::{conditional, dates, director};
use chrono::NaiveDate;
use shakmaty::{Chess, Color, Move, Position};

/// An inbound mail with the facts the adapter knows about it.
#[derive(Debug, Clone)]
pub struct Inbound<'a> {
    pub mail: &'a Mail,
    /// The day the mail arrived, in the tournament's time zone: the day the
    /// move was sent and the opponent received it.
    pub arrival: NaiveDate,
    /// The day of the `Date:` header in the same zone: the sender's claim.
    pub claimed: Option<NaiveDate>,
    /// A fresh password the adapter made for this mail: the sender's new
    /// Xfcc password if he asks for one (`XFCC`); the core makes none.
    pub password: Option<Secret>,
}

pub(crate) use crate::referee::decision::Replier;
pub use crate::referee::decision::{Decision, Verdict};
pub use crate::referee::outbound::{Attachment, HeldCopy, MailKind, OutMail, Recipient, Secret};

/// Decides what an inbound mail means.
pub fn decide_mail(league: &League, state: &State, inbound: &Inbound) -> Decision {
    let mut decision = decide(league, state, inbound);
    copy_director(league, state, &mut decision, inbound.arrival);
    decision
}

/// Decides a move, an offer, a claim or a resignation that reached the
/// referee already read (an Xfcc request from a chess program), as
/// a mail saying the same would be decided; `inbound.mail` names the
/// sender and the game (its subject's tag) and holds no text.
pub fn decide_written(
    league: &League,
    state: &State,
    inbound: &Inbound,
    written: &Written,
) -> Decision {
    let mut decision = decide_read(league, state, inbound, written);
    copy_director(league, state, &mut decision, inbound.arrival);
    decision
}

fn decide(league: &League, state: &State, inbound: &Inbound) -> Decision {
    if let Some(reason) = &inbound.mail.robot {
        return Decision::ignored(format!("automatic mail: {reason}"));
    }
    decide_read(league, state, inbound, &scan(&inbound.mail.text))
}

fn decide_read(league: &League, state: &State, inbound: &Inbound, written: &Written) -> Decision {
    let mail = inbound.mail;
    let Some(from) = mail.from.as_deref() else {
        return Decision::ignored("no From address");
    };
    let replier = Replier { mail };
    let players = league.players_at(from);
    let directed: Vec<&Tournament> = league.directed_by(from);
    if !directed.is_empty()
        && (players.is_empty() || written.commands.iter().any(is_director_command))
    {
        return director::decide(league, state, &replier, &directed, written, inbound.arrival);
    }
    if players.is_empty() {
        return replier.tell(
            Reader::Stranger {
                email: from.to_string(),
            },
            Notice::Answer(AnswerNotice::Stranger),
            None,
            "unknown sender",
        );
    }
    let sender = Reader::of(players[0].0, players[0].1);
    if let Some(command) = written.commands.iter().find(|c| is_director_command(c)) {
        return replier.tell(
            sender,
            Notice::Answer(AnswerNotice::DirectorOnly {
                command: command.name().to_string(),
            }),
            None,
            "director command from a player",
        );
    }
    if written.plies.is_empty() {
        if written.has("help") {
            return requests::help(&replier, players[0].0, players[0].1);
        }
        if written.has("status") {
            return requests::status_report(state, &replier, &players, inbound.arrival);
        }
        if written.has("xfcc") {
            return requests::xfcc_account(league, &replier, &players, inbound.password.as_ref());
        }
        if let Some(Command::XfccForwards { on }) = written
            .commands
            .iter()
            .find(|c| matches!(c, Command::XfccForwards { .. }))
        {
            return requests::xfcc_forwards(&replier, &players, *on);
        }
        if let Some(command) = written
            .commands
            .iter()
            .find(|c| matches!(c, Command::Leave { .. } | Command::LeaveEnd))
        {
            return requests::leave_request(state, &replier, &players, command, inbound.arrival);
        }
    }
    let (t, spec, player) = match choose_game(league, state, &players, &mail.subject, written) {
        Ok(found) => found,
        Err(notice) => {
            return replier.tell(sender, Notice::Answer(notice), None, "game not identified");
        }
    };
    let game = state.get(t, spec);
    let game = &*game;
    let Some(color) = spec.color_of(&player.id) else {
        return replier.tell(
            Reader::of(t, player),
            Notice::Answer(AnswerNotice::NotYourGame {
                game: spec.id.clone(),
            }),
            Some(&spec.id),
            "not a participant",
        );
    };
    let ctx = Context {
        arbiter: &league.name,
        t,
        spec,
        game,
        player,
        color,
        inbound,
        replier: &replier,
    };
    // the tournament's end and adjudication (III.9.4-9.10)
    if let Some(decision) = crate::referee::adjudication::mail(
        t,
        spec,
        game,
        color,
        inbound.arrival,
        &replier,
        written,
        || ctx.judge_move(written),
    ) {
        return decision;
    }
    if game.ending.is_some() {
        return ctx.tell(
            AnswerNotice::GameOver {
                seat: ctx.seat(game),
            },
            "game finished",
        );
    }
    if written.has("protest") {
        return ctx.protest(written);
    }
    if written.has("resign") {
        return ctx.resign(written);
    }
    if game.suspension().is_some() {
        return ctx.mail_into_suspended(written);
    }
    if written.hidden.is_some() && (game.to_move() != color || written.plies.is_empty()) {
        return ctx.conditional_only(written);
    }
    if written.has("accept_draw") {
        return ctx.accept_draw(written);
    }
    if written.has("claim_draw") && written.plies.is_empty() {
        return ctx.claim_draw_now();
    }
    if written.plies.is_empty() {
        if written.has("pgn") {
            return ctx.pgn();
        }
        return ctx.no_move(written);
    }
    if game.to_move() != color {
        let seat = ctx.seat(game);
        if ctx.already_received(written) {
            return ctx.tell(AnswerNotice::AlreadyReceived { seat }, "already received");
        }
        return ctx.tell(AnswerNotice::NotYourTurn { seat }, "not their turn");
    }
    ctx.judge_move(written)
}

fn is_director_command(c: &Command) -> bool {
    matches!(
        c,
        Command::Confirm
            | Command::Reject
            | Command::Result(_)
            | Command::Penalty { .. }
            | Command::GrantLeave { .. }
            | Command::Withdraw { .. }
            | Command::Archive
    )
}

/// Finds the game a mail is about: the tag, the header block, the sender's only game.
fn choose_game<'a>(
    league: &'a League,
    state: &State,
    players: &[(&'a Tournament, &'a Player)],
    subject: &str,
    written: &Written,
) -> Result<(&'a Tournament, &'a GameSpec, &'a Player), AnswerNotice> {
    let own_games: Vec<(&Tournament, &GameSpec, &Player)> = players
        .iter()
        .flat_map(|(t, p)| {
            t.games
                .iter()
                .filter(|g| g.color_of(&p.id).is_some())
                .map(move |g| (*t, g, *p))
        })
        .collect();
    let games = || own_games.iter().map(|(_, g, _)| g.id.clone()).collect();
    if let Some(tag) = find_tag(subject) {
        if let Some((t, g)) = league.game(&tag) {
            let player = players
                .iter()
                .find(|(pt, _)| pt.id == t.id)
                .map(|(_, p)| *p);
            return match player {
                Some(p) => Ok((t, g, p)),
                None => Err(AnswerNotice::WhichGame {
                    problem: WhichGame::NotYours(tag),
                    games: games(),
                }),
            };
        }
        return Err(AnswerNotice::WhichGame {
            problem: WhichGame::NoSuchGame(tag),
            games: games(),
        });
    }
    let header = &written.header;
    if header.white.is_some() && header.black.is_some() {
        let same = |a: &str, b: &str| fold_name(a) == fold_name(b);
        let found: Vec<_> = own_games
            .iter()
            .filter(|(t, g, _)| {
                header.tournament.as_deref().is_none_or(|name| {
                    same(name, &t.id)
                        || same(name, &t.name)
                        || fold_name(name).contains(&fold_name(&t.id))
                }) && header
                    .white
                    .as_deref()
                    .is_some_and(|w| same(w, &t.player_of(g, Color::White).name))
                    && header
                        .black
                        .as_deref()
                        .is_some_and(|b| same(b, &t.player_of(g, Color::Black).name))
            })
            .collect();
        if let [one] = found.as_slice() {
            return Ok(**one);
        }
    }
    if let [one] = own_games.as_slice() {
        return Ok(*one);
    }
    let to_move: Vec<_> = own_games
        .iter()
        .filter(|(t, g, p)| {
            let game = state.get(t, g);
            game.ending.is_none() && g.color_of(&p.id) == Some(game.to_move())
        })
        .collect();
    if let [one] = to_move.as_slice() {
        return Ok(**one);
    }
    Err(AnswerNotice::WhichGame {
        problem: WhichGame::Unsaid,
        games: games(),
    })
}

fn fold_name(s: &str) -> String {
    s.to_lowercase()
        .replace('ё', "е")
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// Everything known while judging one mail in one game.
struct Context<'a> {
    /// The arbiter's display name (a greeting to it is not a note).
    arbiter: &'a str,
    t: &'a Tournament,
    spec: &'a GameSpec,
    game: &'a Game,
    player: &'a Player,
    color: Color,
    inbound: &'a Inbound<'a>,
    replier: &'a Replier<'a>,
}

/// Why a move mail is refused.
enum Fault {
    /// The partner's last move is missing or written wrongly (III.3.3).
    Repetition(answers::Fault),
    /// No new move (III.3.5).
    NoMove,
    /// The new move is illegible, impossible or ambiguous (III.3.4).
    Move(MoveError, u32),
}

/// A move mail read against the record: the moves of the partner's
/// variant it accepts, the new move, and the variant it offers.
struct Reading {
    /// Accepted moves of the partner's variant, in order (III.3.8).
    accepted: Vec<Move>,
    /// `None` when the last accepted move ended the game (mate,
    /// stalemate): no reply is due.
    new_move: Option<Move>,
    /// The variant offered after the new move, checked: partner's reply
    /// first, a move of the sender last (III.3.7).
    offered: Vec<Move>,
    /// What the sender should know of his variant: refused, or a trailing
    /// move ignored.
    notes: Vec<MoverNote>,
}

/// The written moves of one half-move (one move may be written twice, in
/// two notations, III.3.6).
struct Group<'w> {
    index: usize,
    writings: Vec<&'w WrittenPly>,
}

impl Group<'_> {
    /// The move the group stands for in `pos`: every writing that reads
    /// must read as the same move.
    fn read(&self, pos: &Chess, letters: notation::Letters) -> Result<Move, Fault> {
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

    fn written(&self) -> String {
        written_numbered(self.writings[0])
    }
}

/// The written moves beyond the record, grouped by half-move in the order
/// written.
fn groups(plies: &[WrittenPly], len: usize) -> Vec<Group<'_>> {
    let mut out: Vec<Group> = Vec::new();
    for wp in plies.iter().filter(|wp| wp.index() >= len) {
        match out.last_mut() {
            Some(g) if g.index == wp.index() => g.writings.push(wp),
            _ => out.push(Group {
                index: wp.index(),
                writings: vec![wp],
            }),
        }
    }
    out
}

impl Context<'_> {
    /// The sender as a reader.
    fn reader(&self) -> Reader {
        Reader::of(self.t, self.player)
    }

    /// `game` (this game, as the decision leaves it) seen from the sender's side today.
    fn seat(&self, game: &Game) -> Seat {
        Seat {
            game: Box::new(game.clone()),
            color: self.color,
            today: self.inbound.arrival,
        }
    }

    /// An answer To the sender about this game that records nothing.
    fn tell(&self, notice: AnswerNotice, why: &str) -> Decision {
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
    fn read_record(&self, written: &Written) -> Result<Reading, Fault> {
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
        for wp in written.plies.iter().filter(|wp| wp.index() < len) {
            let index = wp.index();
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
        let groups = groups(&written.plies, len);
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
    fn read_variant(
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
    fn read_hidden(
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
            &groups(&hidden.plies, first),
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
    fn conditional_letter(&self, game: &Game, news: ConditionalNews) -> Letter {
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
    fn conditional_only(&self, written: &Written) -> Decision {
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

    fn judge_move(&self, written: &Written) -> Decision {
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
        let claim = written.has("claim_draw").then(|| claim_verdict(&after));
        if let Some(None) = claim {
            notes.push(MoverNote::DrawClaimRefused);
        }
        let index = after.plies.len() - 1;
        let ply = numbered(&after, index, self.t.notation);
        let end = after
            .natural_end()
            .or(claim.flatten().map(|reason| (GameResult::Draw, reason)));
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
        // the forward shows the game as the move leaves it: it takes `after`
        // unless the game ends, which needs it further
        let (shown, mut ended) = match end {
            Some(_) => (Box::new(after.clone()), Some(after)),
            None => (Box::new(after), None),
        };
        let note = self.note_of(written);
        let mut forward = compose::forward_game(self.t, self.spec, shown, notes, &note);
        if let Notice::Game(GameNotice::Forward { answered: slot, .. }) = &mut forward.notice {
            *slot = answered;
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
    fn hidden_unread(&self, written: &Written) -> Option<ConditionalNews> {
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
    fn notes_for_mover(&self) -> Vec<MoverNote> {
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
    fn date_corrections(&self, written: &Written, after: &Game) -> Vec<MoverNote> {
        use chrono::Datelike;
        let day = |(d, m): (u32, u32)| format!("{d:02}/{m:02}");
        let time = |(d, t): (u32, u32)| format!("{d}/{t:02}");
        let mut out = Vec::new();
        for wp in &written.plies {
            let (Some(stated), Some(ply)) = (wp.stated, after.plies.get(wp.index())) else {
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
                        ply: wp.index(),
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

    fn reject(&self, fault: Fault, written: &Written) -> Decision {
        let (fault, quoted, kind) = match fault {
            Fault::Repetition(fault @ answers::Fault::VariantNoReply { .. }) => {
                (fault, None, PenaltyReason::Illegible)
            }
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

    /// A mail into a suspended game: a valid move of the player to move is
    /// kept (applied if the claim is rejected); anything else is answered.
    /// The answer goes Cc the director when the player wrote words of his
    /// own (an explanation for the claim), which it relays.
    fn mail_into_suspended(&self, written: &Written) -> Decision {
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
                    kept = Some(Event::Held {
                        uci: Game::uci(&reading.new_move.expect("matched above")),
                        sent: self.inbound.arrival,
                        draw_offer: written.has("draw_offer"),
                        accepted: reading.accepted.iter().map(Game::uci).collect(),
                        offered: reading.offered.iter().map(Game::uci).collect(),
                    });
                    Held::Kept
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
    fn no_move(&self, written: &Written) -> Decision {
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
                .any(|p| p.index() == index && p.color == self.color)
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
            },
            "no move",
        )
    }

    /// The game so far as PGN, To the sender.
    fn pgn(&self) -> Decision {
        self.tell(
            AnswerNotice::Pgn {
                seat: self.seat(self.game),
            },
            "pgn",
        )
    }

    /// Whether the mail repeats the sender's own last move, already
    /// received and forwarded: not a fault, nothing recorded.
    fn already_received(&self, written: &Written) -> bool {
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
            wp.index() == last
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
    /// answered with why not.
    fn protest(&self, written: &Written) -> Decision {
        let today = self.inbound.arrival;
        let until = self
            .game
            .claim
            .as_ref()
            .filter(|c| c.against == self.color)
            .map(|c| c.protest_until(&self.t.rules));
        let accepted = until.is_some_and(|until| today <= until);
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

    /// The sender's own words for his partner: his note, less a greeting
    /// his mail program addressed to the arbiter (`Hello Arbiter,`).
    fn note_of(&self, written: &Written) -> Vec<String> {
        let mut note = note_of(written);
        let arbiter = self.arbiter.split_whitespace().next().unwrap_or("");
        if note.first().is_some_and(|l| greets(l, arbiter)) {
            note.remove(0);
        }
        note
    }

    fn resign(&self, written: &Written) -> Decision {
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

    fn accept_draw(&self, written: &Written) -> Decision {
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

    /// `CLAIM DRAW` without a move: granted when the position on the board
    /// stands for the third time or fifty moves have passed.
    fn claim_draw_now(&self) -> Decision {
        if let Some(reason) = claim_verdict(self.game) {
            let mut decision = Decision::default();
            let mut after = self.game.clone();
            self.end(&mut decision, &mut after, GameResult::Draw, reason);
            return decision;
        }
        self.tell(
            AnswerNotice::DrawClaimRefused {
                seat: self.seat(self.game),
            },
            "draw claim refused",
        )
    }

    /// Ends the game: the event and the result mail To both, Cc the director.
    fn end(
        &self,
        decision: &mut Decision,
        after: &mut Game,
        result: GameResult,
        reason: EndReason,
    ) {
        self.end_with(decision, after, result, reason, vec![]);
    }

    /// Ends the game by the sender's mail, his own words relayed.
    fn end_with(
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

/// The fault of a move that does not read, and its kind for the penalty.
fn move_fault_kind(e: MoveError) -> (answers::Fault, PenaltyReason) {
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

fn move_fault(e: MoveError) -> answers::Fault {
    move_fault_kind(e).0
}

/// Whether `text` is the stored move written exactly as the arbiter writes
/// it, numeric or (in a mail of English letters) SAN: then reading it
/// gives that move, and the repetition is checked without reading it.
fn repeats(game: &Game, index: usize, text: &str, letters: notation::Letters) -> bool {
    text == notation::numeric::Code::of(&game.plies[index].mv).as_str()
        || (letters == notation::Letters::English && text == game.san(index))
}

/// A series of moves played from `pos`: the numbered `groups` (the first
/// must be ply `first`, each the next), then the moves written without
/// numbers; it ends where a move of it ends the game. The moves and how
/// each was written, or why the series is refused.
fn read_series(
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
fn claim_verdict(game: &Game) -> Option<EndReason> {
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
fn a_greeting_to_the_arbiter_is_not_a_note() {
    assert!(greets("Hello Test,", "Test"));
    assert!(greets("Здравствуйте, Test.", "Test"));
    assert!(!greets("Hello Ivan,", "Test"));
    assert!(!greets("Hello Test, good luck", "Test"));
}

/// Whether `line` is a greeting to `name` alone (`Hello Arbiter,`,
/// `Здравствуйте, Arbiter.`).
fn greets(line: &str, name: &str) -> bool {
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
fn note_of(written: &Written) -> Vec<String> {
    written
        .words
        .iter()
        .take(30)
        .map(|line| clip(line, 200))
        .collect()
}

/// The first `max` characters of `line`, with `…` when cut.
fn clip(line: &str, max: usize) -> String {
    match line.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &line[..at]),
        None => line.to_string(),
    }
}

/// `13. 3234` or `13... 4745` as the player wrote it.
fn written_numbered(wp: &WrittenPly) -> String {
    let dots = if wp.color == Color::White { "." } else { "..." };
    format!("{}{dots} {}", wp.number, wp.text)
}
