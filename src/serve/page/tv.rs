//! `/tv`: the card for a screen across the room.

use maud::{html, Markup, PreEscaped, DOCTYPE};

use super::{head, table_words, Fragment};
use crate::table::SharedDraft;
use crate::view::card::CardView;

/// `/tv`: the card for a screen across the room (CLI.md "/tv"; 1920×1080, readable from
/// 4 m): the fragment ([`tv`]) in a page of its own, updated as the phones are — after a
/// change to the card and to the draft (who has sent), `data-follows-draft` — no
/// controls, no key.
pub fn tv_page(base: &str, shown: &Fragment) -> Markup {
    let id = shown.id;
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(&format!("Golf · match {id} · TV")))
            body.tv {
                p.warn #problem role="alert" hidden {}
                main #card aria-live="polite" data-match=(id) data-base=(base) data-fragment=(format!("{base}/tv.html"))
                    data-tag=(shown.tag) data-follows-draft { (PreEscaped(shown.html)) }
                p.live #live { "Live" }
            }
        }
    }
}

/// The TV's card: the match, the winner once it is finished, each player's total in order
/// with the leader (or winner) first, the chances, who deals next and who has sent their
/// grid for it, and the last hole's grids and scores; then the penalties with their
/// reasons, and how a tie was broken when one was ([`CardView::tie_broken`]).
///
/// Of the next hole (`draft`, the shared draft) the TV names who has sent and who is
/// awaited, never a card or a score: the grids are the table's to see once the hole is
/// recorded. A player disqualified from the round is not asked for, so not awaited.
pub fn tv(card: &CardView, draft: Option<&SharedDraft>) -> Markup {
    let mut order: Vec<&crate::view::card::PlayerView> = card.players.iter().collect();
    order.sort_by_key(|p| (card.places.get(p.seat).copied(), p.seat));
    let first = |p: &crate::view::card::PlayerView| {
        card.leaders.contains(&p.name) || card.winners.contains(&p.name)
    };
    html! {
        h1 { (card.name.clone().unwrap_or_else(|| format!("Match {}", card.id))) " · " (card.rules) }
        @if card.finished && !card.winners.is_empty() {
            p.winner #winner {
                @if card.winners.len() == 1 { "Winner: " } @else { "Winners: " }
                (card.winners.join(" and "))
            }
        }
        p.summary #summary { (table_words(&card.result.summary)) }
        ol.totals {
            @for p in &order {
                li class=[first(p).then_some("lead")] {
                    span.name { (p.name) }
                    span.total { (p.total) @if p.disqualified { " DQ" } }
                }
            }
        }
        @if let Some(chances) = &card.chances {
            p.chances { (table_words(&chances.sentence())) }
        }
        @if let Some(next) = &card.next {
            p.next { (next.sentence()) }
        }
        @if let Some(draft) = draft.filter(|_| !card.finished) {
            (sent(draft))
        }
        (last(card))
        (penalties(card))
        @if card.tie_broken() {
            (super::tie(card))
        }
    }
}

/// Who has sent their grid for the next hole, and who is awaited: names only.
fn sent(draft: &SharedDraft) -> Markup {
    let hole = match draft.playoff {
        true => format!("Playoff hole {}", draft.hole),
        false => format!("Hole {}", draft.hole),
    };
    html! {
        section.sent #sent aria-label="Who has sent" {
            h2 { (hole) ": who has sent" }
            ul {
                @for (name, grid) in &draft.grids {
                    @if grid.is_null() {
                        li.awaited { (name) " — awaited" }
                    } @else {
                        li.in { (name) " — sent ✓" }
                    }
                }
            }
        }
    }
}

/// The last hole's grids and scores (the last regular hole, or the playoff hole).
fn last(card: &CardView) -> Markup {
    let last = card
        .holes
        .iter()
        .rev()
        .find(|h| !h.playoff)
        .or(card.holes.last());
    html! {
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

/// The penalties, each with its player, hole, points and reason.
fn penalties(card: &CardView) -> Markup {
    html! {
        @if !card.penalties.is_empty() {
            section.pens #penalties aria-label="Penalties" {
                h2 { "Penalties" }
                ul {
                    @for p in &card.penalties {
                        li {
                            (p.player)
                            @if p.points != 0 { " " (format!("{:+}", p.points)) }
                            @if p.disqualifies { " (disqualified)" }
                            ", hole " (p.hole) " — " (p.reason)
                        }
                    }
                }
            }
        }
    }
}
