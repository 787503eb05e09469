//! What every route of `golf serve` answers with, shared by the one-match routes
//! ([`super::routes`]) and the tournament's ([`super::board`]): the limits, errors as JSON,
//! the key and `Origin` checks, a write's body read within its time, a refused write's
//! status, and a stream of server-sent events following the latest card or board.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt as _;

use super::{Served, Server};
use crate::table;

/// The largest request body taken (64 KiB); a larger one gets 413.
pub const MAX_BODY: usize = 64 * 1024;
/// Event streams open at once; the next gets 503.
pub const MAX_STREAMS: usize = 64;
/// The same at a tournament (every table's phones and the board's screens).
pub const MAX_EVENT_STREAMS: usize = 512;
/// How long a request may take, reading its body included (408 past it).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// Whether `host` (a `Host` header, or an `Origin`'s host and port) names this server:
/// an IP address or `localhost`, with `port` (or none when the port is 80). Names that
/// resolve elsewhere are refused: a page of another site whose name was pointed at this
/// computer (DNS rebinding) sends its own name.
pub(super) fn is_own_host(host: &str, port: u16) -> bool {
    let (name, given) = match host.strip_prefix('[') {
        Some(rest) => match rest.split_once(']') {
            Some((v6, "")) => (v6, None),
            Some((v6, tail)) => match tail.strip_prefix(':') {
                Some(p) => (v6, Some(p)),
                None => return false,
            },
            None => return false,
        },
        None => match host.split_once(':') {
            Some((name, p)) => (name, Some(p)),
            None => (host, None),
        },
    };
    let port_ok = match given {
        Some(p) => p.bytes().all(|b| b.is_ascii_digit()) && p.parse::<u16>() == Ok(port),
        None => port == 80,
    };
    port_ok && (name.eq_ignore_ascii_case("localhost") || name.parse::<std::net::IpAddr>().is_ok())
}

/// `{"error": TEXT}` with `status`.
pub(super) fn error(status: StatusCode, text: impl Into<String>) -> Response {
    let body = serde_json::json!({ "error": text.into() });
    (status, axum::Json(body)).into_response()
}

/// A card document as the response.
pub(super) fn json_text(text: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// The `problem` event: the database was deleted or replaced under the server.
pub(super) fn problem_event(problem: &str) -> Event {
    Event::default()
        .event("problem")
        .data(serde_json::json!({ "error": problem }).to_string())
}

/// Server-sent events following `rx`: `events(value, sent before)` on connecting (nothing
/// sent before) and after every change — so each change sends a phone only what it
/// touched (a slow reader skips to the newest value, never a backlog) — a keep-alive every
/// 15 s, ended when the server stops; 503 past the server's number of streams.
pub(super) fn follow<T: Send + Sync + 'static>(
    server: &Server,
    mut rx: tokio::sync::watch::Receiver<Arc<T>>,
    events: impl Fn(&T, Option<&T>) -> Vec<Event> + Clone + Send + 'static,
) -> Response {
    let Ok(permit) = server.streams.clone().try_acquire_owned() else {
        let most = match server.event {
            Some(_) => MAX_EVENT_STREAMS,
            None => MAX_STREAMS,
        };
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{most} phones are already watching; try again when one leaves"),
        );
    };
    rx.mark_changed();
    let stop = server.stop.clone();
    let start = (rx, permit, None::<Arc<T>>);
    let stream = futures_util::stream::unfold(start, move |(mut rx, permit, before)| {
        let events = events.clone();
        async move {
            rx.changed().await.ok()?;
            let value = rx.borrow_and_update().clone();
            let sent = events(&value, before.as_deref()).into_iter();
            let sent = sent.map(Ok::<_, Infallible>);
            Some((futures_util::stream::iter(sent), (rx, permit, Some(value))))
        }
    })
    .flatten()
    .take_until(async move {
        let mut stop = stop;
        let _ = stop.wait_for(|s| *s).await;
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

/// The token or key after `Authorization: Bearer`, if any.
pub(super) fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
}

/// 401: a write without the scorekeeper's key (or a player's token, where one will do).
pub(super) fn no_key() -> Response {
    let mut refused = error(
        StatusCode::UNAUTHORIZED,
        "writes need the scorekeeper's key: open the scorekeeper's link (the one with ?key= that golf serve printed)",
    );
    refused
        .headers_mut()
        .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    refused
}

/// 403 for a write from another site's page: an `Origin` that is not exactly this server's
/// own `http://HOST`.
pub(super) fn foreign(server: &Server, headers: &HeaderMap) -> Option<Response> {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let own = match (origin.to_str(), host) {
            (Ok(origin), Some(host)) => {
                origin.strip_prefix("http://") == Some(host) && is_own_host(host, server.port)
            }
            _ => false,
        };
        if !own {
            return Some(error(
                StatusCode::FORBIDDEN,
                "a write from another site's page is refused; use this server's own page",
            ));
        }
    }
    None
}

