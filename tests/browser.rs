//! `golf serve`'s pages in a real browser (issue 28): Debian's `chromium` driven through
//! `chromium-driver` (WebDriver, by fantoccini), headless, as a 390×844 phone. A hole
//! recorded by tapping cards on the scorekeeper's page shows on the card and in
//! `golf card`; a second phone on the plain page sees it without reloading (how fast:
//! `cargo bench --bench serve`); a refused grid shows the referee's message beside it; a
//! score opens how it scored.
//!
//! The tests by topic: `table` (the scorekeeper's page), `phones` (every player on their
//! own phone), `looks` (fit, focus and axe-core), `evening` (issue 45: what a table does
//! that once went wrong, each hole checked against what was dealt; taps per hole; every
//! page's axe-core; the docs' screenshots); here, the helpers they share and the
//! tournament's board.
//!
//! Without chromium and chromedriver these tests say so and pass on a developer's machine,
//! and fail under CI (`CI=true`), which installs them (`.ci/run`). The README's pictures
//! are taken by `screens` (`cargo test --test browser docs_pictures -- --ignored`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "suite/common.rs"]
mod common;
#[path = "browser_kit/mod.rs"]
mod kit;
#[path = "suite/served.rs"]
mod served;

use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::Env;
use fantoccini::{Client, ClientBuilder, Locator};
use kit::{driver, Driver};
use served::Served;

/// A headless chromium showing pages as a 390×844 phone.
async fn phone(driver: &Driver) -> Client {
    phone_of(driver, 390, 844).await
}

/// A headless chromium showing pages as a phone `width` × `height` CSS pixels.
async fn phone_of(driver: &Driver, width: u32, height: u32) -> Client {
    let mut caps = serde_json::Map::new();
    let mut args = vec![
        "--headless=new",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--hide-scrollbars",
    ];
    // as root (CI), chromium runs only without its sandbox
    if kit::is_root() {
        args.push("--no-sandbox");
    }
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "args": args,
            "mobileEmulation": {
                "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0, "touch": true },
                "userAgent": "Mozilla/5.0 (Linux; Android 14) Mobile golf-test"
            }
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("chromedriver refused a session")
}

async fn script(c: &Client, js: &str) -> serde_json::Value {
    c.execute(js, vec![]).await.unwrap()
}

