//! `golf advise` (CLI.md "Advice", RULES.md §18): the JSON shape, moves best first with what
//! they give away and their marks, impossible positions refused, and on the final turn every
//! move's expected score equal to a brute-force enumeration of the face-down cards.

use crate::common::Env;
use golf::grid::Grid;
use serde_json::Value;

/// Classic's pack by rank text, four of each.
const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

fn advise(env: &Env, args: &[&str]) -> Value {
    let mut all = vec!["advise", "--rules", "classic", "--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&env.ok(&all)).unwrap()
}

#[test]
fn every_legal_move_best_first_with_what_it_gives_away_and_its_mark() {
    let env = Env::new();
    let doc = advise(
        &env,
        &[
            "--grid",
            "5 ? Q / ?7 2 ?",
            "--discard",
            "5",
            "--other",
            "bob=? 4 ? / ? 8 ?",
        ],
    );
    assert_eq!(doc["rules"], "classic");
    let moves = doc["moves"].as_array().unwrap();
    // drawing from the stock, and taking the 5 into each of the six cells
    assert_eq!(moves.len(), 7, "{doc}");
    let best = moves[0]["expected"].as_f64().unwrap();
    let mut last = f64::NEG_INFINITY;
    for m in moves {
        let keys: Vec<&str> = m.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "action",
                "draw",
                "expected",
                "gives_away",
                "mark",
                "move",
                "position"
            ],
            "{m}"
        );
        let e = m["expected"].as_f64().unwrap();
        assert!(e >= last, "best first: {doc}");
        last = e;
        let given = m["gives_away"].as_f64().unwrap();
        assert!((given - (e - best)).abs() < 1e-9);
        let want = match given {
            g if g >= 3.0 => Value::from("blunder"),
            g if g >= 1.5 => Value::from("mistake"),
            g if g >= 0.5 => Value::from("inaccuracy"),
            _ => Value::Null,
        };
        assert_eq!(m["mark"], want, "{m}");
    }
    // the peeked 7 under the face-up 5: taking the 5 there makes a pair of 5s, the best move
    assert_eq!(moves[0]["draw"], "discard");
    assert_eq!(moves[0]["action"], "swap");
    assert_eq!(moves[0]["position"], serde_json::json!([2, 1]));
    let stock = moves.iter().find(|m| m["draw"] == "stock").unwrap();
    assert_eq!(
        (&stock["action"], &stock["position"]),
        (&Value::Null, &Value::Null)
    );
}

