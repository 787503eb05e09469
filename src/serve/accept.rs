//! Accepting the card at a tournament's table (CLI.md "Event night, run as a club runs
//! it"; RULES.md §13, "Accepting the card"): `POST /table/N/api/accept` with a player's own
//! token (for that player only) or the table's key (for a player without a phone), and `GET
//! /table/N/api/accepts`, what the table page's Accept button (`accept.js`) shows.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::answer::Desk;
use super::answer::{bearer, body_of, error, foreign, json_text, no_key, Head};
use super::writes::{write_then, writer, Writer};
use super::Server;
use crate::table::{self, accept::AcceptEntry};

/// `POST /table/N/api/accept`'s body: the match and the last hole the card showed, and
/// the player accepting.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AcceptRequest {
    /// The match the card showed.
    #[serde(rename = "match")]
    match_id: Option<i64>,
    /// The last hole the card showed (409 when it holds another now).
    hole: u32,
    /// The player accepting (a unique prefix will do).
    player: String,
}

/// `POST /table/N/api/accept`: the player's accept of the card, recorded once (an
/// idempotency key is kept per credential); 200 and the card; 401 for another player's
/// token, 409 when the card changed since it was shown, 400 for a table that is not a
/// tournament's or a finished match. The last accept finishes the match.
pub async fn accept(
    State(server): State<Arc<Server>>,
    Desk(desk): Desk,
    request: Request,
) -> Response {
    if let Some(refusal) = foreign(&server, request.headers()) {
        return refusal;
    }
    let head = Head::of(&request);
    let given = bearer(&head.headers).map(str::to_string);
    let body = match body_of(request).await {
        Ok(body) => body,
        Err(refusal) => return refusal,
    };
    let sent: AcceptRequest = match super::requests::body(
        &body,
        "{\"match\": ID, \"hole\": N, \"player\": NAME} (N the last hole the card showed)",
    ) {
        Ok(r) => r,
        Err(text) => return error(StatusCode::BAD_REQUEST, text),
    };
    let Some(given) = given else {
        return no_key();
    };
    let Some(writer) = writer(&server, &desk, &head.headers, &given, &sent.player) else {
        return error(
            StatusCode::UNAUTHORIZED,
            "this phone's link accepts only its own player's card; open your own link (the scorekeeper hands them out)",
        );
    };
    let by = match &writer {
        Writer::Key(seat) if seat == "director" => "director",
        Writer::Key(_) => "table",
        Writer::Player(_) => "player",
    };
    let who = writer.seat();
    let keyed = match head.keyed(&who, &body) {
        Ok(keyed) => keyed,
        Err(refusal) => return refusal,
    };
    write_then(server, desk, false, keyed, move |store, id| {
        table::held_to(store, sent.match_id, id)?;
        let entry = AcceptEntry {
            match_id: Some(id),
            players: vec![sent.player.clone()],
            hole: Some(sent.hole),
            by: by.to_string(),
        };
        Ok(table::accept::accept(store, &entry)?.m)
    })
    .await
}

/// `GET /table/N/api/accepts`: `{"match": ID, "tournament": BOOL, "hole": N (the last
/// regular hole), "complete": BOOL (every planned hole in), "finished": BOOL, "players":
/// [{"name", "accepted": BOOL}]}`.
pub async fn accepts(State(server): State<Arc<Server>>, Desk(desk): Desk) -> Response {
    let id = desk.current.id();
    let read = tokio::task::spawn_blocking(move || {
        server.look(|store| {
            let m = table::serving(store, Some(id))?;
            let at_table = table::table_number(store, m.id)?.is_some();
            let players: Vec<serde_json::Value> = (0..m.players.len())
                .map(|s| serde_json::json!({"name": m.players[s], "accepted": m.accepted(s)}))
                .collect();
            Ok(serde_json::json!({
                "match": m.id,
                "tournament": at_table,
                "hole": m.last_regular_hole(),
                "complete": m.card_complete(),
                "finished": m.finished_at.is_some(),
                "players": players,
            }))
        })
    })
    .await;
    match read {
        Ok(Ok((json, _))) => json_text(json.to_string()),
        _ => error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the card's accepts cannot be read just now; try again",
        )
        .into_response(),
    }
}
