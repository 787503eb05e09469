//! `golf rescore`: a recorded match beside what it would have been under other rules.

use serde::Serialize;

use super::{Output, View};
use crate::game::Match;

/// One player's totals, as recorded and as rescored.
#[derive(Debug, Serialize)]
pub struct RescoredPlayer {
    /// Name.
    pub name: String,
    /// The recorded total.
    pub total: i64,
    /// The total under the other rules.
    pub rescored_total: i64,
}

/// The two results side by side.
#[derive(Debug, Serialize)]
pub struct RescoreView {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// The rules as recorded.
    pub rules: String,
    /// The other rules.
    pub rescored_rules: String,
    /// Every player, seat order.
    pub players: Vec<RescoredPlayer>,
    /// Winners (leaders before finish) as recorded.
    pub winners: Vec<String>,
    /// Winners under the other rules.
    pub rescored_winners: Vec<String>,
    /// Bare scores kept as they were typed, `hole: player`.
    pub unchecked: Vec<String>,
}

impl RescoreView {
    /// `before` beside `after`.
    pub fn new(before: &Match, after: &Match) -> RescoreView {
        let names = |m: &Match| -> Vec<String> {
            m.outcome()
                .winners
                .iter()
                .map(|&s| m.players[s].clone())
                .collect()
        };
        let (old, new) = (before.standings(), after.standings());
        RescoreView {
            id: before.id,
            rules: before.rules.display_name(),
            rescored_rules: after.rules.display_name(),
            players: old
                .iter()
                .zip(&new)
                .map(|(o, n)| RescoredPlayer {
                    name: o.name.clone(),
                    total: o.total,
                    rescored_total: n.total,
                })
                .collect(),
            winners: names(before),
            rescored_winners: names(after),
            unchecked: before
                .regular_holes()
                .flat_map(|h| {
                    h.entries
                        .iter()
                        .filter(|e| e.grid.is_none())
                        .map(move |e| format!("hole {}: {}", h.number, before.players[e.seat]))
                })
                .collect(),
        }
    }
}

impl View for RescoreView {
    fn render(&self, out: &Output) -> String {
        let mut table = out.table(["player", &self.rules, &self.rescored_rules]);
        for p in &self.players {
            table.add_row([
                p.name.clone(),
                p.total.to_string(),
                p.rescored_total.to_string(),
            ]);
        }
        let (old, new) = (self.winners.join(" & "), self.rescored_winners.join(" & "));
        let verdict = match old == new {
            true => format!("The winner would not change: {new}."),
            false => format!("The winner would change: {old} → {new}."),
        };
        let mut text = format!(
            "Match {} rescored under {} (nothing is changed)\n{table}\n{verdict}\n",
            self.id, self.rescored_rules
        );
        if !self.unchecked.is_empty() {
            text.push_str(&format!(
                "Bare scores kept as typed, the referee could not rescore them: {}.\n",
                self.unchecked.join(", ")
            ));
        }
        out.wrap(&text)
    }
}
