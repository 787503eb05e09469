//! The match served: what the handlers ask of the match engine and the store, each a
//! blocking call made exactly as the commands make it — the card as `golf card` builds it,
//! the next hole as `golf hole` records it, `golf undo` and `golf finish` — one
//! transaction per write, the referee's checks and messages unchanged.

use std::path::Path;

use serde::Deserialize;

use crate::cmd::{ending, pick_match, reopen};
use crate::error::{input, Result};
use crate::game::{Match, Withdrawn};
use crate::store::{self, Store};
use crate::view::card::CardView;
use crate::view::odds::ChancesView;

/// The body of `POST /api/hole` (CLI.md "The table's screen"):
/// `{"grids": {PLAYER: GRID}, "out": PLAYER|null, "knock": PLAYER|null}`. A grid is the
/// text `golf hole` takes after `PLAYER=` (a bare integer, as a JSON number or text, is a
/// score the referee could not check); a player is named as there (a unique prefix will
/// do). `playoff` (optional) records a sudden-death playoff hole; by default the hole is a
/// playoff hole when the card says the next hole is one.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HoleRequest {
    /// Each player's grid, by name.
    pub grids: serde_json::Map<String, serde_json::Value>,
    /// Who went out, if anyone.
    #[serde(default)]
    pub out: Option<String>,
    /// Who knocked, if anyone (where the rules have knocking).
    #[serde(default)]
    pub knock: Option<String>,
    /// Whether the hole is a sudden-death playoff hole.
    #[serde(default)]
    pub playoff: Option<bool>,
    /// The match the hole is for (the page sends the one it shows): refused when the
    /// server has moved on to a newer match.
    #[serde(default, rename = "match")]
    pub match_id: Option<i64>,
    /// The number of the hole being recorded (the page sends the next hole of the card it
    /// shows, as `golf hole --hole N`): refused when another writer recorded that hole
    /// meanwhile, so the grids never silently become the hole after it.
    #[serde(default)]
    pub hole: Option<u32>,
}

impl HoleRequest {
    /// The `(player, grid)` pairs as `golf hole` reads `PLAYER=GRID` arguments; a grid
    /// that is neither text nor a whole number is refused naming the player.
    fn pairs(&self) -> Result<Vec<(String, String)>> {
        self.grids
            .iter()
            .map(|(name, grid)| match grid {
                serde_json::Value::String(text) => Ok((name.clone(), text.clone())),
                serde_json::Value::Number(n) if n.is_i64() => Ok((name.clone(), n.to_string())),
                _ => input(format!(
                    "the grid of {} is not text; expected e.g. \"5 K Q / 5 2 J\"",
                    crate::text::escape(name)
                )),
            })
            .collect()
    }
}

/// Picks the match to serve as `golf serve` describes it: `id`, else the most recent
/// unfinished match, else the newest. Errors as `golf card` does when there is none.
pub fn pick(db: &Path, id: Option<i64>) -> Result<Match> {
    let Some(mut store) = Store::open_read_only(db)? else {
        return input(format!(
            "no matches recorded yet in {}; start one with `golf new --rules classic PLAYER...` before serving it",
            db.display()
        ));
    };
    store.read(|tx| match (pick_match(tx, id, true), id) {
        (Ok(m), _) => Ok(m),
        (Err(e), Some(_)) => Err(e),
        (Err(e), None) => match store::latest_match(tx, false)? {
            Some(id) => pick_match(tx, Some(id), false),
            None => Err(e),
        },
    })
}

/// The match `golf hole` would record into now, when it is newer than match `id` (one
/// started since): `None` when there is none, or when several tournament tables are in
/// play and the newest is not surely this table's.
pub fn newer(store: &mut Store, id: i64) -> Result<Option<Match>> {
    store.read(|tx| match pick_match(tx, None, true) {
        Ok(m) if m.id > id => Ok(Some(m)),
        _ => Ok(None),
    })
}

/// Refuses a write meant for match `meant` (the page's) when the server has moved on to
/// match `id`.
pub fn same_match(meant: Option<i64>, id: i64) -> Result<()> {
    match meant {
        Some(meant) if meant < id => input(format!(
            "this page shows match {meant}, but match {id} has been started since; reload the page to record into it"
        )),
        Some(meant) if meant != id => input(format!(
            "this page shows match {meant}, but this server records into match {id}; reload the page to record into it"
        )),
        _ => Ok(()),
    }
}

/// The scorecard of match `id` as `golf card --json` gives it, the chances line
/// included when `odds` (the config's `odds`) and the match is in play.
pub fn card(store: &mut Store, id: i64, odds: bool) -> Result<CardView> {
    let (m, history) = store.read(|tx| {
        let m = pick_match(tx, Some(id), false)?;
        // the line is extra: a history that cannot be read leaves it off, not the card
        let history = match odds && crate::odds::in_play(&m) {
            true => store::stats::hole_history(tx, m.id).ok(),
            false => None,
        };
        Ok((m, history))
    })?;
    let mut card = CardView::new(&m);
    card.chances = history.and_then(|h| chances(&m, h));
    Ok(card)
}

