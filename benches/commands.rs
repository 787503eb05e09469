//! Whole commands, as a user runs them: each bench starts the release `golf` binary and
//! waits for it, so start-up, the database and the output are all in the figure. Run with
//! `cargo bench --bench commands`. The ratios of issue 13 compare figures of one run:
//!
//! - start-up: `golf score` and `golf rules list` against `hello_world`, a release
//!   hello-world compiled here with the same rustc;
//! - `golf hole` on the shared 10,000-match database (benches/common) against one match;
//! - `golf import` of those 10,000 matches from one file into a new database, against
//!   `sqlite3 NEW.db < dump.sql` loading a dump of the database that import makes (issue
//!   18: import at most the time of that load);
//! - `golf history --limit 10000 --json` against `sqlite3 -readonly DB .dump` of the same
//!   file (skipped with a note where the sqlite3 shell is not installed);
//! - issue 21: `golf card` with its chances line against `golf card --no-odds`, on a match
//!   in play (3 of 9 holes) of the four players of the shared database, under its rules:
//!   each player's history is read and 10,000 samples played (must stay within 1.3×);
//!   and the same with players who have no history, drawing from the simulated scores
//!   (cached, as from the second card on).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

mod common;

fn main() {
    divan::main();
}

const GOLF: &str = env!("CARGO_BIN_EXE_golf");

/// Runs `program args`, output discarded; panics unless it succeeds.
fn run(program: &Path, args: &[&str], db: Option<&Path>) {
    let mut cmd = Command::new(program);
    cmd.args(args).stdout(Stdio::null()).stderr(Stdio::piped());
    if let Some(db) = db {
        cmd.env("GOLF_DB", db);
        // simulated hole scores are cached beside the database, not in the user's folder
        if let Some(dir) = db.parent() {
            cmd.env("GOLF_CACHE_DIR", dir.join("cache"));
        }
    }
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    assert!(
        out.status.success(),
        "{} {args:?}: {}: {}",
        program.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

fn golf(args: &[&str], db: &Path) {
    run(Path::new(GOLF), args, Some(db));
}

/// A release hello-world built with the rustc that built golf, once.
fn hello() -> &'static Path {
    static HELLO: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, path) = HELLO.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let source = dir.path().join("hello.rs");
        std::fs::write(&source, "fn main() { println!(\"Hello, world!\"); }\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let exe = dir.path().join("hello");
        let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
        let status = Command::new(rustc)
            .args(["-C", "opt-level=3", "-o"])
            .arg(&exe)
            .arg(&source)
            .status()
            .unwrap_or_else(|e| panic!("rustc: {e}"));
        assert!(status.success(), "rustc could not build hello.rs");
        (dir, exe)
    });
    path
}

/// A database path with nothing in it yet (no file: read commands need none).
fn no_db() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap_or_else(|e| panic!("{e}")))
        .path()
}

#[divan::bench]
fn hello_world() {
    run(hello(), &[], None);
}

#[divan::bench]
fn golf_version() {
    golf(&["--version"], &no_db().join("none.db"));
}

#[divan::bench]
fn golf_score_classic() {
    golf(
        &["score", "--rules", "classic", "5 K Q / 5 2 J"],
        &no_db().join("none.db"),
    );
}

#[divan::bench]
fn golf_rules_list() {
    golf(&["rules", "list"], &no_db().join("none.db"));
}

