//! Newton's method for the Plackett–Luce fit (RULES.md §16), in θ = ln γ: the track record
//! refits before every match it judges, each fit starting from the one before, and from so
//! near the maximum Newton's steps close in quadratically — about two passes over the
//! matches where Hunter's MM update (with SQUAREM) takes about 27.
//!
//! The log posterior is, up to a constant, Σ_t (w_t + 1) θ_t − 2 ln(1 + γ_t) − Σ_terms
//! c · ln Σ_{j ∈ set} γ_j (the module's doc above: w_t the stages won, each term a stage's
//! players still left with the weight of its tied orders, c = 1/C(k, s)). Each term is a
//! log-sum-exp, so the whole is concave, and with the prior strictly so: with p_j = γ_j / S
//! over a term's set, its gradient is −c p_t and its Hessian −c (diag(p) − p pᵀ); the
//! prior's second derivative is −2 q(1 − q), q = γ/(1 + γ). A step solves (−H) Δ = ∇ by
//! Cholesky, dense in the players, so it is taken only for up to [`NEWTON_PLAYERS`] players
//! (beyond, MM alone fits); a step that would lower the posterior is halved, and one that
//! cannot be made to climb leaves the fit to MM. The fit stops when a step moves no ln γ by
//! more than the tolerance, or when the steps contract so fast that the one after it would
//! not ([`converging`]).

use super::Model;

/// The most players a fit is taken by Newton's method (a step costs P³/3 operations).
pub const NEWTON_PLAYERS: usize = 64;

/// The most Newton steps one fit takes before leaving the rest to MM.
const MAX_STEPS: u32 = 50;

/// The most halvings of one step.
const MAX_HALVINGS: u32 = 40;

/// Room reused between Newton steps.
#[derive(Debug, Clone, Default)]
pub(super) struct Room {
    gradient: Vec<f64>,
    /// −H, row by row (its lower triangle); then its Cholesky factor.
    curvature: Vec<f64>,
    step: Vec<f64>,
    theta: Vec<f64>,
    set: Vec<usize>,
    shared: Vec<f64>,
}

impl Model {
    /// Fits by Newton's method until a step moves no ln γ by more than `tolerance`; false
    /// (the strengths left where the last climbing step put them) when there are too many
    /// players, a step cannot be solved, or no step climbs: then MM carries on.
    pub(super) fn newton(&mut self, tolerance: f64, room: &mut Room) -> bool {
        let n = self.gamma.len();
        if n == 0 || n > NEWTON_PLAYERS {
            return n == 0;
        }
        self.iterations += 1;
        let mut now = self.derivatives(room);
        // the largest move of the last full step, once one has been taken
        let mut last: Option<f64> = None;
        for _ in 0..MAX_STEPS {
            if !solve(n, room) {
                return false;
            }
            let largest = room.step.iter().fold(0.0f64, |m, d| m.max(d.abs()));
            room.theta.clear();
            room.theta.extend(self.gamma.iter().map(|g| g.ln()));
            if largest <= tolerance || converging(last, largest, tolerance) {
                for ((g, t), d) in self.gamma.iter_mut().zip(&room.theta).zip(&room.step) {
                    *g = (t + d).exp();
                }
                return true;
            }
            let mut scale = 1.0;
            let mut climbed = false;
            for _ in 0..MAX_HALVINGS {
                for ((g, t), d) in self.gamma.iter_mut().zip(&room.theta).zip(&room.step) {
                    *g = (t + scale * d).clamp(-700.0, 700.0).exp();
                }
                self.iterations += 1;
                let next = self.derivatives(room);
                if next.is_finite() && next >= now - 1e-12 * (1.0 + now.abs()) {
                    now = next;
                    climbed = true;
                    last = (scale == 1.0).then_some(largest);
                    break;
                }
                scale /= 2.0;
            }
            if !climbed {
                for (g, t) in self.gamma.iter_mut().zip(&room.theta) {
                    *g = t.exp();
                }
                return false;
            }
        }
        false
    }

    /// The log posterior at the current strengths, its gradient in ln γ into
    /// `room.gradient` and minus its Hessian into `room.curvature`, lower triangle (the
    /// module's doc).
    fn derivatives(&self, room: &mut Room) -> f64 {
        let n = self.gamma.len();
        room.gradient.clear();
        room.gradient.resize(n, 0.0);
        room.curvature.clear();
        room.curvature.resize(n * n, 0.0);
        let mut total = 0.0;
        for (t, &g) in self.gamma.iter().enumerate() {
            let q = g / (1.0 + g);
            let w = self.wins[t];
            total += (w + 1.0) * g.ln() - 2.0 * (1.0 + g).ln();
            room.gradient[t] += w + 1.0 - 2.0 * q;
            room.curvature[t * n + t] += 2.0 * q * (1.0 - q);
        }
        let mut set = std::mem::take(&mut room.set);
        for m in &self.matches {
            let (players, sizes) = self.parts(m);
            if sizes.len() == players.len() {
                total -= self.untied(players, room);
                continue;
            }
            let mut at = 0;
            for &k in sizes {
                let left = players.len() - at - k;
                if k == 1 {
                    if left > 0 {
                        total -= self.term(&players[at..], 1.0, room);
                    }
                    at += 1;
                    continue;
                }
                for mask in 0u32..(1u32 << k) - 1 {
                    let s = mask.count_ones() as usize;
                    if k - s + left < 2 {
                        continue;
                    }
                    set.clear();
                    set.extend(
                        (0..k)
                            .filter(|j| mask & (1 << j) == 0)
                            .map(|j| players[at + j]),
                    );
                    set.extend_from_slice(&players[at + k..]);
                    total -= self.term(&set, 1.0 / super::choose(k, s), room);
                }
                at += k;
            }
        }
        room.set = set;
        total
    }

