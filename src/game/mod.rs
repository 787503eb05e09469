//! The match engine: a match as data — seats, holes, penalties, the audit trail — and its
//! legal transitions: setup ([`setup`]), scoring and recording a hole from typed entries,
//! amending and undoing ([`hole`]), penalties ([`penalty`]), standings, tiebreaks and the
//! result ([`standings`]). Pure: no I/O, no clock (times are passed in); the store loads
//! and saves a [`Match`], the views show it. Errors are [`GameError`], all bad input.

pub mod draft;
pub mod edit;
pub mod entry;
mod error;
pub mod hole;
mod intake;
pub mod penalty;
mod rescore;
pub mod setup;
pub mod standings;
pub mod tournament;

pub use draft::Draft;
pub use edit::Edit;
pub use entry::{EntryKind, LastEntry};
pub use error::GameError;
pub use hole::{Ending, HoleError, Slot, Typed, Withdrawn};
pub use intake::{MAX_AUDIT, MAX_HOLES_RECORDED, MAX_PENALTIES};
pub use penalty::Kind as PenaltyRequest;
pub use setup::Setup;
pub use standings::{ranking, Outcome, Standing, TiebreakStep};

use serde::{Deserialize, Serialize};

use crate::bounds::{BareScore, Decks, Holes};
use crate::rules::{Rules, Tiebreak};

/// One player's entry on one hole. Serialized (export) with `typed` always written out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "EntryJson", into = "EntryJson")]
pub struct Entry {
    /// Seat (0-based, seating order).
    pub seat: usize,
    /// What was typed, when it differs from the normalised grid (`5 k q / 5 2 j`, a bare
    /// score `12`); `None` when it was the grid as shown. [`Entry::typed`] gives it either way.
    pub typed_as: Option<String>,
    /// The grid, normalised; `None` when a bare score was recorded unchecked.
    pub grid: Option<String>,
    /// The grid score (or the unchecked score).
    pub score: i32,
    /// The going-out adjustment (RULES.md §5).
    pub adjustment: i32,
    /// Why the adjustment, with its source; empty when none.
    pub explanation: String,
}

/// An entry as exported: what was typed always written out.
#[derive(Serialize, Deserialize)]
struct EntryJson {
    seat: usize,
    typed: String,
    grid: Option<String>,
    score: i32,
    adjustment: i32,
    explanation: String,
}

impl From<EntryJson> for Entry {
    fn from(e: EntryJson) -> Entry {
        Entry::new(
            e.seat,
            e.typed,
            e.grid,
            e.score,
            e.adjustment,
            e.explanation,
        )
    }
}

impl From<Entry> for EntryJson {
    fn from(e: Entry) -> EntryJson {
        EntryJson {
            seat: e.seat,
            typed: e.typed().to_string(),
            grid: e.grid,
            score: e.score,
            adjustment: e.adjustment,
            explanation: e.explanation,
        }
    }
}

impl Entry {
    /// An entry; `typed` is kept only where it differs from `grid`.
    pub fn new(
        seat: usize,
        typed: String,
        grid: Option<String>,
        score: i32,
        adjustment: i32,
        explanation: String,
    ) -> Entry {
        Entry {
            seat,
            typed_as: (grid.as_ref() != Some(&typed)).then_some(typed),
            grid,
            score,
            adjustment,
            explanation,
        }
    }

    /// What was typed: the grid as shown, unless it was typed otherwise.
    pub fn typed(&self) -> &str {
        self.typed_as
            .as_deref()
            .or(self.grid.as_deref())
            .unwrap_or_default()
    }

    /// The hole score: grid score plus adjustment, in 64 bits (RULES.md §12).
    pub fn total(&self) -> i64 {
        i64::from(self.score) + i64::from(self.adjustment)
    }
}

/// The longest note kept with a hole, in characters.
pub const MAX_NOTE: usize = 200;

