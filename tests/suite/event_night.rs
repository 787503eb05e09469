//! Event night, run as a club runs it (issue 46; CLI.md "Event night, run as a club runs
//! it"; RULES.md §13 "Coming late, leaving early", "Accepting the card"): a 16-player,
//! 3-round event at the terminal and over HTTP with a late entry before round 2 and a
//! withdrawal before round 3, seated evenly and charged as §13 says; accepts gating a table's finish over
//! HTTP; the director's players coming and going from the page; `/api/board` equal to
//! `golf tournament standings --json` after every step.

use std::collections::BTreeMap;

use crate::common::Env;
use crate::served::{dealt_json, Served};

/// A tournament of `players` at tables of 4, `rounds` rounds of classic with 2 holes.
fn event(players: &[String], rounds: u32) -> Env {
    let env = Env::new();
    let rules = env.write(
        "club.toml",
        "name = \"club\"\ntitle = \"Club classic\"\nsummary = \"Classic, 2 holes.\"\nsource = \"Official §5.1\"\nextends = \"classic\"\n\n[match]\nholes = 2\n",
    );
    let rules = rules.to_str().unwrap().to_string();
    let rounds = rounds.to_string();
    let mut args = vec![
        "tournament",
        "new",
        "Night",
        "--rules",
        &rules,
        "--rounds",
        &rounds,
        "--seed",
        "11",
    ];
    args.extend(players.iter().map(String::as_str));
    env.ok(&args);
    env
}

/// The tables of round `round`: (match id, players).
fn tables(env: &Env, round: usize) -> Vec<(i64, Vec<String>)> {
    let show = env.json(&["tournament", "show"]);
    show["rounds"][round - 1]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let players = t["players"].as_array().unwrap();
            let players = players.iter().map(|p| p.as_str().unwrap().to_string());
            (t["match"].as_i64().unwrap(), players.collect())
        })
        .collect()
}

/// A hole score that differs by player, round and hole.
fn score(player: &str, round: usize, hole: usize) -> usize {
    let n: usize = player.bytes().map(usize::from).sum();
    (n * 7 + round * 5 + hole * 3) % 11
}

/// Plays the table's two holes at the terminal and has every player accept the card.
fn play(env: &Env, round: usize, id: i64, players: &[String]) {
    let m = id.to_string();
    for hole in 1..=2 {
        let entries: Vec<String> = players
            .iter()
            .map(|p| format!("{p}={}", score(p, round, hole)))
            .collect();
        let mut args = vec!["hole", "--match", &m];
        args.extend(entries.iter().map(String::as_str));
        env.ok(&args);
    }
    let mut args = vec!["tournament", "accept", "--match", &m];
    args.extend(players.iter().map(String::as_str));
    let said = env.ok(&args);
    assert!(said.contains("the match is finished"), "{said}");
}

/// Pairs of players who met more than once, counted once per repeat meeting.
fn repeats(rounds: &[Vec<Vec<String>>]) -> usize {
    let mut met: BTreeMap<(String, String), usize> = BTreeMap::new();
    for round in rounds {
        for table in round {
            for (i, a) in table.iter().enumerate() {
                for b in &table[i + 1..] {
                    let key = if a < b {
                        (a.clone(), b.clone())
                    } else {
                        (b.clone(), a.clone())
                    };
                    *met.entry(key).or_default() += 1;
                }
            }
        }
    }
    met.values().map(|n| n.saturating_sub(1)).sum()
}

/// The mean of [`repeats`] over `n` uniformly random seatings of the same field: each
/// round's players and table sizes as seated, shuffled (xorshift, a fixed seed).
fn random_repeats(rounds: &[Vec<Vec<String>>], n: usize) -> f64 {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut total = 0;
    for _ in 0..n {
        let seated: Vec<Vec<Vec<String>>> = rounds
            .iter()
            .map(|round| {
                let mut field: Vec<String> = round.iter().flatten().cloned().collect();
                for i in (1..field.len()).rev() {
                    field.swap(i, (next() % (i as u64 + 1)) as usize);
                }
                let mut at = 0;
                round
                    .iter()
                    .map(|t| {
                        at += t.len();
                        field[at - t.len()..at].to_vec()
                    })
                    .collect()
            })
            .collect();
        total += repeats(&seated);
    }
    total as f64 / n as f64
}

fn sixteen() -> Vec<String> {
    (1..=16).map(|i| format!("p{i:02}")).collect()
}

