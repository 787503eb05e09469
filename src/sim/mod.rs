//! The simulator (RULES.md §14–15): bots play whole matches under a set of rules, and the
//! figures of many matches are gathered, optionally under a second set of rules on the very
//! same shuffles (common random numbers) for paired differences.
//!
//! Every match has its own seed derived from the run's seed and the match's number, and
//! every hole its own generators for the shuffle and for the bots, derived from that: a run
//! gives the same figures on any number of threads (rayon), and both rule sets of a
//! comparison see the same deals. Figures are whole-number accumulators merged across
//! threads ([`figures`]); nothing keeps a list of holes. No I/O: a trace goes to a
//! [`Watch`] the caller supplies.
//!
//! Here: what to simulate ([`Trial`], its checks and [`SimError`]), and the runners over
//! many matches with their [`Report`]. [`engine`] plays one match; [`watch`] is the trace
//! protocol; [`figures`] the accumulators; [`record`] keeps matches for `--export`.

pub mod analyse;
pub mod engine;
pub mod figures;
pub mod record;
pub mod watch;

use rayon::prelude::*;

use crate::bots::Strategy;
use crate::play::{self, DealError};
use crate::rules::Rules;
use crate::scoring::Scorer;
use engine::{match_seed, EngineError, Table};
use figures::{Figures, Paired};
pub use watch::{Tee, Turn, Unwatched, Watch};

/// The most players at one simulated table: as at a real one ([`crate::game::setup::MAX_PLAYERS`]).
pub const MAX_PLAYERS: usize = crate::game::setup::MAX_PLAYERS;
/// The most matches one run plays.
pub const MAX_MATCHES: u64 = 100_000_000;
/// The most holes a simulated match has (RULES.md §12).
const MAX_HOLES: usize = crate::bounds::Holes::MAX as usize;

/// Why a simulation cannot run or did not finish. Every variant but [`SimError::Engine`] is
/// bad input (exit 2); `Engine` is a defect of golf's (exit 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// A player count outside 1 to 16.
    #[error("{0} players cannot be simulated; expected 1 to {MAX_PLAYERS}")]
    Players(usize),
    /// No matches, or too many.
    #[error("{0} matches cannot be simulated; expected 1 to {MAX_MATCHES}")]
    Matches(u64),
    /// No holes, or more than a match (or, for [`crate::cache`]'s sample, a sample) may have.
    #[error("{holes} holes cannot be simulated; expected 1 to {most}")]
    Holes {
        /// Holes asked for.
        holes: usize,
        /// The most allowed.
        most: usize,
    },
    /// The rules cannot deal a hole to the table ([`play::check_deal`]).
    #[error(transparent)]
    Deal(#[from] DealError),
    /// No bots named.
    #[error(
        "no bots given; expected random, greedy, counting, expert, expert-deep or expert-match"
    )]
    NoBots,
    /// More bots named than there are seats: the extra ones would never play.
    #[error("{bots} bots given for {players} players; expected at most one bot a seat (the last is repeated for seats beyond the list): use --players {bots} or name fewer bots")]
    TooManyBots {
        /// Bots named.
        bots: usize,
        /// Seats at the table.
        players: usize,
    },
    /// `--export` at a table of one: a match needs two players.
    #[error("--export writes matches, which need at least 2 players; use --players 2 or more")]
    ExportPlayers,
    /// `--export` of more matches than [`record::MAX_EXPORTED_MATCHES`].
    #[error("--export keeps every match to write one file; {0} matches is more than the {most} it can export; use --matches {most} or fewer with --export (the figures alone, or --trace, take any number)", most = record::MAX_EXPORTED_MATCHES)]
    ExportMatches(u64),
    /// `--export` of more than `golf import` reads ([`crate::bounds::MAX_EXPORT_BYTES`]),
    /// by [`record::estimated_bytes`].
    #[error("--export of {matches} matches would write about {} MB, more than the {} MB golf import reads; use --matches {fit} or fewer with --export (the figures alone, or --trace, take any number)", .bytes / 1_000_000, crate::bounds::MAX_EXPORT_BYTES / 1_000_000)]
    ExportBytes {
        /// Matches asked for.
        matches: u64,
        /// The export's estimated size in bytes.
        bytes: u64,
        /// The most matches that fit.
        fit: u64,
    },
    /// A bot made no move or a move the hole refused: the run stopped ([`engine`]).
    #[error(transparent)]
    Engine(#[from] EngineError),
}

