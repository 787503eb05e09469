//! Predictions with a track record (RULES.md §16, §15; CLI.md): `golf ratings --method
//! plackett-luce` against a maximum found here by direct search, a simulated league of bots
//! of known strength whose order the fit recovers, `golf ratings --check`'s figures
//! recomputed from its own predictions, a prediction unchanged by matches that finished
//! after it, `golf odds --check` and `golf chart --odds-check`, and bad flags.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::{repo, Env};

/// Every order of `items`.
fn orders(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in orders(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// The log posterior of RULES.md §16 the long way: each match the mean, over every full
/// order its ties allow, of the Plackett–Luce log-probability place by place; each player a
/// virtual win and a virtual loss against strength 1.
fn log_posterior(matches: &[Vec<Vec<usize>>], gamma: &[f64]) -> f64 {
    let mut total: f64 = gamma
        .iter()
        .map(|&g| (g / (1.0 + g)).ln() + (1.0 / (1.0 + g)).ln())
        .sum();
    for groups in matches {
        let mut fulls: Vec<Vec<usize>> = vec![Vec::new()];
        for g in groups {
            fulls = fulls
                .iter()
                .flat_map(|f| {
                    orders(g).into_iter().map(move |o| {
                        let mut x = f.clone();
                        x.extend(o);
                        x
                    })
                })
                .collect();
        }
        let sum: f64 = fulls
            .iter()
            .map(|order| {
                (0..order.len())
                    .map(|s| {
                        (gamma[order[s]] / order[s..].iter().map(|&i| gamma[i]).sum::<f64>()).ln()
                    })
                    .sum::<f64>()
            })
            .sum();
        total += sum / fulls.len() as f64;
    }
    total
}

/// The maximum over ln γ by coordinate search with shrinking steps (no MM, no gradient).
fn maximise(f: impl Fn(&[f64]) -> f64, n: usize) -> Vec<f64> {
    let value = |x: &[f64]| f(&x.iter().map(|v| v.exp()).collect::<Vec<_>>());
    let (mut x, mut step) = (vec![0.0; n], 1.0);
    let mut best = value(&x);
    while step > 1e-12 {
        let mut improved = false;
        for i in 0..n {
            for dir in [1.0, -1.0] {
                let mut y = x.clone();
                y[i] += dir * step;
                let v = value(&y);
                if v > best {
                    (best, x, improved) = (v, y, true);
                }
            }
        }
        if !improved {
            step /= 2.0;
        }
    }
    x.iter().map(|v| v.exp()).collect()
}

/// A two-hole classic sheet on `date` with each player's hole scores.
fn sheet(date: &str, scores: &[(&str, [i64; 2])]) -> String {
    let players: Vec<String> = scores.iter().map(|(p, _)| format!("\"{p}\"")).collect();
    let hole = |h: usize| {
        let grids: Vec<String> = scores
            .iter()
            .map(|(p, s)| format!("{p} = {}", s[h]))
            .collect();
        format!("[[hole]]\ngrids = {{ {} }}\n", grids.join(", "))
    };
    format!(
        "rules = \"classic\"\ndate = \"{date}\"\nholes = 2\nplayers = [{}]\n{}{}",
        players.join(", "),
        hole(0),
        hole(1)
    )
}

fn import(env: &Env, name: &str, text: &str) {
    let path = env.write(name, text);
    env.ok(&["import", path.to_str().unwrap()]);
}

#[test]
fn plackett_luce_is_the_maximum_of_the_posterior_of_three_matches() {
    let env = Env::new();
    // ann 5 beats bob 9 beats cat 14; bob and cat share the win (tiebreak shared) over ann;
    // cat beats ann
    import(
        &env,
        "a.toml",
        &sheet(
            "2026-10-01",
            &[("ann", [2, 3]), ("bob", [4, 5]), ("cat", [7, 7])],
        ),
    );
    let shared = sheet(
        "2026-10-02",
        &[("ann", [9, 9]), ("bob", [3, 4]), ("cat", [4, 3])],
    )
    .replace("holes = 2\n", "holes = 2\ntiebreak = [\"shared\"]\n");
    import(&env, "b.toml", &shared);
    import(
        &env,
        "c.toml",
        &sheet("2026-10-03", &[("cat", [1, 1]), ("ann", [5, 5])]),
    );
    let (ann, bob, cat) = (0, 1, 2);
    let data = vec![
        vec![vec![ann], vec![bob], vec![cat]],
        vec![vec![bob, cat], vec![ann]],
        vec![vec![cat], vec![ann]],
    ];
    let want = maximise(|g| log_posterior(&data, g), 3);
    let rows = env.json(&["ratings", "--method", "plackett-luce"]);
    for row in rows.as_array().unwrap() {
        assert_eq!(row["method"], "plackett-luce");
        assert!(row["mu"].is_null() && row["sigma"].is_null(), "{row}");
        let i = ["ann", "bob", "cat"]
            .iter()
            .position(|p| row["player"] == *p)
            .unwrap();
        let gamma = row["strength"].as_f64().unwrap();
        assert!(
            (gamma.ln() - want[i].ln()).abs() < 1e-6,
            "{row} vs {}",
            want[i]
        );
        let rating = row["rating"].as_f64().unwrap();
        assert!((rating - 100.0 * want[i].ln()).abs() < 1e-4, "{row}");
    }
    // under 30 matches the default is Weng–Lin, and it says so
    let rows = env.json(&["ratings"]);
    assert_eq!(rows[0]["method"], "weng-lin");
    let text = env.ok(&["ratings"]);
    assert!(text.contains("Weng–Lin") && text.contains("30"), "{text}");
}

/// A simulated league: `golf simulate --export` with counting, greedy and random bots at
/// one table, imported. Their strength is known: counting plays best, random worst.
fn league(env: &Env, matches: &str) {
    let file = env.path("league.json");
    env.ok(&[
        "simulate",
        "--rules",
        "classic",
        "--players",
        "3",
        "--holes",
        "3",
        "--matches",
        matches,
        "--bots",
        "counting,greedy,random",
        "--seed",
        "7",
        "--export",
        file.to_str().unwrap(),
    ]);
    env.ok(&["import", file.to_str().unwrap()]);
}

/// Each method's log loss, Brier and top pick recomputed from `--check`'s predictions.
fn recompute(check: &Value) -> (BTreeMap<String, [f64; 3]>, [f64; 3], usize) {
    let mut sums: BTreeMap<String, [f64; 3]> = BTreeMap::new();
    let mut uniform = [0.0; 3];
    let mut per_method: BTreeMap<String, usize> = BTreeMap::new();
    for p in check["predictions"].as_array().unwrap() {
        let chances: BTreeMap<String, f64> = p["chances"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), v.as_f64().unwrap()))
            .collect();
        let winners: Vec<&str> = p["winners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap())
            .collect();
        let k = winners.len() as f64;
        let won = |name: &str| {
            if winners.contains(&name) {
                1.0 / k
            } else {
                0.0
            }
        };
        let score = |c: &dyn Fn(&str) -> f64| {
            let ll: f64 = winners.iter().map(|w| -c(w).ln() / k).sum();
            let brier: f64 = chances.keys().map(|n| (c(n) - won(n)).powi(2)).sum();
            let top = chances.keys().map(|n| c(n)).fold(0.0, f64::max);
            let fav: Vec<&String> = chances
                .keys()
                .filter(|n| c(n) >= top - 1e-9 * top)
                .collect();
            let pick: f64 = fav.iter().map(|n| won(n)).sum::<f64>() / fav.len() as f64;
            [ll, brier, pick]
        };
        let method = p["method"].as_str().unwrap().to_string();
        let s = score(&|n| chances[n]);
        let e = sums.entry(method.clone()).or_default();
        for i in 0..3 {
            e[i] += s[i];
        }
        *per_method.entry(method.clone()).or_default() += 1;
        if method == "weng-lin" {
            let n = chances.len() as f64;
            let u = score(&|_| 1.0 / n);
            for i in 0..3 {
                uniform[i] += u[i];
            }
        }
    }
    let n = per_method["weng-lin"];
    assert_eq!(per_method["plackett-luce"], n);
    for v in sums.values_mut() {
        v.iter_mut().for_each(|x| *x /= n as f64);
    }
    uniform.iter_mut().for_each(|x| *x /= n as f64);
    (sums, uniform, n)
}

#[test]
fn a_simulated_league_is_ranked_by_strength_and_the_best_predictor_is_the_default() {
    let env = Env::new();
    league(&env, "40");
    let rows = env.json(&["ratings", "--method", "plackett-luce"]);
    let order: Vec<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["player"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["counting-1", "greedy-2", "random-3"], "{rows}");

    let check = env.json(&["ratings", "--check"]);
    // the first match has newcomers only: 39 judged
    assert_eq!(check["matches"], 39, "{check}");
    let (sums, uniform, n) = recompute(&check);
    assert_eq!(n, 39);
    for m in check["methods"].as_array().unwrap() {
        let got = [&m["log_loss"], &m["brier"], &m["top_pick"]].map(|v| v.as_f64().unwrap());
        let want = sums[m["method"].as_str().unwrap()];
        for i in 0..3 {
            assert!((got[i] - want[i]).abs() < 1e-9, "{m}: {want:?}");
        }
    }
    let u = &check["uniform"];
    for (i, key) in ["log_loss", "brier", "top_pick"].iter().enumerate() {
        assert!((u[key].as_f64().unwrap() - uniform[i]).abs() < 1e-9, "{u}");
    }
    assert!((uniform[0] - 3f64.ln()).abs() < 1e-12);
    // both methods beat the coin on a league of such different strengths
    for m in check["methods"].as_array().unwrap() {
        assert!(m["log_loss"].as_f64().unwrap() < uniform[0], "{m}");
    }
    // best is the lowest log loss, and with 40 matches it is the leaderboard's method
    let best = check["methods"]
        .as_array()
        .unwrap()
        .iter()
        .min_by(|a, b| {
            a["log_loss"]
                .as_f64()
                .unwrap()
                .total_cmp(&b["log_loss"].as_f64().unwrap())
        })
        .unwrap()["method"]
        .clone();
    assert_eq!(check["best"], best);
    let rows = env.json(&["ratings"]);
    assert_eq!(rows[0]["method"], best, "{rows}");
    let text = env.ok(&["ratings", "--check"]);
    assert!(
        text.contains("would have given this table's winners") && text.contains("a coin 33%"),
        "{text}"
    );
    let words = env.ok(&["ratings"]);
    assert!(words.contains("predicted this table best"), "{words}");
    // the replay is kept in the cache folder and carried on from when matches are added;
    // the figures are those of a whole replay (`--check` replays it all)
    let kept = || env.path("cache").join("ratings-track-record.json");
    assert!(kept().exists());
    assert_eq!(env.ok(&["ratings"]), words);
    let file = env.path("more.json");
    env.ok(&[
        "simulate",
        "--rules",
        "classic",
        "--players",
        "3",
        "--holes",
        "3",
        "--matches",
        "5",
        "--bots",
        "counting,greedy,random",
        "--seed",
        "8",
        "--export",
        file.to_str().unwrap(),
    ]);
    env.ok(&["import", file.to_str().unwrap()]);
    let carried = env.ok(&["ratings"]);
    let whole = env.json(&["ratings", "--check"]);
    assert_eq!(whole["matches"], 44);
    let ll = |m: &str| {
        let r = whole["methods"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["method"] == m)
            .unwrap();
        format!("{:.0}%", 100.0 * (-r["log_loss"].as_f64().unwrap()).exp())
    };
    let said = format!(
        "{} {}",
        if whole["best"] == "weng-lin" {
            "Plackett–Luce"
        } else {
            "Weng–Lin"
        },
        ll(if whole["best"] == "weng-lin" {
            "plackett-luce"
        } else {
            "weng-lin"
        })
    );
    assert!(
        carried.contains("before each of 44 matches") && carried.contains(&said),
        "{carried}\n{whole}"
    );
    // a match taken out of the middle: replayed afresh
    env.ok(&["delete", "20"]);
    let fresh = env.ok(&["ratings"]);
    assert!(fresh.contains("before each of 43 matches"), "{fresh}");
}

#[test]
fn a_prediction_is_unchanged_by_matches_that_finished_after_it() {
    let env = Env::new();
    league(&env, "16");
    let all = env.json(&["ratings", "--check"]);
    let fit_all = env.json(&["ratings", "--method", "plackett-luce"]);
    // take the last six matches out: the predictions for the first ten stay as they were
    for id in 11..=16 {
        env.ok(&["delete", &id.to_string()]);
    }
    let fewer = env.json(&["ratings", "--check"]);
    let first = fewer["predictions"].as_array().unwrap();
    assert_eq!(first.len(), 2 * 9, "{fewer}");
    assert_eq!(
        first[..],
        all["predictions"].as_array().unwrap()[..first.len()]
    );
    // though the whole-history fit itself moves with them
    let fit_fewer = env.json(&["ratings", "--method", "plackett-luce"]);
    assert_ne!(fit_all[0]["strength"], fit_fewer[0]["strength"]);
}

#[test]
fn the_odds_are_judged_hole_by_hole_with_history_from_earlier_matches_only() {
    let env = Env::new();
    // the first match is level after its first hole; the sixteen after it (finished later)
    // say ann always scores 0 and bob 9: were they read, ann would be all but certain there
    import(
        &env,
        "first.toml",
        &sheet("2026-10-01", &[("ann", [5, 9]), ("bob", [5, 1])]),
    );
    for day in 2..=17 {
        import(
            &env,
            &format!("later-{day}.toml"),
            &sheet(
                &format!("2026-10-{day:02}"),
                &[("ann", [0, 0]), ("bob", [9, 9])],
            ),
        );
    }
    let a = env.json(&["odds", "--check", "--samples", "2000"]);
    assert_eq!(a["predictions"], 17, "{a}");
    let positions = a["positions"].as_array().unwrap();
    let first = positions.iter().find(|p| p["match"] == 1).unwrap();
    let ann = first["chances"]["ann"].as_f64().unwrap();
    assert!(
        (0.3..0.7).contains(&ann),
        "level with simulated holes: {first}"
    );
    // by the last match ann has 30 holes of 0 behind her, bob 30 of 9 (2 holes a match,
    // 16 matches): 9 ahead with a hole left, she cannot lose
    let last = positions.iter().find(|p| p["match"] == 17).unwrap();
    assert!(last["chances"]["ann"].as_f64().unwrap() > 0.99, "{last}");
    // the figures are the positions' own
    let (mut brier, mut uniform) = (0.0, 0.0);
    for p in positions {
        let winners: Vec<&str> = p["winners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap())
            .collect();
        for (name, c) in p["chances"].as_object().unwrap() {
            let won = if winners.contains(&name.as_str()) {
                1.0 / winners.len() as f64
            } else {
                0.0
            };
            brier += (c.as_f64().unwrap() - won).powi(2);
            uniform += (0.5 - won).powi(2);
        }
    }
    assert!(
        (a["brier"].as_f64().unwrap() - brier / 17.0).abs() < 1e-9,
        "{a}"
    );
    let u = a["baselines"]["uniform"]["brier"].as_f64().unwrap();
    assert!((u - uniform / 17.0).abs() < 1e-9, "{a}");
    assert!((a["baselines"]["uniform"]["log_loss"].as_f64().unwrap() - 2f64.ln()).abs() < 1e-12);
    // every chance lands in one tenth of the reliability table
    let n: u64 = a["reliability"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["n"].as_u64().unwrap())
        .sum();
    assert_eq!(n, 34);
    // the same seed gives the same figures; --rules of another variant judges nothing
    assert_eq!(a, env.json(&["odds", "--check", "--samples", "2000"]));
    // whatever the number of threads
    for threads in ["1", "3"] {
        let out = env
            .golf()
            .env("RAYON_NUM_THREADS", threads)
            .args(["--json", "odds", "--check", "--samples", "2000"])
            .output()
            .unwrap();
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(a, doc, "{threads} threads");
    }
    let none = env.json(&["odds", "--check", "--rules", "eight-card"]);
    assert_eq!(none["predictions"], 0);
    assert!(none["log_loss"].is_null());
    // the reliability diagram: both lines, the diagonal from (0, 0) to (1, 1)
    let chart = env.json(&["chart", "--odds-check"]);
    assert_eq!(
        chart["series"][1]["points"],
        serde_json::json!([[0.0, 0.0], [1.0, 1.0]])
    );
    let svg = env.path("odds.svg");
    env.ok(&["chart", "--odds-check", "--svg", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(roxmltree::Document::parse(&text).is_ok());
    assert!(text.contains("perfect odds") && text.contains("golf odds"));
}

#[test]
fn the_example_season_is_judged_and_bad_flags_are_refused() {
    let env = Env::new();
    let mut args = vec!["import".to_string()];
    for f in std::fs::read_dir(repo("examples/season")).unwrap() {
        args.push(f.unwrap().path().display().to_string());
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    env.ok(&refs);
    let check = env.json(&["ratings", "--check"]);
    assert!(check["matches"].as_u64().unwrap() > 0, "{check}");
    let odds = env.ok(&["odds", "--check"]);
    assert!(odds.contains("Reliability"), "{odds}");
    // six finished matches or more: the odds beat the leader in Brier and a coin in log
    // loss (RULES.md §15, "The table's own history")
    let odds = env.json(&["odds", "--check"]);
    assert!(odds["matches"].as_u64().unwrap() >= 6, "{odds}");
    let b = &odds["baselines"];
    assert!(
        odds["brier"].as_f64() < b["leader"]["brier"].as_f64(),
        "{b}"
    );
    assert!(
        odds["log_loss"].as_f64() < b["uniform"]["log_loss"].as_f64(),
        "{b}"
    );
    for bad in [
        &["ratings", "--method", "elo"][..],
        &["ratings", "--check", "--player", "ann"],
        &["ratings", "--check", "--method", "weng-lin"],
        &["ratings", "--check", "--since", "yesterday"],
        &["odds", "--check", "--match", "1"],
        &["odds", "--rules", "classic"],
        &["odds", "--check", "--samples", "0"],
        &["chart", "--odds-check", "--ratings"],
        &["chart", "--odds-check", "--player", "ann"],
    ] {
        let stderr = env.bad(bad);
        assert!(!stderr.contains("panicked"), "{bad:?}: {stderr}");
    }
}

/// A league of players whose distributions are known ([`golf::odds::league`]), written as
/// scoresheets and imported: `golf odds --check` beats a coin in log loss and the leader in
/// Brier, and in the second half comes within 0.05 of the log loss the generating
/// distributions give.
#[test]
fn the_odds_of_an_imported_league_come_near_its_true_distributions() {
    use golf::odds::league::{League, Player};
    let players = [
        ("ann", 7, 4.0, 2),
        ("bob", 8, 4.0, 3),
        ("cat", 9, 5.0, 2),
        ("dan", 8, 3.0, 1),
    ]
    .into_iter()
    .map(|(name, mean, spread, night)| Player {
        name: name.into(),
        mean,
        spread,
        night,
    })
    .collect();
    let league = League {
        players,
        seats: 3,
        holes: 4,
        matches: 40,
        seed: 11,
    };
    let played = league.play();
    let env = Env::new();
    let mut files = vec!["import".to_string()];
    for (i, p) in played.iter().enumerate() {
        let names: Vec<&str> = p
            .seats
            .iter()
            .map(|&s| league.players[s].name.as_str())
            .collect();
        let mut text = format!(
            "rules = \"classic\"\ndate = \"2026-{:02}-{:02}T20:00:00Z\"\nholes = 4\ntiebreak = [\"shared\"]\nplayers = [{}]\n",
            1 + i / 28,
            1 + i % 28,
            names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ")
        );
        for hole in &p.holes {
            let grids: Vec<String> = names
                .iter()
                .zip(hole)
                .map(|(n, v)| format!("{n} = {v}"))
                .collect();
            text.push_str(&format!("[[hole]]\ngrids = {{ {} }}\n", grids.join(", ")));
        }
        files.push(
            env.write(&format!("m{i:02}.toml"), &text)
                .display()
                .to_string(),
        );
    }
    let refs: Vec<&str> = files.iter().map(String::as_str).collect();
    env.ok(&refs);
    let check = env.json(&["odds", "--check"]);
    assert_eq!(check["matches"], 40, "{}", check["matches"]);
    let b = &check["baselines"];
    assert!(
        check["log_loss"].as_f64() < b["uniform"]["log_loss"].as_f64(),
        "{b}"
    );
    assert!(
        check["brier"].as_f64() < b["leader"]["brier"].as_f64(),
        "{b}"
    );
    // the second half against the generating distributions, position by position
    let (mut odds, mut truth, mut n) = (0.0, 0.0, 0.0);
    for p in check["positions"].as_array().unwrap() {
        let id = p["match"].as_u64().unwrap() as usize;
        if id <= 20 {
            continue;
        }
        let m = &played[id - 1];
        let true_chances = league.truth(m, p["hole"].as_u64().unwrap() as usize);
        let winners: Vec<&str> = p["winners"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w.as_str().unwrap())
            .collect();
        for (seat, &s) in m.seats.iter().enumerate() {
            let name = league.players[s].name.as_str();
            if winners.contains(&name) {
                let k = winners.len() as f64;
                let c = p["chances"][name].as_f64().unwrap().max(0.5 / 1000.0);
                odds -= c.ln() / k;
                truth -= true_chances[seat].ln() / k;
            }
        }
        n += 1.0;
    }
    assert!(n > 0.0);
    let (odds, truth) = (odds / n, truth / n);
    assert!(
        odds < truth + 0.05,
        "second half: odds {odds} vs truth {truth}"
    );
}
