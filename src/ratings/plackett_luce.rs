//! The Plackett–Luce rating over the whole history (RULES.md §16, "A second method"): each
//! player a strength γ > 0, a finishing order having the probability, place by place, of the
//! player who took it over the strengths of those still left; the strengths the maximum a
//! posteriori fit over every match at once, by Hunter's MM update (Hunter 2004, "MM
//! algorithms for generalized Bradley–Terry models", §5), with a prior of one virtual win and
//! one virtual loss against a reference player of strength 1 (so every strength is finite
//! and a player alone is fitted at 1). The rating is 100·ln γ.
//!
//! **Ties.** Players tied for a place count as each of the tied orders, equally likely: a
//! match with a tied group of k players contributes the *mean* of the log-probabilities of
//! its k! orders (each order a fractional observation of weight 1/k!), not the log of their
//! mean. The posterior is then a weighted sum of ordinary Plackett–Luce terms, and Hunter's
//! minorization applies to each term as it stands, so the MM update keeps its form with
//! fractional counts:
//!
//! γ_t ← (w_t + 1) / (D_t + 2/(1 + γ_t)),
//!
//! where w_t is the expected number of stages (places but a match's last) player t takes,
//! and D_t the expected sum, over the stages t is still left at, of 1/(the strengths still
//! left). Within a tied group of k, under a uniform order, the players taken before stage s
//! of the group are a uniform s-subset S of it, so the expectation runs over the 2^k subsets
//! rather than the k! orders: stage s contributes 1/(C(k,s) · (Σ_{group∖S} γ + Σ_{later} γ))
//! to each player in the group but not in S and to each player of a later place. A player of
//! a group that is not last takes exactly one stage (w += 1); in the last group of k, k − 1
//! stages are played (the last place is no choice), so each member's w grows by (k − 1)/k.
//! The "+1" and "2/(1 + γ_t)" are the prior's virtual win and its two virtual comparisons.
//! Each update raises the log posterior (an MM algorithm), and with the prior the maximum is
//! unique: the iteration stops when no ln γ moves by more than [`TOLERANCE`]. Up to
//! [`newton::NEWTON_PLAYERS`] players the same maximum is reached first by Newton's method
//! ([`newton`]), far fewer passes over the matches from a fit close by; MM finishes any fit
//! Newton's steps cannot.

use std::collections::HashMap;

use serde::Serialize;

use super::RatedMatch;

pub mod newton;

/// The iteration stops when no ln γ moves by more than this in one update.
pub const TOLERANCE: f64 = 1e-9;

/// The tolerance of the fits behind predictions ([`super::check`]): a chance to win then
/// moves by less than a millionth.
pub const PREDICTION_TOLERANCE: f64 = 1e-7;

/// The most MM updates one fit runs (far more than a table's history needs).
pub const MAX_ITERATIONS: u32 = 100_000;

/// The most players tied for one place whose orders are weighed exactly (2^k subsets per
/// update); a match holds at most 16 players (`game::setup::MAX_PLAYERS`), which this covers.
const MAX_TIED: usize = 16;

/// A match as the fit sees it: where its players (by place, best first) and its groups of
/// tied players (their sizes) lie in the model's flat lists, so an update walks memory
/// straight through.
#[derive(Debug, Clone, Copy)]
struct Ranked {
    /// First player in [`Model::flat`], and how many.
    players: (usize, usize),
    /// First group size in [`Model::sizes`], and how many groups.
    groups: (usize, usize),
}

/// The players and matches fitted so far, and the strengths of the latest fit, which the
/// next fit starts from (so adding one match and refitting takes a few updates).
#[derive(Debug, Clone, Default)]
pub struct Model {
    names: Vec<String>,
    index: HashMap<String, usize>,
    matches: Vec<Ranked>,
    /// Every match's players by place, one match after another.
    flat: Vec<usize>,
    /// Every match's group sizes, one match after another.
    sizes: Vec<usize>,
    /// Strength by player index (1 for a player not yet fitted).
    gamma: Vec<f64>,
    /// Finished matches played, by player index.
    played: Vec<u32>,
    /// Stages won (w_t above), by player index; constant between matches.
    wins: Vec<f64>,
    /// Passes over the matches the latest fit took (MM updates and Newton steps).
    pub iterations: u32,
    /// Room for Newton's steps, reused between fits.
    room: newton::Room,
}

