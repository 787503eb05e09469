//! The table: every change to a recorded match, made once for both shells — `golf`'s
//! commands ([`crate::cmd`]) and the phones of `golf serve` ([`crate::serve`]). Picking
//! the match, recording a hole (bound to the match and the hole it was meant for),
//! amending, undoing, penalties, finishing, reopening a finished match for a correction
//! (RULES.md §17), the draft of the next hole, and the chances line of the card.
//!
//! Each change is one function and one transaction ([`Store::write`]): the match is loaded
//! once, inside it, checked, changed by the match engine ([`crate::game`]) and written;
//! refused, nothing is written. Each returns the match as it stands after the change, so a
//! shell shows it (or builds the card it pushes to the phones) without loading it again.
//! Nothing here knows of clap, axum or the terminal: what is said is said by the shells,
//! and every refusal is worded for anyone at the table, with no command in it.

pub mod tournament;

use rusqlite::Connection;

use crate::error::{input, Error, Result};
use crate::game::{Draft, Ending, Hole, Match, PenaltyRecord, PenaltyRequest, Typed, Withdrawn};
use crate::store::{self, Store};

/// A change refused because the match moved on under the writer: the hole meant is no
/// longer the next (another writer recorded or withdrew one), or the match in play is not
/// the one the grids were typed for. Bad input (exit 2; HTTP 409); nothing written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Conflict {
    /// The hole meant is not the match's next hole of its kind.
    #[error("{label} has {recorded} {kind}hole{s} recorded, so its next is {kind}hole {next}, not {kind}hole {meant}; nothing was recorded", s = if *recorded == 1 { "" } else { "s" }, next = recorded.saturating_add(1))]
    NotNext {
        /// The match, as [`Match::label`] names it.
        label: String,
        /// `"playoff "` or `""`.
        kind: &'static str,
        /// The hole meant.
        meant: u32,
        /// How many holes of that kind the match holds now.
        recorded: u32,
    },
    /// The match in play changed while the grids were typed.
    #[error("while this was entered, the current match changed: it is now {now}, and this was for {meant}; nothing was recorded")]
    MatchChanged {
        /// The match in play now, with its players.
        now: String,
        /// The match the grids were typed for, with its players.
        meant: String,
    },
    /// The next round of a tournament asked for while a table of the round in play is still
    /// playing (RULES.md §13).
    #[error("round {round} is still in play at {tables}; the next round is seated once every table has finished; nothing was seated")]
    RoundInPlay {
        /// The round in play.
        round: usize,
        /// The tables still playing, in words (`table 2 (match 6)`).
        tables: String,
    },
    /// A round asked for that another writer has seated since.
    #[error(
        "round {meant} is already seated (someone seated it a moment ago); nothing more was seated"
    )]
    RoundSeated {
        /// The round asked for.
        meant: usize,
    },
    /// A change meant for the card as shown, which holds other holes or penalties now.
    #[error("the card has changed since it was shown: match {id} now holds {holes} and {penalties} (another writer recorded or withdrew one); nothing was withdrawn — look at the card and undo again if you mean to")]
    CardChanged {
        /// The match.
        id: i64,
        /// Its holes now, in words (`1 hole`, `3 holes`).
        holes: String,
        /// Its penalties now, in words.
        penalties: String,
    },
}

impl crate::error::BadInput for Conflict {}

/// Whether `err` is a [`Conflict`] or the store's own [`store::Misplaced`]: the writer's
/// view of the match is out of date (HTTP 409).
pub fn is_conflict(err: &Error) -> bool {
    match err {
        Error::Input(e) => e.is::<Conflict>() || e.is::<store::Misplaced>(),
        _ => false,
    }
}

