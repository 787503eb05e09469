//! `golf score`, `golf rules …` and `golf ruling` from the command line.

use crate::common::Env;
use serde::Deserialize;

/// The `golf score --json` document; unknown fields fail, so a schema change fails a test.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ScoreJson {
    rules: String,
    house: Vec<String>,
    grid: String,
    total: i32,
    explanation: Vec<String>,
    sets: Vec<SetJson>,
    unmatched: Vec<serde_json::Value>,
    bonuses: Vec<BonusJson>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct SetJson {
    kind: String,
    place: String,
    cells: Vec<serde_json::Value>,
    cards: Vec<String>,
    rule: String,
    points: i32,
    source: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct BonusJson {
    rank: String,
    columns: u32,
    points: i32,
    rule: String,
    source: String,
}

#[test]
fn eight_card_identical_pairings_earn_minus_10_with_their_source() {
    let env = Env::new();
    let out = env.ok(&["score", "--rules", "eight-card", "6 4 9 9 / A K 9 9"]);
    assert!(
        out.contains("column 3: 9 9 — column pair, scores 0"),
        "{out}"
    );
    assert!(
        out.contains("two matched columns of nines: same-rank columns bonus, scores -10 (Eight-card sheet, hand #2"),
        "{out}"
    );
    assert!(out.contains("Total: 1"), "{out}");
}

#[test]
fn json_has_rules_total_and_breakdown() {
    let env = Env::new();
    let text = env.ok(&[
        "--json",
        "score",
        "--rules",
        "eight-card",
        "6 4 9 9 / A K 9 9",
    ]);
    let doc: ScoreJson = serde_json::from_str(&text).unwrap();
    assert_eq!(doc.rules, "eight-card");
    assert_eq!(doc.total, 1);
    assert_eq!(doc.sets.len(), 2);
    assert_eq!(doc.sets[0].cards, vec!["9", "9"]);
    assert_eq!(doc.bonuses.len(), 1);
    assert_eq!(doc.bonuses[0].points, -10);
    assert_eq!(doc.unmatched.len(), 4);
}

#[test]
fn unquoted_grid_words_and_stdin_are_accepted() {
    let env = Env::new();
    let out = env.ok(&[
        "score",
        "--rules",
        "classic",
        "--house",
        "horizontal-pairs",
        "7",
        "7",
        "3",
        "/",
        "4",
        "5",
        "6",
    ]);
    assert!(out.contains("Total: 18"), "{out}");
    assert!(out.contains("house rule horizontal-pairs"), "{out}");
    let out = env
        .golf()
        .args(["score", "--rules", "quick"])
        .write_stdin("K 9\nK 2\n")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("Total: 7"));
}

#[test]
fn negative_pairs_explained() {
    let env = Env::new();
    let out = env.ok(&["score", "--rules", "classic", "2 7 Q / 2 7 Q"]);
    assert!(
        out.contains("column 1: 2 2 — column pair of negative cards keeps its sum, scores -4"),
        "{out}"
    );
    let out = env.ok(&["score", "--rules", "six-card", "JK 3 4 / JK 3 9"]);
    assert!(out.contains("negative cards cancel too, scores 0"), "{out}");
}

#[test]
fn bad_grids_exit_2_naming_what_is_wrong() {
    let env = Env::new();
    let cases: &[(&[&str], &str)] = &[
        (
            &["score", "--rules", "classic", "5 K Q / 5 11 J"],
            "`11` is not a card",
        ),
        (
            &["score", "--rules", "classic", "5 K / 5 2"],
            "classic grids have 3 cards a row",
        ),
        (
            &["score", "--rules", "classic", "5 K Q"],
            "the grid has 1 row; classic grids have 2 rows",
        ),
        (
            &["score", "--rules", "classic", "5 K Q / 5 JK J"],
            "played without jokers",
        ),
        (
            &["score", "--rules", "classic", "5 K Q / 5 2"],
            "row 2 has 2 cards but row 1 has 3",
        ),
        (
            &["score", "--rules", "classic", "Q Q Q / Q Q Q"],
            "6 queens but the deck holds 4",
        ),
        (
            &["score", "--rules", "classic", "Qs Qs 2 / 3 4 5"],
            "2 of the Qs but the deck holds 1",
        ),
        (&["score", "--rules", "classic", " / "], "the grid is empty"),
        (
            &["score", "--rules", "nope", "5 K Q / 5 2 J"],
            "unknown rules `nope`",
        ),
        (
            &[
                "score",
                "--rules",
                "classic",
                "--house",
                "nope",
                "5 K Q / 5 2 J",
            ],
            "unknown house rule `nope`",
        ),
        (
            &[
                "score",
                "--rules",
                "classic",
                "--decks",
                "0",
                "5 K Q / 5 2 J",
            ],
            "--decks 0 is out of range",
        ),
        (&["score", "--rules", "classic"], "no grid"),
        (&["score"], "--rules"),
    ];
    for (args, needle) in cases {
        let stderr = if args == &["score", "--rules", "classic"] {
            // stdin is not a terminal under test: an empty stdin is an empty grid
            let out = env.golf().args(*args).write_stdin("").output().unwrap();
            assert_eq!(out.status.code(), Some(2));
            String::from_utf8_lossy(&out.stderr).into_owned()
        } else {
            env.bad(args)
        };
        let needle = if *needle == "no grid" {
            "the grid is empty"
        } else {
            needle
        };
        assert!(
            stderr.contains(needle),
            "golf {args:?}: expected {needle:?} in {stderr}"
        );
    }
    assert!(!env.db().exists(), "scoring never creates the database");
}

