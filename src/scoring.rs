//! Scoring: the algorithm every variant shares (RULES.md §3), returning a breakdown that
//! explains every point, and the going-out adjustment over one hole's grid scores (§5).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::card::{Card, Rank};
use crate::grid::{Cell, Grid};
use crate::rules::{Anywhere, BonusWhen, NegativeMatches, Penalty, PenaltyWhen, Rules};

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
    pub cards: Vec<String>,
    /// The rank its cards share, when they do.
    #[serde(skip)]
    pub rank: Option<Rank>,
    /// The rule that made it, in words.
    pub rule: String,
    /// Points it scores: 0, or a kept negative sum.
    pub points: i32,
    /// The rule's source.
    pub source: String,
}

/// A card in no set, which scores its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unmatched {
    /// Where it lies.
    pub cell: Cell,
    /// The card as typed.
    pub card: String,
    /// Its value in points.
    pub points: i32,
    /// The source of that value.
    pub source: String,
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
    pub source: String,
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

fn number_word(n: u32) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        6 => "six".into(),
        n => n.to_string(),
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
                number_word(bonus.columns),
                bonus.plural,
                bonus.rule,
                bonus.points,
                bonus.source
            ));
        }
        out
    }
}

struct Scorer<'a> {
    rules: &'a Rules,
    grid: &'a Grid,
    used: Vec<bool>,
    sets: Vec<MatchedSet>,
}