/// Loads the match `id`, or the newest (unfinished, if `unfinished`) match. Without an id,
/// refuses to guess among several tournament tables in play: at a shared tournament
/// database the newest is another table's.
pub fn pick_match(conn: &Connection, id: Option<i64>, unfinished: bool) -> Result<Match> {
    let id = match id {
        Some(id) => id,
        None => match store::latest_match(conn, unfinished)? {
            Some(id) if unfinished && store::tournaments::tournament_of(conn, id)?.is_some() => {
                let open = store::tournaments::tables_in_play(conn)?;
                if open.len() > 1 {
                    let ids: Vec<String> = open.iter().map(i64::to_string).collect();
                    return input(format!(
                        "several tournament tables are in play (matches {}); name yours with --match ID",
                        ids.join(", ")
                    ));
                }
                id
            }
            Some(id) => id,
            None if unfinished => return input(
                "no unfinished match; start one with `golf new`, or name a match with --match ID",
            ),
            None => return input("no matches recorded yet; start one with `golf new`"),
        },
    };
    match store::load_match(conn, id)? {
        Some(m) => Ok(m),
        None => input(format!(
            "there is no match {id}; `golf history` lists the matches"
        )),
    }
}

/// The match `golf serve` shows: `id`, else the most recent unfinished match, else the
/// newest. Errors as `golf card` does when there is none.
pub fn serving(store: &mut Store, id: Option<i64>) -> Result<Match> {
    store.read(|tx| pick_or_newest(tx, id))
}

