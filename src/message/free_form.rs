//! The dates and times of App.3's second ("free") form of a move mail, each
//! on a line of its own after a label: the partner's send date
//! (`Дата отправки хода партнером 12.05.2026`), the day it was received
//! (`Дата получения 12.05.2026`), the intended date of sending this mail
//! (`Предположительная дата отправления 14.05.2026`), and both times
//! (`Время белых 2/5`, `Время черных 1/3`); English labels as well
//! ("partner's move sent", "received", "date of sending", "sent on",
//! "White's time"). A line counts only when its whole label is one of these,
//! so prose that mentions a date is not read as a stated date.

use chrono::{Datelike, NaiveDate};

/// A date as written: day and month, and the year when it was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrittenDate {
    pub day: u32,
    pub month: u32,
    pub year: Option<i32>,
}

impl WrittenDate {
    /// Whether `d` is the day written (day and month only, when no year was).
    pub fn matches(&self, d: NaiveDate) -> bool {
        self.day == d.day() && self.month == d.month() && self.year.is_none_or(|y| y == d.year())
    }

    /// `14.05.2026`, `14/05/2026`, `2026-05-14`, `14.05.26`, `14.05`, `14/05`.
    fn parse(token: &str) -> Option<WrittenDate> {
        let token = token.trim_end_matches(['.', ',', ';', ')']);
        // `%Y` would read the `26` of `14.05.26` as the year 26
        let short_year = token
            .rsplit(['.', '/'])
            .next()
            .is_some_and(|y| y.len() == 2)
            && token.matches(['.', '/']).count() == 2;
        let formats: &[&str] = if short_year {
            &["%d.%m.%y", "%d/%m/%y"]
        } else {
            &["%d.%m.%Y", "%d/%m/%Y", "%Y-%m-%d"]
        };
        for format in formats {
            if let Ok(d) = NaiveDate::parse_from_str(token, format) {
                return Some(WrittenDate {
                    day: d.day(),
                    month: d.month(),
                    year: Some(d.year()),
                });
            }
        }
        let (day, month) = token.split_once(['.', '/'])?;
        let all_digits =
            |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(day) || !all_digits(month) {
            return None;
        }
        let (day, month) = (day.parse().ok()?, month.parse().ok()?);
        ((1..=31).contains(&day) && (1..=12).contains(&month)).then_some(WrittenDate {
            day,
            month,
            year: None,
        })
    }
}

/// What the free form states, each as written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FreeForm {
    /// The day the partner sent the last move (App.3: `Дата отправки хода партнером`).
    pub partner_sent: Option<WrittenDate>,
    /// The day the sender received it (`Дата получения`).
    pub received: Option<WrittenDate>,
    /// The day the sender says this mail is sent (`Предположительная дата отправления`).
    pub sending: Option<WrittenDate>,
    /// White's days for the last move / total (`Время белых 2/5`).
    pub white_time: Option<(u32, u32)>,
    /// Black's days for the last move / total (`Время черных 1/3`).
    pub black_time: Option<(u32, u32)>,
}

const PARTNER_SENT: &[&str] = &[
    "дата отправки хода партнером",
    "дата отправления хода партнером",
    "дата отправки партнером",
    "дата отправления партнером",
    "ход партнера отправлен",
    "партнер отправил ход",
    "partner's move sent",
    "partner's move sent on",
    "partner sent",
    "partner sent on",
    "partner's sending date",
    "partner's send date",
    "date of partner's sending",
    "date the partner sent the move",
    "date the partner's move was sent",
    "opponent's move sent",
    "opponent's move sent on",
    "opponent sent",
    "opponent sent on",
];

const RECEIVED: &[&str] = &[
    "дата получения",
    "дата получения хода",
    "дата получения хода партнера",
    "ход получен",
    "получен",
    "получено",
    "date received",
    "date of receipt",
    "date of receiving",
    "receipt date",
    "received",
    "received on",
    "move received",
    "move received on",
    "partner's move received",
    "partner's move received on",
];

const SENDING: &[&str] = &[
    "предположительная дата отправления",
    "предполагаемая дата отправления",
    "предположительная дата отправки",
    "предполагаемая дата отправки",
    "дата отправления",
    "дата отправки",
    "дата отправления хода",
    "дата отправки хода",
    "отправлен",
    "отправлено",
    "intended date of sending",
    "intended sending date",
    "date of sending",
    "sending date",
    "date sent",
    "send date",
    "sent",
    "sent on",
    "to be sent on",
    "will be sent on",
];

const WHITE_TIME: &[&str] = &[
    "время белых",
    "white's time",
    "white time",
    "time of white",
    "time white",
    "time used by white",
];

const BLACK_TIME: &[&str] = &[
    "время черных",
    "black's time",
    "black time",
    "time of black",
    "time black",
    "time used by black",
];

