//! Loading matches back from SQLite: a whole match or many in a few queries, each table
//! read once for all of them, every row checked (a damaged row is [`Damaged`], never a
//! panic later), text a tampered file carries escaped before any view can print it; and the
//! bounds every reader relies on ([`check_bounds`]).

use rusqlite::{Connection, OptionalExtension};

use super::super::Damaged;
use crate::bounds::{Decks, Holes, Target};
use crate::game::{AuditEntry, Entry, Hole, Match, PenaltyKind, PenaltyRecord};
use crate::rules::{Rules, Tiebreak};

/// Checks the bounds every reader of the database relies on, for every match in one pass
/// (by primary key, a few milliseconds on 10,000 matches): planned holes, decks and target
/// within RULES.md §12, and 2 to 16 players seated 0, 1, 2…. A match that breaks one (only
/// a tampered file has it) is [`Damaged`], so every command — not only those that load
/// whole matches — refuses the database rather than miscount or allocate by it.
pub fn check_bounds(conn: &Connection) -> anyhow::Result<()> {
    let sql = format!(
        "SELECT m.id FROM matches m
         WHERE m.holes_planned NOT BETWEEN {} AND {}
            OR m.decks NOT BETWEEN {} AND {}
            OR (m.target IS NOT NULL AND m.target NOT BETWEEN {} AND {})
            OR (SELECT count(*) = max(s.seat) + 1 AND count(*) BETWEEN 2 AND {}
                FROM seats s WHERE s.match_id = m.id) IS NOT 1
         LIMIT 1",
        Holes::MIN,
        Holes::MAX,
        Decks::MIN,
        Decks::MAX,
        Target::MIN,
        Target::MAX,
        crate::game::setup::MAX_PLAYERS,
    );
    let bad: Option<i64> = conn
        .prepare_cached(&sql)?
        .query_row([], |r| r.get(0))
        .optional()?;
    match bad {
        Some(id) => Err(Damaged(format!(
            "match {id}: its planned holes, decks, target or seats are out of range \
             (2 to {} players, seated in order)",
            crate::game::setup::MAX_PLAYERS
        ))
        .into()),
        None => Ok(()),
    }
}

/// Loads a whole match, or `None` if there is no match with that id. A row that breaks
/// what golf guarantees (unreadable rules, a seat past the players, a missing grid) is
/// [`Damaged`]; text that carries control characters is escaped.
pub fn load_match(conn: &Connection, id: i64) -> anyhow::Result<Option<Match>> {
    Ok(load_matches(conn, &[id])?.pop())
}

/// Loads the matches `ids`, in that order (ids with no match are left out), checked as
/// [`load_match`] checks one. Each table is read in one query for all of them, and each
/// rule set is decoded once, however many matches share it: `history` of 10,000 matches
/// runs seven queries, not 140,000.
pub fn load_matches(conn: &Connection, ids: &[i64]) -> anyhow::Result<Vec<Match>> {
    load(conn, ids, true)
}

/// [`load_matches`] for listings that show totals only (`history`): the same matches,
/// checked the same, scored the same, but without their words — each checked grid's text
/// is empty (`Some("")`; a bare score's is `None` as always), what was typed is not kept,
/// adjustments are not explained, and holes' times and notes are empty. On 10,000
/// matches that is half the time.
pub fn load_summaries(conn: &Connection, ids: &[i64]) -> anyhow::Result<Vec<Match>> {
    load(conn, ids, false)
}

/// [`load_unmapped`], a stored value SQLite cannot hand over as golf's type (an integer
/// out of its range, a text where a number belongs: only a tampered file has one)
/// reported as [`Damaged`].
fn load(conn: &Connection, ids: &[i64], whole: bool) -> anyhow::Result<Vec<Match>> {
    load_unmapped(conn, ids, whole).map_err(|e| {
        use rusqlite::Error as E;
        match e.downcast_ref::<E>() {
            Some(
                inner @ (E::IntegralValueOutOfRange(..)
                | E::FromSqlConversionFailure(..)
                | E::InvalidColumnType(..)),
            ) => Damaged(format!("a stored value cannot be read ({inner})")).into(),
            _ => e,
        }
    })
}

