//! The database the benches share: 10,000 matches of 9 holes and 4 players under
//! `classic + out-penalty-10` (some grids typed in lower case, as people type them), each
//! finished, recorded through the store one transaction per match as `golf import` does.
//! Built once per bench binary; the set-up figures print to stderr.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

use golf::game::{Hole, Match, Setup, Typed};
use golf::store::{self, Store};

pub const MATCHES: i64 = 10_000;
pub const PLAYERS: [&str; 4] = ["ann", "bob", "cat", "dan"];

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

/// The fixture database; removed when the bench ends.
pub struct Fixture {
    pub dir: tempfile::TempDir,
    pub path: PathBuf,
}

/// The fixture, built on first use.
pub fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("bench.db");
        let setup = Setup {
            rules: "classic".into(),
            house: vec!["out-penalty-10".into()],
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
                // one player in four types in lower case, as people do at the table
                .map(|(s, g)| (s, if s == 3 { g.to_lowercase() } else { g.to_string() }))
                .map(|(s, g)| (s, Typed::parse(PLAYERS[s], &g, &template.rules)))
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
        Fixture { dir, path }
    })
}