/// The body of a write, read within [`REQUEST_TIMEOUT`] and at most [`MAX_BODY`]: 408 or
/// 413 (nothing recorded) otherwise.
pub(super) async fn body_of(request: Request) -> Result<Bytes, Response> {
    let read = axum::body::to_bytes(request.into_body(), MAX_BODY);
    match tokio::time::timeout(REQUEST_TIMEOUT, read).await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(_)) => Err(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request is larger than 64 KiB, more than any hole needs; nothing was recorded",
        )),
        Err(_) => Err(error(
            StatusCode::REQUEST_TIMEOUT,
            "the request took too long to arrive; nothing was recorded — try again",
        )),
    }
}

/// The status and words of a write refused with `e`: 409 when the match moved on under
/// the page, 422 for an idempotency key sent again with another request, 503 when the
/// database is busy or no longer the one served, 400 for bad input, 500 else.
pub(super) fn refusal_of(e: &crate::error::Error) -> (StatusCode, String) {
    let moved = matches!(e, crate::error::Error::Input(b) if b.is::<super::Moved>());
    let reused = matches!(e, crate::error::Error::Input(b) if b.is::<table::once::KeyReused>());
    let replaced = matches!(e, crate::error::Error::Input(b) if b.is::<super::KeyReplaced>());
    let status = if table::is_conflict(e) {
        StatusCode::CONFLICT
    } else if replaced {
        StatusCode::UNAUTHORIZED
    } else if reused {
        StatusCode::UNPROCESSABLE_ENTITY
    } else if moved {
        StatusCode::SERVICE_UNAVAILABLE
    } else if matches!(e, crate::error::Error::System(s) if crate::store::is_busy(s)) {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "the database is busy: another program is using it; nothing was recorded — try again"
                .into(),
        );
    } else if e.exit_code() == 2 {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::INTERNAL_SERVER_ERROR
    };
    (status, super::words::at_the_table(e))
}

/// The answer to a write refused with `e` ([`refusal_of`]), as JSON `{"error": TEXT}`.
pub(super) fn refusal(e: &crate::error::Error) -> Response {
    let (status, text) = refusal_of(e);
    error(status, text)
}

/// A write's request as it came, before its body is read: its headers and its path.
pub(super) struct Head {
    /// The request's headers.
    pub headers: HeaderMap,
    /// The request's path (`/api/hole`, `/table/2/api/draft`).
    pub path: String,
}

impl Head {
    /// The head of `request`.
    pub fn of(request: &Request) -> Head {
        Head {
            headers: request.headers().clone(),
            path: request.uri().path().to_string(),
        }
    }

    /// The write's idempotency key (`Idempotency-Key`, a bare token or a quoted string)
    /// with the request it names — its route, `who` sent it and `body` — or `None` when
    /// it carries none; 400 for a key that is not 1 to 255 visible ASCII characters.
    // the refusal is the answer itself, made once per request: not worth a box
    #[allow(clippy::result_large_err)]
    pub fn keyed(&self, who: &str, body: &[u8]) -> Result<Option<table::once::Keyed>, Response> {
        let Some(value) = self.headers.get("idempotency-key") else {
            return Ok(None);
        };
        let bad = || refusal(&table::once::BadKey.into());
        let text = value.to_str().map_err(|_| bad())?.trim();
        let key = text
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .unwrap_or(text);
        table::once::Keyed::new(who, key, &self.path, body)
            .map(Some)
            .map_err(|e| refusal(&e))
    }
}

