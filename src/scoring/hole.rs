//! The hole adjustments of RULES.md §5: the score map, going out or knocking (penalty, then
//! bonus), the lowest-score bonus and the tie penalty, over one hole's grid scores —
//! explained for a scorecard ([`hole`]) or as points alone for the simulator
//! ([`hole_points`]).

use serde::Serialize;

use crate::rules::{BonusWhen, Penalty, PenaltyWhen, Rules};

/// One player's hole adjustments (RULES.md §5): the points added to their grid score and
/// every step that changed it, with its rule and source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Adjustment {
    /// Points added to the grid score (positive is a penalty, negative a bonus).
    pub points: i32,
    /// What was applied and why, step by step; empty when nothing applies.
    pub explanation: String,
}

/// Who ended the hole: the player's index among the hole's scores, and whether they
/// knocked rather than went out (RULES.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended {
    /// Index into the scores.
    pub player: usize,
    /// Knocked rather than went out.
    pub knocked: bool,
}

/// The hole adjustments for every player, from one hole's grid `scores` (`names` gives
/// the names for explanations), in the order of RULES.md §5: the score map, going out
/// (penalty, then bonus, both judged on the scores after the score map), the lowest-score
/// bonus, the tie penalty — each step judged on the scores after the one before. A rule
/// that is not set does nothing.
pub fn hole(
    scores: &[i32],
    names: &[String],
    ended: Option<Ended>,
    rules: &Rules,
) -> Vec<Adjustment> {
    let mut cur: Vec<i64> = scores.iter().map(|&s| i64::from(s)).collect();
    let mut before = vec![0; scores.len()];
    let mut why: Vec<Vec<String>> = vec![Vec::new(); scores.len()];
    hole_steps(&mut cur, &mut before, names, ended, rules, &mut why);
    cur.iter()
        .zip(scores)
        .zip(why)
        .map(|((now, grid), lines)| Adjustment {
            points: points_added(*now, *grid),
            explanation: lines.join("; "),
        })
        .collect()
}

/// The points [`hole`] adds to each player's grid score, without a word of explanation
/// and, at a table of up to 16, without allocating: for the simulator and its bots, which
/// adjust every hole and weigh many endings (RULES.md §5). `points[i]` is for `scores[i]`;
/// `points` must be as long as `scores` (extra entries are left alone, missing ones
/// skipped).
pub fn hole_points(scores: &[i32], ended: Option<Ended>, rules: &Rules, points: &mut [i32]) {
    const ROOM: usize = 16;
    let n = scores.len();
    let (mut cur_room, mut before_room) = ([0i64; ROOM], [0i64; ROOM]);
    let (mut cur_vec, mut before_vec);
    let (cur, before): (&mut [i64], &mut [i64]) = if n <= ROOM {
        (&mut cur_room[..n], &mut before_room[..n])
    } else {
        cur_vec = vec![0; n];
        before_vec = vec![0; n];
        (&mut cur_vec, &mut before_vec)
    };
    for (slot, score) in cur.iter_mut().zip(scores) {
        *slot = i64::from(*score);
    }
    hole_steps(cur, before, &[], ended, rules, &mut Unexplained);
    for ((out, now), grid) in points.iter_mut().zip(cur.iter()).zip(scores) {
        *out = points_added(*now, *grid);
    }
}

/// A hole score less its grid score, in points.
fn points_added(now: i64, grid: i32) -> i32 {
    // bounded inputs (RULES.md §12) keep every hole score far inside 32 bits
    i32::try_from(now - i64::from(grid)).unwrap_or(i32::MAX)
}

/// Where the steps of RULES.md §5 put their reasons: the explained path keeps each one,
/// the points-only path never writes one.
trait Reasons {
    /// Gives player `player` the reason `reason` makes (called only when kept).
    fn give(&mut self, player: usize, reason: impl FnOnce() -> String);
}

impl Reasons for Vec<Vec<String>> {
    fn give(&mut self, player: usize, reason: impl FnOnce() -> String) {
        if let Some(lines) = self.get_mut(player) {
            lines.push(reason());
        }
    }
}

/// Reasons nobody reads ([`hole_points`]).
struct Unexplained;

impl Reasons for Unexplained {
    fn give(&mut self, _: usize, _: impl FnOnce() -> String) {}
}

/// The steps of RULES.md §5 on `cur`, each player's score, changed in place; `before` is
/// room of the same length.
fn hole_steps<R: Reasons>(
    cur: &mut [i64],
    before: &mut [i64],
    names: &[String],
    ended: Option<Ended>,
    rules: &Rules,
    why: &mut R,
) {
    score_map(cur, why, rules);
    if let Some(e) = ended.filter(|e| e.player < cur.len()) {
        going_out(cur, why, names, e, rules);
    }
    if let Some(bonus) = rules.hole.lowest_bonus.filter(|b| *b != 0) {
        if let Some(low) = cur.iter().min().copied() {
            for (i, score) in cur.iter_mut().enumerate().filter(|(_, s)| **s == low) {
                *score += i64::from(bonus);
                why.give(i, || {
                    format!(
                        "the hole's lowest score, {low}: {bonus:+} ({})",
                        rules.source_of("hole.lowest_bonus")
                    )
                });
            }
        }
    }
    if let Some(penalty) = rules.hole.tie_penalty.filter(|p| *p != 0) {
        before.copy_from_slice(cur);
        let before = &*before;
        for i in 0..cur.len() {
            let tied = |j: usize| j != i && before[j] == before[i];
            if (0..before.len()).any(tied) {
                cur[i] += i64::from(penalty);
                why.give(i, || {
                    format!(
                        "tied with {} on {}: {penalty:+} ({})",
                        named(names, (0..before.len()).filter(|&j| tied(j))),
                        before[i],
                        rules.source_of("hole.tie_penalty")
                    )
                });
            }
        }
    }
}

