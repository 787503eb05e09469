//! Prose at an ordinary 80-column terminal (issue 31): every kind of sentence golf prints —
//! a hole's going-out line, `golf new`, `golf delete`, a ruling, the deck error on stderr —
//! breaks between words within 80 display columns, never inside a word or a name.
//! Snapshots, one per kind (dates redacted).

use crate::common::Env;

/// `golf ARGS` at 80 columns; returns stdout and stderr.
fn at_80(env: &Env, args: &[&str]) -> (String, String) {
    let out = env.golf().env("COLUMNS", "80").args(args).output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Every line within 80 display columns, no trailing spaces, and the same words as the
/// text unwrapped (at 1000 columns): nothing split, nothing lost.
fn fits(name: &str, text: &str, unwrapped: &str) {
    for line in text.lines() {
        let width = textwrap::core::display_width(line);
        assert!(width <= 80, "{name}: a line of {width} columns:\n{line}");
        assert_eq!(line, line.trim_end(), "{name}: trailing spaces");
    }
    assert_eq!(
        text.split_whitespace().collect::<Vec<_>>(),
        unwrapped.split_whitespace().collect::<Vec<_>>(),
        "{name}: a word split or lost"
    );
    assert!(
        unwrapped.lines().any(|l| l.chars().count() > 80),
        "{name}: the example does not need wrapping"
    );
}

fn snapshot(name: &str, text: &str) {
    insta::with_settings!({
        filters => vec![(r"\d{4}-\d{2}-\d{2}(\s+\d{2}:\d{2})?", "[date]")],
    }, {
        insta::assert_snapshot!(name, text);
    });
}

fn wide(env: &Env, args: &[&str]) -> (String, String) {
    let out = env
        .golf()
        .env("COLUMNS", "1000")
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const PLAYERS: [&str; 4] = ["Zoë", "Bartholomew", "Maximilian", "Annabelle"];

fn new_match(env: &Env) -> String {
    let mut args = vec!["new", "--rules", "classic", "--house", "out-penalty-10"];
    args.extend(PLAYERS);
    let (text, _) = at_80(env, &args);
    text
}

#[test]
fn new_match_at_80() {
    let env = Env::new();
    let text = new_match(&env);
    let other = Env::new();
    let mut args = vec!["new", "--rules", "classic", "--house", "out-penalty-10"];
    args.extend(PLAYERS);
    fits("new", &text, &wide(&other, &args).0);
    assert!(text.contains("Zoë"), "{text}");
    snapshot("new", &text);
}

const HOLE: [&str; 8] = [
    "hole",
    "--no-odds",
    "--out",
    "z",
    "z=q44/q98",
    "b=k4k/295",
    "m=86t/3At",
    "a=5kq/52j",
];

#[test]
fn going_out_line_at_80() {
    let env = Env::new();
    new_match(&env);
    let (text, _) = at_80(&env, &HOLE);
    let other = Env::new();
    new_match(&other);
    fits("hole", &text, &wide(&other, &HOLE).0);
    let going_out: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Zoë: went out"))
        .take_while(|l| l.starts_with("Zoë") || l.starts_with("  "))
        .collect();
    assert!(going_out.len() >= 2, "the going-out line wraps:\n{text}");
    snapshot("hole_going_out", &text);
}

#[test]
fn delete_at_80() {
    let env = Env::new();
    new_match(&env);
    let (text, _) = at_80(&env, &["delete", "1"]);
    let other = Env::new();
    new_match(&other);
    fits("delete", &text, &wide(&other, &["delete", "1"]).0);
    snapshot("delete", &text);
}

#[test]
fn ruling_and_listing_at_80() {
    let env = Env::new();
    let (text, _) = at_80(&env, &["ruling", "knock"]);
    fits("ruling", &text, &wide(&env, &["ruling", "knock"]).0);
    // the answer is one paragraph under its question, indented by two on every line
    assert!(
        text.lines()
            .skip(1)
            .take_while(|l| !l.is_empty())
            .all(|l| l.starts_with("  ") && !l.starts_with("   ")),
        "{text}"
    );
    snapshot("ruling", &text);
    let (list, _) = at_80(&env, &["ruling"]);
    fits("ruling list", &list, &wide(&env, &["ruling"]).0);
    // a wrapped entry keeps its indent and hangs under its question
    let mut previous = "";
    for line in list.lines() {
        if line.starts_with("    ") {
            assert!(previous.starts_with("  "), "{previous}\n{line}");
        }
        assert!(
            !previous.starts_with("  ")
                || !line.starts_with(|c: char| c.is_lowercase() || c == '§'),
            "{previous}\n{line}"
        );
        previous = line;
    }
    snapshot("ruling_list", &list);
}

#[test]
fn deck_error_at_80() {
    let env = Env::new();
    new_match(&env);
    let args = ["hole", "z=555/q98", "b=k4k/295", "m=86t/3At", "a=5kq/52j"];
    let (_, err) = at_80(&env, &args);
    let other = Env::new();
    new_match(&other);
    fits("deck error", &err, &wide(&other, &args).1);
    assert!(
        err.starts_with("golf: these cards cannot have been dealt"),
        "{err}"
    );
    snapshot("deck_error", &err);
}

/// Colour codes are not width: `golf card --color always` wraps its bold title where the
/// plain one wraps.
#[test]
fn colour_codes_are_not_width() {
    let env = Env::new();
    new_match(&env);
    at_80(&env, &HOLE);
    let plain = at_80(&env, &["card", "--no-odds"]).0;
    let colour = at_80(&env, &["card", "--no-odds", "--color", "always"]).0;
    let strip = |t: &str| {
        let mut out = String::new();
        let mut rest = t;
        while let Some(at) = rest.find('\x1b') {
            out.push_str(&rest[..at]);
            rest = &rest[at..];
            rest = &rest[rest.find('m').map_or(rest.len(), |m| m + 1)..];
        }
        out + rest
    };
    let first = |t: &str| t.lines().next().unwrap_or("").to_string();
    assert_eq!(first(&strip(&colour)), first(&plain), "{colour}");
}

/// Help examples at 80 columns: every example a whole command, or continued after `\`.
#[test]
fn help_examples_at_80() {
    let env = Env::new();
    let mut text = String::new();
    for args in [
        &["--help"][..],
        &["simulate", "--help"],
        &["score", "--help"],
    ] {
        let (help, _) = at_80(&env, args);
        let examples = &help[help.find("Examples:").unwrap()..];
        text.push_str(&format!("golf {}\n{examples}\n", args.join(" ")));
    }
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
    snapshot("help_examples", &text);
}

/// On a terminal of 60 columns (no `COLUMNS`), prose on stdout and messages on stderr both
/// wrap at 60: the width comes from the terminal itself.
#[test]
fn a_terminal_s_own_width_is_used() {
    let env = Env::new();
    let golf = assert_cmd::cargo::cargo_bin("golf");
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c")
        .arg(format!(
            "read go; '{0}' ruling knock twice; '{0}' ruling xyzzy",
            golf.display()
        ))
        .env_remove("COLUMNS")
        .env("GOLF_DB", env.db())
        .env("XDG_CONFIG_HOME", env.path("xdg-config"))
        .env("NO_COLOR", "1")
        .env("TERM", "xterm");
    let mut session = expectrl::Session::spawn(cmd).unwrap();
    session.set_expect_timeout(Some(std::time::Duration::from_secs(30)));
    // the terminal is 60 columns wide before golf runs (the spawn itself sets 80 after
    // the shell starts, so the size is set here, then the shell is told to go on)
    session.get_process_mut().set_window_size(60, 24).unwrap();
    session.send_line("go").unwrap();
    let all = session.expect(expectrl::Eof).unwrap();
    let text = String::from_utf8_lossy(all.as_bytes()).replace('\r', "");
    assert!(text.contains("Can a player knock twice"), "{text}");
    assert!(text.contains("no ruling answers `xyzzy`"), "{text}");
    for line in text.lines() {
        let width = textwrap::core::display_width(line);
        assert!(
            width <= 60,
            "a line of {width} columns on a 60-column terminal:\n{text}"
        );
    }
    // the answer and the message each needed wrapping at 60 (they fit 80 in fewer lines)
    assert!(
        text.lines().count() >= 15,
        "{} lines:\n{text}",
        text.lines().count()
    );
}
