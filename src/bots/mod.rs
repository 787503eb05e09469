//! Bots: strategies for the decisions of a hole (RULES.md §15), each deciding from a
//! [`Observation`] alone — never the stock or a face-down card — and judging grids with the rules'
//! own scorer, so a house rule changes how they play as well as what they score.
//!
//! One file per bot: [`random`] (a uniformly random legal move, the baseline), [`greedy`]
//! (the table's common sense; an unseen card is worth the pack's average), [`counting`]
//! (greedy play over the cards still unseen), [`expert`] (every move by its expected hole
//! score, RULES.md §18), [`deep`] (the expert deciding by rollouts where its choice is close)
//! and [`expert_match`] (the expert's moves valued by the chance of winning the match). What
//! a player may believe about the cards they cannot see is [`belief`], which any bot (and
//! advice) can build on; [`own`] is a bot's own grid as it knows it, weighed swap by swap;
//! [`rollout`] plays a position out to the end of the hole from fillings of what is unseen.

pub mod advice;
pub mod belief;
mod counting;
pub mod deep;
pub mod expert;
pub mod expert_match;
pub mod future;
mod greedy;
mod own;
mod random;
pub mod rollout;

use std::fmt;
use std::str::FromStr;

use rand::Rng;

use crate::card::Card;
use crate::play::view::{Move, MoveList, Observation, Phase};
use crate::rules::Rules;
use crate::scoring::Scorer;
use belief::Belief;
use counting::{Counted, Counting};
use greedy::{Greedy, PackMean};

/// The bundled bots' strategies, weakest first (RULES.md §15): what `--bots` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strategy {
    /// A uniformly random legal move.
    Random,
    /// The table's common sense.
    Greedy,
    /// Counts cards and weighs the stock.
    Counting,
    /// Weighs every legal move by its expected hole score (RULES.md §18).
    Expert,
    /// The expert, deciding by rollouts where its choice is close (RULES.md §18).
    ExpertDeep,
    /// The expert's moves, each valued by its chance of winning the match (RULES.md §18).
    ExpertMatch,
}

impl Strategy {
    /// Every bot, weakest first.
    pub const ALL: [Strategy; 6] = [
        Strategy::Random,
        Strategy::Greedy,
        Strategy::Counting,
        Strategy::Expert,
        Strategy::ExpertDeep,
        Strategy::ExpertMatch,
    ];

    /// The bot's name as typed (`greedy`).
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Greedy => "greedy",
            Strategy::Counting => "counting",
            Strategy::Expert => "expert",
            Strategy::ExpertDeep => "expert-deep",
            Strategy::ExpertMatch => "expert-match",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A bot name that is not one of [`Strategy::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot `{}`; expected random, greedy, counting, expert, expert-deep or expert-match", crate::text::escape(.0))]
pub struct UnknownBot(pub String);

impl FromStr for Strategy {
    type Err = UnknownBot;
    fn from_str(s: &str) -> Result<Strategy, UnknownBot> {
        Strategy::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownBot(s.to_string()))
    }
}

/// One seat's bot: the legal moves of its decision, and its strategy with the room it
/// reuses for every decision.
#[derive(Debug, Clone)]
pub struct Bot<'r> {
    /// The decision's legal moves, filled again for each.
    legal: MoveList,
    mind: Mind<'r>,
}

/// A bot's mind: its strategy's own state, one variant per [`Strategy`].
#[derive(Debug, Clone)]
enum Mind<'r> {
    Random,
    Greedy(Greedy<'r, PackMean>),
    Counting(Counting<'r>),
    Expert(Box<expert::Expert<'r>>),
    ExpertDeep(Box<deep::ExpertDeep<'r>>),
    ExpertMatch(Box<expert_match::ExpertMatch<'r>>),
}

impl<'r> Bot<'r> {
    /// A bot playing `strategy` for a table of `players` under `rules` (scored by `scorer`) dealt from
    /// `pack`. `None` when the rules' grid is beyond 4×6 (never for resolved rules).
    pub fn new(
        strategy: Strategy,
        rules: &'r Rules,
        scorer: &'r Scorer<'r>,
        pack: &[Card],
        players: usize,
    ) -> Option<Bot<'r>> {
        let belief = || Belief::new(rules, pack);
        let mind = match strategy {
            Strategy::Random => Mind::Random,
            Strategy::Greedy => {
                let expect = PackMean(belief().pack_mean());
                Mind::Greedy(Greedy::new(expect, rules, scorer, players)?)
            }
            Strategy::Counting => {
                Mind::Counting(Greedy::new(Counted::new(belief()), rules, scorer, players)?)
            }
            Strategy::Expert => {
                Mind::Expert(Box::new(expert::Expert::new(rules, scorer, pack, players)?))
            }
            Strategy::ExpertDeep => Mind::ExpertDeep(Box::new(deep::ExpertDeep::new(
                rules,
                scorer,
                pack,
                players,
                deep::Settings::BUNDLED,
            )?)),
            Strategy::ExpertMatch => Mind::ExpertMatch(Box::new(expert_match::ExpertMatch::new(
                rules, scorer, pack, players,
            )?)),
        };
        Some(Bot {
            legal: MoveList::default(),
            mind,
        })
    }

    /// The bot's strategy.
    pub fn strategy(&self) -> Strategy {
        match self.mind {
            Mind::Random => Strategy::Random,
            Mind::Greedy(_) => Strategy::Greedy,
            Mind::Counting(_) => Strategy::Counting,
            Mind::Expert(_) => Strategy::Expert,
            Mind::ExpertDeep(_) => Strategy::ExpertDeep,
            Mind::ExpertMatch(_) => Strategy::ExpertMatch,
        }
    }

    /// The bot's move in `view` (which must be its decision), one of the view's legal moves;
    /// `rng` serves `random` and breaks nothing else. `None` when the view offers no move.
    pub fn choose<R: Rng>(&mut self, view: &Observation<'_>, rng: &mut R) -> Option<Move> {
        view.legal_moves(&mut self.legal);
        let moves = self.legal.as_slice();
        match &mut self.mind {
            _ if view.phase() == Phase::Over => None,
            Mind::Random => random::choose(moves, rng),
            Mind::Greedy(greedy) => greedy.choose(view, moves),
            Mind::Counting(counting) => counting.choose(view, moves),
            Mind::Expert(expert) => expert.choose(view, moves),
            Mind::ExpertDeep(deep) => deep.choose(view, moves, rng),
            Mind::ExpertMatch(bot) => bot.choose(view, moves),
        }
    }

    /// Tells the bot the match as the next hole starts (RULES.md §8: the totals, the holes
    /// left, the seats; nothing of the cards); only `expert-match` plays by it.
    pub fn begin_hole(&mut self, state: &expert_match::MatchState<'_>) {
        if let Mind::ExpertMatch(bot) = &mut self.mind {
            bot.begin_hole(state);
        }
    }
}
