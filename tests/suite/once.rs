//! Exactly once, and exactly what was seen (issue 44; CLI.md "Exactly once"): the real
//! `golf serve` answering writes whose answers the Wi-Fi lost. A write sent again with its
//! idempotency key is answered as before and writes nothing; the same key with another
//! request is 422; a refusal is kept; two copies at once write once; an undo takes only
//! the entry the card showed last; an amend that changes nothing writes nothing.

use crate::common::Env;
use crate::served::Served;

/// A two-player classic match with `out-penalty-10`, nothing recorded.
fn table() -> Env {
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--house",
        "out-penalty-10",
        "ann",
        "bob",
    ]);
    env
}

/// A hole's body for hole `n`, `out` ending it.
fn hole(n: u32, out: &str) -> String {
    format!(
        r#"{{"match": 1, "hole": {n}, "grids": {{"ann": "5 K Q / 5 2 J", "bob": "2 7 Q / 2 7 Q"}}, "out": "{out}", "knock": null}}"#
    )
}

/// `body` to `path` with the key and `Idempotency-Key: key`.
fn keyed(served: &Served, key: &str, path: &str, body: &str) -> crate::served::Answer {
    keyed_as(served, &served.key, key, path, body)
}

/// The same, with `bearer` (a player's token, or a key).
fn keyed_as(
    served: &Served,
    bearer: &str,
    key: &str,
    path: &str,
    body: &str,
) -> crate::served::Answer {
    let auth = format!("Bearer {bearer}");
    served.send(
        "POST",
        path,
        &[
            ("Authorization", &auth),
            ("Content-Type", "application/json"),
            ("Idempotency-Key", key),
        ],
        body.as_bytes(),
    )
}

fn played(env: &Env) -> i64 {
    env.json(&["card"])["holes_played"].as_i64().unwrap()
}

fn audit(env: &Env) -> usize {
    env.json(&["log"])["entries"].as_array().map_or(0, Vec::len)
}

#[test]
fn a_lost_answer_sent_again_is_answered_again_and_writes_nothing() {
    let env = table();
    let served = Served::start(env.dir.path(), &[]);
    let first = keyed(&served, "k-hole-1", "/api/hole", &hole(1, "bob"));
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.header("idempotency-replayed"), None);
    // the answer was lost on the Wi-Fi: the page sends the same write again
    for _ in 0..3 {
        let again = keyed(&served, "k-hole-1", "/api/hole", &hole(1, "bob"));
        assert_eq!(again.status, 200, "{}", again.body);
        assert_eq!(again.header("idempotency-replayed"), Some("true"));
        assert_eq!(
            again.body, first.body,
            "the very answer given the first time"
        );
    }
    assert_eq!(played(&env), 1, "one hole, not a second");
    // a new write (a new key) for the same hole is refused as the hole is gone
    let other = keyed(&served, "k-hole-1b", "/api/hole", &hole(1, "bob"));
    assert_eq!(other.status, 409, "{}", other.body);

    // a penalty whose answer is lost: +5 once, not +10
    let penalty = r#"{"match": 1, "player": "ann", "points": 5, "reason": "late"}"#;
    for _ in 0..2 {
        let given = keyed(&served, "k-penalty", "/api/penalty", penalty);
        assert_eq!(given.status, 200, "{}", given.body);
    }
    let card = env.json(&["card"]);
    assert_eq!(card["penalties"].as_array().map(Vec::len), Some(1));

    // an undo whose answer is lost: one entry withdrawn, not two
    let last = card["last_entry"]["id"].as_u64().unwrap();
    let body = format!(r#"{{"match": 1, "entry": {last}}}"#);
    for _ in 0..2 {
        let undone = keyed(&served, "k-undo", "/api/undo", &body);
        assert_eq!(undone.status, 200, "{}", undone.body);
    }
    let card = env.json(&["card"]);
    assert_eq!(card["penalties"].as_array().map(Vec::len), Some(0));
    assert_eq!(
        card["holes_played"], 1,
        "the hole stays: only the penalty went"
    );
}

