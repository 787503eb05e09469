//! The rules-file schema: one TOML layer as written, every key optional, unknown keys
//! refused (RULES.md §3–6, §8, §10).
//!
//! A layer is a bundled variant, a house rule, or a group's own file. Field-level checks
//! (ranges, names, penalty syntax) run while deserializing, so the toml error names the
//! file's line and key. [`super::layers`] merges layers and [`super::resolve`] checks the whole.
//!
//! ```toml
//! name = "classic"
//! title = "Classic Golf"
//! source = "Official §1–2, §5.1"      # cited for any key without its own source
//! # extends = "classic"              # a group's file may start from another
//!
//! [layout]                            # rows × columns, 1×1 to 4×6
//! rows = 2
//! columns = 3
//!
//! [deck]
//! decks = 1
//! jokers_per_deck = 0
//! decks_by_players = { 4 = 2, 8 = 3 } # from 4 players on, 2 decks
//! # jokers = 1                        # jokers in the whole pack, however many decks (0–64)
//!
//! [values]                            # every rank: A 2 … 10 J Q K, and joker if the deck has them
//! A = 1
//! 2 = -2
//! suited = { "Js" = -1 }              # suited overrides (optional); jacks must then carry a suit
//!
//! [matching]
//! columns = true
//! rows = false
//! diagonals = false
//! row_pairs = false
//! anywhere = "none"                   # none | multiples | pairs
//! negative_matches = "keep"           # keep | cancel
//! same_rank_columns = { 2 = -10 }
//! rank_columns = { J = { 2 = -5 } }   # a rank's own table, added to the general one
//! matched_values = { joker = -4 }     # a matched set all of one rank scores this
//!
//! [going_out]
//! penalty = "add 10"                  # none | add N | double | double-plus N | times N | per-player N
//! penalty_when = "not-lowest"         # not-lowest | not-strictly-lowest | always
//! bonus = 0
//! bonus_when = "always"               # always | lowest | strictly-lowest
//!
//! [hole]                              # RULES.md §5, after going out's own step
//! score_map = { "21" = 0 }            # step 1: a score that equals a key becomes the value
//! lowest_bonus = -3                   # step 3: every player with the lowest score adds it
//! tie_penalty = 5                     # step 4: every player tied with another adds it
//!
//! [pack]                              # a pack of the rules' own replaces A–K and jokers
//! faces = [ { name = "hole-in-one", tokens = ["-5", "HIO"], copies = 4, value = -5 } ]
//!
//! [match]
//! holes = 9
//! # target = 100                      # play until a total reaches 100 (1–10,000)
//! tiebreak = ["countback", "most-holes-won", "shared"]
//!
//! [tournament]                        # Official §6.3
//! illegal_move = ["warning", "5", "disqualify"]   # first, second, third offence…
//! late_per_minute = 2
//! round_disqualification = 10         # a round's highest total + 10 (RULES.md §13)
//! table_size = 4                      # tournament tables seat 4 (Official §6.1)
//! rounds = 3
//!
//! [play]                              # how a hole is played (RULES.md §14)
//! face_up_at_start = 2
//! peek_at_start = 0
//! start_cards = "any"                 # any | one-column | nearest-row
//! first = "highest-face-up"           # dealer-left | highest-face-up
//! discard_drawn = "flip"              # flip | free | flip-unless-last
//! may_knock = false
//! may_look_once = false
//!
//! [play.look-once]                    # rules of play with no scoring effect
//! text = "…"
//! source = "Official §9.2"
//!
//! [rulings.look-at-face-down]
//! question = "…"
//! answer = "…"
//! source = "Official §8.1"
//!
//! [sources]                           # the source of particular keys
//! "matching.columns" = "Official §2.3"
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use super::{Anywhere, BonusWhen, NegativeMatches, Penalty, PenaltyWhen, Tiebreak};
use crate::bounds::{
    CardValue, Columns, Copies, Decks, Holes, JokersPerDeck, LatePerMinute, MappedScore,
    PackJokers, Points, RoundDisqualification, Rounds, Rows, SetPoints, TableSize, Target,
};

/// One rules file as written: every key optional, unknown keys refused.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLayer {
    /// The variant's or house rule's name.
    pub name: Option<String>,
    /// A one-line title.
    pub title: Option<String>,
    /// A sentence or two on what it is.
    pub summary: Option<String>,
    /// The source cited for every key this file sets without a `[sources]` entry.
    pub source: Option<String>,
    /// A bundled variant's name or a path (relative to this file) to start from.
    pub extends: Option<String>,
    /// Grid shape.
    pub layout: Option<RawLayout>,
    /// Deck composition.
    pub deck: Option<RawDeck>,
    /// Card values.
    pub values: Option<RawValues>,
    /// Matching rules.
    pub matching: Option<RawMatching>,
    /// Going-out penalty and bonus.
    pub going_out: Option<RawGoingOut>,
    /// Holes and tiebreak chain.
    #[serde(rename = "match")]
    pub match_: Option<RawMatch>,
    /// Tournament penalties.
    pub tournament: Option<RawTournament>,
    /// A pack of the rules' own.
    pub pack: Option<RawPack>,
    /// Hole adjustments besides going out.
    pub hole: Option<RawHole>,
    /// How a hole is played (RULES.md §14), and rules of play with no scoring effect, by name.
    pub play: Option<RawPlaySection>,
    /// Rulings, by id.
    pub rulings: Option<BTreeMap<String, RawRuling>>,
    /// Sources of particular dotted keys.
    pub sources: Option<BTreeMap<String, String>>,
}

