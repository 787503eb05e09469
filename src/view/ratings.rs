//! `golf ratings`: the leaderboard by rating (RULES.md §16), and `golf ratings --check`,
//! each method's track record.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Output, View};
use crate::ratings::check::{Check, Judged};
use crate::ratings::plackett_luce::Leaderboard;
use crate::ratings::{Method, Ratings, CHOOSE_FROM};

/// One row of the leaderboard, whatever the method.
#[derive(Debug, Serialize)]
pub struct Row {
    /// The player.
    pub player: String,
    /// Weng–Lin: μ − 3σ; Plackett–Luce: 100·ln γ.
    pub rating: f64,
    /// Weng–Lin's mean μ (`null` for Plackett–Luce).
    pub mu: Option<f64>,
    /// Weng–Lin's uncertainty σ (`null` for Plackett–Luce).
    pub sigma: Option<f64>,
    /// Plackett–Luce's strength γ (`null` for Weng–Lin).
    pub strength: Option<f64>,
    /// Finished matches rated.
    pub matches: u32,
    /// The rating now minus before the latest night.
    pub change: f64,
    /// `weng-lin` or `plackett-luce`.
    pub method: Method,
}

/// Why the leaderboard uses its method.
#[derive(Debug, Clone, PartialEq)]
pub enum Chosen {
    /// `--method`.
    Asked,
    /// Fewer than [`CHOOSE_FROM`] finished matches: Weng–Lin; the count.
    Few(usize),
    /// `--check` found it best: its figures beside the other's, and the selection's
    /// matches of two or more players (more than the track record replayed when it looked
    /// at the latest alone, [`crate::ratings::check::recent`]).
    Checked(Box<Check>, usize),
}

/// The leaderboard: a row per player, best rating first. `--json` is the rows alone, each
/// naming its method.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct RatingsView {
    /// The rows.
    pub rows: Vec<Row>,
    /// The method, for the table's columns.
    #[serde(skip)]
    method: Method,
    /// Matches rated, the nights they span and the method (for the heading).
    #[serde(skip)]
    heading: String,
}

/// `, 4 nights from A to B`, `, one night (A)` or nothing.
fn span(nights: &[String]) -> String {
    match nights {
        [] => String::new(),
        [one] => format!(", one night ({one})"),
        [a, .., b] => format!(", {} nights from {a} to {b}", nights.len()),
    }
}

/// A chance in whole percent.
fn percent(p: f64) -> String {
    format!("{:.0}%", 100.0 * p)
}

/// The sentence saying which method the leaderboard uses and why.
fn why(method: Method, chosen: &Chosen) -> String {
    match chosen {
        Chosen::Asked => format!("Method: {} (--method).", method.title()),
        Chosen::Few(n) => format!(
            "Method: {} — the default until the selection holds {CHOOSE_FROM} finished matches (it holds {n}); then golf uses whichever method predicted this table better (`golf ratings --check`).",
            method.title()
        ),
        Chosen::Checked(check, rated) => {
            let mut by: Vec<_> = check.methods.iter().collect();
            by.sort_by(|a, b| a.judged.log_loss.total_cmp(&b.judged.log_loss));
            let others: Vec<String> = by
                .iter()
                .filter(|r| r.method != method)
                .map(|r| format!("{} {}", r.method.title(), percent((-r.judged.log_loss).exp())))
                .collect();
            let own = check.methods.iter().find(|r| r.method == method);
            // plain `golf ratings` judges the latest matches alone (check::recent)
            let latest = match check.selection < *rated {
                true => format!(" of the latest {}", check.selection),
                false => String::new(),
            };
            format!(
                "Method: {} — it predicted this table best: before each of {} matches{latest} it gave the winners {} on average, {}, a coin {} (`golf ratings --check`).",
                method.title(),
                check.matches,
                own.map_or_else(String::new, |r| percent((-r.judged.log_loss).exp())),
                others.join(", "),
                percent((-check.uniform.log_loss).exp())
            )
        }
    }
}

