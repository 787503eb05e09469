//! Every piece of HTML `golf serve` sends, built with maud (which escapes every text it is
//! given: a player's name, a note, a rules name): the page, the scorecard fragment the page
//! swaps in on each update, and the scorekeeper's entry form (a card picker in the
//! variant's layout). No inline script or style: the page's JavaScript and CSS are files
//! of their own (the `Content-Security-Policy` forbids anything else).

use maud::{html, Markup, PreEscaped, DOCTYPE};

use crate::view::card::{CardView, HoleView};

mod board;
mod entry;
mod tv;

pub use board::{board, board_page, Director, DirectorTable};
use entry::{form, hand_out};
pub use entry::{Entry, Picker};
pub use tv::{tv, tv_page};

/// The scripts of a table's page that shows the card and nothing to write with (the plain
/// page, `/tv`): ES modules, each a file of its own (STYLE.md), the stream first.
const CARD_SCRIPTS: [&str; 2] = ["/live.js", "/scorecard.js"];

/// The scripts every form adds: the outbox, the entry, the picker (and cards as shown), the
/// form.
const FORM_SCRIPTS: [&str; 4] = ["/api.js", "/entry.js", "/picker.js", "/form.js"];

/// The head of a table's page that shows the card only: its `title`, the viewport, the
/// icon and manifest, the page's own style and scripts ([`head_with`]).
pub(super) fn head(title: &str) -> Markup {
    head_with(title, &CARD_SCRIPTS)
}

/// [`head`] with the page's `scripts`, each an ES module (`<script type="module">`, which
/// runs once, after the page is read, in the order given, each import fetched once): the
/// Content-Security-Policy allows no inline script. Every module a page imports is listed,
/// so that the browser asks for them all at once.
pub(super) fn head_with(title: &str, scripts: &[&str]) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            meta name="color-scheme" content="light dark";
            meta name="referrer" content="no-referrer";
            title { (title) }
            link rel="icon" href="/icon.svg" type="image/svg+xml";
            link rel="manifest" href="/manifest.webmanifest";
            meta name="theme-color" content="#1b5e20";
            link rel="stylesheet" href="/golf.css";
            @for script in scripts {
                script type="module" src=(script) {}
            }
        }
    }
}

/// The scripts of a table's page for `entry`; `tournament` adds the Accept button's.
fn scripts(entry: Option<&Entry>, tournament: bool) -> Vec<&'static str> {
    let mut scripts = CARD_SCRIPTS.to_vec();
    if entry.is_some() {
        scripts.extend(FORM_SCRIPTS);
    }
    match entry {
        Some(Entry::Player(..)) => scripts.push("/player.js"),
        Some(Entry::Keeper(..)) => scripts.extend(["/record.js", "/mend.js"]),
        None => {}
    }
    if tournament && entry.is_some() {
        scripts.push("/accept.js");
    }
    scripts
}

/// A fragment as served, to put in a page: match `id`'s card (or the TV's) as HTML, and
/// its validator (`ETag`), which the page keeps so that the stream's first event, naming
/// the same card, costs no second fetch of it.
#[derive(Debug, Clone, Copy)]
pub struct Fragment<'a> {
    /// The match.
    pub id: i64,
    /// The fragment's HTML.
    pub html: &'a str,
    /// Its `ETag`.
    pub tag: &'a str,
}

/// The whole page of match `shown.id`: the scorecard (`shown`, made by [`card`]), and the
/// form of `entry` when there is one. `key_refused` says a key or link was given that is
/// not the server's. `base` prefixes the match's addresses (`/table/N` at a tournament).
pub fn page(base: &str, shown: &Fragment, entry: Option<&Entry>, key_refused: bool) -> Markup {
    let (id, fragment) = (shown.id, shown.html);
    let title = format!("Golf · match {id}");
    html! {
        (DOCTYPE)
        html lang="en" {
            (head_with(&title, &scripts(entry, !base.is_empty())))
            body {
                @if key_refused {
                    p.warn role="alert" { "That link is not this server's: this page shows the card only. Use the link the scorekeeper gave you." }
                }
                p.warn #problem role="alert" hidden {}
                @if !base.is_empty() {
                    nav.back { a href="/" { "← The tournament's board" } }
                }
                // a player's own form comes before the card; the scorekeeper's after it
                @if let Some(Entry::Player(picker, name)) = entry {
                    (form(picker, Some(name)))
                }
                main #card aria-live="polite" data-match=(id) data-base=(base) data-tag=(shown.tag) { (PreEscaped(fragment)) }
                @if let Some(Entry::Keeper(picker, links)) = entry {
                    (form(picker, None))
                    (hand_out(links))
                }
                button #share type="button" { "Share the card" }
                p.live #live { "Live" }
            }
        }
    }
}

