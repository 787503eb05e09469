//! Text from users and files, kept safe: files are read with a cap (never trusting the size
//! on disk) and only when they are regular files or standard input; stored texts refuse
//! control and format characters; anything shown on a terminal has them escaped anyway, so
//! a tampered database or a hostile argument can never move the cursor, retitle the window
//! or fake a line.

use std::borrow::Cow;
use std::io::Read;
use std::path::Path;

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Why a file could not be read as text. The message says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// A device, a folder, a named pipe or a socket.
    #[error("it is not a regular file ({0}); expected a file, or `-` for standard input")]
    NotAFile(&'static str),
    /// More bytes than the limit.
    #[error("it is larger than {0} bytes, the most golf reads")]
    TooLarge(u64),
    /// Not UTF-8.
    #[error("it is not UTF-8 text")]
    NotUtf8,
    /// The operating system's error.
    #[error("{0}")]
    Io(String),
}

/// Whether `path` names standard input: `-` or `/dev/stdin`.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-" || path.as_os_str() == "/dev/stdin"
}

/// Reads at most `limit` bytes of UTF-8 text from `path` (or standard input, see
/// [`is_stdin`]). Refuses, before opening it, anything that is not a regular file — so
/// `/dev/zero` or a silent named pipe can neither exhaust memory nor hang golf — and reads
/// with a cap rather than trusting the size on disk.
pub fn read_capped(path: &Path, limit: u64) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    if is_stdin(path) {
        std::io::stdin()
            .lock()
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| ReadError::Io(e.to_string()))?;
    } else {
        let kind = |m: &std::fs::Metadata| -> Option<&'static str> {
            let t = m.file_type();
            if t.is_file() {
                None
            } else if t.is_dir() {
                Some("a folder")
            } else {
                Some(special_kind(&t))
            }
        };
        let meta = std::fs::metadata(path).map_err(|e| ReadError::Io(e.to_string()))?;
        if let Some(what) = kind(&meta) {
            return Err(ReadError::NotAFile(what));
        }
        let file = std::fs::File::open(path).map_err(|e| ReadError::Io(e.to_string()))?;
        // the path may have been swapped between the check and the open
        let meta = file.metadata().map_err(|e| ReadError::Io(e.to_string()))?;
        if let Some(what) = kind(&meta) {
            return Err(ReadError::NotAFile(what));
        }
        file.take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| ReadError::Io(e.to_string()))?;
    }
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(limit));
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotUtf8)
}

#[cfg(unix)]
fn special_kind(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() {
        "a named pipe"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "a special file"
}

/// Whether `c` may not appear in stored text: a control character (C0, DEL, C1: escape,
/// bell, carriage return, newline…) or a format character (zero-width space, byte-order
/// mark, right-to-left override…), which would let a name look like another or text
/// rearrange itself on screen.
pub fn is_unprintable(c: char) -> bool {
    // every format character lies outside ASCII; most text is ASCII, decided here at once
    if c.is_ascii() {
        return c.is_ascii_control();
    }
    c.is_control() || c.general_category() == GeneralCategory::Format
}

/// The first unprintable character of `text` (see [`is_unprintable`]), escaped for a
/// message (`U+1B`), or `None` when the text is clean.
pub fn first_unprintable(text: &str) -> Option<String> {
    text.chars()
        .find(|&c| is_unprintable(c))
        .map(|c| format!("U+{:04X}", c as u32))
}

/// The characters that make a spreadsheet cell a formula when they begin it (OWASP's
/// "CSV injection"): golf refuses names beginning with them and neutralises any such
/// cell it writes ([`csv_cell`]).
pub const FORMULA_START: [char; 4] = ['=', '+', '-', '@'];

/// A CSV cell that no spreadsheet runs: a text beginning with `=`, `+`, `-`, `@`, a tab or
/// a carriage return, and not a number, gets a leading `'` (as OWASP recommends); numbers
/// such as `-4` and other texts are unchanged.
pub fn csv_cell(text: &str) -> Cow<'_, str> {
    let risky = text.starts_with(FORMULA_START) || text.starts_with(['\t', '\r']);
    if risky && text.parse::<f64>().is_err() {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// A user's text written inside a CSV cell after golf's own words (a penalty's reason in
/// `points +3 (REASON)`): its beginning, and every piece of it after a `,` or `;` (where a
/// spreadsheet that splits cells on either would start one), that begins with `=`, `+`,
/// `-` or `@` and is not a number gets a leading `'`, as [`csv_cell`] gives a whole cell
/// (RULES.md §12). Other texts are unchanged.
pub fn csv_text(text: &str) -> Cow<'_, str> {
    let mut out = String::with_capacity(text.len() + 2);
    let mut starts = true;
    for (i, c) in text.char_indices() {
        if starts && FORMULA_START.contains(&c) {
            let piece = text[i..].split([',', ';']).next().unwrap_or_default();
            if piece.trim().parse::<f64>().is_err() {
                out.push('\'');
            }
        }
        starts = matches!(c, ',' | ';') || (starts && c.is_whitespace());
        out.push(c);
    }
    match out.len() == text.len() {
        true => Cow::Borrowed(text),
        false => Cow::Owned(out),
    }
}

/// A text golf will not store; the message says why and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TextError(pub String);

/// An RFC 3339 time shown in local time, to the minute (`2026-11-22 21:05`); the text as
/// given when it is not a time.
pub fn local_time(rfc3339: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(rfc3339)
        .map(|t| {
            t.with_timezone(&chrono::Local)
                .format("%Y-%m-%d %H:%M")
                .to_string()
        })
        .unwrap_or_else(|_| rfc3339.to_string())
}

/// The years golf stores and shows: 0001 to 9999 (four digits, as RFC 3339 writes them).
pub const YEARS: std::ops::RangeInclusive<i32> = 1..=9999;

/// A day written `YYYY-MM-DD` in the years [`YEARS`]; `None` otherwise.
pub fn day(text: &str) -> Option<chrono::NaiveDate> {
    use chrono::Datelike;
    let text = text.trim();
    // chrono reads a sign and a fifth digit (`+10000-01-01`); a day has four
    if text.len() != 10 || !text.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .filter(|d| YEARS.contains(&d.year()))
}

/// A time in RFC 3339 (`2026-11-01T19:30:00+01:00`) in the years [`YEARS`] (in UTC too);
/// `None` otherwise.
pub fn time(text: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    use chrono::Datelike;
    chrono::DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&chrono::Utc))
        .filter(|t| YEARS.contains(&t.year()))
}

