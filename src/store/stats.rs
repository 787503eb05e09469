//! Statistics over finished matches, answered by SQL aggregates: per player, head to
//! head, and each finished match's result for the ratings. Abandoned, unfinished and
//! deleted matches are left out (deleted ones through the `kept_matches` view, as in every
//! listing of results). A win is the match's stored result after its tiebreak chain —
//! place 1 of [`crate::game::ranking`] — in all of them. A match's day is the local
//! calendar day it finished on (a night, RULES.md §16).

use rusqlite::{named_params, params, Connection};

use crate::game::Match;
use serde::Serialize;

/// Which finished matches count.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Only matches this player sat in (exact NFC name, any case).
    pub player: Option<String>,
    /// Only matches of this variant.
    pub rules: Option<String>,
    /// Only matches of this many holes.
    pub holes: Option<u32>,
    /// Finished on or after this day (`2026-11-01`, local time).
    pub since: Option<String>,
    /// Finished on or before this day.
    pub until: Option<String>,
}

/// One player's figures (CLI.md `golf stats`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerStats {
    /// The player.
    pub player: String,
    /// Finished matches played.
    pub matches: i64,
    /// Matches won outright.
    pub wins: i64,
    /// Matches whose win was shared.
    pub shared_wins: i64,
    /// Outright wins per match.
    pub win_rate: f64,
    /// Regular holes played.
    pub holes: i64,
    /// Mean hole score.
    pub mean_hole: f64,
    /// Median hole score.
    pub median_hole: f64,
    /// Lowest hole score.
    pub best_hole: i64,
    /// Highest hole score.
    pub worst_hole: i64,
    /// Lowest match total.
    pub best_match: i64,
    /// Highest match total.
    pub worst_match: i64,
    /// Holes the player ended (went out or knocked).
    pub ended: i64,
    /// Of those, holes where ending cost a penalty.
    pub ended_penalised: i64,
}

const FINISHED: &str = "
    fm AS MATERIALIZED (
        SELECT m.id, m.result_json FROM kept_matches m
        WHERE m.finished_at IS NOT NULL AND m.abandoned_at IS NULL
          AND (:rules IS NULL OR m.rules_name = :rules)
          AND (:holes IS NULL OR m.holes_planned = :holes)
          AND (:since IS NULL OR date(m.finished_at, 'localtime') >= :since)
          AND (:until IS NULL OR date(m.finished_at, 'localtime') <= :until)
    ),
    hs AS MATERIALIZED (
        SELECT s.player, g.match_id, g.seat, g.score + g.adjustment AS score,
               h.out_seat IS g.seat AS ended, (h.out_seat IS g.seat AND g.adjustment > 0) AS penalised
        FROM fm
        JOIN holes h ON h.match_id = fm.id AND h.playoff = 0
        JOIN grids g ON g.hole_id = h.id
        JOIN seats s ON s.match_id = g.match_id AND s.seat = g.seat
    ),
    pen AS MATERIALIZED (
        SELECT p.match_id, p.seat, sum(p.points) AS points
        FROM penalties p JOIN fm ON fm.id = p.match_id GROUP BY p.match_id, p.seat
    ),
    mt AS MATERIALIZED (
        SELECT s.player, s.match_id, s.seat,
               coalesce(h.total, 0) + coalesce(pen.points, 0) AS total,
               json_array_length(fm.result_json, '$.winners') AS winners,
               EXISTS (SELECT 1 FROM json_each(fm.result_json, '$.winners') w WHERE w.value = s.seat) AS won
        FROM fm
        JOIN seats s ON s.match_id = fm.id
        LEFT JOIN (SELECT match_id, seat, sum(score) AS total FROM hs GROUP BY match_id, seat) h
               ON h.match_id = s.match_id AND h.seat = s.seat
        LEFT JOIN pen ON pen.match_id = s.match_id AND pen.seat = s.seat
    )";

