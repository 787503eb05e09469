//! Tournaments from the CLI (RULES.md §13): tables seated round by round, each an ordinary
//! match, one standing over every round, disqualifications, and tables recording at once.

use crate::common::Env;
use serde_json::Value;

const PLAYERS: [&str; 10] = [
    "ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon",
];

/// The hole score each player takes: 6 a hole, except ann and bob, who each total 5 a hole
/// over the tournament but with different single holes (ann's lowest is 2, bob's 3).
fn score(player: &str, round: usize, hole: usize) -> i64 {
    match (player, round, hole) {
        ("ann", 1, 1) => 2,
        ("ann", 3, 9) => 8,
        ("bob", 2, 1) => 3,
        ("bob", 3, 9) => 7,
        ("ann" | "bob", _, _) => 5,
        _ => 6,
    }
}

/// Each table of the newest round: (match id, players).
fn tables(env: &Env, round: usize) -> Vec<(i64, Vec<String>)> {
    let show = env.json(&["tournament", "show"]);
    show["rounds"][round - 1]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let players = t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_string())
                .collect();
            (t["match"].as_i64().unwrap(), players)
        })
        .collect()
}

/// Plays 9 holes at a table, leaving out `out` (disqualified), and finishes it.
fn play(env: &Env, round: usize, id: i64, players: &[String], out: &[&str]) {
    play_holes(env, round, id, players, out, 9);
}

/// Plays `holes` holes at a table, leaving out `out`, and finishes it.
fn play_holes(env: &Env, round: usize, id: i64, players: &[String], out: &[&str], holes: usize) {
    let m = id.to_string();
    for hole in 1..=holes {
        let entries: Vec<String> = players
            .iter()
            .filter(|p| !out.contains(&p.as_str()))
            .map(|p| format!("{p}={}", score(p, round, hole)))
            .collect();
        let mut args = vec!["hole", "--match", &m];
        args.extend(entries.iter().map(String::as_str));
        env.ok(&args);
    }
    env.ok(&["finish", "--match", &m]);
}

/// `golf tournament new NAME --rules classic FLAGS... PLAYERS...`; what it prints.
fn start<S: AsRef<str>>(env: &Env, name: &str, flags: &str, players: &[S]) -> String {
    let mut args = vec!["tournament", "new", name, "--rules", "classic"];
    args.extend(flags.split_whitespace());
    args.extend(players.iter().map(AsRef::as_ref));
    env.ok(&args)
}

/// Plays every table of `round` to the end (leaving out `out`); returns its tables.
fn play_round(env: &Env, round: usize, out: &[&str]) -> Vec<(i64, Vec<String>)> {
    let tables = tables(env, round);
    for (id, players) in &tables {
        play(env, round, *id, players, out);
    }
    tables
}

fn table_of<'a>(tables: &'a [(i64, Vec<String>)], player: &str) -> &'a (i64, Vec<String>) {
    tables
        .iter()
        .find(|(_, ps)| ps.iter().any(|p| p == player))
        .unwrap()
}

