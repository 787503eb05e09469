//! Files golf writes where the user says (`export --output`, `chart --svg`, `backup`, and
//! every later `--export`, `--trace` or `--svg`): one writer, so none can replace the
//! database, rename over a device or leave half a file behind.
//!
//! - The database and its `-wal`, `-shm` and `-journal` files are refused, compared by
//!   file identity (device and inode on Unix, so a symbolic or hard link or `./x/../db`
//!   is the database too) and by canonical path for those not yet on disk.
//! - A regular file (or a new one) is written aside in the same folder, synced, and renamed
//!   into place, so a reader sees the old file or the whole new one; the file aside is
//!   removed on every error, a full disk included, and when Ctrl-C, SIGTERM or SIGHUP
//!   ends golf ([`crate::asides`]). A symbolic link is followed: the file it
//!   points to is replaced, the link stays.
//! - A named pipe, a character device (`/dev/null`, a terminal) or `-` (standard output)
//!   is written into directly, never renamed over.
//! - A folder, a block device or a socket is refused. Every error names the path.
//! - A file golf names itself in a folder the user names (`golf man --dir`) is never a
//!   link followed: [`write_named`] refuses a symbolic link, or anything not a regular
//!   file, at that name.
//!
//! Use [`write`] with the bytes, or [`write_with`] to stream them:
//!
//! ```no_run
//! # fn main() -> golf::error::Result<()> {
//! use std::path::Path;
//! let guard = golf::output_file::Guard::database(Path::new("golf.db"));
//! golf::output_file::write(Path::new("standings.csv"), &guard, b"player,total\n")?;
//! golf::output_file::write_with(Path::new("-"), &guard, |w| writeln!(w, "streamed"))?;
//! # Ok(())
//! # }
//! ```

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::error::{input, Error, Result};

/// The files an output may not be: the database and its journals.
#[derive(Debug, Clone)]
pub struct Guard {
    /// The database and its `-wal`, `-shm` and `-journal`, as given.
    files: Vec<PathBuf>,
}

/// The suffixes SQLite gives a database's companion files.
const COMPANIONS: [&str; 3] = ["-wal", "-shm", "-journal"];

impl Guard {
    /// Protects the database at `db` and its `-wal`, `-shm` and `-journal` files.
    pub fn database(db: &Path) -> Guard {
        let mut files = vec![db.to_path_buf()];
        for suffix in COMPANIONS {
            let mut name = db.as_os_str().to_os_string();
            name.push(suffix);
            files.push(PathBuf::from(name));
        }
        Guard { files }
    }

    /// Refuses `target` when it is the database or one of its journals (bad input naming
    /// both), for a command that writes its file its own way (`golf backup`).
    pub fn check(&self, target: &Path) -> Result<()> {
        let what = match self.protected(target) {
            None => return Ok(()),
            Some(f) if f == self.files[0] => "the database",
            Some(_) => "a journal file of the database",
        };
        input(format!(
            "{} is {what} ({}); golf never writes output over it; expected another file name",
            target.display(),
            self.files[0].display()
        ))
    }

    /// The protected file that `target` is, if any ([`same_file`]).
    fn protected(&self, target: &Path) -> Option<&Path> {
        self.files
            .iter()
            .find(|f| same_file(target, f))
            .map(PathBuf::as_path)
    }
}

/// Whether `a` and `b` are one file: the same file on disk, or the same canonical path for
/// one not yet created.
fn same_file(a: &Path, b: &Path) -> bool {
    let id = identity(a);
    let place = canonical_place(a);
    (id.is_some() && identity(b) == id) || (place.is_some() && canonical_place(b) == place)
}

