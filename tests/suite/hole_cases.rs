//! Every line of tests/cases/holes.txt is one whole hole scored as RULES.md §5 says: the
//! score map, going out or knocking, the lowest-score bonus and the tie penalty, in that
//! order, under each bundled hole rule and in combination.

use golf::game::hole::{score, Ending, Typed};
use golf::game::HoleError;
use golf::rules;

#[derive(Debug)]
struct Case {
    line: usize,
    rules: String,
    house: Vec<String>,
    ended: Option<(String, bool)>,
    grids: Vec<(String, String)>,
    expected: String,
}

fn cases() -> Vec<Case> {
    crate::common::case_lines("holes.txt", 4, "RULES | ENDED | GRIDS | EXPECTED")
        .into_iter()
        .map(|(line, f)| {
            let (rules, house) = crate::common::rules_spec(&f[0]);
            let ended = match f[1].split_once(' ') {
                Some(("out", who)) => Some((who.to_string(), false)),
                Some(("knock", who)) => Some((who.to_string(), true)),
                _ => None,
            };
            let grids = f[2]
                .split("; ")
                .map(|g| {
                    let (n, t) = g.split_once('=').unwrap();
                    (n.to_string(), t.to_string())
                })
                .collect();
            Case {
                line,
                rules,
                house,
                ended,
                grids,
                expected: f[3].to_string(),
            }
        })
        .collect()
}

/// What golf makes of a case: `NAME=N ...`, `refused` or `invalid`; and whether every
/// adjustment came with its explanation.
fn outcome(case: &Case) -> (String, bool) {
    let rules = rules::resolve(&case.rules, &case.house)
        .unwrap_or_else(|e| panic!("line {}: {e}", case.line));
    let names: Vec<String> = case.grids.iter().map(|(n, _)| n.clone()).collect();
    let mut entries = Vec::new();
    for (seat, (name, text)) in case.grids.iter().enumerate() {
        match Typed::parse(name, text, &rules) {
            Ok(t) => entries.push((seat, t)),
            Err(_) => return ("invalid".into(), true),
        }
    }
    let ended = case.ended.as_ref().map(|(who, knocked)| Ending {
        seat: names.iter().position(|n| n == who).unwrap(),
        knocked: *knocked,
    });
    match score(&rules, rules.deck.decks, &names, &entries, ended) {
        Ok(scored) => {
            let explained = scored
                .iter()
                .all(|e| e.adjustment == 0 || !e.explanation.is_empty());
            let totals: Vec<String> = scored
                .iter()
                .map(|e| format!("{}={}", names[e.seat], e.total()))
                .collect();
            (totals.join(" "), explained)
        }
        Err(HoleError::Deck(_)) => ("refused".into(), true),
        Err(_) => ("invalid".into(), true),
    }
}

#[test]
fn every_hole_scores_as_expected_with_every_step_explained() {
    let cases = cases();
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            let (got, explained) = outcome(c);
            (got != c.expected || !explained).then(|| {
                format!(
                    "line {}: expected {}, got {got}{}",
                    c.line,
                    c.expected,
                    if explained {
                        ""
                    } else {
                        " (an adjustment without explanation)"
                    }
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_hole_rule_has_a_case() {
    let cases = cases();
    for name in [
        "blackjack",
        "underdog",
        "tied-shame",
        "out-times-2",
        "out-bonus-5",
        "out-penalty-10",
        "out-penalty-double",
        "out-penalty-double-plus-5",
        "out-penalty-ties",
    ] {
        assert!(
            cases.iter().any(|c| c.house.iter().any(|h| h == name)),
            "no hole case for {name}"
        );
    }
    assert!(
        cases.iter().any(|c| c.ended.as_ref().is_some_and(|e| e.1)),
        "no knock"
    );
}
