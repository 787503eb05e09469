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

pub mod figures;
pub mod record;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::bots::{Bot, Strategy};
use crate::card::Card;
use crate::game::standings::{decide, PlayoffScores};
use crate::game::Standing;
use crate::play::{self, Hole, How, Move, Phase, Source};
use crate::rules::Rules;
use crate::scoring::{self, Ended, Scorer};
use figures::{Figures, MatchTally, Paired, TIEBREAKS, WIN_UNITS};

/// The most players at one simulated table.
pub const MAX_PLAYERS: usize = 16;
/// The most matches one run plays.
pub const MAX_MATCHES: u64 = 100_000_000;
/// Every seat of the largest table, in seating order: a hole's seats are a prefix of it.
const EVERY_SEAT: [usize; MAX_PLAYERS] = {
    let mut seats = [0; MAX_PLAYERS];
    let mut i = 0;
    while i < MAX_PLAYERS {
        seats[i] = i;
        i += 1;
    }
    seats
};
/// The most holes a simulated match has (RULES.md §12).
const MAX_HOLES: usize = crate::bounds::Holes::MAX as usize;
/// The most holes [`greedy_hole_scores`] plays.
const MAX_SAMPLE_HOLES: usize = 10_000_000;
/// Sudden-death playoff holes played before a simulated tie is shared.
const MAX_PLAYOFFS: usize = 20;

/// Why a simulation cannot run. Every variant is bad input (exit 2).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// The rules set no `[play]` data (RULES.md §14), so nobody knows how to play them.
    #[error("the rules {rules} say nothing of how a hole is played (no [play] data: face_up_at_start, peek_at_start, start_cards, first, discard_drawn, may_knock, may_look_once); add a [play] table to the file or start it with extends = \"classic\"")]
    NoPlay {
        /// The rules' display name.
        rules: String,
    },
    /// A player count outside 1 to 16.
    #[error("{0} players cannot be simulated; expected 1 to {MAX_PLAYERS}")]
    Players(usize),
    /// No matches, or too many.
    #[error("{0} matches cannot be simulated; expected 1 to {MAX_MATCHES}")]
    Matches(u64),
    /// No holes, or more than a match (or, for [`greedy_hole_scores`], a sample) may have.
    #[error("{holes} holes cannot be simulated; expected 1 to {most}")]
    Holes {
        /// Holes asked for.
        holes: usize,
        /// The most allowed.
        most: usize,
    },
    /// The pack cannot deal every player's layout plus a stock and a discard.
    #[error("the pack of {rules} for {players} players holds {cards} cards, but dealing {players} grids of {cells} needs at least {needed}; use fewer players or rules with more decks")]
    PackTooSmall {
        /// The rules' display name.
        rules: String,
        /// Players.
        players: usize,
        /// Cards in the pack.
        cards: usize,
        /// Cards per grid.
        cells: usize,
        /// Cards needed.
        needed: usize,
    },
    /// More start cards than the grid has room for where the rules say they go.
    #[error("the rules {rules} turn up or peek at {start} cards at the start, but there are only {room} {place}; the [play] data must fit the grid")]
    StartCards {
        /// The rules' display name.
        rules: String,
        /// Cards turned up or peeked at.
        start: u32,
        /// Room for them.
        room: usize,
        /// Where they go.
        place: &'static str,
    },
    /// No bots named.
    #[error("no bots given; expected random, greedy, counting or expert")]
    NoBots,
    /// `--export` at a table of one: a match needs two players.
    #[error("--export writes matches, which need at least 2 players; use --players 2 or more")]
    ExportPlayers,
    /// `--export` of more matches than [`record::MAX_EXPORTED_MATCHES`].
    #[error("--export keeps every match to write one file; {0} matches is more than the {most} it can export; use --matches {most} or fewer with --export (the figures alone, or --trace, take any number)", most = record::MAX_EXPORTED_MATCHES)]
    ExportMatches(u64),
}

impl crate::error::BadInput for SimError {}

/// What to simulate.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The rules.
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

impl Setup {
    /// The bot in each seat.
    pub fn seating(&self) -> Vec<Strategy> {
        let last = self.bots.last().copied().unwrap_or(Strategy::Greedy);
        (0..self.players)
            .map(|i| self.bots.get(i).copied().unwrap_or(last))
            .collect()
    }

