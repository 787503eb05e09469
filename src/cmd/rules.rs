//! `golf rules list|show|sheet|doc|diff|check`.

use super::{pick_match, Context};
use crate::cli::RulesCommand;
use crate::error::Result;
use crate::rules;
use crate::view::rules::{DiffView, ListView, RulesChecked, RulesShown};

/// Runs `golf rules …`.
pub fn run(ctx: &Context, command: RulesCommand) -> Result<()> {
    match command {
        RulesCommand::List => {
            let (variants, house) = rules::listing();
            ctx.out.show(&ListView::new(variants, house))
        }
        RulesCommand::Doc => {
            let (variants, house) = rules::catalogue()?;
            crate::outln!(
                "{}",
                crate::view::rules::rulebook(&variants, &house).trim_end()
            );
            Ok(())
        }
        RulesCommand::Show {
            name,
            house,
            match_id,
        } => {
            let rules = match (name, match_id) {
                (Some(name), _) => rules::resolve(&name, &super::house_none(house).1)?,
                (None, id) => {
                    let mut store = ctx.open_read()?;
                    (*store.read(|tx| pick_match(tx, id, false))?.rules).clone()
                }
            };
            ctx.out.show(&RulesShown(rules))
        }
        RulesCommand::Sheet { name, house } => {
            let name = ctx.rules(name)?;
            let rules = rules::resolve(&name, &ctx.house(house))?;
            ctx.out
                .show(&crate::view::rules_sheet::RulesSheet::new(&rules))
        }
        RulesCommand::Diff { a, b } => {
            let (a, b) = (rules::resolve(&a, &[])?, rules::resolve(&b, &[])?);
            ctx.out.show(&DiffView::new(&a, &b))
        }
        RulesCommand::Check { file } => {
            let file = crate::text::path(&file);
            let rules = rules::resolve(&file, &[])?;
            ctx.out.show(&RulesChecked { rules, file })
        }
    }
}
