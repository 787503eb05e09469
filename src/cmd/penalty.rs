//! `golf penalty`: a tournament penalty — points with a reason, an illegal move (warning,
//! +5, disqualification) or minutes late (+2 a minute), as the match's rules set them
//! (RULES.md §9, Official §6.3).

use serde::Serialize;

use super::{pick_match, unfinished, Context};
use crate::cli::PenaltyArgs;
use crate::error::input;
use crate::player;
use crate::standings::{self, Match, PenaltyKind, PenaltyRecord};
use crate::store;

/// The longest penalty reason, in characters.
pub const MAX_REASON: usize = 200;
/// The most penalty points given at once, either sign (RULES.md §12).
pub const MAX_POINTS: i32 = 100;

/// What penalty to give.
#[derive(Debug, Clone)]
pub enum Kind {
    /// Points with a reason.
    Points(i32, String),
    /// An illegal move.
    IllegalMove,
    /// Minutes over the time limit.
    Late(u32),
}

/// Builds the penalty record for `seat` on `hole` (default: the hole in play), applying the
/// escalation of Official §6.3. Errors: a hole outside the match, a disqualified player, a
/// number out of range, an empty or overlong reason.
pub fn build(
    m: &Match,
    seat: usize,
    kind: Kind,
    hole: Option<u32>,
) -> anyhow::Result<PenaltyRecord> {
    let hole = hole.unwrap_or_else(|| (m.holes_played() + 1).min(m.holes_planned));
    if !(1..=m.holes_planned).contains(&hole) {
        return input(format!(
            "hole {hole} is not in {}; expected 1 to {}",
            m.label(),
            m.holes_planned
        ));
    }
    let name = &m.players[seat];
    if m.penalties.iter().any(|p| p.seat == seat && p.disqualifies) {
        return input(format!("{name} is already disqualified from {}", m.label()));
    }
    let (kind, points, disqualifies, reason) = match kind {
        Kind::Points(points, reason) => {
            // RULES.md §12: penalty points -100…100 (compared, never negated, so no
            // value of the argument can wrap)
            if points == 0 || !(-MAX_POINTS..=MAX_POINTS).contains(&points) {
                return input(format!(
                    "--points {points} is out of range; expected -{MAX_POINTS} to {MAX_POINTS}, not 0"
                ));
            }
            let reason = crate::text::stored("the penalty reason", &reason, MAX_REASON)?;
            (PenaltyKind::Points, points, false, reason)
        }
        Kind::IllegalMove => {
            let previous = m
                .penalties
                .iter()
                .filter(|p| p.seat == seat && p.kind == PenaltyKind::IllegalMove)
                .count();
            let source = m.rules.source_of("tournament.illegal_move");
            let (points, dq, reason) =
                standings::illegal_move(previous, &m.rules.tournament, source);
            (PenaltyKind::IllegalMove, points, dq, reason)
        }
        Kind::Late(minutes) => {
            if !(1..=120).contains(&minutes) {
                return input(format!(
                    "--late {minutes} is out of range; expected 1 to 120 minutes"
                ));
            }
            let source = m.rules.source_of("tournament.late_per_minute");
            let (points, reason) = standings::late(minutes, &m.rules.tournament, source);
            (PenaltyKind::Late, points, false, reason)
        }
    };
    Ok(PenaltyRecord {
        seat,
        hole,
        kind,
        points,
        disqualifies,
        reason,
        recorded_at: store::timestamp(),
    })
}

#[derive(Serialize)]
struct PenaltyView<'a> {
    #[serde(rename = "match")]
    id: i64,
    player: &'a str,
    hole: u32,
    kind: &'static str,
    points: i32,
    disqualifies: bool,
    reason: &'a str,
    total: i64,
}

/// Runs `golf penalty`.
pub fn run(ctx: &Context, args: PenaltyArgs) -> anyhow::Result<()> {
    let kind = match (
        args.points,
        args.reason.clone(),
        args.illegal_move,
        args.late,
    ) {
        (Some(p), Some(r), false, None) => Kind::Points(p, r),
        (None, None, true, None) => Kind::IllegalMove,
        (None, None, false, Some(m)) => Kind::Late(m),
        _ => {
            return input(
                "give one of: --points N --reason TEXT, --illegal-move, or --late MINUTES",
            )
        }
    };
    let mut store = ctx.open_existing()?;
    let (m, record) = store.write(|tx| {
        let mut m = pick_match(tx, args.match_id, true)?;
        unfinished(&m)?;
        let seat = player::find(&m.players, &args.player)?;
        let record = build(&m, seat, kind.clone(), args.hole)?;
        store::insert_penalty(tx, m.id, &record)?;
        m.penalties.push(record.clone());
        Ok((m, record))
    })?;
    let name = &m.players[record.seat];
    let total = m.standings()[record.seat].total;
    if ctx.out.json {
        return crate::render::json(&PenaltyView {
            id: m.id,
            player: name,
            hole: record.hole,
            kind: record.kind.name(),
            points: record.points,
            disqualifies: record.disqualifies,
            reason: &record.reason,
            total,
        });
    }
    crate::outln!(
        "Penalty for {name}, hole {}: {}.",
        record.hole,
        record.reason
    );
    if record.disqualifies {
        crate::outln!(
            "{name} is disqualified from match {} and cannot win it.",
            m.id
        );
    } else {
        crate::outln!("{name}'s total is now {total}.");
    }
    Ok(())
}
