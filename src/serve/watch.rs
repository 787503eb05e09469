//! Watching the database for changes made by others — `golf hole`/`amend`/`undo`/
//! `penalty` in another terminal, or any other program — and for the file itself being
//! deleted or replaced. A thread of its own asks SQLite's `data_version`
//! ([`crate::store::data_version`]) on the server's one connection every [`POLL`] (a few
//! microseconds each; the server's own writes do not change it: each publishes its card
//! itself); on a change it builds the card again and, when it differs, publishes it on a
//! `watch` channel that every event stream follows (a slow phone skips to the newest card,
//! never a backlog). A problem with the file is published the same way, for every phone to
//! show.

use std::sync::Arc;
use std::time::Duration;

use super::{shown_of, Server};
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
                return Ok(match check {
                    true => server.problem(store).map(|p| (version, Err(p))),
                    false => None,
                });
            }
            if follow {
                if let Ok(Some(newer)) = crate::table::newer(store, server.current.id()) {
                    server.current.set(&newer);
                }
            }
            if let Some(problem) = server.problem(store) {
                return Ok(Some((version, Err(problem))));
            }
            let m =
                store.read(|tx| crate::table::pick_match(tx, Some(server.current.id()), false))?;
            let history = match server.odds && crate::odds::in_play(&m) {
                true => crate::table::history(store, m.id),
                false => None,
            };
            let draft = crate::table::shared_draft(store, &m).ok().flatten();
            Ok(Some((version, Ok((m, history, draft)))))
        }) {
            match looked {
                None => {}
                Some((version, Err(problem))) => {
                    seen = Some(version);
                    said(server, problem);
                }
                Some((version, Ok((m, history, draft)))) => {
                    if let Ok(shown) = shown_of(&m, history, draft.as_ref(), None) {
                        seen = Some(version);
                        server.publish(Arc::new(shown), look);
                    }
                }
            }
        }
        std::thread::sleep(POLL);
    }
}

/// Publishes the card shown with `problem` said on it, once.
fn said(server: &Server, problem: String) {
    let now = server.card.borrow().clone();
    if now.problem.as_deref() == Some(problem.as_str()) {
        return;
    }
    let shown = Shown {
        id: now.id,
        json: now.json.clone(),
        card: now.card.clone(),
        html: now.html.clone(),
        tv: now.tv.clone(),
        draft: now.draft.clone(),
        problem: Some(problem),
    };
    server.card.send_replace(Arc::new(shown));
}
