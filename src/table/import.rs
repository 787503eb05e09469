//! Importing (`golf import`, CLI.md "History, statistics and data"): matches read from
//! scoresheets and JSON exports, then the tournaments their tables make up, all in one
//! write. Every file is read and checked ([`crate::sheet`]) before this is called.

use rusqlite::Connection;

use super::pick_match;
use crate::error::{input, Result};
use crate::game::tournament::TournamentRecord;
use crate::game::Match;
use crate::sheet::Incoming;
use crate::store::{self, tournaments, Store};

/// What one import recorded.
#[derive(Debug, Clone, Default)]
pub struct Imported {
    /// Matches added, each with its file's label ([`Incoming::label`]), ids set.
    pub added: Vec<(String, Match)>,
    /// Matches skipped: here already, identical, or a scoresheet imported before.
    pub skipped: usize,
    /// Scoresheets imported before, as recorded here (counted in `skipped` too).
    pub again: Vec<Match>,
    /// Matches here in an earlier state, brought up to date (played on elsewhere): their ids.
    pub updated: Vec<i64>,
    /// Tournaments seated or brought up to date, by name.
    pub seated: Vec<String>,
}

/// Records `incoming` matches, then the `tournaments` their tables make up, in one write;
/// a match with a stable id known here is skipped, caught up or refused. `tick` is called
/// once per match taken (a shell's progress). A scoresheet that asks to be finished and is
/// over is finished at its own date. Errors (bad input, nothing imported): a match here
/// with the same stable id and other contents that it does not continue, a tournament
/// that differs from one of its name here or whose table is missing.
pub fn import(
    store: &mut Store,
    incoming: &[Incoming],
    tournaments: &[TournamentRecord],
    tick: &mut dyn FnMut(),
) -> Result<Imported> {
    store.write(|tx| {
        let mut r = Imported::default();
        let mut rule_sets = store::RuleSets::default();
        for item in incoming {
            tick();
            if let Some(id) = store::find_by_uuid(tx, &item.m.uuid)? {
                known(tx, item, id, &mut r)?;
                continue;
            }
            let mut m = item.m.clone();
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
            match tournaments::import_record(tx, t)? {
                Ok(tournaments::Imported::Skipped) => {}
                Ok(_) => r.seated.push(t.name.clone()),
                Err(why) => return input(format!("{why}; nothing was imported")),
            }
        }
        Ok(r)
    })
}

/// An incoming match whose stable id this database holds as match `id`: a scoresheet
/// imported before is kept as recorded; an identical match skipped; one played on
/// elsewhere (a tournament table's own database) caught up; anything else refused.
fn known(tx: &Connection, item: &Incoming, id: i64, r: &mut Imported) -> Result<()> {
    let here = pick_match(tx, Some(id), false)?;
    if item.from_sheet {
        // this very scoresheet was imported before: keep what was recorded
        r.skipped += 1;
        r.again.push(here);
        return Ok(());
    }
    if serde_json::to_value(&here)? == serde_json::to_value(&item.m)? {
        r.skipped += 1;
    } else if item.m.continues(&here) {
        store::append_whole(tx, id, &here, &item.m)?;
        r.updated.push(id);
    } else {
        return input(format!(
            "{}: match {id} here has the same stable id but different contents, and is not an earlier state of it; nothing was imported",
            item.label
        ));
    }
    Ok(())
}
