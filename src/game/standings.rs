//! Standings and the result of a match: totals, the lowest total among players not
//! disqualified, and the tiebreak chain (RULES.md §8, Official §2.5, §4.2). The chain works
//! on per-player hole lists ([`Standing`]) and playoff scores, not on a match, so a
//! tournament's standing can use it too.

use serde::Serialize;

use super::{Entry, Match};
use crate::rules::Tiebreak;

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

/// One sudden-death playoff hole: each seat's score on it (`None` for a seat not in it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayoffScores {
    /// Playoff hole number, from 1.
    pub number: u32,
    /// Score by seat.
    pub scores: Vec<Option<i64>>,
}

impl Match {
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

    /// The penalty points charged to `seat` at each regular hole recorded, in order: a
    /// penalty counts from the hole it was given on (RULES.md §9); one given on a hole not
    /// yet recorded counts at the last recorded hole, so running totals always end at the
    /// total. Empty before the first hole.
    pub fn penalties_by_hole(&self, seat: usize) -> Vec<i64> {
        let numbers: Vec<u32> = self.regular_holes().map(|h| h.number).collect();
        let mut points = vec![0i64; numbers.len()];
        for p in self.penalties.iter().filter(|p| p.seat == seat) {
            let at = numbers
                .iter()
                .position(|&n| n >= p.hole)
                .unwrap_or(numbers.len().saturating_sub(1));
            if let Some(slot) = points.get_mut(at) {
                *slot += i64::from(p.points);
            }
        }
        points
    }

    /// `seat`'s running total after each regular hole recorded: hole scores plus the
    /// penalties given up to that hole ([`Match::penalties_by_hole`]); the last equals the
    /// standing's total whenever a hole is recorded. The card, its CSV and the chart all
    /// use it.
    pub fn running_totals(&self, seat: usize) -> Vec<i64> {
        let penalties = self.penalties_by_hole(seat);
        self.regular_holes()
            .zip(penalties)
            .scan(0i64, |sum, (h, p)| {
                *sum += h.entry(seat).map_or(0, Entry::total) + p;
                Some(*sum)
            })
            .collect()
    }

    /// The playoff holes' scores, by seat.
    pub fn playoff_scores(&self) -> Vec<PlayoffScores> {
        self.playoff_holes()
            .map(|h| PlayoffScores {
                number: h.number,
                scores: (0..self.players.len())
                    .map(|s| h.entry(s).map(Entry::total))
                    .collect(),
            })
            .collect()
    }

    /// The result so far: the lowest total among players not disqualified wins; a tie is
    /// broken by the match's tiebreak chain, tried in order (RULES.md §8). When the chain
    /// reaches sudden death and no playoff hole has decided, `playoff_needed` names who plays.
    pub fn outcome(&self) -> Outcome {
        self.outcome_of(&self.standings())
    }

    /// [`Match::outcome`] from `standings` already worked out ([`Match::standings`]).
    pub fn outcome_of(&self, standings: &[Standing]) -> Outcome {
        decide(standings, &self.tiebreak, &self.playoff_scores())
    }

    /// The match's ranking, place by seat (1 = first): see [`ranking`], the one definition
    /// of a win (RULES.md §16). Works out the standings and outcome itself.
    pub fn ranking(&self) -> Vec<u32> {
        let standings = self.standings();
        ranking(&standings, &self.outcome_of(&standings))
    }

