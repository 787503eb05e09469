//! Every table and every JSON document golf prints, each built from one view struct that
//! is serialized for `--json` and rendered as text from the same values (CLI.md). Human
//! output goes to stdout; messages go to stderr. Views read the match engine's types and
//! never the store.

pub mod advise;
pub mod card;
pub mod chart;
pub mod config;
pub mod event;
pub mod export;
pub mod history;
pub mod log;

pub mod maintenance;
pub mod matches;
pub mod odds;
pub mod picture;
pub mod ratings;
pub mod rescore;
pub mod rules;
pub mod rules_sheet;
pub mod score;
pub mod simulate;
pub mod stats;
pub mod tournament;
pub mod wrap;

use std::io::{IsTerminal, Write};

use comfy_table::{presets, Cell, ContentArrangement, Table};
use serde::Serialize;

/// How output is shown: JSON or tables, with or without colour.
#[derive(Debug, Clone, Copy)]
pub struct Output {
    /// Print one JSON document instead of tables.
    pub json: bool,
    /// Style tables with colour.
    pub color: bool,
    /// Plain tables without borders: stdout is not a terminal (a pipe or a file).
    pub plain: bool,
    /// The width tables must fit: `COLUMNS`, else the terminal's, else 80; none with
    /// `--wide`.
    pub width: Option<u16>,
    /// `--wide`: every column and full headers, however wide.
    pub wide: bool,
}

/// The width tables fit when neither `COLUMNS` nor a terminal says: an ordinary terminal's.
pub const DEFAULT_WIDTH: u16 = 80;

impl Output {
    /// Decides colour: `color` when `--color` forces it on or off (`always`, `never`), else
    /// (`None`, `auto`) colour when stdout is a terminal and `NO_COLOR` is unset. Tables are
    /// plain when stdout is not a terminal, and fit `COLUMNS`, the terminal's width, or
    /// [`DEFAULT_WIDTH`].
    pub fn new(json: bool, color: Option<bool>) -> Output {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let terminal = std::io::stdout().is_terminal();
        let color = color.unwrap_or(!no_color && terminal);
        let width = wrap::columns()
            .and_then(|w| u16::try_from(w).ok())
            .or_else(|| if terminal { Table::new().width() } else { None })
            .or(Some(DEFAULT_WIDTH));
        Output {
            json,
            color,
            plain: !terminal,
            width,
            wide: false,
        }
    }

    /// With `--wide`: no width to fit, every column and full headers.
    pub fn wide(self, wide: bool) -> Output {
        match wide {
            true => Output {
                width: None,
                wide,
                ..self
            },
            false => self,
        }
    }

