//! The set finder (RULES.md §3 step 2): one pass over a grid finds every matched set in
//! the rules' order, without allocating, and hands each to a sink — the totals keep their
//! points, the explanations every set — so the two can never disagree.

use super::{Scorer, SetKind};
use crate::card::{Card, Rank};
use crate::grid::Grid;
use crate::rules::{Anywhere, NegativeMatches, Rules};

/// The most cards a grid holds (4×6), so a set's cells fit in a `u32` mask.
pub(super) const MAX_CELLS: usize = crate::grid::MAX_ROWS * crate::grid::MAX_COLUMNS;

/// At most one set per two cards: sets never share a card.
pub(super) const MAX_SETS: usize = MAX_CELLS / 2;

/// Why a found set scores what it scores (RULES.md §3 step 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Worth {
    /// A set scores 0.
    Zero,
    /// The rank's own `matching.matched_values` entry.
    Matched,
    /// Negative cards keep their sum (`negative_matches = "keep"`).
    NegativeKept,
    /// Negative cards cancel like any other (`negative_matches = "cancel"`).
    NegativeCancelled,
}

/// A matched set as the scorer finds it, before any words: its cells as a mask over the
/// grid's cards in row order (bit `i` is card `i`), the line it lies on (column or row
/// number from 1; 0 and 1 for the two diagonals), its rank and what it scores.
#[derive(Debug, Clone, Copy)]
pub(super) struct Found {
    pub(super) kind: SetKind,
    pub(super) line: u8,
    pub(super) cells: u32,
    pub(super) rank: Rank,
    pub(super) points: i32,
    pub(super) worth: Worth,
}

/// Where found sets go: the explained path keeps them all, the total-only path keeps
/// only their points and the ranks of matched columns.
pub(super) trait Sink {
    fn push(&mut self, set: Found);
}

/// Matched columns per rank (RULES.md §3 step 5): at most one rank per column.
#[derive(Default)]
pub(super) struct ColumnCounts {
    pub(super) counts: [(Option<Rank>, u32); crate::grid::MAX_COLUMNS],
    pub(super) len: usize,
}

impl ColumnCounts {
    pub(super) fn add(&mut self, rank: Rank) {
        match self.counts[..self.len]
            .iter_mut()
            .find(|(r, _)| *r == Some(rank))
        {
            Some((_, k)) => *k += 1,
            None => {
                if let Some(slot) = self.counts.get_mut(self.len) {
                    *slot = (Some(rank), 1);
                    self.len += 1;
                }
            }
        }
    }

    /// `(rank, matched columns)` in rank order.
    pub(super) fn by_rank(&mut self) -> impl Iterator<Item = (Rank, u32)> + '_ {
        let counts = &mut self.counts[..self.len];
        counts.sort_unstable_by_key(|(rank, _)| *rank);
        counts.iter().filter_map(|(r, k)| r.map(|r| (r, *k)))
    }
}

/// The total-only sink: points of sets and, when a bonus can need them, matched columns
/// per rank; nothing else.
#[derive(Default)]
pub(super) struct Tally {
    pub(super) points: i32,
    pub(super) sets: u32,
    pub(super) count_columns: bool,
    pub(super) columns: ColumnCounts,
}

impl Sink for Tally {
    fn push(&mut self, set: Found) {
        self.points += set.points;
        self.sets += 1;
        if self.count_columns && set.kind == SetKind::Column {
            self.columns.add(set.rank);
        }
    }
}

/// The explained path's sink: every set, in the order found, without allocating.
pub(super) struct FoundSets {
    pub(super) sets: [Option<Found>; MAX_SETS],
    pub(super) len: usize,
}

impl FoundSets {
    pub(super) fn iter(&self) -> impl Iterator<Item = &Found> {
        self.sets[..self.len].iter().flatten()
    }
}

