//! Asking for a hole on a terminal (`golf hole` with no `PLAYER=GRID`): a header saying
//! which hole and who deals; each player's grid in turn with a line editor and history,
//! checked as it is typed (shape, cards, suits, a card twice in one grid) and asked again
//! after a bad entry; `<` goes back to the previous player; then who went out; then the
//! deal across all grids, asking again only the players a clash names. Nothing typed is
//! ever echoed with its control characters.

use std::io::{BufRead, Write};

use crate::error::{input, Result};
use crate::game::{self, Ending, Match, Typed};
use crate::player;
use crate::text::{escape, escape_output};

/// What the prompt gathered: typed entries by seat, and who ended the hole.
pub type Prompted = (Vec<(usize, Typed)>, Option<Ending>);

/// Where answers come from: a line editor on a terminal, or any reader in tests.
pub trait Ask {
    /// Shows `question` and reads one answer, trimmed; `None` when the input ends.
    fn ask(&mut self, question: &str) -> Result<Option<String>>;
    /// Says something between questions (a header, a problem).
    fn say(&mut self, text: &str) -> Result<()>;
}

/// The terminal: rustyline, with the answers of this session in its history.
pub struct Terminal(rustyline::DefaultEditor);

impl Terminal {
    /// A line editor on the terminal.
    pub fn new() -> Result<Terminal> {
        let editor = rustyline::DefaultEditor::new()
            .map_err(|e| anyhow::anyhow!("cannot use the terminal: {e}"))?;
        Ok(Terminal(editor))
    }
}

impl Ask for Terminal {
    fn ask(&mut self, question: &str) -> Result<Option<String>> {
        use rustyline::error::ReadlineError;
        match self.0.readline(question) {
            Ok(line) => {
                let line = line.trim().to_string();
                if !line.is_empty() {
                    let _ = self.0.add_history_entry(line.as_str());
                }
                Ok(Some(line))
            }
            Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(None),
            Err(e) => Err(anyhow::anyhow!("cannot read the terminal: {e}").into()),
        }
    }

    fn say(&mut self, text: &str) -> Result<()> {
        let mut err = std::io::stderr();
        writeln!(err, "{}", escape_output(text))?;
        Ok(())
    }
}

/// Answers from a reader, questions and words to a writer.
pub struct Lines<R, W>(pub R, pub W);

impl<R: BufRead, W: Write> Ask for Lines<R, W> {
    fn ask(&mut self, question: &str) -> Result<Option<String>> {
        write!(self.1, "{question}")?;
        self.1.flush()?;
        let mut line = String::new();
        match self.0.read_line(&mut line)? {
            0 => Ok(None),
            _ => Ok(Some(line.trim().to_string())),
        }
    }

    fn say(&mut self, text: &str) -> Result<()> {
        writeln!(self.1, "{}", escape_output(text))?;
        Ok(())
    }
}

fn ended() -> Result<String> {
    input("input ended before the hole was complete; nothing was recorded")
}

