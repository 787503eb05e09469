//! `golf ratings`, the season filters and `golf stats --night` (RULES.md §16), through the
//! real binary on a realistic season: five dated scoresheets over three nights and a match
//! played tonight, 2 to 6 players, two rule sets, two lengths, a shared win, a tie broken
//! by countback, a penalty that changes the order and a disqualification. The ratings are
//! checked against μ and σ computed here, independently of the `skillratings` crate, from
//! the published update (Weng & Lin 2011, Algorithm 1, Bradley–Terry full pairing).

use std::collections::BTreeMap;

use crate::common::Env;

/// β = 25/6 and κ = 10⁻⁶ (RULES.md §16).
const BETA: f64 = 25.0 / 6.0;
const KAPPA: f64 = 1e-6;

/// Each player's (μ, σ), by name.
type Skills = BTreeMap<String, (f64, f64)>;

/// One match: each player with their place (1 = won; equal places tie). Weng & Lin
/// Algorithm 1 with the Bradley–Terry full-pair model, every player a team of one:
///   c_iq = sqrt(σ_i² + σ_q² + 2β²),  p̂_iq = 1 / (1 + e^{(μ_q − μ_i)/c_iq}),
///   s = 1 if i placed better than q, ½ if level, 0 if worse;
///   Ω_i = Σ_q σ_i²/c_iq (s − p̂_iq),  Δ_i = Σ_q (σ_i/c_iq) σ_i²/c_iq² p̂_iq p̂_qi;
///   μ_i ← μ_i + Ω_i,  σ_i² ← σ_i² max(1 − Δ_i, κ).
fn weng_lin(skills: &mut Skills, placed: &[(&str, u32)]) {
    let old: Vec<(f64, f64)> = placed
        .iter()
        .map(|(p, _)| *skills.get(*p).unwrap_or(&(25.0, 25.0 / 3.0)))
        .collect();
    for (i, (name, place_i)) in placed.iter().enumerate() {
        let (mu_i, sigma_i) = old[i];
        let (mut omega, mut delta) = (0.0, 0.0);
        for (q, (_, place_q)) in placed.iter().enumerate() {
            if q == i {
                continue;
            }
            let (mu_q, sigma_q) = old[q];
            let c = (sigma_i * sigma_i + sigma_q * sigma_q + 2.0 * BETA * BETA).sqrt();
            let p = 1.0 / (1.0 + ((mu_q - mu_i) / c).exp());
            let s = match place_i.cmp(place_q) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
            omega += sigma_i * sigma_i / c * (s - p);
            delta += (sigma_i / c) * sigma_i * sigma_i / (c * c) * p * (1.0 - p);
        }
        let sigma = (sigma_i * sigma_i * (1.0 - delta).max(KAPPA)).sqrt();
        skills.insert((*name).to_string(), (mu_i + omega, sigma));
    }
}

