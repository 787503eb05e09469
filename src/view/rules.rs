//! `golf rules list|show|diff|check` and `golf ruling`.

use serde::Serialize;

use super::{Output, View};
use crate::rules::{Fact, HouseRule, Rules, Ruling};

/// One variant of `golf rules list`.
#[derive(Debug, Serialize)]
pub struct Listed {
    /// Name.
    pub name: String,
    /// Title.
    pub title: String,
    /// `2×3`.
    pub grid: String,
    /// Decks.
    pub decks: u32,
    /// Jokers in each deck.
    pub jokers_per_deck: u32,
    /// Holes in a match.
    pub holes: u32,
    /// Source.
    pub source: String,
}

/// `golf rules list`.
#[derive(Debug, Serialize)]
pub struct ListView {
    /// The bundled variants.
    pub variants: Vec<Listed>,
    /// The bundled house rules.
    pub house: Vec<HouseRule>,
}

impl ListView {
    /// The list of `variants` and `house` rules ([`crate::rules::listing`]).
    pub fn new(variants: Vec<crate::rules::bundled::Listed>, house: Vec<HouseRule>) -> ListView {
        let count = |n: i64| u32::try_from(n).unwrap_or_default();
        let variants = variants
            .into_iter()
            .map(|r| Listed {
                grid: format!("{}×{}", r.rows, r.columns),
                decks: count(r.decks),
                jokers_per_deck: count(r.jokers_per_deck),
                holes: count(r.holes),
                source: r.source.to_string(),
                title: r.title.to_string(),
                name: r.name.to_string(),
            })
            .collect();
        ListView { variants, house }
    }
}

