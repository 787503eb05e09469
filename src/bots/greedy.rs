//! `greedy`, the table's common sense (RULES.md §15): take the discard when it lowers the
//! grid, else draw; keep low cards and pairs, replace the highest card; go out (or knock)
//! only when likely lowest after the rules' own hole adjustments (§5).
//!
//! Every estimate asks the rules' scorer: a grid's expected score is the scorer's total of
//! the cards the player knows (the rest stand-ins that match nothing and score 0) plus the
//! expected value of each unknown card. What an unknown card is expected to be worth, and
//! what drawing from the stock is expected to save, is the bot's [`Expect`]ation: greedy's
//! is the pack's average and a fixed gain ([`PackMean`]); `counting` plays the same way
//! with its own ([`super::counting::Counted`]).

use crate::card::Card;
use crate::grid::Grid;
use crate::play::view::{Move, Observation, Phase, Source};
use crate::rules::Rules;
use crate::scoring::{self, Ended, Scorer};

use super::own::{placeholder, OwnGrid};

/// How much better than the others' estimates a player's score must be to knock.
const KNOCK_MARGIN: f64 = 2.0;
/// What greedy expects to gain by drawing from the stock instead of taking the discard.
const GREEDY_STOCK_GAIN: f64 = 1.5;

/// What a bot expects of the cards it cannot see: all that tells `greedy` and `counting`
/// apart.
pub(super) trait Expect {
    /// The expected value in points of a card the player cannot see, brought up to date
    /// with `view` (called once at each draw and place decision, before anything else).
    fn unseen_mean(&mut self, view: &Observation<'_>) -> f64;

    /// The expected saving in points from drawing the stock's top card when the grid's
    /// expected score is `now`; `best_swap(card)` is the lowest expected score `card` can
    /// give by a swap.
    fn stock_gain(&self, now: f64, best_swap: impl FnMut(Card) -> f64) -> f64;
}

/// Greedy's expectation: an unseen card is worth the pack's mean, and drawing from the
/// stock gains a fixed [`GREEDY_STOCK_GAIN`].
#[derive(Debug, Clone, Copy)]
pub(super) struct PackMean(pub(super) f64);

impl Expect for PackMean {
    fn unseen_mean(&mut self, _: &Observation<'_>) -> f64 {
        self.0
    }

    fn stock_gain(&self, _: f64, _: impl FnMut(Card) -> f64) -> f64 {
        GREEDY_STOCK_GAIN
    }
}

/// Greedy play under the expectation `E`, with the rules' scorer and scratch room reused
/// for every decision.
#[derive(Debug, Clone)]
pub(super) struct Greedy<'r, E> {
    expect: E,
    judge: Judge<'r>,
}

/// Everything but the expectation: the scorer, the bot's own grid and the room every
/// estimate reuses.
#[derive(Debug, Clone)]
struct Judge<'r> {
    rules: &'r Rules,
    scorer: &'r Scorer<'r>,
    /// Another seat's grid as the bot sees it, for its estimate.
    scratch: Grid,
    /// The bot's own grid as it knows it, with its totals.
    own: OwnGrid<'r>,
    /// The turn whose draw loaded the own grid, while its place is still to come: the
    /// grid cannot change between the two.
    loaded_for: Option<u32>,
    /// Whether a move of this decision may go out (nobody has ended the hole and at most
    /// one of the bot's cards is face down).
    may_go_out: bool,
    /// Whether the rules adjust hole scores at all (RULES.md §5); without, ending costs
    /// nothing beyond the score.
    adjusts: bool,
    /// Room for every seat's estimated score, and for the points the hole adjustments add
    /// to each, reused by every decision.
    scores: Vec<i32>,
    points: Vec<i32>,
    /// The lowest of the others' estimates in this decision (their scores then in
    /// `scores`), made on first need.
    others: Option<f64>,
}

