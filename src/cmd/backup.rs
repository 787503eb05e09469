//! `golf backup PATH`: a consistent copy of the database, in WAL mode, verified with
//! `PRAGMA integrity_check` before it is put in place and reported.

use serde::Serialize;

use super::Context;
use crate::cli::BackupArgs;
use crate::store::maintenance;

#[derive(Serialize)]
struct BackupView {
    database: String,
    backup: String,
    matches: i64,
    integrity: &'static str,
}

/// Runs `golf backup`.
pub fn run(ctx: &Context, args: BackupArgs) -> anyhow::Result<()> {
    let store = ctx.open_read()?;
    let report = maintenance::backup(&store, &args.path)?;
    let view = BackupView {
        database: store.path().display().to_string(),
        backup: report.target.display().to_string(),
        matches: report.matches,
        integrity: "ok",
    };
    if ctx.out.json {
        return crate::render::json(&view);
    }
    crate::outln!(
        "Backed up {} to {} ({} match{}); integrity check: ok.",
        view.database,
        view.backup,
        view.matches,
        if view.matches == 1 { "" } else { "es" }
    );
    Ok(())
}
