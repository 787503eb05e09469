//! `golf hole`: record the next hole (or a sudden-death playoff hole) and show the
//! standings (CLI.md). On a terminal with no `PLAYER=GRID` arguments it asks for each grid.
//!
//! Two writers at one table: the prompt binds to the match and the hole it started on.
//! When it saves, in the write itself, the match must still be the one meant (the newest
//! unfinished, unless `--match` named it) and the hole still the next; otherwise nothing is
//! recorded, the grids are kept as the match's draft and the command exits 2. The store's
//! write checks the hole's number again ([`store::insert_next_hole`]), for the arguments
//! too.

use std::io::IsTerminal;

use super::{pairs, Context};
use crate::cli::HoleArgs;
use crate::error::{input, Error, Result};
use crate::game::{Draft, Hole, Match};
use crate::prompt::Prompted;
use crate::store;
use crate::table::{self, Ended, Grids, NewHole, Stamp};
use crate::view::matches::HoleRecorded;
use crate::view::odds::ChancesView;

/// Asks for the hole at the terminal, offering back the draft kept for it. Stopped before
/// the hole is complete, it keeps the grids typed as the match's draft and errs: nothing
/// is recorded.
fn at_the_terminal(store: &mut store::Store, m: &Match, seats: &[usize]) -> Result<Prompted> {
    let draft = match table::draft(store, m.id)? {
        Some(Ok(draft)) => Some(draft),
        Some(Err(why)) => {
            crate::view::say!(
                "golf: the draft kept for {} cannot be read ({why}); it is not offered",
                m.label()
            );
            None
        }
        None => None,
    };
    let mut terminal = crate::prompt::Terminal::new()?;
    // kept after every grid typed: a prompt killed loses at most the grid being typed
    let mut each = KeepEach {
        seen: table::draft_stamp(store, m.id)?.map(|(_, _, at)| at),
        failed: false,
        warned: false,
    };
    let mut keep_each = |d: &Draft| each.keep(store, m, d);
    let outcome = crate::prompt::hole(&mut terminal, m, seats, draft.as_ref(), &mut keep_each)?;
    match outcome {
        crate::prompt::Outcome::Complete(prompted) => Ok(prompted),
        crate::prompt::Outcome::Stopped(draft) if draft.entries.is_empty() => {
            input("stopped before the hole was complete; nothing was recorded")
        }
        crate::prompt::Outcome::Stopped(draft) => {
            table::keep_draft(store, m.id, &draft)?;
            let typed: Vec<usize> = draft.entries.iter().map(|(s, _)| *s).collect();
            input(format!(
                "stopped before the hole was complete; nothing was recorded. The grids of {} \
                 are kept as a draft: the next `golf hole` offers them back",
                m.names(&typed)
            ))
        }
    }
}

/// Keeping the prompt's draft after every grid: when the draft was last seen saved, and
/// what has been said about it (each once).
struct KeepEach {
    /// `saved_at` of the draft as this prompt last saw or wrote it.
    seen: Option<String>,
    /// Keeping it failed, and that was said.
    failed: bool,
    /// Another prompt typing the same hole was said.
    warned: bool,
}

impl KeepEach {
    /// Keeps `draft` as `m`'s draft; says (once) if it cannot, or if another prompt saved a
    /// draft of the same hole since this one last did: two people typing one hole, of whom
    /// the first to finish records it and the other is refused with their grids named.
    fn keep(&mut self, store: &mut store::Store, m: &Match, draft: &Draft) -> Option<String> {
        let (before, now) = match table::keep_draft(store, m.id, draft) {
            Ok(kept) => kept,
            Err(e) if !self.failed => {
                self.failed = true;
                return Some(format!(
                    "the grids typed cannot be kept as a draft as they are typed: {}",
                    e.describe()
                ));
            }
            Err(_) => return None,
        };
        let seen = self.seen.replace(now);
        let same_hole = |(hole, playoff, _): &Stamp| {
            *hole == i64::from(draft.hole) && (*playoff == 1) == draft.playoff
        };
        match before {
            Some(b) if same_hole(&b) && Some(&b.2) != seen.as_ref() && !self.warned => {
                self.warned = true;
                Some(format!(
                    "another `golf hole` is typing this hole of {} too; the first to finish records it",
                    m.label()
                ))
            }
            _ => None,
        }
    }
}

