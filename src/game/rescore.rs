//! What a recorded match would have been under other rules: every hole scored again from
//! the grids as typed (bare scores kept as they were), the result decided again.

use super::hole::{score, Typed};
use super::{GameError, Match};
use crate::rules::Rules;

impl Match {
    /// This match with every hole scored again under `rules` (same players, decks, enders
    /// and penalties). Bare scores are kept as typed. Errors: a recorded grid that does
    /// not fit the other rules (its layout, its pack), or hands they cannot deal.
    pub fn rescored(&self, rules: &Rules) -> Result<Match, GameError> {
        let mut m = self.clone();
        m.rules = rules.clone();
        for hole in &mut m.holes {
            let fail = |e: GameError| GameError::Rescore {
                hole: match hole.playoff {
                    true => format!("playoff {}", hole.number),
                    false => hole.number.to_string(),
                },
                rules: rules.display_name(),
                error: Box::new(e),
            };
            let mut typed = Vec::new();
            for e in &hole.entries {
                let text = e.grid.as_deref().unwrap_or(&e.typed);
                let t =
                    Typed::parse(&self.players[e.seat], text, rules).map_err(|e| fail(e.into()))?;
                typed.push((e.seat, t));
            }
            hole.entries = score(rules, m.decks, &m.players, &typed, hole.ending())
                .map_err(|e| fail(e.into()))?;
        }
        Ok(m)
    }
}