impl Model {
    /// An empty model: no player, no match.
    pub fn new() -> Model {
        Model::default()
    }

    fn player(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        self.names.push(name.to_string());
        self.gamma.push(1.0);
        self.played.push(0);
        self.wins.push(0.0);
        self.index.insert(name.to_string(), self.names.len() - 1);
        self.names.len() - 1
    }

    /// Adds a finished match (its placings; RULES.md §16's ranking); a match with fewer than
    /// two players says nothing and is left out. Call [`Model::fit`] after.
    pub fn add(&mut self, m: &RatedMatch) {
        if m.placings.len() < 2 {
            return;
        }
        let mut placings: Vec<(usize, usize)> = m
            .placings
            .iter()
            .map(|p| (p.place, self.player(&p.player)))
            .collect();
        placings.sort_unstable();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut last_place = None;
        for (place, i) in placings {
            match groups.last_mut() {
                Some(g) if last_place == Some(place) => g.push(i),
                _ => groups.push(vec![i]),
            }
            last_place = Some(place);
            self.played[i] += 1;
        }
        // a group too large to weigh its orders exactly is cut into groups of MAX_TIED
        // (no match holds more than 16 players, so this never happens to a stored match)
        let mut bounded: Vec<Vec<usize>> = Vec::with_capacity(groups.len());
        for g in groups {
            bounded.extend(g.chunks(MAX_TIED).map(<[usize]>::to_vec));
        }
        let last = bounded.len() - 1;
        for (gi, g) in bounded.iter().enumerate() {
            let k = g.len() as f64;
            let w = if gi == last { (k - 1.0) / k } else { 1.0 };
            for &i in g {
                self.wins[i] += w;
            }
        }
        let players = (self.flat.len(), bounded.iter().map(Vec::len).sum());
        let groups = (self.sizes.len(), bounded.len());
        for g in &bounded {
            self.flat.extend_from_slice(g);
            self.sizes.push(g.len());
        }
        self.matches.push(Ranked { players, groups });
    }

    /// Fits from the current strengths: Newton's steps up to [`newton::NEWTON_PLAYERS`]
    /// players until one moves no ln γ by more than [`TOLERANCE`] ([`newton`]); else, or
    /// to finish a fit they cannot, MM updates until one moves no ln γ by more than
    /// [`TOLERANCE`] (or [`MAX_ITERATIONS`] updates). MM alone crawls when a player has
    /// (almost) never won — thousands of updates — so the updates are accelerated by
    /// SQUAREM (Varadhan & Roland 2008, "Simple and globally convergent methods for
    /// accelerating the convergence of any EM algorithm", scheme S3) in ln γ: from two
    /// updates θ₁ = F(θ₀), θ₂ = F(θ₁), with r = θ₁ − θ₀, v = θ₂ − θ₁ − r and
    /// α = −max(1, ‖r‖/‖v‖), the step θ₀ − 2αr + α²v, then one update from there; kept only
    /// if the log posterior is no lower than at θ₂, so every round still climbs as MM does
    /// and the fixed point — the maximum — is the same.
    pub fn fit(&mut self) {
        self.fit_to(TOLERANCE);
    }

    /// [`Model::fit`], stopping when an update moves no ln γ by more than `tolerance`
    /// (the track record's predictions need no more than [`PREDICTION_TOLERANCE`]): by
    /// Newton's method up to [`newton::NEWTON_PLAYERS`] players, MM for the rest of a fit
    /// it cannot finish.
    pub fn fit_to(&mut self, tolerance: f64) {
        self.iterations = 0;
        let mut room = std::mem::take(&mut self.room);
        let done = self.newton(tolerance, &mut room);
        self.room = room;
        if !done {
            self.mm(tolerance);
        }
    }

