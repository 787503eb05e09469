//! Exactly once (CLI.md "Exactly once, and exactly what was seen"): a write that carries an
//! idempotency key (draft-ietf-httpapi-idempotency-key-header) is made together with the
//! answer given for it, in one transaction, so a repeat of the same request — a phone
//! resending what the Wi-Fi lost the answer to — gets that answer again and writes nothing.
//! The same key with another request is refused ([`KeyReused`]); a refusal is kept too, so
//! a retry is refused the same way. Two repeats at once are made one after the other by
//! the database's write lock: the second finds the first's answer.

use crate::error::Result;
use crate::store::once::Kept;
use crate::store::{self, Store};

/// The most characters of an idempotency key: 1 to 255 visible ASCII characters.
pub const MAX_KEY: usize = 255;

/// A write's idempotency key as given, with who gave it and what was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keyed {
    /// The credential's seat that sent it (`keeper`, `table 2`, `director`, `player ann`):
    /// keys are kept per seat, so one phone's keys never meet another's.
    pub who: String,
    /// The key, 1 to [`MAX_KEY`] visible ASCII characters.
    pub key: String,
    /// A hash of the request: its route, `who` and its body.
    pub request: String,
}

/// An idempotency key that is not 1 to 255 visible ASCII characters (HTTP 400).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the Idempotency-Key is not 1 to 255 visible ASCII characters; nothing was recorded")]
pub struct BadKey;

impl crate::error::BadInput for BadKey {}

/// The same idempotency key sent again with another request (HTTP 422): a key names one
/// write; nothing was recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("this Idempotency-Key was used for another request; each write needs a key of its own; nothing was recorded")]
pub struct KeyReused;

impl crate::error::BadInput for KeyReused {}

impl Keyed {
    /// The key `key` given by `who` for a request to `route` with body `body`: the
    /// request hashed (a name-based UUID, SHA-1, of route, who and body). Errors:
    /// [`BadKey`].
    pub fn new(who: &str, key: &str, route: &str, body: &[u8]) -> Result<Keyed> {
        if key.is_empty() || key.len() > MAX_KEY || !key.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(BadKey.into());
        }
        let mut asked = Vec::with_capacity(route.len() + who.len() + body.len() + 2);
        asked.extend_from_slice(route.as_bytes());
        asked.push(0);
        asked.extend_from_slice(who.as_bytes());
        asked.push(0);
        asked.extend_from_slice(body);
        let request = uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, &asked)
            .simple()
            .to_string();
        Ok(Keyed {
            who: who.to_string(),
            key: key.to_string(),
            request,
        })
    }
}

/// What [`once`] did: made the change, or found the answer kept for its key.
#[derive(Debug)]
pub enum Once<T> {
    /// The change was made; `T` is what the caller built from it, `String` the answer's
    /// body kept with it (status 200).
    Made(T, String),
    /// The same request was answered before: its status and body, nothing written now.
    Replayed(Kept),
}

/// The answer kept for `keyed`, if any: `Ok(Some)` for the same request, [`KeyReused`]
/// for another.
fn kept(conn: &rusqlite::Connection, keyed: &Keyed) -> Result<Option<Kept>> {
    match store::once::load(conn, &keyed.who, &keyed.key)? {
        Some(kept) if kept.request == keyed.request => Ok(Some(kept)),
        Some(_) => Err(KeyReused.into()),
        None => Ok(None),
    }
}

/// Makes `change` and builds its answer with `answer` in one transaction, keeping the
/// answer under `keyed` (when given) in that same transaction: all of it is written or
/// none. With a key already answered for the same request, nothing is made and the kept
/// answer is returned ([`Once::Replayed`]); for another request, [`KeyReused`]. A refused
/// change writes nothing: its caller keeps the refusal with [`keep_refusal`].
pub fn once<T, U>(
    store: &mut Store,
    keyed: Option<&Keyed>,
    change: impl FnOnce(&mut Store) -> Result<T>,
    answer: impl FnOnce(&mut Store, T) -> Result<(U, String)>,
) -> Result<Once<U>> {
    let now = store::timestamp();
    store.atomically(|store| {
        if let Some(keyed) = keyed {
            if let Some(kept) = store.read(|tx| kept(tx, keyed))? {
                return Ok(Once::Replayed(kept));
            }
        }
        let made = change(store)?;
        let (value, body) = answer(store, made)?;
        if let Some(keyed) = keyed {
            let kept = Kept {
                request: keyed.request.clone(),
                status: 200,
                body: body.clone(),
            };
            store.write(|tx| Ok(store::once::keep(tx, &keyed.who, &keyed.key, &kept, &now)?))?;
        }
        Ok(Once::Made(value, body))
    })
}

/// Keeps a refusal (`status`, `body`) as the answer to `keyed`, so that a retry is refused
/// the same way; returns the answer kept for the key when it has one already (a repeat
/// that was answered meanwhile), else `None`.
pub fn keep_refusal(
    store: &mut Store,
    keyed: &Keyed,
    status: u16,
    body: &str,
) -> Result<Option<Kept>> {
    let now = store::timestamp();
    store.write(|tx| {
        if let Some(kept) = kept(tx, keyed)? {
            return Ok(Some(kept));
        }
        let kept = Kept {
            request: keyed.request.clone(),
            status,
            body: body.to_string(),
        };
        store::once::keep(tx, &keyed.who, &keyed.key, &kept, &now)?;
        Ok(None)
    })
}
