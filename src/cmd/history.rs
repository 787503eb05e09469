//! `golf history`: past matches, newest first (CLI.md).

use super::Context;
use crate::cli::HistoryArgs;
use crate::error::{input, Result};
use crate::store;
use crate::view::history::{History, HistoryRow};

/// Runs `golf history`.
pub fn run(ctx: &Context, args: HistoryArgs) -> Result<()> {
    if args.limit == 0 {
        return input("--limit 0 shows nothing; expected 1 or more");
    }
    let filter = super::season(args.season, args.player.as_deref())?;
    let player = filter.player.clone();
    let seasoned = filter.rules.is_some()
        || filter.holes.is_some()
        || filter.since.is_some()
        || filter.until.is_some();
    // no database yet: nothing recorded, an empty listing (nothing is created)
    let Some(mut store) = crate::store::Store::open_read_only(&ctx.db_path()?)? else {
        return empty(ctx, player.as_deref(), seasoned);
    };
    let rows = store.read(|tx| {
        let ids = store::stats::history_ids(tx, &filter, args.limit)?;
        let matches = store::load_summaries(tx, &ids)?;
        let rows = matches.iter().map(HistoryRow::new).collect::<Vec<_>>();
        // thousands of whole matches are left for the process's end to free: freeing
        // them one string at a time was a tenth of `history --limit 10000`
        std::mem::forget(matches);
        Ok(rows)
    })?;
    if rows.is_empty() {
        return empty(ctx, player.as_deref(), seasoned);
    }
    let history = History(rows);
    let shown = ctx.out.show(&history);
    // like the matches above: the process ends here and frees it all at once
    std::mem::forget(history);
    shown
}

/// An empty listing: `[]` for `--json`, a word on stderr otherwise; exit 0.
fn empty(ctx: &Context, player: Option<&str>, seasoned: bool) -> Result<()> {
    if ctx.out.json {
        return ctx.out.show(&History(Vec::new()));
    }
    match player {
        _ if seasoned => {
            crate::view::say!("golf: no match matches --rules, --holes, --since and --until")
        }
        Some(p) => crate::view::say!(
            "golf: no match with a player named {}",
            crate::text::escape(p)
        ),
        None => crate::view::say!("golf: no matches recorded yet"),
    }
    Ok(())
}
