//! The user's cache folder (`$XDG_CACHE_HOME/golf`, the platform's cache folder elsewhere;
//! `GOLF_CACHE_DIR` overrides it): the simulated hole scores of a rule set for a number of
//! players (RULES.md §15), worked out once and kept in a small file whose name is a hash
//! of the resolved rules (house rules included), the player count and the simulator's
//! version — so a change of the rules, or of the bots, finds no file and simulates anew.
//! A cache is never needed: a file that cannot be read is worked out again, one that cannot
//! be written is skipped, and nothing here touches the database.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::bots::Strategy;
use crate::play::HoleInPlay;
use crate::rules::Rules;
use crate::sim::{self, SimError, Trial, Unwatched, Watch};

/// The env var that puts the cache elsewhere (the tests use it).
pub const DIR_VAR: &str = "GOLF_CACHE_DIR";

/// Bumped whenever the simulated scores for the same rules would change (bots, seed,
/// number of holes), so files written before are not read.
const SIMULATION_VERSION: u32 = 1;

/// The most bytes of a cache file read.
const MAX_BYTES: u64 = 1024 * 1024;

/// The cache folder, if there is one.
pub fn dir() -> Option<PathBuf> {
    match std::env::var_os(DIR_VAR) {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => directories::ProjectDirs::from("", "", "golf").map(|d| d.cache_dir().to_path_buf()),
    }
}

/// Hole scores simulated for a distribution: enough that the rarest scores show up.
const SIMULATED_SCORES: usize = 6_000;

/// The chances line of `golf card`, `golf hole` and `golf serve` for match `m` (RULES.md
/// §15): `golf odds`'s estimate at [`crate::odds::card_samples`] samples and the match's own
/// [`crate::odds::default_seed`], each player's holes drawn from the table's `history` (and
/// from the rules' [`simulated`] scores while the table's pool is short). `None` when the chances cannot be worked out (`golf odds` says why):
/// the line is left off, never the card.
pub fn card_odds(
    m: &crate::game::Match,
    history: crate::odds::History,
) -> Option<crate::odds::Odds> {
    let simulated = || simulated(&m.rules, m.players.len());
    let seed = crate::odds::default_seed(m);
    crate::odds::for_match(m, &history, simulated, crate::odds::card_samples(m), seed).ok()
}

/// The seed of the simulated distribution (fixed: the same rules give the same scores).
const SIMULATION_SEED: u64 = 0x601f_0dd5;

/// The simulated hole scores (after the hole adjustments) of greedy bots playing `rules`
/// with `players` players, all seats pooled (RULES.md §15), from the cache folder when
/// they were worked out before. Errors: rules the simulator cannot play.
pub fn simulated(rules: &Rules, players: usize) -> crate::error::Result<Vec<i64>> {
    hole_scores(dir().as_deref(), rules, players, || {
        let holes = SIMULATED_SCORES.div_ceil(players.max(1));
        Ok(greedy_hole_scores(rules, players, holes, SIMULATION_SEED)?)
    })
}

/// The most holes [`greedy_hole_scores`] plays.
const MAX_SAMPLE_HOLES: usize = 10_000_000;

/// Hole scores (after the §5 adjustments) of `players` greedy bots playing `holes` holes
/// under `rules`, reproducible from `seed`: one entry per player per hole, all seats
/// pooled, hole by hole (seat 1 … seat N of hole 1, then hole 2 …). The holes are played as
/// matches of the rules' own length (`rules.holes`, the last one cut short), so the dealer
/// moves round as at a table. For the chance to win when a player has too little history
/// (RULES.md §15).
///
/// Errors: [`SimError::Players`] for 0 or more than 16 players, [`SimError::Holes`] for 0
/// holes (here, at most 10,000,000), [`SimError::Deal`] for rules without `[play]` data or
/// whose pack cannot deal the table.
fn greedy_hole_scores(
    rules: &Rules,
    players: usize,
    holes: usize,
    seed: u64,
) -> Result<Vec<i64>, SimError> {
    if holes == 0 || holes > MAX_SAMPLE_HOLES {
        return Err(SimError::Holes {
            holes,
            most: MAX_SAMPLE_HOLES,
        });
    }
    let per_match = (rules.holes as usize).clamp(1, crate::bounds::Holes::MAX as usize);
    let setup = Trial {
        rules: rules.clone(),
        vs: None,
        players,
        holes: per_match,
        matches: holes.div_ceil(per_match) as u64,
        bots: vec![Strategy::Greedy],
        seed,
    };
    let mut out = Vec::with_capacity(holes * players);
    let mut collect = Collect(&mut out, per_match);
    sim::run_watched(&setup, &mut collect, &mut Unwatched, &|_| {})?;
    out.truncate(holes * players);
    Ok(out)
}

