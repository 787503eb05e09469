//! A tournament as it travels in an export (`golf export`, `golf import`) and a round's
//! clock: the records a tournament is rebuilt from in another database.

use serde::{Deserialize, Serialize};

use super::Seating;
use crate::game::Match;
use crate::rules::Rules;

/// A tournament as exported and imported (`golf export`, `golf import`): its setup, its
/// players and disqualifications, and its tables, each naming its match by stable id (the
/// matches travel in the same export). Read back, the standings are the same.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentRecord {
    /// Its name (unique in a database).
    pub name: String,
    /// The rules every table plays, resolved.
    pub rules: Rules,
    /// Rounds to play.
    pub rounds: u32,
    /// Players a table seats at most.
    pub table_size: usize,
    /// How tables are filled.
    pub seating: Seating,
    /// The seed of random seating.
    pub seed: u64,
    /// Holes each table plays.
    pub holes: u32,
    /// When it was created (RFC 3339, UTC).
    pub created_at: String,
    /// Every player, in the order given.
    pub players: Vec<String>,
    /// Disqualifications from the whole tournament (Official §6.3).
    pub disqualified: Vec<Disqualification>,
    /// Every table seated, round by round.
    pub tables: Vec<TableRecord>,
    /// Players entered late (RULES.md §13, "Coming late"), in the order entered, each with
    /// the first round they were seated in. Absent when none (and in older exports).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub late: Vec<LateEntry>,
    /// Players who withdrew between rounds (RULES.md §13, "leaving early"), in the order
    /// they left. Absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrew: Vec<Withdrawal>,
    /// Each round's clock (`golf serve --clock`), by round. Absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clocks: Vec<RoundClock>,
}

/// A player entered late in a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LateEntry {
    /// The player (one of the tournament's players).
    pub player: String,
    /// The first round they were seated in (2 or later): each round before it is charged.
    pub joined_round: u32,
}

/// A player who withdrew from a tournament between rounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    /// The player (one of the tournament's players).
    pub player: String,
    /// The rounds seated when they left (their results are kept for those).
    pub after: u32,
    /// When (RFC 3339, UTC).
    pub at: String,
}

/// A player disqualified from a whole tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disqualification {
    /// The player.
    pub player: String,
    /// Why.
    pub reason: String,
    /// When (RFC 3339, UTC).
    pub at: String,
}

/// One table of one round: its match by stable id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRecord {
    /// The round, from 1.
    pub round: u32,
    /// The table, from 1.
    pub table: u32,
    /// The match's stable id.
    #[serde(rename = "match")]
    pub uuid: String,
}

/// A round's clock (CLI.md "Event night, run as a club runs it", `golf serve --tournament
/// --clock MINUTES`): the round has `minutes` from `started_at`, when it was seated (or
/// when a server with a clock first saw it in play). Kept in the database, so a restart
/// of the server keeps the time left; exported with the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundClock {
    /// The round, from 1.
    pub round: u32,
    /// When its clock started (RFC 3339, UTC).
    pub started_at: String,
    /// Its minutes, 1 to 1,440 ([`crate::bounds::ClockMinutes`]).
    pub minutes: u32,
}

impl RoundClock {
    /// When the round's time is up: `started_at` plus `minutes`; `None` when `started_at`
    /// is not a time.
    pub fn ends_at(&self) -> Option<chrono::DateTime<chrono::Utc>> {
        let start = crate::text::time(&self.started_at)?;
        start.checked_add_signed(chrono::TimeDelta::minutes(i64::from(self.minutes)))
    }

    /// Whether match `m`, a table of this round, was still playing when the time was up
    /// at `now`: unfinished at or after the end, or finished after it (an abandoned match
    /// is not playing).
    pub fn over_time(&self, m: &Match, now: chrono::DateTime<chrono::Utc>) -> bool {
        let Some(ends) = self.ends_at() else {
            return false;
        };
        match (&m.finished_at, &m.abandoned_at) {
            (_, Some(_)) => false,
            (None, None) => now >= ends,
            (Some(at), None) => crate::text::time(at).is_some_and(|at| at > ends),
        }
    }
}

