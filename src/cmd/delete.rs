//! `golf delete MATCH` and `golf restore MATCH` (RULES.md §17): a match leaves history,
//! stats and ratings, or comes back; either is kept in the match's audit log. A match
//! seated by a tournament cannot be deleted ([`crate::table::edit`]).

use super::Context;
use crate::cli::DeleteArgs;
use crate::error::Result;
use crate::table::edit;
use crate::view::matches::Deleted;

/// Runs `golf delete` (`delete`) or `golf restore`.
pub fn run(ctx: &Context, args: DeleteArgs, delete: bool) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let changed = match delete {
        true => edit::delete(&mut store, args.id)?,
        false => edit::restore(&mut store, args.id)?,
    };
    ctx.out.show(&Deleted::new(&changed.m))
}
