//! `golf amend`: correct a recorded hole; the old entry stays in the audit log (CLI.md).

use super::{pairs, pick_match, reopen, said_reopened, Context};
use crate::cli::AmendArgs;
use crate::error::Result;
use crate::player;
use crate::store;
use crate::view::matches::HoleRecorded;

/// Runs `golf amend`.
pub fn run(ctx: &Context, args: AmendArgs) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let now = store::timestamp();
    let (m, hole, reopened) = store.write(|tx| {
        let mut m = pick_match(tx, args.match_id, true)?;
        let reopened = reopen(tx, &mut m, &now)?;
        let changes = m.typed_entries(&pairs(&m, &args.entries)?)?;
        let out = match args.out.as_deref().map(str::trim) {
            None => None,
            Some("") => Some(None),
            Some(name) => Some(Some(player::find(&m.players, name)?)),
        };
        let (_, new, audit) = m.amend(args.hole, &changes, out, &now)?;
        store::insert_audit(tx, m.id, &audit)?;
        store::delete_hole(tx, m.id, new.number, false)?;
        store::insert_hole(tx, m.id, &new)?;
        Ok((m, new, reopened))
    })?;
    said_reopened(&m, reopened);
    ctx.out.show(&HoleRecorded::new(&m, &hole, true))
}
