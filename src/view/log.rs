//! `golf log`: a match's audit trail — every amendment and every withdrawn hole or
//! penalty, with when, the old entry and what replaced it.

use serde::Serialize;

use super::{Output, View};
use crate::game::{Hole, Match, PenaltyRecord};
use crate::grid::Grid;
use crate::text::local_time;

/// One entry of the audit trail.
#[derive(Debug, Serialize)]
pub struct LogRow {
    /// When (RFC 3339).
    pub at: String,
    /// `amend`, `undo`, `edit`, `abandon`, `reopen`, `delete`, `restore` or `accept` (a
    /// player confirmed the card up to the hole, RULES.md §13).
    pub action: String,
    /// The hole concerned.
    pub hole: Option<u32>,
    /// A playoff hole.
    pub playoff: bool,
    /// What it was before.
    pub old: String,
    /// What it became: the amended entry, or `withdrawn`.
    pub new: String,
    /// What changed, old → new: each player whose entry changed (the cards that changed
    /// and the hole score), who ended the hole; or what was withdrawn.
    pub change: String,
}

/// The audit trail of one match.
#[derive(Debug, Serialize)]
pub struct LogView {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// Oldest first.
    pub entries: Vec<LogRow>,
}

impl LogView {
    /// The audit trail of `m`, each amendment paired with what replaced it.
    pub fn new(m: &Match) -> LogView {
        let m = &*super::shown(m);
        let entries = m
            .audit
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let old = match a.action.as_str() {
                    "accept" => "not accepted".into(),
                    "delete" => "kept".into(),
                    "restore" => "deleted".into(),
                    _ => describe(m, &a.detail),
                };
                let made = (a.action == "amend").then(|| made_by(m, i)).flatten();
                let new = match (&made, a.action.as_str()) {
                    (_, "reopen") => "reopened to be corrected".into(),
                    (_, "accept") => accepted_by(&a.detail, a.hole),
                    (_, "delete") => "deleted".into(),
                    (_, "restore") => "restored".into(),
                    (Some(h), _) => crate::text::escape(&hole_text(m, h)).into_owned(),
                    (None, _) => "withdrawn".into(),
                };
                let hole = serde_json::from_str::<Hole>(&a.detail);
                let change = match (hole, &made, a.action.as_str()) {
                    (Ok(before), Some(after), _) => changes(m, &before, after),
                    (Ok(before), None, "amend" | "undo") => {
                        format!("{} → withdrawn", totals(m, &before))
                    }
                    _ => format!("{old} → {new}"),
                };
                LogRow {
                    at: a.at.clone(),
                    action: a.action.clone(),
                    hole: a.hole,
                    playoff: a.playoff,
                    old,
                    new,
                    change,
                }
            })
            .collect();
        LogView { id: m.id, entries }
    }
}

/// The hole the amendment at `m.audit[i]` made: the next change to the same hole holds it,
/// else the hole as it stands (none when it was withdrawn since).
fn made_by(m: &Match, i: usize) -> Option<Hole> {
    let a = &m.audit[i];
    let later = m.audit[i + 1..].iter().find_map(|b| {
        let same = b.hole == a.hole && b.playoff == a.playoff;
        same.then(|| serde_json::from_str::<Hole>(&b.detail).ok())
            .flatten()
    });
    later.or_else(|| {
        m.holes
            .iter()
            .find(|h| Some(h.number) == a.hole && h.playoff == a.playoff)
            .cloned()
    })
}

/// What an amendment changed, old → new: `bob: K → Q (row 2, column 3), hole 6 → 16; bob
/// out → cat out`; `nothing` when the entries are the same.
fn changes(m: &Match, before: &Hole, after: &Hole) -> String {
    let name = |seat: usize| m.players.get(seat).map_or("?", String::as_str);
    let mut parts = Vec::new();
    for new in &after.entries {
        let Some(old) = before.entry(new.seat) else {
            parts.push(format!("{} added, {}", name(new.seat), new.total()));
            continue;
        };
        if old.grid == new.grid && old.typed() == new.typed() && old.total() == new.total() {
            continue;
        }
        let cards = cards_changed(old.grid.as_deref(), new.grid.as_deref())
            .unwrap_or_else(|| format!("{} → {}", old.typed(), new.typed()));
        parts.push(format!(
            "{}: {cards}, hole {} → {}",
            name(new.seat),
            old.total(),
            new.total()
        ));
    }
    if (before.out, before.knocked) != (after.out, after.knocked) {
        let ender = |h: &Hole| match h.out {
            Some(seat) if h.knocked => format!("{} knocked", name(seat)),
            Some(seat) => format!("{} out", name(seat)),
            None => "no one out".to_string(),
        };
        parts.push(format!("{} → {}", ender(before), ender(after)));
    }
    match parts.is_empty() {
        true => "nothing".into(),
        false => parts.join("; "),
    }
}

