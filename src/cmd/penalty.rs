//! `golf penalty`: a tournament penalty — points with a reason, an illegal move or minutes
//! late, escalating as the match's rules set them (RULES.md §9, Official §6.3); and a
//! disqualification from a whole tournament, also between rounds (§13).

use super::{said_reopened, Context};
use crate::cli::PenaltyArgs;
use crate::error::{input, Result};
use crate::game::PenaltyRequest;
use crate::table::{self, PenaltyEntry};
use crate::view::matches::{PenaltyGiven, TournamentDisqualified};

/// Runs `golf penalty`.
pub fn run(ctx: &Context, args: PenaltyArgs) -> Result<()> {
    let kind = match (args.points, &args.reason, args.illegal_move, args.late, args.disqualify) {
        (Some(p), Some(r), false, None, false) => PenaltyRequest::Points(p, r.clone()),
        (None, None, true, None, false) => PenaltyRequest::IllegalMove,
        (None, None, false, Some(m), false) => PenaltyRequest::Late(m),
        (None, Some(r), false, None, true) => PenaltyRequest::Disqualify(r.clone()),
        _ => {
            return input(
                "give one of: --points N --reason TEXT, --illegal-move, --late MINUTES, or --disqualify --reason TEXT",
            )
        }
    };
    let mut store = ctx.open_existing()?;
    let entry = PenaltyEntry {
        match_id: args.match_id,
        player: args.player.clone(),
        kind,
        hole: args.hole,
        tournament: args.tournament.then(|| args.tournament_name.clone()),
    };
    match table::penalty(&mut store, &entry)? {
        Ok(given) => {
            said_reopened(&given.m, given.reopened);
            ctx.out.show(&PenaltyGiven::new(&given.m, &given.what))
        }
        Err(between) => ctx.out.show(&TournamentDisqualified {
            tournament: between.tournament,
            player: between.player,
            reason: between.reason,
            rounds_played: between.rounds_played,
        }),
    }
}
