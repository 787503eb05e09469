//! The rules files bundled into the binary: every variant of RULES.md §4 (`rules/*.toml`)
//! and every house rule of §5–6 (`rules/house/*.toml`), embedded at build time.
//!
//! Each file is embedded twice: as written, for messages that cite its lines, and as the
//! JSON that `build.rs` made of its table, which is what a run reads (no TOML parsing).
//! What `golf rules list` shows comes from `build.rs` as constants ([`LISTED`]).

macro_rules! embed {
    ($dir:literal: $($name:literal),* $(,)?) => {
        &[$(Bundled {
            name: $name,
            text: include_str!(concat!("../../rules/", $dir, $name, ".toml")),
            json: include_str!(concat!(env!("OUT_DIR"), "/rules/", $dir, $name, ".json")),
        }),*]
    };
}

/// One bundled rules file.
#[derive(Debug, Clone, Copy)]
pub struct Bundled {
    /// Its name: the file's stem (`classic`, `horizontal-pairs`).
    pub name: &'static str,
    /// The TOML as written.
    pub text: &'static str,
    /// Its table as JSON, made by `build.rs`.
    pub json: &'static str,
}

/// A bundled variant as `golf rules list` shows it, worked out by `build.rs` (following
/// `extends`); a test checks each against the resolved rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listed {
    /// The file's stem.
    pub file: &'static str,
    /// The variant's name.
    pub name: &'static str,
    /// Its title.
    pub title: &'static str,
    /// The source it cites as a whole.
    pub source: &'static str,
    /// Grid rows.
    pub rows: i64,
    /// Grid columns.
    pub columns: i64,
    /// Standard packs in the deck.
    pub decks: i64,
    /// Jokers in each pack.
    pub jokers_per_deck: i64,
    /// Holes in a match.
    pub holes: i64,
}

include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

/// Bundled variants, in the order RULES.md §4 lists them.
pub const VARIANTS: &[Bundled] = embed!("":
    "classic", "quick", "extended", "jokers", "six-card", "four-card", "eight-card",
    "four-card-multiples", "nine-card", "play-nine",
);

/// Bundled house rules, in the order RULES.md §5–6 lists them.
pub const HOUSE_RULES: &[Bundled] = embed!("house/":
    "out-penalty-10", "out-penalty-double", "out-penalty-double-plus-5", "out-penalty-ties",
    "horizontal-pairs", "negative-pairs-cancel", "negative-pairs-keep", "four-of-a-kind-20",
    "out-times-2", "out-bonus-5", "super-kings", "ten-penny", "lucky-swing", "eagle-eye",
    "one-eyed-jacks", "with-jokers", "wolfpack", "blackjack", "underdog", "tied-shame", "look-once",
    "no-penalty-discard", "knock",
);

/// The bundled variant `name`, if it is one.
pub fn variant(name: &str) -> Option<&'static Bundled> {
    VARIANTS.iter().find(|b| b.name == name)
}

/// The bundled house rule `name`, if it is one.
pub fn house(name: &str) -> Option<&'static Bundled> {
    HOUSE_RULES.iter().find(|b| b.name == name)
}

/// Names of the bundled variants.
pub fn variant_names() -> Vec<&'static str> {
    VARIANTS.iter().map(|b| b.name).collect()
}

/// Names of the bundled house rules.
pub fn house_names() -> Vec<&'static str> {
    HOUSE_RULES.iter().map(|b| b.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file under rules/ is embedded, so a new file cannot be forgotten.
    #[test]
    fn every_rules_file_is_embedded() {
        for (dir, list) in [("rules", variant_names()), ("rules/house", house_names())] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
            let mut on_disk: Vec<String> = std::fs::read_dir(&path)
                .unwrap()
                .filter_map(|e| {
                    let name = e.unwrap().file_name().to_string_lossy().into_owned();
                    name.strip_suffix(".toml").map(str::to_string)
                })
                // the rulings' word table is data beside the rules, not a rules file
                .filter(|name| name != "words")
                .collect();
            on_disk.sort();
            let mut embedded: Vec<String> = list.iter().map(|s| s.to_string()).collect();
            embedded.sort();
            assert_eq!(on_disk, embedded, "{dir}");
        }
    }
}
