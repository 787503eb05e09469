//! Faults a scorekeeper's machine really has: a first write killed, a backup killed, a
//! leftover WAL or hot journal, damaged pages, tampered rows, a read-only folder, a
//! non-UTF-8 path. Each test fails without the protection it names.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use crate::common::{files_in, repo, Env, ReadOnly};
use rusqlite::Connection;

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

/// How long `golf ARGS` takes uninterrupted here, as the slowest of three runs in fresh
/// folders made by `setup` — so the kill loops below land inside the command however fast
/// or loaded the machine is.
fn duration_of(setup: impl Fn(usize) -> std::process::Command) -> u64 {
    (0..3)
        .map(|i| {
            let mut cmd = setup(1000 + i);
            let start = std::time::Instant::now();
            assert!(cmd.status().unwrap().success());
            start.elapsed().as_micros() as u64
        })
        .max()
        .unwrap()
}

/// Starts `cmd` and sends it SIGKILL after `micros`: whether it was killed before it
/// finished.
fn kill_within(cmd: &mut std::process::Command, micros: u64) -> bool {
    let mut child = cmd.spawn().unwrap();
    std::thread::sleep(Duration::from_micros(micros));
    let _ = child.kill();
    !child.wait().unwrap().success()
}

fn golf_bin() -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("golf"));
    cmd.stdout(Stdio::null()).stderr(Stdio::null());
    cmd
}

fn with_db(env: &Env, db: &Path) -> assert_cmd::Command {
    let mut cmd = env.golf();
    cmd.env("GOLF_DB", db);
    cmd
}

fn sheet() -> String {
    repo("examples/classic-9-holes.toml")
        .to_str()
        .unwrap()
        .to_string()
}

/// Item 3: a SIGKILL during the very first write to a new database never leaves a file
/// that read-only commands cannot open, and what killed runs left aside is cleaned up.
#[test]
fn killing_the_first_write_to_a_fresh_database_leaves_it_readable() {
    let env = Env::new();
    let new_in = |i: usize| {
        let dir = env.path(&format!("run{i}"));
        std::fs::create_dir_all(&dir).unwrap();
        let mut cmd = golf_bin();
        cmd.env("GOLF_DB", dir.join("golf.db"))
            .args(["new", "--rules", "classic", "ann", "bob"]);
        cmd
    };
    let span = duration_of(new_in) * 3 / 2;
    let mut rng = Lcg(7);
    let (mut killed, mut finished) = (0, 0);
    for i in 0..40 {
        let dir = env.path(&format!("run{i}"));
        let db = dir.join("golf.db");
        if kill_within(&mut new_in(i), rng.below(span)) {
            killed += 1;
        } else {
            finished += 1;
        }
        for read in [&["history"][..], &["check"], &["card"]] {
            let out = with_db(&env, &db).args(read).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            // 2 is "no matches recorded yet" when the kill came first; never a failure
            assert_ne!(
                out.status.code(),
                Some(1),
                "run {i}, golf {read:?}: {stderr}"
            );
            assert!(!stderr.contains("readonly"), "run {i}: {stderr}");
        }
        with_db(&env, &db)
            .args(["new", "--rules", "classic", "ann", "bob"])
            .assert()
            .success();
        assert_eq!(
            files_in(&dir),
            vec!["golf.db".to_string()],
            "run {i}: leftovers beside the database"
        );
    }
    assert!(
        killed > 0 && finished > 0,
        "killed {killed}, finished {finished}"
    );
}

/// Item 3: a hot rollback journal, as a killed writer leaves it, is recovered so that a
/// read-only command shows the match as it was before the interrupted write.
#[test]
fn a_hot_journal_left_by_a_killed_writer_is_recovered_for_readers() {
    let env = Env::new();
    env.ok(&["import", &sheet()]);
    let db = env.db();
    let writer = Connection::open(&db).unwrap();
    writer
        .execute_batch(
            "PRAGMA journal_mode = DELETE; PRAGMA cache_size = 1;
             BEGIN IMMEDIATE;
             UPDATE grids SET typed = hex(randomblob(1500));
             UPDATE seats SET player = 'zed' WHERE seat = 0;",
        )
        .unwrap();
    // the moment of the kill: the file mid-transaction, with its journal beside it
    let crashed = env.path("crashed");
    std::fs::create_dir(&crashed).unwrap();
    let copy = crashed.join("golf.db");
    std::fs::copy(&db, &copy).unwrap();
    let journal = std::fs::read(env.path("golf.db-journal")).unwrap();
    assert!(journal.len() > 512, "a journal was written");
    std::fs::write(crashed.join("golf.db-journal"), journal).unwrap();
    writer.execute_batch("ROLLBACK").unwrap();
    drop(writer);

    for read in [&["card", "1"][..], &["history"], &["check"]] {
        let out = with_db(&env, &copy).args(read).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "golf {read:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            !stdout.contains("zed"),
            "the interrupted write was rolled back"
        );
    }
    let out = with_db(&env, &copy).args(["card", "1"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("Winner: bob"));
    assert_eq!(files_in(&crashed), vec!["golf.db".to_string()]);
}

