//! Tournaments (RULES.md §13, Official §6.1, §6.3): several rounds; in each, the players
//! seated at tables, each table an ordinary match; one standing over every round.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use super::standings::{decide, Standing};
use super::{GameError, Match};
use crate::rules::{Rules, Tiebreak};

/// How tables are filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seating {
    /// Shuffled from the seed, preferring fewer repeated opponents in later rounds.
    Random,
    /// Round 1 random, then by standing: places 1…k at table 1, and so on.
    Swiss,
}

mod record;

pub use record::{
    Disqualification, LateEntry, RoundClock, TableRecord, TournamentRecord, Withdrawal,
};

/// A tournament and the matches of its rounds.
#[derive(Debug, Clone)]
pub struct Tournament {
    /// Its id in the database.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The rules every table plays.
    pub rules: Rules,
    /// Rounds to play.
    pub rounds: u32,
    /// Players a table seats at most.
    pub table_size: usize,
    /// How tables are filled.
    pub seating: Seating,
    /// The seed of random seating.
    pub seed: u64,
    /// Holes each table plays.
    pub holes: u32,
    /// Every player, in the order given.
    pub players: Vec<String>,
    /// Players disqualified from the whole tournament, with why.
    pub disqualified: Vec<(String, String)>,
    /// The same players, each with when they were disqualified (RFC 3339, UTC): a
    /// disqualification given with a match's penalty has that penalty's time.
    pub disqualified_at: Vec<(String, String)>,
    /// Late entrants (RULES.md §13, "Coming late"), each with the first round they were
    /// seated in (2 or later): each round before it is charged.
    pub late: Vec<(String, usize)>,
    /// Players who withdrew between rounds, each with the rounds played then.
    pub withdrew: Vec<(String, usize)>,
    /// Each round's clock, where one was kept (`golf serve --clock`), by round.
    pub clocks: Vec<RoundClock>,
    /// The matches of each round played or in play, table by table.
    pub played: Vec<Vec<Match>>,
}

/// One player's place in a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Placing {
    /// The player.
    pub name: String,
    /// Total over the rounds played.
    pub total: i64,
    /// Each round's total (a round disqualification is charged, RULES.md §13).
    pub rounds: Vec<i64>,
    /// 1 for first; tied players broken by the chain share a place only when it says so.
    pub place: usize,
    /// Disqualified from the tournament: listed last, no place.
    pub disqualified: bool,
    /// Entered late (RULES.md §13): each round missed is charged that round's mean match
    /// total over every table, rounded up.
    pub late: bool,
    /// Withdrew between rounds: kept for the rounds played, placed after every player who
    /// played every round.
    pub withdrew: bool,
    /// Beside each round's score: `"late"` (charged, not played), `"DQ"` (disqualified
    /// from that round, charged §13's total), or `null`.
    pub marks: Vec<Option<String>>,
    /// The player's table in the round in play or last played (`null`: not seated in it).
    pub table: Option<usize>,
    /// Holes the player's table has played this round while it plays (`null` once it has
    /// finished, or not seated).
    pub thru: Option<usize>,
}

/// Players tied on a total in a tournament's standing and how the chain separated them
/// (RULES.md §13): the board says it beside the places.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tie {
    /// The tied players, in the order they were entered.
    pub players: Vec<String>,
    /// Their total.
    pub total: i64,
    /// The place the tie was for (1 for first).
    pub place: usize,
    /// Who took it: one player when the chain broke the tie, all of them when they share it.
    pub took: Vec<String>,
    /// The method that decided (`countback`, `shared`, …).
    pub method: Tiebreak,
    /// Each method tried, in the chain's order, and who was still tied after it.
    pub steps: Vec<TieStep>,
}

/// One method of the chain tried on a tie (RULES.md §8, §13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TieStep {
    /// The method.
    pub method: Tiebreak,
    /// The players still tied after it (one: it broke the tie).
    pub left: Vec<String>,
}

