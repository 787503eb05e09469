//! Nothing hostile gets in, nothing is overwritten (issue 23), one test per point: output
//! files never replace the database or rename over devices; one validation of names and
//! texts for every way in; output safe whatever is stored; a damaged database takes no
//! write; a scoresheet's rules path read only as rules; the config's `db` checked. Every
//! refusal is exit 2 with a message naming what is wrong, and leaves the database as it
//! was. Each test prints how many hostile inputs it tried.

use std::path::Path;

use crate::common::{files_in, Env};
use rusqlite::Connection;

/// A database with one match of two holes.
fn played() -> Env {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
        "--out",
        "bob",
    ]);
    env.ok(&["hole", "ann=3 3 4 / 9 9 4", "bob=A A 2 / K K 2"]);
    env
}

/// Runs `golf args`, expecting exit 2, a message containing `names`, and the database
/// unchanged; returns stderr.
fn refused(env: &Env, args: &[&str], names: &str) -> String {
    let before = env.snapshot();
    let stderr = env.bad(args);
    assert!(stderr.contains(names), "golf {args:?}: {stderr}");
    assert_eq!(env.snapshot(), before, "golf {args:?} changed the database");
    stderr
}

fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success());
}

/// Point 1: output files never replace the database or its journals (by identity, however
/// named), never rename over a pipe, a device or a link, and leave nothing aside.
#[test]
fn output_files_never_replace_the_database_or_a_device() {
    let env = played();
    let db = env.db();
    let d = env.dir.path();
    std::fs::create_dir(d.join("sub")).unwrap();
    std::os::unix::fs::symlink(&db, d.join("link-to-db")).unwrap();
    std::fs::hard_link(&db, d.join("hard-link-to-db")).unwrap();
    let mut tried = 0;
    for target in [
        db.display().to_string(),
        d.join("sub/../golf.db").display().to_string(),
        d.join("link-to-db").display().to_string(),
        d.join("hard-link-to-db").display().to_string(),
        format!("{}-wal", db.display()),
        format!("{}-shm", db.display()),
        format!("{}-journal", db.display()),
    ] {
        for args in [
            vec!["export", "--output", &target],
            vec!["export", "--format", "csv", "--output", &target],
            vec!["chart", "1", "--svg", &target],
            vec!["backup", &target],
        ] {
            tried += 1;
            let err = refused(&env, &args, "golf never writes output over it");
            assert!(err.contains(&target), "{err}");
        }
    }
    env.ok(&["check"]);

    // a folder: refused, naming it, nothing left beside or inside it
    let before = files_in(d);
    let folder = d.join("sub").display().to_string();
    for args in [
        vec!["export", "--output", &folder],
        vec!["chart", "--svg", &folder],
    ] {
        tried += 1;
        let err = refused(&env, &args, &folder);
        assert!(err.contains("is a folder"), "{err}");
    }
    let nowhere = d.join("no-such-folder/out.json").display().to_string();
    tried += 1;
    refused(
        &env,
        &["export", "--output", &nowhere],
        "there is no folder",
    );
    assert_eq!(files_in(d), before);
    assert!(files_in(&d.join("sub")).is_empty());

    // a character device is written into, never replaced
    env.ok(&["export", "--output", "/dev/null"]);
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());

    // a named pipe is written into: the reader gets the export, the pipe stays a pipe
    let fifo = d.join("pipe");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    env.ok(&["export", "--output", fifo.to_str().unwrap()]);
    let got = reader.join().unwrap();
    assert!(got.contains("\"golf-export\""), "{got}");
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());

    // `-` is standard output
    let out = env.ok(&["export", "--format", "csv", "--output", "-"]);
    assert!(out.starts_with("match,uuid,date"), "{out}");

    // a link to a file: the file is replaced, the link stays a link
    let real = env.write("real.json", "old");
    let link = d.join("link.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    env.ok(&["export", "--output", link.to_str().unwrap()]);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&real)
        .unwrap()
        .contains("golf-export"));

    // a write that fails half way (the file-size limit stands in for a full disk): exit 1
    // naming the file, the old file intact, nothing aside
    let out = env.write("out.json", "the old export");
    let before = files_in(d);
    let limited = std::process::Command::new("sh")
        .arg("-c")
        .arg(r#"trap '' XFSZ; ulimit -f 1; exec "$GOLF_BIN" export --output "$1""#)
        .arg("sh")
        .arg(&out)
        .env("GOLF_BIN", assert_cmd::cargo::cargo_bin("golf"))
        .env("GOLF_DB", env.db())
        .env("XDG_CONFIG_HOME", d.join("xdg-config"))
        .output()
        .unwrap();
    tried += 1;
    let stderr = String::from_utf8_lossy(&limited.stderr);
    assert_eq!(limited.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(out.to_str().unwrap()), "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "the old export");
    assert_eq!(files_in(d), before);
    eprintln!("{tried} hostile output paths");
}

/// Point 2: one validation of names for every way in — NFKC, look-alikes by their TR 39
/// skeleton, no invisible or formatting characters, bounded, no leading `= + - @` — with
/// counts checked before any work; dates within 0001–9999.
/// `golf simulate --trace F --export F` (the same file under two names too) is refused
/// before anything runs: the export would replace the trace. `/dev/null` may take both.
#[test]
fn two_outputs_of_one_command_are_never_one_file() {
    let env = played();
    let d = env.dir.path();
    std::fs::write(d.join("old.json"), "kept").unwrap();
    std::os::unix::fs::symlink(d.join("old.json"), d.join("alias.json")).unwrap();
    let sim = |trace: &str, export: &str| -> Vec<String> {
        [
            "simulate",
            "--rules",
            "classic",
            "--matches",
            "2",
            "--trace",
            trace,
            "--export",
            export,
        ]
        .map(String::from)
        .to_vec()
    };
    let pairs = [
        (d.join("new.json"), d.join("new.json")),
        (d.join("new.json"), d.join("sub-less/../new.json")),
        (d.join("old.json"), d.join("alias.json")),
    ];
    std::fs::create_dir(d.join("sub-less")).unwrap();
    for (a, b) in &pairs {
        let args = sim(a.to_str().unwrap(), b.to_str().unwrap());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let err = refused(&env, &args, "--trace and --export both name");
        assert!(err.contains(a.to_str().unwrap()), "{err}");
    }
    assert_eq!(std::fs::read_to_string(d.join("old.json")).unwrap(), "kept");
    assert!(!d.join("new.json").exists());
    let args = sim("/dev/null", "/dev/null");
    env.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
}

#[test]
fn one_validation_of_names_and_counts_for_every_way_in() {
    let env = played();
    let look_alikes = [
        ("ann", "\u{430}nn"),
        ("Ann", "\u{ff21}nn"),
        ("fi", "\u{fb01}"),
        ("a", "a\u{3164}"),
        ("Zo\u{eb}", "Zoe\u{308}"),
        ("bob", "BOB"),
        ("ann lee", "ann  lee"),
        ("ann", "ann\u{200b}"),
    ];
    let bad_names = [
        "=HYPERLINK(\"http://x\",\"y\")",
        "+1+1",
        "-rf",
        "@SUM(A1)",
        "\u{3164}",
        "\u{2800}",
        "\u{115f}ann",
        "ann\u{2028}bob",
        "\u{202e}nna",
        "x\x1b[2J",
    ];
    let long = "x".repeat(100_000);
    let mut tried = 0;
    for (a, b) in look_alikes {
        for args in [
            vec!["new", "--rules", "classic", a, b],
            vec![
                "tournament",
                "new",
                "t",
                "--rules",
                "classic",
                a,
                b,
                "cat",
                "dan",
            ],
        ] {
            tried += 1;
            env.bad(&args);
        }
        tried += 1;
        let (ga, gb) = (format!("{a}=5 K Q / 5 2 J"), format!("{b}=2 7 Q / 2 7 Q"));
        env.bad(&["score", "--rules", "classic", &ga, &gb]);
        let sheet = env.write(
            "look.toml",
            &format!("rules = \"classic\"\nplayers = [{a:?}, {b:?}]\n"),
        );
        tried += 1;
        refused(&env, &["import", sheet.to_str().unwrap()], "look.toml");
    }
    let err = env.bad(&["new", "--rules", "classic", "ann", "\u{430}nn"]);
    assert!(err.contains("look alike"), "{err}");
    for name in bad_names.iter().copied().chain([long.as_str()]) {
        tried += 1;
        refused(
            &env,
            &["new", "--rules", "classic", "--", name, "bob"],
            "player name",
        );
        tried += 1;
        refused(
            &env,
            &["match", "edit", "--rename", &format!("ann={name}")],
            "player name",
        );
    }
    // names that only look odd are fine, and stored as NFKC
    let card = env.json(&[
        "new",
        "--rules",
        "classic",
        "\u{ff21}nn",
        "Zoe\u{308}",
        "O'Brien",
    ]);
    assert_eq!(card["players"][0]["name"], "Ann", "{card}");

    // counts before any work: 20,000 players on the command line, 100,000 in a sheet
    let many: Vec<String> = (0..20_000).map(|i| format!("p{i}")).collect();
    let mut args = vec!["new", "--rules", "classic"];
    args.extend(many.iter().map(String::as_str));
    tried += 1;
    refused(&env, &args, "at most 16");
    let names: Vec<String> = (0..100_000).map(|i| format!("\"p{i}\"")).collect();
    let sheet = env.write(
        "crowd.toml",
        &format!("rules = \"classic\"\nplayers = [{}]\n", names.join(",")),
    );
    tried += 1;
    refused(&env, &["import", sheet.to_str().unwrap()], "at most 16");

    // dates within 0001-9999
    for date in ["10000-01-01", "+10000-01-01", "0000-12-31", "-0001-01-01"] {
        tried += 1;
        refused(&env, &["stats", &format!("--since={date}")], "0001 to 9999");
        let sheet = env.write(
            "dated.toml",
            &format!("rules = \"classic\"\ndate = \"{date}\"\nplayers = [\"ann\", \"bob\"]\n"),
        );
        tried += 1;
        refused(&env, &["import", sheet.to_str().unwrap()], "0001 to 9999");
    }
    tried += json_imports(&env);
    env.ok(&["check"]);
    eprintln!("{tried} hostile names, counts and dates");
}

/// The JSON export of `env`'s database, each hostile variant written back as a new match
/// (a fresh stable id) and imported: every one refused, nothing written. Returns how many.
fn json_imports(env: &Env) -> usize {
    let export: serde_json::Value = serde_json::from_str(&env.ok(&["export"])).unwrap();
    type Change = Box<dyn Fn(&mut serde_json::Value)>;
    let set = |pointer: &'static str, value: serde_json::Value| -> Change {
        Box::new(move |m| *m.pointer_mut(pointer).unwrap() = value.clone())
    };
    let many: Vec<String> = (0..100_000).map(|i| format!("p{i}")).collect();
    let variants: Vec<(&str, Change)> = vec![
        ("a formula", set("/players/0", "=HYPERLINK(\"x\")".into())),
        (
            "a 100,000-character name",
            set("/players/0", "x".repeat(100_000).into()),
        ),
        ("a name twice", set("/players/0", "bob".into())),
        (
            "a name twice in another case",
            set("/players/0", "BOB".into()),
        ),
        ("look-alikes", set("/players/0", "b\u{43e}b".into())),
        ("decomposed", set("/players/0", "Zoe\u{308}".into())),
        ("a Hangul filler", set("/players/0", "a\u{3164}".into())),
        ("100,000 players", set("/players", many.into())),
        (
            "a 10 MB note",
            set("/holes/0/note", "n".repeat(10_000_000).into()),
        ),
        (
            "an escape in a note",
            set("/holes/0/note", "a\x1b[2Jb".into()),
        ),
        (
            "CR LF in a note",
            set("/holes/0/note", "a\r\nFAKE: bob wins".into()),
        ),
        (
            "an override in a note",
            set("/holes/0/note", "\u{202e}eton".into()),
        ),
        (
            "an escape in a reason",
            Box::new(|m| {
                m["penalties"] = serde_json::json!([{"seat": 0, "hole": 1, "kind": "points",
                "points": 2, "disqualifies": false, "reason": "slow\x1b[2J",
                "recorded_at": "2026-11-01T19:30:00.000Z"}]);
            }),
        ),
        ("a match name with a bell", set("/name", "x\x07".into())),
        (
            "year 10000",
            set("/started_at", "+10000-01-01T00:00:00Z".into()),
        ),
        ("year 0", set("/started_at", "0000-01-01T00:00:00Z".into())),
        (
            "a hole in year 10000",
            set("/holes/0/recorded_at", "+10000-01-01T00:00:00Z".into()),
        ),
        (
            "an escape in the rules' title",
            set("/rules/title", "x\x1b]0;PWNED\x07".into()),
        ),
        (
            "5000 holes",
            Box::new(|m| {
                let h = m["holes"][0].clone();
                m["holes"] = serde_json::Value::Array(vec![h; 5000]);
            }),
        ),
    ];
    let before = env.snapshot();
    for (what, change) in &variants {
        let mut doc = export.clone();
        let m = &mut doc["matches"][0];
        m["uuid"] = "6a1d7f5e-0000-4000-8000-000000000023".into();
        change(m);
        let file = env.path("hostile.json");
        std::fs::write(&file, serde_json::to_vec(&doc).unwrap()).unwrap();
        let out = env
            .golf()
            .args(["import", file.to_str().unwrap()])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(stderr.contains("hostile.json: match 1"), "{what}: {stderr}");
        assert!(
            !stderr.contains('\x1b') && stderr.len() < 2000,
            "{what}: {stderr}"
        );
        assert_eq!(env.snapshot(), before, "{what}: the database changed");
    }
    variants.len()
}

