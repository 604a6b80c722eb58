//! The letters: the referee's notices written as mails, each for its
//! readers. Pure, no I/O. A letter to readers of several languages becomes
//! one mail per language (the To readers' first), each with the readers of
//! that language; a language group without a To reader has its Cc readers
//! in To. A notice that says to a player what he did or what is claimed
//! of him goes to each player in a mail of his own, which speaks to him
//! as "you". The texts come from the catalogs ([`catalog`]).

mod adjudication;
pub(crate) mod answers;
pub mod catalog;
mod claims;
pub mod digest;
pub mod forms;
mod game;
pub mod html;
mod officials;
pub use officials::bounce_subjects;
#[cfg(test)]
mod readers;
mod requests;
pub mod standings;

use crate::referee::decide::{Attachment, Decision, HeldCopy, OutMail, Recipient};
use crate::referee::game::Game;
use crate::referee::notice::game::GameNotice;
use crate::referee::notice::officials::OfficialNotice;
use crate::referee::notice::{CopyWhy, Letter, Notice, Reader};
use crate::referee::rules::Article;
use crate::referee::tournament::{GameSpec, Lang, League, Tournament};
use crate::t;
use shakmaty::Color;

/// Who a mail in one language is for: the language, the names of the To
/// readers (for the greeting), and every reader of that mail (a text for
/// the mover only, such as the notes on his mail, goes where he reads).
pub struct Audience<'a> {
    pub lang: Lang,
    pub names: &'a [String],
    pub readers: &'a [Reader],
    /// The director's own mail: he alone reads it.
    pub director: bool,
    /// The director's copy held for his daily digest: he answers the
    /// digest, whose subject names no game ([`digest`]).
    pub held: bool,
}

impl Audience<'_> {
    /// Whether `reader` reads this mail.
    pub fn includes(&self, reader: &Reader) -> bool {
        self.readers.contains(reader)
    }

    /// The greeting line: the language's salutation with the To readers'
    /// names as it addresses them (`Dear John Smith,`), then a blank line;
    /// nothing when the mail has no named reader.
    pub fn greeting(&self) -> String {
        greeting(self.lang, self.names)
    }

    /// Whether this mail speaks to the player of `color` in game `spec`
    /// as "you": he reads it and his partner does not (a notice that
    /// tells one player what he did gives each player a mail of his own).
    pub fn addressed(&self, t: &Tournament, spec: &GameSpec, color: Color) -> bool {
        let reads = |c| self.includes(&Reader::seat(t, spec, c));
        reads(color) && !reads(!color)
    }

    /// The side the board is drawn from: Black's when Black reads this
    /// mail and White does not, else White's.
    pub fn side(&self, t: &Tournament, spec: &GameSpec) -> Color {
        let reads = |c| self.includes(&Reader::seat(t, spec, c));
        if reads(Color::Black) && !reads(Color::White) {
            Color::Black
        } else {
            Color::White
        }
    }
}

/// A mail's subject and body.
pub struct Text {
    pub subject: String,
    pub body: String,
}

/// Turns the decision's letters into mails, after the mails it already has.
/// A copy for a director who reads a daily digest (Cc, not To) is held
/// for the digest instead ([`digest`]).
pub fn write(league: &League, decision: &mut Decision) {
    for mut letter in std::mem::take(&mut decision.letters) {
        let digest = letter
            .game
            .as_deref()
            .and_then(|id| league.game(id))
            .map(|(t, _)| t)
            .filter(|t| t.director_digest);
        if let Some(t) = digest {
            let director = Reader::director_of(t);
            if letter.cc.contains(&director) && !letter.to.contains(&director) {
                // his copy as he would have read it, naming the players
                for mail in mails_of(league, &letter, true) {
                    decision.held.push(HeldCopy {
                        tournament: t.id.clone(),
                        game: letter.game.clone(),
                        subject: mail.subject,
                        body: mail.body,
                    });
                }
                letter.cc.retain(|r| *r != director);
            }
        }
        decision.mails.extend(mails(league, &letter));
    }
}

/// The tournament and the spec of a notice's game.
fn game_of<'a>(league: &'a League, game: &Game) -> (&'a Tournament, &'a GameSpec) {
    league
        .game(&game.spec.id)
        .expect("a notice's game is a game of the league")
}

/// A game's subject: `[ID] White - Black: <rest>` (surnames).
fn game_subject(t: &Tournament, spec: &GameSpec, rest: &str) -> String {
    format!(
        "[{}] {} - {}: {rest}",
        spec.id,
        t.player_of(spec, Color::White).surname(),
        t.player_of(spec, Color::Black).surname()
    )
}

