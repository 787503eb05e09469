//! `golf check`: the database's path, schema version, integrity and foreign-key checks.

use super::{backup::integrity, Context};
use crate::store::schema;

/// Runs `golf check`. Exit 1 when the database fails a check.
pub fn run(ctx: &Context) -> anyhow::Result<()> {
    let store = ctx.open_read()?;
    let conn = store.conn();
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let problems = integrity(conn)?;
    let mut stmt = conn.prepare("PRAGMA foreign_key_check")?;
    let fk: Vec<String> = stmt
        .query_map([], |r| {
            Ok(format!(
                "{} row {}",
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let matches: i64 = conn.query_row("SELECT count(*) FROM matches", [], |r| r.get(0))?;
    let holes: i64 = conn.query_row("SELECT count(*) FROM holes", [], |r| r.get(0))?;
    if ctx.out.json {
        crate::render::json(&serde_json::json!({
            "database": store.path(),
            "schema_version": version,
            "supported_version": schema::latest_version(),
            "integrity": if problems.is_empty() { vec!["ok".to_string()] } else { problems.clone() },
            "foreign_key_violations": fk,
            "matches": matches,
            "holes": holes,
        }))?;
    } else {
        crate::outln!("Database: {}", store.path().display());
        crate::outln!(
            "Schema version: {version} (this golf writes {})",
            schema::latest_version()
        );
        crate::outln!("Matches: {matches}, holes: {holes}");
        crate::outln!(
            "Integrity check: {}",
            if problems.is_empty() {
                "ok".to_string()
            } else {
                problems.join("; ")
            }
        );
        crate::outln!(
            "Foreign keys: {}",
            if fk.is_empty() {
                "ok".to_string()
            } else {
                fk.join("; ")
            }
        );
    }
    anyhow::ensure!(
        problems.is_empty() && fk.is_empty(),
        "{} failed its checks; restore from a backup (`golf backup` makes one)",
        store.path().display()
    );
    Ok(())
}