/// Table sizes for `n` players at tables of at most `k`: ⌈n/k⌉ tables, as even as
/// possible, larger first (10 at 4: 4, 3, 3). Errors when a table of one would be made.
pub fn table_sizes(n: usize, k: usize) -> Result<Vec<usize>, GameError> {
    let tables = n.div_ceil(k.max(1));
    if n < 2 || k < 2 || n.div_ceil(tables.max(1)) < 2 || n / tables.max(1) < 2 {
        return Err(GameError::Edit(format!(
            "{n} player{} at tables of {k} would seat someone alone; expected at least 2 at every table",
            if n == 1 { "" } else { "s" }
        )));
    }
    Ok((0..tables)
        .map(|t| n / tables + usize::from(t < n % tables))
        .collect())
}

/// One round's total as charged to a player, with its mark (`late`, `DQ`) if any.
type Charged = (i64, Option<String>);

/// Players a tournament seats at most.
pub const MAX_ENTRANTS: usize = 256;

impl Tournament {
    /// A new tournament (id 0, no round seated; every table plays the rules' holes).
    /// Errors: a bad name, rounds outside 1–20, tables outside 2–16 seats, bad or repeated
    /// player names, a seating that would leave someone alone at a table.
    pub fn new(
        name: &str,
        rules: Rules,
        rounds: u32,
        table_size: usize,
        seating: Seating,
        seed: u64,
        entrants: &[String],
    ) -> Result<Tournament, GameError> {
        let name = crate::text::name("the tournament name", name, super::setup::MAX_MATCH_NAME)?;
        let edit = |m: String| Err(GameError::Edit(m));
        if !(1..=20).contains(&rounds) {
            return edit(format!(
                "--rounds {rounds} is out of range; expected 1 to 20 (Official §6.1 plays 3 to 5)"
            ));
        }
        if !(2..=16).contains(&table_size) {
            return edit(format!("--table-size {table_size} is out of range; expected 2 to 16 (Official §6.1 seats 4)"));
        }
        if entrants.len() > MAX_ENTRANTS {
            return edit(format!(
                "{} players is more than a tournament seats; at most {MAX_ENTRANTS}",
                entrants.len()
            ));
        }
        let players = super::setup::distinct_names(entrants)?;
        table_sizes(players.len(), table_size)?;
        Ok(Tournament {
            id: 0,
            name,
            holes: rules.holes,
            rules,
            rounds,
            table_size,
            seating,
            seed,
            players,
            disqualified: vec![],
            disqualified_at: vec![],
            late: vec![],
            withdrew: vec![],
            clocks: vec![],
            played: vec![],
        })
    }

    /// The clock of the round in play (or last seated), if it has one.
    pub fn clock(&self) -> Option<&RoundClock> {
        let round = u32::try_from(self.played.len()).ok()?;
        self.clocks.iter().find(|c| c.round == round)
    }

    /// Whether the round seated last has a table still playing (neither finished nor
    /// abandoned).
    pub fn round_in_play(&self) -> bool {
        self.played.last().is_some_and(|r| {
            r.iter()
                .any(|m| m.finished_at.is_none() && m.abandoned_at.is_none())
        })
    }

    /// Players still seated: not disqualified from the tournament, not withdrawn.
    pub fn active(&self) -> Vec<String> {
        self.players
            .iter()
            .filter(|p| !self.disqualified.iter().any(|(d, _)| d == *p))
            .filter(|p| !self.withdrew.iter().any(|(w, _)| w == *p))
            .cloned()
            .collect()
    }