impl View for ListView {
    fn render(&self, out: &Output) -> String {
        let mut table = out.table(["variant", "grid", "decks", "holes", "title", "source"]);
        for v in &self.variants {
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
        let mut house = out.table(["house rule", "what it does", "source"]);
        for h in &self.house {
            house.add_row([h.name, &h.summary, &h.source]);
        }
        format!("{table}\n{house}\n")
    }
}

/// `golf rules show`: the resolved rules (as JSON, the rules themselves).
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct RulesShown(pub Rules);

impl View for RulesShown {
    fn render(&self, out: &Output) -> String {
        let rules = &self.0;
        let mut text = format!("{} — {}\n", out.strong(&rules.display_name()), rules.title);
        if !rules.summary.is_empty() {
            text.push_str(&format!("{}\n", rules.summary));
        }
        text.push_str(&format!("Source: {}\n", rules.source));
        let mut table = out.table(["rule", "value", "source"]);
        for Fact { key, value, source } in rules.facts() {
            table.add_row([key, value, source]);
        }
        format!("{text}{table}\n")
    }
}

/// `golf rules check`: a group's file that resolved (as JSON, the rules).
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct RulesChecked {
    /// The rules.
    pub rules: Rules,
    /// The file, as given.
    #[serde(skip)]
    pub file: String,
}

impl View for RulesChecked {
    fn render(&self, _: &Output) -> String {
        let r = &self.rules;
        let decks = match r.deck.decks {
            1 => "1 deck".to_string(),
            n => format!("{n} decks"),
        };
        format!(
            "{}: ok — `{}`, {}×{} grid, {decks}, {} holes\n",
            self.file, r.name, r.layout.rows, r.layout.columns, r.holes
        )
    }
}

/// One differing key of `golf rules diff`.
#[derive(Debug, Serialize)]
pub struct DiffRow {
    /// The dotted key.
    pub key: String,
    /// Its value under the first rules.
    pub a: Option<String>,
    /// Under the second.
    pub b: Option<String>,
}

/// `golf rules diff A B` (as JSON, the differing rows).
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct DiffView {
    /// Differing keys.
    pub rows: Vec<DiffRow>,
    /// The two names.
    #[serde(skip)]
    pub names: (String, String),
}

impl DiffView {
    /// What differs between `a` and `b`, key by key, in `a`'s order then `b`'s.
    pub fn new(a: &Rules, b: &Rules) -> DiffView {
        let (fa, fb) = (a.facts(), b.facts());
        let mut keys: Vec<&str> = fa.iter().map(|f| f.key.as_str()).collect();
        for f in &fb {
            if !keys.contains(&f.key.as_str()) {
                keys.push(&f.key);
            }
        }
        let value = |facts: &[Fact], key: &str| {
            facts.iter().find(|f| f.key == key).map(|f| f.value.clone())
        };
        let rows = keys
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
        DiffView {
            rows,
            names: (a.name.clone(), b.name.clone()),
        }
    }
}

impl View for DiffView {
    fn render(&self, out: &Output) -> String {
        let (a, b) = &self.names;
        if self.rows.is_empty() {
            return format!("{a} and {b} score and play alike.\n");
        }
        let mut table = out.table(["rule", a.as_str(), b.as_str()]);
        let dash = || "—".to_string();
        for row in &self.rows {
            table.add_row([
                row.key.clone(),
                row.a.clone().unwrap_or_else(dash),
                row.b.clone().unwrap_or_else(dash),
            ]);
        }
        format!("{table}\n")
    }
}

/// `golf ruling` alone: every ruling's question, by topic.
#[derive(Debug, Serialize)]
pub struct RulingList {
    /// Each topic with its rulings, in the word table's order.
    pub topics: Vec<Topic>,
}

/// One heading of `golf ruling`'s list.
#[derive(Debug, Serialize)]
pub struct Topic {
    /// `Starting a hole`…
    pub topic: String,
    /// Its rulings.
    pub rulings: Vec<Ruling>,
}

impl View for RulingList {
    fn render(&self, out: &Output) -> String {
        let mut text = String::new();
        for Topic { topic, rulings } in &self.topics {
            text.push_str(&format!(
                "{}
",
                out.strong(topic)
            ));
            for r in rulings {
                text.push_str(&format!(
                    "  {} ({})
",
                    r.question, r.source
                ));
            }
            text.push('\n');
        }
        text.push_str("`golf ruling WORDS` shows the answers, e.g. `golf ruling misdeal`; a card's value under your rules: `golf ruling king`.\n");
        out.wrap(&text)
    }
}

/// `golf ruling QUERY`.
#[derive(Debug, Serialize)]
pub struct RulingView {
    /// What was asked.
    pub query: String,
    /// Whether the rulings shown use every word looked for (else they come nearest).
    pub every_word: bool,
    /// The rulings that match.
    pub rulings: Vec<Ruling>,
}

impl View for RulingView {
    fn render(&self, out: &Output) -> String {
        self.rulings
            .iter()
            .map(|r| {
                format!(
                    "{}\n{}\n{}\n\n",
                    out.strong(&r.question),
                    out.paragraph(&r.answer, "  "),
                    out.paragraph(&format!("— {}", r.source), "  ")
                )
            })
            .collect()
    }
}

/// The rulebook for players in Markdown: what golf is for, then every bundled variant
/// (what it is, its grid, pack, values, matching and going-out rules, each with its
/// source) and every bundled house rule. `docs/rules.md` is this text.
pub fn rulebook(variants: &[Rules], house: &[HouseRule]) -> String {
    let mut md = String::from(
        "# The rules golf knows\n\n\
         Generated by `golf rules doc` from the rules files bundled in golf (`rules/`); every \
         rule names its source. A table picks a variant with `--rules NAME` and adds house \
         rules with `--house NAME`, applied in order, each changing only what it sets. A \
         group's own rules file can start from any variant (`extends`) and set any key: see \
         [rules-files.md](rules-files.md).\n\n\
         Every grid is scored the same way: each card takes its value; matched sets (full \
         columns, and where the rules say so rows, diagonals, pairs in a row, or equal cards \
         anywhere) score 0, or keep their sum when it is negative and the rules keep negative \
         sets; unmatched cards score their value; same-rank column bonuses are added. The \
         hole then applies, in order: the score map, going out or knocking, the lowest-score \
         bonus and the tie penalty. The lowest total wins; ties are broken by the match's \
         tiebreak chain.\n\n## Variants\n",
    );
    for r in variants {
        md.push_str(&format!(
            "\n### `{}` — {}\n\n{}\n\nSource: {}.\n\n",
            r.name, r.title, r.summary, r.source
        ));
        md.push_str("| rule | value | source |\n|---|---|---|\n");
        for f in r.facts() {
            let value = f.value.replace('|', "\\|");
            md.push_str(&format!("| `{}` | {} | {} |\n", f.key, value, f.source));
        }
    }
    md.push_str("\n## House rules\n\n| house rule | what it does | source |\n|---|---|---|\n");
    for h in house {
        md.push_str(&format!(
            "| `{}` | {} | {} |\n",
            h.name, h.summary, h.source
        ));
    }
    md
}
