//! Watching the database for changes to the match served, whoever makes them: the page's
//! own writes or `golf hole`/`amend`/`undo`/`penalty` in another terminal. A thread of its
//! own polls SQLite's `data_version` ([`crate::store::data_version`]) on a read-only
//! connection every [`POLL`] (a few microseconds each), woken at once after the server's
//! own writes; on a change it builds the card again and, when it differs, publishes it on
//! a `watch` channel that every event stream follows (a slow phone skips to the newest
//! card, never a backlog).

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use super::page;
use crate::error::Result;
use crate::store::{self, Store};

/// How often the database is asked whether it changed.
pub const POLL: Duration = Duration::from_millis(50);

/// The card as served: `golf card --json`'s document and the page's HTML of it, built
/// once per change for every phone.
#[derive(Debug, Default)]
pub struct Shown {
    /// The match's id.
    pub id: i64,
    /// The card JSON (one line).
    pub json: String,
    /// The scorecard's HTML fragment (`/card.html`).
    pub html: String,
}

/// Builds what is shown of match `id` from `store`.
pub fn shown(store: &mut Store, id: i64, odds: bool) -> Result<Shown> {
    let card = super::table::card(store, id, odds)?;
    Ok(Shown {
        id,
        json: serde_json::to_string(&card)?,
        html: page::card(&card).into_string(),
    })
}

/// Watches the database at `db` until `wake` is closed: `wake` also says a write was just
/// made. Publishes each new card of the `current` match on `tx`, moving `current` on to a
/// newer match when one is started if `follow`; a failure to read (a busy or locked
/// moment) is tried again on the next poll.
pub fn run(
    db: PathBuf,
    current: &super::Current,
    follow: bool,
    odds: bool,
    tx: watch::Sender<Arc<Shown>>,
    wake: Receiver<()>,
) -> Result<()> {
    let mut store = match Store::open_read_only(&db)? {
        Some(store) => store,
        None => return crate::error::input(format!("{} is gone", db.display())),
    };
    let mut seen: Option<i64> = None;
    loop {
        match store::data_version(store.conn()) {
            Ok(version) if seen != Some(version) => {
                if follow {
                    if let Ok(Some(newer)) = super::table::newer(&mut store, current.id()) {
                        current.set(&newer);
                    }
                }
                if let Ok(now) = shown(&mut store, current.id(), odds) {
                    seen = Some(version);
                    if tx.borrow().json != now.json {
                        tx.send_replace(Arc::new(now));
                    }
                }
            }
            _ => {}
        }
        match wake.recv_timeout(POLL) {
            Ok(()) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
        }
    }
}
