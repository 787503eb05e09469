//! `golf rules list|show|diff|check` (CLI.md).

use super::Context;
use crate::cli::RulesCommand;
use crate::error::Result;
use crate::rules;
use crate::view::rules::{DiffView, ListView, RulesChecked, RulesShown};

/// Runs `golf rules …`.
pub fn run(ctx: &Context, command: RulesCommand) -> Result<()> {
    match command {
        RulesCommand::List => {
            let (variants, house) = rules::catalogue()?;
            ctx.out.show(&ListView::new(variants, house))
        }
        RulesCommand::Show { name, house } => {
            ctx.out.show(&RulesShown(rules::resolve(&name, &house)?))
        }
        RulesCommand::Diff { a, b } => {
            let (a, b) = (rules::resolve(&a, &[])?, rules::resolve(&b, &[])?);
            ctx.out.show(&DiffView::new(&a, &b))
        }
        RulesCommand::Check { file } => {
            let file = file.display().to_string();
            let rules = rules::resolve(&file, &[])?;
            ctx.out.show(&RulesChecked { rules, file })
        }
    }
}
