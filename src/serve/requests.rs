//! The bodies the page posts (CLI.md "The table's screen"), read strictly: an unknown
//! field, a field given twice or a player given twice is refused, as `golf hole` refuses a
//! player given twice, never silently taken as the last one said.

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;

use crate::error::{input, Result};

/// The body of `POST /api/hole`: `{"grids": {PLAYER: GRID}, "out": PLAYER|null, "knock":
/// PLAYER|null, "match": ID, "hole": N, "playoff": BOOL}`. A grid is the text `golf hole`
/// takes after `PLAYER=` (a bare integer, as a JSON number or text, is a score the referee
/// could not check); a player is named as there (a unique prefix will do). `match` and
/// `hole` bind the write to the match and hole the page showed; `playoff` (optional)
/// records a sudden-death playoff hole, by default when the card says the next hole is one.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HoleRequest {
    /// Each player's grid, by name, in the order sent (a name given twice kept twice, for
    /// the referee to refuse).
    #[serde(default)]
    pub grids: Grids,
    /// Record the shared draft of the next hole as it stands, instead of `grids`.
    #[serde(default)]
    pub from_draft: bool,
    /// Who went out, if anyone.
    #[serde(default)]
    pub out: Option<String>,
    /// Who knocked, if anyone (where the rules have knocking).
    #[serde(default)]
    pub knock: Option<String>,
    /// Whether the hole is a sudden-death playoff hole.
    #[serde(default)]
    pub playoff: Option<bool>,
    /// The match the hole is for (the page sends the one it shows).
    #[serde(default, rename = "match")]
    pub match_id: Option<i64>,
    /// The number of the hole being recorded (the page sends the next hole of the card it
    /// shows, as `golf hole --hole N`).
    #[serde(default)]
    pub hole: Option<u32>,
    /// With `from_draft`: the draft's revision as the page showed it (CLI.md "Bound to
    /// what was seen"); required with `from_draft`.
    #[serde(default)]
    pub draft: Option<i64>,
}

/// `{PLAYER: GRID}` as sent: every pair, in order, duplicates kept.
#[derive(Debug, Default)]
pub struct Grids(pub Vec<(String, serde_json::Value)>);

impl<'de> Deserialize<'de> for Grids {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Grids, D::Error> {
        struct Pairs;
        impl<'de> Visitor<'de> for Pairs {
            type Value = Grids;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of grids by player, e.g. {\"ann\": \"5 K Q / 5 2 J\"}")
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<Grids, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry::<String, serde_json::Value>()? {
                    pairs.push(pair);
                }
                Ok(Grids(pairs))
            }
        }
        d.deserialize_map(Pairs)
    }
}

impl Grids {
    /// The `(player, grid)` pairs as `golf hole` reads `PLAYER=GRID` arguments; a grid
    /// that is neither text nor a whole number is refused naming the player.
    pub fn pairs(&self) -> Result<Vec<(String, String)>> {
        self.0
            .iter()
            .map(|(name, grid)| match grid {
                serde_json::Value::String(text) => Ok((name.clone(), text.clone())),
                serde_json::Value::Number(n) if n.is_i64() => Ok((name.clone(), n.to_string())),
                _ => input(format!(
                    "the grid of {} is not text; expected e.g. \"5 K Q / 5 2 J\"",
                    crate::text::escape(name)
                )),
            })
            .collect()
    }
}

/// The optional body of `POST /api/undo` and `/api/finish`: `{"match": ID}`, the match the
/// page shows; for an undo also `"holes"` and `"penalties"`, how many the card it shows
/// holds (refused when another writer has recorded or withdrawn one since: the undo would
/// take theirs).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meant {
    /// The match the page shows.
    #[serde(rename = "match")]
    pub id: Option<i64>,
    /// Holes on the card shown.
    pub holes: Option<usize>,
    /// Penalties on the card shown.
    pub penalties: Option<usize>,
    /// For an undo: the id of the entry the card showed last (its `last_entry`).
    pub entry: Option<u64>,
}

/// Reads [`Meant`] from `body` (empty: nothing named); the error says what was wrong.
pub fn meant(body: &[u8]) -> std::result::Result<Meant, String> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Meant::default());
    }
    serde_json::from_slice::<Meant>(body).map_err(|e| {
        format!(
            "the body is not understood: {e}; expected nothing, or {{\"match\": ID}} (an undo adds \"entry\": ID, the card's last_entry)"
        )
    })
}

/// The body of `POST /api/draft` (CLI.md "The shared draft of the next hole"): one
/// player's grid of the next hole, or `null` to take it back, and whether they ended it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DraftRequest {
    /// The match the phone shows.
    #[serde(rename = "match")]
    pub match_id: Option<i64>,
    /// The hole the phone shows next.
    pub hole: Option<u32>,
    /// The player, by name.
    pub player: String,
    /// Their grid as typed, or null.
    #[serde(default)]
    pub grid: Option<String>,
    /// They went out.
    #[serde(default)]
    pub out: bool,
    /// They knocked.
    #[serde(default)]
    pub knock: bool,
}