/// Waits until `js` returns true (at most `limit`); returns how long it took.
async fn until(c: &Client, js: &str, limit: Duration) -> Duration {
    let start = Instant::now();
    loop {
        if script(c, js).await == serde_json::Value::Bool(true) {
            return start.elapsed();
        }
        if start.elapsed() >= limit {
            let state = script(c, "var c = document.getElementById('card'); var s = document.getElementById('status'); return [location.href, c && c.dataset.match, c && c.innerText.slice(0, 400), s && s.textContent]").await;
            panic!("not within {limit:?}: {js}\nthe page: {state}");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn tap(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .click()
        .await
        .unwrap();
}

/// Types `grid` into the page's `i`th grid box, as a player typing it would (the box's
/// `input` event fires).
async fn type_grid(c: &Client, i: usize, grid: &str) {
    let js = format!(
        "var t = document.querySelectorAll('.grid-text')[{i}]; t.value = {}; t.dispatchEvent(new Event('input')); return true",
        serde_json::Value::from(grid)
    );
    script(c, &js).await;
}

/// Taps `cards` into the picker, slot after slot from the one selected.
async fn tap_cards(c: &Client, cards: &[&str]) {
    for card in cards {
        tap(c, &format!(".picker .rank[data-card=\"{card}\"]")).await;
    }
}

/// Waits until the page `c` shows is live (its stream's first event handled).
async fn live(c: &Client) {
    until(
        c,
        "return document.getElementById('live').textContent === 'Live'",
        Duration::from_secs(10),
    )
    .await;
}

/// Runs `js` in every page `c` opens from now on, before the page's own scripts
/// (chromedriver's DevTools passthrough: `Page.addScriptToEvaluateOnNewDocument`).
async fn before_each_page(driver: &Driver, c: &Client, js: &str) {
    use std::io::{Read, Write as _};
    let session = c.session_id().await.unwrap().unwrap();
    let body = serde_json::json!({
        "cmd": "Page.addScriptToEvaluateOnNewDocument",
        "params": {"source": js},
    })
    .to_string();
    let mut stream = TcpStream::connect(("127.0.0.1", driver.port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let request = format!(
        // (chromedriver answers HTTP/1.1 only, to its own address)
        "POST /session/{session}/goog/cdp/execute HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        driver.port,
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    // (it keeps the connection open: the answer ends where its Content-Length says)
    let mut answer = Vec::new();
    let mut chunk = [0u8; 4096];
    let whole = |a: &[u8]| {
        let text = String::from_utf8_lossy(a);
        let Some((head, body)) = text.split_once("\r\n\r\n") else {
            return false;
        };
        let length = head.lines().find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length:")
                .map(|n| n.trim().parse::<usize>().unwrap())
        });
        length.is_some_and(|n| body.len() >= n)
    };
    while !whole(&answer) {
        let n = stream.read(&mut chunk).unwrap();
        assert!(
            n > 0,
            "chromedriver closed: {}",
            String::from_utf8_lossy(&answer)
        );
        answer.extend_from_slice(&chunk[..n]);
    }
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// Lets a test hold the events of a page's stream (`window.__hold = true`) as a slow
/// phone does, and hand them on later (`window.__release()`): the page goes on showing
/// what it showed, while the server moves on. Given to [`before_each_page`].
const HOLD_EVENTS: &str = "(function () {
    var Real = window.EventSource;
    window.__hold = false;
    window.__held = [];
    window.__release = function () {
      window.__hold = false;
      var held = window.__held;
      window.__held = [];
      held.forEach(function (f) { f(); });
      return true;
    };
    window.EventSource = function (url) {
      var source = new Real(url);
      var add = source.addEventListener.bind(source);
      source.addEventListener = function (name, listener) {
        add(name, function (e) {
          if (window.__hold) window.__held.push(function () { listener(e); });
          else listener(e);
        });
      };
      return source;
    };
    window.EventSource.prototype = Real.prototype;
  })();";

/// The card fragments the page `c` has fetched since it was loaded.
async fn card_fetches(c: &Client) -> u64 {
    script(c, "return performance.getEntriesByType('resource').filter(e => /\\/(card|tv)\\.html$/.test(e.name)).length")
        .await
        .as_u64()
        .unwrap()
}

const NO_SIDEWAYS: &str =
    "return document.documentElement.scrollWidth <= window.innerWidth && window.innerWidth === 390";

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[path = "browser/evening.rs"]
mod evening;
#[path = "browser/looks.rs"]
mod looks;
#[path = "browser/phones.rs"]
mod phones;
#[path = "browser/screens.rs"]
mod screens;
#[path = "browser/table.rs"]
mod table;

/// axe-core's serious and critical violations on the page shown, one line each
/// (`tests/browser-tools`, installed by `npm ci --prefix tests/browser-tools`); `None`
/// where axe-core is not installed (outside CI).
async fn axe(c: &Client) -> Option<Vec<String>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/browser-tools/node_modules/axe-core/axe.min.js"
    );
    let Ok(source) = std::fs::read_to_string(path) else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI needs axe-core: npm ci --prefix tests/browser-tools"
        );
        eprintln!("axe skipped: npm ci --prefix tests/browser-tools installs axe-core");
        return None;
    };
    c.execute(&format!("{source}\n;return typeof axe"), vec![])
        .await
        .unwrap();
    let found = c
        .execute_async(
            "var done = arguments[arguments.length - 1];
            axe.run(document, { resultTypes: ['violations'] })
              .then(r => done(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                .map(v => v.impact + ' ' + v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))))
              .catch(e => done(['axe failed: ' + e]))",
            vec![],
        )
        .await
        .unwrap();
    Some(serde_json::from_value(found).unwrap())
}

