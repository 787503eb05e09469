//! The shared draft of a match's next hole (CLI.md "The shared draft of the next hole"):
//! each phone's grid put in, the prompt's draft kept beside it, and the draft recorded as
//! the hole. Every change one write, as the rest of [`crate::table`].

use rusqlite::Connection;

use super::{check_next, pick_match, record_in, Changed, Conflict, Ended, Grids, NewHole};
use crate::error::{input, Result};
use crate::game::{Draft, Hole, HoleError, Match, Slot, Typed};
use crate::store::{self, Store};

/// Records the shared draft of match `match_id`'s next hole as it stands (CLI.md "The
/// shared draft of the next hole"), in one write: refused while a playing seat's grid is
/// missing, when the draft is not for hole `meant` ([`Conflict::NotNext`]), or as the
/// referee refuses the hole.
///
/// `seen` is the draft's revision as the writer saw it ([`SharedDraft::revision`]):
/// refused ([`Conflict::DraftChanged`]) when the draft has changed since, so what is
/// recorded is what was shown.
pub fn record_draft(
    store: &mut Store,
    match_id: i64,
    meant: Option<u32>,
    seen: Option<i64>,
) -> Result<Changed<Hole>> {
    let now = store::timestamp();
    store.write(|tx| {
        let m = pick_match(tx, Some(match_id), true)?;
        let Some((number, playoff, _)) = m.next_hole() else {
            return Err(Conflict::Over { label: m.label() }.into());
        };
        check_next(&m, playoff, meant)?;
        let revision = store::drafts::revision(tx, m.id)?;
        if let Some(seen) = seen.filter(|&seen| seen != revision) {
            return Err(Conflict::DraftChanged {
                seen,
                now: revision,
            }
            .into());
        }
        let seats = m.seats_for(playoff)?;
        let draft = asked(next_draft(tx, &m, number, playoff)?, &seats);
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
        if let Some(both) = two_claims(&m, &draft) {
            return input(format!("{both}; nothing was recorded"));
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
            ended: Ended::Seat(draft.ending),
            note: None,
        };
        record_in(tx, m, &new, &now)
    })
}

/// What an undo of a hole did with the match's draft (CLI.md "The phone knows its hole":
/// undo puts the withdrawn hole's grids back in the draft).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PutBack {
    /// Nothing to put back: a penalty was withdrawn.
    Nothing,
    /// The hole's grids and who ended it are the draft of that hole again, each grid said
    /// as put back by the undo ([`Draft::restored`]), ready to record again or change.
    Restored {
        /// The hole withdrawn.
        hole: u32,
        /// Whether a playoff hole.
        playoff: bool,
    },
    /// The draft already held grids (or a claim to have gone out) for the hole that was
    /// next — newer than the withdrawn hole's: they are kept, and the withdrawn hole's
    /// grids are not put back (the audit log keeps them). `None` when the draft kept
    /// cannot be read, and so is kept as it is.
    Kept(Option<(u32, bool)>),
}

/// Puts the grids of hole `h`, just withdrawn from `m` in the write `tx`, back in the
/// match's draft as the draft of that hole, with who ended it — unless the draft holds
/// anything already (grids sent or typed for the hole that was next, newer than these),
/// which is kept.
pub(super) fn put_back(tx: &Connection, m: &Match, h: &Hole, now: &str) -> Result<PutBack> {
    match store::drafts::load(tx, m.id)? {
        Some(Ok(d)) if !d.entries.is_empty() || !d.claims().is_empty() => {
            return Ok(PutBack::Kept(Some((d.hole, d.playoff))));
        }
        Some(Err(_)) => return Ok(PutBack::Kept(None)),
        _ => {}
    }
    let entries: Vec<(usize, String)> = h
        .entries
        .iter()
        .map(|e| {
            (
                e.seat,
                e.grid.clone().unwrap_or_else(|| e.typed().to_string()),
            )
        })
        .collect();
    let draft = Draft {
        hole: h.number,
        playoff: h.playoff,
        restored: entries.iter().map(|(seat, _)| *seat).collect(),
        entries,
        ending: h.ending(),
        computer: Vec::new(),
        also: Vec::new(),
    };
    store::drafts::save(tx, m.id, &draft, now)?;
    Ok(PutBack::Restored {
        hole: h.number,
        playoff: h.playoff,
    })
}

