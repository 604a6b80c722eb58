//! The `text/html` alternative of a mail, made from its plain text, which
//! stays complete and authoritative: paragraphs as they are; the board
//! diagram as a table of chess figures; the standard form as a table, its
//! columns taken from its heading line. The output is well-formed XHTML
//! (every tag closed, every text escaped), needs no JavaScript and no style
//! sheet beyond a few inline rules.
//!
//! It is written with CRLF line endings in lines shorter than the 76
//! characters a `7bit` body part allows, the figures as character
//! references (`&#9820;`): a letter in ASCII then goes into the mail as it
//! is written, without quoted-printable and without a copy to change its
//! line endings. Text in other letters (Cyrillic) is written as it is, and
//! the part is then encoded as any other.

use crate::language::Lang;
use crate::t;

/// The longest line written, with its CRLF: a `7bit` part's lines are
/// shorter than 76 characters (and lettre's choice of an encoding counts so).
const LINE: usize = 75;

/// The text a mail program shows of the HTML alternative of `plain`,
/// as the reader reads an HTML part: what a reply quotes when its program
/// quotes the HTML (the board's figures, the form's cells).
pub fn read_back(title: &str, plain: &str) -> String {
    crate::message::parse::html_text(&from_plain(title, plain))
}

/// The HTML document for `plain`, titled `title`.
pub fn from_plain(title: &str, plain: &str) -> String {
    let lines: Vec<&str> = plain.lines().collect();
    let lang = board_language(plain);
    let mut out = Out {
        s: String::with_capacity(plain.len() * 2 + 6000),
        col: 0,
        pre: false,
    };
    out.tag("<!DOCTYPE html>");
    out.newline();
    out.tag("<html><head><meta charset=\"utf-8\"/><title>");
    out.text(title);
    out.tag("</title></head>");
    out.newline();
    out.tag("<body style=\"font-family: sans-serif\">");
    out.newline();
    let mut i = 0;
    let mut paragraph: Vec<&str> = Vec::new();
    while i < lines.len() {
        let line = lines[i];
        if let Some(used) = board(&lines[i..], &mut out, &mut paragraph, lang) {
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
    out.tag("</body></html>");
    out.newline();
    out.s
}

/// The document being written, and where its line stands.
struct Out {
    s: String,
    /// Bytes written on the current line.
    col: usize,
    /// Within `<pre>`: no line is broken.
    pre: bool,
}

impl Out {
    fn newline(&mut self) {
        self.s.push_str("\r\n");
        self.col = 0;
    }

    /// Markup (ASCII), first on a new line when it would make this one too
    /// long (outside `<pre>`, where a line break is a space).
    fn tag(&mut self, markup: &str) {
        if !self.pre && self.col > 0 && self.col + markup.len() + 2 > LINE {
            self.newline();
        }
        self.s.push_str(markup);
        self.col += markup.len();
    }

    /// `text`, escaped, after markup; outside `<pre>`, where the line would
    /// grow too long, a line break goes before it or in place of a space
    /// (in the flow of text, both are one space).
    fn text(&mut self, text: &str) {
        if self.pre {
            self.escaped(text);
            return;
        }
        for (k, word) in text.split(' ').enumerate() {
            let space = usize::from(k > 0);
            if self.col > 0 && self.col + space + escaped_len(word) + 2 > LINE {
                self.newline();
            } else if k > 0 {
                self.s.push(' ');
                self.col += 1;
            }
            self.escaped(word);
        }
    }

    fn escaped(&mut self, text: &str) {
        let start = self.s.len();
        escape_into(&mut self.s, text);
        self.col += self.s.len() - start;
    }
}

/// Text with `&`, `<`, `>` and `"` escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

fn escape_into(out: &mut String, text: &str) {
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
}

/// The length of `text` escaped.
fn escaped_len(text: &str) -> usize {
    text.chars()
        .map(|c| match c {
            '&' => 5,
            '<' | '>' => 4,
            '"' => 6,
            c if c.is_control() && c != '\t' => 0,
            c => c.len_utf8(),
        })
        .sum()
}

fn flush(out: &mut Out, paragraph: &mut Vec<&str>) {
    if paragraph.is_empty() {
        return;
    }
    // indented lines (moves, examples), columns aligned by spaces (the
    // form's header, a crosstable) and the PGN keep their spaces, in a
    // fixed-width font
    let pre = paragraph.iter().any(|l| {
        let text = l.trim_start();
        l.starts_with("  ")
            || text.trim_end().contains("  ")
            || (text.starts_with('[') && text.ends_with("\"]"))
            || text.contains("{[%ccsnt")
    });
    if pre {
        // a line break right after `<pre>` is not part of its text (HTML)
        // a line longer than the window wraps; the columns stay
        out.tag("<pre style=\"white-space: pre-wrap\">");
        out.pre = true;
        for line in paragraph.iter() {
            out.newline();
            out.text(line);
        }
        out.tag("</pre>");
        out.pre = false;
    } else {
        out.tag("<p>");
        for (k, line) in paragraph.iter().enumerate() {
            if k > 0 {
                out.tag("<br/>");
                out.newline();
            }
            out.text(line);
        }
        out.tag("</p>");
    }
    out.newline();
    paragraph.clear();
}

/// The chess figure of a diagram's square as the board of `lang` writes
/// it (its catalog's piece letters: upper case White, lower case Black;
/// `.` an empty square).
fn figure(token: &str, lang: Lang) -> Option<&'static str> {
    const FIGURES: [(&str, &str, &str); 6] = [
        ("piece-king", "&#9812;", "&#9818;"),
        ("piece-queen", "&#9813;", "&#9819;"),
        ("piece-rook", "&#9814;", "&#9820;"),
        ("piece-bishop", "&#9815;", "&#9821;"),
        ("piece-knight", "&#9816;", "&#9822;"),
        ("piece-pawn", "&#9817;", "&#9823;"),
    ];
    if token == "." {
        return Some("");
    }
    FIGURES.iter().find_map(|(id, white, black)| {
        let letter = t!(lang, id);
        if token == letter {
            Some(*white)
        } else if token == letter.to_lowercase() {
            Some(*black)
        } else {
            None
        }
    })
}

/// The language of the diagrams in `plain`: the one whose board legend
/// the text has (the letters differ: Lithuanian `B` is the rook).
fn board_language(plain: &str) -> Lang {
    Lang::all()
        .find(|lang| plain.contains(&t!(*lang, "board-legend")))
        .unwrap_or(Lang::En)
}

/// A rank line of the diagram, ` 8  r n b q k b n r  8`: its number and
/// its eight squares.
fn rank_line(line: &str, lang: Lang) -> Option<(char, [&'static str; 8])> {
    let mut tokens = line.split_whitespace();
    let first = tokens.next()?;
    let rank = first.chars().next().filter(|c| ('1'..='8').contains(c))?;
    if first.len() != 1 {
        return None;
    }
    let mut squares = [""; 8];
    for square in &mut squares {
        *square = figure(tokens.next()?, lang)?;
    }
    (tokens.next()? == first && tokens.next().is_none()).then_some((rank, squares))
}

/// The diagram at the head of `lines`: the files line, eight ranks, the
/// files line, and the legend if one follows; written as a table (and the
/// legend as a paragraph under it). The number of lines it took.
fn board(lines: &[&str], out: &mut Out, paragraph: &mut Vec<&str>, lang: Lang) -> Option<usize> {
    // from White's side a to h, from Black's h to a
    const WHITE: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
    const BLACK: [&str; 8] = ["h", "g", "f", "e", "d", "c", "b", "a"];
    let files = |l: &str| {
        if l.split_whitespace().eq(WHITE) {
            Some(WHITE)
        } else if l.split_whitespace().eq(BLACK) {
            Some(BLACK)
        } else {
            None
        }
    };
    if lines.len() < 10 {
        return None;
    }
    let names = files(lines[0])?;
    if files(lines[9]) != Some(names) {
        return None;
    }
    let mut ranks = [(' ', [""; 8]); 8];
    for (rank, line) in ranks.iter_mut().zip(&lines[1..9]) {
        *rank = rank_line(line, lang)?;
    }
    // the last move's squares, from the line under the diagram that ends
    // in `e7-e5` (a few lines on: the legend and who is to move come first)
    let marked: Vec<(&str, char)> = lines
        .iter()
        .skip(10)
        .take(3)
        .filter(|l| l.starts_with("    "))
        .filter_map(|l| l.split_whitespace().last())
        .find_map(|w| {
            let (from, to) = w.split_once('-')?;
            let square = |s: &str| {
                let mut c = s.chars();
                let (f, r, end) = (c.next()?, c.next()?, c.next());
                let file = names.iter().copied().find(|n| n.starts_with(f))?;
                (end.is_none() && ('1'..='8').contains(&r)).then_some((file, r))
            };
            Some(vec![square(from)?, square(to)?])
        })
        .unwrap_or_default();
    flush(out, paragraph);
    out.tag("<table style=\"border-collapse: collapse; font-size: 150%;");
    out.tag(" text-align: center\">");
    out.newline();
    for (row, (rank, squares)) in ranks.iter().enumerate() {
        out.tag("<tr><th style=\"font-size: 60%\">");
        let mut number = [0u8; 4];
        out.tag(rank.encode_utf8(&mut number));
        out.tag("</th>");
        out.newline();
        for (col, figure) in squares.iter().enumerate() {
            let light = (row + col) % 2 == 0;
            let marked = marked.iter().any(|&(f, r)| f == names[col] && r == *rank);
            out.tag(match (light, marked) {
                (true, false) => "<td style=\"background:#f0d9b5;width:1.4em;height:1.4em\">",
                (false, false) => "<td style=\"background:#b58863;width:1.4em;height:1.4em\">",
                (true, true) => "<td style=\"background:#cdd26a;width:1.4em;height:1.4em\">",
                (false, true) => "<td style=\"background:#aaa23a;width:1.4em;height:1.4em\">",
            });
            out.tag(figure);
            out.tag("</td>");
            out.newline();
        }
        out.tag("</tr>");
        out.newline();
    }
    out.tag("<tr><th></th>");
    for f in names {
        out.tag("<th style=\"font-size: 60%\">");
        out.tag(f);
        out.tag("</th>");
    }
    out.tag("</tr>");
    out.newline();
    out.tag("</table>");
    out.newline();
    // the legend of the letters under it, `    (K king, …)`: a paragraph
    let legend = lines
        .get(10)
        .map(|l| l.trim())
        .filter(|l| lines[10].starts_with(' ') && l.starts_with('(') && l.ends_with(')'));
    let Some(legend) = legend else {
        return Some(10);
    };
    out.tag("<p style=\"font-size: 80%\">");
    out.text(legend);
    out.tag("</p>");
    out.newline();
    Some(11)
}

/// The standard form's move table at the head of `lines`: a heading line
/// (`Rec.  Sent  Time   No.  White …` / `Пол.  Отв.  Время  N …`) and the
/// rows after it up to a blank line, cut into cells at the heading's
/// column starts (counted in characters). The number of lines it took.
fn form(lines: &[&str], out: &mut Out, paragraph: &mut Vec<&str>) -> Option<usize> {
    let head = lines.first()?;
    if !(head.starts_with("Rec. ") || head.starts_with("Пол. ")) {
        return None;
    }
    let mut starts: Vec<usize> = Vec::new();
    let mut before = ' ';
    for (i, c) in head.chars().enumerate() {
        if c != ' ' && before == ' ' {
            starts.push(i);
        }
        before = c;
    }
    let rows = lines[1..]
        .iter()
        .take_while(|l| !l.trim().is_empty())
        .count();
    flush(out, paragraph);
    out.tag("<table style=\"border-collapse: collapse\" border=\"1\" cellpadding=\"3\">");
    out.newline();
    let mut bounds: Vec<usize> = Vec::new();
    for (k, line) in lines[..=rows].iter().enumerate() {
        let (open, close) = if k == 0 {
            ("<th>", "</th>")
        } else {
            ("<td>", "</td>")
        };
        // the byte offset of every character, and the line's end
        bounds.clear();
        bounds.extend(line.char_indices().map(|(i, _)| i));
        bounds.push(line.len());
        let at = |char_index: usize| bounds[char_index.min(bounds.len() - 1)];
        out.tag("<tr>");
        for (n, &from) in starts.iter().enumerate() {
            let to = starts.get(n + 1).copied().unwrap_or(usize::MAX);
            out.tag(open);
            out.text(line[at(from)..at(to)].trim());
            out.tag(close);
        }
        out.tag("</tr>");
        out.newline();
    }
    out.tag("</table>");
    out.newline();
    Some(1 + rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::fixture::{game, league};
    use crate::referee::tournament::Lang;
    use crate::render;

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
                    if let Some(code) = name.strip_prefix('#') {
                        let code: u32 = code.parse().expect("a decimal character reference");
                        text.push(char::from_u32(code).expect("a character"));
                        continue;
                    }
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
            assert_eq!(text.matches('♙').count(), 8, "White's pawns: {text}");
            assert_eq!(text.matches('♞').count(), 2, "{text}");
            // CRLF lines short enough for a 7bit part; ASCII when the letter is
            let lines: Vec<&str> = html.split_inclusive('\n').collect();
            for line in &lines {
                assert!(line.ends_with("\r\n"), "{line:?}");
                assert!(line.len() <= LINE, "{} bytes: {line:?}", line.len());
            }
            assert!(!html.replace("\r\n", "").contains(['\r', '\n']));
            if lang == Lang::En {
                assert!(html.is_ascii(), "{html}");
            }
        }
    }

    /// The form's header, a crosstable and the PGN keep their columns: a
    /// fixed-width block, not a paragraph whose spaces collapse.
    #[test]
    fn aligned_columns_and_the_pgn_stay_fixed_width() {
        let plain = "Tournament  Test championship (T)\nStart date  10.05.2026\n\n\
                     N  Player        Points\n1  Ivanov, Ivan  1\n\n\
                     [Event \"T\"]\n[Result \"1-0\"]\n\n\
                     1. e4 {[%ccsnt 2026.05.10]} e5 {[%ccsnt 2026.05.11]} 1-0\n\n\
                     A sentence of words.";
        let html = from_plain("t", plain);
        assert_eq!(html.matches("<pre ").count(), 4, "{html}");
        assert!(html.contains("<p>A sentence of words.</p>"), "{html}");
    }

    /// The last move is marked on the board: its two squares.
    #[test]
    fn the_last_move_is_marked_on_the_board() {
        use crate::letters::fixture::{game, league};
        use crate::referee::tournament::Lang;
        use crate::render::game_board;
        let league = league();
        let g = game(&league, &["5254", "5755"]);
        for side in [shakmaty::Color::White, shakmaty::Color::Black] {
            let plain = game_board(&g, Lang::Ru, side);
            assert!(plain.contains("Последний ход: e7-e5"), "{plain}");
            let html = from_plain("t", &plain);
            let marked = html.matches("#cdd26a").count() + html.matches("#aaa23a").count();
            assert_eq!(marked, 2, "{html}");
            // e7 and e5 are both dark squares, from either side
            assert_eq!(html.matches("#aaa23a").count(), 2, "{html}");
        }
    }

    /// Each language's board becomes the same figures: the Lithuanian `B`
    /// is a rook (&#9814;), the English `B` a bishop (&#9815;).
    #[test]
    fn every_languages_board_has_the_same_figures() {
        use crate::render::board_from;
        let figures = |lang: Lang| {
            let plain = board_from(&shakmaty::Chess::default(), lang, shakmaty::Color::White);
            let html = from_plain("t", &plain);
            let at = html.find("<table").expect("the board is a table");
            html[at..]
                .split("&#")
                .skip(1)
                .map(|f| f[..4].to_string())
                .collect::<Vec<_>>()
        };
        let english = figures(Lang::En);
        assert_eq!(english.len(), 32, "{english:?}");
        assert_eq!(
            &english[..8],
            ["9820", "9822", "9821", "9819", "9818", "9821", "9822", "9820"]
        );
        for lang in Lang::all() {
            assert_eq!(figures(lang), english, "{lang:?}");
        }
    }

    /// The board drawn from Black's side is a table too, its files h to a.
    #[test]
    fn the_board_from_blacks_side_is_a_table_with_its_files_reversed() {
        use crate::referee::tournament::Lang;
        use crate::render::board_from;
        let plain = board_from(
            &shakmaty::Chess::default(),
            Lang::En,
            shakmaty::Color::Black,
        );
        let html = from_plain("t", &plain);
        assert!(html.contains("<table"), "{html}");
        let files: Vec<&str> = html
            .split("<th style=\"font-size: 60%\">")
            .skip(1)
            .map(|c| c.split('<').next().unwrap_or_default().trim())
            .collect();
        assert_eq!(
            files,
            ["1", "2", "3", "4", "5", "6", "7", "8", "h", "g", "f", "e", "d", "c", "b", "a"],
            "{html}"
        );
    }

    #[test]
    fn long_lines_of_text_are_broken_at_spaces_and_keep_their_words() {
        let words: Vec<String> = (0..60).map(|i| format!("word{i}&")).collect();
        let plain = format!("{}\n\n    {}", words.join(" "), words.join(" "));
        let html = from_plain("a title", &plain);
        let text = parse(&html);
        // the paragraph's words, each whole; the indented (pre) line as it is
        for w in &words {
            assert_eq!(text.matches(w.as_str()).count(), 2, "{w} in {text}");
        }
        assert!(text.contains(&words.join(" ")), "the pre line kept: {text}");
        let long: Vec<&str> = html.lines().filter(|l| l.len() + 2 > LINE).collect();
        assert_eq!(long.len(), 1, "only the pre line is long: {long:?}");
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
