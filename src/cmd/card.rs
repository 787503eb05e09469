//! `golf card`: a match's scorecard, or how one of its holes was scored (CLI.md).

use super::Context;
use crate::cli::CardArgs;
use crate::error::{input, Result};
use crate::view::card::CardView;
use crate::view::odds::ChancesView;
use crate::view::score::HoleScoreView;

/// Runs `golf card`.
pub fn run(ctx: &Context, args: CardArgs) -> Result<()> {
    let mut store = ctx.open_read()?;
    let id = args.match_pos.or(args.match_id);
    let odds = !args.no_odds && ctx.config.odds != Some(false) && args.hole.is_none();
    let m = store.read(|tx| crate::table::pick_match(tx, id, false))?;
    match args.hole {
        None => {
            let mut card = CardView::new(&m);
            if odds {
                card.chances = crate::table::chances(&mut store, &m).map(|o| ChancesView::new(&o));
            }
            ctx.out.show(&card)
        }
        Some(n) => match HoleScoreView::of_hole(&m, n) {
            Some(view) => ctx.out.show(&view),
            None => input(format!(
                "match {} has no hole {n}; {} of {} holes are recorded",
                m.id,
                m.holes_played(),
                m.holes_planned
            )),
        },
    }
}