    /// The outcome in a sentence: who wins or leads, and how a tie was broken with its
    /// figures; `finished` says "Winner" rather than "Leader".
    pub fn summary(&self, o: &Outcome, finished: bool) -> String {
        let standings = self.standings();
        let total = |s: usize| standings[s].total;
        if let Some(at) = &self.abandoned_at {
            return format!(
                "Abandoned on {} after {} of {} holes; no result.",
                crate::text::local_time(at),
                self.holes_played(),
                self.holes_planned
            );
        }
        if o.winners.is_empty() {
            return "No player can win: every player is disqualified.".into();
        }
        if self.holes_played() == 0 {
            return format!(
                "No holes recorded yet; {} deals the first.",
                self.players[self.dealer(1)]
            );
        }
        if let Some(players) = &o.playoff_needed {
            return format!(
                "{} are tied on {} and the tie goes to sudden death: record a playoff hole with `golf hole --playoff` for {}.",
                self.names(players),
                total(players[0]),
                self.names(players)
            );
        }
        let verb = if finished { "Winner" } else { "Leader" };
        let played = self.holes_played();
        let progress = if finished {
            String::new()
        } else if let (Some((seat, total)), Some(t)) = (self.target_reached(), self.target) {
            format!(
                " after hole {played}, where {} reached the target of {t} with {total} (`golf finish` records the result)",
                self.players[seat]
            )
        } else if played == self.holes_planned {
            " after the last hole (`golf finish` records the result)".to_string()
        } else {
            format!(" after {played} of {} holes", self.holes_planned)
        };
        if o.tied.len() == 1 {
            return format!(
                "{verb}: {} with {}{progress}.",
                self.names(&o.winners),
                total(o.winners[0])
            );
        }
        let verb = if o.winners.len() > 1 {
            format!("{verb}s")
        } else {
            verb.to_string()
        };
        format!(
            "{verb}: {}{progress} — {} tied on {}, {}.",
            self.names(&o.winners),
            self.names(&o.tied),
            total(o.tied[0]),
            how_broken(o)
        )
    }
}

/// The ranking of a finished match: one place per seat (indexed by seat), 1 = first — the
/// one definition of a win that `stats`, `head-to-head`, `history` and ratings all use
/// (RULES.md §8, §16). The winners after the tiebreak chain (`outcome.winners`: one, or
/// all who share the win) take place 1; every other player not disqualified follows by
/// total, equal totals sharing a place; disqualified players share the last place. Places
/// are "1224" style: a player's place is 1 + the number of players ranked strictly ahead.
/// `standings` are [`Match::standings`], `outcome` the result of [`decide`] on them; a
/// match still waiting for a sudden-death playoff ranks its tied players together first.
pub fn ranking(standings: &[Standing], outcome: &Outcome) -> Vec<u32> {
    // sort key: (disqualified, not a winner, total); equal keys share a place
    let key = |s: &Standing| {
        let winner = outcome.winners.contains(&s.seat);
        (s.disqualified, !winner, if winner { 0 } else { s.total })
    };
    let mut places = vec![0u32; standings.len()];
    for s in standings {
        let ahead = standings.iter().filter(|o| key(o) < key(s)).count();
        if let Some(p) = places.get_mut(s.seat) {
            *p = ahead as u32 + 1;
        }
    }
    places
}

/// How a tie was broken, in words with the deciding method's figures.
fn how_broken(o: &Outcome) -> String {
    match o.decided_by {
        Some(Tiebreak::Shared) => "they share the win (shared, Official §4.2)".to_string(),
        Some(method) => {
            let figures = o
                .steps
                .iter()
                .find(|s| s.method == method)
                .map(|s| s.figures.join("; "))
                .unwrap_or_default();
            format!("broken by {method} ({figures})")
        }
        None => "no method in the tiebreak chain separated them, so they share the win".to_string(),
    }
}

/// The result of players' `standings` (indexed by seat) under the tiebreak `chain`, with
/// the sudden-death `playoffs` played so far (RULES.md §8).
pub fn decide(standings: &[Standing], chain: &[Tiebreak], playoffs: &[PlayoffScores]) -> Outcome {
    settle(standings, chain, playoffs, Explain::Yes)
}

/// The winners [`decide`] finds, without the figures that say how (the odds settle
/// thousands of sampled matches a second, RULES.md §15).
pub fn winners(
    standings: &[Standing],
    chain: &[Tiebreak],
    playoffs: &[PlayoffScores],
) -> Vec<usize> {
    settle(standings, chain, playoffs, Explain::No).winners
}