/// The names of these players, joined with ", " (`?` for one without a name).
fn named(names: &[String], players: impl Iterator<Item = usize>) -> String {
    players
        .map(|i| names.get(i).map_or("?", String::as_str))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether any hole adjustment of RULES.md §5 is set: without one, [`hole`] changes no
/// score and explains nothing.
pub fn adjusts_holes(rules: &Rules) -> bool {
    let g = &rules.going_out;
    !rules.hole.score_map.is_empty()
        || g.penalty != Penalty::None
        || g.bonus != 0
        || rules.hole.lowest_bonus.is_some_and(|b| b != 0)
        || rules.hole.tie_penalty.is_some_and(|p| p != 0)
}

/// Step 1: a score equal to a key of the score map becomes its value.
fn score_map<R: Reasons>(cur: &mut [i64], why: &mut R, rules: &Rules) {
    for (i, score) in cur.iter_mut().enumerate() {
        if let Some((from, to)) = rules
            .hole
            .score_map
            .iter()
            .find(|(k, _)| i64::from(*k) == *score)
        {
            why.give(i, || {
                format!(
                    "{from} → {to} by the score map ({})",
                    rules.source_of("hole.score_map")
                )
            });
            *score = i64::from(*to);
        }
    }
}

/// Step 2: the penalty, then the bonus, for the player who ended the hole, both judged on
/// the scores as they stand after step 1.
fn going_out<R: Reasons>(cur: &mut [i64], why: &mut R, names: &[String], e: Ended, rules: &Rules) {
    let g = &rules.going_out;
    let mine = cur[e.player];
    let verb = if e.knocked { "knocked" } else { "went out" };
    let scores: &[i64] = cur;
    let others = |pred: fn(i64, i64) -> bool| {
        (0..scores.len()).filter(move |&i| i != e.player && pred(scores[i], mine))
    };
    let (lower, tied) = (others(|s, m| s < m), others(|s, m| s == m));
    let (lowers, ties) = (lower.clone().count(), tied.clone().count());
    let mut add = 0;
    let penalised = match g.penalty_when {
        PenaltyWhen::NotLowest => lowers > 0,
        PenaltyWhen::NotStrictlyLowest => lowers + ties > 0,
        PenaltyWhen::Always => true,
    };
    if g.penalty != Penalty::None && penalised {
        let times = |n: i64| if mine > 0 { mine * n } else { mine };
        add = match g.penalty {
            Penalty::None => 0,
            Penalty::Add(n) => i64::from(n),
            Penalty::Double => times(2) - mine,
            Penalty::DoublePlus(n) => times(2) - mine + i64::from(n),
            Penalty::Times(n) => times(i64::from(n)) - mine,
            Penalty::PerPlayer(n) => i64::from(n) * (lowers + ties) as i64,
        };
        why.give(e.player, || {
            let reason = if lowers > 0 {
                format!("but {} scored lower", named(names, lower))
            } else if ties > 0 {
                format!("but {} tied", named(names, tied))
            } else {
                "and the penalty applies always".to_string()
            };
            format!(
                "{verb} with {mine} {reason}: penalty `{}` adds {add} ({})",
                g.penalty,
                rules.source_of("going_out.penalty")
            )
        });
    } else if g.penalty != Penalty::None {
        why.give(e.player, || {
            format!(
                "{verb} with {mine}, the lowest score: no penalty ({})",
                rules.source_of("going_out.penalty_when")
            )
        });
    }
    let earns = match g.bonus_when {
        BonusWhen::Always => true,
        BonusWhen::Lowest => lowers == 0,
        BonusWhen::StrictlyLowest => lowers + ties == 0,
    };
    if g.bonus != 0 && earns {
        why.give(e.player, || {
            format!(
                "{verb}: bonus {} ({})",
                g.bonus,
                rules.source_of("going_out.bonus")
            )
        });
        add += i64::from(g.bonus);
    }
    cur[e.player] += add;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::resolve;

    fn names(n: usize) -> Vec<String> {
        ["ann", "bob", "cat", "dan"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    fn ended(out: usize) -> Option<Ended> {
        Some(Ended {
            player: out,
            knocked: false,
        })
    }

    fn going_out(scores: &[i32], names: &[String], out: usize, rules: &Rules) -> Adjustment {
        hole(scores, names, ended(out), rules)
            .into_iter()
            .nth(out)
            .unwrap_or(Adjustment {
                points: 0,
                explanation: String::new(),
            })
    }

    #[test]
    fn ties_rule_penalises_a_shared_lowest() {
        let rules = resolve(
            "classic",
            &["out-penalty-10".into(), "out-penalty-ties".into()],
        )
        .unwrap();
        let adj = going_out(&[8, 8, 20], &names(3), 0, &rules);
        assert_eq!(adj.points, 10);
        assert!(adj.explanation.contains("bob tied"), "{}", adj.explanation);
    }
}
