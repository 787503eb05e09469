//! `golf serve`'s router called in process (STYLE.md "Test the router in-process"; axum's
//! `examples/testing`: `tower::ServiceExt::oneshot`), no port and no second process: every
//! refusal a write can meet, with its status, its JSON and nothing written; the headers of
//! every answer; the idempotency key's replay and reuse; the conflicts of a stale screen.
//! The real binary is left to what needs it (faults, signals, the browser; `serve.rs`,
//! `once.rs`).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use golf::serve::{in_process, InProcess, Settings};
use tower::ServiceExt as _;

use crate::common::Env;

/// The port the `Host` check expects (nothing listens on it).
const PORT: u16 = 7878;

/// A hole of the two-player match.
fn hole(n: u32) -> String {
    format!(
        r#"{{"match": 1, "hole": {n}, "grids": {{"ann": "5 K Q / 5 2 J", "bob": "2 7 Q / 2 7 Q"}}, "out": "bob", "knock": null}}"#
    )
}

/// An answer: status, headers and body.
struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.text()))
    }

    /// A refusal in words: JSON `{"error": TEXT}` with TEXT not empty.
    fn refused(&self, status: u16) -> String {
        assert_eq!(self.status.as_u16(), status, "{}", self.text());
        assert!(
            self.header("content-type")
                .is_some_and(|t| t.starts_with("application/json")),
            "{:?}",
            self.headers
        );
        let error = self.json()["error"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(!error.is_empty(), "{}", self.text());
        error
    }
}

/// The router of `golf serve` on `env`'s database, odds off (no cache folder read).
struct App {
    app: InProcess,
    runtime: tokio::runtime::Runtime,
}

impl App {
    fn new(env: &Env, tournament: bool) -> App {
        let settings = Settings {
            db: env.db(),
            match_id: None,
            port: PORT,
            local: true,
            new_key: false,
            json: false,
            odds: false,
            tournament: tournament.then_some(None),
            clock: None,
        };
        App {
            app: in_process(&settings).unwrap(),
            runtime: tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap(),
        }
    }

    /// `method path` with `headers` (a `Host` of the server's own unless given; a header
    /// given empty is left out) and `body`.
    fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
        let mut request = Request::builder().method(method).uri(path);
        if !headers.iter().any(|(h, _)| h.eq_ignore_ascii_case("host")) {
            request = request.header("host", format!("127.0.0.1:{PORT}"));
        }
        for (name, value) in headers.iter().filter(|(_, v)| !v.is_empty()) {
            request = request.header(*name, *value);
        }
        let request = request.body(Body::from(body.to_string())).unwrap();
        self.runtime.block_on(async {
            let response = self.app.router.clone().oneshot(request).await.unwrap();
            let (parts, body) = response.into_parts();
            let body = axum::body::to_bytes(body, usize::MAX).await.unwrap();
            Reply {
                status: parts.status,
                headers: parts.headers,
                body: body.to_vec(),
            }
        })
    }

    /// A write with `bearer` and the idempotency key `key` (none when empty).
    fn write_as(&self, bearer: &str, key: &str, path: &str, body: &str) -> Reply {
        let auth = format!("Bearer {bearer}");
        let mut headers = vec![
            ("content-type", "application/json"),
            ("authorization", &*auth),
        ];
        if !key.is_empty() {
            headers.push(("idempotency-key", key));
        }
        self.send("POST", path, &headers, body)
    }

    /// The same with the scorekeeper's key (the director's at a tournament).
    fn write(&self, key: &str, path: &str, body: &str) -> Reply {
        self.write_as(&self.app.key, key, path, body)
    }

    fn get(&self, path: &str) -> Reply {
        self.send("GET", path, &[], "")
    }

    /// The holes recorded, as the card says.
    fn played(&self) -> u64 {
        self.get("/api/card").json()["holes_played"]
            .as_u64()
            .unwrap()
    }

    /// A player's token, from their link.
    fn token(&self, name: &str) -> String {
        let link = self.app.player_link(name);
        let token = link.split("token=").nth(1).unwrap_or_default();
        token.split('&').next().unwrap_or_default().to_string()
    }
}

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

/// A refused write: what it is, its headers, its body and the status it gets.
type Case<'a> = (&'a str, Vec<(&'a str, &'a str)>, String, u16);

