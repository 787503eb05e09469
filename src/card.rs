//! Cards: ranks, suits and the notation players type for one card (RULES.md §2).
//!
//! A card is a rank with an optional suit. Jokers are a rank of their own and never carry a suit.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A card's rank. `Joker` is a rank of its own (RULES.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rank {
    /// Ace (`A`).
    Ace,
    /// Two (`2`).
    Two,
    /// Three (`3`).
    Three,
    /// Four (`4`).
    Four,
    /// Five (`5`).
    Five,
    /// Six (`6`).
    Six,
    /// Seven (`7`).
    Seven,
    /// Eight (`8`).
    Eight,
    /// Nine (`9`).
    Nine,
    /// Ten (`10`, also `T`).
    Ten,
    /// Jack (`J`).
    Jack,
    /// Queen (`Q`).
    Queen,
    /// King (`K`).
    King,
    /// Joker (`JK`, also `JOKER` or `*`).
    Joker,
    /// A face of a pack of the rules' own (RULES.md §4.1), by its place in the pack's list;
    /// its name, tokens and value come from the rules.
    Face(u8),
}

impl Rank {
    /// The thirteen ranks of a standard deck, ace first; jokers are not among them.
    pub const STANDARD: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The rank as typed in grid notation and as keyed in a rules file's `[values]`
    /// table: `A`, `2`–`10`, `J`, `Q`, `K`, and `joker` for jokers.
    pub fn key(self) -> &'static str {
        match self {
            Rank::Ace => "A",
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
            Rank::Joker => "joker",
            Rank::Face(_) => "face",
        }
    }

    /// The rules-file key of the rank's value (`values.A`, `values.joker`), whose source
    /// explains an unmatched card's points (RULES.md §3 step 1).
    pub fn value_key(self) -> &'static str {
        match self {
            Rank::Ace => "values.A",
            Rank::Two => "values.2",
            Rank::Three => "values.3",
            Rank::Four => "values.4",
            Rank::Five => "values.5",
            Rank::Six => "values.6",
            Rank::Seven => "values.7",
            Rank::Eight => "values.8",
            Rank::Nine => "values.9",
            Rank::Ten => "values.10",
            Rank::Jack => "values.J",
            Rank::Queen => "values.Q",
            Rank::King => "values.K",
            Rank::Joker => "values.joker",
            Rank::Face(_) => "pack",
        }
    }

    /// A number for the rank that sorts as ranks do: ace 0 … king 12, joker 13, then a
    /// pack's faces in order from 14. Comparing codes is comparing ranks.
    #[inline]
    pub fn code(self) -> u16 {
        // every arm a constant, so the match compiles to a table lookup rather than a jump
        // per card, whose target a processor cannot guess (scoring reads every card's code)
        let code = match self {
            Rank::Ace => 0,
            Rank::Two => 1,
            Rank::Three => 2,
            Rank::Four => 3,
            Rank::Five => 4,
            Rank::Six => 5,
            Rank::Seven => 6,
            Rank::Eight => 7,
            Rank::Nine => 8,
            Rank::Ten => 9,
            Rank::Jack => 10,
            Rank::Queen => 11,
            Rank::King => 12,
            Rank::Joker => 13,
            Rank::Face(_) => 14,
        };
        match self {
            Rank::Face(i) => code + u16::from(i),
            _ => code,
        }
    }

    /// The rank's place in [`Rank::STANDARD`] (ace 0 … king 12); `None` for jokers and faces.
    pub fn standard_index(self) -> Option<usize> {
        match self {
            Rank::Ace => Some(0),
            Rank::Two => Some(1),
            Rank::Three => Some(2),
            Rank::Four => Some(3),
            Rank::Five => Some(4),
            Rank::Six => Some(5),
            Rank::Seven => Some(6),
            Rank::Eight => Some(7),
            Rank::Nine => Some(8),
            Rank::Ten => Some(9),
            Rank::Jack => Some(10),
            Rank::Queen => Some(11),
            Rank::King => Some(12),
            Rank::Joker | Rank::Face(_) => None,
        }
    }

    /// The plural noun for messages: "aces", "sevens", "jokers".
    pub fn plural(self) -> &'static str {
        match self {
            Rank::Ace => "aces",
            Rank::Two => "twos",
            Rank::Three => "threes",
            Rank::Four => "fours",
            Rank::Five => "fives",
            Rank::Six => "sixes",
            Rank::Seven => "sevens",
            Rank::Eight => "eights",
            Rank::Nine => "nines",
            Rank::Ten => "tens",
            Rank::Jack => "jacks",
            Rank::Queen => "queens",
            Rank::King => "kings",
            Rank::Joker => "jokers",
            Rank::Face(_) => "faces",
        }
    }

    /// Parses a rank as typed (case-insensitive): `A`, `2`–`10`, `T`, `J`, `Q`, `K`, `JK`,
    /// `JOKER` or `*`. Returns `None` for anything else.
    pub fn parse(text: &str) -> Option<Rank> {
        let upper = text.to_ascii_uppercase();
        Some(match upper.as_str() {
            "A" => Rank::Ace,
            "2" => Rank::Two,
            "3" => Rank::Three,
            "4" => Rank::Four,
            "5" => Rank::Five,
            "6" => Rank::Six,
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "10" | "T" => Rank::Ten,
            "J" => Rank::Jack,
            "Q" => Rank::Queen,
            "K" => Rank::King,
            "JK" | "JOKER" | "*" => Rank::Joker,
            _ => return None,
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::Joker => f.write_str("JK"),
            Rank::Face(i) => write!(f, "#{i}"),
            other => f.write_str(other.key()),
        }
    }
}

