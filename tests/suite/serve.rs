//! `golf serve` (issue 28; CLI.md "The table's screen"): the real binary on a free port
//! against a temporary database, every route, status code and limit, the card JSON equal
//! to `golf card --json`, the referee's messages equal to `golf hole`'s, the update after
//! a write from another process, and a clean stop. The database under the server is
//! `serve_store`'s; the players' own grids, mending, the picture and the TV's page
//! `serve_phones`'.

use crate::common::Env;
use crate::served::{Events, Served};

/// A match of three players with one hole in.
pub(super) fn one_hole() -> Env {
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

pub(super) fn card(env: &Env) -> serde_json::Value {
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
                .trim_end_matches('.')
                .to_string()
        };
        // the terminal's words less the line it quotes with a caret under it
        let (api, cli) = (referee(&format!("golf: {api}")), referee(&said));
        let rest = cli
            .strip_prefix(&api)
            .unwrap_or_else(|| panic!("{body}: {api} / {cli}"));
        assert!(rest.is_empty() || rest.ends_with('^'), "{body}: {rest}");
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

/// `GET /api/card` as a page of another site whose name was pointed at this computer
/// sends it (DNS rebinding): with its own name as `Host`.
pub(super) fn rebound(port: u16) -> crate::served::Answer {
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
