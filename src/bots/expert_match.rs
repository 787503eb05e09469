//! `expert-match` (RULES.md §18 "Playing for the match"): the expert's belief and moves,
//! each move valued by its chance of winning the match (RULES.md §8, its tiebreak chain
//! included; a shared win counts 1/k) from the position it leads to.
//!
//! **What it knows of the match.** Before each hole the engine tells every bot the match
//! so far ([`MatchState`]): every seat's hole scores (public: they are on the score
//! sheet), the seats playing the hole in its order, the regular holes left after it and
//! whether it is a sudden-death playoff hole. Nothing about the hole's cards: those the bot
//! still sees through its [`Observation`] alone.
//!
//! **How a move is valued.** For each player, this hole's score is taken as normal with a
//! mean and a variance:
//! - the player's own: the expert's value of the move plus the bias, and the variance,
//!   [`Model`] measured for moves of the same kind (the hole left open; or ended, or a
//!   final turn played, by it). An open move's bias is taken by the face-down cards before
//!   it (the expert's value of an open move is a measure for comparing moves, well above
//!   the hole score early on: its bias belongs to the decision, the same for every move),
//!   its variance by the face-down cards it leaves;
//! - every other player's: their grid's expected score from the unseen cards (the expert's
//!   estimator, what is face up of it) plus the bias and the variance [`Model`] measured
//!   for a grid with as many face-down cards at the same stage: the hole open (they have
//!   draws to come), their final turn still to play (if this move ends the hole, every one
//!   of them has exactly one), or done (only their face-down cards are left to turn up).
//!
//! Each of the holes left adds to every player's total an independent hole of the expert's
//! measured mean and variance (the sum of `h` holes taken as normal, the central limit:
//! the same mean for everyone, so only the variance, `h` times one hole's, counts). The
//! chance of winning is then the chance that this player's total is below every other
//! one's (a difference of at most half a point, totals being whole, counts as a tie; a tie
//! with another player is won with that player's *tie share*: the match's tiebreak chain
//! applied to the holes so far — 1, 0, or ½ for sudden death and a shared win). Two
//! players: the normal difference in closed form. More: a 32-point quadrature over this
//! player's total against the chance of beating every other one with it (the others
//! independent given it), tabulated once a decision on a grid of totals.
//!
//! At a table of two, a move that ends the hole under rules that adjust it (RULES.md §5: a
//! penalty for going out not lowest, a bonus) is weighed over the other's score after their
//! final turn (the same quadrature), each side adjusted by the rules' own
//! [`scoring::hole_points`] for that score, so a penalty is paid with its chance rather than
//! by comparing means (at larger tables the expert's own value of the ending stands).
//!
//! Drawing from the stock is valued, as the expert does, rank by rank over the card it
//! could be, the best reply to each by the chance of winning (the belief is not reckoned
//! again short of that card, as the expert's is). Among moves that leave the hole open (or
//! play a final turn) leaving as many face-down cards, the chance falls as the expert's
//! value rises, so only the lowest-valued of them is weighed, besides every move that ends
//! the hole. The start cards are the expert's.
//!
//! **The model** ([`Model::estimate`]) is measured once for each rule set and table size
//! (kept for the process, [`model`]): [`CALIBRATION_HOLES`] holes of experts from a fixed
//! seed, recording at every placing decision each player's expected grid score and the
//! expert's value of its move against the hole score that came. A seed of the run plays
//! the same whatever the thread count, since the model does not depend on it.
//!
//! Nothing allocates per move: [`ExpertMatch::begin_hole`] copies the match into buffers
//! grown once, and works out the tie shares once a hole.

use std::sync::Arc;

use super::belief::Estimator;
use super::expert::Expert;
use crate::card::Card;
use crate::game::standings::{decide, Standing};
use crate::play::view::{Move, Observation, Phase};
use crate::rules::{DiscardDrawn, Rules};
use crate::scoring::{self, Ended, Scorer};

mod model;
mod normal;

use model::{ends, hidden_after, stage_of, Stage, MAX_CELLS};
pub use model::{model, Model, CALIBRATION_HOLES};
use normal::{beats, Curve, CURVE, NODES};

