//! `golf ruling QUERY`: the official rulings (RULES.md §10) that match a word or phrase.

use serde::Serialize;

use super::Context;
use crate::cli::RulingArgs;
use crate::rules::{self, bundled, Ruling};

#[derive(Debug, Serialize)]
struct RulingView<'a> {
    query: String,
    rulings: Vec<&'a Ruling>,
}

/// Rulings whose id, question, answer or source hold every word of `query`
/// (case-insensitive; a leading `-` or trailing `?`/`s` on a word is ignored).
pub fn matching<'a>(rulings: &'a [Ruling], query: &str) -> Vec<&'a Ruling> {
    let words: Vec<String> = query
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '§')
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect();
    rulings
        .iter()
        .filter(|r| {
            let text = format!("{} {} {} {}", r.id, r.question, r.answer, r.source)
                .to_lowercase()
                .replace('-', " ");
            words.iter().all(|w| {
                let w = w.replace('-', " ");
                text.contains(&w) || (w.len() > 3 && text.contains(w.trim_end_matches('s')))
            })
        })
        .collect()
}

/// Runs `golf ruling`.
pub fn run(ctx: &Context, args: RulingArgs) -> anyhow::Result<()> {
    let all: Vec<Ruling> = match &args.rules {
        Some(name) => rules::resolve(name, &[])?.rulings,
        None => {
            let mut all: Vec<Ruling> = Vec::new();
            for name in bundled::variant_names() {
                for r in rules::resolve(name, &[])?.rulings {
                    if !all.iter().any(|a| a.id == r.id) {
                        all.push(r);
                    }
                }
            }
            all
        }
    };
    let query = args.query.join(" ");
    let found = matching(&all, &query);
    if ctx.out.json {
        return crate::render::json(&RulingView {
            query,
            rulings: found,
        });
    }
    if found.is_empty() {
        eprintln!(
            "no ruling mentions `{}`; try a single word such as: look, horizontal, flip, move, deck, tie, reveal, illegal",
            crate::text::escape(&query)
        );
        return Ok(());
    }
    for r in found {
        crate::outln!("{}", ctx.out.strong(&r.question));
        crate::outln!("  {}", r.answer);
        crate::outln!("  — {}\n", r.source);
    }
    Ok(())
}
