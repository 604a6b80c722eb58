//! A decision: the events to record, the notices for the letters, the
//! mails and facts that go with them, and what happened, for the logs;
//! and `Replier`, which threads an answer to the mail it answers. The
//! handlers (moves, requests, the director's commands, adjudication,
//! conditional moves) build decisions from these; `decide` dispatches.

use crate::message::parse::Mail;
use crate::referee::game::{Event, GameResult};
use crate::referee::leave::PlayerEvent;
use crate::referee::notice::{Letter, Notice, Reader};
use crate::referee::outbound::{HeldCopy, MailKind, OutMail, Secret};

/// What happened, for logs and tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A robot's mail: no answer, nothing recorded.
    Ignored(String),
    /// A mail from an unknown sender (neither a player nor a director)
    /// that gets no answer: a person's that names none of the arbiter's
    /// games and that no trusted server vouched for, or a robot's. Nothing
    /// recorded; the mail stays in the mailbox, unseen, and is counted for
    /// the directors' digests.
    KeptAside(String),
    /// A move was accepted and forwarded.
    Accepted { game: String, ply: String },
    /// A move mail was refused with penalty days.
    Rejected { game: String, reason: String },
    /// Answered, nothing recorded.
    Answered(String),
    /// A game ended.
    Ended { game: String, result: GameResult },
    /// A game's opening mail went out.
    Opened { game: String },
    /// An overstep claim suspended a game.
    Suspended { game: String },
    /// An overstep was claimed while play goes on (a postal first
    /// overstep, II.6.2-6.4).
    Claimed { game: String },
    /// A move was kept in a suspended game.
    Held { game: String },
    /// A deadline mail (reminder, inactivity notice) went out.
    Reminded { game: String },
    /// A leave was recorded, ended or refused.
    Leave(String),
    /// The director's command was carried out.
    Directed(String),
}

/// Events to record and mails to send, committed together.
#[derive(Debug, Clone, Default)]
pub struct Decision {
    pub verdicts: Vec<Verdict>,
    pub events: Vec<(String, Event)>,
    pub player_events: Vec<(String, PlayerEvent)>,
    /// Notices for the letters to write (`letters::write`).
    pub letters: Vec<Letter>,
    /// Mails written.
    pub mails: Vec<OutMail>,
    /// The director's copies held for the daily digest.
    pub held: Vec<HeldCopy>,
    /// Facts to store with the decision (a player's settings; what Xfcc
    /// tells him of a game); an empty value removes one.
    pub facts: Vec<(String, String)>,
    /// New Xfcc passwords given by this decision: (the player's address,
    /// the password), stored hashed by the adapter.
    pub accounts: Vec<(String, Secret)>,
}

impl Decision {
    /// Whether it decides nothing: no event, notice, mail or verdict.
    pub fn is_empty(&self) -> bool {
        self.verdicts.is_empty()
            && self.events.is_empty()
            && self.player_events.is_empty()
            && self.letters.is_empty()
            && self.mails.is_empty()
            && self.held.is_empty()
            && self.facts.is_empty()
            && self.accounts.is_empty()
    }

    pub(crate) fn ignored(reason: impl Into<String>) -> Decision {
        Decision {
            verdicts: vec![Verdict::Ignored(reason.into())],
            ..Decision::default()
        }
    }

    /// An unknown sender's mail left unanswered ([`Verdict::KeptAside`]).
    pub(crate) fn kept_aside(reason: impl Into<String>) -> Decision {
        Decision {
            verdicts: vec![Verdict::KeptAside(reason.into())],
            ..Decision::default()
        }
    }

    /// Whether it leaves an unknown sender's mail unanswered
    /// ([`Verdict::KeptAside`]).
    pub fn keeps_aside(&self) -> bool {
        self.verdicts
            .iter()
            .any(|v| matches!(v, Verdict::KeptAside(_)))
    }

    /// Adds another decision's parts.
    pub fn extend(&mut self, other: Decision) {
        self.verdicts.extend(other.verdicts);
        self.events.extend(other.events);
        self.player_events.extend(other.player_events);
        self.letters.extend(other.letters);
        self.mails.extend(other.mails);
        self.held.extend(other.held);
        self.facts.extend(other.facts);
        self.accounts.extend(other.accounts);
    }
}

/// Builds the answers to one inbound mail.
pub(crate) struct Replier<'a> {
    pub(crate) mail: &'a Mail,
}

impl Replier<'_> {
    /// `In-Reply-To` and `References` for an answer to the mail: only
    /// well-formed Message-IDs are carried over (§7: nothing else from an
    /// inbound mail goes into an outbound header), the last ten at most.
    fn threading(&self) -> (Option<String>, Vec<String>) {
        let own = self.mail.message_id.clone().filter(|id| well_formed_id(id));
        let mut references: Vec<String> = self
            .mail
            .references
            .iter()
            .filter(|id| well_formed_id(id))
            .cloned()
            .collect();
        references.extend(own.clone());
        let skip = references.len().saturating_sub(10);
        (own, references.split_off(skip))
    }

    /// Threads `mail` as an answer to the mail.
    pub(crate) fn thread(&self, mail: &mut OutMail) {
        (mail.in_reply_to, mail.references) = self.threading();
        mail.kind = MailKind::AutoReplied;
    }

    /// Threads `letter` as an answer to the mail.
    pub(crate) fn thread_letter(&self, letter: &mut Letter) {
        (letter.in_reply_to, letter.references) = self.threading();
        letter.replied_to = self.mail.from.clone();
        letter.kind = MailKind::AutoReplied;
    }

    /// A notice To `reader` (the sender), threaded as an answer to the mail,
    /// that records nothing.
    pub(crate) fn tell(
        &self,
        reader: Reader,
        notice: Notice,
        game: Option<&str>,
        why: &str,
    ) -> Decision {
        let mut letter = Letter::new(vec![reader], vec![], notice, game);
        self.thread_letter(&mut letter);
        Decision {
            verdicts: vec![Verdict::Answered(why.to_string())],
            letters: vec![letter],
            ..Decision::default()
        }
    }
}

/// A Message-ID that may go into a header: `local@domain`, printable
/// ASCII without spaces or angle brackets, of a sane length.
fn well_formed_id(id: &str) -> bool {
    id.len() <= 250
        && id.contains('@')
        && id
            .bytes()
            .all(|b| b.is_ascii_graphic() && b != b'<' && b != b'>')
}

#[cfg(test)]
mod tests {
    use super::well_formed_id;

    #[test]
    fn only_well_formed_message_ids_are_threaded() {
        assert!(well_formed_id("CAF+abc.123@mail.gmail.com"));
        assert!(!well_formed_id("no-at-sign"));
        assert!(!well_formed_id("a b@c"));
        assert!(!well_formed_id("x@y>\r\nBcc: z@w"));
        assert!(!well_formed_id(&format!("{}@x", "a".repeat(300))));
    }
}
