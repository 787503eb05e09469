//! `golf history`: past matches, newest first (CLI.md).

use serde::Serialize;

use super::{view, Context};
use crate::cli::HistoryArgs;
use crate::error::input;
use crate::rules::Tiebreak;
use crate::store;

/// One match in `golf history`.
#[derive(Debug, Serialize)]
pub struct HistoryRow {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// Name.
    pub name: Option<String>,
    /// Variant.
    pub rules: String,
    /// House rules.
    pub house: Vec<String>,
    /// Started (RFC 3339).
    pub started_at: String,
    /// Finished (RFC 3339).
    pub finished_at: Option<String>,
    /// Holes planned.
    pub holes_planned: u32,
    /// Holes recorded.
    pub holes_played: u32,
    /// Players in seating order, with totals.
    pub players: Vec<String>,
    /// Totals in seating order.
    pub totals: Vec<i64>,
    /// Winners (leaders if unfinished).
    pub winners: Vec<String>,
    /// The tiebreak method that decided, if a tie was broken.
    pub tiebreak: Option<Tiebreak>,
    /// Finished.
    pub finished: bool,
}

/// Runs `golf history`.
pub fn run(ctx: &Context, args: HistoryArgs) -> anyhow::Result<()> {
    if args.limit == 0 {
        return input("--limit 0 shows nothing; expected 1 or more");
    }
    let mut store = ctx.open_read()?;
    let player = args
        .player
        .as_deref()
        .map(crate::player::normalise)
        .transpose()?;
    let rows = store.read(|tx| {
        let mut rows = Vec::new();
        for id in store::match_ids(tx, player.as_deref(), args.limit)? {
            let Some(m) = store::load_match(tx, id)? else {
                continue;
            };
            let o = m.outcome();
            let standings = m.standings();
            rows.push(HistoryRow {
                id,
                name: m.name.clone(),
                rules: m.rules.name.clone(),
                house: m.rules.house.clone(),
                started_at: m.started_at.clone(),
                finished_at: m.finished_at.clone(),
                holes_planned: m.holes_planned,
                holes_played: m.holes_played(),
                players: m.players.clone(),
                totals: standings.iter().map(|s| s.total).collect(),
                winners: o.winners.iter().map(|&s| m.players[s].clone()).collect(),
                tiebreak: o.decided_by,
                finished: m.finished_at.is_some(),
            });
        }
        Ok(rows)
    })?;
    if ctx.out.json {
        return crate::render::json(&rows);
    }
    if rows.is_empty() {
        match &player {
            Some(p) => eprintln!(
                "golf: no match with a player named {}",
                crate::text::escape(p)
            ),
            None => eprintln!("golf: no matches recorded yet"),
        }
        return Ok(());
    }
    let mut table = ctx.out.table([
        "match", "date", "name", "rules", "holes", "players", "winner", "tiebreak",
    ]);
    for r in rows {
        let rules = crate::rules::label(&r.rules, &r.house);
        let players = r
            .players
            .iter()
            .zip(&r.totals)
            .map(|(p, t)| format!("{p} {t}"))
            .collect::<Vec<_>>()
            .join(", ");
        let winner = match (r.finished, r.winners.is_empty()) {
            (_, true) => "—".to_string(),
            (true, false) => r.winners.join(" & "),
            (false, false) => format!("(leading) {}", r.winners.join(" & ")),
        };
        table.add_row([
            r.id.to_string(),
            view::local(&r.started_at),
            r.name.unwrap_or_default(),
            rules,
            format!("{}/{}", r.holes_played, r.holes_planned),
            players,
            winner,
            r.tiebreak.map(|t| t.to_string()).unwrap_or_default(),
        ]);
    }
    crate::outln!("{table}");
    Ok(())
}
