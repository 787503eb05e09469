//! `golf simulate --analyse` (RULES.md §18): each seat's points given away per decision,
//! judged by the expert's evaluation. A [`Watch`] that replays every hole from its record
//! and, before each decision that had a choice (more than one legal move), weighs every
//! legal move with the expert: what the move played gave away is its value less the best's.

use rand::SeedableRng;

use super::watch::{Turn, Watch};
use crate::bots::expert::Expert;
use crate::card::Card;
use crate::grid::Grid;
use crate::play::{HoleInPlay, Move, MoveList, Phase, Source};

/// Points given away and decisions with a choice, by table seat.
#[derive(Debug, Clone)]
pub struct Analyse<'r> {
    expert: Expert<'r>,
    hole: Option<HoleInPlay>,
    seats: Vec<usize>,
    legal: MoveList,
    /// Points given away by each table seat.
    pub given: Vec<f64>,
    /// Decisions with a choice by each table seat.
    pub decisions: Vec<u64>,
    /// Holes whose replay parted from the record (never, unless a bug).
    pub parted: u64,
    rng: rand_chacha::ChaCha8Rng,
}

impl<'r> Analyse<'r> {
    /// The analysis of a table of `players` seats, judged by `expert`.
    pub fn new(expert: Expert<'r>, players: usize) -> Analyse<'r> {
        Analyse {
            expert,
            hole: None,
            seats: Vec::new(),
            legal: MoveList::default(),
            given: vec![0.0; players],
            decisions: vec![0; players],
            parted: 0,
            rng: rand_chacha::ChaCha8Rng::seed_from_u64(0),
        }
    }

    /// Each table seat's points given away per decision with a choice (0 with none).
    pub fn per_decision(&self) -> Vec<f64> {
        self.given
            .iter()
            .zip(&self.decisions)
            .map(|(g, n)| if *n == 0 { 0.0 } else { g / *n as f64 })
            .collect()
    }

    /// Weighs the decision of the hole's current player and plays `chosen`.
    fn decide(&mut self, chosen: Move) {
        let Some(hole) = self.hole.as_mut() else {
            return;
        };
        let player = hole.current();
        let view = hole.view(player);
        view.legal_moves(&mut self.legal);
        if self.legal.as_slice().len() > 1 {
            self.expert.observe(&view);
            let (mut best, mut played) = (f64::INFINITY, None);
            self.expert
                .weigh_moves(&view, self.legal.as_slice(), |m, v| {
                    best = best.min(v);
                    if m == chosen {
                        played = Some(v);
                    }
                });
            if let (Some(v), Some(seat)) = (played, self.seats.get(player).copied()) {
                if let (Some(g), Some(n)) = (self.given.get_mut(seat), self.decisions.get_mut(seat))
                {
                    *g += (v - best).max(0.0);
                    *n += 1;
                }
            }
        }
        if hole.apply(chosen, &mut self.rng).is_err() {
            // the record and the replay parted: stop judging this hole
            self.hole = None;
            self.parted += 1;
        }
    }
}

impl Watch for Analyse<'_> {
    fn start(&mut self, _: u64, _: usize, seats: &[usize], h: &HoleInPlay, _: &[Grid], _: &[Card]) {
        self.hole = Some(h.clone());
        self.seats.clear();
        self.seats.extend_from_slice(seats);
    }

    fn reshuffle(&mut self, _: u64, _: usize, stock: &[Card]) {
        if let Some(hole) = self.hole.as_mut() {
            hole.restock(stock);
        }
    }

    fn turn(&mut self, _: u64, _: usize, _: u32, turn: &Turn) {
        if self.hole.as_ref().is_none_or(|h| h.phase() != Phase::Draw) {
            return;
        }
        let draw = match (turn.action, turn.draw) {
            (Move::Knock, _) => Move::Knock,
            (_, Some(Source::Discard)) => Move::DrawDiscard,
            _ => Move::DrawStock,
        };
        self.decide(draw);
        if draw != Move::Knock {
            self.decide(turn.action);
        }
    }

    fn end(&mut self, _: u64, _: usize, _: &[usize], _: &HoleInPlay, _: &[i64]) {
        self.hole = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::Strategy;
    use crate::scoring::Scorer;
    use crate::sim::{run_watched, Trial, Unwatched};

    /// The replay follows every recorded hole to its end — reshuffles and playoffs too —
    /// under every variant, and judges decisions of every seat.
    #[test]
    fn the_replay_follows_every_hole() {
        for name in crate::rules::bundled::variant_names() {
            let rules = crate::rules::resolve(name, &["knock".to_string()]).unwrap();
            let setup = Trial {
                rules: rules.clone(),
                vs: None,
                players: 3,
                holes: 3,
                matches: 2,
                bots: vec![Strategy::Random, Strategy::Greedy, Strategy::Counting],
                seed: 5,
            };
            let scorer = Scorer::new(&rules);
            let pack = crate::play::pack(&rules, rules.deck.decks_for(3));
            let expert = Expert::new(&rules, &scorer, &pack, 3).unwrap().for_advice();
            let mut analyse = Analyse::new(expert, 3);
            run_watched(&setup, &mut analyse, &mut Unwatched, &|_| {}).unwrap();
            assert_eq!(analyse.parted, 0, "{name}");
            assert!(
                analyse.decisions.iter().all(|n| *n > 5),
                "{name}: {:?}",
                analyse.decisions
            );
        }
    }
}
