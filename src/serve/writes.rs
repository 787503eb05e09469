//! The writes of one match's routes (CLI.md "The table's screen", "Exactly once"): each
//! read — its credential, body and idempotency key — then made through [`crate::table`] by
//! [`Server::change`] on a blocking thread, and answered with the card, the draft, the
//! kept answer of a repeat, or the refusal in the table's words.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;

use super::answer::Desk;
use super::answer::{answered, bearer, body_of, error, foreign, json_text, no_key, Head};
use super::requests::{self, AmendRequest, DraftRequest, HoleRequest, Meant, PenaltyRequest};
use super::{Served, Server};
use crate::table::{self, Amendment, DraftEntry, Ended, Grids, NewHole, OnCard, PenaltyEntry};

/// The refusal of a write from a foreign page (403: an `Origin` that is not exactly this
/// server's own `http://HOST`, a malformed or non-ASCII one included) or without the key
/// (401); `None` when the write may go ahead.
pub(super) fn refused(server: &Server, desk: &Served, headers: &HeaderMap) -> Option<Response> {
    if let Some(refusal) = foreign(server, headers) {
        return Some(refusal);
    }
    match bearer(headers) {
        Some(key) if desk.key_is(key) || server.key_is(key) => None,
        Some(_) if server.event.is_some() => Some(other_table()),
        _ => Some(no_key()),
    }
}

/// 401: a write with a key that is not this table's (another table's, or an old one).
pub(super) fn other_table() -> Response {
    let mut refused = error(
        StatusCode::UNAUTHORIZED,
        "this key does not write at this table: each table's scorekeeper link writes only its own table (the director's writes any)",
    );
    refused
        .headers_mut()
        .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    refused
}

/// The seat of a key that passed [`refused`]: this table's scorekeeper, or the director
/// (at a tournament), for the scope of its idempotency keys.
pub(super) fn keepers_seat(server: &Server, desk: &Served, headers: &HeaderMap) -> String {
    match (bearer(headers), desk.number) {
        (Some(key), Some(n)) if desk.key_is(key) => format!("table {n}"),
        (Some(key), _) if server.event.is_some() && server.key_is(key) => "director".into(),
        _ => "keeper".into(),
    }
}

/// Who a write that a player's phone may make comes from.
pub(super) enum Writer {
    /// A key: this table's scorekeeper, or the director ([`keepers_seat`]).
    Key(String),
    /// A player's own token: that player.
    Player(String),
}

impl Writer {
    /// The seat its idempotency keys are kept under (`table 2`, `director`, `player ann`).
    pub(super) fn seat(&self) -> String {
        match self {
            Writer::Key(seat) => seat.clone(),
            Writer::Player(name) => format!("player {name}"),
        }
    }
}

/// Who wrote with `given` for `player` (a unique prefix will do): a key of this table or
/// the director's, or `player`'s own token; `None` for a token that is not `player`'s.
pub(super) fn writer(
    server: &Server,
    desk: &Served,
    headers: &HeaderMap,
    given: &str,
    player: &str,
) -> Option<Writer> {
    if desk.key_is(given) || server.key_is(given) {
        return Some(Writer::Key(keepers_seat(server, desk, headers)));
    }
    let players = desk.current.players();
    let seat = crate::player::find(&players, player).ok()?;
    (desk.token_seat(&players, given) == Some(seat)).then(|| Writer::Player(players[seat].clone()))
}

/// Makes a change on a blocking thread through [`Server::change`] and answers with the
/// card after it (200), or with the shared draft when `draft`; a repeat of a keyed write
/// with the answer kept for it; or the refusal: 409 when the match moved on under the
/// page, 422 for a key used for another request, 503 when the database is busy (nothing
/// recorded: try again) or no longer the one served, 400 for bad input (the message `golf
/// hole` gives), 500 for a failure of the system. A write once begun is answered, never
/// abandoned.
pub(super) async fn write_then(
    server: Arc<Server>,
    desk: Arc<Served>,
    draft: bool,
    keyed: Option<table::once::Keyed>,
    change: impl FnOnce(&mut crate::store::Store, i64) -> crate::error::Result<crate::game::Match>
        + Send
        + 'static,
) -> Response {
    let done = tokio::task::spawn_blocking(move || {
        let done = server.change(&desk, keyed.as_ref(), draft, change);
        // a refused card is named by its slot in the match's layout
        let layout = desk.current.picker().map(|p| (p.rows, p.columns));
        answered(
            &server,
            keyed.as_ref(),
            done,
            layout,
            |shown: &Arc<super::Shown>| match draft {
                true => shown.draft.clone(),
                false => shown.json.clone(),
            },
        )
    })
    .await;
    done.unwrap_or_else(|_| {
        error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the write stopped unexpectedly; look at the card before trying again",
        )
    })
}

