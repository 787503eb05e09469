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
//! [`routes`] holds the routes and handlers, [`requests`] reads their bodies, [`watch`]
//! the thread that notices changes made by others, [`page`] all the HTML; the page's
//! JavaScript, CSS and icon are embedded files (`assets/`). Tokio runs on one thread and
//! only for this command: no other command starts it.

mod answer;
mod board;
mod page;
mod requests;
mod routes;
mod watch;
mod words;

pub use answer::{MAX_BODY, MAX_EVENT_STREAMS, MAX_STREAMS};
pub use requests::HoleRequest;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use subtle::ConstantTimeEq as _;
use tokio::sync::{watch as channel, Semaphore};

use crate::error::{input, Result};
use crate::game::tournament::Tournament;
use crate::game::Match;
use crate::store::once::Kept;
use crate::store::Store;
use crate::table::once::{Keyed, Once};
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

/// The match served and its card picker. Unless `--match` pins it, it moves on to a newer
/// match when one is started (`golf new` at the table after a finish), as `golf hole`'s
/// default would.
#[derive(Debug)]
pub struct Current {
    id: AtomicI64,
    /// The served match's uuid: a file copied over the database holds another match under
    /// the same id (or none).
    uuid: Mutex<String>,
    picker: Mutex<page::Picker>,
    /// The rules and the players, as the start line says them.
    about: Mutex<String>,
}

/// Match `m`'s rules and players, as the start line says them.
fn about(m: &Match) -> String {
    format!(
        "{}: {}",
        crate::rules::label(&m.rules.name, &m.rules.house),
        m.names(&(0..m.players.len()).collect::<Vec<_>>())
    )
}

impl Current {
    fn new(m: &crate::game::Match) -> Current {
        Current {
            id: AtomicI64::new(m.id),
            uuid: Mutex::new(m.uuid.clone()),
            picker: Mutex::new(page::Picker::of(m)),
            about: Mutex::new(about(m)),
        }
    }

    /// The match's id.
    pub fn id(&self) -> i64 {
        self.id.load(Ordering::SeqCst)
    }

    /// Serves `m` from now on.
    fn set(&self, m: &crate::game::Match) {
        if let Ok(mut picker) = self.picker.lock() {
            *picker = page::Picker::of(m);
        }
        if let Ok(mut uuid) = self.uuid.lock() {
            uuid.clone_from(&m.uuid);
        }
        if let Ok(mut said) = self.about.lock() {
            *said = about(m);
        }
        self.id.store(m.id, Ordering::SeqCst);
    }

    /// Serves `m` as it is now when its players changed (a rename or a substitute, RULES.md
    /// §17): the new names' links work and the old names' stop at once, with no restart.
    fn refresh(&self, m: &crate::game::Match) {
        if self.id() != m.id || self.players() != m.players {
            self.set(m);
        }
    }

    /// The served match's players, in seating order.
    fn players(&self) -> Vec<String> {
        self.picker
            .lock()
            .map(|p| p.players.clone())
            .unwrap_or_default()
    }

    /// The served match's uuid.
    fn uuid(&self) -> String {
        self.uuid.lock().map(|u| u.clone()).unwrap_or_default()
    }

    /// The scorekeeper's picker for the match.
    fn picker(&self) -> Option<page::Picker> {
        self.picker.lock().ok().map(|p| p.clone())
    }
}

/// One match served: the match alone, or one table of a tournament's round, with the
/// key that writes it and the latest card built for it.
#[derive(Debug)]
pub struct Served {
    /// The table's number (1 for the first) at a tournament; `None` serving one match.
    number: Option<usize>,
    current: Current,
    /// The key that writes this match (a table's own at a tournament, 32 hex digits).
    key: String,
    /// The database's one secret, the players' tokens drawn from it ([`token`]).
    secret: String,
    card: channel::Sender<Arc<Shown>>,
    /// The look the card shown was made from: an older look's card is never published.
    published: Mutex<u64>,
    /// The card's picture as last drawn, with the card's JSON it was drawn from.
    picture: Mutex<Option<(String, Arc<Vec<u8>>)>>,
}

impl Served {
    fn new(number: Option<usize>, m: &Match, secret: &str, shown: Arc<Shown>) -> Served {
        Served {
            number,
            current: Current::new(m),
            key: table_key(secret, number),
            secret: secret.to_string(),
            card: channel::channel(shown).0,
            published: Mutex::new(0),
            picture: Mutex::new(None),
        }
    }

