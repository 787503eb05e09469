//! Every line of tests/cases/scoring.txt is one scoring case: the RULES.md §11 worked
//! examples and our own, across every variant and house rule.

use golf::deck;
use golf::grid::Grid;
use golf::rules;
use golf::scoring;

#[derive(Debug)]
struct Case {
    line: usize,
    rules: String,
    house: Vec<String>,
    decks: Option<u32>,
    grid: String,
    expected: String,
}

fn cases() -> Vec<Case> {
    crate::common::case_lines("scoring.txt", 3, "RULES | GRID | EXPECTED | WHY")
        .into_iter()
        .map(|(line, fields)| {
            let (spec, decks) = match fields[0].split_once('@') {
                Some((s, d)) => (s, Some(d.parse().unwrap())),
                None => (fields[0].as_str(), None),
            };
            let (rules, house) = crate::common::rules_spec(spec);
            Case {
                line,
                rules,
                house,
                decks,
                grid: fields[1].to_string(),
                expected: fields[2].to_string(),
            }
        })
        .collect()
}

/// What golf makes of a case: a score, `refused` or `invalid`.
fn outcome(case: &Case) -> String {
    let rules = rules::resolve(&case.rules, &case.house)
        .unwrap_or_else(|e| panic!("line {}: {e}", case.line));
    let grid = match Grid::parse_for(&case.grid, rules.expected()) {
        Ok(g) => g,
        Err(_) => return "invalid".into(),
    };
    let decks = case.decks.unwrap_or(rules.deck.decks);
    if deck::check_hole(&[("p", &grid)], decks, &rules).is_err() {
        return "refused".into();
    }
    scoring::score(&grid, &rules).total.to_string()
}

#[test]
fn every_case_scores_as_expected() {
    let cases = cases();
    assert!(cases.len() >= 150, "only {} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            let got = outcome(c);
            (got != c.expected).then(|| {
                format!(
                    "line {}: {}{} {:?}: expected {}, got {}",
                    c.line,
                    c.rules,
                    c.house.iter().map(|h| format!("+{h}")).collect::<String>(),
                    c.grid,
                    c.expected,
                    got
                )
            })
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} failing:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_variant_and_house_rule_has_cases() {
    let cases = cases();
    for name in rules::bundled::variant_names() {
        assert!(cases.iter().any(|c| c.rules == name), "no case for {name}");
    }
    for name in rules::bundled::house_names() {
        let scoring_effect = !matches!(name, "look-once" | "no-penalty-discard" | "knock")
            && !name.starts_with("out-penalty");
        if scoring_effect {
            assert!(
                cases.iter().any(|c| c.house.iter().any(|h| h == name)),
                "no case for {name}"
            );
        }
    }
}

#[test]
fn breakdown_adds_up_and_cites_sources() {
    for case in cases()
        .iter()
        .filter(|c| !matches!(c.expected.as_str(), "refused" | "invalid"))
    {
        let rules = rules::resolve(&case.rules, &case.house).unwrap();
        let grid = Grid::parse_for(&case.grid, rules.expected()).unwrap();
        let b = scoring::score(&grid, &rules);
        let sum: i32 = b.sets.iter().map(|s| s.points).sum::<i32>()
            + b.unmatched.iter().map(|u| u.points).sum::<i32>()
            + b.bonuses.iter().map(|x| x.points).sum::<i32>();
        assert_eq!(sum, b.total, "line {}", case.line);
        let cards: usize = b.sets.iter().map(|s| s.cards.len()).sum::<usize>() + b.unmatched.len();
        assert_eq!(
            cards,
            grid.cards().len(),
            "line {}: every card is explained once",
            case.line
        );
        assert!(
            b.lines().iter().all(|l| l.ends_with(')')),
            "line {}: a line without a source",
            case.line
        );
    }
}
