//! `golf completions SHELL` and `golf man`: generated from the command line's own
//! definition (clap_complete, clap_mangen), so they never drift from it.

use clap::CommandFactory;

use crate::cli::Cli;
use crate::error::Result;

/// Prints the completion script for `shell` to stdout.
pub fn completions(shell: clap_complete::Shell) -> Result<()> {
    let mut cmd = Cli::command();
    clap_complete::generate(shell, &mut cmd, "golf", &mut std::io::stdout());
    Ok(())
}

/// Prints the manual page, in roff, to stdout.
pub fn man() -> Result<()> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    use std::io::Write as _;
    std::io::stdout().write_all(&out)?;
    Ok(())
}
