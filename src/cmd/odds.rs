//! `golf odds`: each player's chance to win the match in progress and what they need to
//! catch the leader (CLI.md, RULES.md §15); `--check`, the odds judged against every
//! finished match.

use super::{pick_match, Context};
use crate::cli::OddsArgs;
use crate::error::{input, Result};
use crate::odds::check;
use crate::view::odds::{OddsCheckView, OddsView};

/// Runs `golf odds`.
pub fn run(ctx: &Context, args: OddsArgs) -> Result<()> {
    if args.check {
        let mut store = ctx.open_read()?;
        let finished = crate::odds::to_check(
            store.read(|tx| Ok(crate::store::stats::to_replay(tx, args.rules.as_deref())?))?,
        );
        let simulated = |m: &crate::game::Match| crate::cache::simulated(&m.rules, m.players.len());
        let samples = args.samples.unwrap_or(check::DEFAULT_SAMPLES);
        let record = check::check(&finished, simulated, samples, args.seed.unwrap_or(0))?;
        return ctx.out.show(&OddsCheckView::new(record));
    }
    let mut store = ctx.open_read()?;
    let (m, history) = store.read(|tx| {
        let m = pick_match(tx, args.match_id, true)?;
        let pool = crate::odds::draws::POOL_MATCHES;
        let history =
            crate::odds::History::from(crate::store::stats::hole_history(tx, m.id, pool)?);
        Ok((m, history))
    })?;
    if m.abandoned_at.is_some() || m.finished_at.is_some() {
        let state = match m.abandoned_at {
            Some(_) => "abandoned",
            None => "finished",
        };
        return input(format!(
            "match {} is {state}: there is nothing left to win (`golf card {}` shows how it ended); odds are for a match in progress",
            m.id, m.id
        ));
    }
    let seed = args.seed.unwrap_or_else(|| crate::odds::default_seed(&m));
    let odds = crate::odds::for_match(
        &m,
        &history,
        || crate::cache::simulated(&m.rules, m.players.len()),
        args.samples.unwrap_or(crate::odds::DEFAULT_SAMPLES),
        seed,
    )?;
    ctx.out.show(&OddsView::new(&m, &odds, args.explain))
}
