//! Keys and seats (CLI.md "Keys and seats"): every key and token `golf serve` hands out,
//! drawn from the database's one secret ([`crate::table::keys`]) by name-based UUIDs, so a
//! restart keeps every link and `--new-key` replaces them all: the table's key, each
//! tournament table's, the director's, and each player's token by name.

/// The key of a table's scorekeeper, drawn from the database's `secret` (CLI.md "Keys and
/// seats"): table `number` of a tournament (`Some`), or a match served alone (`None`).
/// 122 bits by a name-based UUID (SHA-1), so a restart keeps every link, the same table
/// keeps its key from round to round (the phone on it stays the scorekeeper's), a
/// tournament's match served alone keeps its table's key, and `--new-key` replaces them
/// all. The secret itself is never handed out.
pub(super) fn table_key(secret: &str, number: Option<usize>) -> String {
    match number {
        Some(n) => derived(secret, &format!("golf serve table {n}")),
        None => derived(secret, "golf serve table"),
    }
}

/// The director's key at a tournament, drawn from the database's `secret`: it writes any
/// table, seats rounds and disqualifies.
pub(super) fn director_key(secret: &str) -> String {
    derived(secret, "golf serve director")
}

/// The token of the player named `player` under `key` ([`Served::token_for`]): the same
/// for every match the player sits in, so the link handed out at the start of the evening
/// works all evening; a renamed or substituted player's old name's token writes nothing
/// once the name is gone from the match.
pub(super) fn token(key: &str, player: &str) -> String {
    derived(key, &format!("golf serve player {player}"))
}

/// A secret drawn from `key` (32 hex digits) for `what`: a name-based UUID (SHA-1) in the
/// key's namespace, as 32 hex digits.
pub(super) fn derived(key: &str, what: &str) -> String {
    let mut bytes = [0u8; 16];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = key
            .get(2 * i..2 * i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .unwrap_or(0);
    }
    let space = uuid::Uuid::from_bytes(bytes);
    uuid::Uuid::new_v5(&space, what.as_bytes())
        .simple()
        .to_string()
}

/// Each of `players`' links on `url`, their tokens drawn from `secret`.
pub(super) fn links(url: &str, key: &str, players: &[String]) -> Vec<(String, String)> {
    use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
    players
        .iter()
        .map(|name| {
            let link = format!(
                "{url}?player={}&token={}",
                utf8_percent_encode(name, NON_ALPHANUMERIC),
                token(key, name)
            );
            (name.clone(), link)
        })
        .collect()
}
