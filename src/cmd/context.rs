//! What every command needs: where the database is and how to open it, the group's
//! defaults (rules, house rules) and where output files may go.

use std::path::{Path, PathBuf};

use crate::error::{input, Result};
use crate::store::{self, Store};
use crate::view::Output;

/// What every command needs: where the database is, the group's defaults, how to show
/// output.
#[derive(Debug, Clone)]
pub struct Context {
    /// `--db`/`GOLF_DB`, if given.
    pub db: Option<PathBuf>,
    /// The config file's defaults (empty without one).
    pub config: crate::config::Config,
    /// How to render.
    pub out: Output,
}

impl Context {
    /// The database path: `--db`/`GOLF_DB`, else the config's, else the default.
    pub fn db_path(&self) -> Result<PathBuf> {
        match (&self.db, &self.config.db) {
            (Some(p), _) if p.as_os_str().is_empty() => input(
                "--db (or GOLF_DB) is empty; expected the path of the database file, or neither for the default",
            ),
            (Some(p), _) | (None, Some(p)) => Ok(p.clone()),
            (None, None) => Ok(store::default_path()?),
        }
    }

    /// The rules to use: `--rules`, else the config's. Errors when neither names any.
    pub fn rules(&self, flag: Option<String>) -> Result<String> {
        match flag.or_else(|| self.config.rules.clone()) {
            Some(r) => Ok(r),
            None => input(
                "no rules given; expected --rules NAME (e.g. --rules classic), or a default `rules = \"classic\"` in the config file (`golf config` shows where)",
            ),
        }
    }

    /// The house rules to use: `--house` if any is given, else the config's. `--house none`
    /// clears the config's house rules (RULES.md §6): no house rules, or only the other
    /// `--house` rules given with it.
    pub fn house(&self, flags: Vec<String>) -> Vec<String> {
        let (none, named) = house_none(flags);
        match (none, named.is_empty(), &self.config.house) {
            (false, true, Some(h)) => h.clone(),
            _ => named,
        }
    }

    /// Writes `bytes` to the output file `path` (`-` is stdout) through
    /// [`crate::output_file`]: never the database or its journals, atomically for a regular
    /// file, directly into a named pipe or a device; errors name the path.
    pub fn write_file(&self, path: &Path, bytes: &[u8]) -> Result<()> {
        crate::output_file::write(path, &self.output_guard()?, bytes)
    }

    /// What output files may not be: this command's database and its journals (for
    /// [`crate::output_file::write_with`], to stream a large output).
    pub fn output_guard(&self) -> Result<crate::output_file::Guard> {
        Ok(crate::output_file::Guard::database(&self.db_path()?))
    }

    /// Opens the database for a command that starts something (a match, an import, a
    /// tournament), creating it if needed; its first write checks the whole file
    /// ([`Store::check_before_writing`]), so a damaged database takes nothing new.
    pub fn open_write(&self) -> Result<Store> {
        let mut store = opened(Store::open(&self.db_path()?)?);
        store.check_before_writing();
        Ok(store)
    }

    /// Opens an existing database for a command that changes a match (never creates it).
    pub fn open_existing(&self) -> Result<Store> {
        let path = self.db_path()?;
        if !path.exists() {
            return no_matches(&path);
        }
        Store::open(&path).map(opened)
    }

    /// [`Context::open_read`] for `golf check`: a match out of bounds is reported with the
    /// rest, not refused at opening ([`Store::open_read_only_as_is`]).
    pub fn open_read_as_is(&self) -> Result<Store> {
        let path = self.db_path()?;
        match Store::open_read_only_as_is(&path)? {
            Some(store) => Ok(store),
            None => no_matches(&path),
        }
    }

    /// Opens the database read-only (never creates or writes it).
    pub fn open_read(&self) -> Result<Store> {
        let path = self.db_path()?;
        match Store::open_read_only(&path)? {
            Some(store) => Ok(store),
            None => no_matches(&path),
        }
    }
}

/// `store`, once what opening it did is said: an older database upgraded, where the copy
/// of the old file is (the store prints nothing itself).
fn opened(store: Store) -> Store {
    if let Some(migrated) = store.migrated() {
        crate::view::say!("golf: {migrated}");
    }
    store
}

fn no_matches<T>(path: &Path) -> Result<T> {
    input(format!(
        "no matches recorded yet in {}; start one with `golf new --rules classic PLAYER...` or `golf import FILE`",
        crate::text::path(path)
    ))
}

/// `--house` flags split into whether `none` was among them and the house rules named.
pub fn house_none(flags: Vec<String>) -> (bool, Vec<String>) {
    let none = |f: &String| f.trim().eq_ignore_ascii_case("none");
    let cleared = flags.iter().any(none);
    (cleared, flags.into_iter().filter(|f| !none(f)).collect())
}
