//! `golf hole`: record the next hole (or a sudden-death playoff hole) and show the
//! standings (CLI.md). On a terminal with no `PLAYER=GRID` arguments it asks for each grid.

use std::io::{BufRead, IsTerminal, Write};

use rusqlite::Connection;
use serde::Serialize;

use super::{parse_entries, pick_match, require_seats, unfinished, view, Context};
use crate::cli::HoleArgs;
use crate::error::{input, InputError};
use crate::grid::Grid;
use crate::hole::{self, Typed};
use crate::player;
use crate::standings::{Hole, Match};
use crate::store;

/// Which seats must play the next hole: everyone on a regular hole; the tied players on a
/// playoff hole. Errors when the match cannot take that hole.
pub fn seats_for(m: &Match, playoff: bool) -> Result<Vec<usize>, InputError> {
    unfinished(m)?;
    let played = m.holes_played();
    if !playoff {
        if played >= m.holes_planned {
            let outcome = m.outcome();
            let hint = if outcome.playoff_needed.is_some() {
                "the sudden-death tie needs a playoff hole: add --playoff".to_string()
            } else {
                "finish it with `golf finish`".to_string()
            };
            return Err(InputError::new(format!(
                "{} has all {} of its holes; {hint}",
                m.label(),
                m.holes_planned
            )));
        }
        return Ok((0..m.players.len()).collect());
    }
    if played < m.holes_planned {
        return Err(InputError::new(format!(
            "a playoff hole comes after the last hole, and {} has {played} of {} holes",
            m.label(),
            m.holes_planned
        )));
    }
    let outcome = m.outcome();
    match outcome.playoff_needed {
        Some(seats) => Ok(seats),
        None => Err(InputError::new(format!(
            "{} needs no playoff hole: {}",
            m.label(),
            view::summary(m, &outcome, false)
        ))),
    }
}

/// Checks and scores one hole of `m` and records it in `conn` (inside the caller's
/// transaction). Returns the hole as recorded.
pub fn record(
    conn: &Connection,
    m: &Match,
    entries: &[(usize, String)],
    out: Option<usize>,
    playoff: bool,
) -> anyhow::Result<Hole> {
    let hole = build(m, entries, out, playoff)?;
    store::insert_hole(conn, m.id, &hole)?;
    Ok(hole)
}

/// Checks and scores the next hole of `m` (a playoff hole when `playoff`) without
/// recording it. Errors: the match cannot take that hole, a missing or extra player, a bad
/// grid or deal.
pub fn build(
    m: &Match,
    entries: &[(usize, String)],
    out: Option<usize>,
    playoff: bool,
) -> anyhow::Result<Hole> {
    let seats = seats_for(m, playoff)?;
    let what = if playoff { "a playoff hole" } else { "a hole" };
    require_seats(m, entries, &seats, what)?;
    if let Some(o) = out.filter(|o| !seats.contains(o)) {
        return input(format!(
            "{} cannot have gone out: not in this playoff hole",
            m.players[o]
        ));
    }
    let scored = hole::score(&m.rules, m.decks, &m.players, entries, out)?;
    let number = if playoff {
        m.playoff_holes().count() as u32 + 1
    } else {
        m.holes_played() + 1
    };
    let hole = Hole {
        number,
        playoff,
        out,
        entries: scored,
        recorded_at: store::timestamp(),
    };
    Ok(hole)
}

/// What the prompt gathered: `(seat, typed)` entries and the seat that went out.
pub type Prompted = (Vec<(usize, String)>, Option<usize>);

