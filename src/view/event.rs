//! What `golf tournament accept`, `add` and `withdraw` say (CLI.md "Event night, run as a
//! club runs it"; RULES.md §13).

use serde::Serialize;

use super::{Output, View};
use crate::game::tournament::Tournament;
use crate::game::Match;

/// Accepts recorded at a table: `golf tournament accept`. `--json`: `{"match": ID,
/// "hole": N, "accepted": [NAME...], "waiting": [NAME...], "finished": BOOL}`.
#[derive(Debug, Serialize)]
pub struct AcceptView {
    /// The table's match.
    #[serde(rename = "match")]
    pub id: i64,
    /// The last hole the accepts cover.
    pub hole: u32,
    /// The players whose accepts were just recorded.
    pub accepted: Vec<String>,
    /// The players still to accept, in seating order.
    pub waiting: Vec<String>,
    /// Whether the match is finished (every player accepted its last hole).
    pub finished: bool,
}

impl AcceptView {
    /// `players` accepted match `m` (as it stands after).
    pub fn new(m: &Match, players: &[String]) -> AcceptView {
        let accepted = players
            .iter()
            .filter_map(|p| crate::player::find(&m.players, p).ok())
            .map(|s| m.players[s].clone())
            .collect();
        AcceptView {
            id: m.id,
            hole: m.last_regular_hole(),
            accepted,
            waiting: m.not_accepted(),
            finished: m.finished_at.is_some(),
        }
    }
}

impl View for AcceptView {
    fn render(&self, _out: &Output) -> String {
        let who = crate::text::and_list(&self.accepted);
        let mut text = format!(
            "{who} accepted the card of match {} up to hole {}.\n",
            self.id, self.hole
        );
        if self.finished {
            text.push_str("Every player has accepted: the match is finished.\n");
        } else if !self.waiting.is_empty() {
            text.push_str(&format!(
                "Waiting for {} to accept.\n",
                crate::text::and_list(&self.waiting)
            ));
        }
        text
    }
}

/// A player entered late or withdrawn: `golf tournament add` / `withdraw`. `--json`:
/// `{"tournament": NAME, "player": NAME, "change": "late"|"withdrew", "round": N}` (the
/// first round a late entrant is seated in; the rounds a leaver played).
#[derive(Debug, Serialize)]
pub struct ComeGoView {
    /// The tournament.
    pub tournament: String,
    /// The player.
    pub player: String,
    /// `late` or `withdrew`.
    pub change: &'static str,
    /// The first round a late entrant is seated in; the rounds a leaver played.
    pub round: usize,
}

impl ComeGoView {
    /// `player` entered late in `t` (`late`) or withdrawn from it.
    pub fn new(t: &Tournament, player: &str, late: bool) -> ComeGoView {
        let of = |list: &[(String, usize)]| {
            list.iter()
                .find(|(p, _)| p == player)
                .map_or((player.to_string(), 0), |(p, r)| (p.clone(), *r))
        };
        let (player, round) = of(if late { &t.late } else { &t.withdrew });
        ComeGoView {
            tournament: t.name.clone(),
            player,
            change: if late { "late" } else { "withdrew" },
            round,
        }
    }
}

impl View for ComeGoView {
    fn render(&self, out: &Output) -> String {
        match self.change {
            "late" => format!(
                "{} entered late in {}: seated from round {}; each round before it is charged that round's mean match total, rounded up.\n",
                self.player,
                out.strong(&self.tournament),
                self.round
            ),
            _ => format!(
                "{} withdrew from {} after {} round(s): kept for the rounds played, seated no more, placed after every player who played every round.\n",
                self.player,
                out.strong(&self.tournament),
                self.round
            ),
        }
    }
}
