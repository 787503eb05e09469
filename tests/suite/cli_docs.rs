//! Shell completions and the manual page are generated from the command line itself; the
//! committed `golf.1` is the one `golf man` prints.

use crate::common::{repo, Env};

/// What bash offers for `words` (the last one being completed) with golf's completion
/// script loaded, the `golf` built for these tests on PATH and `env`'s database.
fn bash_offers(env: &Env, script: &std::path::Path, words: &[&str]) -> Vec<String> {
    let bin = assert_cmd::cargo::cargo_bin("golf");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let (current, previous) = (words[words.len() - 1], words[words.len() - 2]);
    let line = format!(
        "source {} && complete -p golf >/dev/null && COMP_WORDS=({}) COMP_CWORD={} COMP_TYPE=9 && \
         _clap_complete_golf golf '{current}' '{previous}' && printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" "),
        words.len() - 1
    );
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(line)
        .env("PATH", path)
        .env("GOLF_DB", env.db())
        .env("XDG_CONFIG_HOME", env.path("xdg-config"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completions_offer_commands_rules_and_the_players_recorded() {
    let env = Env::new();
    let script = env.write("golf.bash", &env.ok(&["completions", "bash"]));
    assert_eq!(bash_offers(&env, &script, &["golf", "ho"]), ["hole"]);
    assert_eq!(
        bash_offers(&env, &script, &["golf", "new", "--rules", "play"]),
        ["play-nine"]
    );
    assert_eq!(
        bash_offers(&env, &script, &["golf", "new", "--house", "under"]),
        ["underdog"]
    );
    // no database yet: no names, and nothing is created
    assert!(bash_offers(&env, &script, &["golf", "penalty", "a"]).is_empty());
    assert!(!env.db().exists());
    env.ok(&["new", "--rules", "classic", "ann", "bob", "Bea"]);
    assert_eq!(
        bash_offers(&env, &script, &["golf", "penalty", "b"]),
        ["Bea", "bob"]
    );
    assert_eq!(
        bash_offers(&env, &script, &["golf", "hole", "--out", "a"]),
        ["ann"]
    );
    assert_eq!(
        bash_offers(&env, &script, &["golf", "head-to-head", "ann", "B"]),
        ["Bea", "bob"]
    );
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let script = env.ok(&["completions", shell]);
        assert!(
            script.contains("GOLF_COMPLETE") && script.contains("golf"),
            "{shell}"
        );
    }
    env.bad(&["completions", "tcsh"]);
}

#[test]
fn the_committed_man_page_is_current_and_renders() {
    let env = Env::new();
    let page = env.ok(&["man"]);
    let committed = std::fs::read_to_string(repo("golf.1")).unwrap();
    assert_eq!(page, committed, "golf.1 is stale: run `golf man > golf.1`");
    assert!(page.contains(".TH golf 1") && page.contains("scorekeeper"));
    // where man is installed, it renders the page
    if let Ok(out) = std::process::Command::new("man")
        .args(["-l", repo("golf.1").to_str().unwrap()])
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .output()
    {
        if out.status.success() {
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.contains("scorekeeper"), "{text}");
        }
    }
}

#[test]
fn the_rulebook_is_generated_from_the_rules_files() {
    let env = Env::new();
    let generated = env.ok(&["rules", "doc"]);
    let committed = std::fs::read_to_string(repo("docs/rules.md")).unwrap();
    assert_eq!(
        generated, committed,
        "docs/rules.md is stale: run `golf rules doc > docs/rules.md`"
    );
    for name in golf::rules::bundled::variant_names()
        .into_iter()
        .chain(golf::rules::bundled::house_names())
    {
        assert!(
            committed.contains(&format!("`{name}`")),
            "{name} is missing"
        );
    }
}

/// Every `$ golf …` example in the README whose output is shown prints that output (a line
/// `…` stands for lines left out, a `…` within a line for the rest of it).
#[test]
fn the_readme_examples_match_real_output() {
    let readme = std::fs::read_to_string(repo("README.md")).unwrap();
    assert!(
        !readme.contains("../"),
        "the README points outside the repository"
    );
    let env = Env::new();
    let mut checked = 0;
    for block in readme.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let mut lines = block.lines();
        let Some(command) = lines.next().and_then(|l| l.strip_prefix("$ golf ")) else {
            continue;
        };
        let shown: Vec<&str> = lines.filter(|l| l.trim() != "…").collect();
        if shown.is_empty() {
            continue;
        }
        let out = env
            .golf()
            .arg("--color")
            .arg("never")
            .args(shell_words(command))
            .output()
            .unwrap();
        let real = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        for line in shown {
            // a line cut short with … is checked up to the cut
            let line = line.split('…').next().unwrap_or_default().trim_end();
            assert!(
                real.contains(line),
                "`golf {command}` does not print {line:?}:\n{real}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} README examples checked");
}

/// Splits a command line the way a shell would for the README's examples: words, and
/// double-quoted strings.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Users have neither RULES.md nor CLI.md: nothing golf prints cites them.
#[test]
fn nothing_shown_cites_a_document_users_do_not_have() {
    let env = Env::new();
    let mut shown = vec![
        env.ok(&["rules", "doc"]),
        env.ok(&["man"]),
        env.ok(&["--help"]),
    ];
    for name in golf::rules::bundled::variant_names() {
        shown.push(env.ok(&["rules", "show", name]));
    }
    let help = env.ok(&["--help"]);
    for command in help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
    {
        shown.push(env.ok(&[command, "--help"]));
    }
    for text in shown {
        for doc in ["RULES.md", "CLI.md"] {
            assert!(!text.contains(doc), "cites {doc}:\n{text}");
        }
    }
}

/// Every page a manual page refers to (`golf-hole(1)`) exists: `golf man --dir` writes one
/// per command and subcommand, each the page `golf man NAME…` prints.
#[test]
fn every_manual_page_referred_to_exists() {
    let env = Env::new();
    let dir = env.path("man1");
    std::fs::create_dir(&dir).unwrap();
    env.ok(&["man", "--dir", dir.to_str().unwrap()]);
    let pages: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(pages.contains(&"golf-hole.1".to_string()), "{pages:?}");
    assert!(
        pages.contains(&"golf-rules-sheet.1".to_string()),
        "{pages:?}"
    );
    let mut referred = 0;
    for page in &pages {
        let text = std::fs::read_to_string(dir.join(page)).unwrap();
        for piece in text.split("(1)").filter(|p| p.contains("golf")) {
            let name = piece
                .rsplit(['\n', ' '])
                .next()
                .unwrap()
                .replace("\\-", "-");
            if name.starts_with("golf") {
                assert!(
                    pages.contains(&format!("{name}.1")),
                    "{page} refers to {name}(1)"
                );
                referred += 1;
            }
        }
    }
    assert!(referred >= 26, "only {referred} references");
    assert_eq!(
        env.ok(&["man"]),
        std::fs::read_to_string(dir.join("golf.1")).unwrap()
    );
    assert_eq!(
        env.ok(&["man", "rules", "sheet"]),
        std::fs::read_to_string(dir.join("golf-rules-sheet.1")).unwrap()
    );
    let hole = env.ok(&["man", "hole"]);
    assert!(
        hole.contains(".TH golf-hole 1") && hole.contains("\\-\\-knock"),
        "{hole}"
    );
    let err = env.bad(&["man", "hle"]);
    assert!(err.contains("expected one of score"), "{err}");
}

/// The README tells a newcomer what to install first and how (issue 31), and its Quick
/// start stays two commands.
#[test]
fn the_readme_says_what_is_needed_and_how_to_install() {
    let readme = std::fs::read_to_string(repo("README.md")).unwrap();
    let install =
        &readme[readme.find("## Install").unwrap()..readme.find("## Quick start").unwrap()];
    assert!(install.contains("Rust 1.85 or newer"), "{install}");
    assert!(
        install.contains("cargo install --locked --path ."),
        "{install}"
    );
    let manifest = std::fs::read_to_string(repo("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("rust-version = \"1.85\""),
        "the README and Cargo.toml agree"
    );
    let quick = &readme[readme.find("## Quick start").unwrap()..];
    let block = &quick[quick.find("```sh\n").unwrap() + 6..];
    let block = &block[..block.find("```").unwrap()];
    assert_eq!(block.lines().count(), 2, "{block}");
    assert!(quick[..quick.find("## Settling").unwrap()].contains("dated today"));
}

/// Every help page's examples at an 80-column terminal (issue 31): each line is a whole
/// command, a shell continuation of one (after a `\`), or a note; clap never breaks a
/// command in the middle, where the rest would read as a command of its own.
#[test]
fn help_examples_are_never_broken_mid_command_at_80_columns() {
    fn walk(cmd: &mut clap::Command, path: String, bad: &mut Vec<String>) {
        let help = cmd.clone().term_width(80).render_long_help().to_string();
        if let Some(at) = help.find("Example") {
            let mut continued = false;
            for line in help[at..].lines().skip(1).filter(|l| !l.trim().is_empty()) {
                let whole = line.starts_with("  golf ") || line == "  golf" || continued;
                if line.chars().count() > 80 || !whole {
                    bad.push(format!("{path}: {line}"));
                }
                continued = line.ends_with('\\');
            }
        }
        for sub in cmd.get_subcommands_mut() {
            let name = format!("{path} {}", sub.get_name());
            walk(sub, name, bad);
        }
    }
    let mut cmd = <golf::cli::Cli as clap::CommandFactory>::command();
    let mut bad = Vec::new();
    walk(&mut cmd, "golf".into(), &mut bad);
    assert!(
        bad.is_empty(),
        "examples broken at 80 columns:\n{}",
        bad.join("\n")
    );
}

/// Help and version written to a full disk (`> /dev/full`) are a write error, exit 1 with
/// a message on stderr, never a success or a panic; a reader that goes away
/// (`golf --help | head -1`) stays quiet, exit 0.
#[test]
fn help_and_version_to_a_full_disk_exit_1() {
    let Ok(_) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("no /dev/full here: nothing to check");
        return;
    };
    let env = Env::new();
    let golf = || {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("golf"));
        cmd.env("GOLF_DB", env.db())
            .env("XDG_CONFIG_HOME", env.path("xdg-config"))
            .env("HOME", env.dir.path());
        cmd
    };
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["help", "hole"],
        &["new", "--help"],
        &["rules", "show", "--help"],
        &["--version"],
        &["-V"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = golf().args(args).stdout(full).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "golf {args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write") && !stderr.contains("panicked"),
            "golf {args:?}: {stderr}"
        );
    }
    let mut child = golf()
        .arg("--help")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