/// Issue 38: a tournament of twelve players at three tables, two rounds, played from three
/// scorekeepers' pages (each table's own link) while a fourth browser shows `/board` as a
/// 1920×1080 TV: the board shows every hole without reloading (how fast is printed here and
/// measured by `cargo bench --bench serve_event`); the
/// director's page refuses the next round while a table plays and seats it once all are
/// done, and each scorekeeper's page moves on to its table's new match by itself;
/// `/api/board` equals `golf tournament standings --json` after every step; axe-core finds
/// nothing serious on the board or the director's page.
#[test]
fn an_event_night_is_run_from_three_tables_phones_with_the_board_on_a_tv() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    let rules = env.write(
        "club.toml",
        "name = \"club\"\ntitle = \"Club classic\"\nsummary = \"Classic, two holes.\"\nsource = \"Official §5.1\"\nextends = \"classic\"\n\n[match]\nholes = 2\n",
    );
    let players = [
        "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou",
    ];
    let mut new = vec![
        "tournament",
        "new",
        "Club night",
        "--rules",
        rules.to_str().unwrap(),
        "--rounds",
        "2",
        "--seed",
        "11",
    ];
    new.extend(players);
    env.ok(&new);
    let served = Served::start(env.dir.path(), &["--tournament"]);
    let standing = |board: &serde_json::Value| serde_json::json!({"tournament": board["tournament"], "rounds": board["rounds"], "players": board["players"]});
    runtime().block_on(async {
        let tv = phone_of(&driver, 1920, 1080).await;
        tv.goto(&served.url("/board")).await.unwrap();
        script(&tv, "window.stayed = true; return true").await;
        until(&tv, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
        let mut keepers = Vec::new();
        for n in 1..=3 {
            let c = phone(&driver).await;
            let (_, _, link) = served.tables.iter().find(|(t, _, _)| *t == n).unwrap();
            c.goto(link).await.unwrap();
            until(&c, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
            keepers.push(c);
        }
        let director = format!("/?key={}", served.key);
        for round in 1..=2usize {
            for hole in 1..=2usize {
                for (i, keeper) in keepers.iter().enumerate() {
                    let n = i + 1;
                    let board = served.get("/api/board").json();
                    let seated: Vec<String> = serde_json::from_value(board["tables"][i]["players"].clone()).unwrap();
                    for (p, grid) in served::dealt(&seated, hole).iter().enumerate() {
                        type_grid(keeper, p, grid).await;
                    }
                    keeper.find(Locator::Css("#out")).await.unwrap().select_by_value(&seated[0]).await.unwrap();
                    tap(keeper, "#record").await;
                    until(keeper, &format!("return document.getElementById('status').textContent.startsWith('Recorded hole {hole}.')"), Duration::from_secs(20)).await;
                    let seen = until(
                        &tv,
                        // after the last hole the table waits for its players' accepts
                        &format!("var t = document.querySelector('li[data-table=\"{n}\"] .state'); return t !== null && (t.textContent === '{hole} of 2 holes played' || ({hole} === 2 && t.textContent.startsWith('waiting for accept')))"),
                        Duration::from_secs(10),
                    )
                    .await;
                    eprintln!("round {round}, hole {hole}, table {n}: on the board after {seen:?}");
                    let board = served.get("/api/board").json();
                    assert_eq!(standing(&board), env.json(&["tournament", "standings"]));
                }
            }
            // table 3 still playing: the director cannot seat the next round yet
            for (i, keeper) in keepers.iter().enumerate().take(2) {
                // every player accepts the card (RULES.md §13): the last accept finishes it
                accept_table(&served, i + 1, 2);
                until(keeper, "return document.querySelector('#card [data-finished]') !== null", Duration::from_secs(10)).await;
                until(&tv, &format!("return document.querySelector('li[data-table=\"{}\"] .state').textContent === 'finished'", i + 1), Duration::from_secs(10)).await;
            }
            if round == 1 {
                let desk = phone(&driver).await;
                desk.goto(&served.url(&director)).await.unwrap();
                until(&desk, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
                assert_eq!(script(&desk, "return document.getElementById('seat').disabled").await, true);
                let why = script(&desk, "return document.getElementById('seat-why').textContent").await;
                assert!(why.as_str().unwrap().contains("table 3"), "{why}");
                if let Some(found) = axe(&desk).await {
                    assert_eq!(found, Vec::<String>::new(), "the director's page");
                }
                accept_table(&served, 3, 2);
                until(&desk, "return document.getElementById('seat').disabled === false", Duration::from_secs(2)).await;
                tap(&desk, "#seat").await;
                // the director's page comes back with round 2's tables and their links
                until(&desk, "return document.getElementById('director') !== null && document.getElementById('director').dataset.round === '2'", Duration::from_secs(10)).await;
                assert_eq!(script(&desk, "return document.querySelectorAll('#tables figure svg').length").await, 3);
                desk.close().await.unwrap();
                // each scorekeeper's page moves on to its table's new match by itself
                let board = served.get("/api/board").json();
                assert_eq!(board["round"], 2);
                for (i, keeper) in keepers.iter().enumerate() {
                    let id = board["tables"][i]["match"].as_i64().unwrap();
                    until(keeper, &format!("var c = document.getElementById('card'); return c !== null && c.dataset.match === '{id}' && document.getElementById('keeper') !== null && !document.getElementById('keeper').hidden"), Duration::from_secs(10)).await;
                    until(keeper, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
                }
                until(&tv, "return document.querySelector('li[data-table=\"1\"] .state').textContent === '0 of 2 holes played'", Duration::from_secs(10)).await;
            } else {
                accept_table(&served, 3, 2);
                until(&tv, "return document.querySelector('.board-head .round').textContent.startsWith('Final standing')", Duration::from_secs(10)).await;
            }
        }
        // the TV never reloaded; its standing is the terminal's, a column per round
        assert_eq!(script(&tv, "return window.stayed === true").await, true, "the board reloaded");
        let shown = script(&tv, "return Array.from(document.querySelectorAll('table.standing tbody tr')).map(r => [r.querySelector('.name').textContent, r.querySelector('.total').textContent])").await;
        let standings = env.json(&["tournament", "standings"]);
        let expected: Vec<serde_json::Value> = standings["players"].as_array().unwrap().iter()
            .map(|p| serde_json::json!([p["name"], p["total"].to_string()])).collect();
        assert_eq!(shown, serde_json::Value::Array(expected));
        assert_eq!(script(&tv, "return document.querySelectorAll('table.standing thead th').length").await, 6, "place, player, R1, R2, total, now (each player's table and holes this round)");
        assert_eq!(script(&tv, "return document.documentElement.scrollWidth <= window.innerWidth").await, true);
        if let Some(found) = axe(&tv).await {
            assert_eq!(found, Vec::<String>::new(), "the board");
        }
        for c in keepers {
            c.close().await.unwrap();
        }
        tv.close().await.unwrap();
    });
}

/// Issue 38.2: more players than a TV holds are paged through by themselves: every row
/// shown fits on the 1920×1080 screen, and the next page comes without a touch.
#[test]
fn the_board_pages_through_more_players_than_fit() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    let names: Vec<String> = (1..=40).map(|i| format!("Player {i:02}")).collect();
    let mut new = vec![
        "tournament",
        "new",
        "Open",
        "--rules",
        "classic",
        "--seed",
        "2",
    ];
    new.extend(names.iter().map(String::as_str));
    env.ok(&new);
    let served = Served::start(env.dir.path(), &["--tournament"]);
    runtime().block_on(async {
        let tv = phone_of(&driver, 1920, 1080).await;
        tv.goto(&served.url("/board")).await.unwrap();
        until(&tv, "return document.getElementById('pages').textContent.startsWith('Page 1 of ')", Duration::from_secs(10)).await;
        let shown = "return Array.from(document.querySelectorAll('table.standing tbody tr')).filter(r => !r.hidden).map(r => r.querySelector('.name').textContent)";
        let first = script(&tv, shown).await;
        let rows = first.as_array().unwrap().len();
        assert!((8..40).contains(&rows), "{rows} rows on the first page");
        assert_eq!(
            script(&tv, "return Array.from(document.querySelectorAll('table.standing tbody tr')).filter(r => !r.hidden).every(r => r.getBoundingClientRect().bottom <= window.innerHeight)").await,
            true,
            "a row shown falls off the screen"
        );
        until(&tv, "return document.getElementById('pages').textContent.startsWith('Page 2 of ')", Duration::from_secs(12)).await;
        let second = script(&tv, shown).await;
        assert_ne!(first, second);
        tv.close().await.unwrap();
    });
}

/// Every player at table `n` accepts its card up to hole `hole`, through the table's key
/// (players without a phone): the last accept finishes the table's match.
fn accept_table(served: &Served, n: usize, hole: u32) {
    let board = served.get("/api/board").json();
    let table = &board["tables"][n - 1];
    for player in table["players"].as_array().unwrap() {
        let body = serde_json::json!({"match": table["match"], "hole": hole, "player": player});
        let accepted = served.post_as(
            &served.table_key(n),
            &format!("/table/{n}/api/accept"),
            &body.to_string(),
        );
        assert_eq!(accepted.status, 200, "{}", accepted.body);
    }
}
