//! A mail's own text: what the sender wrote himself, without the quoted
//! mail below it (quote marks, attribution lines, forwarded headers, a
//! signature), and without the lines of our own mails he copied.

use super::*;
use crate::language::Quotes;

/// The sender's own text: quoted lines (`>`), attribution lines, a previous
/// message below a separator or an Outlook header block, and the signature
/// after `-- ` are dropped.
pub fn own_text(body: &str) -> String {
    split_own(body).0
}

/// The sender's own text and the rest: the quoted lines and what follows a
/// separator, a header block or the signature mark.
pub(super) fn split_own(body: &str) -> (String, String) {
    let lines: Vec<&str> = body.lines().collect();
    let mut own = Vec::new();
    let mut rest = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        if line.trim_end() == "--"
            || *line == "-- "
            || is_separator(trimmed)
            || is_mobile_signature(trimmed)
            || is_header_block(&lines[i..])
        {
            rest.extend_from_slice(&lines[i..]);
            break;
        }
        if trimmed.starts_with('>') || is_attribution(trimmed, lines.get(i + 1).copied()) {
            rest.push(trimmed.trim_start_matches(['>', ' ']));
            continue;
        }
        if let Some(quoted) = initials_quote(trimmed) {
            rest.push(quoted);
            continue;
        }
        own.push(*line);
    }
    (own.join("\n"), rest.join("\n"))
}

pub(super) fn is_separator(line: &str) -> bool {
    let lower = line.to_lowercase();
    let dashed = lower.trim_matches(|c| c == '-' || c == ' ');
    (lower.starts_with("-----") || lower.starts_with("--- "))
        && crate::language::quote_marks(|q| &q.separator).any(|m| dashed.starts_with(m))
        || (line.len() >= 20 && line.chars().all(|c| c == '_'))
}

/// An Outlook-style block of the previous message's headers: `From:` (or
/// `От:`, every language's `from` mark) followed within three lines by
/// `Sent:`/`Date:` (`Отправлено:`/`Дата:`, its `sent` marks).
pub(super) fn is_header_block(lines: &[&str]) -> bool {
    let starts = |l: &str, kind: fn(&Quotes) -> &Vec<String>| {
        let l = l.trim_start_matches(['*', ' ']).to_lowercase();
        crate::language::quote_marks(kind).any(|n| l.starts_with(n))
    };
    let Some(first) = lines.first() else {
        return false;
    };
    starts(first, |q| &q.from) && lines.iter().skip(1).take(3).any(|l| starts(l, |q| &q.sent))
}

/// The line a phone's mail program signs with (`Sent from my iPhone`,
/// `Get Outlook for iOS`, `Загрузите Outlook для iOS`, `Отправлено с
/// iPhone`): the sender's own text ends above it.
pub(super) fn is_mobile_signature(line: &str) -> bool {
    let lower = line.to_lowercase();
    let lower = lower.trim_end_matches(['.', '!']);
    crate::language::quote_marks(|q| &q.mobile).any(|start| lower.starts_with(start))
        && lower.chars().count() <= 60
}

/// A line The Bat! quotes with the quoted sender's initials, ` TA> text`
/// (or ` TA>` for an empty line): the text after the mark. Up to three
/// letters and `>`: no move or command is written so.
pub(super) fn initials_quote(line: &str) -> Option<&str> {
    let (initials, rest) = line.split_once('>')?;
    let letters = initials.chars().count();
    ((1..=3).contains(&letters)
        && initials.chars().all(char::is_alphabetic)
        && (rest.is_empty() || rest.starts_with(' ')))
    .then(|| rest.trim_start())
}

