//! `golf hole` on a terminal, driven through a pseudo-terminal as a person would type:
//! the header and the layout said once, a grid refused as typed, going back to the
//! previous player with their grid offered for editing, who went out (no knock where the
//! rules have none), a mistyped name, and Ctrl-C keeping a draft the next prompt offers.

use std::time::Duration;

use crate::common::Env;
use expectrl::Session;

fn session(env: &Env) -> Session {
    session_with(env, &[])
}

/// `golf hole ARGS…` on a pseudo-terminal.
fn session_with(env: &Env, args: &[&str]) -> Session {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("golf"));
    cmd.env("GOLF_DB", env.db())
        .env("XDG_CONFIG_HOME", env.path("xdg-config"))
        .env("GOLF_CACHE_DIR", env.path("cache"))
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .arg("hole")
        .args(args);
    let mut s = Session::spawn(cmd).unwrap();
    s.set_expect_timeout(Some(Duration::from_secs(20)));
    s
}

#[test]
fn a_hole_is_typed_at_the_terminal() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut p = session(&env);
    p.expect("Hole 1 of 9 — ann deals").unwrap();
    p.expect("Each grid: 2 rows of 3").unwrap();
    p.expect("ann's grid").unwrap();
    p.send_line("5 K Q / 5 11 J").unwrap();
    p.expect("`11` is not a card").unwrap();
    p.expect("ann's grid").unwrap();
    p.send_line("5 K Q / 5 2 J").unwrap();
    p.expect("bob's grid").unwrap();
    p.send_line("<").unwrap();
    // ann's grid is offered back to edit: K becomes A, then Enter
    p.expect("ann's grid: 5 K Q / 5 2 J").unwrap();
    p.send("\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x1b[D\x7fA\r")
        .unwrap();
    p.expect("bob's grid").unwrap();
    p.send_line("27q/27q").unwrap();
    p.expect("Who went out? Enter for nobody").unwrap();
    p.send_line("bbo").unwrap();
    p.expect("did you mean `bob`?").unwrap();
    p.expect("Who went out?").unwrap();
    p.send_line("b").unwrap();
    p.expect("Next: hole 2, bob deals").unwrap();
    p.expect(expectrl::Eof).unwrap();
    let card = env.json(&["card"]);
    assert_eq!(card["holes_played"], 1);
    assert_eq!(card["holes"][0]["out"], "bob");
    assert_eq!(card["players"][1]["total"], -4);
    assert_eq!(card["holes"][0]["entries"][0]["grid"], "5 A Q / 5 2 J");
}

#[test]
fn ctrl_c_keeps_a_draft_that_the_next_hole_offers_back() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut p = session(&env);
    p.expect("ann's grid").unwrap();
    p.send_line("q44/q98").unwrap();
    p.expect("bob's grid").unwrap();
    p.send(expectrl::ControlCode::EndOfText).unwrap();
    p.expect("nothing was recorded").unwrap();
    p.expect(expectrl::Eof).unwrap();
    assert_eq!(env.json(&["card"])["holes_played"], 0);
    // the next `golf hole` offers ann's grid back: Enter keeps it
    let mut p = session(&env);
    p.expect("offered back").unwrap();
    p.expect("ann's grid: q44/q98").unwrap();
    p.send("\r").unwrap();
    p.expect("bob's grid").unwrap();
    p.send_line("k4k/295").unwrap();
    p.expect("Who went out?").unwrap();
    p.send_line("").unwrap();
    p.expect("Next: hole 2").unwrap();
    p.expect(expectrl::Eof).unwrap();
    let card = env.json(&["card"]);
    assert_eq!(card["players"][0]["total"], 25);
    // the draft is gone once the hole is recorded
    let mut p = session(&env);
    let asked = p.expect("ann's grid: ").unwrap();
    let before = String::from_utf8_lossy(asked.before()).into_owned();
    assert!(before.contains("Hole 2 of 9"), "{before}");
    assert!(!before.contains("offered back"), "{before}");
    p.send(expectrl::ControlCode::EndOfText).unwrap();
    p.expect("nothing was recorded").unwrap();
}

