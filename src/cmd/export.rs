//! `golf export [--format json|csv] [--match ID]... [--output FILE]`.

use std::io::Write as _;

use super::{pick_match, Context};
use crate::cli::{ExportArgs, ExportFormat};
use crate::error::Result;
use crate::store;
use crate::view::export::Export;

/// Runs `golf export`.
pub fn run(ctx: &Context, args: ExportArgs) -> Result<()> {
    let (matches, tournaments) = match crate::store::Store::open_read_only(&ctx.db_path()?)? {
        None => (Vec::new(), Vec::new()),
        Some(mut store) => store.read(|tx| {
            let matches = if args.matches.is_empty() {
                store::load_matches(tx, &store::all_match_ids(tx)?)?
            } else {
                // each named match, so that a missing one is named in the error
                args.matches
                    .iter()
                    .map(|id| pick_match(tx, Some(*id), false))
                    .collect::<Result<Vec<_>>>()?
            };
            // the tournaments these matches make up, whole
            let uuids: Vec<String> = matches.iter().map(|m| m.uuid.clone()).collect();
            let tournaments = store::tournaments::records(tx, Some(&uuids))?;
            Ok((matches, tournaments))
        })?,
    };
    let export = Export::new(matches, tournaments);
    let text = match args.format {
        ExportFormat::Json => export.json()?,
        ExportFormat::Csv => export.csv()?,
    };
    match &args.output {
        Some(path) => {
            // never the database; written aside and renamed: a failed export leaves no half file
            ctx.write_file(path, text.as_bytes())?;
            if !ctx.out.json && path.as_os_str() != "-" {
                crate::view::say!(
                    "golf: exported {} match{} to {}",
                    export.matches.len(),
                    if export.matches.len() == 1 { "" } else { "es" },
                    crate::text::path(path)
                );
            }
        }
        None => std::io::stdout().write_all(text.as_bytes())?,
    }
    Ok(())
}
