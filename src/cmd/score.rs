//! `golf score`: score one grid without a match, explaining every point (CLI.md).

use std::io::IsTerminal;

use super::Context;
use crate::cli::ScoreArgs;
use crate::deck;
use crate::error::{input, InputError, Result};
use crate::grid::Grid;
use crate::rules;
use crate::scoring;
use crate::view::score::ScoreView;

/// The most bytes of grid read from standard input.
const MAX_STDIN: u64 = 4096;

/// Runs `golf score`.
pub fn run(ctx: &Context, args: ScoreArgs) -> Result<()> {
    let rules = rules::resolve(&args.rules, &args.house)?;
    let text = if args.grid.is_empty() {
        if std::io::stdin().is_terminal() {
            return input(
                "no grid given; expected a grid such as \"5 K Q / 5 2 J\" (rows separated by `/`)",
            );
        }
        crate::text::read_capped(std::path::Path::new("-"), MAX_STDIN)
            .map_err(|e| InputError::new(format!("cannot read the grid from stdin: {e}")))?
    } else {
        args.grid.join(" ")
    };
    let decks = match args.decks {
        Some(d) => {
            crate::bounds::Decks::try_from(i64::from(d))
                .map_err(|e| InputError::new(format!("--decks {e}")))?
                .0
        }
        None => rules.deck.decks,
    };
    let grid = Grid::parse_for(&text, rules.expected())?;
    deck::check_hole(&[("the grid", &grid)], decks, &rules)?;
    let breakdown = scoring::score(&grid, &rules);
    ctx.out.show(&ScoreView::new(&rules, &grid, breakdown))
}
