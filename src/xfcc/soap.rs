//! Reading an Xfcc request: a SOAP 1.1 or 1.2 envelope whose Body's first
//! element names the operation, its parameters read by local name (any
//! prefix, any namespace), as Scid, scidCommunity, Lucas Chess and the Go
//! client send them (`XFCC.md`). The body is read once, streaming, without
//! recursion; a DOCTYPE (and with it any entity declaration) is refused,
//! and so is a body over [`MAX_BODY`].
//!
//! Clients do not always write what they declare. Scid sends each
//! character of a note as its low byte while declaring UTF-8: German
//! arrives as ISO-8859-1, read so ([`decode`]); Cyrillic arrives garbled,
//! `м` as `<`, `П` as the control character 0x1F. A `MakeAMove` that is
//! ill-formed only inside `myMessage`, or whose note holds a character XML
//! forbids, is read without its note, and says so
//! ([`MakeAMove::note_garbled`]): the move is decided as usual.

use quick_xml::events::Event;
use quick_xml::Reader;
use thiserror::Error;

/// The largest request body read (64 KiB).
pub const MAX_BODY: usize = 64 * 1024;

/// The deepest element nesting read: a SOAP request needs four levels.
const MAX_DEPTH: usize = 16;

/// An operation a client asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// `GetMyGames(username, password)`.
    GetMyGames(Login),
    /// `MakeAMove(…)`, and `MakeAMove2` read as it.
    MakeAMove(MakeAMove),
}

/// The user name and password every request carries.
#[derive(Clone, PartialEq, Eq)]
pub struct Login {
    pub username: String,
    pub password: String,
}

impl std::fmt::Debug for Login {
    // the password never reaches a log
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Login")
            .field("username", &self.username)
            .field("password", &"…")
            .finish()
    }
}

/// `MakeAMove`'s parameters, in their order on the wire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MakeAMove {
    pub login: Login,
    pub game_id: i64,
    pub resign: bool,
    pub accept_draw: bool,
    /// The PGN full-move number of `my_move` (Black's answer to 1.e4 is 1).
    pub movecount: i64,
    /// SAN as the program writes it; empty for a resignation, a draw or a
    /// message alone.
    pub my_move: String,
    pub offer_draw: bool,
    pub claim_draw: bool,
    pub my_message: String,
    /// The client sent `myMessage` in a form no XML reader reads (Scid's
    /// Cyrillic): the note is dropped (`my_message` empty) and the player
    /// is told.
    pub note_garbled: bool,
}

/// Why a request is not read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RequestError {
    #[error("the request body is over {MAX_BODY} bytes")]
    TooLarge,
    #[error("the request declares a DOCTYPE or entities")]
    Doctype,
    #[error("the request is not XML: {0}")]
    NotXml(String),
    #[error("the request nests elements deeper than {MAX_DEPTH}")]
    TooDeep,
    #[error("no operation in the SOAP Body")]
    NoOperation,
    #[error("unknown operation {0}")]
    UnknownOperation(String),
    #[error("{name} is not a valid value: {value}")]
    BadField { name: &'static str, value: String },
}

/// The body as text: UTF-8 when it is, else ISO-8859-1 (every byte the
/// character of its value), which is what Scid's one byte per character
/// comes to for Latin letters (`Grüße aus Köln`).
pub fn decode(body: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(body) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => std::borrow::Cow::Owned(body.iter().map(|&b| char::from(b)).collect()),
    }
}

/// Whether XML 1.0 forbids `c` in a document (C0 controls other than TAB,
/// LF and CR; U+FFFE, U+FFFF).
pub fn forbidden_in_xml(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}')
}

/// Reads a request body (UTF-8, else ISO-8859-1: [`decode`]).
///
/// # Errors
/// A [`RequestError`] saying what is wrong; nothing else is done with it.
pub fn read_request(body: &[u8]) -> Result<Request, RequestError> {
    if body.len() > MAX_BODY {
        return Err(RequestError::TooLarge);
    }
    let text = decode(body);
    match read_xml(text.as_bytes()) {
        Ok(Request::MakeAMove(mut m)) if m.my_message.chars().any(forbidden_in_xml) => {
            m.my_message.clear();
            m.note_garbled = true;
            Ok(Request::MakeAMove(m))
        }
        Err(RequestError::NotXml(why)) => {
            // ill-formed only inside the note: read again without it
            let Some((from, to)) = note_span(text.as_bytes()) else {
                return Err(RequestError::NotXml(why));
            };
            let mut without = Vec::with_capacity(text.len());
            without.extend_from_slice(&text.as_bytes()[..from]);
            without.extend_from_slice(&text.as_bytes()[to..]);
            match read_xml(&without) {
                Ok(Request::MakeAMove(mut m)) => {
                    m.note_garbled = true;
                    Ok(Request::MakeAMove(m))
                }
                _ => Err(RequestError::NotXml(why)),
            }
        }
        read => read,
    }
}