impl From<SimError> for crate::error::Error {
    fn from(e: SimError) -> crate::error::Error {
        match e {
            SimError::Engine(e) => crate::error::Error::System(e.into()),
            bad => crate::error::Error::Input(Box::new(bad)),
        }
    }
}

/// What to simulate.
#[derive(Debug, Clone)]
pub struct Trial {
    /// The rules the matches are played under.
    pub rules: Rules,
    /// Rules to compare with on the same shuffles (`--vs`).
    pub vs: Option<Rules>,
    /// Players at the table, 1 to 16.
    pub players: usize,
    /// Holes per match, 1 to 36 ([`crate::bounds::Holes`]).
    pub holes: usize,
    /// Matches to play.
    pub matches: u64,
    /// One bot per seat; the last is repeated for the seats beyond the list.
    pub bots: Vec<Strategy>,
    /// The run's seed.
    pub seed: u64,
}

impl Trial {
    /// The bot in each seat.
    pub fn seating(&self) -> Vec<Strategy> {
        let last = self.bots.last().copied().unwrap_or(Strategy::Greedy);
        (0..self.players)
            .map(|i| self.bots.get(i).copied().unwrap_or(last))
            .collect()
    }

    /// Checks that the matches can be exported too (`--export`): at least 2 players, at
    /// most [`record::MAX_EXPORTED_MATCHES`] matches, and a file `golf import` reads (at
    /// most [`crate::bounds::MAX_EXPORT_BYTES`] by [`record::estimated_bytes`]).
    pub fn check_export(&self) -> Result<(), SimError> {
        if self.players < 2 {
            return Err(SimError::ExportPlayers);
        }
        if self.matches > record::MAX_EXPORTED_MATCHES {
            return Err(SimError::ExportMatches(self.matches));
        }
        let bytes = record::estimated_bytes(self);
        if bytes > crate::bounds::MAX_EXPORT_BYTES {
            let per_match = (bytes / self.matches.max(1)).max(1);
            return Err(SimError::ExportBytes {
                matches: self.matches,
                bytes,
                fit: crate::bounds::MAX_EXPORT_BYTES / per_match,
            });
        }
        Ok(())
    }

    /// Checks the counts and each rule set's `[play]` data and pack.
    pub fn check(&self) -> Result<(), SimError> {
        if self.players == 0 || self.players > MAX_PLAYERS {
            return Err(SimError::Players(self.players));
        }
        if self.matches == 0 || self.matches > MAX_MATCHES {
            return Err(SimError::Matches(self.matches));
        }
        if self.holes == 0 || self.holes > MAX_HOLES {
            return Err(SimError::Holes {
                holes: self.holes,
                most: MAX_HOLES,
            });
        }
        if self.bots.is_empty() {
            return Err(SimError::NoBots);
        }
        if self.bots.len() > self.players {
            return Err(SimError::TooManyBots {
                bots: self.bots.len(),
                players: self.players,
            });
        }
        for rules in std::iter::once(&self.rules).chain(&self.vs) {
            let cards = rules.cards_in(rules.deck.decks_for(self.players)) as usize;
            play::check_deal(rules, self.players, cards)?;
        }
        Ok(())
    }
}

/// What a run gave: the figures under the rules, and under `--vs` the figures under the
/// second rules and the paired differences.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Figures under the rules.
    pub base: Figures,
    /// Figures under the `--vs` rules.
    pub vs: Option<Figures>,
    /// Paired differences, vs minus base.
    pub paired: Option<Paired>,
}

/// Plays `setup.matches` matches on `threads` threads (0: rayon's choice), calling
/// `progress` with the number of matches finished from time to time. The figures depend on
/// the seed alone, never on `threads`. Errors as [`Trial::check`], and
/// [`SimError::Engine`] when a bot's move is refused (the run stops; no hole is skipped).
pub fn run(
    setup: &Trial,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, SimError> {
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => run_in(&pool, setup, progress),
        Err(_) => {
            setup.check()?;
            run_on(setup, progress)
        }
    }
}

