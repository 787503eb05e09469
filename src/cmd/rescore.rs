//! `golf rescore MATCH --rules/--house`: the recorded match beside what it would have been
//! under other rules. Changes nothing.

use super::{house_none, pick_match, Context};
use crate::cli::RescoreArgs;
use crate::error::Result;
use crate::rules;
use crate::view::rescore::RescoreView;

/// Runs `golf rescore`.
pub fn run(ctx: &Context, args: RescoreArgs) -> Result<()> {
    let mut store = ctx.open_read()?;
    let m = store.read(|tx| pick_match(tx, Some(args.match_id), false))?;
    // no --rules: the match's own variant and house rules, with the new house rules on top
    // (`--house none` leaves the match's house rules out)
    let (none, added) = house_none(args.house);
    let (name, house) = match args.rules {
        Some(r) => (r, added),
        None if none => (m.rules.name.clone(), added),
        None => (
            m.rules.name.clone(),
            [m.rules.house.clone(), added].concat(),
        ),
    };
    let other = rules::resolve(&name, &house)?;
    let after = m.rescored(&other)?;
    ctx.out.show(&RescoreView::new(&m, &after))
}