    /// [`Model::term`] for every stage of a match without ties, its `players` by place, at
    /// once: the stage from place s on has the players left, S_s = Σ_{j ≥ s} γ_j, so a
    /// player at place j takes γ_j Σ_{s ≤ j} 1/S_s into the gradient and the diagonal, and
    /// a pair at places i ≤ j takes γ_i γ_j Σ_{s ≤ i} 1/S_s² off the curvature (over the
    /// stages, places but the last). Returns Σ_s ln S_s.
    fn untied(&self, players: &[usize], room: &mut Room) -> f64 {
        let n = self.gamma.len();
        let k = players.len();
        let mut shared = std::mem::take(&mut room.shared);
        shared.clear();
        let mut left: f64 = players.iter().map(|&i| self.gamma[i]).sum();
        let (mut inverse, mut squares, mut logs) = (0.0, 0.0, 0.0);
        for (j, &t) in players.iter().enumerate() {
            let g = self.gamma[t];
            if j + 1 < k {
                inverse += 1.0 / left;
                squares += 1.0 / (left * left);
                logs += left.ln();
            }
            // Σ 1/S_s² over the stages this place is still left at
            shared.push(squares);
            room.gradient[t] -= g * inverse;
            room.curvature[t * n + t] += g * inverse;
            for (i, &u) in players[..=j].iter().enumerate() {
                let (row, col) = if t >= u { (t, u) } else { (u, t) };
                room.curvature[row * n + col] -= g * self.gamma[u] * shared[i];
            }
            left -= g;
        }
        room.shared = shared;
        logs
    }

    /// Adds one term's part, weight `c` over the players `set`, to the gradient and the
    /// curvature; returns c · ln Σ γ over the set.
    fn term(&self, set: &[usize], c: f64, room: &mut Room) -> f64 {
        let n = self.gamma.len();
        let sum: f64 = set.iter().map(|&i| self.gamma[i]).sum();
        // the lower triangle alone: the Cholesky step reads no other
        for &t in set {
            let p = self.gamma[t] / sum;
            room.gradient[t] -= c * p;
            room.curvature[t * n + t] += c * p;
            let row = &mut room.curvature[t * n..t * n + t + 1];
            for &u in set.iter().filter(|&&u| u <= t) {
                row[u] -= c * p * self.gamma[u] / sum;
            }
        }
        c * sum.ln()
    }
}

/// Whether a step moving ln γ by at most `largest`, after a full step of at most `last`,
/// lands within a tenth of `tolerance` of the maximum: Newton's error squares from step
/// to step (e' ≈ M e², M ≈ largest / last², each step about the error it corrects), so
/// once it contracts the step after this one would move no ln γ by more than
/// M · largest² — and need not be taken.
fn converging(last: Option<f64>, largest: f64, tolerance: f64) -> bool {
    match last {
        Some(last) if last > 0.0 && largest < last => {
            let m = largest / (last * last);
            m * largest * largest <= tolerance / 10.0
        }
        _ => false,
    }
}

/// Solves curvature · step = gradient (`n` unknowns) by Cholesky, in place; false when the
/// curvature is not positive definite (numerically).
fn solve(n: usize, room: &mut Room) -> bool {
    let a = &mut room.curvature;
    for j in 0..n {
        let mut d = a[j * n + j];
        for k in 0..j {
            d -= a[j * n + k] * a[j * n + k];
        }
        if !(d > 0.0 && d.is_finite()) {
            return false;
        }
        let d = d.sqrt();
        a[j * n + j] = d;
        for i in j + 1..n {
            let mut v = a[i * n + j];
            for k in 0..j {
                v -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = v / d;
        }
    }
    let step = &mut room.step;
    step.clear();
    step.extend_from_slice(&room.gradient);
    for i in 0..n {
        let mut v = step[i];
        for k in 0..i {
            v -= a[i * n + k] * step[k];
        }
        step[i] = v / a[i * n + i];
    }
    for i in (0..n).rev() {
        let mut v = step[i];
        for k in i + 1..n {
            v -= a[k * n + i] * step[k];
        }
        step[i] = v / a[i * n + i];
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratings::{Placing, RatedMatch};

    /// A match without ties weighed all at once ([`Model::untied`]) is its stages weighed
    /// one by one ([`Model::term`]).
    #[test]
    fn a_match_without_ties_is_its_stages() {
        let placings = ["ann", "bob", "cat", "dan", "eve"]
            .iter()
            .enumerate()
            .map(|(i, p)| Placing {
                player: (*p).into(),
                place: i + 1,
            })
            .collect();
        let mut model = Model::new();
        model.add(&RatedMatch {
            id: 1,
            finished_at: "2026-11-01T20:00:00.000Z".into(),
            night: "2026-11-01".into(),
            placings,
        });
        model.gamma = vec![0.7, 1.9, 1.3, 0.4, 2.2];
        let n = model.gamma.len();
        let fresh = || Room {
            gradient: vec![0.0; n],
            curvature: vec![0.0; n * n],
            ..Room::default()
        };
        let players: Vec<usize> = model.parts(&model.matches[0]).0.to_vec();
        let (mut at_once, mut by_stage) = (fresh(), fresh());
        let a = model.untied(&players, &mut at_once);
        let b: f64 = (0..n - 1)
            .map(|s| model.term(&players[s..], 1.0, &mut by_stage))
            .sum();
        assert!((a - b).abs() < 1e-12);
        for (x, y) in (at_once.gradient.iter().chain(&at_once.curvature))
            .zip(by_stage.gradient.iter().chain(&by_stage.curvature))
        {
            assert!((x - y).abs() < 1e-12, "{x} vs {y}");
        }
    }
}