impl TournamentRecord {
    /// What is wrong with a tournament read from an export, if anything: its name and
    /// players (as `golf tournament new` checks them), its bounds (rounds 1–20, tables of
    /// 2–16, holes 1–36), each disqualified player one of its players, each table within
    /// its rounds. Errors name the problem.
    pub fn check(&self) -> Result<(), String> {
        crate::text::name(
            "the tournament name",
            &self.name,
            crate::game::setup::MAX_MATCH_NAME,
        )
        .map_err(|e| e.to_string())?;
        if !(1..=20).contains(&self.rounds)
            || !(2..=16).contains(&self.table_size)
            || !(1..=36).contains(&self.holes)
        {
            return Err(format!(
                "rounds {}, table size {} or holes {} out of range; expected 1 to 20 rounds, tables of 2 to 16, 1 to 36 holes",
                self.rounds, self.table_size, self.holes
            ));
        }
        for (i, p) in self.players.iter().enumerate() {
            if crate::player::normalise(p).ok().as_deref() != Some(p.as_str())
                || self.players[..i].iter().any(|q| q.eq_ignore_ascii_case(p))
            {
                return Err(format!(
                    "its player `{}` is not a valid, distinct name",
                    crate::text::escape(p)
                ));
            }
        }
        if let Some(d) = self
            .disqualified
            .iter()
            .find(|d| !self.players.contains(&d.player))
        {
            return Err(format!(
                "`{}` is disqualified but not one of its players",
                crate::text::escape(&d.player)
            ));
        }
        if let Some(t) = self
            .tables
            .iter()
            .find(|t| t.round < 1 || t.round > self.rounds || t.table < 1)
        {
            return Err(format!(
                "a table of round {} is outside its {} rounds",
                t.round, self.rounds
            ));
        }
        self.check_comings_and_goings()
    }

    /// The late entrants, leavers and clocks of [`TournamentRecord::check`]: each one of
    /// its players once, a late entry from round 2 to its rounds, a withdrawal after at
    /// most its rounds and at a time, each clock a round of it with 1 to 1,440 minutes
    /// from a time.
    fn check_comings_and_goings(&self) -> Result<(), String> {
        let player = |p: &String| !self.players.contains(p);
        let named = |p: &String| format!("`{}`", crate::text::escape(p));
        if let Some(l) = self
            .late
            .iter()
            .find(|l| player(&l.player) || l.joined_round < 2 || l.joined_round > self.rounds)
        {
            return Err(format!(
                "the late entry of {} in round {} is not one of its players in rounds 2 to {}",
                named(&l.player),
                l.joined_round,
                self.rounds
            ));
        }
        if let Some(w) = self.withdrew.iter().find(|w| {
            player(&w.player) || w.after > self.rounds || crate::text::time(&w.at).is_none()
        }) {
            return Err(format!(
                "the withdrawal of {} after round {} is not one of its players within its rounds, at a time",
                named(&w.player),
                w.after
            ));
        }
        if let Some(p) = repeated(&self.late.iter().map(|l| &l.player).collect::<Vec<_>>())
            .or_else(|| repeated(&self.withdrew.iter().map(|w| &w.player).collect::<Vec<_>>()))
        {
            return Err(format!("{} comes or goes more than once", named(p)));
        }
        let mut rounds: Vec<u32> = self.clocks.iter().map(|c| c.round).collect();
        rounds.dedup();
        match self.clocks.iter().find(|c| {
            !(1..=self.rounds).contains(&c.round)
                || crate::bounds::ClockMinutes::try_from(i64::from(c.minutes)).is_err()
                || c.ends_at().is_none()
        }) {
            Some(c) => Err(format!(
                "the clock of round {} is not 1 to 1440 minutes from a time within its {} rounds",
                c.round, self.rounds
            )),
            None if rounds.len() != self.clocks.len() || !rounds.is_sorted() => {
                Err("its clocks are not one per round, by round".into())
            }
            None => Ok(()),
        }
    }

    /// Whether `self` is `earlier` played on: the same setup, and `earlier`'s players,
    /// tables, disqualifications, late entrants, leavers and clocks the first of this
    /// one's (a director's copy brought up to date from a later export).
    pub fn continues(&self, earlier: &TournamentRecord) -> bool {
        let setup = |t: &TournamentRecord| TournamentRecord {
            players: vec![],
            tables: vec![],
            disqualified: vec![],
            late: vec![],
            withdrew: vec![],
            clocks: vec![],
            ..t.clone()
        };
        setup(self) == setup(earlier)
            && self.players.starts_with(&earlier.players)
            && self.tables.starts_with(&earlier.tables)
            && self.disqualified.starts_with(&earlier.disqualified)
            && self.late.starts_with(&earlier.late)
            && self.withdrew.starts_with(&earlier.withdrew)
            && self.clocks.starts_with(&earlier.clocks)
    }
}

/// The first of `names` that comes again later, if any.
fn repeated<'a>(names: &[&'a String]) -> Option<&'a String> {
    (0..names.len()).find_map(|i| names[..i].contains(&names[i]).then_some(names[i]))
}
