//! `golf serve` at a busy table (issue 28): 50 phones watching the card's event stream
//! while 10 writes a second go in, measuring how long each phone waits for each change and
//! how much memory the server holds. Run with `cargo bench --bench serve`.
//!
//! The release `golf serve --local --port 0` serves a 36-hole match of four players. Each
//! of 50 watchers holds `GET /events` open (one thread each, as a phone would, reading the
//! stream as it comes). Writes go in every 100 ms, in four phases of 18: holes through
//! `POST /api/hole` (the scorekeeper's page), undos through `POST /api/undo`, then holes
//! and undos by `golf hole` / `golf undo` run as other processes (a second terminal; its
//! start-up is counted). A phone's latency for a write is from just before the write is
//! sent (or the process started) to that phone's reading the `card` event that shows it;
//! the figures are over every (write, phone) pair. Memory: the server's resident set
//! (VmRSS) sampled every write, and its peak (VmHWM) at the end.
//!
//! Targets: 95th percentile ≤ 100 ms, peak RSS ≤ 32 MiB.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/suite/served.rs"]
mod served;

use std::collections::HashMap;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use served::{Events, Served};

const WATCHERS: usize = 50;
const PER_PHASE: usize = 18;
const EVERY: Duration = Duration::from_millis(100);

const GRIDS: [(&str, &str); 4] = [
    ("ann", "5 K Q / 5 2 J"),
    ("bob", "2 7 Q / 2 7 Q"),
    ("cat", "A A 3 / 4 4 9"),
    ("dee", "6 6 8 / 10 10 8"),
];

/// A card's state: (holes played, audit entries); each write makes a new one.
type Key = (u64, u64);

fn key_of(card: &serde_json::Value) -> Key {
    (
        card["holes_played"].as_u64().unwrap(),
        card["amendments"].as_u64().unwrap(),
    )
}

/// A process's memory line from /proc (`VmRSS`, `VmHWM`), in KiB.
fn memory(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with(field))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    // `cargo test --benches` passes --bench-less flags; only a real bench run measures
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let golf = |args: &[&str]| {
        let out = served::golf(dir.path())
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "golf {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    golf(&[
        "new", "--rules", "classic", "--holes", "36", "ann", "bob", "cat", "dee",
    ]);
    let mut served = Served::start(dir.path(), &[]);
    let pid = served.child.id();
    let idle_rss = memory(pid, "VmRSS").unwrap_or(0);

    // the phones: each records when it read each card
    let seen: Arc<Mutex<Vec<HashMap<Key, Instant>>>> = Arc::new(Mutex::new(Vec::new()));
    let watchers: Vec<_> = (0..WATCHERS)
        .map(|_| {
            let mut events = Events::open(served.port);
            assert_eq!(events.status, 200);
            let seen = seen.clone();
            std::thread::spawn(move || {
                let mut mine = HashMap::new();
                while let Some(card) = events.next_card() {
                    mine.entry(key_of(&card)).or_insert_with(Instant::now);
                }
                seen.lock().unwrap().push(mine);
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));

    let hole_body = serde_json::json!({
        "grids": GRIDS.iter().map(|(p, g)| (p.to_string(), serde_json::Value::from(*g))).collect::<serde_json::Map<_, _>>()
    })
    .to_string();
    let cli_hole: Vec<String> = GRIDS.iter().map(|(p, g)| format!("{p}={g}")).collect();
    let mut writes: Vec<(&str, Key, Instant)> = Vec::new();
    let mut rss_peak_sampled = idle_rss;
    let start = Instant::now();
    let mut n = 0u32;
    let (mut holes, mut audit) = (0u64, 0u64);
    for phase in ["api hole", "api undo", "cli hole", "cli undo"] {
        for _ in 0..PER_PHASE {
            let due = start + EVERY * n;
            n += 1;
            if let Some(wait) = due.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
            let sent = Instant::now();
            match phase {
                "api hole" => assert_eq!(served.post("/api/hole", &hole_body).status, 200),
                "api undo" => assert_eq!(served.post("/api/undo", "").status, 200),
                "cli hole" => {
                    let mut args = vec!["hole", "--no-odds"];
                    args.extend(cli_hole.iter().map(String::as_str));
                    golf(&args);
                }
                _ => golf(&["undo"]),
            }
            if phase.ends_with("hole") {
                holes += 1;
            } else {
                holes -= 1;
                audit += 1;
            }
            writes.push((phase, (holes, audit), sent));
            if let Some(rss) = memory(pid, "VmRSS") {
                rss_peak_sampled = rss_peak_sampled.max(rss);
            }
        }
    }
    let elapsed = start.elapsed();
    std::thread::sleep(Duration::from_secs(1));
    let peak = memory(pid, "VmHWM").unwrap_or(0);
    let status = served.stop("TERM");
    assert_eq!(status.code(), Some(0));
    for w in watchers {
        w.join().unwrap();
    }

    let seen = seen.lock().unwrap();
    let mut by_phase: HashMap<&str, Vec<Duration>> = HashMap::new();
    let mut missed = 0;
    for (phase, key, sent) in &writes {
        for phone in seen.iter() {
            match phone.get(key) {
                Some(at) => by_phase
                    .entry(phase)
                    .or_default()
                    .push(at.saturating_duration_since(*sent)),
                None => missed += 1,
            }
        }
    }
    println!(
        "golf serve: {WATCHERS} phones watching, {} writes in {:.1} s ({:.1}/s)",
        writes.len(),
        elapsed.as_secs_f64(),
        writes.len() as f64 / elapsed.as_secs_f64()
    );
    println!("update latency, write sent → a phone read the card event (ms):");
    let mut all = Vec::new();
    for phase in ["api hole", "api undo", "cli hole", "cli undo"] {
        let mut d = by_phase.remove(phase).unwrap_or_default();
        d.sort();
        if d.is_empty() {
            continue;
        }
        println!(
            "  {phase:9}  median {:6.1}  p95 {:6.1}  max {:6.1}  ({} pairs)",
            percentile(&d, 0.5).as_secs_f64() * 1e3,
            percentile(&d, 0.95).as_secs_f64() * 1e3,
            d[d.len() - 1].as_secs_f64() * 1e3,
            d.len()
        );
        all.extend(d);
    }
    all.sort();
    let p95 = percentile(&all, 0.95);
    println!(
        "  all        median {:6.1}  p95 {:6.1}  max {:6.1}  ({} pairs; {missed} changes a phone skipped to a newer card)",
        percentile(&all, 0.5).as_secs_f64() * 1e3,
        p95.as_secs_f64() * 1e3,
        all[all.len() - 1].as_secs_f64() * 1e3,
        all.len()
    );
    println!(
        "server memory: RSS {:.1} MiB idle, {:.1} MiB highest sampled, peak (VmHWM) {:.1} MiB",
        idle_rss as f64 / 1024.0,
        rss_peak_sampled as f64 / 1024.0,
        peak as f64 / 1024.0
    );
    println!(
        "targets: p95 ≤ 100 ms: {}; peak RSS ≤ 32 MiB: {}",
        if p95 <= Duration::from_millis(100) {
            "met"
        } else {
            "MISSED"
        },
        if peak <= 32 * 1024 { "met" } else { "MISSED" }
    );
}
