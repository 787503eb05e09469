//! Issue 18: every total tells the truth, and every mistake can be mended — one definition
//! of a win (RULES.md §8, §16), deleting and restoring a match, reopening a finished match
//! to correct it (§17), penalties in every total, the deal skipping a disqualified player.

use crate::common::Env;

/// Classic, two holes: ann 18 and −4, bob 7 and 7 — both 14, ann wins on countback
/// (her lowest hole, −4, beats bob's 7).
fn countback_match(env: &Env) {
    env.ok(&["new", "--rules", "classic", "--holes", "2", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=K 9 4 / K 2 4"]);
    env.ok(&["hole", "ann=2 7 Q / 2 7 Q", "bob=K 9 4 / K 2 4"]);
    env.ok(&["finish"]);
}

/// Classic, two holes, the same two grids swapped: 14 each, countback equal, one hole won
/// each — the chain `countback, most-holes-won, shared` ends in a shared win.
fn shared_match(env: &Env) {
    env.ok(&["new", "--rules", "classic", "--holes", "2", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    env.ok(&["hole", "ann=2 7 Q / 2 7 Q", "bob=5 K Q / 5 2 J"]);
    env.ok(&["finish"]);
}

fn stat<'a>(stats: &'a serde_json::Value, player: &str) -> &'a serde_json::Value {
    stats
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == player)
        .unwrap()
}

#[test]
fn a_countback_win_is_a_win_everywhere_and_a_shared_win_is_shared_everywhere() {
    let env = Env::new();
    countback_match(&env);
    let card = env.json(&["card", "1"]);
    assert_eq!(card["winners"], serde_json::json!(["ann"]));
    let h2h = env.json(&["head-to-head", "ann", "bob"]);
    assert_eq!(h2h["wins"]["ann"], 1, "{h2h}");
    assert_eq!(h2h["wins"]["bob"], 0, "{h2h}");
    assert_eq!(h2h["ties"], 0, "{h2h}");
    let text = env.ok(&["head-to-head", "ann", "bob"]);
    assert!(text.contains("ann on the tiebreak"), "{text}");
    let stats = env.json(&["stats"]);
    assert_eq!(stat(&stats, "ann")["wins"], 1);
    assert_eq!(stat(&stats, "bob")["wins"], 0);
    let history = env.json(&["history"]);
    assert_eq!(history[0]["winners"], serde_json::json!(["ann"]));

    shared_match(&env);
    let h2h = env.json(&["head-to-head", "ann", "bob"]);
    assert_eq!(h2h["matches"], 2);
    assert_eq!(h2h["wins"]["ann"], 1, "{h2h}");
    assert_eq!(h2h["ties"], 1, "{h2h}");
    let stats = env.json(&["stats"]);
    assert_eq!(stat(&stats, "ann")["shared_wins"], 1);
    assert_eq!(stat(&stats, "bob")["shared_wins"], 1);
    assert_eq!(stat(&stats, "bob")["wins"], 0);
    let history = env.json(&["history"]);
    assert_eq!(history[0]["winners"], serde_json::json!(["ann", "bob"]));
}

#[test]
fn a_deleted_match_leaves_history_and_stats_and_can_be_restored() {
    let env = Env::new();
    countback_match(&env);
    env.ok(&["new", "--rules", "quick", "--holes", "1", "cat", "dan"]);
    env.ok(&["hole", "cat=K 9 / K 2", "dan=Q 3 / 5 Q"]);
    env.ok(&["finish"]);
    let out = env.ok(&["delete", "2"]);
    assert!(
        out.contains("Deleted match 2") && out.contains("golf restore 2"),
        "{out}"
    );
    let history = env.json(&["history"]);
    assert_eq!(history.as_array().unwrap().len(), 1, "{history}");
    assert_eq!(history[0]["match"], 1);
    let stats = env.json(&["stats"]);
    assert!(
        stats
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["player"] != "cat"),
        "{stats}"
    );
    assert_eq!(env.json(&["head-to-head", "cat", "dan"])["matches"], 0);
    // the audit log lists it, the file is sound, a second delete is refused
    let log = env.json(&["log", "2"]);
    assert_eq!(log["entries"][0]["action"], "delete");
    env.ok(&["check"]);
    let again = env.bad(&["delete", "2"]);
    assert!(again.contains("already deleted"), "{again}");
    // a deleted match takes no changes
    let changed = env.bad(&["amend", "--match", "2", "1", "cat=K 9 / K 3"]);
    assert!(
        changed.contains("deleted") && changed.contains("golf restore 2"),
        "{changed}"
    );
    env.ok(&["restore", "2"]);
    assert_eq!(env.json(&["history"]).as_array().unwrap().len(), 2);
    assert_eq!(stat(&env.json(&["stats"]), "cat")["wins"], 1);
    let log = env.json(&["log", "2"]);
    assert_eq!(log["entries"][1]["action"], "restore");
    let not = env.bad(&["restore", "2"]);
    assert!(not.contains("not deleted"), "{not}");
    env.bad(&["delete", "9"]);
}

