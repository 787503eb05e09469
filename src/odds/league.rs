//! Leagues whose players' score distributions are known, for judging the odds (RULES.md
//! §15 "The table's own history", §16 "A track record"; the tests and the `odds` bench):
//! each player a mean and a spread, and good and bad nights. A hole score is the player's
//! mean, plus their night's shift (a good night −`night` a quarter of the time, a bad one
//! +`night` a quarter of the time, else 0, drawn once per match), plus a discrete Gaussian
//! noise of standard deviation `spread` (each integer k within 4 spreads, weight
//! e^(−k²/2·spread²)). Every match is played to its last hole and a level total is
//! shared (tiebreak `shared`), so [`League::truth`] — the chances the generating
//! distributions themselves give after a hole, tonight's shift inferred from the holes
//! played so far — is exact.
//!
//! Pure and reproducible: one seeded ChaCha stream per league.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::check::Finished;
use crate::game::hole::Typed;
use crate::game::{GameError, Match, Setup};

/// One player of a league.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// Name.
    pub name: String,
    /// Mean hole score on an ordinary night (points).
    pub mean: i64,
    /// Standard deviation of a hole around the night's mean (points, > 0).
    pub spread: f64,
    /// A good night's gain and a bad night's loss (points a hole, ≥ 0).
    pub night: i64,
}

/// A league: a club, how many of them sit at each match, how long a match is.
#[derive(Debug, Clone, PartialEq)]
pub struct League {
    /// The club (at least `seats`).
    pub players: Vec<Player>,
    /// Players at each match (2 or more), drawn from the club.
    pub seats: usize,
    /// Holes a match (1 to 36).
    pub holes: u32,
    /// Matches played.
    pub matches: usize,
    /// The seed of the league's stream.
    pub seed: u64,
}

/// One match of a league as it was played.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// The players, seat order: indices into [`League::players`].
    pub seats: Vec<usize>,
    /// Each seat's night shift (points a hole).
    pub nights: Vec<i64>,
    /// Hole scores, `holes[hole][seat]`.
    pub holes: Vec<Vec<i64>>,
}

/// The probabilities of a discrete Gaussian of standard deviation `spread`: `(k, p)` for
/// each integer k within 4 spreads (at least ±1).
fn noise(spread: f64) -> Vec<(i64, f64)> {
    let reach = (4.0 * spread).ceil().clamp(1.0, 200.0) as i64;
    let weights: Vec<(i64, f64)> = (-reach..=reach)
        .map(|k| (k, (-(k * k) as f64 / (2.0 * spread * spread)).exp()))
        .collect();
    let sum: f64 = weights.iter().map(|w| w.1).sum();
    weights.into_iter().map(|(k, w)| (k, w / sum)).collect()
}

/// A night's shift: `-night` (a quarter), 0 (a half), `night` (a quarter).
const NIGHTS: [(i64, f64); 3] = [(-1, 0.25), (0, 0.5), (1, 0.25)];

