//! Play: how a hole is played (RULES.md §14, Official §1.3, §3, §4.1, §8.5), as a pure
//! state machine for the simulator.
//!
//! A [`Hole`] is dealt from a shuffled pack, then only [`Hole::apply`] changes it, one
//! legal [`Move`] at a time ([`Hole::legal_moves`] fills a reused [`MoveList`]; no move
//! allocates, and [`Hole::redeal`] deals the next hole into the same buffers). Randomness comes only from the seeded generator passed in (the shuffle and
//! the §4.1 reshuffle). A player decides from a [`view::View`], which shows only what that
//! player may see. When the hole is over, [`Hole::scores`] gives every grid's score by the
//! rules' own [`Scorer`] and the hole score adjusted as [`crate::scoring::hole`] says (§5).

mod deal;
pub mod view;

pub use deal::{check_deal, pack, DealError};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::card::Card;
use crate::grid::Grid;
use crate::rules::{FirstPlayer, Playing, Rules, StartCards};
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
    fn push_if(&mut self, m: Move, hole: &Hole) {
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

/// One player's return from a finished hole ([`Hole::scores`]).
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

/// A position as one player sees it, for [`Hole::position`]: seat 0 is that player.
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
/// Fields are private: a bot sees a hole only through [`view::View`]. Its `Debug` shows
/// what everyone at the table sees and no more: each grid's face-up cards with `?` for a
/// face-down one (RULES.md §2), the discard pile, the drawn card only when it came from the
/// discard pile, and the stock's size, never its cards.
#[derive(Clone)]
pub struct Hole {
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

/// A grid as a player sees it, for `Debug`: face-up cards, `?5` for a peeked face-down
/// card, `?` for any other (RULES.md §2's notation for a position in play).
struct Masked<'a> {
    grid: &'a Grid,
    face_up: u32,
    peeked: u32,
}

impl std::fmt::Debug for Masked<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("\"")?;
        let columns = self.grid.columns().max(1);
        for (cell, card) in self.grid.cards().iter().enumerate() {
            if cell > 0 {
                f.write_str(if cell % columns == 0 { " / " } else { " " })?;
            }
            let bit = 1u32.checked_shl(cell as u32).unwrap_or(0);
            if self.face_up & bit != 0 {
                write!(f, "{card}")?;
            } else if self.peeked & bit != 0 {
                write!(f, "?{card}")?;
            } else {
                f.write_str("?")?;
            }
        }
        f.write_str("\"")
    }
}

/// Cards seen face up (the discard pile), for `Debug`: in grid notation, bottom first,
/// one string.
struct Cards<'a>(&'a [Card]);

impl std::fmt::Debug for Cards<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("\"")?;
        for (i, card) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        f.write_str("\"")
    }
}

impl Hole {
    /// Every field, hidden cards and all, for the tests that compare two holes field for
    /// field (its `Debug` hides what nobody at the table sees).
    #[cfg(test)]
    pub(crate) fn everything(&self) -> String {
        format!(
            "{:?}",
            (
                (
                    &self.playing,
                    self.players,
                    self.cells,
                    self.columns,
                    &self.values
                ),
                (&self.grids, &self.face_up, &self.peeked, &self.started),
                (
                    &self.stock,
                    &self.discard,
                    self.dealer,
                    self.current,
                    self.first
                ),
                (
                    self.phase,
                    self.drawn,
                    self.ended,
                    self.final_turns,
                    self.turns
                ),
                (self.reshuffled, self.stock_known),
            )
        )
    }
}