    /// The picture drawn for the card whose JSON is `json`, if it was drawn.
    fn picture(&self, json: &str) -> Option<Arc<Vec<u8>>> {
        let kept = self.picture.lock().ok()?;
        kept.as_ref()
            .filter(|(drawn, _)| drawn == json)
            .map(|(_, png)| png.clone())
    }

    /// Keeps `png` as the picture of the card whose JSON is `json`.
    fn keep_picture(&self, json: &str, png: Arc<Vec<u8>>) {
        if let Ok(mut kept) = self.picture.lock() {
            *kept = Some((json.to_string(), png));
        }
    }

    /// Whether `given` is this match's key, compared in constant time.
    fn key_is(&self, given: &str) -> bool {
        given.as_bytes().ct_eq(self.key.as_bytes()).into()
    }

    /// The prefix of this match's addresses: nothing, or `/table/N` at a tournament.
    fn base(&self) -> String {
        match self.number {
            Some(n) => format!("/table/{n}"),
            None => String::new(),
        }
    }

    /// The path of this match's page: `/`, or `/table/N` at a tournament.
    fn path(&self) -> String {
        match self.base() {
            base if base.is_empty() => "/".into(),
            base => base,
        }
    }

    /// The token of seat `seat` of match `match_id` (CLI.md "Player links"): 122 bits drawn
    /// from the key by a name-based UUID (SHA-1), so it is kept as the key is, and a new
    /// key (`--new-key`) replaces every token at once. It writes only that player's grid of
    /// the next hole's draft.
    fn token_for(&self, player: &str) -> String {
        token(&self.secret, player)
    }

    /// Each player's link to the served match on `url`, in seating order.
    fn player_links(&self, url: &str) -> Vec<(String, String)> {
        let players = self.current.players();
        links(url, &self.secret, &players)
    }

    /// The seat whose token `given` is, at match `match_id` (compared in constant time).
    fn token_seat(&self, players: &[String], given: &str) -> Option<usize> {
        players
            .iter()
            .position(|name| bool::from(given.as_bytes().ct_eq(self.token_for(name).as_bytes())))
    }

    /// Publishes `shown`, made from look `look`, unless a card from a later look is out.
    fn publish(&self, shown: Arc<Shown>, look: u64) {
        publish_newer(&self.card, &self.published, shown, look, |now, new| {
            now.json != new.json || now.draft != new.draft || now.problem != new.problem
        });
    }
}

/// The tournament served with `--tournament`: its name and the board built for it.
#[derive(Debug)]
pub struct Event {
    name: String,
    board: channel::Sender<Arc<BoardShown>>,
    published: Mutex<u64>,
}

impl Event {
    /// Publishes `board`, made from look `look`, unless a board from a later look is out.
    fn publish(&self, board: Arc<BoardShown>, look: u64) {
        publish_newer(&self.board, &self.published, board, look, |now, new| {
            now.json != new.json || now.problem != new.problem
        });
    }
}

/// Sends `value`, made from look `look` at the database, to every phone following
/// `channel` — unless a value from a later look is out already (`published` holds its
/// look), or it does not `differ` from the one shown.
fn publish_newer<T>(
    channel: &channel::Sender<Arc<T>>,
    published: &Mutex<u64>,
    value: Arc<T>,
    look: u64,
    differ: impl Fn(&T, &T) -> bool,
) {
    let Ok(mut published) = published.lock() else {
        return;
    };
    if look < *published {
        return;
    }
    *published = look;
    let now = channel.borrow().clone();
    if differ(&now, &value) {
        channel.send_replace(value);
    }
}

/// What every handler shares: the database's one connection, the matches served, the key,
/// the latest cards (and the tournament's board) and the limits.
#[derive(Debug)]
pub struct Server {
    db: PathBuf,
    /// The one connection, for the handlers' writes and the watcher's looks alike.
    store: Mutex<Option<Store>>,
    /// The database file as last seen after a write of the server's own, or as checked
    /// since: its identity, length and times ([`crate::store::FileState`]).
    file: Mutex<Option<crate::store::FileState>>,
    /// The match served, or every table of the tournament's round in play.
    tables: RwLock<Vec<Arc<Served>>>,
    /// The tournament served, with `--tournament`.
    event: Option<Event>,
    odds: bool,
    /// The scorekeeper's key, or at a tournament the director's (it writes any table).
    key: String,
    /// The database's one secret, every key and token drawn from it.
    secret: String,
    /// The port listened on, for the `Host` check.
    port: u16,
    /// Each look at the database takes the next number, under the store's lock; a card
    /// is published only when made from a later look than the one shown.
    looks: AtomicU64,
    streams: Arc<Semaphore>,
    stop: channel::Receiver<bool>,
}

