//! Drafts of holes typed at the prompt (schema v8): one per match, kept after each grid
//! typed and when the prompt stops, offered back by the next prompt, removed when any hole
//! of the match is recorded. Never part of a match's record.
//!
//! A draft is read back as it is stored, whatever a tampered file holds: a row that cannot
//! be read is reported as such (never a panic); what it says is checked against its match
//! by [`Draft::problem`] before it is offered, and by `golf check`.

use rusqlite::{params, Connection, OptionalExtension};

use crate::game::Draft;

/// A draft as read back: the draft, or why its row cannot be read (escaped).
pub type Stored = Result<Draft, String>;

/// Keeps `draft` as the draft of match `match_id`, replacing any earlier one, and raises
/// its revision ([`raise_revision`]).
pub fn save(conn: &Connection, match_id: i64, draft: &Draft, now: &str) -> anyhow::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO drafts (match_id, hole, playoff, entries, saved_at, ending, computer, restored)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            match_id,
            draft.hole,
            draft.playoff,
            serde_json::to_string(&draft.entries)?,
            now,
            claims_text(draft)?,
            seats_text(&draft.computer)?,
            seats_text(&draft.restored)?,
        ],
    )?;
    raise_revision(conn, match_id)?;
    Ok(())
}

/// The draft kept for match `match_id`, if any.
pub fn load(conn: &Connection, match_id: i64) -> anyhow::Result<Option<Stored>> {
    let row = conn
        .query_row(
            "SELECT hole, playoff, entries, ending, computer, restored FROM drafts WHERE match_id = ?1",
            [match_id],
            |r| {
                Ok((
                    r.get_ref(0)?.as_i64(),
                    r.get_ref(1)?.as_i64(),
                    text(r, 2),
                    ending(r, 3),
                    (seats(r, 4), seats(r, 5)),
                ))
            },
        )
        .optional()?;
    Ok(
        row.map(|(hole, playoff, entries, ending, (computer, restored))| {
            read(hole.ok(), playoff.ok(), entries).and_then(|mut d| {
                d.set_claims(ending?);
                d.computer = computer;
                d.restored = restored;
                Ok(d)
            })
        }),
    )
}

/// Which hole the draft of match `match_id` is for and when it was saved, as stored
/// (`(hole, playoff, saved_at)`), if there is one: a prompt that sees it change under it
/// knows another prompt is typing the same match.
pub fn stamp(conn: &Connection, match_id: i64) -> anyhow::Result<Option<(i64, i64, String)>> {
    Ok(conn
        .query_row(
            "SELECT hole, playoff, saved_at FROM drafts WHERE match_id = ?1",
            [match_id],
            |r| {
                Ok((
                    r.get_ref(0)?.as_i64().unwrap_or(-1),
                    r.get_ref(1)?.as_i64().unwrap_or(-1),
                    text(r, 2).unwrap_or_default(),
                ))
            },
        )
        .optional()?)
}