/// `On … wrote:` and `… пишет:` lines that introduce a quote; the
/// Russian Gmail and Yandex form names no verb: `вт, 1 дек. 2026 г. в
/// 20:18, Name <addr@host>:`.
pub(super) fn is_attribution(line: &str, next: Option<&str>) -> bool {
    let lower = line.to_lowercase();
    if lower.ends_with(">:") && lower.contains('@') && lower.contains(':') && {
        let head = &lower[..lower.len() - 2];
        head.contains(" г. в ") || head.chars().any(|c| c.is_ascii_digit()) && head.contains(", ")
    } {
        return true;
    }
    // The Bat!'s `You wrote 10 мая 2026 г., 12:00:` (`Вы писали …:`) and
    // mutt's `* Name <addr> [2026-05-10 12:00]:`
    if lower.ends_with(':')
        && (lower.starts_with("you wrote ")
            || lower.starts_with("вы писали ")
            || (lower.starts_with("* ") && lower.ends_with("]:") && lower.contains('@')))
    {
        return true;
    }
    // every language's marks, and French mail programs' (a language the
    // arbiter does not speak, whose quotes a player's mail may carry)
    let ends: Vec<&str> = crate::language::quote_marks(|q| &q.wrote)
        .chain(["a écrit :"])
        .collect();
    if ends.iter().any(|e| lower.ends_with(e)) {
        return true;
    }
    if lower.ends_with(':')
        && crate::language::quote_marks(|q| &q.wrote_within)
            .any(|w| lower.split_whitespace().any(|word| word == w))
    {
        return true;
    }
    // Gmail folds a long attribution over two lines: "On …, Name <" + "addr> wrote:".
    (lower.starts_with("on ") || lower.starts_with("в ") || lower.contains(" в "))
        && next.is_some_and(|n| {
            let n = n.trim().to_lowercase();
            ends.iter().any(|e| n.ends_with(e)) && !n.starts_with('>')
        })
}

/// A line as it is compared with the arbiter's own mails: without the
/// marks a mail program puts before a quoted line, however many and
/// nested (`>`, `> >`, `|`, the `  | ` of a relayed note, a TAB, spaces,
/// The Bat!'s ` IA> `).
fn unmarked(line: &str) -> &str {
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start();
        if let Some(after) = trimmed.strip_prefix(['>', '|']) {
            rest = after;
            continue;
        }
        if let Some((initials, after)) = trimmed.split_once('>') {
            if (1..=3).contains(&initials.chars().count())
                && initials.chars().all(char::is_alphabetic)
            {
                rest = after;
                continue;
            }
        }
        return trimmed;
    }
}

/// A word as it is compared: a 64-bit FNV-1a hash of its letters in
/// lower case, never 0 (the mark between two mails). Two different words
/// of a reply and the mails it answers share a hash once in 2^64.
type Word = u64;
const BETWEEN_MAILS: Word = 0;
/// The second half of the start key of a line of one word.
const ALONE: Word = 0;

fn word(text: &str) -> Word {
    const PRIME: u64 = 0x0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    // an ASCII word by its bytes; any other by its characters, whose
    // ASCII ones hash as their bytes do
    if text.is_ascii() {
        for b in text.bytes() {
            hash = (hash ^ u64::from(b.to_ascii_lowercase())).wrapping_mul(PRIME);
        }
    } else {
        for c in text.chars().flat_map(char::to_lowercase) {
            hash = (hash ^ u64::from(c)).wrapping_mul(PRIME);
        }
    }
    hash.max(1)
}

/// The words of a line as they are compared.
fn compared_words(line: &str) -> Vec<Word> {
    words_of(line).collect()
}

fn words_of(line: &str) -> impl Iterator<Item = Word> + '_ {
    unmarked(line).split_whitespace().map(word)
}

/// At most this many places in the arbiter's mails where a line could
/// start are followed: a line of common words does not make the
/// alignment slow.
const MAX_STARTS: usize = 256;

/// The key a line is looked up by: its first word, and its second when it
/// has one.
fn start_key(line: &[Word]) -> (Word, Word) {
    (line[0], line.get(1).copied().unwrap_or(ALONE))
}

/// The hasher of keys that are hashes already ([`Word`]s).
#[derive(Default)]
struct Hashed(u64);

impl std::hash::Hasher for Hashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(23) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type Starts =
    std::collections::HashMap<(Word, Word), Vec<usize>, std::hash::BuildHasherDefault<Hashed>>;

/// The arbiter's mails as one stream of words (a mark between two mails,
/// which no line has), and where each line of the reply could start in
/// it.
struct Sent {
    words: Vec<Word>,
    starts: Starts,
}

impl Sent {
    /// The stream of `texts`, its places indexed for the `lines` of a reply.
    fn new(texts: &[&str], lines: &[Vec<Word>]) -> Sent {
        let mut words = Vec::new();
        for text in texts {
            for line in text.lines() {
                words.extend(words_of(line));
            }
            words.push(BETWEEN_MAILS);
        }
        let mut starts: Starts = lines
            .iter()
            .filter(|l| !l.is_empty())
            .map(|l| (start_key(l), Vec::new()))
            .collect();
        // the first words of the reply's lines, as bits: most words of the
        // mails start no line and are passed by without a lookup
        let mut firsts = [0u64; 1024];
        let bit = |w: Word| ((w >> 6) as usize % 1024, w & 63);
        for (first, _) in starts.keys() {
            let (i, b) = bit(*first);
            firsts[i] |= 1 << b;
        }
        for (at, pair) in words.windows(2).enumerate() {
            let (i, b) = bit(pair[0]);
            if pair[0] == BETWEEN_MAILS || firsts[i] & (1 << b) == 0 {
                continue;
            }
            // a one-word line is looked up by its word, a longer one by
            // two (a word before the mark between mails: the same key)
            for key in [(pair[0], ALONE), (pair[0], pair[1])] {
                if let Some(places) = starts.get_mut(&key) {
                    if places.len() < MAX_STARTS && places.last() != Some(&at) {
                        places.push(at);
                    }
                }
            }
        }
        Sent { words, starts }
    }

