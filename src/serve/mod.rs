//! `golf serve`: the table's screen (CLI.md "The table's screen"). A shell beside
//! [`crate::cmd`]: an HTTP server on the local network that shows the match in play on
//! every phone — the scorecard as `golf card` gives it, updated by server-sent events
//! within a second of any change, whoever makes it — and, with the scorekeeper's key,
//! records the next hole, undoes the last and finishes the match through the same match
//! engine, store and views as `golf hole`, `golf undo` and `golf finish`.
//!
//! [`routes`] holds the routes and handlers, [`table`] the calls into the engine and the
//! store, [`watch`] the thread that notices changes, [`page`] all the HTML; the page's
//! JavaScript, CSS and icon are embedded files (`assets/`). Tokio runs on one thread and
//! only for this command: no other command starts it.

mod page;
mod routes;
mod table;
mod watch;

pub use routes::{MAX_BODY, MAX_STREAMS};
pub use table::HoleRequest;

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use subtle::ConstantTimeEq as _;
use tokio::sync::{watch as channel, Semaphore};

use crate::error::{input, Result};
use watch::Shown;

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
    picker: Mutex<page::Picker>,
}

impl Current {
    fn new(m: &crate::game::Match) -> Current {
        Current {
            id: AtomicI64::new(m.id),
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
        self.id.store(m.id, Ordering::SeqCst);
    }

    /// The scorekeeper's picker for the match.
    fn picker(&self) -> Option<page::Picker> {
        self.picker.lock().ok().map(|p| p.clone())
    }
}

/// What every handler shares: the match served, the key, the latest card and the limits.
#[derive(Debug)]
pub struct Server {
    db: PathBuf,
    current: Arc<Current>,
    odds: bool,
    key: String,
    card: channel::Sender<Arc<Shown>>,
    streams: Arc<Semaphore>,
    stop: channel::Receiver<bool>,
    wake: Mutex<mpsc::Sender<()>>,
}

impl Server {
    /// Whether `given` is the key, compared in constant time.
    fn key_is(&self, given: &str) -> bool {
        given.as_bytes().ct_eq(self.key.as_bytes()).into()
    }

    /// Tells the watcher a write was just made, so the phones hear of it at once.
    fn wake(&self) {
        if let Ok(wake) = self.wake.lock() {
            let _ = wake.send(());
        }
    }
}

/// The start line of `--json`: `{"urls": [URL...], "port": N, "key": KEY}`.
#[derive(Debug, serde::Serialize)]
struct Started<'a> {
    urls: &'a [String],
    port: u16,
    key: &'a str,
}

/// Runs `golf serve` until Ctrl-C or SIGTERM (then exit 0; every write is one
/// transaction, so a stop never loses a recorded hole).
///
/// Errors: no match to serve (input, exit 2), the port taken (input), the database
/// unreadable (system, exit 1).
pub fn run(settings: Settings) -> Result<()> {
    let m = table::pick(&settings.db, settings.match_id)?;
    let first = {
        let mut store = match crate::store::Store::open_read_only(&settings.db)? {
            Some(store) => store,
            None => return input(format!("{} is gone", settings.db.display())),
        };
        watch::shown(&mut store, m.id, settings.odds)?
    };
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
    let key = new_key()?;
    let urls = urls(settings.local, port);
    announce(&settings, &m, &urls, port, &key)?;

    let (card, _) = channel::channel(Arc::new(first));
    let (stop_tx, stop) = channel::channel(false);
    let (wake_tx, wake_rx) = mpsc::channel();
    let current = Arc::new(Current::new(&m));
    let server = Arc::new(Server {
        db: settings.db.clone(),
        current: current.clone(),
        odds: settings.odds,
        key,
        card: card.clone(),
        streams: Arc::new(Semaphore::new(MAX_STREAMS)),
        stop,
        wake: Mutex::new(wake_tx),
    });
    let watcher = {
        let (db, odds) = (settings.db.clone(), settings.odds);
        let follow = settings.match_id.is_none();
        std::thread::Builder::new()
            .name("golf-watch".into())
            .spawn(move || watch::run(db, &current, follow, odds, card, wake_rx))?
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(serve(listener, server.clone(), stop_tx));
    // the watcher stops when its wake channel closes: the server holds the last sender
    drop(server);
    drop(runtime);
    let watched = watcher.join();
    served?;
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
) -> Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let router = routes::router(server);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    use tokio::signal::unix::{signal, SignalKind};
    let (mut interrupt, mut terminate) = (
        signal(SignalKind::interrupt())?,
        signal(SignalKind::terminate())?,
    );
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
        let line = serde_json::to_string(&Started { urls, port, key })?;
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
            current: Arc::new(Current::new(&m)),
            odds: false,
            key: a.clone(),
            card,
            streams: Arc::new(Semaphore::new(1)),
            stop,
            wake: Mutex::new(mpsc::channel().0),
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
