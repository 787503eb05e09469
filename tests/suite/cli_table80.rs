//! Every table at an ordinary 80-column terminal: snapshots of `stats`, `history`, `log` and
//! `card` (dates redacted), no line wider than 80, and no name split.

use crate::common::{repo, Env};

/// Two imported matches and one played here by players with long names: amended, a hole
/// withdrawn, a penalty, finished.
fn club_night(env: &Env) {
    for example in [
        "examples/classic-9-holes.toml",
        "examples/eight-card-18-holes.toml",
    ] {
        env.ok(&["import", repo(example).to_str().unwrap()]);
    }
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--holes",
        "3",
        "--name",
        "Harbour Inn, Friday",
        "Annabelle",
        "Maximilian",
        "Bartholomew",
    ]);
    let holes = [
        ["an=q44/q98", "m=k4k/295", "b=85t/35t"],
        ["an=5kq/52j", "m=27q/27q", "b=773/456"],
        ["an=aa2/aa2", "m=kkk/qqq", "b=999/888"],
        ["an=3k3/4k4", "m=2a2/2a2", "b=jj5/jj5"],
    ];
    for (i, grids) in holes.iter().enumerate() {
        let mut args = vec!["hole", "--out", "m"];
        args.extend_from_slice(grids);
        env.ok(&args);
        if i == 1 {
            env.ok(&["amend", "2", "b=773/453", "--out", "an"]);
            env.ok(&["undo"]);
        }
    }
    env.ok(&["penalty", "b", "--late", "2"]);
    env.ok(&["finish"]);
}

fn redacted(name: &str, text: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "{name}: a line of {} columns:\n{line}",
            line.chars().count()
        );
    }
    insta::with_settings!({
        filters => vec![(r"\d{4}-\d{2}-\d{2}(\s+\d{2}:\d{2})?", "[date]")],
    }, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn tables_fit_80_columns() {
    let env = Env::new();
    club_night(&env);
    let stats = env.at_80(&["stats"]);
    for name in ["Annabelle", "Maximilian", "Bartholomew"] {
        assert!(
            stats.lines().any(|l| l.starts_with(&format!(" {name} "))),
            "{name}'s row is not whole:\n{stats}"
        );
    }
    redacted("stats", &stats);
    redacted("history", &env.at_80(&["history"]));
    let log = env.at_80(&["log", "3"]);
    assert!(log.contains("→"), "{log}");
    redacted("log", &log);
    redacted("card", &env.at_80(&["card", "3"]));
    redacted("card_18", &env.at_80(&["card", "2"]));
    // --wide keeps every column and full headers
    let wide = env.at_80(&["stats", "--wide"]);
    assert!(
        wide.contains("worst match") && !wide.contains("bM/wM"),
        "{wide}"
    );
}
