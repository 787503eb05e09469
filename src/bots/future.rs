//! What playing on is still worth to a grid (RULES.md §18, "Look further than one step"):
//! the expected saving of the player's next [`HORIZON`] draws, so that the expert weighs a
//! move that leaves the hole open by the position it leaves, not only by its expected score.
//!
//! Each cell is worth what one draw is expected to save on it: over the cards the draw may
//! be (the unseen cards, or the stock's own once a reshuffle made them known), how far a
//! card is below the cell's worth (a face-down card worth the unseen mean, a card of
//! a matched set nothing), and — where sets lie down two-row columns, or multiples cancel
//! anywhere — the chance that the draw makes a set with a card the grid already shows. The
//! next [`HORIZON`] draws are taken to fall on the cells a draw saves most on, one each.
//! So a card turned up is worth more than one left face down (what it turns out to be is
//! known to the next draw: the future is the mean over the rank it may be), and a card put
//! beside a face-down card keeps a set open that a card put under a known one closes.
//!
//! Made once per decision ([`Future::reckon`]) from the belief and the own grid as they
//! stand; a card put in a cell changes that cell's column (the whole grid under multiples)
//! and each answer is remembered for the decision, so a decision makes each at most once.
//! Nothing allocates after [`Future::new`].

use super::belief::{Belief, Estimator};
use crate::card::Card;
use crate::grid::{MAX_COLUMNS, MAX_ROWS};
use crate::rules::{Anywhere, NegativeMatches, Rules};

const MAX_CELLS: usize = MAX_ROWS * MAX_COLUMNS;

/// The draws the future looks ahead. Measured (`golf simulate`, seed 3 or 1), weighing
/// each move by its own position's future with 2, 2.5, 3, 3.5 and 4 draws: one expert among
/// three `counting` bots in `classic` (1,000 matches, seats 1 and 4) 1.31–1.40, 1.49, 1.61–1.66,
/// 1.62–1.69, 1.60–1.77 a hole below them; alternating tables (300 matches, both seatings)
/// in `quick` 0.34–0.48, 0.39–0.51, 0.25–0.48, 0.22–0.52, 0.19–0.39, in
/// `four-card-multiples` 0.26–0.35, 0.36–0.54, 0.51–0.67, 0.63–0.94, 0.78–1.15; L's rules
/// against three `random` 3.93, 3.89, 3.88, 3.90, 3.90. Before (a fixed allowance for
/// playing on, three draws on the grid as it stood, weighed against ending the hole alone)
/// the classic figure was 0.13–0.22 and `six-card` 0.2–0.46 above counting.
pub const HORIZON: usize = 3;

/// The future of the own grid in one decision, with the room every answer reuses.
#[derive(Debug, Clone)]
pub(super) struct Future {
    cells: usize,
    columns: usize,
    /// Sets down two-row columns (a card's partner is the other card of its column).
    column_pairs: bool,
    /// Multiples cancel anywhere (a grid of at most nine cards).
    multiples: bool,
    /// Whether a set of negative cards cancels (RULES.md §3 step 3).
    negative_cancels: bool,
    /// By rank code: the value, and what a full column of it scores beyond its cards.
    values: Vec<f64>,
    set_gain: Vec<f64>,
    /// By rank code: a card of that rank as the pack holds it.
    cards: Vec<Option<Card>>,
    /// By rank code: the cards the next draws come from as the decision began (the unseen
    /// cards, or a known stock's), all of them; and the mean of the unseen cards (what a
    /// face-down card is worth).
    counts: Vec<u32>,
    total: u32,
    mean: f64,
    /// By rank code: the unseen cards a face-down card may be, and all of them (apart
    /// from the stock's once a reshuffle made those known).
    down: Vec<u32>,
    down_total: u32,
    /// By rank code: what one draw is expected to save on a card of that rank; and on a
    /// face-down card.
    below_code: Vec<f64>,
    below_mean: f64,
    /// The own grid the decision began with, and what one draw saves on each cell of it.
    own: [Option<Card>; MAX_CELLS],
    gains: [f64; MAX_CELLS],
    /// The future of the grid as it stands.
    now: f64,
    /// The future with each card put in each cell, by `cell * codes + code`, and with each
    /// face-down cell turned up; NaN until made in this decision.
    put: Vec<f64>,
    flips: [f64; MAX_CELLS],
}