impl std::fmt::Debug for Hole {
    /// What everyone at the table sees (the type's doc).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let grids: Vec<Masked<'_>> = (self.grids.iter().enumerate())
            .map(|(seat, grid)| Masked {
                grid,
                face_up: self.face_up(seat),
                peeked: 0,
            })
            .collect();
        let drawn = self.drawn.map(|(card, source)| match source {
            Source::Discard => card.to_string(),
            Source::Stock => "?".to_string(),
        });
        f.debug_struct("Hole")
            .field("players", &self.players)
            .field("dealer", &self.dealer)
            .field("phase", &self.phase)
            .field("current", &self.current)
            .field("turns", &self.turns)
            .field("grids", &grids)
            .field("discard", &Cards(&self.discard))
            .field("drawn", &drawn)
            .field("stock", &self.stock.len())
            .field("ended", &self.ended)
            .finish()
    }
}

impl Hole {
    /// Deals a hole: `pack` shuffled by `rng`, each of `players` players dealt the layout
    /// face down from the top (player by player, row by row), the next card turned up as the
    /// discard pile; `dealer` is a seat, the player to their left starts (RULES.md §14 step
    /// 1). Errors as [`check_deal`].
    pub fn deal<R: Rng>(
        rules: &Rules,
        pack: &[Card],
        players: usize,
        dealer: usize,
        rng: &mut R,
    ) -> Result<Hole, DealError> {
        let mut hole = Hole {
            playing: check_deal(rules, players, pack.len())?,
            players: 0,
            cells: 0,
            columns: 0,
            values: Vec::new(),
            grids: Vec::with_capacity(players),
            face_up: Vec::new(),
            peeked: Vec::new(),
            started: Vec::new(),
            stock: Vec::new(),
            discard: Vec::new(),
            dealer,
            current: 0,
            first: 0,
            phase: Phase::Over,
            drawn: None,
            ended: None,
            final_turns: 0,
            turns: 0,
            reshuffled: false,
            stock_known: false,
        };
        hole.redeal(rules, pack, players, dealer, rng)?;
        Ok(hole)
    }

