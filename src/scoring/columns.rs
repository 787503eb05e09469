//! A grid column by column, for the bots (RULES.md §3 steps 2, 3 and 5): where sets lie
//! only down columns, a grid's total is the sum of its columns' shares and their bonus, so
//! a bot weighs a swap by its own column alone.

use super::sets::{set_points, ColumnCounts};
use super::Scorer;
use crate::card::{Card, Rank};
use crate::grid::Grid;

/// A column with one card left out ([`Scorer::column_and_rests`]): the sum of the other cards'
/// values, the rank code they all share (`None` when they differ or there are none) and
/// how many there are.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ColumnRest {
    sum: i32,
    code: Option<u16>,
    cards: u32,
}

impl Scorer<'_> {
    /// Whether the rules set any same-rank column bonus (RULES.md §3 step 5), so that
    /// [`Scorer::column_bonus`] can be other than 0.
    pub fn has_column_bonus(&self) -> bool {
        self.bonuses
    }

    /// The same-rank column bonuses (RULES.md §3 step 5) of a grid whose columns' matched
    /// sets are of these ranks (`None`: the column is no matched set; see
    /// [`Scorer::column_set_with`]), in points; 0 when the rules set no column bonus.
    pub fn column_bonus(&self, sets: &[Option<Rank>]) -> i32 {
        if !self.bonuses {
            return 0;
        }
        let mut columns = ColumnCounts::default();
        for rank in sets.iter().flatten() {
            columns.add(*rank);
        }
        self.bonus_points(&mut columns)
    }

    /// Whether a grid's total is the sum of its columns' shares ([`Scorer::column_and_rests`])
    /// and the [`Scorer::column_bonus`] of their matched sets' ranks: sets lie only down
    /// columns (no rows, diagonals, row pairs or matching anywhere; RULES.md §3 step 2).
    /// Then changing one card changes only its own column's share and set, which is how a
    /// bot weighs a swap without scoring the whole grid again.
    pub fn by_columns(&self) -> bool {
        self.by_columns
    }

    /// One column of `grid` (`column` from 0), its cards read once: its share of the
    /// grid's total, and by row (from 0) the column with that row's card left out, for
    /// [`Scorer::column_total_with`] (rows beyond the grid's are empty). The share of a full
    /// column of one rank is its matched set's points as [`Scorer::total`] scores them
    /// (RULES.md §3 steps 2.1 and 3); of any other column, its cards' values added up. When
    /// [`Scorer::by_columns`] holds the shares of every column and the column bonus add up
    /// to the grid's total; otherwise a share means nothing. A column beyond the grid has
    /// no share (0).
    pub fn column_and_rests(
        &self,
        grid: &Grid,
        column: usize,
    ) -> (i32, [ColumnRest; crate::grid::MAX_ROWS]) {
        const ROWS: usize = crate::grid::MAX_ROWS;
        let mut rests = [ColumnRest::default(); ROWS];
        let (columns, cards) = (grid.columns(), grid.cards());
        if column >= columns {
            return (0, rests);
        }
        let (mut codes, mut values, mut n) = ([0u16; ROWS], [0i32; ROWS], 0);
        let mut sum = 0;
        while let Some(card) = cards.get(n * columns + column).filter(|_| n < ROWS) {
            let code = card.rank.code();
            codes[n] = code;
            values[n] = self.value(*card, code);
            sum += values[n];
            n += 1;
        }
        // a row's others share a rank when each is of the first of them
        for (row, rest) in rests.iter_mut().enumerate().take(n) {
            let other = codes[usize::from(row == 0)];
            let same = (0..n).all(|r| r == row || codes[r] == other);
            rest.sum = sum - values[row];
            rest.cards = n as u32 - 1;
            rest.code = (n > 1 && same).then_some(other);
        }
        let share = match (cards.get(column), rests[0]) {
            (Some(card), rest) if n > 0 => self.column_total_with(rest, *card),
            _ => 0,
        };
        (share, rests)
    }

    /// The rank of the matched set a column makes (RULES.md §3 step 2) when its other cards
    /// are `rest` and `card` is put in the row left out: `Some` when every card is of
    /// `card`'s rank and there are at least two, as [`Scorer::column_total_with`] scores it.
    #[inline(always)]
    pub fn column_set_with(&self, rest: ColumnRest, card: Card) -> Option<Rank> {
        let set =
            self.rules.matching.columns && rest.cards > 0 && rest.code == Some(card.rank.code());
        set.then_some(card.rank)
    }

    /// The share of a column (see [`Scorer::column_and_rests`]) whose other cards are
    /// `rest` with `card` in the row left out: a matched set when every card is of one rank and
    /// there are at least two, else the sum of the values.
    #[inline(always)]
    pub fn column_total_with(&self, rest: ColumnRest, card: Card) -> i32 {
        let sum = rest.sum + self.value(card, card.rank.code());
        match self.column_set_with(rest, card) {
            Some(rank) => set_points(&self.rules.matching, rank, sum).0,
            None => sum,
        }
    }
}
