//! `golf delete MATCH` and `golf restore MATCH` (RULES.md §17): a match leaves history,
//! stats and ratings, or comes back; either is kept in the match's audit log. A match
//! seated by a tournament cannot be deleted.

use super::{pick_match, Context};
use crate::cli::DeleteArgs;
use crate::error::{input, Result};
use crate::store;
use crate::view::matches::Deleted;

/// Runs `golf delete` (`delete`) or `golf restore`.
pub fn run(ctx: &Context, args: DeleteArgs, delete: bool) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let now = store::timestamp();
    let m = store.write(|tx| {
        let mut m = pick_match(tx, Some(args.id), false)?;
        if delete {
            if let Some(t) = store::tournaments::tournament_of(tx, m.id)? {
                let name = store::tournaments::name_of(tx, t)?;
                return input(format!(
                    "match {} is a table of the tournament {name}; a tournament's match cannot be deleted (its standings need it)",
                    m.id
                ));
            }
        }
        let audit = if delete {
            m.delete(&now)?
        } else {
            m.restore(&now)?
        };
        store::insert_audit(tx, m.id, &audit)?;
        store::set_deleted(tx, m.id, m.deleted_at.as_deref())?;
        Ok(m)
    })?;
    ctx.out.show(&Deleted::new(&m))
}
