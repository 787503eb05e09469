//! Drafts of holes typed at the prompt and stopped before they were complete (schema v8):
//! one per match, saved when the prompt stops, offered back by the next prompt, removed
//! when any hole of the match is recorded. Never part of a match's record.

use rusqlite::{params, Connection, OptionalExtension};

use crate::prompt::Draft;

/// Keeps `draft` as the draft of match `match_id`, replacing any earlier one.
pub fn save(conn: &Connection, match_id: i64, draft: &Draft, now: &str) -> anyhow::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO drafts (match_id, hole, playoff, entries, saved_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            match_id,
            draft.hole,
            draft.playoff,
            serde_json::to_string(&draft.entries)?,
            now
        ],
    )?;
    Ok(())
}

/// The draft kept for match `match_id`, if any (one that cannot be read is no draft).
pub fn load(conn: &Connection, match_id: i64) -> anyhow::Result<Option<Draft>> {
    let row: Option<(u32, bool, String)> = conn
        .query_row(
            "SELECT hole, playoff, entries FROM drafts WHERE match_id = ?1",
            [match_id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    Ok(row.and_then(|(hole, playoff, entries)| {
        let entries = serde_json::from_str(&entries).ok()?;
        Some(Draft {
            hole,
            playoff,
            entries,
        })
    }))
}

/// Removes the draft of match `match_id` (a hole of it was recorded).
pub fn remove(conn: &Connection, match_id: i64) -> anyhow::Result<()> {
    conn.execute("DELETE FROM drafts WHERE match_id = ?1", [match_id])?;
    Ok(())
}
