//! The SQLite store: where matches live, and the small set of domain operations the
//! commands need. One transaction per command: writers take an IMMEDIATE transaction and
//! retry the whole of it if SQLite reports the database busy; readers never create or
//! write the file. Settings: WAL, `synchronous = FULL`, a busy timeout, foreign keys on.
//!
//! The free functions (`insert_match`, `load_match`, …) take the connection or the
//! transaction of [`Store::write`]/[`Store::read`] and return SQLite's error unchanged
//! (a constraint, a busy or damaged file); the command layer passes it through
//! [`explain`], which names the file. Times are RFC 3339 strings in UTC.

pub mod accepts;
pub mod drafts;
pub mod maintenance;
mod matches;
pub mod once;
pub mod schema;
pub mod serve_key;
pub mod stats;
pub mod tournaments;
pub mod wal;

pub use matches::{
    all_match_ids, append_whole, check_bounds, delete_hole, delete_last_penalty, find_by_uuid,
    finish, insert_audit, insert_hole, insert_match, insert_next_hole, insert_penalty,
    insert_whole, insert_whole_with, latest_match, load_match, load_matches, load_summaries,
    match_ids, player_names, reopen, set_deleted, unfinished_matches, update_match, Misplaced,
    RuleSets,
};

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context as _;
use rusqlite::{Connection, ErrorCode, OptionalExtension, TransactionBehavior};

use crate::error::Error;

/// How many times a whole transaction is retried when SQLite reports the database busy.
const RETRIES: u32 = 50;

/// An open database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// Whether the file is taken as sound for writing: true, unless the last writer may
    /// have stopped mid-write, when the first write runs `quick_check` first.
    checked: bool,
    /// How many times a busy write is run again ([`RETRIES`], or none: [`Store::patience`]).
    retries: u32,
    /// How long a statement waits for another connection's lock.
    wait: Duration,
    /// What opening did to a database of an older schema, for the command to say.
    migrated: Option<schema::Migrated>,
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

/// A trigger in the database: golf makes none, so another program or a hand put it there,
/// and it could delete or change what golf writes (or anything else) behind golf's back.
/// Every write refuses the database while it has one (a system failure, exit 1; nothing
/// written); `golf check` lists it.
#[derive(Debug, thiserror::Error)]
#[error(
    "the database {path} has a trigger golf did not make (`{name}`), which could change or delete what golf writes; \
     nothing was written — `golf check` lists what golf did not make: drop it, or restore from a copy made with `golf backup`"
)]
pub struct ForeignTrigger {
    /// The database, for the message.
    pub path: String,
    /// The trigger's name, escaped.
    pub name: String,
}

/// Refuses a write ([`ForeignTrigger`]) when the database has a trigger. Run inside the
/// write's IMMEDIATE transaction, so none can be added between the look and the write: a
/// trigger can do anything (delete the hole just written, change another match, insert
/// rows), so reading back only what golf wrote would miss most of what one can do, and
/// reading back everything would cost every write a whole check; refusing every trigger
/// costs one look at the schema.
fn refuse_triggers(tx: &Connection, path: &Path) -> Result<(), Error> {
    let name: Option<String> = tx
        .prepare_cached(
            "SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name LIMIT 1",
        )?
        .query_row([], |r| r.get(0))
        .optional()?;
    match name {
        Some(name) => Err(Error::System(
            ForeignTrigger {
                path: crate::text::path(path),
                name: crate::text::escape(&name).into_owned(),
            }
            .into(),
        )),
        None => Ok(()),
    }
}

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

/// Whether `err` says the database is damaged (tampered rows, or pages SQLite cannot read),
/// as [`explain`] words it.
pub fn is_damage(err: &Error) -> bool {
    let Error::System(e) = err else {
        return false;
    };
    e.chain().any(|c| {
        c.is::<Damaged>()
            || matches!(
                c.downcast_ref::<rusqlite::Error>(),
                Some(rusqlite::Error::SqliteFailure(f, _))
                    if matches!(f.code, ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)
            )
    })
}

/// Which of a database's `-wal` and `-shm` files were there before a command opened it.
#[derive(Debug, Clone, Copy)]
pub struct Companions {
    wal: bool,
    shm: bool,
}

impl Companions {
    /// The `-wal` and `-shm` files beside `path` now.
    pub fn of(path: &Path) -> Companions {
        Companions {
            wal: companion(path, "-wal").exists(),
            shm: companion(path, "-shm").exists(),
        }
    }

