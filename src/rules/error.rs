//! Why rules cannot be used: [`RulesError`], for a file, a house rule or the whole.

/// What to say of an unknown variant `name`: that it is a house rule, added with `--house`
/// (`golf rules show classic --house out-penalty-10`), else the variant it is close to.
fn variant_hint(name: &str, known: &str) -> String {
    match super::bundled::house(name) {
        Some(_) => format!(
            ": it is a house rule, added to a variant with --house (e.g. `golf rules show classic --house {name}`)"
        ),
        None => crate::text::did_you_mean(name, known.split(", ")),
    }
}

/// A rules file or house rule that cannot be used. Every variant is bad input (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    /// Not a bundled variant and not a readable file.
    #[error(
        "unknown rules `{}`{hint}; expected a bundled variant ({known}) or the path of a rules file", crate::text::escape(name), hint = variant_hint(name, known)
    )]
    UnknownRules {
        /// What was asked for.
        name: String,
        /// The bundled variants.
        known: String,
    },
    /// Not a bundled house rule and not a readable file.
    #[error(
        "unknown house rule `{}`{hint}; expected one of {known}, or the path of a house-rules file", crate::text::escape(name), hint = crate::text::did_you_mean(name, known.split(", "))
    )]
    UnknownHouse {
        /// What was asked for.
        name: String,
        /// The bundled house rules.
        known: String,
    },
    /// The file could not be read.
    #[error("cannot read rules file {path}: {reason}")]
    Unreadable {
        /// The file as named (a path, or a name taken for one).
        path: String,
        /// Why.
        reason: String,
    },
    /// TOML syntax, an unknown key, or a value of the wrong type or range; the message
    /// gives the line, the column and the key.
    #[error("{file}: {message}")]
    Syntax {
        /// How the file is named in messages (`rules/classic.toml (bundled)` or a path).
        file: String,
        /// The toml error, with line and key.
        message: String,
    },
    /// The file parses but its rules do not hold together.
    #[error("{file}{}: `{key}`: {message}", line.map(|l| format!(", line {l}")).unwrap_or_default())]
    Invalid {
        /// The file at fault.
        file: String,
        /// Its line, when known.
        line: Option<usize>,
        /// The dotted key.
        key: String,
        /// What is wrong and what was expected.
        message: String,
    },
    /// `extends` goes round in a circle or too deep.
    #[error("{file}: `extends` chains too deep or in a loop ({chain}); a rules file may extend at most {} others", super::layers::MAX_EXTENDS)]
    ExtendsLoop {
        /// The file where it was noticed.
        file: String,
        /// The chain so far.
        chain: String,
    },
}

impl crate::error::BadInput for RulesError {}