/// Item 8: where the folder cannot be written (a read-only mount), read-only commands
/// still read the database as it is on disk.
#[test]
fn a_database_in_a_read_only_folder_can_still_be_read() {
    let env = Env::new();
    let folder = env.path("mounted");
    std::fs::create_dir(&folder).unwrap();
    let db = folder.join("golf.db");
    with_db(&env, &db)
        .args(["import", &sheet()])
        .assert()
        .success();
    assert_eq!(files_in(&folder), vec!["golf.db".to_string()]);
    let before = std::fs::read(&db).unwrap();
    let guard = ReadOnly::new(&folder);
    for read in [&["card", "1"][..], &["history"], &["check"]] {
        let out = with_db(&env, &db).args(read).output().unwrap();
        assert!(
            out.status.success(),
            "golf {read:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let card = with_db(&env, &db).args(["card", "1"]).output().unwrap();
    assert!(String::from_utf8_lossy(&card.stdout).contains("Winner: bob"));
    drop(guard);
    assert_eq!(std::fs::read(&db).unwrap(), before);
}

fn header_mode(path: &Path) -> (u8, u8) {
    let bytes = std::fs::read(path).unwrap();
    (bytes[18], bytes[19])
}

/// Item 4: a killed backup never leaves a partial file at the target, and what it left
/// aside is removed by the next backup.
#[test]
fn a_killed_backup_leaves_no_partial_file() {
    let env = Env::new();
    for n in 0..30 {
        env.ok(&[
            "import",
            crate::common::sheet_copy(&env, n).to_str().unwrap(),
        ]);
    }
    let target = env.path("copy.db");
    let backup_to = |i: usize| {
        let mut cmd = golf_bin();
        cmd.env("GOLF_DB", env.db())
            .arg("backup")
            .arg(env.path(&format!("copy{i}.db")));
        cmd
    };
    let span = duration_of(backup_to);
    let mut rng = Lcg(3);
    let (mut killed, mut finished) = (0, 0);
    for i in 0..30 {
        let mut backup = golf_bin();
        backup.env("GOLF_DB", env.db()).arg("backup").arg(&target);
        if kill_within(&mut backup, rng.below(span)) {
            killed += 1;
        } else {
            finished += 1;
        }
        if target.exists() {
            let copy = Connection::open(&target).unwrap();
            let n: i64 = copy
                .query_row("SELECT count(*) FROM matches", [], |r| r.get(0))
                .unwrap();
            assert_eq!(n, 30, "run {i}: a partial backup at the target");
            drop(copy);
            std::fs::remove_file(&target).unwrap();
        }
    }
    assert!(killed > 0, "killed {killed}, finished {finished}");
    env.ok(&["backup", target.to_str().unwrap()]);
    let leftovers: Vec<String> = files_in(env.dir.path())
        .into_iter()
        .filter(|n| n.contains(".part-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // a stale copy left by a process that no longer runs is removed too
    std::fs::remove_file(&target).unwrap();
    let stale = env.path("copy.db.part-4194305");
    std::fs::write(&stale, "half a backup").unwrap();
    env.ok(&["backup", target.to_str().unwrap()]);
    assert!(!stale.exists());
}

/// Item 4: a backup is in WAL mode and is written at its path byte for byte.
#[test]
fn a_backup_is_in_wal_mode_at_a_non_utf8_path() {
    let env = Env::new();
    env.ok(&["import", &sheet()]);
    let mut name = env.dir.path().as_os_str().to_os_string().into_vec();
    name.extend_from_slice(b"/\xff.bk");
    let target = PathBuf::from(OsString::from_vec(name));
    env.golf().arg("backup").arg(&target).assert().success();
    assert!(target.exists(), "written at the path given");
    assert!(!env.path("\u{fffd}.bk").exists());
    assert_eq!(header_mode(&target), (2, 2), "the copy is in WAL mode");
    let card = with_db(&env, &target).args(["card", "1"]).output().unwrap();
    assert!(String::from_utf8_lossy(&card.stdout).contains("Winner: bob"));
    // and `--json check` on such a path reports it instead of panicking
    let out = with_db(&env, &target)
        .args(["--json", "check"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["matches"], 1);
}

/// Copies `db` and its WAL while `conn` keeps them open, as a crash would leave them.
fn crash_copy(env: &Env, db: &Path, name: &str) -> (PathBuf, Vec<u8>, Vec<u8>) {
    let dir = env.path(name);
    std::fs::create_dir(&dir).unwrap();
    let copy = dir.join("golf.db");
    std::fs::copy(db, &copy).unwrap();
    let mut wal = db.as_os_str().to_os_string();
    wal.push("-wal");
    let wal_bytes = std::fs::read(PathBuf::from(wal)).unwrap();
    assert!(wal_bytes.len() > 32, "the WAL holds commits");
    std::fs::write(dir.join("golf.db-wal"), &wal_bytes).unwrap();
    (copy.clone(), std::fs::read(&copy).unwrap(), wal_bytes)
}

/// Item 6: a file golf refuses is refused before SQLite may recover its WAL into it.
#[test]
fn refusing_a_foreign_or_newer_file_with_a_leftover_wal_changes_nothing() {
    let env = Env::new();
    // another program's database, its last commits still in the WAL
    let foreign = env.path("other.db");
    let conn = Connection::open(&foreign).unwrap();
    conn.execute_batch(
        "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
         CREATE TABLE notes (body TEXT);
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
         INSERT INTO notes SELECT hex(randomblob(500)) FROM n;",
    )
    .unwrap();
    let (copy, db_bytes, wal_bytes) = crash_copy(&env, &foreign, "foreign");
    drop(conn);

    // a golf database that a newer golf upgraded, the upgrade still in the WAL
    env.ok(&["import", &sheet()]);
    let golf_db = env.db();
    let conn = Connection::open(&golf_db).unwrap();
    conn.execute_batch("PRAGMA wal_autocheckpoint = 0; PRAGMA user_version = 99;")
        .unwrap();
    let (newer, newer_bytes, newer_wal) = crash_copy(&env, &golf_db, "newer");
    drop(conn);

    for (db, bytes, wal, why) in [
        (&copy, &db_bytes, &wal_bytes, "not a golf database"),
        (&newer, &newer_bytes, &newer_wal, "schema version 99"),
    ] {
        for args in [
            &["new", "--rules", "classic", "ann", "bob"][..],
            &["card"],
            &["check"],
        ] {
            let out = with_db(&env, db).args(args).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "golf {args:?}: {stderr}");
            assert!(stderr.contains(why), "golf {args:?}: {stderr}");
            assert_eq!(
                &std::fs::read(db).unwrap(),
                bytes,
                "golf {args:?} changed {why}"
            );
            let mut w = db.as_os_str().to_os_string();
            w.push("-wal");
            assert_eq!(
                &std::fs::read(PathBuf::from(w)).unwrap(),
                wal,
                "golf {args:?} changed the WAL of {why}"
            );
        }
    }
}

/// The page number of a table or index.
fn root_page(db: &Path, name: &str) -> u64 {
    let conn = Connection::open(db).unwrap();
    conn.query_row(
        "SELECT rootpage FROM sqlite_master WHERE name = ?1",
        [name],
        |r| r.get::<_, i64>(0),
    )
    .unwrap() as u64
}

/// Item 7: random bytes in a page of the holes table, the grids table or an index stop
/// every write that reads that page — pages are checked as they are read, without a
/// check of the whole file on every command (issue 13) — and `golf check` finds them.
#[test]
fn random_bytes_in_a_page_stop_every_write_that_reads_it() {
    let hole = &["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"][..];
    let penalty = &["penalty", "ann", "--points", "2", "--reason", "slow"][..];
    let new = &["new", "--rules", "classic", "cat", "dan"][..];
    for (object, offset, writes) in [
        ("holes", 8, vec![hole, penalty]),
        ("holes", 4096 - 400, vec![hole, penalty]),
        ("grids", 8, vec![hole, penalty]),
        ("seats_by_player", 8, vec![new]),
    ] {
        let env = Env::new();
        env.ok(&["new", "--rules", "classic", "ann", "bob"]);
        for _ in 0..3 {
            env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
        }
        let db = env.db();
        let page = root_page(&db, object);
        let mut bytes = std::fs::read(&db).unwrap();
        let start = (page as usize - 1) * 4096 + offset;
        let mut rng = Lcg(page + offset as u64);
        for b in &mut bytes[start..start + 400] {
            *b = rng.below(256) as u8;
        }
        std::fs::write(&db, &bytes).unwrap();
        for args in writes {
            let out = env.golf().args(args).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(
                out.status.code(),
                Some(1),
                "{object}+{offset}: golf {args:?} wrote: {stderr}"
            );
            assert!(stderr.contains("damaged"), "{stderr}");
            assert!(!stderr.contains("panicked"), "{stderr}");
            assert_eq!(
                std::fs::read(&db).unwrap(),
                bytes,
                "golf {args:?} changed it"
            );
        }
        let out = env.golf().arg("check").output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(1),
            "check finds the damage to {object}"
        );
    }
}

/// Item 7: `golf check` finds what the other commands refuse or would misread, and no
/// command panics on a tampered database.
#[test]
fn check_finds_tampered_rows_and_no_command_panics() {
    for (what, sql, finds) in [
        ("garbage rules", "UPDATE rule_sets SET json = '{not json'", "stored rules cannot be read"),
        ("unknown tiebreak", "UPDATE matches SET tiebreak = 'coin-toss'", "tiebreak"),
        ("a wrong score", "UPDATE grids SET score = score + 7 WHERE seat = 1 AND hole_id = (SELECT min(id) FROM holes)", "scores"),
        ("a missing grid", "DELETE FROM grids WHERE seat = 1 AND hole_id = (SELECT max(id) FROM holes)", "grid is missing"),
        ("a seat past the players", "UPDATE grids SET seat = 5 WHERE seat = 1 AND hole_id = (SELECT min(id) FROM holes)", "belongs to no player"),
        ("a hole out of sequence", "UPDATE holes SET number = 7 WHERE id = (SELECT max(id) FROM holes)", "out of sequence"),
        ("who went out", "UPDATE holes SET out_seat = 9", "went out"),
        ("a foreign trigger", "CREATE TRIGGER spy AFTER INSERT ON holes BEGIN DELETE FROM holes; END", "trigger spy"),
        ("a control character", "UPDATE seats SET player = 'ann' || char(27) || '[2J' WHERE seat = 0", "U+001B"),
    ] {
        let env = Env::new();
        env.ok(&["new", "--rules", "classic", "ann", "bob"]);
        env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q", "--out", "bob"]);
        env.ok(&["hole", "ann=3 3 4 / 9 9 4", "bob=A A 2 / K K 2"]);
        {
            let conn = Connection::open(env.db()).unwrap();
            conn.execute_batch(&format!("PRAGMA foreign_keys = OFF; {sql};"))
                .unwrap();
        }
        let out = env.golf().arg("check").output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(1), "{what}: {text}");
        assert!(text.contains(finds), "{what}: {text}");
        assert!(!text.contains('\x1b'), "{what}: {text}");
        for args in [
            &["card"][..],
            &["--json", "card"],
            &["history"],
            &["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"],
            &["undo"],
            &["finish"],
        ] {
            let out = env.golf().args(args).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(!stderr.contains("panicked"), "{what}: golf {args:?}: {stderr}");
            assert!(
                !stdout.contains('\x1b') && !stderr.contains('\x1b'),
                "{what}: golf {args:?} printed an escape"
            );
        }
    }
}

/// Item 5: text in a tampered database reaches the terminal escaped, never raw.
#[test]
fn stored_text_is_escaped_on_output() {
    let env = Env::new();
    env.ok(&[
        "new", "--rules", "classic", "--name", "friday", "ann", "bob",
    ]);
    env.ok(&["penalty", "ann", "--points", "3", "--reason", "slow"]);
    {
        let conn = Connection::open(env.db()).unwrap();
        conn.execute(
            "UPDATE penalties SET reason = ?1",
            ["x\x1b]0;PWNED\x07\x1b[2J\r\nFAKE: bob wins"],
        )
        .unwrap();
        conn.execute("UPDATE matches SET name = ?1", ["fri\u{202e}day\n"])
            .unwrap();
    }
    for args in [&["card"][..], &["history"]] {
        let out = env.golf().args(args).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "golf {args:?}");
        assert!(
            !stdout.contains('\x1b') && !stdout.contains('\x07') && !stdout.contains('\r'),
            "golf {args:?}: {stdout:?}"
        );
        assert!(!stdout.contains('\u{202e}'), "{stdout:?}");
        assert!(
            !stdout.lines().any(|l| l.trim_start().starts_with("FAKE")),
            "a faked line: {stdout}"
        );
    }
}

/// Item 8: an import refused part-way names the sheet's hole, never the id of a match it
/// rolled back, and writes nothing.
#[test]
fn a_refused_import_names_no_rolled_back_match() {
    let env = Env::new();
    let bad = env.write(
        "late.toml",
        "rules = \"classic\"\nholes = 1\nplayers = [\"ann\", \"bob\"]\n\n[[hole]]\ngrids = { ann = 3, bob = 4 }\n\n[[hole]]\ngrids = { ann = 3, bob = 4 }\n",
    );
    let stderr = env.bad(&["import", bad.to_str().unwrap()]);
    assert!(stderr.contains("hole 2"), "{stderr}");
    assert!(!stderr.contains("match 1"), "{stderr}");
    assert!(!env.db().exists());
}

/// Item 7: after a writer may have stopped mid-write (a WAL left beside the file), the
/// next write checks the whole file first, so damage on a page that write never reads
/// still stops it; without that sign, a write pays for the pages it reads only.
#[test]
fn a_write_after_an_unclean_stop_checks_the_whole_file() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    let db = env.db();
    // damage where `golf hole` does not read: the index of players' seats
    let page = root_page(&db, "seats_by_player");
    let mut bytes = std::fs::read(&db).unwrap();
    let start = (page as usize - 1) * 4096 + 8;
    let mut rng = Lcg(page);
    for b in &mut bytes[start..start + 400] {
        *b = rng.below(256) as u8;
    }
    std::fs::write(&db, &bytes).unwrap();
    let hole = ["hole", "ann=K 3 9 / K 3 A", "bob=6 6 J / 4 8 J"];

    // a WAL with nothing SQLite can use in it, as a writer killed while starting leaves
    let mut wal = db.as_os_str().to_os_string();
    wal.push("-wal");
    std::fs::write(PathBuf::from(&wal), [0u8; 32]).unwrap();
    let out = env.golf().args(hole).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("damaged"), "{stderr}");

    // no such sign: the write goes ahead, and `golf check` still finds the damage
    let _ = std::fs::remove_file(PathBuf::from(&wal));
    env.ok(&hole);
    assert_eq!(
        env.golf().arg("check").output().unwrap().status.code(),
        Some(1)
    );
}

