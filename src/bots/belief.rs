//! What a player may believe about the cards they cannot see (RULES.md §15, §18): the
//! match's pack counted by rank, and the **unseen cards** — the pack less every card the
//! player has seen — as a multiset by rank, with the mean value of one of them.
//!
//! Counts are indexed by rank code ([`Rank::code`]: ace to king 0–12, the joker 13, the
//! faces of a pack of the rules' own from 14), [`Rules::rank_codes`] of them. A rank's
//! value is its first card's in the pack ([`crate::rules::Values::of`]), so under suited
//! values (`one-eyed-jacks`) a rank is valued by one suit. Nothing here allocates after
//! [`Belief::new`]: a bot keeps one belief for a whole match and brings it up to date at
//! each decision.
//!
//! ```
//! use golf::bots::belief::Belief;
//! use golf::card::{Card, Rank};
//! use golf::{play, rules};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let rules = rules::resolve("classic", &[])?;
//! let mut belief = Belief::new(&rules, &play::pack(&rules, 1));
//! assert_eq!(belief.unseen_count(), 52);
//! belief.see(Card::new(Rank::King)); // kings score 0 under classic
//! assert_eq!(belief.unseen(Rank::King.code().into()), 3);
//! assert!(belief.unseen_mean() > Some(belief.pack_mean()));
//! # Ok(())
//! # }
//! ```

use crate::card::{Card, Rank};
use crate::grid::{Grid, MAX_COLUMNS, MAX_ROWS};
use crate::play::view::Observation;
use crate::rules::Rules;
use crate::scoring::Scorer;

/// The pack by rank and the cards a player has not seen (RULES.md §18 "What a player
/// knows").
#[derive(Debug, Clone)]
pub struct Belief {
    /// Cards of each rank code in the pack.
    pack: Vec<u32>,
    /// One card of each rank code, as the pack holds it (with its suit where the rules
    /// value suits); `None` for a code the pack lacks.
    cards: Vec<Option<Card>>,
    /// Each rank code's value in points, as a float for expectations.
    values: Vec<f64>,
    /// The mean value of a card of the pack.
    pack_mean: f64,
    /// Cards of each rank code not seen yet, and all of them.
    unseen: Vec<u32>,
    unseen_total: u32,
    /// After a reshuffle ([`Belief::observe_exact`]): the stock's cards by rank code, known
    /// to every player, and how many.
    stock: Vec<u32>,
    stock_total: u32,
    stock_known: bool,
}

impl Belief {
    /// The belief of a player who has seen nothing yet: every card of `pack` (the match's
    /// pack, [`crate::play::pack`]) unseen, counted by the rank codes of `rules`. A card of
    /// a rank beyond them is left out.
    pub fn new(rules: &Rules, pack: &[Card]) -> Belief {
        let codes = rules.rank_codes();
        let mut counts = vec![0; codes];
        let mut cards: Vec<Option<Card>> = vec![None; codes];
        for card in pack {
            let code = usize::from(card.rank.code());
            if let (Some(n), Some(first)) = (counts.get_mut(code), cards.get_mut(code)) {
                *n += 1;
                first.get_or_insert(*card);
            }
        }
        let values: Vec<f64> = cards
            .iter()
            .map(|c| c.map_or(0.0, |c| f64::from(rules.values.of(c))))
            .collect();
        let total: f64 = counts
            .iter()
            .zip(&values)
            .map(|(n, v)| f64::from(*n) * v)
            .sum();
        Belief {
            pack_mean: total / pack.len().max(1) as f64,
            unseen: counts.clone(),
            unseen_total: counts.iter().sum(),
            stock: vec![0; counts.len()],
            stock_total: 0,
            stock_known: false,
            pack: counts,
            cards,
            values,
        }
    }

    /// How many rank codes the counts cover ([`Rules::rank_codes`]).
    pub fn rank_codes(&self) -> usize {
        self.pack.len()
    }

    /// Cards of rank code `code` in the pack (0 beyond the codes).
    pub fn in_pack(&self, code: usize) -> u32 {
        self.pack.get(code).copied().unwrap_or(0)
    }

