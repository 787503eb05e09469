//! History as data: exports read back losslessly, merges by stable id, CSV for
//! spreadsheets, and what a match would have been under other rules.

use crate::common::{repo, Env};

fn examples(env: &Env) {
    env.ok(&[
        "import",
        repo("examples/classic-9-holes.toml").to_str().unwrap(),
    ]);
    env.ok(&[
        "import",
        repo("examples/eight-card-18-holes.toml").to_str().unwrap(),
    ]);
    env.ok(&[
        "new", "--rules", "classic", "--house", "knock", "ann", "bob",
    ]);
    env.ok(&[
        "hole",
        "--knock",
        "bob",
        "--note",
        "misdeal",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
    ]);
    env.ok(&["amend", "1", "ann=5 K Q / 5 2 Q"]);
    env.ok(&["penalty", "ann", "--late", "2"]);
}

fn matches_by_uuid(export: &str) -> Vec<serde_json::Value> {
    let doc: serde_json::Value = serde_json::from_str(export).unwrap();
    let mut all = doc["matches"].as_array().unwrap().clone();
    all.sort_by_key(|m| m["uuid"].as_str().unwrap().to_string());
    all
}

#[test]
fn an_export_reads_back_losslessly_and_merges_by_stable_id() {
    let a = Env::new();
    examples(&a);
    let first = a.ok(&["export"]);
    let file = a.write("golf.json", &first);
    let b = Env::new();
    let out = b.ok(&["import", file.to_str().unwrap()]);
    assert!(out.contains("3 matches added, 0 already present"), "{out}");
    assert_eq!(
        b.ok(&["export"]),
        first,
        "export → import → export is identical"
    );
    // merging an export into the database it came from adds nothing
    let before = std::fs::read(a.db()).unwrap();
    let out = a.ok(&["import", file.to_str().unwrap()]);
    assert!(out.contains("0 matches added, 3 already present"), "{out}");
    assert_eq!(std::fs::read(a.db()).unwrap(), before);
    // a match with the same stable id but other contents is refused, nothing written
    let changed = first.replacen("\"Thursday at the Harbour Inn\"", "\"Friday\"", 1);
    assert_ne!(changed, first);
    let changed_file = a.write("changed.json", &changed);
    let stderr = a.bad(&["import", changed_file.to_str().unwrap()]);
    assert!(
        stderr.contains("same stable id but different contents"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(a.db()).unwrap(), before);
    // an export whose recorded scores do not follow from its grids is refused
    let tampered = first.replacen("\"score\": 18", "\"score\": 19", 1);
    let tampered_file = b.write("tampered.json", &tampered);
    let stderr = b.bad(&["import", tampered_file.to_str().unwrap()]);
    assert!(stderr.contains("does not score as recorded"), "{stderr}");
}

#[test]
fn two_scorekeepers_merged_both_ways_have_the_same_history() {
    let (a, b) = (Env::new(), Env::new());
    a.ok(&[
        "import",
        repo("examples/classic-9-holes.toml").to_str().unwrap(),
    ]);
    b.ok(&[
        "import",
        repo("examples/eight-card-18-holes.toml").to_str().unwrap(),
    ]);
    // one match both kept (b imported a's export earlier)
    let shared = a.write("shared.json", &a.ok(&["export"]));
    b.ok(&["import", shared.to_str().unwrap()]);
    b.ok(&["new", "--rules", "quick", "cat", "dan"]);
    let from_a = a.write("a.json", &a.ok(&["export"]));
    let from_b = b.write("b.json", &b.ok(&["export"]));
    a.ok(&["import", from_b.to_str().unwrap()]);
    b.ok(&["import", from_a.to_str().unwrap()]);
    let (ea, eb) = (
        matches_by_uuid(&a.ok(&["export"])),
        matches_by_uuid(&b.ok(&["export"])),
    );
    assert_eq!(ea.len(), 3);
    assert_eq!(ea, eb);
}

#[test]
fn csv_has_a_row_per_match_hole_and_player() {
    let env = Env::new();
    examples(&env);
    let csv = env.ok(&["export", "--format", "csv", "--match", "1"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert!(
        lines[0].starts_with("match,uuid,date,rules,hole,playoff,player,grid"),
        "{}",
        lines[0]
    );
    assert_eq!(lines.len(), 1 + 9 * 3, "9 holes × 3 players");
    assert!(
        lines[1].contains(",ann,5 K Q / 5 2 J,18,0,18,0,18,"),
        "{}",
        lines[1]
    );
    let out = env.path("out.csv");
    env.ok(&[
        "export",
        "--format",
        "csv",
        "--output",
        out.to_str().unwrap(),
    ]);
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .starts_with("match,uuid"));
}

#[test]
fn rescore_shows_another_rules_result_and_changes_nothing() {
    let env = Env::new();
    examples(&env);
    let before = std::fs::read(env.db()).unwrap();
    let doc = env.json(&["rescore", "1", "--house", "horizontal-pairs"]);
    let totals: Vec<(i64, i64)> = doc["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["total"].as_i64().unwrap(),
                p["rescored_total"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(totals[0].0, 115);
    assert!(totals.iter().all(|(old, new)| new <= old), "{totals:?}");
    assert_eq!(doc["winners"], serde_json::json!(["bob"]));
    let text = env.ok(&["rescore", "1", "--rules", "classic"]);
    assert!(text.contains("would not change"), "{text}");
    let stderr = env.bad(&["rescore", "1", "--rules", "quick"]);
    assert!(
        stderr.contains("hole 1 cannot be rescored under quick"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(env.db()).unwrap(),
        before,
        "nothing is written"
    );
}

/// `golf stats --json` agrees with figures computed here from `golf card --json` of every
/// match; head-to-head tallies the same matches.
#[test]
fn stats_agree_with_every_card() {
    let env = Env::new();
    examples(&env);
    // a penalty belongs to hole 2: the match cannot be cut below it
    let stderr = env.bad(&["match", "edit", "--holes", "1"]);
    assert!(stderr.contains("penalties up to hole 2"), "{stderr}");
    env.ok(&["match", "edit", "--holes", "2"]);
    env.ok(&["hole", "ann=4", "bob=6"]);
    env.ok(&["finish"]);
    env.ok(&["new", "--rules", "quick", "--holes", "2", "ann", "bob"]);
    env.ok(&["hole", "ann=3", "bob=3"]);
    env.ok(&["abandon"]);
    let stats = env.json(&["stats"]);
    let mut expected: std::collections::BTreeMap<String, (i64, i64, Vec<i64>, Vec<i64>)> =
        Default::default();
    for id in 1..=4 {
        let card = env.json(&["card", &id.to_string()]);
        if card["finished"] != true || !card["abandoned_at"].is_null() {
            continue;
        }
        let winners: Vec<&str> = card["winners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap())
            .collect();
        for p in card["players"].as_array().unwrap() {
            let name = p["name"].as_str().unwrap().to_string();
            let e = expected.entry(name.clone()).or_default();
            e.0 += 1;
            if winners == [name.as_str()] {
                e.1 += 1;
            }
            e.2.extend(
                p["holes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|h| h.as_i64().unwrap()),
            );
            e.3.push(p["total"].as_i64().unwrap());
        }
    }
    let rows = stats.as_array().unwrap();
    assert_eq!(rows.len(), expected.len());
    for row in rows {
        let (matches, wins, holes, totals) = &expected[row["player"].as_str().unwrap()];
        assert_eq!(row["matches"], *matches, "{row}");
        assert_eq!(row["wins"], *wins, "{row}");
        assert_eq!(row["holes"], holes.len(), "{row}");
        assert_eq!(row["best_hole"], *holes.iter().min().unwrap(), "{row}");
        assert_eq!(row["worst_hole"], *holes.iter().max().unwrap(), "{row}");
        assert_eq!(row["best_match"], *totals.iter().min().unwrap(), "{row}");
        assert_eq!(row["worst_match"], *totals.iter().max().unwrap(), "{row}");
        let mean = holes.iter().sum::<i64>() as f64 / holes.len() as f64;
        assert!(
            (row["mean_hole"].as_f64().unwrap() - mean).abs() < 1e-9,
            "{row}"
        );
    }
    let only = env.json(&["stats", "--player", "ANN", "--rules", "eight-card"]);
    assert_eq!(only.as_array().unwrap().len(), 1);
    assert_eq!(only[0]["matches"], 1);
    let none = env.json(&["stats", "--since", "2099-01-01"]);
    assert_eq!(none, serde_json::json!([]));
    env.bad(&["stats", "--since", "yesterday"]);
    let h2h = env.json(&["head-to-head", "ann", "bob"]);
    assert_eq!(h2h["players"], serde_json::json!(["ann", "bob"]));
    assert_eq!(h2h["matches"], 3);
    let won = h2h["wins"]["ann"].as_i64().unwrap() + h2h["wins"]["bob"].as_i64().unwrap();
    assert_eq!(won + h2h["ties"].as_i64().unwrap(), 3);
}

#[test]
fn charts_in_the_terminal_and_as_svg() {
    let env = Env::new();
    examples(&env);
    let text = env.ok(&["chart", "1"]);
    assert!(text.contains("Match 1: running totals"), "{text}");
    assert!(
        text.contains("■ bob — 73") && text.contains("● ann — 115"),
        "{text}"
    );
    let svg = env.path("match.svg");
    env.ok(&["chart", "1", "--svg", svg.to_str().unwrap()]);
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&svg_text).expect("the SVG parses as XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let texts: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    for name in ["ann", "bob", "cat"] {
        assert!(texts.contains(&name), "the legend names {name}: {texts:?}");
    }
    let text = env.ok(&["chart", "--player", "ann"]);
    assert!(text.contains("ann: hole scores over 3 matches"), "{text}");
    let stderr = env.bad(&["chart", "--player", "zed"]);
    assert!(
        stderr.contains("no match with a player named zed"),
        "{stderr}"
    );
}

/// The Quick start's demo can run twice: the same scoresheet is the same match.
#[test]
fn importing_the_same_scoresheet_twice_records_it_once() {
    let env = Env::new();
    let sheet = repo("examples/classic-9-holes.toml");
    env.ok(&["import", sheet.to_str().unwrap()]);
    let out = env.ok(&["import", sheet.to_str().unwrap()]);
    assert!(out.contains("was imported before, as match 1"), "{out}");
    assert!(out.contains("Winner: bob with 73"), "{out}");
    assert_eq!(env.json(&["history"]).as_array().unwrap().len(), 1);
}

/// A match exported from one database imports whole into another, however its grids were
/// typed: a grid typed in lower case, a bare score and a going-out penalty come back as
/// they were recorded (the import re-scores every hole and must agree).
#[test]
fn an_exported_match_typed_in_lower_case_imports_whole() {
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--house",
        "out-penalty-10",
        "ann",
        "bob",
        "cat",
    ]);
    env.ok(&[
        "hole",
        "ann=5 k q / 5 2 j",
        "bob=2 7 Q / 2 7 Q",
        "cat=14",
        "--out",
        "ann",
    ]);
    let file = env.path("one.json");
    env.ok(&["export", "--output", file.to_str().unwrap()]);
    let other = env.path("other.db");
    let out = env
        .golf()
        .args([
            "--db",
            other.to_str().unwrap(),
            "import",
            file.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let card = |db: &std::path::Path| -> serde_json::Value {
        let out = env
            .golf()
            .args(["--db", db.to_str().unwrap(), "card", "1", "--json"])
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let (here, there) = (card(&env.db()), card(&other));
    assert_eq!(here["holes"], there["holes"]);
    assert_eq!(there["players"][0]["total"], 28, "18 and the penalty of 10");
    let exported: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(
        exported["matches"][0]["holes"][0]["entries"][0]["typed"],
        "5 k q / 5 2 j"
    );
}

#[test]
fn head_to_head_without_a_shared_finished_match_says_so() {
    let env = Env::new();
    env.ok(&["new", "--rules", "quick", "--holes", "1", "ann", "bob"]);
    env.ok(&["hole", "ann=3", "bob=4"]);
    env.ok(&["finish"]);
    let out = env.ok(&["head-to-head", "ann", "cat"]);
    assert_eq!(
        out.trim(),
        "ann and cat have no finished match together yet."
    );
    assert!(env
        .ok(&["head-to-head", "ann", "bob"])
        .contains("ann 1 – 0 bob over 1 match"));
}

/// The CSV is for people too (issue 31): each row says who dealt the hole, who went out or
/// knocked, the penalties given that hole; each match its status, winners and what decided
/// it, so a countback win shows in a spreadsheet.
#[test]
fn csv_tells_the_dealer_the_ender_penalties_and_how_the_match_was_won() {
    let env = Env::new();
    let sheet = env.write(
        "countback.toml",
        r#"rules = "classic"
house = ["out-penalty-10", "knock"]
holes = 2
players = ["ann", "bob", "cat"]

[[hole]]
out = "ann"
grids = { ann = "3", bob = "7", cat = "30" }

[[hole]]
knock = "cat"
grids = { ann = "12", bob = "8", cat = "2" }

[[penalty]]
player = "cat"
hole = 2
points = 5
reason = "slow play"
"#,
    );
    env.ok(&["import", sheet.to_str().unwrap()]);
    env.ok(&["new", "--rules", "classic", "--holes", "3", "dan", "eve"]);
    env.ok(&["hole", "dan=4", "eve=9"]);
    let csv = env.ok(&["export", "--format", "csv"]);
    let mut rows = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = rows.headers().unwrap().iter().map(String::from).collect();
    for column in [
        "dealer",
        "ended_by",
        "ending",
        "penalties",
        "status",
        "winners",
        "decided_by",
    ] {
        assert!(header.iter().any(|h| h == column), "{column}: {header:?}");
    }
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    let cell = |r: &csv::StringRecord, name: &str| r.get(col(name)).unwrap().to_string();
    let first: Vec<&csv::StringRecord> = rows.iter().filter(|r| &r[0] == "1").collect();
    assert_eq!(first.len(), 6);
    for r in &first {
        assert_eq!(cell(r, "status"), "finished");
        assert_eq!(cell(r, "winners"), "ann");
        assert_eq!(
            cell(r, "decided_by"),
            "countback",
            "a countback win is visible"
        );
        let hole = cell(r, "hole");
        let (dealer, ender, ending) = match hole.as_str() {
            "1" => ("ann", "ann", "out"),
            _ => ("bob", "cat", "knock"),
        };
        assert_eq!(
            (cell(r, "dealer"), cell(r, "ended_by"), cell(r, "ending")),
            (dealer.into(), ender.into(), ending.into())
        );
        let penalty = match (hole.as_str(), cell(r, "player").as_str()) {
            ("2", "cat") => "points +5 (slow play)",
            _ => "",
        };
        assert_eq!(cell(r, "penalties"), penalty);
    }
    let open: Vec<&csv::StringRecord> = rows.iter().filter(|r| &r[0] == "2").collect();
    assert_eq!(open.len(), 2);
    for r in open {
        assert_eq!(cell(r, "status"), "in play");
        assert_eq!(cell(r, "winners"), "", "a match in play has no winner yet");
        assert_eq!(cell(r, "ending"), "");
    }
}