/// Match `id`, else the newest unfinished match, else (none unfinished) the newest: what
/// `golf serve` shows and `golf finish` says is finished. Errors as [`pick_match`].
fn pick_or_newest(conn: &Connection, id: Option<i64>) -> Result<Match> {
    match (pick_match(conn, id, true), id) {
        (Ok(m), _) => Ok(m),
        (Err(e), Some(_)) => Err(e),
        (Err(e), None) => match store::latest_match(conn, false)? {
            Some(id) => pick_match(conn, Some(id), false),
            None => Err(e),
        },
    }
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

/// Who ended the hole, from the name of who went out or who knocked (a unique prefix will
/// do). Errors: both given, or a name that is no player's.
pub fn ending(m: &Match, out: Option<&str>, knock: Option<&str>) -> Result<Option<Ending>> {
    let (name, knocked) = match (out, knock) {
        (Some(_), Some(_)) => {
            return input(
                "give either who went out or who knocked, not both: one player ends a hole",
            )
        }
        (Some(name), None) => (name, false),
        (None, Some(name)) => (name, true),
        (None, None) => return Ok(None),
    };
    let seat = crate::player::find(&m.players, name)?;
    Ok(Some(Ending { seat, knocked }))
}

/// Reopens `m` if it is finished, so a correction can change it (RULES.md §17): the
/// result it replaced goes to the audit log and the stored result is cleared. Returns
/// whether it was reopened, for the shell to say.
pub fn reopen(conn: &Connection, m: &mut Match, now: &str) -> Result<bool> {
    let Some(audit) = m.reopen(now) else {
        return Ok(false);
    };
    store::insert_audit(conn, m.id, &audit)?;
    store::reopen(conn, m.id)?;
    Ok(true)
}

/// The grids of a hole as given: typed text by player name (`PLAYER=GRID`, the page's
/// JSON), or entries the prompt has already read and checked, by seat.
#[derive(Debug, Clone)]
pub enum Grids {
    /// `(player, grid)` as typed; a player may be named by a unique prefix.
    Named(Vec<(String, String)>),
    /// Entries read by seat.
    Seated(Vec<(usize, Typed)>),
}

/// Who ended the hole, as given.
#[derive(Debug, Clone)]
pub enum Ended {
    /// By name: who went out, who knocked (at most one of them).
    Named {
        /// Who went out.
        out: Option<String>,
        /// Who knocked.
        knock: Option<String>,
    },
    /// Already read: the seat, or nobody.
    Seat(Option<Ending>),
}

/// A hole to record ([`record_hole`]).
#[derive(Debug, Clone)]
pub struct NewHole {
    /// The match (`None`: the newest unfinished).
    pub match_id: Option<i64>,
    /// The match the grids were typed for, when it must still be the one in play
    /// (refused as [`Conflict::MatchChanged`] otherwise).
    pub typed_for: Option<i64>,
    /// The number of the hole meant (refused as [`Conflict::NotNext`] when the match's next
    /// hole of its kind is another).
    pub hole: Option<u32>,
    /// Whether it is a sudden-death playoff hole (`None`: when the card says the next hole
    /// is one).
    pub playoff: Option<bool>,
    /// Every playing seat's grid.
    pub grids: Grids,
    /// Who ended it.
    pub ended: Ended,
    /// The hole's note, already checked.
    pub note: Option<String>,
}

/// A change made, with the match as it stands after it.
#[derive(Debug, Clone)]
pub struct Changed<T> {
    /// The match after the change.
    pub m: Match,
    /// What was changed: the hole recorded or amended, the entry withdrawn, …
    pub what: T,
    /// Whether a finished match was reopened for it (RULES.md §17).
    pub reopened: bool,
}

/// "no grids given" for the seats of `m` that play the hole: the words every shell uses.
pub fn no_grids(m: &Match, seats: &[usize]) -> Error {
    let example = seats
        .first()
        .and_then(|&s| m.players.get(s))
        .map_or("ann", String::as_str);
    crate::error::InputError::new(format!(
        "no grids given; expected a grid for each of {}, e.g. {example}=\"5 K Q / 5 2 J\"",
        m.names(seats)
    ))
    .into()
}

/// The number the next hole (playoff or not) of `m` gets.
fn next_number(m: &Match, playoff: bool) -> u32 {
    let recorded = m.holes.iter().filter(|h| h.playoff == playoff).count();
    u32::try_from(recorded)
        .unwrap_or(u32::MAX)
        .saturating_add(1)
}

/// [`Conflict::NotNext`] for hole `meant` of `m`, or `Ok` when it is the next.
pub fn check_next(m: &Match, playoff: bool, meant: Option<u32>) -> Result<()> {
    let next = next_number(m, playoff);
    match meant.filter(|&n| n != next) {
        Some(meant) => Err(Conflict::NotNext {
            label: m.label(),
            kind: if playoff { "playoff " } else { "" },
            meant,
            recorded: next.saturating_sub(1),
        }
        .into()),
        None => Ok(()),
    }
}

/// `m` and its players, as a refusal names a match.
fn with_players(m: &Match) -> String {
    format!(
        "{} ({})",
        m.label(),
        m.names(&(0..m.players.len()).collect::<Vec<_>>())
    )
}

/// [`Conflict::MatchChanged`]: `now` is in play, the grids were typed for match `meant`.
fn changed(tx: &Connection, now: &Match, meant: i64) -> Result<Error> {
    let meant = match store::load_match(tx, meant)? {
        Some(old) => with_players(&old),
        None => format!("match {meant}"),
    };
    Ok(Conflict::MatchChanged {
        now: with_players(now),
        meant,
    }
    .into())
}

/// Records the next hole as `golf hole` does, in one write: the match picked, held to the
/// match and hole meant, the grids read and refereed (RULES.md §3–§5, the deck §10), the
/// hole written and the match's draft removed. Refused with nothing written: a bad grid or
/// player (the referee's message), [`Conflict`] when the match moved on.
pub fn record_hole(store: &mut Store, new: &NewHole) -> Result<Changed<Hole>> {
    let now = store::timestamp();
    store.write(|tx| {
        let m = match (new.match_id, new.typed_for) {
            // the grids were typed for `meant`, the match in play then: it still must be
            // (a match finished or gone meanwhile is the store's to refuse, by name)
            (None, Some(meant)) => match pick_match(tx, None, true) {
                Ok(current) if current.id != meant => return Err(changed(tx, &current, meant)?),
                Ok(current) => current,
                Err(_) => match store::load_match(tx, meant)? {
                    Some(m) => m,
                    None => return Err(store::Misplaced::NoMatch(meant).into()),
                },
            },
            (id, typed_for) => {
                let m = pick_match(tx, id, true)?;
                if let Some(meant) = typed_for.filter(|&t| t != m.id) {
                    return Err(changed(tx, &m, meant)?);
                }
                m
            }
        };
        record_in(tx, m, new, &now)
    })
}

/// Records `new` into `m`, loaded in the write `tx`: the rest of [`record_hole`].
fn record_in(tx: &Connection, mut m: Match, new: &NewHole, now: &str) -> Result<Changed<Hole>> {
    let playoff = new
        .playoff
        .unwrap_or_else(|| m.next_hole().is_some_and(|(_, playoff, _)| playoff));
    check_next(&m, playoff, new.hole)?;
    let entries = match &new.grids {
        Grids::Named(pairs) if pairs.is_empty() => {
            return Err(no_grids(&m, &m.seats_for(playoff)?))
        }
        Grids::Named(pairs) => m.typed_entries(pairs)?,
        Grids::Seated(entries) => entries.clone(),
    };
    let ended = match &new.ended {
        Ended::Named { out, knock } => ending(&m, out.as_deref(), knock.as_deref())?,
        Ended::Seat(ended) => *ended,
    };
    let mut hole = m.play_hole(&entries, ended, playoff, now)?;
    check_next(
        &m,
        hole.playoff,
        Some(hole.number).filter(|_| new.hole.is_some()),
    )?;
    hole.note = new.note.clone();
    store::insert_next_hole(tx, m.id, &hole)?;
    store::drafts::remove(tx, m.id)?;
    m.record(hole.clone());
    Ok(Changed {
        m,
        what: hole,
        reopened: false,
    })
}

/// Records the shared draft of match `match_id`'s next hole as it stands (CLI.md "The
/// shared draft of the next hole"), in one write: refused while a playing seat's grid is
/// missing, when the draft is not for hole `meant` ([`Conflict::NotNext`]), or as the
/// referee refuses the hole.
pub fn record_draft(store: &mut Store, match_id: i64, meant: Option<u32>) -> Result<Changed<Hole>> {
    let now = store::timestamp();
    store.write(|tx| {
        let m = pick_match(tx, Some(match_id), true)?;
        let Some((number, playoff, _)) = m.next_hole() else {
            return input(format!("{} is over: no hole is next", m.label()));
        };
        check_next(&m, playoff, meant)?;
        let draft = next_draft(tx, &m, number, playoff)?;
        let seats = m.seats_for(playoff)?;
        let missing: Vec<usize> = seats
            .iter()
            .copied()
            .filter(|s| !draft.entries.iter().any(|(e, _)| e == s))
            .collect();
        if !missing.is_empty() {
            return input(format!(
                "the grid of {} is still missing; nothing was recorded",
                m.names(&missing)
            ));
        }
        let entries = draft
            .entries
            .iter()
            .map(|(seat, text)| Ok((*seat, Typed::parse(&m.players[*seat], text, &m.rules)?)))
            .collect::<Result<Vec<_>>>()?;
        let new = NewHole {
            match_id: Some(m.id),
            typed_for: None,
            hole: Some(number),
            playoff: Some(playoff),
            grids: Grids::Seated(entries),
            ended: Ended::Seat(draft.ending.map(|(seat, knocked)| Ending { seat, knocked })),
            note: None,
        };
        record_in(tx, m, &new, &now)
    })
}

/// The draft of `m`'s hole `number` (playoff or not) as kept, or an empty one: a draft
/// kept for another hole, or one that does not fit the match ([`Draft::problem`]), is not
/// this hole's.
fn next_draft(conn: &Connection, m: &Match, number: u32, playoff: bool) -> Result<Draft> {
    Ok(match store::drafts::load(conn, m.id)? {
        Some(Ok(d)) if (d.hole, d.playoff) == (number, playoff) && d.problem(m).is_none() => d,
        _ => Draft::of(number, playoff, &[]),
    })
}

/// One player's part of the shared draft, as a phone sends it ([`put_in_draft`]).
#[derive(Debug, Clone)]
pub struct DraftEntry {
    /// The match.
    pub match_id: i64,
    /// The hole the phone showed next (refused as [`Conflict::NotNext`] when it is not).
    pub hole: Option<u32>,
    /// The player, by name (a unique prefix will do).
    pub player: String,
    /// Their grid as typed, or `None` to take it back.
    pub grid: Option<String>,
    /// They went out.
    pub out: bool,
    /// They knocked.
    pub knock: bool,
}

/// Puts one player's grid (and whether they ended the hole) into the shared draft of the
/// next hole, in one write. The grid is refereed alone as it arrives — shape, cards, suits,
/// the deck within it — and refused with `golf hole`'s message, not kept; the deck across
/// grids is the draft's `problems` ([`shared_draft`]). Returns the match.
pub fn put_in_draft(store: &mut Store, entry: &DraftEntry) -> Result<Match> {
    let now = store::timestamp();
    store.write(|tx| {
        let m = pick_match(tx, Some(entry.match_id), true)?;
        let Some((number, playoff, _)) = m.next_hole() else {
            return input(format!("{} is over: no hole is next", m.label()));
        };
        check_next(&m, playoff, entry.hole)?;
        if entry.out && entry.knock {
            return input("give either out or knock, not both: one player ends a hole");
        }
        if entry.knock && !m.rules.may_knock() {
            return input(format!(
                "there is no knocking under {}",
                m.rules.display_name()
            ));
        }
        let seat = crate::player::find(&m.players, &entry.player)?;
        let who = m.players[seat].clone();
        if !m.seats_for(playoff)?.contains(&seat) {
            return input(format!("{who} does not play this playoff hole"));
        }
        if let Some(text) = &entry.grid {
            // what a draft may hold (Draft::problem), refused before it is kept
            let max = crate::game::draft::MAX_DRAFT_GRID;
            if text.chars().count() > max {
                return input(format!(
                    "{who}'s grid is longer than {max} characters; expected a grid such as \"5 K Q / 5 2 J\""
                ));
            }
            if let Some(c) = crate::text::first_unprintable(text) {
                return input(format!("{who}'s grid holds the control character {c}"));
            }
            crate::game::draft::check(&m, &who, text).map_err(crate::error::InputError::new)?;
        }
        let mut draft = next_draft(tx, &m, number, playoff)?;
        draft.entries.retain(|(s, _)| *s != seat);
        if let Some(text) = &entry.grid {
            draft.entries.push((seat, text.clone()));
        }
        if entry.out || entry.knock {
            draft.ending = Some((seat, entry.knock));
        } else if draft.ending.is_some_and(|(s, _)| s == seat) {
            draft.ending = None;
        }
        store::drafts::save(tx, m.id, &draft, &now)?;
        Ok(m)
    })
}

/// A problem of the shared draft, beside the player it concerns (`None`: the grids of
/// several, named in the message).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DraftProblem {
    /// The player, if one.
    pub player: Option<String>,
    /// What is wrong, in the referee's words.
    pub error: String,
}

