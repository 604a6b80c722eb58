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
    Stamp, Stated, Understood, VariantFault, WhichGame,
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

mod ends;
mod moves;
mod tables;
use moves::*;

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
    /// Whether the sender is proven: an `Authentication-Results` header of
    /// the trusted server vouches for him (`sender_auth =
    /// "authentication-results"`, DESIGN.md §7), or an Xfcc password. A
    /// stranger is answered only when proven or when his mail names one of
    /// the arbiter's games: an answer to a forged sender is backscatter.
    pub authenticated: bool,
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
        let why = format!("automatic mail: {reason}");
        return match inbound.mail.from.as_deref() {
            Some(from) if league.knows(from) => Decision::ignored(why),
            _ => Decision::kept_aside(why),
        };
    }
    decide_read(league, state, inbound, &scan(&inbound.mail.text))
}

fn decide_read(league: &League, state: &State, inbound: &Inbound, written: &Written) -> Decision {
    let mail = inbound.mail;
    let Some(from) = mail.from.as_deref() else {
        return Decision::kept_aside("no From address");
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
        // spam comes with forged senders: an answer would go to an innocent
        if !inbound.authenticated && !league.named_in(&mail.subject) {
            return Decision::kept_aside("unknown sender, no game named");
        }
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
        tables: &league.tables,
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
        // the record of a finished game is still the players' to ask for
        if written.has("pgn") && written.plies.is_empty() {
            return ctx.pgn();
        }
        // a protest against the claim that ended it comes too late
        let black = usize::from(color == Color::Black);
        if written.has("protest") && game.confirmed_claims[black].is_some() {
            return ctx.protest(written);
        }
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
    if let Some(claim) = tables::claim_of(written).filter(|_| written.plies.is_empty()) {
        return ctx.claim_now(claim);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    const STRANGER: &str = "someone@example.org";

    /// T: Ivanov - Petrov, directed by td@example.test.
    fn league() -> League {
        let text = "[gateway]\naddress = \"arbiter@example.test\"\nstate = \"state\"\n\n\
             [inbox]\nkind = \"maildir\"\npath = \"inbox\"\n\n[outbox]\nkind = \"file\"\npath = \"sent\"\n\n\
             [[tournament]]\nid = \"T\"\nname = \"T\"\nstart = \"2026-05-10\"\ndirector = \"td@example.test\"\n\n\
             [[tournament.player]]\nid = \"ivanov\"\nname = \"Ivanov, Ivan\"\nemail = [\"ivanov@example.test\"]\n\n\
             [[tournament.player]]\nid = \"petrov\"\nname = \"Petrov, Petr\"\nemail = [\"petrov@example.test\"]\n\n\
             [[tournament.game]]\nwhite = \"ivanov\"\nblack = \"petrov\"\n";
        Config::parse(text, std::path::Path::new("/tmp"), false)
            .unwrap()
            .league
    }

    /// The decision on a mail with a move from `from` about `subject`.
    fn decided(from: Option<&str>, subject: &str, robot: bool, authenticated: bool) -> Decision {
        let mail = Mail {
            message_id: Some("m1@example.org".into()),
            from: from.map(str::to_string),
            subject: subject.into(),
            robot: robot.then(|| "Auto-Submitted: auto-replied".into()),
            text: "1. 5254".into(),
            ..Mail::default()
        };
        let inbound = Inbound {
            mail: &mail,
            arrival: "2026-05-11".parse().unwrap(),
            claimed: None,
            password: None,
            authenticated,
        };
        decide_mail(&league(), &State::default(), &inbound)
    }

    fn answers_the_stranger(d: &Decision) -> bool {
        matches!(
            d.letters.as_slice(),
            [Letter { to, notice: Notice::Answer(AnswerNotice::Stranger), .. }]
                if matches!(to.as_slice(), [Reader::Stranger { email }] if email == STRANGER)
        )
    }

    #[test]
    fn a_stranger_is_answered_when_his_subject_names_a_game_or_a_trusted_server_vouches() {
        for subject in ["[T/1] Ivanov - Petrov", "[SPAM] Re: [t/1]", "[T] joining?"] {
            let d = decided(Some(STRANGER), subject, false, false);
            assert!(answers_the_stranger(&d), "{subject}: {d:?}");
            assert!(!d.keeps_aside() && d.events.is_empty(), "{subject}: {d:?}");
        }
        let d = decided(Some(STRANGER), "my move", false, true);
        assert!(answers_the_stranger(&d), "vouched for: {d:?}");
    }

    #[test]
    fn any_other_mail_of_a_stranger_is_kept_aside_unanswered() {
        for (from, subject, robot) in [
            (Some(STRANGER), "my move", false),
            (Some(STRANGER), "[T/2] Ivanov - Petrov", false),
            (Some(STRANGER), "[U/1] another arbiter's game", false),
            (Some(STRANGER), "[T/1] out of office", true),
            (None, "[T/1]", false),
        ] {
            let d = decided(from, subject, robot, false);
            assert!(d.keeps_aside(), "{from:?} {subject}: {d:?}");
            assert!(
                d.letters.is_empty() && d.mails.is_empty() && d.events.is_empty(),
                "{from:?} {subject}: {d:?}"
            );
        }
    }

    #[test]
    fn players_and_directors_are_no_strangers() {
        // a player's robot is ignored as before, not counted as a stranger's
        let d = decided(Some("ivanov@example.test"), "[T/1]", true, false);
        assert!(!d.keeps_aside() && d.letters.is_empty(), "{d:?}");
        // a player's move without a tag is refereed: his only game
        let d = decided(Some("ivanov@example.test"), "my move", false, false);
        assert!(!d.keeps_aside() && !d.events.is_empty(), "{d:?}");
        // the director is answered whatever the subject
        let d = decided(Some("td@example.test"), "hello", false, false);
        assert!(!d.keeps_aside() && !d.letters.is_empty(), "{d:?}");
    }
}
