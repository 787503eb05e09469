//! The director's players coming and going between rounds (CLI.md "Event night, run as a
//! club runs it"; RULES.md §13, "Coming late, leaving early"): `POST /api/add` and `POST
//! /api/withdraw` with `{"player": NAME}`, as `golf tournament add` and `withdraw` do;
//! 200 and the board, 400 with the refusal (nothing written), 401 without the director's key.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::answer::error;
use super::board::{directors_write, event_write};
use super::Server;
use crate::table;

/// The body of `POST /api/add` and `/api/withdraw`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerRequest {
    /// The player (a unique prefix will do, to withdraw).
    player: String,
}

/// `POST /api/add` (the director's): a late entrant, seated from the next round on.
pub async fn add(State(server): State<Arc<Server>>, request: Request) -> Response {
    come_or_go(server, request, true).await
}

/// `POST /api/withdraw` (the director's): a player leaving between rounds.
pub async fn withdraw(State(server): State<Arc<Server>>, request: Request) -> Response {
    come_or_go(server, request, false).await
}

/// Either change, through the director's one write.
async fn come_or_go(server: Arc<Server>, request: Request, add: bool) -> Response {
    let (body, keyed) = match directors_write(&server, request).await {
        Ok(sent) => sent,
        Err(refusal) => return refusal,
    };
    let sent: PlayerRequest = match super::requests::body(&body, "{\"player\": NAME}") {
        Ok(sent) => sent,
        Err(text) => return error(StatusCode::BAD_REQUEST, text),
    };
    event_write(server, keyed, move |store, name| {
        let (t, _) = match add {
            true => table::tournament::add(store, Some(name), &sent.player)?,
            false => table::tournament::withdraw(store, Some(name), &sent.player)?,
        };
        Ok(t)
    })
    .await
}