/// A [`Watch`] that keeps every regular hole's scores (for [`greedy_hole_scores`]), the
/// holes of a match being the second field.
struct Collect<'a>(&'a mut Vec<i64>, usize);

impl Watch for Collect<'_> {
    fn end(&mut self, _: u64, hole: usize, _: &[usize], _: &HoleInPlay, scores: &[i64]) {
        if hole < self.1 {
            self.0.extend_from_slice(scores);
        }
    }
}

/// One cached distribution: how many times each hole score came up.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
struct HoleScores {
    key: String,
    rules: String,
    players: usize,
    counts: BTreeMap<i64, u64>,
}

/// The key of `rules` for `players`: a hash of the resolved rules, the player count and
/// the simulator's version.
fn key(rules: &Rules, players: usize) -> Result<String, serde_json::Error> {
    let json = serde_json::to_string(rules)?;
    let text = format!("{json}\n{players}\n{SIMULATION_VERSION}");
    Ok(format!(
        "{:016x}",
        crate::odds::stable_hash(text.as_bytes())
    ))
}

/// The simulated hole scores of `rules` for `players` players: read from the cache folder
/// `dir`, or worked out by `simulate` and written there (when `dir` is `None` or cannot be
/// written, simply worked out); sorted either way. Errors: those of `simulate`, and a rule set that cannot be
/// serialized.
pub fn hole_scores(
    dir: Option<&Path>,
    rules: &Rules,
    players: usize,
    simulate: impl FnOnce() -> crate::error::Result<Vec<i64>>,
) -> crate::error::Result<Vec<i64>> {
    let key = key(rules, players)?;
    let file = dir.map(|d| d.join(format!("holes-{key}.json")));
    if let Some(cached) = file.as_deref().and_then(|f| read(f, &key, players)) {
        return Ok(cached);
    }
    let mut scores = simulate()?;
    // in the order a read-back gives them (by score), so a fresh simulation and the cache
    // give the very same samples
    scores.sort_unstable();
    if let Some(file) = &file {
        let mut counts = BTreeMap::new();
        for &s in &scores {
            *counts.entry(s).or_insert(0u64) += 1;
        }
        let entry = HoleScores {
            key,
            rules: rules.display_name(),
            players,
            counts,
        };
        // a cache that cannot be written costs the next call a simulation, nothing more
        let _ = write(file, &entry);
    }
    Ok(scores)
}

fn read(file: &Path, key: &str, players: usize) -> Option<Vec<i64>> {
    let text = crate::text::read_capped(file, MAX_BYTES).ok()?;
    let entry: HoleScores = serde_json::from_str(&text).ok()?;
    if entry.key != key || entry.players != players {
        return None;
    }
    let total: u64 = entry.counts.values().sum();
    if total == 0 || total > 10_000_000 {
        return None;
    }
    let mut scores = Vec::with_capacity(usize::try_from(total).ok()?);
    for (&score, &count) in &entry.counts {
        scores.extend(std::iter::repeat_n(score, usize::try_from(count).ok()?));
    }
    Some(scores)
}

/// Writes `entry` aside and renames it to its final name ([`crate::output_file::replace`]),
/// so a reader never sees half and a killed write leaves nothing behind for long.
fn write(file: &Path, entry: &HoleScores) -> std::io::Result<()> {
    if let Some(parent) = file.parent() {
        std::fs::create_dir_all(parent)?;
    }
    crate::output_file::replace(file, &serde_json::to_vec(entry)?)
}

/// Bumped whenever the track record of the same matches would change (the methods, their
/// scoring), so records kept before are not read.
const CHECK_VERSION: u32 = 2;

/// Track records kept (the latest first): one per selection recently asked for.
const RECORDS_KEPT: usize = 8;

/// One track record kept: the hash of the matches it replayed and where it got to.
#[derive(Debug, Serialize, Deserialize)]
struct Record {
    key: String,
    progress: crate::ratings::check::Progress,
}

