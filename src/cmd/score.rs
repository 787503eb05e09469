//! `golf score`: score one grid, or a whole hole (`PLAYER=GRID...`), without a match,
//! explaining every point (CLI.md).

use std::io::IsTerminal;

use super::Context;
use crate::cli::ScoreArgs;
use crate::deck;
use crate::error::{input, InputError, Result};
use crate::game::{Ending, Typed};
use crate::grid::Grid;
use crate::rules::{self, Rules};
use crate::scoring;
use crate::view::score::{HoleScoreView, ScoreView};

/// The most bytes of grid read from standard input.
const MAX_STDIN: u64 = 4096;

/// Runs `golf score`.
pub fn run(ctx: &Context, args: ScoreArgs) -> Result<()> {
    let rules = rules::resolve(
        &ctx.rules(args.rules.clone())?,
        &ctx.house(args.house.clone()),
    )?;
    let decks = match args.decks {
        Some(d) => {
            crate::bounds::Decks::try_from(i64::from(d))
                .map_err(|e| InputError::new(format!("--decks {e}")))?
                .0
        }
        None => rules.deck.decks,
    };
    if args.grid.iter().any(|a| a.contains('=')) {
        return hole(ctx, &rules, decks, &args);
    }
    if args.out.is_some() || args.knock.is_some() {
        return input(
            "--out and --knock score a whole hole; give each player's grid as PLAYER=GRID",
        );
    }
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
    let grid = Grid::parse_for(&text, rules.expected())?;
    deck::check_hole(&[("the grid", &grid)], decks, &rules)?;
    let breakdown = scoring::score(&grid, &rules);
    let whole_hole = rules.hole_house_rules();
    if !whole_hole.is_empty() {
        crate::view::say!(
            "golf: {} {} a whole hole's scores, which one grid cannot show: this is the grid score only. Give every player's grid as PLAYER=GRID (e.g. ann=\"…\" bob=\"…\", with --out PLAYER) to score the hole.",
            whole_hole.join(", "),
            if whole_hole.len() == 1 { "adjusts" } else { "adjust" }
        );
    }
    ctx.out.show(&ScoreView::new(&rules, &grid, breakdown))
}

/// A whole hole: every grid, the deck across them, and the hole adjustments (RULES.md §5),
/// scored by the match engine as a hole of a match would be.
fn hole(ctx: &Context, rules: &Rules, decks: u32, args: &ScoreArgs) -> Result<()> {
    let mut names: Vec<String> = Vec::new();
    let mut entries: Vec<(usize, Typed)> = Vec::new();
    let most = crate::game::setup::MAX_PLAYERS;
    if args.grid.len() > most {
        return input(format!(
            "{} grids is more than one table holds; at most {most}",
            args.grid.len()
        ));
    }
    for arg in &args.grid {
        let Some((name, text)) = arg.split_once('=') else {
            return input(format!(
                "`{arg}` is not PLAYER=GRID; give every player's grid as PLAYER=GRID"
            ));
        };
        let name = crate::player::normalise(name)?;
        if names.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
            return input(format!(
                "{name} is given twice; expected one grid per player"
            ));
        }
        entries.push((names.len(), Typed::parse(&name, text, rules)?));
        names.push(name);
    }
    crate::player::distinct(&names)?;
    let ended = match (args.out.as_deref(), args.knock.as_deref()) {
        (Some(n), _) | (None, Some(n)) => Some(Ending {
            seat: crate::player::find(&names, n)?,
            knocked: args.knock.is_some(),
        }),
        (None, None) => None,
    };
    crate::game::hole::check_knock(rules, &names, ended)?;
    let scored = crate::game::hole::score(rules, decks, &names, &entries, ended)?;
    ctx.out
        .show(&HoleScoreView::new(rules, &names, &entries, &scored, ended))
}