impl<'r, E: Expect> Greedy<'r, E> {
    /// Greedy play with expectation `expect` for a table of `players` under `rules`,
    /// scored by `scorer`. `None` when the rules' grid is beyond 4×6 (never for resolved
    /// rules).
    pub(super) fn new(
        expect: E,
        rules: &'r Rules,
        scorer: &'r Scorer<'r>,
        players: usize,
    ) -> Option<Greedy<'r, E>> {
        let (rows, columns) = (rules.layout.rows, rules.layout.columns);
        let cells = rows * columns;
        let scratch =
            Grid::from_cards(rows, columns, (0..cells).map(placeholder).collect()).ok()?;
        let judge = Judge {
            rules,
            scorer,
            own: OwnGrid::new(scorer, rows, columns, rules.rank_codes())?,
            loaded_for: None,
            may_go_out: false,
            scratch,
            points: vec![0; players],
            adjusts: scoring::adjusts_holes(rules),
            scores: vec![0; players],
            others: None,
        };
        Some(Greedy { expect, judge })
    }

    /// The move for `view` among its legal `moves`: the first start card, the best draw,
    /// or the best place for the card drawn. `None` when the hole is over.
    pub(super) fn choose(&mut self, view: &Observation<'_>, moves: &[Move]) -> Option<Move> {
        self.judge.others = None;
        self.judge.may_go_out = !view.final_turns() && view.hidden(view.seat()) <= 1;
        match view.phase() {
            Phase::Over => None,
            Phase::Start => moves.first().copied(),
            Phase::Draw => Some(self.draw(view, moves)),
            Phase::Place => self.place(view, moves),
        }
    }

    fn draw(&mut self, view: &Observation<'_>, moves: &[Move]) -> Move {
        let mean = self.expect.unseen_mean(view);
        let judge = &mut self.judge;
        judge.load_own(view);
        let now = judge.own_estimate(None, mean);
        if moves.contains(&Move::Knock) && view.hidden(view.seat()) <= 1 {
            let (mine, others) = judge.ending_score(view, now, mean, true);
            if mine + KNOCK_MARGIN <= others {
                return Move::Knock;
            }
        }
        let take = match (view.discard_top(), moves.contains(&Move::DrawDiscard)) {
            (Some(card), true) => Some(now - judge.best_swap(view, card, mean)),
            _ => None,
        };
        let stock_gain = match moves.contains(&Move::DrawStock) {
            false => f64::NEG_INFINITY,
            true => (self.expect).stock_gain(now, |card| judge.best_swap(view, card, mean)),
        };
        match take {
            Some(gain) if gain > 0.0 && gain >= stock_gain => Move::DrawDiscard,
            _ if stock_gain > f64::NEG_INFINITY => Move::DrawStock,
            _ => Move::DrawDiscard,
        }
    }

    fn place(&mut self, view: &Observation<'_>, moves: &[Move]) -> Option<Move> {
        let (card, source) = view.drawn()?;
        let mean = self.expect.unseen_mean(view);
        let judge = &mut self.judge;
        judge.load_own(view);
        let now = judge.own_estimate(None, mean);
        let mut best: Option<(f64, Move)> = None;
        for &m in moves {
            let score = match m {
                Move::Swap(c) => judge.after_swap(view, usize::from(c), card, mean),
                Move::Discard if source == Source::Stock => now,
                Move::DiscardFlip(c) => {
                    let last = !view.final_turns() && view.hidden(view.seat()) == 1;
                    match last {
                        true => judge.ending_score(view, now, mean, false).0 + 0.01 * f64::from(c),
                        false => now + 0.01,
                    }
                }
                _ => continue,
            };
            if best.is_none_or(|(b, _)| score < b) {
                best = Some((score, m));
            }
        }
        best.map(|(_, m)| m).or_else(|| moves.first().copied())
    }
}