#[test]
fn input_ending_at_the_terminal_records_nothing() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut p = session(&env);
    p.expect("ann's grid").unwrap();
    p.send_line("5 K Q / 5 2 J").unwrap();
    p.expect("bob's grid").unwrap();
    p.send(expectrl::ControlCode::EndOfTransmission).unwrap();
    p.expect("nothing was recorded").unwrap();
    assert_eq!(env.json(&["card"])["holes_played"], 0);
}

// ==== issue 32a: two writers at one table, drafts kept, the deck checked per grid ====

/// What the prompt said until it ended, as words (lines joined), and its exit code.
fn ending(p: &mut Session) -> (String, i32) {
    // Eof matches everything left unread
    let said = p.expect(expectrl::Eof).unwrap();
    let said = String::from_utf8_lossy(&said[0]).into_owned();
    // as words: golf wraps its messages to the terminal's 80 columns
    let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
    match p.get_process().wait().unwrap() {
        expectrl::WaitStatus::Exited(_, code) => (said, code),
        other => panic!("golf did not exit: {other:?}"),
    }
}

/// Issue 32.1: a new match started in another terminal while the grids are typed is not
/// where they go: refused (exit 2), nothing written to either match, the grids kept as the
/// first match's draft, which `golf hole --match 1` offers back.
#[test]
fn a_match_started_meanwhile_gets_nothing_and_the_grids_are_kept() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob", "cat"]);
    let mut p = session(&env);
    p.expect("ann's grid").unwrap();
    p.send_line("5 K Q / 5 2 J").unwrap();
    p.expect("bob's grid").unwrap();
    p.send_line("2 7 Q / 2 7 Q").unwrap();
    p.expect("cat's grid").unwrap();
    // another terminal starts a match
    env.ok(&["new", "--rules", "quick", "dan", "eve", "fay"]);
    p.send_line("k4k/295").unwrap();
    p.expect("Who went out?").unwrap();
    p.send_line("ann").unwrap();
    let (said, code) = ending(&mut p);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("the current match changed"), "{said}");
    assert!(
        said.contains("kept as the draft of hole 1 of match 1"),
        "{said}"
    );
    assert_eq!(env.json(&["card", "2"])["holes_played"], 0);
    assert_eq!(env.json(&["card", "1"])["holes_played"], 0);
    env.ok(&["check"]);
    // the draft is offered back on the match it was typed for
    let mut p = session_with(&env, &["--match", "1"]);
    p.expect("offered back").unwrap();
    p.expect("ann's grid: 5 K Q / 5 2 J").unwrap();
    p.send("\r").unwrap();
    p.expect("bob's grid: 2 7 Q / 2 7 Q").unwrap();
    p.send("\r").unwrap();
    p.expect("cat's grid: k4k/295").unwrap();
    p.send("\r").unwrap();
    p.expect("Who went out?").unwrap();
    p.send_line("ann").unwrap();
    let (said, code) = ending(&mut p);
    assert_eq!(code, 0, "{said}");
    let card = env.json(&["card", "1"]);
    assert_eq!(card["holes_played"], 1);
    assert_eq!(card["holes"][0]["entries"][2]["grid"], "K 4 K / 2 9 5");
}

