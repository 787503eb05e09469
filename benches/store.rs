//! The store at scale: 10,000 matches of 9 holes and 4 players recorded through the store
//! (one transaction per match, as `golf import` does), then the time of `card` (load a match
//! and build its scorecard) and `history` (the newest 20 matches) on that database, and the
//! file's size per recorded grid. Run with `cargo bench --bench store`; the set-up figures
//! print to stderr once.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

use divan::black_box;
use golf::game::{Hole, Match, Setup, Typed};
use golf::store::{self, Store};
use golf::view::card::CardView;

fn main() {
    divan::main();
}

const MATCHES: i64 = 10_000;
const PLAYERS: [&str; 4] = ["ann", "bob", "cat", "dan"];

/// Nine deck-legal holes for four players of classic (one deck).
const HOLES: [[&str; 4]; 9] = [
    [
        "5 K Q / 5 2 J",
        "2 7 Q / 2 7 Q",
        "7 7 3 / 4 5 6",
        "A A 3 / 4 8 9",
    ],
    [
        "K 3 9 / K 3 A",
        "6 6 J / 4 8 J",
        "2 10 5 / 2 10 Q",
        "7 7 8 / 9 9 A",
    ],
    [
        "Q 4 4 / Q 9 8",
        "K A 2 / K A 3",
        "5 5 J / 6 7 J",
        "10 10 7 / 2 6 3",
    ],
    [
        "2 2 K / 2 8 K",
        "9 9 3 / 9 9 4",
        "A 6 10 / A 6 Q",
        "5 5 J / 7 7 J",
    ],
    [
        "7 J 5 / 3 J 5",
        "Q 4 6 / Q 4 K",
        "8 8 A / 8 8 2",
        "9 9 10 / 2 3 10",
    ],
    [
        "K K 10 / 9 K 10",
        "3 3 A / 3 5 A",
        "6 6 2 / 6 7 2",
        "Q Q 4 / J J 4",
    ],
    [
        "A 4 Q / A 4 J",
        "2 K 5 / 2 K 5",
        "7 9 9 / 7 3 8",
        "6 6 10 / 6 3 10",
    ],
    [
        "6 5 K / 6 5 2",
        "J 10 8 / Q 10 8",
        "3 3 9 / 4 3 9",
        "A A 7 / 7 4 2",
    ],
    [
        "Q Q 7 / 2 5 7",
        "K 4 4 / K A 4",
        "J J 3 / J J 3",
        "9 9 8 / 6 6 8",
    ],
];

struct Fixture {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("bench.db");
        let setup = Setup {
            rules: "classic".into(),
            name: Some("bench".into()),
            holes: Some(9),
            tiebreak: vec!["countback".into(), "shared".into()],
            players: PLAYERS.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        };
        let at = store::timestamp();
        let mut template = Match::new(&setup, &at).unwrap_or_else(|e| panic!("{e}"));
        // score the nine holes once; recording is what is measured
        for (i, grids) in HOLES.iter().enumerate() {
            let entries: Vec<(usize, Typed)> = grids
                .iter()
                .enumerate()
                .map(|(s, g)| (s, Typed::parse(PLAYERS[s], g, &template.rules)))
                .map(|(s, t)| (s, t.unwrap_or_else(|e| panic!("{e}"))))
                .collect();
            let hole = template
                .play_hole(&entries, Some(golf::game::Ending::out(i % 4)), false, &at)
                .unwrap_or_else(|e| panic!("{e}"));
            template.record(hole);
        }
        let result = serde_json::to_string(&template.outcome()).unwrap_or_else(|e| panic!("{e}"));
        let holes: Vec<Hole> = std::mem::take(&mut template.holes);
        let mut db = Store::open(&path).unwrap_or_else(|e| panic!("{e}"));
        let start = Instant::now();
        for _ in 0..MATCHES {
            template.uuid = uuid::Uuid::new_v4().to_string();
            db.write(|tx| {
                let id = store::insert_match(tx, &template)?;
                for h in &holes {
                    store::insert_hole(tx, id, h)?;
                }
                store::finish(tx, id, &at, &result)?;
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
        }
        let elapsed = start.elapsed();
        db.conn()
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
            .unwrap_or_else(|e| panic!("{e}"));
        let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let grids = MATCHES as u64 * 9 * 4;
        eprintln!(
            "store set-up: {MATCHES} matches ({grids} grids) recorded in {:.1} s ({:.2} ms a match); file {:.1} MiB = {} bytes a grid",
            elapsed.as_secs_f64(),
            elapsed.as_secs_f64() * 1000.0 / MATCHES as f64,
            bytes as f64 / 1_048_576.0,
            bytes / grids
        );
        Fixture { _dir: dir, path }
    })
}