impl Sink for FoundSets {
    fn push(&mut self, set: Found) {
        if let Some(slot) = self.sets.get_mut(self.len) {
            *slot = Some(set);
            self.len += 1;
        }
    }
}

/// One pass over a grid that finds every set without allocating, handing each to a
/// [`Sink`]: both [`total`] and [`score`] run it, so the two can never disagree.
pub(super) struct Sets<'a, S> {
    pub(super) rules: &'a Rules,
    pub(super) cards: &'a [Card],
    /// Each card's [`Rank::code`], so lines compare numbers, not enums.
    pub(super) codes: [u16; MAX_CELLS],
    /// Each card's value (RULES.md §3 step 1), looked up once.
    pub(super) values: [i32; MAX_CELLS],
    /// The sum of every card's value, and of those in sets: unmatched cards score the
    /// difference.
    pub(super) all: i32,
    pub(super) in_sets: i32,
    pub(super) columns: usize,
    pub(super) used: u32,
    pub(super) sink: S,
}

impl<'a, S: Sink> Sets<'a, S> {
    /// The grid's cards, no set found yet: [`Sets::find`] reads their codes and values.
    #[inline(always)]
    pub(super) fn new(scorer: &'a Scorer<'a>, grid: &'a Grid, sink: S) -> Sets<'a, S> {
        Sets {
            rules: scorer.rules,
            cards: &grid.cards()[..grid.cards().len().min(MAX_CELLS)],
            codes: [0; MAX_CELLS],
            values: [0; MAX_CELLS],
            all: 0,
            in_sets: 0,
            columns: grid.columns(),
            used: 0,
            sink,
        }
    }

    /// Finds the sets of RULES.md §3 step 2 in its order: lines (columns, rows,
    /// diagonals), then row pairs, then matching anywhere.
    pub(super) fn find(&mut self, scorer: &Scorer<'_>, rows: usize) {
        for (i, card) in self.cards.iter().enumerate() {
            let code = card.rank.code();
            let value = scorer.value(*card, code);
            self.codes[i] = code;
            self.values[i] = value;
            self.all += value;
        }
        self.lines(rows);
        if self.rules.matching.row_pairs {
            self.row_pairs(rows);
        }
        match self.rules.matching.anywhere {
            Anywhere::None => {}
            how => self.anywhere(how),
        }
    }

    /// Cards in no set, as a mask.
    pub(super) fn unmatched(&self) -> u32 {
        let all = if self.cards.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << self.cards.len()) - 1
        };
        all & !self.used
    }

    pub(super) fn add(&mut self, kind: SetKind, line: usize, cells: u32) {
        let Some(first) = cells_of(cells).next() else {
            return;
        };
        let rank = self.cards[first].rank;
        let sum: i32 = cells_of(cells).map(|i| self.values[i]).sum();
        self.in_sets += sum;
        let (points, worth) = set_points(&self.rules.matching, rank, sum);
        self.used |= cells;
        self.sink.push(Found {
            kind,
            line: u8::try_from(line).unwrap_or(u8::MAX),
            cells,
            rank,
            points,
            worth,
        });
    }

    /// A full line (at least two cards), none used yet, all of one rank.
    pub(super) fn try_line(
        &mut self,
        kind: SetKind,
        line: usize,
        cells: impl Iterator<Item = usize>,
    ) {
        let mut cells = cells;
        let Some(first) = cells.next() else {
            return;
        };
        let code = self.codes[first];
        let mut mask = 1u32 << first;
        for i in cells {
            if self.codes[i] != code {
                return;
            }
            mask |= 1 << i;
        }
        if mask.count_ones() >= 2 && self.used & mask == 0 {
            self.add(kind, line, mask);
        }
    }

    pub(super) fn lines(&mut self, rows: usize) {
        let columns = self.columns;
        let m = &self.rules.matching;
        let (by_column, by_row, by_diagonal) = (m.columns, m.rows, m.diagonals);
        if by_column {
            for column in 0..columns {
                let cells = (0..rows).map(|row| row * columns + column);
                self.try_line(SetKind::Column, column + 1, cells);
            }
        }
        if by_row {
            for row in 0..rows {
                let cells = (0..columns).map(|column| row * columns + column);
                self.try_line(SetKind::Row, row + 1, cells);
            }
        }
        if by_diagonal && rows == columns {
            let main = (0..rows).map(|r| r * columns + r);
            self.try_line(SetKind::Diagonal, 0, main);
            let anti = (0..rows).map(|r| r * columns + columns - 1 - r);
            self.try_line(SetKind::Diagonal, 1, anti);
        }
    }

    pub(super) fn row_pairs(&mut self, rows: usize) {
        let columns = self.columns;
        for row in 0..rows {
            for column in 0..columns {
                let first = row * columns + column;
                if self.used & (1 << first) != 0 {
                    continue;
                }
                let code = self.codes[first];
                let partner = (first + 1..(row + 1) * columns)
                    .find(|&i| self.used & (1 << i) == 0 && self.codes[i] == code);
                if let Some(second) = partner {
                    self.add(SetKind::RowPair, row + 1, (1 << first) | (1 << second));
                }
            }
        }
    }

    /// Matching anywhere (RULES.md §3 step 2.3), rank by rank in rank order.
    pub(super) fn anywhere(&mut self, how: Anywhere) {
        let mut groups = [(0u16, 0u32); MAX_CELLS];
        let mut n = 0;
        let free = self.unmatched();
        for i in cells_of(free) {
            let code = self.codes[i];
            match groups[..n].iter_mut().find(|(c, _)| *c == code) {
                Some((_, mask)) => *mask |= 1 << i,
                None => {
                    groups[n] = (code, 1 << i);
                    n += 1;
                }
            }
        }
        let groups = &mut groups[..n];
        groups.sort_unstable_by_key(|(rank, _)| *rank);
        for &(_, mask) in groups.iter().filter(|(_, m)| m.count_ones() >= 2) {
            match how {
                Anywhere::None => {}
                Anywhere::Multiples => self.add(SetKind::Multiples, 0, mask),
                Anywhere::Pairs => {
                    let mut cells = cells_of(mask);
                    while let (Some(a), Some(b)) = (cells.next(), cells.next()) {
                        self.add(SetKind::Pair, 0, (1 << a) | (1 << b));
                    }
                }
            }
        }
    }
}

