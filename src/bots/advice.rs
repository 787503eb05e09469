//! Advice (RULES.md §18, CLI.md "Advice"): every legal move of a position as a player sees
//! it, weighed by the expert; on the final turn, each figure the exact expectation over
//! every way the face-down cards could be filled.
//!
//! The position ([`Sighting`]) becomes a hole whose unknown cards are filled from the rest
//! of the pack ([`HoleInPlay::position`]: the expert decides from the player's view and cannot
//! tell), and the expert weighs the player's decision in it ([`Expert::weigh_moves`]).

use super::expert::{exact_hole_score, Expert};
use super::rollout::{self, Line, Rollout};
use crate::card::Card;
use crate::grid::Seen;
use crate::play::{self, HoleInPlay, Move, MoveList, Phase, Position};
use crate::rules::Rules;
use crate::scoring::{Ended, Scorer};

/// A position as the player to advise sees it (RULES.md §18 "What a player knows"), its
/// cards as [`crate::grid::Grid::parse_seen`] and [`crate::grid::card_for`] read them (a
/// suit given wherever the rules value the rank by suit).
#[derive(Debug, Clone)]
pub struct Sighting {
    /// The player's own grid, cell by cell row by row.
    pub own: Vec<Seen>,
    /// Each other player's grid as it lies (no peeked cards: those are not known).
    pub others: Vec<Vec<Seen>>,
    /// Players at the table: more than the grids given; those without a grid have every
    /// card face down.
    pub players: usize,
    /// Cards seen this hole beneath the discard pile's top card, oldest first.
    pub seen: Vec<Card>,
    /// The discard pile's top card.
    pub discard: Card,
    /// The card the player drew from the stock, when they hold one.
    pub drawn: Option<Card>,
    /// Another player ended the hole: this is the player's final turn (the ender is the
    /// first other whose grid is all face up, else the first other).
    pub ended: bool,
}

/// A legal move, in the game's terms (cells from 0, row by row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advised {
    /// Knock (RULES.md §9.4).
    Knock,
    /// Draw from the stock, before the card is seen.
    DrawStock,
    /// Take the discard pile's top `card` and swap it for the card in `cell`.
    TakeDiscard {
        /// The discard pile's top card.
        card: Card,
        /// The cell it replaces.
        cell: usize,
    },
    /// Swap the card drawn from the stock for the card in `cell`.
    Swap {
        /// The card drawn.
        card: Card,
        /// The cell it replaces.
        cell: usize,
    },
    /// Discard the card drawn from the stock.
    Discard {
        /// The card drawn.
        card: Card,
    },
    /// Discard the card drawn from the stock and turn up face-down `cell`.
    DiscardFlip {
        /// The card drawn.
        card: Card,
        /// The cell turned up.
        cell: usize,
    },
}

impl Advised {
    /// Whether the move ends the player's turn (everything but drawing from the stock).
    fn places(self) -> bool {
        self != Advised::DrawStock && self != Advised::Knock
    }
}

/// A legal move and its expected hole score as the expert reckons it, in points: exact
/// on the final turn (unless [`Weighing::estimated`]); for a move that leaves the hole
/// open, the expected grid score less what the next draws are expected to save on it
/// ([`crate::bots::future`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weighed {
    /// The move.
    pub advised: Advised,
    /// Its expected hole score, in points.
    pub expected: f64,
    /// Its rollout figures, where it was played out ([`advise_deep`]).
    pub rollout: Option<Rollout>,
}

/// Every legal move of a position, weighed, in the order the rules list them.
#[derive(Debug, Clone, PartialEq)]
pub struct Weighing {
    /// The moves.
    pub moves: Vec<Weighed>,
    /// On the final turn, some figures are the expert's estimates: there were too many ways
    /// to fill the face-down cards ([`super::expert::EXACT_LIMIT`]).
    pub estimated: bool,
}

