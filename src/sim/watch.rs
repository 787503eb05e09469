//! The trace protocol (CLI.md `--trace`, `--export`): the simulator tells a [`Watch`] every
//! deal, reshuffle, turn and hole's end, and does no I/O itself.

use crate::card::Card;
use crate::grid::Grid;
use crate::play::{HoleInPlay, Move, Source};

/// One turn as it was played, for a trace (CLI.md `--trace`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The table seat whose turn it was, from 0.
    pub player: usize,
    /// Where the card was drawn from; `None` for a knock.
    pub draw: Option<Source>,
    /// The card drawn.
    pub card: Option<Card>,
    /// The placing move (`Swap`, `Discard`, `DiscardFlip`) or `Knock`.
    pub action: Move,
    /// The card that went to the discard pile.
    pub discarded: Option<Card>,
}

/// Receives a hole as it is played (for `--trace` and `--export`); the simulator itself
/// does no I/O.
pub trait Watch {
    /// Whether it wants anything at all; when not, the simulator keeps no copy of a deal
    /// for it.
    fn watching(&self) -> bool {
        true
    }
    /// A hole has been dealt and its start played (`hole` from 0; from the match's length
    /// on, a sudden-death playoff hole); `seats` are the table's seats playing it, in
    /// seating order (the hole's player `i` is seat `seats[i]`: every seat, or on a playoff
    /// hole the tied ones); `deal` is each grid as dealt, `stock` top card last.
    /// Ignored unless a watcher says otherwise, as is every event below.
    fn start(
        &mut self,
        game: u64,
        hole: usize,
        seats: &[usize],
        h: &HoleInPlay,
        deal: &[Grid],
        stock: &[Card],
    ) {
        let _ = (game, hole, seats, h, deal, stock);
    }
    /// The stock was rebuilt (RULES.md §14 step 5) before the draw that needed it; `stock`
    /// is the new stock, top card last.
    fn reshuffle(&mut self, game: u64, hole: usize, stock: &[Card]) {
        let _ = (game, hole, stock);
    }
    /// A turn was played (its player a table seat).
    fn turn(&mut self, game: u64, hole: usize, number: u32, turn: &Turn) {
        let _ = (game, hole, number, turn);
    }
    /// The hole is over; `seats` as in [`Watch::start`], `scores` the hole scores after §5
    /// by the hole's players.
    fn end(&mut self, game: u64, hole: usize, seats: &[usize], h: &HoleInPlay, scores: &[i64]) {
        let _ = (game, hole, seats, h, scores);
    }
}

/// A [`Watch`] that ignores everything.
pub struct Unwatched;

impl Watch for Unwatched {
    fn watching(&self) -> bool {
        false
    }
}

/// Two watchers in one: every event goes to both, in order.
pub struct Tee<'a>(pub &'a mut dyn Watch, pub &'a mut dyn Watch);

impl Watch for Tee<'_> {
    fn start(
        &mut self,
        game: u64,
        hole: usize,
        seats: &[usize],
        h: &HoleInPlay,
        deal: &[Grid],
        stock: &[Card],
    ) {
        self.0.start(game, hole, seats, h, deal, stock);
        self.1.start(game, hole, seats, h, deal, stock);
    }
    fn reshuffle(&mut self, game: u64, hole: usize, stock: &[Card]) {
        self.0.reshuffle(game, hole, stock);
        self.1.reshuffle(game, hole, stock);
    }
    fn turn(&mut self, game: u64, hole: usize, number: u32, turn: &Turn) {
        self.0.turn(game, hole, number, turn);
        self.1.turn(game, hole, number, turn);
    }
    fn end(&mut self, game: u64, hole: usize, seats: &[usize], h: &HoleInPlay, scores: &[i64]) {
        self.0.end(game, hole, seats, h, scores);
        self.1.end(game, hole, seats, h, scores);
    }
    fn watching(&self) -> bool {
        self.0.watching() || self.1.watching()
    }
}
