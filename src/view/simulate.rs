//! `golf simulate`: the figures of a simulation (RULES.md §15) as a table or JSON, and the
//! trace of every move as JSON lines (CLI.md `--trace`).

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;
use serde_json::json;

use crate::bots::Strategy;
use crate::card::Card;
use crate::grid::Grid;
use crate::play::{HoleInPlay, How, Move, Source};
use crate::rules::Rules;
use crate::sim::figures::{Diff, Figures, Paired, TIEBREAKS, WIN_UNITS};
use crate::sim::{Report, Trial, Turn, Watch};

/// One seat's figures.
#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    /// Seat number, from 1.
    pub seat: usize,
    /// The bot's name.
    pub bot: String,
    /// Mean hole score.
    pub mean_hole: f64,
    /// Half-width of its 95% interval.
    pub ci95: f64,
    /// Standard deviation of a hole score.
    pub sd_hole: f64,
    /// Share of matches won (a shared win counts 1/k).
    pub wins: f64,
    /// With `--analyse`: the points the seat gave away per decision with a choice, judged
    /// by the expert's evaluation (RULES.md §18).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub given_away_per_decision: Option<f64>,
}

/// A difference with its interval.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct DiffView {
    /// The `--vs` rules minus the rules.
    pub value: f64,
    /// Half-width of its 95% interval.
    pub ci95: f64,
}

impl From<Diff> for DiffView {
    fn from(d: Diff) -> DiffView {
        DiffView {
            value: d.value,
            ci95: d.ci95,
        }
    }
}

/// The `--vs` rules' figures and the paired differences.
#[derive(Debug, Clone, Serialize)]
pub struct VsView {
    /// The `--vs` rules' name.
    pub rules: String,
    /// Their house rules.
    pub house: Vec<String>,
    /// Each seat's figures under them.
    pub seats: Vec<SeatView>,
    /// Their summary figures, as the rules' own are given (text only: CLI.md's JSON keeps
    /// `vs` to the seats and the differences).
    #[serde(skip)]
    pub summary: Summary,
    /// Each figure's difference (vs minus the rules), per hole or per grid as the figure is.
    pub diff: BTreeMap<String, DiffView>,
    /// The answer in words: what the `--vs` rules change, within what noise (text only,
    /// built from `diff`).
    #[serde(skip)]
    pub verdict: String,
}

/// A rule set's summary figures besides the seats'.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// The share of matches won by the player who played first in the first hole.
    pub first_player_wins: f64,
    /// Of the holes somebody ended, the share where they were penalised.
    pub ended_penalised: f64,
    /// The mean penalty when penalised.
    pub mean_penalty: f64,
    /// Matched sets per final grid.
    pub sets_per_grid: f64,
    /// Holes ended by the 60-turn limit.
    pub turn_limit_holes: u64,
    /// Matches tied after the last hole.
    pub ties: u64,
    /// How those ties were settled, by method.
    pub tiebreaks: BTreeMap<String, u64>,
}

impl Summary {
    fn of(f: &Figures) -> Summary {
        Summary {
            first_player_wins: f.first_player_wins(),
            ended_penalised: f.ended_penalised(),
            mean_penalty: f.mean_penalty(),
            sets_per_grid: f.sets_per_grid(),
            turn_limit_holes: f.counts.turn_limit,
            ties: f.counts.ties,
            tiebreaks: TIEBREAKS
                .iter()
                .zip(f.counts.tiebreaks)
                .filter(|(_, n)| *n > 0)
                .map(|(m, n)| (m.name(), n))
                .collect(),
        }
    }

    /// The summary lines: who wins from the first seat (against an even share), how often
    /// the player ending a hole was penalised, sets, the turn limit and ties.
    fn lines(&self, players: usize) -> String {
        let even = 100.0 / players.max(1) as f64;
        let breaks: Vec<String> = self
            .tiebreaks
            .iter()
            .map(|(m, n)| format!("{m} {n}"))
            .collect();
        format!(
            "First player (who plays first on the first hole) wins {:.1}% of matches; an even share among {players} players is {even:.1}%. \
             Holes ended by a player: penalised {:.1}% of them, by {:.2} points on average.\n\
             Matched sets per grid {:.2}; holes stopped at the 60-turn limit {}; ties after the last hole {}{}.\n",
            self.first_player_wins * 100.0,
            self.ended_penalised * 100.0,
            self.mean_penalty,
            self.sets_per_grid,
            self.turn_limit_holes,
            self.ties,
            if breaks.is_empty() { String::new() } else { format!(" ({})", breaks.join(", ")) }
        )
    }
}

