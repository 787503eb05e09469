//! The routes of `golf serve` (CLI.md "The table's screen") and their handlers, each as
//! thin as a command: read the request, call [`super::table`] (the match engine and the
//! store, on a blocking thread), hand back the card's JSON or the page's HTML.
//!
//! | route | answer |
//! | --- | --- |
//! | `GET /` | the page (with `?key=KEY`, the scorekeeper's page) |
//! | `GET /card.html` | the scorecard fragment the page swaps in on each update |
//! | `GET /api/card` | `golf card --json`'s document |
//! | `GET /events` | server-sent events: `card`, its data that document, on connecting and after every change; 503 past [`MAX_STREAMS`] |
//! | `POST /api/hole`, `/api/undo`, `/api/finish` | 200 and the card; 400 `{"error"}` with `golf hole`'s message (an undo too when the card no longer holds the holes and penalties its body says: another writer's entry is never withdrawn); 401 without the key; 403 from a foreign `Origin`; 413 over [`MAX_BODY`] |
//! | `GET /golf.js`, `/golf.css`, `/icon.svg` | the page's own files, embedded |

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use futures_util::StreamExt as _;
use serde::Deserialize;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use super::{page, table, Server};

/// The largest request body taken (64 KiB); a larger one gets 413.
pub const MAX_BODY: usize = 64 * 1024;
/// Event streams open at once; the next gets 503.
pub const MAX_STREAMS: usize = 64;
/// How long a request may take, reading its body included (408 past it).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

const SCRIPT: &str = include_str!("assets/golf.js");
const STYLE: &str = include_str!("assets/golf.css");
const ICON: &str = include_str!("assets/icon.svg");

/// The router, every response carrying the security headers.
pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/card.html", get(fragment))
        .route("/api/card", get(card))
        .route("/events", get(events))
        .route("/api/hole", post(hole))
        .route("/api/undo", post(undo))
        .route("/api/finish", post(finish))
        .route(
            "/golf.js",
            get(|| asset("text/javascript; charset=utf-8", SCRIPT)),
        )
        .route("/golf.css", get(|| asset("text/css; charset=utf-8", STYLE)))
        .route("/icon.svg", get(|| asset("image/svg+xml", ICON)))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "no such page; the card is at /") })
        .with_state(server)
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
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

async fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `{"error": TEXT}` with `status`.
fn error(status: StatusCode, text: impl Into<String>) -> Response {
    let body = serde_json::json!({ "error": text.into() });
    (status, axum::Json(body)).into_response()
}

/// A card document as the response.
fn json_text(text: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

#[derive(Debug, Deserialize)]
struct KeyQuery {
    key: Option<String>,
}

async fn index(State(server): State<Arc<Server>>, Query(q): Query<KeyQuery>) -> Response {
    let keeper = q.key.as_deref().map(|k| server.key_is(k));
    let shown = server.card.borrow().clone();
    let picker = match keeper {
        Some(true) => server.current.picker(),
        _ => None,
    };
    let html = page::page(
        shown.id,
        &shown.html,
        picker.as_ref(),
        keeper == Some(false),
    );
    Html(html.into_string()).into_response()
}

async fn fragment(State(server): State<Arc<Server>>) -> Response {
    let shown = server.card.borrow().clone();
    Html(shown.html.clone()).into_response()
}

async fn card(State(server): State<Arc<Server>>) -> Response {
    let shown = server.card.borrow().clone();
    json_text(shown.json.clone())
}

async fn events(State(server): State<Arc<Server>>) -> Response {
    let Ok(permit) = server.streams.clone().try_acquire_owned() else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{MAX_STREAMS} phones are already watching; try again when one leaves"),
        );
    };
    let mut rx = server.card.subscribe();
    rx.mark_changed();
    let stop = server.stop.clone();
    let stream = futures_util::stream::unfold((rx, permit), |(mut rx, permit)| async move {
        rx.changed().await.ok()?;
        let json = rx.borrow_and_update().json.clone();
        let event = Event::default().event("card").data(json);
        Some((Ok::<_, Infallible>(event), (rx, permit)))
    })
    .take_until(async move {
        let mut stop = stop;
        let _ = stop.wait_for(|s| *s).await;
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

/// The refusal of a write from a foreign page (403) or without the key (401); `None` when
/// the write may go ahead.
fn refused(server: &Server, headers: &HeaderMap) -> Option<Response> {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let own = host.map(|h| format!("http://{h}"));
        if origin.to_str().ok() != own.as_deref() {
            return Some(error(
                StatusCode::FORBIDDEN,
                "a write from another site's page is refused; use this server's own page",
            ));
        }
    }
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    match given {
        Some(key) if server.key_is(key.trim()) => None,
        _ => {
            let mut refused = error(
                StatusCode::UNAUTHORIZED,
                "writes need the scorekeeper's key: header Authorization: Bearer KEY (the key golf serve printed)",
            );
            refused
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            Some(refused)
        }
    }
}

/// Runs a write on a blocking thread, wakes the watcher, and answers with the card or the
/// error: 400 for bad input (the message `golf hole` gives), 500 for a failure of the
/// system.
async fn write(
    server: Arc<Server>,
    work: impl FnOnce(&Server) -> crate::error::Result<crate::view::card::CardView> + Send + 'static,
) -> Response {
    let done = {
        let server = server.clone();
        tokio::task::spawn_blocking(move || {
            let result = work(&server).and_then(|card| Ok(serde_json::to_string(&card)?));
            server.wake();
            result
        })
        .await
    };
    match done {
        Ok(Ok(json)) => json_text(json),
        Ok(Err(e)) if e.exit_code() == 2 => error(StatusCode::BAD_REQUEST, e.describe()),
        Ok(Err(e)) => error(StatusCode::INTERNAL_SERVER_ERROR, e.describe()),
        Err(_) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the write stopped unexpectedly",
        ),
    }
}

