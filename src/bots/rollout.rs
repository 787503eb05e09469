//! Rollouts (RULES.md §18 "Deeper advice: rollouts"): a move's value as the mean hole score
//! over play-outs of the hole from the position after it, each from a filling of the cards
//! the player cannot see drawn from what they know ([`Observation::fill_into`]: a uniformly random
//! arrangement, never the real hole), every seat then played by the expert to the end of
//! the hole (Tesauro & Galperin, 1996).
//!
//! Sample `i` of a run seeded `seed` has its own generator, ChaCha8 seeded `seed` on stream
//! `i` (so no two seeds share a sample, as `seed + i` would): it fills the hole once, and every move is played out from that same filling (common random
//! numbers, so the moves' differences are measured more finely than their means). Sums are
//! whole numbers, so the figures are the same whatever the order the samples are added in
//! and whatever the number of threads ([`roll_out`] runs the samples on rayon's pool).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::expert::Expert;
use crate::card::Card;
use crate::play::view::Observation;
use crate::play::{HoleInPlay, Move, MoveList, Phase, Score};
use crate::rules::Rules;
use crate::scoring::Scorer;

/// The most play-outs of one move `golf advise --deep --samples` takes (RULES.md §12).
pub const MAX_SAMPLES: u32 = 100_000;

/// The play-outs `golf advise --deep` makes of each move unless told (CLI.md).
pub const DEFAULT_SAMPLES: u32 = 1_000;

/// The moves of one line to play out from a position: the player's own, in order (taking
/// the discard pile's top card and where to swap it is two), at most two.
pub type Line = [Option<Move>; 2];

/// A move's rollout figures: the mean hole score over its play-outs, in points, the
/// half-width of its 95% interval (1.96 standard errors), and how many play-outs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rollout {
    /// The mean hole score after RULES.md §5, in points.
    pub mean: f64,
    /// The 95% interval's half-width, in points.
    pub ci95: f64,
    /// Play-outs.
    pub samples: u32,
}

/// Whole-number sums of one line's play-outs: count, scores and their squares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sums {
    /// Play-outs.
    pub n: u64,
    /// Their hole scores added.
    pub sum: i64,
    /// Their squares added.
    pub squares: i64,
}

impl Sums {
    /// One more play-out scoring `score`.
    pub fn add(&mut self, score: i64) {
        self.n += 1;
        self.sum += score;
        self.squares += score * score;
    }

    /// Both added.
    pub fn merge(self, other: Sums) -> Sums {
        Sums {
            n: self.n + other.n,
            sum: self.sum + other.sum,
            squares: self.squares + other.squares,
        }
    }

    /// The mean and its 95% interval (a single play-out's is unbounded: infinite).
    pub fn rollout(&self) -> Rollout {
        let n = self.n as f64;
        let mean = self.sum as f64 / n.max(1.0);
        let ci95 = match self.n {
            0 | 1 => f64::INFINITY,
            _ => {
                let var = (self.squares as f64 - n * mean * mean).max(0.0) / (n - 1.0);
                1.96 * (var / n).sqrt()
            }
        };
        Rollout {
            mean,
            ci95,
            samples: u32::try_from(self.n).unwrap_or(u32::MAX),
        }
    }
}

/// One worker's room for play-outs: the expert that plays every seat, the filled hole and
/// the hole being played, built once and reused sample after sample.
#[derive(Debug, Clone)]
pub struct Player<'r> {
    scorer: &'r Scorer<'r>,
    expert: Expert<'r>,
    legal: MoveList,
    filled: Option<HoleInPlay>,
    playing: Option<HoleInPlay>,
    pool: Vec<Card>,
    scores: Vec<Score>,
}