/// `[layout]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLayout {
    /// 1 to 4.
    pub rows: Option<Rows>,
    /// 1 to 6.
    pub columns: Option<Columns>,
}

/// `[deck]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDeck {
    /// 1 to 8 decks.
    pub decks: Option<Decks>,
    /// 0 to 8 jokers per deck.
    pub jokers_per_deck: Option<JokersPerDeck>,
    /// Player count (as a key) → decks.
    pub decks_by_players: Option<BTreeMap<PlayerCount, Decks>>,
    /// Jokers in the whole pack however many decks, 0 to 64.
    pub jokers: Option<PackJokers>,
}

/// `[values]`: a value per rank, the joker's, and suited overrides.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case)]
pub struct RawValues {
    /// Ace.
    pub A: Option<CardValue>,
    /// Two.
    #[serde(rename = "2")]
    pub two: Option<CardValue>,
    /// Three.
    #[serde(rename = "3")]
    pub three: Option<CardValue>,
    /// Four.
    #[serde(rename = "4")]
    pub four: Option<CardValue>,
    /// Five.
    #[serde(rename = "5")]
    pub five: Option<CardValue>,
    /// Six.
    #[serde(rename = "6")]
    pub six: Option<CardValue>,
    /// Seven.
    #[serde(rename = "7")]
    pub seven: Option<CardValue>,
    /// Eight.
    #[serde(rename = "8")]
    pub eight: Option<CardValue>,
    /// Nine.
    #[serde(rename = "9")]
    pub nine: Option<CardValue>,
    /// Ten.
    #[serde(rename = "10")]
    pub ten: Option<CardValue>,
    /// Jack.
    pub J: Option<CardValue>,
    /// Queen.
    pub Q: Option<CardValue>,
    /// King.
    pub K: Option<CardValue>,
    /// Joker.
    pub joker: Option<CardValue>,
    /// Suited card (`"Js"`) → value.
    pub suited: Option<BTreeMap<SuitedCard, CardValue>>,
}

impl RawValues {
    /// The thirteen standard ranks' values in `Rank::STANDARD` order.
    pub fn ranks(&self) -> [Option<i32>; 13] {
        [
            self.A, self.two, self.three, self.four, self.five, self.six, self.seven, self.eight,
            self.nine, self.ten, self.J, self.Q, self.K,
        ]
        .map(|v| v.map(|v| v.0))
    }
}

/// `[matching]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMatching {
    /// Full columns.
    pub columns: Option<bool>,
    /// Full rows.
    pub rows: Option<bool>,
    /// Diagonals (square grids only).
    pub diagonals: Option<bool>,
    /// Pairs within a row.
    pub row_pairs: Option<bool>,
    /// `none`, `multiples` or `pairs`.
    pub anywhere: Option<Anywhere>,
    /// `keep` or `cancel`.
    pub negative_matches: Option<NegativeMatches>,
    /// Matched columns of one rank (as a key, 1 to 6) → points.
    pub same_rank_columns: Option<BTreeMap<ColumnCount, SetPoints>>,
    /// A rank's own same-rank table (rank → columns → points), added to the general one.
    pub rank_columns: Option<BTreeMap<String, BTreeMap<ColumnCount, SetPoints>>>,
    /// What a matched set all of one rank scores (rank → points).
    pub matched_values: Option<BTreeMap<String, SetPoints>>,
}

/// `[going_out]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGoingOut {
    /// What the ender adds (`add 10`, `double`, `times 2`, `per-player 3`, `none`).
    pub penalty: Option<Penalty>,
    /// When it applies.
    pub penalty_when: Option<PenaltyWhen>,
    /// Bonus points, -100 to 100.
    pub bonus: Option<Points>,
    /// When the bonus applies.
    pub bonus_when: Option<BonusWhen>,
}

/// `[match]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMatch {
    /// 1 to 36 holes.
    pub holes: Option<Holes>,
    /// Tiebreak methods in order.
    pub tiebreak: Option<Vec<Tiebreak>>,
    /// Play to this many points, 1 to 10,000.
    pub target: Option<Target>,
}