/// A position that cannot be advised on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdviceError {
    /// A card the rules' pack does not hold.
    #[error("{card} is not a card of the {rules} pack")]
    NotInPack {
        /// The card, as the rules write it.
        card: String,
        /// The rules' name.
        rules: String,
    },
    /// More copies of a card than the pack holds.
    #[error("the position shows more {card} than the pack holds ({held} in {} of {rules}): a card is typed twice", decks_of(*.decks))]
    TooMany {
        /// The card, as the rules write it.
        card: String,
        /// Copies in the pack.
        held: usize,
        /// Decks in the pack.
        decks: u32,
        /// The rules' name.
        rules: String,
    },
    /// The pack is too small for the face-down cards.
    #[error("the pack of {0} cards cannot fill this position's face-down cards")]
    CannotFill(usize),
    /// Another player's grid shows a peeked card.
    #[error("{0}: another player's peeked cards are not known to you; type them `?`")]
    OthersPeeked(String),
    /// `--ended` with no other player to have ended the hole.
    #[error("--ended: another player must have ended the hole; give their grid with --other")]
    NoEnder,
    /// The position offers no decision.
    #[error("the position offers no move")]
    NoMove,
    /// `--samples` beyond its bounds.
    #[error("--samples {0}: expected 1 to {max} play-outs of each move", max = rollout::MAX_SAMPLES)]
    Samples(u32),
    /// A play-out could not be played (never for a position advice accepts).
    #[error("the position could not be played out")]
    NoPlayOut,
}

impl crate::error::BadInput for AdviceError {}

/// `1 deck`, `2 decks`.
fn decks_of(decks: u32) -> String {
    match decks {
        1 => "1 deck".to_string(),
        n => format!("{n} decks"),
    }
}

/// Makes every card `position` shows one of `pack`'s, each taken from what is left of it:
/// a card typed without a suit (where the rules value some ranks by suit, so the pack's
/// cards carry suits) becomes any card of its rank, after the cards typed with suits have
/// taken theirs. Errors with a card the pack holds too few of, or none.
fn take_from_pack(
    rules: &Rules,
    pack: &[Card],
    decks: u32,
    position: &mut Position,
) -> Result<(), AdviceError> {
    let mut left = pack.to_vec();
    let mut cards: Vec<&mut Card> = position
        .grids
        .iter_mut()
        .flatten()
        .flatten()
        .chain(position.discard.iter_mut())
        .chain(position.drawn.iter_mut())
        .collect();
    for named in [true, false] {
        for card in cards.iter_mut().filter(|c| c.suit.is_some() == named) {
            let exact = left.iter().position(|c| c == &**card);
            let found = exact.or_else(|| {
                (!named)
                    .then(|| left.iter().position(|c| c.rank == card.rank))
                    .flatten()
            });
            let rank = card.rank;
            match found {
                Some(i) => **card = left.swap_remove(i),
                None if pack.iter().any(|c| c.rank == rank) => {
                    return Err(AdviceError::TooMany {
                        card: rules.card_text(**card),
                        held: pack
                            .iter()
                            .filter(|c| c.rank == rank && (!named || *c == &**card))
                            .count(),
                        decks,
                        rules: rules.name.clone(),
                    })
                }
                None => {
                    return Err(AdviceError::NotInPack {
                        card: rules.card_text(**card),
                        rules: rules.name.clone(),
                    })
                }
            }
        }
    }
    Ok(())
}

/// Every legal move of `sighting` under `rules`, weighed by the expert (RULES.md §18).
/// `names` names the other grids in errors, in order.
pub fn advise(
    rules: &Rules,
    sighting: &Sighting,
    names: &[String],
) -> Result<Weighing, AdviceError> {
    weigh(rules, sighting, names).map(|(weighing, _, _)| weighing)
}

/// How far apart from the best expectation a move may be and still be played out by
/// [`advise_deep`], in points (CLI.md "Deeper advice").
pub const DEEP_MARGIN: f64 = 2.0;

