//! `expert` (RULES.md §18): every legal move weighed by the expected hole score it leads to,
//! from the player's [`Observation`] alone.
//!
//! The unseen cards are an exact multiset ([`Belief`]); a grid's expected final score is its
//! face-down cards drawn without replacement from them through the rules' own scorer
//! ([`Estimator`]: exact where sets lie only down columns). Drawing from the stock is weighed
//! rank by rank — each rank the next card could be, by its chance, with the best reply to
//! it (a swap, or a discard with its flip), the belief then short of that card. A move that
//! ends the hole (going out, knocking) is weighed by the expected hole score after RULES.md
//! §5 against the others' grids valued the same way; a move that leaves it open by the
//! expected score of the grid it leaves less what the next draws are expected to save on
//! that grid ([`future`](super::future): a card turned up, or a set kept open, is worth
//! more to them). On the final turn every move is weighed by its hole score after §5.
//! Nothing allocates after [`Expert::new`].

use super::belief::{Belief, Estimator, Valuation};
use super::future::Future;
use crate::card::Card;
use crate::grid::Grid;
use crate::grid::{MAX_COLUMNS, MAX_ROWS};
use crate::play::view::{How, Move, Observation, Phase};
use crate::rules::{DiscardDrawn, Rules};
use crate::scoring::{self, Ended, Scorer};

const MAX_CELLS: usize = MAX_ROWS * MAX_COLUMNS;

/// The expert's evaluation of a position, shared by the bot and by advice (`golf advise`):
/// the belief, the estimator, the player's own grid as they know it and its future.
#[derive(Debug, Clone)]
pub struct Expert<'r> {
    rules: &'r Rules,
    /// What the player believes of the cards they cannot see.
    pub belief: Belief,
    estimator: Estimator<'r>,
    cells: usize,
    columns: usize,
    /// The player's own grid as they know it (`None`: face down, unknown).
    own: [Option<Card>; MAX_CELLS],
    /// The player's face-up cells, as a mask.
    up: u32,
    /// Each column's expected share now, and the grid's expected score.
    shares: [f64; MAX_COLUMNS],
    now: f64,
    mean: f64,
    /// Whether this decision is the player's final turn, and who ended the hole.
    final_turn: bool,
    ender: Option<Ended>,
    seat: usize,
    adjusts: bool,
    /// Each seat's expected grid score in this decision (the player's own slot unused).
    others: Vec<f64>,
    /// The same after a final turn each, which they take if this player ends the hole.
    others_final: Vec<f64>,
    /// What the next draws are expected to save, on the own grid and the grids a move
    /// leaves.
    future: Future,
    scores: Vec<i32>,
    points: Vec<i32>,
    scratch: [Option<Card>; MAX_CELLS],
    /// The hair by which equal moves are told apart (flips and start cards, by how many
    /// known cards their column holds); 0 for advice, which shows equals as equal.
    hair: f64,
    /// Under [`Valuation::FirstOrder`]: each unknown cell's first-order term now, and their sum.
    terms: [f64; MAX_CELLS],
    terms_sum: f64,
}

