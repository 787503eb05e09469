//! Where each player's hole scores are drawn from (RULES.md §15, "The table's own
//! history"), and how the uncertainty of what a few holes say about a player is carried.
//!
//! **The sources, as §15 orders them.** A player's *own holes* are this match's holes so
//! far and their holes in their latest [`OWN_MATCHES`] finished matches under the same
//! rules (deleted and abandoned left out). The table's *pool* is the holes of this match's
//! players in finished matches under the same rules and match length (each player's
//! latest [`POOL_MATCHES`], so the pool's cost stays bounded on a long history) and this
//! match's holes so far. A player with n < 30 own holes draws from their own with
//! probability n/(n+30), else from the pool; a pool of P < 30 holes is itself drawn from
//! with probability P/(P+30), else the simulated holes of greedy bots under the rules.
//!
//! **The refinement (a level and a shape).** Drawing from a few holes as if they were the
//! whole truth made the odds over-confident (issue 47: in the second half of a generated
//! league their log loss stood 0.04–0.07 above what the players' true distributions give).
//! So each drawn hole is a player's *level* tonight plus a *deviation*:
//!
//! - the deviations come from the sources above, in the shares above, each hole taken as its
//!   deviation from the mean of its player's holes in its match (times √(h/(h−1)) for a
//!   match of h holes, so the spread is that of a hole around its night), the simulated ones
//!   from their own mean, rescaled to the table's spread within a match;
//! - the level is a normal posterior, drawn once per sample and player, so a sample plays
//!   the whole rest of the match at one level: a player's long-run mean is shrunk towards
//!   the pool's mean by how far apart the pool's players are, from their recent matches'
//!   means (each as noisy as a night's swing plus a hole's spread over its holes); tonight's
//!   level adds a night's swing to that and learns from this match's holes so far (a
//!   player's form tonight is information too). The three spreads — of a hole within a
//!   match, of a night around a player's mean, of players around the table's mean — are
//!   estimated from the pool by the method of moments, each pulled towards a default (the
//!   spread of tonight's holes across the players, itself pulled towards the simulated
//!   holes'; a night and a player a tenth of it) by a few virtual degrees of freedom, so a
//!   short pool gives sensible ones (a hole's spread learns from the
//!   players' own matches of any length too);
//! - each hole is rounded to a whole score at random (up with the fraction's probability),
//!   which keeps the mean and adds less than a quarter of a point² of spread.
//!
//! Pure: the caller brings the holes; reproducible: the sampling is [`super::estimate`]'s.

use std::borrow::Cow;

use serde::Serialize;

/// How many of a player's latest finished matches under the rules are their own holes
/// (RULES.md §15; as `store::stats::HISTORY_MATCHES_USED`).
pub const OWN_MATCHES: usize = 20;

/// How many of each player's latest finished matches under the rules and match length
/// the pool holds.
pub const POOL_MATCHES: usize = 20;

/// Holes at which a source stands alone: below, it is mixed by n/(n+30) (RULES.md §15).
pub const MIX_HOLES: usize = 30;

/// Virtual degrees of freedom pulling the spread of a hole within a match towards the
/// simulated holes' (few: a real table's holes spread less than greedy bots').
const WITHIN_PRIOR: f64 = 4.0;

/// Virtual degrees of freedom pulling a night's and a player's spread towards a tenth of
/// a hole's.
const LEVEL_PRIOR: f64 = 4.0;

/// A night's and a player's default variance, as a share of a hole's.
const LEVEL_SHARE: f64 = 0.1;

/// A hole's variance when nothing at all is known (a classic hole's spread is about 4).
const DEFAULT_WITHIN: f64 = 16.0;

/// What this table has shown of a match's players (RULES.md §15), as the store reads it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct History {
    /// Per seat: the player's regular holes in each of their latest [`OWN_MATCHES`]
    /// finished matches under the same rules (any length), newest first; the match itself
    /// left out.
    pub own: Vec<Vec<Vec<i64>>>,
    /// The pool: `(seat, holes)` for each of this match's players' latest
    /// [`POOL_MATCHES`] finished matches under the same rules and match length, the
    /// player's regular holes in it; the match itself left out.
    pub pool: Vec<(usize, Vec<i64>)>,
}

