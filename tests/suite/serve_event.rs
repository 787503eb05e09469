//! `golf serve --tournament` (issue 38; CLI.md "Event night"): one server for every table
//! of the round in play, each table's key writing only its own table, the director's
//! writing any and seating the next round, `/api/board` equal to `golf tournament
//! standings --json` (plus the round and its tables) after every step, and the `board`
//! event after a write at any table, from the page or the terminal (how fast it comes is
//! `cargo bench --bench serve_event`'s, not a test's).

use std::time::{Duration, Instant};

use crate::common::Env;
use crate::served::{dealt_json, Events, Served};

const PLAYERS: [&str; 12] = [
    "ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lou",
];

/// A tournament of twelve players at three tables of four, two rounds of classic with
/// `holes` holes a match.
fn event(holes: &str) -> Env {
    let env = Env::new();
    let rules = env.write(
        "club.toml",
        &format!(
            "name = \"club\"\ntitle = \"Club classic\"\nsummary = \"Classic, {holes} holes.\"\nsource = \"Official §5.1\"\nextends = \"classic\"\n\n[match]\nholes = {holes}\n"
        ),
    );
    let rules = rules.to_str().unwrap().to_string();
    let mut args = vec![
        "tournament",
        "new",
        "Club night",
        "--rules",
        &rules,
        "--rounds",
        "2",
        "--seed",
        "5",
    ];
    args.extend(PLAYERS);
    env.ok(&args);
    env
}

/// The board's standing part: what `golf tournament standings --json` says.
fn standing(board: &serde_json::Value) -> serde_json::Value {
    serde_json::json!({
        "tournament": board["tournament"],
        "rounds": board["rounds"],
        "players": board["players"],
    })
}

