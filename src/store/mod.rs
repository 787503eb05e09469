//! The SQLite store: where matches live, and the small set of domain operations the
//! commands need. One transaction per command: writers take an IMMEDIATE transaction and
//! retry the whole of it if SQLite reports the database busy; readers never create or
//! write the file. Settings: WAL, `synchronous = FULL`, a busy timeout, foreign keys on.
//!
//! The free functions (`insert_match`, `load_match`, …) take the connection or the
//! transaction of [`Store::write`]/[`Store::read`] and return SQLite's error unchanged
//! (a constraint, a busy or damaged file); the command layer passes it through
//! [`explain`], which names the file. Times are RFC 3339 strings in UTC.

pub mod maintenance;
pub mod schema;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context as _;
use rusqlite::{
    params, Connection, ErrorCode, OptionalExtension, Transaction, TransactionBehavior,
};

use crate::rules::{Rules, Tiebreak};
use crate::standings::{AuditEntry, Entry, Hole, Match, PenaltyKind, PenaltyRecord};

/// How many times a whole transaction is retried when SQLite reports the database busy.
const RETRIES: u32 = 50;

/// An open database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// Whether a write of this connection has already checked the file (`quick_check`).
    checked: bool,
}

/// The default database path: `$XDG_DATA_HOME/golf/golf.db` on Linux, the platform's data
/// directory elsewhere (CLI.md "Global").
pub fn default_path() -> anyhow::Result<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "golf").context(
        "cannot find a data directory for the database (no home directory?); give one with --db PATH or GOLF_DB",
    )?;
    Ok(dirs.data_dir().join("golf.db"))
}

/// Stored data that breaks what golf guarantees of a recorded match (a hole without every
/// grid, a seat past the player list, unreadable rules): the file was tampered with or
/// damaged. A system failure (exit 1); [`explain`] names the file and the way back.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Damaged(pub String);

/// Whether an error is SQLite saying another connection holds the lock.
pub fn is_busy(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        matches!(
            e.downcast_ref::<rusqlite::Error>(),
            Some(rusqlite::Error::SqliteFailure(f, _))
                if matches!(f.code, ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
        )
    })
}

/// Adds what a user needs to an SQLite failure in the database at `path`: a damaged file
/// is said to be damaged (and unchanged, with the way back), and any other SQLite error is
/// made to name the file. Errors that are not SQLite's, or already name it, pass unchanged.
pub fn explain(err: anyhow::Error, path: &Path) -> anyhow::Error {
    let code = err
        .chain()
        .find_map(|c| match c.downcast_ref::<rusqlite::Error>() {
            Some(rusqlite::Error::SqliteFailure(f, _)) => Some(Some(f.code)),
            Some(_) => Some(None),
            None => None,
        });
    let shown = path.display().to_string();
    let damaged = err.chain().any(|c| c.is::<Damaged>());
    let folder = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| ".".to_string(), |d| d.display().to_string());
    match code {
        _ if damaged => err.context(format!(
            "the database {shown} is damaged; golf did not change it — restore it from a copy made with `golf backup` (remove the {shown}-wal and {shown}-shm files beside it first)"
        )),
        Some(Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)) => err.context(format!(
            "the database {shown} is damaged; golf did not change it — restore it from a copy made with `golf backup` (remove the {shown}-wal and {shown}-shm files beside it first)"
        )),
        Some(Some(ErrorCode::DiskFull)) => err.context(format!(
            "the disk holding {shown} is full; nothing was recorded — free some space and try again"
        )),
        Some(Some(ErrorCode::SystemIoFailure | ErrorCode::CannotOpen | ErrorCode::ReadOnly)) => {
            err.context(format!(
                "cannot write the database {shown} or its -wal/-shm files in {folder}: the disk may be full, or the folder read-only; nothing was recorded"
            ))
        }
        Some(_) if !err.chain().any(|c| c.to_string().contains(&shown)) => {
            err.context(format!("database {shown}"))
        }
        _ => err,
    }
}

impl Store {
    /// Opens the database at `path` for writing, creating and migrating it as needed.
    pub fn open(path: &Path) -> anyhow::Result<Store> {
        let mut attempt = 0;
        loop {
            match schema::open_for_write(path) {
                Ok(conn) => {
                    return Ok(Store {
                        conn,
                        path: path.to_path_buf(),
                        checked: false,
                    })
                }
                Err(e) if is_busy(&e) && attempt < RETRIES => attempt += 1,
                Err(e) => {
                    return Err(e.context(format!("cannot open the database {}", path.display())))
                }
            }
            std::thread::sleep(Duration::from_millis(20 * u64::from(attempt.min(10))));
        }
    }