    /// A table with a header row, styled for this output, that never splits a word to fit
    /// the width ([`Fitted`]).
    pub fn table<I, S>(&self, header: I) -> Fitted
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let mut table = Table::new();
        let preset = if self.plain {
            presets::NOTHING
        } else {
            presets::UTF8_FULL_CONDENSED
        };
        table
            .load_preset(preset)
            .set_content_arrangement(ContentArrangement::Dynamic);
        if let Some(width) = self.width {
            table.set_width(width);
        }
        if self.color {
            table.enforce_styling();
            table.set_header(
                header
                    .into_iter()
                    .map(|h| Cell::new(h.into()).add_attribute(comfy_table::Attribute::Bold)),
            );
        } else {
            table.force_no_tty();
            table.set_header(header.into_iter().map(|h| Cell::new(h.into())));
        }
        Fitted(table)
    }

    /// Whether `text` fits the width (every line), or no width is known.
    pub fn fits(&self, text: &str) -> bool {
        self.width.is_none_or(|w| {
            text.lines()
                .all(|l| wrap::display_width(l) <= usize::from(w))
        })
    }

    /// `text` with every line longer than the width broken between words, ending in a
    /// newline ([`wrap::prose`]: continued lines hang two further, a part between ` · `
    /// separators that fits stays whole, width in display columns); unchanged when no width
    /// is known.
    pub fn wrap(&self, text: &str) -> String {
        let Some(width) = self.width.map(usize::from) else {
            return text.to_string();
        };
        let mut wrapped = wrap::prose(text, width);
        if !wrapped.ends_with('\n') {
            wrapped.push('\n');
        }
        wrapped
    }

    /// `text` as a paragraph indented by `indent` on every line, fitted to the width
    /// ([`wrap::paragraph`]); one line per line of `text` when no width is known.
    pub fn paragraph(&self, text: &str, indent: &str) -> String {
        match self.width {
            Some(width) => wrap::paragraph(text, indent, usize::from(width)),
            None => format!("{indent}{}", text.trim()),
        }
    }

    /// Emphasis for a line of text (bold when colour is on).
    pub fn strong(&self, text: &str) -> String {
        if self.color {
            format!("\x1b[1m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// A table that fits the width by wrapping cells only between words: when shown, each
/// column is at least as wide as its longest word (header included), so a name or a rule
/// is never split mid-word. Everything else is the comfy-table [`Table`] it derefs to.
#[derive(Debug, Clone)]
pub struct Fitted(pub Table);

impl std::ops::Deref for Fitted {
    type Target = Table;
    fn deref(&self) -> &Table {
        &self.0
    }
}

impl std::ops::DerefMut for Fitted {
    fn deref_mut(&mut self) -> &mut Table {
        &mut self.0
    }
}

impl std::fmt::Display for Fitted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut table = self.0.clone();
        let longest_word = |text: &str| {
            text.split_whitespace()
                .map(|w| w.chars().count())
                .max()
                .unwrap_or(0)
        };
        let mut widths: Vec<usize> = Vec::new();
        let rows = table.header().into_iter().chain(table.row_iter());
        for row in rows {
            for (i, cell) in row.cell_iter().enumerate() {
                let w = longest_word(&cell.content());
                match widths.get_mut(i) {
                    Some(max) => *max = (*max).max(w),
                    None => widths.push(w),
                }
            }
        }
        for (column, width) in table.column_iter_mut().zip(widths) {
            // the boundary counts the cell's padding too
            let width = u16::try_from(width)
                .unwrap_or(u16::MAX)
                .saturating_add(column.padding_width());
            column.set_constraint(comfy_table::ColumnConstraint::LowerBoundary(
                comfy_table::Width::Fixed(width),
            ));
        }
        write!(f, "{table}")
    }
}

/// `println!` that returns an error (a closed pipe, say) instead of panicking, escapes
/// control characters ([`line()`]) and wraps prose to the width ([`wrap::prose`]); use
/// inside functions returning `anyhow::Result`. Reached as `crate::view::outln!`.
macro_rules! outln {
    ($($arg:tt)*) => {{
        $crate::view::prose_line(format_args!($($arg)*))?
    }};
}
pub(crate) use outln;

/// `eprintln!` for golf's messages on stderr: the text wrapped to the width of the terminal
/// stderr writes to ([`wrap::stderr_width`], `COLUMNS` first, 80 when not a terminal), with
/// control characters escaped as for stdout. Every message, note and error goes through
/// here. Reached as `crate::view::say!`; outside the crate (the `golf` binary),
/// [`message`] is the same.
macro_rules! say {
    ($($arg:tt)*) => {{
        $crate::view::message(format_args!($($arg)*))
    }};
}
pub(crate) use say;

/// Writes one message to stderr, escaped ([`crate::text::escape_output`]) and then wrapped,
/// so an escaped character's width counts (see `say!`). A closed stderr is
/// ignored: there is no one left to tell.
pub fn message(args: std::fmt::Arguments<'_>) {
    let text = args.to_string();
    let text = wrap::prose(&crate::text::escape_output(&text), wrap::stderr_width());
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.write_all(b"\n");
}

/// Writes one line of prose to stdout wrapped to the width tables fit (`COLUMNS`, else the
/// terminal's, else 80) and escaped ([`line()`]).
pub fn prose_line(args: std::fmt::Arguments<'_>) -> std::io::Result<()> {
    line(format_args!(
        "{}",
        wrap::prose(&args.to_string(), wrap::stdout_width())
    ))
}

/// Writes one line to stdout with every control character escaped but golf's own newlines
/// and styling ([`crate::text::escape_output`]), whatever the text's origin.
pub fn line(args: std::fmt::Arguments<'_>) -> std::io::Result<()> {
    let text = args.to_string();
    let mut out = std::io::stdout().lock();
    out.write_all(crate::text::escape_output(&text).as_bytes())?;
    out.write_all(b"\n")
}

/// Writes `value` as pretty JSON to stdout.
pub fn json<T: Serialize>(value: &T) -> crate::error::Result<()> {
    // buffered: stdout alone would flush at each of the document's lines
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, std::io::stdout().lock());
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}

