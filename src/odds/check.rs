//! The odds judged against what happened (RULES.md §15, §16 "A track record"; CLI.md
//! `golf odds --check`): every finished match replayed hole by hole; after each regular
//! hole but the last, the chances `golf odds` would have shown then — [`super::for_position`]
//! on the match cut after that hole, what the table had shown before it read as
//! `store::stats::hole_history` reads it (each player's holes in their latest 20 finished
//! matches under the same rule set, the pool of their latest 20 under the same rule set and
//! length, both from matches that finished *before* this one; [`super::draws`]), the
//! simulated holes drawn from only while the pool is short — scored against who won the
//! match: log loss and Brier score beside the uniform guess and "the leader after that
//! hole wins" (shared among tied leaders), and a reliability table (tenths of chance).
//!
//! A Monte Carlo chance of 0 given to a player who then won would make the log loss
//! infinite: the log loss counts such a chance as half a sample, 1/(2·samples) (the
//! estimate cannot tell 0 from less than one in `samples`). Each position is estimated with
//! its own ChaCha stream, seeded from the check's seed, when the match finished, its players
//! and the hole — not its ids, so the figures are the same whatever the number of threads,
//! and the same for the same matches imported into another database.

use std::collections::{HashMap, VecDeque};

use rayon::prelude::*;
use serde::Serialize;

use super::draws::POOL_MATCHES;
use super::{for_position, stable_hash, History, OddsError, Past, Shown};
use crate::game::Match;
use crate::ratings::check::{judge, shares, Judged};

/// How many of a player's latest matches under the rules their history holds (as
/// `golf odds` reads it: `store::stats::HISTORY_MATCHES_USED`).
pub const HISTORY_MATCHES: usize = 20;

/// Samples per position when none are asked for.
pub const DEFAULT_SAMPLES: u32 = 1_000;

/// Bins of the reliability table: tenths of chance.
pub const BINS: usize = 10;

/// A finished match to replay, with the rule set its history is kept under.
#[derive(Debug, Clone)]
pub struct Finished {
    /// The match, finished.
    pub m: Match,
    /// Its rule set (the resolved rules, house rules included; equal sets share it).
    pub rule_set: i64,
}

/// One row of the reliability table: the chances predicted in `[from, to)` (the last bin
/// takes 1 too), their mean, and the mean share of the win the players given them took.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Bin {
    /// Lower bound of the chances in the bin.
    pub from: f64,
    /// Upper bound.
    pub to: f64,
    /// The mean chance predicted.
    pub predicted: f64,
    /// The mean share of the win (1/k for each of k winners, else 0): what came true.
    pub won: f64,
    /// Chances in the bin (one per player per position).
    pub n: u64,
}

/// One position judged: a match after one of its holes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AfterHole {
    /// The match.
    pub match_id: i64,
    /// Regular holes played at the time.
    pub hole: u32,
    /// The players, seat order.
    pub players: Vec<String>,
    /// Each player's chance then, seat order.
    pub chances: Vec<f64>,
    /// Each player's share of the win, seat order.
    pub won: Vec<f64>,
    /// Who led after that hole (lowest total, not disqualified), seat order.
    pub leaders: Vec<usize>,
}

/// The odds' track record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OddsCheck {
    /// Positions judged.
    pub predictions: usize,
    /// Matches replayed (finished, with at least two regular holes).
    pub matches: usize,
    /// Matches left out because a player without history had no simulated holes to draw
    /// from (rules the simulator cannot play).
    pub skipped: usize,
    /// Samples per position.
    pub samples: u32,
    /// The seed.
    pub seed: u64,
    /// The odds' mean log loss and Brier score (top pick too).
    pub odds: Judged,
    /// The uniform guess's.
    pub uniform: Judged,
    /// "The leader wins"'s (its log loss is infinite whenever a trailing player won).
    pub leader: Judged,
    /// The reliability table, empty bins left out.
    pub reliability: Vec<Bin>,
    /// Every position judged, in the order the matches finished, hole by hole.
    pub positions: Vec<AfterHole>,
}

