//! `golf backup PATH`: a consistent copy of the database (SQLite `VACUUM INTO`), verified
//! with `PRAGMA integrity_check` before it is reported.

use rusqlite::{Connection, OpenFlags};

use super::Context;
use crate::cli::BackupArgs;
use crate::error::input;

/// Runs `integrity_check` on a database file: `Ok(())` or the problems found.
pub fn integrity(conn: &Connection) -> anyhow::Result<Vec<String>> {
    let mut stmt = conn.prepare("PRAGMA integrity_check")?;
    let rows = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows.into_iter().filter(|r| r != "ok").collect())
}

/// Runs `golf backup`.
pub fn run(ctx: &Context, args: BackupArgs) -> anyhow::Result<()> {
    let target = &args.path;
    if target.exists() {
        return input(format!(
            "{} already exists; name a new file for the backup",
            target.display()
        ));
    }
    let store = ctx.open_read()?;
    store
        .conn()
        .execute(
            "VACUUM INTO ?1",
            [crate::store::schema::literal(target).display().to_string()],
        )
        .map_err(|e| anyhow::anyhow!("cannot write the backup {}: {e}", target.display()))?;
    let copy = Connection::open_with_flags(
        crate::store::schema::literal(target),
        OpenFlags::SQLITE_OPEN_READ_ONLY,
    )?;
    let problems = integrity(&copy)?;
    let matches: i64 = copy.query_row("SELECT count(*) FROM matches", [], |r| r.get(0))?;
    drop(copy);
    if !problems.is_empty() {
        let _ = std::fs::remove_file(target);
        anyhow::bail!(
            "the backup {} failed its integrity check: {}",
            target.display(),
            problems.join("; ")
        );
    }
    if ctx.out.json {
        return crate::render::json(&serde_json::json!({
            "database": store.path(),
            "backup": target,
            "matches": matches,
            "integrity": "ok",
        }));
    }
    crate::outln!(
        "Backed up {} to {} ({matches} match{}); integrity check: ok.",
        store.path().display(),
        target.display(),
        if matches == 1 { "" } else { "es" }
    );
    Ok(())
}
