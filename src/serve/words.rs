//! The table's words: what a refusal says on a phone. The match engine's messages end, at
//! the terminal, with the command that mends the matter (`golf finish`, `golf amend`,
//! `golf match edit --decks N`); on the page they say what to tap, or who can do it, and
//! never a terminal command (CLI.md "Errors … in the table's words").

use crate::deck::DeckError;
use crate::error::Error;
use crate::game::{GameError, HoleError};
use crate::table::{DraftProblem, Trouble};

/// `err` as said on a phone: the engine's refusals worded from their facts — a grid
/// refused (the card at fault, never a caret line), a deal the deck cannot hold (the
/// counts, and what the table can do) — or, where they name a command, in the table's
/// words; any other message as it is.
pub fn at_the_table(err: &Error) -> String {
    if let Some(said) = refused_hole(err).and_then(hole_words) {
        return said;
    }
    if let Error::Input(e) = err {
        if let Some(said) = e.downcast_ref::<GameError>().and_then(game) {
            return said;
        }
    }
    err.describe()
}

/// The referee's refusal of a hole or a grid in `err`, as facts: alone, or inside the
/// match engine's error.
pub fn refused_hole(err: &Error) -> Option<&HoleError> {
    let Error::Input(e) = err else {
        return None;
    };
    match e.downcast_ref::<GameError>() {
        Some(GameError::Hole(h)) => Some(h),
        _ => e.downcast_ref::<HoleError>(),
    }
}

/// A refusal of the referee in the table's words, from its facts: `None` where its own
/// message says it well (a bare score out of range).
fn hole_words(h: &HoleError) -> Option<String> {
    Some(match h {
        HoleError::Grid { player, error } => format!("{player}'s grid: {}", error.kind),
        HoleError::Deck(clash) => deck_words(clash),
        HoleError::NoKnocking { player, rules } => format!(
            "{player} cannot have knocked: {rules} has no knocking; choose {player} as going out if their cards were all face up"
        ),
        HoleError::Unchecked { .. } => return None,
    })
}

/// Cards the deck cannot hold, in the table's words: each count at fault with who holds
/// how many, and what to do — on one line.
pub fn deck_words(clash: &DeckError) -> String {
    let counts: Vec<String> = clash
        .overflows
        .iter()
        .map(|o| {
            let who: Vec<String> = o
                .per_player
                .iter()
                .map(|(name, n)| format!("{name} {n}"))
                .collect();
            format!(
                "{} {} but the deck holds {} ({})",
                o.found,
                o.what,
                o.allowed,
                who.join(", ")
            )
        })
        .collect();
    format!(
        "these cards cannot have been dealt from {}: {}. Check the grids for a typo; if the table plays with more decks, the match's decks are changed at the scorekeeper's computer first.",
        clash.pack,
        counts.join("; ")
    )
}

/// A problem of the shared draft as the phones say it, worded from its facts.
pub fn draft_problem(problem: &DraftProblem) -> String {
    match &problem.trouble {
        Trouble::NoLongerFits(h) => {
            let name = problem.player.as_deref().unwrap_or_default();
            let detail = match h {
                HoleError::Grid { error, .. } => error.kind.to_string(),
                other => hole_words(other).unwrap_or_else(|| other.to_string()),
            };
            format!("{name}'s grid no longer fits the match: {detail}")
        }
        Trouble::Clash(clash) => deck_words(clash),
        Trouble::Claims => problem.error.clone(),
    }
}

/// The engine's refusals that end with a command, in the table's words.
fn game(e: &GameError) -> Option<String> {
    Some(match e {
        GameError::TargetReached {
            label,
            player,
            total,
            target,
        } => format!(
            "{label} is over: {player} reached the target of {target} points with {total}; tap Finish match to record the result"
        ),
        GameError::Finished { label, .. } => format!(
            "{label} is finished and takes no more holes; a correction (mend a hole, undo, a penalty) reopens it"
        ),
        GameError::Deleted { label, .. } => {
            format!("{label} was deleted and cannot change")
        }
        GameError::NoSuchHole {
            label,
            hole,
            played,
            planned,
        } => format!(
            "{label} has no hole {hole} to mend; {played} of {planned} holes are recorded"
        ),
        GameError::NothingToAmend => {
            "nothing to mend: give a player's corrected grid, or who went out".to_string()
        }
        GameError::PenaltyPoints(points) => format!(
            "{points} penalty points is out of range; expected {} to {}, not 0",
            crate::bounds::PenaltyPoints::MIN,
            crate::bounds::PenaltyPoints::MAX
        ),
        GameError::NegativePoints(points) => format!(
            "{points} penalty points is negative, which these rules do not allow (a penalty adds points)"
        ),
        GameError::HolesToPlay {
            label,
            played,
            planned,
        } => format!(
            "{label} has {played} of {planned} holes; record the rest before finishing (a match the table stopped early is shortened at the scorekeeper's computer)"
        ),
        GameError::AllHolesPlayed {
            label,
            planned,
            playoff_needed: true,
        } => format!(
            "{label} has all {planned} of its holes and a sudden-death tie: the next hole recorded is a playoff hole (record it as the card shows it next)"
        ),
        GameError::AllHolesPlayed { label, planned, .. } => format!(
            "{label} has all {planned} of its holes; tap Finish match to record the result"
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_refusal_said_at_the_table_names_a_command() {
        let refusals = [
            GameError::TargetReached {
                label: "match 1".into(),
                player: "ann".into(),
                total: 101,
                target: 100,
            },
            GameError::Finished {
                label: "match 1".into(),
                at: "2026-11-27T07:00:00Z".into(),
            },
            GameError::NothingToAmend,
            GameError::HolesToPlay {
                label: "match 1".into(),
                played: 3,
                planned: 9,
            },
            GameError::AllHolesPlayed {
                label: "match 1".into(),
                planned: 9,
                playoff_needed: false,
            },
            GameError::AllHolesPlayed {
                label: "match 1".into(),
                planned: 9,
                playoff_needed: true,
            },
            GameError::Hole(HoleError::NoKnocking {
                player: "ann".into(),
                rules: "classic".into(),
            }),
            GameError::PenaltyPoints(0),
        ];
        for r in refusals {
            let cli = r.to_string();
            let said = at_the_table(&Error::from(r));
            assert!(
                !said.contains('`') && !said.contains("--"),
                "{said} (was {cli})"
            );
        }
    }
}
