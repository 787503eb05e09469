//! `golf backup PATH`: a consistent copy of the database, in WAL mode, verified by SQLite's
//! integrity check before it is put in place and reported.

use super::Context;
use crate::cli::BackupArgs;
use crate::error::Result;
use crate::store::maintenance;
use crate::view::maintenance::BackupView;

/// Runs `golf backup`.
pub fn run(ctx: &Context, args: BackupArgs) -> Result<()> {
    let store = ctx.open_read()?;
    ctx.output_guard()?.check(&args.path)?;
    crate::output_file::check_folder(&args.path)?;
    let report = maintenance::backup(&store, &args.path)?;
    ctx.out.show(&BackupView {
        database: crate::text::path(store.path()),
        backup: crate::text::path(&report.target),
        matches: report.matches,
        integrity: "ok",
    })
}
