//! Grids: a player's face-up cards at the end of a hole, and the notation players type
//! for them (RULES.md §2).
//!
//! Rows are separated by `/`, `|` or a newline; cards within a row by spaces or commas.
//! Row 1 is the row farther from the player; columns are numbered left to right. A grid
//! in play, as its player sees it (advice), writes `?` for a face-down card and `?5` for
//! one they peeked at ([`Grid::parse_seen`]).

use std::fmt;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank};

/// The most rows a grid may have (RULES.md §3: layouts from 1×1 to 4×6).
pub const MAX_ROWS: usize = 4;
/// The most columns a grid may have (RULES.md §3).
pub const MAX_COLUMNS: usize = 6;
/// The longest grid text accepted, in characters; anything longer is refused unread.
pub const MAX_INPUT_CHARS: usize = 400;

/// A position in a grid: 1-based row (row 1 is farther from the player) and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    /// Row number, 1-based.
    pub row: usize,
    /// Column number, 1-based, left to right.
    pub column: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row, self.column)
    }
}

/// A rectangular grid of cards, stored row by row.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Grid {
    rows: usize,
    columns: usize,
    cards: Vec<Card>,
}

/// What is wrong with a typed grid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridErrorKind {
    /// Nothing but separators and spaces.
    #[error("the grid is empty; expected rows of cards separated by `/`, e.g. `5 K Q / 5 2 J`")]
    Empty,
    /// The text is longer than [`MAX_INPUT_CHARS`].
    #[error("the grid is {chars} characters long; a grid is at most {max} characters")]
    TooLong {
        /// Characters typed.
        chars: usize,
        /// The limit.
        max: usize,
    },
    /// A row between two separators holds no card.
    #[error("row {row} is empty; expected cards separated by spaces or commas")]
    EmptyRow {
        /// 1-based row number.
        row: usize,
    },
    /// A token that is not a card.
    #[error("row {row}, card {position}: `{token}` is not a card; expected a rank A, 2–10 (or T), J, Q, K or a joker JK, optionally followed by a suit s h d c (♠ ♥ ♦ ♣)")]
    BadToken {
        /// 1-based row number.
        row: usize,
        /// 1-based position within the row.
        position: usize,
        /// The token as typed.
        token: String,
    },
    /// Rows of different lengths.
    #[error("row {row} has {found} cards but row 1 has {expected}; every row of a grid has the same number of cards")]
    Ragged {
        /// 1-based row number.
        row: usize,
        /// Cards in that row.
        found: usize,
        /// Cards in row 1.
        expected: usize,
    },
    /// More rows or columns than any layout has.
    #[error("a grid of {rows}×{columns} is larger than any layout; grids are at most {max_rows}×{max_columns}", max_rows = MAX_ROWS, max_columns = MAX_COLUMNS)]
    TooLarge {
        /// Rows typed.
        rows: usize,
        /// Columns typed.
        columns: usize,
    },
    /// The number of rows does not match the rules' layout.
    #[error("the grid has {found} row{s}; {rules} grids have {expected_rows} rows of {expected_columns} ({expected_rows}×{expected_columns})", s = if *found == 1 { "" } else { "s" })]
    WrongRows {
        /// Rows typed.
        found: usize,
        /// Rows the layout has.
        expected_rows: usize,
        /// Columns the layout has.
        expected_columns: usize,
        /// The rules' name.
        rules: String,
    },
    /// A row's length does not match the rules' layout.
    #[error("row {row} has {found} card{s}; {rules} grids have {expected} cards a row ({rows}×{expected})", s = if *found == 1 { "" } else { "s" })]
    WrongColumns {
        /// 1-based row number.
        row: usize,
        /// Cards typed in that row.
        found: usize,
        /// Cards a row the layout has.
        expected: usize,
        /// Rows the layout has.
        rows: usize,
        /// The rules' name.
        rules: String,
    },
    /// A token that is not a face of the rules' own pack.
    #[error("row {row}, card {position}: `{token}` is not a card of {faces}")]
    NotAFace {
        /// 1-based row number.
        row: usize,
        /// 1-based position within the row.
        position: usize,
        /// The token as typed.
        token: String,
        /// The rules and their faces: `play-nine; expected one of -5 (HIO), 0, …`.
        faces: String,
    },
    /// A card of a rank with suited values typed without its suit.
    #[error("row {row}, card {position}: `{token}` needs a suit, because {why}; type it as e.g. {token}h or {token}s")]
    SuitRequired {
        /// 1-based row number.
        row: usize,
        /// 1-based position within the row.
        position: usize,
        /// The token as typed.
        token: String,
        /// Which rules value the rank by suit, and how: `classic + one-eyed-jacks values
        /// some jacks by suit (Jh = 0, Js = 0)`.
        why: String,
    },
    /// A joker where the deck has none.
    #[error("row {row}, card {position}: a joker, but {rules} is played without jokers; expected a rank A, 2–10, J, Q or K")]
    JokerNotInDeck {
        /// 1-based row number.
        row: usize,
        /// 1-based position within the row.
        position: usize,
        /// The rules' name.
        rules: String,
    },
}

