//! `golf undo`: withdraw the last action — the last recorded hole or penalty — keeping it
//! in the audit log (CLI.md).

use super::{said_reopened, Context};
use crate::cli::MatchArg;
use crate::error::Result;
use crate::table::{self, OnCard};
use crate::view::matches::Undone;

/// Runs `golf undo`.
pub fn run(ctx: &Context, args: MatchArg) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let undone = table::undo(&mut store, args.id(), OnCard::default())?;
    said_reopened(&undone.m, undone.reopened);
    ctx.out.show(&Undone::new(&undone.m, &undone.what))
}
