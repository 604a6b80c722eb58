//! What an Xfcc request means to the referee, pure: the games a player
//! reads ([`my_games`]) and a `MakeAMove` decided as a mail saying the
//! same would be ([`decide_move`]). Xfcc carries one move at a time and
//! has no repetition of moves: a move the board refuses is answered with
//! its code and records nothing (no penalty), and the referee is asked
//! only with a legal move, typed, never a text to read.

use super::soap::MakeAMove;
use super::{game_for, game_number, shown, MoveResult, XfccGame};
use crate::message::parse::{Command, Mail, Written, WrittenPly};
use crate::referee::decide::{decide_written, Decision, Inbound, OutMail, Verdict};
use crate::referee::game::{EndReason, Game, GameResult};
use crate::referee::notice::answers::AnswerNotice;
use crate::referee::notice::game::GameNotice;
use crate::referee::notice::{Letter, Notice, Reader};
use crate::referee::state::State;
use crate::referee::tournament::{GameSpec, League, Player, Tournament};
use chrono::{NaiveDate, NaiveDateTime};
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::{Color, Move, Position};

/// The most lines of `myMessage` relayed, each at most 200 characters (as
/// a mail's own words are).
const MESSAGE_LINES: usize = 30;

/// The store key of the last words `color`'s player sent with his move in
/// `game` (Xfcc's `message` for his partner).
pub fn note_key(game: &str, color: Color) -> String {
    format!("xfcc:note:{game}\n{}", color.char())
}

/// The store key of the arbiter's last word to `color`'s player about
/// `game` (Xfcc's `serverInfo`).
pub fn info_key(game: &str, color: Color) -> String {
    format!("xfcc:info:{game}\n{}", color.char())
}

/// The running games of the player at `address`, and those that ended in
/// the last 30 days, as he reads them at `now` (the tournaments' local
/// time); `said` reads a stored fact ([`note_key`], [`info_key`]).
pub fn my_games(
    league: &League,
    state: &State,
    address: &str,
    now: NaiveDateTime,
    said: &dyn Fn(&str) -> Option<String>,
) -> Vec<XfccGame> {
    let mut games = Vec::new();
    for (t, player) in league.players_at(address) {
        for (spec, color) in games_of(t, player) {
            let game = state.get(t, spec);
            if !shown(&game, now.date()) {
                continue;
            }
            let mut xfcc = game_for(t, &game, color, now);
            xfcc.message = said(&note_key(&spec.id, !color)).unwrap_or_default();
            xfcc.server_info = said(&info_key(&spec.id, color)).unwrap_or_default();
            games.push(xfcc);
        }
    }
    games
}

