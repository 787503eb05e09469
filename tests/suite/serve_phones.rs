//! `golf serve` for the players and the scorekeeper (issue 37): every player sends their
//! own grid and the hole is recorded from the draft; mending and penalties from the page;
//! the card as a picture to share; the TV's page, the manifest and the icons.

use crate::common::Env;
use crate::serve::{card, one_hole};
use crate::served::{Events, Served};

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