/// A suit. Suits never change a score unless the rules value suited cards; they let the
/// referee catch a card typed twice (RULES.md §2, §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// Spades (`s` or `♠`).
    Spades,
    /// Hearts (`h` or `♥`).
    Hearts,
    /// Diamonds (`d` or `♦`).
    Diamonds,
    /// Clubs (`c` or `♣`).
    Clubs,
}

impl Suit {
    /// The four suits.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Parses one suit character, case-insensitive: `s h d c` or `♠ ♥ ♦ ♣` (also the hollow
    /// `♤ ♡ ♢ ♧`).
    pub fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            's' | 'S' | '♠' | '♤' => Suit::Spades,
            'h' | 'H' | '♥' | '♡' => Suit::Hearts,
            'd' | 'D' | '♦' | '♢' => Suit::Diamonds,
            'c' | 'C' | '♣' | '♧' => Suit::Clubs,
            _ => return None,
        })
    }

    /// The suit's symbol, as the rules sheet and the scorekeeper's page show it: `♠ ♥ ♦ ♣`.
    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// The suit's name in the plural: `spades`, `hearts`, `diamonds`, `clubs`.
    pub fn plural(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    /// The suit's letter as printed: `s`, `h`, `d` or `c`.
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 's',
            Suit::Hearts => 'h',
            Suit::Diamonds => 'd',
            Suit::Clubs => 'c',
        }
    }
}

/// One card as typed: a rank and, optionally, a suit (jokers never have one).
/// Serialized as its notation (`"10h"`, `"JK"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Card {
    /// The card's rank.
    pub rank: Rank,
    /// The card's suit, when the player typed one.
    pub suit: Option<Suit>,
}

impl Card {
    /// Slots per rank code in a table by [`Card::slot`]: one without a suit, one per suit.
    pub const SLOTS_PER_RANK: usize = 5;

    /// A card without a suit.
    pub fn new(rank: Rank) -> Card {
        Card { rank, suit: None }
    }

