//! A tournament's changes, made once for both shells: `golf tournament round` and the
//! director's page of `golf serve --tournament` (RULES.md §13, CLI.md "Event night").

use rusqlite::Connection;

use super::Conflict;
use crate::error::{input, Result};
use crate::game::tournament::Tournament;
use crate::store::{self, tournaments, Store};

/// The tournament `name`, or the newest. Errors (bad input): no tournament of that name
/// (with the nearest names), or none at all.
pub fn find(conn: &Connection, name: Option<&str>) -> Result<Tournament> {
    match (tournaments::load(conn, name)?, name) {
        (Some(t), _) => Ok(t),
        (None, Some(n)) => {
            let names = tournaments::names(conn)?;
            input(format!(
                "no tournament named `{}`{}; `golf tournament list` shows them",
                crate::text::escape(n),
                crate::text::did_you_mean(n, names.iter().map(String::as_str))
            ))
        }
        (None, None) => input(
            "no tournaments yet; start one with `golf tournament new NAME --rules classic PLAYER...`",
        ),
    }
}

/// The tournament `name` (or the newest), read in one transaction.
pub fn load(store: &mut Store, name: Option<&str>) -> Result<Tournament> {
    store.read(|tx| find(tx, name))
}

/// Seats the next round of the tournament `name` (or the newest) in one write, one match
/// per table, and returns the tournament with it (RULES.md §13). With `meant`, only that
/// round is seated. Errors (bad input): a table of the round before still playing
/// ([`Conflict::RoundInPlay`]), the round meant seated already ([`Conflict::RoundSeated`])
/// or not the next ([`Conflict::RoundNotNext`]),
/// every round played, too few players left.
pub fn seat_next_round(
    store: &mut Store,
    name: Option<&str>,
    meant: Option<usize>,
) -> Result<Tournament> {
    let now = store::timestamp();
    let (mut t, matches) = store.write(|tx| {
        let t = find(tx, name)?;
        match meant {
            Some(r) if r <= t.played.len() => return Err(Conflict::RoundSeated { meant: r }.into()),
            Some(r) if r > t.played.len() + 1 => {
                return Err(Conflict::RoundNotNext {
                    meant: r,
                    next: t.played.len() + 1,
                }
                .into())
            }
            _ => {}
        }
        let playing: Vec<String> = t
            .played
            .last()
            .into_iter()
            .flatten()
            .enumerate()
            .filter(|(_, m)| m.finished_at.is_none())
            .map(|(i, m)| format!("table {} (match {})", i + 1, m.id))
            .collect();
        if !playing.is_empty() && (t.played.len() as u32) < t.rounds {
            return Err(Conflict::RoundInPlay {
                round: t.played.len(),
                tables: crate::text::and_list(&playing),
            }
            .into());
        }
        let mut matches = t.next_round(&now)?;
        record_round(tx, &t, &mut matches)?;
        Ok((t, matches))
    })?;
    t.played.push(matches);
    Ok(t)
}

/// Records `matches` as the tables of the next round of `t` (their ids set).
pub fn record_round(
    conn: &Connection,
    t: &Tournament,
    matches: &mut [crate::game::Match],
) -> Result<()> {
    for (i, m) in matches.iter_mut().enumerate() {
        m.id = store::insert_match(conn, m)?;
        tournaments::insert_table(conn, t.id, t.played.len() + 1, i + 1, m.id)?;
    }
    Ok(())
}

/// Enters `player` late in the tournament `name` (or the newest), in one write: seated
/// from the next round on, each round missed charged (RULES.md §13, "Coming late").
/// Returns the tournament with them, and their name as kept. Errors (bad input): as
/// [`Tournament::add`].
pub fn add(store: &mut Store, name: Option<&str>, player: &str) -> Result<(Tournament, String)> {
    store.write(|tx| {
        let t = find(tx, name)?;
        let (player, joined) = t.add(player)?;
        tournaments::add_player(tx, t.id, &player, joined)?;
        Ok((find(tx, Some(&t.name))?, player))
    })
}