/// Refuses two outputs of one command that are one file, each given as `(flag, path)`:
/// the second would replace the first (bad input naming both flags, exit 2). Standard
/// output (`-`), a named pipe or a character device (`/dev/null`) may take both, one after
/// the other.
pub fn distinct(outputs: &[(&str, &Path)]) -> Result<()> {
    for (i, (first, a)) in outputs.iter().enumerate() {
        let stream =
            a.as_os_str() == "-" || std::fs::metadata(a).is_ok_and(|m| is_stream(&m.file_type()));
        if stream {
            continue;
        }
        if let Some((second, _)) = outputs[i + 1..].iter().find(|(_, b)| same_file(a, b)) {
            return input(format!(
                "{first} and {second} both name {}; the second would replace the first; expected two different files",
                a.display()
            ));
        }
    }
    Ok(())
}

/// What a file is, as far as writing it goes.
enum Kind {
    /// Standard output (`-`).
    Stdout,
    /// Not there yet, or a regular file: written aside and renamed; the path to rename
    /// onto (a symbolic link resolved).
    Regular(PathBuf),
    /// A named pipe or a character device: written into.
    Stream,
}

/// Writes `bytes` to `path` as the module describes. Errors: the path is the database or
/// one of its journals, a folder, a block device or a socket (bad input, exit 2); it cannot
/// be written (a system failure, exit 1). Every message names the path.
pub fn write(path: &Path, guard: &Guard, bytes: &[u8]) -> Result<()> {
    write_with(path, guard, |w| w.write_all(bytes))
}

/// "cannot write PATH" with the I/O error `e` kept in the chain (a reader that went away,
/// `| head`, is told apart), the path shown through [`crate::text::path`].
fn cannot(path: &Path, e: io::Error) -> Error {
    anyhow::Error::new(e)
        .context(format!("cannot write {}", crate::text::path(path)))
        .into()
}