#[test]
fn ten_players_play_three_rounds_to_one_standing() {
    let env = Env::new();
    let out = start(&env, "Club night", "--rounds 3 --seed 7", &PLAYERS);
    assert!(out.contains("round 1 seated (seed 7)"), "{out}");

    // round 1: tables of 4, 3, 3; cat is disqualified from the round (third illegal move)
    let r1 = tables(&env, 1);
    let sizes: Vec<usize> = r1.iter().map(|(_, p)| p.len()).collect();
    assert_eq!(sizes, vec![4, 3, 3]);
    let seated: std::collections::BTreeSet<&str> = r1
        .iter()
        .flat_map(|(_, p)| p.iter().map(String::as_str))
        .collect();
    assert_eq!(seated.len(), 10);
    let cat = table_of(&r1, "cat").0.to_string();
    for _ in 0..3 {
        env.ok(&["penalty", "cat", "--illegal-move", "--match", &cat]);
    }
    let err = env.bad(&["tournament", "round"]);
    assert!(err.contains("round 1 is still in play"), "{err}");
    let err = env.bad(&["tournament", "show", "Club nite"]);
    assert!(err.contains("did you mean `Club night`?"), "{err}");
    // at a shared database, a table must say which match it is
    let err = env.bad(&["hole", "ann=5", "bob=5"]);
    assert!(
        err.contains("several tournament tables are in play") && err.contains("--match"),
        "{err}"
    );
    for (i, (id, players)) in r1.iter().enumerate() {
        play(&env, 1, *id, players, &["cat"]);
        if i + 1 < r1.len() {
            // one table still playing: the next round cannot be seated, nothing written
            let before = std::fs::read(env.db()).unwrap();
            env.bad(&["tournament", "round"]);
            assert_eq!(std::fs::read(env.db()).unwrap(), before);
        }
    }

    // round 2: dan is disqualified from the tournament (cheating)
    env.ok(&["tournament", "round", "Club night"]);
    let r2 = tables(&env, 2);
    assert_eq!(
        r2.iter().map(|(_, p)| p.len()).collect::<Vec<_>>(),
        vec![4, 3, 3]
    );
    let dan = table_of(&r2, "dan").0.to_string();
    let out = env.ok(&[
        "penalty",
        "dan",
        "--disqualify",
        "--reason",
        "marked cards",
        "--tournament",
        "--match",
        &dan,
    ]);
    assert!(out.contains("marked cards"), "{out}");
    for (id, players) in &r2 {
        play(&env, 2, *id, players, &["dan"]);
    }

    // round 3: dan is seated no more; 9 players at 3, 3, 3
    env.ok(&["tournament", "round"]);
    let r3 = tables(&env, 3);
    assert_eq!(
        r3.iter().map(|(_, p)| p.len()).collect::<Vec<_>>(),
        vec![3, 3, 3]
    );
    assert!(r3.iter().all(|(_, p)| !p.iter().any(|n| n == "dan")));
    play_round(&env, 3, &[]);
    let err = env.bad(&["tournament", "round"]);
    assert!(err.contains("all 3 rounds"), "{err}");

    let standings = env.json(&["tournament", "standings"]);
    assert_eq!(standings["tournament"], "Club night");
    assert_eq!(standings["rounds"], 3);
    let players = standings["players"].as_array().unwrap();
    let row = |name: &str| players.iter().find(|p| p["name"] == name).unwrap();
    // totals are the sums of the match totals, round by round, as each card shows them
    for (round, tables) in [(1, &r1), (2, &r2), (3, &r3)] {
        for name in ["ann", "bob", "eve", "jon"] {
            let (id, _) = table_of(tables, name);
            let card = env.json(&["card", &id.to_string()]);
            let total = card["players"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["name"] == name)
                .unwrap()["total"]
                .clone();
            assert_eq!(
                row(name)["rounds"][round - 1],
                total,
                "{name} round {round}"
            );
        }
    }
    for p in players {
        let sum: i64 = p["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_i64().unwrap())
            .sum();
        assert_eq!(p["total"].as_i64().unwrap(), sum, "{p}");
    }
    assert_eq!(row("ann")["rounds"], serde_json::json!([42, 45, 48]));
    assert_eq!(row("bob")["rounds"], serde_json::json!([45, 43, 47]));
    // a round disqualification is charged the round's highest total (54) + 10
    assert_eq!(row("cat")["rounds"], serde_json::json!([64, 54, 54]));
    // ann and bob tie on 135; countback over every hole of the tournament: ann's 2 beats bob's 3
    let order: Vec<(&str, i64)> = players
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), p["place"].as_i64().unwrap()))
        .collect();
    assert_eq!(order[0], ("ann", 1));
    assert_eq!(order[1], ("bob", 2));
    assert!(
        order[2..8].iter().all(|(_, place)| *place == 3),
        "{order:?}"
    );
    assert_eq!(order[8], ("cat", 9));
    // the tournament disqualification is listed last, with no place
    assert_eq!(order[9].0, "dan");
    assert_eq!(players[9]["disqualified"], true);
    assert_eq!(players[9]["rounds"], serde_json::json!([54, 64]));

    let table = env.ok(&["tournament", "standings"]);
    assert!(table.contains("DQ"), "{table}");
    let csv = env.ok(&["tournament", "standings", "--csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "place,player,round_1,round_2,round_3,total,disqualified"
    );
    assert_eq!(lines[1], "1,ann,42,45,48,135,false");
    assert_eq!(lines[10], "DQ,dan,54,64,,118,true");
    let list = env.json(&["tournament", "list"]);
    assert_eq!(list[0]["finished"], true);
}

