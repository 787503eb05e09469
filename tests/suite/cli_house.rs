//! House rules at every level from the command line: a whole hole scored without a match,
//! packs of the rules' own, knocks, matches to a target, and every refusal of a rules file
//! or grid the new rules bring (exit 2, a message naming what is wrong).

use crate::common::Env;

#[test]
fn a_whole_hole_is_scored_and_every_step_explained() {
    let env = Env::new();
    let args = [
        "score",
        "--rules",
        "classic",
        "--house",
        "blackjack",
        "--house",
        "out-penalty-10",
        "--house",
        "underdog",
        "--house",
        "tied-shame",
        "--out",
        "ann",
        "ann=7 J 8 / 10 8 7",
        "bob=3 8 4 / A 8 4",
        "cat=2 4 7 / 5 4 5",
    ];
    let out = env.ok(&args);
    assert!(out.contains("ann (went out)"), "{out}");
    assert!(
        out.contains("went out with 50 but bob, cat scored lower: penalty `add 10` adds 10"),
        "{out}"
    );
    assert!(out.contains("the hole's lowest score, 4: -3"), "{out}");
    assert!(out.contains("house rule underdog"), "{out}");
    let mut json = vec!["--json"];
    json.extend(args);
    let doc: serde_json::Value = serde_json::from_str(&env.ok(&json)).unwrap();
    assert_eq!(doc["rules"], "classic");
    let totals: Vec<(String, i64, i64)> = doc["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["score"].as_i64().unwrap(),
                p["total"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        totals,
        vec![
            ("ann".into(), 50, 60),
            ("bob".into(), 4, 1),
            ("cat".into(), 15, 15)
        ]
    );
}

#[test]
fn a_knock_and_a_score_map_from_the_command_line() {
    let env = Env::new();
    let doc = env.json(&[
        "score",
        "--rules",
        "classic",
        "--house",
        "blackjack",
        "--house",
        "out-bonus-5",
        "--house",
        "knock",
        "--knock",
        "bob",
        "ann=3 9 K / 3 4 8",
        "bob=3 8 4 / A 8 4",
    ]);
    assert_eq!(doc["players"][0]["total"], 0, "21 → 0: {doc}");
    assert_eq!(doc["players"][1]["ended"], "knocked");
    assert_eq!(doc["players"][1]["total"], -1);
    assert!(doc["players"][0]["adjustments"]
        .as_str()
        .unwrap()
        .contains("21 → 0 by the score map"));
}

#[test]
fn whole_hole_refusals() {
    let env = Env::new();
    let stderr = env.bad(&[
        "score",
        "--rules",
        "classic",
        "ann=5 K Q / 5 2 J",
        "ann=2 7 Q / 2 7 Q",
    ]);
    assert!(stderr.contains("ann is given twice"), "{stderr}");
    let stderr = env.bad(&[
        "score",
        "--rules",
        "classic",
        "--out",
        "ann",
        "5 K Q / 5 2 J",
    ]);
    assert!(stderr.contains("PLAYER=GRID"), "{stderr}");
    let stderr = env.bad(&[
        "score",
        "--rules",
        "classic",
        "--out",
        "zed",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
    ]);
    assert!(stderr.contains("`zed` is not a player"), "{stderr}");
    let stderr = env.bad(&[
        "score",
        "--rules",
        "classic",
        "ann=7 7 7 / 2 3 4",
        "bob=7 7 Q / 2 7 Q",
    ]);
    assert!(
        stderr.contains("6 sevens but the deck holds 4 (ann 3, bob 3)"),
        "{stderr}"
    );
    let stderr = env.bad(&["score", "--rules", "classic", "ann=5 K Q / 5 2 11"]);
    assert!(
        stderr.contains("ann's grid") && stderr.contains("`11`"),
        "{stderr}"
    );
}

#[test]
fn play_nine_scores_its_own_pack_without_a_double_dash() {
    let env = Env::new();
    let out = env.ok(&["score", "--rules", "play-nine", "-5 8 8 3 / HIO 8 8 4"]);
    assert!(out.contains("Total: -13"), "{out}");
    assert!(out.contains("two matched columns of 8s"), "{out}");
    assert!(out.contains("column 1: -5 -5"), "{out}");
    // flags after the grid still work, and unquoted words too
    let doc = env.json(&[
        "score",
        "--rules",
        "play-nine",
        "-5",
        "8",
        "8",
        "3",
        "/",
        "HIO",
        "8",
        "8",
        "4",
    ]);
    assert_eq!(doc["total"], -13);
    let out = env.ok(&[
        "score",
        "--rules",
        "play-nine",
        "-5 8 8 3 / HIO 8 8 4",
        "--json",
    ]);
    assert!(out.contains("\"total\": -13"), "{out}");
    let shown = env.ok(&["rules", "show", "play-nine"]);
    assert!(
        shown.contains("pack.hole-in-one") && shown.contains("typed -5 or HIO"),
        "{shown}"
    );
    let stderr = env.bad(&["score", "--rules", "play-nine", "-5 8 8 3 / K 8 8 4"]);
    assert!(
        stderr.contains("`K` is not a card of play-nine") && stderr.contains("-5 (HIO)"),
        "{stderr}"
    );
    let stderr = env.bad(&["score", "--rules", "play-nine", "-5 -5 -5 3 / HIO HIO 8 4"]);
    assert!(
        stderr.contains("5 hole-in-ones but the deck holds 4"),
        "{stderr}"
    );
}

#[test]
fn a_rank_valued_by_suit_must_be_typed_with_its_suit() {
    let env = Env::new();
    let stderr = env.bad(&[
        "score",
        "--rules",
        "classic",
        "--house",
        "one-eyed-jacks",
        "J♠ 4 9 / J 4 Q",
    ]);
    assert!(stderr.contains("`J` needs a suit"), "{stderr}");
    assert!(
        stderr.contains("Jh = 0") && stderr.contains("Js = 0"),
        "{stderr}"
    );
    let out = env.ok(&[
        "score",
        "--rules",
        "classic",
        "--house",
        "one-eyed-jacks",
        "J♠ 4 9 / Jd 4 Q",
    ]);
    assert!(out.contains("Total: 19"), "{out}");
}

#[test]
fn every_new_rules_key_is_bounded_and_checked() {
    let env = Env::new();
    for (body, key, says) in [
        ("[going_out]\npenalty = \"times 11\"", "times 11", "from 2 to 10"),
        ("[going_out]\npenalty = \"times 1\"", "times 1", "from 2 to 10"),
        ("[going_out]\npenalty_when = \"sometimes\"", "sometimes", "unknown variant"),
        ("[deck]\njokers = 65", "65", "0 to 64"),
        ("[match]\ntarget = 0", "0", "1 to 10000"),
        ("[match]\ntarget = 10001", "10001", "1 to 10000"),
        ("[hole]\nscore_map = { \"501\" = 0 }", "501", "-500 to 500"),
        ("[hole]\nscore_map = { \"21\" = 501 }", "501", "-500 to 500"),
        ("[hole]\nlowest_bonus = 101", "101", "-100 to 100"),
        ("[hole]\ntie_penalty = -101", "-101", "-100 to 100"),
        ("[hole]\ntie_penalties = 5", "tie_penalties", "unknown field"),
        ("[matching]\nmatched_values = { joker = 201 }", "201", "-200 to 200"),
        ("[matching]\nmatched_values = { Z = 1 }", "matching.matched_values.Z", "not a rank"),
        ("[matching]\nrank_columns = { J = { 7 = -5 } }", "7", "1 to 6"),
        ("[matching]\nrank_columns = { J = { 2 = -201 } }", "-201", "-200 to 200"),
        (
            "[pack]\nfaces = [{ name = \"a\", tokens = [\"A\"], copies = 0, value = 1 }]",
            "0",
            "1 to 64",
        ),
        (
            "[pack]\nfaces = [{ name = \"a\", tokens = [\"A\"], copies = 2, value = 101 }]",
            "101",
            "-100 to 100",
        ),
        (
            "[pack]\nfaces = [{ name = \"a\", tokens = [\"A\"], copies = 2, value = 1 }, { name = \"b\", tokens = [\"a\"], copies = 2, value = 2 }]",
            "pack.faces",
            "stands for two faces",
        ),
        (
            "[pack]\nfaces = [{ name = \"a\", tokens = [\"A B\"], copies = 2, value = 1 }]",
            "pack.faces",
            "cannot be typed",
        ),
        (
            "[pack]\nfaces = [{ name = \"a\", tokens = [\"A\"], copies = 2, value = 1, colour = \"red\" }]",
            "colour",
            "unknown field",
        ),
    ] {
        let file = env.write("ours.toml", &format!("extends = \"classic\"\n{body}\n"));
        let stderr = env.bad(&["rules", "check", file.to_str().unwrap()]);
        assert!(
            stderr.contains("ours.toml") && stderr.contains(key) && stderr.contains(says),
            "{body}: {stderr}"
        );
    }
    // a pack of its own cannot also hold jokers
    let file = env.write(
        "ours.toml",
        "extends = \"six-card\"\n[pack]\nfaces = [{ name = \"a\", tokens = [\"A\"], copies = 9, value = 1 }]\n",
    );
    let stderr = env.bad(&["rules", "check", file.to_str().unwrap()]);
    assert!(stderr.contains("holds no jokers"), "{stderr}");
}

#[test]
fn a_group_file_with_every_new_key_validates_and_scores() {
    let env = Env::new();
    let file = crate::common::repo("tests/cases/rules/house-keys.toml");
    let file = file.to_str().unwrap();
    let out = env.ok(&["rules", "check", file]);
    assert!(out.contains("ok"), "{out}");
    let shown = env.ok(&["rules", "show", file]);
    for key in [
        "deck.jokers",
        "values.suited.Qs",
        "matching.matched_values.joker",
        "matching.rank_columns.Q",
        "going_out.penalty",
        "hole.score_map.13",
        "hole.lowest_bonus",
        "hole.tie_penalty",
        "match.target",
    ] {
        assert!(shown.contains(key), "{key} missing:\n{shown}");
    }
    let doc = env.json(&[
        "score",
        "--rules",
        file,
        "--out",
        "ann",
        "ann=3 8 4 / A 8 4",
        "bob=5 A J / 5 3 J",
    ]);
    assert_eq!(doc["players"][0]["total"], 11, "{doc}");
    assert_eq!(doc["players"][1]["total"], 2, "{doc}");
}

#[test]
fn a_knock_is_recorded_as_a_knock() {
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--house",
        "out-penalty-10",
        "--house",
        "knock",
        "ann",
        "bob",
    ]);
    let out = env.ok(&[
        "hole",
        "--knock",
        "ann",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
    ]);
    assert!(
        out.contains("knocked with 18 but bob scored lower"),
        "{out}"
    );
    let card = env.json(&["card"]);
    assert_eq!(card["holes"][0]["out"], "ann");
    assert_eq!(card["holes"][0]["knocked"], true);
    assert_eq!(card["players"][0]["total"], 28);
    let text = env.ok(&["card"]);
    assert!(text.contains("ann (knocked)"), "{text}");
    let stderr = env.bad(&["hole", "--knock", "ann", "--out", "bob", "ann=3", "bob=4"]);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}

