//! `golf serve`: the table's screen (CLI.md "The table's screen"). A shell beside the
//! commands, importing none of them: an HTTP server on the local network that shows the match in play on
//! every phone — the scorecard as `golf card` gives it, updated by server-sent events
//! within a second of any change, whoever makes it — and, with the scorekeeper's key,
//! records the next hole, undoes the last and finishes the match through the same layer
//! as `golf hole`, `golf undo` and `golf finish` ([`crate::table`]).
//!
//! One connection to the database, opened at the start and kept to the end (then
//! checkpointed and closed, so the file alone holds every hole): the file is never opened
//! again, by SQLite or otherwise, while the server runs — closing any descriptor of it
//! would drop the locks SQLite holds on it, and another program's writes could then
//! overwrite what the server had answered for. Every write waits at most [`PATIENCE`] for
//! another program's lock and then answers "busy, nothing recorded", never after its
//! request's time. A database deleted or replaced under the server is noticed (the
//! file's identity by `std::fs::metadata`, the served match's uuid through SQLite): writes
//! are refused saying so, and every phone is told.
//!
//! With `--tournament` ([`Settings::tournament`], CLI.md "Event night") one server serves
//! every table of the tournament's round in play: each table is a [`Served`] match with a
//! key of its own (drawn from the director's, so a restart keeps it) under `/table/N`, and
//! the tournament's board is built after every change at any table and published to the
//! TV and every phone watching it. One connection and one watcher serve them all.
//!
//! [`state`] holds what is served behind its locks and makes every change, [`start`] starts
//! the server and says where it is, [`routes`] holds the routes and handlers, [`requests`]
//! reads their bodies, [`watch`]
//! the thread that notices changes made by others, [`page`] all the HTML; the page's
//! JavaScript, CSS and icon are embedded files (`assets/`). Tokio runs on one thread and
//! only for this command: no other command starts it.

mod accept;
mod answer;
mod board;
mod come_go;
mod files;
mod page;
mod requests;
mod routes;
mod start;
mod state;
mod tag;
mod watch;
mod words;
mod writes;

pub use answer::{MAX_BODY, MAX_EVENT_STREAMS, MAX_STREAMS};
pub use requests::HoleRequest;
pub use start::run;
pub use state::{Current, Event, Served, Server};

use state::{board_shown, card_now};

use std::path::PathBuf;

use crate::store::once::Kept;
use std::time::Duration;

use watch::{BoardShown, Shown};

/// What a write answered: made now, or the answer kept for its idempotency key (the same
/// request answered before; nothing written now).
#[derive(Debug)]
pub enum Answered<T> {
    /// Made now: the card or board after it.
    Made(T),
    /// Answered before: the kept status and body.
    Replayed(Kept),
}

/// The database was deleted or replaced while the server ran: every write is refused
/// (HTTP 503), saying so; nothing is written, and nothing is made at the path.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct Moved(pub String);

impl crate::error::BadInput for Moved {}

/// The database's secret was replaced (`golf serve --new-key`, by another server) since
/// this server started: every key and token it knows writes nothing more (HTTP 401).
#[derive(Debug, Clone, thiserror::Error)]
#[error("the links of this table were replaced (golf serve was given a new key); nothing was recorded — open the new link the scorekeeper hands out")]
pub struct KeyReplaced;

impl crate::error::BadInput for KeyReplaced {}

/// How long a write waits for another program's lock on the database before it answers
/// "busy, nothing recorded": well within [`routes::REQUEST_TIMEOUT`], so a write never
/// answers a time-out after it was made.
pub const PATIENCE: Duration = Duration::from_secs(2);

/// Connections open at once; more wait until one closes (each phone keeps one or two).
const MAX_CONNECTIONS: usize = 256;
/// The same at a tournament: every table's phones, the board's screens and the director.
const MAX_EVENT_CONNECTIONS: usize = 640;
/// How long a client may take to send a request's headers, or keep an idle connection.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a stop waits for requests in flight before it closes what is left.
const STOP_GRACE: Duration = Duration::from_secs(3);

/// What `golf serve` was asked for.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The database file.
    pub db: PathBuf,
    /// `--match ID`, if given.
    pub match_id: Option<i64>,
    /// `--port N` (0: any free port).
    pub port: u16,
    /// `--local`: 127.0.0.1 only.
    pub local: bool,
    /// `--new-key`: a new scorekeeper's key, replacing the one kept.
    pub new_key: bool,
    /// `--json`: the start line as JSON.
    pub json: bool,
    /// Whether the card shows the chances line (the config's `odds`).
    pub odds: bool,
    /// `--tournament [NAME]`: every table of the tournament's round in play (`Some(None)`:
    /// the newest tournament) instead of one match.
    pub tournament: Option<Option<String>>,
}
