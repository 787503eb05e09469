//! Scoring: the algorithm every variant shares (RULES.md §3), returning a breakdown that
//! explains every point, and the going-out adjustment over one hole's grid scores (§5).

use std::sync::{Arc, OnceLock};

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

/// The most cards a grid holds (4×6), so a set's cells fit in a `u32` mask.
const MAX_CELLS: usize = crate::grid::MAX_ROWS * crate::grid::MAX_COLUMNS;

/// At most one set per two cards: sets never share a card.
const MAX_SETS: usize = MAX_CELLS / 2;

/// Why a found set scores what it scores (RULES.md §3 step 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Worth {
    /// A set scores 0.
    Zero,
    /// The rank's own `matching.matched_values` entry.
    Matched,
    /// Negative cards keep their sum (`negative_matches = "keep"`).
    NegativeKept,
    /// Negative cards cancel like any other (`negative_matches = "cancel"`).
    NegativeCancelled,
}

/// A matched set as the scorer finds it, before any words: its cells as a mask over the
/// grid's cards in row order (bit `i` is card `i`), the line it lies on (column or row
/// number from 1; 0 and 1 for the two diagonals), its rank and what it scores.
#[derive(Debug, Clone, Copy)]
struct Found {
    kind: SetKind,
    line: u8,
    cells: u32,
    rank: Rank,
    points: i32,
    worth: Worth,
}

/// Where found sets go: the explained path keeps them all, the total-only path keeps
/// only their points and the ranks of matched columns.
trait Sink {
    fn push(&mut self, set: Found);
}

/// Matched columns per rank (RULES.md §3 step 5): at most one rank per column.
#[derive(Default)]
struct ColumnCounts {
    counts: [(Option<Rank>, u32); crate::grid::MAX_COLUMNS],
    len: usize,
}

impl ColumnCounts {
    fn add(&mut self, rank: Rank) {
        match self.counts[..self.len]
            .iter_mut()
            .find(|(r, _)| *r == Some(rank))
        {
            Some((_, k)) => *k += 1,
            None => {
                if let Some(slot) = self.counts.get_mut(self.len) {
                    *slot = (Some(rank), 1);
                    self.len += 1;
                }
            }
        }
    }

    /// `(rank, matched columns)` in rank order.
    fn by_rank(&mut self) -> impl Iterator<Item = (Rank, u32)> + '_ {
        let counts = &mut self.counts[..self.len];
        counts.sort_unstable_by_key(|(rank, _)| *rank);
        counts.iter().filter_map(|(r, k)| r.map(|r| (r, *k)))
    }
}

/// The total-only sink: points of sets and, when a bonus can need them, matched columns
/// per rank; nothing else.
#[derive(Default)]
struct Tally {
    points: i32,
    sets: u32,
    count_columns: bool,
    columns: ColumnCounts,
}

impl Sink for Tally {
    fn push(&mut self, set: Found) {
        self.points += set.points;
        self.sets += 1;
        if self.count_columns && set.kind == SetKind::Column {
            self.columns.add(set.rank);
        }
    }
}

/// The explained path's sink: every set, in the order found, without allocating.
struct FoundSets {
    sets: [Option<Found>; MAX_SETS],
    len: usize,
}

impl FoundSets {
    fn iter(&self) -> impl Iterator<Item = &Found> {
        self.sets[..self.len].iter().flatten()
    }
}

impl Sink for FoundSets {
    fn push(&mut self, set: Found) {
        if let Some(slot) = self.sets.get_mut(self.len) {
            *slot = Some(set);
            self.len += 1;
        }
    }
}

/// One pass over a grid that finds every set without allocating, handing each to a
/// [`Sink`]: both [`total`] and [`score`] run it, so the two can never disagree.
struct Sets<'a, S> {
    rules: &'a Rules,
    cards: &'a [Card],
    /// Each card's [`Rank::code`], so lines compare numbers, not enums.
    codes: [u16; MAX_CELLS],
    /// Each card's value (RULES.md §3 step 1), looked up once.
    values: [i32; MAX_CELLS],
    /// The sum of every card's value, and of those in sets: unmatched cards score the
    /// difference.
    all: i32,
    in_sets: i32,
    columns: usize,
    used: u32,
    sink: S,
}