/// A grid that could not be read, with the text and the part of it at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridError {
    /// What is wrong.
    pub kind: GridErrorKind,
    input: String,
    span: Option<Range<usize>>,
}

impl std::error::Error for GridError {}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        let Some(span) = &self.span else {
            return Ok(());
        };
        // Show the line of input holding the fault, with a caret under it.
        let line_start = self.input[..span.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.input[span.start..]
            .find('\n')
            .map_or(self.input.len(), |i| span.start + i);
        let line = &self.input[line_start..line_end];
        let pad = self.input[line_start..span.start].chars().count();
        let width = self.input[span.clone()].chars().count().max(1);
        write!(
            f,
            "\n    {line}\n    {}{}",
            " ".repeat(pad),
            "^".repeat(width)
        )
    }
}

impl GridError {
    fn new(kind: GridErrorKind, input: &str, span: Option<Range<usize>>) -> GridError {
        GridError {
            kind,
            input: input.to_string(),
            span,
        }
    }
}

/// The shape a set of rules asks for, and whether its deck has jokers.
#[derive(Debug, Clone, Copy)]
pub struct Expected<'a> {
    /// Rows of the layout.
    pub rows: usize,
    /// Columns of the layout.
    pub columns: usize,
    /// Whether the deck holds jokers.
    pub jokers: bool,
    /// The rules' name, for messages.
    pub rules: &'a str,
    /// The faces of a pack of the rules' own (RULES.md §4.1); empty for the standard pack.
    pub pack: &'a [crate::card::Face],
    /// Suited values: a card of a rank listed here must be typed with its suit.
    pub suited: &'a [(Rank, crate::card::Suit, i32)],
}

struct Token {
    card: Card,
    span: Range<usize>,
    /// How the card was typed: face up, or (in `?` notation) peeked at or face down.
    seen: Seen,
}

/// A cell of a grid as its player sees it during a hole (RULES.md §2's `?` notation, for
/// advice, §18): a card face up, a face-down card they peeked at (`?5`), or a face-down
/// card they do not know (`?`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// A face-up card.
    Up(Card),
    /// A face-down card its player has peeked at.
    Peeked(Card),
    /// A face-down card its player does not know.
    Down,
}

/// The card standing for a face-down card in `?` notation while the grid is checked: a
/// rank of no pack, without a suit, so no check of the deck or of suits applies to it.
const DOWN: Card = Card {
    rank: Rank::Face(u8::MAX),
    suit: None,
};

impl Grid {
    /// Builds a grid from cards row by row. Errors when `cards.len() != rows × columns`, or
    /// the shape is empty or larger than 4×6.
    pub fn from_cards(
        rows: usize,
        columns: usize,
        cards: Vec<Card>,
    ) -> Result<Grid, GridErrorKind> {
        if rows == 0 || columns == 0 || cards.is_empty() {
            return Err(GridErrorKind::Empty);
        }
        if rows > MAX_ROWS || columns > MAX_COLUMNS {
            return Err(GridErrorKind::TooLarge { rows, columns });
        }
        if cards.len() != rows * columns {
            return Err(GridErrorKind::Ragged {
                row: rows,
                found: cards.len().saturating_sub((rows - 1) * columns),
                expected: columns,
            });
        }
        Ok(Grid {
            rows,
            columns,
            cards,
        })
    }