/// A label compared without case, `ё`, quotes, angle brackets, a trailing
/// colon or dash, and with single spaces.
fn normalize(label: &str) -> String {
    let lower = label.to_lowercase().replace('ё', "е").replace('’', "'");
    let kept: String = lower
        .chars()
        .filter(|c| !matches!(c, '<' | '>' | '«' | '»' | '"' | '*' | '_'))
        .collect();
    kept.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches([':', '-', '—', '–', '=', '.', ' '])
        .to_string()
}

/// The phrases are written normalized (a test checks it): compared as they are.
fn is_one_of(label: &str, phrases: &[&str]) -> bool {
    phrases.contains(&label)
}

/// `2/5`, `2/05`, `2 / 5` at the start of `text`.
fn time_pair(text: &str) -> Option<(u32, u32)> {
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let (a, rest) = squeezed.split_once('/')?;
    let b: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((a.parse().ok()?, b.parse().ok()?))
}

impl FreeForm {
    /// Whether the mail states nothing of the free form.
    pub fn is_empty(&self) -> bool {
        *self == FreeForm::default()
    }

    /// Reads one line of the sender's own text; a line that is not a
    /// labelled date or time changes nothing. The first statement of each
    /// kind counts. Whether the line was such a statement.
    pub fn read_line(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        for at in 1..tokens.len() {
            if !tokens[at].starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            let label = normalize(&tokens[..at].join(" "));
            let time = if is_one_of(&label, WHITE_TIME) {
                Some(&mut self.white_time)
            } else if is_one_of(&label, BLACK_TIME) {
                Some(&mut self.black_time)
            } else {
                None
            };
            if let Some(slot) = time {
                let Some(pair) = time_pair(&tokens[at..].join(" ")) else {
                    return false;
                };
                slot.get_or_insert(pair);
                return true;
            }
            // the label first: a move record's `12. 5254` is no date line
            let slot = if is_one_of(&label, PARTNER_SENT) {
                &mut self.partner_sent
            } else if is_one_of(&label, RECEIVED) {
                &mut self.received
            } else if is_one_of(&label, SENDING) {
                &mut self.sending
            } else {
                return false;
            };
            let Some(date) = WrittenDate::parse(tokens[at]) else {
                return false;
            };
            slot.get_or_insert(date);
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> FreeForm {
        let mut form = FreeForm::default();
        for line in text.lines() {
            form.read_line(line.trim());
        }
        form
    }

    #[test]
    fn every_label_is_written_as_a_read_label_is_compared() {
        for phrases in [PARTNER_SENT, RECEIVED, SENDING, WHITE_TIME, BLACK_TIME] {
            for p in phrases {
                assert_eq!(normalize(p), *p);
            }
        }
    }

    fn on(day: u32, month: u32, year: Option<i32>) -> Option<WrittenDate> {
        Some(WrittenDate { day, month, year })
    }

    #[test]
    fn app_3_the_free_form_in_russian() {
        let form = read(
            "Турнир RUS-EM-2026\nДата старта 10.05.2026\nБелые Иванов, Иван\nЧерные Петров, Петр\n\
             1. e2-e4 e7-e5 2. Кg1-f3\n\
             Дата отправки хода партнером 12.05.2026\nДата получения: 12.05.2026\n\
             Предположительная дата отправления 14.05.2026\n\nВремя белых 2/ 5\nВремя чёрных 1/3\n",
        );
        assert_eq!(
            form,
            FreeForm {
                partner_sent: on(12, 5, Some(2026)),
                received: on(12, 5, Some(2026)),
                sending: on(14, 5, Some(2026)),
                white_time: Some((2, 5)),
                black_time: Some((1, 3)),
            }
        );
    }

    #[test]
    fn app_3_the_free_form_in_english_and_other_date_shapes() {
        let form = read(
            "Partner's move sent: 2026-05-12\nReceived on 12/05\nIntended date of sending: 14.05.26\nWhite's time 2/05",
        );
        assert_eq!(form.partner_sent, on(12, 5, Some(2026)));
        assert_eq!(form.received, on(12, 5, None));
        assert_eq!(form.sending, on(14, 5, Some(2026)));
        assert_eq!(form.white_time, Some((2, 5)));
        assert_eq!(read("Sent on 15.05.2026").sending, on(15, 5, Some(2026)));
        assert_eq!(
            read("Date of sending 15.05.2026").sending,
            on(15, 5, Some(2026))
        );
    }

    #[test]
    fn prose_and_other_dates_are_not_stated_dates() {
        assert!(read("Дата старта 10.05.2026").is_empty());
        assert!(read("I received your move on 12.05.2026, thanks").is_empty());
        assert!(read("Sent from my phone").is_empty());
        assert!(read("12. 4244 4745 13. 3234").is_empty());
        assert!(read("Received 45.13.2026").is_empty());
    }

    #[test]
    fn a_written_date_without_a_year_matches_any_year() {
        let d = NaiveDate::from_ymd_opt(2026, 5, 14).unwrap();
        assert!(on(14, 5, None).unwrap().matches(d));
        assert!(on(14, 5, Some(2026)).unwrap().matches(d));
        assert!(!on(14, 5, Some(2025)).unwrap().matches(d));
        assert!(!on(15, 5, None).unwrap().matches(d));
    }
}
