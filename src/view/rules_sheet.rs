//! `golf rules sheet [NAME]`: one page to print for the table, in players' words: a
//! variant with the group's house rules, one short section per part of the rules (the deal,
//! card values, matched sets, going out, the hole, the match, play), each with its sources,
//! and how to type a hole. Tournament penalties only when asked (`--tournament`).

use serde::Serialize;

use super::{Output, View};
use crate::rules::{plain, Rules};

/// One part of the sheet: its heading, its rules, and their sources.
#[derive(Debug, Serialize)]
pub struct SheetPart {
    /// `Card values`, `Going out`…
    pub heading: &'static str,
    /// The part's rules, each a sentence as a table would say it ("Going out without the
    /// lowest score costs 10; a tie for lowest is safe.").
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
    /// The parts, in the order a table needs them.
    pub parts: Vec<SheetPart>,
    /// A hole as typed under these rules, compactly where the layout allows.
    pub example: String,
}

impl RulesSheet {
    /// The sheet of `rules` in players' words ([`plain`]), each part citing the sources of
    /// the keys it says; the tournament part only when `tournament` is asked for.
    pub fn new(rules: &Rules, tournament: bool) -> RulesSheet {
        type Part = (
            &'static str,
            fn(&Rules) -> Vec<String>,
            &'static [&'static str],
        );
        let values = |r: &Rules| vec![format!("{}.", plain::card_values(r))];
        let parts: [Part; 8] = [
            (
                "The deal",
                plain::deal,
                &["layout", "deck", "play.face_up_at_start"],
            ),
            ("Card values", values, &["values", "pack"]),
            ("Matched sets", plain::matched, &["matching"]),
            ("Going out", plain::going_out, &["going_out"]),
            ("The hole", plain::hole, &["hole"]),
            (
                "The match",
                plain::the_match,
                &["match.holes", "match.tiebreak"],
            ),
            ("Play", plain::play, &["play"]),
            ("Tournaments", plain::tournament, &["tournament"]),
        ];
        let facts = rules.facts();
        let parts = parts
            .into_iter()
            .filter(|(heading, _, _)| tournament || *heading != "Tournaments")
            .filter_map(|(heading, say, keys)| {
                let said = say(rules);
                if said.is_empty() {
                    return None;
                }
                // the source of every rule the part says: its keys and the keys inside them
                let mut sources: Vec<String> = Vec::new();
                let within = |key: &str, k: &&str| key == *k || key.starts_with(&format!("{k}."));
                let all = &facts;
                let facts = facts
                    .iter()
                    .filter(|f| keys.iter().any(|k| within(&f.key, k)));
                // a key no rule stands under (`pack` for the standard pack) cites nothing
                let said_keys = keys
                    .iter()
                    .filter(|k| all.iter().any(|f| within(&f.key, k)))
                    .map(|k| rules.source_of(k).to_string());
                for source in said_keys.chain(facts.map(|f| f.source.clone())) {
                    if !sources.contains(&source) {
                        sources.push(source);
                    }
                }
                Some(SheetPart {
                    heading,
                    rules: said,
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
        false => {
            format!(
            "golf hole {spaced} b={} --out b   (compact rows: t or 10 for ten{}; a name may be \
             cut to a unique start)",
            grid("", "/").to_lowercase(),
            // a joker only where the deck has jokers
            if rules.deck.has_jokers() { ", * a joker" } else { "" }
        )
        }
    }
}

impl View for RulesSheet {
    fn render(&self, out: &Output) -> String {
        let head = format!(
            "{} — {}\n{}\n",
            out.strong(&self.rules),
            self.title,
            self.summary
        );
        let mut text = out.wrap(&head) + "\n";
        for p in &self.parts {
            let line = format!(
                "{}: {} — {}",
                out.strong(p.heading),
                p.rules.join(" "),
                p.sources.join("; ")
            );
            text.push_str(&out.wrap(&line));
        }
        let tail = format!(
            "\nA hole: {}\nA dispute: golf ruling WORDS (golf ruling alone lists them all).\n",
            self.example
        );
        text + &out.wrap(&tail)
    }
}
