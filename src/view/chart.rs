//! `golf chart`: running totals per player, hole by hole (or one player's hole scores over
//! their matches), drawn in the terminal (textplots) or written as SVG (plotters).

use plotters::prelude::*;
use serde::Serialize;
use textplots::{Chart, ColorPlot, LabelBuilder, LabelFormat, Plot, Shape};

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
    /// Why there is no line to draw, when there is none (ratings of a single night): the
    /// chart is then shown as a table of each line's last value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_line: Option<String>,
    /// Both axes are chances, 0 to 1, labelled in percent (the reliability diagram).
    #[serde(skip)]
    pub percent_axes: bool,
}

/// The colours of the lines, in order, the same in the terminal and in the SVG: Okabe and
/// Ito's palette for colour-blind eyes ("Color Universal Design", 2008), without its yellow,
/// which cannot be read on white; its sky blue and orange darkened so every line stands
/// at least 3:1 against white (WCAG's contrast for graphics), its black a grey, which a
/// dark terminal shows too.
/// A terminal without 24-bit colour (`COLORTERM` is not `truecolor` or `24bit`) draws each
/// in the nearest of its own sixteen, chosen by hand so no two lines share one. Each has a
/// marker naming its line when colour is off.
pub const PALETTE: [Hue; 7] = [
    Hue {
        rgb: (0, 114, 178),
        name: "blue",
        ansi: ((0, 0, 238), "blue"),
        marker: '●',
    },
    Hue {
        rgb: (213, 94, 0),
        name: "vermilion",
        ansi: ((205, 0, 0), "red"),
        marker: '■',
    },
    Hue {
        rgb: (0, 158, 115),
        name: "green",
        ansi: ((0, 205, 0), "green"),
        marker: '▲',
    },
    Hue {
        rgb: (204, 121, 167),
        name: "pink",
        ansi: ((205, 0, 205), "magenta"),
        marker: '◆',
    },
    Hue {
        rgb: (40, 140, 200),
        name: "sky blue",
        ansi: ((0, 205, 205), "cyan"),
        marker: '★',
    },
    Hue {
        rgb: (180, 110, 0),
        name: "orange",
        ansi: ((255, 0, 0), "bright red"),
        marker: '✚',
    },
    Hue {
        rgb: (119, 119, 119),
        name: "grey",
        ansi: ((127, 127, 127), "grey"),
        marker: '○',
    },
];

/// One line's colour: its RGB and name, the terminal colour standing for it where there
/// are only sixteen, and its marker when colour is off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hue {
    /// Red, green, blue (the SVG's, and a 24-bit terminal's).
    pub rgb: (u8, u8, u8),
    /// What the legend calls it.
    pub name: &'static str,
    /// The sixteen-colour terminal's stand-in: its RGB as the `colored` crate knows it (so
    /// that crate draws exactly that colour) and its name.
    pub ansi: ((u8, u8, u8), &'static str),
    /// The symbol naming the line when colour is off.
    pub marker: char,
}

/// The colour of the `i`-th line (the palette repeats after seven).
pub fn hue(i: usize) -> Hue {
    PALETTE[i % PALETTE.len()]
}

impl Hue {
    /// The colour a terminal draws this line in, and its name: the palette's own on a
    /// 24-bit terminal, else its sixteen-colour stand-in.
    fn in_terminal(self) -> ((u8, u8, u8), &'static str) {
        let truecolor = std::env::var("COLORTERM").is_ok_and(|c| c == "truecolor" || c == "24bit");
        match truecolor {
            true => (self.rgb, self.name),
            false => self.ansi,
        }
    }

    /// The escape code the terminal line is drawn with: the one `colored` (under
    /// textplots) writes for it, so the legend's colour is the line's by construction.
    pub fn code(self) -> String {
        let ((r, g, b), _) = self.in_terminal();
        colored::Color::TrueColor { r, g, b }
            .to_fg_str()
            .into_owned()
    }
}

/// Whether `rest` (what follows an escape character golf is about to print) begins with
/// one of the colours the chart draws its lines in on this terminal — each hue's 24-bit
/// code, or its sixteen-colour stand-in, as the `colored` crate writes it — so printing the
/// chart ([`crate::view::Output::show_keeping`]) keeps its own colours and escapes any other
/// sequence.
pub fn is_own_colour(rest: &str) -> bool {
    static CODES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let codes = CODES.get_or_init(|| {
        // exactly the codes drawn on this terminal ([`Hue::code`])
        PALETTE.iter().map(|h| format!("[{}m", h.code())).collect()
    });
    codes.iter().any(|c| rest.starts_with(c.as_str()))
}

