//! The match engine (RULES.md §14): a table of bots plays a match hole by hole, the deal
//! passing round it, a tie settled by the rules' tiebreaks with sudden-death holes played
//! out, and gives a [`MatchResult`] of whole numbers.
//!
//! Every match has its own seed derived from the run's seed and the match's number
//! ([`match_seed`]), and every hole its own generators for the shuffle and for the bots,
//! derived from that: a match plays the same on any thread. A move a bot fails to make or
//! a move the hole refuses is a defect, never the user's doing: it stops the run with an
//! [`EngineError`] (a hole is never skipped).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::figures::{Counts, MatchResult, TIEBREAKS, WIN_UNITS};
use super::watch::{Turn, Watch};
use super::{Trial, MAX_PLAYERS};
use crate::bots::expert_match::MatchState;
use crate::bots::{Bot, Strategy};
use crate::card::Card;
use crate::game::standings::{decide, PlayoffScores};
use crate::game::Standing;
use crate::play::{self, view::Observation, DealError, HoleInPlay, Move, Phase, Score};
use crate::rules::Rules;
use crate::scoring::Scorer;

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
/// Sudden-death playoff holes played before a simulated tie is shared.
const MAX_PLAYOFFS: usize = 20;

/// Where a simulated match went wrong: a defect of a bot or of the engine, never of the
/// user's input (exit 1). The run stops; no figure is given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the simulation stopped in match {game}, hole {hole}: {fault}; this is a bug in golf, please report it with the command that showed it", game = .game + 1, hole = .hole + 1)]
pub struct EngineError {
    /// The match, from 0.
    pub game: u64,
    /// The hole, from 0 (from the match's length on, a playoff hole).
    pub hole: usize,
    /// What went wrong.
    pub fault: Fault,
}

/// What went wrong in an [`EngineError`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The hole could not be dealt although the setup was checked.
    #[error("the hole could not be dealt: {0}")]
    Deal(DealError),
    /// A seat has no bot (the rules' grid is beyond what a bot can play).
    #[error("seat {} has no bot that can play these rules", .seat + 1)]
    NoBot {
        /// The table seat, from 0.
        seat: usize,
    },
    /// The bot whose decision it was offered no move.
    #[error("the {bot} bot in seat {} made no move", .seat + 1)]
    NoMove {
        /// The table seat, from 0.
        seat: usize,
        /// The bot's name.
        bot: &'static str,
    },
    /// The hole refused the bot's move ([`HoleInPlay::apply`]).
    #[error("the {bot} bot in seat {} made the move {mv:?}, which the hole refused as illegal", .seat + 1)]
    Refused {
        /// The table seat, from 0.
        seat: usize,
        /// The bot's name.
        bot: &'static str,
        /// The refused move.
        mv: Move,
    },
}

/// Who decides a seat's moves: a [`Bot`], or in tests a player made to fail.
pub(super) trait Chooser {
    /// The move in `view` (this seat's decision); `None` for none.
    fn choose(&mut self, view: &Observation<'_>, rng: &mut ChaCha8Rng) -> Option<Move>;
    /// Its name, for an error.
    fn name(&self) -> &'static str;
    /// The match as the next hole starts (what every player knows of it, RULES.md §8).
    fn begin_hole(&mut self, _state: &MatchState<'_>) {}
}

impl Chooser for Bot<'_> {
    fn choose(&mut self, view: &Observation<'_>, rng: &mut ChaCha8Rng) -> Option<Move> {
        Bot::choose(self, view, rng)
    }
    fn name(&self) -> &'static str {
        self.strategy().name()
    }
    fn begin_hole(&mut self, state: &MatchState<'_>) {
        Bot::begin_hole(self, state);
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
pub(super) struct Table<'r> {
    rules: &'r Rules,
    scorer: &'r Scorer<'r>,
    pack: Vec<Card>,
    players: usize,
    holes: usize,
    seating: Vec<Strategy>,
}

/// What a match's holes share: the seats' choosers, and the last hole, whose buffers the
/// next deal reuses ([`HoleInPlay::redeal`]).
struct Seated<C> {
    bots: Vec<C>,
    hole: Option<HoleInPlay>,
}

/// Where one hole is played: the match and its seed, the hole, and the seats playing it.
#[derive(Clone, Copy)]
struct At<'s> {
    game: u64,
    seed: u64,
    hole: usize,
    seats: &'s [usize],
}

