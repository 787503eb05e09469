//! Issue 45 at a table, as a table plays it: what once went wrong by ordinary table
//! behaviour, each test checking that every hole recorded equals what was dealt — a Send
//! right after the hole was recorded, a grid changed after the scorekeeper saw the draft,
//! a player disqualified from the round, a mend after Finish, the next match on the same
//! links — and how many taps a hole costs a player and the scorekeeper.

use super::*;

/// The link of `player` (as `golf serve` printed it).
fn link(served: &Served, player: &str) -> String {
    served
        .players
        .iter()
        .find(|(n, _)| n == player)
        .map(|(_, l)| l.clone())
        .unwrap()
}

/// A phone showing `url`, live.
async fn open(driver: &Driver, url: &str) -> Client {
    let c = phone(driver).await;
    c.goto(url).await.unwrap();
    live(&c).await;
    c
}

/// The grids typed in the page's grid boxes, in order.
async fn typed(c: &Client) -> serde_json::Value {
    script(
        c,
        "return Array.from(document.querySelectorAll('.grid-text')).map(t => t.value)",
    )
    .await
}

fn status_starts(text: &str) -> String {
    format!(
        "return document.getElementById('status').textContent.startsWith({})",
        serde_json::Value::from(text)
    )
}

fn named(hole: u32) -> String {
    format!(
        "return document.getElementById('keeper-h').textContent === 'Your grid for hole {hole}'"
    )
}

/// `player` sends `grid` from their phone for `hole`, and the page says it was sent.
async fn send(c: &Client, grid: &str, hole: u32) {
    type_grid(c, 0, grid).await;
    script(
        c,
        "document.getElementById('status').textContent = ''; return true",
    )
    .await;
    tap(c, "#send").await;
    until(
        c,
        &status_starts(&format!("Sent for hole {hole}.")),
        Duration::from_secs(10),
    )
    .await;
}

/// Every hole of the card of match `id` (the newest when `None`) holds `dealt` (a grid per
/// player, in seating order; `None` where the player was not asked).
fn recorded_as_dealt(env: &Env, id: Option<&str>, dealt: &[Vec<Option<&str>>]) {
    let mut args = vec!["card"];
    if let Some(id) = id {
        args.extend(["--match", id]);
    }
    let card = env.json(&args);
    assert_eq!(card["holes_played"], dealt.len(), "{card}");
    for (hole, grids) in dealt.iter().enumerate() {
        for (seat, grid) in grids.iter().enumerate() {
            let entry = &card["holes"][hole]["entries"][seat];
            match grid {
                Some(grid) => assert_eq!(entry["grid"], *grid, "hole {}, seat {seat}", hole + 1),
                None => assert!(entry.is_null(), "hole {}, seat {seat}: {entry}", hole + 1),
            }
        }
    }
}

