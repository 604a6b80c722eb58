//! Xfcc ("XfccBasic"), the SOAP web service chess programs (Scid, Lucas
//! Chess, ChessBase) fetch a correspondence player's games with and send
//! his moves through, as the clients speak it (`XFCC.md`): requests read
//! ([`soap`]) and answers written, pure, no I/O. The answers are shaped
//! for clients that cut them with regular expressions: a literal
//! `<GetMyGamesResult>`, elements without prefixes or attributes, text
//! escaped (never CDATA), booleans `true`/`false`, every clock present.

pub mod account;
pub mod referee;
pub mod server;
pub mod soap;

use crate::referee::deadline;
use crate::referee::game::{EndReason, Game, GameResult};
use crate::referee::tournament::Tournament;
use crate::render::{heading, pgn_date};
use chrono::{NaiveDate, NaiveDateTime};
use shakmaty::Color;
use std::fmt::Write;

/// `value` as the text of an answer's element or attribute: valid XML 1.0
/// whatever it holds. The characters XML 1.0 forbids (the C0 controls
/// other than TAB, LF and CR; U+FFFE, U+FFFF) are dropped, the five
/// special ones escaped. A note from the store may hold anything, and one
/// forbidden character stops a client's parser before the first game
/// (Scid's tdom). Every text an answer carries goes through here.
pub fn xml_text(value: &str) -> std::borrow::Cow<'_, str> {
    let allowed = |c: char| !matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}');
    if value.chars().all(allowed) {
        return quick_xml::escape::escape(value);
    }
    let kept: String = value.chars().filter(|&c| allowed(c)).collect();
    std::borrow::Cow::Owned(quick_xml::escape::escape(&kept).into_owned())
}

/// The XfccBasic namespace.
pub const NAMESPACE: &str = "http://www.bennedik.com/webservices/XfccBasic";

const ENVELOPE_START: &str = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\
<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\" \
xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" \
xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"><soap:Body>";
const ENVELOPE_END: &str = "</soap:Body></soap:Envelope>";

/// The stable integer id of a game for Xfcc (`gameId`): a 31-bit hash of
/// its id, the same on every run and for every config that keeps the id.
/// A client sends it back in `MakeAMove`; it is looked up among the
/// requesting player's own games only.
pub fn game_number(id: &str) -> i64 {
    // FNV-1a
    let mut hash: u32 = 0x811c_9dc5;
    for b in id.bytes() {
        hash ^= u32::from(b);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    i64::from(hash & 0x7fff_ffff)
}

/// `MakeAMove`'s answers, spelled as on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveResult {
    Success,
    ServerError,
    AuthenticationFailed,
    InvalidGameId,
    NotYourGame,
    NotYourTurn,
    InvalidMoveNumber,
    InvalidMove,
    NoDrawWasOffered,
    LostOnTime,
    YouAreOnLeave,
    MoveIsAmbiguous,
    FeatureUnavailable,
}

impl MoveResult {
    /// Every answer, for the WSDL.
    pub const ALL: [MoveResult; 13] = [
        MoveResult::Success,
        MoveResult::ServerError,
        MoveResult::AuthenticationFailed,
        MoveResult::InvalidGameId,
        MoveResult::NotYourGame,
        MoveResult::NotYourTurn,
        MoveResult::InvalidMoveNumber,
        MoveResult::InvalidMove,
        MoveResult::NoDrawWasOffered,
        MoveResult::LostOnTime,
        MoveResult::YouAreOnLeave,
        MoveResult::MoveIsAmbiguous,
        MoveResult::FeatureUnavailable,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            MoveResult::Success => "Success",
            MoveResult::ServerError => "ServerError",
            MoveResult::AuthenticationFailed => "AuthenticationFailed",
            MoveResult::InvalidGameId => "InvalidGameID",
            MoveResult::NotYourGame => "NotYourGame",
            MoveResult::NotYourTurn => "NotYourTurn",
            MoveResult::InvalidMoveNumber => "InvalidMoveNumber",
            MoveResult::InvalidMove => "InvalidMove",
            MoveResult::NoDrawWasOffered => "NoDrawWasOffered",
            MoveResult::LostOnTime => "LostOnTime",
            MoveResult::YouAreOnLeave => "YouAreOnLeave",
            // so spelled by the protocol
            MoveResult::MoveIsAmbiguous => "MoveIsAmbigous",
            MoveResult::FeatureUnavailable => "FeatureUnavailable",
        }
    }
}

