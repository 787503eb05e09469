//! The deck check: what the referee refuses because it cannot have been dealt
//! (RULES.md §7).
//!
//! Over all players' grids of one hole together: each rank at most `4 × decks` times,
//! jokers at most `jokers_per_deck × decks` times, and each suited card at most `decks`
//! times.

use std::collections::BTreeMap;
use std::fmt;

use crate::card::{Card, Rank, Suit};
use crate::grid::{Cell, Grid};
use crate::rules::Rules;

/// One count that exceeds what the deck holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overflow {
    /// What was counted: `sevens`, `jokers`, `the 7h`.
    pub what: String,
    /// How many the grids hold.
    pub found: u32,
    /// How many the deck holds.
    pub allowed: u32,
    /// How many each player holds, in seat order, players holding none left out.
    pub per_player: Vec<(String, u32)>,
    /// Where those cards lie: each player's cells holding one, in the same order — the
    /// slots to look at for the typo.
    pub cells: Vec<(String, Vec<Cell>)>,
}

/// A hole that cannot have been dealt, with every count at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct DeckError {
    /// Every card or rank dealt more often than the pack holds.
    pub overflows: Vec<Overflow>,
    /// The pack, in words: `1 deck without jokers`, `2 decks with 2 jokers each`.
    pub pack: String,
}

impl fmt::Display for DeckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "these cards cannot have been dealt from {}:", self.pack)?;
        for o in &self.overflows {
            let who: Vec<String> = o
                .per_player
                .iter()
                .map(|(name, n)| format!("{name} {n}"))
                .collect();
            write!(
                f,
                "\n  {} {} but the deck holds {} ({})",
                o.found,
                o.what,
                o.allowed,
                who.join(", ")
            )?;
        }
        write!(f, "\n{MORE_DECKS}")
    }
}

/// The last line of a [`DeckError`] at the terminal: what to do about it. `golf serve`
/// says it in the table's words instead.
pub const MORE_DECKS: &str = "Check the grids for a typo, or, if the table plays with more decks, say so: `golf match edit --decks N` for a match, `--decks N` for `golf score`.";

/// Each player's cells holding a card counted, players holding none left out.
type Held = Vec<(String, Vec<Cell>)>;

/// Checks one hole's grids (`(player, grid)` in seat order) against a deal from `decks`
/// decks with `jokers_per_deck` jokers each. Errors list every rank, joker count and suited
/// card that exceeds the deck, with each player's count.
///
/// ```
/// use golf::{deck, grid::Grid, rules};
/// let classic = rules::resolve("classic", &[])?;
/// let ann = Grid::parse("7 7 3 / 4 5 6")?;
/// let bob = Grid::parse("7 7 7 / 4 5 6")?;
/// let err = deck::check_hole(&[("ann", &ann), ("bob", &bob)], 1, &classic).unwrap_err();
/// assert!(err.to_string().contains("5 sevens but the deck holds 4 (ann 2, bob 3)"));
/// assert!(deck::check_hole(&[("ann", &ann), ("bob", &bob)], 2, &classic).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_hole(grids: &[(&str, &Grid)], decks: u32, rules: &Rules) -> Result<(), DeckError> {
    // rank, and (rank, suit) → the cells holding one, per player seat
    let mut ranks: BTreeMap<Rank, Vec<Vec<Cell>>> = BTreeMap::new();
    let mut suited: BTreeMap<(Rank, Suit), Vec<Vec<Cell>>> = BTreeMap::new();
    let n = grids.len();
    for (seat, (_, grid)) in grids.iter().enumerate() {
        for (cell, card) in grid.cells() {
            ranks.entry(card.rank).or_insert_with(|| vec![vec![]; n])[seat].push(cell);
            if let Some(suit) = card.suit {
                suited
                    .entry((card.rank, suit))
                    .or_insert_with(|| vec![vec![]; n])[seat]
                    .push(cell);
            }
        }
    }
    // each player holding any, with how many and where
    let held = |cells: &[Vec<Cell>]| -> (Vec<(String, u32)>, Held) {
        let holding = || grids.iter().zip(cells).filter(|(_, c)| !c.is_empty());
        (
            holding()
                .map(|((name, _), c)| (name.to_string(), c.len() as u32))
                .collect(),
            holding()
                .map(|((name, _), c)| (name.to_string(), c.clone()))
                .collect(),
        )
    };
    let count = |cells: &[Vec<Cell>]| cells.iter().map(|c| c.len() as u32).sum::<u32>();
    let mut overflows = Vec::new();
    for (rank, cells) in &ranks {
        let allowed = rules.copies_of(*rank, decks);
        let found = count(cells);
        if found > allowed {
            let (per_player, cells) = held(cells);
            overflows.push(Overflow {
                what: rules.plural(*rank),
                found,
                allowed,
                per_player,
                cells,
            });
        }
    }
    for ((rank, suit), cells) in &suited {
        let found = count(cells);
        if found > decks {
            let (per_player, cells) = held(cells);
            overflows.push(Overflow {
                what: format!(
                    "of the {}",
                    Card {
                        rank: *rank,
                        suit: Some(*suit)
                    }
                ),
                found,
                allowed: decks,
                per_player,
                cells,
            });
        }
    }
    if overflows.is_empty() {
        Ok(())
    } else {
        Err(DeckError {
            overflows,
            pack: pack_words(decks, rules),
        })
    }
}

