//! `golf log`: a match's audit trail — every amendment and every withdrawn hole or
//! penalty, with when, the old entry and what replaced it.

use serde::Serialize;

use super::{Output, View};
use crate::game::{Hole, Match, PenaltyRecord};
use crate::text::local_time;

/// One entry of the audit trail.
#[derive(Debug, Serialize)]
pub struct LogRow {
    /// When (RFC 3339).
    pub at: String,
    /// `amend`, `undo`, `edit`, `abandon`, `reopen`, `delete` or `restore`.
    pub action: String,
    /// The hole concerned.
    pub hole: Option<u32>,
    /// A playoff hole.
    pub playoff: bool,
    /// What it was before.
    pub old: String,
    /// What it became: the amended entry, or `withdrawn`.
    pub new: String,
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
                    "delete" => "kept".into(),
                    "restore" => "deleted".into(),
                    _ => describe(m, &a.detail),
                };
                let new = match a.action.as_str() {
                    "reopen" => "reopened to be corrected".into(),
                    "delete" => "deleted".into(),
                    "restore" => "restored".into(),
                    "amend" => {
                        // the next change to the same hole holds what this amendment made
                        let later = m.audit[i + 1..].iter().find(|b| {
                            b.hole == a.hole
                                && b.playoff == a.playoff
                                && serde_json::from_str::<Hole>(&b.detail).is_ok()
                        });
                        match later {
                            Some(b) => describe(m, &b.detail),
                            None => m
                                .holes
                                .iter()
                                .find(|h| Some(h.number) == a.hole && h.playoff == a.playoff)
                                .map_or_else(|| "withdrawn".into(), |h| hole_text(m, h)),
                        }
                    }
                    _ => "withdrawn".into(),
                };
                LogRow {
                    at: a.at.clone(),
                    action: a.action.clone(),
                    hole: a.hole,
                    playoff: a.playoff,
                    old,
                    new,
                }
            })
            .collect();
        LogView { id: m.id, entries }
    }
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
        let mut table = out.table(["when", "action", "hole", "before", "after"]);
        for e in &self.entries {
            let hole = match (e.hole, e.playoff) {
                (Some(n), true) => format!("playoff {n}"),
                (Some(n), false) => n.to_string(),
                (None, _) => String::new(),
            };
            table.add_row([
                local_time(&e.at),
                e.action.clone(),
                hole,
                e.old.clone(),
                e.new.clone(),
            ]);
        }
        format!("Match {} — audit log\n{table}\n", self.id)
    }
}
