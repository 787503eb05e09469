//! The expert's strength (issue 29's targets, RULES.md §18): the figures `golf simulate`
//! gives, played in process and checked against their targets. Run with
//! `cargo bench --bench expert_strength` (about a minute on two cores; `--quick` plays a
//! tenth of the matches). Each line gives the figure, its 95% interval where it is one
//! seat's mean, the target and whether it is met; the run fails when one is not.
//!
//! 1. L's rules (vgainullin/golf's engine: classic, a pair of 2s cancels, no card face up
//!    at the deal), four players, the expert in seat 1 against three `random` bots, 9
//!    holes, 5,000 matches, seed 3: at most 5.90 a hole (0.5 below L's 6.45).
//! 2. `classic`, four players, one expert among three `counting` bots in every seating,
//!    3,000 matches, seed 3: the expert at least 0.5 a hole below the counting bots at its
//!    table.
//! 3. Every bundled variant, two experts and two `counting` bots alternating, both
//!    seatings, 1,000 matches, seed 1: the experts below the counting bots.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use golf::bots::Strategy;
use golf::rules::{self, Rules};
use golf::sim::{self, Trial};

/// L's rules, as the issue gives them.
const L_RULES: &str = r#"
extends = "classic"
name = "classic-no-flip"
[matching]
negative_matches = "cancel"
[play]
face_up_at_start = 0
"#;

/// Each seat's mean hole and its 95% interval, `matches` matches of `bots` under `rules`.
fn seats(rules: &Rules, bots: &[Strategy], matches: u64, seed: u64) -> Vec<(f64, f64)> {
    let setup = Trial {
        rules: rules.clone(),
        vs: None,
        players: bots.len(),
        holes: 9,
        matches,
        bots: bots.to_vec(),
        seed,
    };
    let report = sim::run(&setup, 0, &|_| {}).expect("the simulation runs");
    report
        .base
        .seats
        .iter()
        .map(|s| (s.mean(), s.ci95()))
        .collect()
}

/// The mean of the seats `bots` gives to `strategy`.
fn mean_of(seats: &[(f64, f64)], bots: &[Strategy], strategy: Strategy) -> f64 {
    let of: Vec<f64> = seats
        .iter()
        .zip(bots)
        .filter(|(_, b)| **b == strategy)
        .map(|(s, _)| s.0)
        .collect();
    of.iter().sum::<f64>() / of.len() as f64
}

fn verdict(met: bool) -> &'static str {
    match met {
        true => "met",
        false => "NOT MET",
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let scale = |n: u64| if quick { n / 10 } else { n };
    let mut all_met = true;
    let (expert, counting, random) = (Strategy::Expert, Strategy::Counting, Strategy::Random);

    let l_rules = rules::resolve_text("classic-no-flip.toml", L_RULES).expect("L's rules");
    let bots = [expert, random, random, random];
    let l = seats(&l_rules, &bots, scale(5_000), 3);
    let met = l[0].0 <= 5.90;
    all_met &= met;
    println!(
        "L's rules, expert in seat 1 against three random, {} matches: {:.2} ± {:.2} a hole (target ≤ 5.90): {}",
        scale(5_000),
        l[0].0,
        l[0].1,
        verdict(met)
    );

    let classic = rules::resolve("classic", &[]).expect("classic");
    for seat in 0..4 {
        let bots: Vec<Strategy> = (0..4)
            .map(|s| if s == seat { expert } else { counting })
            .collect();
        let s = seats(&classic, &bots, scale(3_000), 3);
        let gap = mean_of(&s, &bots, counting) - mean_of(&s, &bots, expert);
        let met = gap >= 0.5;
        all_met &= met;
        println!(
            "classic, the expert in seat {} among three counting, {} matches: expert {:.2} ± {:.2}, counting {:.2}, {:.2} a hole lower (target ≥ 0.5): {}",
            seat + 1,
            scale(3_000),
            s[seat].0,
            s[seat].1,
            mean_of(&s, &bots, counting),
            gap,
            verdict(met)
        );
    }

    for variant in rules::bundled::variant_names() {
        let rules = rules::resolve(variant, &[]).expect("a bundled variant");
        for bots in [
            [expert, counting, expert, counting],
            [counting, expert, counting, expert],
        ] {
            let s = seats(&rules, &bots, scale(1_000), 1);
            let (e, c) = (mean_of(&s, &bots, expert), mean_of(&s, &bots, counting));
            let met = e < c;
            all_met &= met;
            let first = match bots[0] {
                Strategy::Expert => "expert first",
                _ => "counting first",
            };
            println!(
                "{variant}, experts and counting alternating ({first}), {} matches: expert {e:.2}, counting {c:.2}, {:.2} lower (target > 0): {}",
                scale(1_000),
                c - e,
                verdict(met)
            );
        }
    }
    assert!(all_met, "a target of the expert's strength is not met");
}