/// A Send tapped right after the hole was recorded, before the phone heard of it: refused
/// (the hole the form names is taken), the cards kept aside, never sent into the next
/// hole; a second tap, on the next hole's empty form, sends nothing.
#[test]
fn a_send_right_after_the_hole_was_recorded_puts_nothing_into_the_next() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "2", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    let dealt = [
        ["5 K Q / 5 2 J", "2 7 Q / 2 7 Q"],
        ["A A 3 / 4 4 9", "8 8 6 / 10 9 6"],
    ];
    runtime().block_on(async {
        let ann = phone(&driver).await;
        before_each_page(&driver, &ann, HOLD_EVENTS).await;
        ann.goto(&link(&served, "ann")).await.unwrap();
        live(&ann).await;
        let bob = open(&driver, &link(&served, "bob")).await;
        assert_eq!(card_fetches(&ann).await, 0, "the card fetched again on load");
        // ann's cards of hole 1 typed, not sent; the terminal records hole 1 before her
        // phone hears of it, and she taps Send
        type_grid(&ann, 0, "5 K Q / 5 2").await;
        script(&ann, "window.__hold = true; return true").await;
        env.ok(&["hole", &format!("ann={}", dealt[0][0]), &format!("bob={}", dealt[0][1])]);
        tap(&ann, "#send").await;
        until(&ann, "return document.getElementById('status').textContent.includes('Your cards for hole 1 were not sent: that hole was recorded without them')", Duration::from_secs(10)).await;
        script(&ann, "return window.__release()").await;
        until(&ann, &named(2), Duration::from_secs(10)).await;
        let kept = script(&ann, "return document.getElementById('kept').hidden ? '' : document.getElementById('kept').textContent").await;
        assert!(kept.as_str().unwrap().starts_with("Hole 1 was recorded without these cards"), "{kept}");
        assert_eq!(typed(&ann).await, serde_json::json!([""]));
        // a second tap of Send, on hole 2's empty form: nothing is sent
        let before = served.get("/api/draft").json();
        tap(&ann, "#send").await;
        until(&ann, &status_starts("Nothing to send yet: tap your cards for hole 2 first."), Duration::from_secs(5)).await;
        assert_eq!(served.get("/api/draft").json(), before, "an empty Send wrote");
        assert!(before["grids"]["ann"].is_null(), "{before}");
        // the cards kept aside are forgotten; hole 2 from both phones
        tap(&ann, "#kept button:last-child").await;
        send(&ann, dealt[1][0], 2).await;
        send(&bob, dealt[1][1], 2).await;
        let draft = served.get("/api/draft").json();
        let body = serde_json::json!({"hole": 2, "from_draft": true, "draft": draft["revision"]});
        assert_eq!(served.post("/api/hole", &body.to_string()).status, 200);
        ann.close().await.unwrap();
        bob.close().await.unwrap();
    });
    let dealt: Vec<Vec<Option<&str>>> = dealt
        .iter()
        .map(|h| h.iter().map(|g| Some(*g)).collect())
        .collect();
    recorded_as_dealt(&env, None, &dealt);
}

/// A grid changed on a phone after the scorekeeper's page showed the draft (the page not
/// yet told): Record is refused as stale, nothing recorded, the page shows the grids as
/// they are now at once; recorded then, once, as shown.
#[test]
fn a_grid_changed_after_the_scorekeeper_saw_the_draft_is_never_recorded_unseen() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    let dealt = ["5 K Q / 5 2 J", "2 7 Q / 2 7 Q"];
    runtime().block_on(async {
        let keeper = phone(&driver).await;
        before_each_page(&driver, &keeper, HOLD_EVENTS).await;
        keeper.goto(&served.url(&format!("/?key={}", served.key))).await.unwrap();
        live(&keeper).await;
        let ann = open(&driver, &link(&served, "ann")).await;
        let bob = open(&driver, &link(&served, "bob")).await;
        send(&ann, dealt[0], 1).await;
        send(&bob, "2 7 Q / 2 7 K", 1).await;
        until(&keeper, "return !document.getElementById('fromdraft').hidden && document.getElementById('draftview').textContent.includes('2 7 K')", Duration::from_secs(10)).await;
        // bob corrects his grid; the scorekeeper's page has not heard yet
        script(&keeper, "window.__hold = true; return true").await;
        send(&bob, dealt[1], 1).await;
        tap(&keeper, "#fromdraft").await;
        until(&keeper, "return document.getElementById('status').textContent.includes('Nothing was recorded. Look at the grids shown now')", Duration::from_secs(10)).await;
        assert_eq!(env.json(&["card"])["holes_played"], 0, "a stale draft was recorded");
        until(&keeper, "var v = document.getElementById('draftview').textContent; return v.includes('2 7 Q / 2 7 Q') && !v.includes('2 7 K')", Duration::from_secs(10)).await;
        script(&keeper, "return window.__release()").await;
        tap(&keeper, "#fromdraft").await;
        until(&keeper, &status_starts("Recorded hole 1 from the phones."), Duration::from_secs(10)).await;
        until(&ann, &named(2), Duration::from_secs(10)).await;
        for c in [keeper, ann, bob] {
            c.close().await.unwrap();
        }
    });
    recorded_as_dealt(&env, None, &[dealt.iter().map(|g| Some(*g)).collect()]);
}

