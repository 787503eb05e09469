//! `/tv` across the room (issue 45, item 6; CLI.md "/tv", "Every seat, every state"): the
//! real `golf serve`'s TV names who has sent a grid for the next hole and who is awaited
//! (never a card before the hole is recorded; a disqualified player not awaited), the
//! penalties with their reasons, the winner after Finish, and how a tie was broken only
//! when one was; its fragment follows the draft as well as the card.

use crate::common::Env;
use crate::served::{Events, Served};

/// The text of an HTML fragment, its tags left out and its entities read: what a screen
/// shows, in one line.
fn shown(html: &str) -> String {
    let mut text = String::new();
    let mut inside = false;
    for c in html.chars() {
        match c {
            '<' => inside = true,
            '>' => {
                inside = false;
                text.push(' ');
            }
            c if !inside => text.push(c),
            _ => {}
        }
    }
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_tv_says_who_has_sent_never_their_cards_and_the_penalties() {
    let env = Env::new();
    env.ok(&[
        "new", "--rules", "classic", "--holes", "2", "ann", "bob", "cat",
    ]);
    let hole = "hole|ann=5 K Q / 5 2 J|bob=2 7 Q / 2 7 Q|cat=A 3 4 / 6 8 9|--out|bob";
    let late = "penalty|bob|--points|5|--reason|late to the table";
    let gone = "penalty|cat|--disqualify|--reason|left the table";
    for args in [hole, late, gone] {
        env.ok(&args.split('|').collect::<Vec<_>>());
    }
    let served = Served::start(env.dir.path(), &[]);

    // the page follows the draft as well as the card
    let page = served.get("/tv");
    assert!(page.body.contains("data-follows-draft"), "{}", page.body);
    assert!(page.body.contains(r#"data-fragment="/tv.html""#));
    let before = served.get("/tv.html");
    let tv = shown(&before.body);
    assert!(tv.contains("Hole 2: who has sent"), "{tv}");
    assert!(
        tv.contains("ann — awaited") && tv.contains("bob — awaited"),
        "{tv}"
    );
    assert!(
        !tv.contains("cat — awaited"),
        "a disqualified player is not asked for: {tv}"
    );
    assert!(
        tv.contains("Penalties bob +5, hole 2 — late to the table"),
        "{tv}"
    );
    assert!(
        tv.contains("cat (disqualified), hole 2 — disqualified: left the table"),
        "{tv}"
    );
    assert!(!tv.contains("Winner"), "{tv}");

    // ann sends her grid: the stream says the draft changed, and the TV's card with it
    let mut events = Events::open(served.port);
    let (first, _) = events.next_event().unwrap();
    assert_eq!(first, "card");
    assert_eq!(events.next_event().unwrap().0, "draft");
    let sent = served.post_as(
        &served.token("ann"),
        "/api/draft",
        r#"{"match": 1, "hole": 2, "player": "ann", "grid": "A A 3 / 4 4 6", "out": true, "knock": false}"#,
    );
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert_eq!(
        events.next_event().unwrap().0,
        "draft",
        "a draft event, not a card"
    );
    let tag = before.header("etag").unwrap().to_string();
    let after = served.send("GET", "/tv.html", &[("If-None-Match", &tag)], b"");
    assert_eq!(after.status, 200, "the TV's card changed with the draft");
    assert_ne!(after.header("etag"), Some(tag.as_str()));
    let tv = shown(&after.body);
    assert!(
        tv.contains("ann — sent ✓") && tv.contains("bob — awaited"),
        "{tv}"
    );
    // names only: no card of the hole, no score, no claim, before it is recorded
    assert!(!tv.contains("A A 3"), "{tv}");
    assert_eq!(tv.matches("went out").count(), 1, "hole 1's alone: {tv}");
}

#[test]
fn the_tv_names_the_winner_after_finish() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "1", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    let hole = r#"{"match": 1, "hole": 1, "grids": {"ann": "5 K Q / 5 2 J", "bob": "2 7 Q / 2 7 Q"}, "out": "bob", "knock": null}"#;
    assert_eq!(served.post("/api/hole", hole).status, 200);
    let tv = shown(&served.get("/tv.html").body);
    assert!(!tv.contains("Winner"), "not before Finish: {tv}");
    let finished = served.post("/api/finish", r#"{"match": 1}"#);
    assert_eq!(finished.status, 200, "{}", finished.body);
    assert_eq!(finished.json()["winners"], serde_json::json!(["bob"]));
    let tv = shown(&served.get("/tv.html").body);
    assert!(tv.contains("Winner: bob"), "{tv}");
    assert!(!tv.contains("who has sent"), "no hole is next: {tv}");
    assert!(!tv.contains("How the tie was broken"), "no tie: {tv}");
}

#[test]
fn how_a_tie_was_broken_is_shown_only_once_one_was() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "1", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    let both = |when: &str| {
        for path in ["/card.html", "/tv.html", "/card.svg"] {
            let text = shown(&served.get(path).body);
            assert!(
                !text.contains("How the tie was broken"),
                "{when}, {path}: {text}"
            );
        }
    };
    let mut events = Events::open(served.port);
    events.next_card().unwrap();
    // tied at 0 before the first hole: no tiebreak, no empty figures
    both("no hole yet");
    // tied in play: the summary says who leads; nothing was broken
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=5 K Q / 5 2 J"]);
    events.next_card().unwrap();
    both("tied in play");
    env.ok(&["finish"]);
    events.next_card().unwrap();
    let card = shown(&served.get("/card.html").body);
    for text in [card, shown(&served.get("/tv.html").body)] {
        assert!(text.contains("How the tie was broken"), "{text}");
        assert!(text.contains("countback: ann: 18; bob: 18"), "{text}");
    }
}
