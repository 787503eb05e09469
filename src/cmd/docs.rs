//! `golf completions SHELL`, generated from the command line's own definition
//! (clap_complete), so it never drifts from it; and `golf config`, the defaults in force.
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

/// Prints the defaults in force and where each comes from: `golf config`.
pub fn config(ctx: &super::Context) -> Result<()> {
    let path = crate::config::path();
    let shown = path.as_ref().map(|p| crate::text::path(p));
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
            value: crate::text::path(&ctx.db_path()?),
            from: db_from,
        },
    ];
    ctx.out.show(&crate::view::config::ConfigView {
        exists: path.as_ref().is_some_and(|p| p.exists()),
        file: shown,
        settings,
    })
}