    /// Puts `card` at `index` (row by row, from 0) and returns the card it replaces; `None`
    /// (and nothing changed) when `index` is outside the grid. The play engine's one way to
    /// change a dealt layout (Official §3.3: a card replaces another in the same place).
    pub fn replace(&mut self, index: usize, card: Card) -> Option<Card> {
        self.cards
            .get_mut(index)
            .map(|slot| std::mem::replace(slot, card))
    }

    /// The cards to change in place, row by row; the grid's shape cannot change.
    pub fn cards_mut(&mut self) -> &mut [Card] {
        &mut self.cards
    }

    /// Parses grid notation of any shape up to 4×6 (RULES.md §2). Errors name the row and
    /// token at fault and what was expected.
    pub fn parse(input: &str) -> Result<Grid, GridError> {
        Self::parse_rows(input, &[], false, false).map(|(grid, _)| grid)
    }

    /// Parses grid notation and checks it against the rules' layout and deck: the shape
    /// must be `expected.rows × expected.columns`, and jokers are refused when the deck has
    /// none (RULES.md §2). The layout being known, a row of the standard pack may also be
    /// typed compactly, one card after another without spaces (`q44/q98`, `6499/ak99`,
    /// `*5/35`; `10` or `t` for ten, `*` for a joker, a suit letter after its rank).
    pub fn parse_for(input: &str, expected: Expected<'_>) -> Result<Grid, GridError> {
        Self::parse_checked(input, expected, false).map(|(grid, _)| grid)
    }

    /// Parses a grid as its player sees it during a hole (RULES.md §2's `?` notation, for
    /// advice): `?` a face-down card they do not know, `?5` one they peeked at, any other
    /// card face up; checked as [`Grid::parse_for`] checks a grid. The cells row by row.
    pub fn parse_seen(input: &str, expected: Expected<'_>) -> Result<Vec<Seen>, GridError> {
        let (_, tokens) = Self::parse_checked(input, expected, true)?;
        Ok(tokens.into_iter().flatten().map(|t| t.seen).collect())
    }

    /// [`Grid::parse_for`], with `?` notation where `seen`; the tokens too.
    fn parse_checked(
        input: &str,
        expected: Expected<'_>,
        seen: bool,
    ) -> Result<(Grid, Vec<Vec<Token>>), GridError> {
        let compact = expected.pack.is_empty();
        let (grid, tokens) =
            Self::parse_rows(input, expected.pack, compact, seen).map_err(|e| {
                match (&e.kind, expected.pack.is_empty()) {
                    (
                        GridErrorKind::BadToken {
                            row,
                            position,
                            token,
                        },
                        false,
                    ) => GridError::new(
                        GridErrorKind::NotAFace {
                            row: *row,
                            position: *position,
                            token: token.clone(),
                            faces: format!(
                                "{}; expected one of {}",
                                expected.rules,
                                faces_list(expected.pack)
                            ),
                        },
                        input,
                        e.span.clone(),
                    ),
                    _ => e,
                }
            })?;
        let rules = expected.rules.to_string();
        if grid.rows != expected.rows {
            return Err(GridError::new(
                GridErrorKind::WrongRows {
                    found: grid.rows,
                    expected_rows: expected.rows,
                    expected_columns: expected.columns,
                    rules,
                },
                input,
                None,
            ));
        }
        if grid.columns != expected.columns {
            let span = tokens
                .first()
                .and_then(|row| Some(row.first()?.span.start..row.last()?.span.end));
            return Err(GridError::new(
                GridErrorKind::WrongColumns {
                    row: 1,
                    found: grid.columns,
                    expected: expected.columns,
                    rows: expected.rows,
                    rules,
                },
                input,
                span,
            ));
        }
        check_suits(input, &tokens, &expected)?;
        if !expected.jokers {
            for (r, row) in tokens.iter().enumerate() {
                for (c, token) in row.iter().enumerate() {
                    if token.card.rank == Rank::Joker {
                        return Err(GridError::new(
                            GridErrorKind::JokerNotInDeck {
                                row: r + 1,
                                position: c + 1,
                                rules,
                            },
                            input,
                            Some(token.span.clone()),
                        ));
                    }
                }
            }
        }
        Ok((grid, tokens))
    }

