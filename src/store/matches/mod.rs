//! Matches in SQLite: recording a match, its holes, penalties and audit trail, and loading
//! a whole match back (checked: a damaged row is [`Damaged`], never a panic later). The
//! functions take the connection or transaction of [`super::Store::write`] or
//! [`super::Store::read`] and return SQLite's error unchanged.

use rusqlite::{params, Connection, OptionalExtension};

use crate::game::{AuditEntry, Hole, Match, PenaltyRecord};
use crate::rules::Rules;

mod load;

pub use load::{check_bounds, load_match, load_matches, load_summaries};

/// The id of `rules` in `rule_sets`, recording them first if no match or tournament here
/// has used them: matches under the same rules share one stored copy.
pub(super) fn rule_set_id(conn: &Connection, rules: &Rules) -> anyhow::Result<i64> {
    let json = serde_json::to_string(rules)?;
    conn.execute(
        "INSERT OR IGNORE INTO rule_sets (json) VALUES (?1)",
        [&json],
    )?;
    Ok(
        conn.query_row("SELECT id FROM rule_sets WHERE json = ?1", [&json], |r| {
            r.get(0)
        })?,
    )
}

/// The rule sets one transaction has recorded or found, by their rules: an import of
/// thousands of matches under the same rules writes their JSON out once, not once a match.
/// Valid only within the transaction that filled it.
#[derive(Debug, Default)]
pub struct RuleSets(Vec<(std::sync::Arc<Rules>, i64)>);

impl RuleSets {
    /// The id of `rules` in `rule_sets` ([`rule_set_id`]), remembered.
    fn id(&mut self, conn: &Connection, rules: &std::sync::Arc<Rules>) -> anyhow::Result<i64> {
        let known = self
            .0
            .iter()
            .find(|(r, _)| std::sync::Arc::ptr_eq(r, rules) || **r == **rules);
        if let Some((_, id)) = known {
            return Ok(*id);
        }
        let id = rule_set_id(conn, rules)?;
        self.0.push((rules.clone(), id));
        Ok(id)
    }
}

/// Records a new match — its resolved rules, seats and settings — and returns its id.
/// `m.holes`, `m.penalties` and `m.audit` are not written.
pub fn insert_match(conn: &Connection, m: &Match) -> anyhow::Result<i64> {
    insert_match_with(conn, m, &mut RuleSets::default())
}

/// [`insert_match`], finding the match's rule set through `rule_sets`.
fn insert_match_with(
    conn: &Connection,
    m: &Match,
    rule_sets: &mut RuleSets,
) -> anyhow::Result<i64> {
    let tiebreak: Vec<String> = m.tiebreak.iter().map(|t| t.name()).collect();
    let rule_set = rule_sets.id(conn, &m.rules)?;
    conn.execute(
        "INSERT INTO matches (name, rules_name, rule_set, holes_planned, decks, tiebreak, started_at, target, uuid)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            m.name,
            m.rules.name,
            rule_set,
            m.holes_planned,
            m.decks,
            tiebreak.join(","),
            m.started_at,
            m.target,
            m.uuid
        ],
    )?;
    let id = conn.last_insert_rowid();
    let mut seat =
        conn.prepare_cached("INSERT INTO seats (match_id, seat, player) VALUES (?1, ?2, ?3)")?;
    for (i, player) in m.players.iter().enumerate() {
        seat.execute(params![id, i as i64, player])?;
    }
    Ok(id)
}

/// The newest kept match (by id; deleted ones left out), optionally only among unfinished ones.
pub fn latest_match(conn: &Connection, unfinished_only: bool) -> anyhow::Result<Option<i64>> {
    let sql = if unfinished_only {
        "SELECT id FROM kept_matches WHERE finished_at IS NULL AND abandoned_at IS NULL ORDER BY id DESC LIMIT 1"
    } else {
        "SELECT id FROM kept_matches ORDER BY id DESC LIMIT 1"
    };
    Ok(conn.query_row(sql, [], |r| r.get(0)).optional()?)
}

