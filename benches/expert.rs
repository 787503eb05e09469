//! The expert's speed (RULES.md §18; issue 29's target: four experts, four-player classic,
//! one thread, ≥ 5,000 holes a second). Each iteration plays 200 matches of 9 holes (1,800
//! holes) on a one-thread pool made once; divan's throughput column is holes a second.
//! Run with `cargo bench --bench expert`.

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use golf::bots::Strategy;
use golf::rules;
use golf::sim::{self, Trial};

fn main() {
    divan::main();
}

const MATCHES: u64 = 200;
const HOLES: usize = 9;

fn holes_of(bencher: Bencher, variant: &str) {
    let setup = Trial {
        rules: rules::resolve(variant, &[]).unwrap_or_else(|e| panic!("{variant}: {e}")),
        vs: None,
        players: 4,
        holes: HOLES,
        matches: MATCHES,
        bots: vec![Strategy::Expert],
        seed: 1,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap_or_else(|e| panic!("a pool of one thread: {e}"));
    bencher
        .counter(ItemsCount::new(MATCHES as usize * HOLES))
        .bench(|| black_box(sim::run_in(&pool, &setup, &|_| {})));
}

/// Four experts, 4-player classic, one thread: the target.
#[divan::bench(sample_count = 20)]
fn classic_one_thread(bencher: Bencher) {
    holes_of(bencher, "classic");
}

/// Four experts, 4-player nine-card (sets across rows and diagonals: the first-order
/// estimate, whole grids scored), one thread.
#[divan::bench(sample_count = 10)]
fn nine_card_one_thread(bencher: Bencher) {
    holes_of(bencher, "nine-card");
}
