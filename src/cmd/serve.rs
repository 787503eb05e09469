//! `golf serve`: the table's screen (CLI.md "The table's screen"). Reads the arguments and
//! hands them to [`crate::serve`], which owns the server; nothing of it runs for any other
//! command.

use super::Context;
use crate::cli::ServeArgs;
use crate::error::Result;

/// Runs `golf serve`.
pub fn run(ctx: &Context, args: ServeArgs) -> Result<()> {
    crate::serve::run(crate::serve::Settings {
        db: ctx.db_path()?,
        match_id: args.match_id,
        port: args.port,
        local: args.local,
        new_key: args.new_key,
        json: ctx.out.json,
        odds: ctx.config.odds != Some(false),
        tournament: args
            .tournament
            .map(|name| Some(name).filter(|n| !n.is_empty())),
        clock: args
            .clock
            .map(crate::table::tournament::check_clock)
            .transpose()?,
    })
}
