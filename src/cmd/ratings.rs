//! `golf ratings`: the leaderboard by rating (RULES.md §16), recomputed from the finished
//! matches every time, so an amended or reopened match counts at once.

use super::Context;
use crate::cli::RatingsArgs;
use crate::error::Result;
use crate::ratings::{self, RatedMatch, Ratings};
use crate::store::{stats, Store};
use crate::view::ratings::RatingsView;

/// Rates the finished matches `filter` selects (its player aside).
fn rated(ctx: &Context, filter: &stats::Filter) -> Result<(Ratings, usize)> {
    let Some(mut store) = Store::open_read_only(&ctx.db_path()?)? else {
        return Ok((Ratings::default(), 0));
    };
    let finishes = store.read(|tx| Ok(stats::finishes(tx, filter)?))?;
    let matches: Vec<RatedMatch> = finishes.into_iter().map(Into::into).collect();
    Ok((ratings::rate(&matches), matches.len()))
}

/// Runs `golf ratings`.
pub fn run(ctx: &Context, args: RatingsArgs) -> Result<()> {
    let filter = super::season(args.season, args.player.as_deref())?;
    let (mut rated, matches) = rated(ctx, &filter)?;
    if let Some(p) = &filter.player {
        rated
            .standings
            .retain(|s| s.player.to_lowercase() == p.to_lowercase());
    }
    if rated.standings.is_empty() && !ctx.out.json {
        match &filter.player {
            Some(p) => crate::say!(
                "golf: no rated match with a player named {}; ratings count finished matches only",
                crate::text::escape(p)
            ),
            None => {
                crate::say!("golf: no finished match matches; ratings count finished matches only")
            }
        }
        return Ok(());
    }
    ctx.out.show(&RatingsView::new(rated, matches))
}