/// A finished match: its rules, its length, its night, and every player's place.
type Played = (&'static str, u32, &'static str, Vec<(&'static str, u32)>);

/// The season's finished matches in the order they finished, each with its rules, its
/// length and every player's place as worked out by hand from the sheets below.
fn season() -> Vec<Played> {
    vec![
        // ann 10; bob and cat level on 14 (second, tied); dan 20
        (
            "classic",
            2,
            "2026-10-02",
            vec![("ann", 1), ("bob", 2), ("cat", 2), ("dan", 3)],
        ),
        // level on 8 with tiebreak = shared: they share the win
        ("classic", 2, "2026-10-02", vec![("ann", 1), ("bob", 1)]),
        // six players: fay 6; ann and bob level on 9; cat 12; dan 15; eve 20
        (
            "eight-card",
            3,
            "2026-10-09",
            vec![
                ("ann", 2),
                ("bob", 2),
                ("cat", 3),
                ("dan", 4),
                ("eve", 5),
                ("fay", 1),
            ],
        ),
        // cat and eve level on 12, cat wins on countback (a 0 against a 3); dan 15
        (
            "eight-card",
            3,
            "2026-10-09",
            vec![("cat", 1), ("dan", 3), ("eve", 2)],
        ),
        // ann's 5 penalty points take her from a tie for first (9) to fourth (14)
        (
            "classic",
            3,
            "2026-10-16",
            vec![("ann", 4), ("bob", 2), ("eve", 1), ("fay", 5), ("gus", 3)],
        ),
        // tonight, played at the table: cat is disqualified with the lowest total (2) and
        // is last; ann and bob level on 11, bob wins on countback (a 4 against a 5)
        (
            "classic",
            2,
            "tonight",
            vec![("ann", 2), ("bob", 1), ("cat", 3)],
        ),
    ]
}

const SHEETS: [&str; 5] = [
    r#"rules = "classic"
date = "2026-10-02"
holes = 2
players = ["ann", "bob", "cat", "dan"]
[[hole]]
grids = { ann = 4, bob = 7, cat = 6, dan = 10 }
[[hole]]
grids = { ann = 6, bob = 7, cat = 8, dan = 10 }
"#,
    r#"rules = "classic"
date = "2026-10-02"
holes = 2
tiebreak = ["shared"]
players = ["ann", "bob"]
[[hole]]
grids = { ann = 3, bob = 5 }
[[hole]]
grids = { ann = 5, bob = 3 }
"#,
    r#"rules = "eight-card"
date = "2026-10-09"
holes = 3
players = ["ann", "bob", "cat", "dan", "eve", "fay"]
[[hole]]
grids = { ann = 3, bob = 2, cat = 4, dan = 5, eve = 6, fay = 2 }
[[hole]]
grids = { ann = 3, bob = 3, cat = 4, dan = 5, eve = 7, fay = 2 }
[[hole]]
grids = { ann = 3, bob = 4, cat = 4, dan = 5, eve = 7, fay = 2 }
"#,
    r#"rules = "eight-card"
date = "2026-10-09T21:30:00Z"
holes = 3
players = ["cat", "dan", "eve"]
[[hole]]
grids = { cat = 0, dan = 5, eve = 3 }
[[hole]]
grids = { cat = 6, dan = 5, eve = 4 }
[[hole]]
grids = { cat = 6, dan = 5, eve = 5 }
"#,
    r#"rules = "classic"
date = "2026-10-16"
holes = 3
players = ["ann", "bob", "eve", "fay", "gus"]
[[hole]]
grids = { ann = 2, bob = 4, eve = 3, fay = 5, gus = 4 }
[[hole]]
grids = { ann = 3, bob = 4, eve = 3, fay = 5, gus = 4 }
[[hole]]
grids = { ann = 4, bob = 4, eve = 3, fay = 5, gus = 5 }
[[penalty]]
player = "ann"
hole = 2
points = 5
reason = "came back late from the break"
"#,
];

/// The season recorded: the sheets imported, tonight's match played and finished, and an
/// abandoned and an unfinished match that must not count.
fn play_season(env: &Env) {
    for (i, text) in SHEETS.iter().enumerate() {
        let sheet = env.write(&format!("night-{i}.toml"), text);
        env.ok(&["import", sheet.to_str().unwrap()]);
    }
    env.ok(&[
        "new", "--rules", "classic", "--holes", "2", "ann", "bob", "cat",
    ]);
    env.ok(&["hole", "ann=5", "bob=7", "cat=2"]);
    env.ok(&[
        "penalty",
        "cat",
        "--disqualify",
        "--reason",
        "looked at the stock",
    ]);
    env.ok(&["hole", "ann=6", "bob=4"]);
    env.ok(&["finish"]);
    // an abandoned match and one still in play: neither is rated
    env.ok(&["new", "--rules", "classic", "--holes", "2", "ann", "gus"]);
    env.ok(&["hole", "ann=30", "gus=0"]);
    env.ok(&["abandon"]);
    env.ok(&["new", "--rules", "classic", "--holes", "2", "dan", "fay"]);
    env.ok(&["hole", "dan=0", "fay=30"]);
}

/// Expected (μ, σ) after the matches `keep` selects, and each player's match count.
fn expected(keep: impl Fn(&str, u32, &str) -> bool) -> (Skills, BTreeMap<String, u32>, Skills) {
    let (mut skills, mut counts) = (Skills::new(), BTreeMap::new());
    let chosen: Vec<_> = season()
        .into_iter()
        .filter(|(rules, holes, night, _)| keep(rules, *holes, night))
        .collect();
    let latest = chosen.last().map(|m| m.2).unwrap();
    let mut before_latest = Skills::new();
    for (_, _, night, placed) in &chosen {
        if *night == latest && before_latest.is_empty() {
            before_latest = skills.clone();
            before_latest.insert("-".into(), (0.0, 0.0)); // marks it taken
        }
        weng_lin(&mut skills, placed);
        for (p, _) in placed {
            *counts.entry((*p).to_string()).or_insert(0) += 1;
        }
    }
    (skills, counts, before_latest)
}

fn rating((mu, sigma): (f64, f64)) -> f64 {
    mu - 3.0 * sigma
}

/// `golf --json ratings ARGS` checked row by row against the independent computation.
fn check(env: &Env, args: &[&str], keep: impl Fn(&str, u32, &str) -> bool) {
    let (skills, counts, before) = expected(keep);
    let mut all = vec!["ratings"];
    all.extend_from_slice(args);
    let rows = env.json(&all);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), skills.len(), "{args:?}: {rows:?}");
    let mut last = f64::INFINITY;
    for row in rows {
        let name = row["player"].as_str().unwrap();
        let (mu, sigma) = skills[name];
        let close = |key: &str, want: f64| {
            let got = row[key].as_f64().unwrap();
            assert!(
                (got - want).abs() < 1e-9,
                "{args:?} {name} {key}: {got} vs {want}"
            );
        };
        close("mu", mu);
        close("sigma", sigma);
        close("rating", rating((mu, sigma)));
        let was = before.get(name).map_or(0.0, |s| rating(*s));
        close("change", rating((mu, sigma)) - was);
        assert_eq!(row["matches"], counts[name], "{args:?} {name}");
        let r = row["rating"].as_f64().unwrap();
        assert!(r <= last, "{args:?}: best rating first");
        last = r;
    }
}