/// The bytes between `<myMessage …>` (any prefix) and the last
/// `</myMessage>` after it: the note as sent, whatever it holds. One scan
/// for the name, linear in the body, no recursion.
fn note_span(body: &[u8]) -> Option<(usize, usize)> {
    const NAME: &[u8] = b"myMessage";
    // the tag's start before the name at `at`: `<` or `</`, then an
    // optional `prefix:`
    let tag_start = |at: usize| -> Option<(usize, bool)> {
        let mut i = at;
        if i > 0 && body[i - 1] == b':' {
            i -= 1;
            let limit = i.saturating_sub(64);
            while i > limit
                && (body[i - 1].is_ascii_alphanumeric()
                    || matches!(body[i - 1], b'_' | b'-' | b'.'))
            {
                i -= 1;
            }
        }
        let byte = |back: usize| i.checked_sub(back).map(|j| body[j]);
        match (byte(1), byte(2)) {
            (Some(b'<'), _) => Some((i - 1, false)),
            (Some(b'/'), Some(b'<')) => Some((i - 2, true)),
            _ => None,
        }
    };
    let mut open: Option<usize> = None;
    let mut close: Option<usize> = None;
    let mut at = 0;
    while at + NAME.len() <= body.len() {
        if &body[at..at + NAME.len()] != NAME {
            at += 1;
            continue;
        }
        let after = at + NAME.len();
        let ends_name = body
            .get(after)
            .is_some_and(|&b| b == b'>' || b == b'/' || b.is_ascii_whitespace());
        match tag_start(at) {
            Some((_, false)) if ends_name && open.is_none() => {
                // the opening tag ends at its `>` (none: no note to find)
                let end = body[after..].iter().position(|&b| b == b'>')? + after;
                if body[end - 1] == b'/' {
                    return None;
                }
                open = Some(end + 1);
                at = end + 1;
                continue;
            }
            Some((start, true)) if ends_name && open.is_some() => close = Some(start),
            _ => {}
        }
        at = after;
    }
    match (open, close) {
        (Some(from), Some(to)) if from <= to => Some((from, to)),
        _ => None,
    }
}

