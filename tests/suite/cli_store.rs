//! The database: migrations, files golf must refuse (left byte-for-byte unchanged),
//! backup and check, and names that must round-trip exactly.

use crate::common::{repo, Env};

fn import_classic(env: &Env) {
    env.ok(&[
        "import",
        repo("examples/classic-9-holes.toml").to_str().unwrap(),
    ]);
}

fn refused_unchanged(env: &Env, path: &std::path::Path, needle: &str) {
    let before = std::fs::read(path).unwrap();
    let p = path.to_str().unwrap();
    for args in [
        vec!["--db", p, "card"],
        vec!["--db", p, "history"],
        vec!["--db", p, "new", "--rules", "classic", "ann", "bob"],
        vec!["--db", p, "check"],
    ] {
        let out = env.golf().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "golf {args:?}: {stderr}");
        assert!(
            stderr.contains(p),
            "golf {args:?} must name the path: {stderr}"
        );
        assert!(
            stderr.contains(needle),
            "golf {args:?}: expected {needle:?} in {stderr}"
        );
    }
    assert!(std::fs::read(path).unwrap() == before, "{p} was changed");
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    assert!(
        !std::path::Path::new(&wal).exists(),
        "a WAL file appeared beside {p}"
    );
}

#[test]
fn a_fresh_database_is_created_current_and_stamped() {
    let env = Env::new();
    import_classic(&env);
    let out = env.ok(&["check"]);
    assert!(
        out.contains(&format!("Database: {}", env.db().display())),
        "{out}"
    );
    assert!(out.contains("Schema version: 12"), "{out}");
    assert!(
        out.contains("Integrity check: ok") && out.contains("Foreign keys: ok"),
        "{out}"
    );
    let conn = rusqlite::Connection::open(env.db()).unwrap();
    let app: i64 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    assert_eq!(app, 0x474F_4C46);
    let mode: String = conn
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}

