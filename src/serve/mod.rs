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
//! [`routes`] holds the routes and handlers, [`requests`] reads their bodies, [`watch`]
//! the thread that notices changes made by others, [`page`] all the HTML; the page's
//! JavaScript, CSS and icon are embedded files (`assets/`). Tokio runs on one thread and
//! only for this command: no other command starts it.

mod page;
mod requests;
mod routes;
mod watch;
mod words;

pub use requests::HoleRequest;
pub use routes::{MAX_BODY, MAX_STREAMS};

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use subtle::ConstantTimeEq as _;
use tokio::sync::{watch as channel, Semaphore};

use crate::error::{input, Result};
use crate::game::Match;
use crate::store::Store;
use watch::Shown;

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
}

impl Current {
    fn new(m: &crate::game::Match) -> Current {
        Current {
            id: AtomicI64::new(m.id),
            uuid: Mutex::new(m.uuid.clone()),
            picker: Mutex::new(page::Picker::of(m)),
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
        self.id.store(m.id, Ordering::SeqCst);
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

/// What every handler shares: the database's one connection, the match served, the key,
/// the latest card and the limits.
#[derive(Debug)]
pub struct Server {
    db: PathBuf,
    /// The one connection, for the handlers' writes and the watcher's looks alike.
    store: Mutex<Option<Store>>,
    /// The database file as last seen after a write of the server's own, or as checked
    /// since: its identity, length and times ([`crate::store::FileState`]).
    file: Mutex<Option<crate::store::FileState>>,
    current: Arc<Current>,
    odds: bool,
    key: String,
    /// The port listened on, for the `Host` check.
    port: u16,
    card: channel::Sender<Arc<Shown>>,
    /// Each look at the database takes the next number, under the store's lock; a card
    /// is published only when made from a later look than the one shown.
    looks: AtomicU64,
    published: Mutex<u64>,
    streams: Arc<Semaphore>,
    stop: channel::Receiver<bool>,
}

/// The card of `m` as served, with its chances line from `history` when given, and the
/// shared draft of its next hole.
fn shown_of(
    m: &Match,
    history: Option<Vec<Vec<i64>>>,
    draft: Option<&crate::table::SharedDraft>,
    problem: Option<String>,
) -> Result<Shown> {
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
        problem,
        card: Some(Arc::new(card)),
    })
}

impl Server {
    /// Whether `given` is the key, compared in constant time.
    fn key_is(&self, given: &str) -> bool {
        given.as_bytes().ct_eq(self.key.as_bytes()).into()
    }

    /// The token of seat `seat` of match `match_id` (CLI.md "Player links"): 122 bits drawn
    /// from the key by a name-based UUID (SHA-1), so it is kept as the key is, and a new
    /// key (`--new-key`) replaces every token at once. It writes only that player's grid of
    /// the next hole's draft.
    fn token_for(&self, match_id: i64, seat: usize) -> String {
        token(&self.key, match_id, seat)
    }

    /// Each player's link to the served match on `url`, in seating order.
    fn player_links(&self, url: &str) -> Vec<(String, String)> {
        let players = self.current.players();
        links(url, &self.key, self.current.id(), &players)
    }

