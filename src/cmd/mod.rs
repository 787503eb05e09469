//! One module per subcommand, each with one `run`: parse the arguments into domain values,
//! call the core and the store, render. Shared here: opening the store, choosing the
//! match, reading `PLAYER=GRID` arguments.

mod amend;
mod backup;
mod card;
mod check;
mod finish;
mod history;
mod hole;
mod import;
mod new;
mod penalty;
mod rules;
mod ruling;
mod score;
mod undo;
pub mod view;

use std::path::PathBuf;

use rusqlite::Connection;

use crate::cli::{Cli, Command};
use crate::error::{input, InputError};
use crate::player;
use crate::render::Output;
use crate::standings::Match;
use crate::store::{self, Store};

/// What every command needs: where the database is and how to show output.
#[derive(Debug, Clone)]
pub struct Context {
    /// `--db`/`GOLF_DB`, if given.
    pub db: Option<PathBuf>,
    /// How to render.
    pub out: Output,
}

impl Context {
    /// The database path: `--db`/`GOLF_DB`, else the default.
    pub fn db_path(&self) -> anyhow::Result<PathBuf> {
        match &self.db {
            Some(p) => Ok(p.clone()),
            None => store::default_path(),
        }
    }

    /// Opens the database for a recording command, creating it if needed.
    pub fn open_write(&self) -> anyhow::Result<Store> {
        Store::open(&self.db_path()?)
    }

    /// Opens an existing database for a command that changes a match (never creates it).
    pub fn open_existing(&self) -> anyhow::Result<Store> {
        let path = self.db_path()?;
        if !path.exists() {
            return no_matches(&path);
        }
        Store::open(&path)
    }

    /// Opens the database read-only (never creates or writes it).
    pub fn open_read(&self) -> anyhow::Result<Store> {
        let path = self.db_path()?;
        match Store::open_read_only(&path)? {
            Some(store) => Ok(store),
            None => no_matches(&path),
        }
    }
}

fn no_matches<T>(path: &std::path::Path) -> anyhow::Result<T> {
    input(format!(
        "no matches recorded yet in {}; start one with `golf new --rules classic PLAYER...` or `golf import FILE`",
        path.display()
    ))
}

/// Loads the match `id`, or the newest (unfinished, if `unfinished`) match.
pub fn pick_match(conn: &Connection, id: Option<i64>, unfinished: bool) -> anyhow::Result<Match> {
    let id = match id {
        Some(id) => id,
        None => match store::latest_match(conn, unfinished)? {
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

/// Refuses to change a finished match.
pub fn unfinished(m: &Match) -> Result<(), InputError> {
    match &m.finished_at {
        Some(at) => Err(InputError::new(format!(
            "match {} was finished on {}; a finished match cannot change",
            m.id,
            view::local(at)
        ))),
        None => Ok(()),
    }
}

/// Reads `PLAYER=GRID` arguments into `(seat, text)`. Errors: not of that form, an unknown
/// player, a player twice. Completeness is checked by the caller.
pub fn parse_entries(m: &Match, args: &[String]) -> anyhow::Result<Vec<(usize, String)>> {
    let mut entries: Vec<(usize, String)> = Vec::new();
    for arg in args {
        let Some((name, grid)) = arg.split_once('=') else {
            return input(format!(
                "`{arg}` is not PLAYER=GRID; expected each player's grid, e.g. {}=\"5 K Q / 5 2 J\"",
                m.players.first().map_or("ann", String::as_str)
            ));
        };
        let seat = player::find(&m.players, name)?;
        if entries.iter().any(|(s, _)| *s == seat) {
            return input(format!(
                "{} is given twice; expected one grid per player",
                m.players[seat]
            ));
        }
        entries.push((seat, grid.to_string()));
    }
    Ok(entries)
}

/// Checks that `entries` are exactly the players in `seats`.
pub fn require_seats(
    m: &Match,
    entries: &[(usize, String)],
    seats: &[usize],
    what: &str,
) -> Result<(), InputError> {
    let missing: Vec<usize> = seats
        .iter()
        .copied()
        .filter(|s| !entries.iter().any(|(e, _)| e == s))
        .collect();
    let extra: Vec<usize> = entries
        .iter()
        .map(|(s, _)| *s)
        .filter(|s| !seats.contains(s))
        .collect();
    if !extra.is_empty() {
        return Err(InputError::new(format!(
            "{} {} not in {what}; expected grids for {} only",
            m.names(&extra),
            if extra.len() == 1 { "is" } else { "are" },
            m.names(seats)
        )));
    }
    if !missing.is_empty() {
        return Err(InputError::new(format!(
            "no grid for {}; {what} needs one for each of {}",
            m.names(&missing),
            m.names(seats)
        )));
    }
    Ok(())
}

/// Runs the parsed command line.
pub fn dispatch(cli: Cli) -> anyhow::Result<()> {
    let ctx = Context {
        db: cli.db,
        out: Output::new(cli.json, cli.color),
    };
    // a database failure names the file it happened in
    run(&ctx, cli.command).map_err(|e| match ctx.db_path() {
        Ok(path) => store::explain(e, &path),
        Err(_) => e,
    })
}

fn run(ctx: &Context, command: Command) -> anyhow::Result<()> {
    match command {
        Command::Score(args) => score::run(ctx, args),
        Command::Rules(args) => rules::run(ctx, args),
        Command::Ruling(args) => ruling::run(ctx, args),
        Command::New(args) => new::run(ctx, args),
        Command::Hole(args) => hole::run(ctx, args),
        Command::Amend(args) => amend::run(ctx, args),
        Command::Undo(args) => undo::run(ctx, args),
        Command::Penalty(args) => penalty::run(ctx, args),
        Command::Card(args) => card::run(ctx, args),
        Command::Finish(args) => finish::run(ctx, args),
        Command::History(args) => history::run(ctx, args),
        Command::Import(args) => import::run(ctx, args),
        Command::Backup(args) => backup::run(ctx, args),
        Command::Check => check::run(ctx),
    }
}