#[test]
fn a_key_names_one_request_and_a_refusal_is_kept() {
    let env = table();
    let served = Served::start(env.dir.path(), &[]);
    assert_eq!(
        keyed(&served, "k1", "/api/hole", &hole(1, "bob")).status,
        200
    );
    // the same key with another request: 422, nothing written
    let reused = keyed(&served, "k1", "/api/hole", &hole(2, "ann"));
    assert_eq!(reused.status, 422, "{}", reused.body);
    assert!(reused.json()["error"]
        .as_str()
        .unwrap()
        .contains("Idempotency-Key"));
    let reused = keyed(&served, "k1", "/api/finish", "{}");
    assert_eq!(reused.status, 422, "{}", reused.body);
    assert_eq!(played(&env), 1);
    // a refusal: hole 3 is not next; sent again once hole 2 is in, it is refused the same
    let early = keyed(&served, "k3", "/api/hole", &hole(3, "bob"));
    assert_eq!(early.status, 409, "{}", early.body);
    assert_eq!(
        keyed(&served, "k2", "/api/hole", &hole(2, "bob")).status,
        200
    );
    let again = keyed(&served, "k3", "/api/hole", &hole(3, "bob"));
    assert_eq!(again.status, 409, "{}", again.body);
    assert_eq!(again.header("idempotency-replayed"), Some("true"));
    assert_eq!(again.body, early.body);
    assert_eq!(played(&env), 2);
    // keys that are not 1 to 255 visible ASCII characters are refused, nothing written
    let long = "x".repeat(256);
    for bad in ["", long.as_str(), "a b"] {
        let refused = keyed(&served, bad, "/api/hole", &hole(3, "bob"));
        assert_eq!(refused.status, 400, "{bad:?}: {}", refused.body);
    }
    assert_eq!(played(&env), 2);
    // a quoted key (the draft's sf-string) is the same key
    let quoted = keyed(&served, "\"k2\"", "/api/hole", &hole(2, "bob"));
    assert_eq!(quoted.status, 200, "{}", quoted.body);
    assert_eq!(quoted.header("idempotency-replayed"), Some("true"));
}

