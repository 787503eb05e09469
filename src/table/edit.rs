//! Changes to a match as a whole, each in one write and each kept in the match's audit
//! log: its decks, players' names and holes to play changed (`golf match edit`), abandoned
//! (`golf abandon`), deleted and restored (`golf delete`, `golf restore`, RULES.md §17).
//! Each returns [`Changed`] with the audit entries it kept.

use super::{pick_match, Changed};
use crate::error::{input, Result};
use crate::game::{AuditEntry, Edit};
use crate::store::{self, tournaments, Store};

/// What to change of a match in play ([`edit_match`]), applied in this order: decks,
/// renames, holes.
#[derive(Debug, Clone, Default)]
pub struct MatchEdit {
    /// The match (`None`: the newest unfinished).
    pub match_id: Option<i64>,
    /// Decks in play from the next hole on.
    pub decks: Option<u32>,
    /// Players renamed, `(old, new)`: the old name (a unique prefix will do) and the new.
    pub rename: Vec<(String, String)>,
    /// Holes to play, at least those recorded.
    pub holes: Option<u32>,
}

/// Changes a match in play as `golf match edit` does, in one write: each change kept in the
/// audit log, in [`MatchEdit`]'s order. Returns the match after it and the audit entries.
/// Errors (bad input, nothing written): no such match, a finished or abandoned one, a name
/// that is no player's or is taken, decks or holes out of range (the match engine's
/// words, [`crate::game::Match::edit`]).
pub fn edit_match(store: &mut Store, change: &MatchEdit) -> Result<Changed<Vec<AuditEntry>>> {
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_match(tx, change.match_id, true)?;
        let mut edits: Vec<Edit> = change.decks.map(Edit::Decks).into_iter().collect();
        for (old, new) in &change.rename {
            let seat = crate::player::find(&m.players, old)?;
            edits.push(Edit::Rename {
                seat,
                name: new.clone(),
            });
        }
        edits.extend(change.holes.map(Edit::Holes));
        let mut kept = Vec::new();
        for edit in edits {
            let audit = m.edit(edit, &now)?;
            store::insert_audit(tx, m.id, &audit)?;
            kept.push(audit);
        }
        store::update_match(tx, &m)?;
        Ok(Changed {
            m,
            what: kept,
            reopened: false,
        })
    })
}

/// Abandons match `match_id` (`None`: the newest unfinished) as `golf abandon` does, in one
/// write: it is kept, with no result. Errors (bad input, nothing written): no such match,
/// or one finished or abandoned already.
pub fn abandon(store: &mut Store, match_id: Option<i64>) -> Result<Changed<AuditEntry>> {
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_match(tx, match_id, true)?;
        let audit = m.abandon(&now)?;
        store::insert_audit(tx, m.id, &audit)?;
        store::update_match(tx, &m)?;
        Ok(Changed {
            m,
            what: audit,
            reopened: false,
        })
    })
}

/// Deletes match `id` as `golf delete` does (RULES.md §17), in one write: it leaves
/// history, stats and ratings, kept in the audit log. Errors (bad input, nothing written):
/// no such match, one deleted already, or a tournament's table (its standings need it).
pub fn delete(store: &mut Store, id: i64) -> Result<Changed<AuditEntry>> {
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_match(tx, Some(id), false)?;
        if let Some(t) = tournaments::tournament_of(tx, m.id)? {
            let name = tournaments::name_of(tx, t)?;
            return input(format!(
                "match {} is a table of the tournament {name}; a tournament's match cannot be deleted (its standings need it)",
                m.id
            ));
        }
        let audit = m.delete(&now)?;
        store::insert_audit(tx, m.id, &audit)?;
        store::set_deleted(tx, m.id, m.deleted_at.as_deref())?;
        Ok(Changed {
            m,
            what: audit,
            reopened: false,
        })
    })
}

/// Restores deleted match `id` as `golf restore` does (RULES.md §17), in one write: it is
/// back in history, stats and ratings, kept in the audit log. Errors (bad input, nothing
/// written): no such match, or one not deleted.
pub fn restore(store: &mut Store, id: i64) -> Result<Changed<AuditEntry>> {
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_match(tx, Some(id), false)?;
        let audit = m.restore(&now)?;
        store::insert_audit(tx, m.id, &audit)?;
        store::set_deleted(tx, m.id, m.deleted_at.as_deref())?;
        Ok(Changed {
            m,
            what: audit,
            reopened: false,
        })
    })
}
