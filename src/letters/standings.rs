//! The standings as text, in the reader's language: the crosstable
//! (players best first, each result against each other player, points,
//! games played, the tie-break) and every game's clock. `standings` prints
//! it, and the director's `STATUS` answer carries it.

use super::answers::progress_line;
use crate::referee::game::Game;
use crate::referee::rules::Article;
use crate::referee::standings::{points, Standings, TieBreak};
use crate::referee::tournament::{Lang, Tournament};
use crate::render::date_in;
use crate::t;
use chrono::NaiveDate;
use std::fmt::Write;

/// A table's rows as lines: each column as wide as its widest cell, the
/// columns in `right` aligned to the right.
fn lay_out(rows: &[Vec<String>], right: &[bool]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|i| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            let pad = " ".repeat(widths[i] - cell.chars().count());
            if i > 0 {
                line.push_str("  ");
            }
            if right.get(i).copied().unwrap_or(false) {
                line.push_str(&pad);
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&pad);
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}

/// The cell of `player` against `opponent`: the result of each of their
/// games in order (`1`, `½`, `0`; `*` not finished), `X` on the diagonal,
/// empty when they do not meet.
fn cell(standings: &Standings, player: usize, opponent: usize) -> String {
    if player == opponent {
        return "X".into();
    }
    standings
        .results(player, opponent)
        .into_iter()
        .map(|r| r.map_or_else(|| "*".into(), points))
        .collect()
}

/// The crosstable of `t`, in `lang`, with its legend.
pub fn crosstable(t: &Tournament, standings: &Standings, lang: Lang) -> String {
    let tie_break = standings.tie_break;
    let mut header = vec!["#".to_string(), t!(lang, "standings-player")];
    header.extend((1..=standings.lines.len()).map(|k| k.to_string()));
    header.push(t!(lang, "standings-points"));
    header.push(t!(lang, "standings-games"));
    if tie_break != TieBreak::None {
        header.push(t!(
            lang,
            "standings-tie-break-short",
            tie_break = tie_break.as_str()
        ));
    }
    let mut rows = vec![header];
    for line in &standings.lines {
        let (first, last) = line.place;
        let mut row = vec![
            if first == last {
                first.to_string()
            } else {
                format!("{first}-{last}")
            },
            if line.withdrawn {
                format!(
                    "{} ({})",
                    t.players[line.player].name,
                    t!(lang, "standings-withdrawn")
                )
            } else {
                t.players[line.player].name.clone()
            },
        ];
        row.extend(
            standings
                .lines
                .iter()
                .map(|other| cell(standings, line.player, other.player)),
        );
        row.push(points(line.halves));
        row.push(line.played.to_string());
        match tie_break {
            TieBreak::SonnebornBerger => row.push(crate::render::quarters_in(line.tie_break, lang)),
            TieBreak::Wins => row.push(line.tie_break.to_string()),
            TieBreak::None => {}
        }
        rows.push(row);
    }
    let n = standings.lines.len();
    let mut right = vec![false, false];
    right.extend(vec![false; n]);
    right.extend([true, true, true]);
    let mut out = lay_out(&rows, &right);
    let (finished, registered) = standings.registered();
    let _ = writeln!(
        out,
        "{}",
        t!(lang, "standings-tie-break", tie_break = tie_break.as_str())
    );
    let _ = writeln!(
        out,
        "{}",
        t!(
            lang,
            "standings-legend",
            games = standings.pairings.len(),
            finished = finished,
            registered = registered,
            article = t.rules.article_in(Article::Adjudication, lang)
        )
    );
    out
}

/// Every game's line: players, moves, whose move, both clocks (days used
/// and left to the next control move), and for a finished game whether
/// its result is registered.
pub fn game_lines(t: &Tournament, games: &[&Game], today: NaiveDate, lang: Lang) -> String {
    let mut out = String::new();
    for game in games {
        let mut line = progress_line(t, &game.spec, game, today, lang);
        if game.ending.is_some() {
            line.pop();
            // an adjudicated result is registered once final (III.9.8-9.9)
            let said = match (game.registered_on(), game.appeal_open()) {
                (Some(on), _) => t!(lang, "standings-registered", date = date_in(on, lang)),
                (None, Some(given)) => t!(
                    lang,
                    "adj-standings-appeal",
                    date = date_in(
                        given + chrono::Days::new(crate::referee::adjudication::WINDOW_DAYS),
                        lang
                    )
                ),
                (None, None) => String::new(),
            };
            let _ = writeln!(line, "; {said}");
        }
        out.push_str(&line);
    }
    out
}

/// The standings of `t` as of `today`: the title, the crosstable and the
/// games with their clocks.
pub fn text(t: &Tournament, games: &[&Game], today: NaiveDate, lang: Lang) -> String {
    let standings = Standings::of(t, games.iter().copied());
    format!(
        "{}\n\n{}\n{}\n{}",
        t!(
            lang,
            "standings-title",
            name = &t.name,
            id = &t.id,
            date = date_in(today, lang)
        ),
        crosstable(t, &standings, lang),
        t!(lang, "standings-games-title"),
        game_lines(t, games, today, lang)
    )
}
