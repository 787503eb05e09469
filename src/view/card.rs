//! The scorecard view: one struct per thing shown, serialized for `--json` and rendered as
//! tables from the same values (CLI.md `golf card`).

use serde::Serialize;

use super::{Output, View};
use crate::game::{Match, Outcome, Standing};
use crate::rules::Tiebreak;
use crate::text::local_time as local;

/// A player's column of the scorecard.
#[derive(Debug, Serialize)]
pub struct PlayerView {
    /// Name.
    pub name: String,
    /// Seat, 0-based.
    pub seat: usize,
    /// Total: hole scores plus penalty points.
    pub total: i64,
    /// Regular hole scores in order (grid score + going-out adjustment).
    pub holes: Vec<i64>,
    /// Running totals of those hole scores, hole by hole.
    pub running: Vec<i64>,
    /// Tournament penalty points.
    pub penalties: i64,
    /// Disqualified from the round.
    pub disqualified: bool,
}

impl PlayerView {
    /// The player's penalties as a scorecard cell: `+5`, `+5 DQ` when disqualified, empty
    /// when none.
    pub fn penalty_cell(&self) -> String {
        match (self.penalties, self.disqualified) {
            (n, true) => format!("{n:+} DQ"),
            (0, false) => String::new(),
            (n, false) => format!("{n:+}"),
        }
    }
}

/// One row of the scorecard.
#[derive(Debug, Serialize)]
pub struct HoleView {
    /// Hole number (playoff holes numbered on their own).
    pub number: u32,
    /// A playoff hole.
    pub playoff: bool,
    /// Who dealt.
    pub dealer: String,
    /// Who ended the hole (went out or knocked), if recorded.
    pub out: Option<String>,
    /// Whether that player knocked rather than went out.
    pub knocked: bool,
    /// Whether the hole was corrected with `golf amend` (`golf log` shows what changed).
    pub amended: bool,
    /// The hole's note, if any.
    pub note: Option<String>,
    /// Each player's entry, in seat order; `None` for players not in a playoff hole.
    pub entries: Vec<Option<EntryView>>,
}

/// One player's entry on one hole.
#[derive(Debug, Serialize)]
pub struct EntryView {
    /// The grid, normalised, or `None` for an unchecked bare score.
    pub grid: Option<String>,
    /// Grid score.
    pub score: i32,
    /// Going-out adjustment.
    pub adjustment: i32,
    /// Hole score.
    pub total: i64,
    /// Why the adjustment.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub explanation: String,
    /// How the grid scored, one line per set, card and bonus, as `golf score` shows it
    /// (empty for a bare score).
    pub lines: Vec<String>,
}

impl EntryView {
    /// The view of one recorded entry, its grid explained under `rules`.
    pub fn new(e: &crate::game::Entry, rules: &crate::rules::Rules) -> EntryView {
        EntryView {
            grid: e.grid.clone(),
            score: e.score,
            adjustment: e.adjustment,
            total: e.total(),
            explanation: e.explanation.clone(),
            lines: e
                .grid
                .as_deref()
                .and_then(|g| crate::grid::Grid::parse_for(g, rules.expected()).ok())
                .map(|g| crate::scoring::score(&g, rules).lines())
                .unwrap_or_default(),
        }
    }
}

/// A penalty as shown.
#[derive(Debug, Serialize)]
pub struct PenaltyView {
    /// The player.
    pub player: String,
    /// The hole.
    pub hole: u32,
    /// `points`, `illegal-move` or `late`.
    pub kind: String,
    /// Points.
    pub points: i32,
    /// Disqualifies.
    pub disqualifies: bool,
    /// Why.
    pub reason: String,
    /// When.
    pub recorded_at: String,
}

impl PenaltyView {
    /// Penalty `p` of match `m`.
    pub fn new(m: &Match, p: &crate::game::PenaltyRecord) -> PenaltyView {
        PenaltyView {
            player: m.players[p.seat].clone(),
            hole: p.hole,
            kind: p.kind.name(),
            points: p.points,
            disqualifies: p.disqualifies,
            reason: p.reason.clone(),
            recorded_at: p.recorded_at.clone(),
        }
    }
}

/// The next hole and its dealer.
#[derive(Debug, Serialize)]
pub struct NextView {
    /// Its number (playoff holes are numbered on their own).
    pub hole: u32,
    /// A sudden-death playoff hole.
    pub playoff: bool,
    /// Who deals it.
    pub dealer: String,
}

impl NextView {
    /// The next hole of `m`, if one is to come.
    pub fn of(m: &Match) -> Option<NextView> {
        m.next_hole().map(|(hole, playoff, dealer)| NextView {
            hole,
            playoff,
            dealer: m.players[dealer].clone(),
        })
    }

