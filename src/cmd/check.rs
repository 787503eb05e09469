//! `golf check`: the database's path and schema version, SQLite's integrity and
//! foreign-key checks, objects golf did not make, and golf's own checks of every match.

use super::Context;
use crate::error::Result;
use crate::store::{maintenance, schema};
use crate::view::maintenance::CheckView;

/// The drafts kept at the prompt that the next prompt could not offer: unreadable, or
/// not what the prompt writes for their match ([`crate::game::Draft::problem`]).
fn draft_problems(conn: &rusqlite::Connection) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    for (id, draft) in crate::store::drafts::all(conn)? {
        let problem = match draft {
            Err(why) => Some(why),
            // a match that cannot be loaded is reported among the match problems
            Ok(d) => match crate::store::load_match(conn, id).ok().flatten() {
                Some(m) => d.problem(&m),
                None => None,
            },
        };
        if let Some(p) = problem {
            problems.push(format!("match {id}: its draft at the prompt: {p}"));
        }
    }
    Ok(problems)
}

/// Refuses (as damage: exit 1, the way back said) a database whose `-wal` is not a log
/// SQLite wrote, which SQLite would silently discard with whatever it held. Read before
/// any connection opens the database ([`crate::store::wal`]).
fn check_wal(path: &std::path::Path) -> Result<()> {
    if !path.is_file() {
        return Ok(());
    }
    let wal = crate::store::wal::path_of(path);
    let found = crate::store::wal::read(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", crate::text::path(&wal)))?;
    match found {
        crate::store::wal::Wal::Garbage(why) => Err(crate::error::Error::System(
            crate::store::Damaged(format!(
                "its write-ahead log {} is not one SQLite wrote ({why}); opening the database would discard it, \
                 and any changes it holds, so golf check did not open it",
                crate::text::path(&wal)
            ))
            .into(),
        )),
        _ => Ok(()),
    }
}

/// Runs `golf check`. Exit 1 when the database fails a check.
pub fn run(ctx: &Context) -> Result<()> {
    check_wal(&ctx.db_path()?)?;
    let mut store = ctx.open_read_as_is()?;
    let path = crate::text::path(store.path());
    let view = store.read(|conn| {
        let mut integrity = maintenance::integrity(conn)?;
        let (matches, holes) = maintenance::counts(conn)?;
        // golf's own checks read every page: only worth it on a sound file
        let match_problems = match integrity.is_empty() {
            true => {
                let mut problems = maintenance::match_problems(conn)?;
                if let Err(e) = crate::store::check_bounds(conn) {
                    problems.insert(0, crate::text::escape(&format!("{e:#}")).into_owned());
                }
                problems.extend(draft_problems(conn)?);
                problems
            }
            false => Vec::new(),
        };
        if integrity.is_empty() {
            integrity.push("ok".into());
        }
        Ok(CheckView {
            database: path.clone(),
            schema_version: maintenance::schema_version(conn)?,
            supported_version: schema::latest_version(),
            integrity,
            foreign_key_violations: maintenance::foreign_key_violations(conn)?,
            foreign_objects: maintenance::foreign_objects(conn)?,
            match_problems,
            matches,
            holes,
        })
    })?;
    ctx.out.show(&view)?;
    if !view.sound() {
        // said as damage is (store::explain), the files this check made beside it removed
        return Err(crate::error::Error::System(
            crate::store::Damaged(format!("{path} failed the checks above")).into(),
        ));
    }
    Ok(())
}
