//! Data safety under concurrency, crashes and read-only files: each test fails if the
//! protection it names is removed.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::{repo, Env, ReadOnly};

const GRIDS: [&str; 2] = ["5 K Q / 5 2 J", "2 7 Q / 2 7 Q"];

fn golf(db: &Path) -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("golf"));
    cmd.env("GOLF_DB", db)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null());
    cmd
}

/// Eight processes at once, each creating a match and recording nine holes: none fails
/// with "database is locked" and no write is lost (IMMEDIATE transactions, busy timeout,
/// whole-transaction retry).
#[test]
fn eight_writers_at_once_lose_nothing() {
    let env = Env::new();
    let db = env.db();
    let workers: Vec<_> = (0..8)
        .map(|w| {
            let db = db.clone();
            std::thread::spawn(move || {
                let (a, b) = (format!("a{w}"), format!("b{w}"));
                let out = golf(&db)
                    .args([
                        "--json",
                        "new",
                        "--rules",
                        "classic",
                        "--name",
                        &format!("table {w}"),
                        &a,
                        &b,
                    ])
                    .output()
                    .unwrap();
                assert!(
                    out.status.success(),
                    "new: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                let id = doc["match"].as_i64().unwrap().to_string();
                for _ in 0..9 {
                    let out = golf(&db)
                        .args([
                            "hole",
                            "--match",
                            &id,
                            &format!("{a}={}", GRIDS[0]),
                            &format!("{b}={}", GRIDS[1]),
                        ])
                        .output()
                        .unwrap();
                    let stderr = String::from_utf8_lossy(&out.stderr);
                    assert!(out.status.success(), "hole: {stderr}");
                    assert!(!stderr.contains("locked"), "{stderr}");
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    let history = env.json(&["history", "--limit", "100"]);
    let rows = history.as_array().unwrap();
    assert_eq!(rows.len(), 8);
    for row in rows {
        assert_eq!(row["holes_played"], 9, "{row}");
        let totals: Vec<&serde_json::Value> = row["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| &p["total"])
            .collect();
        assert_eq!(totals, [162, -36], "{row}");
    }
    assert!(env.ok(&["check"]).contains("Integrity check: ok"));
}

/// A tiny deterministic generator for kill delays.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn integrity(db: &Path) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap()
}

/// Processes killed with SIGKILL at random moments while recording leave a database that
/// passes integrity_check, holds every hole whose command reported success, and holds no
/// half-recorded hole or half-imported match.
#[test]
fn sigkill_while_recording_loses_nothing_reported_and_leaves_nothing_half_done() {
    let env = Env::new();
    let db = env.db();
    env.ok(&["new", "--rules", "classic", "--holes", "36", "ann", "bob"]);
    let mut rng = Lcg(42);
    let mut reported_holes = 0i64;
    let mut reported_imports = 0i64;
    let (mut killed, mut finished) = (0, 0);
    for i in 0..40 {
        let import = i % 4 == 3;
        let mut cmd = golf(&db);
        if import {
            let sheet = crate::common::sheet_copy(&env, i);
            cmd.args(["import", sheet.to_str().unwrap()]);
        } else {
            // the chances line is not recording: left off, so a hole takes what it did
            cmd.args([
                "hole",
                "--no-odds",
                "--match",
                "1",
                &format!("ann={}", GRIDS[0]),
                &format!("bob={}", GRIDS[1]),
            ]);
        }
        let mut child = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(rng.below(60)));
        let _ = child.kill(); // SIGKILL
        let status = child.wait().unwrap();
        if status.success() {
            finished += 1;
            if import {
                reported_imports += 1;
            } else {
                reported_holes += 1;
            }
        } else {
            killed += 1;
        }
        assert_eq!(integrity(&db), "ok", "after run {i}");
        let conn = rusqlite::Connection::open(&db).unwrap();
        let holes: i64 = conn
            .query_row("SELECT count(*) FROM holes WHERE match_id = 1", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert!(
            holes >= reported_holes,
            "run {i}: {holes} holes, {reported_holes} reported"
        );
        assert!(
            holes <= reported_holes + killed as i64,
            "run {i}: more holes than attempts"
        );
        let max: i64 = conn
            .query_row(
                "SELECT coalesce(max(number), 0) FROM holes WHERE match_id = 1",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(max, holes, "run {i}: holes are numbered without gaps");
        let half: i64 = conn
            .query_row(
                "SELECT count(*) FROM holes h WHERE (SELECT count(*) FROM grids g WHERE g.hole_id = h.id) != 2 AND h.match_id = 1",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(half, 0, "run {i}: a half-recorded hole");
        let imported: Vec<i64> = conn
            .prepare("SELECT (SELECT count(*) FROM holes h WHERE h.match_id = m.id) FROM matches m WHERE m.id > 1")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert!(
            imported.iter().all(|&n| n == 9),
            "run {i}: a half-imported match: {imported:?}"
        );
        assert!(imported.len() as i64 >= reported_imports);
        reported_holes = reported_holes.max(holes);
    }
    // the loop must have exercised both outcomes to prove anything
    assert!(
        killed > 0 && finished > 0,
        "killed {killed}, finished {finished}: adjust the delays"
    );
}

#[test]
fn a_read_only_database_is_refused_for_writing_and_left_unchanged() {
    let env = Env::new();
    env.ok(&[
        "import",
        repo("examples/classic-9-holes.toml").to_str().unwrap(),
    ]);
    let db = env.db();
    let before = std::fs::read(&db).unwrap();
    let guard = ReadOnly::new(&db);
    let out = env
        .golf()
        .args(["new", "--rules", "classic", "ann", "bob"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&db.display().to_string()), "{stderr}");
    assert!(
        stderr.contains("readonly") || stderr.contains("read-only") || stderr.contains("ermission"),
        "{stderr}"
    );
    // reading still works
    let card = env.ok(&["card", "1"]);
    assert!(card.contains("Winner: bob"), "{card}");
    drop(guard);
    assert!(
        std::fs::read(&db).unwrap() == before,
        "the read-only file was changed"
    );
}

#[test]
fn a_read_only_folder_is_refused_naming_the_path() {
    let env = Env::new();
    let folder = env.path("locked");
    std::fs::create_dir(&folder).unwrap();
    let db = folder.join("golf.db");
    let guard = ReadOnly::new(&folder);
    let out = env
        .golf()
        .args([
            "--db",
            db.to_str().unwrap(),
            "new",
            "--rules",
            "classic",
            "ann",
            "bob",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&db.display().to_string()), "{stderr}");
    drop(guard);
    assert_eq!(
        std::fs::read_dir(&folder).unwrap().count(),
        0,
        "nothing was left behind"
    );
}

#[test]
fn a_corrupt_database_is_refused_and_left_unchanged() {
    let env = Env::new();
    env.ok(&[
        "import",
        repo("examples/classic-9-holes.toml").to_str().unwrap(),
    ]);
    let db = env.db();
    let mut bytes = std::fs::read(&db).unwrap();
    assert!(bytes.len() > 8192);
    // scribble over the second page onwards, keeping the header
    for b in bytes[4096..].iter_mut() {
        *b = 0xA5;
    }
    std::fs::write(&db, &bytes).unwrap();
    for args in [
        &["card", "1"][..],
        &["check"],
        &["new", "--rules", "classic", "ann", "bob"],
    ] {
        let out = env.golf().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "golf {args:?}: {stderr}");
        assert!(
            stderr.contains(&db.display().to_string()),
            "golf {args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    assert!(
        std::fs::read(&db).unwrap() == bytes,
        "the corrupt file was changed"
    );
}

/// What a SIGKILL leaves aside (`.NAME.golf-PID-N` of an output or the config file, the
/// database's `golf.db.new-PID`) is swept by the next golf that writes into that folder
/// once its process is gone, however new the file; a file of a process that runs, and
/// any file not of golf's pattern, is kept.
#[test]
fn files_aside_of_a_killed_golf_are_swept_by_the_next_write_there() {
    if !Path::new("/proc/self").exists() {
        eprintln!("no /proc: whether a process runs cannot be told, nothing is swept");
        return;
    }
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut live = Command::new("sleep").arg("60").spawn().unwrap();
    // no process has a pid this high (Linux caps pids at 2^22)
    let dead = 999_999_999u32;
    let config_dir = env.path("xdg-config").join("golf");
    std::fs::create_dir_all(&config_dir).unwrap();
    let make = |dir: &Path, name: String| {
        let path = dir.join(name);
        std::fs::write(&path, "half a file").unwrap();
        path
    };
    let dir = env.dir.path();
    let swept = [
        make(dir, format!(".out.csv.golf-{dead}-0")),
        make(dir, format!(".other.json.golf-{dead}-2")),
        make(&config_dir, format!(".config.toml.golf-{dead}-0")),
        make(dir, format!("golf.db.new-{dead}")),
    ];
    let kept = [
        make(dir, format!(".out.csv.golf-{}-0", live.id())),
        make(&config_dir, format!(".config.toml.golf-{}-0", live.id())),
        make(dir, format!("golf.db.new-{}", live.id())),
        make(dir, ".out.csv.golf-notes".to_string()),
        make(dir, format!("out.csv.golf-{dead}-0")),
        make(dir, "notes.txt".to_string()),
    ];
    let out = env.path("out.csv");
    env.ok(&[
        "export",
        "--format",
        "csv",
        "--output",
        out.to_str().unwrap(),
    ]);
    env.ok(&["config", "set", "decks", "2"]);
    env.ok(&[
        "hole",
        &format!("ann={}", GRIDS[0]),
        &format!("bob={}", GRIDS[1]),
    ]);
    let _ = live.kill();
    let _ = live.wait();
    for f in &swept {
        assert!(!f.exists(), "{} is left", f.display());
    }
    for f in &kept {
        assert!(f.exists(), "{} was removed", f.display());
    }
    assert!(out.exists());
}
