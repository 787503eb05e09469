//! A real table's conveniences: changing a match in play (decks, names, holes), abandoning
//! one, notes, a disqualified player no longer asked for a grid, a scoresheet's real date.

use crate::common::Env;

#[test]
fn decks_names_and_holes_change_in_play_and_are_audited() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "2", "ana", "bob"]);
    // five sevens need two decks: the refusal names a command that exists
    let stderr = env.bad(&["hole", "ana=7 7 7 / 2 3 4", "bob=7 7 Q / 2 5 Q"]);
    assert!(stderr.contains("5 sevens"), "{stderr}");
    env.ok(&[
        "match", "edit", "--decks", "2", "--rename", "ana=ann", "--holes", "3",
    ]);
    env.ok(&["hole", "ann=7 7 7 / 2 3 4", "bob=7 7 Q / 2 5 Q"]);
    let card = env.json(&["card"]);
    assert_eq!(card["decks"], 2);
    assert_eq!(card["holes_planned"], 3);
    assert_eq!(card["players"][0]["name"], "ann");
    let log = env.json(&["log"]);
    let edits: Vec<&str> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(edits, ["edit", "edit", "edit"]);
    let stderr = env.bad(&["match", "edit", "--holes", "0"]);
    assert!(stderr.contains("--holes 0 is out of range"), "{stderr}");
    env.ok(&["hole", "ann=1", "bob=2"]);
    let stderr = env.bad(&["match", "edit", "--holes", "1"]);
    assert!(stderr.contains("cannot be shortened"), "{stderr}");
    let stderr = env.bad(&["match", "edit", "--rename", "ann=bob"]);
    assert!(stderr.contains("named twice"), "{stderr}");
    let stderr = env.bad(&["match", "edit"]);
    assert!(stderr.contains("required"), "{stderr}");
}

#[test]
fn an_abandoned_match_is_kept_without_a_result_and_takes_no_hole() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=3", "bob=4"]);
    let out = env
        .golf()
        .args(["new", "--rules", "classic", "cat", "dan"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("match 1 is still unfinished"),
        "a new match warns of the unfinished one"
    );
    env.ok(&["abandon", "1"]);
    let stderr = env.bad(&["hole", "--match", "1", "ann=3", "bob=4"]);
    assert!(stderr.contains("was abandoned"), "{stderr}");
    let card = env.ok(&["card", "1"]);
    assert!(
        card.contains("abandoned") && card.contains("no result"),
        "{card}"
    );
    let rows = env.json(&["history"]);
    let row = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["match"] == 1)
        .unwrap();
    assert_eq!(row["abandoned"], true);
    assert_eq!(row["winners"], serde_json::json!([]));
    assert_eq!(row["leaders"], serde_json::json!([]));
    // commands without --match go to the newest match that is still in play
    env.ok(&["hole", "cat=3", "dan=4"]);
}

#[test]
fn notes_disqualified_players_and_a_scoresheets_date() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob", "cat"]);
    env.ok(&[
        "hole",
        "--note",
        "misdeal, redealt",
        "ann=3",
        "bob=4",
        "cat=5",
    ]);
    assert!(env.ok(&["card"]).contains("Hole 1: misdeal, redealt"));
    env.bad(&["hole", "--note", "bad\u{1b}[2J", "ann=3", "bob=4", "cat=5"]);
    for _ in 0..3 {
        env.ok(&["penalty", "cat", "--illegal-move"]);
    }
    // cat is disqualified: the next hole wants ann and bob only
    let stderr = env.bad(&["hole", "ann=3", "bob=4", "cat=5"]);
    assert!(stderr.contains("cat is not in a hole"), "{stderr}");
    env.ok(&["hole", "ann=3", "bob=4"]);
    let card = env.json(&["card"]);
    assert_eq!(card["holes_played"], 2);
    env.ok(&["check"]);

    let sheet = env.write(
        "played.toml",
        "rules = \"classic\"\ndate = \"2026-11-01\"\nplayers = [\"ann\", \"bob\"]\nholes = 1\n[[hole]]\ngrids = { ann = 3, bob = 4 }\n",
    );
    let card = env.json(&["import", sheet.to_str().unwrap()]);
    assert_eq!(card["started_at"], "2026-11-01T12:00:00.000Z");
    assert_eq!(card["finished_at"], "2026-11-01T12:00:00.000Z");
    let bad = env.write(
        "bad-date.toml",
        "rules = \"classic\"\ndate = \"first of November\"\nplayers = [\"ann\", \"bob\"]\n",
    );
    let stderr = env.bad(&["import", bad.to_str().unwrap()]);
    assert!(
        stderr.contains("date") && stderr.contains("not a date"),
        "{stderr}"
    );
}

