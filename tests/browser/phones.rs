//! Every player on their own phone (issues 37, 45): each sends their own grid, the
//! scorekeeper records the hole from what the phones sent; a write whose answer is lost
//! happens once; an evening as a table plays it records exactly what was dealt.

use super::*;

/// Issue 37.2 at a real table: four players each open their own link and send their own
/// grid while a fifth, plain page watches; a grid the referee refuses shows on that
/// player's phone only; the scorekeeper records the hole from what the phones sent with
/// one tap, and it equals what was sent.
#[test]
fn every_player_enters_their_own_grid_on_their_own_phone() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob", "cat", "dee"]);
    let served = Served::start(env.dir.path(), &[]);
    let grids = [
        ("ann", "5 K Q / 5 2 J"),
        ("bob", "2 7 Q / 2 7 Q"),
        ("cat", "A A 3 / 4 4 9"),
        ("dee", "8 8 6 / 10 9 6"),
    ];
    runtime().block_on(async {
        let watcher = phone(&driver).await;
        watcher.goto(&served.url("/")).await.unwrap();
        let keeper = phone(&driver).await;
        keeper
            .goto(&served.url(&format!("/?key={}", served.key)))
            .await
            .unwrap();
        until(&keeper, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
        // the scorekeeper's page hands out a QR code per player
        assert_eq!(script(&keeper, "return document.querySelectorAll('#links svg').length").await, 4);
        let mut phones = Vec::new();
        for (who, _) in grids {
            let p = phone(&driver).await;
            let (_, link) = served.players.iter().find(|(n, _)| n == who).unwrap();
            p.goto(link).await.unwrap();
            until(&p, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
            assert_eq!(script(&p, "return document.querySelectorAll('.player').length").await, 1, "{who}: one grid");
            phones.push(p);
        }
        // ann's first try is refused on ann's phone, and on no other
        type_grid(&phones[0], 0, "5 K Q / 5 2").await;
        tap(&phones[0], "#send").await;
        until(&phones[0], "return document.getElementById('status').classList.contains('bad')", Duration::from_secs(10)).await;
        for p in &phones[1..] {
            assert_eq!(script(p, "return document.getElementById('status').textContent").await, "");
        }
        // a whole 9-hole match, every grid sent from its player's own phone
        for hole in 1..=9 {
            for ((who, grid), p) in grids.iter().zip(&phones) {
                // the form names its hole, and starts it empty: no cards, no "went out"
                until(p, &format!("return document.getElementById('keeper-h').textContent === 'Your grid for hole {hole}'"), Duration::from_secs(10)).await;
                if hole > 1 {
                    assert_eq!(script(p, "return document.getElementById('iout').checked || !!document.querySelector('.slot[data-card]')").await, false, "{who}, hole {hole}");
                }
                type_grid(p, 0, grid).await;
                if *who == "bob" {
                    tap(p, "#iout").await;
                }
                script(p, "document.getElementById('status').textContent = ''; return true").await;
                tap(p, "#send").await;
                until(p, &format!("return document.getElementById('status').textContent.startsWith('Sent for hole {hole}.')"), Duration::from_secs(10)).await;
            }
            if hole == 1 {
                // dee's second thought brings a fifth ace: said on dee's phone, the one
                // whose grid brought it, as a refusal; not on cat's, who holds two aces too
                type_grid(&phones[3], 0, "A A A / 10 9 6").await;
                tap(&phones[3], "#send").await;
                // (the clash names both: said on both phones, and gone once mended)
                let clash = "return document.getElementById('drafted').classList.contains('bad') && document.getElementById('drafted').textContent.includes('aces')";
                until(&phones[3], clash, Duration::from_secs(10)).await;
                until(&phones[2], clash, Duration::from_secs(10)).await;
                assert_eq!(script(&phones[1], "return document.getElementById('drafted').classList.contains('bad')").await, false);
                until(&keeper, "return document.getElementById('fromdraft').hidden", Duration::from_secs(5)).await;
                // dee's aces marked on dee's phone, the slots to fix
                let marked = "return Array.from(document.querySelectorAll('.slot[aria-invalid=true]')).map(s => s.dataset.card).join(' ')";
                assert_eq!(script(&phones[3], marked).await, "A A A");
                type_grid(&phones[3], 0, grids[3].1).await;
                assert_eq!(script(&phones[3], marked).await, "", "a mark left on a changed slot");
                tap(&phones[3], "#send").await;
                until(&phones[3], "return document.getElementById('status').textContent.startsWith('Sent for hole 1.')", Duration::from_secs(10)).await;
                until(&phones[2], "return !document.getElementById('drafted').classList.contains('bad')", Duration::from_secs(10)).await;
            }
            // every phone sees that all are in; the scorekeeper records them with one tap
            until(&phones[0], "return document.getElementById('drafted').textContent.includes('bob went out')", Duration::from_secs(5)).await;
            until(&keeper, "return !document.getElementById('fromdraft').hidden", Duration::from_secs(5)).await;
            tap(&keeper, "#fromdraft").await;
            until(&keeper, &format!("return document.getElementById('status').textContent.startsWith('Recorded hole {hole} from the phones.')"), Duration::from_secs(10)).await;
            until(&watcher, &format!("return document.querySelectorAll('#card tbody tr.hole').length === {hole}"), Duration::from_secs(2)).await;
        }
        // a hole mended from the page: dee went out of hole 2, not bob
        tap(&keeper, "#mend summary").await;
        script(&keeper, "document.getElementById('mhole').value = '2'; document.getElementById('mout').value = 'dee'; return true").await;
        tap(&keeper, "#amend").await;
        until(&keeper, "return document.getElementById('status').textContent.startsWith('Hole 2 mended.')", Duration::from_secs(10)).await;
        // finished, and the final card shared as a picture (the phone's share sheet)
        tap(&keeper, "#finish").await;
        keeper.accept_alert().await.unwrap();
        until(&watcher, "return document.getElementById('card').textContent.includes('Winner')", Duration::from_secs(10)).await;
        script(&watcher, "navigator.canShare = () => true; navigator.share = d => { window.shared = d.files[0].name + ' ' + d.files[0].type + ' ' + d.files[0].size; return Promise.resolve(); }; return true").await;
        tap(&watcher, "#share").await;
        until(&watcher, "return typeof window.shared === 'string'", Duration::from_secs(20)).await;
        let shared = script(&watcher, "return window.shared").await;
        let shared = shared.as_str().unwrap_or_default().to_string();
        assert!(shared.starts_with("golf-match-1.png image/png "), "{shared}");
        let bytes: usize = shared.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(bytes > 10_000, "{shared}");
        for p in phones {
            p.close().await.unwrap();
        }
        keeper.close().await.unwrap();
        watcher.close().await.unwrap();
    });
    let card = env.json(&["card"]);
    assert_eq!(card["holes_played"], 9);
    assert_eq!(card["finished"], true);
    assert_eq!(card["holes"][0]["out"], "bob");
    assert_eq!(card["holes"][1]["out"], "dee");
    assert_eq!(card["holes"][1]["amended"], true);
    for hole in 0..9 {
        for (seat, (_, grid)) in grids.iter().enumerate() {
            assert_eq!(card["holes"][hole]["entries"][seat]["grid"], *grid);
        }
    }
}

/// Makes the page lose the answers of its next `n` writes after the server made them, as a
/// dropped Wi-Fi answer does (the request arrives, the answer never comes back).
const LOSE_ANSWERS: &str = "if (!window.__real) {
      window.__real = window.fetch;
      window.__lost = 0;
      window.fetch = function (url, init) {
        var answered = window.__real(url, init);
        if (!init || init.method !== 'POST' || window.__lose <= 0) return answered;
        window.__lose--;
        return answered.then(function () { window.__lost++; throw new TypeError('the answer was lost'); });
      };
    }
    window.__lose = arguments[0];
    return true";

