//! Cards, ranks and grids in words as the rules name them (RULES.md §2, §4.1): a face of
//! the rules' own pack by its token, a rank as a rules file or an explanation says it.

use super::Rules;
use crate::card::{Card, Rank};

impl Rules {
    /// A card as players type it: a face of the rules' own pack by its first token.
    pub fn card_text(&self, card: Card) -> String {
        let rank = match card.rank {
            Rank::Face(i) => {
                return self
                    .pack
                    .get(usize::from(i))
                    .and_then(|f| f.tokens.first().cloned())
                    .unwrap_or_else(|| card.to_string())
            }
            Rank::Joker => "JK",
            other => other.key(),
        };
        // built by hand rather than through `Display`: an explained score writes one per card
        let mut text = String::with_capacity(rank.len() + 1);
        text.push_str(rank);
        if let Some(suit) = card.suit {
            text.push(suit.letter());
        }
        text
    }

    /// A rank as a rules file names it: `J`, `joker`, or a face's name.
    pub fn rank_key(&self, rank: Rank) -> String {
        match rank {
            Rank::Face(i) => self
                .pack
                .get(usize::from(i))
                .map_or_else(|| rank.key().to_string(), |f| f.name.clone()),
            _ => rank.key().to_string(),
        }
    }

    /// A rank in the plural for explanations: `kings`, or a face's name (`8s`).
    pub fn plural(&self, rank: Rank) -> String {
        match rank {
            Rank::Face(i) => self
                .pack
                .get(usize::from(i))
                .map_or_else(|| rank.plural().to_string(), |f| format!("{}s", f.name)),
            _ => rank.plural().to_string(),
        }
    }

    /// A grid in notation, faces of the rules' own pack by their tokens.
    pub fn grid_text(&self, grid: &crate::grid::Grid) -> String {
        if self.pack.is_empty() {
            return grid.to_string();
        }
        grid.cards()
            .chunks(grid.columns())
            .map(|row| {
                row.iter()
                    .map(|c| self.card_text(*c))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(" / ")
    }
}
