//! Starting `golf serve` and saying where it is: what is served, the port, the key (made
//! only once the port is ours), the start line and its QR codes, and the accept loop until
//! Ctrl-C or SIGTERM.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::{watch as channel, Semaphore};

use super::seats::{director_key, links, table_key};
use super::state::{board_shown, card_now, Event, Served, Server};
use super::{
    routes, Settings, HEADER_TIMEOUT, MAX_CONNECTIONS, MAX_EVENT_CONNECTIONS, PATIENCE, STOP_GRACE,
};
use super::{MAX_EVENT_STREAMS, MAX_STREAMS};
use crate::error::{input, Result};
use crate::game::tournament::Tournament;
use crate::store::Store;

/// The start line of `--json`: `{"urls": [URL...], "port": N, "key": KEY, "players":
/// {NAME: URL}}`, each player's link on the first address.
#[derive(Debug, serde::Serialize)]
pub(super) struct Started<'a> {
    pub(super) urls: &'a [String],
    pub(super) port: u16,
    pub(super) key: &'a str,
    pub(super) players: serde_json::Map<String, serde_json::Value>,
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
    let mut store = open(&settings)?;
    // what is served, before anything is changed: a start that cannot serve changes nothing
    let served = resolve(&mut store, &settings)?;
    let listener = listen(&settings)?;
    listener.set_nonblocking(true)?;
    let port = listener.local_addr()?.port();
    // the port is ours: only now is a new key made (`--new-key` changes nothing otherwise)
    let (server, stop_tx) = build(store, &settings, served, port)?;
    let urls = urls(settings.local, port);
    // Ctrl-C and SIGTERM are listened for before anyone is told where to connect: a stop
    // the moment after the start line is a clean stop too
    let (runtime, signals) = listening_for_signals()?;
    let tables = server.tables();
    announce(
        &settings,
        &tables,
        server.event.as_ref(),
        &urls,
        port,
        &server.key,
    )?;
    let watcher = {
        let server = server.clone();
        let follow = settings.match_id.is_none() && settings.tournament.is_none();
        std::thread::Builder::new()
            .name("golf-watch".into())
            .spawn(move || super::watch::run(&server, follow))?
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

/// Tokio on one thread, for this command only, and Ctrl-C and SIGTERM listened for on it.
fn listening_for_signals() -> Result<(
    tokio::runtime::Runtime,
    (tokio::signal::unix::Signal, tokio::signal::unix::Signal),
)> {
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
    Ok((runtime, signals))
}

/// The one connection: made before anything else looks at the file, and never again.
/// Errors: no database yet (input, saying how to start one), an unreadable one.
fn open(settings: &Settings) -> Result<Store> {
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
    Ok(store)
}

/// The matches to serve, each with its table number at a tournament, and the tournament.
type ToServe = (Vec<(Option<usize>, crate::game::Match)>, Option<Tournament>);

/// What `settings` asks to serve, found in `store` and changing nothing. Errors: no match
/// or no tournament to serve (input, exit 2).
fn resolve(store: &mut Store, settings: &Settings) -> Result<ToServe> {
    Ok(match &settings.tournament {
        None => {
            let m = crate::table::serving(store, settings.match_id)?;
            let number = crate::table::table_number(store, m.id)?;
            (vec![(number, m)], None)
        }
        Some(name) => {
            let t = crate::table::tournament::load(store, name.as_deref())?;
            let tables = t.played.last().into_iter().flatten().cloned();
            (
                tables.enumerate().map(|(i, m)| (Some(i + 1), m)).collect(),
                Some(t),
            )
        }
    })
}

/// The server for `served` on `port` with `store` its one connection: the secret (a new
/// one with `--new-key`), the keys drawn from it, every card and the board as they stand;
/// with the sender that stops its event streams.
fn build(
    mut store: Store,
    settings: &Settings,
    (served, t): ToServe,
    port: u16,
) -> Result<(Arc<Server>, channel::Sender<bool>)> {
    let secret = crate::table::keys::secret(&mut store, settings.new_key)?;
    // the round in play gets its clock now, if it has none (once the port is ours)
    let t = match (t, settings.clock) {
        (Some(t), Some(minutes)) => {
            Some(crate::table::tournament::wind_clock(&mut store, Some(&t.name), minutes)?.0)
        }
        (t, _) => t,
    };
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
        let shown = card_now(&mut store, m, settings.odds, None)?;
        let number = number.filter(|_| t.is_some());
        let mut table = Served::new(number, m, &secret, Arc::new(shown));
        if number.is_none() {
            table.key = key.clone();
        }
        tables.push(Arc::new(table));
    }
    let event = match &t {
        Some(t) => Some(Event {
            name: t.name.clone(),
            board: channel::channel(Arc::new(board_shown(t)?)).0,
            published: Mutex::new(0),
            kept: Mutex::new(None),
        }),
        None => None,
    };
    let (stop_tx, stop) = channel::channel(false);
    let streams = match event {
        Some(_) => MAX_EVENT_STREAMS,
        None => MAX_STREAMS,
    };
    let server = Arc::new(Server {
        db: settings.db.clone(),
        store: Mutex::new(Some(store)),
        file,
        tables: RwLock::new(tables),
        event,
        clock: settings.clock,
        odds: settings.odds,
        key,
        secret,
        port,
        looks: AtomicU64::new(0),
        stale: std::sync::atomic::AtomicBool::new(false),
        streams: Arc::new(Semaphore::new(streams)),
        stop,
    });
    Ok((server, stop_tx))
}