#[test]
fn random_seating_is_reproducible_from_the_seed_and_avoids_repeat_opponents() {
    let seat = |seed: &str| {
        let env = Env::new();
        let mut args = vec![
            "tournament",
            "new",
            "T",
            "--rules",
            "classic",
            "--seed",
            seed,
        ];
        args.extend(PLAYERS);
        env.ok(&args);
        tables(&env, 1)
    };
    assert_eq!(seat("42"), seat("42"));
    assert_ne!(seat("42"), seat("43"));
    // 8 players at tables of 2 over 2 rounds: a seating with no repeated pair exists and is found
    let env = Env::new();
    start(
        &env,
        "Pairs",
        "--table-size 2 --rounds 2 --seed 1",
        &PLAYERS[..8],
    );
    let r1 = play_round(&env, 1, &[]);
    env.ok(&["tournament", "round"]);
    let r2 = tables(&env, 2);
    for (_, pair) in &r2 {
        assert!(
            !r1.iter()
                .any(|(_, p)| p == pair || (p[0] == pair[1] && p[1] == pair[0])),
            "{pair:?} met in round 1"
        );
    }
}

#[test]
fn a_field_that_would_seat_someone_alone_is_refused_and_nothing_written() {
    let env = Env::new();
    let err = env.bad(&[
        "tournament",
        "new",
        "T",
        "--rules",
        "classic",
        "--table-size",
        "2",
        "ann",
        "bob",
        "cat",
    ]);
    assert!(err.contains("alone"), "{err}");
    assert!(!env.db().exists());
    let err = env.bad(&[
        "tournament",
        "new",
        "T",
        "--rules",
        "classic",
        "ann",
        "bob",
        "ANN",
    ]);
    assert!(err.contains("named twice"), "{err}");
    let out = env.ok(&["tournament", "list"]);
    assert!(out.contains("No tournaments yet"), "{out}");
    assert_eq!(env.json(&["tournament", "list"]), serde_json::json!([]));
    assert!(!env.db().exists());
    let err = env.bad(&["tournament", "standings"]);
    assert!(
        err.contains("no matches recorded yet") || err.contains("no tournaments"),
        "{err}"
    );
}

#[test]
fn eight_tables_record_at_once_and_lose_nothing() {
    let env = Env::new();
    let names: Vec<String> = (0..32).map(|i| format!("p{i:02}")).collect();
    start(&env, "Big", "--rounds 1 --seed 3", &names);
    let r1 = tables(&env, 1);
    assert_eq!(r1.len(), 8);
    std::thread::scope(|s| {
        for (id, players) in &r1 {
            let env = &env;
            s.spawn(move || {
                for hole in 1..=9 {
                    let m = id.to_string();
                    let entries: Vec<String> =
                        players.iter().map(|p| format!("{p}={hole}")).collect();
                    let mut args = vec!["hole", "--match", &m];
                    args.extend(entries.iter().map(String::as_str));
                    env.ok(&args);
                }
            });
        }
    });
    let show = env.json(&["tournament", "show"]);
    for t in show["rounds"][0]["tables"].as_array().unwrap() {
        let card = env.json(&["card", &t["match"].to_string()]);
        assert_eq!(card["holes_played"], 9, "{card}");
        for p in card["players"].as_array().unwrap() {
            assert_eq!(p["total"], 45);
        }
    }
    let standings: Value = env.json(&["tournament", "standings"]);
    assert!(standings["players"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["rounds"] == serde_json::json!([45])));
}