#[divan::bench(sample_count = 200)]
fn card_of_one_match(bencher: divan::Bencher) {
    let f = fixture();
    let db = Store::open_read_only(&f.path)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no database"));
    let mut id = 0;
    bencher.bench_local(|| {
        id = id % MATCHES + 1;
        let m = store::load_match(db.conn(), id)
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("no match {id}"));
        black_box(CardView::new(&m));
    });
}

#[divan::bench(sample_count = 100)]
fn history_newest_20(bencher: divan::Bencher) {
    let f = fixture();
    let db = Store::open_read_only(&f.path)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no database"));
    bencher.bench_local(|| {
        let ids = store::match_ids(db.conn(), None, 20).unwrap_or_else(|e| panic!("{e}"));
        for id in ids {
            let m = store::load_match(db.conn(), id).unwrap_or_else(|e| panic!("{e}"));
            black_box(m.map(|m| m.outcome()));
        }
    });
}

#[divan::bench(sample_count = 100)]
fn history_of_one_player_newest_20(bencher: divan::Bencher) {
    let f = fixture();
    let db = Store::open_read_only(&f.path)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no database"));
    bencher.bench_local(|| {
        black_box(store::match_ids(db.conn(), Some("dan"), 20).unwrap_or_else(|e| panic!("{e}")));
    });
}

#[divan::bench(sample_count = 20)]
fn stats_over_10000_matches(bencher: divan::Bencher) {
    let f = fixture();
    let db = Store::open_read_only(&f.path)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no database"));
    let filter = store::stats::Filter::default();
    bencher.bench_local(|| {
        black_box(store::stats::players(db.conn(), &filter).unwrap_or_else(|e| panic!("{e}")));
    });
}

/// Exports the 10,000 matches to one JSON file, then imports it into a new database the
/// way `golf import` does (read and check every match, then one transaction); both times
/// print once.
#[divan::bench(sample_count = 1)]
fn export_then_import_10000_matches(bencher: divan::Bencher) {
    let f = fixture();
    bencher.bench_local(|| {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let file = dir.path().join("all.json");
        let start = Instant::now();
        let mut db = Store::open_read_only(&f.path)
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("no database"));
        let matches = db
            .read(|tx| {
                store::all_match_ids(tx)?
                    .into_iter()
                    .map(|id| Ok(store::load_match(tx, id)?.unwrap_or_else(|| panic!("no {id}"))))
                    .collect::<golf::error::Result<Vec<_>>>()
            })
            .unwrap_or_else(|e| panic!("{e}"));
        let text = golf::view::export::Export::new(matches)
            .json()
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&file, &text).unwrap_or_else(|e| panic!("{e}"));
        let exported = start.elapsed();
        let start = Instant::now();
        let incoming = golf::sheet::read_file(&file, &store::timestamp()).unwrap_or_else(|e| panic!("{e}"));
        let mut target = Store::open(&dir.path().join("merged.db")).unwrap_or_else(|e| panic!("{e}"));
        target
            .write(|tx| {
                for item in &incoming {
                    store::insert_whole(tx, &item.m)?;
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
        eprintln!(
            "export of {} matches ({:.1} MiB) in {:.2} s; import of them into a new database in {:.2} s",
            incoming.len(),
            text.len() as f64 / 1_048_576.0,
            exported.as_secs_f64(),
            start.elapsed().as_secs_f64()
        );
    });
}