/// Whether [`settle`] writes each step's figures and keeps its steps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Explain {
    Yes,
    No,
}

/// [`decide`], the steps and their figures kept or not.
fn settle(
    standings: &[Standing],
    chain: &[Tiebreak],
    playoffs: &[PlayoffScores],
    explain: Explain,
) -> Outcome {
    let mut outcome = Outcome {
        winners: vec![],
        tied: vec![],
        steps: vec![],
        decided_by: None,
        playoff_needed: None,
    };
    let eligible = || standings.iter().filter(|s| !s.disqualified);
    let Some(best) = eligible().map(|s| s.total).min() else {
        return outcome;
    };
    let mut remaining: Vec<usize> = eligible()
        .filter(|s| s.total == best)
        .map(|s| s.seat)
        .collect();
    outcome.tied = remaining.clone();
    for &method in chain {
        if remaining.len() < 2 {
            break;
        }
        let (figures, next) = match method {
            Tiebreak::Countback => countback(standings, &remaining, explain),
            Tiebreak::MostHolesWon => most_holes_won(standings, &remaining, explain),
            Tiebreak::CardMatching => card_matching(standings, &remaining, explain),
            Tiebreak::SuddenDeath => sudden_death(standings, playoffs, &remaining, explain),
            Tiebreak::Shared => (
                explained(explain, || {
                    remaining
                        .iter()
                        .map(|&s| format!("{}: shares the win", standings[s].name))
                        .collect()
                }),
                remaining.clone(),
            ),
        };
        if explain == Explain::Yes {
            outcome.steps.push(TiebreakStep {
                method,
                figures,
                remaining: next.clone(),
            });
        }
        if method == Tiebreak::SuddenDeath && next.len() > 1 {
            outcome.winners = next.clone();
            outcome.playoff_needed = Some(next);
            return outcome;
        }
        remaining = next;
        if remaining.len() == 1 || method == Tiebreak::Shared {
            outcome.decided_by = Some(method);
            break;
        }
    }
    outcome.winners = remaining;
    outcome
}

type Step = (Vec<String>, Vec<usize>);

/// `figures()` when explaining, else none.
fn explained(explain: Explain, figures: impl FnOnce() -> Vec<String>) -> Vec<String> {
    match explain {
        Explain::Yes => figures(),
        Explain::No => Vec::new(),
    }
}

