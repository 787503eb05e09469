//! `golf log [MATCH]`: a match's audit trail (every amend and undo, with time, old and new).

use super::{pick_match, Context};
use crate::cli::MatchArg;
use crate::error::Result;
use crate::view::log::LogView;

/// Runs `golf log`.
pub fn run(ctx: &Context, args: MatchArg) -> Result<()> {
    let mut store = ctx.open_read()?;
    let m = store.read(|tx| pick_match(tx, args.id(), false))?;
    ctx.out.show(&LogView::new(&m))
}
