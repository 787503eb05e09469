//! The cards a player cannot see (RULES.md §18): a hole built from a position as one player
//! sees it (advice), the stock rebuilt as a record says, and the unseen cards shuffled or
//! dealt again from what a player knows (the bots' scramble tests, rollouts).

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::{HoleInPlay, How, Phase, Position, Source};
use crate::card::Card;
use crate::rules::Rules;

impl HoleInPlay {
    /// A hole at a position as one player sees it (advice, RULES.md §18), that player in
    /// seat 0 to move: `position`'s grids (each cell's card where known), the discard pile,
    /// the card drawn from the stock, who ended the hole. Every card nobody knows — the
    /// face-down cards and the stock — is filled from what is left of `pack` (in pack
    /// order: a bot deciding from its view cannot tell). Errors with the first card the
    /// position shows more often than the pack holds, or `None` when the pack is too small
    /// for the face-down cards.
    pub fn position(
        rules: &Rules,
        pack: &[Card],
        position: &Position,
    ) -> Result<HoleInPlay, Option<Card>> {
        let players = position.grids.len();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let mut hole = HoleInPlay::deal(rules, pack, players.max(1), players.max(1) - 1, &mut rng)
            .map_err(|_| None)?;
        let mut left: Vec<Card> = pack.to_vec();
        let known = (position.grids.iter().flatten().flatten())
            .chain(&position.discard)
            .chain(&position.drawn);
        for card in known {
            match left.iter().position(|c| c == card) {
                Some(i) => {
                    left.remove(i);
                }
                None => return Err(Some(*card)),
            }
        }
        let mut left = left.into_iter();
        for (seat, cells) in position.grids.iter().enumerate() {
            let grid = hole.grids.get_mut(seat).ok_or(None)?;
            for (slot, card) in grid.cards_mut().iter_mut().zip(cells) {
                *slot = match card {
                    Some(card) => *card,
                    None => left.next().ok_or(None)?,
                };
            }
        }
        hole.stock = left.collect();
        hole.discard = position.discard.clone();
        hole.face_up = position.face_up.clone();
        hole.peeked = position.peeked.clone();
        hole.started = vec![hole.all(); players];
        hole.current = 0;
        hole.first = 0;
        hole.turns = players as u32;
        hole.drawn = position.drawn.map(|c| (c, Source::Stock));
        hole.phase = match hole.drawn {
            Some(_) => Phase::Place,
            None => Phase::Draw,
        };
        hole.ended = position.ended_by.map(|seat| (seat, How::Out));
        hole.final_turns = usize::from(hole.ended.is_some());
        Ok(hole)
    }

    /// The stock rebuilt as a recorded reshuffle rebuilt it (RULES.md §14 step 5): the
    /// discard pile keeps its top card, the stock becomes `stock` (top card last). For
    /// replaying a hole from its record (`golf simulate --analyse`).
    pub fn restock(&mut self, stock: &[Card]) {
        let top = self.discard.pop();
        self.discard.clear();
        self.discard.extend(top);
        self.stock.clear();
        self.stock.extend_from_slice(stock);
        self.stock_known = true;
    }

    /// Whether the stock has been rebuilt from the discard pile this hole (RULES.md §14
    /// step 5), so that which cards it holds is known to everyone.
    pub fn stock_known(&self) -> bool {
        self.stock_known
    }

    /// Shuffles every card `seat` cannot see — the stock and each face-down card they have
    /// not peeked at, anyone's — among those places: a hole that looks the same from that
    /// seat. A bot deciding from its [`super::view::View`] alone must decide the same in both (the
    /// tests of the bots' belief do this).
    pub fn shuffle_unseen<R: Rng>(&mut self, seat: usize, rng: &mut R) {
        if self.stock_known {
            // the stock's cards are known: shuffle it alone, and the face-down cards apart
            let stock_len = self.stock.len();
            self.stock.shuffle(rng);
            let saved = std::mem::take(&mut self.stock);
            self.shuffle_hidden(seat, rng);
            self.stock = saved;
            debug_assert_eq!(self.stock.len(), stock_len);
            return;
        }
        self.shuffle_hidden(seat, rng);
    }

    /// The stock and the face-down cards `seat` cannot see shuffled together.
    fn shuffle_hidden<R: Rng>(&mut self, seat: usize, rng: &mut R) {
        let mut hidden: Vec<Card> = self.stock.clone();
        let known = |s: usize| self.face_up(s) | if s == seat { self.peeked(s) } else { 0 };
        let masks: Vec<u32> = (0..self.players).map(known).collect();
        for (grid, mask) in self.grids.iter().zip(&masks) {
            for (cell, card) in grid.cards().iter().enumerate() {
                if mask & (1 << cell) == 0 {
                    hidden.push(*card);
                }
            }
        }
        hidden.shuffle(rng);
        let mut cards = hidden.into_iter();
        for slot in self.stock.iter_mut() {
            *slot = cards.next().unwrap_or(*slot);
        }
        for (grid, mask) in self.grids.iter_mut().zip(&masks) {
            for (cell, slot) in grid.cards_mut().iter_mut().enumerate() {
                if mask & (1 << cell) == 0 {
                    *slot = cards.next().unwrap_or(*slot);
                }
            }
        }
    }

    /// Deals every card `seat` cannot see again, from what they know alone (RULES.md §18
    /// "Deeper advice: rollouts"): the cards of the stock and of each face-down card they
    /// have not peeked at, anyone's, put in a canonical order (so that the real arrangement
    /// leaves no trace) and shuffled by `rng` into those places; after a reshuffle (§14.5)
    /// the stock's cards, which everyone knows, are shuffled among the stock's places
    /// alone. The result is a uniformly random arrangement consistent with what `seat`
    /// knows, the same for any two holes that look the same from `seat` and the same
    /// `rng`. `pool` is room reused between calls.
    pub fn fill_unseen<R: Rng>(&mut self, seat: usize, rng: &mut R, pool: &mut Vec<Card>) {
        let known = |hole: &HoleInPlay, s: usize| {
            hole.face_up(s) | if s == seat { hole.peeked(s) } else { 0 }
        };
        pool.clear();
        if !self.stock_known {
            pool.extend_from_slice(&self.stock);
        }
        for s in 0..self.grids.len() {
            let mask = known(self, s);
            for (cell, card) in self.grids[s].cards().iter().enumerate() {
                if mask & (1 << cell) == 0 {
                    pool.push(*card);
                }
            }
        }
        pool.sort_unstable();
        pool.shuffle(rng);
        let mut cards = pool.iter().copied();
        if self.stock_known {
            self.stock.sort_unstable();
            self.stock.shuffle(rng);
        } else {
            for slot in self.stock.iter_mut() {
                *slot = cards.next().unwrap_or(*slot);
            }
        }
        for s in 0..self.grids.len() {
            let mask = known(self, s);
            for (cell, slot) in self.grids[s].cards_mut().iter_mut().enumerate() {
                if mask & (1 << cell) == 0 {
                    *slot = cards.next().unwrap_or(*slot);
                }
            }
        }
    }
}
