//! `counting` (RULES.md §15): greedy play that remembers every card seen — the discard
//! pile, every face-up card, its own peeked cards — values an unseen card by the mean of the
//! cards still unseen ([`Belief`]), and weighs drawing from the stock by the expected best
//! use of each unseen card.

use super::belief::Belief;
use super::greedy::{Expect, Greedy};
use crate::card::Card;
use crate::play::view::View;

/// The counting bot: greedy play with counting's expectation.
pub(super) type Counting<'r> = Greedy<'r, Counted>;

/// Counting's expectation: the unseen cards as the player's view leaves them.
#[derive(Debug, Clone)]
pub(super) struct Counted(pub(super) Belief);

impl Expect for Counted {
    /// The mean of the cards unseen now; the pack's mean once every card has been seen.
    fn unseen_mean(&mut self, view: &View<'_>) -> f64 {
        self.0.observe(view);
        self.0.unseen_mean().unwrap_or(self.0.pack_mean())
    }

    /// Over the unseen cards, the mean of what the best use of each (a swap, or nothing)
    /// saves; 0 when none is unseen.
    fn stock_gain(&self, now: f64, mut best_swap: impl FnMut(Card) -> f64) -> f64 {
        let mut total = 0.0;
        let mut n = 0u32;
        for (card, k) in self.0.unseen_cards() {
            let best = best_swap(card);
            total += f64::from(k) * (now - best).max(0.0);
            n += k;
        }
        if n == 0 {
            0.0
        } else {
            total / f64::from(n)
        }
    }
}
