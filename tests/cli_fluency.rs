//! Fluency at the table: compact grids where the layout is known, unique prefixes of
//! players' names, rulings in players' words, the config file and the manual pages.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Env;

/// A classic match of annabel, bob and bert; returns its id.
fn match_of_three(env: &Env) -> String {
    let doc = env.json(&["new", "--rules", "classic", "annabel", "bob", "bert"]);
    doc["match"].to_string()
}

#[test]
fn compact_grids_and_name_prefixes_record_a_hole() {
    let env = Env::new();
    let id = match_of_three(&env);
    env.ok(&[
        "hole",
        "--out",
        "bo",
        "a=q44/q98",
        "bo=k4k/295",
        "be=85t/35T",
    ]);
    let card = env.json(&["card", &id]);
    assert_eq!(card["holes"][0]["entries"][0]["grid"], "Q 4 4 / Q 9 8");
    // what was typed is kept as typed (the export is lossless)
    let text = env.ok(&["export"]);
    for typed in ["q44/q98", "k4k/295", "85t/35T"] {
        assert!(text.contains(typed), "{typed} not kept: {text}");
    }
    let totals: Vec<i64> = card["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["total"].as_i64().unwrap())
        .collect();
    assert_eq!(totals, [25, 16, 11]);
    // the same grid spaced scores the same
    let spaced = env.json(&["score", "--rules", "classic", "Q 4 4 / Q 9 8"]);
    let compact = env.json(&["score", "--rules", "classic", "q44/q98"]);
    assert_eq!(spaced["total"], compact["total"]);
    // a prefix names a player in a penalty and an amendment too
    env.ok(&["penalty", "ann", "--points", "5", "--reason", "slow play"]);
    env.ok(&["amend", "1", "bert=85t/35t"]);
}

#[test]
fn an_ambiguous_prefix_is_refused_naming_the_candidates() {
    let env = Env::new();
    match_of_three(&env);
    let err = env.bad(&["hole", "a=q44/q98", "b=k4k/295", "bert=85t/35t"]);
    assert!(err.contains("(bob, bert)"), "{err}");
    let err = env.bad(&[
        "hole",
        "--out",
        "b",
        "a=q44/q98",
        "bo=k4k/295",
        "be=85t/35t",
    ]);
    assert!(err.contains("(bob, bert)"), "{err}");
    let err = env.bad(&["penalty", "b", "--points", "5", "--reason", "slow"]);
    assert!(err.contains("type more of the name"), "{err}");
    // nothing was written
    assert_eq!(env.json(&["card"])["holes_played"], 0);
}

#[test]
fn compact_rows_only_where_the_layout_is_known() {
    let env = Env::new();
    let err = env.bad(&["score", "--rules", "classic", "q4x/q98"]);
    assert!(err.contains("q4x"), "{err}");
    let err = env.bad(&["score", "--rules", "classic", "q4/q98"]);
    assert!(err.contains("row 1 has 2"), "{err}");
    let eight = env.json(&["score", "--rules", "eight-card", "6499/ak99"]);
    let spaced = env.json(&["score", "--rules", "eight-card", "6 4 9 9 / A K 9 9"]);
    assert_eq!(eight["total"], spaced["total"]);
    let four = env.json(&["score", "--rules", "four-card", "*5/35"]);
    assert!(four["total"].is_i64(), "{four}");
}
