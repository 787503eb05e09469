//! Reading rules files and merging their layers: a variant (bundled or a group's own file,
//! following `extends`), then house rules in the order given, each overriding only the keys
//! it sets (RULES.md §6). Every key remembers the layer that set it last, for its source.
//! [`super::resolve`] turns the merged table into [`super::Rules`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::{Table, Value};

use super::bundled;
use super::raw::RawLayer;
use super::RulesError;

/// The largest rules file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 256 * 1024;
/// How deep `extends` may chain.
pub(super) const MAX_EXTENDS: usize = 16;
/// Every top-level key of a rules file.
pub(super) const RULES_KEYS: [&str; 17] = [
    "name",
    "title",
    "summary",
    "source",
    "extends",
    "layout",
    "deck",
    "values",
    "matching",
    "going_out",
    "match",
    "tournament",
    "pack",
    "hole",
    "play",
    "rulings",
    "sources",
];

/// A TOML error as `line L, column C: what`, without the file's text: a file named as rules
/// may be anything (`/etc/shadow`), and golf never shows what it holds.
pub(super) fn toml_message(text: &str, e: &toml::de::Error) -> String {
    let Some(span) = e.span() else {
        return e.message().trim_end().to_string();
    };
    let before = text.get(..span.start).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .unwrap_or_default()
        .chars()
        .count()
        + 1;
    format!("line {line}, column {column}: {}", e.message().trim_end())
}

/// Top-level keys that describe a file rather than set a rule.
pub(super) const META_KEYS: [&str; 6] =
    ["name", "title", "summary", "source", "extends", "sources"];

/// One parsed rules file.
pub(super) struct Layer {
    /// How the file is named in messages: `rules/classic.toml (bundled)` or a path.
    pub(super) label: String,
    /// The name it gives itself, or the file's stem.
    pub(super) name: String,
    pub(super) text: String,
    pub(super) table: Table,
    pub(super) raw: RawLayer,
    pub(super) dir: Option<PathBuf>,
}

impl Layer {
    pub(super) fn parse(
        label: String,
        fallback_name: &str,
        text: String,
        dir: Option<PathBuf>,
    ) -> Result<Layer, RulesError> {
        // a file that sets a rules key is the user's rules file: its mistakes are shown
        // with the line they are on
        let syntax = |e: toml::de::Error| RulesError::Syntax {
            file: label.clone(),
            message: e.to_string().trim_end().to_string(),
        };
        // the text is parsed once; only a file with a mistake is parsed again, typed, for
        // a message with the line, column and key of the mistake
        let table: Table = toml::from_str(&text).map_err(|e| RulesError::Syntax {
            file: label.clone(),
            message: format!(
                "not valid TOML, so not a rules file: {}",
                toml_message(&text, &e)
            ),
        })?;
        if !table.is_empty() && !table.keys().any(|k| RULES_KEYS.contains(&k.as_str())) {
            return Err(RulesError::Syntax {
                file: label.clone(),
                message: format!(
                    "not a rules file: it sets none of the keys a rules file has ({}); `golf rules doc` describes them",
                    RULES_KEYS.join(", ")
                ),
            });
        }
        let raw: RawLayer = match RawLayer::deserialize(table.clone()) {
            Ok(raw) => raw,
            Err(e) => return Err(syntax(toml::from_str::<RawLayer>(&text).err().unwrap_or(e))),
        };
        let name = raw
            .name
            .clone()
            .unwrap_or_else(|| fallback_name.to_string());
        let layer = Layer {
            label,
            name,
            text,
            table,
            raw,
            dir,
        };
        // every text a rules file carries may be shown on a terminal (RULES.md §12)
        if let Some((key, c)) = unprintable_in(&layer.table) {
            return Err(RulesError::Invalid {
                file: layer.label.clone(),
                line: layer.line_of(&key),
                key: crate::text::escape(&key).into_owned(),
                message: format!(
                    "contains {c}, a control or invisible formatting character; expected printable text on one line"
                ),
            });
        }
        Ok(layer)
    }

    pub(super) fn read(path: &Path) -> Result<Layer, RulesError> {
        let unreadable = |reason: String| RulesError::Unreadable {
            path: crate::text::path(path),
            reason,
        };
        let text = crate::text::read_capped(path, MAX_FILE_BYTES)
            .map_err(|e| unreadable(e.to_string()))?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let layer = Layer::parse(
            crate::text::path(path),
            &stem,
            text,
            path.parent().map(Path::to_path_buf),
        )?;
        match name_problem(&layer.name) {
            Some(message) => Err(RulesError::Invalid {
                file: layer.label.clone(),
                line: layer.raw.name.as_ref().and_then(|_| layer.line_of("name")),
                key: "name".into(),
                message,
            }),
            None => Ok(layer),
        }
    }