/// `[tournament]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTournament {
    /// What each illegal move costs, in order: `"warning"`, points (`"5"`), `"disqualify"`.
    pub illegal_move: Option<Vec<super::Offence>>,
    /// Points per minute late, 0 to 100.
    pub late_per_minute: Option<LatePerMinute>,
    /// Whether penalty points may be negative.
    pub negative_points: Option<bool>,
    /// Points over a round's highest total charged to a player disqualified from a
    /// tournament round, 0 to 100 (RULES.md §13).
    pub round_disqualification: Option<RoundDisqualification>,
    /// Players a tournament table seats at most, 2 to 16 (Official §6.1: 4).
    pub table_size: Option<TableSize>,
    /// Rounds a tournament plays, 1 to 20 (Official §6.1: 3 to 5).
    pub rounds: Option<Rounds>,
}

/// `[pack]`: a pack of the rules' own (RULES.md §4.1).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPack {
    /// Its faces, in order.
    pub faces: Vec<RawFace>,
}

/// One face of `[pack]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFace {
    /// Its name.
    pub name: String,
    /// What players type for it; the first is printed.
    pub tokens: Vec<String>,
    /// Copies in one pack, 1 to 64.
    pub copies: Copies,
    /// Its value, −100 to 100.
    pub value: CardValue,
}

/// `[hole]`: the hole adjustments besides going out (RULES.md §5).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawHole {
    /// Score (as a key, −500 to 500) → the score it becomes.
    pub score_map: Option<BTreeMap<ScoreKey, MappedScore>>,
    /// Added by every player with the lowest score, −100 to 100.
    pub lowest_bonus: Option<Points>,
    /// Added by every player whose score equals another's, −100 to 100.
    pub tie_penalty: Option<Points>,
}

/// A score written as a table key (`"21"`), −500 to 500.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "String")]
pub struct ScoreKey(pub i32);

impl TryFrom<String> for ScoreKey {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        match s.trim().parse::<i64>().ok().map(MappedScore::try_from) {
            Some(Ok(n)) => Ok(ScoreKey(n.0)),
            _ => Err(format!(
                "`{s}` is not a score; expected a whole number from -500 to 500"
            )),
        }
    }
}

/// `[play]`: the data of how a hole is played (RULES.md §14), every key optional here;
/// beside them, `[play.NAME]` tables name rules of play in words.
#[derive(Debug, Default, Deserialize)]
pub struct RawPlaySection {
    /// Cards turned face up at the start, 0 to 24.
    pub face_up_at_start: Option<StartCount>,
    /// Cards peeked at at the start, 0 to 24.
    pub peek_at_start: Option<StartCount>,
    /// `any`, `one-column` or `nearest-row`.
    pub start_cards: Option<super::StartCards>,
    /// `dealer-left` or `highest-face-up`.
    pub first: Option<super::FirstPlayer>,
    /// `flip`, `free` or `flip-unless-last`.
    pub discard_drawn: Option<super::DiscardDrawn>,
    /// Whether a player may knock instead of drawing.
    pub may_knock: Option<bool>,
    /// Whether a player may look at their face-down cards once per hole.
    pub may_look_once: Option<bool>,
    /// `[play.NAME]`: rules of play in words (any other key must be such a table).
    #[serde(flatten)]
    pub rules: BTreeMap<String, RawPlay>,
}

/// Cards turned up or peeked at at the start of a hole.
pub type StartCount = crate::bounds::Bounded<0, 24>;

/// `[play.NAME]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlay {
    /// What the rule says.
    pub text: String,
    /// Where it comes from.
    pub source: Option<String>,
}

/// `[rulings.ID]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRuling {
    /// The heading `golf ruling` lists it under (`Starting a hole`).
    pub topic: Option<String>,
    /// The question as players ask it.
    pub question: String,
    /// What the referee rules, in a sentence or two.
    pub answer: String,
    /// Its section.
    pub source: String,
}

/// A player count written as a table key (`"4"`), 1 to 99.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "String")]
pub struct PlayerCount(pub u32);

impl TryFrom<String> for PlayerCount {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        match s.parse::<u32>() {
            Ok(n) if (1..=99).contains(&n) => Ok(PlayerCount(n)),
            _ => Err(format!("`{s}` is not a player count; expected 1 to 99")),
        }
    }
}

/// A number of matched columns written as a table key (`"2"`), 1 to 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "String")]
pub struct ColumnCount(pub u32);

impl TryFrom<String> for ColumnCount {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        match s.parse::<u32>() {
            Ok(n) if (1..=6).contains(&n) => Ok(ColumnCount(n)),
            _ => Err(format!("`{s}` is not a number of columns; expected 1 to 6")),
        }
    }
}

/// A suited card written as a table key (`"Js"`, `"Q♠"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "String")]
pub struct SuitedCard(pub crate::card::Rank, pub crate::card::Suit);

impl TryFrom<String> for SuitedCard {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        match crate::card::Card::parse(&s) {
            Some(crate::card::Card {
                rank,
                suit: Some(suit),
            }) => Ok(SuitedCard(rank, suit)),
            _ => Err(format!(
                "`{s}` is not a suited card; expected a rank and a suit, e.g. `Js` or `Q♠`"
            )),
        }
    }
}