// ==== issue 32a: tampered drafts ====

/// Drafts as a tampered file may hold them: (what, the row's hole, playoff and entries as
/// SQL, what `golf check` must say).
const TAMPERED_DRAFTS: [(&str, &str, &str); 9] = [
    (
        "seat 99",
        "1, 0, '[[99, \"5 K Q / 5 2 J\"]]'",
        "seat 99 is not at this table",
    ),
    (
        "escape codes",
        "1, 0, '[[0, \"5 K Q\\u001b[2J / 5 2 J\"]]'",
        "U+001B",
    ),
    (
        "raw escape codes",
        "1, 0, '[[0, \"5 K Q' || char(27) || '[2J / 5 2 J\"]]'",
        "cannot be read",
    ),
    (
        "a grid the referee refuses",
        "1, 0, '[[0, \"5 K Q / 5 2\"]]'",
        "ann's grid",
    ),
    (
        "a seat twice",
        "1, 0, '[[0, \"12\"], [0, \"13\"]]'",
        "two grids for ann",
    ),
    ("a hole the match cannot have", "40, 0, '[]'", "hole 40"),
    (
        "a negative hole",
        "-1, 0, '[]'",
        "hole number is not a number",
    ),
    ("not JSON", "1, 0, '[[0, '", "grids cannot be read"),
    (
        "a negative seat",
        "1, 0, '[[-1, \"12\"]]'",
        "grids cannot be read",
    ),
];