#[test]
fn impossible_positions_are_refused_naming_the_card_or_the_shape() {
    let env = Env::new();
    let cases: [(&[&str], &str); 7] = [
        (&["--grid", "5 5 5 / 5 ? ?", "--discard", "5"], "more 5"),
        (
            &[
                "--grid",
                "5 ? ? / 5 2 J",
                "--discard",
                "J",
                "--seen",
                "J J J",
            ],
            "more J",
        ),
        (
            &["--grid", "5 ? ? / 5 2", "--discard", "4"],
            "row 2 has 2 cards but row 1 has 3",
        ),
        (
            &["--grid", "5 ? ? / 5 2 J / 3 3 3", "--discard", "4"],
            "classic grids have 2 rows of 3",
        ),
        (
            &["--grid", "5 ?X ? / 5 2 J", "--discard", "4"],
            "`?X` is not a card",
        ),
        (
            &["--grid", "5 ?JK ? / 5 2 J", "--discard", "4"],
            "classic is played without jokers",
        ),
        (
            &["--grid", "5 ? ? / 5 2 X", "--discard", "4"],
            "`X` is not a card",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["advise", "--rules", "classic"];
        all.extend_from_slice(args);
        let err = env.bad(&all);
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

/// Every ordered choice of `k` distinct indices below `n`.
fn fills(n: usize, k: usize, pick: &mut Vec<usize>, each: &mut impl FnMut(&[usize])) {
    if pick.len() == k {
        each(pick);
        return;
    }
    for i in 0..n {
        if !pick.contains(&i) {
            pick.push(i);
            fills(n, k, pick, each);
            pick.pop();
        }
    }
}

/// Classic's pack less every card `shown` names (a face-down `?` names none; `?8`, a card
/// peeked at, names the 8).
fn unseen_after<'a>(shown: impl IntoIterator<Item = &'a str>) -> Vec<&'static str> {
    let mut unseen: Vec<&str> = RANKS.iter().flat_map(|r| [*r; 4]).collect();
    for card in shown.into_iter().map(|c| c.trim_start_matches('?')) {
        if !card.is_empty() {
            let i = unseen.iter().position(|c| *c == card).unwrap();
            unseen.remove(i);
        }
    }
    unseen
}

/// The cell (row by row from 0, classic's 2×3) that advice move `m` swaps its card into;
/// `None` for any other move.
fn swapped_cell(m: &Value) -> Option<usize> {
    if m["action"] != "swap" {
        return None;
    }
    let p = m["position"].as_array().unwrap();
    Some((p[0].as_u64().unwrap() as usize - 1) * 3 + p[1].as_u64().unwrap() as usize - 1)
}

/// Classic's score of a 2×3 grid's cards, row by row.
fn classic_total<S: AsRef<str>>(cards: &[S], rules: &golf::rules::Rules) -> i64 {
    let cards: Vec<&str> = cards.iter().map(AsRef::as_ref).collect();
    let text = format!("{} / {}", cards[..3].join(" "), cards[3..].join(" "));
    i64::from(golf::scoring::total(&Grid::parse(&text).unwrap(), rules))
}

/// On the final turn every move ends the hole: its expected score is the mean of the
/// grid's score over every way its face-down cards could be filled from the cards the
/// player has not seen, enumerated here card by card (classic: no hole adjustments).
#[test]
fn on_the_final_turn_each_expectation_is_the_brute_force_mean() {
    let env = Env::new();
    let rules = golf::rules::resolve("classic", &[]).unwrap();
    for (grid, drawn, seen) in [
        ("5 ? ? / 5 2 J", "9", "3 Q K K"),
        ("?8 K ? / 7 ? J", "8", "2 2 7 A"),
    ] {
        let other = "K K 3 / 4 A 2";
        let discard = "6";
        let doc = advise(
            &env,
            &[
                "--grid",
                grid,
                "--discard",
                discard,
                "--drawn",
                drawn,
                "--seen",
                seen,
                "--other",
                &format!("bob={other}"),
                "--ended",
            ],
        );
        // the unseen cards: the pack less every card shown
        let cells: Vec<&str> = grid.split(['/', ' ']).filter(|t| !t.is_empty()).collect();
        let unseen = unseen_after(
            cells
                .iter()
                .copied()
                .chain(other.split(['/', ' ']).filter(|t| !t.is_empty()))
                .chain(seen.split(' '))
                .chain([discard, drawn]),
        );
        let moves = doc["moves"].as_array().unwrap();
        assert!(moves.len() >= 7, "{doc}");
        for m in moves {
            let mut mine: Vec<&str> = cells.iter().map(|t| t.trim_start_matches('?')).collect();
            if let Some(cell) = swapped_cell(m) {
                mine[cell] = drawn;
            }
            let holes: Vec<usize> = (0..6).filter(|c| mine[*c].is_empty()).collect();
            let (mut sum, mut ways) = (0i64, 0i64);
            fills(unseen.len(), holes.len(), &mut Vec::new(), &mut |pick| {
                let mut full = mine.clone();
                for (cell, i) in holes.iter().zip(pick) {
                    full[*cell] = unseen[*i];
                }
                sum += classic_total(&full, &rules);
                ways += 1;
            });
            let want = sum as f64 / ways as f64;
            let got = m["expected"].as_f64().unwrap();
            assert!(
                (got - want).abs() < 1e-9,
                "{grid}: {} {got} against {want}",
                m["move"]
            );
        }
    }
}

/// Where a hole adjustment compares the players (`tied-shame`: +5 to each player whose score
/// equals another's), the final turn's expectation runs over the others' face-down cards
/// too, filled jointly with the player's own: enumerated here card by card, the tie
/// penalty applied by hand.
#[test]
fn on_the_final_turn_a_tie_penalty_is_weighed_over_every_fill_of_every_grid() {
    let env = Env::new();
    let rules = golf::rules::resolve("classic", &[]).unwrap();
    let (grid, drawn, discard) = ("5 ? K / 5 2 J", "9", "6");
    let (bob, cat) = ("K K 3 / 4 A 2", "? 7 Q / 3 ? 4");
    let seen = "2 2 3 4 4 5 6 6 7 7 8 8 9 10 10 J J Q";
    let doc: Value = serde_json::from_str(&env.ok(&[
        "advise",
        "--rules",
        "classic",
        "--house",
        "tied-shame",
        "--json",
        "--grid",
        grid,
        "--discard",
        discard,
        "--drawn",
        drawn,
        "--seen",
        seen,
        "--other",
        &format!("bob={bob}"),
        "--other",
        &format!("cat={cat}"),
        "--ended",
    ]))
    .unwrap();
    let tokens = |g: &str| -> Vec<String> {
        g.split(['/', ' '])
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect()
    };
    let shown: Vec<String> = [grid, bob, cat].iter().flat_map(|g| tokens(g)).collect();
    let unseen = unseen_after(
        shown
            .iter()
            .map(String::as_str)
            .chain(seen.split(' '))
            .chain([discard, drawn]),
    );
    let score = |cards: &[String]| classic_total(cards, &rules);
    let bob_score = score(&tokens(bob));
    for m in doc["moves"].as_array().unwrap() {
        let mut mine = tokens(grid);
        if let Some(cell) = swapped_cell(m) {
            mine[cell] = drawn.to_string();
        }
        let cats = tokens(cat);
        let holes: Vec<(usize, usize)> = (0..6)
            .filter(|c| mine[*c] == "?")
            .map(|c| (0, c))
            .chain((0..6).filter(|c| cats[*c] == "?").map(|c| (1, c)))
            .collect();
        let (mut sum, mut ways) = (0i64, 0i64);
        fills(unseen.len(), holes.len(), &mut Vec::new(), &mut |pick| {
            let mut grids = [mine.clone(), cats.clone()];
            for ((g, cell), i) in holes.iter().zip(pick) {
                grids[*g][*cell] = unseen[*i].to_string();
            }
            let (me, them) = (score(&grids[0]), score(&grids[1]));
            sum += me + if me == them || me == bob_score { 5 } else { 0 };
            ways += 1;
        });
        let want = sum as f64 / ways as f64;
        let got = m["expected"].as_f64().unwrap();
        assert!(
            (got - want).abs() < 1e-9,
            "{}: {got} against {want}",
            m["move"]
        );
    }
}

/// Cards are typed as every other command takes them: under suited values
/// (`one-eyed-jacks`) a jack needs its suit and any other card may go without (four
/// suitless 4s beside nothing else are four of the pack's 4s, a fifth is too many), and a
/// face of a pack of the rules' own by any of its tokens (play-nine's hole-in-one as `HIO`
/// or `-5`).
#[test]
fn cards_are_typed_as_the_rules_pack_holds_them() {
    let env = Env::new();
    let suited = [
        "advise",
        "--rules",
        "classic",
        "--house",
        "one-eyed-jacks",
        "--json",
    ];
    let run = |extra: &[&str]| {
        let mut all = suited.to_vec();
        all.extend_from_slice(extra);
        all.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let args = run(&[
        "--grid",
        "Jh 4s ? / 4 9 4",
        "--discard",
        "Js",
        "--drawn",
        "4",
    ]);
    let doc: Value =
        serde_json::from_str(&env.ok(&args.iter().map(String::as_str).collect::<Vec<_>>()))
            .unwrap();
    let moves = doc["moves"].as_array().unwrap();
    assert!(
        moves
            .iter()
            .any(|m| m["move"] == "swap the 4 for row 1, column 3"),
        "{doc}"
    );
    let args = run(&[
        "--grid",
        "Jh 4s ? / 4 9 4",
        "--discard",
        "4",
        "--drawn",
        "4",
    ]);
    let err = env.bad(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(err.contains("more 4 than the pack holds (4 in"), "{err}");
    let args = run(&[
        "--grid",
        "Jh 4s ? / 4 9 ?",
        "--discard",
        "5",
        "--drawn",
        "J",
    ]);
    let err = env.bad(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(err.contains("J needs a suit"), "{err}");

    for token in ["HIO", "-5"] {
        let out = env.ok(&[
            "advise",
            "--rules",
            "play-nine",
            "--grid",
            "5 ? ? ? / ? 2 ? ?",
            "--discard",
            token,
            "--json",
        ]);
        let doc: Value = serde_json::from_str(&out).unwrap();
        assert!(
            doc["moves"].as_array().unwrap().iter().any(|m| m["move"]
                .as_str()
                .unwrap_or_default()
                .starts_with("take the -5")),
            "{token}: {doc}"
        );
    }
}

/// `--deep` (CLI.md "Deeper advice"): every move within 2 points of the best expectation,
/// and no other, carries its rollout (mean, 95% interval, play-outs), those first by
/// rollout mean; the same seed gives the same figures, another seed others; `--samples`
/// is bounded and needs `--deep`.
#[test]
fn deep_advice_plays_out_the_close_moves_and_orders_them_by_rollout() {
    let env = Env::new();
    let position = [
        "--grid",
        "5 ? Q / ?7 2 ?",
        "--discard",
        "K",
        "--other",
        "bob=? 4 ? / ? 8 ?",
        "--deep",
        "--samples",
        "40",
    ];
    let run = |seed: &str| {
        let mut args = position.to_vec();
        args.extend(["--seed", seed]);
        advise(&env, &args)
    };
    let doc = run("9");
    let moves = doc["moves"].as_array().unwrap();
    let best = moves
        .iter()
        .map(|m| m["expected"].as_f64().unwrap())
        .fold(f64::INFINITY, f64::min);
    let (mut rolled, mut last, mut others) = (0, f64::NEG_INFINITY, false);
    for m in moves {
        let close = m["expected"].as_f64().unwrap() <= best + 2.0;
        match m.get("rollout") {
            Some(r) => {
                assert!(close && !others, "{doc}");
                assert_eq!(r["samples"], 40, "{m}");
                let mean = r["mean"].as_f64().unwrap();
                assert!(mean >= last, "by rollout mean: {doc}");
                assert!(r["ci95"].as_f64().unwrap() > 0.0, "{m}");
                (rolled, last) = (rolled + 1, mean);
            }
            None => {
                assert!(!close, "a close move not played out: {m}");
                others = true;
            }
        }
    }
    assert!(rolled >= 2 && others, "{doc}");
    assert_eq!(run("9"), doc, "the same seed, the same figures");
    assert_ne!(run("10"), doc, "another seed, other figures");

    for (samples, want) in [
        ("0", "expected 1 to 100000"),
        ("100001", "expected 1 to 100000"),
    ] {
        let mut args = vec!["advise", "--rules", "classic"];
        args.extend_from_slice(&position[..7]);
        args.extend(["--samples", samples]);
        let err = env.bad(&args);
        assert!(err.contains(want), "{samples}: {err}");
    }
    let err = env.bad(&[
        "advise",
        "--rules",
        "classic",
        "--grid",
        "5 ? Q / ?7 2 ?",
        "--discard",
        "K",
        "--samples",
        "40",
    ]);
    assert!(err.contains("--deep"), "{err}");
}
