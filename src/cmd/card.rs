//! `golf card`: a match's scorecard, how one of its holes was scored, or the scorecard as a
//! picture to share (`--png FILE`, `--svg FILE`; CLI.md).

use std::io::IsTerminal;
use std::path::Path;

use super::Context;
use crate::cli::CardArgs;
use crate::error::{input, Result};
use crate::view::card::CardView;
use crate::view::odds::ChancesView;
use crate::view::score::HoleScoreView;

/// Runs `golf card`.
pub fn run(ctx: &Context, args: CardArgs) -> Result<()> {
    let pictures = args.png.is_some() || args.svg.is_some();
    if is_stdout(args.png.as_deref()) && is_stdout(args.svg.as_deref()) {
        return input(
            "--png - and --svg - would both write to stdout; write one of them to a file",
        );
    }
    if is_stdout(args.png.as_deref()) && std::io::stdout().is_terminal() {
        return input("--png - would write a PNG's bytes to the terminal; redirect stdout to a file, or name one");
    }
    let mut store = ctx.open_read()?;
    let id = args.match_pos.or(args.match_id);
    let odds = !args.no_odds && ctx.config.odds != Some(false) && args.hole.is_none() && !pictures;
    let m = store.read(|tx| crate::table::pick_match(tx, id, false))?;
    match args.hole {
        None => {
            let mut card = CardView::new(&m);
            if odds {
                card.chances = crate::table::chances(&mut store, &m).map(|o| ChancesView::new(&o));
            }
            if !pictures {
                return ctx.out.show(&card);
            }
            if let Some(path) = &args.svg {
                let svg = crate::view::picture::svg(&card);
                write_picture(ctx, path, svg.as_bytes(), card.id)?;
            }
            if let Some(path) = &args.png {
                write_picture(ctx, path, &crate::view::picture::png(&card)?, card.id)?;
            }
            Ok(())
        }
        Some(n) => match HoleScoreView::of_hole(&m, n) {
            Some(view) => ctx.out.show(&view),
            None => input(format!(
                "match {} has no hole {n}; {} of {} holes are recorded",
                m.id,
                m.holes_played(),
                m.holes_planned
            )),
        },
    }
}

/// Whether a picture's path is `-`, stdout.
fn is_stdout(path: Option<&Path>) -> bool {
    path.is_some_and(|p| p.as_os_str() == "-")
}

/// Writes one picture and says so (not for `-`, nor with `--json`, as `golf chart` does).
fn write_picture(ctx: &Context, path: &Path, bytes: &[u8], id: i64) -> Result<()> {
    ctx.write_file(path, bytes)?;
    if !ctx.out.json && !is_stdout(Some(path)) {
        crate::view::outln!(
            "Wrote {} (the scorecard of match {id}).",
            crate::text::path(path)
        );
    }
    Ok(())
}
