//! Opening the database safely: creation, the checks that refuse a file that is not ours or
//! is newer than this golf, connection settings, and the migration runner.
//!
//! Migrations are the files `migrations/NNNN_*.sql`, applied in order against
//! `PRAGMA user_version` inside one IMMEDIATE transaction, the version re-read under that
//! lock so two processes never apply one twice. Rules: never edit or remove a released
//! migration; add a new one; never make a backwards-incompatible change to recorded data.
//! An existing database is copied aside (`VACUUM INTO`) before a migration changes it.
//! Paths are opened as file names, never as SQLite URIs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags, TransactionBehavior};

/// `PRAGMA application_id` of a golf database: "GOLF" in ASCII.
pub const APPLICATION_ID: i32 = 0x474F_4C46;

/// The migrations, in order; index + 1 is the schema version each brings.
pub const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/0001_initial.sql"),
    include_str!("../../migrations/0002_knock_and_target.sql"),
    include_str!("../../migrations/0003_edits_notes_abandon.sql"),
    include_str!("../../migrations/0004_stable_ids.sql"),
    include_str!("../../migrations/0005_tournaments.sql"),
    include_str!("../../migrations/0006_compact_grids.sql"),
    include_str!("../../migrations/0007_reopen_delete.sql"),
    include_str!("../../migrations/0008_drafts.sql"),
    include_str!("../../migrations/0009_serve_key.sql"),
    include_str!("../../migrations/0010_exactly_once.sql"),
    include_str!("../../migrations/0011_event_night.sql"),
    include_str!("../../migrations/0012_restored_drafts.sql"),
];

/// How long a command waits for another process's write lock.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The schema version this golf writes.
pub fn latest_version() -> i64 {
    MIGRATIONS.len() as i64
}

/// A database file that golf refuses to use. Each names the path; none is changed.
#[derive(Debug, thiserror::Error)]
pub enum SchemaError {
    /// Written by a newer golf.
    #[error("{path} has schema version {found}, newer than this golf understands (version {supported}); upgrade golf to use it — the file was not changed")]
    Newer {
        /// The file.
        path: String,
        /// Its version.
        found: i64,
        /// Ours.
        supported: i64,
    },
    /// Not a golf database: another program's, a text file, an empty file.
    #[error("{path} is not a golf database ({why}); point --db or GOLF_DB at a golf database or a new path — the file was not changed")]
    NotGolf {
        /// The file.
        path: String,
        /// What it is instead.
        why: String,
    },
    /// Older than this golf, opened read-only.
    #[error("{path} has schema version {found}, older than this golf's version {supported}; any recording command (such as `golf new`) upgrades it, keeping a copy of the old file first")]
    Older {
        /// The file.
        path: String,
        /// Its version.
        found: i64,
        /// Ours.
        supported: i64,
    },
}

impl From<SchemaError> for crate::error::Error {
    fn from(e: SchemaError) -> Self {
        crate::error::Error::System(e.into())
    }
}

/// The path as handed to SQLite: a relative path gets a leading `./`, so a file named
/// `file:…` is never read as an SQLite URI (the bundled SQLite parses URIs everywhere).
pub fn literal(path: &Path) -> PathBuf {
    if path.is_relative() {
        Path::new(".").join(path)
    } else {
        path.to_path_buf()
    }
}

/// Applies the settings every connection uses: busy timeout, foreign keys; and for
/// writers WAL and `synchronous = FULL`.
fn configure(conn: &Connection, writer: bool) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // checks each cell's size as pages are read, so damage is reported, not misread
    conn.pragma_update(None, "cell_size_check", true)?;
    if writer {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
    }
    Ok(())
}