/// Kept match ids (deleted ones left out, through the `kept_matches` view), newest first,
/// optionally only those `player` sat in (ignoring case): all matches walked newest first by `matches_by_start`, one player's found through
/// `seats_by_player`, so a rare name reads only its own matches.
pub fn match_ids(conn: &Connection, player: Option<&str>, limit: u32) -> anyhow::Result<Vec<i64>> {
    let ids = match player {
        None => conn
            .prepare_cached(
                "SELECT id FROM kept_matches ORDER BY started_at DESC, id DESC LIMIT ?1",
            )?
            .query_map(params![limit], |r| r.get(0))?
            .collect::<Result<Vec<i64>, _>>()?,
        // from the player's seats by index (seats_by_player), however rare the name
        Some(player) => conn
            .prepare_cached(
                "SELECT m.id FROM seats s JOIN kept_matches m ON m.id = s.match_id
                 WHERE s.player = ?1 COLLATE NOCASE
                 ORDER BY m.started_at DESC, m.id DESC LIMIT ?2",
            )?
            .query_map(params![player, limit], |r| r.get(0))?
            .collect::<Result<Vec<i64>, _>>()?,
    };
    Ok(ids)
}

/// Records one hole with every entry.
pub fn insert_hole(conn: &Connection, match_id: i64, hole: &Hole) -> anyhow::Result<()> {
    conn.prepare_cached(
        "INSERT INTO holes (match_id, number, playoff, out_seat, recorded_at, knocked, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(
        params![
            match_id,
            hole.number,
            hole.playoff,
            hole.out.map(|s| s as i64),
            hole.recorded_at,
            hole.knocked,
            hole.note
        ],
    )?;
    let hole_id = conn.last_insert_rowid();
    // a playoff hole changes the card as a whole: every accept is asked again
    super::accepts::clear_from(conn, match_id, if hole.playoff { 1 } else { hole.number })?;
    // what was typed is kept only when it differs from the normalised grid, and the
    // adjustment's words are not kept at all: loading writes them again (schema v6)
    let mut stmt = conn.prepare_cached(
        "INSERT INTO grids (hole_id, match_id, seat, typed, grid, score, adjustment)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for e in &hole.entries {
        let typed = e.typed_as.as_ref().filter(|t| e.grid.as_ref() != Some(*t));
        stmt.execute(params![
            hole_id,
            match_id,
            e.seat as i64,
            typed,
            e.grid,
            e.score,
            e.adjustment
        ])?;
    }
    Ok(())
}

/// Why a hole was not recorded where it was meant to go: another writer changed the match
/// between reading it and writing (bad input, exit 2; nothing written).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Misplaced {
    /// The match is gone (deleted from the file).
    #[error("there is no match {0} any more")]
    NoMatch(i64),
    /// The match was finished, abandoned or deleted meanwhile.
    #[error("match {id} was {how} meanwhile")]
    Closed {
        /// The match.
        id: i64,
        /// `finished`, `abandoned` or `deleted`.
        how: &'static str,
    },
    /// The hole's number is not the next one: another writer recorded it (or undid one).
    #[error("match {id} now has {recorded} {kind}hole{s} recorded, so this is not its {kind}hole {number}; its next is {kind}hole {next}", s = if *recorded == 1 { "" } else { "s" }, next = recorded.saturating_add(1))]
    NotNext {
        /// The match.
        id: i64,
        /// `"playoff "` or `""`.
        kind: &'static str,
        /// The hole meant.
        number: u32,
        /// How many holes of that kind the match has now.
        recorded: u32,
    },
}

impl crate::error::BadInput for Misplaced {}