/// The shared draft of a match's next hole as every phone sees it (CLI.md "The shared
/// draft of the next hole"): `{"match", "hole", "playoff", "grids": {PLAYER: GRID|null},
/// "missing", "out", "knock", "problems"}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SharedDraft {
    /// The match.
    #[serde(rename = "match")]
    pub match_id: i64,
    /// The hole's number.
    pub hole: u32,
    /// Whether a sudden-death playoff hole.
    pub playoff: bool,
    /// Each playing seat's grid as sent, in seating order, or null.
    pub grids: serde_json::Map<String, serde_json::Value>,
    /// The playing seats whose grid has not come.
    pub missing: Vec<String>,
    /// Who said they went out.
    pub out: Option<String>,
    /// Who said they knocked.
    pub knock: Option<String>,
    /// The checks across the grids that fail (the deck, RULES.md §10).
    pub problems: Vec<DraftProblem>,
}

/// The shared draft of `m`'s next hole, read on `store`; `None` when no hole is next.
pub fn shared_draft(store: &mut Store, m: &Match) -> Result<Option<SharedDraft>> {
    let Some((number, playoff, _)) = m.next_hole() else {
        return Ok(None);
    };
    let Ok(seats) = m.seats_for(playoff) else {
        return Ok(None);
    };
    let draft = store.read(|tx| next_draft(tx, m, number, playoff))?;
    let mut grids = serde_json::Map::new();
    let mut missing = Vec::new();
    let mut typed = Vec::new();
    for &seat in &seats {
        let name = m.players[seat].clone();
        match draft.entries.iter().find(|(s, _)| *s == seat) {
            Some((_, text)) => {
                grids.insert(name.clone(), serde_json::Value::String(text.clone()));
                if let Ok(Typed::Grid { grid, .. }) = Typed::parse(&name, text, &m.rules) {
                    typed.push((name, grid));
                }
            }
            None => {
                grids.insert(name.clone(), serde_json::Value::Null);
                missing.push(name);
            }
        }
    }
    let mut problems = Vec::new();
    let all: Vec<(&str, &crate::grid::Grid)> = typed.iter().map(|(n, g)| (n.as_str(), g)).collect();
    if let Err(clash) = crate::deck::check_hole(&all, m.decks, &m.rules) {
        // the clash concerns whoever of the players it names sent their grid last: the
        // one whose grid brought it (the draft keeps grids in the order they came)
        let named: Vec<&str> = clash
            .overflows
            .iter()
            .flat_map(|o| o.per_player.iter().map(|(name, _)| name.as_str()))
            .collect();
        let brought = draft
            .entries
            .iter()
            .rev()
            .filter_map(|(seat, _)| m.players.get(*seat))
            .find(|name| named.contains(&name.as_str()))
            .cloned();
        problems.push(DraftProblem {
            player: brought,
            error: clash.to_string(),
        });
    }
    let ender = |knocked: bool| {
        draft
            .ending
            .filter(|(_, k)| *k == knocked)
            .and_then(|(s, _)| m.players.get(s).cloned())
    };
    Ok(Some(SharedDraft {
        match_id: m.id,
        hole: number,
        playoff,
        grids,
        missing,
        out: ender(false),
        knock: ender(true),
        problems,
    }))
}

