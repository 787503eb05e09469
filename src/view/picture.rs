//! The scorecard as a picture to share (CLI.md "Pictures to share"): one SVG drawn from the
//! card's view ([`CardView`], what `golf card --json` prints) — the match's label and date,
//! the rules, every hole with its dealer and each player's score and running total, the
//! totals, the result and how a tie was broken — and that same SVG rendered to PNG by
//! resvg. The PNG's text is set in DejaVu Sans, embedded in the binary
//! (`assets/fonts/`, its licence in `assets/fonts/LICENSE-DejaVu.txt`), so the picture is
//! the same on every machine: no system font, no file and no network is read. The SVG names
//! that family first and `sans-serif` after it, and refers to nothing outside itself.

use std::fmt::Write as _;
use std::sync::Arc;

use resvg::{tiny_skia, usvg};

use super::card::{CardView, HoleView};
use super::wrap::display_width;
use crate::error::Result;

/// DejaVu Sans, regular (Bitstream Vera licence: `assets/fonts/LICENSE-DejaVu.txt`).
const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans, bold (the same licence).
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// The family of the embedded font, named first in the SVG's `font-family`.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// The picture's width in pixels; only a table too wide for it (many players with long
/// dealer names) makes the picture wider. The height follows the rows.
pub const WIDTH: u32 = 1200;

/// Space around everything, in pixels.
const MARGIN: f64 = 40.0;
/// The hole column's width: room for "playoff 12" and "penalties".
const LABEL_W: f64 = 120.0;
/// The narrowest a player's column gets before the picture widens.
const MIN_PLAYER_W: f64 = 64.0;
/// A hole row: the score, and the running total under it.
const ROW_H: f64 = 44.0;
/// The header row of player names.
const HEAD_H: f64 = 40.0;

const INK: &str = "#1b2a22";
const GREY: &str = "#5f6b64";
const GREEN: &str = "#1f5f3f";
const ZEBRA: &str = "#f1f5f2";
const WINNER: &str = "#fff1b8";
const TOTALS: &str = "#dde8e0";
const OUT: &str = "#2e8b57";
const KNOCK: &str = "#d2691e";

/// The scorecard as a self-contained SVG document, [`WIDTH`] pixels wide (wider only for a
/// table that needs it) and as tall as its rows: up to 36 holes and any playoff holes, for
/// up to 16 players. Every text from the match (names, rules, the result) is escaped for
/// XML; long names are cut short with "…" in the table and given whole in the standings.
pub fn svg(card: &CardView) -> String {
    Picture::new(card).draw(card)
}

/// The same SVG as [`svg`], rendered to PNG (8-bit RGB, no alpha) at one pixel per SVG
/// unit with the embedded DejaVu Sans.
///
/// # Errors
/// A system error (exit 1) if the SVG cannot be rendered or encoded: a bug, as golf wrote
/// the SVG itself.
pub fn png(card: &CardView) -> Result<Vec<u8>> {
    render(&svg(card), None)
}

/// `svg` (one golf wrote) as a PNG on white, `width` pixels wide when given (scaled to it),
/// else at its own size; text in the embedded DejaVu Sans. For the scorecard ([`png`]) and
/// for `golf serve`'s icons.
///
/// # Errors
/// A system error (exit 1) if the SVG cannot be rendered or encoded.
pub fn render(svg: &str, width: Option<u32>) -> Result<Vec<u8>> {
    let fail = |what: &str, e: &dyn std::fmt::Display| {
        anyhow::anyhow!("cannot draw the picture: {what}: {e}")
    };
    let mut fonts = usvg::fontdb::Database::new();
    for face in [REGULAR, BOLD] {
        fonts.load_font_source(usvg::fontdb::Source::Binary(Arc::new(face)));
    }
    fonts.set_sans_serif_family(FONT_FAMILY);
    let options = usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        fontdb: Arc::new(fonts),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| fail("the SVG", &e))?;
    let own = tree.size();
    let scale = width.map_or(1.0, |w| w as f32 / own.width());
    let size = own
        .to_int_size()
        .scale_by(scale)
        .unwrap_or(own.to_int_size());
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| fail("the canvas", &format!("{}×{}", size.width(), size.height())))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    // the background is opaque white: RGB is a quarter smaller than RGBA
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, size.width(), size.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    encoder.set_filter(png::Filter::Adaptive);
    let mut writer = encoder
        .write_header()
        .map_err(|e| fail("the PNG header", &e))?;
    writer
        .write_image_data(&rgb)
        .map_err(|e| fail("the PNG", &e))?;
    writer.finish().map_err(|e| fail("the PNG", &e))?;
    Ok(bytes)
}