/// The answer kept for a repeated write, as it was given, marked `Idempotency-Replayed:
/// true` (nothing was written now).
pub(super) fn replayed(kept: &crate::store::once::Kept) -> Response {
    let status = StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK);
    let mut response = (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        kept.body.clone(),
    )
        .into_response();
    response.headers_mut().insert(
        header::HeaderName::from_static("idempotency-replayed"),
        HeaderValue::from_static("true"),
    );
    response
}

/// The body of a write refused with `e`: `{"error": TEXT}`, and where the referee refused
/// cards, `"slots": [{"player": NAME, "slot": I}]` — each card to fix, I its place in the
/// player's grid row by row from 0 in the match's `layout` (rows, columns), as the page
/// numbers its slots ([`crate::game::HoleError::slots`]).
pub(super) fn refusal_body(
    e: &crate::error::Error,
    layout: Option<(usize, usize)>,
) -> (StatusCode, String) {
    let (status, text) = refusal_of(e);
    let slots = match (super::words::refused_hole(e), layout) {
        (Some(refused), Some((rows, columns))) => refused.slots(rows, columns),
        _ => Vec::new(),
    };
    let body = match slots.is_empty() {
        true => serde_json::json!({ "error": text }),
        false => serde_json::json!({ "error": text, "slots": slots }),
    };
    (status, body.to_string())
}

/// The answer to a write made through [`Server::change`] or [`Server::change_event`]:
/// `made`'s body (200), the kept answer of a repeat, or the refusal ([`refusal_body`],
/// its slots in the match's `layout`) — kept as the key's answer when a retry would meet
/// it again.
pub(super) fn answered<T>(
    server: &Server,
    keyed: Option<&table::once::Keyed>,
    done: crate::error::Result<super::Answered<T>>,
    layout: Option<(usize, usize)>,
    made: impl FnOnce(&T) -> String,
) -> Response {
    match done {
        Ok(super::Answered::Made(value)) => json_text(made(&value)),
        Ok(super::Answered::Replayed(kept)) => replayed(&kept),
        Err(e) => {
            let (status, body) = refusal_body(&e, layout);
            if let Some(kept) = keyed.and_then(|k| server.keep_refusal(k, status.as_u16(), &body)) {
                return replayed(&kept);
            }
            (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
        }
    }
}

/// The match a request is for: the one served, or table N's at a tournament (the `n` of
/// `/table/{n}/…`); 404 for a table the round in play does not have.
pub struct Desk(pub Arc<Served>);

impl axum::extract::FromRequestParts<Arc<Server>> for Desk {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        server: &Arc<Server>,
    ) -> Result<Desk, Response> {
        let params = axum::extract::RawPathParams::from_request_parts(parts, server).await;
        let number = match params {
            Ok(params) => match params.iter().find(|(name, _)| *name == "n") {
                // written plainly: digits, no sign, no leading zero (`/table/01` is not 1)
                Some((_, n)) => match n.parse::<usize>() {
                    Ok(k) if n.bytes().all(|b| b.is_ascii_digit()) && !n.starts_with('0') => {
                        Some(k)
                    }
                    _ => return Err(no_table(n)),
                },
                None => None,
            },
            Err(_) => None,
        };
        match server.served(number) {
            Some(served) => Ok(Desk(served)),
            None => Err(no_table(
                &number.map_or_else(String::new, |n| n.to_string()),
            )),
        }
    }
}

/// 404 for a table the round in play does not have.
fn no_table(n: &str) -> Response {
    error(
        StatusCode::NOT_FOUND,
        format!(
            "there is no table {} in this round; the board at / lists the tables",
            crate::text::escape(n)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_servers_own_address_is_its_host() {
        for own in [
            "127.0.0.1:7878",
            "localhost:7878",
            "[::1]:7878",
            "192.168.1.5:7878",
        ] {
            assert!(is_own_host(own, 7878), "{own}");
        }
        for other in [
            "evil.example:7878",
            "127.0.0.1:7879",
            "127.0.0.1",
            "127.0.0.1:+7878",
            "[::1]x:7878",
            "[::1",
            "x",
            "",
        ] {
            assert!(!is_own_host(other, 7878), "{other}");
        }
        assert!(is_own_host("localhost", 80));
    }
}
