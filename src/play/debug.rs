//! What a hole prints (RULES.md §2's notation for a position in play): only what is seen —
//! face-up cards, `?` for a face-down one (`?5` for one its viewer peeked at, in a view),
//! the discard pile, the stock by its size — so formatting a hole or a view never shows a
//! hidden card; and, for the tests alone, every field.

use super::{HoleInPlay, Source};
use crate::card::Card;
use crate::grid::Grid;

/// A grid as a player sees it, for `Debug`: face-up cards, `?5` for a peeked face-down
/// card, `?` for any other (RULES.md §2's notation for a position in play).
pub(super) struct Masked<'a> {
    pub(super) grid: &'a Grid,
    pub(super) face_up: u32,
    pub(super) peeked: u32,
}

impl std::fmt::Debug for Masked<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("\"")?;
        let columns = self.grid.columns().max(1);
        for (cell, card) in self.grid.cards().iter().enumerate() {
            if cell > 0 {
                f.write_str(if cell % columns == 0 { " / " } else { " " })?;
            }
            let bit = 1u32.checked_shl(cell as u32).unwrap_or(0);
            if self.face_up & bit != 0 {
                write!(f, "{card}")?;
            } else if self.peeked & bit != 0 {
                write!(f, "?{card}")?;
            } else {
                f.write_str("?")?;
            }
        }
        f.write_str("\"")
    }
}

/// Cards seen face up (the discard pile), for `Debug`: in grid notation, bottom first,
/// one string.
pub(super) struct Cards<'a>(pub(super) &'a [Card]);

impl std::fmt::Debug for Cards<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("\"")?;
        for (i, card) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        f.write_str("\"")
    }
}

impl HoleInPlay {
    /// Every field, hidden cards and all, for the tests that compare two holes field for
    /// field (its `Debug` hides what nobody at the table sees).
    #[cfg(test)]
    pub(crate) fn everything(&self) -> String {
        format!(
            "{:?}",
            (
                (
                    &self.playing,
                    self.players,
                    self.cells,
                    self.columns,
                    &self.values
                ),
                (&self.grids, &self.face_up, &self.peeked, &self.started),
                (
                    &self.stock,
                    &self.discard,
                    self.dealer,
                    self.current,
                    self.first
                ),
                (
                    self.phase,
                    self.drawn,
                    self.ended,
                    self.final_turns,
                    self.turns
                ),
                (self.reshuffled, self.stock_known),
            )
        )
    }
}

impl std::fmt::Debug for HoleInPlay {
    /// What everyone at the table sees (the type's doc).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let grids: Vec<Masked<'_>> = (self.grids.iter().enumerate())
            .map(|(seat, grid)| Masked {
                grid,
                face_up: self.face_up(seat),
                peeked: 0,
            })
            .collect();
        let drawn = self.drawn.map(|(card, source)| match source {
            Source::Discard => card.to_string(),
            Source::Stock => "?".to_string(),
        });
        f.debug_struct("HoleInPlay")
            .field("players", &self.players)
            .field("dealer", &self.dealer)
            .field("phase", &self.phase)
            .field("current", &self.current)
            .field("turns", &self.turns)
            .field("grids", &grids)
            .field("discard", &Cards(&self.discard))
            .field("drawn", &drawn)
            .field("stock", &self.stock.len())
            .field("ended", &self.ended)
            .finish()
    }
}
