//! Tournaments in SQLite: the tournament, its players, and which match each table of each
//! round is.

use rusqlite::{params, Connection, OptionalExtension};

use super::{load_match, Damaged};
use crate::game::tournament::{
    Disqualification, LateEntry, RoundClock, Seating, TableRecord, Tournament, TournamentRecord,
    Withdrawal,
};
use crate::rules::Rules;

/// The columns of a tournament's head row, as [`head`] reads them: id, name, rules JSON,
/// rounds, table size, seating, seed, holes, when it was created.
const HEAD: &str =
    "SELECT t.id, t.name, r.json, t.rounds, t.table_size, t.seating, t.seed, t.holes, t.created_at
     FROM tournaments t JOIN rule_sets r ON r.id = t.rule_set";

/// A tournament's head row decoded: everything but its players and tables.
struct Head {
    id: i64,
    name: String,
    rules: Rules,
    rounds: u32,
    table_size: usize,
    seating: Seating,
    seed: u64,
    holes: u32,
    created_at: String,
}

/// Reads a row of [`HEAD`]; a tournament whose rules or seating cannot be read is damaged.
fn head(r: &rusqlite::Row<'_>) -> rusqlite::Result<anyhow::Result<Head>> {
    let name: String = r.get(1)?;
    let (json, seating): (String, String) = (r.get(2)?, r.get(5)?);
    let (id, rounds, size, seed, holes, created_at) = (
        r.get(0)?,
        r.get(3)?,
        r.get::<_, i64>(4)?,
        r.get::<_, i64>(6)?,
        r.get(7)?,
        r.get(8)?,
    );
    let damaged = |what: &str| Damaged(format!("tournament {name}: {what}"));
    Ok((|| {
        let rules = serde_json::from_str(&json).map_err(|_| damaged("its rules cannot be read"))?;
        let seating =
            crate::rules::from_name(&seating).ok_or_else(|| damaged("its seating is unknown"))?;
        Ok(Head {
            id,
            rules,
            rounds,
            table_size: usize::try_from(size).unwrap_or(0),
            seating,
            seed: seed as u64,
            holes,
            created_at,
            name: name.clone(),
        })
    })())
}

/// Records a new tournament and its players; returns its id.
pub fn insert_tournament(conn: &Connection, t: &Tournament, at: &str) -> anyhow::Result<i64> {
    let seating = crate::rules::name_of(&t.seating);
    conn.execute(
        "INSERT INTO tournaments (name, rule_set, rounds, table_size, seating, seed, holes, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![t.name, super::matches::rule_set_id(conn, &t.rules)?, t.rounds, t.table_size as i64, seating, t.seed as i64, t.holes, at],
    )?;
    let id = conn.last_insert_rowid();
    for (i, p) in t.players.iter().enumerate() {
        conn.execute(
            "INSERT INTO tournament_players (tournament_id, position, player) VALUES (?1, ?2, ?3)",
            params![id, i as i64, p],
        )?;
    }
    Ok(id)
}

/// Records that `match_id` is table `number` of `round`.
pub fn insert_table(
    conn: &Connection,
    id: i64,
    round: usize,
    number: usize,
    match_id: i64,
) -> anyhow::Result<()> {
    conn.execute(
        "INSERT INTO tournament_tables (tournament_id, round, number, match_id) VALUES (?1, ?2, ?3, ?4)",
        params![id, round as i64, number as i64, match_id],
    )?;
    Ok(())
}

/// The number of the table match `match_id` is at, when it is a tournament's table.
pub fn table_number(conn: &Connection, match_id: i64) -> anyhow::Result<Option<usize>> {
    let n: Option<i64> = conn
        .query_row(
            "SELECT number FROM tournament_tables WHERE match_id = ?1",
            [match_id],
            |r| r.get(0),
        )
        .optional()?;
    Ok(n.and_then(|n| usize::try_from(n).ok()))
}

