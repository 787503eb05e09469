//! `golf import FILE...`: scoresheets (one match each, with the same checks as `golf hole`)
//! and JSON exports (any number of matches, merged by stable id), all in one transaction.
//! Every file is read and checked before the database is opened.

use super::Context;
use crate::cli::ImportArgs;
use crate::error::{input, Result};
use crate::store;
use crate::view::card::CardView;

/// Runs `golf import`.
pub fn run(ctx: &Context, args: ImportArgs) -> Result<()> {
    let now = store::timestamp();
    let (mut incoming, mut tournaments) = (Vec::new(), Vec::new());
    for path in &args.files {
        let (matches, carried) = crate::sheet::read_file_whole(path, &now)?;
        incoming.extend(matches);
        tournaments.extend(carried);
    }
    let progress = crate::view::progress(incoming.len(), "importing");
    let mut store = ctx.open_write()?;
    let (added, skipped, again, updated, seated) = store.write(|tx| {
        let (mut added, mut skipped, mut again, mut updated) = (Vec::new(), 0, Vec::new(), Vec::new());
        let mut rule_sets = store::RuleSets::default();
        for item in &incoming {
            progress.inc(1);
            let mut m = item.m.clone();
            if let Some(id) = store::find_by_uuid(tx, &m.uuid)? {
                let here = super::pick_match(tx, Some(id), false)?;
                if item.from_sheet {
                    // this very scoresheet was imported before: keep what was recorded
                    skipped += 1;
                    again.push(here);
                    continue;
                }
                if serde_json::to_value(&here)? == serde_json::to_value(&m)? {
                    skipped += 1;
                } else if m.continues(&here) {
                    // played on elsewhere (a tournament table's own database): catch up
                    store::append_whole(tx, id, &here, &m)?;
                    updated.push(id);
                } else {
                    return input(format!(
                        "{}: match {id} here has the same stable id but different contents, and is not an earlier state of it; nothing was imported",
                        item.label
                    ));
                }
                continue;
            }
            m.id = store::insert_whole_with(tx, &m, &mut rule_sets)?;
            if item.from_sheet && item.finish && m.over() && m.outcome().playoff_needed.is_none() {
                // finished when it was played (its `date`, else now): a dated sheet
                // counts on its own night
                let at = m.started_at.clone();
                let outcome = m.finish(&at)?;
                store::finish(tx, m.id, &at, &serde_json::to_string(&outcome)?)?;
            }
            added.push((item.label.clone(), m));
        }
        // tournaments after their matches, which their tables name by stable id
        let mut seated = Vec::new();
        for t in &tournaments {
            match store::tournaments::import_record(tx, t)? {
                Ok(store::tournaments::Imported::Skipped) => {}
                Ok(_) => seated.push(t.name.clone()),
                Err(why) => return input(format!("{why}; nothing was imported")),
            }
        }
        Ok((added, skipped, again, updated, seated))
    })?;
    progress.finish_and_clear();
    if let ([(label, m)], 0, 1, []) = (added.as_slice(), skipped, incoming.len(), &seated[..]) {
        if !ctx.out.json {
            crate::outln!(
                "Imported {label} as match {} into {}.",
                m.id,
                store.path().display()
            );
        }
        return ctx.out.show(&CardView::new(m));
    }
    if let ([], [m], 1) = (added.as_slice(), again.as_slice(), incoming.len()) {
        if !ctx.out.json {
            crate::outln!(
                "{} was imported before, as match {} in {}; nothing was added.",
                incoming[0].label,
                m.id,
                store.path().display()
            );
        }
        return ctx.out.show(&CardView::new(m));
    }
    let mut view = crate::view::export::Summary::new(&added, skipped, updated, store.path());
    view.tournaments = seated;
    ctx.out.show(&view)
}
