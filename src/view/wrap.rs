//! Prose fitted to the terminal (issue 31): every sentence golf prints — messages, notes,
//! errors, rulings — breaks between words at the width, never inside one, with `textwrap`
//! (clap's own wrapper). Width is counted in display columns: a wide character counts two
//! and golf's own colour codes count nothing. This module only wraps; what may be shown at
//! all is [`crate::text`]'s business.

use std::io::IsTerminal;

/// The width prose fits when neither `COLUMNS` nor a terminal says: an ordinary terminal's.
pub const DEFAULT_WIDTH: usize = 80;

/// `COLUMNS` when it is a number of at least 20 (the tables honour it the same way).
pub fn columns() -> Option<usize> {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<u16>().ok())
        .filter(|w| *w >= 20)
        .map(usize::from)
}

/// The width of prose on stdout, in display columns: `COLUMNS`, else the width of the
/// terminal stdout writes to, else [`DEFAULT_WIDTH`] (the width tables fit too).
pub fn stdout_width() -> usize {
    width_of(&std::io::stdout())
}

/// The width of messages on stderr, in display columns: `COLUMNS`, else the width of the
/// terminal stderr writes to, else [`DEFAULT_WIDTH`].
pub fn stderr_width() -> usize {
    width_of(&std::io::stderr())
}

/// `COLUMNS` ([`columns`]), else the width of the terminal `stream` writes to when it is
/// one (at least 20), else [`DEFAULT_WIDTH`].
fn width_of<S: IsTerminal + std::os::fd::AsFd>(stream: &S) -> usize {
    columns()
        .or_else(|| match stream.is_terminal() {
            true => terminal_size::terminal_size_of(stream)
                .map(|(w, _)| usize::from(w.0))
                .filter(|w| *w >= 20),
            false => None,
        })
        .unwrap_or(DEFAULT_WIDTH)
}

/// How wide `text` is on a terminal, in columns: escape codes count nothing, a wide
/// character (`全`, most emoji) counts two.
pub fn display_width(text: &str) -> usize {
    textwrap::core::display_width(text)
}

/// Whether a line is a row of a bordered table: it has a box-drawing character. Breaking
/// it would scatter its columns, so [`prose`] leaves it as it is.
fn is_table_border(line: &str) -> bool {
    line.contains(|c: char| ('\u{2500}'..='\u{257f}').contains(&c))
}

/// Whether a line is laid out in columns (a row of a table, bordered or plain, an aligned
/// example, a chart drawn in braille) rather than written as a sentence: it has a
/// box-drawing or braille character, or a gap of two spaces or more after its indent.
pub fn is_layout(line: &str) -> bool {
    let braille = |c: char| ('\u{2800}'..='\u{28ff}').contains(&c);
    is_table_border(line) || line.contains(braille) || line.trim().contains("  ")
}