/// Reads a request that is text.
fn read_xml(body: &[u8]) -> Result<Request, RequestError> {
    let mut reader = Reader::from_reader(body);
    // the text is kept as sent (a password may begin with a space)
    reader.config_mut().expand_empty_elements = true;
    let mut buf = Vec::new();
    // the element path as local names, and the operation's parameters
    let mut path: Vec<String> = Vec::new();
    let mut operation: Option<String> = None;
    let mut params: Vec<(String, String)> = Vec::new();
    // A parameter that holds elements is a wrapper: suds (Lucas Chess)
    // sends `<username><username>U</username><password>P</password>…
    // </username>`; then its children are the parameters, and its own
    // text (the spaces between them) is nobody's.
    let mut param_start = 0;
    let mut wrapper = false;
    loop {
        let event = reader
            .read_event_into(&mut buf)
            .map_err(|e| RequestError::NotXml(e.to_string()))?;
        // inside a parameter of the operation: Envelope/Body/<op>/<param>,
        // or Envelope/Body/<op>/<wrapper>/<param>
        let in_operation =
            path.len() >= 4 && path[1] == "Body" && operation.as_deref() == Some(path[2].as_str());
        let param = match path.len() {
            4 if in_operation && !wrapper => Some(3),
            5 if in_operation && wrapper => Some(4),
            _ => None,
        };
        let in_param = param.is_some();
        let name = param.map(|at| path[at].clone()).unwrap_or_default();
        match event {
            Event::DocType(_) => return Err(RequestError::Doctype),
            Event::Start(e) => {
                if path.len() >= MAX_DEPTH {
                    return Err(RequestError::TooDeep);
                }
                let local = e.local_name().into_inner().to_string();
                if path.len() == 2 && path[1] == "Body" && operation.is_none() {
                    operation = Some(local.clone());
                }
                // a parameter begins (its own path is Envelope/Body/<op>)
                let at_operation = path.len() == 3
                    && path[1] == "Body"
                    && operation.as_deref() == Some(path[2].as_str());
                if at_operation {
                    param_start = params.len();
                    wrapper = false;
                } else if in_operation && path.len() == 4 && !wrapper {
                    params.truncate(param_start);
                    wrapper = true;
                }
                path.push(local);
            }
            Event::End(_) => {
                path.pop();
            }
            Event::Text(t) if in_param => {
                params.push((name, t.xml10_content().into_owned()));
            }
            Event::CData(t) if in_param => {
                params.push((name, t.xml10_content().into_owned()));
            }
            // a character reference (`&#233;`) or one of XML's five
            // entities inside a parameter; nothing else is declared
            Event::GeneralRef(r) if in_param => {
                let text = match r.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    _ => {
                        let name = r.xml10_content();
                        quick_xml::escape::resolve_xml_entity(&name)
                            .ok_or_else(|| RequestError::NotXml(format!("entity &{name};")))?
                            .to_string()
                    }
                };
                params.push((name, text));
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    let operation = operation.ok_or(RequestError::NoOperation)?;
    let field = |name: &str| -> String {
        params
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    };
    let login = Login {
        username: field("username").trim().to_string(),
        password: field("password"),
    };
    match operation.as_str() {
        "GetMyGames" => Ok(Request::GetMyGames(login)),
        "MakeAMove" | "MakeAMove2" => Ok(Request::MakeAMove(MakeAMove {
            login,
            game_id: int("gameId", &field("gameId"))?,
            resign: boolean("resign", &field("resign"))?,
            accept_draw: boolean("acceptDraw", &field("acceptDraw"))?,
            movecount: int("movecount", &field("movecount"))?,
            my_move: field("myMove").trim().to_string(),
            offer_draw: boolean("offerDraw", &field("offerDraw"))?,
            claim_draw: boolean("claimDraw", &field("claimDraw"))?,
            my_message: field("myMessage"),
            note_garbled: false,
        })),
        other => Err(RequestError::UnknownOperation(other.to_string())),
    }
}

/// An `xs:boolean` as clients write it: `true`/`false`, `1`/`0` (Scid
/// sends the raw menu value), absent as false.
fn boolean(name: &'static str, value: &str) -> Result<bool, RequestError> {
    match value.trim() {
        "true" | "1" | "True" | "TRUE" => Ok(true),
        "false" | "0" | "" | "False" | "FALSE" => Ok(false),
        other => Err(RequestError::BadField {
            name,
            value: other.chars().take(40).collect(),
        }),
    }
}

/// An `xs:int`; absent as 0.
fn int(name: &'static str, value: &str) -> Result<i64, RequestError> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(0);
    }
    value.parse().map_err(|_| RequestError::BadField {
        name,
        value: value.chars().take(40).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scid's GetMyGames, verbatim shape (XFCC.md).
    const SCID_GET: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:xsd="http://www.w3.org/2001/XMLSchema"
  xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
<soap:Body><GetMyGames xmlns="http://www.bennedik.com/webservices/XfccBasic">
<username>petrov@example.test</username><password>s3cr&amp;t</password></GetMyGames></soap:Body></soap:Envelope>"#;

    fn login(user: &str, pass: &str) -> Login {
        Login {
            username: user.into(),
            password: pass.into(),
        }
    }

    #[test]
    fn scids_get_my_games_is_read() {
        assert_eq!(
            read_request(SCID_GET.as_bytes()),
            Ok(Request::GetMyGames(login("petrov@example.test", "s3cr&t")))
        );
    }

    #[test]
    fn prefixes_a_header_and_soap_1_2_are_read_by_local_name() {
        let body = r#"<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope" xmlns:x="http://www.bennedik.com/webservices/XfccBasic">
<env:Header/><env:Body><x:GetMyGames><x:username>u</x:username><x:password>p</x:password></x:GetMyGames></env:Body></env:Envelope>"#;
        assert_eq!(
            read_request(body.as_bytes()),
            Ok(Request::GetMyGames(login("u", "p")))
        );
    }

    #[test]
    fn make_a_move_with_scids_one_and_zero_booleans() {
        let body = r#"<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>
<MakeAMove xmlns="http://www.bennedik.com/webservices/XfccBasic"><username>u</username><password>p</password>
<gameId>7</gameId><resign>0</resign><acceptDraw>1</acceptDraw><movecount>12</movecount>
<myMove>Nf3</myMove><offerDraw>false</offerDraw><claimDraw>true</claimDraw><myMessage>Привет &lt;3</myMessage>
</MakeAMove></soap:Body></soap:Envelope>"#;
        assert_eq!(
            read_request(body.as_bytes()),
            Ok(Request::MakeAMove(MakeAMove {
                login: login("u", "p"),
                game_id: 7,
                resign: false,
                accept_draw: true,
                movecount: 12,
                my_move: "Nf3".into(),
                offer_draw: false,
                claim_draw: true,
                my_message: "Привет <3".into(),
                note_garbled: false,
            }))
        );
    }

    #[test]
    fn make_a_move_2_is_make_a_move_and_empty_fields_read_as_nothing() {
        let body = "<Envelope><Body><MakeAMove2><username>u</username><password>p</password>\
                    <gameId>1</gameId><resign>true</resign><myMove/></MakeAMove2></Body></Envelope>";
        let Ok(Request::MakeAMove(m)) = read_request(body.as_bytes()) else {
            panic!("MakeAMove2 is MakeAMove");
        };
        assert!(m.resign && m.my_move.is_empty() && m.movecount == 0);
    }

    #[test]
    fn a_doctype_an_oversized_body_and_bad_values_are_refused() {
        let doctype = r#"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Envelope><Body><GetMyGames><username>&a;</username></GetMyGames></Body></Envelope>"#;
        assert_eq!(read_request(doctype.as_bytes()), Err(RequestError::Doctype));
        let big = format!(
            "<Envelope><Body><GetMyGames><username>{}</username></GetMyGames></Body></Envelope>",
            "x".repeat(MAX_BODY)
        );
        assert_eq!(read_request(big.as_bytes()), Err(RequestError::TooLarge));
        let bad = "<Envelope><Body><MakeAMove><gameId>seven</gameId></MakeAMove></Body></Envelope>";
        assert!(matches!(
            read_request(bad.as_bytes()),
            Err(RequestError::BadField { name: "gameId", .. })
        ));
        let other = "<Envelope><Body><GetGameHistory/></Body></Envelope>";
        assert_eq!(
            read_request(other.as_bytes()),
            Err(RequestError::UnknownOperation("GetGameHistory".into()))
        );
        assert_eq!(
            read_request(b"<Envelope><Body/></Envelope>"),
            Err(RequestError::NoOperation)
        );
        assert!(read_request(b"\xff\xfe<").is_err());
        let deep = "<a>".repeat(1000);
        assert_eq!(read_request(deep.as_bytes()), Err(RequestError::TooDeep));
    }

    /// Scid's `MakeAMove` as Tcl's `http` puts it on the wire: its
    /// template (`tests/fixtures/xfcc/`), the note through `xmlencrypt`,
    /// then every character sent as its low byte.
    fn scid_make_a_move(note: &str) -> Vec<u8> {
        let note = note
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&apos;");
        include_str!("../../tests/fixtures/xfcc/scid-MakeAMove.xml")
            .replace("{{USER}}", "petrov@example.test")
            .replace("{{PASS}}", "pa&amp;ss")
            .replace("{{GAMEID}}", "7")
            .replace("{{MOVECOUNT}}", "1")
            .replace("{{MOVE}}", "e5")
            .replace("{{MESSAGE}}", &note)
            .replace("{{RESIGN}}", "0")
            .replace("{{ACCEPTDRAW}}", "0")
            .replace("{{OFFERDRAW}}", "0")
            .replace("{{CLAIMDRAW}}", "0")
            .chars()
            .map(|c| (u32::from(c) & 0xff) as u8)
            .collect()
    }

    fn scids_move(body: &[u8]) -> MakeAMove {
        match read_request(body) {
            Ok(Request::MakeAMove(m)) => m,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn scids_german_note_arrives_as_iso_8859_1_and_is_read_so() {
        let body = scid_make_a_move("Grüße aus Köln");
        assert!(std::str::from_utf8(&body).is_err(), "not UTF-8 as declared");
        let m = scids_move(&body);
        assert_eq!(m.my_message, "Grüße aus Köln");
        assert!(!m.note_garbled);
        assert_eq!((m.my_move.as_str(), m.movecount, m.game_id), ("e5", 1, 7));
        assert_eq!(m.login.password, "pa&ss");
    }

    #[test]
    fn scids_russian_note_is_garbled_and_the_move_is_read_without_it() {
        // `м` (U+043C) arrives as `<`: not XML
        let body = scid_make_a_move("мой ход");
        assert!(body.windows(13).any(|w| w == b"<myMessage><>"));
        let m = scids_move(&body);
        assert!(m.note_garbled && m.my_message.is_empty(), "{m:?}");
        assert_eq!((m.my_move.as_str(), m.movecount), ("e5", 1));
        // `П` (U+041F) arrives as 0x1F, a character XML forbids
        let body = scid_make_a_move("Привет");
        assert!(body.contains(&0x1f));
        let m = scids_move(&body);
        assert!(m.note_garbled && m.my_message.is_empty(), "{m:?}");
        assert_eq!(m.my_move, "e5");
    }

    #[test]
    fn a_request_ill_formed_outside_the_note_is_still_refused() {
        let body = b"<Envelope><Body><MakeAMove><username>u<</username><myMove>e4</myMove><myMessage>a</myMessage></MakeAMove></Body></Envelope>";
        assert!(matches!(read_request(body), Err(RequestError::NotXml(_))));
        let get = b"<Envelope><Body><GetMyGames><username>u</username><myMessage><</myMessage></GetMyGames></Body></Envelope>";
        assert!(matches!(read_request(get), Err(RequestError::NotXml(_))));
    }

    #[test]
    fn the_notes_span_ends_at_its_last_closing_tag_with_any_prefix() {
        let body =
            b"<x:MakeAMove><x:myMessage a=\"1\">a</x:myMessage> < b</x:myMessage></x:MakeAMove>";
        let (from, to) = note_span(body).expect("a span");
        assert_eq!(&body[from..to], b"a</x:myMessage> < b");
        assert_eq!(note_span(b"<myMessage/>"), None);
        assert_eq!(note_span(b"no note"), None);
    }

    #[test]
    fn a_note_that_reads_as_an_element_leaves_the_move_read() {
        // U+0A3C and U+083E arrive as `<` and `>`: the note `<0/>`
        let m = scids_move(&scid_make_a_move("\u{a3c}0/\u{83e}"));
        assert_eq!(m.my_move.as_str(), "e5", "{m:?}");
    }

    #[test]
    fn the_password_never_reaches_a_log() {
        let text = format!("{:?}", login("u", "hunter2"));
        assert!(!text.contains("hunter2"), "{text}");
    }

    proptest::proptest! {
        /// Any note Scid could send (any characters, each as its low
        /// byte): the move is read, the note as sent or dropped as garbled.
        #[test]
        fn any_note_scid_sends_leaves_the_move_read(note in "\\PC{0,40}") {
            let m = scids_move(&scid_make_a_move(&note));
            proptest::prop_assert_eq!(m.my_move.as_str(), "e5");
            proptest::prop_assert!(m.note_garbled || !m.my_message.chars().any(forbidden_in_xml));
        }

        /// Any bytes: an answer, never a panic.
        #[test]
        fn any_body_is_read_or_refused(body in proptest::collection::vec(proptest::num::u8::ANY, 0..2048)) {
            let _ = read_request(&body);
        }

        /// Any text inside a well-formed request's parameters (XML reads a
        /// CR as a line end, so none is sent).
        #[test]
        fn any_parameter_text_is_read_or_refused(text in "[^\r]{0,200}") {
            let escaped = text.replace('&', "&amp;").replace('<', "&lt;");
            let body = format!("<Envelope><Body><GetMyGames><username>{escaped}</username><password>{escaped}</password></GetMyGames></Body></Envelope>");
            if let Ok(Request::GetMyGames(l)) = read_request(body.as_bytes()) {
                proptest::prop_assert_eq!(l.password, text);
            }
        }
    }
}
