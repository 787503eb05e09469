//! How a correction reopens a finished match (RULES.md §17), shared by `amend`, `undo`
//! and `penalty`.

use rusqlite::Connection;

use crate::error::Result;
use crate::game::Match;
use crate::store;

/// Reopens `m` if it is finished, so a correction can change it (RULES.md §17): the
/// result it replaced goes to the audit log and the stored result is cleared. Returns
/// whether it was reopened; [`said_reopened`] tells the user.
pub fn reopen(conn: &Connection, m: &mut Match, now: &str) -> Result<bool> {
    let Some(audit) = m.reopen(now) else {
        return Ok(false);
    };
    store::insert_audit(conn, m.id, &audit)?;
    store::reopen(conn, m.id)?;
    Ok(true)
}

/// Says on stderr that a correction reopened match `m`, and how to record the new result.
pub fn said_reopened(m: &Match, reopened: bool) {
    if reopened {
        crate::say!(
            "golf: match {id} was finished; this correction reopens it (the result it replaced is kept in `golf log {id}`). Record the new result with `golf finish {id}`.",
            id = m.id
        );
    }
}
