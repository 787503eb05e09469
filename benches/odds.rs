//! `golf odds --check` at scale (RULES.md §15, §16 "A track record"; CLI.md "Predictions
//! with a track record"): 1,000 finished matches of a generated league (a club of eight,
//! four at a table, six holes a match; [`golf::odds::league`]) replayed hole by hole, the
//! odds worked out after each hole but the last at the default 1,000 samples a position
//! (5,000 positions). The target (issue 47): within 1.2× of the time before the odds drew
//! from the table's own history. Run with `cargo bench --bench odds`.
//!
//! Measured (2026-11-28, this two-core machine shared with other builds, release build,
//! two threads): the code before (commit f5850db, built in a worktree of its own with its
//! own target folder) and this one run in turn, `cargo bench --bench odds` on each side, 8
//! to 15 runs a side in each of five sessions. This code's median run over the code
//! before's: 1.12, 1.06, 1.12, 0.99 and 1.00 — 1.06× the median session (0.25–0.49 s
//! against 0.23–0.49 s as the machine was busy; single pairs of runs ranged from 0.6× to
//! 1.7×). The code this
//! replaced, drawing 64 random bits a hole and working out a match's history again at every
//! position, took 1.6–1.8×. What is left is the level each sample draws for each player
//! (RULES.md §15: what a few holes leave unknown about a player): a random word for every
//! three players on top of one a hole, and a multiplication each.

use divan::black_box;
use golf::odds::check::{check, Finished, DEFAULT_SAMPLES};
use golf::odds::league::{League, Player};

fn main() {
    divan::main();
}

/// The league's 1,000 matches, finished.
fn matches() -> Vec<Finished> {
    let players = (0..8)
        .map(|i| Player {
            name: format!("player-{i}"),
            mean: 6 + i % 4,
            spread: 3.0 + (i % 3) as f64,
            night: 1 + i % 3,
        })
        .collect();
    let league = League {
        players,
        seats: 4,
        holes: 6,
        matches: 1_000,
        seed: 47,
    };
    league.finished(&league.play()).unwrap_or_default()
}

#[divan::bench(sample_count = 5)]
fn check_1000_matches(bencher: divan::Bencher) {
    let finished = matches();
    assert_eq!(finished.len(), 1_000);
    // the simulated holes a newcomer draws from, fixed (the simulator has its own bench)
    let simulated: Vec<i64> = (0..600).map(|i| (i * 7) % 25 - 2).collect();
    bencher.bench_local(|| {
        black_box(check(
            black_box(&finished),
            |_| Ok::<_, ()>(simulated.clone()),
            DEFAULT_SAMPLES,
            0,
        ))
    });
}
