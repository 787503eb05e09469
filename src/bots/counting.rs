//! `counting` (RULES.md §15): greedy play that remembers every card seen — the discard
//! pile, every face-up card, its own peeked cards — values an unseen card by the mean of the
//! cards still unseen ([`Belief`]), and weighs drawing from the stock by the expected best
//! use of each unseen card.

use super::belief::Belief;
use super::greedy::{Expect, Greedy};
use crate::card::Card;
use crate::play::view::{Observation, Phase, Source};

/// The counting bot: greedy play with counting's expectation.
pub(super) type Counting<'r> = Greedy<'r, Counted>;

/// Counting's expectation: the unseen cards as the player's view leaves them.
#[derive(Debug, Clone)]
pub(super) struct Counted {
    belief: Belief,
    /// The turn of the draw the belief was made for, and the discard pile's length then,
    /// while the card drawn is still to be placed.
    drew_at: Option<(u32, usize)>,
}

impl Counted {
    /// Counting's expectation over `belief` (the match's pack, nothing seen yet).
    pub(super) fn new(belief: Belief) -> Counted {
        Counted {
            belief,
            drew_at: None,
        }
    }
}

impl Expect for Counted {
    /// The mean of the cards unseen now; the pack's mean once every card has been seen.
    /// Placing the card just drawn, the belief of the draw is brought up to date with that
    /// card alone (the same counts as observing the view again: a card taken from the
    /// discard pile was seen already; a reshuffle, which changes the pile, is observed).
    fn unseen_mean(&mut self, view: &Observation<'_>) -> f64 {
        let pile = view.discard_pile().len();
        match (view.phase(), self.drew_at, view.drawn()) {
            (Phase::Place, Some((turn, before)), Some((card, source))) if turn == view.turns() => {
                match source {
                    Source::Stock if pile == before => self.belief.see(card),
                    Source::Discard if pile + 1 == before => {}
                    _ => self.belief.observe(view),
                }
            }
            _ => self.belief.observe(view),
        }
        self.drew_at = (view.phase() == Phase::Draw).then_some((view.turns(), pile));
        self.belief.unseen_mean().unwrap_or(self.belief.pack_mean())
    }

    /// Over the unseen cards, the mean of what the best use of each (a swap, or nothing)
    /// saves; 0 when none is unseen.
    fn stock_gain(&self, now: f64, mut best_swap: impl FnMut(Card) -> f64) -> f64 {
        let mut total = 0.0;
        let mut n = 0u32;
        for (card, k) in self.belief.unseen_cards() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::view::Move;
    use crate::play::{pack, HoleInPlay, MoveList};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The belief brought up to date at a place decision (the card drawn alone) is the
    /// belief observed afresh, through whole holes that draw from the stock and from the
    /// discard pile and run through reshuffles.
    #[test]
    fn placing_keeps_the_belief_a_fresh_look_would_make() {
        for name in ["classic", "four-card"] {
            let rules = crate::rules::resolve(name, &[]).unwrap();
            let cards = pack(&rules, 1);
            let mut kept = Counted::new(Belief::new(&rules, &cards));
            let mut rng = ChaCha8Rng::seed_from_u64(8);
            let mut legal = MoveList::default();
            let (mut places, mut reshuffles) = (0, 0);
            for dealer in 0..3 {
                let mut hole = HoleInPlay::deal(&rules, &cards, 3, dealer, &mut rng).unwrap();
                let mut step = 0usize;
                while hole.phase() != Phase::Over && step < 400 {
                    let view = hole.view(hole.current());
                    if matches!(view.phase(), Phase::Draw | Phase::Place) {
                        let mut fresh = Counted::new(Belief::new(&rules, &cards));
                        let want = fresh.unseen_mean(&view);
                        assert_eq!(kept.unseen_mean(&view), want, "{name}");
                        let counts = |c: &Counted| {
                            (0..rules.rank_codes())
                                .map(|k| c.belief.unseen(k))
                                .collect::<Vec<_>>()
                        };
                        assert_eq!(counts(&kept), counts(&fresh), "{name}");
                        places += usize::from(view.phase() == Phase::Place);
                    }
                    hole.legal_moves(&mut legal);
                    // draw from each pile in turn, then swap into the first cell: long holes
                    let moves = legal.as_slice();
                    let m = match hole.phase() {
                        Phase::Draw if step % 3 == 0 => *moves.last().unwrap(),
                        Phase::Draw => *moves.iter().find(|m| **m == Move::DrawStock).unwrap(),
                        _ => moves[0],
                    };
                    hole.apply(m, &mut rng).unwrap();
                    reshuffles += usize::from(hole.reshuffled());
                    step += 1;
                }
            }
            assert!(
                places > 50 && reshuffles > 0,
                "{name}: {places} places, {reshuffles} reshuffles"
            );
        }
    }
}
