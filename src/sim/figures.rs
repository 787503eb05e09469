//! The simulator's figures (RULES.md §15) as plain accumulators of whole numbers: merged
//! across threads in any order they give the same totals, so a seed gives the same figures
//! on any number of threads. Nothing keeps a list of holes or matches.

use crate::rules::Tiebreak;

/// A shared win counts 1/k to each of k winners: wins are kept in units of 1/720720, which
/// every k from 1 to 16 divides.
pub const WIN_UNITS: u64 = 720_720;

/// The z-value of a two-sided 95% interval.
const Z95: f64 = 1.959_964;

/// The tiebreak methods, in a fixed order, for counting which one settled a tie.
pub const TIEBREAKS: [Tiebreak; 5] = [
    Tiebreak::Countback,
    Tiebreak::MostHolesWon,
    Tiebreak::CardMatching,
    Tiebreak::SuddenDeath,
    Tiebreak::Shared,
];

/// Whole-number counts of holes, grids and ties: one match's, or (in [`Figures`]) many
/// matches' added together by [`Counts::add`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Holes somebody ended (went out or knocked).
    pub ended: u64,
    /// Of those, holes where the ender's score was raised by the §5 adjustments.
    pub penalised: u64,
    /// The points those raises added.
    pub penalty_points: i64,
    /// Matched sets over all final grids.
    pub sets: u64,
    /// Final grids scored.
    pub grids: u64,
    /// Holes ended by the turn limit.
    pub turn_limit: u64,
    /// Matches whose lowest total was tied after the last hole.
    pub ties: u64,
    /// Ties settled by each method, by its place in [`TIEBREAKS`].
    pub tiebreaks: [u64; TIEBREAKS.len()],
}

impl Counts {
    /// Adds `o`'s counts to these, field by field (any order gives the same sums).
    pub fn add(&mut self, o: &Counts) {
        self.ended += o.ended;
        self.penalised += o.penalised;
        self.penalty_points += o.penalty_points;
        self.sets += o.sets;
        self.grids += o.grids;
        self.turn_limit += o.turn_limit;
        self.ties += o.ties;
        for (a, b) in self.tiebreaks.iter_mut().zip(o.tiebreaks) {
            *a += b;
        }
    }
}

/// What one match gave, in whole numbers, by seat where it says so: the engine's result of
/// a match, which [`Figures`] and [`Paired`] add up. Playoff holes decide the winners and
/// count nowhere else.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Holes played by every seat (the match's length).
    pub holes: u64,
    /// Each seat's total of hole scores.
    pub totals: Vec<i64>,
    /// Each seat's sum of squared hole scores.
    pub squares: Vec<i64>,
    /// Each seat's share of the win, in [`WIN_UNITS`].
    pub wins: Vec<u64>,
    /// The win share of the seat that played first in the first hole, in [`WIN_UNITS`].
    pub first_wins: u64,
    /// The match's counts (`ties` 1 when it was tied, one tiebreak counted).
    pub counts: Counts,
}

/// A running sum of whole numbers and of their squares, for a mean and its interval.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Moments {
    /// How many values.
    pub n: u64,
    /// Their sum.
    pub sum: i128,
    /// The sum of their squares.
    pub squares: i128,
}

impl Moments {
    /// Adds one value.
    pub fn add(&mut self, x: i64) {
        self.n += 1;
        self.sum += i128::from(x);
        self.squares += i128::from(x) * i128::from(x);
    }

    /// Adds another accumulator's values.
    pub fn merge(&mut self, o: &Moments) {
        self.n += o.n;
        self.sum += o.sum;
        self.squares += o.squares;
    }

    /// The mean (0 with no values).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            return 0.0;
        }
        self.sum as f64 / self.n as f64
    }

    /// The sample standard deviation (0 with fewer than two values).
    pub fn sd(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = self.n as f64;
        let var = (self.squares as f64 - (self.sum as f64).powi(2) / n) / (n - 1.0);
        var.max(0.0).sqrt()
    }

    /// The half-width of the mean's 95% interval (normal approximation).
    pub fn ci95(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        Z95 * self.sd() / (self.n as f64).sqrt()
    }
}

/// The figures of many matches with one seating (RULES.md §15).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    /// Matches played.
    pub matches: u64,
    /// Each seat's hole scores: holes, sum and sum of squares.
    pub seats: Vec<Moments>,
    /// Each seat's wins, in [`WIN_UNITS`].
    pub wins: Vec<u64>,
    /// Wins of the seat that played first in a match's first hole, in [`WIN_UNITS`].
    pub first_wins: u64,
    /// Holes ended, penalised, sets, grids, turn-limit holes, ties and tiebreaks, summed.
    pub counts: Counts,
}