#[test]
fn ratings_follow_the_published_weng_lin_update_over_a_season() {
    let env = Env::new();
    play_season(&env);
    // every finished match
    check(&env, &[], |_, _, _| true);
    // one rule set, one length, one season of days
    check(&env, &["--rules", "eight-card"], |r, _, _| {
        r == "eight-card"
    });
    check(&env, &["--holes", "2"], |_, h, _| h == 2);
    check(&env, &["--rules", "classic", "--holes", "3"], |r, h, _| {
        r == "classic" && h == 3
    });
    check(
        &env,
        &["--since", "2026-10-09", "--until", "2026-10-16"],
        |_, _, n| n == "2026-10-09" || n == "2026-10-16",
    );
    check(&env, &["--until", "2026-10-02"], |_, _, n| {
        n == "2026-10-02"
    });

    // --player shows one row; every match still counts for it
    let (skills, _, _) = expected(|_, _, _| true);
    let ann = env.json(&["ratings", "--player", "ANN"]);
    assert_eq!(ann.as_array().unwrap().len(), 1, "{ann}");
    assert!((ann[0]["mu"].as_f64().unwrap() - skills["ann"].0).abs() < 1e-9);

    // the table: place, player, rating, μ, σ, matches, change
    let table = env.ok(&["ratings"]);
    assert!(
        table.contains("Ratings over 6 finished matches, 4 nights from 2026-10-02"),
        "{table}"
    );
    for head in ["place", "player", "rating", "μ", "σ", "matches", "change"] {
        assert!(table.contains(head), "{table}");
    }
    let best = skills
        .iter()
        .max_by(|a, b| rating(*a.1).total_cmp(&rating(*b.1)))
        .unwrap();
    let first = table
        .lines()
        .skip_while(|l| !l.contains("place"))
        .nth(1)
        .unwrap();
    assert!(
        first.trim_start().starts_with('1') && first.contains(best.0.as_str()),
        "{table}"
    );
    assert!(
        table.contains(&format!("{:.2}", rating(*best.1))),
        "{table}"
    );

    // a deleted match leaves the ratings; restored, it is back at once
    let extra = env.write(
        "extra.toml",
        "rules = \"classic\"\ndate = \"2026-10-16\"\nholes = 2\nplayers = [\"dan\", \"gus\"]\n[[hole]]\ngrids = { dan = 1, gus = 9 }\n[[hole]]\ngrids = { dan = 2, gus = 9 }\n",
    );
    let id = env.json(&["import", extra.to_str().unwrap()])["match"]
        .as_i64()
        .unwrap();
    let with = env.json(&["ratings", "--player", "dan"]);
    assert_eq!(with[0]["matches"], 4, "{with}");
    env.ok(&["delete", &id.to_string()]);
    check(&env, &[], |_, _, _| true);
    env.ok(&["restore", &id.to_string()]);
    assert_eq!(env.json(&["ratings", "--player", "dan"]), with);
    env.ok(&["delete", &id.to_string()]);

    // bad input: exit 2, a message
    let stderr = env.bad(&["ratings", "--since", "last week"]);
    assert!(
        stderr.contains("--since") && stderr.contains("2026-11-01"),
        "{stderr}"
    );
    env.bad(&["ratings", "--holes", "0"]);
    assert!(env
        .golf()
        .args(["ratings", "--player", "zed"])
        .assert()
        .success()
        .get_output()
        .stdout
        .is_empty());
}