/// A correction of a recorded hole ([`amend`]).
#[derive(Debug, Clone)]
pub struct Amendment {
    /// The match (`None`: the newest unfinished).
    pub match_id: Option<i64>,
    /// The hole's number.
    pub hole: u32,
    /// The grids that change, by player name.
    pub grids: Vec<(String, String)>,
    /// Who went out: `None` unchanged, `Some(None)` nobody, `Some(Some(name))` that player.
    pub out: Option<Option<String>>,
}

/// Amends a recorded hole as `golf amend` does, in one write: a finished match reopened
/// (RULES.md §17), the hole scored again, the old entry kept in the audit log.
pub fn amend(store: &mut Store, change: &Amendment) -> Result<Changed<Hole>> {
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_match(tx, change.match_id, true)?;
        let reopened = reopen(tx, &mut m, &now)?;
        let changes = m.typed_entries(&change.grids)?;
        let out = match &change.out {
            None => None,
            Some(None) => Some(None),
            Some(Some(name)) => Some(Some(crate::player::find(&m.players, name)?)),
        };
        let (_, new, audit) = m.amend(change.hole, &changes, out, &now)?;
        store::insert_audit(tx, m.id, &audit)?;
        store::delete_hole(tx, m.id, new.number, false)?;
        store::insert_hole(tx, m.id, &new)?;
        Ok(Changed {
            m,
            what: new,
            reopened,
        })
    })
}