/// The body of `POST /api/amend`: `golf amend` from the page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmendRequest {
    /// The match the page shows.
    #[serde(rename = "match")]
    pub match_id: Option<i64>,
    /// The hole to correct.
    pub hole: u32,
    /// The grids that change, by player.
    #[serde(default)]
    pub grids: Grids,
    /// Who went out: absent unchanged, null nobody, or a player.
    #[serde(default, deserialize_with = "present")]
    pub out: Option<Option<String>>,
    /// Who knocked, when the correction says a player knocked.
    #[serde(default)]
    pub knock: Option<String>,
}

/// A field that may be absent (`None`), null (`Some(None)`) or given.
fn present<'de, D: Deserializer<'de>>(
    d: D,
) -> std::result::Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// The body of `POST /api/penalty`: `golf penalty PLAYER --points N --reason TEXT` from the
/// page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PenaltyRequest {
    /// The match the page shows.
    #[serde(rename = "match")]
    pub match_id: Option<i64>,
    /// The player.
    pub player: String,
    /// The points (bounded as `golf penalty --points` is).
    pub points: i64,
    /// Why.
    pub reason: String,
}

/// The body of `POST /api/round` (the director's): `{"round": N}`, the round to seat (the
/// one after the board shown), so a second tap seats nothing more.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRequest {
    /// The round to seat (1 for the first).
    pub round: Option<usize>,
}

/// The body of the director's `POST /api/penalty` at a tournament: `{"player": NAME,
/// "points": N, "reason": TEXT}` for penalty points at the player's table of the round in
/// play, or `{"player", "disqualify": "round"|"tournament", "reason"}` (RULES.md §13).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectorPenalty {
    /// The player (a unique prefix will do).
    pub player: String,
    /// Penalty points (bounded as `golf penalty --points` is).
    #[serde(default)]
    pub points: Option<i64>,
    /// `"round"`: disqualified from this round's match; `"tournament"`: from the whole
    /// tournament (seated no more).
    #[serde(default)]
    pub disqualify: Option<String>,
    /// Why.
    pub reason: String,
}

/// The body of the director's `POST /api/undo` at a tournament: the last penalty or
/// disqualification as the director's page showed it — a table's card's last entry,
/// `{"match": ID, "entry": ID}`, or a disqualification from the tournament given between
/// rounds, `{"player": NAME, "disqualified_at": TIME}`.
#[derive(Debug, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum DirectorUndo {
    /// The entry `entry` (a penalty) of match `match`, which must still be its last.
    Entry {
        /// The table's match.
        #[serde(rename = "match")]
        match_id: i64,
        /// The entry's id, as the card's `last_entry` gives it.
        entry: u64,
    },
    /// The disqualification of `player` from the tournament recorded at `disqualified_at`.
    Disqualification {
        /// The player.
        player: String,
        /// When it was recorded (RFC 3339), as shown.
        disqualified_at: String,
    },
}

/// Reads a body of type `T`; the error says what was wrong and what `expected`.
pub fn body<T: serde::de::DeserializeOwned>(
    body: &[u8],
    expected: &str,
) -> std::result::Result<T, String> {
    serde_json::from_slice(body)
        .map_err(|e| format!("the body is not understood: {e}; expected {expected}"))
}

/// Reads a hole from `body`; the error says what was wrong and what was expected.
pub fn hole(body: &[u8]) -> std::result::Result<HoleRequest, String> {
    serde_json::from_slice(body).map_err(|e| {
        format!(
            "the body is not a hole: {e}; expected {{\"grids\": {{PLAYER: GRID}}, \"out\": PLAYER|null, \"knock\": PLAYER|null, \"match\": ID, \"hole\": N}}"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_or_a_field_given_twice_is_kept_for_the_referee_or_refused() {
        let twice = hole(br#"{"grids": {"ann": "12", "ann": "13"}}"#).unwrap();
        assert_eq!(
            twice.grids.0.len(),
            2,
            "both kept, for the referee to refuse"
        );
        let err = hole(br#"{"grids": {}, "out": "ann", "out": "bob"}"#).unwrap_err();
        assert!(err.contains("duplicate field `out`"), "{err}");
        let err = hole(br#"{"grids": {}, "hole": 2, "Hole": 3}"#).unwrap_err();
        assert!(err.contains("unknown field"), "{err}");
        assert!(meant(br#"{"match": 1, "match": 2}"#).is_err());
        assert!(meant(b"  ").is_ok());
    }
}
