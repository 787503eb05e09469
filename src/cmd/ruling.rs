//! `golf ruling [WORDS]`: the official rulings that answer a question in players' words,
//! or every ruling, grouped by topic; a card's value from the rules in force.

use super::Context;
use crate::cli::RulingArgs;
use crate::error::Result;
use crate::rules::{self, rulings};
use crate::view::rules::{RulingList, RulingView, Topic};

/// Runs `golf ruling`.
pub fn run(ctx: &Context, args: RulingArgs) -> Result<()> {
    // the named rules' own rulings first, then every bundled one they do not replace (a
    // variant's file need not repeat the official rulings)
    let mut all = match &args.rules {
        Some(name) => rules::resolve(name, &[])?.rulings,
        None => Vec::new(),
    };
    for r in rules::all_rulings()? {
        if !all.iter().any(|a| a.id == r.id) {
            all.push(r);
        }
    }
    let query = args.query.join(" ");
    if query.trim().is_empty() {
        let topics = rulings::by_topic(&all)
            .into_iter()
            .map(|(topic, rulings)| Topic { topic, rulings })
            .collect();
        return ctx.out.show(&RulingList { topics });
    }
    // the rules in force: --rules and --house, else the config file's, else classic
    let name = args
        .rules
        .clone()
        .or_else(|| ctx.config.rules.clone())
        .unwrap_or_else(|| "classic".to_string());
    let in_force = rules::resolve(&name, &ctx.house(args.house))?;
    if let Some(rank) = rulings::card_asked(&query) {
        return ctx.out.show(&RulingView {
            query,
            every_word: true,
            rulings: vec![rulings::card_value(&in_force, rank)],
        });
    }
    let (found, every_word) = rulings::matching(&all, &query);
    let found: Vec<rules::Ruling> = found
        .into_iter()
        .map(|r| rulings::in_force(r, &in_force))
        .collect();
    if found.is_empty() && !ctx.out.json {
        let topics: Vec<String> = rulings::by_topic(&all)
            .into_iter()
            .map(|(topic, _)| topic.to_lowercase())
            .collect();
        crate::view::say!(
            "no ruling answers `{}`. The rulings cover: {}; and any card's value (`golf ruling king`). \
             `golf ruling` lists every question; try a word such as look, swap, discard, knock, deal, late, tie, pair or illegal.",
            crate::text::escape(&query),
            topics.join(", ")
        );
        return Ok(());
    }
    if !every_word && !ctx.out.json {
        crate::view::say!(
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
