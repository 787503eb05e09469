//! `golf man [SUBCOMMAND…]`: the manual pages, generated from the command line's own
//! definition (clap_mangen), so they never drift from it: one page per command and
//! subcommand (`golf-hole.1`, `golf-rules-sheet.1`), each naming only pages that exist.

use clap::CommandFactory;

use super::Context;
use crate::cli::Cli;
use crate::error::{input, Result};

/// Prints the manual page of golf, or of the subcommand `args.names` names (`rules sheet`),
/// in roff to stdout; with `--dir`, writes every page into that existing folder (`golf.1`,
/// `golf-hole.1`, …), the names each page's SUBCOMMANDS section refers to, each through the
/// output-file guard: never the database or its journals, never through a symbolic link,
/// each page written aside and renamed into place, and nothing written unless every page
/// can be. Errors name the path, or an unknown subcommand.
pub fn run(ctx: &Context, args: crate::cli::ManArgs) -> Result<()> {
    // no `help` subcommand: it has no page of its own to refer to
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    if let Some(dir) = &args.dir {
        // the folder as shown: a path is the user's text, escaped whole
        let shown = crate::text::path(dir);
        match std::fs::metadata(dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => {
                return input(format!(
                    "{shown} is not a folder; expected the folder to write the manual pages into"
                ))
            }
            Err(_) => {
                return input(format!(
                    "there is no folder {shown}; expected an existing folder for the manual pages (make it first, e.g. mkdir -p {shown})"
                ))
            }
        }
        let guard = ctx.output_guard()?;
        let mut pages = Vec::new();
        pages_of(&cmd, &mut pages)?;
        let pages: Vec<(std::path::PathBuf, Vec<u8>)> = pages
            .into_iter()
            .map(|(name, page)| (dir.join(name), page))
            .collect();
        for (path, _) in &pages {
            crate::output_file::check_named(path, &guard)?;
        }
        for (path, page) in &pages {
            crate::output_file::write_named(path, &guard, page)?;
        }
        crate::view::say!("golf: wrote {} manual pages into {shown}", pages.len());
        return Ok(());
    }
    let mut page = cmd;
    for name in &args.names {
        let Some(sub) = page.find_subcommand(name).cloned() else {
            let known: Vec<&str> = page.get_subcommands().map(|c| c.get_name()).collect();
            return input(format!(
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

/// The page of `cmd` and of each of its subcommands, recursively, as (file name, roff):
/// `golf-rules-sheet.1`.
fn pages_of(cmd: &clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> Result<()> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        pages_of(sub, pages)?;
    }
    let man = page_of(cmd.clone());
    let mut page = Vec::new();
    man.render(&mut page)?;
    pages.push((man.get_filename(), page));
    Ok(())
}
