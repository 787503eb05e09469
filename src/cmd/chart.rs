//! `golf chart [MATCH] [--svg FILE]`, `golf chart --player NAME [--svg FILE]` and
//! `golf chart --ratings [--method METHOD] [--svg FILE]` and `golf chart --odds-check [--svg
//! FILE]`.

use super::{pick_match, Context};
use crate::cli::ChartArgs;
use crate::error::{input, Result};
use crate::ratings::Method;
use crate::store;
use crate::view::chart::ChartView;

/// The most matches a player's chart reads, newest first.
const PLAYER_MATCHES: u32 = 1000;

/// Runs `golf chart`.
pub fn run(ctx: &Context, args: ChartArgs) -> Result<()> {
    let mut store = ctx.open_read()?;
    let chart = match &args.player {
        None if args.odds_check => {
            let finished =
                crate::odds::to_check(store.read(|tx| Ok(store::stats::to_replay(tx, None)?))?);
            let simulated =
                |m: &crate::game::Match| crate::cache::simulated(&m.rules, m.players.len());
            let samples = crate::odds::check::DEFAULT_SAMPLES;
            let record = crate::odds::check::check(&finished, simulated, samples, 0)?;
            if record.predictions == 0 {
                return input("no finished match of two holes or more to judge the odds on yet; `golf odds --check` says more");
            }
            ChartView::reliability(&record)
        }
        None if args.ratings => {
            let filter = crate::store::stats::Filter::default();
            let finishes = store.read(|tx| Ok(store::stats::finishes(tx, &filter)?))?;
            let matches: Vec<crate::ratings::RatedMatch> =
                finishes.into_iter().map(Into::into).collect();
            if matches.is_empty() {
                return input("no finished match to rate yet; `golf finish` records a result");
            }
            let method = match args.method {
                Some(m) => m,
                None => super::ratings::default_method(&matches).0,
            };
            match method {
                Method::WengLin => ChartView::ratings(&crate::ratings::rate(&matches)),
                Method::PlackettLuce => {
                    ChartView::plackett_luce(&crate::ratings::plackett_luce::nightly(&matches))
                }
            }
        }
        Some(name) => {
            let name = crate::player::normalise(name)?;
            let matches = store.read(|tx| {
                let mut ids = store::match_ids(tx, Some(&name), PLAYER_MATCHES)?;
                ids.reverse();
                ids.into_iter()
                    .map(|id| pick_match(tx, Some(id), false))
                    .collect::<Result<Vec<_>>>()
            })?;
            if matches.is_empty() {
                return input(format!(
                    "no match with a player named {}",
                    crate::text::escape(&name)
                ));
            }
            ChartView::player(&name, &matches)
        }
        None => ChartView::running(&store.read(|tx| pick_match(tx, args.match_id, false))?),
    };
    match &args.svg {
        Some(_) if chart.no_line.is_some() => input(format!(
            "{} `golf chart --ratings` without --svg shows them as a table, as `golf ratings` does",
            chart.no_line.as_deref().unwrap_or_default()
        )),
        Some(path) => {
            ctx.write_file(path, chart.svg()?.as_bytes())?;
            if !ctx.out.json && path.as_os_str() != "-" {
                crate::view::outln!("Wrote {} ({}).", crate::text::path(path), chart.title);
            }
            Ok(())
        }
        // the lines in the chart's own colours; every name in it was escaped when built
        None => ctx
            .out
            .show_keeping(&chart, crate::view::chart::is_own_colour),
    }
}