impl RatingsView {
    /// The Weng–Lin leaderboard of `ratings`, worked out from `matches` finished matches,
    /// the method chosen as `chosen` says.
    pub fn new(ratings: Ratings, matches: usize, chosen: &Chosen) -> RatingsView {
        let plural = if matches == 1 { "" } else { "es" };
        let last = ratings.latest_night.as_deref().unwrap_or("-");
        RatingsView {
            rows: ratings
                .standings
                .into_iter()
                .map(|s| Row {
                    player: s.player,
                    rating: s.rating,
                    mu: Some(s.mu),
                    sigma: Some(s.sigma),
                    strength: None,
                    matches: s.matches,
                    change: s.change,
                    method: Method::WengLin,
                })
                .collect(),
            method: Method::WengLin,
            heading: format!(
                "Ratings over {matches} finished match{plural}{}.\n{}\nrating = μ − 3σ; change = over the last night ({last}).",
                span(&ratings.nights),
                why(Method::WengLin, chosen)
            ),
        }
    }

    /// The Plackett–Luce leaderboard `board` of `matches` finished matches.
    pub fn plackett_luce(board: Leaderboard, matches: usize, chosen: &Chosen) -> RatingsView {
        let plural = if matches == 1 { "" } else { "es" };
        let last = board.nights.last().map_or("-", String::as_str);
        RatingsView {
            heading: format!(
                "Ratings over {matches} finished match{plural}{}.\n{}\nrating = 100·ln γ, γ the strength fitted over every match at once (0 for a newcomer, +69 twice as strong); change = over the last night ({last}).",
                span(&board.nights),
                why(Method::PlackettLuce, chosen)
            ),
            rows: board
                .standings
                .into_iter()
                .map(|s| Row {
                    player: s.player,
                    rating: s.rating,
                    mu: None,
                    sigma: None,
                    strength: Some(s.strength),
                    matches: s.matches,
                    change: s.change,
                    method: Method::PlackettLuce,
                })
                .collect(),
            method: Method::PlackettLuce,
        }
    }

    /// Keeps the rows of `player` only (any case).
    pub fn only(&mut self, player: &str) {
        let p = player.to_lowercase();
        self.rows.retain(|r| r.player.to_lowercase() == p);
    }
}

impl View for RatingsView {
    fn render(&self, out: &Output) -> String {
        let head: &[&str] = match self.method {
            Method::WengLin => &["place", "player", "rating", "μ", "σ", "matches", "change"],
            Method::PlackettLuce => &["place", "player", "rating", "γ", "matches", "change"],
        };
        let mut table = out.table(head.iter().copied());
        let mut place = 0;
        for (i, s) in self.rows.iter().enumerate() {
            if i == 0 || self.rows[i - 1].rating != s.rating {
                place = i + 1;
            }
            let mut row = vec![
                place.to_string(),
                crate::text::escape(&s.player).to_string(),
                format!("{:.2}", s.rating),
            ];
            match self.method {
                Method::WengLin => {
                    row.push(format!("{:.2}", s.mu.unwrap_or_default()));
                    row.push(format!("{:.2}", s.sigma.unwrap_or_default()));
                }
                Method::PlackettLuce => row.push(format!("{:.3}", s.strength.unwrap_or(1.0))),
            }
            row.push(s.matches.to_string());
            row.push(format!("{:+.2}", s.change));
            table.add_row(row);
        }
        let mut text = out.wrap(&self.heading);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        format!("{text}{table}\n")
    }
}

/// A method's figures in `--check`'s JSON (`null` when no match was judged).
#[derive(Debug, Serialize)]
pub struct Figures {
    /// Mean −ln(chance of the winner).
    pub log_loss: Option<f64>,
    /// Mean Σ (chance − won)².
    pub brier: Option<f64>,
    /// Share of matches whose favourite won.
    pub top_pick: Option<f64>,
}

impl Figures {
    fn of(j: Judged, any: bool) -> Figures {
        Figures {
            log_loss: any.then_some(j.log_loss),
            brier: any.then_some(j.brier),
            top_pick: any.then_some(j.top_pick),
        }
    }
}

/// One method's line of `--check`.
#[derive(Debug, Serialize)]
pub struct MethodFigures {
    /// `weng-lin` or `plackett-luce`.
    pub method: Method,
    /// Its figures.
    #[serde(flatten)]
    pub figures: Figures,
}

/// One prediction of `--check`.
#[derive(Debug, Serialize)]
pub struct PredictionView {
    /// The match.
    #[serde(rename = "match")]
    pub id: i64,
    /// The method.
    pub method: Method,
    /// Each player's chance to win it, made before it.
    pub chances: BTreeMap<String, f64>,
    /// Who won (a shared win counts 1/k to each).
    pub winners: Vec<String>,
}