#[test]
fn a_tournament_match_cannot_be_deleted() {
    let env = Env::new();
    env.ok(&[
        "tournament",
        "new",
        "club",
        "--rules",
        "classic",
        "--table-size",
        "2",
        "--seed",
        "3",
        "ann",
        "bob",
        "cat",
        "dan",
    ]);
    let stderr = env.bad(&["delete", "1"]);
    assert!(stderr.contains("tournament club"), "{stderr}");
    assert_eq!(env.json(&["card", "1"])["finished"], false);
}

#[test]
fn correcting_a_finished_match_reopens_it_and_finish_records_the_new_result() {
    let env = Env::new();
    countback_match(&env);
    // bob's second grid was mistyped: K 9 4 / K 2 4 was really K 4 4 / K 2 4 (2 points)
    let out = env
        .golf()
        .args(["amend", "--match", "1", "2", "bob=K 4 4 / K 2 4"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("reopens it") && stderr.contains("golf finish 1"),
        "{stderr}"
    );
    let card = env.json(&["card", "1"]);
    assert_eq!(card["finished"], false);
    // not finished: out of history's winners and out of stats until finished again
    assert!(env.json(&["stats"]).as_array().unwrap().is_empty());
    env.ok(&["finish", "1"]);
    let card = env.json(&["card", "1"]);
    assert_eq!(card["winners"], serde_json::json!(["bob"]));
    assert_eq!(
        env.json(&["history"])[0]["winners"],
        serde_json::json!(["bob"])
    );
    assert_eq!(stat(&env.json(&["stats"]), "bob")["wins"], 1);
    // the audit log keeps the result the reopening replaced
    let log = env.json(&["log", "1"]);
    assert_eq!(log["entries"][0]["action"], "reopen");
    let before = log["entries"][0]["old"].as_str().unwrap();
    assert!(
        before.contains("ann") && before.contains("countback"),
        "{before}"
    );
    // a penalty and an undo reopen it too
    let out = env
        .golf()
        .args([
            "penalty",
            "--match",
            "1",
            "bob",
            "--points",
            "5",
            "--reason",
            "slow play",
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("reopens it"));
    env.ok(&["finish", "1"]);
    assert_eq!(
        env.json(&["card", "1"])["winners"],
        serde_json::json!(["ann"])
    );
    env.ok(&["undo", "--match", "1"]);
    assert_eq!(env.json(&["card", "1"])["finished"], false);
    env.ok(&["finish", "1"]);
    assert_eq!(
        env.json(&["card", "1"])["winners"],
        serde_json::json!(["bob"])
    );
    // a new hole is still refused, naming the way to correct
    let stderr = env.bad(&["hole", "--match", "1", "ann=1", "bob=2"]);
    assert!(stderr.contains("golf amend"), "{stderr}");
}

#[test]
fn a_penalty_is_in_every_total_from_the_hole_it_was_given_on() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "3", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=K 9 4 / K 2 4"]);
    // bob is penalised during hole 2 (the hole in play)
    env.ok(&[
        "penalty",
        "bob",
        "--points",
        "5",
        "--reason",
        "looked at a face-down card",
    ]);
    env.ok(&["hole", "ann=2 7 Q / 2 7 Q", "bob=K 9 4 / K 2 4"]);
    env.ok(&["hole", "ann=A 2 4 / 4 5 6", "bob=3 3 4 / 3 3 9"]);
    env.ok(&["finish"]);
    let card = env.json(&["card", "1"]);
    let bob = &card["players"][1];
    // 7, 7 + 5 (penalty at hole 2), 13
    assert_eq!(bob["total"], 32);
    assert_eq!(bob["running"], serde_json::json!([7, 19, 32]));
    for p in card["players"].as_array().unwrap() {
        assert_eq!(
            p["running"].as_array().unwrap().last().unwrap(),
            &p["total"]
        );
    }
    // the CSV: a penalty column and a running total that ends at the card's total
    let csv = env.ok(&["export", "--format", "csv", "--match", "1"]);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let bob_rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|r| r[col("player")] == "bob")
        .collect();
    let pens: Vec<&str> = bob_rows.iter().map(|r| r[col("penalty")]).collect();
    assert_eq!(pens, ["0", "5", "0"]);
    assert_eq!(bob_rows[2][col("running_total")], "32");
    // the chart ends at the card's totals
    let chart = env.json(&["chart", "1"]);
    let series = chart["series"].as_array().unwrap();
    let bob_line = series.iter().find(|s| s["name"] == "bob").unwrap();
    let last = bob_line["points"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last[1], 32.0);
    let svg = env.path("m.svg");
    env.ok(&["chart", "1", "--svg", svg.to_str().unwrap()]);
    // stats: best and worst match total include the penalty
    let stats = env.json(&["stats"]);
    assert_eq!(stat(&stats, "bob")["best_match"], 32);
    // export and import into another database carry it
    let export = env.path("all.json");
    env.ok(&["export", "--output", export.to_str().unwrap()]);
    let other = Env::new();
    other.ok(&["import", export.to_str().unwrap()]);
    let card2 = other.json(&["card", "1"]);
    assert_eq!(card2["players"][1]["total"], 32);
    assert_eq!(
        card2["players"][1]["running"],
        serde_json::json!([7, 19, 32])
    );
}

