//! Setting up a match (CLI.md `golf new`): the rules resolved, players named in seating
//! order, holes, decks and the tiebreak chain checked — before anything is recorded.

use super::{GameError, Match};
use crate::bounds::{Decks, Holes, Target};
use crate::player;
use crate::rules::{self, Tiebreak};

/// The most players at one table.
pub const MAX_PLAYERS: usize = 16;
/// The longest match name, in characters.
pub const MAX_MATCH_NAME: usize = 80;

/// What a new match is made of, before it is checked.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    /// Variant name or rules file.
    pub rules: String,
    /// House rules, in order.
    pub house: Vec<String>,
    /// Holes, if not the variant's (with a target, the most that may be played).
    pub holes: Option<u32>,
    /// Play to this many points, if not the rules' (RULES.md §8).
    pub target: Option<u32>,
    /// Decks, if not the rules' for this many players.
    pub decks: Option<u32>,
    /// Tiebreak methods, if not the variant's chain.
    pub tiebreak: Vec<String>,
    /// Match name.
    pub name: Option<String>,
    /// Players in seating order.
    pub players: Vec<String>,
}

impl Match {
    /// A new match (id 0, nothing recorded) from a checked `setup`, started at `at`
    /// (RFC 3339). Errors: unknown rules, bad or duplicate players, holes (1–36) or decks
    /// (1–8) out of range, a pack too small to deal everyone a grid, unknown or repeated
    /// tiebreak methods, a bad match name.
    pub fn new(setup: &Setup, at: &str) -> Result<Match, GameError> {
        let rules = rules::resolve(&setup.rules, &setup.house)?;
        Match::with_rules(setup, rules, at)
    }

    /// [`Match::new`] with rules already resolved (a tournament's table); `setup.rules`
    /// and `setup.house` are not read.
    pub fn with_rules(
        setup: &Setup,
        rules: crate::rules::Rules,
        at: &str,
    ) -> Result<Match, GameError> {
        let players = players(&setup.players, &rules.name)?;
        let target = setup.target.or(rules.target);
        if let Some(t) = target {
            Target::try_from(i64::from(t)).map_err(|_| GameError::Target(t))?;
        }
        // played to a target, the hole count is a limit that may be left open
        let open = u32::try_from(Holes::MAX).unwrap_or(36);
        let holes = match (setup.holes, target) {
            (Some(h), _) => h,
            (None, Some(_)) => open,
            (None, None) => rules.holes,
        };
        Holes::try_from(i64::from(holes)).map_err(|_| GameError::Holes(holes))?;
        let decks = setup
            .decks
            .unwrap_or_else(|| rules.deck.decks_for(players.len()));
        Decks::try_from(i64::from(decks)).map_err(|_| GameError::Decks(decks))?;
        let cards = rules.cards_in(decks);
        let per_grid = rules.layout.rows * rules.layout.columns;
        let dealt = (players.len() * per_grid) as u32;
        if dealt > cards {
            return Err(GameError::DeckTooSmall {
                players: players.len(),
                per_grid,
                dealt,
                decks,
                cards,
            });
        }
        let tiebreak = if setup.tiebreak.is_empty() {
            rules.tiebreak.clone()
        } else {
            chain(&setup.tiebreak)?
        };
        let name = match setup.name.as_deref().map(str::trim) {
            Some(n) if !n.is_empty() => {
                Some(crate::text::name("the match name", n, MAX_MATCH_NAME)?)
            }
            _ => None,
        };
        Ok(Match {
            id: 0,
            uuid: uuid::Uuid::new_v4().to_string(),
            name,
            rules: rules.into(),
            holes_planned: holes,
            target,
            decks,
            tiebreak,
            players,
            started_at: at.to_string(),
            finished_at: None,
            abandoned_at: None,
            deleted_at: None,
            holes: vec![],
            penalties: vec![],
            audit: vec![],
            accepts: vec![],
        })
    }
}

/// Normalised player names, no two alike ignoring case (a match's seats, a tournament's
/// entrants). Errors: a bad name, a name given twice.
pub(super) fn distinct_names(names: &[String]) -> Result<Vec<String>, GameError> {
    let players = names
        .iter()
        .map(|p| player::normalise(p))
        .collect::<Result<Vec<_>, _>>()?;
    player::distinct(&players)?;
    Ok(players)
}

/// Checks and normalises player names: 2 to [`MAX_PLAYERS`] (counted before anything
/// else), no two alike ([`player::distinct`]).
fn players(names: &[String], rules: &str) -> Result<Vec<String>, GameError> {
    if names.len() > MAX_PLAYERS {
        return Err(GameError::TooManyPlayers(names.len()));
    }
    let players = distinct_names(names)?;
    if players.len() < 2 {
        return Err(GameError::TooFewPlayers {
            count: players.len(),
            rules: rules.to_string(),
        });
    }
    if players.len() > MAX_PLAYERS {
        return Err(GameError::TooManyPlayers(players.len()));
    }
    Ok(players)
}

/// A tiebreak chain from method names, each at most once.
fn chain(names: &[String]) -> Result<Vec<Tiebreak>, GameError> {
    let mut chain: Vec<Tiebreak> = Vec::new();
    for t in names {
        let t: Tiebreak = t.parse().map_err(GameError::UnknownTiebreak)?;
        if chain.contains(&t) {
            return Err(GameError::TiebreakTwice(t));
        }
        chain.push(t);
    }
    Ok(chain)
}