/// Reads the SQLite header (the first 100 bytes) of `path`, or its newer copy committed in
/// the WAL ([`super::wal`]), and refuses, before SQLite opens the file, anything golf must
/// not touch: not a regular file, empty, not SQLite, another program's database (an
/// application id other than golf's, or tables without one), or a schema newer than
/// `latest`. Checking the raw bytes first matters: opening a file for
/// writing lets SQLite roll back a hot journal or recover a WAL, which changes the file.
fn check_raw(path: &Path, latest: i64) -> crate::error::Result<()> {
    use std::io::Read;
    let shown = crate::text::path(path);
    let not_golf = |why: &str| SchemaError::NotGolf {
        path: shown.clone(),
        why: why.to_string(),
    };
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        // a folder, a device, a named pipe: a wrong path, refused before it is opened
        return Err(crate::error::InputError::new(format!(
            "{shown} is {}, not a database file; point --db or GOLF_DB at a golf database or a new file name",
            if meta.is_dir() { "a folder" } else { "not a regular file" }
        ))
        .into());
    }
    let mut header = [0u8; 100];
    let mut file = std::fs::File::open(path)?;
    let mut n = 0;
    while n < header.len() {
        match file.read(&mut header[n..])? {
            0 => break,
            read => n += read,
        }
    }
    if n == 0 {
        return Err(not_golf("it is an empty file").into());
    }
    if n < header.len() || &header[..16] != b"SQLite format 3\0" {
        return Err(not_golf("it is not an SQLite file").into());
    }
    // a commit still in the WAL (a killed writer's, or a newer golf's upgrade) holds the
    // newest page 1: judged from it, SQLite never opens a file it must refuse, so neither
    // the -shm nor the WAL is made or changed (a WAL SQLite did not write, it ignores)
    let page1 = match super::wal::read(path)? {
        super::wal::Wal::Log { page1: Some(page) } if page.len() >= header.len() => page,
        _ => header.to_vec(),
    };
    let field =
        |at: usize| u32::from_be_bytes([page1[at], page1[at + 1], page1[at + 2], page1[at + 3]]);
    let schema_cookie = field(40);
    let version = i64::from(field(60) as i32);
    let app = field(68) as i32;
    identity(path, app, version, schema_cookie == 0, latest)
}

/// The identity rules shared by the raw header check and the open connection:
/// `Ok(())` for a golf database no newer than `latest`, or an SQLite file with no schema at
/// all (which golf may initialise).
fn identity(
    path: &Path,
    app: i32,
    version: i64,
    no_schema: bool,
    latest: i64,
) -> crate::error::Result<()> {
    let shown = crate::text::path(path);
    if app != APPLICATION_ID && !(app == 0 && version == 0 && no_schema) {
        let why = if app == 0 {
            "an SQLite database of another program: it has tables but no golf stamp".to_string()
        } else {
            format!("an SQLite database with application id {app:#x}")
        };
        return Err(SchemaError::NotGolf { path: shown, why }.into());
    }
    if version > latest {
        return Err(SchemaError::Newer {
            path: shown,
            found: version,
            supported: latest,
        }
        .into());
    }
    Ok(())
}

/// Checks the application id and version of an open database (the WAL may hold a newer
/// page 1 than the file's header): `Ok(version)` when [`identity`] accepts it.
fn check_identity(conn: &Connection, path: &Path, latest: i64) -> crate::error::Result<i64> {
    let app: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let tables: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
    identity(path, app, version, tables == 0, latest)?;
    Ok(version)
}

/// Opens an existing database read-only, refusing anything not ours or not current.
/// `Ok(None)` when the file does not exist: nothing is created.
///
/// A writer killed at the wrong moment can leave a hot journal or a WAL that a read-only
/// connection cannot recover ("attempt to write a readonly database"): golf then lets
/// SQLite recover its own file once, read-write, and reads again. Where the folder cannot
/// be written at all (a read-only mount), the file is read as it is on disk (`immutable`).
pub fn open_read_only(path: &Path) -> crate::error::Result<Option<Connection>> {
    if !path.exists() {
        return Ok(None);
    }
    check_raw(path, latest_version())?;
    let conn = match read_only_connection(path, false) {
        Ok(conn) => conn,
        Err(first) => {
            let _ = recover(path);
            match read_only_connection(path, false).or_else(|_| read_only_connection(path, true)) {
                Ok(conn) => conn,
                Err(_) => return Err(first.into()),
            }
        }
    };
    let version = check_identity(&conn, path, latest_version())?;
    if version < latest_version() {
        return Err(SchemaError::Older {
            path: crate::text::path(path),
            found: version,
            supported: latest_version(),
        }
        .into());
    }
    Ok(Some(conn))
}

/// A read-only connection that has read the schema (so a file it cannot use fails here);
/// `immutable` reads the file as it stands, without locks, journal or WAL.
fn read_only_connection(path: &Path, immutable: bool) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = if immutable {
        Connection::open_with_flags(immutable_uri(path), flags | OpenFlags::SQLITE_OPEN_URI)?
    } else {
        Connection::open_with_flags(literal(path), flags)?
    };
    configure(&conn, false)?;
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
        r.get::<_, i64>(0)
    })?;
    Ok(conn)
}