/// Every player's figures over the finished matches `filter` selects, by name.
pub fn players(conn: &Connection, filter: &Filter) -> anyhow::Result<Vec<PlayerStats>> {
    let sql = format!(
        "WITH {FINISHED},
        ranked AS (
            SELECT player, score, row_number() OVER (PARTITION BY player ORDER BY score) AS n,
                   count(*) OVER (PARTITION BY player) AS c
            FROM hs
        ),
        median AS (
            SELECT player, avg(score) AS median FROM ranked
            WHERE n IN ((c + 1) / 2, (c + 2) / 2) GROUP BY player
        ),
        by_hole AS (
            SELECT player, count(*) AS holes, avg(score) AS mean, min(score) AS best,
                   max(score) AS worst, sum(ended) AS ended, sum(penalised) AS penalised
            FROM hs GROUP BY player
        ),
        by_match AS (
            SELECT player, count(*) AS matches, sum(won AND winners = 1) AS wins,
                   sum(won AND winners > 1) AS shared, min(total) AS best, max(total) AS worst
            FROM mt GROUP BY player
        )
        SELECT m.player, m.matches, m.wins, m.shared, coalesce(h.holes, 0), h.mean, median.median,
               h.best, h.worst, m.best, m.worst, coalesce(h.ended, 0), coalesce(h.penalised, 0)
        FROM by_match m
        LEFT JOIN by_hole h ON h.player = m.player
        LEFT JOIN median ON median.player = m.player
        WHERE :player IS NULL OR m.player = :player COLLATE NOCASE
        ORDER BY m.player"
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt
        .query_map(
            named_params! {
                ":rules": filter.rules, ":holes": filter.holes, ":since": filter.since,
                ":until": filter.until, ":player": filter.player,
            },
            |r| {
                let matches: i64 = r.get(1)?;
                let wins: i64 = r.get(2)?;
                Ok(PlayerStats {
                    player: r.get(0)?,
                    matches,
                    wins,
                    shared_wins: r.get(3)?,
                    win_rate: if matches > 0 {
                        wins as f64 / matches as f64
                    } else {
                        0.0
                    },
                    holes: r.get(4)?,
                    mean_hole: r.get::<_, Option<f64>>(5)?.unwrap_or(0.0),
                    median_hole: r.get::<_, Option<f64>>(6)?.unwrap_or(0.0),
                    best_hole: r.get::<_, Option<i64>>(7)?.unwrap_or(0),
                    worst_hole: r.get::<_, Option<i64>>(8)?.unwrap_or(0),
                    best_match: r.get(9)?,
                    worst_match: r.get(10)?,
                    ended: r.get(11)?,
                    ended_penalised: r.get(12)?,
                })
            },
        )?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// One finished match two players both played, as `golf head-to-head` shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Meeting {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// When it started.
    pub started_at: String,
    /// The first player's total.
    pub total_a: i64,
    /// The second player's.
    pub total_b: i64,
    /// Holes the first scored lower on.
    pub holes_a: i64,
    /// Holes the second scored lower on.
    pub holes_b: i64,
    /// The first player's place in the match after the tiebreak chain
    /// ([`crate::game::ranking`]: a shared win is place 1 for each).
    pub place_a: u32,
    /// The second player's place.
    pub place_b: u32,
}

/// Every finished match `a` and `b` both played that `filter` selects (its player aside),
/// oldest first (names any case).
pub fn meetings(
    conn: &Connection,
    a: &str,
    b: &str,
    filter: &Filter,
) -> anyhow::Result<Vec<Meeting>> {
    let sql = format!(
        "WITH {FINISHED},
        pair AS (
            SELECT x.match_id, x.total AS ta, y.total AS tb, x.seat AS sa, y.seat AS sb
            FROM mt x JOIN mt y ON y.match_id = x.match_id
            WHERE x.player = :a COLLATE NOCASE AND y.player = :b COLLATE NOCASE
        )
        SELECT pair.match_id, m.started_at, ta, tb,
            (SELECT count(*) FROM holes h
               JOIN grids ga ON ga.hole_id = h.id AND ga.seat = pair.sa
               JOIN grids gb ON gb.hole_id = h.id AND gb.seat = pair.sb
             WHERE h.match_id = pair.match_id AND h.playoff = 0
               AND ga.score + ga.adjustment < gb.score + gb.adjustment),
            (SELECT count(*) FROM holes h
               JOIN grids ga ON ga.hole_id = h.id AND ga.seat = pair.sa
               JOIN grids gb ON gb.hole_id = h.id AND gb.seat = pair.sb
             WHERE h.match_id = pair.match_id AND h.playoff = 0
               AND gb.score + gb.adjustment < ga.score + ga.adjustment)
        FROM pair JOIN matches m ON m.id = pair.match_id
        ORDER BY m.started_at, m.id"
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt
        .query_map(
            named_params! {
                ":rules": filter.rules, ":holes": filter.holes, ":since": filter.since,
                ":until": filter.until, ":a": a, ":b": b,
            },
            |r| {
                Ok(Meeting {
                    id: r.get(0)?,
                    started_at: r.get(1)?,
                    total_a: r.get(2)?,
                    total_b: r.get(3)?,
                    holes_a: r.get(4)?,
                    holes_b: r.get(5)?,
                    place_a: 0,
                    place_b: 0,
                })
            },
        )?
        .collect::<Result<Vec<Meeting>, _>>()?;
    // who finished ahead is the match's ranking after its tiebreak chain, the one
    // definition of a win (RULES.md §16), not a comparison of totals
    let ids: Vec<i64> = rows.iter().map(|m| m.id).collect();
    let matches = super::load_summaries(conn, &ids)?;
    let mut rows = rows;
    for (meeting, m) in rows.iter_mut().zip(&matches) {
        let places = m.ranking();
        let place = |name: &str| {
            m.players
                .iter()
                .position(|p| p.eq_ignore_ascii_case(name))
                .and_then(|s| places.get(s).copied())
                .unwrap_or(0)
        };
        meeting.place_a = place(a);
        meeting.place_b = place(b);
    }
    Ok(rows)
}

/// A finished match's result as the ratings read it (RULES.md §16).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchFinish {
    /// Match id.
    pub id: i64,
    /// When it finished (RFC 3339, UTC).
    pub finished_at: String,
    /// The local calendar day it finished on.
    pub night: String,
    /// Every player, in seat order, with what the result says of them.
    pub players: Vec<(String, PlayerFinish)>,
}

/// What a finished match's result says of one player, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerFinish {
    /// Won, alone or sharing the win, after the tiebreak chain (as recorded at `finish`).
    pub won: bool,
    /// The total: regular holes' scores with their adjustments, and penalty points.
    pub total: i64,
    /// Disqualified (a penalty that disqualifies).
    pub disqualified: bool,
}

