//! `golf export`: every match, lossless, as JSON that `golf import` reads back; or CSV, one
//! row per match, hole and player, for spreadsheets.

use serde::{Deserialize, Serialize};

use crate::game::tournament::TournamentRecord;
use crate::game::Match;

/// What a JSON export holds: a marker and version, then whole matches (stable id, resolved
/// rules, holes as typed with their scores, enders, notes, penalties, audit log, times).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Export {
    /// Always `golf-export`.
    pub format: String,
    /// The export format's version (1).
    pub version: u32,
    /// The matches, oldest first.
    pub matches: Vec<Match>,
    /// The tournaments whose every table is among `matches`: setup, players,
    /// disqualifications, and each round's tables by match stable id. Absent in exports
    /// made before golf carried tournaments, and when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tournaments: Vec<TournamentRecord>,
}

/// The marker of an export.
pub const FORMAT: &str = "golf-export";

impl Export {
    /// An export of `matches` and the `tournaments` they make up.
    pub fn new(matches: Vec<Match>, tournaments: Vec<TournamentRecord>) -> Export {
        Export {
            format: FORMAT.into(),
            version: 1,
            matches,
            tournaments,
        }
    }

    /// The export as pretty JSON, ending in a newline.
    pub fn json(&self) -> crate::error::Result<String> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }

    /// The export as CSV: match id, stable id, date, rules, hole, player, grid, grid score,
    /// adjustment, hole score, penalty points charged at that hole, running total
    /// (penalties included, ending at the card's total).
    pub fn csv(&self) -> crate::error::Result<String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        let header = [
            "match",
            "uuid",
            "date",
            "rules",
            "hole",
            "playoff",
            "player",
            "grid",
            "grid_score",
            "adjustment",
            "hole_score",
            "penalty",
            "running_total",
            "dealer",
            "ended_by",
            "ending",
            "penalties",
            "status",
            "winners",
            "decided_by",
        ];
        super::csv_record(&mut w, header)?;
        for m in &self.matches {
            // penalties count from the hole they were given on, so each player's running
            // total ends at the card's total (Match::running_totals)
            let seats = 0..m.players.len();
            let running: Vec<Vec<i64>> = seats.clone().map(|s| m.running_totals(s)).collect();
            let penalties: Vec<Vec<i64>> = seats.map(|s| m.penalties_by_hole(s)).collect();
            let mut played = 0usize;
            let (status, winners, decided_by) = result(m);
            for (dealt, h) in m.holes.iter().enumerate() {
                played += usize::from(!h.playoff);
                let dealer = m
                    .players
                    .get(m.dealer(dealt + 1))
                    .cloned()
                    .unwrap_or_default();
                let ended_by = h
                    .out
                    .and_then(|s| m.players.get(s))
                    .cloned()
                    .unwrap_or_default();
                let ending = match (h.out, h.knocked) {
                    (None, _) => "",
                    (Some(_), true) => "knock",
                    (Some(_), false) => "out",
                };
                for e in &h.entries {
                    // a playoff hole changes no total: it shows the total after the last hole
                    let at = |v: &Vec<i64>| match played.checked_sub(1) {
                        Some(i) if !h.playoff => v.get(i).copied().unwrap_or(0),
                        _ => 0,
                    };
                    let last = running[e.seat].last().copied().unwrap_or(0);
                    let row = [
                        m.id.to_string(),
                        m.uuid.clone(),
                        m.started_at.clone(),
                        m.rules.display_name(),
                        h.number.to_string(),
                        h.playoff.to_string(),
                        m.players[e.seat].clone(),
                        e.grid.clone().unwrap_or_else(|| e.typed().to_string()),
                        e.score.to_string(),
                        e.adjustment.to_string(),
                        e.total().to_string(),
                        at(&penalties[e.seat]).to_string(),
                        if h.playoff {
                            last
                        } else {
                            at(&running[e.seat])
                        }
                        .to_string(),
                        dealer.clone(),
                        ended_by.clone(),
                        ending.to_string(),
                        penalties_on(m, e.seat, h),
                        status.to_string(),
                        winners.clone(),
                        decided_by.clone(),
                    ];
                    super::csv_record(&mut w, row)?;
                }
            }
        }
        let bytes = w.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// A match's result for the CSV: its status (`finished`, `abandoned`, `in play`), its