impl<'r> Player<'r> {
    /// A player of rollouts for a table of `players` under `rules` (scored by `scorer`)
    /// dealt from `pack`. `None` when the rules' grid is beyond the largest.
    pub fn new(
        rules: &'r Rules,
        scorer: &'r Scorer<'r>,
        pack: &[Card],
        players: usize,
    ) -> Option<Player<'r>> {
        Some(Player {
            scorer,
            expert: Expert::new(rules, scorer, pack, players)?,
            legal: MoveList::default(),
            filled: None,
            playing: None,
            pool: Vec::with_capacity(pack.len()),
            scores: vec![Score::default(); players],
        })
    }

    /// Fills the hole `view` shows, every card its player cannot see dealt again by `rng`
    /// ([`Observation::fill_into`]); the lines played next start from it.
    pub fn fill<R: rand::Rng>(&mut self, view: &Observation<'_>, rng: &mut R) {
        match &mut self.filled {
            Some(hole) => view.fill_into(hole, rng, &mut self.pool),
            None => self.filled = Some(view.filled(rng, &mut self.pool)),
        }
    }

    /// Plays `line` for `seat` from the last filled hole, then every seat by the expert to
    /// the end of the hole, `rng` reshuffling the stock if it runs out: `seat`'s hole score
    /// after RULES.md §5. `None` when nothing was filled or a move was refused (never for
    /// the expert's, which are legal).
    pub fn play_out<R: rand::Rng>(&mut self, line: &Line, seat: usize, rng: &mut R) -> Option<i64> {
        let filled = self.filled.as_ref()?;
        let hole = match &mut self.playing {
            Some(hole) => {
                hole.clone_from(filled);
                hole
            }
            None => self.playing.insert(filled.clone()),
        };
        for m in line.iter().flatten() {
            hole.apply(*m, rng).ok()?;
        }
        // a hole of at most 60 turns each (RULES.md §14.6) has at most two decisions a turn
        // and the start's: a bound that only a bug could reach
        let mut left = 2 * crate::play::TURN_LIMIT as usize * (hole.players() + 1) + 64;
        while hole.phase() != Phase::Over {
            left = left.checked_sub(1)?;
            let view = hole.view(hole.current());
            view.legal_moves(&mut self.legal);
            let m = self.expert.choose(&view, self.legal.as_slice())?;
            hole.apply(m, rng).ok()?;
        }
        self.scores.resize(hole.players(), Score::default());
        hole.scores(self.scorer, &mut self.scores);
        self.scores.get(seat).map(|s| s.hole)
    }

    /// One sample of a run seeded `seed`: sample `index`'s filling, each of `lines` played
    /// out from it, its score added to `sums` (one per line). False when a play-out failed.
    pub fn sample(
        &mut self,
        view: &Observation<'_>,
        lines: &[Line],
        seed: u64,
        index: u64,
        sums: &mut [Sums],
    ) -> bool {
        self.sample_each(view, lines, seed, index, |line, score| {
            if let Some(sum) = sums.get_mut(line) {
                sum.add(score);
            }
        })
    }

    /// As [`Player::sample`], `each(line, score)` told each line's score in turn.
    pub fn sample_each(
        &mut self,
        view: &Observation<'_>,
        lines: &[Line],
        seed: u64,
        index: u64,
        mut each: impl FnMut(usize, i64),
    ) -> bool {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        self.fill(view, &mut rng);
        for (i, line) in lines.iter().enumerate() {
            let mut rest = rng.clone();
            match self.play_out(line, view.seat(), &mut rest) {
                Some(score) => each(i, score),
                None => return false,
            }
        }
        true
    }
}

