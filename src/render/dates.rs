//! How a reader writes a date and a decimal, from his `language.toml`:
//! a date (`date`), a day without its year in a table (`day_month`), a
//! span of days, and a decimal's separator (`decimal`). Every date and
//! decimal a mail shows goes through here, but a PGN's.

use crate::referee::tournament::Lang;
use chrono::{Datelike, NaiveDate};
use std::fmt::Write;

/// `d` without its year as a reader of `lang` writes it in a table (its
/// `language.toml`'s `day_month`: `16/05`, `05-16`).
pub fn day_month_in(d: NaiveDate, lang: Lang) -> String {
    let mut out = String::with_capacity(5);
    push_day_month(&mut out, d, lang);
    out
}

/// `d` as a reader of `lang` writes a date (its `language.toml`'s
/// `date`: `16.05.2026`, `2026-05-16`). Every date a mail shows is
/// written so, but a PGN's (`2026.05.16`, the export format's).
pub fn date_in(d: NaiveDate, lang: Lang) -> String {
    if (0..=9999).contains(&d.year()) {
        d.format(&lang.language().date).to_string()
    } else {
        super::date(d)
    }
}

/// `d` as a reader of `lang` writes a date whose year is not said: his
/// `date` without the year (`16.05`, `05-16`).
pub fn day_in(d: NaiveDate, lang: Lang) -> String {
    let form = lang.language().date.replace("%Y", "");
    let form = form.trim_matches(['.', '-', '/', ' ']);
    d.format(form).to_string()
}

/// The days `from` to `to` as a reader of `lang` writes them:
/// `01.06.2026-10.06.2026`, but `2026-06-01 – 2026-06-10` where a date
/// holds hyphens itself.
pub fn days_in(from: NaiveDate, to: NaiveDate, lang: Lang) -> String {
    let dash = if lang.language().date.contains('-') {
        " – "
    } else {
        "-"
    };
    format!("{}{dash}{}", date_in(from, lang), date_in(to, lang))
}

/// Quarter points as a reader of `lang` writes a decimal: `3.75`,
/// `2,5`, `3` (the separator of its `language.toml`'s `decimal`).
pub fn quarters_in(q: u32, lang: Lang) -> String {
    let whole = q / 4;
    let point = &lang.language().decimal;
    match q % 4 {
        0 => whole.to_string(),
        2 => format!("{whole}{point}5"),
        r => format!("{whole}{point}{}", r * 25),
    }
}

/// Writes `d` without its year into `out` as `lang` writes it in a table:
/// `16/05` (without an allocation), or its own `day_month` form.
pub(super) fn push_day_month(out: &mut String, d: NaiveDate, lang: Lang) {
    let form = &lang.language().day_month;
    if form == "%d/%m" {
        super::push_two_digits(out, d.day());
        out.push('/');
        super::push_two_digits(out, d.month());
    } else {
        let _ = write!(out, "{}", d.format(form));
    }
}
