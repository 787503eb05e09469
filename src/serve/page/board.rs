//! The tournament's pages under `golf serve --tournament` (CLI.md "Event night"): the
//! board's fragment (the standing, each table's progress, the clock, how ties were broken),
//! the board's page for everyone, the TV and the director, and the director's controls.
//! No inline script or style, as the rest of [`super`].

use maud::{html, Markup, PreEscaped, DOCTYPE};

use super::entry::qr_svg;
use super::{head_with, method};
use crate::view::tournament::{now_cell, round_cell};

/// One table on the director's page: its number, players and scorekeeper's link.
#[derive(Debug, Clone)]
pub struct DirectorTable {
    /// 1 for the first table.
    pub number: usize,
    /// Its players, in seating order.
    pub players: Vec<String>,
    /// Its scorekeeper's link (with the table's key).
    pub link: String,
}

/// What the director's page shows beyond the board.
#[derive(Debug, Clone)]
pub struct Director {
    /// The tables of the round in play.
    pub tables: Vec<DirectorTable>,
    /// The players still in the tournament, for penalties and disqualifications.
    pub players: Vec<String>,
    /// The round in play.
    pub round: usize,
    /// The rounds the tournament plays.
    pub rounds_planned: u32,
    /// The last penalty or disqualification of the round, offered to undo.
    pub last: Option<crate::view::event::LastPenalty>,
    /// What a disqualification from a round charges over the round's highest total.
    pub round_charge: i32,
}

/// The tournament's board (CLI.md "/board"): the name and round, the standing with a
/// column per round (places, totals, disqualified players last and marked), each table's
/// progress this round, and how each tie was broken.
pub fn board(view: &crate::view::tournament::BoardView) -> Markup {
    let s = &view.standing;
    html! {
        header.board-head {
            h1 { (s.tournament) }
            p.round {
                @if view.round == 0 { "No round seated yet" }
                @else if view.round_done() && view.round as u32 >= view.rounds_planned { "Final standing after " (view.round) " rounds" }
                @else if view.round_done() { "Round " (view.round) " of " (view.rounds_planned) " finished · the next is seated by the director" }
                @else { "Round " (view.round) " of " (view.rounds_planned) " in play" }
            }
            (clock(view))
        }
        div.board-cols {
        div.board-main {
        table.standing {
            caption { "The standing: lowest total first" }
            thead {
                tr {
                    th scope="col" { "Place" }
                    th scope="col" { "Player" }
                    @for r in 1..=s.rounds { th scope="col" { "R" (r) } }
                    th scope="col" { "Total" }
                    th scope="col" { "Now" }
                }
            }
            tbody {
                @for p in &s.players {
                    tr class=[p.disqualified.then_some("dq").or((p.place == 1).then_some("lead"))] {
                        td.place { @if p.disqualified { abbr title="disqualified" { "DQ" } } @else { (p.place) } }
                        th.name scope="row" {
                            (p.name)
                            @if p.late { " " span.mark { "late" } }
                            @if p.withdrew { " " span.mark { "withdrew" } }
                        }
                        @for r in 0..s.rounds {
                            td.num { (round_cell(p, r, s.rounds)) }
                        }
                        td.num.total { (p.total) }
                        td.now {
                            (now_cell(p))
                            @if over_time(view, p) { " " span.mark.over { "over time" } }
                        }
                    }
                }
            }
        }
        }
        div.board-side { (side(view)) }
        }
    }
}

