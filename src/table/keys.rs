//! The database's one secret for `golf serve` (CLI.md "Keys and seats"): kept in the
//! database so a restart keeps every link and QR code working, replaced by `--new-key`.
//! Every key and token the server hands out is drawn from it (`serve`'s to do); the secret
//! itself is never printed.

use crate::error::Result;
use crate::store::{self, Store};

/// The secret kept, made and kept when there is none or `new` asks for a new one, in one
/// write. 128 random bits from the operating system, as 32 hex digits. Errors: the
/// database cannot be written, or no random bits can be drawn.
pub fn secret(store: &mut Store, new: bool) -> Result<String> {
    let now = store::timestamp();
    store.write(|tx| {
        if let (false, Some(key)) = (new, store::serve_key::load(tx)?) {
            return Ok(key);
        }
        let key = random_key()?;
        store::serve_key::save(tx, &key, &now)?;
        Ok(key)
    })
}

/// 128 random bits from the operating system, as 32 hex digits.
pub fn random_key() -> Result<String> {
    use rand::RngCore as _;
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| anyhow::anyhow!("cannot draw a random key: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Keeps `secret` as the database's when it has none (a copy from before any `golf serve`
/// was put in its place), in one write; returns whether the database's secret is now
/// `secret` (`false`: another was made since, by `--new-key`).
pub fn adopt(store: &mut Store, secret: &str) -> Result<bool> {
    let now = store::timestamp();
    store.write(|tx| match store::serve_key::load(tx)? {
        Some(kept) => Ok(kept == secret),
        None => {
            store::serve_key::save(tx, secret, &now)?;
            Ok(true)
        }
    })
}
