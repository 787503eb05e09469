//! The Plackett–Luce fit's tests: the maximum found by direct search, ties weighed over
//! every order, Newton's method against MM, night by night.
//!
//! Compiled only with the tests (`#[cfg(test)]` where the module is declared): unwrapping
//! here fails a test, never a user's command.

use super::*;
use crate::ratings::Placing;

fn m(id: i64, places: &[(&str, usize)]) -> RatedMatch {
    RatedMatch {
        id,
        finished_at: format!("2026-11-01T20:00:{id:02}.000Z"),
        night: "2026-11-01".into(),
        placings: places
            .iter()
            .map(|(p, place)| Placing {
                player: (*p).into(),
                place: *place,
            })
            .collect(),
    }
}

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

/// The log posterior written out the long way: every full order consistent with the
/// ties, its Plackett–Luce log-probability stage by stage, the mean over them; plus the
/// prior's ln(γ/(1+γ)) + ln(1/(1+γ)).
fn by_orders(groups_per_match: &[Vec<Vec<usize>>], gamma: &[f64]) -> f64 {
    let mut total: f64 = gamma
        .iter()
        .map(|&g| (g / (1.0 + g)).ln() + (1.0 / (1.0 + g)).ln())
        .sum();
    for groups in groups_per_match {
        // every combination of the groups' orders
        let mut fulls: Vec<Vec<usize>> = vec![Vec::new()];
        for g in groups {
            let mut next = Vec::new();
            for f in &fulls {
                for o in orders(g) {
                    let mut x = f.clone();
                    x.extend(o);
                    next.push(x);
                }
            }
            fulls = next;
        }
        let mean: f64 = fulls
            .iter()
            .map(|order| {
                (0..order.len())
                    .map(|s| {
                        let rest: f64 = order[s..].iter().map(|&i| gamma[i]).sum();
                        (gamma[order[s]] / rest).ln()
                    })
                    .sum::<f64>()
            })
            .sum::<f64>()
            / fulls.len() as f64;
        total += mean;
    }
    total
}

/// The maximum of `f` over ln γ by plain coordinate search with shrinking steps: no MM,
/// no derivative.
fn maximise(f: impl Fn(&[f64]) -> f64, n: usize) -> Vec<f64> {
    let mut x = vec![0.0; n];
    let mut step = 1.0;
    let value = |x: &[f64]| f(&x.iter().map(|v: &f64| v.exp()).collect::<Vec<_>>());
    let mut best = value(&x);
    while step > 1e-12 {
        let mut improved = false;
        for i in 0..n {
            for dir in [1.0, -1.0] {
                let mut y = x.clone();
                y[i] += dir * step;
                let v = value(&y);
                if v > best {
                    best = v;
                    x = y;
                    improved = true;
                }
            }
        }
        if !improved {
            step /= 2.0;
        }
    }
    x.iter().map(|v| v.exp()).collect()
}

#[test]
fn three_players_three_matches_match_the_maximum_found_by_direct_search() {
    // ann beats bob beats cat; bob and cat share the win over ann; cat beats ann
    let matches = [
        m(1, &[("ann", 1), ("bob", 2), ("cat", 3)]),
        m(2, &[("ann", 3), ("bob", 1), ("cat", 1)]),
        m(3, &[("cat", 1), ("ann", 2)]),
    ];
    let model = fit(&matches);
    let (a, b, c) = (0, 1, 2);
    let data = vec![
        vec![vec![a], vec![b], vec![c]],
        vec![vec![b, c], vec![a]],
        vec![vec![c], vec![a]],
    ];
    let want = maximise(|g| by_orders(&data, g), 3);
    for (name, w) in ["ann", "bob", "cat"].iter().zip(&want) {
        let got = model.strength(name);
        assert!(
            (got.ln() - w.ln()).abs() < 1e-6,
            "{name}: MM {got} vs direct {w}"
        );
    }
    // the model's own log posterior is the long way's, at any strengths
    let g = [0.7, 1.9, 1.3];
    let mut at = model.clone();
    at.gamma = g.to_vec();
    assert!((at.log_posterior() - by_orders(&data, &g)).abs() < 1e-12);
}

#[test]
fn a_three_way_tie_and_a_tie_for_last_weigh_every_order() {
    let matches = [
        m(1, &[("ann", 1), ("bob", 1), ("cat", 1), ("dan", 2)]),
        m(2, &[("dan", 1), ("ann", 2), ("cat", 3), ("bob", 3)]),
        m(3, &[("bob", 1), ("dan", 2), ("ann", 2)]),
    ];
    let model = fit(&matches);
    let data = vec![
        vec![vec![0, 1, 2], vec![3]],
        vec![vec![3], vec![0], vec![2, 1]],
        vec![vec![1], vec![3, 0]],
    ];
    let want = maximise(|g| by_orders(&data, g), 4);
    for (name, w) in ["ann", "bob", "cat", "dan"].iter().zip(&want) {
        let got = model.strength(name);
        assert!((got.ln() - w.ln()).abs() < 1e-6, "{name}: {got} vs {w}");
    }
}

