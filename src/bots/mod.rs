//! Bots: strategies for the decisions of a hole (RULES.md §15), each deciding from a
//! [`View`] alone — never the stock or a face-down card — and judging grids with the rules'
//! own scorer, so a house rule changes how they play as well as what they score.
//!
//! - `random`: a uniformly random legal move (the baseline).
//! - `greedy`: the table's common sense: take the discard when it lowers the grid, else
//!   draw; keep low cards and pairs, replace the highest card; an unseen card is worth the
//!   pack's average; go out (or knock) only when likely lowest after the rules' adjustments.
//! - `counting`: as greedy, but remembers every card seen (the discard pile, every face-up
//!   card), values an unseen card by the cards still unseen, and weighs drawing from the
//!   stock by the expected best use of each unseen card.

mod own;

use std::fmt;
use std::str::FromStr;

use rand::Rng;

use crate::card::Card;
use crate::grid::Grid;
use crate::play::view::{Move, MoveList, Phase, Source, View};
use crate::rules::Rules;
use crate::scoring::{self, Ended, Scorer};
use own::{placeholder, OwnGrid};

/// The bundled bots, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A uniformly random legal move.
    Random,
    /// The table's common sense.
    Greedy,
    /// Counts cards and weighs the stock.
    Counting,
}

impl Kind {
    /// Every bot, weakest first.
    pub const ALL: [Kind; 3] = [Kind::Random, Kind::Greedy, Kind::Counting];