impl Scorer<'_> {
    fn index(&self, cell: Cell) -> usize {
        (cell.row - 1) * self.grid.columns() + cell.column - 1
    }

    fn card(&self, cell: Cell) -> Card {
        self.grid.cards()[self.index(cell)]
    }

    fn add_set(&mut self, kind: SetKind, place: String, cells: Vec<Cell>, rule: String, key: &str) {
        let cards: Vec<Card> = cells.iter().map(|c| self.card(*c)).collect();
        let sum: i32 = cards.iter().map(|c| self.rules.values.of(*c)).sum();
        let rank = Some(cards[0].rank).filter(|r| cards.iter().all(|c| c.rank == *r));
        let matched_value = rank.and_then(|r| {
            let m = &self.rules.matching.matched_values;
            m.iter().find(|(mr, _)| *mr == r).map(|(_, v)| (r, *v))
        });
        // a negative set also cites the rule that decides whether it keeps its sum (§3 step 3)
        let (points, rule, source) = if let Some((r, value)) = matched_value {
            (
                value,
                format!(
                    "{rule}: a matched set of {} scores {value}",
                    self.rules.plural(r)
                ),
                self.rules.source_of("matching.matched_values").to_string(),
            )
        } else if sum < 0 {
            let (made, kept) = (
                self.rules.source_of(key),
                self.rules.source_of("matching.negative_matches"),
            );
            let source = if made == kept {
                made.to_string()
            } else {
                format!("{made}; {kept}")
            };
            match self.rules.matching.negative_matches {
                NegativeMatches::Keep => (
                    sum,
                    format!("{rule} of negative cards keeps its sum"),
                    source,
                ),
                NegativeMatches::Cancel => {
                    (0, format!("{rule}, negative cards cancel too"), source)
                }
            }
        } else {
            (0, rule, self.rules.source_of(key).to_string())
        };
        for cell in &cells {
            let i = self.index(*cell);
            self.used[i] = true;
        }
        self.sets.push(MatchedSet {
            kind,
            place,
            cells,
            cards: cards.iter().map(|c| self.rules.card_text(*c)).collect(),
            rank,
            rule,
            points,
            source,
        });
    }

    /// A full line (at least two cards), none used yet, all of one rank.
    fn try_line(&mut self, kind: SetKind, place: String, cells: Vec<Cell>, noun: &str, key: &str) {
        if cells.len() < 2 || cells.iter().any(|c| self.used[self.index(*c)]) {
            return;
        }
        let rank = self.card(cells[0]).rank;
        if cells.iter().all(|c| self.card(*c).rank == rank) {
            let rule = if cells.len() == 2 {
                format!("{noun} pair")
            } else {
                format!("{noun} of {}", count_word(cells.len()))
            };
            self.add_set(kind, place, cells, rule, key);
        }
    }

    fn lines(&mut self) {
        let (rows, columns) = (self.grid.rows(), self.grid.columns());
        let m = &self.rules.matching;
        let (by_column, by_row, by_diagonal) = (m.columns, m.rows, m.diagonals);
        if by_column {
            for column in 1..=columns {
                let cells = (1..=rows).map(|row| Cell { row, column }).collect();
                self.try_line(
                    SetKind::Column,
                    format!("column {column}"),
                    cells,
                    "column",
                    "matching.columns",
                );
            }
        }
        if by_row {
            for row in 1..=rows {
                let cells = (1..=columns).map(|column| Cell { row, column }).collect();
                self.try_line(
                    SetKind::Row,
                    format!("row {row}"),
                    cells,
                    "row",
                    "matching.rows",
                );
            }
        }
        if by_diagonal && rows == columns {
            let main = (1..=rows).map(|r| Cell { row: r, column: r }).collect();
            self.try_line(
                SetKind::Diagonal,
                "diagonal from top left".into(),
                main,
                "diagonal",
                "matching.diagonals",
            );
            let anti = (1..=rows)
                .map(|r| Cell {
                    row: r,
                    column: columns + 1 - r,
                })
                .collect();
            self.try_line(
                SetKind::Diagonal,
                "diagonal from top right".into(),
                anti,
                "diagonal",
                "matching.diagonals",
            );
        }
    }

    fn row_pairs(&mut self) {
        for row in 1..=self.grid.rows() {
            for column in 1..=self.grid.columns() {
                let first = Cell { row, column };
                if self.used[self.index(first)] {
                    continue;
                }
                let rank = self.card(first).rank;
                let partner = (column + 1..=self.grid.columns())
                    .map(|c| Cell { row, column: c })
                    .find(|c| !self.used[self.index(*c)] && self.card(*c).rank == rank);
                if let Some(second) = partner {
                    self.add_set(
                        SetKind::RowPair,
                        format!("row {row}"),
                        vec![first, second],
                        "row pair".into(),
                        "matching.row_pairs",
                    );
                }
            }
        }
    }

    fn anywhere(&mut self, how: Anywhere) {
        let mut by_rank: BTreeMap<Rank, Vec<Cell>> = BTreeMap::new();
        for (cell, card) in self.grid.cells() {
            if !self.used[self.index(cell)] {
                by_rank.entry(card.rank).or_default().push(cell);
            }
        }
        for (rank, cells) in by_rank {
            if cells.len() < 2 {
                continue;
            }
            match how {
                Anywhere::None => {}
                Anywhere::Multiples => {
                    let rule = format!(
                        "{} {} anywhere cancel",
                        number_word(cells.len() as u32),
                        self.rules.plural(rank)
                    );
                    self.add_set(
                        SetKind::Multiples,
                        "anywhere".into(),
                        cells,
                        rule,
                        "matching.anywhere",
                    );
                }
                Anywhere::Pairs => {
                    for pair in cells.chunks_exact(2) {
                        let rule = format!("pair of {} anywhere", self.rules.plural(rank));
                        self.add_set(
                            SetKind::Pair,
                            "anywhere".into(),
                            pair.to_vec(),
                            rule,
                            "matching.anywhere",
                        );
                    }
                }
            }
        }
    }
}