impl<'a, S: Sink> Sets<'a, S> {
    /// The grid's cards, no set found yet: [`Sets::find`] reads their codes and values.
    #[inline(always)]
    fn new(scorer: &'a Scorer<'a>, grid: &'a Grid, sink: S) -> Sets<'a, S> {
        Sets {
            rules: scorer.rules,
            cards: &grid.cards()[..grid.cards().len().min(MAX_CELLS)],
            codes: [0; MAX_CELLS],
            values: [0; MAX_CELLS],
            all: 0,
            in_sets: 0,
            columns: grid.columns(),
            used: 0,
            sink,
        }
    }

    /// Finds the sets of RULES.md §3 step 2 in its order: lines (columns, rows,
    /// diagonals), then row pairs, then matching anywhere.
    fn find(&mut self, scorer: &Scorer<'_>, rows: usize) {
        for (i, card) in self.cards.iter().enumerate() {
            let code = card.rank.code();
            let value = scorer.value(*card, code);
            self.codes[i] = code;
            self.values[i] = value;
            self.all += value;
        }
        self.lines(rows);
        if self.rules.matching.row_pairs {
            self.row_pairs(rows);
        }
        match self.rules.matching.anywhere {
            Anywhere::None => {}
            how => self.anywhere(how),
        }
    }

    /// Cards in no set, as a mask.
    fn unmatched(&self) -> u32 {
        let all = if self.cards.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << self.cards.len()) - 1
        };
        all & !self.used
    }

    fn add(&mut self, kind: SetKind, line: usize, cells: u32) {
        let Some(first) = cells_of(cells).next() else {
            return;
        };
        let rank = self.cards[first].rank;
        let sum: i32 = cells_of(cells).map(|i| self.values[i]).sum();
        self.in_sets += sum;
        let (points, worth) = set_points(&self.rules.matching, rank, sum);
        self.used |= cells;
        self.sink.push(Found {
            kind,
            line: u8::try_from(line).unwrap_or(u8::MAX),
            cells,
            rank,
            points,
            worth,
        });
    }

    /// A full line (at least two cards), none used yet, all of one rank.
    fn try_line(&mut self, kind: SetKind, line: usize, cells: impl Iterator<Item = usize>) {
        let mut cells = cells;
        let Some(first) = cells.next() else {
            return;
        };
        let code = self.codes[first];
        let mut mask = 1u32 << first;
        for i in cells {
            if self.codes[i] != code {
                return;
            }
            mask |= 1 << i;
        }
        if mask.count_ones() >= 2 && self.used & mask == 0 {
            self.add(kind, line, mask);
        }
    }

    fn lines(&mut self, rows: usize) {
        let columns = self.columns;
        let m = &self.rules.matching;
        let (by_column, by_row, by_diagonal) = (m.columns, m.rows, m.diagonals);
        if by_column {
            for column in 0..columns {
                let cells = (0..rows).map(|row| row * columns + column);
                self.try_line(SetKind::Column, column + 1, cells);
            }
        }
        if by_row {
            for row in 0..rows {
                let cells = (0..columns).map(|column| row * columns + column);
                self.try_line(SetKind::Row, row + 1, cells);
            }
        }
        if by_diagonal && rows == columns {
            let main = (0..rows).map(|r| r * columns + r);
            self.try_line(SetKind::Diagonal, 0, main);
            let anti = (0..rows).map(|r| r * columns + columns - 1 - r);
            self.try_line(SetKind::Diagonal, 1, anti);
        }
    }

    fn row_pairs(&mut self, rows: usize) {
        let columns = self.columns;
        for row in 0..rows {
            for column in 0..columns {
                let first = row * columns + column;
                if self.used & (1 << first) != 0 {
                    continue;
                }
                let code = self.codes[first];
                let partner = (first + 1..(row + 1) * columns)
                    .find(|&i| self.used & (1 << i) == 0 && self.codes[i] == code);
                if let Some(second) = partner {
                    self.add(SetKind::RowPair, row + 1, (1 << first) | (1 << second));
                }
            }
        }
    }

    /// Matching anywhere (RULES.md §3 step 2.3), rank by rank in rank order.
    fn anywhere(&mut self, how: Anywhere) {
        let mut groups = [(0u16, 0u32); MAX_CELLS];
        let mut n = 0;
        let free = self.unmatched();
        for i in cells_of(free) {
            let code = self.codes[i];
            match groups[..n].iter_mut().find(|(c, _)| *c == code) {
                Some((_, mask)) => *mask |= 1 << i,
                None => {
                    groups[n] = (code, 1 << i);
                    n += 1;
                }
            }
        }
        let groups = &mut groups[..n];
        groups.sort_unstable_by_key(|(rank, _)| *rank);
        for &(_, mask) in groups.iter().filter(|(_, m)| m.count_ones() >= 2) {
            match how {
                Anywhere::None => {}
                Anywhere::Multiples => self.add(SetKind::Multiples, 0, mask),
                Anywhere::Pairs => {
                    let mut cells = cells_of(mask);
                    while let (Some(a), Some(b)) = (cells.next(), cells.next()) {
                        self.add(SetKind::Pair, 0, (1 << a) | (1 << b));
                    }
                }
            }
        }
    }
}