/// Records the hole typed at the prompt into `m`, the match the prompt started on, as hole
/// `number` (playoff or not): in one write that first checks that `m` is still the match
/// meant (`--match`, or the newest unfinished) and open, and that the hole is still the
/// next. Refused otherwise (exit 2): the grids typed are kept as `m`'s draft and named in
/// the message, and nothing is recorded.
fn record_prompted(
    store: &mut store::Store,
    args: &HoleArgs,
    m: &Match,
    (number, playoff): (u32, bool),
    (entries, out): Prompted,
    note: Option<&str>,
) -> Result<(Match, Hole)> {
    let written = table::record_hole(
        store,
        &NewHole {
            match_id: args.match_id,
            typed_for: Some(m.id),
            hole: Some(number),
            playoff: Some(playoff),
            grids: Grids::Seated(entries.clone()),
            ended: Ended::Seat(out),
            note: note.map(str::to_string),
        },
    )
    .map(|recorded| (recorded.m, recorded.what));
    match written {
        Err(Error::Input(e)) => {
            let draft = Draft::of(number, playoff, &entries);
            let grids: Vec<String> = draft
                .entries
                .iter()
                .map(|(s, t)| format!("{}={t}", m.players[*s]))
                .collect();
            let kind = if playoff { "playoff " } else { "" };
            // the grids are named in the message whether or not the draft can be kept
            let kept = match table::keep_draft(store, m.id, &draft) {
                Ok(_) => format!(
                    "are kept as the draft of {kind}hole {number} of {}: `golf hole --match {}` \
                     offers them back while that is the next hole, and `golf card {}` shows what is recorded",
                    m.label(),
                    m.id,
                    m.id
                ),
                Err(why) => format!("could not be kept as a draft ({})", why.describe()),
            };
            input(format!(
                "{e}. Nothing was recorded; the grids typed ({}) {kept}",
                grids.join(", ")
            ))
        }
        other => other,
    }
}

/// Runs `golf hole`.
pub fn run(ctx: &Context, args: HoleArgs) -> Result<()> {
    let mut store = ctx.open_existing()?;
    let note = match args.note.as_deref() {
        Some(n) => Some(crate::text::stored(
            "the hole's note",
            n,
            crate::game::MAX_NOTE,
        )?),
        None => None,
    };
    let (m, hole) = if args.entries.is_empty() {
        // on a terminal with no grids given, ask for them before the write begins
        let m = table::pick_match(store.conn(), args.match_id, true)?;
        let seats = m.seats_for(args.playoff)?;
        if !std::io::stdin().is_terminal() {
            return Err(table::no_grids(&m, &seats));
        }
        let bound = match m.next_hole() {
            Some((number, playoff, _)) => (number, playoff),
            None => (m.holes_played() + 1, args.playoff),
        };
        table::check_next(&m, bound.1, args.hole)?;
        let prompted = at_the_terminal(&mut store, &m, &seats)?;
        record_prompted(&mut store, &args, &m, bound, prompted, note.as_deref())?
    } else {
        let grids = pairs(&args.entries, || {
            table::pick_match(store.conn(), args.match_id, true)
        })?;
        let recorded = table::record_hole(
            &mut store,
            &NewHole {
                match_id: args.match_id,
                typed_for: None,
                hole: args.hole,
                playoff: Some(args.playoff),
                grids: Grids::Named(grids),
                ended: Ended::Named {
                    out: args.out.clone(),
                    knock: args.knock.clone(),
                },
                note,
            },
        )?;
        (recorded.m, recorded.what)
    };
    // given on the command line without --out or --knock, where it matters: said plainly
    if !args.entries.is_empty() && hole.out.is_none() {
        if let Some(how) = crate::game::hole::ending_adjustment(&m.rules) {
            let on = match args.match_id {
                Some(id) => format!(" --match {id}"),
                None => String::new(),
            };
            let (what, fix) = match hole.playoff {
                false => (
                    "hole",
                    format!("`golf amend{on} {} --out PLAYER`", hole.number),
                ),
                true => (
                    "playoff hole",
                    format!(
                        "`golf undo{}` and `golf hole{on} --playoff --out PLAYER …`",
                        args.match_id.map(|id| format!(" {id}")).unwrap_or_default()
                    ),
                ),
            };
            crate::view::say!(
                "golf: no one is recorded as ending {what} {} (going out or knocking), so no one's \
                 score was adjusted for it: under {} the player who ends a hole {how}. \
                 If someone did, {fix} records it",
                hole.number,
                m.rules.display_name(),
            );
        }
    }
    let mut view = HoleRecorded::new(&m, &hole, false);
    if !args.no_odds && ctx.config.odds != Some(false) && crate::odds::in_play(&m) {
        // the hole is recorded: chances that cannot be worked out are left off, no more
        view.card.chances = table::chances(&mut store, &m).map(|o| ChancesView::new(&o));
    }
    for warning in view.warnings() {
        crate::view::say!("golf: {warning}");
    }
    ctx.out.show(&view)
}
