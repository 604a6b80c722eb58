//! The `text/html` alternative of a mail, made from its plain text, which
//! stays complete and authoritative: paragraphs as they are; the board
//! diagram as a table of Unicode chess figures; the standard form as a
//! table, its columns taken from its heading line. The output is
//! well-formed XHTML (every tag closed, every text escaped), needs no
//! JavaScript and no style sheet beyond a few inline rules.

/// The HTML document for `plain`, titled `title`.
pub fn from_plain(title: &str, plain: &str) -> String {
    let lines: Vec<&str> = plain.lines().collect();
    let mut out = String::with_capacity(plain.len() * 2 + 512);
    out.push_str("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"/><title>");
    out.push_str(&escape(title));
    out.push_str("</title></head>\n<body style=\"font-family: sans-serif\">\n");
    let mut i = 0;
    let mut paragraph: Vec<&str> = Vec::new();
    while i < lines.len() {
        let line = lines[i];
        if let Some(used) = board(&lines[i..], &mut out, &mut paragraph) {
            i += used;
            continue;
        }
        if let Some(used) = form(&lines[i..], &mut out, &mut paragraph) {
            i += used;
            continue;
        }
        if line.trim().is_empty() {
            flush(&mut out, &mut paragraph);
        } else {
            paragraph.push(line);
        }
        i += 1;
    }
    flush(&mut out, &mut paragraph);
    out.push_str("</body></html>\n");
    out
}

/// Text with `&`, `<`, `>` and `"` escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

fn flush(out: &mut String, paragraph: &mut Vec<&str>) {
    if paragraph.is_empty() {
        return;
    }
    // indented lines (moves, examples) keep their spaces
    let pre = paragraph.iter().any(|l| l.starts_with("  "));
    if pre {
        out.push_str("<pre>");
        out.push_str(&escape(&paragraph.join("\n")));
        out.push_str("</pre>\n");
    } else {
        out.push_str("<p>");
        let lines: Vec<String> = paragraph.iter().map(|l| escape(l)).collect();
        out.push_str(&lines.join("<br/>\n"));
        out.push_str("</p>\n");
    }
    paragraph.clear();
}

/// The figure of a board letter (English or Russian, upper case White).
fn figure(token: &str) -> Option<&'static str> {
    Some(match token {
        "." => "",
        "K" | "Кр" => "♔",
        "Q" | "Ф" => "♕",
        "R" | "Л" => "♖",
        "B" | "С" => "♗",
        "N" | "К" => "♘",
        "P" | "П" => "♙",
        "k" | "кр" => "♚",
        "q" | "ф" => "♛",
        "r" | "л" => "♜",
        "b" | "с" => "♝",
        "n" | "к" => "♞",
        "p" | "п" => "♟",
        _ => return None,
    })
}

/// A rank line of the diagram, ` 8  r n b q k b n r  8`: its number and
/// its eight squares.
fn rank_line(line: &str) -> Option<(char, Vec<&'static str>)> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let [first, squares @ .., last] = tokens.as_slice() else {
        return None;
    };
    let rank = first.chars().next().filter(|c| ('1'..='8').contains(c))?;
    if first.len() != 1 || first != last || squares.len() != 8 {
        return None;
    }
    let figures: Option<Vec<&'static str>> = squares.iter().map(|t| figure(t)).collect();
    Some((rank, figures?))
}