/// Every finished match `filter` selects (its player aside: a rating needs every match),
/// by match number (the ratings order them by when they finished): who won after the tiebreak chain (as
/// recorded at `finish`), each total with penalties, who was disqualified.
pub fn finishes(conn: &Connection, filter: &Filter) -> anyhow::Result<Vec<MatchFinish>> {
    // per seat, by index (holes by match, grids by hole): a tenth of the time of the
    // aggregates `stats` builds over every grid
    let sql = "
        WITH fm AS MATERIALIZED (
            SELECT m.id, m.finished_at, date(m.finished_at, 'localtime') AS night,
                   ',' || trim(json_extract(m.result_json, '$.winners'), '[]') || ',' AS winners
            FROM kept_matches m
            WHERE m.finished_at IS NOT NULL AND m.abandoned_at IS NULL
              AND (:rules IS NULL OR m.rules_name = :rules)
              AND (:holes IS NULL OR m.holes_planned = :holes)
              AND (:since IS NULL OR date(m.finished_at, 'localtime') >= :since)
              AND (:until IS NULL OR date(m.finished_at, 'localtime') <= :until)
        )
        SELECT fm.id, fm.finished_at, fm.night, s.player,
            instr(fm.winners, ',' || s.seat || ',') > 0,
            (SELECT coalesce(sum(g.score + g.adjustment), 0)
               FROM holes h JOIN grids g ON g.hole_id = h.id AND g.seat = s.seat
              WHERE h.match_id = s.match_id AND h.playoff = 0)
            + (SELECT coalesce(sum(p.points), 0) FROM penalties p
                WHERE p.match_id = s.match_id AND p.seat = s.seat),
            EXISTS (SELECT 1 FROM penalties p WHERE p.match_id = s.match_id
                      AND p.seat = s.seat AND p.disqualifies = 1)
        FROM fm JOIN seats s ON s.match_id = fm.id
        ORDER BY fm.id, s.seat";
    let mut stmt = conn.prepare(sql)?;
    let mut rows = stmt.query(named_params! {
        ":rules": filter.rules, ":holes": filter.holes, ":since": filter.since,
        ":until": filter.until,
    })?;
    let mut out: Vec<MatchFinish> = Vec::new();
    while let Some(r) = rows.next()? {
        let id: i64 = r.get(0)?;
        let finish = PlayerFinish {
            won: r.get(4)?,
            total: r.get(5)?,
            disqualified: r.get(6)?,
        };
        let player: String = r.get(3)?;
        match out.last_mut() {
            Some(m) if m.id == id => m.players.push((player, finish)),
            _ => out.push(MatchFinish {
                id,
                finished_at: r.get(1)?,
                night: r.get(2)?,
                players: vec![(player, finish)],
            }),
        }
    }
    Ok(out)
}

