//! The texts of [`GameNotice`]s: the forward of a move, the result, the
//! overstep claim, the director's decisions told to both players. Each copy
//! is written for its readers: the opponent reads what to answer, the mover
//! the notes on his mail, the director what he can answer, every player
//! his own clock.

use super::forms::clock;
use super::{Audience, Text};
use crate::notation::Notation;
use crate::referee::game::Offer;
use crate::referee::game::{EndReason, Game, GameResult};
use crate::referee::notice::answers::MoverNote;
use crate::referee::notice::game::{Answered, GameNotice};
use crate::referee::notice::Reader;
use crate::referee::rules::Article;
use crate::referee::tournament::{GameSpec, Lang, League, Tournament};
use crate::render::{self, date_in, numbered_in};
use crate::t;
use chrono::NaiveDate;
use shakmaty::{Color, Position};
use std::fmt::Write;

pub(super) fn render(league: &League, notice: &GameNotice, audience: &Audience) -> Text {
    let game = notice.game();
    let Some((t, spec)) = league.game(game.id()) else {
        // a game the league no longer has: nothing sensible to say
        return Text {
            subject: format!("[{}]", game.id()),
            body: String::new(),
        };
    };
    let w = Writer {
        t,
        spec,
        game,
        audience,
        lang: audience.lang,
    };
    match notice {
        GameNotice::Forward {
            notes,
            note,
            answered,
            tables_reached,
            ..
        } => w.forward(notes, note, answered.as_ref(), *tables_reached),
        GameNotice::Result { note, .. } => w.result(note.as_ref()),
        GameNotice::Claim { today, .. } => w.claim(*today),
    }
}

/// One copy of a game's notice: the game, and who reads the copy in which
/// language.
struct Writer<'a> {
    t: &'a Tournament,
    spec: &'a GameSpec,
    game: &'a Game,
    audience: &'a Audience<'a>,
    lang: Lang,
}

