//! `random` (RULES.md §15): a uniformly random legal move, the baseline every other bot
//! must beat.

use rand::Rng;

use crate::play::view::Move;

/// A uniformly random one of `moves` (the decision's legal moves), drawn from `rng`;
/// `None` when there is none.
pub(super) fn choose<R: Rng>(moves: &[Move], rng: &mut R) -> Option<Move> {
    moves.get(rng.gen_range(0..moves.len().max(1))).copied()
}
