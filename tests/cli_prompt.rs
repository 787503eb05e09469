//! `golf hole` on a terminal, driven through a pseudo-terminal as a person would type:
//! the header, a grid refused as typed, going back to the previous player, who went out.
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
    p.expect("ann's grid").unwrap();
    p.send_line("5 K Q / 5 11 J").unwrap();
    p.expect("`11` is not a card").unwrap();
    p.expect("ann's grid").unwrap();
    p.send_line("5 K Q / 5 2 J").unwrap();
    p.expect("bob's grid").unwrap();
    p.send_line("<").unwrap();
    p.expect("ann's grid").unwrap();
    p.send_line("5 K Q / 5 2 J").unwrap();
    p.expect("bob's grid").unwrap();
    p.send_line("2 7 Q / 2 7 Q").unwrap();
    p.expect("Who went out").unwrap();
    p.send_line("bob").unwrap();
    p.expect("Next: hole 2, bob deals").unwrap();
    p.expect(expectrl::Eof).unwrap();
    let card = env.json(&["card"]);
    assert_eq!(card["holes_played"], 1);
    assert_eq!(card["holes"][0]["out"], "bob");
    assert_eq!(card["players"][1]["total"], -4);
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