/// Each round's table sizes differ by at most 1 and seat the field: 16, then 17 with the
/// latecomer, then 16 without the leaver.
fn seated_evenly(round: usize, seated: &[Vec<String>]) {
    let sizes: Vec<usize> = seated.iter().map(Vec::len).collect();
    let (least, most) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
    assert!(most - least <= 1, "round {round}: {sizes:?}");
    let everyone: usize = sizes.iter().sum();
    assert_eq!(everyone, if round == 2 { 17 } else { 16 }, "round {round}");
}

/// The night's standing (`golf tournament standings --json`) as §13 places the latecomer
/// `zoe` (round 1 charged its mean match total over every table, rounded up, marked late)
/// and the leaver `p03` (two rounds kept, after every player who played every round); and
/// the seating's repeat opponents no more than a random seating's mean (1,000 of the same
/// field).
fn placed_as_13_says(s: &serde_json::Value, seatings: &[Vec<Vec<String>>]) {
    let players = s["players"].as_array().unwrap();
    let zoe = players.iter().find(|p| p["name"] == "zoe").unwrap();
    let round1: Vec<i64> = seatings[0]
        .iter()
        .flatten()
        .map(|p| (score(p, 1, 1) + score(p, 1, 2)) as i64)
        .collect();
    let mean = (round1.iter().sum::<i64>() + 15) / 16;
    assert_eq!(zoe["rounds"][0], mean, "{zoe}");
    assert_eq!(zoe["marks"][0], "late");
    assert_eq!(zoe["late"], true);
    assert_eq!(zoe["rounds"].as_array().unwrap().len(), 3);
    let at = players.iter().position(|p| p["name"] == "p03").unwrap();
    assert_eq!(players[at]["withdrew"], true);
    assert_eq!(players[at]["rounds"].as_array().unwrap().len(), 2);
    assert_eq!(at, players.len() - 1, "after all who played every round");
    assert!(players[..at].iter().all(|p| p["withdrew"] == false));
    let ours = repeats(seatings);
    let random = random_repeats(seatings, 1000);
    eprintln!("repeat opponents: {ours}, random seatings' mean {random:.2}");
    assert!(ours as f64 <= random, "{ours} > {random}");
}

#[test]
fn a_sixteen_player_night_with_a_latecomer_and_a_leaver_at_the_terminal() {
    let env = event(&sixteen(), 3);
    let mut seatings = Vec::new();
    for round in 1..=3 {
        let seated = tables(&env, round);
        let players: Vec<Vec<String>> = seated.iter().map(|(_, p)| p.clone()).collect();
        seated_evenly(round, &players);
        for (id, players) in &seated {
            play(&env, round, *id, players);
        }
        seatings.push(players);
        if round == 1 {
            // refused while nothing changes: a name already entered
            assert!(env
                .bad(&["tournament", "add", "p01"])
                .contains("already entered"));
            env.ok(&["tournament", "add", "zoe"]);
        }
        if round == 2 {
            env.ok(&["tournament", "withdraw", "p03"]);
        }
        if round < 3 {
            env.ok(&["tournament", "round"]);
        }
    }
    placed_as_13_says(&env.json(&["tournament", "standings"]), &seatings);
    // the terminal's table says the same marks
    let text = env.ok(&["tournament", "standings"]);
    assert!(
        text.contains("zoe (late)") && text.contains("p03 (withdrew)"),
        "{text}"
    );
}

/// Plays table `n` of round `round` over HTTP: each hole from the table's key (the scores
/// of [`score`]), then each player accepts the card with their own token, the last from
/// the table's key (a player without a phone), which finishes it.
fn play_over_http(served: &Served, board: &serde_json::Value, n: usize, round: usize) {
    let t = &board["tables"][n - 1];
    let id = t["match"].as_i64().unwrap();
    let seated: Vec<String> = serde_json::from_value(t["players"].clone()).unwrap();
    let key = table_key(served, n);
    for hole in 1..=2 {
        let grids: serde_json::Map<String, serde_json::Value> = seated
            .iter()
            .map(|p| (p.clone(), score(p, round, hole).to_string().into()))
            .collect();
        let body = serde_json::json!({"match": id, "hole": hole, "grids": grids});
        let done = served.post_as(&key, &format!("/table/{n}/api/hole"), &body.to_string());
        assert_eq!(done.status, 200, "{}", done.body);
    }
    let tokens = tokens(served, n);
    for (i, p) in seated.iter().enumerate() {
        let bearer = if i + 1 == seated.len() {
            &key
        } else {
            &tokens[p]
        };
        let body = serde_json::json!({"match": id, "hole": 2, "player": p});
        let done = served.post_as(bearer, &format!("/table/{n}/api/accept"), &body.to_string());
        assert_eq!(done.status, 200, "{}", done.body);
    }
}