    /// Deals into `slot`: the hole there dealt again ([`Hole::redeal`]), or a new one
    /// ([`Hole::deal`]) when it is empty. Errors as [`check_deal`].
    pub fn deal_into<'h, R: Rng>(
        slot: &'h mut Option<Hole>,
        rules: &Rules,
        pack: &[Card],
        players: usize,
        dealer: usize,
        rng: &mut R,
    ) -> Result<&'h mut Hole, DealError> {
        match slot {
            Some(hole) => {
                hole.redeal(rules, pack, players, dealer, rng)?;
                Ok(hole)
            }
            None => Ok(slot.insert(Hole::deal(rules, pack, players, dealer, rng)?)),
        }
    }

    /// Deals the next hole into this one exactly as [`Hole::deal`] would, reusing its
    /// buffers: once they have grown to the table, a deal allocates nothing. Errors as
    /// [`check_deal`], changing nothing.
    pub fn redeal<R: Rng>(
        &mut self,
        rules: &Rules,
        pack: &[Card],
        players: usize,
        dealer: usize,
        rng: &mut R,
    ) -> Result<(), DealError> {
        let playing = check_deal(rules, players, pack.len())?;
        let (rows, columns) = (rules.layout.rows, rules.layout.columns);
        let cells = rows * columns;
        // checked above: never for a deal that passed check_deal
        let layout = || DealError::Layout {
            rules: rules.display_name(),
            rows,
            columns,
        };
        self.stock.clear();
        self.stock.extend_from_slice(pack);
        self.stock.shuffle(rng);
        self.grids.truncate(players);
        for player in 0..players {
            let top = self.stock.len() - cells;
            let dealt = self.stock.get(top..).ok_or_else(layout)?.iter().rev();
            match self.grids.get_mut(player) {
                Some(grid) if grid.rows() == rows && grid.columns() == columns => {
                    for (slot, card) in grid.cards_mut().iter_mut().zip(dealt) {
                        *slot = *card;
                    }
                }
                _ => {
                    let cards = dealt.copied().collect();
                    let grid = Grid::from_cards(rows, columns, cards).map_err(|_| layout())?;
                    self.grids.truncate(player);
                    self.grids.push(grid);
                }
            }
            self.stock.truncate(top);
        }
        self.discard.clear();
        self.discard.reserve(pack.len());
        self.discard.extend(self.stock.pop());
        let codes = rules.rank_codes();
        self.values.clear();
        self.values.extend((0..codes).map(|code| match code {
            0..=12 => rules.values.ranks[code],
            13 => rules.values.joker.unwrap_or(0),
            face => rules.values.faces.get(face - 14).copied().unwrap_or(0),
        }));
        for seats in [&mut self.face_up, &mut self.peeked, &mut self.started] {
            seats.clear();
            seats.resize(players, 0);
        }
        let start = (dealer + 1) % players;
        self.playing = playing;
        self.players = players;
        self.cells = cells;
        self.columns = columns;
        self.dealer = dealer;
        self.current = start;
        self.first = start;
        self.phase = if playing.face_up_at_start + playing.peek_at_start == 0 {
            Phase::Draw
        } else {
            Phase::Start
        };
        self.drawn = None;
        self.ended = None;
        self.final_turns = 0;
        self.turns = 0;
        self.reshuffled = false;
        self.stock_known = false;
        if self.phase == Phase::Draw {
            self.begin_play();
        }
        Ok(())
    }

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
    /// after the §5 adjustments with [`Hole::ender`] as the ender. Allocates nothing at a
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

    /// Fills `out` with the current player's legal moves (RULES.md §14), in a fixed order:
    /// start cells, then knock, draw from the stock, take the discard; or swaps by cell,
    /// the plain discard, then discard-and-flip by cell. Each is a move [`Hole::is_legal`]
    /// allows, the one definition of a legal move.
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.len = 0;
        let cells = self.cells as u8;
        match self.phase {
            Phase::Over => {}
            Phase::Start => (0..cells).for_each(|c| out.push_if(Move::Start(c), self)),
            Phase::Draw => {
                for m in [Move::Knock, Move::DrawStock, Move::DrawDiscard] {
                    out.push_if(m, self);
                }
            }
            Phase::Place => {
                (0..cells).for_each(|c| out.push_if(Move::Swap(c), self));
                out.push_if(Move::Discard, self);
                (0..cells).for_each(|c| out.push_if(Move::DiscardFlip(c), self));
            }
        }
    }

    /// Whether `m` is a legal move for the current player now (RULES.md §14; Official §1.3,
    /// §3.2–3.4, §9.4).
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        let hidden = self.all() & !self.face_up[self.current];
        match (self.phase, m) {
            (Phase::Start, Move::Start(c)) => self.may_start(usize::from(c)),
            (Phase::Draw, Move::Knock) => self.ended.is_none() && self.playing.may_knock,
            (Phase::Draw, Move::DrawStock) => !self.stock.is_empty() || self.discard.len() > 1,
            (Phase::Draw, Move::DrawDiscard) => !self.discard.is_empty(),
            (Phase::Place, Move::Swap(c)) => usize::from(c) < self.cells,
            (Phase::Place, Move::Discard | Move::DiscardFlip(_)) => {
                let Some((_, Source::Stock)) = self.drawn else {
                    return false;
                };
                let (plain, flips) = self.playing.discard_drawn.allows(hidden.count_ones());
                match m {
                    Move::DiscardFlip(c) => flips && c < 32 && hidden & (1 << c) != 0,
                    _ => plain,
                }
            }
            _ => false,
        }
    }

    /// Whether the current player may turn up or peek at cell `c` at the start (Official
    /// §1.3; the rules' `start_cards`).
    fn may_start(&self, c: usize) -> bool {
        let chosen = self.started[self.current];
        if c >= self.cells || chosen & (1 << c) != 0 {
            return false;
        }
        let rows = self.cells / self.columns;
        match self.playing.start_cards {
            StartCards::Any => true,
            StartCards::NearestRow => c / self.columns == rows - 1,
            StartCards::OneColumn => match (0..self.cells).find(|i| chosen & (1 << i) != 0) {
                Some(first) => c % self.columns == first % self.columns,
                None => true,
            },
        }
    }

    /// Plays `m` for the current player; `rng` reshuffles the stock if it has run out
    /// (RULES.md §14 step 5). Errors, changing nothing, when `m` is not legal now.
    pub fn apply<R: Rng>(&mut self, m: Move, rng: &mut R) -> Result<(), IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m));
        }
        self.reshuffled = false;
        let seat = self.current;
        match m {
            Move::Start(c) => self.start(seat, usize::from(c)),
            Move::DrawStock => {
                if self.stock.is_empty() {
                    self.reshuffle(rng);
                }
                self.drawn = self.stock.pop().map(|c| (c, Source::Stock));
                self.phase = Phase::Place;
            }
            Move::DrawDiscard => {
                self.drawn = self.discard.pop().map(|c| (c, Source::Discard));
                self.phase = Phase::Place;
            }
            Move::Knock => {
                self.ended = Some((seat, How::Knock));
                self.end_turn();
            }
            Move::Swap(c) => {
                if let Some((card, _)) = self.drawn.take() {
                    let c = usize::from(c);
                    if let Some(old) = self.grids[seat].replace(c, card) {
                        self.discard.push(old);
                    }
                    self.face_up[seat] |= 1 << c;
                    self.peeked[seat] &= !(1 << c);
                }
                self.end_turn();
            }
            Move::Discard | Move::DiscardFlip(_) => {
                if let Some((card, _)) = self.drawn.take() {
                    self.discard.push(card);
                }
                if let Move::DiscardFlip(c) = m {
                    self.face_up[seat] |= 1 << c;
                    self.peeked[seat] &= !(1 << c);
                }
                self.end_turn();
            }
        }
        Ok(())
    }

    /// The rest of the discard pile, under its top card, shuffled into a new stock.
    fn reshuffle<R: Rng>(&mut self, rng: &mut R) {
        let top = self.discard.pop();
        self.stock.append(&mut self.discard);
        self.stock.shuffle(rng);
        self.discard.extend(top);
        self.reshuffled = true;
        self.stock_known = true;
    }

    fn start(&mut self, seat: usize, c: usize) {
        let done = self.started[seat].count_ones();
        self.started[seat] |= 1 << c;
        if done < self.playing.face_up_at_start {
            self.face_up[seat] |= 1 << c;
        } else {
            self.peeked[seat] |= 1 << c;
        }
        let wanted = self.playing.face_up_at_start + self.playing.peek_at_start;
        if self.started[seat].count_ones() >= wanted {
            self.current = (seat + 1) % self.players;
            if self.current == self.first {
                self.phase = Phase::Draw;
                self.begin_play();
            }
        }
    }

    /// The start is over: with look-once, each player looks at their face-down cards now
    /// (a player who never forgets loses nothing by looking at once); then who plays first
    /// (Official §1.3).
    fn begin_play(&mut self) {
        if self.playing.may_look_once {
            for seat in 0..self.players {
                self.peeked[seat] = self.all() & !self.face_up[seat];
            }
        }
        if self.playing.first == FirstPlayer::HighestFaceUp {
            let left = (self.dealer + 1) % self.players;
            let mut best: Option<(i32, usize)> = None;
            for k in 0..self.players {
                let seat = (left + k) % self.players;
                let high = self.grids[seat]
                    .cards()
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| self.face_up[seat] & (1 << i) != 0)
                    .map(|(_, card)| self.value(*card))
                    .max();
                if let Some(high) = high {
                    if best.is_none_or(|(b, _)| high > b) {
                        best = Some((high, seat));
                    }
                }
            }
            if let Some((_, seat)) = best {
                self.first = seat;
            }
        }
        self.current = self.first;
    }

    /// A card's value by its rank alone, for who starts.
    fn value(&self, card: Card) -> i32 {
        self.values
            .get(usize::from(card.rank.code()))
            .copied()
            .unwrap_or(0)
    }

    /// After a turn: who ended the hole (§3.5, §8.5: the player whose turn it was), the
    /// final turns, the turn limit, and the next player.
    fn end_turn(&mut self) {
        let seat = self.current;
        self.turns += 1;
        self.drawn = None;
        let all = self.all();
        match self.ended {
            None if self.face_up[seat] == all => {
                self.ended = Some((seat, How::Out));
                self.final_turns = self.players - 1;
            }
            Some((ender, How::Knock)) if ender == seat => {
                self.final_turns = self.players - 1;
            }
            Some(_) => self.final_turns = self.final_turns.saturating_sub(1),
            None => {}
        }
        let limit = self.ended.is_none() && self.turns >= TURN_LIMIT * self.players as u32;
        if (self.ended.is_some() && self.final_turns == 0) || limit {
            self.phase = Phase::Over;
            self.face_up.iter_mut().for_each(|m| *m = all);
            self.peeked.iter_mut().for_each(|m| *m = 0);
            return;
        }
        self.current = (seat + 1) % self.players;
        self.phase = Phase::Draw;
    }

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
    ) -> Result<Hole, Option<Card>> {
        let players = position.grids.len();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let mut hole = Hole::deal(rules, pack, players.max(1), players.max(1) - 1, &mut rng)
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
    /// seat. A bot deciding from its [`view::View`] alone must decide the same in both (the
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
        let known =
            |hole: &Hole, s: usize| hole.face_up(s) | if s == seat { hole.peeked(s) } else { 0 };
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

    /// The view of `seat`: what that player may see (RULES.md §15).
    pub fn view(&self, seat: usize) -> view::View<'_> {
        view::View::new(self, seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A played-out hole dealt again is, field for field, the hole a fresh deal gives, at
    /// the same table and at a smaller one (a playoff hole) and back.
    #[test]
    fn a_redeal_is_a_fresh_deal() {
        let mut names: Vec<(&str, &[&str])> = crate::rules::bundled::variant_names()
            .iter()
            .map(|name| (*name, &[][..]))
            .collect();
        names.push(("classic", &["look-once"][..]));
        for (name, house) in names {
            let house: Vec<String> = house.iter().map(|h| h.to_string()).collect();
            let rules = crate::rules::resolve(name, &house).unwrap();
            let pack = pack(&rules, rules.deck.decks_for(4));
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            let mut hole = Hole::deal(&rules, &pack, 4, 0, &mut rng).unwrap();
            let mut legal = MoveList::default();
            for (players, dealer, seed) in [(4, 1, 11), (2, 0, 12), (3, 2, 13), (4, 3, 14)] {
                while hole.phase() != Phase::Over {
                    hole.legal_moves(&mut legal);
                    let m = legal.as_slice()[legal.as_slice().len() / 2];
                    hole.apply(m, &mut rng).unwrap();
                }
                let mut fresh_rng = ChaCha8Rng::seed_from_u64(seed);
                let fresh = Hole::deal(&rules, &pack, players, dealer, &mut fresh_rng).unwrap();
                let mut again_rng = ChaCha8Rng::seed_from_u64(seed);
                hole.redeal(&rules, &pack, players, dealer, &mut again_rng)
                    .unwrap();
                assert_eq!(hole.everything(), fresh.everything(), "{name}");
                assert_eq!(fresh_rng, again_rng, "{name}: the same draws from the rng");
            }
        }
    }

    /// A view's `Debug`, and a hole's, show no card its player (anyone, for the hole)
    /// cannot see: with every unseen card shuffled elsewhere they print the very same, while
    /// the holes themselves differ.
    #[test]
    fn debug_shows_no_hidden_card() {
        for (name, house) in [
            ("classic", &[][..]),
            ("classic", &["look-once"][..]),
            ("six-card", &["knock"][..]),
            ("four-card", &[][..]),
            ("play-nine", &[][..]),
        ] {
            let house: Vec<String> = house.iter().map(|h| h.to_string()).collect();
            let rules = crate::rules::resolve(name, &house).unwrap();
            let pack = pack(&rules, rules.deck.decks_for(3));
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let mut shuffler = ChaCha8Rng::seed_from_u64(6);
            let mut hole = Hole::deal(&rules, &pack, 3, 0, &mut rng).unwrap();
            let mut legal = MoveList::default();
            let (mut step, mut differed) = (0usize, 0usize);
            while hole.phase() != Phase::Over {
                for seat in 0..3 {
                    let mut scrambled = hole.clone();
                    scrambled.shuffle_unseen(seat, &mut shuffler);
                    differed += usize::from(scrambled.everything() != hole.everything());
                    let (seen, also) = (hole.view(seat), scrambled.view(seat));
                    assert_eq!(format!("{seen:?}"), format!("{also:?}"), "{name}");
                    assert_eq!(format!("{hole:?}"), format!("{scrambled:?}"), "{name}");
                    assert!(!format!("{seen:?}").contains("stock: ["), "{name}");
                }
                hole.legal_moves(&mut legal);
                let moves = legal.as_slice();
                let m = moves[if step % 3 == 0 { moves.len() - 1 } else { 0 }];
                hole.apply(m, &mut rng).unwrap();
                step += 1;
            }
            assert!(differed > 10, "{name}: the scramble moved hidden cards");
            // over, every card is face up: the view shows every grid whole
            let over = format!("{:?}", hole.view(0));
            for grid in hole.grids() {
                assert!(over.contains(&grid.to_string()), "{name}: {over}");
            }
        }
    }

    #[test]
    fn a_hole_of_first_legal_moves_ends_with_every_card_up() {
        for name in crate::rules::bundled::variant_names() {
            let rules = crate::rules::resolve(name, &[]).unwrap();
            let decks = rules.deck.decks_for(4);
            let pack = pack(&rules, decks);
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut hole = Hole::deal(&rules, &pack, 4, 0, &mut rng).unwrap();
            let mut legal = MoveList::default();
            let mut moves = 0;
            while hole.phase() != Phase::Over {
                hole.legal_moves(&mut legal);
                let m = legal.as_slice()[legal.as_slice().len() - 1];
                hole.apply(m, &mut rng).unwrap();
                moves += 1;
                assert!(moves < 10_000, "{name}: endless hole");
            }
            let total: usize = hole.grids().iter().map(|g| g.cards().len()).sum::<usize>()
                + hole.stock().len()
                + hole.discard_pile().len();
            assert_eq!(total, pack.len(), "{name}: cards conserved");
            assert!(hole.ending().is_some());
        }
    }

    #[test]
    fn apply_takes_exactly_the_listed_moves_and_leaves_a_refused_one_unplayed() {
        let universe = |cells: u8| {
            let per_cell = [Move::Start, Move::Swap, Move::DiscardFlip];
            let mut all = vec![
                Move::Knock,
                Move::DrawStock,
                Move::DrawDiscard,
                Move::Discard,
            ];
            for c in 0..=cells {
                all.extend(per_cell.iter().map(|f| f(c)));
            }
            all
        };
        for (name, house) in [
            ("classic", None),
            ("six-card", Some("knock")),
            ("four-card", None),
        ] {
            let house: Vec<String> = house.into_iter().map(String::from).collect();
            let rules = crate::rules::resolve(name, &house).unwrap();
            let pack = pack(&rules, rules.deck.decks_for(3));
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            let mut hole = Hole::deal(&rules, &pack, 3, 0, &mut rng).unwrap();
            let mut legal = MoveList::default();
            let mut step = 0usize;
            while hole.phase() != Phase::Over {
                hole.legal_moves(&mut legal);
                for m in universe(hole.cells as u8) {
                    let mut copy = hole.clone();
                    let played = copy.apply(m, &mut rng.clone());
                    assert_eq!(played.is_ok(), legal.contains(m), "{name}: {m:?}");
                    if played.is_err() {
                        assert_eq!(copy.everything(), hole.everything(), "{name}: {m:?}");
                    }
                }
                let moves = legal.as_slice();
                let m = moves[step % moves.len()];
                hole.apply(m, &mut rng).unwrap();
                step += 7;
            }
        }
    }

    #[test]
    fn a_deal_the_rules_cannot_make_is_an_error_saying_why() {
        let classic = crate::rules::resolve("classic", &[]).unwrap();
        let one_deck = pack(&classic, 1);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        // 52 cards cannot deal 9 grids of 6 and a stock
        let err = Hole::deal(&classic, &one_deck, 9, 0, &mut rng).unwrap_err();
        assert!(
            matches!(
                err,
                DealError::PackTooSmall {
                    cards: 52,
                    needed: 56,
                    ..
                }
            ),
            "{err}"
        );
        assert_eq!(
            Hole::deal(&classic, &one_deck, 0, 0, &mut rng).unwrap_err(),
            DealError::NoPlayers
        );
        let mut no_play = classic.clone();
        no_play.playing = None;
        let err = Hole::deal(&no_play, &one_deck, 2, 0, &mut rng).unwrap_err();
        assert!(matches!(err, DealError::NoPlay { .. }), "{err}");
        // six up and six peeked on six cards
        let mut crowded = classic.clone();
        if let Some(p) = crowded.playing.as_mut() {
            p.face_up_at_start = 6;
            p.peek_at_start = 6;
        }
        let err = Hole::deal(&crowded, &one_deck, 2, 0, &mut rng).unwrap_err();
        assert!(
            matches!(
                err,
                DealError::StartCards {
                    start: 12,
                    room: 6,
                    ..
                }
            ),
            "{err}"
        );
        // a redeal refused leaves the hole as it was
        let mut hole = Hole::deal(&classic, &one_deck, 2, 0, &mut rng).unwrap();
        let before = hole.everything();
        assert!(hole.redeal(&crowded, &one_deck, 2, 1, &mut rng).is_err());
        assert_eq!(hole.everything(), before);
    }

    /// A finished hole's returns are its grids' scores and the adjustments `scoring::hole`
    /// explains, with the ender the hole names.
    #[test]
    fn a_finished_holes_scores_are_the_scorers_and_section_5s() {
        for house in ["out-penalty-10", "knock", "underdog", "tied-shame"] {
            let mut houses = vec![house.to_string()];
            if house == "knock" {
                houses.push("out-penalty-double".into());
            }
            let rules = crate::rules::resolve("classic", &houses).unwrap();
            let scorer = Scorer::new(&rules);
            let pack = pack(&rules, rules.deck.decks_for(3));
            for seed in 0..20 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut hole = Hole::deal(&rules, &pack, 3, 0, &mut rng).unwrap();
                let mut legal = MoveList::default();
                let mut step = seed as usize;
                while hole.phase() != Phase::Over {
                    hole.legal_moves(&mut legal);
                    let moves = legal.as_slice();
                    hole.apply(moves[step % moves.len()], &mut rng).unwrap();
                    step += 3;
                }
                let mut out = [Score::default(); 3];
                hole.scores(&scorer, &mut out);
                let grids: Vec<i32> = hole.grids().iter().map(|g| scorer.total(g)).collect();
                let names = ["a", "b", "c"].map(String::from);
                let adjusted = scoring::hole(&grids, &names, hole.ender(), &rules);
                for (p, score) in out.iter().enumerate() {
                    assert_eq!(score.grid, grids[p], "{house} {seed}");
                    let hole_score = i64::from(grids[p] + adjusted[p].points);
                    assert_eq!(score.hole, hole_score, "{house} {seed}");
                }
                let ending = hole.ending().unwrap();
                assert_eq!(hole.ender().map(|e| e.player), ending.0);
            }
        }
    }
}
