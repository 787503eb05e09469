//! `golf stats` and `golf head-to-head`.

use serde::Serialize;

use super::{Output, View};
use crate::store::stats::{Meeting, PlayerStats};
use crate::text::local_time;

/// `golf stats`: a row per player.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct StatsView(pub Vec<PlayerStats>);

impl View for StatsView {
    fn render(&self, out: &Output) -> String {
        let mut table = out.table(STATS_HEADERS.iter().map(|(short, long)| match out.wide {
            true => *long,
            false => *short,
        }));
        for s in &self.0 {
            table.add_row([
                s.player.clone(),
                s.matches.to_string(),
                s.wins.to_string(),
                s.shared_wins.to_string(),
                format!("{:.0}%", s.win_rate * 100.0),
                s.holes.to_string(),
                format!("{:.1}", s.mean_hole),
                format!("{:.1}", s.median_hole),
                s.best_hole.to_string(),
                s.worst_hole.to_string(),
                s.best_match.to_string(),
                s.worst_match.to_string(),
                s.ended.to_string(),
                s.ended_penalised.to_string(),
            ]);
        }
        match out.wide {
            true => format!("{table}\n"),
            false => format!("{table}\n{}", out.wrap(STATS_LEGEND)),
        }
    }
}

/// `golf stats --night [DATE]`: one evening's table.
#[derive(Debug, Serialize)]
pub struct NightView {
    /// The day (`2026-11-01`, local time).
    pub night: String,
    /// Finished matches that night.
    pub matches: usize,
    /// Each player's figures over that night's matches.
    pub players: Vec<PlayerStats>,
}

impl View for NightView {
    fn render(&self, out: &Output) -> String {
        let plural = if self.matches == 1 { "" } else { "es" };
        let players = StatsView(self.players.clone());
        format!(
            "Night of {}: {} match{plural}.\n{}",
            self.night,
            self.matches,
            players.render(out)
        )
    }
}

/// `golf stats`'s headers: short (with [`STATS_LEGEND`]) to fit 80 columns, and in full
/// (`--wide`).
const STATS_HEADERS: [(&str, &str); 14] = [
    ("player", "player"),
    ("M", "matches"),
    ("W", "wins"),
    ("=W", "shared"),
    ("W%", "win rate"),
    ("H", "holes"),
    ("mean", "mean"),
    ("med", "median"),
    ("best", "best"),
    ("worst", "worst"),
    ("bM", "best match"),
    ("wM", "worst match"),
    ("end", "ended"),
    ("pen", "ended+pen"),
];

/// What the short headers of `golf stats` stand for.
const STATS_LEGEND: &str = "M matches, W wins, =W shared wins, H holes; mean, med(ian), best and \
    worst hole score; bM/wM best/worst match total; end holes ended, pen of them penalised \
    (--wide: full headers)";

/// `golf head-to-head A B`.
#[derive(Debug, Serialize)]
pub struct HeadToHead {
    /// The two players, as asked.
    pub players: [String; 2],
    /// Finished matches both played.
    pub matches: usize,
    /// Matches each finished ahead in after the tiebreak chain (a countback win is a
    /// win; [`crate::game::ranking`]), by name.
    pub wins: std::collections::BTreeMap<String, usize>,
    /// Matches they finished level: the same place (a shared win, or equal totals).
    pub ties: usize,
    /// Holes each scored lower on, over all their matches, by name.
    pub holes_won: std::collections::BTreeMap<String, i64>,
    /// Every match: totals and holes won.
    pub meetings: Vec<Meeting>,
}

impl HeadToHead {
    /// The tally of `meetings` between `a` and `b`.
    pub fn new(a: &str, b: &str, meetings: Vec<Meeting>) -> HeadToHead {
        let count = |f: &dyn Fn(&Meeting) -> bool| meetings.iter().filter(|m| f(m)).count();
        let wins = [
            (a.to_string(), count(&|m| m.place_a < m.place_b)),
            (b.to_string(), count(&|m| m.place_b < m.place_a)),
        ];
        let holes = [
            (a.to_string(), meetings.iter().map(|m| m.holes_a).sum()),
            (b.to_string(), meetings.iter().map(|m| m.holes_b).sum()),
        ];
        HeadToHead {
            players: [a.to_string(), b.to_string()],
            matches: meetings.len(),
            ties: count(&|m| m.place_a == m.place_b),
            wins: wins.into_iter().collect(),
            holes_won: holes.into_iter().collect(),
            meetings,
        }
    }
}

impl View for HeadToHead {
    fn render(&self, out: &Output) -> String {
        let [a, b] = &self.players;
        if self.meetings.is_empty() {
            return format!("{a} and {b} have no finished match together yet.\n");
        }
        let mut table = out.table([
            "match",
            "date",
            a.as_str(),
            b.as_str(),
            "lower by",
            "holes won",
        ]);
        for m in &self.meetings {
            let by = ahead(m, a, b);
            table.add_row([
                m.id.to_string(),
                local_time(&m.started_at),
                m.total_a.to_string(),
                m.total_b.to_string(),
                by,
                format!("{}–{}", m.holes_a, m.holes_b),
            ]);
        }
        let won = |n: &String| self.wins.get(n).copied().unwrap_or(0);
        format!(
            "{table}\n{a} {} – {} {b} over {} match{}, {} level.\n",
            won(a),
            won(b),
            self.matches,
            if self.matches == 1 { "" } else { "es" },
            self.ties
        )
    }
}

/// Who finished ahead in meeting `m` and how: by points, on the tiebreak, or because the
/// other was disqualified; "level" when they share a place.
fn ahead(m: &Meeting, a: &str, b: &str) -> String {
    let (first, second, lower, higher) = match m.place_a.cmp(&m.place_b) {
        std::cmp::Ordering::Equal => return "level".into(),
        std::cmp::Ordering::Less => (a, b, m.total_a, m.total_b),
        std::cmp::Ordering::Greater => (b, a, m.total_b, m.total_a),
    };
    match lower.cmp(&higher) {
        std::cmp::Ordering::Less => format!("{first} by {}", higher - lower),
        std::cmp::Ordering::Equal => format!("{first} on the tiebreak"),
        std::cmp::Ordering::Greater => format!("{first} ({second} disqualified)"),
    }
}