/// What `golf simulate` shows.
#[derive(Debug, Clone, Serialize)]
pub struct SimulateView {
    /// The rules' name.
    pub rules: String,
    /// Their house rules.
    pub house: Vec<String>,
    /// Players.
    pub players: usize,
    /// Holes per match.
    pub holes: usize,
    /// Matches played.
    pub matches: u64,
    /// The seed.
    pub seed: u64,
    /// Each seat's figures.
    pub seats: Vec<SeatView>,
    /// The summary figures: the first player's wins, penalties, sets, the turn limit, ties
    /// (flattened: CLI.md's keys, in its order).
    #[serde(flatten)]
    pub summary: Summary,
    /// The comparison, with `--vs`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vs: Option<VsView>,
    #[serde(skip)]
    title: String,
    #[serde(skip)]
    vs_title: String,
}

/// Seat names: the bot and the seat, `greedy-1`.
pub fn seat_names(seating: &[Strategy]) -> Vec<String> {
    seating
        .iter()
        .enumerate()
        .map(|(i, k)| format!("{k}-{}", i + 1))
        .collect()
}

fn seats(f: &Figures, names: &[String]) -> Vec<SeatView> {
    f.seats
        .iter()
        .enumerate()
        .map(|(i, m)| SeatView {
            seat: i + 1,
            bot: names.get(i).cloned().unwrap_or_default(),
            mean_hole: m.mean(),
            ci95: m.ci95(),
            sd_hole: m.sd(),
            wins: f.win_share(i),
            given_away_per_decision: None,
        })
        .collect()
}

impl SimulateView {
    /// The view of `report` for `setup`.
    pub fn new(setup: &Trial, report: &Report) -> SimulateView {
        let names = seat_names(&setup.seating());
        let f = &report.base;
        let vs = setup
            .vs
            .as_ref()
            .zip(report.vs.as_ref())
            .zip(report.paired.as_ref())
            .map(|((rules, vf), p)| {
                let diff = diffs(p, setup);
                VsView {
                    rules: rules.name.clone(),
                    house: rules.house.clone(),
                    seats: seats(vf, &names),
                    summary: Summary::of(vf),
                    verdict: verdict(&setup.rules, rules, &diff, &names),
                    diff,
                }
            });
        SimulateView {
            rules: setup.rules.name.clone(),
            house: setup.rules.house.clone(),
            players: setup.players,
            holes: setup.holes,
            matches: f.matches,
            seed: setup.seed,
            seats: seats(f, &names),
            summary: Summary::of(f),
            vs,
            title: setup.rules.display_name(),
            vs_title: setup
                .vs
                .as_ref()
                .map(Rules::display_name)
                .unwrap_or_default(),
        }
    }
}

/// The paired differences, each scaled to its figure's unit.
fn diffs(p: &Paired, setup: &Trial) -> BTreeMap<String, DiffView> {
    let holes = setup.holes as f64;
    let grids = holes * setup.players as f64;
    let mut d = BTreeMap::new();
    d.insert("mean_hole".into(), Diff::of(&p.all, grids).into());
    d.insert(
        "penalised_per_hole".into(),
        Diff::of(&p.penalised, holes).into(),
    );
    d.insert("sets_per_grid".into(), Diff::of(&p.sets, grids).into());
    d.insert(
        "turn_limit_holes_per_match".into(),
        Diff::of(&p.turn_limit, 1.0).into(),
    );
    for (i, m) in p.seats.iter().enumerate() {
        d.insert(
            format!("seat_{}_mean_hole", i + 1),
            Diff::of(m, holes).into(),
        );
    }
    for (i, m) in p.wins.iter().enumerate() {
        d.insert(
            format!("seat_{}_wins", i + 1),
            Diff::of(m, WIN_UNITS as f64).into(),
        );
    }
    d
}

