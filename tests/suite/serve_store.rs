//! `golf serve` and the database under it (issue 36): other SQLite programs writing
//! meanwhile never lose a hole the page was told was recorded; a write kept waiting by a
//! lock answers busy and records nothing; after a clean stop the file alone holds every
//! hole; a database deleted or replaced under the server is noticed; the key is kept
//! across restarts, and a new key replaces it.

use crate::common::Env;
use crate::serve::card;
use crate::served::{Events, Served};

/// A hole for match 1 of a two-player classic match, its grids depending on `n` so that
/// every recorded hole can be told apart.
fn hole_body(n: u32) -> String {
    let card = ["A", "2", "3", "4", "5", "6", "7", "8", "9"][(n as usize - 1) % 9];
    format!(
        r#"{{"grids": {{"ann": "{card} K Q / 6 6 J", "bob": "8 7 Q / 8 7 K"}}, "match": 1, "hole": {n}}}"#
    )
}

/// Issue 36.2: while `golf serve` runs, other SQLite programs — the sqlite3 shell and
/// Python's sqlite3, reading and writing, opening and closing the file again and again —
/// touch golf.db during a burst of page writes: every hole answered 200 is in the
/// database, in order, and nothing answered otherwise was written. (The server used to
/// open and close the file outside SQLite before each write, which drops every POSIX lock
/// the process holds on it: another program's writes then overwrote acknowledged holes.)
#[test]
fn other_sqlite_programs_never_lose_a_hole_the_page_was_told_was_recorded() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "--holes", "18", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    let db = env.db();
    let python = r#"
import sqlite3, sys, time
db = sys.argv[1]
end = time.time() + 6
n = 0
while time.time() < end:
    c = sqlite3.connect(db, timeout=5, isolation_level=None)
    c.execute("PRAGMA busy_timeout = 5000")
    if n % 2:
        c.execute("BEGIN IMMEDIATE")
        c.execute("CREATE TABLE IF NOT EXISTS scratch (x)")
        c.execute("INSERT INTO scratch VALUES (?)", (n,))
        c.execute("COMMIT")
    else:
        c.execute("BEGIN")
        c.execute("SELECT count(*) FROM holes").fetchone()
        c.execute("COMMIT")
    c.close()
    n += 1