/// Scores one grid under `rules`, exactly as RULES.md §3 says: lines (columns, rows,
/// diagonals), then row pairs, then matching anywhere; sets score 0 or keep a negative
/// sum; unmatched cards score their value; then same-rank column bonuses.
///
/// The grid is taken as it is: its shape and cards are checked when it is parsed
/// ([`Grid::parse_for`]) and dealt ([`crate::deck`]). Any shape up to 4×6 scores.
pub fn score(grid: &Grid, rules: &Rules) -> Breakdown {
    let mut scorer = Scorer {
        rules,
        grid,
        used: vec![false; grid.cards().len()],
        sets: Vec::new(),
    };
    scorer.lines();
    if rules.matching.row_pairs {
        scorer.row_pairs();
    }
    scorer.anywhere(rules.matching.anywhere);

    let unmatched: Vec<Unmatched> = grid
        .cells()
        .filter(|(cell, _)| !scorer.used[scorer.index(*cell)])
        .map(|(cell, card)| Unmatched {
            cell,
            card: rules.card_text(card),
            points: rules.values.of(card),
            source: value_source(rules, card).to_string(),
        })
        .collect();
    let bonuses = same_rank_bonuses(&scorer.sets, rules);

    let total = scorer.sets.iter().map(|s| s.points).sum::<i32>()
        + unmatched.iter().map(|u| u.points).sum::<i32>()
        + bonuses.iter().map(|b| b.points).sum::<i32>();
    Breakdown {
        sets: scorer.sets,
        unmatched,
        bonuses,
        total,
    }
}

/// Same-rank column bonuses (RULES.md §3 step 5): for each rank with k matched columns,
/// the general table's entry for k, then the rank's own table's entry on top.
fn same_rank_bonuses(sets: &[MatchedSet], rules: &Rules) -> Vec<Bonus> {
    let mut columns_by_rank: BTreeMap<Rank, u32> = BTreeMap::new();
    for set in sets.iter().filter(|s| s.kind == SetKind::Column) {
        if let Some(rank) = set.rank {
            *columns_by_rank.entry(rank).or_default() += 1;
        }
    }
    let m = &rules.matching;
    let mut bonuses = Vec::new();
    for (rank, k) in columns_by_rank {
        let own = m.rank_columns.iter().find(|(r, _)| *r == rank);
        let tables = [
            (
                m.same_rank_columns.get(&k),
                "same-rank columns bonus".to_string(),
                "matching.same_rank_columns",
            ),
            (
                own.and_then(|(_, t)| t.get(&k)),
                format!("{}' own same-rank columns bonus", rules.plural(rank)),
                "matching.rank_columns",
            ),
        ];
        for (points, rule, key) in tables {
            if let Some(&points) = points.filter(|p| **p != 0) {
                bonuses.push(Bonus {
                    rank: rules.card_text(Card::new(rank)),
                    plural: rules.plural(rank),
                    columns: k,
                    points,
                    rule,
                    source: rules.source_of(key).to_string(),
                });
            }
        }
    }
    bonuses
}

fn value_source(rules: &Rules, card: Card) -> &str {
    if matches!(card.rank, Rank::Face(_)) {
        return rules.source_of("pack");
    }
    let key = format!("values.{}", card.rank.key());
    if card.suit.is_some()
        && rules
            .values
            .suited
            .iter()
            .any(|(r, s, _)| Some(*s) == card.suit && *r == card.rank)
    {
        return rules.source_of("values.suited");
    }
    rules.source_of(&key)
}

/// One player's hole adjustments (RULES.md §5): the points added to their grid score and
/// every step that changed it, with its rule and source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Adjustment {
    /// Points added to the grid score (positive is a penalty, negative a bonus).
    pub points: i32,
    /// What was applied and why, step by step; empty when nothing applies.
    pub explanation: String,
}

/// Who ended the hole: the player's index among the hole's scores, and whether they
/// knocked rather than went out (RULES.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended {
    /// Index into the scores.
    pub player: usize,
    /// Knocked rather than went out.
    pub knocked: bool,
}

