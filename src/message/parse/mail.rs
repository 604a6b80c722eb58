//! A mail's bytes into what the referee reads: its headers, its plain text
//! (the HTML part's text where there is no plain one, a text attachment's
//! too), whether a robot sent it, whether our server authenticated its
//! sender.

use super::*;

/// Reads a raw RFC 5322 mail.
///
/// # Errors
/// [`ReadError::TooLarge`] over `max_bytes`; [`ReadError::Unparseable`] when
/// mail-parser finds no message or panics on it.
pub fn read_mail(raw: &[u8], max_bytes: usize) -> Result<Mail, ReadError> {
    if raw.len() > max_bytes {
        return Err(ReadError::TooLarge(raw.len(), max_bytes));
    }
    std::panic::catch_unwind(|| read_parsed(raw)).unwrap_or(Err(ReadError::Unparseable))
}

pub(super) fn read_parsed(raw: &[u8]) -> Result<Mail, ReadError> {
    let msg = MessageParser::default()
        .parse(raw)
        .ok_or(ReadError::Unparseable)?;
    let froms = msg
        .headers_raw()
        .filter(|(name, _)| name.eq_ignore_ascii_case("From"))
        .count();
    if froms != 1 {
        return Err(ReadError::FromHeaders(froms));
    }
    if msg.from().is_some_and(|a| a.iter().count() > 1) {
        return Err(ReadError::FromHeaders(2));
    }
    // an address goes into the To: of answers: only a plain one is taken
    let written_from = msg
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(|a| a.trim().to_lowercase());
    let from = written_from.clone().filter(|a| {
        a.contains('@')
            && !a
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | ',' | '"'))
    });
    let date = msg.date().and_then(|d| {
        let offset = (i32::from(d.tz_hour) * 3600 + i32::from(d.tz_minute) * 60)
            * if d.tz_before_gmt { -1 } else { 1 };
        FixedOffset::east_opt(offset)?
            .timestamp_opt(d.to_timestamp(), 0)
            .single()
    });
    let references = match msg.references() {
        HeaderValue::Text(t) => vec![t.to_string()],
        HeaderValue::TextList(list) => list.iter().map(|t| t.to_string()).collect(),
        _ => vec![],
    };
    let in_reply_to = match msg.in_reply_to() {
        HeaderValue::Text(t) => vec![t.to_string()],
        HeaderValue::TextList(list) => list.iter().map(|t| t.to_string()).collect(),
        _ => vec![],
    };
    let (text, quoted) = split_own(&body_text(&msg));
    Ok(Mail {
        message_id: msg.message_id().map(str::to_string),
        robot: robot_reason(&msg, written_from.as_deref()),
        from,
        subject: msg.subject().unwrap_or_default().to_string(),
        date,
        text,
        references,
        in_reply_to,
        quoted,
        attached: attached_text(&msg),
    })
}

/// The text of the mail: the plain part, or an HTML part read as text with
/// its quoted blocks removed first.
pub(super) fn body_text(msg: &mail_parser::Message) -> String {
    let plain = msg
        .text_bodies()
        .find(|p| !p.is_text_html())
        .and_then(|p| p.text_contents());
    if let Some(text) = plain {
        return text.to_string();
    }
    match msg.body_html(0) {
        Some(html) => html_text(&html),
        None => String::new(),
    }
}

/// An HTML part read as text, as a mail without a plain part is read: its
/// quoted blocks removed, its paragraphs and rows lines.
pub fn html_text(html: &str) -> String {
    mail_parser::decoders::html::html_to_text(&break_blocks(&strip_html_quotes(html)))
}

/// The text of the attachments that are text (`text/*`, or a name ending
/// in `.txt` or `.pgn`), the first 64 KiB of each.
pub(super) fn attached_text(msg: &mail_parser::Message) -> String {
    let mut out = String::new();
    for part in msg.attachments() {
        let named = part
            .attachment_name()
            .map(str::to_lowercase)
            .is_some_and(|n| n.ends_with(".txt") || n.ends_with(".pgn"));
        let text = part.is_text() || named;
        if let (true, Some(contents)) = (
            text,
            part.text_contents().or_else(|| {
                named
                    .then(|| std::str::from_utf8(part.contents()).ok())
                    .flatten()
            }),
        ) {
            let mut end = contents.len().min(64 * 1024);
            while !contents.is_char_boundary(end) {
                end -= 1;
            }
            out.push_str(&contents[..end]);
            out.push('\n');
        }
    }
    out
}

