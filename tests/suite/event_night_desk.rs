//! The director's hand (issue 46.5; CLI.md "Event night, run as a club runs it"): the
//! director's player menu starts with no one chosen; a disqualification is asked again
//! (naming the player and what it does); the last penalty or disqualification is offered
//! for undo on the director's page, bound to exactly that entry (`POST /api/undo` with the
//! director's key and an idempotency key, 409 once it is no longer the last); a
//! disqualification from the tournament is lifted with its penalty, also by `golf undo` at
//! the terminal, and one given between rounds is lifted on its own.

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

/// The director's page.
fn desk(served: &Served) -> String {
    let page = served.get(&format!("/?key={}", served.key));
    assert_eq!(page.status, 200);
    page.body
}

/// The undo the director's page offers: its words and the body it sends.
fn offered(served: &Served) -> Option<(String, serde_json::Value)> {
    let page = desk(served);
    let what = page
        .split("<p id=\"dundo-what\">")
        .nth(1)?
        .split("</p>")
        .next()?;
    let body = page.split("data-undo=\"").nth(1)?.split('"').next()?;
    let body = body.replace("&quot;", "\"").replace("&amp;", "&");
    let what = what.strip_prefix("Last: ").unwrap_or(what);
    Some((what.to_string(), serde_json::from_str(&body).unwrap()))
}

/// A director's write with idempotency key `key`.
fn keyed(
    served: &Served,
    path: &str,
    body: &serde_json::Value,
    key: &str,
) -> crate::served::Answer {
    let auth = format!("Bearer {}", served.key);
    served.send(
        "POST",
        path,
        &[
            ("Authorization", &auth),
            ("Content-Type", "application/json"),
            ("Idempotency-Key", key),
        ],
        body.to_string().as_bytes(),
    )
}

/// The player's row of the standing, as `golf tournament standings --json` has it.
fn row(env: &Env, player: &str) -> serde_json::Value {
    let s = env.json(&["tournament", "standings"]);
    let players = s["players"].as_array().unwrap();
    players
        .iter()
        .find(|p| p["name"] == player)
        .unwrap()
        .clone()
}

#[test]
fn the_directors_menu_starts_empty_and_a_disqualification_is_asked_again() {
    let env = night();
    let served = Served::start(env.dir.path(), &["--tournament"]);
    let page = desk(&served);
    let menu = page.split("<select id=\"dplayer\">").nth(1).unwrap();
    assert!(
        menu.starts_with("<option value=\"\" selected>Choose a player</option>"),
        "{menu}"
    );
    // the second step names the charge (the rules' 10 over the round's highest total)
    assert!(
        page.contains("<div id=\"dconfirm\" hidden data-charge=\"10\">"),
        "{page}"
    );
    assert!(page.contains("id=\"dconfirm-yes\"") && page.contains("id=\"dconfirm-no\""));
    // nothing to undo yet
    assert!(offered(&served).is_none());
    // the page's words for it
    let script = served.get("/board.js").body;
    assert!(script.contains("counts as the round\\'s highest total plus"));
    assert!(script.contains("Choose the player first."));
}

#[test]
fn the_last_penalty_or_disqualification_is_undone_from_the_directors_page() {
    let env = night();
    let served = Served::start(env.dir.path(), &["--tournament"]);
    let board = served.get("/api/board").json();
    let bob_table = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "bob")
        .unwrap()["table"]
        .as_u64()
        .unwrap();
    // a round disqualification: offered for undo, bound to its entry
    let dq =
        serde_json::json!({"player": "bob", "disqualify": "round", "reason": "third illegal move"});
    assert_eq!(keyed(&served, "/api/penalty", &dq, "dq-1").status, 200);
    let (what, undo) = offered(&served).expect("an undo offered");
    assert!(
        what.contains(&format!(
            "bob, table {bob_table}: disqualified from round 1"
        )),
        "{what}"
    );
    assert_eq!(
        undo.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["entry", "match"]
    );
    assert_eq!(row(&env, "bob")["marks"][0], "DQ");
    let done = keyed(&served, "/api/undo", &undo, "undo-1");
    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(row(&env, "bob")["marks"][0], serde_json::Value::Null);
    // the same undo again: its kept answer; with another key: 409, nothing withdrawn
    let again = keyed(&served, "/api/undo", &undo, "undo-1");
    assert_eq!(
        (again.status, again.header("idempotency-replayed")),
        (200, Some("true"))
    );
    let stale = keyed(&served, "/api/undo", &undo, "undo-2");
    assert_eq!(stale.status, 409, "{}", stale.body);
    assert!(offered(&served).is_none(), "nothing left to undo");
    // a disqualification from the tournament, mid-round: lifted with its penalty
    let out =
        serde_json::json!({"player": "cat", "disqualify": "tournament", "reason": "marked cards"});
    assert_eq!(keyed(&served, "/api/penalty", &out, "dq-2").status, 200);
    assert_eq!(row(&env, "cat")["disqualified"], true);
    let (what, undo) = offered(&served).unwrap();
    assert!(
        what.contains("cat, table") && what.contains("disqualified from the tournament"),
        "{what}"
    );
    assert_eq!(keyed(&served, "/api/undo", &undo, "undo-3").status, 200);
    assert_eq!(row(&env, "cat")["disqualified"], false);
    // refused without the director's key
    let table = served.post_as(&served.table_key(1), "/api/undo", &undo.to_string());
    assert_eq!(table.status, 401);
}