/// Writes `sql` into the database behind golf's back, as an older golf or another
/// program might have.
fn tamper(env: &Env, sql: &str) {
    let conn = Connection::open(env.db()).unwrap();
    conn.execute_batch(&format!("PRAGMA foreign_keys = OFF; {sql};"))
        .unwrap();
}

/// Point 3: whatever is stored (an older or tampered database), a terminal never gets a
/// control character and a spreadsheet never gets a formula.
#[test]
fn output_is_safe_whatever_is_stored() {
    let env = played();
    tamper(
        &env,
        "UPDATE holes SET note = 'ok' || char(27) || '[31mRED' || char(13) || char(10) || 'FAKE: bob wins' || char(8238);
         UPDATE seats SET player = '=HYPERLINK(\"http://x\",\"y\")' WHERE seat = 0;
         UPDATE seats SET player = '@SUM(A1)' || char(10) || 'x' WHERE seat = 1",
    );
    let out = env.golf().arg("check").output().unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(report.contains("hole 1: its note holds U+001B"), "{report}");
    let mut tried = 0;
    for args in [
        &["card", "1"][..],
        &["--color", "always", "card", "1"],
        &["history"],
        &["log", "1"],
        &["chart", "1"],
    ] {
        tried += 1;
        let out = env.golf().args(args).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !stdout.contains("\x1b[31m") && !stdout.contains('\r'),
            "{args:?}: {stdout}"
        );
        assert!(!stderr.contains('\x1b'), "{args:?}: {stderr}");
        assert!(
            !stdout.lines().any(|l| l.trim_start().starts_with("FAKE")),
            "{args:?}: a stored note faked a line: {stdout}"
        );
    }
    let csv = env.ok(&["export", "--format", "csv"]);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    for row in reader.records() {
        let row = row.unwrap();
        for cell in row.iter() {
            tried += 1;
            let risky = cell.starts_with(['=', '+', '-', '@']) && cell.parse::<f64>().is_err();
            assert!(!risky, "a CSV cell a spreadsheet runs: {cell}");
        }
    }
    assert!(csv.contains("'=HYPERLINK"), "{csv}");
    assert!(csv.contains(",-4,"), "numbers stay numbers: {csv}");

    // a tournament's standings, with a tampered name
    let env = Env::new();
    env.ok(&[
        "tournament",
        "new",
        "club",
        "--rules",
        "classic",
        "--rounds",
        "1",
        "ann",
        "bob",
    ]);
    tamper(
        &env,
        "UPDATE seats SET player = '+1+1' WHERE seat = 0;
         UPDATE tournament_players SET player = '+1+1' WHERE position = 0",
    );
    let standings = env.ok(&["tournament", "standings", "--csv"]);
    tried += 1;
    assert!(standings.contains("'+1+1"), "{standings}");
    eprintln!("{tried} stored texts shown or exported safely");
}