impl Future {
    /// The future for grids of `rules`, with `estimator`'s sets and `belief`'s ranks.
    pub(super) fn new(rules: &Rules, estimator: &Estimator<'_>, belief: &Belief) -> Future {
        let (rows, columns) = (rules.layout.rows, rules.layout.columns);
        let codes = belief.rank_codes();
        let cells = rows * columns;
        Future {
            cells,
            columns,
            column_pairs: rows == 2 && rules.matching.columns && estimator.by_columns(),
            multiples: rules.matching.anywhere == Anywhere::Multiples && cells <= 9,
            negative_cancels: rules.matching.negative_matches == NegativeMatches::Cancel,
            values: (0..codes).map(|c| belief.value(c)).collect(),
            set_gain: (0..codes).map(|c| estimator.set_gain(c)).collect(),
            cards: (0..codes).map(|c| belief.card(c)).collect(),
            counts: vec![0; codes],
            total: 0,
            mean: 0.0,
            down: vec![0; codes],
            down_total: 0,
            below_code: vec![0.0; codes],
            below_mean: 0.0,
            own: [None; MAX_CELLS],
            gains: [0.0; MAX_CELLS],
            now: 0.0,
            put: vec![f64::NAN; cells * codes],
            flips: [f64::NAN; MAX_CELLS],
        }
    }

    /// Makes the future of the decision: `belief` as it stands, `own` the player's grid
    /// (cells row by row, `None` for a face-down card they do not know).
    pub(super) fn reckon(&mut self, belief: &Belief, own: &[Option<Card>]) {
        // the next draws come from the stock: its own cards once a reshuffle made them known
        for (code, k) in self.counts.iter_mut().enumerate() {
            *k = belief.next_count(code);
        }
        self.total = belief.next_total();
        for (code, k) in self.down.iter_mut().enumerate() {
            *k = belief.unseen(code);
        }
        self.down_total = belief.unseen_count();
        self.mean = belief.unseen_mean().unwrap_or(belief.pack_mean());
        for code in 0..self.below_code.len() {
            self.below_code[code] = self.below(self.value(code));
        }
        self.below_mean = self.below(self.mean);
        for (cell, slot) in self.own.iter_mut().enumerate().take(self.cells) {
            *slot = own.get(cell).copied().flatten();
        }
        let grid = self.own;
        for cell in 0..self.cells {
            self.gains[cell] = self.gain(cell, &|c| grid[c]);
        }
        self.now = self.top(|cell, _, _| self.gains[cell]);
        self.put.fill(f64::NAN);
        self.flips = [f64::NAN; MAX_CELLS];
    }

    /// What one draw is expected to save on `grid` (another player's, as they lie: cells row
    /// by row, `None` face down), by this decision's belief: the most it saves on a cell.
    pub(super) fn one_draw(&self, grid: &[Option<Card>]) -> f64 {
        let at = |cell: usize| grid.get(cell).copied().flatten();
        (0..self.cells)
            .map(|cell| self.gain(cell, &at))
            .fold(0.0, f64::max)
    }

    /// The future of the grid as it stands (a discard, a knock refused).
    pub(super) fn now(&self) -> f64 {
        self.now
    }

    /// The future with `card` put in `cell` (a swap).
    pub(super) fn with(&mut self, cell: usize, card: Card) -> f64 {
        let slot = cell * self.values.len() + usize::from(card.rank.code());
        // a suited card (one-eyed-jacks) may be valued apart from its rank: not remembered
        if let Some(f) = self
            .put
            .get(slot)
            .filter(|f| !f.is_nan() && card.suit.is_none())
        {
            return *f;
        }
        let f = self.made_with(cell, card);
        if let Some(remembered) = self.put.get_mut(slot) {
            *remembered = f;
        }
        f
    }