/// What a writer's card shows of the match, for an undo meant for that card: how many
/// holes and penalties it holds (each `None` when not said).
#[derive(Debug, Clone, Copy, Default)]
pub struct OnCard {
    /// Holes on the card shown, playoff holes too.
    pub holes: Option<usize>,
    /// Penalties on the card shown.
    pub penalties: Option<usize>,
}

/// `n` things in words: `1 hole`, `3 holes`.
fn counted(n: usize, one: &str, more: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        _ => format!("{n} {more}"),
    }
}

/// Withdraws the last hole or penalty as `golf undo` does (kept in the audit log; a
/// finished match reopened), in one write. Refused with nothing written
/// ([`Conflict::CardChanged`]) when the match no longer holds what `on_card` says: another
/// writer recorded or withdrew one since, and the undo would take theirs.
pub fn undo(
    store: &mut Store,
    match_id: Option<i64>,
    on_card: OnCard,
) -> Result<Changed<Withdrawn>> {
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_match(tx, match_id, true)?;
        let (holes, penalties) = (m.holes.len(), m.penalties.len());
        let differs = |said: Option<usize>, now: usize| said.is_some_and(|n| n != now);
        if differs(on_card.holes, holes) || differs(on_card.penalties, penalties) {
            return Err(Conflict::CardChanged {
                id: m.id,
                holes: counted(holes, "hole", "holes"),
                penalties: counted(penalties, "penalty", "penalties"),
            }
            .into());
        }
        let reopened = reopen(tx, &mut m, &now)?;
        let (withdrawn, audit) = m.undo(&now)?;
        store::insert_audit(tx, m.id, &audit)?;
        match &withdrawn {
            Withdrawn::Hole(h) => store::delete_hole(tx, m.id, h.number, h.playoff)?,
            Withdrawn::Penalty(_) => store::delete_last_penalty(tx, m.id)?,
        }
        Ok(Changed {
            m,
            what: withdrawn,
            reopened,
        })
    })
}

