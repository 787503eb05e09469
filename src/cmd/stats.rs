//! `golf stats` and `golf head-to-head`: figures over finished matches (abandoned ones left
//! out), answered by SQL aggregates; `golf stats --night` is one evening's table.

use super::Context;
use crate::cli::{HeadToHeadArgs, StatsArgs};
use crate::error::{input, Result};
use crate::store::{stats, Store};
use crate::view::stats::{HeadToHead, NightView, StatsView};

/// Runs `golf stats`.
pub fn run(ctx: &Context, args: StatsArgs) -> Result<()> {
    let mut filter = super::season(args.season, args.player.as_deref())?;
    let night = match args.night.as_deref() {
        None => None,
        Some("latest") => Some(None),
        Some(d) => Some(super::day("--night", Some(d.to_string()))?),
    };
    let Some(mut store) = Store::open_read_only(&ctx.db_path()?)? else {
        return show(ctx, night.map(|_| String::new()), Vec::new(), 0);
    };
    let (night, rows, matches) = store.read(|tx| {
        let night = match night {
            None => None,
            Some(Some(d)) => Some(d),
            Some(None) => Some(stats::latest_night(tx, &filter)?.unwrap_or_default()),
        };
        if let Some(d) = &night {
            filter.since = Some(d.clone());
            filter.until = Some(d.clone());
        }
        let matches = match &night {
            Some(_) => stats::finishes(tx, &filter)?.len(),
            None => 0,
        };
        Ok((night, stats::players(tx, &filter)?, matches))
    })?;
    show(ctx, night, rows, matches)
}

/// The table (or one night's), or a word on stderr when no finished match is selected.
fn show(
    ctx: &Context,
    night: Option<String>,
    rows: Vec<stats::PlayerStats>,
    matches: usize,
) -> Result<()> {
    if rows.is_empty() && !ctx.out.json {
        crate::view::say!("golf: no finished match matches; stats count finished matches only");
        return Ok(());
    }
    match night {
        Some(night) => ctx.out.show(&NightView {
            night,
            matches,
            players: rows,
        }),
        None => ctx.out.show(&StatsView(rows)),
    }
}

/// Runs `golf head-to-head`.
pub fn head_to_head(ctx: &Context, args: HeadToHeadArgs) -> Result<()> {
    let a = crate::player::normalise(&args.a)?;
    let b = crate::player::normalise(&args.b)?;
    if a.eq_ignore_ascii_case(&b) {
        return input("head-to-head needs two different players");
    }
    let filter = super::season(args.season, None)?;
    let meetings = match Store::open_read_only(&ctx.db_path()?)? {
        Some(mut store) => store.read(|tx| Ok(stats::meetings(tx, &a, &b, &filter)?))?,
        None => Vec::new(),
    };
    ctx.out.show(&HeadToHead::new(&a, &b, meetings))
}