    /// The seat whose token `given` is, at match `match_id` (compared in constant time).
    fn token_seat(&self, match_id: i64, players: usize, given: &str) -> Option<usize> {
        (0..players).find(|&seat| {
            bool::from(
                given
                    .as_bytes()
                    .ct_eq(self.token_for(match_id, seat).as_bytes()),
            )
        })
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
        let (id, uuid) = (self.current.id(), self.current.uuid());
        let found = store
            .read(|tx| Ok(crate::store::find_by_uuid(tx, &uuid)?))
            .ok()?;
        if found == Some(id) {
            // the match is where it was: the change was SQLite's (another checkpoint)
            if let Ok(mut file) = self.file.lock() {
                *file = now;
            }
            return None;
        }
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

    /// Publishes `shown`, made from look `look`, unless a card from a later look is out.
    fn publish(&self, shown: Arc<Shown>, look: u64) {
        let Ok(mut published) = self.published.lock() else {
            return;
        };
        if look < *published {
            return;
        }
        *published = look;
        let now = self.card.borrow().clone();
        if now.json != shown.json || now.draft != shown.draft || now.problem != shown.problem {
            self.card.send_replace(shown);
        }
    }

    /// Makes a change to the served match through [`crate::table`], in one write on the
    /// one connection, and publishes the card after it: `change(store, served id)` returns
    /// the match after the change. Refused, with nothing written, when the database is no
    /// longer the one opened.
    fn change(&self, change: impl FnOnce(&mut Store, i64) -> Result<Match>) -> Result<Arc<Shown>> {
        let ((m, history), look) = self.look(|store| {
            if let Some(problem) = self.problem(store) {
                return Err(Moved(problem).into());
            }
            let m = change(store, self.current.id())?;
            self.wrote(store);
            let history = match self.odds && crate::odds::in_play(&m) {
                true => crate::table::history(store, m.id),
                false => None,
            };
            let draft = crate::table::shared_draft(store, &m).ok().flatten();
            Ok((m, (history, draft)))
        })?;
        let (history, draft) = history;
        let shown = Arc::new(shown_of(&m, history, draft.as_ref(), None)?);
        self.publish(shown.clone(), look);
        Ok(shown)
    }
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
fn links(url: &str, key: &str, id: i64, players: &[String]) -> Vec<(String, String)> {
    use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
    players
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let link = format!(
                "{url}?player={}&token={}",
                utf8_percent_encode(name, NON_ALPHANUMERIC),
                token(key, id, seat)
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
        return input(format!(
            "no matches recorded yet in {}; start one with `golf new --rules classic PLAYER...` before serving it",
            crate::text::path(&settings.db)
        ));
    }
    let mut store = Store::open(&settings.db)?;
    if let Some(migrated) = store.migrated() {
        crate::say!("golf: {migrated}");
    }
    store.patience(PATIENCE)?;
    let key = kept_key(&mut store, settings.new_key)?;
    let _ = store.checkpoint();
    let file = Mutex::new(crate::store::file_state(&settings.db).ok());
    let m = crate::table::serving(&mut store, settings.match_id)?;
    let history = match settings.odds && crate::odds::in_play(&m) {
        true => crate::table::history(&mut store, m.id),
        false => None,
    };
    let draft = crate::table::shared_draft(&mut store, &m)?;
    let first = shown_of(&m, history, draft.as_ref(), None)?;
    let ip = match settings.local {
        true => IpAddr::V4(Ipv4Addr::LOCALHOST),
        false => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
    };
    let listener = match TcpListener::bind(SocketAddr::new(ip, settings.port)) {
        Ok(l) => l,
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
            return input(format!(
                "port {} is in use (another golf serve?); choose another with --port N, or --port 0 for any free port",
                settings.port
            ))
        }
        Err(e) => {
            return Err(anyhow::Error::new(e)
                .context(format!("cannot listen on port {}", settings.port))
                .into())
        }
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
    announce(&settings, &m, &urls, port, &key)?;

    let (card, _) = channel::channel(Arc::new(first));
    let (stop_tx, stop) = channel::channel(false);
    let server = Arc::new(Server {
        db: settings.db.clone(),
        store: Mutex::new(Some(store)),
        file,
        current: Arc::new(Current::new(&m)),
        odds: settings.odds,
        key,
        port,
        card,
        looks: AtomicU64::new(0),
        published: Mutex::new(0),
        streams: Arc::new(Semaphore::new(MAX_STREAMS)),
        stop,
    });
    let watcher = {
        let server = server.clone();
        let follow = settings.match_id.is_none();
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

/// Accepts connections until Ctrl-C or SIGTERM, then lets requests in flight finish (at
/// most [`STOP_GRACE`]) and ends every event stream.
async fn serve(
    listener: TcpListener,
    server: Arc<Server>,
    stop: channel::Sender<bool>,
    (mut interrupt, mut terminate): (tokio::signal::unix::Signal, tokio::signal::unix::Signal),
) -> Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let router = routes::router(server);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
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

/// The scorekeeper's key kept in the database (CLI.md "Every phone at the table"), made
/// and kept when there is none or `new` asks for a new one: a restart keeps every link.
fn kept_key(store: &mut Store, new: bool) -> Result<String> {
    let now = crate::store::timestamp();
    store.write(|tx| {
        if let (false, Some(key)) = (new, crate::store::serve_key::load(tx)?) {
            return Ok(key);
        }
        let key = new_key()?;
        crate::store::serve_key::save(tx, &key, &now)?;
        Ok(key)
    })
}

/// The token of seat `seat` of match `match_id` under `key` ([`Server::token_for`]).
fn token(key: &str, match_id: i64, seat: usize) -> String {
    let mut bytes = [0u8; 16];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = key
            .get(2 * i..2 * i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0);
    }
    let space = uuid::Uuid::from_bytes(bytes);
    uuid::Uuid::new_v5(
        &space,
        format!("golf serve player {match_id} {seat}").as_bytes(),
    )
    .simple()
    .to_string()
}

/// A new scorekeeper's key: 128 random bits from the operating system, as 32 hex digits.
fn new_key() -> Result<String> {
    use rand::RngCore as _;
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| anyhow::anyhow!("cannot draw a random key: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
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

/// Prints where to open the card (with QR codes), or the `--json` start line.
fn announce(
    settings: &Settings,
    m: &crate::game::Match,
    urls: &[String],
    port: u16,
    key: &str,
) -> Result<()> {
    if settings.json {
        let players = urls
            .first()
            .map(|url| links(url, key, m.id, &m.players))
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
        crate::outln!("{line}");
        return Ok(());
    }
    let Some(url) = urls.first() else {
        return Ok(());
    };
    let keeper = format!("{url}?key={key}");
    crate::outln!(
        "Serving match {} ({}: {}) until Ctrl-C.",
        m.id,
        crate::rules::label(&m.rules.name, &m.rules.house),
        m.names(&(0..m.players.len()).collect::<Vec<_>>())
    );
    crate::outln!("\nEveryone at the table: open {url}");
    crate::outln!("{}", qr(url));
    crate::outln!("The scorekeeper (keep this one to yourself): {keeper}");
    crate::outln!("{}", qr(&keeper));
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
        let (a, b) = (new_key().unwrap(), new_key().unwrap());
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        let (card, _) = channel::channel(Arc::new(Shown::default()));
        let (_, stop) = channel::channel(false);
        let m = crate::game::Match::new(
            &crate::game::Setup {
                rules: "classic".into(),
                players: vec!["ann".into(), "bob".into()],
                ..Default::default()
            },
            "2026-11-25T20:00:00Z",
        )
        .unwrap();
        let server = Server {
            db: PathBuf::new(),
            store: Mutex::new(None),
            file: Mutex::new(None),
            current: Arc::new(Current::new(&m)),
            odds: false,
            key: a.clone(),
            port: 7878,
            card,
            looks: AtomicU64::new(0),
            published: Mutex::new(0),
            streams: Arc::new(Semaphore::new(1)),
            stop,
        };
        assert!(server.key_is(&a));
        assert!(!server.key_is(&b));
        assert!(!server.key_is(&a[..31]));
        assert!(!server.key_is(""));
        assert!(!server.key_is(&format!("{a}0")));
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