impl Figures {
    /// No matches yet, for `players` seats.
    pub fn new(players: usize) -> Figures {
        Figures {
            seats: vec![Moments::default(); players],
            wins: vec![0; players],
            ..Figures::default()
        }
    }

    /// Adds one match.
    pub fn add(&mut self, r: &MatchResult) {
        self.matches += 1;
        for (seat, m) in self.seats.iter_mut().enumerate() {
            m.n += r.holes;
            m.sum += i128::from(r.totals[seat]);
            m.squares += i128::from(r.squares[seat]);
            self.wins[seat] += r.wins[seat];
        }
        self.first_wins += r.first_wins;
        self.counts.add(&r.counts);
    }

    /// Adds another accumulator (any order gives the same result).
    pub fn merge(mut self, o: Figures) -> Figures {
        self.matches += o.matches;
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.merge(b);
        }
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            *a += b;
        }
        self.first_wins += o.first_wins;
        self.counts.add(&o.counts);
        self
    }

    /// A seat's share of the wins, 0 to 1.
    pub fn win_share(&self, seat: usize) -> f64 {
        self.share(self.wins.get(seat).copied().unwrap_or(0))
    }

    /// The first player's share of the wins, 0 to 1.
    pub fn first_player_wins(&self) -> f64 {
        self.share(self.first_wins)
    }

    fn share(&self, units: u64) -> f64 {
        if self.matches == 0 {
            return 0.0;
        }
        units as f64 / WIN_UNITS as f64 / self.matches as f64
    }

    /// Of the holes somebody ended, the share where the ender was penalised.
    pub fn ended_penalised(&self) -> f64 {
        ratio(self.counts.penalised as f64, self.counts.ended)
    }

    /// The mean penalty of a penalised ender.
    pub fn mean_penalty(&self) -> f64 {
        ratio(self.counts.penalty_points as f64, self.counts.penalised)
    }

    /// Matched sets per final grid.
    pub fn sets_per_grid(&self) -> f64 {
        ratio(self.counts.sets as f64, self.counts.grids)
    }

    /// Every seat's hole scores pooled.
    pub fn pooled(&self) -> Moments {
        let mut all = Moments::default();
        for m in &self.seats {
            all.merge(m);
        }
        all
    }
}

fn ratio(x: f64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        x / n as f64
    }
}

/// Paired differences of two rule sets over the very same matches (common random numbers):
/// per match, each figure under the second rules minus the first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Paired {
    /// Holes per match.
    pub holes: u64,
    /// Each seat's per-match total.
    pub seats: Vec<Moments>,
    /// All seats' per-match total.
    pub all: Moments,
    /// Each seat's win share per match, in [`WIN_UNITS`].
    pub wins: Vec<Moments>,
    /// Penalised enders per match.
    pub penalised: Moments,
    /// Matched sets per match.
    pub sets: Moments,
    /// Turn-limit holes per match.
    pub turn_limit: Moments,
}

impl Paired {
    /// Nothing yet, for `players` seats and `holes` holes a match.
    pub fn new(players: usize, holes: u64) -> Paired {
        Paired {
            holes,
            seats: vec![Moments::default(); players],
            wins: vec![Moments::default(); players],
            ..Paired::default()
        }
    }

    /// Adds one match played under both rules.
    pub fn add(&mut self, base: &MatchResult, vs: &MatchResult) {
        let mut all = 0;
        for seat in 0..self.seats.len() {
            let d = vs.totals[seat] - base.totals[seat];
            all += d;
            self.seats[seat].add(d);
            self.wins[seat].add(vs.wins[seat] as i64 - base.wins[seat] as i64);
        }
        self.all.add(all);
        let (b, v) = (&base.counts, &vs.counts);
        self.penalised.add(v.penalised as i64 - b.penalised as i64);
        self.sets.add(v.sets as i64 - b.sets as i64);
        self.turn_limit
            .add(v.turn_limit as i64 - b.turn_limit as i64);
    }

    /// Adds another accumulator.
    pub fn merge(mut self, o: Paired) -> Paired {
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.merge(b);
        }
        for (a, b) in self.wins.iter_mut().zip(&o.wins) {
            a.merge(b);
        }
        self.all.merge(&o.all);
        self.penalised.merge(&o.penalised);
        self.sets.merge(&o.sets);
        self.turn_limit.merge(&o.turn_limit);
        self
    }
}

/// A difference and the half-width of its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Diff {
    /// The second rules minus the first.
    pub value: f64,
    /// Half-width of the 95% interval.
    pub ci95: f64,
}

impl Diff {
    /// A per-match difference scaled to `per` (e.g. per hole: divide by holes).
    pub fn of(m: &Moments, per: f64) -> Diff {
        Diff {
            value: m.mean() / per,
            ci95: m.ci95() / per,
        }
    }
}
