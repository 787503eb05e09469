//! Chance to win a match in progress (RULES.md §15 "Chance to win", §8): the rest of the
//! match played many times, each player's hole scores drawn from an empirical distribution
//! (their own recorded holes, or the simulated holes of greedy bots), each sample ended the
//! way the match ends — at its last hole or on the hole where a total reaches its target —
//! and settled by the match's own tiebreak chain ([`decide`]); a shared win counts 1/k to
//! each of the k players, and a tie left to sudden death is shared the same way. Also the
//! exact probability by enumeration ([`exact`]), for small cases and the tests, and what
//! each player needs to catch the leader ([`catch_up`]).
//!
//! Pure: the caller brings the distributions; nothing here touches the store, a file or
//! the terminal. Reproducible: one seeded ChaCha stream per estimate.

use serde::Serialize;

use crate::game::standings::PlayoffScores;
use crate::game::{Match, Standing};
use crate::rules::Tiebreak;

pub mod check;
#[cfg(test)]
mod check_leagues;
pub mod draws;
mod exact;
pub mod league;
mod sample;

pub use draws::{Draw, History, Past, Shown, Sources};
pub use exact::exact;

impl From<crate::store::stats::HoleHistory> for History {
    /// The holes the store read of a match's players ([`crate::store::stats::hole_history`]).
    fn from(h: crate::store::stats::HoleHistory) -> Self {
        History {
            own: h.own,
            pool: h.pool,
        }
    }
}

/// The matches `golf odds --check` replays, as the store reads them
/// ([`crate::store::stats::to_replay`]): each finished match with its rule set.
pub fn to_check(matches: Vec<(Match, i64)>) -> Vec<check::Finished> {
    matches
        .into_iter()
        .map(|(m, rule_set)| check::Finished { m, rule_set })
        .collect()
}

/// Own holes at which a player's are drawn from alone (RULES.md §15); below, they are
/// mixed with the table's pool by n/(n+30) ([`draws`]).
pub const HISTORY_HOLES: usize = draws::MIX_HOLES;

/// Samples played when none are asked for: enough for a ± of about one point.
pub const DEFAULT_SAMPLES: u32 = 10_000;

/// Hole scores drawn for the card's line at most (whole percent needs fewer samples than
/// `golf odds`'s ±): a few tenths of a millisecond.
pub const CARD_DRAWS: u32 = 50_000;

/// The fewest samples the card's line plays.
pub const CARD_MIN_SAMPLES: u32 = 2_000;

/// The most samples one estimate plays.
pub const MAX_SAMPLES: u32 = 1_000_000;

/// The most outcomes [`exact`] enumerates.
pub const EXACT_LIMIT: u64 = 5_000_000;

/// Where a player's hole scores are drawn from (RULES.md §15, "The table's own history").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawnFrom {
    /// Their own holes alone (30 or more).
    History,
    /// Their own holes mixed with the table's pool.
    Table,
    /// The simulated holes of greedy bots under the rules, in part or alone (the pool
    /// holds fewer than 30 holes).
    Simulated,
}

impl DrawnFrom {
    /// `history`, `table` or `simulated`.
    pub fn name(self) -> &'static str {
        match self {
            DrawnFrom::History => "history",
            DrawnFrom::Table => "table",
            DrawnFrom::Simulated => "simulated",
        }
    }

    /// The method of draws in these shares.
    fn of(sources: &Sources) -> DrawnFrom {
        match (sources.simulated_share > 0.0, sources.own_share >= 1.0) {
            (true, _) => DrawnFrom::Simulated,
            (false, true) => DrawnFrom::History,
            (false, false) => DrawnFrom::Table,
        }
    }
}

/// What cannot be estimated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OddsError {
    /// A player who can still win has no hole scores to draw from.
    #[error("{player} has no hole scores to draw from")]
    NoScores {
        /// The player.
        player: String,
    },
    /// One distribution per player was expected.
    #[error("{given} hole-score distributions for {players} players")]
    Players {
        /// Distributions given.
        given: usize,
        /// Players in the match.
        players: usize,
    },
    /// `--samples` out of range.
    #[error("--samples {0} is out of range; expected 1 to {MAX_SAMPLES}")]
    Samples(u32),
    /// Too many outcomes to enumerate.
    #[error("more than {EXACT_LIMIT} outcomes: too many to enumerate exactly")]
    TooLarge,
}