    fn parse_rows(
        input: &str,
        pack: &[crate::card::Face],
        compact: bool,
        seen: bool,
    ) -> Result<(Grid, Vec<Vec<Token>>), GridError> {
        let chars = input.chars().count();
        if chars > MAX_INPUT_CHARS {
            return Err(GridError::new(
                GridErrorKind::TooLong {
                    chars,
                    max: MAX_INPUT_CHARS,
                },
                "",
                None,
            ));
        }
        let rows = split_rows(input);
        if rows.is_empty() {
            return Err(GridError::new(GridErrorKind::Empty, input, None));
        }
        let mut tokens: Vec<Vec<Token>> = Vec::with_capacity(rows.len());
        for (r, (offset, text)) in rows.iter().enumerate() {
            tokens.push(tokenize_row(
                input,
                r + 1,
                *offset,
                text,
                pack,
                compact,
                seen,
            )?);
        }
        let columns = tokens[0].len();
        for (r, row) in tokens.iter().enumerate().skip(1) {
            if row.len() != columns {
                let span = row.first().map(|t| t.span.start).unwrap_or(0)
                    ..row.last().map(|t| t.span.end).unwrap_or(0);
                return Err(GridError::new(
                    GridErrorKind::Ragged {
                        row: r + 1,
                        found: row.len(),
                        expected: columns,
                    },
                    input,
                    Some(span),
                ));
            }
        }
        let cards = tokens.iter().flatten().map(|t| t.card).collect();
        let grid = Grid::from_cards(tokens.len(), columns, cards)
            .map_err(|kind| GridError::new(kind, input, None))?;
        Ok((grid, tokens))
    }

    /// Rows in the grid (1 to 4).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns in the grid (1 to 6).
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The card at a 1-based cell. Panics never: out-of-range cells give `None`.
    pub fn get(&self, cell: Cell) -> Option<Card> {
        if cell.row == 0 || cell.column == 0 || cell.row > self.rows || cell.column > self.columns {
            return None;
        }
        self.cards
            .get((cell.row - 1) * self.columns + cell.column - 1)
            .copied()
    }

    /// Every cell with its card, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Cell, Card)> + '_ {
        self.cards.iter().enumerate().map(|(i, card)| {
            (
                Cell {
                    row: i / self.columns + 1,
                    column: i % self.columns + 1,
                },
                *card,
            )
        })
    }

    /// The cards row by row.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }
}

impl fmt::Display for Grid {
    /// Prints the grid in the notation it is typed in: `5 K Q / 5 2 J`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (r, row) in self.cards.chunks(self.columns).enumerate() {
            if r > 0 {
                f.write_str(" / ")?;
            }
            for (c, card) in row.iter().enumerate() {
                if c > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{card}")?;
            }
        }
        Ok(())
    }
}

/// One token as a card: a face of the rules' own pack by any of its tokens (any case, no
/// suit), else a standard card.
fn parse_card(token: &str, pack: &[crate::card::Face]) -> Option<Card> {
    if pack.is_empty() {
        return Card::parse(token);
    }
    pack.iter()
        .position(|f| f.tokens.iter().any(|t| t.eq_ignore_ascii_case(token)))
        .map(|i| Card::new(Rank::Face(i as u8)))
}

/// One card typed alone under the rules `expected` describes (RULES.md §2): a rank and
/// an optional suit of the standard pack, or any token of a face of the rules' own pack.
/// Errors say what is wrong: not a card of the pack (a joker where the deck has none), or
/// a card typed without the suit the rules value it by.
pub fn card_for(token: &str, expected: &Expected<'_>) -> Result<Card, String> {
    let token = token.trim();
    let card = parse_card(token, expected.pack)
        .filter(|c| c.rank != Rank::Joker || expected.jokers)
        .ok_or_else(|| format!("`{token}` is not a card of the {} pack", expected.rules))?;
    match suit_needed(card, expected) {
        Some(why) => Err(format!(
            "{token} needs a suit, because {why}; type it as e.g. {token}h or {token}s"
        )),
        None => Ok(card),
    }
}

