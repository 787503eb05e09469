//! The phone knows its hole (issue 45; CLI.md "The phone knows its hole"), over HTTP with
//! the real `golf serve`: an undo puts the withdrawn hole's grids back in the draft (said
//! as put back by the undo, the draft's revision raised), and a refused grid says, as
//! data, which player's slot to fix.

use crate::common::Env;
use crate::served::{Events, Served};

/// A classic match of `players` with `out-penalty-10`, served.
fn table(players: &[&str]) -> (Env, Served) {
    let env = Env::new();
    let mut args = vec!["new", "--rules", "classic", "--house", "out-penalty-10"];
    args.extend_from_slice(players);
    env.ok(&args);
    let served = Served::start(env.dir.path(), &[]);
    (env, served)
}

/// `player` sends `grid` for `hole` from their own phone.
fn send(served: &Served, player: &str, hole: u32, grid: &str, out: bool) -> crate::served::Answer {
    let body = serde_json::json!({
        "match": 1, "hole": hole, "player": player, "grid": grid, "out": out, "knock": false,
    });
    served.post_as(&served.token(player), "/api/draft", &body.to_string())
}

#[test]
fn an_undo_puts_the_holes_grids_back_in_the_draft() {
    let (env, served) = table(&["ann", "bob"]);
    assert_eq!(send(&served, "ann", 1, "q44/q98", false).status, 200);
    let sent = send(&served, "bob", 1, "2 7 Q / 2 7 Q", true);
    assert_eq!(sent.status, 200, "{}", sent.body);
    let revision = sent.json()["revision"].as_i64().unwrap();
    let body = format!(r#"{{"match": 1, "hole": 1, "from_draft": true, "draft": {revision}}}"#);
    let card = served.post("/api/hole", &body);
    assert_eq!(card.status, 200, "{}", card.body);
    let before = served.get("/api/draft").json();
    assert_eq!(before["hole"], 2);
    let mut events = Events::open(served.port);
    events.next_event().unwrap();
    events.next_event().unwrap();

    // the scorekeeper withdraws hole 1: its grids and who went out are its draft again
    let last = card.json()["last_entry"]["id"].as_u64().unwrap();
    let undone = served.post("/api/undo", &format!(r#"{{"match": 1, "entry": {last}}}"#));
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(undone.json()["holes_played"], 0);
    let (card, _) = events.next_event().unwrap();
    let (draft, shown) = events.next_event().unwrap();
    assert_eq!((card.as_str(), draft.as_str()), ("card", "draft"));
    let after = served.get("/api/draft").json();
    assert_eq!(shown, after, "the stream sends the draft as it stands");
    assert_eq!(after["hole"], 1, "{after}");
    assert_eq!(after["grids"]["ann"], "Q 4 4 / Q 9 8", "{after}");
    assert_eq!(after["grids"]["bob"], "2 7 Q / 2 7 Q", "{after}");
    assert_eq!(after["out"], "bob", "{after}");
    assert_eq!(after["missing"], serde_json::json!([]));
    assert_eq!(after["restored"], serde_json::json!(["ann", "bob"]));
    assert_eq!(after["typed_at_computer"], serde_json::json!([]));
    assert!(
        after["revision"].as_i64() > before["revision"].as_i64(),
        "{before} → {after}"
    );

    // bob sends his grid again: his own now; the hole recorded from the draft as shown
    let sent = send(&served, "bob", 1, "2 7 Q / 2 7 K", true);
    assert_eq!(sent.status, 200, "{}", sent.body);
    let draft = sent.json();
    assert_eq!(draft["restored"], serde_json::json!(["ann"]));
    let revision = draft["revision"].as_i64().unwrap();
    let body = format!(r#"{{"match": 1, "hole": 1, "from_draft": true, "draft": {revision}}}"#);
    let card = served.post("/api/hole", &body);
    assert_eq!(card.status, 200, "{}", card.body);
    let card = env.json(&["card"]);
    assert_eq!(card["holes"][0]["entries"][1]["grid"], "2 7 Q / 2 7 K");
    assert_eq!(card["holes"][0]["out"], "bob");
}

/// `[{"player", "slot"}]` as pairs.
fn slots(answer: &serde_json::Value) -> Vec<(String, u64)> {
    answer["slots"]
        .as_array()
        .map(|all| {
            all.iter()
                .map(|s| {
                    (
                        s["player"].as_str().unwrap().to_string(),
                        s["slot"].as_u64().unwrap(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn at(player: &str, slots: &[u64]) -> Vec<(String, u64)> {
    slots.iter().map(|&s| (player.to_string(), s)).collect()
}

#[test]
fn a_refused_grid_names_the_slot_to_fix() {
    let (env, served) = table(&["ann", "bob"]);
    // a card that is not one: its slot, and the words without a caret line
    let refused = send(&served, "ann", 1, "5 K Q / 5 X J", false);
    assert_eq!(refused.status, 400, "{}", refused.body);
    let answer = refused.json();
    assert_eq!(slots(&answer), at("ann", &[4]), "{answer}");
    let said = answer["error"].as_str().unwrap();
    assert!(
        said.starts_with("ann's grid: row 2, card 2: `X` is not a card"),
        "{said}"
    );
    assert!(!said.contains('^') && !said.contains('\n'), "{said}");
    // a row typed compactly that cannot be read: its first slot, where the page puts it
    let refused = send(&served, "ann", 1, "5kq/5xj", false).json();
    assert_eq!(slots(&refused), at("ann", &[3]), "{refused}");
    // a grid of the wrong shape has no one slot to fix
    let refused = send(&served, "ann", 1, "5 K Q / 5 2", false).json();
    assert_eq!(refused.get("slots"), None, "{refused}");

    // the scorekeeper's grids clash: every seven, on both players' grids
    let hole = r#"{"match": 1, "hole": 1, "grids": {"ann": "7 7 3 / 4 5 6", "bob": "7 7 7 / 8 9 T"}, "out": null, "knock": null}"#;
    let refused = served.post("/api/hole", hole);
    assert_eq!(refused.status, 400, "{}", refused.body);
    let answer = refused.json();
    let mut both = at("ann", &[0, 1]);
    both.extend(at("bob", &[0, 1, 2]));
    assert_eq!(slots(&answer), both, "{answer}");
    let said = answer["error"].as_str().unwrap();
    assert!(
        said.contains("5 sevens but the deck holds 4 (ann 2, bob 3)"),
        "{said}"
    );
    assert!(!said.contains('`') && !said.contains("--decks"), "{said}");
    // two of one suited card: that card alone on each grid
    let hole = r#"{"match": 1, "hole": 1, "grids": {"ann": "2 3 4 / 5 6 7h", "bob": "7h 8 9 / T J Q"}, "out": null, "knock": null}"#;
    let refused = served.post("/api/hole", hole).json();
    let mut both = at("ann", &[5]);
    both.extend(at("bob", &[0]));
    assert_eq!(slots(&refused), both, "{refused}");

    // grids that clash only together are kept, the clash a problem of the draft, with its
    // slots on both phones
    assert_eq!(send(&served, "ann", 1, "7 7 3 / 4 5 6", false).status, 200);
    let sent = send(&served, "bob", 1, "7 7 7 / 8 9 T", false);
    assert_eq!(sent.status, 200, "{}", sent.body);
    let draft = sent.json();
    let clash = &draft["problems"][0];
    assert_eq!(
        clash["players"],
        serde_json::json!(["ann", "bob"]),
        "{draft}"
    );
    let mut both = at("ann", &[0, 1]);
    both.extend(at("bob", &[0, 1, 2]));
    assert_eq!(slots(clash), both, "{draft}");
    let said = clash["error"].as_str().unwrap();
    assert!(
        said.contains("5 sevens but the deck holds 4 (ann 2, bob 3)"),
        "{said}"
    );
    assert!(!said.contains('\n') && !said.contains('`'), "{said}");
    assert_eq!(env.json(&["card"])["holes_played"], 0, "nothing recorded");
}
