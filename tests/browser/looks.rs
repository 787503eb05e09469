//! What the pages look like to every player (issues 37, 45): no sideways scrolling at 320
//! px, every control 44×44 at least, a visible focus ring, names told apart; a finished
//! match shows its result and no form; axe-core finds nothing serious.

use super::*;

/// What in the page is narrower or lower than 44 CSS pixels: each button, input, select
/// and summary shown (the picker's keys too, where they slide sideways).
const TOO_SMALL: &str =
    "return Array.from(document.querySelectorAll('button, input, select, summary'))
    .filter(e => e.getClientRects().length > 0)
    .map(e => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width < 43.9 || r.height < 43.9)
    .map(([e, r]) => e.outerHTML.slice(0, 80) + ' ' + r.width + '×' + r.height)";

/// What sticks out sideways: the page wider than the phone, or anything in the card past
/// its right edge, or a name in a heading wider than its cell (cut).
const STICKS_OUT: &str = "var w = window.innerWidth; var out = [];
    if (document.documentElement.scrollWidth > w) out.push('the page: ' + document.documentElement.scrollWidth);
    document.querySelectorAll('#card *').forEach(e => {
      var r = e.getBoundingClientRect();
      if (e.getClientRects().length && r.right > w + 0.5 && !e.closest('.hide')) out.push(e.outerHTML.slice(0, 60) + ' right ' + r.right);
    });
    document.querySelectorAll('#card thead th, #card .seat .who').forEach(e => {
      if (e.scrollWidth > e.clientWidth + 1) out.push('cut: ' + e.textContent);
    });
    return out";

/// Whether the element `css`, focused from the keyboard, shows a ring of at least 2 pixels
/// whose colour stands out 3:1 from the page's background.
fn focus_ring(css: &str) -> String {
    format!(
        "var e = document.querySelector('{css}'); e.focus();
        var s = getComputedStyle(e);
        function rgb(c) {{ return c.match(/[\\d.]+/g).slice(0, 3).map(Number); }}
        function lum(c) {{ return rgb(c).map(v => v / 255).map(v => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4))
          .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0); }}
        var a = lum(s.outlineColor), b = lum(getComputedStyle(document.body).backgroundColor);
        var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        return e.matches(':focus-visible') && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && ratio >= 3"
    )
}

