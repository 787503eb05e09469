//! `golf check`: the database's path and schema version, SQLite's integrity and
//! foreign-key checks, objects golf did not make, and golf's own checks of every match.

use serde::Serialize;

use super::Context;
use crate::store::{maintenance, schema};

#[derive(Serialize)]
struct CheckView {
    database: String,
    schema_version: i64,
    supported_version: i64,
    integrity: Vec<String>,
    foreign_key_violations: Vec<String>,
    foreign_objects: Vec<String>,
    match_problems: Vec<String>,
    matches: i64,
    holes: i64,
}

/// Runs `golf check`. Exit 1 when the database fails a check.
pub fn run(ctx: &Context) -> anyhow::Result<()> {
    let mut store = ctx.open_read()?;
    let path = store.path().display().to_string();
    let view = store.read(|conn| {
        let integrity = maintenance::integrity(conn)?;
        let (matches, holes) = maintenance::counts(conn)?;
        Ok(CheckView {
            database: path.clone(),
            schema_version: conn.pragma_query_value(None, "user_version", |r| r.get(0))?,
            supported_version: schema::latest_version(),
            // golf's own checks read every page: only worth it on a sound file
            match_problems: if integrity.is_empty() {
                maintenance::match_problems(conn)?
            } else {
                Vec::new()
            },
            integrity,
            foreign_key_violations: maintenance::foreign_key_violations(conn)?,
            foreign_objects: maintenance::foreign_objects(conn)?,
            matches,
            holes,
        })
    })?;
    let sound = view.integrity.is_empty()
        && view.foreign_key_violations.is_empty()
        && view.foreign_objects.is_empty()
        && view.match_problems.is_empty();
    if ctx.out.json {
        let mut shown = view;
        if shown.integrity.is_empty() {
            shown.integrity.push("ok".into());
        }
        crate::render::json(&shown)?;
    } else {
        let listed = |items: &[String]| {
            if items.is_empty() {
                "ok".to_string()
            } else {
                items.join("; ")
            }
        };
        crate::outln!("Database: {}", view.database);
        crate::outln!(
            "Schema version: {} (this golf writes {})",
            view.schema_version,
            view.supported_version
        );
        crate::outln!("Matches: {}, holes: {}", view.matches, view.holes);
        crate::outln!("Integrity check: {}", listed(&view.integrity));
        crate::outln!("Foreign keys: {}", listed(&view.foreign_key_violations));
        crate::outln!("Schema objects: {}", listed(&view.foreign_objects));
        crate::outln!("Recorded matches: {}", listed(&view.match_problems));
    }
    anyhow::ensure!(
        sound,
        "{path} failed its checks; restore from a backup (`golf backup` makes one), removing the -wal and -shm files beside the database first"
    );
    Ok(())
}