    /// Checks that the matches can be exported too (`--export`): at least 2 players, at
    /// most [`record::MAX_EXPORTED_MATCHES`] matches.
    pub fn check_export(&self) -> Result<(), SimError> {
        if self.players < 2 {
            return Err(SimError::ExportPlayers);
        }
        if self.matches > record::MAX_EXPORTED_MATCHES {
            return Err(SimError::ExportMatches(self.matches));
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
        for rules in std::iter::once(&self.rules).chain(&self.vs) {
            check_rules(rules, self.players)?;
        }
        Ok(())
    }
}

fn check_rules(rules: &Rules, players: usize) -> Result<(), SimError> {
    let Some(playing) = rules.playing else {
        return Err(SimError::NoPlay {
            rules: rules.display_name(),
        });
    };
    let (rows, columns) = (rules.layout.rows, rules.layout.columns);
    let start = playing.face_up_at_start + playing.peek_at_start;
    let (room, place) = match playing.start_cards {
        crate::rules::StartCards::Any => (rows * columns, "cards in the grid"),
        crate::rules::StartCards::OneColumn => (rows, "cards in one column"),
        crate::rules::StartCards::NearestRow => (columns, "cards in the nearest row"),
    };
    if start as usize > room {
        return Err(SimError::StartCards {
            rules: rules.display_name(),
            start,
            room,
            place,
        });
    }
    let cells = rules.layout.rows * rules.layout.columns;
    let cards = rules.cards_in(rules.deck.decks_for(players)) as usize;
    let needed = players * cells + 2;
    if cards < needed {
        return Err(SimError::PackTooSmall {
            rules: rules.display_name(),
            players,
            cards,
            cells,
            needed,
        });
    }
    Ok(())
}

/// One turn as it was played, for a trace (CLI.md `--trace`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The seat.
    pub player: usize,
    /// Where the card was drawn from; `None` for a knock.
    pub draw: Option<Source>,
    /// The card drawn.
    pub card: Option<Card>,
    /// The placing move (`Swap`, `Discard`, `DiscardFlip`) or `Knock`.
    pub action: Move,
    /// The card that went to the discard pile.
    pub discarded: Option<Card>,
}

/// Receives a hole as it is played (for `--trace` and `--export`); the simulator itself
/// does no I/O.
pub trait Watch {
    /// Whether it wants anything at all; when not, the simulator keeps no copy of a deal
    /// for it.
    fn watching(&self) -> bool {
        true
    }
    /// A hole has been dealt and its start played (`hole` from 0; from the match's length
    /// on, a sudden-death playoff hole); `seats` are the table's seats playing it, in
    /// seating order (the hole's player `i` is seat `seats[i]`: every seat, or on a playoff
    /// hole the tied ones); `deal` is each grid as dealt, `stock` top card last.
    /// Ignored unless a watcher says otherwise, as is every event below.
    fn start(
        &mut self,
        game: u64,
        hole: usize,
        seats: &[usize],
        h: &Hole,
        deal: &[crate::grid::Grid],
        stock: &[Card],
    ) {
        let _ = (game, hole, seats, h, deal, stock);
    }
    /// The stock was rebuilt (RULES.md §14 step 5) before the draw that needed it; `stock`
    /// is the new stock, top card last.
    fn reshuffle(&mut self, game: u64, hole: usize, stock: &[Card]) {
        let _ = (game, hole, stock);
    }
    /// A turn was played (its player a table seat).
    fn turn(&mut self, game: u64, hole: usize, number: u32, turn: &Turn) {
        let _ = (game, hole, number, turn);
    }
    /// The hole is over; `seats` as in [`Watch::start`], `scores` the hole scores after §5
    /// by the hole's players.
    fn end(&mut self, game: u64, hole: usize, seats: &[usize], h: &Hole, scores: &[i64]) {
        let _ = (game, hole, seats, h, scores);
    }
}

/// A [`Watch`] that ignores everything.
pub struct Unwatched;

impl Watch for Unwatched {
    fn watching(&self) -> bool {
        false
    }
}

