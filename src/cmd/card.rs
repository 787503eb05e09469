//! `golf card`: a match's scorecard (CLI.md).

use super::{pick_match, view::CardView, Context};
use crate::cli::CardArgs;

/// Runs `golf card`.
pub fn run(ctx: &Context, args: CardArgs) -> anyhow::Result<()> {
    let mut store = ctx.open_read()?;
    let m = store.read(|tx| pick_match(tx, args.match_id, false))?;
    let card = CardView::new(&m);
    if ctx.out.json {
        return crate::render::json(&card);
    }
    crate::outln!("{}", card.render(&ctx.out).trim_end());
    Ok(())
}
