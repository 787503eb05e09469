//! The round's clock (issue 46.3; CLI.md "Event night, run as a club runs it"): `golf
//! serve --tournament --clock MINUTES` bounded 1 to 1,440 (exit 2, nothing written,
//! otherwise); the board's JSON gives the end instant and the server's `now`; a restart
//! keeps the time left (another `--clock` counts from the next round); the tables still
//! playing when it runs out are marked "over time", on the board and in its JSON; a round
//! seated at the terminal while the server runs gets its clock. Time is made to pass by
//! moving the kept clock's start back in the database, never by waiting for it.

use std::time::{Duration, Instant};

use crate::common::Env;
use crate::served::{dealt_json, Served};

/// Eight players at two tables of four, two rounds of classic with 2 holes.
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
        "2",
        "--seed",
        "3",
    ];
    args.extend(["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]);
    env.ok(&args);
    env
}

fn time(text: &serde_json::Value) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(text.as_str().unwrap())
        .unwrap()
        .to_utc()
}

/// Moves the start of round `round`'s kept clock to `start` (another program's write: a
/// running server notices it as it notices a hole typed at the terminal).
fn start_clock_at(env: &Env, round: u32, start: chrono::DateTime<chrono::Utc>) {
    let conn = rusqlite::Connection::open(env.db()).unwrap();
    let at = start.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let changed = conn
        .execute(
            "UPDATE round_clocks SET started_at = ?1 WHERE round = ?2",
            rusqlite::params![at, round],
        )
        .unwrap();
    assert_eq!(changed, 1);
}

