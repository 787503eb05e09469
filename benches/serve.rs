//! `golf serve` at a busy table (issues 28 and 37): 50 phones watching the card's event
//! stream while 10 writes a second go in, measuring how long the phones wait for each
//! change and how much memory the server holds. Run with `cargo bench --bench serve`.
//!
//! The release `golf serve --local --port 0` serves a four-player match of 18 holes. Each
//! of 50 watchers holds `GET /events` open (one thread each, as a phone would, reading the
//! stream as it comes). Writes go in every 100 ms:
//!
//! - phones (issue 37): each player's own phone sends its grid of the next hole into the
//!   shared draft (`POST /api/draft` with that player's token, from the `--json` start
//!   line), and when all four are in, the scorekeeper records the hole from the draft
//!   (`POST /api/hole` `from_draft` with the key): five writes a hole, two whole matches of
//!   18 holes (the second started by `golf new`, its tokens from the scorekeeper's page);
//! - then, on a 36-hole match, four phases of 18 (issue 28): holes through `POST /api/hole`
//!   (the scorekeeper's page), undos through `POST /api/undo`, then holes and undos by
//!   `golf hole` / `golf undo` run as other processes (a second terminal; its start-up is
//!   counted).
//!
//! A phone's latency for a write is from just before the write is sent (or the process
//! started) to that phone's reading the event that shows it: the `draft` event with that
//! grid in for a draft, the `card` event for a hole or an undo. A phone that skipped to a
//! newer state (a slow phone skips to the newest card) counts the event that showed it
//! first. Each write's update time is that of the last of the 50 phones to see it; the
//! figures are given over the writes (every phone) and over every (write, phone) pair.
//! Memory: the server's resident set (VmRSS) sampled every write, and its peak (VmHWM) at
//! the end.
//!
//! Targets: the phones' writes seen by every phone, 95th percentile ≤ 100 ms; every (write,
//! phone) pair, 95th percentile ≤ 100 ms; peak RSS ≤ 32 MiB. A missed target exits 1.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/suite/served.rs"]
mod served;

use std::collections::HashMap;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use served::{memory, ms, percentile, Events, Served};

const WATCHERS: usize = 50;
const PER_PHASE: usize = 18;
const EVERY: Duration = Duration::from_millis(100);
/// The phones' matches, one after another, of [`HOLES`] holes each.
const MATCHES: usize = 2;
const HOLES: u64 = 18;
const TARGET_P95: Duration = Duration::from_millis(100);
const TARGET_RSS_KIB: u64 = 32 * 1024;

/// Four grids that together never need more of a rank than one deck holds.
const GRIDS: [(&str, &str); 4] = [
    ("ann", "5 K Q / 5 2 J"),
    ("bob", "2 7 Q / 2 7 Q"),
    ("cat", "A A 3 / 4 4 9"),
    ("dee", "8 8 6 / 10 9 6"),
];
/// The player who went out on each hole the phones send.
const OUT: &str = "bob";

const PHASES: [&str; 5] = ["phones", "api hole", "api undo", "cli hole", "cli undo"];

/// What an event shows; each write makes a new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum State {
    /// A card: (match, holes played, audit entries).
    Card(u64, u64, u64),
    /// The draft of the next hole: (match, hole, grids in).
    Draft(u64, u64, u64),
}

/// What a phone read, in order, and when.
type Reads = Vec<(State, Instant)>;

fn state_of(event: &str, data: &serde_json::Value) -> Option<State> {
    match event {
        "card" => Some(State::Card(
            data["match"].as_u64()?,
            data["holes_played"].as_u64()?,
            data["amendments"].as_u64()?,
        )),
        "draft" => Some(State::Draft(
            data["match"].as_u64()?,
            data["hole"].as_u64()?,
            data["grids"]
                .as_object()?
                .values()
                .filter(|g| !g.is_null())
                .count() as u64,
        )),
        _ => None,
    }
}

