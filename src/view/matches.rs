//! What the recording commands print: a new match, a recorded or amended hole with the
//! standings after it, a penalty, a withdrawn hole.

use serde::Serialize;

use super::card::{CardView, EntryView, PenaltyView, PlayerView};
use super::{Output, View};
use crate::game::{Hole, Match, PenaltyRecord, Withdrawn};
use crate::rules::Tiebreak;

/// A player as listed: name and seat (0-based, seating order).
#[derive(Debug, Serialize)]
pub struct SeatView {
    /// Name.
    pub name: String,
    /// Seat.
    pub seat: usize,
}

/// `golf new`.
#[derive(Debug, Serialize)]
pub struct NewView {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// Name.
    pub name: Option<String>,
    /// Variant.
    pub rules: String,
    /// House rules.
    pub house: Vec<String>,
    /// Players in seating order.
    pub players: Vec<SeatView>,
    /// Holes planned.
    pub holes_planned: u32,
    /// Decks.
    pub decks: u32,
    /// The tiebreak chain.
    pub tiebreak: Vec<Tiebreak>,
    /// Rules of play agreed.
    pub play: Vec<String>,
    #[serde(skip)]
    title: String,
    #[serde(skip)]
    play_text: Vec<String>,
}

impl NewView {
    /// The view of a match just started.
    pub fn new(m: &Match) -> NewView {
        NewView {
            id: m.id,
            name: m.name.clone(),
            rules: m.rules.name.clone(),
            house: m.rules.house.clone(),
            players: m
                .players
                .iter()
                .enumerate()
                .map(|(seat, name)| SeatView {
                    name: name.clone(),
                    seat,
                })
                .collect(),
            holes_planned: m.holes_planned,
            decks: m.decks,
            tiebreak: m.tiebreak.clone(),
            play: m.rules.play.iter().map(|p| p.name.clone()).collect(),
            title: m.rules.in_use(),
            play_text: m
                .rules
                .play
                .iter()
                .map(|p| format!("{}: {}", p.name, p.text))
                .collect(),
        }
    }
}

impl View for NewView {
    fn render(&self, _: &Output) -> String {
        let plural = |n: u32| if n == 1 { "" } else { "s" };
        let names: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
        let chain: Vec<String> = self.tiebreak.iter().map(|t| t.name()).collect();
        let mut text = format!(
            "Match {} started: {}, {} hole{}, {} deck{}; players in seating order: {}.\n",
            self.id,
            self.title,
            self.holes_planned,
            plural(self.holes_planned),
            self.decks,
            plural(self.decks),
            names.join(", ")
        );
        text.push_str(&format!(
            "Tiebreak: {}. {} deals the first hole.\n",
            chain.join(", then "),
            names[0]
        ));
        for p in &self.play_text {
            text.push_str(&format!("Agreed: {p}\n"));
        }
        let quoted = |p: &&str| match p.contains(' ') {
            true => format!("\"{p}\"=\"…\""),
            false => format!("{p}=\"…\""),
        };
        let args: Vec<String> = names.iter().map(quoted).collect();
        text.push_str(&format!(
            "Record each hole with: golf hole {}\n",
            args.join(" ")
        ));
        text
    }
}

/// One player's entry on a recorded hole.
#[derive(Debug, Serialize)]
pub struct RecordedEntry {
    /// The player.
    pub player: String,
    /// What was typed.
    pub typed: String,
    /// Whether the referee checked it (a grid, not a bare score).
    pub checked: bool,
    /// The grid, its score, the adjustment and the hole score.
    #[serde(flatten)]
    pub entry: EntryView,
}

/// `golf hole` and `golf amend`: the hole and the card after it.
#[derive(Debug, Serialize)]
pub struct HoleRecorded {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// Hole number.
    pub hole: u32,
    /// A playoff hole.
    pub playoff: bool,
    /// Amended rather than recorded.
    pub amended: bool,
    /// Who ended the hole (went out or knocked).
    pub out: Option<String>,
    /// Whether that player knocked rather than went out.
    pub knocked: bool,
    /// The entries, seat order.
    pub entries: Vec<RecordedEntry>,
    /// The scorecard after it.
    pub card: CardView,
    #[serde(skip)]
    heading: String,
}