    /// The future with face-down `cell` turned up (a flip): over each rank it may be, by
    /// its chance, the future with it there.
    pub(super) fn flip(&mut self, cell: usize) -> f64 {
        if let Some(f) = self.flips.get(cell).filter(|f| !f.is_nan()) {
            return *f;
        }
        let f = match self.own.get(cell).copied().flatten().is_some() || self.down_total == 0 {
            true => self.now,
            false => {
                let mut sum = 0.0;
                for code in 0..self.values.len() {
                    let k = self.down[code];
                    if let Some(card) = self.card_of(code).filter(|_| k > 0) {
                        sum += f64::from(k) * self.with(cell, card);
                    }
                }
                sum / f64::from(self.down_total)
            }
        };
        if let Some(remembered) = self.flips.get_mut(cell) {
            *remembered = f;
        }
        f
    }

    /// A card of rank code `code` as the pack holds it.
    fn card_of(&self, code: usize) -> Option<Card> {
        self.cards.get(code).copied().flatten()
    }

    fn made_with(&self, put: usize, card: Card) -> f64 {
        let at = |cell: usize| match cell == put {
            true => Some(card),
            false => self.own[cell],
        };
        if self.multiples {
            let mut gains = [0.0; MAX_CELLS];
            for (cell, g) in gains.iter_mut().enumerate().take(self.cells) {
                *g = self.gain(cell, &at);
            }
            return self.top(|cell, _, _| gains[cell]);
        }
        // only the column of the cell put in changes
        let column = put % self.columns;
        let mut changed = [0.0; MAX_ROWS];
        for (row, g) in changed
            .iter_mut()
            .enumerate()
            .take(self.cells / self.columns)
        {
            *g = self.gain(row * self.columns + column, &at);
        }
        self.top(|cell, row, col| match col == column {
            true => changed[row],
            false => self.gains[cell],
        })
    }

    /// The sum of the [`HORIZON`] largest of each cell's `gain(cell, row, column)`.
    #[inline]
    fn top(&self, gain: impl Fn(usize, usize, usize) -> f64) -> f64 {
        let keep = HORIZON.min(self.cells);
        let mut top = [f64::NEG_INFINITY; HORIZON];
        let mut cell = 0;
        for row in 0..self.cells / self.columns {
            for column in 0..self.columns {
                let g = gain(cell, row, column);
                cell += 1;
                if keep == 0 || g <= top[keep - 1] {
                    continue;
                }
                let mut i = keep - 1;
                while i > 0 && top[i - 1] < g {
                    top[i] = top[i - 1];
                    i -= 1;
                }
                top[i] = g;
            }
        }
        top[..keep].iter().sum()
    }

    /// What one draw is expected to save on `cell` of the grid `at` gives.
    fn gain(&self, cell: usize, at: &impl Fn(usize) -> Option<Card>) -> f64 {
        if self.multiples {
            return self.multiples_gain(cell, at);
        }
        let rows = self.cells / self.columns;
        let column = cell % self.columns;
        let (worth, below) = match at(cell) {
            Some(card) => {
                let code = card.rank.code();
                let matched = rows >= 2
                    && (0..rows).all(|r| {
                        at(r * self.columns + column).is_some_and(|o| o.rank.code() == code)
                    });
                if matched {
                    return 0.0;
                }
                let code = usize::from(code);
                (self.value(code), self.below_of(code))
            }
            None => (self.mean, self.below_mean),
        };
        // a draw of the partner's rank makes the column a set
        match (self.column_pairs, at((cell + self.columns) % self.cells)) {
            (true, Some(partner)) => {
                let b = usize::from(partner.rank.code());
                let d = worth - self.value(b);
                let set = self.set_gain.get(b).copied().unwrap_or(0.0);
                below + self.chance(b) * ((d - set).max(0.0) - d.max(0.0))
            }
            _ => below,
        }
    }

