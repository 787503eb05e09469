//! Every point in words (RULES.md §3): the [`Breakdown`] of a grid — its matched sets,
//! unmatched cards and column bonuses, each with its rule and source — and how it reads.

use serde::Serialize;

use super::sets::{
    cells_of, column_bonuses, ColumnCounts, Found, FoundSets, Sets, Worth, MAX_SETS,
};
use super::Scorer;
use crate::card::{Card, Rank};
use crate::grid::{Cell, Grid};
use crate::rules::Rules;
use std::sync::Arc;

/// How a matched set was found (RULES.md §3 step 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SetKind {
    /// A full column of one rank.
    Column,
    /// A full row of one rank.
    Row,
    /// A full diagonal of one rank.
    Diagonal,
    /// Two cards of one rank in a row (house rule `horizontal-pairs`).
    RowPair,
    /// Every card of a rank that occurs two or more times (`anywhere = "multiples"`).
    Multiples,
    /// Two equal cards anywhere (`anywhere = "pairs"`).
    Pair,
}

/// One matched set and what it scores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchedSet {
    /// How it was found.
    pub kind: SetKind,
    /// Where: `column 1`, `row 2`, `diagonal from row 1, column 1`, `row 1`, `anywhere`.
    pub place: String,
    /// Its cells.
    pub cells: Vec<Cell>,
    /// Its cards as typed, in cell order.
    pub cards: Vec<Arc<str>>,
    /// The rank its cards share, when they do.
    #[serde(skip)]
    pub rank: Option<Rank>,
    /// The rule that made it, in words.
    pub rule: String,
    /// Points it scores: 0, or a kept negative sum.
    pub points: i32,
    /// The rule's source.
    pub source: Arc<str>,
}

/// A card in no set, which scores its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unmatched {
    /// Where it lies.
    pub cell: Cell,
    /// The card as typed (shared: a [`Scorer`] makes each card's text once).
    pub card: Arc<str>,
    /// Its value in points.
    pub points: i32,
    /// The source of that value (shared like the card's text).
    pub source: Arc<str>,
}

/// A same-rank column bonus (RULES.md §3 step 5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Bonus {
    /// The rank of the matched columns, as typed (`9`, `J`, `-5`).
    pub rank: String,
    /// That rank in the plural, for the explanation.
    #[serde(skip)]
    pub plural: String,
    /// How many matched columns of that rank.
    pub columns: u32,
    /// Points (negative is good).
    pub points: i32,
    /// The rule in words.
    pub rule: String,
    /// Its source.
    pub source: Arc<str>,
}

/// Every point of one grid's score, explained (RULES.md §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Breakdown {
    /// Matched sets, in the order found.
    pub sets: Vec<MatchedSet>,
    /// Cards in no set, row by row.
    pub unmatched: Vec<Unmatched>,
    /// Same-rank column bonuses.
    pub bonuses: Vec<Bonus>,
    /// The grid score: sets + unmatched cards + bonuses. May be negative.
    pub total: i32,
}

fn count_word(n: usize) -> String {
    match n {
        2 => "pair".into(),
        3 => "three".into(),
        4 => "four".into(),
        n => format!("{n} cards"),
    }
}

impl Breakdown {
    /// One readable line per set, unmatched card and bonus, as said at the table:
    /// `column 1: 5 5 — column pair, scores 0 (Official §2.3)`.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for set in &self.sets {
            out.push(format!(
                "{}: {} — {}, scores {} ({})",
                set.place,
                set.cards.join(" "),
                set.rule,
                set.points,
                set.source
            ));
        }
        for card in &self.unmatched {
            out.push(format!(
                "{}: {} — unmatched, scores {} ({})",
                card.cell, card.card, card.points, card.source
            ));
        }
        for bonus in &self.bonuses {
            out.push(format!(
                "{} matched columns of {}: {}, scores {} ({})",
                crate::rules::plain::count(bonus.columns as usize),
                bonus.plural,
                bonus.rule,
                bonus.points,
                bonus.source
            ));
        }
        out
    }
}