    /// A bundled file, read from the JSON of its table that `build.rs` made (several times
    /// faster than its TOML); the TOML is kept for messages that cite a line.
    pub(super) fn bundled(kind: &str, file: &bundled::Bundled) -> Result<Layer, RulesError> {
        let label = format!("rules/{kind}{}.toml (bundled)", file.name);
        let from_json = serde_json::from_str::<Table>(file.json)
            .ok()
            .zip(serde_json::from_str::<RawLayer>(file.json).ok());
        let Some((table, raw)) = from_json else {
            // not reached for a file build.rs wrote; the TOML gives the message
            return Layer::parse(label, file.name, file.text.to_string(), None);
        };
        Ok(Layer {
            name: raw.name.clone().unwrap_or_else(|| file.name.to_string()),
            label,
            text: file.text.to_string(),
            table,
            raw,
            dir: None,
        })
    }

    /// The source cited for a key this layer sets.
    pub(super) fn source_for(&self, key: &str) -> Option<String> {
        let sources = self.raw.sources.as_ref();
        let mut k = key;
        loop {
            if let Some(s) = sources.and_then(|m| m.get(k)) {
                return Some(s.clone());
            }
            match k.rfind('.') {
                Some(i) => k = &k[..i],
                None => return self.raw.source.clone(),
            }
        }
    }

    /// The 1-based line where a dotted key (or, failing that, its table) is written.
    pub(super) fn line_of(&self, key: &str) -> Option<usize> {
        let (section, leaf) = key.rsplit_once('.').unwrap_or(("", key));
        let mut in_section = section.is_empty();
        let mut section_line = None;
        for (i, line) in self.text.lines().enumerate() {
            let t = line.trim();
            if t.starts_with('[') {
                let header = t.trim_matches(|c| c == '[' || c == ']').trim();
                in_section = header == section;
                if in_section {
                    section_line = Some(i + 1);
                }
                continue;
            }
            let (k, _) = t.split_once('=').unwrap_or(("", ""));
            let k = k.trim().trim_matches('"');
            if in_section && k == leaf {
                return Some(i + 1);
            }
            if section_line.is_none() && k == section {
                section_line = Some(i + 1);
            }
        }
        section_line
    }
}

/// The first key or string value (as a dotted key) holding an unprintable character, and
/// that character as `U+XXXX`.
pub(super) fn unprintable_in(table: &Table) -> Option<(String, String)> {
    pub(super) fn in_value(value: &Value) -> Option<String> {
        match value {
            Value::String(s) => crate::text::first_unprintable(s),
            Value::Array(items) => items.iter().find_map(in_value),
            Value::Table(t) => unprintable_in(t).map(|(_, c)| c),
            _ => None,
        }
    }
    // the dotted key is written on the way back from the key at fault: a clean file
    // writes none
    table.iter().find_map(|(key, value)| {
        if let Some(c) = crate::text::first_unprintable(key) {
            return Some((key.clone(), c));
        }
        match value {
            Value::Table(t) => unprintable_in(t).map(|(inner, c)| (format!("{key}.{inner}"), c)),
            other => in_value(other).map(|c| (key.clone(), c)),
        }
    })
}

/// The longest name a rules file may give itself, in characters (a player's is 40).
pub const MAX_NAME_CHARS: usize = 40;

/// What is wrong with `name` as the name of a group's rules file (its `name`, else the
/// file's stem), as a player's name would be refused (RULES.md §12): empty, longer than
/// [`MAX_NAME_CHARS`], holding a control or formatting character, beginning with `=`, `+`,
/// `-` or `@` (a spreadsheet formula, a flag),
/// or a bundled variant's or house rule's name, which a recorded match would then be
/// taken for. `None` when it will do.
pub(super) fn name_problem(name: &str) -> Option<String> {
    let trimmed = name.trim();
    let chars = trimmed.chars().count();
    let own = "; give the file a name of its own with name = \"...\" (letters, digits, spaces and dashes)";
    if chars == 0 {
        return Some(format!("the rules' name is empty{own}"));
    }
    if chars > MAX_NAME_CHARS {
        let start: String = trimmed.chars().take(20).collect();
        return Some(format!(
            "the rules' name `{}…` is {chars} characters long; a name is at most {MAX_NAME_CHARS}",
            crate::text::escape(&start)
        ));
    }
    if let Some(c) = crate::text::first_unprintable(trimmed) {
        return Some(format!(
            "the rules' name `{}` contains {c}, a control or invisible formatting character{own}",
            crate::text::escape(trimmed)
        ));
    }
    if let Some(c) = trimmed
        .chars()
        .next()
        .filter(|c| crate::text::FORMULA_START.contains(c))
    {
        return Some(format!(
            "the rules' name `{}` begins with `{c}`, which a spreadsheet runs as a formula and a command line takes for a flag{own}",
            crate::text::escape(trimmed)
        ));
    }
    let bundled = bundled::VARIANTS.iter().chain(bundled::HOUSE_RULES);
    if let Some(b) = bundled
        .into_iter()
        .find(|b| b.name.eq_ignore_ascii_case(trimmed))
    {
        return Some(format!(
            "`{}` is the name of golf's bundled {}, which matches recorded under this file would be taken for{own}",
            b.name,
            match bundled::variant(b.name).is_some() {
                true => "variant",
                false => "house rule",
            }
        ));
    }
    None
}