/// Issue 32.1: the hole the prompt started on, recorded meanwhile by another writer, is not
/// silently recorded again as the next hole: refused, the recorded hole unchanged.
#[test]
fn a_hole_recorded_meanwhile_is_not_typed_into_the_next() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut p = session(&env);
    p.expect("Hole 1 of 9").unwrap();
    p.expect("ann's grid").unwrap();
    p.send_line("5 K Q / 5 2 J").unwrap();
    p.expect("bob's grid").unwrap();
    env.ok(&["hole", "ann=2 7 Q / 2 7 Q", "bob=q44/q98"]);
    p.send_line("k4k/295").unwrap();
    p.expect("Who went out?").unwrap();
    p.send_line("").unwrap();
    let (said, code) = ending(&mut p);
    assert_eq!(code, 2, "{said}");
    assert!(
        said.contains("has 1 hole recorded, so its next is hole 2, not hole 1"),
        "{said}"
    );
    assert!(said.contains("ann=5 K Q / 5 2 J, bob=k4k/295"), "{said}");
    let card = env.json(&["card"]);
    assert_eq!(card["holes_played"], 1);
    assert_eq!(card["holes"][0]["entries"][0]["grid"], "2 7 Q / 2 7 Q");
}

/// Issue 32.13: the grids typed are kept as they are typed, so a prompt ended by SIGHUP
/// (the terminal closed), SIGTERM or even SIGKILL loses at most the grid being typed: the
/// next `golf hole` offers the others back.
#[test]
fn a_prompt_killed_keeps_every_grid_typed_before() {
    for signal in [
        expectrl::Signal::SIGHUP,
        expectrl::Signal::SIGTERM,
        expectrl::Signal::SIGKILL,
    ] {
        let env = Env::new();
        env.ok(&["new", "--rules", "classic", "ann", "bob", "cat"]);
        let mut p = session(&env);
        p.expect("ann's grid").unwrap();
        p.send_line("5 K Q / 5 2 J").unwrap();
        p.expect("bob's grid").unwrap();
        p.send_line("2 7 Q / 2 7 Q").unwrap();
        p.expect("cat's grid").unwrap();
        p.send("k4k/2").unwrap();
        p.get_process_mut().kill(signal).unwrap();
        let _ = p.get_process().wait();
        let mut p = session(&env);
        p.expect("offered back").unwrap();
        p.expect("ann's grid: 5 K Q / 5 2 J").unwrap();
        p.send("\r").unwrap();
        p.expect("bob's grid: 2 7 Q / 2 7 Q").unwrap();
        p.send("\r").unwrap();
        p.expect("cat's grid: ").unwrap();
        p.send(expectrl::ControlCode::EndOfText).unwrap();
        let (said, code) = ending(&mut p);
        assert_eq!(code, 2, "{signal:?}: {said}");
        // the grid being typed is the one lost
        assert!(!said.contains("k4k"), "{signal:?}: {said}");
        assert!(
            said.contains("The grids of ann and bob"),
            "{signal:?}: {said}"
        );
        assert_eq!(env.json(&["card"])["holes_played"], 0);
    }
}

/// Issue 32.14: a tampered draft (a seat past the table, escape codes, a grid the referee
/// refuses, an unreadable row) is never offered: the prompt says so, does not panic, and
/// writes no control character to the line editor; the hole is typed as usual.
#[test]
fn a_tampered_draft_is_refused_not_offered() {
    for (what, row) in [
        ("seat 99", "1, 0, '[[99, \"5 K Q / 5 2 J\"]]'"),
        (
            "escape codes",
            "1, 0, '[[0, \"5 K Q' || char(27) || '[2J' || char(27) || ']0;PWNED' || char(7) || ' / 5 2 J\"]]'",
        ),
        (
            "escape codes in JSON",
            "1, 0, '[[0, \"5 K Q\\u001b]0;PWNED\\u0007\\u001b[2J / 5 2 J\"]]'",
        ),
        ("a grid refused", "1, 0, '[[0, \"5 K Q / 5 5 5 / 5 5 5\"]]'"),
        ("not JSON", "1, 0, '[[0, '"),
    ] {
        let env = Env::new();
        env.ok(&["new", "--rules", "classic", "ann", "bob"]);
        {
            let conn = rusqlite::Connection::open(env.db()).unwrap();
            conn.execute_batch(&format!(
                "INSERT INTO drafts (match_id, hole, playoff, entries, saved_at)
                 VALUES (1, {row}, '2026-11-25T17:00:00Z');"
            ))
            .unwrap();
        }
        let mut p = session(&env);
        let asked = p.expect("ann's grid: ").unwrap();
        let before = String::from_utf8_lossy(asked.before()).into_owned();
        assert!(before.contains("cannot be"), "{what}: {before}");
        assert!(!before.contains("offered back"), "{what}: {before}");
        p.send_line("5 K Q / 5 2 J").unwrap();
        p.expect("bob's grid: ").unwrap();
        p.send_line("2 7 Q / 2 7 Q").unwrap();
        p.expect("Who went out?").unwrap();
        p.send_line("").unwrap();
        let (said, code) = ending(&mut p);
        assert_eq!(code, 0, "{what}: {said}");
        for text in [&before, &said] {
            assert!(!text.contains("PWNED") && !text.contains('\x07'), "{what}: {text}");
            assert!(!text.contains("panicked"), "{what}: {text}");
        }
        assert_eq!(env.json(&["card"])["holes_played"], 1);
        env.ok(&["check"]);
    }
}

