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
            // a Markdown document, never wrapped
            let doc = crate::view::rules::rulebook(&variants, &house);
            crate::view::line(format_args!("{}", doc.trim_end()))?;
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
        RulesCommand::Sheet {
            name,
            house,
            tournament,
        } => {
            let name = ctx.rules(name)?;
            let rules = rules::resolve(&name, &ctx.house(house))?;
            ctx.out.show(&crate::view::rules_sheet::RulesSheet::new(
                &rules, tournament,
            ))
        }
        RulesCommand::Diff { a, b } => {
            let (a, b) = (rules::resolve(&a, &[])?, rules::resolve(&b, &[])?);
            ctx.out.show(&DiffView::new(&a, &b))
        }
        RulesCommand::Check { file } => {
            let file = crate::text::path(&file);
            let rules = rules::resolve(&file, &[])?;
            // what golf simulate would refuse: [play] data that cannot deal a hole to
            // the smallest table (the start cards must fit the grid); rules without [play]
            // data only score, which is fine
            if rules.playing.is_some() {
                let cards = rules.cards_in(rules.deck.decks_for(2)) as usize;
                crate::play::check_deal(&rules, 2, cards)?;
            }
            ctx.out.show(&RulesChecked { rules, file })
        }
    }
}