/// The card of `m` as served now: `golf card --json`'s document, the page's and the TV's
/// HTML of it, its chances line (when `odds` and the match is in play) from the players'
/// history, and the shared draft of its next hole.
fn card_now(store: &mut Store, m: &Match, odds: bool) -> Result<Shown> {
    let history = match odds && crate::odds::in_play(m) {
        true => crate::table::history(store, m.id),
        false => None,
    };
    let draft = crate::table::shared_draft(store, m).ok().flatten();
    let mut card = crate::view::card::CardView::new(m);
    card.chances = history
        .and_then(|h| crate::cache::card_odds(m, h))
        .map(|o| crate::view::odds::ChancesView::new(&o));
    Ok(Shown {
        id: m.id,
        json: serde_json::to_string(&card)?,
        html: page::card(&card).into_string(),
        tv: page::tv(&card).into_string(),
        draft: serde_json::to_string(&draft)?,
        problem: None,
        card: Some(Arc::new(card)),
    })
}

impl Server {
    /// Whether `given` is the key (the scorekeeper's, or the director's at a tournament),
    /// compared in constant time.
    fn key_is(&self, given: &str) -> bool {
        given.as_bytes().ct_eq(self.key.as_bytes()).into()
    }

    /// Every match served, in table order.
    fn tables(&self) -> Vec<Arc<Served>> {
        self.tables.read().map(|t| t.clone()).unwrap_or_default()
    }

    /// The match served alone, or table `number` of the tournament's round in play.
    fn served(&self, number: Option<usize>) -> Option<Arc<Served>> {
        let tables = self.tables.read().ok()?;
        match number {
            None if self.event.is_none() => tables.first().cloned(),
            None => None,
            Some(n) => tables.iter().find(|t| t.number == Some(n)).cloned(),
        }
    }

    /// What became of the database file, if it is not the one opened: deleted, or another
    /// file renamed over it. Metadata only: the file is never opened.
    fn file_problem(&self) -> Option<String> {
        self.moved(&crate::store::file_state(&self.db))
    }

    /// [`Server::file_problem`] from the file's state `now`.
    fn moved(&self, now: &std::io::Result<crate::store::FileState>) -> Option<String> {
        let shown = crate::text::path(&self.db);
        let then = self.file.lock().ok().and_then(|f| *f);
        match (now, then) {
            (Err(_), _) => Some(format!(
                "the database {shown} was deleted while golf serve was running; nothing more can be recorded here — the holes recorded so far are lost with it unless a copy is kept"
            )),
            (Ok(now), Some(then)) if now.id != then.id => Some(format!(
                "the database {shown} was replaced by another file while golf serve was running; nothing more is recorded here — stop golf serve and start it again to serve the file now at {shown}"
            )),
            _ => None,
        }
    }

    /// The same, and also a file copied over the database in place. The server empties
    /// the WAL after each of its writes, so the file alone holds the match; only when the
    /// file changed since (another program's checkpoint, or a copy) are its cached pages
    /// let go and the served match looked for in the file under its id and uuid.
    fn problem(&self, store: &mut Store) -> Option<String> {
        let now = crate::store::file_state(&self.db);
        if let Some(p) = self.moved(&now) {
            return Some(p);
        }
        let now = now.ok();
        if now == self.file.lock().ok().and_then(|f| *f) {
            return None;
        }
        let _ = store.forget_cached_pages();
        let mut lost = None;
        for served in self.tables() {
            let (id, uuid) = (served.current.id(), served.current.uuid());
            let found = store
                .read(|tx| Ok(crate::store::find_by_uuid(tx, &uuid)?))
                .ok()?;
            if found != Some(id) {
                lost = Some(id);
                break;
            }
        }
        let Some(id) = lost else {
            // the matches are where they were: the change was SQLite's (another checkpoint)
            if let Ok(mut file) = self.file.lock() {
                *file = now;
            }
            return None;
        };
        Some(format!(
            "the database {} was overwritten by another file while golf serve was running (match {id} is no longer the one served); nothing more is recorded here — stop golf serve and start it again",
            crate::text::path(&self.db)
        ))
    }

    /// After a write of the server's own: the WAL emptied into the file (as far as other
    /// programs' readers let it), and the file's state noted as the server's.
    fn wrote(&self, store: &mut Store) {
        let _ = store.checkpoint();
        if let (Ok(mut file), Ok(now)) = (self.file.lock(), crate::store::file_state(&self.db)) {
            *file = Some(now);
        }
    }

