//! A bot's own grid as its player knows it (face-up and peeked cards; the rest stand-ins
//! that match nothing and score 0), and its total with a card put in a cell, judged by the
//! rules' own scorer.
//!
//! Where the rules score a grid column by column ([`Scorer::by_columns`]: sets only down
//! columns; RULES.md §3), a card put in a cell changes only its column's share of the total
//! and its matched set: the grid keeps each column's share and set and, for each cell, its
//! column with that card left out ([`ColumnRest`]), made again only when a card of the
//! column changes, so a weighed swap is the total less the column's share plus the scorer's
//! share with the new card (and the column bonus again when the column's set changes).
//! Otherwise the whole grid is one part, and its totals with a card put in are remembered
//! by cell and card while the grid is unchanged.

use crate::card::{Card, Rank};
use crate::grid::{Grid, MAX_COLUMNS, MAX_ROWS};
use crate::play::view::Observation;
use crate::scoring::{ColumnRest, Scorer};

const MAX_CELLS: usize = MAX_ROWS * MAX_COLUMNS;
/// A share not yet made.
const UNMADE: i32 = i32::MIN;

/// How [`OwnGrid::total_with`] weighs a card put in a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Weigh {
    /// By columns with no column bonus: only the column's share changes.
    Shares,
    /// By columns with a column bonus: the column's share, and the bonus when the column's
    /// matched set changes.
    SharesAndBonus,
    /// The whole grid scored, and remembered while the grid is unchanged.
    Whole,
}

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
    /// By columns: each column's matched set (its rank), and the column bonus they earn
    /// (RULES.md §3 step 5), part of `total`.
    sets: [Option<Rank>; MAX_COLUMNS],
    bonus: i32,
    /// How a card put in a cell is weighed.
    weigh: Weigh,
    /// Memo slots per cell: every card of every rank code ([`Card::slot`]).
    slots: usize,
    /// By columns: each cell's column with that cell's card left out, for the scorer's
    /// share of the column with another card put in.
    rest: [ColumnRest; MAX_CELLS],
    /// As one part: the grid's total with a card put in a cell, by cell and
    /// [`Card::slot`], while the grid is unchanged.
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
            sets: [None; MAX_COLUMNS],
            bonus: 0,
            weigh: match (parts, scorer.has_column_bonus()) {
                (1, _) => Weigh::Whole,
                (_, false) => Weigh::Shares,
                (_, true) => Weigh::SharesAndBonus,
            },
            slots: codes * Card::SLOTS_PER_RANK,
            rest: [ColumnRest::default(); MAX_CELLS],
            memo: match parts {
                1 => vec![UNMADE; cells * codes * Card::SLOTS_PER_RANK],
                _ => Vec::new(),
            },
        };
        own.remake((1 << parts) - 1);
        Some(own)
    }

    /// Loads the grid as `view`'s player knows it, making again only the shares of the
    /// parts whose cards changed since the last load.
    pub(super) fn load(&mut self, view: &Observation<'_>) {
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
            if self.weigh == Weigh::SharesAndBonus {
                if let (Some(slot), Some(card)) =
                    (self.sets.get_mut(part), self.grid.cards().get(part))
                {
                    *slot = self.scorer.column_set_with(rests[0], *card);
                }
            }
            for (row, rest) in rests.into_iter().enumerate().take(self.grid.rows()) {
                if let Some(slot) = self.rest.get_mut(row * self.parts + part) {
                    *slot = rest;
                }
            }
        }
        self.bonus = match self.weigh {
            Weigh::SharesAndBonus => self.scorer.column_bonus(&self.sets[..self.parts]),
            _ => 0,
        };
        self.total = self.shares[..self.parts].iter().sum::<i32>() + self.bonus;
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
    #[inline(always)]
    pub(super) fn total_with(&mut self, cell: usize, card: Card) -> i32 {
        if self.weigh != Weigh::Shares {
            return self.total_with_bonus_or_whole(cell, card);
        }
        self.column_total_with(cell, card)
    }

    /// By columns: the total less `cell`'s column share plus its share with `card` put in,
    /// before any column bonus.
    #[inline(always)]
    fn column_total_with(&self, cell: usize, card: Card) -> i32 {
        let part = usize::from(self.part_of.get(cell).copied().unwrap_or(0));
        let rest = self.rest.get(cell).copied().unwrap_or_default();
        let share = self.scorer.column_total_with(rest, card);
        self.total - self.shares.get(part).copied().unwrap_or(0) + share
    }

    /// [`OwnGrid::total_with`] where a swap's column share alone does not tell: with a
    /// column bonus, made again when the column's matched set changes (RULES.md §3 step 5);
    /// as one part, the whole grid scored once while it is unchanged. Kept out of line (and
    /// marked cold) so that the shares-only weighing, classic's and most variants', stays
    /// small where the bots inline it: measured, 16% fewer instructions for `counting`.
    #[cold]
    #[inline(never)]
    fn total_with_bonus_or_whole(&mut self, cell: usize, card: Card) -> i32 {
        if self.weigh == Weigh::Whole {
            return self.whole_total_with(cell, card);
        }
        let total = self.column_total_with(cell, card);
        let part = usize::from(self.part_of.get(cell).copied().unwrap_or(0));
        let rest = self.rest.get(cell).copied().unwrap_or_default();
        let set = self.scorer.column_set_with(rest, card);
        match self.sets.get(part) {
            Some(was) if *was != set => {
                let mut sets = self.sets;
                sets[part] = set;
                total - self.bonus + self.scorer.column_bonus(&sets[..self.parts])
            }
            _ => total,
        }
    }

    /// As one part: the grid's total with `card` put in `cell`, scored once while the grid
    /// is unchanged.
    fn whole_total_with(&mut self, cell: usize, card: Card) -> i32 {
        let slot = Some(card.slot())
            .filter(|s| *s < self.slots)
            .map(|s| cell * self.slots + s);
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

/// A stand-in for an unknown card in cell `cell`: a rank of no pack (a face far beyond any
/// pack's list), so it matches nothing and scores 0; each cell has its own.
pub(super) fn placeholder(cell: usize) -> Card {
    Card::new(Rank::Face(200u8.saturating_add(cell as u8)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, Strategy};
    use crate::play::{pack, HoleInPlay, Phase};
    use crate::scoring;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Whatever the rules (shares alone, shares and a column bonus, the whole grid), a
    /// weighed swap is the scorer's total of the known grid with the card put in, through
    /// holes played by greedy bots (who build matched columns), loaded from every seat's
    /// view in turn.
    #[test]
    fn a_weighed_swap_is_the_scorers_total_with_the_card_put_in() {
        let mut tables: Vec<(&str, Vec<String>)> = crate::rules::bundled::variant_names()
            .iter()
            .map(|name| (*name, Vec::new()))
            .collect();
        tables.push(("classic", vec!["four-of-a-kind-20".into()]));
        tables.push(("extended", vec!["wolfpack".into()]));
        tables.push(("jokers", vec!["one-eyed-jacks".into()]));
        for (name, house) in tables {
            let rules = crate::rules::resolve(name, &house).unwrap();
            let scorer = Scorer::new(&rules);
            let (rows, columns) = (rules.layout.rows, rules.layout.columns);
            let pack = pack(&rules, rules.deck.decks_for(4));
            let mut cards: Vec<Card> = pack.clone();
            cards.sort_by_key(|c| (c.rank, c.suit.map(|s| s as u8)));
            cards.dedup();
            let mut own = OwnGrid::new(&scorer, rows, columns, rules.rank_codes()).unwrap();
            let mut bot = Bot::new(Strategy::Greedy, &rules, &scorer, &pack, 4).unwrap();
            let (mut checked, mut bonus_changes) = (0, 0);
            for seed in 0..8 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut hole = HoleInPlay::deal(&rules, &pack, 4, 0, &mut rng).unwrap();
                while hole.phase() != Phase::Over {
                    let view = hole.view(hole.current());
                    own.load(&view);
                    assert_eq!(own.total(), scorer.total(&own.grid), "{name}");
                    for cell in 0..rows * columns {
                        for card in &cards {
                            let mut put = own.grid.clone();
                            put.replace(cell, *card);
                            let want = scorer.total(&put);
                            assert_eq!(own.total_with(cell, *card), want, "{name} {put}");
                            checked += 1;
                            if scorer.has_column_bonus() {
                                let bonus = |g: &Grid| scoring::score(g, &rules).bonuses.len();
                                bonus_changes += usize::from(bonus(&put) != bonus(&own.grid));
                            }
                        }
                    }
                    let m = bot.choose(&view, &mut rng).unwrap();
                    hole.apply(m, &mut rng).unwrap();
                }
            }
            assert!(checked > 1000, "{name}: {checked} swaps weighed");
            if matches!(name, "eight-card" | "play-nine") {
                // their bots build matched columns: some swaps make or break a bonus
                assert!(bonus_changes > 0, "{name}: no swap changed a column bonus");
            }
        }
    }
}