/// A player disqualified from the round by the director, after sending a grid, is asked
/// for nothing more: their phone says so, the others' phones and the scorekeeper's page
/// await only the others, and the hole is recorded from the phones.
#[test]
fn a_player_disqualified_from_the_round_is_not_asked_for() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&[
        "tournament",
        "new",
        "Club",
        "--rules",
        "classic",
        "--seed",
        "3",
        "ann",
        "bob",
        "cat",
        "dee",
    ]);
    let served = Served::start(env.dir.path(), &["--tournament"]);
    runtime().block_on(async {
        let (_, _, table) = served.tables[0].clone();
        let keeper = open(&driver, &table).await;
        let links = script(&keeper, "return Array.from(document.querySelectorAll('#links a')).map(a => [a.textContent.replace(\"'s link\", ''), a.href])").await;
        let links: Vec<(String, String)> = serde_json::from_value(links).unwrap();
        let seated: Vec<String> = links.iter().map(|(n, _)| n.clone()).collect();
        // (the card writes a ten as 10)
        let dealt: Vec<String> = served::dealt(&seated, 1).iter().map(|g| g.replace('T', "10")).collect();
        let mut phones = Vec::new();
        for (_, url) in &links {
            phones.push(open(&driver, url).await);
        }
        let out = seated.iter().position(|n| n == "cat").unwrap();
        send(&phones[out], &dealt[out], 1).await;
        let body = serde_json::json!({"player": "cat", "disqualify": "round", "reason": "left the table"});
        let given = served.post("/api/penalty", &body.to_string());
        assert_eq!(given.status, 200, "{}", given.body);
        // cat's phone asks nothing more of her; the scorekeeper's form has no grid of hers
        until(&phones[out], "return document.getElementById('drafted').textContent.startsWith('Hole 1 asks no grid of you') && document.getElementById('send').hidden", Duration::from_secs(10)).await;
        until(&keeper, "return document.querySelector('.player[data-player=cat]').hidden", Duration::from_secs(10)).await;
        for (seat, p) in phones.iter().enumerate().filter(|(s, _)| *s != out) {
            send(p, &dealt[seat], 1).await;
        }
        let waiting = script(&phones[(out + 1) % 4], "return document.getElementById('drafted').textContent").await;
        assert!(!waiting.as_str().unwrap().contains("cat"), "{waiting}");
        until(&keeper, "return !document.getElementById('fromdraft').hidden", Duration::from_secs(10)).await;
        tap(&keeper, "#fromdraft").await;
        until(&keeper, &status_starts("Recorded hole 1 from the phones."), Duration::from_secs(10)).await;
        let id = served.tables[0].1.to_string();
        let expected: Vec<Option<&str>> = (0..4).map(|s| (s != out).then(|| dealt[s].as_str())).collect();
        let card = env.json(&["card", "--match", &id]);
        let order: Vec<String> = card["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect();
        assert_eq!(order, seated, "the links in seating order");
        recorded_as_dealt(&env, Some(&id), &[expected]);
        for c in phones {
            c.close().await.unwrap();
        }
        keeper.close().await.unwrap();
    });
}