    /// MM updates, accelerated by SQUAREM ([`Model::fit`]), until one moves no ln γ by more
    /// than `tolerance` or the fit has taken [`MAX_ITERATIONS`] passes.
    fn mm(&mut self, tolerance: f64) {
        while self.iterations < MAX_ITERATIONS {
            let t0: Vec<f64> = self.gamma.iter().map(|g| g.ln()).collect();
            self.iterations += 1;
            if self.update() <= tolerance {
                break;
            }
            let t1: Vec<f64> = self.gamma.iter().map(|g| g.ln()).collect();
            self.iterations += 1;
            if self.update() <= tolerance {
                break;
            }
            let t2 = self.gamma.clone();
            let (mut rr, mut vv) = (0.0, 0.0);
            for ((a, b), c) in t0.iter().zip(&t1).zip(&t2) {
                let r = b - a;
                let v = c.ln() - b - r;
                rr += r * r;
                vv += v * v;
            }
            if vv == 0.0 {
                continue;
            }
            let alpha = -(rr / vv).sqrt().max(1.0);
            let plain = self.log_posterior();
            for (i, g) in self.gamma.iter_mut().enumerate() {
                let (r, v) = (t1[i] - t0[i], t2[i].ln() - t1[i] - (t1[i] - t0[i]));
                *g = (t0[i] - 2.0 * alpha * r + alpha * alpha * v)
                    .clamp(-700.0, 700.0)
                    .exp();
            }
            self.iterations += 1;
            let moved = self.update();
            let jumped = self.log_posterior();
            let climbed = jumped.is_finite() && jumped >= plain;
            if !climbed || self.gamma.iter().any(|g| !g.is_finite() || *g <= 0.0) {
                self.gamma = t2;
            } else if moved <= tolerance {
                break;
            }
        }
    }

    /// One MM update of every strength (the module's doc); returns the largest move of a
    /// ln γ.
    fn update(&mut self) -> f64 {
        let mut denom = vec![0.0; self.names.len()];
        let mut own: Vec<f64> = Vec::new();
        for m in &self.matches {
            let (players, sizes) = self.parts(m);
            accumulate(players, sizes, &self.gamma, &mut denom, &mut own);
        }
        let mut moved: f64 = 0.0;
        for ((g, d), w) in self.gamma.iter_mut().zip(&denom).zip(&self.wins) {
            let new = (w + 1.0) / (d + 2.0 / (1.0 + *g));
            moved = moved.max((new.ln() - g.ln()).abs());
            *g = new;
        }
        moved
    }

    /// Sets the strengths of the players named (a fit's, to start the next fit from);
    /// names not in the model are left out.
    pub fn set_strengths(&mut self, strengths: &[(String, f64)]) {
        for (name, gamma) in strengths {
            if let Some(&i) = self.index.get(name) {
                if gamma.is_finite() && *gamma > 0.0 {
                    self.gamma[i] = *gamma;
                }
            }
        }
    }

    /// Match `m`'s players by place and its group sizes.
    fn parts(&self, m: &Ranked) -> (&[usize], &[usize]) {
        (
            &self.flat[m.players.0..m.players.0 + m.players.1],
            &self.sizes[m.groups.0..m.groups.0 + m.groups.1],
        )
    }

    /// A player's strength γ (1 for a player never seen), names as recorded.
    pub fn strength(&self, name: &str) -> f64 {
        self.index.get(name).map_or(1.0, |&i| self.gamma[i])
    }

    /// Each named player's chance to win a match among them: γ_i / Σ γ_j (RULES.md §16).
    pub fn chances(&self, players: &[&str]) -> Vec<f64> {
        let gammas: Vec<f64> = players.iter().map(|p| self.strength(p)).collect();
        let sum: f64 = gammas.iter().sum();
        gammas.iter().map(|g| g / sum).collect()
    }

    /// Every player fitted: name, strength γ and finished matches, in the order first seen.
    pub fn players(&self) -> impl Iterator<Item = (&str, f64, u32)> + '_ {
        self.names
            .iter()
            .zip(&self.gamma)
            .zip(&self.played)
            .map(|((n, &g), &m)| (n.as_str(), g, m))
    }

    /// The log posterior of the current strengths (up to a constant): each match's mean
    /// log-probability over its tied orders, plus each player's ln γ − 2 ln(1 + γ).
    pub fn log_posterior(&self) -> f64 {
        let mut total: f64 = self
            .gamma
            .iter()
            .map(|&g| g.ln() - 2.0 * (1.0 + g).ln())
            .sum();
        for m in &self.matches {
            let (players, sizes) = self.parts(m);
            total += log_likelihood(players, sizes, &self.gamma);
        }
        total
    }
}