/// `file:/the/path?immutable=1`, every byte of the path outside the URI's unreserved set
/// percent-encoded (so no character of a file name is read as URI syntax).
fn immutable_uri(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        absolute.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = absolute.to_string_lossy().replace('\\', "/").into_bytes();
    let mut uri = String::from("file:");
    for b in bytes {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            uri.push(char::from(b));
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?immutable=1");
    uri
}

/// Lets SQLite recover a golf database after a killed writer: opens it read-write, reads
/// (which rolls back a hot journal or replays the WAL) and closes (which checkpoints and
/// removes the WAL). Only called after [`check_raw`] accepted the file; if the WAL turns out
/// to hold a schema golf refuses, the connection closes without a checkpoint.
fn recover(path: &Path) -> crate::error::Result<()> {
    open_verified(path, latest_version()).map(drop)
}

/// Opens an existing file read-write and confirms its identity on the open connection
/// (the WAL may hold a newer schema than the header): until that is confirmed, closing
/// must not checkpoint into the file. Returns the connection and its schema version.
fn open_verified(path: &Path, latest: i64) -> crate::error::Result<(Connection, i64)> {
    let conn = Connection::open_with_flags(
        literal(path),
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)?;
    let version = check_identity(&conn, path, latest)?;
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, false)?;
    Ok((conn, version))
}

/// What opening a database for writing did to one of an older schema: upgraded it in
/// place, a copy of the old file kept first. The store says nothing itself; the command
/// that opened it says this (its [`std::fmt::Display`] is the sentence, without `golf: `).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Migrated {
    /// The database.
    pub path: PathBuf,
    /// Its schema version before.
    pub from: i64,
    /// Its schema version now.
    pub to: i64,
    /// The copy of the old file (`golf.db.vN-STAMP.bak`).
    pub copy: PathBuf,
}

impl std::fmt::Display for Migrated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "upgrading {} from schema version {} to {}; a copy of the old file is at {}",
            crate::text::path(&self.path),
            self.from,
            self.to,
            crate::text::path(&self.copy)
        )
    }
}

/// Opens the database for writing, creating it (and its folder) when missing and migrating
/// it to the latest schema. A new file is built aside and linked into place, so a crash or a
/// second process never leaves a half-made database at `path`. Returns the connection and,
/// when an existing file was upgraded, what was done ([`Migrated`]), for the caller to say.
pub fn open_for_write(path: &Path) -> crate::error::Result<(Connection, Option<Migrated>)> {
    open_for_write_with(path, MIGRATIONS)
}

/// [`open_for_write`] with a given list of migrations (tests use a longer one).
pub fn open_for_write_with(
    path: &Path,
    migrations: &[&str],
) -> crate::error::Result<(Connection, Option<Migrated>)> {
    if !path.exists() {
        create(path, migrations)?;
    } else {
        // a golf killed between linking its new database into place and removing the
        // temporary left `golf.db.new-PID` beside a whole database
        remove_stale(path, "new");
    }
    let latest = migrations.len() as i64;
    check_raw(path, latest)?;
    let (conn, version) = open_verified(path, latest)?;
    configure(&conn, true)?;
    let mut migrated = None;
    if version < latest {
        if version > 0 {
            migrated = Some(backup_before_migration(&conn, path, version, latest)?);
        }
        // a failed upgrade still says where the copy of the old file is
        migrate_with(&conn, path, migrations).map_err(|e| match &migrated {
            Some(m) => e.context(m.to_string()),
            None => e,
        })?;
    }
    Ok((conn, migrated))
}

fn create(path: &Path, migrations: &[&str]) -> crate::error::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| {
            anyhow::anyhow!("cannot create the folder {}: {e}", crate::text::path(dir))
        })?;
    }
    remove_stale(path, "new");
    let tmp = sibling(path, &format!("new-{}", std::process::id()));
    remove_with_journals(&tmp);
    {
        let conn = Connection::open_with_flags(
            literal(&tmp),
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot create the database {}: {e}",
                crate::text::path(path)
            )
        })?;
        // made in WAL mode from the start: the file linked into place never has to switch
        // journal modes, the one write a kill could leave half done (a hot journal)
        configure(&conn, true)?;
        migrate_with(&conn, path, migrations)?;
        conn.pragma_update(None, "wal_checkpoint", "TRUNCATE")?;
        // closing the only connection checkpoints and removes the WAL: one whole file
    }
    // hard_link fails if `path` appeared meanwhile (another golf made it): use theirs
    let linked = std::fs::hard_link(&tmp, path);
    remove_with_journals(&tmp);
    match linked {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(anyhow::anyhow!(
            "cannot create the database {}: {e}",
            crate::text::path(path)
        )
        .into()),
    }
}

