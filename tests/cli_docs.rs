//! Shell completions and the manual page are generated from the command line itself; the
//! committed `golf.1` is the one `golf man` prints.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{repo, Env};

#[test]
fn bash_completions_load_in_bash() {
    let env = Env::new();
    let script = env.ok(&["completions", "bash"]);
    let file = env.write("golf.bash", &script);
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "source {} && complete -p golf",
            file.to_str().unwrap()
        ))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("-F _golf golf"));
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let script = env.ok(&["completions", shell]);
        assert!(
            script.contains("golf") && script.contains("hole"),
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
