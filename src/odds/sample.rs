//! The samples of [`super::play`]: the rest of a match played again and again, each
//! player's level drawn once per sample and each hole that level plus a deviation,
//! rounded to a whole score at random (RULES.md §15; [`super::draws`] says where the
//! deviations come from). Integers throughout: the level and the deviations are in
//! [`POINT`]s, so a hole is a sum and its rounding a shift. The random words (32 bits)
//! come from one ChaCha stream, drawn a batch of whole samples at a time: one a hole (two
//! when a player draws from more than one source), and one for every three levels.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::draws::{self, Draw, PICK, POINT};
use super::exact::Rest;
use super::SoFar;

/// The most points a level's standard deviation holds (2²⁶: far beyond any table's, and
/// a level stays clear of an i64's range with a deviation added).
const SD_LIMIT: f64 = (1u64 << 26) as f64;

/// The random words drawn at a time, at least one sample's: the most whole samples'
/// words this many holds.
const BATCH: usize = 1024;

/// One player as the samples play them.
struct Player<'a> {
    seat: usize,
    /// The mean level ([`POINT`]s).
    level: i64,
    /// The level's standard deviation ([`POINT`]s; 0 for a level known).
    sd: f64,
    /// The deviations of the three sources and the cuts between them ([`Draw`]).
    lists: [&'a [i64]; 3],
    cuts: [u64; 2],
}

/// A sample's random words.
type Words<'w> = std::iter::Copied<std::slice::Iter<'w, u32>>;

/// What is left of a word once a level's 10 bits are taken from its top, and how many
/// levels' worth it still holds.
type Kept = (u32, u32);

impl Player<'_> {
    /// The one source this player draws from, if only one.
    fn only(&self) -> Option<&[i64]> {
        match self.cuts {
            [PICK, _] => Some(self.lists[0]),
            [0, PICK] => Some(self.lists[1]),
            [_, 0] => Some(self.lists[2]),
            _ => None,
        }
    }

    /// The source picked by `word`, below a cut.
    #[inline]
    fn source(&self, word: u32) -> &[i64] {
        match u64::from(word) {
            pick if pick < self.cuts[0] => self.lists[0],
            pick if pick < self.cuts[1] => self.lists[1],
            _ => self.lists[2],
        }
    }

    /// Words a sample takes for this player's `holes`.
    fn words(&self, holes: usize) -> usize {
        holes * if self.only().is_some() { 1 } else { 2 }
    }

    /// Its level in one sample ([`POINT`]s): the mean, plus the standard deviation times
    /// one of the standard normal's 1,024 quantiles, picked by 10 random bits (the top of
    /// what is `kept`, or of the next word).
    #[inline]
    fn level(&self, normal: &[f64; 1024], kept: &mut Kept, words: &mut Words) -> i64 {
        if self.sd <= 0.0 {
            return self.level;
        }
        let (word, left) = kept;
        if *left == 0 {
            (*word, *left) = (words.next().unwrap_or_default(), 3);
        }
        let z = normal[(*word >> 22) as usize];
        (*word, *left) = (*word << 10, *left - 1);
        self.level + (self.sd * z) as i64
    }

    /// One hole at `level` ([`POINT`]s) from the next word, or the next two.
    #[inline]
    fn hole(&self, level: i64, words: &mut Words) -> i64 {
        let list = match self.only() {
            Some(list) => list,
            None => self.source(words.next().unwrap_or_default()),
        };
        hole(list, level, words.next().unwrap_or_default())
    }
}

/// One hole at `level` ([`POINT`]s) from `list`, with the 32 random bits of `word`. Their
/// product with the list's length holds the deviation's index in its top half and, in
/// its bottom half, a fraction uniform on a grid of that length times 2⁻³²: added to the
/// level and the deviation, it rounds the hole up with the probability of their own
/// fraction, and the floor is the sum's top half.
#[inline]
fn hole(list: &[i64], level: i64, word: u32) -> i64 {
    // no list holds 2³² deviations: the product fits in 64 bits
    let len = u32::try_from(list.len()).unwrap_or(u32::MAX);
    let product = u64::from(word) * u64::from(len);
    let value = list
        .get((product >> 32) as usize)
        .copied()
        .unwrap_or_default();
    (level + value + (product & 0xFFFF_FFFF) as i64) >> 32
}

/// Plays the rest of the match from `pos` `samples` times with the stream of `seed`, the
/// players in `who` (seat and draws; the others, disqualified, never win) each drawn as
/// [`Draw`] says. Returns, by seat, the sum of each sample's share of the win (1/k to each
/// of k winners) and the sum of its squares.
pub(super) fn shares(
    pos: &SoFar,
    who: &[(usize, Draw)],
    samples: u32,
    seed: u64,
) -> (Vec<f64>, Vec<f64>) {
    let n = pos.standings.len();
    let players: Vec<Player> = who
        .iter()
        .map(|&(seat, d)| Player {
            seat,
            level: draws::fixed(d.level),
            sd: d.sd.min(SD_LIMIT) * POINT as f64,
            lists: d.lists,
            cuts: d.cuts,
        })
        .collect();
    let normal = draws::normal_quantiles();
    let mut rest = Rest::new(pos);
    let per_sample = players.iter().filter(|p| p.sd > 0.0).count().div_ceil(3)
        + players.iter().map(|p| p.words(rest.left)).sum::<usize>();
    // whole samples' words, no more than all the samples take
    let per_batch = (BATCH / per_sample.max(1)).clamp(1, samples as usize);
    let mut batch = vec![0u32; per_sample * per_batch];
    let (mut at, mut drawn) = (0, 0);
    let mut levels = vec![0; players.len()];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut sum, mut squares) = (vec![0.0; n], vec![0.0; n]);
    let mut winners = Vec::with_capacity(n);
    for sample in 0..samples as usize {
        if at == drawn {
            // the last batch draws only the words its samples take
            drawn = batch.len().min((samples as usize - sample) * per_sample);
            rng.fill(&mut batch[..drawn]);
            at = 0;
        }
        let mut words = batch[at..at + per_sample].iter().copied();
        at += per_sample;
        rest.reset(pos);
        let mut kept = (0, 0);
        for (level, p) in levels.iter_mut().zip(&players) {
            *level = p.level(normal, &mut kept, &mut words);
        }
        let played = play(pos, &players, &levels, &mut rest, &mut words);
        rest.winners(pos, played, &mut winners);
        let share = match winners.len() {
            1 => 1.0,
            k => 1.0 / k.max(1) as f64,
        };
        for &w in &winners {
            sum[w] += share;
            squares[w] += share * share;
        }
    }
    (sum, squares)
}