fn load_unmapped(conn: &Connection, ids: &[i64], whole: bool) -> anyhow::Result<Vec<Match>> {
    let list = serde_json::to_string(ids)?;
    // most of the file wanted (history of thousands): each table is read straight through
    // and the rows of other matches skipped here, rather than looked up one id at a time
    let most = ids.len() >= 256 && {
        let max_id: i64 = conn
            .prepare_cached("SELECT coalesce(max(id), 0) FROM matches")?
            .query_row([], |r| r.get(0))?;
        ids.len() as i64 * 2 >= max_id
    };
    let filter = if most { Filter::Scan } else { Filter::List };
    let mut matches = load_headers(conn, &list, filter)?;
    let at: IdMap<usize> = matches.iter().enumerate().map(|(i, m)| (m.id, i)).collect();
    let slot = |id: i64| at.get(id);

    let mut seats: Vec<Vec<(i64, String)>> = vec![Vec::new(); matches.len()];
    let mut stmt =
        conn.prepare_cached(&filter.apply("SELECT match_id, seat, player FROM seats", "match_id"))?;
    let mut rows = stmt.query([&list])?;
    while let Some(r) = rows.next()? {
        if let Some(i) = slot(r.get(0)?) {
            seats[i].push((r.get(1)?, shown(r.get(2)?)));
        }
    }
    for (m, mut seated) in matches.iter_mut().zip(seats) {
        seated.sort_unstable_by_key(|(seat, _)| *seat);
        m.players = seated.into_iter().map(|(_, name)| name).collect();
    }
    load_holes(conn, &list, filter, whole, &mut matches, &slot)?;
    load_penalties(conn, &list, filter, &mut matches, &slot)?;
    let mut stmt = conn.prepare_cached(&format!(
        "{} ORDER BY id",
        filter.apply(
            "SELECT match_id, at, action, hole, playoff, detail FROM audit",
            "match_id",
        )
    ))?;
    let mut rows = stmt.query([&list])?;
    while let Some(r) = rows.next()? {
        if let Some(i) = slot(r.get(0)?) {
            matches[i].audit.push(AuditEntry {
                at: r.get(1)?,
                action: r.get(2)?,
                hole: r.get(3)?,
                playoff: r.get(4)?,
                detail: r.get(5)?,
            });
        }
    }
    if whole {
        for (id, a) in super::super::accepts::load(conn, &list)? {
            if let Some(i) = slot(id) {
                matches[i].accepts.push(a);
            }
        }
    }
    for m in &mut matches {
        if let Some(why) = m.damage() {
            return Err(Damaged(format!("match {}: {why}", m.id)).into());
        }
        if whole {
            m.explain_holes();
        }
    }
    let mut ordered: Vec<Option<Match>> = matches.into_iter().map(Some).collect();
    Ok(ids
        .iter()
        .filter_map(|id| slot(*id).and_then(|i| ordered[i].take()))
        .collect())
}

/// Row ids to what was made of them: a table indexed by id while the ids are dense (as a
/// database's are), which a bulk load looks up hundreds of thousands of times; a map for
/// any id far past the others.
#[derive(Debug)]
struct IdMap<T> {
    dense: Vec<Option<T>>,
    sparse: std::collections::HashMap<i64, T>,
}

impl<T> Default for IdMap<T> {
    fn default() -> Self {
        IdMap {
            dense: Vec::new(),
            sparse: Default::default(),
        }
    }
}

impl<T: Copy> IdMap<T> {
    fn insert(&mut self, id: i64, value: T) {
        match usize::try_from(id) {
            Ok(i) if i < self.dense.len() => self.dense[i] = Some(value),
            // grows to twice what it holds at most, so a stray large id goes to the map
            Ok(i) if i <= 2 * self.dense.len() + 1024 => {
                self.dense.resize_with(i + 1, || None);
                self.dense[i] = Some(value);
            }
            _ => {
                self.sparse.insert(id, value);
            }
        }
    }

    fn get(&self, id: i64) -> Option<T> {
        match usize::try_from(id).ok().and_then(|i| self.dense.get(i)) {
            Some(value) => *value,
            None => self.sparse.get(&id).copied(),
        }
    }
}

impl<T: Copy> FromIterator<(i64, T)> for IdMap<T> {
    fn from_iter<I: IntoIterator<Item = (i64, T)>>(items: I) -> Self {
        let mut map = IdMap::default();
        for (id, value) in items {
            map.insert(id, value);
        }
        map
    }
}