#[test]
fn the_deal_skips_a_disqualified_player() {
    let env = Env::new();
    env.ok(&[
        "new", "--rules", "classic", "--holes", "4", "ann", "bob", "cat",
    ]);
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=K 9 4 / K 2 4",
        "cat=3 3 4 / 3 3 9",
    ]);
    assert_eq!(env.json(&["card"])["next"]["dealer"], "bob");
    // bob is caught cheating before he deals hole 2
    let out = env.ok(&["penalty", "bob", "--disqualify", "--reason", "marked cards"]);
    assert!(out.contains("disqualified"), "{out}");
    let card = env.json(&["card"]);
    assert_eq!(card["next"]["dealer"], "cat");
    let text = env.ok(&["card"]);
    assert!(text.contains("Next: hole 2, cat deals."), "{text}");
    env.ok(&["hole", "ann=2 7 Q / 2 7 Q", "cat=K 9 4 / K 2 4"]);
    env.ok(&["hole", "ann=A 2 4 / 4 5 6", "cat=3 3 4 / 3 3 9"]);
    let card = env.json(&["card"]);
    let dealers: Vec<&str> = card["holes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["dealer"].as_str().unwrap())
        .collect();
    // hole 1 keeps its dealer; bob deals no more
    assert_eq!(dealers, ["ann", "cat", "ann"]);
    assert_eq!(card["next"]["dealer"], "cat");
}

