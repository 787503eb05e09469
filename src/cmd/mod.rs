//! One module per subcommand, each with one `run`: parse the arguments, call the match
//! engine ([`crate::game`]) and the store, hand the result to a view. No module here
//! imports another; what they share is here: where the database is and how to show output,
//! choosing the match, reading `PLAYER=GRID` arguments.

mod amend;
mod backup;
mod card;
mod chart;
mod check;
mod config;
mod delete;
mod docs;
mod export;
mod finish;
mod history;
mod hole;
mod import;
mod log;
mod man;
mod match_edit;
mod new;
mod odds;
mod penalty;
mod ratings;
mod rescore;
mod rules;
mod ruling;
mod score;
mod simulate;
mod stats;
mod tournament;
mod undo;

use std::path::{Path, PathBuf};

use rusqlite::Connection;

use crate::cli::{Cli, Command};
use crate::error::{input, Result};
use crate::game::{Ending, GameError, Match};
use crate::store::{self, Store};
use crate::view::Output;

/// What every command needs: where the database is, the group's defaults, how to show
/// output.
#[derive(Debug, Clone)]
pub struct Context {
    /// `--db`/`GOLF_DB`, if given.
    pub db: Option<PathBuf>,
    /// The config file's defaults (empty without one).
    pub config: crate::config::Config,
    /// How to render.
    pub out: Output,
}

impl Context {
    /// The database path: `--db`/`GOLF_DB`, else the config's, else the default.
    pub fn db_path(&self) -> Result<PathBuf> {
        match (&self.db, &self.config.db) {
            (Some(p), _) if p.as_os_str().is_empty() => input(
                "--db (or GOLF_DB) is empty; expected the path of the database file, or neither for the default",
            ),
            (Some(p), _) | (None, Some(p)) => Ok(p.clone()),
            (None, None) => Ok(store::default_path()?),
        }
    }

    /// The rules to use: `--rules`, else the config's. Errors when neither names any.
    pub fn rules(&self, flag: Option<String>) -> Result<String> {
        match flag.or_else(|| self.config.rules.clone()) {
            Some(r) => Ok(r),
            None => input(
                "no rules given; expected --rules NAME (e.g. --rules classic), or a default `rules = \"classic\"` in the config file (`golf config` shows where)",
            ),
        }
    }

    /// The house rules to use: `--house` if any is given, else the config's. `--house none`
    /// clears the config's house rules (RULES.md §6): no house rules, or only the other
    /// `--house` rules given with it.
    pub fn house(&self, flags: Vec<String>) -> Vec<String> {
        let none = flags.iter().any(|f| f.trim().eq_ignore_ascii_case("none"));
        let named: Vec<String> = flags
            .into_iter()
            .filter(|f| !f.trim().eq_ignore_ascii_case("none"))
            .collect();
        match (none, named.is_empty(), &self.config.house) {
            (false, true, Some(h)) => h.clone(),
            _ => named,
        }
    }

    /// Writes `bytes` to the output file `path` (`-` is stdout) through
    /// [`crate::output_file`]: never the database or its journals, atomically for a regular
    /// file, directly into a named pipe or a device; errors name the path.
    pub fn write_file(&self, path: &Path, bytes: &[u8]) -> Result<()> {
        crate::output_file::write(path, &self.output_guard()?, bytes)
    }

    /// What output files may not be: this command's database and its journals (for
    /// [`crate::output_file::write_with`], to stream a large output).
    pub fn output_guard(&self) -> Result<crate::output_file::Guard> {
        Ok(crate::output_file::Guard::database(&self.db_path()?))
    }

    /// Opens the database for a command that starts something (a match, an import, a
    /// tournament), creating it if needed; its first write checks the whole file
    /// ([`Store::check_before_writing`]), so a damaged database takes nothing new.
    pub fn open_write(&self) -> Result<Store> {
        let mut store = Store::open(&self.db_path()?)?;
        store.check_before_writing();
        Ok(store)
    }

