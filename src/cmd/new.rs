//! `golf new`: start a match (CLI.md). Everything is checked before the database is opened.

use super::Context;
use crate::cli::NewArgs;
use crate::error::Result;
use crate::game::{Match, Setup};
use crate::store;
use crate::view::matches::NewView;

/// Runs `golf new`.
pub fn run(ctx: &Context, args: NewArgs) -> Result<()> {
    let setup = Setup {
        rules: ctx.rules(args.rules)?,
        house: ctx.house(args.house),
        holes: args.holes,
        target: args.target,
        decks: args.decks.or(ctx.config.decks),
        tiebreak: match args.tiebreak.is_empty() {
            true => ctx.config.tiebreak.clone().unwrap_or_default(),
            false => args.tiebreak,
        },
        name: args.name,
        players: args.players,
    };
    let m = Match::new(&setup, &store::timestamp())?;
    let started = crate::table::start::new_match(&mut ctx.open_write()?, m)?;
    let id = started.m.id;
    if let Some(other) = started.unfinished.first() {
        crate::view::say!(
            "golf: match {other} is still unfinished; commands without --match now go to match {id} (`golf abandon {other}` or `golf finish --match {other}` closes it)"
        );
    }
    ctx.out.show(&NewView::new(&started.m))
}