/// `m` as it stood after its first `holes` regular holes: those holes, the penalties given
/// on them, not finished.
pub fn after_hole(m: &Match, holes: u32) -> Match {
    let mut cut = m.clone();
    let mut regular = 0;
    cut.holes.retain(|h| {
        if h.playoff {
            return false;
        }
        regular += 1;
        regular <= holes
    });
    let last = cut.holes.last().map_or(0, |h| h.number);
    cut.penalties.retain(|p| p.hole <= last);
    cut.finished_at = None;
    cut
}

/// Replays `matches` (any order; taken in the order they finished, then by match number)
/// and judges the odds after every regular hole but the last, `samples` samples a position
/// from `seed`. `simulated(m)` gives the simulated hole scores of `m`'s rules for its
/// number of players (asked once per rule set and player count, and only when someone
/// lacks history); an error from it leaves the matches that needed it out. Errors: only
/// `samples` out of range.
pub fn check<E>(
    matches: &[Finished],
    mut simulated: impl FnMut(&Match) -> Result<Vec<i64>, E>,
    samples: u32,
    seed: u64,
) -> Result<OddsCheck, OddsError> {
    if !(1..=super::MAX_SAMPLES).contains(&samples) {
        return Err(OddsError::Samples(samples));
    }
    let mut order: Vec<&Finished> = matches.iter().collect();
    order.sort_by(|a, b| (&a.m.finished_at, a.m.id).cmp(&(&b.m.finished_at, b.m.id)));
    let mut table = Table::default();
    let mut bots: HashMap<BotKey, Option<Vec<i64>>> = HashMap::new();
    // each match replayed: the match, what the table had shown before it, the key of the
    // simulated holes it may draw from
    let mut replays: Vec<(&Match, History, Option<BotKey>)> = Vec::new();
    for f in &order {
        let m = &f.m;
        if m.holes_played() >= 2 {
            let history = table.history(f);
            let key = Shown::needs_simulated(&history).then_some((f.rule_set, m.players.len()));
            if let Some(key) = key {
                bots.entry(key).or_insert_with(|| simulated(m).ok());
            }
            replays.push((m, history, key));
        }
        table.keep(f);
    }
    let mut jobs: Vec<Job> = Vec::with_capacity(replays.len());
    let mut skipped = 0;
    for (m, history, key) in replays {
        let bot = match key.map(|k| bots.get(&k).and_then(Option::as_ref)) {
            Some(None) => {
                skipped += 1;
                continue;
            }
            Some(b) => b,
            None => None,
        };
        jobs.push(Job { m, history, bot });
    }
    let replayed = jobs.len();
    let per_match: Vec<Result<Vec<AfterHole>, OddsError>> = jobs
        .par_iter()
        .map(|j| positions(j.m, &j.history, j.bot, samples, seed))
        .collect();
    let mut all = Vec::new();
    for p in per_match {
        all.extend(p?);
    }
    Ok(summarise(all, replayed, skipped, samples, seed))
}

/// The simulated hole scores' key: rule set and number of players.
type BotKey = (i64, usize);

/// Each player's latest matches' holes as the replay reaches them: their own under each
/// rule set, and the pool's under each rule set and length (RULES.md §15, as
/// `store::stats::hole_history` reads them).
#[derive(Default)]
struct Table {
    own: HashMap<(i64, String), VecDeque<Vec<i64>>>,
    pool: HashMap<(i64, u32, String), VecDeque<Vec<i64>>>,
}

impl Table {
    /// What the table had shown of `f`'s players before it.
    fn history(&self, f: &Finished) -> History {
        let mut history = History::default();
        for (seat, p) in f.m.players.iter().enumerate() {
            let name = p.to_lowercase();
            let own = self.own.get(&(f.rule_set, name.clone()));
            history.own.push(
                own.map(|q| q.iter().rev().cloned().collect())
                    .unwrap_or_default(),
            );
            if let Some(q) = self.pool.get(&(f.rule_set, f.m.holes_planned, name)) {
                history.pool.extend(q.iter().map(|h| (seat, h.clone())));
            }
        }
        history
    }