/// Issue 32.14: `golf check` reports each tampered draft (exit 1), escaped, and neither
/// check nor any command panics on one.
#[test]
fn check_reports_tampered_drafts() {
    for (what, row, finds) in TAMPERED_DRAFTS {
        let env = Env::new();
        env.ok(&["new", "--rules", "classic", "ann", "bob"]);
        env.ok(&["check"]);
        {
            let conn = Connection::open(env.db()).unwrap();
            conn.execute_batch(&format!(
                "INSERT INTO drafts (match_id, hole, playoff, entries, saved_at)
                 VALUES (1, {row}, '2026-11-25T17:00:00Z');"
            ))
            .unwrap();
        }
        let out = env.golf().arg("check").output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(1), "{what}: {text}");
        assert!(
            text.contains("draft") && text.contains(finds),
            "{what}: {text}"
        );
        assert!(!text.contains('\x1b'), "{what}: {text}");
        assert!(!text.contains("panicked"), "{what}: {text}");
        // recording the hole replaces the draft: the file is sound again
        env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
        env.ok(&["check"]);
    }
}

/// Issue 32.17: a damaged database that golf refuses is left as it was found: no fresh
/// `-wal`/`-shm` files beside it (every connection, read-only ones too, makes them), and
/// the message asks to remove none; `golf check` finding damage leaves none either.
#[test]
fn a_refused_damaged_database_gets_no_files_beside_it() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    for _ in 0..3 {
        env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    }
    let db = env.db();
    let page = root_page(&db, "holes");
    let mut bytes = std::fs::read(&db).unwrap();
    let start = (page as usize - 1) * 4096 + 8;
    let mut rng = Lcg(page);
    for b in &mut bytes[start..start + 400] {
        *b = rng.below(256) as u8;
    }
    std::fs::write(&db, &bytes).unwrap();
    let backup = env.path("copy.db");
    for args in [
        &["card"][..],
        &["history"],
        &["export"],
        &["check"],
        &["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"],
        &["backup", backup.to_str().unwrap()],
    ] {
        let out = env.golf().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "golf {args:?}: {stderr}");
        assert!(!stderr.contains("-wal"), "golf {args:?}: {stderr}");
        let beside = files_in(env.dir.path());
        assert!(
            !beside
                .iter()
                .any(|f| f.ends_with("-wal") || f.ends_with("-shm")),
            "golf {args:?} left {beside:?}"
        );
        assert_eq!(
            std::fs::read(&db).unwrap(),
            bytes,
            "golf {args:?} changed it"
        );
    }
}

