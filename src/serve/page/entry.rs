//! The entry forms of the page: the scorekeeper's (every grid, mending, the links to hand
//! out) and a player's own, each a card picker in the variant's layout.

use maud::{html, Markup, PreEscaped};

/// What the scorekeeper's form needs of the match's rules: the grid's shape, the cards of
/// the pack as typed, whether suits may be given, and whether a player may knock.
#[derive(Debug, Clone)]
pub struct Picker {
    /// The players, in seating order.
    pub players: Vec<String>,
    /// Grid rows (1 to 4, RULES.md §3).
    pub rows: usize,
    /// Grid columns (1 to 6).
    pub columns: usize,
    /// The pack's ranks as typed (`A`…`K`, `JK` where the rules have jokers, or the
    /// faces of a pack of the rules' own, RULES.md §4.1).
    pub ranks: Vec<String>,
    /// Whether a card may carry a suit (the standard pack).
    pub suits: bool,
    /// Whether the rules have knocking.
    pub knock: bool,
    /// What the rules do to the score of whoever ends a hole, in players' words, when they
    /// do anything ([`crate::game::hole::ending_adjustment`]): a hole recorded with no one
    /// going out is then worth a warning, as `golf hole` gives.
    pub ending: Option<String>,
    /// The hole the match takes next, `(number, playoff)`, if any: the forms say it.
    pub hole: Option<(u32, bool)>,
}

impl Picker {
    /// The picker for match `m`.
    pub fn of(m: &crate::game::Match) -> Picker {
        let rules = &m.rules;
        let ranks = if rules.pack.is_empty() {
            let mut ranks: Vec<String> = crate::card::Rank::STANDARD
                .iter()
                .map(|r| r.key().to_string())
                .collect();
            if rules.deck.has_jokers() {
                ranks.push("JK".into());
            }
            ranks
        } else {
            rules
                .pack
                .iter()
                .filter_map(|f| f.tokens.first().cloned())
                .collect()
        };
        Picker {
            players: m.players.clone(),
            rows: rules.layout.rows,
            columns: rules.layout.columns,
            ranks,
            suits: rules.pack.is_empty(),
            knock: rules.may_knock(),
            ending: crate::game::hole::ending_adjustment(rules),
            hole: m.next_hole().map(|(n, playoff, _)| (n, playoff)),
        }
    }
}

/// Who the page is for, beyond the card everyone sees.
#[derive(Debug, Clone)]
pub enum Entry {
    /// The scorekeeper: the form for every grid, and each player's link to hand out
    /// (`(name, link)`, in seating order).
    Keeper(Picker, Vec<(String, String)>),
    /// One player's phone (CLI.md "Player links"): the form for their own grid only.
    Player(Picker, String),
}

/// The scorekeeper's form: for each player the grid in the variant's layout (tap a slot,
/// then a card), or typed in the compact notation; who went out or knocked; record, undo,
/// finish.
/// Mending from the page (CLI.md "Mending from the page"): a recorded hole's grid or who
/// went out, as `golf amend` does, and a penalty, as `golf penalty` does.
fn mend(picker: &Picker) -> Markup {
    html! {
        details #mend {
            summary { "Mend a hole, or give a penalty" }
            fieldset {
                legend { "Mend a recorded hole" }
                label { "Hole " input #mhole type="number" min="1" inputmode="numeric" value="1"; }
                label {
                    "Player "
                    select #mplayer {
                        option value="" { "— no grid changes —" }
                        @for name in &picker.players { option value=(name) { (name) } }
                    }
                }
                label { "Their grid " input #mgrid type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" placeholder=(example(picker)); }
                label {
                    "Went out "
                    select #mout {
                        option value="=" { "as recorded" }
                        option value="" { "nobody" }
                        @for name in &picker.players { option value=(name) { (name) } }
                    }
                }
                button #amend type="button" { "Mend the hole" }
            }
            fieldset {
                legend { "Give a penalty" }
                label {
                    "Player "
                    select #pplayer {
                        @for name in &picker.players { option value=(name) { (name) } }
                    }
                }
                label { "Points " input #ppoints type="number" min="1" inputmode="numeric" value="5"; }
                label { "Why " input #preason type="text" autocomplete="off" placeholder="late to the table"; }
                button #penalty type="button" { "Give the penalty" }
            }
        }
    }
}

/// Each player's link as a QR code to scan from their own phone (CLI.md "Player links").
pub(super) fn hand_out(links: &[(String, String)]) -> Markup {
    html! {
        details #links {
            summary { "Hand out the links: each player enters their own grid" }
            div.links {
                @for (name, link) in links {
                    figure.link {
                        (PreEscaped(qr_svg(link)))
                        figcaption { (name) }
                        a href=(link) { (name) "'s link" }
                    }
                }
            }
        }
    }
}

/// `text` as a QR code in SVG (drawn by the qrcode crate), or nothing.
pub(super) fn qr_svg(text: &str) -> String {
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => code
            .render::<qrcode::render::svg::Color>()
            .min_dimensions(160, 160)
            .build(),
        Err(_) => String::new(),
    }
}

