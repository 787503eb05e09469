//! Play: how a hole is played (RULES.md §14, Official §1.3, §3, §4.1, §8.5), as a pure
//! state machine for the simulator.
//!
//! A [`HoleInPlay`] is dealt from a shuffled pack, then only [`HoleInPlay::apply`] changes it, one
//! legal [`Move`] at a time ([`HoleInPlay::legal_moves`] fills a reused [`MoveList`]; no move
//! allocates, and [`HoleInPlay::redeal`] deals the next hole into the same buffers). Randomness comes only from the seeded generator passed in (the shuffle and
//! the §4.1 reshuffle). A player decides from a [`view::Observation`], which shows only what that
//! player may see. When the hole is over, [`HoleInPlay::scores`] gives every grid's score by the
//! rules' own [`Scorer`] and the hole score adjusted as [`crate::scoring::hole`] says (§5).

mod deal;
mod debug;
mod turn;
mod unseen;
pub mod view;

pub use deal::{check_deal, pack, DealError};

use crate::card::Card;
use crate::grid::Grid;
use crate::rules::Playing;
use crate::scoring::{self, Ended, Scorer};

/// Turns each after which a hole nobody has ended is ended (RULES.md §14 step 6).
pub const TURN_LIMIT: u32 = 60;

/// The most moves one decision can offer: a swap or a flip per cell, and one more.
const MAX_MOVES: usize = 2 * crate::grid::MAX_ROWS * crate::grid::MAX_COLUMNS + 2;

/// One decision of a hole (RULES.md §14). Cells are indices into the grid, row by row
/// from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Start of the hole: turn this card up, or peek at it once the player has turned up
    /// their `face_up_at_start` cards (Official §1.3).
    Start(u8),
    /// Draw the stock's top card (Official §3.2).
    DrawStock,
    /// Take the discard pile's top card; it must then be swapped (Official §3.2).
    DrawDiscard,
    /// End the hole by knocking instead of drawing (Official §9.4; Six/Four sheet).
    Knock,
    /// Put the drawn card in this cell, face up; the old card goes on the discard pile
    /// (Official §3.3).
    Swap(u8),
    /// Discard the card drawn from the stock without flipping (where the rules allow).
    Discard,
    /// Discard the card drawn from the stock and turn this face-down card up (Official §3.4).
    DiscardFlip(u8),
}

/// The legal moves of one decision, without allocating.
#[derive(Debug, Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move::DrawStock; MAX_MOVES],
            len: 0,
        }
    }
}

impl MoveList {
    /// Adds `m` when it is legal in `hole`.
    #[inline]
    fn push_if(&mut self, m: Move, hole: &HoleInPlay) {
        if !hole.is_legal(m) {
            return;
        }
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// The moves, in a fixed order.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Whether `m` is among them.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

/// Where a hole stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Players are turning up or peeking at their start cards.
    Start,
    /// The current player draws (or knocks).
    Draw,
    /// The current player places the card they drew.
    Place,
    /// The hole is over: every card is face up.
    Over,
}

/// Where a drawn card came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The stock's top card, face down until drawn.
    Stock,
    /// The discard pile.
    Discard,
}

/// How a hole ended (RULES.md §14 step 4, 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// A player's grid was all face up.
    Out,
    /// A player knocked.
    Knock,
    /// Nobody ended it within [`TURN_LIMIT`] turns each.
    TurnLimit,
}

/// One player's return from a finished hole ([`HoleInPlay::scores`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    /// The grid's score (RULES.md §3).
    pub grid: i32,
    /// Matched sets in the grid (RULES.md §3 step 2).
    pub sets: u32,
    /// The hole score: the grid's score after the §5 adjustments.
    pub hole: i64,
}

/// A move that is not legal now; the simulator's bots never make one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {0:?} in this position")]
pub struct IllegalMove(pub Move);

/// A position as one player sees it, for [`HoleInPlay::position`]: seat 0 is that player.
#[derive(Debug, Clone, Default)]
pub struct Position {
    /// Each seat's grid, cell by cell row by row: the card where the player knows it.
    pub grids: Vec<Vec<Option<Card>>>,
    /// Each seat's face-up cells, as a mask (bit `i` is cell `i`).
    pub face_up: Vec<u32>,
    /// Each seat's peeked cells, as a mask (only seat 0's mean anything).
    pub peeked: Vec<u32>,
    /// The discard pile, top card last (every other card seen this hole beneath it).
    pub discard: Vec<Card>,
    /// The card seat 0 drew from the stock, when it holds one.
    pub drawn: Option<Card>,
    /// The seat that ended the hole, when seat 0 plays its final turn.
    pub ended_by: Option<usize>,
}