/// Issue 31.8: the deck is checked at each grid as it is typed: a second 3♥ is refused at
/// the grid that brings it, offered back to correct, and no grid that was fine is asked
/// again.
#[test]
fn a_second_three_of_hearts_is_refused_at_its_grid() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob", "cat"]);
    let mut p = session(&env);
    p.expect("ann's grid").unwrap();
    p.send_line("3h 4 5 / 6 7 8").unwrap();
    p.expect("bob's grid").unwrap();
    p.send_line("2 2 Q / 2 7 Q").unwrap();
    p.expect("cat's grid").unwrap();
    p.send_line("3h 9 t / j q k").unwrap();
    p.expect("cat's grid is refused as typed").unwrap();
    // offered back: the cursor at the end, the 3h's suit changed in place
    p.expect("cat's grid: 3h 9 t / j q k").unwrap();
    p.send("\x1b[H\x1b[C\x1b[3~s\r").unwrap();
    p.expect("Who went out?").unwrap();
    p.send_line("").unwrap();
    let (said, code) = ending(&mut p);
    assert_eq!(code, 0, "{said}");
    assert!(!said.contains("again"), "{said}");
    let card = env.json(&["card"]);
    assert_eq!(card["holes"][0]["entries"][2]["grid"], "3s 9 10 / J Q K");
}

/// Issue 31.2: under rules that adjust the score of the player who ends the hole, the
/// prompt asks who went out and takes no one only in words: Enter alone asks again,
/// saying what is at stake; `nobody` records no one.
#[test]
fn where_going_out_is_scored_nobody_must_be_said() {
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--house",
        "out-penalty-10",
        "ann",
        "bob",
    ]);
    let mut p = session(&env);
    p.expect("ann's grid").unwrap();
    p.send_line("5 K Q / 5 2 J").unwrap();
    p.expect("bob's grid").unwrap();
    p.send_line("2 7 Q / 2 7 Q").unwrap();
    p.expect("Who went out (or `nobody`)? ").unwrap();
    p.send_line("").unwrap();
    p.expect("the player who ends the hole scores 10 more unless no one scored lower")
        .unwrap();
    p.expect("Who went out (or `nobody`)? ").unwrap();
    p.send_line("nobody").unwrap();
    let (said, code) = ending(&mut p);
    assert_eq!(code, 0, "{said}");
    assert!(!said.contains("no one is recorded"), "{said}");
    let card = env.json(&["card"]);
    assert_eq!(card["holes"][0]["out"], serde_json::Value::Null);
    // a name is taken as before, and its penalty applied
    let mut p = session(&env);
    p.expect("ann's grid").unwrap();
    p.send_line("5 K Q / 5 2 J").unwrap();
    p.expect("bob's grid").unwrap();
    p.send_line("2 7 Q / 2 7 Q").unwrap();
    p.expect("Who went out (or `nobody`)? ").unwrap();
    p.send_line("ann").unwrap();
    let (said, code) = ending(&mut p);
    assert_eq!(code, 0, "{said}");
    let card = env.json(&["card"]);
    assert_eq!(card["holes"][1]["out"], "ann");
    assert_eq!(card["holes"][1]["entries"][0]["adjustment"], 10);
}