/// A copy of the shared database (so the benches that write leave it as it was), or a
/// database with one match when `empty`.
fn copy_of(empty: bool, name: &str) -> PathBuf {
    let path = common::fixture().dir.path().join(name);
    if !path.exists() {
        if empty {
            golf(&["new", "--rules", "classic", "ann", "bob"], &path);
        } else {
            std::fs::copy(&common::fixture().path, &path).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    path
}

/// `golf hole` on a new match; the `golf new` before each is not timed.
fn hole(bencher: divan::Bencher, db: &Path) {
    bencher
        .with_inputs(|| golf(&["new", "--rules", "classic", "ann", "bob"], db))
        .bench_local_values(|()| golf(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"], db));
}

#[divan::bench(sample_count = 30)]
fn golf_hole_on_one_match(bencher: divan::Bencher) {
    hole(bencher, &copy_of(true, "one.db"));
}

#[divan::bench(sample_count = 30)]
fn golf_hole_on_10000_matches(bencher: divan::Bencher) {
    hole(bencher, &copy_of(false, "hole.db"));
}

/// The export of the shared database's 10,000 matches, written once.
fn export_file() -> PathBuf {
    let f = common::fixture();
    let file = f.dir.path().join("all.json");
    if !file.exists() {
        golf(
            &["export", "--output", file.to_str().unwrap_or_default()],
            &f.path,
        );
    }
    file
}

#[divan::bench(sample_count = 3)]
fn golf_import_10000_matches(bencher: divan::Bencher) {
    let file = export_file().to_str().unwrap_or_default().to_string();
    bencher
        .with_inputs(|| {
            let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
            let db = dir.path().join("imported.db");
            (dir, db)
        })
        .bench_local_values(|(_dir, db)| golf(&["import", &file], &db));
}

#[divan::bench(sample_count = 10)]
fn golf_history_10000_json(bencher: divan::Bencher) {
    let path = &common::fixture().path;
    bencher.bench_local(|| golf(&["history", "--limit", "10000", "--json"], path));
}

#[divan::bench(sample_count = 10)]
fn sqlite3_dump_of_the_same_file(bencher: divan::Bencher) {
    let path = common::fixture().path.to_str().unwrap_or_default();
    let shell = Path::new("sqlite3");
    if Command::new(shell).arg("-version").output().is_err() {
        eprintln!("sqlite3_dump_of_the_same_file: no sqlite3 shell here; skipped");
        return;
    }
    bencher.bench_local(|| run(shell, &["-readonly", path, ".dump"], None));
}

/// `sqlite3 NEW.db < dump.sql`: the yardstick of `golf import` (issue 18), the dump being
/// of the very database that importing the 10,000 matches makes; set up once, not timed.
#[divan::bench(sample_count = 3)]
fn sqlite3_load_of_the_imported_dump(bencher: divan::Bencher) {
    let shell = Path::new("sqlite3");
    if Command::new(shell).arg("-version").output().is_err() {
        eprintln!("sqlite3_load_of_the_imported_dump: no sqlite3 shell here; skipped");
        return;
    }
    static DUMP: OnceLock<PathBuf> = OnceLock::new();
    let dump = DUMP.get_or_init(|| {
        let dir = common::fixture().dir.path();
        let db = dir.join("imported-once.db");
        golf(&["import", export_file().to_str().unwrap_or_default()], &db);
        let out = Command::new(shell)
            .arg(&db)
            .arg(".dump")
            .output()
            .unwrap_or_else(|e| panic!("sqlite3: {e}"));
        let path = dir.join("dump.sql");
        std::fs::write(&path, out.stdout).unwrap_or_else(|e| panic!("{e}"));
        path
    });
    bencher
        .with_inputs(|| {
            let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
            let db = dir.path().join("loaded.db");
            let input = std::fs::File::open(dump).unwrap_or_else(|e| panic!("{e}"));
            (dir, db, input)
        })
        .bench_local_values(|(_dir, db, input)| {
            let status = Command::new(shell)
                .arg(&db)
                .stdin(input)
                .stdout(Stdio::null())
                .status()
                .unwrap_or_else(|e| panic!("sqlite3: {e}"));
            assert!(status.success(), "sqlite3 could not load the dump");
        });
}

/// The shared database with a match in play (3 of 9 holes) under its own rules, by the
/// four players of its 10,000 matches (`history`) or by four new ones.
fn in_play(history: bool) -> PathBuf {
    let name = if history { "odds.db" } else { "odds-new.db" };
    let path = common::fixture().dir.path().join(name);
    if !path.exists() {
        std::fs::copy(&common::fixture().path, &path).unwrap_or_else(|e| panic!("{e}"));
        let players = if history {
            common::PLAYERS
        } else {
            ["eve", "fay", "gus", "hal"]
        };
        let mut new = vec!["new", "--rules", "classic", "--house", "out-penalty-10"];
        new.extend(players);
        golf(&new, &path);
        for _ in 0..3 {
            let grids: Vec<String> = players.iter().map(|p| format!("{p}=12")).collect();
            let mut hole = vec!["hole"];
            hole.extend(grids.iter().map(String::as_str));
            golf(&hole, &path);
        }
        // the first card works out and caches the simulated scores
        golf(&["card"], &path);
    }
    path
}

#[divan::bench(sample_count = 30)]
fn golf_card_with_odds_from_history(bencher: divan::Bencher) {
    let db = in_play(true);
    bencher.bench_local(|| golf(&["card"], &db));
}

#[divan::bench(sample_count = 30)]
fn golf_card_no_odds(bencher: divan::Bencher) {
    let db = in_play(true);
    bencher.bench_local(|| golf(&["card", "--no-odds"], &db));
}

#[divan::bench(sample_count = 30)]
fn golf_card_with_odds_simulated(bencher: divan::Bencher) {
    let db = in_play(false);
    bencher.bench_local(|| golf(&["card"], &db));
}
