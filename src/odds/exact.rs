//! The exact chance to win by enumeration (RULES.md §15, "Chance to win"), for small
//! cases and the tests, and the state of one sample that [`super::estimate`] and the
//! enumeration share: the holes played in it, the totals, who wins it.

use super::{OddsError, SoFar, EXACT_LIMIT};
use crate::game::standings;
use crate::game::Standing;

/// The exact chance of each player to win from `pos` (by seat, 0 to 1), every player's
/// remaining hole scores drawn independently from the empirical distribution `scores[seat]`:
/// every combination of the remaining holes enumerated with its probability (the
/// convolution of the players' distributions, hole by hole), each settled as [`estimate`]
/// settles a sample. For small cases: a sample that a target ends early is one outcome.
/// Errors: as [`estimate`], or more than [`EXACT_LIMIT`] outcomes.
pub fn exact(pos: &SoFar, scores: &[&[i64]]) -> Result<Vec<f64>, OddsError> {
    pos.check(scores)?;
    let eligible = pos.eligible();
    let dists: Vec<Vec<(i64, f64)>> = scores.iter().map(|s| distribution(s)).collect();
    // without a target every sample plays every hole: the count is known before the walk
    let per_hole = eligible
        .iter()
        .try_fold(1u64, |acc, &s| acc.checked_mul(dists[s].len() as u64));
    let outcomes = per_hole.and_then(|h| h.checked_pow(pos.holes_left));
    if pos.target.is_none() && outcomes.is_none_or(|o| o > EXACT_LIMIT) {
        return Err(OddsError::TooLarge);
    }
    let mut walk = Walk {
        pos,
        eligible,
        dists,
        rest: Rest::new(pos),
        chances: vec![0.0; pos.standings.len()],
        outcomes: 0,
    };
    walk.rest.reset(pos);
    walk.hole(0, 0, 1.0);
    match walk.outcomes > EXACT_LIMIT {
        true => Err(OddsError::TooLarge),
        false => Ok(walk.chances),
    }
}

/// The distinct values of `scores` with their frequencies.
fn distribution(scores: &[i64]) -> Vec<(i64, f64)> {
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    let mut out: Vec<(i64, f64)> = Vec::new();
    let each = 1.0 / scores.len().max(1) as f64;
    for v in sorted {
        match out.last_mut() {
            Some((last, p)) if *last == v => *p += each,
            _ => out.push((v, each)),
        }
    }
    out
}

/// The depth-first enumeration of [`exact`].
struct Walk<'a> {
    pos: &'a SoFar,
    eligible: Vec<usize>,
    dists: Vec<Vec<(i64, f64)>>,
    rest: Rest,
    chances: Vec<f64>,
    /// Outcomes settled so far; the walk stops past [`EXACT_LIMIT`].
    outcomes: u64,
}

impl Walk<'_> {
    /// Chooses the score of the `k`th eligible player on remaining hole `hole` (from 0),
    /// the outcome so far having probability `p`.
    fn hole(&mut self, hole: usize, k: usize, p: f64) {
        if self.outcomes > EXACT_LIMIT {
            return;
        }
        if hole == self.rest.left || (k == 0 && self.rest.target_reached(self.pos)) {
            self.outcomes += 1;
            let mut winners = Vec::new();
            self.rest.winners(self.pos, hole, &mut winners);
            let share = p / winners.len().max(1) as f64;
            for w in winners {
                self.chances[w] += share;
            }
            return;
        }
        let Some(&seat) = self.eligible.get(k) else {
            return self.hole(hole + 1, 0, p);
        };
        for i in 0..self.dists[seat].len() {
            let (value, q) = self.dists[seat][i];
            self.rest.play(seat, hole, value);
            self.hole(hole, k + 1, p * q);
            self.rest.unplay(seat, hole);
        }
    }
}

/// The state of one sample: the holes played so far in it and the totals.
pub(super) struct Rest {
    pub(super) left: usize,
    /// Sampled hole scores, `seat * left + hole` (0 for a disqualified player, as the
    /// standings count a hole with no grid).
    sampled: Vec<i64>,
    totals: Vec<i64>,
    /// The standings a tie is settled on, reused from sample to sample.
    scratch: Vec<Standing>,
    played: Vec<usize>,
}

impl Rest {
    pub(super) fn new(pos: &SoFar) -> Rest {
        let left = pos.holes_left as usize;
        let mut scratch = pos.standings.clone();
        for s in &mut scratch {
            s.holes.reserve(left);
        }
        Rest {
            left,
            sampled: vec![0; pos.standings.len() * left],
            totals: pos.standings.iter().map(|s| s.total).collect(),
            played: pos.standings.iter().map(|s| s.holes.len()).collect(),
            scratch,
        }
    }

    pub(super) fn reset(&mut self, pos: &SoFar) {
        for (t, s) in self.totals.iter_mut().zip(&pos.standings) {
            *t = s.total;
        }
    }

    /// Plays every hole left of `seat`'s, each score `hole()`'s.
    pub(super) fn play_all(&mut self, seat: usize, mut hole: impl FnMut() -> i64) {
        let from = seat * self.left;
        let mut total = 0;
        for score in &mut self.sampled[from..from + self.left] {
            *score = hole();
            total += *score;
        }
        self.totals[seat] += total;
    }

    pub(super) fn play(&mut self, seat: usize, hole: usize, score: i64) {
        self.sampled[seat * self.left + hole] = score;
        self.totals[seat] += score;
    }

    fn unplay(&mut self, seat: usize, hole: usize) {
        self.totals[seat] -= self.sampled[seat * self.left + hole];
    }

    /// Whether any total (penalty points included) has reached the target (RULES.md §8).
    pub(super) fn target_reached(&self, pos: &SoFar) -> bool {
        pos.target
            .is_some_and(|t| self.totals.iter().any(|&v| v >= t))
    }

    /// Who wins the sample after `played` sampled holes: the lowest total among players
    /// not disqualified; a tie settled by the chain on the sampled holes, and a tie left to
    /// sudden death (no playoff hole played) or shared, shared.
    pub(super) fn winners(&mut self, pos: &SoFar, played: usize, out: &mut Vec<usize>) {
        out.clear();
        let mut best = i64::MAX;
        for s in pos.standings.iter().filter(|s| !s.disqualified) {
            let total = self.totals[s.seat];
            if total < best {
                best = total;
                out.clear();
            }
            if total == best {
                out.push(s.seat);
            }
        }
        if out.len() < 2 {
            return;
        }
        for (seat, s) in self.scratch.iter_mut().enumerate() {
            s.holes.truncate(self.played[seat]);
            let from = seat * self.left;
            s.holes
                .extend_from_slice(&self.sampled[from..from + played]);
            s.total = self.totals[seat];
        }
        *out = standings::winners(&self.scratch, &pos.chain, &pos.playoffs);
    }
}
