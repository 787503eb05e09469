//! Event night, run as a club runs it, in a real browser (issue 46): the board on a
//! 1920×1080 TV read by computed style (every row at least 48 px), the round's clock
//! counting down, "thru N", and the marks (late, withdrew, DQ); the director's page on a
//! phone — the player menu empty at first, a disqualification asked again (Cancel records
//! nothing), the last one undone, a latecomer entered and a leaver withdrawn — and axe-core
//! finding nothing serious on the board or the director's page. No speed is asked for:
//! every wait is a hang guard.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "suite/common.rs"]
mod common;
#[path = "browser_kit/mod.rs"]
mod kit;
#[path = "suite/served.rs"]
mod served;

use std::time::Duration;

use common::Env;
use fantoccini::{Client, Locator};
use kit::{axe, driver, runtime, screen, script, tap, until};
use served::Served;

const WAIT: Duration = Duration::from_secs(10);

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
        "Club night",
        "--rules",
        rules.to_str().unwrap(),
        "--rounds",
        "2",
        "--seed",
        "4",
    ];
    args.extend(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]);
    env.ok(&args);
    env
}

/// Records hole `hole` of table `n` from its key (a bare score each).
fn hole(served: &Served, n: usize, hole: usize) {
    let board = served.get("/api/board").json();
    let t = &board["tables"][n - 1];
    let players: Vec<String> = serde_json::from_value(t["players"].clone()).unwrap();
    let grids: serde_json::Map<String, serde_json::Value> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.clone(), ((i + hole) % 7).to_string().into()))
        .collect();
    let body = serde_json::json!({"match": t["match"], "hole": hole, "grids": grids});
    let key = served.table_key(n);
    let done = served.post_as(&key, &format!("/table/{n}/api/hole"), &body.to_string());
    assert_eq!(done.status, 200, "{}", done.body);
}

/// The seconds of the clock's `mm:ss` on the TV.
async fn clock_seconds(tv: &Client) -> u64 {
    let text = script(
        tv,
        "return document.getElementById('clock-left').textContent",
    )
    .await;
    let (m, s) = text.as_str().unwrap().split_once(':').unwrap();
    m.parse::<u64>().unwrap() * 60 + s.parse::<u64>().unwrap()
}

/// The clock counts down on the TV: the time shown changes by itself, and to less.
async fn the_clock_counts_down(tv: &Client) {
    until(tv, "var c = document.getElementById('clock-left'); return c !== null && /^\\d\\d:\\d\\d$/.test(c.textContent)", WAIT).await;
    let first = clock_seconds(tv).await;
    assert!(
        (28 * 60..=30 * 60).contains(&first),
        "{first} s of a 30-minute clock"
    );
    let shown = format!(
        "return document.getElementById('clock-left').textContent !== '{:02}:{:02}'",
        first / 60,
        first % 60
    );
    until(tv, &shown, WAIT).await;
    let then = clock_seconds(tv).await;
    assert!(then < first, "{then} s after {first} s");
}

/// Every one of the `rows` of the standing on the TV is at least 48 px high by computed
/// style, and the page does not scroll sideways.
async fn rows_read_across_the_room(tv: &Client, rows: usize) {
    let heights = script(tv, "return Array.from(document.querySelectorAll('table.standing tbody tr')).map(r => parseFloat(getComputedStyle(r).height))").await;
    let heights: Vec<f64> = serde_json::from_value(heights).unwrap();
    assert_eq!(heights.len(), rows);
    assert!(heights.iter().all(|&h| h >= 48.0), "{heights:?}");
    assert_eq!(
        script(
            tv,
            "return document.documentElement.scrollWidth <= window.innerWidth"
        )
        .await,
        true
    );
}

/// A script's test that the TV's row of `player` says `what`.
fn row_says(player: &str, what: &str) -> String {
    format!("var r = Array.from(document.querySelectorAll('table.standing tbody tr')).find(r => r.querySelector('.name').textContent.startsWith('{player}')); return (r !== undefined && r.innerText.includes('{what}'))")
}

/// Chooses `value` in the menu `css`.
async fn choose(c: &Client, css: &str, value: &str) {
    let menu = c.find(Locator::Css(css)).await.unwrap();
    menu.select_by_value(value).await.unwrap();
}

