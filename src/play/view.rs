//! What one player may see of a hole (RULES.md §15; open_spiel's observation): their own
//! face-up and peeked cards, every face-up card of the others, the discard pile (every card
//! on it was seen going there), the card they drew, and counts anyone can see.
//!
//! An [`Observation`] holds the hole privately and answers only these questions: nothing in it
//! returns the stock's cards or a face-down card the player has not peeked at, so a bot,
//! which gets only a view, cannot reach them (by construction: the compiler refuses it).

use std::fmt;

use super::debug::{Cards, Masked};
use super::HoleInPlay;
pub use super::{How, Move, MoveList, Phase, Source};
use crate::card::Card;

/// One player's view of a hole. Its `Debug` shows what that player sees and nothing more
/// (RULES.md §2's notation for a position in play): their own grid with `?` for a
/// face-down card and `?5` for one they peeked at, the others' face-up cards and `?`
/// elsewhere, the discard pile, the card they drew, and the stock's size.
#[derive(Clone, Copy)]
pub struct Observation<'a> {
    hole: &'a HoleInPlay,
    seat: usize,
}

impl<'a> Observation<'a> {
    pub(super) fn new(hole: &'a HoleInPlay, seat: usize) -> Observation<'a> {
        Observation { hole, seat }
    }

    /// The viewing player's seat.
    pub fn seat(&self) -> usize {
        self.seat
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        self.hole.players
    }

    /// Cards in a grid.
    pub fn cells(&self) -> usize {
        self.hole.cells
    }

    /// Columns of a grid.
    pub fn columns(&self) -> usize {
        self.hole.columns
    }

    /// The phase of the hole.
    pub fn phase(&self) -> Phase {
        self.hole.phase
    }

    /// Whether it is this player's decision.
    pub fn to_move(&self) -> bool {
        self.hole.current == self.seat
    }

    /// A card of the player's own grid, if they may know it (face up or peeked).
    pub fn own(&self, cell: usize) -> Option<Card> {
        let known = self.hole.face_up(self.seat) | self.hole.peeked(self.seat);
        self.card_if(self.seat, cell, known)
    }

    /// The player's own grid as they may know it, into `out` (a cell per card, row by
    /// row): each face-up or peeked card, and `unknown(cell)` for every other cell. Returns
    /// the known cells as a mask (bit `i` is cell `i`).
    pub fn own_cards(&self, out: &mut [Card], unknown: impl Fn(usize) -> Card) -> u32 {
        let known = (self.hole.face_up(self.seat) | self.hole.peeked(self.seat)) & self.hole.all();
        let cards = self
            .hole
            .grids
            .get(self.seat)
            .map_or(&[][..], |g| g.cards());
        for (cell, slot) in out.iter_mut().enumerate() {
            *slot = match cards.get(cell) {
                Some(card) if known & (1 << cell) != 0 => *card,
                _ => unknown(cell),
            };
        }
        known
    }

    /// Calls `see` with every card the player sees now, in a fixed order: every grid's
    /// face-up cards seat by seat (their own peeked cards too), the discard pile from the
    /// bottom, and the card they drew. What a belief is made of (RULES.md §18), in one pass.
    #[inline]
    pub fn for_each_seen(&self, mut see: impl FnMut(Card)) {
        let all = self.hole.all();
        for (seat, grid) in self.hole.grids.iter().enumerate() {
            let mut known = self.hole.face_up(seat) & all;
            if seat == self.seat {
                known |= self.hole.peeked(seat) & all;
            }
            for (cell, card) in grid.cards().iter().enumerate() {
                if known & (1 << cell) != 0 {
                    see(*card);
                }
            }
        }
        for card in &self.hole.discard {
            see(*card);
        }
        if let Some((card, _)) = self.drawn() {
            see(card);
        }
    }

    /// Whether a cell of the player's own grid is face up.
    pub fn own_face_up(&self, cell: usize) -> bool {
        self.hole.face_up(self.seat) & (1 << cell) != 0
    }

    /// A face-up card of any player's grid (`None` while it is face down).
    pub fn face_up(&self, seat: usize, cell: usize) -> Option<Card> {
        self.card_if(seat, cell, self.hole.face_up(seat))
    }

    fn card_if(&self, seat: usize, cell: usize, mask: u32) -> Option<Card> {
        if cell >= self.hole.cells || mask & (1 << cell) == 0 {
            return None;
        }
        self.hole.grids.get(seat)?.cards().get(cell).copied()
    }

    /// Face-down cards in a player's grid.
    pub fn hidden(&self, seat: usize) -> u32 {
        self.hole.cells as u32 - self.hole.face_up(seat).count_ones()
    }

    /// The discard pile's top card.
    pub fn discard_top(&self) -> Option<Card> {
        self.hole.discard.last().copied()
    }

    /// The whole discard pile, top card last: every card on it was seen face up.
    pub fn discard_pile(&self) -> &'a [Card] {
        &self.hole.discard
    }