    /// `Next: hole 4, cat deals.`
    pub fn sentence(&self) -> String {
        let what = if self.playoff { "playoff hole" } else { "hole" };
        format!("Next: {what} {}, {} deals.", self.hole, self.dealer)
    }
}

/// How the result was reached.
#[derive(Debug, Serialize)]
pub struct ResultView {
    /// Players tied for the lowest total before any tiebreak.
    pub tied: Vec<String>,
    /// The method that broke the tie, if one did.
    pub decided_by: Option<Tiebreak>,
    /// Each method tried, with its figures.
    pub steps: Vec<StepView>,
    /// Players who must play a sudden-death playoff hole.
    pub playoff_needed: Option<Vec<String>>,
    /// The result in words.
    pub summary: String,
}

/// One tiebreak method tried.
#[derive(Debug, Serialize)]
pub struct StepView {
    /// The method.
    pub method: Tiebreak,
    /// Its figures.
    pub figures: Vec<String>,
    /// Still tied after it.
    pub remaining: Vec<String>,
}

impl PlayerView {
    fn new(m: &Match, s: Standing) -> PlayerView {
        PlayerView {
            name: s.name,
            seat: s.seat,
            total: s.total,
            // penalties included from the hole they were given on: ends at the total
            running: m.running_totals(s.seat),
            holes: s.holes,
            penalties: s.penalty_points,
            disqualified: s.disqualified,
        }
    }
}

/// The rows of the card: regular holes, then playoff holes, each with its dealer.
fn holes(m: &Match) -> Vec<HoleView> {
    let mut dealt = 0;
    m.regular_holes()
        .chain(m.playoff_holes())
        .map(|h| {
            dealt += 1;
            HoleView {
                number: h.number,
                playoff: h.playoff,
                dealer: m.players[m.dealer(dealt)].clone(),
                out: h.out.map(|s| m.players[s].clone()),
                knocked: h.knocked,
                note: h.note.clone(),
                amended: m
                    .audit
                    .iter()
                    .any(|a| a.action == "amend" && a.hole == Some(h.number) && !h.playoff),
                entries: (0..m.players.len())
                    .map(|seat| h.entry(seat).map(|e| EntryView::new(e, &m.rules)))
                    .collect(),
            }
        })
        .collect()
}

fn penalties(m: &Match) -> Vec<PenaltyView> {
    m.penalties.iter().map(|p| PenaltyView::new(m, p)).collect()
}

impl ResultView {
    fn new(m: &Match, outcome: &Outcome, finished: bool) -> ResultView {
        let names = |seats: &[usize]| -> Vec<String> {
            seats.iter().map(|&s| m.players[s].clone()).collect()
        };
        ResultView {
            tied: names(&outcome.tied),
            decided_by: outcome.decided_by,
            steps: outcome
                .steps
                .iter()
                .map(|s| StepView {
                    method: s.method,
                    figures: s.figures.clone(),
                    remaining: names(&s.remaining),
                })
                .collect(),
            playoff_needed: outcome.playoff_needed.as_deref().map(names),
            summary: m.summary(outcome, finished),
        }
    }
}

/// The whole scorecard.
#[derive(Debug, Serialize)]
pub struct CardView {
    /// Match id.
    #[serde(rename = "match")]
    pub id: i64,
    /// Name.
    pub name: Option<String>,
    /// Variant.
    pub rules: String,
    /// House rules.
    pub house: Vec<String>,
    /// Holes planned.
    pub holes_planned: u32,
    /// Regular holes recorded.
    pub holes_played: u32,
    /// Decks in play.
    pub decks: u32,
    /// Tiebreak chain.
    pub tiebreak: Vec<Tiebreak>,
    /// Finished.
    pub finished: bool,
    /// Started (RFC 3339).
    pub started_at: String,
    /// Finished (RFC 3339).
    pub finished_at: Option<String>,
    /// Abandoned (RFC 3339): kept, no result.
    pub abandoned_at: Option<String>,
    /// Players, seat order.
    pub players: Vec<PlayerView>,
    /// Holes, regular then playoff.
    pub holes: Vec<HoleView>,
    /// Penalties.
    pub penalties: Vec<PenaltyView>,
    /// Rules of play agreed (no scoring effect).
    pub play: Vec<String>,
    /// Winners, once the match is finished (empty before).
    pub winners: Vec<String>,
    /// Who leads while the match is in play (empty once finished).
    pub leaders: Vec<String>,
    /// How the result was reached.
    pub result: ResultView,
    /// The next hole to deal and who deals it; `None` when no hole is to come.
    pub next: Option<NextView>,
    /// Amendments and undos recorded.
    pub amendments: usize,
    /// Each player's chance to win, while holes are left to play (left out when not shown:
    /// no hole in yet, the match over, `--no-odds` or `odds = false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chances: Option<super::odds::ChancesView>,
    /// The entry an undo takes now (CLI.md "Bound to what was seen"): `{"kind":
    /// "hole"|"penalty", "id": ID, "hole": N}`, null when nothing is recorded.
    pub last_entry: Option<crate::game::LastEntry>,
    /// Each seat's place, 1 first, as [`crate::game::ranking`] ranks the match (RULES.md
    /// §8, §16): for the pictures and the TV, which list players in order; not part of
    /// `golf card --json`.
    #[serde(skip)]
    pub places: Vec<u32>,
}