impl Scorer<'_> {
    /// Scores one grid with every point explained: see [`score`].
    pub fn score(&self, grid: &Grid) -> Breakdown {
        let rules = self.rules;
        let mut found = Sets::new(
            self,
            grid,
            FoundSets {
                sets: [None; MAX_SETS],
                len: 0,
            },
        );
        found.find(self, grid.rows());
        let columns = grid.columns();
        let cell = |i: usize| Cell {
            row: i / columns + 1,
            column: i % columns + 1,
        };
        let sets: Vec<MatchedSet> = found
            .sink
            .iter()
            .map(|f| explain_set(f, self, grid.cards(), &cell))
            .collect();
        let unmatched: Vec<Unmatched> = cells_of(found.unmatched())
            .map(|i| {
                let words = self.words(grid.cards()[i]);
                Unmatched {
                    cell: cell(i),
                    card: words.text,
                    points: found.values[i],
                    source: words.source,
                }
            })
            .collect();
        let mut matched_columns = ColumnCounts::default();
        for set in found.sink.iter().filter(|s| s.kind == SetKind::Column) {
            matched_columns.add(set.rank);
        }
        let mut bonuses = Vec::new();
        for (rank, k) in matched_columns.by_rank() {
            let [general, own] = column_bonuses(rules, rank, k);
            let bonus = |points, rule, key| Bonus {
                rank: rules.card_text(Card::new(rank)),
                plural: rules.plural(rank),
                columns: k,
                points,
                rule,
                source: rules.source_of(key).into(),
            };
            if let Some(points) = general {
                let rule = "same-rank columns bonus".to_string();
                bonuses.push(bonus(points, rule, "matching.same_rank_columns"));
            }
            if let Some(points) = own {
                let rule = format!("{}' own same-rank columns bonus", rules.plural(rank));
                bonuses.push(bonus(points, rule, "matching.rank_columns"));
            }
        }
        let total = sets.iter().map(|s| s.points).sum::<i32>()
            + unmatched.iter().map(|u| u.points).sum::<i32>()
            + bonuses.iter().map(|b| b.points).sum::<i32>();
        Breakdown {
            sets,
            unmatched,
            bonuses,
            total,
        }
    }
}

/// Scores one grid under `rules`, exactly as RULES.md §3 says: lines (columns, rows,
/// diagonals), then row pairs, then matching anywhere; sets score 0 or keep a negative
/// sum; unmatched cards score their value; then same-rank column bonuses. Every point
/// comes with its rule and source; [`total`] gives the same number without the words.
///
/// The grid is taken as it is: its shape and cards are checked when it is parsed
/// ([`Grid::parse_for`]) and dealt ([`crate::deck`]). Any shape up to 4×6 scores.
pub fn score(grid: &Grid, rules: &Rules) -> Breakdown {
    Scorer::new(rules).score(grid)
}

/// One found set in words: where it lies, the rule that made it and what it scores.
fn explain_set(
    f: &Found,
    scorer: &Scorer<'_>,
    cards: &[Card],
    cell: &dyn Fn(usize) -> Cell,
) -> MatchedSet {
    let (place, rule, key) = set_place_and_rule(f, scorer.rules);
    let (rule, source) = worth_words(f, scorer.rules, rule, key);
    MatchedSet {
        kind: f.kind,
        place,
        cells: cells_of(f.cells).map(cell).collect(),
        cards: cells_of(f.cells)
            .map(|i| scorer.words(cards[i]).text)
            .collect(),
        rank: Some(f.rank),
        rule,
        points: f.points,
        source: source.into(),
    }
}