/// What every player at the table knows of the match as a hole starts (RULES.md §8), told
/// to each bot by the engine before the hole ([`super::Bot::begin_hole`]).
#[derive(Debug, Clone, Copy)]
pub struct MatchState<'a> {
    /// Each table seat's hole scores so far, in order (the regular holes finished). Empty
    /// on a playoff hole.
    pub holes: &'a [Vec<i64>],
    /// The table seats playing this hole, in the hole's order: the hole's player `p` is
    /// table seat `seats[p]`.
    pub seats: &'a [usize],
    /// Regular holes still to play after this one.
    pub holes_left: usize,
    /// Whether this is a sudden-death playoff hole among tied players (RULES.md §8): the
    /// lowest on it wins the match.
    pub playoff: bool,
}

/// The expert that plays for the match (RULES.md §18 "Playing for the match"; the module
/// doc gives the method).
#[derive(Debug, Clone)]
pub struct ExpertMatch<'r> {
    rules: &'r Rules,
    /// Whether the rules adjust a hole's scores (RULES.md §5).
    adjusts: bool,
    expert: Expert<'r>,
    estimator: Estimator<'r>,
    model: Arc<Model>,
    cells: usize,
    /// The hole's players' totals so far, by hole player.
    totals: Vec<i64>,
    /// The hole's players' hole scores so far, by hole player (for the tie shares).
    history: Vec<Vec<i64>>,
    holes_left: usize,
    playoff: bool,
    /// The hole player the tie shares were worked out for, and the shares by hole player.
    tie_for: Option<usize>,
    tie: Vec<f64>,
    /// This decision: each other player's (mean, variance) of their hole score when the
    /// move leaves the hole open, and when it ends it.
    open: Vec<(f64, f64)>,
    ended: Vec<(f64, f64)>,
    scratch: [Option<Card>; MAX_CELLS],
    /// Quadrature points (standard normal) and weights.
    nodes: [(f64, f64); NODES],
    /// More than two players: the chance of beating every other player by this player's
    /// total, this decision, the move leaving the hole open and ending it.
    curve_open: Curve,
    curve_ended: Curve,
    /// Whether `curve_ended` is this decision's (worked out when a move that ends the hole
    /// is first weighed).
    ended_ready: bool,
}

