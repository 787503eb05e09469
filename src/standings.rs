//! A match as recorded — seats, holes, penalties — and what follows from it: totals, the
//! dealer of each hole, and the result with its tiebreak (RULES.md §8, §9). Pure: the
//! store loads a [`Match`], this module reads it.

use serde::{Deserialize, Serialize};

use crate::rules::{Offence, Rules, Tiebreak, Tournament};

/// One player's entry on one hole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Seat (0-based, seating order).
    pub seat: usize,
    /// What was typed.
    pub typed: String,
    /// The grid, normalised; `None` when a bare score was recorded unchecked.
    pub grid: Option<String>,
    /// The grid score (or the unchecked score).
    pub score: i32,
    /// The going-out adjustment (RULES.md §5).
    pub adjustment: i32,
    /// Why the adjustment, with its source; empty when none.
    pub explanation: String,
}

impl Entry {
    /// The hole score: grid score plus adjustment, in 64 bits (RULES.md §12).
    pub fn total(&self) -> i64 {
        i64::from(self.score) + i64::from(self.adjustment)
    }
}

/// One recorded hole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hole {
    /// 1-based; playoff holes are numbered on their own from 1.
    pub number: u32,
    /// A sudden-death playoff hole (does not count towards totals).
    pub playoff: bool,
    /// The seat of the player who went out (or knocked).
    pub out: Option<usize>,
    /// One entry per player (per tied player on a playoff hole), in seat order.
    pub entries: Vec<Entry>,
    /// When it was recorded (RFC 3339, UTC).
    pub recorded_at: String,
}

impl Hole {
    /// The entry of a seat on this hole.
    pub fn entry(&self, seat: usize) -> Option<&Entry> {
        self.entries.iter().find(|e| e.seat == seat)
    }
}

/// What kind of tournament penalty (Official §6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PenaltyKind {
    /// Points with a reason.
    Points,
    /// An illegal move: warning, +5, disqualification.
    IllegalMove,
    /// A time violation: +2 a minute.
    Late,
}

impl PenaltyKind {
    /// The kind as stored: `points`, `illegal-move`, `late`.
    pub fn name(self) -> &'static str {
        match self {
            PenaltyKind::Points => "points",
            PenaltyKind::IllegalMove => "illegal-move",
            PenaltyKind::Late => "late",
        }
    }

    /// The kind from its stored name.
    pub fn from_name(name: &str) -> Option<PenaltyKind> {
        [
            PenaltyKind::Points,
            PenaltyKind::IllegalMove,
            PenaltyKind::Late,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }
}

/// One recorded tournament penalty (RULES.md §9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenaltyRecord {
    /// The penalised seat.
    pub seat: usize,
    /// The hole it belongs to.
    pub hole: u32,
    /// Its kind.
    pub kind: PenaltyKind,
    /// Points added to the total (0 for a warning).
    pub points: i32,
    /// Whether it disqualifies the player from the round.
    pub disqualifies: bool,
    /// Why, in words.
    pub reason: String,
    /// When (RFC 3339, UTC).
    pub recorded_at: String,
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

/// One amendment or undo, kept for good (the old entry as JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditEntry {
    /// When (RFC 3339, UTC).
    pub at: String,
    /// `amend` or `undo`.
    pub action: String,
    /// The hole concerned.
    pub hole: Option<u32>,
    /// Whether that hole was a playoff hole.
    pub playoff: bool,
    /// What was replaced or withdrawn, as JSON.
    pub detail: String,
}

/// A match as recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Match {
    /// The match id.
    pub id: i64,
    /// Its name, if given.
    pub name: Option<String>,
    /// The fully resolved rules, as stored when the match began.
    pub rules: Rules,
    /// Holes to play.
    pub holes_planned: u32,
    /// Decks in play.
    pub decks: u32,
    /// The tiebreak chain agreed at `new`.
    pub tiebreak: Vec<Tiebreak>,
    /// Players in seating order.
    pub players: Vec<String>,
    /// When it began (RFC 3339, UTC).
    pub started_at: String,
    /// When it was finished, if it was.
    pub finished_at: Option<String>,
    /// Holes in the order recorded.
    pub holes: Vec<Hole>,
    /// Tournament penalties in the order recorded.
    pub penalties: Vec<PenaltyRecord>,
    /// Amendments and undos.
    pub audit: Vec<AuditEntry>,
}

/// A player's standing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// Seat.
    pub seat: usize,
    /// Name.
    pub name: String,
    /// Hole scores of the regular holes, in order (grid score + adjustment).
    pub holes: Vec<i64>,
    /// Tournament penalty points.
    pub penalty_points: i64,
    /// The total: hole scores plus penalty points, in 64 bits (RULES.md §12).
    pub total: i64,
    /// Disqualified from the round (Official §6.3): cannot win.
    pub disqualified: bool,
}