/// Puts a line break before block-level tags, so that paragraphs, divisions
/// and table rows become lines of text (the converter joins them otherwise).
pub(super) fn break_blocks(html: &str) -> String {
    const BLOCKS: [&str; 10] = [
        "<p", "</p", "<div", "</div", "<tr", "</tr", "<li", "<h", "<table", "</table",
    ];
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len() + 64);
    let mut last = 0;
    for (i, _) in lower.match_indices('<') {
        let rest = &lower[i..];
        let is_block = BLOCKS.iter().any(|b| {
            rest.starts_with(b)
                && rest[b.len()..]
                    .starts_with(|c: char| c == '>' || c == ' ' || c == '/' || c.is_ascii_digit())
        });
        if is_block {
            out.push_str(&html[last..i]);
            out.push_str("<br>");
            last = i;
        }
    }
    out.push_str(&html[last..]);
    out
}

/// Removes `<blockquote>` elements and everything from a mail client's quote
/// container (Gmail's, Outlook's) onwards.
///
/// One pass over the text: the tags searched for are ASCII, so they are
/// found in an ASCII-lower-cased copy whose byte offsets are the original's
/// (a full Unicode lower-casing changes lengths: `İ`, the Kelvin sign).
/// Nesting is counted, not recursed into.
pub(super) fn strip_html_quotes(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let end = [
        "<div class=\"gmail_quote",
        "<div id=\"divrplyfwdmsg",
        "<div id=\"appendonsend",
    ]
    .iter()
    .filter_map(|marker| lower.find(marker))
    .min()
    .unwrap_or(html.len());
    let (html, lower) = (&html[..end], &lower[..end]);
    let mut out = String::with_capacity(html.len());
    let mut depth = 0usize;
    let mut kept_from = 0;
    let mut at = 0;
    while let Some(found) = lower[at..].find('<') {
        let tag = at + found;
        let rest = &lower[tag..];
        if rest.starts_with("<blockquote") {
            if depth == 0 {
                out.push_str(&html[kept_from..tag]);
            }
            depth += 1;
        } else if rest.starts_with("</blockquote") && depth > 0 {
            depth -= 1;
            if depth == 0 {
                kept_from = lower[tag..].find('>').map_or(lower.len(), |i| tag + i + 1);
                at = kept_from;
                continue;
            }
        }
        at = tag + 1;
    }
    if depth == 0 {
        out.push_str(&html[kept_from.min(html.len())..]);
    }
    out
}

/// Why a mail is automatic (RFC 3834 and practice), or `None` for a person's mail.
pub(super) fn robot_reason(msg: &mail_parser::Message, from: Option<&str>) -> Option<String> {
    let header = |name: &str| msg.header_raw(name).map(|v| v.trim().to_lowercase());
    if let Some(v) = header("Auto-Submitted").filter(|v| !v.starts_with("no")) {
        return Some(format!("Auto-Submitted: {v}"));
    }
    if let Some(v) = header("Precedence").filter(|v| {
        ["bulk", "list", "junk", "auto_reply"]
            .iter()
            .any(|p| v.starts_with(p))
    }) {
        return Some(format!("Precedence: {v}"));
    }
    for list in ["List-Id", "List-Unsubscribe", "List-Post"] {
        if header(list).is_some() {
            return Some(format!("{list} present (a mailing list)"));
        }
    }
    if let Some(v) = header("X-Auto-Response-Suppress")
        .filter(|v| ["all", "oof", "autoreply"].iter().any(|w| v.contains(w)))
    {
        return Some(format!("X-Auto-Response-Suppress: {v}"));
    }
    if header("X-Autoreply").is_some() || header("X-Autorespond").is_some() {
        return Some("X-Autoreply present".into());
    }
    if header("Return-Path").is_some_and(|v| v == "<>" || v.is_empty()) {
        return Some("empty Return-Path (a bounce)".into());
    }
    let report = msg.parts.iter().any(|part| {
        part.content_type().is_some_and(|ct| {
            let is = |t: &str, s: &str| {
                ct.ctype().eq_ignore_ascii_case(t)
                    && ct.subtype().is_some_and(|sub| sub.eq_ignore_ascii_case(s))
            };
            is("multipart", "report")
                || is("message", "delivery-status")
                || is("message", "disposition-notification")
                || is("message", "feedback-report")
        })
    });
    if report {
        return Some("a delivery or disposition report".into());
    }
    let local = from.map_or("", |f| f.rsplit_once('@').map_or(f, |(l, _)| l));
    if robot_local_part(local) {
        return Some(format!("sent by {local}"));
    }
    None
}