/// Refuses ([`Conflict::MatchChanged`]) a change meant for match `meant` (the one a page
/// shows) when the match it would change is `id`; nothing to refuse when none is meant.
pub fn held_to(store: &mut Store, meant: Option<i64>, id: i64) -> Result<()> {
    match meant.filter(|&m| m != id) {
        Some(meant) => {
            let err = store.read(|tx| {
                let now = pick_match(tx, Some(id), false)?;
                changed(tx, &now, meant)
            })?;
            Err(err)
        }
        None => Ok(()),
    }
}

/// Finishes a match as `golf finish` does (the tiebreak chain applied, RULES.md §8; a
/// sudden-death tie refused until its playoff holes are in), in one write. Without an id
/// and with no unfinished match, the newest match. Returns the match and whether this call
/// finished it (`false`: it already was, and its result stands).
pub fn finish(store: &mut Store, match_id: Option<i64>) -> Result<(Match, bool)> {
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_or_newest(tx, match_id)?;
        if m.finished_at.is_some() {
            return Ok((m, false));
        }
        let outcome = m.finish(&now)?;
        store::finish(tx, m.id, &now, &serde_json::to_string(&outcome)?)?;
        Ok((m, true))
    })
}

/// A penalty to give ([`penalty`]).
#[derive(Debug, Clone)]
pub struct PenaltyEntry {
    /// The match (`None`: the newest unfinished, or with `tournament` the player's table).
    pub match_id: Option<i64>,
    /// The player, by name (a unique prefix will do).
    pub player: String,
    /// What kind of penalty (Official §6.3).
    pub kind: PenaltyRequest,
    /// The hole it is for, if any.
    pub hole: Option<u32>,
    /// A disqualification from the tournament as a whole (RULES.md §13): `Some(name)` names
    /// the tournament, `Some(None)` the newest.
    pub tournament: Option<Option<String>>,
}

/// A disqualification from a tournament between rounds: no match of the player's is in
/// play, so only the tournament records it (RULES.md §13).
#[derive(Debug, Clone)]
pub struct BetweenRounds {
    /// The tournament's name.
    pub tournament: String,
    /// The player, as seated.
    pub player: String,
    /// Why.
    pub reason: String,
    /// Rounds played so far.
    pub rounds_played: usize,
}

/// Gives a penalty as `golf penalty` does, in one write (a finished match reopened,
/// RULES.md §17): the match's penalty, or with `tournament` also the tournament's
/// disqualification — `Err(BetweenRounds)` inside `Ok` when the player has no table in
/// play and only the tournament records it.
pub fn penalty(
    store: &mut Store,
    entry: &PenaltyEntry,
) -> Result<std::result::Result<Changed<PenaltyRecord>, BetweenRounds>> {
    let now = store::timestamp();
    store.write(|tx| {
        let match_id = match (&entry.tournament, entry.match_id) {
            (Some(name), None) => match table_in_play(tx, entry, name.as_deref(), &now)? {
                Ok(id) => Some(id),
                Err(between) => return Ok(Err(between)),
            },
            (_, id) => id,
        };
        let mut m = pick_match(tx, match_id, true)?;
        let reopened = reopen(tx, &mut m, &now)?;
        let seat = crate::player::find(&m.players, &entry.player)?;
        let record = m.penalty(seat, entry.kind.clone(), entry.hole, &now)?;
        if entry.tournament.is_some() {
            let Some(t) = store::tournaments::tournament_of(tx, m.id)? else {
                return input(format!(
                    "match {} is not a table of a tournament; drop --tournament to disqualify from the match only",
                    m.id
                ));
            };
            store::tournaments::disqualify(tx, t, &m.players[seat], &now, &record.reason)?;
        }
        store::insert_penalty(tx, m.id, &record)?;
        m.penalties.push(record.clone());
        Ok(Ok(Changed {
            m,
            what: record,
            reopened,
        }))
    })
}