impl<'r> ExpertMatch<'r> {
    /// The bot for a table of `players` under `rules` (scored by `scorer`) dealt from
    /// `pack`, its [`Model`] measured or taken from the process's ([`model`]). `None` when
    /// the rules' grid is beyond the largest.
    pub fn new(
        rules: &'r Rules,
        scorer: &'r Scorer<'r>,
        pack: &[Card],
        players: usize,
    ) -> Option<ExpertMatch<'r>> {
        let model = model(rules, scorer, pack, players)?;
        ExpertMatch::with_model(rules, scorer, pack, players, model)
    }

    /// As [`ExpertMatch::new`] with a model of the caller's.
    pub fn with_model(
        rules: &'r Rules,
        scorer: &'r Scorer<'r>,
        pack: &[Card],
        players: usize,
        model: Arc<Model>,
    ) -> Option<ExpertMatch<'r>> {
        let expert = Expert::new(rules, scorer, pack, players)?;
        let estimator = Estimator::new(rules, scorer, &expert.belief)?;
        let mut nodes = [(0.0, 0.0); NODES];
        let mut total = 0.0;
        for (i, node) in nodes.iter_mut().enumerate() {
            // midpoints over ±5 standard deviations, weighed by the density
            let z = -5.0 + 10.0 * (i as f64 + 0.5) / NODES as f64;
            let w = (-z * z / 2.0).exp();
            *node = (z, w);
            total += w;
        }
        for node in &mut nodes {
            node.1 /= total;
        }
        Some(ExpertMatch {
            rules,
            adjusts: scoring::adjusts_holes(rules),
            expert,
            estimator,
            model,
            cells: rules.layout.rows * rules.layout.columns,
            totals: vec![0; players],
            history: (0..players)
                .map(|_| Vec::with_capacity(crate::bounds::Holes::MAX as usize))
                .collect(),
            holes_left: 0,
            playoff: false,
            tie_for: None,
            tie: vec![0.5; players],
            open: vec![(0.0, 0.0); players],
            ended: vec![(0.0, 0.0); players],
            scratch: [None; MAX_CELLS],
            nodes,
            curve_open: Curve::LEVEL,
            curve_ended: Curve::LEVEL,
            ended_ready: false,
        })
    }

    /// The match as the next hole starts (told by the engine before every hole). Without
    /// it the bot plays each hole as a match of one hole from level totals.
    pub fn begin_hole(&mut self, state: &MatchState<'_>) {
        let k = state.seats.len();
        self.totals.resize(k, 0);
        self.history.resize_with(k, Vec::new);
        for (p, &seat) in state.seats.iter().enumerate() {
            let holes = state.holes.get(seat).map_or(&[][..], Vec::as_slice);
            self.totals[p] = holes.iter().sum();
            self.history[p].clear();
            self.history[p].extend_from_slice(holes);
        }
        self.holes_left = state.holes_left;
        self.playoff = state.playoff;
        self.tie_for = None;
    }

    /// Each other player's tie share against hole player `me`: the tiebreak chain
    /// (RULES.md §8) applied to the holes so far with the two of them level and everyone
    /// else behind; ½ where it goes to sudden death or shares the win, and on a playoff
    /// hole (another playoff follows a tie). Once a hole.
    fn tie_shares(&mut self, me: usize) {
        if self.tie_for == Some(me) {
            return;
        }
        self.tie_for = Some(me);
        let k = self.history.len();
        self.tie.resize(k, 0.5);
        self.tie.fill(0.5);
        if self.playoff || self.history.iter().all(Vec::is_empty) {
            return;
        }
        let mut standings: Vec<Standing> = (0..k)
            .map(|p| Standing {
                seat: p,
                name: String::new(),
                total: 1,
                holes: self.history[p].clone(),
                penalty_points: 0,
                disqualified: false,
            })
            .collect();
        for j in (0..k).filter(|&j| j != me) {
            for (p, s) in standings.iter_mut().enumerate() {
                s.total = i64::from(p != me && p != j);
            }
            let outcome = decide(&standings, &self.rules.tiebreak, &[]);
            self.tie[j] = match (outcome.playoff_needed.is_some(), outcome.winners.as_slice()) {
                (false, [w]) if *w == me => 1.0,
                (false, [w]) if *w == j => 0.0,
                _ => 0.5,
            };
        }
    }

    /// The chance of winning the match when this player's hole score has mean `mean` and
    /// variance `var` and the others' are `others` (mean, variance by hole player).
    fn win(&self, me: usize, mean: f64, var: f64, ended: bool) -> f64 {
        let others = match ended {
            true => &self.ended,
            false => &self.open,
        };
        let future = self.holes_left as f64 * self.model.hole_variance;
        let k = self.totals.len();
        let total = |p: usize| self.totals.get(p).copied().unwrap_or(0) as f64;
        let mine = total(me) + mean;
        if k == 2 {
            let j = 1 - me.min(1);
            let (m, v) = others.get(j).copied().unwrap_or((0.0, 0.0));
            let d = mine - (total(j) + m);
            let sd = (var + v + 2.0 * future).sqrt();
            return beats(d, sd, self.tie.get(j).copied().unwrap_or(0.5));
        }
        let curve = match ended {
            true => &self.curve_ended,
            false => &self.curve_open,
        };
        let sd_me = (var + future).sqrt();
        let mut sum = 0.0;
        for &(z, w) in &self.nodes {
            sum += w * curve.at(mine + sd_me * z);
        }
        sum
    }

    /// Works out `curve_ended` for this decision if it is not yet (more than two players).
    fn ready_ended(&mut self, me: usize) {
        if self.totals.len() > 2 && !self.ended_ready {
            self.curve_ended = self.curve(me, &self.ended);
            self.ended_ready = true;
        }
    }

    /// The chance of beating every other player with a total of `x`, on a grid of totals
    /// (more than two players), for the others' hole scores `others` (mean, variance by
    /// hole player; `me` left out).
    fn curve(&self, me: usize, others: &[(f64, f64)]) -> Curve {
        let future = self.holes_left as f64 * self.model.hole_variance;
        let total = |p: usize| self.totals.get(p).copied().unwrap_or(0) as f64;
        let k = self.totals.len().min(others.len());
        let each = |j: usize| {
            let (m, v) = others[j];
            (total(j) + m, (v + future).sqrt())
        };
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for j in (0..k).filter(|&j| j != me) {
            let (c, sd) = each(j);
            lo = lo.min(c - 6.0 * sd - 1.0);
            hi = hi.max(c + 6.0 * sd + 1.0);
        }
        let mut curve = Curve {
            lo: if lo.is_finite() { lo } else { 0.0 },
            step: if hi > lo {
                (hi - lo) / (CURVE - 1) as f64
            } else {
                1.0
            },
            g: [1.0; CURVE],
        };
        for (i, g) in curve.g.iter_mut().enumerate() {
            let x = curve.lo + curve.step * i as f64;
            for j in (0..k).filter(|&j| j != me) {
                let (c, sd) = each(j);
                *g *= beats(x - c, sd, self.tie.get(j).copied().unwrap_or(0.5));
            }
        }
        curve
    }

    /// Place move `m` with `card` in hand (`hidden` own face-down cards before it) as a
    /// candidate: the expert's value of it, and where it leaves the player.
    fn candidate(
        &mut self,
        view: &Observation<'_>,
        m: Move,
        card: Card,
        hidden: usize,
    ) -> Candidate {
        let v = self.expert.weigh_place(m, card);
        let left = hidden_after(m, hidden, |c| view.own_face_up(c));
        let final_turn = view.final_turns();
        Candidate {
            m,
            v,
            left,
            ended: !final_turn && ends(m, left),
            stage: match final_turn || ends(m, left) {
                true => Stage::Done,
                false => Stage::Open,
            },
        }
    }

    /// The chance of winning of candidate `c` (with `card` in hand, `hidden` own face-down
    /// cards before it), and the expert's value of it.
    fn chance(
        &mut self,
        view: &Observation<'_>,
        c: &Candidate,
        card: Card,
        hidden: usize,
    ) -> Chance {
        if !c.v.is_finite() {
            return Chance::NONE;
        }
        let (bias, var) = self.model.own(c.stage, hidden, c.left);
        if c.ended && self.adjusts && view.players() == 2 {
            let e = self.grid_after(view, c.m, card);
            let win = self.ending_win(view.seat(), e + bias, var, false);
            return Chance { win, value: c.v };
        }
        if c.ended {
            self.ready_ended(view.seat());
        }
        Chance {
            win: self.win(view.seat(), c.v + bias, var, c.ended),
            value: c.v,
        }
    }

    /// The best of place moves `moves` with `card` in hand by the chance of winning (the
    /// first of equals). A move that leaves the hole open, or plays a final turn, has a
    /// chance that falls as the expert's value rises among moves leaving as many face-down
    /// cards: only the lowest-valued of each such group is weighed, besides every move
    /// that ends the hole.
    fn best_place(
        &mut self,
        view: &Observation<'_>,
        moves: impl Iterator<Item = Move>,
        card: Card,
        hidden: usize,
    ) -> (Chance, Move) {
        // the lowest-valued move leaving `hidden` face-down cards, and fewer
        let mut groups: [Option<Candidate>; 2] = [None, None];
        let mut best = (Chance::NONE, Move::Discard);
        for m in moves {
            let c = self.candidate(view, m, card, hidden);
            if c.ended {
                let p = self.chance(view, &c, card, hidden);
                if p.beats(&best.0) {
                    best = (p, m);
                }
                continue;
            }
            let g = &mut groups[usize::from(c.left < hidden)];
            if g.is_none_or(|b| c.v < b.v) {
                *g = Some(c);
            }
        }
        for c in groups.into_iter().flatten() {
            let p = self.chance(view, &c, card, hidden);
            if p.beats(&best.0) {
                best = (p, c.m);
            }
        }
        best
    }

    /// The own grid's expected score (before RULES.md §5) after place move `m` with `card`
    /// in hand, `None` (or the knock) leaving it as it is.
    fn grid_after(&mut self, view: &Observation<'_>, m: Move, card: Card) -> f64 {
        for cell in 0..self.cells {
            self.scratch[cell] = view.own(cell);
        }
        if let Move::Swap(c) = m {
            if let Some(slot) = self.scratch.get_mut(usize::from(c)) {
                *slot = Some(card);
            }
        }
        self.estimator
            .grid(&self.expert.belief, &self.scratch[..self.cells])
    }

    /// The chance of winning at a table of two when this player ends the hole with a grid
    /// expected to score `grid` (variance `var`) under rules that adjust the hole
    /// (RULES.md §5): over the other's score after their final turn (a 32-point
    /// quadrature), each side's hole score adjusted by the rules' own `hole_points` for
    /// that score — a penalty for going out not lowest is paid with its chance, not by
    /// comparing means.
    fn ending_win(&self, me: usize, grid: f64, var: f64, knocked: bool) -> f64 {
        let j = 1 - me.min(1);
        let (m, v) = self.ended.get(j).copied().unwrap_or((0.0, 0.0));
        let future = self.holes_left as f64 * self.model.hole_variance;
        let sd = (var + 2.0 * future).sqrt();
        let tie = self.tie.get(j).copied().unwrap_or(0.5);
        let total = |p: usize| self.totals.get(p).copied().unwrap_or(0) as f64;
        let clamp = |x: f64| x.round().clamp(-10_000.0, 10_000.0) as i32;
        let ender = Some(Ended {
            player: me,
            knocked,
        });
        let (mut scores, mut points) = ([0i32; 2], [0i32; 2]);
        let mut sum = 0.0;
        for &(z, w) in &self.nodes {
            let y = m + v.sqrt() * z;
            scores[me.min(1)] = clamp(grid);
            scores[j] = clamp(y);
            scoring::hole_points(&scores, ender, self.rules, &mut points);
            let mine = total(me) + grid + f64::from(points[me.min(1)]);
            let theirs = total(j) + y + f64::from(points[j]);
            sum += w * beats(mine - theirs, sd, tie);
        }
        sum
    }

    /// The best reply to holding `card` drawn from the stock, by the chance of winning: its
    /// chance and move, over the moves the rules allow (RULES.md §14 step 3).
    fn best_reply(&mut self, view: &Observation<'_>, card: Card, hidden: usize) -> (Chance, Move) {
        let discard_drawn = self.rules.playing.map(|p| p.discard_drawn);
        let (plain, flips) = discard_drawn
            .unwrap_or(DiscardDrawn::Free)
            .allows(hidden as u32);
        let up = |c: usize| view.own_face_up(c);
        let moves = (0..self.cells).flat_map(|c| {
            let flip = (flips && !up(c)).then_some(Move::DiscardFlip(c as u8));
            std::iter::once(Move::Swap(c as u8)).chain(flip)
        });
        let discard = plain.then_some(Move::Discard);
        self.best_place(view, moves.chain(discard), card, hidden)
    }

    /// Each other player's hole score as this decision sees it: (mean, variance) if the
    /// move leaves the hole open and if it ends it.
    fn reckon_others(&mut self, view: &Observation<'_>) {
        let k = view.players();
        self.open.resize(k, (0.0, 0.0));
        self.ended.resize(k, (0.0, 0.0));
        for j in (0..k).filter(|&j| j != view.seat()) {
            for cell in 0..self.cells {
                self.scratch[cell] = view.face_up(j, cell);
            }
            let e = self
                .estimator
                .grid(&self.expert.belief, &self.scratch[..self.cells]);
            let hidden = view.hidden(j) as usize;
            let (b, v) = self.model.other(stage_of(view, j), hidden);
            self.open[j] = (e + b, v);
            let (b, v) = self.model.other(Stage::Pending, hidden);
            self.ended[j] = (e + b, v);
        }
    }

    /// The bot's move in `view` among its legal `moves`: the one with the best chance of
    /// winning the match; between chances equal to within [`EQUAL`], the expert's (the
    /// lower expected score; the first of equals). `None` when the hole is over.
    pub fn choose(&mut self, view: &Observation<'_>, moves: &[Move]) -> Option<Move> {
        match view.phase() {
            Phase::Over => return None,
            Phase::Start => return self.expert.choose(view, moves),
            _ => {}
        }
        let me = view.seat();
        self.expert.observe(view);
        self.tie_shares(me);
        self.reckon_others(view);
        if self.totals.len() > 2 {
            self.curve_open = self.curve(me, &self.open);
            self.ended_ready = false;
        }
        let hidden = view.hidden(me) as usize;
        if view.phase() == Phase::Place {
            let (card, _) = view.drawn()?;
            let (p, m) = self.best_place(view, moves.iter().copied(), card, hidden);
            return Some(m)
                .filter(|_| p.win.is_finite())
                .or(moves.first().copied());
        }
        let mut best: Option<(Chance, Move)> = None;
        for &m in moves {
            let p = match view.phase() {
                Phase::Place => Chance::NONE,
                _ => match m {
                    Move::DrawDiscard => match view.discard_top() {
                        Some(card) => {
                            let swaps = (0..self.cells).map(|c| Move::Swap(c as u8));
                            self.best_place(view, swaps, card, hidden).0
                        }
                        None => Chance::NONE,
                    },
                    Move::DrawStock => self.stock_win(view, hidden),
                    Move::Knock => self.knock_win(view, moves),
                    _ => Chance::NONE,
                },
            };
            if best.as_ref().is_none_or(|(b, _)| p.beats(b)) {
                best = Some((p, m));
            }
        }
        best.map(|(_, m)| m).or_else(|| moves.first().copied())
    }

    /// The chance of winning after drawing from the stock: over each rank the next card
    /// could be, by its chance, the best reply to it.
    fn stock_win(&mut self, view: &Observation<'_>, hidden: usize) -> Chance {
        let total = self.expert.belief.next_total();
        if total == 0 {
            return Chance::NONE;
        }
        let mut sum = Chance {
            win: 0.0,
            value: 0.0,
        };
        for code in 0..self.expert.belief.rank_codes() {
            let k = self.expert.belief.next_count(code);
            let Some(card) = self.expert.belief.card(code).filter(|_| k > 0) else {
                continue;
            };
            let p = f64::from(k) / f64::from(total);
            let reply = self.best_reply(view, card, hidden).0;
            sum.win += p * reply.win;
            sum.value += p * reply.value;
        }
        sum
    }

    /// The chance of winning by knocking now (the expert's value of the knock, the own
    /// face-down cards left to turn up, every other player with a final turn).
    fn knock_win(&mut self, view: &Observation<'_>, moves: &[Move]) -> Chance {
        let mut v = f64::INFINITY;
        if moves.contains(&Move::Knock) {
            self.expert.weigh_moves(view, &[Move::Knock], |_, x| v = x);
        }
        if !v.is_finite() {
            return Chance::NONE;
        }
        let left = view.hidden(view.seat()) as usize;
        let (bias, var) = self.model.own(Stage::Done, left, left);
        if self.adjusts && view.players() == 2 {
            let e = self.grid_after(view, Move::Knock, Card::new(crate::card::Rank::King));
            let win = self.ending_win(view.seat(), e + bias, var, true);
            return Chance { win, value: v };
        }
        self.ready_ended(view.seat());
        Chance {
            win: self.win(view.seat(), v + bias, var, true),
            value: v,
        }
    }
}

/// A place move weighed by the expert, before its chance of winning is worked out.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    m: Move,
    /// The expert's value of the move.
    v: f64,
    /// Own face-down cards the move leaves.
    left: usize,
    /// Whether the move ends the hole.
    ended: bool,
    /// The stage the move leaves the player in.
    stage: Stage,
}

/// Chances of winning closer than this are taken as equal (the normal tails round to 0
/// and 1 far ahead and far behind): the expert's value decides between them.
pub const EQUAL: f64 = 1e-9;

/// A move's chance of winning the match, and the expert's value of it (the lower the
/// better), which decides between equal chances.
#[derive(Debug, Clone, Copy)]
struct Chance {
    win: f64,
    value: f64,
}

impl Chance {
    /// No move.
    const NONE: Chance = Chance {
        win: f64::NEG_INFINITY,
        value: f64::INFINITY,
    };

    /// Whether this is strictly the better move.
    fn beats(&self, other: &Chance) -> bool {
        if !other.win.is_finite() {
            return self.win.is_finite();
        }
        if !self.win.is_finite() {
            return false;
        }
        if (self.win - other.win).abs() <= EQUAL {
            return self.value < other.value;
        }
        self.win > other.win
    }
}

#[cfg(test)]
mod tests;