#[test]
fn two_copies_at_once_write_once() {
    let env = table();
    let served = std::sync::Arc::new(Served::start(env.dir.path(), &[]));
    let answers: Vec<_> = (0..6)
        .map(|_| {
            let served = served.clone();
            std::thread::spawn(move || keyed(&served, "same", "/api/hole", &hole(1, "bob")))
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|t| t.join().unwrap())
        .collect();
    for a in &answers {
        assert_eq!(a.status, 200, "{}", a.body);
        assert_eq!(a.body, answers[0].body);
    }
    let fresh = answers
        .iter()
        .filter(|a| a.header("idempotency-replayed").is_none())
        .count();
    assert_eq!(fresh, 1, "one made it, the others got its answer");
    assert_eq!(played(&env), 1);
}

#[test]
fn keys_are_kept_per_seat_and_a_players_draft_is_sent_once() {
    let env = table();
    let served = Served::start(env.dir.path(), &[]);
    let ann = served.token("ann");
    let body = r#"{"match": 1, "hole": 1, "player": "ann", "grid": "5 K Q / 5 2 J", "out": true, "knock": false}"#;
    let sent = keyed_as(&served, &ann, "d1", "/api/draft", body);
    assert_eq!(sent.status, 200, "{}", sent.body);
    let revision = sent.json()["revision"].as_i64().unwrap();
    let again = keyed_as(&served, &ann, "d1", "/api/draft", body);
    assert_eq!(again.header("idempotency-replayed"), Some("true"));
    let now = served.get("/api/draft").json();
    assert_eq!(
        now["revision"].as_i64(),
        Some(revision),
        "the repeat changed nothing"
    );
    // the scorekeeper's own key "d1" is another seat's: its own write
    let bob = r#"{"match": 1, "hole": 1, "player": "bob", "grid": "2 7 Q / 2 7 Q", "out": false, "knock": false}"#;
    let keeper = keyed(&served, "d1", "/api/draft", bob);
    assert_eq!(keeper.status, 200, "{}", keeper.body);
    assert_eq!(keeper.header("idempotency-replayed"), None);
}

#[test]
fn a_recording_from_the_draft_records_what_was_shown() {
    let env = table();
    let served = Served::start(env.dir.path(), &[]);
    let put = |who: &str, grid: &str, out: bool| {
        let body = format!(
            r#"{{"match": 1, "hole": 1, "player": "{who}", "grid": "{grid}", "out": {out}, "knock": false}}"#
        );
        served
            .post_as(&served.token(who), "/api/draft", &body)
            .json()
    };
    put("ann", "5 K Q / 5 2 J", true);
    let shown = put("bob", "2 7 Q / 2 7 Q", false);
    let seen = shown["revision"].as_i64().unwrap();
    // after the scorekeeper looked, ann changes her grid and takes back "went out"
    put("ann", "A A Q / 5 2 J", false);
    let stale = served.post(
        "/api/hole",
        &format!(r#"{{"match": 1, "hole": 1, "from_draft": true, "draft": {seen}}}"#),
    );
    assert_eq!(stale.status, 409, "{}", stale.body);
    assert_eq!(played(&env), 0, "nothing unseen was recorded");
    let now = served.get("/api/draft").json();
    let recorded = served.post(
        "/api/hole",
        &format!(
            r#"{{"match": 1, "hole": 1, "from_draft": true, "draft": {}}}"#,
            now["revision"]
        ),
    );
    assert_eq!(recorded.status, 200, "{}", recorded.body);
    let card = env.json(&["card"]);
    assert_eq!(card["holes"][0]["entries"][0]["grid"], "A A Q / 5 2 J");
    assert_eq!(card["holes"][0]["out"], serde_json::Value::Null);
}

#[test]
fn undo_takes_the_entry_recorded_last_and_an_amend_is_not_last() {
    let env = table();
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
        "--out",
        "bob",
    ]);
    env.ok(&["penalty", "ann", "--points", "5", "--reason", "late"]);
    env.ok(&["amend", "1", "ann=5 K Q / 5 2 Q"]);
    let card = env.json(&["card"]);
    assert_eq!(
        card["last_entry"]["kind"], "penalty",
        "{}",
        card["last_entry"]
    );
    // at the terminal: the penalty recorded last goes, not the hole amended since
    env.ok(&["undo"]);
    let card = env.json(&["card"]);
    assert_eq!(card["penalties"].as_array().map(Vec::len), Some(0));
    assert_eq!(card["holes_played"], 1);
    // on the page: an undo names the entry its card showed; another is last now → 409
    let served = Served::start(env.dir.path(), &[]);
    let hole_entry = card["last_entry"]["id"].as_u64().unwrap();
    env.ok(&["penalty", "bob", "--points", "5", "--reason", "late"]);
    let refused = served.post("/api/undo", &format!(r#"{{"entry": {hole_entry}}}"#));
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert!(
        refused.body.contains("the penalty for hole"),
        "{}",
        refused.body
    );
    assert_eq!(
        env.json(&["card"])["penalties"].as_array().map(Vec::len),
        Some(1)
    );
}

#[test]
fn an_amend_that_changes_nothing_writes_nothing_and_a_knock_stays_a_knock() {
    let env = Env::new();
    env.ok(&[
        "new", "--rules", "classic", "--house", "knock", "ann", "bob",
    ]);
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
        "--knock",
        "bob",
    ]);
    let served = Served::start(env.dir.path(), &[]);
    let logged = audit(&env);
    let body = r#"{"match": 1, "hole": 1, "grids": {"ann": "5 K Q / 5 2 J"}}"#;
    let same = served.post("/api/amend", body);
    assert_eq!(same.status, 200, "{}", same.body);
    assert_eq!(audit(&env), logged, "nothing logged");
    // the ender amended: still a knock
    let mended = served.post("/api/amend", r#"{"match": 1, "hole": 1, "out": "ann"}"#);
    assert_eq!(mended.status, 200, "{}", mended.body);
    assert_eq!(audit(&env), logged + 1, "a real correction is logged");
    let card = env.json(&["card"]);
    assert_eq!(card["holes"][0]["out"], "ann", "{}", card["holes"][0]);
    assert_eq!(card["holes"][0]["knocked"], true, "{}", card["holes"][0]);
}

#[test]
fn a_draft_for_a_finished_match_and_a_round_not_next_are_conflicts() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "1", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    env.ok(&["finish"]);
    let served = Served::start(env.dir.path(), &["--match", "1"]);
    let body = r#"{"match": 1, "hole": 2, "player": "ann", "grid": "5 K Q / 5 2 J"}"#;
    let late = served.post("/api/draft", body);
    assert_eq!(late.status, 409, "{}", late.body);
}

