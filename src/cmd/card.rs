//! `golf card`: a match's scorecard, or how one of its holes was scored (CLI.md).

use super::{pick_match, Context};
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
    let (m, history) = store.read(|tx| {
        let m = pick_match(tx, id, false)?;
        // the line is extra: a history that cannot be read leaves it off, not the card
        let history = match odds && crate::odds::in_play(&m) {
            true => crate::store::stats::hole_history(tx, m.id).ok(),
            false => None,
        };
        Ok((m, history))
    })?;
    match args.hole {
        None => {
            let mut card = CardView::new(&m);
            card.chances = history.and_then(|h| chances(&m, h));
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

/// The chances line of `m` from its players' `history`: the card is shown without it when
/// they cannot be worked out (`golf odds` says why).
fn chances(m: &crate::game::Match, history: Vec<Vec<i64>>) -> Option<ChancesView> {
    crate::cache::card_odds(m, history).map(|o| ChancesView::new(&o))
}
