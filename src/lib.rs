//! golf: the scorekeeper and house-rules referee for the card game Golf.
//!
//! A pure core — [`card`], [`grid`], [`rules`], [`scoring`], [`deck`], [`player`] and the
//! match engine [`game`] — does no I/O: plain functions over plain types, each module with
//! its own error type. [`store`] keeps matches in SQLite (no SQL elsewhere); [`view`]
//! builds every table and JSON document; [`table`] makes every change to a match, a
//! tournament or a draft, each one function and one transaction, for both shells; [`cmd`]
//! holds one small module per subcommand that parses, reads the store or calls [`table`],
//! and hands the result to a view, and [`serve`] does the same for the phones. [`run`] is
//! the whole program; `main` only turns its result into an exit code.
//!
//! Scoring a grid the way `golf score` does (RULES.md §11, Eight-card sheet hand #2):
//!
//! ```
//! use golf::{grid::Grid, rules, scoring};
//!
//! let rules = rules::resolve("eight-card", &[])?;
//! let grid = Grid::parse_for("6 4 9 9 / A K 9 9", rules.expected())?;
//! let breakdown = scoring::score(&grid, &rules);
//! assert_eq!(breakdown.total, 1); // 6 + 4 + 1 + 0, and two columns of nines earn -10
//! assert_eq!(breakdown.bonuses[0].points, -10);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod asides;
pub mod bots;
pub mod bounds;
pub mod cache;
pub mod card;
pub mod cli;
pub mod cmd;
pub mod config;
pub mod config_keys;
pub mod deck;
pub mod error;
pub mod game;
pub mod grid;
pub mod odds;
pub mod output_file;
pub mod play;
pub mod player;
pub mod prompt;
pub mod ratings;
pub mod rules;
pub mod scoring;
pub mod serve;
pub mod sheet;
pub mod sim;
pub mod store;
pub mod table;
pub mod text;
pub mod view;

pub use error::{Error, InputError};

/// Runs golf with the given command-line arguments (the program name first), writing
/// human or JSON output to stdout and returning what went wrong, if anything:
/// [`Error::exit_code`] gives 2 for bad input or usage, 1 for a system failure. Never exits
/// the process: a usage error, `--help` and `--version` come back as [`Error::Usage`].
pub fn run<I, T>(args: I) -> Result<(), Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    let mut command = <cli::Cli as clap::CommandFactory>::command();
    let cli = command
        .try_get_matches_from_mut(cli::negative_grids_last(args))
        .and_then(|matches| <cli::Cli as clap::FromArgMatches>::from_arg_matches(&matches))
        .map_err(|e| e.format(&mut command))?;
    // the command tree (every subcommand's arguments and help) is left for the process's
    // end to free: freeing it piece by piece took a sixth of `golf score`'s start-up
    std::mem::forget(command);
    cmd::dispatch(cli)
}
