//! Matches from the command line: new, hole, amend, undo, penalty, card, finish, history,
//! import — on a temporary database.

use crate::common::{repo, Env};
use serde::Deserialize;

/// `golf card --json`, strictly: a field added or renamed fails here first.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Card {
    #[serde(rename = "match")]
    id: i64,
    name: Option<String>,
    rules: String,
    house: Vec<String>,
    holes_planned: u32,
    holes_played: u32,
    decks: u32,
    tiebreak: Vec<String>,
    finished: bool,
    started_at: String,
    finished_at: Option<String>,
    abandoned_at: Option<String>,
    players: Vec<Player>,
    holes: Vec<serde_json::Value>,
    penalties: Vec<serde_json::Value>,
    play: Vec<String>,
    winners: Vec<String>,
    leaders: Vec<String>,
    result: Outcome,
    next: Option<serde_json::Value>,
    amendments: usize,
    chances: Option<serde_json::Value>,
    last_entry: Option<LastEntry>,
}

/// The card's `last_entry`: what an undo takes now.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct LastEntry {
    kind: String,
    id: u64,
    hole: u32,
    #[serde(default)]
    playoff: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Player {
    name: String,
    seat: usize,
    total: i32,
    holes: Vec<i32>,
    running: Vec<i32>,
    penalties: i32,
    disqualified: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Outcome {
    tied: Vec<String>,
    decided_by: Option<String>,
    steps: Vec<serde_json::Value>,
    playoff_needed: Option<Vec<String>>,
    summary: String,
}

/// `golf history --json` rows.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct HistoryRow {
    #[serde(rename = "match")]
    id: i64,
    name: Option<String>,
    rules: String,
    house: Vec<String>,
    started_at: String,
    finished_at: Option<String>,
    holes_planned: u32,
    holes_played: u32,
    players: Vec<PlayerTotal>,
    winners: Vec<String>,
    leaders: Vec<String>,
    tiebreak: Vec<String>,
    decided_by: Option<String>,
    finished: bool,
    abandoned: bool,
}

/// A player of a `golf history --json` row.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct PlayerTotal {
    name: String,
    total: i64,
}

fn card(env: &Env, args: &[&str]) -> Card {
    let mut all = vec!["--json", "card"];
    all.extend_from_slice(args);
    serde_json::from_str(&env.ok(&all)).unwrap()
}

fn new_match(env: &Env, args: &[&str]) -> i64 {
    let mut all = vec!["--json", "new"];
    all.extend_from_slice(args);
    let doc: serde_json::Value = serde_json::from_str(&env.ok(&all)).unwrap();
    doc["match"].as_i64().unwrap()
}

/// Holes of a 9-hole classic match for ann, bob and cat, each deck-legal.
const NINE: [[&str; 3]; 9] = [
    ["5 K Q / 5 2 J", "2 7 Q / 2 7 Q", "7 7 3 / 4 5 6"],
    ["K 3 9 / K 3 A", "6 6 J / 4 8 J", "2 10 5 / 2 10 Q"],
    ["Q 4 4 / Q 9 8", "K A 2 / K A 3", "5 5 J / 6 7 J"],
    ["2 2 K / 2 8 K", "9 9 3 / 9 9 4", "A 6 10 / A 6 Q"],
    ["7 J 5 / 3 J 5", "Q 4 6 / Q 4 K", "8 8 A / 8 8 2"],
    ["K K 10 / 9 K 10", "3 3 A / 3 5 A", "6 6 2 / 6 7 2"],
    ["A 4 Q / A 4 J", "2 K 5 / 2 K 5", "7 9 9 / 7 3 8"],
    ["6 5 K / 6 5 2", "J 10 8 / Q 10 8", "3 3 9 / 4 3 9"],
    ["Q Q 7 / 2 5 7", "K 4 4 / K A 4", "J J 3 / J J 3"],
];

fn hole_args(grids: &[&str; 3]) -> Vec<String> {
    ["ann", "bob", "cat"]
        .iter()
        .zip(grids)
        .map(|(p, g)| format!("{p}={g}"))
        .collect()
}

