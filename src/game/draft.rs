//! The draft of a hole (schema v8): the grids typed for the next hole before it is
//! recorded — at `golf hole`'s prompt, or on the phones of `golf serve` — kept by the store
//! as the match's draft and offered back to whoever records the hole. Never part of a
//! match's record until it is recorded as a hole; checked against its match
//! ([`Draft::problem`]) before it is offered.

use serde::{Deserialize, Serialize};

use super::{Match, Typed};
use crate::text::escape;

/// The grids typed for a hole before the prompt was stopped: what the next prompt for the
/// same hole offers back, each grid ready to keep or edit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The hole's number (playoff holes are numbered on their own).
    pub hole: u32,
    /// A playoff hole.
    pub playoff: bool,
    /// What each seat typed, in the order typed.
    pub entries: Vec<(usize, String)>,
    /// Who said they ended the hole, `(seat, knocked)`, if anyone has (a player's phone:
    /// "I went out"); the prompt asks it again.
    #[serde(default)]
    pub ending: Option<(usize, bool)>,
    /// The seats whose grids were typed at the computer (`golf hole`'s prompt), not sent
    /// from a phone.
    #[serde(default)]
    pub computer: Vec<usize>,
    /// The seats whose grids are a withdrawn hole's, put back by the undo that withdrew it
    /// (schema v12), neither sent from a phone nor typed at the computer since.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restored: Vec<usize>,
    /// Further claims to have ended the hole, `(seat, knocked)`, each from another
    /// player's phone: only one player ends a hole, so any here is a problem of the draft
    /// that blocks recording it until all but one are taken back ([`Draft::claim`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<(usize, bool)>,
}

/// The longest grid a draft may hold, in characters: far more than any layout takes typed
/// with spaces (a 4 × 4 grid of jokers written out is under 70).
pub const MAX_DRAFT_GRID: usize = 200;

impl Draft {
    /// What makes this draft unusable for match `m`, if anything: a hole number the match
    /// cannot have, a seat past its players or given twice, more grids than seats, a grid
    /// with a control character, longer than [`MAX_DRAFT_GRID`], or one the referee would
    /// refuse as typed. Drafts are written by the prompt alone, so any of these means the
    /// file was tampered with; the problem is escaped, ready to show.
    pub fn problem(&self, m: &Match) -> Option<String> {
        let what = if self.playoff { "playoff hole" } else { "hole" };
        if self.hole == 0 || (!self.playoff && self.hole > m.holes_planned) {
            return Some(format!(
                "it is for {what} {}, which {} cannot have",
                self.hole,
                m.label()
            ));
        }
        if self.entries.len() > m.players.len() {
            return Some(format!(
                "it holds {} grids for a table of {}",
                self.entries.len(),
                m.players.len()
            ));
        }
        if let Some((seat, _)) = self
            .claims()
            .into_iter()
            .find(|(s, _)| *s >= m.players.len())
        {
            return Some(format!(
                "it says seat {seat} ended the hole, at a table of {} players",
                m.players.len()
            ));
        }
        let mut seen = Vec::new();
        for (seat, text) in &self.entries {
            let Some(who) = m.players.get(*seat) else {
                return Some(format!(
                    "seat {seat} is not at this table of {} players",
                    m.players.len()
                ));
            };
            if seen.contains(seat) {
                return Some(format!("it holds two grids for {who}"));
            }
            seen.push(*seat);
            if let Some(c) = crate::text::first_unprintable(text) {
                return Some(format!("{who}'s grid holds the control character {c}"));
            }
            if text.chars().count() > MAX_DRAFT_GRID {
                return Some(format!(
                    "{who}'s grid is longer than {MAX_DRAFT_GRID} characters"
                ));
            }
            if let Err(e) = check(m, who, text) {
                return Some(escape(&format!("{who}'s grid: {e}")).into_owned());
            }
        }
        None
    }

    /// The draft of hole `number` (playoff or not) holding every entry of `entries`.
    pub fn of(number: u32, playoff: bool, entries: &[(usize, Typed)]) -> Draft {
        Draft {
            hole: number,
            playoff,
            entries: entries.iter().map(|(s, t)| (*s, text_of(t))).collect(),
            ending: None,
            computer: Vec::new(),
            restored: Vec::new(),
            also: Vec::new(),
        }
    }

    /// Every claim to have ended the hole, in the order they came: `ending`, then `also`.
    pub fn claims(&self) -> Vec<(usize, bool)> {
        self.ending.iter().chain(&self.also).copied().collect()
    }

    /// Keeps `seat`'s own claim (`Some(knocked)`) or takes it back (`None`), leaving every
    /// other player's as it is: the first claim kept is `ending`, the others `also`.
    pub fn claim(&mut self, seat: usize, knocked: Option<bool>) {
        let mut all: Vec<(usize, bool)> = self
            .claims()
            .into_iter()
            .filter(|(s, _)| *s != seat)
            .collect();
        all.extend(knocked.map(|k| (seat, k)));
        self.set_claims(all);
    }

    /// The claims as a whole: the first is `ending`, the rest `also`.
    pub fn set_claims(&mut self, claims: Vec<(usize, bool)>) {
        let mut claims = claims.into_iter();
        self.ending = claims.next();
        self.also = claims.collect();
    }
}

/// What was typed for an entry.
pub fn text_of(t: &Typed) -> String {
    match t {
        Typed::Grid { text, .. } => text.clone(),
        Typed::Score(n) => n.to_string(),
    }
}

/// One grid as typed: notation, shape, suits, and no card more often than the decks
/// hold within this grid alone; refused as the referee refuses it, with the cells at fault
/// ([`super::HoleError::cells`]).
pub fn check(m: &Match, who: &str, text: &str) -> std::result::Result<Typed, super::HoleError> {
    let typed = Typed::parse(who, text, &m.rules)?;
    if let Typed::Grid { grid, .. } = &typed {
        crate::deck::check_hole(&[(who, grid)], m.decks, &m.rules)?;
    }
    Ok(typed)
}
