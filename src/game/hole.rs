//! A hole: what each player typed, checked and scored under the match's rules and deck,
//! with the going-out adjustment (RULES.md §3, §5, §7); and the transitions that record,
//! amend and withdraw holes.

use super::{AuditEntry, Entry, GameError, Hole, Match};
use crate::bounds::BareScore;
use crate::deck::{self, DeckError};
use crate::grid::{Grid, GridError};
use crate::player;
use crate::rules::Rules;
use crate::scoring;

/// The largest bare score accepted for an unchecked entry, either sign (RULES.md §12).
pub const MAX_UNCHECKED: i64 = BareScore::MAX;

/// Why a hole cannot be scored. Every variant is bad input (exit 2).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
    /// A knock under rules that have no knocking.
    #[error("{player} cannot have knocked: {rules} has no knocking (Official §9.4; its rules of play say play.may_knock = false); record --out {player} if their cards were all face up, or agree the house rule knock")]
    NoKnocking {
        /// The player.
        player: String,
        /// The rules' display name.
        rules: String,
    },
}

/// The cell of the card at fault in a grid that cannot be read, when the fault is one
/// card's (a token that is not a card, a face not of the pack, a card that needs its suit,
/// a joker where the deck has none): its row and its place in the row, 1-based, as typed.
fn card_at_fault(kind: &crate::grid::GridErrorKind) -> Option<crate::grid::Cell> {
    use crate::grid::GridErrorKind as Kind;
    match kind {
        Kind::BadToken { row, position, .. }
        | Kind::NotAFace { row, position, .. }
        | Kind::SuitRequired { row, position, .. }
        | Kind::JokerNotInDeck { row, position, .. } => Some(crate::grid::Cell {
            row: *row,
            column: *position,
        }),
        _ => None,
    }
}

/// What `rules` do to the score of the player who ends a hole (goes out or knocks), in
/// players' words ("scores 10 more unless no one scored lower"), or `None` when the rules
/// leave that score alone (RULES.md §5, step 2): where it is `Some`, a hole recorded with
/// no one ending it adjusts no one's score, and the prompt asks for "nobody" in words.
pub fn ending_adjustment(rules: &Rules) -> Option<String> {
    use crate::rules::{BonusWhen, Penalty, PenaltyWhen};
    let g = &rules.going_out;
    let mut said = Vec::new();
    let penalty = match g.penalty {
        Penalty::None => None,
        Penalty::Add(n) => Some(format!("scores {n} more")),
        Penalty::Double => Some("scores double (a score above 0)".to_string()),
        Penalty::DoublePlus(n) => Some(format!("scores double (a score above 0) plus {n}")),
        Penalty::PerPlayer(n) => Some(format!(
            "scores {n} more for each player who tied or beat them"
        )),
        Penalty::Times(n) => Some(format!("scores {n} times as much (a score above 0)")),
    };
    if let Some(p) = penalty {
        said.push(match g.penalty_when {
            PenaltyWhen::NotLowest => format!("{p} unless no one scored lower"),
            PenaltyWhen::NotStrictlyLowest => format!("{p} unless everyone else scored higher"),
            PenaltyWhen::Always => p,
        });
    }
    if g.bonus != 0 {
        let b = format!("scores {:+}", g.bonus);
        said.push(match g.bonus_when {
            BonusWhen::Always => b,
            BonusWhen::Lowest => format!("{b} when no one scored lower"),
            BonusWhen::StrictlyLowest => format!("{b} when everyone else scored higher"),
        });
    }
    (!said.is_empty()).then(|| said.join(", and "))
}

/// Checks that a hole ended by a knock was played under rules that let a player knock
/// (RULES.md §14; Official §9.4); `players` names the seats.
pub fn check_knock(
    rules: &Rules,
    players: &[String],
    ended: Option<Ending>,
) -> Result<(), HoleError> {
    match ended {
        Some(e) if e.knocked && !rules.may_knock() => Err(HoleError::NoKnocking {
            player: players.get(e.seat).cloned().unwrap_or_default(),
            rules: rules.display_name(),
        }),
        _ => Ok(()),
    }
}