/// How [`load_matches`] picks the rows of the matches it loads (`?1`, a JSON array of ids).
#[derive(Debug, Clone, Copy)]
enum Filter {
    /// By the list, through each table's index on the match.
    List,
    /// Every row, the others skipped as they are read.
    Scan,
}

impl Filter {
    /// `sql` (a query on one table, no WHERE) filtered on its column `id` (a match id).
    fn apply(self, sql: &str, id: &str) -> String {
        match self {
            Filter::List => format!("{sql} WHERE {id} IN (SELECT value FROM json_each(?1))"),
            Filter::Scan => format!("{sql} WHERE ?1 IS NOT NULL"),
        }
    }
}

/// Text from the file as it may be shown: golf refuses control characters in what it
/// stores, and text in a tampered file is escaped here, before any view can print it.
fn shown(t: String) -> String {
    match crate::text::escape(&t) {
        std::borrow::Cow::Borrowed(_) => t,
        std::borrow::Cow::Owned(escaped) => escaped,
    }
}

/// The match rows of `list` (a JSON array of ids) with their rules and tiebreak chains;
/// players, holes and penalties empty. Each rule set is decoded once and shared.
fn load_headers(conn: &Connection, list: &str, filter: Filter) -> anyhow::Result<Vec<Match>> {
    let mut stmt = conn.prepare_cached(&filter.apply(
        "SELECT id, name, rule_set, holes_planned, decks, tiebreak, started_at,
                finished_at, target, abandoned_at, uuid, deleted_at
         FROM matches",
        "id",
    ))?;
    let mut json = conn.prepare_cached("SELECT json FROM rule_sets WHERE id = ?1")?;
    let mut decoded: std::collections::HashMap<i64, std::sync::Arc<Rules>> = Default::default();
    let mut rows = stmt.query([list])?;
    let mut matches = Vec::new();
    while let Some(r) = rows.next()? {
        let id: i64 = r.get(0)?;
        let rule_set: i64 = r.get(2)?;
        let rules = match decoded.get(&rule_set) {
            Some(rules) => rules.clone(),
            None => {
                let text: Option<String> = json.query_row([rule_set], |r| r.get(0)).optional()?;
                let rules = text
                    .ok_or_else(|| "no such rule set".to_string())
                    .and_then(|t| serde_json::from_str::<Rules>(&t).map_err(|e| e.to_string()))
                    .map_err(|e| {
                        Damaged(format!("match {id}: its stored rules cannot be read ({e})"))
                    })?;
                let rules = std::sync::Arc::new(rules);
                decoded.insert(rule_set, rules.clone());
                rules
            }
        };
        let tiebreak = r
            .get::<_, String>(5)?
            .split(',')
            .map(|t| {
                t.parse::<Tiebreak>()
                    .map_err(|e| Damaged(format!("match {id}: its tiebreak chain: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        // bounded before anything is sized by them (a tampered 10^9 planned holes)
        let bounded = |column: usize, bound: fn(i64) -> Result<u32, String>, what: &str| {
            let n: i64 = r.get(column)?;
            bound(n)
                .map_err(|e| anyhow::Error::from(Damaged(format!("match {id}: its {what}: {e}"))))
        };
        let holes_planned = bounded(3, |n| Holes::try_from(n).map(|h| h.0), "planned holes")?;
        let decks = bounded(4, |n| Decks::try_from(n).map(|d| d.0), "decks")?;
        let target = match r.get::<_, Option<i64>>(8)? {
            Some(_) => Some(bounded(8, |n| Target::try_from(n).map(|t| t.0), "target")?),
            None => None,
        };
        matches.push(Match {
            id,
            uuid: r.get::<_, Option<String>>(10)?.unwrap_or_default(),
            name: r.get::<_, Option<String>>(1)?.map(shown),
            rules,
            holes_planned,
            target,
            decks,
            tiebreak,
            players: vec![],
            started_at: r.get(6)?,
            finished_at: r.get(7)?,
            abandoned_at: r.get(9)?,
            deleted_at: r.get(11)?,
            holes: vec![],
            penalties: vec![],
            audit: vec![],
            accepts: vec![],
        });
    }
    Ok(matches)
}

/// Every hole of the matches of `list`, each with its entries, in playing order.
fn load_holes(
    conn: &Connection,
    list: &str,
    filter: Filter,
    whole: bool,
    matches: &mut [Match],
    slot: &dyn Fn(i64) -> Option<usize>,
) -> anyhow::Result<()> {
    // rows come in whatever order the plan gives; each match's holes, and each hole's
    // entries, are put in order below (no sort of the whole result in SQLite). A summary
    // leaves out when each hole was recorded and its note, as it leaves out the grids'
    // texts (the columns after `knocked`)
    let words = if whole { ", recorded_at, note" } else { "" };
    let mut stmt = conn.prepare_cached(&filter.apply(
        &format!("SELECT match_id, id, number, playoff, out_seat, knocked{words} FROM holes"),
        "match_id",
    ))?;
    // hole id → (match, index among its holes)
    let mut where_is: IdMap<(usize, usize)> = IdMap::default();
    let mut rows = stmt.query([list])?;
    while let Some(r) = rows.next()? {
        let Some(i) = slot(r.get(0)?) else { continue };
        let m = &mut matches[i];
        where_is.insert(r.get(1)?, (i, m.holes.len()));
        if m.holes.is_empty() {
            m.holes.reserve_exact(m.holes_planned as usize);
        }
        let players = m.players.len();
        m.holes.push(Hole {
            number: r.get(2)?,
            playoff: r.get(3)?,
            out: r.get::<_, Option<i64>>(4)?.map(seat),
            knocked: r.get(5)?,
            note: if whole { r.get(7)? } else { None },
            entries: Vec::with_capacity(players),
            recorded_at: if whole { r.get(6)? } else { String::new() },
        });
    }
    // grids are reached through their holes (the key is hole_id); a scan reads them all
    let columns = match whole {
        true => "g.hole_id, g.seat, g.score, g.adjustment, g.grid, g.typed",
        // a summary needs only whether there was a grid, not its text
        false => "g.hole_id, g.seat, g.score, g.adjustment, g.grid IS NOT NULL",
    };
    let mut stmt = conn.prepare_cached(&match filter {
        Filter::List => format!(
            "SELECT {columns} FROM holes h JOIN grids g ON g.hole_id = h.id
             WHERE h.match_id IN (SELECT value FROM json_each(?1))"
        ),
        Filter::Scan => format!("SELECT {columns} FROM grids g WHERE ?1 IS NOT NULL"),
    })?;
    let mut rows = stmt.query([list])?;
    while let Some(r) = rows.next()? {
        let Some((i, h)) = where_is.get(r.get(0)?) else {
            continue;
        };
        matches[i].holes[h].entries.push(Entry {
            seat: seat(r.get(1)?),
            // stored only where it differs from the grid (schema v6)
            typed_as: if whole { r.get(5)? } else { None },
            grid: match whole {
                true => r.get(4)?,
                false => r.get::<_, bool>(4)?.then(String::new),
            },
            score: r.get(2)?,
            adjustment: r.get(3)?,
            explanation: String::new(),
        });
    }
    for m in matches {
        m.holes.sort_unstable_by_key(|h| (h.playoff, h.number));
        for h in &mut m.holes {
            h.entries.sort_unstable_by_key(|e| e.seat);
        }
    }
    Ok(())
}

/// A stored seat number; a negative one (only a tampered file has it) becomes a seat no
/// match has, which [`Match::damage`] reports.
fn seat(n: i64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Every penalty of the matches of `list`, in the order recorded.
fn load_penalties(
    conn: &Connection,
    list: &str,
    filter: Filter,
    matches: &mut [Match],
    slot: &dyn Fn(i64) -> Option<usize>,
) -> anyhow::Result<()> {
    let mut stmt = conn.prepare_cached(&format!(
        "{} ORDER BY id",
        filter.apply(
            "SELECT match_id, seat, hole, kind, points, disqualifies, reason, recorded_at
             FROM penalties",
            "match_id",
        )
    ))?;
    let mut rows = stmt.query([list])?;
    while let Some(r) = rows.next()? {
        let id: i64 = r.get(0)?;
        let Some(i) = slot(id) else { continue };
        let kind: String = r.get(3)?;
        matches[i].penalties.push(PenaltyRecord {
            seat: seat(r.get(1)?),
            hole: r.get(2)?,
            kind: PenaltyKind::from_name(&kind)
                .ok_or_else(|| Damaged(format!("match {id}: unknown penalty kind {kind:?}")))?,
            points: r.get(4)?,
            disqualifies: r.get(5)?,
            reason: shown(r.get(6)?),
            recorded_at: r.get(7)?,
        });
    }
    Ok(())
}
