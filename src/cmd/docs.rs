//! `golf completions SHELL` and `golf man`: generated from the command line's own
//! definition (clap_complete, clap_mangen), so they never drift from it.

use clap::CommandFactory;

use crate::cli::Cli;
use crate::error::Result;

/// Prints the completion script for `shell` to stdout: it registers `golf` with the shell,
/// which then asks `golf` itself (`GOLF_COMPLETE=SHELL golf -- WORDS`, clap_complete's dynamic
/// completion) — so commands, flags and bundled rule names are always current, and PLAYER
/// arguments offer the names recorded in the database.
pub fn completions(shell: clap_complete::Shell) -> Result<()> {
    let name = shell.to_string();
    let shells = clap_complete::env::Shells::builtins();
    let Some(completer) = shells.completer(&name) else {
        return crate::error::input(format!("no completion for the shell {name}"));
    };
    let mut out = Vec::new();
    completer.write_registration("GOLF_COMPLETE", "golf", "golf", "golf", &mut out)?;
    use std::io::Write as _;
    std::io::stdout().write_all(&out)?;
    Ok(())
}

/// Prints the manual page of golf, or of the subcommand `args.names` names (`rules sheet`),
/// in roff to stdout; with `--dir`, writes every page there (`golf.1`, `golf-hole.1`, …),
/// the names each page's SUBCOMMANDS section refers to. Errors name an unknown subcommand.
pub fn man(args: crate::cli::ManArgs) -> Result<()> {
    // no `help` subcommand: it has no page of its own to refer to
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir)?;
        let written = write_pages(&cmd, dir)?;
        eprintln!("golf: wrote {written} manual pages into {}", dir.display());
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

/// Prints the defaults in force and where each comes from: `golf config`.
pub fn config(ctx: &super::Context) -> Result<()> {
    let path = crate::config::path();
    let shown = path.as_ref().map(|p| p.display().to_string());
    // the file's path is on the first line of the view
    let in_file = |set: bool| match (set, &shown) {
        (true, Some(_)) => "config file".to_string(),
        _ => "golf's default".to_string(),
    };
    let c = &ctx.config;
    let list = |l: &Option<Vec<String>>| l.as_ref().map(|v| v.join(", "));
    let db_from = match (&ctx.db, std::env::var_os("GOLF_DB")) {
        (Some(_), Some(_)) => "--db or GOLF_DB".to_string(),
        (Some(_), None) => "--db".to_string(),
        (None, _) => in_file(c.db.is_some()),
    };
    let settings = vec![
        crate::view::config::Setting {
            key: "rules",
            value: c
                .rules
                .clone()
                .unwrap_or_else(|| "(none: give --rules)".into()),
            from: in_file(c.rules.is_some()),
        },
        crate::view::config::Setting {
            key: "house",
            value: list(&c.house).unwrap_or_else(|| "(none)".into()),
            from: in_file(c.house.is_some()),
        },
        crate::view::config::Setting {
            key: "decks",
            value: c
                .decks
                .map_or_else(|| "the rules' for the table".into(), |d| d.to_string()),
            from: in_file(c.decks.is_some()),
        },
        crate::view::config::Setting {
            key: "tiebreak",
            value: list(&c.tiebreak).unwrap_or_else(|| "the rules' chain".into()),
            from: in_file(c.tiebreak.is_some()),
        },
        crate::view::config::Setting {
            key: "odds",
            value: match c.odds {
                Some(false) => "off: no chances on the card".into(),
                _ => "on: chances on the card".into(),
            },
            from: in_file(c.odds.is_some()),
        },
        crate::view::config::Setting {
            key: "db",
            value: ctx.db_path()?.display().to_string(),
            from: db_from,
        },
    ];
    ctx.out.show(&crate::view::config::ConfigView {
        exists: path.as_ref().is_some_and(|p| p.exists()),
        file: shown,
        settings,
    })
}
