//! `golf rules sheet [NAME]`: one page to print for the table: a variant with the group's
//! house rules, one short section per part of the rules (grid, values, matched sets, going
//! out, the hole, the match, play), each with its sources, and how to type a hole.

use serde::Serialize;

use super::{Output, View};
use crate::rules::Rules;

/// The parts of the rules in the order the sheet shows them: a fact's key prefix and the
/// heading it goes under.
const PARTS: &[(&str, &str)] = &[
    ("layout", "Grid"),
    ("deck", "Deck"),
    ("pack", "Cards"),
    ("values", "Values"),
    ("matching", "Matched sets"),
    ("going_out", "Going out"),
    ("hole", "The hole"),
    ("match", "The match"),
    ("play", "Play"),
    ("tournament", "Tournaments"),
];

/// One part of the sheet: its heading, its rules, and their sources.
#[derive(Debug, Serialize)]
pub struct SheetPart {
    /// `Values`, `Going out`…
    pub heading: &'static str,
    /// The part's rules, each `name value`: `A 1`, `penalty none`.
    pub rules: Vec<String>,
    /// The sources of those rules, each once.
    pub sources: Vec<String>,
}

/// The whole sheet of one variant with its house rules.
#[derive(Debug, Serialize)]
pub struct RulesSheet {
    /// The rules' name with their house rules (`classic + knock`).
    pub rules: String,
    /// Their title.
    pub title: String,
    /// What they are, in a sentence or two.
    pub summary: String,
    /// The parts, in [`PARTS`] order.
    pub parts: Vec<SheetPart>,
    /// A hole as typed under these rules, compactly where the layout allows.
    pub example: String,
}

impl RulesSheet {
    /// The sheet of `rules`, from their facts (`Rules::facts`).
    pub fn new(rules: &Rules) -> RulesSheet {
        let facts = rules.facts();
        let parts = PARTS
            .iter()
            .filter_map(|(prefix, heading)| {
                let mine: Vec<_> = facts
                    .iter()
                    .filter(|f| f.key.split('.').next() == Some(prefix))
                    .collect();
                if mine.is_empty() {
                    return None;
                }
                let text: Vec<String> = mine
                    .iter()
                    .map(|f| {
                        let name = f.key.split_once('.').map_or("", |(_, rest)| rest);
                        let value = match f.value.as_str() {
                            "true" => "yes",
                            "false" => "no",
                            v => v,
                        };
                        format!("{} {value}", name.replace('_', " "))
                            .trim()
                            .to_string()
                    })
                    .collect();
                let mut sources: Vec<String> = Vec::new();
                for f in &mine {
                    if !sources.contains(&f.source) {
                        sources.push(f.source.clone());
                    }
                }
                Some(SheetPart {
                    heading,
                    rules: text,
                    sources,
                })
            })
            .collect();
        RulesSheet {
            rules: rules.display_name(),
            title: rules.title.clone(),
            summary: rules.summary.clone(),
            parts,
            example: example(rules),
        }
    }
}

/// `golf hole` for two players under `rules`: one grid spaced, one compact (the standard
/// pack only); names cut to their first letters.
fn example(rules: &Rules) -> String {
    let (rows, columns) = (rules.layout.rows, rules.layout.columns);
    let pack = &rules.pack;
    let card = |i: usize| match pack.is_empty() {
        false => pack[(i * 5 + 3) % pack.len()]
            .tokens
            .first()
            .cloned()
            .unwrap_or_default(),
        true => ["Q", "4", "K", "9", "2", "7"][i % 6].to_string(),
    };
    let grid = |sep: &str, row_sep: &str| {
        (0..rows)
            .map(|r| {
                (0..columns)
                    .map(|c| card(r + c))
                    .collect::<Vec<_>>()
                    .join(sep)
            })
            .collect::<Vec<_>>()
            .join(row_sep)
    };
    let spaced = format!("ann=\"{}\"", grid(" ", " / "));
    match !pack.is_empty() {
        true => format!("golf hole {spaced} bob=\"{}\" --out bob", grid(" ", " / ")),
        false => format!(
            "golf hole {spaced} b={} --out b   (compact rows: t or 10 for ten, * a joker; \
             a name may be cut to a unique start)",
            grid("", "/").to_lowercase()
        ),
    }
}

/// `heading: item · item …`, broken only between items to fit `width`, the sources last.
fn lay_out(heading: &str, items: &[String], sources: &str, width: usize) -> String {
    let mut lines = vec![format!("{heading}:")];
    let words = items.iter().map(String::as_str).chain([sources]);
    for (i, item) in words.enumerate() {
        let sep = if i == 0 {
            " "
        } else if i == items.len() {
            " — "
        } else {
            " · "
        };
        let last = lines.len() - 1;
        let room = width.saturating_sub(2);
        if lines[last].chars().count() + sep.chars().count() + item.chars().count() > room && i > 0
        {
            match sep {
                " · " => {
                    lines[last].push_str(" ·");
                    lines.push(format!("  {item}"));
                }
                _ => lines.push(format!("  {}{item}", sep.trim_start())),
            }
        } else {
            lines[last].push_str(sep);
            lines[last].push_str(item);
        }
    }
    lines.join("\n") + "\n"
}

impl View for RulesSheet {
    fn render(&self, out: &Output) -> String {
        let width = out.width.map_or(80, usize::from);
        let head = format!(
            "{} — {}\n{}\n",
            out.strong(&self.rules),
            self.title,
            self.summary
        );
        let mut text = out.wrap(&head) + "\n";
        for p in &self.parts {
            for line in lay_out(p.heading, &p.rules, &p.sources.join("; "), width).lines() {
                let indent = &line[..line.len() - line.trim_start().len()];
                match line.chars().count() > width {
                    true => {
                        let narrow = Output {
                            width: u16::try_from(width - indent.len()).ok(),
                            ..*out
                        };
                        text.push_str(&format!("{indent}{}", narrow.wrap(line.trim_start())));
                    }
                    false => text.push_str(&format!("{line}\n")),
                }
            }
        }
        let tail = format!(
            "\nA hole: {}\nA dispute: golf ruling WORDS (golf ruling alone lists them all).\n",
            self.example
        );
        text + &out.wrap(&tail)
    }
}
