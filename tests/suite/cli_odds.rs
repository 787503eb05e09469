//! Chances to win from the command line (`golf odds`, the chances line of `golf card` and
//! `golf hole`): the estimate against the exact probability worked out by enumeration, which
//! matches count as a player's history, and the line's switches.

use crate::common::Env;
use golf::game::Standing;
use golf::odds::{for_position, History, Shown, SoFar};
use golf::rules::Tiebreak;
use serde::Deserialize;

/// `golf odds --json`, strictly.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Odds {
    #[serde(rename = "match")]
    id: i64,
    rules: String,
    holes_played: u32,
    holes_left: u32,
    samples: u32,
    seed: u64,
    method: String,
    players: Vec<Player>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Player {
    name: String,
    total: i64,
    chance: f64,
    ci95: f64,
    behind: i64,
    needed_per_hole: Option<f64>,
    method: String,
    history_holes: usize,
    disqualified: bool,
    draws: Option<serde_json::Value>,
}

/// ann's and bob's hole scores in their past matches: each value equally often.
const ANN: [i64; 5] = [0, 2, 4, 8, 12];
const BOB: [i64; 5] = [1, 3, 3, 5, 9];

/// Imports a finished `holes`-hole match of ann and bob under `rules`/`house` whose hole
/// scores (bare) cycle through `ANN` and `BOB`: every value the same number of times
/// when `holes` is a multiple of 5.
fn history(env: &Env, name: &str, rules: &str, house: &[&str], holes: usize) {
    let house: Vec<String> = house.iter().map(|h| format!("\"{h}\"")).collect();
    let mut text = format!(
        "rules = \"{rules}\"\nhouse = [{}]\nholes = {holes}\nname = \"{name}\"\nplayers = [\"ann\", \"bob\"]\n",
        house.join(", ")
    );
    for i in 0..holes {
        text.push_str(&format!(
            "[[hole]]\ngrids = {{ ann = \"{}\", bob = \"{}\" }}\n",
            ANN[i % 5],
            BOB[(i * 2) % 5]
        ));
    }
    let file = env.write(&format!("{name}.toml"), &text);
    env.ok(&["import", file.to_str().unwrap()]);
}

fn odds(env: &Env, args: &[&str]) -> Odds {
    let mut all = vec!["--json", "odds"];
    all.extend_from_slice(args);
    serde_json::from_str(&env.ok(&all)).unwrap()
}

fn new_match(env: &Env, args: &[&str]) -> i64 {
    let mut all = vec!["new", "--rules", "classic"];
    all.extend_from_slice(args);
    env.json(&all)["match"].as_i64().unwrap()
}

/// What the store reads of `n` imported matches of `holes` holes from [`history`]: each
/// player's own holes (newest first, at most 20) and the pool (ann's, then bob's).
fn imported(n: usize, holes: usize) -> History {
    let ann: Vec<i64> = (0..holes).map(|i| ANN[i % 5]).collect();
    let bob: Vec<i64> = (0..holes).map(|i| BOB[(i * 2) % 5]).collect();
    let kept = n.min(20);
    History {
        own: vec![vec![ann.clone(); kept], vec![bob.clone(); kept]],
        pool: std::iter::repeat_n((0, ann), kept)
            .chain(std::iter::repeat_n((1, bob), kept))
            .collect(),
    }
}

/// ann's and bob's position after `holes` (ann's, bob's) with `left` holes to come under
/// `chain` and `target`.
fn position(holes: [&[i64]; 2], left: u32, chain: &[Tiebreak], target: Option<i64>) -> SoFar {
    let standings = holes
        .iter()
        .enumerate()
        .map(|(seat, h)| Standing {
            seat,
            name: ["ann", "bob"][seat].into(),
            holes: h.to_vec(),
            penalty_points: 0,
            total: h.iter().sum(),
            disqualified: false,
        })
        .collect();
    SoFar {
        standings,
        chain: chain.to_vec(),
        playoffs: vec![],
        holes_left: left,
        target,
    }
}