/// Issue 31.2: `golf hole` with grids but no --out/--knock, under rules that adjust the
/// score of the player who ends the hole, says plainly that no one is recorded as ending it
/// and how to record one; under rules that do not, it says nothing of it.
#[test]
fn a_hole_with_no_one_going_out_says_so_where_it_matters() {
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--house",
        "out-penalty-10",
        "ann",
        "bob",
    ]);
    let out = env
        .golf()
        .args(["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"])
        .output()
        .unwrap();
    assert!(out.status.success());
    // as words: golf wraps its messages to the terminal's width
    let stderr = String::from_utf8_lossy(&out.stderr)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        stderr.contains("no one is recorded as ending hole 1 (going out or knocking)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("scores 10 more unless no one scored lower"),
        "{stderr}"
    );
    assert!(
        stderr.contains("`golf amend 1 --out PLAYER` records it"),
        "{stderr}"
    );
    // with --out given, or under rules that leave the ender's score alone: nothing said
    let out = env
        .golf()
        .args([
            "hole",
            "ann=5 K Q / 5 2 J",
            "bob=2 7 Q / 2 7 Q",
            "--out",
            "bob",
        ])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("no one is recorded"));
    let plain = Env::new();
    plain.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let out = plain
        .golf()
        .args(["hole", "ann=5 K Q / 5 2 J", "bob=2 7 Q / 2 7 Q"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("no one is recorded"));
}

/// `golf hole --hole N` at the terminal: the prompt is bound to hole N and refuses before
/// asking anything when the match's next hole is another.
#[test]
fn the_prompt_refuses_a_hole_that_is_not_next() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut p = session_with(&env, &["--hole", "2"]);
    let (said, code) = ending(&mut p);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("its next is hole 1, not hole 2"), "{said}");
    assert!(!said.contains("ann's grid"), "{said}");
    let mut p = session_with(&env, &["--hole", "1"]);
    p.expect("Hole 1 of 9").unwrap();
    p.expect("ann's grid").unwrap();
    p.send(expectrl::ControlCode::EndOfText).unwrap();
    let (said, code) = ending(&mut p);
    assert_eq!(code, 2, "{said}");
}

/// Issue 32.1: whatever another writer changes meanwhile — a hole undone, a player
/// disqualified, the match abandoned — the typed hole is refused against the match as it
/// now is, nothing written, its grids named and kept.
#[test]
fn whatever_changed_meanwhile_the_hole_is_refused_and_kept() {
    for (what, meanwhile) in [
        ("undo", &["undo"][..]),
        (
            "disqualify",
            &["penalty", "--disqualify", "cat", "--reason", "left"],
        ),
        ("abandon", &["abandon"]),
    ] {
        let env = Env::new();
        env.ok(&["new", "--rules", "classic", "ann", "bob", "cat"]);
        env.ok(&["hole", "ann=12", "bob=13", "cat=14"]);
        let mut p = session(&env);
        p.expect("ann's grid").unwrap();
        p.send_line("5 K Q / 5 2 J").unwrap();
        p.expect("bob's grid").unwrap();
        p.send_line("2 7 Q / 2 7 Q").unwrap();
        p.expect("cat's grid").unwrap();
        env.ok(meanwhile);
        let holes = env.json(&["card", "1"])["holes_played"].clone();
        p.send_line("k4k/295").unwrap();
        p.expect("Who went out?").unwrap();
        p.send_line("").unwrap();
        let (said, code) = ending(&mut p);
        assert_eq!(code, 2, "{what}: {said}");
        assert!(
            said.contains("(ann=5 K Q / 5 2 J, bob=2 7 Q / 2 7 Q, cat=k4k/295) are kept"),
            "{what}: {said}"
        );
        assert_eq!(env.json(&["card", "1"])["holes_played"], holes, "{what}");
    }
}