/// After hole `h` of `m` is recorded in the write `tx`: the match's draft is removed —
/// unless it is a sound draft of a later hole (grids sent for it before an undo withdrew
/// `h`, [`PutBack::Kept`]), which stays as that hole's draft (its revision raised: what
/// the draft shows has changed).
pub(super) fn recorded(tx: &Connection, m: &Match, h: &Hole) -> Result<()> {
    match store::drafts::load(tx, m.id)? {
        Some(Ok(d)) if d.playoff == h.playoff && d.hole > h.number && d.problem(m).is_none() => {
            store::drafts::raise_revision(tx, m.id)?;
        }
        _ => store::drafts::remove(tx, m.id)?,
    }
    Ok(())
}

/// The draft of `m`'s hole `number` (playoff or not) as kept, or an empty one: a draft
/// kept for another hole is not this hole's. One that no longer fits the match (its decks
/// or players changed since, [`Draft::problem`]) is kept as it is, its grids for seats the
/// match has, and its problem listed ([`shared_draft`]): nothing is dropped silently.
fn next_draft(conn: &Connection, m: &Match, number: u32, playoff: bool) -> Result<Draft> {
    Ok(match store::drafts::load(conn, m.id)? {
        Some(Ok(mut d)) if (d.hole, d.playoff) == (number, playoff) => {
            d.entries.retain(|(s, _)| *s < m.players.len());
            d.ending = d.ending.filter(|e| e.seat < m.players.len());
            d
        }
        _ => Draft::of(number, playoff, &[]),
    })
}

/// `draft` as it bears on the hole: the grids and the claims to have ended it of `seats`
/// alone, the players the hole asks for. A player disqualified after sending their grid
/// (RULES.md §13), or out of a playoff, keeps it in the draft, but it is no part of the
/// hole: never recorded, never awaited, never a second claim.
fn asked(mut draft: Draft, seats: &[usize]) -> Draft {
    draft.entries.retain(|(s, _)| seats.contains(s));
    let claims = draft
        .claims()
        .into_iter()
        .filter(|e| seats.contains(&e.seat))
        .collect();
    draft.set_claims(claims);
    draft
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
            return Err(Conflict::Over { label: m.label() }.into());
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
        // a tab between cards is white space, as at the terminal
        let grid = entry.grid.as_ref().map(|t| t.replace('\t', " "));
        if let Some(text) = &grid {
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
            crate::game::draft::check(&m, &who, text)?;
        }
        let mut draft = next_draft(tx, &m, number, playoff)?;
        draft.entries.retain(|(s, _)| *s != seat);
        draft.computer.retain(|s| *s != seat);
        draft.restored.retain(|s| *s != seat);
        if let Some(text) = grid {
            draft.entries.push((seat, text));
        }
        draft.claim(seat, (entry.out || entry.knock).then_some(entry.knock));
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
    /// Every player it concerns (a clash of cards or two claims to have gone out names
    /// each of them, and each of their phones says it).
    pub players: Vec<String>,
    /// What is wrong, in the referee's words.
    pub error: String,
    /// The slots to fix, when cards are at fault (a clash: every card of the count the
    /// deck cannot hold, on each phone concerned).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub slots: Vec<Slot>,
    /// What is wrong, as facts, for a shell to word (`serve/words.rs`).
    #[serde(skip)]
    pub trouble: Trouble,
}

/// What a problem of the shared draft is, as facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trouble {
    /// A grid kept before the match changed (its decks or players) that the referee
    /// refuses now.
    NoLongerFits(HoleError),
    /// Cards across the grids that the deck cannot hold (RULES.md §7).
    Clash(crate::deck::DeckError),
    /// Two or more players claim to have ended the hole.
    Claims,
}