    /// A late entrant `name` checked (RULES.md §13, "Coming late"): the name as it is
    /// kept and the first round they will be seated in. Errors: a bad name or one already
    /// entered, every round seated, the tournament full.
    pub fn add(&self, name: &str) -> Result<(String, usize), GameError> {
        let name = crate::player::normalise(name)?;
        let edit = |m: String| Err(GameError::Edit(m));
        if self.players.iter().any(|p| p.eq_ignore_ascii_case(&name)) {
            return edit(format!("{name} is already entered in {}", self.name));
        }
        if self.played.len() as u32 >= self.rounds {
            return edit(format!(
                "{} has seated all {} rounds: no round is left for {name} to play",
                self.name, self.rounds
            ));
        }
        if self.players.len() >= MAX_ENTRANTS {
            return edit(format!(
                "{} is full: at most {MAX_ENTRANTS} players",
                self.name
            ));
        }
        Ok((name, self.played.len() + 1))
    }

    /// A player `name` withdrawing between rounds checked (RULES.md §13, "leaving early"):
    /// the name as seated and the rounds played. Errors: no such player, one disqualified
    /// or withdrawn already, one whose table of the round in play has not finished.
    pub fn withdraw(&self, name: &str) -> Result<(String, usize), GameError> {
        let name = self.players[crate::player::find(&self.players, name)?].clone();
        let edit = |m: String| Err(GameError::Edit(m));
        if self.disqualified.iter().any(|(d, _)| *d == name) {
            return edit(format!(
                "{name} is disqualified from {}: nothing to withdraw from",
                self.name
            ));
        }
        if self.withdrew.iter().any(|(w, _)| *w == name) {
            return edit(format!("{name} has withdrawn from {} already", self.name));
        }
        let playing = self.played.last().and_then(|r| {
            r.iter().position(|m| {
                m.players.contains(&name) && m.finished_at.is_none() && m.abandoned_at.is_none()
            })
        });
        if let Some(table) = playing {
            return edit(format!(
                "{name} is playing at table {} of round {}: a player withdraws between rounds, once their table has finished",
                table + 1,
                self.played.len()
            ));
        }
        Ok((name, self.played.len()))
    }

    /// The tables of the next round, each a list of players in seating order. Errors:
    /// every round played, a match of the current round not finished, too few players.
    pub fn seat_next(&self) -> Result<Vec<Vec<String>>, GameError> {
        if self.played.len() as u32 >= self.rounds {
            return Err(GameError::Edit(format!(
                "{} has played all {} rounds",
                self.name, self.rounds
            )));
        }
        if let Some(m) = self
            .played
            .last()
            .and_then(|r| r.iter().find(|m| m.finished_at.is_none()))
        {
            return Err(GameError::Edit(format!(
                "round {} is still in play (match {} is not finished); seat the next round once every table has finished",
                self.played.len(),
                m.id
            )));
        }
        let players = self.active();
        let sizes = table_sizes(players.len(), self.table_size)?;
        let round = self.played.len() as u64 + 1;
        let order = match (self.seating, self.played.is_empty()) {
            (Seating::Swiss, false) => self
                .standings()
                .into_iter()
                .filter(|p| !p.disqualified)
                .map(|p| p.name)
                .collect(),
            _ => self.shuffled(players, round, &sizes),
        };
        let mut tables = Vec::new();
        let mut rest = order.as_slice();
        for size in sizes {
            let (table, more) = rest.split_at(size);
            tables.push(table.to_vec());
            rest = more;
        }
        Ok(tables)
    }

    /// The matches of the next round, one per table of [`Tournament::seat_next`], each
    /// named "NAME round R table T", started at `at` (RFC 3339), ids 0 until recorded.
    pub fn next_round(&self, at: &str) -> Result<Vec<Match>, GameError> {
        let round = self.played.len() + 1;
        let tables = self.seat_next()?;
        let mut matches = Vec::new();
        for (i, players) in tables.into_iter().enumerate() {
            let setup = super::Setup {
                rules: String::new(),
                house: vec![],
                holes: Some(self.holes),
                target: None,
                decks: None,
                tiebreak: vec![],
                name: Some(format!("{} round {round} table {}", self.name, i + 1)),
                players,
            };
            matches.push(Match::with_rules(&setup, self.rules.clone(), at)?);
        }
        Ok(matches)
    }

