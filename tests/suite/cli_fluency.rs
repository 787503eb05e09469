//! Fluency at the table: compact grids where the layout is known, unique prefixes of
//! players' names, rulings in players' words, the config file and the manual pages.

use crate::common::Env;

/// A classic match of annabel, bob and bert; returns its id.
fn match_of_three(env: &Env) -> String {
    let doc = env.json(&["new", "--rules", "classic", "annabel", "bob", "bert"]);
    doc["match"].to_string()
}

#[test]
fn compact_grids_and_name_prefixes_record_a_hole() {
    let env = Env::new();
    let id = match_of_three(&env);
    env.ok(&[
        "hole",
        "--out",
        "bo",
        "a=q44/q98",
        "bo=k4k/295",
        "be=85t/35T",
    ]);
    let card = env.json(&["card", &id]);
    assert_eq!(card["holes"][0]["entries"][0]["grid"], "Q 4 4 / Q 9 8");
    // what was typed is kept as typed (the export is lossless)
    let text = env.ok(&["export"]);
    for typed in ["q44/q98", "k4k/295", "85t/35T"] {
        assert!(text.contains(typed), "{typed} not kept: {text}");
    }
    let totals: Vec<i64> = card["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["total"].as_i64().unwrap())
        .collect();
    assert_eq!(totals, [25, 16, 11]);
    // the same grid spaced scores the same
    let spaced = env.json(&["score", "--rules", "classic", "Q 4 4 / Q 9 8"]);
    let compact = env.json(&["score", "--rules", "classic", "q44/q98"]);
    assert_eq!(spaced["total"], compact["total"]);
    // a prefix names a player in a penalty and an amendment too
    env.ok(&["penalty", "ann", "--points", "5", "--reason", "slow play"]);
    env.ok(&["amend", "1", "bert=85t/35t"]);
}

#[test]
fn an_ambiguous_prefix_is_refused_naming_the_candidates() {
    let env = Env::new();
    match_of_three(&env);
    let err = env.bad(&["hole", "a=q44/q98", "b=k4k/295", "bert=85t/35t"]);
    assert!(err.contains("(bob, bert)"), "{err}");
    let err = env.bad(&[
        "hole",
        "--out",
        "b",
        "a=q44/q98",
        "bo=k4k/295",
        "be=85t/35t",
    ]);
    assert!(err.contains("(bob, bert)"), "{err}");
    let err = env.bad(&["penalty", "b", "--points", "5", "--reason", "slow"]);
    assert!(err.contains("type more of the name"), "{err}");
    // nothing was written
    assert_eq!(env.json(&["card"])["holes_played"], 0);
}

#[test]
fn compact_rows_only_where_the_layout_is_known() {
    let env = Env::new();
    let err = env.bad(&["score", "--rules", "classic", "q4x/q98"]);
    assert!(err.contains("q4x"), "{err}");
    let err = env.bad(&["score", "--rules", "classic", "q4/q98"]);
    assert!(err.contains("row 1 has 2"), "{err}");
    let eight = env.json(&["score", "--rules", "eight-card", "6499/ak99"]);
    let spaced = env.json(&["score", "--rules", "eight-card", "6 4 9 9 / A K 9 9"]);
    assert_eq!(eight["total"], spaced["total"]);
    let four = env.json(&["score", "--rules", "four-card", "*5/35"]);
    assert!(four["total"].is_i64(), "{four}");
}

/// The first question `golf ruling WORDS` answers.
fn first_question(env: &Env, words: &[&str]) -> String {
    let mut args = vec!["ruling"];
    args.extend_from_slice(words);
    let doc = env.json(&args);
    doc["rulings"][0]["question"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[test]
fn rulings_answer_players_words() {
    let env = Env::new();
    let cases: &[(&[&str], &str)] = &[
        (&["swap"], "What may I take from the discard pile?"),
        (
            &["change", "my", "mind"],
            "Can I change my mind after drawing a card?",
        ),
        (
            &["the", "discard", "pile", "is", "empty"],
            "What if the discard pile is empty?",
        ),
        (
            &["pair", "of", "2s"],
            "What does a pair of 2s (or of other negative cards) score?",
        ),
        (&["late"], "What if a player arrives late?"),
        (&["knock"], "Can I knock?"),
        (&["misdeal"], "What if the cards are misdealt?"),
        (&["peek"], "Can I look at my face-down cards?"),
        (&["who", "starts"], "Who starts?"),
        (
            &["stock", "runs", "out"],
            "What happens if the draw pile runs out during a hole?",
        ),
    ];
    for (words, question) in cases {
        assert_eq!(first_question(&env, words), *question, "{words:?}");
    }
    // whole words: `ook` is not in "looking"
    let out = env.golf().args(["ruling", "ook"]).output().unwrap();
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no ruling answers `ook`"));
    // every ruling has a source
    for topic in env.json(&["ruling"])["topics"].as_array().unwrap() {
        assert!(topic["topic"].is_string(), "{topic}");
        for ruling in topic["rulings"].as_array().unwrap() {
            assert!(!ruling["source"].as_str().unwrap().is_empty(), "{ruling}");
        }
    }
}

#[test]
fn ruling_alone_lists_every_ruling_by_topic() {
    let env = Env::new();
    let out = env.ok(&["ruling"]);
    let starting = out.find("Starting a hole").unwrap();
    let ending = out.find("Ending a hole").unwrap();
    let misdeal = out.find("What if the cards are misdealt?").unwrap();
    let knock = out.find("Can I knock?").unwrap();
    assert!(
        starting < misdeal && misdeal < ending && ending < knock,
        "{out}"
    );
    assert!(out.contains("What if I forget to flip a card"), "{out}");
}

#[test]
fn a_rules_sheet_fits_one_page_for_every_variant() {
    let env = Env::new();
    for name in golf::rules::bundled::variant_names() {
        let sheet = env.at_80(&["rules", "sheet", name]);
        assert!(
            sheet.lines().count() <= 66,
            "{name}: more than a page\n{sheet}"
        );
        for line in sheet.lines() {
            assert!(
                line.chars().count() <= 80,
                "{name}: `{line}` is wider than 80"
            );
        }
        assert!(sheet.contains("golf hole"), "{sheet}");
    }
    let classic = env.at_80(&["rules", "sheet", "classic", "--house", "out-penalty-10"]);
    assert!(classic.starts_with("classic + out-penalty-10"), "{classic}");
    assert!(
        classic.contains("Card values: A 1 · 2 −2 · 3–10 face value"),
        "{classic}"
    );
    assert!(classic.contains("Official §2.3"), "{classic}");
    assert!(classic.contains("b=q4k/4k9"), "{classic}");
    // the group's rules and house rules from the config file
    env.config("rules = \"six-card\"\nhouse = [\"knock\"]\n");
    let sheet = env.at_80(&["rules", "sheet"]);
    assert!(sheet.starts_with("six-card + knock"), "{sheet}");
    // the example typed on the sheet is a good hole
    let doc = env.json(&["rules", "sheet", "four-card"]);
    let example = doc["example"].as_str().unwrap().to_string();
    assert!(example.contains("b=q4/4k"), "{example}");
}

#[test]
fn config_init_and_set_write_only_checked_values() {
    let env = Env::new();
    let path = env.path("xdg-config").join("golf").join("config.toml");
    assert!(env
        .ok(&["config"])
        .contains("(absent: `golf config init` writes one)"));
    env.ok(&["config", "init"]);
    let template = std::fs::read_to_string(&path).unwrap();
    for key in golf::config_keys::KEYS {
        assert!(
            template.contains(&format!("# {} = ", key.name)),
            "{template}"
        );
    }
    assert!(!env.ok(&["config"]).contains("absent"));
    // never overwritten
    let err = env.bad(&["config", "init"]);
    assert!(err.contains("exists already"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), template);
    // refused values leave the file untouched
    for (key, value) in [
        ("decks", "9"),
        ("rules", "chess"),
        ("house", "underdogs"),
        ("tiebreak", "coin-toss"),
        ("colour", "red"),
    ] {
        let err = env.bad(&["config", "set", key, value]);
        assert!(err.contains(value) || err.contains(key), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), template, "{key}");
    }
    env.ok(&["config", "set", "rules", "six-card"]);
    env.ok(&["config", "set", "house", "out-penalty-10,underdog"]);
    env.ok(&["config", "set", "decks", "2"]);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\nrules = \"six-card\"\n"), "{text}");
    assert!(
        text.contains("\nhouse = [\"out-penalty-10\", \"underdog\"]\n"),
        "{text}"
    );
    assert!(
        text.contains("# The database file"),
        "comments kept: {text}"
    );
    // and they are the defaults in force
    let doc = env.json(&["new", "ann", "bob"]);
    let card = env.json(&["card", &doc["match"].to_string()]);
    assert_eq!(card["rules"], "six-card");
    assert_eq!(card["decks"], 2);
    assert_eq!(card["house"][1], "underdog");
}

