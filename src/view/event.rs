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

/// The last penalty or disqualification of the tournament's round in play, which the
/// director's page offers to undo (CLI.md "Event night, run as a club runs it": the
/// director's disqualification can be undone): the last entry of a table's card when it is
/// a penalty, or a disqualification from the tournament given between rounds, whichever
/// was recorded last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastPenalty {
    /// In words: `ann, table 2: disqualified from round 2 — disqualified: cheating (…)`.
    pub what: String,
    /// Whether it disqualifies (from the round or the tournament).
    pub disqualifies: bool,
    /// The body of the director's `POST /api/undo` that undoes exactly it, bound to what
    /// was shown: `{"match": ID, "entry": ID}` (the card's last entry) or `{"player": NAME,
    /// "disqualified_at": TIME}`.
    pub undo: serde_json::Value,
    /// When it was recorded (RFC 3339, UTC).
    pub at: String,
}

impl LastPenalty {
    /// The last penalty or disqualification of `t`'s round in play, if any.
    pub fn of(t: &Tournament) -> Option<LastPenalty> {
        let round = t.played.len();
        let mut found = Vec::new();
        for (i, m) in t.played.last().into_iter().flatten().enumerate() {
            let entry = m
                .last_entry()
                .filter(|e| e.kind == crate::game::EntryKind::Penalty);
            let (Some(entry), Some(p)) = (entry, m.penalties.last()) else {
                continue;
            };
            let player = m.players.get(p.seat).cloned().unwrap_or_default();
            let whole = p.disqualifies && dq_at(t, &player) == Some(&p.recorded_at);
            let kind = match (p.disqualifies, whole) {
                (true, true) => "disqualified from the tournament".to_string(),
                (true, false) => format!("disqualified from round {round}"),
                (false, _) if p.points == 0 => "a warning".to_string(),
                (false, _) => format!("{:+} points", p.points),
            };
            found.push(LastPenalty {
                what: format!("{player}, table {}: {kind} — {}", i + 1, p.reason),
                disqualifies: p.disqualifies,
                undo: serde_json::json!({"match": m.id, "entry": entry.id}),
                at: p.recorded_at.clone(),
            });
        }
        for ((player, at), (_, reason)) in t.disqualified_at.iter().zip(&t.disqualified) {
            let on_card = t.played.iter().flatten().any(|m| {
                m.penalties.iter().any(|p| {
                    p.disqualifies && p.recorded_at == *at && m.players.get(p.seat) == Some(player)
                })
            });
            if !on_card {
                found.push(LastPenalty {
                    what: format!("{player}: disqualified from the tournament — {reason}"),
                    disqualifies: true,
                    undo: serde_json::json!({"player": player, "disqualified_at": at}),
                    at: at.clone(),
                });
            }
        }
        found.into_iter().max_by(|a, b| a.at.cmp(&b.at))
    }
}

/// When `player` was disqualified from the tournament `t`, if they were.
fn dq_at<'a>(t: &'a Tournament, player: &str) -> Option<&'a String> {
    t.disqualified_at
        .iter()
        .find(|(p, _)| p == player)
        .map(|(_, at)| at)
}
