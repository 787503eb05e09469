//! The one place an error becomes an exit code: 2 for bad input or usage (nothing was
//! written), 1 for a failure of the system (I/O, database). CLI.md "Global".

use crate::deck::DeckError;
use crate::grid::GridError;
use crate::hole::HoleError;
use crate::rules::RulesError;

/// Bad input that is not a grid, a rules file or a deal: an unknown player, a hole past
/// the match's end, a malformed flag value. Carries the whole message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InputError(pub String);

impl InputError {
    /// An input error with this message.
    pub fn new(message: impl Into<String>) -> InputError {
        InputError(message.into())
    }
}

/// `Err(InputError)` from a message, for `return input_err!(...)`-style early returns.
pub fn input<T>(message: impl Into<String>) -> anyhow::Result<T> {
    Err(InputError::new(message).into())
}

/// 2 when any error in the chain is bad input, else 1.
pub fn exit_code(err: &anyhow::Error) -> i32 {
    let is_input = err.chain().any(|e| {
        e.is::<InputError>()
            || e.is::<GridError>()
            || e.is::<RulesError>()
            || e.is::<DeckError>()
            || e.is::<HoleError>()
    });
    if is_input {
        2
    } else {
        1
    }
}

/// The message shown on stderr: the error and its causes, outermost first.
pub fn describe(err: &anyhow::Error) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in err.chain() {
        let text = cause.to_string();
        // SQLite's own errors repeat their message behind "Error code N: "
        let core = match text.strip_prefix("Error code ") {
            Some(rest) => rest.split_once(": ").map_or(rest, |(_, m)| m).to_string(),
            None => text.clone(),
        };
        if !parts.iter().any(|p| p.contains(&core)) {
            parts.push(text);
        }
    }
    // a message may quote what the user typed: never let it reach the terminal raw
    crate::text::escape_output(&parts.join(": ")).into_owned()
}

/// Whether the error is stdout closing under us (`golf history | head`).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || e.downcast_ref::<serde_json::Error>()
                .is_some_and(|j| j.io_error_kind() == Some(std::io::ErrorKind::BrokenPipe))
    })
}
