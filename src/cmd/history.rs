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
    let player = args
        .player
        .as_deref()
        .map(crate::player::normalise)
        .transpose()?;
    // no database yet: nothing recorded, an empty listing (nothing is created)
    let Some(mut store) = crate::store::Store::open_read_only(&ctx.db_path()?)? else {
        return empty(ctx, player.as_deref());
    };
    let rows = store.read(|tx| {
        let ids = store::match_ids(tx, player.as_deref(), args.limit)?;
        let matches = store::load_summaries(tx, &ids)?;
        let rows = matches.iter().map(HistoryRow::new).collect::<Vec<_>>();
        // thousands of whole matches are left for the process's end to free: freeing
        // them one string at a time was a tenth of `history --limit 10000`
        std::mem::forget(matches);
        Ok(rows)
    })?;
    if rows.is_empty() {
        return empty(ctx, player.as_deref());
    }
    let history = History(rows);
    let shown = ctx.out.show(&history);
    // like the matches above: the process ends here and frees it all at once
    std::mem::forget(history);
    shown
}

/// An empty listing: `[]` for `--json`, a word on stderr otherwise; exit 0.
fn empty(ctx: &Context, player: Option<&str>) -> Result<()> {
    if ctx.out.json {
        return ctx.out.show(&History(Vec::new()));
    }
    match player {
        Some(p) => eprintln!(
            "golf: no match with a player named {}",
            crate::text::escape(p)
        ),
        None => eprintln!("golf: no matches recorded yet"),
    }
    Ok(())
}
