//! `golf finish`: close a match after its last hole, breaking a tie by the match's
//! tiebreak chain (RULES.md §8). A sudden-death tie waits for playoff holes; a match
//! already finished is said to be, with its card.

use super::Context;
use crate::cli::MatchArg;
use crate::error::Result;
use crate::table;
use crate::view::card::CardView;

/// Runs `golf finish`.
pub fn run(ctx: &Context, args: MatchArg) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let (m, newly) = table::finish(&mut store, args.id())?;
    if !newly && !ctx.out.json {
        let at = crate::text::local_time(m.finished_at.as_deref().unwrap_or_default());
        crate::view::outln!(
            "Match {} was already finished on {at}; its result stands.",
            m.id
        );
    }
    ctx.out.show(&CardView::new(&m))
}
