//! `golf stats` and `golf head-to-head`: figures over finished matches (abandoned ones left
//! out), answered by SQL aggregates.

use super::Context;
use crate::cli::{HeadToHeadArgs, StatsArgs};
use crate::error::{input, Result};
use crate::store::{stats, Store};
use crate::view::stats::{HeadToHead, StatsView};

/// A day as `YYYY-MM-DD`, checked.
fn day(flag: &str, text: Option<String>) -> Result<Option<String>> {
    match text {
        None => Ok(None),
        Some(t) => match crate::text::day(&t) {
            Some(d) => Ok(Some(d.format("%Y-%m-%d").to_string())),
            None => input(format!(
                "{flag} `{}` is not a day in the years 0001 to 9999; expected e.g. 2026-11-01",
                crate::text::escape(&t)
            )),
        },
    }
}

/// Runs `golf stats`.
pub fn run(ctx: &Context, args: StatsArgs) -> Result<()> {
    let filter = stats::Filter {
        player: args
            .player
            .as_deref()
            .map(crate::player::normalise)
            .transpose()?,
        rules: args.rules,
        since: day("--since", args.since)?,
        until: day("--until", args.until)?,
    };
    let rows = match Store::open_read_only(&ctx.db_path()?)? {
        Some(mut store) => store.read(|tx| Ok(stats::players(tx, &filter)?))?,
        None => Vec::new(),
    };
    if rows.is_empty() && !ctx.out.json {
        eprintln!("golf: no finished match matches; stats count finished matches only");
        return Ok(());
    }
    ctx.out.show(&StatsView(rows))
}

/// Runs `golf head-to-head`.
pub fn head_to_head(ctx: &Context, args: HeadToHeadArgs) -> Result<()> {
    let a = crate::player::normalise(&args.a)?;
    let b = crate::player::normalise(&args.b)?;
    if a.eq_ignore_ascii_case(&b) {
        return input("head-to-head needs two different players");
    }
    let meetings = match Store::open_read_only(&ctx.db_path()?)? {
        Some(mut store) => store.read(|tx| Ok(stats::meetings(tx, &a, &b)?))?,
        None => Vec::new(),
    };
    ctx.out.show(&HeadToHead::new(&a, &b, meetings))
}