impl<'r> Expert<'r> {
    /// The expert for a table of `players` under `rules` (scored by `scorer`) dealt from
    /// `pack`. `None` when the rules' grid is beyond the largest.
    pub fn new(
        rules: &'r Rules,
        scorer: &'r Scorer<'r>,
        pack: &[Card],
        players: usize,
    ) -> Option<Expert<'r>> {
        let belief = Belief::new(rules, pack);
        let estimator = Estimator::new(rules, scorer, &belief)?;
        let (rows, columns) = (rules.layout.rows, rules.layout.columns);
        Some(Expert {
            future: Future::new(rules, &estimator, &belief),
            rules,
            belief,
            estimator,
            cells: rows * columns,
            columns,
            own: [None; MAX_CELLS],
            up: 0,
            shares: [0.0; MAX_COLUMNS],
            now: 0.0,
            mean: 0.0,
            final_turn: false,
            ender: None,
            seat: 0,
            adjusts: scoring::adjusts_holes(rules),
            others: vec![0.0; players],
            others_final: vec![0.0; players],
            scores: vec![0; players],
            points: vec![0; players],
            scratch: [None; MAX_CELLS],
            hair: 1e-6,
            terms: [0.0; MAX_CELLS],
            terms_sum: 0.0,
        })
    }

    /// The expert weighing for advice: equal moves shown equal (no hair between them).
    pub fn for_advice(mut self) -> Expert<'r> {
        self.hair = 0.0;
        self
    }

    /// Brings the evaluation up to date with `view`: the belief, the own grid and its
    /// expectation.
    pub fn observe(&mut self, view: &Observation<'_>) {
        self.belief.observe_exact(view);
        self.seat = view.seat();
        self.up = 0;
        for cell in 0..self.cells {
            self.own[cell] = view.own(cell);
            if view.own_face_up(cell) {
                self.up |= 1 << cell;
            }
        }
        self.final_turn = view.final_turns();
        self.ender = view.ended().map(|(player, how)| Ended {
            player,
            knocked: how == How::Knock,
        });
        let players = view.players();
        for v in [&mut self.scores, &mut self.points] {
            v.resize(players, 0);
        }
        self.others.resize(players, 0.0);
        self.others_final.resize(players, 0.0);
        self.future.reckon(&self.belief, &self.own[..self.cells]);
        // the others' grids count only where the rules adjust hole scores (RULES.md §5)
        for seat in 0..players * usize::from(self.adjusts) {
            if seat == self.seat {
                continue;
            }
            for cell in 0..self.cells {
                self.scratch[cell] = view.face_up(seat, cell);
            }
            self.others[seat] = self
                .estimator
                .grid(&self.belief, &self.scratch[..self.cells]);
            // if this player ends the hole, the others' final turn saves them one draw
            self.others_final[seat] =
                self.others[seat] - self.future.one_draw(&self.scratch[..self.cells]);
        }
        self.reckon();
    }

    /// The own grid's expectation again, after the belief changed.
    fn reckon(&mut self) {
        self.mean = self.belief.unseen_mean().unwrap_or(self.belief.pack_mean());
        let own = &self.own[..self.cells];
        if self.estimator.by_columns() {
            let mut total = 0.0;
            for c in 0..self.columns {
                let share = self.estimator.column(&self.belief, self.mean, own, c);
                self.shares[c] = share;
                total += share;
            }
            self.now = total + f64::from(self.certain_bonus_with(None));
        } else {
            let (base, unknown) = self.estimator.known_total(own);
            self.terms_sum = 0.0;
            for cell in 0..self.cells {
                let term = self.estimator.first_order_cell(
                    &self.belief,
                    &self.own[..self.cells],
                    base,
                    cell,
                );
                self.terms[cell] = term;
                self.terms_sum += term;
            }
            self.now = f64::from(base) + f64::from(unknown) * self.mean + self.terms_sum;
        }
    }

    /// The certain column bonus of the own grid, `put` placing a card first (0 unless the
    /// rules set a column bonus).
    fn certain_bonus_with(&mut self, put: Option<(usize, Card)>) -> i32 {
        if self.estimator.method() != Valuation::ColumnsCertainBonus {
            return 0;
        }
        self.scratch[..self.cells].copy_from_slice(&self.own[..self.cells]);
        if let Some((cell, card)) = put {
            self.scratch[cell] = Some(card);
        }
        let scratch = self.scratch;
        self.estimator.certain_bonus(&scratch[..self.cells])
    }

    /// The own grid's expected score with `card` put in `cell`.
    fn with(&mut self, cell: usize, card: Card) -> f64 {
        let old = self.own[cell].replace(card);
        let e = if self.estimator.by_columns() {
            let c = cell % self.columns;
            let share = self
                .estimator
                .column(&self.belief, self.mean, &self.own[..self.cells], c);
            let bonus_now = self.certain_bonus_with(None);
            self.own[cell] = old;
            let bonus_before = self.certain_bonus_with(None);
            self.now - self.shares[c] + share + f64::from(bonus_now - bonus_before)
        } else {
            let (base, unknown) = self.estimator.known_total(&self.own[..self.cells]);
            let terms = self.terms_sum - if old.is_none() { self.terms[cell] } else { 0.0 };
            f64::from(base) + f64::from(unknown) * self.mean + terms
        };
        self.own[cell] = old;
        e
    }

    /// The expected hole score of a grid expected to score `mine` when the hole ends now
    /// (`ender` ended it; the others' grids valued from the unseen cards, each less what
    /// its final turn is expected to save when this player ends it): the rules' own
    /// adjustments of RULES.md §5.
    fn hole_score(&mut self, mine: f64, ender: Option<Ended>) -> f64 {
        if !self.adjusts {
            return mine;
        }
        let clamp = |x: f64| x.round().clamp(-10_000.0, 10_000.0) as i32;
        let mine_ends = ender.is_some_and(|e| e.player == self.seat);
        for (seat, score) in self.scores.iter_mut().enumerate() {
            let others = match mine_ends {
                true => &self.others_final,
                false => &self.others,
            };
            *score = clamp(match seat == self.seat {
                true => mine,
                false => others.get(seat).copied().unwrap_or(0.0),
            });
        }
        scoring::hole_points(&self.scores, ender, self.rules, &mut self.points);
        mine + f64::from(self.points.get(self.seat).copied().unwrap_or(0))
    }

    /// What a position whose own grid is expected to score `e` with the face-up cells `up`
    /// is worth: on the final turn, or when the move ends the hole, its hole score after
    /// §5; otherwise `e` less what the next draws are expected to save on the grid the
    /// move leaves (`future`, asked only then).
    fn value(
        &mut self,
        e: f64,
        up: u32,
        knocked: bool,
        future: impl FnOnce(&mut Future) -> f64,
    ) -> f64 {
        let all = (1u32 << self.cells) - 1;
        if self.final_turn {
            return self.hole_score(e, self.ender);
        }
        if knocked || up == all {
            let ender = Some(Ended {
                player: self.seat,
                knocked,
            });
            return self.hole_score(e, ender);
        }
        e - future(&mut self.future)
    }

    /// The value of place move `m` (a swap, a discard, a discard with a flip) with `card`
    /// in hand, as [`Expert::weigh_moves`] reckons it ([`Expert::observe`] must have run):
    /// advice weighs taking the discard pile's top card swap by swap with it.
    pub fn weigh_place(&mut self, m: Move, card: Card) -> f64 {
        self.weigh(m, card)
    }

    /// The value of move `m` (a place move) with `card` in hand.
    fn weigh(&mut self, m: Move, card: Card) -> f64 {
        match m {
            Move::Swap(c) => {
                let c = usize::from(c);
                let e = self.with(c, card);
                self.value(e, self.up | 1 << c, false, |f| f.with(c, card))
            }
            Move::Discard => self.value(self.now, self.up, false, |f| f.now()),
            Move::DiscardFlip(c) => {
                // a flip changes no expectation, only the future (the card turned up is
                // known to the next draws); between equal flips, a card in a column with
                // fewer known cards, so the known cards spread over the columns
                let c = usize::from(c);
                let known = self.known_in_column(c);
                self.value(self.now, self.up | 1 << c, false, |f| f.flip(c))
                    + self.hair * known as f64
            }
            _ => f64::INFINITY,
        }
    }

    /// The best reply to holding `card` drawn from the stock: its value and move, over the
    /// moves the rules allow (RULES.md §14 step 3).
    fn best_stock_reply(&mut self, card: Card) -> (f64, Move) {
        let mut best = self.best_swap(card);
        let hidden = ((1u32 << self.cells) - 1) & !self.up;
        let n = hidden.count_ones();
        let discard_drawn = self.rules.playing.map(|p| p.discard_drawn);
        let (plain, flips) = discard_drawn.unwrap_or(DiscardDrawn::Free).allows(n);
        if plain {
            let v = self.weigh(Move::Discard, card);
            if v < best.0 {
                best = (v, Move::Discard);
            }
        }
        if flips {
            for c in 0..self.cells {
                if hidden & (1 << c) != 0 {
                    let v = self.weigh(Move::DiscardFlip(c as u8), card);
                    if v < best.0 {
                        best = (v, Move::DiscardFlip(c as u8));
                    }
                }
            }
        }
        best
    }

    /// The value of drawing from the stock: over each rank the next card could be, by its
    /// chance, the best reply to it, the belief short of that card.
    fn stock_value(&mut self) -> f64 {
        let total = self.belief.next_total();
        if total == 0 {
            return self.value(self.now, self.up, false, |f| f.now());
        }
        // a card drawn from a known stock leaves the face-down cards' chances as they are
        let exact = self.estimator.by_columns() && !self.belief.stock_known();
        let mut sum = 0.0;
        for code in 0..self.belief.rank_codes() {
            let k = self.belief.next_count(code);
            let Some(card) = self.belief.card(code).filter(|_| k > 0) else {
                continue;
            };
            let p = f64::from(k) / f64::from(total);
            if exact {
                self.belief.see(card);
                self.reckon();
            }
            sum += p * self.best_stock_reply(card).0;
            if exact {
                self.belief.unsee(card);
            }
        }
        if exact {
            self.reckon();
        }
        sum
    }

    /// The best swap of `card` (taken from the discard pile, or drawn): its value and move.
    fn best_swap(&mut self, card: Card) -> (f64, Move) {
        let mut best = (f64::INFINITY, Move::Swap(0));
        for c in 0..self.cells {
            let v = self.weigh(Move::Swap(c as u8), card);
            if v < best.0 {
                best = (v, Move::Swap(c as u8));
            }
        }
        best
    }

    /// Every legal move of `view` weighed (the view must be the player's decision and
    /// [`Expert::observe`] must have run): `out(move, value)` for each, where the value is
    /// the expected hole score the move leads to as the expert reckons it.
    pub fn weigh_moves(
        &mut self,
        view: &Observation<'_>,
        moves: &[Move],
        mut out: impl FnMut(Move, f64),
    ) {
        match view.phase() {
            Phase::Over => {}
            Phase::Start => {
                for &m in moves {
                    out(m, self.start_value(m));
                }
            }
            Phase::Draw => {
                for &m in moves {
                    let v = match m {
                        Move::Knock => self.value(self.now, self.up, true, |f| f.now()),
                        Move::DrawStock => self.stock_value(),
                        Move::DrawDiscard => match view.discard_top() {
                            Some(card) => self.best_swap(card).0,
                            None => f64::INFINITY,
                        },
                        _ => f64::INFINITY,
                    };
                    out(m, v);
                }
            }
            Phase::Place => {
                let Some((card, _)) = view.drawn() else {
                    return;
                };
                for &m in moves {
                    let v = self.weigh(m, card);
                    out(m, v);
                }
            }
        }
    }

    /// A start card's worth: none in points (every card is unknown alike); a card in a
    /// column with fewer known cards is preferred, by a hair, so that the known cards
    /// spread over the columns.
    fn start_value(&self, m: Move) -> f64 {
        let Move::Start(c) = m else {
            return f64::INFINITY;
        };
        self.now + self.hair * self.known_in_column(usize::from(c)) as f64
    }

    /// How many cards of `cell`'s column the player knows.
    fn known_in_column(&self, cell: usize) -> usize {
        let column = cell % self.columns;
        (0..self.cells / self.columns)
            .filter(|r| self.own[r * self.columns + column].is_some())
            .count()
    }

    /// The expert's move in `view` among its legal `moves`: the one of lowest value (the
    /// first of equals). `None` when the hole is over.
    pub fn choose(&mut self, view: &Observation<'_>, moves: &[Move]) -> Option<Move> {
        if view.phase() == Phase::Over {
            return None;
        }
        self.observe(view);
        let mut best: Option<(f64, Move)> = None;
        self.weigh_moves(view, moves, |m, v| {
            if best.is_none_or(|(b, _)| v < b) {
                best = Some((v, m));
            }
        });
        best.map(|(_, m)| m).or_else(|| moves.first().copied())
    }
}

