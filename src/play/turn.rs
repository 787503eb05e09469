//! A hole's turns (RULES.md §14; Official §1.3, §3, §4.1, §8.5, §9.4): the legal moves of
//! the current player, the one `apply` that plays a move, and what follows it — the start
//! cards, who plays first, the §4.1 reshuffle, going out or knocking, the final turns and
//! the turn limit.

use rand::seq::SliceRandom;
use rand::Rng;

use super::{HoleInPlay, How, IllegalMove, Move, MoveList, Phase, Source, TURN_LIMIT};
use crate::card::Card;
use crate::rules::{FirstPlayer, StartCards};

impl HoleInPlay {
    /// Fills `out` with the current player's legal moves (RULES.md §14), in a fixed order:
    /// start cells, then knock, draw from the stock, take the discard; or swaps by cell,
    /// the plain discard, then discard-and-flip by cell. Each is a move [`HoleInPlay::is_legal`]
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
    pub(super) fn begin_play(&mut self) {
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
}