/// Waits (a hang guard of 10 s, no speed asked) until the board says `what`.
fn board_until(served: &Served, what: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    let start = Instant::now();
    loop {
        let board = served.get("/api/board").json();
        if what(&board) {
            return board;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "{board}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Plays table `n`'s two holes with its key and has the director finish it.
fn play_table(served: &Served, board: &serde_json::Value, n: usize) {
    let t = &board["tables"][n - 1];
    let id = t["match"].as_i64().unwrap();
    let players: Vec<String> = serde_json::from_value(t["players"].clone()).unwrap();
    for hole in 1..=2 {
        let body =
            serde_json::json!({"match": id, "hole": hole, "grids": dealt_json(&players, hole)});
        let key = served.table_key(n);
        let done = served.post_as(&key, &format!("/table/{n}/api/hole"), &body.to_string());
        assert_eq!(done.status, 200, "{}", done.body);
    }
    let done = served.post(
        &format!("/table/{n}/api/finish"),
        &format!(r#"{{"match": {id}}}"#),
    );
    assert_eq!(done.status, 200, "{}", done.body);
}

#[test]
fn a_clock_out_of_range_is_refused_with_nothing_written() {
    let env = night();
    let before = env.snapshot();
    for minutes in ["0", "1441", "-5", "99999999999"] {
        let said = env.bad(&["serve", "--tournament", "--clock", minutes, "--port", "0"]);
        assert!(
            said.contains(&format!(
                "--clock {minutes} is out of range; expected 1 to 1440"
            )),
            "{said}"
        );
    }
    let said = env.bad(&["serve", "--clock", "30", "--port", "0"]);
    assert!(said.contains("--tournament"), "{said}");
    assert_eq!(env.snapshot(), before, "nothing written");
}

/// Round 1's clock as the first server with `--clock 30` starts it: kept, said alike on
/// the board, its fragment and at the terminal.
fn first_clock(env: &Env) -> serde_json::Value {
    let mut served = Served::start(env.dir.path(), &["--tournament", "--clock", "30"]);
    let board = served.get("/api/board").json();
    let clock = board["clock"].clone();
    assert_eq!(
        (clock["round"].as_u64(), clock["minutes"].as_u64()),
        (Some(1), Some(30)),
        "{board}"
    );
    let (start, ends, now) = (
        time(&clock["started_at"]),
        time(&clock["ends_at"]),
        time(&board["now"]),
    );
    assert_eq!(ends - start, chrono::TimeDelta::minutes(30));
    assert!(start <= now && now < ends, "{board}");
    assert_eq!(clock["over"], false);
    assert!(board["tables"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["over_time"] == false));
    let html = served.get("/board.html").body;
    let ends_at = format!("data-ends=\"{}\"", clock["ends_at"].as_str().unwrap());
    assert!(
        html.contains("id=\"clock-left\"") && html.contains(&ends_at),
        "{html}"
    );
    // the terminal says the same clock
    let standings = env.json(&["tournament", "standings"]);
    assert_eq!(standings["clock"]["ends_at"], clock["ends_at"]);
    assert!(env
        .ok(&["tournament", "standings"])
        .contains("Round 1's clock: 30 minutes"));
    served.stop("TERM");
    clock
}

#[test]
fn the_clock_survives_a_restart_and_marks_the_tables_playing_past_it() {
    let env = night();
    let clock = first_clock(&env);
    // a restart keeps the round's clock, whatever --clock it is given now, or none
    for args in [&["--tournament", "--clock", "45"][..], &["--tournament"]] {
        let mut served = Served::start(env.dir.path(), args);
        let again = served.get("/api/board").json();
        assert_eq!(
            again["clock"]["ends_at"], clock["ends_at"],
            "{args:?}: {again}"
        );
        assert_eq!(again["clock"]["minutes"], 30);
        served.stop("TERM");
    }
    // the time is up: every table still playing is marked, on the board and in its JSON
    start_clock_at(&env, 1, chrono::Utc::now() - chrono::TimeDelta::hours(2));
    let served = Served::start(env.dir.path(), &["--tournament", "--clock", "45"]);
    let board = served.get("/api/board").json();
    assert_eq!(board["clock"]["over"], true, "{board}");
    let tables = |b: &serde_json::Value| b["tables"].as_array().unwrap().clone();
    assert!(
        tables(&board).iter().all(|t| t["over_time"] == true),
        "{board}"
    );
    let html = served.get("/board.html").body;
    assert!(
        html.contains(">time</span>") && html.contains("over time"),
        "{html}"
    );
    // a table that finishes late stays marked: it was playing when the time ran out
    play_table(&served, &board, 1);
    play_table(&served, &board, 2);
    let board = served.get("/api/board").json();
    let late = tables(&board);
    assert!(
        late.iter()
            .all(|t| t["finished"] == true && t["over_time"] == true),
        "{board}"
    );
}

#[test]
fn a_round_seated_at_the_terminal_is_clocked_and_its_end_reaches_the_board_by_itself() {
    let env = night();
    let served = Served::start(env.dir.path(), &["--tournament", "--clock", "45"]);
    let board = served.get("/api/board").json();
    play_table(&served, &board, 1);
    play_table(&served, &board, 2);
    // round 2, seated at the terminal while the server runs, takes the server's --clock
    env.ok(&["tournament", "round"]);
    let board = board_until(&served, |b| b["round"] == 2 && b["clock"]["round"] == 2);
    assert_eq!(board["clock"]["minutes"], 45);
    assert_eq!(board["clock"]["over"], false);
    assert!(board["tables"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["over_time"] == false));
    // the time runs out while the server runs: the board says so without any write
    let start = chrono::Utc::now() - chrono::TimeDelta::minutes(45) + chrono::TimeDelta::seconds(2);
    start_clock_at(&env, 2, start);
    let board = board_until(&served, |b| b["clock"]["over"] == true);
    assert!(
        board["tables"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["over_time"] == true),
        "{board}"
    );
}

#[test]
fn a_round_seated_from_the_directors_page_gets_its_clock_in_the_same_write() {
    let env = night();
    // no round in play gets a clock: a finished round waits for the next
    let served = Served::start(env.dir.path(), &["--tournament"]);
    let board = served.get("/api/board").json();
    assert!(board.get("clock").is_none(), "{board}");
    play_table(&served, &board, 1);
    play_table(&served, &board, 2);
    drop(served);
    let served = Served::start(env.dir.path(), &["--tournament", "--clock", "20"]);
    let board = served.get("/api/board").json();
    assert!(
        board.get("clock").is_none(),
        "a finished round is not clocked: {board}"
    );
    let seated = served.post("/api/round", r#"{"round": 2}"#);
    assert_eq!(seated.status, 200, "{}", seated.body);
    let answer: serde_json::Value = serde_json::from_str(&seated.body).unwrap();
    assert_eq!(
        (
            answer["clock"]["round"].as_u64(),
            answer["clock"]["minutes"].as_u64()
        ),
        (Some(2), Some(20)),
        "{answer}"
    );
    assert_eq!(
        served.get("/api/board").json()["clock"]["ends_at"],
        answer["clock"]["ends_at"]
    );
}
