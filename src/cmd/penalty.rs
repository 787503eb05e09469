//! `golf penalty`: a tournament penalty — points with a reason, an illegal move or minutes
//! late, escalating as the match's rules set them (RULES.md §9, Official §6.3); and a
//! disqualification from a whole tournament, also between rounds (§13).

use rusqlite::Connection;

use super::{pick_match, reopen, said_reopened, Context};
use crate::cli::PenaltyArgs;
use crate::error::{input, Result};
use crate::game::PenaltyRequest;
use crate::player;
use crate::store;
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
    let now = store::timestamp();
    let done = store.write(|tx| {
        let match_id = match (args.tournament, args.match_id) {
            (true, None) => match table_in_play(tx, &args, &now)? {
                Table::Match(id) => Some(id),
                Table::BetweenRounds(view) => return Ok(Err(view)),
            },
            (_, id) => id,
        };
        let mut m = pick_match(tx, match_id, true)?;
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
        Ok(Ok((m, record, reopened)))
    })?;
    match done {
        Ok((m, record, reopened)) => {
            said_reopened(&m, reopened);
            ctx.out.show(&PenaltyGiven::new(&m, &record))
        }
        Err(view) => ctx.out.show(&view),
    }
}

/// Where a disqualification from a tournament lands.
enum Table {
    /// The player's table in play: disqualified from that match and the tournament.
    Match(i64),
    /// No match of theirs in play: disqualified from the tournament only, already done.
    BetweenRounds(TournamentDisqualified),
}

/// The player's table in play in the tournament `--tournament-name` (or the newest); with
/// none, disqualifies them from the tournament at once (RULES.md §13: nothing finished
/// changes; they are seated no more and listed last).
fn table_in_play(tx: &Connection, args: &PenaltyArgs, now: &str) -> Result<Table> {
    let Some(t) = store::tournaments::load(tx, args.tournament_name.as_deref())? else {
        return input(match &args.tournament_name {
            Some(name) => format!(
                "there is no tournament named {}; `golf tournament list` lists them",
                crate::text::escape(name)
            ),
            None => "there is no tournament; start one with `golf tournament new`".into(),
        });
    };
    let name = t.players[player::find(&t.players, &args.player)?].clone();
    if t.disqualified.iter().any(|(d, _)| *d == name) {
        return input(format!(
            "{name} is already disqualified from the tournament {}",
            t.name
        ));
    }
    let in_play = t.played.last().and_then(|round| {
        round.iter().find(|m| {
            m.finished_at.is_none() && m.abandoned_at.is_none() && m.players.contains(&name)
        })
    });
    if let Some(m) = in_play {
        return Ok(Table::Match(m.id));
    }
    let reason = args.reason.clone().unwrap_or_default();
    store::tournaments::disqualify(tx, t.id, &name, now, &reason)?;
    Ok(Table::BetweenRounds(TournamentDisqualified {
        tournament: t.name.clone(),
        player: name,
        reason,
        rounds_played: t.played.len(),
    }))
}