/// The most players whose scores stand in a column each: six columns of 44 CSS pixels
/// beside the hole numbers fill a 320-pixel phone; a larger table turns, a block per player.
const COLUMNS_AT_MOST: usize = 6;

/// The scorecard as `golf card` shows it: the heading, the result or the leader, the
/// chances line, who deals next, a row per hole with its dealer and each score's running
/// total under it (each score opens how it scored), the totals, a key to every mark and
/// short name used, the penalties and notes, and how a tie was broken. The fragment says
/// `data-finished` once the match is over (the page then hides its forms), and
/// `data-last-entry`, the entry an undo from this card withdraws.
pub fn card(card: &CardView) -> Markup {
    let state = match (card.finished, &card.abandoned_at) {
        (_, Some(_)) => "abandoned",
        (true, None) => "finished",
        (false, None) => "in play",
    };
    let over = card.finished || card.abandoned_at.is_some();
    let names: Vec<&str> = card.players.iter().map(|p| p.name.as_str()).collect();
    let short = short_names(&names);
    let decks = match card.decks {
        1 => "1 deck".to_string(),
        n => format!("{n} decks"),
    };
    html! {
        div.sheet data-finished=[over.then_some("")] data-last-entry=[card.last_entry.as_ref().map(|e| e.id)] {
            header {
                h1 {
                    "Match " (card.id)
                    @if let Some(name) = &card.name { " · " (name) }
                }
                p.meta {
                    (crate::rules::label(&card.rules, &card.house)) " · "
                    (card.holes_played) " of " (card.holes_planned) " holes · " (decks) " · " (state)
                }
            }
            p.summary #summary { (table_words(&card.result.summary)) }
            @if let Some(chances) = &card.chances { p.chances { (table_words(&chances.sentence())) } }
            @if let Some(next) = &card.next { p.next #next { (next.sentence()) } }
            @if card.players.len() <= COLUMNS_AT_MOST {
                (columns(card, &short))
            } @else {
                (blocks(card))
            }
            @if card.holes.is_empty() {
                p.empty { "No hole recorded yet." }
            }
            (legend(card, &short))
            (tie(card))
            (whys(card))
        }
    }
}

/// The card with a column per player: the hole (and under it who dealt) down the left,
/// each player's short name on top (the full name in the key under the table).
fn columns(card: &CardView, short: &[String]) -> Markup {
    let penalties = card
        .penalties
        .iter()
        .any(|p| p.points != 0 || p.disqualifies);
    html! {
        table.scores {
            caption.hide { "Scores by hole; under each score, the running total" }
            thead {
                tr {
                    th scope="col" { "Hole" }
                    @for (p, short) in card.players.iter().zip(short) {
                        th scope="col" title=(p.name) aria-label=(p.name) { (short) }
                    }
                }
            }
            tbody {
                @for (row, hole) in card.holes.iter().enumerate().filter(|(_, h)| !h.playoff) {
                    tr.hole { (hole_row(card, short, row, hole)) }
                    @if card.holes_planned == 18 && (hole.number == 9 || hole.number == 18) {
                        @let (label, range) = if hole.number == 9 { ("Front 9", 0..9) } else { ("Back 9", 9..18) };
                        tr.sub {
                            th scope="row" { (label) }
                            @for p in &card.players {
                                td { (p.holes.get(range.clone()).map_or(0, |h| h.iter().sum::<i64>())) }
                            }
                        }
                    }
                }
                @if penalties {
                    tr.pen {
                        th scope="row" { abbr title="Penalties" { "Pen." } }
                        @for p in &card.players {
                            td {
                                @if p.penalties != 0 { (format!("{:+}", p.penalties)) }
                                @if p.disqualified { " DQ" }
                            }
                        }
                    }
                }
                tr.total {
                    th scope="row" { "Total" }
                    @for p in &card.players {
                        td.lead[card.leaders.contains(&p.name) || card.winners.contains(&p.name)] {
                            (p.total) @if p.disqualified { " DQ" }
                        }
                    }
                }
                @for (row, hole) in card.holes.iter().enumerate().filter(|(_, h)| h.playoff) {
                    tr.hole.playoff { (hole_row(card, short, row, hole)) }
                }
            }
        }
    }
}

/// The card of a large table, turned: a block per player, their full name and total on
/// top, then a key per hole (its number, the score, the running total under it).
fn blocks(card: &CardView) -> Markup {
    html! {
        @if !card.holes.is_empty() {
            p.dealers {
                "Dealt: "
                @for (i, hole) in card.holes.iter().enumerate() {
                    @if i > 0 { " · " }
                    (hole_label(hole)) " " (hole.dealer)
                }
            }
        }
        div.seats {
            @for p in &card.players {
                @let lead = card.leaders.contains(&p.name) || card.winners.contains(&p.name);
                section.seat.lead[lead] aria-label=(p.name) {
                    h3 {
                        span.who { (p.name) }
                        " "
                        span.tot { "Total " (p.total) @if p.disqualified { " DQ" } }
                    }
                    @if p.penalties != 0 {
                        p.pens { "Penalties " (format!("{:+}", p.penalties)) }
                    }
                    @if card.holes_planned == 18 && p.holes.len() >= 9 {
                        p.pens {
                            "Front 9: " (p.holes[..9].iter().sum::<i64>())
                            @if p.holes.len() >= 18 { " · Back 9: " (p.holes[9..18].iter().sum::<i64>()) }
                        }
                    }
                    div.chips {
                        @for (row, hole) in card.holes.iter().enumerate() {
                            @if let Some(Some(e)) = hole.entries.get(p.seat) {
                                (score(card, row, hole, p.seat, e, true))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The button of one score: it opens how the grid scored. Its name says whose score of
/// which hole it is, and holds what it shows in the order shown (the hole's number in the
/// turned layout, the score, the running total: "ann, hole 2: 7, 8 in all"), so that a
/// player who says what they see reaches it; the running total stands under the score; a
/// mark in its corner says who ended the hole (in the turned layout, its hole number
/// stands on top).
fn score(
    card: &CardView,
    row: usize,
    hole: &HoleView,
    seat: usize,
    e: &crate::view::card::EntryView,
    numbered: bool,
) -> Markup {
    let name = name_of(card, seat);
    let ended = hole.out.as_deref() == Some(name);
    let running = match hole.playoff {
        true => None,
        false => card
            .players
            .iter()
            .find(|p| p.seat == seat)
            .and_then(|p| p.running.get((hole.number as usize).saturating_sub(1))),
    };
    let which = match hole.playoff {
        true => format!("playoff P{}", hole.number),
        false => format!("hole {}", hole.number),
    };
    let mut label = format!("{name}, {which}: {}", e.total);
    if let Some(r) = running {
        label.push_str(&format!(", {r} in all"));
    }
    if ended {
        label.push_str(if hole.knocked {
            ", knocked"
        } else {
            ", went out"
        });
    }
    if e.grid.is_none() {
        label.push_str(", a bare score");
    }
    html! {
        button.score type="button" data-why=(why_id(row, seat)) aria-expanded="false" aria-label=(label) {
            @if numbered {
                span.no { @if hole.playoff { "P" } (hole.number) } " "
            }
            span.s {
                (e.total) @if e.grid.is_none() { "*" }
                @if ended {
                    @if hole.knocked { span.mark.knock { "▲" } } @else { span.mark { "●" } }
                }
            }
            // (the space between them, not drawn in the column, keeps them two numbers)
            @if let Some(r) = running { " " span.r { (r) } }
        }
    }
}

/// What every mark and short name on the card means (those it uses), then the penalties,
/// the holes' notes and the rules of play agreed.
fn legend(card: &CardView, short: &[String]) -> Markup {
    let entries = || card.holes.iter().flat_map(|h| &h.entries).flatten();
    let columns = card.players.len() <= COLUMNS_AT_MOST;
    let cut: Vec<(&String, &String)> = match columns {
        true => card
            .players
            .iter()
            .zip(short)
            .filter(|(p, s)| &p.name != *s)
            .map(|(p, s)| (s, &p.name))
            .collect(),
        false => vec![],
    };
    let notes: Vec<&HoleView> = card.holes.iter().filter(|h| h.note.is_some()).collect();
    html! {
        @if !cut.is_empty() {
            p.key {
                @for (i, (s, name)) in cut.iter().enumerate() {
                    @if i > 0 { " · " }
                    b { (s) } " " (name)
                }
            }
        }
        @if !card.holes.is_empty() {
            ul.legend aria-label="What the marks mean" {
                li { "Each score: the hole's score, the running total under it; tap it to see how it scored." }
                @if columns { li { "Under each hole number: who dealt it." } }
                @if card.holes.iter().any(|h| h.out.is_some() && !h.knocked) { li { span.mark { "●" } " went out" } }
                @if card.holes.iter().any(|h| h.out.is_some() && h.knocked) { li { span.mark.knock { "▲" } " knocked" } }
                @if entries().any(|e| e.grid.is_none()) { li { "* a bare score, recorded unchecked" } }
                @if card.holes.iter().any(|h| h.amended) { li { "† amended: corrected after it was recorded" } }
                @if card.holes.iter().any(|h| h.playoff) { li { "P1, P2… playoff holes" } }
                @if card.players.iter().any(|p| p.disqualified) { li { "DQ disqualified" } }
            }
        }
        @if !card.penalties.is_empty() || !notes.is_empty() || !card.play.is_empty() {
            ul.notes {
                @for p in &card.penalties {
                    li {
                        "Penalty, hole " (p.hole) ": " (p.player)
                        @if p.points != 0 { " " (format!("{:+}", p.points)) }
                        @if p.disqualifies { " (disqualified)" }
                        " — " (p.reason)
                    }
                }
                @for h in &notes {
                    li { (hole_label(h)) ": " (h.note.as_deref().unwrap_or_default()) }
                }
                @for p in &card.play { li { "Agreed: " (p) } }
            }
        }
    }
}

/// How a tie was broken, step by step, and the tiebreak chain: only when a tie was broken
/// ([`CardView::tie_broken`]) — never a provisional tiebreak in play, nor empty figures
/// before the first hole.
pub(super) fn tie(card: &CardView) -> Markup {
    let result = &card.result;
    html! {
        @if card.tie_broken() {
            section.tie aria-label="Tiebreak" {
                @if !result.steps.is_empty() {
                    h2 { "How the tie was broken" }
                    ol {
                        @for step in &result.steps {
                            li {
                                (method(step.method)) ": " (step.figures.join("; "))
                                @match step.remaining.as_slice() {
                                    [one] => { " → " (one) }
                                    [] => {}
                                    many => { " → still tied: " (many.join(", ")) }
                                }
                            }
                        }
                    }
                }
                @if !card.tiebreak.is_empty() {
                    p.chain {
                        "Tiebreak chain: "
                        (card.tiebreak.iter().map(|t| method(*t)).collect::<Vec<_>>().join(", "))
                    }
                }
            }
        }
    }
}

/// A tiebreak method in words: `most holes won` for `most-holes-won`.
pub(super) fn method(t: crate::rules::Tiebreak) -> String {
    t.name().replace('-', " ")
}

/// How each grid scored, hidden until its score is tapped.
fn whys(card: &CardView) -> Markup {
    html! {
        div.whys {
            @for (row, hole) in card.holes.iter().enumerate() {
                @for (seat, entry) in hole.entries.iter().enumerate() {
                    @if let Some(e) = entry {
                        div.why id=(why_id(row, seat)) hidden {
                            h2 {
                                (hole_label(hole)) " · " (name_of(card, seat))
                                " · " (e.total)
                            }
                            @if let Some(grid) = &e.grid { p.grid { (grid) } }
                            @else { p { "A bare score: the referee could not check it." } }
                            ul {
                                @for line in &e.lines { li { (line) } }
                                @if !e.explanation.is_empty() { li { (e.explanation) } }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The result and the chances in the table's words: what `golf card` says with a command
/// (`golf finish` records the result) said with the page's buttons.
pub fn table_words(text: &str) -> String {
    let mut text = text
        .replace(
            "(`golf finish` records the result)",
            "(the scorekeeper taps Finish match to record the result)",
        )
        .replace(
            "record a playoff hole with `golf hole --playoff` for",
            "the scorekeeper records a playoff hole for",
        );
    // the chances line's "(± up to 3 points from 2,083 samples; golf odds plays 10,000)"
    if let Some(at) = text.find("; golf odds plays ") {
        if let Some(close) = text[at..].find(')') {
            text.replace_range(at..at + close, "");
        }
    }
    text
}

/// Each name as short as it may be and still tell the players apart: the whole name when
/// it is short enough for a column of a table of that many players, else its shortest
/// prefix (ignoring case, of a few characters at least) that no other name begins with,
/// and a dot. No two players look alike; the key under the table gives the whole names.
pub fn short_names(names: &[&str]) -> Vec<String> {
    let fits = match names.len() {
        0..=2 => 12,
        3 => 8,
        4 => 6,
        _ => 5,
    };
    let lower: Vec<Vec<char>> = names
        .iter()
        .map(|n| n.chars().flat_map(char::to_lowercase).collect())
        .collect();
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let chars: Vec<char> = name.chars().collect();
            if chars.len() <= fits || lower[i].len() != chars.len() {
                return name.to_string();
            }
            let unique = |k: usize| {
                let mine = &lower[i][..k];
                lower
                    .iter()
                    .enumerate()
                    .all(|(j, other)| j == i || !other.starts_with(mine))
            };
            let mut k = fits - 1;
            while k < chars.len() && (!unique(k) || chars[k - 1].is_whitespace()) {
                k += 1;
            }
            match k + 1 >= chars.len() {
                true => name.to_string(),
                false => format!("{}.", chars[..k].iter().collect::<String>()),
            }
        })
        .collect()
}

fn why_id(row: usize, seat: usize) -> String {
    format!("why-{row}-{seat}")
}

fn hole_label(hole: &HoleView) -> String {
    match hole.playoff {
        true => format!("Playoff {}", hole.number),
        false => format!("Hole {}", hole.number),
    }
}

/// The name of the player in `seat`.
fn name_of(card: &CardView, seat: usize) -> &str {
    card.players
        .iter()
        .find(|p| p.seat == seat)
        .map_or("", |p| p.name.as_str())
}

fn hole_row(card: &CardView, short: &[String], row: usize, hole: &HoleView) -> Markup {
    let dealer = card
        .players
        .iter()
        .position(|p| p.name == hole.dealer)
        .and_then(|i| short.get(i))
        .map_or(hole.dealer.as_str(), String::as_str);
    html! {
        th scope="row" aria-label=(format!("{}, {} dealt", hole_label(hole), hole.dealer)) {
            @if hole.playoff { "P" } (hole.number)
            @if hole.amended { "†" }
            small.dealt { (dealer) }
        }
        @for (seat, entry) in hole.entries.iter().enumerate() {
            td {
                @if let Some(e) = entry {
                    (score(card, row, hole, seat, e, false))
                } @else { "·" }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::entry::example;
    use super::*;
    use crate::game::{Match, Setup};

    fn new(rules: &str, house: &[&str]) -> Match {
        let setup = Setup {
            rules: rules.into(),
            house: house.iter().map(|h| h.to_string()).collect(),
            players: vec!["ann".into(), "bob".into()],
            ..Default::default()
        };
        Match::new(&setup, "2026-11-25T20:00:00Z").unwrap()
    }

    #[test]
    fn the_picker_offers_the_packs_ranks_in_the_variants_layout() {
        let classic = Picker::of(&new("classic", &[]));
        assert_eq!((classic.rows, classic.columns), (2, 3));
        assert_eq!(
            classic.ranks,
            ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        );
        assert!(classic.suits && !classic.knock);
        assert_eq!(example(&classic), "5 5 5 / 5 5 5");

        // jokers where the rules have them; knocking where a house rule allows it
        let eight = Picker::of(&new("eight-card", &["knock"]));
        assert_eq!((eight.rows, eight.columns), (2, 4));
        assert_eq!(eight.ranks.last().map(String::as_str), Some("JK"));
        assert!(eight.knock);

        // a pack of the rules' own: its faces as typed, and no suits
        let nine = Picker::of(&new("play-nine", &[]));
        assert!(!nine.suits);
        assert_eq!(
            nine.ranks,
            ["-5", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]
        );
        // every rank offered is a card the referee reads
        let rules = &new("play-nine", &[]).rules;
        for rank in &nine.ranks {
            let grid = vec![vec![rank.as_str(); nine.columns].join(" "); nine.rows].join(" / ");
            assert!(
                crate::grid::Grid::parse_for(&grid, rules.expected()).is_ok(),
                "{grid}"
            );
        }
    }

    #[test]
    fn eighteen_holes_show_the_front_nine_as_golf_card_does() {
        let mut m = new("classic", &[]);
        m.holes_planned = 18;
        for score in 1..=10 {
            let entries: Vec<(usize, crate::game::Typed)> = (0..2)
                .map(|seat| (seat, crate::game::Typed::score("x", score).unwrap()))
                .collect();
            let hole = m
                .play_hole(&entries, None, false, "2026-11-25T20:00:00Z")
                .unwrap();
            m.record(hole);
        }
        let html = card(&CardView::new(&m)).into_string();
        // 1 + 2 + … + 9 = 45 for each, after the ninth row and before the tenth
        let front =
            html.find(r#"<tr class="sub"><th scope="row">Front 9</th><td>45</td><td>45</td></tr>"#);
        let ninth = html.find(r#"data-why="why-8-0""#);
        let tenth = html.find(r#"data-why="why-9-0""#);
        assert!(ninth < front && front < tenth, "{html}");
        assert!(!html.contains("Back 9") && !html.contains("Penalties"));
        // tied at 55, both lead
        assert_eq!(
            html.matches(r#"<td class="lead">55</td>"#).count(),
            2,
            "{html}"
        );
    }

    #[test]
    fn short_names_tell_the_players_apart_and_the_page_names_no_command() {
        let six = [
            "Alexandra",
            "Alexander",
            "Christopher",
            "Chris",
            "Annabel",
            "Ann",
        ];
        assert_eq!(
            short_names(&six),
            ["Alexandra", "Alexander", "Christ.", "Chris", "Anna.", "Ann"]
        );
        // a table of two has room for whole names
        assert_eq!(short_names(&["Christopher", "bob"]), ["Christopher", "bob"]);
        assert_eq!(
            table_words("Leader: ann with 8 after the last hole (`golf finish` records the result)."),
            "Leader: ann with 8 after the last hole (the scorekeeper taps Finish match to record the result)."
        );
        assert_eq!(
            table_words("Chances: ann 60% · bob 40% (± up to 3 points from 2,083 samples; golf odds plays 10,000)"),
            "Chances: ann 60% · bob 40% (± up to 3 points from 2,083 samples)"
        );
    }

    #[test]
    fn the_form_names_every_player_and_escapes_them() {
        let mut picker = Picker::of(&new("classic", &[]));
        picker.players[1] = "<b>bob</b>".into();
        let html = form(&picker, None).into_string();
        assert!(html.contains(r#"data-player="ann""#));
        assert!(html.contains("&lt;b&gt;bob&lt;/b&gt;") && !html.contains("<b>"));
        assert_eq!(html.matches(r#"class="slot""#).count(), 12);
        assert!(!html.contains(r#"id="knock""#));
    }
}