/// Withdraws `player` from the tournament `name` (or the newest) between rounds, in one
/// write: kept for the rounds played, seated no more, placed after every player who played
/// every round (RULES.md §13, "leaving early"). Returns the tournament and the player's
/// name as seated. Errors (bad input): as [`Tournament::withdraw`].
pub fn withdraw(
    store: &mut Store,
    name: Option<&str>,
    player: &str,
) -> Result<(Tournament, String)> {
    let now = store::timestamp();
    store.write(|tx| {
        let t = find(tx, name)?;
        let (player, rounds) = t.withdraw(player)?;
        tournaments::withdraw(tx, t.id, &player, rounds, &now)?;
        Ok((find(tx, Some(&t.name))?, player))
    })
}

/// Starts the clock of the round in play of tournament `name` (or the newest) with
/// `minutes`, in one write, unless that round has one already or no table of it is still
/// playing (CLI.md "Event night, run as a club runs it": `golf serve --clock`; a clock
/// once started is kept, so a restart of the server keeps the time left, and only a round
/// not yet clocked takes a new `--clock`). Returns the tournament and whether a clock was
/// started now. Errors (bad input): `minutes` outside 1 to 1,440; no such tournament.
pub fn wind_clock(
    store: &mut Store,
    name: Option<&str>,
    minutes: u32,
) -> Result<(Tournament, bool)> {
    let minutes = check_clock(i64::from(minutes))?;
    let now = store::timestamp();
    store.write(|tx| {
        let t = find(tx, name)?;
        let round = u32::try_from(t.played.len()).unwrap_or(u32::MAX);
        if round == 0 || t.clock().is_some() || !t.round_in_play() {
            return Ok((t, false));
        }
        tournaments::start_clock(tx, t.id, round, &now, minutes)?;
        Ok((find(tx, Some(&t.name))?, true))
    })
}

/// `--clock MINUTES` checked: 1 to 1,440 ([`crate::bounds::ClockMinutes`]). Errors (bad
/// input) name the option and the range.
pub fn check_clock(minutes: i64) -> Result<u32> {
    match crate::bounds::ClockMinutes::try_from(minutes) {
        Ok(m) => Ok(m.0),
        Err(_) => input(format!(
            "--clock {minutes} is out of range; expected {} to {} minutes for each round",
            crate::bounds::ClockMinutes::MIN,
            crate::bounds::ClockMinutes::MAX
        )),
    }
}

/// Lifts the disqualification from the tournament that penalty `p` of match `m` gave (a
/// disqualification recorded at the same moment, for the same player), as the penalty is
/// withdrawn: undoing the penalty undoes the disqualification (RULES.md §13). Returns
/// whether one was lifted.
pub(super) fn lift_with(
    tx: &Connection,
    m: &crate::game::Match,
    p: &crate::game::PenaltyRecord,
) -> Result<bool> {
    let (Some(t), Some(player)) = (tournaments::tournament_of(tx, m.id)?, m.players.get(p.seat))
    else {
        return Ok(false);
    };
    if !p.disqualifies
        || tournaments::disqualified_at(tx, t, player)?.as_deref() != Some(&p.recorded_at)
    {
        return Ok(false);
    }
    tournaments::reinstate(tx, t, player)?;
    Ok(true)
}

/// Lifts the disqualification of `player` from the tournament `name` (or the newest) given
/// between rounds, with no match's penalty (a penalty's is lifted by undoing it, [`super::undo`]),
/// in one write; bound to what the director saw: the disqualification recorded at `at`.
/// Returns the tournament after it. Errors (bad input): no such player; refused as
/// [`Conflict::NotLast`] when the player is not disqualified at `at` (lifted or given
/// again since); a disqualification that came with a penalty on a table's card.
pub fn reinstate(
    store: &mut Store,
    name: Option<&str>,
    player: &str,
    at: &str,
) -> Result<Tournament> {
    store.write(|tx| {
        let t = find(tx, name)?;
        let player = t.players[crate::player::find(&t.players, player)?].clone();
        let now = tournaments::disqualified_at(tx, t.id, &player)?;
        if now.as_deref() != Some(at) {
            return Err(Conflict::DisqualificationChanged {
                player: player.clone(),
            }
            .into());
        }
        let on_card = t.played.iter().flatten().find(|m| {
            m.penalties
                .iter()
                .any(|p| p.disqualifies && p.recorded_at == at && m.players.get(p.seat) == Some(&player))
        });
        if let Some(m) = on_card {
            return input(format!(
                "{player}'s disqualification is a penalty on the card of match {}: undo that penalty instead",
                m.id
            ));
        }
        tournaments::reinstate(tx, t.id, &player)?;
        find(tx, Some(&t.name))
    })
}