/// Rulings in players' words, as data (`tests/cases/rulings.toml`, issue 31): each question
/// is answered first by its ruling, a card's value from the rules in force with its source,
/// and a question nothing answers names the topics there are.
#[test]
fn rulings_answer_the_phrasings_in_the_cases_file() {
    #[derive(serde::Deserialize)]
    struct Case {
        ask: String,
        rules: Option<String>,
        #[serde(default)]
        house: Vec<String>,
        id: String,
        #[serde(default)]
        says: Vec<String>,
        source: Option<String>,
    }
    #[derive(serde::Deserialize)]
    struct Cases {
        case: Vec<Case>,
    }
    let text = std::fs::read_to_string(crate::common::repo("tests/cases/rulings.toml")).unwrap();
    let cases: Cases = toml::from_str(&text).unwrap();
    assert!(cases.case.len() >= 15);
    let env = Env::new();
    let mut failed = Vec::new();
    for c in &cases.case {
        let mut args: Vec<String> = vec!["ruling".into()];
        if let Some(r) = &c.rules {
            args.extend(["--rules".into(), r.clone()]);
        }
        for h in &c.house {
            args.extend(["--house".into(), h.clone()]);
        }
        args.extend(c.ask.split_whitespace().map(String::from));
        if c.id.is_empty() {
            let out = env.golf().args(&args).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr).replace("\n  ", " ");
            for w in &c.says {
                if !err.contains(w.as_str()) {
                    failed.push(format!("{:?}: the message lacks {w:?}: {err}", c.ask));
                }
            }
            continue;
        }
        let mut json = vec!["--json".to_string()];
        json.extend(args);
        let doc: serde_json::Value =
            serde_json::from_str(&env.ok(&json.iter().map(String::as_str).collect::<Vec<_>>()))
                .unwrap();
        let first = &doc["rulings"][0];
        if first["id"] != c.id.as_str() {
            failed.push(format!(
                "{:?}: answered by {} not {}",
                c.ask, first["id"], c.id
            ));
            continue;
        }
        let answer = first["answer"].as_str().unwrap_or("");
        for w in &c.says {
            if !answer.contains(w.as_str()) {
                failed.push(format!("{:?}: the answer lacks {w:?}: {answer}", c.ask));
            }
        }
        if let Some(s) = &c.source {
            let source = first["source"].as_str().unwrap_or("");
            if !source.contains(s.as_str()) {
                failed.push(format!("{:?}: the source {source:?} lacks {s:?}", c.ask));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// `golf rules sheet` says the rules as players do (issue 31), not as config keys, and
/// leaves the tournament penalties to `--tournament`.
#[test]
fn the_rules_sheet_is_in_players_words() {
    let env = Env::new();
    let sheet = env.ok(&["rules", "sheet", "classic", "--house", "out-penalty-10"]);
    let flat = sheet.split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [
        "Going out without the lowest score costs 10; a tie for lowest is safe.",
        "Six cards each, face down in two rows of three.",
        "A column of one rank scores 0.",
        "A tie for first goes to the lowest single hole (countback)",
        "No knocking: the hole ends when a player's cards are all face up.",
    ] {
        assert!(flat.contains(said), "{said:?} missing:\n{sheet}");
    }
    for key in [
        "penalty when",
        "not-lowest",
        "face up at start",
        "negative matches",
        "may knock",
        "_",
        "Tournaments",
        "illegal move",
    ] {
        assert!(
            !sheet.contains(key),
            "a config key {key:?} on the sheet:\n{sheet}"
        );
    }
    let with = env.ok(&["rules", "sheet", "classic", "--tournament"]);
    let flat = with.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Tournaments: An illegal move costs a warning, then 5 points, then disqualification from the round."),
        "{with}"
    );
    let six = env.ok(&["rules", "sheet", "six-card"]);
    let flat = six.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Decks of 52: 1 for 2–3 players, 2 for 4–7 players, 3 for 8 or more"),
        "{six}"
    );
}

/// `golf ruling who starts the hole` answers who starts (Official §1.3; the dealer's left
/// under rules that say so, RULES.md §14), not what happens when two players flip their
/// last card on the same turn, whose answer happens to use the same words.
#[test]
fn who_starts_the_hole_is_answered_by_who_starts() {
    let env = Env::new();
    for (rules, says, source) in [
        (None, "highest face-up card", "Official §1.3"),
        (
            Some("six-card"),
            "the player on the dealer's left starts",
            "Six/Four sheet, 6-Card Gameplay 3",
        ),
    ] {
        let mut args = vec!["--json", "ruling"];
        if let Some(r) = rules {
            args.extend(["--rules", r]);
        }
        args.extend(["who", "starts", "the", "hole"]);
        let doc: serde_json::Value = serde_json::from_str(&env.ok(&args)).unwrap();
        let first = &doc["rulings"][0];
        assert_eq!(first["id"], "who-starts", "{rules:?}: {doc}");
        assert!(
            first["answer"].as_str().unwrap().contains(says),
            "{rules:?}: {first}"
        );
        assert_eq!(first["source"], source, "{rules:?}: {first}");
    }
    // the other question is still answered by its own ruling
    let doc = env.json(&["ruling", "two", "players", "flip", "their", "last", "card"]);
    assert_eq!(doc["rulings"][0]["id"], "simultaneous-finish", "{doc}");
}
