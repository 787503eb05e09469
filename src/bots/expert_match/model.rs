//! What `expert-match` assumes of the scores to come (the parent module's doc, "The
//! model"): measured once for each rule set and table size from experts' play, kept for the
//! process.

use std::sync::{Arc, Mutex, OnceLock};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::belief::Estimator;
use super::super::expert::Expert;
use crate::card::Card;
use crate::grid::{MAX_COLUMNS, MAX_ROWS};
use crate::play::view::{Move, MoveList, Observation, Phase};
use crate::play::HoleInPlay;
use crate::rules::Rules;
use crate::scoring::Scorer;

/// Cells of the largest grid.
pub(super) const MAX_CELLS: usize = MAX_ROWS * MAX_COLUMNS;

/// Holes of experts played to measure a [`Model`] (once per rule set and table size).
pub const CALIBRATION_HOLES: usize = 400;

/// The seed of the holes that measure a [`Model`]: fixed, so the model (and every run)
/// depends on the rules alone.
const CALIBRATION_SEED: u64 = 0x676f_6c66_6d61_7463;

/// Fewest observations a bucket of [`Model`] needs to be used as measured; a sparser one
/// borrows the nearest count of face-down cards that has them.
const MIN_BUCKET: u64 = 30;

/// A running mean and variance of residuals (a hole score less what was expected of it).
#[derive(Debug, Clone, Copy, Default)]
struct Residuals {
    n: u64,
    sum: f64,
    squares: f64,
}

impl Residuals {
    fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.squares += x * x;
    }

    fn mean(&self) -> f64 {
        self.sum / self.n.max(1) as f64
    }

    fn variance(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        ((self.squares - self.sum * self.sum / n) / (n - 1.0)).max(0.0)
    }
}

/// The stage of the hole a grid's score is still to come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    /// The hole goes on: the player has draws to come.
    Open = 0,
    /// The hole has been ended; the player's final turn is still to play.
    Pending = 1,
    /// The player will not move again this hole: their face-down cards are only turned up.
    Done = 2,
}

/// Bias and variance of a hole score against its expectation, by stage and face-down
/// cards.
type Table = [[(f64, f64); MAX_CELLS + 1]; 3];

/// What [`ExpertMatch`] assumes of the scores to come, measured from experts' play under
/// one rule set at one table size ([`Model::estimate`]).
#[derive(Debug, Clone)]
pub struct Model {
    /// One hole's score: mean and variance (the holes left).
    pub hole_mean: f64,
    /// See `hole_mean`.
    pub hole_variance: f64,
    /// The player's own hole score less the expert's value of its move: (bias, variance)
    /// by the stage the move leaves the player in (open, or done) and the face-down cards
    /// it leaves.
    own: Table,
    /// The same, by the face-down cards before the move (the bias of an open move: the
    /// expert's value of a move that leaves the hole open is a measure for comparing moves,
    /// not a hole score, and its bias belongs to the decision, not the move).
    own_before: Table,
    /// Another player's hole score less their grid's expected score from the unseen cards:
    /// (bias, variance) by their stage and face-down cards.
    other: Table,
    /// Holes measured.
    pub holes: usize,
}

impl Model {
    /// Measures the model from `holes` holes of `players` experts under `rules` (scored by
    /// `scorer`) dealt from `pack`, from a fixed seed. `None` when the expert cannot play
    /// the rules (a grid beyond the largest) or the pack cannot deal the table.
    pub fn estimate(
        rules: &Rules,
        scorer: &Scorer<'_>,
        pack: &[Card],
        players: usize,
        holes: usize,
    ) -> Option<Model> {
        let mut experts: Vec<Expert<'_>> = (0..players)
            .map(|_| Expert::new(rules, scorer, pack, players))
            .collect::<Option<_>>()?;
        let mut estimator = Estimator::new(rules, scorer, &experts.first()?.belief)?;
        let mut rng = ChaCha8Rng::seed_from_u64(CALIBRATION_SEED);
        let mut legal = MoveList::default();
        let mut gathered = Calibration::new(rules.layout.rows * rules.layout.columns);
        let mut returns = vec![crate::play::Score::default(); players];
        let mut slot: Option<HoleInPlay> = None;
        for hole in 0..holes {
            let h =
                HoleInPlay::deal_into(&mut slot, rules, pack, players, hole % players, &mut rng)
                    .ok()?;
            while h.phase() != Phase::Over {
                let p = h.current();
                let view = h.view(p);
                view.legal_moves(&mut legal);
                let expert = experts.get_mut(p)?;
                let m = if view.phase() == Phase::Start {
                    expert.choose(&view, legal.as_slice())?
                } else {
                    gathered.decide(expert, &mut estimator, &view, legal.as_slice())?
                };
                h.apply(m, &mut rng).ok()?;
            }
            h.scores(scorer, &mut returns);
            gathered.hole_over(&returns)?;
        }
        Some(Model {
            hole_mean: gathered.hole_scores.mean(),
            hole_variance: gathered.hole_scores.variance(),
            own: settle(&gathered.own),
            own_before: settle(&gathered.own_before),
            other: settle(&gathered.other),
            holes,
        })
    }

