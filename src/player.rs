//! Player names: normalised to Unicode NFKC (so `Ｚoë`, `Zoë` and `Zoe` + a combining
//! diaeresis are one spelling), spaces trimmed and collapsed, bounded in length, with no
//! character that is invisible or rearranges text, and compared by their confusable
//! skeleton (Unicode TR 39) so that two players of one match never look alike (`ann` and
//! `аnn` with a Cyrillic а). The same checks serve every way a name comes in: the command
//! line, the prompt, a scoresheet, a JSON import.

use unicode_normalization::UnicodeNormalization;

/// A name that cannot be a player's, or is not a player of the match; the message says
/// what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NameError(pub String);

impl crate::error::BadInput for NameError {}

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// The most bytes of a name looked at: anything longer is refused before any work.
const MAX_NAME_BYTES: usize = 4 * MAX_NAME_CHARS * 4;

/// Checks and normalises a player name: NFKC, surrounding spaces trimmed and inner runs
/// of spaces made one, 1 to [`MAX_NAME_CHARS`] characters, no `=` (it separates a player
/// from a grid), not beginning with `+`, `-` or `@` (a spreadsheet runs such a cell, a
/// command line takes it for a flag), no control, format or invisible character (a
/// zero-width space, a right-to-left override, a Hangul filler), and not a bare number.
pub fn normalise(name: &str) -> Result<String, NameError> {
    if name.len() > MAX_NAME_BYTES {
        return Err(too_long(name, name.chars().count()));
    }
    let nfkc: String = name.nfkc().collect();
    let name = nfkc
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let chars = name.chars().count();
    if chars == 0 {
        return Err(NameError(
            "a player name is empty; expected a name such as `ann`".into(),
        ));
    }
    if chars > MAX_NAME_CHARS {
        return Err(too_long(&name, chars));
    }
    if name.contains('=') {
        return Err(NameError(format!(
            "the player name `{}` contains `=`, which separates a player from a grid (PLAYER=GRID); choose another name",
            crate::text::escape(&name)
        )));
    }
    if let Some(c) = name.chars().find(|&c| invisible(c)) {
        return Err(NameError(format!(
            "the player name `{}` contains U+{:04X}, a control or invisible formatting character \
             (such as a zero-width space or a right-to-left override); expected printable text",
            name.chars()
                .map(|c| match invisible(c) {
                    true => format!("\\u{{{:x}}}", c as u32),
                    false => c.to_string(),
                })
                .collect::<String>(),
            c as u32
        )));
    }
    if let Some(c) = name
        .chars()
        .next()
        .filter(|c| crate::text::FORMULA_START.contains(c))
    {
        return Err(NameError(format!(
            "the player name `{name}` begins with `{c}`, which a spreadsheet runs as a formula \
             and a command line takes for a flag; expected a name beginning with a letter or digit"
        )));
    }
    if name.parse::<i64>().is_ok() {
        return Err(NameError(format!(
            "the player name `{name}` is a number; expected a name, so it cannot be mistaken for a match or hole"
        )));
    }
    Ok(name)
}

fn too_long(name: &str, chars: usize) -> NameError {
    NameError(format!(
        "the player name `{}…` is {chars} characters long; a name is at most {MAX_NAME_CHARS}",
        crate::text::escape(&name.chars().take(20).collect::<String>())
    ))
}

/// Whether `c` may not be in a name: unprintable ([`crate::text::is_unprintable`]), a
/// space other than U+0020 (a line separator, say), or invisible: what TR 39 drops or
/// reads as a space (U+3164 HANGUL FILLER, U+2800 BRAILLE PATTERN BLANK).
fn invisible(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_control();
    }
    crate::text::is_unprintable(c)
        || c.is_whitespace()
        || unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).all(char::is_whitespace)
}

/// What two names that look alike share: the TR 39 confusable skeleton of the lower-cased
/// NFKC name (`ann`, `Ann`, `аnn` and `ａnn` share one).
pub fn skeleton(name: &str) -> String {
    let lower = name.nfkc().collect::<String>().to_lowercase();
    unicode_security::skeleton(&lower).collect()
}

/// Checks that no two of `names` (already normalised) look alike: the same ignoring case,
/// or the same [`skeleton`]. Errors name both.
pub fn distinct(names: &[String]) -> Result<(), NameError> {
    let keys: Vec<String> = names.iter().map(|n| skeleton(n)).collect();
    for (i, key) in keys.iter().enumerate() {
        if let Some(j) = keys[..i].iter().position(|k| k == key) {
            let (a, b) = (&names[j], &names[i]);
            return Err(NameError(if a.to_lowercase() == b.to_lowercase() {
                format!("the player `{b}` is named twice; every player needs a distinct name")
            } else {
                format!(
                    "the players `{a}` and `{b}` look alike (letters of another script or width \
                     that look the same); every player needs a name the table can tell apart"
                )
            }));
        }
    }
    Ok(())
}

