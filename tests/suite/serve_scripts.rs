//! The pages' scripts (issue 45, item 9; STYLE.md): small ES modules, each served with its
//! type and validator, every module a page imports named in its head (the browser asks for
//! them all at once), no page loading what it does not run. (That the page names the card
//! it came with as the stream does is `serve_bytes`'.)

use crate::common::Env;
use crate::served::Served;

/// The `src` of every `<script>` in `html`; a script that is not a module fails.
fn scripts(html: &str) -> Vec<String> {
    html.split("<script")
        .skip(1)
        .map(|tag| {
            let tag = &tag[..tag.find('>').unwrap()];
            assert!(tag.starts_with(r#" type="module" src=""#), "{tag}");
            tag[r#" type="module" src=""#.len()..tag.len() - 1].to_string()
        })
        .collect()
}

/// The modules `js` imports, as addresses (`'./live.js'` is `/live.js`).
fn imports(js: &str) -> Vec<String> {
    js.lines()
        .filter(|l| l.starts_with("import "))
        .map(|l| {
            let from = l.rsplit_once(" from '").unwrap().1;
            let name = from.trim_end_matches("';").trim_start_matches("./");
            format!("/{name}")
        })
        .collect()
}

/// Each script of `page` (as served at `path`) is a module served as JavaScript with an
/// `ETag` it answers 304 to, and each module it imports is among them; returns the scripts.
fn served_scripts(served: &Served, path: &str) -> Vec<String> {
    let page = served.get(path);
    assert_eq!(page.status, 200, "{path}");
    let listed = scripts(&page.body);
    for script in &listed {
        let js = served.get(script);
        assert_eq!(js.status, 200, "{script}");
        assert_eq!(
            js.header("content-type"),
            Some("text/javascript; charset=utf-8"),
            "{script}"
        );
        assert_eq!(js.header("cache-control"), Some("no-cache"), "{script}");
        let tag = js.header("etag").unwrap().to_string();
        let again = served.send("GET", script, &[("If-None-Match", &tag)], b"");
        assert_eq!((again.status, again.body.as_str()), (304, ""), "{script}");
        for import in imports(&js.body) {
            assert!(
                listed.contains(&import),
                "{path}: {script} imports {import}, which the page does not name: {listed:?}"
            );
        }
    }
    listed
}

/// The path of a link (`http://HOST/table/1?key=K` is `/table/1?key=K`).
fn path_of(link: &str) -> String {
    format!("/{}", link.splitn(4, '/').nth(3).unwrap())
}

#[test]
fn every_page_loads_its_own_modules_each_served_with_its_validator() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    let card = ["/live.js", "/scorecard.js"];
    assert_eq!(served_scripts(&served, "/"), card);
    assert_eq!(served_scripts(&served, "/tv"), card);
    let player = served_scripts(&served, &path_of(&served.players[0].1));
    let keeper = served_scripts(&served, &format!("/?key={}", served.key));
    // a player's phone runs no scorekeeper's module; the scorekeeper's runs no player's
    assert!(
        player.contains(&"/player.js".to_string()) && !player.contains(&"/record.js".to_string())
    );
    assert!(
        keeper.contains(&"/record.js".to_string()) && !keeper.contains(&"/player.js".to_string())
    );
    assert!(
        !keeper.contains(&"/accept.js".to_string()),
        "no tournament, nothing to accept"
    );
    // the old single script is gone
    assert_eq!(served.get("/golf.js").status, 404);

    // a tournament's board, director's page and a table's page
    let env = Env::new();
    env.ok(&[
        "tournament",
        "new",
        "Club",
        "--rules",
        "classic",
        "--seed",
        "1",
        "ann",
        "bob",
        "cat",
        "dee",
    ]);
    let served = Served::start(env.dir.path(), &["--tournament"]);
    let board = ["/live.js", "/api.js", "/board.js"];
    assert_eq!(served_scripts(&served, "/"), board);
    assert_eq!(served_scripts(&served, "/board"), board);
    assert_eq!(
        served_scripts(&served, &format!("/?key={}", served.key)),
        board
    );
    let table = served_scripts(&served, &path_of(&served.tables[0].2));
    assert_eq!(table.last().map(String::as_str), Some("/accept.js"));
}