/// What a set of `rank` whose cards' values add up to `sum` scores, and why (RULES.md §3
/// step 3): the rank's matched value, else a negative sum kept or cancelled, else 0.
#[inline(always)]
fn set_points(m: &crate::rules::Matching, rank: Rank, sum: i32) -> (i32, Worth) {
    let matched = match m.matched_values.is_empty() {
        true => None,
        false => m.matched_values.iter().find(|(r, _)| *r == rank),
    };
    match matched {
        Some((_, value)) => (*value, Worth::Matched),
        None if sum < 0 => match m.negative_matches {
            NegativeMatches::Keep => (sum, Worth::NegativeKept),
            NegativeMatches::Cancel => (0, Worth::NegativeCancelled),
        },
        None => (0, Worth::Zero),
    }
}

/// The card indices in a mask, lowest first: row by row, left to right.
fn cells_of(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// The bonuses for `k` matched columns of `rank` (RULES.md §3 step 5): the general table's
/// entry, then the rank's own; zero entries give nothing.
fn column_bonuses(rules: &Rules, rank: Rank, k: u32) -> [Option<i32>; 2] {
    let m = &rules.matching;
    let own = m.rank_columns.iter().find(|(r, _)| *r == rank);
    [
        m.same_rank_columns.get(&k).copied(),
        own.and_then(|(_, t)| t.get(&k)).copied(),
    ]
    .map(|p| p.filter(|p| *p != 0))
}

/// A column with one card left out ([`Scorer::column_and_rests`]): the sum of the other cards'
/// values, the rank code they all share (`None` when they differ or there are none) and
/// how many there are.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ColumnRest {
    sum: i32,
    code: Option<u16>,
    cards: u32,
}

/// Rules made ready to score many grids: each rank's value looked up once, so a grid's
/// total is a few dozen comparisons and additions (RULES.md §3).
///
/// ```
/// use golf::{grid::Grid, rules, scoring::Scorer};
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let rules = rules::resolve("classic", &[])?;
/// let scorer = Scorer::new(&rules);
/// let grid = Grid::parse("5 K Q / 5 2 J")?;
/// assert_eq!(scorer.total(&grid), 18); // a column of fives, K 0, Q 10, 2 −2, J 10
/// assert_eq!(scorer.score(&grid).total, 18);
/// # Ok(())
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct Scorer<'a> {
    rules: &'a Rules,
    /// Values by [`Rank::code`]: ace to king, then the joker.
    values: [i32; 14],
    /// Whether any suited card has a value of its own (`values.suited`).
    suited: bool,
    /// Whether any same-rank column bonus is set (RULES.md §3 step 5).
    bonuses: bool,
    /// Whether a grid's total is the sum of its columns' shares ([`Scorer::by_columns`]).
    by_columns: bool,
    /// Each card's text and value source by [`Card::slot`], made on first use by
    /// [`Scorer::score`]: an explained grid then shares them instead of writing two
    /// strings per card.
    words: OnceLock<Vec<OnceLock<CardWords>>>,
}

