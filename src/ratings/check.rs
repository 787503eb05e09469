//! A track record (RULES.md §16, "A track record"): every rating method's predictions,
//! each made before a match from the matches that finished before it alone, judged against
//! who won — log loss, Brier score and top pick, beside the uniform guess 1/n.
//!
//! Weng–Lin predicts from its ratings after the earlier matches, taken one by one as
//! [`super::rate`] takes them: the chance of finishing first under its Bradley–Terry model
//! (`skillratings`' `expected_score_multi_team`, each player a team of one, normalised to
//! sum to 1). Plackett–Luce is refitted to the earlier matches before every match judged
//! (each fit starting from the one before, [`super::plackett_luce::Model`]), and gives
//! γ_i / Σ γ_j. Only matches whose every player had an earlier match are judged: before that
//! both methods know nothing of someone and say so with a newcomer's rating.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use skillratings::weng_lin::{
    expected_score_multi_team, weng_lin_multi_team, WengLinConfig, WengLinRating,
};
use skillratings::MultiTeamOutcome;

use super::plackett_luce::{Model, PREDICTION_TOLERANCE};
use super::{Method, RatedMatch};

/// How one set of chances fared against one result.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub struct Judged {
    /// −Σ won_i · ln(chance_i): −ln(the winner's chance), a shared win of k each winner's
    /// weighted 1/k. Lower is better; a chance of 0 given to a winner makes it infinite.
    pub log_loss: f64,
    /// Σ_players (chance − won)², won = 1/k for each of k winners, else 0. 0 to 2.
    pub brier: f64,
    /// 1 when the favourite won; shared favourites and shared winners split it: each of the
    /// f favourites counts 1/f, and a favourite among k winners wins 1/k of it.
    pub top_pick: f64,
}

impl Judged {
    fn add(&mut self, other: Judged) {
        self.log_loss += other.log_loss;
        self.brier += other.brier;
        self.top_pick += other.top_pick;
    }

    fn mean(self, n: usize) -> Judged {
        let n = n.max(1) as f64;
        Judged {
            log_loss: self.log_loss / n,
            brier: self.brier / n,
            top_pick: self.top_pick / n,
        }
    }
}

/// Judges `chances` (by player, summing to 1) against `won` (by player: 1/k for each of
/// the k winners, else 0) as RULES.md §16 defines log loss, Brier score and top pick.
/// Favourites are the players within a billionth of the highest chance.
pub fn judge(chances: &[f64], won: &[f64]) -> Judged {
    let log_loss = chances
        .iter()
        .zip(won)
        .filter(|(_, &w)| w > 0.0)
        .map(|(&p, &w)| -w * p.ln())
        .sum();
    let brier = chances
        .iter()
        .zip(won)
        .map(|(&p, &w)| (p - w) * (p - w))
        .sum();
    let top = chances.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let favourites: Vec<usize> = (0..chances.len())
        .filter(|&i| chances[i] >= top - top.abs() * 1e-9)
        .collect();
    let top_pick = favourites.iter().map(|&i| won[i]).sum::<f64>() / favourites.len().max(1) as f64;
    Judged {
        log_loss,
        brier,
        top_pick,
    }
}

/// The share of the win of each of `n` players, `winners` by index: 1/k each.
pub fn shares(n: usize, winners: &[usize]) -> Vec<f64> {
    let mut won = vec![0.0; n];
    for &w in winners {
        won[w] = 1.0 / winners.len() as f64;
    }
    won
}

/// One method's chances for one match, made before it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    /// The match.
    pub match_id: i64,
    /// The method.
    pub method: Method,
    /// The players, as in the match's placings.
    pub players: Vec<String>,
    /// Each player's chance to win, summing to 1.
    pub chances: Vec<f64>,
    /// Each player's share of the win: 1/k for each of the k winners, else 0.
    pub won: Vec<f64>,
}

/// A method's figures over the matches judged.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MethodRecord {
    /// The method.
    pub method: Method,
    /// Its mean log loss, Brier score and top pick.
    pub judged: Judged,
}

/// The track record of every method over a selection.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Check {
    /// Matches judged: those whose every player had an earlier match.
    pub matches: usize,
    /// Finished matches of two or more players in the selection.
    pub selection: usize,
    /// Each method's means, in [`Method::ALL`]'s order.
    pub methods: Vec<MethodRecord>,
    /// The uniform guess's: every player 1/n.
    pub uniform: Judged,
    /// The method with the lowest log loss (Weng–Lin when level or nothing was judged).
    pub best: Method,
    /// Every prediction judged, match by match in the order they finished, methods in
    /// [`Method::ALL`]'s order.
    pub predictions: Vec<Prediction>,
}

