//! `golf serve` (issue 28; CLI.md "The table's screen"): the real binary on a free port
//! against a temporary database, every route, status code and limit, the card JSON equal
//! to `golf card --json`, the referee's messages equal to `golf hole`'s, the update after
//! a write from another process, and a clean stop.

use crate::common::Env;
use crate::served::{Events, Served};

/// A match of three players with one hole in.
fn one_hole() -> Env {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob", "cat"]);
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
        "cat=A A 3 / 4 4 9",
        "--out",
        "bob",
    ]);
    env
}

fn card(env: &Env) -> serde_json::Value {
    env.json(&["card"])
}

const HOLE: &str = r#"{"grids": {"ann": "3 3 4 / 9 9 4", "bob": "A A 2 / K K 2", "cat": "6 6 6 / 7 7 7"}, "out": "ann", "knock": null}"#;

/// Every answer, whatever its status, carries the CSP and is not sniffed.
fn guarded(answer: &crate::served::Answer, what: &str) {
    assert_eq!(
        answer.header("content-security-policy"),
        Some("default-src 'self'"),
        "{what}: {answer:?}"
    );
    assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
}

#[test]
fn the_start_line_the_pages_and_the_card_are_as_cli_md_says() {
    let env = one_hole();
    let served = Served::start(env.dir.path(), &[]);
    assert!(served.port > 0);
    assert_eq!(served.urls, vec![served.url("/")]);
    // 128 bits of key, as hex
    assert_eq!(served.key.len(), 32);
    assert!(served.key.chars().all(|c| c.is_ascii_hexdigit()));

    let api = served.get("/api/card");
    assert_eq!(api.status, 200);
    guarded(&api, "/api/card");
    assert_eq!(api.header("content-type"), Some("application/json"));
    // the card JSON is golf card --json's, chances line and all
    assert_eq!(api.json(), card(&env));

    let page = served.get("/");
    assert_eq!(page.status, 200);
    guarded(&page, "/");
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    for text in [
        "ann",
        "bob",
        "cat",
        "Leader: bob with -4 after 1 of 9 holes.",
        "Next: hole 2, bob deals.",
    ] {
        assert!(page.body.contains(text), "the page lacks {text}");
    }
    // no script or style inline: the CSP would refuse them; the scripts are ES modules,
    // the plain page's only those that show the card
    assert!(page
        .body
        .contains(r#"<script type="module" src="/live.js"></script><script type="module" src="/scorecard.js"></script>"#));
    assert!(!page.body.contains("/api.js") && !page.body.contains("<script>"));
    assert!(!page.body.contains("<style") && !page.body.contains(" style="));
    assert!(!page.body.contains("onclick"));
    // the plain page has no scorekeeper's form; the key's page has it
    assert!(!page.body.contains(r#"id="keeper""#));
    let keeper = served.get(&format!("/?key={}", served.key));
    assert!(keeper.body.contains(r#"id="keeper""#));
    assert!(keeper.body.contains(r#"data-card="K""#) && keeper.body.contains(r#"data-suit="h""#));
    // a key's page never repeats the key
    assert!(!keeper.body.contains(&served.key));
    let wrong = served.get("/?key=0123");
    assert!(!wrong.body.contains(r#"id="keeper""#) && wrong.body.contains("not this server"));

    let fragment = served.get("/card.html");
    assert_eq!(fragment.status, 200);
    assert!(fragment
        .body
        .contains("column 1: 5 5 — column pair, scores 0 (Official §2.3)"));

    let mut size = page.body.len();
    for (path, kind) in [
        ("/live.js", "text/javascript; charset=utf-8"),
        ("/scorecard.js", "text/javascript; charset=utf-8"),
        ("/golf.css", "text/css; charset=utf-8"),
        ("/icon.svg", "image/svg+xml"),
    ] {
        let asset = served.get(path);
        assert_eq!(asset.status, 200, "{path}");
        assert_eq!(asset.header("content-type"), Some(kind));
        guarded(&asset, path);
        size += asset.body.len();
    }
    // everything the page needs, well under 200 KiB
    assert!(size < 40 * 1024, "the page and its files are {size} bytes");

    let missing = served.get("/nothing");
    assert_eq!(missing.status, 404);
    guarded(&missing, "404");
    assert!(missing.json()["error"].is_string());
}

#[test]
fn holes_undo_and_finish_through_the_api_are_golf_holes() {
    let env = one_hole();
    let served = Served::start(env.dir.path(), &[]);
    let recorded = served.post("/api/hole", HOLE);
    assert_eq!(recorded.status, 200, "{}", recorded.body);
    guarded(&recorded, "POST /api/hole");
    let after = recorded.json();
    assert_eq!(after["holes_played"], 2);
    assert_eq!(after["holes"][1]["out"], "ann");
    // what the API answers is what golf card says now (chances and all)
    assert_eq!(after, card(&env));

    // refused as golf hole refuses the same grids: the same message, nothing written
    for (body, args) in [
        (
            r#"{"grids": {"ann": "5 K Q / 5 2", "bob": "A A 2 / K K 2", "cat": "6 6 6 / 7 7 7"}}"#,
            vec![
                "hole",
                "ann=5 K Q / 5 2",
                "bob=A A 2 / K K 2",
                "cat=6 6 6 / 7 7 7",
            ],
        ),
        (
            r#"{"grids": {"ann": "5 K Q / 5 2 J", "bob": "A A 2 / K K 2"}}"#,
            vec!["hole", "ann=5 K Q / 5 2 J", "bob=A A 2 / K K 2"],
        ),
        (
            r#"{"grids": {"ann": "K K K / K K 2", "bob": "A A 2 / K 3 2", "cat": "6 6 6 / 7 7 7"}}"#,
            vec![
                "hole",
                "ann=K K K / K K 2",
                "bob=A A 2 / K 3 2",
                "cat=6 6 6 / 7 7 7",
            ],
        ),
        (
            r#"{"grids": {"zed": "5 K Q / 5 2 J"}}"#,
            vec!["hole", "zed=5 K Q / 5 2 J"],
        ),
        (
            r#"{"grids": {"ann": "5 K Q / 5 2 J", "bob": "A A 2 / K K 2", "cat": "6 6 6 / 7 7 7"}, "knock": "ann"}"#,
            vec![
                "hole",
                "ann=5 K Q / 5 2 J",
                "bob=A A 2 / K K 2",
                "cat=6 6 6 / 7 7 7",
                "--knock",
                "ann",
            ],
        ),
    ] {
        let before = card(&env);
        let refused = served.post("/api/hole", body);
        assert_eq!(refused.status, 400, "{body}: {}", refused.body);
        let said = env.bad(&args);
        // the same referee's message, golf's own wrapped to the terminal; what to do about a
        // deck that cannot hold the cards said in the table's words, not as a command
        let api = refused.json()["error"].as_str().unwrap().to_string();
        assert!(!api.contains("`golf"), "{api}");
        // (a knock without knocking: what mends it is said in the table's words too)
        assert!(!api.contains("--"), "{api}");
        let referee = |text: &str| {
            let text = crate::served::words(text);
            text.split(" Check the grids for a typo")
                .next()
                .and_then(|t| t.split(" has no knocking").next())
                .unwrap_or_default()
                .to_string()
        };
        assert_eq!(referee(&format!("golf: {api}")), referee(&said), "{body}");
        assert_eq!(card(&env), before, "{body} changed the match");
    }
    for body in [
        "not json",
        r#"{"grids": 3}"#,
        r#"{"grids": {}, "extra": 1}"#,
    ] {
        let refused = served.post("/api/hole", body);
        assert_eq!(refused.status, 400, "{body}");
        assert!(refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("expected"));
    }
    let neither = served.post(
        "/api/hole",
        r#"{"grids": {"ann": "5 K Q / 5 2 J"}, "out": "ann", "knock": "bob"}"#,
    );
    assert_eq!(neither.status, 400);

    // finishing early is refused as golf finish refuses it, in the table's words
    let early = served.post("/api/finish", "");
    assert_eq!(early.status, 400);
    let said = early.json()["error"].as_str().unwrap().to_string();
    assert!(crate::served::words(&env.bad(&["finish"])).contains("match 1 has 2 of 9 holes"));
    assert!(
        said.starts_with("match 1 has 2 of 9 holes; record the rest"),
        "{said}"
    );
    assert!(!said.contains("`golf"), "{said}");

    let undone = served.post("/api/undo", "");
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(undone.json()["holes_played"], 1);
    assert_eq!(card(&env)["holes_played"], 1);
    assert!(
        env.ok(&["log"]).contains("undo"),
        "the undo is in the audit log"
    );

    // the rest of the match from the API alone, then its result
    for _ in 1..9 {
        assert_eq!(served.post("/api/hole", HOLE).status, 200);
    }
    let finished = served.post("/api/finish", "");
    assert_eq!(finished.status, 200, "{}", finished.body);
    let result = finished.json();
    assert_eq!(result["finished"], true);
    assert_eq!(result["winners"], serde_json::json!(["bob"]));
    assert_eq!(result, card(&env));
    // finishing again leaves the result as it is
    assert_eq!(served.post("/api/finish", "").json(), result);
}

#[test]
fn writes_need_the_key_the_own_origin_and_a_small_body() {
    let env = one_hole();
    let served = Served::start(env.dir.path(), &[]);
    let json = ("Content-Type", "application/json");
    for path in ["/api/hole", "/api/undo", "/api/finish"] {
        let none = served.send("POST", path, &[json], HOLE.as_bytes());
        assert_eq!(none.status, 401, "{path}");
        assert_eq!(none.header("www-authenticate"), Some("Bearer"));
        guarded(&none, "401");
        let wrong = format!("Bearer {}", "0".repeat(32));
        let bad_key = served.send(
            "POST",
            path,
            &[json, ("Authorization", &wrong)],
            HOLE.as_bytes(),
        );
        assert_eq!(bad_key.status, 401, "{path}");
        let key = format!("Bearer {}", served.key);
        let foreign = served.send(
            "POST",
            path,
            &[
                json,
                ("Authorization", &key),
                ("Origin", "http://evil.example"),
            ],
            HOLE.as_bytes(),
        );
        assert_eq!(foreign.status, 403, "{path}");
        guarded(&foreign, "403");
        // a GET is not a write
        assert_eq!(served.get(path).status, 405, "{path}");
    }
    assert_eq!(card(&env)["holes_played"], 1, "a refused write wrote");

    let key = format!("Bearer {}", served.key);
    let own = format!("http://127.0.0.1:{}", served.port);
    let from_page = served.send(
        "POST",
        "/api/hole",
        &[json, ("Authorization", &key), ("Origin", &own)],
        HOLE.as_bytes(),
    );
    assert_eq!(from_page.status, 200, "{}", from_page.body);

    // 64 KiB is the most a body may be
    let big = format!(
        r#"{{"grids": {{"ann": "5 K Q / 5 2 J"}}, "pad": "{}"}}"#,
        "x".repeat(64 * 1024)
    );
    let too_big = served.send(
        "POST",
        "/api/hole",
        &[json, ("Authorization", &key)],
        big.as_bytes(),
    );
    assert_eq!(too_big.status, 413);
    guarded(&too_big, "413");
    assert_eq!(card(&env)["holes_played"], 2);
}

#[test]
fn the_sixty_fifth_event_stream_is_refused_and_a_cli_write_reaches_every_stream() {
    let env = one_hole();
    let served = Served::start(env.dir.path(), &[]);
    let mut streams: Vec<Events> = (0..64)
        .map(|_| {
            let mut events = Events::open(served.port);
            assert_eq!(events.status, 200);
            // the card on connecting
            assert_eq!(events.next_card().unwrap()["holes_played"], 1);
            events
        })
        .collect();
    let refused = Events::open(served.port);
    assert_eq!(refused.status, 503);
    // the other routes still answer
    assert_eq!(served.get("/api/card").status, 200);

    // golf hole in another process: every stream hears of it
    env.ok(&[
        "hole",
        "ann=3 3 4 / 9 9 4",
        "bob=A A 2 / K K 2",
        "cat=6 6 6 / 7 7 7",
    ]);
    let expected = card(&env);
    for events in streams.iter_mut() {
        assert_eq!(events.next_card().unwrap(), expected);
    }
    // a stream closed frees its place
    streams.truncate(63);
    let mut again = None;
    for _ in 0..100 {
        let events = Events::open(served.port);
        if events.status == 200 {
            again = Some(events);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let mut again = again.expect("a closed stream never freed its place");
    assert_eq!(again.next_card().unwrap(), expected);

    // golf undo and golf penalty elsewhere reach it too
    env.ok(&["undo"]);
    assert_eq!(again.next_card().unwrap()["holes_played"], 1);
    env.ok(&["penalty", "ann", "--points", "5", "--reason", "slow play"]);
    assert_eq!(again.next_card().unwrap(), card(&env));
}

#[test]
fn sigterm_and_ctrl_c_stop_it_cleanly_with_streams_open() {
    for signal in ["TERM", "INT"] {
        let env = one_hole();
        let mut served = Served::start(env.dir.path(), &[]);
        let mut events = Events::open(served.port);
        events.next_card().unwrap();
        assert_eq!(served.post("/api/hole", HOLE).status, 200);
        let status = served.stop(signal);
        assert_eq!(status.code(), Some(0), "SIG{signal}: {}", served.stderr());
        // the stream was ended, not cut
        let _ = events.rest();
        // nothing recorded is lost
        assert_eq!(card(&env)["holes_played"], 2);
        env.ok(&["check"]);
    }
}

#[test]
fn every_text_is_escaped() {
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--name",
        "<img src=x onerror=alert(1)> & \"friends\"",
        "ann",
        "bob",
    ]);
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
        "--note",
        "<script>alert(2)</script>",
    ]);
    let served = Served::start(env.dir.path(), &[]);
    for path in ["/", "/card.html"] {
        let page = served.get(path).body;
        assert!(
            !page.contains("<img") && !page.contains("<script>alert"),
            "{path}"
        );
        assert!(
            page.contains("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;friends&quot;"),
            "{path}: {page}"
        );
    }
}

#[test]
fn serve_refuses_what_it_cannot_serve() {
    let env = Env::new();
    let out = crate::served::golf(env.dir.path())
        .args(["serve", "--port", "0", "--local"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no matches recorded yet"));

    let env = one_hole();
    assert!(env
        .bad(&["serve", "--match", "9", "--port", "0"])
        .contains("there is no match 9"));
    let served = Served::start(env.dir.path(), &[]);
    let port = served.port.to_string();
    let taken = env.bad(&["serve", "--local", "--port", &port]);
    assert!(taken.contains(&format!("port {port} is in use")), "{taken}");
}

#[test]
fn the_newest_match_is_served_and_match_picks_another() {
    let env = one_hole();
    env.ok(&[
        "new",
        "--rules",
        "eight-card",
        "--name",
        "second",
        "dee",
        "eve",
    ]);
    let newest = Served::start(env.dir.path(), &[]);
    assert_eq!(newest.get("/api/card").json()["name"], "second");
    // the eight-card layout: four columns, and jokers in its pack
    let keeper = newest.get(&format!("/?key={}", newest.key)).body;
    assert!(keeper.contains("slots cols-4"), "{keeper}");
    let first = Served::start(env.dir.path(), &["--match", "1"]);
    assert_eq!(first.get("/api/card").json()["match"], 1);
}

#[test]
fn on_a_terminal_it_prints_the_addresses_and_their_qr_codes() {
    use std::io::{BufRead, BufReader};
    let env = one_hole();
    let mut child = crate::served::golf(env.dir.path())
        .args(["serve", "--port", "0", "--local"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut shown = Vec::new();
    let keeper = loop {
        let line = lines.next().expect("golf serve stopped").unwrap();
        shown.push(line.clone());
        if let Some((_, link)) = line.split_once("keep this one to yourself): ") {
            break link.to_string();
        }
    };
    let text = shown.join("\n");
    assert!(
        text.starts_with("Serving match 1 (classic: ann, bob and cat) until Ctrl-C."),
        "{text}"
    );
    let (url, key) = keeper.split_once("?key=").unwrap();
    assert!(
        text.contains(&format!("Everyone at the table: open {url}")),
        "{text}"
    );
    assert!(url.starts_with("http://127.0.0.1:"));
    assert_eq!(key.len(), 32);
    // a QR code of the address, drawn in half blocks
    assert!(
        shown
            .iter()
            .filter(|l| l.contains('▄') || l.contains('▀'))
            .count()
            > 10
    );
    let port: u16 = url
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches('/')
        .parse()
        .unwrap();
    let served = crate::served::Served {
        child,
        port,
        key: key.to_string(),
        urls: vec![url.to_string()],
        players: Vec::new(),
        tables: Vec::new(),
    };
    assert_eq!(served.post("/api/undo", "").status, 200);
}

#[test]
fn a_slow_client_cannot_hold_the_server() {
    use std::io::{Read, Write};
    let env = one_hole();
    let served = Served::start(env.dir.path(), &[]);
    let connect = || {
        let s = std::net::TcpStream::connect(("127.0.0.1", served.port)).unwrap();
        s.set_read_timeout(Some(std::time::Duration::from_secs(60)))
            .unwrap();
        s
    };
    // headers that never end, and a body that never comes
    let mut headers = connect();
    headers
        .write_all(
            format!(
                "GET /api/card HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n",
                served.port
            )
            .as_bytes(),
        )
        .unwrap();
    let mut body = connect();
    let auth = format!(
        "POST /api/hole HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nAuthorization: Bearer {}\r\nContent-Length: 100\r\n\r\n{{",
        served.port, served.key
    );
    body.write_all(auth.as_bytes()).unwrap();
    // meanwhile everyone else is served
    assert_eq!(served.get("/api/card").status, 200);
    // the server gives up on both (10 s), the body with 408
    let mut answer = String::new();
    body.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    let mut rest = Vec::new();
    // closed by the server, not by this test's own 60 s
    headers.read_to_end(&mut rest).unwrap();
    let rest = String::from_utf8_lossy(&rest);
    assert!(
        rest.is_empty() || rest.starts_with("HTTP/1.1 408"),
        "{rest}"
    );
    assert_eq!(card(&env)["holes_played"], 1);
}

#[test]
fn a_match_started_at_the_table_is_followed_unless_one_was_named() {
    let env = one_hole();
    let follows = Served::start(env.dir.path(), &[]);
    let pinned = Served::start(env.dir.path(), &["--match", "1"]);
    let mut following = Events::open(follows.port);
    let mut staying = Events::open(pinned.port);
    assert_eq!(following.next_card().unwrap()["match"], 1);
    assert_eq!(staying.next_card().unwrap()["match"], 1);

    // the next match started at the table (match 1 left unfinished, as it may be)
    env.ok(&["new", "--rules", "eight-card", "dee", "eve"]);
    assert_eq!(following.next_card().unwrap()["match"], 2);
    assert_eq!(follows.get("/api/card").json()["match"], 2);
    let keeper = follows.get(&format!("/?key={}", follows.key)).body;
    assert!(keeper.contains(r#"data-player="dee""#) && keeper.contains("slots cols-4"));
    assert!(keeper.contains(r#"data-match="2""#));

    // a write from a page still showing match 1 is refused, nothing written
    let stale = follows.post(
        "/api/hole",
        r#"{"grids": {"dee": "5 K Q 2 / 5 2 J 3", "eve": "2 7 Q 4 / 2 7 Q 4"}, "match": 1}"#,
    );
    assert_eq!(stale.status, 409);
    assert!(stale.json()["error"]
        .as_str()
        .unwrap()
        .contains("the current match changed: it is now match 2"));
    assert_eq!(follows.post("/api/undo", r#"{"match": 1}"#).status, 409);
    assert_eq!(env.json(&["card", "2"])["holes_played"], 0);
    let fresh = follows.post(
        "/api/hole",
        r#"{"grids": {"dee": "5 K Q 2 / 5 2 J 3", "eve": "2 7 Q 4 / 2 7 Q 4"}, "match": 2}"#,
    );
    assert_eq!(fresh.status, 200, "{}", fresh.body);
    assert_eq!(fresh.json()["holes_played"], 1);

    // --match 1 stays on match 1
    assert_eq!(pinned.get("/api/card").json()["match"], 1);
    env.ok(&["undo", "--match", "1"]);
    loop {
        let card = staying.next_card().unwrap();
        assert_eq!(card["match"], 1);
        if card["holes_played"] == 0 {
            break;
        }
    }
}

/// Issue 32.1 at the table's screen: a page sends the hole it shows; when another writer
/// (here `golf hole` in another terminal) recorded that hole meanwhile, the write is refused
/// naming it — the grids never silently become the hole after it — and nothing is written.
#[test]
fn a_hole_recorded_meanwhile_by_another_writer_is_refused_not_moved_on() {
    let env = one_hole();
    let served = Served::start(env.dir.path(), &[]);
    let with_hole = |n: u32| {
        HOLE.replacen(
            "\"knock\": null",
            &format!("\"knock\": null, \"hole\": {n}"),
            1,
        )
    };
    // the page shows hole 2 next; another terminal records it first
    env.ok(&[
        "hole",
        "ann=A A 2 / 3 3 2",
        "bob=4 4 5 / 6 6 5",
        "cat=7 7 8 / 9 9 8",
    ]);
    let refused = served.post("/api/hole", &with_hole(2));
    assert_eq!(refused.status, 409, "{}", refused.body);
    let error = refused.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        error.contains("has 2 holes recorded, so its next is hole 3, not hole 2"),
        "{error}"
    );
    assert_eq!(card(&env)["holes_played"], 2, "nothing written");
    // the hole the card now shows next is recorded
    let recorded = served.post("/api/hole", &with_hole(3));
    assert_eq!(recorded.status, 200, "{}", recorded.body);
    assert_eq!(recorded.json()["holes_played"], 3);
}

/// An undo from the page withdraws only what the card it shows holds last: a hole (or a
/// penalty) recorded meanwhile by another writer is not taken instead, nothing is
/// withdrawn, and the page is told to look again; an undo naming what the card holds now
/// goes through (issue 32's two writers at one table).
#[test]
fn an_undo_from_the_page_never_withdraws_another_writers_hole() {
    let env = one_hole();
    let served = Served::start(env.dir.path(), &[]);
    // the page shows one hole and no penalty; another terminal records hole 2
    env.ok(&[
        "hole",
        "ann=A A 2 / 3 3 2",
        "bob=4 4 5 / 6 6 5",
        "cat=7 7 8 / 9 9 8",
    ]);
    let refused = served.post("/api/undo", r#"{"holes": 1, "penalties": 0}"#);
    assert_eq!(refused.status, 409, "{}", refused.body);
    let error = refused.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        error.contains("now holds 2 holes and 0 penalties"),
        "{error}"
    );
    assert_eq!(card(&env)["holes_played"], 2, "nothing withdrawn");
    // a penalty given meanwhile is not withdrawn in the hole's place either
    env.ok(&["penalty", "bob", "--points", "5", "--reason", "late"]);
    let refused = served.post("/api/undo", r#"{"holes": 2, "penalties": 0}"#);
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert_eq!(card(&env)["penalties"].as_array().map(Vec::len), Some(1));
    // what the card holds now is withdrawn: the penalty, the last thing recorded
    let undone = served.post("/api/undo", r#"{"holes": 2, "penalties": 1}"#);
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(undone.json()["penalties"].as_array().map(Vec::len), Some(0));
    assert_eq!(undone.json()["holes_played"], 2);
}

/// A hole for match 1 of a two-player classic match, its grids depending on `n` so that
/// every recorded hole can be told apart.
fn hole_body(n: u32) -> String {
    let card = ["A", "2", "3", "4", "5", "6", "7", "8", "9"][(n as usize - 1) % 9];
    format!(
        r#"{{"grids": {{"ann": "{card} K Q / 6 6 J", "bob": "8 7 Q / 8 7 K"}}, "match": 1, "hole": {n}}}"#
    )
}

/// Issue 36.2: while `golf serve` runs, other SQLite programs — the sqlite3 shell and
/// Python's sqlite3, reading and writing, opening and closing the file again and again —
/// touch golf.db during a burst of page writes: every hole answered 200 is in the
/// database, in order, and nothing answered otherwise was written. (The server used to
/// open and close the file outside SQLite before each write, which drops every POSIX lock
/// the process holds on it: another program's writes then overwrote acknowledged holes.)
#[test]
fn other_sqlite_programs_never_lose_a_hole_the_page_was_told_was_recorded() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "18", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    let db = env.db();
    let python = r#"
import sqlite3, sys, time
db = sys.argv[1]
end = time.time() + 6
n = 0
while time.time() < end:
    c = sqlite3.connect(db, timeout=5, isolation_level=None)
    c.execute("PRAGMA busy_timeout = 5000")
    if n % 2:
        c.execute("BEGIN IMMEDIATE")
        c.execute("CREATE TABLE IF NOT EXISTS scratch (x)")
        c.execute("INSERT INTO scratch VALUES (?)", (n,))
        c.execute("COMMIT")
    else:
        c.execute("BEGIN")
        c.execute("SELECT count(*) FROM holes").fetchone()
        c.execute("COMMIT")
    c.close()
    n += 1
print(n)
"#;
    let mut others = vec![std::process::Command::new("python3")
        .args(["-c", python, db.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs")];
    let shell = "for i in $(seq 1 60); do sqlite3 -cmd '.timeout 5000' \"$1\" 'SELECT count(*) FROM holes; BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS shell_scratch (x); INSERT INTO shell_scratch VALUES (1); COMMIT;' >/dev/null || exit 1; done";
    others.push(
        std::process::Command::new("sh")
            .args(["-c", shell, "sh", db.to_str().unwrap()])
            .spawn()
            .expect("sh runs"),
    );
    let mut recorded = 0;
    for _ in 0..40 {
        if recorded == 18 {
            break;
        }
        let answer = served.post("/api/hole", &hole_body(recorded + 1));
        match answer.status {
            200 => {
                recorded += 1;
                assert_eq!(answer.json()["holes_played"], recorded);
            }
            503 => assert!(answer.json()["error"].as_str().unwrap().contains("busy")),
            other => panic!("{other}: {}", answer.body),
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    for mut other in others {
        assert!(
            other.wait().unwrap().success(),
            "another SQLite program failed"
        );
    }
    assert!(recorded >= 9, "most writes went through: {recorded}");
    // every acknowledged hole is there, as sent, whoever opened the file meanwhile
    let check = served.post("/api/hole", &hole_body(recorded + 1));
    assert!(check.status == 200 || recorded == 18, "{}", check.body);
    let total = if recorded == 18 { 18 } else { recorded + 1 };
    let card = card(&env);
    assert_eq!(card["holes_played"], total);
    for n in 1..=total {
        let first = ["A", "2", "3", "4", "5", "6", "7", "8", "9"][(n as usize - 1) % 9];
        let grid = card["holes"][n as usize - 1]["entries"][0]["grid"]
            .as_str()
            .unwrap();
        assert!(grid.starts_with(first), "hole {n}: {grid}");
    }
}

/// Another program with the database open: Python's sqlite3 running `script` (after
/// `import sqlite3, sys`, the database's path in `sys.argv[1]`), started once it prints
/// its first line; it reads its standard input until the test closes it.
fn other_program(db: &std::path::Path, script: &str) -> std::process::Child {
    let mut child = std::process::Command::new("python3")
        .args([
            "-c",
            &format!("import sqlite3, sys\n{script}"),
            db.to_str().unwrap(),
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    assert_eq!(line.trim(), "ready");
    child
}

/// Issue 36.2: a write that waits on another program's lock answers within its time —
/// 503 "busy, nothing recorded, try again" as JSON — and records nothing, even after the
/// lock is let go (it used to answer 408 and record the hole anyway).
#[test]
fn a_write_kept_waiting_by_a_lock_answers_busy_and_records_nothing() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    // the lock is held until this test lets it go: the write's answer comes while it is
    let mut holder = other_program(
        &env.db(),
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\nc.execute('BEGIN IMMEDIATE')\nprint('ready', flush=True)\nsys.stdin.readline()\nc.execute('COMMIT')",
    );
    let busy = served.post("/api/hole", &hole_body(1));
    assert_eq!(busy.status, 503, "{}", busy.body);
    assert_eq!(busy.header("content-type"), Some("application/json"));
    let error = busy.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.contains("busy") && error.contains("nothing was recorded"),
        "{error}"
    );
    drop(holder.stdin.take());
    assert!(holder.wait().unwrap().success());
    assert_eq!(
        card(&env)["holes_played"],
        0,
        "the busy write recorded nothing"
    );
    assert_eq!(served.post("/api/hole", &hole_body(1)).status, 200);
}

/// Issue 36.2: after a clean stop golf.db alone holds every hole the server recorded (the
/// WAL checkpointed and the connection closed), even while another program keeps the
/// database open.
#[test]
fn after_a_clean_stop_the_database_file_alone_holds_every_hole() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut reader = other_program(
        &env.db(),
        "c = sqlite3.connect(sys.argv[1])\nc.execute('SELECT 1').fetchone()\nprint('ready', flush=True)\nsys.stdin.readline()",
    );
    let mut served = Served::start(env.dir.path(), &[]);
    for n in 1..=3 {
        assert_eq!(served.post("/api/hole", &hole_body(n)).status, 200);
    }
    assert!(served.stop("TERM").success());
    // the file alone, copied without its -wal and -shm, holds the three holes
    let alone = tempfile::tempdir().unwrap();
    std::fs::copy(env.db(), alone.path().join("golf.db")).unwrap();
    let out = crate::served::golf(alone.path())
        .args(["card", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let card: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(card["holes_played"], 3);
    drop(reader.stdin.take());
    assert!(reader.wait().unwrap().success());
}

/// Issue 36.2: a database deleted, renamed over or copied over while the server runs is
/// noticed: writes are refused saying so (503, JSON), nothing is written to any file and
/// nothing is made at the path, and every phone's stream is told.
#[test]
fn a_database_deleted_or_replaced_under_the_server_is_noticed() {
    for how in ["deleted", "renamed over", "copied over"] {
        let env = Env::new();
        env.ok(&["new", "--rules", "classic", "ann", "bob"]);
        let other = Env::new();
        other.ok(&["new", "--rules", "classic", "cat", "dee"]);
        other.ok(&["new", "--rules", "classic", "eve", "fay"]);
        let served = Served::start(env.dir.path(), &[]);
        let mut events = Events::open(served.port);
        assert_eq!(events.next_card().unwrap()["match"], 1);
        assert_eq!(served.post("/api/hole", &hole_body(1)).status, 200);
        let db = env.db();
        match how {
            "deleted" => {
                for f in ["golf.db", "golf.db-wal", "golf.db-shm"] {
                    let _ = std::fs::remove_file(env.dir.path().join(f));
                }
            }
            "renamed over" => std::fs::rename(other.db(), &db).unwrap(),
            _ => {
                std::fs::copy(other.db(), &db).unwrap();
            }
        }
        let refused = served.post("/api/hole", &hole_body(2));
        assert_eq!(refused.status, 503, "{how}: {}", refused.body);
        let error = refused.json()["error"].as_str().unwrap().to_string();
        let said = match how {
            "deleted" => "was deleted",
            "renamed over" => "was replaced",
            _ => "was overwritten",
        };
        assert!(error.contains(said), "{how}: {error}");
        loop {
            let (event, data) = events.next_event().expect("the stream goes on");
            if event == "problem" {
                assert!(
                    data["error"].as_str().unwrap().contains(said),
                    "{how}: {data}"
                );
                break;
            }
        }
        match how {
            "deleted" => assert!(!db.exists(), "nothing made at the path"),
            _ => {
                let out = crate::served::golf(env.dir.path())
                    .args(["card", "--json", "1"])
                    .output()
                    .unwrap();
                let card: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                // (a -wal left beside a file renamed over is SQLite's to apply, not golf's)
                let played = card["holes_played"].as_u64().unwrap();
                assert!(played < 2, "{how}: the refused hole was not written there");
            }
        }
    }
}

/// `GET /api/card` as a page of another site whose name was pointed at this computer
/// sends it (DNS rebinding): with its own name as `Host`.
fn rebound(port: u16) -> crate::served::Answer {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET /api/card HTTP/1.0\r\nHost: rebound.example:{port}\r\n\r\n"
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let status = head[9..12].parse().unwrap();
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(": "))
        .map(|(n, v)| (n.to_ascii_lowercase(), v.to_string()))
        .collect();
    crate::served::Answer {
        status,
        headers,
        body: body.to_string(),
    }
}

/// Issue 36.4: the API referees word for word — a player given twice in the JSON is
/// refused as `golf hole` refuses it, the empty-grid refusal is `golf hole`'s — and every
/// error is JSON, whatever its status.
#[test]
fn the_api_refuses_as_golf_hole_does_and_every_error_is_json() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    let twice = served.post(
        "/api/hole",
        r#"{"grids": {"ann": "5 K Q / 5 2 J", "bob": "2 7 Q / 2 7 Q", "ann": "A A A / A 2 2"}}"#,
    );
    assert_eq!(twice.status, 400, "{}", twice.body);
    let cli = env.bad(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
        "ann=A A A / A 2 2",
    ]);
    assert_eq!(
        crate::served::words(&format!(
            "golf: {}",
            twice.json()["error"].as_str().unwrap()
        )),
        crate::served::words(cli.trim())
    );
    let empty = served.post("/api/hole", r#"{"grids": {}}"#);
    let cli = env.bad(&["hole"]);
    assert_eq!(
        crate::served::words(&format!(
            "golf: {}",
            empty.json()["error"].as_str().unwrap()
        )),
        crate::served::words(cli.trim())
    );
    assert_eq!(card(&env)["holes_played"], 0);
    // every error status answers JSON {"error"}
    let big = "x".repeat(70 * 1024);
    let origin_bad = served.send(
        "POST",
        "/api/finish",
        &[
            ("Origin", "http://127.0.0.1:1\u{e9}"),
            ("Authorization", &format!("Bearer {}", served.key)),
        ],
        b"",
    );
    let answers = [
        (served.get("/nowhere"), 404),
        (served.send("GET", "/api/hole", &[], b""), 405),
        (served.send("POST", "/api/hole", &[], b"{}"), 401),
        (origin_bad, 403),
        (served.post("/api/hole", &big), 413),
        (rebound(served.port), 403),
    ];
    for (answer, status) in answers {
        assert_eq!(answer.status, status, "{}", answer.body);
        assert_eq!(
            answer.header("content-type"),
            Some("application/json"),
            "{status}: {}",
            answer.body
        );
        assert!(
            answer.json()["error"]
                .as_str()
                .is_some_and(|e| !e.is_empty()),
            "{status}"
        );
    }
}

/// Issue 37.1 (and the restart of issue 36's table): the scorekeeper's key is kept in the
/// database, so a restart keeps every link working; `--new-key` makes a new one, and the
/// older key stops writing at once. No other command prints it.
#[test]
fn the_key_is_kept_across_restarts_and_new_key_replaces_it() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut first = Served::start(env.dir.path(), &[]);
    let key = first.key.clone();
    assert!(first.stop("TERM").success());
    let mut again = Served::start(env.dir.path(), &[]);
    assert_eq!(again.key, key, "the same key after a restart");
    assert_eq!(again.post("/api/hole", &hole_body(1)).status, 200);
    assert!(again.stop("TERM").success());
    let renewed = Served::start(env.dir.path(), &["--new-key"]);
    assert_ne!(renewed.key, key);
    let old = renewed.send(
        "POST",
        "/api/hole",
        &[("Authorization", &format!("Bearer {key}"))],
        hole_body(2).as_bytes(),
    );
    assert_eq!(old.status, 401, "{}", old.body);
    assert_eq!(renewed.post("/api/hole", &hole_body(2)).status, 200);
    for args in [
        &["export"][..],
        &["check"],
        &["log", "1"],
        &["card", "--json"],
    ] {
        let out = crate::served::golf(env.dir.path())
            .args(args)
            .output()
            .unwrap();
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!all.contains(&renewed.key), "{args:?} printed the key");
    }
}

/// Issue 37.2: every player sends their own grid from their own phone with their own link;
/// each grid is refereed as it arrives (refused with `golf hole`'s message, not kept), the
/// deck across grids as soon as they meet (listed in `problems`); every phone sees the
/// draft arrive; a player's token writes only that player's grid; the hole is recorded from
/// the draft with one write, equal to what was sent; the draft is then for the next hole.
#[test]
fn every_player_sends_their_own_grid_and_the_hole_is_recorded_from_the_draft() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob", "cat", "dee"]);
    let served = Served::start(env.dir.path(), &[]);
    assert_eq!(served.players.len(), 4);
    assert!(
        served.players[0].1.contains("?player=ann&token="),
        "{:?}",
        served.players
    );
    let mut events = Events::open(served.port);
    let send = |who: &str, token: &str, grid: Option<&str>, out: bool| {
        let body =
            serde_json::json!({"match": 1, "hole": 1, "player": who, "grid": grid, "out": out});
        served.post_as(token, "/api/draft", &body.to_string())
    };
    let grids = [
        ("ann", "5 K Q / 5 2 J"),
        ("bob", "2 7 Q / 2 7 Q"),
        ("cat", "A A 3 / 4 4 9"),
        ("dee", "8 8 6 / 10 9 6"),
    ];
    // a grid padded past what a draft holds is refused, not kept to spoil the draft
    let padded = format!("5 K Q / 5 2 J{}", " ".repeat(300));
    let long = send("ann", &served.token("ann"), Some(&padded), false);
    assert_eq!(long.status, 400, "{}", long.body);
    assert_eq!(
        served.get("/api/draft").json()["missing"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    // ann's own link, bob's grid: refused
    let theirs = send("bob", &served.token("ann"), Some(grids[1].1), false);
    assert_eq!(theirs.status, 401, "{}", theirs.body);
    // a grid the referee refuses: golf hole's message, not kept
    let bad = send("ann", &served.token("ann"), Some("5 K Q / 5 2"), false);
    assert_eq!(bad.status, 400, "{}", bad.body);
    let cli = env.bad(&["hole", "ann=5 K Q / 5 2", "bob=1", "cat=1", "dee=1"]);
    let said = bad.json()["error"].as_str().unwrap().to_string();
    assert!(
        crate::served::words(&cli).contains(&crate::served::words(&said)),
        "{said} / {cli}"
    );
    for (n, (who, grid)) in grids.iter().enumerate() {
        let answer = send(who, &served.token(who), Some(grid), *who == "bob");
        assert_eq!(answer.status, 200, "{}", answer.body);
        let draft = answer.json();
        assert_eq!(draft["missing"].as_array().unwrap().len(), 3 - n, "{draft}");
        assert_eq!(draft["grids"][who], *grid);
    }
    // dee's second thought brings a fifth ace: the deck across grids is a problem
    let clash = send("dee", &served.token("dee"), Some("A A A / 10 9 6"), false);
    assert_eq!(clash.status, 200, "{}", clash.body);
    let problems = clash.json()["problems"].clone();
    assert_eq!(
        problems[0]["player"], "dee",
        "dee's grid brought it: {problems}"
    );
    assert!(
        problems[0]["error"].as_str().unwrap().contains("aces"),
        "{problems}"
    );
    let seen = clash.json()["revision"].as_i64().unwrap();
    let refused = served.post(
        "/api/hole",
        &format!(r#"{{"match": 1, "hole": 1, "from_draft": true, "draft": {seen}}}"#),
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("aces"), "{}", refused.body);
    // from_draft names the draft as it was shown
    let unnamed = served.post(
        "/api/hole",
        r#"{"match": 1, "hole": 1, "from_draft": true}"#,
    );
    assert_eq!(unnamed.status, 400, "{}", unnamed.body);
    assert_eq!(card(&env)["holes_played"], 0);
    let mended = send("dee", &served.token("dee"), Some(grids[3].1), false);
    assert_eq!(mended.json()["problems"], serde_json::json!([]));
    assert_eq!(mended.json()["out"], "bob");
    // every phone sees the draft as it stands
    loop {
        let (event, data) = events.next_event().unwrap();
        if event == "draft"
            && data["missing"] == serde_json::json!([])
            && data["problems"] == serde_json::json!([])
        {
            break;
        }
    }
    // the draft as it was before dee mended it is not what is recorded: 409
    let stale = served.post(
        "/api/hole",
        &format!(r#"{{"match": 1, "hole": 1, "from_draft": true, "draft": {seen}}}"#),
    );
    assert_eq!(stale.status, 409, "{}", stale.body);
    assert_eq!(card(&env)["holes_played"], 0);
    // one write records it, equal to what was sent
    let now = mended.json()["revision"].as_i64().unwrap();
    assert!(now > seen);
    let recorded = served.post(
        "/api/hole",
        &format!(r#"{{"match": 1, "hole": 1, "from_draft": true, "draft": {now}}}"#),
    );
    assert_eq!(recorded.status, 200, "{}", recorded.body);
    let card = card(&env);
    assert_eq!(card["holes_played"], 1);
    assert_eq!(card["holes"][0]["out"], "bob");
    for (seat, (_, grid)) in grids.iter().enumerate() {
        assert_eq!(card["holes"][0]["entries"][seat]["grid"], *grid);
    }
    let next = served.get("/api/draft").json();
    assert_eq!(next["hole"], 2);
    assert_eq!(next["missing"].as_array().unwrap().len(), 4);
    // a phone still on hole 1 is told it is gone
    let late = send("ann", &served.token("ann"), Some(grids[0].1), false);
    assert_eq!(late.status, 409, "{}", late.body);
    // and with too few grids, nothing is recorded
    send("ann", &served.token("ann"), Some(grids[0].1), false);
    let body = serde_json::json!({"match": 1, "hole": 2, "player": "ann", "grid": grids[0].1});
    let sent = served.post_as(&served.token("ann"), "/api/draft", &body.to_string());
    assert_eq!(sent.status, 200);
    let seen = sent.json()["revision"].as_i64().unwrap();
    let early = served.post(
        "/api/hole",
        &format!(r#"{{"match": 1, "hole": 2, "from_draft": true, "draft": {seen}}}"#),
    );
    assert_eq!(early.status, 400, "{}", early.body);
    assert!(early.json()["error"]
        .as_str()
        .unwrap()
        .contains("still missing"));
    assert_eq!(
        crate::served::golf(env.dir.path())
            .args(["card", "--json"])
            .output()
            .map(
                |o| serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()["holes_played"]
                    .clone()
            )
            .unwrap(),
        1
    );
}

/// Issue 37.3: the scorekeeper mends a recorded hole (a grid, who went out) and gives a
/// penalty from the page, as `golf amend` and `golf penalty` do; a player's token cannot.
#[test]
fn the_scorekeeper_mends_a_hole_and_gives_a_penalty_from_the_page() {
    let env = one_hole();
    let served = Served::start(env.dir.path(), &[]);
    let amended = served.post(
        "/api/amend",
        r#"{"match": 1, "hole": 1, "grids": {"ann": "5 K Q / 5 2 Q"}, "out": null}"#,
    );
    assert_eq!(amended.status, 200, "{}", amended.body);
    let card = card(&env);
    assert_eq!(card["holes"][0]["out"], serde_json::Value::Null);
    assert_eq!(card["holes"][0]["entries"][0]["grid"], "5 K Q / 5 2 Q");
    assert_eq!(card["holes"][0]["amended"], true);
    let by_token = served.post_as(
        &served.token("ann"),
        "/api/penalty",
        r#"{"match": 1, "player": "bob", "points": 5, "reason": "late"}"#,
    );
    assert_eq!(by_token.status, 401);
    let given = served.post(
        "/api/penalty",
        r#"{"match": 1, "player": "bob", "points": 5, "reason": "late"}"#,
    );
    assert_eq!(given.status, 200, "{}", given.body);
    assert_eq!(given.json()["penalties"].as_array().map(Vec::len), Some(1));
    assert!(env.ok(&["log", "1"]).contains("amend"));
}

/// Issue 37.5: `/card.png` and `/card.svg` are the card as `golf card --png`/`--svg` draw
/// it, to share.
#[test]
fn the_card_is_served_as_a_picture_to_share() {
    let env = one_hole();
    let served = Served::start(env.dir.path(), &[]);
    let svg = served.get("/card.svg");
    assert_eq!(svg.status, 200);
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    let out = crate::served::golf(env.dir.path())
        .args(["card", "--svg", "-"])
        .output()
        .unwrap();
    assert_eq!(svg.body.as_bytes(), out.stdout.as_slice());
    // the PNG, read as bytes (the test client reads text: fetched again raw)
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", served.port)).unwrap();
    write!(
        s,
        "GET /card.png HTTP/1.0\r\nHost: 127.0.0.1:{}\r\n\r\n",
        served.port
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let at = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
    let head = String::from_utf8_lossy(&raw[..at]).to_ascii_lowercase();
    assert!(
        head.contains(" 200 ok") && head.contains("content-type: image/png"),
        "{head}"
    );
    let decoder = png::Decoder::new(std::io::Cursor::new(&raw[at..]));
    let reader = decoder.read_info().unwrap();
    let info = reader.info();
    assert_eq!(info.width, 1200);
    assert!(info.height > 300 && info.height < 1500, "{}", info.height);
}

/// Issue 37.5: `/tv` shows the card for a screen across the room (no controls, no key), the
/// manifest gives the page an icon of its own, and the icons are real PNGs.
#[test]
fn the_tv_the_manifest_and_the_icons() {
    let env = one_hole();
    let served = Served::start(env.dir.path(), &[]);
    let tv = served.get("/tv");
    assert_eq!(tv.status, 200);
    assert!(
        tv.body.contains(r#"data-fragment="/tv.html""#),
        "{}",
        tv.body
    );
    assert!(!tv.body.contains("<button"), "no controls on the TV");
    let fragment = served.get("/tv.html").body;
    let card = card(&env);
    for p in card["players"].as_array().unwrap() {
        let line = format!(
            r#"<span class="name">{}</span><span class="total">{}</span>"#,
            p["name"].as_str().unwrap(),
            p["total"]
        );
        assert!(fragment.contains(&line), "{line} in {fragment}");
    }
    assert!(
        fragment.contains("Hole 1"),
        "the last hole's grids: {fragment}"
    );
    let manifest = served.get("/manifest.webmanifest");
    assert_eq!(
        manifest.header("content-type"),
        Some("application/manifest+json")
    );
    let icons = manifest.json()["icons"].as_array().unwrap().clone();
    assert_eq!(icons.len(), 3);
    let page = served.get("/").body;
    assert!(page.contains(r#"rel="manifest""#));
    for size in [192u32, 512] {
        use std::io::{Read, Write};
        let mut s = std::net::TcpStream::connect(("127.0.0.1", served.port)).unwrap();
        write!(
            s,
            "GET /icon-{size}.png HTTP/1.0\r\nHost: 127.0.0.1:{}\r\n\r\n",
            served.port
        )
        .unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        let at = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
        let reader = png::Decoder::new(std::io::Cursor::new(&raw[at..]))
            .read_info()
            .unwrap();
        assert_eq!((reader.info().width, reader.info().height), (size, size));
    }
}