fn seat_table(out: &super::Output, seats: &[SeatView]) -> String {
    let mut table = out.table(["seat", "bot", "mean hole", "±95%", "sd", "wins"]);
    for s in seats {
        table.add_row([
            s.seat.to_string(),
            s.bot.clone(),
            format!("{:.2}", s.mean_hole),
            format!("{:.2}", s.ci95),
            format!("{:.2}", s.sd_hole),
            format!("{:.1}%", s.wins * 100.0),
        ]);
    }
    format!("{table}\n")
}

/// What the `--vs` rules are, said as a change to the rules: the house rules they add
/// (`out-penalty-10`), those they drop, or the other rules named whole.
fn change(base: &Rules, vs: &Rules) -> String {
    if base.name == vs.name {
        let added: Vec<&str> = vs
            .house
            .iter()
            .filter(|h| !base.house.contains(h))
            .map(String::as_str)
            .collect();
        let dropped: Vec<&str> = base
            .house
            .iter()
            .filter(|h| !vs.house.contains(h))
            .map(String::as_str)
            .collect();
        match (added.is_empty(), dropped.is_empty()) {
            (false, true) => return added.join(" + "),
            (true, false) => return format!("dropping {}", dropped.join(" and ")),
            _ => {}
        }
    }
    format!("{} instead of {}", vs.display_name(), base.display_name())
}

/// The answer of `--vs` in plain words, first: how the `--vs` rules move the mean hole and
/// the penalties, and whether any seat's chance of winning moves beyond the noise (each
/// difference with its 95% interval; one inside its interval is "within the noise").
fn verdict(
    base: &Rules,
    vs: &Rules,
    diff: &BTreeMap<String, DiffView>,
    names: &[String],
) -> String {
    let what = change(base, vs);
    let mut said = Vec::new();
    if let Some(d) = diff.get("mean_hole") {
        said.push(match (d.value.abs() > d.ci95, d.value > 0.0) {
            (true, true) => format!(
                "raises the mean hole by {:.2} ± {:.2} points",
                d.value, d.ci95
            ),
            (true, false) => format!(
                "lowers the mean hole by {:.2} ± {:.2} points",
                -d.value, d.ci95
            ),
            (false, _) => format!(
                "leaves the mean hole the same within the noise ({:+.2} ± {:.2} points)",
                d.value, d.ci95
            ),
        });
    }
    if let Some(d) = diff
        .get("penalised_per_hole")
        .filter(|d| d.value.abs() > d.ci95)
    {
        said.push(format!(
            "{} whoever ends the hole in {:.1} ± {:.1} {} holes out of 100",
            if d.value > 0.0 { "penalises" } else { "spares" },
            d.value.abs() * 100.0,
            d.ci95 * 100.0,
            if d.value > 0.0 { "more" } else { "fewer" }
        ));
    }
    let wins: Vec<(usize, DiffView)> = (1..=names.len())
        .filter_map(|i| diff.get(&format!("seat_{i}_wins")).map(|d| (i, *d)))
        .collect();
    let moved: Vec<String> = wins
        .iter()
        .filter(|(_, d)| d.value.abs() > d.ci95)
        .map(|(i, d)| {
            format!(
                "seat {i} ({})'s chance of winning {} by {:.1} ± {:.1} points",
                names.get(i - 1).map_or("", String::as_str),
                if d.value > 0.0 { "rises" } else { "falls" },
                d.value.abs() * 100.0,
                d.ci95 * 100.0
            )
        })
        .collect();
    let most = wins.iter().map(|(_, d)| d.value.abs()).fold(0.0, f64::max);
    let sentence = format!("{what} {}", said.join(" and "));
    match moved.is_empty() {
        true => format!(
            "{sentence}; no seat's chance of winning moves by more than {:.1} points, each within its 95% interval.",
            most * 100.0
        ),
        false => format!("{sentence}; {}.", moved.join("; ")),
    }
}