pub(super) fn looks_like_path(name: &str) -> bool {
    name.contains('/') || name.contains('\\') || name.ends_with(".toml")
}

/// Loads the variant `name` (bundled, or a file path) and everything it extends, root first.
pub(super) fn variant_chain(name: &str) -> Result<Vec<Layer>, RulesError> {
    let mut chain: Vec<Layer> = Vec::new();
    let mut next = Some((name.to_string(), None::<PathBuf>));
    while let Some((want, dir)) = next.take() {
        let layer = if let (false, Some(file)) = (looks_like_path(&want), bundled::variant(&want)) {
            Layer::bundled("", file)?
        } else {
            let path = match &dir {
                Some(d) if Path::new(&want).is_relative() => d.join(&want),
                _ => PathBuf::from(&want),
            };
            if !looks_like_path(&want) && !path.exists() {
                return Err(RulesError::UnknownRules {
                    name: want,
                    known: bundled::variant_names().join(", "),
                });
            }
            Layer::read(&path)?
        };
        if chain.len() >= MAX_EXTENDS || chain.iter().any(|l| l.label == layer.label) {
            let mut names: Vec<String> = chain.iter().map(|l| l.label.clone()).collect();
            names.push(layer.label.clone());
            return Err(RulesError::ExtendsLoop {
                file: layer.label,
                chain: names.join(" → "),
            });
        }
        next = layer.raw.extends.clone().map(|e| (e, layer.dir.clone()));
        chain.push(layer);
    }
    chain.reverse();
    Ok(chain)
}

/// A bundled house rule's `(summary, source)`.
pub(super) fn house_meta(name: &str) -> Result<(String, String), RulesError> {
    let layer = house_layer(name)?;
    Ok((
        layer.raw.summary.unwrap_or_default(),
        layer.raw.source.unwrap_or_default(),
    ))
}

pub(super) fn house_layer(name: &str) -> Result<Layer, RulesError> {
    let layer = match (looks_like_path(name), bundled::house(name)) {
        (false, Some(file)) => Layer::bundled("house/", file)?,
        _ => {
            let path = Path::new(name);
            if !looks_like_path(name) && !path.exists() {
                return Err(RulesError::UnknownHouse {
                    name: name.to_string(),
                    known: bundled::house_names().join(", "),
                });
            }
            Layer::read(path)?
        }
    };
    if layer.raw.extends.is_some() {
        return Err(RulesError::Invalid {
            line: layer.line_of("extends"),
            file: layer.label,
            key: "extends".into(),
            message: "a house rule sets keys on top of a variant and cannot extend one; \
                      write a rules file with `extends` instead"
                .into(),
        });
    }
    Ok(layer)
}

/// The keys of `[play]` that hold how a hole is played (RULES.md §14), not rules in words.
pub(super) const PLAY_KEYS: [&str; 7] = [
    "face_up_at_start",
    "peek_at_start",
    "start_cards",
    "first",
    "discard_drawn",
    "may_knock",
    "may_look_once",
];

/// Keys under which a whole table is one rule with its own source.
pub(super) fn is_leaf_table(path: &str) -> bool {
    matches!(path.split_once('.'), Some(("play" | "rulings", rest)) if !rest.contains('.'))
}

/// Merges `layer` into `into`, recording for each key set which layer set it.
pub(super) fn merge(
    into: &mut Table,
    from: &Table,
    prefix: &str,
    layer: usize,
    set_by: &mut BTreeMap<String, usize>,
) {
    for (key, value) in from {
        if prefix.is_empty() && META_KEYS.contains(&key.as_str()) {
            continue;
        }
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            Value::Table(t) if !is_leaf_table(&path) => {
                let entry = into
                    .entry(key.clone())
                    .or_insert_with(|| Value::Table(Table::new()));
                if !entry.is_table() {
                    *entry = Value::Table(Table::new());
                }
                if let Value::Table(existing) = entry {
                    merge(existing, t, &path, layer, set_by);
                }
            }
            _ => {
                into.insert(key.clone(), value.clone());
                set_by.insert(path, layer);
            }
        }
    }
}
