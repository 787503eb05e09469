//! The store at scale, in process: on the shared 10,000-match database (benches/common),
//! the time of `card` (load a match and build its scorecard), `history` (the newest 20, and
//! all 10,000), stats, ratings, and export then import of every match; the set-up prints the time
//! to record them and the file's size per grid. Run with `cargo bench --bench store`.

use std::time::Instant;

use common::{fixture, MATCHES};
use divan::black_box;
use golf::store::{self, Store};
use golf::view::card::CardView;

mod common;

fn main() {
    divan::main();
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
        let matches = store::load_matches(db.conn(), &ids).unwrap_or_else(|e| panic!("{e}"));
        black_box(matches.iter().map(|m| m.outcome()).collect::<Vec<_>>());
    });
}

/// Every match loaded and its outcome worked out, as `history --limit 10000` does.
#[divan::bench(sample_count = 10)]
fn history_all_10000(bencher: divan::Bencher) {
    let f = fixture();
    let db = Store::open_read_only(&f.path)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no database"));
    bencher.bench_local(|| {
        let ids = store::match_ids(db.conn(), None, 10_000).unwrap_or_else(|e| panic!("{e}"));
        let matches = store::load_summaries(db.conn(), &ids).unwrap_or_else(|e| panic!("{e}"));
        black_box(matches.iter().map(|m| m.outcome()).collect::<Vec<_>>());
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

/// `golf ratings` without the table: every finished match's result read, placed and rated.
#[divan::bench(sample_count = 20)]
fn ratings_over_10000_matches(bencher: divan::Bencher) {
    let f = fixture();
    let db = Store::open_read_only(&f.path)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("no database"));
    let filter = store::stats::Filter::default();
    bencher.bench_local(|| {
        let finishes = store::stats::finishes(db.conn(), &filter).unwrap_or_else(|e| panic!("{e}"));
        let matches: Vec<golf::ratings::RatedMatch> =
            finishes.into_iter().map(Into::into).collect();
        black_box(golf::ratings::rate(&matches));
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
            .read(|tx| Ok(store::load_matches(tx, &store::all_match_ids(tx)?)?))
            .unwrap_or_else(|e| panic!("{e}"));
        let text = golf::view::export::Export::new(matches, Vec::new())
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