/// The faces of a pack with their tokens, for messages: `-5 (HIO), 0, 1, …`.
fn faces_list(pack: &[crate::card::Face]) -> String {
    pack.iter()
        .map(|f| match f.tokens.as_slice() {
            [one] => one.clone(),
            [first, rest @ ..] => format!("{first} ({})", rest.join(", ")),
            [] => f.name.clone(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why `card`, typed without a suit, needs one under the rules `expected` describes
/// ("classic values some jacks by suit (Js = 0, Jh = 0)"), or `None` when it does not:
/// the referee must not guess (RULES.md §2, `one-eyed-jacks`).
fn suit_needed(card: Card, expected: &Expected<'_>) -> Option<String> {
    let rank = card.rank;
    if card.suit.is_some() || !expected.suited.iter().any(|(s, _, _)| *s == rank) {
        return None;
    }
    let values = expected
        .suited
        .iter()
        .filter(|(s, _, _)| *s == rank)
        .map(|(s, suit, v)| {
            let card = Card {
                rank: *s,
                suit: Some(*suit),
            };
            format!("{card} = {v}")
        })
        .collect::<Vec<_>>()
        .join(", ");
    Some(format!(
        "{} values some {} by suit ({values})",
        expected.rules,
        rank.plural()
    ))
}

/// Refuses a card typed without a suit when the rules value its rank by suit
/// ([`suit_needed`]), pointing at it.
fn check_suits(
    input: &str,
    tokens: &[Vec<Token>],
    expected: &Expected<'_>,
) -> Result<(), GridError> {
    for (r, row) in tokens.iter().enumerate() {
        for (c, token) in row.iter().enumerate() {
            if let Some(why) = suit_needed(token.card, expected) {
                return Err(GridError::new(
                    GridErrorKind::SuitRequired {
                        row: r + 1,
                        position: c + 1,
                        token: input[token.span.clone()].to_string(),
                        why,
                    },
                    input,
                    Some(token.span.clone()),
                ));
            }
        }
    }
    Ok(())
}

/// The rows of `input`, split at `/`, `|` or newlines, each with its byte offset; blank
/// lines at either end (a trailing newline from a file) are not rows.
fn split_rows(input: &str) -> Vec<(usize, &str)> {
    let mut rows: Vec<(usize, &str)> = Vec::new();
    let mut start = 0;
    for (i, c) in input.char_indices() {
        if matches!(c, '/' | '|' | '\n') {
            rows.push((start, &input[start..i]));
            start = i + c.len_utf8();
        }
    }
    rows.push((start, &input[start..]));
    while rows.last().is_some_and(|(_, r)| r.trim().is_empty()) {
        rows.pop();
    }
    while rows.first().is_some_and(|(_, r)| r.trim().is_empty()) {
        rows.remove(0);
    }
    rows
}

/// The cards of row `row` (1-based) of `input`, written as `text` at byte `offset`,
/// separated by spaces or commas. Errors point at the bad token or the empty row.
fn tokenize_row(
    input: &str,
    row: usize,
    offset: usize,
    text: &str,
    pack: &[crate::card::Face],
    compact: bool,
    seen: bool,
) -> Result<Vec<Token>, GridError> {
    let mut cards = Vec::new();
    let mut token_start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let is_sep = c.is_whitespace() || c == ',';
        match (token_start, is_sep) {
            (None, false) => token_start = Some(i),
            (Some(s), true) => {
                let token = &text[s..i];
                let span = offset + s..offset + i;
                // `?` notation: a face-down card, or one peeked at
                let (typed, card_text) = match token.strip_prefix('?').filter(|_| seen) {
                    Some("") => (Seen::Down, ""),
                    Some(rest) => (Seen::Peeked(DOWN), rest),
                    None => (Seen::Up(DOWN), token),
                };
                if typed == Seen::Down {
                    cards.push(Token {
                        card: DOWN,
                        span,
                        seen: Seen::Down,
                    });
                    token_start = None;
                    continue;
                }
                let unreadable =
                    compact && typed != Seen::Peeked(DOWN) && parse_card(token, pack).is_none();
                if let Some(run) = unreadable
                    .then(|| compact_cards(token, span.start))
                    .flatten()
                {
                    cards.extend(run);
                    token_start = None;
                    continue;
                }
                let card = parse_card(card_text, pack).ok_or_else(|| {
                    GridError::new(
                        GridErrorKind::BadToken {
                            row,
                            position: cards.len() + 1,
                            token: token.to_string(),
                        },
                        input,
                        Some(span.clone()),
                    )
                })?;
                let seen = match typed {
                    Seen::Peeked(_) => Seen::Peeked(card),
                    _ => Seen::Up(card),
                };
                cards.push(Token { card, span, seen });
                token_start = None;
            }
            _ => {}
        }
    }
    if cards.is_empty() {
        return Err(GridError::new(
            GridErrorKind::EmptyRow { row },
            input,
            Some(offset..offset),
        ));
    }
    Ok(cards)
}

/// The cards of a compact run such as `q44`, `6499` or `10hQs` (RULES.md §2, where the
/// layout is known): each card a rank (`10` or one of `A 2-9 T J Q K *`) and an optional
/// suit; `None` when the run is not all cards. `offset` is the run's byte offset in the
/// input, for the spans.
fn compact_cards(run: &str, offset: usize) -> Option<Vec<Token>> {
    let mut cards = Vec::new();
    let mut rest = run;
    while !rest.is_empty() {
        let start = offset + run.len() - rest.len();
        let rank_len = if rest.starts_with("10") {
            2
        } else {
            rest.chars().next()?.len_utf8()
        };
        let rank = match Rank::parse(&rest[..rank_len])? {
            Rank::Face(_) => return None,
            rank => rank,
        };
        rest = &rest[rank_len..];
        let suit = rest
            .chars()
            .next()
            .filter(|_| rank != Rank::Joker)
            .and_then(crate::card::Suit::from_char);
        if let Some(c) = suit.and(rest.chars().next()) {
            rest = &rest[c.len_utf8()..];
        }
        let end = offset + run.len() - rest.len();
        let card = Card { rank, suit };
        cards.push(Token {
            card,
            span: start..end,
            seen: Seen::Up(card),
        });
    }
    Some(cards)
}

impl crate::error::BadInput for GridError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic() -> Expected<'static> {
        Expected {
            rows: 2,
            columns: 3,
            jokers: true,
            rules: "classic",
            pack: &[],
            suited: &[],
        }
    }

    #[test]
    fn compact_rows_where_the_layout_is_known() {
        let spaced = Grid::parse_for("Q 4 4 / Q 9 8", classic()).unwrap();
        assert_eq!(Grid::parse_for("q44/q98", classic()).unwrap(), spaced);
        assert_eq!(Grid::parse_for("q44 / Q 9 8", classic()).unwrap(), spaced);
        let tens = Grid::parse_for("10 T 5 / 10 * K", classic()).unwrap();
        assert_eq!(Grid::parse_for("10t5/10*k", classic()).unwrap(), tens);
        let suited = Grid::parse_for("10h Qs 4 / 4d 9 8c", classic()).unwrap();
        assert_eq!(Grid::parse_for("10hqs4/4d98c", classic()).unwrap(), suited);
        // not without the layout, nor when a run is not all cards
        assert!(Grid::parse("q44/q98").is_err());
        let err = Grid::parse_for("q4x/q98", classic()).unwrap_err();
        assert!(err.to_string().contains("`q4x`"), "{err}");
        assert!(Grid::parse_for("q4/q98", classic()).is_err());
    }

    #[test]
    fn parses_separators_alike() {
        let a = Grid::parse("5 K Q / 5 2 J").unwrap();
        let b = Grid::parse("5,k,q|5,2,j").unwrap();
        let c = Grid::parse("5 K Q\n5 2 J\n").unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!((a.rows(), a.columns()), (2, 3));
        assert_eq!(a.to_string(), "5 K Q / 5 2 J");
    }

    #[test]
    fn bad_token_is_pointed_at() {
        let err = Grid::parse("5 K Q / 5 11 J").unwrap_err();
        assert_eq!(
            err.kind,
            GridErrorKind::BadToken {
                row: 2,
                position: 2,
                token: "11".into()
            }
        );
        let shown = err.to_string();
        assert!(
            shown.ends_with("    5 K Q / 5 11 J\n              ^^"),
            "{shown}"
        );
    }

    #[test]
    fn ragged_and_empty_rows() {
        assert!(matches!(
            Grid::parse("5 K / 5 2 J").unwrap_err().kind,
            GridErrorKind::Ragged {
                row: 2,
                found: 3,
                expected: 2
            }
        ));
        assert!(matches!(
            Grid::parse("5 K // 5 2").unwrap_err().kind,
            GridErrorKind::EmptyRow { row: 2 }
        ));
        assert_eq!(Grid::parse(" / ").unwrap_err().kind, GridErrorKind::Empty);
    }

    #[test]
    fn shape_and_jokers_checked_against_rules() {
        let expected = Expected {
            rows: 2,
            columns: 3,
            jokers: false,
            rules: "classic",
            pack: &[],
            suited: &[],
        };
        assert!(matches!(
            Grid::parse_for("5 K / 5 2", expected).unwrap_err().kind,
            GridErrorKind::WrongColumns {
                found: 2,
                expected: 3,
                ..
            }
        ));
        assert!(matches!(
            Grid::parse_for("5 K Q", expected).unwrap_err().kind,
            GridErrorKind::WrongRows { found: 1, .. }
        ));
        assert!(matches!(
            Grid::parse_for("5 K Q / 5 JK J", expected)
                .unwrap_err()
                .kind,
            GridErrorKind::JokerNotInDeck {
                row: 2,
                position: 2,
                ..
            }
        ));
    }

    /// `?` notation (RULES.md §2, for advice): `?` face down, `?5` peeked, checked like
    /// any grid (a peeked joker where the deck has none is refused); a grid of a finished
    /// hole has no `?`.
    #[test]
    fn question_marks_are_face_down_cards_in_play() {
        let five = Card::new(Rank::Five);
        let seen = Grid::parse_seen("5 ? ?3 / K ?JK 2", classic()).unwrap();
        assert_eq!(
            seen,
            vec![
                Seen::Up(five),
                Seen::Down,
                Seen::Peeked(Card::new(Rank::Three)),
                Seen::Up(Card::new(Rank::King)),
                Seen::Peeked(Card::new(Rank::Joker)),
                Seen::Up(Card::new(Rank::Two)),
            ]
        );
        let no_jokers = Expected {
            jokers: false,
            ..classic()
        };
        assert!(matches!(
            Grid::parse_seen("5 ? ? / K ?JK 2", no_jokers)
                .unwrap_err()
                .kind,
            GridErrorKind::JokerNotInDeck {
                row: 2,
                position: 2,
                ..
            }
        ));
        assert!(matches!(
            Grid::parse_seen("5 ? ? / K ?Z 2", classic())
                .unwrap_err()
                .kind,
            GridErrorKind::BadToken {
                row: 2,
                position: 2,
                ..
            }
        ));
        assert!(matches!(
            Grid::parse_seen("5 ? / K 2 2", classic()).unwrap_err().kind,
            GridErrorKind::Ragged { row: 2, .. }
        ));
        assert!(matches!(
            Grid::parse_for("5 ? 3 / K 4 2", classic())
                .unwrap_err()
                .kind,
            GridErrorKind::BadToken {
                row: 1,
                position: 2,
                ..
            }
        ));
    }

    #[test]
    fn too_long_and_too_large() {
        let long = "5 ".repeat(300);
        assert!(matches!(
            Grid::parse(&long).unwrap_err().kind,
            GridErrorKind::TooLong { .. }
        ));
        assert!(matches!(
            Grid::parse("1 2 3 4 5 6 7").map_err(|e| e.kind),
            Err(GridErrorKind::BadToken { .. })
        ));
        assert!(matches!(
            Grid::parse("2 3 4 5 6 7 8").unwrap_err().kind,
            GridErrorKind::TooLarge {
                rows: 1,
                columns: 7
            }
        ));
    }
}
