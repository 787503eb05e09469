//! Small things seen over a whole evening at the table (issue 31): a penalty's confirmation
//! gives its points, bare scores warn once a hole, a house rule asked for as a variant
//! points to --house, finishing early names `golf match edit --holes`, and no table line
//! ends in spaces.

use crate::common::{repo, Env};

#[test]
fn a_penalty_confirmation_gives_its_points() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=3", "bob=5"]);
    let given = env.ok(&["penalty", "bob", "--points", "3", "--reason", "slow play"]);
    assert!(
        given.starts_with("Penalty for bob, hole 2: +3 points — slow play."),
        "{given}"
    );
    let warning = env.ok(&["penalty", "ann", "--illegal-move"]);
    assert!(warning.contains("a warning, 0 points"), "{warning}");
    let second = env.ok(&["penalty", "ann", "--illegal-move"]);
    assert!(second.contains(": +5 points — "), "{second}");
}

#[test]
fn bare_scores_warn_once_a_hole() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob", "cat"]);
    let out = env
        .golf()
        .args(["hole", "ann=12", "bob=14", "cat=5 K Q / 5 2 J"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    let flat = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        err.matches("golf: ").count(),
        1,
        "one warning for the hole:\n{err}"
    );
    assert!(
        flat.contains("ann's 12 and bob's 14 were recorded as bare scores"),
        "{err}"
    );
    assert!(!flat.contains("cat's"), "{err}");
}

#[test]
fn a_house_rule_asked_for_as_rules_points_to_house() {
    let env = Env::new();
    let err = env.bad(&["rules", "show", "out-penalty-10"]);
    let flat = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("it is a house rule, added to a variant with --house"),
        "{err}"
    );
    assert!(
        flat.contains("golf rules show classic --house out-penalty-10"),
        "{err}"
    );
    // the suggestion works
    let shown = env.ok(&["rules", "show", "classic", "--house", "out-penalty-10"]);
    assert!(shown.contains("out-penalty-10"), "{shown}");
}

#[test]
fn finishing_early_names_match_edit_holes() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=3", "bob=5"]);
    let err = env.bad(&["finish"]);
    let flat = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("has 1 of 9 holes"), "{err}");
    assert!(flat.contains("`golf match edit --holes 1`"), "{err}");
    // and it does what it says
    env.ok(&["match", "edit", "--holes", "1"]);
    assert!(env.ok(&["finish"]).contains("Winner: ann"));
}

/// Every table golf prints, plain (a pipe) and bordered, without a trailing space.
#[test]
fn no_line_ends_in_spaces() {
    let env = Env::new();
    env.ok(&[
        "import",
        repo("examples/classic-9-holes.toml").to_str().unwrap(),
    ]);
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    env.ok(&["hole", "ann=3", "bob=5"]);
    let commands: &[&[&str]] = &[
        &["card", "1"],
        &["card"],
        &["history"],
        &["stats"],
        &["log", "1"],
        &["odds"],
        &["ratings"],
        &["rules", "list"],
        &["rules", "show", "classic"],
        &["rules", "diff", "classic", "six-card"],
        &["rules", "sheet", "classic"],
        &["score", "--rules", "classic", "5 K Q / 5 2 J"],
        &["head-to-head", "ann", "bob"],
        &["config"],
    ];
    for args in commands {
        let text = env.ok(args);
        for line in text.lines() {
            assert_eq!(
                line,
                line.trim_end(),
                "golf {args:?}: a trailing space:\n{text}"
            );
        }
    }
}
