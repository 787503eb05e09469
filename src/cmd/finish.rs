//! `golf finish`: close a match after its last hole, breaking a tie by the match's
//! tiebreak chain (RULES.md §8). A sudden-death tie waits for playoff holes.

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
        let mut m = pick_match(tx, args.match_id, true)?;
        let outcome = m.finish(&now)?;
        store::finish(tx, m.id, &now, &serde_json::to_string(&outcome)?)?;
        Ok(m)
    })?;
    ctx.out.show(&CardView::new(&m))
}