/// The matches a track record replays, in its order: those of two or more players, in the
/// order they finished, then by match number.
pub fn in_order(matches: &[RatedMatch]) -> Vec<&RatedMatch> {
    let mut order: Vec<&RatedMatch> = matches.iter().filter(|m| m.placings.len() > 1).collect();
    order.sort_by(|a, b| (&a.finished_at, a.id).cmp(&(&b.finished_at, b.id)));
    order
}

/// The fewest of the latest matches plain `golf ratings` replays to choose its default
/// method (CLI.md): a track record refits Plackett–Luce before every match judged, each
/// refit over every match before it, so a whole replay grows with the square of the matches
/// (about 10 s of CPU for 10,000, with Newton's refits; 17.5 s by MM); the choice looks at
/// the latest of them alone, as a selection of their own ([`recent`]), about 0.1 s. `golf
/// ratings --check` still replays the whole selection.
pub const RECENT: usize = 1_000;

/// The first match of [`recent`]'s matches moves in steps of this many, so that while
/// matches are added the replay kept in the cache folder carries on from where it got to
/// (it replays the latest [`RECENT`] to `RECENT + RECENT_STEP − 1`).
pub const RECENT_STEP: usize = 250;

/// The latest matches of `order` ([`in_order`]'s list) that plain `golf ratings` judges
/// the methods on: all of them up to [`RECENT`] + [`RECENT_STEP`] − 1; beyond, from the
/// largest multiple of [`RECENT_STEP`] that leaves at least [`RECENT`] — between 1,000 and
/// 1,249 matches, the first of them fixed while 250 more are added.
pub fn recent<'o, 'm>(order: &'o [&'m RatedMatch]) -> &'o [&'m RatedMatch] {
    latest(order, RECENT, RECENT_STEP)
}

/// [`recent`] with other bounds: the latest `fewest` to `fewest + step − 1` matches of
/// `order` (all of them when they are fewer), the first from a multiple of `step` (a `step`
/// of 0 counts as 1).
pub fn latest<'o, 'm>(
    order: &'o [&'m RatedMatch],
    fewest: usize,
    step: usize,
) -> &'o [&'m RatedMatch] {
    let n = order.len();
    let step = step.max(1);
    let start = n.saturating_sub(fewest) / step * step;
    &order[start.min(n)..]
}

/// Where a replay got to: enough to carry on when later matches are added (the cache keeps
/// it), and to give the figures so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Matches replayed, of [`in_order`]'s list.
    pub replayed: usize,
    /// Matches judged.
    pub judged: usize,
    /// Each method's sums, in [`Method::ALL`]'s order.
    pub sums: Vec<Judged>,
    /// The uniform guess's sums.
    pub uniform: Judged,
    /// The Plackett–Luce strengths of the latest fit (where the next fit starts from).
    pub strengths: Vec<(String, f64)>,
}

/// Replays `matches` (any order; taken in the order they finished, then by match number;
/// fewer than two players left out) and judges each method's predictions (RULES.md §16).
pub fn check(matches: &[RatedMatch]) -> Check {
    resume(&in_order(matches), None).0
}

/// [`check`] of `order` ([`in_order`]'s list), carrying on from `from` — a replay of its
/// first `from.replayed` matches — when given: those are replayed without being judged
/// again, and the figures are `from`'s sums with the rest's added. The result is the very
/// one a whole replay gives (the same fits from the same starting strengths); its
/// predictions are those of the matches after `from` only. Also where this replay got to.
pub fn resume(order: &[&RatedMatch], from: Option<&Progress>) -> (Check, Progress) {
    let config = WengLinConfig::new();
    let mut weng_lin: HashMap<&str, WengLinRating> = HashMap::new();
    let mut model = Model::new();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut sums = [Judged::default(); 2];
    let mut uniform = Judged::default();
    let mut predictions = Vec::new();
    let mut judged = 0;
    let start = from.map_or(0, |f| f.replayed.min(order.len()));
    if let Some(f) = from.filter(|f| f.sums.len() == sums.len() && f.replayed <= order.len()) {
        sums.copy_from_slice(&f.sums);
        uniform = f.uniform;
        judged = f.judged;
    }
    for (at, m) in order.iter().enumerate() {
        if at == start {
            if let Some(f) = from {
                model.set_strengths(&f.strengths);
            }
        }
        let players: Vec<&str> = m.placings.iter().map(|p| p.player.as_str()).collect();
        let teams: Vec<[WengLinRating; 1]> = players
            .iter()
            .map(|p| [weng_lin.get(p).copied().unwrap_or_default()])
            .collect();
        if at >= start && players.iter().all(|p| seen.contains(p)) {
            judged += 1;
            let winners: Vec<usize> = (0..players.len())
                .filter(|&i| m.placings[i].place == 1)
                .collect();
            let won = shares(players.len(), &winners);
            let weng_lin_chances = weng_lin_chances(&teams, &config);
            model.fit_to(PREDICTION_TOLERANCE);
            let chances = [weng_lin_chances, model.chances(&players)];
            for (k, (method, c)) in Method::ALL.iter().zip(chances).enumerate() {
                sums[k].add(judge(&c, &won));
                predictions.push(Prediction {
                    match_id: m.id,
                    method: *method,
                    players: players.iter().map(|p| p.to_string()).collect(),
                    chances: c,
                    won: won.clone(),
                });
            }
            let n = players.len();
            uniform.add(judge(&vec![1.0 / n as f64; n], &won));
        }
        // then the match is known to both methods
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(&m.placings)
            .map(|(t, p)| (&t[..], MultiTeamOutcome::new(p.place)))
            .collect();
        for (p, new) in players.iter().zip(weng_lin_multi_team(&ranked, &config)) {
            weng_lin.insert(p, new[0]);
        }
        model.add(m);
        seen.extend(players.iter().copied());
    }
    if let Some(f) = from.filter(|_| start == order.len()) {
        model.set_strengths(&f.strengths);
    }
    let progress = Progress {
        replayed: order.len(),
        judged,
        sums: sums.to_vec(),
        uniform,
        strengths: model
            .players()
            .map(|(n, g, _)| (n.to_string(), g))
            .collect(),
    };
    let check = summed(&progress, order.len(), predictions);
    (check, progress)
}

