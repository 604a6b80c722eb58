//! The letters: the referee's notices written as mails, each for its
//! readers. Pure, no I/O. A letter to readers of several languages becomes
//! one mail per language (the To readers' first), each with the readers of
//! that language; a language group without a To reader has its Cc readers
//! in To. The texts come from the catalogs ([`catalog`]).

pub mod catalog;
mod requests;

use crate::referee::decide::{Decision, OutMail, Recipient};
use crate::referee::notice::{Letter, Notice, Reader};
use crate::referee::tournament::{Lang, League};

/// A mail's subject and body.
pub struct Text {
    pub subject: String,
    pub body: String,
}

/// Turns the decision's letters into mails, after the mails it already has.
pub fn write(league: &League, decision: &mut Decision) {
    for letter in std::mem::take(&mut decision.letters) {
        decision.mails.extend(mails(league, &letter));
    }
}

/// Who a reader is: name, address, language (`None`: every language).
fn resolve(league: &League, reader: &Reader) -> Option<(Recipient, Option<Lang>)> {
    match reader {
        Reader::Player { tournament, player } => {
            let t = league.tournaments.iter().find(|t| &t.id == tournament)?;
            let p = t.player(player)?;
            Some((
                Recipient {
                    name: p.name.clone(),
                    email: p.address().to_string(),
                },
                Some(p.language),
            ))
        }
        Reader::Director { tournament } => {
            let t = league.tournaments.iter().find(|t| &t.id == tournament)?;
            Some((
                Recipient {
                    name: format!("{} director", t.id),
                    email: t.director.clone(),
                },
                Some(t.director_language),
            ))
        }
        Reader::Stranger { email } => Some((
            Recipient {
                name: String::new(),
                email: email.clone(),
            },
            None,
        )),
    }
}

/// The readers of one language of a letter.
struct Group {
    lang: Option<Lang>,
    to: Vec<Recipient>,
    cc: Vec<Recipient>,
}

/// The mails of one letter: one per language of its readers.
pub fn mails(league: &League, letter: &Letter) -> Vec<OutMail> {
    let mut groups: Vec<Group> = Vec::new();
    let readers = letter.to.iter().map(|r| (r, true));
    for (reader, is_to) in readers.chain(letter.cc.iter().map(|r| (r, false))) {
        let Some((recipient, lang)) = resolve(league, reader) else {
            continue;
        };
        let at = match groups.iter().position(|g| g.lang == lang) {
            Some(at) => at,
            None => {
                groups.push(Group {
                    lang,
                    to: vec![],
                    cc: vec![],
                });
                groups.len() - 1
            }
        };
        let group = &mut groups[at];
        if group
            .to
            .iter()
            .chain(&group.cc)
            .any(|r| r.email == recipient.email)
        {
            continue;
        }
        if is_to {
            group.to.push(recipient);
        } else {
            group.cc.push(recipient);
        }
    }
    groups
        .into_iter()
        .map(
            |Group {
                 lang,
                 mut to,
                 mut cc,
             }| {
                if to.is_empty() {
                    to = std::mem::take(&mut cc);
                }
                let names: Vec<String> = to.iter().map(|r| r.name.clone()).collect();
                let text = match lang {
                    Some(lang) => render(league, &letter.notice, lang, &names),
                    None => {
                        let en = render(league, &letter.notice, Lang::En, &names);
                        let ru = render(league, &letter.notice, Lang::Ru, &names);
                        Text {
                            subject: format!("{} / {}", en.subject, ru.subject),
                            body: format!("{}\n\n{}", en.body, ru.body),
                        }
                    }
                };
                OutMail {
                    to,
                    cc,
                    subject: text.subject,
                    body: text.body,
                    in_reply_to: letter.in_reply_to.clone(),
                    references: letter.references.clone(),
                    kind: letter.kind,
                    game: letter.game.clone(),
                }
            },
        )
        .collect()
}

/// The text of a notice in `lang`, for readers named `names` (To).
fn render(league: &League, notice: &Notice, lang: Lang, names: &[String]) -> Text {
    match notice {
        Notice::Help { tournament } => requests::help(league, tournament, lang, names),
    }
}

/// The greeting line: the To readers' names.
fn greeting(names: &[String]) -> String {
    let names: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|n| !n.is_empty())
        .collect();
    if names.is_empty() {
        return String::new();
    }
    format!("{},\n\n", names.join(", "))
}
