//! The routes of `golf serve` (CLI.md "The table's screen") and their handlers, each as
//! thin as a command: read the request ([`super::requests`]), make the change through
//! [`crate::table`] on a blocking thread, hand back the card's JSON or the page's HTML.
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /` | the page (with `?key=KEY`, the scorekeeper's page) |
//! | `GET /card.html` | the scorecard fragment the page swaps in on each update, with its `ETag` (304 for `If-None-Match` naming it) |
//! | `GET /api/card` | `golf card --json`'s document, with its `ETag` |
//! | `GET /tv`, `/tv.html` | the card for a screen across the room, and its fragment (with its `ETag`) |
//! | `GET /events` | server-sent events, gzipped where the browser takes it ([`super::stream`]): `card` (its id the card's `ETag`) and `draft`, on connecting — the card not when `?seen=ETAG` names the one the page holds — and after every change, each only when it changed; 503 past [`super::answer::MAX_STREAMS`] |
//! | `POST /api/hole`, `/api/undo`, `/api/finish` | 200 and the card; 400 `{"error"}` with `golf hole`'s message (and `"slots"` where the referee refused cards, [`super::answer::refusal_body`]); 409 when the match moved on (the hole meant recorded meanwhile, another match in play, an undo whose card no longer holds what its body says); 401 without the key; 403 from a foreign `Origin`; 408 for a body slower than [`REQUEST_TIMEOUT`]; 413 over [`MAX_BODY`]; 503 busy (another program holds the lock past [`super::PATIENCE`]) or the database gone; a write that answers an error wrote nothing |
//!
//! Every answer but the page's own files is refused (403) to a `Host` that is not this
//! server's address (an IP literal or `localhost`, with its port), so a page of another
//! site that a name was pointed at 127.0.0.1 for (DNS rebinding) gets nothing; every
//! error is JSON `{"error": TEXT}`, whatever its status.
//! | `GET /live.js`, `/api.js`, … ([`super::files::ASSETS`]), `/golf.css`, `/icon.svg` | the page's own files, embedded, each with its `ETag` |

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use super::answer::{error, follow, is_own_host, problem_event, Desk, MAX_BODY, REQUEST_TIMEOUT};
use super::files;
use super::page;
use super::stream::Sent;
use super::tag::validated;
use super::writes::{amend, draft, draft_put, finish, hole, penalty, undo};
use super::Server;

/// The router, every response carrying the security headers, every error JSON. Serving
/// one match, its routes are at the root; at a tournament each table's are under
/// `/table/N` and the root holds the board and the director's.
pub fn router(server: Arc<Server>) -> Router {
    let at = match server.event {
        Some(_) => "/table/{n}",
        None => "",
    };
    let path = |p: &str| format!("{at}{p}");
    // writes read their bodies within REQUEST_TIMEOUT themselves and are never cut off
    // once begun: a write answers what it did, never a time-out after doing it
    let mut writes = Router::new()
        .route(&path("/api/hole"), post(hole))
        .route(&path("/api/draft"), post(draft_put).get(draft))
        .route(&path("/api/amend"), post(amend))
        .route(&path("/api/penalty"), post(penalty))
        .route(&path("/api/undo"), post(undo))
        .route(&path("/api/finish"), post(finish))
        .route(&path("/api/accept"), post(super::accept::accept));
    let page = match at {
        "" => "/".to_string(),
        at => at.to_string(),
    };
    let mut reads = Router::new()
        .route(&page, get(index))
        .route(&path("/card.html"), get(fragment))
        .route(&path("/api/card"), get(card))
        .route(&path("/tv"), get(tv))
        .route(&path("/tv.html"), get(tv_fragment))
        .route(&path("/card.png"), get(card_png))
        .route(&path("/card.svg"), get(card_svg))
        .route(&path("/events"), get(events))
        .route(&path("/api/accepts"), get(super::accept::accepts));
    if server.event.is_some() {
        (writes, reads) = super::board::routes(writes, reads);
    }
    let reads = reads
        .merge(own_files())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ));
    let routes = writes
        .merge(reads)
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page; the card is at /") })
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            own_host,
        ))
        .with_state(server);
    guarded(routes)
}

/// Every answer of `routes` limited, errors as JSON, gzipped, and with the security
/// headers.
fn guarded(routes: Router) -> Router {
    routes
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(axum::middleware::map_response(as_json))
        // light on the Wi-Fi: every text answer gzipped where the browser takes it (the
        // event stream gzips itself, each event once for every phone: super::stream; the
        // pictures are not)
        .layer(CompressionLayer::new())
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'self'"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
}

/// The routes of the page's own files: the manifest, the icons, the scripts and style.
fn own_files() -> Router<Arc<Server>> {
    let mut files = Router::new()
        .route("/manifest.webmanifest", get(manifest))
        .route("/icon-192.png", get(|| icon(192)))
        .route("/icon-512.png", get(|| icon(512)));
    for (path, _, _) in files::ASSETS {
        files = files.route(path, get(move |h: HeaderMap| files::asset(path, h)));
    }
    files
}

/// Refuses (403) a request whose `Host` is not this server's own address.
async fn own_host(
    State(server): State<Arc<Server>>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    let host = request.headers().get(header::HOST);
    // HTTP/1.1 requires a Host; one without names no address, so it is not this server's
    let own = host.is_some_and(|h| h.to_str().is_ok_and(|h| is_own_host(h, server.port)));
    if !own {
        return error(
            StatusCode::FORBIDDEN,
            "this server answers only to its own address (the one golf serve printed)",
        );
    }
    next.run(request).await
}

/// Every error as JSON `{"error": TEXT}`: the answers of the layers and of axum itself
/// (405, 408, 413, …) that come as plain text are given in words.
async fn as_json(response: Response) -> Response {
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || json {
        return response;
    }
    let text = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            "this address does not take that method; the page's own buttons use the right one"
        }
        StatusCode::REQUEST_TIMEOUT => {
            "the request took too long to arrive; nothing was recorded — try again"
        }
        StatusCode::PAYLOAD_TOO_LARGE => {
            "the request is larger than 64 KiB, more than any hole needs; nothing was recorded"
        }
        _ => status.canonical_reason().unwrap_or("the request failed"),
    };
    let (mut parts, _) = response.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    let body = serde_json::json!({ "error": text }).to_string();
    Response::from_parts(parts, Body::from(body))
}

#[derive(Debug, Deserialize)]
struct KeyQuery {
    key: Option<String>,
    player: Option<String>,
    token: Option<String>,
}

async fn index(
    State(server): State<Arc<Server>>,
    Desk(desk): Desk,
    headers: HeaderMap,
    q: Result<Query<KeyQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let Ok(Query(q)) = q else {
        return error(
            StatusCode::BAD_REQUEST,
            "this address is not understood: a link gives ?key=KEY, or ?player=NAME&token=TOKEN, each once — open the link as it was handed out",
        );
    };
    let shown = desk.card.borrow().clone();
    // the forms name the hole the card shown takes next
    let next = shown
        .card
        .as_ref()
        .and_then(|c| c.next.as_ref().map(|n| (n.hole, n.playoff)));
    let picker = || {
        desk.current.picker().map(|mut p| {
            p.hole = next;
            p
        })
    };
    let (entry, refused) = match (&q.key, &q.player, &q.token) {
        (Some(key), _, _) if desk.key_is(key) || server.key_is(key) => {
            // each player's link on the address this page was opened at
            let host = headers
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .filter(|h| is_own_host(h, server.port))
                .map_or_else(|| format!("127.0.0.1:{}", server.port), str::to_string);
            let links = desk.player_links(&format!("http://{host}{}", desk.path()));
            let entry = picker().map(|p| page::Entry::Keeper(p, links));
            (entry, false)
        }
        (None, Some(player), Some(token)) => {
            let players = desk.current.players();
            let seat = players.iter().position(|p| p == player);
            let theirs = desk.token_seat(&players, token);
            match (seat, picker()) {
                (Some(seat), Some(picker)) if theirs == Some(seat) => (
                    Some(page::Entry::Player(picker, players[seat].clone())),
                    false,
                ),
                // seated at another table of the round now: the link of the evening
                // follows the player there
                _ if seat.is_none() => match moved_to(&server, player, token) {
                    Some(link) => return axum::response::Redirect::to(&link).into_response(),
                    None => (None, true),
                },
                _ => (None, true),
            }
        }
        (None, None, None) => (None, false),
        _ => (None, true),
    };
    let card = page::Fragment {
        id: shown.id,
        html: &shown.html,
        tag: &shown.tags.html,
    };
    let html = page::page(&desk.base(), &card, entry.as_ref(), refused);
    Html(html.into_string()).into_response()
}

/// The link, at the table of the round in play where `player` sits now, of a player whose
/// `token` is theirs (a tournament's round seated them elsewhere: tokens go by name, the
/// same at every table); `None` when no table seats them.
fn moved_to(server: &Server, player: &str, token: &str) -> Option<String> {
    server.tables().into_iter().find_map(|table| {
        let players = table.current.players();
        let seat = players.iter().position(|p| p == player)?;
        (table.token_seat(&players, token) == Some(seat))
            .then(|| {
                crate::serve::seats::links(&table.path(), &table.secret, &players[seat..=seat])
            })
            .and_then(|links| links.into_iter().next().map(|(_, link)| link))
    })
}

/// The type of the HTML fragments.
const HTML: &str = "text/html; charset=utf-8";

/// `/card.html`: the scorecard fragment, with its validator (304 when the page holds it).
async fn fragment(Desk(desk): Desk, headers: HeaderMap) -> Response {
    let shown = desk.card.borrow().clone();
    validated(&headers, HTML, &shown.tags.html, shown.html.clone())
}

/// `/tv`: the card for a screen across the room; no controls, no key.
async fn tv(Desk(desk): Desk) -> Response {
    let shown = desk.card.borrow().clone();
    let card = page::Fragment {
        id: shown.id,
        html: &shown.tv,
        tag: &shown.tags.tv,
    };
    Html(page::tv_page(&desk.base(), &card).into_string()).into_response()
}

/// `/tv.html`: the TV's fragment, with its validator.
async fn tv_fragment(Desk(desk): Desk, headers: HeaderMap) -> Response {
    let shown = desk.card.borrow().clone();
    validated(&headers, HTML, &shown.tags.tv, shown.tv.clone())
}

/// The web-app manifest: "Add to Home Screen" gives the table's screen an icon of its own.
async fn manifest() -> Response {
    let body = serde_json::json!({
        "name": "Golf at the table",
        "short_name": "Golf",
        "start_url": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1b5e20",
        "icons": [
            {"src": "/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "/icon-512.png", "sizes": "512x512", "type": "image/png"}
        ]
    });
    (
        [
            (header::CONTENT_TYPE, "application/manifest+json"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body.to_string(),
    )
        .into_response()
}

/// The icon as a PNG `size` pixels square, drawn from the same SVG once per size.
async fn icon(size: u32) -> Response {
    static DRAWN: std::sync::OnceLock<Vec<(u32, Vec<u8>)>> = std::sync::OnceLock::new();
    let drawn = DRAWN.get_or_init(|| {
        [192, 512]
            .into_iter()
            .filter_map(|s| Some((s, crate::view::picture::render(files::ICON, Some(s)).ok()?)))
            .collect()
    });
    match drawn.iter().find(|(s, _)| *s == size) {
        Some((_, png)) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            png.clone(),
        )
            .into_response(),
        None => error(StatusCode::NOT_FOUND, "no such icon"),
    }
}

/// Pictures drawn at once, at most: each takes tens of megabytes while it is drawn.
const PICTURES_AT_ONCE: usize = 2;

/// The scorecard as a picture to share (the same as `golf card --png`), drawn on a
/// blocking thread, at most [`PICTURES_AT_ONCE`] at a time, and kept for the card it was
/// drawn from: a repeat for the same card costs nothing.
async fn card_png(Desk(desk): Desk) -> Response {
    static DRAWING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(PICTURES_AT_ONCE);
    let shown = desk.card.borrow().clone();
    let Some(card) = shown.card.clone() else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the card is not ready yet; try again",
        );
    };
    let Ok(_turn) = DRAWING.acquire().await else {
        return error(StatusCode::SERVICE_UNAVAILABLE, "golf serve is stopping");
    };
    if let Some(png) = desk.picture(&shown.json) {
        return picture("image/png", png.to_vec(), shown.id);
    }
    match tokio::task::spawn_blocking(move || crate::view::picture::png(&card)).await {
        Ok(Ok(png)) => {
            let png = Arc::new(png);
            desk.keep_picture(&shown.json, png.clone());
            picture("image/png", png.to_vec(), shown.id)
        }
        _ => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the picture of the card could not be drawn",
        ),
    }
}

/// The scorecard as an SVG picture (the same as `golf card --svg`).
async fn card_svg(Desk(desk): Desk) -> Response {
    let shown = desk.card.borrow().clone();
    let Some(card) = shown.card.clone() else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the card is not ready yet; try again",
        );
    };
    picture(
        "image/svg+xml",
        crate::view::picture::svg(&card).into_bytes(),
        shown.id,
    )
}

/// A picture of match `id`'s card, named for saving.
fn picture(kind: &'static str, bytes: Vec<u8>, id: i64) -> Response {
    let extension = if kind == "image/png" { "png" } else { "svg" };
    let name = format!("inline; filename=\"golf-match-{id}.{extension}\"");
    let mut response = ([(header::CONTENT_TYPE, kind)], bytes).into_response();
    if let Ok(value) = HeaderValue::from_str(&name) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// `GET /api/card`: the card as served, with its validator (304 when `If-None-Match`
/// names it); 503 with the problem once the database is gone or replaced (the card shown
/// would be stale).
async fn card(Desk(desk): Desk, headers: HeaderMap) -> Response {
    let shown = desk.card.borrow().clone();
    match &shown.problem {
        Some(problem) => error(StatusCode::SERVICE_UNAVAILABLE, problem.clone()),
        None => validated(
            &headers,
            "application/json",
            &shown.tags.json,
            shown.json.clone(),
        ),
    }
}

/// The query of `/events`: `?seen=TAG`, the `ETag` of the card the page holds.
#[derive(Debug, Deserialize)]
struct Seen {
    seen: Option<String>,
}

/// `GET /events`: the card and the draft, on connecting and after every change, each only
/// when it changed. A page that names the card it holds (`?seen=TAG`, the `ETag` of its
/// `/card.html`) is not sent that card again on connecting: a phone waking from sleep
/// costs the Wi-Fi what changed while it slept, nothing more.
async fn events(
    State(server): State<Arc<Server>>,
    Desk(desk): Desk,
    headers: HeaderMap,
    seen: Result<Query<Seen>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let seen = seen.ok().and_then(|Query(q)| q.seen);
    follow(
        &server,
        &headers,
        desk.card.subscribe(),
        move |shown: &super::Shown, before: Option<&super::Shown>| {
            // a database deleted or replaced under the server: every phone is told
            if let Some(problem) = &shown.problem {
                return vec![problem_event(problem)];
            }
            // only what changed: a draft sent changes the draft, not the card
            let mut events = Vec::new();
            let changed = match before {
                Some(b) => b.json != shown.json || b.problem.is_some(),
                None => seen.as_deref() != Some(shown.tags.html.as_str()),
            };
            // its id names the card's HTML as served (`/card.html`'s ETag)
            if changed {
                let mut card = Sent::new("card", shown.json.clone());
                card.id = Some(shown.tags.html.clone());
                events.push(card);
            }
            if before.is_none_or(|b| b.draft != shown.draft || b.problem.is_some()) {
                events.push(Sent::new("draft", shown.draft.clone()));
            }
            events
        },
    )
}