impl crate::error::BadInput for HoleError {}

/// A slot to fix (CLI.md "The phone knows its hole": a refused grid marks the slot to
/// fix): `player`'s card at `slot`, its place in their grid counted row by row from 0 —
/// as the page numbers a grid's slots in the variant's layout (RULES.md §3).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Slot {
    /// The player.
    pub player: String,
    /// The slot, 0-based, row by row.
    pub slot: usize,
}

impl HoleError {
    /// [`HoleError::cells`] as slots of a grid of `rows` × `columns` (the rules' layout);
    /// a cell outside it (a card typed past the end of a row) is left out.
    pub fn slots(&self, rows: usize, columns: usize) -> Vec<Slot> {
        self.cells()
            .into_iter()
            .filter(|(_, c)| (1..=rows).contains(&c.row) && (1..=columns).contains(&c.column))
            .map(|(player, c)| Slot {
                player,
                slot: (c.row - 1) * columns + c.column - 1,
            })
            .collect()
    }

    /// The cells at fault, as facts (RULES.md §2, §7): the player and the cell of the card
    /// to fix — the card that cannot be read, or every card of a count the deck cannot
    /// hold, for each player holding one. Empty when no card is at fault (a grid of the
    /// wrong shape, a bare score out of range, a knock the rules lack).
    pub fn cells(&self) -> Vec<(String, crate::grid::Cell)> {
        match self {
            HoleError::Grid { player, error } => card_at_fault(&error.kind)
                .map(|cell| (player.clone(), cell))
                .into_iter()
                .collect(),
            HoleError::Deck(clash) => {
                let mut cells: Vec<(String, crate::grid::Cell)> = Vec::new();
                for (player, held) in clash.overflows.iter().flat_map(|o| &o.cells) {
                    for cell in held {
                        if !cells.iter().any(|(p, c)| p == player && c == cell) {
                            cells.push((player.clone(), *cell));
                        }
                    }
                }
                cells
            }
            HoleError::Unchecked { .. } | HoleError::NoKnocking { .. } => Vec::new(),
        }
    }
}

/// What a player typed for a hole, checked: a grid that fits the rules' layout, or a bare
/// score within ±[`MAX_UNCHECKED`] that the referee cannot check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// A grid, with the text as typed.
    Grid {
        /// As typed, trimmed.
        text: String,
        /// Parsed.
        grid: Grid,
    },
    /// A bare score.
    Score(i32),
}

impl Typed {
    /// Reads what `player` typed: a bare integer (`12`, `-3`) is a score, anything else
    /// grid notation for `rules`. A number too large for 64 bits is refused as out of
    /// range rather than read as a grid.
    pub fn parse(player: &str, text: &str, rules: &Rules) -> Result<Typed, HoleError> {
        let t = text.trim();
        let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            let n = t.parse::<i64>().unwrap_or(if t.starts_with('-') {
                i64::MIN
            } else {
                i64::MAX
            });
            return Typed::score(player, n);
        }
        match Grid::parse_for(text, rules.expected()) {
            Ok(grid) => Ok(Typed::Grid {
                text: t.to_string(),
                grid,
            }),
            Err(error) => Err(HoleError::Grid {
                player: player.to_string(),
                error: Box::new(error),
            }),
        }
    }

    /// A bare score for `player`, within ±[`MAX_UNCHECKED`] (compared, never negated:
    /// `i64::MIN` has no absolute value).
    pub fn score(player: &str, n: i64) -> Result<Typed, HoleError> {
        match BareScore::try_from(n) {
            Ok(score) => Ok(Typed::Score(score.0)),
            Err(_) => Err(HoleError::Unchecked {
                player: player.to_string(),
                score: n,
            }),
        }
    }
}

/// What `undo` took back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Withdrawn {
    /// A hole.
    Hole(Hole),
    /// A penalty.
    Penalty(crate::game::PenaltyRecord),
}