    /// Keeps `f`'s holes.
    fn keep(&mut self, f: &Finished) {
        for (seat, p) in f.m.players.iter().enumerate() {
            let holes: Vec<i64> =
                f.m.regular_holes()
                    .filter_map(|h| h.entry(seat).map(crate::game::Entry::total))
                    .collect();
            let name = p.to_lowercase();
            let own = self.own.entry((f.rule_set, name.clone())).or_default();
            own.push_back(holes.clone());
            if own.len() > HISTORY_MATCHES {
                own.pop_front();
            }
            let pool = self
                .pool
                .entry((f.rule_set, f.m.holes_planned, name))
                .or_default();
            pool.push_back(holes);
            if pool.len() > POOL_MATCHES {
                pool.pop_front();
            }
        }
    }
}

/// One match to replay: the match, what the table had shown before it, the simulated
/// hole scores it may draw from.
struct Job<'a> {
    m: &'a Match,
    history: History,
    bot: Option<&'a Vec<i64>>,
}

/// The positions of one finished match `m`, judged.
fn positions(
    m: &Match,
    history: &History,
    bot: Option<&Vec<i64>>,
    samples: u32,
    seed: u64,
) -> Result<Vec<AfterHole>, OddsError> {
    let winners = m.outcome().winners;
    let won = shares(m.players.len(), &winners);
    let past = Past::new(history, m.players.len(), bot.map(Vec::as_slice));
    let mut out = Vec::new();
    for hole in 1..m.holes_played() {
        let cut = after_hole(m, hole);
        if cut.over() {
            break;
        }
        let key = format!(
            "{seed}/{}/{}/{hole}",
            m.finished_at.as_deref().unwrap_or_default(),
            m.players.join("\u{1f}")
        );
        let pos = super::SoFar::of(&cut);
        let now: Vec<&[i64]> = pos.standings.iter().map(|s| s.holes.as_slice()).collect();
        let shown = past.shown(&now);
        let odds = for_position(&pos, &shown, samples, stable_hash(key.as_bytes()))?;
        let best = pos
            .standings
            .iter()
            .filter(|s| !s.disqualified)
            .map(|s| s.total)
            .min();
        let leaders = pos
            .standings
            .iter()
            .filter(|s| !s.disqualified && Some(s.total) == best)
            .map(|s| s.seat)
            .collect();
        out.push(AfterHole {
            match_id: m.id,
            hole,
            players: m.players.clone(),
            chances: odds.players.iter().map(|p| p.chance).collect(),
            won: won.clone(),
            leaders,
        });
    }
    Ok(out)
}