/// Disqualifies `player` from the whole tournament.
pub fn disqualify(
    conn: &Connection,
    id: i64,
    player: &str,
    at: &str,
    reason: &str,
) -> anyhow::Result<()> {
    conn.execute(
        "UPDATE tournament_players SET disqualified_at = ?3, reason = ?4 WHERE tournament_id = ?1 AND player = ?2",
        params![id, player, at, reason],
    )?;
    Ok(())
}

/// Lifts the disqualification of `player` from the whole tournament `id` (an undo): seated
/// again from the next round.
pub fn reinstate(conn: &Connection, id: i64, player: &str) -> anyhow::Result<()> {
    conn.execute(
        "UPDATE tournament_players SET disqualified_at = NULL, reason = NULL WHERE tournament_id = ?1 AND player = ?2",
        params![id, player],
    )?;
    Ok(())
}

/// When `player` was disqualified from the whole tournament `id`, if they are.
pub fn disqualified_at(conn: &Connection, id: i64, player: &str) -> anyhow::Result<Option<String>> {
    Ok(conn
        .query_row(
            "SELECT disqualified_at FROM tournament_players WHERE tournament_id = ?1 AND player = ?2",
            params![id, player],
            |r| r.get::<_, Option<String>>(0),
        )
        .optional()?
        .flatten())
}

/// Enters `player` late in tournament `id`, first seated in round `joined` (RULES.md §13).
pub fn add_player(conn: &Connection, id: i64, player: &str, joined: usize) -> anyhow::Result<()> {
    conn.execute(
        "INSERT INTO tournament_players (tournament_id, position, player, joined_round)
         VALUES (?1, (SELECT coalesce(max(position), -1) + 1 FROM tournament_players WHERE tournament_id = ?1), ?2, ?3)",
        params![id, player, joined as i64],
    )?;
    Ok(())
}

/// Records that `player` withdrew from tournament `id` at `at`, after `rounds` rounds.
pub fn withdraw(
    conn: &Connection,
    id: i64,
    player: &str,
    rounds: usize,
    at: &str,
) -> anyhow::Result<()> {
    conn.execute(
        "UPDATE tournament_players SET withdrew_after = ?3, withdrew_at = ?4 WHERE tournament_id = ?1 AND player = ?2",
        params![id, player, rounds as i64, at],
    )?;
    Ok(())
}

