//! A player the hole no longer asks for (issue 45, "Every seat, every state"): a grid sent
//! before its player was disqualified stays in the shared draft but is no part of the
//! hole — not awaited, not a claim to have gone out, not recorded — and the hole is
//! recorded from the draft as the others sent it.

use crate::common::Env;
use crate::served::Served;

#[test]
fn a_grid_sent_before_its_player_was_disqualified_is_no_part_of_the_hole() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob", "cat"]);
    let served = Served::start(env.dir.path(), &[]);
    let send = |who: &str, grid: &str, out: bool| {
        let body =
            serde_json::json!({"match": 1, "hole": 1, "player": who, "grid": grid, "out": out});
        let sent = served.post_as(&served.token(who), "/api/draft", &body.to_string());
        assert_eq!(sent.status, 200, "{who}: {}", sent.body);
        sent.json()
    };
    let sent = send("cat", "A A 3 / 4 4 9", true);
    assert_eq!(sent["out"], "cat");
    env.ok(&[
        "penalty",
        "cat",
        "--disqualify",
        "--reason",
        "left the table",
    ]);
    // (the server sees the terminal's write at its next look)
    let start = std::time::Instant::now();
    while served.get("/api/card").json()["players"][2]["disqualified"] != true {
        assert!(start.elapsed() < std::time::Duration::from_secs(10));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let draft = served.get("/api/draft").json();
    assert_eq!(
        draft["missing"],
        serde_json::json!(["ann", "bob"]),
        "{draft}"
    );
    assert!(
        draft["grids"].get("cat").is_none() && draft["out"].is_null(),
        "{draft}"
    );
    send("ann", "5 K Q / 5 2 J", false);
    let draft = send("bob", "2 7 Q / 2 7 Q", true);
    assert!(draft["problems"].as_array().unwrap().is_empty(), "{draft}");
    let body = serde_json::json!({"hole": 1, "from_draft": true, "draft": draft["revision"]});
    let recorded = served.post("/api/hole", &body.to_string());
    assert_eq!(recorded.status, 200, "{}", recorded.body);
    let hole = &env.json(&["card"])["holes"][0];
    assert_eq!(hole["out"], "bob");
    assert_eq!(hole["entries"][0]["grid"], "5 K Q / 5 2 J");
    assert!(hole["entries"][2].is_null(), "{hole}");
}