impl Judge<'_> {
    /// Another seat's expected score: the scorer's total of its face-up cards (face-down
    /// ones as placeholders that match nothing and score 0) plus `mean` per face-down card.
    fn estimate(&mut self, view: &Observation<'_>, seat: usize, mean: f64) -> f64 {
        let mut unknown = 0u32;
        for cell in 0..view.cells() {
            let card = view.face_up(seat, cell).unwrap_or_else(|| {
                unknown += 1;
                placeholder(cell)
            });
            self.scratch.replace(cell, card);
        }
        f64::from(self.scorer.total(&self.scratch)) + f64::from(unknown) * mean
    }

    /// Loads the bot's own grid as it knows it (face-up and peeked cards) for this
    /// decision's estimates; a place decision reuses its draw's load.
    fn load_own(&mut self, view: &Observation<'_>) {
        let (phase, turn) = (view.phase(), view.turns());
        if !(phase == Phase::Place && self.loaded_for == Some(turn)) {
            self.own.load(view);
        }
        self.loaded_for = (phase == Phase::Draw).then_some(turn);
    }

    /// The bot's own expected score (as [`Judge::estimate`], its peeked cards known too),
    /// `put` placing a card in a cell first; [`Judge::load_own`] must have run.
    #[inline(always)]
    fn own_estimate(&mut self, put: Option<(usize, Card)>, mean: f64) -> f64 {
        let unknown = self.own.unknown();
        match put {
            None => f64::from(self.own.total()) + f64::from(unknown) * mean,
            Some((cell, card)) => {
                let unknown = unknown - u32::from(!self.own.knows(cell));
                f64::from(self.own.total_with(cell, card)) + f64::from(unknown) * mean
            }
        }
    }

    /// The bot's expected hole score if it ends the hole with `mine` (knocking or going
    /// out) while the others stand at their estimates, and the lowest of those: the rules'
    /// own hole adjustments (RULES.md §5) decide any penalty or bonus.
    fn ending_score(
        &mut self,
        view: &Observation<'_>,
        mine: f64,
        mean: f64,
        knocked: bool,
    ) -> (f64, f64) {
        let me = view.seat();
        let lowest_other = match self.others {
            Some(lowest) => lowest,
            None => {
                self.scores.resize(view.players(), 0);
                let mut lowest_other = f64::INFINITY;
                for seat in (0..view.players()).filter(|s| *s != me) {
                    let s = self.estimate(view, seat, mean);
                    lowest_other = lowest_other.min(s);
                    if let Some(score) = self.scores.get_mut(seat) {
                        *score = s.round().clamp(-10_000.0, 10_000.0) as i32;
                    }
                }
                lowest_other
            }
        };
        let mut points = 0;
        if self.adjusts {
            let scores = &mut self.scores;
            if let Some(score) = scores.get_mut(me) {
                *score = mine.round().clamp(-10_000.0, 10_000.0) as i32;
            }
            let ended = Some(Ended {
                player: me,
                knocked,
            });
            self.points.resize(scores.len(), 0);
            scoring::hole_points(scores, ended, self.rules, &mut self.points);
            points = self.points.get(me).copied().unwrap_or(0);
        }
        self.others = Some(lowest_other);
        (mine + f64::from(points), lowest_other)
    }

    /// The lowest expected score `card` can give by a swap (ending moves judged by
    /// [`Judge::ending_score`]).
    #[inline]
    fn best_swap(&mut self, view: &Observation<'_>, card: Card, mean: f64) -> f64 {
        (0..view.cells())
            .map(|cell| self.after_swap(view, cell, card, mean))
            .fold(f64::INFINITY, f64::min)
    }

    /// The expected score of swapping `card` into `cell`, judged as an ending when the swap
    /// turns up the bot's last face-down card.
    #[inline]
    fn after_swap(&mut self, view: &Observation<'_>, cell: usize, card: Card, mean: f64) -> f64 {
        let score = self.own_estimate(Some((cell, card)), mean);
        let ends =
            self.may_go_out && view.hidden(view.seat()) == u32::from(!view.own_face_up(cell));
        if ends {
            self.ending_score(view, score, mean, false).0
        } else {
            score
        }
    }
}
