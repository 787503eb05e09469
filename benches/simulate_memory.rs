//! Simulation memory (issue 20: memory flat in `--matches`): greedy bots play four-player
//! classic on the calling thread, 100, 1,000 and 10,000 matches, with divan's allocation
//! profiler. Its `max alloc` row, the most bytes live at once, is the same for every count:
//! the figures are accumulators, never a list of holes. Its `alloc` row, divided by the
//! matches, is what one match allocates (55 for four greedy bots: their setup; a hole
//! after the first allocates nothing). Run with
//! `cargo bench --bench simulate_memory`; the README gives the whole process's RSS too.

use divan::{black_box, AllocProfiler, Bencher};
use golf::bots::Strategy;
use golf::rules;
use golf::sim::{self, Trial, Unwatched};

#[global_allocator]
static ALLOC: AllocProfiler = AllocProfiler::system();

fn main() {
    divan::main();
}

/// Matches played one after another on the calling thread (the profiler counts only the
/// threads divan runs).
#[divan::bench(args = [100, 1_000, 10_000], sample_count = 3)]
fn memory_in_matches(bencher: Bencher, matches: u64) {
    let setup = Trial {
        rules: rules::resolve("classic", &[]).unwrap_or_else(|e| panic!("classic: {e}")),
        vs: None,
        players: 4,
        holes: 9,
        matches,
        bots: vec![Strategy::Greedy],
        seed: 1,
    };
    bencher.bench(|| {
        black_box(sim::run_watched(
            &setup,
            &mut Unwatched,
            &mut Unwatched,
            &|_| {},
        ))
    });
}
