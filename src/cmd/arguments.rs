//! What commands read from their arguments: the match meant (named or the newest), a
//! season of finished matches, `PLAYER=GRID` pairs and who ended the hole.

use rusqlite::Connection;

use crate::error::{input, Result};
use crate::game::{Ending, GameError, Match};
use crate::store;

/// Loads the match `id`, or the newest (unfinished, if `unfinished`) match. Without an id,
/// refuses to guess among several tournament tables in play: at a shared tournament
/// database the newest is another table's.
pub fn pick_match(conn: &Connection, id: Option<i64>, unfinished: bool) -> Result<Match> {
    let id = match id {
        Some(id) => id,
        None => match store::latest_match(conn, unfinished)? {
            Some(id) if unfinished && store::tournaments::tournament_of(conn, id)?.is_some() => {
                let open = store::tournaments::tables_in_play(conn)?;
                if open.len() > 1 {
                    let ids: Vec<String> = open.iter().map(i64::to_string).collect();
                    return input(format!(
                        "several tournament tables are in play (matches {}); name yours with --match ID",
                        ids.join(", ")
                    ));
                }
                id
            }
            Some(id) => id,
            None if unfinished => return input(
                "no unfinished match; start one with `golf new`, or name a match with --match ID",
            ),
            None => return input("no matches recorded yet; start one with `golf new`"),
        },
    };
    match store::load_match(conn, id)? {
        Some(m) => Ok(m),
        None => input(format!(
            "there is no match {id}; `golf history` lists the matches"
        )),
    }
}

/// The finished matches `season` selects, for `player` (exact NFC name, checked), as the
/// store's filter: days checked as `YYYY-MM-DD` (RULES.md §16).
pub fn season(
    season: crate::cli::SeasonArgs,
    player: Option<&str>,
) -> Result<store::stats::Filter> {
    Ok(store::stats::Filter {
        player: player.map(crate::player::normalise).transpose()?,
        rules: season.rules,
        holes: season.holes,
        since: day("--since", season.since)?,
        until: day("--until", season.until)?,
    })
}

/// A day as `YYYY-MM-DD`, checked; `flag` names it in the message.
pub fn day(flag: &str, text: Option<String>) -> Result<Option<String>> {
    match text {
        None => Ok(None),
        Some(t) => match crate::text::day(&t) {
            Some(d) => Ok(Some(d.format("%Y-%m-%d").to_string())),
            None => input(format!(
                "{flag} `{}` is not a day in the years 0001 to 9999; expected e.g. 2026-11-01",
                crate::text::escape(&t)
            )),
        },
    }
}

/// Splits `PLAYER=GRID` arguments into `(player, grid)` pairs; `m` gives the example in
/// the message when one is not of that form.
pub fn pairs(m: &Match, args: &[String]) -> Result<Vec<(String, String)>, GameError> {
    args.iter()
        .map(|arg| match arg.split_once('=') {
            Some((name, grid)) => Ok((name.to_string(), grid.to_string())),
            None => Err(GameError::NotPlayerGrid {
                arg: arg.clone(),
                example: m.players.first().cloned().unwrap_or_else(|| "ann".into()),
            }),
        })
        .collect()
}

/// Who ended the hole, from `--out PLAYER` or `--knock PLAYER` (clap refuses both).
pub fn ending(m: &Match, out: Option<&str>, knock: Option<&str>) -> Result<Option<Ending>> {
    let (name, knocked) = match (out, knock) {
        (Some(name), _) => (name, false),
        (None, Some(name)) => (name, true),
        (None, None) => return Ok(None),
    };
    let seat = crate::player::find(&m.players, name)?;
    Ok(Some(Ending { seat, knocked }))
}