/// The games `player` of `t` plays, with his colour in each.
fn games_of<'t>(
    t: &'t Tournament,
    player: &'t Player,
) -> impl Iterator<Item = (&'t GameSpec, Color)> + 't {
    t.games
        .iter()
        .filter_map(move |spec| Some((spec, spec.color_of(&player.id)?)))
}

/// `MakeAMove` from the player at `address`, arriving on `day`: the
/// decision to commit (then `Success`), or the code to answer with nothing
/// decided. A request that repeats the player's last accepted one (a
/// client retrying after a lost answer) is `Success` with an empty
/// decision.
///
/// # Errors
/// The code that tells the client why nothing was done.
pub fn decide_move(
    league: &League,
    state: &State,
    address: &str,
    request: &MakeAMove,
    day: NaiveDate,
) -> Result<Decision, MoveResult> {
    let players = league.players_at(address);
    let Some((t, spec, color)) = players.iter().find_map(|(t, player)| {
        games_of(t, player)
            .find(|(spec, _)| game_number(&spec.id) == request.game_id)
            .map(|(spec, color)| (*t, spec, color))
    }) else {
        return Err(if players.is_empty() {
            MoveResult::AuthenticationFailed
        } else {
            MoveResult::InvalidGameId
        });
    };
    let game = state.get(t, spec);
    let game = &*game;
    let played = if request.my_move.trim().is_empty() {
        None
    } else {
        Some(request.my_move.trim())
    };
    if game.ending.is_some() {
        return if repeats_last(game, color, request) {
            Ok(Decision::default())
        } else if game.ending.is_some_and(|e| {
            e.reason == EndReason::TimeForfeit && e.result == GameResult::win_for(!color)
        }) {
            Err(MoveResult::LostOnTime)
        } else {
            Err(MoveResult::NotYourTurn)
        };
    }
    let mut written = Written {
        words: request
            .my_message
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.trim().is_empty())
            .take(MESSAGE_LINES)
            .map(str::to_string)
            .collect(),
        ..Written::default()
    };
    // decided before the move: clients fill `myMove` when resigning
    if request.resign {
        written.commands.push(Command::Resign);
    } else if request.accept_draw {
        if game.pending_draw_offer() != Some(!color) {
            return Err(MoveResult::NoDrawWasOffered);
        }
        written.commands.push(Command::AcceptDraw);
    } else {
        if request.claim_draw {
            written.commands.push(Command::ClaimDraw);
        }
        match played {
            Some(text) => {
                if game.to_move() != color {
                    return if repeats_last(game, color, request) {
                        Ok(Decision::default())
                    } else {
                        Err(MoveResult::NotYourTurn)
                    };
                }
                let number = game.position().fullmoves().get();
                if request.movecount != i64::from(number) {
                    return Err(MoveResult::InvalidMoveNumber);
                }
                let m = read_san(game.position(), text)?;
                if request.offer_draw {
                    written.commands.push(Command::DrawOffer);
                }
                written.plies = plies(game, color, number, &m);
            }
            None if request.claim_draw => {
                if game.to_move() != color {
                    return Err(MoveResult::NotYourTurn);
                }
            }
            // a message, or a draw offer, without a move: Xfcc's servers
            // relay them; here a note goes with a move, as in a mail
            None => return Err(MoveResult::FeatureUnavailable),
        }
    }
    let mail = Mail {
        from: Some(address.to_string()),
        subject: format!("[{}]", spec.id),
        ..Mail::default()
    };
    let inbound = Inbound {
        mail: &mail,
        arrival: day,
        claimed: Some(day),
        password: None,
        // the player's Xfcc password proves him
        authenticated: true,
    };
    let mut decision = decide_written(league, state, &inbound, &written);
    if let Some(code) = decision.verdicts.iter().find_map(refused) {
        return Err(code);
    }
    if request.note_garbled {
        decision.letters.push(Letter::new(
            vec![Reader::seat(t, spec, color)],
            vec![],
            Notice::Answer(AnswerNotice::XfccNoteGarbled {
                game: spec.id.clone(),
            }),
            Some(&spec.id),
        ));
    }
    Ok(decision)
}

/// The code for a verdict that decided nothing the client asked for.
fn refused(verdict: &Verdict) -> Option<MoveResult> {
    match verdict {
        Verdict::Rejected { .. } => Some(MoveResult::InvalidMove),
        Verdict::Answered(why) => Some(match why.as_str() {
            "not their turn" | "already received" => MoveResult::NotYourTurn,
            "no draw offer" => MoveResult::NoDrawWasOffered,
            // a draw claim the board does not support, or the tables
            "draw claim refused" | "tablebase claim refused" => MoveResult::InvalidMove,
            "claim refused: not his move" => MoveResult::NotYourTurn,
            // the director decides it: taken, and the mail says so
            "tablebase claim sent to the director" => return None,
            "not a participant" => MoveResult::NotYourGame,
            _ => MoveResult::ServerError,
        }),
        Verdict::Ignored(_) | Verdict::KeptAside(_) => Some(MoveResult::ServerError),
        _ => None,
    }
}

/// The partner's last move, repeated as the rules ask of a mail, then the
/// player's move, both in SAN.
fn plies(game: &Game, color: Color, number: u32, m: &Move) -> Vec<WrittenPly> {
    let mut plies = Vec::with_capacity(2);
    if let Some(last) = game.plies.len().checked_sub(1) {
        let ply = &game.plies[last];
        plies.push(WrittenPly {
            number: ply.number,
            color: ply.color,
            text: game.san(last).to_string(),
            stated: None,
        });
    }
    plies.push(WrittenPly {
        number,
        color,
        text: San::from_move(game.position(), *m).to_string(),
        stated: None,
    });
    plies
}

/// The move `text` (SAN as a chess program writes it: `Nf3`, `O-O`,
/// `0-0`, `exd6 e.p.`, `e8=Q+`, `Qh5!?`) on `pos`.
fn read_san(pos: &shakmaty::Chess, text: &str) -> Result<Move, MoveResult> {
    let text = text
        .trim()
        .trim_end_matches(['!', '?'])
        .trim_end_matches("e.p.")
        .trim_end_matches("ep")
        .trim();
    let text = text.replace('0', "O");
    let san = SanPlus::from_ascii(text.as_bytes())
        .map_err(|_| MoveResult::InvalidMove)?
        .san;
    san.to_move(pos).map_err(|e| match e {
        SanError::AmbiguousSan => MoveResult::MoveIsAmbiguous,
        SanError::IllegalSan => MoveResult::InvalidMove,
    })
}

