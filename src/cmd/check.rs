//! `golf check`: the database's path and schema version, SQLite's integrity and
//! foreign-key checks, objects golf did not make, and golf's own checks of every match.

use super::Context;
use crate::error::Result;
use crate::store::{maintenance, schema};
use crate::view::maintenance::CheckView;

/// Runs `golf check`. Exit 1 when the database fails a check.
pub fn run(ctx: &Context) -> Result<()> {
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
        return Err(anyhow::anyhow!(
            "{path} failed its checks; restore from a backup (`golf backup` makes one), removing the -wal and -shm files beside the database first"
        )
        .into());
    }
    Ok(())
}
