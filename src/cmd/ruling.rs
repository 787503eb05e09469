//! `golf ruling QUERY`: the official rulings (RULES.md §10) that match a word or phrase.

use super::Context;
use crate::cli::RulingArgs;
use crate::error::Result;
use crate::rules;
use crate::view::rules::RulingView;

/// Runs `golf ruling`.
pub fn run(ctx: &Context, args: RulingArgs) -> Result<()> {
    let all = match &args.rules {
        Some(name) => rules::resolve(name, &[])?.rulings,
        None => rules::all_rulings()?,
    };
    let query = args.query.join(" ");
    let rulings: Vec<rules::Ruling> = rules::matching(&all, &query).into_iter().cloned().collect();
    if rulings.is_empty() && !ctx.out.json {
        eprintln!(
            "no ruling mentions `{}`; try a single word such as: look, horizontal, flip, move, deck, tie, reveal, illegal",
            crate::text::escape(&query)
        );
        return Ok(());
    }
    ctx.out.show(&RulingView { query, rulings })
}