async fn lose_answers(c: &Client, n: u32) {
    c.execute(LOSE_ANSWERS, vec![serde_json::Value::from(n)])
        .await
        .unwrap();
}

/// Every write whose answer the Wi-Fi lost after the server made it (CLI.md "Exactly
/// once"): the page keeps it, says it is waiting, sends it again with its key, and the
/// server answers the repeat without writing it again — one mend, one penalty, one undo,
/// one hole, one grid sent — and the page says each was done.
#[test]
fn a_write_whose_answer_is_lost_happens_once_and_the_page_says_so() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
        "--out",
        "bob",
    ]);
    let served = Served::start(env.dir.path(), &[]);
    let status_is = |text: &str| {
        format!(
            "return document.getElementById('status').textContent.startsWith({})",
            serde_json::Value::from(text)
        )
    };
    runtime().block_on(async {
        let keeper = phone(&driver).await;
        keeper
            .goto(&served.url(&format!("/?key={}", served.key)))
            .await
            .unwrap();
        until(&keeper, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
        script(&keeper, "window.confirm = function () { return true; }; return true").await;
        // Mend
        lose_answers(&keeper, 1).await;
        tap(&keeper, "#mend summary").await;
        script(&keeper, "document.getElementById('mhole').value = '1'; document.getElementById('mout').value = 'ann'; return true").await;
        tap(&keeper, "#amend").await;
        until(&keeper, &status_is("Hole 1 mended."), Duration::from_secs(15)).await;
        // Penalty
        lose_answers(&keeper, 1).await;
        script(&keeper, "document.getElementById('pplayer').value = 'bob'; document.getElementById('ppoints').value = '5'; document.getElementById('preason').value = 'late'; return true").await;
        tap(&keeper, "#penalty").await;
        until(&keeper, &status_is("5 penalty points for bob."), Duration::from_secs(15)).await;
        // Undo: the penalty, once
        lose_answers(&keeper, 1).await;
        tap(&keeper, "#undo").await;
        until(&keeper, &status_is("Withdrawn."), Duration::from_secs(15)).await;
        // Record
        lose_answers(&keeper, 1).await;
        type_grid(&keeper, 0, "A A 3 / 4 4 9").await;
        type_grid(&keeper, 1, "8 8 6 / 10 9 6").await;
        tap(&keeper, "#record").await;
        until(&keeper, &status_is("Recorded hole 2."), Duration::from_secs(15)).await;
        let lost = script(&keeper, "return window.__lost").await;
        assert_eq!(lost, 4, "four answers were lost on the way");
        keeper.close().await.unwrap();
        // a player's Send
        let ann = phone(&driver).await;
        let (_, link) = served.players.iter().find(|(n, _)| n == "ann").unwrap();
        ann.goto(link).await.unwrap();
        until(&ann, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
        lose_answers(&ann, 1).await;
        type_grid(&ann, 0, "3 3 4 / 9 9 4").await;
        tap(&ann, "#send").await;
        until(&ann, &status_is("Sent for hole 3."), Duration::from_secs(15)).await;
        ann.close().await.unwrap();
    });
    let card = env.json(&["card"]);
    assert_eq!(card["holes_played"], 2, "one hole recorded, not two");
    assert_eq!(card["holes"][0]["out"], "ann", "mended once");
    assert_eq!(
        card["penalties"].as_array().map(Vec::len),
        Some(0),
        "given once, withdrawn once"
    );
    let log = env.json(&["log"]);
    let actions: Vec<&str> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        actions,
        ["amend", "undo"],
        "one amend and one undo in the log"
    );
    let draft = served.get("/api/draft").json();
    assert_eq!(draft["grids"]["ann"], "3 3 4 / 9 9 4");
    assert_eq!(draft["revision"], 1, "sent once");
}