/// The player's table in play in the tournament `name` (or the newest): `Ok(match)`; with
/// none, disqualifies them from the tournament at once (RULES.md §13: nothing finished
/// changes; they are seated no more and listed last) and says so as `Err`.
fn table_in_play(
    tx: &Connection,
    entry: &PenaltyEntry,
    name: Option<&str>,
    now: &str,
) -> Result<std::result::Result<i64, BetweenRounds>> {
    let Some(t) = store::tournaments::load(tx, name)? else {
        return input(match name {
            Some(name) => format!(
                "there is no tournament named {}; `golf tournament list` lists them",
                crate::text::escape(name)
            ),
            None => "there is no tournament; start one with `golf tournament new`".into(),
        });
    };
    let player = t.players[crate::player::find(&t.players, &entry.player)?].clone();
    if t.disqualified.iter().any(|(d, _)| *d == player) {
        return input(format!(
            "{player} is already disqualified from the tournament {}",
            t.name
        ));
    }
    let in_play = t.played.last().and_then(|round| {
        round.iter().find(|m| {
            m.finished_at.is_none() && m.abandoned_at.is_none() && m.players.contains(&player)
        })
    });
    if let Some(m) = in_play {
        return Ok(Ok(m.id));
    }
    let reason = match &entry.kind {
        PenaltyRequest::Disqualify(reason) | PenaltyRequest::Points(_, reason) => reason.clone(),
        _ => String::new(),
    };
    store::tournaments::disqualify(tx, t.id, &player, now, &reason)?;
    Ok(Err(BetweenRounds {
        tournament: t.name.clone(),
        player,
        reason,
        rounds_played: t.played.len(),
    }))
}

/// A draft's stamp as stored: its hole, whether a playoff (1) or not (0), and when it
/// was saved.
pub type Stamp = (i64, i64, String);

/// Keeps `draft` as the draft of match `match_id`, replacing any earlier one, in one
/// write. Returns the stamp of the draft it replaced, if any, and when this one was saved:
/// a prompt that sees the stamp change under it knows another is typing the same hole.
pub fn keep_draft(
    store: &mut Store,
    match_id: i64,
    draft: &Draft,
) -> Result<(Option<Stamp>, String)> {
    let now = store::timestamp();
    let before = store.write(|tx| {
        let before = store::drafts::stamp(tx, match_id)?;
        store::drafts::save(tx, match_id, draft, &now)?;
        Ok(before)
    })?;
    Ok((before, now))
}

/// The draft kept for match `match_id` as stored: `Ok(None)` when there is none,
/// `Some(Err(why))` when its row cannot be read. Whether it fits the match is
/// [`Draft::problem`]'s to say.
pub fn draft(store: &mut Store, match_id: i64) -> Result<Option<store::drafts::Stored>> {
    store.read(|tx| Ok(store::drafts::load(tx, match_id)?))
}

/// When the draft of match `match_id` was last saved, as stored, if there is one.
pub fn draft_stamp(store: &mut Store, match_id: i64) -> Result<Option<Stamp>> {
    store.read(|tx| Ok(store::drafts::stamp(tx, match_id)?))
}

/// The players' recorded history for the chances line of match `m` (RULES.md §15), read
/// apart from the match so that the chances are worked out outside a write's lock;
/// `None` when it cannot be read (the line is then left off, never the card).
pub fn history(store: &mut Store, match_id: i64) -> Option<crate::odds::History> {
    store
        .read(|tx| Ok(store::stats::hole_history(tx, match_id)?))
        .ok()
}

/// The chances line of the card of `m` (RULES.md §15): `golf odds`'s estimate from the
/// players' recorded history. `None` when the match is not in play or the chances cannot
/// be worked out: the line is left off, never the card.
pub fn chances(store: &mut Store, m: &Match) -> Option<crate::odds::Odds> {
    if !crate::odds::in_play(m) {
        return None;
    }
    crate::cache::card_odds(m, history(store, m.id)?)
}
