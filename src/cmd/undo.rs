//! `golf undo`: withdraw the last action — the last recorded hole or penalty — keeping it
//! in the audit log (CLI.md).

use super::{pick_match, reopen, said_reopened, Context};
use crate::cli::MatchArg;
use crate::error::Result;
use crate::game::Withdrawn;
use crate::store;
use crate::view::matches::Undone;

/// Runs `golf undo`.
pub fn run(ctx: &Context, args: MatchArg) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let now = store::timestamp();
    let (m, hole, reopened) = store.write(|tx| {
        let mut m = pick_match(tx, args.id(), true)?;
        let reopened = reopen(tx, &mut m, &now)?;
        let (withdrawn, audit) = m.undo(&now)?;
        store::insert_audit(tx, m.id, &audit)?;
        match &withdrawn {
            Withdrawn::Hole(h) => store::delete_hole(tx, m.id, h.number, h.playoff)?,
            Withdrawn::Penalty(_) => store::delete_last_penalty(tx, m.id)?,
        }
        Ok((m, withdrawn, reopened))
    })?;
    said_reopened(&m, reopened);
    ctx.out.show(&Undone::new(&m, &hole))
}