/// Records `hole` as the next hole of match `match_id`, checking in the same transaction
/// that the match is still open (not finished, abandoned or deleted) and that `hole.number`
/// is the next number of its kind (regular or playoff): a hole read against one state of
/// the match is never written into another. Errors: [`Misplaced`] (nothing written), or
/// SQLite's.
pub fn insert_next_hole(
    conn: &Connection,
    match_id: i64,
    hole: &Hole,
) -> Result<(), crate::error::Error> {
    let row: Option<(Option<String>, i64)> = conn
        .query_row(
            "SELECT CASE WHEN deleted_at IS NOT NULL THEN 'deleted'
                         WHEN abandoned_at IS NOT NULL THEN 'abandoned'
                         WHEN finished_at IS NOT NULL THEN 'finished' END,
                    (SELECT count(*) FROM holes WHERE match_id = m.id AND playoff = ?2)
             FROM matches m WHERE id = ?1",
            params![match_id, hole.playoff],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((closed, recorded)) = row else {
        return Err(Misplaced::NoMatch(match_id).into());
    };
    let how = match closed.as_deref() {
        Some("deleted") => Some("deleted"),
        Some("abandoned") => Some("abandoned"),
        Some(_) => Some("finished"),
        None => None,
    };
    if let Some(how) = how {
        return Err(Misplaced::Closed { id: match_id, how }.into());
    }
    if recorded + 1 != i64::from(hole.number) {
        return Err(Misplaced::NotNext {
            id: match_id,
            kind: if hole.playoff { "playoff " } else { "" },
            number: hole.number,
            recorded: u32::try_from(recorded).unwrap_or(u32::MAX),
        }
        .into());
    }
    insert_hole(conn, match_id, hole)?;
    Ok(())
}

/// Removes one recorded hole and its grids (the caller keeps it in the audit log).
pub fn delete_hole(
    conn: &Connection,
    match_id: i64,
    number: u32,
    playoff: bool,
) -> anyhow::Result<()> {
    let n = conn.execute(
        "DELETE FROM holes WHERE match_id = ?1 AND number = ?2 AND playoff = ?3",
        params![match_id, number, playoff],
    )?;
    anyhow::ensure!(
        n == 1,
        "match {match_id}: hole {number} was not found to remove"
    );
    super::accepts::clear_from(conn, match_id, if playoff { 1 } else { number })?;
    Ok(())
}

/// Removes the last penalty recorded in a match (the caller keeps it in the audit log).
pub fn delete_last_penalty(conn: &Connection, match_id: i64) -> anyhow::Result<()> {
    let hole: Option<u32> = conn
        .query_row(
            "SELECT hole FROM penalties WHERE id = (SELECT max(id) FROM penalties WHERE match_id = ?1)",
            [match_id],
            |r| r.get(0),
        )
        .optional()?;
    super::accepts::clear_from(conn, match_id, hole.unwrap_or(1).max(1))?;
    let n = conn.execute(
        "DELETE FROM penalties WHERE id = (SELECT max(id) FROM penalties WHERE match_id = ?1)",
        [match_id],
    )?;
    anyhow::ensure!(n == 1, "match {match_id}: no penalty was found to remove");
    Ok(())
}

/// Records a tournament penalty.
pub fn insert_penalty(conn: &Connection, match_id: i64, p: &PenaltyRecord) -> anyhow::Result<()> {
    conn.execute(
        "INSERT INTO penalties (match_id, seat, hole, kind, points, disqualifies, reason, recorded_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            match_id,
            p.seat as i64,
            p.hole,
            p.kind.name(),
            p.points,
            p.disqualifies,
            p.reason,
            p.recorded_at
        ],
    )?;
    super::accepts::clear_from(conn, match_id, p.hole.max(1))?;
    Ok(())
}

/// Appends to a match's audit log.
pub fn insert_audit(conn: &Connection, match_id: i64, a: &AuditEntry) -> anyhow::Result<()> {
    conn.execute(
        "INSERT INTO audit (match_id, at, action, hole, playoff, detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![match_id, a.at, a.action, a.hole, a.playoff, a.detail],
    )?;
    Ok(())
}