    /// After a command refused the database at `path` as damaged, with every connection to
    /// it closed: removes the `-wal` and `-shm` files that were not there before (SQLite
    /// makes them for any connection, read-only ones too), so the refused file is left as
    /// it was found. A `-wal` holding anything is never removed.
    pub fn remove_made(&self, path: &Path) {
        let wal = companion(path, "-wal");
        let empty = std::fs::metadata(&wal).map_or(true, |m| m.len() == 0);
        if !empty {
            return;
        }
        if !self.wal {
            let _ = std::fs::remove_file(&wal);
        }
        if !self.shm {
            let _ = std::fs::remove_file(companion(path, "-shm"));
        }
    }
}

/// `golf.db` → `golf.db-wal`.
fn companion(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Adds what a user needs to an SQLite failure in the database at `path`: a damaged file
/// is said to be damaged (and unchanged, with the way back), and any other SQLite error is
/// made to name the file. Errors that are not SQLite's, or already name it, pass unchanged.
pub fn explain(err: Error, path: &Path) -> Error {
    match err {
        Error::System(e) => Error::System(explain_system(e, path)),
        other => other,
    }
}

fn explain_system(err: anyhow::Error, path: &Path) -> anyhow::Error {
    let code = err
        .chain()
        .find_map(|c| match c.downcast_ref::<rusqlite::Error>() {
            Some(rusqlite::Error::SqliteFailure(f, _)) => Some(Some(f.code)),
            Some(_) => Some(None),
            None => None,
        });
    let shown = crate::text::path(path);
    let damaged = err.chain().any(|c| c.is::<Damaged>());
    let folder = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map_or_else(|| ".".to_string(), crate::text::path);
    // the files beside it are named only when they are there (after remove_made)
    let beside: Vec<String> = ["-wal", "-shm"]
        .iter()
        .map(|suffix| companion(path, suffix))
        .filter(|f| f.exists())
        .map(|f| crate::text::path(&f))
        .collect();
    let restore = match beside.as_slice() {
        [] => String::new(),
        files => format!(" (remove {} beside it first)", files.join(" and ")),
    };
    let damage = format!(
        "the database {shown} is damaged; golf did not change it — restore it from a copy made with `golf backup`{restore}"
    );
    match code {
        _ if damaged => err.context(damage),
        Some(Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase)) => err.context(damage),
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
    pub fn open(path: &Path) -> Result<Store, Error> {
        // looked at before SQLite opens the file, which makes a WAL of its own
        let unclean = left_unclean(path);
        let mut attempt = 0;
        loop {
            match schema::open_for_write(path).and_then(|(conn, migrated)| {
                matches::check_bounds(&conn)?;
                Ok((conn, migrated))
            }) {
                Ok((conn, migrated)) => {
                    return Ok(Store {
                        conn,
                        path: path.to_path_buf(),
                        checked: !unclean,
                        retries: RETRIES,
                        wait: schema::BUSY_TIMEOUT,
                        migrated,
                    })
                }
                Err(Error::System(e)) if is_busy(&e) && attempt < RETRIES => attempt += 1,
                Err(e) => {
                    return Err(e.context(format!(
                        "cannot open the database {}",
                        crate::text::path(path)
                    )))
                }
            }
            std::thread::sleep(Duration::from_millis(20 * u64::from(attempt.min(10))));
        }
    }

    /// Opens an existing database read-only; `Ok(None)` when there is no file. A match out
    /// of the bounds every reader relies on ([`check_bounds`]) is [`Damaged`], as it is
    /// for [`Store::open`]: every command refuses such a database.
    pub fn open_read_only(path: &Path) -> Result<Option<Store>, Error> {
        let store = Store::open_read_only_as_is(path)?;
        if let Some(store) = &store {
            matches::check_bounds(&store.conn)?;
        }
        Ok(store)
    }

    /// [`Store::open_read_only`] without [`check_bounds`], for `golf check`, which reports
    /// every problem rather than stop at the first.
    pub fn open_read_only_as_is(path: &Path) -> Result<Option<Store>, Error> {
        let conn = schema::open_read_only(path).map_err(|e| {
            e.context(format!(
                "cannot open the database {}",
                crate::text::path(path)
            ))
        })?;
        Ok(conn.map(|conn| Store {
            conn,
            path: path.to_path_buf(),
            checked: false,
            retries: RETRIES,
            wait: schema::BUSY_TIMEOUT,
            migrated: None,
        }))
    }

    /// What [`Store::open`] did to a database of an older schema: upgraded it, a copy of
    /// the old file kept ([`schema::Migrated`]); `None` when it was current or new. The
    /// store prints nothing: the command that opened it says this.
    pub fn migrated(&self) -> Option<&schema::Migrated> {
        self.migrated.as_ref()
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
    /// Every page a write reads is checked as it is read (`cell_size_check`), so damage
    /// there is an error, never misread. When the last writer may have stopped mid-write
    /// (a WAL or rollback journal was left beside the file), the first write also runs
    /// `PRAGMA quick_check` over the whole file before it commits and refuses
    /// ([`Damaged`]) a file with damaged pages. That costs about 1.3 ms per MiB, so it is
    /// not paid on every command: a `golf hole` on 10,000 matches costs what it does on
    /// one. `golf check` checks everything, always.
    ///
    /// Inside [`Store::atomically`] (a write of the caller's that holds this one and more),
    /// the write is a savepoint of it: undone if `work` fails, and committed only with it.
    pub fn write<T>(
        &mut self,
        mut work: impl FnMut(&Connection) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if !self.conn.is_autocommit() {
            let savepoint = self.conn.savepoint()?;
            let value = work(&savepoint)?;
            savepoint.commit()?;
            return Ok(value);
        }
        let mut attempt = 0;
        let check = !self.checked;
        loop {
            let result = (|| {
                let tx = self
                    .conn
                    .transaction_with_behavior(TransactionBehavior::Immediate)?;
                refuse_triggers(&tx, &self.path)?;
                let value = work(&tx)?;
                if check {
                    let problems = maintenance::quick_check(&tx)?;
                    if !problems.is_empty() {
                        return Err(Error::System(Damaged(problems.join("; ")).into()));
                    }
                }
                tx.commit()?;
                Ok(value)
            })();
            if result.is_ok() {
                self.checked = true;
            }
            match result {
                Err(Error::System(e)) if is_busy(&e) && attempt < self.retries => {
                    attempt += 1;
                    std::thread::sleep(Duration::from_millis(10 * u64::from(attempt.min(20))));
                }
                other => return other,
            }
        }
    }

    /// Waits at most `wait` for another connection's lock, and then gives up at once: a
    /// write that finds the database busy that long fails ([`is_busy`]) with nothing
    /// written, rather than being run again. For `golf serve`, whose every write must answer
    /// well within the request's time limit, never after it.
    pub fn patience(&mut self, wait: Duration) -> Result<(), Error> {
        self.conn.busy_timeout(wait)?;
        self.wait = wait;
        self.retries = 0;
        Ok(())
    }

    /// Writes everything in the WAL into the database file and starts the WAL afresh
    /// (`wal_checkpoint(TRUNCATE)`), without waiting: where another program's reader holds
    /// it back, as much as can be is written and the rest stays in the WAL. Returns whether
    /// the WAL was emptied. Afterwards every page is read from the file itself.
    pub fn checkpoint(&mut self) -> Result<bool, Error> {
        self.conn.busy_timeout(Duration::ZERO)?;
        let done = self
            .conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                r.get::<_, i64>(0)
            });
        self.conn.busy_timeout(self.wait)?;
        Ok(done.is_ok_and(|busy| busy == 0))
    }

    /// Lets go of the pages this connection has cached (`PRAGMA shrink_memory`), so the
    /// next read reads the file: after it changed in a way SQLite was not told of.
    pub fn forget_cached_pages(&self) -> Result<(), Error> {
        self.conn.execute_batch("PRAGMA shrink_memory")?;
        Ok(())
    }

    /// Writes everything in the WAL into the database file and closes the connection
    /// (`PRAGMA wal_checkpoint(TRUNCATE)`): after a clean stop the file alone holds every
    /// recorded hole, whatever else has it open. A checkpoint that another connection's
    /// reader holds back is not an error: the WAL keeps what the file does not yet hold.
    pub fn close(self) -> Result<(), Error> {
        let _ = self
            .conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        self.conn.close().map_err(|(_, e)| Error::from(e))
    }

    /// Makes the next [`Store::write`] run `PRAGMA quick_check` over the whole file before
    /// it commits, as after an unclean stop: for the writes that start something (`new`,
    /// `import`, `tournament new`), which read none of the pages a damaged file may have
    /// wrong, so that a damaged database refuses them as it refuses `golf hole`.
    pub fn check_before_writing(&mut self) {
        self.checked = false;
    }

    /// Runs `work` as one IMMEDIATE transaction that holds every [`Store::write`] and
    /// [`Store::read`] it makes (each a savepoint of it): all of it is committed, or, when
    /// `work` fails, none of it. For a change that must be kept together with what is
    /// known only after it (CLI.md "Exactly once": a write and the answer given for it).
    /// Not retried when busy: the caller answers "busy, nothing recorded" instead.
    pub fn atomically<T>(
        &mut self,
        work: impl FnOnce(&mut Store) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if !self.conn.is_autocommit() {
            return Err(Error::System(anyhow::anyhow!(
                "a write was begun inside another; nothing was recorded"
            )));
        }
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        let done = (|| {
            refuse_triggers(&self.conn, &self.path)?;
            let value = work(self)?;
            if !self.checked {
                let problems = maintenance::quick_check(&self.conn)?;
                if !problems.is_empty() {
                    return Err(Error::System(Damaged(problems.join("; ")).into()));
                }
            }
            Ok(value)
        })();
        match done {
            Ok(value) => match self.conn.execute_batch("COMMIT") {
                Ok(()) => {
                    self.checked = true;
                    Ok(value)
                }
                Err(e) => {
                    let _ = self.conn.execute_batch("ROLLBACK");
                    Err(e.into())
                }
            },
            Err(e) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                Err(e)
            }
        }
    }

    /// Runs `work` in one read transaction, so it sees one consistent state (inside
    /// [`Store::atomically`], that write's).
    pub fn read<T>(
        &mut self,
        work: impl FnOnce(&Connection) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if !self.conn.is_autocommit() {
            return work(&self.conn);
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Deferred)?;
        let value = work(&tx)?;
        tx.finish()?;
        Ok(value)
    }
}