/// The shared draft of a match's next hole as every phone sees it (CLI.md "The shared
/// draft of the next hole"): `{"match", "hole", "playoff", "grids": {PLAYER: GRID|null},
/// "missing", "out", "knock", "problems"}`, with each grid's score, the revision, and
/// where grids came from other than a phone (`typed_at_computer`, `restored`).
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
    /// Each sent grid's points as it stands, before any adjustment for ending the hole.
    pub scores: serde_json::Map<String, serde_json::Value>,
    /// The playing seats whose grid has not come.
    pub missing: Vec<String>,
    /// Who said they went out.
    pub out: Option<String>,
    /// Who said they knocked.
    pub knock: Option<String>,
    /// The checks across the grids that fail (the deck, RULES.md §10).
    pub problems: Vec<DraftProblem>,
    /// The draft's revision, raised by every change to it: a recording from the draft
    /// names the one it showed (CLI.md "Bound to what was seen").
    pub revision: i64,
    /// The players whose grids were typed at the computer, not sent from their phones.
    pub typed_at_computer: Vec<String>,
    /// The players whose grids an undo put back (the withdrawn hole's, [`PutBack`]), not
    /// sent or typed since.
    pub restored: Vec<String>,
}

/// The shared draft of `m`'s next hole, read on `store`; `None` when no hole is next.
pub fn shared_draft(store: &mut Store, m: &Match) -> Result<Option<SharedDraft>> {
    let Some((number, playoff, _)) = m.next_hole() else {
        return Ok(None);
    };
    let Ok(seats) = m.seats_for(playoff) else {
        return Ok(None);
    };
    let (draft, revision) = store.read(|tx| {
        Ok((
            asked(next_draft(tx, m, number, playoff)?, &seats),
            store::drafts::revision(tx, m.id)?,
        ))
    })?;
    let mut grids = serde_json::Map::new();
    let mut missing = Vec::new();
    let mut typed = Vec::new();
    let mut scores = serde_json::Map::new();
    for &seat in &seats {
        let name = m.players[seat].clone();
        match draft.entries.iter().find(|(s, _)| *s == seat) {
            Some((_, text)) => {
                grids.insert(name.clone(), serde_json::Value::String(text.clone()));
                match Typed::parse(&name, text, &m.rules) {
                    Ok(Typed::Grid { grid, .. }) => {
                        let points = crate::scoring::total(&grid, &m.rules);
                        scores.insert(name.clone(), points.into());
                        typed.push((name, grid));
                    }
                    Ok(Typed::Score(n)) => {
                        scores.insert(name, n.into());
                    }
                    Err(_) => {}
                }
            }
            None => {
                grids.insert(name.clone(), serde_json::Value::Null);
                missing.push(name);
            }
        }
    }
    let problems = problems(m, &draft, &seats, &typed);
    let ender = |knocked: bool| {
        draft
            .ending
            .filter(|e| e.knocked == knocked)
            .and_then(|e| m.players.get(e.seat).cloned())
    };
    Ok(Some(SharedDraft {
        match_id: m.id,
        hole: number,
        playoff,
        grids,
        scores,
        missing,
        out: ender(false),
        knock: ender(true),
        problems,
        revision,
        typed_at_computer: names(m, &draft.computer),
        restored: names(m, &draft.restored),
    }))
}

/// The names of `seats` of `m`, a seat past its players left out.
fn names(m: &Match, seats: &[usize]) -> Vec<String> {
    seats
        .iter()
        .filter_map(|&s| m.players.get(s).cloned())
        .collect()
}

/// The problems of `draft`, the draft of `m`'s next hole for `seats`, whose grids read
/// as `typed`: a grid that no longer fits the match, a clash of cards across the grids (the
/// deck, RULES.md §7), two claims to have ended the hole.
fn problems(
    m: &Match,
    draft: &Draft,
    seats: &[usize],
    typed: &[(String, crate::grid::Grid)],
) -> Vec<DraftProblem> {
    let (rows, columns) = (m.rules.layout.rows, m.rules.layout.columns);
    let mut problems = Vec::new();
    for (seat, text) in &draft.entries {
        let Some(name) = m.players.get(*seat) else {
            continue;
        };
        if let Err(e) = crate::game::draft::check(m, name, text) {
            problems.push(DraftProblem {
                player: Some(name.clone()),
                players: vec![name.clone()],
                error: format!("{name}'s grid no longer fits the match: {e}"),
                slots: e.slots(rows, columns),
                trouble: Trouble::NoLongerFits(e),
            });
        }
    }
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
        let mut players: Vec<String> = seats
            .iter()
            .map(|&s| m.players[s].clone())
            .filter(|name| named.contains(&name.as_str()))
            .collect();
        players.dedup();
        let slots = HoleError::Deck(clash.clone()).slots(rows, columns);
        problems.push(DraftProblem {
            player: brought,
            players,
            error: clash.to_string(),
            slots,
            trouble: Trouble::Clash(clash),
        });
    }
    if let Some(both) = two_claims(m, draft) {
        problems.push(DraftProblem {
            player: None,
            players: draft
                .claims()
                .iter()
                .filter_map(|e| m.players.get(e.seat).cloned())
                .collect(),
            error: format!(
                "{both}: only one player ends a hole, so whoever did not unticks it and sends their grid again"
            ),
            slots: Vec::new(),
            trouble: Trouble::Claims,
        });
    }
    problems
}

