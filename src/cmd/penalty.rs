//! `golf penalty`: a tournament penalty — points with a reason, an illegal move or minutes
//! late, escalating as the match's rules set them (RULES.md §9, Official §6.3).

use super::{pick_match, Context};
use crate::cli::PenaltyArgs;
use crate::error::{input, Result};
use crate::game::PenaltyRequest;
use crate::player;
use crate::store;
use crate::view::matches::PenaltyGiven;

/// Runs `golf penalty`.
pub fn run(ctx: &Context, args: PenaltyArgs) -> Result<()> {
    let kind = match (args.points, args.reason, args.illegal_move, args.late) {
        (Some(p), Some(r), false, None) => PenaltyRequest::Points(p, r),
        (None, None, true, None) => PenaltyRequest::IllegalMove,
        (None, None, false, Some(m)) => PenaltyRequest::Late(m),
        _ => {
            return input(
                "give one of: --points N --reason TEXT, --illegal-move, or --late MINUTES",
            )
        }
    };
    let mut store = ctx.open_existing()?;
    let now = store::timestamp();
    let (m, record) = store.write(|tx| {
        let mut m = pick_match(tx, args.match_id, true)?;
        let seat = player::find(&m.players, &args.player)?;
        let record = m.penalty(seat, kind.clone(), args.hole, &now)?;
        store::insert_penalty(tx, m.id, &record)?;
        m.penalties.push(record.clone());
        Ok((m, record))
    })?;
    ctx.out.show(&PenaltyGiven::new(&m, &record))
}