impl crate::error::BadInput for OddsError {}

/// Where the rest of a match starts from: the standings so far, the tiebreak chain, the
/// playoff holes played, the regular holes still to come and the target, if any.
#[derive(Debug, Clone)]
pub struct SoFar {
    /// Every player's standing, seat order (penalty points and disqualification included).
    pub standings: Vec<Standing>,
    /// The match's tiebreak chain (RULES.md §8).
    pub chain: Vec<Tiebreak>,
    /// Sudden-death playoff holes already played.
    pub playoffs: Vec<PlayoffScores>,
    /// Regular holes left to play (with a target, the most that may be played).
    pub holes_left: u32,
    /// The points target: a sample ends after the hole on which a total reaches it.
    pub target: Option<i64>,
}

impl SoFar {
    /// The position of match `m` now; no hole is left once it is over (RULES.md §8).
    pub fn of(m: &Match) -> SoFar {
        let holes_left = if m.over() || m.finished_at.is_some() {
            0
        } else {
            m.holes_planned.saturating_sub(m.holes_played())
        };
        SoFar {
            standings: m.standings(),
            chain: m.tiebreak.clone(),
            playoffs: m.playoff_scores(),
            holes_left,
            target: m.target.map(i64::from),
        }
    }

    fn eligible(&self) -> Vec<usize> {
        self.standings
            .iter()
            .filter(|s| !s.disqualified)
            .map(|s| s.seat)
            .collect()
    }

    /// Checks one non-empty distribution per player who can still win.
    fn check(&self, scores: &[&[i64]]) -> Result<(), OddsError> {
        if scores.len() != self.standings.len() {
            return Err(OddsError::Players {
                given: scores.len(),
                players: self.standings.len(),
            });
        }
        match self
            .eligible()
            .into_iter()
            .find(|&s| scores[s].is_empty() && self.holes_left > 0)
        {
            Some(s) => Err(OddsError::NoScores {
                player: self.standings[s].name.clone(),
            }),
            None => Ok(()),
        }
    }
}

/// Each player's chance to win, with the half-width of its 95% interval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Estimate {
    /// Chance to win by seat, 0 to 1 (a shared win counts 1/k).
    pub chances: Vec<f64>,
    /// Half-width of each chance's 95% interval: 1.96 standard errors of the mean share,
    /// and never under 3/samples (the "rule of three" for a share never or always seen).
    pub ci95: Vec<f64>,
    /// Samples played.
    pub samples: u32,
}

/// Plays the rest of the match `samples` times from `pos`, player `seat` drawing each hole
/// score uniformly from `scores[seat]` (a disqualified player's may be empty), with the
/// ChaCha stream of `seed`. Errors: a distribution missing or empty, `samples` out of range.
pub fn estimate(
    pos: &SoFar,
    scores: &[&[i64]],
    samples: u32,
    seed: u64,
) -> Result<Estimate, OddsError> {
    pos.check(scores)?;
    let values: Vec<Vec<i64>> = scores
        .iter()
        .map(|s| s.iter().map(|&v| draws::fixed(v as f64)).collect())
        .collect();
    let draws: Vec<Option<Draw>> = values
        .iter()
        .map(|v| {
            (!v.is_empty()).then_some(Draw {
                lists: [v, &[], &[]],
                cuts: [draws::PICK, draws::PICK],
                level: 0.0,
                sd: 0.0,
            })
        })
        .collect();
    play(pos, &draws, samples, seed)
}