/// SplitMix64: spreads a number over 64 bits, for deriving seeds.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of match `game` of a run seeded `seed`.
pub fn match_seed(seed: u64, game: u64) -> u64 {
    mix(mix(seed) ^ game)
}

/// The generator for `purpose` (0 the shuffle, 1 the bots) of hole `hole` of a match.
fn hole_rng(match_seed: u64, hole: usize, purpose: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(mix(match_seed ^ mix((hole as u64) << 8 | purpose)))
}

/// The dealer of hole `hole` (from 0, playoff holes continuing) at a table of `players`,
/// as an index into `seats` (the seats playing it, in seating order). The deal passes round
/// the table from the first seat, as the match engine's (`Match::dealer`); when the table's
/// dealer does not play the hole, the one before the first player after them deals, so
/// that player plays first.
fn hole_dealer(hole: usize, players: usize, seats: &[usize]) -> usize {
    let k = seats.len().max(1);
    let table_dealer = hole % players.max(1);
    let after = seats.iter().position(|&s| s > table_dealer).unwrap_or(0);
    (after + k - 1) % k
}

/// Everything one rule set needs to play matches, prepared once per thread.
struct Table<'r> {
    rules: &'r Rules,
    scorer: &'r Scorer<'r>,
    pack: Vec<Card>,
    players: usize,
    holes: usize,
    seating: Vec<Strategy>,
    adjusts: bool,
}

/// What a match's holes share: the bots at their seats, and the last hole, whose buffers
/// the next deal reuses ([`Hole::redeal`]).
struct Seated<'r> {
    bots: Vec<Bot<'r>>,
    hole: Option<Hole>,
}

