//! `golf config init` and `golf config set KEY VALUE`: write the group's config file, never
//! anything unchecked. Both work when the file in place fails to load, so they can mend it.
//! (`golf config` alone, the defaults in force, is in `docs`.)

use std::path::{Path, PathBuf};

use crate::config_keys;
use crate::error::{input, Result};

/// Where the config file goes; errors when the platform has no config folder.
fn file() -> Result<PathBuf> {
    match crate::config::path() {
        Some(p) => Ok(p),
        None => input("this system has no config folder (set XDG_CONFIG_HOME or HOME)"),
    }
}

/// Creates the folder `dir` (and its parents); an error names the path that is in the way
/// when one of them is a file, not a folder (`XDG_CONFIG_HOME` set to a file, say).
fn make_folder(dir: &Path) -> Result<()> {
    if let Some(file) = dir
        .ancestors()
        .find(|a| a.exists() && !a.is_dir() && !a.as_os_str().is_empty())
    {
        return input(format!(
            "{} is not a folder, so the config file cannot go in {} \
             (XDG_CONFIG_HOME or HOME names where); expected a folder there",
            crate::text::path(file),
            crate::text::path(dir)
        ));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("cannot make the folder {}: {e}", crate::text::path(dir)))?;
    Ok(())
}

/// Writes `text` to `path` aside and renames it into place, creating its folder: a failed
/// write leaves the old file whole.
fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent() {
        make_folder(dir)?;
    }
    crate::output_file::replace(path, text.as_bytes())
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", crate::text::path(path)))?;
    Ok(())
}

/// The text of the config file at `path`, if there is one.
fn read(path: &Path) -> Result<Option<String>> {
    if !path.exists() {
        return Ok(None);
    }
    let text = crate::text::read_capped(path, crate::config::MAX_BYTES)
        .map_err(|e| crate::config::refused(path, e.to_string()))?;
    Ok(Some(text))
}

/// `golf config init`: writes the commented file with every key. A file that loads is
/// refused (exit 2), so a group's settings are never overwritten; one that fails to load
/// is kept beside it as `config.toml.broken` (`.broken-2`…) and a fresh file written.
pub fn init() -> Result<()> {
    let path = file()?;
    let kept = match read(&path) {
        Ok(Some(text)) if crate::config::parse(&text).is_ok() => {
            return input(format!(
            "{} exists already and is left as it is; change a key with `golf config set KEY VALUE`",
            crate::text::path(&path)
        ))
        }
        Ok(None) => None,
        // unreadable (too large, not UTF-8) or not loading: kept aside, never lost
        _ => {
            let aside = (1..1000)
                .map(|n| match n {
                    1 => path.with_extension("toml.broken"),
                    n => path.with_extension(format!("toml.broken-{n}")),
                })
                .find(|p| p.symlink_metadata().is_err());
            let Some(aside) = aside else {
                return input(format!(
                    "{} does not load, and 999 earlier copies are kept beside it already; remove some of them",
                    crate::text::path(&path)
                ));
            };
            std::fs::rename(&path, &aside).map_err(|e| {
                anyhow::anyhow!("cannot move {} aside: {e}", crate::text::path(&path))
            })?;
            Some(aside)
        }
    };
    write(&path, &config_keys::template())?;
    crate::view::say!(
        "golf: wrote {} (every key commented out; `golf config set KEY VALUE` sets one)",
        crate::text::path(&path)
    );
    if let Some(aside) = kept {
        crate::view::say!(
            "golf: the file there did not load; it is kept as {}",
            crate::text::path(&aside)
        );
    }
    Ok(())
}

/// `golf config set KEY VALUE`: checks the value as its flag would be checked, then the
/// file it would write as loading will ([`crate::config::parse`]), and writes it, creating
/// the file from the template if there is none. A refused key or value leaves the file
/// untouched (exit 2). A file that fails to load for another key's value is mended one key
/// at a time: written, and what is still wrong said; one that is not TOML is refused, for
/// `golf config init` to start afresh.
pub fn set(ctx: &super::Context, name: &str, value: &str) -> Result<()> {
    let path = file()?;
    // a refused key or value: the file is never touched, so it is not the file's fault
    let refuse = |message: String| {
        crate::Error::from(crate::error::InputError::new(format!(
            "config set {}: {message} ({} is unchanged)",
            crate::text::escape(name),
            crate::text::path(&path)
        )))
    };
    let key = config_keys::key(name).map_err(refuse)?;
    let value = config_keys::check(key, value, ctx.config.rules.as_deref()).map_err(refuse)?;
    let old = read(&path)?;
    let broken = old
        .as_deref()
        .is_some_and(|t| crate::config::parse(t).is_err());
    let text = config_keys::set_in(
        old.as_deref().unwrap_or(&config_keys::template()),
        key,
        &value,
    );
    let still = match crate::config::parse(&text) {
        Ok(_) => None,
        // another key is still wrong in a file that did not load before: mended a key at a time
        Err(p) if broken && p.key.as_deref().is_some_and(|k| k != key.name) => Some(p.message),
        // the value set is what fails, or the file as a whole (TOML): nothing written
        Err(p) => {
            let hint = match broken {
                true => " (`golf config init` starts afresh, keeping this file aside)",
                false => "",
            };
            return Err(refuse(format!("{}{hint}", p.message)));
        }
    };
    write(&path, &text)?;
    crate::view::say!(
        "golf: {} = {} in {}",
        key.name,
        crate::text::escape(&value.to_string()),
        crate::text::path(&path)
    );
    if let Some(problem) = still {
        crate::view::say!(
            "golf: {} still does not load: {problem}",
            crate::text::path(&path)
        );
    }
    Ok(())
}
