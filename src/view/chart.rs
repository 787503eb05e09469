//! `golf chart`: running totals per player, hole by hole (or one player's hole scores over
//! their matches), drawn in the terminal (textplots) or written as SVG (plotters).

use plotters::prelude::*;
use serde::Serialize;
use textplots::{Chart, ColorPlot, Plot, Shape};

use super::{Output, View};
use crate::game::Match;

/// One line of a chart.
#[derive(Debug, Clone, Serialize)]
pub struct Series {
    /// Whose line.
    pub name: String,
    /// `(x, y)`: hole (or hole played) and running total (or hole score).
    pub points: Vec<(f32, f32)>,
}

/// A chart: a title, what x and y are, the lines.
#[derive(Debug, Clone, Serialize)]
pub struct ChartView {
    /// What it shows.
    pub title: String,
    /// The x axis.
    pub x: String,
    /// The y axis.
    pub y: String,
    /// One line per player.
    pub series: Vec<Series>,
    /// Write each line's name at its end (the lines cross, so a legend alone is not enough).
    #[serde(skip)]
    pub names_on_lines: bool,
}

impl ChartView {
    /// Running totals of every player of `m`, hole by hole (0 before the first hole),
    /// penalties included from the hole they were given on, so each line ends at the
    /// card's total ([`Match::running_totals`]).
    pub fn running(m: &Match) -> ChartView {
        let m = &*super::shown(m);
        let series = m
            .standings()
            .into_iter()
            .map(|s| {
                let mut points = vec![(0.0, 0.0)];
                for (i, total) in m.running_totals(s.seat).into_iter().enumerate() {
                    points.push(((i + 1) as f32, total as f32));
                }
                Series {
                    name: s.name,
                    points,
                }
            })
            .collect();
        ChartView {
            title: format!("Match {}: running totals", m.id),
            x: "hole".into(),
            y: "total".into(),
            series,
            names_on_lines: false,
        }
    }

    /// `player`'s hole scores over `matches` (oldest first), one point per hole played.
    pub fn player(player: &str, matches: &[Match]) -> ChartView {
        let mut points = Vec::new();
        for m in matches {
            let Ok(seat) = crate::player::find(&m.players, player) else {
                continue;
            };
            for h in m.standings()[seat].holes.iter() {
                points.push(((points.len() + 1) as f32, *h as f32));
            }
        }
        ChartView {
            title: format!("{player}: hole scores over {} matches", matches.len()),
            x: "hole played".into(),
            y: "hole score".into(),
            series: vec![Series {
                name: player.to_string(),
                points,
            }],
            names_on_lines: false,
        }
    }

    /// Every player's rating (μ − 3σ, RULES.md §16) at the end of each night they played:
    /// x is the night's number among the nights with a rated match (1 = the first), y the
    /// rating; every line starts at 0, a newcomer's rating, on the night before its first.
    pub fn ratings(r: &crate::ratings::Ratings) -> ChartView {
        let number = |night: &str| {
            r.nights
                .iter()
                .position(|n| n == night)
                .map_or(0, |i| i + 1)
        };
        let series = r
            .courses
            .iter()
            .map(|c| {
                let first = c.nights.first().map_or(1, |(n, _)| number(n));
                let mut points = vec![((first - 1) as f32, 0.0)];
                points.extend(c.nights.iter().map(|(n, v)| (number(n) as f32, *v as f32)));
                Series {
                    // stored names, shown escaped (the store keeps them as given)
                    name: crate::text::escape(&c.player).to_string(),
                    points,
                }
            })
            .collect();
        let span = match (r.nights.first(), r.nights.last()) {
            (Some(a), Some(b)) => format!(", {} nights from {a} to {b}", r.nights.len()),
            _ => String::new(),
        };
        ChartView {
            title: format!("Ratings (μ − 3σ) night by night{span}"),
            x: "night".into(),
            y: "rating".into(),
            series,
            names_on_lines: true,
        }
    }

    fn x_max(&self) -> f32 {
        self.series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .fold(1.0, f32::max)
    }