    /// The card's place in a table with one entry per card of every rank code: its rank's
    /// [`Rank::code`] × [`Card::SLOTS_PER_RANK`], plus 0 without a suit or 1 to 4 for spades,
    /// hearts, diamonds, clubs. A table of [`crate::rules::Rules::rank_codes`] ×
    /// `SLOTS_PER_RANK` entries has a slot for every card of the rules' pack, suited or not.
    #[inline]
    pub fn slot(self) -> usize {
        let suit = match self.suit {
            None => 0,
            Some(Suit::Spades) => 1,
            Some(Suit::Hearts) => 2,
            Some(Suit::Diamonds) => 3,
            Some(Suit::Clubs) => 4,
        };
        usize::from(self.rank.code()) * Card::SLOTS_PER_RANK + suit
    }

    /// Parses one token of grid notation (RULES.md §2): a rank, optionally followed by a
    /// suit (`10h`, `Q♠`, `ts`), or a joker (`JK`, `JOKER`, `*`). Case-insensitive.
    /// Returns `None` when the token is not a card.
    ///
    /// ```
    /// use golf::card::{Card, Rank, Suit};
    /// assert_eq!(Card::parse("th"), Some(Card { rank: Rank::Ten, suit: Some(Suit::Hearts) }));
    /// assert_eq!(Card::parse("joker"), Some(Card::new(Rank::Joker)));
    /// assert_eq!(Card::parse("11"), None);
    /// ```
    pub fn parse(token: &str) -> Option<Card> {
        if let Some(rank) = Rank::parse(token) {
            return Some(Card::new(rank));
        }
        let last = token.chars().last()?;
        let suit = Suit::from_char(last)?;
        let rank_text = &token[..token.len() - last.len_utf8()];
        match Rank::parse(rank_text)? {
            Rank::Joker | Rank::Face(_) => None,
            rank => Some(Card {
                rank,
                suit: Some(suit),
            }),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rank)?;
        if let Some(suit) = self.suit {
            write!(f, "{}", suit.letter())?;
        }
        Ok(())
    }
}

impl From<Card> for String {
    fn from(card: Card) -> String {
        card.to_string()
    }
}

impl TryFrom<String> for Card {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl FromStr for Card {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Card::parse(s).ok_or_else(|| format!("`{s}` is not a card"))
    }
}

/// A face of a pack of the rules' own (RULES.md §4.1): what players type for it, how many
/// copies one pack holds, and what it scores.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Face {
    /// Its name (`hole-in-one`, `8`).
    pub name: String,
    /// The tokens players type, the first the one golf prints (`-5`, `HIO`).
    pub tokens: Vec<String>,
    /// Copies in one pack (1 to 64).
    pub copies: u32,
    /// Its value (−100 to 100).
    pub value: i32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_spelling() {
        assert_eq!(Card::parse("t"), Some(Card::new(Rank::Ten)));
        assert_eq!(Card::parse("10"), Some(Card::new(Rank::Ten)));
        assert_eq!(Card::parse("Joker"), Some(Card::new(Rank::Joker)));
        assert_eq!(Card::parse("*"), Some(Card::new(Rank::Joker)));
        assert_eq!(
            Card::parse("10h"),
            Some(Card {
                rank: Rank::Ten,
                suit: Some(Suit::Hearts)
            })
        );
        assert_eq!(
            Card::parse("q♠"),
            Some(Card {
                rank: Rank::Queen,
                suit: Some(Suit::Spades)
            })
        );
        assert_eq!(
            Card::parse("JS"),
            Some(Card {
                rank: Rank::Jack,
                suit: Some(Suit::Spades)
            })
        );
    }

    #[test]
    fn refuses_non_cards() {
        for bad in ["", "1", "11", "B", "s", "JKs", "10x", "QQ", "♠"] {
            assert_eq!(Card::parse(bad), None, "{bad:?} parsed");
        }
    }

    #[test]
    fn displays_in_notation() {
        assert_eq!(Card::parse("th").map(|c| c.to_string()), Some("10h".into()));
        assert_eq!(
            Card::parse("joker").map(|c| c.to_string()),
            Some("JK".into())
        );
    }
}