impl Writer<'_> {
    /// `[ID] Ivanov - Petrov: <rest>`.
    fn subject(&self, rest: &str) -> String {
        super::game_subject(self.t, self.spec, rest)
    }

    fn player(&self, color: Color) -> Reader {
        Reader::seat(self.t, self.spec, color)
    }

    fn reads(&self, color: Color) -> bool {
        self.audience.includes(&self.player(color))
    }

    /// Whether this copy speaks to the player of `color` as "you": he
    /// reads it and his partner does not.
    fn addressed(&self, color: Color) -> bool {
        self.audience.addressed(self.t, self.spec, color)
    }

    fn color(&self, color: Color) -> String {
        match color {
            Color::White => t!(self.lang, "white"),
            Color::Black => t!(self.lang, "black"),
        }
    }

    /// The side inside a sentence, as the reader's language writes it
    /// there (`black`, `черные`; German keeps its capital: `Schwarz`).
    fn side_in_sentence(&self, color: Color) -> String {
        let key = match color {
            Color::White => "white",
            Color::Black => "black",
        };
        t!(self.lang, "official-side-lower", color = key)
    }

    /// The clock of every player reading this copy as of `today`, `first`
    /// first; each named when two players read the copy.
    fn clocks(&self, first: Color, today: NaiveDate) -> String {
        if self.audience.director {
            return super::forms::clocks_of_both(self.t, self.game, today, self.lang);
        }
        let readers: Vec<Color> = [first, !first]
            .into_iter()
            .filter(|c| self.reads(*c))
            .collect();
        let mut out = String::new();
        for &color in &readers {
            if readers.len() > 1 {
                let _ = writeln!(
                    out,
                    "{}",
                    t!(
                        self.lang,
                        "game-clock-of",
                        name = &self.t.player_of(self.spec, color).natural_name(),
                        color = self.color(color)
                    )
                );
            }
            out.push_str(&clock(self.t, self.game, color, today, self.lang));
        }
        out
    }

    /// A player's own words relayed as written, headed for who reads them:
    /// his partner, himself, or the director. Lines ending in a newline.
    fn relayed(&self, author: Color, lines: &[String]) -> String {
        let lang = self.lang;
        let author_name = &self.t.player_of(self.spec, author).natural_name();
        let partner_name = &self.t.player_of(self.spec, !author).natural_name();
        let mut out = if self.reads(!author) {
            t!(lang, "game-forward-note", mover = author_name)
        } else if self.reads(author) {
            t!(lang, "game-forward-note-yours", opponent = partner_name)
        } else {
            t!(
                lang,
                "game-forward-note-relayed",
                mover = author_name,
                opponent = partner_name
            )
        };
        out.push('\n');
        for line in lines {
            let _ = writeln!(out, "  | {line}");
        }
        out
    }

    /// The forward of the last move: To the opponent, Cc the mover.
    fn forward(
        &self,
        notes: &[MoverNote],
        note: &[String],
        answered: Option<&Answered>,
        tables_reached: bool,
    ) -> Text {
        let (t, game, lang) = (self.t, self.game, self.lang);
        let index = game.plies.len() - 1;
        let ply = &game.plies[index];
        let mover = t.player_of(self.spec, ply.color);
        let opponent = t.player_of(self.spec, !ply.color);
        // the copy the opponent reads speaks to him; one only the mover
        // reads (another language) to the mover; the director's alone of both
        let for_opponent = self.reads(!ply.color);
        let for_mover = !for_opponent && self.reads(ply.color);
        let text = numbered_in(game, index, t.notation, lang);
        let mut body = self.audience.greeting();
        let (mover_name, opponent_name) = (&mover.natural_name(), &opponent.natural_name());
        let intro = if for_opponent {
            t!(
                lang,
                "game-forward-plays",
                mover = mover_name,
                color = self.color(ply.color)
            )
        } else if for_mover {
            t!(lang, "game-forward-yours", opponent = opponent_name)
        } else {
            t!(
                lang,
                "game-forward-played",
                mover = mover_name,
                color = self.color(ply.color)
            )
        };
        let san = if t.notation == Notation::San {
            String::new()
        } else {
            format!("   ({})", render::san_in(game.san(index), lang))
        };
        let _ = writeln!(body, "{intro}\n\n    {text}{san}\n");
        if ply.conditional {
            // played by the arbiter from the mover's hidden series
            let _ = writeln!(
                body,
                "{}\n",
                t!(lang, "game-forward-conditional", mover = mover_name)
            );
        }
        let received = if ply.forwarded == ply.sent {
            t!(
                lang,
                "game-forward-received",
                date = date_in(ply.sent, lang)
            )
        } else {
            t!(
                lang,
                "game-forward-held",
                sent = date_in(ply.sent, lang),
                forwarded = date_in(ply.forwarded, lang),
                article = t.rules.article_in(Article::Resumption, lang)
            )
        };
        // a move that ends the game asks nothing: no day counts from it
        let counts = if let Some(end) = game.ending {
            t!(
                lang,
                "game-forward-ends",
                result = end.result.as_str(),
                reason = render::end_reason(end.reason, lang)
            )
        } else if for_opponent {
            t!(lang, "game-forward-counts")
        } else {
            t!(lang, "game-forward-counts-for", opponent = opponent_name)
        };
        let _ = writeln!(body, "{received} {counts}");
        if let Some(answered) = answered {
            self.answered(&mut body, answered, for_opponent);
        }
        if let Some(offer) = game
            .offer
            .as_ref()
            .filter(|o| o.from_ply == game.plies.len())
        {
            self.offered(&mut body, offer, for_opponent, for_mover);
        }
        if ply.draw_offer {
            let offer = if for_opponent {
                t!(lang, "game-forward-draw-offer")
            } else if for_mover {
                t!(lang, "game-forward-draw-offer-yours")
            } else {
                t!(lang, "game-forward-draw-offered", mover = mover_name)
            };
            let _ = writeln!(body, "\n{offer}");
        }
        if !note.is_empty() {
            let _ = write!(body, "\n{}", self.relayed(ply.color, note));
        }
        if tables_reached {
            let _ = writeln!(body, "\n{}", super::claims::reached(game, false, lang));
        }
        let _ = writeln!(body, "\n{}", render::standard_form(t, game, lang));
        let side = self.audience.side(t, self.spec);
        body.push_str(&render::game_board(game, lang, side));
        if for_opponent && game.ending.is_none() {
            let next = if ply.color == Color::White {
                format!("{}...", ply.number)
            } else {
                format!("{}.", ply.number + 1)
            };
            let _ = writeln!(
                body,
                "\n{}\n    {text} {next} {}",
                t!(lang, "game-forward-answer"),
                t!(lang, "game-forward-your-move")
            );
        }
        if !notes.is_empty() && self.reads(ply.color) {
            let notes = super::answers::mover_notes(self.t, self.game, notes, lang);
            let _ = writeln!(
                body,
                "\n{}\n{}",
                t!(lang, "game-forward-notes", mover = &mover.natural_name()),
                notes.trim_end()
            );
        }
        // a finished game has no clock running: its result mail tells the totals
        let clocks = if game.ending.is_none() {
            self.clocks(!ply.color, ply.forwarded)
        } else {
            String::new()
        };
        if !clocks.is_empty() {
            let _ = write!(body, "\n{clocks}");
        }
        Text {
            subject: self.subject(&text),
            body,
        }
    }

    /// The variant offered with the move (III.3.7): numbered in the
    /// tournament's notation and in SAN; the opponent reads how to accept.
    fn offered(&self, body: &mut String, offer: &Offer, for_opponent: bool, for_mover: bool) {
        let (t, lang) = (self.t, self.lang);
        let mover = &t.player_of(self.spec, offer.by).natural_name();
        let article = t.rules.article_in(Article::Variant, lang);
        let head = if for_opponent {
            t!(
                lang,
                "game-variant-offered",
                mover = mover,
                article = article
            )
        } else if for_mover {
            t!(lang, "game-variant-offered-yours", article = article)
        } else {
            t!(
                lang,
                "game-variant-offered-by",
                mover = mover,
                article = article
            )
        };
        let all = 0..offer.moves.len();
        let line = render::variant_line_in(offer, all.clone(), t.notation, lang);
        let _ = writeln!(body, "\n{head}\n\n    {line}");
        if t.notation != Notation::San {
            let _ = writeln!(
                body,
                "    ({})",
                render::san_line_in(
                    &render::variant_line_in(offer, all, Notation::San, lang),
                    lang
                )
            );
        }
        if for_opponent {
            let last = self.game.plies.len() - 1;
            let own = numbered_in(self.game, last, t.notation, lang);
            let part = render::variant_line_in(offer, 0..2, t.notation, lang);
            // the reply after the first two moves of the variant
            let after = offer.positions[1]
                .clone()
                .play(offer.moves[1])
                .expect("a stored variant move is legal");
            let number = after.fullmoves().get();
            let next = match after.turn() {
                Color::White => format!("{number}."),
                Color::Black => format!("{number}..."),
            };
            let _ = writeln!(
                body,
                "\n{}\n    {own} {part} {next} {}\n{}",
                t!(
                    lang,
                    "game-variant-how",
                    repeat = t.rules.article_in(Article::VariantRepeat, lang),
                    time = t.rules.article_in(Article::VariantTime, lang)
                ),
                t!(lang, "game-forward-your-move"),
                t!(
                    lang,
                    "game-variant-rules",
                    penalty = t.rules.article_in(Article::Penalty, lang),
                    noreply = t.rules.article_in(Article::VariantNoReply, lang)
                )
            );
        }
    }

    /// How the mover answered his opponent's variant: accepted in full, in
    /// part or declined, with the accepted moves (III.3.7-3.8, III.4.6).
    fn answered(&self, body: &mut String, answered: &Answered, for_opponent: bool) {
        let (t, lang) = (self.t, self.lang);
        let offer = &answered.offer;
        let n = offer.moves.len();
        let variant = t.rules.article_in(Article::Variant, lang);
        let time = t.rules.article_in(Article::VariantTime, lang);
        let whose = if for_opponent {
            t!(lang, "game-variant-whose-yours")
        } else {
            t!(
                lang,
                "game-variant-whose",
                proposer = &t.player_of(self.spec, offer.by).natural_name()
            )
        };
        let text = if answered.accepted == 0 {
            t!(
                lang,
                "game-variant-declined",
                whose = whose,
                article = variant
            )
        } else {
            let accepted = render::variant_line_in(offer, 0..answered.accepted, t.notation, lang);
            let id = if answered.accepted == n {
                "game-variant-accepted-full"
            } else {
                "game-variant-accepted-part"
            };
            t!(
                lang,
                id,
                whose = whose,
                moves = accepted,
                article = variant,
                time = time
            )
        };
        let _ = writeln!(body, "\n{text}");
    }

    /// The result: To both, Cc the director, with the PGN inline.
    fn result(&self, note: Option<&(Color, Vec<String>)>) -> Text {
        let (t, spec, game, lang) = (self.t, self.spec, self.game, self.lang);
        let end = game.ending.expect("a result notice is for an ended game");
        let mut body = self.audience.greeting();
        // who resigned or lost on time, and by which article
        let loser = match end.result {
            GameResult::WhiteWins => Some(Color::Black),
            GameResult::BlackWins => Some(Color::White),
            GameResult::Draw => None,
        };
        // the loser reads it of himself, his partner and the director of him
        let who = match (end.reason, loser) {
            (EndReason::Resignation, Some(c)) if self.addressed(c) => {
                Some(t!(lang, "game-result-resigned-yours"))
            }
            (EndReason::Resignation, Some(c)) => Some(t!(
                lang,
                "game-result-resigned",
                name = &t.player_of(spec, c).natural_name(),
                side = self.side_in_sentence(c)
            )),
            (EndReason::TimeForfeit, Some(c)) if self.addressed(c) => Some(t!(
                lang,
                "game-result-on-time-yours",
                article = t.rules.article_in(Article::OverstepLoss, lang)
            )),
            (EndReason::TimeForfeit, Some(c)) => Some(t!(
                lang,
                "game-result-on-time",
                name = &t.player_of(spec, c).natural_name(),
                side = self.side_in_sentence(c),
                article = t.rules.article_in(Article::OverstepLoss, lang)
            )),
            _ => None,
        };
        // the own words of the player whose mail ended the game
        let words =
            note.map(|(author, lines)| format!("\n\n{}", self.relayed(*author, lines).trim_end()));
        let _ = writeln!(
            body,
            "{}{}{}\n\n{}\n\n{}\n\n{}",
            t!(
                lang,
                "game-result",
                game = &spec.id,
                white = &t.player_of(spec, Color::White).natural_name(),
                black = &t.player_of(spec, Color::Black).natural_name(),
                date = date_in(end.on, lang),
                result = end.result.as_str(),
                reason = render::end_reason(end.reason, lang)
            ),
            who.map(|w| format!(" {w}")).unwrap_or_default(),
            words.unwrap_or_default(),
            render::standard_form(t, game, lang).trim_end(),
            render::game_board(game, lang, self.audience.side(t, spec)).trim_end(),
            render::pgn(t, game)
        );
        Text {
            subject: self.subject(&t!(
                lang,
                "game-result-subject",
                result = end.result.as_str()
            )),
            body,
        }
    }

    /// The overstep claim: the calculation, whether the game is interrupted,
    /// what the director can answer and how, the schedule, the clocks.
    fn claim(&self, today: NaiveDate) -> Text {
        let (t, spec, game, lang) = (self.t, self.spec, self.game, self.lang);
        let s = game
            .claim
            .as_ref()
            .expect("a claim notice is for a pending claim");
        let article = |rule| t.rules.article_in(rule, lang);
        let thinking = game.thinking(s.against, today);
        // the claimed player reads the facts of himself
        let facts = t!(
            lang,
            "game-claim-facts",
            game = &spec.id,
            article = article(Article::Claim),
            you = if self.addressed(s.against) {
                "yes"
            } else {
                "no"
            },
            name = &t.player_of(spec, s.against).natural_name(),
            color = self.side_in_sentence(s.against),
            used = s.used,
            allowance = s.allowance,
            control = t.rules.shown_control(s.control),
            recorded = s.used - thinking.min(s.used),
            thinking = thinking,
            date = date_in(s.on, lang)
        );
        let course = if s.interrupts {
            t!(
                lang,
                "game-claim-suspended",
                article = article(Article::Suspension)
            )
        } else {
            t!(
                lang,
                "game-claim-goes-on",
                article = article(Article::Suspension)
            )
        };
        let loses = game.overstep_loses(&t.rules, s.against);
        let name = &t.player_of(spec, s.against).natural_name();
        let until = date_in(s.protest_until(&t.rules), lang);
        let mut body = self.audience.greeting();
        if self.audience.director {
            // the director: what he may answer, the protest days, how
            let confirm = if loses {
                t!(
                    lang,
                    "game-claim-confirm-loss",
                    loss = article(Article::OverstepLoss)
                )
            } else {
                t!(
                    lang,
                    "game-claim-confirm-reset",
                    number = game.overstepping_move(s),
                    reset = article(Article::OverstepReset),
                    loss = article(Article::OverstepLoss)
                )
            };
            let reject = if s.interrupts {
                t!(lang, "game-claim-reject-resume")
            } else {
                t!(lang, "game-claim-reject")
            };
            let _ = writeln!(
                body,
                "{facts} {course} {}",
                t!(
                    lang,
                    "game-claim-director",
                    confirm = confirm,
                    reject = reject
                )
            );
            let _ = writeln!(
                body,
                "{}",
                t!(
                    lang,
                    "official-claim-protest",
                    name = name,
                    until = until.as_str(),
                    article = article(Article::Protest)
                )
            );
            let _ = writeln!(body, "{}", t!(lang, "game-claim-how", game = &spec.id));
            let _ = writeln!(body, "\n{}", render::schedule(t, game, lang));
            body.push_str(&super::forms::clocks_of_both(t, game, today, lang));
        } else {
            // a player: who decides and what follows, his right to protest
            let decides = if loses {
                t!(
                    lang,
                    "game-claim-players",
                    loss = "yes",
                    number = 0,
                    article = article(Article::OverstepLoss)
                )
            } else {
                t!(
                    lang,
                    "game-claim-players",
                    loss = "no",
                    number = game.overstepping_move(s),
                    article = article(Article::OverstepReset)
                )
            };
            let _ = writeln!(body, "{facts} {course} {decides}");
            let protest = if self.addressed(s.against) {
                t!(
                    lang,
                    "official-claim-protest-yours",
                    until = until.as_str(),
                    article = article(Article::Protest)
                )
            } else {
                t!(
                    lang,
                    "official-claim-protest-partner",
                    name = name,
                    until = until.as_str(),
                    article = article(Article::Protest)
                )
            };
            let _ = writeln!(body, "{protest}");
            let _ = writeln!(body, "\n{}", render::schedule(t, game, lang));
            body.push_str(&self.clocks(s.against, today));
        }
        Text {
            subject: self.subject(&t!(lang, "game-claim-subject")),
            body,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::letters::fixture::{day, game, league, show};
    use crate::referee::compose;
    use crate::referee::game::{EndReason, Event, Game, GameResult};
    use crate::referee::notice::answers::MoverNote;
    use crate::referee::notice::Letter;
    use crate::referee::rules::RuleSet;
    use crate::referee::tournament::League;

    /// The fixture game after `moves`, the last one with a draw offer.
    fn with_offer(league: &League, moves: &[&str]) -> Game {
        let mut game = game(league, &moves[..moves.len() - 1]);
        let on = day("2026-05-10") + chrono::Days::new(moves.len() as u64 - 1);
        let pos = game.position().clone();
        let mv = crate::notation::parse_move(&pos, moves[moves.len() - 1]).unwrap();
        game.apply(&Event::Moved {
            uci: Game::uci(&mv),
            sent: on,
            draw_offer: true,
        })
        .unwrap();
        game
    }

    #[test]
    fn the_forward_in_each_players_language() {
        let league = league();
        let t = &league.tournaments[0];
        let spec = &t.games[0];
        // Ivanov (Russian) moves with a draw offer, a note and notes for
        // him; Petrov (English) reads the move, the offer and the note
        let after = with_offer(&league, &["5254"]);
        let note = vec!["Good luck!".to_string(), "Удачи!".to_string()];
        let notes = vec![MoverNote::Dated {
            claimed: day("2026-05-09"),
            arrived: day("2026-05-10"),
        }];
        let white = compose::forward_with_note(t, spec, &after, notes, &note);
        // Petrov (English) answers, plainly
        let after = game(&league, &["5254", "5755"]);
        let black = compose::forward_mail(t, spec, &after);
        insta::assert_snapshot!("forward", show(&league, &[white, black]));
    }

    /// App.3 says what the clock counts: the penalty days in the totals,
    /// each where it fell, and the leaves, in both languages.
    #[test]
    fn iii_4_7_iii_7_the_form_shows_the_penalties_and_the_leaves() {
        use crate::letters::fixture::game_with;
        use crate::referee::clock::Days;
        use crate::referee::game::{PenaltyReason, Side};
        let league = league();
        let t = &league.tournaments[0];
        let spec = &t.games[0];
        let leave = Days {
            from: day("2026-06-01"),
            to: day("2026-06-10"),
        };
        let mut after = game_with(&league, [vec![], vec![leave]], &["5254"], 1);
        after
            .apply(&Event::Penalty {
                side: Side::Black,
                days: 2,
                on: day("2026-05-12"),
                reason: PenaltyReason::WrongRepetition,
            })
            .unwrap();
        let pos = after.position().clone();
        let mv = crate::notation::parse_move(&pos, "5755").unwrap();
        after
            .apply(&Event::Moved {
                uci: Game::uci(&mv),
                sent: day("2026-05-15"),
                draw_offer: false,
            })
            .unwrap();
        let text = show(&league, &[compose::forward_mail(t, spec, &after)]);
        for words in [
            "Penalty Black: +2 days (12.05.2026): wrong repetition of the partner's move",
            "Leaves of White: —; of Black: 01.06.2026-10.06.2026",
            "Штраф, черные: +2 дня (12.05.2026): неверное повторение хода партнера",
            "Перерывы белых: —; перерывы черных: 01.06.2026-10.06.2026",
        ] {
            assert!(text.contains(words), "{words}: {text}");
        }
    }

    #[test]
    fn a_held_move_forwarded_after_the_suspension() {
        let league = league();
        let t = &league.tournaments[0];
        let spec = &t.games[0];
        let mut after = game(&league, &["5254"]);
        after
            .apply(&Event::Forwarded {
                on: day("2026-05-20"),
            })
            .unwrap();
        let letter = compose::forward_mail(t, spec, &after);
        insta::assert_snapshot!("forward_held", show(&league, &[letter]));
    }

    #[test]
    fn the_result_with_the_pgn() {
        let league = league();
        let t = &league.tournaments[0];
        let spec = &t.games[0];
        let mut ended = game(&league, &["5254", "5755", "6125"]);
        ended
            .apply(&Event::Ended {
                result: GameResult::WhiteWins,
                reason: EndReason::Resignation,
                on: day("2026-05-13"),
            })
            .unwrap();
        // Black resigned with a word of thanks: relayed to White
        let note = Some((
            shakmaty::Color::Black,
            vec!["Thanks for the game!".to_string()],
        ));
        let letter = compose::result_with_note(t, spec, &ended, note);
        insta::assert_snapshot!("result", show(&league, &[letter]));
    }

    /// The claim against Black, to move since 10 May, as of `today`, under
    /// `rules`.
    fn claim(rules: RuleSet, today: &str) -> (League, Letter) {
        let mut league = league();
        league.tournaments[0].rules = rules;
        let t = &league.tournaments[0];
        let spec = &t.games[0];
        let game = game(&league, &["5254"]);
        let (against, control) = game.overstep(&t.rules, day(today)).expect("an overstep");
        let decision = compose::claim_overstep(t, spec, &game, against, control, day(today));
        let letter = decision.letters.into_iter().next().unwrap();
        (league, letter)
    }

    /// The fixture's league with both players and the director reading
    /// the language of `code`: the players would share one mail.
    fn one_language(code: &str) -> League {
        let lang = crate::referee::tournament::Lang::from_code(code).expect("a language");
        let mut league = league();
        let t = &mut league.tournaments[0];
        for p in &mut t.players {
            p.language = lang;
        }
        t.director_language = lang;
        league
    }

    /// The body of the mail of `letter` To `email`, who reads it alone.
    fn mail_to(league: &League, letter: &Letter, email: &str) -> String {
        let mails = crate::letters::mails(league, letter);
        let mine: Vec<_> = mails
            .iter()
            .filter(|m| m.to.iter().chain(&m.cc).any(|r| r.email == email))
            .collect();
        assert_eq!(
            mine.len(),
            1,
            "one mail to {email}: {}",
            show(league, std::slice::from_ref(letter))
        );
        assert_eq!(
            mine[0].to.len() + mine[0].cc.len(),
            1,
            "{email} reads it alone"
        );
        mine[0].body.clone()
    }

    /// Black resigned (`TimeForfeit`: lost on time) after 1. e4 e5 2. Bb5.
    fn ended(league: &League, reason: EndReason) -> Game {
        let mut ended = game(league, &["5254", "5755", "6125"]);
        ended
            .apply(&Event::Ended {
                result: GameResult::WhiteWins,
                reason,
                on: day("2026-05-13"),
            })
            .unwrap();
        ended
    }

    const PETROV: &str = "petrov@example.test";
    const IVANOV: &str = "ivanov@example.test";
    const DIRECTOR: &str = "td@example.test";

    /// III.9.1: the result of a resignation goes to each player in his own
    /// mail, also when both read one language: the resigning player reads
    /// that he resigned, his partner and the director read who resigned.
    #[test]
    fn iii_9_1_the_result_tells_the_resigning_player_you_resigned() {
        for (code, yours, named) in [
            ("en", "You resigned.", "Petr Petrov (black) resigned."),
            (
                "ru",
                "Вы сдали партию.",
                "Сдача партии: Petr Petrov (черные).",
            ),
            (
                "de",
                "Sie haben aufgegeben.",
                "Petr Petrov (Schwarz) hat aufgegeben.",
            ),
            ("lt", "Jūs pasidavėte.", "Petr Petrov (juodieji) pasidavė."),
        ] {
            let league = one_language(code);
            let t = &league.tournaments[0];
            let letter =
                compose::result_mail(t, &t.games[0], &ended(&league, EndReason::Resignation));
            let loser = mail_to(&league, &letter, PETROV);
            assert!(loser.contains(yours), "{code}: {loser}");
            assert!(!loser.contains(named), "{code}: {loser}");
            for other in [IVANOV, DIRECTOR] {
                let text = mail_to(&league, &letter, other);
                assert!(text.contains(named), "{code} {other}: {text}");
                assert!(!text.contains(yours), "{code} {other}: {text}");
            }
        }
    }

    /// III.6.6: the loss on time confirmed: the loser reads that he lost
    /// on time, his partner who did.
    #[test]
    fn iii_6_6_the_result_tells_the_player_who_lost_on_time_you_lost() {
        for (code, yours, named) in [
            (
                "en",
                "You lost on time: the overstep was confirmed (III.6.6).",
                "Petr Petrov (black) lost on time",
            ),
            (
                "ru",
                "Вам засчитано поражение за просрочку времени (III.6.6).",
                "Участнику Petr Petrov (черные) засчитано поражение",
            ),
            (
                "de",
                "Sie haben durch Zeitüberschreitung verloren",
                "Petr Petrov (Schwarz) hat durch Zeitüberschreitung verloren",
            ),
            (
                "lt",
                "Jūs pralaimėjote dėl laiko",
                "Petr Petrov (juodieji) pralaimėjo dėl laiko",
            ),
        ] {
            let league = one_language(code);
            let t = &league.tournaments[0];
            let letter =
                compose::result_mail(t, &t.games[0], &ended(&league, EndReason::TimeForfeit));
            let loser = mail_to(&league, &letter, PETROV);
            assert!(loser.contains(yours), "{code}: {loser}");
            assert!(!loser.contains(named), "{code}: {loser}");
            let winner = mail_to(&league, &letter, IVANOV);
            assert!(winner.contains(named), "{code}: {winner}");
            assert!(!winner.contains(yours), "{code}: {winner}");
        }
    }

    /// III.6.1-6.2: the claim goes to each player in his own mail: the
    /// claimed player reads the days he used, his partner and the
    /// director read whose days they are.
    #[test]
    fn iii_6_1_the_claim_speaks_to_the_claimed_player_and_names_him_to_his_partner() {
        let (_, letter) = claim(RuleSet::email(), "2026-07-12");
        for (code, yours, named) in [
            (
                "en",
                "you have used 63 days",
                "Petr Petrov (black) has used 63 days",
            ),
            (
                "ru",
                "у вас израсходовано 63 дня",
                "у участника Petr Petrov (черные) израсходовано 63 дня",
            ),
            (
                "de",
                "Sie haben 63 Tage verbraucht",
                "Petr Petrov (Schwarz) hat 63 Tage verbraucht",
            ),
            (
                "lt",
                "jūs sunaudojote 63 dienas",
                "Petr Petrov (juodieji) sunaudojo 63 dienas",
            ),
        ] {
            let league = one_language(code);
            let claimed = mail_to(&league, &letter, PETROV);
            assert!(claimed.contains(yours), "{code}: {claimed}");
            assert!(!claimed.contains(named), "{code}: {claimed}");
            for other in [IVANOV, DIRECTOR] {
                let text = mail_to(&league, &letter, other);
                assert!(text.contains(named), "{code} {other}: {text}");
                assert!(!text.contains(yours), "{code} {other}: {text}");
            }
        }
    }

    #[test]
    fn a_claim_that_interrupts_the_game() {
        let (league, letter) = claim(RuleSet::email(), "2026-07-12");
        insta::assert_snapshot!("claim_interrupts", show(&league, &[letter]));
    }

    #[test]
    fn iii_6_the_claim_to_a_russian_director_is_his_own_mail() {
        let (mut league, letter) = claim(RuleSet::email(), "2026-07-12");
        league.tournaments[0].director_language = crate::referee::tournament::Lang::Ru;
        insta::assert_snapshot!("claim_director_ru", show(&league, &[letter]));
    }

    #[test]
    fn a_postal_first_overstep_claim_lets_play_go_on() {
        let (league, letter) = claim(RuleSet::postal(), "2026-06-11");
        insta::assert_snapshot!("claim_goes_on", show(&league, &[letter]));
    }
}
