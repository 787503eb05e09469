//! Accepting the card at a tournament table (RULES.md §13, "Accepting the card"; CLI.md
//! "Event night, run as a club runs it"): each player confirms "my scores are right, up to
//! hole N"; the table's match is finished once every player has accepted its last hole, or
//! by the director. A change to a hole or penalty afterwards clears the accepts of the
//! holes it touched (the store does it with the change), so the table is asked again.

use rusqlite::Connection;

use super::{pick_match, Conflict};
use crate::error::{input, Result};
use crate::game::{Accept, AuditEntry, Match};
use crate::store::{self, Store};

/// An accept to record ([`accept`]).
#[derive(Debug, Clone)]
pub struct AcceptEntry {
    /// The match (`None`: the first player's table in play in the newest tournament).
    pub match_id: Option<i64>,
    /// The players accepting, by name (a unique prefix will do).
    pub players: Vec<String>,
    /// The last hole the card showed them (`None`: the card as it stands, at the terminal).
    pub hole: Option<u32>,
    /// Who pressed it: `player`, `table`, `director` or `terminal`.
    pub by: String,
}

/// The match after an accept, and whether the accept finished it.
#[derive(Debug, Clone)]
pub struct Accepted {
    /// The match as it stands.
    pub m: Match,
    /// Whether this accept was the last one and finished the match.
    pub finished: bool,
}

/// Records the accepts of `entry` in one write, each in the audit log (`accept`, the hole,
/// `{"player": NAME, "by": WHO}`); once every player has accepted the last hole of a
/// complete card, the match is finished as `golf finish` finishes it. Refused, nothing
/// written: a match that is not a tournament's table, or is finished; no hole recorded; a
/// card that has changed since it was shown ([`Conflict::AcceptChanged`], HTTP 409).
pub fn accept(store: &mut Store, entry: &AcceptEntry) -> Result<Accepted> {
    let now = store::timestamp();
    store.write(|tx| {
        let id = match entry.match_id {
            Some(id) => Some(id),
            None => table_of(tx, entry.players.first().map(String::as_str))?,
        };
        let mut m = pick_match(tx, id, true)?;
        if store::tournaments::tournament_of(tx, m.id)?.is_none() {
            return input(format!(
                "{} is not a tournament's table: its card needs no accept; finish it when its last hole is in",
                m.label()
            ));
        }
        if m.finished_at.is_some() {
            return input(format!(
                "{} is finished already: its card was accepted",
                m.label()
            ));
        }
        let last = m.last_regular_hole();
        if last == 0 {
            return input("no hole is recorded yet: there is nothing to accept");
        }
        if let Some(meant) = entry.hole.filter(|&h| h != last) {
            return Err(Conflict::AcceptChanged {
                id: m.id,
                meant,
                last,
            }
            .into());
        }
        for name in &entry.players {
            let seat = crate::player::find(&m.players, name)?;
            let given = Accept {
                seat,
                hole: last,
                at: now.clone(),
                by: entry.by.clone(),
            };
            store::accepts::save(tx, m.id, &given)?;
            let detail = serde_json::json!({"player": m.players[seat], "by": entry.by});
            let audit = AuditEntry {
                at: now.clone(),
                action: "accept".into(),
                hole: Some(last),
                playoff: false,
                detail: detail.to_string(),
            };
            store::insert_audit(tx, m.id, &audit)?;
            m.accepts.retain(|a| a.seat != seat);
            m.accepts.push(given);
            m.audit.push(audit);
        }
        let mut finished = false;
        if m.card_complete() && m.not_accepted().is_empty() {
            let mut done = m.clone();
            // a sudden-death tie still to play stays open: its playoff asks again
            if let Ok(outcome) = done.finish(&now) {
                store::finish(tx, m.id, &now, &serde_json::to_string(&outcome)?)?;
                m = done;
                finished = true;
            }
        }
        Ok(Accepted { m, finished })
    })
}

/// The match of `player`'s table in play in the newest tournament (`None` when there is
/// no tournament: the newest unfinished match is then picked).
fn table_of(conn: &Connection, player: Option<&str>) -> Result<Option<i64>> {
    let (Some(t), Some(player)) = (store::tournaments::load(conn, None)?, player) else {
        return Ok(None);
    };
    let name = &t.players[crate::player::find(&t.players, player)?];
    match t
        .played
        .last()
        .and_then(|r| r.iter().find(|m| m.players.contains(name)))
    {
        Some(m) => Ok(Some(m.id)),
        None => input(format!(
            "{} has no table in round {} of {}; name the match with --match ID",
            crate::text::escape(name),
            t.played.len(),
            t.name
        )),
    }
}

/// Whether match `m` may be finished by whoever is not the director: a tournament's table
/// only once every player has accepted its last hole ([`Conflict::NotAccepted`]).
pub fn check_accepted(conn: &Connection, m: &Match) -> Result<()> {
    if store::tournaments::tournament_of(conn, m.id)?.is_none() || m.finished_at.is_some() {
        return Ok(());
    }
    let waiting = m.not_accepted();
    if waiting.is_empty() {
        return Ok(());
    }
    Err(Conflict::NotAccepted {
        id: m.id,
        waiting: crate::text::and_list(&waiting),
    }
    .into())
}