/// Issue 32.17: `golf backup nodir/x.db` says there is no folder nodir (it named a
/// temporary file of its own), exit 2, nothing made.
#[test]
fn a_backup_into_a_missing_folder_names_the_folder() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let target = env.path("nodir").join("x.db");
    let err = env.bad(&["backup", target.to_str().unwrap()]);
    assert!(
        err.contains(&format!(
            "there is no folder {}",
            env.path("nodir").display()
        )),
        "{err}"
    );
    assert!(!err.contains(".part"), "{err}");
    assert!(!env.path("nodir").exists());
}

// ---- issue 32b: out-of-bounds stored numbers and foreign triggers ----

/// A database with the 9-hole example and an unfinished match, then tampered by `sql`
/// (check constraints off, as a hand or another program could).
fn tampered(sql: &str) -> Env {
    let env = Env::new();
    env.ok(&[
        "import",
        repo("examples/classic-9-holes.toml").to_str().unwrap(),
    ]);
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    let conn = Connection::open(env.db()).unwrap();
    conn.execute_batch(&format!(
        "PRAGMA ignore_check_constraints = 1; PRAGMA foreign_keys = 0; {sql}"
    ))
    .unwrap();
    env
}

#[test]
fn stored_numbers_out_of_bounds_are_a_damaged_database_for_every_command() {
    let commands: [&[&str]; 13] = [
        &["card"],
        &["card", "1"],
        &["history"],
        &["odds"],
        &["stats"],
        &["ratings"],
        &["head-to-head", "ann", "bob"],
        &["export"],
        &["log", "2"],
        &["chart", "1"],
        &["hole", "ann=1", "bob=2"],
        &["new", "--rules", "classic", "cat", "dan"],
        &["check"],
    ];
    for (what, sql) in [
        ("a billion planned holes", "UPDATE matches SET holes_planned = 1000000000 WHERE id = 2"),
        ("negative decks", "UPDATE matches SET decks = -1 WHERE id = 1"),
        ("one seat", "DELETE FROM seats WHERE match_id = 2 AND seat = 1; DELETE FROM grids WHERE seat = 1 AND hole_id IN (SELECT id FROM holes WHERE match_id = 2)"),
        ("one seat, no holes", "DELETE FROM grids; DELETE FROM holes; DELETE FROM seats WHERE seat > 0 AND match_id = 1"),
    ] {
        let env = tampered(sql);
        let before = std::fs::read(env.db()).unwrap();
        for args in commands {
            let out = env
                .golf()
                .args(args)
                .timeout(Duration::from_secs(60))
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{what}: {args:?}: {err}");
            assert!(
                err.contains("damaged") || err.contains("failed its checks"),
                "{what}: {args:?}: {err}"
            );
            assert!(!err.contains("memory allocation"), "{what}: {args:?}: {err}");
        }
        assert_eq!(std::fs::read(env.db()).unwrap(), before, "{what}: written");
        // golf check lists it among the match problems
        let check = env.golf().arg("check").output().unwrap();
        let shown = String::from_utf8_lossy(&check.stdout);
        assert!(shown.contains("out of range"), "{what}: {shown}");
    }
    // a number past its type in a hole, grid or penalty: damaged for whatever loads it
    for sql in [
        "UPDATE holes SET number = -1 WHERE match_id = 2",
        "UPDATE grids SET score = 9999999999",
        "UPDATE penalties SET points = -9999999999",
    ] {
        let env = tampered("SELECT 1");
        env.ok(&["penalty", "ann", "--points", "5", "--reason", "slow"]);
        let conn = Connection::open(env.db()).unwrap();
        conn.execute_batch(&format!("PRAGMA ignore_check_constraints = 1; {sql}"))
            .unwrap();
        for args in [&["card"][..], &["history"], &["export"], &["log", "2"]] {
            let out = env.golf().args(args).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{sql}: {args:?}: {err}");
            assert!(err.contains("damaged"), "{sql}: {args:?}: {err}");
        }
    }
}