/// The latest local day on which a match `filter` selects finished (its player aside).
pub fn latest_night(conn: &Connection, filter: &Filter) -> anyhow::Result<Option<String>> {
    let sql = format!("WITH {FINISHED} SELECT max(date(m.finished_at, 'localtime')) FROM fm JOIN kept_matches m ON m.id = fm.id");
    Ok(conn.query_row(
        &sql,
        named_params! {
            ":rules": filter.rules, ":holes": filter.holes, ":since": filter.since,
            ":until": filter.until,
        },
        |r| r.get(0),
    )?)
}

/// The ids of at most `limit` matches (finished or not) that `filter` selects, newest
/// first, as `golf history` lists them: a match's day is the day it finished, or started
/// if it has not finished. Without a rules, length or day filter this is
/// [`super::match_ids`] (by the player's seats, however rare the name).
pub fn history_ids(conn: &Connection, filter: &Filter, limit: u32) -> anyhow::Result<Vec<i64>> {
    if filter.rules.is_none()
        && filter.holes.is_none()
        && filter.since.is_none()
        && filter.until.is_none()
    {
        return super::match_ids(conn, filter.player.as_deref(), limit);
    }
    let mut stmt = conn.prepare_cached(
        "SELECT m.id FROM kept_matches m
         WHERE (:player IS NULL OR EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id
                                            AND s.player = :player COLLATE NOCASE))
           AND (:rules IS NULL OR m.rules_name = :rules)
           AND (:holes IS NULL OR m.holes_planned = :holes)
           AND (:since IS NULL OR date(coalesce(m.finished_at, m.started_at), 'localtime') >= :since)
           AND (:until IS NULL OR date(coalesce(m.finished_at, m.started_at), 'localtime') <= :until)
         ORDER BY m.started_at DESC, m.id DESC LIMIT :limit",
    )?;
    let ids = stmt
        .query_map(
            named_params! {
                ":player": filter.player, ":rules": filter.rules, ":holes": filter.holes,
                ":since": filter.since, ":until": filter.until, ":limit": limit,
            },
            |r| r.get(0),
        )?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(ids)
}

/// The holes [`hole_history`] reads, each a grid score plus its adjustment, regular holes in
/// order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HoleHistory {
    /// Per seat of the match: the player's holes in each of their latest
    /// [`HISTORY_MATCHES_USED`] matches under the same rules (any length), newest first.
    pub own: Vec<Vec<Vec<i64>>>,
    /// `(seat, holes)` for each of the players' latest matches under the same rules and
    /// the match's length.
    pub pool: Vec<(usize, Vec<i64>)>,
}

/// How many of a player's latest qualifying matches [`hole_history`] takes the holes of.
pub const HISTORY_MATCHES_USED: u32 = 20;