/// Asks for the grids of `seats` of `m`. Errors only when the input ends (nothing is
/// recorded).
pub fn hole(ask: &mut impl Ask, m: &Match, seats: &[usize]) -> Result<Prompted> {
    if let Some((number, playoff, dealer)) = m.next_hole() {
        let what = match playoff {
            true => format!("Playoff hole {number}"),
            false => format!("Hole {number} of {}", m.holes_planned),
        };
        ask.say(&format!("{what} — {} deals", m.players[dealer]))?;
    }
    let mut entries: Vec<Option<Typed>> = vec![None; seats.len()];
    let mut todo: Vec<usize> = (0..seats.len()).collect();
    loop {
        grids(ask, m, seats, &todo, &mut entries)?;
        let out = went_out(ask, m, seats)?;
        let typed: Vec<(usize, Typed)> = seats
            .iter()
            .zip(&entries)
            .filter_map(|(s, t)| t.clone().map(|t| (*s, t)))
            .collect();
        // the deck is checked across all grids; only the players it names are asked again
        match game::hole::score(&m.rules, m.decks, &m.players, &typed, out) {
            Ok(_) => return Ok((typed, out)),
            Err(game::HoleError::Deck(clash)) => {
                ask.say(&format!("  {clash}"))?;
                let named: Vec<&str> = clash
                    .overflows
                    .iter()
                    .flat_map(|o| o.per_player.iter().map(|(n, _)| n.as_str()))
                    .collect();
                todo = (0..seats.len())
                    .filter(|&i| named.contains(&m.players[seats[i]].as_str()))
                    .collect();
                ask.say(&format!(
                    "  Enter the grids of {} again.",
                    m.names(&todo.iter().map(|&i| seats[i]).collect::<Vec<_>>())
                ))?;
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// Asks for the grids of the seats at `todo` (indices into `seats`) in order; `<` goes
/// back one.
fn grids(
    ask: &mut impl Ask,
    m: &Match,
    seats: &[usize],
    todo: &[usize],
    entries: &mut [Option<Typed>],
) -> Result<()> {
    let shape = format!("{}×{}", m.rules.layout.rows, m.rules.layout.columns);
    let mut k = 0;
    while k < todo.len() {
        let seat = seats[todo[k]];
        let who = &m.players[seat];
        let back = if k > 0 {
            "; < for the previous player"
        } else {
            ""
        };
        let question =
            format!("{who}'s grid ({shape}, rows separated by /; or a bare score{back}): ");
        let Some(text) = ask.ask(&question)? else {
            ended()?;
            unreachable!("ended() always errs");
        };
        if text == "<" {
            k = k.saturating_sub(1);
            continue;
        }
        match check(m, who, &text) {
            Ok(t) => {
                entries[todo[k]] = Some(t);
                k += 1;
            }
            Err(problem) => ask.say(&format!("  {problem}\n  Try again."))?,
        }
    }
    Ok(())
}

/// One grid as typed: notation, shape, suits, and no card more often than the decks
/// hold within this grid alone.
fn check(m: &Match, who: &str, text: &str) -> std::result::Result<Typed, String> {
    let typed = Typed::parse(who, text, &m.rules).map_err(|e| e.to_string())?;
    if let Typed::Grid { grid, .. } = &typed {
        crate::deck::check_hole(&[(who, grid)], m.decks, &m.rules).map_err(|e| e.to_string())?;
    }
    Ok(typed)
}

fn went_out(ask: &mut impl Ask, m: &Match, seats: &[usize]) -> Result<Option<Ending>> {
    loop {
        let Some(text) = ask.ask("Who went out (or knocked: `knock NAME`)? Enter for nobody: ")?
        else {
            ended()?;
            unreachable!("ended() always errs");
        };
        if text.is_empty() {
            return Ok(None);
        }
        let (name, knocked) = match text.strip_prefix("knock ") {
            Some(name) => (name.trim(), true),
            None => (text.as_str(), false),
        };
        match player::find(&m.players, name) {
            Ok(seat) if seats.contains(&seat) => return Ok(Some(Ending { seat, knocked })),
            Ok(s) => ask.say(&format!(
                "  {} is not playing this hole. Try again.",
                m.players[s]
            ))?,
            Err(e) => ask.say(&format!("  {}. Try again.", escape(&e.to_string())))?,
        }
    }
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

    fn run(typed: &str) -> (Result<Prompted>, String) {
        let m = classic_match();
        let mut lines = Lines(std::io::Cursor::new(typed.to_string()), Vec::new());
        let got = hole(&mut lines, &m, &[0, 1]);
        (got, String::from_utf8(lines.1).unwrap())
    }

    #[test]
    fn re_asks_after_a_bad_entry() {
        let (got, shown) = run("5 K Q / 5 11 J\n5 K Q / 5 2 J\n12\nzed\nbob\n");
        let (entries, out) = got.unwrap();
        assert!(shown.starts_with("Hole 1 of 9 — ann deals"), "{shown}");
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
    fn asks_again_only_the_players_a_clash_names_and_goes_back_on_request() {
        // ann's 7s and bob's 7s clash; only those two are asked again
        let (got, shown) = run("7 7 3 / 4 5 6\n<\n7 7 3 / 4 5 6\n7 7 7 / 4 5 6\n\n7 7 3 / 4 5 6\n2 2 2 / 4 5 6\nknock ann\n");
        let (entries, out) = got.unwrap();
        assert!(shown.contains("5 sevens"), "{shown}");
        assert!(
            shown.contains("Enter the grids of ann and bob again"),
            "{shown}"
        );
        assert_eq!(texts(&entries)[1].1, "2 2 2 / 4 5 6");
        assert_eq!(
            out,
            Some(Ending {
                seat: 0,
                knocked: true
            })
        );
    }

    #[test]
    fn a_card_twice_in_one_grid_is_caught_as_it_is_typed() {
        let (got, shown) = run("5h 5h 3 / 4 6 7\n5h 5s 3 / 4 6 7\n2\n\n");
        assert!(got.is_ok());
        assert!(shown.contains("2 of the 5h"), "{shown}");
    }

    #[test]
    fn stops_when_input_ends() {
        let (got, _) = run("5 K Q / 5 2 J\n");
        assert!(got.unwrap_err().to_string().contains("input ended"));
    }
}
