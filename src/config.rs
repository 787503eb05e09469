//! A group's defaults (`$XDG_CONFIG_HOME/golf/config.toml`, the platform's config folder
//! elsewhere): default rules, house rules, decks, tiebreak chain and database path, so
//! `golf new ann bob cat` just works. Flags and `GOLF_DB` override it; `golf config` shows
//! where each value comes from.
//!
//! ```toml
//! rules = "classic"
//! house = ["out-penalty-10", "underdog"]
//! decks = 2
//! tiebreak = ["countback", "sudden-death"]
//! db = "/home/ann/golf/harbour.db"
//! odds = false
//! ```

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The most bytes of config read.
const MAX_BYTES: u64 = 64 * 1024;
/// The longest value (a rules name or path, a house rule), in characters.
const MAX_TEXT: usize = 4096;
/// The most house rules or tiebreak methods a config lists.
const MAX_LIST: usize = 64;

/// The defaults a config file gives; every key optional, unknown keys refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Default rules for `golf new` and `golf score`.
    pub rules: Option<String>,
    /// Default house rules, when no `--house` is given.
    pub house: Option<Vec<String>>,
    /// Default decks for `golf new`.
    pub decks: Option<u32>,
    /// Default tiebreak chain for `golf new`.
    pub tiebreak: Option<Vec<String>>,
    /// Default database path; a relative one is relative to the config file's folder
    /// (made absolute by [`load`]), never empty.
    pub db: Option<PathBuf>,
    /// `false` leaves each player's chance to win off `golf card` and `golf hole`
    /// (`--no-odds` does it once).
    pub odds: Option<bool>,
}

/// A config file that cannot be used: which file, and what is wrong (line and key).
#[derive(Debug, thiserror::Error)]
#[error("config file {path}: {message}")]
pub struct ConfigError {
    /// The file.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl crate::error::BadInput for ConfigError {}

/// Where the config file is: `$XDG_CONFIG_HOME/golf/config.toml` on Linux.
pub fn path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "golf").map(|d| d.config_dir().join("config.toml"))
}

/// Reads the config at `path`; no file is no defaults.
pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
    let Some(path) = path.filter(|p| p.exists()) else {
        return Ok(Config::default());
    };
    let fail = |message: String| ConfigError {
        path: path.display().to_string(),
        message,
    };
    let text = crate::text::read_capped(path, MAX_BYTES).map_err(|e| fail(e.to_string()))?;
    let mut config: Config =
        toml::from_str(&text).map_err(|e| fail(e.to_string().trim_end().to_string()))?;
    match &config.db {
        Some(db) if db.as_os_str().is_empty() => {
            return Err(fail(
                "`db` is empty; expected the path of the database file (relative to this file's folder), or no `db` line for the default".into(),
            ))
        }
        // a relative path is relative to the config file, not to wherever golf runs
        Some(db) if db.is_relative() => {
            let dir = path.parent().unwrap_or(Path::new("."));
            config.db = Some(dir.join(db));
        }
        _ => {}
    }
    let lists = [("house", &config.house), ("tiebreak", &config.tiebreak)];
    if let Some((key, list)) = lists
        .iter()
        .find(|(_, l)| l.as_ref().is_some_and(|l| l.len() > MAX_LIST))
    {
        return Err(fail(format!(
            "`{key}` has {} entries; at most {MAX_LIST}",
            list.as_ref().map_or(0, Vec::len)
        )));
    }
    let texts = config
        .rules
        .iter()
        .chain(config.house.iter().flatten())
        .chain(config.tiebreak.iter().flatten());
    for t in texts {
        if t.chars().count() > MAX_TEXT {
            return Err(fail(format!(
                "a value is {} characters long; at most {MAX_TEXT}",
                t.chars().count()
            )));
        }
        if let Some(c) = crate::text::first_unprintable(t) {
            return Err(fail(format!(
                "`{}` contains {c}; expected printable text",
                crate::text::escape(t)
            )));
        }
    }
    Ok(config)
}