/// Whether the last writer of `path` may have stopped mid-write: SQLite removes the WAL
/// when the last connection closes cleanly, and a rollback journal when its transaction
/// ends; either left with content (or one another process is using) says to check.
fn left_unclean(path: &Path) -> bool {
    ["wal", "journal"].iter().any(|suffix| {
        let mut side = path.as_os_str().to_owned();
        side.push(format!("-{suffix}"));
        std::fs::metadata(PathBuf::from(side)).is_ok_and(|m| m.len() > 0)
    })
}

/// SQLite's `PRAGMA data_version` on `conn`: a number that changes whenever another
/// connection (this process's or another's) commits a change to the database, and never
/// for `conn`'s own writes. `golf serve` polls it on a connection of its own to learn that
/// a match changed, whoever changed it.
pub fn data_version(conn: &Connection) -> anyhow::Result<i64> {
    Ok(conn.pragma_query_value(None, "data_version", |r| r.get(0))?)
}

/// What the metadata of a database file says (never opening it: closing a descriptor of a
/// database would drop the locks an open connection holds on it): its identity, its length
/// and when its contents and its inode last changed, in nanoseconds. A server that keeps one
/// connection compares it to what it saw last to notice the file deleted, another renamed
/// over it, or another copied over it in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileState {
    /// Device and inode.
    pub id: (u64, u64),
    /// Length in bytes.
    pub len: u64,
    /// Last change of contents, ns since the epoch.
    pub modified: i128,
    /// Last change of the inode, ns since the epoch.
    pub changed: i128,
}

