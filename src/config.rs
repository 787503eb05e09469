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
pub const MAX_BYTES: u64 = 64 * 1024;
/// The longest value (a rules name or path, a house rule, the database path), in characters.
const MAX_TEXT: usize = 4096;
/// The most house rules or tiebreak methods a config lists.
const MAX_LIST: usize = 64;

/// The defaults a config file gives; every key optional, unknown keys refused.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Default rules for `golf new` and `golf score`: a bundled name, or a rules file (a
    /// relative path is relative to the config file's folder, made absolute by [`load`]).
    pub rules: Option<String>,
    /// Default house rules, when no `--house` is given (files as `rules`).
    pub house: Option<Vec<String>>,
    /// Default decks for `golf new`, 1 to 8 ([`crate::bounds::Decks`]).
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

/// A config file that cannot be read: the file (as shown, [`crate::text::path`]) and why.
pub fn refused(path: &Path, message: String) -> ConfigError {
    ConfigError {
        path: crate::text::path(path),
        message,
    }
}

/// What is wrong with a config file's text: the key to blame, when one is, and the message
/// (naming the key and what was expected).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The key whose value is wrong; `None` for the file as a whole (TOML syntax, an
    /// unknown key).
    pub key: Option<String>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl Problem {
    fn of(key: &str, message: String) -> Problem {
        Problem {
            key: Some(key.to_string()),
            message,
        }
    }
}

/// Where the config file is: `$XDG_CONFIG_HOME/golf/config.toml` on Linux.
pub fn path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "golf").map(|d| d.config_dir().join("config.toml"))
}

/// Reads the config at `path`; no file is no defaults. Relative paths in it (`db`, a rules
/// or house rules file) are made relative to the file's folder. Errors name the file and
/// what [`parse`] found wrong.
pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
    let Some(path) = path.filter(|p| p.exists()) else {
        return Ok(Config::default());
    };
    let fail = |message: String| ConfigError {
        path: crate::text::escape(&path.display().to_string()).into_owned(),
        message,
    };
    let text = crate::text::read_capped(path, MAX_BYTES).map_err(|e| fail(e.to_string()))?;
    let mut config = parse(&text).map_err(|p| fail(p.message))?;
    // a relative path is relative to the config file, not to wherever golf runs
    let dir = path.parent().unwrap_or(Path::new("."));
    if let Some(db) = config.db.as_mut().filter(|db| db.is_relative()) {
        *db = dir.join(&*db);
    }
    if let Some(rules) = config.rules.as_mut() {
        *rules = beside(dir, rules);
    }
    for house in config.house.iter_mut().flatten() {
        *house = beside(dir, house);
    }
    Ok(config)
}

/// `value` (a rules or house rules name) made relative to `dir` when it is a relative file
/// path ([`crate::config_keys::is_file`]); a bundled name or an absolute path as it is.
fn beside(dir: &Path, value: &str) -> String {
    match crate::config_keys::is_file(value) && Path::new(value).is_relative() {
        true => dir.join(value).display().to_string(),
        false => value.to_string(),
    }
}

/// Reads a config file's text and checks every value: the one check for loading the file
/// and for `golf config set` (which checks the file it would write with it), so a value
/// `config set` accepts always loads. Checks: TOML, known keys, each value's type, `decks`
/// in [`crate::bounds::Decks`], at most 64 house rules or tiebreak methods, texts of 1 to
/// 4096 printable characters ([`crate::text::is_unprintable`]). Relative paths are kept as
/// written.
pub fn parse(text: &str) -> Result<Config, Problem> {
    let whole = |message: String| Problem { key: None, message };
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| whole(e.to_string().trim_end().to_string()))?;
    let keys = crate::config_keys::KEYS;
    // each key on its own, so a wrong type names its key
    for (key, value) in &table {
        if !keys.iter().any(|k| k.name == key) {
            let names: Vec<&str> = keys.iter().map(|k| k.name).collect();
            return Err(whole(format!(
                "`{}` is not a config key; expected one of {}",
                crate::text::escape(key),
                names.join(", ")
            )));
        }
        let one = toml::Table::from_iter([(key.clone(), value.clone())]);
        toml::Value::Table(one)
            .try_into::<Config>()
            .map_err(|e| Problem::of(key, format!("`{key}`: {}", e.message())))?;
    }
    let config: Config = toml::Value::Table(table)
        .try_into()
        .map_err(|e: toml::de::Error| whole(e.message().to_string()))?;
    check(&config)?;
    Ok(config)
}

/// Checks the values of `config` (see [`parse`]).
fn check(config: &Config) -> Result<(), Problem> {
    if let Some(decks) = config.decks {
        crate::bounds::Decks::try_from(i64::from(decks))
            .map_err(|e| Problem::of("decks", format!("`decks` {e}")))?;
    }
    for (key, list) in [("house", &config.house), ("tiebreak", &config.tiebreak)] {
        if let Some(list) = list.as_ref().filter(|l| l.len() > MAX_LIST) {
            return Err(Problem::of(
                key,
                format!("`{key}` has {} entries; at most {MAX_LIST}", list.len()),
            ));
        }
    }
    let db = config
        .db
        .as_ref()
        .map(|db| ("db", db.to_string_lossy().into_owned()));
    let texts = (config.rules.iter().map(|t| ("rules", t.clone())))
        .chain(config.house.iter().flatten().map(|t| ("house", t.clone())))
        .chain(
            config
                .tiebreak
                .iter()
                .flatten()
                .map(|t| ("tiebreak", t.clone())),
        )
        .chain(db);
    for (key, text) in texts {
        if text.trim().is_empty() {
            let expected = match key {
                "db" => "the path of the database file (relative to this file's folder), or no `db` line for the default",
                _ => "a name or a file path",
            };
            return Err(Problem::of(
                key,
                format!("`{key}` is empty; expected {expected}"),
            ));
        }
        let chars = text.chars().count();
        if chars > MAX_TEXT {
            return Err(Problem::of(
                key,
                format!("`{key}` has a value {chars} characters long; at most {MAX_TEXT}"),
            ));
        }
        if let Some(c) = crate::text::first_unprintable(&text) {
            return Err(Problem::of(
                key,
                format!(
                    "`{key}` value `{}` contains {c}, a control or invisible formatting character; expected printable text",
                    crate::text::escape(&text)
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config_keys::{template, KEYS};

    #[test]
    fn the_template_names_every_key_and_reads_as_no_defaults() {
        let text = template();
        for k in KEYS {
            assert!(text.contains(&format!("# {} = ", k.name)), "{}", k.name);
        }
        assert_eq!(toml::from_str::<Config>(&text).unwrap(), Config::default());
    }
}