impl CardView {
    /// Builds the scorecard of a match.
    pub fn new(m: &Match) -> CardView {
        let m = &*super::shown(m);
        let outcome = m.outcome();
        let finished = m.finished_at.is_some();
        let names = |seats: &[usize]| -> Vec<String> {
            seats.iter().map(|&s| m.players[s].clone()).collect()
        };
        let (winners, leaders) = if finished {
            (names(&outcome.winners), vec![])
        } else {
            (vec![], names(&outcome.winners))
        };
        CardView {
            id: m.id,
            name: m.name.clone(),
            rules: m.rules.name.clone(),
            house: m.rules.house.clone(),
            holes_planned: m.holes_planned,
            holes_played: m.holes_played(),
            decks: m.decks,
            tiebreak: m.tiebreak.clone(),
            finished,
            started_at: m.started_at.clone(),
            finished_at: m.finished_at.clone(),
            abandoned_at: m.abandoned_at.clone(),
            players: m
                .standings()
                .into_iter()
                .map(|s| PlayerView::new(m, s))
                .collect(),
            holes: holes(m),
            last_entry: m.last_entry(),
            penalties: penalties(m),
            play: m
                .rules
                .play
                .iter()
                .map(|p| format!("{}: {} ({})", p.name, p.text, p.source))
                .collect(),
            winners,
            leaders,
            result: ResultView::new(m, &outcome, finished),
            next: NextView::of(m),
            amendments: m.audit.len(),
            chances: None,
            places: m.ranking(),
        }
    }

    /// Whether a tie was broken (RULES.md §8): the match is finished, two or more players
    /// ended it on the lowest total after at least one hole, and the tiebreak chain was
    /// applied. Only then do the page, the TV and the picture say "How the tie was
    /// broken" — never for a tie in play (the summary says who leads), nor with the empty
    /// figures of a match with no hole yet.
    pub fn tie_broken(&self) -> bool {
        self.finished
            && self.holes_played > 0
            && self.result.tied.len() > 1
            && !self.result.steps.is_empty()
    }

    /// Renders the scorecard as text: a heading, the table, penalties, rules of play, result.
    pub fn render(&self, out: &Output) -> String {
        let mut text = out.wrap(&self.heading(out));
        let table = self.table(out);
        text.push_str(&table);
        text.push('\n');
        text.push_str(&out.wrap(&self.notes(table.contains(" → "))));
        text.push_str(&out.strong(out.wrap(&self.result.summary).trim_end()));
        text.push('\n');
        if let Some(chances) = &self.chances {
            text.push_str(out.wrap(&chances.sentence()).trim_end());
            text.push('\n');
        }
        if let Some(next) = &self.next {
            text.push_str(&next.sentence());
            text.push('\n');
        }
        text
    }

    fn heading(&self, out: &Output) -> String {
        let title = match &self.name {
            Some(name) => format!("Match {} — {name}", self.id),
            None => format!("Match {}", self.id),
        };
        let rules = crate::rules::label(&self.rules, &self.house);
        let state = match (self.finished, &self.abandoned_at) {
            (_, Some(_)) => "abandoned",
            (true, None) => "finished",
            (false, None) => "in play",
        };
        format!(
            "{} · {rules} · {} of {} holes · {} deck{} · {} · {state}\n",
            out.strong(&title),
            self.holes_played,
            self.holes_planned,
            self.decks,
            if self.decks == 1 { "" } else { "s" },
            local(&self.started_at),
        )
    }

    /// The table: holes (with front and back nine on 18 holes), penalties, total, then
    /// playoff holes.
    /// The table as wide as it needs, narrowed to fit the output's width: first without
    /// the running totals, then with names cut short; cells are never wrapped mid-row
    /// unless nothing else fits.
    fn table(&self, out: &Output) -> String {
        let free = Output {
            width: None,
            ..*out
        };
        [(true, false), (false, false), (false, true)]
            .into_iter()
            .map(|(running, short)| self.table_as(&free, running, short))
            .find(|t| out.fits(t))
            .unwrap_or_else(|| self.table_as(out, false, true))
    }

