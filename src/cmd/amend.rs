//! `golf amend`: correct a recorded hole; the old entry stays in the audit log (CLI.md).

use super::{parse_entries, pick_match, unfinished, Context};
use crate::cli::AmendArgs;
use crate::error::input;
use crate::hole;
use crate::player;
use crate::standings::{AuditEntry, Hole};
use crate::store;

/// Runs `golf amend`.
pub fn run(ctx: &Context, args: AmendArgs) -> anyhow::Result<()> {
    let mut store = ctx.open_existing()?;
    let (m, hole) = store.write(|tx| {
        let mut m = pick_match(tx, args.match_id, true)?;
        unfinished(&m)?;
        let Some(old) = m.regular_holes().find(|h| h.number == args.hole).cloned() else {
            return input(format!(
                "match {} has no hole {} to amend; {} of {} holes are recorded (record the next with `golf hole`)",
                m.id,
                args.hole,
                m.holes_played(),
                m.holes_planned
            ));
        };
        if args.entries.is_empty() && args.out.is_none() {
            return input("nothing to amend; give corrected PLAYER=GRID entries and/or --out PLAYER (--out \"\" for nobody)");
        }
        let changes = parse_entries(&m, &args.entries)?;
        let entries: Vec<(usize, String)> = old
            .entries
            .iter()
            .map(|e| {
                let typed = changes
                    .iter()
                    .find(|(s, _)| *s == e.seat)
                    .map_or_else(|| e.typed.clone(), |(_, t)| t.clone());
                (e.seat, typed)
            })
            .collect();
        let out = match args.out.as_deref().map(str::trim) {
            None => old.out,
            Some("") => None,
            Some(name) => Some(player::find(&m.players, name)?),
        };
        let scored = hole::score(&m.rules, m.decks, &m.players, &entries, out)?;
        let new = Hole {
            number: old.number,
            playoff: false,
            out,
            entries: scored,
            recorded_at: store::timestamp(),
        };
        store::insert_audit(
            tx,
            m.id,
            &AuditEntry {
                at: store::timestamp(),
                action: "amend".into(),
                hole: Some(old.number),
                playoff: false,
                detail: serde_json::to_string(&old)?,
            },
        )?;
        store::delete_hole(tx, m.id, old.number, false)?;
        store::insert_hole(tx, m.id, &new)?;
        if let Some(h) = m.holes.iter_mut().find(|h| !h.playoff && h.number == old.number) {
            *h = new.clone();
        }
        Ok((m, new))
    })?;
    if !ctx.out.json {
        crate::outln!(
            "Amended hole {} of match {}; the old entry is kept in the audit log.",
            hole.number,
            m.id
        );
    }
    super::hole::show(ctx, &m, &hole)
}