    fn y_range(&self) -> (f32, f32) {
        let ys = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1));
        let (lo, hi) = ys.fold((0.0f32, 1.0f32), |(lo, hi), y| (lo.min(y), hi.max(y)));
        (lo, if hi > lo { hi } else { lo + 1.0 })
    }

    /// The chart as an SVG document.
    pub fn svg(&self) -> crate::error::Result<String> {
        let mut svg = String::new();
        let fail = |e: &dyn std::fmt::Display| anyhow::anyhow!("cannot draw the chart: {e}");
        {
            let root = SVGBackend::with_string(&mut svg, (800, 480)).into_drawing_area();
            root.fill(&WHITE).map_err(|e| fail(&e))?;
            let (lo, hi) = self.y_range();
            let mut chart = ChartBuilder::on(&root)
                .caption(&self.title, ("sans-serif", 20))
                .margin(12)
                .x_label_area_size(36)
                .y_label_area_size(48)
                .build_cartesian_2d(0f32..self.x_max(), lo..hi)
                .map_err(|e| fail(&e))?;
            chart
                .configure_mesh()
                .x_desc(self.x.as_str())
                .y_desc(self.y.as_str())
                .draw()
                .map_err(|e| fail(&e))?;
            for (i, s) in self.series.iter().enumerate() {
                let color = Palette99::pick(i).to_rgba();
                chart
                    .draw_series(LineSeries::new(s.points.clone(), color.stroke_width(2)))
                    .map_err(|e| fail(&e))?
                    .label(s.name.as_str())
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
                if let (true, Some(&end)) = (self.names_on_lines, s.points.last()) {
                    let name = Text::new(
                        s.name.clone(),
                        end,
                        ("sans-serif", 14).into_font().color(&color),
                    );
                    chart
                        .draw_series(std::iter::once(name))
                        .map_err(|e| fail(&e))?;
                }
            }
            chart
                .configure_series_labels()
                .background_style(WHITE)
                .border_style(BLACK)
                .draw()
                .map_err(|e| fail(&e))?;
            root.present().map_err(|e| fail(&e))?;
        }
        Ok(svg)
    }
}

/// Rows of braille characters the terminal chart is drawn in (60 dots, 4 to a row).
const ROWS: usize = 15;

impl ChartView {
    /// `drawing` (textplots' rows) with each line's name written after the row its last
    /// point is on, `lo` to `hi` being the y range drawn.
    fn name_line_ends(&self, drawing: &str, lo: f32, hi: f32) -> String {
        let mut names: Vec<Vec<&str>> = vec![Vec::new(); ROWS];
        for s in &self.series {
            if let Some(&(_, y)) = s.points.last() {
                let row = ((hi - y) / (hi - lo) * ROWS as f32).floor();
                names[(row.max(0.0) as usize).min(ROWS - 1)].push(&s.name);
            }
        }
        let mut out = String::new();
        for (i, line) in drawing.lines().enumerate() {
            out.push_str(line);
            if let Some(here) = names.get(i).filter(|n| !n.is_empty()) {
                out.push_str(&format!(" ← {}", here.join(", ")));
            }
            out.push('\n');
        }
        out
    }
}

/// Colours of the terminal lines, and the shape each line takes without colour.
const COLOURS: [(u8, u8, u8, &str); 6] = [
    (230, 80, 80, "red"),
    (80, 160, 230, "blue"),
    (90, 200, 90, "green"),
    (230, 180, 60, "yellow"),
    (190, 110, 220, "purple"),
    (80, 210, 210, "cyan"),
];

impl View for ChartView {
    fn render(&self, out: &Output) -> String {
        let width = out
            .width
            .map_or(120, |w| (u32::from(w).saturating_sub(12) * 2).max(32));
        let shapes: Vec<Shape> = self
            .series
            .iter()
            .map(|s| Shape::Lines(&s.points))
            .collect();
        let (lo, hi) = self.y_range();
        let mut chart = Chart::new_with_y_range(width, 60, 0.0, self.x_max(), lo, hi);
        let mut drawn: &mut Chart = &mut chart;
        for (i, shape) in shapes.iter().enumerate() {
            drawn = match out.color {
                true => {
                    let (r, g, b, _) = COLOURS[i % COLOURS.len()];
                    drawn.linecolorplot(shape, rgb::RGB8 { r, g, b })
                }
                false => drawn.lineplot(shape),
            };
        }
        drawn.axis();
        drawn.figures();
        let mut drawing = drawn.to_string();
        if self.names_on_lines {
            drawing = self.name_line_ends(&drawing, lo, hi);
        }
        let mut text = format!("{}\n{drawing}", self.title);
        text.push_str(&format!("x: {}, y: {}\n", self.x, self.y));
        for (i, s) in self.series.iter().enumerate() {
            // a total is whole; a rating is shown to two places, as `golf ratings` shows it
            let last = match s.points.last().map_or(0.0, |p| p.1) {
                v if v.fract() == 0.0 => format!("{v}"),
                v => format!("{v:.2}"),
            };
            let colour = if out.color {
                COLOURS[i % COLOURS.len()].3
            } else {
                ""
            };
            text.push_str(&format!("  {} {colour} — {last}\n", s.name));
        }
        text
    }
}