#[test]
fn absurdly_long_grid_is_refused() {
    let env = Env::new();
    let long = "5 ".repeat(5000);
    let stderr = env.bad(&["score", "--rules", "classic", &long]);
    assert!(
        stderr.contains("a grid is at most 400 characters"),
        "{stderr}"
    );
}

#[test]
fn score_help_has_an_example() {
    let env = Env::new();
    let out = env.ok(&["score", "--help"]);
    assert!(
        out.contains("golf score --rules classic \"5 K Q / 5 2 J\""),
        "{out}"
    );
}

#[test]
fn rules_list_show_diff() {
    let env = Env::new();
    let out = env.ok(&["rules", "list"]);
    for name in [
        "classic",
        "nine-card",
        "four-card-multiples",
        "out-penalty-double-plus-5",
        "look-once",
    ] {
        assert!(out.contains(name), "{name} missing from {out}");
    }
    let out = env.ok(&["rules", "show", "eight-card"]);
    assert!(out.contains("matching.same_rank_columns"), "{out}");
    assert!(out.contains("{ 2 = -10, 3 = -10, 4 = -20 }"), "{out}");
    assert!(out.contains("Eight-card sheet, hand #2"), "{out}");
    let out = env.ok(&["rules", "show", "classic", "--house", "out-penalty-10"]);
    assert!(out.contains("add 10"), "{out}");
    let out = env.ok(&["rules", "diff", "classic", "six-card"]);
    assert!(
        out.contains("matching.negative_matches") && out.contains("keep") && out.contains("cancel"),
        "{out}"
    );
    assert!(
        !out.contains("matching.columns"),
        "equal keys are not shown: {out}"
    );
    let doc = env.json(&["rules", "diff", "classic", "quick"]);
    let keys: Vec<&str> = doc
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys, vec!["layout", "match.holes"]);
}

#[test]
fn rules_check_validates_a_group_file() {
    let env = Env::new();
    let good = env.write(
        "ours.toml",
        "name = \"ours\"\nextends = \"classic\"\n[values]\nK = -1\n",
    );
    let out = env.ok(&["rules", "check", good.to_str().unwrap()]);
    assert!(out.contains("ok — `ours`"), "{out}");
    let bad = env.write(
        "bad.toml",
        "extends = \"classic\"\n[going_out]\npenalty = \"add ten\"\n",
    );
    let stderr = env.bad(&["rules", "check", bad.to_str().unwrap()]);
    assert!(
        stderr.contains("bad.toml") && stderr.contains("line 3"),
        "{stderr}"
    );
    assert!(stderr.contains("`ten` is not a whole number"), "{stderr}");
    let typo = env.write(
        "typo.toml",
        "extends = \"classic\"\n[layout]\nrows = 2\ncolumn = 3\n",
    );
    let stderr = env.bad(&["rules", "check", typo.to_str().unwrap()]);
    assert!(
        stderr.contains("line 4") && stderr.contains("unknown field `column`"),
        "{stderr}"
    );
    let range = env.write("range.toml", "extends = \"classic\"\n[layout]\nrows = 9\n");
    let stderr = env.bad(&["rules", "check", range.to_str().unwrap()]);
    assert!(
        stderr.contains("line 3") && stderr.contains("expected 1 to 4"),
        "{stderr}"
    );
    let diag = env.write(
        "diag.toml",
        "extends = \"classic\"\n[matching]\ndiagonals = true\n",
    );
    let stderr = env.bad(&["rules", "check", diag.to_str().unwrap()]);
    assert!(
        stderr.contains("line 3") && stderr.contains("square"),
        "{stderr}"
    );
    let jokers = env.write(
        "jokered.toml",
        "extends = \"classic\"\n[deck]\njokers_per_deck = 2\n",
    );
    let stderr = env.bad(&["rules", "check", jokers.to_str().unwrap()]);
    assert!(stderr.contains("values.joker"), "{stderr}");
    let missing = env.path("missing.toml");
    let stderr = env.bad(&["rules", "check", missing.to_str().unwrap()]);
    assert!(stderr.contains("cannot read rules file"), "{stderr}");
    let syntax = env.write("syntax.toml", "extends = \"classic\n");
    let stderr = env.bad(&["rules", "check", syntax.to_str().unwrap()]);
    assert!(stderr.contains("line 1"), "{stderr}");
}

#[test]
fn a_group_file_scores_through_the_same_path() {
    let env = Env::new();
    let file = env.write(
        "eyes.toml",
        "name = \"one-eyed\"\nextends = \"classic\"\nsource = \"our table, 2026\"\n[values]\nsuited = { \"Js\" = -1, \"Jh\" = -1 }\n",
    );
    let doc = env.json(&["score", "--rules", file.to_str().unwrap(), "Js 3 4 / 9 5 6"]);
    assert_eq!(doc["total"], (-1 + 9) + (3 + 5) + (4 + 6));
    let lines = doc["explanation"].to_string();
    assert!(lines.contains("our table, 2026"), "{lines}");
}

#[test]
fn ruling_finds_official_answers() {
    let env = Env::new();
    let out = env.ok(&["ruling", "horizontal"]);
    assert!(
        out.contains("Do horizontal pairs count?") && out.contains("Official §8.2"),
        "{out}"
    );
    let out = env.ok(&["ruling", "deck", "runs", "out"]);
    assert!(out.contains("Official §4.1"), "{out}");
    let doc = env.json(&["ruling", "face-down"]);
    assert!(!doc["rulings"].as_array().unwrap().is_empty());
    let out = env.golf().args(["ruling", "zebra"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no ruling answers `zebra`"));
}