/// Like [`write`], with `fill` writing the content (buffered) into the file.
pub fn write_with(
    path: &Path,
    guard: &Guard,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<()> {
    match write_pending(path, guard, fill)? {
        Some(pending) => pending.commit(),
        None => Ok(()),
    }
}

/// Like [`write_with`], but a regular file is left aside, whole and synced, for
/// [`Pending::commit`] to put in place: a command with two outputs (`simulate --trace
/// --export`) puts both in place only once both are written, so an interruption leaves
/// neither. `None` when the output was written directly (standard output, a named pipe, a
/// device). Dropping a [`Pending`] removes its file aside.
pub fn write_pending(
    path: &Path,
    guard: &Guard,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<Option<Pending>> {
    let cannot = |e: io::Error| cannot(path, e);
    match kind(path, guard)? {
        Kind::Stdout => {
            let mut out = io::BufWriter::new(io::stdout().lock());
            fill(&mut out).and_then(|()| out.flush()).map_err(cannot)?;
            Ok(None)
        }
        Kind::Stream => {
            let file = OpenOptions::new().write(true).open(path).map_err(cannot)?;
            let mut out = io::BufWriter::new(file);
            fill(&mut out).and_then(|()| out.flush()).map_err(cannot)?;
            Ok(None)
        }
        Kind::Regular(target) => Ok(Some(prepare(&target, fill).map_err(cannot)?.shown_as(path))),
    }
}

/// A file written aside, whole and synced, not yet renamed into place. [`Pending::commit`]
/// renames it; dropping it instead removes it. Until then a signal that ends golf removes
/// it too ([`crate::asides`]).
#[derive(Debug)]
#[must_use = "a pending file is removed unless committed"]
pub struct Pending {
    /// The file aside.
    aside: PathBuf,
    /// Where it goes (a symbolic link resolved).
    target: PathBuf,
    /// The path as the user gave it, for errors.
    shown: PathBuf,
    /// Whether it is still aside (not renamed, not removed).
    aside_now: bool,
}

impl Pending {
    /// Errors name `path` (the path as given) rather than the resolved target.
    fn shown_as(mut self, path: &Path) -> Pending {
        self.shown = path.to_path_buf();
        self
    }

    /// Renames the file into place (a reader sees the old file or the whole new one) and
    /// syncs its folder where possible. Errors name the path.
    pub fn commit(mut self) -> Result<()> {
        let shown = self.shown.clone();
        self.rename().map_err(|e| cannot(&shown, e))
    }

    /// Renames the file into place, then syncs its folder where possible.
    fn rename(&mut self) -> io::Result<()> {
        std::fs::rename(&self.aside, &self.target)?;
        self.aside_now = false;
        // the rename itself lasts once the folder is synced (not possible everywhere)
        if let Ok(d) = File::open(folder(&self.target)) {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if self.aside_now {
            let _ = std::fs::remove_file(&self.aside);
        }
        crate::asides::done(&self.aside);
    }
}

/// The folder of `target` (`.` for a bare file name).
fn folder(target: &Path) -> PathBuf {
    match target.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(d) => d.to_path_buf(),
        None => PathBuf::from("."),
    }
}

/// Refuses a file golf names itself in a folder the user names (`golf man --dir`): the
/// database or one of its journals, a symbolic link (golf never writes through one onto
/// whatever it points to: the database, `~/.bashrc`), or anything that is not a regular
/// file. Bad input naming the path (exit 2). A missing file is fine: it is made.
pub fn check_named(path: &Path, guard: &Guard) -> Result<()> {
    guard.check(path)?;
    let shown = crate::text::path(path);
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(cannot(path, e)),
    };
    let t = meta.file_type();
    if t.is_symlink() {
        let to = std::fs::read_link(path)
            .map(|to| format!(" (to {})", crate::text::path(&to)))
            .unwrap_or_default();
        return input(format!(
            "{shown} is a symbolic link{to}; golf writes its own files and never through a link: remove it, or choose another folder"
        ));
    }
    if !t.is_file() {
        return input(format!(
            "{shown} is {}, not a file golf can replace; remove it, or choose another folder",
            if t.is_dir() {
                "a folder"
            } else {
                "a special file"
            }
        ));
    }
    Ok(())
}

/// Writes `bytes` to `path`, a file golf names itself ([`check_named`] first), aside and
/// renamed into place: a link at `path` is never followed. Every error names the path.
pub fn write_named(path: &Path, guard: &Guard, bytes: &[u8]) -> Result<()> {
    check_named(path, guard)?;
    atomic(path, |w| w.write_all(bytes)).map_err(|e| cannot(path, e))
}

/// Refuses a new file `path` whose folder does not exist (bad input naming both, exit 2),
/// for a command that makes its file its own way (`golf backup`), before any file aside
/// is named in an error.
pub fn check_folder(path: &Path) -> Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir.filter(|d| !d.is_dir()) {
        return input(format!(
            "{} cannot be written: there is no folder {}; expected a file in an existing folder",
            path.display(),
            dir.display()
        ));
    }
    Ok(())
}

/// Decides how `path` is written, refusing what may not be.
fn kind(path: &Path, guard: &Guard) -> Result<Kind> {
    if path.as_os_str() == "-" {
        return Ok(Kind::Stdout);
    }
    if path.as_os_str().is_empty() {
        return input(
            "the output file name is empty; expected a file name, or `-` for standard output",
        );
    }
    guard.check(path)?;
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if std::fs::symlink_metadata(path).is_ok() {
                return input(format!(
                    "{} is a symbolic link to nothing; expected a file name for the output",
                    path.display()
                ));
            }
            check_folder(path)?;
            return Ok(Kind::Regular(path.to_path_buf()));
        }
        Err(e) => return Err(cannot(path, e)),
    };
    let t = meta.file_type();
    if t.is_file() {
        // a symbolic link: replace the file it points to, keep the link
        let target = std::fs::canonicalize(path).map_err(|e| cannot(path, e))?;
        return Ok(Kind::Regular(target));
    }
    if t.is_dir() {
        return input(format!(
            "{} is a folder; expected a file name for the output (such as {})",
            path.display(),
            path.join("golf-output").display()
        ));
    }
    if is_stream(&t) {
        return Ok(Kind::Stream);
    }
    input(format!(
        "{} is a block device or a socket; expected a file, a named pipe or `-`",
        path.display()
    ))
}

