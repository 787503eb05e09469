//! Ratings over finished matches (RULES.md §16): every finished match is a free-for-all
//! ranking, and each player's skill is a mean μ and an uncertainty σ updated by the
//! Weng–Lin Bayesian approximation (Weng & Lin 2011, the method behind OpenSkill) with the
//! Bradley–Terry full-pairing model, β = 25/6 and κ = 10⁻⁶, each player a team of one
//! (`skillratings`' `weng_lin_multi_team`). The rating shown is μ − 3σ: a newcomer starts
//! at 25 − 3 · 25/3 = 0.
//!
//! Plain functions over plain values: the matches come in as [`RatedMatch`]es (who placed
//! where, when it finished, on which night), already filtered; nothing here reads the
//! store or writes to the terminal.

use std::collections::HashMap;

use serde::Serialize;
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

use crate::game::{ranking, Outcome, Standing};

pub mod check;
pub mod plackett_luce;

/// A rating method (RULES.md §16): the online Weng–Lin update, or the Plackett–Luce fit
/// over the whole history.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Weng–Lin (Bradley–Terry full pairing), match by match: μ − 3σ.
    WengLin,
    /// Plackett–Luce, the MAP fit over every match at once: 100·ln γ.
    PlackettLuce,
}

impl Method {
    /// Every method, in the order `--check` lists them.
    pub const ALL: [Method; 2] = [Method::WengLin, Method::PlackettLuce];

    /// `weng-lin` or `plackett-luce`: the name in JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::WengLin => "weng-lin",
            Method::PlackettLuce => "plackett-luce",
        }
    }

    /// `Weng–Lin` or `Plackett–Luce`: the name in sentences.
    pub fn title(self) -> &'static str {
        match self {
            Method::WengLin => "Weng–Lin",
            Method::PlackettLuce => "Plackett–Luce",
        }
    }
}

/// The fewest finished matches of a selection before `golf ratings` picks its method by
/// [`check::check`] rather than using Weng–Lin (CLI.md).
pub const CHOOSE_FROM: usize = 30;

/// The mean a newcomer starts with.
pub const START_MU: f64 = 25.0;
/// The uncertainty a newcomer starts with (25/3).
pub const START_SIGMA: f64 = 25.0 / 3.0;

/// One player's place in a finished match: 1 for the winners, then upwards; players who
/// tied share a place (RULES.md §16).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placing {
    /// The player (NFC, as recorded).
    pub player: String,
    /// The place, from 1; equal places tie.
    pub place: usize,
}

/// A finished match as the ratings see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatedMatch {
    /// The match number (orders matches that finished at the same time).
    pub id: i64,
    /// When it finished, RFC 3339 in UTC (orders the matches).
    pub finished_at: String,
    /// The calendar day it finished on (`2026-11-01`): its night.
    pub night: String,
    /// Every player's place.
    pub placings: Vec<Placing>,
}

impl RatedMatch {
    /// A finished match from each player's [`Finish`], placed by [`places`].
    pub fn new(id: i64, finished_at: String, night: String, finishes: &[(String, Finish)]) -> Self {
        let f: Vec<Finish> = finishes.iter().map(|(_, f)| *f).collect();
        let placings = finishes
            .iter()
            .zip(places(&f))
            .map(|((player, _), place)| Placing {
                player: player.clone(),
                place,
            })
            .collect();
        RatedMatch {
            id,
            finished_at,
            night,
            placings,
        }
    }
}

impl From<crate::store::stats::MatchFinish> for RatedMatch {
    /// A finished match as the store reads it ([`crate::store::stats::finishes`]).
    fn from(m: crate::store::stats::MatchFinish) -> Self {
        let finishes: Vec<(String, Finish)> = m
            .players
            .into_iter()
            .map(|(player, f)| {
                let finish = Finish {
                    won: f.won,
                    total: f.total,
                    disqualified: f.disqualified,
                };
                (player, finish)
            })
            .collect();
        RatedMatch::new(m.id, m.finished_at, m.night, &finishes)
    }
}

/// What a finished match's result says of one player, for [`places`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finish {
    /// Won, alone or sharing the win, after the tiebreak chain.
    pub won: bool,
    /// The total (hole scores and penalty points).
    pub total: i64,
    /// Disqualified.
    pub disqualified: bool,
}