/// What a view shows, fitted to `width` (the last step before it is printed): sentences
/// wrapped as [`prose`] does, lines laid out in columns ([`is_layout`]) left whole, and no
/// line with trailing spaces.
pub fn fit(text: &str, width: usize) -> String {
    text.split('\n')
        .map(|line| match is_layout(line) {
            true => line.trim_end().to_string(),
            false => prose(line, width),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The indent of a line's continuation: its own indent, plus the width of a list marker it
/// begins with (`- `, `• `, `* `, `1. `) so continued items hang under their text, else
/// plus two.
fn hanging(line: &str) -> (String, String) {
    let indent: String = line.chars().take_while(|c| *c == ' ').collect();
    let body = &line[indent.len()..];
    let digits = body.chars().take_while(char::is_ascii_digit).count();
    let marker = if ["- ", "• ", "* "].iter().any(|m| body.starts_with(m)) {
        2
    } else if digits > 0 && body[digits..].starts_with(". ") {
        digits + 2
    } else {
        2
    };
    let hang = format!("{indent}{}", " ".repeat(marker));
    (indent, hang)
}

/// Kept as one word when wrapping: a part between ` · ` separators short enough for a line.
const GLUE: char = '\u{a0}';

/// The widest part between ` · ` separators kept whole (a date and time, a rule, `J 10`);
/// a longer one is a phrase, broken between its words like any other.
const GLUED_MOST: usize = 30;

/// `text` with every line longer than `width` display columns broken between words:
/// continued lines keep the line's indent and hang two further (or under a list item's
/// text); a short part between ` · ` separators ([`GLUED_MOST`]) stays whole (`2026-11-23
/// 16:32`), and so does a command between backticks (`` `golf match edit --holes 1` ``); a word longer than the width stands alone, unbroken. Rows of a bordered table
/// and lines that fit are unchanged, but for trailing spaces, which no line keeps. The result ends in a newline when `text` does.
pub fn prose(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (i, line) in text.split('\n').enumerate() {
        let line = line.trim_end_matches([' ', '\t', '\r']);
        if i > 0 {
            out.push('\n');
        }
        if display_width(line) <= width || is_table_border(line) || line.contains(GLUE) {
            out.push_str(line);
            continue;
        }
        let (first, rest) = hanging(line);
        // a short part between ` · ` separators is one word
        let glued = line
            .split(" · ")
            .map(
                |part| match display_width(part) + 2 <= width.min(GLUED_MOST) {
                    true => part.replace(' ', &GLUE.to_string()),
                    false => part.to_string(),
                },
            )
            .collect::<Vec<_>>()
            .join(" · ");
        // a command between backticks is one word too, when it fits a line
        let glued = glued
            .split('`')
            .enumerate()
            .map(
                |(i, part)| match i % 2 == 1 && display_width(part) + 6 <= width {
                    true => part.replace(' ', &GLUE.to_string()),
                    false => part.to_string(),
                },
            )
            .collect::<Vec<_>>()
            .join("`");
        let lines = textwrap::wrap(glued.trim_start(), options(width, &first, &rest));
        let wrapped = lines
            .iter()
            .map(|l| l.trim_end().replace(GLUE, " "))
            .collect::<Vec<_>>()
            .join("\n");
        out.push_str(&wrapped);
    }
    out
}

/// `text` as one paragraph every line of which begins with `indent` and is at most `width`
/// display columns (a word longer than the rest stands alone): for an answer under its
/// question, where continued lines align with the first rather than hang.
pub fn paragraph(text: &str, indent: &str, width: usize) -> String {
    textwrap::wrap(text.trim(), options(width, indent, indent)).join("\n")
}

/// Wrapping at spaces alone to `width` columns, never inside a word nor at a hyphen,
/// the first line begun with `first` and the rest with `rest`.
fn options<'a>(width: usize, first: &'a str, rest: &'a str) -> textwrap::Options<'a> {
    textwrap::Options::new(width)
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .initial_indent(first)
        .subsequent_indent(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breaks_between_words_never_inside_one() {
        let text = "Zoë: went out with 25 but Bartholomew, Maximilian, Annabelle scored lower: penalty `add 10` adds 10 (house rule out-penalty-10)";
        let wrapped = prose(text, 40);
        for line in wrapped.lines() {
            assert!(display_width(line) <= 40, "{line}");
        }
        assert!(wrapped.starts_with("Zoë: went out"));
        assert!(
            wrapped.contains("\n  "),
            "continued lines hang by two:\n{wrapped}"
        );
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>(),
            "no word split or lost"
        );
    }

    #[test]
    fn escape_codes_are_not_width_and_wide_characters_count_two() {
        let bold = "\x1b[1mHole 1 of 9 — match 1\x1b[0m";
        assert_eq!(display_width(bold), 21);
        assert_eq!(prose(bold, 21), bold, "fits: styling is not width");
        assert_eq!(display_width("全全"), 4);
    }

    #[test]
    fn list_items_hang_under_their_text_and_keep_their_indent() {
        let item = "  What if I forget to flip a card after discarding a drawn card? (Official §8.3, §3.4)";
        let wrapped = prose(item, 50);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines[0].starts_with("  What"), "{wrapped}");
        assert!(
            lines[1..]
                .iter()
                .all(|l| l.starts_with("    ") && !l.starts_with("     ")),
            "{wrapped}"
        );
        let bullet = prose("- one two three four five six seven eight nine ten", 20);
        assert!(bullet
            .lines()
            .skip(1)
            .all(|l| l.starts_with("  ") && !l.starts_with("   ")));
    }

    #[test]
    fn parts_between_dots_stay_whole_and_long_words_stand_alone() {
        let text = "Match 1 · Harbour Inn, Friday · 2026-11-23 16:32 · classic + out-penalty-10";
        let wrapped = prose(text, 40);
        assert!(
            wrapped.lines().any(|l| l.contains("2026-11-23 16:32")),
            "{wrapped}"
        );
        let long = prose(
            "see https://example.com/a/very/long/address/that/never/breaks ok",
            20,
        );
        assert!(long.contains("https://example.com/a/very/long/address/that/never/breaks"));
    }

    #[test]
    fn a_command_between_backticks_stays_on_one_line() {
        let text = "golf: match 1 has 1 of 9 holes; if the table stopped early, make it a 1-hole match with `golf match edit --holes 1` and finish it";
        let wrapped = prose(text, 80);
        assert!(
            wrapped
                .lines()
                .any(|l| l.contains("`golf match edit --holes 1`")),
            "{wrapped}"
        );
        assert!(wrapped.lines().all(|l| display_width(l) <= 80), "{wrapped}");
    }

    #[test]
    fn a_paragraph_keeps_one_indent() {
        let answer = "Only where the table agreed the knock house rule (--house knock) or plays a variant that has knocking.";
        let wrapped = paragraph(answer, "  ", 40);
        assert!(
            wrapped
                .lines()
                .all(|l| l.starts_with("  ") && !l.starts_with("   ")),
            "{wrapped}"
        );
        assert!(wrapped.lines().all(|l| display_width(l) <= 40), "{wrapped}");
    }

    #[test]
    fn tables_and_aligned_lines_are_left_alone_but_lose_trailing_spaces() {
        let row = " Bartholomew  K 4 K / 2 9 5    16                     16   ";
        assert_eq!(fit(row, 30), row.trim_end());
        assert_eq!(fit("one two three four", 12), "one two\n  three four");
        assert_eq!(prose("│ a │ b │", 3), "│ a │ b │");
        assert_eq!(prose("a\n\nb\n", 80), "a\n\nb\n");
        assert_eq!(
            prose("\na\n", 80),
            "\na\n",
            "a leading blank line stays one"
        );
    }
}