/// As [`run`], on the threads of `pool` (made once for many runs, as the benches do).
pub fn run_in(
    pool: &rayon::ThreadPool,
    setup: &Trial,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, SimError> {
    setup.check()?;
    pool.install(|| run_on(setup, progress))
}

fn run_on(setup: &Trial, progress: &(dyn Fn(u64) + Sync)) -> Result<Report, SimError> {
    let base_scorer = Scorer::new(&setup.rules);
    let vs_scorer = setup.vs.as_ref().map(Scorer::new);
    let done = std::sync::atomic::AtomicU64::new(0);
    // matches go out in blocks, so each block prepares its tables once
    const BLOCK: u64 = 8;
    let blocks = setup.matches.div_ceil(BLOCK);
    (0..blocks)
        .into_par_iter()
        .map(|b| -> Result<Report, SimError> {
            let tables = Tables::new(setup, &base_scorer, vs_scorer.as_ref());
            let mut report = Report::empty(setup);
            for game in b * BLOCK..((b + 1) * BLOCK).min(setup.matches) {
                report.play(&tables, setup, game, &mut Unwatched, &mut Unwatched)?;
            }
            let now = done.fetch_add(BLOCK, std::sync::atomic::Ordering::Relaxed) + BLOCK;
            progress(now.min(setup.matches));
            Ok(report)
        })
        .try_reduce(|| Report::empty(setup), |a, b| Ok(a.merge(b)))
}

/// Plays the matches one after another on this thread, telling `watch` every move under
/// the rules (and then `vs_watch` under the `--vs` rules): the same figures as [`run`].
/// Errors as [`run`].
pub fn run_watched(
    setup: &Trial,
    watch: &mut dyn Watch,
    vs_watch: &mut dyn Watch,
    progress: &dyn Fn(u64),
) -> Result<Report, SimError> {
    setup.check()?;
    let base_scorer = Scorer::new(&setup.rules);
    let vs_scorer = setup.vs.as_ref().map(Scorer::new);
    let tables = Tables::new(setup, &base_scorer, vs_scorer.as_ref());
    let mut report = Report::empty(setup);
    for game in 0..setup.matches {
        report.play(&tables, setup, game, watch, vs_watch)?;
        progress(game + 1);
    }
    Ok(report)
}

/// The tables of a run: the rules', and the `--vs` rules' when there are.
struct Tables<'r> {
    base: Table<'r>,
    vs: Option<Table<'r>>,
}

impl<'r> Tables<'r> {
    fn new(setup: &'r Trial, base: &'r Scorer<'r>, vs: Option<&'r Scorer<'r>>) -> Tables<'r> {
        Tables {
            base: Table::new(&setup.rules, base, setup),
            vs: setup
                .vs
                .as_ref()
                .zip(vs)
                .map(|(r, s)| Table::new(r, s, setup)),
        }
    }
}

impl Report {
    /// Nothing played yet.
    fn empty(setup: &Trial) -> Report {
        let players = setup.players;
        Report {
            base: Figures::new(players),
            vs: setup.vs.as_ref().map(|_| Figures::new(players)),
            paired: setup
                .vs
                .as_ref()
                .map(|_| Paired::new(players, setup.holes as u64)),
        }
    }

    /// Plays match `game` under the rules and then under the `--vs` rules on the same seed,
    /// and adds it to the figures.
    fn play(
        &mut self,
        tables: &Tables<'_>,
        setup: &Trial,
        game: u64,
        watch: &mut dyn Watch,
        vs_watch: &mut dyn Watch,
    ) -> Result<(), EngineError> {
        let seed = match_seed(setup.seed, game);
        let r = tables.base.play_match(game, seed, watch)?;
        self.base.add(&r);
        if let (Some(vt), Some(vf), Some(p)) = (&tables.vs, &mut self.vs, &mut self.paired) {
            let v = vt.play_match(game, seed, vs_watch)?;
            vf.add(&v);
            p.add(&r, &v);
        }
        Ok(())
    }

    /// Two reports of parts of one run as one.
    fn merge(self, other: Report) -> Report {
        Report {
            base: self.base.merge(other.base),
            vs: self.vs.zip(other.vs).map(|(x, y)| x.merge(y)),
            paired: self.paired.zip(other.paired).map(|(x, y)| x.merge(y)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Fault;

    /// A defect of the engine is a failure (exit 1); a setup golf cannot run is the user's
    /// to change (exit 2).
    #[test]
    fn a_stopped_run_is_a_failure_and_a_bad_setup_bad_input() {
        let stopped = SimError::Engine(EngineError {
            game: 0,
            hole: 2,
            fault: Fault::NoBot { seat: 1 },
        });
        assert_eq!(crate::error::Error::from(stopped).exit_code(), 1);
        let bad = SimError::Deal(DealError::NoPlayers);
        assert_eq!(crate::error::Error::from(bad).exit_code(), 2);
        let bots = SimError::TooManyBots {
            bots: 3,
            players: 2,
        };
        assert_eq!(crate::error::Error::from(bots).exit_code(), 2);
    }
}
