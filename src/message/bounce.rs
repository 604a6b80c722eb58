//! Reading a bounce: which mail it reports (the Message-IDs of the original
//! it quotes) and, for a delivery status report (RFC 3464), each recipient's
//! `Action`, `Status` and `Diagnostic-Code`. Pure: bytes in, plain data out.

use mail_parser::{HeaderValue, MessageParser};

/// What a bounce says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bounce {
    /// The Message-IDs it names besides its own (angle brackets included):
    /// the original's `Message-ID` in the returned message or headers, and
    /// the bounce's `In-Reply-To`/`References`.
    pub original_ids: Vec<String>,
    /// The recipients of a delivery status report, in its order.
    pub failures: Vec<Failure>,
    /// The first lines of the bounce's text, for an MTA that writes no report.
    pub excerpt: String,
}

/// One recipient of a delivery status report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Failure {
    /// `Final-Recipient` (or `Original-Recipient`) without its address type.
    pub recipient: String,
    /// `failed`, `delayed`, …
    pub action: Option<String>,
    /// `5.1.1`, …
    pub status: Option<String>,
    /// The remote server's words, e.g. `smtp; 550 5.1.1 User unknown`.
    pub diagnostic: Option<String>,
}

/// Reads a bounce (an unparseable one names nothing).
pub fn read_bounce(raw: &[u8]) -> Bounce {
    std::panic::catch_unwind(|| read(raw)).unwrap_or_default()
}

fn read(raw: &[u8]) -> Bounce {
    let Some(msg) = MessageParser::default().parse(raw) else {
        return Bounce::default();
    };
    let own = msg.message_id().map(|id| format!("<{id}>"));
    let mut texts: Vec<String> = vec![String::from_utf8_lossy(raw).into_owned()];
    for part in &msg.parts {
        // decoded contents (a base64 report), and the returned message
        texts.push(String::from_utf8_lossy(part.contents()).into_owned());
    }
    let mut ids = Vec::new();
    let mut push = |id: String| {
        if Some(&id) != own.as_ref() && !ids.contains(&id) {
            ids.push(id);
        }
    };
    let listed = |v: &HeaderValue| -> Vec<String> {
        match v {
            HeaderValue::Text(t) => vec![t.to_string()],
            HeaderValue::TextList(list) => list.iter().map(ToString::to_string).collect(),
            _ => vec![],
        }
    };
    for text in &texts {
        for id in header_ids(text) {
            push(id);
        }
    }
    for id in listed(msg.in_reply_to())
        .into_iter()
        .chain(listed(msg.references()))
    {
        push(format!("<{}>", id.trim_matches(['<', '>'])));
    }
    let mut failures: Vec<Failure> = Vec::new();
    for text in &texts {
        for f in report_fields(text) {
            if !failures.contains(&f) {
                failures.push(f);
            }
        }
    }
    let excerpt = msg
        .body_text(0)
        .map(|t| {
            t.lines()
                .map(str::trim_end)
                .filter(|l| !l.trim().is_empty())
                .take(12)
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default();
    Bounce {
        original_ids: ids,
        failures,
        excerpt: excerpt.chars().take(1500).collect(),
    }
}

/// The lines of `text` with folded continuation lines joined.
fn unfolded(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if line.starts_with([' ', '\t']) && !line.trim().is_empty() {
            if let Some(last) = lines.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
                continue;
            }
        }
        lines.push(line.to_string());
    }
    lines
}

/// The value of a `Name: value` line, the name matched without case.
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let (n, v) = line.split_once(':')?;
    n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
}

/// The `<…>` of every `Message-ID:` line in `text`.
fn header_ids(text: &str) -> Vec<String> {
    unfolded(text)
        .iter()
        .filter_map(|l| field(l, "Message-ID"))
        .filter_map(|v| {
            let start = v.find('<')?;
            let end = start + v[start..].find('>')?;
            let id = &v[start..=end];
            (id.len() > 2 && id.len() < 1000 && !id.contains(char::is_whitespace))
                .then(|| id.to_string())
        })
        .collect()
}

/// The per-recipient fields of a delivery status report in `text`.
fn report_fields(text: &str) -> Vec<Failure> {
    let clip = |s: &str| s.chars().take(500).collect::<String>();
    let mut out: Vec<Failure> = Vec::new();
    let mut current: Option<Failure> = None;
    for line in unfolded(text) {
        if let Some(v) = field(&line, "Final-Recipient") {
            out.extend(current.take());
            let address = v.split_once(';').map_or(v, |(_, a)| a).trim();
            current = Some(Failure {
                recipient: clip(address.trim_matches(['<', '>'])),
                ..Failure::default()
            });
        } else if let Some(f) = current.as_mut() {
            if let Some(v) = field(&line, "Action") {
                f.action = Some(clip(v));
            } else if let Some(v) = field(&line, "Status") {
                f.status = Some(clip(v));
            } else if let Some(v) = field(&line, "Diagnostic-Code") {
                f.diagnostic = Some(clip(v));
            }
        }
    }
    out.extend(current);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postfix_report_names_the_original_and_each_recipients_reason() {
        let raw = "From: MAILER-DAEMON@mx.example.test (Mail Delivery System)\r\n\
Subject: Undelivered Mail Returned to Sender\r\n\
Message-ID: <20260510.bounce@mx.example.test>\r\n\
MIME-Version: 1.0\r\n\
Content-Type: multipart/report; report-type=delivery-status; boundary=\"B\"\r\n\r\n\
--B\r\nContent-Type: text/plain\r\n\r\nI'm sorry to have to inform you that your message could not\r\nbe delivered.\r\n\r\n\
--B\r\nContent-Type: message/delivery-status\r\n\r\n\
Reporting-MTA: dns; mx.example.test\r\n\r\n\
Final-Recipient: rfc822; petrov@example.test\r\nOriginal-Recipient: rfc822;petrov@example.test\r\n\
Action: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 <petrov@example.test>:\r\n    Recipient address rejected: User unknown\r\n\r\n\
--B\r\nContent-Type: text/rfc822-headers\r\n\r\n\
From: arbiter@example.test\r\nMessage-ID:\r\n <000003.abc@example.test>\r\nSubject: x\r\n\r\n--B--\r\n";
        let b = read_bounce(raw.as_bytes());
        assert_eq!(b.original_ids, ["<000003.abc@example.test>"]);
        assert_eq!(
            b.failures,
            [Failure {
                recipient: "petrov@example.test".into(),
                action: Some("failed".into()),
                status: Some("5.1.1".into()),
                diagnostic: Some(
                    "smtp; 550 5.1.1 <petrov@example.test>: Recipient address rejected: User unknown"
                        .into()
                ),
            }]
        );
        assert!(b.excerpt.starts_with("I'm sorry"), "{}", b.excerpt);
    }
}