/// Removes a file and any journal, WAL or shared-memory file SQLite left beside it.
pub fn remove_with_journals(path: &Path) {
    let _ = std::fs::remove_file(path);
    for suffix in ["-journal", "-wal", "-shm"] {
        let mut name = path.as_os_str().to_os_string();
        name.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}

/// Removes what killed golf processes left beside `path`: the files
/// `<name>.<kind>-<pid>` (and their journals) of processes no longer running.
pub fn remove_stale(path: &Path, kind: &str) {
    let Some(name) = path.file_name() else { return };
    let prefix = format!("{}.{kind}-", name.to_string_lossy());
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(d) => d.to_path_buf(),
        None => PathBuf::from("."),
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let tail = &rest[digits.len()..];
        let Ok(pid) = digits.parse::<u32>() else {
            continue;
        };
        if !["", "-journal", "-wal", "-shm"].contains(&tail) || process_alive(pid, &entry) {
            continue;
        }
        let _ = std::fs::remove_file(entry.path());
    }
}

/// Whether the process that made `entry` may still be at work: on Linux, whether `pid`
/// runs; elsewhere, whether the file changed in the last hour.
fn process_alive(pid: u32, entry: &std::fs::DirEntry) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if Path::new("/proc/self").exists() {
        return Path::new("/proc").join(pid.to_string()).exists();
    }
    entry
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_none_or(|age| age < Duration::from_secs(3600))
}

/// `golf.db` → `golf.db.<suffix>` in the same folder.
pub fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{suffix}"));
    path.with_file_name(name)
}

/// Copies the database aside (`golf.db.vN-STAMP.bak`) before a migration changes it;
/// returns what is about to be done, for the caller to say.
fn backup_before_migration(
    conn: &Connection,
    path: &Path,
    version: i64,
    latest: i64,
) -> crate::error::Result<Migrated> {
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ");
    let copy = sibling(path, &format!("v{version}-{stamp}.bak"));
    conn.execute("VACUUM INTO ?1", [literal(&copy).display().to_string()])
        .map_err(|e| {
            anyhow::anyhow!(
                "cannot back up {} before upgrading it: {e}",
                crate::text::path(path)
            )
        })?;
    Ok(Migrated {
        path: path.to_path_buf(),
        from: version,
        to: latest,
        copy,
    })
}

/// Applies every migration newer than the database's `user_version`, in one IMMEDIATE
/// transaction, re-reading the version under the lock.
pub fn migrate(conn: &Connection, path: &Path) -> crate::error::Result<()> {
    migrate_with(conn, path, MIGRATIONS)
}