/// The answer to `MakeAMove`.
pub fn make_a_move_response(result: MoveResult) -> String {
    format!(
        "{ENVELOPE_START}<MakeAMoveResponse xmlns=\"{NAMESPACE}\"><MakeAMoveResult>{}\
         </MakeAMoveResult></MakeAMoveResponse>{ENVELOPE_END}",
        result.as_str()
    )
}

/// A SOAP fault; clients look for `AuthenticationFailed` in its
/// `faultstring` after a wrong login.
pub fn fault(client: bool, message: &str) -> String {
    format!(
        "{ENVELOPE_START}<soap:Fault><faultcode>soap:{}</faultcode><faultstring>{}\
         </faultstring></soap:Fault>{ENVELOPE_END}",
        if client { "Client" } else { "Server" },
        xml_text(message)
    )
}

/// One game as `GetMyGames` tells it to one of its players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XfccGame {
    pub id: i64,
    /// The tags its PGN names it with: `event`, `site`, `round`, `white`,
    /// `black`, `whiteCountry`, `blackCountry` are the PGN's, from the one
    /// [`heading`].
    pub heading: crate::render::Heading,
    pub my_turn: bool,
    pub has_white: bool,
    /// Time left to the player: (days, hours, minutes).
    pub player: (i64, i64, i64),
    pub opponent: (i64, i64, i64),
    /// SAN movetext with `{[%ccsnt YYYY.MM.DD]}` after each move, no result.
    pub moves: String,
    pub draw_offered: bool,
    pub result: &'static str,
    /// PGN style: `10/5184000` (10 moves in 60 days).
    pub time_control: String,
    /// The opponent's own words with his last move.
    pub message: String,
    /// The arbiter's last word to the player.
    pub server_info: String,
}

/// `result` as Xfcc names it. A loss on time is `WhiteWins`/`BlackWins`
/// (clients read the `*Defaulted` values inconsistently).
pub fn result_of(game: &Game) -> &'static str {
    let Some(end) = game.ending else {
        return if game.adjudication.is_some() {
            "AdjudicationPending"
        } else {
            "Ongoing"
        };
    };
    match (end.reason, end.result) {
        (EndReason::Cancelled, _) => "Cancelled",
        (EndReason::Adjudication, GameResult::WhiteWins) => "WhiteWinAdjudicated",
        (EndReason::Adjudication, GameResult::BlackWins) => "BlackWinAdjudicated",
        (EndReason::Adjudication, GameResult::Draw) => "DrawAdjudicated",
        (_, GameResult::WhiteWins) => "WhiteWins",
        (_, GameResult::BlackWins) => "BlackWins",
        (_, GameResult::Draw) => "Draw",
    }
}

/// The movetext: `1.e4 {[%ccsnt 2026.05.10]} e5 {[%ccsnt 2026.05.11]} …`,
/// SAN in English letters, no result token (the clients add it).
pub fn movetext(game: &Game) -> String {
    let mut out = String::with_capacity(game.plies.len() * 28);
    for (i, ply) in game.plies.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        if ply.color == Color::White {
            let _ = write!(out, "{}.", ply.number);
        } else if i == 0 {
            let _ = write!(out, "{}...", ply.number);
        }
        let _ = write!(out, "{} {{[%ccsnt {}]}}", game.san(i), pgn_date(ply.sent));
    }
    out
}

