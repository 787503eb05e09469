//! Dealing (RULES.md §4, §7, §14 step 1): the match's pack, the one test that rules can
//! deal a hole to a table, and the deal itself — a new hole, or the next one into the
//! same buffers.

use rand::seq::SliceRandom;
use rand::Rng;

use super::{HoleInPlay, Phase};
use crate::card::{Card, Rank, Suit};
use crate::grid::Grid;
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
/// by every deal ([`HoleInPlay::deal`]) and before a simulation runs.
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

impl HoleInPlay {
    /// Deals a hole: `pack` shuffled by `rng`, each of `players` players dealt the layout
    /// face down from the top (player by player, row by row), the next card turned up as the
    /// discard pile; `dealer` is a seat, the player to their left starts (RULES.md §14 step
    /// 1). Errors as [`check_deal`].
    pub fn deal<R: Rng>(
        rules: &Rules,
        pack: &[Card],
        players: usize,
        dealer: usize,
        rng: &mut R,
    ) -> Result<HoleInPlay, DealError> {
        let mut hole = HoleInPlay {
            playing: check_deal(rules, players, pack.len())?,
            players: 0,
            cells: 0,
            columns: 0,
            values: Vec::new(),
            grids: Vec::with_capacity(players),
            face_up: Vec::new(),
            peeked: Vec::new(),
            started: Vec::new(),
            stock: Vec::new(),
            discard: Vec::new(),
            dealer,
            current: 0,
            first: 0,
            phase: Phase::Over,
            drawn: None,
            ended: None,
            final_turns: 0,
            turns: 0,
            reshuffled: false,
            stock_known: false,
        };
        hole.redeal(rules, pack, players, dealer, rng)?;
        Ok(hole)
    }

    /// Deals into `slot`: the hole there dealt again ([`HoleInPlay::redeal`]), or a new one
    /// ([`HoleInPlay::deal`]) when it is empty. Errors as [`check_deal`].
    pub fn deal_into<'h, R: Rng>(
        slot: &'h mut Option<HoleInPlay>,
        rules: &Rules,
        pack: &[Card],
        players: usize,
        dealer: usize,
        rng: &mut R,
    ) -> Result<&'h mut HoleInPlay, DealError> {
        match slot {
            Some(hole) => {
                hole.redeal(rules, pack, players, dealer, rng)?;
                Ok(hole)
            }
            None => Ok(slot.insert(HoleInPlay::deal(rules, pack, players, dealer, rng)?)),
        }
    }

    /// Deals the next hole into this one exactly as [`HoleInPlay::deal`] would, reusing its
    /// buffers: once they have grown to the table, a deal allocates nothing. Errors as
    /// [`check_deal`], changing nothing.
    pub fn redeal<R: Rng>(
        &mut self,
        rules: &Rules,
        pack: &[Card],
        players: usize,
        dealer: usize,
        rng: &mut R,
    ) -> Result<(), DealError> {
        let playing = check_deal(rules, players, pack.len())?;
        let (rows, columns) = (rules.layout.rows, rules.layout.columns);
        let cells = rows * columns;
        // checked above: never for a deal that passed check_deal
        let layout = || DealError::Layout {
            rules: rules.display_name(),
            rows,
            columns,
        };
        self.stock.clear();
        self.stock.extend_from_slice(pack);
        self.stock.shuffle(rng);
        self.grids.truncate(players);
        for player in 0..players {
            let top = self.stock.len() - cells;
            let dealt = self.stock.get(top..).ok_or_else(layout)?.iter().rev();
            match self.grids.get_mut(player) {
                Some(grid) if grid.rows() == rows && grid.columns() == columns => {
                    for (slot, card) in grid.cards_mut().iter_mut().zip(dealt) {
                        *slot = *card;
                    }
                }
                _ => {
                    let cards = dealt.copied().collect();
                    let grid = Grid::from_cards(rows, columns, cards).map_err(|_| layout())?;
                    self.grids.truncate(player);
                    self.grids.push(grid);
                }
            }
            self.stock.truncate(top);
        }
        self.discard.clear();
        self.discard.reserve(pack.len());
        self.discard.extend(self.stock.pop());
        let codes = rules.rank_codes();
        self.values.clear();
        self.values.extend((0..codes).map(|code| match code {
            0..=12 => rules.values.ranks[code],
            13 => rules.values.joker.unwrap_or(0),
            face => rules.values.faces.get(face - 14).copied().unwrap_or(0),
        }));
        for seats in [&mut self.face_up, &mut self.peeked, &mut self.started] {
            seats.clear();
            seats.resize(players, 0);
        }
        let start = (dealer + 1) % players;
        self.playing = playing;
        self.players = players;
        self.cells = cells;
        self.columns = columns;
        self.dealer = dealer;
        self.current = start;
        self.first = start;
        self.phase = if playing.face_up_at_start + playing.peek_at_start == 0 {
            Phase::Draw
        } else {
            Phase::Start
        };
        self.drawn = None;
        self.ended = None;
        self.final_turns = 0;
        self.turns = 0;
        self.reshuffled = false;
        self.stock_known = false;
        if self.phase == Phase::Draw {
            self.begin_play();
        }
        Ok(())
    }
}