    /// One card of rank code `code` as the pack holds it, or `None` when the pack has none.
    pub fn card(&self, code: usize) -> Option<Card> {
        self.cards.get(code).copied().flatten()
    }

    /// The value in points of a card of rank code `code` (0 when the pack has none).
    pub fn value(&self, code: usize) -> f64 {
        self.values.get(code).copied().unwrap_or(0.0)
    }

    /// The mean value in points of a card of the pack: what an unseen card is worth to a
    /// player who counts nothing.
    pub fn pack_mean(&self) -> f64 {
        self.pack_mean
    }

    /// Unseen cards of rank code `code` (0 beyond the codes).
    pub fn unseen(&self, code: usize) -> u32 {
        self.unseen.get(code).copied().unwrap_or(0)
    }

    /// Every unseen card.
    pub fn unseen_count(&self) -> u32 {
        self.unseen_total
    }

    /// The mean value in points of an unseen card, or `None` when the player has seen every
    /// card of the pack.
    pub fn unseen_mean(&self) -> Option<f64> {
        let (n, sum) = self
            .unseen
            .iter()
            .zip(&self.values)
            .fold((0u32, 0.0), |(n, s), (k, v)| (n + k, s + f64::from(*k) * v));
        (n > 0).then(|| sum / f64::from(n))
    }

    /// Each rank with unseen cards, in rank-code order: one card of it (as
    /// [`Belief::card`]) and how many are unseen.
    pub fn unseen_cards(&self) -> impl Iterator<Item = (Card, u32)> + '_ {
        self.unseen
            .iter()
            .zip(&self.cards)
            .filter_map(|(k, card)| card.filter(|_| *k > 0).map(|c| (c, *k)))
    }

    /// Every card of the pack unseen again (a new hole).
    pub fn forget(&mut self) {
        self.unseen.copy_from_slice(&self.pack);
        self.unseen_total = self.pack.iter().sum();
        self.stock_known = false;
    }

    /// The player has seen `card`: one fewer of its rank is unseen (never below 0).
    #[inline]
    pub fn see(&mut self, card: Card) {
        if let Some(k) = self.unseen.get_mut(usize::from(card.rank.code())) {
            if *k > 0 {
                *k -= 1;
                self.unseen_total -= 1;
            }
        }
    }

    /// `card` is unseen again (a seen card shuffled back into the stock): one more of its
    /// rank is unseen, never more than the pack holds.
    pub fn unsee(&mut self, card: Card) {
        let code = usize::from(card.rank.code());
        if let (Some(k), Some(n)) = (self.unseen.get_mut(code), self.pack.get(code)) {
            if *k < *n {
                *k += 1;
                self.unseen_total += 1;
            }
        }
    }

    /// The belief of `view`'s player now, kept exact through a reshuffle (RULES.md §18): as
    /// [`Belief::observe`], and where the stock has been rebuilt from the discard pile (its
    /// cards known to everyone, not their order), the unseen cards are those face down alone
    /// and the stock's are counted apart ([`Belief::stock_known`], [`Belief::next_count`]).
    pub fn observe_exact(&mut self, view: &Observation<'_>) {
        self.observe(view);
        self.stock.fill(0);
        self.stock_known = view.stock_counts(&mut self.stock);
        self.stock_total = 0;
        if self.stock_known {
            for (k, s) in self.unseen.iter_mut().zip(&self.stock) {
                let s = (*s).min(*k);
                *k -= s;
                self.unseen_total -= s;
                self.stock_total += s;
            }
        }
    }

    /// Whether the stock's cards are known (after a reshuffle, [`Belief::observe_exact`]).
    pub fn stock_known(&self) -> bool {
        self.stock_known
    }

    /// Cards of rank code `code` the stock's next card could be: the stock's own when they
    /// are known, else the unseen cards'.
    pub fn next_count(&self, code: usize) -> u32 {
        match self.stock_known {
            true => self.stock.get(code).copied().unwrap_or(0),
            false => self.unseen(code),
        }
    }

    /// The cards the stock's next card is drawn from ([`Belief::next_count`] of every code).
    pub fn next_total(&self) -> u32 {
        match self.stock_known {
            true => self.stock_total,
            false => self.unseen_total,
        }
    }

    /// The belief of `view`'s player now, from what the view shows alone: the pack less
    /// every face-up card, the player's own peeked cards, the discard pile and the card
    /// they hold. (Cards seen earlier and since shuffled into the stock count as unseen.)
    pub fn observe(&mut self, view: &Observation<'_>) {
        self.forget();
        view.for_each_seen(|card| self.see(card));
    }
}

