//! The round's clock under `golf serve --tournament --clock MINUTES` (CLI.md "Event night,
//! run as a club runs it"): each round gets its minutes when the server first serves it in
//! play — seated from the director's page (in the same write), at the terminal (noticed by
//! the watcher), or in play when the server starts — kept in the database by
//! [`crate::table::tournament::wind_clock`], so a restart keeps the time left. When the
//! time is up the board is built again (the tables still playing marked "over time"), and
//! every board sent to a page carries the server's `now`, so the page counts down to the
//! end instant the server gives without drifting from the server's clock.

use crate::error::Result;
use crate::game::tournament::Tournament;
use crate::store::Store;

use super::Server;

/// `t` with the clock of its round in play started, when the server has `--clock` and
/// the round has none; the database's file state noted after the write.
pub(super) fn wound(server: &Server, store: &mut Store, t: Tournament) -> Result<Tournament> {
    let Some(minutes) = server.clock else {
        return Ok(t);
    };
    if t.clock().is_some() || !t.round_in_play() {
        return Ok(t);
    }
    let (t, started) = crate::table::tournament::wind_clock(store, Some(&t.name), minutes)?;
    if started {
        server.wrote(store);
    }
    Ok(t)
}

/// Whether the clock of the board shown has run out since the board was built: it is
/// then built again (the watcher's next look), to say so and mark the tables over time.
pub(super) fn ran_out(server: &Server) -> bool {
    let Some(event) = &server.event else {
        return false;
    };
    let board = event.board.borrow().clone();
    let Some(clock) = board.view.as_ref().and_then(|v| v.standing.clock.as_ref()) else {
        return false;
    };
    !clock.over && crate::text::time(&clock.ends_at).is_some_and(|end| chrono::Utc::now() >= end)
}

/// The board's JSON `json` (an object) with the server's time now as `"now"` (RFC 3339,
/// UTC, milliseconds), added as it is sent: the page's clock counts to `clock.ends_at`
/// offset by it.
pub(super) fn with_now(json: &str) -> String {
    let now = crate::store::timestamp();
    match json.strip_prefix('{') {
        Some(rest) if rest.trim_start().starts_with('}') => format!("{{\"now\":\"{now}\"}}"),
        Some(rest) => format!("{{\"now\":\"{now}\",{rest}"),
        None => json.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_sent_says_the_servers_time() {
        let sent: serde_json::Value = serde_json::from_str(&with_now(r#"{"round": 2}"#)).unwrap();
        assert_eq!(sent["round"], 2);
        assert!(crate::text::time(sent["now"].as_str().unwrap()).is_some());
        let empty: serde_json::Value = serde_json::from_str(&with_now("{}")).unwrap();
        assert!(empty["now"].is_string());
    }
}