/// `golf ratings --check` (CLI.md "Predictions with a track record").
#[derive(Debug, Serialize)]
pub struct CheckView {
    /// Matches judged: those whose every player had an earlier match.
    pub matches: usize,
    /// Each method's figures.
    pub methods: Vec<MethodFigures>,
    /// The uniform guess's.
    pub uniform: Figures,
    /// The method with the lowest log loss.
    pub best: Method,
    /// Every prediction judged.
    pub predictions: Vec<PredictionView>,
    /// Finished matches of two or more players in the selection.
    #[serde(skip)]
    selection: usize,
    #[serde(skip)]
    judged: Vec<(Method, Judged)>,
    #[serde(skip)]
    uniform_judged: Judged,
}

impl CheckView {
    /// The view of `check`.
    pub fn new(check: Check) -> CheckView {
        let any = check.matches > 0;
        CheckView {
            matches: check.matches,
            methods: check
                .methods
                .iter()
                .map(|r| MethodFigures {
                    method: r.method,
                    figures: Figures::of(r.judged, any),
                })
                .collect(),
            uniform: Figures::of(check.uniform, any),
            best: check.best,
            selection: check.selection,
            judged: check.methods.iter().map(|r| (r.method, r.judged)).collect(),
            uniform_judged: check.uniform,
            predictions: check
                .predictions
                .into_iter()
                .map(|p| PredictionView {
                    id: p.match_id,
                    method: p.method,
                    winners: p
                        .players
                        .iter()
                        .zip(&p.won)
                        .filter(|(_, &w)| w > 0.0)
                        .map(|(n, _)| n.clone())
                        .collect(),
                    chances: p.players.into_iter().zip(p.chances).collect(),
                })
                .collect(),
        }
    }
}

impl View for CheckView {
    fn render(&self, out: &Output) -> String {
        if self.matches == 0 {
            return out.wrap(&format!(
                "No match to judge yet: of the {} finished matches selected, none had every player already seen in an earlier one. A method is judged only on matches it had not seen, and only where it knew every player.\n",
                self.selection
            ));
        }
        let typical = |j: &Judged| (-j.log_loss).exp();
        let mut by: Vec<&(Method, Judged)> = self.judged.iter().collect();
        by.sort_by(|a, b| a.1.log_loss.total_cmp(&b.1.log_loss));
        let mut words: Vec<String> = Vec::new();
        for (i, (m, j)) in by.iter().enumerate() {
            words.push(match i {
                0 => format!(
                    "{} would have given this table's winners {} on average",
                    m.title(),
                    percent(typical(j))
                ),
                _ => format!("{} {}", m.title(), percent(typical(j))),
            });
        }
        words.push(format!("a coin {}", percent(typical(&self.uniform_judged))));
        let plural = if self.matches == 1 { "" } else { "es" };
        let mut text = format!(
            "Track record over {} match{plural} of {} finished: those whose every player had played before, each predicted from the matches before it alone.\n{}.\n",
            self.matches,
            self.selection,
            words.join(", ")
        );
        let mut table = out.table([
            "method",
            "winner's chance",
            "log loss",
            "Brier",
            "favourite won",
        ]);
        let row = |name: &str, j: &Judged| {
            vec![
                name.to_string(),
                percent(typical(j)),
                format!("{:.3}", j.log_loss),
                format!("{:.3}", j.brier),
                percent(j.top_pick),
            ]
        };
        for (m, j) in &by {
            table.add_row(row(m.title(), j));
        }
        table.add_row(row("uniform (1/n)", &self.uniform_judged));
        let best = self.best.title();
        let default = match self.selection >= CHOOSE_FROM {
            true => format!("`golf ratings` uses {best} for this selection."),
            false => format!(
                "`golf ratings` uses Weng–Lin until the selection holds {CHOOSE_FROM} finished matches (it holds {}), then the best.",
                self.selection
            ),
        };
        let notes = format!(
            "Best: {best} (lowest log loss). {default} \"On average\" is the geometric mean, e^−(log loss); lower log loss and Brier are better; a shared win counts 1/k to each winner."
        );
        text = out.wrap(&text);
        format!("{text}{table}\n{}", out.wrap(&notes))
    }
}