/// Checks a text golf will store and show (a match name, a penalty reason): trimmed, 1 to
/// `max_chars` characters, nothing unprintable ([`is_unprintable`]). `what` names the field
/// in the message ("the penalty reason").
pub fn stored(what: &str, text: &str, max_chars: usize) -> Result<String, TextError> {
    let text = text.trim();
    let chars = text.chars().count();
    if chars == 0 || chars > max_chars {
        return Err(TextError(format!(
            "{what} must be 1 to {max_chars} characters; it is {chars}"
        )));
    }
    if let Some(c) = first_unprintable(text) {
        return Err(TextError(format!(
            "{what} `{}` contains {c}, a control or invisible formatting character; expected printable text",
            escape(text)
        )));
    }
    Ok(text.to_string())
}

/// Checks a name golf will store, show and take back as an argument (a match name, a
/// tournament name): as [`stored`], and not beginning with one of [`FORMULA_START`], which
/// a command line takes for a flag and a spreadsheet runs as a formula.
pub fn name(what: &str, text: &str, max_chars: usize) -> Result<String, TextError> {
    let text = stored(what, text, max_chars)?;
    match text.chars().next().filter(|c| FORMULA_START.contains(c)) {
        Some(c) => Err(TextError(format!(
            "{what} `{text}` begins with `{c}`, which a spreadsheet runs as a formula{}; \
             expected a name that does not begin with =, +, - or @",
            if c == '-' {
                " and a command line takes for a flag"
            } else {
                ""
            }
        ))),
        None => Ok(text),
    }
}

/// Words joined as a sentence lists them: `ann`, `ann and bob`, `ann, bob and cat`.
pub fn and_list<S: AsRef<str>>(words: &[S]) -> String {
    match words {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

/// ` (did you mean `x`?)` when one of `known` is close to `typed` (Jaro–Winkler ≥ 0.8,
/// ignoring case), else nothing: for names a user mistyped.
pub fn did_you_mean<'a>(typed: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let typed = typed.to_lowercase();
    known
        .into_iter()
        .map(|k| (strsim::jaro_winkler(&typed, &k.to_lowercase()), k))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| format!(" (did you mean `{k}`?)"))
        .unwrap_or_default()
}

/// The one sanitiser for text golf shows but did not write (a name, a path, a value from a
/// file, the command line or a tampered database): every unprintable character (see
/// [`is_unprintable`]: escape, bell, newline, carriage return, bidi overrides…) written as
/// `\u{1b}`, so such text can never move the cursor, colour or clear the screen, retitle
/// the window or fake a line. Borrowed when there is nothing to escape.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unprintable) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(escape_where(text, |_, _| false))
}

/// A path shown in a message or a view, through [`escape`].
pub fn path(path: &Path) -> String {
    escape(&path.display().to_string()).into_owned()
}

/// Golf's own styling, the only escape sequences it writes: bold on and all off (select
/// graphic rendition 1 and 0; comfy-table's headers and [`crate::view::Output::strong`]).
const OWN_STYLING: [&str; 2] = ["[1m", "[0m"];

/// A whole line golf is about to print (stdout or an error on stderr), escaped as
/// [`escape`] does except the newlines golf itself writes and its own bold
/// ([`OWN_STYLING`]): the last guard, for any text that reached a line without going
/// through [`escape`]. Any other sequence (`ESC[31m`, `ESC[2J`, `ESC]0;…`) is escaped.
pub fn escape_output(text: &str) -> Cow<'_, str> {
    escape_output_keeping(text, |_| false)
}