/// The chances from `pos` with `history` as the library works them out (RULES.md §15):
/// the oracle of what the store reads and what the command does with it.
fn expected(pos: &SoFar, history: &History, samples: u32, seed: u64) -> Vec<f64> {
    let now: Vec<&[i64]> = pos.standings.iter().map(|s| s.holes.as_slice()).collect();
    let shown = Shown::new(history, &now, None);
    let odds = for_position(pos, &shown, samples, seed).unwrap();
    odds.players.iter().map(|p| p.chance).collect()
}

/// The command's chances are the library's, to the last digit.
fn assert_same(doc: &Odds, expected: &[f64]) {
    for (p, x) in doc.players.iter().zip(expected) {
        assert!(
            (p.chance - x).abs() < 1e-12,
            "{}: {} but {x}",
            p.name,
            p.chance
        );
        assert!(p.ci95 < 0.01, "{}: ± {}", p.name, p.ci95);
    }
}

/// Eight earlier matches of four holes: 32 own holes each and a pool of 64, so both draw
/// from their own holes alone, around a level their holes (tonight's too) say.
#[test]
fn the_chances_are_the_estimate_from_the_tables_own_history() {
    let env = Env::new();
    for i in 0..8 {
        history(&env, &format!("week-{i}"), "classic", &[], 4);
    }
    // ann 3, bob 5 after one of four holes; countback settles a level total
    new_match(
        &env,
        &[
            "--holes",
            "4",
            "--tiebreak",
            "countback,shared",
            "ann",
            "bob",
        ],
    );
    env.ok(&["hole", "ann=3", "bob=5"]);
    let doc = odds(&env, &["--samples", "100000", "--seed", "1"]);
    assert_eq!((doc.holes_played, doc.holes_left), (1, 3));
    assert_eq!(doc.method, "history");
    assert_eq!(doc.players[0].history_holes, 33);
    assert_eq!(doc.players[1].method, "history");
    let chain = [Tiebreak::Countback, Tiebreak::Shared];
    let pos = position([&[3], &[5]], 3, &chain, None);
    assert_same(&doc, &expected(&pos, &imported(8, 4), 100_000, 1));
    // ann's holes average 5.2 and bob's 4.2, but she leads by 2 with 3 holes left
    assert!((0.4..0.7).contains(&doc.players[0].chance), "{doc:?}");
    assert_eq!((doc.players[1].behind, doc.players[0].behind), (2, 0));
    assert_eq!(doc.players[1].needed_per_hole, Some(2.0 / 3.0));
    // --explain says where the draws came from, in the table and the JSON
    let text = env.ok(&["odds", "--explain", "--samples", "1000"]);
    assert!(
        text.contains("Where each player's holes were drawn from"),
        "{text}"
    );
    let json = env.json(&["odds", "--explain", "--samples", "1000"]);
    let draws = &json["players"][0]["draws"];
    assert_eq!(draws["own_holes"], 33);
    assert_eq!(draws["pool_holes"], 66);
    assert_eq!(draws["own_share"], 1.0);
    assert_eq!(draws["simulated_share"], 0.0);
    assert!(
        doc.players.iter().all(|p| p.draws.is_none()),
        "only with --explain"
    );
}

#[test]
fn a_countback_tie_is_settled_as_the_match_would_settle_it() {
    let env = Env::new();
    for i in 0..8 {
        history(&env, &format!("week-{i}"), "classic", &[], 4);
    }
    // level on 6 with two holes left: ann's 1 beats bob's lowest (3) on countback, so every
    // sampled tie on totals that keeps ann's 1 goes her way; shared alone splits them
    let mut chances = Vec::new();
    for (chain, tiebreak) in [
        ("countback,shared", [Tiebreak::Countback, Tiebreak::Shared]),
        ("shared,countback", [Tiebreak::Shared, Tiebreak::Countback]),
    ] {
        let id = new_match(&env, &["--holes", "4", "--tiebreak", chain, "ann", "bob"]);
        env.ok(&["hole", "--match", &id.to_string(), "ann=1", "bob=3"]);
        env.ok(&["hole", "--match", &id.to_string(), "ann=5", "bob=3"]);
        let doc = odds(
            &env,
            &[
                "--match",
                &id.to_string(),
                "--samples",
                "100000",
                "--seed",
                "1",
            ],
        );
        let pos = position([&[1, 5], &[3, 3]], 2, &tiebreak, None);
        assert_same(&doc, &expected(&pos, &imported(8, 4), 100_000, 1));
        chances.push(doc.players[0].chance);
    }
    assert!(
        chances[0] > chances[1] + 0.01,
        "countback favours ann: {chances:?}"
    );
}

