//! `golf score`: one grid without a match, every point explained (CLI.md).

use serde::Serialize;

use super::{Output, View};
use crate::game::{Ending, Entry, Typed};
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
            grid: rules.grid_text(grid),
            explanation: breakdown.lines(),
            breakdown,
            heading: format!("{} — {}", rules.in_use(), rules.title),
            rows: grid
                .cards()
                .chunks(grid.columns())
                .map(|row| row.iter().map(|c| rules.card_text(*c)).collect())
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

/// One player of a hole scored without a match.
#[derive(Debug, Serialize)]
pub struct HolePlayer {
    /// Name.
    pub name: String,
    /// The grid, normalised.
    pub grid: String,
    /// Grid score (RULES.md §3).
    pub score: i32,
    /// What the hole adjustments added (RULES.md §5).
    pub adjustment: i32,
    /// Hole score.
    pub total: i64,
    /// Whether this player went out or knocked.
    pub ended: Option<&'static str>,
    /// The grid's breakdown, one line per set, card and bonus.
    pub explanation: Vec<String>,
    /// Each hole adjustment, with its rule and source.
    pub adjustments: String,
}

/// `golf score PLAYER=GRID...`: a whole hole scored without a match, so a table can
/// settle who gets a hole adjustment.
#[derive(Debug, Serialize)]
pub struct HoleScoreView {
    /// The variant's name.
    pub rules: String,
    /// House rules applied.
    pub house: Vec<String>,
    /// Every player, in the order given.
    pub players: Vec<HolePlayer>,
    #[serde(skip)]
    heading: String,
}

impl HoleScoreView {
    /// The view of a hole scored under `rules`: `names` by seat, what each typed, the
    /// scored entries (seat order) and who ended the hole.
    pub fn new(
        rules: &Rules,
        names: &[String],
        typed: &[(usize, Typed)],
        scored: &[Entry],
        ended: Option<Ending>,
    ) -> HoleScoreView {
        let players = scored
            .iter()
            .map(|e| {
                let grid = typed.iter().find(|(s, _)| *s == e.seat).map(|(_, t)| t);
                let explanation = match grid {
                    Some(Typed::Grid { grid, .. }) => crate::scoring::score(grid, rules).lines(),
                    _ => vec!["a bare score, unchecked".to_string()],
                };
                HolePlayer {
                    name: names[e.seat].clone(),
                    grid: e.grid.clone().unwrap_or_else(|| e.typed().to_string()),
                    score: e.score,
                    adjustment: e.adjustment,
                    total: e.total(),
                    ended: ended.filter(|x| x.seat == e.seat).map(|x| {
                        if x.knocked {
                            "knocked"
                        } else {
                            "went out"
                        }
                    }),
                    explanation,
                    adjustments: e.explanation.clone(),
                }
            })
            .collect();
        HoleScoreView {
            rules: rules.name.clone(),
            house: rules.house.clone(),
            players,
            heading: format!("{} — {}", rules.in_use(), rules.title),
        }
    }
}

impl HoleScoreView {
    /// Regular hole `number` of `m` as recorded, every player's grid explained; `None`
    /// when the match has no such hole.
    pub fn of_hole(m: &crate::game::Match, number: u32) -> Option<HoleScoreView> {
        let hole = m.regular_holes().find(|h| h.number == number)?;
        let typed: Vec<(usize, Typed)> = hole
            .entries
            .iter()
            .filter_map(|e| {
                let text = e.grid.as_deref()?;
                let grid = crate::grid::Grid::parse_for(text, m.rules.expected()).ok()?;
                Some((
                    e.seat,
                    Typed::Grid {
                        text: text.to_string(),
                        grid,
                    },
                ))
            })
            .collect();
        let mut view =
            HoleScoreView::new(&m.rules, &m.players, &typed, &hole.entries, hole.ending());
        view.heading = format!(
            "Match {}, hole {} of {} — {}",
            m.id,
            number,
            m.holes_planned,
            m.rules.display_name()
        );
        Some(view)
    }
}

impl View for HoleScoreView {
    fn render(&self, out: &Output) -> String {
        let mut text = format!("{}\n", out.strong(&self.heading));
        for p in &self.players {
            let ended = p.ended.map(|e| format!(" ({e})")).unwrap_or_default();
            text.push_str(&format!(
                "{}{ended}: {} — grid score {}\n",
                p.name, p.grid, p.score
            ));
            for line in &p.explanation {
                text.push_str(&format!("  {line}\n"));
            }
            if !p.adjustments.is_empty() {
                text.push_str(&format!("  hole: {}\n", p.adjustments));
            }
        }
        let mut table = out.table(["player", "grid score", "adjustments", "hole score"]);
        for p in &self.players {
            let adj = match p.adjustment {
                0 => String::new(),
                n => format!("{n:+}"),
            };
            table.add_row([
                p.name.clone(),
                p.score.to_string(),
                adj,
                p.total.to_string(),
            ]);
        }
        format!("{text}{table}\n")
    }
}