#[test]
fn a_whole_match_from_the_terminal_with_good_and_bad_input() {
    let env = Env::new();
    let id = new_match(
        &env,
        &[
            "--rules", "classic", "--name", "Thursday", "ann", "bob", "cat",
        ],
    );
    assert_eq!(id, 1);
    for (i, grids) in NINE.iter().enumerate() {
        let args = hole_args(grids);
        let mut cmd: Vec<&str> = vec!["hole"];
        cmd.extend(args.iter().map(String::as_str));
        // a bad entry first: refused, nothing recorded
        let mut bad = cmd.clone();
        bad[1] = "ann=5 K Q / 5 2";
        let stderr = env.bad(&bad);
        assert!(stderr.contains("ann's grid: row 2 has 2 cards"), "{stderr}");
        assert_eq!(
            card(&env, &[]).holes_played,
            i as u32,
            "a refused hole is not recorded"
        );
        let out = env.ok(&cmd);
        assert!(out.contains(&format!("Hole {} of 9", i + 1)), "{out}");
    }
    let stderr = env.bad(&["hole", "ann=K K K / 2 2 2", "bob=1", "cat=2"]);
    assert!(stderr.contains("has all 9 of its holes"), "{stderr}");
    let c = card(&env, &[]);
    assert_eq!(c.holes_played, 9);
    assert!(!c.finished);
    assert_eq!(c.next, None);
    let totals: Vec<i32> = c.players.iter().map(|p| p.total).collect();
    assert_eq!(totals, vec![115, 63, 130]);
    assert_eq!(c.leaders, vec!["bob"]);
    assert!(
        c.winners.is_empty(),
        "no winners before the match is finished"
    );
    let out = env.ok(&["finish"]);
    assert!(out.contains("Winner: bob with 63."), "{out}");
    let c = card(&env, &["1"]);
    assert!(c.finished && c.finished_at.is_some());
    let out = env.ok(&["finish", "--match", "1"]);
    assert!(out.contains("was already finished"), "{out}");
    // a finished match takes no more holes; a correction reopens it (tests/suite/cli_corrections.rs)
    let stderr = env.bad(&["hole", "--match", "1", "ann=1", "bob=2", "cat=3"]);
    assert!(
        stderr.contains("was finished") && stderr.contains("golf amend"),
        "{stderr}"
    );
    let stderr = env.bad(&["hole", "ann=1", "bob=2", "cat=3"]);
    assert!(stderr.contains("no unfinished match"), "{stderr}");
}

#[test]
fn bad_hole_input_names_the_problem_and_writes_nothing() {
    let env = Env::new();
    let stderr = env.bad(&["hole", "ann=1", "bob=2"]);
    assert!(stderr.contains("no matches recorded yet"), "{stderr}");
    assert!(
        !env.db().exists(),
        "a refused hole never creates the database"
    );
    new_match(&env, &["--rules", "classic", "ann", "bob"]);
    let before = std::fs::read(env.db()).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["hole", "ann=5 K Q / 5 2 J"], "no grid for bob"),
        (
            &["hole", "ann=5 K Q / 5 2 J", "bob=1", "dan=3"],
            "`dan` is not a player",
        ),
        (
            &["hole", "ann=5 K Q / 5 2 J", "ann=1", "bob=2"],
            "ann is given twice",
        ),
        (&["hole", "ann 5 K Q", "bob=1"], "is not PLAYER=GRID"),
        (
            &["hole", "ann=7 7 7 / 7 7 3", "bob=1"],
            "5 sevens but the deck holds 4 (ann 5)",
        ),
        (
            &["hole", "ann=7 7 3 / 4 5 6", "bob=7 7 7 / 4 5 6"],
            "5 sevens but the deck holds 4 (ann 2, bob 3)",
        ),
        (
            &["hole", "ann=1", "bob=2", "--out", "zed"],
            "`zed` is not a player",
        ),
        (
            &["hole", "ann=1", "bob=2", "--playoff"],
            "a playoff hole comes after the last hole",
        ),
        (
            &["hole", "ann=1", "bob=2", "--match", "7"],
            "there is no match 7",
        ),
        (&["hole", "ann=1000", "bob=2"], "out of range"),
        (&["hole"], "no grids given"),
        (&["amend", "1", "ann=3"], "has no hole 1 to amend"),
        (&["undo"], "no recorded hole or penalty to undo"),
        (&["finish"], "has 0 of 9 holes"),
        (
            &["penalty", "zed", "--illegal-move"],
            "`zed` is not a player",
        ),
        (
            &["penalty", "ann", "--late", "0"],
            "--late 0 is out of range",
        ),
        (&["penalty", "ann", "--points", "5"], "--reason"),
        (
            &["penalty", "ann", "--hole", "12", "--illegal-move"],
            "hole 12 is not in match 1",
        ),
        (&["card", "99"], "there is no match 99"),
    ];
    for (args, needle) in cases {
        let stderr = env.bad(args);
        assert!(
            stderr.contains(needle),
            "golf {args:?}: expected {needle:?} in {stderr}"
        );
    }
    let after = std::fs::read(env.db()).unwrap();
    assert!(before == after, "bad input changed the database file");
}