/// The hole adjustments for every player, from one hole's grid `scores` (`names` gives
/// the names for explanations), in the order of RULES.md §5: the score map, going out
/// (penalty, then bonus, both judged on the scores after the score map), the lowest-score
/// bonus, the tie penalty — each step judged on the scores after the one before. A rule
/// that is not set does nothing.
pub fn hole(
    scores: &[i32],
    names: &[String],
    ended: Option<Ended>,
    rules: &Rules,
) -> Vec<Adjustment> {
    let mut cur: Vec<i64> = scores.iter().map(|&s| i64::from(s)).collect();
    let mut why: Vec<Vec<String>> = vec![Vec::new(); scores.len()];
    score_map(&mut cur, &mut why, rules);
    if let Some(e) = ended.filter(|e| e.player < cur.len()) {
        going_out(&mut cur, &mut why, names, e, rules);
    }
    if let Some(bonus) = rules.hole.lowest_bonus.filter(|b| *b != 0) {
        if let Some(low) = cur.iter().min().copied() {
            for (i, score) in cur.iter_mut().enumerate().filter(|(_, s)| **s == low) {
                *score += i64::from(bonus);
                why[i].push(format!(
                    "the hole's lowest score, {low}: {bonus:+} ({})",
                    rules.source_of("hole.lowest_bonus")
                ));
            }
        }
    }
    if let Some(penalty) = rules.hole.tie_penalty.filter(|p| *p != 0) {
        let before = cur.clone();
        for i in 0..cur.len() {
            let tied: Vec<&str> = (0..before.len())
                .filter(|&j| j != i && before[j] == before[i])
                .map(|j| names.get(j).map_or("?", String::as_str))
                .collect();
            if !tied.is_empty() {
                cur[i] += i64::from(penalty);
                why[i].push(format!(
                    "tied with {} on {}: {penalty:+} ({})",
                    tied.join(", "),
                    before[i],
                    rules.source_of("hole.tie_penalty")
                ));
            }
        }
    }
    cur.iter()
        .zip(scores)
        .zip(why)
        .map(|((now, grid), lines)| Adjustment {
            // bounded inputs (RULES.md §12) keep every hole score far inside 32 bits
            points: i32::try_from(now - i64::from(*grid)).unwrap_or(i32::MAX),
            explanation: lines.join("; "),
        })
        .collect()
}

/// Step 1: a score equal to a key of the score map becomes its value.
fn score_map(cur: &mut [i64], why: &mut [Vec<String>], rules: &Rules) {
    for (i, score) in cur.iter_mut().enumerate() {
        if let Some((from, to)) = rules
            .hole
            .score_map
            .iter()
            .find(|(k, _)| i64::from(*k) == *score)
        {
            why[i].push(format!(
                "{from} → {to} by the score map ({})",
                rules.source_of("hole.score_map")
            ));
            *score = i64::from(*to);
        }
    }
}