/// The diagram at the head of `lines`: the files line, eight ranks, the
/// files line; written as a table. The number of lines it took.
fn board(lines: &[&str], out: &mut String, paragraph: &mut Vec<&str>) -> Option<usize> {
    let files = |l: &str| {
        l.split_whitespace().collect::<Vec<_>>() == ["a", "b", "c", "d", "e", "f", "g", "h"]
    };
    if lines.len() < 10 || !files(lines[0]) || !files(lines[9]) {
        return None;
    }
    let ranks: Option<Vec<(char, Vec<&'static str>)>> =
        lines[1..9].iter().map(|l| rank_line(l)).collect();
    let ranks = ranks?;
    flush(out, paragraph);
    out.push_str("<table style=\"border-collapse: collapse; font-size: 150%\">\n");
    for (row, (rank, squares)) in ranks.iter().enumerate() {
        out.push_str("<tr><th style=\"font-size: 60%\">");
        out.push(*rank);
        out.push_str("</th>");
        for (col, figure) in squares.iter().enumerate() {
            let shade = if (row + col) % 2 == 0 {
                "#f0d9b5"
            } else {
                "#b58863"
            };
            out.push_str(&format!(
                "<td style=\"background: {shade}; width: 1.4em; height: 1.4em; text-align: center\">{figure}</td>"
            ));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("<tr><th></th>");
    for f in ["a", "b", "c", "d", "e", "f", "g", "h"] {
        out.push_str(&format!("<th style=\"font-size: 60%\">{f}</th>"));
    }
    out.push_str("</tr>\n</table>\n");
    Some(10)
}

/// The standard form's move table at the head of `lines`: a heading line
/// (`Rec.  Sent  Time   No.  White …` / `Пол.  Отв.  Время  N …`) and the
/// rows after it up to a blank line, cut into cells at the heading's
/// column starts. The number of lines it took.
fn form(lines: &[&str], out: &mut String, paragraph: &mut Vec<&str>) -> Option<usize> {
    let head = lines.first()?;
    if !(head.starts_with("Rec. ") || head.starts_with("Пол. ")) {
        return None;
    }
    let chars: Vec<char> = head.chars().collect();
    let starts: Vec<usize> = (0..chars.len())
        .filter(|&i| chars[i] != ' ' && (i == 0 || chars[i - 1] == ' '))
        .collect();
    let rows: Vec<&str> = lines[1..]
        .iter()
        .take_while(|l| !l.trim().is_empty())
        .copied()
        .collect();
    let cells = |line: &str| -> Vec<String> {
        let chars: Vec<char> = line.chars().collect();
        (0..starts.len())
            .map(|k| {
                let from = starts[k].min(chars.len());
                let to = starts
                    .get(k + 1)
                    .copied()
                    .unwrap_or(chars.len())
                    .min(chars.len());
                chars[from..to]
                    .iter()
                    .collect::<String>()
                    .trim()
                    .to_string()
            })
            .collect()
    };
    flush(out, paragraph);
    out.push_str(
        "<table style=\"border-collapse: collapse\" border=\"1\" cellpadding=\"3\">\n<tr>",
    );
    for cell in cells(head) {
        out.push_str(&format!("<th>{}</th>", escape(&cell)));
    }
    out.push_str("</tr>\n");
    for row in &rows {
        out.push_str("<tr>");
        for cell in cells(row) {
            out.push_str(&format!("<td>{}</td>", escape(&cell)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    Some(1 + rows.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::fixture::{game, league};
    use crate::message::render;
    use crate::referee::tournament::Lang;

    /// The text of a well-formed document; panics when it is not well formed.
    fn parse(html: &str) -> String {
        use quick_xml::events::Event;
        let body = html.trim_start_matches("<!DOCTYPE html>\n");
        let mut reader = quick_xml::Reader::from_str(body);
        let mut open: Vec<String> = Vec::new();
        let mut text = String::new();
        loop {
            match reader.read_event().expect("well-formed HTML") {
                Event::Start(e) => open.push(e.name().into_inner().to_string()),
                Event::End(e) => {
                    let name = e.name().into_inner().to_string();
                    assert_eq!(open.pop().as_deref(), Some(name.as_str()), "balanced tags");
                    text.push(' ');
                }
                Event::Text(t) => text.push_str(&t.xml10_content()),
                Event::GeneralRef(r) => {
                    let name = r.into_inner();
                    text.push_str(match name.as_ref() {
                        "amp" => "&",
                        "lt" => "<",
                        "gt" => ">",
                        "quot" => "\"",
                        other => panic!("an entity XML does not know: {other}"),
                    });
                }
                Event::Eof => break,
                _ => {}
            }
        }
        assert!(open.is_empty(), "every tag closed: {open:?}");
        text
    }

    #[test]
    fn the_html_part_is_well_formed_and_holds_the_moves_and_dates_of_the_plain_part() {
        let league = league();
        let t = &league.tournaments[0];
        let g = game(&league, &["5254", "5755", "7163", "2836"]);
        for lang in [Lang::En, Lang::Ru] {
            let plain = format!(
                "Petrov, Petr,\n\nyour opponent plays <2... 2836> & more:\n\n    2... 2836   (Nc6)\n\n{}\n{}",
                render::standard_form(t, &g, lang),
                render::board(g.position(), lang)
            );
            let html = from_plain("[T/1] Ivanov - Petrov: 2... 2836", &plain);
            let text = parse(&html);
            for token in [
                "5254",
                "5755",
                "7163",
                "2836",
                "10/05",
                "11/05",
                "12/05",
                "13/05",
                "<2... 2836>",
                "&",
            ] {
                assert!(
                    text.contains(token),
                    "{lang:?}: {token} missing from {text}"
                );
            }
            assert!(html.contains("<table"), "{html}");
            assert_eq!(
                html.matches("<td style=\"background").count(),
                64,
                "the board's squares"
            );
            assert_eq!(html.matches('♙').count(), 8, "White's pawns: {html}");
            assert_eq!(html.matches('♞').count(), 2, "{html}");
        }
    }

    #[test]
    fn any_text_gives_a_well_formed_document() {
        for plain in [
            "",
            "<script>alert(1)</script>",
            "a\u{0}b\u{7}c",
            "Rec. x\n\n 8  a",
            "    a b c d e f g h\n 9",
        ] {
            parse(&from_plain("<t>", plain));
        }
    }
}