/// The differences as a table labelled as the tables above: overall figures first, then
/// each seat's; shares in percentage points.
fn diff_table(out: &super::Output, diff: &BTreeMap<String, DiffView>, names: &[String]) -> String {
    let mut table = out.table(["figure", "difference", "±95%"]);
    let mut row = |label: String, d: &DiffView, percent: bool| {
        let (v, ci) = match percent {
            true => (
                format!("{:+.1}", d.value * 100.0),
                format!("{:.1}", d.ci95 * 100.0),
            ),
            false => (format!("{:+.3}", d.value), format!("{:.3}", d.ci95)),
        };
        table.add_row([label, v, ci]);
    };
    let overall = [
        ("mean_hole", "mean hole (points)", false),
        (
            "penalised_per_hole",
            "holes with the ender penalised (%)",
            true,
        ),
        ("sets_per_grid", "matched sets per grid", false),
        (
            "turn_limit_holes_per_match",
            "holes at the turn limit, per match",
            false,
        ),
    ];
    for (key, label, percent) in overall {
        if let Some(d) = diff.get(key) {
            row(label.to_string(), d, percent);
        }
    }
    for (i, name) in names.iter().enumerate() {
        let seat = i + 1;
        if let Some(d) = diff.get(&format!("seat_{seat}_mean_hole")) {
            row(format!("seat {seat} ({name}) mean hole (points)"), d, false);
        }
        if let Some(d) = diff.get(&format!("seat_{seat}_wins")) {
            row(format!("seat {seat} ({name}) wins (%)"), d, true);
        }
    }
    format!("{table}\n")
}

impl super::View for SimulateView {
    fn render(&self, out: &super::Output) -> String {
        let mut text = String::new();
        if let Some(vs) = &self.vs {
            text += &out.wrap(&format!("Verdict: {}", vs.verdict));
            text += "\n";
        }
        text += &format!(
            "{}: {} players, {} holes, {} matches, seed {}\n",
            out.strong(&self.title),
            self.players,
            self.holes,
            self.matches,
            self.seed
        );
        text += &seat_table(out, &self.seats);
        let given: Vec<String> = (self.seats.iter())
            .filter_map(|s| {
                s.given_away_per_decision
                    .map(|g| format!("{} {g:.3}", s.bot))
            })
            .collect();
        if !given.is_empty() {
            text += &format!(
                "Points given away per decision, judged by the expert: {}.\n",
                given.join(", ")
            );
        }
        text += &out.wrap(&self.summary.lines(self.players));
        if let Some(vs) = &self.vs {
            text += &format!("\n{} on the same shuffles:\n", out.strong(&self.vs_title));
            text += &seat_table(out, &vs.seats);
            text += &out.wrap(&vs.summary.lines(self.players));
            let names: Vec<String> = self.seats.iter().map(|s| s.bot.clone()).collect();
            text += &format!(
                "\nDifference, {} minus {}, with 95% intervals (percentages in points):\n",
                self.vs_title, self.title
            );
            text += &diff_table(out, &vs.diff, &names);
        }
        text
    }
}

/// Writes the trace (CLI.md `--trace`) as JSON lines; the first write error is kept and
/// returned by [`Tracer::finish`].
pub struct Tracer<'r, W: Write> {
    out: W,
    rules: &'r Rules,
    names: Vec<String>,
    decks: u32,
    /// Holes in a match: a hole beyond them is a sudden-death playoff hole.
    holes: usize,
    /// The seats playing the hole being traced (every seat, or the tied ones).
    seats: Vec<usize>,
    error: Option<std::io::Error>,
}

impl<'r, W: Write> Tracer<'r, W> {
    /// A trace of matches of `holes` holes under `rules` with seats named `names`, dealt
    /// from `decks` decks.
    pub fn new(
        out: W,
        rules: &'r Rules,
        names: Vec<String>,
        decks: u32,
        holes: usize,
    ) -> Tracer<'r, W> {
        Tracer {
            out,
            rules,
            seats: (0..names.len()).collect(),
            names,
            decks,
            holes,
            error: None,
        }
    }

    /// Flushes, returning the first write error.
    pub fn finish(mut self) -> std::io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()
    }

    fn write(&mut self, value: serde_json::Value) {
        if self.error.is_some() {
            return;
        }
        let result = serde_json::to_writer(&mut self.out, &value)
            .map_err(std::io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"));
        if let Err(e) = result {
            self.error = Some(e);
        }
    }

    fn card(&self, card: Card) -> String {
        self.rules.card_text(card)
    }

    fn cards(&self, cards: &[Card]) -> Vec<String> {
        cards.iter().rev().map(|c| self.card(*c)).collect()
    }

    /// An object by the name of each of the hole's players (`f` of their index in the hole).
    fn by_player<T: Serialize>(
        &self,
        f: impl Fn(usize) -> T,
    ) -> serde_json::Map<String, serde_json::Value> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, seat)| (self.name(*seat), json!(f(i))))
            .collect()
    }

    /// The name of the hole's player `i`.
    fn player(&self, i: usize) -> String {
        self.seats.get(i).map(|s| self.name(*s)).unwrap_or_default()
    }

    fn name(&self, seat: usize) -> String {
        self.names.get(seat).cloned().unwrap_or_default()
    }
}

