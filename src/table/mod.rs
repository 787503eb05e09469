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

pub mod accept;
pub mod draft;
pub mod edit;
pub mod import;
pub mod keys;
pub mod once;
pub mod start;
pub mod tournament;

use rusqlite::Connection;

use crate::error::{input, Error, Result};
use crate::game::{Ending, Hole, Match, PenaltyRecord, PenaltyRequest, Typed, Withdrawn};
use crate::store::{self, Store};

pub use draft::{
    draft, draft_stamp, keep_draft, put_in_draft, record_draft, shared_draft, DraftEntry,
    DraftProblem, PutBack, SharedDraft, Stamp, Trouble,
};

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
    /// An undo meant for an entry that is no longer the one recorded last.
    #[error("the card has changed since it was shown: the entry recorded last in match {id} is now {now}, not the one meant; nothing was withdrawn — look at the card and undo again if you mean to")]
    NotLast {
        /// The match.
        id: i64,
        /// The entry recorded last now, in words (`hole 4`, `the penalty for hole 3`, `nothing`).
        now: String,
    },
    /// A recording from the shared draft meant for the draft as it was seen, which has
    /// changed since (a phone sent or took back a grid, or who ended the hole).
    #[error("the grids sent have changed since they were shown (draft {seen}, now {now}): a phone sent or took back a grid meanwhile; nothing was recorded — look at them again and record what is shown")]
    DraftChanged {
        /// The revision the writer saw.
        seen: i64,
        /// The revision now.
        now: i64,
    },
    /// A change to the next hole of a match that is over: no hole is next.
    #[error("{label} is finished: no hole is next; nothing was recorded")]
    Over {
        /// The match, as [`Match::label`] names it.
        label: String,
    },
    /// A round asked for that is not the next to seat (a later one).
    #[error("round {meant} is not the next round; round {next} is seated next, once every table of the round in play has finished; nothing was seated")]
    RoundNotNext {
        /// The round asked for.
        meant: usize,
        /// The next round to seat.
        next: usize,
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
    /// An accept meant for the card as shown, whose last hole is another now.
    #[error("the card has changed since it was shown: match {id}'s last hole is now hole {last}, not hole {meant}; nothing was accepted — look at the card again and accept what it shows")]
    AcceptChanged {
        /// The match.
        id: i64,
        /// The last hole the card showed.
        meant: u32,
        /// The last hole recorded now.
        last: u32,
    },
    /// An undo of a disqualification from a tournament between rounds, meant for the one
    /// the director saw, which has been lifted or given again since.
    #[error("{player}'s disqualification has changed since it was shown (lifted, or given again); nothing was undone — look at the director's page again")]
    DisqualificationChanged {
        /// The player.
        player: String,
    },
    /// A tournament table's match finished by its scorekeeper before every player accepted
    /// the card (RULES.md §13).
    #[error("match {id} waits for {waiting} to accept the card: a tournament table's match is finished once every player has accepted its last hole (or by the director); nothing was finished")]
    NotAccepted {
        /// The match.
        id: i64,
        /// Who has not accepted, in words.
        waiting: String,
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

/// The number of the tournament table match `id` is at, or `None` for a match of its own
/// (its scorekeeper's key is that table's, CLI.md "Keys and seats").
pub fn table_number(store: &mut Store, id: i64) -> Result<Option<usize>> {
    store.read(|tx| Ok(store::tournaments::table_number(tx, id)?))
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
    draft::recorded(tx, &m, &hole)?;
    m.ask_again_from(if hole.playoff { 1 } else { hole.number });
    m.record(hole.clone());
    Ok(Changed {
        m,
        what: hole,
        reopened: false,
    })
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
    /// Who ended the hole: `None` unchanged, `Some(None)` nobody, `Some(Some(name))` that
    /// player, the kind of ending kept (a knock stays a knock, [`Match::ended_as_before`]).
    pub out: Option<Option<String>>,
    /// Who knocked, when the correction says so: `Some(name)` that player knocked.
    pub knock: Option<String>,
}

/// Amends a recorded hole as `golf amend` does, in one write: a finished match reopened
/// (RULES.md §17), the hole scored again, the old entry kept in the audit log. A
/// correction that changes nothing writes nothing, logs nothing and reopens nothing:
/// `what` is then `None`.
pub fn amend(store: &mut Store, change: &Amendment) -> Result<Changed<Option<Hole>>> {
    let now = store::timestamp();
    store.write(|tx| {
        let m = pick_match(tx, change.match_id, true)?;
        let changes = m.typed_entries(&change.grids)?;
        let ended = match (&change.knock, &change.out) {
            (Some(_), Some(Some(_))) => {
                return input(
                    "give either who went out or who knocked, not both: one player ends a hole",
                )
            }
            (Some(name), _) => Some(Some(Ending {
                seat: crate::player::find(&m.players, name)?,
                knocked: true,
            })),
            (None, Some(Some(name))) => Some(Some(
                m.ended_as_before(change.hole, crate::player::find(&m.players, name)?),
            )),
            (None, Some(None)) => Some(None),
            (None, None) => None,
        };
        let mut amended = m.clone();
        let reopened = amended.reopen(&now);
        let Some((_, new, audit)) = amended.amend(change.hole, &changes, ended, &now)? else {
            return Ok(Changed {
                m: m.clone(),
                what: None,
                reopened: false,
            });
        };
        if let Some(reopened) = &reopened {
            store::insert_audit(tx, m.id, reopened)?;
            store::reopen(tx, m.id)?;
        }
        store::insert_audit(tx, m.id, &audit)?;
        store::delete_hole(tx, m.id, new.number, false)?;
        store::insert_hole(tx, m.id, &new)?;
        amended.ask_again_from(new.number);
        Ok(Changed {
            m: amended,
            what: Some(new),
            reopened: reopened.is_some(),
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
    /// The id of the entry the card showed last ([`crate::game::LastEntry`]): the undo
    /// withdraws exactly that entry, refused ([`Conflict::NotLast`]) when another is last.
    pub entry: Option<u64>,
}

/// `n` things in words: `1 hole`, `3 holes`.
fn counted(n: usize, one: &str, more: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        _ => format!("{n} {more}"),
    }
}

/// What an undo withdrew, and what it did with the draft of the next hole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Withdrawal {
    /// The hole or penalty withdrawn.
    pub withdrawn: Withdrawn,
    /// The draft after it: the withdrawn hole's grids put back, or newer ones kept.
    pub draft: PutBack,
    /// The penalty withdrawn had disqualified its player from the tournament, and that
    /// disqualification is lifted with it (RULES.md §13).
    pub lifted: bool,
}

/// Withdraws the last hole or penalty as `golf undo` does (kept in the audit log; a
/// finished match reopened), in one write; a disqualification from the tournament given
/// with the penalty is lifted with it (RULES.md §13); a hole's grids and who ended it go
/// back into the draft of that hole ([`draft::put_back`]), in the same write. Refused with
/// nothing written ([`Conflict::CardChanged`]) when the match no longer holds what
/// `on_card` says: another writer recorded or withdrew one since, and the undo would take
/// theirs.
pub fn undo(
    store: &mut Store,
    match_id: Option<i64>,
    on_card: OnCard,
) -> Result<Changed<Withdrawal>> {
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
        if let Some(meant) = on_card.entry {
            let last = m.last_entry();
            if last.map(|e| e.id) != Some(meant) {
                return Err(Conflict::NotLast {
                    id: m.id,
                    now: match last {
                        Some(e) if e.kind == crate::game::EntryKind::Penalty => {
                            format!("the penalty for hole {}", e.hole)
                        }
                        Some(e) if e.playoff => format!("playoff hole {}", e.hole),
                        Some(e) => format!("hole {}", e.hole),
                        None => "nothing".into(),
                    },
                }
                .into());
            }
        }
        let reopened = reopen(tx, &mut m, &now)?;
        let (withdrawn, audit) = m.undo(&now)?;
        store::insert_audit(tx, m.id, &audit)?;
        let (draft, lifted) = match &withdrawn {
            Withdrawn::Hole(h) => {
                store::delete_hole(tx, m.id, h.number, h.playoff)?;
                (draft::put_back(tx, &m, h, &now)?, false)
            }
            Withdrawn::Penalty(p) => {
                store::delete_last_penalty(tx, m.id)?;
                (PutBack::Nothing, tournament::lift_with(tx, &m, p)?)
            }
        };
        m.ask_again_from(match &withdrawn {
            Withdrawn::Hole(h) if h.playoff => 1,
            Withdrawn::Hole(h) => h.number,
            Withdrawn::Penalty(p) => p.hole,
        });
        Ok(Changed {
            m,
            what: Withdrawal {
                withdrawn,
                draft,
                lifted,
            },
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
    finish_as(store, match_id, true)
}

/// [`finish`] by the director (`director`), or by a table's scorekeeper: at a tournament's
/// table the scorekeeper's finish is refused ([`Conflict::NotAccepted`]) until every player
/// has accepted the card's last hole (RULES.md §13, "Accepting the card").
pub fn finish_as(
    store: &mut Store,
    match_id: Option<i64>,
    director: bool,
) -> Result<(Match, bool)> {
    let now = store::timestamp();
    store.write(|tx| {
        let mut m = pick_or_newest(tx, match_id)?;
        if m.finished_at.is_some() {
            return Ok((m, false));
        }
        if !director {
            accept::check_accepted(tx, &m)?;
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
        m.ask_again_from(record.hole);
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

/// The players' recorded history for the chances line of match `m` (RULES.md §15), read
/// apart from the match so that the chances are worked out outside a write's lock;
/// `None` when it cannot be read (the line is then left off, never the card).
pub fn history(store: &mut Store, match_id: i64) -> Option<crate::odds::History> {
    store
        .read(|tx| {
            let pool = crate::odds::draws::POOL_MATCHES;
            Ok(store::stats::hole_history(tx, match_id, pool)?)
        })
        .ok()
        .map(crate::odds::History::from)
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
