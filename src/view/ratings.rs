//! `golf ratings`: the leaderboard by rating (RULES.md §16).

use serde::Serialize;

use super::{Output, View};
use crate::ratings::{Leader, Ratings};

/// The leaderboard: a row per player, best rating first. `--json` is the rows alone.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct RatingsView {
    /// The rows.
    pub rows: Vec<Leader>,
    /// Matches rated, and the nights they span (for the heading).
    #[serde(skip)]
    heading: String,
}

impl RatingsView {
    /// The leaderboard of `ratings`, worked out from `matches` finished matches.
    pub fn new(ratings: Ratings, matches: usize) -> RatingsView {
        let nights = ratings.nights.len();
        let span = match (ratings.nights.first(), ratings.nights.last()) {
            (Some(a), Some(b)) if a != b => format!(", {nights} nights from {a} to {b}"),
            (Some(a), _) => format!(", one night ({a})"),
            _ => String::new(),
        };
        let plural = if matches == 1 { "" } else { "es" };
        let last = ratings.latest_night.as_deref().unwrap_or("-");
        RatingsView {
            rows: ratings.standings,
            heading: format!(
                "Ratings over {matches} finished match{plural}{span}.\nrating = μ − 3σ; change = over the last night ({last})."
            ),
        }
    }
}

impl View for RatingsView {
    fn render(&self, out: &Output) -> String {
        let mut table = out.table(["place", "player", "rating", "μ", "σ", "matches", "change"]);
        let mut place = 0;
        for (i, s) in self.rows.iter().enumerate() {
            if i == 0 || self.rows[i - 1].rating != s.rating {
                place = i + 1;
            }
            table.add_row([
                place.to_string(),
                crate::text::escape(&s.player).to_string(),
                format!("{:.2}", s.rating),
                format!("{:.2}", s.mu),
                format!("{:.2}", s.sigma),
                s.matches.to_string(),
                format!("{:+.2}", s.change),
            ]);
        }
        let mut text = out.wrap(&self.heading);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        format!("{text}{table}\n")
    }
}