    /// Looks at the database under its lock: `work` with the store, and the look's number.
    fn look<T>(&self, work: impl FnOnce(&mut Store) -> Result<T>) -> Result<(T, u64)> {
        let mut guard = self
            .store
            .lock()
            .map_err(|_| anyhow::anyhow!("the database connection was lost by a failed write"))?;
        let Some(store) = guard.as_mut() else {
            return Err(anyhow::anyhow!("golf serve is stopping; nothing was recorded").into());
        };
        let value = work(store)?;
        Ok((value, self.looks.fetch_add(1, Ordering::SeqCst) + 1))
    }

    /// Makes a change to the served match `served` through [`crate::table`], in one write
    /// on the one connection, and publishes the card after it (and, at a tournament, the
    /// board): `change(store, served id)` returns the match after the change. With an
    /// idempotency key ([`crate::table::once`]) the answer — the card's JSON, or with
    /// `draft` the shared draft's — is kept in the same write, and a repeat gets it back
    /// with nothing written. Refused, with nothing written, when the database is no longer
    /// the one opened.
    fn change(
        &self,
        served: &Served,
        keyed: Option<&Keyed>,
        draft: bool,
        change: impl FnOnce(&mut Store, i64) -> Result<Match>,
    ) -> Result<Answered<Arc<Shown>>> {
        let (done, look) = self.look(|store| {
            if let Some(problem) = self.problem(store) {
                return Err(Moved(problem).into());
            }
            let done = crate::table::once::once(
                store,
                keyed,
                |store| change(store, served.current.id()),
                |store, m| {
                    served.current.refresh(&m);
                    let shown = card_now(store, &m, self.odds)?;
                    let body = match draft {
                        true => shown.draft.clone(),
                        false => shown.json.clone(),
                    };
                    Ok((shown, body))
                },
            )?;
            let Once::Made(shown, _) = done else {
                return Ok(Err(done));
            };
            self.wrote(store);
            Ok(Ok((shown, self.board_of(store).ok().flatten())))
        })?;
        let (shown, board) = match done {
            Ok(made) => made,
            Err(Once::Replayed(kept)) => return Ok(Answered::Replayed(kept)),
            Err(Once::Made(shown, _)) => (shown, None),
        };
        let shown = Arc::new(shown);
        served.publish(shown.clone(), look);
        if let (Some(event), Some(board)) = (&self.event, board) {
            event.publish(Arc::new(board), look);
        }
        Ok(Answered::Made(shown))
    }

    /// Keeps `refusal` (status, body) as the answer to `keyed`, so a retry is refused the
    /// same way: only a refusal that a retry would meet again (400, 409), never "busy" or
    /// a failure. Returns the answer kept before when a repeat was answered meanwhile.
    fn keep_refusal(&self, keyed: &Keyed, status: u16, body: &str) -> Option<Kept> {
        if !matches!(status, 400 | 409) {
            return None;
        }
        self.look(|store| crate::table::once::keep_refusal(store, keyed, status, body))
            .ok()
            .and_then(|(kept, _)| kept)
    }

    /// The tournament's board as it stands (`None` serving one match).
    fn board_of(&self, store: &mut Store) -> Result<Option<BoardShown>> {
        let Some(event) = &self.event else {
            return Ok(None);
        };
        let t = crate::table::tournament::load(store, Some(&event.name))?;
        Ok(Some(board_shown(&t)?))
    }

    /// Makes a change to the tournament as a whole (the director's: seating the next
    /// round, a penalty or a disqualification) in one write, then serves the round in play
    /// as it stands after it and publishes every card and the board. `change(store, name)`
    /// returns the tournament after the change; with `keyed`, the board's JSON is kept as
    /// its answer in the same write ([`crate::table::once`]).
    fn change_event(
        &self,
        keyed: Option<&Keyed>,
        change: impl FnOnce(&mut Store, &str) -> Result<Tournament>,
    ) -> Result<Answered<Arc<BoardShown>>> {
        let Some(event) = &self.event else {
            return Err(anyhow::anyhow!("no tournament is served").into());
        };
        let (done, look) = self.look(|store| {
            if let Some(problem) = self.problem(store) {
                return Err(Moved(problem).into());
            }
            let done = crate::table::once::once(
                store,
                keyed,
                |store| change(store, &event.name),
                |store, t| {
                    let cards = self.cards_of(store, &t)?;
                    let board = board_shown(&t)?;
                    let body = board.json.clone();
                    Ok(((board, cards), body))
                },
            )?;
            if let Once::Made(..) = done {
                self.wrote(store);
            }
            Ok(done)
        })?;
        let (board, cards) = match done {
            Once::Made(made, _) => made,
            Once::Replayed(kept) => return Ok(Answered::Replayed(kept)),
        };
        self.seat(cards, look);
        let board = Arc::new(board);
        event.publish(board.clone(), look);
        Ok(Answered::Made(board))
    }

