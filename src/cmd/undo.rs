//! `golf undo`: withdraw the last recorded hole, keeping it in the audit log (CLI.md).

use super::{pick_match, Context};
use crate::cli::MatchArg;
use crate::error::Result;
use crate::store;
use crate::view::matches::Undone;

/// Runs `golf undo`.
pub fn run(ctx: &Context, args: MatchArg) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let now = store::timestamp();
    let (m, hole) = store.write(|tx| {
        let mut m = pick_match(tx, args.id(), true)?;
        let (hole, audit) = m.undo(&now)?;
        store::insert_audit(tx, m.id, &audit)?;
        store::delete_hole(tx, m.id, hole.number, hole.playoff)?;
        Ok((m, hole))
    })?;
    ctx.out.show(&Undone::new(&m, &hole))
}