/// The [`FileState`] of the file at `path`, from `std::fs::metadata` alone.
pub fn file_state(path: &Path) -> std::io::Result<FileState> {
    use std::os::unix::fs::MetadataExt as _;
    let meta = std::fs::metadata(path)?;
    let ns = |s: i64, n: i64| i128::from(s) * 1_000_000_000 + i128::from(n);
    Ok(FileState {
        id: (meta.dev(), meta.ino()),
        len: meta.len(),
        modified: ns(meta.mtime(), meta.mtime_nsec()),
        changed: ns(meta.ctime(), meta.ctime_nsec()),
    })
}

/// The current time as stored: RFC 3339, UTC, milliseconds.
pub fn timestamp() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
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
            Error::from(rusqlite::Error::SqliteFailure(
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
            Error::System(Damaged("match 3: hole 2 is out of sequence".into()).into()),
            path,
        );
        let text = damaged.to_string();
        assert!(
            text.contains("is damaged") && text.contains("hole 2"),
            "{text}"
        );
    }

    /// Opening an older database says nothing itself: it hands back what it did.
    #[test]
    fn opening_an_older_database_hands_back_the_upgrade() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        drop(schema::open_for_write_with(&path, &schema::MIGRATIONS[..1]).unwrap());
        let store = Store::open(&path).unwrap();
        let migrated = store.migrated().unwrap();
        assert_eq!((migrated.from, migrated.to), (1, schema::latest_version()));
        assert!(migrated.copy.exists());
        let said = migrated.to_string();
        assert!(
            said.starts_with(&format!(
                "upgrading {} from schema version 1 to {}; a copy of the old file is at ",
                path.display(),
                schema::latest_version()
            )),
            "{said}"
        );
        drop(store);
        assert!(Store::open(&path).unwrap().migrated().is_none());
    }

    #[test]
    fn read_only_open_never_creates() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nothing.db");
        assert!(Store::open_read_only(&path).unwrap().is_none());
        assert!(!path.exists());
    }
}