/// A hole found wrong after Finish is mended from the scorekeeper's page: the match is
/// reopened (as `golf amend` does), the forms come back, and Finish records it again.
#[test]
fn a_mend_after_finish_reopens_the_match_from_the_page() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "2", "ann", "bob"]);
    let dealt = [
        ["5 K Q / 5 2 J", "2 7 Q / 2 7 Q"],
        ["A A 3 / 4 4 9", "8 8 6 / 10 9 6"],
    ];
    env.ok(&[
        "hole",
        &format!("ann={}", dealt[0][0]),
        &format!("bob={}", dealt[0][1]),
    ]);
    // bob's grid of hole 2 typed wrong: a 5 for the 6
    env.ok(&[
        "hole",
        &format!("ann={}", dealt[1][0]),
        "bob=8 8 5 / 10 9 6",
    ]);
    let served = Served::start(env.dir.path(), &[]);
    runtime().block_on(async {
        let keeper = open(&driver, &served.url(&format!("/?key={}", served.key))).await;
        let watcher = open(&driver, &served.url("/")).await;
        script(&keeper, "window.confirm = function () { return true; }; return true").await;
        tap(&keeper, "#finish").await;
        for c in [&keeper, &watcher] {
            until(c, "return document.querySelector('#card [data-finished]') !== null", Duration::from_secs(10)).await;
        }
        assert_eq!(env.json(&["card"])["finished"], true);
        tap(&keeper, "#mend summary").await;
        script(&keeper, "document.getElementById('mhole').value = '2'; document.getElementById('mplayer').value = 'bob'; document.getElementById('mgrid').value = '8 8 6 / 10 9 6'; return true").await;
        tap(&keeper, "#amend").await;
        until(&keeper, &status_starts("Hole 2 mended."), Duration::from_secs(10)).await;
        // reopened: in play on every phone, the scorekeeper's forms back
        for c in [&keeper, &watcher] {
            until(c, "return document.querySelector('#card [data-finished]') === null", Duration::from_secs(10)).await;
        }
        assert_eq!(script(&keeper, "return document.getElementById('entry').hidden").await, false);
        assert_eq!(env.json(&["card"])["finished"], false, "reopened");
        tap(&keeper, "#finish").await;
        until(&watcher, "return document.querySelector('#card [data-finished]') !== null", Duration::from_secs(10)).await;
        keeper.close().await.unwrap();
        watcher.close().await.unwrap();
    });
    let card = env.json(&["card"]);
    assert_eq!(card["finished"], true);
    assert_eq!(card["holes"][1]["amended"], true);
    let dealt: Vec<Vec<Option<&str>>> = dealt
        .iter()
        .map(|h| h.iter().map(|g| Some(*g)).collect())
        .collect();
    recorded_as_dealt(&env, None, &dealt);
}

/// The next match at the table, started with the same players: every phone on its old link
/// follows to it with its form for hole 1, nothing of the last match carried over, and its
/// holes are recorded from the phones as dealt.
#[test]
fn the_next_match_is_followed_on_the_same_player_links() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "1", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    let dealt = [
        ["5 K Q / 5 2 J", "2 7 Q / 2 7 Q"],
        ["A A 3 / 4 4 9", "8 8 6 / 10 9 6"],
    ];
    runtime().block_on(async {
        let keeper = open(&driver, &served.url(&format!("/?key={}", served.key))).await;
        let phones = [open(&driver, &link(&served, "ann")).await, open(&driver, &link(&served, "bob")).await];
        for (match_id, grids) in dealt.iter().enumerate() {
            let id = (match_id + 1).to_string();
            for (p, grid) in phones.iter().zip(grids) {
                until(p, &format!("return document.getElementById('card').dataset.match === '{id}'"), Duration::from_secs(10)).await;
                live(p).await;
                until(p, &named(1), Duration::from_secs(10)).await;
                assert_eq!(typed(p).await, serde_json::json!([""]), "match {id}");
                send(p, grid, 1).await;
            }
            until(&keeper, &format!("return document.getElementById('card').dataset.match === '{id}' && !document.getElementById('fromdraft').hidden"), Duration::from_secs(10)).await;
            tap(&keeper, "#fromdraft").await;
            until(&keeper, &status_starts("Recorded hole 1 from the phones."), Duration::from_secs(10)).await;
            if match_id == 0 {
                env.ok(&["finish"]);
                env.ok(&["new", "--rules", "classic", "--holes", "1", "ann", "bob"]);
            }
        }
        for p in &phones {
            assert_eq!(script(p, "return document.getElementById('kept').hidden").await, true, "something carried over");
        }
        keeper.close().await.unwrap();
        for p in phones {
            p.close().await.unwrap();
        }
    });
    for (id, grids) in dealt.iter().enumerate() {
        let id = (id + 1).to_string();
        recorded_as_dealt(&env, Some(&id), &[grids.iter().map(|g| Some(*g)).collect()]);
    }
}

