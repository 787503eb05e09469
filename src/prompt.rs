//! Asking for a hole on a terminal (`golf hole` with no `PLAYER=GRID`): each player's grid
//! in turn, checked as it is typed and asked again after a bad entry; then who went out;
//! then the deal across all grids, every grid asked again when it cannot have been dealt.

use std::io::{BufRead, Write};

use crate::error::{input, Result};
use crate::game::{self, Ending, Match, Typed};
use crate::player;
use crate::text::{escape, escape_output};

/// What the prompt gathered: typed entries by seat, and who ended the hole.
pub type Prompted = (Vec<(usize, Typed)>, Option<Ending>);

/// Asks for the grids of `seats` of `m` on `reader`, writing questions and problems to
/// `writer`. Errors only when the input ends (nothing is recorded).
pub fn hole(
    reader: &mut impl BufRead,
    writer: &mut impl Write,
    m: &Match,
    seats: &[usize],
) -> Result<Prompted> {
    let shape = format!("{}×{}", m.rules.layout.rows, m.rules.layout.columns);
    loop {
        let mut entries = Vec::new();
        for &seat in seats {
            let who = &m.players[seat];
            let question =
                format!("{who}'s grid ({shape}, rows separated by /; or a bare score): ");
            loop {
                let text = ask(reader, writer, &question)?;
                match Typed::parse(who, &text, &m.rules) {
                    Ok(typed) => {
                        entries.push((seat, typed));
                        break;
                    }
                    Err(e) => {
                        writeln!(writer, "  {}\n  Try again.", escape_output(&e.to_string()))?
                    }
                }
            }
        }
        let out = went_out(reader, writer, m, seats)?.map(Ending::out);
        // the deck is checked across all grids; on failure every grid is asked again
        match game::hole::score(&m.rules, m.decks, &m.players, &entries, out) {
            Ok(_) => return Ok((entries, out)),
            Err(e) => writeln!(writer, "  {e}\n  Enter the grids again.")?,
        }
    }
}

fn went_out(
    reader: &mut impl BufRead,
    writer: &mut impl Write,
    m: &Match,
    seats: &[usize],
) -> Result<Option<usize>> {
    loop {
        let text = ask(
            reader,
            writer,
            "Who went out (or knocked)? Enter for nobody: ",
        )?;
        if text.is_empty() {
            return Ok(None);
        }
        match player::find(&m.players, &text) {
            Ok(s) if seats.contains(&s) => return Ok(Some(s)),
            Ok(s) => writeln!(
                writer,
                "  {} is not playing this hole. Try again.",
                m.players[s]
            )?,
            Err(e) => writeln!(writer, "  {}. Try again.", escape(&e.to_string()))?,
        }
    }
}

fn ask(reader: &mut impl BufRead, writer: &mut impl Write, question: &str) -> Result<String> {
    write!(writer, "{question}")?;
    writer.flush()?;
    let mut line = String::new();
    if reader.read_line(&mut line)? == 0 {
        return input("input ended before the hole was complete; nothing was recorded");
    }
    Ok(line.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;

    fn classic_match() -> Match {
        let setup = Setup {
            rules: "classic".into(),
            players: vec!["ann".into(), "bob".into()],
            ..Default::default()
        };
        Match::new(&setup, "2026-11-22T20:00:00Z").unwrap()
    }

    fn texts(entries: &[(usize, Typed)]) -> Vec<(usize, String)> {
        entries
            .iter()
            .map(|(s, t)| match t {
                Typed::Grid { text, .. } => (*s, text.clone()),
                Typed::Score(n) => (*s, n.to_string()),
            })
            .collect()
    }

    #[test]
    fn re_asks_after_a_bad_entry() {
        let m = classic_match();
        let typed = "5 K Q / 5 11 J\n5 K Q / 5 2 J\n12\nzed\nbob\n";
        let mut reader = std::io::Cursor::new(typed);
        let mut shown = Vec::new();
        let (entries, out) = hole(&mut reader, &mut shown, &m, &[0, 1]).unwrap();
        let shown = String::from_utf8(shown).unwrap();
        assert!(shown.contains("`11` is not a card"), "{shown}");
        assert!(shown.contains("Try again"), "{shown}");
        assert!(shown.contains("`zed` is not a player"), "{shown}");
        assert_eq!(
            texts(&entries),
            vec![(0, "5 K Q / 5 2 J".to_string()), (1, "12".to_string())]
        );
        assert_eq!(out, Some(Ending::out(1)));
    }

    #[test]
    fn asks_all_again_after_an_impossible_deal() {
        let m = classic_match();
        let typed = "7 7 3 / 4 5 6\n7 7 7 / 4 5 6\n\n7 7 3 / 4 5 6\n2 2 2 / 4 5 6\n\n";
        let mut reader = std::io::Cursor::new(typed);
        let mut shown = Vec::new();
        let (entries, out) = hole(&mut reader, &mut shown, &m, &[0, 1]).unwrap();
        assert!(String::from_utf8(shown).unwrap().contains("5 sevens"));
        assert_eq!(texts(&entries)[1].1, "2 2 2 / 4 5 6");
        assert_eq!(out, None);
    }

    #[test]
    fn stops_when_input_ends() {
        let m = classic_match();
        let mut reader = std::io::Cursor::new("5 K Q / 5 2 J\n");
        let err = hole(&mut reader, &mut Vec::new(), &m, &[0, 1]).unwrap_err();
        assert!(err.to_string().contains("input ended"));
    }
}