/// A backup of this very database copied over it while serving (`cp backup.db golf.db`):
/// every phone is shown what the file holds now, and the next write is for the hole the
/// file has next — not refused until a restart. A database deleted under the server is
/// not served as a stale card either.
#[test]
fn a_backup_put_in_place_is_served_as_it_is_and_a_deleted_file_is_not_served_stale() {
    let env = table();
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    let backup = env.dir.path().join("backup.db");
    env.ok(&["backup", backup.to_str().unwrap()]);
    let served = Served::start(env.dir.path(), &[]);
    let mut events = crate::served::Events::open(served.port);
    assert_eq!(events.next_card().unwrap()["holes_played"], 1);
    assert_eq!(served.post("/api/hole", &hole(2, "bob")).status, 200);
    std::fs::copy(&backup, env.db()).unwrap();
    loop {
        let card = events.next_card().expect("the stream goes on");
        if card["holes_played"] == 1 {
            break;
        }
    }
    let again = served.post("/api/hole", &hole(2, "ann"));
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(played(&env), 2);
    for f in ["golf.db", "golf.db-wal", "golf.db-shm"] {
        let _ = std::fs::remove_file(env.dir.path().join(f));
    }
    loop {
        let (event, _) = events.next_event().expect("the stream goes on");
        if event == "problem" {
            break;
        }
    }
    let card = served.get("/api/card");
    assert_eq!(card.status, 503, "{}", card.body);
    assert!(card.json()["error"]
        .as_str()
        .unwrap()
        .contains("was deleted"));
}

/// `--new-key` changes nothing when the server cannot start (a busy port), and a server
/// already running refuses its old key and tokens from its next write on.
#[test]
fn a_new_key_takes_effect_only_once_the_port_is_ours_and_reaches_a_running_server() {
    let env = table();
    let served = Served::start(env.dir.path(), &[]);
    let port = served.port.to_string();
    let busy = crate::served::golf(env.dir.path())
        .args(["serve", "--local", "--new-key", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(
        busy.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&busy.stderr)
    );
    assert!(String::from_utf8_lossy(&busy.stderr).contains("in use"));
    let still = keyed(&served, "k1", "/api/hole", &hole(1, "bob"));
    assert_eq!(
        still.status, 200,
        "the key was not replaced: {}",
        still.body
    );
    // another server with a new key: the first one's links stop writing
    let renewed = Served::start(env.dir.path(), &["--new-key"]);
    assert_ne!(renewed.key, served.key);
    let old = keyed(&served, "k2", "/api/hole", &hole(2, "bob"));
    assert_eq!(old.status, 401, "{}", old.body);
    let token = keyed_as(
        &served,
        &served.token("ann"),
        "k3",
        "/api/draft",
        r#"{"match": 1, "hole": 2, "player": "ann", "grid": "5 K Q / 5 2 J"}"#,
    );
    assert_eq!(token.status, 401, "{}", token.body);
    assert_eq!(played(&env), 1);
    let new = keyed(&renewed, "k4", "/api/hole", &hole(2, "bob"));
    assert_eq!(new.status, 200, "{}", new.body);
}

/// A player renamed while serving: the new name's link writes at once, the old name's
/// token writes nothing more, with no restart.
#[test]
fn a_rename_while_serving_takes_effect_at_once() {
    let env = table();
    let served = Served::start(env.dir.path(), &[]);
    let old_token = served.token("ann");
    env.ok(&["match", "edit", "--rename", "ann=anna"]);
    let body = |who: &str| {
        format!(r#"{{"match": 1, "hole": 1, "player": "{who}", "grid": "5 K Q / 5 2 J"}}"#)
    };
    // the watcher serves the new names within its poll; the old token is refused then
    let mut refused = None;
    for _ in 0..100 {
        let answer = keyed_as(&served, &old_token, "old", "/api/draft", &body("ann"));
        if answer.status != 200 {
            refused = Some(answer);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let refused = refused.expect("the old name's token is refused");
    assert!(matches!(refused.status, 400 | 401), "{}", refused.body);
    let links = served.get(&format!("/?key={}", served.key)).body;
    assert!(
        links.contains("player=anna"),
        "the new name's link is handed out"
    );
    let token = links
        .split("player=anna")
        .nth(1)
        .and_then(|t| t.split("token=").nth(1))
        .map(|t| t.chars().take(32).collect::<String>())
        .unwrap();
    let sent = keyed_as(&served, &token, "new", "/api/draft", &body("anna"));
    assert_eq!(sent.status, 200, "{}", sent.body);
}
