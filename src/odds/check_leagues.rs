//! The odds' track record on leagues whose players' distributions are known
//! ([`super::league`]): against a coin, "the leader wins", and the chances the generating
//! distributions themselves give (CLI.md "Odds from the first night").
//!
//! Compiled only with the tests (`#[cfg(test)]` where the module is declared): unwrapping
//! here fails a test, never a user's command.

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

/// The odds', the truth's, the leader's and the coin's figures over the positions of the
/// matches numbered `from` to `to`.
pub(crate) fn figures(
    league: &League,
    played: &[Played],
    record: &OddsCheck,
    (from, to): (i64, i64),
) -> [Figures; 4] {
    let floor = 0.5 / f64::from(record.samples);
    let mut out = [Figures::default(); 4];
    for p in record
        .positions
        .iter()
        .filter(|p| (from..=to).contains(&p.match_id))
    {
        let truth = league.truth(&played[(p.match_id - 1) as usize], p.hole as usize);
        let odds: Vec<f64> = p.chances.iter().map(|c| c.max(floor)).collect();
        let lead = crate::ratings::check::shares(p.chances.len(), &p.leaders);
        let coin = vec![1.0 / p.chances.len() as f64; p.chances.len()];
        for (k, c) in [odds, truth, lead, coin].iter().enumerate() {
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

/// The leagues judged: 2 to 5 players, 2 to 9 holes, 10 to 60 matches, `(club, seats,
/// holes, matches, seed)`.
const LEAGUES: [(usize, usize, u32, usize, u64); 6] = [
    (2, 2, 2, 60, 1),
    (3, 3, 9, 40, 2),
    (5, 4, 4, 60, 3),
    (5, 5, 6, 30, 4),
    (3, 3, 3, 10, 5),
    (2, 2, 5, 30, 6),
];

/// On every league: the odds beat a coin in log loss over the first ten matches and over
/// the whole league, beat "the leader wins" in Brier, and in the second half — when every
/// player has a history of their own — come within 0.05 of the log loss of the generating
/// distributions themselves (issue 47; before, 0.02–0.08 above it).
#[test]
fn odds_on_generated_leagues_beat_the_baselines_and_come_near_the_truth() {
    for (club, seats, holes, matches, seed) in LEAGUES {
        let l = league(club, seats, holes, matches, seed);
        let (played, record) = judged(&l, 1000);
        let n = matches as i64;
        let [odds, _, leader, coin] = figures(&l, &played, &record, (1, n));
        let [first, _, _, first_coin] = figures(&l, &played, &record, (1, 10));
        let [late, truth, _, _] = figures(&l, &played, &record, (n / 2 + 1, n));
        let what = format!(
            "{club} in the club, {seats} seats, {holes} holes, {matches} matches: odds {odds:?}, leader {leader:?}, coin {coin:?}; first ten {first:?} vs coin {first_coin:?}; second half {late:?} vs truth {truth:?}"
        );
        assert!(odds.log_loss < coin.log_loss, "{what}");
        assert!(first.log_loss < first_coin.log_loss, "{what}");
        assert!(odds.brier < leader.brier, "{what}");
        assert!(late.log_loss < truth.log_loss + 0.05, "{what}");
    }
}

/// On a league of 200 matches, every tenth of the reliability table with 30 chances or
/// more came true within 10 points of the chance shown.
#[test]
fn the_reliability_table_keeps_to_the_diagonal_on_200_matches() {
    let l = league(4, 3, 9, 200, 8);
    let (_, record) = judged(&l, 1000);
    let judged: Vec<_> = record.reliability.iter().filter(|b| b.n >= 30).collect();
    assert!(judged.len() >= 8, "{:?}", record.reliability);
    for b in judged {
        assert!(
            (b.won - b.predicted).abs() <= 0.10,
            "{b:?} in {:?}",
            record.reliability
        );
    }
}

#[test]
#[ignore = "prints the figures: cargo test --lib figures_of_the_leagues -- --ignored --nocapture"]
fn figures_of_the_leagues() {
    for (club, seats, holes, matches, seed) in LEAGUES {
        let l = league(club, seats, holes, matches, seed);
        let (played, record) = judged(&l, 1000);
        let n = matches as i64;
        let [o, t, lead, coin] = figures(&l, &played, &record, (1, n));
        let [o2, t2, lead2, _] = figures(&l, &played, &record, (n / 2 + 1, n));
        println!(
            "club {club} seats {seats} holes {holes} matches {matches}: all: odds {:.3}/{:.3} truth {:.3}/{:.3} leader brier {:.3} coin {:.3} | 2nd half: odds {:.3}/{:.3} truth {:.3}/{:.3} leader {:.3} (n {})",
            o.log_loss, o.brier, t.log_loss, t.brier, lead.brier, coin.log_loss,
            o2.log_loss, o2.brier, t2.log_loss, t2.brier, lead2.brier, o2.n
        );
    }
    let l = league(4, 3, 9, 200, 8);
    let (_, record) = judged(&l, 1000);
    for b in &record.reliability {
        print!(
            " [{:.1}: {:.3} vs {:.3} n {}]",
            b.from, b.predicted, b.won, b.n
        );
    }
    println!();
}