impl League {
    /// Plays the league: each match's seats (the first `seats` of a shuffle of the club),
    /// nights and holes.
    pub fn play(&self) -> Vec<Played> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let noises: Vec<Vec<(i64, f64)>> = self.players.iter().map(|p| noise(p.spread)).collect();
        let draw = |rng: &mut ChaCha8Rng, dist: &[(i64, f64)]| {
            let mut u: f64 = rng.gen();
            for &(k, p) in dist {
                u -= p;
                if u < 0.0 {
                    return k;
                }
            }
            dist.last().map_or(0, |d| d.0)
        };
        (0..self.matches)
            .map(|_| {
                let mut club: Vec<usize> = (0..self.players.len()).collect();
                for i in (1..club.len()).rev() {
                    club.swap(i, rng.gen_range(0..=i));
                }
                let seats: Vec<usize> = club.into_iter().take(self.seats).collect();
                let nights: Vec<i64> = seats
                    .iter()
                    .map(|&p| draw(&mut rng, &NIGHTS) * self.players[p].night)
                    .collect();
                let holes = (0..self.holes)
                    .map(|_| {
                        seats
                            .iter()
                            .zip(&nights)
                            .map(|(&p, n)| self.players[p].mean + n + draw(&mut rng, &noises[p]))
                            .collect()
                    })
                    .collect();
                Played {
                    seats,
                    nights,
                    holes,
                }
            })
            .collect()
    }

    /// The league's matches as finished classic matches of bare scores (tiebreak
    /// `shared`), match `i` numbered `i + 1` with a stable id of its own, finishing an hour
    /// after the one before, for [`super::check::check`]. Errors: a score or setup the
    /// referee refuses.
    pub fn finished(&self, played: &[Played]) -> Result<Vec<Finished>, GameError> {
        let setup = Setup {
            rules: "classic".into(),
            holes: Some(self.holes),
            tiebreak: vec!["shared".into()],
            ..Default::default()
        };
        let rules = crate::rules::resolve(&setup.rules, &setup.house)?;
        played
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let at = format!(
                    "2026-{:02}-{:02}T{:02}:00:00Z",
                    1 + i / 672 % 12,
                    1 + i / 24 % 28,
                    i % 24
                );
                let setup = Setup {
                    players: p
                        .seats
                        .iter()
                        .map(|&s| self.players[s].name.clone())
                        .collect(),
                    ..setup.clone()
                };
                let mut m = Match::with_rules(&setup, rules.clone(), &at)?;
                for hole in &p.holes {
                    let entries = hole
                        .iter()
                        .enumerate()
                        .map(|(seat, &v)| Ok((seat, Typed::score(&setup.players[seat], v)?)))
                        .collect::<Result<Vec<_>, GameError>>()?;
                    let h = m.play_hole(&entries, None, false, &at)?;
                    m.record(h);
                }
                m.id = i as i64 + 1;
                m.uuid = format!("league-{}-{}", self.seed, i + 1);
                m.finished_at = Some(at);
                Ok(Finished { m, rule_set: 1 })
            })
            .collect()
    }

    /// Each seat's chance to win `played` after its first `after` holes, as the generating
    /// distributions give it: each seat's night inferred from its holes so far (Bayes over
    /// the three nights), the rest of its holes summed exactly, a level total shared.
    pub fn truth(&self, played: &Played, after: usize) -> Vec<f64> {
        let left = self.holes as usize - after.min(self.holes as usize);
        // each seat's total so far and the distribution of the rest of its holes' sum
        let rests: Vec<(i64, Vec<(i64, f64)>)> = played
            .seats
            .iter()
            .enumerate()
            .map(|(seat, &p)| {
                let player = &self.players[p];
                let noise = noise(player.spread);
                let so_far: Vec<i64> = played.holes[..after].iter().map(|h| h[seat]).collect();
                let posterior: Vec<(i64, f64)> = NIGHTS
                    .iter()
                    .map(|&(n, prior)| {
                        let shift = player.mean + n * player.night;
                        let like: f64 = so_far
                            .iter()
                            .map(|&x| noise.iter().find(|d| d.0 == x - shift).map_or(0.0, |d| d.1))
                            .product();
                        (shift, prior * like)
                    })
                    .collect();
                let sum: f64 = posterior
                    .iter()
                    .map(|p| p.1)
                    .sum::<f64>()
                    .max(f64::MIN_POSITIVE);
                let mut noise_sum = vec![(0i64, 1.0)];
                for _ in 0..left {
                    noise_sum = convolve(&noise_sum, &noise);
                }
                let mut rest: Vec<(i64, f64)> = Vec::new();
                for (shift, w) in posterior {
                    rest.extend(
                        noise_sum
                            .iter()
                            .map(|&(k, p)| (k + shift * left as i64, p * w / sum)),
                    );
                }
                (so_far.iter().sum(), rest)
            })
            .collect();
        shares_of_lowest(&rests)
    }
}

/// The distribution of the sum of two independent integer variables.
fn convolve(a: &[(i64, f64)], b: &[(i64, f64)]) -> Vec<(i64, f64)> {
    let (lo, hi) = (a[0].0 + b[0].0, a[a.len() - 1].0 + b[b.len() - 1].0);
    let mut out = vec![0.0; (hi - lo + 1) as usize];
    for &(x, p) in a {
        for &(y, q) in b {
            out[(x + y - lo) as usize] += p * q;
        }
    }
    out.into_iter()
        .enumerate()
        .map(|(i, p)| (lo + i as i64, p))
        .collect()
}