/// The hole a form is for, in words: "hole 6", "playoff hole 1", or "the next hole".
fn hole_words(hole: Option<(u32, bool)>) -> String {
    match hole {
        Some((n, false)) => format!("hole {n}"),
        Some((n, true)) => format!("playoff hole {n}"),
        None => "the next hole".into(),
    }
}

/// The keys of the card picker: the four suits first (a suited card is its suit, then its
/// rank), then the ranks and ⌫; each key's accessible name holds the text it shows.
fn keys(picker: &Picker) -> Markup {
    html! {
        div.picker role="group" aria-label="cards" {
            @if picker.suits {
                @for suit in crate::card::Suit::ALL {
                    button type="button" class=(format!("suit {}", suit_colour(suit.letter()))) data-suit=(suit.letter())
                        aria-pressed="false" title=(suit.plural()) aria-label=(format!("{} {}", suit.symbol(), suit.plural())) { (suit.symbol()) }
                }
            }
            @for rank in &picker.ranks {
                button.rank type="button" data-card=(rank) { (rank) }
            }
            button.back type="button" title="clear the slot" aria-label="⌫ clear the slot" { "⌫" }
        }
    }
}

/// The colour a suit is printed in, as a class: hearts and diamonds red, the others black.
pub(super) fn suit_colour(letter: char) -> &'static str {
    match letter {
        'h' | 'd' => "red",
        _ => "black",
    }
}

/// One player's slots in the variant's layout, the grid as typed, and where a refusal of
/// it is said.
fn grid(picker: &Picker, seat: usize, name: &str) -> Markup {
    html! {
        div.player data-player=(name) data-seat=(seat) {
            h3 { (name) }
            div class=(format!("slots cols-{}", picker.columns)) {
                @for i in 0..picker.rows * picker.columns {
                    button.slot type="button" data-i=(i) aria-label=(format!("{name}: card {}", i + 1)) { "" }
                }
            }
            input.grid-text type="text" autocomplete="off" autocapitalize="characters"
                spellcheck="false" aria-label=(format!("{name}'s grid"))
                placeholder=(example(picker));
            p.err role="alert" hidden {}
        }
    }
}

/// The entry form: every grid for the scorekeeper (`me` `None`), or one player's own,
/// each naming the hole it is for.
pub(super) fn form(picker: &Picker, me: Option<&String>) -> Markup {
    let players: Vec<&String> = match me {
        Some(me) => vec![me],
        None => picker.players.iter().collect(),
    };
    let (hole, playoff) = picker.hole.map_or((0, false), |h| h);
    let which = hole_words(picker.hole);
    html! {
        section #keeper data-rows=(picker.rows) data-columns=(picker.columns)
            data-hole=(hole) data-playoff=[playoff.then_some("")]
            data-ending=[picker.ending.as_deref()] data-me=[me] aria-labelledby="keeper-h" {
            div #entry {
                h2 #keeper-h {
                    @if me.is_some() { "Your grid for " } @else { "Record " }
                    span.which { (which) }
                }
                p #kept.warn role="alert" hidden {}
                (keys(picker))
                @for (seat, name) in players.iter().enumerate() {
                    (grid(picker, seat, name))
                }
                p.hint { "Tap a suit, then the rank; the next slot follows. Or type the grid (rows split by /)." }
                @if me.is_some() {
                    div.ending {
                        label { input #iout type="checkbox"; " I went out" }
                        @if picker.knock {
                            label { input #iknock type="checkbox"; " I knocked" }
                        }
                    }
                    button #send.go type="button" { "Send my grid for " span.which { (which) } }
                    p #status role="status" {}
                    p #drafted role="status" {}
                } @else {
                    (keepers_part(picker, &which))
                }
            }
            @if me.is_none() {
                (mend(picker))
                p #status role="status" {}
            }
        }
    }
}

/// The scorekeeper's part of the form: the draft as the phones sent it, who ended the
/// hole, Record, Undo and Finish.
fn keepers_part(picker: &Picker, which: &str) -> Markup {
    html! {
        div #draftview role="status" {}
        p #drafted role="status" {}
        div.ending {
            label {
                "Went out "
                select #out {
                    option value="" { "—" }
                    @for name in &picker.players { option value=(name) { (name) } }
                }
            }
            @if picker.knock {
                label {
                    "Knocked "
                    select #knock {
                        option value="" { "—" }
                        @for name in &picker.players { option value=(name) { (name) } }
                    }
                }
            }
        }
        button #fromdraft.go type="button" hidden { "Record " span.which { (which) } " as the phones sent it" }
        button #record type="button" { "Record " span.which { (which) } }
        div.actions {
            button #undo type="button" { "Undo last entry" }
            button #finish type="button" { "Finish match" }
        }
    }
}

/// A grid of the picker's shape in notation, as the input's placeholder.
pub(super) fn example(picker: &Picker) -> String {
    let card = picker.ranks.get(4).map_or("5", String::as_str);
    vec![vec![card; picker.columns].join(" "); picker.rows].join(" / ")
}
