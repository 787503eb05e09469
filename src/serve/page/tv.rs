//! `/tv`: the card for a screen across the room.

use maud::{html, Markup, PreEscaped, DOCTYPE};

use super::{head, table_words};
use crate::view::card::CardView;

/// `/tv`: the card for a screen across the room (CLI.md "/tv"; 1920×1080, readable from
/// 4 m): the fragment ([`tv`]) in a page of its own, updated as the phones are; no
/// controls, no key. `version` names the card shown, as the `card` events name theirs.
pub fn tv_page(base: &str, id: i64, version: &str, fragment: &str) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(&format!("Golf · match {id} · TV")))
            body.tv {
                p.warn #problem role="alert" hidden {}
                main #card aria-live="polite" data-match=(id) data-version=(version) data-base=(base) data-fragment=(format!("{base}/tv.html")) { (PreEscaped(fragment)) }
                p.live #live { "Live" }
            }
        }
    }
}

/// The TV's card: the match, each player's total in order with the leader first, the
/// chances, who deals next, and the last hole's grids and scores.
pub fn tv(card: &CardView) -> Markup {
    let mut order: Vec<&crate::view::card::PlayerView> = card.players.iter().collect();
    order.sort_by_key(|p| (card.places.get(p.seat).copied(), p.seat));
    let last = card
        .holes
        .iter()
        .rev()
        .find(|h| !h.playoff)
        .or(card.holes.last());
    html! {
        h1 { (card.name.clone().unwrap_or_else(|| format!("Match {}", card.id))) " · " (card.rules) }
        p.summary #summary { (table_words(&card.result.summary)) }
        ol.totals {
            @for p in &order {
                li class=[card.leaders.contains(&p.name).then_some("lead")] {
                    span.name { (p.name) }
                    span.total { (p.total) }
                }
            }
        }
        @if let Some(chances) = &card.chances {
            p.chances { (table_words(&chances.sentence())) }
        }
        @if let Some(next) = &card.next {
            p.next { (next.sentence()) }
        }
        @if let Some(hole) = last {
            section.last {
                h2 { @if hole.playoff { "Playoff hole " } @else { "Hole " } (hole.number) }
                div.grids {
                    @for (p, entry) in card.players.iter().zip(&hole.entries) {
                        @if let Some(e) = entry {
                            figure {
                                figcaption { (p.name) ": " (e.total)
                                    @if hole.out.as_deref() == Some(p.name.as_str()) {
                                        @if hole.knocked { " (knocked)" } @else { " (went out)" }
                                    }
                                }
                                @if let Some(grid) = &e.grid {
                                    pre.grid { (grid.replace(" / ", "\n")) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
