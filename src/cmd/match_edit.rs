//! `golf match edit` and `golf abandon`: change a match in play, or abandon it; every
//! change is kept in the audit log.

use super::{pick_match, Context};
use crate::cli::{MatchArg, MatchEditArgs};
use crate::error::{input, Result};
use crate::game::Edit;
use crate::store;
use crate::view::card::CardView;

/// Runs `golf match edit`.
pub fn run(ctx: &Context, args: MatchEditArgs) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let now = store::timestamp();
    let m = store.write(|tx| {
        let mut m = pick_match(tx, args.match_id, true)?;
        let mut edits: Vec<Edit> = args.decks.map(Edit::Decks).into_iter().collect();
        for r in &args.rename {
            let Some((old, new)) = r.split_once('=') else {
                return input(format!(
                    "`{r}` is not OLD=NEW; expected e.g. --rename ana=ann"
                ));
            };
            let seat = crate::player::find(&m.players, old)?;
            edits.push(Edit::Rename {
                seat,
                name: new.to_string(),
            });
        }
        edits.extend(args.holes.map(Edit::Holes));
        for edit in edits {
            let audit = m.edit(edit, &now)?;
            store::insert_audit(tx, m.id, &audit)?;
        }
        store::update_match(tx, &m)?;
        Ok(m)
    })?;
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
    let mut store = ctx.open_existing()?;
    let now = store::timestamp();
    let m = store.write(|tx| {
        let mut m = pick_match(tx, args.id(), true)?;
        let audit = m.abandon(&now)?;
        store::insert_audit(tx, m.id, &audit)?;
        store::update_match(tx, &m)?;
        Ok(m)
    })?;
    if !ctx.out.json {
        crate::view::outln!("Abandoned match {}; it is kept, with no result.", m.id);
    }
    ctx.out.show(&CardView::new(&m))
}
