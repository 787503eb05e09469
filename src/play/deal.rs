//! What a deal needs (RULES.md §4, §7, §14 step 1): the match's pack, and the one test that
//! rules can deal a hole to a table.

use crate::card::{Card, Rank, Suit};
use crate::rules::{Playing, Rules, StartCards};

/// Why a hole cannot be dealt under these rules for this table (RULES.md §14 step 1). Every
/// variant is bad input: the rules or the player count must change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// The rules set no `[play]` data (RULES.md §14), so nobody knows how to play them.
    #[error("the rules {rules} say nothing of how a hole is played (no [play] data: face_up_at_start, peek_at_start, start_cards, first, discard_drawn, may_knock, may_look_once); add a [play] table to the file or start it with extends = \"classic\"")]
    NoPlay {
        /// The rules' display name.
        rules: String,
    },
    /// Nobody to deal to.
    #[error("a hole needs at least one player")]
    NoPlayers,
    /// More start cards than the grid has room for where the rules say they go.
    #[error("the rules {rules} turn up or peek at {start} cards at the start, but there are only {room} {place}; the [play] data must fit the grid")]
    StartCards {
        /// The rules' display name.
        rules: String,
        /// Cards turned up or peeked at.
        start: u32,
        /// Room for them.
        room: usize,
        /// Where they go: `cards in the grid`, `cards in one column`, `cards in the
        /// nearest row`.
        place: &'static str,
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
        /// Cards needed: a grid each, a stock card and the discard.
        needed: usize,
    },
    /// The rules' layout is no grid a hole can be dealt into (beyond 4×6; never for
    /// resolved rules).
    #[error("the rules {rules} lay out {rows}×{columns} grids, which cannot be dealt; expected at most {}×{}", crate::grid::MAX_ROWS, crate::grid::MAX_COLUMNS)]
    Layout {
        /// The rules' display name.
        rules: String,
        /// Rows of the layout.
        rows: usize,
        /// Columns of the layout.
        columns: usize,
    },
}

impl crate::error::BadInput for DealError {}

/// Checks that `rules` can deal a hole to `players` players from a pack of `cards` cards:
/// `[play]` data, at least one player, start cards that fit where the rules put them, and
/// a grid each plus a stock card and the discard (RULES.md §14 step 1). The one test, made
/// by every deal ([`Hole::deal`]) and before a simulation runs.
pub fn check_deal(rules: &Rules, players: usize, cards: usize) -> Result<Playing, DealError> {
    let Some(playing) = rules.playing else {
        return Err(DealError::NoPlay {
            rules: rules.display_name(),
        });
    };
    if players == 0 {
        return Err(DealError::NoPlayers);
    }
    let (rows, columns) = (rules.layout.rows, rules.layout.columns);
    if rows == 0
        || columns == 0
        || rows > crate::grid::MAX_ROWS
        || columns > crate::grid::MAX_COLUMNS
    {
        return Err(DealError::Layout {
            rules: rules.display_name(),
            rows,
            columns,
        });
    }
    let start = playing.face_up_at_start + playing.peek_at_start;
    let (room, place) = match playing.start_cards {
        StartCards::Any => (rows * columns, "cards in the grid"),
        StartCards::OneColumn => (rows, "cards in one column"),
        StartCards::NearestRow => (columns, "cards in the nearest row"),
    };
    if start as usize > room {
        return Err(DealError::StartCards {
            rules: rules.display_name(),
            start,
            room,
            place,
        });
    }
    let cells = rows * columns;
    let needed = players * cells + 2;
    if cards < needed {
        return Err(DealError::PackTooSmall {
            rules: rules.display_name(),
            players,
            cards,
            cells,
            needed,
        });
    }
    Ok(playing)
}

/// The match's pack for `decks` decks under `rules` (RULES.md §4, §4.1, §7). Standard
/// cards carry their suits only where the rules value suited cards (`one-eyed-jacks`), as a
/// grid must then be typed; jokers and a pack's own faces never do.
pub fn pack(rules: &Rules, decks: u32) -> Vec<Card> {
    let mut cards = Vec::new();
    let suited = !rules.values.suited.is_empty();
    if rules.pack.is_empty() {
        for _ in 0..decks {
            for rank in Rank::STANDARD {
                for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
                    cards.push(Card {
                        rank,
                        suit: suited.then_some(suit),
                    });
                }
            }
        }
        for _ in 0..rules.deck.jokers_in(decks) {
            cards.push(Card::new(Rank::Joker));
        }
    } else {
        for (i, face) in rules.pack.iter().enumerate() {
            let rank = Rank::Face(u8::try_from(i).unwrap_or(u8::MAX));
            for _ in 0..face.copies * decks {
                cards.push(Card::new(rank));
            }
        }
    }
    cards
}