impl Belief {
    /// The chance that `k` cards drawn without replacement from the unseen cards are all of
    /// rank code `code` (1 for `k` = 0; 0 when fewer are unseen).
    #[inline]
    pub fn chance_all(&self, code: usize, k: u32) -> f64 {
        let (u, n) = (self.unseen(code), self.unseen_total);
        let mut p = 1.0;
        for i in 0..k {
            if u <= i || n <= i {
                return 0.0;
            }
            p *= f64::from(u - i) / f64::from(n - i);
        }
        p
    }

    /// The chance that the next card drawn from the unseen cards is of rank code `code`.
    #[inline]
    pub fn chance(&self, code: usize) -> f64 {
        self.chance_all(code, 1)
    }
}

/// How an [`Estimator`] values a grid (RULES.md §18 "Expected score").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Valuation {
    /// Sets lie only down columns and no column bonus is set: a column's share depends on
    /// its own cards alone, so the grid's expectation is the sum of its columns', each
    /// exact (a column's cards drawn together without replacement).
    Exact,
    /// Sets lie only down columns, with a same-rank column bonus: each column's share
    /// exact as [`Valuation::Exact`]; the bonus counted for the matched sets already certain
    /// (every card of the column known) alone, so an estimate that leaves out the bonus a
    /// set still to come may earn (at most the rules' largest bonus).
    ColumnsCertainBonus,
    /// Sets across rows, diagonals or anywhere: the scorer's total of the known cards
    /// (each face-down card a stand-in that matches nothing and scores 0) plus the unseen
    /// mean per face-down card, and for each face-down card, the chance of each rank times
    /// what that card alone would change of the total beyond its value: exact for one
    /// face-down card, an estimate (pairs among face-down cards left out) for more. The
    /// expert weighs a card put in a cell with the other cells' terms as the grid stood
    /// before (how the new card pairs with face-down cards left out), and a draw from the
    /// stock without the belief short of the card drawn: the cost of scoring whole grids.
    FirstOrder,
}

/// The expected final score of grids whose face-down cards are drawn without replacement
/// from a [`Belief`]'s unseen cards, through the rules' own scorer (RULES.md §18). Built
/// once for a match; nothing allocates after [`Estimator::new`].
#[derive(Debug, Clone)]
pub struct Estimator<'r> {
    rules: &'r Rules,
    scorer: &'r Scorer<'r>,
    rows: usize,
    columns: usize,
    method: Valuation,
    suited: bool,
    /// By rank code: a full column of that rank's share less its cards' values (the
    /// matched set's worth, 0 where a column of it matches nothing).
    set_gain: Vec<f64>,
    /// The sets of the columns, for [`Valuation::ColumnsCertainBonus`].
    sets: [Option<Rank>; MAX_COLUMNS],
    /// A grid to score: the known cards, stand-ins elsewhere.
    scratch: Grid,
}