/// One tiebreak method tried, with its figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TiebreakStep {
    /// The method.
    pub method: Tiebreak,
    /// Each player's figure as shown: `ann: 0 2 3 5 …`.
    pub figures: Vec<String>,
    /// The seats still tied after it.
    pub remaining: Vec<usize>,
}

/// The result, or the leader so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// Winners (or leaders), seats; several when shared.
    pub winners: Vec<usize>,
    /// The seats tied for the lowest total before any tiebreak (one seat when no tie).
    pub tied: Vec<usize>,
    /// Methods tried, in order.
    pub steps: Vec<TiebreakStep>,
    /// The method that decided, if a tie was broken.
    pub decided_by: Option<Tiebreak>,
    /// Sudden death was reached and still needs a deciding playoff hole: these seats play.
    pub playoff_needed: Option<Vec<usize>>,
}

impl Match {
    /// How messages name the match: `match 12`, or `this match` before it is recorded (an
    /// import checks every hole before anything is written, so no message names an id
    /// that a rollback took back).
    pub fn label(&self) -> String {
        if self.id > 0 {
            format!("match {}", self.id)
        } else {
            "this match".to_string()
        }
    }

    /// What is wrong with a match read back from a database, if anything: the invariants
    /// every command relies on (and golf never writes otherwise) — holes numbered 1, 2, … within the plan, each regular hole with one
    /// entry for every player and each playoff hole with at least two, every seat within the
    /// player list, bare scores and penalties within their bounds (RULES.md §12). `None`
    /// when the match is sound. Cheap: it does not re-score grids (`golf check` does).
    pub fn damage(&self) -> Option<String> {
        let n = self.players.len();
        if n == 0 {
            return Some("it has no players".into());
        }
        if !(1..=36).contains(&self.holes_planned) || !(1..=8).contains(&self.decks) {
            return Some("its planned holes or decks are out of range".into());
        }
        let (mut regular, mut playoff) = (0u32, 0u32);
        for h in &self.holes {
            let expected = if h.playoff {
                &mut playoff
            } else {
                &mut regular
            };
            *expected += 1;
            let what = if h.playoff { "playoff hole" } else { "hole" };
            if h.number != *expected || (!h.playoff && h.number > self.holes_planned) {
                return Some(format!("{what} {} is out of sequence", h.number));
            }
            if h.out.is_some_and(|o| o >= n) {
                return Some(format!("{what} {}: who went out is not a player", h.number));
            }
            let mut seats: Vec<usize> = h.entries.iter().map(|e| e.seat).collect();
            seats.dedup();
            if seats.iter().any(|&s| s >= n) || seats.len() != h.entries.len() {
                return Some(format!("{what} {}: a grid belongs to no player", h.number));
            }
            if (!h.playoff && seats.len() != n) || (h.playoff && seats.len() < 2) {
                return Some(format!("{what} {}: a player's grid is missing", h.number));
            }
            let bound = crate::hole::MAX_UNCHECKED;
            if h.entries.iter().any(|e| {
                (e.grid.is_none() && !(-bound..=bound).contains(&e.score))
                    || !(-10_000..=10_000).contains(&e.score)
                    || !(-10_000..=10_000).contains(&e.adjustment)
            }) {
                return Some(format!("{what} {}: a score is out of range", h.number));
            }
        }
        if let Some(p) = self.penalties.iter().find(|p| {
            p.seat >= n
                || !(-100..=100).contains(&p.points)
                || !(1..=self.holes_planned).contains(&p.hole)
        }) {
            return Some(format!(
                "a penalty on hole {} is out of range or unreadable",
                p.hole
            ));
        }
        None
    }

    /// The regular (non-playoff) holes, in order.
    pub fn regular_holes(&self) -> impl Iterator<Item = &Hole> {
        self.holes.iter().filter(|h| !h.playoff)
    }

    /// The playoff holes, in order.
    pub fn playoff_holes(&self) -> impl Iterator<Item = &Hole> {
        self.holes.iter().filter(|h| h.playoff)
    }

    /// Regular holes recorded.
    pub fn holes_played(&self) -> u32 {
        self.regular_holes().count() as u32
    }

    /// The seat that deals the `n`th hole dealt (1-based, playoff holes continuing the
    /// rotation): the deal passes round the seats in order.
    pub fn dealer(&self, n: usize) -> usize {
        (n.max(1) - 1) % self.players.len().max(1)
    }

