//! Why the match engine refuses a setup or a transition. Every variant is bad input.

use crate::rules::{RulesError, Tiebreak};

use super::hole::HoleError;

/// A setup or a move the match cannot take; each message names what is wrong and what
/// was expected.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The rules could not be resolved.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A name or text that cannot be stored.
    #[error(transparent)]
    Text(#[from] crate::text::TextError),
    /// A hole that cannot be scored.
    #[error(transparent)]
    Hole(#[from] HoleError),
    /// Fewer than two players.
    #[error("a match needs at least 2 players; got {count}. Name them in seating order: golf new --rules {rules} ann bob")]
    TooFewPlayers {
        /// Players named.
        count: usize,
        /// The rules' name.
        rules: String,
    },
    /// More than one table holds.
    #[error("{0} players is more than one table holds; at most {max}", max = super::setup::MAX_PLAYERS)]
    TooManyPlayers(usize),
    /// Holes out of range.
    #[error("--holes {0} is out of range; a match is {min} to {max} holes (usually 9 or 18)", min = crate::bounds::Holes::MIN, max = crate::bounds::Holes::MAX)]
    Holes(u32),
    /// A points target out of range.
    #[error("--target {0} is out of range; expected {min} to {max} points", min = crate::bounds::Target::MIN, max = crate::bounds::Target::MAX)]
    Target(u32),
    /// A regular hole after the target was reached.
    #[error("{label} is over: {player} reached the target of {target} points with {total}; finish it with `golf finish`")]
    TargetReached {
        /// `match N`.
        label: String,
        /// Who reached it first in seat order.
        player: String,
        /// Their total.
        total: i64,
        /// The target.
        target: u32,
    },
    /// Decks out of range.
    #[error("--decks {0} is out of range; expected {min} to {max}", min = crate::bounds::Decks::MIN, max = crate::bounds::Decks::MAX)]
    Decks(u32),
    /// An unknown player, or a name that cannot be a player's.
    #[error(transparent)]
    Name(#[from] crate::player::NameError),
    /// The cards dealt exceed the pack.
    #[error("{players} players × {per_grid} cards = {dealt} cards, but {decks} deck{s} hold{v} {cards}; add decks with --decks {more}", s = if *decks == 1 { "" } else { "s" }, v = if *decks == 1 { "s" } else { "" }, more = decks + 1)]
    DeckTooSmall {
        /// Players.
        players: usize,
        /// Cards in one grid.
        per_grid: usize,
        /// Cards dealt in all.
        dealt: u32,
        /// Decks.
        decks: u32,
        /// Cards in the pack.
        cards: u32,
    },
    /// Not a tiebreak method.
    #[error("{0}")]
    UnknownTiebreak(String),
    /// A method named twice in the chain.
    #[error("the tiebreak method {0} is named twice")]
    TiebreakTwice(Tiebreak),
    /// The match is finished.
    #[error(
        "{label} was finished on {}; it takes no more holes — correct it with `golf amend`, `golf undo` or `golf penalty` (they reopen it)",
        crate::text::local_time(at)
    )]
    Finished {
        /// `match N`.
        label: String,
        /// When (RFC 3339).
        at: String,
    },
    /// The match was abandoned.
    #[error(
        "{label} was abandoned on {}; an abandoned match cannot change",
        crate::text::local_time(at)
    )]
    Abandoned {
        /// `match N`.
        label: String,
        /// When (RFC 3339).
        at: String,
    },
    /// The match was deleted (RULES.md §17).
    #[error(
        "{label} was deleted on {}; a deleted match cannot change — `golf restore {id}` brings it back",
        crate::text::local_time(at)
    )]
    Deleted {
        /// `match N`.
        label: String,
        /// When (RFC 3339).
        at: String,
        /// The match id.
        id: i64,
    },
    /// A recorded hole that cannot be scored under other rules.
    #[error("hole {hole} cannot be rescored under {rules}: {error}")]
    Rescore {
        /// The hole (`3`, `playoff 1`).
        hole: String,
        /// The other rules.
        rules: String,
        /// Why.
        error: Box<GameError>,
    },
    /// An edit the match cannot take; the message says why.
    #[error("{0}")]
    Edit(String),
    /// Every planned hole is recorded.
    #[error("{label} has all {planned} of its holes; {}", if *playoff_needed { "the sudden-death tie needs a playoff hole: add --playoff" } else { "finish it with `golf finish`" })]
    AllHolesPlayed {
        /// `match N`.
        label: String,
        /// Holes planned.
        planned: u32,
        /// A sudden-death tie waits for its playoff holes (else the match is to be
        /// finished).
        playoff_needed: bool,
    },
    /// A playoff hole before the last regular hole.
    #[error(
        "a playoff hole comes after the last hole, and {label} has {played} of {planned} holes"
    )]
    PlayoffTooEarly {
        /// `match N`.
        label: String,
        /// Holes recorded.
        played: u32,
        /// Holes planned.
        planned: u32,
    },
    /// No sudden-death tie to play off.
    #[error("{label} needs no playoff hole: {summary}")]
    NoPlayoffNeeded {
        /// `match N`.
        label: String,
        /// The result as it stands.
        summary: String,
    },
    /// A `PLAYER=GRID` argument that is not of that form.
    #[error(
        "`{arg}` is not PLAYER=GRID; expected each player's grid, e.g. {example}=\"5 K Q / 5 2 J\""
    )]
    NotPlayerGrid {
        /// What was given.
        arg: String,
        /// A player of the match.
        example: String,
    },
    /// A player given twice.
    #[error("{0} is given twice; expected one grid per player")]
    GivenTwice(String),
    /// Grids for players not in the hole.
    #[error("{names} {verb} not in {what}; expected grids for {expected} only", verb = if *several { "are" } else { "is" })]
    NotInHole {
        /// Who.
        names: String,
        /// More than one.
        several: bool,
        /// `a hole` or `a playoff hole`.
        what: &'static str,
        /// Who plays it.
        expected: String,
    },
    /// Grids missing.
    #[error("no grid for {names}; {what} needs one for each of {expected}")]
    MissingGrids {
        /// Who.
        names: String,
        /// `a hole` or `a playoff hole`.
        what: &'static str,
        /// Who plays it.
        expected: String,
    },
    /// Going out of a hole one does not play.
    #[error("{0} cannot have gone out: not in this playoff hole")]
    OutNotPlaying(String),
    /// No such recorded hole.
    #[error("{label} has no hole {hole} to amend; {played} of {planned} holes are recorded (record the next with `golf hole`)")]
    NoSuchHole {
        /// `match N`.
        label: String,
        /// The hole asked for.
        hole: u32,
        /// Holes recorded.
        played: u32,
        /// Holes planned.
        planned: u32,
    },
    /// An amendment that changes nothing.
    #[error("nothing to amend; give corrected PLAYER=GRID entries and/or --out PLAYER (--out \"\" for nobody)")]
    NothingToAmend,
    /// Nothing recorded to undo.
    #[error("{0} has no recorded hole or penalty to undo")]
    NothingToUndo(String),
    /// A penalty on a hole outside the match.
    #[error("hole {hole} is not in {label}; expected 1 to {planned}")]
    PenaltyHole {
        /// The hole.
        hole: u32,
        /// `match N`.
        label: String,
        /// Holes planned.
        planned: u32,
    },
    /// A penalty for a player already out.
    #[error("{name} is already disqualified from {label}")]
    AlreadyDisqualified {
        /// The player.
        name: String,
        /// `match N`.
        label: String,
    },
    /// Penalty points out of bounds.
    #[error("--points {0} is out of range; expected {min} to {max}, not 0", min = crate::bounds::PenaltyPoints::MIN, max = crate::bounds::PenaltyPoints::MAX)]
    PenaltyPoints(i64),
    /// Negative penalty points where the rules allow none.
    #[error("--points {0} is negative, which these rules do not allow (a penalty adds points); give a positive number, or set tournament.negative_points = true in a rules file")]
    NegativePoints(i64),
    /// Minutes late out of bounds.
    #[error("--late {0} is out of range; expected {min} to {max} minutes", min = crate::bounds::LateMinutes::MIN, max = crate::bounds::LateMinutes::MAX)]
    Late(u32),
    /// Finishing with holes to play.
    #[error("{label} has {played} of {planned} holes; record the rest with `golf hole` before finishing, or, if the table stopped early, make it a {played}-hole match with `golf match edit --holes {played}` and finish it (`golf abandon` keeps it without a result)")]
    HolesToPlay {
        /// `match N`.
        label: String,
        /// Holes recorded.
        played: u32,
        /// Holes planned.
        planned: u32,
    },
    /// Finishing a sudden-death tie that no playoff hole has decided.
    #[error("{0}")]
    SuddenDeathPending(String),
}

impl crate::error::BadInput for GameError {}
