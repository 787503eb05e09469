//! `golf tournament`: seatings, rounds and the standing (RULES.md §13, CLI.md "Tournaments").

use std::fmt::Write as _;

use serde::Serialize;

use super::{Output, View};
use crate::game::tournament::{Placing, Tournament};
use crate::game::Match;

/// One table of a round.
#[derive(Debug, Serialize)]
pub struct TableView {
    /// 1 for the first table.
    pub table: usize,
    /// The table's match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// Players in seating order.
    pub players: Vec<String>,
    /// Whether the match is finished.
    pub finished: bool,
    /// Each player's match total so far, seat order (terminal only).
    #[serde(skip)]
    totals: Vec<i64>,
    /// Holes recorded and planned (terminal only).
    #[serde(skip)]
    progress: (usize, u32),
}

impl TableView {
    fn new(table: usize, m: &Match) -> TableView {
        TableView {
            table,
            id: m.id,
            players: m.players.clone(),
            finished: m.finished_at.is_some(),
            totals: m.standings().iter().map(|s| s.total).collect(),
            progress: (m.regular_holes().count(), m.holes_planned),
        }
    }
}

/// One round's tables.
#[derive(Debug, Serialize)]
pub struct RoundView {
    /// 1 for the first round.
    pub round: usize,
    /// Its tables.
    pub tables: Vec<TableView>,
}

impl RoundView {
    fn new(round: usize, matches: &[Match]) -> RoundView {
        let tables = matches
            .iter()
            .enumerate()
            .map(|(i, m)| TableView::new(i + 1, m))
            .collect();
        RoundView { round, tables }
    }

    fn render(&self, out: &Output, text: &mut String) {
        let mut table = out.table(["table", "match", "players (totals)", "state"]);
        for t in &self.tables {
            let players: Vec<String> = t
                .players
                .iter()
                .zip(&t.totals)
                .map(|(p, total)| format!("{p} {total}"))
                .collect();
            let state = match t.finished {
                true => "finished".to_string(),
                false => format!("playing, {} of {} holes", t.progress.0, t.progress.1),
            };
            table.add_row([
                t.table.to_string(),
                t.id.to_string(),
                players.join(", "),
                state,
            ]);
        }
        let _ = writeln!(text, "Round {}:\n{table}", self.round);
    }
}

/// A tournament's rounds: `golf tournament show`.
#[derive(Debug, Serialize)]
pub struct ShowView {
    /// Its name.
    pub tournament: String,
    /// The rules every table plays.
    pub rules: String,
    /// How tables are filled.
    pub seating: String,
    /// The seed of random seating.
    pub seed: u64,
    /// Rounds to play.
    pub rounds_planned: u32,
    /// Rounds seated so far.
    pub rounds: Vec<RoundView>,
    /// Players disqualified from the tournament, `name: reason`.
    pub disqualified: Vec<String>,
}

impl ShowView {
    /// Every round of `t` seated so far.
    pub fn new(t: &Tournament) -> ShowView {
        ShowView {
            tournament: t.name.clone(),
            rules: t.rules.display_name(),
            seating: crate::rules::name_of(&t.seating),
            seed: t.seed,
            rounds_planned: t.rounds,
            rounds: t
                .played
                .iter()
                .enumerate()
                .map(|(i, r)| RoundView::new(i + 1, r))
                .collect(),
            disqualified: t
                .disqualified
                .iter()
                .map(|(p, r)| format!("{p}: {r}"))
                .collect(),
        }
    }
}

impl View for ShowView {
    fn render(&self, out: &Output) -> String {
        let mut text = format!(
            "{}: {}, {} of {} rounds seated, {} seating (seed {})\n",
            out.strong(&self.tournament),
            self.rules,
            self.rounds.len(),
            self.rounds_planned,
            self.seating,
            self.seed
        );
        for r in &self.rounds {
            r.render(out, &mut text);
        }
        for d in &self.disqualified {
            let _ = writeln!(text, "Disqualified from the tournament: {d}");
        }
        text
    }
}

