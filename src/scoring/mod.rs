//! Scoring: the algorithm every variant shares (RULES.md §3), returning a breakdown that
//! explains every point, and the going-out adjustment over one hole's grid scores (§5).
//!
//! Here the [`Scorer`] (rules made ready to score many grids) and its totals; [`sets`] finds
//! a grid's matched sets in one pass, for the totals and the explanations alike;
//! [`explain`] puts every point in words ([`Breakdown`]); [`columns`] is the column by
//! column arithmetic the bots weigh swaps with; [`hole`] the adjustments of §5.

mod columns;
mod explain;
mod hole;
mod sets;

use std::sync::{Arc, OnceLock};

use crate::card::Card;
use crate::grid::Grid;
use crate::rules::{Anywhere, Rules};
pub use columns::ColumnRest;
use explain::value_source;
pub use explain::{score, Bonus, Breakdown, MatchedSet, SetKind, Unmatched};
pub use hole::{adjusts_holes, hole, hole_points, Adjustment, Ended};
use sets::{column_bonuses, ColumnCounts, Sets, Tally};

/// Rules made ready to score many grids: each rank's value looked up once, so a grid's
/// total is a few dozen comparisons and additions (RULES.md §3).
///
/// ```
/// use golf::{grid::Grid, rules, scoring::Scorer};
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let rules = rules::resolve("classic", &[])?;
/// let scorer = Scorer::new(&rules);
/// let grid = Grid::parse("5 K Q / 5 2 J")?;
/// assert_eq!(scorer.total(&grid), 18); // a column of fives, K 0, Q 10, 2 −2, J 10
/// assert_eq!(scorer.score(&grid).total, 18);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct Scorer<'a> {
    rules: &'a Rules,
    /// Values by [`Rank::code`]: ace to king, then the joker.
    values: [i32; 14],
    /// Whether any suited card has a value of its own (`values.suited`).
    suited: bool,
    /// Whether any same-rank column bonus is set (RULES.md §3 step 5).
    bonuses: bool,
    /// Whether a grid's total is the sum of its columns' shares ([`Scorer::by_columns`]).
    by_columns: bool,
    /// Each card's text and value source by [`Card::slot`], made on first use by
    /// [`Scorer::score`]: an explained grid then shares them instead of writing two
    /// strings per card.
    words: OnceLock<Vec<OnceLock<CardWords>>>,
}

/// A card's text as typed and the source of its value.
#[derive(Debug, Clone)]
struct CardWords {
    text: Arc<str>,
    source: Arc<str>,
}

impl<'a> Scorer<'a> {
    /// Prepares `rules` for scoring.
    pub fn new(rules: &'a Rules) -> Scorer<'a> {
        let v = &rules.values;
        let mut values = [0; 14];
        values[..13].copy_from_slice(&v.ranks);
        values[13] = v.joker.unwrap_or(0);
        let m = &rules.matching;
        let bonuses = !m.same_rank_columns.is_empty() || !m.rank_columns.is_empty();
        Scorer {
            rules,
            values,
            suited: !v.suited.is_empty(),
            bonuses,
            by_columns: !m.rows && !m.diagonals && !m.row_pairs && m.anywhere == Anywhere::None,
            words: OnceLock::new(),
        }
    }

    /// The rules it scores by.
    pub fn rules(&self) -> &'a Rules {
        self.rules
    }

    /// A card's text and value source, made once per scorer.
    fn words(&self, card: Card) -> CardWords {
        let make = || CardWords {
            text: self.rules.card_text(card).into(),
            source: value_source(self.rules, card).into(),
        };
        let slots = self.words.get_or_init(|| {
            let slots = self.rules.rank_codes() * Card::SLOTS_PER_RANK;
            (0..slots).map(|_| OnceLock::new()).collect()
        });
        match slots.get(card.slot()) {
            Some(slot) => slot.get_or_init(make).clone(),
            None => make(),
        }
    }

    /// One card's value given its [`Rank::code`], exactly [`crate::rules::Values::of`].
    #[inline(always)]
    fn value(&self, card: Card, code: u16) -> i32 {
        if self.suited && card.suit.is_some() {
            return self.rules.values.of(card);
        }
        match self.values.get(usize::from(code)) {
            Some(v) => *v,
            None => self.rules.values.of_rank(card.rank),
        }
    }

    /// A grid's score alone, exactly as [`Scorer::score`] totals it but without a word of
    /// explanation and without allocating: for standings, rescoring and checks that show
    /// only numbers.
    pub fn total(&self, grid: &Grid) -> i32 {
        self.total_and_sets(grid).0
    }

    /// A grid's score alone, as [`Scorer::total`], with the number of matched sets found
    /// (RULES.md §3 step 2): the simulator's figures count them (RULES.md §15).
    pub fn total_and_sets(&self, grid: &Grid) -> (i32, u32) {
        let tally = Tally {
            count_columns: self.bonuses,
            ..Tally::default()
        };
        let mut sets = Sets::new(self, grid, tally);
        sets.find(self, grid.rows());
        let unmatched = sets.all - sets.in_sets;
        let bonuses = match self.bonuses {
            true => self.bonus_points(&mut sets.sink.columns),
            false => 0,
        };
        (sets.sink.points + unmatched + bonuses, sets.sink.sets)
    }

    /// The same-rank column bonuses for matched columns counted by rank (RULES.md §3 step 5).
    fn bonus_points(&self, columns: &mut ColumnCounts) -> i32 {
        columns
            .by_rank()
            .flat_map(|(rank, k)| column_bonuses(self.rules, rank, k))
            .flatten()
            .sum()
    }
}

/// A grid's score alone, exactly as [`score`] totals it but without a word of explanation
/// (RULES.md §3). To score many grids under one set of rules, prepare a [`Scorer`] once.
///
/// ```
/// use golf::{grid::Grid, rules, scoring};
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let rules = rules::resolve("classic", &[])?;
/// let grid = Grid::parse("5 K Q / 5 2 J")?;
/// assert_eq!(scoring::total(&grid, &rules), scoring::score(&grid, &rules).total);
/// # Ok(())
/// # }
/// ```
pub fn total(grid: &Grid, rules: &Rules) -> i32 {
    Scorer::new(rules).total(grid)
}