/// The pack `decks` decks of `rules` make, in words: `1 deck without jokers`,
/// `2 decks with 2 jokers each`, `1 deck with 1 joker in the whole pack`, `2 packs of
/// play-nine`.
fn pack_words(decks: u32, rules: &Rules) -> String {
    let plural = |n: u32, one: &str, many: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    };
    if !rules.pack.is_empty() {
        return format!("{} of {}", plural(decks, "pack", "packs"), rules.name);
    }
    let deck = plural(decks, "deck", "decks");
    match (rules.deck.jokers, rules.deck.jokers_per_deck) {
        (Some(j), _) => format!(
            "{deck} with {} in the whole pack",
            plural(j, "joker", "jokers")
        ),
        (None, 0) => format!("{deck} without jokers"),
        (None, j) => format!("{deck} with {} each", plural(j, "joker", "jokers")),
    }
}

impl crate::error::BadInput for DeckError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(s: &str) -> Grid {
        Grid::parse(s).unwrap()
    }

    fn rules(name: &str) -> Rules {
        crate::rules::resolve(name, &[]).unwrap()
    }

    #[test]
    fn five_of_a_rank_from_one_deck_is_refused_with_counts() {
        let a = g("7 7 3 / 4 5 6");
        let b = g("7 7 7 / 4 5 6");
        let err = check_hole(&[("ann", &a), ("bob", &b)], 1, &rules("classic")).unwrap_err();
        assert_eq!(err.overflows.len(), 1);
        assert_eq!(err.overflows[0].found, 5);
        assert_eq!(err.overflows[0].allowed, 4);
        assert_eq!(
            err.overflows[0].per_player,
            vec![("ann".to_string(), 2), ("bob".to_string(), 3)]
        );
        let text = err.to_string();
        assert!(
            text.contains("5 sevens but the deck holds 4 (ann 2, bob 3)"),
            "{text}"
        );
        assert!(text.contains("--decks"), "{text}");
        assert!(check_hole(&[("ann", &a), ("bob", &b)], 2, &rules("classic")).is_ok());
    }

    #[test]
    fn jokers_and_suited_duplicates() {
        let a = g("JK JK JK / 4 5 6");
        assert!(check_hole(&[("ann", &a)], 1, &rules("six-card")).is_err());
        assert!(check_hole(&[("ann", &a)], 2, &rules("six-card")).is_ok());
        let b = g("7h 8 9 / 7h 5 6");
        let err = check_hole(&[("bob", &b)], 1, &rules("classic")).unwrap_err();
        assert!(err.to_string().contains("2 of the 7h"), "{err}");
        assert!(check_hole(&[("bob", &b)], 2, &rules("classic")).is_ok());
    }
}
