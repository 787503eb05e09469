//! `golf penalty`: a tournament penalty — points with a reason, an illegal move or minutes
//! late, escalating as the match's rules set them (RULES.md §9, Official §6.3).

use super::{pick_match, reopen, said_reopened, Context};
use crate::cli::PenaltyArgs;
use crate::error::{input, Result};
use crate::game::PenaltyRequest;
use crate::player;
use crate::store;
use crate::view::matches::PenaltyGiven;

/// Runs `golf penalty`.
pub fn run(ctx: &Context, args: PenaltyArgs) -> Result<()> {
    let kind = match (args.points, args.reason, args.illegal_move, args.late, args.disqualify) {
        (Some(p), Some(r), false, None, false) => PenaltyRequest::Points(p, r),
        (None, None, true, None, false) => PenaltyRequest::IllegalMove,
        (None, None, false, Some(m), false) => PenaltyRequest::Late(m),
        (None, Some(r), false, None, true) => PenaltyRequest::Disqualify(r),
        _ => {
            return input(
                "give one of: --points N --reason TEXT, --illegal-move, --late MINUTES, or --disqualify --reason TEXT",
            )
        }
    };
    let mut store = ctx.open_existing()?;
    let now = store::timestamp();
    let (m, record, reopened) = store.write(|tx| {
        let mut m = pick_match(tx, args.match_id, true)?;
        let reopened = reopen(tx, &mut m, &now)?;
        let seat = player::find(&m.players, &args.player)?;
        let record = m.penalty(seat, kind.clone(), args.hole, &now)?;
        if args.tournament {
            let Some(t) = store::tournaments::tournament_of(tx, m.id)? else {
                return input(format!(
                    "match {} is not a table of a tournament; drop --tournament to disqualify from the match only",
                    m.id
                ));
            };
            store::tournaments::disqualify(tx, t, &m.players[seat], &now, &record.reason)?;
        }
        store::insert_penalty(tx, m.id, &record)?;
        m.penalties.push(record.clone());
        Ok((m, record, reopened))
    })?;
    said_reopened(&m, reopened);
    ctx.out.show(&PenaltyGiven::new(&m, &record))
}
