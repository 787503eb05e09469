//! The scorekeeper's key of `golf serve` (schema v9): one per database, kept so that a
//! restart keeps every link working (CLI.md "Every phone at the table"). Read and written
//! by `golf serve` alone; never printed by any other command.

use rusqlite::{params, Connection, OptionalExtension};

/// The key kept, if there is one and it is one golf made (32 hex digits); a key that is not
/// is taken as none, so a new one replaces it.
pub fn load(conn: &Connection) -> anyhow::Result<Option<String>> {
    let key: Option<String> = conn
        .query_row("SELECT key FROM serve_key WHERE id = 1", [], |r| r.get(0))
        .optional()?;
    Ok(key.filter(|k| k.len() == 32 && k.bytes().all(|b| b.is_ascii_hexdigit())))
}

/// Keeps `key` as the database's key, replacing any other.
pub fn save(conn: &Connection, key: &str, now: &str) -> anyhow::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO serve_key (id, key, made_at) VALUES (1, ?1, ?2)",
        params![key, now],
    )?;
    Ok(())
}
