//! `golf history`: past matches, newest first (CLI.md).

use serde::Serialize;

use super::{Output, View};
use crate::game::Match;
use crate::rules::Tiebreak;
use crate::text::local_time;

/// A player of a listed match and their total.
#[derive(Debug, Serialize)]
pub struct PlayerTotal {
    /// Name.
    pub name: String,
    /// Match total so far.
    pub total: i64,
}

/// One match in `golf history`.
#[derive(Debug, Serialize)]
pub struct HistoryRow {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// Name.
    pub name: Option<String>,
    /// Variant.
    pub rules: String,
    /// House rules.
    pub house: Vec<String>,
    /// Started (RFC 3339).
    pub started_at: String,
    /// Finished (RFC 3339).
    pub finished_at: Option<String>,
    /// Holes planned.
    pub holes_planned: u32,
    /// Holes recorded.
    pub holes_played: u32,
    /// Players in seating order, with totals.
    pub players: Vec<PlayerTotal>,
    /// Winners, once finished (empty before).
    pub winners: Vec<String>,
    /// Who leads while the match is in play.
    pub leaders: Vec<String>,
    /// The tiebreak chain agreed.
    pub tiebreak: Vec<Tiebreak>,
    /// The method that decided a tie, if one was broken.
    pub decided_by: Option<Tiebreak>,
    /// Finished.
    pub finished: bool,
    /// Abandoned: kept, no result, left out of results.
    pub abandoned: bool,
}

impl HistoryRow {
    /// The row of match `m`.
    pub fn new(m: &Match) -> HistoryRow {
        let m = &*super::shown(m);
        let standings = m.standings();
        let o = m.outcome_of(&standings);
        let finished = m.finished_at.is_some();
        let names: Vec<String> = o.winners.iter().map(|&s| m.players[s].clone()).collect();
        let abandoned = m.abandoned_at.is_some();
        let (winners, leaders) = match (finished, abandoned) {
            (_, true) => (vec![], vec![]),
            (true, false) => (names, vec![]),
            (false, false) => (vec![], names),
        };
        HistoryRow {
            id: m.id,
            name: m.name.clone(),
            rules: m.rules.name.clone(),
            house: m.rules.house.clone(),
            started_at: m.started_at.clone(),
            finished_at: m.finished_at.clone(),
            holes_planned: m.holes_planned,
            holes_played: m.holes_played(),
            players: standings
                .into_iter()
                .map(|s| PlayerTotal {
                    name: s.name,
                    total: s.total,
                })
                .collect(),
            winners,
            leaders,
            tiebreak: m.tiebreak.clone(),
            decided_by: o.decided_by,
            finished,
            abandoned,
        }
    }
}

/// The list of matches.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct History(pub Vec<HistoryRow>);

impl View for History {
    fn render(&self, out: &Output) -> String {
        // at 80 columns the tiebreak goes with the winner: `ann by countback`
        let mut table = match out.wide {
            true => out.table([
                "match", "date", "name", "rules", "holes", "players", "winner", "tiebreak",
            ]),
            false => out.table(["#", "date", "name", "rules", "holes", "players", "winner"]),
        };
        for r in &self.0 {
            let players: Vec<String> = r
                .players
                .iter()
                .map(|p| format!("{} {}", p.name, p.total))
                .collect();
            let winner = match (r.winners.is_empty(), r.leaders.is_empty()) {
                _ if r.abandoned => "(abandoned)".to_string(),
                (false, _) => r.winners.join(" & "),
                (true, false) => format!("(leading) {}", r.leaders.join(" & ")),
                (true, true) => "—".to_string(),
            };
            let tiebreak = r.decided_by.map(|t| t.to_string()).unwrap_or_default();
            let winner = match (out.wide, tiebreak.is_empty() || r.winners.is_empty()) {
                (false, false) => format!("{winner} by {tiebreak}"),
                _ => winner,
            };
            let mut row = vec![
                r.id.to_string(),
                match out.wide {
                    true => local_time(&r.started_at),
                    // the day is enough to find a match; --wide adds the time
                    false => local_time(&r.started_at)
                        .split(' ')
                        .next()
                        .unwrap_or_default()
                        .to_string(),
                },
                r.name.clone().unwrap_or_default(),
                crate::rules::label(&r.rules, &r.house),
                format!("{}/{}", r.holes_played, r.holes_planned),
                players.join(", "),
                winner,
            ];
            if out.wide {
                row.push(tiebreak);
            }
            table.add_row(row);
        }
        format!("{table}\n")
    }
}