/// Table `n`'s players and match, as the board lists them.
fn table(board: &serde_json::Value, n: usize) -> (i64, Vec<String>) {
    let t = &board["tables"][n - 1];
    assert_eq!(t["table"], n);
    let players = t["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    (t["match"].as_i64().unwrap(), players)
}

/// Records the next hole (`hole`) at table `n` with `key`.
fn record(served: &Served, key: &str, n: usize, board: &serde_json::Value, hole: usize) -> u16 {
    let (id, players) = table(board, n);
    let body = serde_json::json!({"match": id, "hole": hole, "grids": dealt_json(&players, hole)});
    let answer = served.post_as(key, &format!("/table/{n}/api/hole"), &body.to_string());
    assert!(
        answer.status == 200 || answer.status == 401,
        "{}",
        answer.body
    );
    answer.status
}

/// `board` without its `"now"`: the server's time as it sent it (for the page's clock),
/// which differs from one send to the next.
fn timeless(mut board: serde_json::Value) -> serde_json::Value {
    let now = board.as_object_mut().unwrap().remove("now");
    assert!(now.is_some_and(|n| n.is_string()), "no \"now\" in {board}");
    board
}

fn board(served: &Served) -> serde_json::Value {
    let answer = served.get("/api/board");
    assert_eq!(answer.status, 200, "{}", answer.body);
    timeless(answer.json())
}

/// Waits for the next `board` event (a hang guard of 10 s, not a speed target: the
/// serve_event bench measures that); how long it took.
fn next_board(events: &mut Events) -> (serde_json::Value, Duration) {
    let start = Instant::now();
    loop {
        let (kind, data) = events.next_event().expect("the board's stream ended");
        if kind == "board" {
            return (timeless(data), start.elapsed());
        }
        assert!(start.elapsed() < Duration::from_secs(10), "no board event");
    }
}

/// Each table's players accept the card (here from the table's key, for players without
/// a phone); the scorekeeper's finish waits for every accept, the last accept finishes the
/// match; the board follows each.
fn accept_every_table(
    served: &Served,
    env: &Env,
    events: &mut Events,
    keys: &[String],
    now: &serde_json::Value,
) {
    for n in 1..=3usize {
        let (id, players) = table(now, n);
        let early = served.post_as(
            &keys[n - 1],
            &format!("/table/{n}/api/finish"),
            &format!(r#"{{"match": {id}}}"#),
        );
        assert_eq!(early.status, 409, "{}", early.body);
        assert!(early.body.contains("to accept the card"), "{}", early.body);
        assert_eq!(
            board(served)["tables"][n - 1]["waiting_for_accept"],
            serde_json::json!(players)
        );
        for p in &players {
            let body = serde_json::json!({"match": id, "hole": 2, "player": p});
            let done = served.post_as(
                &keys[n - 1],
                &format!("/table/{n}/api/accept"),
                &body.to_string(),
            );
            assert_eq!(done.status, 200, "{}", done.body);
            let (seen, _) = next_board(events);
            assert_eq!(
                standing(&seen),
                env.json(&["tournament", "standings", "Club night"])
            );
        }
        assert_eq!(board(served)["tables"][n - 1]["finished"], true);
    }
}

/// Round 2 seated: a table's key cannot, the director's does, once; the board follows,
/// and the same table's key writes the new round's match at that table. The board after.
fn seat_round_two(served: &Served, events: &mut Events, keys: &[String]) -> serde_json::Value {
    assert_eq!(
        served
            .post_as(&keys[0], "/api/round", r#"{"round": 2}"#)
            .status,
        401
    );
    let seated = served.post("/api/round", r#"{"round": 2}"#);
    assert_eq!(seated.status, 200, "{}", seated.body);
    assert_eq!(seated.json()["round"], 2);
    let (seen, _) = next_board(events);
    assert_eq!(seen["round"], 2, "the board follows the round seated");
    let again = served.post("/api/round", r#"{"round": 2}"#);
    assert_eq!(again.status, 409, "{}", again.body);
    let now = board(served);
    assert_eq!(now["round"], 2);
    assert_eq!(now["tables"][0]["holes_played"], 0);
    let (id, _) = table(&now, 1);
    assert_eq!(served.get("/table/1/api/card").json()["match"], id);
    now
}

#[test]
fn a_whole_two_round_event_is_run_from_the_tables_keys_and_the_board_follows() {
    let env = event("2");
    let mut served = Served::start(env.dir.path(), &["--tournament"]);
    // the start line: the director's key and each table's link, keys of their own
    assert_eq!(served.key.len(), 32);
    assert_eq!(served.tables.len(), 3);
    let keys: Vec<String> = (1..=3).map(|n| served.table_key(n)).collect();
    for (i, k) in keys.iter().enumerate() {
        assert_eq!(k.len(), 32);
        assert_ne!(*k, served.key);
        assert!(served.tables[i]
            .2
            .contains(&format!("/table/{}?key=", i + 1)));
    }
    let mut events = Events::open(served.port);
    assert_eq!(events.status, 200);
    let (first, _) = next_board(&mut events);
    let mut now = board(&served);
    assert_eq!(first, now);
    assert_eq!(now["round"], 1);
    assert_eq!(
        standing(&now),
        env.json(&["tournament", "standings", "Club night"])
    );

    for round in 1..=2usize {
        for hole in 1..=2usize {
            for n in 1..=3usize {
                // another table's key is refused at this table, and nothing is written
                let other = &keys[n % 3];
                assert_eq!(record(&served, other, n, &now, hole), 401);
                assert_eq!(record(&served, &keys[n - 1], n, &now, hole), 200);
                // the board event follows, the table's progress in it (how fast: the
                // serve_event bench)
                let (seen, took) = next_board(&mut events);
                eprintln!("round {round} hole {hole} table {n}: board event after {took:?}");
                assert_eq!(
                    seen["tables"][n - 1]["holes_played"],
                    hole,
                    "{}",
                    seen["tables"]
                );
                now = board(&served);
                assert_eq!(seen, now);
                assert_eq!(
                    standing(&now),
                    env.json(&["tournament", "standings", "Club night"]),
                    "round {round} hole {hole} table {n}"
                );
                // the next round is refused while a table plays
                if round == 1 && !(hole == 2 && n == 3) {
                    let early = served.post("/api/round", r#"{"round": 2}"#);
                    assert_eq!(early.status, 409, "{}", early.body);
                    assert!(early.body.contains("still in play"), "{}", early.body);
                }
            }
        }
        accept_every_table(&served, &env, &mut events, &keys, &now);
        now = board(&served);
        assert_eq!(
            standing(&now),
            env.json(&["tournament", "standings", "Club night"])
        );
        if round == 1 {
            now = seat_round_two(&served, &mut events, &keys);
        }
    }
    let shown = env.json(&["tournament", "show", "Club night"]);
    assert_eq!(shown["rounds"].as_array().unwrap().len(), 2);
    assert_eq!(standing(&now)["rounds"], 2);
    // every round played: nothing more to seat
    assert_ne!(served.post("/api/round", "").status, 200);
    assert!(served.stop("TERM").success());
}

#[test]
fn a_hole_at_the_terminal_and_a_disqualification_reach_the_board() {
    let env = event("9");
    let served = Served::start(env.dir.path(), &["--tournament", "Club night"]);
    let mut events = Events::open(served.port);
    let (now, _) = next_board(&mut events);
    let (id, players) = table(&now, 2);
    let mut args = vec!["hole".to_string(), "--match".into(), id.to_string()];
    for (name, grid) in dealt_json(&players, 1).as_object().unwrap() {
        args.push(format!("{name}={}", grid.as_str().unwrap()));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    env.ok(&args);
    let (seen, took) = next_board(&mut events);
    eprintln!("a terminal's hole: board event after {took:?}");
    assert_eq!(seen["tables"][1]["holes_played"], 1);
    // the table's own page follows it too
    assert_eq!(
        served.get("/table/2/api/card").json(),
        env.json(&["card", "--match", &id.to_string()])
    );

    // the director disqualifies a player from the tournament: listed last, marked
    let who = &players[0];
    let body =
        serde_json::json!({"player": who, "disqualify": "tournament", "reason": "marked cards"});
    assert_eq!(
        served
            .post_as(&served.table_key(2), "/api/penalty", &body.to_string())
            .status,
        401,
        "a table's key is not the director's"
    );
    let given = served.post("/api/penalty", &body.to_string());
    assert_eq!(given.status, 200, "{}", given.body);
    let (seen, _) = next_board(&mut events);
    let last = seen["players"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["name"], who.as_str());
    assert_eq!(last["disqualified"], true);
    assert_eq!(
        standing(&seen),
        env.json(&["tournament", "standings", "Club night"])
    );
    let page = served.get("/board.html");
    assert!(page.body.contains("marked cards"), "{}", page.body);
    // penalty points at a player's table, and a bad body
    let other = &players[1];
    let points = serde_json::json!({"player": other, "points": 5, "reason": "late"});
    assert_eq!(served.post("/api/penalty", &points.to_string()).status, 200);
    let card = served.get("/table/2/api/card").json();
    assert_eq!(card["penalties"].as_array().unwrap().len(), 2);
    let both =
        serde_json::json!({"player": other, "points": 5, "disqualify": "round", "reason": "x"});
    let refused = served.post("/api/penalty", &both.to_string());
    assert_eq!(refused.status, 400, "{}", refused.body);
}

#[test]
fn the_pages_of_an_event_night() {
    let env = event("9");
    let served = Served::start(env.dir.path(), &["--tournament"]);
    let board = served.get("/");
    assert_eq!(board.status, 200);
    assert!(board.body.contains("Club night"));
    assert!(
        board.body.contains("/table/3"),
        "links to each table's card"
    );
    assert!(!board.body.contains("id=\"director\""));
    let director = served.get(&format!("/?key={}", served.key));
    assert!(director.body.contains("id=\"director\""));
    for n in 1..=3 {
        assert!(
            director.body.contains(&served.table_key(n)),
            "table {n}'s link"
        );
    }
    assert!(director.body.contains("<svg"), "QR codes");
    let wrong = served.get(&format!("/?key={}", served.table_key(1)));
    assert!(wrong.body.contains("not the director"));
    let tv = served.get("/board");
    assert!(tv.body.contains("board-tv"));
    // a table's page is the one-table page, its keeper's with its key or the director's
    let keeper = served.get(&format!("/table/2?key={}", served.table_key(2)));
    assert!(keeper.body.contains("id=\"keeper\""), "{}", keeper.body);
    assert!(keeper.body.contains("data-base=\"/table/2\""));
    let by_director = served.get(&format!("/table/2?key={}", served.key));
    assert!(by_director.body.contains("id=\"keeper\""));
    let foreign = served.get(&format!("/table/2?key={}", served.table_key(1)));
    assert!(!foreign.body.contains("id=\"keeper\""));
    assert!(served.get("/table/2/tv").body.contains("/table/2/tv.html"));
    assert_eq!(served.get("/table/4").status, 404);
    assert_eq!(served.get("/table/x/api/card").status, 404);
    assert!(served.get("/table/4").json()["error"]
        .as_str()
        .unwrap()
        .contains("no table 4"));
    // the players' links of a table write their own grid at that table only
    let card = served.get("/table/1/api/card").json();
    let first = card["players"][0]["name"].as_str().unwrap().to_string();
    assert!(keeper.body.contains("token="));
    let _ = first;
}

#[test]
fn serve_tournament_refuses_what_it_cannot_serve() {
    let env = event("9");
    let err = env.bad(&["serve", "--tournament", "Club nite", "--port", "0"]);
    assert!(err.contains("no tournament named"), "{err}");
    assert!(err.contains("Club night"), "did you mean: {err}");
    let err = env.bad(&["serve", "--tournament", "--match", "1"]);
    assert!(err.contains("cannot be used with"), "{err}");
}