impl HoleRecorded {
    /// The view of `hole` just recorded (or amended) in `m`.
    pub fn new(m: &Match, hole: &Hole, amended: bool) -> HoleRecorded {
        let label = match hole.playoff {
            true => format!("Playoff hole {}", hole.number),
            false => format!("Hole {} of {}", hole.number, m.holes_planned),
        };
        HoleRecorded {
            id: m.id,
            hole: hole.number,
            playoff: hole.playoff,
            amended,
            out: hole.out.map(|s| m.players[s].clone()),
            knocked: hole.knocked,
            entries: hole
                .entries
                .iter()
                .map(|e| RecordedEntry {
                    player: m.players[e.seat].clone(),
                    typed: e.typed().to_string(),
                    checked: e.grid.is_some(),
                    entry: EntryView::new(e, &m.rules),
                })
                .collect(),
            card: CardView::new(m),
            heading: format!("{label} — match {}, {}", m.id, m.rules.display_name()),
        }
    }
}

impl View for HoleRecorded {
    fn render(&self, out: &Output) -> String {
        let mut text = String::new();
        if self.amended {
            text.push_str(&format!(
                "Amended hole {} of match {}; the old entry is kept in the audit log.\n",
                self.hole, self.id
            ));
        }
        text.push_str(&out.strong(&self.heading));
        text.push('\n');
        let mut table = out.table(["player", "grid", "grid score", "going out", "hole"]);
        // a grid is never wrapped mid-row
        if let Some(column) = table.column_mut(1) {
            column.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
        }
        for e in &self.entries {
            table.add_row([
                e.player.clone(),
                e.entry
                    .grid
                    .clone()
                    .unwrap_or_else(|| format!("{} (unchecked)", e.typed)),
                e.entry.score.to_string(),
                match e.entry.adjustment {
                    0 => String::new(),
                    n => format!("{n:+}"),
                },
                e.entry.total.to_string(),
            ]);
        }
        text.push_str(&format!("{table}\n"));
        for e in self
            .entries
            .iter()
            .filter(|e| !e.entry.explanation.is_empty())
        {
            text.push_str(&format!("{}: {}\n", e.player, e.entry.explanation));
        }
        text.push_str(&standings(out, &self.card.players));
        text.push_str(&self.card.result.summary);
        text.push('\n');
        if let Some(chances) = &self.card.chances {
            text.push_str(out.wrap(&chances.sentence()).trim_end());
            text.push('\n');
        }
        if let Some(next) = &self.card.next {
            text.push_str(&next.sentence());
            text.push('\n');
        }
        text
    }
}

/// The standings table: players by total, the disqualified last.
fn standings(out: &Output, players: &[PlayerView]) -> String {
    let mut sorted: Vec<&PlayerView> = players.iter().collect();
    sorted.sort_by_key(|p| (p.disqualified, p.total));
    let mut table = out.table(["standing", "total"]);
    for p in sorted {
        let dq = if p.disqualified { " (DQ)" } else { "" };
        table.add_row([format!("{}{dq}", p.name), p.total.to_string()]);
    }
    format!("{table}\n")
}

/// `golf penalty`.
#[derive(Debug, Serialize)]
pub struct PenaltyGiven {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// The penalty: player, hole, kind, points, whether it disqualifies, reason, time.
    #[serde(flatten)]
    pub penalty: PenaltyView,
    /// The player's match total after it.
    pub total: i64,
}

impl PenaltyGiven {
    /// The view of penalty `p` just given in `m`.
    pub fn new(m: &Match, p: &PenaltyRecord) -> PenaltyGiven {
        PenaltyGiven {
            id: m.id,
            penalty: PenaltyView::new(m, p),
            total: m.standings()[p.seat].total,
        }
    }
}

