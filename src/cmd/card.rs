//! `golf card`: a match's scorecard (CLI.md).

use super::{pick_match, Context};
use crate::cli::CardArgs;
use crate::error::Result;
use crate::view::card::CardView;

/// Runs `golf card`.
pub fn run(ctx: &Context, args: CardArgs) -> Result<()> {
    let mut store = ctx.open_read()?;
    let m = store.read(|tx| pick_match(tx, args.match_id, false))?;
    ctx.out.show(&CardView::new(&m))
}