/// Writes `bytes` to a file golf keeps for itself (the config file, the cache), aside in
/// its folder and renamed into place as [`write`] does: a kill leaves the old file whole,
/// and the file aside is removed on a signal or swept by a later write ([`crate::asides`]).
/// A symbolic link at `target` is replaced, not followed.
pub fn replace(target: &Path, bytes: &[u8]) -> io::Result<()> {
    atomic(target, |w| w.write_all(bytes))
}

/// Writes `target` aside, syncs it and renames it into place; the file aside is removed
/// on every error.
fn atomic(target: &Path, fill: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    prepare(target, fill)?.rename()
}

/// Writes `target`'s content aside in its folder and syncs it, sweeping what killed runs
/// left there first; the file aside is removed on every error.
fn prepare(
    target: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<Pending> {
    let dir = folder(target);
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    crate::asides::sweep(&dir);
    let (aside, file) = create_aside(&dir, &name)?;
    let pending = Pending {
        aside,
        target: target.to_path_buf(),
        shown: target.to_path_buf(),
        aside_now: true,
    };
    if let Ok(old) = std::fs::metadata(target) {
        file.set_permissions(old.permissions())?;
    }
    let mut out = io::BufWriter::new(&file);
    fill(&mut out)?;
    out.flush()?;
    drop(out);
    file.sync_all()?;
    Ok(pending)
}

/// A new file `.NAME.golf-PID-N` in `dir`, never one already there, noted as being written
/// ([`crate::asides::writing`]) before it is made, so no signal finds it unnoted.
fn create_aside(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    let mut n = 0u32;
    loop {
        let aside = dir.join(format!(".{name}.golf-{}-{n}", std::process::id()));
        // noted before it exists: a signal from the moment it is made removes it
        crate::asides::writing(&aside);
        match OpenOptions::new().write(true).create_new(true).open(&aside) {
            Ok(f) => return Ok((aside, f)),
            Err(e) => {
                crate::asides::done(&aside);
                match e.kind() == io::ErrorKind::AlreadyExists && n < 100 {
                    true => n += 1,
                    false => return Err(e),
                }
            }
        }
    }
}

/// Where `path` is, with its folder canonical (the file itself need not exist).
fn canonical_place(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?;
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(d) => d,
        None => Path::new("."),
    };
    Some(std::fs::canonicalize(dir).ok()?.join(name))
}

/// The file's identity on disk (following links), if it exists.
#[cfg(unix)]
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// The file's identity on disk: its canonical path (no inode numbers here).
#[cfg(not(unix))]
fn identity(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

#[cfg(unix)]
fn is_stream(t: &std::fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    t.is_fifo() || t.is_char_device()
}

#[cfg(not(unix))]
fn is_stream(_: &std::fs::FileType) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_a_file_atomically_and_leaves_nothing_aside() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("golf.db");
        std::fs::write(&db, "database").unwrap();
        let guard = Guard::database(&db);
        let out = dir.path().join("out.json");
        write(&out, &guard, b"one").unwrap();
        write(&out, &guard, b"two").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"two");
        let failed = write_with(&out, &guard, |w| {
            w.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        });
        assert!(failed.unwrap_err().to_string().contains("out.json"));
        assert_eq!(std::fs::read(&out).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn refuses_the_database_and_its_journals_however_named() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("golf.db");
        std::fs::write(&db, "database").unwrap();
        let guard = Guard::database(&db);
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&db, &link).unwrap();
        let hard = dir.path().join("hard");
        std::fs::hard_link(&db, &hard).unwrap();
        for target in [
            db.clone(),
            sub.join("../golf.db"),
            link,
            hard,
            dir.path().join("golf.db-wal"),
            sub.join("../golf.db-journal"),
        ] {
            let err = write(&target, &guard, b"x").unwrap_err();
            assert_eq!(err.exit_code(), 2, "{target:?}");
            assert!(
                err.to_string().contains("never writes output over it"),
                "{err}"
            );
        }
        assert_eq!(std::fs::read(&db).unwrap(), b"database");
    }
}