/// Where one player's hole scores were drawn from (`golf odds --explain`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sources {
    /// Their own holes: this match's so far and their recent finished matches'.
    pub own_holes: usize,
    /// The pool's holes (this match's so far included).
    pub pool_holes: usize,
    /// The simulated holes available (0 when none were needed).
    pub simulated_holes: usize,
    /// The share of draws from their own holes, 0 to 1.
    pub own_share: f64,
    /// The share from the pool.
    pub pool_share: f64,
    /// The share from the simulated holes.
    pub simulated_share: f64,
    /// Their expected level tonight: the mean hole score they are drawn around (points).
    pub level: f64,
    /// The standard deviation of that level (points): what their holes leave unknown.
    pub level_sd: f64,
    /// The spread of a hole around its night (points), the table's.
    pub spread: f64,
}

/// A player's draws as [`super::estimate`] plays them: the deviations of three sources,
/// the cuts between them (32-bit thresholds), the level and its standard deviation.
#[derive(Debug, Clone, Copy)]
pub struct Draw<'a> {
    /// The deviations of each source (own, pool, simulated), in [`POINT`]s; an empty one
    /// is never drawn.
    pub lists: [&'a [i64]; 3],
    /// A 32-bit pick below `cuts[0]` draws from the first list, below `cuts[1]` from the
    /// second, else from the third: `[PICK, PICK]` draws from the first alone, `[0, PICK]`
    /// the second, `[0, 0]` the third, without a pick.
    pub cuts: [u64; 2],
    /// The mean level (points a hole).
    pub level: f64,
    /// Its standard deviation (points, ≥ 0).
    pub sd: f64,
}

/// One more than a pick's largest 32-bit value.
pub const PICK: u64 = 1 << 32;

/// A point in the fixed-point units a hole is drawn in: 2³² of them (the deviations and a
/// sample's level), so a hole is a sum of integers and its floor a shift.
pub const POINT: i64 = 1 << 32;

/// The most points a level or a deviation holds, either way (2²⁸: far beyond any hole of
/// RULES.md §12, and a level's sum with a deviation stays clear of an i64's range).
const LIMIT: f64 = (1u64 << 28) as f64;

/// `x` points in [`POINT`]s, clamped to ±2²⁸ points and truncated towards zero (an error
/// under 2⁻³² of a point).
#[inline]
pub fn fixed(x: f64) -> i64 {
    (x.clamp(-LIMIT, LIMIT) * POINT as f64) as i64
}

/// A player's part of [`Past`]: their recent matches' holes, as the level and the draws
/// use them.
#[derive(Debug, Clone, Default)]
struct OwnPast {
    /// Their recent holes.
    holes: usize,
    /// Their recent holes' deviations ([`POINT`]s).
    deviations: Vec<i64>,
    /// Each recent match's mean hole score and its number of holes (matches with none
    /// left out).
    matches: Vec<(f64, f64)>,
}

/// What the table had shown of a match's players before it (RULES.md §15), worked out
/// once per match from its [`History`]: the sums the spreads are estimated from, the
/// pool's and each player's deviations, the simulated holes'. [`Past::shown`] adds the
/// match's holes so far, position by position, without going over the history again.
#[derive(Debug, Clone)]
pub struct Past {
    /// The squared deviations of the pool's and the players' own matches' holes from
    /// their matches' means, summed (points²), and their degrees of freedom.
    within_ss: f64,
    within_df: f64,
    /// Per seat, each of their pool matches' mean and 1/holes.
    means: Vec<Vec<(f64, f64)>>,
    /// The pool's mean hole and its holes.
    pool_mean: f64,
    pool_holes: usize,
    /// The pool's deviations ([`POINT`]s).
    pool: Vec<i64>,
    /// The simulated holes' mean, variance (points²), and each one's deviation from the
    /// mean (points; none when they were not needed).
    sim_mean: f64,
    sim_var: f64,
    simulated: Vec<f64>,
    players: Vec<OwnPast>,
}