/// Point 4: a damaged database refuses every write, `new` included, with the message
/// `hole` gives, and is left as it was.
#[test]
fn a_damaged_database_takes_no_write_not_even_a_new_match() {
    let env = played();
    let conn = Connection::open(env.db()).unwrap();
    let page: i64 = conn
        .query_row(
            "SELECT rootpage FROM sqlite_master WHERE name = 'holes'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
        .unwrap();
    drop(conn);
    let mut bytes = std::fs::read(env.db()).unwrap();
    let start = (page as usize - 1) * 4096 + 8;
    for (i, b) in bytes[start..start + 400].iter_mut().enumerate() {
        *b = (i * 37 % 251) as u8;
    }
    std::fs::write(env.db(), &bytes).unwrap();
    let hole = env
        .golf()
        .args(["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"])
        .output()
        .unwrap();
    let hole_says = String::from_utf8_lossy(&hole.stderr).into_owned();
    assert_eq!(hole.status.code(), Some(1), "{hole_says}");
    assert!(hole_says.contains("is damaged"), "{hole_says}");
    let sheet = env.write(
        "sheet.toml",
        "rules = \"classic\"\nplayers = [\"cat\", \"dan\"]\n",
    );
    let writes = [
        vec!["new", "--rules", "classic", "cat", "dan"],
        vec!["import", sheet.to_str().unwrap()],
        vec![
            "tournament",
            "new",
            "club",
            "--rules",
            "classic",
            "cat",
            "dan",
        ],
    ];
    for args in &writes {
        let out = env.golf().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "golf {args:?}: {stderr}");
        assert!(
            stderr.contains("is damaged; golf did not change it"),
            "{stderr}"
        );
        assert_eq!(
            std::fs::read(env.db()).unwrap(),
            bytes,
            "golf {args:?} wrote"
        );
    }
    eprintln!("{} writes to a damaged database", writes.len() + 1);
}