/// Where a found set lies (`column 1`, `anywhere`), the rule that made it (`column pair`)
/// and that rule's key in the rules file (`matching.columns`), RULES.md §3 step 2.
fn set_place_and_rule(f: &Found, rules: &Rules) -> (String, String, &'static str) {
    let n = f.cells.count_ones() as usize;
    // the common words are constants: an explained grid writes several per set
    let line_rule = |noun: &str| match (noun, n) {
        ("column", 2) => "column pair".to_string(),
        ("column", 3) => "column of three".to_string(),
        ("column", 4) => "column of four".to_string(),
        ("row", 2) => "row pair".to_string(),
        ("row", 3) => "row of three".to_string(),
        (noun, 2) => format!("{noun} pair"),
        (noun, n) => format!("{noun} of {}", count_word(n)),
    };
    let numbered = |noun: &str| {
        const COLUMNS: [&str; 6] = [
            "column 1", "column 2", "column 3", "column 4", "column 5", "column 6",
        ];
        const ROWS: [&str; 4] = ["row 1", "row 2", "row 3", "row 4"];
        let table: &[&str] = if noun == "column" { &COLUMNS } else { &ROWS };
        match table.get(usize::from(f.line).wrapping_sub(1)) {
            Some(place) => place.to_string(),
            None => format!("{noun} {}", f.line),
        }
    };
    match f.kind {
        SetKind::Column => (numbered("column"), line_rule("column"), "matching.columns"),
        SetKind::Row => (numbered("row"), line_rule("row"), "matching.rows"),
        SetKind::Diagonal => (
            if f.line == 0 {
                "diagonal from top left"
            } else {
                "diagonal from top right"
            }
            .to_string(),
            line_rule("diagonal"),
            "matching.diagonals",
        ),
        SetKind::RowPair => (
            numbered("row"),
            "row pair".to_string(),
            "matching.row_pairs",
        ),
        SetKind::Multiples => (
            "anywhere".to_string(),
            format!(
                "{} {} anywhere cancel",
                crate::rules::plain::count(n),
                rules.plural(f.rank)
            ),
            "matching.anywhere",
        ),
        SetKind::Pair => (
            "anywhere".to_string(),
            format!("pair of {} anywhere", rules.plural(f.rank)),
            "matching.anywhere",
        ),
    }
}

/// The set's rule in full, with what it scores (RULES.md §3 step 3: zero, a matched value,
/// or a negative sum kept or cancelled), and the sources that decide it; `key` is the
/// rule that made the set.
fn worth_words(f: &Found, rules: &Rules, rule: String, key: &str) -> (String, String) {
    // a negative set also cites the rule that decides whether it keeps its sum (§3 step 3)
    let negative_source = || {
        let (made, kept) = (
            rules.source_of(key),
            rules.source_of("matching.negative_matches"),
        );
        if made == kept {
            made.to_string()
        } else {
            format!("{made}; {kept}")
        }
    };
    match f.worth {
        Worth::Zero => (rule, rules.source_of(key).to_string()),
        Worth::Matched => (
            format!(
                "{rule}: a matched set of {} has a value of its own",
                rules.plural(f.rank),
            ),
            rules.source_of("matching.matched_values").to_string(),
        ),
        Worth::NegativeKept => (
            format!("{rule} of negative cards keeps its sum"),
            negative_source(),
        ),
        Worth::NegativeCancelled => (
            format!("{rule}, negative cards cancel too"),
            negative_source(),
        ),
    }
}

/// The source of a card's value: its suited entry, its rank's `values.X`, or the pack's.
pub(super) fn value_source(rules: &Rules, card: Card) -> &str {
    if matches!(card.rank, Rank::Face(_)) {
        return rules.source_of("pack");
    }
    if card.suit.is_some()
        && rules
            .values
            .suited
            .iter()
            .any(|(r, s, _)| Some(*s) == card.suit && *r == card.rank)
    {
        return rules.source_of("values.suited");
    }
    rules.source_of(card.rank.value_key())
}