impl View for PenaltyGiven {
    fn render(&self, _: &Output) -> String {
        // the points first: what the table needs to hear (a warning costs none)
        let points = match (self.penalty.points, self.penalty.disqualifies) {
            (_, true) => "disqualified".to_string(),
            (0, false) => "a warning, 0 points".to_string(),
            (1, false) => "+1 point".to_string(),
            (n, false) => format!("{n:+} points"),
        };
        let mut text = format!(
            "Penalty for {}, hole {}: {points} — {}.\n",
            self.penalty.player, self.penalty.hole, self.penalty.reason
        );
        if self.penalty.disqualifies {
            text.push_str(&format!(
                "{} is disqualified from match {} and cannot win it.\n",
                self.penalty.player, self.id
            ));
        } else {
            text.push_str(&format!(
                "{}'s total is now {}.\n",
                self.penalty.player, self.total
            ));
        }
        text
    }
}

/// `golf undo`.
#[derive(Debug, Serialize)]
pub struct Undone {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// `hole` or `penalty`.
    pub withdrew: &'static str,
    /// The hole withdrawn, or the hole of the penalty withdrawn.
    pub hole: u32,
    /// A playoff hole.
    pub playoff: bool,
    /// The penalty withdrawn, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub penalty: Option<String>,
    /// What became of the draft of the next hole, when a hole was withdrawn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draft: Option<DraftAfterUndo>,
    /// The penalty withdrawn had disqualified its player from the tournament, and that
    /// disqualification is lifted with it (RULES.md §13).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lifted: bool,
    /// The scorecard after it.
    pub card: CardView,
}

/// The draft after an undo of a hole ([`crate::table::PutBack`]): `{"put_back": true}`
/// when the hole's grids are back in it, `{"put_back": false, "kept_for": N}` when newer
/// grids (for hole N, `null` when they cannot be read) were kept instead.
#[derive(Debug, Serialize)]
pub struct DraftAfterUndo {
    /// Whether the withdrawn hole's grids and who ended it are the draft again.
    pub put_back: bool,
    /// The hole whose draft was kept instead, when one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept_for: Option<u32>,
    /// Whether that hole is a playoff hole.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub playoff: bool,
}

impl Undone {
    /// The view of what was just withdrawn from `m`, and what became of the draft.
    pub fn new(m: &Match, done: &crate::table::Withdrawal) -> Undone {
        use crate::table::PutBack;
        let draft = match done.draft {
            PutBack::Nothing => None,
            PutBack::Restored { .. } => Some(DraftAfterUndo {
                put_back: true,
                kept_for: None,
                playoff: false,
            }),
            PutBack::Kept(kept) => Some(DraftAfterUndo {
                put_back: false,
                kept_for: kept.map(|(hole, _)| hole),
                playoff: kept.is_some_and(|(_, playoff)| playoff),
            }),
        };
        let (withdrew, hole, playoff, penalty) = match &done.withdrawn {
            Withdrawn::Hole(h) => ("hole", h.number, h.playoff, None),
            Withdrawn::Penalty(p) => (
                "penalty",
                p.hole,
                false,
                Some(format!("{}'s penalty, {}", m.players[p.seat], p.reason)),
            ),
        };
        Undone {
            id: m.id,
            withdrew,
            hole,
            playoff,
            penalty,
            draft,
            lifted: done.lifted,
            card: CardView::new(m),
        }
    }
}