/// Point 5: a scoresheet's rules path is read as a rules file and nothing else: a file
/// that is not one, or cannot be read, is named, and its text never shown.
#[test]
fn a_scoresheets_rules_path_is_read_only_as_rules() {
    let env = played();
    let secret = "root:$6$s3cr3t-hash:19000:0:99999:7:::";
    let files = [
        ("shadow", format!("{secret}\nbin:*:19000\n")),
        ("secret.toml", "password = \"s3cr3t-hash\"\n".to_string()),
        (
            "secret2.toml",
            "[server]\ntoken = \"s3cr3t-hash\"\n".to_string(),
        ),
        ("binary", "\u{0}\u{1}s3cr3t-hash\u{ff}".to_string()),
    ];
    let mut tried = 0;
    let mut paths: Vec<String> = files
        .iter()
        .map(|(name, text)| env.write(name, text).display().to_string())
        .collect();
    let fifo = env.path("rules-pipe");
    mkfifo(&fifo);
    paths.extend([
        fifo.display().to_string(),
        env.dir.path().display().to_string() + "/",
        "/dev/zero".to_string(),
        env.path("missing.toml").display().to_string(),
    ]);
    if Path::new("/etc/shadow").exists() {
        paths.push("/etc/shadow".into());
    }
    for path in &paths {
        let sheet = env.write(
            "sheet.toml",
            &format!("rules = {path:?}\nplayers = [\"ann\", \"bob\"]\n"),
        );
        tried += 1;
        let err = refused(
            &env,
            &["import", sheet.to_str().unwrap()],
            path.trim_end_matches('/'),
        );
        assert!(!err.contains("s3cr3t") && !err.contains("root:"), "{err}");
    }
    eprintln!("{tried} hostile rules paths");
}