/// Text escaped for XML: `& < > " '` as entities, and any character XML 1.0 cannot hold
/// (a control character, U+FFFE, U+FFFF) left out.
pub fn xml_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if c < ' ' || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

/// How wide `text` is set at `size` pixels, estimated from DejaVu Sans's advances by kind
/// of character (in em: a space 0.32, a narrow letter or stop 0.3, `f t r` 0.42, a digit
/// 0.64, a capital 0.72, a wide letter 0.9, others 0.62; the bold 12% wider), a wide
/// character (CJK) counted twice.
fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            ' ' => 0.32,
            'i' | 'j' | 'l' | 'I' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' => 0.3,
            'f' | 't' | 'r' => 0.42,
            '0'..='9' => 0.64,
            'm' | 'w' | 'M' | 'W' | '—' | '…' => 0.9,
            c if c.is_uppercase() => 0.72,
            c => 0.62 * display_width(c.encode_utf8(&mut [0; 4])).max(1) as f64,
        })
        .sum();
    em * size * if bold { 1.12 } else { 1.0 }
}

/// `text` cut short with "…" to fit `width` pixels at `size`.
fn fit(text: &str, size: f64, bold: bool, width: f64) -> String {
    if text_width(text, size, bold) <= width {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && text_width(&format!("{cut}…"), size, bold) > width {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

/// `text` broken into lines of at most `width` pixels at `size`, between words; a word
/// longer than a line is cut short.
fn wrap(text: &str, size: f64, bold: bool, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let joined = match line.is_empty() {
            true => word.to_string(),
            false => format!("{line} {word}"),
        };
        if text_width(&joined, size, bold) <= width || line.is_empty() {
            line = joined;
        } else {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
        .into_iter()
        .map(|l| fit(&l, size, bold, width))
        .collect()
}

/// A number as SVG writes it: at most one decimal.
fn n(v: f64) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// How a piece of text is set.
#[derive(Clone, Copy)]
struct Style {
    size: f64,
    bold: bool,
    fill: &'static str,
    /// `start`, `middle` or `end`.
    anchor: &'static str,
}

impl Style {
    fn new(size: f64) -> Style {
        Style {
            size,
            bold: false,
            fill: INK,
            anchor: "start",
        }
    }

    fn bold(self) -> Style {
        Style { bold: true, ..self }
    }

    fn fill(self, fill: &'static str) -> Style {
        Style { fill, ..self }
    }

    fn middle(self) -> Style {
        Style {
            anchor: "middle",
            ..self
        }
    }
}

/// The picture being drawn: its geometry and the SVG body so far.
struct Picture {
    width: f64,
    dealer_w: f64,
    player_w: f64,
    /// Whether each seat's column is shaded: a winner's, or a leader's in play.
    ahead: Vec<bool>,
    body: String,
    /// The top of what comes next.
    y: f64,
}

impl Picture {
    fn new(card: &CardView) -> Picture {
        let longest = card
            .holes
            .iter()
            .map(|h| text_width(&h.dealer, 16.0, false))
            .fold(0.0, f64::max);
        let dealer_w = (longest + 24.0).clamp(96.0, 180.0);
        let players = card.players.len().max(1) as f64;
        let table = LABEL_W + dealer_w + players * MIN_PLAYER_W;
        let width = f64::from(WIDTH).max(table + 2.0 * MARGIN).ceil();
        let player_w = (width - 2.0 * MARGIN - LABEL_W - dealer_w) / players;
        Picture {
            width,
            dealer_w,
            player_w,
            ahead: Vec::new(),
            body: String::new(),
            y: MARGIN,
        }
    }

    /// The width text may take between the margins.
    fn inner(&self) -> f64 {
        self.width - 2.0 * MARGIN
    }

    fn text(&mut self, x: f64, baseline: f64, style: Style, text: &str) {
        let _ = write!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}"{}{}{}>{}</text>"#,
            n(x),
            n(baseline),
            n(style.size),
            if style.bold {
                r#" font-weight="bold""#
            } else {
                ""
            },
            if style.fill == INK {
                String::new()
            } else {
                format!(r#" fill="{}""#, style.fill)
            },
            if style.anchor == "start" {
                String::new()
            } else {
                format!(r#" text-anchor="{}""#, style.anchor)
            },
            xml_text(text)
        );
        self.body.push('\n');
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}"/>"#,
            n(x),
            n(y),
            n(w),
            n(h)
        );
    }

    /// A row's background, the winners' columns shaded.
    fn row_background(&mut self, fill: &str) {
        self.rect(MARGIN, self.y, self.inner(), ROW_H, fill);
        let shaded: Vec<f64> = (0..self.ahead.len())
            .filter(|&seat| self.ahead[seat])
            .map(|seat| self.column(seat))
            .collect();
        for x in shaded {
            self.rect(x, self.y, self.player_w, ROW_H, WINNER);
        }
    }

    /// A paragraph between the margins, wrapped; moves down past it.
    fn paragraph(&mut self, style: Style, text: &str) {
        let leading = (style.size * 1.35).round();
        for line in wrap(text, style.size, style.bold, self.inner()) {
            self.y += leading;
            self.text(MARGIN, self.y - leading * 0.28, style, &line);
        }
    }

    /// The x of the left edge of player `seat`'s column.
    fn column(&self, seat: usize) -> f64 {
        MARGIN + LABEL_W + self.dealer_w + seat as f64 * self.player_w
    }

    fn draw(mut self, card: &CardView) -> String {
        self.heading(card);
        self.table(card);
        self.result(card);
        self.legend(card);
        let height = (self.y + MARGIN).ceil();
        format!(
            concat!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}" "#,
                r#"font-family="{font}, sans-serif">"#,
                "\n<title>{title}</title>\n",
                r#"<rect width="{w}" height="{h}" fill="white"/>"#,
                "\n{body}</svg>\n"
            ),
            w = n(self.width),
            h = n(height),
            font = FONT_FAMILY,
            title = xml_text(&title(card)),
            body = self.body
        )
    }

    /// The match's label, its rules, and when it was played.
    fn heading(&mut self, card: &CardView) {
        let title = fit(&title(card), 32.0, true, self.inner());
        self.y += 36.0;
        self.text(
            MARGIN,
            self.y - 4.0,
            Style::new(32.0).bold().fill(GREEN),
            &title,
        );
        self.y += 8.0;
        let rules = crate::rules::label(&card.rules, &card.house);
        self.paragraph(Style::new(20.0), &format!("Rules: {rules}"));
        let state = match (card.finished, &card.abandoned_at) {
            (_, Some(_)) => "abandoned",
            (true, None) => "finished",
            (false, None) => "in play",
        };
        let played = crate::text::local_time(&card.started_at);
        let line = format!(
            "{played} · {} of {} holes · {} deck{} · {state}",
            card.holes_played,
            card.holes_planned,
            card.decks,
            if card.decks == 1 { "" } else { "s" },
        );
        self.paragraph(Style::new(16.0).fill(GREY), &line);
        self.y += 20.0;
    }

    /// The table: a header of names, a row per hole (front and back nine on 18 holes),
    /// penalties, totals, then playoff holes. The winners' (or leaders') columns are shaded.
    fn table(&mut self, card: &CardView) {
        let top = self.y;
        self.table_head(card);
        let body_top = self.y;
        // the rows
        let mut zebra = false;
        for hole in card.holes.iter().filter(|h| !h.playoff) {
            self.hole_row(card, hole, zebra);
            zebra = !zebra;
            if card.holes_planned == 18 && (hole.number == 9 || hole.number == 18) {
                let (label, range) = match hole.number {
                    9 => ("front 9", 0..9),
                    _ => ("back 9", 9..18),
                };
                let cells = card
                    .players
                    .iter()
                    .map(|p| {
                        p.holes
                            .get(range.clone())
                            .map_or(0, |h| h.iter().sum::<i64>())
                            .to_string()
                    })
                    .collect();
                self.summary_row(label, cells, TOTALS, false);
            }
        }
        if card
            .penalties
            .iter()
            .any(|p| p.points != 0 || p.disqualifies)
        {
            let cells = card
                .players
                .iter()
                .map(crate::view::card::PlayerView::penalty_cell)
                .collect();
            self.summary_row("penalties", cells, ZEBRA, false);
        }
        let totals = card
            .players
            .iter()
            .map(|p| match p.disqualified {
                true => format!("{} DQ", p.total),
                false => p.total.to_string(),
            })
            .collect();
        self.summary_row("total", totals, TOTALS, true);
        for hole in card.holes.iter().filter(|h| h.playoff) {
            self.hole_row(card, hole, zebra);
            zebra = !zebra;
        }
        self.frame(top, body_top, card.players.len());
        self.y += 28.0;
    }

    /// The table's header: "Hole", "Dealer" and each player's name, the winners' (or
    /// leaders') shaded.
    fn table_head(&mut self, card: &CardView) {
        self.ahead = card
            .players
            .iter()
            .map(|p| card.winners.contains(&p.name) || card.leaders.contains(&p.name))
            .collect();
        let (x0, w) = (MARGIN, self.inner());
        self.rect(x0, self.y, w, HEAD_H, GREEN);
        let head = Style::new(16.0).bold().fill("white");
        let base = self.y + HEAD_H / 2.0 + 6.0;
        self.text(MARGIN + 10.0, base, head, "Hole");
        self.text(MARGIN + LABEL_W + 8.0, base, head, "Dealer");
        for (seat, p) in card.players.iter().enumerate() {
            let x = self.column(seat);
            if self.ahead.get(seat) == Some(&true) {
                self.rect(x, self.y, self.player_w, HEAD_H, "#c99a06");
            }
            let name = fit(&p.name, 16.0, true, self.player_w - 8.0);
            self.text(x + self.player_w / 2.0, base, head.middle(), &name);
        }
        self.y += HEAD_H;
    }

    /// The lines between the columns of a table of `players` from `body_top` down, and
    /// the frame around it from `top`.
    fn frame(&mut self, top: f64, body_top: f64, players: usize) {
        let mut lines = String::new();
        let xs =
            std::iter::once(MARGIN + LABEL_W).chain((0..players).map(|seat| self.column(seat)));
        for x in xs {
            let _ = writeln!(
                lines,
                r##"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="#c5d1c9" stroke-width="1"/>"##,
                n(body_top),
                n(self.y),
                x = n(x)
            );
        }
        let _ = writeln!(
            lines,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{GREEN}" stroke-width="2"/>"#,
            n(MARGIN),
            n(top),
            n(self.inner()),
            n(self.y - top)
        );
        self.body.push_str(&lines);
    }

    /// One hole: its number, its dealer, and each player's hole score with the running
    /// total under it; a dot marks who went out (green) or knocked (orange).
    fn hole_row(&mut self, card: &CardView, hole: &HoleView, zebra: bool) {
        let y = self.y;
        self.row_background(if zebra { ZEBRA } else { "white" });
        let label = match (hole.playoff, hole.amended) {
            (true, _) => format!("playoff {}", hole.number),
            (false, true) => format!("{} (amended)", hole.number),
            (false, false) => hole.number.to_string(),
        };
        let base = y + ROW_H / 2.0 + 6.0;
        let label = fit(&label, 16.0, true, LABEL_W - 16.0);
        self.text(MARGIN + 10.0, base, Style::new(16.0).bold(), &label);
        let dealer = fit(&hole.dealer, 16.0, false, self.dealer_w - 16.0);
        self.text(MARGIN + LABEL_W + 8.0, base, Style::new(16.0), &dealer);
        let size = (self.player_w / 4.0).clamp(14.0, 20.0);
        for (seat, entry) in hole.entries.iter().enumerate() {
            let x = self.column(seat);
            let mid = x + self.player_w / 2.0;
            let Some(e) = entry else {
                self.text(mid, base, Style::new(size).fill(GREY).middle(), "—");
                continue;
            };
            let name = card.players.get(seat).map(|p| p.name.as_str());
            if hole.out.is_some() && hole.out.as_deref() == name {
                let colour = if hole.knocked { KNOCK } else { OUT };
                let _ = writeln!(
                    self.body,
                    r#"<circle cx="{}" cy="{}" r="5" fill="{colour}"/>"#,
                    n(x + 10.0),
                    n(y + 12.0)
                );
            }
            let mut cell = e.total.to_string();
            if e.grid.is_none() {
                cell.push('*');
            }
            let running = card
                .players
                .get(seat)
                .and_then(|p| p.running.get((hole.number as usize).wrapping_sub(1)))
                .filter(|_| !hole.playoff);
            match running {
                Some(r) => {
                    self.text(mid, y + 24.0, Style::new(size).bold().middle(), &cell);
                    let small = Style::new(12.0).fill(GREY).middle();
                    self.text(mid, y + 39.0, small, &r.to_string());
                }
                None => self.text(mid, base, Style::new(size).bold().middle(), &cell),
            }
        }
        self.y += ROW_H;
    }

    /// A row of figures under a label (front 9, penalties, total).
    fn summary_row(&mut self, label: &str, cells: Vec<String>, fill: &str, strong: bool) {
        let y = self.y;
        self.row_background(fill);
        let base = y + ROW_H / 2.0 + 7.0;
        let style = Style::new(if strong { 20.0 } else { 16.0 }).bold();
        self.text(MARGIN + 10.0, base, style, label);
        let size = (self.player_w / 4.0).clamp(14.0, if strong { 22.0 } else { 18.0 });
        for (seat, cell) in cells.iter().enumerate() {
            let mid = self.column(seat) + self.player_w / 2.0;
            let cell = fit(cell, size, true, self.player_w - 6.0);
            self.text(mid, base, Style::new(size).bold().middle(), &cell);
        }
        self.y += ROW_H;
    }

    /// The result in words, how a tie was broken step by step, the tiebreak chain, and the
    /// standings with every name whole.
    fn result(&mut self, card: &CardView) {
        self.paragraph(Style::new(22.0).bold().fill(GREEN), &card.result.summary);
        if card.tie_broken() {
            self.y += 6.0;
            self.paragraph(Style::new(18.0).bold(), "How the tie was broken");
            for step in &card.result.steps {
                let after = match step.remaining.as_slice() {
                    [one] => format!(" → {one}"),
                    [] => String::new(),
                    many => format!(" → still tied: {}", many.join(", ")),
                };
                let line = format!("{}: {}{after}", step.method.name(), step.figures.join("; "));
                self.paragraph(Style::new(17.0), &line);
            }
        }
        if !card.tiebreak.is_empty() {
            let chain: Vec<String> = card.tiebreak.iter().map(|t| t.name()).collect();
            let line = format!("Tiebreak chain: {}", chain.join(", "));
            self.paragraph(Style::new(15.0).fill(GREY), &line);
        }
        self.y += 10.0;
        let places = &card.places;
        let mut order: Vec<usize> = (0..card.players.len()).collect();
        order.sort_by_key(|&seat| (places[seat], seat));
        let standings: Vec<String> = order
            .iter()
            .filter_map(|&seat| {
                let p = card.players.get(seat)?;
                let dq = if p.disqualified { " DQ" } else { "" };
                Some(format!("{}. {} {}{dq}", places[seat], p.name, p.total))
            })
            .collect();
        self.paragraph(
            Style::new(18.0),
            &format!("Standings: {}", standings.join(" · ")),
        );
    }

    /// What the marks mean, those the card uses.
    fn legend(&mut self, card: &CardView) {
        let mut parts = vec!["Each cell: hole score, running total under it".to_string()];
        if card.holes.iter().any(|h| h.out.is_some() && !h.knocked) {
            parts.push("green dot: went out".into());
        }
        if card.holes.iter().any(|h| h.out.is_some() && h.knocked) {
            parts.push("orange dot: knocked".into());
        }
        if card
            .holes
            .iter()
            .flat_map(|h| &h.entries)
            .flatten()
            .any(|e| e.grid.is_none())
        {
            parts.push("* a bare score, recorded unchecked".into());
        }
        self.y += 6.0;
        self.paragraph(Style::new(14.0).fill(GREY), &(parts.join(" · ") + "."));
    }
}