/// A tournament of four at tables of two, every hole a bare score.
fn tournament_round(env: &Env, name: &str, round: usize) {
    let show = env.json(&["tournament", "show", name]);
    for t in show["rounds"][round - 1]["tables"].as_array().unwrap() {
        let id = t["match"].as_i64().unwrap().to_string();
        let players: Vec<&str> = t["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap())
            .collect();
        for hole in 1..=9 {
            let mut args = vec!["hole".to_string(), "--match".into(), id.clone()];
            for (i, p) in players.iter().enumerate() {
                args.push(format!("{p}={}", 3 + i + hole % 2));
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            env.ok(&args);
        }
        env.ok(&["finish", &id]);
    }
}

#[test]
fn a_tournament_disqualification_between_rounds_changes_nothing_finished() {
    let env = Env::new();
    env.ok(&[
        "tournament",
        "new",
        "club",
        "--rules",
        "classic",
        "--table-size",
        "3",
        "--rounds",
        "2",
        "--seed",
        "7",
        "ann",
        "bob",
        "cat",
        "dan",
        "eve",
    ]);
    env.ok(&[
        "tournament",
        "new",
        "other",
        "--rules",
        "classic",
        "--seed",
        "1",
        "gus",
        "hal",
    ]);
    // round 1 of club played and finished; no match in play for ann
    tournament_round(&env, "club", 1);
    let before = env.json(&["tournament", "standings", "club"]);
    let cards: Vec<serde_json::Value> = (1..=2)
        .map(|id| env.json(&["card", &id.to_string()]))
        .collect();
    let out = env.ok(&[
        "penalty",
        "ann",
        "--disqualify",
        "--tournament",
        "--tournament-name",
        "club",
        "--reason",
        "cheating found after round 1",
    ]);
    assert!(
        out.contains("ann is disqualified from the tournament club"),
        "{out}"
    );
    // nothing finished changed
    for (i, card) in cards.iter().enumerate() {
        assert_eq!(&env.json(&["card", &(i + 1).to_string()]), card);
    }
    let standings = env.json(&["tournament", "standings", "club"]);
    let players = standings["players"].as_array().unwrap();
    let last = players.last().unwrap();
    assert_eq!(last["name"], "ann");
    assert_eq!(last["disqualified"], true);
    let ann_before = before["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "ann")
        .unwrap();
    assert_eq!(last["total"], ann_before["total"]);
    // round 2 seats only bob, cat, dan and eve
    env.ok(&["tournament", "round", "club"]);
    let show = env.json(&["tournament", "show", "club"]);
    let seated: Vec<&str> = show["rounds"][1]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| {
            t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap())
        })
        .collect();
    assert_eq!(seated.len(), 4);
    assert!(!seated.contains(&"ann"));
    // twice is refused, and so is an unknown tournament
    env.bad(&[
        "penalty",
        "ann",
        "--disqualify",
        "--tournament",
        "--tournament-name",
        "club",
        "--reason",
        "x",
    ]);
    env.bad(&[
        "penalty",
        "ann",
        "--disqualify",
        "--tournament",
        "--tournament-name",
        "nope",
        "--reason",
        "x",
    ]);
}

#[test]
fn house_none_clears_the_config_and_the_first_line_names_the_rules() {
    let env = Env::new();
    env.config("rules = \"classic\"\nhouse = [\"underdog\"]\n");
    let out = env.ok(&["new", "ann", "bob"]);
    assert!(
        out.lines().next().unwrap().contains("classic + underdog"),
        "{out}"
    );
    let out = env.ok(&["new", "--house", "none", "ann", "bob"]);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .contains("classic, no house rules"),
        "{out}"
    );
    assert_eq!(env.json(&["card", "2"])["rules"], "classic");
    // none with another house rule: only that one
    let out = env.ok(&[
        "new",
        "--house",
        "none",
        "--house",
        "tied-shame",
        "ann",
        "bob",
    ]);
    assert!(
        out.lines().next().unwrap().contains("classic + tied-shame"),
        "{out}"
    );
    let out = env.ok(&[
        "tournament",
        "new",
        "club",
        "--house",
        "none",
        "ann",
        "bob",
        "cat",
        "dan",
    ]);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .contains("classic, no house rules"),
        "{out}"
    );
    let out = env.ok(&["score", "--house", "none", "5 K Q / 5 2 J"]);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .starts_with("classic, no house rules"),
        "{out}"
    );
    // the RULES.md §11 hole, scored whole and with one grid
    let out = env.ok(&[
        "score",
        "--house",
        "blackjack",
        "--house",
        "out-penalty-10",
        "--out",
        "ann",
        "ann=7 J 8 / 10 8 7",
        "bob=3 8 4 / A 8 4",
        "cat=2 4 7 / 5 4 5",
    ]);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .starts_with("classic + blackjack + out-penalty-10"),
        "{out}"
    );
    let lone = env
        .golf()
        .args([
            "score",
            "--house",
            "none",
            "--house",
            "blackjack",
            "7 J 8 / 10 8 7",
        ])
        .output()
        .unwrap();
    assert!(lone.status.success());
    let stderr = String::from_utf8_lossy(&lone.stderr);
    assert!(
        stderr.contains("blackjack adjusts a whole hole") && stderr.contains("PLAYER=GRID"),
        "{stderr}"
    );
    let plain = env
        .golf()
        .args([
            "score",
            "--house",
            "none",
            "--house",
            "horizontal-pairs",
            "7 7 3 / 4 5 6",
        ])
        .output()
        .unwrap();
    assert!(
        plain.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&plain.stderr)
    );
}