#[test]
fn a_newcomer_is_one_and_each_update_raises_the_posterior() {
    let mut model = Model::new();
    assert_eq!(model.strength("ann"), 1.0);
    for (i, places) in [
        [("ann", 1), ("bob", 2)],
        [("ann", 1), ("bob", 2)],
        [("bob", 1), ("ann", 2)],
    ]
    .iter()
    .enumerate()
    {
        model.add(&m(i as i64, places));
    }
    let mut last = model.log_posterior();
    for _ in 0..20 {
        model.update();
        let now = model.log_posterior();
        assert!(now >= last - 1e-12, "{now} < {last}");
        last = now;
    }
    // two wins to one: ann stronger, bob weaker, symmetric about 1 once converged
    model.fit();
    assert!(model.iterations < 1000, "{}", model.iterations);
    let (ann, bob) = (model.strength("ann"), model.strength("bob"));
    assert!(ann > 1.0 && bob < 1.0);
    assert!((ann * bob - 1.0).abs() < 1e-6, "{ann} {bob}");
    assert_eq!(rating(1.0), 0.0);
    assert!((rating(2.0) - 69.31).abs() < 0.01);
}

#[test]
fn night_by_night_each_night_is_the_fit_up_to_it() {
    let night = |id: i64, night: &str, places: &[(&str, usize)]| RatedMatch {
        night: night.into(),
        finished_at: format!("{night}T20:00:{id:02}.000Z"),
        ..m(id, places)
    };
    let matches = [
        night(1, "2026-11-01", &[("ann", 1), ("bob", 2)]),
        night(2, "2026-11-01", &[("ann", 1), ("bob", 2)]),
        night(3, "2026-11-08", &[("cat", 1), ("ann", 2)]),
        night(4, "2026-11-15", &[("bob", 1), ("cat", 2)]),
    ];
    let n = nightly(&matches);
    assert_eq!(n.nights, ["2026-11-01", "2026-11-08", "2026-11-15"]);
    for (k, night) in n.nights.iter().enumerate() {
        let upto: Vec<RatedMatch> = (matches.iter())
            .filter(|m| m.night <= *night)
            .cloned()
            .collect();
        let board = leaderboard(&upto);
        for row in &board.standings {
            let course = n.courses.iter().find(|c| c.player == row.player).unwrap();
            let (when, r) = &course.nights[course.nights.len() - (n.nights.len() - k)];
            assert_eq!(when, night);
            assert!((r - row.rating).abs() < 1e-4, "{night} {}", row.player);
        }
    }
    // cat first played on the second night: a point each night from then on
    let cat = n.courses.iter().find(|c| c.player == "cat").unwrap();
    assert_eq!(cat.nights.len(), 2);
    let last = |c: &crate::ratings::Course| c.nights.last().unwrap().1;
    assert!(n.courses.windows(2).all(|w| last(&w[0]) >= last(&w[1])));
}

/// `n` matches of 2 to 6 of twelve players, placed by skill and luck, with ties.
pub(crate) fn league(n: usize) -> Vec<RatedMatch> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    (0..n)
        .map(|i| {
            let seats = 2 + next(5) as usize;
            let mut players: Vec<(u64, u64)> = Vec::new();
            while players.len() < seats {
                let p = next(12);
                if players.iter().all(|(q, _)| *q != p) {
                    // a score: lower is better, ties now and then
                    players.push((p, (3 * p + next(30)) / 4));
                }
            }
            let mut placings: Vec<Placing> = Vec::new();
            for (p, score) in &players {
                let place = 1 + players.iter().filter(|(_, s)| s < score).count();
                placings.push(Placing {
                    player: format!("p{p}"),
                    place,
                });
            }
            RatedMatch {
                id: i as i64,
                finished_at: format!("2026-11-01T{:02}:{:02}:00.000Z", i / 60, i % 60),
                night: "2026-11-01".into(),
                placings,
            }
        })
        .collect()
}

#[test]
fn newtons_method_reaches_the_maximum_mm_reaches() {
    let matches = league(120);
    assert!(matches.iter().any(|m| {
        let mut places: Vec<usize> = m.placings.iter().map(|p| p.place).collect();
        places.sort_unstable();
        places.windows(2).any(|w| w[0] == w[1])
    }));
    let mut newton = Model::new();
    let mut mm = Model::new();
    for m in &matches {
        newton.add(m);
        mm.add(m);
    }
    let mut room = newton::Room::default();
    assert!(
        newton.newton(TOLERANCE, &mut room),
        "Newton alone converged"
    );
    assert!(newton.iterations < 20, "{}", newton.iterations);
    mm.mm(1e-12);
    for ((name, a, _), (_, b, _)) in newton.players().zip(mm.players()) {
        assert!((a.ln() - b.ln()).abs() < 1e-7, "{name}: Newton {a}, MM {b}");
    }
    // from the fit before one more match: a few steps
    let mut warm = newton.clone();
    warm.add(&matches[7]);
    warm.fit_to(PREDICTION_TOLERANCE);
    assert!(warm.iterations <= 5, "{}", warm.iterations);
}

#[test]
fn chances_are_strength_over_the_table_sum() {
    let model = fit(&[m(1, &[("ann", 1), ("bob", 2)])]);
    let c = model.chances(&["ann", "bob", "zed"]);
    let (a, b) = (model.strength("ann"), model.strength("bob"));
    assert!((c[0] - a / (a + b + 1.0)).abs() < 1e-15);
    assert!((c.iter().sum::<f64>() - 1.0).abs() < 1e-12);
}
