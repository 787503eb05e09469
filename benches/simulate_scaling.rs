//! Two threads against one (issue 20: two threads ≥ 1.7× one), measured in pairs: the same
//! 1,000 matches of four-player classic with greedy bots on a one-thread pool, then on a
//! two-thread pool, 21 times in turn, each pair's ratio taken on its own so that a machine
//! whose speed drifts moves both halves of a pair alike. Prints every ratio and their
//! median. Run with `cargo bench --bench simulate_scaling`.

use std::time::{Duration, Instant};

use golf::bots::Strategy;
use golf::rules;
use golf::sim::{self, Trial};

const PAIRS: usize = 21;

fn timed(pool: &rayon::ThreadPool, setup: &Trial) -> Duration {
    let start = Instant::now();
    let report = sim::run_in(pool, setup, &|_| {});
    std::hint::black_box(report.map(|r| r.base.counts.grids).unwrap_or_default());
    start.elapsed()
}

fn main() {
    let setup = Trial {
        rules: rules::resolve("classic", &[]).unwrap_or_else(|e| panic!("classic: {e}")),
        vs: None,
        players: 4,
        holes: 9,
        matches: 1_000,
        bots: vec![Strategy::Greedy],
        seed: 1,
    };
    let pool = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap_or_else(|e| panic!("a pool of {threads} threads: {e}"))
    };
    let (one, two) = (pool(1), pool(2));
    // one warm-up pair, not counted
    timed(&one, &setup);
    timed(&two, &setup);
    let mut ratios: Vec<f64> = (0..PAIRS)
        .map(|_| timed(&one, &setup).as_secs_f64() / timed(&two, &setup).as_secs_f64())
        .collect();
    let shown: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
    println!(
        "two threads / one, {PAIRS} pairs of 9,000 holes: {}",
        shown.join(" ")
    );
    ratios.sort_by(f64::total_cmp);
    println!(
        "median {:.2}×, lowest {:.2}×, highest {:.2}×",
        ratios[PAIRS / 2],
        ratios[0],
        ratios[PAIRS - 1]
    );
}
