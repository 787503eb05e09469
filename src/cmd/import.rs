//! `golf import FILE...`: scoresheets (one match each, with the same checks as `golf hole`)
//! and JSON exports (any number of matches, merged by stable id), all in one transaction.
//! Every file is read and checked before the database is opened.

use super::Context;
use crate::cli::ImportArgs;
use crate::error::{input, Result};
use crate::game::tournament::TournamentRecord;
use crate::game::Match;
use crate::sheet::Incoming;
use crate::store;
use crate::view::card::CardView;
use rusqlite::Transaction;

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
    let r = store.write(|tx| record(tx, &incoming, &tournaments, &progress))?;
    progress.finish_and_clear();
    let db = crate::text::path(store.path());
    // one scoresheet: its card, after a line saying what became of it
    let label = incoming.first().map_or("", |i| i.label.as_str());
    let one = match (r.added.as_slice(), r.again.as_slice(), &r.seated[..]) {
        ([(_, m)], [], []) => Some((
            format!("Imported {label} as match {} into {db}.", m.id),
            m,
            false,
        )),
        ([], [m], []) => Some((
            format!(
                "{label} was imported before, as match {} in {db}; nothing was added.",
                m.id
            ),
            m,
            true,
        )),
        _ => None,
    };
    if let (Some((said, m, before)), 1) = (one, incoming.len()) {
        if !ctx.out.json {
            crate::view::outln!("{said}");
        }
        return ctx.out.show(&crate::view::export::ImportedCard {
            imported_before: before,
            card: CardView::new(m),
        });
    }
    let mut view = crate::view::export::Summary::new(&r.added, r.skipped, r.updated, store.path());
    view.tournaments = r.seated;
    ctx.out.show(&view)
}

/// What one import recorded: matches added (with their file), skipped, a scoresheet
/// imported before (as recorded), brought up to date; tournaments seated or updated.
#[derive(Default)]
struct Recorded {
    added: Vec<(String, Match)>,
    skipped: usize,
    again: Vec<Match>,
    updated: Vec<i64>,
    seated: Vec<String>,
}

/// Records `incoming` matches, then the `tournaments` their tables make up, in the import's
/// one transaction; a match with a known stable id is skipped, caught up or refused.
fn record(
    tx: &Transaction<'_>,
    incoming: &[Incoming],
    tournaments: &[TournamentRecord],
    progress: &indicatif::ProgressBar,
) -> Result<Recorded> {
    let mut r = Recorded::default();
    let mut rule_sets = store::RuleSets::default();
    for item in incoming {
        progress.inc(1);
        let mut m = item.m.clone();
        if let Some(id) = store::find_by_uuid(tx, &m.uuid)? {
            let here = super::pick_match(tx, Some(id), false)?;
            if item.from_sheet {
                // this very scoresheet was imported before: keep what was recorded
                r.skipped += 1;
                r.again.push(here);
                continue;
            }
            if serde_json::to_value(&here)? == serde_json::to_value(&m)? {
                r.skipped += 1;
            } else if m.continues(&here) {
                // played on elsewhere (a tournament table's own database): catch up
                store::append_whole(tx, id, &here, &m)?;
                r.updated.push(id);
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
        r.added.push((item.label.clone(), m));
    }
    // tournaments after their matches, which their tables name by stable id
    for t in tournaments {
        match store::tournaments::import_record(tx, t)? {
            Ok(store::tournaments::Imported::Skipped) => {}
            Ok(_) => r.seated.push(t.name.clone()),
            Err(why) => return input(format!("{why}; nothing was imported")),
        }
    }
    Ok(r)
}