/// Point 6: the config's `db` may not be empty (exit 2, naming the key), and a relative
/// one is relative to the config file, wherever golf runs.
#[test]
fn the_configs_db_is_checked_and_relative_to_the_config_file() {
    let env = Env::new();
    let config = env.config("db = \"\"\n");
    let err = env
        .golf()
        .env_remove("GOLF_DB")
        .args(["new", "--rules", "classic", "ann", "bob"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&err.stderr);
    assert_eq!(err.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("`db` is empty") && stderr.contains("config.toml"),
        "{stderr}"
    );
    let out = env.golf().env("GOLF_DB", "").arg("card").output().unwrap();
    assert_eq!(out.status.code(), Some(2));

    let mut tried = 2;
    let houses = vec!["\"no-pairs\""; 65].join(", ");
    for (text, says) in [
        (format!("house = [{houses}]\n"), "at most 64"),
        (
            format!("rules = \"{}\"\n", "x".repeat(5000)),
            "at most 4096",
        ),
        ("rules = \"classic\\u001b[2J\"\n".to_string(), "U+001B"),
    ] {
        env.config(&text);
        tried += 1;
        let stderr = env.bad(&["new", "ann", "bob"]);
        assert!(
            stderr.contains(says) && stderr.contains("config.toml"),
            "{stderr}"
        );
    }

    env.config("db = \"groups/harbour.db\"\n");
    std::fs::create_dir_all(config.parent().unwrap().join("groups")).unwrap();
    let elsewhere = env.path("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    for cwd in [elsewhere.as_path(), env.dir.path()] {
        env.golf()
            .env_remove("GOLF_DB")
            .current_dir(cwd)
            .args(["new", "--rules", "classic", "ann", "bob"])
            .assert()
            .success();
    }
    let db = config.parent().unwrap().join("groups/harbour.db");
    let conn = Connection::open(db).unwrap();
    let n: i64 = conn
        .query_row("SELECT count(*) FROM matches", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 2, "both runs used the one database beside the config");
    assert!(!elsewhere.join("groups").exists());
    eprintln!("{tried} hostile config values");
}

/// RULES.md §12: a penalty's reason beginning with `=`, `+`, `-` or `@` (or such a piece
/// after a `,` or `;`, where a spreadsheet that splits cells on either would start one) is
/// exported to CSV with a leading apostrophe: no cell a spreadsheet reads, split on `,` or
/// on `;`, begins a formula. The JSON export keeps the reason as it was given.
#[test]
fn a_penalty_reason_that_begins_a_formula_is_exported_safely() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let reasons = [
        "=1+2",
        "+cmd",
        "-x",
        "@SUM(A1)",
        "late;=HYPERLINK(\"http://x\")",
        "slow, -y",
    ];
    for reason in reasons {
        env.ok(&[
            "penalty",
            "bob",
            "--points",
            "3",
            &format!("--reason={reason}"),
        ]);
    }
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    let csv = env.ok(&["export", "--format", "csv"]);
    for safe in [
        "('=1+2)",
        "('+cmd)",
        "('-x)",
        "('@SUM(A1))",
        "late;'=HYPERLINK",
        "slow, '-y",
    ] {
        assert!(csv.contains(safe), "{safe} missing: {csv}");
    }
    for separator in [',', ';'] {
        for line in csv.lines() {
            for field in line.split(separator) {
                let field = field.trim_start().trim_start_matches('"');
                let risky =
                    field.starts_with(['=', '+', '-', '@']) && field.parse::<f64>().is_err();
                assert!(
                    !risky,
                    "split on {separator:?}, a cell a spreadsheet runs: {field}\n{csv}"
                );
            }
        }
    }
    let json = env.json(&["export"]);
    let given: Vec<&str> = json["matches"][0]["penalties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        given, reasons,
        "the lossless export keeps each reason as given"
    );
}