/// Who ended a hole: a seat, and whether they knocked rather than went out (RULES.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    /// The seat.
    pub seat: usize,
    /// Knocked rather than went out.
    pub knocked: bool,
}

impl Ending {
    /// `seat` went out.
    pub fn out(seat: usize) -> Ending {
        Ending {
            seat,
            knocked: false,
        }
    }
}

/// Scores one hole: `entries` are `(seat, typed)`; `players` names the seats; `ended` says
/// who ended the hole. All checked grids together must fit `decks` decks (RULES.md §7).
/// Returns the entries in seat order with grid scores and the hole adjustments of
/// RULES.md §5 (score map, going out, lowest-score bonus, tie penalty), each explained.
pub fn score(
    rules: &Rules,
    decks: u32,
    players: &[String],
    entries: &[(usize, Typed)],
    ended: Option<Ending>,
) -> Result<Vec<Entry>, HoleError> {
    let mut sorted: Vec<&(usize, Typed)> = entries.iter().collect();
    sorted.sort_by_key(|(seat, _)| *seat);
    let name = |seat: usize| players.get(seat).map_or("?", String::as_str);
    let mut result = Vec::new();
    let mut grids: Vec<(&str, &Grid)> = Vec::new();
    for (seat, typed) in sorted {
        let (typed_text, grid, score) = match typed {
            Typed::Score(n) => (n.to_string(), None, *n),
            Typed::Grid { text, grid } => {
                grids.push((name(*seat), grid));
                let total = scoring::total(grid, rules);
                (text.clone(), Some(rules.grid_text(grid)), total)
            }
        };
        result.push(Entry::new(*seat, typed_text, grid, score, 0, String::new()));
    }
    deck::check_hole(&grids, decks, rules)?;
    let adjustments = adjustments(&result, players, ended, rules);
    for (entry, adj) in result.iter_mut().zip(adjustments) {
        entry.adjustment = adj.points;
        entry.explanation = adj.explanation;
    }
    Ok(result)
}

/// The hole adjustments of RULES.md §5 for `entries` (in seat order, grid scores set),
/// with `players` naming the seats and `ended` saying who ended the hole: one per entry.
fn adjustments(
    entries: &[Entry],
    players: &[String],
    ended: Option<Ending>,
    rules: &Rules,
) -> Vec<scoring::Adjustment> {
    let scores: Vec<i32> = entries.iter().map(|e| e.score).collect();
    let names: Vec<String> = entries
        .iter()
        .map(|e| players.get(e.seat).map_or("?", String::as_str).to_string())
        .collect();
    let ended = ended.and_then(|e| {
        Some(scoring::Ended {
            player: entries.iter().position(|r| r.seat == e.seat)?,
            knocked: e.knocked,
        })
    });
    scoring::hole(&scores, &names, ended, rules)
}

impl Match {
    /// Writes the words of every entry's adjustment (RULES.md §5) from what the holes
    /// record — scores, who ended the hole and how, the players' names — exactly as when
    /// the hole was played: the store keeps the points, not the sentence.
    pub fn explain_holes(&mut self) {
        if !scoring::adjusts_holes(&self.rules) {
            return;
        }
        for hole in &mut self.holes {
            let words = adjustments(&hole.entries, &self.players, hole.ending(), &self.rules);
            for (entry, adj) in hole.entries.iter_mut().zip(words) {
                entry.explanation = adj.explanation;
            }
        }
    }

