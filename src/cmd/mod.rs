//! One module per subcommand, each with one `run`: parse the arguments into domain values,
//! call the core and the store, render.

mod rules;
mod ruling;
mod score;

use crate::cli::{Cli, Command};
use crate::render::Output;

/// What every command needs: where the database is and how to show output.
#[derive(Debug, Clone)]
pub struct Context {
    /// `--db`/`GOLF_DB`, if given.
    pub db: Option<std::path::PathBuf>,
    /// How to render.
    pub out: Output,
}

/// Runs the parsed command line.
pub fn dispatch(cli: Cli) -> anyhow::Result<()> {
    let ctx = Context {
        db: cli.db,
        out: Output::new(cli.json, cli.color),
    };
    match cli.command {
        Command::Score(args) => score::run(&ctx, args),
        Command::Rules(args) => rules::run(&ctx, args),
        Command::Ruling(args) => ruling::run(&ctx, args),
        _ => crate::error::input("not yet"),
    }
}