/// The track record of the rating methods over the latest of `matches` (RULES.md §16;
/// [`crate::ratings::check::recent`]: at most 1,249 of them, replayed as a selection of
/// their own), its predictions left out. What `golf ratings` chooses its default method by;
/// a replay costs a refit per match, so the cache folder keeps where recent replays got to,
/// each under a hash of the matches it replayed (ids, finish times, places, in order): when
/// those are the first of the latest matches — the same results with later matches added,
/// the usual case — the replay carries on from there ([`crate::ratings::check::resume`],
/// the figures a whole replay gives, to within 1e-12: the record is kept as JSON text);
/// otherwise (an amended, deleted or back-dated
/// result among them) it replays them afresh, a bounded cost whatever the history's size.
pub fn rating_check(matches: &[crate::ratings::RatedMatch]) -> crate::ratings::check::Check {
    use crate::ratings::check;
    rating_check_in(
        dir().as_deref(),
        matches,
        (check::RECENT, check::RECENT_STEP),
    )
}

/// [`rating_check`] keeping its records in the folder `dir` (none: nothing kept), over the
/// latest matches as [`crate::ratings::check::latest`] bounds them by `bounds` (fewest,
/// step).
pub fn rating_check_in(
    dir: Option<&Path>,
    matches: &[crate::ratings::RatedMatch],
    bounds: (usize, usize),
) -> crate::ratings::check::Check {
    use crate::ratings::check;
    let all = check::in_order(matches);
    let order = check::latest(&all, bounds.0, bounds.1);
    // the text hashed, and where each match's line ends in it
    let mut text = format!("{CHECK_VERSION}\n");
    let mut ends = vec![text.len()];
    for m in order {
        text.push_str(&format!("{}|{}", m.id, m.finished_at));
        for p in &m.placings {
            text.push_str(&format!("|{}={}", p.player, p.place));
        }
        text.push('\n');
        ends.push(text.len());
    }
    let hash = |n: usize| {
        format!(
            "{:016x}",
            crate::odds::stable_hash(&text.as_bytes()[..ends[n]])
        )
    };
    let file = dir.map(|d| d.join("ratings-track-record.json"));
    let mut records: Vec<Record> = file
        .as_deref()
        .and_then(|f| crate::text::read_capped(f, MAX_BYTES).ok())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let from = records
        .iter()
        .filter(|r| r.progress.replayed <= order.len() && r.key == hash(r.progress.replayed))
        .max_by_key(|r| r.progress.replayed)
        .map(|r| &r.progress);
    let (mut record, progress) = check::resume(order, from);
    record.predictions.clear();
    if let Some(file) = &file {
        let key = hash(order.len());
        records.retain(|r| r.key != key);
        records.insert(0, Record { key, progress });
        records.truncate(RECORDS_KEPT);
        let write = || -> std::io::Result<()> {
            if let Some(parent) = file.parent() {
                std::fs::create_dir_all(parent)?;
            }
            crate::output_file::replace(file, &serde_json::to_vec(&records)?)
        };
        // a record that cannot be kept is worked out again next time, nothing more
        let _ = write();
    }
    record
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn greedy_hole_scores_are_reproducible_and_sized() {
        let rules = crate::rules::resolve("classic", &[]).unwrap();
        let a = greedy_hole_scores(&rules, 4, 20, 7).unwrap();
        let b = greedy_hole_scores(&rules, 4, 20, 7).unwrap();
        assert_eq!(a.len(), 80);
        assert_eq!(a, b);
        assert_ne!(a, greedy_hole_scores(&rules, 4, 20, 8).unwrap());
        assert!(matches!(
            greedy_hole_scores(&rules, 0, 20, 7),
            Err(SimError::Players(0))
        ));
    }

    /// `n` matches of 3 or 4 of six players, who place by skill and luck.
    fn league(n: usize) -> Vec<crate::ratings::RatedMatch> {
        use crate::ratings::{Placing, RatedMatch};
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        (0..n)
            .map(|i| {
                let seats = 3 + next(2) as usize;
                let mut players: Vec<(u64, u64)> = Vec::new();
                while players.len() < seats {
                    let p = next(6);
                    if players.iter().all(|(q, _)| *q != p) {
                        players.push((p, 10 * p + next(40)));
                    }
                }
                players.sort_by_key(|(_, luck)| *luck);
                RatedMatch {
                    id: i as i64 + 1,
                    finished_at: format!("2026-11-01T20:{:02}:{:02}.000Z", i / 60, i % 60),
                    night: "2026-11-01".into(),
                    placings: (players.iter().enumerate())
                        .map(|(place, (p, _))| Placing {
                            player: format!("p{p}"),
                            place: place + 1,
                        })
                        .collect(),
                }
            })
            .collect()
    }

    /// A replay of the latest `matches` from scratch, as the cache's would be.
    fn afresh(matches: &[crate::ratings::RatedMatch]) -> crate::ratings::check::Check {
        use crate::ratings::check;
        let all = check::in_order(matches);
        let (mut c, _) = check::resume(check::latest(&all, 20, 5), None);
        c.predictions.clear();
        c
    }

    /// The same track record, its figures to within 1e-12: the record kept goes through
    /// JSON text, whose reading may round a float's last bit.
    fn same(a: &crate::ratings::check::Check, b: &crate::ratings::check::Check) {
        assert_eq!(
            (a.matches, a.selection, a.best),
            (b.matches, b.selection, b.best)
        );
        let figures = |c: &crate::ratings::check::Check| {
            let mut v = vec![c.uniform];
            v.extend(c.methods.iter().map(|m| m.judged));
            v
        };
        for (x, y) in figures(a).iter().zip(figures(b)) {
            for (p, q) in [
                (x.log_loss, y.log_loss),
                (x.brier, y.brier),
                (x.top_pick, y.top_pick),
            ] {
                assert!((p - q).abs() < 1e-12, "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn the_kept_track_record_carries_on_and_an_amended_result_changes_it() {
        let dir = tempfile::tempdir().unwrap();
        let bounds = (20, 5);
        let all = league(40);
        let first = rating_check_in(Some(dir.path()), &all[..33], bounds);
        same(&first, &afresh(&all[..33]));
        assert_eq!(
            first.selection, 23,
            "the latest 20 to 24, from a multiple of 5"
        );
        // a match more: carried on from the record kept, the whole replay's figures
        let carried = rating_check_in(Some(dir.path()), &all[..34], bounds);
        same(&carried, &afresh(&all[..34]));
        assert_ne!(carried, first);
        // an amended result among the latest: replayed, and the answer changes
        let amend = |m: &mut crate::ratings::RatedMatch| {
            m.placings.reverse();
            for (place, p) in m.placings.iter_mut().enumerate() {
                p.place = place + 1;
            }
        };
        let mut amended = all[..34].to_vec();
        amend(&mut amended[30]);
        let after = rating_check_in(Some(dir.path()), &amended, bounds);
        same(&after, &afresh(&amended));
        assert_ne!(after.methods, carried.methods);
        // one before them: the latest matches are the same, and so is their record
        let mut early = all[..34].to_vec();
        amend(&mut early[3]);
        same(&rating_check_in(Some(dir.path()), &early, bounds), &carried);
        // and without a cache folder, the same figures
        same(&rating_check_in(None, &all[..34], bounds), &carried);
    }

    #[test]
    fn simulated_once_then_read_back_until_the_rules_change() {
        let dir = tempfile::tempdir().unwrap();
        let classic = crate::rules::resolve("classic", &[]).unwrap();
        let calls = std::cell::Cell::new(0);
        let simulate = || {
            calls.set(calls.get() + 1);
            Ok(vec![4, -2, 4, 9])
        };
        let first = hole_scores(Some(dir.path()), &classic, 3, simulate).unwrap();
        assert_eq!(
            first,
            vec![-2, 4, 4, 9],
            "in score order, as a read-back gives them"
        );
        let again = hole_scores(Some(dir.path()), &classic, 3, simulate).unwrap();
        assert_eq!(again, first, "read back the same, in the same order");
        assert_eq!(calls.get(), 1);
        // another player count, or another house rule, is another file
        hole_scores(Some(dir.path()), &classic, 4, simulate).unwrap();
        let house = crate::rules::resolve("classic", &["blackjack".into()]).unwrap();
        hole_scores(Some(dir.path()), &house, 3, simulate).unwrap();
        assert_eq!(calls.get(), 3);
        // a damaged file is worked out again
        for f in std::fs::read_dir(dir.path()).unwrap() {
            std::fs::write(f.unwrap().path(), "{not json").unwrap();
        }
        hole_scores(Some(dir.path()), &classic, 3, simulate).unwrap();
        assert_eq!(calls.get(), 4);
    }
}