/// `Match 12 — Thursday at the Harbour Inn`, or `Match 12`.
fn title(card: &CardView) -> String {
    match &card.name {
        Some(name) => format!("Match {} — {name}", card.id),
        None => format!("Match {}", card.id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_text_is_escaped_for_xml() {
        assert_eq!(
            xml_text(r#"<a & "b">'"#),
            "&lt;a &amp; &quot;b&quot;&gt;&apos;"
        );
        assert_eq!(xml_text("a\u{1}b\u{fffe}"), "ab");
    }

    #[test]
    fn picture_text_is_cut_and_wrapped_to_fit() {
        let long = "a".repeat(60);
        let cut = fit(&long, 16.0, false, 100.0);
        assert!(cut.ends_with('…') && text_width(&cut, 16.0, false) <= 100.0);
        assert_eq!(fit("ann", 16.0, false, 100.0), "ann");
        let lines = wrap("one two three four five six", 10.0, false, 60.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, 10.0, false) <= 60.0));
        assert_eq!(lines.join(" "), "one two three four five six");
    }

    #[test]
    fn picture_numbers_have_at_most_one_decimal() {
        assert_eq!(n(12.0), "12");
        assert_eq!(n(12.25), "12.2");
        assert_eq!(n(-3.0), "-3");
    }
}
