//! golf: the scorekeeper and house-rules referee for the card game Golf.
//!
//! A pure core — [`card`], [`grid`], [`rules`], [`scoring`], [`deck`], [`hole`], [`player`],
//! [`standings`] — does
//! no I/O: plain functions over plain types. [`store`] keeps matches in SQLite; [`cmd`] holds
//! one small module per subcommand that parses, calls the core and the store, and renders.
//! [`run`] is the whole program; `main` only turns its result into an exit code.
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

pub mod card;
pub mod cli;
pub mod cmd;
pub mod deck;
pub mod error;
pub mod grid;
pub mod hole;
pub mod player;
pub mod render;
pub mod rules;
pub mod scoring;
pub mod standings;
pub mod store;
pub mod text;

pub use error::{exit_code, InputError};

/// Runs golf with the given command-line arguments (the program name first), writing
/// human or JSON output to stdout and returning what went wrong, if anything.
/// `error::exit_code` maps the error to 2 (bad input) or 1 (system failure).
pub fn run<I, T>(args: I) -> anyhow::Result<()>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match <cli::Cli as clap::Parser>::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version print and succeed; usage errors print and exit 2.
            e.exit();
        }
    };
    cmd::dispatch(cli)
}