/// Whether the request asks again for what the player's last accepted
/// request did: his last move (same text, same number), his resignation,
/// or the draw he agreed or claimed.
fn repeats_last(game: &Game, color: Color, request: &MakeAMove) -> bool {
    if let Some(end) = game.ending {
        let by_him = match end.reason {
            EndReason::Resignation => request.resign && end.result == GameResult::win_for(!color),
            EndReason::DrawAgreed => request.accept_draw,
            EndReason::ThreefoldRepetition | EndReason::FiftyMoves => request.claim_draw,
            EndReason::Tablebase => request.claim_draw && end.result == GameResult::Draw,
            _ => false,
        };
        if by_him {
            return true;
        }
    }
    let Some(last) = game.plies.len().checked_sub(1) else {
        return false;
    };
    let ply = &game.plies[last];
    if ply.color != color || request.movecount != i64::from(ply.number) {
        return false;
    }
    let before = game.position_before(last);
    read_san(&before, &request.my_move).is_ok_and(|m| m == ply.mv)
}

/// What Xfcc will tell of the games the `letters` are about: the own
/// words a forward or a result relays ([`note_key`]; a move without words
/// clears the last ones).
pub fn notes(letters: &[Letter]) -> Vec<(String, String)> {
    let mut facts = Vec::new();
    for letter in letters {
        let Notice::Game(notice) = &letter.notice else {
            continue;
        };
        let game = notice.game();
        match notice {
            GameNotice::Forward { note, .. } => {
                if let Some(ply) = game.plies.last() {
                    facts.push((note_key(game.id(), ply.color), note.join("\n")));
                }
            }
            GameNotice::Result {
                note: Some((color, words)),
                ..
            } => facts.push((note_key(game.id(), *color), words.join("\n"))),
            _ => {}
        }
    }
    facts
}

