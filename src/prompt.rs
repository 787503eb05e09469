//! Asking for a hole on a terminal (`golf hole` with no `PLAYER=GRID`): a header saying
//! which hole and who deals, and once how a grid is typed; each player's grid in turn with a
//! short question, a line editor and history, checked as it is typed (shape, cards, suits,
//! and the deck across this grid and every grid typed before: a second 3h is refused at the
//! grid that brings it, offered back to correct) and asked again after a bad entry; `<` goes
//! back to the previous player with their entry offered for editing; then who ended the
//! hole (a knock only where the rules have knocking; where the rules adjust that player's
//! score, "nobody" must be typed); then the deal across all grids, asking again only the
//! players a clash names. Each grid accepted is handed to the caller to keep as the match's
//! [`Draft`] (so a prompt killed by SIGHUP, SIGTERM or SIGKILL loses at most the grid being
//! typed); Ctrl-C (or the input ending) stops with the draft of the grids typed, which the
//! next prompt for that hole offers back; nothing is recorded until the hole is complete.
//! Nothing typed is ever echoed with its control characters.

use std::io::{BufRead, Write};

use crate::error::Result;
use crate::game::draft::{check, text_of};
use crate::game::Draft;
use crate::game::{self, Ending, Match, Typed};
use crate::player;
use crate::text::{escape, escape_output};

/// What the prompt gathered: typed entries by seat, and who ended the hole.
pub type Prompted = (Vec<(usize, Typed)>, Option<Ending>);

/// How the prompt ended: a whole hole, or stopped with what was typed.
#[derive(Debug)]
pub enum Outcome {
    /// Every grid and who ended the hole, checked.
    Complete(Prompted),
    /// Stopped (Ctrl-C, or the input ended) before the hole was complete.
    Stopped(Draft),
}

/// One answer to a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A line, trimmed.
    Line(String),
    /// Ctrl-C, or the input ended: stop asking.
    Stop,
}

/// Where answers come from: a line editor on a terminal, or any reader in tests.
pub trait Ask {
    /// Shows `question` with `offered` already typed after it (to keep with Enter or to
    /// edit) and reads one answer.
    fn ask(&mut self, question: &str, offered: &str) -> Result<Reply>;
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
    fn ask(&mut self, question: &str, offered: &str) -> Result<Reply> {
        use rustyline::error::ReadlineError;
        match self.0.readline_with_initial(question, (offered, "")) {
            Ok(line) => {
                let line = line.trim().to_string();
                if !line.is_empty() {
                    let _ = self.0.add_history_entry(line.as_str());
                }
                Ok(Reply::Line(line))
            }
            Err(ReadlineError::Eof | ReadlineError::Interrupted) => Ok(Reply::Stop),
            Err(e) => Err(anyhow::anyhow!("cannot read the terminal: {e}").into()),
        }
    }

    fn say(&mut self, text: &str) -> Result<()> {
        let mut err = std::io::stderr();
        writeln!(err, "{}", escape_output(text))?;
        Ok(())
    }
}

/// Answers from a reader, questions and words to a writer, for tests: the offered text is
/// written after the question, an empty line keeps it, and a line `^C` stands for Ctrl-C.
pub struct Lines<R, W>(pub R, pub W);

impl<R: BufRead, W: Write> Ask for Lines<R, W> {
    fn ask(&mut self, question: &str, offered: &str) -> Result<Reply> {
        write!(self.1, "{question}{offered}")?;
        self.1.flush()?;
        let mut line = String::new();
        if self.0.read_line(&mut line)? == 0 {
            return Ok(Reply::Stop);
        }
        Ok(match line.trim() {
            "^C" => Reply::Stop,
            "" => Reply::Line(offered.to_string()),
            typed => Reply::Line(typed.to_string()),
        })
    }

    fn say(&mut self, text: &str) -> Result<()> {
        writeln!(self.1, "{}", escape_output(text))?;
        Ok(())
    }
}

/// Keeps the draft after each grid typed (the caller stores it), returning anything the
/// person typing should hear about it (it could not be kept; another prompt is typing the
/// same hole), which the prompt says; the prompt goes on either way.
pub type Keep<'a> = &'a mut dyn FnMut(&Draft) -> Option<String>;

