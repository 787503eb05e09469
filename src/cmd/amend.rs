//! `golf amend`: correct a recorded hole; the old entry stays in the audit log (CLI.md).

use super::{pairs, said_reopened, Context};
use crate::cli::AmendArgs;
use crate::error::Result;
use crate::table::{self, Amendment};
use crate::view::matches::HoleRecorded;

/// Runs `golf amend`.
pub fn run(ctx: &Context, args: AmendArgs) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let grids = pairs(&args.entries, || {
        table::pick_match(store.conn(), args.match_id, true)
    })?;
    let out = args
        .out
        .as_deref()
        .map(str::trim)
        .map(|name| (!name.is_empty()).then(|| name.to_string()));
    let amended = table::amend(
        &mut store,
        &Amendment {
            match_id: args.match_id,
            hole: args.hole,
            grids,
            out,
            knock: None,
        },
    )?;
    said_reopened(&amended.m, amended.reopened);
    let Some(hole) = &amended.what else {
        crate::view::say!(
            "golf: hole {} of {} already reads so; nothing was changed",
            args.hole,
            amended.m.label()
        );
        return Ok(());
    };
    ctx.out.show(&HoleRecorded::new(&amended.m, hole, true))
}
