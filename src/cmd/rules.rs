//! `golf rules list|show|diff|check` (CLI.md).

use serde::Serialize;

use super::Context;
use crate::cli::RulesCommand;
use crate::rules::{self, bundled, Fact, Rules};

/// One row of `golf rules list`.
#[derive(Debug, Serialize)]
struct Listed {
    name: String,
    title: String,
    grid: String,
    decks: u32,
    jokers_per_deck: u32,
    holes: u32,
    source: String,
}

/// One bundled house rule in `golf rules list`.
#[derive(Debug, Serialize)]
struct HouseListed {
    name: &'static str,
    summary: String,
    source: String,
}

#[derive(Debug, Serialize)]
struct ListView {
    variants: Vec<Listed>,
    house: Vec<HouseListed>,
}

/// One differing key of `golf rules diff`.
#[derive(Debug, Serialize)]
struct DiffRow {
    key: String,
    a: Option<String>,
    b: Option<String>,
}

/// Runs `golf rules …`.
pub fn run(ctx: &Context, command: RulesCommand) -> anyhow::Result<()> {
    match command {
        RulesCommand::List => list(ctx),
        RulesCommand::Show { name, house } => show(ctx, &rules::resolve(&name, &house)?),
        RulesCommand::Diff { a, b } => {
            diff(ctx, &rules::resolve(&a, &[])?, &rules::resolve(&b, &[])?)
        }
        RulesCommand::Check { file } => {
            let rules = rules::resolve(&file.display().to_string(), &[])?;
            if ctx.out.json {
                return crate::render::json(&rules);
            }
            crate::outln!(
                "{}: ok — `{}`, {}×{} grid, {} deck(s), {} holes",
                file.display(),
                rules.name,
                rules.layout.rows,
                rules.layout.columns,
                rules.deck.decks,
                rules.holes
            );
            Ok(())
        }
    }
}

fn list(ctx: &Context) -> anyhow::Result<()> {
    let mut variants = Vec::new();
    for name in bundled::variant_names() {
        let r = rules::resolve(name, &[])?;
        variants.push(Listed {
            grid: format!("{}×{}", r.layout.rows, r.layout.columns),
            decks: r.deck.decks,
            jokers_per_deck: r.deck.jokers_per_deck,
            holes: r.holes,
            source: r.source.clone(),
            title: r.title,
            name: r.name,
        });
    }
    let mut house = Vec::new();
    for name in bundled::house_names() {
        let text = bundled::house(name).unwrap_or_default();
        let raw: rules::raw::RawLayer = toml::from_str(text)?;
        house.push(HouseListed {
            name,
            summary: raw.summary.unwrap_or_default(),
            source: raw.source.unwrap_or_default(),
        });
    }
    if ctx.out.json {
        return crate::render::json(&ListView { variants, house });
    }
    let mut table = ctx
        .out
        .table(["variant", "grid", "decks", "holes", "title", "source"]);
    for v in &variants {
        let deck = match v.jokers_per_deck {
            0 => v.decks.to_string(),
            j => format!("{} + {} jokers each", v.decks, j),
        };
        table.add_row([
            &v.name,
            &v.grid,
            &deck,
            &v.holes.to_string(),
            &v.title,
            &v.source,
        ]);
    }
    crate::outln!("{table}");
    let mut table = ctx.out.table(["house rule", "what it does", "source"]);
    for h in &house {
        table.add_row([h.name, &h.summary, &h.source]);
    }
    crate::outln!("{table}");
    Ok(())
}

fn show(ctx: &Context, rules: &Rules) -> anyhow::Result<()> {
    if ctx.out.json {
        return crate::render::json(rules);
    }
    crate::outln!(
        "{} — {}",
        ctx.out.strong(&rules.display_name()),
        rules.title
    );
    if !rules.summary.is_empty() {
        crate::outln!("{}", rules.summary);
    }
    crate::outln!("Source: {}", rules.source);
    let mut table = ctx.out.table(["rule", "value", "source"]);
    for Fact { key, value, source } in rules.facts() {
        table.add_row([key, value, source]);
    }
    crate::outln!("{table}");
    Ok(())
}

fn diff(ctx: &Context, a: &Rules, b: &Rules) -> anyhow::Result<()> {
    let (fa, fb) = (a.facts(), b.facts());
    let mut keys: Vec<&str> = fa.iter().map(|f| f.key.as_str()).collect();
    for f in &fb {
        if !keys.contains(&f.key.as_str()) {
            keys.push(&f.key);
        }
    }
    let value =
        |facts: &[Fact], key: &str| facts.iter().find(|f| f.key == key).map(|f| f.value.clone());
    let rows: Vec<DiffRow> = keys
        .into_iter()
        .filter_map(|key| {
            let (va, vb) = (value(&fa, key), value(&fb, key));
            (va != vb).then(|| DiffRow {
                key: key.to_string(),
                a: va,
                b: vb,
            })
        })
        .collect();
    if ctx.out.json {
        return crate::render::json(&rows);
    }
    if rows.is_empty() {
        crate::outln!("{} and {} score and play alike.", a.name, b.name);
        return Ok(());
    }
    let mut table = ctx.out.table(["rule", a.name.as_str(), b.name.as_str()]);
    let dash = || "—".to_string();
    for row in rows {
        table.add_row([
            row.key,
            row.a.unwrap_or_else(dash),
            row.b.unwrap_or_else(dash),
        ]);
    }
    crate::outln!("{table}");
    Ok(())
}