/// The figures of the judged `positions`.
fn summarise(
    positions: Vec<AfterHole>,
    matches: usize,
    skipped: usize,
    samples: u32,
    seed: u64,
) -> OddsCheck {
    let floor = 0.5 / f64::from(samples);
    let (mut odds, mut uniform, mut leader) =
        (Judged::default(), Judged::default(), Judged::default());
    let mut bins = [(0.0, 0.0, 0u64); BINS];
    for p in &positions {
        let n = p.chances.len();
        let floored: Vec<f64> = p.chances.iter().map(|&c| c.max(floor)).collect();
        let j = judge(&p.chances, &p.won);
        odds.log_loss += judge(&floored, &p.won).log_loss;
        odds.brier += j.brier;
        odds.top_pick += j.top_pick;
        let u = judge(&vec![1.0 / n as f64; n], &p.won);
        uniform.log_loss += u.log_loss;
        uniform.brier += u.brier;
        uniform.top_pick += u.top_pick;
        let lead = shares(n, &p.leaders);
        let l = judge(&lead, &p.won);
        leader.log_loss += l.log_loss;
        leader.brier += l.brier;
        leader.top_pick += l.top_pick;
        for (&c, &w) in p.chances.iter().zip(&p.won) {
            let b = ((c * BINS as f64).floor() as usize).min(BINS - 1);
            bins[b].0 += c;
            bins[b].1 += w;
            bins[b].2 += 1;
        }
    }
    let count = positions.len().max(1) as f64;
    let mean = |j: Judged| Judged {
        log_loss: j.log_loss / count,
        brier: j.brier / count,
        top_pick: j.top_pick / count,
    };
    let reliability = bins
        .iter()
        .enumerate()
        .filter(|(_, b)| b.2 > 0)
        .map(|(i, &(sum, won, n))| Bin {
            from: i as f64 / BINS as f64,
            to: (i + 1) as f64 / BINS as f64,
            predicted: sum / n as f64,
            won: won / n as f64,
            n,
        })
        .collect();
    OddsCheck {
        predictions: positions.len(),
        matches,
        skipped,
        samples,
        seed,
        odds: mean(odds),
        uniform: mean(uniform),
        leader: mean(leader),
        reliability,
        positions,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::game::hole::Typed;
    use crate::game::penalty::Kind;
    use crate::game::Setup;

    /// A finished 3-hole classic match of ann and bob, bare scores, and a penalty of 5
    /// points to bob given while hole 2 was in play.
    fn played() -> Match {
        let setup = Setup {
            rules: "classic".into(),
            holes: Some(3),
            players: vec!["ann".into(), "bob".into()],
            ..Default::default()
        };
        let mut m = Match::new(&setup, "2026-11-01T20:00:00Z").unwrap();
        for (hole, (a, b)) in [(4, 6), (5, 5), (9, 1)].into_iter().enumerate() {
            if hole == 1 {
                let p = m
                    .penalty(
                        1,
                        Kind::Points(5, "late".into()),
                        None,
                        "2026-11-01T20:10:00Z",
                    )
                    .unwrap();
                m.penalties.push(p);
            }
            let entries = vec![
                (0, Typed::score("ann", a).unwrap()),
                (1, Typed::score("bob", b).unwrap()),
            ];
            let h = m
                .play_hole(&entries, None, false, "2026-11-01T20:20:00Z")
                .unwrap();
            m.record(h);
        }
        m.finished_at = Some("2026-11-01T21:00:00Z".into());
        m
    }

    #[test]
    fn a_match_cut_after_a_hole_holds_that_holes_and_penalties_and_is_in_play() {
        let m = played();
        let one = after_hole(&m, 1);
        assert_eq!(one.holes_played(), 1);
        assert!(one.penalties.is_empty(), "given during hole 2");
        assert!(one.finished_at.is_none());
        assert_eq!(one.standings()[1].total, 6);
        let two = after_hole(&m, 2);
        assert_eq!(two.penalties.len(), 1);
        assert_eq!(two.standings()[1].total, 16);
        assert!(!two.over());
    }

    #[test]
    fn every_hole_but_the_last_is_judged_against_the_result() {
        let m = played();
        // ann 18, bob 12 + 5: bob wins
        let f = [Finished { m, rule_set: 1 }];
        let r = check(&f, |_| Ok::<_, ()>(vec![0, 3, 6, 9]), 500, 1).unwrap();
        assert_eq!(r.predictions, 2);
        assert_eq!(r.positions[0].won, vec![0.0, 1.0]);
        assert_eq!(r.positions[1].hole, 2);
        // after hole 1 ann leads 4 to 6; after hole 2 (penalty in) 9 to 16
        assert_eq!(r.positions[0].leaders, vec![0]);
        assert_eq!(r.leader.brier, 2.0);
        assert_eq!(r.skipped, 0);
        let n: u64 = r.reliability.iter().map(|b| b.n).sum();
        assert_eq!(n, 4);
        // without simulated holes to draw from, the match is left out
        let none = check(&f, |_| Err(()), 500, 1).unwrap();
        assert_eq!((none.predictions, none.skipped), (0, 1));
        assert!(matches!(
            check(&f, |_| Ok::<_, ()>(vec![1]), 0, 1),
            Err(OddsError::Samples(0))
        ));
    }
}