#[test]
fn a_sixteen_player_night_with_a_latecomer_and_a_leaver_over_http() {
    let env = event(&sixteen(), 3);
    let served = Served::start(env.dir.path(), &["--tournament"]);
    let same = || {
        let board = served.get("/api/board").json();
        assert_eq!(standing(&board), env.json(&["tournament", "standings"]));
        board
    };
    let mut seatings = Vec::new();
    for round in 1..=3 {
        let board = same();
        assert_eq!(board["round"], round);
        let tables = board["tables"].as_array().unwrap();
        let seated: Vec<Vec<String>> = tables
            .iter()
            .map(|t| serde_json::from_value(t["players"].clone()).unwrap())
            .collect();
        seated_evenly(round, &seated);
        for n in 1..=seated.len() {
            play_over_http(&served, &board, n, round);
            assert_eq!(same()["tables"][n - 1]["finished"], true);
        }
        seatings.push(seated);
        let change = match round {
            1 => Some(("/api/add", "zoe")),
            2 => Some(("/api/withdraw", "p03")),
            _ => None,
        };
        if let Some((path, player)) = change {
            let body = serde_json::json!({ "player": player }).to_string();
            assert_eq!(served.post(path, &body).status, 200);
            same();
            let next = serde_json::json!({ "round": round + 1 }).to_string();
            assert_eq!(served.post("/api/round", &next).status, 200);
        }
    }
    placed_as_13_says(&same(), &seatings);
}

/// Table `n`'s key, from its link on the director's page (a table seated after the start,
/// round 2's fifth, is not on the start line).
fn table_key(served: &Served, n: usize) -> String {
    let desk = served.get(&format!("/?key={}", served.key)).body;
    let after = desk
        .split(&format!("/table/{n}?key="))
        .nth(1)
        .expect("the table's link");
    after.chars().take_while(char::is_ascii_hexdigit).collect()
}

/// Each player's token at table `n`, from the scorekeeper's page.
fn tokens(served: &Served, n: usize) -> BTreeMap<String, String> {
    let page = served
        .get(&format!("/table/{n}?key={}", table_key(served, n)))
        .body;
    page.split("player=")
        .skip(1)
        .filter_map(|rest| {
            let (name, rest) = rest.split_once("&amp;token=")?;
            let token: String = rest.chars().take_while(char::is_ascii_hexdigit).collect();
            Some((name.to_string(), token))
        })
        .collect()
}

fn standing(board: &serde_json::Value) -> serde_json::Value {
    serde_json::json!({"tournament": board["tournament"], "rounds": board["rounds"], "players": board["players"]})
}

#[test]
fn accepts_gate_the_finish_and_an_amend_asks_again() {
    let players: Vec<String> = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]
        .map(String::from)
        .to_vec();
    let env = event(&players, 2);
    let served = Served::start(env.dir.path(), &["--tournament"]);
    let same = || {
        let board = served.get("/api/board").json();
        assert_eq!(standing(&board), env.json(&["tournament", "standings"]));
        board
    };
    let board = same();
    let id = board["tables"][0]["match"].as_i64().unwrap();
    let seated: Vec<String> =
        serde_json::from_value(board["tables"][0]["players"].clone()).unwrap();
    let key = served.table_key(1);
    for hole in 1..=2 {
        let body =
            serde_json::json!({"match": id, "hole": hole, "grids": dealt_json(&seated, hole)});
        assert_eq!(
            served
                .post_as(&key, "/table/1/api/hole", &body.to_string())
                .status,
            200
        );
        let now = same();
        let players = now["players"].as_array().unwrap();
        let row = players.iter().find(|p| p["name"] == seated[0].as_str());
        assert_eq!(row.unwrap()["thru"], hole);
    }
    let tokens = tokens(&served, 1);
    assert_eq!(tokens.len(), seated.len(), "{tokens:?}");
    let accept = |who: &str, bearer: &str, hole: u32| {
        let body = serde_json::json!({"match": id, "hole": hole, "player": who});
        served.post_as(bearer, "/table/1/api/accept", &body.to_string())
    };
    let (first, second) = (&seated[0], &seated[1]);
    // a player's own token accepts for them only; a card shown before a change is refused
    assert_eq!(accept(second, &tokens[first], 2).status, 401);
    assert_eq!(accept(first, &tokens[first], 1).status, 409);
    assert_eq!(accept(first, &tokens[first], 2).status, 200);
    let waiting = |b: &serde_json::Value| {
        b["tables"][0]["waiting_for_accept"]
            .as_array()
            .unwrap()
            .len()
    };
    assert_eq!(waiting(&same()), seated.len() - 1);
    // the scorekeeper cannot finish while a player has not accepted
    let early = served.post_as(
        &key,
        "/table/1/api/finish",
        &format!(r#"{{"match": {id}}}"#),
    );
    assert_eq!(early.status, 409, "{}", early.body);
    // an amend after the accept asks again
    let grids = serde_json::json!({first.clone(): dealt_json(&seated, 5)[first.as_str()]});
    let amend = serde_json::json!({"match": id, "hole": 2, "grids": grids});
    assert_eq!(
        served
            .post_as(&key, "/table/1/api/amend", &amend.to_string())
            .status,
        200
    );
    assert_eq!(waiting(&same()), seated.len());
    // everyone accepts (the last from the table's key, a player without a phone)
    for (i, p) in seated.iter().enumerate() {
        let bearer = if i + 1 == seated.len() {
            &key
        } else {
            &tokens[p]
        };
        assert_eq!(accept(p, bearer, 2).status, 200);
        let board = same();
        assert_eq!(board["tables"][0]["finished"], i + 1 == seated.len());
    }
    // the log names each accept, who pressed it and when
    logged(&env, id, seated.len() + 1, first);
}

