//! Ratings at scale (RULES.md §16): 10,000 finished matches of 2 to 6 players drawn from a
//! club of 40, over 200 nights, rated from scratch as `golf ratings` does every time
//! (the target: well under a second). The store's side (reading the results of the
//! shared 10,000-match database) is `ratings_over_10000_matches` in the store bench.
//! `check_1000_matches` is `golf ratings --check` on 1,000 such matches: Weng–Lin replayed
//! and Plackett–Luce refitted before every match judged (RULES.md §16, "A track record"),
//! `golf ratings` chose its default by that replay over the whole selection (17.5 s of CPU
//! for 10,000 matches by MM, 51 s wall on a loaded two-core machine; 9.5 s of CPU with
//! Newton's refits, issue 47); it now judges the methods on the latest 1,000 to 1,249
//! matches alone (`check::recent`), keeping where it got to in the cache folder:
//! `default_method_10000_matches_cold` is its first run on 10,000 matches (nothing kept;
//! target ≤ 5 s), `default_method_10000_matches_amended` a run after one amended result —
//! the worst place for one, the first of the latest matches, so all of them are replayed
//! (target ≤ 0.5 s), and `default_method_10000_matches_one_more` a run after one match more
//! (carried on from the record kept).
//! Run with `cargo bench --bench ratings`.
#![allow(clippy::unwrap_used)]

use divan::black_box;
use golf::ratings::check::check;
use golf::ratings::plackett_luce;
use golf::ratings::{rate, Finish, RatedMatch};
use golf::{cache, ratings};

fn main() {
    divan::main();
}

/// `n` matches, deterministic: seats, totals, a shared win now and then, a disqualification
/// now and then.
fn season(n: usize) -> Vec<RatedMatch> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    (0..n)
        .map(|i| {
            let seats = 2 + next(5) as usize;
            let mut finishes: Vec<(String, Finish)> = Vec::with_capacity(seats);
            while finishes.len() < seats {
                let name = format!("player-{}", next(40));
                if finishes.iter().any(|(p, _)| *p == name) {
                    continue;
                }
                let finish = Finish {
                    won: false,
                    total: next(120) as i64 - 10,
                    disqualified: next(200) == 0,
                };
                finishes.push((name, finish));
            }
            let low = finishes
                .iter()
                .filter(|f| !f.1.disqualified)
                .map(|f| f.1.total)
                .min();
            for (_, f) in &mut finishes {
                f.won = Some(f.total) == low && !f.disqualified;
            }
            let night = format!(
                "2026-{:02}-{:02}",
                1 + (i / 50) / 28 % 12,
                1 + (i / 50) % 28
            );
            RatedMatch::new(
                i as i64 + 1,
                format!("{night}T20:00:00.000Z"),
                night,
                &finishes,
            )
        })
        .collect()
}

#[divan::bench(sample_count = 20)]
fn rate_10000_matches(bencher: divan::Bencher) {
    let matches = season(10_000);
    bencher.bench_local(|| black_box(rate(black_box(&matches))));
}

#[divan::bench(sample_count = 10)]
fn check_1000_matches(bencher: divan::Bencher) {
    let matches = season(1_000);
    bencher.bench_local(|| black_box(check(black_box(&matches))));
}

#[divan::bench(sample_count = 10)]
fn plackett_luce_fit_10000_matches(bencher: divan::Bencher) {
    let matches = season(10_000);
    bencher.bench_local(|| black_box(plackett_luce::fit(black_box(&matches))));
}

/// `golf ratings`'s default over `matches`, keeping its record in `dir` (the real bounds).
fn default_method(dir: &std::path::Path, matches: &[RatedMatch]) -> ratings::check::Check {
    let bounds = (ratings::check::RECENT, ratings::check::RECENT_STEP);
    cache::rating_check_in(Some(dir), matches, bounds)
}

#[divan::bench(sample_count = 5)]
fn default_method_10000_matches_cold(bencher: divan::Bencher) {
    let matches = season(10_000);
    bencher
        .with_inputs(|| tempfile::tempdir().unwrap())
        .bench_local_values(|dir| black_box(default_method(dir.path(), black_box(&matches))));
}

#[divan::bench(sample_count = 5)]
fn default_method_10000_matches_amended(bencher: divan::Bencher) {
    let matches = season(10_000);
    let order = ratings::check::in_order(&matches);
    let first = ratings::check::recent(&order)[0].id;
    let mut amended = matches.clone();
    if let Some(m) = amended.iter_mut().find(|m| m.id == first) {
        m.placings.reverse();
        for (place, p) in m.placings.iter_mut().enumerate() {
            p.place = place + 1;
        }
    }
    bencher
        .with_inputs(|| {
            let dir = tempfile::tempdir().unwrap();
            default_method(dir.path(), &matches);
            dir
        })
        .bench_local_values(|dir| black_box(default_method(dir.path(), black_box(&amended))));
}

#[divan::bench(sample_count = 5)]
fn default_method_10000_matches_one_more(bencher: divan::Bencher) {
    let matches = season(10_001);
    bencher
        .with_inputs(|| {
            let dir = tempfile::tempdir().unwrap();
            default_method(dir.path(), &matches[..10_000]);
            dir
        })
        .bench_local_values(|dir| black_box(default_method(dir.path(), black_box(&matches))));
}