/// Every legal move of `sighting` weighed as [`advise`] weighs them, and each within
/// [`DEEP_MARGIN`] points of the best also played out `samples` times from the seed `seed`
/// (RULES.md §18 "Deeper advice: rollouts", [`rollout::roll_out`]: the same figures for
/// the same seed whatever the number of threads); `progress` is called once a sample.
/// Errors as [`advise`], and with `samples` beyond 1 to [`rollout::MAX_SAMPLES`].
pub fn advise_deep(
    rules: &Rules,
    sighting: &Sighting,
    names: &[String],
    samples: u32,
    seed: u64,
    progress: &(dyn Fn() + Sync),
) -> Result<Weighing, AdviceError> {
    if !(1..=rollout::MAX_SAMPLES).contains(&samples) {
        return Err(AdviceError::Samples(samples));
    }
    let (mut weighing, hole, pack) = weigh(rules, sighting, names)?;
    let best = weighing
        .moves
        .iter()
        .map(|m| m.expected)
        .fold(f64::INFINITY, f64::min);
    let chosen: Vec<usize> = (0..weighing.moves.len())
        .filter(|i| weighing.moves[*i].expected <= best + DEEP_MARGIN)
        .collect();
    let lines: Vec<Line> = chosen
        .iter()
        .map(|i| line_of(weighing.moves[*i].advised))
        .collect();
    let scorer = Scorer::new(rules);
    let view = hole.view(0);
    let rollouts = rollout::roll_out(
        rules, &scorer, &pack, &view, &lines, samples, seed, progress,
    )
    .ok_or(AdviceError::NoPlayOut)?;
    for (i, r) in chosen.iter().zip(rollouts) {
        if let Some(m) = weighing.moves.get_mut(*i) {
            m.rollout = Some(r);
        }
    }
    Ok(weighing)
}

/// The moves of the hole that play `advised` for the player.
fn line_of(advised: Advised) -> Line {
    match advised {
        Advised::Knock => [Some(Move::Knock), None],
        Advised::DrawStock => [Some(Move::DrawStock), None],
        Advised::TakeDiscard { cell, .. } => {
            [Some(Move::DrawDiscard), Some(Move::Swap(cell as u8))]
        }
        Advised::Swap { cell, .. } => [Some(Move::Swap(cell as u8)), None],
        Advised::Discard { .. } => [Some(Move::Discard), None],
        Advised::DiscardFlip { cell, .. } => [Some(Move::DiscardFlip(cell as u8)), None],
    }
}

