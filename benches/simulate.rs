//! Simulation throughput (RULES.md §14–15): whole holes a second of four-player classic,
//! greedy and counting bots, on one thread and on two (the same seed, the same figures).
//! Each iteration plays 1,000 matches of 9 holes (9,000 holes) on a thread pool made once
//! (as one `golf simulate` run makes one); divan's throughput column is holes a second.
//! Run with `cargo bench --bench simulate`. Issue 20's targets: greedy ≥ 100,000 holes/s
//! on one thread, counting ≥ 10,000, two threads ≥ 1.7× one. Four-player eight-card shows
//! the bots under a same-rank column bonus (their swaps weighed by column and bonus).

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use golf::bots::Strategy;
use golf::rules;
use golf::sim::{self, Trial};

fn main() {
    divan::main();
}

const MATCHES: u64 = 1000;
const HOLES: usize = 9;

fn setup(variant: &str, bot: Strategy) -> Trial {
    Trial {
        rules: rules::resolve(variant, &[]).unwrap_or_else(|e| panic!("{variant}: {e}")),
        vs: None,
        players: 4,
        holes: HOLES,
        matches: MATCHES,
        bots: vec![bot],
        seed: 1,
    }
}

fn holes(bencher: Bencher, bot: Strategy, threads: usize) {
    holes_of(bencher, "classic", bot, threads);
}

fn holes_of(bencher: Bencher, variant: &str, bot: Strategy, threads: usize) {
    let setup = setup(variant, bot);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap_or_else(|e| panic!("a pool of {threads} threads: {e}"));
    bencher
        .counter(ItemsCount::new(MATCHES as usize * HOLES))
        .bench(|| black_box(sim::run_in(&pool, &setup, &|_| {})));
}

/// Greedy bots, 4-player classic, one thread.
#[divan::bench(sample_count = 40)]
fn greedy_one_thread(bencher: Bencher) {
    holes(bencher, Strategy::Greedy, 1);
}

/// Greedy bots, 4-player classic, two threads.
#[divan::bench(sample_count = 40)]
fn greedy_two_threads(bencher: Bencher) {
    holes(bencher, Strategy::Greedy, 2);
}

/// Counting bots, 4-player classic, one thread.
#[divan::bench(sample_count = 40)]
fn counting_one_thread(bencher: Bencher) {
    holes(bencher, Strategy::Counting, 1);
}

/// Random bots, 4-player classic, one thread (the engine with the least deciding).
#[divan::bench(sample_count = 40)]
fn random_one_thread(bencher: Bencher) {
    holes(bencher, Strategy::Random, 1);
}

/// Greedy bots, 4-player eight-card (a same-rank column bonus), one thread.
#[divan::bench(sample_count = 40)]
fn eight_card_greedy_one_thread(bencher: Bencher) {
    holes_of(bencher, "eight-card", Strategy::Greedy, 1);
}

/// Counting bots, 4-player eight-card, one thread.
#[divan::bench(sample_count = 40)]
fn eight_card_counting_one_thread(bencher: Bencher) {
    holes_of(bencher, "eight-card", Strategy::Counting, 1);
}
