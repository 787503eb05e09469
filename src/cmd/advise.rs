//! `golf advise`: every legal move of a position as a player sees it, best first, weighed
//! by the expert's evaluation (CLI.md "Advice", RULES.md §18).

use super::Context;
use crate::bots::advice::{self, Sighting};
use crate::card::Card;
use crate::cli::AdviseArgs;
use crate::error::{input, Result};
use crate::game::setup::MAX_PLAYERS;
use crate::grid::{Grid, Seen};
use crate::rules::{self, Rules};
use crate::view::advise::Advice;

/// Runs `golf advise`.
pub fn run(ctx: &Context, args: AdviseArgs) -> Result<()> {
    let rules = rules::resolve(
        &ctx.rules(args.rules.clone())?,
        &ctx.house(args.house.clone()),
    )?;
    let others = args.other.len();
    let players = match args.players {
        None => others + 1,
        Some(n) if (1..=MAX_PLAYERS as u64).contains(&n) && n as usize > others => n as usize,
        Some(n) => {
            return input(format!(
            "--players {n}: expected 1 to {MAX_PLAYERS}, and more than the {others} --other grids"
        ))
        }
    };
    let (mut grids, mut names) = (Vec::with_capacity(others), Vec::with_capacity(others));
    for other in &args.other {
        let Some((name, text)) = other.split_once('=') else {
            return input(format!(
                "--other {}: expected PLAYER=GRID, e.g. bob=\"? 4 ? / ? 8 ?\"",
                crate::text::escape(other)
            ));
        };
        let flag = format!("--other {}", crate::text::escape(name));
        if names.contains(&flag) {
            return input(format!(
                "{flag}: given twice; expected one grid for each other player"
            ));
        }
        grids.push(grid(text, &flag, &rules)?);
        names.push(flag);
    }
    let mut seen = Vec::new();
    for token in args.seen.iter().flat_map(|s| s.split([' ', ','])) {
        if !token.trim().is_empty() {
            seen.push(card(token, "--seen", &rules)?);
        }
    }
    let sighting = Sighting {
        own: grid(&args.grid, "--grid", &rules)?,
        others: grids,
        players,
        seen,
        discard: card(&args.discard, "--discard", &rules)?,
        drawn: match &args.drawn {
            Some(drawn) => Some(card(drawn, "--drawn", &rules)?),
            None => None,
        },
        ended: args.ended,
    };
    let weighing = advice::advise(&rules, &sighting, &names)?;
    if weighing.estimated {
        crate::say!(
            "golf: too many face-down cards to weigh every way they could be filled; the figures are the expert's estimates"
        );
    }
    ctx.out.show(&Advice::of(&rules, &weighing))
}

/// A grid typed as the player sees it (RULES.md §2: `?` face down, `?5` peeked), its
/// errors named by `flag`.
fn grid(text: &str, flag: &str, rules: &Rules) -> Result<Vec<Seen>> {
    match Grid::parse_seen(text, rules.expected()) {
        Ok(seen) => Ok(seen),
        Err(e) => input(format!("{flag}: {e}")),
    }
}

/// One card typed alone (RULES.md §2, [`crate::grid::card_for`]), its errors named by
/// `flag`.
fn card(token: &str, flag: &str, rules: &Rules) -> Result<Card> {
    match crate::grid::card_for(token, &rules.expected()) {
        Ok(card) => Ok(card),
        Err(why) => input(format!("{flag}: {}", crate::text::escape(&why))),
    }
}
