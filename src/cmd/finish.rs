//! `golf finish`: close a match after its last hole, breaking a tie by the match's
//! tiebreak chain (RULES.md §8). A sudden-death tie waits for playoff holes.

use super::{pick_match, unfinished, view, Context};
use crate::cli::MatchArg;
use crate::error::input;
use crate::standings::Match;
use crate::store;

/// Finishes `m` inside the caller's transaction. Errors: holes still to play, or a
/// sudden-death tie without a deciding playoff hole.
pub fn finish(conn: &rusqlite::Connection, m: &mut Match) -> anyhow::Result<()> {
    unfinished(m)?;
    if m.holes_played() < m.holes_planned {
        return input(format!(
            "{} has {} of {} holes; record the rest with `golf hole` before finishing",
            m.label(),
            m.holes_played(),
            m.holes_planned
        ));
    }
    let outcome = m.outcome();
    if outcome.playoff_needed.is_some() {
        return input(view::summary(m, &outcome, false));
    }
    let at = store::timestamp();
    store::finish(conn, m.id, &at, &serde_json::to_string(&outcome)?)?;
    m.finished_at = Some(at);
    Ok(())
}

/// Runs `golf finish`.
pub fn run(ctx: &Context, args: MatchArg) -> anyhow::Result<()> {
    let mut store = ctx.open_existing()?;
    let m = store.write(|tx| {
        let mut m = pick_match(tx, args.match_id, true)?;
        finish(tx, &mut m)?;
        Ok(m)
    })?;
    let card = view::CardView::new(&m);
    if ctx.out.json {
        return crate::render::json(&card);
    }
    crate::outln!("{}", card.render(&ctx.out).trim_end());
    Ok(())
}