/// Match `id`'s log holds `n` accepts, the first `first`'s, each with its time.
fn logged(env: &Env, id: i64, n: usize, first: &str) {
    let log = env.json(&["log", &id.to_string()]);
    let accepts: Vec<&serde_json::Value> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "accept")
        .collect();
    assert_eq!(accepts.len(), n);
    assert!(accepts[0]["new"].as_str().unwrap().contains(first));
    assert!(accepts
        .iter()
        .all(|e| !e["at"].as_str().unwrap().is_empty()));
}

#[test]
fn the_director_finishes_without_accepts_and_players_come_and_go_from_the_page() {
    let players: Vec<String> = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]
        .map(String::from)
        .to_vec();
    let env = event(&players, 2);
    let served = Served::start(env.dir.path(), &["--tournament"]);
    let same = || {
        let board = served.get("/api/board").json();
        assert_eq!(standing(&board), env.json(&["tournament", "standings"]));
        board
    };
    let board = same();
    // the director finishes each table without accepts
    for n in 1..=2 {
        let t = &board["tables"][n - 1];
        let id = t["match"].as_i64().unwrap();
        let seated: Vec<String> = serde_json::from_value(t["players"].clone()).unwrap();
        for hole in 1..=2 {
            let body =
                serde_json::json!({"match": id, "hole": hole, "grids": dealt_json(&seated, hole)});
            let path = format!("/table/{n}/api/hole");
            let done = served.post_as(&served.table_key(n), &path, &body.to_string());
            assert_eq!(done.status, 200, "{}", done.body);
        }
        let done = served.post(
            &format!("/table/{n}/api/finish"),
            &format!(r#"{{"match": {id}}}"#),
        );
        assert_eq!(done.status, 200, "{}", done.body);
    }
    let key = served.table_key(1);
    // between rounds the director enters a latecomer and lets a player go, from the page
    assert_eq!(
        served
            .post_as(&key, "/api/add", r#"{"player": "zoe"}"#)
            .status,
        401
    );
    assert_eq!(served.post("/api/add", r#"{"player": "zoe"}"#).status, 200);
    same();
    assert_eq!(
        served.post("/api/withdraw", r#"{"player": "ann"}"#).status,
        200
    );
    let board = same();
    let ann = board["players"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (ann["name"].as_str(), ann["withdrew"].as_bool()),
        (Some("ann"), Some(true))
    );
    assert_eq!(served.post("/api/round", r#"{"round": 2}"#).status, 200);
    let board = same();
    let sizes: Vec<usize> = board["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["players"].as_array().unwrap().len())
        .collect();
    assert_eq!(sizes, vec![4, 4]);
    let zoe = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "zoe")
        .unwrap()
        .clone();
    assert_eq!(zoe["marks"][0], "late");
    assert_eq!(zoe["thru"], 0);
    let html = served.get("/board.html").body;
    assert!(html.contains("withdrew") && html.contains("late"), "{html}");
    assert!(!html.contains("Ties") || board["ties"].as_array().is_some_and(|t| !t.is_empty()));
}
