//! What a recorded match would have been under other rules: every hole scored again from
//! the grids as typed (bare scores kept as they were), the result decided again. Also the
//! checks on a match read from an export: whether it holds together ([`Match::imported`])
//! and whether it continues a copy recorded here ([`Match::continues`]).

use super::hole::{score, Typed};
use super::{GameError, Match};
use crate::rules::Rules;

impl Match {
    /// Whether `self` is `earlier` played on: the same match (stable id, setup, start),
    /// `earlier` neither finished nor abandoned, and its holes, penalties and audit log the
    /// first of this one's. A table's copy of a seated tournament match merges back so
    /// (RULES.md §13; README "A tournament on several machines").
    pub fn continues(&self, earlier: &Match) -> bool {
        let setup = |m: &Match| Match {
            id: 0,
            holes: vec![],
            penalties: vec![],
            audit: vec![],
            accepts: vec![],
            finished_at: None,
            abandoned_at: None,
            deleted_at: None,
            ..m.clone()
        };
        let prefix = |long: serde_json::Result<serde_json::Value>,
                      short: serde_json::Result<serde_json::Value>| {
            match (long, short) {
                (Ok(serde_json::Value::Array(l)), Ok(serde_json::Value::Array(s))) => {
                    l.starts_with(&s)
                }
                _ => false,
            }
        };
        use serde_json::to_value as value;
        earlier.finished_at.is_none()
            && earlier.abandoned_at.is_none()
            && value(setup(self)).ok() == value(setup(earlier)).ok()
            && prefix(value(&self.holes), value(&earlier.holes))
            && prefix(value(&self.penalties), value(&earlier.penalties))
            && prefix(value(&self.audit), value(&earlier.audit))
    }

    /// Checks a match read from an export before it is recorded: a stable id, rules within
    /// RULES.md §12, the invariants of a recorded match, the bounds of
    /// [`Match::within_intake_bounds`] (checked first), and every hole scoring exactly as
    /// recorded under its own rules. `Err` says what is wrong.
    pub fn imported(&self) -> Result<(), String> {
        self.within_intake_bounds()?;
        if self.uuid.len() > 64 {
            return Err("its stable id is not a UUID".into());
        }
        if uuid::Uuid::parse_str(&self.uuid).is_err() {
            return Err(format!(
                "`{}` is not a stable id (a UUID)",
                crate::text::escape(&self.uuid)
            ));
        }
        self.rules.within_bounds().map_err(|e| e.to_string())?;
        if let Some(why) = self.damage() {
            return Err(why);
        }
        let texts = self
            .players
            .iter()
            .chain(&self.name)
            .chain(self.penalties.iter().map(|p| &p.reason));
        if let Some(t) = texts
            .into_iter()
            .find(|t| crate::text::first_unprintable(t).is_some())
        {
            return Err(format!(
                "`{}` holds a control character",
                crate::text::escape(t)
            ));
        }
        for hole in &self.holes {
            super::hole::check_knock(&self.rules, &self.players, hole.ending())
                .map_err(|e| format!("hole {}: {e}", hole.number))?;
        }
        self.check_accepts()?;
        let again = self
            .rescored_under(self.rules.clone())
            .map_err(|e| e.to_string())?;
        match again.holes == self.holes {
            true => Ok(()),
            false => Err("a hole does not score as recorded under the match's own rules".into()),
        }
    }

    /// The accepts of an imported match: one per seat at most, each a player's, of a hole
    /// of the match, at a time, pressed by `player`, `table`, `director` or `terminal`.
    fn check_accepts(&self) -> Result<(), String> {
        for (i, a) in self.accepts.iter().enumerate() {
            if a.seat >= self.players.len()
                || !(1..=self.holes_planned).contains(&a.hole)
                || crate::text::time(&a.at).is_none()
                || !["player", "table", "director", "terminal"].contains(&a.by.as_str())
                || self.accepts[..i].iter().any(|b| b.seat == a.seat)
            {
                return Err(format!(
                    "an accept of hole {} (seat {}) is not one player's accept of a hole of the match",
                    a.hole, a.seat
                ));
            }
        }
        Ok(())
    }

    /// This match with every hole scored again under `rules` (same players, decks, enders
    /// and penalties). Bare scores are kept as typed. Errors: a recorded grid that does
    /// not fit the other rules (its layout, its pack), or hands they cannot deal.
    pub fn rescored(&self, rules: &Rules) -> Result<Match, GameError> {
        self.rescored_under(std::sync::Arc::new(rules.clone()))
    }

    /// [`Match::rescored`] under rules already shared (an import checks each match under
    /// its own rules without copying them).
    fn rescored_under(&self, shared: std::sync::Arc<Rules>) -> Result<Match, GameError> {
        let keep = shared.clone();
        let rules: &Rules = &keep;
        let mut m = self.clone();
        m.rules = shared;
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
                // what the player typed, so that it stays what they typed
                let t = Typed::parse(&self.players[e.seat], e.typed(), rules)
                    .map_err(|e| fail(e.into()))?;
                typed.push((e.seat, t));
            }
            hole.entries = score(rules, m.decks, &m.players, &typed, hole.ending())
                .map_err(|e| fail(e.into()))?;
        }
        Ok(m)
    }
}