/// The most ways of filling the face-down cards [`exact_hole_score`] enumerates.
pub const EXACT_LIMIT: f64 = 300_000.0;

/// The exact expected hole score of player `me` (RULES.md §18), every grid's face-down cards
/// (`None` in `grids`, each a whole grid's cells row by row) filled every way from `belief`'s
/// unseen cards without replacement, each grid scored by `scorer` and the hole adjusted by
/// RULES.md §5 with `ender` having ended it. `None` when there are more than
/// [`EXACT_LIMIT`] ways (by rank, each weighed by its chance), or a grid's shape is wrong.
pub fn exact_hole_score(
    rules: &Rules,
    scorer: &Scorer<'_>,
    belief: &Belief,
    grids: &[Vec<Option<Card>>],
    me: usize,
    ender: Option<Ended>,
) -> Option<f64> {
    let adjusts = scoring::adjusts_holes(rules);
    let (rows, columns) = (rules.layout.rows, rules.layout.columns);
    // only the player's own grid counts where nothing adjusts a hole
    let seats: Vec<usize> = match adjusts {
        true => (0..grids.len()).collect(),
        false => vec![me],
    };
    let holes: Vec<(usize, usize)> = seats
        .iter()
        .flat_map(|s| {
            let grid = grids.get(*s).map_or(&[][..], Vec::as_slice);
            (0..grid.len())
                .filter(move |c| grid[*c].is_none())
                .map(move |c| (*s, c))
        })
        .collect();
    let ranks = (0..belief.rank_codes())
        .filter(|c| belief.unseen(*c) > 0)
        .count();
    if (ranks.max(1) as f64).powi(holes.len() as i32) > EXACT_LIMIT {
        return None;
    }
    let stand_in = Card::new(crate::card::Rank::Face(250));
    let mut filled: Vec<Grid> = Vec::with_capacity(grids.len());
    for grid in grids {
        let cards = grid.iter().map(|c| c.unwrap_or(stand_in)).collect();
        filled.push(Grid::from_cards(rows, columns, cards).ok()?);
    }
    let mut counts: Vec<u32> = (0..belief.rank_codes()).map(|c| belief.unseen(c)).collect();
    let cards: Vec<Option<Card>> = (0..belief.rank_codes()).map(|c| belief.card(c)).collect();
    let mut scores = vec![0i32; grids.len()];
    let mut points = vec![0i32; grids.len()];
    let mut sum = 0.0;
    let mut leaf = |filled: &[Grid]| -> f64 {
        for (s, grid) in filled.iter().enumerate() {
            if seats.contains(&s) {
                scores[s] = scorer.total(grid);
            }
        }
        if adjusts {
            scoring::hole_points(&scores, ender, rules, &mut points);
        }
        f64::from(scores[me] + if adjusts { points[me] } else { 0 })
    };
    fill(
        &holes,
        0,
        1.0,
        &mut counts,
        &cards,
        &mut filled,
        &mut |f, w| sum += w * leaf(f),
    );
    Some(sum)
}

