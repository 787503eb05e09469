//! The entries of a match in the order they were recorded — its holes and its penalties —
//! and the one recorded last, which an undo takes (CLI.md "Bound to what was seen").
//! An entry is named by an id drawn from what it is and when it was recorded, so the same
//! entry keeps its id (an amend keeps a hole's time) and an entry recorded again after an
//! undo gets another: an undo meant for one is refused when another is last.

use serde::Serialize;

use super::Match;

/// The kind of an entry: a hole or a penalty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    /// A hole (a playoff hole too).
    Hole,
    /// A penalty.
    Penalty,
}

/// The entry recorded last in a match: `{"kind": "hole"|"penalty", "id": ID, "hole": N}`,
/// the card's `last_entry`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LastEntry {
    /// A hole or a penalty.
    pub kind: EntryKind,
    /// The entry's id: 53 bits (a JavaScript number holds it exactly) of a name-based
    /// UUID of the entry's kind, place and time of recording.
    pub id: u64,
    /// The hole's number, or the hole the penalty is for.
    pub hole: u32,
    /// Whether a sudden-death playoff hole.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub playoff: bool,
}

/// The id of an entry named by `what` (its kind, place and time of recording).
fn id_of(what: &str) -> u64 {
    uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_OID, what.as_bytes())
        .as_u64_pair()
        .0
        >> 11
}

impl Match {
    /// The entry an undo takes now: the last hole in play order (the last playoff hole,
    /// else the last regular hole) or the last penalty, whichever was recorded later (a
    /// penalty recorded in the same millisecond as a hole counts as later). `None` when
    /// nothing is recorded.
    pub fn last_entry(&self) -> Option<LastEntry> {
        let hole = self
            .holes
            .iter()
            .rposition(|h| h.playoff)
            .or_else(|| self.holes.iter().rposition(|h| !h.playoff))
            .and_then(|i| self.holes.get(i));
        let penalty = self
            .penalties
            .len()
            .checked_sub(1)
            .and_then(|i| Some((i, self.penalties.get(i)?)));
        match (hole, penalty) {
            (hole, Some((i, p))) if hole.is_none_or(|h| p.recorded_at >= h.recorded_at) => {
                Some(LastEntry {
                    kind: EntryKind::Penalty,
                    id: id_of(&format!("penalty {i} {} {}", p.seat, p.recorded_at)),
                    hole: p.hole,
                    playoff: false,
                })
            }
            (Some(h), _) => Some(LastEntry {
                kind: EntryKind::Hole,
                id: id_of(&format!(
                    "hole {} {} {}",
                    h.number, h.playoff, h.recorded_at
                )),
                hole: h.number,
                playoff: h.playoff,
            }),
            (None, _) => None,
        }
    }
}
