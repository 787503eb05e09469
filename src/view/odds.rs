//! Chances to win (CLI.md `golf odds`): the table and JSON of `golf odds`, and the one line
//! `golf card` and `golf hole` show (`Chances: ann 62% · bob 30% · cat 8%`).

use serde::Serialize;

use super::{Output, View};
use crate::game::Match;
use crate::odds::{DrawnFrom, Odds, Sources};

/// One player's chance and what it takes to catch the leader.
#[derive(Debug, Serialize)]
pub struct PlayerOddsView {
    /// Name.
    pub name: String,
    /// Total so far (penalty points included).
    pub total: i64,
    /// Chance to win, 0 to 1 (a shared win counts 1/k).
    pub chance: f64,
    /// Half-width of its 95% interval.
    pub ci95: f64,
    /// Points behind the leader (0 for the leader).
    pub behind: i64,
    /// The average per hole left by which they must beat the leader; `null` with no hole left.
    pub needed_per_hole: Option<f64>,
    /// Where their hole scores were drawn from: `history` (their own alone), `table`
    /// (their own and the table's pool) or `simulated` (simulated bots' too).
    pub method: DrawnFrom,
    /// Their own holes: this match's so far and their recent finished matches' under
    /// these rules (drawn from alone at 30 or more).
    pub history_holes: usize,
    /// Disqualified: no chance.
    pub disqualified: bool,
    /// With `--explain`: where their draws came from, with the counts and shares, and the
    /// level (mean hole score) they were drawn around with its standard deviation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draws: Option<Sources>,
}

/// `golf odds`.
#[derive(Debug, Serialize)]
pub struct OddsView {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// The rules, house rules included.
    pub rules: String,
    /// Regular holes played.
    pub holes_played: u32,
    /// Regular holes left (with a target, the most that may be played).
    pub holes_left: u32,
    /// Samples played.
    pub samples: u32,
    /// Their seed.
    pub seed: u64,
    /// `history`, `table`, `simulated`, or `mixed` (not all alike; each player's says
    /// which).
    pub method: String,
    /// Every player, seat order.
    pub players: Vec<PlayerOddsView>,
    #[serde(skip)]
    explain: bool,
}

impl OddsView {
    /// The view of `odds` for match `m`; `explain`, with where each player's draws came
    /// from.
    pub fn new(m: &Match, odds: &Odds, explain: bool) -> OddsView {
        OddsView {
            id: m.id,
            rules: m.rules.display_name(),
            holes_played: m.holes_played(),
            holes_left: odds.holes_left,
            samples: odds.samples,
            seed: odds.seed,
            method: method(odds),
            players: odds
                .players
                .iter()
                .map(|p| PlayerOddsView {
                    name: p.name.clone(),
                    total: p.total,
                    chance: p.chance,
                    ci95: p.ci95,
                    behind: p.catch_up.behind,
                    needed_per_hole: p.catch_up.needed_per_hole,
                    method: p.method,
                    history_holes: p.history_holes,
                    disqualified: p.disqualified,
                    draws: p.sources.clone().filter(|_| explain),
                })
                .collect(),
            explain,
        }
    }
}

/// `history`, `table` or `simulated` when every player who can win draws alike, else
/// `mixed`.
fn method(odds: &Odds) -> String {
    let mut methods = odds
        .players
        .iter()
        .filter(|p| !p.disqualified)
        .map(|p| p.method);
    match methods.next() {
        Some(first) if methods.all(|m| m == first) => first.name().to_string(),
        Some(_) => "mixed".to_string(),
        None => "none".to_string(),
    }
}

