//! `golf new`: start a match (CLI.md). Everything is checked before the database is opened.

use serde::Serialize;

use super::Context;
use crate::cli::NewArgs;
use crate::error::{input, InputError};
use crate::player;
use crate::rules::{self, Tiebreak};
use crate::standings::Match;
use crate::store;

/// The most players at one table.
pub const MAX_PLAYERS: usize = 16;
/// The longest match name, in characters.
pub const MAX_MATCH_NAME: usize = 80;

/// What a new match is made of, before it is checked.
#[derive(Debug, Default)]
pub struct Spec {
    /// Variant name or file.
    pub rules: String,
    /// House rules.
    pub house: Vec<String>,
    /// Holes, if not the variant's.
    pub holes: Option<u32>,
    /// Decks, if not the variant's.
    pub decks: Option<u32>,
    /// Tiebreak chain, if not the variant's.
    pub tiebreak: Vec<String>,
    /// Match name.
    pub name: Option<String>,
    /// Players in seating order.
    pub players: Vec<String>,
}

/// Checks a spec and builds the match to record (id 0, no holes). Errors are bad input:
/// unknown rules, bad or duplicate players, holes or decks out of range, a deck too small
/// to deal everyone a grid, unknown tiebreak methods.
pub fn build(spec: Spec) -> anyhow::Result<Match> {
    let rules = rules::resolve(&spec.rules, &spec.house)?;
    let mut players: Vec<String> = Vec::new();
    for p in &spec.players {
        let name = player::normalise(p)?;
        if players
            .iter()
            .any(|q| q.to_lowercase() == name.to_lowercase())
        {
            return input(format!(
                "the player `{name}` is named twice; every player needs a distinct name"
            ));
        }
        players.push(name);
    }
    if players.len() < 2 {
        return input(format!(
            "a match needs at least 2 players; got {}. Name them in seating order: golf new --rules {} ann bob",
            players.len(),
            rules.name
        ));
    }
    if players.len() > MAX_PLAYERS {
        return input(format!(
            "{} players is more than one table holds; at most {MAX_PLAYERS}",
            players.len()
        ));
    }
    let holes = spec.holes.unwrap_or(rules.holes);
    if !(1..=36).contains(&holes) {
        return input(format!(
            "--holes {holes} is out of range; a match is 1 to 36 holes (usually 9 or 18)"
        ));
    }
    let decks = spec
        .decks
        .unwrap_or_else(|| rules.deck.decks_for(players.len()));
    if !(1..=8).contains(&decks) {
        return input(format!("--decks {decks} is out of range; expected 1 to 8"));
    }
    let cards = (52 + rules.deck.jokers_per_deck) * decks;
    let dealt = (players.len() * rules.layout.rows * rules.layout.columns) as u32;
    if dealt > cards {
        return input(format!(
            "{} players × {} cards = {dealt} cards, but {decks} deck{} hold{} {cards}; add decks with --decks {}",
            players.len(),
            rules.layout.rows * rules.layout.columns,
            if decks == 1 { "" } else { "s" },
            if decks == 1 { "s" } else { "" },
            decks + 1
        ));
    }
    let tiebreak = if spec.tiebreak.is_empty() {
        rules.tiebreak.clone()
    } else {
        let mut chain: Vec<Tiebreak> = Vec::new();
        for t in &spec.tiebreak {
            let t: Tiebreak = t.parse().map_err(InputError::new)?;
            if chain.contains(&t) {
                return input(format!("the tiebreak method {t} is named twice"));
            }
            chain.push(t);
        }
        chain
    };
    let name = match spec
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        Some(n) => Some(crate::text::stored("the match name", n, MAX_MATCH_NAME)?),
        None => None,
    };
    Ok(Match {
        id: 0,
        name,
        rules,
        holes_planned: holes,
        decks,
        tiebreak,
        players,
        started_at: store::timestamp(),
        finished_at: None,
        holes: vec![],
        penalties: vec![],
        audit: vec![],
    })
}

#[derive(Serialize)]
struct NewView<'a> {
    #[serde(rename = "match")]
    id: i64,
    name: &'a Option<String>,
    rules: &'a str,
    house: &'a [String],
    players: &'a [String],
    holes_planned: u32,
    decks: u32,
    tiebreak: &'a [Tiebreak],
    play: Vec<&'a str>,
}

/// Runs `golf new`.
pub fn run(ctx: &Context, args: NewArgs) -> anyhow::Result<()> {
    let mut m = build(Spec {
        rules: args.rules,
        house: args.house,
        holes: args.holes,
        decks: args.decks,
        tiebreak: args.tiebreak,
        name: args.name,
        players: args.players,
    })?;
    let mut store = ctx.open_write()?;
    m.id = store.write(|tx| store::insert_match(tx, &m))?;
    if ctx.out.json {
        return crate::render::json(&NewView {
            id: m.id,
            name: &m.name,
            rules: &m.rules.name,
            house: &m.rules.house,
            players: &m.players,
            holes_planned: m.holes_planned,
            decks: m.decks,
            tiebreak: &m.tiebreak,
            play: m.rules.play.iter().map(|p| p.name.as_str()).collect(),
        });
    }
    let chain: Vec<&str> = m.tiebreak.iter().map(|t| t.name()).collect();
    crate::outln!(
        "Match {} started: {}, {} hole{}, {} deck{}; players in seating order: {}.",
        m.id,
        m.rules.display_name(),
        m.holes_planned,
        if m.holes_planned == 1 { "" } else { "s" },
        m.decks,
        if m.decks == 1 { "" } else { "s" },
        m.players.join(", ")
    );
    crate::outln!(
        "Tiebreak: {}. {} deals the first hole.",
        chain.join(", then "),
        m.players[0]
    );
    for p in &m.rules.play {
        crate::outln!("Agreed: {}: {}", p.name, p.text);
    }
    crate::outln!(
        "Record each hole with: golf hole {}",
        m.players
            .iter()
            .map(|p| format!(
                "{}=\"…\"",
                if p.contains(' ') {
                    format!("\"{p}\"")
                } else {
                    p.clone()
                }
            ))
            .collect::<Vec<_>>()
            .join(" ")
    );
    Ok(())
}