    /// A seating from the seed: of 64 shuffles for this round, the first that repeats the
    /// fewest pairs of opponents from earlier rounds.
    fn shuffled(&self, players: Vec<String>, round: u64, sizes: &[usize]) -> Vec<String> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(self.seed.wrapping_add(round));
        let met = |a: &str, b: &str| {
            self.played
                .iter()
                .flatten()
                .any(|m| m.players.iter().any(|p| p == a) && m.players.iter().any(|p| p == b))
        };
        let repeats = |order: &[String]| {
            let mut count = 0;
            let mut at = 0;
            for size in sizes {
                let table = &order[at..at + size];
                for (i, a) in table.iter().enumerate() {
                    count += table[i + 1..].iter().filter(|b| met(a, b)).count();
                }
                at += size;
            }
            count
        };
        let mut best: Option<(usize, Vec<String>)> = None;
        for _ in 0..64 {
            let mut order = players.clone();
            order.shuffle(&mut rng);
            let r = repeats(&order);
            if best.as_ref().is_none_or(|(b, _)| r < *b) {
                best = Some((r, order));
            }
        }
        best.map(|(_, o)| o).unwrap_or(players)
    }

    /// The standing over every round played (RULES.md §13): match totals summed; a player
    /// disqualified from a round is charged that round's highest total at any table plus
    /// the rules' `tournament.round_disqualification` (10); ties broken by the tournament's chain (countback over every hole the tied
    /// players played, then shared); players disqualified from the tournament last.
    pub fn standings(&self) -> Vec<Placing> {
        self.standing().0
    }

    /// [`Tournament::standings`] and every tie the chain broke on the way, place by place:
    /// the players who played every round first, then those who withdrew (RULES.md §13),
    /// then the disqualified.
    pub fn standing(&self) -> (Vec<Placing>, Vec<Tie>) {
        let (rows, rounds) = self.round_totals();
        let mut placed: Vec<Placing> = Vec::new();
        let mut ties: Vec<Tie> = Vec::new();
        let withdrew = |s: &Standing| self.withdrew.iter().any(|(w, _)| *w == s.name);
        for leavers in [false, true] {
            let group = (0..rows.len())
                .filter(|&s| !rows[s].disqualified && withdrew(&rows[s]) == leavers)
                .collect();
            self.place(&rows, &rounds, group, &mut placed, &mut ties);
        }
        for s in rows.iter().filter(|s| s.disqualified) {
            placed.push(self.placing(s, &rounds[s.seat], 0));
        }
        (placed, ties)
    }

    /// Each player's standing row over the rounds played, and each round's charged total
    /// with its mark (RULES.md §13): a round disqualification charged the round's highest
    /// total plus `tournament.round_disqualification`, a round missed by a late entrant its
    /// mean match total over every table, rounded up.
    fn round_totals(&self) -> (Vec<Standing>, Vec<Vec<Charged>>) {
        let per_round: Vec<Vec<Standing>> = self
            .played
            .iter()
            .map(|tables| tables.iter().flat_map(|m| m.standings()).collect())
            .collect();
        let mut rows: Vec<Standing> = Vec::new();
        let mut rounds = Vec::new();
        for (seat, name) in self.players.iter().enumerate() {
            let joined = self
                .late
                .iter()
                .find(|(l, _)| l == name)
                .map_or(1, |(_, r)| *r);
            let (mut totals, mut holes) = (Vec::new(), Vec::new());
            for (r, round) in per_round.iter().enumerate() {
                let played = round.iter().filter(|s| !s.disqualified).map(|s| s.total);
                let highest = played.clone().max().unwrap_or(0);
                if let Some(s) = round.iter().find(|s| &s.name == name) {
                    totals.push(match s.disqualified {
                        true => {
                            let charge = i64::from(self.rules.tournament.round_disqualification);
                            (highest + charge, Some("DQ".to_string()))
                        }
                        false => (s.total, None),
                    });
                    holes.extend(&s.holes);
                } else if r + 1 < joined {
                    let all: Vec<i64> = round.iter().map(|s| s.total).collect();
                    let n = (all.len() as i64).max(1);
                    let mean = all.iter().sum::<i64>().div_euclid(n)
                        + i64::from(all.iter().sum::<i64>().rem_euclid(n) != 0);
                    totals.push((mean, Some("late".to_string())));
                }
            }
            rows.push(Standing {
                seat,
                name: name.clone(),
                total: totals.iter().map(|t| t.0).sum(),
                holes,
                penalty_points: 0,
                disqualified: self.disqualified.iter().any(|(d, _)| d == name),
            });
            rounds.push(totals);
        }
        (rows, rounds)
    }

    /// The placing of row `s` at `place` (0: none), with its round totals and marks, its
    /// table and holes played this round.
    fn placing(&self, s: &Standing, rounds: &[Charged], place: usize) -> Placing {
        let at = self.played.last().and_then(|r| {
            r.iter()
                .enumerate()
                .find(|(_, m)| m.players.contains(&s.name))
        });
        Placing {
            name: s.name.clone(),
            total: s.total,
            rounds: rounds.iter().map(|r| r.0).collect(),
            place,
            disqualified: s.disqualified,
            late: self.late.iter().any(|(l, _)| *l == s.name),
            withdrew: self.withdrew.iter().any(|(w, _)| *w == s.name),
            marks: rounds.iter().map(|r| r.1.clone()).collect(),
            table: at.map(|(i, _)| i + 1),
            thru: at
                .filter(|(_, m)| m.finished_at.is_none())
                .map(|(_, m)| m.regular_holes().count()),
        }
    }

    /// Places the rows `left` after those `placed` already, ties broken by the chain
    /// (countback over every hole the tied players played, then shared).
    fn place(
        &self,
        rows: &[Standing],
        rounds: &[Vec<Charged>],
        mut left: Vec<usize>,
        placed: &mut Vec<Placing>,
        ties: &mut Vec<Tie>,
    ) {
        let chain = [Tiebreak::Countback, Tiebreak::Shared];
        while !left.is_empty() {
            let mut subset = rows.to_vec();
            for s in subset.iter_mut() {
                s.disqualified = !left.contains(&s.seat);
            }
            let outcome = decide(&subset, &chain, &[]);
            let winners = outcome.winners;
            let place = placed.len() + 1;
            let names = |seats: &[usize]| seats.iter().map(|&s| rows[s].name.clone()).collect();
            if let (true, Some(method)) = (outcome.tied.len() > 1, outcome.decided_by) {
                ties.push(Tie {
                    players: names(&outcome.tied),
                    total: outcome.tied.first().map_or(0, |&s| rows[s].total),
                    place,
                    took: names(&winners),
                    method,
                    steps: outcome
                        .steps
                        .iter()
                        .map(|step| TieStep {
                            method: step.method,
                            left: names(&step.remaining),
                        })
                        .collect(),
                });
            }
            for &s in &winners {
                placed.push(self.placing(&rows[s], &rounds[s], place));
            }
            left.retain(|s| !winners.contains(s));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_as_even_as_possible_larger_first() {
        assert_eq!(table_sizes(10, 4).unwrap(), vec![4, 3, 3]);
        assert_eq!(table_sizes(8, 4).unwrap(), vec![4, 4]);
        assert_eq!(table_sizes(9, 4).unwrap(), vec![3, 3, 3]);
        assert_eq!(table_sizes(5, 4).unwrap(), vec![3, 2]);
        assert!(table_sizes(1, 4).is_err());
        assert!(table_sizes(3, 2).unwrap_err().to_string().contains("alone"));
    }
}
