//! `golf match edit` and `golf abandon`: change a match in play, or abandon it; every
//! change is kept in the audit log ([`crate::table::edit`]).

use super::Context;
use crate::cli::{MatchArg, MatchEditArgs};
use crate::error::{input, Result};
use crate::table::edit::{self, MatchEdit};
use crate::view::card::CardView;

/// Runs `golf match edit`.
pub fn run(ctx: &Context, args: MatchEditArgs) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let mut rename = Vec::with_capacity(args.rename.len());
    for r in &args.rename {
        let Some((old, new)) = r.split_once('=') else {
            return input(format!(
                "`{r}` is not OLD=NEW; expected e.g. --rename ana=ann"
            ));
        };
        rename.push((old.to_string(), new.to_string()));
    }
    let change = MatchEdit {
        match_id: args.match_id,
        decks: args.decks,
        rename,
        holes: args.holes,
    };
    let m = edit::edit_match(&mut store, &change)?.m;
    if !ctx.out.json {
        crate::view::outln!(
            "Changed match {}; the change is kept in the audit log (`golf log`).",
            m.id
        );
    }
    ctx.out.show(&CardView::new(&m))
}

/// Runs `golf abandon`.
pub fn abandon(ctx: &Context, args: MatchArg) -> Result<()> {
    let m = edit::abandon(&mut ctx.open_existing()?, args.id())?.m;
    if !ctx.out.json {
        crate::view::outln!("Abandoned match {}; it is kept, with no result.", m.id);
    }
    ctx.out.show(&CardView::new(&m))
}