/// A card's text as typed and the source of its value.
#[derive(Debug, Clone)]
struct CardWords {
    text: Arc<str>,
    source: Arc<str>,
}

impl<'a> Scorer<'a> {
    /// Prepares `rules` for scoring.
    pub fn new(rules: &'a Rules) -> Scorer<'a> {
        let v = &rules.values;
        let mut values = [0; 14];
        values[..13].copy_from_slice(&v.ranks);
        values[13] = v.joker.unwrap_or(0);
        let m = &rules.matching;
        let bonuses = !m.same_rank_columns.is_empty() || !m.rank_columns.is_empty();
        Scorer {
            rules,
            values,
            suited: !v.suited.is_empty(),
            bonuses,
            by_columns: !m.rows && !m.diagonals && !m.row_pairs && m.anywhere == Anywhere::None,
            words: OnceLock::new(),
        }
    }

    /// A card's text and value source, made once per scorer.
    fn words(&self, card: Card) -> CardWords {
        let make = || CardWords {
            text: self.rules.card_text(card).into(),
            source: value_source(self.rules, card).into(),
        };
        let slots = self.words.get_or_init(|| {
            let slots = self.rules.rank_codes() * Card::SLOTS_PER_RANK;
            (0..slots).map(|_| OnceLock::new()).collect()
        });
        match slots.get(card.slot()) {
            Some(slot) => slot.get_or_init(make).clone(),
            None => make(),
        }
    }

    /// One card's value given its [`Rank::code`], exactly [`crate::rules::Values::of`].
    #[inline(always)]
    fn value(&self, card: Card, code: u16) -> i32 {
        if self.suited && card.suit.is_some() {
            return self.rules.values.of(card);
        }
        match self.values.get(usize::from(code)) {
            Some(v) => *v,
            None => self.rules.values.of_rank(card.rank),
        }
    }

    /// A grid's score alone, exactly as [`Scorer::score`] totals it but without a word of
    /// explanation and without allocating: for standings, rescoring and checks that show
    /// only numbers.
    pub fn total(&self, grid: &Grid) -> i32 {
        self.total_and_sets(grid).0
    }

    /// A grid's score alone, as [`Scorer::total`], with the number of matched sets found
    /// (RULES.md §3 step 2): the simulator's figures count them (RULES.md §15).
    pub fn total_and_sets(&self, grid: &Grid) -> (i32, u32) {
        let tally = Tally {
            count_columns: self.bonuses,
            ..Tally::default()
        };
        let mut sets = Sets::new(self, grid, tally);
        sets.find(self, grid.rows());
        let unmatched = sets.all - sets.in_sets;
        let bonuses = match self.bonuses {
            true => self.bonus_points(&mut sets.sink.columns),
            false => 0,
        };
        (sets.sink.points + unmatched + bonuses, sets.sink.sets)
    }

    /// The same-rank column bonuses for matched columns counted by rank (RULES.md §3 step 5).
    fn bonus_points(&self, columns: &mut ColumnCounts) -> i32 {
        columns
            .by_rank()
            .flat_map(|(rank, k)| column_bonuses(self.rules, rank, k))
            .flatten()
            .sum()
    }

    /// Whether the rules set any same-rank column bonus (RULES.md §3 step 5), so that
    /// [`Scorer::column_bonus`] can be other than 0.
    pub fn has_column_bonus(&self) -> bool {
        self.bonuses
    }

    /// The same-rank column bonuses (RULES.md §3 step 5) of a grid whose columns' matched
    /// sets are of these ranks (`None`: the column is no matched set; see
    /// [`Scorer::column_set_with`]), in points; 0 when the rules set no column bonus.
    pub fn column_bonus(&self, sets: &[Option<Rank>]) -> i32 {
        if !self.bonuses {
            return 0;
        }
        let mut columns = ColumnCounts::default();
        for rank in sets.iter().flatten() {
            columns.add(*rank);
        }
        self.bonus_points(&mut columns)
    }

    /// Whether a grid's total is the sum of its columns' shares ([`Scorer::column_and_rests`])
    /// and the [`Scorer::column_bonus`] of their matched sets' ranks: sets lie only down
    /// columns (no rows, diagonals, row pairs or matching anywhere; RULES.md §3 step 2).
    /// Then changing one card changes only its own column's share and set, which is how a
    /// bot weighs a swap without scoring the whole grid again.
    pub fn by_columns(&self) -> bool {
        self.by_columns
    }

    /// One column of `grid` (`column` from 0), its cards read once: its share of the
    /// grid's total, and by row (from 0) the column with that row's card left out, for
    /// [`Scorer::column_total_with`] (rows beyond the grid's are empty). The share of a full
    /// column of one rank is its matched set's points as [`Scorer::total`] scores them
    /// (RULES.md §3 steps 2.1 and 3); of any other column, its cards' values added up. When
    /// [`Scorer::by_columns`] holds the shares of every column and the column bonus add up
    /// to the grid's total; otherwise a share means nothing. A column beyond the grid has
    /// no share (0).
    pub fn column_and_rests(
        &self,
        grid: &Grid,
        column: usize,
    ) -> (i32, [ColumnRest; crate::grid::MAX_ROWS]) {
        const ROWS: usize = crate::grid::MAX_ROWS;
        let mut rests = [ColumnRest::default(); ROWS];
        let (columns, cards) = (grid.columns(), grid.cards());
        if column >= columns {
            return (0, rests);
        }
        let (mut codes, mut values, mut n) = ([0u16; ROWS], [0i32; ROWS], 0);
        let mut sum = 0;
        while let Some(card) = cards.get(n * columns + column).filter(|_| n < ROWS) {
            let code = card.rank.code();
            codes[n] = code;
            values[n] = self.value(*card, code);
            sum += values[n];
            n += 1;
        }
        // a row's others share a rank when each is of the first of them
        for (row, rest) in rests.iter_mut().enumerate().take(n) {
            let other = codes[usize::from(row == 0)];
            let same = (0..n).all(|r| r == row || codes[r] == other);
            rest.sum = sum - values[row];
            rest.cards = n as u32 - 1;
            rest.code = (n > 1 && same).then_some(other);
        }
        let share = match (cards.get(column), rests[0]) {
            (Some(card), rest) if n > 0 => self.column_total_with(rest, *card),
            _ => 0,
        };
        (share, rests)
    }

    /// The rank of the matched set a column makes (RULES.md §3 step 2) when its other cards
    /// are `rest` and `card` is put in the row left out: `Some` when every card is of
    /// `card`'s rank and there are at least two, as [`Scorer::column_total_with`] scores it.
    #[inline]
    pub fn column_set_with(&self, rest: ColumnRest, card: Card) -> Option<Rank> {
        let set =
            self.rules.matching.columns && rest.cards > 0 && rest.code == Some(card.rank.code());
        set.then_some(card.rank)
    }

    /// The share of a column (see [`Scorer::column_and_rests`]) whose other cards are
    /// `rest` with `card` in the row left out: a matched set when every card is of one rank and
    /// there are at least two, else the sum of the values.
    #[inline]
    pub fn column_total_with(&self, rest: ColumnRest, card: Card) -> i32 {
        let sum = rest.sum + self.value(card, card.rank.code());
        match self.column_set_with(rest, card) {
            Some(rank) => set_points(&self.rules.matching, rank, sum).0,
            None => sum,
        }
    }

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

/// A grid's score alone, exactly as [`score`] totals it but without a word of explanation
/// (RULES.md §3). To score many grids under one set of rules, prepare a [`Scorer`] once.
///
/// ```
/// use golf::{grid::Grid, rules, scoring};
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let rules = rules::resolve("classic", &[])?;
/// let grid = Grid::parse("5 K Q / 5 2 J")?;
/// assert_eq!(scoring::total(&grid, &rules), scoring::score(&grid, &rules).total);
/// # Ok(())
/// # }
/// ```
pub fn total(grid: &Grid, rules: &Rules) -> i32 {
    Scorer::new(rules).total(grid)
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
                number_word(n as u32),
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
                "{rule}: a matched set of {} scores {}",
                rules.plural(f.rank),
                f.points
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
fn value_source(rules: &Rules, card: Card) -> &str {
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
    let mut before = vec![0; scores.len()];
    let mut why: Vec<Vec<String>> = vec![Vec::new(); scores.len()];
    hole_steps(&mut cur, &mut before, names, ended, rules, &mut why);
    cur.iter()
        .zip(scores)
        .zip(why)
        .map(|((now, grid), lines)| Adjustment {
            points: points_added(*now, *grid),
            explanation: lines.join("; "),
        })
        .collect()
}

/// The points [`hole`] adds to each player's grid score, without a word of explanation
/// and, at a table of up to 16, without allocating: for the simulator and its bots, which
/// adjust every hole and weigh many endings (RULES.md §5). `points[i]` is for `scores[i]`;
/// `points` must be as long as `scores` (extra entries are left alone, missing ones
/// skipped).
pub fn hole_points(scores: &[i32], ended: Option<Ended>, rules: &Rules, points: &mut [i32]) {
    const ROOM: usize = 16;
    let n = scores.len();
    let (mut cur_room, mut before_room) = ([0i64; ROOM], [0i64; ROOM]);
    let (mut cur_vec, mut before_vec);
    let (cur, before): (&mut [i64], &mut [i64]) = if n <= ROOM {
        (&mut cur_room[..n], &mut before_room[..n])
    } else {
        cur_vec = vec![0; n];
        before_vec = vec![0; n];
        (&mut cur_vec, &mut before_vec)
    };
    for (slot, score) in cur.iter_mut().zip(scores) {
        *slot = i64::from(*score);
    }
    hole_steps(cur, before, &[], ended, rules, &mut Unexplained);
    for ((out, now), grid) in points.iter_mut().zip(cur.iter()).zip(scores) {
        *out = points_added(*now, *grid);
    }
}

/// A hole score less its grid score, in points.
fn points_added(now: i64, grid: i32) -> i32 {
    // bounded inputs (RULES.md §12) keep every hole score far inside 32 bits
    i32::try_from(now - i64::from(grid)).unwrap_or(i32::MAX)
}

/// Where the steps of RULES.md §5 put their reasons: the explained path keeps each one,
/// the points-only path never writes one.
trait Reasons {
    /// Gives player `player` the reason `reason` makes (called only when kept).
    fn give(&mut self, player: usize, reason: impl FnOnce() -> String);
}

impl Reasons for Vec<Vec<String>> {
    fn give(&mut self, player: usize, reason: impl FnOnce() -> String) {
        if let Some(lines) = self.get_mut(player) {
            lines.push(reason());
        }
    }
}

/// Reasons nobody reads ([`hole_points`]).
struct Unexplained;

impl Reasons for Unexplained {
    fn give(&mut self, _: usize, _: impl FnOnce() -> String) {}
}

/// The steps of RULES.md §5 on `cur`, each player's score, changed in place; `before` is
/// room of the same length.
fn hole_steps<R: Reasons>(
    cur: &mut [i64],
    before: &mut [i64],
    names: &[String],
    ended: Option<Ended>,
    rules: &Rules,
    why: &mut R,
) {
    score_map(cur, why, rules);
    if let Some(e) = ended.filter(|e| e.player < cur.len()) {
        going_out(cur, why, names, e, rules);
    }
    if let Some(bonus) = rules.hole.lowest_bonus.filter(|b| *b != 0) {
        if let Some(low) = cur.iter().min().copied() {
            for (i, score) in cur.iter_mut().enumerate().filter(|(_, s)| **s == low) {
                *score += i64::from(bonus);
                why.give(i, || {
                    format!(
                        "the hole's lowest score, {low}: {bonus:+} ({})",
                        rules.source_of("hole.lowest_bonus")
                    )
                });
            }
        }
    }
    if let Some(penalty) = rules.hole.tie_penalty.filter(|p| *p != 0) {
        before.copy_from_slice(cur);
        let before = &*before;
        for i in 0..cur.len() {
            let tied = |j: usize| j != i && before[j] == before[i];
            if (0..before.len()).any(tied) {
                cur[i] += i64::from(penalty);
                why.give(i, || {
                    format!(
                        "tied with {} on {}: {penalty:+} ({})",
                        named(names, (0..before.len()).filter(|&j| tied(j))),
                        before[i],
                        rules.source_of("hole.tie_penalty")
                    )
                });
            }
        }
    }
}

/// The names of these players, joined with ", " (`?` for one without a name).
fn named(names: &[String], players: impl Iterator<Item = usize>) -> String {
    players
        .map(|i| names.get(i).map_or("?", String::as_str))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether any hole adjustment of RULES.md §5 is set: without one, [`hole`] changes no
/// score and explains nothing.
pub fn adjusts_holes(rules: &Rules) -> bool {
    let g = &rules.going_out;
    !rules.hole.score_map.is_empty()
        || g.penalty != Penalty::None
        || g.bonus != 0
        || rules.hole.lowest_bonus.is_some_and(|b| b != 0)
        || rules.hole.tie_penalty.is_some_and(|p| p != 0)
}

/// Step 1: a score equal to a key of the score map becomes its value.
fn score_map<R: Reasons>(cur: &mut [i64], why: &mut R, rules: &Rules) {
    for (i, score) in cur.iter_mut().enumerate() {
        if let Some((from, to)) = rules
            .hole
            .score_map
            .iter()
            .find(|(k, _)| i64::from(*k) == *score)
        {
            why.give(i, || {
                format!(
                    "{from} → {to} by the score map ({})",
                    rules.source_of("hole.score_map")
                )
            });
            *score = i64::from(*to);
        }
    }
}

/// Step 2: the penalty, then the bonus, for the player who ended the hole, both judged on
/// the scores as they stand after step 1.
fn going_out<R: Reasons>(cur: &mut [i64], why: &mut R, names: &[String], e: Ended, rules: &Rules) {
    let g = &rules.going_out;
    let mine = cur[e.player];
    let verb = if e.knocked { "knocked" } else { "went out" };
    let scores: &[i64] = cur;
    let others = |pred: fn(i64, i64) -> bool| {
        (0..scores.len()).filter(move |&i| i != e.player && pred(scores[i], mine))
    };
    let (lower, tied) = (others(|s, m| s < m), others(|s, m| s == m));
    let (lowers, ties) = (lower.clone().count(), tied.clone().count());
    let mut add = 0;
    let penalised = match g.penalty_when {
        PenaltyWhen::NotLowest => lowers > 0,
        PenaltyWhen::NotStrictlyLowest => lowers + ties > 0,
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
            Penalty::PerPlayer(n) => i64::from(n) * (lowers + ties) as i64,
        };
        why.give(e.player, || {
            let reason = if lowers > 0 {
                format!("but {} scored lower", named(names, lower))
            } else if ties > 0 {
                format!("but {} tied", named(names, tied))
            } else {
                "and the penalty applies always".to_string()
            };
            format!(
                "{verb} with {mine} {reason}: penalty `{}` adds {add} ({})",
                g.penalty,
                rules.source_of("going_out.penalty")
            )
        });
    } else if g.penalty != Penalty::None {
        why.give(e.player, || {
            format!(
                "{verb} with {mine}, the lowest score: no penalty ({})",
                rules.source_of("going_out.penalty_when")
            )
        });
    }
    let earns = match g.bonus_when {
        BonusWhen::Always => true,
        BonusWhen::Lowest => lowers == 0,
        BonusWhen::StrictlyLowest => lowers + ties == 0,
    };
    if g.bonus != 0 && earns {
        why.give(e.player, || {
            format!(
                "{verb}: bonus {} ({})",
                g.bonus,
                rules.source_of("going_out.bonus")
            )
        });
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