/// Starts the clock of `round` of tournament `id` at `at` with `minutes`, unless that round
/// has one already (a clock once started is kept: a restart keeps the time left). Returns
/// whether it was started now.
pub fn start_clock(
    conn: &Connection,
    id: i64,
    round: u32,
    at: &str,
    minutes: u32,
) -> anyhow::Result<bool> {
    Ok(conn
        .prepare_cached(
            "INSERT OR IGNORE INTO round_clocks (tournament_id, round, started_at, minutes) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![id, round, at, minutes])?
        == 1)
}

/// Each round's clock of tournament `id`, by round.
pub fn clocks(conn: &Connection, id: i64) -> anyhow::Result<Vec<RoundClock>> {
    let mut stmt = conn.prepare_cached(
        "SELECT round, started_at, minutes FROM round_clocks WHERE tournament_id = ?1 ORDER BY round",
    )?;
    let clocks = stmt
        .query_map([id], |r| {
            Ok(RoundClock {
                round: r.get(0)?,
                started_at: r.get(1)?,
                minutes: r.get(2)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(clocks)
}

/// The tournament a match is a table of, if any.
pub fn tournament_of(conn: &Connection, match_id: i64) -> anyhow::Result<Option<i64>> {
    Ok(conn
        .query_row(
            "SELECT tournament_id FROM tournament_tables WHERE match_id = ?1",
            [match_id],
            |r| r.get(0),
        )
        .optional()?)
}

/// The name of tournament `id`.
pub fn name_of(conn: &Connection, id: i64) -> anyhow::Result<String> {
    Ok(
        conn.query_row("SELECT name FROM tournaments WHERE id = ?1", [id], |r| {
            r.get(0)
        })?,
    )
}

/// Tournament tables still in play (matches neither finished nor abandoned), by id.
pub fn tables_in_play(conn: &Connection) -> anyhow::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT t.match_id FROM tournament_tables t JOIN matches m ON m.id = t.match_id
         WHERE m.finished_at IS NULL AND m.abandoned_at IS NULL ORDER BY t.match_id",
    )?;
    let ids = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(ids)
}

/// Tournament names, newest first.
pub fn names(conn: &Connection) -> anyhow::Result<Vec<String>> {
    let mut stmt = conn.prepare("SELECT name FROM tournaments ORDER BY id DESC")?;
    let names = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(names)
}

/// Every tournament, newest first.
pub fn all(conn: &Connection) -> anyhow::Result<Vec<Tournament>> {
    let mut all = Vec::new();
    for name in names(conn)? {
        all.extend(load(conn, Some(&name))?);
    }
    Ok(all)
}

/// Loads a tournament by name (any case), or the newest; `None` when there is none.
pub fn load(conn: &Connection, name: Option<&str>) -> anyhow::Result<Option<Tournament>> {
    let sql =
        format!("{HEAD} WHERE ?1 IS NULL OR t.name = ?1 COLLATE NOCASE ORDER BY t.id DESC LIMIT 1");
    let Some(h) = conn.query_row(&sql, [name], head).optional()? else {
        return Ok(None);
    };
    let Head {
        id,
        name,
        rules,
        rounds,
        table_size,
        seating,
        seed,
        holes,
        ..
    } = h?;
    let mut stmt = conn.prepare_cached(
        "SELECT player, disqualified_at, reason, joined_round, withdrew_after FROM tournament_players WHERE tournament_id = ?1 ORDER BY position",
    )?;
    let rows = stmt
        .query_map([id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, Option<String>>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, Option<i64>>(4)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let round = |n: i64| usize::try_from(n).unwrap_or(0);
    let late = rows
        .iter()
        .filter(|r| r.3 > 1)
        .map(|r| (r.0.clone(), round(r.3)))
        .collect();
    let withdrew = rows
        .iter()
        .filter_map(|r| Some((r.0.clone(), round(r.4?))))
        .collect();
    let players = rows.iter().map(|r| r.0.clone()).collect();
    let disqualified = rows
        .iter()
        .filter(|r| r.1.is_some())
        .map(|r| (r.0.clone(), r.2.clone().unwrap_or_default()))
        .collect();
    let disqualified_at = rows
        .iter()
        .filter_map(|r| Some((r.0.clone(), r.1.clone()?)))
        .collect();
    let played = played(conn, id, &name)?;
    Ok(Some(Tournament {
        id,
        name,
        rules,
        rounds,
        table_size,
        seating,
        seed,
        holes,
        players,
        disqualified,
        disqualified_at,
        late,
        withdrew,
        clocks: clocks(conn, id)?,
        played,
    }))
}

/// The matches of each round of tournament `id` (named `name`), table by table.
fn played(conn: &Connection, id: i64, name: &str) -> anyhow::Result<Vec<Vec<crate::game::Match>>> {
    let mut stmt = conn.prepare_cached(
        "SELECT round, match_id FROM tournament_tables WHERE tournament_id = ?1 ORDER BY round, number",
    )?;
    let tables = stmt
        .query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    let mut played: Vec<Vec<crate::game::Match>> = Vec::new();
    for (round, match_id) in tables {
        let m = load_match(conn, match_id)?
            .ok_or_else(|| Damaged(format!("tournament {name}: a table's match is missing")))?;
        if played.len() < round as usize {
            played.push(Vec::new());
        }
        if let Some(r) = played.last_mut() {
            r.push(m);
        }
    }
    Ok(played)
}

/// Every tournament as exported, oldest first, whose tables' matches are all among
/// `uuids` (the matches of the export; `None` for every match).
pub fn records(
    conn: &Connection,
    uuids: Option<&[String]>,
) -> anyhow::Result<Vec<TournamentRecord>> {
    let mut stmt = conn.prepare(&format!("{HEAD} ORDER BY t.id"))?;
    let heads = stmt.query_map([], head)?.collect::<Result<Vec<_>, _>>()?;
    let mut all = Vec::new();
    for h in heads {
        let h = h?;
        let kept = record_players(conn, h.id)?;
        let tables = record_tables(conn, h.id)?;
        if uuids.is_some_and(|u| tables.iter().any(|t| !u.contains(&t.uuid))) {
            continue;
        }
        all.push(TournamentRecord {
            name: h.name,
            rules: h.rules,
            rounds: h.rounds,
            table_size: h.table_size,
            seating: h.seating,
            seed: h.seed,
            holes: h.holes,
            created_at: h.created_at,
            players: kept.players,
            disqualified: kept.disqualified,
            tables,
            late: kept.late,
            withdrew: kept.withdrew,
            clocks: clocks(conn, h.id)?,
        });
    }
    Ok(all)
}

/// A tournament's players as exported ([`record_players`]).
struct PlayerRecords {
    /// In their order.
    players: Vec<String>,
    /// Disqualifications, in the order given.
    disqualified: Vec<Disqualification>,
    /// Late entrants, in the order entered.
    late: Vec<LateEntry>,
    /// Leavers, in the order they left.
    withdrew: Vec<Withdrawal>,
}

/// A tournament's players, disqualifications, late entrants and leavers.
fn record_players(conn: &Connection, id: i64) -> anyhow::Result<PlayerRecords> {
    let mut kept = PlayerRecords {
        players: Vec::new(),
        disqualified: Vec::new(),
        late: Vec::new(),
        withdrew: Vec::new(),
    };
    let mut stmt = conn.prepare_cached(
        "SELECT player, disqualified_at, reason, joined_round, withdrew_after, withdrew_at
         FROM tournament_players WHERE tournament_id = ?1 ORDER BY position",
    )?;
    let mut rows = stmt.query([id])?;
    while let Some(r) = rows.next()? {
        let player: String = r.get(0)?;
        if let Some(at) = r.get::<_, Option<String>>(1)? {
            kept.disqualified.push(Disqualification {
                player: player.clone(),
                reason: r.get::<_, Option<String>>(2)?.unwrap_or_default(),
                at,
            });
        }
        let joined_round: u32 = r.get(3)?;
        if joined_round > 1 {
            kept.late.push(LateEntry {
                player: player.clone(),
                joined_round,
            });
        }
        if let Some(after) = r.get::<_, Option<u32>>(4)? {
            kept.withdrew.push(Withdrawal {
                player: player.clone(),
                after,
                at: r.get::<_, Option<String>>(5)?.unwrap_or_default(),
            });
        }
        kept.players.push(player);
    }
    // the order they were given in, as a later export appends them
    kept.disqualified.sort_by(|a, b| a.at.cmp(&b.at));
    kept.withdrew.sort_by(|a, b| a.at.cmp(&b.at));
    Ok(kept)
}

/// A tournament's tables, by round and number, each naming its match by stable id.
fn record_tables(conn: &Connection, id: i64) -> anyhow::Result<Vec<TableRecord>> {
    let mut stmt = conn.prepare_cached(
        "SELECT t.round, t.number, m.uuid FROM tournament_tables t JOIN matches m ON m.id = t.match_id
         WHERE t.tournament_id = ?1 ORDER BY t.round, t.number",
    )?;
    let tables: Vec<TableRecord> = stmt
        .query_map([id], |r| {
            Ok(TableRecord {
                round: r.get(0)?,
                table: r.get(1)?,
                uuid: r.get(2)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(tables)
}

/// What importing a tournament did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Imported {
    /// Recorded here.
    Added,
    /// Already here, identical.
    Skipped,
    /// Here in an earlier state, brought up to date.
    Updated,
}

/// Records tournament `t` from an import, its tables' matches already recorded here (found
/// by stable id). One already here and identical is skipped; one here in an earlier state
/// ([`TournamentRecord::continues`]) gets the new tables and disqualifications. `Err` with
/// a message when one of that name differs, or a table's match is not here.
pub fn import_record(
    conn: &Connection,
    t: &TournamentRecord,
) -> anyhow::Result<Result<Imported, String>> {
    let here = records(conn, None)?.into_iter().find(|h| h.name == t.name);
    let id = match &here {
        Some(h) if h == t => return Ok(Ok(Imported::Skipped)),
        Some(h) if t.continues(h) => {
            conn.query_row("SELECT id FROM tournaments WHERE name = ?1", [&t.name], |r| r.get(0))?
        }
        Some(_) => {
            return Ok(Err(format!(
                "the tournament {} here has the same name but different contents, and is not an earlier state of it",
                t.name
            )))
        }
        None => insert_record_head(conn, t)?,
    };
    // what is here already: the first of each of the record's lists
    let added = here.is_none();
    let had = here.unwrap_or_else(|| TournamentRecord {
        tables: vec![],
        disqualified: vec![],
        late: vec![],
        withdrew: vec![],
        clocks: vec![],
        ..t.clone()
    });
    for p in &t.players[had.players.len()..] {
        add_player(conn, id, p, 1)?;
    }
    for table in &t.tables[had.tables.len()..] {
        let Some(match_id) = super::find_by_uuid(conn, &table.uuid)? else {
            return Ok(Err(format!(
                "the tournament {}: the match {} of round {} table {} is neither in the file nor here",
                t.name, table.uuid, table.round, table.table
            )));
        };
        insert_table(
            conn,
            id,
            table.round as usize,
            table.table as usize,
            match_id,
        )?;
    }
    import_changes(conn, id, t, &had)?;
    Ok(Ok(match added {
        true => Imported::Added,
        false => Imported::Updated,
    }))
}

/// Records what `t` holds beyond `had` (the record as it is here, or nothing but its
/// players for a tournament new here) in tournament `id`: disqualifications, late
/// entrants' first rounds, withdrawals and clocks.
fn import_changes(
    conn: &Connection,
    id: i64,
    t: &TournamentRecord,
    had: &TournamentRecord,
) -> anyhow::Result<()> {
    for d in &t.disqualified[had.disqualified.len()..] {
        disqualify(conn, id, &d.player, &d.at, &d.reason)?;
    }
    for l in &t.late[had.late.len()..] {
        conn.execute(
            "UPDATE tournament_players SET joined_round = ?3 WHERE tournament_id = ?1 AND player = ?2",
            params![id, l.player, l.joined_round],
        )?;
    }
    for w in &t.withdrew[had.withdrew.len()..] {
        withdraw(conn, id, &w.player, w.after as usize, &w.at)?;
    }
    for c in &t.clocks[had.clocks.len()..] {
        start_clock(conn, id, c.round, &c.started_at, c.minutes)?;
    }
    Ok(())
}

/// Records the setup and players of an imported tournament; returns its id. The same
/// rows as [`insert_tournament`], created when the record says.
fn insert_record_head(conn: &Connection, t: &TournamentRecord) -> anyhow::Result<i64> {
    let head = Tournament {
        id: 0,
        name: t.name.clone(),
        rules: t.rules.clone(),
        rounds: t.rounds,
        table_size: t.table_size,
        seating: t.seating,
        seed: t.seed,
        holes: t.holes,
        players: t.players.clone(),
        disqualified: Vec::new(),
        disqualified_at: Vec::new(),
        late: Vec::new(),
        withdrew: Vec::new(),
        clocks: Vec::new(),
        played: Vec::new(),
    };
    insert_tournament(conn, &head, &t.created_at)
}
