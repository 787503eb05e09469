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
/// Minutes on a round's clock (`golf serve --tournament --clock MINUTES`): a minute to a
/// day.
pub type ClockMinutes = Bounded<1, 1440>;
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

/// The largest export `golf import` reads, in bytes: 512 MiB (RULES.md §12). `golf simulate
/// --export` writes no more, so what it writes imports.
pub const MAX_EXPORT_BYTES: u64 = 512 * 1024 * 1024;

/// The first day a recorded match may have been played (RULES.md §12): 1900-01-01.
pub const FIRST_PLAYED: chrono::NaiveDate = match chrono::NaiveDate::from_ymd_opt(1900, 1, 1) {
    Some(d) => d,
    None => panic!("1900-01-01 is a day"),
};

/// Checks a time a recorded match carries (RULES.md §12: a scoresheet's `date`, an export's
/// `started_at`, `finished_at` and every time recorded in it): from [`FIRST_PLAYED`] to one
/// day after `now`. A match is recorded when it was played, so a time in the future is a
/// mistake (`9999-12-31` would be the latest night of `golf ratings` for ever); the day's
/// grace covers a time given in a zone ahead of ours and a clock a little fast. `what`
/// names the value in the message, which says the range.
pub fn played(
    what: &str,
    at: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), String> {
    let first = FIRST_PLAYED.and_time(chrono::NaiveTime::MIN).and_utc();
    let last = now + chrono::TimeDelta::days(1);
    match (first..=last).contains(&at) {
        true => Ok(()),
        false => Err(format!(
            "{what} {} is not a time a match was played; expected {} to {} (one day after now)",
            at.format("%Y-%m-%d %H:%M UTC"),
            FIRST_PLAYED.format("%Y-%m-%d"),
            last.format("%Y-%m-%d"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_is_played_from_1900_to_one_day_after_now() {
        let now = chrono::DateTime::parse_from_rfc3339("2026-11-25T17:00:00Z")
            .unwrap()
            .to_utc();
        let at = |t: &str| chrono::DateTime::parse_from_rfc3339(t).unwrap().to_utc();
        assert!(played("x", at("1900-01-01T00:00:00Z"), now).is_ok());
        assert!(played("x", at("2026-11-26T16:59:00Z"), now).is_ok());
        let err = played("the date", at("9999-12-31T12:00:00Z"), now).unwrap_err();
        assert!(err.contains("1900-01-01 to 2026-11-26"), "{err}");
        assert!(played("x", at("2026-11-26T17:01:00Z"), now).is_err());
        assert!(played("x", at("1899-12-31T23:59:59Z"), now).is_err());
    }

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