/// Step 2: the penalty, then the bonus, for the player who ended the hole, both judged on
/// the scores as they stand after step 1.
fn going_out(cur: &mut [i64], why: &mut [Vec<String>], names: &[String], e: Ended, rules: &Rules) {
    let g = &rules.going_out;
    let mine = cur[e.player];
    let verb = if e.knocked { "knocked" } else { "went out" };
    let others = |pred: &dyn Fn(i64) -> bool| -> Vec<&str> {
        (0..cur.len())
            .filter(|&i| i != e.player && pred(cur[i]))
            .map(|i| names.get(i).map_or("?", String::as_str))
            .collect()
    };
    let lower = others(&|s| s < mine);
    let tied = others(&|s| s == mine);
    let mut add = 0;
    let penalised = match g.penalty_when {
        PenaltyWhen::NotLowest => !lower.is_empty(),
        PenaltyWhen::NotStrictlyLowest => !lower.is_empty() || !tied.is_empty(),
        PenaltyWhen::Always => true,
    };
    if g.penalty != Penalty::None && penalised {
        let times = |n: i64| if mine > 0 { mine * n } else { mine };
        add = match g.penalty {
            Penalty::None => 0,
            Penalty::Add(n) => i64::from(n),
            Penalty::Double => times(2) - mine,
            Penalty::DoublePlus(n) => times(2) - mine + i64::from(n),
            Penalty::Times(n) => times(i64::from(n)) - mine,
            Penalty::PerPlayer(n) => i64::from(n) * (lower.len() + tied.len()) as i64,
        };
        let reason = if !lower.is_empty() {
            format!("but {} scored lower", lower.join(", "))
        } else if !tied.is_empty() {
            format!("but {} tied", tied.join(", "))
        } else {
            "and the penalty applies always".to_string()
        };
        why[e.player].push(format!(
            "{verb} with {mine} {reason}: penalty `{}` adds {add} ({})",
            g.penalty,
            rules.source_of("going_out.penalty")
        ));
    } else if g.penalty != Penalty::None {
        why[e.player].push(format!(
            "{verb} with {mine}, the lowest score: no penalty ({})",
            rules.source_of("going_out.penalty_when")
        ));
    }
    let earns = match g.bonus_when {
        BonusWhen::Always => true,
        BonusWhen::Lowest => lower.is_empty(),
        BonusWhen::StrictlyLowest => lower.is_empty() && tied.is_empty(),
    };
    if g.bonus != 0 && earns {
        why[e.player].push(format!(
            "{verb}: bonus {} ({})",
            g.bonus,
            rules.source_of("going_out.bonus")
        ));
        add += i64::from(g.bonus);
    }
    cur[e.player] += add;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::resolve;

    fn names(n: usize) -> Vec<String> {
        ["ann", "bob", "cat", "dan"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    fn ended(out: usize) -> Option<Ended> {
        Some(Ended {
            player: out,
            knocked: false,
        })
    }

    fn going_out(scores: &[i32], names: &[String], out: usize, rules: &Rules) -> Adjustment {
        hole(scores, names, ended(out), rules)
            .into_iter()
            .nth(out)
            .unwrap_or(Adjustment {
                points: 0,
                explanation: String::new(),
            })
    }

    fn adjust(house: &str, scores: &[i32], out: usize) -> i32 {
        let rules = resolve("classic", &[house.to_string()]).unwrap();
        going_out(scores, &names(scores.len()), out, &rules).points
    }

    #[test]
    fn add_10_when_not_lowest() {
        assert_eq!(adjust("out-penalty-10", &[12, 8, 20], 0), 10);
        assert_eq!(adjust("out-penalty-10", &[8, 12, 20], 0), 0);
        // a tie for lowest is not "not lowest"
        assert_eq!(adjust("out-penalty-10", &[8, 8, 20], 0), 0);
    }

    #[test]
    fn ties_rule_penalises_a_shared_lowest() {
        let rules = resolve(
            "classic",
            &["out-penalty-10".into(), "out-penalty-ties".into()],
        )
        .unwrap();
        let adj = going_out(&[8, 8, 20], &names(3), 0, &rules);
        assert_eq!(adj.points, 10);
        assert!(adj.explanation.contains("bob tied"), "{}", adj.explanation);
    }

    #[test]
    fn double_only_doubles_positive_scores() {
        assert_eq!(adjust("out-penalty-double", &[12, 8], 0), 12);
        assert_eq!(adjust("out-penalty-double", &[0, -4], 0), 0);
        assert_eq!(adjust("out-penalty-double", &[-2, -4], 0), 0);
        assert_eq!(adjust("out-penalty-double-plus-5", &[12, 8], 0), 17);
        assert_eq!(adjust("out-penalty-double-plus-5", &[-2, -4], 0), 5);
    }

    #[test]
    fn per_player_and_bonus_from_a_group_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ours.toml");
        std::fs::write(
            &path,
            "extends = \"classic\"\n[going_out]\npenalty = \"per-player 3\"\nbonus = -5\nbonus_when = \"strictly-lowest\"\n",
        )
        .unwrap();
        let rules = resolve(&path.display().to_string(), &[]).unwrap();
        // bob and cat tie or beat ann: 2 × 3
        assert_eq!(going_out(&[10, 10, 4, 20], &names(4), 0, &rules).points, 6);
        // strictly lowest: the bonus
        let adj = going_out(&[3, 10, 4, 20], &names(4), 0, &rules);
        assert_eq!(adj.points, -5);
        assert!(adj.explanation.contains("bonus -5"), "{}", adj.explanation);
    }

    #[test]
    fn no_rule_no_adjustment() {
        let rules = resolve("classic", &[]).unwrap();
        let adj = going_out(&[30, 1], &names(2), 0, &rules);
        assert_eq!(adj.points, 0);
        assert!(adj.explanation.is_empty());
        assert_eq!(going_out(&[30, 1], &names(2), 7, &rules).points, 0);
    }
}