/// Asks for the grids of `seats` of `m`, offering back `draft`'s grids when it is a draft
/// of this hole, and hands every grid accepted to `keep` with the ones before it, so a
/// prompt killed (SIGHUP, SIGTERM, even SIGKILL) loses at most the grid being typed.
/// Errors only when the rules cannot score the hole at all.
pub fn hole(
    ask: &mut impl Ask,
    m: &Match,
    seats: &[usize],
    draft: Option<&Draft>,
    keep: Keep<'_>,
) -> Result<Outcome> {
    let (number, playoff) = header(ask, m)?;
    let mut entries: Vec<Option<Typed>> = vec![None; seats.len()];
    let mut offered: Vec<String> = vec![String::new(); seats.len()];
    let draft = draft.filter(|d| (d.hole, d.playoff) == (number, playoff));
    let mut todo: Vec<usize> = (0..seats.len()).collect();
    // who a phone said ended the hole stays in the draft kept (the prompt asks it again)
    let ending = offer(ask, m, seats, draft, &mut offered)?;
    let stopped = |entries: &[Option<Typed>], offered: &[String]| {
        Ok(Outcome::Stopped(Draft {
            hole: number,
            playoff,
            entries: typed_so_far(seats, entries, offered),
            ending,
            computer: Vec::new(),
            restored: Vec::new(),
            also: Vec::new(),
        }))
    };
    let mut kept = Kept {
        keep,
        number,
        playoff,
        ending,
    };
    loop {
        if !grids(ask, m, seats, &todo, &mut entries, &mut offered, &mut kept)? {
            return stopped(&entries, &offered);
        }
        let Some(out) = went_out(ask, m, seats, ending)? else {
            return stopped(&entries, &offered);
        };
        let typed: Vec<(usize, Typed)> = seats
            .iter()
            .zip(&entries)
            .filter_map(|(s, t)| t.clone().map(|t| (*s, t)))
            .collect();
        // the deck is checked across all grids; only the players it names are asked again
        match game::hole::score(&m.rules, m.decks, &m.players, &typed, out) {
            Ok(_) => return Ok(Outcome::Complete((typed, out))),
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

/// Offers back `draft`, the draft kept for this hole, if it can be used: its grids put in
/// `offered` (by the index of their seat in `seats`), and said — those put back by an undo
/// apart from those typed or sent. Returns who it says ended the hole; says why a draft
/// that cannot be used is not offered.
fn offer(
    ask: &mut impl Ask,
    m: &Match,
    seats: &[usize],
    draft: Option<&Draft>,
    offered: &mut [String],
) -> Result<Option<(usize, bool)>> {
    let problem = draft.and_then(|d| d.problem(m));
    if let Some(problem) = &problem {
        ask.say(&format!(
            "The draft kept for this hole cannot be used ({problem}); it is not offered."
        ))?;
    }
    if let Some(d) = draft.filter(|_| problem.is_none()) {
        for (seat, text) in &d.entries {
            if let Some(i) = seats.iter().position(|s| s == seat) {
                offered[i] = text.clone();
            }
        }
        let (restored, kept): (Vec<usize>, Vec<usize>) = d
            .entries
            .iter()
            .map(|(s, _)| *s)
            .partition(|s| d.restored.contains(s));
        if !kept.is_empty() {
            ask.say(&format!(
                "The draft of this hole kept for {} is offered back: Enter keeps a grid.",
                m.names(&kept)
            ))?;
        }
        if !restored.is_empty() {
            ask.say(&format!(
                "The grids of {} for this hole, withdrawn by an undo, are put back and offered: Enter keeps a grid.",
                m.names(&restored)
            ))?;
        }
    }
    Ok(draft.filter(|_| problem.is_none()).and_then(|d| d.ending))
}

/// The draft kept after each grid, with the hole it is for.
struct Kept<'b> {
    keep: Keep<'b>,
    number: u32,
    playoff: bool,
    ending: Option<(usize, bool)>,
}

impl Kept<'_> {
    /// Hands what is typed so far to the keeper, and says what it has to say.
    fn keep(
        &mut self,
        ask: &mut impl Ask,
        seats: &[usize],
        entries: &[Option<Typed>],
        offered: &[String],
    ) -> Result<()> {
        let draft = Draft {
            hole: self.number,
            playoff: self.playoff,
            entries: typed_so_far(seats, entries, offered),
            ending: self.ending,
            computer: Vec::new(),
            restored: Vec::new(),
            also: Vec::new(),
        };
        if let Some(said) = (self.keep)(&draft) {
            ask.say(&format!("  ({said})"))?;
        }
        Ok(())
    }
}

/// Says which hole and who deals, and once how a grid is typed; returns the hole's number
/// and whether it is a playoff hole.
fn header(ask: &mut impl Ask, m: &Match) -> Result<(u32, bool)> {
    let Some((number, playoff, dealer)) = m.next_hole() else {
        return Ok((0, false));
    };
    let what = match playoff {
        true => format!("Playoff hole {number}"),
        false => format!("Hole {number} of {}", m.holes_planned),
    };
    ask.say(&format!("{what} — {} deals", m.players[dealer]))?;
    let (rows, columns) = (m.rules.layout.rows, m.rules.layout.columns);
    let example = match m.rules.pack.is_empty() {
        true => "e.g. q44/q98 or 5 K Q / 5 2 J, t or 10 a ten",
        false => "cards separated by spaces",
    };
    ask.say(&format!(
        "Each grid: {rows} row{} of {columns}, rows separated by / ({example}); \
         a bare number records a score unchecked; < goes back.",
        if rows == 1 { "" } else { "s" }
    ))?;
    Ok((number, playoff))
}

/// What each seat has typed so far: its checked entry, else what it was offered (a draft's
/// grid not yet asked about).
fn typed_so_far(
    seats: &[usize],
    entries: &[Option<Typed>],
    offered: &[String],
) -> Vec<(usize, String)> {
    seats
        .iter()
        .zip(entries.iter().zip(offered))
        .filter_map(|(s, (t, o))| match t {
            Some(t) => Some((*s, text_of(t))),
            None => (!o.is_empty()).then(|| (*s, o.clone())),
        })
        .collect()
}

/// Asks for the grids of the seats at `todo` (indices into `seats`) in order, each offered
/// `offered[i]` to keep or edit; `<` goes back one, offering what was typed there. Returns
/// `false` when stopped.
fn grids(
    ask: &mut impl Ask,
    m: &Match,
    seats: &[usize],
    todo: &[usize],
    entries: &mut [Option<Typed>],
    offered: &mut [String],
    kept: &mut Kept<'_>,
) -> Result<bool> {
    let mut k = 0;
    while k < todo.len() {
        let i = todo[k];
        let who = &m.players[seats[i]];
        let text = match ask.ask(&format!("{who}'s grid: "), &offered[i])? {
            Reply::Line(text) => text,
            Reply::Stop => return Ok(false),
        };
        if text == "<" {
            k = k.saturating_sub(1);
            continue;
        }
        // the deck across this grid and every other typed so far: a card one too many is
        // refused at the grid that brings it, the others kept as they are
        let clash = check(m, who, &text).map(|t| (against_the_others(m, seats, entries, i, &t), t));
        match clash {
            Ok((Err(clash), _)) => {
                offered[i] = text;
                ask.say(&format!(
                    "  {clash}\n  {who}'s grid is refused as typed: correct it, or `<` to go back."
                ))?;
            }
            Ok((Ok(()), t)) => {
                offered[i] = text;
                entries[i] = Some(t);
                kept.keep(ask, seats, entries, offered)?;
                k += 1;
            }
            Err(problem) => {
                offered[i].clear();
                ask.say(&format!("  {problem}\n  Try again."))?;
            }
        }
    }
    Ok(true)
}

/// Checks the deck across `typed` (the grid of `seats[i]`) and every other grid typed so
/// far: the clash, if the deck cannot hold them all.
fn against_the_others(
    m: &Match,
    seats: &[usize],
    entries: &[Option<Typed>],
    i: usize,
    typed: &Typed,
) -> std::result::Result<(), crate::deck::DeckError> {
    let Typed::Grid { grid, .. } = typed else {
        return Ok(());
    };
    let mut all: Vec<(&str, &crate::grid::Grid)> = Vec::new();
    for (j, (seat, entry)) in seats.iter().zip(entries).enumerate() {
        if j == i {
            all.push((m.players[*seat].as_str(), grid));
        } else if let Some(Typed::Grid { grid, .. }) = entry {
            all.push((m.players[*seat].as_str(), grid));
        }
    }
    crate::deck::check_hole(&all, m.decks, &m.rules)
}

/// Asks who ended the hole, offering a knock only where the rules have knocking; a name
/// may be the start of one. Where the rules adjust that player's score
/// ([`game::hole::ending_adjustment`]), no one ending the hole must be said in words
/// (`nobody`): Enter alone asks again. Who the draft says ended the hole (a phone's "I went
/// out") is offered, to keep with Enter or to change. `None` when stopped.
fn went_out(
    ask: &mut impl Ask,
    m: &Match,
    seats: &[usize],
    drafted: Option<(usize, bool)>,
) -> Result<Option<Option<Ending>>> {
    let knocking = m.rules.may_knock();
    let adjusted = game::hole::ending_adjustment(&m.rules);
    let question = match (knocking, adjusted.is_some()) {
        (true, false) => "Who went out (or `knock NAME`)? Enter for nobody: ",
        (false, false) => "Who went out? Enter for nobody: ",
        (true, true) => "Who went out (or `knock NAME`, or `nobody`)? ",
        (false, true) => "Who went out (or `nobody`)? ",
    };
    loop {
        let offered = match drafted.filter(|(s, _)| seats.contains(s)) {
            Some((seat, true)) if knocking => format!("knock {}", m.players[seat]),
            Some((seat, _)) => m.players[seat].clone(),
            None => String::new(),
        };
        let text = match ask.ask(question, &offered)? {
            Reply::Line(text) => text,
            Reply::Stop => return Ok(None),
        };
        if text.eq_ignore_ascii_case("nobody") {
            return Ok(Some(None));
        }
        if text.is_empty() {
            match &adjusted {
                None => return Ok(Some(None)),
                Some(how) => {
                    ask.say(&format!(
                        "  Under {}, the player who ends the hole {how}: type who went out, or `nobody`.",
                        m.rules.display_name()
                    ))?;
                    continue;
                }
            }
        }
        let (name, knocked) = match text.strip_prefix("knock ") {
            Some(name) => (name.trim(), true),
            None => (text.as_str(), false),
        };
        if knocked && !knocking {
            ask.say(&format!(
                "  {} has no knocking (a table may agree it: --house knock); who went out?",
                m.rules.display_name()
            ))?;
            continue;
        }
        match player::find(&m.players, name) {
            Ok(seat) if seats.contains(&seat) => return Ok(Some(Some(Ending { seat, knocked }))),
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

    fn a_match(rules: &str, house: &[&str]) -> Match {
        let setup = Setup {
            rules: rules.into(),
            house: house.iter().map(|h| h.to_string()).collect(),
            players: vec!["ann".into(), "bob".into()],
            ..Default::default()
        };
        Match::new(&setup, "2026-11-22T20:00:00Z").unwrap()
    }

    fn texts(entries: &[(usize, Typed)]) -> Vec<(usize, String)> {
        entries.iter().map(|(s, t)| (*s, text_of(t))).collect()
    }

    fn run_on(m: &Match, typed: &str, draft: Option<&Draft>) -> (Outcome, String) {
        let mut lines = Lines(std::io::Cursor::new(typed.to_string()), Vec::new());
        let got = hole(&mut lines, m, &[0, 1], draft, &mut |_| None).unwrap();
        (got, String::from_utf8(lines.1).unwrap())
    }

    fn run(typed: &str) -> (Prompted, String) {
        match run_on(&a_match("classic", &[]), typed, None) {
            (Outcome::Complete(p), shown) => (p, shown),
            (other, shown) => panic!("{other:?}\n{shown}"),
        }
    }

    #[test]
    fn re_asks_after_a_bad_entry() {
        let (got, shown) = run("5 K Q / 5 11 J\n5 K Q / 5 2 J\n12\nzed\nbbo\nbob\n");
        let (entries, out) = got;
        assert!(shown.starts_with("Hole 1 of 9 — ann deals"), "{shown}");
        assert!(shown.contains("`11` is not a card"), "{shown}");
        assert!(shown.contains("Try again"), "{shown}");
        assert!(shown.contains("`zed` is not a player"), "{shown}");
        assert!(shown.contains("did you mean `bob`?"), "{shown}");
        assert_eq!(
            texts(&entries),
            vec![(0, "5 K Q / 5 2 J".to_string()), (1, "12".to_string())]
        );
        assert_eq!(out, Some(Ending::out(1)));
    }

    #[test]
    fn the_layout_is_said_once_and_each_question_is_short() {
        let (_, shown) = run("q44/q98\n12\n\n");
        assert_eq!(shown.matches("2 rows of 3").count(), 1, "{shown}");
        assert!(shown.contains("\nann's grid: bob's grid: "), "{shown}");
        // classic has no knocking: the ending question does not offer one
        assert!(
            shown.contains("Who went out? Enter for nobody: "),
            "{shown}"
        );
    }

    #[test]
    fn a_knock_only_where_the_rules_have_knocking() {
        let classic = a_match("classic", &[]);
        let (got, shown) = run_on(&classic, "12\n13\nknock ann\nann\n", None);
        assert!(shown.contains("has no knocking"), "{shown}");
        assert!(matches!(got, Outcome::Complete((_, Some(e))) if !e.knocked));
        let knock = a_match("classic", &["knock"]);
        let (got, shown) = run_on(&knock, "12\n13\nknock a\n", None);
        assert!(shown.contains("(or `knock NAME`)"), "{shown}");
        assert!(matches!(got, Outcome::Complete((_, Some(e))) if e.knocked && e.seat == 0));
    }

    #[test]
    fn going_back_offers_the_previous_entry_for_editing() {
        // `<` at bob's grid offers ann's for editing; Enter keeps it
        let (got, shown) = run("5 K Q / 5 2 J\n<\n\n2 7 Q / 2 7 Q\n\n");
        assert!(
            shown.contains("bob's grid: ann's grid: 5 K Q / 5 2 J"),
            "{shown}"
        );
        assert_eq!(texts(&got.0)[0].1, "5 K Q / 5 2 J");
    }

    #[test]
    fn a_grid_the_deck_cannot_hold_is_refused_at_once_and_offered_back() {
        // ann's 7s are fine; bob's three more are refused at his grid, offered back to
        // correct (Enter would keep it: refused again); ann is never asked again
        let (got, shown) = run("7 7 3 / 4 5 6\n7 7 7 / 4 5 6\n\n7 7 3 / 4 5 6\nann\n");
        let (entries, out) = got;
        assert!(shown.contains("5 sevens"), "{shown}");
        assert!(
            shown.contains("bob's grid is refused as typed: correct it, or `<` to go back"),
            "{shown}"
        );
        assert!(shown.contains("bob's grid: 7 7 7 / 4 5 6"), "{shown}");
        assert_eq!(shown.matches("ann's grid").count(), 1, "{shown}");
        assert!(!shown.contains("again"), "{shown}");
        assert_eq!(texts(&entries)[1].1, "7 7 3 / 4 5 6");
        assert_eq!(out, Some(Ending::out(0)));
    }

    #[test]
    fn a_second_card_of_one_suit_is_refused_at_its_grid() {
        // issue 31.8: a second 3♥ is refused at bob's grid, not after "Who went out?"
        let (got, shown) = run("3h 4 5 / 6 7 8\n3h 9 t / j q k\n3s 9 t / j q k\n\n");
        let refused = shown.find("refused as typed").unwrap_or(usize::MAX);
        let ending = shown.find("Who went out?").unwrap_or(0);
        assert!(refused < ending, "{shown}");
        assert!(shown.contains("3h"), "{shown}");
        assert_eq!(texts(&got.0)[1].1, "3s 9 t / j q k");
        assert_eq!(shown.matches("ann's grid").count(), 1, "{shown}");
    }

    #[test]
    fn going_back_to_the_clashing_grid_corrects_it_instead() {
        // the clash may be ann's typo: `<` goes back to her grid, offered for editing
        let (got, shown) = run("7 7 7 / 4 5 6\n7 7 3 / 4 5 6\n<\n8 7 7 / 4 5 6\n\n\n");
        assert!(shown.contains("refused as typed"), "{shown}");
        assert!(shown.contains("ann's grid: 7 7 7 / 4 5 6"), "{shown}");
        assert_eq!(texts(&got.0)[0].1, "8 7 7 / 4 5 6");
        assert_eq!(texts(&got.0)[1].1, "7 7 3 / 4 5 6");
    }

    #[test]
    fn a_card_twice_in_one_grid_is_caught_as_it_is_typed() {
        let (_, shown) = run("5h 5h 3 / 4 6 7\n5h 5s 3 / 4 6 7\n2\n\n");
        assert!(shown.contains("2 of the 5h"), "{shown}");
    }

    #[test]
    fn stopping_keeps_a_draft_that_is_offered_back() {
        let m = a_match("classic", &[]);
        let (got, _) = run_on(&m, "5 K Q / 5 2 J\n^C\n", None);
        let Outcome::Stopped(draft) = got else {
            panic!("{got:?}");
        };
        assert_eq!(draft.hole, 1);
        assert_eq!(draft.entries, vec![(0, "5 K Q / 5 2 J".to_string())]);
        // the next prompt offers ann's grid back; Enter keeps it
        let (got, shown) = run_on(&m, "\n12\n\n", Some(&draft));
        assert!(shown.contains("offered back"), "{shown}");
        assert!(shown.contains("ann's grid: 5 K Q / 5 2 J"), "{shown}");
        let Outcome::Complete((entries, _)) = got else {
            panic!("{got:?}");
        };
        assert_eq!(texts(&entries)[0].1, "5 K Q / 5 2 J");
        // a draft of another hole is not offered
        let old = Draft { hole: 2, ..draft };
        let (_, shown) = run_on(&m, "12\n13\n\n", Some(&old));
        assert!(!shown.contains("offered back"), "{shown}");
    }

    #[test]
    fn stops_when_input_ends() {
        let (got, _) = run_on(&a_match("classic", &[]), "", None);
        assert!(matches!(got, Outcome::Stopped(d) if d.entries.is_empty()));
    }
}