#[test]
fn history_is_finished_matches_under_the_same_rules_only() {
    let env = Env::new();
    history(&env, "counted", "classic", &[], 20);
    // deleted: not counted
    history(&env, "deleted", "classic", &[], 30);
    env.ok(&["delete", "2"]);
    // other house rules, another variant: not the same rules
    history(&env, "house", "classic", &["blackjack"], 30);
    history(&env, "six", "six-card", &[], 30);
    // abandoned, and unfinished: not counted
    let gone = new_match(&env, &["--holes", "9", "ann", "bob"]);
    for _ in 0..5 {
        env.ok(&["hole", "--match", &gone.to_string(), "ann=1", "bob=2"]);
    }
    env.ok(&["abandon", &gone.to_string()]);
    let open = new_match(&env, &["--holes", "9", "ann", "bob"]);
    env.ok(&["hole", "--match", &open.to_string(), "ann=1", "bob=2"]);
    let now = new_match(&env, &["--holes", "9", "ann", "bob", "cat"]);
    env.ok(&[
        "hole",
        "--match",
        &now.to_string(),
        "ann=4",
        "bob=4",
        "cat=4",
    ]);
    let doc = odds(&env, &["--match", &now.to_string(), "--samples", "100"]);
    let holes: Vec<usize> = doc.players.iter().map(|p| p.history_holes).collect();
    assert_eq!(
        holes,
        vec![21, 21, 1],
        "tonight's hole and the counted match's 20"
    );
    // no earlier match of 9 holes: the pool holds tonight's 3 holes, and simulated bots
    assert_eq!(doc.method, "simulated");
}

#[test]
fn the_card_shows_one_chances_line_while_holes_are_left() {
    let env = Env::new();
    history(&env, "last-week", "classic", &[], 30);
    new_match(&env, &["--holes", "2", "ann", "bob"]);
    assert!(!env.ok(&["card"]).contains("Chances:"), "no hole in yet");
    let hole = env.ok(&["hole", "ann=3", "bob=5"]);
    let card = env.ok(&["card"]);
    let line = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("Chances: "))
            .map(str::to_string)
    };
    let shown = line(&card).expect("a chances line");
    assert_eq!(line(&hole), Some(shown.clone()), "golf hole shows it too");
    assert!(
        shown.contains("ann ") && shown.contains(" · bob ") || shown.contains(" · ann "),
        "{shown}"
    );
    // the default seed comes from the match and its holes: no flicker between two calls
    assert_eq!(env.ok(&["card"]), card);
    assert_eq!(odds(&env, &[]).seed, odds(&env, &[]).seed);
    // the card's line is the default `golf odds`, in whole percent
    let doc = odds(&env, &[]);
    let ann = format!("ann {:.0}%", doc.players[0].chance * 100.0);
    assert!(shown.contains(&ann), "{shown} vs {ann}");
    let json = env.json(&["card"]);
    assert_eq!(json["chances"]["players"].as_array().unwrap().len(), 2);
    // switched off by the flag and by the config
    assert!(!env.ok(&["card", "--no-odds"]).contains("Chances:"));
    assert!(env.json(&["card", "--no-odds"]).get("chances").is_none());
    env.config("odds = false\n");
    assert!(!env.ok(&["card"]).contains("Chances:"));
    env.config("odds = true\n");
    assert!(env.ok(&["card"]).contains("Chances:"));
    // after the last hole there is nothing left to estimate, finished or not
    let last = env.ok(&["hole", "ann=3", "bob=5"]);
    assert!(!last.contains("Chances:"), "{last}");
    env.ok(&["finish"]);
    assert!(!env.ok(&["card"]).contains("Chances:"));
    assert!(env.json(&["card"]).get("chances").is_none());
}

