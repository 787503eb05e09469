//! Changing a match in play without changing what was recorded: its decks, a player's name
//! (a typo, or a substitute taking the seat), how many holes it runs; and abandoning it.
//! Every change is kept in the audit trail.

use serde::Serialize;

use super::{AuditEntry, GameError, Match};
use crate::bounds::{Decks, Holes};
use crate::player;

/// One change to a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Edit {
    /// Decks in play from the next hole on (recorded holes keep their deck check).
    Decks(u32),
    /// A seat's player renamed: a corrected name, or a substitute taking the seat.
    Rename {
        /// The seat.
        seat: usize,
        /// The new name.
        name: String,
    },
    /// Holes to play (a 9-hole match extended to 18, say): at least those recorded.
    Holes(u32),
}

impl Match {
    /// Applies `edit` at `at`, returning the audit entry (`{"edit": …, "old": …}`).
    /// Errors: a finished or abandoned match, decks or holes out of range, fewer decks
    /// than the table needs, fewer holes than are recorded, a name that is not a player's
    /// or is taken.
    pub fn edit(&mut self, edit: Edit, at: &str) -> Result<AuditEntry, GameError> {
        self.check_open()?;
        let old = match &edit {
            Edit::Decks(d) => {
                Decks::try_from(i64::from(*d)).map_err(|_| GameError::Decks(*d))?;
                let needed = (self.players.len()
                    * self.rules.layout.rows
                    * self.rules.layout.columns) as u32;
                if self.rules.cards_in(*d) < needed {
                    return Err(GameError::Edit(format!(
                        "{d} deck{} cannot deal {} grids of {} cards; expected more decks",
                        if *d == 1 { "" } else { "s" },
                        self.players.len(),
                        self.rules.layout.rows * self.rules.layout.columns
                    )));
                }
                std::mem::replace(&mut self.decks, *d).to_string()
            }
            Edit::Rename { seat, name } => {
                let name = player::normalise(name)?;
                let mut after = self.players.clone();
                if let Some(p) = after.get_mut(*seat) {
                    p.clone_from(&name);
                }
                player::distinct(&after)?;
                std::mem::replace(&mut self.players[*seat], name)
            }
            Edit::Holes(h) => {
                Holes::try_from(i64::from(*h)).map_err(|_| GameError::Holes(*h))?;
                let last_penalty = self.penalties.iter().map(|p| p.hole).max().unwrap_or(0);
                if *h < self.holes_played() || *h < last_penalty {
                    return Err(GameError::Edit(format!(
                        "{} has {} holes recorded and penalties up to hole {last_penalty}; it cannot be shortened to {h}",
                        self.label(),
                        self.holes_played()
                    )));
                }
                std::mem::replace(&mut self.holes_planned, *h).to_string()
            }
        };
        let detail = serde_json::json!({ "edit": edit, "old": old }).to_string();
        Ok(self.log("edit", detail, at))
    }

    /// Abandons the match at `at`: it is kept, marked abandoned, and takes no more holes.
    pub fn abandon(&mut self, at: &str) -> Result<AuditEntry, GameError> {
        self.check_open()?;
        self.abandoned_at = Some(at.to_string());
        Ok(self.log("abandon", "{}".to_string(), at))
    }

    /// Reopens a finished match at `at` so it can be corrected (RULES.md §17): it is no
    /// longer finished, and the audit entry returned (`reopen`) keeps the result it
    /// replaced — `{"result": SENTENCE, "finished_at": AT, "winners": [NAME...],
    /// "totals": {NAME: INT}}`. `None` when the match was not finished (nothing to reopen).
    /// `golf finish` records the new result.
    pub fn reopen(&mut self, at: &str) -> Option<AuditEntry> {
        let finished_at = self.finished_at.clone()?;
        if self.abandoned_at.is_some() || self.deleted_at.is_some() {
            return None;
        }
        let standings = self.standings();
        let outcome = self.outcome_of(&standings);
        let detail = serde_json::json!({
            "result": self.summary(&outcome, true),
            "finished_at": finished_at,
            "winners": outcome.winners.iter().map(|&s| &self.players[s]).collect::<Vec<_>>(),
            "totals": standings.iter().map(|s| (s.name.clone(), serde_json::Value::from(s.total))).collect::<serde_json::Map<_, _>>(),
        });
        self.finished_at = None;
        Some(self.log("reopen", detail.to_string(), at))
    }

    /// Deletes the match at `at` (RULES.md §17): it stays in the file, is left out of
    /// history, stats and ratings, takes no more changes, and can be restored. A match
    /// seated by a tournament cannot be deleted; the caller checks that (the store knows).
    /// Errors: the match is already deleted.
    pub fn delete(&mut self, at: &str) -> Result<AuditEntry, GameError> {
        if let Some(when) = &self.deleted_at {
            return Err(GameError::Edit(format!(
                "{} was already deleted on {}; `golf restore {}` brings it back",
                self.label(),
                crate::text::local_time(when),
                self.id
            )));
        }
        self.deleted_at = Some(at.to_string());
        Ok(self.log("delete", "{}".to_string(), at))
    }

    /// Restores a deleted match at `at`: back in history, stats and ratings as it was.
    /// Errors: the match is not deleted.
    pub fn restore(&mut self, at: &str) -> Result<AuditEntry, GameError> {
        let Some(when) = self.deleted_at.take() else {
            return Err(GameError::Edit(format!(
                "{} is not deleted; nothing to restore",
                self.label()
            )));
        };
        let detail = serde_json::json!({ "deleted_at": when }).to_string();
        Ok(self.log("restore", detail, at))
    }

    fn log(&mut self, action: &str, detail: String, at: &str) -> AuditEntry {
        let entry = AuditEntry {
            at: at.to_string(),
            action: action.to_string(),
            hole: None,
            playoff: false,
            detail,
        };
        self.audit.push(entry.clone());
        entry
    }
}