/// Waits (at most 5 s) until the server serves match `id`: a new match is followed on the
/// watcher's next poll.
fn await_match(served: &Served, id: u64) {
    let start = Instant::now();
    while served.get("/api/draft").json()["match"].as_u64() != Some(id) {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "golf serve did not follow match {id}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Each player's token to the served match, from the links the scorekeeper's page hands
/// out (`…?player=NAME&token=TOKEN`).
fn tokens_on_page(served: &Served) -> HashMap<String, String> {
    let page = served.get(&format!("/?key={}", served.key)).body;
    GRIDS
        .iter()
        .map(|(player, _)| {
            let at = format!("player={player}&amp;token=");
            let (_, rest) = page
                .split_once(&at)
                .unwrap_or_else(|| panic!("no link for {player} on the scorekeeper's page"));
            let token: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            (player.to_string(), token)
        })
        .collect()
}

/// One write: its phase, the state it makes and when it was sent.
struct Write {
    phase: &'static str,
    state: State,
    sent: Instant,
}

/// The writes on their 100 ms ticks, each noted with the server's resident set after it.
struct Pace {
    pid: u32,
    writes: Vec<Write>,
    rss_peak_sampled: u64,
    due: Instant,
    /// When the writing started again (after a pause to start a match), when the last write
    /// was done, and the time spent writing before the pause.
    since: Instant,
    done: Instant,
    spent: Duration,
}

impl Pace {
    fn new(pid: u32, idle_rss: u64) -> Pace {
        let now = Instant::now();
        Pace {
            pid,
            writes: Vec::new(),
            rss_peak_sampled: idle_rss,
            due: now,
            since: now,
            done: now,
            spent: Duration::ZERO,
        }
    }

    /// Sends a write on its tick: `write` sends it and says the state it makes.
    fn write(&mut self, phase: &'static str, write: &mut dyn FnMut() -> State) {
        if let Some(wait) = self.due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        self.due += EVERY;
        let sent = Instant::now();
        let state = write();
        self.done = Instant::now();
        self.writes.push(Write { phase, state, sent });
        if let Some(rss) = memory(self.pid, "VmRSS") {
            self.rss_peak_sampled = self.rss_peak_sampled.max(rss);
        }
    }

    /// Writing again after a pause, not counted in the rate.
    fn restart(&mut self) {
        self.spent += self.done.saturating_duration_since(self.since);
        self.since = Instant::now();
        self.done = self.since;
        self.due = self.since;
    }

    /// The time spent writing, pauses left out.
    fn elapsed(&self) -> Duration {
        self.spent + self.done.saturating_duration_since(self.since)
    }
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
    let holes = HOLES.to_string();
    let players: Vec<&str> = GRIDS.iter().map(|(p, _)| *p).collect();
    let new_match = |holes: &str| {
        let mut args = vec!["new", "--rules", "classic", "--holes", holes];
        args.extend(&players);
        golf(&args);
    };
    new_match(&holes);
    let mut served = Served::start(dir.path(), &[]);
    let pid = served.child.id();
    let idle_rss = memory(pid, "VmRSS").unwrap_or(0);

    // the phones: each records what it read and when, in order
    let seen: Arc<Mutex<Vec<Reads>>> = Arc::new(Mutex::new(Vec::new()));
    let watchers: Vec<_> = (0..WATCHERS)
        .map(|_| {
            let mut events = Events::open(served.port);
            assert_eq!(events.status, 200);
            let seen = seen.clone();
            std::thread::spawn(move || {
                let mut mine = Vec::new();
                while let Some((event, data)) = events.next_event() {
                    let at = Instant::now();
                    if let Some(state) = state_of(&event, &data) {
                        mine.push((state, at));
                    }
                }
                seen.lock().unwrap().push(mine);
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));

    let mut pace = Pace::new(pid, idle_rss);
    // issue 37: every player's own phone sends their grid, the hole recorded from the draft
    let mut tokens: HashMap<String, String> = served
        .players
        .iter()
        .map(|(p, _)| (p.clone(), served.token(p)))
        .collect();
    for round in 0..MATCHES as u64 {
        let id = round + 1;
        if round > 0 {
            new_match(&holes);
            await_match(&served, id);
            tokens = tokens_on_page(&served);
            pace.restart();
        }
        for hole in 1..=HOLES {
            for (n, (player, grid)) in GRIDS.iter().enumerate() {
                let body = serde_json::json!({
                    "match": id, "hole": hole, "player": player, "grid": grid,
                    "out": *player == OUT, "knock": false,
                })
                .to_string();
                pace.write("phones", &mut || {
                    let answer = served.post_as(&tokens[*player], "/api/draft", &body);
                    assert_eq!(answer.status, 200, "{}", answer.body);
                    State::Draft(id, hole, n as u64 + 1)
                });
            }
            let body =
                serde_json::json!({"match": id, "hole": hole, "from_draft": true}).to_string();
            pace.write("phones", &mut || {
                let answer = served.post("/api/hole", &body);
                assert_eq!(answer.status, 200, "{}", answer.body);
                State::Card(id, hole, 0)
            });
        }
    }

    // issue 28: holes and undos, through the API and from another process
    let id = MATCHES as u64 + 1;
    new_match("36");
    await_match(&served, id);
    pace.restart();
    let hole_body = serde_json::json!({
        "grids": GRIDS.iter().map(|(p, g)| (p.to_string(), serde_json::Value::from(*g))).collect::<serde_json::Map<_, _>>()
    })
    .to_string();
    let cli_hole: Vec<String> = GRIDS.iter().map(|(p, g)| format!("{p}={g}")).collect();
    let (mut holes, mut audit) = (0u64, 0u64);
    for phase in &PHASES[1..] {
        for _ in 0..PER_PHASE {
            pace.write(phase, &mut || {
                match *phase {
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
                State::Card(id, holes, audit)
            });
        }
    }
    let elapsed = pace.elapsed();
    let Pace {
        writes,
        rss_peak_sampled,
        ..
    } = pace;
    std::thread::sleep(Duration::from_secs(1));
    let peak = memory(pid, "VmHWM").unwrap_or(0);
    let status = served.stop("TERM");
    assert_eq!(status.code(), Some(0));
    for w in watchers {
        w.join().unwrap();
    }

    // each write's state, in order: a phone has seen a write once it read that state or
    // a later one
    let index: HashMap<State, usize> = writes
        .iter()
        .enumerate()
        .map(|(i, w)| (w.state, i))
        .collect();
    assert_eq!(index.len(), writes.len(), "two writes made the same state");
    let seen = seen.lock().unwrap();
    let mut pairs: HashMap<&str, Vec<Duration>> = HashMap::new();
    let mut every: HashMap<&str, Vec<Duration>> = HashMap::new();
    let (mut skipped, mut never) = (0usize, 0usize);
    let mut last: Vec<Option<Duration>> = vec![Some(Duration::ZERO); writes.len()];
    for phone in seen.iter() {
        let mut at: Vec<Option<Instant>> = vec![None; writes.len()];
        let mut exact = vec![false; writes.len()];
        let mut next = 0;
        for (state, when) in phone {
            if let Some(&i) = index.get(state) {
                exact[i] = true;
                while next <= i {
                    at[next] = Some(*when);
                    next += 1;
                }
            }
        }
        for (i, w) in writes.iter().enumerate() {
            skipped += usize::from(!exact[i]);
            match at[i] {
                Some(t) => {
                    let d = t.saturating_duration_since(w.sent);
                    pairs.entry(w.phase).or_default().push(d);
                    last[i] = last[i].map(|l| l.max(d));
                }
                None => {
                    never += 1;
                    last[i] = None;
                }
            }
        }
    }
    for (w, d) in writes.iter().zip(&last) {
        if let Some(d) = d {
            every.entry(w.phase).or_default().push(*d);
        }
    }

    println!(
        "golf serve: {WATCHERS} phones watching, {} writes at {:.1}/s ({} by the players' phones and the hole from their draft, {MATCHES} matches of {HOLES} holes)",
        writes.len(),
        writes.len() as f64 / elapsed.as_secs_f64(),
        writes.iter().filter(|w| w.phase == "phones").count(),
    );
    println!("update latency, write sent → a phone read its event (ms):");
    println!(
        "  {:9}  {:>32}  {:>34}",
        "", "seen by every phone (writes)", "by each phone ((write, phone) pairs)"
    );
    let line = |d: &[Duration]| {
        format!(
            "median {:6.1}  p95 {:6.1}  max {:6.1} ({:4})",
            ms(percentile(d, 0.5)),
            ms(percentile(d, 0.95)),
            ms(d[d.len() - 1]),
            d.len()
        )
    };
    let (mut all_pairs, mut all_every) = (Vec::new(), Vec::new());
    for phase in PHASES {
        let mut e = every.remove(phase).unwrap_or_default();
        let mut p = pairs.remove(phase).unwrap_or_default();
        e.sort();
        p.sort();
        if e.is_empty() || p.is_empty() {
            continue;
        }
        println!("  {phase:9}  {}  {}", line(&e), line(&p));
        if phase == "phones" {
            all_every.clone_from(&e);
        }
        all_pairs.extend(p);
    }
    all_pairs.sort();
    println!(
        "  {skipped} (write, phone) pairs a phone skipped to a newer state; {never} never seen"
    );
    let phones_p95 = percentile(&all_every, 0.95);
    let pairs_p95 = percentile(&all_pairs, 0.95);
    println!(
        "server memory: RSS {:.1} MiB idle, {:.1} MiB highest sampled, peak (VmHWM) {:.1} MiB",
        idle_rss as f64 / 1024.0,
        rss_peak_sampled as f64 / 1024.0,
        peak as f64 / 1024.0
    );
    let verdict = |met: bool| if met { "met" } else { "MISSED" };
    let targets = [
        (
            format!(
                "phones' writes seen by every phone: median {:.1} ms, p95 {:.1} ms, max {:.1} ms (target p95 ≤ 100 ms)",
                ms(percentile(&all_every, 0.5)),
                ms(phones_p95),
                ms(all_every[all_every.len() - 1]),
            ),
            phones_p95 <= TARGET_P95 && never == 0,
        ),
        (
            format!(
                "every (write, phone) pair: p95 {:.1} ms (target ≤ 100 ms)",
                ms(pairs_p95)
            ),
            pairs_p95 <= TARGET_P95,
        ),
        (
            format!(
                "server's peak RSS (VmHWM): {:.1} MiB (target ≤ 32 MiB)",
                peak as f64 / 1024.0
            ),
            peak > 0 && peak <= TARGET_RSS_KIB,
        ),
    ];
    println!("targets:");
    for (figure, met) in &targets {
        println!("  {figure}: {}", verdict(*met));
    }
    if targets.iter().any(|(_, met)| !met) {
        std::process::exit(1);
    }
}