    /// Every player's standing, in seat order.
    pub fn standings(&self) -> Vec<Standing> {
        (0..self.players.len())
            .map(|seat| {
                let holes: Vec<i64> = self
                    .regular_holes()
                    .map(|h| h.entry(seat).map_or(0, Entry::total))
                    .collect();
                let mine = self.penalties.iter().filter(|p| p.seat == seat);
                let penalty_points: i64 = mine.clone().map(|p| i64::from(p.points)).sum();
                Standing {
                    seat,
                    name: self.players[seat].clone(),
                    total: holes.iter().sum::<i64>() + penalty_points,
                    holes,
                    penalty_points,
                    disqualified: mine.clone().any(|p| p.disqualifies),
                }
            })
            .collect()
    }

    /// The result so far: the lowest total among players not disqualified wins; a tie is
    /// broken by the match's tiebreak chain, tried in order (RULES.md §8). When the chain
    /// reaches sudden death and no playoff hole has decided, `playoff_needed` names who plays.
    pub fn outcome(&self) -> Outcome {
        let standings = self.standings();
        let eligible: Vec<&Standing> = standings.iter().filter(|s| !s.disqualified).collect();
        let Some(best) = eligible.iter().map(|s| s.total).min() else {
            return Outcome {
                winners: vec![],
                tied: vec![],
                steps: vec![],
                decided_by: None,
                playoff_needed: None,
            };
        };
        let tied: Vec<usize> = eligible
            .iter()
            .filter(|s| s.total == best)
            .map(|s| s.seat)
            .collect();
        let mut outcome = Outcome {
            winners: tied.clone(),
            tied: tied.clone(),
            steps: vec![],
            decided_by: None,
            playoff_needed: None,
        };
        let mut remaining = tied;
        for method in &self.tiebreak {
            if remaining.len() < 2 {
                break;
            }
            let (figures, next) = match method {
                Tiebreak::Countback => self.countback(&standings, &remaining),
                Tiebreak::MostHolesWon => self.most_holes_won(&remaining),
                Tiebreak::CardMatching => self.card_matching(&standings, &remaining),
                Tiebreak::SuddenDeath => {
                    let (figures, next) = self.sudden_death(&remaining);
                    if next.len() > 1 {
                        outcome.steps.push(TiebreakStep {
                            method: *method,
                            figures,
                            remaining: next.clone(),
                        });
                        outcome.winners = next.clone();
                        outcome.playoff_needed = Some(next);
                        return outcome;
                    }
                    (figures, next)
                }
                Tiebreak::Shared => (
                    remaining
                        .iter()
                        .map(|&s| format!("{}: shares the win", self.players[s]))
                        .collect(),
                    remaining.clone(),
                ),
            };
            outcome.steps.push(TiebreakStep {
                method: *method,
                figures,
                remaining: next.clone(),
            });
            if next.len() == 1 || *method == Tiebreak::Shared {
                outcome.decided_by = Some(*method);
            }
            remaining = next;
            if outcome.decided_by.is_some() {
                break;
            }
        }
        outcome.winners = remaining;
        outcome
    }

    /// Countback ("lowest single hole", Official §4.2): hole scores sorted from lowest; at
    /// the first position where the tied players differ, the lowest stay.
    fn countback(&self, standings: &[Standing], tied: &[usize]) -> (Vec<String>, Vec<usize>) {
        let sorted = |seat: usize| {
            let mut h = standings[seat].holes.clone();
            h.sort_unstable();
            h
        };
        let figures = tied
            .iter()
            .map(|&s| format!("{}: {}", self.players[s], join(&sorted(s))))
            .collect();
        let mut remaining = tied.to_vec();
        let len = remaining
            .iter()
            .map(|&s| standings[s].holes.len())
            .max()
            .unwrap_or(0);
        for i in 0..len {
            let at = |s: usize| sorted(s).get(i).copied().unwrap_or(i64::MAX);
            let low = remaining.iter().map(|&s| at(s)).min().unwrap_or(0);
            remaining.retain(|&s| at(s) == low);
            if remaining.len() == 1 {
                break;
            }
        }
        (figures, remaining)
    }

    /// Most holes won (Official §4.2): a hole is won by every player with the lowest score
    /// on it, a shared lowest counting for each.
    fn most_holes_won(&self, tied: &[usize]) -> (Vec<String>, Vec<usize>) {
        let won = |seat: usize| {
            self.regular_holes()
                .filter(|h| {
                    let low = h.entries.iter().map(Entry::total).min();
                    h.entry(seat).map(Entry::total) == low
                })
                .count()
        };
        let figures = tied
            .iter()
            .map(|&s| format!("{}: {} won", self.players[s], won(s)))
            .collect();
        let most = tied.iter().map(|&s| won(s)).max().unwrap_or(0);
        (
            figures,
            tied.iter().copied().filter(|&s| won(s) == most).collect(),
        )
    }