/// Each of `lines` played out `samples` times from `view` (its player's decision), in
/// parallel on rayon's pool (RULES.md §18 "Deeper advice: rollouts"); `progress` is called
/// once a sample. The same figures for the same `seed` whatever the number of threads.
/// `None` when the rules' grid is beyond the largest or a play-out failed.
#[allow(clippy::too_many_arguments)]
pub fn roll_out(
    rules: &Rules,
    scorer: &Scorer<'_>,
    pack: &[Card],
    view: &Observation<'_>,
    lines: &[Line],
    samples: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Option<Vec<Rollout>> {
    let players = view.players();
    let (sums, ok) = (0..u64::from(samples))
        .into_par_iter()
        .fold(
            || {
                (
                    Player::new(rules, scorer, pack, players),
                    vec![Sums::default(); lines.len()],
                    true,
                )
            },
            |(mut player, mut sums, mut ok), index| {
                ok &= match &mut player {
                    Some(p) => p.sample(view, lines, seed, index, &mut sums),
                    None => false,
                };
                progress();
                (player, sums, ok)
            },
        )
        .map(|(_, sums, ok)| (sums, ok))
        .reduce(
            || (vec![Sums::default(); lines.len()], true),
            |(a, ok_a), (b, ok_b)| {
                let sums = a.iter().zip(&b).map(|(x, y)| x.merge(*y)).collect();
                (sums, ok_a && ok_b)
            },
        );
    ok.then(|| sums.iter().map(Sums::rollout).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::advice::{self, Sighting};
    use crate::grid::Grid;
    use crate::play::{pack, HoleInPlay, MoveList};

    fn sighting(
        rules: &Rules,
        grid: &str,
        discard: &str,
        drawn: Option<&str>,
        others: &[&str],
        seen: &str,
        ended: bool,
    ) -> Sighting {
        let card = |t: &str| crate::grid::card_for(t, &rules.expected()).unwrap();
        Sighting {
            own: Grid::parse_seen(grid, rules.expected()).unwrap(),
            others: others
                .iter()
                .map(|g| Grid::parse_seen(g, rules.expected()).unwrap())
                .collect(),
            players: others.len() + 1,
            seen: seen.split_whitespace().map(card).collect(),
            discard: card(discard),
            drawn: drawn.map(card),
            ended,
        }
    }

    /// On a final turn a rollout is an unbiased estimate of the exact expectation (RULES.md
    /// §18): every move played out agrees with advice's exact figure within its 95%
    /// interval — under classic, and with `tied-shame`, where the others' face-down cards
    /// count too.
    #[test]
    fn on_a_final_turn_the_rollout_agrees_with_the_exact_expectation() {
        for (house, grid, drawn, other) in [
            (vec![], "5 ? 7 / ? K 2", "8", "A 4 3 / 6 8 9"),
            (
                vec!["tied-shame".to_string()],
                "?8 K ? / 7 ? J",
                "K",
                "K ? 3 / 4 A ?",
            ),
        ] {
            let rules = crate::rules::resolve("classic", &house).unwrap();
            let s = sighting(&rules, grid, "6", Some(drawn), &[other], "2 2 7", true);
            let names = ["--other bob".to_string()];
            let w = advice::advise_deep(&rules, &s, &names, 2_000, 7, &|| {}).unwrap();
            assert!(!w.estimated);
            let mut rolled = 0;
            for m in &w.moves {
                let Some(r) = m.rollout else { continue };
                rolled += 1;
                assert_eq!(r.samples, 2_000);
                assert!(r.ci95 > 0.0 && r.ci95 < 1.0, "{m:?}");
                assert!(
                    (r.mean - m.expected).abs() <= r.ci95,
                    "{house:?} {:?}: rollout {} ± {} against exact {}",
                    m.advised,
                    r.mean,
                    r.ci95,
                    m.expected
                );
            }
            assert!(rolled >= 2, "{w:?}");
        }
    }

    /// The same seed gives the same figures with one thread and with two, from a position
    /// in the middle of a hole (whole play-outs by the expert); another seed gives others.
    #[test]
    fn rollouts_are_the_same_from_the_seed_whatever_the_threads() {
        let rules = crate::rules::resolve("classic", &[]).unwrap();
        let s = sighting(
            &rules,
            "5 ? Q / ?7 2 ?",
            "K",
            None,
            &["? 4 ? / ? 8 ?", "? ? 9 / J ? ?"],
            "3 10",
            false,
        );
        let names = ["--other bob".to_string(), "--other cy".to_string()];
        let run = |threads: usize, seed: u64| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| advice::advise_deep(&rules, &s, &names, 24, seed, &|| {}))
                .unwrap()
        };
        let one = run(1, 3);
        assert!(one.moves.iter().filter(|m| m.rollout.is_some()).count() >= 2);
        assert_eq!(one, run(2, 3));
        assert_ne!(one, run(2, 4), "another seed, other figures");
    }

    /// A filling depends on what the player sees alone: the real hole and the same hole
    /// with every card its player cannot see scrambled ([`HoleInPlay::shuffle_unseen`]) give, with
    /// the same generator, the very same filled hole — at every decision of whole holes,
    /// under classic, with peeking (four-card) and with look-once, through reshuffles.
    /// And it is not the real hole: a face-down card takes other values over fillings.
    #[test]
    fn a_filling_comes_from_the_players_view_never_the_real_hole() {
        for (name, house) in [
            ("classic", vec![]),
            ("four-card", vec![]),
            ("classic", vec!["look-once".to_string()]),
        ] {
            let rules = crate::rules::resolve(name, &house).unwrap();
            let pack = pack(&rules, rules.deck.decks_for(3));
            let (mut rng, mut shuffler) =
                (ChaCha8Rng::seed_from_u64(4), ChaCha8Rng::seed_from_u64(5));
            let mut legal = MoveList::default();
            let mut pool = Vec::new();
            let (mut compared, mut differed) = (0, 0);
            let mut step = 0usize;
            for dealer in 0..3 {
                let mut hole = HoleInPlay::deal(&rules, &pack, 3, dealer, &mut rng).unwrap();
                while hole.phase() != Phase::Over {
                    let seat = hole.current();
                    let mut scrambled = hole.clone();
                    scrambled.shuffle_unseen(seat, &mut shuffler);
                    let seed = compared as u64;
                    let a = hole
                        .view(seat)
                        .filled(&mut ChaCha8Rng::seed_from_u64(seed), &mut pool);
                    let b = scrambled
                        .view(seat)
                        .filled(&mut ChaCha8Rng::seed_from_u64(seed), &mut pool);
                    assert_eq!(a.everything(), b.everything(), "{name} {house:?}");
                    differed += usize::from(a.grids() != hole.grids() || a.stock() != hole.stock());
                    compared += 1;
                    hole.legal_moves(&mut legal);
                    // the first legal move most of the time: long holes, with reshuffles
                    let moves = legal.as_slice();
                    let m = moves[if step % 5 == 0 { moves.len() - 1 } else { 0 }];
                    hole.apply(m, &mut rng).unwrap();
                    step += 1;
                }
            }
            assert!(compared > 30, "{name}: {compared}");
            assert!(differed > compared / 2, "{name}: {differed} of {compared}");
        }
    }
}