/// Marks a match finished, storing its outcome as JSON.
pub fn finish(conn: &Connection, match_id: i64, at: &str, result_json: &str) -> anyhow::Result<()> {
    conn.execute(
        "UPDATE matches SET finished_at = ?2, result_json = ?3 WHERE id = ?1",
        params![match_id, at, result_json],
    )?;
    Ok(())
}

/// Reopens a finished match (RULES.md §17): no longer finished, its stored result cleared
/// (the caller keeps the result in the audit log); `finish` records the new one.
pub fn reopen(conn: &Connection, match_id: i64) -> anyhow::Result<()> {
    conn.execute(
        "UPDATE matches SET finished_at = NULL, result_json = NULL WHERE id = ?1",
        [match_id],
    )?;
    Ok(())
}

/// Marks a match deleted at `at`, or kept again with `None` (RULES.md §17); the caller adds
/// the audit entry. A deleted match leaves every query that reads `kept_matches`.
pub fn set_deleted(conn: &Connection, match_id: i64, at: Option<&str>) -> anyhow::Result<()> {
    conn.execute(
        "UPDATE matches SET deleted_at = ?2 WHERE id = ?1",
        params![match_id, at],
    )?;
    Ok(())
}

/// Saves what an edit or abandonment changed in the match row and seats (the caller adds
/// the audit entry): decks, holes planned, names, abandonment.
pub fn update_match(conn: &Connection, m: &Match) -> anyhow::Result<()> {
    conn.execute(
        "UPDATE matches SET decks = ?2, holes_planned = ?3, abandoned_at = ?4 WHERE id = ?1",
        params![m.id, m.decks, m.holes_planned, m.abandoned_at],
    )?;
    let mut seat =
        conn.prepare_cached("UPDATE seats SET player = ?3 WHERE match_id = ?1 AND seat = ?2")?;
    for (i, player) in m.players.iter().enumerate() {
        seat.execute(params![m.id, i as i64, player])?;
    }
    Ok(())
}

/// Unfinished, unabandoned, kept matches other than `except`, newest first.
pub fn unfinished_matches(conn: &Connection, except: i64) -> anyhow::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id FROM kept_matches WHERE finished_at IS NULL AND abandoned_at IS NULL AND id != ?1 ORDER BY id DESC",
    )?;
    let ids = stmt
        .query_map([except], |r| r.get(0))?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(ids)
}

/// The id of the match with stable id `uuid`, if this database holds it.
pub fn find_by_uuid(conn: &Connection, uuid: &str) -> anyhow::Result<Option<i64>> {
    Ok(conn
        .query_row("SELECT id FROM matches WHERE uuid = ?1", [uuid], |r| {
            r.get(0)
        })
        .optional()?)
}

/// Records a whole match — seats, holes, penalties, audit log, and whether it was finished
/// or abandoned — as `golf import` of an export does. Returns its id here.
pub fn insert_whole(conn: &Connection, m: &Match) -> anyhow::Result<i64> {
    insert_whole_with(conn, m, &mut RuleSets::default())
}

/// [`insert_whole`] for one of many matches in one transaction: `rule_sets` remembers the
/// rule sets already recorded in it.
pub fn insert_whole_with(
    conn: &Connection,
    m: &Match,
    rule_sets: &mut RuleSets,
) -> anyhow::Result<i64> {
    let id = insert_match_with(conn, m, rule_sets)?;
    add_records(conn, id, m, (0, 0, 0))?;
    Ok(id)
}

/// Brings match `id`, recorded here as `earlier`, up to `m`, which continues it
/// ([`Match::continues`]): adds the holes, penalties and audit entries after `earlier`'s,
/// and finishes or abandons it as `m` is.
pub fn append_whole(conn: &Connection, id: i64, earlier: &Match, m: &Match) -> anyhow::Result<()> {
    let had = (
        earlier.holes.len(),
        earlier.penalties.len(),
        earlier.audit.len(),
    );
    add_records(conn, id, m, had)
}