/// Asks for each seat's grid on `reader`, re-asking after a bad entry, then who went out.
/// Returns `(entries, out)`; errors only when the input ends.
pub fn prompt(
    reader: &mut impl BufRead,
    writer: &mut impl Write,
    m: &Match,
    seats: &[usize],
) -> anyhow::Result<Prompted> {
    fn ask(
        reader: &mut impl BufRead,
        writer: &mut impl Write,
        question: &str,
    ) -> anyhow::Result<String> {
        write!(writer, "{question}")?;
        writer.flush()?;
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return input("input ended before the hole was complete; nothing was recorded");
        }
        Ok(line.trim().to_string())
    }
    let shape = format!("{}×{}", m.rules.layout.rows, m.rules.layout.columns);
    loop {
        let mut entries = Vec::new();
        for &seat in seats {
            loop {
                let text = ask(
                    reader,
                    writer,
                    &format!(
                        "{}'s grid ({shape}, rows separated by /; or a bare score): ",
                        m.players[seat]
                    ),
                )?;
                let problem = match Typed::from_text(&text) {
                    Typed::Score(_) => None,
                    Typed::Grid(g) => Grid::parse_for(&g, m.rules.expected())
                        .err()
                        .map(|e| e.to_string()),
                };
                match problem {
                    Some(p) => {
                        let p = crate::text::escape_output(&p);
                        writeln!(writer, "  {p}\n  Try again.")?;
                    }
                    None => {
                        entries.push((seat, text));
                        break;
                    }
                }
            }
        }
        let out = loop {
            let text = ask(
                reader,
                writer,
                "Who went out (or knocked)? Enter for nobody: ",
            )?;
            if text.is_empty() {
                break None;
            }
            match player::find(&m.players, &text) {
                Ok(s) if seats.contains(&s) => break Some(s),
                Ok(s) => writeln!(
                    writer,
                    "  {} is not playing this hole. Try again.",
                    m.players[s]
                )?,
                Err(e) => writeln!(
                    writer,
                    "  {}. Try again.",
                    crate::text::escape(&e.to_string())
                )?,
            }
        };
        // the deck is checked across all grids; on failure every grid is asked again
        match hole::score(&m.rules, m.decks, &m.players, &entries, out) {
            Ok(_) => return Ok((entries, out)),
            Err(e) => writeln!(writer, "  {e}\n  Enter the grids again.")?,
        }
    }
}

#[derive(Serialize)]
struct HoleRecorded<'a> {
    #[serde(rename = "match")]
    id: i64,
    hole: u32,
    playoff: bool,
    out: Option<&'a str>,
    entries: Vec<EntryRecorded<'a>>,
    card: view::CardView,
}

#[derive(Serialize)]
struct EntryRecorded<'a> {
    player: &'a str,
    grid: Option<&'a str>,
    checked: bool,
    score: i32,
    adjustment: i32,
    total: i64,
    #[serde(skip_serializing_if = "str::is_empty")]
    explanation: &'a str,
}

/// Prints a recorded hole and the standings after it.
pub fn show(ctx: &Context, m: &Match, hole: &Hole) -> anyhow::Result<()> {
    let card = view::CardView::new(m);
    if ctx.out.json {
        return crate::render::json(&HoleRecorded {
            id: m.id,
            hole: hole.number,
            playoff: hole.playoff,
            out: hole.out.map(|s| m.players[s].as_str()),
            entries: hole
                .entries
                .iter()
                .map(|e| EntryRecorded {
                    player: &m.players[e.seat],
                    grid: e.grid.as_deref(),
                    checked: e.grid.is_some(),
                    score: e.score,
                    adjustment: e.adjustment,
                    total: e.total(),
                    explanation: &e.explanation,
                })
                .collect(),
            card,
        });
    }
    let label = if hole.playoff {
        format!("Playoff hole {}", hole.number)
    } else {
        format!("Hole {} of {}", hole.number, m.holes_planned)
    };
    crate::outln!(
        "{} — match {}, {}",
        ctx.out.strong(&label),
        m.id,
        m.rules.display_name()
    );
    let mut table = ctx
        .out
        .table(["player", "grid", "grid score", "going out", "hole"]);
    for e in &hole.entries {
        table.add_row([
            m.players[e.seat].clone(),
            e.grid
                .clone()
                .unwrap_or_else(|| format!("{} (unchecked)", e.typed)),
            e.score.to_string(),
            if e.adjustment == 0 {
                String::new()
            } else {
                format!("{:+}", e.adjustment)
            },
            e.total().to_string(),
        ]);
    }
    crate::outln!("{table}");
    for e in &hole.entries {
        if !e.explanation.is_empty() {
            crate::outln!("{}: {}", m.players[e.seat], e.explanation);
        }
        if e.grid.is_none() {
            eprintln!(
                "golf: {}'s {} was recorded as a bare score; the referee could not check it",
                m.players[e.seat], e.typed
            );
        }
    }
    let mut standings: Vec<&view::PlayerView> = card.players.iter().collect();
    standings.sort_by_key(|p| (p.disqualified, p.total));
    let mut table = ctx.out.table(["standing", "total"]);
    for p in standings {
        let dq = if p.disqualified { " (DQ)" } else { "" };
        table.add_row([format!("{}{dq}", p.name), p.total.to_string()]);
    }
    crate::outln!("{table}");
    crate::outln!("{}", card.result.summary);
    Ok(())
}