/// `m` with every stored text a terminal could misread escaped ([`crate::text::escape`],
/// line breaks included): player names, the match name, hole notes, penalty reasons, the
/// rules' name. Golf refuses such texts when they come in; this keeps an older or tampered
/// database from faking a line, colouring or clearing the screen through a view built from
/// it. Borrowed when every text is clean, as golf writes them.
pub fn shown(m: &crate::game::Match) -> std::borrow::Cow<'_, crate::game::Match> {
    use crate::text::{escape, is_unprintable};
    let dirty = |t: &str| t.chars().any(is_unprintable);
    let texts = m
        .players
        .iter()
        .chain(&m.name)
        .chain(m.holes.iter().filter_map(|h| h.note.as_ref()))
        .chain(m.penalties.iter().map(|p| &p.reason))
        .chain(std::iter::once(&m.rules.name));
    if !texts.into_iter().any(|t| dirty(t)) {
        return std::borrow::Cow::Borrowed(m);
    }
    let mut m = m.clone();
    let clean = |t: &mut String| *t = escape(t).into_owned();
    m.players.iter_mut().for_each(clean);
    m.name.iter_mut().for_each(clean);
    m.holes
        .iter_mut()
        .flat_map(|h| h.note.as_mut())
        .for_each(clean);
    m.penalties.iter_mut().for_each(|p| clean(&mut p.reason));
    if dirty(&m.rules.name) {
        let mut rules = (*m.rules).clone();
        clean(&mut rules.name);
        m.rules = rules.into();
    }
    std::borrow::Cow::Owned(m)
}

/// Writes one CSV record with every cell made safe for a spreadsheet
/// ([`crate::text::csv_cell`]: a text beginning with `=`, `+`, `-` or `@` that is not a
/// number gets a leading `'`) and for a terminal ([`crate::text::escape`]: golf stores no
/// control characters, so only a tampered database has any to escape). Every CSV golf
/// writes goes through here.
pub fn csv_record<W: Write, S: AsRef<str>>(
    w: &mut csv::Writer<W>,
    cells: impl IntoIterator<Item = S>,
) -> crate::error::Result<()> {
    let cells: Vec<String> = cells
        .into_iter()
        .map(|c| crate::text::csv_cell(&crate::text::escape(c.as_ref())).into_owned())
        .collect();
    w.write_record(&cells).map_err(anyhow::Error::from)?;
    Ok(())
}

/// A progress bar on stderr for `len` steps of a long job, drawn only on a terminal and
/// only when there is enough to wait for (indicatif); hidden otherwise.
pub fn progress(len: usize, what: &str) -> indicatif::ProgressBar {
    if len < 200 || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} matches")
    {
        bar.set_style(style);
    }
    bar.set_message(what.to_string());
    bar
}

/// Something golf shows: one JSON document for `--json`, else text.
pub trait View: Serialize {
    /// The text shown on a terminal, ending in a newline.
    fn render(&self, out: &Output) -> String;
}

impl Output {
    /// Prints `view` as [`Output::show`] does, keeping escape sequences `also` accepts
    /// besides golf's bold ([`crate::text::escape_output_keeping`]): for `golf chart`, whose
    /// lines are drawn in colours of its own and whose every stored text (a player's name)
    /// is escaped when the view is built.
    pub fn show_keeping<V: View>(
        &self,
        view: &V,
        also: impl Fn(&str) -> bool,
    ) -> crate::error::Result<()> {
        if self.json {
            return json(view);
        }
        let text = view.render(self);
        let text = wrap::fit(text.trim_end(), self.width.map_or(usize::MAX, usize::from));
        let mut out = std::io::stdout().lock();
        out.write_all(crate::text::escape_output_keeping(&text, also).as_bytes())?;
        out.write_all(b"\n")?;
        Ok(())
    }

    /// Prints `view` as JSON or as text, as this output asks.
    pub fn show<V: View>(&self, view: &V) -> crate::error::Result<()> {
        if self.json {
            return json(view);
        }
        let text = view.render(self);
        // every sentence a view writes fits the width; no line keeps trailing spaces
        let text = wrap::fit(text.trim_end(), self.width.map_or(usize::MAX, usize::from));
        line(format_args!("{text}"))?;
        Ok(())
    }
}