/// Records `m`'s holes, penalties and audit entries after the first `skip` of each (as
/// match `id`), its accepts (each seat's latest), then its finish or abandonment.
fn add_records(
    conn: &Connection,
    id: i64,
    m: &Match,
    skip: (usize, usize, usize),
) -> anyhow::Result<()> {
    for h in m.holes.iter().skip(skip.0) {
        insert_hole(conn, id, h)?;
    }
    for p in m.penalties.iter().skip(skip.1) {
        insert_penalty(conn, id, p)?;
    }
    for a in m.audit.iter().skip(skip.2) {
        insert_audit(conn, id, a)?;
    }
    // after the holes and penalties, whose writing clears the accepts they touch
    for a in &m.accepts {
        super::accepts::save(conn, id, a)?;
    }
    if let Some(at) = &m.finished_at {
        finish(conn, id, at, &serde_json::to_string(&m.outcome())?)?;
    }
    if m.abandoned_at.is_some() {
        let mut stored = m.clone();
        stored.id = id;
        update_match(conn, &stored)?;
    }
    Ok(())
}

/// Every kept match id (deleted ones left out), oldest first.
pub fn all_match_ids(conn: &Connection) -> anyhow::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached("SELECT id FROM kept_matches ORDER BY id")?;
    let ids = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(ids)
}

/// Every player name recorded, starting with `prefix` (ignoring case), sorted, at most 200:
/// what shell completion offers for a PLAYER argument.
pub fn player_names(conn: &Connection, prefix: &str) -> anyhow::Result<Vec<String>> {
    let mut stmt = conn.prepare(
        "SELECT DISTINCT player FROM seats WHERE substr(player, 1, length(?1)) = ?1 COLLATE NOCASE
         ORDER BY player COLLATE NOCASE LIMIT 200",
    )?;
    let names = stmt
        .query_map([prefix], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Setup, Typed};

    /// Issue 32.1: the write itself refuses a hole made against another state of the match.
    #[test]
    fn a_hole_is_recorded_only_as_the_next_of_an_open_match() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = crate::store::Store::open(&dir.path().join("g.db")).unwrap();
        let setup = Setup {
            rules: "classic".into(),
            players: vec!["ann".into(), "bob".into()],
            ..Default::default()
        };
        let mut m = Match::new(&setup, "2026-11-22T20:00:00Z").unwrap();
        let grids = |m: &Match| {
            vec![
                (0, Typed::parse("ann", "5 K Q / 5 2 J", &m.rules).unwrap()),
                (1, Typed::parse("bob", "2 7 Q / 2 7 Q", &m.rules).unwrap()),
            ]
        };
        let first = m.play_hole(&grids(&m), None, false, "t").unwrap();
        let got = store.write(|tx| {
            m.id = insert_match(tx, &m)?;
            insert_next_hole(tx, m.id, &first)?;
            // the same hole again: another writer's copy of the match is one hole behind
            Ok(insert_next_hole(tx, m.id, &first))
        });
        let err = got.unwrap().unwrap_err();
        assert_eq!(err.exit_code(), 2);
        assert!(err.to_string().contains("now has 1 hole recorded"), "{err}");
        m.record(first);
        let third = Hole {
            number: 3,
            ..m.play_hole(&grids(&m), None, false, "t").unwrap()
        };
        let err = store
            .write(|tx| insert_next_hole(tx, m.id, &third))
            .unwrap_err();
        assert!(err.to_string().contains("not its hole 3"), "{err}");
        let second = m.play_hole(&grids(&m), None, false, "t").unwrap();
        let err = store
            .write(|tx| {
                finish(tx, m.id, "t", "{}")?;
                insert_next_hole(tx, m.id, &second)
            })
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("match {} was finished meanwhile", m.id)
        );
        assert_eq!(
            load_match(store.conn(), m.id).unwrap().unwrap().holes.len(),
            1
        );
    }
}
