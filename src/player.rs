//! Player names: normalised to Unicode NFC so the composed and decomposed spellings of one
//! name are one player, trimmed, and limited in length.

use unicode_normalization::UnicodeNormalization;

/// A name that cannot be a player's, or is not a player of the match; the message says
/// what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NameError(pub String);

impl crate::error::BadInput for NameError {}

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// Checks and normalises a player name: NFC, surrounding spaces trimmed, 1 to
/// [`MAX_NAME_CHARS`] characters, no `=` (it separates a player from a grid), no control or
/// format characters (so no look-alike of another name), and not a bare number.
pub fn normalise(name: &str) -> Result<String, NameError> {
    let name: String = name.trim().nfc().collect();
    let chars = name.chars().count();
    if chars == 0 {
        return Err(NameError(
            "a player name is empty; expected a name such as `ann`".into(),
        ));
    }
    if chars > MAX_NAME_CHARS {
        return Err(NameError(format!(
            "the player name `{}…` is {chars} characters long; a name is at most {MAX_NAME_CHARS}",
            name.chars().take(20).collect::<String>()
        )));
    }
    if name.contains('=') {
        return Err(NameError(format!(
            "the player name `{name}` contains `=`, which separates a player from a grid (PLAYER=GRID); choose another name"
        )));
    }
    if let Some(c) = crate::text::first_unprintable(&name) {
        return Err(NameError(format!(
            "the player name `{}` contains {c}, a control or invisible formatting character \
             (such as a zero-width space or a right-to-left override); expected printable text",
            crate::text::escape(&name)
        )));
    }
    if name.parse::<i64>().is_ok() {
        return Err(NameError(format!(
            "the player name `{name}` is a number; expected a name, so it cannot be mistaken for a match or hole"
        )));
    }
    Ok(name)
}

/// Finds `name` among `players` (seat order): the exact NFC spelling first, else the one
/// player whose name matches ignoring case, else the one player whose name begins with it
/// ignoring case (`a` for `annabel`, so a hole is quick to type). Errors name the unknown
/// player and list the match's players, or, for a prefix of several names, the candidates.
pub fn find(players: &[String], name: &str) -> Result<usize, NameError> {
    let wanted: String = name.trim().nfc().collect();
    if let Some(i) = players.iter().position(|p| *p == wanted) {
        return Ok(i);
    }
    let lower = wanted.to_lowercase();
    let matching = |whole: bool| -> Vec<usize> {
        (0..players.len())
            .filter(|&i| {
                let p = players[i].to_lowercase();
                if whole {
                    p == lower
                } else {
                    !lower.is_empty() && p.starts_with(&lower)
                }
            })
            .collect()
    };
    if let [one] = matching(true).as_slice() {
        return Ok(*one);
    }
    match matching(false).as_slice() {
        [one] => Ok(*one),
        [] => Err(NameError(format!(
            "`{wanted}` is not a player in this match{}; expected one of {}",
            crate::text::did_you_mean(&wanted, players.iter().map(String::as_str)),
            players.join(", ")
        ))),
        several => Err(NameError(format!(
            "`{wanted}` begins several players' names ({}); type more of the name",
            several
                .iter()
                .map(|&i| players[i].as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nfc_and_nfd_are_one_player() {
        let nfc = normalise("Zo\u{00eb}").unwrap();
        let nfd = normalise("Zoe\u{0308}").unwrap();
        assert_eq!(nfc, nfd);
        assert_eq!(find(&[nfc], "Zoe\u{0308}").unwrap(), 0);
    }

    #[test]
    fn case_insensitive_when_unambiguous() {
        let players = vec!["Ann".to_string(), "bob".to_string()];
        assert_eq!(find(&players, "ann").unwrap(), 0);
        assert_eq!(find(&players, "BOB").unwrap(), 1);
        let err = find(&players, "cat").unwrap_err().to_string();
        assert!(err.contains("expected one of Ann, bob"), "{err}");
    }

    #[test]
    fn a_unique_prefix_names_a_player() {
        let players: Vec<String> = ["annabel", "bob", "bert", "Bo"].map(String::from).into();
        assert_eq!(find(&players, "a").unwrap(), 0);
        assert_eq!(find(&players, "BER").unwrap(), 2);
        assert_eq!(
            find(&players, "bo").unwrap(),
            3,
            "a whole name beats a prefix"
        );
        let err = find(&players, "b").unwrap_err().to_string();
        assert!(
            err.contains("`b` begins several players' names (bob, bert, Bo)"),
            "{err}"
        );
        assert!(find(&players, "annabelle").is_err());
        assert!(find(&players, "").is_err());
    }

    #[test]
    fn refuses_bad_names() {
        assert!(normalise("  ").is_err());
        assert!(normalise("a=b").is_err());
        assert!(normalise("12").is_err());
        assert!(normalise("tab\there").is_err());
        for look_alike in ["ann\u{200b}", "\u{feff}ann", "\u{202e}nna", "an\u{00ad}n"] {
            let err = normalise(look_alike).unwrap_err().to_string();
            assert!(err.contains("invisible formatting"), "{err}");
        }
        assert!(normalise(&"x".repeat(41)).is_err());
        assert_eq!(normalise(&"x".repeat(40)).unwrap().len(), 40);
        assert_eq!(
            normalise("Robert'); DROP TABLE--").unwrap(),
            "Robert'); DROP TABLE--"
        );
    }
}