    /// Opens an existing database for a command that changes a match (never creates it).
    pub fn open_existing(&self) -> Result<Store> {
        let path = self.db_path()?;
        if !path.exists() {
            return no_matches(&path);
        }
        Store::open(&path)
    }

    /// Opens the database read-only (never creates or writes it).
    pub fn open_read(&self) -> Result<Store> {
        let path = self.db_path()?;
        match Store::open_read_only(&path)? {
            Some(store) => Ok(store),
            None => no_matches(&path),
        }
    }
}

fn no_matches<T>(path: &Path) -> Result<T> {
    input(format!(
        "no matches recorded yet in {}; start one with `golf new --rules classic PLAYER...` or `golf import FILE`",
        path.display()
    ))
}

/// Loads the match `id`, or the newest (unfinished, if `unfinished`) match. Without an id,
/// refuses to guess among several tournament tables in play: at a shared tournament
/// database the newest is another table's.
pub fn pick_match(conn: &Connection, id: Option<i64>, unfinished: bool) -> Result<Match> {
    let id = match id {
        Some(id) => id,
        None => match store::latest_match(conn, unfinished)? {
            Some(id) if unfinished && store::tournaments::tournament_of(conn, id)?.is_some() => {
                let open = store::tournaments::tables_in_play(conn)?;
                if open.len() > 1 {
                    let ids: Vec<String> = open.iter().map(i64::to_string).collect();
                    return input(format!(
                        "several tournament tables are in play (matches {}); name yours with --match ID",
                        ids.join(", ")
                    ));
                }
                id
            }
            Some(id) => id,
            None if unfinished => return input(
                "no unfinished match; start one with `golf new`, or name a match with --match ID",
            ),
            None => return input("no matches recorded yet; start one with `golf new`"),
        },
    };
    match store::load_match(conn, id)? {
        Some(m) => Ok(m),
        None => input(format!(
            "there is no match {id}; `golf history` lists the matches"
        )),
    }
}

/// The finished matches `season` selects, for `player` (exact NFC name, checked), as the
/// store's filter: days checked as `YYYY-MM-DD` (RULES.md §16).
pub fn season(
    season: crate::cli::SeasonArgs,
    player: Option<&str>,
) -> Result<store::stats::Filter> {
    Ok(store::stats::Filter {
        player: player.map(crate::player::normalise).transpose()?,
        rules: season.rules,
        holes: season.holes,
        since: day("--since", season.since)?,
        until: day("--until", season.until)?,
    })
}

/// A day as `YYYY-MM-DD`, checked; `flag` names it in the message.
pub fn day(flag: &str, text: Option<String>) -> Result<Option<String>> {
    match text {
        None => Ok(None),
        Some(t) => match crate::text::day(&t) {
            Some(d) => Ok(Some(d.format("%Y-%m-%d").to_string())),
            None => input(format!(
                "{flag} `{}` is not a day in the years 0001 to 9999; expected e.g. 2026-11-01",
                crate::text::escape(&t)
            )),
        },
    }
}

/// Reopens `m` if it is finished, so a correction can change it (RULES.md §17): the
/// result it replaced goes to the audit log and the stored result is cleared. Returns
/// whether it was reopened; [`said_reopened`] tells the user.
pub fn reopen(conn: &Connection, m: &mut Match, now: &str) -> Result<bool> {
    let Some(audit) = m.reopen(now) else {
        return Ok(false);
    };
    store::insert_audit(conn, m.id, &audit)?;
    store::reopen(conn, m.id)?;
    Ok(true)
}

/// Says on stderr that a correction reopened match `m`, and how to record the new result.
pub fn said_reopened(m: &Match, reopened: bool) {
    if reopened {
        eprintln!(
            "golf: match {id} was finished; this correction reopens it (the result it replaced is kept in `golf log {id}`). Record the new result with `golf finish {id}`.",
            id = m.id
        );
    }
}

