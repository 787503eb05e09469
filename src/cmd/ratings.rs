//! `golf ratings`: the leaderboard by rating (RULES.md §16), recomputed from the finished
//! matches every time, so an amended or reopened match counts at once; `--check`, each
//! method's track record on the selection.

use super::Context;
use crate::cli::RatingsArgs;
use crate::error::Result;
use crate::ratings::{self, check, plackett_luce, Method, RatedMatch, CHOOSE_FROM};
use crate::store::{stats, Store};
use crate::view::ratings::{CheckView, Chosen, RatingsView};

/// The finished matches `filter` selects (its player aside).
fn selected(ctx: &Context, filter: &stats::Filter) -> Result<Vec<RatedMatch>> {
    let Some(mut store) = Store::open_read_only(&ctx.db_path()?)? else {
        return Ok(Vec::new());
    };
    let finishes = store.read(|tx| Ok(stats::finishes(tx, filter)?))?;
    Ok(finishes.into_iter().map(Into::into).collect())
}

/// The method `golf ratings` uses for `matches` when none is asked for (CLI.md): the one
/// `--check` finds best once they number [`CHOOSE_FROM`] — judged on the latest of them
/// alone ([`check::recent`]: at most 1,249) — else Weng–Lin; the track record kept in the
/// cache folder until the results change.
pub(super) fn default_method(matches: &[RatedMatch]) -> (Method, Chosen) {
    if matches.len() < CHOOSE_FROM {
        return (Method::WengLin, Chosen::Few(matches.len()));
    }
    let c = crate::cache::rating_check(matches);
    let rated = check::in_order(matches).len();
    (c.best, Chosen::Checked(Box::new(c), rated))
}

/// Runs `golf ratings`.
pub fn run(ctx: &Context, args: RatingsArgs) -> Result<()> {
    let filter = super::season(args.season, args.player.as_deref())?;
    let matches = selected(ctx, &filter)?;
    if args.check {
        return ctx.out.show(&CheckView::new(check::check(&matches)));
    }
    let (method, chosen) = match args.method {
        Some(m) => (m, Chosen::Asked),
        None => default_method(&matches),
    };
    let mut view = match method {
        Method::WengLin => RatingsView::new(ratings::rate(&matches), matches.len(), &chosen),
        Method::PlackettLuce => {
            RatingsView::plackett_luce(plackett_luce::leaderboard(&matches), matches.len(), &chosen)
        }
    };
    if let Some(p) = &filter.player {
        view.only(p);
    }
    if view.rows.is_empty() && !ctx.out.json {
        match &filter.player {
            Some(p) => crate::view::say!(
                "golf: no rated match with a player named {}; ratings count finished matches only",
                crate::text::escape(p)
            ),
            None => {
                crate::view::say!(
                    "golf: no finished match matches; ratings count finished matches only"
                )
            }
        }
        return Ok(());
    }
    ctx.out.show(&view)
}
