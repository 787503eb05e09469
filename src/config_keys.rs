//! The config file's keys as data: what each means, an example, and how a value typed on
//! the command line (`golf config set KEY VALUE`) is checked — the same way as the flag it
//! stands for — and written as TOML. `golf config init` writes every key, commented out, from
//! this table; a new key is one more entry in [`KEYS`].

use std::path::Path;

use crate::rules::{self, Tiebreak};

/// What kind of value a key holds, and so how it is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A bundled variant or a rules file, as `--rules` takes.
    Rules,
    /// House rules, comma-separated, as `--house` takes (`none` for none).
    House,
    /// A whole number from `min` to `max`.
    Count {
        /// The least allowed.
        min: u32,
        /// The most allowed.
        max: u32,
    },
    /// Tiebreak methods, comma-separated, each once, as `--tiebreak` takes.
    Tiebreak,
    /// A file path (not empty), written absolute (typed relative to the current folder).
    Path,
    /// `true` or `false`.
    Bool,
}

/// One key of the config file.
#[derive(Debug, Clone, Copy)]
pub struct Key {
    /// Its name in the file (`rules`).
    pub name: &'static str,
    /// The kind of value, and so the check.
    pub kind: Kind,
    /// What it sets, for the comment above it.
    pub about: &'static str,
    /// An example value, as TOML.
    pub example: &'static str,
}

/// Every key of the config file, in the order `golf config init` writes them.
pub const KEYS: &[Key] = &[
    Key {
        name: "rules",
        kind: Kind::Rules,
        about: "Rules when no --rules is given: a bundled variant (golf rules list) or a file.",
        example: "\"classic\"",
    },
    Key {
        name: "house",
        kind: Kind::House,
        about: "House rules on top, in order, when no --house is given (--house none: none).",
        example: "[\"out-penalty-10\", \"underdog\"]",
    },
    Key {
        name: "decks",
        kind: Kind::Count { min: 1, max: 8 },
        about: "Decks for a new match (1 to 8) when no --decks is given; else the rules' own.",
        example: "2",
    },
    Key {
        name: "tiebreak",
        kind: Kind::Tiebreak,
        about: "Tiebreak chain for a new match when no --tiebreak is given; else the rules'.",
        example: "[\"countback\", \"sudden-death\"]",
    },
    Key {
        name: "odds",
        kind: Kind::Bool,
        about: "false leaves each player's chance to win off golf card and golf hole (--no-odds: once).",
        example: "false",
    },
    Key {
        name: "db",
        kind: Kind::Path,
        about: "The database file (relative to this folder) when neither --db nor GOLF_DB is given.",
        example: "\"/home/ann/golf/harbour.db\"",
    },
];

/// The key named `name`; errors list the keys there are.
pub fn key(name: &str) -> Result<&'static Key, String> {
    KEYS.iter().find(|k| k.name == name).ok_or_else(|| {
        let names: Vec<&str> = KEYS.iter().map(|k| k.name).collect();
        format!(
            "`{name}` is not a config key; expected one of {}",
            names.join(", ")
        )
    })
}

/// Checks `value` for `key` as its flag would be checked, given the rules the config
/// already sets, `config_rules` (house rules are checked on top of them, or of classic when
/// it sets none), and returns it as TOML: a file path (the database, a rules file) absolute,
/// as the user typed it relative to the current folder. Errors say what is wrong and what
/// was expected.
pub fn check(key: &Key, value: &str, config_rules: Option<&str>) -> Result<toml::Value, String> {
    let value = value.trim();
    let list = || -> Vec<String> {
        value
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    };
    match key.kind {
        Kind::Rules => {
            let value = from_here(value)?;
            rules::resolve(&value, &[]).map_err(|e| e.to_string())?;
            Ok(toml::Value::String(value))
        }
        Kind::House => {
            let house = match value {
                "none" => Vec::new(),
                _ => list()
                    .iter()
                    .map(|h| from_here(h))
                    .collect::<Result<_, _>>()?,
            };
            let base = config_rules.unwrap_or("classic");
            rules::resolve(base, &house).map_err(|e| e.to_string())?;
            Ok(strings(house))
        }
        Kind::Count { min, max } => match value.parse::<u32>() {
            Ok(n) if (min..=max).contains(&n) => Ok(toml::Value::Integer(i64::from(n))),
            _ => Err(format!(
                "`{value}` is not a number from {min} to {max} for {}",
                key.name
            )),
        },
        Kind::Tiebreak => {
            let mut chain: Vec<Tiebreak> = Vec::new();
            for name in list() {
                let t: Tiebreak = name.parse()?;
                if chain.contains(&t) {
                    return Err(format!("the tiebreak `{t}` is named twice"));
                }
                chain.push(t);
            }
            match chain.is_empty() {
                true => Err("no tiebreak method given; expected e.g. countback,shared".into()),
                false => Ok(strings(chain.iter().map(|t| t.to_string()).collect())),
            }
        }
        Kind::Path if value.is_empty() => Err(format!("{} is an empty path", key.name)),
        Kind::Path => {
            let absolute = absolute(value)?;
            match names_a_folder(value, Path::new(&absolute)) {
                true => Err(format!(
                    "`{}` is a folder; expected the path of a database file, such as {}",
                    crate::text::escape(value),
                    crate::text::path(&Path::new(&absolute).join("golf.db"))
                )),
                false => Ok(toml::Value::String(absolute)),
            }
        }
        Kind::Bool => match value {
            "true" | "false" => Ok(toml::Value::Boolean(value == "true")),
            _ => Err(format!(
                "`{value}` for {}: expected true or false",
                key.name
            )),
        },
    }
}