#[test]
fn new_refuses_bad_matches() {
    let env = Env::new();
    let cases: &[(&[&str], &str)] = &[
        (&["new", "--rules", "classic", "ann"], "at least 2 players"),
        (&["new", "--rules", "classic", "ann", "Ann"], "named twice"),
        (
            &["new", "--rules", "classic", "--holes", "40", "ann", "bob"],
            "1 to 36 holes",
        ),
        (
            &[
                "new",
                "--rules",
                "classic",
                "--tiebreak",
                "coin-toss",
                "ann",
                "bob",
            ],
            "not a tiebreak method",
        ),
        (&["new", "--rules", "classic", "a=b", "bob"], "contains `=`"),
        (&["new", "--rules", "nope", "ann", "bob"], "unknown rules"),
        (
            &["new", "--rules", "classic", "--house", "nope", "ann", "bob"],
            "unknown house rule",
        ),
        (
            &[
                "new", "--rules", "classic", "a", "b", "c", "d", "e", "f", "g", "h", "i",
            ],
            "9 players × 6 cards = 54 cards, but 1 deck holds 52",
        ),
    ];
    for (args, needle) in cases {
        let stderr = env.bad(args);
        assert!(
            stderr.contains(needle),
            "golf {args:?}: expected {needle:?} in {stderr}"
        );
    }
    assert!(!env.db().exists());
    let doc = env.json(&["new", "--rules", "six-card", "a", "b", "c", "d"]);
    assert_eq!(
        doc["decks"], 2,
        "six-card deals from two decks for four players"
    );
}

#[test]
fn going_out_penalties_are_applied_and_explained() {
    let env = Env::new();
    new_match(
        &env,
        &[
            "--rules",
            "classic",
            "--house",
            "out-penalty-double-plus-5",
            "ann",
            "bob",
        ],
    );
    let doc = env.json(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
        "--out",
        "ann",
    ]);
    let ann = &doc["entries"][0];
    assert_eq!(ann["score"], 18);
    assert_eq!(ann["adjustment"], 23, "doubled to 36, plus 5");
    assert!(ann["explanation"]
        .as_str()
        .unwrap()
        .contains("house rule out-penalty-double-plus-5"));
    // going out with the lowest score: no penalty
    let doc = env.json(&[
        "hole",
        "ann=2 7 Q / 2 7 Q",
        "bob=5 K Q / 5 2 J",
        "--out",
        "ann",
    ]);
    assert_eq!(doc["entries"][0]["adjustment"], 0);
    let c = card(&env, &[]);
    assert_eq!(c.players[0].holes, vec![41, -4]);
}

#[test]
fn amend_and_undo_keep_the_old_entries_in_the_audit_log() {
    let env = Env::new();
    new_match(
        &env,
        &[
            "--rules",
            "classic",
            "--house",
            "out-penalty-10",
            "ann",
            "bob",
        ],
    );
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=2 7 Q / 2 7 Q",
        "--out",
        "ann",
    ]);
    env.ok(&["hole", "ann=K K 3 / K K 4", "bob=9 9 9 / 2 3 4"]);
    assert_eq!(card(&env, &[]).players[0].holes, vec![28, 7]);
    // bob's first grid was mistyped: amend it, and who went out
    let out = env.ok(&["amend", "1", "bob=2 7 Q / 2 7 K", "--out", "bob"]);
    assert!(out.contains("Amended hole 1"), "{out}");
    let c = card(&env, &[]);
    assert_eq!(c.players[0].holes, vec![18, 7], "ann no longer went out");
    assert_eq!(c.players[1].holes, vec![6, 32]);
    assert_eq!(c.amendments, 1);
    env.ok(&["undo"]);
    let c = card(&env, &[]);
    assert_eq!(c.holes_played, 1);
    assert_eq!(c.amendments, 2);
    // the audit log holds both old entries
    let conn = rusqlite::Connection::open(env.db()).unwrap();
    let mut stmt = conn
        .prepare("SELECT action, hole, detail FROM audit ORDER BY id")
        .unwrap();
    let rows: Vec<(String, i64, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(rows[0].0, "amend");
    assert_eq!(rows[0].1, 1);
    assert!(rows[0].2.contains("2 7 Q / 2 7 Q"), "{}", rows[0].2);
    assert_eq!(rows[1].0, "undo");
    assert!(rows[1].2.contains("9 9 9 / 2 3 4"), "{}", rows[1].2);
    let stderr = env.bad(&["amend", "2", "ann=1"]);
    assert!(stderr.contains("no hole 2 to amend"), "{stderr}");
}