print(n)
"#;
    let mut others = vec![std::process::Command::new("python3")
        .args(["-c", python, db.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs")];
    let shell = "for i in $(seq 1 60); do sqlite3 -cmd '.timeout 5000' \"$1\" 'SELECT count(*) FROM holes; BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS shell_scratch (x); INSERT INTO shell_scratch VALUES (1); COMMIT;' >/dev/null || exit 1; done";
    others.push(
        std::process::Command::new("sh")
            .args(["-c", shell, "sh", db.to_str().unwrap()])
            .spawn()
            .expect("sh runs"),
    );
    let mut recorded = 0;
    for _ in 0..40 {
        if recorded == 18 {
            break;
        }
        let answer = served.post("/api/hole", &hole_body(recorded + 1));
        match answer.status {
            200 => {
                recorded += 1;
                assert_eq!(answer.json()["holes_played"], recorded);
            }
            503 => assert!(answer.json()["error"].as_str().unwrap().contains("busy")),
            other => panic!("{other}: {}", answer.body),
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    for mut other in others {
        assert!(
            other.wait().unwrap().success(),
            "another SQLite program failed"
        );
    }
    assert!(recorded >= 9, "most writes went through: {recorded}");
    // every acknowledged hole is there, as sent, whoever opened the file meanwhile
    let check = served.post("/api/hole", &hole_body(recorded + 1));
    assert!(check.status == 200 || recorded == 18, "{}", check.body);
    let total = if recorded == 18 { 18 } else { recorded + 1 };
    let card = card(&env);
    assert_eq!(card["holes_played"], total);
    for n in 1..=total {
        let first = ["A", "2", "3", "4", "5", "6", "7", "8", "9"][(n as usize - 1) % 9];
        let grid = card["holes"][n as usize - 1]["entries"][0]["grid"]
            .as_str()
            .unwrap();
        assert!(grid.starts_with(first), "hole {n}: {grid}");
    }
}

/// Another program with the database open: Python's sqlite3 running `script` (after
/// `import sqlite3, sys`, the database's path in `sys.argv[1]`), started once it prints
/// its first line; it reads its standard input until the test closes it.
fn other_program(db: &std::path::Path, script: &str) -> std::process::Child {
    let mut child = std::process::Command::new("python3")
        .args([
            "-c",
            &format!("import sqlite3, sys\n{script}"),
            db.to_str().unwrap(),
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    assert_eq!(line.trim(), "ready");
    child
}

/// Issue 36.2: a write that waits on another program's lock answers within its time —
/// 503 "busy, nothing recorded, try again" as JSON — and records nothing, even after the
/// lock is let go (it used to answer 408 and record the hole anyway).
#[test]
fn a_write_kept_waiting_by_a_lock_answers_busy_and_records_nothing() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let served = Served::start(env.dir.path(), &[]);
    // the lock is held until this test lets it go: the write's answer comes while it is
    let mut holder = other_program(
        &env.db(),
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\nc.execute('BEGIN IMMEDIATE')\nprint('ready', flush=True)\nsys.stdin.readline()\nc.execute('COMMIT')",
    );
    let busy = served.post("/api/hole", &hole_body(1));
    assert_eq!(busy.status, 503, "{}", busy.body);
    assert_eq!(busy.header("content-type"), Some("application/json"));
    let error = busy.json()["error"].as_str().unwrap().to_string();
    assert!(
        error.contains("busy") && error.contains("nothing was recorded"),
        "{error}"
    );
    drop(holder.stdin.take());
    assert!(holder.wait().unwrap().success());
    assert_eq!(
        card(&env)["holes_played"],
        0,
        "the busy write recorded nothing"
    );
    assert_eq!(served.post("/api/hole", &hole_body(1)).status, 200);
}

/// Issue 36.2: after a clean stop golf.db alone holds every hole the server recorded (the
/// WAL checkpointed and the connection closed), even while another program keeps the
/// database open.
#[test]
fn after_a_clean_stop_the_database_file_alone_holds_every_hole() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut reader = other_program(
        &env.db(),
        "c = sqlite3.connect(sys.argv[1])\nc.execute('SELECT 1').fetchone()\nprint('ready', flush=True)\nsys.stdin.readline()",
    );
    let mut served = Served::start(env.dir.path(), &[]);
    for n in 1..=3 {
        assert_eq!(served.post("/api/hole", &hole_body(n)).status, 200);
    }
    assert!(served.stop("TERM").success());
    // the file alone, copied without its -wal and -shm, holds the three holes
    let alone = tempfile::tempdir().unwrap();
    std::fs::copy(env.db(), alone.path().join("golf.db")).unwrap();
    let out = crate::served::golf(alone.path())
        .args(["card", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let card: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(card["holes_played"], 3);
    drop(reader.stdin.take());
    assert!(reader.wait().unwrap().success());
}

/// Issue 36.2: a database deleted, renamed over or copied over while the server runs is
/// noticed: writes are refused saying so (503, JSON), nothing is written to any file and
/// nothing is made at the path, and every phone's stream is told.
#[test]
fn a_database_deleted_or_replaced_under_the_server_is_noticed() {
    for how in ["deleted", "renamed over", "copied over"] {
        let env = Env::new();
        env.ok(&["new", "--rules", "classic", "ann", "bob"]);
        let other = Env::new();
        other.ok(&["new", "--rules", "classic", "cat", "dee"]);
        other.ok(&["new", "--rules", "classic", "eve", "fay"]);
        let served = Served::start(env.dir.path(), &[]);
        let mut events = Events::open(served.port);
        assert_eq!(events.next_card().unwrap()["match"], 1);
        assert_eq!(served.post("/api/hole", &hole_body(1)).status, 200);
        let db = env.db();
        match how {
            "deleted" => {
                for f in ["golf.db", "golf.db-wal", "golf.db-shm"] {
                    let _ = std::fs::remove_file(env.dir.path().join(f));
                }
            }
            "renamed over" => std::fs::rename(other.db(), &db).unwrap(),
            _ => {
                std::fs::copy(other.db(), &db).unwrap();
            }
        }
        let refused = served.post("/api/hole", &hole_body(2));
        assert_eq!(refused.status, 503, "{how}: {}", refused.body);
        let error = refused.json()["error"].as_str().unwrap().to_string();
        let said = match how {
            "deleted" => "was deleted",
            "renamed over" => "was replaced",
            _ => "was overwritten",
        };
        assert!(error.contains(said), "{how}: {error}");
        loop {
            let (event, data) = events.next_event().expect("the stream goes on");
            if event == "problem" {
                assert!(
                    data["error"].as_str().unwrap().contains(said),
                    "{how}: {data}"
                );
                break;
            }
        }
        match how {
            "deleted" => assert!(!db.exists(), "nothing made at the path"),
            _ => {
                let out = crate::served::golf(env.dir.path())
                    .args(["card", "--json", "1"])
                    .output()
                    .unwrap();
                let card: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                // (a -wal left beside a file renamed over is SQLite's to apply, not golf's)
                let played = card["holes_played"].as_u64().unwrap();
                assert!(played < 2, "{how}: the refused hole was not written there");
            }
        }
    }
}

/// Issue 37.1 (and the restart of issue 36's table): the scorekeeper's key is kept in the
/// database, so a restart keeps every link working; `--new-key` makes a new one, and the
/// older key stops writing at once. No other command prints it.
#[test]
fn the_key_is_kept_across_restarts_and_new_key_replaces_it() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut first = Served::start(env.dir.path(), &[]);
    let key = first.key.clone();
    assert!(first.stop("TERM").success());
    let mut again = Served::start(env.dir.path(), &[]);
    assert_eq!(again.key, key, "the same key after a restart");
    assert_eq!(again.post("/api/hole", &hole_body(1)).status, 200);
    assert!(again.stop("TERM").success());
    let renewed = Served::start(env.dir.path(), &["--new-key"]);
    assert_ne!(renewed.key, key);
    let old = renewed.send(
        "POST",
        "/api/hole",
        &[("Authorization", &format!("Bearer {key}"))],
        hole_body(2).as_bytes(),
    );
    assert_eq!(old.status, 401, "{}", old.body);
    assert_eq!(renewed.post("/api/hole", &hole_body(2)).status, 200);
    for args in [
        &["export"][..],
        &["check"],
        &["log", "1"],
        &["card", "--json"],
    ] {
        let out = crate::served::golf(env.dir.path())
            .args(args)
            .output()
            .unwrap();
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!all.contains(&renewed.key), "{args:?} printed the key");
    }
}