#[test]
fn stats_history_and_head_to_head_take_the_same_filters_and_a_night() {
    let env = Env::new();
    play_season(&env);
    let night = env.json(&["stats", "--night", "2026-10-09"]);
    assert_eq!(night["night"], "2026-10-09");
    assert_eq!(night["matches"], 2);
    let players = night["players"].as_array().unwrap();
    assert_eq!(players.len(), 6, "{night}");
    let cat = players.iter().find(|p| p["player"] == "cat").unwrap();
    assert_eq!(cat["matches"], 2);
    assert_eq!(cat["wins"], 1);
    // no date: the latest night with a finished match (tonight's, 1 match)
    let tonight = env.json(&["stats", "--night"]);
    assert_eq!(tonight["matches"], 1, "{tonight}");
    assert_eq!(tonight["players"].as_array().unwrap().len(), 3);
    let text = env.ok(&["stats", "--night", "2026-10-16"]);
    assert!(text.starts_with("Night of 2026-10-16: 1 match."), "{text}");
    env.bad(&["stats", "--night", "friday"]);

    let eight = env.json(&["stats", "--rules", "eight-card", "--player", "eve"]);
    assert_eq!(eight[0]["matches"], 2);
    assert_eq!(eight[0]["holes"], 6);
    let short = env.json(&["stats", "--holes", "2", "--player", "bob"]);
    assert_eq!(short[0]["matches"], 3, "{short}");

    let history = env.json(&["history", "--rules", "eight-card"]);
    assert_eq!(history.as_array().unwrap().len(), 2, "{history}");
    let october = env.json(&["history", "--since", "2026-10-01", "--until", "2026-10-31"]);
    assert_eq!(october.as_array().unwrap().len(), 5, "{october}");
    let gus = env.json(&["history", "--player", "gus", "--holes", "3"]);
    assert_eq!(gus.as_array().unwrap().len(), 1, "{gus}");

    let h2h = env.json(&["head-to-head", "ann", "bob", "--holes", "2"]);
    assert_eq!(h2h["matches"], 3, "{h2h}");
    let h2h = env.json(&["head-to-head", "ann", "bob", "--rules", "eight-card"]);
    assert_eq!(h2h["matches"], 1, "{h2h}");
}

#[test]
fn chart_draws_ratings_night_by_night_with_names_on_the_lines() {
    let env = Env::new();
    play_season(&env);
    let chart = env.ok(&["chart", "--ratings"]);
    for name in ["ann", "bob", "cat", "dan", "eve", "fay", "gus"] {
        assert!(chart.contains(name), "{chart}");
    }
    let svg = env.path("ratings.svg");
    env.ok(&["chart", "--ratings", "--svg", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    for name in ["ann", "bob", "cat", "dan", "eve", "fay", "gus"] {
        // in the legend and at the end of its line
        let times = labels.iter().filter(|l| **l == name).count();
        assert_eq!(times, 2, "{name}: {labels:?}");
    }
    let json = env.json(&["chart", "--ratings"]);
    assert_eq!(json["series"].as_array().unwrap().len(), 7);
}

#[test]
fn chart_draws_plackett_luce_ratings_too() {
    let env = Env::new();
    play_season(&env);
    let names = ["ann", "bob", "cat", "dan", "eve", "fay", "gus"];
    let chart = env.ok(&["chart", "--ratings", "--method", "plackett-luce"]);
    assert!(chart.contains("Plackett–Luce, 100·ln γ"), "{chart}");
    for name in names {
        assert!(chart.contains(name), "{chart}");
    }
    let weng_lin = env.ok(&["chart", "--ratings", "--method", "weng-lin"]);
    assert_eq!(
        weng_lin,
        env.ok(&["chart", "--ratings"]),
        "the default, under 30 matches"
    );
    assert!(weng_lin.contains("(μ − 3σ)"), "{weng_lin}");
    let svg = env.path("pl.svg");
    env.ok(&[
        "chart",
        "--ratings",
        "--method",
        "plackett-luce",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let labels: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    for name in names {
        assert_eq!(
            labels.iter().filter(|l| **l == name).count(),
            2,
            "{name}: {labels:?}"
        );
    }
    // the last point of each line is the player's rating on `golf ratings --method
    // plackett-luce`, and a line runs on over nights its player did not play
    let json = env.json(&["chart", "--ratings", "--method", "plackett-luce"]);
    let board = env.json(&["ratings", "--method", "plackett-luce"]);
    let series = json["series"].as_array().unwrap();
    assert_eq!(series.len(), 7);
    let nights = series
        .iter()
        .map(|s| s["points"].as_array().unwrap().len())
        .max()
        .unwrap();
    for s in series {
        let row = board
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player"] == s["name"])
            .unwrap();
        let last = s["points"].as_array().unwrap().last().unwrap()[1]
            .as_f64()
            .unwrap();
        let rating = row["rating"].as_f64().unwrap();
        assert!(
            (last - rating).abs() < 0.01,
            "{}: {last} vs {rating}",
            s["name"]
        );
        let points = s["points"].as_array().unwrap();
        let first = points[0][0].as_f64().unwrap() as usize;
        assert_eq!(
            points.len(),
            nights - first,
            "{}: every night from its first",
            s["name"]
        );
    }
    let err = env.bad(&["chart", "--method", "plackett-luce"]);
    assert!(err.contains("--ratings"), "{err}");
}
