//! Starting: a new match (`golf new`, CLI.md "Matches") and a new tournament with its first
//! round seated (`golf tournament new`, RULES.md §13), each in one write.

use super::tournament::record_round;
use crate::error::{input, Result};
use crate::game::tournament::Tournament;
use crate::game::Match;
use crate::store::{self, tournaments, Store};

/// A match started ([`new_match`]).
#[derive(Debug, Clone)]
pub struct Started {
    /// The match as recorded, its id set.
    pub m: Match,
    /// The other matches still unfinished (neither finished nor abandoned, not deleted),
    /// newest first: commands without a match named now go to the new one instead, which
    /// the shell says.
    pub unfinished: Vec<i64>,
}

/// Records `m` (checked already: [`Match::new`]) as a new match, in one write, and returns
/// it with its id and the ids of the other unfinished matches. Errors: only the store's
/// (a damaged or unwritable database); nothing is written then.
pub fn new_match(store: &mut Store, mut m: Match) -> Result<Started> {
    let (id, unfinished) = store.write(|tx| {
        let id = store::insert_match(tx, &m)?;
        Ok((id, store::unfinished_matches(tx, id)?))
    })?;
    m.id = id;
    Ok(Started { m, unfinished })
}

/// A tournament to start ([`new_tournament`]), its first round seated already: everything
/// checked before the database is opened.
#[derive(Debug, Clone)]
pub struct NewTournament {
    /// The tournament (id 0), no round played.
    pub t: Tournament,
    /// Its first round, one match per table (ids 0).
    pub first: Vec<Match>,
    /// When it starts: the tournament's and its first tables' time.
    pub at: String,
}

impl NewTournament {
    /// Seats the first round of `t` (checked already: [`Tournament::new`]) now (RULES.md
    /// §13). Errors (bad input): the round cannot be seated (the match engine's words).
    pub fn seat(t: Tournament) -> Result<NewTournament> {
        let at = store::timestamp();
        let first = t.next_round(&at)?;
        Ok(NewTournament { t, first, at })
    }
}

/// Records a new tournament with its first round ([`NewTournament::seat`]), one match per
/// table (RULES.md §13), in one write; returns the tournament with its id and that round.
/// Errors (bad input, nothing written): a tournament of the same name exists.
pub fn new_tournament(store: &mut Store, new: NewTournament) -> Result<Tournament> {
    let NewTournament {
        mut t,
        first: mut matches,
        at,
    } = new;
    store.write(|tx| {
        if tournaments::load(tx, Some(&t.name))?.is_some() {
            return input(format!(
                "a tournament named `{}` already exists; choose another name",
                t.name
            ));
        }
        t.id = tournaments::insert_tournament(tx, &t, &at)?;
        record_round(tx, &t, &mut matches)
    })?;
    t.played.push(matches);
    Ok(t)
}