/// The movetext without its date comments, for clients that count every
/// word of it as a move (scidCommunity's `parseSanTokens`).
pub fn without_dates(moves: &str) -> String {
    let mut out = String::with_capacity(moves.len());
    let mut rest = moves;
    while let Some(start) = rest.find(" {[%ccsnt ") {
        out.push_str(&rest[..start]);
        match rest[start..].find("]}") {
            Some(end) => rest = &rest[start + end + 2..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Time left as (days, hours, minutes): for the player to move, to the end
/// of his last day to send (the one clock: leaves counted); for the other,
/// the whole days left before his control; none after an overstep.
fn time_left(t: &Tournament, game: &Game, color: Color, now: NaiveDateTime) -> (i64, i64, i64) {
    let c = deadline::clock(game, &t.rules, color, now.date());
    if c.over > 0 {
        return (0, 0, 0);
    }
    match c.last_day.and_then(|d| d.succ_opt()) {
        Some(end) => {
            let minutes = (end.and_hms_opt(0, 0, 0).expect("midnight") - now)
                .num_minutes()
                .max(0);
            (minutes / 1440, minutes % 1440 / 60, minutes % 60)
        }
        None => (i64::from(c.left), 0, 0),
    }
}

/// The game as the player of `color` reads it at `now` (the tournament's
/// local time).
pub fn game_for(t: &Tournament, game: &Game, color: Color, now: NaiveDateTime) -> XfccGame {
    let running = game.ending.is_none();
    XfccGame {
        id: game_number(game.id()),
        heading: heading(t, &game.spec),
        my_turn: running && game.adjudication.is_none() && game.to_move() == color,
        has_white: color == Color::White,
        player: time_left(t, game, color, now),
        opponent: time_left(t, game, !color, now),
        moves: movetext(game),
        draw_offered: running && game.pending_draw_offer() == Some(!color),
        result: result_of(game),
        time_control: t.rules.pgn_time_control(),
        message: String::new(),
        server_info: String::new(),
    }
}

/// Whether a finished game is still shown: for 30 days after it ended.
pub fn shown(game: &Game, today: NaiveDate) -> bool {
    game.ending.is_none_or(|e| (today - e.on).num_days() <= 30)
}

/// The answer to `GetMyGames`.
pub fn get_my_games_response(games: &[XfccGame]) -> String {
    let mut out = String::with_capacity(600 + games.len() * 1200);
    out.push_str(ENVELOPE_START);
    let _ = write!(
        out,
        "<GetMyGamesResponse xmlns=\"{NAMESPACE}\"><GetMyGamesResult>"
    );
    let bool_text = |b: bool| if b { "true" } else { "false" };
    for g in games {
        out.push_str("<XfccGame>");
        let mut field = |name: &str, value: &str| {
            let _ = write!(out, "<{name}>{}</{name}>", xml_text(value));
        };
        field("id", &g.id.to_string());
        let h = &g.heading;
        field("white", &h.white);
        field("black", &h.black);
        field("event", &h.event);
        field("site", &h.site);
        field("myTurn", bool_text(g.my_turn));
        field("hasWhite", bool_text(g.has_white));
        field("daysPlayer", &g.player.0.to_string());
        field("hoursPlayer", &g.player.1.to_string());
        field("minutesPlayer", &g.player.2.to_string());
        field("daysOpponent", &g.opponent.0.to_string());
        field("hoursOpponent", &g.opponent.1.to_string());
        field("minutesOpponent", &g.opponent.2.to_string());
        field("moves", &g.moves);
        field("drawOffered", bool_text(g.draw_offered));
        field("result", g.result);
        field("eventDate", &h.date);
        field("round", &h.round);
        field("date", &h.date);
        field("whiteElo", "0");
        field("blackElo", "0");
        field("whiteCountry", &h.white_country);
        field("blackCountry", &h.black_country);
        field("timeControl", &g.time_control);
        field("message", &g.message);
        field("serverInfo", &g.server_info);
        field("variant", "chess");
        // a game from a start position gives its FEN
        field("setup", bool_text(h.fen.is_some()));
        if let Some(fen) = &h.fen {
            field("fen", fen);
        }
        out.push_str("</XfccGame>");
    }
    out.push_str("</GetMyGamesResult></GetMyGamesResponse>");
    out.push_str(ENVELOPE_END);
    out
}

/// The WSDL served on `GET …?wsdl` (Lucas Chess builds its client from
/// it): XfccBasic's two operations, document/literal wrapped, SOAP 1.1,
/// at `public_url`.
pub fn wsdl(public_url: &str) -> String {
    let url = xml_text(public_url);
    let string = |name: &str| {
        format!("<s:element minOccurs=\"0\" maxOccurs=\"1\" name=\"{name}\" type=\"s:string\"/>")
    };
    let typed = |name: &str, t: &str| {
        format!("<s:element minOccurs=\"1\" maxOccurs=\"1\" name=\"{name}\" type=\"s:{t}\"/>")
    };
    let game_fields: String = [
        typed("id", "int"),
        string("white"),
        string("black"),
        string("event"),
        string("site"),
        typed("myTurn", "boolean"),
        typed("hasWhite", "boolean"),
        typed("daysPlayer", "int"),
        typed("hoursPlayer", "int"),
        typed("minutesPlayer", "int"),
        typed("daysOpponent", "int"),
        typed("hoursOpponent", "int"),
        typed("minutesOpponent", "int"),
        string("moves"),
        typed("drawOffered", "boolean"),
        string("result"),
        string("eventDate"),
        string("round"),
        string("date"),
        string("whiteElo"),
        string("blackElo"),
        string("whiteCountry"),
        string("blackCountry"),
        string("timeControl"),
        string("message"),
        string("serverInfo"),
        string("variant"),
        typed("setup", "boolean"),
        string("fen"),
    ]
    .concat();
    let login = [string("username"), string("password")].concat();
    let move_fields = [
        login.clone(),
        typed("gameId", "int"),
        typed("resign", "boolean"),
        typed("acceptDraw", "boolean"),
        typed("movecount", "int"),
        string("myMove"),
        typed("offerDraw", "boolean"),
        typed("claimDraw", "boolean"),
        string("myMessage"),
    ]
    .concat();
    let op = |name: &str| {
        format!(
            "<wsdl:operation name=\"{name}\"><soap:operation soapAction=\"{NAMESPACE}/{name}\" style=\"document\"/>\
             <wsdl:input><soap:body use=\"literal\"/></wsdl:input><wsdl:output><soap:body use=\"literal\"/></wsdl:output></wsdl:operation>"
        )
    };
    let port_op = |name: &str| {
        format!(
            "<wsdl:operation name=\"{name}\"><wsdl:input message=\"tns:{name}SoapIn\"/><wsdl:output message=\"tns:{name}SoapOut\"/></wsdl:operation>"
        )
    };
    let messages = |name: &str| {
        format!(
            "<wsdl:message name=\"{name}SoapIn\"><wsdl:part name=\"parameters\" element=\"tns:{name}\"/></wsdl:message>\
             <wsdl:message name=\"{name}SoapOut\"><wsdl:part name=\"parameters\" element=\"tns:{name}Response\"/></wsdl:message>"
        )
    };
    format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\
<wsdl:definitions xmlns:soap=\"http://schemas.xmlsoap.org/wsdl/soap/\" xmlns:s=\"http://www.w3.org/2001/XMLSchema\" \
xmlns:tns=\"{NAMESPACE}\" xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\" targetNamespace=\"{NAMESPACE}\">\
<wsdl:types><s:schema elementFormDefault=\"qualified\" targetNamespace=\"{NAMESPACE}\">\
<s:element name=\"GetMyGames\"><s:complexType><s:sequence>{login}</s:sequence></s:complexType></s:element>\
<s:element name=\"GetMyGamesResponse\"><s:complexType><s:sequence><s:element minOccurs=\"0\" maxOccurs=\"1\" name=\"GetMyGamesResult\" type=\"tns:ArrayOfXfccGame\"/></s:sequence></s:complexType></s:element>\
<s:complexType name=\"ArrayOfXfccGame\"><s:sequence><s:element minOccurs=\"0\" maxOccurs=\"unbounded\" name=\"XfccGame\" nillable=\"true\" type=\"tns:XfccGame\"/></s:sequence></s:complexType>\
<s:complexType name=\"XfccGame\"><s:sequence>{game_fields}</s:sequence></s:complexType>\
<s:element name=\"MakeAMove\"><s:complexType><s:sequence>{move_fields}</s:sequence></s:complexType></s:element>\
<s:element name=\"MakeAMoveResponse\"><s:complexType><s:sequence><s:element minOccurs=\"1\" maxOccurs=\"1\" name=\"MakeAMoveResult\" type=\"tns:Result\"/></s:sequence></s:complexType></s:element>\
<s:simpleType name=\"Result\"><s:restriction base=\"s:string\">{results}</s:restriction></s:simpleType>\
</s:schema></wsdl:types>\
{get_messages}{move_messages}\
<wsdl:portType name=\"XfccBasicSoap\">{get_port}{move_port}</wsdl:portType>\
<wsdl:binding name=\"XfccBasicSoap\" type=\"tns:XfccBasicSoap\"><soap:binding transport=\"http://schemas.xmlsoap.org/soap/http\"/>{get_op}{move_op}</wsdl:binding>\
<wsdl:service name=\"XfccBasic\"><wsdl:port name=\"XfccBasicSoap\" binding=\"tns:XfccBasicSoap\"><soap:address location=\"{url}\"/></wsdl:port></wsdl:service>\
</wsdl:definitions>",
        results = MoveResult::ALL
            .iter()
            .map(|r| format!("<s:enumeration value=\"{}\"/>", r.as_str()))
            .collect::<String>(),
        get_messages = messages("GetMyGames"),
        move_messages = messages("MakeAMove"),
        get_port = port_op("GetMyGames"),
        move_port = port_op("MakeAMove"),
        get_op = op("GetMyGames"),
        move_op = op("MakeAMove"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_without_dates_are_plain_san() {
        assert_eq!(
            without_dates(
                "1.e4 {[%ccsnt 2026.05.10]} e5 {[%ccsnt 2026.05.11]} 2.Nf3 {[%ccsnt 2026.05.12]}"
            ),
            "1.e4 e5 2.Nf3"
        );
        assert_eq!(without_dates(""), "");
    }
    use crate::letters::fixture::{day, game, league};

    /// The fields of each game as scidCommunity reads them: the text up to
    /// a literal `<GetMyGamesResult>` dropped (Scid), then every
    /// `<XfccGame>(.*?)</XfccGame>`, then `<field>([^<]*)</field>`.
    fn as_clients_read(answer: &str) -> Vec<std::collections::BTreeMap<String, String>> {
        let (_, rest) = answer
            .split_once("<GetMyGamesResult>")
            .expect("a literal <GetMyGamesResult>");
        rest.split("<XfccGame>")
            .skip(1)
            .map(|g| {
                let g = g.split("</XfccGame>").next().unwrap();
                let mut fields = std::collections::BTreeMap::new();
                let mut rest = g;
                while let Some(open) = rest.find('<') {
                    let close = rest[open..].find('>').unwrap() + open;
                    let name = &rest[open + 1..close];
                    assert!(!name.contains(' '), "no attributes: <{name}>");
                    let end = format!("</{name}>");
                    let value_end = rest[close..].find(&end).unwrap() + close;
                    let value = &rest[close + 1..value_end];
                    assert!(!value.contains('<'), "{name}: [^<]*");
                    fields.insert(name.to_string(), value.to_string());
                    rest = &rest[value_end + end.len()..];
                }
                fields
            })
            .collect()
    }

    fn at(day_: &str, time: &str) -> NaiveDateTime {
        NaiveDateTime::new(day(day_), time.parse().unwrap())
    }

    #[test]
    fn get_my_games_is_read_as_scid_and_scid_community_read_it() {
        let league = league();
        let t = &league.tournaments[0];
        // 1. e4 e5 2. Nf3: Black (Petrov) to move since 12 May
        let g = game(&league, &["5254", "5755", "7163"]);
        let answer = get_my_games_response(&[
            game_for(t, &g, Color::Black, at("2026-05-20", "18:30")),
            game_for(t, &g, Color::White, at("2026-05-20", "18:30")),
        ]);
        let games = as_clients_read(&answer);
        assert_eq!(games.len(), 2);
        let black = &games[0];
        for (name, value) in [
            ("id", game_number("T/1").to_string().as_str()),
            ("white", "Ivanov, Ivan"),
            ("black", "Petrov, Petr"),
            ("whiteCountry", "RUS"),
            ("blackCountry", "RUS"),
            ("event", "T"),
            ("site", "Arbiter"),
            ("round", "?"),
            ("myTurn", "true"),
            ("hasWhite", "false"),
            // his last day is 10.07 (60 days from 12.05 less the 1 he used
            // for move 1): from 20.05 18:30 to the end of 10.07
            ("daysPlayer", "51"),
            ("hoursPlayer", "5"),
            ("minutesPlayer", "30"),
            // White used 1 day of 60 (2. Nf3)
            ("daysOpponent", "59"),
            ("hoursOpponent", "0"),
            ("minutesOpponent", "0"),
            (
                "moves",
                "1.e4 {[%ccsnt 2026.05.10]} e5 {[%ccsnt 2026.05.11]} 2.Nf3 {[%ccsnt 2026.05.12]}",
            ),
            ("drawOffered", "false"),
            ("result", "Ongoing"),
            ("eventDate", "2026.05.10"),
            ("whiteElo", "0"),
            ("timeControl", "10/5184000"),
        ] {
            assert_eq!(
                black.get(name).map(String::as_str),
                Some(value),
                "{name}: {answer}"
            );
        }
        assert_eq!(games[1]["myTurn"], "false");
        assert_eq!(games[1]["hasWhite"], "true");
        // the clients' own check of the envelope's shape
        assert!(answer.contains("<soap:Body><GetMyGamesResponse xmlns=\"http://www.bennedik.com/webservices/XfccBasic\">"));
    }

    /// One game, one record: what `GetMyGames` says of the game's event,
    /// site, round, players and their countries is what its PGN's tags
    /// say.
    #[test]
    fn the_games_names_in_get_my_games_are_its_pgns_tags() {
        let league = league();
        let t = &league.tournaments[0];
        let g = game(&league, &["5254", "5755"]);
        let pgn = crate::render::pgn(t, &g);
        let tag = |name: &str| -> String {
            let head = format!("[{name} \"");
            pgn.lines()
                .find_map(|l| l.strip_prefix(head.as_str()))
                .map(|v| v.trim_end_matches("\"]").to_string())
                .unwrap_or_else(|| panic!("[{name}] in {pgn}"))
        };
        let answer =
            get_my_games_response(&[game_for(t, &g, Color::White, at("2026-05-12", "09:00"))]);
        let games = as_clients_read(&answer);
        for (field, name) in [
            ("event", "Event"),
            ("site", "Site"),
            ("round", "Round"),
            ("date", "Date"),
            ("eventDate", "EventDate"),
            ("white", "White"),
            ("black", "Black"),
            ("whiteCountry", "WhiteCountry"),
            ("blackCountry", "BlackCountry"),
        ] {
            assert_eq!(games[0][field], tag(name), "{field}: {answer}\n{pgn}");
        }
        assert_eq!(tag("White"), "Ivanov, Ivan", "no country in a name");
        assert_eq!(
            tag("Site"),
            "Arbiter",
            "a RAZSh event is played at the arbiter"
        );
    }

    /// A game from a start position: Xfcc's `setup` and `fen`, and the
    /// PGN's `SetUp "1"` and `FEN`, give its FEN; the moves are numbered
    /// from it (Black to move at move 40). A game from the usual position
    /// has `setup` false and neither tag.
    #[test]
    fn a_game_from_a_start_position_gives_its_fen_to_programs_and_in_its_pgn() {
        const FEN: &str = "8/8/4k3/8/8/4K3/r7/R7 b - - 0 40";
        let usual = league();
        let mut league = league();
        league.tournaments[0].games[0].start =
            Some(crate::referee::tournament::StartPosition::parse(FEN).unwrap());
        let t = &league.tournaments[0];
        let g = game(&league, &["1211", "5344"]);
        let answer =
            get_my_games_response(&[game_for(t, &g, Color::Black, at("2026-05-12", "09:00"))]);
        let games = as_clients_read(&answer);
        assert_eq!(games[0]["setup"], "true", "{answer}");
        assert_eq!(games[0]["fen"], FEN, "{answer}");
        assert_eq!(
            games[0]["moves"],
            "40...Rxa1 {[%ccsnt 2026.05.10]} 41.Kd4 {[%ccsnt 2026.05.11]}"
        );
        let pgn = crate::render::pgn(t, &g);
        assert!(
            pgn.contains("[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/4K3/r7/R7 b - - 0 40\"]\n"),
            "{pgn}"
        );
        assert!(
            pgn.contains("\n40... Rxa1 {[%ccsnt 2026.05.10]} 41. Kd4 "),
            "{pgn}"
        );
        let t = &usual.tournaments[0];
        let g = game(&usual, &["5254"]);
        let answer =
            get_my_games_response(&[game_for(t, &g, Color::Black, at("2026-05-12", "09:00"))]);
        let games = as_clients_read(&answer);
        assert_eq!(games[0]["setup"], "false");
        assert!(!games[0].contains_key("fen"), "{answer}");
        let pgn = crate::render::pgn(t, &g);
        assert!(!pgn.contains("[SetUp") && !pgn.contains("[FEN"), "{pgn}");
    }

    /// "ICCF" is the site of an event under ICCF's rules only.
    #[test]
    fn the_site_is_iccfs_only_under_iccfs_rules() {
        let iccf = crate::referee::rules::find_preset("iccf")
            .expect("the ICCF preset")
            .rules
            .clone();
        assert_eq!(crate::render::site_of(&iccf, "RAZSh arbiter"), "ICCF Email");
        let razsh = crate::referee::rules::RuleSet::email();
        assert_eq!(
            crate::render::site_of(&razsh, "RAZSh arbiter"),
            "RAZSh arbiter"
        );
    }

    #[test]
    fn names_and_words_are_escaped_never_cdata() {
        let league = league();
        let t = &league.tournaments[0];
        let g = game(&league, &[]);
        let mut x = game_for(t, &g, Color::White, at("2026-05-10", "12:00"));
        x.message = "a < b & \"c\"".into();
        let answer = get_my_games_response(&[x]);
        assert!(
            answer.contains("<message>a &lt; b &amp; &quot;c&quot;</message>"),
            "{answer}"
        );
        assert!(!answer.contains("CDATA"));
    }

    /// The answer read as a strict XML 1.0 parser (Scid's tdom) reads it:
    /// every character one XML allows, the elements balanced; the text of
    /// each `XfccGame` field, unescaped, by name.
    fn read_as_xml_1_0(answer: &str) -> Vec<std::collections::BTreeMap<String, String>> {
        use quick_xml::events::Event;
        let forbidden = |c: char| matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}');
        assert!(
            !answer.chars().any(forbidden),
            "a character XML 1.0 forbids: {answer:?}"
        );
        let mut reader = quick_xml::Reader::from_str(answer);
        let mut games = Vec::new();
        let mut path: Vec<String> = Vec::new();
        loop {
            match reader.read_event().expect("well-formed") {
                Event::Start(e) => {
                    let name = e.name().as_ref().to_string();
                    if name == "XfccGame" {
                        games.push(std::collections::BTreeMap::new());
                    }
                    path.push(name);
                }
                Event::End(_) => {
                    path.pop();
                }
                Event::Text(t) if path.len() >= 2 && path[path.len() - 2] == "XfccGame" => {
                    let field = path.last().unwrap().clone();
                    let game: &mut std::collections::BTreeMap<_, _> = games.last_mut().unwrap();
                    game.entry(field)
                        .or_insert_with(String::new)
                        .push_str(&t.xml10_content());
                }
                Event::GeneralRef(r) if path.len() >= 2 && path[path.len() - 2] == "XfccGame" => {
                    let text = match r.resolve_char_ref().expect("a character reference") {
                        Some(c) => c.to_string(),
                        None => {
                            let name = r.xml10_content();
                            quick_xml::escape::resolve_xml_entity(&name)
                                .expect("one of XML's five")
                                .to_string()
                        }
                    };
                    let field = path.last().unwrap().clone();
                    let game: &mut std::collections::BTreeMap<_, _> = games.last_mut().unwrap();
                    game.entry(field)
                        .or_insert_with(String::new)
                        .push_str(&text);
                }
                Event::Eof => break,
                _ => {}
            }
        }
        assert!(path.is_empty(), "every element closed");
        games
    }

    #[test]
    fn a_note_with_every_control_character_is_told_as_xml_without_the_forbidden_ones() {
        let league = league();
        let t = &league.tournaments[0];
        let g = game(&league, &[]);
        let mut x = game_for(t, &g, Color::White, at("2026-05-10", "12:00"));
        let controls: String = (0u8..0x20).map(char::from).collect();
        x.message = format!("Hello{controls}world\u{fffe}\u{ffff}!");
        x.server_info = format!("\u{7}{controls}");
        x.heading.white = "Ivanov\u{c}, Ivan".into();
        let answer = get_my_games_response(&[x]);
        let games = read_as_xml_1_0(&answer);
        assert_eq!(games.len(), 1);
        // TAB, LF and CR stay (CR as `&#13;`, which XML keeps)
        assert_eq!(games[0]["message"], "Hello\t\n\rworld!");
        assert_eq!(games[0]["white"], "Ivanov, Ivan");
        assert!(!games[0].contains_key("serverInfo") || games[0]["serverInfo"].trim().is_empty());
        // a fault too
        let f = fault(false, "bad \u{1f}byte");
        assert!(f.contains("<faultstring>bad byte</faultstring>"), "{f}");
    }

    proptest::proptest! {
        /// Whatever a stored note holds, the `GetMyGames` answer is XML 1.0
        /// and tells the note less only the characters XML forbids.
        #[test]
        fn any_stored_note_is_told_as_xml(note in proptest::string::string_regex("(?s).{0,80}").unwrap(), info in "\\PC{0,20}") {
            let league = league();
            let t = &league.tournaments[0];
            let g = game(&league, &["5254"]);
            let mut x = game_for(t, &g, Color::Black, at("2026-05-12", "08:00"));
            x.message = note.clone();
            x.server_info = info;
            let answer = get_my_games_response(&[x]);
            let games = read_as_xml_1_0(&answer);
            proptest::prop_assert_eq!(games.len(), 1);
            let told = games[0].get("message").cloned().unwrap_or_default();
            let expected: String = note
                .chars()
                .filter(|c| !matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}'))
                .collect();
            proptest::prop_assert_eq!(told, expected);
        }
    }

    #[test]
    fn the_result_names_and_the_move_results_are_the_wires() {
        assert_eq!(MoveResult::MoveIsAmbiguous.as_str(), "MoveIsAmbigous");
        assert_eq!(MoveResult::InvalidGameId.as_str(), "InvalidGameID");
        let answer = make_a_move_response(MoveResult::NotYourTurn);
        assert!(answer.contains("<MakeAMoveResult>NotYourTurn</MakeAMoveResult>"));
        let f = fault(true, "AuthenticationFailed");
        assert!(
            f.contains("<soap:Fault>")
                && f.contains("<faultstring>AuthenticationFailed</faultstring>")
        );
        let league = league();
        let mut g = game(&league, &["5254"]);
        assert_eq!(result_of(&g), "Ongoing");
        g.apply(&crate::referee::game::Event::Ended {
            result: GameResult::BlackWins,
            reason: EndReason::TimeForfeit,
            on: day("2026-07-20"),
        })
        .unwrap();
        assert_eq!(result_of(&g), "BlackWins");
        assert!(shown(&g, day("2026-08-19")) && !shown(&g, day("2026-08-20")));
    }

    /// The WSDL is well-formed XML naming both operations at the URL.
    #[test]
    fn the_wsdl_is_well_formed_and_names_the_endpoint() {
        let text = wsdl("https://chess.example.test/xfccbasic.asmx?a=1&b=2");
        let mut reader = quick_xml::Reader::from_str(&text);
        let mut depth = 0i32;
        let mut elements = 0;
        loop {
            match reader.read_event().expect("well-formed") {
                quick_xml::events::Event::Start(_) => depth += 1,
                quick_xml::events::Event::End(_) => depth -= 1,
                quick_xml::events::Event::Empty(_) => elements += 1,
                quick_xml::events::Event::Eof => break,
                _ => {}
            }
        }
        assert_eq!(depth, 0);
        assert!(elements > 40);
        assert!(text.contains("location=\"https://chess.example.test/xfccbasic.asmx?a=1&amp;b=2\""));
        for name in ["GetMyGames", "MakeAMove", "MoveIsAmbigous", "timeControl"] {
            assert!(text.contains(name), "{name}");
        }
    }

    #[test]
    fn a_game_number_is_stable_and_positive() {
        assert_eq!(game_number("RUS-EM-2026/1"), game_number("RUS-EM-2026/1"));
        assert_ne!(game_number("RUS-EM-2026/1"), game_number("RUS-EM-2026/2"));
        assert!(game_number("x") >= 0 && game_number("x") <= i64::from(i32::MAX));
    }
}