/// A keeper's write read: the refusal (403, 401, 408, 413, 400 for a bad key), or its
/// body and idempotency key.
pub(super) async fn keepers_write(
    server: &Server,
    desk: &Served,
    request: Request,
) -> Result<(axum::body::Bytes, Option<table::once::Keyed>), Response> {
    if let Some(refusal) = refused(server, desk, request.headers()) {
        return Err(refusal);
    }
    let head = Head::of(&request);
    let body = body_of(request).await?;
    let keyed = head.keyed(&keepers_seat(server, desk, &head.headers), &body)?;
    Ok((body, keyed))
}

pub(super) async fn hole(
    State(server): State<Arc<Server>>,
    Desk(desk): Desk,
    request: Request,
) -> Response {
    let (body, keyed) = match keepers_write(&server, &desk, request).await {
        Ok(sent) => sent,
        Err(refusal) => return refusal,
    };
    let request: HoleRequest = match requests::hole(&body) {
        Ok(r) => r,
        Err(text) => return error(StatusCode::BAD_REQUEST, text),
    };
    if request.from_draft && request.draft.is_none() {
        return error(
            StatusCode::BAD_REQUEST,
            "from_draft records the grids as they were shown: name the draft's revision as \"draft\": N (from the draft shown)",
        );
    }
    write_then(server, desk, false, keyed, move |store, id| {
        if request.from_draft {
            table::held_to(store, request.match_id, id)?;
            if !request.grids.0.is_empty() {
                return crate::error::input(
                    "give either the grids or from_draft, not both: from_draft records the shared draft as it stands",
                );
            }
            return Ok(table::record_draft(store, id, request.hole, request.draft)?.m);
        }
        let new = NewHole {
            match_id: Some(id),
            typed_for: request.match_id,
            hole: request.hole,
            playoff: request.playoff,
            grids: Grids::Named(request.grids.pairs()?),
            ended: Ended::Named {
                out: request.out.clone(),
                knock: request.knock.clone(),
            },
            note: None,
        };
        Ok(table::record_hole(store, &new)?.m)
    })
    .await
}

/// `GET /api/draft`: the shared draft of the next hole; 503 with the problem once the
/// database is gone or replaced.
pub(super) async fn draft(Desk(desk): Desk) -> Response {
    let shown = desk.card.borrow().clone();
    match &shown.problem {
        Some(problem) => error(StatusCode::SERVICE_UNAVAILABLE, problem.clone()),
        None => json_text(shown.draft.clone()),
    }
}

/// `POST /api/draft`: one player's grid into the shared draft of the next hole, with the
/// key or that player's own token (401 for another's).
pub(super) async fn draft_put(
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
    let sent: DraftRequest = match requests::body(
        &body,
        "{\"match\": ID, \"hole\": N, \"player\": NAME, \"grid\": GRID|null, \"out\": BOOL, \"knock\": BOOL}",
    ) {
        Ok(r) => r,
        Err(text) => return error(StatusCode::BAD_REQUEST, text),
    };
    let Some(given) = given else {
        return no_key();
    };
    // a player's token writes only that player's grid
    let Some(who) = writer(&server, &desk, &head.headers, &given, &sent.player) else {
        return error(
            StatusCode::UNAUTHORIZED,
            "this phone's link writes only its own player's grid; open your own link (the scorekeeper hands them out)",
        );
    };
    let who = who.seat();
    let keyed = match head.keyed(&who, &body) {
        Ok(keyed) => keyed,
        Err(refusal) => return refusal,
    };
    write_then(server, desk, true, keyed, move |store, id| {
        table::held_to(store, sent.match_id, id)?;
        let entry = DraftEntry {
            match_id: id,
            hole: sent.hole,
            player: sent.player.clone(),
            grid: sent.grid.clone(),
            out: sent.out,
            knock: sent.knock,
        };
        table::put_in_draft(store, &entry)
    })
    .await
}