    /// The player's own (bias, variance) of a move from `before` face-down cards to
    /// `left`: an open move's bias by `before` (the decision's), its variance by `left`
    /// (what the move leaves to chance); a move that ends the hole or plays a final turn,
    /// both by `left`.
    pub(super) fn own(&self, stage: Stage, before: usize, left: usize) -> (f64, f64) {
        let after = self.own[stage as usize][left.min(MAX_CELLS)];
        match stage {
            Stage::Open => (
                self.own_before[stage as usize][before.min(MAX_CELLS)].0,
                after.1,
            ),
            _ => after,
        }
    }

    /// Another player's (bias, variance) at `stage` with `hidden` face-down cards.
    pub(super) fn other(&self, stage: Stage, hidden: usize) -> (f64, f64) {
        self.other[stage as usize][hidden.min(MAX_CELLS)]
    }
}

/// Residuals by stage and face-down cards.
type Buckets = [[Residuals; MAX_CELLS + 1]; 3];

/// What [`Model::estimate`] gathers: the residuals so far, and the decisions of the hole in
/// play, whose scores are still to come.
struct Calibration {
    own: Buckets,
    own_before: Buckets,
    other: Buckets,
    hole_scores: Residuals,
    /// (seat, stage, face-down cards before, and after, the expert's value) of each placing
    /// decision of the hole in play.
    owns: Vec<(usize, Stage, usize, usize, f64)>,
    /// (seat, stage, face-down cards, expected grid score) of every other player at each.
    others: Vec<(usize, Stage, usize, f64)>,
    scratch: [Option<Card>; MAX_CELLS],
    cells: usize,
}

impl Calibration {
    fn new(cells: usize) -> Calibration {
        Calibration {
            own: [[Residuals::default(); MAX_CELLS + 1]; 3],
            own_before: [[Residuals::default(); MAX_CELLS + 1]; 3],
            other: [[Residuals::default(); MAX_CELLS + 1]; 3],
            hole_scores: Residuals::default(),
            owns: Vec::new(),
            others: Vec::new(),
            scratch: [None; MAX_CELLS],
            cells,
        }
    }

    /// The expert's move among `legal` at `view` (past the start): the lowest-valued, and
    /// when it places a card or knocks, what it and every other player expect of the hole.
    fn decide(
        &mut self,
        expert: &mut Expert<'_>,
        estimator: &mut Estimator<'_>,
        view: &Observation<'_>,
        legal: &[Move],
    ) -> Option<Move> {
        let (p, cells) = (view.seat(), self.cells);
        expert.observe(view);
        let mut best: Option<(f64, Move)> = None;
        expert.weigh_moves(view, legal, |m, v| {
            if best.is_none_or(|(b, _)| v < b) {
                best = Some((v, m));
            }
        });
        let (v, m) = best?;
        let hidden = view.hidden(p) as usize;
        if view.phase() != Phase::Place && m != Move::Knock {
            return Some(m);
        }
        let left = hidden_after(m, hidden, |c| view.own_face_up(c));
        let stage = match view.final_turns() || ends(m, left) {
            true => Stage::Done,
            false => Stage::Open,
        };
        self.owns.push((p, stage, hidden, left, v));
        // when this move ends the hole, every other player has a final turn to come (the
        // only way a table of two sees that stage)
        let ending = !view.final_turns() && ends(m, left);
        for j in (0..view.players()).filter(|&j| j != p) {
            for (cell, s) in self.scratch.iter_mut().enumerate().take(cells) {
                *s = view.face_up(j, cell);
            }
            let e = estimator.grid(&expert.belief, &self.scratch[..cells]);
            let stage = match ending {
                true => Stage::Pending,
                false => stage_of(view, j),
            };
            self.others.push((j, stage, view.hidden(j) as usize, e));
        }
        Some(m)
    }

