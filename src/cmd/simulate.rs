//! `golf simulate`: bots play whole matches under the rules, and the figures are shown
//! (CLI.md "Simulation, odds and ratings"; RULES.md §14–15). Reads and writes no database.

use std::io::BufWriter;
use std::path::Path;

use super::Context;
use crate::bots::Kind;
use crate::cli::SimulateArgs;
use crate::error::{InputError, Result};
use crate::rules;
use crate::sim::{self, Setup, SimError, Unwatched};
use crate::view::simulate::{seat_names, SimulateView, Tracer};

/// Runs `golf simulate`.
pub fn run(ctx: &Context, args: SimulateArgs) -> Result<()> {
    let setup = setup(ctx, &args)?;
    let bar = crate::view::progress(setup.matches as usize, "simulating");
    let report = match &args.trace {
        Some(path) => {
            let file = create(path, "trace")?;
            let names = seat_names(&setup.seating());
            let decks = setup.rules.deck.decks_for(setup.players);
            let mut tracer = Tracer::new(BufWriter::new(file), &setup.rules, names, decks);
            let report = sim::run_watched(&setup, &mut tracer, &mut Unwatched, &|n| {
                bar.set_position(n)
            })?;
            tracer.finish().map_err(|e| {
                anyhow::anyhow!("cannot write the trace to {}: {e}", path.display())
            })?;
            report
        }
        None => sim::run(&setup, args.threads.unwrap_or(0), &|n| bar.set_position(n))?,
    };
    bar.finish_and_clear();
    ctx.out.show(&SimulateView::new(&setup, &report))
}

/// The checked setup: rules, counts and bots, before anything runs or is written.
fn setup(ctx: &Context, args: &SimulateArgs) -> Result<Setup> {
    let rules = rules::resolve(
        &ctx.rules(args.rules.clone())?,
        &ctx.house(args.house.clone()),
    )?;
    let vs = match &args.vs {
        Some(name) => Some(rules::resolve(name, &args.vs_house)?),
        None => None,
    };
    let bots = args
        .bots
        .iter()
        .map(|b| b.parse::<Kind>())
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(|e| InputError::new(e.to_string()))?;
    let players = usize::try_from(args.players).unwrap_or(usize::MAX);
    let holes = match args.holes {
        Some(h) => usize::try_from(h).unwrap_or(usize::MAX),
        None => rules.holes as usize,
    };
    if args.threads == Some(0) || args.threads.is_some_and(|t| t > 256) {
        return Err(InputError::new("--threads must be 1 to 256").into());
    }
    let setup = Setup {
        rules,
        vs,
        players,
        holes,
        matches: args.matches,
        bots,
        seed: args.seed,
    };
    setup
        .check()
        .map_err(|e: SimError| -> crate::Error { e.into() })?;
    if args.export.is_some() {
        return Err(InputError::new(
            "--export is not available yet; use --trace FILE for every move, or --json for the figures",
        )
        .into());
    }
    Ok(setup)
}

fn create(path: &Path, what: &str) -> Result<std::fs::File> {
    std::fs::File::create(path)
        .map_err(|e| anyhow::anyhow!("cannot write the {what} to {}: {e}", path.display()).into())
}