/// The arbiter's last word to each player of a game among `mails`: the
/// first line of the last mail to him about it that is not a move (`Time
/// overstep claim`, `Result 1-0`, a penalty), dated `day` ([`info_key`]).
pub fn infos(league: &League, mails: &[OutMail], day: &str) -> Vec<(String, String)> {
    let mut facts = Vec::new();
    for mail in mails {
        let Some((t, spec)) = mail.game.as_deref().and_then(|g| league.game(g)) else {
            continue;
        };
        let headline = mail.body.lines().next().unwrap_or("").trim();
        if headline.is_empty() || headline.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        for color in [Color::White, Color::Black] {
            let player = t.player_of(spec, color);
            if mail.to.iter().any(|r| player.writes_from(&r.email)) {
                facts.push((info_key(&spec.id, color), format!("{day}: {headline}")));
            }
        }
    }
    facts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::fixture::{day, league};
    use crate::referee::game::Event;

    const WHITE: &str = "ivanov@example.test";
    const BLACK: &str = "petrov@example.test";

    /// The fixture league's game T/1 opened on its start day, after the
    /// numeric `moves` (one a day).
    fn state_after(league: &League, moves: &[&str]) -> State {
        let mut state = State::from_records(
            league,
            |_| Ok::<_, ()>(crate::referee::state::Record::default()),
            |_| Ok(vec![]),
        )
        .unwrap();
        let mut events = vec![(
            "T/1".to_string(),
            Event::Opened {
                on: day("2026-05-10"),
            },
        )];
        let mut game = Game::new(
            &league.tournaments[0],
            &league.tournaments[0].games[0],
            [vec![], vec![]],
        );
        game.apply(&events[0].1).unwrap();
        for (i, m) in moves.iter().enumerate() {
            let mv = crate::notation::parse_move(game.position(), m).expect("legal");
            let event = Event::Moved {
                uci: Game::uci(&mv),
                sent: day("2026-05-10") + chrono::Days::new(i as u64),
                draw_offer: false,
            };
            game.apply(&event).unwrap();
            events.push(("T/1".to_string(), event));
        }
        let checked = state.check(league, &events).unwrap();
        state.install(checked, &events, &[]);
        state
    }

    fn request(mv: &str, movecount: i64) -> MakeAMove {
        MakeAMove {
            login: super::super::soap::Login {
                username: String::new(),
                password: String::new(),
            },
            game_id: game_number("T/1"),
            resign: false,
            accept_draw: false,
            movecount,
            my_move: mv.into(),
            offer_draw: false,
            claim_draw: false,
            my_message: String::new(),
            note_garbled: false,
        }
    }

    fn decide(
        league: &League,
        state: &State,
        who: &str,
        r: &MakeAMove,
    ) -> Result<Decision, MoveResult> {
        decide_move(league, state, who, r, day("2026-05-20"))
    }

    #[test]
    fn an_ambiguous_or_impossible_move_is_refused_with_its_code_and_nothing_decided() {
        let league = league();
        // 1.d4 d5 2.Nf3 Nf6: both white knights reach d2
        let state = state_after(&league, &["4244", "4745", "7163", "7866"]);
        assert_eq!(
            decide(&league, &state, WHITE, &request("Nd2", 3)).unwrap_err(),
            MoveResult::MoveIsAmbiguous
        );
        assert_eq!(
            decide(&league, &state, WHITE, &request("Qh5", 3)).unwrap_err(),
            MoveResult::InvalidMove
        );
        assert_eq!(
            decide(&league, &state, WHITE, &request("Nbd2", 2)).unwrap_err(),
            MoveResult::InvalidMoveNumber
        );
        assert_eq!(
            decide(&league, &state, BLACK, &request("e6", 3)).unwrap_err(),
            MoveResult::NotYourTurn
        );
        let decision = decide(&league, &state, WHITE, &request("Nbd2+!", 3)).unwrap();
        assert!(
            matches!(&decision.verdicts[..], [Verdict::Accepted { ply, .. }] if ply == "3. 2142"),
            "{:?}",
            decision.verdicts
        );
        assert!(decision
            .events
            .iter()
            .all(|(_, e)| !matches!(e, Event::Penalty { .. })));
    }

    #[test]
    fn a_message_without_a_move_is_a_feature_not_offered_and_castling_with_zeros_is_read() {
        let league = league();
        let state = state_after(&league, &["5254", "5755", "7163", "2836", "6152", "7866"]);
        let mut message = request("", 0);
        message.my_message = "hello".into();
        assert_eq!(
            decide(&league, &state, WHITE, &message).unwrap_err(),
            MoveResult::FeatureUnavailable
        );
        let decision = decide(&league, &state, WHITE, &request("0-0", 4)).unwrap();
        assert!(matches!(&decision.verdicts[..], [Verdict::Accepted { .. }]));
    }

    #[test]
    fn a_resignation_sent_again_is_success_with_nothing_decided_and_the_loser_on_time_is_told() {
        let league = league();
        let mut state = state_after(&league, &["5254", "5755"]);
        let mut resign = request("e5", 1);
        resign.resign = true;
        let decision = decide(&league, &state, WHITE, &resign).unwrap();
        assert!(matches!(
            &decision.verdicts[..],
            [Verdict::Ended { .. }, ..]
        ));
        let checked = state.check(&league, &decision.events).unwrap();
        state.install(checked, &decision.events, &decision.player_events);
        assert!(decide(&league, &state, WHITE, &resign).unwrap().is_empty());
        assert_eq!(
            decide(&league, &state, WHITE, &request("Nf3", 2)).unwrap_err(),
            MoveResult::NotYourTurn
        );
        // a game lost on time
        let mut state = state_after(&league, &["5254"]);
        let ended = vec![(
            "T/1".to_string(),
            Event::Ended {
                result: GameResult::WhiteWins,
                reason: EndReason::TimeForfeit,
                on: day("2026-07-20"),
            },
        )];
        let checked = state.check(&league, &ended).unwrap();
        state.install(checked, &ended, &[]);
        assert_eq!(
            decide(&league, &state, BLACK, &request("e5", 1)).unwrap_err(),
            MoveResult::LostOnTime
        );
    }

    #[test]
    fn a_move_whose_note_arrived_garbled_is_recorded_and_the_mover_told() {
        let league = league();
        let state = state_after(&league, &["5254"]);
        let mut garbled = request("e5", 1);
        garbled.note_garbled = true;
        let decision = decide(&league, &state, BLACK, &garbled).unwrap();
        assert!(
            matches!(&decision.verdicts[..], [Verdict::Accepted { .. }, ..]),
            "{:?}",
            decision.verdicts
        );
        let told: Vec<&Letter> = decision
            .letters
            .iter()
            .filter(|l| {
                matches!(
                    l.notice,
                    Notice::Answer(AnswerNotice::XfccNoteGarbled { .. })
                )
            })
            .collect();
        assert_eq!(told.len(), 1);
        let t = &league.tournaments[0];
        let spec = &t.games[0];
        assert_eq!(told[0].to, [Reader::seat(t, spec, Color::Black)]);
        assert_eq!(told[0].game.as_deref(), Some("T/1"));
        // a note read well: nobody is told anything of it
        let decision = decide(&league, &state, BLACK, &request("e5", 1)).unwrap();
        assert!(!decision.letters.iter().any(|l| matches!(
            l.notice,
            Notice::Answer(AnswerNotice::XfccNoteGarbled { .. })
        )));
    }

    #[test]
    fn a_game_of_someone_else_or_an_unknown_player_is_refused() {
        let league = league();
        let state = state_after(&league, &[]);
        let mut other = request("e4", 1);
        other.game_id = 12345;
        assert_eq!(
            decide(&league, &state, WHITE, &other).unwrap_err(),
            MoveResult::InvalidGameId
        );
        assert_eq!(
            decide(&league, &state, "who@example.test", &request("e4", 1)).unwrap_err(),
            MoveResult::AuthenticationFailed
        );
    }

    /// ICCF's tablebase claim from a chess program: `claimDraw` alone by
    /// the player to move in a drawn position ends the game; by the player
    /// not to move it is refused; in a won position, refused as the tables
    /// say; with a move, the move stands whatever the claim comes to.
    #[test]
    fn iccf_a_tablebase_draw_claim_from_a_program_is_decided_by_the_tables() {
        use crate::referee::endgame::tests::tables;
        use crate::referee::game::{EndReason, GameResult};
        use crate::referee::tournament::StartPosition;
        const KRKR: &str = "8/8/8/4k3/r7/8/8/4K2R w - - 0 60";
        const KQK: &str = "8/8/8/4k3/8/8/8/4K2Q w - - 0 60";
        const KQK_AFTER: &str = "8/8/8/4k3/8/8/3K4/7Q b - - 1 60";
        const KRKR_AFTER: &str = "8/8/8/4k3/r7/8/3K4/7R b - - 1 60";
        let with_start = |fen: &str| {
            let mut league = league();
            league.tournaments[0].rules = crate::referee::rules::find_preset("iccf")
                .unwrap()
                .rules
                .clone();
            league.tournaments[0].games[0].start = Some(StartPosition::parse(fen).unwrap());
            league.tables = tables(vec![
                (KRKR, 0),
                (KRKR_AFTER, 0),
                (KQK, 17),
                (KQK_AFTER, -16),
            ]);
            league
        };
        let claim = |mv: &str| {
            let mut r = request(mv, 60);
            r.claim_draw = true;
            r
        };
        let ended = |d: &Decision| {
            d.events.iter().find_map(|(_, e)| match e {
                Event::Ended { result, reason, .. } => Some((*result, *reason)),
                _ => None,
            })
        };
        let drawn = with_start(KRKR);
        let state = state_after(&drawn, &[]);
        let decision = decide(&drawn, &state, WHITE, &claim("")).unwrap();
        assert_eq!(
            ended(&decision),
            Some((GameResult::Draw, EndReason::Tablebase))
        );
        assert_eq!(
            decide(&drawn, &state, BLACK, &claim("")).unwrap_err(),
            MoveResult::NotYourTurn
        );
        // with a move: the position after it is drawn, the game ends there
        let decision = decide(&drawn, &state, WHITE, &claim("Kd2")).unwrap();
        assert_eq!(
            ended(&decision),
            Some((GameResult::Draw, EndReason::Tablebase))
        );
        let won = with_start(KQK);
        let state = state_after(&won, &[]);
        assert_eq!(
            decide(&won, &state, WHITE, &claim("")).unwrap_err(),
            MoveResult::InvalidMove
        );
        // with a move: it stands, and the claim is refused in the mover's copy
        let decision = decide(&won, &state, WHITE, &claim("Kd2")).unwrap();
        assert_eq!(ended(&decision), None);
        assert!(decision
            .events
            .iter()
            .any(|(_, e)| matches!(e, Event::Moved { uci, .. } if uci == "e1d2")));
    }
}