/// A player's own part of [`Shown`]: their long-run mean's posterior mean and variance.
#[derive(Debug, Clone, Copy, Default)]
struct Own {
    mean: f64,
    variance: f64,
}

/// What the table has shown at one position of a match: [`Past`] and the match's holes
/// so far, worked out into the three spreads, the simulated holes' deviations at the
/// table's spread, each player's long-run mean.
#[derive(Debug, Clone)]
pub struct Shown<'a> {
    past: Cow<'a, Past>,
    /// Variance of a hole within a match (points²).
    within: f64,
    /// Variance of a night around a player's mean.
    night: f64,
    /// Variance of players around the table's mean.
    between: f64,
    /// The simulated holes' deviations ([`POINT`]s).
    simulated: Vec<i64>,
    players: Vec<Own>,
}

/// The mean and the sum of squared deviations of `xs` (0 and 0 when empty).
fn moments(xs: impl Iterator<Item = f64> + Clone) -> (f64, f64, usize) {
    let n = xs.clone().count();
    let mean = xs.clone().sum::<f64>() / n.max(1) as f64;
    (mean, xs.map(|x| (x - mean) * (x - mean)).sum(), n)
}

/// The deviations of every hole of `groups` from its group's mean, widened to a hole's
/// spread around its night (groups of one hole say nothing of it and are left out), in
/// [`POINT`]s.
fn deviations<'a>(groups: impl Iterator<Item = &'a [i64]>) -> Vec<i64> {
    let mut out = Vec::new();
    for g in groups.filter(|g| g.len() >= 2) {
        let h = g.len() as f64;
        let mean = g.iter().sum::<i64>() as f64 / h;
        let widen = (h / (h - 1.0)).sqrt();
        out.extend(g.iter().map(|&x| fixed((x as f64 - mean) * widen)));
    }
    out
}

/// `estimate`, pulled towards `default` by `prior` virtual degrees of freedom.
fn pulled(estimate: f64, df: f64, default: f64, prior: f64) -> f64 {
    (estimate.max(0.0) * df + default * prior) / (df + prior)
}

impl Past {
    /// What `history` shows of a match of `players` players; `simulated` the rules'
    /// simulated hole scores when they were needed (see [`Shown::needs_simulated`]).
    pub fn new(history: &History, players: usize, simulated: Option<&[i64]>) -> Past {
        let sim = simulated.unwrap_or_default();
        let (sim_mean, sim_ss, sim_n) = moments(sim.iter().map(|&x| x as f64));
        let sim_var = match sim_n {
            0 | 1 => DEFAULT_WITHIN,
            n => (sim_ss / (n - 1) as f64).max(0.25),
        };
        // the spread within a match: the pool's matches and the players' own (any length)
        let (mut within_ss, mut within_df) = (0.0, 0.0);
        let groups = history
            .pool
            .iter()
            .map(|(_, g)| g)
            .chain(history.own.iter().flatten());
        for g in groups.filter(|g| g.len() >= 2) {
            let (_, ss, n) = moments(g.iter().map(|&x| x as f64));
            within_ss += ss;
            within_df += (n - 1) as f64;
        }
        // each player's pool matches' means, and how much of their spread a hole's explains
        let mut means: Vec<Vec<(f64, f64)>> = vec![Vec::new(); players];
        for (seat, g) in history.pool.iter().filter(|(_, g)| !g.is_empty()) {
            if let Some(m) = means.get_mut(*seat) {
                let h = g.len() as f64;
                m.push((g.iter().sum::<i64>() as f64 / h, 1.0 / h));
            }
        }
        let (pool_mean, _, pool_holes) = moments(
            history
                .pool
                .iter()
                .flat_map(|(_, g)| g.iter().map(|&x| x as f64)),
        );
        let players = (0..players)
            .map(|seat| {
                let own = history.own.get(seat).map_or(&[][..], Vec::as_slice);
                OwnPast {
                    holes: own.iter().map(Vec::len).sum(),
                    deviations: deviations(own.iter().map(Vec::as_slice)),
                    matches: own
                        .iter()
                        .filter(|g| !g.is_empty())
                        .map(|g| {
                            let h = g.len() as f64;
                            (g.iter().sum::<i64>() as f64 / h, h)
                        })
                        .collect(),
                }
            })
            .collect();
        Past {
            within_ss,
            within_df,
            means,
            pool_mean,
            pool_holes,
            pool: deviations(history.pool.iter().map(|(_, g)| g.as_slice())),
            sim_mean,
            sim_var,
            simulated: sim.iter().map(|&x| x as f64 - sim_mean).collect(),
            players,
        }
    }