impl<'r> Estimator<'r> {
    /// The estimator of `rules` (scored by `scorer`) for a belief made from the same
    /// rules. `None` when the rules' grid is beyond the largest.
    pub fn new(rules: &'r Rules, scorer: &'r Scorer<'r>, belief: &Belief) -> Option<Estimator<'r>> {
        let (rows, columns) = (rules.layout.rows, rules.layout.columns);
        if rows > MAX_ROWS || columns > MAX_COLUMNS {
            return None;
        }
        let cells = rows * columns;
        let mut scratch =
            Grid::from_cards(rows, columns, (0..cells).map(stand_in).collect()).ok()?;
        let set_gain = (0..belief.rank_codes())
            .map(|code| {
                let Some(card) = belief.card(code) else {
                    return 0.0;
                };
                for row in 0..rows {
                    scratch.replace(row * columns, card);
                }
                let share = scorer.column_and_rests(&scratch, 0).0;
                f64::from(share) - rows as f64 * belief.value(code)
            })
            .collect();
        for cell in 0..cells {
            scratch.replace(cell, stand_in(cell));
        }
        let method = match (scorer.by_columns(), scorer.has_column_bonus()) {
            (true, false) => Valuation::Exact,
            (true, true) => Valuation::ColumnsCertainBonus,
            (false, _) => Valuation::FirstOrder,
        };
        Some(Estimator {
            rules,
            scorer,
            rows,
            columns,
            method,
            suited: !rules.values.suited.is_empty(),
            set_gain,
            sets: [None; MAX_COLUMNS],
            scratch,
        })
    }

    /// What a full column of rank code `code` scores beyond its cards' values (the matched
    /// set's worth: negative where a set cancels; 0 where it matches nothing).
    pub fn set_gain(&self, code: usize) -> f64 {
        self.set_gain.get(code).copied().unwrap_or(0.0)
    }

    /// How this estimator values a grid.
    pub fn method(&self) -> Valuation {
        self.method
    }

    /// Whether the grid's expectation is the sum of its columns' ([`Estimator::column`]).
    pub fn by_columns(&self) -> bool {
        self.method != Valuation::FirstOrder
    }

    /// A known card's value in points.
    #[inline]
    fn value(&self, belief: &Belief, card: Card) -> f64 {
        if self.suited && card.suit.is_some() {
            return f64::from(self.rules.values.of(card));
        }
        belief.value(usize::from(card.rank.code()))
    }

    /// The expected share of column `column` of `cards` (a grid's cells row by row, `None`
    /// for a face-down card the player does not know), its unknown cards drawn from
    /// `belief`'s unseen cards, whose mean is `mean`. Exact under [`Valuation::Exact`] and
    /// [`Valuation::ColumnsCertainBonus`] (the share alone, without a bonus).
    #[inline]
    pub fn column(&self, belief: &Belief, mean: f64, cards: &[Option<Card>], column: usize) -> f64 {
        let mut sum = 0.0;
        let mut unknown = 0u32;
        // the rank code every known card shares: None before the first, Some(None) once
        // two differ
        let mut shared: Option<Option<u16>> = None;
        let mut cell = column;
        for _ in 0..self.rows {
            match cards.get(cell).copied().flatten() {
                Some(card) => {
                    sum += self.value(belief, card);
                    let code = card.rank.code();
                    shared = match shared {
                        None => Some(Some(code)),
                        Some(Some(c)) if c == code => Some(Some(c)),
                        _ => Some(None),
                    };
                }
                None => unknown += 1,
            }
            cell += self.columns;
        }
        let expected = sum + f64::from(unknown) * mean;
        if !self.rules.matching.columns || self.rows < 2 {
            return expected;
        }
        let gain = |code: usize| self.set_gain.get(code).copied().unwrap_or(0.0);
        match shared {
            Some(Some(code)) => {
                let code = usize::from(code);
                expected + belief.chance_all(code, unknown) * gain(code)
            }
            Some(None) => expected,
            None => {
                let mut extra = 0.0;
                for code in 0..self.set_gain.len() {
                    let g = gain(code);
                    if g != 0.0 {
                        extra += belief.chance_all(code, unknown) * g;
                    }
                }
                expected + extra
            }
        }
    }

    /// The expected final score of `cards` (a grid's cells row by row, `None` for a
    /// face-down card the player does not know), its unknown cards drawn without
    /// replacement from `belief`'s unseen cards (RULES.md §18), by [`Estimator::method`].
    pub fn grid(&mut self, belief: &Belief, cards: &[Option<Card>]) -> f64 {
        let mean = belief.unseen_mean().unwrap_or(belief.pack_mean());
        match self.method {
            Valuation::Exact => (0..self.columns)
                .map(|c| self.column(belief, mean, cards, c))
                .sum(),
            Valuation::ColumnsCertainBonus => {
                let shares: f64 = (0..self.columns)
                    .map(|c| self.column(belief, mean, cards, c))
                    .sum();
                shares + f64::from(self.certain_bonus(cards))
            }
            Valuation::FirstOrder => self.first_order(belief, mean, cards),
        }
    }

    /// The column bonus of the matched sets whose every card is known.
    pub fn certain_bonus(&mut self, cards: &[Option<Card>]) -> i32 {
        for column in 0..self.columns {
            let mut rank = None;
            let mut set = true;
            for row in 0..self.rows {
                match (
                    cards.get(row * self.columns + column).copied().flatten(),
                    rank,
                ) {
                    (None, _) => set = false,
                    (Some(card), None) => rank = Some(card.rank),
                    (Some(card), Some(r)) => set &= card.rank == r,
                }
            }
            if let Some(slot) = self.sets.get_mut(column) {
                *slot = rank.filter(|_| set && self.rows >= 2 && self.rules.matching.columns);
            }
        }
        self.scorer.column_bonus(&self.sets[..self.columns])
    }

    /// [`Valuation::FirstOrder`]'s estimate.
    fn first_order(&mut self, belief: &Belief, mean: f64, cards: &[Option<Card>]) -> f64 {
        let (base, unknown) = self.known_total(cards);
        let mut expected = f64::from(base) + f64::from(unknown) * mean;
        for cell in 0..self.rows * self.columns {
            expected += self.first_order_cell(belief, cards, base, cell);
        }
        expected
    }

    /// The scorer's total of `cards` with a stand-in for each unknown card (matching
    /// nothing, scoring 0), and how many are unknown; the stand-ins stay in the scratch
    /// grid for [`Estimator::first_order_cell`].
    pub fn known_total(&mut self, cards: &[Option<Card>]) -> (i32, u32) {
        let mut unknown = 0u32;
        for (cell, card) in cards.iter().enumerate().take(self.rows * self.columns) {
            let card = card.unwrap_or_else(|| {
                unknown += 1;
                stand_in(cell)
            });
            self.scratch.replace(cell, card);
        }
        (self.scorer.total(&self.scratch), unknown)
    }

    /// [`Valuation::FirstOrder`]'s term for one unknown cell of the grid last given to
    /// [`Estimator::known_total`] (whose total was `base`): over the unseen cards by their
    /// chance, what that card alone would change of the total beyond its value; 0 for a
    /// known cell.
    pub fn first_order_cell(
        &mut self,
        belief: &Belief,
        cards: &[Option<Card>],
        base: i32,
        cell: usize,
    ) -> f64 {
        if cards.get(cell).copied().flatten().is_some() || cell >= self.rows * self.columns {
            return 0.0;
        }
        let mut extra = 0.0;
        for (card, _) in belief.unseen_cards() {
            let code = usize::from(card.rank.code());
            self.scratch.replace(cell, card);
            let with = f64::from(self.scorer.total(&self.scratch));
            extra += belief.chance(code) * (with - f64::from(base) - belief.value(code));
        }
        self.scratch.replace(cell, stand_in(cell));
        extra
    }
}

/// A stand-in for an unknown card in cell `cell`: a rank of no pack, so it matches nothing
/// and scores 0; each cell has its own.
fn stand_in(cell: usize) -> Card {
    Card::new(Rank::Face(200u8.saturating_add(cell as u8)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Rank, Suit};
    use crate::play::{pack, HoleInPlay, Phase};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_pack_is_counted_by_rank_code_and_seen_cards_leave_the_unseen() {
        let rules = crate::rules::resolve("jokers", &[]).unwrap();
        let cards = pack(&rules, 2);
        let mut belief = Belief::new(&rules, &cards);
        assert_eq!(belief.rank_codes(), 14);
        assert_eq!(belief.in_pack(usize::from(Rank::Ace.code())), 8);
        assert_eq!(belief.in_pack(13), rules.deck.jokers_in(2));
        assert_eq!(belief.unseen_count() as usize, cards.len());
        let mean: f64 = cards
            .iter()
            .map(|c| f64::from(rules.values.of(*c)))
            .sum::<f64>()
            / cards.len() as f64;
        assert!((belief.pack_mean() - mean).abs() < 1e-9);
        assert_eq!(belief.unseen_mean(), Some(belief.pack_mean()));

        let joker = Card::new(Rank::Joker);
        belief.see(joker);
        assert_eq!(belief.unseen(13), belief.in_pack(13) - 1);
        belief.unsee(joker);
        belief.unsee(joker);
        assert_eq!(
            belief.unseen(13),
            belief.in_pack(13),
            "never more than the pack"
        );
        for card in &cards {
            belief.see(*card);
        }
        belief.see(joker);
        assert_eq!((belief.unseen_count(), belief.unseen_mean()), (0, None));
        assert_eq!(belief.unseen_cards().count(), 0);
        belief.forget();
        assert_eq!(belief.unseen_count() as usize, cards.len());
        let ranks: Vec<u16> = belief.unseen_cards().map(|(c, _)| c.rank.code()).collect();
        assert_eq!(ranks, (0..14).collect::<Vec<u16>>(), "in rank-code order");
    }

    #[test]
    fn a_suited_pack_keeps_one_card_of_each_rank_with_its_suit() {
        let rules = crate::rules::resolve("classic", &["one-eyed-jacks".into()]).unwrap();
        let belief = Belief::new(&rules, &pack(&rules, 1));
        let jack = belief.card(usize::from(Rank::Jack.code())).unwrap();
        assert_eq!((jack.rank, jack.suit), (Rank::Jack, Some(Suit::Spades)));
        assert_eq!(belief.value(10), f64::from(rules.values.of(jack)));
        assert_eq!(belief.card(13), None, "classic has no jokers");
    }

    /// What a view shows leaves the unseen cards; what it hides (the stock, face-down cards
    /// not peeked at) stays: the unseen cards are exactly those of the stock and of the
    /// face-down cards the player does not know.
    #[test]
    fn observing_a_view_leaves_exactly_what_the_player_cannot_see() {
        let rules = crate::rules::resolve("classic", &["look-once".into()]).unwrap();
        let cards = pack(&rules, rules.deck.decks_for(3));
        let mut belief = Belief::new(&rules, &cards);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut hole = HoleInPlay::deal(&rules, &cards, 3, 0, &mut rng).unwrap();
        let mut legal = crate::play::MoveList::default();
        while hole.phase() != Phase::Over {
            let seat = hole.current();
            let view = hole.view(seat);
            belief.observe(&view);
            let mut hidden = vec![0u32; rules.rank_codes()];
            for card in hole.stock() {
                hidden[usize::from(card.rank.code())] += 1;
            }
            for (s, grid) in hole.grids().iter().enumerate() {
                let known = hole.face_up(s) | if s == seat { hole.peeked(s) } else { 0 };
                for (cell, card) in grid.cards().iter().enumerate() {
                    if known & (1 << cell) == 0 {
                        hidden[usize::from(card.rank.code())] += 1;
                    }
                }
            }
            let unseen: Vec<u32> = (0..rules.rank_codes()).map(|c| belief.unseen(c)).collect();
            assert_eq!(unseen, hidden);
            hole.legal_moves(&mut legal);
            hole.apply(legal.as_slice()[0], &mut rng).unwrap();
        }
    }

    /// The expectation of a grid is, where the rules score by columns alone, exactly the
    /// mean of the scorer's total over every way its face-down cards could be filled from
    /// the unseen cards without replacement: enumerated card by card here, under classic
    /// (pairs cancel, 2s keep −4), six-card (every pair cancels) and jokers.
    #[test]
    fn the_expected_grid_score_is_the_mean_over_every_fill() {
        for name in ["classic", "six-card", "jokers"] {
            let rules = crate::rules::resolve(name, &[]).unwrap();
            let scorer = Scorer::new(&rules);
            let cards = pack(&rules, 1);
            let mut belief = Belief::new(&rules, &cards);
            let mut estimator = Estimator::new(&rules, &scorer, &belief).unwrap();
            assert_eq!(estimator.method(), Valuation::Exact);
            // leave a small unseen pile: a few of several ranks
            let mut rng = ChaCha8Rng::seed_from_u64(2);
            let mut shuffled = cards.clone();
            rand::seq::SliceRandom::shuffle(&mut shuffled[..], &mut rng);
            let (unseen, seen) = shuffled.split_at(9);
            for card in seen {
                belief.see(*card);
            }
            // each grid with the indices into the unseen pile of its known cards that were
            // unseen (they are seen now)
            let grids: [([Option<Card>; 6], &[usize]); 3] = [
                (
                    [seen[0], seen[1], seen[2], seen[3], seen[4], seen[5]].map(Some),
                    &[],
                ),
                (
                    [
                        Some(unseen[0]),
                        None,
                        Some(seen[7]),
                        None,
                        Some(unseen[1]),
                        None,
                    ],
                    &[0, 1],
                ),
                ([None, None, None, None, Some(seen[8]), None], &[]),
            ];
            for (grid, taken) in grids {
                let holes: Vec<usize> = (0..6).filter(|c| grid[*c].is_none()).collect();
                let mut belief = belief.clone();
                let mut pile = Vec::new();
                for (i, card) in unseen.iter().enumerate() {
                    match taken.contains(&i) {
                        true => belief.see(*card),
                        false => pile.push(*card),
                    }
                }
                let (mut sum, mut ways) = (0.0, 0u64);
                let mut pick = vec![0usize; holes.len()];
                fill(&pile, &mut pick, 0, &mut |chosen| {
                    let mut full = Grid::parse("K K K / K K K").unwrap();
                    for (cell, card) in grid.iter().enumerate() {
                        if let Some(card) = card {
                            full.replace(cell, *card);
                        }
                    }
                    for (hole, i) in holes.iter().zip(chosen) {
                        full.replace(*hole, pile[*i]);
                    }
                    sum += f64::from(scorer.total(&full));
                    ways += 1;
                });
                let want = sum / ways as f64;
                let got = estimator.grid(&belief, &grid);
                assert!(
                    (got - want).abs() < 1e-9,
                    "{name} {grid:?}: {got} against {want}"
                );
            }
        }
    }

    /// Through a reshuffle the belief stays exact: once the stock has been rebuilt from the
    /// discard pile, the unseen cards are exactly the face-down cards the player does not
    /// know, and the stock's next card is drawn from exactly the stock's cards.
    #[test]
    fn the_belief_is_exact_through_a_reshuffle() {
        let rules = crate::rules::resolve("classic", &[]).unwrap();
        let cards = pack(&rules, 1);
        let mut belief = Belief::new(&rules, &cards);
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut hole = HoleInPlay::deal(&rules, &cards, 3, 0, &mut rng).unwrap();
        let mut legal = crate::play::MoveList::default();
        let (mut after, mut reshuffles) = (0, 0);
        while hole.phase() != Phase::Over && after < 40 {
            let seat = hole.current();
            belief.observe_exact(&hole.view(seat));
            if hole.stock_known() {
                after += 1;
                let mut stock = vec![0u32; rules.rank_codes()];
                for card in hole.stock() {
                    stock[usize::from(card.rank.code())] += 1;
                }
                let mut hidden = vec![0u32; rules.rank_codes()];
                for (s, grid) in hole.grids().iter().enumerate() {
                    let known = hole.face_up(s) | if s == seat { hole.peeked(s) } else { 0 };
                    for (cell, card) in grid.cards().iter().enumerate() {
                        if known & (1 << cell) == 0 {
                            hidden[usize::from(card.rank.code())] += 1;
                        }
                    }
                }
                let codes = 0..rules.rank_codes();
                assert!(belief.stock_known());
                assert_eq!(
                    codes.clone().map(|c| belief.unseen(c)).collect::<Vec<_>>(),
                    hidden
                );
                assert_eq!(
                    codes.map(|c| belief.next_count(c)).collect::<Vec<_>>(),
                    stock
                );
            }
            hole.legal_moves(&mut legal);
            // draw from the stock and swap into the first cell: nobody ever goes out
            hole.apply(legal.as_slice()[0], &mut rng).unwrap();
            reshuffles += usize::from(hole.reshuffled());
        }
        assert!(
            reshuffles > 0 && after > 10,
            "{reshuffles} reshuffles, {after} decisions after"
        );
    }

    /// Every ordered choice of `pick.len()` distinct indices into `pile`.
    fn fill(pile: &[Card], pick: &mut Vec<usize>, at: usize, each: &mut impl FnMut(&[usize])) {
        if at == pick.len() {
            each(pick);
            return;
        }
        for i in 0..pile.len() {
            if !pick[..at].contains(&i) {
                pick[at] = i;
                fill(pile, pick, at + 1, each);
            }
        }
    }
}