    /// Which seats play the next hole: everyone on a regular hole; the tied players on a
    /// playoff hole. Errors when the match cannot take that hole.
    pub fn seats_for(&self, playoff: bool) -> Result<Vec<usize>, GameError> {
        self.check_open()?;
        let played = self.holes_played();
        if !playoff {
            if let Some((seat, total)) = self.target_reached() {
                return Err(GameError::TargetReached {
                    label: self.label(),
                    player: self.players[seat].clone(),
                    total,
                    target: self.target.unwrap_or_default(),
                });
            }
            if played >= self.holes_planned {
                return Err(GameError::AllHolesPlayed {
                    label: self.label(),
                    planned: self.holes_planned,
                    playoff_needed: self.outcome().playoff_needed.is_some(),
                });
            }
            let out = self.disqualified();
            return Ok((0..self.players.len())
                .filter(|s| !out.contains(s))
                .collect());
        }
        if played < self.holes_planned && self.target_reached().is_none() {
            return Err(GameError::PlayoffTooEarly {
                label: self.label(),
                played,
                planned: self.holes_planned,
            });
        }
        let outcome = self.outcome();
        match outcome.playoff_needed {
            Some(seats) => Ok(seats),
            None => Err(GameError::NoPlayoffNeeded {
                label: self.label(),
                summary: self.summary(&outcome, false),
            }),
        }
    }

    /// Reads `(player, text)` pairs into typed entries: each player found by name (exact,
    /// else ignoring case), each text checked against the rules. Errors: an unknown player,
    /// a player twice, a bad grid or score.
    pub fn typed_entries(
        &self,
        pairs: &[(String, String)],
    ) -> Result<Vec<(usize, Typed)>, GameError> {
        let mut entries: Vec<(usize, Typed)> = Vec::new();
        for (name, text) in pairs {
            let seat = player::find(&self.players, name)?;
            if entries.iter().any(|(s, _)| *s == seat) {
                return Err(GameError::GivenTwice(self.players[seat].clone()));
            }
            entries.push((seat, Typed::parse(&self.players[seat], text, &self.rules)?));
        }
        Ok(entries)
    }

    /// Checks that `entries` are exactly the players in `seats`.
    fn require_seats(
        &self,
        entries: &[(usize, Typed)],
        seats: &[usize],
        what: &'static str,
    ) -> Result<(), GameError> {
        let given = |s: &usize| entries.iter().any(|(e, _)| e == s);
        let extra: Vec<usize> = entries
            .iter()
            .map(|(s, _)| *s)
            .filter(|s| !seats.contains(s))
            .collect();
        if !extra.is_empty() {
            return Err(GameError::NotInHole {
                names: self.names(&extra),
                several: extra.len() > 1,
                what,
                expected: self.names(seats),
            });
        }
        let missing: Vec<usize> = seats.iter().copied().filter(|s| !given(s)).collect();
        if !missing.is_empty() {
            return Err(GameError::MissingGrids {
                names: self.names(&missing),
                what,
                expected: self.names(seats),
            });
        }
        Ok(())
    }

    /// The next hole (a playoff hole when `playoff`), checked and scored, recorded at `at`:
    /// every player of the hole exactly once, `out` among them. Not yet part of the match:
    /// see [`Match::record`].
    pub fn play_hole(
        &self,
        entries: &[(usize, Typed)],
        ended: Option<Ending>,
        playoff: bool,
        at: &str,
    ) -> Result<Hole, GameError> {
        let seats = self.seats_for(playoff)?;
        let what = if playoff { "a playoff hole" } else { "a hole" };
        self.require_seats(entries, &seats, what)?;
        if let Some(e) = ended.filter(|e| !seats.contains(&e.seat)) {
            return Err(GameError::OutNotPlaying(self.players[e.seat].clone()));
        }
        check_knock(&self.rules, &self.players, ended)?;
        let number = if playoff {
            self.playoff_holes().count() as u32 + 1
        } else {
            self.holes_played() + 1
        };
        Ok(Hole {
            number,
            playoff,
            out: ended.map(|e| e.seat),
            knocked: ended.is_some_and(|e| e.knocked),
            note: None,
            entries: score(&self.rules, self.decks, &self.players, entries, ended)?,
            recorded_at: at.to_string(),
        })
    }

    /// Adds a hole made by [`Match::play_hole`].
    pub fn record(&mut self, hole: Hole) {
        self.holes.push(hole);
    }

