//! `golf advise` (CLI.md "Advice", RULES.md §18): every legal move of a position, best
//! first, with its expected hole score, what it gives away and its mark.

use serde::Serialize;

use super::{Output, View};
use crate::bots::advice::{Advised, Weighing};
use crate::rules::Rules;

/// What a move gives away from which it is an **inaccuracy** (RULES.md §18), in points.
pub const INACCURACY: f64 = 0.5;
/// ... a **mistake**.
pub const MISTAKE: f64 = 1.5;
/// ... a **blunder**.
pub const BLUNDER: f64 = 3.0;

/// The mark of a move that gives away `points` (RULES.md §18: inaccuracy from 0.5, mistake
/// from 1.5, blunder from 3), or `None` below 0.5.
pub fn mark(points: f64) -> Option<&'static str> {
    // a hair of rounding below a threshold is the threshold
    let p = points + 1e-9;
    match p {
        _ if p >= BLUNDER => Some("blunder"),
        _ if p >= MISTAKE => Some("mistake"),
        _ if p >= INACCURACY => Some("inaccuracy"),
        _ => None,
    }
}

/// One legal move and what it is worth.
#[derive(Debug, Clone, Serialize)]
pub struct AdvisedMove {
    /// The move in words ("take the discard and swap it for row 1, column 2").
    #[serde(rename = "move")]
    pub text: String,
    /// Where the card comes from: `stock` (drawing it, or placing the card drawn with
    /// `--drawn`), `discard`, or `null` for a knock.
    pub draw: Option<&'static str>,
    /// `swap`, `discard`, `knock` or `flip`; `null` for drawing from the stock before the
    /// card is seen.
    pub action: Option<&'static str>,
    /// The cell, `[row, column]` from 1, for a swap or a flip.
    pub position: Option<[usize; 2]>,
    /// The expected hole score the move leads to as the expert reckons it, in points: on
    /// the final turn (and for a move that ends the hole) the expected hole score after
    /// RULES.md §5; for a move that leaves the hole open, its expected grid score less what
    /// the next draws are expected to save on the grid it leaves
    /// ([`crate::bots::future::HORIZON`] of them).
    pub expected: f64,
    /// The expected score less the best move's, in points (0 for the best).
    pub gives_away: f64,
    /// The move's mark, by [`mark`].
    pub mark: Option<&'static str>,
    /// Its rollout figures, for a move played out (`golf advise --deep`, RULES.md §18);
    /// left out of the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rollout: Option<RolloutShown>,
}

/// A move's rollout, as shown (RULES.md §18 "Deeper advice: rollouts").
#[derive(Debug, Clone, Copy, Serialize)]
pub struct RolloutShown {
    /// The mean hole score over the play-outs, in points.
    pub mean: f64,
    /// The half-width of its 95% interval (1.96 standard errors), in points.
    pub ci95: f64,
    /// Play-outs.
    pub samples: u32,
}

/// The advice for a position.
#[derive(Debug, Clone, Serialize)]
pub struct Advice {
    /// The rules' name.
    pub rules: String,
    /// Every legal move, best first.
    pub moves: Vec<AdvisedMove>,
}

