//! Every bound on a number from a user or a file (RULES.md §12), in one place: each is a
//! type that can only hold a value within its range, so rules files (serde), the command
//! line and the match engine check the same range with the same message.

use serde::Deserialize;

/// A whole number within `MIN..=MAX` (never negative), refused otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "i64")]
pub struct Bounded<const MIN: i64, const MAX: i64>(pub u32);

/// A whole number within `MIN..=MAX`, either sign, refused otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "i64")]
pub struct Signed<const MIN: i64, const MAX: i64>(pub i32);

impl<const MIN: i64, const MAX: i64> Bounded<MIN, MAX> {
    /// The smallest value.
    pub const MIN: i64 = MIN;
    /// The largest value.
    pub const MAX: i64 = MAX;
}

impl<const MIN: i64, const MAX: i64> Signed<MIN, MAX> {
    /// The smallest value.
    pub const MIN: i64 = MIN;
    /// The largest value.
    pub const MAX: i64 = MAX;
}

fn out_of_range(n: i64, min: i64, max: i64) -> String {
    format!("{n} is out of range; expected {min} to {max}")
}

impl<const MIN: i64, const MAX: i64> TryFrom<i64> for Bounded<MIN, MAX> {
    type Error = String;
    fn try_from(n: i64) -> Result<Self, Self::Error> {
        match u32::try_from(n) {
            Ok(v) if (MIN..=MAX).contains(&n) => Ok(Bounded(v)),
            _ => Err(out_of_range(n, MIN, MAX)),
        }
    }
}

impl<const MIN: i64, const MAX: i64> TryFrom<i64> for Signed<MIN, MAX> {
    type Error = String;
    fn try_from(n: i64) -> Result<Self, Self::Error> {
        match i32::try_from(n) {
            Ok(v) if (MIN..=MAX).contains(&n) => Ok(Signed(v)),
            _ => Err(out_of_range(n, MIN, MAX)),
        }
    }
}

/// Holes in a match.
pub type Holes = Bounded<1, 36>;
/// Decks shuffled together.
pub type Decks = Bounded<1, 8>;
/// Jokers added to each deck.
pub type JokersPerDeck = Bounded<0, 8>;
/// Rows of a grid.
pub type Rows = Bounded<1, 4>;
/// Columns of a grid.
pub type Columns = Bounded<1, 6>;
/// A tournament's points per minute late.
pub type LatePerMinute = Bounded<0, 100>;
/// Points over a round's highest total for a round disqualification (RULES.md §13).
pub type RoundDisqualification = Bounded<0, 100>;
/// Players at a tournament table (RULES.md §13).
pub type TableSize = Bounded<2, 16>;
/// Rounds of a tournament (RULES.md §13).
pub type Rounds = Bounded<1, 20>;
/// Minutes late in one penalty.
pub type LateMinutes = Bounded<1, 120>;
/// A card's value.
pub type CardValue = Signed<-100, 100>;
/// A matched set's value or a same-rank bonus.
pub type SetPoints = Signed<-200, 200>;
/// Going-out penalty or bonus points, and a tournament penalty's.
pub type Points = Signed<-100, 100>;
/// Penalty points given at the table (never 0).
pub type PenaltyPoints = Signed<-100, 100>;
/// A `times N` going-out multiplier.
pub type Times = Bounded<2, 10>;
/// Jokers in a whole pack (`[deck] jokers`).
pub type PackJokers = Bounded<0, 64>;
/// Copies of one face in a pack of the rules' own.
pub type Copies = Bounded<1, 64>;
/// A match's points target.
pub type Target = Bounded<1, 10_000>;
/// A score-map key or value.
pub type MappedScore = Signed<-500, 500>;
/// A bare score recorded unchecked.
pub type BareScore = Signed<-500, 500>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_outside_their_range_are_refused_at_every_extreme() {
        assert_eq!(Holes::try_from(36), Ok(Bounded(36)));
        assert!(Holes::try_from(0).is_err() && Holes::try_from(37).is_err());
        assert!(Holes::try_from(i64::MIN).is_err() && Holes::try_from(i64::MAX).is_err());
        assert_eq!(BareScore::try_from(-500), Ok(Signed(-500)));
        assert!(BareScore::try_from(i64::MIN).is_err());
        assert!(CardValue::try_from(i64::from(i32::MAX)).is_err());
        assert_eq!(
            Decks::try_from(9).unwrap_err(),
            "9 is out of range; expected 1 to 8"
        );
    }
}