/// What this table has shown of match `id`'s players (RULES.md §15, "The table's own
/// history"), by seat of match `id` (names any case), other finished matches only — deleted
/// (the `kept_matches` view) and abandoned ones left out — each hole a grid score plus its
/// adjustment, regular holes in order: each player's own holes in their latest
/// [`HISTORY_MATCHES_USED`] matches under the same resolved rules (the same variant and
/// house rules, one stored rule set; any length), newest first, and the pool, each
/// player's latest [`crate::odds::draws::POOL_MATCHES`] under those rules and match
/// `id`'s length (`pool_matches` of them). The matches that qualify are filtered first, so
/// others never crowd them out. Errors: no match `id`, SQLite's.
pub fn hole_history(
    conn: &Connection,
    id: i64,
    pool_matches: usize,
) -> anyhow::Result<HoleHistory> {
    let (rule_set, length): (i64, i64) = conn.query_row(
        "SELECT rule_set, holes_planned FROM matches WHERE id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let players = {
        let mut stmt =
            conn.prepare("SELECT player FROM seats WHERE match_id = ?1 ORDER BY seat")?;
        let players = stmt
            .query_map([id], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        players
    };
    let mut stmt = conn.prepare(
        "WITH same AS (
             SELECT s.match_id, s.seat FROM seats s JOIN kept_matches m ON m.id = s.match_id
             WHERE s.player = ?1 COLLATE NOCASE AND s.match_id <> ?2
               AND m.rule_set = ?3 AND (?5 IS NULL OR m.holes_planned = ?5)
               AND m.finished_at IS NOT NULL AND m.abandoned_at IS NULL
             ORDER BY s.match_id DESC LIMIT ?4
         )
         SELECT same.match_id, g.score + g.adjustment
         FROM same
         JOIN holes h ON h.match_id = same.match_id AND h.playoff = 0
         JOIN grids g ON g.hole_id = h.id AND g.seat = same.seat
         ORDER BY same.match_id DESC, h.number",
    )?;
    let mut matches = |player: &str, limit: usize, length: Option<i64>| {
        let mut out: Vec<(i64, Vec<i64>)> = Vec::new();
        let mut rows = stmt.query(params![player, id, rule_set, limit as i64, length])?;
        while let Some(r) = rows.next()? {
            let (m, score): (i64, i64) = (r.get(0)?, r.get(1)?);
            match out.last_mut() {
                Some((last, holes)) if *last == m => holes.push(score),
                _ => out.push((m, vec![score])),
            }
        }
        anyhow::Ok(out.into_iter().map(|(_, holes)| holes).collect::<Vec<_>>())
    };
    let mut history = HoleHistory::default();
    for (seat, player) in players.iter().enumerate() {
        history
            .own
            .push(matches(player, HISTORY_MATCHES_USED as usize, None)?);
        let pool = matches(player, pool_matches, Some(length))?;
        history
            .pool
            .extend(pool.into_iter().map(|holes| (seat, holes)));
    }
    Ok(history)
}

/// Every finished match (not deleted, not abandoned) of the variant `rules` (any when
/// `None`), in the order they finished, then by match number: `(id, rule set)`, the rule
/// set standing for the resolved rules, house rules included, as [`hole_history`] compares
/// them. What `golf odds --check` replays (RULES.md §15, §16).
pub fn finished_in_order(
    conn: &Connection,
    rules: Option<&str>,
) -> anyhow::Result<Vec<(i64, i64)>> {
    let mut stmt = conn.prepare(
        "SELECT m.id, m.rule_set FROM kept_matches m
         WHERE m.finished_at IS NOT NULL AND m.abandoned_at IS NULL
           AND (?1 IS NULL OR m.rules_name = ?1)
         ORDER BY m.finished_at, m.id",
    )?;
    let rows = stmt
        .query_map(params![rules], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<Vec<(i64, i64)>, _>>()?;
    Ok(rows)
}

/// The matches of [`finished_in_order`] loaded (as `history` loads them, without their
/// words), each with its rule set, for `golf odds --check` to replay.
pub fn to_replay(conn: &Connection, rules: Option<&str>) -> anyhow::Result<Vec<(Match, i64)>> {
    let ids = finished_in_order(conn, rules)?;
    let list: Vec<i64> = ids.iter().map(|(id, _)| *id).collect();
    let set_of: std::collections::HashMap<i64, i64> = ids.into_iter().collect();
    Ok(super::load_summaries(conn, &list)?
        .into_iter()
        .map(|m| {
            let rule_set = set_of.get(&m.id).copied().unwrap_or_default();
            (m, rule_set)
        })
        .collect())
}