/// Taps `grid` (suited cards, "3h 4h 5h / 6s 7s 8s") into the picker as a player does —
/// each card its suit, then its rank, the next slot following by itself — ticks "I went
/// out" if `out`, and sends it for `hole`: returns the taps it took.
async fn tap_a_hole(c: &Client, grid: &str, out: bool, hole: u32) -> u32 {
    let mut taps = 0;
    for card in grid.split_whitespace().filter(|c| *c != "/") {
        let (rank, suit) = card.split_at(card.len() - 1);
        tap(c, &format!(".picker .suit[data-suit={suit}]")).await;
        tap(c, &format!(".picker .rank[data-card=\"{rank}\"]")).await;
        taps += 2;
    }
    assert_eq!(
        typed(c).await,
        serde_json::json!([grid]),
        "the taps made another grid"
    );
    if out {
        tap(c, "#iout").await;
        taps += 1;
    }
    script(
        c,
        "document.getElementById('status').textContent = ''; return true",
    )
    .await;
    tap(c, "#send").await;
    until(
        c,
        &status_starts(&format!("Sent for hole {hole}.")),
        Duration::from_secs(10),
    )
    .await;
    taps + 1
}

/// Taps per hole (issue 45): a player's suited 6-card grid with "I went out" and Send in at
/// most 14 taps; the scorekeeper records a hole from the phones in 1 tap, or 2 where no one
/// went out under rules that adjust the ender's score (the page asks first).
#[test]
fn a_hole_costs_a_player_at_most_14_taps_and_the_scorekeeper_2() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--house",
        "out-penalty-10",
        "--holes",
        "2",
        "ann",
        "bob",
        "cat",
    ]);
    let served = Served::start(env.dir.path(), &[]);
    let dealt = [
        [
            "3h 4h 5h / 6s 7s 8s",
            "9d 9c 2d / Kd Kc 2c",
            "Ah 3s 6d / 8h 8d 10c",
        ],
        [
            "Qh Qs 2h / Jd Jc 5c",
            "4d 4c 7h / 7d 10h 10s",
            "As Ad Kh / Ks 9h 9s",
        ],
    ];
    let outs = [Some(0), None];
    runtime().block_on(async {
        let keeper = open(&driver, &served.url(&format!("/?key={}", served.key))).await;
        let mut phones = Vec::new();
        for who in ["ann", "bob", "cat"] {
            phones.push(open(&driver, &link(&served, who)).await);
        }
        let mut most = 0;
        let mut keepers = Vec::new();
        for (hole, grids) in dealt.iter().enumerate() {
            let hole = hole as u32 + 1;
            for (seat, (p, grid)) in phones.iter().zip(grids).enumerate() {
                until(p, &named(hole), Duration::from_secs(10)).await;
                let taps = tap_a_hole(p, grid, outs[hole as usize - 1] == Some(seat), hole).await;
                assert!(taps <= 14, "hole {hole}, seat {seat}: {taps} taps");
                most = most.max(taps);
            }
            until(&keeper, "return !document.getElementById('fromdraft').hidden", Duration::from_secs(10)).await;
            tap(&keeper, "#fromdraft").await;
            let mut taps = 1;
            if outs[hole as usize - 1].is_none() {
                // no one went out, and these rules adjust the ender's score: asked
                keeper.accept_alert().await.unwrap();
                taps += 1;
            }
            until(&keeper, &status_starts(&format!("Recorded hole {hole} from the phones.")), Duration::from_secs(10)).await;
            assert!(taps <= 2, "the scorekeeper's taps for hole {hole}: {taps}");
            keepers.push(taps);
        }
        eprintln!("taps per hole: a player's suited grid with Send, at most {most}; the scorekeeper's {keepers:?}");
        // each page fetched the card once per hole recorded: not on load, not twice for
        // the scorekeeper's own write
        for c in phones.iter().chain([&keeper]) {
            until(c, "return document.querySelectorAll('#card tbody tr.hole').length === 2", Duration::from_secs(10)).await;
            assert_eq!(card_fetches(c).await, 2);
        }
        keeper.close().await.unwrap();
        for p in phones {
            p.close().await.unwrap();
        }
    });
    let card = env.json(&["card"]);
    assert_eq!(card["holes"][0]["out"], "ann");
    assert!(card["holes"][1]["out"].is_null());
    let dealt: Vec<Vec<Option<&str>>> = dealt
        .iter()
        .map(|h| h.iter().map(|g| Some(*g)).collect())
        .collect();
    recorded_as_dealt(&env, None, &dealt);
}