    /// Under multiples anywhere: [`Future::gain`], a draw of a rank the grid already shows
    /// cancelling with it (RULES.md §3 step 2.3).
    fn multiples_gain(&self, cell: usize, at: &impl Fn(usize) -> Option<Card>) -> f64 {
        let cancels = |v: f64| v > 0.0 || self.negative_cancels;
        let others = |code: u16| {
            (0..self.cells)
                .filter(|&c| c != cell && at(c).is_some_and(|o| o.rank.code() == code))
                .count()
        };
        let (worth, mut gain) = match at(cell) {
            Some(card) => {
                let code = usize::from(card.rank.code());
                let v = self.value(code);
                if others(card.rank.code()) > 0 && cancels(v) {
                    return 0.0;
                }
                (v, self.below_of(code))
            }
            None => (self.mean, self.below_mean),
        };
        for other in (0..self.cells).filter(|&c| c != cell) {
            let Some(b) = at(other) else {
                continue;
            };
            let code = b.rank.code();
            let first =
                !(0..other).any(|c| c != cell && at(c).is_some_and(|o| o.rank.code() == code));
            let v = self.value(usize::from(code));
            if !first || !cancels(v) {
                continue;
            }
            // the card put cancels, and with it a lone card of its rank
            let set = match others(code) {
                1 => 2.0 * v,
                _ => v,
            };
            let d = worth - v;
            gain += self.chance(usize::from(code)) * ((d + set).max(0.0) - d.max(0.0));
        }
        gain
    }

    /// What one draw is expected to save on a card of rank code `code`.
    fn below_of(&self, code: usize) -> f64 {
        self.below_code.get(code).copied().unwrap_or(0.0)
    }

    /// A rank code's value in points.
    fn value(&self, code: usize) -> f64 {
        self.values.get(code).copied().unwrap_or(0.0)
    }

    /// The chance the next card is of rank code `code`.
    fn chance(&self, code: usize) -> f64 {
        let k = self.counts.get(code).copied().unwrap_or(0);
        f64::from(k) / f64::from(self.total.max(1))
    }

    /// Over the cards the next draw may be, how far one is below `worth` on average (0 for
    /// one above).
    fn below(&self, worth: f64) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        let mut gain = 0.0;
        for (code, k) in self.counts.iter().enumerate() {
            if *k > 0 {
                gain += f64::from(*k) * (worth - self.value(code)).max(0.0);
            }
        }
        gain / f64::from(self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Rank;
    use crate::scoring::Scorer;

    fn own(cards: &[Option<Rank>]) -> Vec<Option<Card>> {
        cards.iter().map(|r| r.map(Card::new)).collect()
    }

    /// A card turned up is worth more to the next draws than the same card left face down
    /// (they know what to replace), and a card put beside a face-down card keeps a pair open
    /// that the same card put under a known one closes.
    #[test]
    fn a_card_turned_up_or_a_pair_kept_open_is_worth_more_to_the_next_draws() {
        let rules = crate::rules::resolve("classic", &[]).unwrap();
        let scorer = Scorer::new(&rules);
        let belief = Belief::new(&rules, &crate::play::pack(&rules, 1));
        let estimator = Estimator::new(&rules, &scorer, &belief).unwrap();
        let mut future = Future::new(&rules, &estimator, &belief);
        use Rank::*;
        // 5 ? ? / ? ? 9: cell 1's column is face down
        future.reckon(
            &belief,
            &own(&[Some(Five), None, None, None, None, Some(Nine)]),
        );
        let (now, flipped) = (future.now(), future.flip(1));
        assert!(
            flipped > now + 0.1,
            "turned up {flipped:.3}, left down {now:.3}"
        );
        // 2 K ? / ? ? ?: a 5 under the king closes column 2, beside column 3's face-down
        // card it leaves a pair of 5s open
        future.reckon(
            &belief,
            &own(&[Some(Two), Some(King), None, None, None, None]),
        );
        let five = Card::new(Five);
        let (under_king, beside) = (future.with(4, five), future.with(2, five));
        assert!(
            beside > under_king + 0.1,
            "beside a face-down card {beside:.3}, under the king {under_king:.3}"
        );
    }
}