#[test]
fn the_same_seed_gives_the_same_output() {
    let env = Env::new();
    history(&env, "last-week", "classic", &[], 30);
    new_match(&env, &["--holes", "9", "ann", "bob"]);
    env.ok(&["hole", "ann=3", "bob=5"]);
    let a = env.ok(&["odds", "--seed", "7", "--samples", "5000"]);
    assert_eq!(a, env.ok(&["odds", "--seed", "7", "--samples", "5000"]));
    assert!(a.contains("seed 7"), "{a}");
    assert!(a.contains("own holes (31)"), "{a}");
    let other = odds(&env, &["--seed", "8", "--samples", "5000"]);
    let seven = odds(&env, &["--seed", "7", "--samples", "5000"]);
    assert_ne!(other.players[0].chance, seven.players[0].chance);
    // a new hole is a new default seed
    let before = odds(&env, &[]).seed;
    env.ok(&["hole", "ann=3", "bob=5"]);
    assert_ne!(odds(&env, &[]).seed, before);
}

#[test]
fn odds_of_a_match_that_is_over_or_out_of_range_are_refused() {
    let env = Env::new();
    history(&env, "last-week", "classic", &[], 30);
    let stderr = env.bad(&["odds", "--match", "1"]);
    assert!(stderr.contains("match 1 is finished"), "{stderr}");
    new_match(&env, &["--holes", "9", "ann", "bob"]);
    let stderr = env.bad(&["odds", "--samples", "0"]);
    assert!(stderr.contains("--samples 0 is out of range"), "{stderr}");
    let stderr = env.bad(&["odds", "--match", "99"]);
    assert!(stderr.contains("there is no match 99"), "{stderr}");
}

#[test]
fn a_target_ends_each_sample_on_the_hole_it_is_reached() {
    let env = Env::new();
    for i in 0..8 {
        history(&env, &format!("week-{i}"), "classic", &[], 9);
    }
    // target 20: bob's 19 reaches it on the next hole whatever he draws (a hole near his
    // lowest, 1, at worst), so ann wins when her draw keeps her under bob
    new_match(&env, &["--holes", "9", "--target", "20", "ann", "bob"]);
    env.ok(&["hole", "ann=12", "bob=19"]);
    let doc = odds(&env, &["--samples", "100000", "--seed", "3"]);
    let chain = [
        Tiebreak::Countback,
        Tiebreak::MostHolesWon,
        Tiebreak::Shared,
    ];
    let pos = position([&[12], &[19]], 8, &chain, Some(20));
    assert_same(&doc, &expected(&pos, &imported(8, 9), 100_000, 3));
    // without the target, bob would have 8 holes to catch up 7 points
    assert!(doc.players[0].chance > 0.7, "{doc:?}");
}

#[test]
fn without_history_the_simulated_scores_are_worked_out_once_per_rules_and_table() {
    let env = Env::new();
    let cache = env.path("cache");
    let files = || std::fs::read_dir(&cache).map_or(0, |d| d.count());
    new_match(&env, &["--holes", "9", "eve", "fay", "gus"]);
    env.ok(&["hole", "eve=4", "fay=9", "gus=15"]);
    assert_eq!(
        files(),
        1,
        "golf hole worked the simulated scores out and kept them"
    );
    let doc = odds(&env, &[]);
    assert_eq!(doc.method, "simulated");
    assert!(doc.players.iter().all(|p| p.method == "simulated"));
    // eve leads: the likeliest winner, and the chances add up to 1
    assert!(doc.players[0].chance > doc.players[2].chance, "{doc:?}");
    let sum: f64 = doc.players.iter().map(|p| p.chance).sum();
    assert!((sum - 1.0).abs() < 1e-9);
    let card = env.ok(&["card"]);
    assert!(card.contains("Chances: eve "), "{card}");
    assert_eq!(files(), 1, "read back, not simulated again");
    // other house rules, or another number of players, are other simulations
    new_match(
        &env,
        &["--holes", "9", "--house", "blackjack", "eve", "fay", "gus"],
    );
    env.ok(&["hole", "eve=4", "fay=9", "gus=15"]);
    new_match(&env, &["--holes", "9", "eve", "fay"]);
    env.ok(&["hole", "eve=4", "fay=9"]);
    assert_eq!(files(), 3);
    // a damaged cache file is simulated again, with the same result
    for f in std::fs::read_dir(&cache).unwrap() {
        std::fs::write(f.unwrap().path(), "{").unwrap();
    }
    assert_eq!(env.ok(&["card", "1"]), card);
}