/// Two or more players of draft `draft` claiming to have ended the hole, said: `None`
/// while one or none does.
fn two_claims(m: &Match, draft: &Draft) -> Option<String> {
    let claims = draft.claims();
    if claims.len() < 2 {
        return None;
    }
    let seats: Vec<usize> = claims.iter().map(|e| e.seat).collect();
    let how = if claims.iter().all(|e| e.knocked) {
        "knocked"
    } else if claims.iter().any(|e| e.knocked) {
        "ended the hole"
    } else {
        "went out"
    };
    let all = if seats.len() == 2 { "both" } else { "all" };
    Some(format!("{} {all} say they {how}", m.names(&seats)))
}

/// A draft's stamp as stored: its hole, whether a playoff (1) or not (0), and when it
/// was saved.
pub type Stamp = (i64, i64, String);

/// Keeps the prompt's `draft` as the draft of match `match_id`, grid by grid, in one write
/// (CLI.md "The prompt and the phones share one draft"): the grid the prompt took last (the
/// draft's last entry) replaces that player's, a grid the prompt has for a player the kept
/// draft lacks is added, and every other grid kept — one a phone sent meanwhile — stays;
/// so does who ended the hole, unless the prompt says. A kept draft for another hole is
/// replaced. Returns the stamp of the draft it replaced, if any, and when this one was
/// saved: a prompt that sees the stamp change under it knows another is typing the hole.
pub fn keep_draft(
    store: &mut Store,
    match_id: i64,
    draft: &Draft,
) -> Result<(Option<Stamp>, String)> {
    let now = store::timestamp();
    let before = store.write(|tx| {
        let before = store::drafts::stamp(tx, match_id)?;
        let merged = match store::drafts::load(tx, match_id)? {
            Some(Ok(kept)) if (kept.hole, kept.playoff) == (draft.hole, draft.playoff) => {
                merge(kept, draft)
            }
            _ => {
                let mut d = draft.clone();
                d.computer = d.entries.iter().map(|(s, _)| *s).collect();
                d
            }
        };
        store::drafts::save(tx, match_id, &merged, &now)?;
        Ok(before)
    })?;
    Ok((before, now))
}

/// Marks `seat`'s grid of `draft` as typed at the computer (no longer put back by an
/// undo).
fn typed_here(draft: &mut Draft, seat: usize) {
    if !draft.computer.contains(&seat) {
        draft.computer.push(seat);
    }
    draft.restored.retain(|s| *s != seat);
}

/// `prompt`'s draft put into the `kept` one grid by grid ([`keep_draft`]).
fn merge(mut kept: Draft, prompt: &Draft) -> Draft {
    let last = prompt.entries.len().checked_sub(1);
    for (i, (seat, text)) in prompt.entries.iter().enumerate() {
        match kept.entries.iter_mut().find(|(s, _)| s == seat) {
            Some(entry) if Some(i) == last => {
                entry.1.clone_from(text);
                typed_here(&mut kept, *seat);
            }
            Some(_) => {}
            None => {
                kept.entries.push((*seat, text.clone()));
                typed_here(&mut kept, *seat);
            }
        }
    }
    // the prompt carries the first claim it was offered: the phones' others stay with it
    if prompt.ending.is_some() && prompt.ending != kept.ending {
        kept.set_claims(prompt.claims());
    }
    kept
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