/// One hole in play: the layouts, the stock, the discard pile and whose turn it is.
///
/// Fields are private: a bot sees a hole only through [`view::Observation`]. Its `Debug` shows
/// what everyone at the table sees and no more: each grid's face-up cards with `?` for a
/// face-down one (RULES.md §2), the discard pile, the drawn card only when it came from the
/// discard pile, and the stock's size, never its cards.
#[derive(Clone)]
pub struct HoleInPlay {
    playing: Playing,
    players: usize,
    cells: usize,
    columns: usize,
    /// Each card's value, for who starts (Official §1.3), by [`crate::card::Rank::code`].
    values: Vec<i32>,
    grids: Vec<Grid>,
    face_up: Vec<u32>,
    peeked: Vec<u32>,
    started: Vec<u32>,
    stock: Vec<Card>,
    discard: Vec<Card>,
    dealer: usize,
    current: usize,
    first: usize,
    phase: Phase,
    drawn: Option<(Card, Source)>,
    ended: Option<(usize, How)>,
    final_turns: usize,
    turns: u32,
    reshuffled: bool,
    /// Whether the stock has been rebuilt from the discard pile this hole: its cards are
    /// then known to everyone (they were all face up), only their order is not.
    stock_known: bool,
}

impl HoleInPlay {
    fn all(&self) -> u32 {
        (1u32 << self.cells) - 1
    }

    /// Where the hole stands: the start, a draw, a placing, or over.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whose decision it is (a seat).
    pub fn current(&self) -> usize {
        self.current
    }

    /// The dealer's seat.
    pub fn dealer(&self) -> usize {
        self.dealer
    }

    /// The seat that played the first turn (known once the start is over).
    pub fn first(&self) -> usize {
        self.first
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Turns played so far (a knock is a turn).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Who ended the finished hole, as its scoring needs it (RULES.md §5): the player and
    /// whether they knocked; `None` while the hole is in play and when the turn limit ended
    /// it.
    pub fn ender(&self) -> Option<Ended> {
        match self.ending()? {
            (Some(player), how) => Some(Ended {
                player,
                knocked: how == How::Knock,
            }),
            (None, _) => None,
        }
    }

    /// The finished hole's returns, into `out` by player (RULES.md §3, §5): each grid's score
    /// by `scorer` (its rules the hole's), the matched sets it holds, and the hole score
    /// after the §5 adjustments with [`HoleInPlay::ender`] as the ender. Allocates nothing at a
    /// table of up to 16. While the hole is in play the grids are scored as they lie, face-down
    /// cards and all, and nobody has ended it. `out` should be as long as the table; extra
    /// entries are left alone.
    pub fn scores(&self, scorer: &Scorer<'_>, out: &mut [Score]) {
        const ROOM: usize = 16;
        let n = self.grids.len().min(out.len());
        let (mut grid_room, mut points_room) = ([0i32; ROOM], [0i32; ROOM]);
        let (mut grid_vec, mut points_vec);
        let (grids, points): (&mut [i32], &mut [i32]) = if n <= ROOM {
            (&mut grid_room[..n], &mut points_room[..n])
        } else {
            grid_vec = vec![0; n];
            points_vec = vec![0; n];
            (&mut grid_vec, &mut points_vec)
        };
        for ((grid, score), slot) in self.grids.iter().zip(out.iter_mut()).zip(grids.iter_mut()) {
            let (total, sets) = scorer.total_and_sets(grid);
            *slot = total;
            *score = Score {
                grid: total,
                sets,
                hole: i64::from(total),
            };
        }
        if scoring::adjusts_holes(scorer.rules()) {
            scoring::hole_points(grids, self.ender(), scorer.rules(), points);
            for (score, &add) in out.iter_mut().zip(points.iter()) {
                score.hole += i64::from(add);
            }
        }
    }

    /// How the hole ended, once it is over: the ender (`None` at the turn limit) and how.
    pub fn ending(&self) -> Option<(Option<usize>, How)> {
        match (self.phase, self.ended) {
            (Phase::Over, Some((seat, how))) => Some((Some(seat), how)),
            (Phase::Over, None) => Some((None, How::TurnLimit)),
            _ => None,
        }
    }

    /// Every player's grid as it lies (for scoring once the hole is over, and for a trace).
    pub fn grids(&self) -> &[Grid] {
        &self.grids
    }

    /// The stock, top card last.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }

    /// The discard pile, top card last.
    pub fn discard_pile(&self) -> &[Card] {
        &self.discard
    }

    /// The cells `seat` has face up, as a mask (bit `i` is cell `i`).
    pub fn face_up(&self, seat: usize) -> u32 {
        self.face_up.get(seat).copied().unwrap_or(0)
    }

    /// The face-down cells `seat` knows (peeked or looked at), as a mask.
    pub fn peeked(&self, seat: usize) -> u32 {
        self.peeked.get(seat).copied().unwrap_or(0)
    }

    /// Whether the stock ran out and was rebuilt from the discard pile by the last move
    /// (RULES.md §14 step 5).
    pub fn reshuffled(&self) -> bool {
        self.reshuffled
    }

    /// The card the current player drew, and where from.
    pub fn drawn(&self) -> Option<(Card, Source)> {
        self.drawn
    }

    /// The view of `seat`: what that player may see (RULES.md §15).
    pub fn view(&self, seat: usize) -> view::Observation<'_> {
        view::Observation::new(self, seat)
    }
}

#[cfg(test)]
mod tests;
