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
        rules: args.rules,
        house: args.house,
        holes: args.holes,
        target: args.target,
        decks: args.decks,
        tiebreak: args.tiebreak,
        name: args.name,
        players: args.players,
    };
    let mut m = Match::new(&setup, &store::timestamp())?;
    let mut store = ctx.open_write()?;
    m.id = store.write(|tx| Ok(store::insert_match(tx, &m)?))?;
    ctx.out.show(&NewView::new(&m))
}