/// Two people typing the same hole of one match at once are told so, each once, as soon
/// as the other's grids are kept: the first to finish records it, the other is refused with
/// their grids named (nothing is recorded twice).
#[test]
fn two_prompts_on_one_hole_are_told_of_each_other() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut a = session(&env);
    a.expect("ann's grid").unwrap();
    a.send_line("5 K Q / 5 2 J").unwrap();
    a.expect("bob's grid").unwrap();
    let mut b = session(&env);
    b.expect("ann's grid: 5 K Q / 5 2 J").unwrap();
    b.send("\r").unwrap();
    b.expect("bob's grid").unwrap();
    a.send_line("2 7 Q / 2 7 Q").unwrap();
    a.expect("another `golf hole` is typing this hole of match 1 too")
        .unwrap();
    a.expect("Who went out?").unwrap();
    b.send_line("k4k/295").unwrap();
    b.expect("another `golf hole` is typing this hole of match 1 too")
        .unwrap();
    b.expect("Who went out?").unwrap();
    a.send_line("").unwrap();
    let (said, code) = ending(&mut a);
    assert_eq!(code, 0, "{said}");
    b.send_line("").unwrap();
    let (said, code) = ending(&mut b);
    assert_eq!(code, 2, "{said}");
    assert!(said.contains("bob=k4k/295"), "{said}");
    let card = env.json(&["card"]);
    assert_eq!(card["holes_played"], 1);
    assert_eq!(card["holes"][0]["entries"][1]["grid"], "2 7 Q / 2 7 Q");
}

/// Issue 37.2: the grids the phones sent to `golf serve`'s shared draft are the draft
/// `golf hole`'s prompt offers back: either side can record the hole.
#[test]
fn the_prompt_offers_the_grids_the_phones_sent() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob"]);
    let mut served = crate::served::Served::start(env.dir.path(), &[]);
    let sent = served.post_as(
        &served.token("ann"),
        "/api/draft",
        r#"{"match": 1, "hole": 1, "player": "ann", "grid": "q44/q98", "out": true}"#,
    );
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert!(served.stop("TERM").success());
    let mut p = session(&env);
    p.expect("offered back").unwrap();
    p.expect("ann's grid: q44/q98").unwrap();
    p.send("\r").unwrap();
    p.expect("bob's grid").unwrap();
    p.send_line("k4k/295").unwrap();
    // ann's phone said she went out: offered, kept with Enter
    p.expect("Who went out?").unwrap();
    p.expect("ann").unwrap();
    p.send("\r").unwrap();
    p.expect("Next: hole 2").unwrap();
    p.expect(expectrl::Eof).unwrap();
    let card = env.json(&["card"]);
    assert_eq!(card["holes"][0]["entries"][0]["grid"], "Q 4 4 / Q 9 8");
    assert_eq!(card["holes"][0]["out"], "ann");
}