#[test]
fn a_foreign_trigger_refuses_every_write_before_it_can_undo_one() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let conn = Connection::open(env.db()).unwrap();
    conn.execute_batch(
        "CREATE TRIGGER eat AFTER INSERT ON holes BEGIN
             DELETE FROM grids WHERE hole_id = NEW.id; DELETE FROM holes WHERE id = NEW.id;
         END;",
    )
    .unwrap();
    let before = std::fs::read(env.db()).unwrap();
    for args in [
        &["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"][..],
        &["new", "--rules", "classic", "cat", "dan"],
        &["penalty", "ann", "--points", "5", "--reason", "slow"],
        &[
            "import",
            repo("examples/classic-9-holes.toml").to_str().unwrap(),
        ],
    ] {
        let out = env.golf().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("trigger golf did not make (`eat`)"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(std::fs::read(env.db()).unwrap(), before, "written");
    // reading is untouched by a trigger, and check names it
    env.ok(&["card"]);
    let check = env.golf().arg("check").output().unwrap();
    assert!(String::from_utf8_lossy(&check.stdout).contains("trigger eat was not made by golf"));
    conn.execute_batch("DROP TRIGGER eat").unwrap();
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    assert_eq!(env.json(&["card"])["holes"].as_array().unwrap().len(), 1);
}

/// A `-wal` beside golf.db that SQLite did not write (shorter than its 32-byte header and
/// not all zeros, a wrong magic number, a header whose checksum does not match) is
/// reported by `golf check` (exit 1, naming the `-wal` and the way back), not discarded
/// by SQLite in silence; the database, the `-wal` and the `-shm` are left as they were.
/// A `-wal` SQLite wrote (a killed writer's last commit), or one of zeros only, passes.
#[test]
fn golf_check_reports_a_garbage_wal() {
    let env = Env::new();
    env.ok(&["import", &sheet()]);
    let db = env.db();
    // a real log, a crash's: its last commit still in it
    let conn = Connection::open(&db).unwrap();
    conn.execute_batch(
        "PRAGMA wal_autocheckpoint = 0; UPDATE holes SET note = 'after the crash' WHERE number = 1;",
    )
    .unwrap();
    let (crashed, _, wal) = crash_copy(&env, &db, "crashed");
    drop(conn);
    let mut checksum_off = wal.clone();
    checksum_off[12] ^= 0xff;
    let mut magic_off = wal.clone();
    magic_off[..4].copy_from_slice(&0x1234_5678u32.to_be_bytes());
    let db_bytes = std::fs::read(&crashed).unwrap();
    let wal_path = env.path("crashed/golf.db-wal");
    let shm_path = env.path("crashed/golf.db-shm");
    for (what, bytes) in [
        ("shorter than its header", b"not a log".to_vec()),
        ("a wrong magic number", magic_off),
        ("a header checksum that does not match", checksum_off),
    ] {
        std::fs::write(&wal_path, &bytes).unwrap();
        let _ = std::fs::remove_file(&shm_path);
        let out = with_db(&env, &crashed).arg("check").output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let said = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(out.status.code(), Some(1), "{what}: {stderr}");
        assert!(
            said.contains(&format!(
                "write-ahead log {} is not one SQLite wrote",
                wal_path.display()
            )) && said.contains("golf backup"),
            "{what}: {stderr}"
        );
        assert_eq!(
            std::fs::read(&wal_path).unwrap(),
            bytes,
            "{what}: the -wal changed"
        );
        assert_eq!(
            std::fs::read(&crashed).unwrap(),
            db_bytes,
            "{what}: the database changed"
        );
        assert!(!shm_path.exists(), "{what}: a -shm was made");
    }
    // a log SQLite wrote, and a -wal of zeros only (nothing committed), pass
    for (what, bytes) in [("the crash's log", wal.clone()), ("zeros", vec![0u8; 32])] {
        std::fs::write(&wal_path, &bytes).unwrap();
        let out = with_db(&env, &crashed).arg("check").output().unwrap();
        assert!(
            out.status.success(),
            "{what}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// A database of a newer schema version, the upgrade still in its WAL (a newer golf killed,
/// or still running), is refused (exit 1, as ever) from the WAL's bytes before SQLite
/// opens it: no `-shm` is made, and a `-shm` or `-wal` there is left byte for byte, its
/// time unchanged.
#[test]
fn a_newer_database_is_refused_without_touching_its_shm() {
    let env = Env::new();
    env.ok(&["import", &sheet()]);
    let golf_db = env.db();
    let conn = Connection::open(&golf_db).unwrap();
    conn.execute_batch("PRAGMA wal_autocheckpoint = 0; PRAGMA user_version = 99;")
        .unwrap();
    let (newer, db_bytes, wal_bytes) = crash_copy(&env, &golf_db, "newer");
    let shm_bytes = std::fs::read(env.path("golf.db-shm")).unwrap();
    drop(conn);
    let wal = env.path("newer/golf.db-wal");
    let shm = env.path("newer/golf.db-shm");
    let stamp = |p: &Path| std::fs::metadata(p).ok().map(|m| m.modified().unwrap());
    for with_shm in [false, true] {
        if with_shm {
            std::fs::write(&shm, &shm_bytes).unwrap();
        }
        let (wal_time, shm_time) = (stamp(&wal), stamp(&shm));
        std::thread::sleep(Duration::from_millis(20));
        for args in [
            &["card"][..],
            &["check"],
            &["new", "--rules", "classic", "ann", "bob"],
            &["export"],
        ] {
            let out = with_db(&env, &newer).args(args).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let what = format!("golf {args:?}, a -shm there: {with_shm}");
            assert_eq!(out.status.code(), Some(1), "{what}: {stderr}");
            assert!(stderr.contains("schema version 99"), "{what}: {stderr}");
            assert_eq!(std::fs::read(&newer).unwrap(), db_bytes, "{what}");
            assert_eq!(std::fs::read(&wal).unwrap(), wal_bytes, "{what}");
            assert_eq!(stamp(&wal), wal_time, "{what}: the -wal was touched");
            match with_shm {
                false => assert!(!shm.exists(), "{what}: a -shm was made"),
                true => {
                    assert_eq!(std::fs::read(&shm).unwrap(), shm_bytes, "{what}");
                    assert_eq!(stamp(&shm), shm_time, "{what}: the -shm was touched");
                }
            }
        }
    }
}