/// A hole's scores: `ann 12, bob 4`.
fn totals(m: &Match, h: &Hole) -> String {
    let name = |seat: usize| m.players.get(seat).map_or("?", String::as_str);
    let scores: Vec<String> = h
        .entries
        .iter()
        .map(|e| format!("{} {}", name(e.seat), e.total()))
        .collect();
    scores.join(", ")
}

/// The cards that differ between two grids of one shape: `Q → K (row 2, column 3)`;
/// `None` when either is not a grid or the shapes differ.
fn cards_changed(old: Option<&str>, new: Option<&str>) -> Option<String> {
    let (old, new) = (Grid::parse(old?).ok()?, Grid::parse(new?).ok()?);
    if (old.rows(), old.columns()) != (new.rows(), new.columns()) {
        return None;
    }
    let changed: Vec<String> = old
        .cells()
        .zip(new.cells())
        .filter(|((_, a), (_, b))| a != b)
        .map(|((cell, a), (_, b))| format!("{a} → {b} ({cell})"))
        .collect();
    Some(changed.join(", "))
}

/// A stored detail (a hole, `{"penalty": …}`, or the result a reopening replaced) in words.
fn describe(m: &Match, detail: &str) -> String {
    if let Ok(h) = serde_json::from_str::<Hole>(detail) {
        return crate::text::escape(&hole_text(m, &h)).into_owned();
    }
    if let Some(result) = serde_json::from_str::<serde_json::Value>(detail)
        .ok()
        .and_then(|v| v.get("result")?.as_str().map(str::to_string))
    {
        return crate::text::escape(&result).into_owned();
    }
    #[derive(serde::Deserialize)]
    struct Wrapped {
        penalty: PenaltyRecord,
    }
    match serde_json::from_str::<Wrapped>(detail) {
        Ok(w) => format!(
            "penalty for {}: {} ({:+})",
            m.players.get(w.penalty.seat).map_or("?", String::as_str),
            crate::text::escape(&w.penalty.reason),
            w.penalty.points
        ),
        Err(_) => crate::text::escape(detail).into_owned(),
    }
}

fn hole_text(m: &Match, h: &Hole) -> String {
    let mut parts: Vec<String> = h
        .entries
        .iter()
        .map(|e| {
            let who = m.players.get(e.seat).map_or("?", String::as_str);
            let grid = e.grid.as_deref().unwrap_or(e.typed());
            format!("{who} {grid} = {}", e.total())
        })
        .collect();
    if let Some(seat) = h.out {
        let verb = if h.knocked { "knocked" } else { "out" };
        parts.push(format!(
            "{verb} {}",
            m.players.get(seat).map_or("?", String::as_str)
        ));
    }
    parts.join("; ")
}

impl View for LogView {
    fn render(&self, out: &Output) -> String {
        if self.entries.is_empty() {
            return format!("Match {}: nothing amended or withdrawn.\n", self.id);
        }
        let mut table = match out.wide {
            true => out.table(["when", "action", "hole", "change", "before", "after"]),
            false => out.table(["when", "action", "hole", "change (old → new)"]),
        };
        for e in &self.entries {
            let hole = match (e.hole, e.playoff) {
                (Some(n), true) => format!("playoff {n}"),
                (Some(n), false) => n.to_string(),
                (None, _) => String::new(),
            };
            let mut row = vec![local_time(&e.at), e.action.clone(), hole, e.change.clone()];
            if out.wide {
                row.extend([e.old.clone(), e.new.clone()]);
            }
            table.add_row(row);
        }
        format!("Match {} — audit log\n{table}\n", self.id)
    }
}

/// An accept's entry in words: `ann accepted the card up to hole 9 (her own phone)`.
fn accepted_by(detail: &str, hole: Option<u32>) -> String {
    let d: serde_json::Value = serde_json::from_str(detail).unwrap_or_default();
    let player = crate::text::escape(d["player"].as_str().unwrap_or("?")).into_owned();
    let by = match d["by"].as_str() {
        Some("player") => "from their own phone",
        Some("table") => "on the table's scorekeeper page",
        Some("director") => "by the director",
        Some("terminal") => "at the terminal",
        _ => "",
    };
    format!(
        "{player} accepted the card up to hole {} {by}",
        hole.unwrap_or(0)
    )
    .trim_end()
    .to_string()
}
