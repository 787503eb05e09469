//! What commands read from their arguments: a season of finished matches, a day, and
//! `PLAYER=GRID` pairs.

use crate::error::{input, Result};
use crate::game::{GameError, Match};
use crate::store;

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

/// Splits `PLAYER=GRID` arguments into `(player, grid)` pairs. One not of that form is
/// refused, its example the first player of the match `example` loads (read only then,
/// so a write loads its match once).
pub fn pairs(
    args: &[String],
    example: impl FnOnce() -> Result<Match>,
) -> Result<Vec<(String, String)>> {
    let mut pairs = Vec::with_capacity(args.len());
    for arg in args {
        match arg.split_once('=') {
            Some((name, grid)) => pairs.push((name.to_string(), grid.to_string())),
            None => {
                let m = example()?;
                return Err(GameError::NotPlayerGrid {
                    arg: arg.clone(),
                    example: m.players.first().cloned().unwrap_or_else(|| "ann".into()),
                }
                .into());
            }
        }
    }
    Ok(pairs)
}
