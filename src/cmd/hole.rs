//! `golf hole`: record the next hole (or a sudden-death playoff hole) and show the
//! standings (CLI.md). On a terminal with no `PLAYER=GRID` arguments it asks for each grid.

use std::io::IsTerminal;

use super::{ending, pairs, pick_match, Context};
use crate::cli::HoleArgs;
use crate::error::{input, Result};
use crate::store;
use crate::view::matches::HoleRecorded;
use crate::view::odds::ChancesView;

/// Runs `golf hole`.
pub fn run(ctx: &Context, args: HoleArgs) -> Result<()> {
    let mut store = ctx.open_existing()?;
    // on a terminal with no grids given, ask for them before the write begins
    let prompted = if args.entries.is_empty() {
        let m = pick_match(store.conn(), args.match_id, true)?;
        let seats = m.seats_for(args.playoff)?;
        if !std::io::stdin().is_terminal() {
            return input(format!(
                "no grids given; expected PLAYER=GRID for each of {}, e.g. golf hole {}=\"5 K Q / 5 2 J\" …",
                m.names(&seats),
                m.players[seats[0]]
            ));
        }
        let mut terminal = crate::prompt::Terminal::new()?;
        Some(crate::prompt::hole(&mut terminal, &m, &seats)?)
    } else {
        None
    };
    let now = store::timestamp();
    let (m, hole) = store.write(|tx| {
        let mut m = pick_match(tx, args.match_id, true)?;
        let (entries, out) = match &prompted {
            Some((entries, out)) => (entries.clone(), *out),
            None => {
                let entries = m.typed_entries(&pairs(&m, &args.entries)?)?;
                (
                    entries,
                    ending(&m, args.out.as_deref(), args.knock.as_deref())?,
                )
            }
        };
        let mut hole = m.play_hole(&entries, out, args.playoff, &now)?;
        hole.note = match args.note.as_deref() {
            Some(n) => Some(crate::text::stored(
                "the hole's note",
                n,
                crate::game::MAX_NOTE,
            )?),
            None => None,
        };
        store::insert_hole(tx, m.id, &hole)?;
        m.record(hole.clone());
        Ok((m, hole))
    })?;
    let mut view = HoleRecorded::new(&m, &hole, false);
    if !args.no_odds && ctx.config.odds != Some(false) && crate::odds::in_play(&m) {
        // the hole is recorded: chances that cannot be worked out are left off, no more
        let history = store.read(|tx| Ok(store::stats::hole_history(tx, m.id)?));
        let simulated = || crate::cache::simulated(&m.rules, m.players.len());
        let seed = crate::odds::default_seed(&m);
        let odds = history.and_then(|h| {
            crate::odds::for_match(&m, h, simulated, crate::odds::card_samples(&m), seed)
        });
        view.card.chances = odds.ok().map(|o| ChancesView::new(&o));
    }
    for warning in view.warnings() {
        eprintln!("golf: {warning}");
    }
    ctx.out.show(&view)
}