    /// Opens an existing database read-only; `Ok(None)` when there is no file.
    pub fn open_read_only(path: &Path) -> anyhow::Result<Option<Store>> {
        let conn = schema::open_read_only(path)
            .with_context(|| format!("cannot open the database {}", path.display()))?;
        Ok(conn.map(|conn| Store {
            conn,
            path: path.to_path_buf(),
            checked: false,
        }))
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The connection, for reads.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Runs `work` in one IMMEDIATE transaction and commits it. If SQLite reports the
    /// database busy (beyond the busy timeout), the whole transaction is rolled back and run
    /// again. Any other error rolls back: nothing is written.
    ///
    /// The first write of a connection runs `PRAGMA quick_check` before it commits and
    /// refuses ([`Damaged`]) a file with damaged pages, which may have been misread: a
    /// command never writes into a damaged database. It costs about 1.3 ms per MiB, once
    /// per command (a bulk loader holding one `Store` pays it once).
    pub fn write<T>(
        &mut self,
        mut work: impl FnMut(&Transaction<'_>) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let mut attempt = 0;
        let check = !self.checked;
        loop {
            let result = (|| {
                let tx = self
                    .conn
                    .transaction_with_behavior(TransactionBehavior::Immediate)?;
                let value = work(&tx)?;
                if check {
                    let problems = maintenance::quick_check(&tx)?;
                    if !problems.is_empty() {
                        return Err(Damaged(problems.join("; ")).into());
                    }
                }
                tx.commit()?;
                Ok(value)
            })();
            if result.is_ok() {
                self.checked = true;
            }
            match result {
                Err(e) if is_busy(&e) && attempt < RETRIES => {
                    attempt += 1;
                    std::thread::sleep(Duration::from_millis(10 * u64::from(attempt.min(20))));
                }
                other => return other,
            }
        }
    }

    /// Runs `work` in one read transaction, so it sees one consistent state.
    pub fn read<T>(
        &mut self,
        work: impl FnOnce(&Transaction<'_>) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Deferred)?;
        let value = work(&tx)?;
        tx.finish()?;
        Ok(value)
    }
}

/// The current time as stored: RFC 3339, UTC, milliseconds.
pub fn timestamp() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Records a new match — its resolved rules, seats and settings — and returns its id.
/// `m.holes`, `m.penalties` and `m.audit` are not written.
pub fn insert_match(conn: &Connection, m: &Match) -> anyhow::Result<i64> {
    let tiebreak: Vec<&str> = m.tiebreak.iter().map(|t| t.name()).collect();
    let rules = serde_json::to_string(&m.rules)?;
    conn.execute(
        "INSERT OR IGNORE INTO rule_sets (json) VALUES (?1)",
        [&rules],
    )?;
    let rule_set: i64 =
        conn.query_row("SELECT id FROM rule_sets WHERE json = ?1", [&rules], |r| {
            r.get(0)
        })?;
    conn.execute(
        "INSERT INTO matches (name, rules_name, rule_set, holes_planned, decks, tiebreak, started_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            m.name,
            m.rules.name,
            rule_set,
            m.holes_planned,
            m.decks,
            tiebreak.join(","),
            m.started_at
        ],
    )?;
    let id = conn.last_insert_rowid();
    let mut seat =
        conn.prepare_cached("INSERT INTO seats (match_id, seat, player) VALUES (?1, ?2, ?3)")?;
    for (i, player) in m.players.iter().enumerate() {
        seat.execute(params![id, i as i64, player])?;
    }
    Ok(id)
}

/// The newest match (by id), optionally only among unfinished ones.
pub fn latest_match(conn: &Connection, unfinished_only: bool) -> anyhow::Result<Option<i64>> {
    let sql = if unfinished_only {
        "SELECT id FROM matches WHERE finished_at IS NULL ORDER BY id DESC LIMIT 1"
    } else {
        "SELECT id FROM matches ORDER BY id DESC LIMIT 1"
    };
    Ok(conn.query_row(sql, [], |r| r.get(0)).optional()?)
}

/// Match ids, newest first, optionally only those `player` sat in (ignoring case). Walks
/// the matches newest first and stops at `limit`, so a common player costs no more than
/// `limit` matches.
pub fn match_ids(conn: &Connection, player: Option<&str>, limit: u32) -> anyhow::Result<Vec<i64>> {
    let ids = match player {
        None => conn
            .prepare_cached("SELECT id FROM matches ORDER BY started_at DESC, id DESC LIMIT ?1")?
            .query_map(params![limit], |r| r.get(0))?
            .collect::<Result<Vec<i64>, _>>()?,
        Some(player) => conn
            .prepare_cached(
                "SELECT m.id FROM matches m
                 WHERE EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.player = ?1 COLLATE NOCASE)
                 ORDER BY m.started_at DESC, m.id DESC LIMIT ?2",
            )?
            .query_map(params![player, limit], |r| r.get(0))?
            .collect::<Result<Vec<i64>, _>>()?,
    };
    Ok(ids)
}

/// Loads a whole match, or `None` if there is no match with that id.
pub fn load_match(conn: &Connection, id: i64) -> anyhow::Result<Option<Match>> {
    let row = conn
        .query_row(
            "SELECT m.name, r.json, m.holes_planned, m.decks, m.tiebreak, m.started_at, m.finished_at
             FROM matches m JOIN rule_sets r ON r.id = m.rule_set WHERE m.id = ?1",
            [id],
            |r| {
                Ok((
                    r.get::<_, Option<String>>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, u32>(2)?,
                    r.get::<_, u32>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, Option<String>>(6)?,
                ))
            },
        )
        .optional()?;
    let Some((name, rules_json, holes_planned, decks, tiebreak, started_at, finished_at)) = row
    else {
        return Ok(None);
    };
    let rules: Rules = serde_json::from_str(&rules_json)
        .map_err(|e| Damaged(format!("match {id}: its stored rules cannot be read ({e})")))?;
    let tiebreak = tiebreak
        .split(',')
        .map(|t| {
            t.parse::<Tiebreak>()
                .map_err(|e| Damaged(format!("match {id}: its tiebreak chain: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;

    let mut stmt =
        conn.prepare_cached("SELECT player FROM seats WHERE match_id = ?1 ORDER BY seat")?;
    let players = stmt
        .query_map([id], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;

    let mut stmt = conn.prepare_cached(
        "SELECT h.id, h.number, h.playoff, h.out_seat, h.recorded_at
         FROM holes h WHERE h.match_id = ?1 ORDER BY h.playoff, h.number",
    )?;
    let hole_rows = stmt
        .query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, bool>(2)?,
                r.get::<_, Option<i64>>(3)?,
                r.get::<_, String>(4)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut grid_stmt = conn.prepare_cached(
        "SELECT seat, typed, grid, score, adjustment, explanation FROM grids WHERE hole_id = ?1 ORDER BY seat",
    )?;
    let mut holes = Vec::with_capacity(hole_rows.len());
    for (hole_id, number, playoff, out, recorded_at) in hole_rows {
        let entries = grid_stmt
            .query_map([hole_id], |r| {
                Ok(Entry {
                    seat: r.get::<_, i64>(0)? as usize,
                    typed: r.get(1)?,
                    grid: r.get(2)?,
                    score: r.get(3)?,
                    adjustment: r.get(4)?,
                    explanation: r.get(5)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        holes.push(Hole {
            number,
            playoff,
            out: out.map(|s| s as usize),
            entries,
            recorded_at,
        });
    }

    let mut stmt = conn.prepare_cached(
        "SELECT seat, hole, kind, points, disqualifies, reason, recorded_at
         FROM penalties WHERE match_id = ?1 ORDER BY id",
    )?;
    let penalties = stmt
        .query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i32>(3)?,
                r.get::<_, bool>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, String>(6)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .map(
            |(seat, hole, kind, points, disqualifies, reason, recorded_at)| {
                Ok(PenaltyRecord {
                    seat: seat as usize,
                    hole,
                    kind: PenaltyKind::from_name(&kind).ok_or_else(|| {
                        Damaged(format!("match {id}: unknown penalty kind {kind:?}"))
                    })?,
                    points,
                    disqualifies,
                    reason,
                    recorded_at,
                })
            },
        )
        .collect::<anyhow::Result<Vec<_>>>()?;

    let mut stmt = conn.prepare_cached(
        "SELECT at, action, hole, playoff, detail FROM audit WHERE match_id = ?1 ORDER BY id",
    )?;
    let audit = stmt
        .query_map([id], |r| {
            Ok(AuditEntry {
                at: r.get(0)?,
                action: r.get(1)?,
                hole: r.get(2)?,
                playoff: r.get(3)?,
                detail: r.get(4)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;

    // golf refuses control characters in what it stores; text in a tampered file is
    // escaped here, before any view can print it
    let shown = |t: String| match crate::text::escape(&t) {
        std::borrow::Cow::Borrowed(_) => t,
        std::borrow::Cow::Owned(escaped) => escaped,
    };
    let players = players.into_iter().map(shown).collect();
    let name = name.map(shown);
    let penalties = penalties
        .into_iter()
        .map(|p| PenaltyRecord {
            reason: shown(p.reason),
            ..p
        })
        .collect();
    let m = Match {
        id,
        name,
        rules,
        holes_planned,
        decks,
        tiebreak,
        players,
        started_at,
        finished_at,
        holes,
        penalties,
        audit,
    };
    if let Some(why) = m.damage() {
        return Err(Damaged(format!("match {id}: {why}")).into());
    }
    Ok(Some(m))
}

/// Records one hole with every entry.
pub fn insert_hole(conn: &Connection, match_id: i64, hole: &Hole) -> anyhow::Result<()> {
    conn.execute(
        "INSERT INTO holes (match_id, number, playoff, out_seat, recorded_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            match_id,
            hole.number,
            hole.playoff,
            hole.out.map(|s| s as i64),
            hole.recorded_at
        ],
    )?;
    let hole_id = conn.last_insert_rowid();
    let mut stmt = conn.prepare_cached(
        "INSERT INTO grids (hole_id, match_id, seat, typed, grid, score, adjustment, explanation)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for e in &hole.entries {
        stmt.execute(params![
            hole_id,
            match_id,
            e.seat as i64,
            e.typed,
            e.grid,
            e.score,
            e.adjustment,
            e.explanation
        ])?;
    }
    Ok(())
}

/// Removes one recorded hole and its grids (the caller keeps it in the audit log).
pub fn delete_hole(
    conn: &Connection,
    match_id: i64,
    number: u32,
    playoff: bool,
) -> anyhow::Result<()> {
    let n = conn.execute(
        "DELETE FROM holes WHERE match_id = ?1 AND number = ?2 AND playoff = ?3",
        params![match_id, number, playoff],
    )?;
    anyhow::ensure!(
        n == 1,
        "match {match_id}: hole {number} was not found to remove"
    );
    Ok(())
}

/// Records a tournament penalty.
pub fn insert_penalty(conn: &Connection, match_id: i64, p: &PenaltyRecord) -> anyhow::Result<()> {
    conn.execute(
        "INSERT INTO penalties (match_id, seat, hole, kind, points, disqualifies, reason, recorded_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            match_id,
            p.seat as i64,
            p.hole,
            p.kind.name(),
            p.points,
            p.disqualifies,
            p.reason,
            p.recorded_at
        ],
    )?;
    Ok(())
}

/// Appends to a match's audit log.
pub fn insert_audit(conn: &Connection, match_id: i64, a: &AuditEntry) -> anyhow::Result<()> {
    conn.execute(
        "INSERT INTO audit (match_id, at, action, hole, playoff, detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![match_id, a.at, a.action, a.hole, a.playoff, a.detail],
    )?;
    Ok(())
}

/// Marks a match finished, storing its outcome as JSON.
pub fn finish(conn: &Connection, match_id: i64, at: &str, result_json: &str) -> anyhow::Result<()> {
    conn.execute(
        "UPDATE matches SET finished_at = ?2, result_json = ?3 WHERE id = ?1",
        params![match_id, at, result_json],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrate_twice_is_a_no_op() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        drop(Store::open(&path).unwrap());
        let store = Store::open(&path).unwrap();
        schema::migrate(store.conn(), &path).unwrap();
        let v: i64 = store
            .conn()
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, schema::latest_version());
        let app: i32 = store
            .conn()
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .unwrap();
        assert_eq!(app, schema::APPLICATION_ID);
        let mode: String = store
            .conn()
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
    }

    #[test]
    fn a_full_disk_or_a_failing_write_is_explained() {
        let path = Path::new("/data/golf.db");
        let failure = |code: i32| {
            anyhow::Error::from(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(code),
                None,
            ))
        };
        let full = explain(failure(rusqlite::ffi::SQLITE_FULL), path).to_string();
        assert!(
            full.contains("the disk holding /data/golf.db is full"),
            "{full}"
        );
        let io = explain(failure(rusqlite::ffi::SQLITE_IOERR_SHMSIZE), path).to_string();
        assert!(
            io.contains("-wal/-shm files in /data") && io.contains("disk may be full"),
            "{io}"
        );
        let damaged = explain(
            Damaged("match 3: hole 2 is out of sequence".into()).into(),
            path,
        );
        let text = format!("{damaged:#}");
        assert!(
            text.contains("is damaged") && text.contains("hole 2"),
            "{text}"
        );
    }

    #[test]
    fn read_only_open_never_creates() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nothing.db");
        assert!(Store::open_read_only(&path).unwrap().is_none());
        assert!(!path.exists());
    }
}