/// One recorded hole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hole {
    /// 1-based; playoff holes are numbered on their own from 1.
    pub number: u32,
    /// A sudden-death playoff hole (does not count towards totals).
    pub playoff: bool,
    /// The seat of the player who ended the hole (went out or knocked).
    pub out: Option<usize>,
    /// Whether that player knocked rather than went out.
    #[serde(default)]
    pub knocked: bool,
    /// A note for the hole ("misdeal, redealt").
    #[serde(default)]
    pub note: Option<String>,
    /// One entry per player (per tied player on a playoff hole), in seat order.
    pub entries: Vec<Entry>,
    /// When it was recorded (RFC 3339, UTC).
    pub recorded_at: String,
}

impl Hole {
    /// Who ended the hole, if recorded.
    pub fn ending(&self) -> Option<hole::Ending> {
        self.out.map(|seat| hole::Ending {
            seat,
            knocked: self.knocked,
        })
    }

    /// The entry of a seat on this hole.
    pub fn entry(&self, seat: usize) -> Option<&Entry> {
        self.entries.iter().find(|e| e.seat == seat)
    }
}

/// What kind of tournament penalty (Official §6.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PenaltyKind {
    /// Points with a reason.
    Points,
    /// An illegal move: warning, +5, disqualification.
    IllegalMove,
    /// A time violation: +2 a minute.
    Late,
    /// Disqualification at once (Official §6.3: cheating).
    Disqualify,
}

impl PenaltyKind {
    /// The kind as stored: `points`, `illegal-move`, `late` (serde's name).
    pub fn name(self) -> String {
        crate::rules::name_of(&self)
    }

    /// The kind from its stored name.
    pub fn from_name(name: &str) -> Option<PenaltyKind> {
        crate::rules::from_name(name)
    }
}

/// One recorded tournament penalty (RULES.md §9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenaltyRecord {
    /// The penalised seat.
    pub seat: usize,
    /// The hole it belongs to.
    pub hole: u32,
    /// Its kind.
    pub kind: PenaltyKind,
    /// Points added to the total (0 for a warning).
    pub points: i32,
    /// Whether it disqualifies the player from the round.
    pub disqualifies: bool,
    /// Why, in words.
    pub reason: String,
    /// When (RFC 3339, UTC).
    pub recorded_at: String,
}

/// One amendment or undo, kept for good (the old entry as JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditEntry {
    /// When (RFC 3339, UTC).
    pub at: String,
    /// `amend` or `undo`.
    pub action: String,
    /// The hole concerned.
    pub hole: Option<u32>,
    /// Whether that hole was a playoff hole.
    pub playoff: bool,
    /// What was replaced or withdrawn, as JSON.
    pub detail: String,
}

/// A match as recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Match {
    /// The match id in this database (not exported: another database gives its own).
    #[serde(default, skip_serializing)]
    pub id: i64,
    /// The stable id, the same in every database the match is exported to (a UUID).
    #[serde(default)]
    pub uuid: String,
    /// Its name, if given.
    pub name: Option<String>,
    /// The fully resolved rules, as stored when the match began. Read from an export,
    /// matches under the same rules share one copy ([`shared_rules`]).
    #[serde(deserialize_with = "shared_rules")]
    pub rules: std::sync::Arc<Rules>,
    /// Holes to play (with a target, the most that may be played).
    pub holes_planned: u32,
    /// Play until a total reaches this many points (RULES.md §8).
    #[serde(default)]
    pub target: Option<u32>,
    /// Decks in play.
    pub decks: u32,
    /// The tiebreak chain agreed at `new`.
    pub tiebreak: Vec<Tiebreak>,
    /// Players in seating order.
    pub players: Vec<String>,
    /// When it began (RFC 3339, UTC).
    pub started_at: String,
    /// When it was finished, if it was.
    pub finished_at: Option<String>,
    /// When it was abandoned, if it was: kept, but left out of results.
    #[serde(default)]
    pub abandoned_at: Option<String>,
    /// When it was deleted, if it was (RULES.md §17): kept in the file, left out of
    /// history, stats and ratings, and can be restored. Not exported.
    #[serde(default, skip_serializing)]
    pub deleted_at: Option<String>,
    /// Holes in the order recorded.
    pub holes: Vec<Hole>,
    /// Tournament penalties in the order recorded.
    pub penalties: Vec<PenaltyRecord>,
    /// Amendments and undos.
    pub audit: Vec<AuditEntry>,
    /// Each player's accept of the card at a tournament table (RULES.md §13, "Accepting
    /// the card"), by seat: the latest hole each accepted. Kept in this database only (not
    /// exported).
    #[serde(default, skip)]
    pub accepts: Vec<Accept>,
}

