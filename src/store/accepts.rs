//! Each player's accept of their table's card in SQLite (RULES.md §13, "Accepting the
//! card"; schema v11): one row per seat, the latest hole accepted. The hole and penalty
//! writers of [`super::matches`] clear the accepts of the holes a change touches.

use rusqlite::{params, Connection};

use crate::game::Accept;

/// Records `a` as the accept of its seat in match `match_id` (replacing an earlier one).
pub fn save(conn: &Connection, match_id: i64, a: &Accept) -> anyhow::Result<()> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO accepts (match_id, seat, hole, accepted_at, by) VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![match_id, a.seat as i64, a.hole, a.at, a.by])?;
    Ok(())
}

/// Clears the accepts of match `match_id` that cover hole `hole` (those of hole `hole`
/// and later): a change to that hole asks again. Returns how many were cleared.
pub fn clear_from(conn: &Connection, match_id: i64, hole: u32) -> anyhow::Result<usize> {
    Ok(conn
        .prepare_cached("DELETE FROM accepts WHERE match_id = ?1 AND hole >= ?2")?
        .execute(params![match_id, hole])?)
}

/// Every accept of the matches whose ids `list` holds (a JSON array, as the loader gives
/// it), as `(match id, accept)`, by match and seat.
pub fn load(conn: &Connection, list: &str) -> anyhow::Result<Vec<(i64, Accept)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT match_id, seat, hole, accepted_at, by FROM accepts
         WHERE match_id IN (SELECT value FROM json_each(?1)) ORDER BY match_id, seat",
    )?;
    let rows = stmt
        .query_map([list], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                Accept {
                    seat: usize::try_from(r.get::<_, i64>(1)?).unwrap_or(usize::MAX),
                    hole: r.get(2)?,
                    at: r.get(3)?,
                    by: r.get(4)?,
                },
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}