/// Fills `holes[at..]` every way by rank, `weight` the chance so far.
fn fill(
    holes: &[(usize, usize)],
    at: usize,
    weight: f64,
    counts: &mut [u32],
    cards: &[Option<Card>],
    filled: &mut [Grid],
    each: &mut impl FnMut(&[Grid], f64),
) {
    let Some(&(seat, cell)) = holes.get(at) else {
        each(filled, weight);
        return;
    };
    let total: u32 = counts.iter().sum();
    if total == 0 {
        return;
    }
    for code in 0..counts.len() {
        let (k, Some(card)) = (counts[code], cards.get(code).copied().flatten()) else {
            continue;
        };
        if k == 0 {
            continue;
        }
        if let Some(grid) = filled.get_mut(seat) {
            grid.replace(cell, card);
        }
        counts[code] -= 1;
        let w = weight * f64::from(k) / f64::from(total);
        fill(holes, at + 1, w, counts, cards, filled, each);
        counts[code] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, Strategy};
    use crate::play::{pack, HoleInPlay, MoveList};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The expert decides from what its player may see alone: at every decision of its
    /// holes, the same hole with every card it cannot see shuffled (the stock and every
    /// face-down card it has not peeked at, anyone's) gets the same move — under every
    /// variant, with peeking and look-once too.
    #[test]
    fn the_expert_never_sees_a_hidden_card() {
        let mut tables: Vec<(&str, Vec<String>)> = crate::rules::bundled::variant_names()
            .iter()
            .map(|name| (*name, Vec::new()))
            .collect();
        tables.push(("classic", vec!["look-once".into()]));
        tables.push(("six-card", vec!["out-penalty-10".into()]));
        for (name, house) in tables {
            let rules = crate::rules::resolve(name, &house).unwrap();
            let scorer = Scorer::new(&rules);
            let pack = pack(&rules, rules.deck.decks_for(3));
            let mut bots: Vec<Bot> = [Strategy::Expert, Strategy::Counting, Strategy::Expert]
                .into_iter()
                .map(|s| Bot::new(s, &rules, &scorer, &pack, 3).unwrap())
                .collect();
            let mut twin = Expert::new(&rules, &scorer, &pack, 3).unwrap();
            let mut legal = MoveList::default();
            let (mut rng, mut shuffler) =
                (ChaCha8Rng::seed_from_u64(4), ChaCha8Rng::seed_from_u64(5));
            let mut compared = 0;
            for dealer in 0..2 {
                let mut hole = HoleInPlay::deal(&rules, &pack, 3, dealer, &mut rng).unwrap();
                while hole.phase() != Phase::Over {
                    let seat = hole.current();
                    let m = bots[seat].choose(&hole.view(seat), &mut rng).unwrap();
                    if seat != 1 {
                        let mut scrambled = hole.clone();
                        scrambled.shuffle_unseen(seat, &mut shuffler);
                        let view = scrambled.view(seat);
                        view.legal_moves(&mut legal);
                        assert_eq!(twin.choose(&view, legal.as_slice()), Some(m), "{name}");
                        compared += 1;
                    }
                    hole.apply(m, &mut rng).unwrap();
                }
            }
            assert!(compared > 10, "{name}: {compared} decisions compared");
        }
    }

    /// Every move the expert makes is legal, through whole holes of every variant (the
    /// simulator's trace replay checks the same from outside).
    #[test]
    fn every_expert_move_is_legal() {
        for name in crate::rules::bundled::variant_names() {
            let rules = crate::rules::resolve(name, &["knock".to_string()]).unwrap();
            let scorer = Scorer::new(&rules);
            let pack = pack(&rules, rules.deck.decks_for(4));
            let mut bot = Bot::new(Strategy::Expert, &rules, &scorer, &pack, 4).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(9);
            let mut legal = MoveList::default();
            for dealer in 0..3 {
                let mut hole = HoleInPlay::deal(&rules, &pack, 4, dealer, &mut rng).unwrap();
                while hole.phase() != Phase::Over {
                    let view = hole.view(hole.current());
                    view.legal_moves(&mut legal);
                    let m = bot.choose(&view, &mut rng).unwrap();
                    assert!(legal.contains(m), "{name}: {m:?}");
                    hole.apply(m, &mut rng).unwrap();
                }
            }
        }
    }
}