    /// What the table has shown once the match's players have played `now` (by seat, its
    /// regular holes so far).
    pub fn shown(&self, now: &[&[i64]]) -> Shown<'_> {
        Shown::at(Cow::Borrowed(self), now)
    }

    /// The variance of a hole within a match (points², ≥ 0.25): the pool's matches and the
    /// players' own (any length; a match in both counted twice), pulled by
    /// [`WITHIN_PRIOR`] virtual degrees of freedom towards tonight's holes across the
    /// players (an upper bound: players' and nights' differences are in it too), itself
    /// pulled as far towards the simulated holes', and never above it.
    fn within(&self, now: &[&[i64]]) -> f64 {
        let (mut ssc, mut dfc) = (0.0, 0.0);
        for hole in 0..now.iter().map(|h| h.len()).max().unwrap_or(0) {
            let (_, ss, n) = moments(now.iter().filter_map(|h| h.get(hole)).map(|&x| x as f64));
            ssc += ss;
            dfc += n.saturating_sub(1) as f64;
        }
        // an upper bound: a spread wider than the simulated holes' says the players differ
        let sim_var = self.sim_var;
        let fallback = ((sim_var * WITHIN_PRIOR + ssc) / (WITHIN_PRIOR + dfc)).min(sim_var);
        let (ssw, dfw) = (self.within_ss, self.within_df);
        pulled(ssw / dfw.max(1.0), dfw, fallback, WITHIN_PRIOR).max(0.25)
    }

    /// The variances of a night around a player's mean and of players around the table's
    /// mean (points²), by the method of moments over the pool's matches, each pulled
    /// towards a tenth of `within` by [`LEVEL_PRIOR`] virtual degrees of freedom (the
    /// players' at least a hundredth of it).
    fn night_and_between(&self, within: f64) -> (f64, f64) {
        let (mut ssn, mut dfn, mut noise, mut groups) = (0.0, 0.0, 0.0, 0.0);
        for m in self.means.iter().filter(|m| m.len() >= 2) {
            let (_, ss, n) = moments(m.iter().map(|g| g.0));
            ssn += ss;
            dfn += (n - 1) as f64;
            noise += m.iter().map(|g| g.1).sum::<f64>();
            groups += n as f64;
        }
        let raw = ssn / dfn.max(1.0) - within * noise / groups.max(1.0);
        let night = pulled(raw, dfn, LEVEL_SHARE * within, LEVEL_PRIOR);
        // each player's mean over their pool matches, and its variance
        let per_player = self.means.iter().filter(|m| !m.is_empty()).map(|m| {
            let n = m.len() as f64;
            let mean = m.iter().map(|g| g.0).sum::<f64>() / n;
            let var = m.iter().map(|g| night + within * g.1).sum::<f64>() / (n * n);
            (mean, var)
        });
        let (_, ssb, nb) = moments(per_player.clone().map(|p| p.0));
        let noise_b = per_player.map(|p| p.1).sum::<f64>() / nb.max(1) as f64;
        let dfb = nb.saturating_sub(1) as f64;
        let raw = ssb / dfb.max(1.0) - noise_b;
        let between = pulled(raw, dfb, LEVEL_SHARE * within, LEVEL_PRIOR).max(0.01 * within);
        (night, between)
    }
}

