//! The event night travels whole (issue 46; CLI.md "History, statistics and data"): `golf
//! export` carries each table's accepts, the late entrants' first rounds, the leavers and
//! each round's clock, and `golf import` reads them back — into a new database (its export
//! the same, its standing the same) and into a director's copy of an earlier state
//! (brought up to date).

use crate::common::Env;
use crate::served::Served;

/// Eight players at two tables of four, three rounds of classic with 2 holes.
fn night() -> Env {
    let env = Env::new();
    let rules = env.write(
        "club.toml",
        "name = \"club\"\ntitle = \"Club classic\"\nsummary = \"Classic, 2 holes.\"\nsource = \"Official §5.1\"\nextends = \"classic\"\n\n[match]\nholes = 2\n",
    );
    let mut args = vec![
        "tournament",
        "new",
        "Night",
        "--rules",
        rules.to_str().unwrap(),
        "--rounds",
        "3",
        "--seed",
        "9",
    ];
    args.extend(["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]);
    env.ok(&args);
    env
}

/// Round `round`'s tables: (match id, players).
fn tables(env: &Env, round: usize) -> Vec<(String, Vec<String>)> {
    let show = env.json(&["tournament", "show"]);
    let tables = show["rounds"][round - 1]["tables"]
        .as_array()
        .unwrap()
        .clone();
    tables
        .iter()
        .map(|t| {
            let players = t["players"].as_array().unwrap().iter();
            let players = players.map(|p| p.as_str().unwrap().to_string()).collect();
            (t["match"].as_i64().unwrap().to_string(), players)
        })
        .collect()
}

/// Plays a table's two holes at the terminal; `accept` of its players then accept.
fn play(env: &Env, id: &str, players: &[String], accept: usize) {
    for hole in 1..=2usize {
        let grids: Vec<String> = players
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{p}={}", (i * 3 + hole * 2) % 9))
            .collect();
        let mut args = vec!["hole", "--match", id];
        args.extend(grids.iter().map(String::as_str));
        env.ok(&args);
    }
    if accept > 0 {
        let mut args = vec!["tournament", "accept", "--match", id];
        args.extend(players[..accept].iter().map(String::as_str));
        env.ok(&args);
    }
}

/// The export of `env`, as text.
fn export(env: &Env) -> String {
    env.ok(&["export"])
}

fn import(env: &Env, text: &str, name: &str) -> String {
    let file = env.write(name, text);
    env.ok(&["import", file.to_str().unwrap()])
}

#[test]
fn an_event_nights_comings_goings_accepts_and_clocks_travel_in_an_export() {
    let env = night();
    // round 1 with a clock, every card accepted; a latecomer and a leaver; round 2 seated
    // by the director with its clock; one table played, its card half accepted
    let mut served = Served::start(env.dir.path(), &["--tournament", "--clock", "25"]);
    for (id, players) in tables(&env, 1) {
        play(&env, &id, &players, players.len());
    }
    let early = export(&env);
    env.ok(&["tournament", "add", "zoe"]);
    env.ok(&["tournament", "withdraw", "ann"]);
    assert_eq!(served.post("/api/round", r#"{"round": 2}"#).status, 200);
    let (id, players) = tables(&env, 2).remove(0);
    play(&env, &id, &players, 2);
    served.stop("TERM");
    let text = export(&env);
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let t = &doc["tournaments"][0];
    assert_eq!(
        t["late"],
        serde_json::json!([{"player": "zoe", "joined_round": 2}])
    );
    assert_eq!(t["withdrew"][0]["player"], "ann");
    assert_eq!(t["withdrew"][0]["after"], 1);
    let clocks: Vec<(u64, u64)> = t["clocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["round"].as_u64().unwrap(), c["minutes"].as_u64().unwrap()))
        .collect();
    assert_eq!(clocks, [(1, 25), (2, 25)]);
    let accepted: usize = doc["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["accepts"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(accepted, 8 + 2, "round 1's eight and round 2's two");

    // into a new database: the same export back, the same standing
    let other = Env::new();
    import(&other, &text, "night.json");
    assert_eq!(export(&other), text);
    assert_eq!(
        other.json(&["tournament", "standings"]),
        env.json(&["tournament", "standings"])
    );
    let board = env.json(&["tournament", "standings"]);
    assert_eq!(board["clock"]["round"], 2);
    // into the director's copy of round 1: brought up to date
    let copy = Env::new();
    import(&copy, &early, "early.json");
    let said = import(&copy, &text, "later.json");
    assert!(said.contains("Night"), "{said}");
    assert_eq!(export(&copy), text);
    // and read again, nothing changes
    import(&copy, &text, "again.json");
    assert_eq!(export(&copy), text);
}

#[test]
fn an_export_with_a_stranger_coming_or_going_is_refused() {
    let env = night();
    let text = export(&env);
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["tournaments"][0]["late"] = serde_json::json!([{"player": "nobody", "joined_round": 2}]);
    let file = env.write("bad.json", &doc.to_string());
    let other = Env::new();
    let said = other.bad(&["import", file.to_str().unwrap()]);
    assert!(said.contains("nobody"), "{said}");
    doc["tournaments"][0]["late"] = serde_json::json!([]);
    doc["tournaments"][0]["clocks"] =
        serde_json::json!([{"round": 1, "started_at": "2026-11-27T19:00:00Z", "minutes": 0}]);
    let file = env.write("bad.json", &doc.to_string());
    let said = other.bad(&["import", file.to_str().unwrap()]);
    assert!(said.contains("1 to 1440 minutes"), "{said}");
}