fn migrate_with(conn: &Connection, path: &Path, migrations: &[&str]) -> crate::error::Result<()> {
    let latest = migrations.len() as i64;
    let tx = rusqlite::Transaction::new_unchecked(conn, TransactionBehavior::Immediate)?;
    let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if version > latest {
        return Err(SchemaError::Newer {
            path: crate::text::path(path),
            found: version,
            supported: latest,
        }
        .into());
    }
    if version < latest {
        // a migration rewrites rows: no foreign trigger may act on them
        super::refuse_triggers(&tx, path)?;
    }
    for sql in migrations.iter().skip(version.max(0) as usize) {
        tx.execute_batch(sql)?;
    }
    tx.pragma_update(None, "application_id", APPLICATION_ID)?;
    tx.pragma_update(None, "user_version", latest)?;
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: &str = "ALTER TABLE matches ADD COLUMN venue TEXT;";

    #[test]
    fn a_migration_refuses_a_database_with_a_foreign_trigger() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        {
            let (conn, _) = open_for_write_with(&path, &MIGRATIONS[..1]).unwrap();
            conn.execute_batch("CREATE TRIGGER eat AFTER UPDATE ON matches BEGIN SELECT 1; END;")
                .unwrap();
        }
        let err = open_for_write_with(&path, &[MIGRATIONS[0], SECOND])
            .unwrap_err()
            .to_string();
        assert!(err.contains("trigger golf did not make (`eat`)"), "{err}");
        let conn = Connection::open(&path).unwrap();
        let v: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, 1, "not migrated");
    }

    #[test]
    fn an_existing_database_is_copied_aside_before_a_migration() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        {
            let (conn, _) = open_for_write_with(&path, &MIGRATIONS[..1]).unwrap();
            conn.execute_batch(
                "INSERT INTO rule_sets (id, json) VALUES (1, '{}');
                 INSERT INTO matches (rules_name, rule_set, holes_planned, decks, tiebreak, started_at)
                 VALUES ('classic', 1, 9, 1, 'shared', 'then');",
            )
            .unwrap();
        }
        let (conn, migrated) = open_for_write_with(&path, &[MIGRATIONS[0], SECOND]).unwrap();
        let v: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, 2);
        conn.execute("UPDATE matches SET venue = 'harbour'", [])
            .unwrap();
        let backups: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("golf.db.v1-") && n.ends_with(".bak"))
            .collect();
        assert_eq!(backups.len(), 1, "{backups:?}");
        let migrated = migrated.unwrap();
        assert_eq!((migrated.from, migrated.to), (1, 2));
        assert_eq!(migrated.copy, dir.path().join(&backups[0]));
        let old = Connection::open(dir.path().join(&backups[0])).unwrap();
        let v: i64 = old
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, 1, "the copy is the database as it was");
        let n: i64 = old
            .query_row("SELECT count(*) FROM matches", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 1);
        // and a golf that knows one migration now refuses the upgraded file
        drop(conn);
        let err = open_for_write_with(&path, &MIGRATIONS[..1])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("schema version 2, newer than this golf understands (version 1)"),
            "{err}"
        );
    }

    /// The file linked into place is already in WAL mode (header bytes 18 and 19 are 2),
    /// so opening it never switches journal modes — the write that, killed, left a hot
    /// journal no reader could recover.
    #[test]
    fn a_new_database_is_whole_and_in_wal_mode_before_it_is_opened() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        create(&path, MIGRATIONS).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!((bytes[18], bytes[19]), (2, 2));
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("golf.db")]);
    }

    #[test]
    fn stale_temporaries_of_dead_processes_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        let dead = dir.path().join("golf.db.new-4194305");
        let dead_wal = dir.path().join("golf.db.new-4194305-wal");
        let mine = sibling(&path, &format!("new-{}", std::process::id()));
        let other = dir.path().join("golf.db.new-notes");
        for f in [&dead, &dead_wal, &mine, &other] {
            std::fs::write(f, "x").unwrap();
        }
        remove_stale(&path, "new");
        assert!(!dead.exists() && !dead_wal.exists());
        assert!(mine.exists() && other.exists());
    }

    /// Killed after linking its new database into place, before removing the temporary:
    /// the next write to the (whole) database removes it.
    #[test]
    fn a_temporary_left_beside_a_whole_database_is_removed_by_the_next_write() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        create(&path, MIGRATIONS).unwrap();
        let dead = dir.path().join("golf.db.new-4194305");
        std::fs::copy(&path, &dead).unwrap();
        drop(open_for_write_with(&path, MIGRATIONS).unwrap());
        assert!(!dead.exists());
    }

    #[test]
    fn the_raw_header_refuses_before_sqlite_opens() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        create(&path, MIGRATIONS).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[60..64].copy_from_slice(&7u32.to_be_bytes());
        std::fs::write(&path, &bytes).unwrap();
        let err = check_raw(&path, 1).unwrap_err().to_string();
        assert!(err.contains("schema version 7"), "{err}");
        bytes[68..72].copy_from_slice(&0x1234u32.to_be_bytes());
        std::fs::write(&path, &bytes).unwrap();
        let err = check_raw(&path, 1).unwrap_err().to_string();
        assert!(err.contains("application id 0x1234"), "{err}");
    }

    /// A version 1 database (golf before knocks and targets) is upgraded in place: its
    /// holes become holes that were not knocked, its matches have no target.
    #[test]
    fn a_version_1_database_is_upgraded_keeping_its_matches() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        {
            let (conn, _) = open_for_write_with(&path, &MIGRATIONS[..1]).unwrap();
            conn.execute_batch(
                "INSERT INTO rule_sets (id, json) VALUES (1, '{}');
                 INSERT INTO matches (rules_name, rule_set, holes_planned, decks, tiebreak, started_at)
                 VALUES ('classic', 1, 9, 1, 'shared', 'then');
                 INSERT INTO seats VALUES (1, 0, 'ann'), (1, 1, 'bob');
                 INSERT INTO holes (match_id, number, playoff, out_seat, recorded_at)
                 VALUES (1, 1, 0, 1, 'then');",
            )
            .unwrap();
        }
        let (conn, _) = open_for_write(&path).unwrap();
        let (knocked, target): (bool, Option<i64>) = conn
            .query_row(
                "SELECT h.knocked, m.target FROM holes h JOIN matches m ON m.id = h.match_id",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!((knocked, target), (false, None));
        let v: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, latest_version());
    }

    #[test]
    fn migrating_twice_applies_nothing_twice() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("golf.db");
        let (conn, _) = open_for_write(&path).unwrap();
        migrate(&conn, &path).unwrap();
        migrate(&conn, &path).unwrap();
        let tables: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 16, "v11 adds accepts and round_clocks");
    }
}