/// winners (names joined by ` & `; the leaders of a match in play are no winners) and what
/// decided it: `lowest total`, or the tiebreak that broke the tie (`countback`,
/// `sudden-death`…), `shared` for a shared win (RULES.md §8).
fn result(m: &Match) -> (&'static str, String, String) {
    let status = match (&m.finished_at, &m.abandoned_at) {
        (Some(_), _) => "finished",
        (None, Some(_)) => "abandoned",
        (None, None) => "in play",
    };
    if status != "finished" {
        return (status, String::new(), String::new());
    }
    let o = m.outcome();
    let winners = o
        .winners
        .iter()
        .filter_map(|s| m.players.get(*s).cloned())
        .collect::<Vec<_>>()
        .join(" & ");
    let decided = match (o.decided_by, o.tied.len() > 1) {
        (Some(t), _) => crate::rules::name_of(&t),
        (None, true) => "shared".to_string(),
        (None, false) => "lowest total".to_string(),
    };
    (status, winners, decided)
}

/// The tournament penalties `seat` was given on hole `h` (none on a playoff hole), each as
/// `illegal-move +5 (reason)`, joined by `; `; a reason that would begin a formula where a
/// spreadsheet splits the cell has a leading `'` ([`crate::text::csv_text`]).
fn penalties_on(m: &Match, seat: usize, h: &crate::game::Hole) -> String {
    if h.playoff {
        return String::new();
    }
    m.penalties
        .iter()
        .filter(|p| p.seat == seat && p.hole == h.number)
        .map(|p| {
            let dq = if p.disqualifies { ", disqualified" } else { "" };
            // the reason is the user's: never a formula where a spreadsheet splits the cell
            let reason = crate::text::csv_text(&p.reason);
            format!("{} {:+}{dq} ({reason})", p.kind.name(), p.points)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// What `golf import` of several matches did.
#[derive(Debug, Serialize)]
pub struct Summary {
    /// The database.
    pub database: String,
    /// Matches added, by their new ids here.
    pub added: Vec<i64>,
    /// Matches already present and identical, left as they were.
    pub skipped: usize,
    /// Matches present here in an earlier state (seated, then played on elsewhere), brought
    /// up to date.
    pub updated: Vec<i64>,
    /// Tournaments added or brought up to date, by name.
    pub tournaments: Vec<String>,
}

impl Summary {
    /// The summary of `added` matches and `skipped` ones into `database`.
    pub fn new(
        added: &[(String, Match)],
        skipped: usize,
        updated: Vec<i64>,
        database: &std::path::Path,
    ) -> Summary {
        Summary {
            database: crate::text::path(database),
            added: added.iter().map(|(_, m)| m.id).collect(),
            skipped,
            updated,
            tournaments: Vec::new(),
        }
    }
}

impl super::View for Summary {
    fn render(&self, _: &super::Output) -> String {
        format!(
            "Imported into {}: {} match{} added, {} already present and skipped{}.\n",
            self.database,
            self.added.len(),
            if self.added.len() == 1 { "" } else { "es" },
            self.skipped,
            match self.updated.len() {
                0 => String::new(),
                n => format!(", {n} played on elsewhere and brought up to date"),
            }
        ) + &match self.tournaments.len() {
            0 => String::new(),
            _ => format!("Tournaments recorded: {}.\n", self.tournaments.join(", ")),
        }
    }
}

/// What `golf import` of one scoresheet shows: the match's card, and whether this very
/// scoresheet had been imported before (then nothing was added and the card is the match
/// as recorded then). JSON: the card's fields with `"imported_before": BOOL`.
#[derive(Debug, Serialize)]
pub struct ImportedCard {
    /// This scoresheet was imported before: nothing was added.
    pub imported_before: bool,
    /// The match's card.
    #[serde(flatten)]
    pub card: crate::view::card::CardView,
}

impl crate::view::View for ImportedCard {
    fn render(&self, out: &crate::view::Output) -> String {
        self.card.render(out)
    }
}
