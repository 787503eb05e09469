//! `golf score`: one grid without a match, every point explained (CLI.md).

use serde::Serialize;

use super::{Output, View};
use crate::grid::Grid;
use crate::rules::Rules;
use crate::scoring::Breakdown;

/// The grid scored, with its breakdown.
#[derive(Debug, Serialize)]
pub struct ScoreView {
    /// The variant's name.
    pub rules: String,
    /// House rules applied.
    pub house: Vec<String>,
    /// The grid, normalised.
    pub grid: String,
    /// One line per set, card and bonus.
    pub explanation: Vec<String>,
    /// The breakdown, with `total`, the grid score.
    #[serde(flatten)]
    pub breakdown: Breakdown,
    #[serde(skip)]
    heading: String,
    #[serde(skip)]
    rows: Vec<Vec<String>>,
}

impl ScoreView {
    /// The view of `grid` scored under `rules` as `breakdown`.
    pub fn new(rules: &Rules, grid: &Grid, breakdown: Breakdown) -> ScoreView {
        ScoreView {
            rules: rules.name.clone(),
            house: rules.house.clone(),
            grid: grid.to_string(),
            explanation: breakdown.lines(),
            breakdown,
            heading: format!("{} — {}", rules.display_name(), rules.title),
            rows: grid
                .cards()
                .chunks(grid.columns())
                .map(|row| row.iter().map(ToString::to_string).collect())
                .collect(),
        }
    }
}

impl View for ScoreView {
    fn render(&self, out: &Output) -> String {
        let columns = self.rows.first().map_or(0, Vec::len);
        let mut header = vec![String::new()];
        header.extend((1..=columns).map(|c| format!("col {c}")));
        let mut table = out.table(header);
        for (r, row) in self.rows.iter().enumerate() {
            let mut cells = vec![format!("row {}", r + 1)];
            cells.extend(row.iter().cloned());
            table.add_row(cells);
        }
        let mut text = format!("{}\n{table}\n", out.strong(&self.heading));
        for line in &self.explanation {
            text.push_str(&format!("  {line}\n"));
        }
        text.push_str(&out.strong(&format!("Total: {}", self.breakdown.total)));
        text.push('\n');
        text
    }
}