/// Whether a rules or house rules value names a file rather than a bundled rule set: as
/// the rules loader tells them (a `/` or `\`, or a name ending `.toml`).
pub fn is_file(value: &str) -> bool {
    value.contains(['/', '\\']) || value.ends_with(".toml")
}

/// A rules or house rules value typed on the command line: a file path ([`is_file`]) made
/// absolute from the current folder, where the user typed it (the file reads relative paths
/// from its own folder); a bundled name as it is.
fn from_here(value: &str) -> Result<String, String> {
    match is_file(value) {
        true => absolute(value),
        false => Ok(value.to_string()),
    }
}

/// `path` made absolute from the current folder.
fn absolute(path: &str) -> Result<String, String> {
    std::path::absolute(path)
        .map(|p| p.display().to_string())
        .map_err(|e| format!("cannot tell where `{}` is: {e}", crate::text::escape(path)))
}

/// Whether `value` (as typed; `absolute` where it leads) names a folder rather than a
/// file: the root, a path ending in `/`, `.` or `..`, or a folder that exists.
fn names_a_folder(value: &str, absolute: &Path) -> bool {
    value.ends_with(std::path::is_separator)
        || value.ends_with("/.")
        || Path::new(value).file_name().is_none()
        || absolute.is_dir()
}

fn strings(items: Vec<String>) -> toml::Value {
    toml::Value::Array(items.into_iter().map(toml::Value::String).collect())
}

/// The commented config file `golf config init` writes: every key with what it sets and an
/// example, commented out, so golf's own defaults hold until a line is uncommented.
pub fn template() -> String {
    let mut text = String::from(
        "# golf's config file: a group's defaults. Flags (and GOLF_DB) override every key.\n\
         # Uncomment a line to use it, or set it with `golf config set KEY VALUE`;\n\
         # `golf config` shows the defaults in force and where each comes from.\n",
    );
    for k in KEYS {
        text.push_str(&format!("\n# {}\n# {} = {}\n", k.about, k.name, k.example));
    }
    text
}

/// `text` (a config file) with `key` set to `value`: the line setting it, or else the
/// commented-out example of it, is replaced; otherwise the line is added at the end. The
/// caller reads the result back with [`crate::config::parse`], as loading will, before
/// writing it.
pub fn set_in(text: &str, key: &Key, value: &toml::Value) -> String {
    let line = format!("{} = {value}", key.name);
    let sets = |l: &str, commented: bool| {
        let l = l.trim_start();
        let l = match commented {
            true => l.strip_prefix('#').map(str::trim_start).unwrap_or(""),
            false => l,
        };
        l.strip_prefix(key.name)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    };
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    match (
        lines.iter().position(|l| sets(l, false)),
        lines.iter().position(|l| sets(l, true)),
    ) {
        (Some(i), _) | (None, Some(i)) => lines[i] = line,
        (None, None) => lines.push(line),
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_replaces_the_example_and_then_the_line() {
        let rules = key("rules").unwrap();
        let value = check(rules, "six-card", None).unwrap();
        let once = set_in(&template(), rules, &value);
        assert!(once.contains("\nrules = \"six-card\"\n"), "{once}");
        let value = check(rules, "classic", None).unwrap();
        let twice = set_in(&once, rules, &value);
        assert_eq!(twice.matches("rules = ").count(), 1, "{twice}");
        assert!(twice.contains("\nrules = \"classic\"\n"));
    }

    #[test]
    fn values_are_checked_like_their_flags() {
        let c = None;
        assert!(check(key("rules").unwrap(), "chess", c).is_err());
        assert!(check(key("house").unwrap(), "underdog, knock", c).is_ok());
        assert!(check(key("house").unwrap(), "underdogs", c).is_err());
        assert_eq!(
            check(key("house").unwrap(), "none", c).unwrap(),
            toml::Value::Array(vec![])
        );
        assert!(check(key("decks").unwrap(), "9", c).is_err());
        assert!(check(key("decks").unwrap(), "2", c).is_ok());
        assert!(check(key("tiebreak").unwrap(), "countback,countback", c).is_err());
        assert!(check(key("db").unwrap(), " ", c).is_err());
        assert!(check(key("odds").unwrap(), "no", c).is_err());
        assert_eq!(
            check(key("odds").unwrap(), "false", c).unwrap(),
            toml::Value::Boolean(false)
        );
        assert!(key("colour").is_err());
    }
}
