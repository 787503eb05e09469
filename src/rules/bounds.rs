//! Resolved rules within RULES.md §12: rules read from a file are bounded as they load
//! (each number's type in [`super::raw`] holds only its range); rules read from an export
//! or a database are checked here, against the same bounds ([`crate::bounds`]), before
//! anything is scored with them.

use super::{Offence, Penalty, Rules};
use crate::bounds::{
    CardValue, Columns, Copies, Decks, Holes, JokersPerDeck, LatePerMinute, MappedScore,
    PackJokers, Points, RoundDisqualification, Rounds, Rows, SetPoints, TableSize, Target, Times,
};

/// The most faces a pack of the rules' own has.
const MAX_FACES: i64 = 64;

/// A number of resolved rules outside its range (RULES.md §12).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{key} = {value} is out of range; expected {min} to {max}")]
pub struct OutOfBounds {
    /// The rules key, or what the number is (`a card value`, `pack copies`).
    pub key: &'static str,
    /// The number found.
    pub value: i64,
    /// The smallest allowed.
    pub min: i64,
    /// The largest allowed.
    pub max: i64,
}

impl crate::error::BadInput for OutOfBounds {}

/// `Ok` when `value` is within `min..=max`, else the [`OutOfBounds`] naming `key`.
fn within(
    key: &'static str,
    value: impl Into<i64>,
    (min, max): (i64, i64),
) -> Result<(), OutOfBounds> {
    let value = value.into();
    match (min..=max).contains(&value) {
        true => Ok(()),
        false => Err(OutOfBounds {
            key,
            value,
            min,
            max,
        }),
    }
}

/// The range of a bound of [`crate::bounds`], e.g. `range!(Holes)`.
macro_rules! range {
    ($bound:ty) => {
        (<$bound>::MIN, <$bound>::MAX)
    };
}

impl Rules {
    /// Whether every number of these rules is within RULES.md §12 — rules read from a
    /// file are checked as they load; rules read from an export or a database are checked
    /// here before anything is scored with them. `Err` names the first value out of range
    /// and the range.
    pub fn within_bounds(&self) -> Result<(), OutOfBounds> {
        let l = &self.layout;
        within("layout.rows", l.rows as i64, range!(Rows))?;
        within("layout.columns", l.columns as i64, range!(Columns))?;
        within("deck.decks", self.deck.decks, range!(Decks))?;
        let jokers = self.deck.jokers_per_deck;
        within("deck.jokers_per_deck", jokers, range!(JokersPerDeck))?;
        if let Some(j) = self.deck.jokers {
            within("deck.jokers", j, range!(PackJokers))?;
        }
        within("pack", self.pack.len() as i64, (0, MAX_FACES))?;
        for f in &self.pack {
            within("pack copies", f.copies, range!(Copies))?;
            within("pack value", f.value, range!(CardValue))?;
        }
        self.values_within_bounds()?;
        self.adjustments_within_bounds()?;
        self.match_within_bounds()
    }

    /// The going-out and hole adjustments of [`Rules::within_bounds`] (RULES.md §5, §12).
    fn adjustments_within_bounds(&self) -> Result<(), OutOfBounds> {
        match self.going_out.penalty {
            Penalty::Add(n) | Penalty::DoublePlus(n) | Penalty::PerPlayer(n) => {
                within("going_out.penalty", n, range!(Points))?
            }
            Penalty::Times(n) => within("going_out.penalty", n, range!(Times))?,
            Penalty::None | Penalty::Double => {}
        }
        within("going_out.bonus", self.going_out.bonus, range!(Points))?;
        for (k, x) in &self.hole.score_map {
            within("hole.score_map", *k, range!(MappedScore))?;
            within("hole.score_map", *x, range!(MappedScore))?;
        }
        for x in self.hole.lowest_bonus.iter().chain(&self.hole.tie_penalty) {
            within("a hole bonus or penalty", *x, range!(Points))?;
        }
        Ok(())
    }

    /// The match length and tournament numbers of [`Rules::within_bounds`] (RULES.md §12).
    fn match_within_bounds(&self) -> Result<(), OutOfBounds> {
        within("match.holes", self.holes, range!(Holes))?;
        if let Some(t) = self.target {
            within("match.target", t, range!(Target))?;
        }
        for o in &self.tournament.illegal_move {
            if let Offence::Points(n) = o {
                within("tournament.illegal_move", *n, range!(Points))?;
            }
        }
        let t = &self.tournament;
        within(
            "tournament.late_per_minute",
            t.late_per_minute,
            range!(LatePerMinute),
        )?;
        let disqualification = t.round_disqualification;
        within(
            "tournament.round_disqualification",
            disqualification,
            range!(RoundDisqualification),
        )?;
        within("tournament.table_size", t.table_size, range!(TableSize))?;
        within("tournament.rounds", t.rounds, range!(Rounds))
    }

    /// The card and set values of [`Rules::within_bounds`].
    fn values_within_bounds(&self) -> Result<(), OutOfBounds> {
        let v = &self.values;
        let cards = v
            .ranks
            .iter()
            .chain(&v.joker)
            .chain(v.suited.iter().map(|s| &s.2));
        for x in cards.chain(&v.faces) {
            within("a card value", *x, range!(CardValue))?;
        }
        let m = &self.matching;
        let tables = m.rank_columns.iter().flat_map(|(_, t)| t.values());
        let sets = m.same_rank_columns.values().chain(tables);
        for x in sets.chain(m.matched_values.iter().map(|x| &x.1)) {
            within("a set value", *x, range!(SetPoints))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_number_out_of_range_is_named_with_its_range() {
        let mut rules = crate::rules::resolve("classic", &[]).unwrap();
        assert_eq!(rules.within_bounds(), Ok(()));
        rules.holes = 37;
        let err = rules.within_bounds().unwrap_err();
        assert_eq!(
            err,
            OutOfBounds {
                key: "match.holes",
                value: 37,
                min: 1,
                max: 36
            }
        );
        assert_eq!(
            err.to_string(),
            "match.holes = 37 is out of range; expected 1 to 36"
        );
        rules.holes = 9;
        rules.going_out.penalty = Penalty::Times(11);
        let err = rules.within_bounds().unwrap_err();
        assert_eq!((err.key, err.value, err.max), ("going_out.penalty", 11, 10));
        rules.going_out.penalty = Penalty::None;
        rules.values.ranks[12] = -101;
        assert_eq!(rules.within_bounds().unwrap_err().key, "a card value");
    }
}