/// Runs `golf hole`.
pub fn run(ctx: &Context, args: HoleArgs) -> anyhow::Result<()> {
    let mut store = ctx.open_existing()?;
    let mut entries_args = args.entries.clone();
    let mut out_name = args.out.clone();
    if entries_args.is_empty() {
        let m = pick_match(store.conn(), args.match_id, true)?;
        let seats = seats_for(&m, args.playoff)?;
        if !std::io::stdin().is_terminal() {
            return input(format!(
                "no grids given; expected PLAYER=GRID for each of {}, e.g. golf hole {}=\"5 K Q / 5 2 J\" …",
                m.names(&seats),
                m.players[seats[0]]
            ));
        }
        let stdin = std::io::stdin();
        let (entries, out) = prompt(&mut stdin.lock(), &mut std::io::stderr(), &m, &seats)?;
        entries_args = entries
            .into_iter()
            .map(|(s, g)| format!("{}={g}", m.players[s]))
            .collect();
        out_name = out.map(|s| m.players[s].clone());
    }
    let (m, hole) = store.write(|tx| {
        let m = pick_match(tx, args.match_id, true)?;
        let entries = parse_entries(&m, &entries_args)?;
        let out = out_name
            .as_deref()
            .map(|n| player::find(&m.players, n))
            .transpose()?;
        let hole = record(tx, &m, &entries, out, args.playoff)?;
        let mut after = m;
        after.holes.push(hole.clone());
        Ok((after, hole))
    })?;
    show(ctx, &m, &hole)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic_match() -> Match {
        crate::cmd::new::build(crate::cmd::new::Spec {
            rules: "classic".into(),
            players: vec!["ann".into(), "bob".into()],
            ..Default::default()
        })
        .unwrap()
    }

    #[test]
    fn prompt_re_asks_after_a_bad_entry() {
        let m = classic_match();
        let typed = "5 K Q / 5 11 J\n5 K Q / 5 2 J\n12\nzed\nbob\n";
        let mut reader = std::io::Cursor::new(typed);
        let mut shown = Vec::new();
        let (entries, out) = prompt(&mut reader, &mut shown, &m, &[0, 1]).unwrap();
        let shown = String::from_utf8(shown).unwrap();
        assert!(shown.contains("`11` is not a card"), "{shown}");
        assert!(shown.contains("Try again"), "{shown}");
        assert!(shown.contains("`zed` is not a player"), "{shown}");
        assert_eq!(
            entries,
            vec![(0, "5 K Q / 5 2 J".to_string()), (1, "12".to_string())]
        );
        assert_eq!(out, Some(1));
    }

    #[test]
    fn prompt_asks_all_again_after_an_impossible_deal() {
        let m = classic_match();
        let typed = "7 7 3 / 4 5 6\n7 7 7 / 4 5 6\n\n7 7 3 / 4 5 6\n2 2 2 / 4 5 6\n\n";
        let mut reader = std::io::Cursor::new(typed);
        let mut shown = Vec::new();
        let (entries, out) = prompt(&mut reader, &mut shown, &m, &[0, 1]).unwrap();
        assert!(String::from_utf8(shown).unwrap().contains("5 sevens"));
        assert_eq!(entries[1].1, "2 2 2 / 4 5 6");
        assert_eq!(out, None);
    }

    #[test]
    fn prompt_stops_when_input_ends() {
        let m = classic_match();
        let mut reader = std::io::Cursor::new("5 K Q / 5 2 J\n");
        let err = prompt(&mut reader, &mut Vec::new(), &m, &[0, 1]).unwrap_err();
        assert!(err.to_string().contains("input ended"));
    }
}