#[test]
fn tournament_penalties_escalate_to_disqualification() {
    let env = Env::new();
    new_match(&env, &["--rules", "quick", "--holes", "2", "ann", "bob"]);
    env.ok(&["hole", "ann=K 9 / K 2", "bob=Q J / 3 4"]);
    let out = env.ok(&["penalty", "ann", "--illegal-move"]);
    assert!(out.contains("first offence: warning"), "{out}");
    let doc = env.json(&["penalty", "ann", "--illegal-move"]);
    assert_eq!(doc["points"], 5);
    assert_eq!(doc["total"], 12);
    env.ok(&["penalty", "bob", "--late", "3"]);
    env.ok(&["penalty", "bob", "--points", "2", "--reason", "slow play"]);
    let c = card(&env, &[]);
    assert_eq!(c.players[1].penalties, 8);
    assert_eq!(c.penalties.len(), 4);
    let out = env.ok(&["penalty", "ann", "--illegal-move"]);
    assert!(out.contains("disqualified"), "{out}");
    let stderr = env.bad(&["penalty", "ann", "--illegal-move"]);
    assert!(stderr.contains("already disqualified"), "{stderr}");
    // a disqualified player is no longer asked for a grid
    let stderr = env.bad(&["hole", "ann=K K / K K", "bob=Q J / 3 4"]);
    assert!(stderr.contains("ann is not in a hole"), "{stderr}");
    env.ok(&["hole", "bob=Q J / 3 4"]);
    let out = env.ok(&["finish"]);
    assert!(
        out.contains("Winner: bob"),
        "ann is lower but disqualified: {out}"
    );
    assert!(out.contains("DQ"), "{out}");
}

/// A quick match of ann, bob and cat (cat far behind) with bare hole scores for ann and bob.
fn two_player_match(env: &Env, chain: &str, holes: &[(i32, i32)]) -> Card {
    let n = holes.len().to_string();
    new_match(
        env,
        &[
            "--rules",
            "quick",
            "--holes",
            &n,
            "--tiebreak",
            chain,
            "ann",
            "bob",
            "cat",
        ],
    );
    for (a, b) in holes {
        env.ok(&["hole", &format!("ann={a}"), &format!("bob={b}"), "cat=40"]);
    }
    card(env, &[])
}

#[test]
fn countback_decides_by_the_lowest_single_hole() {
    let env = Env::new();
    let c = two_player_match(&env, "countback,shared", &[(1, 4), (9, 6)]);
    assert_eq!((c.players[0].total, c.players[1].total), (10, 10));
    assert_eq!(c.leaders, vec!["ann"]);
    assert_eq!(c.result.decided_by.as_deref(), Some("countback"));
    let out = env.ok(&["finish"]);
    assert!(
        out.contains("broken by countback (ann: 1 9; bob: 4 6)"),
        "{out}"
    );
}

#[test]
fn most_holes_won_counts_a_shared_hole_for_each() {
    let env = Env::new();
    // hole 1 shared, holes 2 and 3 ann's, hole 4 bob's
    let c = two_player_match(
        &env,
        "most-holes-won,shared",
        &[(3, 3), (1, 5), (2, 6), (10, 2)],
    );
    assert_eq!((c.players[0].total, c.players[1].total), (16, 16));
    assert_eq!(c.leaders, vec!["ann"]);
    assert_eq!(c.result.decided_by.as_deref(), Some("most-holes-won"));
}