/// Plays the rest of the match `samples` times from `pos`, player `seat` drawing from
/// `draws[seat]` (RULES.md §15, [`draws`]): once per sample a level (its mean plus its
/// standard deviation times a standard normal, one of [`draws::normal_quantiles`]), then
/// each hole that level plus a deviation from a source picked by its share, rounded to a
/// whole score at random (odds/sample.rs): from the ChaCha stream of `seed`, 32 random bits a
/// hole (64 for a player drawing from more than one source) and 10 a level. Errors: a
/// player who can still win with nothing to draw from, `samples` out of range.
pub fn play(
    pos: &SoFar,
    draws: &[Option<Draw>],
    samples: u32,
    seed: u64,
) -> Result<Estimate, OddsError> {
    if !(1..=MAX_SAMPLES).contains(&samples) {
        return Err(OddsError::Samples(samples));
    }
    let n = pos.standings.len();
    if draws.len() != n {
        return Err(OddsError::Players {
            given: draws.len(),
            players: n,
        });
    }
    if let Some(s) = pos
        .eligible()
        .into_iter()
        .find(|&s| draws[s].is_none() && pos.holes_left > 0)
    {
        return Err(OddsError::NoScores {
            player: pos.standings[s].name.clone(),
        });
    }
    let who: Vec<(usize, Draw)> = pos
        .eligible()
        .into_iter()
        .filter_map(|seat| draws[seat].map(|d| (seat, d)))
        .collect();
    let (sum, squares) = sample::shares(pos, &who, samples, seed);
    let count = f64::from(samples);
    let chances: Vec<f64> = sum.iter().map(|s| s / count).collect();
    let ci95 = chances
        .iter()
        .zip(&squares)
        .map(|(&p, &sq)| {
            let variance = (sq / count - p * p).max(0.0) * count / (count - 1.0).max(1.0);
            (1.96 * (variance / count).sqrt()).max(3.0 / count)
        })
        .collect();
    Ok(Estimate {
        chances,
        ci95,
        samples,
    })
}

/// How far a player is behind the leader, and what it takes to catch up (RULES.md §15).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CatchUp {
    /// Points behind the lowest total among players not disqualified (0 for the leader).
    pub behind: i64,
    /// The average per remaining hole by which they must beat the leader to close the
    /// gap: `behind / holes left`; `None` when no hole is left.
    pub needed_per_hole: Option<f64>,
}

/// Each player's [`CatchUp`] from `pos`, by seat.
pub fn catch_up(pos: &SoFar) -> Vec<CatchUp> {
    let best = pos
        .standings
        .iter()
        .filter(|s| !s.disqualified)
        .map(|s| s.total)
        .min()
        .unwrap_or(0);
    pos.standings
        .iter()
        .map(|s| {
            let behind = (s.total - best).max(0);
            CatchUp {
                behind,
                needed_per_hole: (pos.holes_left > 0)
                    .then(|| behind as f64 / f64::from(pos.holes_left)),
            }
        })
        .collect()
}

/// One player's chance and what it takes, as [`for_match`] works them out.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerOdds {
    /// Seat.
    pub seat: usize,
    /// Name.
    pub name: String,
    /// Total so far (penalty points included).
    pub total: i64,
    /// Disqualified: no chance.
    pub disqualified: bool,
    /// Where their hole scores were drawn from.
    pub method: DrawnFrom,
    /// Their own holes: this match's so far and their recent finished matches' under
    /// these rules (drawn from alone at [`HISTORY_HOLES`] or more).
    pub history_holes: usize,
    /// Where their draws came from, in what shares, around what level (`None` for a
    /// player with nothing to draw from: disqualified, or no hole left).
    pub sources: Option<Sources>,
    /// Chance to win, 0 to 1.
    pub chance: f64,
    /// Half-width of its 95% interval.
    pub ci95: f64,
    /// Points behind the leader, and the average per hole left that closes it.
    pub catch_up: CatchUp,
}

/// The chances of a match in progress (RULES.md §15).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    /// Samples played.
    pub samples: u32,
    /// The seed of the samples.
    pub seed: u64,
    /// Regular holes left (with a target, the most that may be played).
    pub holes_left: u32,
    /// Every player, seat order.
    pub players: Vec<PlayerOdds>,
}

/// The chances of match `m` (RULES.md §15): each player's holes drawn as [`draws`] says
/// from `history` (what the store read of the table, the match itself left out) and this
/// match's holes so far, and from `simulated()` — the rules' simulated hole scores for
/// this many players, asked for only when the pool holds fewer than 30 holes. `samples`
/// samples with the stream of `seed` ([`default_seed`] for the card's). Errors: those of
/// `simulated`, and [`OddsError`].
pub fn for_match<E: From<OddsError>>(
    m: &Match,
    history: &History,
    simulated: impl FnOnce() -> Result<Vec<i64>, E>,
    samples: u32,
    seed: u64,
) -> Result<Odds, E> {
    let pos = SoFar::of(m);
    let needs = pos.holes_left > 0 && Shown::needs_simulated(history);
    let bots = match needs {
        true => Some(simulated()?),
        false => None,
    };
    let now: Vec<&[i64]> = pos.standings.iter().map(|s| s.holes.as_slice()).collect();
    let shown = Shown::new(history, &now, bots.as_deref());
    Ok(for_position(&pos, &shown, samples, seed)?)
}