/// Every draft kept, by match id, in match order (for `golf check`).
pub fn all(conn: &Connection) -> anyhow::Result<Vec<(i64, Stored)>> {
    let mut stmt = conn.prepare(
        "SELECT match_id, hole, playoff, entries, ending, computer, restored FROM drafts ORDER BY match_id",
    )?;
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                read(
                    r.get_ref(1)?.as_i64().ok(),
                    r.get_ref(2)?.as_i64().ok(),
                    text(r, 3),
                )
                .and_then(|mut d| {
                    d.set_claims(ending(r, 4)?);
                    d.computer = seats(r, 5);
                    d.restored = seats(r, 6);
                    Ok(d)
                }),
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Column `i` as text, if it is text.
fn text(r: &rusqlite::Row<'_>, i: usize) -> Option<String> {
    r.get_ref(i)
        .ok()
        .and_then(|v| v.as_str().ok().map(str::to_string))
}

/// The seats of column `i` (typed at the computer; put back by an undo): none when NULL or
/// unreadable (it only says where a grid came from).
fn seats(r: &rusqlite::Row<'_>, i: usize) -> Vec<usize> {
    match r.get_ref(i) {
        Ok(rusqlite::types::ValueRef::Text(t)) => serde_json::from_slice(t).unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Seats as kept: JSON `[seat, ...]`, NULL for none.
fn seats_text(seats: &[usize]) -> anyhow::Result<Option<String>> {
    Ok(match seats.is_empty() {
        true => None,
        false => Some(serde_json::to_string(seats)?),
    })
}

/// Who the draft says ended the hole, as kept: `[seat, knocked]` for one claim (as every
/// draft before two claims could be kept), `[[seat, knocked], ...]` for several, NULL for
/// none.
fn claims_text(draft: &Draft) -> anyhow::Result<Option<String>> {
    Ok(match (draft.ending, draft.also.is_empty()) {
        (None, _) => None,
        (Some(one), true) => Some(serde_json::to_string(&one)?),
        (Some(_), false) => Some(serde_json::to_string(&draft.claims())?),
    })
}

/// Column `i`, who the draft says ended the hole ([`claims_text`]), or why it cannot be
/// read.
fn ending(r: &rusqlite::Row<'_>, i: usize) -> Result<Vec<(usize, bool)>, String> {
    match r.get_ref(i) {
        Ok(rusqlite::types::ValueRef::Null) => Ok(Vec::new()),
        Ok(rusqlite::types::ValueRef::Text(t)) => {
            let one = serde_json::from_slice::<(usize, bool)>(t).map(|c| vec![c]);
            one.or_else(|_| serde_json::from_slice(t)).map_err(|e| {
                crate::text::escape(&format!("who ended the hole cannot be read ({e})"))
                    .into_owned()
            })
        }
        _ => Err("who ended the hole is not text".into()),
    }
}

/// A draft from its stored columns, or why it cannot be read.
fn read(hole: Option<i64>, playoff: Option<i64>, entries: Option<String>) -> Stored {
    let hole = hole
        .and_then(|h| u32::try_from(h).ok())
        .ok_or("its hole number is not a number from 0 to 4294967295")?;
    let playoff = match playoff {
        Some(0) => false,
        Some(1) => true,
        _ => return Err("its playoff mark is neither 0 nor 1".into()),
    };
    let entries = entries.ok_or("its grids are not text")?;
    let entries = serde_json::from_str(&entries).map_err(|e| {
        crate::text::escape(&format!("its grids cannot be read ({e})")).into_owned()
    })?;
    Ok(Draft {
        hole,
        playoff,
        entries,
        ending: None,
        computer: Vec::new(),
        restored: Vec::new(),
        also: Vec::new(),
    })
}

/// Removes the draft of match `match_id` (a hole of it was recorded), raising its
/// revision when there was one.
pub fn remove(conn: &Connection, match_id: i64) -> anyhow::Result<()> {
    if conn.execute("DELETE FROM drafts WHERE match_id = ?1", [match_id])? > 0 {
        raise_revision(conn, match_id)?;
    }
    Ok(())
}

/// The revision of match `match_id`'s draft: 0 before its first change, raised by every
/// change since ([`raise_revision`]), never lowered (schema v10).
pub fn revision(conn: &Connection, match_id: i64) -> anyhow::Result<i64> {
    Ok(conn
        .prepare_cached("SELECT revision FROM draft_revisions WHERE match_id = ?1")?
        .query_row([match_id], |r| r.get(0))
        .optional()?
        .unwrap_or(0))
}

/// Raises the revision of match `match_id`'s draft by one, for a change to it; returns the
/// new revision.
pub fn raise_revision(conn: &Connection, match_id: i64) -> anyhow::Result<i64> {
    Ok(conn
        .prepare_cached(
            "INSERT INTO draft_revisions (match_id, revision) VALUES (?1, 1)
             ON CONFLICT (match_id) DO UPDATE SET revision = revision + 1
             RETURNING revision",
        )?
        .query_row([match_id], |r| r.get(0))?)
}
