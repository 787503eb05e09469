//! Looking after the database file rather than the matches in it: SQLite's own checks,
//! golf's checks of every recorded match, and verified backups.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::backup::Backup;
use rusqlite::{Connection, OpenFlags};

use super::schema::{self, literal, sibling};
use super::{load_match, Store};

/// SQLite's `PRAGMA integrity_check`: the problems found, empty when the file is sound.
pub fn integrity(conn: &Connection) -> anyhow::Result<Vec<String>> {
    problems(conn, "PRAGMA integrity_check")
}

/// SQLite's `PRAGMA quick_check` (the structure of every page, without the slower index
/// cross-checks of `integrity_check`): the problems found, empty when the file is sound.
/// About 1.3 ms per MiB of database.
pub fn quick_check(conn: &Connection) -> anyhow::Result<Vec<String>> {
    problems(conn, "PRAGMA quick_check")
}

fn problems(conn: &Connection, pragma: &str) -> anyhow::Result<Vec<String>> {
    let mut stmt = conn.prepare_cached(pragma)?;
    let rows = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows.into_iter().filter(|r| r != "ok").collect())
}

/// `PRAGMA foreign_key_check`: one `table row N` per row pointing at nothing.
pub fn foreign_key_violations(conn: &Connection) -> anyhow::Result<Vec<String>> {
    let mut stmt = conn.prepare("PRAGMA foreign_key_check")?;
    let rows = stmt
        .query_map([], |r| {
            Ok(format!(
                "{} row {}",
                r.get::<_, String>(0)?,
                r.get::<_, Option<i64>>(1)?.unwrap_or(0)
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The file's schema version (`PRAGMA user_version`).
pub fn schema_version(conn: &Connection) -> anyhow::Result<i64> {
    Ok(conn.pragma_query_value(None, "user_version", |r| r.get(0))?)
}

/// `(matches, holes)` recorded.
pub fn counts(conn: &Connection) -> anyhow::Result<(i64, i64)> {
    let matches = conn.query_row("SELECT count(*) FROM matches", [], |r| r.get(0))?;
    let holes = conn.query_row("SELECT count(*) FROM holes", [], |r| r.get(0))?;
    Ok((matches, holes))
}

/// Schema objects golf did not make (a trigger, a view, a table or index of another
/// program), found by comparing with the schema the migrations build in memory.
pub fn foreign_objects(conn: &Connection) -> anyhow::Result<Vec<String>> {
    let fresh = Connection::open_in_memory()?;
    for sql in schema::MIGRATIONS {
        fresh.execute_batch(sql)?;
    }
    let objects = |c: &Connection| -> anyhow::Result<Vec<(String, String, Option<String>)>> {
        let mut stmt =
            c.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY type, name")?;
        let rows = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    };
    let expected = objects(&fresh)?;
    Ok(objects(conn)?
        .into_iter()
        .filter(|o| !expected.contains(o))
        .map(|(kind, name, _)| format!("{kind} {name} was not made by golf"))
        .collect())
}

/// Golf's own checks of every recorded match: each can be read (its rules, tiebreak chain
/// and seats), holds together ([`crate::game::Match::damage`]), and every checked
/// grid still scores what was stored under the match's own rules. One line per problem.
pub fn match_problems(conn: &Connection) -> crate::error::Result<Vec<String>> {
    let mut stmt = conn.prepare("SELECT id FROM matches ORDER BY id")?;
    let ids = stmt
        .query_map([], |r| r.get::<_, i64>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    let mut problems = unprintable_texts(conn)?;
    for id in ids {
        let m = match load_match(conn, id) {
            Ok(Some(m)) => m,
            Ok(None) => continue,
            Err(e) => {
                problems.push(crate::text::escape(&format!("{e:#}")).into_owned());
                continue;
            }
        };
        for h in &m.holes {
            for e in &h.entries {
                let Some(grid) = &e.grid else { continue };
                let what = if h.playoff { "playoff hole" } else { "hole" };
                let who = &m.players[e.seat];
                match crate::grid::Grid::parse_for(grid, m.rules.expected()) {
                    Ok(g) => {
                        let score = crate::scoring::total(&g, &m.rules);
                        if score != e.score {
                            problems.push(format!(
                                "match {id}, {what} {}: {who}'s grid {grid} scores {score}, but {} is stored",
                                h.number, e.score
                            ));
                        }
                    }
                    Err(err) => problems.push(format!(
                        "match {id}, {what} {}: {who}'s stored grid cannot be read: {err}",
                        h.number
                    )),
                }
            }
        }
    }
    Ok(problems)
}

/// Stored names, reasons and notes holding a control or format character, which golf never
/// writes (it escapes them when showing a match).
fn unprintable_texts(conn: &Connection) -> anyhow::Result<Vec<String>> {
    let mut stmt = conn.prepare(
        "SELECT 'match ' || id || ': its name', name FROM matches WHERE name IS NOT NULL
         UNION ALL SELECT 'match ' || match_id || ': a player name', player FROM seats
         UNION ALL SELECT 'match ' || match_id || ': a penalty reason', reason FROM penalties
         UNION ALL SELECT 'match ' || match_id || ', hole ' || number || ': its note', note
             FROM holes WHERE note IS NOT NULL",
    )?;
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows
        .into_iter()
        .filter_map(|(what, text)| {
            crate::text::first_unprintable(&text).map(|c| format!("{what} holds {c}"))
        })
        .collect())
}

/// What a backup wrote.
#[derive(Debug, Clone)]
pub struct BackupReport {
    /// The copy.
    pub target: PathBuf,
    /// Matches in it.
    pub matches: i64,
}

/// Copies the database of `store` to `target` (a new file) with SQLite's online backup,
/// then puts the copy in WAL mode and runs `integrity_check` on it. The copy is written
/// aside (`target.part-PID`) and linked into place only when it passed, so a killed backup
/// never leaves a partial file at `target`; what earlier killed backups left aside is
/// removed. The path is used byte for byte, whatever its encoding.
///
/// Errors: `target` exists (bad input), the copy cannot be written, or it fails the check.
pub fn backup(store: &Store, target: &Path) -> crate::error::Result<BackupReport> {
    if target.exists() {
        return crate::error::input(format!(
            "{} already exists; name a new file for the backup",
            target.display()
        ));
    }
    schema::remove_stale(target, "part");
    let part = sibling(target, &format!("part-{}", std::process::id()));
    schema::remove_with_journals(&part);
    let result = write_copy(store.conn(), &part, target).map_err(crate::error::Error::from);
    let result = result.and_then(|matches| match std::fs::hard_link(&part, target) {
        Ok(()) => Ok(matches),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => crate::error::input(format!(
            "{} already exists; name a new file for the backup",
            target.display()
        )),
        Err(e) => Err(anyhow::anyhow!("cannot write the backup {}: {e}", target.display()).into()),
    });
    schema::remove_with_journals(&part);
    Ok(BackupReport {
        target: target.to_path_buf(),
        matches: result?,
    })
}

fn write_copy(from: &Connection, part: &Path, target: &Path) -> anyhow::Result<i64> {
    let cannot =
        |e: rusqlite::Error| anyhow::anyhow!("cannot write the backup {}: {e}", target.display());
    let mut copy = Connection::open_with_flags(
        literal(part),
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(cannot)?;
    Backup::new(from, &mut copy)
        .and_then(|b| b.run_to_completion(256, Duration::ZERO, None))
        .map_err(cannot)?;
    copy.pragma_update(None, "journal_mode", "WAL")
        .map_err(cannot)?;
    let problems = integrity(&copy)?;
    if !problems.is_empty() {
        // the copy is as damaged as the database it was made from: said as damage is
        return Err(super::Damaged(format!(
            "the backup {} failed its integrity check (it was not kept): {}",
            target.display(),
            problems.join("; ")
        ))
        .into());
    }
    let (matches, _) = counts(&copy)?;
    copy.pragma_update(None, "wal_checkpoint", "TRUNCATE")
        .map_err(cannot)?;
    drop(copy);
    Ok(matches)
}