    /// Whether `line` stands in the stream at `at`.
    fn stands_at(&self, at: usize, line: &[Word]) -> bool {
        self.words.get(at..at + line.len()) == Some(line)
    }

    /// The places just after each place where `line` stands.
    fn after_each(&self, line: &[Word]) -> Vec<usize> {
        self.starts
            .get(&start_key(line))
            .into_iter()
            .flatten()
            .filter(|&&at| self.stands_at(at, line))
            .map(|at| at + line.len())
            .collect()
    }
}

/// A run of the reply's lines (blank ones aside) that stand one after the
/// other in one of the arbiter's mails.
struct Run {
    lines: Vec<usize>,
    words: usize,
}

/// A run this long is a quote whole, the moves in it included: a player's
/// repetition is one line, or two, of his own.
fn is_quote_whole(run: &Run) -> bool {
    run.lines.len() >= 3 || run.words >= 12
}

/// Takes out of the sender's own text what he quoted of the arbiter's
/// mails `sent` (their plain texts, as sent and as the HTML alternative
/// reads), however his mail program marked it: none, `>`, a TAB, `|`,
/// initials, its lines wrapped anew. The reply's lines are aligned with
/// the mails' words in order: a run of three lines or more, or of twelve
/// words or more, that stands so in a mail is a quote, the moves in it
/// included (a quoted rejection or record is not a new mistake, a quoted
/// report no note for anyone); a shorter run is a quote only in its lines
/// of four words or more without a move. What the player typed himself —
/// his repetition of the partner's move, his note — stands in no mail in
/// that order and stays his. Linear in the text and the mails. The text
/// left and the lines taken out.
pub fn without_quoted(text: &str, sent: &[&str]) -> (String, String) {
    let lines: Vec<&str> = text.lines().collect();
    let words: Vec<Vec<Word>> = lines.iter().map(|l| compared_words(l)).collect();
    let sent = Sent::new(sent, &words);
    let mut taken = vec![false; lines.len()];
    if sent.words.len() > 1 {
        let mut runs: Vec<Run> = Vec::new();
        let mut current: Option<(Run, Vec<usize>)> = None;
        for (i, words) in words.iter().enumerate() {
            if words.is_empty() {
                continue;
            }
            if let Some((run, places)) = &mut current {
                let next: Vec<usize> = places
                    .iter()
                    .filter(|&&at| sent.stands_at(at, words))
                    .map(|at| at + words.len())
                    .collect();
                if !next.is_empty() {
                    run.lines.push(i);
                    run.words += words.len();
                    *places = next;
                    continue;
                }
                runs.extend(current.take().map(|(run, _)| run));
            }
            let places = sent.after_each(words);
            if !places.is_empty() {
                let run = Run {
                    lines: vec![i],
                    words: words.len(),
                };
                current = Some((run, places));
            }
        }
        runs.extend(current.map(|(run, _)| run));
        for run in &runs {
            let whole = is_quote_whole(run);
            for &i in &run.lines {
                taken[i] = whole || words[i].len() >= 4 && scan(lines[i]).plies.is_empty();
            }
        }
    }
    // a line of marks alone (`>`, a TAB) inside a quote goes with it
    let worded: Vec<usize> = (0..lines.len()).filter(|&i| !words[i].is_empty()).collect();
    for pair in worded.windows(2) {
        if taken[pair[0]] && taken[pair[1]] {
            taken[pair[0]..pair[1]].fill(true);
        }
    }
    if let Some(&last) = worded.last() {
        if taken[last] {
            taken[last..].fill(true);
        }
    }
    let mut own = String::with_capacity(text.len());
    let mut quoted = String::new();
    for (line, taken) in lines.iter().zip(taken) {
        let to = if taken { &mut quoted } else { &mut own };
        to.push_str(line);
        to.push('\n');
    }
    (own, quoted)
}
