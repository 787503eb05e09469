//! `golf hole` on a terminal, driven through a pseudo-terminal as a person would type:
//! the header and the layout said once, a grid refused as typed, going back to the
//! previous player with their grid offered for editing, who went out (no knock where the
//! rules have none), a mistyped name, and Ctrl-C keeping a draft the next prompt offers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::Duration;

use common::Env;
use expectrl::Session;

fn session(env: &Env) -> Session {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("golf"));
    cmd.env("GOLF_DB", env.db())
        .env("XDG_CONFIG_HOME", env.path("xdg-config"))
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .arg("hole");
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