#[test]
fn every_refused_write_is_json_with_its_status_and_writes_nothing() {
    let env = table();
    let app = App::new(&env, false);
    let key = format!("Bearer {}", app.app.key);
    let json = ("content-type", "application/json");
    let own_host = format!("127.0.0.1:{PORT}");
    let big = format!(r#"{{"pad": "{}"}}"#, "x".repeat(64 * 1024));
    let long_key = "x".repeat(256);
    let cases: Vec<Case> = vec![
        ("no key", vec![json], hole(1), 401),
        (
            "a wrong key",
            vec![
                json,
                ("authorization", "Bearer 00000000000000000000000000000000"),
            ],
            hole(1),
            401,
        ),
        (
            "a page of another site",
            vec![
                json,
                ("authorization", &key),
                ("origin", "http://evil.example"),
            ],
            hole(1),
            403,
        ),
        (
            "a name pointed at this computer",
            vec![json, ("authorization", &key), ("host", "evil.example:7878")],
            hole(1),
            403,
        ),
        (
            "no Host at all",
            vec![json, ("authorization", &key), ("host", "")],
            hole(1),
            403,
        ),
        (
            "another port",
            vec![json, ("authorization", &key), ("host", "127.0.0.1:80")],
            hole(1),
            403,
        ),
        (
            "a body over 64 KiB",
            vec![json, ("authorization", &key)],
            big,
            413,
        ),
        (
            "a body that is not JSON",
            vec![json, ("authorization", &key)],
            "{\"match\": 1, \"grids\"".into(),
            400,
        ),
        (
            "an empty idempotency key",
            vec![json, ("authorization", &key), ("idempotency-key", "\"\"")],
            hole(1),
            400,
        ),
        (
            "a key of 256 characters",
            vec![
                json,
                ("authorization", &key),
                ("idempotency-key", &long_key),
            ],
            hole(1),
            400,
        ),
        (
            "a key with a space",
            vec![json, ("authorization", &key), ("idempotency-key", "a b")],
            hole(1),
            400,
        ),
        (
            "hole 2 before hole 1",
            vec![json, ("authorization", &key)],
            hole(2),
            409,
        ),
        (
            "another match's hole",
            vec![json, ("authorization", &key)],
            hole(1).replace("\"match\": 1", "\"match\": 9"),
            409,
        ),
    ];
    for (what, headers, body, status) in &cases {
        let reply = app.send("POST", "/api/hole", headers, body);
        let error = reply.refused(*status);
        assert!(!error.contains('^'), "{what}: no caret line: {error}");
        if *status == 401 {
            assert_eq!(reply.header("www-authenticate"), Some("Bearer"), "{what}");
        }
        assert_eq!(app.played(), 0, "{what} wrote a hole");
    }
    // a player's token writes their own grid, never a hole
    let token = app.token("ann");
    let by_token = app.write_as(&token, "", "/api/hole", &hole(1));
    by_token.refused(401);
    // the method, the page and the table that are not there
    app.get("/api/hole").refused(405);
    app.get("/api/nothing").refused(404);
    app.get("/table/1").refused(404);
    assert_eq!(app.played(), 0);
    // and the same write, right, is recorded
    let own = app.send(
        "POST",
        "/api/hole",
        &[json, ("authorization", &key), ("host", &own_host)],
        &hole(1),
    );
    assert_eq!(own.status, 200, "{}", own.text());
    assert_eq!(app.played(), 1);
}

#[test]
fn every_answer_carries_the_security_headers_and_assets_their_validators() {
    let env = table();
    let app = App::new(&env, false);
    for path in [
        "/",
        "/api/card",
        "/api/draft",
        "/golf.js",
        "/nothing",
        "/tv",
    ] {
        let reply = app.get(path);
        assert_eq!(
            reply.header("content-security-policy"),
            Some("default-src 'self'"),
            "{path}"
        );
        assert_eq!(
            reply.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            reply.header("referrer-policy"),
            Some("no-referrer"),
            "{path}"
        );
        assert!(reply.header("cache-control").is_some(), "{path}");
    }
    // the card: revalidated every time, 304 while it has not changed
    let card = app.get("/api/card");
    assert_eq!(card.header("cache-control"), Some("no-cache"));
    let tag = card.header("etag").unwrap().to_string();
    let same = app.send("GET", "/api/card", &[("if-none-match", &tag)], "");
    assert_eq!(same.status, StatusCode::NOT_MODIFIED);
    assert_eq!(app.write("", "/api/hole", &hole(1)).status, 200);
    let changed = app.send("GET", "/api/card", &[("if-none-match", &tag)], "");
    assert_eq!(changed.status, 200);
    assert_ne!(changed.header("etag"), Some(tag.as_str()));
    assert_eq!(
        app.get("/api/draft").header("cache-control"),
        Some("no-store")
    );
    // an asset: a validator, 304 when the phone has it, gzipped when the phone takes it
    let script = app.get("/api.js");
    assert_eq!(script.status, 200);
    assert!(script
        .header("content-type")
        .is_some_and(|t| t.contains("javascript")));
    let etag = script.header("etag").unwrap().to_string();
    let again = app.send("GET", "/api.js", &[("if-none-match", &etag)], "");
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    let other = app.send("GET", "/api.js", &[("if-none-match", "\"other\"")], "");
    assert_eq!(other.status, 200);
    let zipped = app.send("GET", "/api.js", &[("accept-encoding", "gzip")], "");
    assert_eq!(zipped.header("content-encoding"), Some("gzip"));
    assert!(zipped.body.len() < script.body.len());
}

#[test]
fn a_repeat_gets_the_kept_answer_and_another_request_under_its_key_is_422() {
    let env = table();
    let app = App::new(&env, false);
    let first = app.write("hole-1", "/api/hole", &hole(1));
    assert_eq!(first.status, 200, "{}", first.text());
    assert_eq!(first.header("idempotency-replayed"), None);
    let again = app.write("hole-1", "/api/hole", &hole(1));
    assert_eq!(again.status, 200);
    assert_eq!(again.header("idempotency-replayed"), Some("true"));
    assert_eq!(again.body, first.body);
    assert_eq!(app.played(), 1, "the repeat wrote nothing");
    // the same key with another request: 422, nothing written
    app.write("hole-1", "/api/hole", &hole(2)).refused(422);
    // ... also on another route
    app.write("hole-1", "/api/finish", "").refused(422);
    assert_eq!(app.played(), 1);
    // a refusal is kept too: the retry is refused the same way even once it would pass
    let early = app.write("hole-3", "/api/hole", &hole(3));
    let said = early.refused(409);
    assert_eq!(app.write("hole-2", "/api/hole", &hole(2)).status, 200);
    let later = app.write("hole-3", "/api/hole", &hole(3));
    assert_eq!(later.refused(409), said);
    assert_eq!(later.header("idempotency-replayed"), Some("true"));
    assert_eq!(app.played(), 2);
    // a key is the seat's own: the same key from a player's phone is another write
    let token = app.token("ann");
    let draft = r#"{"match": 1, "hole": 3, "player": "ann", "grid": "5 K Q / 5 2 J", "out": false, "knock": false}"#;
    let put = app.write_as(&token, "hole-1", "/api/draft", draft);
    assert_eq!(put.status, 200, "{}", put.text());
    assert_eq!(put.header("idempotency-replayed"), None);
}

#[test]
fn a_stale_draft_and_an_undo_not_of_the_last_entry_are_conflicts() {
    let env = table();
    let app = App::new(&env, false);
    let put = |who: &str, grid: &str| {
        let body = format!(
            r#"{{"match": 1, "hole": 1, "player": "{who}", "grid": "{grid}", "out": false, "knock": false}}"#
        );
        app.write_as(&app.token(who), "", "/api/draft", &body)
            .json()
    };
    put("ann", "5 K Q / 5 2 J");
    let seen = put("bob", "2 7 Q / 2 7 Q")["revision"].as_i64().unwrap();
    put("ann", "A A Q / 5 2 J");
    let from = |revision: i64| {
        format!(
            r#"{{"match": 1, "hole": 1, "from_draft": true, "draft": {revision}, "out": "bob"}}"#
        )
    };
    app.write("", "/api/hole", &from(seen)).refused(409);
    let unnamed = r#"{"match": 1, "hole": 1, "from_draft": true, "out": "bob"}"#;
    app.write("", "/api/hole", unnamed).refused(400);
    assert_eq!(app.played(), 0);
    let now = app.get("/api/draft").json()["revision"].as_i64().unwrap();
    assert!(now > seen);
    assert_eq!(app.write("", "/api/hole", &from(now)).status, 200);
    assert_eq!(app.played(), 1);
    // a penalty after the hole: the hole is no longer the last entry
    let hole_entry = app.get("/api/card").json()["last_entry"]["id"].clone();
    let penalty = r#"{"match": 1, "player": "ann", "points": 5, "reason": "slow play"}"#;
    let given = app.write("", "/api/penalty", penalty);
    assert_eq!(given.status, 200, "{}", given.text());
    let undo = format!(r#"{{"match": 1, "entry": {hole_entry}}}"#);
    app.write("", "/api/undo", &undo).refused(409);
    let card = app.get("/api/card").json();
    assert_eq!(card["holes_played"], 1);
    assert_eq!(card["last_entry"]["kind"], "penalty");
    let undo = format!(r#"{{"match": 1, "entry": {}}}"#, card["last_entry"]["id"]);
    assert_eq!(app.write("", "/api/undo", &undo).status, 200);
    let card = app.get("/api/card").json();
    assert_eq!(
        (
            card["holes_played"].as_u64(),
            card["last_entry"]["kind"].as_str()
        ),
        (Some(1), Some("hole"))
    );
}

#[test]
fn at_a_tournament_each_key_writes_its_own_table_and_only_the_director_seats() {
    let env = Env::new();
    env.ok(&[
        "tournament",
        "new",
        "Club night",
        "--rules",
        "classic",
        "--rounds",
        "2",
        "--seed",
        "5",
        "ann",
        "bob",
        "cat",
        "dan",
        "eve",
        "fay",
        "gus",
        "hal",
    ]);
    let app = App::new(&env, true);
    let board = app.get("/api/board").json();
    let tables = board["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 2, "{board}");
    let (one, two) = (app.app.table_key(1), app.app.table_key(2));
    assert_ne!(one, two);
    let penalty = |t: &serde_json::Value| {
        format!(
            r#"{{"match": {}, "player": "{}", "points": 5, "reason": "slow play"}}"#,
            t["match"],
            t["players"][0].as_str().unwrap()
        )
    };
    // table 2's key does not write table 1
    app.write_as(&two, "", "/table/1/api/penalty", &penalty(&tables[0]))
        .refused(401);
    assert_eq!(
        app.write_as(&one, "", "/table/1/api/penalty", &penalty(&tables[0]))
            .status,
        200
    );
    // a player's link of the evening opened at another table follows them to theirs
    let theirs = tables[1]["players"][0].as_str().unwrap();
    let token = app.token(theirs);
    let elsewhere = app.get(&format!("/table/1?player={theirs}&token={token}"));
    assert_eq!(elsewhere.status, StatusCode::SEE_OTHER);
    let to = elsewhere.header("location").unwrap();
    assert!(to.starts_with("/table/2?player="), "{to}");
    assert!(to.ends_with(&format!("&token={token}")), "{to}");
    let followed = app.get(to);
    assert_eq!(followed.status, 200);
    assert!(
        followed.text().contains("Your grid for "),
        "{}",
        followed.text()
    );
    // a token that is not theirs follows nobody
    let wrong = app.get(&format!(
        "/table/1?player={theirs}&token={}",
        "0".repeat(32)
    ));
    assert_eq!(wrong.status, 200);
    assert!(wrong.text().contains("That link is not this server"));
    // a table number written otherwise is no table
    app.get("/table/01").refused(404);
    app.get("/table/3").refused(404);
    // a table's key seats no round; the director's cannot seat round 3 nor round 2 early
    app.write_as(&one, "", "/api/round", r#"{"round": 2}"#)
        .refused(401);
    app.write("", "/api/round", r#"{"round": 3}"#).refused(409);
    app.write("", "/api/round", r#"{"round": 2}"#).refused(409);
}

#[test]
fn a_board_after_a_tables_write_holds_what_another_program_wrote_meanwhile() {
    let env = Env::new();
    env.ok(&[
        "tournament",
        "new",
        "Club night",
        "--rules",
        "classic",
        "--seed",
        "5",
        "ann",
        "bob",
        "cat",
        "dan",
        "eve",
        "fay",
        "gus",
        "hal",
    ]);
    let app = App::new(&env, true);
    let board = app.get("/api/board").json();
    let tables = board["tables"].as_array().unwrap().clone();
    let penalty = |t: &serde_json::Value| {
        format!(
            r#"{{"match": {}, "player": "{}", "points": 5, "reason": "slow play"}}"#,
            t["match"],
            t["players"][0].as_str().unwrap()
        )
    };
    let total = |board: &serde_json::Value, name: &str| {
        board["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .map(|p| p["total"].as_i64().unwrap())
            .unwrap()
    };
    let one = app.app.table_key(1);
    let first = app.write_as(&one, "", "/table/1/api/penalty", &penalty(&tables[0]));
    assert_eq!(first.status, 200, "{}", first.text());
    // the terminal gives a penalty at table 2 (no watcher runs in process)
    let theirs = tables[1]["players"][0].as_str().unwrap().to_string();
    let at = tables[1]["match"].to_string();
    env.ok(&[
        "penalty",
        "--match",
        &at,
        "--points",
        "7",
        "--reason",
        "slow play",
        &theirs,
    ]);
    // table 1's next write: its board holds table 2's penalty as well as its own two
    let second = app.write_as(&one, "", "/table/1/api/penalty", &penalty(&tables[0]));
    assert_eq!(second.status, 200, "{}", second.text());
    let board = app.get("/api/board").json();
    assert_eq!(total(&board, &theirs), 7, "{board}");
    let ours = tables[0]["players"][0].as_str().unwrap();
    assert_eq!(total(&board, ours), 10, "{board}");
    assert_eq!(
        board["players"],
        env.json(&["tournament", "standings"])["players"]
    );
}