/// One player's accept of their table's card (RULES.md §13): "my scores are right, up to
/// hole `hole`".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accept {
    /// The seat that accepted.
    pub seat: usize,
    /// The last regular hole the card showed.
    pub hole: u32,
    /// When (RFC 3339, UTC).
    pub at: String,
    /// Who pressed it: `player` (their own phone), `table` (the table's key), `director`
    /// or `terminal`.
    pub by: String,
}

impl Match {
    /// The last regular hole recorded (0 before the first).
    pub fn last_regular_hole(&self) -> u32 {
        self.regular_holes().map(|h| h.number).max().unwrap_or(0)
    }

    /// Whether every planned hole is in (the card can be accepted as a whole).
    pub fn card_complete(&self) -> bool {
        self.last_regular_hole() >= self.holes_planned
    }

    /// Whether seat `seat` has accepted the card as it stands (its last regular hole).
    pub fn accepted(&self, seat: usize) -> bool {
        let last = self.last_regular_hole();
        last > 0
            && self
                .accepts
                .iter()
                .any(|a| a.seat == seat && a.hole == last)
    }

    /// The players who have not accepted the card as it stands, in seating order.
    pub fn not_accepted(&self) -> Vec<String> {
        (0..self.players.len())
            .filter(|&s| !self.accepted(s))
            .map(|s| self.players[s].clone())
            .collect()
    }
}

