//! Saying that a correction reopened a finished match (RULES.md §17), shared by `amend`,
//! `undo` and `penalty`; the reopening itself is [`crate::table::reopen`]'s.

use crate::game::Match;

/// Says on stderr that a correction reopened match `m`, and how to record the new result.
pub fn said_reopened(m: &Match, reopened: bool) {
    if reopened {
        crate::view::say!(
            "golf: match {id} was finished; this correction reopens it (the result it replaced is kept in `golf log {id}`). Record the new result with `golf finish {id}`.",
            id = m.id
        );
    }
}