/// The board's side panel: each table's progress this round (or who it waits for to
/// accept), how each tie was broken (only when there is one), the disqualified.
fn side(view: &crate::view::tournament::BoardView) -> Markup {
    html! {
    @if !view.tables.is_empty() {
        section.progress aria-labelledby="tables-h" {
            h2 #tables-h { "Round " (view.round) " tables" }
            ul.tables {
                @for t in &view.tables {
                    li class=[t.finished.then_some("done")] data-table=(t.table) {
                        a href=(format!("/table/{}", t.table)) { "Table " (t.table) }
                        span.who { (crate::text::and_list(&t.players)) }
                        @if t.over_time { span.mark.over { "over time" } }
                        span.state {
                            @if t.finished { "finished" }
                            @else if !t.waiting_for_accept.is_empty() {
                                "waiting for accept: " (crate::text::and_list(&t.waiting_for_accept))
                            }
                            @else { (t.holes_played) " of " (t.holes) " holes played" }
                        }
                    }
                }
            }
        }
    }
    // before the first hole everyone is tied on nothing: not worth a word
    @if !view.ties.is_empty() && (view.tables.iter().any(|t| t.holes_played > 0 || t.finished) || view.round > 1) {
        section.ties aria-labelledby="ties-h" {
            h2 #ties-h { "Ties" }
            ul {
                @for t in &view.ties {
                    li {
                        (crate::text::and_list(&t.players)) " tied on " (t.total) " for " (ordinal(t.place)) " place: " (tie_words(t))
                    }
                }
            }
        }
    }
    @if !view.disqualified.is_empty() {
        section.dqs aria-labelledby="dq-h" {
            h2 #dq-h { "Disqualified" }
            ul {
                @for (name, reason) in &view.disqualified {
                    li { (name) ": " (reason) }
                }
            }
        }
    }
    }
}

/// The round's clock while a table of it plays (`golf serve --clock`): the time left as
/// `mm:ss` when this was built, or `time`; the page counts it down to `data-ends` (the
/// server's end instant) every second.
fn clock(view: &crate::view::tournament::BoardView) -> Markup {
    html! {
        @if let Some(c) = view.standing.clock.as_ref().filter(|_| !view.round_done()) {
            p.clock #clock .over[c.over] role="timer" data-ends=(c.ends_at) {
                span.label { "Round " (c.round) " · time left " }
                span #clock-left { (c.left) }
            }
        }
    }
}

/// Whether `p`'s table this round was still playing when the clock ran out.
fn over_time(
    view: &crate::view::tournament::BoardView,
    p: &crate::game::tournament::Placing,
) -> bool {
    p.table
        .is_some_and(|n| view.tables.iter().any(|t| t.table == n && t.over_time))
}

/// How the chain separated a tie, in words: `countback leaves Cat and Gus, who share it`.
fn tie_words(t: &crate::game::tournament::Tie) -> String {
    let mut before = t.players.len();
    let mut words = Vec::new();
    for step in t
        .steps
        .iter()
        .filter(|s| s.method != crate::rules::Tiebreak::Shared)
    {
        let who = crate::text::and_list(&step.left);
        words.push(match step.left.len() {
            1 => format!("{} puts {who} ahead", method(step.method)),
            n if n == before => format!("{} does not separate them", method(step.method)),
            _ => format!("{} leaves {who}", method(step.method)),
        });
        before = step.left.len();
    }
    if t.took.len() > 1 {
        match (t.took.len() == before, words.last_mut()) {
            (true, Some(last)) if !last.ends_with("separate them") => {
                last.push_str(", who share it")
            }
            _ if t.took.len() == t.players.len() => words.push("they share it".to_string()),
            _ => words.push(format!("{} share it", crate::text::and_list(&t.took))),
        }
    }
    words.join("; ")
}

/// `n` as an ordinal: `1st`, `2nd`, `3rd`, `11th`, `22nd`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The board's page: `/` for everyone (with links to each table's card), the director's
/// page with `director` (each table's scorekeeper link with its QR code, the next round,
/// penalties and disqualifications), or `/board` for a TV (`tv`: no controls, rows paged
/// through by themselves when more players than fit). `key_refused` says a key was given
/// that is not the director's.
pub fn board_page(
    fragment: &str,
    round: usize,
    tables: &[usize],
    director: Option<&Director>,
    key_refused: bool,
    tv: bool,
) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            (head_with("Golf · the tournament's board", &["/live.js", "/api.js", "/board.js"]))
            body class=[tv.then_some("tv board-tv")] {
                @if key_refused {
                    p.warn role="alert" { "That link is not the director's: this page shows the board only." }
                }
                p.warn #problem role="alert" hidden {}
                main #board aria-live="polite" data-round=(round) { (PreEscaped(fragment)) }
                @if tv {
                    p.pages #pages aria-hidden="true" {}
                }
                @if let Some(d) = director {
                    (director_section(d))
                } @else if !tv && !tables.is_empty() {
                    nav.cards aria-label="each table's card" {
                        @for n in tables { a href=(format!("/table/{n}")) { "Table " (n) "'s card" } " " }
                        a href="/board" { "Full screen for the TV" }
                    }
                }
                p.live #live { "Live" }
            }
        }
    }
}