/// A round just seated: `golf tournament new` and `golf tournament round`.
#[derive(Debug, Serialize)]
pub struct SeatedView {
    /// The tournament.
    pub tournament: String,
    /// The rules in use, house rules included ([`crate::rules::Rules::in_use`]).
    pub rules: String,
    /// The seed of random seating.
    pub seed: u64,
    /// The round seated, with its tables.
    #[serde(flatten)]
    pub round: RoundView,
}

impl SeatedView {
    /// The last round of `t`.
    pub fn new(t: &Tournament) -> SeatedView {
        let n = t.played.len();
        SeatedView {
            tournament: t.name.clone(),
            rules: t.rules.in_use(),
            seed: t.seed,
            round: RoundView::new(n, t.played.last().map_or(&[][..], |r| r.as_slice())),
        }
    }
}

impl View for SeatedView {
    fn render(&self, out: &Output) -> String {
        let mut text = format!(
            "{}: round {} seated (seed {}) — {}\n",
            out.strong(&self.tournament),
            self.round.round,
            self.seed,
            self.rules
        );
        self.round.render(out, &mut text);
        let first = self.round.tables.first().map_or(0, |t| t.id);
        let _ = writeln!(
            text,
            "Record each table with --match, e.g. `golf hole --match {first} ...`; `golf tournament round` seats the next round once every table has finished."
        );
        text
    }
}

/// The clock of the round in play (`golf serve --tournament --clock MINUTES`; CLI.md
/// "Event night, run as a club runs it"), as the board and the standing say it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// The round it times (1 for the first).
    pub round: u32,
    /// Its minutes.
    pub minutes: u32,
    /// When it started (RFC 3339, UTC).
    pub started_at: String,
    /// When the time is up (RFC 3339, UTC, milliseconds): the page counts down to it.
    pub ends_at: String,
    /// Whether the time was up when this was made.
    pub over: bool,
    /// The time left when this was made ([`ClockView::left`]), for the board's HTML and
    /// the terminal.
    #[serde(skip)]
    pub left: String,
}

impl ClockView {
    /// The clock of the round in play of `t` as it stands at `now`; `None` without one.
    pub fn of(t: &Tournament, now: chrono::DateTime<chrono::Utc>) -> Option<ClockView> {
        let clock = t.clock()?;
        let ends = clock.ends_at()?;
        Some(ClockView {
            round: clock.round,
            minutes: clock.minutes,
            started_at: clock.started_at.clone(),
            ends_at: ends.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            over: now >= ends,
            left: left(ends, now),
        })
    }
}

/// The time left from `now` to `ends`, as the board shows it: `mm:ss` (minutes past 59
/// kept in the minutes, `90:00`), or `time` once it is up.
pub fn left(ends: chrono::DateTime<chrono::Utc>, now: chrono::DateTime<chrono::Utc>) -> String {
    let ms = (ends - now).num_milliseconds();
    match ms > 0 {
        // counted up to the next whole second, as the page counts
        true => {
            let s = (ms + 999) / 1000;
            format!("{:02}:{:02}", s / 60, s % 60)
        }
        false => "time".into(),
    }
}

/// The standing over every round: `golf tournament standings`.
#[derive(Debug, Serialize)]
pub struct StandingsView {
    /// The tournament.
    pub tournament: String,
    /// Rounds seated so far (each player's `rounds` has one total per round played).
    pub rounds: usize,
    /// Every player: placed players first, the disqualified last.
    pub players: Vec<Placing>,
    /// The clock of the round in play, where it has one (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
}

impl StandingsView {
    /// The standing of `t` now.
    pub fn new(t: &Tournament) -> StandingsView {
        StandingsView::at(t, chrono::Utc::now())
    }

    /// The standing of `t` at `now` (its clock's time left, whether it is up).
    pub fn at(t: &Tournament, now: chrono::DateTime<chrono::Utc>) -> StandingsView {
        StandingsView {
            tournament: t.name.clone(),
            rounds: t.played.len(),
            players: t.standings(),
            clock: ClockView::of(t, now),
        }
    }

