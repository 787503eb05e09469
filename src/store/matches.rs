//! Matches in SQLite: recording a match, its holes, penalties and audit trail, and loading
//! a whole match back (checked: a damaged row is [`Damaged`], never a panic later). The
//! functions take the connection or transaction of [`super::Store::write`] or
//! [`super::Store::read`] and return SQLite's error unchanged.

use rusqlite::{params, Connection, OptionalExtension};

use super::Damaged;
use crate::game::{AuditEntry, Entry, Hole, Match, PenaltyKind, PenaltyRecord};
use crate::rules::{Rules, Tiebreak};

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

/// Records a new match — its resolved rules, seats and settings — and returns its id.
/// `m.holes`, `m.penalties` and `m.audit` are not written.
pub fn insert_match(conn: &Connection, m: &Match) -> anyhow::Result<i64> {
    let tiebreak: Vec<String> = m.tiebreak.iter().map(|t| t.name()).collect();
    let rule_set = rule_set_id(conn, &m.rules)?;
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

/// The newest match (by id), optionally only among unfinished ones.
pub fn latest_match(conn: &Connection, unfinished_only: bool) -> anyhow::Result<Option<i64>> {
    let sql = if unfinished_only {
        "SELECT id FROM matches WHERE finished_at IS NULL AND abandoned_at IS NULL ORDER BY id DESC LIMIT 1"
    } else {
        "SELECT id FROM matches ORDER BY id DESC LIMIT 1"
    };
    Ok(conn.query_row(sql, [], |r| r.get(0)).optional()?)
}

/// Match ids, newest first, optionally only those `player` sat in (ignoring case). Walks
/// the matches newest first and stops at `limit`, so a common player costs no more than
/// `limit` matches.
pub fn match_ids(conn: &Connection, player: Option<&str>, limit: u32) -> anyhow::Result<Vec<i64>> {
    let ids = match player {
        None => conn
            .prepare_cached("SELECT id FROM matches ORDER BY started_at DESC, id DESC LIMIT ?1")?
            .query_map(params![limit], |r| r.get(0))?
            .collect::<Result<Vec<i64>, _>>()?,
        Some(player) => conn
            .prepare_cached(
                "SELECT m.id FROM matches m
                 WHERE EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.player = ?1 COLLATE NOCASE)
                 ORDER BY m.started_at DESC, m.id DESC LIMIT ?2",
            )?
            .query_map(params![player, limit], |r| r.get(0))?
            .collect::<Result<Vec<i64>, _>>()?,
    };
    Ok(ids)
}

