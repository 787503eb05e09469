//! The tournament's own routes under `golf serve --tournament` (CLI.md "Event night"): the
//! board for everyone (`/`) and for the TV (`/board`), its JSON (`/api/board`) and its
//! stream of `board` events (`/events`), and the director's page (`/?key=KEY`) and writes:
//! seating the next round (`POST /api/round`), penalties and disqualifications (`POST
//! /api/penalty`). Each table's own routes are the one-match routes under `/table/N`
//! ([`super::routes`]).

use std::sync::Arc;

use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::sse::Event;
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;

use super::answer::{
    answered, bearer, body_of, error, follow, foreign, is_own_host, json_text, problem_event, Head,
};
use super::page::{self, Director, DirectorTable};
use super::requests::{self, DirectorPenalty, RoundRequest};
use super::BoardShown;
use super::Server;
use crate::error::input;
use crate::table::{self, PenaltyEntry};

/// The query of `/`: `?key=KEY`, the director's key, opens the director's page.
#[derive(Debug, Deserialize)]
pub struct KeyQuery {
    /// The key given, if any (checked in constant time).
    key: Option<String>,
}

/// `/`: the board; with the director's key, the director's page (each table's scorekeeper
/// link with its QR code, the next round, penalties and disqualifications).
pub async fn index(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    q: Result<Query<KeyQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let Ok(Query(q)) = q else {
        return error(
            StatusCode::BAD_REQUEST,
            "this address is not understood: the director's link gives ?key=KEY once — open the link as it was handed out",
        );
    };
    let Some(event) = &server.event else {
        return error(StatusCode::NOT_FOUND, "no tournament is served");
    };
    let board = event.board.borrow().clone();
    let director = match &q.key {
        Some(key) if server.key_is(key) => {
            let host = headers
                .get(header::HOST)
                .and_then(|h| h.to_str().ok())
                .filter(|h| is_own_host(h, server.port))
                .map_or_else(|| format!("127.0.0.1:{}", server.port), str::to_string);
            let tables = server
                .tables()
                .iter()
                .map(|t| DirectorTable {
                    number: t.number.unwrap_or(0),
                    players: t.current.players(),
                    link: format!("http://{host}{}?key={}", t.path(), t.key),
                })
                .collect();
            let players = board
                .view
                .as_ref()
                .map(|v| {
                    v.standing
                        .players
                        .iter()
                        .filter(|p| !p.disqualified)
                        .map(|p| p.name.clone())
                        .collect()
                })
                .unwrap_or_default();
            Some(Director {
                tables,
                players,
                round: board.round,
                rounds_planned: board.view.as_ref().map_or(0, |v| v.rounds_planned),
            })
        }
        _ => None,
    };
    let refused = q.key.is_some() && director.is_none();
    let tables: Vec<usize> = server.tables().iter().filter_map(|t| t.number).collect();
    Html(
        page::board_page(
            &board.html,
            board.round,
            &tables,
            director.as_ref(),
            refused,
            false,
        )
        .into_string(),
    )
    .into_response()
}

/// `/board`: the board for a screen across the hall (1920×1080); no controls, no key.
pub async fn tv(State(server): State<Arc<Server>>) -> Response {
    let Some(event) = &server.event else {
        return error(StatusCode::NOT_FOUND, "no tournament is served");
    };
    let board = event.board.borrow().clone();
    Html(page::board_page(&board.html, board.round, &[], None, false, true).into_string())
        .into_response()
}

/// `/board.html`: the board's fragment the pages swap in on each update.
pub async fn fragment(State(server): State<Arc<Server>>) -> Response {
    match &server.event {
        Some(event) => Html(event.board.borrow().html.clone()).into_response(),
        None => error(StatusCode::NOT_FOUND, "no tournament is served"),
    }
}

/// `GET /api/board`: `golf tournament standings --json` with `"round"` and its tables.
pub async fn board(State(server): State<Arc<Server>>) -> Response {
    match &server.event {
        Some(event) => json_text(event.board.borrow().json.clone()),
        None => error(StatusCode::NOT_FOUND, "no tournament is served"),
    }
}

/// `/events`: the board, as event `board` with its JSON, on connecting and after every
/// change at any table (a `problem` event when the database was deleted or replaced).
pub async fn events(State(server): State<Arc<Server>>) -> Response {
    let Some(event) = &server.event else {
        return error(StatusCode::NOT_FOUND, "no tournament is served");
    };
    follow(
        &server,
        event.board.subscribe(),
        |board: &BoardShown, _: Option<&BoardShown>| {
            vec![match &board.problem {
                Some(problem) => problem_event(problem),
                None => Event::default().event("board").data(board.json.clone()),
            }]
        },
    )
}

/// The refusal of a write that needs the director's key (403 from a foreign page, 401
/// without the key or with a table's), or `None`.
fn not_director(server: &Server, headers: &HeaderMap) -> Option<Response> {
    if let Some(refusal) = foreign(server, headers) {
        return Some(refusal);
    }
    match bearer(headers) {
        Some(key) if server.key_is(key) => None,
        _ => {
            let mut refused = error(
                StatusCode::UNAUTHORIZED,
                "this is the director's: open the director's link (the one with ?key= that golf serve printed first)",
            );
            refused.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                header::HeaderValue::from_static("Bearer"),
            );
            Some(refused)
        }
    }
}

