//! `golf odds --check` at scale (RULES.md §15, §16 "A track record"; CLI.md "Predictions
//! with a track record"): 1,000 finished matches of a generated league (a club of eight,
//! four at a table, six holes a match; [`golf::odds::league`]) replayed hole by hole, the
//! odds worked out after each hole but the last at the default 1,000 samples a position
//! (5,000 positions). The target (issue 47): within 1.2× of the time before the odds drew
//! from the table's own history. Run with `cargo bench --bench odds`.

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