impl View for Undone {
    fn render(&self, out: &Output) -> String {
        let what = match (&self.penalty, self.playoff) {
            (Some(p), _) => format!("{p} (hole {})", self.hole),
            (None, true) => format!("playoff hole {}", self.hole),
            (None, false) => format!("hole {}", self.hole),
        };
        let draft = match &self.draft {
            None => String::new(),
            Some(d) if d.put_back => out.wrap(&format!(
                "Its grids and who ended it are back in the draft of {what}, put back by the undo: `golf hole` offers them to record again or change."
            )),
            Some(d) => {
                let kept = match (d.kept_for, d.playoff) {
                    (Some(n), true) => format!("grids for playoff hole {n}"),
                    (Some(n), false) => format!("grids for hole {n}"),
                    (None, _) => "a draft that cannot be read".to_string(),
                };
                out.wrap(&format!(
                    "The draft holds {kept}, newer than {what}'s: they are kept, and {what}'s grids were not put back in it (`golf log` shows them)."
                ))
            }
        };
        let lifted = match self.lifted {
            true => out.wrap(
                "It had disqualified its player from the tournament: that disqualification is lifted with it.",
            ),
            false => String::new(),
        };
        format!(
            "Withdrew {what} of match {}; it is kept in the audit log. {} of {} holes now recorded.\n{lifted}{draft}{}\n",
            self.id,
            self.card.holes_played,
            self.card.holes_planned,
            self.card.result.summary
        )
    }
}

impl HoleRecorded {
    /// What stderr should say of the hole: one warning naming every bare score the referee
    /// could not check ("ann's 12 and bob's 14 were recorded as bare scores…"), none when
    /// every grid was typed.
    pub fn warnings(&self) -> Vec<String> {
        let bare: Vec<String> = self
            .entries
            .iter()
            .filter(|e| !e.checked)
            .map(|e| format!("{}'s {}", e.player, e.typed))
            .collect();
        match bare.as_slice() {
            [] => Vec::new(),
            [one] => vec![format!(
                "{one} was recorded as a bare score; the referee could not check it"
            )],
            [rest @ .., last] => vec![format!(
                "{} and {last} were recorded as bare scores; the referee could not check them",
                rest.join(", ")
            )],
        }
    }
}

/// `golf delete` and `golf restore`: the match and whether it is now deleted.
#[derive(Debug, Serialize)]
pub struct Deleted {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// Its name, if given.
    pub name: Option<String>,
    /// Deleted (left out of history, stats and ratings) rather than kept.
    pub deleted: bool,
    /// When it was deleted (RFC 3339), while it is.
    pub deleted_at: Option<String>,
    /// Its players, seating order.
    pub players: Vec<String>,
}

impl Deleted {
    /// The view of `m` just deleted or restored.
    pub fn new(m: &Match) -> Deleted {
        Deleted {
            id: m.id,
            name: m.name.clone(),
            deleted: m.deleted_at.is_some(),
            deleted_at: m.deleted_at.clone(),
            players: m.players.clone(),
        }
    }
}

impl View for Deleted {
    fn render(&self, _: &Output) -> String {
        let what = match &self.name {
            Some(name) => format!("match {} ({name}; {})", self.id, self.players.join(", ")),
            None => format!("match {} ({})", self.id, self.players.join(", ")),
        };
        if self.deleted {
            format!(
                "Deleted {what}: it is left out of history, stats and ratings, and listed in its audit log (`golf log {id}`). `golf restore {id}` brings it back.\n",
                id = self.id
            )
        } else {
            format!("Restored {what}: it is back in history, stats and ratings.\n")
        }
    }
}

/// `golf penalty PLAYER --disqualify --tournament` between rounds: the player is out of the
/// tournament, no match changed (RULES.md §13).
#[derive(Debug, Serialize)]
pub struct TournamentDisqualified {
    /// The tournament.
    pub tournament: String,
    /// The player disqualified.
    pub player: String,
    /// Why.
    pub reason: String,
    /// Rounds seated so far (they keep their results).
    pub rounds_played: usize,
}

impl View for TournamentDisqualified {
    fn render(&self, _: &Output) -> String {
        format!(
            "{} is disqualified from the tournament {} ({}): seated no more from the next round on, listed last in the standings. The {} round{} played keep their results.\n",
            self.player,
            self.tournament,
            self.reason,
            self.rounds_played,
            if self.rounds_played == 1 { "" } else { "s" }
        )
    }
}