/// The prompt and the phones share one draft grid by grid (CLI.md "The prompt and the
/// phones share one draft"): a grid a phone sends while the prompt runs is kept when the
/// prompt saves the grid it just took, and when it is stopped.
#[test]
fn the_prompt_keeps_a_grid_a_phone_sent_meanwhile() {
    let env = Env::new();
    env.ok(&["new", "--rules", "classic", "ann", "bob", "cat"]);
    let served = crate::served::Served::start(env.dir.path(), &[]);
    let mut p = session(&env);
    p.expect("ann's grid").unwrap();
    // bob's phone sends bob's grid while ann's is typed at the computer
    let sent = served.post_as(
        &served.token("bob"),
        "/api/draft",
        r#"{"match": 1, "hole": 1, "player": "bob", "grid": "2 7 Q / 2 7 Q"}"#,
    );
    assert_eq!(sent.status, 200, "{}", sent.body);
    p.send_line("5 K Q / 5 2 J").unwrap();
    p.expect("bob's grid").unwrap();
    p.send(expectrl::ControlCode::EndOfText).unwrap();
    p.expect(expectrl::Eof).unwrap();
    // the server shows what the prompt wrote once its watcher has looked (a poll)
    let mut draft = served.get("/api/draft").json();
    for _ in 0..100 {
        if draft["grids"]["ann"] != serde_json::Value::Null {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
        draft = served.get("/api/draft").json();
    }
    assert_eq!(draft["grids"]["ann"], "5 K Q / 5 2 J", "{draft}");
    assert_eq!(
        draft["typed_at_computer"],
        serde_json::json!(["ann"]),
        "{draft}"
    );
    assert_eq!(
        draft["grids"]["bob"], "2 7 Q / 2 7 Q",
        "the phone's grid kept: {draft}"
    );
}

/// Undo puts the withdrawn hole's grids back in the draft (issue 45): `golf undo` says so,
/// and the next `golf hole` offers them, labelled as put back by the undo, with who went
/// out — unless grids for the next hole were sent meanwhile, which are kept instead.
#[test]
fn an_undo_puts_the_holes_grids_back_for_the_prompt() {
    let env = Env::new();
    env.ok(&[
        "new",
        "--rules",
        "classic",
        "--house",
        "out-penalty-10",
        "ann",
        "bob",
    ]);
    env.ok(&["hole", "ann=q44/q98", "bob=2 7 Q / 2 7 Q", "--out", "bob"]);
    let said = crate::served::words(&env.ok(&["undo"]));
    assert!(
        said.contains("back in the draft of hole 1, put back by the undo"),
        "{said}"
    );
    let mut p = session(&env);
    p.expect("withdrawn by an undo, are put back and offered")
        .unwrap();
    p.expect("ann's grid: Q 4 4 / Q 9 8").unwrap();
    p.send("\r").unwrap();
    p.expect("bob's grid: 2 7 Q / 2 7 Q").unwrap();
    // the grid offered changed: the line cleared (Ctrl-U), another typed
    p.send("\x15").unwrap();
    p.send_line("2 7 Q / 2 7 K").unwrap();
    // who went out, as recorded before the undo: offered, kept with Enter
    p.expect("Who went out (or `nobody`)? bob").unwrap();
    p.send("\r").unwrap();
    p.expect("Next: hole 2").unwrap();
    p.expect(expectrl::Eof).unwrap();
    let card = env.json(&["card"]);
    assert_eq!(card["holes"][0]["entries"][1]["grid"], "2 7 Q / 2 7 K");
    assert_eq!(card["holes"][0]["out"], "bob");

    // hole 2, and a grid sent for hole 3 before hole 2 is withdrawn: the newer grid stays
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=A 3 4 / 6 8 9",
        "--out",
        "ann",
    ]);
    let served = crate::served::Served::start(env.dir.path(), &[]);
    let sent = served.post_as(
        &served.token("ann"),
        "/api/draft",
        r#"{"match": 1, "hole": 3, "player": "ann", "grid": "T J K / A 3 4"}"#,
    );
    assert_eq!(sent.status, 200, "{}", sent.body);
    drop(served);
    let said = crate::served::words(&env.ok(&["undo"]));
    assert!(
        said.contains("The draft holds grids for hole 3, newer than hole 2's: they are kept"),
        "{said}"
    );
    assert_eq!(env.json(&["card"])["holes_played"], 1);
    // hole 2 recorded again: the grid sent for hole 3 is its draft still
    env.ok(&[
        "hole",
        "ann=5 K Q / 5 2 J",
        "bob=A 3 4 / 6 8 9",
        "--out",
        "ann",
    ]);
    let served = crate::served::Served::start(env.dir.path(), &[]);
    let draft = served.get("/api/draft").json();
    assert_eq!(
        (draft["hole"].as_u64(), &draft["grids"]["ann"]),
        (Some(3), &serde_json::json!("T J K / A 3 4")),
        "{draft}"
    );
}