/// The chances from `pos`, each player drawing as `shown` (what the table has shown, with
/// the holes of `pos` so far) says: [`for_match`] once the table's history is worked out.
/// Errors: [`OddsError`].
pub fn for_position(
    pos: &SoFar,
    shown: &Shown,
    samples: u32,
    seed: u64,
) -> Result<Odds, OddsError> {
    let now: Vec<&[i64]> = pos.standings.iter().map(|s| s.holes.as_slice()).collect();
    let mut drawn = shown.draws(&now);
    for s in pos.standings.iter().filter(|s| s.disqualified) {
        drawn[s.seat] = None;
    }
    let draws: Vec<Option<Draw>> = drawn.iter().map(|d| d.as_ref().map(|d| d.0)).collect();
    let est = play(pos, &draws, samples, seed)?;
    let players = pos
        .standings
        .iter()
        .zip(catch_up(pos))
        .zip(drawn)
        .map(|((s, catch_up), d)| {
            let sources = d.map(|d| d.1);
            PlayerOdds {
                seat: s.seat,
                name: s.name.clone(),
                total: s.total,
                disqualified: s.disqualified,
                method: sources.as_ref().map_or(DrawnFrom::Simulated, DrawnFrom::of),
                history_holes: shown.own_holes(s.seat) + s.holes.len(),
                chance: est.chances[s.seat],
                ci95: est.ci95[s.seat],
                sources: (pos.holes_left > 0).then_some(sources).flatten(),
                catch_up,
            }
        })
        .collect();
    Ok(Odds {
        samples,
        seed,
        holes_left: pos.holes_left,
        players,
    })
}

/// Samples for the chances line of `golf card` and `golf hole`: [`DEFAULT_SAMPLES`], fewer
/// when the match has many players and holes left — at most [`CARD_DRAWS`] hole scores
/// drawn, never under [`CARD_MIN_SAMPLES`] samples — so the line costs the card little.
pub fn card_samples(m: &Match) -> u32 {
    let left = m.holes_planned.saturating_sub(m.holes_played()).max(1);
    let players = u32::try_from(m.players.len()).unwrap_or(u32::MAX).max(1);
    (CARD_DRAWS / left.saturating_mul(players)).clamp(CARD_MIN_SAMPLES, DEFAULT_SAMPLES)
}

/// Whether the card shows chances for `m`: a regular hole is in, another is still to
/// come, and the match is neither finished nor abandoned.
pub fn in_play(m: &Match) -> bool {
    m.finished_at.is_none() && m.abandoned_at.is_none() && m.holes_played() > 0 && !m.over()
}

/// The seed used when none is given: a hash (FNV-1a, stable across builds) of the match's
/// stable id, its id and every hole and penalty recorded, so the same match shows the same
/// chances until something is recorded.
pub fn default_seed(m: &Match) -> u64 {
    let mut h = Fnv::default();
    h.write(m.uuid.as_bytes());
    h.number(m.id);
    for hole in &m.holes {
        h.number(i64::from(hole.number));
        h.number(i64::from(hole.playoff));
        for e in &hole.entries {
            h.number(e.seat as i64);
            h.number(e.total());
        }
    }
    for p in &m.penalties {
        h.number(p.seat as i64);
        h.number(i64::from(p.points));
        h.number(i64::from(p.disqualifies));
    }
    h.0
}

