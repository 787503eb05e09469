//! `golf hole`: record the next hole (or a sudden-death playoff hole) and show the
//! standings (CLI.md). On a terminal with no `PLAYER=GRID` arguments it asks for each grid.

use std::io::IsTerminal;

use super::{ending, pairs, pick_match, Context};
use crate::cli::HoleArgs;
use crate::error::{input, Result};
use crate::store;
use crate::view::matches::HoleRecorded;
use crate::view::odds::ChancesView;

/// Asks for the hole at the terminal, offering back the draft kept for it. Stopped before
/// the hole is complete, it keeps the grids typed as the match's draft and errs: nothing
/// is recorded.
fn at_the_terminal(
    store: &mut store::Store,
    m: &crate::game::Match,
    seats: &[usize],
) -> Result<crate::prompt::Prompted> {
    let draft = store::drafts::load(store.conn(), m.id)?;
    let mut terminal = crate::prompt::Terminal::new()?;
    match crate::prompt::hole(&mut terminal, m, seats, draft.as_ref())? {
        crate::prompt::Outcome::Complete(prompted) => Ok(prompted),
        crate::prompt::Outcome::Stopped(draft) if draft.entries.is_empty() => {
            input("stopped before the hole was complete; nothing was recorded")
        }
        crate::prompt::Outcome::Stopped(draft) => {
            let now = store::timestamp();
            store.write(|tx| Ok(store::drafts::save(tx, m.id, &draft, &now)?))?;
            let typed: Vec<usize> = draft.entries.iter().map(|(s, _)| *s).collect();
            input(format!(
                "stopped before the hole was complete; nothing was recorded. The grids of {} \
                 are kept as a draft: the next `golf hole` offers them back",
                m.names(&typed)
            ))
        }
    }
}

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
        Some(at_the_terminal(&mut store, &m, &seats)?)
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
        store::drafts::remove(tx, m.id)?;
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
        crate::say!("golf: {warning}");
    }
    ctx.out.show(&view)
}