    /// Each table's match of the round in play of `t` and its card as served, in table
    /// order.
    fn cards_of(&self, store: &mut Store, t: &Tournament) -> Result<Vec<(Match, Shown)>> {
        let mut cards = Vec::new();
        for m in t.played.last().into_iter().flatten() {
            cards.push((m.clone(), card_now(store, m, self.odds)?));
        }
        Ok(cards)
    }

    /// Serves the tables of `cards` (the round in play, in table order, from look
    /// `look`): a table whose match changed (a new round seated) serves the new one, a
    /// new table is added, and each card is published.
    fn seat(&self, cards: Vec<(Match, Shown)>, look: u64) {
        let Ok(mut tables) = self.tables.write() else {
            return;
        };
        let mut seated = Vec::new();
        for (i, (m, shown)) in cards.into_iter().enumerate() {
            let number = i + 1;
            let shown = Arc::new(shown);
            match tables.iter().find(|t| t.number == Some(number)) {
                Some(served) => {
                    served.current.refresh(&m);
                    served.publish(shown, look);
                    seated.push(served.clone());
                }
                None => {
                    let served = Served::new(Some(number), &m, &self.secret, shown);
                    *served.published.lock().unwrap_or_else(|e| e.into_inner()) = look;
                    seated.push(Arc::new(served));
                }
            }
        }
        *tables = seated;
    }
}

/// The board of `t` as served.
fn board_shown(t: &Tournament) -> Result<BoardShown> {
    let view = crate::view::tournament::BoardView::new(t);
    Ok(BoardShown {
        json: serde_json::to_string(&view)?,
        html: page::board(&view).into_string(),
        round: view.round,
        problem: None,
        view: Some(Arc::new(view)),
    })
}

/// The key of a table's scorekeeper, drawn from the database's `secret` (CLI.md "Keys and
/// seats"): table `number` of a tournament (`Some`), or a match served alone (`None`).
/// 122 bits by a name-based UUID (SHA-1), so a restart keeps every link, the same table
/// keeps its key from round to round (the phone on it stays the scorekeeper's), a
/// tournament's match served alone keeps its table's key, and `--new-key` replaces them
/// all. The secret itself is never handed out.
fn table_key(secret: &str, number: Option<usize>) -> String {
    match number {
        Some(n) => derived(secret, &format!("golf serve table {n}")),
        None => derived(secret, "golf serve table"),
    }
}

/// The director's key at a tournament, drawn from the database's `secret`: it writes any
/// table, seats rounds and disqualifies.
fn director_key(secret: &str) -> String {
    derived(secret, "golf serve director")
}

/// The start line of `--json`: `{"urls": [URL...], "port": N, "key": KEY, "players":
/// {NAME: URL}}`, each player's link on the first address.
#[derive(Debug, serde::Serialize)]
struct Started<'a> {
    urls: &'a [String],
    port: u16,
    key: &'a str,
    players: serde_json::Map<String, serde_json::Value>,
}

/// Each of `players`' links to match `id` on `url`, under `key`.
fn links(url: &str, key: &str, players: &[String]) -> Vec<(String, String)> {
    use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
    players
        .iter()
        .map(|name| {
            let link = format!(
                "{url}?player={}&token={}",
                utf8_percent_encode(name, NON_ALPHANUMERIC),
                token(key, name)
            );
            (name.clone(), link)
        })
        .collect()
}