    /// Corrects regular hole `number`: `changes` replace those players' entries, `ended`
    /// (when given) replaces who ended it (`Some(None)`: nobody; see
    /// [`Match::ended_as_before`] for a new ender whose kind of ending stays). The hole is
    /// scored again and replaces the old one, which is kept in the audit trail; it keeps
    /// its place in the recording order (`recorded_at`), so an amend never makes it the
    /// entry [`Match::undo`] takes. Returns the old and the new hole and the audit entry,
    /// or `None` when the correction changes nothing (then nothing is logged). Errors: a
    /// finished match, no such hole, nothing to change, a bad entry or deal.
    pub fn amend(
        &mut self,
        number: u32,
        changes: &[(usize, Typed)],
        ended: Option<Option<Ending>>,
        at: &str,
    ) -> Result<Option<(Hole, Hole, AuditEntry)>, GameError> {
        self.check_open()?;
        let Some(index) = self
            .holes
            .iter()
            .position(|h| !h.playoff && h.number == number)
        else {
            return Err(GameError::NoSuchHole {
                label: self.label(),
                hole: number,
                played: self.holes_played(),
                planned: self.holes_planned,
            });
        };
        if changes.is_empty() && ended.is_none() {
            return Err(GameError::NothingToAmend);
        }
        let old = self.holes[index].clone();
        let mut entries: Vec<(usize, Typed)> = Vec::new();
        for e in &old.entries {
            let typed = match changes.iter().find(|(s, _)| *s == e.seat) {
                Some((_, t)) => t.clone(),
                None => Typed::parse(&self.players[e.seat], e.typed(), &self.rules)?,
            };
            entries.push((e.seat, typed));
        }
        let ended = ended.unwrap_or_else(|| old.ending());
        let new = Hole {
            number,
            playoff: false,
            out: ended.map(|e| e.seat),
            knocked: ended.is_some_and(|e| e.knocked),
            note: old.note.clone(),
            entries: score(&self.rules, self.decks, &self.players, &entries, ended)?,
            recorded_at: old.recorded_at.clone(),
        };
        if new == old {
            return Ok(None);
        }
        let audit = self.audit_entry("amend", &old, at);
        self.holes[index] = new.clone();
        self.audit.push(audit.clone());
        Ok(Some((old, new, audit)))
    }

    /// Who ended regular hole `number` if `seat` did, the kind of ending kept: a hole that
    /// was knocked stays knocked when the knocker is corrected; one that was gone out, or
    /// had no ender, is gone out (RULES.md §5).
    pub fn ended_as_before(&self, number: u32, seat: usize) -> Ending {
        let knocked = self
            .holes
            .iter()
            .find(|h| !h.playoff && h.number == number)
            .is_some_and(|h| h.out.is_some() && h.knocked);
        Ending { seat, knocked }
    }

    /// Withdraws the last action ([`Match::last_entry`]): the last hole in play order (the
    /// last playoff hole, else the last regular hole) or the last penalty, whichever was
    /// recorded later; it is kept in the audit trail. Returns what was withdrawn and the
    /// audit entry. Errors: a finished match, nothing recorded.
    pub fn undo(&mut self, at: &str) -> Result<(Withdrawn, AuditEntry), GameError> {
        self.check_open()?;
        match self.last_entry().map(|e| e.kind) {
            Some(super::EntryKind::Penalty) => {
                let p = self
                    .penalties
                    .pop()
                    .ok_or_else(|| GameError::NothingToUndo(self.label()))?;
                let audit = AuditEntry {
                    at: at.to_string(),
                    action: "undo".to_string(),
                    hole: Some(p.hole),
                    playoff: false,
                    detail: serde_json::json!({ "penalty": p }).to_string(),
                };
                self.audit.push(audit.clone());
                Ok((Withdrawn::Penalty(p), audit))
            }
            Some(super::EntryKind::Hole) => {
                let index = self
                    .holes
                    .iter()
                    .rposition(|h| h.playoff)
                    .or_else(|| self.holes.iter().rposition(|h| !h.playoff))
                    .ok_or_else(|| GameError::NothingToUndo(self.label()))?;
                let hole = self.holes.remove(index);
                let audit = self.audit_entry("undo", &hole, at);
                self.audit.push(audit.clone());
                Ok((Withdrawn::Hole(hole), audit))
            }
            None => Err(GameError::NothingToUndo(self.label())),
        }
    }

