//! `golf score`: score one grid without a match, explaining every point (CLI.md).

use std::io::IsTerminal;

use serde::Serialize;

use super::Context;
use crate::cli::ScoreArgs;
use crate::deck;
use crate::error::input;
use crate::grid::Grid;
use crate::rules::{self, Rules};
use crate::scoring::{self, Breakdown};

/// The JSON document of `golf score --json`.
#[derive(Debug, Serialize)]
pub struct ScoreView<'a> {
    /// The variant's name.
    pub rules: &'a str,
    /// House rules applied.
    pub house: &'a [String],
    /// The grid, normalised.
    pub grid: String,
    /// One line per set, card and bonus.
    pub explanation: Vec<String>,
    /// The breakdown, with `total`, the grid score.
    #[serde(flatten)]
    pub breakdown: &'a Breakdown,
}

/// Runs `golf score`.
pub fn run(ctx: &Context, args: ScoreArgs) -> anyhow::Result<()> {
    let rules = rules::resolve(&args.rules, &args.house)?;
    let text = if args.grid.is_empty() {
        if std::io::stdin().is_terminal() {
            return input(
                "no grid given; expected a grid such as \"5 K Q / 5 2 J\" (rows separated by `/`)",
            );
        }
        crate::text::read_capped(std::path::Path::new("-"), 4096).map_err(|e| {
            crate::error::InputError::new(format!("cannot read the grid from stdin: {e}"))
        })?
    } else {
        args.grid.join(" ")
    };
    let decks = match args.decks {
        Some(d) if (1..=8).contains(&d) => d,
        Some(d) => return input(format!("--decks {d} is out of range; expected 1 to 8")),
        None => rules.deck.decks,
    };
    let grid = Grid::parse_for(&text, rules.expected())?;
    deck::check_hole(&[("the grid", &grid)], decks, rules.deck.jokers_per_deck)?;
    let breakdown = scoring::score(&grid, &rules);
    show(ctx, &rules, &grid, &breakdown)
}

fn show(ctx: &Context, rules: &Rules, grid: &Grid, breakdown: &Breakdown) -> anyhow::Result<()> {
    if ctx.out.json {
        return crate::render::json(&ScoreView {
            rules: &rules.name,
            house: &rules.house,
            grid: grid.to_string(),
            explanation: breakdown.lines(),
            breakdown,
        });
    }
    let mut header = vec![String::new()];
    header.extend((1..=grid.columns()).map(|c| format!("col {c}")));
    let mut table = ctx.out.table(header);
    for (r, row) in grid.cards().chunks(grid.columns()).enumerate() {
        let mut cells = vec![format!("row {}", r + 1)];
        cells.extend(row.iter().map(|c| c.to_string()));
        table.add_row(cells);
    }
    crate::outln!(
        "{} — {}",
        ctx.out.strong(&rules.display_name()),
        rules.title
    );
    crate::outln!("{table}");
    for line in breakdown.lines() {
        crate::outln!("  {line}");
    }
    crate::outln!("{}", ctx.out.strong(&format!("Total: {}", breakdown.total)));
    Ok(())
}