/// The body of a write that needs the scorekeeper's key, read as `T`, with its
/// idempotency key: the refusal (403, 401, 408, 413, or 400 saying what was `expected`)
/// otherwise.
pub(super) async fn keepers_body<T: serde::de::DeserializeOwned>(
    server: &Server,
    desk: &Served,
    request: Request,
    expected: &str,
) -> Result<(T, Option<table::once::Keyed>), Response> {
    let (body, keyed) = keepers_write(server, desk, request).await?;
    let sent =
        requests::body(&body, expected).map_err(|text| error(StatusCode::BAD_REQUEST, text))?;
    Ok((sent, keyed))
}

/// `POST /api/amend`: `golf amend` from the page (a finished match reopened as it does).
pub(super) async fn amend(
    State(server): State<Arc<Server>>,
    Desk(desk): Desk,
    request: Request,
) -> Response {
    let (sent, keyed): (AmendRequest, _) = match keepers_body(
        &server,
        &desk,
        request,
        "{\"match\": ID, \"hole\": N, \"grids\": {PLAYER: GRID}, \"out\": PLAYER|null, \"knock\": PLAYER}",
    )
    .await
    {
        Ok(sent) => sent,
        Err(refusal) => return refusal,
    };
    write_then(server, desk, false, keyed, move |store, id| {
        table::held_to(store, sent.match_id, id)?;
        let change = Amendment {
            match_id: Some(id),
            hole: sent.hole,
            grids: sent.grids.pairs()?,
            out: sent.out.clone(),
            knock: sent.knock.clone(),
        };
        Ok(table::amend(store, &change)?.m)
    })
    .await
}

/// `POST /api/penalty`: `golf penalty PLAYER --points N --reason TEXT` from the page.
pub(super) async fn penalty(
    State(server): State<Arc<Server>>,
    Desk(desk): Desk,
    request: Request,
) -> Response {
    let (sent, keyed): (PenaltyRequest, _) = match keepers_body(
        &server,
        &desk,
        request,
        "{\"match\": ID, \"player\": NAME, \"points\": N, \"reason\": TEXT}",
    )
    .await
    {
        Ok(sent) => sent,
        Err(refusal) => return refusal,
    };
    write_then(server, desk, false, keyed, move |store, id| {
        table::held_to(store, sent.match_id, id)?;
        let points = i32::try_from(sent.points)
            .map_err(|_| crate::game::GameError::PenaltyPoints(sent.points))?;
        let entry = PenaltyEntry {
            match_id: Some(id),
            player: sent.player.clone(),
            kind: crate::game::PenaltyRequest::Points(points, sent.reason.clone()),
            hole: None,
            tournament: None,
        };
        match table::penalty(store, &entry)? {
            Ok(given) => Ok(given.m),
            Err(_) => crate::error::input("a disqualification between rounds is the director's"),
        }
    })
    .await
}

/// The refusal, or the body's [`Meant`] and the idempotency key, of a write on the match
/// as a whole.
pub(super) async fn meant_of(
    server: &Server,
    desk: &Served,
    request: Request,
) -> Result<(Meant, Option<table::once::Keyed>), Response> {
    let (body, keyed) = keepers_write(server, desk, request).await?;
    let meant = requests::meant(&body).map_err(|text| error(StatusCode::BAD_REQUEST, text))?;
    Ok((meant, keyed))
}

pub(super) async fn undo(
    State(server): State<Arc<Server>>,
    Desk(desk): Desk,
    request: Request,
) -> Response {
    let (meant, keyed) = match meant_of(&server, &desk, request).await {
        Ok(m) => m,
        Err(refusal) => return refusal,
    };
    write_then(server, desk, false, keyed, move |store, id| {
        table::held_to(store, meant.id, id)?;
        let on_card = OnCard {
            holes: meant.holes,
            penalties: meant.penalties,
            entry: meant.entry,
        };
        Ok(table::undo(store, Some(id), on_card)?.m)
    })
    .await
}

/// `POST /api/finish`: `golf finish` from the page; at a tournament's table the
/// scorekeeper's finish waits for every player's accept (409), the director's does not.
pub(super) async fn finish(
    State(server): State<Arc<Server>>,
    Desk(desk): Desk,
    request: Request,
) -> Response {
    let director =
        server.event.is_none() || keepers_seat(&server, &desk, request.headers()) == "director";
    let (meant, keyed) = match meant_of(&server, &desk, request).await {
        Ok(m) => m,
        Err(refusal) => return refusal,
    };
    write_then(server, desk, false, keyed, move |store, id| {
        table::held_to(store, meant.id, id)?;
        Ok(table::finish_as(store, Some(id), director)?.0)
    })
    .await
}