/// Runs `golf serve` until Ctrl-C or SIGTERM (then exit 0; every write is one
/// transaction, so a stop never loses a recorded hole).
///
/// Errors: no match to serve (input, exit 2), the port taken (input), the database
/// unreadable (system, exit 1).
pub fn run(settings: Settings) -> Result<()> {
    // Ctrl-C and SIGTERM stop the server cleanly (the database checkpointed and closed):
    // no signal may end the process under it
    crate::asides::signals_handled_here();
    // the one connection: made before anything else looks at the file, and never again
    if !settings.db.exists() {
        let start = match settings.tournament {
            Some(_) => "golf tournament new NAME --rules classic PLAYER...",
            None => "golf new --rules classic PLAYER...",
        };
        return input(format!(
            "no matches recorded yet in {}; start one with `{start}` before serving it",
            crate::text::path(&settings.db)
        ));
    }
    let mut store = Store::open(&settings.db)?;
    if let Some(migrated) = store.migrated() {
        crate::view::say!("golf: {migrated}");
    }
    store.patience(PATIENCE)?;
    // what is served, before anything is changed: a start that cannot serve changes nothing
    let (served, t) = match &settings.tournament {
        None => {
            let m = crate::table::serving(&mut store, settings.match_id)?;
            let number = crate::table::table_number(&mut store, m.id)?;
            (vec![(number, m)], None)
        }
        Some(name) => {
            let t = crate::table::tournament::load(&mut store, name.as_deref())?;
            let tables = t.played.last().into_iter().flatten().cloned();
            (
                tables.enumerate().map(|(i, m)| (Some(i + 1), m)).collect(),
                Some(t),
            )
        }
    };
    let listener = listen(&settings)?;
    // the port is ours: only now is a new key made (`--new-key` changes nothing otherwise)
    let secret = crate::table::keys::secret(&mut store, settings.new_key)?;
    let key = match t {
        Some(_) => director_key(&secret),
        None => served
            .first()
            .map_or_else(|| table_key(&secret, None), |(n, _)| table_key(&secret, *n)),
    };
    let _ = store.checkpoint();
    let file = Mutex::new(crate::store::file_state(&settings.db).ok());
    let mut tables = Vec::new();
    for (number, m) in &served {
        let shown = card_now(&mut store, m, settings.odds)?;
        let number = number.filter(|_| t.is_some());
        let mut table = Served::new(number, m, &secret, Arc::new(shown));
        if number.is_none() {
            table.key = key.clone();
        }
        tables.push(table);
    }
    let event = match &t {
        Some(t) => Some(Event {
            name: t.name.clone(),
            board: channel::channel(Arc::new(board_shown(t)?)).0,
            published: Mutex::new(0),
        }),
        None => None,
    };
    listener.set_nonblocking(true)?;
    let port = listener.local_addr()?.port();
    let urls = urls(settings.local, port);
    // Ctrl-C and SIGTERM are listened for before anyone is told where to connect: a stop
    // the moment after the start line is a clean stop too
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let signals = runtime.block_on(async {
        use tokio::signal::unix::{signal, SignalKind};
        Ok::<_, std::io::Error>((
            signal(SignalKind::interrupt())?,
            signal(SignalKind::terminate())?,
        ))
    })?;
    announce(&settings, &tables, event.as_ref(), &urls, port, &key)?;

    let (stop_tx, stop) = channel::channel(false);
    let streams = match event {
        Some(_) => MAX_EVENT_STREAMS,
        None => MAX_STREAMS,
    };
    let server = Arc::new(Server {
        db: settings.db.clone(),
        store: Mutex::new(Some(store)),
        file,
        tables: RwLock::new(tables.into_iter().map(Arc::new).collect()),
        event,
        odds: settings.odds,
        key,
        secret,
        port,
        looks: AtomicU64::new(0),
        streams: Arc::new(Semaphore::new(streams)),
        stop,
    });
    let watcher = {
        let server = server.clone();
        let follow = settings.match_id.is_none() && settings.tournament.is_none();
        std::thread::Builder::new()
            .name("golf-watch".into())
            .spawn(move || watch::run(&server, follow))?
    };
    let served = runtime.block_on(serve(listener, server.clone(), stop_tx, signals));
    // the watcher stops with the stop signal; then the one connection is checkpointed and
    // closed, every write in flight done
    let watched = watcher.join();
    drop(runtime);
    let closed = match server.store.lock() {
        Ok(mut store) => store.take().map_or(Ok(()), Store::close),
        Err(_) => Ok(()),
    };
    served?;
    closed?;
    match watched {
        Ok(result) => result,
        Err(_) => Err(anyhow::anyhow!("the database watcher stopped unexpectedly").into()),
    }
}

/// Listens on the port asked for (`--local`: 127.0.0.1 only). Errors: the port is in use
/// (bad input, naming it), or cannot be listened on.
fn listen(settings: &Settings) -> Result<TcpListener> {
    let ip = match settings.local {
        true => IpAddr::V4(Ipv4Addr::LOCALHOST),
        false => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
    };
    match TcpListener::bind(SocketAddr::new(ip, settings.port)) {
        Ok(l) => Ok(l),
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => input(format!(
            "port {} is in use (another golf serve?); choose another with --port N, or --port 0 for any free port",
            settings.port
        )),
        Err(e) => Err(anyhow::Error::new(e)
            .context(format!("cannot listen on port {}", settings.port))
            .into()),
    }
}

