//! `golf config`: the defaults in force and where each comes from.

use serde::Serialize;

use super::{Output, View};

/// One default in force and where it comes from.
#[derive(Debug, Serialize)]
pub struct Setting {
    /// `rules`, `house`, `decks`, `tiebreak`, `odds` or `db`.
    pub key: &'static str,
    /// Its value in force.
    pub value: String,
    /// A flag, `GOLF_DB`, the config file, or golf's default.
    pub from: String,
}

/// Every default and where the config file is.
#[derive(Debug, Serialize)]
pub struct ConfigView {
    /// The config file's path, where golf looks for it.
    pub file: Option<String>,
    /// Whether that file exists.
    pub exists: bool,
    /// The defaults in force.
    pub settings: Vec<Setting>,
}

impl View for ConfigView {
    fn render(&self, out: &Output) -> String {
        let mut table = out.table(["setting", "value", "from"]);
        for s in &self.settings {
            table.add_row([s.key.to_string(), s.value.clone(), s.from.clone()]);
        }
        let file = match (&self.file, self.exists) {
            (Some(f), true) => f.clone(),
            (Some(f), false) => format!("{f} (absent: `golf config init` writes one)"),
            (None, _) => "(none: no config folder)".to_string(),
        };
        format!("Config file: {file}\n{table}\n")
    }
}