impl View for OddsView {
    fn render(&self, out: &Output) -> String {
        let holes = |n: u32| format!("{n} hole{}", if n == 1 { "" } else { "s" });
        let mut text = out.strong(&format!(
            "Chances to win — match {}, {}, after {}, {} left",
            self.id,
            self.rules,
            holes(self.holes_played),
            self.holes_left
        ));
        text.push('\n');
        let mut table = out.table([
            "player",
            "total",
            "chance",
            "±",
            "behind",
            "needed a hole",
            "scores drawn from",
        ]);
        for p in &self.players {
            let from = match (p.disqualified, p.method) {
                (true, _) => "disqualified".to_string(),
                (false, DrawnFrom::History) => format!("own holes ({})", p.history_holes),
                (false, DrawnFrom::Table) => {
                    format!("own holes ({}) and the table's", p.history_holes)
                }
                (false, DrawnFrom::Simulated) => format!(
                    "own holes ({}), the table's and simulated bots",
                    p.history_holes
                ),
            };
            table.add_row([
                p.name.clone(),
                p.total.to_string(),
                match (p.disqualified, p.chance <= 0.0) {
                    (false, true) => "<0.1%".to_string(),
                    _ => format!("{:.1}%", p.chance * 100.0),
                },
                format!("{:.1}", p.ci95 * 100.0),
                match p.behind {
                    0 => "leader".to_string(),
                    b => b.to_string(),
                },
                match (p.behind, p.needed_per_hole) {
                    (0, _) | (_, None) => "—".to_string(),
                    (_, Some(n)) => format!("{n:.1}"),
                },
                from,
            ]);
        }
        text.push_str(&format!("{table}\n"));
        if self.explain {
            text.push_str(&self.explained(out));
        }
        text.push_str(&out.wrap(&format!(
            "The rest of the match played {} times (seed {}; the same seed plays the same samples); ± is the half-width of the 95% interval in points of percentage. Each player's holes are drawn around their level tonight (what their holes say, this match's included, with its uncertainty) from their own holes — tonight's and their latest 20 finished matches' under these rules — mixed below 30 holes with the table's, and below 30 of those with simulated bots'.",
            thousands(self.samples),
            self.seed
        )));
        text
    }
}

impl OddsView {
    /// `--explain`'s table: each player's sources, counts and shares, and their level.
    fn explained(&self, out: &Output) -> String {
        let mut table = out.table([
            "player",
            "own holes",
            "share",
            "table's pool",
            "share",
            "simulated",
            "level",
            "±",
        ]);
        let pct = |p: f64| format!("{:.0}%", 100.0 * p);
        for p in &self.players {
            let Some(d) = &p.draws else { continue };
            table.add_row([
                p.name.clone(),
                d.own_holes.to_string(),
                pct(d.own_share),
                d.pool_holes.to_string(),
                pct(d.pool_share),
                match d.simulated_share > 0.0 {
                    true => format!("{} ({} holes)", pct(d.simulated_share), d.simulated_holes),
                    false => "—".to_string(),
                },
                format!("{:.1}", d.level),
                format!("{:.1}", d.level_sd),
            ]);
        }
        let spread = self
            .players
            .iter()
            .find_map(|p| p.draws.as_ref())
            .map_or(0.0, |d| d.spread);
        format!(
            "Where each player's holes were drawn from:\n{table}\n{}",
            out.wrap(&format!("A player's level is the mean hole score their holes say they play at tonight, ± one standard deviation (drawn once per sample); each hole is that level plus a deviation from the sources in their shares, a hole's spread within a match being {spread:.1} at this table.\n"))
        )
    }
}

/// One player on the chances line.
#[derive(Debug, Clone, Serialize)]
pub struct ChanceView {
    /// Name.
    pub name: String,
    /// Chance to win, 0 to 1.
    pub chance: f64,
    /// Half-width of its 95% interval.
    pub ci95: f64,
}

/// The chances line of `golf card` and `golf hole`: players who can still win, likeliest
/// first.
#[derive(Debug, Clone, Serialize)]
pub struct ChancesView {
    /// `history`, `simulated` or `mixed`, as `golf odds` says.
    pub method: String,
    /// Samples played.
    pub samples: u32,
    /// Players not disqualified, by chance, highest first (seat order among equals).
    pub players: Vec<ChanceView>,
}

impl ChancesView {
    /// The line for `odds`.
    pub fn new(odds: &Odds) -> ChancesView {
        let mut players: Vec<&crate::odds::PlayerOdds> =
            odds.players.iter().filter(|p| !p.disqualified).collect();
        players.sort_by(|a, b| b.chance.total_cmp(&a.chance).then(a.seat.cmp(&b.seat)));
        ChancesView {
            method: method(odds),
            samples: odds.samples,
            players: players
                .into_iter()
                .map(|p| ChanceView {
                    name: p.name.clone(),
                    chance: p.chance,
                    ci95: p.ci95,
                })
                .collect(),
        }
    }