/// Accepts connections until Ctrl-C or SIGTERM, then lets requests in flight finish (at
/// most [`STOP_GRACE`]) and ends every event stream.
async fn serve(
    listener: TcpListener,
    server: Arc<Server>,
    stop: channel::Sender<bool>,
    (mut interrupt, mut terminate): (tokio::signal::unix::Signal, tokio::signal::unix::Signal),
) -> Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let router = routes::router(server.clone());
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let connections = Arc::new(Semaphore::new(match server.event {
        Some(_) => MAX_EVENT_CONNECTIONS,
        None => MAX_CONNECTIONS,
    }));
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit,
            _ = interrupt.recv() => break,
            _ = terminate.recv() => break,
        };
        let Ok(permit) = permit else { break };
        let stream = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = interrupt.recv() => break,
            _ = terminate.recv() => break,
        };
        let stream = match stream {
            Ok((stream, _)) => stream,
            // out of file descriptors, or a client gone before it was accepted
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(HEADER_TIMEOUT);
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
    let _ = stop.send(true);
    drop(listener);
    let _ = tokio::time::timeout(STOP_GRACE, graceful.shutdown()).await;
    Ok(())
}

/// The token of the player named `player` under `key` ([`Served::token_for`]): the same
/// for every match the player sits in, so the link handed out at the start of the evening
/// works all evening; a renamed or substituted player's old name's token writes nothing
/// once the name is gone from the match.
fn token(key: &str, player: &str) -> String {
    derived(key, &format!("golf serve player {player}"))
}

/// A secret drawn from `key` (32 hex digits) for `what`: a name-based UUID (SHA-1) in the
/// key's namespace, as 32 hex digits.
fn derived(key: &str, what: &str) -> String {
    let mut bytes = [0u8; 16];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = key
            .get(2 * i..2 * i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0);
    }
    let space = uuid::Uuid::from_bytes(bytes);
    uuid::Uuid::new_v5(&space, what.as_bytes())
        .simple()
        .to_string()
}

/// The addresses to open: this computer's address on the local network first (the one a
/// phone can reach), then 127.0.0.1; only the latter with `--local`.
fn urls(local: bool, port: u16) -> Vec<String> {
    let mut urls = Vec::new();
    if !local {
        if let Some(ip) = lan_address() {
            urls.push(format!("http://{ip}:{port}/"));
        }
    }
    urls.push(format!("http://127.0.0.1:{port}/"));
    urls
}

/// This computer's address on the local network: the one the system would send from
/// (a UDP socket "connected" to a documentation address sends nothing).
fn lan_address() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

/// Prints where to open the card (with QR codes), or the `--json` start line; at a
/// tournament, the board's address, the director's link and each table's.
fn announce(
    settings: &Settings,
    tables: &[Served],
    event: Option<&Event>,
    urls: &[String],
    port: u16,
    key: &str,
) -> Result<()> {
    if let Some(event) = event {
        return announce_event(settings, tables, event, urls, port, key);
    }
    let Some(served) = tables.first() else {
        return Ok(());
    };
    let players = served.current.players();
    let id = served.current.id();
    if settings.json {
        let players = urls
            .first()
            .map(|url| links(url, &served.secret, &players))
            .unwrap_or_default()
            .into_iter()
            .map(|(name, link)| (name, serde_json::Value::String(link)))
            .collect();
        let line = serde_json::to_string(&Started {
            urls,
            port,
            key,
            players,
        })?;
        crate::view::line(format_args!("{line}"))?;
        return Ok(());
    }
    let Some(url) = urls.first() else {
        return Ok(());
    };
    let keeper = format!("{url}?key={key}");
    let said = served
        .current
        .about
        .lock()
        .map(|a| a.clone())
        .unwrap_or_default();
    crate::view::outln!("Serving match {id} ({said}) until Ctrl-C.");
    crate::view::outln!("\nEveryone at the table: open {url}");
    crate::view::outln!("{}", qr(url));
    crate::view::outln!("The scorekeeper (keep this one to yourself): {keeper}");
    crate::view::outln!("{}", qr(&keeper));
    Ok(())
}

/// The start line of `--json` at a tournament: `{"urls": [URL...], "port": N, "key": KEY
/// (the director's), "tables": {"N": {"match": ID, "url": URL}}}`, each table's URL its
/// scorekeeper's link (with that table's key) on the first address.
#[derive(Debug, serde::Serialize)]
struct EventStarted<'a> {
    urls: &'a [String],
    port: u16,
    key: &'a str,
    tables: std::collections::BTreeMap<String, TableStarted>,
}

/// One table in [`EventStarted`].
#[derive(Debug, serde::Serialize)]
struct TableStarted {
    #[serde(rename = "match")]
    id: i64,
    url: String,
}