/// Weng–Lin's chance to win of each team of one (RULES.md §16): the multi-team expected
/// score, normalised to sum to 1.
fn weng_lin_chances(teams: &[[WengLinRating; 1]], config: &WengLinConfig) -> Vec<f64> {
    let refs: Vec<&[WengLinRating]> = teams.iter().map(|t| &t[..]).collect();
    let expected = expected_score_multi_team(&refs, config);
    let sum: f64 = expected.iter().sum();
    expected.iter().map(|c| c / sum).collect()
}

/// The track record of a replay that got to `progress` over a selection of `selection`
/// matches: each method's means, the uniform guess's, the best method, and `predictions`.
fn summed(progress: &Progress, selection: usize, predictions: Vec<Prediction>) -> Check {
    let judged = progress.judged;
    let methods: Vec<MethodRecord> = Method::ALL
        .iter()
        .zip(&progress.sums)
        .map(|(&method, s)| MethodRecord {
            method,
            judged: s.mean(judged),
        })
        .collect();
    let best = methods
        .iter()
        .filter(|_| judged > 0)
        .fold(None::<&MethodRecord>, |best, r| match best {
            Some(b) if b.judged.log_loss <= r.judged.log_loss => Some(b),
            _ => Some(r),
        })
        .map_or(Method::WengLin, |r| r.method);
    Check {
        matches: judged,
        selection,
        methods,
        uniform: progress.uniform.mean(judged),
        best,
        predictions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ratings::Placing;

    fn m(id: i64, places: &[(&str, usize)]) -> RatedMatch {
        RatedMatch {
            id,
            finished_at: format!("2026-11-01T20:{:02}:00.000Z", id % 60),
            night: "2026-11-01".into(),
            placings: places
                .iter()
                .map(|(p, place)| Placing {
                    player: (*p).into(),
                    place: *place,
                })
                .collect(),
        }
    }

    #[test]
    fn judging_by_hand() {
        // ann 1/2, bob 1/4, cat 1/4; bob won
        let j = judge(&[0.5, 0.25, 0.25], &[0.0, 1.0, 0.0]);
        assert!((j.log_loss - 4f64.ln()).abs() < 1e-15);
        assert!((j.brier - (0.25 + 0.5625 + 0.0625)).abs() < 1e-15);
        assert_eq!(j.top_pick, 0.0);
        // a shared win of ann and bob, ann the favourite: she wins half of it
        let j = judge(&[0.5, 0.25, 0.25], &[0.5, 0.5, 0.0]);
        assert!((j.log_loss - (0.5 * 2f64.ln() + 0.5 * 4f64.ln())).abs() < 1e-15);
        assert_eq!(j.top_pick, 0.5);
        // the uniform guess's top pick is 1/n whatever happened
        let j = judge(&[0.25; 4], &[0.0, 0.5, 0.5, 0.0]);
        assert_eq!(j.top_pick, 0.25);
    }

    #[test]
    fn only_matches_of_players_seen_before_are_judged() {
        let matches = [
            m(1, &[("ann", 1), ("bob", 2)]),
            m(2, &[("ann", 1), ("cat", 2)]), // cat new: not judged
            m(3, &[("bob", 1), ("cat", 2), ("ann", 3)]),
            m(4, &[("ann", 1), ("bob", 2)]),
        ];
        let c = check(&matches);
        assert_eq!(c.matches, 2);
        assert_eq!(c.selection, 4);
        assert_eq!(c.predictions.len(), 4);
        assert_eq!(c.predictions[0].match_id, 3);
        for p in &c.predictions {
            assert!((p.chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        // ann had won both her matches before match 3: both methods make her favourite
        for p in &c.predictions[..2] {
            let ann = p.players.iter().position(|n| n == "ann").unwrap();
            assert!(p.chances.iter().all(|&x| x <= p.chances[ann]), "{p:?}");
        }
        let uniform = (3f64.ln() + 2f64.ln()) / 2.0;
        assert!((c.uniform.log_loss - uniform).abs() < 1e-12);
    }

    #[test]
    fn carrying_on_from_a_replay_gives_the_whole_replays_figures() {
        let all = vec![
            m(1, &[("ann", 1), ("bob", 2), ("cat", 3)]),
            m(2, &[("bob", 1), ("cat", 2)]),
            m(3, &[("ann", 1), ("cat", 2), ("bob", 2)]),
            m(4, &[("cat", 1), ("bob", 2), ("ann", 3)]),
            m(5, &[("cat", 1), ("ann", 2)]),
            m(6, &[("bob", 1), ("ann", 2)]),
        ];
        let whole = check(&all);
        let order = in_order(&all);
        for cut in 0..=order.len() {
            let (_, part) = resume(&order[..cut], None);
            let (carried, progress) = resume(&order, Some(&part));
            assert_eq!(carried.methods, whole.methods, "cut after {cut}");
            assert_eq!(carried.uniform, whole.uniform);
            assert_eq!(carried.best, whole.best);
            assert_eq!(
                carried.predictions[..],
                whole.predictions[whole.predictions.len() - carried.predictions.len()..]
            );
            assert_eq!(progress, resume(&order, None).1);
        }
    }

    #[test]
    fn the_latest_matches_start_at_a_step() {
        let all: Vec<RatedMatch> = (1..=1_600)
            .map(|i| m(i, &[("ann", 1), ("bob", 2)]))
            .collect();
        let order: Vec<&RatedMatch> = all.iter().collect();
        for (n, first) in [
            (0, 0),
            (30, 0),
            (1_249, 0),
            (1_250, 250),
            (1_499, 250),
            (1_500, 500),
        ] {
            let latest = recent(&order[..n]);
            assert_eq!(latest.len(), n - first, "{n}");
            assert!(latest.len() < RECENT + RECENT_STEP);
            assert!(n < RECENT || latest.len() >= RECENT, "{n}");
        }
        assert_eq!(latest(&order[..7], 3, 0).len(), 3);
    }

    /// The track record's Plackett–Luce chances come from fits each started from the one
    /// before (Newton's steps, to [`PREDICTION_TOLERANCE`]); each is within a millionth of
    /// a fit from scratch, to full precision, over the matches before its match.
    #[test]
    fn warm_started_chances_are_a_full_refits() {
        let league = crate::ratings::plackett_luce::tests::league(150);
        let c = check(&league);
        let order = in_order(&league);
        let mut judged = 0;
        for p in c
            .predictions
            .iter()
            .filter(|p| p.method == Method::PlackettLuce)
        {
            let at = order.iter().position(|m| m.id == p.match_id).unwrap();
            let before: Vec<RatedMatch> = order[..at].iter().map(|m| (*m).clone()).collect();
            let full = super::super::plackett_luce::fit(&before);
            let players: Vec<&str> = p.players.iter().map(String::as_str).collect();
            for (warm, cold) in p.chances.iter().zip(full.chances(&players)) {
                assert!(
                    (warm - cold).abs() < 1e-6,
                    "match {}: {warm} vs {cold}",
                    p.match_id
                );
            }
            judged += 1;
        }
        assert!(judged > 100, "{judged}");
    }

    #[test]
    fn a_prediction_does_not_change_with_later_matches() {
        let base = vec![
            m(1, &[("ann", 1), ("bob", 2), ("cat", 3)]),
            m(2, &[("bob", 1), ("cat", 2)]),
            m(3, &[("ann", 1), ("cat", 2), ("bob", 2)]),
        ];
        let mut longer = base.clone();
        longer.push(m(4, &[("cat", 1), ("bob", 2), ("ann", 3)]));
        longer.push(m(5, &[("cat", 1), ("ann", 2)]));
        let a = check(&base);
        let b = check(&longer);
        assert_eq!(a.predictions[..], b.predictions[..a.predictions.len()]);
    }
}
