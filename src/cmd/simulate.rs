//! `golf simulate`: bots play whole matches under the rules, and the figures are shown
//! (CLI.md "Simulation, odds and ratings"; RULES.md §14–15). Reads and writes no database.

use super::Context;
use crate::bots::expert::Expert;
use crate::bots::Strategy;
use crate::cli::SimulateArgs;
use crate::error::{InputError, Result};
use crate::rules;
use crate::sim::analyse::Analyse;
use crate::sim::record::Recorders;
use crate::sim::{self, SimError, Tee, Trial, Unwatched};
use crate::view::export::Export;
use crate::view::simulate::{seat_names, SimulateView, Tracer};

/// Runs `golf simulate`.
pub fn run(ctx: &Context, args: SimulateArgs) -> Result<()> {
    let setup = setup(ctx, &args)?;
    let guard = ctx.output_guard()?;
    for path in args.trace.iter().chain(&args.export) {
        guard.check(path)?;
    }
    if let (Some(trace), Some(export)) = (&args.trace, &args.export) {
        crate::output_file::distinct(&[("--trace", trace), ("--export", export)])?;
    }
    let bar = crate::view::progress(setup.matches as usize, "simulating");
    let progress = |n: u64| bar.set_position(n);
    let (report, analysis) = if args.trace.is_none() && args.export.is_none() && !args.analyse {
        (
            sim::run(&setup, args.threads.unwrap_or(0), &progress)?,
            None,
        )
    } else {
        watched(&setup, &args, &guard, &progress)?
    };
    bar.finish_and_clear();
    let mut view = SimulateView::new(&setup, &report);
    if let Some(given) = analysis {
        for (seat, g) in view.seats.iter_mut().zip(given) {
            seat.given_away_per_decision = Some(g);
        }
    }
    ctx.out.show(&view)
}

/// One match after another, every move to the trace and every match to the export.
fn watched(
    setup: &Trial,
    args: &SimulateArgs,
    guard: &crate::output_file::Guard,
    progress: &dyn Fn(u64),
) -> Result<(sim::Report, Option<Vec<f64>>)> {
    let names = seat_names(&setup.seating());
    let decks = setup.rules.deck.decks_for(setup.players);
    let at = crate::store::timestamp();
    let mut recorders = (args.export.as_ref()).map(|_| Recorders::new(setup, names.clone(), &at));
    let scorer = crate::scoring::Scorer::new(&setup.rules);
    let mut analyse = match args.analyse {
        false => None,
        true => {
            let pack = crate::play::pack(&setup.rules, decks);
            let expert = Expert::new(&setup.rules, &scorer, &pack, setup.players)
                .ok_or_else(|| anyhow::anyhow!("the rules' grid is beyond the largest"))?;
            Some(Analyse::new(expert.for_advice(), setup.players))
        }
    };
    let mut outcome = None;
    let mut simulate = |first: &mut dyn sim::Watch| {
        let mut unwatched = Unwatched;
        let judge: &mut dyn sim::Watch = match analyse.as_mut() {
            Some(a) => a,
            None => &mut unwatched,
        };
        let first = &mut Tee(first, judge);
        let mut none = (Unwatched, Unwatched);
        let (second, vs): (&mut dyn sim::Watch, &mut dyn sim::Watch) = match recorders.as_mut() {
            Some(r) => r.watches(),
            None => (&mut none.0, &mut none.1),
        };
        let tee = &mut Tee(first, second);
        outcome = Some(sim::run_watched(setup, tee, vs, progress));
    };
    // the trace stays aside until the export is written too: an interruption, or an export
    // refused, leaves neither in place
    let trace = match &args.trace {
        Some(path) => crate::output_file::write_pending(path, guard, |w| {
            let mut tracer = Tracer::new(w, &setup.rules, names.clone(), decks, setup.holes);
            simulate(&mut tracer);
            tracer.finish()
        })?,
        None => {
            simulate(&mut Unwatched);
            None
        }
    };
    let report = outcome.ok_or_else(|| anyhow::anyhow!("the simulation did not run"))??;
    let mut export = None;
    if let (Some(path), Some(recorders)) = (&args.export, recorders) {
        let matches = recorders.finish()?;
        let json = Export::new(matches, Vec::new()).json()?;
        // the estimate checked before the run errs high; this holds whatever it missed
        if json.len() as u64 > crate::bounds::MAX_EXPORT_BYTES {
            return Err(InputError::new(format!(
                "--export would write {} MB, more than the {} MB golf import reads; nothing was written; use fewer --matches with --export",
                json.len() / 1_000_000,
                crate::bounds::MAX_EXPORT_BYTES / 1_000_000
            ))
            .into());
        }
        export = crate::output_file::write_pending(path, guard, |w| w.write_all(json.as_bytes()))?;
    }
    for pending in [trace, export].into_iter().flatten() {
        pending.commit()?;
    }
    Ok((report, analyse.map(|a| a.per_decision())))
}

/// The checked setup: rules, counts and bots, before anything runs or is written.
fn setup(ctx: &Context, args: &SimulateArgs) -> Result<Trial> {
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
        .map(|b| b.parse::<Strategy>())
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
    let setup = Trial {
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
        setup.check_export()?;
    }
    Ok(setup)
}