/// Finds `name` among `players` (seat order): the exact NFKC spelling first (or NFC, as
/// older databases stored it), else the one player whose name matches ignoring case, else
/// the one whose name looks the same ([`skeleton`]), else the one player whose name begins
/// with it ignoring case (`a` for `annabel`, so a hole is quick to type). Errors name the
/// unknown player and list the match's players, or, for a prefix of several names, the
/// candidates.
pub fn find(players: &[String], name: &str) -> Result<usize, NameError> {
    if name.len() > MAX_NAME_BYTES {
        return Err(too_long(name, name.chars().count()));
    }
    let wanted: String = name.trim().nfkc().collect();
    let nfc: String = name.trim().nfc().collect();
    if let Some(i) = players.iter().position(|p| *p == wanted || *p == nfc) {
        return Ok(i);
    }
    let lower = wanted.to_lowercase();
    let mut matches: Vec<usize> = (0..players.len())
        .filter(|&i| players[i].to_lowercase() == lower)
        .collect();
    if matches.is_empty() {
        let key = skeleton(&wanted);
        matches = (0..players.len())
            .filter(|&i| skeleton(&players[i]) == key)
            .collect();
    }
    if matches.is_empty() && !lower.is_empty() {
        matches = (0..players.len())
            .filter(|&i| players[i].to_lowercase().starts_with(&lower))
            .collect();
    }
    let wanted = crate::text::escape(&wanted);
    match matches.as_slice() {
        [one] => Ok(*one),
        [] => Err(NameError(format!(
            "`{wanted}` is not a player in this match{}; expected one of {}",
            did_you_mean(&wanted, players),
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

/// ` (did you mean `bob`?)` for a name one or two slips from a player's (a letter wrong,
/// missing, extra or two swapped: `bbo`, `anne`), else one that sounds alike; empty when
/// none is close.
fn did_you_mean(wanted: &str, players: &[String]) -> String {
    let lower = wanted.to_lowercase();
    let slips = (lower.chars().count() / 3).max(1);
    let closest = players
        .iter()
        .map(|p| (strsim::damerau_levenshtein(&lower, &p.to_lowercase()), p))
        .filter(|(d, _)| *d <= slips)
        .min_by_key(|(d, _)| *d);
    match closest {
        Some((_, p)) => format!(" (did you mean `{p}`?)"),
        None => crate::text::did_you_mean(wanted, players.iter().map(String::as_str)),
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
    fn look_alikes_are_one_player() {
        for (a, b) in [
            ("ann", "\u{430}nn"),
            ("Ann", "\u{ff21}nn"),
            ("fi", "\u{fb01}"),
            ("Zo\u{eb}", "Zoe\u{308}"),
            ("ann", "ANN"),
        ] {
            let names = vec![normalise(a).unwrap(), normalise(b).unwrap()];
            assert!(distinct(&names).is_err(), "{a} {b}");
        }
        assert!(distinct(&["ann".into(), "bob".into()]).is_ok());
        assert_eq!(find(&["ann".into(), "bob".into()], "\u{430}nn").unwrap(), 0);
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
        let err = find(&players, "annabelle").unwrap_err().to_string();
        assert!(err.contains("did you mean `annabel`?"), "{err}");
        let err = find(&players, "bret").unwrap_err().to_string();
        assert!(err.contains("did you mean `bert`?"), "{err}");
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
        for hostile in [
            "=HYPERLINK(1)",
            "+1",
            "-rf",
            "@sum",
            "a\u{3164}",
            "\u{3164}",
            "\u{2800}x",
            "a\u{2028}b",
        ] {
            assert!(normalise(hostile).is_err(), "{hostile:?}");
        }
        assert_eq!(normalise("ｆｉ  ﬁ").unwrap(), "fi fi");
        assert!(normalise(&"x".repeat(100_000)).is_err());
        assert!(normalise(&"x".repeat(41)).is_err());
        assert_eq!(normalise(&"x".repeat(40)).unwrap().len(), 40);
        assert_eq!(
            normalise("Robert'); DROP TABLE--").unwrap(),
            "Robert'); DROP TABLE--"
        );
    }
}