    /// The hole is over with `returns`: each decision's residual against them.
    fn hole_over(&mut self, returns: &[crate::play::Score]) -> Option<()> {
        for &(p, stage, before, left, v) in &self.owns {
            let r = returns.get(p)?.hole as f64 - v;
            self.own[stage as usize][left].add(r);
            self.own_before[stage as usize][before].add(r);
        }
        for &(j, stage, left, e) in &self.others {
            self.other[stage as usize][left].add(returns.get(j)?.hole as f64 - e);
        }
        for r in returns {
            self.hole_scores.add(r.hole as f64);
        }
        self.owns.clear();
        self.others.clear();
        Some(())
    }
}

/// Each bucket's (bias, variance): as measured where it has [`MIN_BUCKET`] observations,
/// else the nearest count of face-down cards of the same stage that has; no bias and no
/// variance where none has (a stage the rules never reach).
fn settle(buckets: &Buckets) -> Table {
    let mut out = [[(0.0, 0.0); MAX_CELLS + 1]; 3];
    for (row, settled) in buckets.iter().zip(out.iter_mut()) {
        for (h, slot) in settled.iter_mut().enumerate() {
            let nearest = (row.iter().enumerate())
                .filter(|(_, r)| r.n >= MIN_BUCKET)
                .min_by_key(|(k, _)| (k.abs_diff(h), *k));
            if let Some((_, r)) = nearest {
                *slot = (r.mean(), r.variance());
            }
        }
    }
    out
}

/// Face-down cards of the own grid after place move `m` (`hidden` before it; `up(cell)`
/// whether a cell is face up).
pub(super) fn hidden_after(m: Move, hidden: usize, up: impl Fn(usize) -> bool) -> usize {
    match m {
        Move::Swap(c) if !up(usize::from(c)) => hidden.saturating_sub(1),
        Move::DiscardFlip(_) => hidden.saturating_sub(1),
        _ => hidden,
    }
}

/// Whether move `m`, leaving `left` face-down cards, ends the hole (RULES.md §14 step 4).
pub(super) fn ends(m: Move, left: usize) -> bool {
    m == Move::Knock || left == 0
}

/// The stage of player `j` as the viewing player decides, the move aside.
pub(super) fn stage_of(view: &Observation<'_>, j: usize) -> Stage {
    let Some((ender, _)) = view.ended() else {
        return Stage::Open;
    };
    let n = view.players().max(1);
    let after = |s: usize| (s + n - ender % n) % n;
    match j == ender || after(j) < after(view.seat()) {
        true => Stage::Done,
        false => Stage::Pending,
    }
}

/// The models measured so far, by rule set and table size (see [`model`]).
type Models = Mutex<Vec<(u64, Arc<Model>)>>;

/// The model for `rules` at a table of `players` dealt from `pack`: measured once
/// ([`Model::estimate`], [`CALIBRATION_HOLES`] holes) and kept for the process. `None` as
/// [`Model::estimate`].
pub fn model(
    rules: &Rules,
    scorer: &Scorer<'_>,
    pack: &[Card],
    players: usize,
) -> Option<Arc<Model>> {
    use std::hash::{Hash, Hasher};
    static MODELS: OnceLock<Models> = OnceLock::new();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    format!("{rules:?}").hash(&mut hasher);
    format!("{pack:?}").hash(&mut hasher);
    players.hash(&mut hasher);
    let key = hasher.finish();
    let models = MODELS.get_or_init(|| Mutex::new(Vec::new()));
    // a panic elsewhere while the lock was held leaves the list as it was: still usable
    let mut models = models.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, m)) = models.iter().find(|(k, _)| *k == key) {
        return Some(Arc::clone(m));
    }
    let m = Arc::new(Model::estimate(
        rules,
        scorer,
        pack,
        players,
        CALIBRATION_HOLES,
    )?);
    models.push((key, Arc::clone(&m)));
    Some(m)
}