/// The director's controls: the next round, each table's link, penalties.
fn director_section(d: &Director) -> Markup {
    let last = d.round as u32 >= d.rounds_planned;
    html! {
        section #director data-round=(d.round) aria-labelledby="director-h" {
            h2 #director-h { "Director" }
            @if !last {
                button #seat type="button" disabled data-next=(d.round + 1) { "Seat round " (d.round + 1) }
                p.hint #seat-why { "Round " (d.round + 1) " is seated once every table has finished." }
            }
            p #dstatus role="status" {}
            // the last penalty or disqualification, undone in one tap
            div #dundo { (last_penalty(d)) }
            details #tables open {
                summary { "Round " (d.round) ": each table's scorekeeper link" }
                div.links {
                    @for t in &d.tables {
                        figure.link {
                            (PreEscaped(qr_svg(&t.link)))
                            figcaption { "Table " (t.number) ": " (crate::text::and_list(&t.players)) }
                            a href=(t.link) { "Table " (t.number) "'s scorekeeper link" }
                        }
                    }
                }
            }
            details #penalize {
                summary { "A penalty or a disqualification" }
                div.fields {
                    label { "Player "
                        // no one chosen until the director chooses
                        select #dplayer {
                            option value="" selected { "Choose a player" }
                            @for p in &d.players { option value=(p) { (p) } }
                        }
                    }
                    label { "What "
                        select #dkind {
                            option value="points" { "Penalty points" }
                            option value="round" { "Disqualified from this round" }
                            option value="tournament" { "Disqualified from the tournament" }
                        }
                    }
                    label { "Points " input #dpoints type="number" min="-100" max="100" value="5"; }
                    label { "Reason " input #dreason type="text" maxlength="200"; }
                    button #dsend type="button" { "Record" }
                }
            }
            (comings_and_goings(d))
            // a disqualification or a withdrawal is asked again, naming the player and
            // what it does
            div #dconfirm hidden data-charge=(d.round_charge) {
                p #dconfirm-q {}
                button #dconfirm-yes type="button" { "Yes" }
                " "
                button #dconfirm-no type="button" { "Cancel" }
            }
        }
    }
}

/// The last penalty or disqualification of the round, with its Undo (bound to exactly it).
fn last_penalty(d: &Director) -> Markup {
    html! {
        @if let Some(last) = &d.last {
            p #dundo-what { "Last: " (last.what) }
            button #dundo-send type="button" data-undo=(last.undo.to_string()) {
                @if last.disqualifies { "Undo this disqualification" } @else { "Undo this penalty" }
            }
        }
    }
}

/// A latecomer entered and a player withdrawn between rounds (RULES.md §13), as `golf
/// tournament add` and `withdraw` do.
fn comings_and_goings(d: &Director) -> Markup {
    html! {
        details #comego {
            summary { "A player comes or goes (between rounds)" }
            div.fields {
                label { "Late entrant " input #dlate type="text" maxlength="200" autocomplete="off"; }
                button #dadd type="button" { "Enter late" }
                label { "Leaving "
                    select #dleaver {
                        option value="" selected { "Choose a player" }
                        @for p in &d.players { option value=(p) { (p) } }
                    }
                }
                button #dwithdraw type="button" { "Withdraw" }
            }
        }
    }
}
