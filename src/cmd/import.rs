//! `golf import FILE`: record a whole match from a scoresheet ([`crate::sheet`]) in one
//! transaction, with the same checks as `golf hole` (CLI.md). Every hole is checked before
//! the database is opened.

use super::Context;
use crate::cli::ImportArgs;
use crate::error::{InputError, Result};
use crate::store;
use crate::view::card::CardView;

/// Runs `golf import`.
pub fn run(ctx: &Context, args: ImportArgs) -> Result<()> {
    let path = &args.file;
    let shown = path.display().to_string();
    let text = crate::text::read_capped(path, crate::sheet::MAX_BYTES)
        .map_err(|e| InputError::new(format!("cannot read scoresheet {shown}: {e}")))?;
    let now = store::timestamp();
    let (sheet_match, finish) = crate::sheet::read(&text, &shown, path.parent(), &now)?;
    let mut store = ctx.open_write()?;
    let (m, note) = store.write(|tx| {
        let mut m = sheet_match.clone();
        m.id = store::insert_match(tx, &m)?;
        for h in &m.holes {
            store::insert_hole(tx, m.id, h)?;
        }
        for p in &m.penalties {
            store::insert_penalty(tx, m.id, p)?;
        }
        let mut note = None;
        if finish && m.over() {
            if m.outcome().playoff_needed.is_some() {
                note = Some("left unfinished: the sudden-death tie needs a playoff hole");
            } else {
                let outcome = m.finish(&now)?;
                store::finish(tx, m.id, &now, &serde_json::to_string(&outcome)?)?;
            }
        }
        Ok((m, note))
    })?;
    let card = CardView::new(&m);
    if !ctx.out.json {
        crate::outln!(
            "Imported {shown} as match {} into {}.",
            m.id,
            store.path().display()
        );
        if let Some(note) = note {
            crate::outln!("Match {} {note}.", m.id);
        }
    }
    ctx.out.show(&card)
}