/// Splits `PLAYER=GRID` arguments into `(player, grid)` pairs; `m` gives the example in
/// the message when one is not of that form.
pub fn pairs(m: &Match, args: &[String]) -> Result<Vec<(String, String)>, GameError> {
    args.iter()
        .map(|arg| match arg.split_once('=') {
            Some((name, grid)) => Ok((name.to_string(), grid.to_string())),
            None => Err(GameError::NotPlayerGrid {
                arg: arg.clone(),
                example: m.players.first().cloned().unwrap_or_else(|| "ann".into()),
            }),
        })
        .collect()
}

/// Who ended the hole, from `--out PLAYER` or `--knock PLAYER` (clap refuses both).
pub fn ending(m: &Match, out: Option<&str>, knock: Option<&str>) -> Result<Option<Ending>> {
    let (name, knocked) = match (out, knock) {
        (Some(name), _) => (name, false),
        (None, Some(name)) => (name, true),
        (None, None) => return Ok(None),
    };
    let seat = crate::player::find(&m.players, name)?;
    Ok(Some(Ending { seat, knocked }))
}

/// Runs the parsed command line.
pub fn dispatch(cli: Cli) -> Result<()> {
    let out = Output::new(cli.json, cli.color).wide(cli.wide);
    let config =
        crate::config::load(crate::config::path().as_deref()).map_err(crate::Error::from)?;
    let ctx = Context {
        db: cli.db,
        config,
        out,
    };
    // a database failure names the file it happened in
    let result = run(&ctx, cli.command).map_err(|e| match ctx.db_path() {
        Ok(path) => store::explain(e, &path),
        Err(_) => e,
    });
    if let (Err(e), true) = (&result, ctx.out.json) {
        // --json: the error is a document too (stdout), besides the message on stderr
        let _ = crate::view::json(&serde_json::json!({
            "error": e.describe(),
            "code": e.exit_code(),
        }));
    }
    result
}

fn run(ctx: &Context, command: Command) -> Result<()> {
    match command {
        Command::Score(args) => score::run(ctx, args.0),
        Command::Rules(args) => rules::run(ctx, args),
        Command::Ruling(args) => ruling::run(ctx, args.0),
        Command::New(args) => new::run(ctx, args.0),
        Command::Hole(args) => hole::run(ctx, args.0),
        Command::Amend(args) => amend::run(ctx, args.0),
        Command::Undo(args) => undo::run(ctx, args.0),
        Command::Penalty(args) => penalty::run(ctx, args.0),
        Command::Card(args) => card::run(ctx, args.0),
        Command::Odds(args) => odds::run(ctx, args.0),
        Command::Finish(args) => finish::run(ctx, args.0),
        Command::History(args) => history::run(ctx, args.0),
        Command::Import(args) => import::run(ctx, args.0),
        Command::Log(args) => log::run(ctx, args.0),
        Command::Chart(args) => chart::run(ctx, args.0),
        Command::Stats(args) => stats::run(ctx, args.0),
        Command::HeadToHead(args) => stats::head_to_head(ctx, args.0),
        Command::Ratings(args) => ratings::run(ctx, args.0),
        Command::Export(args) => export::run(ctx, args.0),
        Command::Tournament(args) => tournament::run(ctx, args),
        Command::Rescore(args) => rescore::run(ctx, args.0),
        Command::Backup(args) => backup::run(ctx, args.0),
        Command::Check => check::run(ctx),
        Command::Simulate(args) => simulate::run(ctx, args.0),
        Command::Match(crate::cli::MatchCommand::Edit(args)) => match_edit::run(ctx, args),
        Command::Abandon(args) => match_edit::abandon(ctx, args.0),
        Command::Delete(args) => delete::run(ctx, args.0, true),
        Command::Restore(args) => delete::run(ctx, args.0, false),
        Command::Config(args) => match args.action {
            None => docs::config(ctx),
            Some(crate::cli::ConfigCommand::Init) => config::init(),
            Some(crate::cli::ConfigCommand::Set { key, value }) => config::set(ctx, &key, &value),
        },
        Command::Completions { shell } => docs::completions(shell),
        Command::Man(args) => man::run(args),
    }
}