/// [`announce`] at a tournament.
fn announce_event(
    settings: &Settings,
    tables: &[Served],
    event: &Event,
    urls: &[String],
    port: u16,
    key: &str,
) -> Result<()> {
    let Some(url) = urls.first() else {
        return Ok(());
    };
    let base = url.trim_end_matches('/');
    let keeper = |t: &Served| format!("{base}{}?key={}", t.path(), t.key);
    if settings.json {
        let tables = tables
            .iter()
            .filter_map(|t| {
                let n = t.number?;
                let started = TableStarted {
                    id: t.current.id(),
                    url: keeper(t),
                };
                Some((n.to_string(), started))
            })
            .collect();
        let line = serde_json::to_string(&EventStarted {
            urls,
            port,
            key,
            tables,
        })?;
        crate::view::line(format_args!("{line}"))?;
        return Ok(());
    }
    let round = event.board.borrow().round;
    crate::view::outln!(
        "Serving the tournament {}, round {round} ({} tables), until Ctrl-C.",
        crate::text::escape(&event.name),
        tables.len()
    );
    crate::view::outln!(
        "\nThe board, for everyone and the TV: open {url} (full screen: {base}/board)"
    );
    crate::view::outln!("{}", qr(url));
    let director = format!("{url}?key={key}");
    crate::view::outln!("The director (keep this one to yourself): {director}");
    crate::view::outln!("{}", qr(&director));
    for t in tables {
        let said = t
            .current
            .about
            .lock()
            .map(|a| a.clone())
            .unwrap_or_default();
        crate::view::outln!(
            "Table {} ({said}), its scorekeeper: {}",
            t.number.unwrap_or(0),
            keeper(t)
        );
        crate::view::outln!("{}", qr(&keeper(t)));
    }
    Ok(())
}

/// `text` as a QR code drawn with half blocks, light on dark (a terminal's usual colours;
/// phones read it either way), or nothing when it cannot be made.
fn qr(text: &str) -> String {
    use qrcode::render::unicode::Dense1x2;
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => code
            .render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_128_random_bits_and_only_itself_matches() {
        let (a, b) = (
            crate::table::keys::random_key().unwrap(),
            crate::table::keys::random_key().unwrap(),
        );
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        let m = crate::game::Match::new(
            &crate::game::Setup {
                rules: "classic".into(),
                players: vec!["ann".into(), "bob".into()],
                ..Default::default()
            },
            "2026-11-25T20:00:00Z",
        )
        .unwrap();
        let served = Served::new(None, &m, &a, Arc::new(Shown::default()));
        let key = table_key(&a, None);
        assert!(served.key_is(&key));
        assert!(!served.key_is(&a), "the secret itself writes nothing");
        assert!(!served.key_is(&table_key(&b, None)));
        assert!(!served.key_is(&key[..31]));
        assert!(!served.key_is(""));
        assert!(!served.key_is(&format!("{key}0")));
        // a player's token is theirs at every match they sit in
        assert_eq!(served.token_seat(&m.players, &token(&a, "bob")), Some(1));
        assert_eq!(served.token_seat(&m.players, &token(&a, "cat")), None);
    }

    #[test]
    fn each_table_has_a_key_of_its_own_drawn_from_the_directors() {
        let (a, b) = (
            crate::table::keys::random_key().unwrap(),
            crate::table::keys::random_key().unwrap(),
        );
        let keys: Vec<String> = (1..=8).map(|n| table_key(&a, Some(n))).collect();
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(k.len(), 32);
            assert!(k.bytes().all(|c| c.is_ascii_hexdigit()));
            assert_ne!(*k, director_key(&a), "a table's key is not the director's");
            assert_ne!(
                *k,
                table_key(&a, None),
                "nor the key of a match served alone"
            );
            assert_eq!(
                *k,
                table_key(&a, Some(i + 1)),
                "kept: the same key after a restart"
            );
            assert_ne!(
                *k,
                table_key(&b, Some(i + 1)),
                "a new director's key makes new ones"
            );
            assert!(keys[i + 1..].iter().all(|other| other != k));
            assert_ne!(*k, token(&a, "ann"), "no table's key is a player's token");
        }
    }

    #[test]
    fn the_addresses_put_the_networks_first_and_local_only_with_local() {
        assert_eq!(urls(true, 7878), ["http://127.0.0.1:7878/"]);
        let all = urls(false, 7878);
        assert_eq!(
            all.last().map(String::as_str),
            Some("http://127.0.0.1:7878/")
        );
        assert!(all.iter().all(|u| u.ends_with(":7878/")));
    }

    #[test]
    fn a_qr_code_is_drawn_in_half_blocks() {
        let code = qr("http://192.168.1.5:7878/");
        assert!(code.lines().count() > 10);
        assert!(code.contains('█') && code.contains('▄'));
    }
}