impl Shown<'_> {
    /// What `history` shows of a match whose players have played `now` (by seat, its
    /// regular holes so far); `simulated` the rules' simulated hole scores when they were
    /// needed (see [`Shown::needs_simulated`]). For one position; [`Past::shown`] for
    /// many positions of one match.
    pub fn new(history: &History, now: &[&[i64]], simulated: Option<&[i64]>) -> Shown<'static> {
        Shown::at(Cow::Owned(Past::new(history, now.len(), simulated)), now)
    }

    fn at<'a>(past: Cow<'a, Past>, now: &[&[i64]]) -> Shown<'a> {
        let within = past.within(now);
        let (night, between) = past.night_and_between(within);
        // the table's mean: the pool's, mixed with the simulated holes' below 30 holes
        let table_mean = match (past.pool_holes, past.simulated.len()) {
            (p, s) if p >= MIX_HOLES || s == 0 => past.pool_mean,
            (p, _) => {
                let w = p as f64 / (p + MIX_HOLES) as f64;
                w * past.pool_mean + (1.0 - w) * past.sim_mean
            }
        };
        let scale = (within / past.sim_var).sqrt();
        let players = past
            .players
            .iter()
            .map(|own| {
                let mut precision = 1.0 / between;
                let mut weighted = table_mean / between;
                for &(mean, h) in &own.matches {
                    let var = night + within / h;
                    precision += 1.0 / var;
                    weighted += mean / var;
                }
                Own {
                    mean: weighted / precision,
                    variance: 1.0 / precision,
                }
            })
            .collect();
        let simulated = past.simulated.iter().map(|&d| fixed(d * scale)).collect();
        Shown {
            past,
            within,
            night,
            between,
            simulated,
            players,
        }
    }

    /// Whether the simulated holes may be drawn from in a match whose players have
    /// `history`: the pool holds fewer than 30 holes before the match.
    pub fn needs_simulated(history: &History) -> bool {
        history.pool.iter().map(|(_, g)| g.len()).sum::<usize>() < MIX_HOLES
    }

    /// Player `seat`'s recent holes before this match (0 for a seat unknown).
    pub fn own_holes(&self, seat: usize) -> usize {
        self.past.players.get(seat).map_or(0, |p| p.holes)
    }

    /// The spreads estimated: of a hole within a match, of a night, of players (points²).
    pub fn spreads(&self) -> [f64; 3] {
        [self.within, self.night, self.between]
    }

    /// Each player's draws and sources, seat order, given this match's holes so far
    /// (`now[seat]`, regular holes): `None` for a player with nothing to draw from.
    pub fn draws(&self, now: &[&[i64]]) -> Vec<Option<(Draw<'_>, Sources)>> {
        let past = &*self.past;
        let pool_holes = past.pool_holes + now.iter().map(|h| h.len()).sum::<usize>();
        let pool_share = match (past.pool.is_empty(), self.simulated.is_empty()) {
            (true, true) => 0.0,
            (true, false) => 0.0,
            (false, true) => 1.0,
            (false, false) if pool_holes >= MIX_HOLES => 1.0,
            (false, false) => pool_holes as f64 / (pool_holes + MIX_HOLES) as f64,
        };
        let table_left = !(past.pool.is_empty() && self.simulated.is_empty());
        past.players
            .iter()
            .zip(&self.players)
            .zip(now)
            .map(|((own, long_run), tonight)| {
                let n = own.holes + tonight.len();
                let own_share = match (own.deviations.is_empty(), table_left) {
                    (true, _) => 0.0,
                    (false, false) => 1.0,
                    (false, true) if n >= MIX_HOLES => 1.0,
                    (false, true) => n as f64 / (n + MIX_HOLES) as f64,
                };
                if own.deviations.is_empty() && !table_left {
                    return None;
                }
                // tonight: the long-run mean plus a night's swing, learning from tonight
                let prior = long_run.variance + self.night;
                let precision = 1.0 / prior + tonight.len() as f64 / self.within;
                let sum = tonight.iter().sum::<i64>() as f64;
                let level = (long_run.mean / prior + sum / self.within) / precision;
                let shares = [
                    own_share,
                    (1.0 - own_share) * pool_share,
                    (1.0 - own_share) * (1.0 - pool_share),
                ];
                let cut = |s: f64| ((s * PICK as f64).round() as u64).min(PICK);
                let draw = Draw {
                    lists: [&own.deviations, &past.pool, &self.simulated],
                    cuts: [cut(shares[0]), cut(shares[0] + shares[1])],
                    level,
                    sd: (1.0 / precision).sqrt(),
                };
                let sources = Sources {
                    own_holes: n,
                    pool_holes,
                    simulated_holes: self.simulated.len(),
                    own_share: shares[0],
                    pool_share: shares[1],
                    simulated_share: shares[2],
                    level,
                    level_sd: draw.sd,
                    spread: self.within.sqrt(),
                };
                Some((draw, sources))
            })
            .collect()
    }
}

