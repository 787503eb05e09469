//! The one place an error becomes an exit code (CLI.md "Global"): 2 for bad input or usage
//! (nothing was written), 1 for a failure of the system (I/O, database).
//!
//! Classification is by variant, decided where the error is made: each core module owns
//! its error type and marks it [`BadInput`]; `?` turns it into [`Error::Input`], and
//! anything else (SQLite, I/O, JSON) into [`Error::System`]. This module imports none of
//! them.

use std::fmt;

/// An error type whose every value is the user's to fix (exit 2): a malformed grid, an
/// impossible deal, a broken rules file, an unknown player.
pub trait BadInput: std::error::Error + Send + Sync + 'static {}

/// What went wrong, classified.
#[derive(Debug)]
pub enum Error {
    /// Bad input or usage: exit 2, nothing written.
    Input(Box<dyn std::error::Error + Send + Sync + 'static>),
    /// A failure of the system (I/O, database): exit 1.
    System(anyhow::Error),
    /// The command line could not be parsed, or asked for help or the version: clap prints
    /// it and chooses the exit code.
    Usage(clap::Error),
}

/// A result whose error is classified.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Bad input that belongs to no core module (a flag out of range, an empty result): the
/// whole message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InputError(pub String);

impl BadInput for InputError {}

// text.rs stands below this module (this one escapes messages with it), so its errors are
// marked here
impl BadInput for crate::text::TextError {}
impl BadInput for crate::text::ReadError {}

impl InputError {
    /// An input error with this message.
    pub fn new(message: impl Into<String>) -> InputError {
        InputError(message.into())
    }
}

/// `Err(Error::Input)` from a message, for early returns.
pub fn input<T>(message: impl Into<String>) -> Result<T> {
    Err(InputError::new(message).into())
}

impl<E: BadInput> From<E> for Error {
    fn from(e: E) -> Error {
        Error::Input(Box::new(e))
    }
}

impl From<anyhow::Error> for Error {
    fn from(e: anyhow::Error) -> Error {
        Error::System(e)
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::System(e.into())
    }
}

impl From<rusqlite::Error> for Error {
    fn from(e: rusqlite::Error) -> Error {
        Error::System(e.into())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Error {
        Error::System(e.into())
    }
}

impl From<clap::Error> for Error {
    fn from(e: clap::Error) -> Error {
        Error::Usage(e)
    }
}

impl Error {
    /// The process exit code: 2 for bad input or usage, 1 for a system failure (clap's own
    /// code for `--help` and `--version`, which succeed).
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) => 2,
            Error::System(_) => 1,
            Error::Usage(e) => e.exit_code(),
        }
    }

    /// Adds context to a system failure (bad input already says what is wrong).
    pub fn context(self, what: impl fmt::Display + Send + Sync + 'static) -> Error {
        match self {
            Error::System(e) => Error::System(e.context(what)),
            other => other,
        }
    }

    /// The messages of the error and its causes, outermost first.
    pub fn chain(&self) -> Vec<String> {
        match self {
            Error::Input(e) => {
                let mut all = vec![e.to_string()];
                let mut next = e.source();
                while let Some(cause) = next {
                    all.push(cause.to_string());
                    next = cause.source();
                }
                all
            }
            Error::System(e) => e.chain().map(ToString::to_string).collect(),
            Error::Usage(e) => vec![e.to_string()],
        }
    }

    /// Whether stdout closed under us (`golf history | head`): nothing left to say.
    pub fn is_broken_pipe(&self) -> bool {
        let Error::System(e) = self else {
            return false;
        };
        e.chain().any(|c| {
            c.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
                || c.downcast_ref::<serde_json::Error>()
                    .is_some_and(|j| j.io_error_kind() == Some(std::io::ErrorKind::BrokenPipe))
        })
    }

    /// The message shown on stderr: the error and its causes, outermost first, each said
    /// once, with control characters escaped (a message may quote what the user typed).
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        for text in self.chain() {
            // SQLite's own errors repeat their message behind "Error code N: "
            let core = match text.strip_prefix("Error code ") {
                Some(rest) => rest.split_once(": ").map_or(rest, |(_, m)| m).to_string(),
                None => text.clone(),
            };
            if !parts.iter().any(|p| p.contains(&core)) {
                parts.push(text);
            }
        }
        let text = parts.join(": ");
        crate::text::escape_output(&capped_lines(&text)).into_owned()
    }
}

/// The most characters of a line a message quotes from a file (TOML's `12 | …`), and of
/// any line of a message.
const MAX_ECHO: usize = 160;
const MAX_LINE: usize = 1000;

/// `text` with every line cut to its bound, saying how much was left out: a parser
/// quoting the line it stopped at (`  12 | …`) quotes at most [`MAX_ECHO`] characters of
/// it, any other line at most [`MAX_LINE`] (a one-line 12 KB JSON file read as TOML would
/// otherwise fill the screen).
fn capped_lines(text: &str) -> std::borrow::Cow<'_, str> {
    let echo = |line: &str| {
        let t = line.trim_start();
        let digits = t.chars().take_while(char::is_ascii_digit).count();
        t.get(digits..).is_some_and(|rest| rest.starts_with(" |"))
    };
    let bound = |line: &str| if echo(line) { MAX_ECHO } else { MAX_LINE };
    if text.lines().all(|l| l.chars().count() <= bound(l)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            let (n, max) = (l.chars().count(), bound(l));
            match n > max {
                true => format!(
                    "{}… ({} more characters)",
                    l.chars().take(max).collect::<String>(),
                    n - max
                ),
                false => l.to_string(),
            }
        })
        .collect();
    std::borrow::Cow::Owned(lines.join("\n"))
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.chain().join(": "))
    }
}