/// A cell index as `[ROW, COL]` from 1.
fn position(cell: usize, columns: usize) -> [usize; 2] {
    [cell / columns + 1, cell % columns + 1]
}

fn cells_of(mask: u32, cells: usize, columns: usize) -> Vec<[usize; 2]> {
    (0..cells)
        .filter(|c| mask & (1 << c) != 0)
        .map(|c| position(c, columns))
        .collect()
}

impl<W: Write> Watch for Tracer<'_, W> {
    fn start(
        &mut self,
        game: u64,
        hole: usize,
        seats: &[usize],
        h: &HoleInPlay,
        deal: &[Grid],
        stock: &[Card],
    ) {
        let columns = self.rules.layout.columns;
        let cells = self.rules.layout.rows * columns;
        let rules = self.rules;
        self.seats.clear();
        self.seats.extend_from_slice(seats);
        let names: Vec<String> = seats.iter().map(|s| self.name(*s)).collect();
        let mut record = json!({
            "match": game + 1,
            "hole": hole + 1,
            "seats": names,
            "dealer": self.player(h.dealer()),
            "decks": self.decks,
            "deal": self.by_player(|i| deal.get(i).map(|g| rules.grid_text(g))),
            "discard": h.discard_pile().last().map(|c| self.card(*c)),
            "stock": self.cards(stock),
            "face_up": self.by_player(|i| cells_of(h.face_up(i), cells, columns)),
            "peeked": self.by_player(|i| cells_of(h.peeked(i), cells, columns)),
            "first": self.player(h.first()),
        });
        if let (Some(number), Some(map)) = (hole.checked_sub(self.holes), record.as_object_mut()) {
            map.insert("playoff".into(), json!(number + 1));
        }
        self.write(record);
    }

    fn reshuffle(&mut self, game: u64, hole: usize, stock: &[Card]) {
        let record = json!({"match": game + 1, "hole": hole + 1, "reshuffle": self.cards(stock)});
        self.write(record);
    }

    fn turn(&mut self, game: u64, hole: usize, number: u32, t: &Turn) {
        let columns = self.rules.layout.columns;
        let (action, position_, flipped) = match t.action {
            Move::Knock => ("knock", None, None),
            Move::Swap(c) => ("swap", Some(position(usize::from(c), columns)), None),
            Move::DiscardFlip(c) => ("discard", None, Some(position(usize::from(c), columns))),
            _ => ("discard", None, None),
        };
        let record = json!({
            "match": game + 1,
            "hole": hole + 1,
            "turn": number,
            "player": self.name(t.player),
            "draw": t.draw.map(|s| match s { Source::Stock => "stock", Source::Discard => "discard" }),
            "card": t.card.map(|c| self.card(c)),
            "action": action,
            "position": position_,
            "flipped": flipped,
            "discarded": t.discarded.map(|c| self.card(c)),
        });
        self.write(record);
    }

    fn end(&mut self, game: u64, hole: usize, _: &[usize], h: &HoleInPlay, scores: &[i64]) {
        let (ender, how) = h.ending().unwrap_or((None, How::TurnLimit));
        let rules = self.rules;
        let record = json!({
            "match": game + 1,
            "hole": hole + 1,
            "ended_by": ender.map(|i| self.player(i)),
            "how": match how { How::Out => "out", How::Knock => "knock", How::TurnLimit => "turn-limit" },
            "final": self.by_player(|i| h.grids().get(i).map(|g| rules.grid_text(g))),
            "scores": self.by_player(|i| scores.get(i).copied().unwrap_or(0)),
        });
        self.write(record);
    }
}
