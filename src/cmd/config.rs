//! `golf config init` and `golf config set KEY VALUE`: write the group's config file, never
//! anything unchecked. (`golf config` alone, the defaults in force, is in `docs`.)

use std::path::PathBuf;

use crate::config_keys;
use crate::error::{input, Result};

/// Where the config file goes; errors when the platform has no config folder.
fn file() -> Result<PathBuf> {
    match crate::config::path() {
        Some(p) => Ok(p),
        None => input("this system has no config folder (set XDG_CONFIG_HOME or HOME)"),
    }
}

/// Writes `text` to `path` aside and renames it into place, creating its folder: a failed
/// write leaves the old file whole.
fn write(path: &std::path::Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let part = path.with_extension(format!("toml.part-{}", std::process::id()));
    std::fs::write(&part, text)?;
    std::fs::rename(&part, path)?;
    Ok(())
}

/// `golf config init`: writes the commented file with every key; refuses (exit 2) when
/// the file exists, so a group's settings are never overwritten.
pub fn init() -> Result<()> {
    let path = file()?;
    if path.exists() {
        return input(format!(
            "{} exists already and is left as it is; change a key with `golf config set KEY VALUE`",
            path.display()
        ));
    }
    write(&path, &config_keys::template())?;
    crate::say!(
        "golf: wrote {} (every key commented out; `golf config set KEY VALUE` sets one)",
        path.display()
    );
    Ok(())
}

/// `golf config set KEY VALUE`: checks the value as its flag would be checked and writes
/// it, creating the file from the template if there is none. A refused key or value leaves
/// the file untouched (exit 2).
pub fn set(ctx: &super::Context, name: &str, value: &str) -> Result<()> {
    let path = file()?;
    let refuse = |message: String| crate::Error::from(config_keys::refused(&path, message));
    let key = config_keys::key(name).map_err(refuse)?;
    let value = config_keys::check(key, value, &ctx.config).map_err(refuse)?;
    let text = match path.exists() {
        true => crate::text::read_capped(&path, 64 * 1024).map_err(|e| refuse(e.to_string()))?,
        false => config_keys::template(),
    };
    let text = config_keys::set_in(&text, key, &value).map_err(refuse)?;
    write(&path, &text)?;
    crate::say!("golf: {} = {value} in {}", key.name, path.display());
    Ok(())
}