/// Issue 37.4 and 37.6 at a table of six on a 320×568 phone, then of the sixteen the rules
/// allow: no sideways scroll, no name cut so that two look alike (short names told apart,
/// the whole names in the key), every control 44×44 at least, a visible focus ring, each
/// score named by its player and hole, the card keys within a fifth of the screen, the slot
/// being filled in sight; and axe-core finds nothing serious on any of the pages.
#[test]
fn a_table_of_six_and_one_of_sixteen_fit_a_320_pixel_phone() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    let six = [
        "Alexandra",
        "Alexander",
        "Roberta",
        "Robert",
        "Christopher",
        "Chris",
    ];
    let mut new = vec!["new", "--rules", "classic"];
    new.extend(six);
    env.ok(&new);
    env.ok(&[
        "hole",
        "Alexandra=5 K Q / 5 2 J",
        "Alexander=2 7 Q / 2 7 Q",
        "Roberta=A A 3 / 4 4 9",
        "Robert=8 8 6 / 10 9 6",
        "Christopher=12",
        "Chris=3 3 4 / 9 9 4",
        "--out",
        "Roberta",
    ]);
    env.ok(&[
        "penalty",
        "Robert",
        "--points",
        "5",
        "--reason",
        "slow play",
    ]);
    let served = Served::start(env.dir.path(), &[]);
    runtime().block_on(async {
        let keeper = phone_of(&driver, 320, 568).await;
        keeper.goto(&served.url(&format!("/?key={}", served.key))).await.unwrap();
        until(&keeper, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
        assert_eq!(script(&keeper, STICKS_OUT).await, serde_json::json!([]));
        // the short names differ, and the key under the table names each in full
        let heads = script(&keeper, "return Array.from(document.querySelectorAll('#card thead th')).slice(1).map(t => [t.textContent, t.getAttribute('aria-label')])").await;
        let heads: Vec<(String, String)> = serde_json::from_value(heads).unwrap();
        let key = script(&keeper, "return document.querySelector('#card .key').textContent").await;
        for (i, (short, full)) in heads.iter().enumerate() {
            assert_eq!(full, six[i]);
            assert!(heads.iter().filter(|(s, _)| s.to_lowercase() == short.to_lowercase()).count() == 1, "{heads:?}");
            assert!(full.starts_with(short.trim_end_matches('.')), "{heads:?}");
            if short != full {
                assert!(key.as_str().unwrap().contains(&format!("{short} {full}")), "{key}");
            }
        }
        // the dealer of the hole, the running total, the marks and the penalty, as golf card has them
        let card = script(&keeper, "return document.getElementById('card').innerText").await;
        let card = card.as_str().unwrap();
        for said in ["Under each hole number: who dealt it", "went out", "* a bare score", "Penalty, hole 2: Robert +5 — slow play", "1 deck"] {
            assert!(card.contains(said), "the card lacks {said}: {card}");
        }
        assert!(!card.contains("golf "), "a command on the page: {card}");
        let named = script(&keeper, "return document.querySelector('#card button.score[data-why=\"why-0-2\"]').getAttribute('aria-label')").await;
        assert!(named.as_str().unwrap().starts_with("Roberta, hole 1: "), "{named}");
        assert!(named.as_str().unwrap().contains("went out"), "{named}");

        assert_eq!(script(&keeper, TOO_SMALL).await, serde_json::json!([]));
        // every key on screen, no sideways scrolling: three rows of seven at most
        let picker = script(&keeper, "var p = document.querySelector('.picker'); return [p.getBoundingClientRect().height, p.scrollWidth - p.clientWidth]").await;
        assert!(picker[0].as_f64().unwrap() <= 3.0 * 44.0 + 8.0 && picker[1] == 0, "the card keys: {picker}");
        for css in ["#record", "#card button.score", ".picker .rank", ".slot", "#out"] {
            assert_eq!(script(&keeper, &focus_ring(css)).await, true, "no focus ring on {css}");
        }
        // the slot being filled comes into sight below the keys
        let last = ".player[data-player=Christopher] .slot[data-i=\"5\"]";
        script(&keeper, &format!("document.querySelector('{last}').scrollIntoView({{block: 'center'}}); return true")).await;
        tap(&keeper, last).await;
        tap_cards(&keeper, &["K"]).await;
        let seen = script(&keeper, "var s = document.querySelector('.slot.active').getBoundingClientRect(); var p = document.querySelector('.picker').getBoundingClientRect();
            return document.querySelector('.slot.active').closest('.player').dataset.player === 'Chris' && s.top >= p.bottom - 1 && s.bottom <= window.innerHeight + 1").await;
        assert_eq!(seen, true, "the slot being filled is out of sight");
        if let Some(found) = axe(&keeper).await {
            assert_eq!(found, Vec::<String>::new(), "the scorekeeper's page");
        }
        for (name, link) in [("the plain page", served.url("/")), ("a player's page", served.players[5].1.clone())] {
            keeper.goto(&link).await.unwrap();
            until(&keeper, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
            assert_eq!(script(&keeper, STICKS_OUT).await, serde_json::json!([]), "{name}");
            assert_eq!(script(&keeper, TOO_SMALL).await, serde_json::json!([]), "{name}");
            if let Some(found) = axe(&keeper).await {
                assert_eq!(found, Vec::<String>::new(), "{name}");
            }
        }

        // the largest table the rules allow: a block per player, every name whole
        let sixteen: Vec<String> = (1..=16).map(|i| format!("Player number {i:02} of the evening")).collect();
        let mut new = vec!["new", "--rules", "classic", "--decks", "2"];
        new.extend(sixteen.iter().map(String::as_str));
        env.ok(&new);
        let scores: Vec<String> = sixteen.iter().enumerate().map(|(i, n)| format!("{n}={}", i as i64 - 3)).collect();
        let mut hole = vec!["hole"];
        hole.extend(scores.iter().map(String::as_str));
        env.ok(&hole);
        keeper.goto(&served.url(&format!("/?key={}", served.key))).await.unwrap();
        until(&keeper, "return document.querySelectorAll('#card .seat').length === 16", Duration::from_secs(10)).await;
        assert_eq!(script(&keeper, STICKS_OUT).await, serde_json::json!([]), "sixteen players");
        assert_eq!(script(&keeper, TOO_SMALL).await, serde_json::json!([]), "sixteen players");
        let names = script(&keeper, "return Array.from(document.querySelectorAll('#card .seat .who')).map(e => e.textContent)").await;
        assert_eq!(names, serde_json::json!(sixteen));
        if let Some(found) = axe(&keeper).await {
            assert_eq!(found, Vec::<String>::new(), "sixteen players");
        }
        keeper.close().await.unwrap();
    });
}

/// Issue 37.4 at the end of a match: the result with how the tie was broken and the
/// tiebreak chain on every phone, and no form to enter a grid on the scorekeeper's or a
/// player's page while the card says finished; a match reopened shows the forms again.
#[test]
fn a_finished_match_shows_its_result_and_no_form() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "2", "ann", "bob"]);
    env.ok(&["hole", "ann=1", "bob=4"]);
    env.ok(&["hole", "ann=7", "bob=4", "--out", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    runtime().block_on(async {
        let keeper = phone_of(&driver, 320, 568).await;
        keeper.goto(&served.url(&format!("/?key={}", served.key))).await.unwrap();
        let player = phone_of(&driver, 320, 568).await;
        player.goto(&served.players[0].1).await.unwrap();
        for c in [&keeper, &player] {
            until(c, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
            assert_eq!(script(c, "return document.getElementById('entry').hidden").await, false);
        }
        // in play after the last hole: the page says to tap Finish, not a command
        let summary = script(&keeper, "return document.getElementById('summary').textContent").await;
        assert!(summary.as_str().unwrap().contains("Finish match"), "{summary}");
        assert!(!summary.as_str().unwrap().contains('`'), "{summary}");
        env.ok(&["finish"]);
        for c in [&keeper, &player] {
            until(c, "return document.getElementById('entry').hidden && document.querySelector('#card [data-finished]') !== null", Duration::from_secs(10)).await;
            let shown = script(c, "return document.getElementById('entry').getClientRects().length").await;
            assert_eq!(shown, 0, "a form on a finished match");
            let tie = script(c, "return document.querySelector('#card .tie').innerText").await;
            let tie = tie.as_str().unwrap();
            assert!(tie.contains("How the tie was broken") && tie.contains("countback") && tie.contains("Tiebreak chain"), "{tie}");
            assert_eq!(script(c, STICKS_OUT).await, serde_json::json!([]));
            if let Some(found) = axe(c).await {
                assert_eq!(found, Vec::<String>::new(), "a finished match");
            }
        }
        assert_eq!(script(&keeper, "return document.getElementById('links').hidden").await, true);
        // a finished match can still be mended from the scorekeeper's page (reopening it)
        assert_eq!(script(&keeper, "return document.getElementById('mend').getClientRects().length > 0").await, true);
        let card = env.json(&["card"]);
        let summary = script(&keeper, "return document.getElementById('summary').textContent").await;
        assert_eq!(summary, card["result"]["summary"]);
        // reopened at the terminal: the forms come back
        env.ok(&["amend", "--match", "1", "2", "ann=8", "bob=4"]);
        for c in [&keeper, &player] {
            until(c, "return !document.getElementById('entry').hidden && document.getElementById('entry').getClientRects().length > 0", Duration::from_secs(10)).await;
        }
        keeper.close().await.unwrap();
        player.close().await.unwrap();
    });
}

/// What axe-core finds serious or critical on the page `c` shows, named `what`; nothing
/// is expected.
async fn no_violation(c: &Client, what: &str) {
    if let Some(found) = axe(c).await {
        assert_eq!(found, Vec::<String>::new(), "{what}");
    }
}

/// Issue 45.8: axe-core (the latest 4.x) finds no serious or critical violation on any
/// page, each in a state that shows most of it — a player's phone with the draft said, the
/// scorekeeper's with the phones' grids shown, the plain page, `/tv` with a penalty, and at
/// a tournament the board on a TV, the director's page and a table's Accept.
#[test]
fn axe_core_finds_nothing_serious_on_any_page() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--house",
        "out-penalty-10",
        "--name",
        "Friday",
        "ann",
        "bob",
        "cat",
    ]);
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
        "cat=A A 3 / 4 4 9",
        "--out",
        "bob",
    ]);
    env.ok(&["penalty", "cat", "--points", "5", "--reason", "slow play"]);
    let served = Served::start(env.dir.path(), &[]);
    runtime().block_on(async {
        let c = phone(&driver).await;
        c.goto(&served.players[0].1).await.unwrap();
        live(&c).await;
        type_grid(&c, 0, "3h 3s 4 / 9 9 4").await;
        tap(&c, "#send").await;
        until(&c, "return document.getElementById('drafted').textContent.startsWith('Waiting for: bob, cat.')", Duration::from_secs(10)).await;
        no_violation(&c, "a player's page").await;
        c.goto(&served.url(&format!("/?key={}", served.key))).await.unwrap();
        until(&c, "return document.querySelectorAll('#draftview tr').length === 3", Duration::from_secs(10)).await;
        no_violation(&c, "the scorekeeper's page").await;
        c.goto(&served.url("/")).await.unwrap();
        live(&c).await;
        no_violation(&c, "the plain page").await;
        let tv = phone_of(&driver, 1920, 1080).await;
        tv.goto(&served.url("/tv")).await.unwrap();
        live(&tv).await;
        no_violation(&tv, "/tv").await;

        let env = Env::new();
        let rules = env.write(
            "club.toml",
            "name = \"club\"\ntitle = \"Club classic\"\nsummary = \"Classic, one hole.\"\nsource = \"Official §5.1\"\nextends = \"classic\"\n\n[match]\nholes = 1\n",
        );
        env.ok(&["tournament", "new", "Club night", "--rules", rules.to_str().unwrap(), "--rounds", "2", "--seed", "5", "ann", "bob", "cat", "dee"]);
        let served = Served::start(env.dir.path(), &["--tournament"]);
        let board = served.get("/api/board").json();
        let seated: Vec<String> = serde_json::from_value(board["tables"][0]["players"].clone()).unwrap();
        let grids: serde_json::Map<String, serde_json::Value> =
            seated.iter().zip(served::dealt(&seated, 1)).map(|(n, g)| (n.clone(), g.into())).collect();
        let body = serde_json::json!({"grids": grids, "out": seated[0], "hole": 1});
        let recorded = served.post_as(&served.table_key(1), "/table/1/api/hole", &body.to_string());
        assert_eq!(recorded.status, 200, "{}", recorded.body);
        c.goto(&served.tables[0].2).await.unwrap();
        until(&c, "var a = document.getElementById('accept'); return a !== null && !a.hidden && a.querySelectorAll('button').length === 4", Duration::from_secs(10)).await;
        no_violation(&c, "a table's Accept").await;
        c.goto(&served.url(&format!("/?key={}", served.key))).await.unwrap();
        live(&c).await;
        no_violation(&c, "the director's page").await;
        tv.goto(&served.url("/board")).await.unwrap();
        live(&tv).await;
        no_violation(&tv, "the board on a TV").await;
        c.close().await.unwrap();
        tv.close().await.unwrap();
    });
}