impl At<'_> {
    fn fault(&self, fault: Fault) -> EngineError {
        EngineError {
            game: self.game,
            hole: self.hole,
            fault,
        }
    }
}

impl<'r> Table<'r> {
    /// The table of `setup` under `rules` (the run's or the `--vs` rules).
    pub(super) fn new(rules: &'r Rules, scorer: &'r Scorer<'r>, setup: &Trial) -> Table<'r> {
        Table {
            rules,
            scorer,
            pack: play::pack(rules, rules.deck.decks_for(setup.players)),
            players: setup.players,
            holes: setup.holes,
            seating: setup.seating(),
        }
    }

    /// Plays match `game` (seeded `seed`) with the setup's bots.
    pub(super) fn play_match(
        &self,
        game: u64,
        seed: u64,
        watch: &mut dyn Watch,
    ) -> Result<MatchResult, EngineError> {
        let mut bots = Vec::with_capacity(self.players);
        for (seat, &k) in self.seating.iter().enumerate() {
            let bot = Bot::new(k, self.rules, self.scorer, &self.pack, self.players);
            let at = At {
                game,
                seed,
                hole: 0,
                seats: &[],
            };
            bots.push(bot.ok_or_else(|| at.fault(Fault::NoBot { seat }))?);
        }
        self.play_match_with(game, seed, Seated { bots, hole: None }, watch)
    }

    /// Plays match `game` with these choosers at the seats.
    fn play_match_with<C: Chooser>(
        &self,
        game: u64,
        seed: u64,
        mut seated: Seated<C>,
        watch: &mut dyn Watch,
    ) -> Result<MatchResult, EngineError> {
        let n = self.players;
        let mut r = MatchResult {
            holes: self.holes as u64,
            totals: vec![0; n],
            squares: vec![0; n],
            wins: vec![0; n],
            ..MatchResult::default()
        };
        let mut holes: Vec<Vec<i64>> = (0..n).map(|_| Vec::with_capacity(self.holes)).collect();
        let mut scores = vec![0i64; n];
        let mut first = 0;
        let everyone = &EVERY_SEAT[..n];
        for hole in 0..self.holes {
            let at = At {
                game,
                seed,
                hole,
                seats: everyone,
            };
            let state = MatchState {
                holes: &holes,
                seats: everyone,
                holes_left: self.holes - hole - 1,
                playoff: false,
            };
            for bot in &mut seated.bots {
                bot.begin_hole(&state);
            }
            let h = self.play_hole(at, &mut seated, &mut scores, &mut r.counts, watch)?;
            if hole == 0 {
                first = h;
            }
            for seat in 0..n {
                r.totals[seat] += scores[seat];
                r.squares[seat] += scores[seat] * scores[seat];
                holes[seat].push(scores[seat]);
            }
        }
        self.decide(game, seed, &mut seated, &mut r, holes, first, watch)?;
        Ok(r)
    }

    /// The winners after the tiebreak chain, sudden death played out on extra holes.
    #[allow(clippy::too_many_arguments)]
    fn decide<C: Chooser>(
        &self,
        game: u64,
        seed: u64,
        seated: &mut Seated<C>,
        r: &mut MatchResult,
        holes: Vec<Vec<i64>>,
        first: usize,
        watch: &mut dyn Watch,
    ) -> Result<(), EngineError> {
        let best = r.totals.iter().copied().min().unwrap_or(0);
        let tied: Vec<usize> = (0..self.players).filter(|&s| r.totals[s] == best).collect();
        let winners = if tied.len() == 1 {
            tied
        } else {
            r.counts.ties = 1;
            let standings: Vec<Standing> = holes
                .into_iter()
                .enumerate()
                .map(|(seat, holes)| Standing {
                    seat,
                    name: format!("seat-{}", seat + 1),
                    total: r.totals[seat],
                    holes,
                    penalty_points: 0,
                    disqualified: false,
                })
                .collect();
            let mut playoffs = Vec::new();
            let mut scores = vec![0i64; self.players];
            // a playoff hole decides the winners and counts in no figure
            let mut scratch = Counts::default();
            loop {
                let outcome = decide(&standings, &self.rules.tiebreak, &playoffs);
                match outcome.playoff_needed {
                    Some(seats) if playoffs.len() < MAX_PLAYOFFS => {
                        // only the tied players play a playoff hole (RULES.md §8)
                        let at = At {
                            game,
                            seed,
                            hole: self.holes + playoffs.len(),
                            seats: &seats,
                        };
                        let state = MatchState {
                            holes: &[],
                            seats: &seats,
                            holes_left: 0,
                            playoff: true,
                        };
                        for &s in &seats {
                            if let Some(bot) = seated.bots.get_mut(s) {
                                bot.begin_hole(&state);
                            }
                        }
                        self.play_hole(at, seated, &mut scores, &mut scratch, &mut *watch)?;
                        playoffs.push(PlayoffScores {
                            number: playoffs.len() as u32 + 1,
                            scores: (0..self.players)
                                .map(|s| seats.contains(&s).then_some(scores[s]))
                                .collect(),
                        });
                    }
                    _ => {
                        let settled = outcome
                            .decided_by
                            .and_then(|m| TIEBREAKS.iter().position(|x| *x == m))
                            .unwrap_or(TIEBREAKS.len() - 1);
                        r.counts.tiebreaks[settled] += 1;
                        break outcome.winners;
                    }
                }
            }
        };
        let share = WIN_UNITS / winners.len().max(1) as u64;
        for &w in &winners {
            r.wins[w] += share;
            if w == first {
                r.first_wins += share;
            }
        }
        Ok(())
    }

    /// Plays one hole among `at.seats` (table seats in seating order: every seat, or on a
    /// playoff hole the tied ones), writing each one's hole score into `scores` by seat;
    /// returns the seat that played the first turn. The deal passes round the table; on a
    /// playoff hole the first of the players after the table's dealer plays first.
    fn play_hole<C: Chooser>(
        &self,
        at: At<'_>,
        seated: &mut Seated<C>,
        scores: &mut [i64],
        counts: &mut Counts,
        watch: &mut dyn Watch,
    ) -> Result<usize, EngineError> {
        let At {
            game, seed, hole, ..
        } = at;
        let seats = at.seats;
        let k = seats.len();
        let dealer = hole_dealer(hole, self.players, seats);
        let mut deal_rng = hole_rng(seed, hole, 0);
        let mut bot_rng = hole_rng(seed, hole, 1);
        let Seated { bots, hole: slot } = seated;
        let h = HoleInPlay::deal_into(slot, self.rules, &self.pack, k, dealer, &mut deal_rng)
            .map_err(|e| at.fault(Fault::Deal(e)))?;
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
            let seat = seats.get(player).copied().unwrap_or(player);
            let bot = bots.get_mut(seat).ok_or(at.fault(Fault::NoBot { seat }))?;
            let m = bot
                .choose(&h.view(player), &mut bot_rng)
                .ok_or(at.fault(Fault::NoMove {
                    seat,
                    bot: bot.name(),
                }))?;
            let before = h.turns();
            if h.apply(m, &mut deal_rng).is_err() {
                let bot = bot.name();
                return Err(at.fault(Fault::Refused { seat, bot, mv: m }));
            }
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
        self.score_hole(h, hole_scores, counts);
        for (seat, score) in seats.iter().zip(hole_scores.iter()) {
            if let Some(slot) = scores.get_mut(*seat) {
                *slot = *score;
            }
        }
        watch.end(game, hole, seats, h, hole_scores);
        Ok(seats.get(h.first()).copied().unwrap_or(0))
    }

    /// Scores a finished hole ([`HoleInPlay::scores`]) into `scores` by the hole's players, and
    /// counts its grids, sets, ending and the ender's penalty.
    fn score_hole(&self, h: &HoleInPlay, scores: &mut [i64], counts: &mut Counts) {
        let mut returns = [Score::default(); MAX_PLAYERS];
        let returns = &mut returns[..scores.len()];
        h.scores(self.scorer, returns);
        for (slot, r) in scores.iter_mut().zip(returns.iter()) {
            *slot = r.hole;
            counts.sets += u64::from(r.sets);
            counts.grids += 1;
        }
        match h.ender() {
            None => counts.turn_limit += 1,
            Some(e) => {
                counts.ended += 1;
                if let Some(r) = returns.get(e.player) {
                    let added = r.hole - i64::from(r.grid);
                    if added > 0 {
                        counts.penalised += 1;
                        counts.penalty_points += added;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
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

    /// Plays the legal move it is told to until its `from`th decision, then `bad`: a move
    /// the hole refuses (`Some`) or none at all (`None`).
    struct Faulty {
        decisions: u32,
        from: u32,
        bad: Option<Move>,
        legal: crate::play::MoveList,
    }

    impl Chooser for Faulty {
        fn choose(&mut self, view: &Observation<'_>, _: &mut ChaCha8Rng) -> Option<Move> {
            self.decisions += 1;
            if self.decisions >= self.from {
                return self.bad;
            }
            view.legal_moves(&mut self.legal);
            self.legal.as_slice().first().copied()
        }
        fn name(&self) -> &'static str {
            "faulty"
        }
    }

    fn table_of(setup: &Trial) -> (Scorer<'_>, &Trial) {
        (Scorer::new(&setup.rules), setup)
    }

    fn setup(holes: usize) -> Trial {
        Trial {
            rules: crate::rules::resolve("classic", &[]).unwrap(),
            vs: None,
            players: 2,
            holes,
            matches: 1,
            bots: vec![Strategy::Random],
            seed: 5,
        }
    }

    fn faulty(from: u32, bad: Option<Move>) -> Seated<Faulty> {
        let bot = |from| Faulty {
            decisions: 0,
            from,
            bad,
            legal: crate::play::MoveList::default(),
        };
        Seated {
            bots: vec![bot(u32::MAX), bot(from)],
            hole: None,
        }
    }

    #[test]
    fn a_refused_move_stops_the_match_with_an_error_naming_it() {
        let setup = setup(9);
        let (scorer, setup) = table_of(&setup);
        let table = Table::new(&setup.rules, &scorer, setup);
        // seat 2's 200th decision falls after the first hole (every hole reaches the turn
        // limit, 122 decisions a seat): that hole plays, the next stops; a discard-and-flip
        // of a cell the grid does not have is never legal
        let never_legal = Some(Move::DiscardFlip(31));
        let seated = faulty(200, never_legal);
        let err = table
            .play_match_with(3, 11, seated, &mut super::super::Unwatched)
            .unwrap_err();
        assert_eq!(err.game, 3);
        assert!(err.hole > 0, "the first hole played out: {err}");
        assert!(err.hole < 9, "{err}");
        let Fault::Refused { seat, bot, mv } = err.fault else {
            panic!("expected a refused move, got {err}");
        };
        assert_eq!((seat, bot), (1, "faulty"));
        assert_eq!(mv, Move::DiscardFlip(31));
        let text = err.to_string();
        assert!(
            text.contains("match 4") && text.contains("seat 2"),
            "{text}"
        );
        assert!(text.contains("bug"), "{text}");
    }

    #[test]
    fn a_bot_without_a_move_stops_the_match() {
        let setup = setup(3);
        let (scorer, setup) = table_of(&setup);
        let table = Table::new(&setup.rules, &scorer, setup);
        let err = table
            .play_match_with(0, 1, faulty(1, None), &mut super::super::Unwatched)
            .unwrap_err();
        assert_eq!((err.game, err.hole), (0, 0));
        assert!(matches!(err.fault, Fault::NoMove { seat: 1, .. }), "{err}");
    }

    #[test]
    fn a_match_played_out_counts_every_hole_and_every_grid() {
        let setup = setup(9);
        let (scorer, setup) = table_of(&setup);
        let table = Table::new(&setup.rules, &scorer, setup);
        let seated = faulty(u32::MAX, None);
        let r = table
            .play_match_with(0, 2, seated, &mut super::super::Unwatched)
            .unwrap();
        assert_eq!(r.holes, 9);
        assert_eq!(r.counts.grids, 18, "two grids a hole, playoff holes apart");
        assert_eq!(r.counts.ended + r.counts.turn_limit, 9);
        assert_eq!(r.wins.iter().sum::<u64>(), WIN_UNITS);
    }
}
