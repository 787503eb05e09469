//! A bot's own grid as its player knows it (face-up and peeked cards; the rest stand-ins
//! that match nothing and score 0), and its total with a card put in a cell, judged by the
//! rules' own scorer.
//!
//! Where the rules score a grid column by column ([`Scorer::by_columns`]: sets only down
//! columns, no column bonuses; RULES.md §3), a card put in a cell changes only its column's
//! share of the total: the grid keeps each column's share and, for each cell, its column
//! with that card left out ([`ColumnRest`]), made again only when a card of the column
//! changes, so a weighed swap is the total less the column's share plus the scorer's share
//! with the new card. Otherwise the whole grid is one part, and its totals with a card put
//! in are remembered by cell and card while the grid is unchanged.

use crate::card::{Card, Rank, Suit};
use crate::grid::{Grid, MAX_COLUMNS, MAX_ROWS};
use crate::play::view::View;
use crate::scoring::{ColumnRest, Scorer};

const MAX_CELLS: usize = MAX_ROWS * MAX_COLUMNS;
/// A share not yet made.
const UNMADE: i32 = i32::MIN;

/// The bot's own grid and the shares of its parts, reused for every decision.
#[derive(Debug, Clone)]
pub(super) struct OwnGrid<'r> {
    scorer: &'r Scorer<'r>,
    grid: Grid,
    /// The grid the shares below were made for.
    seen: Vec<Card>,
    /// Cells whose card the player knows, as a mask, and how many they do not.
    known: u32,
    unknown: u32,
    /// Parts: the columns where the rules score by columns, else 1 (the whole grid).
    parts: usize,
    /// Each cell's part (`cell % parts`, looked up to spare a division per weighed swap).
    part_of: [u8; MAX_CELLS],
    /// Each part's share of the total, and the total.
    shares: [i32; MAX_COLUMNS],
    total: i32,
    /// Rank codes in the pack (ace to king, the joker, the pack's own faces).
    codes: usize,
    /// By columns: each cell's column with that cell's card left out, for the scorer's
    /// share of the column with another card put in.
    rest: [ColumnRest; MAX_CELLS],
    /// As one part: the grid's total with a card put in a cell, by cell, rank code and
    /// suit slot, while the grid is unchanged.
    memo: Vec<i32>,
}

impl<'r> OwnGrid<'r> {
    /// An empty own grid of `rows` × `columns` for a pack whose rank codes run below
    /// `codes`; `None` when the layout is beyond the largest grid.
    pub(super) fn new(
        scorer: &'r Scorer<'r>,
        rows: usize,
        columns: usize,
        codes: usize,
    ) -> Option<OwnGrid<'r>> {
        let cells = rows * columns;
        let grid = Grid::from_cards(rows, columns, (0..cells).map(placeholder).collect()).ok()?;
        if cells > MAX_CELLS || columns > MAX_COLUMNS {
            return None;
        }
        let parts = if scorer.by_columns() { columns } else { 1 };
        let mut part_of = [0u8; MAX_CELLS];
        for (cell, part) in part_of.iter_mut().enumerate().take(cells) {
            *part = (cell % parts) as u8;
        }
        let mut own = OwnGrid {
            scorer,
            seen: grid.cards().to_vec(),
            grid,
            known: 0,
            unknown: cells as u32,
            parts,
            part_of,
            shares: [0; MAX_COLUMNS],
            total: 0,
            codes,
            rest: [ColumnRest::default(); MAX_CELLS],
            memo: match parts {
                1 => vec![UNMADE; cells * codes * SUIT_SLOTS],
                _ => Vec::new(),
            },
        };
        own.remake((1 << parts) - 1);
        Some(own)
    }

    /// Loads the grid as `view`'s player knows it, making again only the shares of the
    /// parts whose cards changed since the last load.
    pub(super) fn load(&mut self, view: &View<'_>) {
        self.known = view.own_cards(self.grid.cards_mut(), placeholder);
        self.unknown = (self.seen.len() as u32).saturating_sub(self.known.count_ones());
        let mut dirty = 0u32;
        for (cell, (seen, card)) in self.seen.iter_mut().zip(self.grid.cards()).enumerate() {
            if *seen != *card {
                *seen = *card;
                dirty |= 1 << self.part_of[cell];
            }
        }
        if dirty != 0 {
            self.remake(dirty);
        }
    }

    /// Makes again the shares of the parts in `dirty` (a mask of parts) and the total.
    fn remake(&mut self, mut dirty: u32) {
        if self.parts == 1 {
            self.memo.fill(UNMADE);
        }
        while dirty != 0 {
            let part = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            if self.parts == 1 {
                self.shares[0] = self.scorer.total(&self.grid);
                continue;
            }
            let (share, rests) = self.scorer.column_and_rests(&self.grid, part);
            if let Some(slot) = self.shares.get_mut(part) {
                *slot = share;
            }
            for (row, rest) in rests.into_iter().enumerate().take(self.grid.rows()) {
                if let Some(slot) = self.rest.get_mut(row * self.parts + part) {
                    *slot = rest;
                }
            }
        }
        self.total = self.shares[..self.parts].iter().sum();
    }

    /// The grid's total as loaded (stand-ins scoring 0).
    pub(super) fn total(&self) -> i32 {
        self.total
    }

    /// Cards the player does not know.
    pub(super) fn unknown(&self) -> u32 {
        self.unknown
    }

    /// Whether the player knows the card in `cell`.
    pub(super) fn knows(&self, cell: usize) -> bool {
        self.known & (1 << cell) != 0
    }

    /// The grid's total with `card` put in `cell`.
    #[inline]
    pub(super) fn total_with(&mut self, cell: usize, card: Card) -> i32 {
        if self.parts > 1 {
            let part = usize::from(self.part_of.get(cell).copied().unwrap_or(0));
            let rest = self.rest.get(cell).copied().unwrap_or_default();
            let share = self.scorer.column_total_with(rest, card);
            return self.total - self.shares.get(part).copied().unwrap_or(0) + share;
        }
        let code = usize::from(card.rank.code());
        let slot =
            (code < self.codes).then(|| (cell * self.codes + code) * SUIT_SLOTS + suit_slot(card));
        match slot.and_then(|i| self.memo.get(i).copied()) {
            Some(total) if total != UNMADE => total,
            _ => {
                let old = self.grid.replace(cell, card);
                let total = self.scorer.total(&self.grid);
                if let Some(old) = old {
                    self.grid.replace(cell, old);
                }
                if let Some(m) = slot.and_then(|i| self.memo.get_mut(i)) {
                    *m = total;
                }
                total
            }
        }
    }
}

/// Memo slots per rank code: one per suit and one for none (suits matter where the rules
/// value suited cards).
const SUIT_SLOTS: usize = 5;

fn suit_slot(card: Card) -> usize {
    match card.suit {
        None => 0,
        Some(Suit::Spades) => 1,
        Some(Suit::Hearts) => 2,
        Some(Suit::Diamonds) => 3,
        Some(Suit::Clubs) => 4,
    }
}

/// A stand-in for an unknown card in cell `cell`: a rank of no pack (a face far beyond any
/// pack's list), so it matches nothing and scores 0; each cell has its own.
pub(super) fn placeholder(cell: usize) -> Card {
    Card::new(Rank::Face(200u8.saturating_add(cell as u8)))
}
