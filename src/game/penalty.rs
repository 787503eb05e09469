//! Tournament penalties (RULES.md §9, Official §6.3): points with a reason, an illegal
//! move escalating as the match's rules say, minutes over the time limit.

use super::{GameError, Match, PenaltyKind, PenaltyRecord};
use crate::bounds::{LateMinutes, PenaltyPoints};
use crate::rules::{Offence, Tournament};

/// The longest penalty reason, in characters.
pub const MAX_REASON: usize = 200;

/// What penalty to give.
#[derive(Debug, Clone)]
pub enum Kind {
    /// Points with a reason.
    Points(i32, String),
    /// An illegal move.
    IllegalMove,
    /// Minutes over the time limit.
    Late(u32),
    /// Disqualification at once, with a reason (Official §6.3: cheating).
    Disqualify(String),
}

impl Match {
    /// The penalty record for `seat` on `hole` (default: the hole in play), recorded at
    /// `at`, with the escalation of Official §6.3 applied. Errors: a finished match, a hole
    /// outside the match, a player already disqualified, points (−100…100, not 0) or minutes
    /// (1…120) out of range, an empty, overlong or unprintable reason.
    pub fn penalty(
        &self,
        seat: usize,
        kind: Kind,
        hole: Option<u32>,
        at: &str,
    ) -> Result<PenaltyRecord, GameError> {
        self.check_open()?;
        let hole = hole.unwrap_or_else(|| (self.holes_played() + 1).min(self.holes_planned));
        if !(1..=self.holes_planned).contains(&hole) {
            return Err(GameError::PenaltyHole {
                hole,
                label: self.label(),
                planned: self.holes_planned,
            });
        }
        if self
            .penalties
            .iter()
            .any(|p| p.seat == seat && p.disqualifies)
        {
            return Err(GameError::AlreadyDisqualified {
                name: self.players[seat].clone(),
                label: self.label(),
            });
        }
        let (kind, points, disqualifies, reason) = match kind {
            Kind::Points(points, reason) => {
                // compared, never negated, so no value of the argument can wrap
                if points == 0 || PenaltyPoints::try_from(i64::from(points)).is_err() {
                    return Err(GameError::PenaltyPoints(i64::from(points)));
                }
                if points < 0 && !self.rules.tournament.negative_points {
                    return Err(GameError::NegativePoints(i64::from(points)));
                }
                let reason = crate::text::stored("the penalty reason", &reason, MAX_REASON)?;
                (PenaltyKind::Points, points, false, reason)
            }
            Kind::IllegalMove => {
                let previous = self
                    .penalties
                    .iter()
                    .filter(|p| p.seat == seat && p.kind == PenaltyKind::IllegalMove)
                    .count();
                let source = self.rules.source_of("tournament.illegal_move");
                let (points, dq, reason) = illegal_move(previous, &self.rules.tournament, source);
                (PenaltyKind::IllegalMove, points, dq, reason)
            }
            Kind::Disqualify(reason) => {
                let reason = crate::text::stored("the reason", &reason, MAX_REASON)?;
                let source = self.rules.source_of("tournament");
                let reason = format!("disqualified: {reason} ({source})");
                (PenaltyKind::Disqualify, 0, true, reason)
            }
            Kind::Late(minutes) => {
                LateMinutes::try_from(i64::from(minutes)).map_err(|_| GameError::Late(minutes))?;
                let source = self.rules.source_of("tournament.late_per_minute");
                let (points, reason) = late(minutes, &self.rules.tournament, source);
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
            recorded_at: at.to_string(),
        })
    }
}

/// The penalty for an illegal move, given how many the player already has, under the
/// rules' escalation (RULES.md §9): `(points, disqualifies, reason)`. Past the end of the
/// escalation its last step repeats. `source` is cited in the reason.
pub fn illegal_move(previous: usize, t: &Tournament, source: &str) -> (i32, bool, String) {
    let step = t
        .illegal_move
        .get(previous)
        .or(t.illegal_move.last())
        .copied()
        .unwrap_or(Offence::Warning);
    let offence = match previous {
        0 => "first offence".to_string(),
        1 => "second offence".to_string(),
        2 => "third offence".to_string(),
        n => format!("offence {}", n + 1),
    };
    match step {
        Offence::Warning => (
            0,
            false,
            format!("illegal move, {offence}: warning ({source})"),
        ),
        Offence::Points(n) => (
            n,
            false,
            format!("illegal move, {offence}: {n} points ({source})"),
        ),
        Offence::Disqualify => (
            0,
            true,
            format!("illegal move, {offence}: disqualified from the round ({source})"),
        ),
    }
}

/// The penalty for `minutes` over the time limit at the rules' points a minute
/// (RULES.md §9): `(points, reason)`.
pub fn late(minutes: u32, t: &Tournament, source: &str) -> (i32, String) {
    let points = t.late_per_minute * minutes as i32;
    (
        points,
        format!(
            "{minutes} minute{} over the time limit: {points} points ({source})",
            if minutes == 1 { "" } else { "s" }
        ),
    )
}