/// The local parts of robots' addresses (PITFALLS.md, RFC 3834 §2): never answered.
pub(super) fn robot_local_part(local: &str) -> bool {
    let local = local.to_ascii_lowercase();
    matches!(
        local.as_str(),
        "mailer"
            | "mailer-daemon"
            | "mailerdaemon"
            | "postmaster"
            | "listserv"
            | "majordomo"
            | "noreply"
            | "no-reply"
            | "no_reply"
            | "donotreply"
            | "do-not-reply"
            | "do_not_reply"
            | "bounce"
            | "bounces"
    ) || local.starts_with("owner-")
        || local.starts_with("bounce-")
        || local.starts_with("bounces+")
        || ["-request", "-bounces", "-bounce", "-relay", "-owner"]
            .iter()
            .any(|end| local.ends_with(end))
}

/// Whether the `Authentication-Results:` headers our own server added
/// (RFC 8601) vouch for the From address: `dkim=pass` whose `header.d` is
/// the From domain or a parent of it, or `dmarc=pass` whose `header.from` is
/// the From domain.
///
/// Which headers are our server's: scanning the header from the top, the
/// first `Authentication-Results:` header and those after it up to the next
/// `Received:` header — the verdict our mail server stamps above its own
/// `Received:` line. Anything below that line was written before our server
/// saw the mail (by the sender, perhaps), and among the headers of the top
/// block only those whose authserv-id is `authserv_id` count.
pub fn authenticated(raw: &[u8], authserv_id: &str, from: &str) -> bool {
    let Some(from_domain) = from.rsplit_once('@').map(|(_, d)| d.to_lowercase()) else {
        return false;
    };
    let aligned =
        |d: &str| d.contains('.') && (from_domain == d || from_domain.ends_with(&format!(".{d}")));
    let Some(msg) = std::panic::catch_unwind(|| MessageParser::default().parse_headers(raw))
        .ok()
        .flatten()
    else {
        return false;
    };
    let ours = authserv_id.to_lowercase();
    let mut in_top_block = false;
    for (name, value) in msg.headers_raw() {
        if name.eq_ignore_ascii_case("Received") && in_top_block {
            break;
        }
        if !name.eq_ignore_ascii_case("Authentication-Results") {
            continue;
        }
        in_top_block = true;
        let value = value
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        let mut parts = value.split(';').map(str::trim);
        let server = parts
            .next()
            .unwrap_or("")
            .split_whitespace()
            .next()
            .unwrap_or("");
        if server != ours {
            continue;
        }
        let vouches = parts.any(|spec| {
            let mut words = spec.split_whitespace();
            let method = words.next();
            let mut property = |key: &str| {
                words.find_map(|w| w.strip_prefix(key).map(|v| v.trim_end_matches(['.', ','])))
            };
            match method {
                Some("dmarc=pass") => property("header.from=").is_some_and(|d| d == from_domain),
                Some("dkim=pass") => property("header.d=").is_some_and(aligned),
                _ => false,
            }
        });
        if vouches {
            return true;
        }
    }
    false
}