/// The chances line of `m` from its players' `history`, as `golf card` works it out;
/// `None` when it cannot be.
fn chances(m: &Match, history: Vec<Vec<i64>>) -> Option<ChancesView> {
    crate::cache::card_odds(m, history).map(|o| ChancesView::new(&o))
}

/// Records the next hole of match `id` as `golf hole PLAYER=GRID... [--out|--knock P]`
/// does: the same checks and messages, nothing written when refused, the match's draft
/// cleared. Returns the card after it.
pub fn record_hole(db: &Path, id: i64, request: &HoleRequest, odds: bool) -> Result<CardView> {
    if request.out.is_some() && request.knock.is_some() {
        return input("give either out or knock, not both: one player ends a hole");
    }
    let given = request.pairs()?;
    let mut store = Store::open(db)?;
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_match(tx, Some(id), true)?;
        // a playoff hole when said, else when the card says the next hole is one
        let playoff = request
            .playoff
            .unwrap_or_else(|| m.next_hole().is_some_and(|(_, playoff, _)| playoff));
        if given.is_empty() {
            let seats = m.seats_for(playoff)?;
            return input(format!(
                "no grids given; expected a grid for each of {}",
                m.names(&seats)
            ));
        }
        let entries = m.typed_entries(&given)?;
        let ended = ending(&m, request.out.as_deref(), request.knock.as_deref())?;
        let hole = m.play_hole(&entries, ended, playoff, &now)?;
        if let Some(meant) = request.hole.filter(|&n| n != hole.number) {
            return Err(store::Misplaced::NotNext {
                id: m.id,
                kind: if hole.playoff { "playoff " } else { "" },
                number: meant,
                recorded: hole.number.saturating_sub(1),
            }
            .into());
        }
        store::insert_next_hole(tx, m.id, &hole)?;
        store::drafts::remove(tx, m.id)?;
        m.record(hole);
        Ok(())
    })?;
    card(&mut store, id, odds)
}

/// What the page asking for an undo shows of the match: how many holes and penalties its
/// card holds (each `None` when not said).
#[derive(Debug, Clone, Copy, Default)]
pub struct OnCard {
    /// Holes on the card shown, playoff holes too.
    pub holes: Option<usize>,
    /// Penalties on the card shown.
    pub penalties: Option<usize>,
}

/// Withdraws the last hole or penalty of match `id` as `golf undo` does (kept in the audit
/// log; a finished match reopened), refused with nothing written when the match no longer
/// holds the holes and penalties `on_card` says the page's card holds (another writer
/// recorded or withdrew one since: the undo would take theirs). Returns the card after it.
pub fn undo(db: &Path, id: i64, on_card: &OnCard, odds: bool) -> Result<CardView> {
    let mut store = Store::open(db)?;
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_match(tx, Some(id), true)?;
        let (holes, penalties) = (m.holes.len(), m.penalties.len());
        let differs = |said: Option<usize>, now: usize| said.is_some_and(|n| n != now);
        if differs(on_card.holes, holes) || differs(on_card.penalties, penalties) {
            let plural = |n: usize, one: &str, more: &str| match n {
                1 => format!("1 {one}"),
                _ => format!("{n} {more}"),
            };
            return input(format!(
                "the card has changed since this page showed it: match {} now holds {} and {} (another writer recorded or withdrew one); nothing was withdrawn — look at the card and undo again if you mean to",
                m.id,
                plural(holes, "hole", "holes"),
                plural(penalties, "penalty", "penalties"),
            ));
        }
        reopen(tx, &mut m, &now)?;
        let (withdrawn, audit) = m.undo(&now)?;
        store::insert_audit(tx, m.id, &audit)?;
        match &withdrawn {
            Withdrawn::Hole(h) => store::delete_hole(tx, m.id, h.number, h.playoff)?,
            Withdrawn::Penalty(_) => store::delete_last_penalty(tx, m.id)?,
        }
        Ok(())
    })?;
    card(&mut store, id, odds)
}

/// Finishes match `id` as `golf finish` does (the tiebreak chain applied; a sudden-death
/// tie refused until its playoff holes are in). A finished match is left as it is. Returns
/// the card, its result in `result.summary`.
pub fn finish(db: &Path, id: i64, odds: bool) -> Result<CardView> {
    let mut store = Store::open(db)?;
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_match(tx, Some(id), true)?;
        if m.finished_at.is_none() {
            let outcome = m.finish(&now)?;
            store::finish(tx, m.id, &now, &serde_json::to_string(&outcome)?)?;
        }
        Ok(())
    })?;
    card(&mut store, id, odds)
}
