//! The answers `golf serve` kept for its writes' idempotency keys (schema v10; CLI.md
//! "Exactly once"): per credential and key, a hash of the request and the answer given.
//! Written in the same transaction as the write they answer, so a repeat of the request
//! finds either nothing written and no answer, or both.

use rusqlite::{params, Connection, OptionalExtension};

/// An answer kept for a key: the hash of the request it answered, its HTTP status and
/// its body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    /// The hash of the request (route, credential, body) it answered.
    pub request: String,
    /// The HTTP status given.
    pub status: u16,
    /// The body given (JSON).
    pub body: String,
}

/// How long a kept answer is kept at least: a day, as the draft asks, and a day more.
const KEPT_FOR: chrono::Duration = chrono::Duration::hours(48);

/// The answer kept for key `key` of credential `who`, if any.
pub fn load(conn: &Connection, who: &str, key: &str) -> anyhow::Result<Option<Kept>> {
    Ok(conn
        .prepare_cached(
            "SELECT request, status, body FROM idempotency WHERE who = ?1 AND key = ?2",
        )?
        .query_row(params![who, key], |r| {
            Ok(Kept {
                request: r.get(0)?,
                status: u16::try_from(r.get::<_, i64>(1)?).unwrap_or(500),
                body: r.get(2)?,
            })
        })
        .optional()?)
}

/// Keeps `kept` as the answer to key `key` of credential `who`, made at `now` (RFC 3339),
/// and lets go of answers older than two days. Errors: the key already has an answer
/// (the caller looks first, in the same transaction).
pub fn keep(conn: &Connection, who: &str, key: &str, kept: &Kept, now: &str) -> anyhow::Result<()> {
    conn.prepare_cached(
        "INSERT INTO idempotency (who, key, request, status, body, made_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![who, key, kept.request, kept.status, kept.body, now])?;
    if let Ok(at) = chrono::DateTime::parse_from_rfc3339(now) {
        let before = (at - KEPT_FOR)
            .with_timezone(&chrono::Utc)
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        conn.prepare_cached("DELETE FROM idempotency WHERE made_at < ?1")?
            .execute([before])?;
    }
    Ok(())
}