#[test]
fn card_matching_compares_the_last_holes() {
    let env = Env::new();
    let c = two_player_match(&env, "card-matching", &[(1, 4), (3, 2), (3, 2), (3, 2)]);
    assert_eq!((c.players[0].total, c.players[1].total), (10, 10));
    assert_eq!(c.leaders, vec!["bob"]);
    assert_eq!(c.result.decided_by.as_deref(), Some("card-matching"));
}

#[test]
fn shared_victory() {
    let env = Env::new();
    let c = two_player_match(&env, "shared", &[(1, 1)]);
    assert_eq!(c.leaders, vec!["ann", "bob"]);
    let out = env.ok(&["finish"]);
    assert!(out.contains("Winners: ann and bob"), "{out}");
}

#[test]
fn sudden_death_waits_for_playoff_holes() {
    let env = Env::new();
    let c = two_player_match(&env, "sudden-death", &[(1, 1)]);
    assert_eq!(
        c.result.playoff_needed,
        Some(vec!["ann".to_string(), "bob".to_string()])
    );
    let stderr = env.bad(&["finish"]);
    assert!(
        stderr.contains("sudden death") && stderr.contains("--playoff"),
        "{stderr}"
    );
    let stderr = env.bad(&["hole", "--playoff", "ann=1", "bob=2", "cat=3"]);
    assert!(stderr.contains("cat is not in a playoff hole"), "{stderr}");
    env.ok(&["hole", "--playoff", "ann=K 5 / K 5", "bob=Q 5 / Q 5"]);
    let stderr = env.bad(&["finish"]);
    assert!(
        stderr.contains("sudden death"),
        "a tied playoff hole decides nothing: {stderr}"
    );
    env.ok(&["hole", "--playoff", "ann=9", "bob=3"]);
    let out = env.ok(&["finish"]);
    assert!(
        out.contains("Winner: bob") && out.contains("broken by sudden-death"),
        "{out}"
    );
    assert!(out.contains("playoff 2"), "{out}");
    let c = card(&env, &[]);
    assert_eq!(
        c.players[0].total, c.players[1].total,
        "playoff holes do not change totals"
    );
    let stderr = env.bad(&["hole", "--playoff", "--match", "1", "ann=1", "bob=2"]);
    assert!(stderr.contains("was finished"), "{stderr}");
}

#[test]
fn importing_both_examples_gives_their_winners() {
    let env = Env::new();
    let out = env.ok(&[
        "import",
        repo("examples/classic-9-holes.toml").to_str().unwrap(),
    ]);
    assert!(out.contains("Winner: bob with 73."), "{out}");
    let out = env.ok(&[
        "import",
        repo("examples/eight-card-18-holes.toml").to_str().unwrap(),
    ]);
    assert!(
        out.contains("ann and bob tied on 363, broken by countback"),
        "{out}"
    );
    assert!(out.contains("front 9") && out.contains("back 9"), "{out}");
    let c = card(&env, &["2"]);
    assert_eq!(c.holes_played, 18);
    assert_eq!(c.winners, vec!["ann"]);
    assert!(c.finished);
    let text = env.ok(&["--json", "history"]);
    let rows: Vec<HistoryRow> = serde_json::from_str(&text).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].id, 2, "newest first");
    assert_eq!(rows[0].decided_by.as_deref(), Some("countback"));
    assert_eq!(rows[1].winners, vec!["bob"]);
    let rows: Vec<HistoryRow> =
        serde_json::from_str(&env.ok(&["--json", "history", "--limit", "1"])).unwrap();
    assert_eq!(rows.len(), 1);
    let out = env.ok(&["history", "--player", "ANN"]);
    assert!(
        out.contains("Thursday at the Harbour Inn") && out.contains("eight-card final"),
        "{out}"
    );
}

#[test]
fn a_bad_scoresheet_names_the_hole_and_player_and_records_nothing() {
    let env = Env::new();
    let sheet = env.write(
        "bad.toml",
        "rules = \"classic\"\nplayers = [\"ann\", \"bob\"]\n\n[[hole]]\ngrids = { ann = \"5 K Q / 5 2 J\", bob = \"2 7 Q / 2 7 Q\" }\n\n[[hole]]\ngrids = { ann = \"5 K Q / 5 2 J\", bob = \"2 7 Q / 2 7 X\" }\n",
    );
    let stderr = env.bad(&["import", sheet.to_str().unwrap()]);
    assert!(
        stderr.contains("hole 2")
            && stderr.contains("bob's grid")
            && stderr.contains("`X` is not a card"),
        "{stderr}"
    );
    // every hole is checked before the database is opened: not even a file is made
    assert!(!env.db().exists(), "nothing recorded");
    let typo = env.write("typo.toml", "rules = \"classic\"\nplayer = [\"ann\"]\n");
    let stderr = env.bad(&["import", typo.to_str().unwrap()]);
    assert!(stderr.contains("unknown field `player`"), "{stderr}");
}