/// The standard normal's quantiles at (j + ½)/1024, j = 0..1024: a level's draw is one of
/// them (Acklam's rational approximation, relative error under 1.2·10⁻⁹).
pub fn normal_quantiles() -> &'static [f64; 1024] {
    static TABLE: std::sync::OnceLock<[f64; 1024]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [0.0; 1024];
        for (j, q) in t.iter_mut().enumerate() {
            *q = inverse_normal((j as f64 + 0.5) / 1024.0);
        }
        t
    })
}

/// The standard normal quantile of `p` in (0, 1) (Acklam, 2003).
fn inverse_normal(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    match p {
        p if p < 0.02425 => tail((-2.0 * p.ln()).sqrt()),
        p if p > 1.0 - 0.02425 => -tail((-2.0 * (1.0 - p).ln()).sqrt()),
        p => {
            let q = p - 0.5;
            let r = q * q;
            (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
                / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_normal_quantiles_are_symmetric_and_standard() {
        let t = normal_quantiles();
        assert!((t[0] + t[1023]).abs() < 1e-9);
        assert!((inverse_normal(0.975) - 1.959_964).abs() < 1e-5);
        let mean: f64 = t.iter().sum::<f64>() / 1024.0;
        let var: f64 = t.iter().map(|z| z * z).sum::<f64>() / 1024.0;
        assert!(mean.abs() < 1e-9 && (var - 1.0).abs() < 0.01, "{var}");
    }

    #[test]
    fn sources_are_mixed_as_the_rules_say() {
        // ann: 2 matches of 5 holes (10 own); bob none; the pool 2 groups of 5
        let history = History {
            own: vec![vec![vec![3, 5, 4, 6, 2], vec![4, 4, 5, 3, 4]], vec![]],
            pool: vec![(0, vec![3, 5, 4, 6, 2]), (0, vec![4, 4, 5, 3, 4])],
        };
        let sims: Vec<i64> = (0..100).map(|i| i % 13).collect();
        let shown = Shown::new(&history, &[&[4], &[9]], Some(&sims));
        let d = shown.draws(&[&[4], &[9]]);
        let (_, ann) = d[0].as_ref().unwrap();
        assert_eq!((ann.own_holes, ann.pool_holes), (11, 12));
        assert!((ann.own_share - 11.0 / 41.0).abs() < 1e-12);
        let pool = 12.0 / 42.0;
        assert!((ann.pool_share - (1.0 - 11.0 / 41.0) * pool).abs() < 1e-12);
        let (_, bob) = d[1].as_ref().unwrap();
        assert_eq!(bob.own_share, 0.0, "no own match of two holes or more");
        assert!((bob.simulated_share - (1.0 - pool)).abs() < 1e-12);
        // bob's 9 tonight pulls his level above ann's
        assert!(bob.level > ann.level, "{bob:?} {ann:?}");
        assert!(bob.level_sd > ann.level_sd);
        // with nothing at all, nothing to draw from
        let empty = Shown::new(&History::default(), &[&[], &[]], None);
        assert!(empty.draws(&[&[], &[]]).iter().all(Option::is_none));
    }
}