    /// One row per player: place, name, each round, total, disqualified.
    pub fn csv(&self) -> crate::error::Result<String> {
        let mut w = csv::Writer::from_writer(Vec::new());
        let mut header = vec!["place".to_string(), "player".to_string()];
        header.extend((1..=self.rounds).map(|r| format!("round_{r}")));
        header.extend(["total".to_string(), "disqualified".to_string()]);
        super::csv_record(&mut w, &header)?;
        for p in &self.players {
            let mut row = vec![place(p), crate::text::escape(&p.name).into_owned()];
            row.extend(
                (0..self.rounds).map(|r| p.rounds.get(r).map_or(String::new(), i64::to_string)),
            );
            row.extend([p.total.to_string(), p.disqualified.to_string()]);
            super::csv_record(&mut w, &row)?;
        }
        let bytes = w.into_inner().map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// Round `r`'s score of `p` as the board and the terminal show it: `–` for a round not
/// played (or the round in play before the player's first hole), the score with its mark
/// beside it (`14 late`, `311 DQ`).
pub fn round_cell(p: &Placing, r: usize, rounds: usize) -> String {
    let unplayed = r + 1 == rounds && p.thru == Some(0);
    match (p.rounds.get(r), p.marks.get(r).cloned().flatten()) {
        (Some(_), None) if unplayed => "–".to_string(),
        (Some(t), Some(mark)) => format!("{t} {mark}"),
        (Some(t), None) => t.to_string(),
        (None, _) => "–".to_string(),
    }
}

/// Where `p` is this round: `table 2, thru 6` while their table plays, `table 2` once it
/// has finished, empty when not seated.
pub fn now_cell(p: &Placing) -> String {
    match (p.table, p.thru) {
        (Some(t), Some(n)) => format!("table {t}, thru {n}"),
        (Some(t), None) => format!("table {t}"),
        _ => String::new(),
    }
}

fn place(p: &Placing) -> String {
    match p.disqualified {
        true => "DQ".to_string(),
        false => p.place.to_string(),
    }
}

impl View for StandingsView {
    fn render(&self, out: &Output) -> String {
        let mut header = vec!["place".to_string(), "player".to_string()];
        header.extend((1..=self.rounds).map(|r| format!("R{r}")));
        header.extend(["total".to_string(), "now".to_string()]);
        let mut table = out.table(header);
        for p in &self.players {
            let name = match (p.withdrew, p.late) {
                (true, _) => format!("{} (withdrew)", p.name),
                (false, true) => format!("{} (late)", p.name),
                _ => p.name.clone(),
            };
            let mut row = vec![place(p), name];
            row.extend((0..self.rounds).map(|r| round_cell(p, r, self.rounds)));
            row.push(p.total.to_string());
            row.push(now_cell(p));
            table.add_row(row);
        }
        let mut text = format!(
            "{} after {} round(s):\n{table}\n",
            out.strong(&self.tournament),
            self.rounds
        );
        // the clock while its round is played (a table still playing)
        let playing = self.players.iter().any(|p| p.thru.is_some());
        if let Some(c) = self.clock.as_ref().filter(|_| playing) {
            let left = match c.over {
                true => "time is up".to_string(),
                false => format!("{} left", c.left),
            };
            let ends = crate::text::local_time(&c.ends_at);
            let ends = ends.rsplit(' ').next().unwrap_or_default();
            let _ = writeln!(
                text,
                "Round {}'s clock: {} minutes, ends {ends} — {left}.",
                c.round, c.minutes
            );
        }
        text
    }
}

/// One table of the round in play, as the board shows it.
#[derive(Debug, Clone, Serialize)]
pub struct BoardTable {
    /// 1 for the first table.
    pub table: usize,
    /// The table's match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// Players in seating order.
    pub players: Vec<String>,
    /// Holes recorded (playoff holes not counted).
    pub holes_played: usize,
    /// Holes the match plays.
    pub holes: u32,
    /// Whether the match is finished.
    pub finished: bool,
    /// Every hole in but not finished: the players who have still to accept the card
    /// (RULES.md §13, "Accepting the card"); empty otherwise.
    pub waiting_for_accept: Vec<String>,
    /// Whether the table was still playing when the round's clock ran out (false without
    /// a clock, or before it runs out).
    pub over_time: bool,
}

/// The tournament's board (CLI.md "Event night", `GET /api/board`): the standing as
/// `golf tournament standings --json` gives it, the round in play and each of its tables'
/// progress, and how each tie was broken.
#[derive(Debug, Serialize)]
pub struct BoardView {
    /// The standing (its fields at the top level of the JSON).
    #[serde(flatten)]
    pub standing: StandingsView,
    /// The round in play or last played (1 for the first; 0 before any is seated).
    pub round: usize,
    /// The rounds the tournament plays.
    pub rounds_planned: u32,
    /// That round's tables.
    pub tables: Vec<BoardTable>,
    /// Each tie the chain broke in the standing, place by place.
    pub ties: Vec<crate::game::tournament::Tie>,
    /// Players disqualified from the tournament, with why.
    #[serde(skip)]
    pub disqualified: Vec<(String, String)>,
    /// The last penalty or disqualification of the round, for the director to undo.
    #[serde(skip)]
    pub last_penalty: Option<super::event::LastPenalty>,
    /// What a disqualification from a round charges over the round's highest total (the
    /// rules' `tournament.round_disqualification`, RULES.md §13), for the director's confirm.
    #[serde(skip)]
    pub round_charge: i32,
}

impl BoardView {
    /// The board of `t` now.
    pub fn new(t: &Tournament) -> BoardView {
        BoardView::at(t, chrono::Utc::now())
    }

    /// The board of `t` at `now` (its clock, the tables over time).
    pub fn at(t: &Tournament, now: chrono::DateTime<chrono::Utc>) -> BoardView {
        let (players, ties) = t.standing();
        let tables = t
            .played
            .last()
            .map(|round| {
                round
                    .iter()
                    .enumerate()
                    .map(|(i, m)| BoardTable {
                        table: i + 1,
                        id: m.id,
                        players: m.players.clone(),
                        holes_played: m.regular_holes().count(),
                        holes: m.holes_planned,
                        finished: m.finished_at.is_some(),
                        waiting_for_accept: match m.finished_at.is_none() && m.card_complete() {
                            true => m.not_accepted(),
                            false => Vec::new(),
                        },
                        over_time: t.clock().is_some_and(|c| c.over_time(m, now)),
                    })
                    .collect()
            })
            .unwrap_or_default();
        BoardView {
            standing: StandingsView {
                tournament: t.name.clone(),
                rounds: t.played.len(),
                players,
                clock: ClockView::of(t, now),
            },
            round: t.played.len(),
            rounds_planned: t.rounds,
            tables,
            ties,
            disqualified: t.disqualified.clone(),
            last_penalty: super::event::LastPenalty::of(t),
            round_charge: t.rules.tournament.round_disqualification,
        }
    }

    /// Whether every table of the round is finished (the next round may be seated).
    pub fn round_done(&self) -> bool {
        self.tables.iter().all(|t| t.finished)
    }
}

/// One tournament in `golf tournament list`.
#[derive(Debug, Serialize)]
pub struct ListedTournament {
    /// Its name.
    pub tournament: String,
    /// Rounds seated so far.
    pub rounds_seated: usize,
    /// Rounds to play.
    pub rounds: u32,
    /// Players entered.
    pub players: usize,
    /// Every round seated and every table finished.
    pub finished: bool,
}

/// Every tournament, newest first.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct ListView(pub Vec<ListedTournament>);

impl ListView {
    /// A line for each of `tournaments`.
    pub fn new(tournaments: &[Tournament]) -> ListView {
        ListView(
            tournaments
                .iter()
                .map(|t| ListedTournament {
                    tournament: t.name.clone(),
                    rounds_seated: t.played.len(),
                    rounds: t.rounds,
                    players: t.players.len(),
                    finished: t.played.len() as u32 == t.rounds
                        && t.played.iter().flatten().all(|m| m.finished_at.is_some()),
                })
                .collect(),
        )
    }
}

impl View for ListView {
    fn render(&self, out: &Output) -> String {
        if self.0.is_empty() {
            return "No tournaments yet; start one with `golf tournament new NAME --rules classic PLAYER...`.\n".into();
        }
        let mut table = out.table(["tournament", "rounds", "players", "state"]);
        for t in &self.0 {
            let state = if t.finished { "finished" } else { "in play" };
            table.add_row([
                t.tournament.clone(),
                format!("{} of {}", t.rounds_seated, t.rounds),
                t.players.to_string(),
                state.to_string(),
            ]);
        }
        format!("{table}\n")
    }
}