/// [`advise`]'s weighing, with the hole it built and its pack.
fn weigh(
    rules: &Rules,
    sighting: &Sighting,
    names: &[String],
) -> Result<(Weighing, HoleInPlay, Vec<Card>), AdviceError> {
    let players = sighting.players.max(sighting.others.len() + 1);
    if sighting.ended && players < 2 {
        return Err(AdviceError::NoEnder);
    }
    let decks = rules.deck.decks_for(players);
    let pack = play::pack(rules, decks);
    // a card as typed: its suit kept only where the rules value suits
    let typed = |mut card: Card| {
        if rules.values.suited.is_empty() {
            card.suit = None;
        }
        card
    };
    let cells = rules.layout.rows * rules.layout.columns;
    let mut position = Position::default();
    for (seat, grid) in std::iter::once(&sighting.own)
        .chain(&sighting.others)
        .enumerate()
    {
        let (mut cards, mut up, mut peeked) = (Vec::with_capacity(cells), 0u32, 0u32);
        for (cell, seen) in grid.iter().enumerate() {
            cards.push(match *seen {
                Seen::Down => None,
                Seen::Peeked(_) if seat > 0 => {
                    let name = names.get(seat - 1).cloned().unwrap_or_default();
                    return Err(AdviceError::OthersPeeked(name));
                }
                Seen::Peeked(card) => {
                    peeked |= 1 << cell;
                    Some(typed(card))
                }
                Seen::Up(card) => {
                    up |= 1 << cell;
                    Some(typed(card))
                }
            });
        }
        position.grids.push(cards);
        position.face_up.push(up);
        position.peeked.push(peeked);
    }
    for _ in position.grids.len()..players {
        position.grids.push(vec![None; cells]);
        position.face_up.push(0);
        position.peeked.push(0);
    }
    for card in &sighting.seen {
        position.discard.push(typed(*card));
    }
    position.discard.push(typed(sighting.discard));
    position.drawn = sighting.drawn.map(typed);
    take_from_pack(rules, &pack, decks, &mut position)?;
    if sighting.ended {
        let all = (1u32 << cells) - 1;
        let ender = (1..players)
            .find(|s| position.face_up[*s] == all)
            .unwrap_or(1);
        position.ended_by = Some(ender);
    }
    let hole = HoleInPlay::position(rules, &pack, &position).map_err(|e| match e {
        Some(card) => AdviceError::TooMany {
            card: rules.card_text(card),
            held: pack.iter().filter(|c| **c == card).count(),
            decks,
            rules: rules.name.clone(),
        },
        None => AdviceError::CannotFill(pack.len()),
    })?;
    let scorer = Scorer::new(rules);
    let Some(expert) = Expert::new(rules, &scorer, &pack, players) else {
        return Err(AdviceError::NoMove);
    };
    let mut expert = expert.for_advice();
    let view = hole.view(0);
    if view.phase() == Phase::Over {
        return Err(AdviceError::NoMove);
    }
    let mut legal = MoveList::default();
    view.legal_moves(&mut legal);
    expert.observe(&view);
    let mut weighed = Vec::new();
    expert.weigh_moves(&view, legal.as_slice(), |m, v| weighed.push((m, v)));
    let held = view.drawn().map(|(c, _)| c);
    let mut moves = Vec::new();
    for (m, expected) in weighed {
        let advised = match (m, held) {
            (Move::Knock, _) => Advised::Knock,
            (Move::DrawStock, _) => Advised::DrawStock,
            (Move::DrawDiscard, _) => {
                // taking the discard is weighed swap by swap
                let Some(card) = view.discard_top() else {
                    continue;
                };
                for cell in 0..cells {
                    let expected = expert.weigh_place(Move::Swap(cell as u8), card);
                    let advised = Advised::TakeDiscard { card, cell };
                    moves.push(Weighed {
                        advised,
                        expected,
                        rollout: None,
                    });
                }
                continue;
            }
            (Move::Swap(c), Some(card)) => Advised::Swap {
                card,
                cell: usize::from(c),
            },
            (Move::Discard, Some(card)) => Advised::Discard { card },
            (Move::DiscardFlip(c), Some(card)) => Advised::DiscardFlip {
                card,
                cell: usize::from(c),
            },
            _ => continue,
        };
        moves.push(Weighed {
            advised,
            expected,
            rollout: None,
        });
    }
    let mut estimated = false;
    if let Some(player) = position.ended_by {
        // the final turn: every figure the exact expectation where the ways are few enough
        let ender = Some(Ended {
            player,
            knocked: false,
        });
        for m in moves.iter_mut().filter(|m| m.advised.places()) {
            let mut grids = position.grids.clone();
            let put = match m.advised {
                Advised::TakeDiscard { card, cell } | Advised::Swap { card, cell } => {
                    Some((cell, card))
                }
                _ => None,
            };
            if let (Some((cell, card)), Some(mine)) = (put, grids.first_mut()) {
                if let Some(slot) = mine.get_mut(cell) {
                    *slot = Some(card);
                }
            }
            match exact_hole_score(rules, &scorer, &expert.belief, &grids, 0, ender) {
                Some(exact) => m.expected = exact,
                None => estimated = true,
            }
        }
    }
    if moves.is_empty() {
        return Err(AdviceError::NoMove);
    }
    Ok((Weighing { moves, estimated }, hole, pack))
}
