//! Scoring one hole: every player's typed grid (or bare score) checked against the rules'
//! layout and the deck, scored, and the going-out adjustment applied (RULES.md §3, §5, §7).

use crate::deck::{self, DeckError};
use crate::grid::{Grid, GridError};
use crate::rules::Rules;
use crate::scoring;
use crate::standings::Entry;

/// The largest bare score accepted for an unchecked entry, either sign.
pub const MAX_UNCHECKED: i32 = 500;

/// Why a hole cannot be recorded. Every variant is bad input (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum HoleError {
    /// A player's grid does not parse or fit the rules.
    #[error("{player}'s grid: {error}")]
    Grid {
        /// The player.
        player: String,
        /// What is wrong.
        #[source]
        error: Box<GridError>,
    },
    /// A bare score out of range.
    #[error("{player}'s score {score} is out of range; a bare score is between -{MAX_UNCHECKED} and {MAX_UNCHECKED}")]
    Unchecked {
        /// The player.
        player: String,
        /// What was typed.
        score: i64,
    },
    /// The grids together cannot have been dealt.
    #[error(transparent)]
    Deck(#[from] DeckError),
}

/// What a player typed for a hole: a grid, or a bare integer recorded unchecked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// Grid notation.
    Grid(String),
    /// A bare score the referee cannot check.
    Score(i64),
}

impl Typed {
    /// A bare integer (`12`, `-3`) is a score; anything else is grid notation. A number
    /// too large for 64 bits saturates, so it is refused as out of range rather than read
    /// as a grid.
    pub fn from_text(text: &str) -> Typed {
        let t = text.trim();
        let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Typed::Grid(text.to_string());
        }
        match t.parse::<i64>() {
            Ok(n) => Typed::Score(n),
            Err(_) if t.starts_with('-') => Typed::Score(i64::MIN),
            Err(_) => Typed::Score(i64::MAX),
        }
    }
}

/// Scores one hole. `entries` are `(seat, typed text)`; `players` names the seats; `out` is
/// the seat that went out. Grids must fit the rules' layout; all checked grids together
/// must fit `decks` decks (RULES.md §7). Returns the entries in seat order with scores and
/// the going-out adjustment. Errors name the player and what is wrong.
pub fn score(
    rules: &Rules,
    decks: u32,
    players: &[String],
    entries: &[(usize, String)],
    out: Option<usize>,
) -> Result<Vec<Entry>, HoleError> {
    let mut sorted: Vec<&(usize, String)> = entries.iter().collect();
    sorted.sort_by_key(|(seat, _)| *seat);
    let name = |seat: usize| players.get(seat).cloned().unwrap_or_default();
    let mut grids: Vec<(usize, Grid)> = Vec::new();
    let mut result = Vec::new();
    for (seat, typed) in sorted {
        match Typed::from_text(typed) {
            Typed::Score(n) => {
                // compared, never negated: i64::MIN has no absolute value
                let bound = i64::from(MAX_UNCHECKED);
                let score = match i32::try_from(n) {
                    Ok(score) if (-bound..=bound).contains(&n) => score,
                    _ => {
                        return Err(HoleError::Unchecked {
                            player: name(*seat),
                            score: n,
                        })
                    }
                };
                result.push(Entry {
                    seat: *seat,
                    typed: typed.trim().to_string(),
                    grid: None,
                    score,
                    adjustment: 0,
                    explanation: String::new(),
                });
            }
            Typed::Grid(text) => {
                let grid =
                    Grid::parse_for(&text, rules.expected()).map_err(|error| HoleError::Grid {
                        player: name(*seat),
                        error: Box::new(error),
                    })?;
                let breakdown = scoring::score(&grid, rules);
                result.push(Entry {
                    seat: *seat,
                    typed: text.trim().to_string(),
                    grid: Some(grid.to_string()),
                    score: breakdown.total,
                    adjustment: 0,
                    explanation: String::new(),
                });
                grids.push((*seat, grid));
            }
        }
    }
    let named: Vec<(String, &Grid)> = grids.iter().map(|(s, g)| (name(*s), g)).collect();
    let refs: Vec<(&str, &Grid)> = named.iter().map(|(n, g)| (n.as_str(), *g)).collect();
    deck::check_hole(&refs, decks, rules.deck.jokers_per_deck)?;

    if let Some(out) = out {
        let scores: Vec<i32> = result.iter().map(|e| e.score).collect();
        let names: Vec<String> = result.iter().map(|e| name(e.seat)).collect();
        if let Some(i) = result.iter().position(|e| e.seat == out) {
            let adj = scoring::going_out(&scores, &names, i, rules);
            result[i].adjustment = adj.points;
            result[i].explanation = adj.explanation;
        }
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::resolve;

    fn players() -> Vec<String> {
        vec!["ann".into(), "bob".into(), "cat".into()]
    }

    #[test]
    fn scores_a_hole_with_a_going_out_penalty() {
        let rules = resolve("classic", &["out-penalty-10".into()]).unwrap();
        let entries = vec![
            (1, "2 7 Q / 2 7 Q".to_string()),
            (0, "5 K Q / 5 2 J".to_string()),
            (2, "12".to_string()),
        ];
        let hole = score(&rules, 1, &players(), &entries, Some(0)).unwrap();
        assert_eq!(
            hole.iter().map(|e| e.seat).collect::<Vec<_>>(),
            vec![0, 1, 2]
        );
        assert_eq!(hole[0].score, 18);
        assert_eq!(
            hole[0].adjustment, 10,
            "bob (-4) and cat (12) beat ann (18)"
        );
        assert!(
            hole[0].explanation.contains("bob, cat scored lower"),
            "{}",
            hole[0].explanation
        );
        assert_eq!(hole[2].grid, None, "a bare number is unchecked");
        assert_eq!(hole[2].total(), 12);
    }

    #[test]
    fn deck_is_checked_across_players_and_errors_name_them() {
        let rules = resolve("classic", &[]).unwrap();
        let entries = vec![
            (0, "7 7 3 / 4 5 6".to_string()),
            (1, "7 7 7 / 4 5 6".to_string()),
        ];
        let err = score(&rules, 1, &players(), &entries, None)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("5 sevens but the deck holds 4 (ann 2, bob 3)"),
            "{err}"
        );
        let entries = vec![
            (0, "7 7 3 / 4 5 6".to_string()),
            (1, "7 7 / 4 5".to_string()),
        ];
        let err = score(&rules, 1, &players(), &entries, None)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("bob's grid: row 1 has 2 cards"), "{err}");
        let entries = vec![(2, "9999".to_string())];
        let err = score(&rules, 1, &players(), &entries, None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("cat's score 9999 is out of range"), "{err}");
    }
}
