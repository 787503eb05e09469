//! `golf finish`: close a match after its last hole, breaking a tie by the match's
//! tiebreak chain (RULES.md §8). A sudden-death tie waits for playoff holes; a match
//! already finished is said to be, with its card.

use super::{pick_match, Context};
use crate::cli::MatchArg;
use crate::error::Result;
use crate::store;
use crate::view::card::CardView;

/// Runs `golf finish`.
pub fn run(ctx: &Context, args: MatchArg) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let now = store::timestamp();
    let m = store.write(|tx| {
        let mut m = match (pick_match(tx, args.id(), true), args.id()) {
            (Ok(m), _) => m,
            // no unfinished match: the newest one, to say it is finished
            (Err(e), Some(_)) => return Err(e),
            (Err(e), None) => match store::latest_match(tx, false)? {
                Some(id) => pick_match(tx, Some(id), false)?,
                None => return Err(e),
            },
        };
        if m.finished_at.is_none() {
            let outcome = m.finish(&now)?;
            store::finish(tx, m.id, &now, &serde_json::to_string(&outcome)?)?;
        }
        Ok(m)
    })?;
    let card = CardView::new(&m);
    if m.finished_at.as_deref() != Some(now.as_str()) && !ctx.out.json {
        let at = crate::text::local_time(m.finished_at.as_deref().unwrap_or_default());
        crate::outln!(
            "Match {} was already finished on {at}; its result stands.",
            m.id
        );
    }
    ctx.out.show(&card)
}