/// `golf serve`'s routes in this process, listening nowhere: what [`run`] would serve
/// on `settings.port`, for tests that call the router directly (axum's
/// `examples/testing`, `tower::ServiceExt::oneshot`) and for embedding. No watcher runs:
/// changes made by other programs are seen at the next write's look, not pushed.
#[derive(Debug)]
pub struct InProcess {
    /// Every route, as [`run`] serves them.
    pub router: axum::Router,
    /// The scorekeeper's key (the director's at a tournament).
    pub key: String,
    /// The server behind the router.
    pub server: Arc<Server>,
    /// Ends the event streams when dropped.
    _stop: channel::Sender<bool>,
}

impl InProcess {
    /// The link of player `name` (with their token), on `http://127.0.0.1:PORT/`.
    pub fn player_link(&self, name: &str) -> String {
        let url = format!("http://127.0.0.1:{}/", self.server.port);
        links(&url, &self.server.secret, &[name.to_string()])
            .into_iter()
            .map(|(_, link)| link)
            .next()
            .unwrap_or(url)
    }

    /// Table `n`'s key at a tournament (its scorekeeper's: it writes that table alone).
    pub fn table_key(&self, n: usize) -> String {
        table_key(&self.server.secret, Some(n))
    }
}

/// [`InProcess`] for `settings` (its `port` is the one the `Host` check expects).
///
/// Errors: as [`run`]'s, but no port is listened on.
pub fn in_process(settings: &Settings) -> Result<InProcess> {
    let mut store = Store::open(&settings.db)?;
    store.patience(PATIENCE)?;
    let served = resolve(&mut store, settings)?;
    let (server, stop) = build(store, settings, served, settings.port)?;
    Ok(InProcess {
        router: routes::router(server.clone()),
        key: server.key.clone(),
        server,
        _stop: stop,
    })
}

/// Listens on the port asked for (`--local`: 127.0.0.1 only). Errors: the port is in use
/// (bad input, naming it), or cannot be listened on.
pub(super) fn listen(settings: &Settings) -> Result<TcpListener> {
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

/// The addresses to open: this computer's address on the local network first (the one a
/// phone can reach), then 127.0.0.1; only the latter with `--local`.
pub(super) fn urls(local: bool, port: u16) -> Vec<String> {
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
pub(super) fn lan_address() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

/// Prints where to open the card (with QR codes), or the `--json` start line; at a
/// tournament, the board's address, the director's link and each table's.
pub(super) fn announce(
    settings: &Settings,
    tables: &[Arc<Served>],
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
    let said = served.current.about();
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
pub(super) struct EventStarted<'a> {
    pub(super) urls: &'a [String],
    pub(super) port: u16,
    pub(super) key: &'a str,
    pub(super) tables: std::collections::BTreeMap<String, TableStarted>,
}

/// One table in [`EventStarted`].
#[derive(Debug, serde::Serialize)]
pub(super) struct TableStarted {
    #[serde(rename = "match")]
    pub(super) id: i64,
    pub(super) url: String,
}

/// [`announce`] at a tournament.
pub(super) fn announce_event(
    settings: &Settings,
    tables: &[Arc<Served>],
    event: &Event,
    urls: &[String],
    port: u16,
    key: &str,
) -> Result<()> {
    let Some(url) = urls.first() else {
        return Ok(());
    };
    let base = url.trim_end_matches('/');
    let keeper = |t: &Arc<Served>| format!("{base}{}?key={}", t.path(), t.key);
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
        let said = t.current.about();
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
pub(super) fn qr(text: &str) -> String {
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