#[test]
fn group_defaults_come_from_the_config_file_and_flags_override_them() {
    let env = Env::new();
    let stderr = env.bad(&["new", "ann", "bob"]);
    assert!(
        stderr.contains("no rules given") && stderr.contains("golf config"),
        "{stderr}"
    );
    let other_db = env.path("harbour.db");
    let file = env.config(&format!(
        "rules = \"six-card\"\nhouse = [\"underdog\"]\ntiebreak = [\"shared\"]\ndb = \"{}\"\n",
        other_db.display()
    ));
    let doc = env.json(&["new", "ann", "bob", "cat"]);
    assert_eq!(doc["rules"], "six-card");
    assert_eq!(doc["house"], serde_json::json!(["underdog"]));
    assert_eq!(doc["tiebreak"], serde_json::json!(["shared"]));
    // GOLF_DB (set by the test environment) overrides the config's database
    assert!(env.db().exists() && !other_db.exists());
    let doc = env.json(&[
        "new", "--rules", "classic", "--house", "knock", "ann", "bob",
    ]);
    assert_eq!(doc["rules"], "classic");
    assert_eq!(doc["house"], serde_json::json!(["knock"]));
    let shown = env.ok(&["config"]);
    assert!(shown.contains(&file.display().to_string()), "{shown}");
    assert!(
        shown.contains("six-card") && shown.contains("--db or GOLF_DB"),
        "{shown}"
    );
    let out = env
        .golf()
        .env_remove("GOLF_DB")
        .args(["new", "ann", "bob"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        other_db.exists(),
        "the config's database is used without GOLF_DB"
    );
    env.config("rulez = \"classic\"\n");
    let stderr = env.bad(&["config"]);
    assert!(
        stderr.contains("config.toml") && stderr.contains("rulez"),
        "{stderr}"
    );
}

#[test]
fn a_six_player_card_fits_80_columns_and_piped_output_is_plain() {
    let env = Env::new();
    let players = [
        "alexandra",
        "bartholomew",
        "cassandra",
        "dominique",
        "evangeline",
        "fitzgerald",
    ];
    let mut new = vec!["new", "--rules", "six-card"];
    new.extend(players);
    env.ok(&new);
    for _ in 0..9 {
        let grids: Vec<String> = players
            .iter()
            .zip([3, 14, 22, -4, 10, 7])
            .map(|(p, s)| format!("{p}={s}"))
            .collect();
        let mut args = vec!["hole".to_string()];
        args.extend(grids);
        let out = env.golf().args(&args).output().unwrap();
        assert!(out.status.success());
    }
    let out = env
        .golf()
        .env("COLUMNS", "80")
        .arg("card")
        .output()
        .unwrap();
    let card = String::from_utf8(out.stdout).unwrap();
    let widest = card
        .lines()
        .map(|l| l.trim_end().chars().count())
        .max()
        .unwrap();
    assert!(widest <= 80, "{widest} columns:\n{card}");
    assert!(card.contains("total") && card.contains("alexa."), "{card}");
    // not a terminal: no borders
    assert!(!card.contains('│') && !card.contains('┆'), "{card}");
    // with room, the running totals and full names are shown
    let out = env
        .golf()
        .env("COLUMNS", "200")
        .arg("card")
        .output()
        .unwrap();
    let card = String::from_utf8(out.stdout).unwrap();
    assert!(card.contains("alexandra") && card.contains("→"), "{card}");
}