#[test]
fn a_disqualification_between_rounds_is_undone_on_its_own() {
    let env = night();
    let served = Served::start(env.dir.path(), &["--tournament"]);
    let board = served.get("/api/board").json();
    for (n, t) in board["tables"].as_array().unwrap().iter().enumerate() {
        let id = t["match"].as_i64().unwrap();
        let players: Vec<String> = serde_json::from_value(t["players"].clone()).unwrap();
        for hole in 1..=2 {
            let body =
                serde_json::json!({"match": id, "hole": hole, "grids": dealt_json(&players, hole)});
            let key = served.table_key(n + 1);
            assert_eq!(
                served
                    .post_as(
                        &key,
                        &format!("/table/{}/api/hole", n + 1),
                        &body.to_string()
                    )
                    .status,
                200
            );
        }
        assert_eq!(
            served
                .post(
                    &format!("/table/{}/api/finish", n + 1),
                    &format!(r#"{{"match": {id}}}"#)
                )
                .status,
            200
        );
    }
    let out = serde_json::json!({"player": "dan", "disqualify": "tournament", "reason": "cheating found after round 1"});
    assert_eq!(keyed(&served, "/api/penalty", &out, "dq-3").status, 200);
    assert_eq!(row(&env, "dan")["disqualified"], true);
    let (what, undo) = offered(&served).unwrap();
    assert!(
        what.starts_with("dan: disqualified from the tournament"),
        "{what}"
    );
    assert_eq!(undo["player"], "dan");
    assert_eq!(keyed(&served, "/api/undo", &undo, "undo-4").status, 200);
    assert_eq!(row(&env, "dan")["disqualified"], false);
    let stale = keyed(&served, "/api/undo", &undo, "undo-5");
    assert_eq!(stale.status, 409, "{}", stale.body);
    // dan is seated again in round 2
    assert_eq!(served.post("/api/round", r#"{"round": 2}"#).status, 200);
    assert!(row(&env, "dan")["table"].is_u64());
}

#[test]
fn golf_undo_of_a_disqualification_from_the_tournament_lifts_it() {
    let env = night();
    let show = env.json(&["tournament", "show"]);
    let id = show["rounds"][0]["tables"][0]["match"]
        .as_i64()
        .unwrap()
        .to_string();
    let player = show["rounds"][0]["tables"][0]["players"][0]
        .as_str()
        .unwrap()
        .to_string();
    env.ok(&[
        "penalty",
        &player,
        "--disqualify",
        "--tournament",
        "--reason",
        "cheating",
        "--match",
        &id,
    ]);
    assert_eq!(row(&env, &player)["disqualified"], true);
    let said = env.ok(&["undo", "--match", &id]);
    assert!(said.to_lowercase().contains("penalty"), "{said}");
    assert!(
        said.contains("disqualification is lifted"),
        "the undo says what it lifted: {said}"
    );
    assert_eq!(row(&env, &player)["disqualified"], false);
    // a round disqualification's undo leaves the tournament alone
    env.ok(&[
        "penalty",
        &player,
        "--disqualify",
        "--reason",
        "third illegal move",
        "--match",
        &id,
    ]);
    assert_eq!(row(&env, &player)["marks"][0], "DQ");
    let said = env.ok(&["undo", "--match", &id]);
    assert!(!said.contains("lifted"), "{said}");
    let now = row(&env, &player);
    assert_eq!(
        (now["disqualified"].as_bool(), now["marks"][0].is_null()),
        (Some(false), true)
    );
}