/// Plays one sample's holes into `rest`, the players at `levels`, from `words`; returns
/// the holes played (fewer than all when a total reaches the target).
#[inline]
fn play(
    pos: &SoFar,
    players: &[Player],
    levels: &[i64],
    rest: &mut Rest,
    words: &mut Words,
) -> usize {
    if pos.target.is_none() {
        // every hole is played: each player's in turn, their source picked once if one
        for (&level, p) in levels.iter().zip(players) {
            let mut next = || words.next().unwrap_or_default();
            match p.only() {
                Some(list) => rest.play_all(p.seat, || hole(list, level, next())),
                None => rest.play_all(p.seat, || hole(p.source(next()), level, next())),
            }
        }
        return rest.left;
    }
    let mut played = 0;
    while played < rest.left && !rest.target_reached(pos) {
        for (&level, p) in levels.iter().zip(players) {
            rest.play(p.seat, played, p.hole(level, words));
        }
        played += 1;
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore;

    fn player(lists: [&[i64]; 3], cuts: [u64; 2]) -> Player<'_> {
        Player {
            seat: 0,
            level: 0,
            sd: 0.0,
            lists,
            cuts,
        }
    }

    /// `n` random words of the stream of `seed`.
    fn words(n: usize, seed: u64) -> Vec<u32> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..n).map(|_| rng.next_u32()).collect()
    }

    #[test]
    fn a_hole_rounds_up_with_its_fraction_s_probability() {
        // deviations 0 and 2 points at a level of a quarter: 0 or 2, then up by one a
        // quarter of the time
        let devs = [0, 2 * POINT];
        let p = player([&devs, &[], &[]], [PICK, PICK]);
        let n = 200_000;
        let drawn = words(n, 1);
        let mut w = drawn.iter().copied();
        let mut counts = [0u32; 4];
        for _ in 0..n {
            let h = p.hole(POINT / 4, &mut w);
            counts[usize::try_from(h).unwrap()] += 1;
        }
        // each of 0, 1, 2, 3 within 4.5 standard errors of its chance
        for (h, chance) in [0.375, 0.125, 0.375, 0.125].into_iter().enumerate() {
            let se = (chance * (1.0 - chance) / n as f64).sqrt();
            let share = f64::from(counts[h]) / n as f64;
            assert!((share - chance).abs() < 4.5 * se, "{counts:?}");
        }
        // a whole level and whole deviations are never rounded
        let mut w = drawn.iter().copied();
        assert!((0..1000).all(|_| p.hole(-3 * POINT, &mut w) % 2 != 0));
    }

    #[test]
    fn a_source_is_picked_by_its_share() {
        // a third from -5 points, a third from 0, a third from 5 (a whole level)
        let (a, b, c) = ([-5 * POINT], [0], [5 * POINT]);
        let third = PICK / 3;
        let p = player([&a, &b, &c], [third, 2 * third]);
        let n = 90_000;
        let drawn = words(2 * n, 2);
        let mut w = drawn.iter().copied();
        let mut seen = [0u32; 3];
        for _ in 0..n {
            seen[usize::try_from(p.hole(0, &mut w) / 5 + 1).unwrap()] += 1;
        }
        let se = (2.0 / 9.0 * n as f64).sqrt();
        assert!(
            seen.iter()
                .all(|&s| (f64::from(s) - 30_000.0).abs() < 4.5 * se),
            "{seen:?}"
        );
        // the pool alone, the simulated holes alone: one word a hole
        assert_eq!(
            (p.words(3), player([&a, &b, &c], [0, PICK]).words(3)),
            (6, 3)
        );
        let mut w = drawn.iter().copied();
        assert_eq!(player([&a, &b, &c], [0, PICK]).hole(0, &mut w), 0);
        assert_eq!(player([&a, &b, &c], [0, 0]).hole(0, &mut w), 5);
    }

    #[test]
    fn three_levels_share_a_word() {
        let normal = draws::normal_quantiles();
        let mut p = player([&[0], &[], &[]], [PICK, PICK]);
        p.sd = POINT as f64;
        // the top ten bits 1023, then 0, then 512: the highest quantile, the lowest, the
        // one just above the median
        let word = (1023 << 22) | (512 << 2);
        let drawn = [word, 0];
        let mut w = drawn.iter().copied();
        let mut kept = (0, 0);
        let z: Vec<f64> = (0..4)
            .map(|_| p.level(normal, &mut kept, &mut w) as f64 / POINT as f64)
            .collect();
        assert!((z[0] - normal[1023]).abs() < 1e-6 && (z[1] - normal[0]).abs() < 1e-6);
        assert!((z[2] - normal[512]).abs() < 1e-6, "{z:?}");
        // the fourth level takes the next word
        assert_eq!(w.next(), None);
        assert!((z[3] - normal[0]).abs() < 1e-6);
    }
}