    /// Card-matching (USGA): lower total over the last 9 holes, then 6, 3, 1; a span longer
    /// than the match is skipped.
    fn card_matching(&self, standings: &[Standing], tied: &[usize]) -> (Vec<String>, Vec<usize>) {
        let played = self.holes_played() as usize;
        let mut remaining = tied.to_vec();
        let mut figures = Vec::new();
        for span in [9usize, 6, 3, 1] {
            if span > played || remaining.len() < 2 {
                continue;
            }
            let last = |s: usize| standings[s].holes[played - span..].iter().sum::<i64>();
            figures.push(format!(
                "last {span}: {}",
                remaining
                    .iter()
                    .map(|&s| format!("{} {}", self.players[s], last(s)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            let low = remaining.iter().map(|&s| last(s)).min().unwrap_or(0);
            remaining.retain(|&s| last(s) == low);
        }
        (figures, remaining)
    }

    /// Sudden death (Official §4.2): the first playoff hole on which one of the tied players
    /// scores lower than all the others decides.
    fn sudden_death(&self, tied: &[usize]) -> (Vec<String>, Vec<usize>) {
        let mut figures = Vec::new();
        for hole in self.playoff_holes() {
            let scores: Vec<(usize, i64)> = tied
                .iter()
                .filter_map(|&s| hole.entry(s).map(|e| (s, e.total())))
                .collect();
            figures.push(format!(
                "playoff {}: {}",
                hole.number,
                scores
                    .iter()
                    .map(|(s, v)| format!("{} {v}", self.players[*s]))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            let low = scores.iter().map(|(_, v)| *v).min();
            let lowest: Vec<usize> = scores
                .iter()
                .filter(|(_, v)| Some(*v) == low)
                .map(|(s, _)| *s)
                .collect();
            if lowest.len() == 1 {
                return (figures, lowest);
            }
        }
        (figures, tied.to_vec())
    }

    /// Names of seats, joined: `ann and bob`, `ann, bob and cat`.
    pub fn names(&self, seats: &[usize]) -> String {
        let names: Vec<&str> = seats.iter().map(|&s| self.players[s].as_str()).collect();
        match names.as_slice() {
            [] => String::new(),
            [one] => one.to_string(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    }
}

fn join(values: &[i64]) -> String {
    values
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A match of `players` with regular holes from `scores[hole][seat]`.
    fn fixture(players: &[&str], scores: &[&[i32]], chain: &[Tiebreak]) -> Match {
        let holes = scores
            .iter()
            .enumerate()
            .map(|(i, row)| hole(i as u32 + 1, false, row.iter().copied().enumerate()))
            .collect();
        Match {
            id: 1,
            name: None,
            rules: crate::rules::resolve("classic", &[]).unwrap(),
            holes_planned: scores.len() as u32,
            decks: 1,
            tiebreak: chain.to_vec(),
            players: players.iter().map(|s| s.to_string()).collect(),
            started_at: String::new(),
            finished_at: None,
            holes,
            penalties: vec![],
            audit: vec![],
        }
    }

    fn hole(number: u32, playoff: bool, scores: impl Iterator<Item = (usize, i32)>) -> Hole {
        Hole {
            number,
            playoff,
            out: None,
            entries: scores
                .map(|(seat, score)| Entry {
                    seat,
                    typed: score.to_string(),
                    grid: None,
                    score,
                    adjustment: 0,
                    explanation: String::new(),
                })
                .collect(),
            recorded_at: String::new(),
        }
    }

    use Tiebreak::*;

    #[test]
    fn lowest_total_wins_outright() {
        let m = fixture(&["ann", "bob"], &[&[3, 5], &[4, 4]], &[Countback]);
        let o = m.outcome();
        assert_eq!(o.winners, vec![0]);
        assert_eq!(o.decided_by, None);
        assert!(o.steps.is_empty());
    }

    #[test]
    fn countback_lowest_single_hole_decides() {
        // both total 10; ann's lowest hole is 1, bob's 2
        let m = fixture(&["ann", "bob"], &[&[1, 4], &[9, 6]], &[Countback, Shared]);
        let o = m.outcome();
        assert_eq!(o.winners, vec![0]);
        assert_eq!(o.decided_by, Some(Countback));
        assert_eq!(o.steps[0].figures, vec!["ann: 1 9", "bob: 4 6"]);
    }

    #[test]
    fn countback_looks_further_when_the_lowest_are_equal() {
        // sorted ann 1 3 6, bob 1 4 5: second lowest decides for ann
        let m = fixture(&["ann", "bob"], &[&[1, 1], &[3, 4], &[6, 5]], &[Countback]);
        assert_eq!(m.outcome().winners, vec![0]);
        // identical sorted holes: countback cannot separate, shared next
        let m = fixture(&["ann", "bob"], &[&[1, 3], &[3, 1]], &[Countback, Shared]);
        let o = m.outcome();
        assert_eq!(o.winners, vec![0, 1]);
        assert_eq!(o.decided_by, Some(Shared));
    }

    #[test]
    fn most_holes_won_counts_shared_lowest_for_each() {
        // totals: ann 12, bob 12, cat 30. Hole wins: h1 ann+bob (shared), h2 ann, h3 bob, h4 ann
        let m = fixture(
            &["ann", "bob", "cat"],
            &[&[2, 2, 9], &[1, 5, 9], &[8, 0, 9], &[1, 5, 3]],
            &[MostHolesWon],
        );
        let o = m.outcome();
        assert_eq!(o.tied, vec![0, 1]);
        assert_eq!(o.winners, vec![0]);
        assert_eq!(o.steps[0].figures, vec!["ann: 3 won", "bob: 2 won"]);
    }

    #[test]
    fn card_matching_uses_the_last_holes() {
        // 4 holes: spans 3 and 1 apply. totals ann 10, bob 10; last 3: ann 9, bob 6
        let m = fixture(
            &["ann", "bob"],
            &[&[1, 4], &[3, 2], &[3, 2], &[3, 2]],
            &[CardMatching],
        );
        let o = m.outcome();
        assert_eq!(o.winners, vec![1]);
        assert_eq!(o.steps[0].figures, vec!["last 3: ann 9, bob 6"]);
    }

    #[test]
    fn sudden_death_waits_for_a_deciding_playoff_hole() {
        let mut m = fixture(&["ann", "bob", "cat"], &[&[5, 5, 9]], &[SuddenDeath]);
        let o = m.outcome();
        assert_eq!(o.playoff_needed, Some(vec![0, 1]));
        assert_eq!(o.decided_by, None);
        m.holes.push(hole(1, true, [(0, 4), (1, 4)].into_iter()));
        assert_eq!(m.outcome().playoff_needed, Some(vec![0, 1]));
        m.holes.push(hole(2, true, [(0, 7), (1, 3)].into_iter()));
        let o = m.outcome();
        assert_eq!(o.playoff_needed, None);
        assert_eq!(o.winners, vec![1]);
        assert_eq!(o.decided_by, Some(SuddenDeath));
        // playoff holes never change totals
        assert_eq!(m.standings()[0].total, 5);
    }

    #[test]
    fn a_disqualified_player_cannot_win() {
        let mut m = fixture(&["ann", "bob"], &[&[1, 9]], &[Countback]);
        m.penalties.push(PenaltyRecord {
            seat: 0,
            hole: 1,
            kind: PenaltyKind::IllegalMove,
            points: 0,
            disqualifies: true,
            reason: String::new(),
            recorded_at: String::new(),
        });
        assert_eq!(m.outcome().winners, vec![1]);
    }

    #[test]
    fn penalties_count_in_totals_and_escalate() {
        let t = crate::rules::resolve("classic", &[]).unwrap().tournament;
        assert_eq!(illegal_move(0, &t, "s").0, 0);
        assert_eq!(illegal_move(1, &t, "s").0, 5);
        assert!(!illegal_move(1, &t, "s").1);
        assert!(illegal_move(2, &t, "s").1);
        assert!(illegal_move(5, &t, "s").1, "the last step repeats");
        assert_eq!(late(3, &t, "s").0, 6);
        let mut m = fixture(&["ann", "bob"], &[&[1, 2]], &[Countback]);
        m.penalties.push(PenaltyRecord {
            seat: 0,
            hole: 1,
            kind: PenaltyKind::Late,
            points: 2,
            disqualifies: false,
            reason: String::new(),
            recorded_at: String::new(),
        });
        assert_eq!(m.standings()[0].total, 3);
        assert_eq!(m.outcome().winners, vec![1]);
    }

    #[test]
    fn the_deal_rotates() {
        let m = fixture(&["ann", "bob", "cat"], &[], &[Shared]);
        assert_eq!(
            (m.dealer(1), m.dealer(2), m.dealer(3), m.dealer(4)),
            (0, 1, 2, 0)
        );
    }
}