/// The places of a finished match's players, in the order given (RULES.md §16), by the
/// one definition of a finished match's ranking, [`crate::game::ranking`]: the winners
/// after the tiebreak chain share place 1; the others follow by total, equal totals sharing
/// a place; disqualified players share the last place.
pub fn places(finishes: &[Finish]) -> Vec<usize> {
    let standings: Vec<Standing> = finishes
        .iter()
        .enumerate()
        .map(|(seat, f)| Standing {
            seat,
            name: String::new(),
            holes: Vec::new(),
            penalty_points: 0,
            total: f.total,
            disqualified: f.disqualified,
        })
        .collect();
    let winners: Vec<usize> = (0..finishes.len()).filter(|&s| finishes[s].won).collect();
    let outcome = Outcome {
        tied: winners.clone(),
        winners,
        steps: Vec::new(),
        decided_by: None,
        playoff_needed: None,
    };
    ranking(&standings, &outcome)
        .into_iter()
        .map(|p| p as usize)
        .collect()
}

/// A player's skill: mean and uncertainty.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Skill {
    /// The mean μ.
    pub mu: f64,
    /// The uncertainty σ.
    pub sigma: f64,
}

impl Skill {
    /// A newcomer's skill: μ = 25, σ = 25/3.
    pub const START: Skill = Skill {
        mu: START_MU,
        sigma: START_SIGMA,
    };

    /// The rating shown: μ − 3σ.
    pub fn rating(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// One row of the leaderboard.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Leader {
    /// The player.
    pub player: String,
    /// μ − 3σ.
    pub rating: f64,
    /// The mean μ.
    pub mu: f64,
    /// The uncertainty σ.
    pub sigma: f64,
    /// Finished matches rated.
    pub matches: u32,
    /// The rating now minus the rating before the latest night in the selection (0 for a
    /// player who did not play that night).
    pub change: f64,
}

/// A player's rating after each night they played: `(night, rating)`, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Course {
    /// The player.
    pub player: String,
    /// The rating at the end of each night the player played.
    pub nights: Vec<(String, f64)>,
}

/// The ratings after a sequence of matches.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Ratings {
    /// The leaderboard, best rating first (then by name).
    pub standings: Vec<Leader>,
    /// The latest night in the selection, if any match was rated.
    pub latest_night: Option<String>,
    /// Every player's rating night by night, in the order of the leaderboard.
    pub courses: Vec<Course>,
    /// Every night with a rated match, oldest first.
    pub nights: Vec<String>,
}

#[derive(Debug)]
struct Player {
    name: String,
    skill: WengLinRating,
    matches: u32,
    /// The rating before the latest night (set when the player first plays on it).
    before: Option<(String, f64)>,
    course: Vec<(String, f64)>,
}

/// Rates `matches` (any order; they are taken in the order they finished, then by match
/// number). A match with fewer than two players says nothing of skill and is left out.
pub fn rate(matches: &[RatedMatch]) -> Ratings {
    let mut order: Vec<&RatedMatch> = matches.iter().filter(|m| m.placings.len() > 1).collect();
    order.sort_by(|a, b| (&a.finished_at, a.id).cmp(&(&b.finished_at, b.id)));
    let config = WengLinConfig::new(); // β = 25/6, κ = 10⁻⁶
    let mut players: Vec<Player> = Vec::new();
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    let mut nights: Vec<String> = Vec::new();
    let mut seats: Vec<usize> = Vec::new();
    let mut teams: Vec<[WengLinRating; 1]> = Vec::new();
    for m in order {
        if nights.last() != Some(&m.night) {
            nights.push(m.night.clone());
        }
        seats.clear();
        teams.clear();
        for p in &m.placings {
            let i = *by_name.entry(p.player.as_str()).or_insert_with(|| {
                players.push(Player {
                    name: p.player.clone(),
                    skill: WengLinRating::new(),
                    matches: 0,
                    before: None,
                    course: Vec::new(),
                });
                players.len() - 1
            });
            seats.push(i);
            teams.push([players[i].skill]);
        }
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .zip(&m.placings)
            .map(|(t, p)| (&t[..], MultiTeamOutcome::new(p.place)))
            .collect();
        let updated = weng_lin_multi_team(&ranked, &config);
        for (&i, new) in seats.iter().zip(updated) {
            let player = &mut players[i];
            let rating_before = skill_of(player.skill).rating();
            if player.before.as_ref().is_none_or(|(n, _)| *n != m.night) {
                player.before = Some((m.night.clone(), rating_before));
            }
            player.skill = new[0];
            player.matches += 1;
            let rating = skill_of(player.skill).rating();
            match player.course.last_mut() {
                Some((night, r)) if *night == m.night => *r = rating,
                _ => player.course.push((m.night.clone(), rating)),
            }
        }
    }
    finish(players, nights)
}

