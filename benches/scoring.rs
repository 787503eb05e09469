//! Scoring throughput, one figure per bundled variant: 1,000 deterministic pseudo-random
//! grids dealt from the variant's deck, scored per iteration, on the explained path
//! (`scoring::score`, every point in words) and the total-only path (`scoring::total`).
//! Run with `cargo bench --bench scoring`. Issue 13's targets: total-only ≥ 50 M grids/s
//! for classic and ≥ 20 M for nine-card, explained ≥ 3 M grids/s.

use divan::{black_box, Bencher};
use golf::card::{Card, Rank, Suit};
use golf::grid::Grid;
use golf::rules::{self, Rules};
use golf::scoring;

fn main() {
    divan::main();
}

const GRIDS: usize = 1_000;

/// Deals `GRIDS` grids from the variant's full deck with a fixed linear congruential shuffle.
fn deal(rules: &Rules) -> Vec<Grid> {
    let decks = rules.deck.decks;
    let mut deck: Vec<Card> = Vec::new();
    for _ in 0..decks {
        for rank in Rank::STANDARD {
            for suit in Suit::ALL {
                deck.push(Card {
                    rank,
                    suit: Some(suit),
                });
            }
        }
        for _ in 0..rules.deck.jokers_per_deck {
            deck.push(Card::new(Rank::Joker));
        }
    }
    let n = rules.layout.rows * rules.layout.columns;
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..GRIDS)
        .map(|_| {
            // partial Fisher–Yates for the first n cards
            for i in 0..n {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let j = i + (seed >> 33) as usize % (deck.len() - i);
                deck.swap(i, j);
            }
            Grid::from_cards(rules.layout.rows, rules.layout.columns, deck[..n].to_vec())
                .unwrap_or_else(|e| panic!("bench grid: {e}"))
        })
        .collect()
}

/// Which path a bench scores on.
#[derive(Clone, Copy)]
enum Path {
    /// `Scorer::total`: the number alone.
    Total,
    /// `Scorer::score`: every point in words.
    Explained,
}

/// Scores the variant's dealt grids once per iteration on `path`.
fn bench_rules(bencher: Bencher, rules: Rules, path: Path) {
    let grids = deal(&rules);
    let scorer = scoring::Scorer::new(&rules);
    bencher
        .counter(divan::counter::ItemsCount::new(GRIDS))
        .bench(|| {
            for grid in &grids {
                match path {
                    Path::Total => {
                        black_box(scorer.total(black_box(grid)));
                    }
                    Path::Explained => {
                        black_box(scorer.score(black_box(grid)));
                    }
                }
            }
        });
}

fn variant(name: &str) -> Rules {
    rules::resolve(name, &[]).unwrap_or_else(|e| panic!("{e}"))
}

#[divan::bench(args = ["classic", "quick", "extended", "jokers", "six-card", "four-card", "eight-card", "four-card-multiples", "nine-card"])]
fn total_1000_grids(bencher: Bencher, name: &str) {
    bench_rules(bencher, variant(name), Path::Total);
}

#[divan::bench(args = ["classic", "quick", "extended", "jokers", "six-card", "four-card", "eight-card", "four-card-multiples", "nine-card"])]
fn score_1000_grids(bencher: Bencher, name: &str) {
    bench_rules(bencher, variant(name), Path::Explained);
}

#[divan::bench]
fn classic_with_horizontal_pairs(bencher: Bencher) {
    let house = ["horizontal-pairs".to_string()];
    let rules = rules::resolve("classic", &house).unwrap_or_else(|e| panic!("{e}"));
    bench_rules(bencher, rules, Path::Explained);
}