#[test]
fn scorecard_snapshot() {
    let env = Env::new();
    env.ok(&[
        "import",
        repo("examples/classic-9-holes.toml").to_str().unwrap(),
    ]);
    let out = env.ok(&["card", "1"]);
    insta::with_settings!({filters => vec![(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}", "[date]")]}, {
        insta::assert_snapshot!(out);
    });
}

#[test]
fn read_only_commands_never_create_the_database() {
    let env = Env::new();
    for args in [&["card"][..], &["check"]] {
        env.bad(args);
    }
    // a listing on a fresh machine is simply empty
    assert_eq!(env.json(&["history"]), serde_json::json!([]));
    let out = env.golf().arg("history").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no matches recorded yet"));
    assert!(!env.db().exists());
}

#[test]
fn a_tables_own_penalty_escalation_is_honoured() {
    let env = Env::new();
    let file = env.write(
        "strict.toml",
        "name = \"strict\"\nextends = \"classic\"\n[tournament]\nillegal_move = [\"3\", \"disqualify\"]\nlate_per_minute = 5\n[sources]\n\"tournament\" = \"Harbour Inn rules\"\n",
    );
    new_match(&env, &["--rules", file.to_str().unwrap(), "ann", "bob"]);
    let doc = env.json(&["penalty", "ann", "--illegal-move"]);
    assert_eq!(doc["points"], 3);
    assert!(
        doc["reason"]
            .as_str()
            .unwrap()
            .contains("Harbour Inn rules"),
        "{doc}"
    );
    let doc = env.json(&["penalty", "bob", "--late", "2"]);
    assert_eq!(doc["points"], 10);
    let doc = env.json(&["penalty", "ann", "--illegal-move"]);
    assert_eq!(doc["disqualifies"], true);
}

#[test]
fn a_recorded_match_keeps_its_rules_when_the_file_changes() {
    let env = Env::new();
    let file = env.write(
        "ours.toml",
        "name = \"ours\"\nextends = \"classic\"\n[values]\nK = -1\n",
    );
    new_match(&env, &["--rules", file.to_str().unwrap(), "ann", "bob"]);
    env.write(
        "ours.toml",
        "name = \"ours\"\nextends = \"classic\"\n[values]\nK = -5\n",
    );
    let doc = env.json(&["hole", "ann=K 9 2 / K 9 3", "bob=Q J 4 / 5 6 7"]);
    // a pair of kings at -1 keeps -2 in classic (negative matches keep); 9s 0; -2 + 3
    assert_eq!(doc["entries"][0]["score"], -1);
    let doc = env.json(&["hole", "ann=K 9 2 / 3 9 4", "bob=Q J 4 / 5 6 7"]);
    assert_eq!(
        doc["entries"][0]["score"], 4,
        "K is still -1 as when the match began: (-1 + 3) + 0 + (-2 + 4)"
    );
    std::fs::remove_file(&file).unwrap();
    assert_eq!(
        card(&env, &[]).players[0].holes,
        vec![-1, 4],
        "the card needs no rules file"
    );
}

#[test]
fn running_totals_on_the_card() {
    let env = Env::new();
    new_match(&env, &["--rules", "quick", "--holes", "3", "ann", "bob"]);
    for (a, b) in [(5, 2), (-2, 7), (10, 0)] {
        env.ok(&["hole", &format!("ann={a}"), &format!("bob={b}")]);
    }
    let c = card(&env, &[]);
    assert_eq!(c.next, None, "all three holes are in: no next hole");
    assert_eq!(c.players[0].running, vec![5, 3, 13]);
    assert_eq!(c.players[1].running, vec![2, 9, 9]);
    let out = env.ok(&["card"]);
    assert!(out.contains("-2* → 3") && out.contains("0* → 9"), "{out}");
}

#[test]
fn oversized_input_is_refused_before_it_is_read() {
    let env = Env::new();
    let long = "x".repeat(81);
    let stderr = env.bad(&["new", "--rules", "classic", "--name", &long, "ann", "bob"]);
    assert!(stderr.contains("1 to 80 characters"), "{stderr}");
    new_match(&env, &["--rules", "classic", "ann", "bob"]);
    let reason = "r".repeat(201);
    let stderr = env.bad(&["penalty", "ann", "--points", "2", "--reason", &reason]);
    assert!(stderr.contains("1 to 200 characters"), "{stderr}");
    let big = env.write(
        "big.toml",
        &format!("# {}\nextends = \"classic\"\n", "x".repeat(300 * 1024)),
    );
    let stderr = env.bad(&["rules", "check", big.to_str().unwrap()]);
    assert!(stderr.contains("larger than 262144 bytes"), "{stderr}");
    let sheet = env.write(
        "sheet.toml",
        &format!("# {}\nrules = \"classic\"\n", "x".repeat(1100 * 1024)),
    );
    let stderr = env.bad(&["import", sheet.to_str().unwrap()]);
    assert!(stderr.contains("larger than 1048576 bytes"), "{stderr}");
}

#[test]
fn the_card_lists_holes_then_penalties_then_the_total_then_playoffs() {
    let env = Env::new();
    new_match(
        &env,
        &[
            "--rules",
            "quick",
            "--holes",
            "1",
            "--tiebreak",
            "sudden-death",
            "ann",
            "bob",
        ],
    );
    let out = env.ok(&["card"]);
    assert!(
        out.contains("No holes recorded yet; ann deals the first."),
        "{out}"
    );
    env.ok(&["hole", "ann=7", "bob=5"]);
    env.ok(&["penalty", "bob", "--late", "1"]);
    env.ok(&["hole", "--playoff", "ann=3", "bob=4"]);
    let out = env.ok(&["card"]);
    let at = |label: &str| {
        out.find(label)
            .unwrap_or_else(|| panic!("{label} missing: {out}"))
    };
    assert!(at("\n 1 ") < at("penalties"), "{out}");
    assert!(at("penalties") < at("total"), "{out}");
    assert!(
        at("total") < at("playoff 1"),
        "the total includes the penalty and comes before playoffs: {out}"
    );
}

#[test]
fn the_next_hole_and_its_dealer_are_said_after_every_hole() {
    let env = Env::new();
    new_match(
        &env,
        &[
            "--rules",
            "classic",
            "--holes",
            "2",
            "--tiebreak",
            "sudden-death",
            "ann",
            "bob",
            "cat",
        ],
    );
    let out = env.ok(&["hole", "ann=3", "bob=4", "cat=5"]);
    assert!(out.contains("Next: hole 2, bob deals."), "{out}");
    let c = card(&env, &[]);
    assert_eq!(
        c.next,
        Some(serde_json::json!({"hole": 2, "playoff": false, "dealer": "bob"}))
    );
    // a sudden-death tie: the next deal is a playoff hole, the rotation going on
    let out = env.ok(&["hole", "ann=4", "bob=3", "cat=9"]);
    assert!(out.contains("Next: playoff hole 1, cat deals."), "{out}");
    env.ok(&["hole", "--playoff", "ann=1", "bob=2"]);
    let c = card(&env, &[]);
    assert_eq!(c.next, None, "the playoff decided it");
    assert!(env.ok(&["card"]).contains("Winner") || !c.finished);
}

#[test]
fn finishing_a_finished_match_says_so() {
    let env = Env::new();
    new_match(&env, &["--rules", "quick", "--holes", "1", "ann", "bob"]);
    env.ok(&["hole", "ann=3", "bob=4"]);
    env.ok(&["finish"]);
    for args in [
        &["finish"][..],
        &["finish", "1"],
        &["finish", "--match", "1"],
    ] {
        let out = env.ok(args);
        assert!(out.contains("Match 1 was already finished on"), "{out}");
        assert!(out.contains("Winner: ann with 3"), "{out}");
    }
}

#[test]
fn json_errors_are_documents_too() {
    let env = Env::new();
    new_match(&env, &["--rules", "classic", "ann", "bob"]);
    let out = env
        .golf()
        .args(["--json", "hole", "anm=3", "bob=4"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["code"], 2);
    let error = doc["error"].as_str().unwrap();
    assert!(
        error.contains("`anm` is not a player") && error.contains("did you mean `ann`?"),
        "{error}"
    );
    let stderr = env.bad(&["new", "--rules", "clasic", "ann", "bob"]);
    assert!(stderr.contains("did you mean `classic`?"), "{stderr}");
    let stderr = env.bad(&[
        "new", "--rules", "classic", "--house", "underdgo", "ann", "bob",
    ]);
    assert!(stderr.contains("did you mean `underdog`?"), "{stderr}");
}

#[test]
fn a_hole_is_explained_on_the_card_and_the_rules_of_a_match_are_kept() {
    let env = Env::new();
    let file = env.write(
        "ours.toml",
        "extends = \"classic\"\nname = \"ours\"\n[values]\nK = -3\n",
    );
    new_match(&env, &["--rules", file.to_str().unwrap(), "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    let out = env.ok(&["card", "--hole", "1"]);
    assert!(
        out.contains("row 1, column 2: K — unmatched, scores -3"),
        "{out}"
    );
    let c: serde_json::Value =
        serde_json::from_str(&env.ok(&["--json", "card", "--match", "1"])).unwrap();
    let lines = c["holes"][0]["entries"][0]["lines"].as_array().unwrap();
    assert!(
        lines
            .iter()
            .any(|l| l.as_str().unwrap().contains("scores -3")),
        "{lines:?}"
    );
    std::fs::remove_file(&file).unwrap();
    let shown = env.ok(&["rules", "show", "--match", "1"]);
    assert!(
        shown.contains("values.K") && shown.contains("-3"),
        "{shown}"
    );
    env.bad(&["card", "--hole", "5"]);
}

#[test]
fn undo_takes_back_the_last_hole_or_penalty_and_the_log_shows_every_change() {
    let env = Env::new();
    new_match(&env, &["--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    env.ok(&["amend", "1", "bob=2 7 K / 2 7 K"]);
    // a mistyped penalty is withdrawn, not the hole before it
    env.ok(&["penalty", "ann", "--points", "50", "--reason", "typo"]);
    let doc = env.json(&["undo"]);
    assert_eq!(doc["withdrew"], "penalty");
    assert_eq!(doc["card"]["players"][0]["total"], 18);
    assert_eq!(doc["card"]["holes_played"], 1, "the hole stays");
    let doc = env.json(&["undo"]);
    assert_eq!(doc["withdrew"], "hole");
    let log = env.json(&["log"]);
    let entries = log["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3, "{log}");
    assert_eq!(entries[0]["action"], "amend");
    assert!(entries[0]["old"]
        .as_str()
        .unwrap()
        .contains("bob 2 7 Q / 2 7 Q"));
    assert!(entries[0]["new"]
        .as_str()
        .unwrap()
        .contains("bob 2 7 K / 2 7 K"));
    assert!(entries[1]["old"]
        .as_str()
        .unwrap()
        .contains("penalty for ann: typo (+50)"));
    assert_eq!(entries[2]["new"], "withdrawn");
    let text = env.ok(&["log", "1"]);
    assert!(
        text.contains("audit log") && text.contains("withdrawn"),
        "{text}"
    );
}

#[test]
fn the_card_marks_amended_holes_and_penalties_are_positive() {
    let env = Env::new();
    new_match(&env, &["--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"]);
    env.ok(&["hole", "ann=3", "bob=4"]);
    env.ok(&["amend", "1", "ann=5 K Q / 5 2 Q"]);
    let c: serde_json::Value = serde_json::from_str(&env.ok(&["--json", "card"])).unwrap();
    assert_eq!(c["holes"][0]["amended"], true);
    assert_eq!(c["holes"][1]["amended"], false);
    let text = env.ok(&["card"]);
    assert!(
        text.contains("1 (amended)") && text.contains("golf log"),
        "{text}"
    );
    let stderr = env.bad(&["penalty", "ann", "--points", "-5", "--reason", "bonus?"]);
    assert!(
        stderr.contains("negative") && stderr.contains("negative_points"),
        "{stderr}"
    );
    let file = env.write(
        "generous.toml",
        "extends = \"classic\"\n[tournament]\nnegative_points = true\n",
    );
    new_match(&env, &["--rules", file.to_str().unwrap(), "ann", "bob"]);
    let doc = env.json(&["penalty", "ann", "--points", "-5", "--reason", "good sport"]);
    assert_eq!(doc["points"], -5);
}