    /// `Chances: ann 62% · bob 30% · cat 8%`: the very estimate `golf odds` makes (same
    /// seed) when the line plays its [`crate::odds::DEFAULT_SAMPLES`]; from fewer samples (a
    /// long match, many players) the line says how far off it may be, `(± up to 2 points;
    /// golf odds plays 10,000 samples)`. Every player listed can still win, so none shows
    /// 0% (a sample that never won is `<1%`).
    pub fn sentence(&self) -> String {
        let each: Vec<String> = self
            .players
            .iter()
            .map(|p| format!("{} {}", p.name, percent_possible(p.chance)))
            .collect();
        let most = self.players.iter().map(|p| p.ci95).fold(0.0, f64::max);
        let plus_minus = match self.samples < crate::odds::DEFAULT_SAMPLES {
            true => format!(
                " (± up to {:.0} points from {} samples; golf odds plays {})",
                (most * 100.0).ceil(),
                thousands(self.samples),
                thousands(crate::odds::DEFAULT_SAMPLES)
            ),
            false => String::new(),
        };
        format!("Chances: {}{plus_minus}", each.join(" · "))
    }
}

/// A chance in whole percent; a chance that is neither none nor certain never shows as 0%
/// or 100%.
fn percent(p: f64) -> String {
    match p {
        p if p <= 0.0 => "0%".to_string(),
        p if p >= 1.0 => "100%".to_string(),
        p if p < 0.005 => "<1%".to_string(),
        p if p > 0.995 => ">99%".to_string(),
        p => format!("{:.0}%", p * 100.0),
    }
}

/// A chance of a player who can still win: as [`percent`], but never `0%` — a player in
/// play who won no sample has a chance too small to measure, `<1%`.
fn percent_possible(p: f64) -> String {
    match p <= 0.0 {
        true => "<1%".to_string(),
        false => percent(p),
    }
}