/// What a set of `rank` whose cards' values add up to `sum` scores, and why (RULES.md §3
/// step 3): the rank's matched value, else a negative sum kept or cancelled, else 0.
#[inline(always)]
pub(super) fn set_points(m: &crate::rules::Matching, rank: Rank, sum: i32) -> (i32, Worth) {
    let matched = match m.matched_values.is_empty() {
        true => None,
        false => m.matched_values.iter().find(|(r, _)| *r == rank),
    };
    match matched {
        Some((_, value)) => (*value, Worth::Matched),
        None if sum < 0 => match m.negative_matches {
            NegativeMatches::Keep => (sum, Worth::NegativeKept),
            NegativeMatches::Cancel => (0, Worth::NegativeCancelled),
        },
        None => (0, Worth::Zero),
    }
}

/// The card indices in a mask, lowest first: row by row, left to right.
pub(super) fn cells_of(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// The bonuses for `k` matched columns of `rank` (RULES.md §3 step 5): the general table's
/// entry, then the rank's own; zero entries give nothing.
pub(super) fn column_bonuses(rules: &Rules, rank: Rank, k: u32) -> [Option<i32>; 2] {
    let m = &rules.matching;
    let own = m.rank_columns.iter().find(|(r, _)| *r == rank);
    [
        m.same_rank_columns.get(&k).copied(),
        own.and_then(|(_, t)| t.get(&k)).copied(),
    ]
    .map(|p| p.filter(|p| *p != 0))
}