impl Advice {
    /// The advice of the expert's `weighing` under `rules`: each move in words, best first.
    pub fn of(rules: &Rules, weighing: &Weighing) -> Advice {
        let columns = rules.layout.columns.max(1);
        let at = |cell: usize| [cell / columns + 1, cell % columns + 1];
        let moves = weighing
            .moves
            .iter()
            .map(|w| {
                // a suit only where the rules value the rank by suit (the pack's own otherwise)
                let card = |mut c: crate::card::Card| {
                    if !rules.values.suited.iter().any(|(r, _, _)| *r == c.rank) {
                        c.suit = None;
                    }
                    rules.card_text(c)
                };
                let (text, draw, action, position) = match w.advised {
                    Advised::Knock => ("knock".to_string(), None, Some("knock"), None),
                    Advised::DrawStock => {
                        ("draw from the stock".to_string(), Some("stock"), None, None)
                    }
                    Advised::TakeDiscard { card: c, cell } => {
                        let [r, k] = at(cell);
                        (
                            format!("take the {} and swap it for row {r}, column {k}", card(c)),
                            Some("discard"),
                            Some("swap"),
                            Some([r, k]),
                        )
                    }
                    Advised::Swap { card: c, cell } => {
                        let [r, k] = at(cell);
                        (
                            format!("swap the {} for row {r}, column {k}", card(c)),
                            Some("stock"),
                            Some("swap"),
                            Some([r, k]),
                        )
                    }
                    Advised::Discard { card: c } => (
                        format!("discard the {}", card(c)),
                        Some("stock"),
                        Some("discard"),
                        None,
                    ),
                    Advised::DiscardFlip { card: c, cell } => {
                        let [r, k] = at(cell);
                        (
                            format!("discard the {} and turn up row {r}, column {k}", card(c)),
                            Some("stock"),
                            Some("flip"),
                            Some([r, k]),
                        )
                    }
                };
                AdvisedMove {
                    text,
                    draw,
                    action,
                    position,
                    expected: w.expected,
                    gives_away: 0.0,
                    mark: None,
                    rollout: w.rollout.map(|r| RolloutShown {
                        mean: r.mean,
                        ci95: r.ci95,
                        samples: r.samples,
                    }),
                }
            })
            .collect();
        Advice::new(rules.display_name(), moves)
    }

    /// The advice of `moves` (in any order) under the rules named `rules`: sorted best
    /// first (stable among equals) — the moves played out first, by their rollout mean,
    /// then the others by their expectation — each with what it gives away (against the
    /// best expectation) and its mark.
    pub fn new(rules: String, mut moves: Vec<AdvisedMove>) -> Advice {
        moves.sort_by(|a, b| a.expected.total_cmp(&b.expected));
        let best = moves.first().map_or(0.0, |m| m.expected);
        moves.sort_by(|a, b| match (&a.rollout, &b.rollout) {
            (Some(x), Some(y)) => x.mean.total_cmp(&y.mean),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
        for m in &mut moves {
            m.gives_away = (m.expected - best).max(0.0);
            m.mark = mark(m.gives_away);
        }
        Advice { rules, moves }
    }
}

impl View for Advice {
    fn render(&self, out: &Output) -> String {
        if let Some(samples) = self.moves.iter().find_map(|m| m.rollout.map(|r| r.samples)) {
            return self.render_deep(out, samples);
        }
        let mut table = out.table(["move", "expected", "gives away", "mark"]);
        for m in &self.moves {
            table.add_row([
                m.text.clone(),
                format!("{:.2}", m.expected),
                format!("{:.2}", m.gives_away),
                m.mark.unwrap_or("").to_string(),
            ]);
        }
        format!(
            "{}: every legal move, best first, by its expected hole score\n{}\n",
            self.rules, table
        )
    }
}

impl Advice {
    /// The table with rollouts: each move played out with its rollout mean and the ± of its
    /// 95% interval, those first by rollout mean.
    fn render_deep(&self, out: &Output, samples: u32) -> String {
        let mut table = out.table(["move", "expected", "rollout", "± 95%", "gives away", "mark"]);
        for m in &self.moves {
            let (mean, ci) = match m.rollout {
                Some(r) => (format!("{:.2}", r.mean), format!("{:.2}", r.ci95)),
                None => (String::new(), String::new()),
            };
            table.add_row([
                m.text.clone(),
                format!("{:.2}", m.expected),
                mean,
                ci,
                format!("{:.2}", m.gives_away),
                m.mark.unwrap_or("").to_string(),
            ]);
        }
        format!(
            "{}: every legal move; those within 2 points of the best played out {} times each, best rollout first\n{}\n",
            self.rules,
            super::odds::thousands(samples),
            table
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Marks begin exactly at their thresholds.
    #[test]
    fn marks_begin_at_their_thresholds() {
        let cases = [
            (0.0, None),
            (0.49, None),
            (0.5, Some("inaccuracy")),
            (1.49, Some("inaccuracy")),
            (1.5, Some("mistake")),
            (2.99, Some("mistake")),
            (3.0, Some("blunder")),
            (12.0, Some("blunder")),
        ];
        for (points, want) in cases {
            assert_eq!(mark(points), want, "{points}");
        }
    }
}