/// A knock where the rules have none (classic: Official §9.4 is a house rule) is refused
/// everywhere a hole is recorded or scored, exit 2, nothing written.
#[test]
fn a_knock_under_rules_without_knocking_is_refused() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let hole = [
        "hole",
        "--knock",
        "ann",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
    ];
    let stderr = env.bad(&hole);
    assert!(stderr.contains("ann cannot have knocked"), "{stderr}");
    assert!(stderr.contains("--out ann"), "{stderr}");
    assert_eq!(env.json(&["card"])["holes_played"], 0);
    let stderr = env.bad(&[
        "score",
        "--rules",
        "classic",
        "--knock",
        "bob",
        "ann=3 9 K / 3 4 8",
        "bob=3 8 4 / A 8 4",
    ]);
    assert!(stderr.contains("bob cannot have knocked"), "{stderr}");
    // four-card has knocking of its own; an export claiming a knock under classic is refused
    env.ok(&[
        "hole",
        "--out",
        "ann",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
    ]);
    let export = env.ok(&["export"]);
    assert!(export.contains("\"knocked\": false"), "{export}");
    let forged = export.replacen("\"knocked\": false", "\"knocked\": true", 1);
    let file = env.write("forged.json", &forged);
    let other = Env::new();
    let stderr = other.bad(&["import", file.to_str().unwrap()]);
    assert!(stderr.contains("cannot have knocked"), "{stderr}");
    let four = Env::new();
    four.ok(&["new", "--rules", "four-card", "ann", "bob"]);
    four.ok(&["hole", "--knock", "ann", "ann=5 K / 5 2", "bob=2 7 / 2 7"]);
    assert_eq!(four.json(&["card"])["holes"][0]["knocked"], true);
}