fn skill_of(r: WengLinRating) -> Skill {
    Skill {
        mu: r.rating,
        sigma: r.uncertainty,
    }
}

/// The leaderboard and courses of the rated `players`.
fn finish(mut players: Vec<Player>, nights: Vec<String>) -> Ratings {
    let latest = nights.last().cloned();
    let rating = |p: &Player| skill_of(p.skill).rating();
    players.sort_by(|a, b| rating(b).total_cmp(&rating(a)).then(a.name.cmp(&b.name)));
    let standings = players
        .iter()
        .map(|p| {
            let skill = skill_of(p.skill);
            let change = match (&p.before, &latest) {
                (Some((night, before)), Some(l)) if night == l => skill.rating() - before,
                _ => 0.0,
            };
            Leader {
                player: p.name.clone(),
                rating: skill.rating(),
                mu: skill.mu,
                sigma: skill.sigma,
                matches: p.matches,
                change,
            }
        })
        .collect();
    let courses = players
        .into_iter()
        .map(|p| Course {
            player: p.name,
            nights: p.course,
        })
        .collect();
    Ratings {
        standings,
        latest_night: latest,
        courses,
        nights,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finish(won: bool, total: i64, disqualified: bool) -> Finish {
        Finish {
            won,
            total,
            disqualified,
        }
    }

    #[test]
    fn winners_tie_first_then_totals_then_the_disqualified() {
        // bob won on countback over ann (both 30); cat and dan level on 41; eve out
        let f = [
            finish(false, 30, false),
            finish(true, 30, false),
            finish(false, 41, false),
            finish(false, 41, false),
            finish(false, 12, true),
            finish(false, 50, false),
        ];
        assert_eq!(places(&f), vec![2, 1, 3, 3, 6, 5]);
        // a shared win: both first
        let shared = [
            finish(true, 20, false),
            finish(true, 20, false),
            finish(false, 25, false),
        ];
        assert_eq!(places(&shared), vec![1, 1, 3]);
    }

    fn m(id: i64, night: &str, places: &[(&str, usize)]) -> RatedMatch {
        RatedMatch {
            id,
            finished_at: format!("{night}T20:00:00.000Z"),
            night: night.into(),
            placings: places
                .iter()
                .map(|(p, place)| Placing {
                    player: (*p).into(),
                    place: *place,
                })
                .collect(),
        }
    }

    #[test]
    fn a_newcomer_starts_at_zero_and_a_winner_rises() {
        let r = rate(&[m(1, "2026-11-01", &[("ann", 1), ("bob", 2)])]);
        assert_eq!(r.standings[0].player, "ann");
        assert!(r.standings[0].rating > 0.0 && r.standings[1].rating < r.standings[0].rating);
        // both were newcomers on the latest night: the change is the whole rating
        assert!((r.standings[0].change - r.standings[0].rating).abs() < 1e-12);
        assert_eq!(r.latest_night.as_deref(), Some("2026-11-01"));
    }

    #[test]
    fn change_counts_the_latest_night_only() {
        let r = rate(&[
            m(1, "2026-11-01", &[("ann", 1), ("bob", 2), ("cat", 3)]),
            m(2, "2026-11-08", &[("bob", 1), ("ann", 2)]),
            m(3, "2026-11-08", &[("bob", 1), ("ann", 2)]),
        ]);
        let cat = r.standings.iter().find(|s| s.player == "cat").unwrap();
        assert_eq!(cat.change, 0.0);
        let first = rate(&[m(1, "2026-11-01", &[("ann", 1), ("bob", 2), ("cat", 3)])]);
        let ann_before = first.standings.iter().find(|s| s.player == "ann").unwrap();
        let ann = r.standings.iter().find(|s| s.player == "ann").unwrap();
        assert!((ann.change - (ann.rating - ann_before.rating)).abs() < 1e-12);
        assert_eq!(ann.matches, 3);
        assert_eq!(r.nights, vec!["2026-11-01", "2026-11-08"]);
        let bob = r.courses.iter().find(|c| c.player == "bob").unwrap();
        assert_eq!(bob.nights.len(), 2);
    }

    #[test]
    fn order_is_by_finish_then_match_number_whatever_the_input_order() {
        let a = [
            m(2, "2026-11-01", &[("ann", 2), ("bob", 1)]),
            m(1, "2026-11-01", &[("ann", 1), ("bob", 2)]),
        ];
        let b = [a[1].clone(), a[0].clone()];
        assert_eq!(rate(&a), rate(&b));
    }
}