/// A hash of `bytes` that stays the same across builds and platforms (FNV-1a, 64 bits),
/// for seeds and cache keys.
pub fn stable_hash(bytes: &[u8]) -> u64 {
    let mut h = Fnv::default();
    h.write(bytes);
    h.0
}

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn number(&mut self, v: i64) {
        self.write(&v.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Tiebreak::*;

    fn standing(seat: usize, name: &str, holes: &[i64]) -> Standing {
        Standing {
            seat,
            name: name.into(),
            holes: holes.to_vec(),
            penalty_points: 0,
            total: holes.iter().sum(),
            disqualified: false,
        }
    }

    fn position(holes: &[&[i64]], left: u32, chain: &[Tiebreak]) -> SoFar {
        let names = ["ann", "bob", "cat", "dan"];
        SoFar {
            standings: holes
                .iter()
                .enumerate()
                .map(|(i, h)| standing(i, names[i], h))
                .collect(),
            chain: chain.to_vec(),
            playoffs: vec![],
            holes_left: left,
            target: None,
        }
    }

    /// Every chance within twice its own 95% interval of the exact one (a miss about 1 in
    /// 10,000 a chance, so a test of a score of chances is not left to luck),
    /// and the chances summing to 1.
    fn agrees(pos: &SoFar, scores: &[&[i64]], seed: u64) -> (Vec<f64>, Estimate) {
        let exact = exact(pos, scores).unwrap();
        let est = estimate(pos, scores, 20_000, seed).unwrap();
        for (seat, (e, x)) in est.chances.iter().zip(&exact).enumerate() {
            assert!(
                (e - x).abs() <= 2.0 * est.ci95[seat],
                "seat {seat}: estimate {e} ± {} vs exact {x}",
                est.ci95[seat]
            );
        }
        let total: f64 = exact.iter().sum();
        assert!((total - 1.0).abs() < 1e-9, "exact chances sum to {total}");
        (exact, est)
    }

    #[test]
    fn no_hole_left_is_the_standings_result() {
        let pos = position(&[&[3, 4], &[5, 5]], 0, &[Countback]);
        let est = estimate(&pos, &[&[], &[]], 100, 1).unwrap();
        assert_eq!(est.chances, vec![1.0, 0.0]);
        assert_eq!(exact(&pos, &[&[], &[]]).unwrap(), vec![1.0, 0.0]);
    }

    #[test]
    fn one_hole_by_hand() {
        // ann leads 5 to 6 with one hole left; ann draws 0 or 10, bob 0 or 5 (1/2 each):
        // ann on 5 beats bob's 6 and 11, ann on 15 loses to both: exactly 1/2.
        let pos = position(&[&[5], &[6]], 1, &[Countback]);
        let x = exact(&pos, &[&[0, 10], &[0, 5]]).unwrap();
        assert_eq!(x, vec![0.5, 0.5]);
    }

    #[test]
    fn countback_tie_decided_on_the_sampled_holes() {
        let pos = position(&[&[2], &[4]], 1, &[Countback, Shared]);
        // ann 2+{2,4}, bob 4+{0,2}: ties at ann 2+4=6 vs bob 4+2=6: ann sorted 2 4, bob 2 4 →
        // shared; ann 2+2=4 vs bob 4+0=4: ann 2 2 vs bob 0 4 → bob's 0 decides.
        let x = exact(&pos, &[&[2, 4], &[0, 2]]).unwrap();
        // outcomes (1/4 each): (2,0): 4 v 4 bob by countback; (2,2): 4 v 6 ann;
        // (4,0): 6 v 4 bob; (4,2): 6 v 6 shared.
        assert_eq!(x, vec![0.25 + 0.125, 0.25 + 0.25 + 0.125]);
        agrees(&pos, &[&[2, 4], &[0, 2]], 7);
    }

    #[test]
    fn three_players_three_holes_agree_with_enumeration() {
        let pos = position(
            &[&[3, 5], &[4, 6], &[2, 9]],
            3,
            &[Countback, MostHolesWon, Shared],
        );
        let scores: [&[i64]; 3] = [&[0, 2, 4, 8], &[1, 3, 3, 5], &[-2, 4, 6, 12]];
        let (x, est) = agrees(&pos, &scores, 42);
        assert!(x.iter().all(|&p| p > 0.05), "{x:?}");
        assert_eq!(est.samples, 20_000);
    }

    #[test]
    fn sudden_death_and_card_matching_ties_are_settled_as_the_match_would() {
        let pos = position(&[&[2, 2], &[3, 1]], 2, &[CardMatching, SuddenDeath]);
        let scores: [&[i64]; 2] = [&[1, 2, 3], &[1, 2, 3]];
        let (x, _) = agrees(&pos, &scores, 3);
        // bob's last hole (1) beats ann's (2) whenever the last sampled hole is level too
        assert!(x[1] > x[0], "{x:?}");
        // level from the start, the chain cannot separate what is symmetric: shared alike
        let pos = position(&[&[2, 2], &[2, 2]], 2, &[CardMatching, SuddenDeath]);
        let (x, _) = agrees(&pos, &scores, 4);
        assert!((x[0] - x[1]).abs() < 1e-12, "symmetric: {x:?}");
    }

    #[test]
    fn a_target_ends_the_sample_on_the_hole_it_is_reached() {
        // target 20: ann 15, bob 12. ann draws 6 always, bob 3 or 10.
        // the first hole takes ann to 21 and ends the match: bob on 15 wins (1/2), bob on
        // 22 loses to ann's 21 (1/2); five holes without a target would be bob's.
        let mut pos = position(&[&[15], &[12]], 5, &[Countback]);
        pos.target = Some(20);
        let x = exact(&pos, &[&[6], &[3, 10]]).unwrap();
        assert_eq!(x, vec![0.5, 0.5]);
        agrees(&pos, &[&[6], &[3, 10]], 9);
    }

    #[test]
    fn a_disqualified_player_has_no_chance_and_needs_no_scores() {
        let mut pos = position(&[&[1], &[5], &[6]], 2, &[Shared]);
        pos.standings[0].disqualified = true;
        let (x, _) = agrees(&pos, &[&[], &[0, 4], &[0, 4]], 5);
        assert_eq!(x[0], 0.0);
    }

    #[test]
    fn the_same_seed_gives_the_same_estimate() {
        let pos = position(&[&[3], &[4]], 4, &[Countback]);
        let scores: [&[i64]; 2] = [&[0, 5, 9], &[1, 4, 8]];
        let a = estimate(&pos, &scores, 1000, 11).unwrap();
        assert_eq!(a, estimate(&pos, &scores, 1000, 11).unwrap());
        assert_ne!(a, estimate(&pos, &scores, 1000, 12).unwrap());
    }

    #[test]
    fn errors_name_the_problem() {
        let pos = position(&[&[3], &[4]], 2, &[Countback]);
        assert_eq!(
            estimate(&pos, &[&[1], &[]], 10, 1),
            Err(OddsError::NoScores {
                player: "bob".into()
            })
        );
        assert_eq!(
            estimate(&pos, &[&[1]], 10, 1).err().map(|e| e.to_string()),
            Some("1 hole-score distributions for 2 players".into())
        );
        assert_eq!(
            estimate(&pos, &[&[1], &[2]], 0, 1),
            Err(OddsError::Samples(0))
        );
        let big = position(&[&[3], &[4]], 30, &[Countback]);
        assert_eq!(
            exact(&big, &[&[1, 2, 3], &[1, 2, 3]]),
            Err(OddsError::TooLarge)
        );
    }

    #[test]
    fn the_card_draws_fewer_samples_for_a_big_table_with_many_holes_left() {
        let new = |players: usize, holes: u32| {
            let setup = crate::game::Setup {
                rules: "classic".into(),
                holes: Some(holes),
                players: (0..players).map(|i| format!("p{i}")).collect(),
                ..Default::default()
            };
            Match::new(&setup, "2026-11-23T20:00:00Z").unwrap()
        };
        assert_eq!(card_samples(&new(2, 1)), DEFAULT_SAMPLES);
        assert_eq!(card_samples(&new(2, 9)), CARD_DRAWS / 18);
        assert_eq!(card_samples(&new(8, 36)), CARD_MIN_SAMPLES);
    }

    #[test]
    fn catching_up_is_the_gap_over_the_holes_left() {
        let pos = position(&[&[10], &[4], &[12]], 4, &[Countback]);
        let c = catch_up(&pos);
        assert_eq!(c[1].behind, 0);
        assert_eq!(c[0].behind, 6);
        assert_eq!(c[0].needed_per_hole, Some(1.5));
        assert_eq!(c[2].needed_per_hole, Some(2.0));
    }
}