/// The director disqualifies `player` from round 1: nothing chosen at first, the second
/// step names the player and the charge, Cancel records nothing, Yes does; then the
/// disqualification is undone from the page.
async fn disqualify_then_undo(desk: &Client, tv: &Client, served: &Served, player: &str) {
    assert_eq!(
        script(desk, "return document.getElementById('dplayer').value").await,
        ""
    );
    tap(desk, "#penalize summary").await;
    tap(desk, "#dsend").await;
    until(
        desk,
        "return document.getElementById('dstatus').textContent === 'Choose the player first.'",
        WAIT,
    )
    .await;
    choose(desk, "#dplayer", player).await;
    choose(desk, "#dkind", "round").await;
    script(
        desk,
        "document.getElementById('dreason').value = 'third illegal move'; return true",
    )
    .await;
    tap(desk, "#dsend").await;
    let asked = script(
        desk,
        "var d = document.getElementById('dconfirm'); return d.hidden ? '' : d.innerText",
    )
    .await;
    let asked = asked.as_str().unwrap().to_string();
    assert!(
        asked.contains(&format!("Disqualify {player} from round 1?")) && asked.contains("plus 10"),
        "{asked}"
    );
    tap(desk, "#dconfirm-no").await;
    assert_eq!(
        script(desk, "return document.getElementById('dconfirm').hidden").await,
        true
    );
    let marks = |b: serde_json::Value| {
        b["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == player)
            .unwrap()["marks"][0]
            .clone()
    };
    assert_eq!(
        marks(served.get("/api/board").json()),
        serde_json::Value::Null,
        "Cancel recorded nothing"
    );
    tap(desk, "#dsend").await;
    tap(desk, "#dconfirm-yes").await;
    until(tv, &row_says(player, "DQ"), WAIT).await;
    until(desk, "var b = document.getElementById('dundo-send'); return b !== null && b.textContent === 'Undo this disqualification'", WAIT).await;
    if let Some(found) = axe(desk).await {
        assert_eq!(found, Vec::<String>::new(), "the director's page");
    }
    tap(desk, "#dundo-send").await;
    until(
        desk,
        "return document.getElementById('dstatus').textContent.startsWith('Undone: ')",
        WAIT,
    )
    .await;
    assert_eq!(
        marks(served.get("/api/board").json()),
        serde_json::Value::Null
    );
    until(tv, &format!("{} === false", row_says(player, "DQ")), WAIT).await;
}

/// Between rounds the director enters `late` and withdraws `leaver` from the page; the TV
/// marks both.
async fn come_and_go(desk: &Client, tv: &Client, late: &str, leaver: &str) {
    tap(desk, "#comego summary").await;
    script(
        desk,
        &format!("document.getElementById('dlate').value = '{late}'; return true"),
    )
    .await;
    tap(desk, "#dadd").await;
    until(desk, &format!("return document.getElementById('dstatus').textContent === '{late} is entered from round 2 on.'"), WAIT).await;
    // the menus have the latecomer once the page has read them again
    let listed =
        format!("return document.querySelector('#dleaver option[value=\"{late}\"]') !== null");
    until(desk, &listed, WAIT).await;
    choose(desk, "#dleaver", leaver).await;
    tap(desk, "#dwithdraw").await;
    tap(desk, "#dconfirm-yes").await;
    until(
        desk,
        &format!(
            "return document.getElementById('dstatus').textContent === '{leaver} has withdrawn.'"
        ),
        WAIT,
    )
    .await;
    until(tv, &row_says(late, "late"), WAIT).await;
    until(tv, &row_says(leaver, "withdrew"), WAIT).await;
}

#[test]
fn the_board_on_a_tv_and_the_directors_hand_on_a_phone() {
    let Some(driver) = driver() else { return };
    let env = night();
    let served = Served::start(env.dir.path(), &["--tournament", "--clock", "30"]);
    runtime().block_on(async {
        let tv = screen(&driver, 1920, 1080).await;
        tv.goto(&served.url("/board")).await.unwrap();
        until(&tv, "return document.getElementById('live').textContent === 'Live'", WAIT).await;
        the_clock_counts_down(&tv).await;
        rows_read_across_the_room(&tv, 8).await;
        // a hole at table 1: its players are "thru 1" on the TV
        hole(&served, 1, 1);
        let first = served.get("/api/board").json()["tables"][0]["players"][0].as_str().unwrap().to_string();
        until(&tv, &row_says(&first, "thru 1"), WAIT).await;
        let desk = screen(&driver, 390, 844).await;
        desk.goto(&served.url(&format!("/?key={}", served.key))).await.unwrap();
        until(&desk, "return document.getElementById('live').textContent === 'Live'", WAIT).await;
        let second = served.get("/api/board").json()["tables"][1]["players"][0].as_str().unwrap().to_string();
        disqualify_then_undo(&desk, &tv, &served, &second).await;
        // round 1 played out; the director finishes each table, then players come and go
        hole(&served, 1, 2);
        for n in 1..=2 {
            if n == 2 {
                hole(&served, 2, 1);
                hole(&served, 2, 2);
            }
            let id = served.get("/api/board").json()["tables"][n - 1]["match"].clone();
            assert_eq!(served.post(&format!("/table/{n}/api/finish"), &format!(r#"{{"match": {id}}}"#)).status, 200);
        }
        come_and_go(&desk, &tv, "Zoe", &first).await;
        // a round's disqualification is marked beside that round's score
        until(&desk, "return document.getElementById('seat').disabled === false", WAIT).await;
        tap(&desk, "#seat").await;
        until(&tv, "return document.getElementById('board').dataset.round === '2' && document.getElementById('clock-left') !== null", WAIT).await;
        let dq = serde_json::json!({"player": second, "disqualify": "round", "reason": "marked cards"});
        assert_eq!(served.post("/api/penalty", &dq.to_string()).status, 200);
        until(&tv, &row_says(&second, "DQ"), WAIT).await;
        // the latecomer's row too
        rows_read_across_the_room(&tv, 9).await;
        if let Some(found) = axe(&tv).await {
            assert_eq!(found, Vec::<String>::new(), "the board");
        }
        desk.close().await.unwrap();
        tv.close().await.unwrap();
    });
}