/// Reads a match's rules from JSON, decoding each distinct text once: an export of 10,000
/// matches under the same rules holds that text 10,000 times, and each match gets the one
/// copy decoded from the first (a few dozen distinct texts are remembered, per thread).
fn shared_rules<'de, D: serde::Deserializer<'de>>(d: D) -> Result<std::sync::Arc<Rules>, D::Error> {
    type Seen = Vec<(Box<str>, std::sync::Arc<Rules>)>;
    thread_local! {
        static SEEN: std::cell::RefCell<Seen> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let raw = <Box<serde_json::value::RawValue>>::deserialize(d)?;
    let text = raw.get();
    if let Some(rules) = SEEN.with_borrow(|seen| {
        seen.iter()
            .find(|(t, _)| &**t == text)
            .map(|(_, r)| r.clone())
    }) {
        return Ok(rules);
    }
    let rules: std::sync::Arc<Rules> =
        std::sync::Arc::new(serde_json::from_str(text).map_err(serde::de::Error::custom)?);
    SEEN.with_borrow_mut(|seen| {
        if seen.len() >= 64 {
            seen.remove(0);
        }
        seen.push((text.into(), rules.clone()));
    });
    Ok(rules)
}

impl Match {
    /// How messages name the match: `match 12`, or `this match` before it is recorded (an
    /// import checks every hole before anything is written, so no message names an id
    /// that a rollback took back).
    pub fn label(&self) -> String {
        if self.id > 0 {
            format!("match {}", self.id)
        } else {
            "this match".to_string()
        }
    }

    /// What is wrong with a match read back from a database, if anything: the invariants
    /// every command relies on (and golf never writes otherwise) — holes numbered 1, 2, … within the plan, each regular hole with one
    /// entry for every player and each playoff hole with at least two, every seat within the
    /// player list, bare scores and penalties within their bounds (RULES.md §12). `None`
    /// when the match is sound. Cheap: it does not re-score grids (`golf check` does).
    pub fn damage(&self) -> Option<String> {
        let n = self.players.len();
        if n < 2 {
            return Some(format!(
                "it has {n} player{}; a match has 2 or more",
                if n == 1 { "" } else { "s" }
            ));
        }
        if self.uuid.is_empty() {
            return Some("it has no stable id".into());
        }
        if Holes::try_from(i64::from(self.holes_planned)).is_err()
            || Decks::try_from(i64::from(self.decks)).is_err()
        {
            return Some("its planned holes or decks are out of range".into());
        }
        let (mut regular, mut playoff) = (0u32, 0u32);
        for h in &self.holes {
            let expected = if h.playoff {
                &mut playoff
            } else {
                &mut regular
            };
            *expected += 1;
            let what = if h.playoff { "playoff hole" } else { "hole" };
            if h.number != *expected || (!h.playoff && h.number > self.holes_planned) {
                return Some(format!("{what} {} is out of sequence", h.number));
            }
            if h.out.is_some_and(|o| o >= n) {
                return Some(format!("{what} {}: who went out is not a player", h.number));
            }
            let mut seats: Vec<usize> = h.entries.iter().map(|e| e.seat).collect();
            seats.dedup();
            if seats.iter().any(|&s| s >= n) || seats.len() != h.entries.len() {
                return Some(format!("{what} {}: a grid belongs to no player", h.number));
            }
            let dq = self.disqualified().len();
            if (!h.playoff && seats.len() + dq < n) || (h.playoff && seats.len() < 2) {
                return Some(format!("{what} {}: a player's grid is missing", h.number));
            }
            if h.entries.iter().any(|e| {
                (e.grid.is_none() && BareScore::try_from(i64::from(e.score)).is_err())
                    || !(-10_000..=10_000).contains(&e.score)
                    || !(-10_000..=10_000).contains(&e.adjustment)
            }) {
                return Some(format!("{what} {}: a score is out of range", h.number));
            }
        }
        if let Some(p) = self.penalties.iter().find(|p| {
            p.seat >= n
                || crate::bounds::Points::try_from(i64::from(p.points)).is_err()
                || !(1..=self.holes_planned).contains(&p.hole)
        }) {
            return Some(format!(
                "a penalty on hole {} is out of range or unreadable",
                p.hole
            ));
        }
        None
    }

    /// Refuses to change a finished, abandoned or deleted match.
    pub fn check_open(&self) -> Result<(), GameError> {
        if let Some(at) = &self.deleted_at {
            return Err(GameError::Deleted {
                label: self.label(),
                at: at.clone(),
                id: self.id,
            });
        }
        if let Some(at) = &self.abandoned_at {
            return Err(GameError::Abandoned {
                label: self.label(),
                at: at.clone(),
            });
        }
        match &self.finished_at {
            Some(at) => Err(GameError::Finished {
                label: self.label(),
                at: at.clone(),
            }),
            None => Ok(()),
        }
    }

    /// The seats disqualified from the match (Official §6.3): no grid is asked of them.
    pub fn disqualified(&self) -> Vec<usize> {
        let mut seats: Vec<usize> = self
            .penalties
            .iter()
            .filter(|p| p.disqualifies)
            .map(|p| p.seat)
            .collect();
        seats.sort_unstable();
        seats.dedup();
        seats
    }

    /// Finishes the match at `at` (RFC 3339) and returns its result: the tie, if any,
    /// broken by the match's chain (RULES.md §8). Errors: a finished match, holes still to
    /// play, or a sudden-death tie that no playoff hole has decided yet.
    pub fn finish(&mut self, at: &str) -> Result<Outcome, GameError> {
        self.check_open()?;
        if !self.over() {
            return Err(GameError::HolesToPlay {
                label: self.label(),
                played: self.holes_played(),
                planned: self.holes_planned,
            });
        }
        let outcome = self.outcome();
        if outcome.playoff_needed.is_some() {
            return Err(GameError::SuddenDeathPending(self.summary(&outcome, false)));
        }
        self.finished_at = Some(at.to_string());
        Ok(outcome)
    }

    /// The first player (in seat order) whose total has reached the match's target, with
    /// that total; `None` without a target or before it is reached (RULES.md §8).
    pub fn target_reached(&self) -> Option<(usize, i64)> {
        let target = i64::from(self.target?);
        self.standings()
            .into_iter()
            .find(|s| s.total >= target)
            .map(|s| (s.seat, s.total))
    }

    /// The next hole to deal, if the match takes one: `(number, playoff, dealer seat)` —
    /// the next regular hole, or the next playoff hole of a sudden-death tie. The deal
    /// passes round the seats, playoff holes continuing the rotation.
    pub fn next_hole(&self) -> Option<(u32, bool, usize)> {
        if self.finished_at.is_some() || self.abandoned_at.is_some() {
            return None;
        }
        let dealer = self.dealer(self.holes.len() + 1);
        if !self.over() {
            return Some((self.holes_played() + 1, false, dealer));
        }
        self.outcome()
            .playoff_needed
            .map(|_| (self.playoff_holes().count() as u32 + 1, true, dealer))
    }

    /// Whether every regular hole is played: all planned holes, or the target reached.
    pub fn over(&self) -> bool {
        self.holes_played() >= self.holes_planned || self.target_reached().is_some()
    }

    /// The regular (non-playoff) holes, in order.
    pub fn regular_holes(&self) -> impl Iterator<Item = &Hole> {
        self.holes.iter().filter(|h| !h.playoff)
    }

    /// The playoff holes, in order.
    pub fn playoff_holes(&self) -> impl Iterator<Item = &Hole> {
        self.holes.iter().filter(|h| h.playoff)
    }

    /// Regular holes recorded.
    pub fn holes_played(&self) -> u32 {
        self.regular_holes().count() as u32
    }

    /// The seat that deals the `n`th hole dealt (1-based, playoff holes continuing the
    /// rotation): the deal passes round the seats in order, skipping a player disqualified
    /// from the match (RULES.md §13) — from the hole after the one they were disqualified
    /// on, and on that hole too unless it was recorded before the disqualification. A hole
    /// keeps the dealer it had when it was recorded.
    pub fn dealer(&self, n: usize) -> usize {
        let seats = self.players.len().max(1);
        let n = n.max(1);
        let dq: Vec<&PenaltyRecord> = self.penalties.iter().filter(|p| p.disqualifies).collect();
        if dq.is_empty() {
            return (n - 1) % seats;
        }
        let out = |seat: usize, k: usize| {
            dq.iter().any(|p| {
                let hole = p.hole as usize;
                // the kth hole dealt was recorded before the disqualification
                let before = self
                    .holes
                    .get(k - 1)
                    .is_some_and(|h| h.recorded_at.as_str() < p.recorded_at.as_str());
                p.seat == seat && (k > hole || (k == hole && !before))
            })
        };
        let mut dealer = seats - 1; // the seat before the first
        for k in 1..=n {
            let next = (1..=seats)
                .map(|step| (dealer + step) % seats)
                .find(|&s| !out(s, k));
            // every player out: the plain rotation
            dealer = next.unwrap_or((dealer + 1) % seats);
        }
        dealer
    }

    /// Names of seats, joined: `ann and bob`, `ann, bob and cat`.
    pub fn names(&self, seats: &[usize]) -> String {
        let names: Vec<&str> = seats.iter().map(|&s| self.players[s].as_str()).collect();
        crate::text::and_list(&names)
    }
}