/// Countback ("lowest single hole", Official §4.2): hole scores sorted from lowest; at
/// the first position where the tied players differ, the lowest stay.
fn countback(standings: &[Standing], tied: &[usize], explain: Explain) -> Step {
    // each tied player's holes, sorted, in the order of `tied`
    let sorted: Vec<(usize, Vec<i64>)> = tied
        .iter()
        .map(|&seat| {
            let mut h = standings[seat].holes.clone();
            h.sort_unstable();
            (seat, h)
        })
        .collect();
    let figures = explained(explain, || {
        sorted
            .iter()
            .map(|(s, h)| format!("{}: {}", standings[*s].name, join(h)))
            .collect()
    });
    let mut remaining = tied.to_vec();
    let len = sorted.iter().map(|(_, h)| h.len()).max().unwrap_or(0);
    let holes = |seat: usize| sorted.iter().find(|(s, _)| *s == seat).map(|(_, h)| h);
    for i in 0..len {
        let at = |s: usize| holes(s).and_then(|h| h.get(i)).copied().unwrap_or(i64::MAX);
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
fn most_holes_won(standings: &[Standing], tied: &[usize], explain: Explain) -> Step {
    let holes = standings.iter().map(|s| s.holes.len()).max().unwrap_or(0);
    let low = |i: usize| {
        standings
            .iter()
            .filter_map(|s| s.holes.get(i))
            .min()
            .copied()
    };
    let won = |seat: usize| {
        (0..holes)
            .filter(|&i| standings[seat].holes.get(i).copied() == low(i))
            .count()
    };
    let figures = explained(explain, || {
        tied.iter()
            .map(|&s| format!("{}: {} won", standings[s].name, won(s)))
            .collect()
    });
    let most = tied.iter().map(|&s| won(s)).max().unwrap_or(0);
    (
        figures,
        tied.iter().copied().filter(|&s| won(s) == most).collect(),
    )
}

/// Card-matching (USGA): lower total over the last 9 holes, then 6, 3, 1; a span longer
/// than the holes played is skipped.
fn card_matching(standings: &[Standing], tied: &[usize], explain: Explain) -> Step {
    let played = tied
        .iter()
        .map(|&s| standings[s].holes.len())
        .min()
        .unwrap_or(0);
    let mut remaining = tied.to_vec();
    let mut figures = Vec::new();
    for span in [9usize, 6, 3, 1] {
        if span > played || remaining.len() < 2 {
            continue;
        }
        let last = |s: usize| {
            let h = &standings[s].holes;
            h[h.len() - span..].iter().sum::<i64>()
        };
        if explain == Explain::Yes {
            figures.push(format!(
                "last {span}: {}",
                remaining
                    .iter()
                    .map(|&s| format!("{} {}", standings[s].name, last(s)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let low = remaining.iter().map(|&s| last(s)).min().unwrap_or(0);
        remaining.retain(|&s| last(s) == low);
    }
    (figures, remaining)
}

/// Sudden death (Official §4.2): the first playoff hole on which one of the tied players
/// scores lower than all the others decides.
fn sudden_death(
    standings: &[Standing],
    playoffs: &[PlayoffScores],
    tied: &[usize],
    explain: Explain,
) -> Step {
    let mut figures = Vec::new();
    for hole in playoffs {
        let scores: Vec<(usize, i64)> = tied
            .iter()
            .filter_map(|&s| hole.scores.get(s).copied().flatten().map(|v| (s, v)))
            .collect();
        if explain == Explain::Yes {
            figures.push(format!(
                "playoff {}: {}",
                hole.number,
                scores
                    .iter()
                    .map(|(s, v)| format!("{} {v}", standings[*s].name))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
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
    use crate::game::penalty::Kind;

    const AT: &str = "2026-11-22T20:00:00Z";

    /// A classic match of `players` with regular holes from `scores[hole][seat]`, built
    /// through the engine's own transitions.
    fn fixture(players: &[&str], scores: &[&[i32]], chain: &[Tiebreak]) -> Match {
        let setup = crate::game::Setup {
            rules: "classic".into(),
            holes: Some(scores.len().max(1) as u32),
            tiebreak: chain.iter().map(|t| t.name().to_string()).collect(),
            players: players.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        };
        let mut m = Match::new(&setup, AT).unwrap();
        for row in scores {
            let seats: Vec<(usize, i32)> = row.iter().copied().enumerate().collect();
            play(&mut m, &seats, false);
        }
        m
    }

    /// Records a hole of bare `(seat, score)` entries.
    fn play(m: &mut Match, scores: &[(usize, i32)], playoff: bool) {
        let entries: Vec<(usize, crate::game::Typed)> = scores
            .iter()
            .map(|&(s, v)| (s, crate::game::Typed::score("x", i64::from(v)).unwrap()))
            .collect();
        let hole = m.play_hole(&entries, None, playoff, AT).unwrap();
        m.record(hole);
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
        play(&mut m, &[(0, 4), (1, 4)], true);
        assert_eq!(m.outcome().playoff_needed, Some(vec![0, 1]));
        play(&mut m, &[(0, 7), (1, 3)], true);
        let o = m.outcome();
        assert_eq!(o.playoff_needed, None);
        assert_eq!(o.winners, vec![1]);
        assert_eq!(o.decided_by, Some(SuddenDeath));
        // playoff holes never change totals
        assert_eq!(m.standings()[0].total, 5);
    }

    #[test]
    fn the_winners_alone_are_decide_s() {
        // every 3-player, 3-hole card of scores 0 to 2 (a ninth of them with a player
        // disqualified), under each chain, with and without a playoff hole
        let chains: [&[Tiebreak]; 6] = [
            &[Countback, Shared],
            &[MostHolesWon, Countback],
            &[CardMatching, SuddenDeath],
            &[SuddenDeath],
            &[Countback, MostHolesWon, CardMatching],
            &[],
        ];
        let playoff = PlayoffScores {
            number: 1,
            scores: vec![Some(3), Some(3), Some(1)],
        };
        for card in 0..3u32.pow(9) {
            let standings: Vec<Standing> = (0..3)
                .map(|seat| {
                    let holes: Vec<i64> = (0..3)
                        .map(|h| i64::from(card / 3u32.pow(seat * 3 + h) % 3))
                        .collect();
                    Standing {
                        seat: seat as usize,
                        name: format!("p{seat}"),
                        total: holes.iter().sum(),
                        holes,
                        penalty_points: 0,
                        disqualified: seat == 2 && card % 9 == 0,
                    }
                })
                .collect();
            for chain in chains {
                for playoffs in [&[][..], &[playoff.clone()][..]] {
                    let expected = decide(&standings, chain, playoffs).winners;
                    assert_eq!(winners(&standings, chain, playoffs), expected, "{card}");
                }
            }
        }
    }

    #[test]
    fn a_disqualified_player_cannot_win() {
        let mut m = fixture(&["ann", "bob"], &[&[1, 9]], &[Countback]);
        for _ in 0..3 {
            let p = m.penalty(0, Kind::IllegalMove, None, AT).unwrap();
            m.penalties.push(p);
        }
        assert!(m.standings()[0].disqualified);
        assert_eq!(m.outcome().winners, vec![1]);
    }

    #[test]
    fn penalties_count_in_totals_and_escalate() {
        let t = crate::rules::resolve("classic", &[]).unwrap().tournament;
        let illegal_move = crate::game::penalty::illegal_move;
        assert_eq!(illegal_move(0, &t, "s").0, 0);
        assert_eq!(illegal_move(1, &t, "s").0, 5);
        assert!(!illegal_move(1, &t, "s").1);
        assert!(illegal_move(2, &t, "s").1);
        assert!(illegal_move(5, &t, "s").1, "the last step repeats");
        assert_eq!(crate::game::penalty::late(3, &t, "s").0, 6);
        let mut m = fixture(&["ann", "bob"], &[&[1, 2]], &[Countback]);
        let p = m.penalty(0, Kind::Late(1), Some(1), AT).unwrap();
        m.penalties.push(p);
        assert_eq!(m.standings()[0].total, 3);
        assert_eq!(m.outcome().winners, vec![1]);
    }

    #[test]
    fn ranking_puts_winners_first_then_totals_then_the_disqualified() {
        // ann and bob tie on 10, countback gives ann; cat 12 and dan 12 share third
        let m = fixture(
            &["ann", "bob", "cat", "dan"],
            &[&[1, 4, 6, 6], &[9, 6, 6, 6]],
            &[Countback, Shared],
        );
        assert_eq!(m.ranking(), vec![1, 2, 3, 3]);
        // a shared win is shared: identical holes, countback cannot separate
        let m = fixture(
            &["ann", "bob", "cat"],
            &[&[1, 3, 9], &[3, 1, 9]],
            &[Countback, Shared],
        );
        assert_eq!(m.ranking(), vec![1, 1, 3]);
        // a disqualified player is last, whatever their total
        let mut m = fixture(&["ann", "bob", "cat"], &[&[1, 5, 9]], &[Countback]);
        let p = m
            .penalty(0, Kind::Disqualify("cheating".into()), None, AT)
            .unwrap();
        m.penalties.push(p);
        assert_eq!(m.ranking(), vec![3, 1, 2]);
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