    /// Cards left in the stock (a count anyone can see, not the cards).
    pub fn stock_len(&self) -> usize {
        self.hole.stock.len()
    }

    /// Where the stock has been rebuilt from the discard pile this hole (RULES.md §14 step
    /// 5), its cards are known to everyone, not their order: then adds one to
    /// `counts[code]` for each card of the stock by rank code (codes beyond `counts` left
    /// out) and returns true; otherwise leaves `counts` alone and returns false.
    pub fn stock_counts(&self, counts: &mut [u32]) -> bool {
        if !self.hole.stock_known() {
            return false;
        }
        for card in &self.hole.stock {
            if let Some(n) = counts.get_mut(usize::from(card.rank.code())) {
                *n += 1;
            }
        }
        true
    }

    /// The card this player drew and where from, while they place it.
    pub fn drawn(&self) -> Option<(Card, Source)> {
        self.hole.drawn.filter(|_| self.to_move())
    }

    /// Whether someone has ended the hole and the others are playing their final turns
    /// (RULES.md §14 step 4).
    pub fn final_turns(&self) -> bool {
        self.hole.ended.is_some()
    }

    /// Who ended the hole and how, once someone has (a thing every player at the table
    /// sees); `None` before.
    pub fn ended(&self) -> Option<(usize, How)> {
        self.hole.ended
    }

    /// Turns played so far.
    pub fn turns(&self) -> u32 {
        self.hole.turns
    }

    /// A hole that looks to this player exactly as this one does, every card they cannot
    /// see dealt again at random from what they know ([`HoleInPlay::fill_unseen`], RULES.md §18
    /// "Deeper advice: rollouts"), into `out` (its buffers reused where they fit); `pool`
    /// is room reused between calls. For rollouts: what the filled hole holds depends on
    /// this view and `rng` alone, never on where the real hole's hidden cards lie.
    pub fn fill_into<R: rand::Rng>(&self, out: &mut HoleInPlay, rng: &mut R, pool: &mut Vec<Card>) {
        out.clone_from(self.hole);
        out.fill_unseen(self.seat, rng, pool);
    }

    /// As [`Observation::fill_into`], into a new hole.
    pub fn filled<R: rand::Rng>(&self, rng: &mut R, pool: &mut Vec<Card>) -> HoleInPlay {
        let mut hole = self.hole.clone();
        hole.fill_unseen(self.seat, rng, pool);
        hole
    }

    /// This player's legal moves now (empty when it is not their decision).
    pub fn legal_moves(&self, out: &mut MoveList) {
        if self.to_move() {
            self.hole.legal_moves(out);
        } else {
            out.len = 0;
        }
    }
}

impl fmt::Debug for Observation<'_> {
    /// What this player sees, nothing more (the type's doc).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hole = self.hole;
        let grids: Vec<Masked<'_>> = (hole.grids.iter().enumerate())
            .map(|(seat, grid)| Masked {
                grid,
                face_up: hole.face_up(seat),
                peeked: if seat == self.seat {
                    hole.peeked(seat)
                } else {
                    0
                },
            })
            .collect();
        let drawn = self.drawn().map(|(card, _)| card.to_string());
        f.debug_struct("Observation")
            .field("seat", &self.seat)
            .field("phase", &hole.phase)
            .field("current", &hole.current)
            .field("turns", &hole.turns)
            .field("grids", &grids)
            .field("discard", &Cards(&hole.discard))
            .field("drawn", &drawn)
            .field("stock", &hole.stock.len())
            .field("ended", &hole.ended)
            .finish()
    }
}