    fn audit_entry(&self, action: &str, hole: &Hole, at: &str) -> AuditEntry {
        AuditEntry {
            at: at.to_string(),
            action: action.to_string(),
            hole: Some(hole.number),
            playoff: hole.playoff,
            // a hole always serializes; an empty detail would only lose the old entry's text
            detail: serde_json::to_string(hole).unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::resolve;

    fn players() -> Vec<String> {
        vec!["ann".into(), "bob".into(), "cat".into()]
    }

    fn typed(rules: &Rules, entries: &[(usize, &str)]) -> Result<Vec<(usize, Typed)>, HoleError> {
        entries
            .iter()
            .map(|(s, t)| Ok((*s, Typed::parse(&players()[*s], t, rules)?)))
            .collect()
    }

    #[test]
    fn a_refusal_names_the_cards_at_fault_as_slots() {
        let rules = resolve("classic", &[]).unwrap();
        let (rows, columns) = (rules.layout.rows, rules.layout.columns);
        let slot = |player: &str, slot: usize| Slot {
            player: player.into(),
            slot,
        };
        // a token that is not a card: its row and place, the slot row by row
        let bad = Typed::parse("ann", "5 K Q / 5 X J", &rules).unwrap_err();
        assert_eq!(bad.slots(rows, columns), [slot("ann", 4)]);
        // a grid of the wrong shape: no one card to fix
        let short = Typed::parse("ann", "5 K Q / 5 2", &rules).unwrap_err();
        assert!(short.slots(rows, columns).is_empty());
        // a clash: every card of the count at fault, on each grid, once
        let entries = typed(&rules, &[(0, "7 7 3 / 4 5 7h"), (1, "7h 7 7 / 8 9 T")]).unwrap();
        let clash = score(&rules, 1, &players(), &entries, None).unwrap_err();
        assert_eq!(
            clash.slots(rows, columns),
            [
                slot("ann", 0),
                slot("ann", 1),
                slot("ann", 5),
                slot("bob", 0),
                slot("bob", 1),
                slot("bob", 2)
            ]
        );
        // a cell past the layout (a card typed past the end of its row) is no slot
        let wide = HoleError::Grid {
            player: "ann".into(),
            error: Box::new(crate::grid::Grid::parse("5 K Q ZZ / 5 2 J 4").unwrap_err()),
        };
        assert_eq!(wide.cells().len(), 1, "{wide}");
        assert!(wide.slots(rows, columns).is_empty(), "{wide}");
    }

    #[test]
    fn scores_a_hole_with_a_going_out_penalty() {
        let rules = resolve("classic", &["out-penalty-10".into()]).unwrap();
        let entries = typed(
            &rules,
            &[(1, "2 7 Q / 2 7 Q"), (0, "5 K Q / 5 2 J"), (2, "12")],
        )
        .unwrap();
        let hole = score(&rules, 1, &players(), &entries, Some(Ending::out(0))).unwrap();
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
        let entries = typed(&rules, &[(0, "7 7 3 / 4 5 6"), (1, "7 7 7 / 4 5 6")]).unwrap();
        let err = score(&rules, 1, &players(), &entries, None)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("5 sevens but the deck holds 4 (ann 2, bob 3)"),
            "{err}"
        );
        let err = typed(&rules, &[(0, "7 7 3 / 4 5 6"), (1, "7 7 / 4 5")])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("bob's grid: row 1 has 2 cards"), "{err}");
        let err = typed(&rules, &[(2, "9999")]).unwrap_err().to_string();
        assert!(err.contains("cat's score 9999 is out of range"), "{err}");
        for extreme in ["-9223372036854775808", "99999999999999999999999"] {
            let err = typed(&rules, &[(2, extreme)]).unwrap_err().to_string();
            assert!(err.contains("out of range"), "{err}");
        }
    }
}