    fn table_as(&self, out: &Output, running: bool, short: bool) -> String {
        let name = |n: &str| -> String {
            match short && n.chars().count() > 6 {
                true => format!("{}.", n.chars().take(5).collect::<String>()),
                false => n.to_string(),
            }
        };
        let mut header = vec!["hole".to_string(), "dealer".into(), "out".into()];
        header.extend(self.players.iter().map(|p| name(&p.name)));
        let mut table = out.table(header);
        for hole in self.holes.iter().filter(|h| !h.playoff) {
            table.add_row(self.hole_row(hole, running, &name));
            if self.holes_planned == 18 && hole.number == 9 {
                table.add_row(labelled("front 9", self.subtotal(0..9)));
            }
            if self.holes_planned == 18 && hole.number == 18 {
                table.add_row(labelled("back 9", self.subtotal(9..18)));
            }
        }
        if self
            .penalties
            .iter()
            .any(|p| p.points != 0 || p.disqualifies)
        {
            let cells = self.players.iter().map(PlayerView::penalty_cell).collect();
            table.add_row(labelled("penalties", cells));
        }
        let totals = self
            .players
            .iter()
            .map(|p| match p.disqualified {
                true => format!("{} DQ", p.total),
                false => p.total.to_string(),
            })
            .collect();
        table.add_row(labelled("total", totals));
        for hole in self.holes.iter().filter(|h| h.playoff) {
            table.add_row(self.hole_row(hole, running, &name));
        }
        table.to_string()
    }

    fn subtotal(&self, range: std::ops::Range<usize>) -> Vec<String> {
        self.players
            .iter()
            .map(|p| {
                p.holes
                    .get(range.clone())
                    .map_or(0, |h| h.iter().sum::<i64>())
                    .to_string()
            })
            .collect()
    }

    fn hole_row(
        &self,
        hole: &HoleView,
        running: bool,
        name: &dyn Fn(&str) -> String,
    ) -> Vec<String> {
        let label = match (hole.playoff, hole.amended) {
            (true, _) => format!("playoff {}", hole.number),
            (false, true) => format!("{} (amended)", hole.number),
            (false, false) => hole.number.to_string(),
        };
        let mut row = vec![
            label,
            name(&hole.dealer),
            match (&hole.out, hole.knocked) {
                (Some(who), true) => format!("{} (knocked)", name(who)),
                (Some(who), false) => name(who),
                (None, _) => String::new(),
            },
        ];
        row.extend(hole.entries.iter().enumerate().map(|(seat, e)| {
            let Some(e) = e else {
                return "—".to_string();
            };
            let mut cell = e.total.to_string();
            if e.adjustment != 0 {
                cell.push_str(&format!(" ({}{:+})", e.score, e.adjustment));
            }
            if e.grid.is_none() {
                cell.push('*');
            }
            if let (false, true, Some(r)) = (
                hole.playoff,
                running,
                self.players[seat].running.get(hole.number as usize - 1),
            ) {
                cell.push_str(&format!(" → {r}"));
            }
            cell
        }));
        row
    }

    /// The lines under the table: the legend, penalties, agreed rules of play.
    fn notes(&self, running: bool) -> String {
        let mut text = String::new();
        if !self.holes.is_empty() {
            text.push_str("Each cell: hole score (grid score ± going-out adjustment)");
            text.push_str(if running {
                " → running total\n"
            } else {
                "\n"
            });
        }
        if self
            .holes
            .iter()
            .flat_map(|h| &h.entries)
            .flatten()
            .any(|e| e.grid.is_none())
        {
            text.push_str("* a bare score, recorded unchecked\n");
        }
        if self.holes.iter().any(|h| h.amended) {
            text.push_str("(amended) corrected with `golf amend`; `golf log` shows what changed\n");
        }
        for h in self.holes.iter().filter(|h| h.note.is_some()) {
            let what = if h.playoff { "Playoff hole" } else { "Hole" };
            let note = h.note.as_deref().unwrap_or_default();
            text.push_str(&format!("{what} {}: {note}\n", h.number));
        }
        for p in &self.penalties {
            text.push_str(&format!(
                "Penalty, hole {}: {} — {}\n",
                p.hole, p.player, p.reason
            ));
        }
        for p in &self.play {
            text.push_str(&format!("Agreed: {p}\n"));
        }
        text
    }
}

impl View for CardView {
    fn render(&self, out: &Output) -> String {
        CardView::render(self, out)
    }
}

/// A row with a label in the first column and `cells` under the players.
fn labelled(label: &str, cells: Vec<String>) -> Vec<String> {
    let mut row = vec![label.to_string(), String::new(), String::new()];
    row.extend(cells);
    row
}
