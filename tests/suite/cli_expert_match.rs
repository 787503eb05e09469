//! `golf simulate --bots expert-match` (RULES.md §18 "Playing for the match", CLI.md
//! "Deeper advice and play for the match"): the bot that plays to win the match, in the
//! lab and in a house-rule comparison, reproducible from the seed on any number of threads.

use crate::common::Env;

/// A small lab question with players who play to win: the same seed gives the same
/// figures (timing fields apart: there are none in `--json`) on one thread and on two,
/// the comparison with `--vs` included, and another seed others.
#[test]
fn expert_match_plays_the_same_from_the_seed_on_any_number_of_threads() {
    let env = Env::new();
    let run = |threads: &str, seed: &str| {
        let args = [
            "simulate",
            "--json",
            "--rules",
            "classic",
            "--players",
            "2",
            "--bots",
            "expert-match,expert",
            "--matches",
            "12",
            "--holes",
            "3",
            "--vs",
            "classic",
            "--vs-house",
            "out-penalty-10",
        ];
        let mut all = args.to_vec();
        all.extend(["--threads", threads, "--seed", seed]);
        env.ok(&all)
    };
    let one = run("1", "5");
    assert!(one.contains("\"expert-match-1\""), "{one}");
    assert_eq!(one, run("2", "5"));
    assert_ne!(one, run("1", "6"));
    // beyond two players the chance of winning is reckoned another way (a quadrature)
    let three = |threads: &str| {
        env.ok(&[
            "simulate",
            "--json",
            "--rules",
            "classic",
            "--players",
            "3",
            "--bots",
            "expert-match",
            "--matches",
            "6",
            "--holes",
            "2",
            "--seed",
            "8",
            "--threads",
            threads,
        ])
    };
    assert_eq!(three("1"), three("2"));
}

/// A bot name golf does not know is refused (exit 2) with the list of the bots, which names
/// expert-match.
#[test]
fn an_unknown_bot_is_refused_with_expert_match_among_the_bots() {
    let env = Env::new();
    let err = env.bad(&["simulate", "--rules", "classic", "--bots", "expert-matsch"]);
    assert!(err.contains("unknown bot `expert-matsch`"), "{err}");
    assert!(err.contains("expert-match"), "{err}");
}