async fn hole(State(server): State<Arc<Server>>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(refusal) = refused(&server, &headers) {
        return refusal;
    }
    let request: table::HoleRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                format!(
                    "the body is not a hole: {e}; expected {{\"grids\": {{PLAYER: GRID}}, \"out\": PLAYER|null, \"knock\": PLAYER|null}}"
                ),
            )
        }
    };
    write(server, move |s| {
        let id = s.current.id();
        table::same_match(request.match_id, id)?;
        table::record_hole(&s.db, id, &request, s.odds)
    })
    .await
}

/// The optional body of `POST /api/undo` and `/api/finish`: `{"match": ID}`, the match the
/// page shows (refused when the server has moved on to a newer one); for an undo also
/// `"holes"` and `"penalties"`, how many the card it shows holds (refused when another
/// writer has recorded or withdrawn one since: the undo would take theirs).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Meant {
    #[serde(rename = "match")]
    id: Option<i64>,
    holes: Option<usize>,
    penalties: Option<usize>,
}

/// Reads [`Meant`] from `body` (empty: nothing named); the error says what was wrong.
fn meant(body: &[u8]) -> Result<Meant, String> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Meant::default());
    }
    serde_json::from_slice::<Meant>(body).map_err(|e| {
        format!(
            "the body is not understood: {e}; expected nothing, or {{\"match\": ID}} (an undo may add \"holes\": N, \"penalties\": N, what the card shown holds)"
        )
    })
}

async fn undo(State(server): State<Arc<Server>>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(refusal) = refused(&server, &headers) {
        return refusal;
    }
    let meant = match meant(&body) {
        Ok(m) => m,
        Err(text) => return error(StatusCode::BAD_REQUEST, text),
    };
    write(server, move |s| {
        let id = s.current.id();
        table::same_match(meant.id, id)?;
        let on_card = table::OnCard {
            holes: meant.holes,
            penalties: meant.penalties,
        };
        table::undo(&s.db, id, &on_card, s.odds)
    })
    .await
}

async fn finish(State(server): State<Arc<Server>>, headers: HeaderMap, body: Bytes) -> Response {
    on_the_match(server, &headers, &body, table::finish).await
}

/// A write on the match as a whole (`POST /api/finish`): refused without the key or from
/// another origin, the body's optional `{"match": ID}` held to the match served, then
/// `action(database, match id, chances shown)` as one write.
async fn on_the_match(
    server: Arc<Server>,
    headers: &HeaderMap,
    body: &Bytes,
    action: fn(&std::path::Path, i64, bool) -> crate::error::Result<crate::view::card::CardView>,
) -> Response {
    if let Some(refusal) = refused(&server, headers) {
        return refusal;
    }
    let meant = match meant(body) {
        Ok(m) => m,
        Err(text) => return error(StatusCode::BAD_REQUEST, text),
    };
    write(server, move |s| {
        let id = s.current.id();
        table::same_match(meant.id, id)?;
        action(&s.db, id, s.odds)
    })
    .await
}
