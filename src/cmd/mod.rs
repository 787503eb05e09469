//! One module per subcommand, each with one `run`: parse the arguments, call the match
//! engine ([`crate::game`]) and read the store, or make a change through
//! [`crate::table`] (the only writer), hand the result to a view. No module here
//! imports another; what they share is in [`context`] (where the database is, how to show
//! output, reopening a finished match) and [`arguments`] (choosing the match, a season,
//! reading `PLAYER=GRID` arguments).

mod advise;
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
mod serve;
mod simulate;
mod stats;
mod tournament;
mod undo;

mod arguments;
mod context;
mod reopen;

pub use crate::table::pick_match;
pub use arguments::{day, pairs, season};
pub use context::{house_none, Context};
pub use reopen::said_reopened;

use crate::cli::{Cli, Command};
use crate::error::Result;
use crate::store;
use crate::view::Output;

/// Runs the parsed command line.
pub fn dispatch(cli: Cli) -> Result<()> {
    let out = Output::new(cli.json, cli.color.forced()).wide(cli.wide);
    // `golf config init` and `golf config set` mend a config file that fails to load
    let mends_config = matches!(
        &cli.command,
        Command::Config(crate::cli::ConfigArgs { action: Some(_) })
    );
    let config = match crate::config::load(crate::config::path().as_deref()) {
        Ok(config) => config,
        Err(_) if mends_config => crate::config::Config::default(),
        Err(mut e) => {
            e.message.push_str(
                " (`golf config set KEY VALUE` mends one key; `golf config init` starts afresh, keeping this file aside)",
            );
            return Err(e.into());
        }
    };
    let ctx = Context {
        db: cli.db,
        config,
        out,
    };
    // a database failure names the file it happened in; a damaged one is left as found,
    // without the -wal and -shm files this command's connections made beside it
    let path = ctx.db_path().ok();
    let companions = path.as_deref().map(store::Companions::of);
    let result = run(&ctx, cli.command).map_err(|e| match (&path, companions) {
        (Some(path), Some(before)) => {
            if store::is_damage(&e) {
                before.remove_made(path);
            }
            store::explain(e, path)
        }
        _ => e,
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
        Command::Serve(args) => serve::run(ctx, args.0),
        Command::Advise(args) => advise::run(ctx, args.0),
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
        Command::Man(args) => man::run(ctx, args),
    }
}