    /// The bot's name as typed (`greedy`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Greedy => "greedy",
            Kind::Counting => "counting",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A bot name that is not one of [`Kind::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot `{0}`; expected random, greedy or counting")]
pub struct UnknownBot(pub String);

impl FromStr for Kind {
    type Err = UnknownBot;
    fn from_str(s: &str) -> Result<Kind, UnknownBot> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownBot(s.to_string()))
    }
}

/// How much better than the others' estimates a player's score must be to knock.
const KNOCK_MARGIN: f64 = 2.0;
/// What greedy expects to gain by drawing from the stock instead of taking the discard.
const GREEDY_STOCK_GAIN: f64 = 1.5;

/// One seat's bot: the legal moves of its decision, and its mind.
#[derive(Debug, Clone)]
pub struct Bot<'r> {
    /// The decision's legal moves, filled again for each.
    legal: MoveList,
    mind: Mind<'r>,
}

/// A bot's strategy, the rules' scorer, what one pack holds, and scratch room reused for
/// every decision.
#[derive(Debug, Clone)]
struct Mind<'r> {
    kind: Kind,
    rules: &'r Rules,
    scorer: &'r Scorer<'r>,
    /// Cards of each [`Rank::code`] in the match's pack, and one such card.
    pack: Vec<(u32, Option<Card>)>,
    /// Each rank code's value.
    values: Vec<f64>,
    /// The pack's mean card value.
    mean: f64,
    scratch: Grid,
    /// The bot's own grid as it knows it, with its totals.
    own: OwnGrid<'r>,
    /// The turn whose draw loaded the own grid, while its place is still to come: the
    /// grid cannot change between the two.
    loaded_for: Option<u32>,
    /// Whether a move of this decision may go out (nobody has ended the hole and at most
    /// one of the bot's cards is face down).
    may_go_out: bool,
    unseen: Vec<u32>,
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

impl<'r> Bot<'r> {
    /// A bot of `kind` for a table of `players` under `rules` (scored by `scorer`) dealt from
    /// `pack`. `None` when the rules' grid cannot be built (never for resolved rules).
    pub fn new(
        kind: Kind,
        rules: &'r Rules,
        scorer: &'r Scorer<'r>,
        pack: &[Card],
        players: usize,
    ) -> Option<Bot<'r>> {
        let (rows, columns) = (rules.layout.rows, rules.layout.columns);
        let cells = rows * columns;
        let scratch =
            Grid::from_cards(rows, columns, (0..cells).map(placeholder).collect()).ok()?;
        let codes = 14 + rules.pack.len();
        let mut counts: Vec<(u32, Option<Card>)> = vec![(0, None); codes];
        for card in pack {
            if let Some(slot) = counts.get_mut(usize::from(card.rank.code())) {
                slot.0 += 1;
                slot.1.get_or_insert(*card);
            }
        }
        let values: Vec<f64> = counts
            .iter()
            .map(|(_, c)| c.map_or(0.0, |c| f64::from(rules.values.of(c))))
            .collect();
        let total: f64 = counts
            .iter()
            .zip(&values)
            .map(|((n, _), v)| f64::from(*n) * v)
            .sum();
        let mind = Mind {
            kind,
            rules,
            scorer,
            mean: total / pack.len().max(1) as f64,
            pack: counts,
            values,
            own: OwnGrid::new(scorer, rows, columns, codes)?,
            loaded_for: None,
            may_go_out: false,
            scratch,
            points: vec![0; players],
            unseen: vec![0; codes],
            adjusts: scoring::adjusts_holes(rules),
            scores: vec![0; players],
            others: None,
        };
        Some(Bot {
            legal: MoveList::default(),
            mind,
        })
    }

    /// The bot's kind.
    pub fn kind(&self) -> Kind {
        self.mind.kind
    }

    /// The bot's move in `view` (which must be its decision); `rng` serves `random` and
    /// breaks nothing else. `None` when the view offers no move.
    pub fn choose<R: Rng>(&mut self, view: &View<'_>, rng: &mut R) -> Option<Move> {
        view.legal_moves(&mut self.legal);
        let mind = &mut self.mind;
        mind.others = None;
        mind.may_go_out = !view.ending() && view.hidden(view.seat()) <= 1;
        let moves = self.legal.as_slice();
        match (mind.kind, view.phase()) {
            (_, Phase::Over) => None,
            (Kind::Random, _) => moves.get(rng.gen_range(0..moves.len().max(1))).copied(),
            (_, Phase::Start) => moves.first().copied(),
            (_, Phase::Draw) => Some(mind.draw(view, moves)),
            (_, Phase::Place) => mind.place(view, moves),
        }
    }
}

impl<'r> Mind<'r> {
    /// What an unseen card is worth: the pack's mean (greedy), or the mean of the cards
    /// this player has not seen (counting).
    fn unseen_mean(&mut self, view: &View<'_>) -> f64 {
        if self.kind != Kind::Counting {
            return self.mean;
        }
        self.count_unseen(view);
        let (n, sum) = self
            .unseen
            .iter()
            .zip(&self.values)
            .fold((0u32, 0.0), |(n, s), (k, v)| (n + k, s + f64::from(*k) * v));
        if n == 0 {
            self.mean
        } else {
            sum / f64::from(n)
        }
    }

    /// Cards of each rank this player has not seen: the pack less every face-up card, the
    /// discard pile, their own peeked cards and the card they hold.
    fn count_unseen(&mut self, view: &View<'_>) {
        for (u, (n, _)) in self.unseen.iter_mut().zip(&self.pack) {
            *u = *n;
        }
        let mut see = |card: Card| {
            if let Some(u) = self.unseen.get_mut(usize::from(card.rank.code())) {
                *u = u.saturating_sub(1);
            }
        };
        for seat in 0..view.players() {
            for cell in 0..view.cells() {
                let card = match seat == view.seat() {
                    true => view.own(cell),
                    false => view.face_up(seat, cell),
                };
                card.into_iter().for_each(&mut see);
            }
        }
        view.discard_pile().iter().copied().for_each(&mut see);
        if let Some((card, _)) = view.drawn() {
            see(card);
        }
    }

    /// Another seat's expected score: the scorer's total of its face-up cards (face-down
    /// ones as placeholders that match nothing and score 0) plus `mean` per face-down card.
    fn estimate(&mut self, view: &View<'_>, seat: usize, mean: f64) -> f64 {
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
    fn load_own(&mut self, view: &View<'_>) {
        let (phase, turn) = (view.phase(), view.turns());
        if !(phase == Phase::Place && self.loaded_for == Some(turn)) {
            self.own.load(view);
        }
        self.loaded_for = (phase == Phase::Draw).then_some(turn);
    }

    /// The bot's own expected score (as [`Mind::estimate`], its peeked cards known too),
    /// `put` placing a card in a cell first; [`Mind::load_own`] must have run.
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
    /// out) while the others stand at their estimates: the rules' own hole adjustments
    /// (RULES.md §5) decide any penalty or bonus.
    fn ending_score(&mut self, view: &View<'_>, mine: f64, mean: f64, knocked: bool) -> (f64, f64) {
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

    fn draw(&mut self, view: &View<'_>, moves: &[Move]) -> Move {
        let mean = self.unseen_mean(view);
        self.load_own(view);
        let now = self.own_estimate(None, mean);
        if moves.contains(&Move::Knock) && view.hidden(view.seat()) <= 1 {
            let (mine, others) = self.ending_score(view, now, mean, true);
            if mine + KNOCK_MARGIN <= others {
                return Move::Knock;
            }
        }
        let take = match (view.discard_top(), moves.contains(&Move::DrawDiscard)) {
            (Some(card), true) => Some(now - self.best_swap(view, card, mean)),
            _ => None,
        };
        let stock_gain = match (self.kind, moves.contains(&Move::DrawStock)) {
            (_, false) => f64::NEG_INFINITY,
            (Kind::Counting, true) => self.stock_gain(view, now, mean),
            _ => GREEDY_STOCK_GAIN,
        };
        match take {
            Some(gain) if gain > 0.0 && gain >= stock_gain => Move::DrawDiscard,
            _ if stock_gain > f64::NEG_INFINITY => Move::DrawStock,
            _ => Move::DrawDiscard,
        }
    }

    /// The lowest expected score `card` can give by a swap (ending moves judged by
    /// [`Mind::ending_score`]).
    fn best_swap(&mut self, view: &View<'_>, card: Card, mean: f64) -> f64 {
        (0..view.cells())
            .map(|cell| self.after_swap(view, cell, card, mean))
            .fold(f64::INFINITY, f64::min)
    }

    fn after_swap(&mut self, view: &View<'_>, cell: usize, card: Card, mean: f64) -> f64 {
        let score = self.own_estimate(Some((cell, card)), mean);
        let ends =
            self.may_go_out && view.hidden(view.seat()) == u32::from(!view.own_face_up(cell));
        if ends {
            self.ending_score(view, score, mean, false).0
        } else {
            score
        }
    }

    /// Counting's expected gain from drawing the stock: over the unseen cards, the mean of
    /// what the best use of each (a swap, or nothing) saves.
    fn stock_gain(&mut self, view: &View<'_>, now: f64, mean: f64) -> f64 {
        let mut total = 0.0;
        let mut n = 0u32;
        for code in 0..self.unseen.len() {
            let (k, card) = (self.unseen[code], self.pack[code].1);
            let Some(card) = card.filter(|_| k > 0) else {
                continue;
            };
            let best = self.best_swap(view, card, mean);
            total += f64::from(k) * (now - best).max(0.0);
            n += k;
        }
        if n == 0 {
            0.0
        } else {
            total / f64::from(n)
        }
    }

    fn place(&mut self, view: &View<'_>, moves: &[Move]) -> Option<Move> {
        let (card, source) = view.drawn()?;
        let mean = self.unseen_mean(view);
        self.load_own(view);
        let now = self.own_estimate(None, mean);
        let mut best: Option<(f64, Move)> = None;
        for &m in moves {
            let score = match m {
                Move::Swap(c) => self.after_swap(view, usize::from(c), card, mean),
                Move::Discard if source == Source::Stock => now,
                Move::DiscardFlip(c) => {
                    let last = !view.ending() && view.hidden(view.seat()) == 1;
                    match last {
                        true => self.ending_score(view, now, mean, false).0 + 0.01 * f64::from(c),
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
