//! Watching the database for changes made by others — `golf hole`/`amend`/`undo`/
//! `penalty` in another terminal, or any other program — and for the file itself being
//! deleted or replaced. A thread of its own asks SQLite's `data_version`
//! ([`crate::store::data_version`]) on the server's one connection every [`POLL`] (a few
//! microseconds each; the server's own writes do not change it: each publishes its card
//! itself); on a change it builds the card again and, when it differs, publishes it on a
//! `watch` channel that every event stream follows (a slow phone skips to the newest card,
//! never a backlog). A problem with the file is published the same way, for every phone to
//! show. At a tournament one watcher serves every table: on a change it reads the
//! tournament once, follows a round seated at the terminal, and publishes each table's card
//! and the board.

use std::sync::Arc;
use std::time::Duration;

use super::{board_shown, card_now, Server};
use crate::error::Result;

/// How often the database is asked whether it changed.
pub const POLL: Duration = Duration::from_millis(50);

/// Every how many polls the served match is looked for even when nothing changed (1 s).
const CHECK_EVERY: u32 = 20;

/// The card as served: `golf card --json`'s document and the page's HTML of it, built
/// once per change for every phone; and what is wrong with the database, if anything.
#[derive(Debug, Default)]
pub struct Shown {
    /// The match's id.
    pub id: i64,
    /// The card JSON (one line).
    pub json: String,
    /// The card itself, for its pictures (`/card.png`, `/card.svg`).
    pub card: Option<Arc<crate::view::card::CardView>>,
    /// The scorecard's HTML fragment (`/card.html`).
    pub html: String,
    /// The TV's HTML fragment (`/tv.html`).
    pub tv: String,
    /// The shared draft of the next hole (`GET /api/draft`), JSON; `null` when no hole is
    /// next.
    pub draft: String,
    /// The database was deleted or replaced under the server: said on every phone.
    pub problem: Option<String>,
    /// The validators of the JSON and the fragments ([`super::tag`]).
    pub tags: super::tag::Tags,
}

/// The tournament's board as served (`GET /api/board`, `/board.html`), built once per
/// change for every screen; and what is wrong with the database, if anything.
#[derive(Debug, Default)]
pub struct BoardShown {
    /// The board's JSON (one line): `golf tournament standings --json` with the round
    /// and its tables.
    pub json: String,
    /// The board's HTML fragment.
    pub html: String,
    /// The round in play (1 for the first).
    pub round: usize,
    /// The database was deleted or replaced under the server: said on every screen.
    pub problem: Option<String>,
    /// The board itself, for the director's page.
    pub view: Option<Arc<crate::view::tournament::BoardView>>,
}

/// Watches the database until the server stops, following a newer match when one is
/// started if `follow`. A failure to read (a busy or locked moment) is tried again on the
/// next poll.
pub fn run(server: &Arc<Server>, follow: bool) -> Result<()> {
    let mut seen: Option<i64> = None;
    let mut stop = server.stop.clone();
    let mut polls: u32 = 0;
    loop {
        // a file copied over the database in place may leave `data_version` as it was:
        // the served match is looked for every [`CHECK_EVERY`] polls all the same
        polls = polls.wrapping_add(1);
        let check = polls % CHECK_EVERY == 0;
        if *stop.borrow_and_update() || stop.has_changed().is_err() {
            return Ok(());
        }
        if let Some(problem) = server.file_problem() {
            // metadata alone: the connection is not asked about a file that is gone
            said(server, problem);
        } else if let Ok((looked, look)) = server.look(|store| {
            let version = crate::store::data_version(store.conn())?;
            if seen == Some(version) {
                let problem = match check {
                    true => server.problem(store),
                    false => None,
                };
                let stale = server
                    .stale
                    .swap(false, std::sync::atomic::Ordering::SeqCst);
                match (problem, stale) {
                    (Some(p), _) => return Ok(Some((version, Err(p)))),
                    (None, false) => return Ok(None),
                    (None, true) => {}
                }
            }
            if let (true, Some(served)) = (follow, server.served(None)) {
                if let Ok(Some(newer)) = crate::table::newer(store, served.current.id()) {
                    served.current.set(&newer);
                }
            }
            if let Some(problem) = server.problem(store) {
                return Ok(Some((version, Err(problem))));
            }
            Ok(Some((version, Ok(fresh(server, store)?))))
        }) {
            match looked {
                None => {}
                Some((version, Err(problem))) => {
                    seen = Some(version);
                    said(server, problem);
                }
                Some((version, Ok(fresh))) => {
                    seen = Some(version);
                    show(server, fresh, look);
                }
            }
        }
        std::thread::sleep(POLL);
    }
}

/// What the watcher built after a change by another program.
enum Fresh {
    /// The served match's card.
    Card(Arc<super::Served>, Shown),
    /// At a tournament: each table's match of the round in play and its card, and the board.
    Event(Vec<(crate::game::Match, Shown)>, BoardShown),
}

/// The card of the match served, or at a tournament every table's card and the board, as
/// the database holds them now.
fn fresh(server: &Server, store: &mut crate::store::Store) -> Result<Fresh> {
    if let Some(event) = &server.event {
        let t = crate::table::tournament::load(store, Some(&event.name))?;
        let cards = server.cards_of(store, &t)?;
        return Ok(Fresh::Event(cards, board_shown(&t)?));
    }
    let Some(served) = server.served(None) else {
        return Err(anyhow::anyhow!("no match is served").into());
    };
    let m = store.read(|tx| crate::table::pick_match(tx, Some(served.current.id()), false))?;
    served.current.refresh(&m);
    let before = served.card.borrow().clone();
    Ok(Fresh::Card(
        served,
        card_now(store, &m, server.odds, Some(&before))?,
    ))
}

/// Publishes what [`fresh`] built from look `look`: a round seated at the terminal is
/// served from now on.
fn show(server: &Server, fresh: Fresh, look: u64) {
    match fresh {
        Fresh::Card(served, shown) => served.publish(Arc::new(shown), look),
        Fresh::Event(cards, board) => {
            server.seat(cards, look);
            if let Some(event) = &server.event {
                event.publish(Arc::new(board), look);
            }
        }
    }
}

/// Publishes every card shown (and the board) with `problem` said on it, once.
fn said(server: &Server, problem: String) {
    for served in server.tables() {
        let now = served.card.borrow().clone();
        if now.problem.as_deref() == Some(problem.as_str()) {
            continue;
        }
        let shown = Shown {
            id: now.id,
            json: now.json.clone(),
            card: now.card.clone(),
            html: now.html.clone(),
            tv: now.tv.clone(),
            draft: now.draft.clone(),
            problem: Some(problem.clone()),
            tags: now.tags.clone(),
        };
        served.card.send_replace(Arc::new(shown));
    }
    if let Some(event) = &server.event {
        let now = event.board.borrow().clone();
        if now.problem.as_deref() != Some(problem.as_str()) {
            event.board.send_replace(Arc::new(BoardShown {
                json: now.json.clone(),
                html: now.html.clone(),
                round: now.round,
                problem: Some(problem),
                view: now.view.clone(),
            }));
        }
    }
}