/// A value on an axis or in the legend: whole numbers without a decimal point (`9`, `-4`),
/// anything else to two places (a rating).
fn figure(v: f32) -> String {
    match v.fract() == 0.0 {
        true => format!("{v:.0}"),
        false => format!("{v:.2}"),
    }
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
            no_line: None,
            percent_axes: false,
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
            no_line: None,
            percent_axes: false,
        }
    }

    /// Every player's Weng–Lin rating (μ − 3σ, RULES.md §16) at the end of each night they
    /// played: x is the night's number among the nights with a rated match (1 = the first),
    /// y the rating; every line starts at 0, a newcomer's rating, on the night before its
    /// first.
    pub fn ratings(r: &crate::ratings::Ratings) -> ChartView {
        rating_lines(&r.courses, &r.nights, "Ratings (μ − 3σ)")
    }

    /// Every player's Plackett–Luce rating (100·ln γ, RULES.md §16) after each night from
    /// their first: the fit over every match up to that night's end
    /// ([`crate::ratings::plackett_luce::nightly`]), x and the start of each line as
    /// [`ChartView::ratings`].
    pub fn plackett_luce(n: &crate::ratings::plackett_luce::Nightly) -> ChartView {
        rating_lines(
            &n.courses,
            &n.nights,
            "Ratings (Plackett–Luce, 100·ln γ, each night the fit up to it)",
        )
    }

    /// The reliability diagram of the odds' track record (`golf odds --check`, RULES.md
    /// §15, §16): x the mean chance shown in each tenth, y how often it came true (the mean
    /// share of the win), one point per non-empty tenth; and the diagonal, where reliable
    /// odds lie.
    pub fn reliability(record: &crate::odds::check::OddsCheck) -> ChartView {
        let points = record
            .reliability
            .iter()
            .map(|b| (b.predicted as f32, b.won as f32))
            .collect();
        ChartView {
            title: format!(
                "Odds against what happened: {} positions of {} finished matches",
                record.predictions, record.matches
            ),
            x: "chance shown".into(),
            y: "came true".into(),
            series: vec![
                Series {
                    name: "golf odds".into(),
                    points,
                },
                Series {
                    name: "perfect odds".into(),
                    points: vec![(0.0, 0.0), (1.0, 1.0)],
                },
            ],
            names_on_lines: true,
            no_line: None,
            percent_axes: true,
        }
    }

    fn x_max(&self) -> f32 {
        self.series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .fold(1.0, f32::max)
    }

    /// The y range drawn, widened to whole numbers so the axis reads in them.
    fn y_range(&self) -> (f32, f32) {
        let ys = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1));
        let (lo, hi) = ys.fold((0.0f32, 1.0f32), |(lo, hi), y| (lo.min(y), hi.max(y)));
        let (lo, hi) = (lo.floor(), hi.ceil());
        (lo, if hi > lo { hi } else { lo + 1.0 })
    }

    /// The SVG's right margin in pixels: room for the longest name written at a line's end
    /// (14-pixel sans-serif, at most 9 pixels a character), else a plain margin.
    pub fn svg_right_margin(&self) -> u32 {
        let longest = match self.names_on_lines {
            true => self
                .series
                .iter()
                .map(|s| super::wrap::display_width(&s.name))
                .max()
                .unwrap_or(0),
            false => 0,
        };
        12 + 9 * u32::try_from(longest).unwrap_or(u32::MAX / 16).min(60)
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
                .margin_right(self.svg_right_margin())
                .x_label_area_size(36)
                .y_label_area_size(48)
                .build_cartesian_2d(0f32..self.x_max(), lo..hi)
                .map_err(|e| fail(&e))?;
            // whole numbers only on the axes: a tick between two holes has no label
            let whole = |v: &f32| match v.fract() == 0.0 {
                true => format!("{v:.0}"),
                false => String::new(),
            };
            let rating = |v: &f32| figure(*v);
            let percent = |v: &f32| format!("{:.0}%", v * 100.0);
            let y_labels: &dyn Fn(&f32) -> String = match (self.percent_axes, self.y == "rating") {
                (true, _) => &percent,
                (false, true) => &rating,
                (false, false) => &whole,
            };
            let x_labels: &dyn Fn(&f32) -> String = match self.percent_axes {
                true => &percent,
                false => &whole,
            };
            chart
                .configure_mesh()
                .x_desc(self.x.as_str())
                .y_desc(self.y.as_str())
                .x_label_formatter(x_labels)
                .y_label_formatter(y_labels)
                .draw()
                .map_err(|e| fail(&e))?;
            for (i, s) in self.series.iter().enumerate() {
                let (r, g, b) = hue(i).rgb;
                let color = RGBColor(r, g, b).to_rgba();
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
    /// `drawing` (textplots' rows) with each line's name (and its marker when colour is off)
    /// written after the row its last point is on, `lo` to `hi` being the y range drawn.
    fn name_line_ends(&self, drawing: &str, lo: f32, hi: f32, out: &Output) -> String {
        let mut names: Vec<Vec<String>> = vec![Vec::new(); ROWS];
        for (i, s) in self.series.iter().enumerate() {
            if let Some(&(_, y)) = s.points.last() {
                let row = ((hi - y) / (hi - lo) * ROWS as f32).floor();
                let name = match out.color {
                    true => s.name.clone(),
                    false => format!("{} {}", hue(i).marker, s.name),
                };
                names[(row.max(0.0) as usize).min(ROWS - 1)].push(name);
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

/// The chart of rating `courses` over `nights` (oldest first), titled `what` and the span:
/// a line per player from 0 on the night before their first point.
fn rating_lines(courses: &[crate::ratings::Course], nights: &[String], what: &str) -> ChartView {
    let number = |night: &str| nights.iter().position(|n| n == night).map_or(0, |i| i + 1);
    let series = courses
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
    let span = match nights {
        [] => String::new(),
        [one] => format!(", one night ({one})"),
        [a, .., b] => format!(", {} nights from {a} to {b}", nights.len()),
    };
    // a line needs two nights: after one there is only each player's first rating
    let no_line = match nights {
        [night] => Some(format!(
            "Only one night is rated ({night}): a line needs two nights."
        )),
        _ => None,
    };
    ChartView {
        title: format!("{what} night by night{span}"),
        x: "night".into(),
        y: "rating".into(),
        series,
        names_on_lines: true,
        no_line,
        percent_axes: false,
    }
}

impl View for ChartView {
    fn render(&self, out: &Output) -> String {
        if let Some(why) = &self.no_line {
            let mut table = out.table([self.x.as_str(), "player", self.y.as_str()]);
            for s in &self.series {
                if let Some(&(x, y)) = s.points.last() {
                    table.add_row([figure(x), s.name.clone(), figure(y)]);
                }
            }
            return format!("{}\n{why} The ratings after it:\n{table}\n", self.title);
        }
        let width = out
            .width
            .map_or(120, |w| (u32::from(w).saturating_sub(12) * 2).max(32));
        let shapes: Vec<Shape> = self
            .series
            .iter()
            .map(|s| Shape::Lines(&s.points))
            .collect();
        let (lo, hi) = self.y_range();
        // textplots colours through the `colored` crate, which decides by itself whether
        // stdout is a terminal: golf's own choice (--color, NO_COLOR) decides instead
        colored::control::set_override(out.color);
        let mut chart = Chart::new_with_y_range(width, 60, 0.0, self.x_max(), lo, hi);
        let rating = self.y == "rating";
        let percent = self.percent_axes;
        let mut drawn: &mut Chart = &mut chart;
        drawn = drawn.x_label_format(LabelFormat::Custom(Box::new(move |v| match percent {
            true => format!("{:.0}%", v * 100.0),
            false => format!("{v:.0}"),
        })));
        drawn = drawn.y_label_format(LabelFormat::Custom(Box::new(move |v| {
            match (percent, rating) {
                (true, _) => format!("{:.0}%", v * 100.0),
                (false, true) => figure(v),
                (false, false) => format!("{v:.0}"),
            }
        })));
        for (i, shape) in shapes.iter().enumerate() {
            drawn = match out.color {
                true => {
                    let ((r, g, b), _) = hue(i).in_terminal();
                    drawn.linecolorplot(shape, rgb::RGB8 { r, g, b })
                }
                false => drawn.lineplot(shape),
            };
        }
        drawn.axis();
        drawn.figures();
        let mut drawing = drawn.to_string();
        colored::control::unset_override();
        // without colour the lines look alike: each is named at its end with its marker
        if self.names_on_lines || !out.color {
            drawing = self.name_line_ends(&drawing, lo, hi, out);
        }
        let mut text = format!("{}\n{drawing}", self.title);
        text.push_str(&format!("x: {}, y: {}\n", self.x, self.y));
        for (i, s) in self.series.iter().enumerate() {
            let last = figure(s.points.last().map_or(0.0, |p| p.1));
            text.push_str(&format!("  {} — {last}\n", legend_key(i, &s.name, out)));
        }
        text
    }
}

/// A line's key in the legend, drawn as the line is: `━━ ann (blue)` in the very colour
/// code its line is drawn with, or `● ann` with its marker when colour is off.
fn legend_key(i: usize, name: &str, out: &Output) -> String {
    let h = hue(i);
    match out.color {
        true => format!("\x1b[{}m━━ {name}\x1b[0m ({})", h.code(), h.in_terminal().1),
        false => format!("{} {name}", h.marker),
    }
}
