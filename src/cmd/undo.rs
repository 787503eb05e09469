//! `golf undo`: withdraw the last recorded hole, keeping it in the audit log (CLI.md).

use serde::Serialize;

use super::{pick_match, unfinished, view, Context};
use crate::cli::MatchArg;
use crate::error::input;
use crate::standings::AuditEntry;
use crate::store;

#[derive(Serialize)]
struct Undone {
    #[serde(rename = "match")]
    id: i64,
    hole: u32,
    playoff: bool,
    card: view::CardView,
}

/// Runs `golf undo`.
pub fn run(ctx: &Context, args: MatchArg) -> anyhow::Result<()> {
    let mut store = ctx.open_existing()?;
    let (m, hole) = store.write(|tx| {
        let mut m = pick_match(tx, args.match_id, true)?;
        unfinished(&m)?;
        // the last hole in play order: the last playoff hole, else the last regular hole
        let last = m
            .playoff_holes()
            .last()
            .or_else(|| m.regular_holes().last())
            .cloned();
        let Some(hole) = last else {
            return input(format!("match {} has no recorded hole to undo", m.id));
        };
        store::insert_audit(
            tx,
            m.id,
            &AuditEntry {
                at: store::timestamp(),
                action: "undo".into(),
                hole: Some(hole.number),
                playoff: hole.playoff,
                detail: serde_json::to_string(&hole)?,
            },
        )?;
        store::delete_hole(tx, m.id, hole.number, hole.playoff)?;
        m.holes
            .retain(|h| !(h.playoff == hole.playoff && h.number == hole.number));
        Ok((m, hole))
    })?;
    let card = view::CardView::new(&m);
    if ctx.out.json {
        return crate::render::json(&Undone {
            id: m.id,
            hole: hole.number,
            playoff: hole.playoff,
            card,
        });
    }
    let what = if hole.playoff { "playoff hole" } else { "hole" };
    crate::outln!(
        "Withdrew {what} {} of match {}; it is kept in the audit log. {} of {} holes now recorded.",
        hole.number,
        m.id,
        m.holes_played(),
        m.holes_planned
    );
    crate::outln!("{}", card.result.summary);
    Ok(())
}