/// Who a reader is: name, address, language (`None`: every language).
fn resolve(league: &League, reader: &Reader) -> Option<(Recipient, Option<Lang>)> {
    match reader {
        Reader::Player { tournament, player } => {
            let t = league.tournament(tournament)?;
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
            let t = league.tournament(tournament)?;
            let lang = t.director_language;
            Some((
                Recipient {
                    name: t!(lang, "director-title", tournament = &t.id),
                    email: t.director.clone(),
                },
                Some(lang),
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

/// Whether `reader` writes from `address`: one of a player's addresses,
/// the director's, a stranger's own.
fn writes_from(league: &League, reader: &Reader, address: &str) -> bool {
    match reader {
        Reader::Player { tournament, player } => league
            .tournament(tournament)
            .and_then(|t| t.player(player))
            .is_some_and(|p| p.emails.iter().any(|e| e.eq_ignore_ascii_case(address))),
        Reader::Director { tournament } => league
            .tournament(tournament)
            .is_some_and(|t| t.director.eq_ignore_ascii_case(address)),
        Reader::Stranger { email } => email.eq_ignore_ascii_case(address),
    }
}

/// The readers of one mail of a letter: one language, and either the
/// director alone or no director; for a notice [`to_each`] player, one
/// player alone.
struct Group {
    lang: Option<Lang>,
    director: bool,
    /// The player who reads this mail alone.
    player: Option<Reader>,
    to: Vec<Recipient>,
    cc: Vec<Recipient>,
    readers: Vec<Reader>,
}

/// The mails of one letter: one per language of its players, and the
/// director's own, never shared with a player (he reads what he may
/// answer and both clocks; a player never reads the director's commands).
pub fn mails(league: &League, letter: &Letter) -> Vec<OutMail> {
    mails_of(league, letter, false)
}

/// The mails of one letter ([`mails`]), or with `held` the director's
/// copy alone, written for his digest.
fn mails_of(league: &League, letter: &Letter, held: bool) -> Vec<OutMail> {
    let mut groups: Vec<Group> = Vec::new();
    let each = to_each(&letter.notice);
    let readers = letter.to.iter().map(|r| (r, true));
    for (reader, is_to) in readers.chain(letter.cc.iter().map(|r| (r, false))) {
        let Some((recipient, lang)) = resolve(league, reader) else {
            continue;
        };
        let director = matches!(reader, Reader::Director { .. });
        let player = (each && matches!(reader, Reader::Player { .. })).then(|| reader.clone());
        let at = match groups
            .iter()
            .position(|g| g.lang == lang && g.director == director && g.player == player)
        {
            Some(at) => at,
            None => {
                groups.push(Group {
                    lang,
                    director,
                    player,
                    to: vec![],
                    cc: vec![],
                    readers: vec![],
                });
                groups.len() - 1
            }
        };
        let group = &mut groups[at];
        group.readers.push(reader.clone());
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
    // the players the letter went to, for the director's copy: named as
    // its sentence writes them
    let players: Vec<String> = groups
        .iter()
        .filter(|g| !g.director)
        .flat_map(|g| g.to.iter().chain(&g.cc))
        .map(|r| crate::language::natural_order(&r.name))
        .collect();
    groups
        .into_iter()
        .filter(|group| !held || group.director)
        .map(|group| {
            let Group {
                lang,
                director,
                mut to,
                mut cc,
                readers,
                ..
            } = group;
            // a copy: the director was in Cc of a letter to the players
            let copy = director && to.is_empty();
            if to.is_empty() {
                to = std::mem::take(&mut cc);
            }
            // the director is addressed by his title, not by the name the
            // mail's header gives him
            let names: Vec<String> = match lang {
                Some(lang) if director => to
                    .iter()
                    .map(|_| director_addressed(&readers, lang))
                    .collect(),
                _ => to.iter().map(|r| r.name.clone()).collect(),
            };
            let audience = |lang| Audience {
                lang,
                names: &names,
                readers: &readers,
                director,
                held,
            };
            let text = match lang {
                Some(lang) if copy => director_copy(league, letter, &audience(lang), &players),
                Some(lang) => render(league, &letter.notice, &audience(lang)),
                None => {
                    let en = capitalised(render(league, &letter.notice, &audience(Lang::En)));
                    let ru = capitalised(render(league, &letter.notice, &audience(Lang::Ru)));
                    Text {
                        subject: format!("{} / {}", en.subject, ru.subject),
                        body: format!("{}\n\n{}", en.body, ru.body),
                    }
                }
            };
            let text = stable_subject(league, letter.game.as_deref(), capitalised(text));
            // the answered mail's thread is its sender's only (whichever
            // of his addresses he wrote from)
            let answers = letter
                .replied_to
                .as_deref()
                .is_some_and(|from| readers.iter().any(|r| writes_from(league, r, from)));
            let (in_reply_to, references) = if answers {
                (letter.in_reply_to.clone(), letter.references.clone())
            } else {
                (None, vec![])
            };
            OutMail {
                to,
                cc,
                subject: text.subject,
                body: text.body,
                in_reply_to,
                references,
                thread: vec![],
                kind: letter.kind,
                game: letter.game.clone(),
                attachments: attachments(league, &letter.notice, lang),
            }
        })
        .collect()
}

/// Whether each player of the letter of `notice` reads a mail of his
/// own, even beside a partner of his language: the notice says to one
/// player what he did or what is claimed of him ("you resigned", "you
/// have used 63 days", "you claim a win"), and says it of him to the
/// other, by name.
fn to_each(notice: &Notice) -> bool {
    use crate::referee::game::EndReason;
    use crate::referee::notice::adjudication::AdjudicationNotice as A;
    use crate::referee::notice::officials::OfficialNotice as O;
    match notice {
        Notice::Game(GameNotice::Result { game, .. }) => game
            .ending
            .is_some_and(|e| matches!(e.reason, EndReason::Resignation | EndReason::TimeForfeit)),
        Notice::Game(GameNotice::Claim { .. })
        | Notice::Official(O::Penalty { .. } | O::OverstepFixed { .. } | O::ClaimRejected { .. })
        | Notice::Adjudication(
            A::Opened { .. } | A::Move { .. } | A::Claimed { .. } | A::Appeal { .. },
        ) => true,
        _ => false,
    }
}

/// The director's copy of a letter to the players: why he gets it (the
/// article), the mail as the players read it (without their greeting or
/// their own clock), then, while the game runs, both clocks and the
/// commands he may answer with.
fn director_copy(
    league: &League,
    letter: &Letter,
    audience: &Audience,
    players: &[String],
) -> Text {
    let lang = audience.lang;
    let copied = render(
        league,
        &letter.notice,
        &Audience {
            lang,
            names: &[],
            readers: &[],
            director: false,
            held: false,
        },
    );
    let about = about(&letter.notice)
        .and_then(|(game, today)| league.game(game.id()).map(|(t, _)| (t, game, today)));
    let (why, days, article) = match (&letter.notice, letter.copy, &about) {
        (Notice::Official(OfficialNotice::Reminder { waiting, .. }), _, Some((t, ..))) => (
            "reminder",
            *waiting,
            t.rules.article_in(Article::Reminder, lang),
        ),
        // the protester's own answer: he protested to the director (III.6.4)
        (Notice::Official(OfficialNotice::ProtestAnswer { .. }), _, Some((t, ..))) => {
            ("protest", 0, t.rules.article_in(Article::Protest, lang))
        }
        (_, CopyWhy::ShortOfTime, Some((t, ..))) => (
            "short",
            t.rules.warning_days,
            t.rules.article_in(Article::Warning, lang),
        ),
        _ => ("record", 0, ""),
    };
    let mut body = audience.greeting();
    body.push_str(&t!(
        lang,
        "copy-intro",
        why = why,
        days = days,
        article = article,
        player = listed(lang, players),
        names = listed(lang, players)
    ));
    body.push_str("\n\n- - - - - - - - - -\n");
    body.push_str(copied.body.trim_end());
    body.push_str("\n- - - - - - - - - -\n");
    if let Some((t, game, today)) = about {
        let clocks = forms::clocks_of_both(t, game, today, lang);
        if !clocks.is_empty() {
            body.push('\n');
            body.push_str(&clocks);
            body.push_str(&officials::director_answers(t, game, today, audience));
        }
    }
    // the director's own subject where the players' speaks to them
    let subject = match (&letter.notice, &about) {
        (Notice::Official(OfficialNotice::ProtestAnswer { .. }), Some((t, game, _))) => {
            let spec = league.game(game.id()).map(|(_, s)| s);
            match spec {
                Some(spec) => game_subject(
                    t,
                    spec,
                    &t!(
                        lang,
                        "official-protest-answer-copy-subject",
                        player = players.join("; ")
                    ),
                ),
                None => copied.subject,
            }
        }
        _ => copied.subject,
    };
    opened(Text { subject, body }, audience)
}

/// The game a notice is about, as it stands, and the day it speaks of.
fn about(notice: &Notice) -> Option<(&Game, chrono::NaiveDate)> {
    use crate::referee::notice::answers::AnswerNotice as A;
    use crate::referee::notice::officials::OfficialNotice as O;
    match notice {
        Notice::Game(GameNotice::Forward { game, .. }) => {
            Some((game.as_ref(), game.plies.last()?.forwarded))
        }
        Notice::Game(GameNotice::Claim { game, today }) => Some((game.as_ref(), *today)),
        Notice::Game(GameNotice::Result { .. }) => None,
        Notice::Answer(
            A::Refused { seat, .. }
            | A::NoMove { seat, .. }
            | A::AlreadyReceived { seat }
            | A::NotYourTurn { seat }
            | A::Suspended { seat, .. }
            | A::NoDrawOffer { seat }
            | A::DrawClaimRefused { seat }
            | A::TableClaim { seat, .. }
            | A::Conditional { seat, .. },
        ) => Some((seat.game.as_ref(), seat.today)),
        Notice::Official(
            O::Opening { game, today, .. }
            | O::Reminder { game, today, .. }
            | O::ProtestAnswer { game, today, .. }
            | O::TimeWarning { game, today }
            | O::Penalty { game, today, .. }
            | O::OverstepFixed { game, today, .. }
            | O::ClaimRejected { game, today, .. }
            | O::LeaveDay { game, today, .. },
        ) => Some((game.as_ref(), *today)),
        _ => None,
    }
}

/// One subject per game, `[ID] White - Black`, that a mail client keeps
/// its thread by: what the mail is (the move, "reminder", …) becomes its
/// first line instead, above the greeting.
fn stable_subject(league: &League, game: Option<&str>, text: Text) -> Text {
    let Some((t, spec)) = game.and_then(|id| league.game(id)) else {
        return text;
    };
    let stable = game_subject(t, spec, "");
    let stable = stable.trim_end_matches([':', ' ']);
    let Some(what) = text
        .subject
        .strip_prefix(stable)
        .and_then(|rest| rest.strip_prefix(": "))
    else {
        return text;
    };
    if what.is_empty() {
        return text;
    }
    let headline = first_capital(what);
    Text {
        subject: stable.to_string(),
        body: format!("{headline}\n\n{}", text.body),
    }
}

/// `text` with its subject beginning with a capital letter, as a subject
/// standing alone does ("Как писать ходы и команды", "Help / Помощь"); a
/// game's subject begins with its label `[ID]` and stays as it is.
fn capitalised(text: Text) -> Text {
    Text {
        subject: first_capital(&text.subject),
        body: text.body,
    }
}

/// `s` with its first letter upper case.
fn first_capital(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The content type of a game's mails attached as mbox (RFC 4155).
pub const ARCHIVE_TYPE: &str = "application/mbox";

/// The content type of the players' guide the HELP answer carries: plain
/// text, which every mail program shows in the mail (Markdown reads as
/// text; `text/markdown` many programs only offer to save).
pub const GUIDE_TYPE: &str = "text/plain; charset=utf-8";

/// A game id as a file name: `RUS-EM-2026/1` → `RUS-EM-2026-1`.
fn file_name(game: &str) -> String {
    game.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// The files a notice's mails carry: a result's PGN, which a chess program
/// opens directly (`application/vnd.chess-pgn`); the HELP answer's players'
/// guide in the reader's language (both, English and Russian, to a reader
/// of no known language, as the text is).
fn attachments(league: &League, notice: &Notice, lang: Option<Lang>) -> Vec<Attachment> {
    if let Notice::Help { .. } = notice {
        let langs = match lang {
            Some(lang) => vec![lang],
            None => vec![Lang::En, Lang::Ru],
        };
        return langs
            .into_iter()
            .map(|lang| {
                let (name, text) = lang.guide();
                Attachment {
                    name,
                    content_type: GUIDE_TYPE.into(),
                    text: text.to_string(),
                }
            })
            .collect();
    }
    if let Notice::Official(crate::referee::notice::officials::OfficialNotice::Archive { game }) =
        notice
    {
        // the mails are in the store: the daemon writes them in (an empty
        // text marks the attachment to fill)
        return vec![Attachment {
            name: format!("{}.mbox", file_name(game)),
            content_type: ARCHIVE_TYPE.into(),
            text: String::new(),
        }];
    }
    let Notice::Game(GameNotice::Result { game, .. }) = notice else {
        return vec![];
    };
    let Some((t, _)) = league.game(game.id()) else {
        return vec![];
    };
    vec![Attachment {
        name: format!("{}.pgn", file_name(game.id())),
        content_type: "application/vnd.chess-pgn".into(),
        text: crate::render::pgn(t, game),
    }]
}

/// The text of a notice for an audience.
fn render(league: &League, notice: &Notice, audience: &Audience) -> Text {
    let text = match notice {
        Notice::Help { tournament } => requests::help(tournament, audience),
        Notice::Game(n) => game::render(league, n, audience),
        Notice::Answer(n) => answers::render(league, n, audience),
        Notice::Official(n) => officials::render(league, n, audience),
        Notice::Adjudication(n) => adjudication::render(league, n, audience),
    };
    opened(text, audience)
}

/// A mail's body as a letter opens: after the greeting line (or at the
/// top, with none), the first sentence begins with a capital letter; the
/// catalogs' texts are written to follow the greeting in any language.
fn opened(text: Text, audience: &Audience) -> Text {
    let greeting = audience.greeting();
    let Text { subject, body } = text;
    let Some(rest) = body.strip_prefix(greeting.as_str()) else {
        return Text { subject, body };
    };
    let mut chars = rest.chars();
    let body = match chars.next() {
        Some(first) => format!(
            "{greeting}{}{}",
            first.to_uppercase().collect::<String>(),
            chars.as_str()
        ),
        None => body,
    };
    Text { subject, body }
}

/// The greeting line in `lang`: its salutation with the readers' names as
/// it addresses them (natural order, its vocative), joined by commas and
/// its "and" before the last.
fn greeting(lang: Lang, names: &[String]) -> String {
    let language = lang.language();
    let names: Vec<String> = names
        .iter()
        .filter(|n| !n.trim().is_empty())
        .map(|n| language.addressed(n))
        .collect();
    if names.is_empty() {
        return String::new();
    }
    format!("{}\n\n", t!(lang, "greeting", names = listed(lang, &names)))
}

/// `names` as `lang` lists them in a sentence: commas, and its "and"
/// before the last ("Ivan Ivanov and Petr Petrov").
fn listed(lang: Lang, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [first @ .., last] => format!("{} {} {last}", first.join(", "), t!(lang, "names-and")),
    }
}

/// How a mail in `lang` addresses the director among `readers`.
fn director_addressed(readers: &[Reader], lang: Lang) -> String {
    readers
        .iter()
        .find_map(|r| match r {
            Reader::Director { tournament } => {
                Some(t!(lang, "director-addressed", tournament = tournament))
            }
            _ => None,
        })
        .unwrap_or_default()
}

/// A small league for the letters' golden tests: tournament `T` from
/// 2026-05-10 (e-mail rules, numeric), Ivanov (Russian) against Petrov
/// (English), the director reading English; and the game after `moves`.
#[cfg(test)]
pub(crate) mod fixture {
    use crate::notation::Notation;
    use crate::referee::decide::Recipient;
    use crate::referee::game::{Event, Game};
    use crate::referee::notice::{Letter, Reader};
    use crate::referee::rules::RuleSet;
    use crate::referee::tournament::{GameSpec, Lang, League, Player, Tournament};
    use chrono::NaiveDate;

    pub fn day(s: &str) -> NaiveDate {
        s.parse().expect("a YYYY-MM-DD date")
    }

    pub fn league() -> League {
        let player = |id: &str, name: &str, lang| Player {
            id: id.into(),
            name: name.into(),
            country: "RUS".into(),
            emails: vec![format!("{id}@example.test")],
            language: lang,
        };
        League {
            address: "arbiter@example.test".into(),
            name: "Arbiter".into(),
            tournaments: vec![Tournament {
                id: "T".into(),
                name: "Test championship".into(),
                start: day("2026-05-10"),
                end: None,
                director: "td@example.test".into(),
                director_language: Lang::En,
                director_digest: false,
                publish_addresses: false,
                tie_break: Default::default(),
                site: "Arbiter".into(),
                rules: RuleSet::email(),
                notation: Notation::Numeric,
                conditional: false,
                players: vec![
                    player("ivanov", "Ivanov, Ivan", Lang::Ru),
                    player("petrov", "Petrov, Petr", Lang::En),
                ],
                games: vec![GameSpec {
                    id: "T/1".into(),
                    white: "ivanov".into(),
                    black: "petrov".into(),
                    start: None,
                }],
                index: Default::default(),
            }],
            xfcc: Some("https://arbiter.example.test/xfccbasic.asmx".into()),
            tables: Default::default(),
            index: Default::default(),
        }
    }

    /// The readers of the fixture: the players and the director of `T`.
    pub fn ivanov() -> Reader {
        Reader::Player {
            tournament: "T".into(),
            player: "ivanov".into(),
        }
    }

    pub fn petrov() -> Reader {
        Reader::Player {
            tournament: "T".into(),
            player: "petrov".into(),
        }
    }

    pub fn director() -> Reader {
        Reader::Director {
            tournament: "T".into(),
        }
    }

    /// Every mail of the letters as its readers see it: To, Cc, subject,
    /// body. The same letters written for readers of every language have
    /// each date and decimal in the reader's form ([`super::readers`]).
    pub fn show(league: &League, letters: &[Letter]) -> String {
        super::readers::every_language(league, letters);
        show_as_written(league, letters)
    }

    /// Every mail of the letters as its readers see it, unchecked.
    pub fn show_as_written(league: &League, letters: &[Letter]) -> String {
        let names = |rs: &[Recipient]| {
            rs.iter()
                .map(|r| r.email.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut out = String::new();
        for letter in letters {
            for mail in super::mails(league, letter) {
                out.push_str(&format!(
                    "To: {}\nCc: {}\nSubject: {}\n\n{}\n----------\n",
                    names(&mail.to),
                    names(&mail.cc),
                    mail.subject,
                    mail.body
                ));
            }
        }
        out
    }

    /// The game `T/1` after the numeric `moves`, one a day from the start.
    pub fn game(league: &League, moves: &[&str]) -> Game {
        game_with(league, [vec![], vec![]], moves, 1)
    }

    /// The game `T/1` with the players' `leaves` (White's, Black's) after
    /// the numeric `moves`, one every `gap` days from the start.
    pub fn game_with(
        league: &League,
        leaves: [Vec<crate::referee::clock::Days>; 2],
        moves: &[&str],
        gap: u64,
    ) -> Game {
        let t = &league.tournaments[0];
        let mut game = Game::new(t, &t.games[0], leaves);
        game.apply(&Event::Opened { on: t.start }).unwrap();
        let mut on = t.start;
        for m in moves {
            let pos = game.position().clone();
            let mv = crate::notation::parse_move(&pos, m).expect("a legal move");
            game.apply(&Event::Moved {
                uci: Game::uci(&mv),
                sent: on,
                draw_offer: false,
            })
            .unwrap();
            on = on.checked_add_days(chrono::Days::new(gap)).unwrap();
        }
        game
    }

    #[test]
    fn the_fixture_game_is_played() {
        let league = league();
        let game = game(&league, &["5254", "5755", "7163"]);
        assert_eq!(game.plies.len(), 3);
    }
}

#[cfg(test)]
mod tests {
    use super::fixture::{day, game, league};
    use super::forms::clock;
    use crate::referee::tournament::Lang;
    use shakmaty::Color;

    /// The answered mail's threading goes to its sender only, whichever of
    /// his addresses he wrote from; his partner's copy does not reference
    /// a mail he never got.
    #[test]
    fn the_answered_mails_thread_is_its_senders_only() {
        use crate::referee::compose;
        let mut league = league();
        league.tournaments[0].players[0]
            .emails
            .push("ivan@home.example.test".into());
        let t = &league.tournaments[0];
        let after = game(&league, &["5254"]);
        let mut forward = compose::forward_mail(t, &t.games[0], &after);
        forward.in_reply_to = Some("m1@home.example.test".into());
        forward.references = vec!["m1@home.example.test".into()];
        forward.replied_to = Some("IVAN@home.example.test".into());
        let mails = super::mails(&league, &forward);
        let to = |email: &str| {
            mails
                .iter()
                .find(|m| m.to.iter().any(|r| r.email == email))
                .unwrap()
        };
        let mover = to("ivanov@example.test");
        assert_eq!(mover.in_reply_to.as_deref(), Some("m1@home.example.test"));
        let opponent = to("petrov@example.test");
        assert_eq!(opponent.in_reply_to, None);
        assert!(opponent.references.is_empty());
    }

    /// III.7.1: "unless you take a leave" only while leave days are left.
    #[test]
    fn iii_7_1_no_leave_offered_when_the_years_leave_days_are_used() {
        use crate::referee::clock::Days;
        let league = league();
        let t = &league.tournaments[0];
        let all = Days {
            from: day("2026-05-11"),
            to: day("2026-06-09"),
        };
        let used = super::fixture::game_with(&league, [vec![all], vec![]], &[], 1);
        let text = clock(t, &used, Color::White, day("2026-06-20"), Lang::En);
        assert!(
            text.contains("you have no leave days left this year"),
            "{text}"
        );
        assert!(!text.contains("unless you take a leave"), "{text}");
        let fresh = game(&league, &[]);
        let text = clock(t, &fresh, Color::White, day("2026-06-20"), Lang::En);
        assert!(text.contains("unless you take a leave"), "{text}");
    }

    #[test]
    fn the_clock_shows_days_used_left_and_the_last_day_to_send() {
        let league = league();
        let t = &league.tournaments[0];
        let game = game(&league, &["5254", "5755"]);
        insta::assert_snapshot!(
            "clock",
            format!(
                "{}\n{}\n{}",
                clock(t, &game, Color::White, day("2026-05-15"), Lang::En),
                clock(t, &game, Color::White, day("2026-07-05"), Lang::Ru),
                clock(t, &game, Color::Black, day("2026-05-15"), Lang::Ru)
            )
        );
    }
}

/// Russian mails are Russian: every golden mail of the letters (the
/// snapshots of every notice kind, for players and the director) that is
/// written in Russian has no Latin word but the fixture's names, ids and
/// addresses, numeric moves and squares, article numbers, command names
/// in brackets, the names of file formats, and the words it quotes from
/// others (a player's note or analysis after `|`, a mail server's reason,
/// a program's error).
#[cfg(test)]
mod russian {
    use crate::referee::rules::{find_preset, presets};
    use crate::referee::tournament::Lang;
    use std::collections::HashSet;

    /// Latin words a Russian mail may hold: the fixture's names and ids,
    /// and the names of formats and headers.
    const ALLOWED: &[&str] = &[
        "Ivanov",
        "Ivan",
        "Petrov",
        "Petr",
        "ivanov",
        "petrov",
        "nobody",
        "Test",
        "championship",
        "PGN",
        "mbox",
        "mutt",
        "UTC",
        "Message",
        "ID",
        "MAILER",
        "DAEMON",
        "Re",
        "T",
    ];

    /// The Latin words of a line of a Russian mail that are not allowed.
    fn foreign(line: &str) -> Vec<String> {
        words(line, |c| c.is_ascii_alphabetic())
    }

    /// The words of a line, of the letters `letter` says, that are not
    /// names, ids, numbers, commands in brackets or quoted words.
    fn words(line: &str, letter: fn(char) -> bool) -> Vec<String> {
        let trimmed = line.trim_start();
        // quoted words of others: a note, an analysis, a server's reason
        if trimmed.starts_with('|')
            || trimmed.starts_with("Причина: the referee")
            || trimmed.contains("Diagnostic-Code")
        {
            return vec![];
        }
        // command names in brackets: a group holding a word in capitals
        let mut text = String::new();
        let mut rest = line;
        while let Some(open) = rest.find('(') {
            let Some(close) = rest[open..].find(')') else {
                break;
            };
            let group = &rest[open + 1..open + close];
            text.push_str(&rest[..open]);
            // "(RESIGN)", "(ACCEPT DRAW)", "(PENALTY white|black N)": a command's first word in capitals;
            // not "(ICCF: overstep claimed …)", a citation naming ICCF
            let command = !group.contains(':')
                && group
                    .split(|c: char| !c.is_alphabetic())
                    .find(|w| w.chars().count() > 1)
                    .is_some_and(|w| w.chars().all(|c| c.is_ascii_uppercase()));
            if !command {
                text.push_str(group);
            }
            text.push(' ');
            rest = &rest[open + close + 1..];
        }
        text.push_str(rest);
        text.split_whitespace()
            // addresses, keys, article numbers (III.5.1), squares (e4),
            // moves (Кf3, 0-0) and roman numerals
            .filter(|w| !w.contains('@') && !w.chars().any(|c| c.is_ascii_digit()))
            .flat_map(|w| {
                w.split(|c: char| !letter(c))
                    .filter(|p| p.chars().count() > 1)
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .filter(|p| !ALLOWED.contains(&p.as_str()))
            .filter(|p| !p.chars().all(|c| matches!(c, 'I' | 'V' | 'X')))
            .collect()
    }

    /// The words of a German or Lithuanian line that are English: words
    /// of the English catalogs or of a preset's English citations that the
    /// language's own catalogs never use.
    fn english(line: &str, lang: Lang) -> Vec<String> {
        let own = words_of(lang.catalogs().iter().copied());
        let cited = presets()
            .iter()
            .flat_map(|p| p.cites.iter().map(|(_, c)| c.text(Lang::En)));
        let english = words_of(Lang::En.catalogs().iter().copied().chain(cited));
        words(line, char::is_alphabetic)
            .into_iter()
            .filter(|w| english.contains(&w.to_lowercase()) && !own.contains(&w.to_lowercase()))
            .collect()
    }

    /// The lower-case words of `texts`, Fluent's keys and variables left out.
    fn words_of<'a>(texts: impl Iterator<Item = &'a str>) -> HashSet<String> {
        let mut words = HashSet::new();
        for text in texts {
            for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
                // a message's text after its key, not the key itself
                let line = line.split_once(" = ").map_or(line, |(_, text)| text);
                let line = line.split_once("] ").map_or(line, |(_, text)| text);
                // nor its variables ({ $director ->)
                let line = line
                    .split_whitespace()
                    .filter(|w| !w.starts_with('$'))
                    .collect::<Vec<_>>()
                    .join(" ");
                for w in line.split(|c: char| !c.is_alphabetic()) {
                    if w.chars().count() > 1 {
                        words.insert(w.to_lowercase());
                    }
                }
            }
        }
        words
    }

    /// The words of `mail` (its subject and body) that its reader's
    /// language does not write: Latin ones in Russian, English ones in
    /// German and Lithuanian.
    fn misplaced(mail: &str, lang: Lang) -> Vec<String> {
        let mut found = Vec::new();
        for line in mail.lines() {
            if line.starts_with("To:") || line.starts_with("Cc:") {
                continue;
            }
            let line = line.strip_prefix("Subject:").unwrap_or(line);
            let words = if lang == Lang::Ru {
                foreign(line)
            } else {
                english(line, lang)
            };
            found.extend(words.into_iter().map(|w| format!("{w}: {line}")));
        }
        found
    }

    /// The mails of the ICCF preset that cite its own rules (the claim,
    /// the warning before a loss, the repeat, the opening), each player and
    /// the director reading `lang`.
    fn iccf_mails(lang: Lang) -> String {
        use super::fixture::{day, director, game, ivanov, league, petrov, show};
        use crate::referee::compose;
        use crate::referee::notice::officials::OfficialNotice;
        use crate::referee::notice::{Letter, Notice};
        let mut league = league();
        let t = &mut league.tournaments[0];
        t.rules = find_preset("iccf").expect("the ICCF preset").rules.clone();
        t.director_language = lang;
        for p in &mut t.players {
            p.language = lang;
        }
        let t = &league.tournaments[0];
        let spec = &t.games[0];
        let moved = game(&league, &["5254"]);
        let official = |to, cc, notice| Letter::new(to, cc, Notice::Official(notice), Some("T/1"));
        let (against, control) = moved
            .overstep(&t.rules, day("2026-07-12"))
            .expect("an overstep");
        let claim = compose::claim_overstep(t, spec, &moved, against, control, day("2026-07-12"));
        let mut letters = claim.letters;
        letters.extend([
            official(
                vec![petrov()],
                vec![],
                OfficialNotice::TimeWarning {
                    game: Box::new(moved.clone()),
                    today: day("2026-06-25"),
                },
            ),
            official(
                vec![petrov()],
                vec![director()],
                OfficialNotice::Reminder {
                    game: Box::new(moved.clone()),
                    waiting: 14,
                    to_director: true,
                    today: day("2026-05-25"),
                },
            ),
            official(
                vec![ivanov(), petrov()],
                vec![],
                OfficialNotice::Opening {
                    game: Box::new(game(&league, &[])),
                    today: day("2026-05-10"),
                    tables_reached: false,
                },
            ),
        ]);
        show(&league, &letters)
    }

    /// A reader of the ICCF preset reads its citations in his language:
    /// no "(ICCF: overstep claimed to the director)" in a Russian, German
    /// or Lithuanian mail.
    #[test]
    fn iccf_citations_speak_the_readers_language() {
        let mut found = Vec::new();
        for lang in [Lang::Ru, lang("de"), lang("lt")] {
            let mails = iccf_mails(lang);
            assert!(
                mails.contains(
                    find_preset("iccf")
                        .unwrap()
                        .rules
                        .article_in(crate::referee::rules::Article::Claim, lang)
                ),
                "the ICCF mails cite ICCF's rules in {}:\n{mails}",
                lang.code()
            );
            found.extend(
                misplaced(&mails, lang)
                    .into_iter()
                    .map(|w| format!("{}: {w}", lang.code())),
            );
        }
        assert!(
            found.is_empty(),
            "words of another language in ICCF mails:\n{}",
            found.join("\n")
        );
    }

    fn lang(code: &str) -> Lang {
        Lang::from_code(code).expect("an embedded language")
    }

    #[test]
    fn the_check_finds_an_english_word_in_german_and_lithuanian() {
        assert_eq!(
            english(
                "Zeitüberschreitung (ICCF: overstep claimed to the director)",
                lang("de")
            ),
            ["overstep", "claimed", "to", "the", "director"]
        );
        assert_eq!(
            english("pertrauka (ICCF: 45 leave days a year)", lang("lt")),
            ["days", "year"]
        );
        assert!(english("Ihr Zug: 1. 5254, III.9.4, Ivanov, Ivan", lang("de")).is_empty());
    }

    #[test]
    fn a_russian_mail_has_no_latin_words_but_names_and_commands() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/letters/snapshots");
        let mut checked = 0;
        let mut found = Vec::new();
        for entry in std::fs::read_dir(&dir).expect("the snapshots") {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            if !text.contains("\nSubject: ") {
                // not mails (the clock's lines)
                continue;
            }
            let body = text.splitn(3, "---\n").nth(2).unwrap_or_default();
            for mail in body
                .split("\n----------\n")
                .flat_map(|m| m.split("\n#####\n"))
            {
                let mail = mail
                    .split("======== next mail ========")
                    .flat_map(|m| m.split("######## next notice ########"))
                    .collect::<Vec<_>>();
                for mail in mail {
                    let cyrillic = mail
                        .chars()
                        .filter(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(*c)))
                        .count();
                    let latin = mail.chars().filter(char::is_ascii_alphabetic).count();
                    if cyrillic <= latin {
                        continue;
                    }
                    checked += 1;
                    for line in mail.lines() {
                        if line.starts_with("To:") || line.starts_with("Cc:") {
                            continue;
                        }
                        let line = line.strip_prefix("Subject:").unwrap_or(line);
                        for word in foreign(line) {
                            found.push(format!(
                                "{}: {word}: {line}",
                                path.file_name().unwrap().to_string_lossy()
                            ));
                        }
                    }
                }
            }
        }
        assert!(checked >= 30, "Russian mails checked: {checked}");
        assert!(
            found.is_empty(),
            "Latin words in Russian mails:\n{}",
            found.join("\n")
        );
    }

    #[test]
    fn the_check_finds_a_latin_word() {
        assert_eq!(
            foreign("Ваш ход: 1. 5254 (wrong repetition)"),
            ["wrong", "repetition"]
        );
        assert!(foreign("РЕЗУЛЬТАТ 1-0 (RESULT), III.9.4, Ivanov, Ivan").is_empty());
        assert_eq!(foreign("ответьте CONFIRM сейчас"), ["CONFIRM"]);
    }
}

/// Every mail opens as a letter in its reader's language: the salutation
/// with the names in natural order (in Lithuanian, their vocative), never
/// the PGN record form `Surname, Given,`, and the body below it begins
/// with a capital letter.
#[cfg(test)]
mod greetings {
    use super::fixture::{day, director, game, ivanov, league, petrov, show};
    use super::greeting;
    use crate::referee::notice::officials::OfficialNotice;
    use crate::referee::notice::{Letter, Notice};
    use crate::referee::tournament::{Lang, League};

    fn lang(code: &str) -> Lang {
        Lang::from_code(code).expect("an embedded language")
    }

    fn names(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn the_salutation_and_the_names_in_natural_order_in_every_language() {
        let table = [
            ("en", &["Smith, John"][..], "Dear John Smith,"),
            (
                "en",
                &["Smith, John", "Jones, Peter"][..],
                "Dear John Smith and Peter Jones,",
            ),
            (
                "en",
                &["Smith, John", "Jones, Peter", "Brown, Anne"][..],
                "Dear John Smith, Peter Jones and Anne Brown,",
            ),
            ("ru", &["Иванов, Иван"][..], "Здравствуйте, Иван Иванов!"),
            (
                "ru",
                &["Иванов, Иван", "Петров, Пётр"][..],
                "Здравствуйте, Иван Иванов и Пётр Петров!",
            ),
            ("de", &["Müller, Jürgen"][..], "Guten Tag, Jürgen Müller,"),
            (
                "de",
                &["Müller, Jürgen", "Schmidt, Hans"][..],
                "Guten Tag, Jürgen Müller und Hans Schmidt,",
            ),
            ("lt", &["Jonaitis, Jonas"][..], "Laba diena, Jonai Jonaiti,"),
            (
                "lt",
                &["Jonaitienė, Eglė", "Petrov, Petr"][..],
                "Laba diena, Egle Jonaitiene ir Petr Petrov,",
            ),
            ("en", &["Arbiter Team"][..], "Dear Arbiter Team,"),
        ];
        for (code, readers, line) in table {
            assert_eq!(
                greeting(lang(code), &names(readers)),
                format!("{line}\n\n"),
                "{code}"
            );
        }
        assert_eq!(greeting(Lang::En, &names(&[""])), "");
    }

    /// Whether `line` is a name in the PGN record form: `Surname, Given,`.
    fn record_form(line: &str) -> bool {
        let Some(name) = line.strip_suffix(',') else {
            return false;
        };
        let Some((surname, given)) = name.split_once(", ") else {
            return false;
        };
        [surname, given].iter().all(|w| {
            !w.is_empty()
                && !w.contains(' ')
                && w.chars().next().is_some_and(char::is_uppercase)
                && w.chars().all(|c| c.is_alphabetic() || c == '-')
        })
    }

    /// Whether `line` is a greeting line of some language.
    fn salutation(line: &str) -> bool {
        Lang::all().any(|lang| {
            let form = crate::t!(lang, "greeting", names = "\u{1}");
            let (before, after) = form
                .split_once('\u{1}')
                .expect("greeting names the readers");
            line.starts_with(before) && line.ends_with(after)
        })
    }

    /// The faults of the mails in `text`: a record-form greeting, or a
    /// greeting whose body begins in lower case.
    fn faults(text: &str) -> Vec<String> {
        let lines: Vec<&str> = text.lines().collect();
        let mut faults = vec![];
        for (at, line) in lines.iter().enumerate() {
            if record_form(line) {
                faults.push(format!("a record-form greeting: {line}"));
            }
            if salutation(line) && lines.get(at + 1) == Some(&"") {
                let next = lines.get(at + 2).copied().unwrap_or_default();
                if next.chars().next().is_some_and(char::is_lowercase) {
                    faults.push(format!("lower case after {line}: {next}"));
                }
            }
        }
        faults
    }

    #[test]
    fn the_check_finds_the_old_record_form() {
        assert!(!faults("Petrov, Petr,\n\nhere is your account").is_empty());
        assert!(!faults("Dear Petr Petrov,\n\nhere is your account").is_empty());
        assert!(faults("Dear Petr Petrov,\n\nHere is your account").is_empty());
    }

    /// Every golden snapshot of the letters (every notice kind, English
    /// and Russian readers and directors) opens as a letter.
    #[test]
    fn every_snapshot_opens_as_a_letter() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/letters/snapshots");
        let mut read = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "snap") {
                let text = std::fs::read_to_string(&path).unwrap();
                assert_eq!(faults(&text), Vec::<String>::new(), "{}", path.display());
                read += 1;
            }
        }
        assert!(read > 20, "the snapshots are read");
    }

    /// The lines of `text` that name a player of the fixture in the PGN
    /// form outside a record: the standard form's and the schedule's
    /// header (a label, then the name), a PGN tag, a table row (the name
    /// followed by columns), a quoted line (`  | `) keep that form; a
    /// sentence writes the name in natural order.
    fn record_names_in_sentences(text: &str) -> Vec<String> {
        let names = league().tournaments[0]
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect::<Vec<_>>();
        text.lines()
            .filter(|line| {
                names.iter().any(|name| {
                    let Some(at) = line.find(name.as_str()) else {
                        return false;
                    };
                    let before = &line[..at];
                    let after = &line[at + name.len()..];
                    let labelled = before.split_whitespace().count() == 1 && after.is_empty();
                    let tag = line.starts_with('[') && after.starts_with("\"]");
                    let row = after.starts_with("  ");
                    let quoted = line.trim_start().starts_with("| ");
                    let header = line.starts_with("expression:");
                    !(labelled || tag || row || quoted || header)
                })
            })
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_check_finds_a_record_form_name_in_a_sentence() {
        assert_eq!(
            record_names_in_sentences("Petrov, Petr (black) resigned."),
            vec!["Petrov, Petr (black) resigned."]
        );
        for record in [
            "White       Ivanov, Ivan",
            "Черные Petrov, Petr",
            "[White \"Ivanov, Ivan\"]",
            "1-2  Petrov, Petr  *  X     0",
            "  | Ivanov, Ivan - Petrov, Petr",
            "Petr Petrov (black) resigned.",
        ] {
            assert!(record_names_in_sentences(record).is_empty(), "{record}");
        }
    }

    /// Every golden snapshot names the players in natural order in its
    /// sentences (`Petr Petrov (black) resigned`), the PGN form only in
    /// its records.
    #[test]
    fn every_snapshot_names_the_players_in_natural_order_in_sentences() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/letters/snapshots");
        let mut read = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "snap") {
                let text = std::fs::read_to_string(&path).unwrap();
                assert_eq!(
                    record_names_in_sentences(&text),
                    Vec::<String>::new(),
                    "{}",
                    path.display()
                );
                read += 1;
            }
        }
        assert!(read > 20, "the snapshots are read");
    }

    /// The fixture's league with Lithuanian and German players and the
    /// director reading `director`.
    fn baltic(director: &str) -> League {
        let mut league = league();
        let t = &mut league.tournaments[0];
        t.players[0].name = "Jonaitis, Jonas".into();
        t.players[0].language = lang("lt");
        t.players[1].name = "Müller, Jürgen".into();
        t.players[1].language = lang("de");
        t.director_language = lang(director);
        league
    }

    /// The opening, a reminder copied to the director, a time warning
    /// and the help, to German and Lithuanian readers: each greeting as its
    /// language writes it, the body capitalised below it and in a mail to
    /// no named reader.
    #[test]
    fn every_mail_greets_its_readers_in_their_language() {
        for (code, to_director) in [
            ("lt", "Laba diena, turnyro T direktoriau,"),
            ("de", "Guten Tag, Turnierleiter von T,"),
        ] {
            let league = baltic(code);
            let official =
                |to, cc, notice| Letter::new(to, cc, Notice::Official(notice), Some("T/1"));
            let letters = [
                official(
                    vec![ivanov(), petrov()],
                    vec![],
                    OfficialNotice::Opening {
                        game: Box::new(game(&league, &[])),
                        today: day("2026-05-10"),
                        tables_reached: false,
                    },
                ),
                official(
                    vec![petrov()],
                    vec![director()],
                    OfficialNotice::Reminder {
                        game: Box::new(game(&league, &["5254"])),
                        waiting: 14,
                        to_director: true,
                        today: day("2026-05-24"),
                    },
                ),
                official(
                    vec![ivanov()],
                    vec![director()],
                    OfficialNotice::TimeWarning {
                        game: Box::new(game(&league, &[])),
                        today: day("2026-06-20"),
                    },
                ),
                Letter::new(
                    vec![ivanov()],
                    vec![],
                    Notice::Help {
                        tournament: "T".into(),
                    },
                    None,
                ),
            ];
            let text = show(&league, &letters);
            assert_eq!(faults(&text), Vec::<String>::new(), "{text}");
            for line in [
                "Laba diena, Jonai Jonaiti,",
                "Guten Tag, Jürgen Müller,",
                to_director,
            ] {
                assert!(text.lines().any(|l| l == line), "{line}:\n{text}");
            }
            // the players' mail copied to the director, without its
            // greeting, begins capitalised
            let copied = text
                .split("- - - - - - - - - -\n")
                .nth(1)
                .expect("a director's copy");
            assert!(
                copied.chars().next().is_some_and(char::is_uppercase),
                "{copied}"
            );
        }
    }
}