impl<'r> Table<'r> {
    fn new(rules: &'r Rules, scorer: &'r Scorer<'r>, setup: &Setup) -> Table<'r> {
        Table {
            rules,
            scorer,
            pack: play::pack(rules, rules.deck.decks_for(setup.players)),
            players: setup.players,
            holes: setup.holes,
            seating: setup.seating(),
            adjusts: scoring::adjusts_holes(rules),
        }
    }

    /// Plays match `game` (seeded `seed`) and tallies it.
    fn play_match(&self, game: u64, seed: u64, watch: &mut dyn Watch) -> MatchTally {
        let mut seated = Seated {
            bots: self
                .seating
                .iter()
                .filter_map(|&k| Bot::new(k, self.rules, self.scorer, &self.pack, self.players))
                .collect(),
            hole: None,
        };
        let n = self.players;
        let mut t = MatchTally {
            totals: vec![0; n],
            squares: vec![0; n],
            wins: vec![0; n],
            ..MatchTally::default()
        };
        let mut holes: Vec<Vec<i64>> = (0..n).map(|_| Vec::with_capacity(self.holes)).collect();
        let mut scores = vec![0i64; n];
        let mut first = 0;
        let everyone = &EVERY_SEAT[..n];
        for hole in 0..self.holes {
            let played = self.play_hole(
                game,
                seed,
                hole,
                everyone,
                &mut seated,
                &mut scores,
                &mut t,
                watch,
            );
            let Some(h) = played else {
                continue;
            };
            if hole == 0 {
                first = h;
            }
            for seat in 0..n {
                t.totals[seat] += scores[seat];
                t.squares[seat] += scores[seat] * scores[seat];
                holes[seat].push(scores[seat]);
            }
        }
        self.decide(game, seed, &mut seated, &mut t, holes, first, watch);
        t
    }

    /// The winners after the tiebreak chain, sudden death played out on extra holes.
    #[allow(clippy::too_many_arguments)]
    fn decide(
        &self,
        game: u64,
        seed: u64,
        seated: &mut Seated<'_>,
        t: &mut MatchTally,
        holes: Vec<Vec<i64>>,
        first: usize,
        watch: &mut dyn Watch,
    ) {
        let best = t.totals.iter().copied().min().unwrap_or(0);
        let tied: Vec<usize> = (0..self.players).filter(|&s| t.totals[s] == best).collect();
        let winners = if tied.len() == 1 {
            tied
        } else {
            t.tied = 1;
            let standings: Vec<Standing> = holes
                .into_iter()
                .enumerate()
                .map(|(seat, holes)| Standing {
                    seat,
                    name: format!("seat-{}", seat + 1),
                    total: t.totals[seat],
                    holes,
                    penalty_points: 0,
                    disqualified: false,
                })
                .collect();
            let mut playoffs = Vec::new();
            let mut scores = vec![0i64; self.players];
            let mut scratch = MatchTally {
                totals: vec![0; self.players],
                squares: vec![0; self.players],
                wins: vec![0; self.players],
                ..MatchTally::default()
            };
            loop {
                let outcome = decide(&standings, &self.rules.tiebreak, &playoffs);
                match outcome.playoff_needed {
                    Some(seats) if playoffs.len() < MAX_PLAYOFFS => {
                        // only the tied players play a playoff hole (RULES.md §8)
                        let hole = self.holes + playoffs.len();
                        self.play_hole(
                            game,
                            seed,
                            hole,
                            &seats,
                            seated,
                            &mut scores,
                            &mut scratch,
                            &mut *watch,
                        );
                        playoffs.push(PlayoffScores {
                            number: playoffs.len() as u32 + 1,
                            scores: (0..self.players)
                                .map(|s| seats.contains(&s).then_some(scores[s]))
                                .collect(),
                        });
                    }
                    _ => {
                        t.settled_by = outcome
                            .decided_by
                            .and_then(|m| TIEBREAKS.iter().position(|x| *x == m))
                            .or(Some(4));
                        break outcome.winners;
                    }
                }
            }
        };
        let share = WIN_UNITS / winners.len().max(1) as u64;
        for &w in &winners {
            t.wins[w] += share;
            if w == first {
                t.first_wins += share;
            }
        }
    }

    /// Plays one hole among `seats` (table seats in seating order: every seat, or on a
    /// playoff hole the tied ones), writing each one's hole score into `scores` by seat;
    /// returns the seat that played the first turn. The deal passes round the table; on a
    /// playoff hole the first of the players after the table's dealer plays first.
    #[allow(clippy::too_many_arguments)]
    fn play_hole(
        &self,
        game: u64,
        seed: u64,
        hole: usize,
        seats: &[usize],
        seated: &mut Seated<'_>,
        scores: &mut [i64],
        t: &mut MatchTally,
        watch: &mut dyn Watch,
    ) -> Option<usize> {
        let k = seats.len();
        let dealer = hole_dealer(hole, self.players, seats);
        let mut deal_rng = hole_rng(seed, hole, 0);
        let mut bot_rng = hole_rng(seed, hole, 1);
        let Seated { bots, hole: slot } = seated;
        let h = Hole::deal_into(slot, self.rules, &self.pack, k, dealer, &mut deal_rng)?;
        let (dealt, stock) = match watch.watching() {
            true => (h.grids().to_vec(), h.stock().to_vec()),
            false => (Vec::new(), Vec::new()),
        };
        let mut started = false;
        let mut turn: Option<Turn> = None;
        while h.phase() != Phase::Over {
            if h.phase() != Phase::Start && !started {
                started = true;
                watch.start(game, hole, seats, h, &dealt, &stock);
            }
            let player = h.current();
            let seat = *seats.get(player)?;
            let m = bots.get_mut(seat)?.choose(&h.view(player), &mut bot_rng)?;
            let before = h.turns();
            h.apply(m, &mut deal_rng).ok()?;
            match m {
                Move::Start(_) => {}
                Move::DrawStock | Move::DrawDiscard => {
                    if h.reshuffled() {
                        let mut new: Vec<Card> = h.stock().to_vec();
                        new.extend(h.drawn().map(|(c, _)| c));
                        watch.reshuffle(game, hole, &new);
                    }
                    turn = Some(Turn {
                        player: seat,
                        draw: h.drawn().map(|(_, s)| s),
                        card: h.drawn().map(|(c, _)| c),
                        action: m,
                        discarded: None,
                    });
                }
                _ => {
                    let mut done = turn.take().unwrap_or(Turn {
                        player: seat,
                        draw: None,
                        card: None,
                        action: m,
                        discarded: None,
                    });
                    done.action = m;
                    if m != Move::Knock {
                        done.discarded = h.discard_pile().last().copied();
                    }
                    watch.turn(game, hole, before + 1, &done);
                }
            }
        }
        if !started {
            watch.start(game, hole, seats, h, &dealt, &stock);
        }
        let mut hole_scores = [0i64; MAX_PLAYERS];
        let hole_scores = &mut hole_scores[..k];
        self.score_hole(h, seats, hole_scores, t);
        for (seat, score) in seats.iter().zip(hole_scores.iter()) {
            if let Some(slot) = scores.get_mut(*seat) {
                *slot = *score;
            }
        }
        watch.end(game, hole, seats, h, hole_scores);
        seats.get(h.first()).copied()
    }

    /// Scores a finished hole by the rules' total-only scorer and §5 adjustments, into
    /// `scores` by the hole's players (`seats` their table seats).
    fn score_hole(&self, h: &Hole, seats: &[usize], scores: &mut [i64], t: &mut MatchTally) {
        let mut grid_scores = [0i32; MAX_PLAYERS];
        for (player, grid) in h.grids().iter().enumerate() {
            let (total, sets) = self.scorer.total_and_sets(grid);
            grid_scores[player] = total;
            scores[player] = i64::from(total);
            t.sets += u64::from(sets);
            t.grids += 1;
        }
        let ending = h.ending();
        let ender = ending.and_then(|(seat, _)| seat);
        match ending {
            Some((None, _)) => t.turn_limit += 1,
            Some((Some(_), _)) => t.ended += 1,
            None => {}
        }
        if self.adjusts {
            let ended = ending.and_then(|(seat, how)| {
                Some(Ended {
                    player: seat?,
                    knocked: how == How::Knock,
                })
            });
            let k = seats.len();
            let mut points = [0i32; MAX_PLAYERS];
            scoring::hole_points(&grid_scores[..k], ended, self.rules, &mut points[..k]);
            for (seat, &a) in points[..k].iter().enumerate() {
                scores[seat] += i64::from(a);
                if Some(seat) == ender && a > 0 {
                    t.penalised += 1;
                    t.penalty_points += i64::from(a);
                }
            }
        }
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
/// the seed alone, never on `threads`. Errors as [`Setup::check`].
pub fn run(
    setup: &Setup,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, SimError> {
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => run_in(&pool, setup, progress),
        Err(_) => {
            setup.check()?;
            Ok(run_on(setup, progress))
        }
    }
}

/// As [`run`], on the threads of `pool` (made once for many runs, as the benches do).
pub fn run_in(
    pool: &rayon::ThreadPool,
    setup: &Setup,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, SimError> {
    setup.check()?;
    Ok(pool.install(|| run_on(setup, progress)))
}

fn run_on(setup: &Setup, progress: &(dyn Fn(u64) + Sync)) -> Report {
    let base_scorer = Scorer::new(&setup.rules);
    let vs_scorer = setup.vs.as_ref().map(Scorer::new);
    let done = std::sync::atomic::AtomicU64::new(0);
    // matches go out in blocks, so each block prepares its tables once
    const BLOCK: u64 = 8;
    let blocks = setup.matches.div_ceil(BLOCK);
    (0..blocks)
        .into_par_iter()
        .map(|b| {
            let tables = Tables::new(setup, &base_scorer, vs_scorer.as_ref());
            let mut report = Report::empty(setup);
            for game in b * BLOCK..((b + 1) * BLOCK).min(setup.matches) {
                report.play(&tables, setup, game, &mut Unwatched, &mut Unwatched);
            }
            let now = done.fetch_add(BLOCK, std::sync::atomic::Ordering::Relaxed) + BLOCK;
            progress(now.min(setup.matches));
            report
        })
        .reduce(|| Report::empty(setup), Report::merge)
}

/// Plays the matches one after another on this thread, telling `watch` every move under
/// the rules (and then `vs_watch` under the `--vs` rules): the same figures as [`run`].
pub fn run_watched(
    setup: &Setup,
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
        report.play(&tables, setup, game, watch, vs_watch);
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
    fn new(setup: &'r Setup, base: &'r Scorer<'r>, vs: Option<&'r Scorer<'r>>) -> Tables<'r> {
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
    fn empty(setup: &Setup) -> Report {
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
        setup: &Setup,
        game: u64,
        watch: &mut dyn Watch,
        vs_watch: &mut dyn Watch,
    ) {
        let holes = setup.holes as u64;
        let seed = match_seed(setup.seed, game);
        let t = tables.base.play_match(game, seed, watch);
        self.base.add(&t, holes);
        if let (Some(vt), Some(vf), Some(p)) = (&tables.vs, &mut self.vs, &mut self.paired) {
            let v = vt.play_match(game, seed, vs_watch);
            vf.add(&v, holes);
            p.add(&t, &v);
        }
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

/// Hole scores (after the §5 adjustments) of `players` greedy bots playing `holes` holes
/// under `rules`, reproducible from `seed`: one entry per player per hole, all seats
/// pooled, hole by hole (seat 1 … seat N of hole 1, then hole 2 …). The holes are played as
/// matches of the rules' own length (`rules.holes`, the last one cut short), so the dealer
/// moves round as at a table. For the chance to win when a player has too little history
/// (RULES.md §15).
///
/// Errors: [`SimError::NoPlay`] for rules without `[play]` data, [`SimError::Players`] for
/// 0 or more than 16 players, [`SimError::Holes`] for 0 holes (here, at most 10,000,000),
/// [`SimError::PackTooSmall`] when the pack cannot deal the table.
pub fn greedy_hole_scores(
    rules: &Rules,
    players: usize,
    holes: usize,
    seed: u64,
) -> Result<Vec<i64>, SimError> {
    if holes == 0 || holes > MAX_SAMPLE_HOLES {
        return Err(SimError::Holes {
            holes,
            most: MAX_SAMPLE_HOLES,
        });
    }
    let per_match = (rules.holes as usize).clamp(1, MAX_HOLES);
    let setup = Setup {
        rules: rules.clone(),
        vs: None,
        players,
        holes: per_match,
        matches: holes.div_ceil(per_match) as u64,
        bots: vec![Strategy::Greedy],
        seed,
    };
    setup.check()?;
    let scorer = Scorer::new(rules);
    let table = Table::new(rules, &scorer, &setup);
    let mut out = Vec::with_capacity(holes * players);
    let mut collect = Collect(&mut out, per_match);
    for game in 0..setup.matches {
        table.play_match(game, match_seed(seed, game), &mut collect);
    }
    out.truncate(holes * players);
    Ok(out)
}

/// A [`Watch`] that keeps every regular hole's scores (for [`greedy_hole_scores`]), the
/// holes of a match being the second field.
struct Collect<'a>(&'a mut Vec<i64>, usize);

impl Watch for Collect<'_> {
    fn end(&mut self, _: u64, hole: usize, _: &[usize], _: &Hole, scores: &[i64]) {
        if hole < self.1 {
            self.0.extend_from_slice(scores);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deal_passes_round_the_table_and_a_playoff_starts_after_the_tables_dealer() {
        // every seat playing: hole h is dealt by seat h mod n, as Match::dealer has it
        let all = &EVERY_SEAT[..3];
        let dealers: Vec<usize> = (0..5).map(|h| hole_dealer(h, 3, all)).collect();
        assert_eq!(dealers, [0, 1, 2, 0, 1]);
        // seats 0 and 2 tied: the table's dealer plays (hole 5: seat 2) or sits out (hole 4:
        // seat 1 deals, so seat 2, the first after them, plays first)
        assert_eq!(hole_dealer(5, 3, &[0, 2]), 1);
        assert_eq!(hole_dealer(3, 3, &[0, 2]), 0);
        let dealer = hole_dealer(4, 3, &[0, 2]);
        assert_eq!([0, 2][(dealer + 1) % 2], 2);
    }

    #[test]
    fn greedy_hole_scores_are_reproducible_and_sized() {
        let rules = crate::rules::resolve("classic", &[]).unwrap();
        let a = greedy_hole_scores(&rules, 4, 20, 7).unwrap();
        let b = greedy_hole_scores(&rules, 4, 20, 7).unwrap();
        assert_eq!(a.len(), 80);
        assert_eq!(a, b);
        assert_ne!(a, greedy_hole_scores(&rules, 4, 20, 8).unwrap());
        assert!(matches!(
            greedy_hole_scores(&rules, 0, 20, 7),
            Err(SimError::Players(0))
        ));
    }
}