#[test]
fn wolfpack_is_minus_20_with_its_source_file_named() {
    let env = Env::new();
    // RULES.md §11: two matched columns of jacks earn -20; 9 + (-2)
    let json = env.json(&[
        "score",
        "--rules",
        "classic",
        "--house",
        "wolfpack",
        "J J 9 / J J 2",
    ]);
    assert_eq!(json["total"], -13);
    let text = env.ok(&[
        "score",
        "--rules",
        "classic",
        "--house",
        "wolfpack",
        "J J 9 / J J 2",
    ]);
    assert!(
        text.contains("-20") && text.contains("server/constants.py"),
        "{text}"
    );
}

#[test]
fn export_and_import_carry_tournaments_with_the_same_standings() {
    let env = Env::new();
    env.ok(&[
        "tournament",
        "new",
        "club",
        "--rules",
        "classic",
        "--table-size",
        "3",
        "--rounds",
        "3",
        "--seed",
        "11",
        "ann",
        "bob",
        "cat",
        "dan",
        "eve",
    ]);
    tournament_round(&env, "club", 1);
    env.ok(&[
        "penalty",
        "dan",
        "--disqualify",
        "--tournament",
        "--reason",
        "marked cards",
    ]);
    env.ok(&["tournament", "round", "club"]);
    // round 2: a hole recorded at one table, nothing yet at the other
    let show = env.json(&["tournament", "show", "club"]);
    let table = &show["rounds"][1]["tables"][0];
    let first = table["match"].as_i64().unwrap().to_string();
    let mut args = vec!["hole".to_string(), "--match".into(), first];
    for p in table["players"].as_array().unwrap() {
        args.push(format!("{}=4", p.as_str().unwrap()));
    }
    env.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let export = env.path("club.json");
    env.ok(&["export", "--output", export.to_str().unwrap()]);
    let text = std::fs::read_to_string(&export).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["tournaments"][0]["name"], "club");
    assert_eq!(doc["tournaments"][0]["disqualified"][0]["player"], "dan");
    let other = Env::new();
    let out = other.ok(&["import", export.to_str().unwrap()]);
    assert!(out.contains("Tournaments recorded: club"), "{out}");
    for args in [
        ["tournament", "standings", "club"],
        ["tournament", "show", "club"],
    ] {
        assert_eq!(env.json(&args), other.json(&args), "{args:?}");
    }
    // again: identical, skipped; the next round is played on either side alike
    let again = other.ok(&["import", export.to_str().unwrap()]);
    assert!(!again.contains("Tournaments recorded"), "{again}");
    // a different tournament of that name is refused, nothing written
    let third = Env::new();
    third.ok(&[
        "tournament",
        "new",
        "club",
        "--rules",
        "classic",
        "--seed",
        "1",
        "gus",
        "hal",
    ]);
    let stderr = third.bad(&["import", export.to_str().unwrap()]);
    assert!(stderr.contains("tournament club"), "{stderr}");
    assert_eq!(third.json(&["history"]).as_array().unwrap().len(), 1);
}

#[test]
fn correcting_a_finished_tournament_match_changes_the_standings() {
    let env = Env::new();
    env.ok(&[
        "tournament",
        "new",
        "club",
        "--rules",
        "classic",
        "--table-size",
        "2",
        "--rounds",
        "1",
        "--seed",
        "5",
        "ann",
        "bob",
        "cat",
        "dan",
    ]);
    tournament_round(&env, "club", 1);
    let before = env.json(&["tournament", "standings", "club"]);
    let table = env.json(&["tournament", "show", "club"])["rounds"][0]["tables"][0].clone();
    let player = table["players"][0].as_str().unwrap().to_string();
    let total = |doc: &serde_json::Value| {
        doc["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == player.as_str())
            .unwrap()["total"]
            .as_i64()
            .unwrap()
    };
    // hole 1 was a bare 4 (3 + seat 0 + 1 % 2); the tally says it was 14
    let id = table["match"].as_i64().unwrap().to_string();
    env.ok(&["amend", "--match", &id, "1", &format!("{player}=14")]);
    env.ok(&["finish", &id]);
    let after = env.json(&["tournament", "standings", "club"]);
    assert_eq!(total(&after), total(&before) + 10);
}