/// Issue 32 item 20: a player's history is the latest 20 qualifying matches, filtered first
/// (RULES.md §15): 200 newer matches under other house rules no longer crowd out the
/// three older ones under the match's own rules.
#[test]
fn other_matches_never_crowd_a_players_history_out() {
    let env = Env::new();
    let export = |file: &str, house: &[&str], matches: &str, seed: &str| {
        let path = env.path(file).display().to_string();
        let mut args = vec!["simulate", "--rules", "classic", "--players", "2"];
        for h in house {
            args.extend(["--house", h]);
        }
        args.extend(["--holes", "9", "--matches", matches, "--seed", seed]);
        args.extend(["--export", &path]);
        env.ok(&args);
        env.ok(&["import", &path]);
    };
    export("own.json", &[], "3", "1");
    export("other.json", &["blackjack"], "200", "2");
    let now = new_match(&env, &["--holes", "9", "greedy-1", "greedy-2"]);
    env.ok(&[
        "hole",
        "--match",
        &now.to_string(),
        "greedy-1=4",
        "greedy-2=5",
    ]);
    let doc = odds(&env, &["--match", &now.to_string(), "--samples", "100"]);
    let holes: Vec<usize> = doc.players.iter().map(|p| p.history_holes).collect();
    assert_eq!(
        holes,
        vec![28, 28],
        "the three classic matches' holes and tonight's"
    );
}

/// The card's chances line and `golf odds` agree (issue 31): the same estimate when the
/// card plays `golf odds`'s samples, else the card says its ±, and each of its figures lies
/// within both intervals of `golf odds`'s; a player who can still win never shows 0%.
#[test]
fn the_cards_chances_agree_with_golf_odds_and_never_say_zero() {
    let env = Env::new();
    new_match(&env, &["--holes", "9", "ann", "bob", "cat", "dan", "eve"]);
    env.ok(&["hole", "ann=3", "bob=5", "cat=9", "dan=12", "eve=20"]);
    let card = env.ok(&["card"]);
    let line = card
        .lines()
        .skip_while(|l| !l.starts_with("Chances: "))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        line.contains("(± up to "),
        "fewer samples than golf odds: the card says its ±\n{card}"
    );
    let doc = odds(&env, &[]);
    let card_json = env.json(&["card"]);
    for p in card_json["chances"]["players"].as_array().unwrap() {
        let name = p["name"].as_str().unwrap();
        let mine = p["chance"].as_f64().unwrap();
        let theirs = doc.players.iter().find(|o| o.name == name).unwrap();
        // the two estimates are independent draws (each match's seed comes from its random
        // uuid): twice the sum of the 95% half-widths keeps a chance miss below 1 in 10,000
        // per player, while an estimate of something else would still be far outside it
        let room = 2.0 * (p["ci95"].as_f64().unwrap() + theirs.ci95);
        assert!(
            (mine - theirs.chance).abs() <= room,
            "{name}: card {mine} vs odds {} ± {room}",
            theirs.chance
        );
    }

    let env = Env::new();
    new_match(&env, &["--holes", "2", "ann", "bob"]);
    env.ok(&["hole", "ann=-4", "bob=59"]);
    let card = env.ok(&["card"]);
    let line = card.lines().find(|l| l.starts_with("Chances: ")).unwrap();
    assert!(line.contains("bob <1%"), "{line}");
    assert!(!line.contains(" 0%"), "{line}");
}