/// Issue 45: an evening as a table plays it, each player on their own phone under
/// `out-penalty-10` — a stale "went out", two claims to have gone out, the terminal
/// recording a hole mid-entry, a reload and a closed tab mid-entry, nobody out — and every
/// hole recorded is exactly what was dealt.
#[test]
fn an_evening_on_the_phones_records_exactly_what_was_dealt() {
    let Some(driver) = driver() else { return };
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--house",
        "out-penalty-10",
        "--holes",
        "4",
        "ann",
        "bob",
        "cat",
    ]);
    let served = Served::start(env.dir.path(), &[]);
    let dealt = [
        ["5 K Q / 5 2 J", "2 7 Q / 2 7 Q", "A A 3 / 4 4 9"],
        [
            "3h 4h 5h / 6s 7s 8s",
            "9d 9c 2d / Kd Kc 2c",
            "Ah 3s 6d / 8h 8d 10c",
        ],
        ["4 4 4 / 6 6 6", "7 7 2 / J J 3", "Q Q K / 5 5 K"],
        ["A 2 3 / 4 5 6", "8 9 10 / J Q K", "2 2 2 / 3 3 3"],
    ];
    let outs = [Some("ann"), Some("bob"), Some("cat"), None];
    let started = std::time::Instant::now();
    runtime().block_on(async {
        let keeper = phone(&driver).await;
        keeper.goto(&served.url(&format!("/?key={}", served.key))).await.unwrap();
        until(&keeper, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
        let mut phones = Vec::new();
        for who in ["ann", "bob", "cat"] {
            let p = phone(&driver).await;
            let (_, link) = served.players.iter().find(|(n, _)| n == who).unwrap();
            p.goto(link).await.unwrap();
            until(&p, "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
            // the player's own form comes before the card
            assert_eq!(script(&p, "return !!(document.getElementById('keeper').compareDocumentPosition(document.getElementById('card')) & 4)").await, true);
            phones.push(p);
        }
        let named = |hole: usize| format!("return document.getElementById('keeper-h').textContent === 'Your grid for hole {hole}'");
        let send = |p: &Client, hole: usize| {
            let p = p.clone();
            async move {
                script(&p, "document.getElementById('status').textContent = ''; return true").await;
                tap(&p, "#send").await;
                until(&p, &format!("return document.getElementById('status').textContent.startsWith('Sent for hole {hole}.')"), Duration::from_secs(10)).await;
            }
        };

        // hole 1: ann and bob both tick "went out": a problem on both phones that blocks
        // recording, gone once bob takes his tick back
        for (i, p) in phones.iter().enumerate() {
            type_grid(p, 0, dealt[0][i]).await;
            if i < 2 {
                tap(p, "#iout").await;
            }
            send(p, 1).await;
        }
        let both = "return document.getElementById('drafted').classList.contains('bad') && document.getElementById('drafted').textContent.includes('ann and bob both say they went out')";
        until(&phones[0], both, Duration::from_secs(10)).await;
        until(&phones[1], both, Duration::from_secs(10)).await;
        until(&keeper, "return document.getElementById('drafted').textContent.includes('both say')", Duration::from_secs(10)).await;
        assert_eq!(script(&keeper, "return document.getElementById('fromdraft').hidden").await, true);
        tap(&phones[1], "#iout").await;
        send(&phones[1], 1).await;
        until(&phones[0], "return !document.getElementById('drafted').classList.contains('bad')", Duration::from_secs(10)).await;
        // the scorekeeper sees each grid and its score before recording
        until(&keeper, "return !document.getElementById('fromdraft').hidden && document.querySelectorAll('#draftview tr').length === 3", Duration::from_secs(10)).await;
        let seen = script(&keeper, "return document.getElementById('draftview').textContent").await;
        assert!(seen.as_str().unwrap().contains("went out"), "{seen}");
        assert_eq!(script(&keeper, "return document.getElementById('fromdraft').textContent").await, "Record hole 1 as the phones sent it");
        tap(&keeper, "#fromdraft").await;
        until(&keeper, "return document.getElementById('status').textContent.startsWith('Recorded hole 1 from the phones.')", Duration::from_secs(10)).await;

        // hole 2 (suited cards): ann's "went out" of hole 1 is gone; cat reloads mid-entry
        // and closes the tab, and finds the cards again
        for p in &phones {
            until(p, &named(2), Duration::from_secs(10)).await;
            assert_eq!(script(p, "return document.getElementById('iout').checked || !!document.querySelector('.slot[data-card]')").await, false);
        }
        type_grid(&phones[2], 0, "Ah 3s 6d").await;
        phones[2].refresh().await.unwrap();
        until(&phones[2], "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
        assert_eq!(script(&phones[2], "return document.querySelector('.grid-text').value").await, "Ah 3s 6d");
        // the tab closed, the link opened again in a new one
        let link = phones[2].current_url().await.unwrap();
        let tab = phones[2].new_window(true).await.unwrap();
        phones[2].close_window().await.unwrap();
        phones[2].switch_to_window(tab.handle).await.unwrap();
        phones[2].goto(link.as_str()).await.unwrap();
        until(&phones[2], "return document.getElementById('live').textContent === 'Live'", Duration::from_secs(10)).await;
        assert_eq!(script(&phones[2], "return document.querySelector('.grid-text').value").await, "Ah 3s 6d");
        // suits in red and black
        assert_eq!(script(&phones[2], "return document.querySelectorAll('.slot .red').length + ':' + document.querySelectorAll('.slot .black').length").await, "2:1");
        for (i, p) in phones.iter().enumerate() {
            type_grid(p, 0, dealt[1][i]).await;
            if i == 1 {
                tap(p, "#iout").await;
            }
            send(p, 2).await;
        }
        until(&keeper, "return !document.getElementById('fromdraft').hidden", Duration::from_secs(10)).await;
        tap(&keeper, "#fromdraft").await;
        until(&keeper, "return document.getElementById('status').textContent.startsWith('Recorded hole 2 from the phones.')", Duration::from_secs(10)).await;

        // hole 3: the terminal records the hole while cat is still tapping: cat's cards are
        // not carried into hole 4, but kept aside, labelled, sent nowhere
        for p in &phones {
            until(p, &named(3), Duration::from_secs(10)).await;
        }
        type_grid(&phones[2], 0, "Q Q K").await;
        env.ok(&["hole", &format!("ann={}", dealt[2][0]), &format!("bob={}", dealt[2][1]), &format!("cat={}", dealt[2][2]), "--out", "cat"]);
        until(&phones[2], &named(4), Duration::from_secs(10)).await;
        let kept = script(&phones[2], "return document.getElementById('kept').hidden ? '' : document.getElementById('kept').textContent").await;
        assert!(kept.as_str().unwrap().starts_with("Hole 3 was recorded without these cards; they are kept here for a correction"), "{kept}");
        assert_eq!(script(&phones[2], "return document.querySelector('.grid-text').value").await, "");
        tap(&phones[2], "#kept button:last-child").await;
        until(&phones[2], "return document.getElementById('kept').hidden", Duration::from_secs(5)).await;

        // hole 4: nobody goes out; the scorekeeper is asked, and records it so
        for (i, p) in phones.iter().enumerate() {
            type_grid(p, 0, dealt[3][i]).await;
            send(p, 4).await;
        }
        until(&keeper, "return !document.getElementById('fromdraft').hidden", Duration::from_secs(10)).await;
        tap(&keeper, "#fromdraft").await;
        keeper.accept_alert().await.unwrap();
        until(&keeper, "return document.getElementById('status').textContent.startsWith('Recorded hole 4 from the phones.')", Duration::from_secs(10)).await;
        for p in phones {
            p.close().await.unwrap();
        }
        keeper.close().await.unwrap();
    });
    println!("an evening of 4 holes on 3 phones: {:?}", started.elapsed());
    let card = env.json(&["card"]);
    assert_eq!(card["holes_played"], 4);
    for (hole, grids) in dealt.iter().enumerate() {
        assert_eq!(
            card["holes"][hole]["out"].as_str(),
            outs[hole],
            "hole {}",
            hole + 1
        );
        for (seat, grid) in grids.iter().enumerate() {
            assert_eq!(
                card["holes"][hole]["entries"][seat]["grid"],
                *grid,
                "hole {}",
                hole + 1
            );
        }
    }
}