#[test]
fn default_path_is_the_data_directory() {
    let env = Env::new();
    let out = env
        .golf()
        .env_remove("GOLF_DB")
        .args(["new", "--rules", "classic", "ann", "bob"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(env.dir.path().join("xdg/golf/golf.db").exists());
}

#[test]
fn a_newer_schema_is_refused_naming_both_versions() {
    let env = Env::new();
    import_classic(&env);
    {
        let conn = rusqlite::Connection::open(env.db()).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
        conn.pragma_update(None, "journal_mode", "DELETE").unwrap();
    }
    refused_unchanged(
        &env,
        &env.db(),
        "schema version 99, newer than this golf understands (version 12)",
    );
}

#[test]
fn another_programs_sqlite_file_is_refused() {
    let env = Env::new();
    let path = env.path("other.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
            .unwrap();
    }
    refused_unchanged(&env, &path, "is not a golf database");
}

#[test]
fn a_text_file_and_an_empty_file_are_refused() {
    let env = Env::new();
    let text = env.write("notes.txt", "shopping: milk, eggs\n");
    refused_unchanged(&env, &text, "not an SQLite file");
    let empty = env.write("empty.db", "");
    refused_unchanged(&env, &empty, "an empty file");
}

#[test]
fn backup_is_a_verified_consistent_copy() {
    let env = Env::new();
    import_classic(&env);
    let copy = env.path("copy.db");
    let out = env.ok(&["backup", copy.to_str().unwrap()]);
    assert!(
        out.contains("integrity check: ok") && out.contains("(1 match)"),
        "{out}"
    );
    let doc = env.json(&["--db", copy.to_str().unwrap(), "card", "1"]);
    assert_eq!(doc["winners"][0], "bob");
    let stderr = env.bad(&["backup", copy.to_str().unwrap()]);
    assert!(stderr.contains("already exists"), "{stderr}");
}

#[test]
fn names_round_trip_exactly() {
    let env = Env::new();
    let tricky = [
        "Robert'); DROP TABLE matches;--",
        "O'Brien \"the Knock\"",
        "Zo\u{00eb}",
        "李小龙",
        "%_\\*",
    ];
    let mut args = vec![
        "--json",
        "new",
        "--rules",
        "classic",
        "--name",
        "Ann's \"big\" night; --",
    ];
    args.extend(tricky);
    let doc: serde_json::Value = serde_json::from_str(&env.ok(&args)).unwrap();
    assert_eq!(doc["name"], "Ann's \"big\" night; --");
    // the decomposed spelling of Zoë is the same player
    let entries: Vec<String> = [
        "Robert'); DROP TABLE matches;--=1",
        "O'Brien \"the Knock\"=2",
        "Zoe\u{0308}=3",
        "李小龙=4",
        "%_\\*=5",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut hole = vec!["hole"];
    hole.extend(entries.iter().map(String::as_str));
    env.ok(&hole);
    let card = env.json(&["card"]);
    let names: Vec<&str> = card["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, tricky);
    let history = env.json(&["history", "--player", "zoe\u{0308}"]);
    assert_eq!(history.as_array().unwrap().len(), 1);
    let history = env.json(&["history", "--player", "%"]);
    assert_eq!(
        history.as_array().unwrap().len(),
        0,
        "LIKE wildcards are not wildcards"
    );
    let long = "x".repeat(41);
    let stderr = env.bad(&["new", "--rules", "classic", &long, "bob"]);
    assert!(stderr.contains("a name is at most 40"), "{stderr}");
}

#[test]
fn identical_rules_are_stored_once_and_each_match_keeps_its_own() {
    let env = Env::new();
    import_classic(&env);
    env.ok(&[
        "import",
        crate::common::sheet_copy(&env, 2).to_str().unwrap(),
    ]);
    env.ok(&["new", "--rules", "eight-card", "ann", "bob"]);
    let conn = rusqlite::Connection::open(env.db()).unwrap();
    let sets: i64 = conn
        .query_row("SELECT count(*) FROM rule_sets", [], |r| r.get(0))
        .unwrap();
    assert_eq!(
        sets, 2,
        "two matches of classic + out-penalty-10 share one stored rule set"
    );
    let card = env.json(&["card", "3"]);
    assert_eq!(card["rules"], "eight-card");
    let card = env.json(&["card", "2"]);
    assert_eq!(card["house"][0], "out-penalty-10");
}

#[test]
fn a_database_path_is_a_file_name_never_an_sqlite_uri() {
    let env = Env::new();
    let out = env
        .golf()
        .current_dir(env.dir.path())
        .args([
            "--db",
            "file:odd.db?mode=memory",
            "new",
            "--rules",
            "classic",
            "ann",
            "bob",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        env.path("file:odd.db?mode=memory").exists(),
        "recorded into the file named, not in memory"
    );
}

/// A database written by golf before knocks, targets, edits and stable ids (schema v1),
/// kept forever: it is refused read-only with the way forward, upgraded in place by the
/// first recording command (a copy of the old file kept), and reads back whole.
#[test]
fn a_kept_version_1_database_is_upgraded_in_place() {
    let env = Env::new();
    std::fs::copy(crate::common::repo("tests/fixtures/golf-v1.db"), env.db()).unwrap();
    let stderr =
        String::from_utf8(env.golf().args(["card", "1"]).output().unwrap().stderr).unwrap();
    assert!(
        stderr.contains("older than this golf") && stderr.contains("upgrades it"),
        "{stderr}"
    );
    let out = env
        .golf()
        .args(["new", "--rules", "quick", "cat", "dan"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("upgrading") && stderr.contains("a copy of the old file"),
        "{stderr}"
    );
    let card = env.json(&["card", "1"]);
    assert_eq!(card["rules"], "eight-card");
    assert_eq!(card["holes_played"], 18);
    assert_eq!(card["winners"], serde_json::json!(["ann"]));
    assert_eq!(card["result"]["decided_by"], "countback");
    let card = env.json(&["card", "2"]);
    assert_eq!(card["amendments"], 1);
    assert_eq!(card["holes"][0]["knocked"], false);
    assert!(env.ok(&["check"]).contains("Recorded matches: ok"));
    let uuids: Vec<String> = {
        let conn = rusqlite::Connection::open(env.db()).unwrap();
        let mut stmt = conn
            .prepare("SELECT uuid FROM matches ORDER BY id")
            .unwrap();
        stmt.query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    assert_eq!(uuids.len(), 3);
    for u in &uuids {
        assert!(
            uuid::Uuid::parse_str(u).is_ok_and(|u| u.get_version_num() == 4),
            "{u}"
        );
    }
    assert_ne!(uuids[0], uuids[1]);
}

/// A database of schema v5 (before grids lost their stored sentences and duplicate typed
/// text, issue 13), kept forever with the card and export that golf printed of it then:
/// after the upgrade both read back the same, word for word — the going-out sentences
/// written again from the holes, the grid typed in lower case kept as typed.
#[test]
fn a_kept_version_5_database_upgrades_and_reads_back_word_for_word() {
    let env = Env::new();
    std::fs::copy(crate::common::repo("tests/fixtures/golf-v5.db"), env.db()).unwrap();
    let fixture = |name: &str| -> serde_json::Value {
        let text = std::fs::read_to_string(crate::common::repo(&format!("tests/fixtures/{name}")))
            .unwrap();
        serde_json::from_str(&text).unwrap()
    };
    env.ok(&["new", "--rules", "quick", "cat", "dan"]);
    let conn = rusqlite::Connection::open(env.db()).unwrap();
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, 12);
    let typed: Vec<Option<String>> = conn
        .prepare("SELECT typed FROM grids WHERE match_id = 1 ORDER BY hole_id, seat")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        typed[0].as_deref(),
        Some("5 k q / 5 2 j"),
        "kept: differs from the grid"
    );
    assert_eq!(typed[1], None, "dropped: the same as the grid");
    assert_eq!(
        typed[5].as_deref(),
        Some("12"),
        "a bare score keeps what was typed"
    );

    // (the chances line and the last entry, newer than the fixture, are left off)
    let mut card = env.json(&["card", "1", "--no-odds"]);
    let last = card
        .as_object_mut()
        .and_then(|c| c.remove("last_entry"))
        .unwrap();
    assert!(last["id"].is_u64(), "{last}");
    assert_eq!(card, fixture("golf-v5.card.json"));
    let export: serde_json::Value =
        serde_json::from_str(&env.ok(&["export", "--match", "1"])).unwrap();
    assert_eq!(export, fixture("golf-v5.export.json"));
    assert!(env.ok(&["check"]).contains("Recorded matches: ok"));
}

/// The store prints nothing: what it did (an older database upgraded, a copy kept) it hands
/// back, and the command says it, in the same words as ever. No `say!`, `outln!`,
/// `println!` or `eprintln!` in `src/store/` outside its unit tests.
#[test]
fn the_store_prints_nothing_and_the_command_says_the_upgrade() {
    fn sources(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    let mut files = Vec::new();
    sources(&repo("src/store"), &mut files);
    let mut printing = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (n, line) in code.lines().enumerate() {
            let printer = ["say!", "outln!", "println!", "print!", "eprint!"];
            if !line.trim_start().starts_with("//") && printer.iter().any(|p| line.contains(p)) {
                printing.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        printing.is_empty(),
        "the store prints:\n{}",
        printing.join("\n")
    );

    let env = Env::new();
    std::fs::copy(repo("tests/fixtures/golf-v1.db"), env.db()).unwrap();
    let out = env
        .golf()
        .args(["new", "--rules", "quick", "cat", "dan"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let said = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    let db = env.db().display().to_string();
    assert!(
        said.starts_with(&format!(
            "golf: upgrading {db} from schema version 1 to 12; a copy of the old file is at {db}.v1-"
        )),
        "{stderr}"
    );
    // said once, and not again once the file is current
    assert_eq!(said.matches("upgrading").count(), 1, "{stderr}");
    let out = env
        .golf()
        .args(["new", "--rules", "quick", "eve", "fay"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("upgrading"));
}
