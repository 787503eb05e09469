//! `golf man [SUBCOMMAND…]`: the manual pages, generated from the command line's own
//! definition (clap_mangen), so they never drift from it: one page per command and
//! subcommand (`golf-hole.1`, `golf-rules-sheet.1`), each naming only pages that exist.

use clap::CommandFactory;

use crate::cli::Cli;
use crate::error::Result;

/// Prints the manual page of golf, or of the subcommand `args.names` names (`rules sheet`),
/// in roff to stdout; with `--dir`, writes every page there (`golf.1`, `golf-hole.1`, …),
/// the names each page's SUBCOMMANDS section refers to. Errors name an unknown subcommand.
pub fn run(args: crate::cli::ManArgs) -> Result<()> {
    // no `help` subcommand: it has no page of its own to refer to
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir)?;
        let written = write_pages(&cmd, dir)?;
        crate::say!("golf: wrote {written} manual pages into {}", dir.display());
        return Ok(());
    }
    let mut page = cmd;
    for name in &args.names {
        let Some(sub) = page.find_subcommand(name).cloned() else {
            let known: Vec<&str> = page.get_subcommands().map(|c| c.get_name()).collect();
            return crate::error::input(format!(
                "`{name}` is not a subcommand of {}; expected one of {}",
                page.get_display_name().unwrap_or(page.get_name()),
                known.join(", ")
            ));
        };
        page = sub;
    }
    let mut out = Vec::new();
    page_of(page).render(&mut out)?;
    use std::io::Write as _;
    std::io::stdout().write_all(&out)?;
    Ok(())
}

/// The page of `cmd` (built), its source golf's name and version on every page.
fn page_of(cmd: clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(cmd).source(format!("golf {}", env!("CARGO_PKG_VERSION")))
}

/// Writes the page of `cmd` and of each of its subcommands, recursively, into `dir`
/// (`golf-rules-sheet.1`); returns how many.
fn write_pages(cmd: &clap::Command, dir: &std::path::Path) -> Result<usize> {
    let mut written = 1;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        written += write_pages(sub, dir)?;
    }
    page_of(cmd.clone()).generate_to(dir)?;
    Ok(written)
}