/// `10000` as `10,000`.
pub(crate) fn thousands(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_never_round_a_chance_away() {
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.001), "<1%");
        assert_eq!(percent(0.6249), "62%");
        assert_eq!(percent(0.999), ">99%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(
            percent_possible(0.0),
            "<1%",
            "a player in play can still win"
        );
        assert_eq!(thousands(10_000), "10,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}

/// Log loss and Brier of one guess in `golf odds --check` (`null` with nothing judged).
#[derive(Debug, Serialize)]
pub struct GuessFigures {
    /// Mean −ln(the winner's chance), a shared win weighted 1/k.
    pub log_loss: Option<f64>,
    /// Mean Σ (chance − won)².
    pub brier: Option<f64>,
}

/// The leader baseline's figure: Brier only (it gives the others 0).
#[derive(Debug, Serialize)]
pub struct LeaderFigures {
    /// Mean Σ (share given − won)².
    pub brier: Option<f64>,
}

/// The baselines of `golf odds --check`.
#[derive(Debug, Serialize)]
pub struct Baselines {
    /// Every player 1/n.
    pub uniform: GuessFigures,
    /// The leader after the hole wins (shared among tied leaders).
    pub leader: LeaderFigures,
}

/// One position of `golf odds --check`.
#[derive(Debug, Serialize)]
pub struct PositionView {
    /// The match.
    #[serde(rename = "match")]
    pub id: i64,
    /// Regular holes played at the time.
    pub hole: u32,
    /// Each player's chance then.
    pub chances: std::collections::BTreeMap<String, f64>,
    /// Who won the match (a shared win counts 1/k to each).
    pub winners: Vec<String>,
}

/// `golf odds --check` (CLI.md "Predictions with a track record").
#[derive(Debug, Serialize)]
pub struct OddsCheckView {
    /// Positions judged (a match after one of its holes but the last).
    pub predictions: usize,
    /// The odds' mean log loss.
    pub log_loss: Option<f64>,
    /// The odds' mean Brier score.
    pub brier: Option<f64>,
    /// The two baselines.
    pub baselines: Baselines,
    /// Predicted against won, tenth by tenth (empty bins left out).
    pub reliability: Vec<crate::odds::check::Bin>,
    /// Finished matches replayed.
    pub matches: usize,
    /// Matches left out: a player without history, rules the simulator cannot play.
    pub skipped: usize,
    /// Samples per position.
    pub samples: u32,
    /// Their seed.
    pub seed: u64,
    /// Every position judged: the match, the holes played, each player's chance then, who
    /// won in the end.
    pub positions: Vec<PositionView>,
    #[serde(skip)]
    record: crate::odds::check::OddsCheck,
}

impl OddsCheckView {
    /// The view of `record`.
    pub fn new(record: crate::odds::check::OddsCheck) -> OddsCheckView {
        let any = record.predictions > 0;
        OddsCheckView {
            predictions: record.predictions,
            log_loss: any.then_some(record.odds.log_loss),
            brier: any.then_some(record.odds.brier),
            baselines: Baselines {
                uniform: GuessFigures {
                    log_loss: any.then_some(record.uniform.log_loss),
                    brier: any.then_some(record.uniform.brier),
                },
                leader: LeaderFigures {
                    brier: any.then_some(record.leader.brier),
                },
            },
            reliability: record.reliability.clone(),
            matches: record.matches,
            skipped: record.skipped,
            samples: record.samples,
            seed: record.seed,
            positions: record
                .positions
                .iter()
                .map(|p| PositionView {
                    id: p.match_id,
                    hole: p.hole,
                    chances: p
                        .players
                        .iter()
                        .cloned()
                        .zip(p.chances.iter().copied())
                        .collect(),
                    winners: p
                        .players
                        .iter()
                        .zip(&p.won)
                        .filter(|(_, &w)| w > 0.0)
                        .map(|(n, _)| n.clone())
                        .collect(),
                })
                .collect(),
            record,
        }
    }
}

impl View for OddsCheckView {
    fn render(&self, out: &Output) -> String {
        let r = &self.record;
        let skipped = match r.skipped {
            0 => String::new(),
            n => format!(
                " ({n} left out: rules the simulator cannot play, and a player without history)"
            ),
        };
        if r.predictions == 0 {
            return out.wrap(&format!(
                "No position to judge: {} finished matches of two holes or more{skipped}. The odds are judged after each hole but the last of every finished match.\n",
                r.matches
            ));
        }
        let pct = |p: f64| format!("{:.0}%", 100.0 * p);
        let head = format!(
            "The odds judged at {} positions: {} finished matches replayed hole by hole{skipped}, the chances `golf odds` would have shown after each hole but the last (each player's history from the matches finished before; {} samples a position, seed {}) against who won.\nThe odds gave the eventual winner {} on average, the leader baseline got the winner right {} of the time, a coin gave {}.\n",
            thousands(u32::try_from(r.predictions).unwrap_or(u32::MAX)),
            r.matches,
            thousands(r.samples),
            r.seed,
            pct((-r.odds.log_loss).exp()),
            pct(r.leader.top_pick),
            pct((-r.uniform.log_loss).exp()),
        );
        let mut table = out.table(["guess", "winner's chance", "log loss", "Brier"]);
        table.add_row([
            "golf odds".to_string(),
            pct((-r.odds.log_loss).exp()),
            format!("{:.3}", r.odds.log_loss),
            format!("{:.3}", r.odds.brier),
        ]);
        table.add_row([
            "the leader wins".to_string(),
            "—".to_string(),
            "—".to_string(),
            format!("{:.3}", r.leader.brier),
        ]);
        table.add_row([
            "uniform (1/n)".to_string(),
            pct((-r.uniform.log_loss).exp()),
            format!("{:.3}", r.uniform.log_loss),
            format!("{:.3}", r.uniform.brier),
        ]);
        let mut bins = out.table(["chance shown", "mean shown", "came true", "chances"]);
        for b in &r.reliability {
            bins.add_row([
                format!("{:.0}–{:.0}%", 100.0 * b.from, 100.0 * b.to),
                pct(b.predicted),
                pct(b.won),
                b.n.to_string(),
            ]);
        }
        let notes = "\"On average\" is the geometric mean, e^−(log loss); lower log loss and Brier are better; the leader baseline has no log loss (it gives the others 0). Reliable odds come true as often as they say: each row's two figures close. A chance shown as 0 that came true counts as half a sample in the log loss.";
        format!(
            "{}{table}\nReliability:\n{bins}\n{}",
            out.wrap(&head),
            out.wrap(notes)
        )
    }
}