/// The rating shown for strength `gamma`: 100·ln γ (RULES.md §16).
pub fn rating(gamma: f64) -> f64 {
    100.0 * gamma.ln()
}

/// Fits every match of `matches` at once: the model after the fit.
pub fn fit(matches: &[RatedMatch]) -> Model {
    let mut model = Model::new();
    for m in matches {
        model.add(m);
    }
    model.fit();
    model
}

/// One row of the Plackett–Luce leaderboard.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The player.
    pub player: String,
    /// 100·ln γ (0 for a newcomer; +69 is twice as strong).
    pub rating: f64,
    /// The strength γ.
    pub strength: f64,
    /// Finished matches fitted.
    pub matches: u32,
    /// The rating now minus the rating of the fit over the matches before the latest night
    /// (0 before a player's first match): with the whole history fitted at once, a player
    /// who did not play that night can move too.
    pub change: f64,
}

/// The Plackett–Luce leaderboard of a selection.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Leaderboard {
    /// Best rating first, then by name.
    pub standings: Vec<Row>,
    /// Every night with a fitted match, oldest first.
    pub nights: Vec<String>,
}

/// The leaderboard of `matches` (any order; fewer than two players left out): the fit over
/// all of them, and the change since the fit over those before the latest night.
pub fn leaderboard(matches: &[RatedMatch]) -> Leaderboard {
    let rated: Vec<&RatedMatch> = matches.iter().filter(|m| m.placings.len() > 1).collect();
    let mut nights: Vec<String> = rated.iter().map(|m| m.night.clone()).collect();
    nights.sort();
    nights.dedup();
    let mut now = Model::new();
    let mut before = Model::new();
    for m in &rated {
        now.add(m);
        if Some(&m.night) != nights.last() {
            before.add(m);
        }
    }
    before.fit();
    now.gamma.clone_from(&before_gammas(&before, &now));
    now.fit();
    let mut standings: Vec<Row> = now
        .players()
        .map(|(name, gamma, played)| Row {
            player: name.to_string(),
            rating: rating(gamma),
            strength: gamma,
            matches: played,
            change: rating(gamma) - rating(before.strength(name)),
        })
        .collect();
    standings.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.player.cmp(&b.player)));
    Leaderboard { standings, nights }
}

/// Every player's Plackett–Luce rating night by night, for `golf chart --ratings --method
/// plackett-luce`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Nightly {
    /// Each player's rating (100·ln γ) of the fit over every match up to the end of each
    /// night, from their first night on — on the nights they did not play too, since a
    /// whole-history fit moves with everyone's results; best final rating first, then by
    /// name.
    pub courses: Vec<super::Course>,
    /// Every night with a fitted match, oldest first.
    pub nights: Vec<String>,
}

/// The ratings of `matches` (any order; fewer than two players left out) night by night:
/// after each night, the fit over every match that finished by its end (what `golf ratings
/// --method plackett-luce --until NIGHT` shows), each fit starting from the night before's
/// strengths. A fit per night: about 200 for the 10,000-match bench season.
pub fn nightly(matches: &[RatedMatch]) -> Nightly {
    let mut order: Vec<&RatedMatch> = matches.iter().filter(|m| m.placings.len() > 1).collect();
    order.sort_by(|a, b| (&a.finished_at, a.id).cmp(&(&b.finished_at, b.id)));
    let mut model = Model::new();
    let mut nights: Vec<String> = Vec::new();
    let mut courses: Vec<super::Course> = Vec::new();
    let mut at = 0;
    while at < order.len() {
        let night = &order[at].night;
        while at < order.len() && order[at].night == *night {
            model.add(order[at]);
            at += 1;
        }
        model.fit();
        for (i, (name, gamma, _)) in model.players().enumerate() {
            if i == courses.len() {
                courses.push(super::Course {
                    player: name.to_string(),
                    nights: Vec::new(),
                });
            }
            courses[i].nights.push((night.clone(), rating(gamma)));
        }
        nights.push(night.clone());
    }
    let last = |c: &super::Course| c.nights.last().map_or(0.0, |(_, r)| *r);
    courses.sort_by(|a, b| last(b).total_cmp(&last(a)).then(a.player.cmp(&b.player)));
    Nightly { courses, nights }
}

