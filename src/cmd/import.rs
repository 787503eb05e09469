//! `golf import FILE...`: scoresheets (one match each, with the same checks as `golf hole`)
//! and JSON exports (any number of matches, merged by stable id), all in one transaction
//! ([`crate::table::import`]). Every file is read and checked before the database is opened.

use super::Context;
use crate::cli::ImportArgs;
use crate::error::Result;
use crate::store;
use crate::view::card::CardView;

/// Runs `golf import`.
pub fn run(ctx: &Context, args: ImportArgs) -> Result<()> {
    let now = store::timestamp();
    let (mut incoming, mut tournaments) = (Vec::new(), Vec::new());
    for path in &args.files {
        let (matches, carried) = crate::sheet::read_file_whole(path, &now)?;
        incoming.extend(matches);
        tournaments.extend(carried);
    }
    let progress = crate::view::progress(incoming.len(), "importing");
    let mut store = ctx.open_write()?;
    let r =
        crate::table::import::import(&mut store, &incoming, &tournaments, &mut || progress.inc(1))?;
    progress.finish_and_clear();
    let db = crate::text::path(store.path());
    // one scoresheet: its card, after a line saying what became of it
    let label = incoming.first().map_or("", |i| i.label.as_str());
    let one = match (r.added.as_slice(), r.again.as_slice(), &r.seated[..]) {
        ([(_, m)], [], []) => Some((
            format!("Imported {label} as match {} into {db}.", m.id),
            m,
            false,
        )),
        ([], [m], []) => Some((
            format!(
                "{label} was imported before, as match {} in {db}; nothing was added.",
                m.id
            ),
            m,
            true,
        )),
        _ => None,
    };
    if let (Some((said, m, before)), 1) = (one, incoming.len()) {
        if !ctx.out.json {
            crate::view::outln!("{said}");
        }
        return ctx.out.show(&crate::view::export::ImportedCard {
            imported_before: before,
            card: CardView::new(m),
        });
    }
    let mut view = crate::view::export::Summary::new(&r.added, r.skipped, r.updated, store.path());
    view.tournaments = r.seated;
    ctx.out.show(&view)
}
