//! The README's pictures (`docs/serve-*.png`), taken from the real pages at the sizes they
//! are shown at: a player's phone (390×1200), the scorekeeper's (390×844), `/tv` and the
//! tournament's board (1920×1080). Not run by default; after a change to the pages:
//!
//! ```text
//! cargo test --test browser docs_pictures -- --ignored
//! ```

use super::*;

/// `docs/NAME`, in this checkout.
fn docs(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join(name)
}

async fn save(c: &Client, name: &str) {
    // (no key shown pressed: the last one tapped keeps the focus)
    script(
        c,
        "document.activeElement.blur(); window.scrollTo(0, 0); return true",
    )
    .await;
    std::fs::write(docs(name), c.screenshot().await.unwrap()).unwrap();
}

/// Friday's match of four after three holes, bob's grid of hole 4 sent: ann's phone
/// (two cards tapped, in red and black), the scorekeeper's with bob's hole 3 opened, /tv.
async fn a_match(driver: &Driver) {
    let env = Env::new();
    env.ok(&[
        "new", "--rules", "classic", "--name", "Friday", "ann", "bob", "cat", "dee",
    ]);
    for (grids, out) in [
        (
            [
                "5 K Q / 5 2 J",
                "2 7 Q / 2 7 Q",
                "A A 3 / 4 4 9",
                "8 8 6 / 10 9 6",
            ],
            "bob",
        ),
        (
            [
                "3 3 4 / 9 9 4",
                "A A 2 / K K 2",
                "6 6 6 / 7 7 7",
                "Q J 10 / Q J 5",
            ],
            "dee",
        ),
        (
            [
                "2 2 K / 5 5 K",
                "A 4 6 / A 4 8",
                "9 9 3 / J J 3",
                "Q 10 K / 6 2 8",
            ],
            "ann",
        ),
    ] {
        let mut hole = vec!["hole".to_string()];
        for (who, grid) in ["ann", "bob", "cat", "dee"].iter().zip(grids) {
            hole.push(format!("{who}={grid}"));
        }
        hole.extend(["--out".to_string(), out.to_string()]);
        env.ok(&hole.iter().map(String::as_str).collect::<Vec<_>>());
    }
    let served = Served::start(env.dir.path(), &[]);
    let body = serde_json::json!({"match": 1, "hole": 4, "player": "bob", "grid": "4 4 7 / 8 8 K"});
    let sent = served.post_as(&served.token("bob"), "/api/draft", &body.to_string());
    assert_eq!(sent.status, 200, "{}", sent.body);

    let ann = phone_of(driver, 390, 1200).await;
    ann.goto(&served.players[0].1).await.unwrap();
    live(&ann).await;
    for css in [
        ".suit[data-suit=h]",
        ".rank[data-card=A]",
        ".suit[data-suit=s]",
        ".rank[data-card=\"3\"]",
    ] {
        tap(&ann, &format!(".picker {css}")).await;
    }
    until(&ann, "return document.getElementById('drafted').textContent.startsWith('Waiting for: you, cat, dee.')", Duration::from_secs(10)).await;
    save(&ann, "serve-player.png").await;
    ann.close().await.unwrap();

    let keeper = phone(driver).await;
    keeper
        .goto(&served.url(&format!("/?key={}", served.key)))
        .await
        .unwrap();
    live(&keeper).await;
    tap(&keeper, "#card button[data-why=\"why-2-1\"]").await;
    save(&keeper, "serve-phone.png").await;
    keeper.close().await.unwrap();

    let tv = phone_of(driver, 1920, 1080).await;
    tv.goto(&served.url("/tv")).await.unwrap();
    live(&tv).await;
    save(&tv, "serve-tv.png").await;
    tv.close().await.unwrap();
}

/// Club night at the end of round 2, as the event-night test plays it (twelve players,
/// three tables, two holes a round, seed 11), through the API: the board on a TV.
async fn a_club_night(driver: &Driver) {
    let env = Env::new();
    let rules = env.write(
        "club.toml",
        "name = \"club\"\ntitle = \"Club classic\"\nsummary = \"Classic, two holes.\"\nsource = \"Official §5.1\"\nextends = \"classic\"\n\n[match]\nholes = 2\n",
    );
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
    new.extend([
        "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou",
    ]);
    env.ok(&new);
    let served = Served::start(env.dir.path(), &["--tournament"]);
    for round in 1..=2 {
        let board = served.get("/api/board").json();
        for (i, table) in board["tables"].as_array().unwrap().iter().enumerate() {
            let n = i + 1;
            let seated: Vec<String> = serde_json::from_value(table["players"].clone()).unwrap();
            for hole in 1..=2usize {
                let grids: serde_json::Map<String, serde_json::Value> = seated
                    .iter()
                    .zip(served::dealt(&seated, hole))
                    .map(|(name, grid)| (name.clone(), grid.into()))
                    .collect();
                let body = serde_json::json!({"grids": grids, "out": seated[0], "hole": hole});
                let path = format!("/table/{n}/api/hole");
                let recorded = served.post_as(&served.table_key(n), &path, &body.to_string());
                assert_eq!(recorded.status, 200, "{}", recorded.body);
            }
            accept_table(&served, n, 2);
        }
        if round == 1 {
            let seated = served.post("/api/round", r#"{"round": 2}"#);
            assert_eq!(seated.status, 200, "{}", seated.body);
        }
    }
    let tv = phone_of(driver, 1920, 1080).await;
    tv.goto(&served.url("/board")).await.unwrap();
    until(&tv, "return document.querySelector('.board-head .round').textContent.startsWith('Final standing')", Duration::from_secs(10)).await;
    save(&tv, "serve-board.png").await;
    tv.close().await.unwrap();
}

#[test]
#[ignore = "writes the README's pictures into docs/: run it after changing the pages"]
fn docs_pictures_are_taken_from_the_real_pages() {
    let Some(driver) = driver() else { return };
    runtime().block_on(async {
        a_match(&driver).await;
        a_club_night(&driver).await;
    });
}