/// `before`'s strengths in `now`'s player order (1 for players new since): where the fit
/// over every match starts, close to where it ends.
fn before_gammas(before: &Model, now: &Model) -> Vec<f64> {
    now.names.iter().map(|n| before.strength(n)).collect()
}

/// C(k, s) for k ≤ 16.
fn choose(k: usize, s: usize) -> f64 {
    (0..s).fold(1.0, |acc, i| acc * (k - i) as f64 / (i + 1) as f64)
}

/// Adds a match's part of every D_t (see the module's doc) at strengths `gamma`: its
/// `players` by place, best first, in groups of tied players of `sizes`.
fn accumulate(
    players: &[usize],
    sizes: &[usize],
    gamma: &[f64],
    denom: &mut [f64],
    own: &mut Vec<f64>,
) {
    let mut later: f64 = players.iter().map(|&i| gamma[i]).sum();
    let mut left = players.len();
    // contributions of earlier groups' stages, owed to every player still left
    let mut carried = 0.0;
    let mut at = 0;
    for &k in sizes {
        let g = &players[at..at + k];
        at += k;
        let sum_g: f64 = g.iter().map(|&i| gamma[i]).sum();
        later -= sum_g;
        left -= k;
        if k == 1 {
            let c = match left {
                0 => 0.0,
                _ => 1.0 / (sum_g + later),
            };
            denom[g[0]] += carried + c;
            carried += c;
            continue;
        }
        let mut group_total = 0.0;
        own.clear();
        own.resize(k, 0.0);
        for mask in 0u32..(1u32 << k) - 1 {
            let s = mask.count_ones() as usize;
            if k - s + left < 2 {
                continue;
            }
            let taken: f64 = (0..k)
                .filter(|&j| mask & (1 << j) != 0)
                .map(|j| gamma[g[j]])
                .sum();
            let c = 1.0 / (choose(k, s) * (sum_g - taken + later));
            for (j, o) in own.iter_mut().enumerate() {
                if mask & (1 << j) == 0 {
                    *o += c;
                }
            }
            group_total += c;
        }
        for (j, &i) in g.iter().enumerate() {
            denom[i] += carried + own[j];
        }
        carried += group_total;
    }
}

/// A match's mean log-probability over its tied orders at strengths `gamma` (its `players`
/// and group `sizes` as [`accumulate`] takes them): the same subset expectation, for the log
/// posterior.
fn log_likelihood(players: &[usize], sizes: &[usize], gamma: &[f64]) -> f64 {
    let mut later: f64 = players.iter().map(|&i| gamma[i]).sum();
    let mut left = players.len();
    let mut total = 0.0;
    let mut at = 0;
    for &k in sizes {
        let g = &players[at..at + k];
        at += k;
        let sum_g: f64 = g.iter().map(|&i| gamma[i]).sum();
        later -= sum_g;
        left -= k;
        // each member is taken at exactly one stage of the group: Σ ln γ over the group,
        // but the last place of the match is no stage (its term is ln γ − ln γ = 0)
        let stages = if left == 0 { k - 1 } else { k };
        if stages == 0 {
            continue;
        }
        if k == 1 {
            total += (gamma[g[0]] / (sum_g + later)).ln();
            continue;
        }
        total += g.iter().map(|&i| gamma[i].ln()).sum::<f64>() * stages as f64 / k as f64;
        for mask in 0u32..(1u32 << k) - 1 {
            let s = mask.count_ones() as usize;
            if k - s + left < 2 {
                continue;
            }
            let taken: f64 = (0..k)
                .filter(|&j| mask & (1 << j) != 0)
                .map(|j| gamma[g[j]])
                .sum();
            total -= (sum_g - taken + later).ln() / choose(k, s);
        }
    }
    total
}

#[cfg(test)]
pub(crate) mod tests;