/// [`escape_output`] for a drawing that writes sequences of its own besides golf's bold:
/// an escape character followed by what `also` accepts is kept too (`golf chart`'s line
/// colours, [`crate::view::chart::is_own_colour`]). Only for text whose every stored part
/// went through [`escape`] first.
pub fn escape_output_keeping(text: &str, also: impl Fn(&str) -> bool) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && is_unprintable(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(escape_where(text, |c, rest| {
        c == '\n'
            || (c == '\x1b' && (OWN_STYLING.iter().any(|s| rest.starts_with(s)) || also(rest)))
    }))
}

fn escape_where(text: &str, keep: impl Fn(char, &str) -> bool) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (i, c) in text.char_indices() {
        if is_unprintable(c) && !keep(c, &text[i + c.len_utf8()..]) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_every_control_and_format_character() {
        let hostile = "x\x1b]0;PWNED\x07\x1b[2J\r\nFAKE\u{200b}\u{202e}\u{feff}\u{9b}";
        let shown = escape(hostile);
        assert!(!shown.chars().any(is_unprintable), "{shown}");
        assert_eq!(
            shown,
            "x\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J\\u{d}\\u{a}FAKE\\u{200b}\\u{202e}\\u{feff}\\u{9b}"
        );
        assert!(matches!(escape("plain ünïcode ♠"), Cow::Borrowed(_)));
    }

    #[test]
    fn output_keeps_newlines_and_golfs_own_bold_only() {
        let line = "\x1b[1mbold\x1b[0m\n\x1b[2J\x1b]0;t\x07\r\x1b[31mred\x1b[1;31m";
        assert_eq!(
            escape_output(line),
            "\x1b[1mbold\x1b[0m\n\\u{1b}[2J\\u{1b}]0;t\\u{7}\\u{d}\\u{1b}[31mred\\u{1b}[1;31m"
        );
        // a chart keeps its own line colours, and nothing else besides
        let swatch = format!(
            "\x1b[{}m━━\x1b[0m\x1b[2J",
            crate::view::chart::hue(0).code()
        );
        let kept = escape_output_keeping(&swatch, crate::view::chart::is_own_colour);
        assert!(kept.starts_with(&swatch[..swatch.len() - 4]), "{kept:?}");
        assert!(kept.ends_with("\\u{1b}[2J"), "{kept:?}");
        assert!(
            escape_output(&swatch).starts_with("\\u{1b}["),
            "the plain guard keeps no colour"
        );
    }

    #[test]
    fn csv_texts_inside_a_cell_never_start_one_that_runs() {
        for (text, safe) in [
            ("=1+2", "'=1+2"),
            ("+cmd", "'+cmd"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("-x", "'-x"),
            ("-3", "-3"),
            ("late; =HYPERLINK(1)", "late; '=HYPERLINK(1)"),
            ("a,-b", "a,'-b"),
            ("a, -2", "a, -2"),
            ("slow play", "slow play"),
            ("x = y", "x = y"),
        ] {
            assert_eq!(csv_text(text), safe);
        }
    }

    #[test]
    fn csv_cells_never_run_in_a_spreadsheet() {
        for (cell, safe) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+1+1", "'+1+1"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("-4", "-4"),
            ("+5", "+5"),
            ("-1.5", "-1.5"),
            ("ann", "ann"),
            ("5 K Q / 5 2 J", "5 K Q / 5 2 J"),
        ] {
            assert_eq!(csv_cell(cell), safe);
        }
    }

    #[test]
    fn days_and_times_are_in_years_0001_to_9999() {
        assert!(day("2026-11-01").is_some() && day("9999-12-31").is_some());
        for bad in [
            "10000-01-01",
            "+10000-01-01",
            "0000-12-31",
            "-0001-01-01",
            "2026-13-01",
        ] {
            assert!(day(bad).is_none(), "{bad}");
        }
        assert!(time("2026-11-01T19:30:00+01:00").is_some());
        assert!(time("0001-01-01T00:30:00+01:00").is_none(), "year 0 in UTC");
        assert!(time("+10000-01-01T00:00:00Z").is_none());
    }

    #[test]
    fn special_files_are_refused_before_reading() {
        assert_eq!(
            read_capped(Path::new("/dev/zero"), 10),
            Err(ReadError::NotAFile("a character device"))
        );
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            read_capped(dir.path(), 10),
            Err(ReadError::NotAFile("a folder"))
        );
        let file = dir.path().join("big.toml");
        std::fs::write(&file, "x".repeat(11)).unwrap();
        assert_eq!(read_capped(&file, 10), Err(ReadError::TooLarge(10)));
        std::fs::write(&file, b"ok\xff").unwrap();
        assert_eq!(read_capped(&file, 10), Err(ReadError::NotUtf8));
        std::fs::write(&file, "fits").unwrap();
        assert_eq!(read_capped(&file, 10).unwrap(), "fits");
    }
}