#[test]
fn tables_on_their_own_machines_merge_back_by_export_and_import() {
    let director = Env::new();
    start(&director, "Away", "--rounds 2 --seed 5", &PLAYERS[..8]);
    let r1 = tables(&director, 1);
    assert_eq!(r1.len(), 2);
    for (i, (id, players)) in r1.iter().enumerate() {
        // the director hands the seated match to the table's own database…
        let seated = director.ok(&["export", "--match", &id.to_string()]);
        let table = Env::new();
        let file = table.write("seated.json", &seated);
        table.ok(&["import", file.to_str().unwrap()]);
        let here = table.json(&["card"])["match"].as_i64().unwrap();
        play(&table, 1, here, players, &[]);
        // …and merges the played match back: the seated copy is brought up to date
        let played = table.ok(&["export"]);
        let back = director.write(&format!("table-{i}.json"), &played);
        let out = director.ok(&["import", back.to_str().unwrap()]);
        assert!(
            out.contains("1 played on elsewhere and brought up to date"),
            "{out}"
        );
        let card = director.json(&["card", &id.to_string()]);
        assert_eq!(card["holes_played"], 9);
        assert_eq!(card["finished"], true);
        // merging the same file again changes nothing
        let before = std::fs::read(director.db()).unwrap();
        director.ok(&["import", back.to_str().unwrap()]);
        assert_eq!(std::fs::read(director.db()).unwrap(), before);
    }
    director.ok(&["tournament", "round"]);
    let standings = director.json(&["tournament", "standings"]);
    for p in standings["players"].as_array().unwrap() {
        let name = p["name"].as_str().unwrap();
        let expected: i64 = (1..=9).map(|h| score(name, 1, h)).sum();
        assert_eq!(p["rounds"][0], expected, "{name}");
    }
}

#[test]
fn swiss_seating_puts_the_leaders_together() {
    let env = Env::new();
    start(
        &env,
        "Swiss",
        "--seating swiss --rounds 2 --seed 9",
        &PLAYERS[..8],
    );
    // ann (42) and bob (45) lead everyone else (54) after round 1, wherever they sat
    play_round(&env, 1, &[]);
    env.ok(&["tournament", "round"]);
    let r2 = tables(&env, 2);
    assert_eq!(r2[0].1[..2], ["ann".to_string(), "bob".to_string()]);
    let standings = env.json(&["tournament", "standings"]);
    let first_four: Vec<&str> = standings["players"].as_array().unwrap()[..4]
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(r2[0].1, first_four);
}

#[test]
fn the_round_disqualification_charge_and_the_table_size_come_from_the_rules() {
    let env = Env::new();
    let rules = env.write(
        "ours.toml",
        "extends = \"classic\"\n[match]\nholes = 1\n[tournament]\nround_disqualification = 20\ntable_size = 2\nrounds = 1\n",
    );
    let out = env.ok(&["rules", "show", rules.to_str().unwrap()]);
    assert!(out.contains("round's highest total + 20"), "{out}");
    let flags = format!("--rules {} --seed 2", rules.display());
    let mut args = vec!["tournament", "new", "Short"];
    args.extend(flags.split_whitespace());
    args.extend(&PLAYERS[..4]);
    env.ok(&args);
    let r1 = tables(&env, 1);
    assert_eq!(
        r1.iter().map(|(_, p)| p.len()).collect::<Vec<_>>(),
        vec![2, 2]
    );
    let ann = table_of(&r1, "ann").0.to_string();
    for _ in 0..3 {
        env.ok(&["penalty", "ann", "--illegal-move", "--match", &ann]);
    }
    for (id, players) in &r1 {
        play_holes(&env, 1, *id, players, &["ann"], 1);
    }
    let standings = env.json(&["tournament", "standings"]);
    let row = |name: &str| {
        standings["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()
            .clone()
    };
    // everyone else took 6 on the one hole (bob 5): the highest is 6, ann is charged 26
    assert_eq!(row("ann")["rounds"], serde_json::json!([26]));
    let too_much = env.write(
        "much.toml",
        "extends = \"classic\"\n[tournament]\nround_disqualification = 1000\n",
    );
    let err = env.bad(&["rules", "check", too_much.to_str().unwrap()]);
    assert!(err.contains("round_disqualification"), "{err}");
}
