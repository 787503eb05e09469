//! The rules files bundled into the binary: every variant of RULES.md §4 (`rules/*.toml`)
//! and every house rule of §5–6 (`rules/house/*.toml`), embedded at build time.

macro_rules! embed {
    ($dir:literal: $($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../rules/", $dir, $name, ".toml")))),*]
    };
}

/// Bundled variants: `(name, TOML text)`, in the order RULES.md §4 lists them.
pub const VARIANTS: &[(&str, &str)] = embed!("":
    "classic", "quick", "extended", "jokers", "six-card", "four-card", "eight-card",
    "four-card-multiples", "nine-card", "play-nine",
);

/// Bundled house rules: `(name, TOML text)`, in the order RULES.md §5–6 lists them.
pub const HOUSE_RULES: &[(&str, &str)] = embed!("house/":
    "out-penalty-10", "out-penalty-double", "out-penalty-double-plus-5", "out-penalty-ties",
    "horizontal-pairs", "negative-pairs-cancel", "negative-pairs-keep", "four-of-a-kind-20",
    "out-times-2", "out-bonus-5", "super-kings", "ten-penny", "lucky-swing", "eagle-eye",
    "one-eyed-jacks", "wolfpack", "blackjack", "underdog", "tied-shame", "look-once",
    "no-penalty-discard", "knock",
);

/// The TOML text of a bundled variant, if `name` is one.
pub fn variant(name: &str) -> Option<&'static str> {
    VARIANTS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The TOML text of a bundled house rule, if `name` is one.
pub fn house(name: &str) -> Option<&'static str> {
    HOUSE_RULES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}

/// Names of the bundled variants.
pub fn variant_names() -> Vec<&'static str> {
    VARIANTS.iter().map(|(n, _)| *n).collect()
}

/// Names of the bundled house rules.
pub fn house_names() -> Vec<&'static str> {
    HOUSE_RULES.iter().map(|(n, _)| *n).collect()
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
                .collect();
            on_disk.sort();
            let mut embedded: Vec<String> = list.iter().map(|s| s.to_string()).collect();
            embedded.sort();
            assert_eq!(on_disk, embedded, "{dir}");
        }
    }
}