/// Loads a whole match, or `None` if there is no match with that id. A row that breaks
/// what golf guarantees (unreadable rules, a seat past the players, a missing grid) is
/// [`Damaged`]; text that carries control characters is escaped.
pub fn load_match(conn: &Connection, id: i64) -> anyhow::Result<Option<Match>> {
    let Some(mut m) = load_header(conn, id)? else {
        return Ok(None);
    };
    let mut stmt =
        conn.prepare_cached("SELECT player FROM seats WHERE match_id = ?1 ORDER BY seat")?;
    m.players = stmt
        .query_map([id], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    m.holes = load_holes(conn, id)?;
    m.penalties = load_penalties(conn, id)?;
    let mut stmt = conn.prepare_cached(
        "SELECT at, action, hole, playoff, detail FROM audit WHERE match_id = ?1 ORDER BY id",
    )?;
    m.audit = stmt
        .query_map([id], |r| {
            Ok(AuditEntry {
                at: r.get(0)?,
                action: r.get(1)?,
                hole: r.get(2)?,
                playoff: r.get(3)?,
                detail: r.get(4)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    // golf refuses control characters in what it stores; text in a tampered file is
    // escaped here, before any view can print it
    m.players = m.players.into_iter().map(shown).collect();
    m.name = m.name.map(shown);
    for p in &mut m.penalties {
        p.reason = shown(std::mem::take(&mut p.reason));
    }
    if let Some(why) = m.damage() {
        return Err(Damaged(format!("match {id}: {why}")).into());
    }
    Ok(Some(m))
}

fn shown(t: String) -> String {
    match crate::text::escape(&t) {
        std::borrow::Cow::Borrowed(_) => t,
        std::borrow::Cow::Owned(escaped) => escaped,
    }
}

thread_local! {
    // Rule sets decoded so far, by their stored JSON: thousands of matches share a few
    // rule sets, so `history` and `export` decode each once (issue 13).
    static DECODED: std::cell::RefCell<std::collections::HashMap<String, Rules>> =
        std::cell::RefCell::default();
}

/// The rules stored as `json`, decoded once per distinct text (at most 64 kept).
fn decode_rules(json: &str) -> serde_json::Result<Rules> {
    if let Some(rules) = DECODED.with_borrow(|d| d.get(json).cloned()) {
        return Ok(rules);
    }
    let rules: Rules = serde_json::from_str(json)?;
    DECODED.with_borrow_mut(|d| {
        if d.len() >= 64 {
            d.clear();
        }
        d.insert(json.to_string(), rules.clone());
    });
    Ok(rules)
}

/// The match row with its rules and tiebreak chain; players, holes and penalties empty.
fn load_header(conn: &Connection, id: i64) -> anyhow::Result<Option<Match>> {
    let row = conn
        .query_row(
            "SELECT m.name, r.json, m.holes_planned, m.decks, m.tiebreak, m.started_at, m.finished_at, m.target, m.abandoned_at, m.uuid
             FROM matches m JOIN rule_sets r ON r.id = m.rule_set WHERE m.id = ?1",
            [id],
            |r| {
                Ok((
                    r.get::<_, Option<String>>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, u32>(2)?,
                    r.get::<_, u32>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, Option<String>>(6)?,
                    r.get::<_, Option<u32>>(7)?,
                    r.get::<_, Option<String>>(8)?,
                    r.get::<_, Option<String>>(9)?,
                ))
            },
        )
        .optional()?;
    let Some((
        name,
        rules_json,
        holes_planned,
        decks,
        tiebreak,
        started_at,
        finished_at,
        target,
        abandoned_at,
        uuid,
    )) = row
    else {
        return Ok(None);
    };
    let rules = decode_rules(&rules_json)
        .map_err(|e| Damaged(format!("match {id}: its stored rules cannot be read ({e})")))?;
    let tiebreak = tiebreak
        .split(',')
        .map(|t| {
            t.parse::<Tiebreak>()
                .map_err(|e| Damaged(format!("match {id}: its tiebreak chain: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(Match {
        id,
        uuid: uuid.unwrap_or_default(),
        name,
        rules,
        holes_planned,
        target,
        decks,
        tiebreak,
        players: vec![],
        started_at,
        finished_at,
        abandoned_at,
        holes: vec![],
        penalties: vec![],
        audit: vec![],
    }))
}

fn load_holes(conn: &Connection, id: i64) -> anyhow::Result<Vec<Hole>> {
    let mut stmt = conn.prepare_cached(
        "SELECT h.id, h.number, h.playoff, h.out_seat, h.recorded_at, h.knocked, h.note
         FROM holes h WHERE h.match_id = ?1 ORDER BY h.playoff, h.number",
    )?;
    let rows = stmt
        .query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, bool>(2)?,
                r.get::<_, Option<i64>>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, bool>(5)?,
                r.get::<_, Option<String>>(6)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut grids = conn.prepare_cached(
        "SELECT seat, typed, grid, score, adjustment, explanation FROM grids WHERE hole_id = ?1 ORDER BY seat",
    )?;
    let mut holes = Vec::with_capacity(rows.len());
    for (hole_id, number, playoff, out, recorded_at, knocked, note) in rows {
        let entries = grids
            .query_map([hole_id], |r| {
                Ok(Entry {
                    seat: seat(r.get(0)?),
                    typed: r.get(1)?,
                    grid: r.get(2)?,
                    score: r.get(3)?,
                    adjustment: r.get(4)?,
                    explanation: r.get(5)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        holes.push(Hole {
            number,
            playoff,
            out: out.map(seat),
            knocked,
            note,
            entries,
            recorded_at,
        });
    }
    Ok(holes)
}

/// A stored seat number; a negative one (only a tampered file has it) becomes a seat no
/// match has, which [`Match::damage`] reports.
fn seat(n: i64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

fn load_penalties(conn: &Connection, id: i64) -> anyhow::Result<Vec<PenaltyRecord>> {
    let mut stmt = conn.prepare_cached(
        "SELECT seat, hole, kind, points, disqualifies, reason, recorded_at
         FROM penalties WHERE match_id = ?1 ORDER BY id",
    )?;
    let rows = stmt
        .query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i32>(3)?,
                r.get::<_, bool>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, String>(6)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    rows.into_iter()
        .map(
            |(s, hole, kind, points, disqualifies, reason, recorded_at)| {
                Ok(PenaltyRecord {
                    seat: seat(s),
                    hole,
                    kind: PenaltyKind::from_name(&kind).ok_or_else(|| {
                        Damaged(format!("match {id}: unknown penalty kind {kind:?}"))
                    })?,
                    points,
                    disqualifies,
                    reason,
                    recorded_at,
                })
            },
        )
        .collect()
}

/// Records one hole with every entry.
pub fn insert_hole(conn: &Connection, match_id: i64, hole: &Hole) -> anyhow::Result<()> {
    conn.execute(
        "INSERT INTO holes (match_id, number, playoff, out_seat, recorded_at, knocked, note) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
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
    let mut stmt = conn.prepare_cached(
        "INSERT INTO grids (hole_id, match_id, seat, typed, grid, score, adjustment, explanation)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    for e in &hole.entries {
        stmt.execute(params![
            hole_id,
            match_id,
            e.seat as i64,
            e.typed,
            e.grid,
            e.score,
            e.adjustment,
            e.explanation
        ])?;
    }
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
    Ok(())
}

/// Removes the last penalty recorded in a match (the caller keeps it in the audit log).
pub fn delete_last_penalty(conn: &Connection, match_id: i64) -> anyhow::Result<()> {
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

/// Unfinished, unabandoned matches other than `except`, newest first.
pub fn unfinished_matches(conn: &Connection, except: i64) -> anyhow::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id FROM matches WHERE finished_at IS NULL AND abandoned_at IS NULL AND id != ?1 ORDER BY id DESC",
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
    let id = insert_match(conn, m)?;
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
/// match `id`), then its finish or abandonment.
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

/// Every match id, oldest first.
pub fn all_match_ids(conn: &Connection) -> anyhow::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached("SELECT id FROM matches ORDER BY id")?;
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
