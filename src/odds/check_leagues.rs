//! The odds' track record on leagues whose players' distributions are known
//! ([`super::league`]): against a coin, "the leader wins", and the chances the generating
//! distributions themselves give (CLI.md "Odds from the first night").

#![allow(clippy::unwrap_used)]

use super::check::{check, OddsCheck};
use super::league::{League, Played, Player};
use crate::ratings::check::judge;

/// A club of five, each with a mean, a spread and good and bad nights.
fn club() -> Vec<Player> {
    [
        ("ann", 7, 4.0, 2),
        ("bob", 8, 4.0, 3),
        ("cat", 9, 5.0, 2),
        ("dan", 8, 3.0, 1),
        ("eve", 10, 6.0, 3),
    ]
    .into_iter()
    .map(|(name, mean, spread, night)| Player {
        name: name.into(),
        mean,
        spread,
        night,
    })
    .collect()
}

/// A league of `seats` of the club's first `club` players.
pub(crate) fn league(
    club_size: usize,
    seats: usize,
    holes: u32,
    matches: usize,
    seed: u64,
) -> League {
    League {
        players: club().into_iter().take(club_size).collect(),
        seats,
        holes,
        matches,
        seed,
    }
}

/// The figures of one guess over some positions.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Figures {
    pub log_loss: f64,
    pub brier: f64,
    pub n: usize,
}

/// The odds', the truth's and the leader's figures over the positions of matches from
/// `from` (a share of the league, 0 to 1) on.
pub(crate) fn figures(
    league: &League,
    played: &[Played],
    record: &OddsCheck,
    from: f64,
) -> [Figures; 3] {
    let first = (from * league.matches as f64).floor() as i64;
    let floor = 0.5 / f64::from(record.samples);
    let mut out = [Figures::default(); 3];
    for p in record.positions.iter().filter(|p| p.match_id > first) {
        let truth = league.truth(&played[(p.match_id - 1) as usize], p.hole as usize);
        let odds: Vec<f64> = p.chances.iter().map(|c| c.max(floor)).collect();
        let lead = crate::ratings::check::shares(p.chances.len(), &p.leaders);
        for (k, c) in [odds, truth, lead].iter().enumerate() {
            let j = judge(c, &p.won);
            out[k].log_loss += j.log_loss;
            out[k].brier += j.brier;
            out[k].n += 1;
        }
    }
    for f in &mut out {
        f.log_loss /= f.n.max(1) as f64;
        f.brier /= f.n.max(1) as f64;
    }
    out
}

/// The league played and judged.
pub(crate) fn judged(league: &League, samples: u32) -> (Vec<Played>, OddsCheck) {
    let played = league.play();
    let finished = league.finished(&played).unwrap();
    let record = check(
        &finished,
        |m| crate::cache::simulated(&m.rules, m.players.len()),
        samples,
        7,
    )
    .unwrap();
    (played, record)
}

#[test]
#[ignore = "prints the figures: cargo test --lib figures_of_the_leagues -- --ignored --nocapture"]
fn figures_of_the_leagues() {
    for (club, seats, holes, matches, seed) in [
        (2, 2, 2, 60, 1),
        (3, 3, 9, 40, 2),
        (5, 4, 4, 60, 3),
        (5, 5, 6, 30, 4),
        (3, 3, 3, 10, 5),
        (2, 2, 5, 30, 6),
    ] {
        let l = league(club, seats, holes, matches, seed);
        let (played, record) = judged(&l, 1000);
        let [o, t, lead] = figures(&l, &played, &record, 0.0);
        let [o2, t2, lead2] = figures(&l, &played, &record, 0.5);
        println!(
            "club {club} seats {seats} holes {holes} matches {matches}: all: odds {:.3}/{:.3} truth {:.3}/{:.3} leader brier {:.3} coin {:.3} | 2nd half: odds {:.3}/{:.3} truth {:.3}/{:.3} leader {:.3} (n {})",
            o.log_loss, o.brier, t.log_loss, t.brier, lead.brier, record.uniform.log_loss,
            o2.log_loss, o2.brier, t2.log_loss, t2.brier, lead2.brier, o2.n
        );
        for b in &record.reliability {
            print!(
                " [{:.1}: {:.3} vs {:.3} n {}]",
                b.from, b.predicted, b.won, b.n
            );
        }
        println!();
    }
}
