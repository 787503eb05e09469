//! `golf ruling [WORDS]`: the official rulings that answer a question in players' words,
//! or every ruling, grouped by topic.

use super::Context;
use crate::cli::RulingArgs;
use crate::error::Result;
use crate::rules::{self, rulings};
use crate::view::rules::{RulingList, RulingView, Topic};

/// Runs `golf ruling`.
pub fn run(ctx: &Context, args: RulingArgs) -> Result<()> {
    let all = match &args.rules {
        Some(name) => rules::resolve(name, &[])?.rulings,
        None => rules::all_rulings()?,
    };
    let query = args.query.join(" ");
    if query.trim().is_empty() {
        let topics = rulings::by_topic(&all)
            .into_iter()
            .map(|(topic, rulings)| Topic { topic, rulings })
            .collect();
        return ctx.out.show(&RulingList { topics });
    }
    let (found, every_word) = rulings::matching(&all, &query);
    let found: Vec<rules::Ruling> = found.into_iter().cloned().collect();
    if found.is_empty() && !ctx.out.json {
        crate::say!(
            "no ruling answers `{}`; try a word such as: look, swap, discard, knock, deal, late, tie, pair, illegal — or `golf ruling` for them all",
            crate::text::escape(&query)
        );
        return Ok(());
    }
    if !every_word && !ctx.out.json {
        crate::say!(
            "no ruling uses every word of `{}`; these come nearest:",
            crate::text::escape(&query)
        );
    }
    ctx.out.show(&RulingView {
        query,
        every_word,
        rulings: found,
    })
}
