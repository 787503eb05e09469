//! `golf check` and `golf backup`.

use serde::Serialize;

use super::{Output, View};

/// `golf check`: what each check found (`ok` or the problems).
#[derive(Debug, Serialize)]
pub struct CheckView {
    /// The file.
    pub database: String,
    /// Its schema version.
    pub schema_version: i64,
    /// The version this golf writes.
    pub supported_version: i64,
    /// SQLite's integrity check: `["ok"]` or the problems.
    pub integrity: Vec<String>,
    /// Rows pointing at nothing.
    pub foreign_key_violations: Vec<String>,
    /// Schema objects golf did not make.
    pub foreign_objects: Vec<String>,
    /// Golf's own checks of every recorded match.
    pub match_problems: Vec<String>,
    /// Matches recorded.
    pub matches: i64,
    /// Holes recorded.
    pub holes: i64,
}

impl CheckView {
    /// Whether every check passed.
    pub fn sound(&self) -> bool {
        self.integrity.iter().all(|i| i == "ok")
            && self.foreign_key_violations.is_empty()
            && self.foreign_objects.is_empty()
            && self.match_problems.is_empty()
    }
}

impl View for CheckView {
    fn render(&self, _: &Output) -> String {
        let listed = |items: &[String]| match items.is_empty() {
            true => "ok".to_string(),
            false => items.join("; "),
        };
        format!(
            "Database: {}\nSchema version: {} (this golf writes {})\nMatches: {}, holes: {}\nIntegrity check: {}\nForeign keys: {}\nSchema objects: {}\nRecorded matches: {}\n",
            self.database,
            self.schema_version,
            self.supported_version,
            self.matches,
            self.holes,
            listed(&self.integrity),
            listed(&self.foreign_key_violations),
            listed(&self.foreign_objects),
            listed(&self.match_problems)
        )
    }
}

/// `golf backup`.
#[derive(Debug, Serialize)]
pub struct BackupView {
    /// The database copied.
    pub database: String,
    /// The copy.
    pub backup: String,
    /// Matches in it.
    pub matches: i64,
    /// Its integrity check.
    pub integrity: &'static str,
}

impl View for BackupView {
    fn render(&self, _: &Output) -> String {
        format!(
            "Backed up {} to {} ({} match{}); integrity check: ok.\n",
            self.database,
            self.backup,
            self.matches,
            if self.matches == 1 { "" } else { "es" }
        )
    }
}