/// Each player's expected share of the win (lowest final total, a level total shared):
/// `rests[i]` is their total so far and the distribution of the rest (values any order).
fn shares_of_lowest(rests: &[(i64, Vec<(i64, f64)>)]) -> Vec<f64> {
    // each player's final total as a dense table from `lo`
    let lo = rests
        .iter()
        .flat_map(|(t, r)| r.iter().map(move |(k, _)| t + k))
        .min()
        .unwrap_or(0);
    let hi = rests
        .iter()
        .flat_map(|(t, r)| r.iter().map(move |(k, _)| t + k))
        .max()
        .unwrap_or(0);
    let width = (hi - lo + 1) as usize;
    let dense: Vec<Vec<f64>> = rests
        .iter()
        .map(|(t, r)| {
            let mut d = vec![0.0; width];
            for (k, p) in r {
                d[(t + k - lo) as usize] += p;
            }
            d
        })
        .collect();
    // P(total > v) for each player
    let above: Vec<Vec<f64>> = dense
        .iter()
        .map(|d| {
            let mut a = vec![0.0; width];
            let mut acc = 0.0;
            for v in (0..width).rev() {
                a[v] = acc;
                acc += d[v];
            }
            a
        })
        .collect();
    (0..rests.len())
        .map(|i| {
            (0..width)
                .map(|v| {
                    if dense[i][v] == 0.0 {
                        return 0.0;
                    }
                    // the distribution of how many others tie at v, all others at v or above
                    let mut ties = vec![1.0];
                    for j in (0..rests.len()).filter(|&j| j != i) {
                        let mut next = vec![0.0; ties.len() + 1];
                        for (k, &p) in ties.iter().enumerate() {
                            next[k] += p * above[j][v];
                            next[k + 1] += p * dense[j][v];
                        }
                        ties = next;
                    }
                    let share: f64 = ties
                        .iter()
                        .enumerate()
                        .map(|(k, p)| p / (k + 1) as f64)
                        .sum();
                    dense[i][v] * share
                })
                .sum()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn two() -> League {
        League {
            players: vec![
                Player {
                    name: "ann".into(),
                    mean: 4,
                    spread: 2.0,
                    night: 2,
                },
                Player {
                    name: "bob".into(),
                    mean: 6,
                    spread: 3.0,
                    night: 1,
                },
            ],
            seats: 2,
            holes: 3,
            matches: 4,
            seed: 1,
        }
    }

    #[test]
    fn the_truth_sums_to_one_and_is_settled_after_the_last_hole() {
        let league = two();
        let played = league.play();
        assert_eq!(played.len(), 4);
        assert_eq!(played, league.play(), "reproducible");
        for p in &played {
            for after in 0..=3 {
                let t = league.truth(p, after);
                let sum: f64 = t.iter().sum();
                assert!((sum - 1.0).abs() < 1e-9, "{t:?}");
            }
            let end = league.truth(p, 3);
            let totals: Vec<i64> = (0..2).map(|s| p.holes.iter().map(|h| h[s]).sum()).collect();
            let want = match totals[0].cmp(&totals[1]) {
                std::cmp::Ordering::Less => vec![1.0, 0.0],
                std::cmp::Ordering::Greater => vec![0.0, 1.0],
                std::cmp::Ordering::Equal => vec![0.5, 0.5],
            };
            assert!(
                end.iter().zip(&want).all(|(a, b)| (a - b).abs() < 1e-9),
                "{end:?}"
            );
        }
        // before any hole, the better player is the favourite
        assert!(
            league.truth(&played[0], 0)[played[0].seats.iter().position(|&s| s == 0).unwrap()]
                > 0.5
        );
        let finished = league.finished(&played).unwrap();
        assert_eq!(finished[3].m.holes_played(), 3);
        assert!(finished[2].m.finished_at < finished[3].m.finished_at);
    }
}