/// The director's write: `change(store, tournament name)` through
/// [`Server::change_event`] on a blocking thread; 200 and the board, the kept answer of a
/// repeat, or the refusal.
pub(super) async fn event_write(
    server: Arc<Server>,
    keyed: Option<table::once::Keyed>,
    change: impl FnOnce(
            &mut crate::store::Store,
            &str,
        ) -> crate::error::Result<crate::game::tournament::Tournament>
        + Send
        + 'static,
) -> Response {
    let done = tokio::task::spawn_blocking(move || {
        let done = server.change_event(keyed.as_ref(), change);
        answered(
            &server,
            keyed.as_ref(),
            done,
            None,
            |board: &Arc<BoardShown>| board.json.clone(),
        )
    })
    .await;
    done.unwrap_or_else(|_| {
        error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the write stopped unexpectedly; look at the board before trying again",
        )
    })
}

/// The director's write read: the refusal, or its body and idempotency key.
pub(super) async fn directors_write(
    server: &Server,
    request: Request,
) -> Result<(axum::body::Bytes, Option<table::once::Keyed>), Response> {
    if let Some(refusal) = not_director(server, request.headers()) {
        return Err(refusal);
    }
    let head = Head::of(&request);
    let body = body_of(request).await?;
    let keyed = head.keyed("director", &body)?;
    Ok((body, keyed))
}

/// `POST /api/round` (the director's): seats the next round, as `golf tournament round`
/// does; 409 while a table is still playing or when the round meant is seated already.
pub async fn round(State(server): State<Arc<Server>>, request: Request) -> Response {
    let (body, keyed) = match directors_write(&server, request).await {
        Ok(sent) => sent,
        Err(refusal) => return refusal,
    };
    let sent: RoundRequest = match body.iter().all(u8::is_ascii_whitespace) {
        true => RoundRequest::default(),
        false => match requests::body(&body, "{\"round\": N} (the round to seat)") {
            Ok(sent) => sent,
            Err(text) => return error(StatusCode::BAD_REQUEST, text),
        },
    };
    event_write(server, keyed, move |store, name| {
        table::tournament::seat_next_round(store, Some(name), sent.round)
    })
    .await
}

/// `POST /api/penalty` at the tournament (the director's): penalty points at the player's
/// table of the round in play, or a disqualification from that round's match or from the
/// whole tournament (RULES.md §13; between rounds too), as `golf penalty` does.
pub async fn penalty(State(server): State<Arc<Server>>, request: Request) -> Response {
    let (body, keyed) = match directors_write(&server, request).await {
        Ok(sent) => sent,
        Err(refusal) => return refusal,
    };
    let sent: DirectorPenalty = match requests::body(
        &body,
        "{\"player\": NAME, \"points\": N, \"reason\": TEXT} or {\"player\": NAME, \"disqualify\": \"round\"|\"tournament\", \"reason\": TEXT}",
    ) {
        Ok(sent) => sent,
        Err(text) => return error(StatusCode::BAD_REQUEST, text),
    };
    event_write(server, keyed, move |store, name| {
        let t = table::tournament::load(store, Some(name))?;
        let player = t.players[crate::player::find(&t.players, &sent.player)?].clone();
        let round = t.played.len();
        let table_of = || {
            t.played
                .last()
                .and_then(|r| r.iter().find(|m| m.players.contains(&player)))
                .map(|m| m.id)
        };
        let at_table = |id: Option<i64>| match id {
            Some(id) => Ok(id),
            None => input(format!(
                "{} has no table in round {round}; only a disqualification from the tournament applies",
                crate::text::escape(&player)
            )),
        };
        let reason = sent.reason.clone();
        let entry = match (sent.points, sent.disqualify.as_deref()) {
            (Some(points), None) => PenaltyEntry {
                match_id: Some(at_table(table_of())?),
                player: player.clone(),
                kind: crate::game::PenaltyRequest::Points(
                    i32::try_from(points)
                        .map_err(|_| crate::game::GameError::PenaltyPoints(points))?,
                    reason,
                ),
                hole: None,
                tournament: None,
            },
            (None, Some("round")) => PenaltyEntry {
                match_id: Some(at_table(table_of())?),
                player: player.clone(),
                kind: crate::game::PenaltyRequest::Disqualify(reason),
                hole: None,
                tournament: None,
            },
            (None, Some("tournament")) => PenaltyEntry {
                match_id: None,
                player: player.clone(),
                kind: crate::game::PenaltyRequest::Disqualify(reason),
                hole: None,
                tournament: Some(Some(name.to_string())),
            },
            _ => {
                return input(
                    "give either \"points\" or \"disqualify\": \"round\" or \"tournament\", with a \"reason\"",
                )
            }
        };
        let _ = table::penalty(store, &entry)?;
        table::tournament::load(store, Some(name))
    })
    .await
}
