//! Newton's method for the Plackett–Luce fit (RULES.md §16), in θ = ln γ: the track record
//! refits before every match it judges, each fit starting from the one before, and from so
//! near the maximum Newton's steps close in quadratically — two or three passes over the
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
//! more than the tolerance.

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
    /// −H, row by row; then its Cholesky factor.
    curvature: Vec<f64>,
    step: Vec<f64>,
    theta: Vec<f64>,
    set: Vec<usize>,
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
        for _ in 0..MAX_STEPS {
            if !solve(n, room) {
                return false;
            }
            let largest = room.step.iter().fold(0.0f64, |m, d| m.max(d.abs()));
            room.theta.clear();
            room.theta.extend(self.gamma.iter().map(|g| g.ln()));
            if largest <= tolerance {
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
    /// `room.gradient` and minus its Hessian into `room.curvature` (the module's doc).
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

    /// Adds one term's part, weight `c` over the players `set`, to the gradient and the
    /// curvature; returns c · ln Σ γ over the set.
    fn term(&self, set: &[usize], c: f64, room: &mut Room) -> f64 {
        let n = self.gamma.len();
        let sum: f64 = set.iter().map(|&i| self.gamma[i]).sum();
        for &t in set {
            let p = self.gamma[t] / sum;
            room.gradient[t] -= c * p;
            room.curvature[t * n + t] += c * p;
            for &u in set {
                room.curvature[t * n + u] -= c * p * self.gamma[u] / sum;
            }
        }
        c * sum.ln()
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