#[test]
fn a_match_to_a_target_refuses_the_hole_after_it_and_finishes() {
    let env = Env::new();
    let doc = env.json(&["new", "--rules", "classic", "--target", "30", "ann", "bob"]);
    assert_eq!(
        doc["holes_planned"], 36,
        "the hole count is left open: {doc}"
    );
    env.ok(&["hole", "ann=12", "bob=5"]);
    let stderr = env.bad(&["finish"]);
    assert!(stderr.contains("has 1 of 36 holes"), "{stderr}");
    env.ok(&["hole", "ann=20", "bob=3"]);
    let card = env.ok(&["card"]);
    assert!(
        card.contains("where ann reached the target of 30 with 32"),
        "the card says why: {card}"
    );
    let stderr = env.bad(&["hole", "ann=1", "bob=1"]);
    assert!(
        stderr.contains("is over: ann reached the target of 30 points with 32"),
        "{stderr}"
    );
    let out = env.ok(&["finish"]);
    assert!(out.contains("Winner: bob with 8"), "{out}");
    let stderr = env.bad(&["new", "--rules", "classic", "--target", "0", "ann", "bob"]);
    assert!(stderr.contains("--target 0 is out of range"), "{stderr}");
}

/// `--house none` on rescore leaves the match's own house rules out (what the match would
/// have been without them), and on `rules show` shows the variant alone.
#[test]
fn house_none_rescores_without_the_matchs_house_rules() {
    let env = Env::new();
    let sheet = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/classic-9-holes.toml");
    env.ok(&["import", sheet]);
    let without = env.json(&["rescore", "1", "--house", "none"]);
    let plain = env.json(&["rescore", "1", "--rules", "classic"]);
    let with = env.json(&["rescore", "1"]);
    let totals = |doc: &serde_json::Value| -> Vec<i64> {
        doc["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["rescored_total"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(totals(&without), totals(&plain));
    // the example's out-penalty-10 costs someone points: without it the totals differ
    assert_ne!(totals(&without), totals(&with));
    let shown = env.ok(&["rules", "show", "classic", "--house", "none"]);
    assert_eq!(shown, env.ok(&["rules", "show", "classic"]));
}
