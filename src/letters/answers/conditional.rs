//! The answer about a player's hidden conditional moves (II.3.8): what
//! was stored, refused, cancelled, played or dropped; only he reads it.

use super::*;

/// About the reader's hidden conditional moves: what
/// was stored, refused, cancelled, played or dropped. Only he reads it.
pub(super) fn conditional(
    league: &League,
    seat: &Seat,
    news: &ConditionalNews,
    audience: &Audience,
) -> Text {
    let (t, _) = game_of(league, &seat.game);
    let lang = audience.lang;
    let game = &seat.game;
    let series_of = |offer: &crate::referee::game::Offer, from: usize| {
        let mut line = format!(
            "\n\n    {}",
            render::variant_line_in(offer, from..offer.moves.len(), t.notation, lang)
        );
        if t.notation != crate::notation::Notation::San {
            line = format!(
                "{line}\n    ({})",
                render::san_line_in(
                    &render::variant_line_in(
                        offer,
                        from..offer.moves.len(),
                        crate::notation::Notation::San,
                        lang
                    ),
                    lang
                )
            );
        }
        line
    };
    let how = || t!(lang, "answer-conditional-how");
    let text = match news {
        ConditionalNews::Stored {
            series,
            replaced,
            trailing,
        } => {
            let mut text = t!(
                lang,
                if *replaced {
                    "answer-conditional-replaced"
                } else {
                    "answer-conditional-stored"
                }
            );
            text = format!("{}{}", text.trim_end(), series_of(series, 0));
            if let Some(written) = trailing {
                text = format!(
                    "{text}\n\n{}",
                    t!(lang, "answer-conditional-trailing", written = written)
                );
            }
            format!("{text}\n\n{}", how())
        }
        ConditionalNews::Refused { why } => {
            let why = match why {
                ConditionalRefusal::Fault(VariantFault::AnyMove) => t!(
                    lang,
                    "answer-note-variant-any",
                    article = t.rules.article_in(Article::AnyMove, lang)
                ),
                ConditionalRefusal::Fault(VariantFault::Order { written }) => {
                    t!(lang, "answer-conditional-order", written = written)
                }
                ConditionalRefusal::Fault(VariantFault::Move { why, .. }) => {
                    fault_text(t, game, why, lang)
                }
                ConditionalRefusal::Empty => t!(lang, "answer-conditional-empty"),
                ConditionalRefusal::OwnMoveFirst => t!(lang, "answer-conditional-own-move"),
                ConditionalRefusal::Suspended => t!(lang, "answer-conditional-suspended"),
            };
            t!(lang, "answer-conditional-refused", why = why)
        }
        ConditionalNews::Cancelled { had: true } => t!(lang, "answer-conditional-cancelled"),
        ConditionalNews::Cancelled { had: false } => t!(lang, "answer-conditional-none"),
        ConditionalNews::NotUsed => t!(lang, "answer-conditional-not-used"),
        ConditionalNews::Followed { played, then } => {
            let mut text = String::new();
            if !played.is_empty() {
                let moves: Vec<String> = played
                    .iter()
                    .map(|i| numbered_in(game, *i, t.notation, lang))
                    .collect();
                text = t!(lang, "answer-conditional-played", moves = moves.join(", "));
            }
            let black = usize::from(seat.color == Color::Black);
            let then = match then {
                Then::Stands => match &game.conditionals[black] {
                    Some(rest) => format!(
                        "{}{}",
                        t!(lang, "answer-conditional-stands"),
                        series_of(rest, game.plies.len() - rest.from_ply)
                    ),
                    None => String::new(),
                },
                Then::Done => t!(lang, "answer-conditional-done"),
                Then::Dropped { series, at } => {
                    let (number, color) = series.number_of(*at);
                    let dots = if color == Color::White { "." } else { "..." };
                    let expected = crate::notation::write_move(
                        &series.positions[*at],
                        &series.moves[*at],
                        t.notation,
                    );
                    let index = series.from_ply + at;
                    let played = if index < game.plies.len() {
                        numbered_in(game, index, t.notation, lang)
                    } else {
                        String::new()
                    };
                    t!(
                        lang,
                        "answer-conditional-dropped",
                        played = played,
                        expected = render::localized(
                            &format!("{number}{dots} {expected}"),
                            t.notation,
                            lang
                        )
                    )
                }
                Then::DrawOffered => t!(lang, "answer-conditional-draw-offer"),
                Then::Over => t!(lang, "answer-conditional-over"),
            };
            [text, then]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join("\n\n")
        }
    };
    about(league, seat, audience, "answer-conditional-subject", text)
}
